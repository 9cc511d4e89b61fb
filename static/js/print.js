/* Club 500: the "Print" buttons of the printable pages (cards, score sheets, results).
 * A static file because the Content-Security-Policy allows no inline handler. */
document.addEventListener("click", function (event) {
  "use strict";
  var button = event.target.closest && event.target.closest("[data-print]");
  if (button) { window.print(); }
});
