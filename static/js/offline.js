/* The offline page (templates/pwa/offline.html): comes back to the page asked for by
 * itself as soon as the browser is online again; the "Try again" link does it by hand. */
(function () {
  "use strict";
  window.addEventListener("online", function () { window.location.reload(); });
})();
