"""NUL bytes (and other unreadable input) get a clear error page, never a server error.

PostgreSQL refuses NUL characters in text; a query with one raised ValueError (HTTP
500) wherever a typed value reached the database unchecked. ``club.middleware.
BadInputMiddleware`` refuses such requests site-wide with a 400 page that says what to
fix, in the visitor's language.
"""

from __future__ import annotations

import pytest
from django.urls import URLPattern, URLResolver, get_resolver, reverse

from games import services as games_services
from tests.tournaments.conftest import add_present, make_tournament  # noqa: F401 (fixtures)
from tests.tournaments.test_results import play_round
from tournaments.models import Season

pytestmark = pytest.mark.django_db

NUL = "\x00"
FR_MESSAGE = "caractère interdit"
EN_MESSAGE = "forbidden character"


def _refused(response, message=FR_MESSAGE):
    assert response.status_code == 400, response.status_code
    assert message in response.content.decode()


@pytest.fixture
def tournament_round(
    make_tournament,  # noqa: F811 (the imported fixture, by name)
    add_present,  # noqa: F811 (the imported fixture, by name)
    director,
):
    t = make_tournament(status="running", rounds_total=2, hands_per_game=2)
    add_present(t, 8)
    return t, play_round(t, director)


@pytest.fixture
def table(director):
    return games_services.table_create(host=director, seed=1, bot_delay_ms=0)


def test_member_search(member_client):
    _refused(member_client.get(reverse("member_list"), {"q": f"Ma{NUL}rie"}))
    _refused(member_client.get(reverse("member_list"), {"q": NUL}, HTTP_HX_REQUEST="true"))


def test_the_sit_and_bot_forms(director_client, table):
    _refused(director_client.post(reverse("games:table_sit", args=[table.pk]), {"seat": NUL}))
    _refused(
        director_client.post(
            reverse("games:table_bot", args=[table.pk]), {"seat": f"E{NUL}", "bot": "1"}
        )
    )


def test_an_invitation_link_with_a_nul(director_client, table):
    _refused(director_client.get(f"/tables/{table.pk}/join/ab%00cd/"))


def test_the_console_substitute_and_correct_forms(director_client, tournament_round):
    t, rnd = tournament_round
    _refused(
        director_client.post(
            reverse("tournaments:substitute", args=[t.pk]),
            {
                "round": rnd.number,
                "table": "1",
                "position": f"N{NUL}",
                "guest_name": f"In{NUL}vité",
                "reason": "malade",
            },
        )
    )
    _refused(
        director_client.post(
            reverse("tournaments:correct", args=[t.pk]),
            {
                "game": "1",
                "hand": "1",
                "reason": f"erreur{NUL}",
                "declarer": NUL,
                "contract": "8S",
                "tricks": "9",
            },
        )
    )


def test_a_season_name(director_client):
    _refused(
        director_client.post(
            reverse("tournaments:season_new"),
            {"name": f"Hiver{NUL}", "scoring": Season.Scoring.values[0]},
        )
    )
    assert not Season.objects.exists()


def test_the_console_with_a_round_that_is_not_a_number(director_client, tournament_round):
    """Not a NUL, but the same crash: ?round=abc reached the database as a number."""
    t, _rnd = tournament_round
    response = director_client.get(reverse("tournaments:console", args=[t.pk]), {"round": "abc"})
    assert response.status_code == 200
    _refused(director_client.get(reverse("tournaments:console", args=[t.pk]), {"round": NUL}))


def test_the_message_is_in_english_for_an_english_visitor(client):
    client.cookies["club500_language"] = "en"
    _refused(
        client.post(reverse("login"), {"username": f"a{NUL}@example.com", "password": "x"}),
        EN_MESSAGE,
    )


def test_a_session_cookie_with_a_nul(client):
    client.cookies["sessionid"] = f"abc{NUL}def"
    _refused(client.get(reverse("home")))


def _all_patterns(resolver=None, prefix=""):
    resolver = resolver or get_resolver()
    for entry in resolver.url_patterns:
        route = prefix + str(entry.pattern)
        if isinstance(entry, URLResolver):
            yield from _all_patterns(entry, route)
        elif isinstance(entry, URLPattern):
            yield route


FIELDS = [
    "q",
    "round",
    "table",
    "position",
    "entry",
    "guest_name",
    "reason",
    "seat",
    "bot",
    "name",
    "tournaments",
    "scoring",
    "best_of",
    "member",
    "hand",
    "game",
    "declarer",
    "contract",
    "tricks",
    "pin",
    "seq",
    "mode",
    "seconds",
    "ns",
    "ew",
    "email",
    "username",
    "password",
    "password1",
    "password2",
    "first_name",
    "last_name",
    "display_name",
    "phone",
    "member_number",
    "preferred_language",
    "language",
    "next",
    "code",
    "partner",
    "status",
    "version",
    "a",
    "b",
    "variant",
    "page",
    "action",
    "starts_at",
    "description",
    "old_password",
    "new_password1",
    "new_password2",
]


def test_a_sweep_of_every_page_with_nul_in_every_usual_field(
    client, make_member, tournament_round, table
):
    """Every URL of the site, GET and POST, as a superuser, with a NUL in every field
    name the site's forms use: a 400 with the message, never a server error."""
    t, rnd = tournament_round
    admin = make_member(email="admin@example.com", is_staff=True, is_superuser=True)
    client.force_login(admin)
    season = Season.objects.create(name="Hiver", scoring=Season.Scoring.values[0])
    values = {
        "pk": t.pk,
        "number": rnd.number,
        "table": 1,
        "entry_id": t.entries.first().pk,
        "constraint_id": 1,
        "table_id": table.pk,
        "season_id": season.pk,
        "token": "x",
        "uidb64": "x",
        "object_id": admin.pk,
        "app_label": "club",
        "model_name": "user",
    }
    import re

    checked = 0
    for route in _all_patterns():
        path = "/" + re.sub(
            r"<(?:\w+:)?(\w+)>",
            lambda m: str(values.get(m.group(1), 1)),
            route.replace("^", "").replace("$", ""),
        )
        if "(?P" in path or "\\" in path:
            continue  # regular-expression routes of the admin
        get = client.get(path, {f: NUL for f in FIELDS})
        post = client.post(path, {f: f"x{NUL}" for f in FIELDS})
        for response in (get, post):
            assert response.status_code == 400, (path, response.status_code)
            assert FR_MESSAGE in response.content.decode()
        checked += 1
    assert checked > 60
