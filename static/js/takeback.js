// Club 500: taking back a move at a casual table (games/live/takeback.py,
// docs/protocol.md). Right after the viewer's call or card, until the next move, the
// frame's table.takeback.can_ask offers "Take back my move"; the other members at the
// table accept or refuse (bots accept); the last request's outcome is shown to all.
// Requests and answers are intents: "takeback", "takeback:yes", "takeback:no".
import { el, fmt, gettext as _, joinNames } from "./cards.js";

/** The move in words, as the kind writes it (its renderer's moveText), else as sent. */
function moveOf(part, ctx) {
  return ctx.moveText ? ctx.moveText(part.action, part.what) : part.action;
}

function button(label, onclick, cls, testid, ctx) {
  return el("button", {
    type: "button", class: "button small " + cls, "data-testid": testid, "data-key": testid,
    disabled: ctx.pending || !ctx.connected, onclick,
  }, label);
}

/** The notice of a request's end, for everyone (null while it waits, or none). */
export function takebackNotice(part, ctx) {
  if (!part || !part.id) return null;
  const move = moveOf(part, ctx);
  if (part.outcome === "done") return fmt(_("Move taken back: %(move)s (%(name)s)."), { move, name: ctx.nameOf(part.seat) });
  if (part.outcome === "refused") return fmt(_("%(name)s refused: the move stays."), { name: ctx.nameOf(part.by) });
  return null;
}

/** Draw the take-back panel in ``box``; the DOM is rebuilt only when what it shows
 * changed (a button being tapped is not replaced by a presence notice's state). */
export function renderTakeback(box, state, ctx) {
  const part = state.table.status === "playing" ? state.table.takeback : null;
  const key = JSON.stringify([part, ctx.me, ctx.pending, ctx.connected]);
  if (box.dataset.key === key) return;
  box.dataset.key = key;
  box.replaceChildren();
  box.hidden = !part;
  if (!part) return;
  if (part.can_ask) {
    box.append(button(_("Take back my move"), () => ctx.intent("takeback"), "secondary", "takeback-ask", ctx));
  }
  if (!part.id) return;
  const name = ctx.nameOf(part.seat);
  const move = moveOf(part, ctx);
  if (part.outcome === "pending") {
    const waiting = joinNames(part.waiting.map(ctx.nameOf));
    if (part.seat === ctx.me) {
      box.append(el("p", { class: "prompt", "data-testid": "takeback-asked" },
        fmt(_("You asked to take back %(move)s: waiting for %(names)s."), { move, names: waiting })));
    } else {
      box.append(el("p", { class: "prompt", "data-testid": "takeback-request" },
        fmt(_("%(name)s asks to take back their move (%(move)s)."), { name, move })));
      if (part.waiting.includes(ctx.me)) {
        box.append(el("div", { class: "actions" },
          button(_("Accept"), () => ctx.intent("takeback:yes"), "", "takeback-accept", ctx),
          button(_("Refuse"), () => ctx.intent("takeback:no"), "secondary", "takeback-refuse", ctx)));
      } else if (part.waiting.length) {
        box.append(el("p", { class: "muted small" }, fmt(_("Waiting for %(names)s."), { names: waiting })));
      }
    }
    return;
  }
  box.append(el("p", { class: "takeback-outcome", role: "status", "data-testid": "takeback-outcome", "data-outcome": part.outcome },
    takebackNotice(part, ctx)));
}
