/* Club 500 tournaments: follow a tournament live.
 * The socket only says "tournament.updated"; the page then re-fetches its own fragments
 * through htmx (elements with hx-trigger="tournament-updated from:body"). */
(function () {
  "use strict";
  var el = document.querySelector("[data-tournament-socket]");
  if (!el || !window.WebSocket) { return; }
  var path = el.getAttribute("data-tournament-socket");
  var url = (location.protocol === "https:" ? "wss://" : "ws://") + location.host + path;
  var version = null;
  var delay = 1000;

  function refresh() {
    if (window.htmx) { window.htmx.trigger(document.body, "tournament-updated"); }
  }

  function connect() {
    var socket = new WebSocket(url);
    socket.onopen = function () {
      delay = 1000;
      document.body.setAttribute("data-socket", "open");
    };
    socket.onmessage = function (event) {
      var message;
      try { message = JSON.parse(event.data); } catch (e) { return; }
      if (message.type === "tournament.hello") {
        if (version !== null && message.version !== version) { refresh(); }
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
})();
