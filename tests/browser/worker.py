"""The site's service worker (club/pwa.py) in browser tests: a page under its control.

The worker claims the pages open when it activates (``clients.claim()``). A page whose
navigation began while the worker was still installing (a test that logs in on the
home page, where the worker registers, and goes straight to another page) is not among
them: it was not a client yet when the worker claimed, and stays uncontrolled until
its next navigation (so does a member's page; the next one is controlled). Waiting for
``controllerchange`` there waits forever: once the worker is active, such a page is
reloaded instead.
"""

from __future__ import annotations

from tests.browser.conftest import STEP_TIMEOUT_MS

# The worker's state once active, or an error after ``ms`` (page.evaluate itself never
# gives up on a promise).
ACTIVE = """async (ms) => {
  const late = new Promise((_, fail) => setTimeout(
    () => fail(new Error("no service worker activated after " + ms + " ms")), ms));
  const worker = (await Promise.race([navigator.serviceWorker.ready, late])).active;
  if (worker.state !== "activated") {
    await Promise.race([late, new Promise((done) => worker.addEventListener(
      "statechange", () => { if (worker.state === "activated") { done(); } }))]);
  }
  return worker.state;
}"""


def until_controlled(page) -> None:
    """Return once the worker is activated and controls ``page`` (reloaded if it
    began loading before the worker was active)."""
    assert page.evaluate(ACTIVE, STEP_TIMEOUT_MS) == "activated"
    if not page.evaluate("!!navigator.serviceWorker.controller"):
        page.reload()
    page.wait_for_function("() => !!navigator.serviceWorker.controller")
    assert page.evaluate("navigator.serviceWorker.controller.scriptURL").endswith("/sw.js")
