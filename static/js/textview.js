// Club 500: the table in words, for screen readers and keyboards (issue 32, point 3), in
// the spirit of lichess's non-visual mode. Three parts of templates/games/table.html:
//
//   #text-view-body   the table as text: whose turn, your cards by suit ("Pique : as,
//                     10, 7"), the kind's facts (the auction, the contract, the trick;
//                     or what to follow), the scores, the moves you may make;
//   #command-form     "Type your move": a move in words ("8 pique", "valet de cœur",
//                     "passe"), read by commands.js against the frame's legal actions
//                     with the kind's words (the renderer's `commands`);
//                     only a legal move is sent, anything else answered in words;
//   #announcements    a live region (role="log") that says each new thing once: a call,
//                     a card and who played it, a trick won, the contract, the result.
//
// Everyone has them: the "Text view" toggle (remembered in localStorage) shows them;
// off, the body and the log are still read by screen readers (visually hidden) and the
// command form shows when it has the focus.
//
// What a kind says its own way comes from its renderer (static/js/table.js lists its
// interface): textFacts(t) ([term, text] rows), actionWords(action, t) (a legal action
// in the words one may type), commands (the words one may type and the actions they
// mean: static/js/commands.js), and announcements(view, nameOf) ([{key, text}] in the
// order they happened; without it, each event of view.events in eventText's words).
import { el, fmt, gettext as _, parseCard, suitName, teamLabel } from "./cards.js";
import { resolve } from "./commands.js";

const STORE = "club500.textview";
const SUIT_ORDER = ["S", "H", "C", "D"];
const KEEP = 120; // announcements kept in the log (a whole hand: its calls, cards and tricks)

let announced = null; // keys of what the log said (null: nothing rendered yet)
let overSaid = false;

const rankWords = (rank) => ({ A: _("ace"), K: _("king"), Q: _("queen"), J: _("jack") }[rank] || rank);
const capital = (text) => text.charAt(0).toUpperCase() + text.slice(1);

/** The viewer's cards by suit, in words: ["Pique : as, 10, 7", ...]; jokers first. */
export function handLines(cards, cardName) {
  const lines = [];
  const jokers = cards.filter((c) => parseCard(c).joker);
  if (jokers.length) lines.push(fmt(_("%(suit)s: %(cards)s"), { suit: _("Jokers"), cards: jokers.map(cardName).join(", ") }));
  for (const suit of SUIT_ORDER) {
    const ranks = cards.filter((c) => !parseCard(c).joker && parseCard(c).suit === suit).map((c) => rankWords(parseCard(c).rank));
    if (ranks.length) lines.push(fmt(_("%(suit)s: %(cards)s"), { suit: capital(suitName(suit)), cards: ranks.join(", ") }));
  }
  return lines;
}

function say(text, kind = "event") {
  const log = document.getElementById("announcements");
  log.append(el("p", { class: "announce announce-" + kind, "data-kind": kind }, text));
  while (log.children.length > KEEP) log.firstElementChild.remove();
  log.scrollTop = log.scrollHeight; // the latest in sight
}

function items(t, renderer) {
  const { view } = t.state;
  if (!view) return [];
  if (renderer.announcements) return renderer.announcements(view, t.nameOf);
  return (view.events || []).map((ev, i) => ({ key: "e" + i, text: renderer.eventText(ev, t.nameOf) }));
}

/** Say in the log what is new in this frame: each item once, by its key (the hand's
 * number and the item's place), so a resync or a reconnection repeats nothing. The
 * first frame the page renders is what was there already: nothing is said of it. */
function announce(t, renderer) {
  const hand = String(t.state.table.hand_number || 0);
  const first = announced === null;
  const fresh = [];
  for (const item of items(t, renderer)) {
    const key = hand + ":" + item.key;
    if (!first && !announced.has(key) && item.text) fresh.push(item.text);
    (announced = announced || new Set()).add(key);
  }
  announced = announced || new Set();
  fresh.forEach((text) => say(text));
  const { game, table } = t.state;
  const over = table.status === "finished" || (game && game.is_over);
  if (over && game && !overSaid && !first) say(renderer.gameOver(game, t).title);
  overSaid = overSaid || over;
}

function turnLine(t, renderer) {
  const { view, table, review } = t.state;
  if (table.status === "open") return _("The game has not started.");
  if (review && !review.game_over) return renderer.reviewTurnText();
  if (table.status !== "playing" || !view || !view.to_act) return "";
  return t.isMyTurn() ? renderer.turnText(view) : fmt(_("Waiting for %(name)s"), { name: t.nameOf(view.to_act) });
}

function scoreLine(t) {
  const totals = (t.state.game && t.state.game.totals) || {};
  return Object.entries(totals).map(([side, n]) => teamLabel(side, t.nameOf) + " " + n).join(" · ");
}

function renderBody(t, renderer) {
  const box = document.getElementById("text-view-body");
  const { view, table } = t.state;
  const rows = [[_("Turn"), turnLine(t, renderer), "tv-turn"]];
  if (view && view.hand && table.status !== "open") {
    const hand = renderer.hand(t);
    const lines = handLines(hand.cards, hand.label);
    rows.push([_("Your cards"), lines.length ? el("ul", { class: "tv-lines", "data-testid": "tv-hand" }, ...lines.map((line) => el("li", {}, line))) : _("none")]);
  }
  if (view && table.status !== "open" && renderer.textFacts) rows.push(...renderer.textFacts(t));
  const score = scoreLine(t);
  if (score) rows.push([_("Score"), score, "tv-score"]);
  const legal = t.isMyTurn() ? view.legal : [];
  if (legal.length) {
    rows.push([_("Your moves"), el("ul", { class: "tv-moves", "data-testid": "tv-moves" },
      ...legal.map((action) => el("li", { "data-action": action }, renderer.actionWords(action, t))))]);
  }
  const dl = el("dl", { class: "tv-facts" });
  for (const [term, value, testid] of rows) {
    if (value === "" || value === null) continue;
    dl.append(el("dt", {}, term), el("dd", { "data-testid": testid || null }, value));
  }
  box.replaceChildren(dl);
}

export function renderTextView(t, renderer) {
  renderBody(t, renderer);
  announce(t, renderer);
}

function applyToggle(on) {
  const section = document.getElementById("text-view");
  section.classList.toggle("on", on);
  document.getElementById("textview-toggle").setAttribute("aria-pressed", String(on));
}

/** The toggle and the command form (once). */
export function setupTextView(t, renderer) {
  const toggle = document.getElementById("textview-toggle");
  toggle.addEventListener("click", () => {
    const on = toggle.getAttribute("aria-pressed") !== "true";
    try { localStorage.setItem(STORE, on ? "1" : "0"); } catch { /* private mode */ }
    applyToggle(on);
  });
  try { applyToggle(localStorage.getItem(STORE) === "1"); } catch { applyToggle(false); }

  const form = document.getElementById("command-form");
  const input = document.getElementById("command");
  form.addEventListener("submit", (event) => {
    event.preventDefault();
    const text = input.value.trim();
    if (!text) return;
    const { view, review } = t.state;
    const got = resolve(text, { legal: (t.isMyTurn() && view && view.legal) || [], nameOf: t.nameOf, wordsOf: (a) => renderer.actionWords(a, t), vocabulary: renderer.commands });
    if (got.action === "next") {
      if (review && !review.game_over && t.me()) { input.value = ""; t.intent("next"); } else say(_("There is no next deal to ask for now."), "reply");
      return;
    }
    if (got.action) {
      if (t.pending) return; // the last move is on its way: this one waits in the input
      if (!t.connected) { say(_("Not connected: your move was not sent."), "reply"); return; }
      input.value = "";
      t.intent(got.action);
      return;
    }
    input.select(); // kept to be corrected; typing replaces it
    if (got.choices) {
      say(fmt(_("Which one? %(moves)s."), { moves: got.choices.map((a) => renderer.actionWords(a, t)).join(" ; ") }), "reply");
    } else if (got.known && !t.isMyTurn()) {
      say(_("It is not your turn."), "reply");
    } else if (got.known) {
      say(fmt(_("“%(text)s” is not allowed now."), { text }), "reply");
    } else {
      say(fmt(_("“%(text)s”: I do not understand. Type a card or a call, for example “8 spades”, “jack of hearts”, “pass”."), { text }), "reply");
    }
  });
}
