/* Club 500: a table's score sheet that survives the network (hall tables: a row of the
 * sheet, a hand or a round as the game has it, and its confirmation by the other side).
 *
 * Every form of the sheet marked data-entry-queue gets a new key (a UUID, in its hidden
 * entry_key field) each time it is sent; the server writes an entry once per key
 * (tournaments/services/submissions.py). When the phone is offline, or when entries are
 * already waiting (they go in order), or when htmx could not reach the server, the entry
 * is kept instead in IndexedDB (database "club500-entries"), in the order it was made,
 * and shown on the sheet as waiting to be sent; the entry form moves on to the next hand.
 *
 * The queue is sent, one entry after the other, when the browser is back online, when
 * a page of the site loads this module (so a page closed and opened again loses
 * nothing) and every 20 seconds while entries wait (a Wi-Fi that answers nothing does
 * not always say it is offline). Each entry is sent asking for JSON: written (or already
 * written under its key: the same answer) -> it leaves the queue; refused -> the queue
 * stops there and the sheet shows why, in words (a conflict: the other side entered that
 * hand meanwhile, it was confirmed already, the round was closed); the entry stays until
 * the player removes it, nothing is lost. A network failure stops the sending quietly
 * until the next try.
 *
 * The offline page loads it too, to say how many entries the phone keeps and to list
 * those of the page asked for (in the words of its catalog, precached with it).
 * A live table's moves are never kept (static/js/table.js: the game must be in step). */

const _ = (s) => (window.gettext ? window.gettext(s) : s);
const ngettext = (a, b, n) => (window.ngettext ? window.ngettext(a, b, n) : (n === 1 ? a : b));
const fmt = (s, obj) => (window.interpolate ? window.interpolate(s, obj, true) : s);

const DB_NAME = "club500-entries";
const STORE = "queue";
const RETRY_MS = 20000;
// A send that fails while the phone says it is online (the hall's Wi-Fi is back but not yet
// carrying, say) is tried again soon: after 1 s, then twice as long each time up to RETRY_MS.
const FIRST_RETRY_MS = 1000;
const TRANSIENT = [502, 503, 504];  // a proxy's answers while the site is down
const SUMMARY_CHARS = 90;

/* ---- IndexedDB: one store, entries in the order they were made (auto-increment id) ---- */
let dbPromise = null;
function db() {
  if (!dbPromise) {
    dbPromise = new Promise((resolve, reject) => {
      const request = indexedDB.open(DB_NAME, 1);
      request.onupgradeneeded = () => {
        request.result.createObjectStore(STORE, { keyPath: "id", autoIncrement: true });
      };
      request.onsuccess = () => resolve(request.result);
      request.onerror = () => reject(request.error);
    });
  }
  return dbPromise;
}

async function run(mode, work) {
  const base = await db();
  return new Promise((resolve, reject) => {
    const tx = base.transaction(STORE, mode);
    const result = work(tx.objectStore(STORE));
    tx.oncomplete = () => resolve(result && "result" in result ? result.result : undefined);
    tx.onerror = () => reject(tx.error);
  });
}

const all = () => run("readonly", (store) => store.getAll());
const add = (item) => run("readwrite", (store) => store.add(item));
const put = (item) => run("readwrite", (store) => store.put(item));
const remove = (id) => run("readwrite", (store) => store.delete(id));

function uuid() {
  if (window.crypto && crypto.randomUUID) { return crypto.randomUUID(); }
  const b = crypto.getRandomValues(new Uint8Array(16));
  b[6] = (b[6] & 0x0f) | 0x40;
  b[8] = (b[8] & 0x3f) | 0x80;
  const h = Array.from(b, (x) => x.toString(16).padStart(2, "0")).join("");
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
}

/* The sheet this page shows: its entries are the ones listed here. */
const SHEET = location.pathname;
let queued = [];  // this browser's entries, oldest first (a copy of the store)

async function reload() {
  queued = (await all()).sort((a, b) => a.id - b.id);
}
const mine = () => queued.filter((item) => item.sheet === SHEET);

/* ---- what an entry says on the sheet ---- */
function summary(form) {
  const parts = [];
  form.querySelectorAll("select, input").forEach((field) => {
    if (!field.name || field.type === "hidden" || field.disabled) { return; }
    if (field.tagName === "SELECT") {
      if (field.value) { parts.push(field.selectedOptions[0].textContent.trim()); }
    } else if (field.type === "checkbox" || field.type === "radio") {
      if (field.checked) { parts.push(field.closest("label") ? field.closest("label").textContent.trim() : field.value); }
    } else if (field.value) {
      parts.push(field.value);
    }
  });
  const text = parts.join(" · ");
  return text.length > SUMMARY_CHARS ? text.slice(0, SUMMARY_CHARS - 1) + "…" : text;
}

function title(form) {
  if (form.dataset.entryQueue === "confirm") {
    const card = form.closest(".r-pending-card");
    const name = card && card.querySelector("strong");
    return fmt(_("Confirmation: %(row)s"), { row: name ? name.textContent.trim() : "" });
  }
  const heading = form.querySelector("[data-entry-title]");
  return heading ? heading.textContent.trim() : "";
}

/* The sheet row a confirmation names (its hand, or its round: the game's own field). */
function rowOf(form) {
  const data = new FormData(form);
  return data.get("hand") || data.get("line");
}

function fields(form) {
  return Array.from(new FormData(form).entries()).filter((pair) => typeof pair[1] === "string");
}

async function keep(form, key, pairs) {
  await add({
    sheet: SHEET,
    url: form.getAttribute("action"),
    action: form.dataset.entryQueue,
    key: key,
    fields: pairs,
    title: title(form),
    summary: form.dataset.entryQueue === "enter" ? summary(form) : "",
    row: form.dataset.entryQueue === "confirm" ? rowOf(form) : null,
    state: "waiting",
    made: Date.now(),
  });
  await reload();
  if (form.dataset.entryQueue === "enter") {
    form.reset();
    const preview = form.querySelector("[aria-live]");
    if (preview) { preview.textContent = ""; }
  }
  form.removeAttribute("data-dirty");
  show();
}

/* ---- the sheet: the waiting entries, and the entry form on the next free row ---- */
function el(tag, attrs, ...children) {
  const node = document.createElement(tag);
  Object.entries(attrs || {}).forEach(([k, v]) => node.setAttribute(k, v));
  children.forEach((c) => node.append(c));
  return node;
}

/* Is this kept entry a row that counts (data-redeal-same: a re-deal by the same dealer
 * keeps the hand's number and dealer)? */
function counts(form, item) {
  return !(form.hasAttribute("data-redeal-same") &&
    item.fields.some(([name, value]) => name === "redeal" && value === "1"));
}

/* The entry form on the row after the kept entries: its seq (the server's, data-seq,
 * plus the entries sent since the page was drawn and those still kept) and its heading
 * (data-heading, the game's words with %(n)s and %(dealer)s: with data-rotation, the
 * dealers in order from the next one, the hand's number and dealer; without it, the
 * row's number, its dealer being known once the rows before are scored). */
function advance(form) {
  const seqField = form.querySelector('input[name="seq"]');
  if (!seqField) { return; }
  const entries = mine().filter((item) => item.action === "enter");
  const sent = Number(form.dataset.sent || 0);
  const seq = Number(form.dataset.seq) + sent + entries.length;
  seqField.value = String(seq);
  const heading = form.querySelector("[data-entry-title]");
  if ((!entries.length && !sent) || !heading || !form.dataset.heading) { return; }
  const rotation = (form.dataset.rotation || "").split(" ").filter(Boolean);
  if (rotation.length) {
    const hands = Number(form.dataset.sentHands || 0) + entries.filter((item) => counts(form, item)).length;
    heading.textContent = fmt(form.dataset.heading, {
      n: Number(form.dataset.hand) + hands,
      dealer: rotation[hands % rotation.length],
    });
  } else {
    heading.textContent = fmt(form.dataset.heading, { n: seq });
    const who = form.querySelector("[data-entry-who]");
    if (who) { who.hidden = true; }
  }
}

function show() {
  // The offline page (templates/pwa/offline.html) says how many entries this phone keeps.
  document.querySelectorAll("[data-entry-queue-count]").forEach((count) => {
    count.textContent = String(queued.length);
    count.closest("[data-entry-queue-note]").hidden = !queued.length;
  });
  const list = document.querySelector("[data-entry-queue-list]");
  const items = mine();
  document.querySelectorAll('form[data-entry-queue="enter"]').forEach(advance);
  // A confirmation kept here: its row's forms make way for the line below.
  document.querySelectorAll('form[data-entry-queue="confirm"]').forEach((form) => {
    const row = rowOf(form);
    const card = form.closest(".r-pending-card");
    if (card && items.some((item) => item.action === "confirm" && String(item.row) === String(row))) {
      card.querySelectorAll("form").forEach((f) => { f.hidden = true; });
    }
  });
  if (!list) { return; }
  list.replaceChildren();
  list.hidden = !items.length;
  if (!items.length) { return; }
  const waiting = items.filter((item) => item.state === "waiting").length;
  const head = waiting < items.length
    ? ngettext("%(n)s entry kept on this phone was not sent: the reason is below.", "%(n)s entries kept on this phone were not sent: the reason is below; the ones after it wait.", items.length)
    : navigator.onLine
    ? ngettext("%(n)s entry waiting to be sent: it is being sent.", "%(n)s entries waiting to be sent: they are being sent, in order.", items.length)
    : ngettext("No network: %(n)s entry is kept on this phone and will be sent when the network is back.", "No network: %(n)s entries are kept on this phone and will be sent, in order, when the network is back.", items.length);
  list.append(el("p", { class: "r-queue-head", role: "status", "data-testid": "entry-queue-status" }, fmt(head, { n: items.length })));
  items.forEach((item) => {
    const refused = item.state === "refused";
    const line = el("div", { class: "r-queue-item" + (refused ? " r-queue-refused" : ""), "data-testid": refused ? "queued-refused" : "queued-entry" },
      el("strong", {}, item.title), item.summary ? " " + item.summary + " " : " ",
      el("span", { class: "r-badge r-badge-queue" }, refused ? _("not sent") : _("waiting to be sent")));
    if (refused) {
      line.append(el("p", { class: "error", role: "alert", "data-testid": "queued-message" }, item.message));
      const drop = el("button", { type: "button", class: "button small secondary", "data-testid": "queued-drop" }, _("Remove from the queue"));
      drop.addEventListener("click", async () => { await remove(item.id); await reload(); show(); flush(); });
      const again = el("button", { type: "button", class: "button small secondary", "data-testid": "queued-retry" }, _("Send again"));
      again.addEventListener("click", async () => { item.state = "waiting"; await put(item); await reload(); show(); flush(); });
      line.append(again, " ", drop);
    }
    list.append(line);
  });
  list.dataset.waiting = String(waiting);
}

/* ---- sending, in order ---- */
let flushing = false;

function csrf(item) {
  const field = document.querySelector('input[name="csrfmiddlewaretoken"]');
  if (field) { return field.value; }
  const pair = item.fields.find(([name]) => name === "csrfmiddlewaretoken");
  return pair ? pair[1] : "";
}

async function send(item) {
  let response;
  try {
    response = await fetch(item.url, {
      method: "POST",
      credentials: "same-origin",
      headers: { Accept: "application/json", "X-CSRFToken": csrf(item) },
      body: new URLSearchParams(item.fields),
    });
  } catch (e) {
    return "offline";
  }
  if (response.ok) { return "sent"; }
  // A proxy's "bad gateway" or "unavailable" (the site restarting) is no answer: try again.
  if (TRANSIENT.includes(response.status)) { return "offline"; }
  let answer = null;
  try { answer = await response.json(); } catch (e) { answer = null; }
  item.state = "refused";
  item.code = answer && answer.code ? answer.code : "http_" + response.status;
  item.message = answer && answer.message ? answer.message
    : fmt(_("The server did not take this entry (error %(status)s): reload the page, then send it again."), { status: response.status });
  await put(item);
  return "refused";
}

/* An entry of this sheet was written: the entry form, drawn before it, counts it until
 * the sheet comes again from the server. */
function written(item) {
  if (item.sheet !== SHEET || item.action !== "enter") { return; }
  document.querySelectorAll('form[data-entry-queue="enter"]').forEach((form) => {
    form.dataset.sent = String(Number(form.dataset.sent || 0) + 1);
    if (counts(form, item)) { form.dataset.sentHands = String(Number(form.dataset.sentHands || 0) + 1); }
  });
}

let again = false;

/* Sends the waiting entries, oldest first. A refused entry stops its own sheet's entries
 * (they were made after it), not another sheet's. One page of the site sends at a time
 * (a Web Lock: the page closed offline and the one opened again, two tabs), or a later
 * entry could reach the server before an earlier one and be refused. */
async function flush() {
  if (flushing) { again = true; return; }
  if (!navigator.onLine) { return; }
  flushing = true;
  let sent = 0;
  try {
    sent = navigator.locks
      ? await navigator.locks.request("club500-entry-queue", sendAll)
      : await sendAll();
  } finally {
    flushing = false;
  }
  if (sent && window.htmx) { window.htmx.trigger(document.body, "tournament-updated"); }
  show();
  document.body.dataset.entryQueue = mine().length ? "waiting" : "empty";
  if (again) { again = false; flush(); } else { retrySoon(); }
}

let failed = false;   // the last send found no network
let backoff = FIRST_RETRY_MS;
let retryTimer = null;
function retrySoon() {
  if (!failed || !navigator.onLine) { backoff = FIRST_RETRY_MS; return; }
  if (retryTimer) { return; }
  retryTimer = setTimeout(() => { retryTimer = null; flush(); }, backoff);
  backoff = Math.min(backoff * 2, RETRY_MS);
}

async function sendAll() {
  let sent = 0;
  failed = false;
  try {
    for (;;) {
      await reload();
      const stopped = new Set(queued.filter((i) => i.state !== "waiting").map((i) => i.sheet));
      const item = queued.find((i) => i.state === "waiting" && !stopped.has(i.sheet));
      if (!item) { break; }
      const outcome = await send(item);
      failed = outcome === "offline";
      if (failed) { break; }
      if (outcome === "sent") {
        await remove(item.id);
        written(item);
        sent += 1;
      }
    }
  } finally {
    await reload();
  }
  return sent;
}

/* ---- the sheet's forms ---- */
const trying = new WeakMap();  // form -> the entry htmx is sending (kept if it fails)

document.addEventListener("submit", (event) => {
  const form = event.target;
  if (!form.matches || !form.matches("form[data-entry-queue]")) { return; }
  const keyField = form.querySelector('input[name="entry_key"]');
  if (!keyField) { return; }
  keyField.value = uuid();
  const pairs = fields(form);
  if (navigator.onLine && !mine().length) {
    trying.set(form, { key: keyField.value, pairs: pairs });
    return;  // htmx sends it as usual
  }
  event.preventDefault();
  event.stopImmediatePropagation();
  keep(form, keyField.value, pairs).then(flush);
}, true);

// An entry htmx could not deliver (no network, or a proxy's "unavailable" while the site
// restarts) is kept on the phone and tried again soon.
function keepUndelivered(event) {
  const form = event.detail && event.detail.elt;
  const entry = form && trying.get(form);
  if (!entry) { return; }
  trying.delete(form);
  keep(form, entry.key, entry.pairs).then(() => { failed = true; retrySoon(); });
}
document.addEventListener("htmx:sendError", keepUndelivered);
document.addEventListener("htmx:responseError", (event) => {
  const xhr = event.detail && event.detail.xhr;
  if (xhr && TRANSIENT.includes(xhr.status)) { keepUndelivered(event); }
});
document.addEventListener("htmx:afterRequest", (event) => {
  const form = event.detail && event.detail.elt;
  if (form && event.detail.successful) { trying.delete(form); }
});

document.addEventListener("htmx:afterSettle", show);
window.addEventListener("online", () => { show(); flush(); });
window.addEventListener("offline", show);
setInterval(() => { if (queued.length) { flush(); } }, RETRY_MS);

reload().then(() => { show(); return flush(); }).catch((error) => {
  console.warn("Club 500: no entry queue (" + error + ")");
});
