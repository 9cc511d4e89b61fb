// Club 500: 450's replay renderer (static/js/replay.js steps through the round and calls
// it; its interface is described there). games/kinds/four_fifty/replay.py computes the
// steps: every player's cards, the discards, the counts, the events; and, on a step
// where a discard is to choose, the searching bot's mean final points per card.
import { el, fmt, gettext as _ } from "../../cards.js";
import { card, cardsShort, cardWords, eventText, followText, handWords } from "./words.js";

export default function createRenderer({ data, stage, nameOf }) {
  const { players, steps } = data;
  const $ = (id) => stage.querySelector("#" + id);

  function stepText(step) {
    if (step.action === null) return _("The deal.");
    const words = step.events.map((ev) => eventText(ev, nameOf));
    return words.length ? words.join(" ") : fmt(_("%(name)s: %(action)s"), { name: nameOf(step.seat), action: step.action });
  }

  function countsRows(counts, final) {
    return players.filter((s) => counts[s.seat]).map((s) => {
      const c = counts[s.seat];
      return el("tr", {}, el("th", { scope: "row" }, nameOf(s.seat)),
        el("td", { class: "cards-cell" }, ...c.cards.map((x) => card(x, "mini"))),
        el("td", {}, handWords(c)), final ? el("td", { class: "num" }, el("strong", {}, String(c.points))) : null);
    });
  }

  function tabletop(view) {
    const pile = view.pile.slice(-4);
    const top = pile.length - 1;
    return el("div", { class: "tabletop" },
      el("div", { class: "spot" }, el("div", { class: "spot-label" }, _("Double-faced card")), card(view.double_face, "small")),
      el("div", { class: "spot" }, el("div", { class: "spot-label" }, fmt(_("Pot (%(n)s)"), { n: view.pot_count })), view.pot_shown ? card(view.pot_shown, "small") : null),
      el("div", { class: "spot pile" }, el("div", { class: "spot-label" }, fmt(_("Discards (%(n)s)"), { n: view.pile.length })),
        el("div", { class: "pile-cards" }, ...pile.map((p, i) => el("span", { class: "pile-card" + (i === top ? " top" : "") }, card(p.card, i === top ? "" : "mini"))))));
  }

  function drawCounts(view) {
    const counts = $("replay-counts");
    counts.hidden = !view.first_count;
    counts.replaceChildren();
    if (!view.first_count) return;
    const table = (rows) => el("table", { class: "sheet counts-table" }, el("tbody", {}, ...rows));
    counts.append(el("h3", {}, _("First count")), table(countsRows(view.first_count, false)));
    if (view.result) counts.append(el("h3", {}, _("Second count")), table(countsRows(view.result.final, true)));
  }

  const lang = document.documentElement.lang || "fr";
  const number = (x) => x.toLocaleString(lang, { maximumFractionDigits: 1 });

  /** The searching bot's answer at step ``index``: its discard, and every legal
   * card's mean final points for the seat over the sampled deals, the card
   * discarded at the table marked. */
  function thoughts(answer, index) {
    const name = nameOf(answer.seat);
    const discarded = steps[index + 1] ? steps[index + 1].action : null;
    const list = el("ol", { class: "think-cards", "data-testid": "think-cards" });
    for (const option of answer.cards) {
      const best = option.card === answer.choice;
      list.append(el("li", { class: "think-card" + (best ? " best" : ""), "data-action": option.card },
        card(option.card, "mini"),
        el("span", { class: "think-words" }, cardWords(option.card), " ",
          best ? el("span", { class: "badge you" }, _("robot's choice")) : null, " ",
          option.card === discarded ? el("span", { class: "badge partner" }, _("discarded at the table")) : null),
        el("span", { class: "think-value" }, number(option.points))));
    }
    return el("div", { class: "think-answer" },
      el("p", { class: "think-choice", "data-testid": "think-choice" },
        fmt(_("In %(name)s's place, the robot would discard %(card)s."), { name, card: cardWords(answer.choice) })),
      el("p", { class: "think-head small" }, fmt(_("Final points for %(name)s on average, by the card discarded:"), { name })),
      list,
      el("p", { class: "muted small" },
        fmt(_("Average over %(n)s deals of the unseen cards that fit what %(name)s had seen, each played out by the rules of thumb."), { n: answer.samples, name })));
  }

  return {
    thoughts,
    render(index) {
      const step = steps[index];
      const view = step.view;
      $("replay-center").replaceChildren(tabletop(view),
        ...(view.phase === "discard" ? [el("div", { class: "center-note follow" }, followText(view.follow))] : []));
      $("replay-seats").replaceChildren(...players.map((s) => el("div", {
        class: "plate replay-hand" + (view.to_act === s.seat ? " to-act" : ""), "data-seat": s.seat },
      el("div", { class: "plate-name" }, el("span", { class: "who" }, nameOf(s.seat))),
      view.announced[s.seat] ? el("div", { class: "announce" }, _("Major sequence"), " ", cardsShort(view.announced[s.seat])) : null,
      el("div", { class: "shown" }, ...step.hands[s.seat].map((c) => card(c, "mini"))))));
      drawCounts(view);
      return stepText(step);
    },
  };
}
