// Club 500: the hand review of a live 500 table in words (the panel around it:
// static/js/review.js). The state frame's `review` (docs/protocol.md) carries the whole
// finished hand: the hands as dealt, the kitty, the discards, the result and the scoring
// rule as numbers. "Next deal" sends the `next` intent.
import {
  el, fmt, gettext as _, cardFigure, callWords, resultText, sortHand, teamLabel,
} from "../../cards.js";

const ngettext = (a, b, n) => (window.ngettext ? window.ngettext(a, b, n) : (n === 1 ? a : b));

/** Why the hand scored what it did, in words (one sentence per rule applied). */
export function whyLines(review, nameOf) {
  const res = review.result || {};
  const rule = review.rule;
  if (res.redeal || !rule) return [_("Nobody bid: the cards are dealt again, no score.")];
  const lines = [];
  const declarerTeam = Object.keys(res.tricks || {}).find((t) => (review.teams || {})[t] && review.teams[t].includes(res.declarer));
  const taken = declarerTeam ? res.tricks[declarerTeam] : null;
  if (rule.level) {
    lines.push(fmt(ngettext("%(name)s bid %(call)s: %(need)s trick needed, %(taken)s taken.",
      "%(name)s bid %(call)s: %(need)s tricks needed, %(taken)s taken.", rule.level),
    { name: nameOf(res.declarer), call: callWords(res.contract), need: rule.level, taken: taken ?? "?" }));
  } else {
    lines.push(fmt(_("%(name)s bid %(call)s: the declarer must take no trick."), { name: nameOf(res.declarer), call: callWords(res.contract) }));
  }
  if (res.made) {
    const won = declarerTeam ? res.score[declarerTeam] : rule.value;
    if (rule.slam_bonus && taken === 10 && rule.value < rule.slam_bonus) {
      lines.push(fmt(_("Made with all ten tricks: the slam scores %(n)s instead of the contract's %(value)s."), { n: rule.slam_bonus, value: rule.value }));
    } else {
      lines.push(fmt(_("Made: the contract's value in the score table, %(value)s points (no bonus for extra tricks)."), { value: rule.value }));
    }
    if (won !== undefined && won !== rule.value && !(rule.slam_bonus && taken === 10)) {
      lines.push(fmt(_("Points for %(team)s: %(n)s."), { team: teamLabel(declarerTeam, nameOf), n: won }));
    }
  } else if (rule.failed === "subtract") {
    lines.push(fmt(_("Failed: the contract's value, %(value)s points, is taken off the declaring side."), { value: rule.value }));
  } else {
    lines.push(fmt(_("Failed: the contract's value, %(value)s points, goes to the other side."), { value: rule.value }));
  }
  if (rule.level && rule.per_trick) {
    for (const [team, n] of Object.entries(res.tricks || {})) {
      if (team !== declarerTeam && n) {
        lines.push(fmt(ngettext("%(n)s trick for %(team)s: %(per)s points per trick, %(total)s.",
          "%(n)s tricks for %(team)s: %(per)s points per trick, %(total)s.", n),
        { team: teamLabel(team, nameOf), n, per: rule.per_trick, total: n * rule.per_trick }));
      }
    }
  }
  if (res.set) lines.push(fmt(_("The defenders took enough tricks to set the contract: %(name)s must pass in the next hand."), { name: nameOf(res.declarer) }));
  return lines;
}

function cards(codes, contract) {
  return el("div", { class: "review-cards" }, ...sortHand(codes || [], contract).map((c) => cardFigure(c, { size: "mini" })));
}

/** What the review panel holds for a finished hand (static/js/review.js). `ctx`: { me,
 * nameOf, seats }. */
export function reviewBody(review, state, ctx) {
  const record = review.record || {};
  const res = review.result || {};
  review.teams = (state.game && state.game.teams) || (state.view && state.view.teams) || {};
  const { me, nameOf } = ctx;
  const facts = el("dl", { class: "facts review-facts" });
  if (res.contract) {
    facts.append(el("dt", {}, _("Contract")), el("dd", {}, fmt(_("%(call)s by %(name)s"), { call: callWords(res.contract), name: nameOf(res.declarer) })));
    facts.append(el("dt", {}, _("Tricks")), el("dd", { "data-testid": "review-tricks" },
      Object.entries(res.tricks || {}).map(([t, n]) => teamLabel(t, nameOf) + " " + (n ?? "–")).join(" · ")));
  }
  facts.append(el("dt", {}, _("Score")), el("dd", {}, Object.entries(res.score || {}).map(([t, n]) => teamLabel(t, nameOf) + " " + (n > 0 ? "+" : "") + n).join(" · ")));
  const why = el("ul", { class: "review-why", "data-testid": "review-why" }, ...whyLines(review, nameOf).map((line) => el("li", {}, line)));
  const hands = el("div", { class: "review-hands", "data-testid": "review-hands" });
  for (const seat of ctx.seats) {
    hands.append(el("div", { class: "review-hand" + (seat === me ? " mine" : ""), "data-seat": seat },
      el("div", { class: "review-name" }, nameOf(seat), seat === res.declarer ? el("span", { class: "muted small" }, " · " + _("declarer")) : null),
      cards((record.hands || {})[seat], res.contract)));
  }
  const extra = (codes, cls, testid, label) => {
    if (codes && codes.length) {
      hands.append(el("div", { class: "review-hand " + cls, "data-testid": testid }, el("div", { class: "review-name" }, label), cards(codes, res.contract)));
    }
  };
  extra(record.kitty, "kitty", "review-kitty", _("Kitty:"));
  extra(record.dead, "dead", "review-dead", _("Dead hand:")); // two players: the hand nobody played
  extra(record.discards, "discards", "review-discards", _("Discarded:"));
  // A duplicate board watched from outside: its hands are shown once every table has
  // played it (on the replay page), not here.
  const held = review.held ? el("p", { class: "muted small", "data-testid": "review-held" }, _("This board will be shown once every table has played it.")) : null;
  return {
    title: fmt(_("Hand %(n)s is over"), { n: review.number }),
    result: resultText(res, nameOf),
    label: _("Next deal"),
    timeLeft: (n) => fmt(ngettext("Next deal in %(n)s second.", "Next deal in %(n)s seconds.", n), { n }),
    nodes: held ? [facts, why, held] : [facts, why, hands],
  };
}
