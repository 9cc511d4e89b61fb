// Club 500: how a live 500 table draws itself (the renderer static/js/table.js imports;
// its interface is listed there). The engine's view: docs/protocol.md; the intents: a
// card, a bid ("7H", "pass", "MIS"), "name:WJ:H", "WJ:S" (a joker led), "breach",
// "partner:AS", "alone".
import {
  fmt, gettext as _, cardFace, cardFigure, cardName, callShort, callWords, cardShort, el, eventText,
  joinNames, replaceChanged, resultText, seatLabel, shortName, sideSeats, sortHand, suitName, SUIT_SYMBOL, teamLabel,
} from "../../cards.js";
import { defaultAnchor, prepareFelt, seatPosition } from "../../seats.js";
export { reviewBody } from "./review.js";
export * as commands from "./commands.js";
export { eventText };

const STRAINS = ["S", "C", "D", "H", "NT"];
const ngettext = (a, b, n) => (window.ngettext ? window.ngettext(a, b, n) : (n === 1 ? a : b));

let pickerFor = null; // joker code whose suit picker is open

function positionOf(t, seat) {
  const order = t.seats();
  return seatPosition(order, seat, t.me() || defaultAnchor(order));
}

// A table of other than four seats (2, 3, 5, 6 players): laid out as a ring.
const isRing = (t) => t.seats().length !== 4;

function teamOf(state, seat) {
  const teams = (state.view && state.view.teams) || (state.game && state.game.teams) || { NS: ["N", "S"], EW: ["E", "W"] };
  return Object.keys(teams).find((team) => teams[team].includes(seat));
}

// ------------------------------------------------------------------ once
function toggleLastTrick() {
  const box = document.getElementById("last-trick");
  const button = document.getElementById("last-trick-button");
  if (button.disabled) return;
  box.hidden = !box.hidden;
  button.setAttribute("aria-expanded", String(!box.hidden));
}

export function setup() {
  document.getElementById("last-trick-button").addEventListener("click", toggleLastTrick);
}

export function onKey(event, t) {
  if (event.key === "l" || event.key === "L") toggleLastTrick();
  if (event.key === "Escape" && pickerFor) { pickerFor = null; t.render(); }
}

export function intentSent() {
  pickerFor = null;
}

// ------------------------------------------------------------------ the felt
export function renderSeats(t) {
  const { app, state } = t;
  const { table, view } = state;
  prepareFelt(t.$("felt"), table.seats.length, (place) => el("div", { class: "seat-slot pos-" + place, "data-pos": place }));
  const plates = new Map([...app.querySelectorAll(".seat-slot")].map((slot) => [slot, []]));
  for (const info of table.seats) {
    const slot = app.querySelector(".seat-slot[data-pos=\"" + positionOf(t, info.seat) + "\"]");
    // A bot's name says it is one ("Bot North"): no seat's place besides.
    const meta = info.is_bot ? [] : [seatLabel(info.seat)];
    const started = view && table.status !== "open";
    if (started && view.dealer === info.seat) meta.push(_("dealer"));
    if (started && view.declarer === info.seat) meta.push(_("declarer"));
    plates.get(slot).push(t.plate(info, { meta, chip: started && view.dealer === info.seat, extras: started ? plateExtras(t, info) : [] }));
  }
  for (const [slot, nodes] of plates) replaceChanged(slot, nodes);
}

/** What a plate shows once the game started: the backs of the cards, the last call,
 * the cards shown; at a ring table the card count and the badges. */
function plateExtras(t, info) {
  const view = t.state.view;
  const out = [];
  const count = view.card_counts ? view.card_counts[info.seat] : null;
  const shown = (view.shown && view.shown[info.seat]) || [];
  if (!info.is_you && count && !wholeHandShown(view, info.seat, shown, count)) {
    out.push(el("div", { class: "backs", "aria-label": fmt(ngettext("%(n)s card", "%(n)s cards", count), { n: count }), role: "img" },
      ...Array.from({ length: Math.min(count, 16) }, () => el("span", { class: "back" }))));
  }
  if (view.phase === "auction" || (view.calls && view.calls.length && !view.trick.length && !view.tricks.length && view.phase !== "play")) {
    const calls = (view.calls || []).filter((c) => c.seat === info.seat);
    if (calls.length) {
      const last = calls[calls.length - 1].call;
      out.push(el("div", { class: "bubble" + (last === "pass" ? " pass" : ""), "aria-label": callWords(last) }, callShort(last)));
    }
  }
  if (shown.length && !info.is_you) {
    out.push(el("div", { class: "shown" }, el("span", { class: "shown-label small" }, ngettext("Card shown:", "Cards shown:", shown.length)),
      ...shown.map((c) => cardFigure(c, { size: "mini" }))));
  }
  if (isRing(t)) out.push(...ringPlateExtras(view, info));
  return out;
}

/** Whether ``seat``'s whole hand lies face up (an open misère, a claim not certain):
 * its cards shown are as many as it holds and none of them was played (a joker
 * disclosed from the kitty stays listed once played). Its backs are then not drawn. */
function wholeHandShown(view, seat, shown, count) {
  if (shown.length !== count) return false;
  const played = [...(view.trick || []), ...(view.tricks || []).flatMap((t) => t.cards)];
  return !played.some((p) => p.seat === seat && shown.includes(p.card));
}

/** What a plate of a ring table says besides the name: the card count in figures (the
 * backs are hidden on a phone), the partner and breach calls, a seat that must pass. */
function ringPlateExtras(view, info) {
  const count = view.card_counts ? view.card_counts[info.seat] : null;
  const badges = [];
  if (view.partner === info.seat) badges.push(el("span", { class: "badge partner" }, _("partner")));
  if (view.breach && view.breach.seat === info.seat) badges.push(el("span", { class: "badge breach" }, _("breach")));
  if ((view.must_pass || []).includes(info.seat) && view.phase === "auction") badges.push(el("span", { class: "badge" }, _("must pass")));
  if (count !== null && count !== undefined) {
    return [el("div", { class: "plate-count", "data-testid": "count-" + info.seat },
      fmt(ngettext("%(n)s card", "%(n)s cards", count), { n: count }), ...badges)];
  }
  return badges.length ? [el("div", { class: "plate-count" }, ...badges)] : [];
}

export function renderCenter(center, t) {
  const { view } = t.state;
  const { nameOf } = t;
  let cards = view.trick;
  let finished = null;
  if (!cards.length && view.tricks.length) {
    finished = view.tricks[view.tricks.length - 1];
    cards = finished.cards;
  }
  const ring = isRing(t);
  const trick = el("div", { class: "trick" + (finished ? " done" : "") + (ring ? " ring" : ""), "data-testid": "trick" });
  for (const { seat, card } of cards) {
    const fig = cardFigure(card);
    fig.setAttribute("aria-label", fmt(_("%(name)s: %(card)s"), { name: nameOf(seat), card: cardName(card) }));
    trick.append(el("div", { class: "trick-card at-" + positionOf(t, seat) + (finished && finished.winner === seat ? " winner" : ""), "data-seat": seat }, fig,
      ring ? el("span", { class: "trick-who", title: nameOf(seat) }, shortName(seat, nameOf, t.seats())) : null));
  }
  center.append(trick);
  const note = (text) => center.append(el("div", { class: "center-note" }, text));
  if (finished && view.phase === "play") {
    center.append(el("div", { class: "center-note small" }, fmt(_("Trick won by %(name)s"), { name: nameOf(finished.winner) })));
  } else if (view.phase === "auction") note(_("Bidding"));
  else if (view.phase === "kitty") note(fmt(_("%(name)s is taking the kitty"), { name: nameOf(view.declarer) }));
  else if (view.phase === "breach") note(_("Breach round"));
  else if (view.phase === "partner") note(fmt(_("%(name)s names a partner card"), { name: nameOf(view.declarer) }));
  if (view.led && view.trick.length) {
    center.append(el("div", { class: "led-suit", title: _("Suit led") }, fmt(_("Led: %(suit)s"), { suit: suitName(view.led) })));
  }
}

// ------------------------------------------------------------------ the turn
/** A move that may be taken back, in short: a call ("7♥", "Pass") or a card ("7♥",
 * "★"; a joker named or led naming a suit: the joker). */
export function moveText(action, what) {
  return what === "call" ? callShort(action) : cardShort(action.replace(/^name:/, "").split(":")[0]);
}

export function turnText(view) {
  if (view.phase === "auction") return _("Your turn: make your call");
  return view.phase === "kitty" ? _("Your turn: discard") : _("Your turn");
}

export function reviewTurnText() {
  return _("The hand is over: look it over, then tap “Next deal”.");
}

export function renderActions(panel, t) {
  const { view } = t.state;
  const legal = view.legal || [];
  const round = { auction: auctionControls, breach: breachControls, partner: partnerControls }[view.phase];
  if (round) { panel.append(...round(t, view)); return; }
  if (view.phase === "kitty" && view.declarer === t.me()) panel.append(...kittyPrompt(t, view));
  const names = legal.filter((a) => a.startsWith("name:"));
  if (names.length) {
    const box = el("div", { class: "name-joker" }, el("p", { class: "prompt" }, _("Before the first lead, you may name the joker's suit:")));
    for (const action of names) {
      const [, card, suit] = action.split(":");
      box.append(t.legalButton(action, SUIT_SYMBOL[suit] + " " + suitName(suit), {
        ariaLabel: fmt(_("Name %(card)s as %(suit)s"), { card: cardName(card), suit: suitName(suit) }), cls: "suit-" + suit }));
    }
    panel.append(box);
  }
  if (pickerFor) {
    const options = legal.filter((a) => a.startsWith(pickerFor + ":"));
    if (options.length) panel.append(suitPicker(t, options));
    else pickerFor = null;
  }
}

function auctionControls(t, view) {
  const legal = view.legal || [];
  const grid = el("div", { class: "auction", role: "group", "aria-label": _("Your call") });
  grid.append(el("div", { class: "auction-row head" }, el("span", {}),
    ...STRAINS.map((s) => el("span", { class: "strain-head suit-" + s }, s === "NT" ? callShort("6NT").replace(/^6\s*/, "") : SUIT_SYMBOL[s]))));
  for (let level = 6; level <= 10; level += 1) {
    const row = el("div", { class: "auction-row" }, el("span", { class: "level" }, String(level)));
    for (const s of STRAINS) {
      const action = String(level) + s;
      row.append(t.legalButton(action, callShort(action), { ariaLabel: callWords(action), cls: "bid suit-" + s }));
    }
    grid.append(row);
  }
  const extra = el("div", { class: "auction-extra" }, t.legalButton("pass", _("Pass"), { cls: "pass-button" }));
  if (legal.includes("MIS") || (view.options && view.options.misere)) extra.append(t.legalButton("MIS", _("Misère")));
  if (legal.includes("OMIS") || (view.options && view.options.open_misere)) extra.append(t.legalButton("OMIS", _("Open misère")));
  return [el("h2", { class: "panel-title" }, t.isMyTurn() ? _("Your call") : _("The auction")), grid, extra];
}

function kittyPrompt(t, view) {
  const left = discardsLeft(view);
  const out = [el("p", { class: "prompt", "data-testid": "discard-prompt", "data-left": String(left) }, t.isMyTurn()
    ? fmt(ngettext("You took the kitty: discard %(n)s more card, one at a time (click a card).",
      "You took the kitty: discard %(n)s more cards, one at a time (click a card).", left), { n: left })
    : _("Discarding…"))];
  if (view.discards && view.discards.length) {
    out.push(el("div", { class: "discards" }, el("span", { class: "muted small" }, _("Discarded:")), ...view.discards.map((c) => cardFigure(c, { size: "mini" }))));
  }
  return out;
}

/** A joker led: the suit it asks for. */
function suitPicker(t, options) {
  const box = el("div", { class: "suit-picker", role: "group", "aria-label": _("Suit asked for") },
    el("p", { class: "prompt" }, fmt(_("You lead %(card)s: which suit do you ask for?"), { card: cardName(pickerFor) })));
  for (const action of options) {
    const suit = action.split(":")[1];
    box.append(t.legalButton(action, SUIT_SYMBOL[suit] + " " + suitName(suit), { cls: "suit-" + suit }));
  }
  box.append(el("button", { type: "button", class: "call", "data-key": "picker:cancel", onclick: () => { pickerFor = null; t.render(); } }, _("Cancel")));
  return box;
}

/** The breach round: each defender in turn may bet that the defence takes 12 minus the
 * contract's level in tricks. */
function breachControls(t, view) {
  const box = el("div", { class: "breach-call", role: "group", "aria-label": _("Breach") });
  box.append(el("p", { class: "prompt" }, t.isMyTurn()
    ? fmt(_("Against %(call)s: call breach (you bet the defence takes enough tricks) or pass."), { call: callWords(view.contract) })
    : fmt(_("Breach round: waiting for %(name)s."), { name: t.nameOf(view.to_act) })));
  if (t.isMyTurn()) {
    box.append(el("div", { class: "auction-extra" }, t.legalButton("breach", _("Breach"), { cls: "breach-button" }),
      t.legalButton("pass", _("Pass"), { cls: "pass-button" })));
  }
  return [box];
}

/** The five-handed partner call: the declarer names a card another player holds (its
 * holder plays with him), or plays alone. */
function partnerControls(t, view) {
  const box = el("div", { class: "partner-call", role: "group", "aria-label": _("Partner card") });
  if (!t.isMyTurn()) {
    box.append(el("p", { class: "prompt" }, fmt(_("%(name)s names a partner card."), { name: t.nameOf(view.declarer) })));
    return [box];
  }
  box.append(el("p", { class: "prompt" }, _("Name your partner's card (whoever holds it plays with you), or play alone.")));
  const bySuit = {};
  for (const action of view.legal.filter((a) => a.startsWith("partner:"))) {
    const suit = action.slice(-1);
    (bySuit[suit] = bySuit[suit] || []).push(action);
  }
  for (const suit of ["S", "H", "C", "D"]) {
    if (!bySuit[suit]) continue;
    box.append(el("div", { class: "partner-suit" }, ...bySuit[suit].map((action) => t.legalButton(action, callShort(action), {
      ariaLabel: callWords(action), cls: "partner-card suit-" + suit }))));
  }
  box.append(el("div", { class: "auction-extra" }, t.legalButton("alone", _("Play alone"), { cls: "pass-button" })));
  return [box];
}

// How many cards the declarer still has to discard: the declarer holds the kitty on top
// of a full hand until the discards bring it back to the others' count (the view's
// kitty_count is the kitty still on the table: 0 once taken).
function discardsLeft(view) {
  const counts = view.card_counts || {};
  const others = Object.entries(counts).filter(([seat]) => seat !== view.declarer).map(([, n]) => n);
  return Math.max(0, (counts[view.declarer] || 0) - Math.max(0, ...others));
}

// ------------------------------------------------------------------ the hand
export function hand(t) {
  const { view } = t.state;
  const mine = t.isMyTurn();
  const cards = sortHand(view.hand, view.contract);
  return {
    cards,
    face: (code) => cardFace(code),
    label: cardName,
    actions: (code) => (mine ? cardActions(view, code) : []),
    pick: (code) => {
      pickerFor = code;
      t.render();
      const first = t.app.querySelector(".suit-picker button.legal");
      if (first) first.focus();
    },
    playable: mine && view.phase !== "auction",
    // More than ten cards (the declarer with the kitty): two rows (static/css/kinds/five_hundred).
    perRow: cards.length > 10 ? Math.ceil(cards.length / 2) : cards.length,
  };
}

function cardActions(view, code) {
  if (view.phase !== "play" && view.phase !== "kitty") return []; // "6S" is also a bid
  const legal = view.legal || [];
  if (legal.includes(code)) return [code];
  return legal.filter((a) => a.startsWith(code + ":"));
}

// ------------------------------------------------------------------ the score
export function scoreTotals(t) {
  const { view, game, table } = t.state;
  const grid = el("div", { class: "teams" });
  for (const team of Object.keys((game && game.totals) || (view && view.tricks_won) || { NS: 0, EW: 0 })) {
    const mineTeam = t.me() && teamOf(t.state, t.me()) === team;
    const won = view && view.tricks_won ? view.tricks_won[team] || 0 : 0;
    grid.append(el("div", { class: "team" + (mineTeam ? " mine" : ""), "data-team": team },
      el("div", { class: "team-name" }, teamLabel(team, t.nameOf)),
      el("div", { class: "team-total", "data-testid": "total-" + team }, String(game ? game.totals[team] : 0)),
      view && table.status === "playing" && view.phase === "play"
        ? el("div", { class: "team-tricks" }, fmt(ngettext("%(n)s trick", "%(n)s tricks", won), { n: won })) : null));
  }
  return grid;
}

export function scoreFacts(t) {
  const { view, table } = t.state;
  const { nameOf } = t;
  const rows = [[_("Hand"), String(table.hand_number || t.state.sheet.length)], [_("Dealer"), nameOf(view.dealer)]];
  // A duplicate table: the hand is a board, the same deal at every table of the round.
  if (table.board) rows.splice(1, 0, [_("Board"), el("span", { "data-testid": "board" }, String(table.board))]);
  if (view.contract) {
    rows.push([_("Contract"), el("span", { class: "contract", "data-testid": "contract" },
      el("strong", {}, callShort(view.contract)), " ", fmt(_("by %(name)s"), { name: nameOf(view.declarer) }))]);
  }
  // Facts that only other counts than four have: the partner card and its holder (five
  // players), a breach, the dead hand (two players).
  if (view.partner_card) {
    const holder = view.partner ? nameOf(view.partner) : _("not shown yet");
    rows.push([_("Partner card"), el("span", { "data-testid": "partner-card" }, cardName(view.partner_card), " · ", holder)]);
  } else if (view.declarer && (view.calls || []).some((c) => c.call === "alone")) {
    rows.push([_("Partner card"), _("none: the declarer plays alone")]);
  }
  if (view.breach) rows.push([_("Breach"), el("span", { "data-testid": "breach" }, fmt(_("called by %(name)s"), { name: nameOf(view.breach.seat) }))]);
  if (view.dead_count) rows.push([_("Dead hand"), fmt(_("%(n)s cards nobody plays"), { n: view.dead_count })]);
  if (view.named_jokers && Object.keys(view.named_jokers).length) {
    rows.push([_("Joker"), Object.entries(view.named_jokers).map(([c, s]) => cardName(c) + " = " + suitName(s)).join(", ")]);
  }
  return rows;
}

export function renderSheet(table, t) {
  const { state, nameOf } = t;
  const teams = Object.keys((state.game && state.game.totals) || { NS: 0, EW: 0 });
  const short = (seat) => shortName(seat, nameOf, t.seats());
  table.replaceChildren();
  // Three sides or more: a narrower sheet; from five, the declarer's tricks go with the
  // contract (no column of their own), so that every side's column fits.
  const folded = teams.length > 4;
  // A narrow sheet (the laptop's side column) shows the tricks with the contract too,
  // its tricks column taking no room (table.css), so that the sides' names fit whole.
  table.classList.toggle("many", teams.length > 2);
  table.classList.toggle("folded", folded);
  table.append(el("thead", {}, el("tr", {}, el("th", { scope: "col", class: "col-hand" }, "#"), el("th", { scope: "col", class: "col-contract" }, _("Contract")),
    folded ? null : el("th", { scope: "col", class: "col-tricks" }, _("Tricks")),
    ...teams.map((team) => el("th", { scope: "col", class: "num side-head", title: teamLabel(team, nameOf) },
      el("span", { class: "side-names" }, ...sideSeats(team).map((seat) => el("span", { class: "side-member" }, short(seat)))))))));
  const body = el("tbody");
  for (const row of state.sheet) {
    let contract;
    let tricks = "";
    if (row.redeal) contract = el("span", { class: "muted" }, _("redeal"));
    else {
      contract = el("span", {}, el("strong", {}, callShort(row.contract)), " ", el("span", { class: "decl" }, short(row.declarer)),
        " ", el("span", { class: row.made ? "made" : "failed", title: row.made ? _("made") : _("failed") }, row.made ? "✓" : "✗"));
      const taken = row.tricks ? row.tricks[teamOf(state, row.declarer)] : null;
      tricks = taken !== undefined && taken !== null ? String(taken) : "";
    }
    body.append(el("tr", { "data-hand": row.number, "data-score": JSON.stringify(row.score), title: fmt(_("Dealer: %(name)s"), { name: nameOf(row.dealer) }) },
      el("td", {}, el("a", { href: t.app.dataset.replayUrl.replace("999999", row.number), title: _("Replay this hand") }, String(row.number))),
      el("td", {}, contract, tricks ? el("span", { class: "muted tricks-inline", title: _("Tricks") }, " · " + tricks) : null),
      folded ? null : el("td", { class: "tricks-cell" }, tricks),
      ...teams.map((team) => el("td", { class: "num" },
        el("span", { class: "score" }, (row.score[team] > 0 ? "+" : "") + row.score[team]), el("br"),
        el("span", { class: "running muted" }, String(row.totals[team]))))));
  }
  const lead = folded ? 2 : 3;
  if (!state.sheet.length) body.append(el("tr", {}, el("td", { colspan: lead + teams.length, class: "muted" }, _("No hand finished yet."))));
  table.append(body, t.sheetTotals(teams, lead));
}

// ------------------------------------------------------------------ words
export function quietText(t) {
  return fmt(_("Hand %(n)s: %(name)s deals."), { n: t.state.table.hand_number, name: t.nameOf(t.state.view.dealer) });
}

export function handOverText(row, nameOf) {
  return fmt(_("Hand %(n)s is over. %(result)s"), { n: row.number, result: resultText(row, nameOf) });
}

/** Who won, in words: one side (a player, or a team named by its players), the
 * declarer and his partner who won together (five players), or a tie; the final
 * score, a copy of the sheet and a link to replay each hand. */
export function gameOver(game, t) {
  const { nameOf } = t;
  const winners = game.winners || (game.winner ? [game.winner] : []);
  let title;
  if (winners.length > 1) {
    title = fmt(_("Game over: %(names)s win together!"), { names: joinNames(winners.map((team) => teamLabel(team, nameOf))) });
  } else if (!winners.length) {
    title = _("Game over: a tie.");
  } else {
    title = fmt(ngettext("Game over: %(team)s wins!", "Game over: %(team)s win!", sideSeats(winners[0]).length), { team: teamLabel(winners[0], nameOf) });
  }
  const score = el("p", { class: "final-score" }, ...Object.keys(game.totals).map((team, i) => [i ? " — " : "",
    el("span", { class: winners.includes(team) ? "winner" : "", "data-team": team }, teamLabel(team, nameOf) + " " + game.totals[team])]));
  const links = el("ul", { class: "replay-links" }, ...t.state.sheet.map((row) => el("li", {},
    el("a", { href: t.app.dataset.replayUrl.replace("999999", row.number) }, fmt(_("Replay hand %(n)s"), { n: row.number })))));
  return { title, lead: [score], finalSheet: true, records: _("Download the hand records"), tail: [links] };
}

// ------------------------------------------------------------------ the side panels
export function renderPanels(t) {
  renderLastTrick(t);
  renderDraw(t);
}

function renderLastTrick(t) {
  const box = t.$("last-trick");
  const button = t.$("last-trick-button");
  const view = t.state.view;
  const tricks = (view && view.tricks) || [];
  button.disabled = !tricks.length;
  box.replaceChildren();
  if (!tricks.length) { box.hidden = true; button.setAttribute("aria-expanded", "false"); return; }
  const last = tricks[tricks.length - 1];
  box.append(el("p", { class: "small" }, fmt(_("Trick %(n)s, won by %(name)s"), { n: tricks.length, name: t.nameOf(last.winner) })),
    el("div", { class: "last-cards" }, ...last.cards.map(({ seat, card }) => el("div", { class: "lt" + (seat === last.winner ? " winner" : "") },
      cardFigure(card, { size: "small" }), el("span", { class: "small" }, t.nameOf(seat))))));
}

function renderDraw(t) {
  const { game, table, view } = t.state;
  const panel = t.$("draw-panel");
  if (!game || !game.draw) { panel.hidden = true; return; }
  panel.hidden = false;
  const box = t.$("draw");
  box.replaceChildren();
  game.draw.forEach((round, i) => {
    box.append(el("div", { class: "draw-round" }, game.draw.length > 1 ? el("span", { class: "muted small" }, fmt(_("Round %(n)s"), { n: i + 1 })) : null,
      ...Object.entries(round).map(([seat, card]) => el("div", { class: "lt" }, cardFigure(card, { size: "small" }), el("span", { class: "small" }, t.nameOf(seat))))));
  });
  box.append(el("p", { class: "small" }, fmt(_("Lowest card deals first: %(name)s."), { name: t.nameOf(game.first_dealer) })));
  if (table.hand_number === 1 && view && !(view.events || []).length) panel.open = true;
}

// ------------------------------------------------------------------ the text view
/** A legal action in the words a player may type (static/js/textview.js lists them,
 * its commands.js reads them back): a call in the auction, the breach round and
 * the partner call; a card (to discard or to play); a joker led with the suit asked for;
 * a joker named. */
export function actionWords(action, t) {
  const { phase } = t.state.view;
  if (action.startsWith("name:")) {
    const [, card, suit] = action.split(":");
    return fmt(_("Name %(card)s as %(suit)s"), { card: cardName(card), suit: suitName(suit) });
  }
  if (/^(WJ|BJ):/.test(action)) {
    const [card, suit] = action.split(":");
    return fmt(_("%(card)s, asking for %(suit)s"), { card: cardName(card), suit: suitName(suit) });
  }
  if (phase === "play" || phase === "kitty") return cardName(action);
  return callWords(action);
}

/** The text view's rows of a 500 table: the auction or the contract, the trick being
 * played and the last one, the tricks won, the cards the declarer has to discard. */
export function textFacts(t) {
  const { view } = t.state;
  const { nameOf } = t;
  const rows = [];
  const said = (seat, what) => fmt(_("%(name)s: %(call)s"), { name: nameOf(seat), call: what });
  if (!view.contract && (view.calls || []).length) {
    rows.push([_("The auction"), view.calls.map((c) => said(c.seat, callWords(c.call))).join(" ; ")]);
  }
  if (view.contract) {
    rows.push([_("Contract"), fmt(_("%(call)s, by %(name)s"), { call: callWords(view.contract), name: nameOf(view.declarer) }), "tv-contract"]);
    rows.push(...sideRows(t));
  }
  if (view.phase === "kitty" && view.declarer === t.me()) {
    rows.push([_("Cards to discard"), String(discardsLeft(view)), "tv-discards-left"]);
    if ((view.discards || []).length) rows.push([_("Your discards"), view.discards.map(cardName).join(", "), "tv-discards"]);
  }
  if (view.phase === "play") {
    rows.push([_("Current trick"), view.trick.length ? view.trick.map((c) => said(c.seat, cardName(c.card))).join(" ; ") : _("no card yet"), "tv-trick"]);
  }
  const tricks = view.tricks || [];
  if (tricks.length) {
    const last = tricks[tricks.length - 1];
    rows.push([_("Last trick"), fmt(_("won by %(name)s: %(cards)s"), { name: nameOf(last.winner),
      cards: last.cards.map((c) => said(c.seat, cardName(c.card))).join(" ; ") })]);
  }
  if (view.phase === "play" || tricks.length) {
    rows.push([_("Tricks won"), Object.entries(view.tricks_won || {}).map(([team, n]) => teamLabel(team, nameOf) + " " + n).join(" · ")]);
  }
  return rows;
}

/** Who plays with whom, once the contract is known: the declaring side (the declarer's
 * team; at five players the partner too, or the partner card while its holder is not
 * shown) and the defence (every other player). */
function sideRows(t) {
  const { view } = t.state;
  const { nameOf } = t;
  const team = teamOf(t.state, view.declarer);
  const teams = view.teams || (t.state.game && t.state.game.teams) || {};
  const declaring = [...(teams[team] || [view.declarer])];
  if (view.partner && !declaring.includes(view.partner)) declaring.push(view.partner);
  const names = joinNames(declaring.map(nameOf));
  if (view.partner_card && !view.partner) {
    return [[_("Declaring side"), fmt(_("%(names)s, with whoever holds %(card)s (not shown yet)"), { names, card: cardName(view.partner_card) }), "tv-declaring"]];
  }
  const defence = t.seats().filter((seat) => !declaring.includes(seat));
  return [[_("Declaring side"), names, "tv-declaring"], [_("Defence"), joinNames(defence.map(nameOf)), "tv-defence"]];
}

/** What the live region says, in the order it happened: each event in words, each
 * card with who played it (a finished trick's cards before the event of its winner). */
export function announcements(view, nameOf) {
  const out = [];
  const tricks = view.tricks || [];
  const played = (n, i, { seat, card }) => ({
    key: "c" + n + "." + i, text: fmt(_("%(name)s plays %(card)s."), { name: nameOf(seat), card: cardName(card) }),
  });
  (view.events || []).forEach((ev, i) => {
    if (ev.type === "trick_won" && tricks[ev.trick - 1]) tricks[ev.trick - 1].cards.forEach((c, j) => out.push(played(ev.trick, j, c)));
    out.push({ key: "e" + i, text: eventText(ev, nameOf) });
  });
  (view.trick || []).forEach((c, j) => out.push(played(tricks.length + 1, j, c)));
  return out;
}
