// Club 500: how a live 450 table draws itself (the renderer static/js/table.js imports;
// its interface is listed there). The 450 engine's view:
// games/engine/four_fifty/README.md; the intents: "hide", a card, "major:...",
// "aside:KC", "pot:P3".
import { el, fmt, gettext as _, replaceChanged } from "../../cards.js";
import { countsNodes } from "./review.js";
import { card, cardShort, cardsShort, cardWords, eventText, followText, seatNumber } from "./words.js";
export { reviewBody } from "./review.js";
export * as commands from "./commands.js";
export { eventText };

const ngettext = (a, b, n) => (window.ngettext ? window.ngettext(a, b, n) : (n === 1 ? a : b));
// The dealer's time to show the face-up cards (games.kinds.four_fifty.SHOW_SECONDS).
const SHOW_SECONDS = 20;

/** A bot's plate and line in the seat list say "bot" besides its name. */
export const botBadge = true;

let showSince = null; // when this page saw the face-up cards go on the table
let showTimer = null;

// ------------------------------------------------------------------ the felt
function trackShow(t) {
  const { table, view } = t.state;
  const showing = table.status === "playing" && view && (view.phase === "show" || view.phase === "aside");
  if (showing && showSince === null) showSince = Date.now();
  if (!showing) showSince = null;
  clearInterval(showTimer);
  if (showing) showTimer = setInterval(t.renderActions, 1000);
}

function roles(view, seat) {
  const out = [];
  if (view.dealer === seat) out.push(_("dealer"));
  if (view.lanceur === seat) out.push(_("lanceur"));
  if (view.secretary === seat) out.push(_("secretary"));
  if (view.master === seat) out.push(_("master"));
  return out;
}

function plate(t, info) {
  const { table, view } = t.state;
  const started = view && table.status !== "open";
  const meta = [fmt(_("Seat %(n)s"), { n: seatNumber(info.seat) }), ...(started ? roles(view, info.seat) : [])];
  const extras = [];
  if (started) {
    const count = view.card_counts ? view.card_counts[info.seat] : 0;
    extras.push(el("div", { class: "plate-count", "data-testid": "count-" + info.seat },
      fmt(ngettext("%(n)s card", "%(n)s cards", count), { n: count })));
    const shown = view.shown && view.shown[info.seat];
    if (shown && shown.length && !info.is_you) {
      extras.push(el("div", { class: "shown", "data-testid": "shown-" + info.seat }, ...shown.map((c) => card(c, "mini"))));
    }
    const major = view.announced && view.announced[info.seat];
    if (major) extras.push(el("div", { class: "announce" }, _("Major sequence"), " ", cardsShort(major)));
  }
  return t.plate(info, { meta, extras });
}

/** The other players in a ring from the viewer's left, the viewer below. */
export function renderSeats(t) {
  trackShow(t);
  const seats = t.state.table.seats;
  const mine = t.me();
  const start = mine ? seats.findIndex((s) => s.seat === mine) + 1 : 0;
  const others = [];
  for (let i = 0; i < seats.length; i += 1) {
    const info = seats[(start + i) % seats.length];
    if (info.seat !== mine) others.push(info);
  }
  replaceChanged(t.$("ring"), others.map((info) => plate(t, info)));
  t.$("ring").dataset.count = String(others.length);
  replaceChanged(t.$("me-slot"), mine ? [plate(t, t.seatInfo(mine))] : []);
}

export function renderCenter(center, t) {
  const { view } = t.state;
  const { nameOf } = t;
  const df = el("div", { class: "spot", "data-testid": "double-face" }, el("div", { class: "spot-label" }, _("Double-faced card")),
    view.double_face ? card(view.double_face, "small") : null);
  const potCards = [];
  if (view.pot_shown) potCards.push(card(view.pot_shown, "small"));
  const hiddenPot = view.pot_count - (view.pot_shown ? 1 : 0);
  if (hiddenPot > 0) {
    potCards.push(el("span", { class: "backs pot-backs", role: "img", "aria-label": fmt(ngettext("%(n)s card face down", "%(n)s cards face down", hiddenPot), { n: hiddenPot }) },
      ...Array.from({ length: hiddenPot }, () => el("span", { class: "back" }))));
  }
  const pot = el("div", { class: "spot", "data-testid": "pot" }, el("div", { class: "spot-label" }, fmt(_("Pot (%(n)s)"), { n: view.pot_count })), ...potCards);
  const pile = view.pile || [];
  const last = pile.slice(-4);
  const pileBox = el("div", { class: "spot pile", "data-testid": "pile" }, el("div", { class: "spot-label" }, fmt(_("Discards (%(n)s)"), { n: pile.length })),
    el("div", { class: "pile-cards" }, ...last.map((p, i) => {
      const c = card(p.card, i === last.length - 1 ? "" : "mini");
      c.title = fmt(_("%(name)s: %(card)s"), { name: nameOf(p.seat), card: cardWords(p.card) });
      return el("span", { class: "pile-card" + (i === last.length - 1 ? " top" : "") }, c);
    })));
  center.append(el("div", { class: "tabletop" }, df, pot, pileBox));
  const aside = (view.aside || []).concat(view.leftover || []);
  if (aside.length) center.append(el("div", { class: "center-note small" }, _("Set aside:"), " ", cardsShort(aside)));
  if (view.phase === "discard") center.append(el("div", { class: "center-note follow", "data-testid": "follow" }, followText(view.follow)));
  if (view.phase === "show") center.append(el("div", { class: "center-note" }, fmt(_("%(name)s shows the face-up cards."), { name: nameOf(view.dealer) })));
  if (view.phase === "pot") center.append(el("div", { class: "center-note" }, fmt(_("The master (%(name)s) chooses who receives the pot's first card."), { name: nameOf(view.master) })));
}

// ------------------------------------------------------------------ the turn
/** A move that may be taken back, in short: a discard ("V♥") or a major sequence. */
export function moveText(action) {
  return action.startsWith("major:") ? cardsShort(action.slice(6).split(",")) : cardShort(action);
}

export function turnText(view) {
  return { show: _("Your turn: hide the face-up cards when everyone has seen them"), aside: _("Your turn: eliminate a card"),
    pot: _("Your turn: give the pot's first card"), discard: _("Your turn: discard a card") }[view.phase] || _("Your turn");
}

export function reviewTurnText() {
  return _("The round is over: look it over, then tap “Next round”.");
}

export function renderActions(panel, t) {
  const { view } = t.state;
  const legal = view.legal || [];
  const choices = (prompt, buttons) => panel.append(el("p", { class: "prompt" }, prompt), el("div", { class: "choices" }, ...buttons));
  if (view.phase === "show" && view.dealer === t.me()) {
    const left = Math.max(0, SHOW_SECONDS - Math.floor((Date.now() - (showSince || Date.now())) / 1000));
    panel.append(el("p", { class: "prompt" }, _("You are the dealer: the face-up cards stay on the table until you hide them.")),
      t.legalButton("hide", _("Hide the face-up cards"), { cls: "wide", testid: "hide" }),
      el("span", { class: "muted small countdown", "data-testid": "countdown" }, " ", fmt(_("(hidden for you in %(n)s s)"), { n: left })));
    return;
  }
  const asides = legal.filter((a) => a.startsWith("aside:"));
  if (asides.length) {
    choices(_("You are the lanceur: eliminate one of the two cards left; the other goes face up on the pot."),
      asides.map((a) => t.legalButton(a, cardShort(a.slice(6)), { ariaLabel: cardWords(a.slice(6)), testid: "act-" + a })));
  }
  const majors = legal.filter((a) => a.startsWith("major:"));
  if (majors.length) {
    choices(_("Before your first discard you may announce a major sequence (suite majeure, +50):"),
      majors.map((a) => t.legalButton(a, cardsShort(a.slice(6).split(",")), { testid: "major" })));
  }
  const pots = legal.filter((a) => a.startsWith("pot:"));
  if (pots.length) {
    choices(_("You are the master (maître): who receives the pot's first card?"),
      pots.map((a) => t.legalButton(a, t.nameOf(a.slice(4)), { testid: "act-" + a })));
  }
  if (view.phase === "discard" && t.isMyTurn()) {
    panel.append(el("p", { class: "prompt" }, _("Discard a card: tap one of the highlighted cards.")));
  }
}

// ------------------------------------------------------------------ the hand
export function hand(t) {
  const { view } = t.state;
  const mine = t.isMyTurn() && view.phase === "discard";
  return {
    cards: view.hand,
    face: (code) => card(code).firstChild,
    label: cardWords,
    actions: (code) => (mine && view.legal.includes(code) ? [code] : []),
    playable: mine,
  };
}

// ------------------------------------------------------------------ the score
export function scoreTotals(t) {
  const { game, table } = t.state;
  const totals = (game && game.totals) || {};
  return el("div", { class: "totals450" }, ...table.seats.map((info) => el("div", { class: "team" + (info.is_you ? " mine" : "") },
    el("div", { class: "team-name" }, t.nameOf(info.seat)),
    el("div", { class: "team-total", "data-testid": "total-" + info.seat }, String(totals[info.seat] ?? 0)))));
}

export function scoreFacts(t) {
  const { view, game, table } = t.state;
  const { nameOf } = t;
  const rows = [[_("Round"), String(table.hand_number)], [_("Dealer"), nameOf(view.dealer)], [_("Lanceur"), nameOf(view.lanceur)],
    [_("Secretary"), nameOf(view.secretary)], [_("Double-faced card"), cardShort(view.double_face)]];
  if (game && game.end) {
    rows.push([_("End"), game.end.by === "rounds"
      ? fmt(ngettext("after %(n)s round", "after %(n)s rounds", game.end.rounds), { n: game.end.rounds })
      : fmt(_("at %(n)s points"), { n: game.end.target })]);
  }
  return rows;
}

/** A column a player: each round's points and the running total. */
export function renderSheet(table, t) {
  const { app, state, nameOf } = t;
  const seats = t.seats();
  table.replaceChildren();
  table.append(el("thead", {}, el("tr", {}, el("th", { scope: "col" }, "#"),
    ...seats.map((s) => el("th", { scope: "col", class: "num" }, el("abbr", { title: nameOf(s) }, seatNumber(s)))))));
  const body = el("tbody");
  for (const row of state.sheet) {
    const record = app.dataset.recordUrl.replace("999999", row.number);
    body.append(el("tr", { "data-round": row.number, "data-points": JSON.stringify(row.points), "data-testid": "sheet-row",
      title: fmt(_("Dealer: %(name)s"), { name: nameOf(row.dealer) }) },
    el("td", {}, el("a", { href: app.dataset.replayUrl.replace("999999", row.number), title: _("Replay this round") }, String(row.number)),
      " ", el("a", { href: record, download: "", class: "small", title: _("Download this round's record"), "data-testid": "record-" + row.number }, "⤓")),
    ...seats.map((s) => el("td", { class: "num" }, el("span", { class: "score" }, String(row.points[s])), el("br"),
      el("span", { class: "running muted" }, String(row.totals[s]))))));
  }
  if (!state.sheet.length) body.append(el("tr", {}, el("td", { colspan: 1 + seats.length, class: "muted" }, _("No round finished yet."))));
  table.append(body, t.sheetTotals(seats, 1));
}

// ------------------------------------------------------------------ words and panels
export function handOverText(row, nameOf) {
  const best = Object.entries(row.points).sort((a, b) => b[1] - a[1])[0];
  return fmt(_("Round %(n)s is over: %(name)s scores the most (%(points)s)."), { n: row.number, name: nameOf(best[0]), points: best[1] });
}

export function gameOver(game, t) {
  const names = (game.winners || []).map(t.nameOf).join(", ");
  const title = game.winners && game.winners.length === 1
    ? fmt(_("Game over: %(name)s wins!"), { name: names })
    : fmt(_("Game over: %(names)s share the win."), { names });
  return { title, records: _("Download the round records") };
}

/** Both counts of the round once play stops (the review shows them, and more, until
 * the next deal). */
export function renderPanels(t) {
  const box = t.$("counts");
  const { view, review } = t.state;
  box.replaceChildren();
  const first = view && view.first_count && !(review && !review.game_over);
  box.hidden = !first;
  if (!first) return;
  const result = view.result || {};
  box.append(...countsNodes({ ...view, pot_to: result.pot_to, final: result.final }, t.seats(), t.nameOf));
}

// ------------------------------------------------------------------ the text view
/** A legal action in the words a player may type (static/js/textview.js lists them,
 * its commands.js reads them back). */
export function actionWords(action, t) {
  if (action === "hide") return _("Hide the face-up cards");
  if (action.startsWith("aside:")) return fmt(_("eliminate %(card)s"), { card: cardWords(action.slice(6)) });
  if (action.startsWith("major:")) return fmt(_("major sequence: %(cards)s"), { cards: action.slice(6).split(",").map(cardWords).join(", ") });
  if (action.startsWith("pot:")) return fmt(_("give the pot's first card to %(name)s"), { name: t.nameOf(action.slice(4)) });
  return cardWords(action);
}

/** The text view's rows of a 450 table: the double-faced card, the face-up cards, what
 * to follow, the top of the discards, the pot, the major sequences announced. */
export function textFacts(t) {
  const { view } = t.state;
  const { nameOf } = t;
  const rows = [[_("Double-faced card"), view.double_face ? cardWords(view.double_face) : ""]];
  const shown = Object.entries(view.shown || {}).filter(([seat, cards]) => cards && cards.length && seat !== t.me());
  if (shown.length) {
    rows.push([_("Face-up cards"), shown.map(([seat, cards]) => fmt(_("%(name)s: %(card)s"), { name: nameOf(seat), card: cards.map(cardWords).join(", ") })).join(" ; ")]);
  }
  if (view.phase === "discard") rows.push([_("To follow"), followText(view.follow), "tv-follow"]);
  const pile = view.pile || [];
  if (pile.length) {
    const top = pile[pile.length - 1];
    rows.push([fmt(_("Discards (%(n)s)"), { n: pile.length }), fmt(_("%(name)s: %(card)s"), { name: nameOf(top.seat), card: cardWords(top.card) })]);
  }
  rows.push([_("Pot"), fmt(ngettext("%(n)s card", "%(n)s cards", view.pot_count || 0), { n: view.pot_count || 0 })]);
  for (const [seat, cards] of Object.entries(view.announced || {})) {
    if (cards) rows.push([_("Major sequence"), fmt(_("%(name)s: %(card)s"), { name: nameOf(seat), card: cards.map(cardWords).join(", ") })]);
  }
  return rows;
}

// An event as the live region says it: a card in words ("valet de cœur", not "V♥"),
// the round's end with each player's points.
function spoken(ev, nameOf) {
  const name = ev.seat ? nameOf(ev.seat) : "";
  if (ev.type === "discard") return fmt(_("%(name)s discards %(card)s."), { name, card: cardWords(ev.card) });
  if (ev.type === "aside") return fmt(_("%(name)s eliminates %(card)s."), { name, card: cardWords(ev.card) });
  if (ev.type === "round_over" && ev.points) {
    return fmt(_("The round is over: %(points)s."), { points: Object.entries(ev.points).map(([seat, n]) => nameOf(seat) + " " + n).join(" · ") });
  }
  return eventText(ev, nameOf);
}

/** What the live region says: each event in words, the round's end with each player's
 * points. */
export function announcements(view, nameOf) {
  return (view.events || []).map((ev, i) => ({
    key: "e" + i,
    text: spoken(ev, nameOf),
  }));
}
