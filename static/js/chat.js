// Club 500: the table chat (games/live/chat.py). Players and spectators each have
// their own channel; quick phrases travel as keys and show in the reader's language.
// Hears table.js's events on #table-app and sends through "table:send".
import { el, fmt, gettext as _ } from "./cards.js";

const app = document.getElementById("table-app");
const box = document.getElementById("chat");
const log = document.getElementById("chat-log");
const form = document.getElementById("chat-form");
const input = document.getElementById("chat-text");

export const PHRASES = {
  hello: () => _("Hello!"),
  good_luck: () => _("Good luck!"),
  well_played_partner: () => _("Well played, partner"),
  well_played: () => _("Well played!"),
  nice_hand: () => _("Nice hand!"),
  nice_round: () => _("Nice round!"),
  oops: () => _("Oops!"),
  sorry_partner: () => _("Sorry, partner"),
  sorry: () => _("Sorry!"),
  thanks: () => _("Thanks!"),
  hurry: () => _("Your turn, please"),
  back_soon: () => _("I'll be right back"),
  good_game: () => _("Good game!"),
  bye: () => _("Goodbye!"),
};
let enabled = false;
let me = null;
let seen = new Set();
let shown = [];  // the messages in the log, oldest first

function send(frame) {
  const detail = { frame };
  app.dispatchEvent(new CustomEvent("table:send", { detail }));
  return detail.sent;
}

function messageText(m) {
  return m.phrase ? (PHRASES[m.phrase] ? PHRASES[m.phrase]() : m.phrase) : m.text;
}

function add(m) {
  if (seen.has(m.id)) return;
  seen.add(m.id);
  shown.push(m);
  if (shown.length > 100) shown.shift();
  const at = new Date(m.at);
  const time = isNaN(at) ? "" : at.toLocaleTimeString(document.documentElement.lang || undefined, { hour: "2-digit", minute: "2-digit" });
  // Text nodes only (el): a message is never read as HTML.
  log.append(el("li", { class: "chat-line" + (m.user === me ? " mine" : "") + (m.phrase ? " phrase" : ""), "data-testid": "chat-line" },
    el("span", { class: "chat-time muted" }, time), " ",
    el("strong", { class: "chat-name" }, m.name), " ",
    el("span", { class: "chat-text" }, messageText(m))));
  while (log.children.length > 100) log.firstElementChild.remove();
  log.scrollTop = log.scrollHeight;
}

// The quick phrases offered come with the chat's history (games.live.chat.quick_phrases:
// a spectator has no partner, nor a player where each plays for themselves).
function renderPhrases(keys) {
  const phrases = document.getElementById("chat-phrases");
  phrases.replaceChildren(...keys.filter((key) => PHRASES[key]).map((key) => el("button", {
    type: "button", class: "chat-phrase", "data-phrase": key,
    onclick: () => send({ type: "chat", phrase: key }),
  }, PHRASES[key]())));
}

function setEnabled(on, channel, phrases) {
  enabled = on;
  box.hidden = false;
  document.getElementById("chat-closed").hidden = on;
  form.hidden = !on;
  document.getElementById("chat-phrases").hidden = !on;
  renderPhrases(phrases || []);
  document.getElementById("chat-channel").textContent = channel === "players"
    ? _("Between the players of this table.") : _("Between the spectators of this table (the players do not read it).");
}

app.addEventListener("table:open", () => send({ type: "chat.history" }));
app.addEventListener("table:frame", (event) => {
  const frame = event.detail;
  if (frame.type !== "chat") return;
  // The history replaces the log, but a message that arrived live while the history
  // was being read (newer than its last message) stays: the history cannot hold it.
  let live = [];
  if (frame.history) {
    const messages = frame.messages || [];
    const last = messages.length ? messages[messages.length - 1].id : -Infinity;
    live = shown.filter((m) => m.id > last);
    me = frame.me;
    seen = new Set();
    shown = [];
    log.replaceChildren();
    setEnabled(frame.enabled, frame.channel, frame.phrases);
  }
  for (const m of frame.messages || []) add(m);
  for (const m of live) add(m);
});

form.addEventListener("submit", (event) => {
  event.preventDefault();
  const text = input.value.trim();
  if (!text || !enabled) return;
  if (text.length > 200) return;
  if (send({ type: "chat", text })) input.value = "";
});
input.addEventListener("input", () => {
  input.setCustomValidity(input.value.length >= 200 ? fmt(_("%(n)s characters at most."), { n: 200 }) : "");
});

