/* Club 500 tournaments: follow a tournament live, and the small behaviours of its pages.
 *
 * - Live: the socket only says "tournament.updated"; the page then re-fetches its own
 *   fragments through htmx (elements with hx-trigger="tournament-updated from:body"),
 *   again once they have arrived when another update came meanwhile.
 * - A fragment marked data-hold-while-editing (the console, a score sheet) is not
 *   replaced while a form in it is being filled in: the update waits, a notice says so,
 *   and it comes as soon as the form is sent or put away.
 * - <details data-keep-open id=...> stay open across reloads and live updates.
 * - The console's messages ([data-flash], in the section an action swapped) stay in
 *   their section across a live refresh, until the next form is sent (which also
 *   clears the messages at the top of a page loaded whole); a swap keeps the page's
 *   scroll position, and a refused form comes back with what was typed.
 * - Round clocks ([data-clock]) count down every second from the server's deadline.
 * - The standings' "Show each game" button (phones hide the per-game columns).
 * - The console's open calls to the director show in the tab's title.
 * - The tournament form shows the fields of the game kind chosen. */
(function () {
  "use strict";
  var STORE = "club500:open:" + location.pathname;

  /* An update must not be lost while a fragment is being fetched. A fragment replaces
   * itself (outerHTML), and htmx queues a trigger that comes during its request on the
   * element the response then removes, so that trigger never runs; a placeholder still
   * loading its first fragment does not listen at all. An update that arrives while any
   * request is in flight is therefore replayed once the last one has ended and its
   * fragment has settled (htmx's settle timer, started earlier with the same delay,
   * fires first). */
  var inFlight = 0;
  var missed = false;

  /* And whatever the timing: each live fragment carries the tournament's version it
   * was rendered at (data-tournament-version, read before its data), and the socket
   * tells the newest one. Once every request has ended, a fragment older than that is
   * fetched again (a few times at most per version; never one held for editing). */
  var latest = null;
  var replays = {};
  var REPLAYS_PER_VERSION = 3;

  function behind() {
    if (latest === null) { return false; }
    var nodes = document.querySelectorAll("[data-tournament-version]");
    for (var i = 0; i < nodes.length; i += 1) {
      var shown = Number(nodes[i].getAttribute("data-tournament-version"));
      if (shown < latest && !editing(nodes[i])) { return true; }
    }
    return false;
  }

  function refresh() {
    if (!window.htmx) { return; }
    if (inFlight > 0) { missed = true; }
    window.htmx.trigger(document.body, "tournament-updated");
  }

  function settled() {
    if (inFlight > 0) { return; }
    var again = missed;
    missed = false;
    if (!again && behind()) {
      replays[latest] = (replays[latest] || 0) + 1;
      again = replays[latest] <= REPLAYS_PER_VERSION;
    }
    if (again) { refresh(); }
  }

  /* A form or link inside a live fragment (the console's boosted actions) swaps a part
   * of it: a live refresh of the whole fragment must wait for that answer, or the part
   * would come back into a fragment already replaced. It is replayed afterwards. */
  var acting = 0;

  document.addEventListener("htmx:beforeRequest", function (event) {
    var xhr = event.detail && event.detail.xhr;
    if (!xhr) { return; }
    var elt = event.detail.elt;
    var inside = !!(elt && !elt.hasAttribute("data-hold-while-editing") && holder(elt));
    inFlight += 1;
    if (inside) { acting += 1; }
    xhr.addEventListener("loadend", function () {
      inFlight -= 1;
      if (inside) { acting -= 1; }
      if (inFlight === 0) { setTimeout(settled, window.htmx.config.defaultSettleDelay + 1); }
    });
  });

  /* ---- the socket ---- */
  function connectSocket() {
    var el = document.querySelector("[data-tournament-socket]");
    if (!el || !window.WebSocket) { return; }
    var path = el.getAttribute("data-tournament-socket");
    var url = (location.protocol === "https:" ? "wss://" : "ws://") + location.host + path;
    var version = null;
    var delay = 1000;

    function connect() {
      var socket = new WebSocket(url);
      socket.onopen = function () {
        delay = 1000;
        document.body.setAttribute("data-socket", "open");
      };
      socket.onmessage = function (event) {
        var message;
        try { message = JSON.parse(event.data); } catch (e) { return; }
        if (typeof message.version === "number" && (latest === null || message.version > latest)) {
          latest = message.version;
        }
        if (message.type === "tournament.hello") {
          if (version !== null && message.version !== version) { refresh(); }
          else { settled(); }  // a change between the page's rendering and the socket
          version = message.version;
        } else if (message.type === "tournament.updated") {
          if (version === null || message.version > version) {
            version = message.version;
            refresh();
          }
        }
      };
      socket.onclose = function (event) {
        document.body.setAttribute("data-socket", "closed");
        if (event.code === 4401 || event.code === 4404) { return; }
        setTimeout(connect, delay);
        delay = Math.min(delay * 2, 15000);
      };
    }
    connect();
  }

  /* ---- hold live updates while a form is being filled in ---- */
  var held = false;

  function holder(node) { return node && node.closest ? node.closest("[data-hold-while-editing]") : null; }

  /* A form being filled in, or waiting for the answer to its confirmation dialog. */
  function editing(root) {
    return !!(root && root.querySelector("form[data-dirty], form[data-confirming]"));
  }

  function showHeld(root, on) {
    var note = root && root.querySelector(".r-held");
    if (note) { note.hidden = !on; }
  }

  document.addEventListener("input", function (event) {
    var form = event.target.closest && event.target.closest("form");
    if (form && holder(form) && !form.hasAttribute("hx-get")) { form.setAttribute("data-dirty", "1"); }
  });
  document.addEventListener("change", function (event) {
    var form = event.target.closest && event.target.closest("form");
    if (form && holder(form)) { form.setAttribute("data-dirty", "1"); }
  });
  document.addEventListener("submit", function (event) {
    event.target.removeAttribute("data-dirty");
  });
  document.addEventListener("toggle", function (event) {
    var details = event.target;
    if (details.tagName !== "DETAILS") { return; }
    if (!details.open) {
      details.querySelectorAll("form[data-dirty]").forEach(function (f) { f.removeAttribute("data-dirty"); });
      if (held && !editing(holder(details))) { held = false; refresh(); }
    }
    if (details.id && details.hasAttribute("data-keep-open")) { remember(details); }
  }, true);

  document.addEventListener("confirm:closed", function (event) {
    if (event.detail && event.detail.ok) { return; }  // the form is being sent
    if (held && !editing(holder(event.target))) {
      held = false;
      showHeld(holder(event.target), false);
      refresh();
    }
  });

  document.addEventListener("htmx:confirm", function (event) {
    var trigger = event.detail && event.detail.triggeringEvent;
    var root = event.detail && event.detail.elt;
    if (!trigger || trigger.type !== "tournament-updated" || !root ||
        !root.hasAttribute("data-hold-while-editing")) { return; }
    if (acting > 0) {
      event.preventDefault();
      missed = true;
      return;
    }
    if (editing(root)) {
      event.preventDefault();
      held = true;
      showHeld(root, true);
    }
  });

  /* ---- <details data-keep-open> ---- */
  /* Remembered at the click on its summary too: a live update may replace the section
   * between the click and its toggle event, which then fires on the detached element
   * (outside the document, unheard here), and the new section would come closed. */
  document.addEventListener("click", function (event) {
    var summary = event.target.closest && event.target.closest("summary");
    var details = summary && summary.parentElement;
    if (!details || details.tagName !== "DETAILS" || !details.id ||
        !details.hasAttribute("data-keep-open")) { return; }
    var set = openSet();
    set[details.id] = !details.open;  // what the click makes of it
    try { sessionStorage.setItem(STORE, JSON.stringify(set)); } catch (e) { /* private mode */ }
  }, true);

  function openSet() {
    try { return JSON.parse(sessionStorage.getItem(STORE) || "{}"); } catch (e) { return {}; }
  }
  function remember(details) {
    var set = openSet();
    set[details.id] = details.open;
    try { sessionStorage.setItem(STORE, JSON.stringify(set)); } catch (e) { /* private mode */ }
  }
  function restore(root) {
    var set = openSet();
    (root || document).querySelectorAll("details[data-keep-open][id]").forEach(function (d) {
      if (Object.prototype.hasOwnProperty.call(set, d.id)) { d.open = !!set[d.id] || d.open; }
    });
  }

  /* ---- a live fragment swapped in place: its messages, open sections and the
   * page's scroll position stay (the new content is laid out with the sections the
   * director opened, not first closed, which would pull a page scrolled low up) ---- */
  var flashes = [];
  var scrollY = null;
  var sent = null;  // the form last sent: refilled when its answer is an error
  document.addEventListener("submit", function (event) {
    if (!holder(event.target)) { return; }
    var form = event.target;
    var box = form.parentElement && form.parentElement.closest("[id]");
    sent = { box: box && box.id, action: form.getAttribute("action"), values: [] };
    form.querySelectorAll("input, select, textarea").forEach(function (f) {
      if (!f.name || f.type === "hidden" || f.type === "submit") { return; }
      sent.values.push({ name: f.name, value: f.value, checked: f.checked });
    });
    document.querySelectorAll("[data-hold-while-editing] [data-flash]").forEach(function (el) {
      el.remove();
    });
    /* so do the messages a full page came with (the answer to an earlier form sent
     * without htmx): the answer to this one brings its own */
    document.querySelectorAll("#main > .messages").forEach(function (el) { el.remove(); });
  });
  document.addEventListener("htmx:beforeSwap", function (event) {
    var target = event.detail && event.detail.target;
    if (!holder(target)) { return; }
    /* A live refresh already on its way when the director acted or started filling a
     * form in: its answer is not swapped (the form would be replaced under the director,
     * or the action's answer would land in a fragment already gone); it comes again. */
    var config = event.detail.requestConfig;
    var trigger = config && config.triggeringEvent;
    if (trigger && trigger.type === "tournament-updated" && target.hasAttribute("data-hold-while-editing")) {
      if (acting > 0) {
        event.detail.shouldSwap = false;
        missed = true;
        return;
      }
      if (editing(target)) {
        event.detail.shouldSwap = false;
        held = true;
        showHeld(target, true);
        return;
      }
    }
    scrollY = window.scrollY;
    flashes = [];
    if (!target.hasAttribute("data-hold-while-editing")) { return; }
    target.querySelectorAll("[data-flash]").forEach(function (el) {
      if (el.parentElement && el.parentElement.id) {
        flashes.push({ home: el.parentElement.id, node: el });
      }
    });
  });
  document.addEventListener("htmx:afterSwap", function () {
    var list = flashes;
    flashes = [];
    list.forEach(function (f) {
      var home = document.getElementById(f.home);
      if (!home || home.querySelector(":scope > [data-flash]")) { return; }
      var head = home.querySelector(":scope > header, :scope > .t-head");
      home.insertBefore(f.node, head ? head.nextSibling : home.firstChild);
    });
    restore();
    refill();
    if (scrollY !== null && window.scrollY !== scrollY) { window.scrollTo(0, scrollY); }
    scrollY = null;
  });

  /* Bad input loses nothing: a refused action's form comes back with what was typed. */
  function refill() {
    var form = sent;
    sent = null;
    var box = form && form.box && document.getElementById(form.box);
    if (!box || !box.closest("[data-hold-while-editing]")) { return; }
    var section = box.closest("article") || box;
    if (!section.querySelector("[data-flash] .error")) { return; }
    var again = null;
    box.querySelectorAll("form").forEach(function (f) {
      if (f.getAttribute("action") === form.action) { again = f; }
    });
    if (!again) { return; }
    form.values.forEach(function (v) {
      var field = again.querySelector('[name="' + v.name + '"]');
      if (!field) { return; }
      if (field.type === "checkbox" || field.type === "radio") { field.checked = v.checked; }
      else { field.value = v.value; }
    });
    again.setAttribute("data-dirty", "1");
  }

  /* ---- round clocks ---- */
  function tickClocks() {
    document.querySelectorAll("[data-clock]").forEach(function (el) {
      if (el.getAttribute("data-paused") === "1") { return; }
      var skew = el.__skew;
      if (skew === undefined) {
        skew = el.__skew = Number(el.getAttribute("data-now")) - Date.now();
      }
      var deadline = Number(el.getAttribute("data-deadline"));
      var left = Math.round((deadline - (Date.now() + skew)) / 1000);
      var warning = Number(el.getAttribute("data-warning") || 300);
      var sign = left < 0 ? "-" : "";
      var abs = Math.abs(left);
      var text = sign + Math.floor(abs / 60) + ":" + ("0" + (abs % 60)).slice(-2);
      var time = el.querySelector("[data-clock-time]") || el;
      if (time.textContent !== text) { time.textContent = text; }
      var state = left <= 0 ? "over" : (left <= warning ? "warning" : "running");
      ["running", "warning", "over"].forEach(function (s) {
        el.classList.toggle("t-clock-" + s, s === state);
        el.classList.toggle("r-clock-" + s, s === state);
      });
      var note = el.querySelector("[data-clock-note]");
      if (note) {
        var wanted = note.getAttribute("data-text-" + state);
        if (wanted && note.textContent !== wanted) { note.textContent = wanted; }
      }
    });
  }

  /* ---- standings: show each game on a phone ---- */
  var ROUNDS = "club500:rounds:" + location.pathname;
  function applyRounds(root) {
    var on = false;
    try { on = sessionStorage.getItem(ROUNDS) === "1"; } catch (e) { /* private mode */ }
    (root || document).querySelectorAll("[data-toggle-rounds]").forEach(function (b) {
      b.setAttribute("aria-pressed", on ? "true" : "false");
      var section = b.closest("section");
      if (section) { section.classList.toggle("r-show-rounds", on); }
    });
  }
  document.addEventListener("click", function (event) {
    var button = event.target.closest && event.target.closest("[data-toggle-rounds]");
    if (!button) { return; }
    var on = button.getAttribute("aria-pressed") !== "true";
    try { sessionStorage.setItem(ROUNDS, on ? "1" : "0"); } catch (e) { /* private mode */ }
    applyRounds();
  });

  /* ---- calls to the director in the tab's title ---- */
  var baseTitle = document.title;
  function showCalls() {
    var console = document.querySelector("[data-calls]");
    if (!console) { return; }
    var n = Number(console.getAttribute("data-calls") || 0);
    document.title = (n ? "(" + n + ") " : "") + baseTitle;
  }

  function afterSwap(event) {
    var root = event && event.detail ? event.detail.elt : null;
    restore();
    applyRounds();
    tickClocks();
    showCalls();
    if (held && root && root.hasAttribute && root.hasAttribute("data-hold-while-editing")) {
      held = false;
    }
  }

  /* ---- the tournament form: the chosen game's fields ---- */
  function gameFields() {
    var select = document.getElementById("id_game");
    if (!select || !select.form) { return; }
    function show() {
      select.form.querySelectorAll("[data-game]").forEach(function (el) {
        el.hidden = el.getAttribute("data-game") !== select.value;
      });
    }
    select.addEventListener("change", show);
    show();
  }

  function start() {
    gameFields();
    connectSocket();
    restore();
    applyRounds();
    tickClocks();
    showCalls();
    setInterval(tickClocks, 1000);
    document.body.addEventListener("htmx:afterSettle", afterSwap);
  }

  if (document.readyState === "loading") {
    document.addEventListener("DOMContentLoaded", start);
  } else {
    start();
  }
})();
