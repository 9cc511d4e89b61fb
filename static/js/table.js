// Club 500: the live table page. Renders every `state` frame of ws/tables/<id>/ and
// sends the member's intents (docs/protocol.md). No build step: a plain ES module.
import {
  el, fmt, gettext as _, cardFace, cardFigure, cardName, callShort, callWords, eventText, joinNames,
  playerName, replaceChanged, resultText, seatLabel, shortName, sideSeats, sortHand, suitName,
  SUIT_SYMBOL, teamLabel,
} from "./cards.js";
import { defaultAnchor, prepareFelt, seatPosition } from "./seats.js";
import { renderReview } from "./review.js";
import { absenceNote, noteFrame } from "./absence.js";
import { noticeTurn, wireSettings } from "./notify.js";
import { rematchActions, rematchAnswer, rematchWaiting } from "./rematch.js";

const app = document.getElementById("table-app");
const $ = (id) => document.getElementById(id);
const csrf = document.querySelector("#csrf-holder [name=csrfmiddlewaretoken]").value;
const baseTitle = document.title;
const STRAINS = ["S", "C", "D", "H", "NT"];
const ngettext = (a, b, n) => (window.ngettext ? window.ngettext(a, b, n) : (n === 1 ? a : b));

let state = JSON.parse($("table-state").textContent);
noteFrame(state);
let socket = null;
let connected = false;
let retryDelay = 500;
let retryTimer = null;
let heartbeatTimer = null;
let pending = false;
let pendingTimer = null;
let pickerFor = null; // joker code whose suit picker is open
let toastTimer = null;
let lastHandSeen = state.sheet.length;
let hasConnected = false;

// ------------------------------------------------------------------ socket
function socketUrl() {
  const proto = location.protocol === "https:" ? "wss" : "ws";
  return "" + proto + "://" + location.host + "/ws/tables/" + state.table.id + "/";
}

function connect() {
  clearTimeout(retryTimer);
  socket = new WebSocket(socketUrl());
  socket.addEventListener("open", () => {
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
    else if (frame.type === "error") onError(frame);
    else if (frame.type === "presence") send({ type: "sync" }); // the state frame carries who is here
    else app.dispatchEvent(new CustomEvent("table:frame", { detail: frame }));
  });
  socket.addEventListener("close", (event) => {
    connected = false;
    app.dataset.connected = "0";
    clearInterval(heartbeatTimer);
    setPending(false);
    render();
    if (event.code === 4403) {
      showToast(_("You may not watch this table."));
      return;
    }
    $("reconnecting").hidden = false;
    const jitter = retryDelay * (0.8 + Math.random() * 0.4);
    retryTimer = setTimeout(connect, jitter);
    retryDelay = Math.min(retryDelay * 2, 10000);
  });
}

// The table's other modules (chat.js, claim.js, seats_admin.js) hear "table:open",
// "table:state" (after each render) and "table:frame" (other frames) on #table-app,
// and send through "table:send" ({frame}) and "table:intent" ({action}).
app.addEventListener("table:send", (event) => { event.detail.sent = send(event.detail.frame); });
app.addEventListener("table:intent", (event) => intent(event.detail.action));

function send(frame) {
  if (socket && socket.readyState === WebSocket.OPEN) {
    socket.send(JSON.stringify(frame));
    return true;
  }
  return false;
}

function intent(action) {
  if (pending) return;
  if (!send({ type: "intent", seq: state.seq, action })) {
    showToast(_("Not connected: your move was not sent."));
    return;
  }
  pickerFor = null;
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
  const wasPlaying = state.table.status;
  const oldSheet = state.sheet.length;
  state = frame;
  setPending(false);
  if (state.table.status !== wasPlaying && state.table.status !== "playing" && wasPlaying === "open") {
    // nothing special: the page re-renders into its new mode
  }
  if (state.sheet.length > oldSheet && state.table.status === "playing" && !state.review) {
    // Dealt again at once (nobody bid): the review panel does not show it.
    const row = state.sheet[state.sheet.length - 1];
    showToast(fmt(_("Hand %(n)s is over. %(result)s"), { n: row.number, result: resultText(row, nameOf) }), "info", 6000);
  }
  lastHandSeen = state.sheet.length;
  render();
}

function onError(frame) {
  setPending(false);
  showToast(frame.message || frame.code);
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
const seatInfo = (seat) => state.table.seats.find((s) => s.seat === seat) || { seat, name: seat };
const me = () => state.table.you;

/** The player in ``seat`` by name ("Bot North", "Bot 2" for a bot). */
const nameOf = (seat) => playerName(seatInfo(seat));

function positionOf(seat) {
  const order = seats();
  return seatPosition(order, seat, me() || defaultAnchor(order));
}

// A table of other than four seats (2, 3, 5, 6 players): laid out as a ring.
const isRing = () => seats().length !== 4;

function teamOf(seat) {
  const teams = (state.view && state.view.teams) || (state.game && state.game.teams) || { NS: ["N", "S"], EW: ["E", "W"] };
  return Object.keys(teams).find((t) => teams[t].includes(seat));
}


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
  prepareFelt($("felt"), table.seats.length, (place) => el("div", { class: "seat-slot pos-" + place, "data-pos": place }));
  renderSeats();
  renderCenter();
  renderTurn();
  renderPregame();
  renderActions();
  renderHand();
  renderScoreboard();
  renderSheet();
  renderEvents();
  renderLastTrick();
  renderDraw();
  renderGameOver();
  renderReview($("review"), state, { me: me(), nameOf, seats: seats(), pending, onNext: () => intent("next") });
  restoreFocus(key);
  app.dispatchEvent(new CustomEvent("table:state", { detail: state }));
}

// A plate equal to the one shown stays (replaceChanged): a presence notice must not
// replace the "Sit here" or "Add a bot" button being tapped.
function renderSeats() {
  const { table, view } = state;
  const plates = new Map([...app.querySelectorAll(".seat-slot")].map((slot) => [slot, []]));
  for (const info of table.seats) {
    const pos = positionOf(info.seat);
    const slot = app.querySelector(".seat-slot[data-pos=\"" + pos + "\"]");
    const toAct = view && table.status === "playing" && view.to_act === info.seat;
    const plate = el("div", {
      class: "plate" + (toAct ? " to-act" : "") + (info.is_you ? " is-you" : "") + (info.free ? " is-free" : "") + (info.is_bot ? " is-bot" : ""),
      "data-seat": info.seat, "data-testid": "seat-" + info.seat,
    });
    const presence = info.free ? null : el("span", {
      class: "dot " + (info.present ? "on" : "off"),
      title: info.present ? _("Connected") : _("Not connected"),
      role: "img", "aria-label": info.present ? _("Connected") : _("Not connected"),
    });
    // A bot's name says it is one ("Bot North"): no badge besides.
    const name = info.free ? _("Free seat") : nameOf(info.seat);
    plate.append(el("div", { class: "plate-name" }, presence, el("span", { class: "who" }, name),
      info.is_you ? el("span", { class: "badge you" }, _("you")) : null));
    const meta = info.is_bot ? [] : [seatLabel(info.seat)];
    if (view && table.status !== "open") {
      if (view.dealer === info.seat) meta.push(_("dealer"));
      if (view.declarer === info.seat) meta.push(_("declarer"));
    }
    const metaLine = el("div", { class: "plate-meta" }, meta.join(" · "));
    if (view && view.dealer === info.seat && table.status !== "open") metaLine.prepend(el("span", { class: "chip", "aria-hidden": "true" }, "D"));
    plate.append(metaLine);
    const note = absenceNote(info, table);
    if (note) plate.append(note);
    if (view && table.status !== "open") {
      const count = view.card_counts ? view.card_counts[info.seat] : null;
      if (!info.is_you && count) {
        plate.append(el("div", { class: "backs", "aria-label": fmt(ngettext("%(n)s card", "%(n)s cards", count), { n: count }), role: "img" },
          ...Array.from({ length: Math.min(count, 16) }, () => el("span", { class: "back" }))));
      }
      if (view.phase === "auction" || (view.calls && view.calls.length && !view.trick.length && !view.tricks.length && view.phase !== "play")) {
        const calls = (view.calls || []).filter((c) => c.seat === info.seat);
        if (calls.length) {
          const last = calls[calls.length - 1].call;
          plate.append(el("div", { class: "bubble" + (last === "pass" ? " pass" : ""), "aria-label": callWords(last) }, callShort(last)));
        }
      }
      if (view.shown && view.shown[info.seat] && view.shown[info.seat].length && !info.is_you) {
        plate.append(el("div", { class: "shown" }, el("span", { class: "shown-label small" }, _("Shown:")),
          ...view.shown[info.seat].map((c) => cardFigure(c, { size: "mini" }))));
      }
    }
    if (view && table.status !== "open" && isRing()) plate.append(...ringPlateExtras(info));
    if (table.status === "open") plate.append(seatControls(info));
    plates.get(slot).push(plate);
  }
  for (const [slot, nodes] of plates) replaceChanged(slot, nodes);
}

/** What a plate of a ring table says besides the name: the card count in figures (the
 * backs are hidden on a phone), the partner and breach calls, a seat that must pass. */
function ringPlateExtras(info) {
  const { view } = state;
  const out = [];
  const count = view.card_counts ? view.card_counts[info.seat] : null;
  const badges = [];
  if (view.partner === info.seat) badges.push(el("span", { class: "badge partner" }, _("partner")));
  if (view.breach && view.breach.seat === info.seat) badges.push(el("span", { class: "badge breach" }, _("breach")));
  if ((view.must_pass || []).includes(info.seat) && view.phase === "auction") badges.push(el("span", { class: "badge" }, _("must pass")));
  if (count !== null && count !== undefined) {
    out.push(el("div", { class: "plate-count", "data-testid": "count-" + info.seat },
      fmt(ngettext("%(n)s card", "%(n)s cards", count), { n: count }), ...badges));
  } else if (badges.length) out.push(el("div", { class: "plate-count" }, ...badges));
  return out;
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

function renderCenter() {
  const center = $("center");
  center.replaceChildren();
  const { view, table } = state;
  if (table.status === "open") {
    const free = table.seats.filter((s) => s.free).length;
    center.append(el("div", { class: "center-note" },
      free ? fmt(ngettext("Waiting for players: %(n)s free seat.", "Waiting for players: %(n)s free seats.", free), { n: free }) : _("Every seat is taken: the host can start.")));
    return;
  }
  if (!view) return;
  let cards = view.trick;
  let finished = null;
  if (!cards.length && view.tricks.length) {
    finished = view.tricks[view.tricks.length - 1];
    cards = finished.cards;
  }
  const trick = el("div", { class: "trick" + (finished ? " done" : "") + (isRing() ? " ring" : ""), "data-testid": "trick" });
  for (const { seat, card } of cards) {
    const fig = cardFigure(card);
    fig.setAttribute("aria-label", fmt(_("%(name)s: %(card)s"), { name: nameOf(seat), card: cardName(card) }));
    trick.append(el("div", { class: "trick-card at-" + (positionOf(seat)) + (finished && finished.winner === seat ? " winner" : ""), "data-seat": seat }, fig,
      isRing() ? el("span", { class: "trick-who", title: nameOf(seat) }, shortName(seat, nameOf, seats())) : null));
  }
  center.append(trick);
  if (finished && view.phase === "play") {
    center.append(el("div", { class: "center-note small" }, fmt(_("Trick won by %(name)s"), { name: nameOf(finished.winner) })));
  } else if (view.phase === "auction") {
    center.append(el("div", { class: "center-note" }, _("Bidding")));
  } else if (view.phase === "kitty") {
    center.append(el("div", { class: "center-note" }, fmt(_("%(name)s is taking the kitty"), { name: nameOf(view.declarer) })));
  } else if (view.phase === "breach") {
    center.append(el("div", { class: "center-note" }, _("Breach round")));
  } else if (view.phase === "partner") {
    center.append(el("div", { class: "center-note" }, fmt(_("%(name)s names a partner card"), { name: nameOf(view.declarer) })));
  }
  if (view.led && view.trick.length) {
    center.append(el("div", { class: "led-suit", title: _("Suit led") }, fmt(_("Led: %(suit)s"), { suit: suitName(view.led) })));
  }
}

function renderTurn() {
  const banner = $("turn-banner");
  const { view, table } = state;
  let text = "";
  banner.className = "turn-banner";
  if (table.status === "playing" && state.review && !state.review.game_over) {
    text = _("The hand is over: look it over, then tap “Next deal”.");
  } else if (table.status === "playing" && view && view.to_act) {
    if (isMyTurn()) {
      text = view.phase === "auction" ? _("Your turn: make your call") : view.phase === "kitty" ? _("Your turn: discard") : _("Your turn");
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
  const box = $("pregame-actions");
  const list = $("seat-list");
  if (table.status !== "open") return;
  list.replaceChildren(...table.seats.map((s) => el("li", {},
    el("strong", {}, seatLabel(s.seat)), " ",
    s.free ? el("span", { class: "muted" }, _("Free seat")) : nameOf(s.seat),
    s.accepted === false ? el("span", { class: "badge pending", "data-testid": "not-accepted-" + s.seat }, _("to accept")) : null)));
  // The buttons are built again only when what they offer changed: a state that
  // comes for something else (someone's presence) must not replace a button that is
  // being tapped.
  const key = JSON.stringify([table.seats.map((s) => [s.free, s.is_you, s.accepted]), me(),
    table.is_host, app.dataset.inviteUrl || ""]);
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
    const input = el("input", { type: "text", readonly: true, value: app.dataset.inviteUrl, class: "invite-input", "aria-label": _("Invite link"), "data-testid": "invite-url" });
    box.append(el("div", { class: "invite" }, el("label", {}, _("Invite link (send it to the players):")), input,
      el("button", { type: "button", class: "button small secondary", onclick: () => { input.select(); navigator.clipboard && navigator.clipboard.writeText(input.value); showToast(_("Link copied."), "info", 2000); } }, _("Copy"))));
  }
}

function legalButton(action, label, { ariaLabel = null, cls = "", onPick = null } = {}) {
  const legal = state.view.legal.includes(action);
  const mine = isMyTurn();
  const button = el("button", {
    type: "button", class: "call " + cls + (legal && mine ? " legal" : ""), "data-action": action,
    "data-key": "act:" + action, "aria-label": ariaLabel, disabled: !(legal && mine) || pending || !connected,
  }, label);
  button.addEventListener("click", () => (onPick ? onPick() : intent(action)));
  return button;
}

function renderActions() {
  const panel = $("action-panel");
  panel.replaceChildren();
  const { view, table } = state;
  if (table.status !== "playing" || !view || !me()) return;
  const legal = view.legal || [];
  if (view.phase === "auction") {
    const grid = el("div", { class: "auction", role: "group", "aria-label": _("Your call") });
    const head = el("div", { class: "auction-row head" }, el("span", {}), ...STRAINS.map((s) => el("span", { class: "strain-head suit-" + s }, s === "NT" ? callShort("6NT").replace(/^6\s*/, "") : SUIT_SYMBOL[s])));
    grid.append(head);
    for (let level = 6; level <= 10; level += 1) {
      const row = el("div", { class: "auction-row" }, el("span", { class: "level" }, String(level)));
      for (const s of STRAINS) {
        const action = "" + level + s;
        row.append(legalButton(action, callShort(action), { ariaLabel: callWords(action), cls: "bid suit-" + s }));
      }
      grid.append(row);
    }
    const extra = el("div", { class: "auction-extra" }, legalButton("pass", _("Pass"), { cls: "pass-button" }));
    if (legal.includes("MIS") || (view.options && view.options.misere)) extra.append(legalButton("MIS", _("Misère")));
    if (legal.includes("OMIS") || (view.options && view.options.open_misere)) extra.append(legalButton("OMIS", _("Open misère")));
    panel.append(el("h2", { class: "panel-title" }, isMyTurn() ? _("Your call") : _("The auction")), grid, extra);
    return;
  }
  if (view.phase === "breach") {
    panel.append(breachControls(view));
    return;
  }
  if (view.phase === "partner") {
    panel.append(partnerControls(view));
    return;
  }
  if (view.phase === "kitty" && view.declarer === me()) {
    const left = discardsLeft(view);
    panel.append(el("p", { class: "prompt", "data-testid": "discard-prompt", "data-left": String(left) }, isMyTurn()
      ? fmt(ngettext("You took the kitty: discard %(n)s more card, one at a time (click a card).",
        "You took the kitty: discard %(n)s more cards, one at a time (click a card).", left), { n: left })
      : _("Discarding…")));
    if (view.discards && view.discards.length) {
      panel.append(el("div", { class: "discards" }, el("span", { class: "muted small" }, _("Discarded:")), ...view.discards.map((c) => cardFigure(c, { size: "mini" }))));
    }
  }
  const names = legal.filter((a) => a.startsWith("name:"));
  if (names.length) {
    const box = el("div", { class: "name-joker" }, el("p", { class: "prompt" }, _("Before the first lead, you may name the joker's suit:")));
    for (const action of names) {
      const [, card, suit] = action.split(":");
      box.append(legalButton(action, "" + (SUIT_SYMBOL[suit]) + " " + (suitName(suit)), {
        ariaLabel: fmt(_("Name %(card)s as %(suit)s"), { card: cardName(card), suit: suitName(suit) }), cls: "suit-" + suit }));
    }
    panel.append(box);
  }
  if (pickerFor) {
    const options = legal.filter((a) => a.startsWith("" + pickerFor + ":"));
    if (options.length) {
      const box = el("div", { class: "suit-picker", role: "group", "aria-label": _("Suit asked for") },
        el("p", { class: "prompt" }, fmt(_("You lead %(card)s: which suit do you ask for?"), { card: cardName(pickerFor) })));
      for (const action of options) {
        const suit = action.split(":")[1];
        box.append(legalButton(action, "" + (SUIT_SYMBOL[suit]) + " " + (suitName(suit)), { cls: "suit-" + suit }));
      }
      box.append(el("button", { type: "button", class: "call", "data-key": "picker:cancel", onclick: () => { pickerFor = null; render(); } }, _("Cancel")));
      panel.append(box);
    } else {
      pickerFor = null;
    }
  }
}

/** The breach round: each defender in turn may bet that the defence takes 12 minus the
 * contract's level in tricks. */
function breachControls(view) {
  const box = el("div", { class: "breach-call", role: "group", "aria-label": _("Breach") });
  box.append(el("p", { class: "prompt" }, isMyTurn()
    ? fmt(_("Against %(call)s: call breach (you bet the defence takes enough tricks) or pass."), { call: callWords(view.contract) })
    : fmt(_("Breach round: waiting for %(name)s."), { name: nameOf(view.to_act) })));
  if (isMyTurn()) {
    box.append(el("div", { class: "auction-extra" }, legalButton("breach", _("Breach"), { cls: "breach-button" }),
      legalButton("pass", _("Pass"), { cls: "pass-button" })));
  }
  return box;
}

/** The five-handed partner call: the declarer names a card another player holds (its
 * holder plays with him), or plays alone. */
function partnerControls(view) {
  const box = el("div", { class: "partner-call", role: "group", "aria-label": _("Partner card") });
  if (!isMyTurn()) {
    box.append(el("p", { class: "prompt" }, fmt(_("%(name)s names a partner card."), { name: nameOf(view.declarer) })));
    return box;
  }
  box.append(el("p", { class: "prompt" }, _("Name your partner's card (whoever holds it plays with you), or play alone.")));
  const bySuit = {};
  for (const action of view.legal.filter((a) => a.startsWith("partner:"))) {
    const card = action.slice(8);
    const suit = card.slice(-1);
    (bySuit[suit] = bySuit[suit] || []).push(action);
  }
  for (const suit of ["S", "H", "C", "D"]) {
    if (!bySuit[suit]) continue;
    box.append(el("div", { class: "partner-suit" }, ...bySuit[suit].map((action) => legalButton(action, callShort(action), {
      ariaLabel: callWords(action), cls: "partner-card suit-" + suit }))));
  }
  box.append(el("div", { class: "auction-extra" }, legalButton("alone", _("Play alone"), { cls: "pass-button" })));
  return box;
}

// How many cards the declarer still has to discard: the declarer holds the kitty on top
// of a full hand until the discards bring it back to the others' count (the view's
// kitty_count is the kitty still on the table: 0 once taken).
function discardsLeft(view) {
  const counts = view.card_counts || {};
  const others = Object.entries(counts).filter(([seat]) => seat !== view.declarer).map(([, n]) => n);
  return Math.max(0, (counts[view.declarer] || 0) - Math.max(0, ...others));
}

function cardActions(code) {
  const view = state.view;
  if (!view || (view.phase !== "play" && view.phase !== "kitty")) return []; // "6S" is also a bid
  const legal = view.legal || [];
  if (legal.includes(code)) return [code];
  return legal.filter((a) => a.startsWith("" + code + ":"));
}

function renderHand() {
  const handBox = $("hand");
  handBox.replaceChildren();
  const { view, table } = state;
  $("hand-area").hidden = !(view && view.hand && table.status !== "open");
  if (!view || !view.hand) return;
  const mine = isMyTurn();
  const cards = sortHand(view.hand, view.contract);
  // More than ten cards (the declarer with the kitty): two rows, which a phone shows one
  // under the other (static/css/table.css), every card's corner whole.
  const perRow = cards.length > 10 ? Math.ceil(cards.length / 2) : cards.length;
  cards.forEach((code, i) => {
    if (i === perRow) handBox.append(el("span", { class: "hand-break", "aria-hidden": "true" }));
    const actions = mine ? cardActions(code) : [];
    const legal = actions.length > 0;
    const button = el("button", {
      type: "button", class: "hand-card" + (legal ? " legal" : ""), "data-card": code, "data-key": "card:" + code,
      "aria-label": cardName(code), disabled: !legal || pending || !connected,
    }, cardFace(code));
    button.addEventListener("click", () => {
      if (actions.length === 1 && !actions[0].includes(":")) intent(actions[0]);
      else if (actions.length) { pickerFor = code; render(); const first = app.querySelector(".suit-picker button.legal"); if (first) first.focus(); }
    });
    handBox.append(button);
  });
  handBox.style.setProperty("--n", String(perRow));
  handBox.classList.toggle("two-rows", perRow < cards.length);
  handBox.classList.toggle("playable", mine && view.phase !== "auction");
}

function renderScoreboard() {
  const box = $("scoreboard");
  const { view, game, table } = state;
  box.replaceChildren();
  const rows = [];
  if (table.status !== "open" && view) {
    rows.push([_("Hand"), String(table.hand_number || state.sheet.length)]);
    rows.push([_("Dealer"), nameOf(view.dealer)]);
    if (view.contract) {
      rows.push([_("Contract"), el("span", { class: "contract", "data-testid": "contract" },
        el("strong", {}, callShort(view.contract)), " ", fmt(_("by %(name)s"), { name: nameOf(view.declarer) }))]);
    }
    rows.push(...ringFacts(view));
    if (view.named_jokers && Object.keys(view.named_jokers).length) {
      rows.push([_("Joker"), Object.entries(view.named_jokers).map(([c, s]) => "" + (cardName(c)) + " = " + (suitName(s))).join(", ")]);
    }
  }
  const dl = el("dl", { class: "facts" });
  for (const [k, v] of rows) dl.append(el("dt", {}, k), el("dd", {}, v));
  box.append(dl);
  const teams = Object.keys((game && game.totals) || (view && view.tricks_won) || { NS: 0, EW: 0 });
  const grid = el("div", { class: "teams" });
  for (const team of teams) {
    const mineTeam = me() && teamOf(me()) === team;
    grid.append(el("div", { class: "team" + (mineTeam ? " mine" : ""), "data-team": team },
      el("div", { class: "team-name" }, teamLabel(team, nameOf)),
      el("div", { class: "team-total", "data-testid": "total-" + team }, String(game ? game.totals[team] : 0)),
      view && table.status === "playing" && view.phase === "play"
        ? el("div", { class: "team-tricks" }, fmt(ngettext("%(n)s trick", "%(n)s tricks", view.tricks_won[team] || 0), { n: view.tricks_won[team] || 0 })) : null));
  }
  box.prepend(grid);
}

/** Facts of the hand that only other counts than four have: the partner card and its
 * holder (five players), a breach, the dead hand (two players). */
function ringFacts(view) {
  const rows = [];
  if (view.partner_card) {
    const holder = view.partner ? nameOf(view.partner) : _("not shown yet");
    rows.push([_("Partner card"), el("span", { "data-testid": "partner-card" }, cardName(view.partner_card), " · ", holder)]);
  } else if (view.declarer && (view.calls || []).some((c) => c.call === "alone")) {
    rows.push([_("Partner card"), _("none: the declarer plays alone")]);
  }
  if (view.breach) rows.push([_("Breach"), el("span", { "data-testid": "breach" }, fmt(_("called by %(name)s"), { name: nameOf(view.breach.seat) }))]);
  if (view.dead_count) rows.push([_("Dead hand"), fmt(_("%(n)s cards nobody plays"), { n: view.dead_count })]);
  return rows;
}

function renderSheet() {
  const table = $("sheet");
  const sheet = state.sheet;
  const teams = Object.keys((state.game && state.game.totals) || { NS: 0, EW: 0 });
  table.replaceChildren();
  // Three sides or more: a narrower sheet; from five, the declarer's tricks go with the
  // contract (no column of their own), so that every side's column fits.
  const many = teams.length > 2;
  const folded = teams.length > 4;
  table.classList.toggle("many", many);
  table.classList.toggle("folded", folded);
  const head = el("tr", {}, el("th", { scope: "col", class: "col-hand" }, "#"), el("th", { scope: "col", class: "col-contract" }, _("Contract")),
    folded ? null : el("th", { scope: "col", class: "col-tricks" }, _("Tricks")),
    ...teams.map((t) => el("th", { scope: "col", class: "num side-head", title: teamLabel(t, nameOf) },
      el("span", { class: "side-names" }, ...sideSeats(t).map((seat) => el("span", { class: "side-member" }, shortName(seat, nameOf, seats())))))));
  table.append(el("thead", {}, head));
  const body = el("tbody");
  for (const row of sheet) {
    let contract;
    let tricks = "";
    if (row.redeal) contract = el("span", { class: "muted" }, _("redeal"));
    else {
      contract = el("span", {}, el("strong", {}, callShort(row.contract)), " ", el("span", { class: "decl" }, shortName(row.declarer, nameOf, seats())),
        " ", el("span", { class: row.made ? "made" : "failed", title: row.made ? _("made") : _("failed") }, row.made ? "✓" : "✗"));
      const dteam = teamOf(row.declarer);
      tricks = row.tricks && row.tricks[dteam] !== undefined && row.tricks[dteam] !== null ? String(row.tricks[dteam]) : "";
    }
    const tr = el("tr", { "data-hand": row.number, "data-score": JSON.stringify(row.score), title: fmt(_("Dealer: %(name)s"), { name: nameOf(row.dealer) }) },
      el("td", {}, state.table.status === "finished" || state.sheet.length ? el("a", { href: app.dataset.replayUrl.replace("999999", row.number), title: _("Replay this hand") }, String(row.number)) : String(row.number)),
      el("td", {}, contract, folded && tricks ? el("span", { class: "muted", title: _("Tricks") }, " · " + tricks) : null),
      folded ? null : el("td", {}, tricks),
      ...teams.map((t) => el("td", { class: "num" },
        el("span", { class: "score" }, "" + (row.score[t] > 0 ? "+" : "") + (row.score[t])), el("br"),
        el("span", { class: "running muted" }, String(row.totals[t])))));
    body.append(tr);
  }
  const lead = folded ? 2 : 3;
  if (!sheet.length) body.append(el("tr", {}, el("td", { colspan: lead + teams.length, class: "muted" }, _("No hand finished yet."))));
  table.append(body);
  const totals = (state.game && state.game.totals) || {};
  table.append(el("tfoot", {}, el("tr", { "data-testid": "sheet-totals", "data-totals": JSON.stringify(totals) },
    el("th", { scope: "row", colspan: lead }, _("Total")), ...teams.map((t) => el("td", { class: "num" }, el("strong", {}, String(totals[t] ?? 0)))))));
}

function renderEvents() {
  const list = $("events");
  const { view } = state;
  list.replaceChildren();
  if (!view) return;
  const events = view.events || [];
  for (const ev of events.slice(-14)) {
    const text = eventText(ev, nameOf);
    if (text) list.append(el("li", { class: "ev ev-" + ev.type }, text));
  }
  if (!events.length && state.table.status === "playing") {
    list.append(el("li", { class: "muted" }, fmt(_("Hand %(n)s: %(name)s deals."), { n: state.table.hand_number, name: nameOf(view.dealer) })));
  }
  requestAnimationFrame(() => { list.scrollTop = list.scrollHeight; });
}

function renderLastTrick() {
  const box = $("last-trick");
  const button = $("last-trick-button");
  const view = state.view;
  const tricks = (view && view.tricks) || [];
  button.disabled = !tricks.length;
  box.replaceChildren();
  if (!tricks.length) { box.hidden = true; button.setAttribute("aria-expanded", "false"); return; }
  const last = tricks[tricks.length - 1];
  box.append(el("p", { class: "small" }, fmt(_("Trick %(n)s, won by %(name)s"), { n: tricks.length, name: nameOf(last.winner) })),
    el("div", { class: "last-cards" }, ...last.cards.map(({ seat, card }) => el("div", { class: "lt" + (seat === last.winner ? " winner" : "") },
      cardFigure(card, { size: "small" }), el("span", { class: "small" }, nameOf(seat))))));
}

function renderDraw() {
  const game = state.game;
  const panel = $("draw-panel");
  if (!game || !game.draw) { panel.hidden = true; return; }
  panel.hidden = false;
  const box = $("draw");
  box.replaceChildren();
  game.draw.forEach((round, i) => {
    box.append(el("div", { class: "draw-round" }, game.draw.length > 1 ? el("span", { class: "muted small" }, fmt(_("Round %(n)s"), { n: i + 1 })) : null,
      ...Object.entries(round).map(([seat, card]) => el("div", { class: "lt" }, cardFigure(card, { size: "small" }), el("span", { class: "small" }, nameOf(seat))))));
  });
  box.append(el("p", { class: "small" }, fmt(_("Lowest card deals first: %(name)s."), { name: nameOf(game.first_dealer) })));
  if (state.table.hand_number === 1 && state.view && !(state.view.events || []).length) panel.open = true;
}

function renderGameOver() {
  const box = $("game-over");
  const { game, table } = state;
  const over = table.status === "finished" || (game && game.is_over);
  box.hidden = !over;
  box.replaceChildren();
  if (!over || !game) return;
  const teams = Object.keys(game.totals);
  const winners = game.winners || (game.winner ? [game.winner] : []);
  box.append(el("h2", { "data-testid": "game-over-title" }, gameOverTitle(winners)),
    el("p", { class: "final-score" }, ...teams.map((t, i) => [i ? " — " : "", el("span", { class: winners.includes(t) ? "winner" : "", "data-team": t }, "" + (teamLabel(t, nameOf)) + " " + (game.totals[t]))])));
  const links = el("ul", { class: "replay-links" });
  for (const row of state.sheet) {
    links.append(el("li", {}, el("a", { href: app.dataset.replayUrl.replace("999999", row.number) }, fmt(_("Replay hand %(n)s"), { n: row.number }))));
  }
  const rematch = rematchActions(app, table, me(), postForm);
  const sheet = $("sheet").cloneNode(true);
  sheet.removeAttribute("id");
  sheet.querySelectorAll("[data-testid]").forEach((node) => node.removeAttribute("data-testid"));
  sheet.setAttribute("data-testid", "final-sheet");
  box.append(rematch, el("div", { class: "sheet-wrap final-sheet" }, sheet),
    el("div", { class: "actions" },
      el("a", { class: "button secondary", href: app.dataset.recordsUrl, download: "", "data-testid": "download-records" }, _("Download the hand records"))), links);
}

/** Who won, in words: one side (a player, or a team named by its players), the
 * declarer and his partner who won together (five players), or a tie. */
function gameOverTitle(winners) {
  if (winners.length > 1) {
    return fmt(_("Game over: %(names)s win together!"), { names: joinNames(winners.map((t) => teamLabel(t, nameOf))) });
  }
  if (!winners.length) return _("Game over: a tie.");
  const players = sideSeats(winners[0]).length;
  return fmt(ngettext("Game over: %(team)s wins!", "Game over: %(team)s win!", players), { team: teamLabel(winners[0], nameOf) });
}

// ------------------------------------------------------------------ controls
function toggleLastTrick() {
  const box = $("last-trick");
  const button = $("last-trick-button");
  if (button.disabled) return;
  box.hidden = !box.hidden;
  button.setAttribute("aria-expanded", String(!box.hidden));
}
$("last-trick-button").addEventListener("click", toggleLastTrick);
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
  if (event.key === "l" || event.key === "L") toggleLastTrick();
  if (event.key === "Escape" && pickerFor) { pickerFor = null; render(); }
});

render();
connect();
