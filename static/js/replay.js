// Club 500: a finished hand replayed step by step from its hand record (HAND-RECORD.md):
// the deal face up, each call, the kitty and discards, then the tricks one card at a time.
import {
  el, fmt, gettext as _, cardFigure, callShort, callWords, seatLabel, sortHand, strainOf,
  suitName, teamLabel,
} from "./cards.js";

let record = JSON.parse(document.getElementById("hand-record").textContent);
if (typeof record === "string") record = JSON.parse(record); // the view passes it as JSON text
const SEATS = ["N", "E", "S", "W"];
const TEAMS = { NS: ["N", "S"], EW: ["E", "W"] };
const PRESET_AUCTION = { quebec: "one_call", australian: "pass_final", american: "one_call", "french-canadian": "pass_final" };
const SAME_COLOUR = { S: "C", C: "S", H: "D", D: "H" };
const RANK_VALUE = { A: 14, K: 13, Q: 12, J: 11 };
const next = (seat) => SEATS[(SEATS.indexOf(seat) + 1) % SEATS.length];
const partner = (seat) => SEATS[(SEATS.indexOf(seat) + 2) % SEATS.length];
const teamOf = (seat) => Object.keys(TEAMS).find((t) => TEAMS[t].includes(seat));
const rankValue = (code) => RANK_VALUE[code.slice(0, -1)] || Number(code.slice(0, -1));

// ------------------------------------------------------------------ the steps
function callSeats(calls) {
  const mode = (record.options && record.options.auction) || PRESET_AUCTION[record.variant] || "one_call";
  const passed = new Set();
  const lastStrain = {};
  const seats = [];
  let seat = next(record.dealer);
  for (const call of calls) {
    if (mode !== "one_call") {
      let guard = 0;
      while (passed.has(seat) && guard++ < 4) seat = next(seat);
    }
    seats.push(seat);
    if (call === "pass") passed.add(seat);
    else {
      const strain = strainOf(call);
      if (mode === "reopen" && lastStrain[seat] && lastStrain[seat] !== strain) passed.clear();
      lastStrain[seat] = strain;
    }
    seat = next(seat);
  }
  return seats;
}

function buildSteps() {
  const hands = Object.fromEntries(SEATS.map((s) => [s, [...(record.hands[s] || [])]]));
  let kitty = [...(record.kitty || [])];
  const calls = record.calls || [];
  const seatsOfCalls = callSeats(calls);
  const shownCalls = [];
  const won = Object.fromEntries(SEATS.map((s) => [s, 0]));
  let trick = [];
  let lastTrick = null;
  let contract = null;
  let declarer = null;
  const steps = [];
  const snap = (text, extra = {}) => steps.push({
    text, hands: Object.fromEntries(SEATS.map((s) => [s, [...hands[s]]])), kitty: [...kitty],
    calls: [...shownCalls], trick: [...trick], lastTrick, contract, declarer, won: { ...won }, ...extra,
  });
  snap(fmt(_("The deal: %(name)s deals."), { name: seatLabel(record.dealer) }));
  calls.forEach((call, i) => {
    const seat = seatsOfCalls[i];
    shownCalls.push({ seat, call });
    if (call !== "pass") { contract = call; declarer = seat; }
    snap(call === "pass" ? fmt(_("%(name)s passes."), { name: seatLabel(seat) })
      : fmt(_("%(name)s bids %(call)s."), { name: seatLabel(seat), call: callWords(call) }), { toAct: seat });
  });
  if (!contract) {
    snap(_("Everyone passed: the hand is dealt again."));
    return steps;
  }
  if (kitty.length) {
    hands[declarer].push(...kitty);
    const taken = kitty;
    kitty = [];
    snap(fmt(_("%(name)s takes the kitty (%(count)s cards)."), { name: seatLabel(declarer), count: taken.length }), { highlight: taken });
  }
  const discards = record.discards || [];
  if (discards.length) {
    for (const card of discards) hands[declarer].splice(hands[declarer].indexOf(card), 1);
    snap(fmt(_("%(name)s has discarded %(count)s cards."), { name: seatLabel(declarer), count: discards.length }), { discards });
  }
  // Play.
  const strain = strainOf(contract);
  const trump = "SCDH".includes(strain) ? strain : null;
  const misere = strain === "MIS";
  const out = misere ? partner(declarer) : null;
  const named = {};
  const active = SEATS.filter((s) => s !== out);
  const nextActive = (seat) => { let s = next(seat); while (s === out) s = next(s); return s; };
  const effSuit = (code) => {
    if (code === "WJ" || code === "BJ") return trump || named[code] || null;
    const suit = code.slice(-1);
    if (trump && code.startsWith("J") && suit === SAME_COLOUR[trump]) return trump;
    return suit;
  };
  const power = (code, led) => {
    const suit = effSuit(code);
    if (code === "WJ" || code === "BJ") {
      if (trump) return 120 + (code === "WJ" ? 2 : 1);
      if (named[code]) return suit === led ? 15 + (code === "WJ" ? 1 : 0) : -1;
      return 300 + (code === "WJ" ? 1 : 0);
    }
    if (trump && suit === trump) {
      if (code === "J" + trump) return 120;
      if (code.startsWith("J")) return 119;
      return 100 + rankValue(code);
    }
    return suit === led ? rankValue(code) : -1;
  };
  let toPlay = (record.options && record.options.first_lead === "declarer_left") ? nextActive(declarer) : declarer;
  let led = null;
  // A claim (docs/hand-records.md): answered by each opponent in turn, or certain
  // when nothing follows it in a finished hand.
  let claim = null;
  const concede = (outcome) => {
    won[claim.seat] += claim.left;
    const text = outcome === "certain"
      ? _("The claim is certain: the %(n)s remaining tricks go to %(name)s's side.")
      : _("Claim accepted: the %(n)s remaining tricks go to %(name)s's side.");
    snap(fmt(text, { n: claim.left, name: seatLabel(claim.seat) }));
  };
  for (const action of record.play || []) {
    if (action === "claim") {
      const opponents = [];
      for (let s = nextActive(toPlay); s !== toPlay; s = nextActive(s)) if (teamOf(s) !== teamOf(toPlay)) opponents.push(s);
      claim = { seat: toPlay, left: hands[toPlay].length, waiting: opponents };
      snap(fmt(_("%(name)s claims the %(n)s remaining tricks."), { name: seatLabel(toPlay), n: claim.left }), { toAct: toPlay });
      toPlay = opponents[0];
      continue;
    }
    if (action === "accept" || action === "refuse") {
      const seat = claim.waiting.shift();
      snap(fmt(action === "accept" ? _("%(name)s accepts the claim.") : _("%(name)s refuses the claim."), { name: seatLabel(seat) }), { toAct: seat });
      if (action === "refuse") { toPlay = claim.seat; claim = null; }
      else if (claim.waiting.length) toPlay = claim.waiting[0];
      else { concede("accepted"); claim = null; break; }
      continue;
    }
    if (action.startsWith("name:")) {
      const [, card, suit] = action.split(":");
      named[card] = suit;
      snap(fmt(_("%(name)s names %(card)s: it belongs to %(suit)s."), { name: seatLabel(toPlay), card: cardWords(card), suit: suitName(suit) }));
      continue;
    }
    const [card, askSuit] = action.split(":");
    if (!trick.length) { lastTrick = null; led = askSuit || effSuit(card); }
    hands[toPlay].splice(hands[toPlay].indexOf(card), 1);
    trick.push({ seat: toPlay, card });
    let text = fmt(_("%(name)s plays %(card)s."), { name: seatLabel(toPlay), card: cardWords(card) });
    if (askSuit) text += " " + fmt(_("Suit asked for: %(suit)s."), { suit: suitName(askSuit) });
    if (trick.length === active.length) {
      let best = trick[0];
      for (const t of trick) if (power(t.card, led) > power(best.card, led)) best = t;
      won[best.seat] += 1;
      lastTrick = { cards: trick, winner: best.seat };
      trick = [];
      const n = Object.values(won).reduce((a, b) => a + b, 0);
      text += " " + fmt(_("Trick %(n)s won by %(name)s."), { n, name: seatLabel(best.seat) });
      snap(text, { winner: best.seat });
      toPlay = best.seat;
    } else {
      snap(text);
      toPlay = nextActive(toPlay);
    }
  }
  if (claim) concede("certain"); // the record ends with the claim itself
  const teamTricks = Object.fromEntries(Object.keys(TEAMS).map((t) => [t, TEAMS[t].reduce((a, s) => a + won[s], 0)]));
  snap(fmt(_("End of the hand: %(scores)s."), {
    scores: Object.entries(teamTricks).map(([t, n]) => fmt(_("%(team)s %(n)s tricks"), { team: teamLabel(t), n })).join(", "),
  }), { final: true });
  return steps;
}

function cardWords(code) {
  return cardFigure(code).getAttribute("aria-label");
}

// ------------------------------------------------------------------ render
const steps = buildSteps();
let index = 0;
const root = document.getElementById("replay-app");

function render() {
  const step = steps[index];
  const contract = step.contract;
  for (const seat of SEATS) {
    const slot = root.querySelector(".seat-slot[data-seat=\"" + seat + "\"]");
    const cards = sortHand(step.hands[seat], contract && step.declarer ? contract : null);
    const isDecl = step.declarer === seat && contract;
    const calls = step.calls.filter((c) => c.seat === seat);
    const plate = el("div", { class: "plate" + (step.toAct === seat ? " to-act" : ""), "data-testid": "replay-" + seat },
      el("div", { class: "plate-name" }, el("span", { class: "who" }, seatLabel(seat)),
        record.dealer === seat ? el("span", { class: "chip", title: _("dealer") }, "D") : null,
        isDecl && step.calls.length === (record.calls || []).length ? el("span", { class: "badge you" }, _("declarer")) : null),
      calls.length && !step.trick.length && !step.lastTrick ? el("div", { class: "bubble" + (calls[calls.length - 1].call === "pass" ? " pass" : "") }, callShort(calls[calls.length - 1].call)) : null,
      el("div", { class: "replay-hand" }, ...cards.map((c) => cardFigure(c, { size: "" }))),
      el("div", { class: "plate-meta" }, fmt(_("Tricks: %(n)s"), { n: step.won[seat] })));
    slot.replaceChildren(plate);
  }
  const center = root.querySelector(".center");
  const shown = step.trick.length ? step.trick : (step.lastTrick ? step.lastTrick.cards : []);
  const trick = el("div", { class: "trick" + (step.trick.length ? "" : " done") });
  for (const { seat, card } of shown) {
    const pos = { S: "bottom", W: "left", N: "top", E: "right" }[seat];
    trick.append(el("div", { class: "trick-card at-" + pos + (step.lastTrick && !step.trick.length && step.lastTrick.winner === seat ? " winner" : "") }, cardFigure(card)));
  }
  center.replaceChildren(trick);
  if (step.kitty.length) {
    center.append(el("div", { class: "center-note" }, _("Kitty:"), " ", ...step.kitty.map((c) => cardFigure(c, { size: "mini" }))));
  }
  if (step.discards) {
    center.append(el("div", { class: "center-note" }, _("Discarded:"), " ", ...step.discards.map((c) => cardFigure(c, { size: "mini" }))));
  }
  document.getElementById("replay-text").textContent = step.text;
  document.getElementById("replay-count").textContent = fmt(_("Step %(i)s of %(n)s"), { i: index + 1, n: steps.length });
  document.getElementById("replay-contract").textContent = contract && step.calls.length === (record.calls || []).length
    ? fmt(_("Contract: %(call)s by %(name)s."), { call: callWords(contract), name: seatLabel(step.declarer) }) : "";
  root.querySelector("[data-go=first]").disabled = index === 0;
  root.querySelector("[data-go=prev]").disabled = index === 0;
  root.querySelector("[data-go=next]").disabled = index === steps.length - 1;
  root.querySelector("[data-go=last]").disabled = index === steps.length - 1;
  root.dataset.step = String(index);
}

function go(where) {
  if (where === "first") index = 0;
  else if (where === "last") index = steps.length - 1;
  else if (where === "prev") index = Math.max(0, index - 1);
  else if (where === "next") index = Math.min(steps.length - 1, index + 1);
  render();
}

root.querySelectorAll("[data-go]").forEach((b) => b.addEventListener("click", () => go(b.dataset.go)));
document.addEventListener("keydown", (event) => {
  if (event.target && ["INPUT", "SELECT", "TEXTAREA"].includes(event.target.tagName)) return;
  const map = { ArrowRight: "next", ArrowLeft: "prev", Home: "first", End: "last" };
  if (map[event.key]) { event.preventDefault(); go(map[event.key]); }
});
root.dataset.steps = String(steps.length);
render();
