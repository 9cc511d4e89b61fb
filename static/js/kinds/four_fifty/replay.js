// Club 500: the replay of a finished 450 round, step by step (games/kinds/four_fifty/replay.py
// computes the steps: every player's cards, the discards, the counts, the events).
import { el, fmt, gettext as _ } from "../../cards.js";
import { card, cardsShort, eventText, followText, handWords, seatName } from "./words.js";

const data = JSON.parse(document.getElementById("replay-data").textContent);
const steps = data.steps;
const $ = (id) => document.getElementById(id);
let at = 0;

function seatInfo(seat) { return data.seats.find((s) => s.seat === seat) || { seat, name: "" }; }
const nameOf = (seat) => seatName(seatInfo(seat));

function stepText(step) {
  if (step.action === null) return _("The deal.");
  const words = step.events.map((ev) => eventText(ev, nameOf));
  return words.length ? words.join(" ") : fmt(_("%(name)s: %(action)s"), { name: nameOf(step.seat), action: step.action });
}

function countsRows(counts, final) {
  return data.seats.filter((s) => counts[s.seat]).map((s) => {
    const c = counts[s.seat];
    return el("tr", {}, el("th", { scope: "row" }, nameOf(s.seat)),
      el("td", { class: "cards-cell" }, ...c.cards.map((x) => card(x, "mini"))),
      el("td", {}, handWords(c)), final ? el("td", { class: "num" }, el("strong", {}, String(c.points))) : null);
  });
}

function render() {
  const step = steps[at];
  const view = step.view;
  $("replay-count").textContent = fmt(_("Step %(n)s of %(total)s"), { n: at, total: steps.length - 1 });
  $("replay-text").textContent = stepText(step);
  const center = $("replay-center");
  const pile = view.pile.slice(-4);
  center.replaceChildren(el("div", { class: "tabletop" },
    el("div", { class: "spot" }, el("div", { class: "spot-label" }, _("Double-faced card")), card(view.double_face, "small")),
    el("div", { class: "spot" }, el("div", { class: "spot-label" }, fmt(_("Pot (%(n)s)"), { n: view.pot_count })), view.pot_shown ? card(view.pot_shown, "small") : null),
    el("div", { class: "spot pile" }, el("div", { class: "spot-label" }, fmt(_("Discards (%(n)s)"), { n: view.pile.length })),
      el("div", { class: "pile-cards" }, ...pile.map((p, i) => el("span", { class: "pile-card" + (i === pile.length - 1 ? " top" : "") }, card(p.card, i === pile.length - 1 ? "" : "mini")))))),
  ...(view.phase === "discard" ? [el("div", { class: "center-note follow" }, followText(view.follow))] : []));
  $("replay-seats").replaceChildren(...data.seats.map((s) => el("div", {
    class: "plate replay-hand" + (view.to_act === s.seat ? " to-act" : ""), "data-seat": s.seat },
  el("div", { class: "plate-name" }, el("span", { class: "who" }, nameOf(s.seat))),
  view.announced[s.seat] ? el("div", { class: "announce" }, _("Major sequence"), " ", cardsShort(view.announced[s.seat])) : null,
  el("div", { class: "shown" }, ...step.hands[s.seat].map((c) => card(c, "mini"))))));
  const counts = $("replay-counts");
  counts.hidden = !view.first_count;
  counts.replaceChildren();
  if (view.first_count) {
    counts.append(el("h3", {}, _("First count")), el("table", { class: "sheet counts-table" }, el("tbody", {}, ...countsRows(view.first_count, false))));
    if (view.result) counts.append(el("h3", {}, _("Second count")), el("table", { class: "sheet counts-table" }, el("tbody", {}, ...countsRows(view.result.final, true))));
  }
  for (const b of document.querySelectorAll("[data-go]")) {
    const go = b.dataset.go;
    b.disabled = (go === "first" || go === "prev") ? at === 0 : at === steps.length - 1;
  }
}

function go(where) {
  at = { first: 0, prev: Math.max(0, at - 1), next: Math.min(steps.length - 1, at + 1), last: steps.length - 1 }[where];
  render();
}
for (const b of document.querySelectorAll("[data-go]")) b.addEventListener("click", () => go(b.dataset.go));
document.addEventListener("keydown", (event) => {
  const key = { ArrowLeft: "prev", ArrowRight: "next", Home: "first", End: "last" }[event.key];
  if (key) { go(key); event.preventDefault(); }
});
render();
