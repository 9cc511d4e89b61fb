"""Every kind of page passes the Content-Security-Policy, in production.

Chromium visits the documented deployment (nginx over HTTPS, two daphne processes,
production settings: tests/deployment.py) seeded with the demo club, as a visitor, a
member, a director and an admin: every public page, profile and member pages, a live
table (its socket through nginx) and a hand's replay, the tournament pages at every
stage, the director's console, rounds, printable cards, sheets and results, and the
admin's pages. Any CSP violation, console error or page error fails the test, and every
page must carry the policy.
"""

from __future__ import annotations

import time
from concurrent.futures import ThreadPoolExecutor
from urllib.parse import urlsplit

import pytest
from django.core.management import call_command

from tests.browser.conftest import STEP_TIMEOUT_MS, _stop_live_tables
from tests.browser.network import InFlight

pytestmark = pytest.mark.django_db(transaction=True)

# Generous: this test walks every page while the other workers run theirs.
IDLE_S = 60  # a page has fetched everything it asks for within this

LISTEN = """
window.__problems = [];
window.__printed = 0;
window.print = () => { window.__printed += 1; };
document.addEventListener("securitypolicyviolation", (e) => {
  window.__problems.push(`CSP ${e.violatedDirective} blocked ${e.blockedURI || "inline"}`
                         + ` at ${e.sourceFile}:${e.lineNumber}`);
});
"""
TURN_OR_END = (
    "() => document.querySelector('#game-over:not([hidden])') || "
    "document.querySelector('#table-app button.legal:not([disabled])')"
)


class Visitor:
    """One browser context (its own cookies), logged in as ``user`` or not."""

    def __init__(self, chromium, deployment, user=None, *, language="fr"):
        self.deployment = deployment
        self.context = chromium.new_context(
            base_url=deployment.url,
            ignore_https_errors=True,
            locale="fr-CA",
            viewport={"width": 1100, "height": 900},
        )
        self.context.set_default_timeout(STEP_TIMEOUT_MS)
        self.context.add_init_script(LISTEN)
        self.context.add_cookies(
            [{"name": "club500_language", "value": language, "url": deployment.url}]
        )
        self.page = self.context.new_page()
        self.problems: list[str] = []
        self.page.on(
            "console",
            lambda m: (
                m.type == "error" and self.problems.append(f"console: {m.text} ({self.page.url})")
            ),
        )
        self.page.on(
            "response",
            lambda r: (
                r.status >= 400
                and self.problems.append(f"HTTP {r.status} for {r.url} ({self.page.url})")
            ),
        )
        self.page.on(
            "pageerror", lambda e: self.problems.append(f"page error: {e} ({self.page.url})")
        )
        self.requests = InFlight(self.page)
        self.visited = 0
        if user is not None:  # through the login form (the servers have their own secret)
            self.visit("/accounts/login/", then=lambda page: _log_in(page, user))

    def _path_is(self, path: str) -> None:
        shown = urlsplit(self.page.url)
        assert shown.path == urlsplit(path).path, f"{path} showed {self.page.url}"

    def visit(self, path: str, *, status: int = 200, then=None) -> None:
        """Open a whole page (fragments are fetched by the pages themselves)."""
        before = len(self.problems)
        response = self.page.goto(path)
        assert response is not None and response.status == status, (path, response.status)
        policy = response.headers.get("content-security-policy", "")
        assert "script-src 'self'" in policy, (path, policy)
        self._idle(path)
        self._path_is(path)
        if then is not None:
            then(self.page)
            self._idle(path)
        if status >= 400:  # the browser reports the expected error status itself
            expected = (
                f"the server responded with a status of {status}",
                f"HTTP {status} for {response.url} ",
            )
            self.problems[before:] = [
                p for p in self.problems[before:] if not any(e in p for e in expected)
            ]
        self.problems += [f"{p} ({path})" for p in self.page.evaluate("window.__problems")]
        self.visited += 1

    def _idle(self, path: str) -> None:
        self.requests.wait_idle(path, timeout=IDLE_S, report=self.deployment.logs)

    def close(self) -> None:
        self.context.close()


def _log_in(page, user) -> None:
    from club.demo import DEMO_PASSWORD

    form = page.get_by_test_id("login-form")
    form.locator("input[name=username]").fill(user.email)
    form.locator("input[name=password]").fill(DEMO_PASSWORD)
    form.locator("button[type=submit]").click()
    page.get_by_test_id("nav-profile").wait_for()


def _finished_hand_table(host):
    """A table where bots play every seat (the host is absent, no grace): its first
    hand ends in a few seconds, played by the deployment's runner."""
    from games import services
    from games.models import Table

    table = services.table_create(host=host, seed=5, bot_delay_ms=0, absence_grace_seconds=0)
    services.table_fill_with_bots(table_id=table.pk, user=host)
    services.table_start(table_id=table.pk, user=host)
    deadline = time.monotonic() + 90
    while time.monotonic() < deadline:
        if Table.objects.get(pk=table.pk).hands.filter(finished_at__isnull=False).exists():
            return table
        time.sleep(0.5)
    raise AssertionError("the bots did not finish a hand in 90 s")


def _live_table(host):
    from games import services

    table = services.table_create(host=host, seed=8, bot_delay_ms=200)
    services.table_fill_with_bots(table_id=table.pk, user=host)
    services.table_start(table_id=table.pk, user=host)
    return table


def _play_a_move(page):
    page.wait_for_function(TURN_OR_END, timeout=30_000)
    legal = page.locator("#table-app button.legal:not([disabled])")
    if legal.count():
        legal.first.click()


def _press_print(page):
    page.locator(".no-print button").click()
    page.evaluate(
        "window.__printed === 1 || window.__problems.push('the Print button did not print')"
    )


def _search_members(page):
    page.locator("input[name=q]").first.fill("Gag")
    page.wait_for_timeout(600)  # the htmx search fires after typing stops


def _switch_language(page):
    page.locator("[data-testid^=switch-]").first.click()


def _in_thread(fn):
    """Run ``fn`` in another thread: Playwright's sync API keeps an event loop running
    in this one, where the services' broadcasts (async_to_sync) refuse to run."""
    with ThreadPoolExecutor(1) as pool:
        return pool.submit(fn).result()


def _seed() -> dict:
    """The demo club, a season, a table with a finished hand and a live table."""
    from club import demo as club_demo
    from club.models import User
    from tournaments import demo as t_demo
    from tournaments.models import Round, Season, Seat, Tournament

    call_command("seed_demo", verbosity=0)
    director = club_demo.director()
    today = Tournament.objects.get(name=t_demo.TODAY)
    finished = Tournament.objects.get(name=t_demo.FINISHED)
    rnd = Round.objects.filter(tournament=today).order_by("number").first()
    seat = Seat.objects.filter(round=rnd, table=1, entry__player__isnull=False).first()
    season = Season.objects.create(name="Saison de démo", scoring=Season.Scoring.values[0])
    season.tournaments.set([finished])
    return {
        "director": director,
        "superuser": User.objects.get(email=club_demo.ADMIN[2]),
        "player": seat.entry.player,
        "today": today,
        "finished": finished,
        "upcoming": Tournament.objects.get(name=t_demo.UPCOMING),
        "season": season,
        "replay_table": _finished_hand_table(director),
        "live_table": _live_table(seat.entry.player),
    }


@pytest.mark.slow
def test_every_kind_of_page_passes_the_content_security_policy(chromium, deployment):
    from django.contrib import admin

    for _ in range(4):  # wakes both processes up: the first request starts the runner
        deployment.client().get("/")
    data = _in_thread(_seed)
    director, superuser, player = data["director"], data["superuser"], data["player"]
    today, upcoming, finished = data["today"], data["upcoming"], data["finished"]
    season, replay_table, live_table = data["season"], data["replay_table"], data["live_table"]

    problems, visited = [], 0
    try:
        visitor = Visitor(chromium, deployment)
        for path in [
            "/",
            "/tournaments/",
            "/accounts/login/",
            "/accounts/signup/",
            "/accounts/password/reset/",
            "/accounts/signup/confirm/pas-un-jeton/",
        ]:
            visitor.visit(path)
        visitor.visit("/pas-une-page/", status=404)
        visitor.visit("/", then=_switch_language)
        problems += visitor.problems
        visited += visitor.visited
        visitor.close()

        member = Visitor(chromium, deployment, player)
        t = today.pk
        for path in [
            "/accounts/profile/",
            f"/members/{director.pk}/",
            "/tables/",
            f"/tournaments/{upcoming.pk}/",
            f"/tournaments/{finished.pk}/",
            "/accounts/password/",
            f"/tournaments/{t}/",
            f"/tournaments/{t}/standings/",
            f"/tournaments/{t}/rounds/1/tables/1/",
            f"/tournaments/{finished.pk}/standings/",
            "/tournaments/seasons/",
            f"/tournaments/seasons/{season.pk}/",
            f"/tables/{replay_table.pk}/hands/1/",
        ]:
            member.visit(path)
        member.visit("/members/", then=_search_members)
        member.visit(f"/tournaments/{finished.pk}/results/final/", then=_press_print)
        member.visit(f"/tables/{live_table.pk}/", then=_play_a_move)
        problems += member.problems
        visited += member.visited
        member.close()

        chief = Visitor(chromium, deployment, director, language="en")
        for path in [
            "/tournaments/new/",
            f"/tournaments/{t}/edit/",
            f"/tournaments/{t}/entries/",
            f"/tournaments/{t}/check-in/",
            f"/tournaments/{t}/constraints/",
            f"/tournaments/{t}/rounds/",
            f"/tournaments/{t}/rounds/1/",
            f"/tournaments/{t}/console/",
            f"/tournaments/{t}/console/?round=1",
            f"/tournaments/{t}/projector/",
            "/members/approvals/",
            "/tournaments/seasons/new/",
            f"/tournaments/seasons/{season.pk}/edit/",
            f"/tournaments/{upcoming.pk}/",
        ]:
            chief.visit(path)
        for path in [f"/tournaments/{t}/rounds/1/cards/", f"/tournaments/{t}/rounds/1/sheets/"]:
            chief.visit(path, then=_press_print)
        problems += chief.problems
        visited += chief.visited
        chief.close()

        boss = Visitor(chromium, deployment, superuser)
        boss.visit("/admin/")
        for model, _model_admin in admin.site._registry.items():
            base = f"/admin/{model._meta.app_label}/{model._meta.model_name}/"
            boss.visit(base)
            first = model._default_manager.order_by("pk").first()
            if first is not None:
                boss.visit(f"{base}{first.pk}/change/")
            if _model_admin.has_add_permission(_fake_request(superuser)):
                boss.visit(f"{base}add/")
        problems += boss.problems
        visited += boss.visited
        boss.close()
    finally:
        _in_thread(_stop_live_tables)

    assert problems == [], "\n".join(problems)
    assert visited >= 50


def _fake_request(user):
    from django.test import RequestFactory

    request = RequestFactory().get("/admin/")
    request.user = user
    return request
