/* Club 500 as an installable app: registers the service worker (/sw.js, club/pwa.py)
 * and, where the browser offers it (beforeinstallprompt: Chrome, Edge, Android), shows
 * the profile page's install button ([data-pwa-install], hidden until then).
 * Loaded deferred on every page; no inline script (club/csp.py). */
(function () {
  "use strict";
  var script = document.currentScript;
  var workerUrl = script && script.getAttribute("data-worker");
  if (workerUrl && "serviceWorker" in navigator) {
    // A failed registration (a certificate the browser refuses, a private window) only
    // means the site works as a plain site: say so quietly.
    navigator.serviceWorker.register(workerUrl, { scope: "/" }).catch(function (error) {
      console.warn("Club 500: no service worker (" + error + ")");
    });
  }

  var offered = null;
  function buttons() { return document.querySelectorAll("[data-pwa-install]"); }
  function show(visible) {
    buttons().forEach(function (button) { button.hidden = !visible; });
  }
  window.addEventListener("beforeinstallprompt", function (event) {
    event.preventDefault(); // the page's own button offers it, where the member reads why
    offered = event;
    show(true);
  });
  window.addEventListener("appinstalled", function () {
    offered = null;
    show(false);
  });
  document.addEventListener("click", function (event) {
    var button = event.target.closest && event.target.closest("[data-pwa-install]");
    if (!button || !offered) { return; }
    var prompt = offered;
    offered = null;
    show(false);
    prompt.prompt();
  });
})();
