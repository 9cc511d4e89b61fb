/* The offline page (templates/pwa/offline.html): comes back to the page asked for by
 * itself as soon as the site answers again; the "Try again" link does it by hand.
 *
 * A hall's Wi-Fi often connects before it carries: the browser's "online" event comes,
 * the reload lands here again, and no second "online" event follows. So while the
 * browser says it is online, the page asks the site every few seconds whether it
 * answers (a request the service worker leaves to the network: any HTTP answer will
 * do) and reloads only then. */
(function () {
  "use strict";
  const EVERY_MS = 3000;
  let asking = false;

  async function tryAgain() {
    if (asking || !navigator.onLine) { return; }
    asking = true;
    try {
      await fetch(window.location.href, { method: "HEAD", cache: "no-store", credentials: "same-origin" });
    } catch (error) {
      asking = false;  // no answer yet: the next tick asks again
      return;
    }
    window.location.reload();
  }

  window.addEventListener("online", tryAgain);
  setInterval(tryAgain, EVERY_MS);
})();
