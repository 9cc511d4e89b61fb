// Club 500: the review panel of the live table (between a finished deal and the next),
// for every game kind. The state frame's `review` (docs/protocol.md) carries the whole
// finished deal; the kind's renderer puts it in words (`reviewBody`), this module
// frames it: the title, the result, the "next" tap, who is still looking and the clock.
import { el, fmt, gettext as _ } from "./cards.js";

let clockTimer = null;
let clockOffset = 0; // server time minus this browser's time, from the last review frame

function clock(review, words) {
  if (!review.ends_at) return null;
  clockOffset = Date.parse(review.now) - Date.now();
  const box = el("span", { class: "review-clock", "data-testid": "review-clock" });
  const tick = () => {
    const left = Math.max(0, Math.round((Date.parse(review.ends_at) - (Date.now() + clockOffset)) / 1000));
    box.textContent = words(left);
    box.dataset.left = String(left);
  };
  tick();
  clearInterval(clockTimer);
  clockTimer = setInterval(tick, 1000);
  return box;
}

/** Render the review into `box` (hidden when there is none, or once the game is
 * over). `ctx`: { me, nameOf, seats, onNext, pending }; `reviewBody(review, state,
 * ctx)` gives { title, result, label, timeLeft(seconds), nodes }. */
export function renderReview(box, state, ctx, reviewBody) {
  const review = state.review;
  box.replaceChildren();
  clearInterval(clockTimer);
  if (!review || review.game_over) { box.hidden = true; return; }
  box.hidden = false;
  const body = reviewBody(review, state, ctx);
  box.append(el("div", { class: "review-head" }, el("h2", {}, body.title),
    body.result ? el("p", { class: "review-result", "data-testid": "review-result" }, body.result) : null),
  reviewActions(review, ctx, body), ...body.nodes);
}

/** The review's actions: the `label` button ("next" intent) until the member is ready,
 * who is still looking, and the time left (`timeLeft(seconds)` in words). `ctx`: { me,
 * nameOf, onNext, pending }. */
function reviewActions(review, ctx, { label, timeLeft }) {
  const { me, nameOf } = ctx;
  const actions = el("div", { class: "review-actions" });
  const ready = review.ready || [];
  if (me && !ready.includes(me)) {
    const button = el("button", { type: "button", class: "button", "data-testid": "next-deal", disabled: ctx.pending }, label);
    button.addEventListener("click", () => ctx.onNext());
    actions.append(button);
  } else if (me) {
    actions.append(el("span", { class: "muted" }, _("You are ready.")));
  }
  const waiting = (review.waiting || []).filter((s) => s !== me);
  if (waiting.length) actions.append(el("span", { class: "muted small review-waiting" }, fmt(_("Waiting for: %(names)s"), { names: waiting.map(nameOf).join(", ") })));
  const ticking = clock(review, timeLeft);
  if (ticking) actions.append(ticking);
  return actions;
}
