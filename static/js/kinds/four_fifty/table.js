// Club 500: a live 450 table. Renders every `state` frame of ws/tables/<id>/ (the 450
// engine's view: games/engine/four_fifty/README.md) and sends the member's intents
// (docs/protocol.md): "hide", a card, "major:...", "aside:KC", "pot:P3".
import { el, fmt, gettext as _, replaceChanged } from "../../cards.js";
import { absenceNote, noteFrame } from "../../absence.js";
import { noticeTurn, wireSettings } from "../../notify.js";
import { rematchActions, rematchAnswer, rematchWaiting } from "../../rematch.js";
import { countsNodes, renderReview } from "./review.js";
import { card, cardShort, cardsShort, cardWords, eventText, followText, seatName, seatNumber } from "./words.js";

const app = document.getElementById("table-app");
const $ = (id) => document.getElementById(id);
const csrf = document.querySelector("#csrf-holder [name=csrfmiddlewaretoken]").value;
const baseTitle = document.title;
const ngettext = (a, b, n) => (window.ngettext ? window.ngettext(a, b, n) : (n === 1 ? a : b));
// The dealer's time to show the face-up cards (games.kinds.four_fifty.SHOW_SECONDS).
const SHOW_SECONDS = 20;

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
let showSince = null; // when this page saw the face-up cards go on the table
let showTimer = null;

function seatInfo(seat) { return state.table.seats.find((s) => s.seat === seat) || { seat, name: "" }; }
const nameOf = (seat) => seatName(seatInfo(seat));
const me = () => state.table.you;

// ------------------------------------------------------------------ socket
function connect() {
  clearTimeout(retryTimer);
  const proto = location.protocol === "https:" ? "wss" : "ws";
  socket = new WebSocket(proto + "://" + location.host + "/ws/tables/" + state.table.id + "/");
  socket.addEventListener("open", () => {
    retryDelay = 500;
    $("reconnecting").hidden = true;
    if (hasConnected) send({ type: "sync" });
    hasConnected = true;
    clearInterval(heartbeatTimer);
    heartbeatTimer = setInterval(() => send({ type: "heartbeat" }), 20000);
    app.dataset.connected = "1";
    connected = true;
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
    app.dataset.connected = "0";
    connected = false;
    clearInterval(heartbeatTimer);
    setPending(false);
    render();
    if (event.code === 4403) { showToast(_("You may not watch this table.")); return; }
    $("reconnecting").hidden = false;
    retryTimer = setTimeout(connect, retryDelay * (0.8 + Math.random() * 0.4));
    retryDelay = Math.min(retryDelay * 2, 10000);
  });
}

// The table's shared modules (chat.js, seats_admin.js) hear "table:open", "table:state"
// (after each render) and "table:frame" (other frames) on #table-app, and send through
// "table:send" ({frame}) and "table:intent" ({action}).
app.addEventListener("table:send", (event) => { event.detail.sent = send(event.detail.frame); });
app.addEventListener("table:intent", (event) => intent(event.detail.action));

function send(frame) {
  if (socket && socket.readyState === WebSocket.OPEN) { socket.send(JSON.stringify(frame)); return true; }
  return false;
}

function intent(action) {
  if (pending) return;
  if (!send({ type: "intent", seq: state.seq, action })) { showToast(_("Not connected: your move was not sent.")); return; }
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
    // Dealt again at once (nobody at the table to review the round): a word of its end.
    const row = state.sheet[state.sheet.length - 1];
    const best = Object.entries(row.points).sort((a, b) => b[1] - a[1])[0];
    showToast(fmt(_("Round %(n)s is over: %(name)s scores the most (%(points)s)."), { n: row.number, name: nameOf(best[0]), points: best[1] }), "info", 6000);
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

function postForm(url, fields, label, { cls = "button small", testid = null } = {}) {
  const form = el("form", { method: "post", action: url, class: "inline" },
    el("input", { type: "hidden", name: "csrfmiddlewaretoken", value: csrf }));
  for (const [k, v] of Object.entries(fields)) form.append(el("input", { type: "hidden", name: k, value: v }));
  form.append(el("button", { type: "submit", class: cls, "data-testid": testid }, label));
  return form;
}

function isMyTurn() {
  const v = state.view;
  return !!(v && me() && v.to_act === me() && v.legal && v.legal.length && state.table.status === "playing");
}

function legalButton(action, label, { ariaLabel = null, cls = "", testid = null } = {}) {
  const ok = isMyTurn() && state.view.legal.includes(action);
  return el("button", {
    type: "button", class: "call " + cls + (ok ? " legal" : ""), "data-action": action, "data-key": "act:" + action,
    "aria-label": ariaLabel, disabled: !ok || pending || !connected, "data-testid": testid, onclick: () => intent(action),
  }, label);
}

// ------------------------------------------------------------------ render
function render() {
  const focused = document.activeElement && document.activeElement.dataset ? document.activeElement.dataset.key : null;
  const { table, view } = state;
  app.dataset.status = table.status;
  app.dataset.seq = String(state.seq);
  app.dataset.phase = view ? view.phase : "";
  app.classList.toggle("my-turn", isMyTurn());
  $("spectator-note").hidden = !!me();
  $("pregame").hidden = table.status !== "open";
  trackShow();
  renderSeats();
  renderCenter();
  renderTurn();
  renderPregame();
  renderActions();
  renderHand();
  renderCounts();
  renderScoreboard();
  renderSheet();
  renderEvents();
  renderGameOver();
  renderReview($("review"), state, { me: me(), nameOf, seats: state.table.seats.map((s) => s.seat), pending, onNext: () => intent("next") });
  if (focused) {
    const target = app.querySelector("[data-key=\"" + CSS.escape(focused) + "\"]");
    if (target && !target.disabled) target.focus();
  }
  app.dispatchEvent(new CustomEvent("table:state", { detail: state }));
}

function trackShow() {
  const v = state.view;
  const showing = state.table.status === "playing" && v && (v.phase === "show" || v.phase === "aside");
  if (showing && showSince === null) showSince = Date.now();
  if (!showing) showSince = null;
  clearInterval(showTimer);
  if (showing) showTimer = setInterval(renderActions, 1000);
}

function roles(seat) {
  const v = state.view;
  const out = [];
  if (!v || state.table.status === "open") return out;
  if (v.dealer === seat) out.push(_("dealer"));
  if (v.lanceur === seat) out.push(_("lanceur"));
  if (v.secretary === seat) out.push(_("secretary"));
  if (v.master === seat) out.push(_("master"));
  return out;
}

function plate(info) {
  const { table, view } = state;
  const toAct = view && table.status === "playing" && view.to_act === info.seat;
  const box = el("div", {
    class: "plate" + (toAct ? " to-act" : "") + (info.is_you ? " is-you" : "") + (info.free ? " is-free" : ""),
    "data-seat": info.seat, "data-testid": "seat-" + info.seat,
  });
  const presence = info.free ? null : el("span", { class: "dot " + (info.present ? "on" : "off"), role: "img",
    "aria-label": info.present ? _("Connected") : _("Not connected"), title: info.present ? _("Connected") : _("Not connected") });
  box.append(el("div", { class: "plate-name" }, presence,
    el("span", { class: "who" }, info.free ? _("Free seat") : nameOf(info.seat)),
    info.is_bot ? el("span", { class: "badge bot" }, _("bot")) : null,
    info.is_you ? el("span", { class: "badge you" }, _("you")) : null));
  const meta = [fmt(_("Seat %(n)s"), { n: seatNumber(info.seat) }), ...roles(info.seat)];
  box.append(el("div", { class: "plate-meta" }, meta.join(" · ")));
  const note = absenceNote(info, table);
  if (note) box.append(note);
  if (view && table.status !== "open") {
    const count = view.card_counts ? view.card_counts[info.seat] : 0;
    box.append(el("div", { class: "plate-count", "data-testid": "count-" + info.seat },
      fmt(ngettext("%(n)s card", "%(n)s cards", count), { n: count })));
    const shown = view.shown && view.shown[info.seat];
    if (shown && shown.length && !info.is_you) {
      box.append(el("div", { class: "shown", "data-testid": "shown-" + info.seat }, ...shown.map((c) => card(c, "mini"))));
    }
    const major = view.announced && view.announced[info.seat];
    if (major) box.append(el("div", { class: "announce" }, _("Major sequence"), " ", cardsShort(major)));
  }
  if (table.status === "open") {
    const actions = el("div", { class: "plate-actions" });
    if (info.free && !me()) actions.append(postForm(app.dataset.sitUrl, { seat: info.seat }, _("Sit here"), { testid: "sit-" + info.seat }));
    if (info.free && table.is_host) actions.append(postForm(app.dataset.botUrl, { seat: info.seat, bot: "1" }, _("Add a bot"), { cls: "button small secondary", testid: "bot-" + info.seat }));
    if (info.is_bot && table.is_host) actions.append(postForm(app.dataset.botUrl, { seat: info.seat, bot: "0" }, _("Remove the bot"), { cls: "button small secondary", testid: "unbot-" + info.seat }));
    box.append(actions);
  }
  return box;
}

function renderSeats() {
  const seats = state.table.seats;
  const mine = me();
  const start = mine ? seats.findIndex((s) => s.seat === mine) + 1 : 0;
  const others = [];
  for (let i = 0; i < seats.length; i += 1) {
    const info = seats[(start + i) % seats.length];
    if (info.seat !== mine) others.push(info);
  }
  // A plate equal to the one shown stays: a presence notice must not replace the
  // "Sit here" or "Add a bot" button being tapped.
  replaceChanged($("ring"), others.map(plate));
  $("ring").dataset.count = String(others.length);
  replaceChanged($("me-slot"), mine ? [plate(seatInfo(mine))] : []);
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
    return;
  }
  if (!view) return;
  const top = el("div", { class: "tabletop" });
  const df = el("div", { class: "spot", "data-testid": "double-face" }, el("div", { class: "spot-label" }, _("Double-faced card")),
    view.double_face ? card(view.double_face, "small") : null);
  const potCards = [];
  if (view.pot_shown) potCards.push(card(view.pot_shown, "small"));
  const hiddenPot = view.pot_count - (view.pot_shown ? 1 : 0);
  if (hiddenPot > 0) potCards.push(el("span", { class: "backs pot-backs", role: "img", "aria-label": fmt(ngettext("%(n)s card face down", "%(n)s cards face down", hiddenPot), { n: hiddenPot }) },
    ...Array.from({ length: hiddenPot }, () => el("span", { class: "back" }))));
  const pot = el("div", { class: "spot", "data-testid": "pot" }, el("div", { class: "spot-label" }, fmt(_("Pot (%(n)s)"), { n: view.pot_count })), ...potCards);
  const pile = view.pile || [];
  const last = pile.slice(-4);
  const pileBox = el("div", { class: "spot pile", "data-testid": "pile" }, el("div", { class: "spot-label" }, fmt(_("Discards (%(n)s)"), { n: pile.length })),
    el("div", { class: "pile-cards" }, ...last.map((p, i) => {
      const c = card(p.card, i === last.length - 1 ? "" : "mini");
      c.title = fmt(_("%(name)s: %(card)s"), { name: nameOf(p.seat), card: cardWords(p.card) });
      return el("span", { class: "pile-card" + (i === last.length - 1 ? " top" : "") }, c);
    })));
  top.append(df, pot, pileBox);
  center.append(top);
  const aside = (view.aside || []).concat(view.leftover || []);
  if (aside.length) center.append(el("div", { class: "center-note small" }, _("Set aside:"), " ", cardsShort(aside)));
  if (view.phase === "discard") center.append(el("div", { class: "center-note follow", "data-testid": "follow" }, followText(view.follow)));
  if (view.phase === "show") center.append(el("div", { class: "center-note" }, fmt(_("%(name)s shows the face-up cards."), { name: nameOf(view.dealer) })));
  if (view.phase === "pot") center.append(el("div", { class: "center-note" }, fmt(_("The master (%(name)s) chooses who receives the pot's first card."), { name: nameOf(view.master) })));
}

function renderTurn() {
  const banner = $("turn-banner");
  const { view, table } = state;
  let text = "";
  banner.className = "turn-banner";
  if (table.status === "playing" && state.review && !state.review.game_over) {
    text = _("The round is over: look it over, then tap “Next round”.");
  } else if (table.status === "playing" && view && view.to_act) {
    if (isMyTurn()) {
      text = { show: _("Your turn: hide the face-up cards when everyone has seen them"), aside: _("Your turn: eliminate a card"),
        pot: _("Your turn: give the pot's first card"), discard: _("Your turn: discard a card") }[view.phase] || _("Your turn");
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
    el("strong", {}, fmt(_("Seat %(n)s"), { n: seatNumber(s.seat) })), " ",
    s.free ? el("span", { class: "muted" }, _("Free seat")) : nameOf(s.seat),
    s.is_bot ? el("span", { class: "badge bot" }, _("bot")) : null)));
  const box = $("pregame-actions");
  // Built again only when what it offers changed: a state that comes for something
  // else (someone's presence) must not replace a button that is being tapped.
  const key = JSON.stringify([table.seats.map((s) => [s.free, s.is_you, s.accepted]), me(), table.is_host,
    app.dataset.inviteUrl || ""]);
  if (box.dataset.key === key) return;
  box.dataset.key = key;
  box.replaceChildren();
  const answer = rematchAnswer(app, table, postForm); // a rematch: the seat is kept until they answer
  if (answer.length) box.append(...answer);
  else if (me()) box.append(postForm(app.dataset.leaveUrl, {}, _("Leave my seat"), { cls: "button secondary", testid: "leave" }));
  box.append(...rematchWaiting(table));
  if (table.is_host) {
    if (table.seats.some((s) => s.free)) box.append(postForm(app.dataset.fillUrl, {}, _("Fill with bots"), { cls: "button secondary", testid: "fill-bots" }));
    box.append(postForm(app.dataset.startUrl, {}, _("Start the game"), { cls: "button", testid: "start" }));
  }
  if (app.dataset.inviteUrl) {
    box.append(el("div", { class: "invite" }, el("label", {}, _("Invite link (send it to the players):")),
      el("input", { type: "text", readonly: true, value: app.dataset.inviteUrl, class: "invite-input", "aria-label": _("Invite link"), "data-testid": "invite-url" })));
  }
}

function renderActions() {
  const panel = $("action-panel");
  panel.replaceChildren();
  const { view, table } = state;
  if (table.status !== "playing" || !view || !me()) return;
  const legal = view.legal || [];
  if (view.phase === "show" && view.dealer === me()) {
    const left = Math.max(0, SHOW_SECONDS - Math.floor((Date.now() - (showSince || Date.now())) / 1000));
    panel.append(el("p", { class: "prompt" }, _("You are the dealer: the face-up cards stay on the table until you hide them.")),
      legalButton("hide", _("Hide the face-up cards"), { cls: "wide", testid: "hide" }),
      el("span", { class: "muted small countdown", "data-testid": "countdown" }, " ", fmt(_("(hidden for you in %(n)s s)"), { n: left })));
    return;
  }
  const asides = legal.filter((a) => a.startsWith("aside:"));
  if (asides.length) {
    panel.append(el("p", { class: "prompt" }, _("You are the lanceur: eliminate one of the two cards left; the other goes face up on the pot.")),
      el("div", { class: "choices" }, ...asides.map((a) => legalButton(a, cardShort(a.slice(6)), { ariaLabel: cardWords(a.slice(6)), testid: "act-" + a }))));
  }
  const majors = legal.filter((a) => a.startsWith("major:"));
  if (majors.length) {
    panel.append(el("p", { class: "prompt" }, _("Before your first discard you may announce a major sequence (suite majeure, +50):")),
      el("div", { class: "choices" }, ...majors.map((a) => legalButton(a, cardsShort(a.slice(6).split(",")), { testid: "major" }))));
  }
  const pots = legal.filter((a) => a.startsWith("pot:"));
  if (pots.length) {
    panel.append(el("p", { class: "prompt" }, _("You are the master (maître): who receives the pot's first card?")),
      el("div", { class: "choices" }, ...pots.map((a) => legalButton(a, nameOf(a.slice(4)), { testid: "act-" + a }))));
  }
  if (view.phase === "discard" && isMyTurn()) {
    panel.append(el("p", { class: "prompt" }, _("Discard a card: tap one of the highlighted cards.")));
  }
}

function renderHand() {
  const box = $("hand");
  box.replaceChildren();
  const { view, table } = state;
  $("hand-area").hidden = !(view && view.hand && table.status !== "open");
  if (!view || !view.hand) return;
  const mine = isMyTurn() && view.phase === "discard";
  for (const code of view.hand) {
    const ok = mine && view.legal.includes(code);
    const button = el("button", {
      type: "button", class: "hand-card" + (ok ? " legal" : ""), "data-card": code, "data-key": "card:" + code,
      "aria-label": cardWords(code), disabled: !ok || pending || !connected,
    }, card(code).firstChild);
    button.addEventListener("click", () => intent(code));
    box.append(button);
  }
  box.classList.toggle("playable", mine);
}

function renderCounts() {
  const box = $("counts");
  const view = state.view;
  box.replaceChildren();
  // The round review shows the same counts (and more) until the next deal.
  const first = view && view.first_count && !(state.review && !state.review.game_over);
  box.hidden = !first;
  if (!first) return;
  const result = view.result || {};
  box.append(...countsNodes({ ...view, pot_to: result.pot_to, final: result.final },
    state.table.seats.map((s) => s.seat), nameOf));
}

function renderScoreboard() {
  const box = $("scoreboard");
  const { view, game, table } = state;
  box.replaceChildren();
  const dl = el("dl", { class: "facts" });
  if (view && table.status !== "open") {
    const rows = [[_("Round"), String(table.hand_number)], [_("Dealer"), nameOf(view.dealer)], [_("Lanceur"), nameOf(view.lanceur)],
      [_("Secretary"), nameOf(view.secretary)], [_("Double-faced card"), cardShort(view.double_face)]];
    if (game && game.end) {
      rows.push([_("End"), game.end.by === "rounds"
        ? fmt(ngettext("after %(n)s round", "after %(n)s rounds", game.end.rounds), { n: game.end.rounds })
        : fmt(_("at %(n)s points"), { n: game.end.target })]);
    }
    for (const [k, v] of rows) dl.append(el("dt", {}, k), el("dd", {}, v));
  }
  const totals = (game && game.totals) || {};
  const grid = el("div", { class: "totals450" });
  for (const info of table.seats) {
    grid.append(el("div", { class: "team" + (info.is_you ? " mine" : "") },
      el("div", { class: "team-name" }, nameOf(info.seat)),
      el("div", { class: "team-total", "data-testid": "total-" + info.seat }, String(totals[info.seat] ?? 0))));
  }
  box.append(grid, dl);
}

function renderSheet() {
  const tableEl = $("sheet");
  const seats = state.table.seats.map((s) => s.seat);
  tableEl.replaceChildren();
  tableEl.append(el("thead", {}, el("tr", {}, el("th", { scope: "col" }, "#"),
    ...seats.map((s) => el("th", { scope: "col", class: "num" }, el("abbr", { title: nameOf(s) }, seatNumber(s)))))));
  const body = el("tbody");
  for (const row of state.sheet) {
    const record = app.dataset.recordUrl.replace("999999", row.number);
    body.append(el("tr", { "data-round": row.number, "data-points": JSON.stringify(row.points), "data-testid": "sheet-row",
      title: fmt(_("Dealer: %(name)s"), { name: nameOf(row.dealer) }) },
      el("td", {}, el("a", { href: app.dataset.replayUrl.replace("999999", row.number), title: _("Replay this round") }, String(row.number)),
        " ", el("a", { href: record, download: "", class: "small", title: _("Download this round's record"), "data-testid": "record-" + row.number }, "⤓")),
      ...seats.map((s) => el("td", { class: "num" }, el("span", { class: "score" }, String(row.points[s])), el("br"),
        el("span", { class: "running muted" }, String(row.totals[s]))))));
  }
  if (!state.sheet.length) body.append(el("tr", {}, el("td", { colspan: 1 + seats.length, class: "muted" }, _("No round finished yet."))));
  tableEl.append(body);
  const totals = (state.game && state.game.totals) || {};
  tableEl.append(el("tfoot", {}, el("tr", { "data-testid": "sheet-totals", "data-totals": JSON.stringify(totals) },
    el("th", { scope: "row" }, _("Total")), ...seats.map((s) => el("td", { class: "num" }, el("strong", {}, String(totals[s] ?? 0)))))));
}

function renderEvents() {
  const list = $("events");
  const view = state.view;
  list.replaceChildren();
  if (!view) return;
  for (const ev of (view.events || []).slice(-14)) list.append(el("li", { class: "ev ev-" + ev.type }, eventText(ev, nameOf)));
  requestAnimationFrame(() => { list.scrollTop = list.scrollHeight; });
}

function renderGameOver() {
  const box = $("game-over");
  const { game, table } = state;
  const over = table.status === "finished" || (game && game.is_over);
  box.hidden = !over;
  box.replaceChildren();
  if (!over || !game) return;
  const names = (game.winners || []).map(nameOf).join(", ");
  box.append(el("h2", {}, game.winners && game.winners.length === 1
    ? fmt(_("Game over: %(name)s wins!"), { name: names })
    : fmt(_("Game over: %(names)s share the win."), { names })),
  rematchActions(app, table, me(), postForm),
  el("div", { class: "actions" },
    el("a", { class: "button secondary", href: app.dataset.recordsUrl, download: "", "data-testid": "download-records" }, _("Download the round records"))));
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
  if (!target || !target.classList || !target.classList.contains("hand-card")) return;
  if (event.key !== "ArrowLeft" && event.key !== "ArrowRight") return;
  const cards = [...document.querySelectorAll("#hand .hand-card")];
  const i = cards.indexOf(target) + (event.key === "ArrowRight" ? 1 : -1);
  if (cards[i]) { cards[i].focus(); event.preventDefault(); }
});

render();
connect();
