// Club 500: the rematch on a live table page (games.services.table_rematch). Game over
// offers the same table again (#table-app's data-rematch-url); at the rematch's table,
// before its start, each member seated again accepts or declines (data-answer-url).
// The table pages build the forms with their own `postForm(url, fields, label, opts)`.
import { el, gettext as _ } from "./cards.js";

/** The game-over panel's actions: propose (or accept) the rematch, back to the tables. */
export function rematchActions(app, table, me, postForm) {
  const box = el("div", { class: "actions rematch" });
  if (me && table.rematch) {
    box.append(el("p", { class: "prompt" }, _("A rematch is proposed, with the same players and options.")),
      postForm(app.dataset.rematchUrl, {}, _("Accept the rematch"), { cls: "button", testid: "rematch" }));
  } else if (me && !app.dataset.tournament) {
    box.append(postForm(app.dataset.rematchUrl, {}, _("Rematch"), { cls: "button", testid: "rematch" }));
  }
  box.append(el("a", { class: "button secondary", href: app.dataset.lobbyUrl, "data-testid": "back-to-lobby" }, _("Back to the tables")));
  return box;
}

/** Before a rematch's start, the member's answer to give (none: not a seat kept for
 * them until they answer). */
export function rematchAnswer(app, table, postForm) {
  const mine = table.seats.find((s) => s.is_you);
  if (!mine || mine.accepted !== false) return [];
  return [el("p", { class: "prompt" }, _("A rematch with the same players and options: do you play?")),
    postForm(app.dataset.answerUrl, { accept: "1" }, _("Accept the rematch"), { cls: "button", testid: "rematch-accept" }),
    postForm(app.dataset.answerUrl, { accept: "0" }, _("No, back to the tables"), { cls: "button secondary", testid: "rematch-decline" })];
}

/** The note that a rematch starts once every other player has accepted it. */
export function rematchWaiting(table) {
  return table.seats.some((s) => s.accepted === false && !s.is_you)
    ? [el("p", { class: "muted small" }, _("The game starts once every player has accepted the rematch."))] : [];
}
