"""Pages: permissions, rendering, bad input, htmx fragments, print, iCal, query counts."""

from datetime import timedelta

import pytest
from django.urls import reverse
from django.utils import timezone

from tournaments import services
from tournaments.models import Entry, EntryStatus, Round, SeatingConstraint, Tournament

pytestmark = pytest.mark.django_db


@pytest.fixture
def drawn(director, running):
    rnd = services.round_draw(tournament=running, by=director, seed=11)
    return running, rnd


DIRECTOR_GET = [
    "create",
    "edit",
    "copy",
    "entries",
    "checkin",
    "constraints",
    "rounds",
    "round",
    "cards",
    "sheets",
]


def _url(name, t, rnd=None):
    if name == "create":
        return reverse("tournaments:create")
    if name in ("round", "cards", "sheets"):
        return reverse(f"tournaments:{name}", args=[t.pk, rnd.number])
    return reverse(f"tournaments:{name}", args=[t.pk])


@pytest.mark.parametrize("name", DIRECTOR_GET)
def test_director_pages_visitor_member_director(client, member, director, drawn, name):
    t, rnd = drawn
    url = _url(name, t, rnd)
    response = client.get(url)
    assert response.status_code == 302 and reverse("login") in response.url
    client.force_login(member)
    assert client.get(url).status_code == 403
    client.force_login(director)
    assert client.get(url).status_code == 200


DIRECTOR_POST = [
    ("transition", {"to": "finished"}),
    ("walkin", {"guest_name": "Rita"}),
    ("draw", {}),
    ("swap", {"a": 1, "b": 2, "version": 1}),
    ("move_bye", {"entry": 1}),
    ("publish", {"version": 1}),
    ("start_play", {"version": 1}),
]


@pytest.mark.parametrize("name,data", DIRECTOR_POST)
def test_director_actions_are_refused_to_members(client, member, drawn, name, data):
    t, rnd = drawn
    url = reverse(
        f"tournaments:{name}",
        args=[t.pk, rnd.number]
        if name in ("swap", "move_bye", "publish", "start_play")
        else [t.pk],
    )
    assert client.post(url, data).status_code == 302
    client.force_login(member)
    assert client.post(url, data).status_code == 403
    rnd.refresh_from_db()
    assert rnd.version == 1 and rnd.status == "draft"
    assert not Entry.objects.filter(guest_name="Rita").exists()


def test_member_cannot_check_in_or_remove_others(client, member, drawn):
    t, _rnd = drawn
    entry = t.entries.first()
    client.force_login(member)
    assert (
        client.post(
            reverse("tournaments:checkin_toggle", args=[t.pk, entry.pk]), {"present": "0"}
        ).status_code
        == 403
    )
    assert (
        client.post(reverse("tournaments:entry_remove", args=[t.pk, entry.pk])).status_code == 403
    )
    entry.refresh_from_db()
    assert entry.checked_in and entry.status == EntryStatus.CONFIRMED


@pytest.mark.parametrize(
    "name", ["detail", "projector", "my_seat", "projector_tables", "draws", "standings"]
)
def test_tournament_pages_need_login_when_the_club_keeps_them_private(
    client, member, tournament, name
):
    from club.models import ClubSettings

    ClubSettings.objects.update_or_create(pk=1, defaults={"public_pages": False})
    url = reverse(f"tournaments:{name}", args=[tournament.pk])
    assert client.get(url).status_code == 302
    client.force_login(member)
    assert client.get(url).status_code == 200


@pytest.mark.parametrize(
    "name", ["detail", "projector", "projector_tables", "draws", "standings", "final"]
)
def test_tournament_pages_are_public_by_default(client, tournament, name):
    assert client.get(reverse(f"tournaments:{name}", args=[tournament.pk])).status_code == 200


def test_drafts_are_hidden_from_members(client, member, make_tournament):
    t = make_tournament(status="draft", name="Secret")
    client.force_login(member)
    assert client.get(reverse("tournaments:detail", args=[t.pk])).status_code == 404
    assert "Secret" not in client.get(reverse("tournaments:calendar")).content.decode()


def test_calendar_is_public_and_lists_by_month(
    client, make_tournament, django_assert_max_num_queries
):
    now = timezone.now()
    for days in (-40, -3, 2, 9, 35, 70):
        make_tournament(name=f"Tournoi J{days:+d}", starts_at=now + timedelta(days=days))
    with django_assert_max_num_queries(4):
        response = client.get(reverse("tournaments:calendar"))
    html = response.content.decode()
    assert response.status_code == 200
    assert html.index("Tournoi J+2") < html.index("Tournoi J+70") < html.index("Tournoi J-3")


def test_list_pages_have_constant_query_counts(
    director_client, make_tournament, add_present, django_assert_max_num_queries
):
    t = make_tournament(status="running")
    add_present(t, 12)
    for name in ("checkin", "entries"):
        with django_assert_max_num_queries(12):
            assert director_client.get(_url(name, t)).status_code == 200
    add_present(t, 20)
    for name in ("checkin", "entries"):
        with django_assert_max_num_queries(12):
            director_client.get(_url(name, t))


def test_register_flow_through_the_page(member_client, member, make_tournament):
    t = make_tournament(capacity=1)
    url = reverse("tournaments:register", args=[t.pk])
    response = member_client.post(url, follow=True)
    assert Entry.objects.get(tournament=t, player=member).status == EntryStatus.CONFIRMED
    response = member_client.post(url, follow=True)  # second registration
    assert Entry.objects.filter(tournament=t).count() == 1
    assert any(m.level_tag == "error" for m in response.context["messages"])


def test_register_over_capacity_says_waiting_list(client, make_member, make_tournament):
    t = make_tournament(capacity=1)
    services.registration_create(tournament=t, member=make_member())
    late = make_member()
    client.force_login(late)
    response = client.post(reverse("tournaments:register", args=[t.pk]), follow=True)
    assert Entry.objects.get(player=late).status == EntryStatus.WAITING
    assert [m.level_tag for m in response.context["messages"]] == ["warning"]
    assert "Vous recevrez un courriel" in str(list(response.context["messages"])[0])


def test_the_waiting_list_message_does_not_promise_an_email_the_member_turned_off(
    client, make_member, make_tournament
):
    t = make_tournament(capacity=1)
    services.registration_create(tournament=t, member=make_member())
    late = make_member()
    late.notice_choices = {"waiting_list": False}
    late.save(update_fields=["notice_choices"])
    client.force_login(late)
    response = client.post(reverse("tournaments:register", args=[t.pk]), follow=True)
    (message,) = response.context["messages"]
    assert "Vous avez désactivé le courriel" in str(message)
    assert "Vous recevrez" not in str(message)


def test_garbage_posts_get_messages_not_errors(member_client, make_tournament):
    t = make_tournament(format="pairs")
    cases = [
        ("register", {"partner": "abc"}),
        ("register", {"partner": "99999"}),
        ("withdraw", {"entry": "x"}),
        ("partner_answer", {"entry": "1", "answer": "?"}),
        ("checkin_code", {"code": ""}),
        ("looking", {"looking": "1", "note": "x" * 500}),
    ]
    for name, data in cases:
        response = member_client.post(
            reverse(f"tournaments:{name}", args=[t.pk]), data, follow=True
        )
        assert response.status_code == 200, name
    assert not Entry.objects.exists()


def test_pair_registration_and_partner_answer_pages(client, make_member, make_tournament):
    t = make_tournament(format="pairs")
    a, b = make_member(), make_member()
    client.force_login(a)
    client.post(reverse("tournaments:register", args=[t.pk]), {"partner": b.pk})
    entry = Entry.objects.get(tournament=t)
    assert entry.status == EntryStatus.PENDING
    client.force_login(b)
    page = client.get(reverse("tournaments:detail", args=[t.pk])).content.decode()
    assert 'value="accept"' in page
    client.post(
        reverse("tournaments:partner_answer", args=[t.pk]), {"entry": entry.pk, "answer": "accept"}
    )
    entry.refresh_from_db()
    assert entry.status == EntryStatus.CONFIRMED


def test_htmx_checkin_toggle_and_search(director_client, tournament, make_member):
    m = make_member(first_name="Rosaire", last_name="Blouin")
    entry = services.registration_create(tournament=tournament, member=m)
    url = reverse("tournaments:checkin_toggle", args=[tournament.pk, entry.pk])
    response = director_client.post(url, {"present": "1"}, HTTP_HX_REQUEST="true")
    html = response.content.decode()
    assert response.status_code == 200 and "is-present" in html and "<html" not in html
    entry.refresh_from_db()
    assert entry.checked_in
    search = director_client.get(
        reverse("tournaments:checkin", args=[tournament.pk]),
        {"q": "rosa"},
        HTTP_HX_REQUEST="true",
        HTTP_HX_TARGET="checkin-rows",
    )
    assert "Rosaire" in search.content.decode() and "<html" not in search.content.decode()
    nothing = director_client.get(
        reverse("tournaments:checkin", args=[tournament.pk]),
        {"q": "zzz"},
        HTTP_HX_REQUEST="true",
        HTTP_HX_TARGET="checkin-rows",
    )
    assert "Rosaire" not in nothing.content.decode()


def test_self_checkin_page(member_client, member, tournament):
    services.registration_create(tournament=tournament, member=member)
    member_client.post(reverse("tournaments:checkin_code", args=[tournament.pk]), {"code": "NOPE"})
    assert not Entry.objects.get(player=member).checked_in
    member_client.post(
        reverse("tournaments:checkin_code", args=[tournament.pk]), {"code": tournament.checkin_code}
    )
    assert Entry.objects.get(player=member).checked_in


def test_round_editor_htmx_swap_and_conflict(director_client, drawn):
    t, rnd = drawn
    a, b = [s.entry_id for s in rnd.seats.exclude(position="BYE")[:2]]
    url = reverse("tournaments:swap", args=[t.pk, rnd.number])
    response = director_client.post(
        url, {"a": a, "b": b, "version": rnd.version}, HTTP_HX_REQUEST="true"
    )
    assert response.status_code == 200 and 'id="round-editor"' in response.content.decode()
    stale = director_client.post(
        url, {"a": a, "b": b, "version": rnd.version}, HTTP_HX_REQUEST="true"
    )
    assert 'data-testid="editor-error"' in stale.content.decode()
    rnd.refresh_from_db()
    assert rnd.version == 2


def test_publish_then_player_sees_the_seat(client, director, drawn):
    t, rnd = drawn
    seat = rnd.seats.filter(table=1, position="N").select_related("entry__player").get()
    client.force_login(seat.entry.player)
    before = client.get(reverse("tournaments:my_seat", args=[t.pk])).content.decode()
    assert 'data-testid="my-table"' not in before
    services.round_publish(round=rnd, by=director, version=rnd.version)
    after = client.get(reverse("tournaments:my_seat", args=[t.pk])).content.decode()
    assert 'data-testid="my-table"' in after and "1" in after
    projector = client.get(reverse("tournaments:projector", args=[t.pk])).content.decode()
    assert seat.entry.player.public_name in projector


def test_print_pages(director_client, director, drawn):
    t, rnd = drawn
    cards = director_client.get(_url("cards", t, rnd)).content.decode()
    assert cards.count('class="t-card-page"') == 2
    sheets = director_client.get(_url("sheets", t, rnd)).content.decode()
    assert sheets.count('data-testid="sheet"') == 2
    # N deals first, then the deal passes to the left (E, S, W=Ouest in French).
    assert "<td>1</td><td>N</td>" in sheets and "<td>2</td><td>E</td>" in sheets
    assert "<td>5</td><td>N</td>" in sheets and "<td>8</td><td>O</td>" in sheets


def test_create_form_and_variant_options(director_client):
    data = {
        "name": "Tournoi du printemps",
        "starts_at": "2030-04-10T19:00",
        "place": "hall",
        "variant": "quebec",
        "format": "individual",
        "rounds_total": 6,
        "hands_per_game": 8,
        "capacity": 24,
        "bye_score": "average",
        "bye_fixed_score": 0,
        "tie_rule": "shared",
        "opt_misere": "true",
        "opt_deck": "46",
    }
    response = director_client.post(reverse("tournaments:create"), data)
    assert response.status_code == 302
    t = Tournament.objects.get()
    assert t.variant_options == {"misere": True}
    assert timezone.localtime(t.starts_at).hour == 19
    bad = director_client.post(
        reverse("tournaments:create"), {**data, "opt_deck": "52", "capacity": "beaucoup"}
    )
    assert bad.status_code == 200 and Tournament.objects.count() == 1


def test_transition_page_message(director_client, tournament):
    response = director_client.post(
        reverse("tournaments:transition", args=[tournament.pk]), {"to": "draft!"}, follow=True
    )
    assert [m.level_tag for m in response.context["messages"]] == ["error"]


def test_constraints_page(director_client, running):
    a, b = list(running.entries.all()[:2])
    url = reverse("tournaments:constraints", args=[running.pk])
    director_client.post(url, {"kind": "never_same_table", "a": a.pk, "b": b.pk})
    assert SeatingConstraint.objects.count() == 1
    director_client.post(url, {"kind": "never_same_table", "a": a.pk, "b": a.pk})
    director_client.post(url, {"kind": "xx", "a": "1", "b": "z"})
    assert SeatingConstraint.objects.count() == 1


def test_draw_page_reports_too_few_players(director_client, make_tournament):
    t = make_tournament(status="running")
    response = director_client.post(reverse("tournaments:draw", args=[t.pk]), follow=True)
    assert [m.level_tag for m in response.context["messages"]] == ["error"]
    assert not Round.objects.exists()
    bad_seed = director_client.post(
        reverse("tournaments:draw", args=[t.pk]), {"seed": "abc"}, follow=True
    )
    assert [m.level_tag for m in bad_seed.context["messages"]] == ["error"]


def test_member_page_lists_tournaments_and_home_lists_upcoming(member_client, member, tournament):
    services.registration_create(tournament=tournament, member=member)
    page = member_client.get(reverse("member_detail", args=[member.pk])).content.decode()
    assert tournament.name in page
    assert tournament.name in member_client.get("/").content.decode()


def test_member_history_lists_a_tournament_once_with_its_current_entry(
    member_client, member, tournament
):
    """A withdrawal followed by a new registration: one line, the new registration."""
    first = services.registration_create(tournament=tournament, member=member)
    services.registration_withdraw(entry=first, member=member)
    services.registration_create(tournament=tournament, member=member)
    page = member_client.get(reverse("member_detail", args=[member.pk])).content.decode()
    assert page.count(tournament.get_absolute_url()) == 1
    assert str(EntryStatus.WITHDRAWN.label) not in page


def test_member_history_shows_a_withdrawal_when_nothing_came_after(
    member_client, member, tournament
):
    entry = services.registration_create(tournament=tournament, member=member)
    services.registration_withdraw(entry=entry, member=member)
    page = member_client.get(reverse("member_detail", args=[member.pk])).content.decode()
    assert page.count(tournament.get_absolute_url()) == 1


def test_ical_feed_shape(client, make_tournament):
    t = make_tournament(name="Tournoi; du, jeudi\\soir", notes="Ligne 1\nLigne 2 " + "é" * 80)
    make_tournament(status="draft", name="Brouillon caché")
    response = client.get(reverse("tournaments:ics"))
    assert response.status_code == 200
    assert response["Content-Type"].startswith("text/calendar")
    body = response.content.decode()
    assert body.startswith("BEGIN:VCALENDAR\r\nVERSION:2.0\r\n")
    assert body.endswith("END:VCALENDAR\r\n")
    assert "\n" not in body.replace("\r\n", "")
    lines = body.split("\r\n")[:-1]
    assert all(len(line.encode()) <= 75 for line in lines)
    unfolded = body.replace("\r\n ", "")
    assert f"UID:tournament-{t.pk}@" in unfolded
    assert "DTSTAMP:" in unfolded and "BEGIN:VTIMEZONE" in unfolded
    local = timezone.localtime(t.starts_at).strftime("%Y%m%dT%H%M%S")
    assert f"DTSTART;TZID=America/Montreal:{local}" in unfolded
    assert "SUMMARY:Tournoi\\; du\\, jeudi\\\\soir" in unfolded
    assert "DESCRIPTION:Ligne 1\\nLigne 2" in unfolded
    assert "Brouillon" not in unfolded
    assert unfolded.count("BEGIN:VEVENT") == unfolded.count("END:VEVENT") == 1
