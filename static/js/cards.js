// Club 500: cards, calls and seats in words and pictures (shared by table.js and replay.js).
// Strings go through Django's JavaScript catalog (gettext / pgettext / interpolate globals).

const _ = (s) => (window.gettext ? window.gettext(s) : s);
const pgettext = (ctx, s) => (window.pgettext ? window.pgettext(ctx, s) : s);
export const fmt = (s, obj) => (window.interpolate ? window.interpolate(s, obj, true) : s);
export { _ as gettext };

export const SUIT_SYMBOL = { S: "♠", C: "♣", D: "♦", H: "♥" };
const RANK_ORDER = ["A", "K", "Q", "J", "13", "12", "11", "10", "9", "8", "7", "6", "5", "4", "3", "2"];
const BASE_SUIT_ORDER = ["S", "H", "C", "D"]; // alternating colours
const SAME_COLOUR = { S: "C", C: "S", H: "D", D: "H" };

export function suitName(suit) {
  return { S: _("spades"), C: _("clubs"), D: _("diamonds"), H: _("hearts"), NT: _("no trump") }[suit] || suit;
}

const COMPASS = () => ({ N: _("North"), E: _("East"), S: _("South"), W: _("West") });

/** A seat's place at the table in words: "North" at four players; elsewhere the seats
 * are numbered around the table, "Seat 2". */
export function seatLabel(seat) {
  return COMPASS()[seat] || fmt(_("Seat %(n)s"), { n: String(seat).replace(/^P/, "") });
}

/** A bot's name: "Bot" and its place, "Bot North" at four players, else "Bot 2". */
export function botName(seat) {
  return fmt(_("Bot %(seat)s"), { seat: COMPASS()[seat] || String(seat).replace(/^P/, "") });
}

/** The name a page gives a seat's player (``info``: a seat of the state frame or of the
 * replay's players): the member's name, a bot's name, or the seat's place (free). */
export function playerName(info) {
  if (info.is_bot) return botName(info.seat);
  return info.name || seatLabel(info.seat);
}

/** ``nameOf(seat)`` for a list of seats as the state frame gives them. */
export function namesOf(seats) {
  return (seat) => playerName(seats.find((s) => s.seat === seat) || { seat, name: "" });
}

/** The seats of a side, from its name: the engine names a side by its seats put
 * together ("NS", "P1P3P5"; "P2" where each plays for himself). */
export function sideSeats(team) {
  return String(team).match(/P\d|[NESW]/g) || [team];
}

/** Names in a list, in the page's language: "Sylvie et Marc", "Sylvie, Marc et Luc". */
export function joinNames(names) {
  const lang = document.documentElement.lang || "fr";
  try {
    return new Intl.ListFormat(lang, { style: "long", type: "conjunction" }).format(names);
  } catch {
    return names.join(", ");
  }
}

/** A side named by its players: "Sylvie Roy et Marc Roy", a player alone by his name. */
export function teamLabel(team, nameOf) {
  return joinNames(sideSeats(team).map(nameOf));
}

/** A player's short name, for narrow places (the score sheet): a member's first name,
 * unless another player of the table has the same one; a bot's whole name ("Bot 2"). */
export function shortName(seat, nameOf, seats) {
  const full = nameOf(seat);
  if (full === botName(seat)) return full;
  const first = full.split(" ")[0];
  const clash = (seats || []).some((other) => other !== seat && nameOf(other).split(" ")[0] === first);
  return clash ? full : first;
}

export function parseCard(code) {
  if (code === "WJ" || code === "BJ") return { joker: code, rank: null, suit: null };
  return { joker: null, rank: code.slice(0, -1), suit: code.slice(-1) };
}

function rankName(rank) {
  return { A: _("ace"), K: _("king"), Q: _("queen"), J: _("jack") }[rank] || rank;
}

/** A card in words: "ace of spades", "the high joker" (FR: la Blanche). */
export function cardName(code) {
  if (code === "WJ") return _("the high joker");
  if (code === "BJ") return _("the low joker");
  const { rank, suit } = parseCard(code);
  return fmt(_("%(rank)s of %(suit)s"), { rank: rankName(rank), suit: suitName(suit) });
}

/** The strain of a contract: S C D H NT, "MIS" for misère kinds, null without contract. */
export function strainOf(contract) {
  if (!contract) return null;
  if (contract === "MIS" || contract === "OMIS") return "MIS";
  return contract.replace(/^\d+/, "");
}

/** A call as short text with a suit symbol: "7♥", "8 NT", "pass", "Breach", "A♠"
 * (a partner card named by the declarer). */
export function callShort(call) {
  if (call === "pass") return _("Pass");
  if (call === "breach") return _("Breach");
  if (call === "alone") return _("Alone");
  if (call.startsWith("partner:")) return cardShort(call.slice(8));
  if (call === "MIS") return _("Misère");
  if (call === "OMIS") return _("Open misère");
  const level = call.match(/^\d+/)[0];
  const strain = call.slice(level.length);
  return strain === "NT" ? "" + level + " " + (pgettext("short", "NT")) : "" + level + (SUIT_SYMBOL[strain]);
}

/** A card as short text: "A♠", "10♥", "★" for a joker. */
export function cardShort(code) {
  const { joker, rank, suit } = parseCard(code);
  return joker ? "★" : rank + SUIT_SYMBOL[suit];
}

/** A call in words, for screen readers and the event log. */
export function callWords(call) {
  if (call === "pass") return _("pass");
  if (call === "breach") return _("breach");
  if (call === "alone") return _("alone, without a partner");
  if (call.startsWith("partner:")) return fmt(_("partner: %(card)s"), { card: cardName(call.slice(8)) });
  if (call === "MIS") return _("misère");
  if (call === "OMIS") return _("open misère");
  const level = call.match(/^\d+/)[0];
  return "" + level + " " + (suitName(call.slice(level.length)));
}

export function isRed(suit) {
  return suit === "H" || suit === "D";
}

/** Sort a hand: by suit in alternating colours; with a suit contract the trumps come
 * first (jokers, right bower, left bower, then the trump suit); jokers lead anyway. */
export function sortHand(cards, contract) {
  const strain = strainOf(contract);
  const trump = strain && "SCDH".includes(strain) ? strain : null;
  let order = BASE_SUIT_ORDER;
  if (trump) {
    const i = BASE_SUIT_ORDER.indexOf(trump);
    order = BASE_SUIT_ORDER.slice(i).concat(BASE_SUIT_ORDER.slice(0, i));
  }
  const key = (code) => {
    if (code === "WJ") return 0;
    if (code === "BJ") return 1;
    const { rank, suit } = parseCard(code);
    if (trump && rank === "J" && suit === trump) return 2;
    if (trump && rank === "J" && suit === SAME_COLOUR[trump]) return 3;
    return 10 + order.indexOf(suit) * 20 + RANK_ORDER.indexOf(rank);
  };
  return [...cards].sort((a, b) => key(a) - key(b));
}

function el(tag, attrs = {}, ...children) {
  const node = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) {
    if (v === null || v === undefined || v === false) continue;
    if (k === "class") node.className = v;
    else if (k === "text") node.textContent = v;
    else if (k.startsWith("on")) node.addEventListener(k.slice(2), v);
    else if (k === "dataset") Object.assign(node.dataset, v);
    else node.setAttribute(k, v === true ? "" : v);
  }
  for (const child of children.flat()) {
    if (child === null || child === undefined || child === false) continue;
    node.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
  return node;
}
export { el };

/** Put `nodes` in `container` (which holds elements only), keeping each child that
 * equals its replacement (`isEqualNode`): a new state that changes nothing there leaves
 * in place the button a finger is on, so the tap is not lost to a re-render. For
 * elements without listeners of their own (forms, labels), whose equal DOM means equal
 * behaviour. */
export function replaceChanged(container, nodes) {
  const old = [...container.children];
  nodes.forEach((node, i) => {
    if (i >= old.length) container.append(node);
    else if (!old[i].isEqualNode(node)) old[i].replaceWith(node);
  });
  for (const extra of old.slice(nodes.length)) extra.remove();
}

/** The face of a card (a <span>): big rank and suit symbol, jokers distinct. */
export function cardFace(code, { size = "" } = {}) {
  const { joker, rank, suit } = parseCard(code);
  if (joker) {
    const high = joker === "WJ";
    return el("span", { class: "pc " + (high ? "joker-high" : "joker-low") + " " + size, "aria-hidden": "true" },
      el("span", { class: "corner" }, el("span", { class: "rank" }, high ? "★" : "☆"), el("span", { class: "pip" }, high ? pgettext("card corner", "H") : pgettext("card corner", "L"))),
      el("span", { class: "face joker-face" }, el("span", { class: "joker-star" }, "★"),
        el("span", { class: "joker-name" }, high ? pgettext("card face", "High joker") : pgettext("card face", "Low joker"))));
  }
  return el("span", { class: "pc suit-" + suit + " " + (isRed(suit) ? "red" : "black") + " " + size, "aria-hidden": "true" },
    el("span", { class: "corner" }, el("span", { class: "rank" }, rank), el("span", { class: "pip" }, SUIT_SYMBOL[suit])),
    el("span", { class: "face" }, SUIT_SYMBOL[suit]),
    el("span", { class: "corner bottom" }, el("span", { class: "rank" }, rank), el("span", { class: "pip" }, SUIT_SYMBOL[suit])));
}

/** A card with its name for assistive technology (not interactive). */
export function cardFigure(code, opts = {}) {
  return el("span", { class: "card-wrap", role: "img", "aria-label": cardName(code), title: cardName(code), "data-card": code },
    cardFace(code, opts));
}

/** Words for one public rule event (view.events); null when a call event says it. */
export function eventText(ev, nameOf) {
  const name = ev.seat ? nameOf(ev.seat) : "";
  switch (ev.type) {
    case "call":
      if (ev.call === "pass") return fmt(_("%(name)s passes."), { name });
      if (ev.call === "breach") return fmt(_("%(name)s calls breach!"), { name });
      if (ev.call === "alone") return fmt(_("%(name)s plays alone."), { name });
      if (ev.call.startsWith("partner:")) return fmt(_("%(name)s calls %(card)s as partner card."), { name, card: cardName(ev.call.slice(8)) });
      return fmt(_("%(name)s bids %(call)s."), { name, call: callWords(ev.call) });
    case "redeal":
      return ev.reason === "inkle"
        ? _("No winning bid: the same dealer deals again.")
        : _("Everyone passed: the hand is dealt again.");
    case "contract":
      return fmt(_("Contract: %(call)s by %(name)s."), { name, call: callWords(ev.contract) });
    case "joker_shown":
      return fmt(_("%(name)s shows %(card)s (it was in the kitty)."), { name, card: cardName(ev.card) });
    case "kitty_taken":
      return fmt(_("%(name)s takes the kitty (%(count)s cards)."), { name, count: ev.count });
    case "discarded":
      return fmt(_("%(name)s has discarded %(count)s cards."), { name, count: ev.count });
    case "joker_named":
      return fmt(_("%(name)s names %(card)s: it belongs to %(suit)s."), { name, card: cardName(ev.card), suit: suitName(ev.suit) });
    case "breach": // the call event says it
    case "partner_card":
      return null;
    case "partner":
      return fmt(_("%(name)s holds %(card)s: the declarer's partner."), { name, card: cardName(ev.card) });
    case "hand_revealed":
      return fmt(_("%(name)s lays the hand face up."), { name });
    case "trick_won":
      return fmt(_("Trick %(n)s won by %(name)s."), { n: ev.trick, name });
    case "hand_over":
      return resultText(ev, nameOf);
    case "claim":
      return fmt(_("%(name)s claims the %(n)s remaining tricks."), { name, n: ev.tricks });
    case "claim_accepted":
      return fmt(_("%(name)s accepts the claim."), { name });
    case "claim_refused":
      return fmt(_("%(name)s refuses the claim."), { name });
    case "claim_conceded":
      return ev.outcome === "certain"
        ? fmt(_("The claim is certain: the %(n)s remaining tricks go to %(name)s's side."), { name, n: ev.tricks })
        : fmt(_("Claim accepted: the %(n)s remaining tricks go to %(name)s's side."), { name, n: ev.tricks });
    default: // every event the engine emits has its words above (tests/browser/test_table_names_browser.py)
      return null;
  }
}

/** A hand's result in words: "Sylvie Roy makes 7 hearts: Sylvie Roy and Bot South +200 ·
 * Bot East and Bot West +30." (the sides apart by "·": their names hold commas). */
export function resultText(res, nameOf) {
  const scores = Object.entries(res.score || {}).map(([t, s]) => teamLabel(t, nameOf) + " " + (s > 0 ? "+" : "") + s).join(" · ");
  if (res.redeal) return _("Dealt again: no score.");
  const who = res.declarer ? nameOf(res.declarer) : "";
  const text = res.made
    ? _("%(name)s makes %(call)s: %(scores)s.")
    : _("%(name)s fails %(call)s: %(scores)s.");
  return fmt(text, { name: who, call: callWords(res.contract), scores });
}
