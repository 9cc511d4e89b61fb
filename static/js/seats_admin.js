// Club 500: seats during the game. The host (a director at a tournament's table)
// gives an absent player's seat to a bot or frees it; a member who is not seated may
// take a freed seat. Between two hands (the hand review) the host also chooses the bots'
// level. Plain forms (POST, then the page reloads on the new state).
import { el, gettext as _, playerName, seatLabel } from "./cards.js";
import { botLevelForm } from "./bot_level.js";

const app = document.getElementById("table-app");
const box = document.getElementById("seats-admin");
const list = document.getElementById("seats-admin-list");
const csrf = document.querySelector("#csrf-holder [name=csrfmiddlewaretoken]").value;
const canManage = box.dataset.canManage === "1";
let lastKey = "";

function postForm(url, seat, label, testid, cls = "button small secondary") {
  return el("form", { method: "post", action: url, class: "inline" },
    el("input", { type: "hidden", name: "csrfmiddlewaretoken", value: csrf }),
    el("input", { type: "hidden", name: "seat", value: seat }),
    el("button", { type: "submit", class: cls, "data-testid": testid }, label));
}

function render(state) {
  const { table } = state;
  const between = table.status === "playing" && !!state.review && !state.review.game_over;
  const key = JSON.stringify([table.status, table.you, table.seats, table.bot_level, between]);
  if (key === lastKey) return;
  lastKey = key;
  list.replaceChildren();
  let shown = false;
  if (table.status === "playing") {
    for (const info of table.seats) {
      const actions = [];
      if (info.free && !table.you) {
        actions.push(postForm(box.dataset.sitUrl, info.seat, _("Take this seat"), "take-" + info.seat, "button small"));
      }
      if (canManage && !info.is_you) {
        if (!info.free && !info.is_bot && !info.present) {
          actions.push(postForm(box.dataset.botUrl, info.seat, _("A bot plays for the rest of the game"), "seat-bot-" + info.seat));
        }
        if (!info.free && !info.present) {
          actions.push(postForm(box.dataset.freeUrl, info.seat, _("Free the seat"), "seat-free-" + info.seat));
        }
      }
      if (!actions.length) continue;
      shown = true;
      const who = info.free ? _("Free seat") : playerName(info); // "Robot Nord", a member's name
      list.append(el("li", { class: "seats-admin-row", "data-seat": info.seat },
        el("span", { class: "seats-admin-who" },
          info.is_bot ? null : el("strong", {}, seatLabel(info.seat)), info.is_bot ? null : " ", who,
          !info.free && !info.is_bot ? el("span", { class: "muted small" }, " (" + (info.present ? _("connected") : _("absent")) + ")") : null),
        el("span", { class: "seats-admin-actions" }, ...actions)));
    }
  }
  if (canManage && between) {
    list.append(el("li", { class: "seats-admin-row" }, botLevelForm(box.dataset.levelUrl, csrf, table.bot_level)));
    shown = true;
  }
  box.hidden = !shown;
}

app.addEventListener("table:state", (event) => render(event.detail));
