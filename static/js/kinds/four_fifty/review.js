// Club 500: the end of a 450 round in words: both counts (the first count of each
// player's last two cards, the second count with the pot's card), the master and
// the double-faced card's transformation, shown on the live table once play stops;
// and the round review (the state frame's `review`, games.live.review) between a
// finished round and the next deal: every player's cards as dealt, the pot, both
// counts and why each scored what it did, with the "next round" tap.
import { el, fmt, gettext as _ } from "../../cards.js";
import { card, cardShort, handWords, pgettext } from "./words.js";

const ngettext = (a, b, n) => (window.ngettext ? window.ngettext(a, b, n) : (n === 1 ? a : b));

function countsTable(title, counts, seats, nameOf, { final = false } = {}) {
  const head = el("tr", {}, el("th", { scope: "col" }, _("Player")), el("th", { scope: "col" }, _("Cards")),
    el("th", { scope: "col" }, pgettext("450 combination", "Hand")), final ? el("th", { scope: "col", class: "num" }, _("Points")) : null);
  const body = el("tbody");
  for (const seat of seats) {
    const c = counts[seat];
    if (!c) continue;
    let words = handWords(c);
    if (final && c.bonus) words += " · " + fmt(_("major sequence +%(n)s"), { n: c.bonus });
    body.append(el("tr", { "data-seat": seat },
      el("th", { scope: "row" }, nameOf(seat)),
      el("td", { class: "cards-cell" }, ...c.cards.map((x) => card(x, "mini"))),
      el("td", { "data-testid": (final ? "final-" : "first-") + seat }, words),
      final ? el("td", { class: "num" }, el("strong", {}, String(c.points))) : null));
  }
  return [el("h3", {}, title), el("table", { class: "sheet counts-table" }, el("thead", {}, head), body)];
}

/** The counts of a round whose play is over, as far as they go: `end` holds the first
 * count, the master (and why), the transformation, and once the pot is given `pot_to`
 * and the second count (`final`). */
export function countsNodes(end, seats, nameOf) {
  const out = [...countsTable(_("First count"), end.first_count, seats, nameOf)];
  if (end.master) {
    out.push(el("p", { "data-testid": "master" }, end.master_reason === "valet_de_pique"
      ? fmt(_("Master (maître): %(name)s, with the jack of spades."), { name: nameOf(end.master) })
      : fmt(_("Master (maître): %(name)s, the best hand."), { name: nameOf(end.master) })));
  } else {
    out.push(el("p", {}, _("No master: nobody has a base hand; the pot starts at the lanceur.")));
  }
  if (end.transformed) {
    const t = end.transformed; // the double-faced card always becomes the 3 of spades
    out.push(el("p", { "data-testid": "transformation" }, fmt(_("Double-faced card: %(name)s's %(card)s becomes %(becomes)s."),
      { name: nameOf(t.seat), card: cardShort(t.card), becomes: cardShort(t.becomes || "3S") })));
  }
  if (end.final) {
    if (end.master && end.pot_to) out.push(el("p", {}, fmt(_("The master's choice: the pot's first card goes to %(name)s."), { name: nameOf(end.pot_to) })));
    out.push(...countsTable(_("Second count"), end.final, seats, nameOf, { final: true }));
  }
  return out;
}

/** Why each player scored what they did: the second count's hand, the major sequence's
 * bonus, and who scored the most. */
function whyLines(res, rule, nameOf) {
  const lines = [];
  for (const [seat, c] of Object.entries(res.final || {})) {
    const hand = handWords(c); // "pair, 80 points"; "nothing" when it counts nothing
    if (c.bonus) {
      lines.push(fmt(_("%(name)s: %(hand)s, and %(bonus)s for the major sequence: %(points)s."), { name: nameOf(seat), hand, bonus: c.bonus, points: c.points }));
    } else if (c.value) {
      lines.push(fmt(_("%(name)s: %(hand)s."), { name: nameOf(seat), hand }));
    } else {
      lines.push(fmt(_("%(name)s: %(hand)s, no points."), { name: nameOf(seat), hand }));
    }
  }
  if (rule && rule.jack_of_spades === "any_hand" && res.master_reason === "valet_de_pique") lines.push(_("The jack of spades makes its holder the master, whatever their hand."));
  if (res.next_lanceur) lines.push(fmt(_("%(name)s scores the most and is the next lanceur."), { name: nameOf(res.next_lanceur) }));
  return lines;
}

/** What the review panel holds for a finished round (static/js/review.js): every
 * player's cards as dealt, the pot, both counts and why each scored what they did.
 * `ctx`: { me, nameOf, seats }. */
export function reviewBody(review, state, ctx) {
  const { nameOf, seats } = ctx;
  const record = review.record || {};
  const res = review.result || {};
  const best = Object.entries(res.points || {}).sort((a, b) => b[1] - a[1])[0];
  const why = el("ul", { class: "review-why", "data-testid": "review-why" }, ...whyLines(res, review.rule, nameOf).map((line) => el("li", {}, line)));
  const hands = el("div", { class: "review-hands", "data-testid": "review-hands" });
  for (const seat of seats) {
    const potCard = (res.pot || {})[seat];
    hands.append(el("div", { class: "review-hand" + (seat === ctx.me ? " mine" : ""), "data-seat": seat },
      el("div", { class: "review-name" }, nameOf(seat), seat === record.dealer ? el("span", { class: "muted small" }, " · " + _("dealer")) : null),
      el("div", { class: "review-cards" }, ...((record.hands || {})[seat] || []).map((c) => card(c, "mini"))),
      potCard ? el("div", { class: "small review-pot-card" }, _("From the pot:"), " ", card(potCard, "mini")) : null));
  }
  if (record.pot && record.pot.length) {
    hands.append(el("div", { class: "review-hand kitty", "data-testid": "review-pot" }, el("div", { class: "review-name" }, _("Pot:")),
      el("div", { class: "review-cards" }, ...record.pot.map((c) => card(c, "mini")))));
  }
  const counts = el("div", { class: "counts", "data-testid": "review-counts" }, ...countsNodes(res, seats, nameOf));
  return {
    title: fmt(_("Round %(n)s is over"), { n: review.number }),
    result: best ? fmt(_("%(name)s scores the most (%(points)s)."), { name: nameOf(best[0]), points: best[1] }) : null,
    label: _("Next round"),
    timeLeft: (n) => fmt(ngettext("Next round in %(n)s second.", "Next round in %(n)s seconds.", n), { n }),
    nodes: [why, hands, counts],
  };
}
