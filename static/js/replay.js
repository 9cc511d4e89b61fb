// Club 500: a finished hand replayed step by step. The server replays the hand record
// with the rules engine (games/replay.py) and sends each step: every seat's cards face
// up, the calls, the trick, the tricks won. This page only draws them, for 2 to 6 seats.
import {
  el, fmt, gettext as _, cardFigure, callShort, callWords, eventText, namesOf, shortName,
  sortHand, suitName,
} from "./cards.js";
import { defaultAnchor, prepareFelt, seatPosition } from "./seats.js";

const data = JSON.parse(document.getElementById("replay-steps").textContent);
const { seats, steps } = data;
const anchor = defaultAnchor(seats);
const root = document.getElementById("replay-app");
const felt = document.getElementById("replay-felt");
// Every seat by its player's name, as the table named them (a bot: "Bot North").
const nameOf = namesOf(data.players || []);
const cardWords = (code) => cardFigure(code).getAttribute("aria-label");

// Per step: tricks won by each seat so far, and the declarer's discards so far.
const wonBySeat = [];
const discardsSoFar = [];
{
  const won = Object.fromEntries(seats.map((s) => [s, 0]));
  const discards = [];
  for (const step of steps) {
    for (const ev of step.events) if (ev.type === "trick_won") won[ev.seat] += 1;
    if (step.stage === "discards") discards.push(step.action);
    wonBySeat.push({ ...won });
    discardsSoFar.push([...discards]);
  }
}

/** What one step says: the move, then what the rules made of it. */
function stepText(step) {
  if (!step.seat) return fmt(_("The deal: %(name)s deals."), { name: nameOf(data.dealer) });
  const parts = [];
  if (step.stage === "play" && !step.action.startsWith("name:")) {
    const [card, askSuit] = step.action.split(":");
    parts.push(fmt(_("%(name)s plays %(card)s."), { name: nameOf(step.seat), card: cardWords(card) }));
    if (askSuit) parts.push(fmt(_("Suit asked for: %(suit)s."), { suit: suitName(askSuit) }));
  } else if (step.stage === "discards") {
    parts.push(fmt(_("%(name)s discards %(card)s."), { name: nameOf(step.seat), card: cardWords(step.action) }));
  }
  for (const ev of step.events) {
    if (ev.type === "discarded") continue;
    const text = eventText(ev, nameOf);
    if (text) parts.push(text);
  }
  return parts.join(" ");
}

function plate(step, seat, i) {
  const calling = step.stage === null || step.stage === "calls";
  const calls = step.calls.filter((c) => c.seat === seat);
  const last = calls.length && calling && !step.trick.length ? calls[calls.length - 1].call : null;
  const declared = step.declarer === seat && step.phase !== "auction";
  return el("div", { class: "plate" + (step.to_act === seat ? " to-act" : ""), "data-seat": seat, "data-testid": "replay-" + seat },
    el("div", { class: "plate-name" }, el("span", { class: "who" }, nameOf(seat)),
      data.dealer === seat ? el("span", { class: "chip", title: _("dealer") }, "D") : null,
      declared ? el("span", { class: "badge you" }, _("declarer")) : null,
      step.partner === seat ? el("span", { class: "badge partner" }, _("partner")) : null,
      step.breach && step.breach.seat === seat ? el("span", { class: "badge breach" }, _("breach")) : null),
    last ? el("div", { class: "bubble" + (last === "pass" ? " pass" : ""), "aria-label": callWords(last) }, callShort(last)) : null,
    el("div", { class: "replay-hand" }, ...sortHand(step.hands[seat], step.phase !== "auction" ? step.contract : null).map((c) => cardFigure(c))),
    el("div", { class: "plate-meta" }, fmt(_("Tricks: %(n)s"), { n: wonBySeat[i][seat] })));
}

let index = 0;

function render() {
  const step = steps[index];
  prepareFelt(felt, seats.length, (place) => el("div", { class: "seat-slot pos-" + place, "data-pos": place }));
  for (const slot of felt.querySelectorAll(".seat-slot")) slot.replaceChildren();
  for (const seat of seats) {
    const slot = felt.querySelector(".seat-slot[data-pos=\"" + seatPosition(seats, seat, anchor) + "\"]");
    slot.replaceChildren(plate(step, seat, index));
  }
  const center = felt.querySelector(".center");
  const done = !step.trick.length && step.last_trick;
  const shown = step.trick.length ? step.trick : (done ? step.last_trick.cards : []);
  const ring = seats.length !== 4;
  const trick = el("div", { class: "trick" + (done ? " done" : "") + (ring ? " ring" : "") });
  for (const { seat, card } of shown) {
    trick.append(el("div", { class: "trick-card at-" + seatPosition(seats, seat, anchor) + (done && step.last_trick.winner === seat ? " winner" : "") },
      cardFigure(card), ring ? el("span", { class: "trick-who", title: nameOf(seat) }, shortName(seat, nameOf, seats)) : null));
  }
  center.replaceChildren(trick);
  if (step.kitty.length && (step.stage === null || step.stage === "calls") && step.phase !== "kitty" && step.phase !== "play" && step.phase !== "done") {
    center.append(el("div", { class: "center-note" }, _("Kitty:"), " ", ...step.kitty.map((c) => cardFigure(c, { size: "mini" }))));
  }
  const discards = discardsSoFar[index];
  if (discards.length) {
    center.append(el("div", { class: "center-note" }, _("Discarded:"), " ", ...discards.map((c) => cardFigure(c, { size: "mini" }))));
  }
  if (data.dead.length) {
    center.append(el("div", { class: "center-note", "data-testid": "dead-hand" }, _("Dead hand:"), " ", ...data.dead.map((c) => cardFigure(c, { size: "mini" }))));
  }
  document.getElementById("replay-text").textContent = stepText(step);
  document.getElementById("replay-count").textContent = fmt(_("Step %(i)s of %(n)s"), { i: index + 1, n: steps.length });
  document.getElementById("replay-contract").textContent = step.contract && step.phase !== "auction"
    ? fmt(_("Contract: %(call)s by %(name)s."), { call: callWords(step.contract), name: nameOf(step.declarer) }) : "";
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
// The game's other hands, listed by the server: their contract and declarer in words.
for (const call of document.querySelectorAll(".hand-call[data-declarer]")) {
  call.textContent = "(" + callShort(call.dataset.contract) + " · " + nameOf(call.dataset.declarer) + ")";
}
root.dataset.steps = String(steps.length);
render();
