// Club 500: the live table page of every game kind. Owns the socket of ws/tables/<id>/
// (docs/protocol.md: connect, heartbeat, reconnect, sync), the seq and the pending
// intent, toasts, the page's toggles, the turn banner and title, the seats' plates and
// controls, the pre-game seat list, the events log, game over and the render loop.
// What a kind draws its own way comes from its renderer, an ES module whose path the
// page gives (data-renderer, from the kind: games/kinds/base.py `table_client`):
//
//   renderSeats(t)              the plates (t.plate) where the kind lays them out
//   renderCenter(box, t)        the table's centre once the game started
//   renderActions(panel, t)     the viewer's choices on their turn (t.legalButton)
//   hand(t)                     the viewer's cards: { cards, face(code), label(code),
//                               actions(code), pick(code), playable, perRow }
//   scoreTotals(t), scoreFacts(t)  the scoreboard: a node, and [term, value] rows
//   renderSheet(table, t)       the score sheet (t.sheetTotals: its footer)
//   eventText(ev, nameOf)       an event of the log in words (or "")
//   turnText(view), reviewTurnText()  the banner on the viewer's turn, during review
//   moveText(action, what)      a move that may be taken back in words ("7♥"; what:
//                               "call" or "card", docs/protocol.md)
//   handOverText(row, nameOf)   a toast when a deal ended without a review
//   gameOver(game, t)           { title, lead, finalSheet, records, tail }
//   reviewBody(review, state, ctx)  the review of a finished deal in words:
//                               { title, result, label, timeLeft(seconds), nodes }
//   actionWords(action, t)      a legal action in the words a player may type
//                               (the text view's moves, static/js/textview.js)
//   commands                    the kind's typed words and the actions they mean
//                               ({ words, phrases, candidates, prefer }: static/js/commands.js)
// and, where the kind has them: setup(t) (once), textFacts(t) (the text view's own
// rows, [term, text]), announcements(view, nameOf) (what the live region says, as
// [{key, text}] in order; else each event in eventText's words), renderPanels(t) (its own panels),
// quietText(t) (the log before the first event), onKey(event, t), intentSent(),
// botBadge (a bot's plate says "bot").
import { el, fmt, gettext as _, playerName, seatLabel } from "./cards.js";
import { botLevelForm, botLevelLabel } from "./bot_level.js";
import { absenceNote, noteFrame } from "./absence.js";
import { noticeTurn, wireSettings } from "./notify.js";
import { rematchActions, rematchAnswer, rematchWaiting } from "./rematch.js";
import { renderReview } from "./review.js";
import { renderTakeback, takebackNotice } from "./takeback.js";
import { renderTextView, setupTextView } from "./textview.js";

const app = document.getElementById("table-app");
const $ = (id) => document.getElementById(id);
const csrf = document.querySelector("#csrf-holder [name=csrfmiddlewaretoken]").value;
const baseTitle = document.title;
const ngettext = (a, b, n) => (window.ngettext ? window.ngettext(a, b, n) : (n === 1 ? a : b));
const renderer = await import(app.dataset.renderer);

let state = JSON.parse($("table-state").textContent);
noteFrame(state);
let socket = null;
let connected = false;
let retryDelay = 500;
let retryTimer = null;
let heartbeatTimer = null;
let pending = false;
let pendingTimer = null;
let toastTimer = null;
let hasConnected = false;
let takebackNoted = null; // the last take-back outcome told in a toast

// ------------------------------------------------------------------ socket
function connect() {
  clearTimeout(retryTimer);
  const proto = location.protocol === "https:" ? "wss" : "ws";
  const ws = new WebSocket(proto + "://" + location.host + "/ws/tables/" + state.table.id + "/");
  socket = ws;
  socket.addEventListener("open", () => {
    if (ws !== socket) { ws.close(); return; } // a newer socket took over
    connected = true;
    retryDelay = 500;
    $("reconnecting").hidden = true;
    if (hasConnected) send({ type: "sync" });
    hasConnected = true;
    clearInterval(heartbeatTimer);
    heartbeatTimer = setInterval(() => send({ type: "heartbeat" }), 20000);
    app.dataset.connected = "1";
    render(); // the controls wait for the socket: a move before it opens would be lost
    app.dispatchEvent(new CustomEvent("table:open"));
  });
  socket.addEventListener("message", (event) => {
    let frame;
    try { frame = JSON.parse(event.data); } catch { return; }
    noteFrame(frame);
    if (frame.type === "state") onState(frame);
    else if (frame.type === "error") { setPending(false); showToast(frame.message || frame.code); render(); }
    else if (frame.type === "presence") send({ type: "sync" }); // the state frame carries who is here
    else app.dispatchEvent(new CustomEvent("table:frame", { detail: frame }));
  });
  socket.addEventListener("close", (event) => {
    if (ws !== socket) return; // a socket given up already (offline)
    if (event.code === 4403) { lost(); showToast(event.reason || _("You may not watch this table.")); return; }
    lost();
    retry();
  });
}

function lost() {
  connected = false;
  app.dataset.connected = "0";
  clearInterval(heartbeatTimer);
  setPending(false);
  render();
}

function retry() {
  $("reconnecting").hidden = false;
  clearTimeout(retryTimer);
  retryTimer = setTimeout(connect, retryDelay * (0.8 + Math.random() * 0.4));
  retryDelay = Math.min(retryDelay * 2, 10000);
}

// The browser says the network is gone: the socket is as good as dead, though its
// close may come only when TCP gives up. Say so now and keep retrying; when the
// network is back, reconnect at once (moves are never queued: the game must be in step).
addEventListener("offline", () => {
  if (!connected) return;
  const dead = socket;
  socket = null;
  lost();
  retry();
  try { dead.close(); } catch { /* already closing */ }
});
addEventListener("online", () => {
  if (connected || !hasConnected) return;
  retryDelay = 500;
  connect();
});

// The table's other modules (chat.js, claim.js, seats_admin.js) hear "table:open",
// "table:state" (after each render) and "table:frame" (other frames) on #table-app,
// and send through "table:send" ({frame}) and "table:intent" ({action}).
app.addEventListener("table:send", (event) => { event.detail.sent = send(event.detail.frame); });
app.addEventListener("table:intent", (event) => intent(event.detail.action));

function send(frame) {
  if (socket && socket.readyState === WebSocket.OPEN) { socket.send(JSON.stringify(frame)); return true; }
  return false;
}

function intent(action) {
  if (pending) return;
  if (!send({ type: "intent", seq: state.seq, action })) { showToast(_("Not connected: your move was not sent.")); return; }
  if (renderer.intentSent) renderer.intentSent();
  setPending(true);
}

function setPending(on) {
  pending = on;
  clearTimeout(pendingTimer);
  app.classList.toggle("is-pending", on);
  if (on) {
    document.querySelectorAll("button.legal").forEach((b) => { b.disabled = true; });
    pendingTimer = setTimeout(() => { setPending(false); render(); }, 8000);
  }
}

function onState(frame) {
  if (frame.seq < state.seq) return;
  const oldSheet = state.sheet.length;
  state = frame;
  setPending(false);
  if (state.sheet.length > oldSheet && state.table.status === "playing" && !state.review) {
    // Dealt again at once (nobody at the table to review it): a word of the deal's end.
    showToast(renderer.handOverText(state.sheet[state.sheet.length - 1], nameOf), "info", 6000);
  }
  render();
}

function showToast(message, kind = "error", ms = 4500) {
  const toast = $("toast");
  toast.textContent = message;
  toast.dataset.kind = kind;
  toast.setAttribute("role", kind === "error" ? "alert" : "status");
  toast.hidden = false;
  clearTimeout(toastTimer);
  toastTimer = setTimeout(() => { toast.hidden = true; }, ms);
}

// ------------------------------------------------------------------ helpers
const seats = () => state.table.seats.map((s) => s.seat);
const seatInfo = (seat) => state.table.seats.find((s) => s.seat === seat) || { seat, name: "" };
const me = () => state.table.you;

/** The player in ``seat`` by name ("Bot North", "Bot 2" for a bot). */
const nameOf = (seat) => playerName(seatInfo(seat));

function isMyTurn() {
  const v = state.view;
  return !!(v && me() && v.to_act === me() && v.legal && v.legal.length && state.table.status === "playing");
}

function postForm(url, fields, label, { cls = "button small", testid = null } = {}) {
  const form = el("form", { method: "post", action: url, class: "inline" },
    el("input", { type: "hidden", name: "csrfmiddlewaretoken", value: csrf }));
  for (const [k, v] of Object.entries(fields)) form.append(el("input", { type: "hidden", name: k, value: v }));
  form.append(el("button", { type: "submit", class: cls, "data-testid": testid }, label));
  return form;
}

/** A button for one of the viewer's actions: enabled when it is legal, the viewer's
 * turn, the socket open and no move pending; a tap sends it (or calls `onPick`). */
function legalButton(action, label, { ariaLabel = null, cls = "", testid = null, onPick = null } = {}) {
  const ok = isMyTurn() && state.view.legal.includes(action);
  const button = el("button", {
    type: "button", class: "call " + cls + (ok ? " legal" : ""), "data-action": action, "data-key": "act:" + action,
    "aria-label": ariaLabel, disabled: !ok || pending || !connected, "data-testid": testid,
  }, label);
  button.addEventListener("click", () => (onPick ? onPick() : intent(action)));
  return button;
}

/** A seat's plate: presence, name and badges, `meta` (words after the seat's place),
 * the dealer's `chip`, an absence note, then `extras` once the game started or the
 * seat's controls before it. */
function plate(info, { meta = [], chip = false, extras = [] } = {}) {
  const { table, view } = state;
  const toAct = view && table.status === "playing" && view.to_act === info.seat;
  const box = el("div", {
    class: "plate" + (toAct ? " to-act" : "") + (info.is_you ? " is-you" : "") + (info.free ? " is-free" : "") + (info.is_bot ? " is-bot" : ""),
    "data-seat": info.seat, "data-testid": "seat-" + info.seat,
  });
  const presence = info.free ? null : el("span", {
    class: "dot " + (info.present ? "on" : "off"), role: "img",
    title: info.present ? _("Connected") : _("Not connected"), "aria-label": info.present ? _("Connected") : _("Not connected"),
  });
  box.append(el("div", { class: "plate-name" }, presence,
    el("span", { class: "who" }, info.free ? _("Free seat") : nameOf(info.seat)),
    info.is_bot ? el("span", { class: "bot-level", "data-testid": "bot-level-" + info.seat }, " · " + botLevelLabel(table.bot_level)) : null,
    info.is_bot && renderer.botBadge ? el("span", { class: "badge bot" }, _("bot")) : null,
    info.is_you ? el("span", { class: "badge you" }, _("you")) : null));
  const metaLine = el("div", { class: "plate-meta" }, meta.join(" · "));
  if (chip) metaLine.prepend(el("span", { class: "chip", "aria-hidden": "true" }, "D"));
  box.append(metaLine);
  const note = absenceNote(info, table);
  if (note) box.append(note);
  if (table.status === "open") box.append(seatControls(info));
  else if (view) box.append(...extras);
  return box;
}

function seatControls(info) {
  const box = el("div", { class: "plate-actions" });
  const { table } = state;
  if (info.free) {
    if (!me()) box.append(postForm(app.dataset.sitUrl, { seat: info.seat }, _("Sit here"), { testid: "sit-" + info.seat }));
    if (table.is_host) box.append(postForm(app.dataset.botUrl, { seat: info.seat, bot: "1" }, _("Add a bot"), { cls: "button small secondary", testid: "bot-" + info.seat }));
  } else if (info.is_bot && table.is_host) {
    box.append(postForm(app.dataset.botUrl, { seat: info.seat, bot: "0" }, _("Remove the bot"), { cls: "button small secondary", testid: "unbot-" + info.seat }));
  }
  return box;
}

/** The score sheet's footer: "Total" over `lead` columns, then each column's total. */
function sheetTotals(columns, lead) {
  const totals = (state.game && state.game.totals) || {};
  return el("tfoot", {}, el("tr", { "data-testid": "sheet-totals", "data-totals": JSON.stringify(totals) },
    el("th", { scope: "row", colspan: lead }, _("Total")),
    ...columns.map((c) => el("td", { class: "num" }, el("strong", {}, String(totals[c] ?? 0))))));
}

// Keep keyboard focus across re-renders: controls carry data-key.
function focusKey() {
  const a = document.activeElement;
  return a && a.dataset ? a.dataset.key : null;
}
function restoreFocus(key) {
  if (!key) return;
  const target = app.querySelector("[data-key=\"" + (CSS.escape(key)) + "\"]");
  if (target && !target.disabled) target.focus();
  else if (key.startsWith("card:")) {
    const first = app.querySelector("#hand button.legal:not(:disabled)") || app.querySelector("#hand button");
    if (first) first.focus();
  }
}

/** What the renderer is handed: the table's state and the core's helpers. */
const t = {
  app, $,
  get state() { return state; },
  get pending() { return pending; },
  get connected() { return connected; },
  me, seats, seatInfo, nameOf, isMyTurn, intent, render, renderActions, showToast, postForm, legalButton, plate,
  sheetTotals,
};

// ------------------------------------------------------------------ render
function render() {
  const key = focusKey();
  const { table, view } = state;
  app.dataset.status = table.status;
  app.dataset.seq = String(state.seq);
  app.dataset.phase = view ? view.phase : "";
  app.classList.toggle("my-turn", isMyTurn());
  $("spectator-note").hidden = !!me();
  $("pregame").hidden = table.status !== "open";
  // A plate equal to the one shown stays (replaceChanged in the renderer): a presence
  // notice must not replace the "Sit here" or "Add a bot" button being tapped.
  renderer.renderSeats(t);
  renderCenter();
  renderTurn();
  renderPregame();
  renderActions();
  renderHand();
  if (renderer.renderPanels) renderer.renderPanels(t);
  renderScoreboard();
  renderer.renderSheet($("sheet"), t);
  renderEvents();
  renderGameOver();
  renderReview($("review"), state, { me: me(), nameOf, seats: seats(), pending, onNext: () => intent("next") }, renderer.reviewBody);
  renderTakebackPanel();
  renderTextView(t, renderer);
  restoreFocus(key);
  app.dispatchEvent(new CustomEvent("table:state", { detail: state }));
}

/** The take-back panel (casual tables), and a toast when a request ends. */
function renderTakebackPanel() {
  const box = $("takeback");
  if (!box) return; // a tournament's table: never offered
  const ctx = { me: me(), nameOf, pending, connected, intent, moveText: renderer.moveText };
  renderTakeback(box, state, ctx);
  const part = state.table.takeback;
  const key = part && part.id ? part.id + ":" + part.outcome : null;
  const notice = takebackNotice(part, ctx);
  if (notice && takebackNoted !== null && key !== takebackNoted) showToast(notice, "info", 6000);
  takebackNoted = key || "";
}

function renderCenter() {
  const center = $("center");
  center.replaceChildren();
  const { view, table } = state;
  if (table.status === "open") {
    const free = table.seats.filter((s) => s.free).length;
    center.append(el("div", { class: "center-note" }, free
      ? fmt(ngettext("Waiting for players: %(n)s free seat.", "Waiting for players: %(n)s free seats.", free), { n: free })
      : _("Every seat is taken: the host can start.")));
  } else if (view) renderer.renderCenter(center, t);
}

function renderTurn() {
  const banner = $("turn-banner");
  const { view, table } = state;
  let text = "";
  banner.className = "turn-banner";
  if (table.status === "playing" && state.review && !state.review.game_over) {
    text = renderer.reviewTurnText();
  } else if (table.status === "playing" && view && view.to_act) {
    if (isMyTurn()) {
      text = renderer.turnText(view);
      banner.classList.add("mine");
    } else {
      text = fmt(_("Waiting for %(name)s"), { name: nameOf(view.to_act) });
    }
  }
  banner.textContent = text;
  noticeTurn(isMyTurn(), { baseTitle, turnIcon: app.dataset.turnIcon, text });
}

function renderPregame() {
  const { table } = state;
  if (table.status !== "open") return;
  $("seat-list").replaceChildren(...table.seats.map((s) => el("li", {},
    el("strong", {}, seatLabel(s.seat)), " ",
    s.free ? el("span", { class: "muted" }, _("Free seat")) : nameOf(s.seat),
    s.is_bot && renderer.botBadge ? el("span", { class: "badge bot" }, _("bot")) : null,
    s.accepted === false ? el("span", { class: "badge pending", "data-testid": "not-accepted-" + s.seat }, _("to accept")) : null)));
  const box = $("pregame-actions");
  const key = JSON.stringify([table.seats.map((s) => [s.free, s.is_you, s.accepted]), me(),
    table.is_host, app.dataset.inviteUrl || "", table.bot_level]);
  if (!changed(box, key)) return;
  const answer = rematchAnswer(app, table, postForm); // a rematch: the seat is kept until they answer
  if (answer.length) box.append(...answer);
  else if (me()) box.append(postForm(app.dataset.leaveUrl, {}, _("Leave my seat"), { cls: "button secondary", testid: "leave" }));
  box.append(...rematchWaiting(table));
  if (table.is_host) {
    if (table.seats.some((s) => s.free)) box.append(postForm(app.dataset.fillUrl, {}, _("Fill with bots"), { cls: "button secondary", testid: "fill-bots" }));
    box.append(botLevelForm(app.dataset.levelUrl, csrf, table.bot_level));
    box.append(postForm(app.dataset.startUrl, {}, _("Start the game"), { cls: "button", testid: "start" }));
  }
  if (app.dataset.inviteUrl) {
    const input = el("input", { type: "text", readonly: true, value: app.dataset.inviteUrl, class: "invite-input", "aria-label": _("Invite link"), "data-testid": "invite-url" });
    box.append(el("div", { class: "invite" }, el("label", {}, _("Invite link (send it to the players):")), input,
      el("button", { type: "button", class: "button small secondary", onclick: () => { input.select(); navigator.clipboard && navigator.clipboard.writeText(input.value); showToast(_("Link copied."), "info", 2000); } }, _("Copy"))));
  }
}

// What each box shows, as last drawn. A box is built again only when what it shows
// changed: a frame about something else (a presence, a chat line, another seat's move
// that leaves this player's cards and choices as they were) keeps its buttons, so that
// a tap or a click in progress is not lost to a redraw, nor the keyboard's focus.
const drawnKeys = new WeakMap();

/** Whether `box` must be drawn again for `key`; if so, it is emptied for the drawing. */
function changed(box, key) {
  if (drawnKeys.get(box) === key) return false;
  drawnKeys.set(box, key);
  box.replaceChildren();
  return true;
}

// The action panel is drawn aside and compared as markup: what the kind's renderer reads
// to draw it (the phase, the legal actions, whose turn, a picker it keeps open, whether
// a move is on its way) is its own business, and shows in the markup.
function renderActions() {
  const panel = $("action-panel");
  const fresh = el("div");
  const { view, table } = state;
  if (table.status === "playing" && view && me()) renderer.renderActions(fresh, t);
  if (changed(panel, fresh.innerHTML)) panel.append(...fresh.childNodes);
}

let handNow = null; // the latest frame's hand: a card's click asks it for its choices

function renderHand() {
  const box = $("hand");
  const { view, table } = state;
  $("hand-area").hidden = !(view && view.hand && table.status !== "open");
  if (!view || !view.hand) {
    changed(box, "");
    return;
  }
  const hand = handNow = renderer.hand(t);
  // A long hand in rows of `perRow` cards, which a phone shows one under the other,
  // every card's corner whole.
  const perRow = hand.perRow || hand.cards.length;
  const drawn = JSON.stringify([hand.cards, hand.cards.map((code) => hand.actions(code)), perRow, !!hand.playable, pending, connected]);
  if (!changed(box, drawn)) return;
  hand.cards.forEach((code, i) => {
    if (i === perRow) box.append(el("span", { class: "hand-break", "aria-hidden": "true" }));
    const actions = hand.actions(code);
    // The button's name is the card's name in words, as its own (visually hidden)
    // text: the face is drawn for the eyes only (aria-hidden).
    const button = el("button", {
      type: "button", class: "hand-card" + (actions.length ? " legal" : ""), "data-card": code, "data-key": "card:" + code,
      disabled: !actions.length || pending || !connected,
    }, hand.face(code), el("span", { class: "visually-hidden" }, hand.label(code)));
    button.addEventListener("click", () => {
      const now = handNow.actions(code); // the latest frame's choices for this card
      if (now.length === 1 && !now[0].includes(":")) intent(now[0]);
      else if (now.length && handNow.pick) handNow.pick(code);
    });
    box.append(button);
  });
  box.style.setProperty("--n", String(perRow));
  box.classList.toggle("two-rows", perRow < hand.cards.length);
  box.classList.toggle("playable", !!hand.playable);
}

function renderScoreboard() {
  const dl = el("dl", { class: "facts" });
  if (state.view && state.table.status !== "open") {
    for (const [k, v] of renderer.scoreFacts(t)) dl.append(el("dt", {}, k), el("dd", {}, v));
  }
  $("scoreboard").replaceChildren(renderer.scoreTotals(t), dl);
}

function renderEvents() {
  const list = $("events");
  const { view } = state;
  list.replaceChildren();
  if (!view) return;
  const events = view.events || [];
  for (const ev of events.slice(-14)) {
    const text = renderer.eventText(ev, nameOf);
    if (text) list.append(el("li", { class: "ev ev-" + ev.type }, text));
  }
  const quiet = !events.length && state.table.status === "playing" && renderer.quietText ? renderer.quietText(t) : "";
  if (quiet) list.append(el("li", { class: "muted" }, quiet));
  requestAnimationFrame(() => { list.scrollTop = list.scrollHeight; });
}

// The game-over panel is drawn aside and compared as markup, like the action panel: a
// frame that changes nothing it shows (a player leaving for the rematch's table, a
// presence) keeps its forms, so that the other player's click on "Accept the rematch"
// is not lost to a redraw.
function renderGameOver() {
  const box = $("game-over");
  const { game, table } = state;
  const over = table.status === "finished" || (game && game.is_over);
  box.hidden = !over;
  const fresh = el("div");
  if (over && game) drawGameOver(fresh, game, table);
  if (changed(box, fresh.innerHTML)) box.append(...fresh.childNodes);
}

function drawGameOver(box, game, table) {
  const end = renderer.gameOver(game, t);
  box.append(el("h2", { "data-testid": "game-over-title" }, end.title), ...(end.lead || []), rematchActions(app, table, me(), postForm));
  if (end.finalSheet) { // a copy of the score sheet, its hooks renamed
    const sheet = $("sheet").cloneNode(true);
    sheet.removeAttribute("id");
    sheet.querySelectorAll("[data-testid]").forEach((node) => node.removeAttribute("data-testid"));
    sheet.setAttribute("data-testid", "final-sheet");
    box.append(el("div", { class: "sheet-wrap final-sheet" }, sheet));
  }
  box.append(el("div", { class: "actions" },
    el("a", { class: "button secondary", href: app.dataset.recordsUrl, download: "", "data-testid": "download-records" }, end.records)),
  ...(end.tail || []));
}

// ------------------------------------------------------------------ controls
wireSettings($("sound-toggle"), $("notify-toggle"));

function applyContrast(on) {
  document.documentElement.classList.toggle("high-contrast", on);
  $("contrast-toggle").setAttribute("aria-pressed", String(on));
}
$("contrast-toggle").addEventListener("click", () => {
  const on = !document.documentElement.classList.contains("high-contrast");
  try { localStorage.setItem("club500.contrast", on ? "1" : "0"); } catch { /* private mode */ }
  applyContrast(on);
});
try { applyContrast(localStorage.getItem("club500.contrast") === "1"); } catch { applyContrast(false); }

document.addEventListener("keydown", (event) => {
  const target = event.target;
  if (target && (target.tagName === "INPUT" || target.tagName === "TEXTAREA" || target.tagName === "SELECT")) return;
  if (event.altKey || event.ctrlKey || event.metaKey) return;
  if (target && target.classList && target.classList.contains("hand-card") && (event.key === "ArrowLeft" || event.key === "ArrowRight")) {
    const cards = [...document.querySelectorAll("#hand .hand-card")];
    const i = cards.indexOf(target) + (event.key === "ArrowRight" ? 1 : -1);
    if (cards[i]) { cards[i].focus(); event.preventDefault(); }
    return;
  }
  if (renderer.onKey) renderer.onKey(event, t);
});

if (renderer.setup) renderer.setup(t);
setupTextView(t, renderer);
render();
connect();
