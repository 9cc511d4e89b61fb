// Club 500: absent members on the live table. A bot plays an absent member's seat once
// the table's grace has run from when they left (docs/protocol.md): during the grace the
// seat counts down, then it says that a robot plays for them, until they are back.
import { el, fmt, gettext as _ } from "./cards.js";

let offset = 0; // the server's clock minus this browser's
let away = {}; // seat -> ISO time the member left, from the last presence frame
let timer = null;

/** Note the server's clock (a frame's `now`) and, from a presence frame, who is away. */
export function noteFrame(frame) {
  if (frame.now) offset = Date.parse(frame.now) - Date.now();
  if (frame.type === "presence" && frame.away) away = frame.away;
}

function takeoverAt(info, table) {
  const since = away[info.seat] || info.left_at || table.started_at;
  return since ? Date.parse(since) + (table.grace || 0) * 1000 : null;
}

function update(node) {
  const at = Number(node.dataset.takeover);
  const left = Math.ceil((at - (Date.now() + offset)) / 1000);
  if (left > 0) {
    node.textContent = fmt(_("Robot in %(n)s s"), { n: left });
    node.title = fmt(_("A robot will play for %(name)s in %(n)s seconds unless they come back."), { name: node.dataset.name, n: left });
    node.dataset.left = String(left);
    node.classList.remove("playing");
  } else {
    node.textContent = fmt(_("Robot plays for %(name)s"), { name: node.dataset.name });
    node.title = "";
    node.dataset.left = "0";
    node.classList.add("playing");
  }
}

/** The note on an absent member's plate (null when the seat is not a member's, or the
 * member is at the table). */
export function absenceNote(info, table) {
  if (info.is_bot || info.free || info.present || table.status !== "playing") return null;
  const at = takeoverAt(info, table);
  if (at === null) return null;
  const node = el("div", { class: "robot-note", "data-testid": "robot-note-" + info.seat, "data-takeover": String(at), "data-name": info.name || info.seat });
  update(node);
  if (!timer) timer = setInterval(() => document.querySelectorAll(".robot-note").forEach(update), 1000);
  return node;
}
