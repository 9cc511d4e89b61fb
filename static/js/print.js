/* Printable pages (results, table cards, score sheets): the "Print" button. */
(function () {
  "use strict";
  document.addEventListener("click", function (event) {
    var button = event.target.closest("[data-print]");
    if (button) { window.print(); }
  });
})();
