// Club 500: the words and cards of 450 (la piquée), shared by the live 450 table
// (table.js) and the replay of a 450 round (replay.js).
import { el, fmt, gettext as _, cardFace, SUIT_SYMBOL } from "../../cards.js";

const ngettext = (a, b, n) => (window.ngettext ? window.ngettext(a, b, n) : (n === 1 ? a : b));
export const pgettext = (ctx, s) => (window.pgettext ? window.pgettext(ctx, s) : s);

export function seatNumber(seat) { return seat ? seat.slice(1) : ""; }

export const HANDS = {
  rien: _("nothing"),
  deux_cartes: _("two cards"),
  petite_suite: _("small sequence"),
  paire: _("pair"),
  trois_cartes: _("three cards"),
  grosse_suite: _("big sequence"),
  brelan: _("three of a kind"),
};
export const SUITS = { S: _("spades"), C: _("clubs"), D: _("diamonds"), H: _("hearts") };
export const RANK_WORDS = { J: _("jack"), Q: _("queen"), K: _("king"), A: _("ace") };

export function rankLetter(rank) {
  return { J: pgettext("card rank", "J"), Q: pgettext("card rank", "Q"), K: pgettext("card rank", "K"), A: pgettext("card rank", "A") }[rank] || rank;
}
/** "V♥" in French, "J♥" in English. */
export function cardShort(code) {
  return code ? rankLetter(code.slice(0, -1)) + SUIT_SYMBOL[code.slice(-1)] : "";
}
/** "jack of hearts" (for screen readers). */
export function cardWords(code) {
  const rank = code.slice(0, -1);
  return fmt(_("%(rank)s of %(suit)s"), { rank: RANK_WORDS[rank] || rank, suit: SUITS[code.slice(-1)] });
}
export const cardsShort = (codes) => (codes || []).map(cardShort).join(" ");

export function card(code, size = "") {
  const face = cardFace(code, { size });
  for (const r of face.querySelectorAll(".rank")) r.textContent = rankLetter(code.slice(0, -1));
  return el("span", { class: "card-wrap", role: "img", "aria-label": cardWords(code), title: cardWords(code), "data-card": code }, face);
}

/** A seat's name for the page: the member's, "Bot 3", or "Seat 3" (a free seat). */
export function seatName(info) {
  if (info.name) return info.name;
  if (info.is_bot) return fmt(_("Bot %(n)s"), { n: seatNumber(info.seat) });
  return fmt(_("Seat %(n)s"), { n: seatNumber(info.seat) });
}

export function handWords(count) {
  if (!count) return "";
  const hand = HANDS[count.hand] || count.hand;
  if (!count.value) return hand;
  return fmt(ngettext("%(hand)s, %(value)s point", "%(hand)s, %(value)s points", count.value), { hand, value: count.value });
}

export function eventText(ev, nameOf) {
  const name = ev.seat ? nameOf(ev.seat) : "";
  switch (ev.type) {
    case "deal":
      return fmt(_("%(dealer)s deals; %(lanceur)s is the lanceur. Double-faced card: %(card)s."),
        { dealer: nameOf(ev.dealer), lanceur: nameOf(ev.lanceur), card: cardShort(ev.double_face) });
    case "cards_shown": return _("The face-up cards are on the table.");
    case "cards_hidden": return fmt(_("%(name)s hides the face-up cards."), { name });
    case "aside": return fmt(_("%(name)s eliminates %(card)s."), { name, card: cardShort(ev.card) });
    case "suite_majeure":
      return fmt(_("%(name)s announces a major sequence (suite majeure): %(cards)s, +%(bonus)s."), { name, cards: cardsShort(ev.cards), bonus: ev.bonus });
    case "discard": return fmt(_("%(name)s discards %(card)s."), { name, card: cardShort(ev.card) });
    case "tour_a_pique":
      return ev.best
        ? fmt(_("%(name)s launches the spade round (tour à pique) with the 3♠: best spades only."), { name })
        : fmt(_("%(name)s launches the spade round (tour à pique) with %(card)s."), { name, card: cardShort(ev.card) });
    case "tour_a_pique_coupe": return fmt(_("%(name)s has no spade and stops the spade round with %(card)s."), { name, card: cardShort(ev.card) });
    case "tour_a_pique_fini": return fmt(_("The spade round is back at %(name)s."), { name });
    case "couleur": return fmt(_("Couleur! Five %(suit)s in a row."), { suit: SUITS[ev.suit] });
    case "premier_decompte": return _("First count: each player's last two cards.");
    case "maitre":
      return ev.reason === "valet_de_pique"
        ? fmt(_("%(name)s is the master (maître), with the jack of spades."), { name })
        : fmt(_("%(name)s is the master (maître): the best hand."), { name });
    case "transformation":
      return fmt(_("Double-faced card: %(name)s's %(card)s becomes %(becomes)s."), { name, card: cardShort(ev.card), becomes: cardShort(ev.becomes) });
    case "choix_du_maitre": return fmt(_("The master gives the pot's first card to %(to)s."), { to: nameOf(ev.to) });
    case "pot": return fmt(_("The pot is dealt, from %(name)s."), { name: nameOf(ev.first) });
    case "second_decompte": return _("Second count: three cards each.");
    case "round_over": return _("The round is over.");
    default: return ev.type;
  }
}

export function followText(follow) {
  if (!follow) return "";
  if (follow.tour_a_pique) {
    const t = follow.tour_a_pique;
    return t.best
      ? fmt(_("Spade round (tour à pique) of the 3♠: your best spade, or cut (%(n)s to play)."), { n: t.turns_left })
      : fmt(_("Spade round (tour à pique): a spade, or cut with a %(rank)s (%(n)s to play)."), { rank: rankLetter(t.last_spade.slice(0, -1)), n: t.turns_left });
  }
  if (follow.couleur) return fmt(_("Couleur: no more %(suit)s; follow %(card)s by rank or another suit."), { suit: SUITS[follow.couleur], card: cardShort(follow.card) });
  if (follow.card) return fmt(_("Follow %(card)s: a %(rank)s or a card of %(suit)s; else cut with a spade."), { card: cardShort(follow.card), rank: rankLetter(follow.rank), suit: SUITS[follow.suit] });
  return _("The lanceur discards any card.");
}

