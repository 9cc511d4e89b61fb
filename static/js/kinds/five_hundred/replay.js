// Club 500: 500's replay renderer (static/js/replay.js steps through the hand and calls
// it; its interface is described there). The server replays the hand record with the
// rules engine (games/replay.py) and sends each step: every seat's cards face up, the
// calls, the trick, the tricks won. This module only draws them, for 2 to 6 seats.
import {
  el, fmt, gettext as _, cardFigure, callShort, callWords, eventText, shortName, sortHand,
  suitName,
} from "../../cards.js";
import { defaultAnchor, prepareFelt, seatPosition } from "../../seats.js";

const cardWords = (code) => cardFigure(code).getAttribute("aria-label");
const mini = (codes) => codes.map((c) => cardFigure(c, { size: "mini" }));

export default function createRenderer({ data, stage, nameOf }) {
  const { seats, steps } = data;
  const anchor = defaultAnchor(seats);
  const felt = stage.querySelector("#replay-felt");

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
    const lastCall = calls.length && calling && !step.trick.length ? calls[calls.length - 1].call : null;
    const declared = step.declarer === seat && step.phase !== "auction";
    return el("div", { class: "plate" + (step.to_act === seat ? " to-act" : ""), "data-seat": seat, "data-testid": "replay-" + seat },
      el("div", { class: "plate-name" }, el("span", { class: "who" }, nameOf(seat)),
        data.dealer === seat ? el("span", { class: "chip", title: _("dealer") }, "D") : null,
        declared ? el("span", { class: "badge you" }, _("declarer")) : null,
        step.partner === seat ? el("span", { class: "badge partner" }, _("partner")) : null,
        step.breach && step.breach.seat === seat ? el("span", { class: "badge breach" }, _("breach")) : null),
      lastCall ? el("div", { class: "bubble" + (lastCall === "pass" ? " pass" : ""), "aria-label": callWords(lastCall) }, callShort(lastCall)) : null,
      el("div", { class: "replay-hand" }, ...sortHand(step.hands[seat], step.phase !== "auction" ? step.contract : null).map((c) => cardFigure(c))),
      el("div", { class: "plate-meta" }, fmt(_("Tricks: %(n)s"), { n: wonBySeat[i][seat] })));
  }

  function drawCenter(step, index) {
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
    if (step.kitty.length && (step.stage === null || step.stage === "calls") && !["kitty", "play", "done"].includes(step.phase)) {
      center.append(el("div", { class: "center-note" }, _("Kitty:"), " ", ...mini(step.kitty)));
    }
    if (discardsSoFar[index].length) {
      center.append(el("div", { class: "center-note" }, _("Discarded:"), " ", ...mini(discardsSoFar[index])));
    }
    if (data.dead.length) {
      center.append(el("div", { class: "center-note", "data-testid": "dead-hand" }, _("Dead hand:"), " ", ...mini(data.dead)));
    }
  }

  // The game's other hands, listed by the page: their contract and declarer in words.
  for (const call of document.querySelectorAll(".hand-call[data-declarer]")) {
    call.textContent = "(" + callShort(call.dataset.contract) + " · " + nameOf(call.dataset.declarer) + ")";
  }

  const lang = document.documentElement.lang || "fr";
  const number = (x) => x.toLocaleString(lang, { maximumFractionDigits: 1 });
  const percent = (x) => x.toLocaleString(lang, { style: "percent", maximumFractionDigits: 0 });

  /** The searching bot's answer at step ``index``: its card, and every legal card's
   * mean over the sampled deals (tricks for the seat's side; in misère, the share of
   * deals where the declarer takes a trick), the card played at the table marked. */
  const points = (x) => (x > 0 ? "+" : "") + x.toLocaleString(lang, { maximumFractionDigits: 0 });

  /** The searching bot's answer in the auction: its call, and each call it tried
   * with its mean margin (its side's points minus the others') over the deals. */
  function callThoughts(answer) {
    const name = nameOf(answer.seat);
    const list = el("ol", { class: "think-cards", "data-testid": "think-cards" });
    for (const call of answer.calls) {
      const best = call.action === answer.best;
      list.append(el("li", { class: "think-card think-call" + (best ? " best" : ""), "data-action": call.action },
        el("span", { class: "think-words" }, callWords(call.action), " ",
          best ? el("span", { class: "badge you" }, _("robot's choice")) : null, " ",
          call.action === answer.thumb && !best ? el("span", { class: "badge" }, _("rule of thumb")) : null),
        el("span", { class: "think-value" }, points(call.mean))));
    }
    return el("div", { class: "think-answer" },
      el("p", { class: "think-choice", "data-testid": "think-choice" },
        fmt(_("In %(name)s's place, the robot would call %(call)s."), { name, call: callWords(answer.best) })),
      el("p", { class: "think-head small" }, _("Points of the side minus the others' on average, by the call:")),
      list,
      el("p", { class: "muted small" },
        fmt(_("Average over %(n)s deals of the unseen cards, each played out by the rules of thumb."), { n: answer.samples })));
  }

  function thoughts(answer, index) {
    if (answer.calls) return callThoughts(answer);
    const name = nameOf(answer.seat);
    const played = steps[index + 1] ? steps[index + 1].action : null;
    const best = answer.cards[0];
    const list = el("ol", { class: "think-cards", "data-testid": "think-cards" });
    for (const card of answer.cards) {
      const [, askSuit] = card.action.split(":");
      const words = cardWords(card.card) + (askSuit ? " (" + suitName(askSuit) + ")" : "");
      list.append(el("li", { class: "think-card" + (card === best ? " best" : ""), "data-action": card.action },
        cardFigure(card.card, { size: "mini" }),
        el("span", { class: "think-words" }, words, " ",
          card === best ? el("span", { class: "badge you" }, _("robot's choice")) : null, " ",
          card.action === played ? el("span", { class: "badge partner" }, _("played at the table")) : null),
        el("span", { class: "think-value" }, answer.misere ? percent(card.mean) : number(card.mean))));
    }
    const heading = answer.misere
      ? _("Share of the deals where the declarer takes a trick, by the card played:")
      : fmt(_("Tricks for %(name)s's side on average, by the card played:"), { name });
    return el("div", { class: "think-answer" },
      el("p", { class: "think-choice", "data-testid": "think-choice" },
        fmt(_("In %(name)s's place, the robot would play %(card)s."), { name, card: cardWords(best.card) })),
      el("p", { class: "think-head small" }, heading),
      list,
      el("p", { class: "muted small" },
        fmt(_("Average over %(n)s deals of the unseen cards that fit what %(name)s had seen, each played out with every card visible."), { n: answer.samples, name })));
  }

  return {
    thoughts,
    render(index) {
      const step = steps[index];
      prepareFelt(felt, seats.length, (place) => el("div", { class: "seat-slot pos-" + place, "data-pos": place }));
      for (const slot of felt.querySelectorAll(".seat-slot")) slot.replaceChildren();
      for (const seat of seats) {
        felt.querySelector(".seat-slot[data-pos=\"" + seatPosition(seats, seat, anchor) + "\"]").replaceChildren(plate(step, seat, index));
      }
      drawCenter(step, index);
      stage.querySelector("#replay-contract").textContent = step.contract && step.phase !== "auction"
        ? fmt(_("Contract: %(call)s by %(name)s."), { call: callWords(step.contract), name: nameOf(step.declarer) }) : "";
      return stepText(step);
    },
  };
}
