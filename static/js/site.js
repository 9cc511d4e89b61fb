/* Club 500, every page: the menu button on phones and confirmations before
 * destructive actions. Loaded in <head> (not deferred) so that the "js" class is set
 * before the first paint: the phone menu starts closed instead of flashing open.
 *
 * Confirmations: a form, or its submit button, with data-confirm="What happens" (and
 * optionally data-confirm-ok="Cancel the tournament") opens the page's
 * <dialog id="confirm-dialog"> first; the form is submitted (htmx or not) only after
 * "confirm". Without JavaScript the form submits at once. */
(function () {
  "use strict";
  document.documentElement.classList.add("js");

  function setupMenu() {
    var button = document.querySelector(".nav-toggle");
    var menu = document.getElementById("site-menu");
    if (!button || !menu) { return; }
    function set(open) {
      button.setAttribute("aria-expanded", open ? "true" : "false");
      menu.classList.toggle("is-open", open);
    }
    button.addEventListener("click", function () {
      set(button.getAttribute("aria-expanded") !== "true");
    });
    document.addEventListener("keydown", function (event) {
      if (event.key === "Escape" && button.getAttribute("aria-expanded") === "true") {
        set(false);
        button.focus();
      }
    });
  }

  /* While its question is open the form carries data-confirming (a live page must not
   * replace it meanwhile); "confirm:closed" (detail.ok) tells the page the answer. */
  function ask(form, source, proceed) {
    var dialog = document.getElementById("confirm-dialog");
    var message = source.getAttribute("data-confirm");
    if (!dialog || typeof dialog.showModal !== "function") {
      if (window.confirm(message)) { proceed(); }
      return;
    }
    var ok = dialog.querySelector("[value=ok]");
    dialog.querySelector(".confirm-message").textContent = message;
    ok.textContent = source.getAttribute("data-confirm-ok") || ok.getAttribute("data-default-label");
    dialog.returnValue = "";
    form.setAttribute("data-confirming", "1");
    dialog.addEventListener("close", function onClose() {
      dialog.removeEventListener("close", onClose);
      var yes = dialog.returnValue === "ok";
      form.removeAttribute("data-confirming");
      form.dispatchEvent(new CustomEvent("confirm:closed", { bubbles: true, detail: { ok: yes } }));
      if (yes) { proceed(); }
    });
    dialog.showModal();
  }

  /* Capture phase on the document: runs before htmx's own submit listener on the form. */
  document.addEventListener("submit", function (event) {
    var form = event.target;
    var submitter = event.submitter || null;
    var source = submitter && submitter.hasAttribute("data-confirm") ? submitter
      : (form.hasAttribute("data-confirm") ? form : null);
    if (!source) { return; }
    if (form.getAttribute("data-confirmed") === "1") {
      form.removeAttribute("data-confirmed");
      return;
    }
    event.preventDefault();
    event.stopImmediatePropagation();
    ask(form, source, function () {
      form.setAttribute("data-confirmed", "1");
      if (submitter) { form.requestSubmit(submitter); } else { form.requestSubmit(); }
    });
  }, true);

  if (document.readyState === "loading") {
    document.addEventListener("DOMContentLoaded", setupMenu);
  } else {
    setupMenu();
  }
})();
