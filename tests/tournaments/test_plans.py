"""The tournament's seating plan through the services and pages: drawn whole at round
1, followed, planned again when the field changes (with the reasons), the effect of a
swap, fixed seats."""

from __future__ import annotations

import pytest
from django.urls import reverse
from django.utils import timezone

from tournaments import seating, services
from tournaments.errors import TournamentError
from tournaments.models import Entry, EntryStatus, Position, Seat, SeatingPlan
from tournaments.selectors_seating import round_to_seating
from tournaments.services import director as ds

pytestmark = pytest.mark.django_db


def _layout(rnd):
    return round_to_seating(Seat.objects.filter(round=rnd)).to_dict()


def _play(tournament, director, number, seed=None):
    """Draw round ``number`` and publish it."""
    rnd = services.round_draw(tournament=tournament, by=director, seed=seed)
    assert rnd.number == number
    return services.round_publish(round=rnd, by=director, version=rnd.version)


@pytest.fixture
def sixteen(make_tournament, add_present):
    t = make_tournament(status="running", rounds_total=7)
    add_present(t, 16)
    return t


def test_round_one_plans_every_round_from_the_library(director, sixteen):
    rnd = services.round_draw(tournament=sixteen, by=director, seed=5)
    plan = SeatingPlan.objects.get(tournament=sixteen)
    assert plan.source == "library" and plan.seed == 5 and len(plan.rounds) == 7
    assert plan.best_known == 0 and plan.figures["opponent"] == 0
    assert plan.figures["partner"] == 0 and plan.changes == []
    assert _layout(rnd) == plan.rounds[0]
    assert sorted(plan.players) == sorted(sixteen.entries.values_list("id", flat=True))


def test_later_rounds_are_published_from_the_plan(director, sixteen):
    _play(sixteen, director, 1, seed=3)
    plan = SeatingPlan.objects.get(tournament=sixteen)
    for number in range(2, 8):
        rnd = _play(sixteen, director, number)
        assert _layout(rnd) == plan.rounds[number - 1]
        assert rnd.seed == 3
    plan.refresh_from_db()
    assert plan.changes == []
    history = [seating.Round(**r) for r in plan.rounds]
    assert seating.evaluate(history).opponent_repeat_count == 0


def test_a_late_arrival_replans_the_rest_and_says_why(
    director, sixteen, make_member, director_client
):
    for number in (1, 2, 3):
        _play(sixteen, director, number, seed=1 if number == 1 else None)
    before = SeatingPlan.objects.get(tournament=sixteen).rounds
    late = services.walkin_add(
        tournament=sixteen,
        by=director,
        player=make_member(first_name="Ginette", last_name="Tardif"),
    )
    page = director_client.get(reverse("tournaments:rounds", args=[sixteen.pk]))
    assert (
        "Ginette Tardif" in page.content.decode()
        and 'data-testid="plan-notice"' in page.content.decode()
    )
    rnd = services.round_draw(tournament=sixteen, by=director)
    plan = SeatingPlan.objects.get(tournament=sixteen)
    assert plan.rounds[:3] == before[:3]  # the history is kept
    assert late.pk in {p for t in plan.rounds[3]["tables"] for p in t.values()} | set(
        plan.rounds[3]["byes"]
    )
    change = plan.changes[-1]
    assert change["kind"] == "replan" and change["round"] == 4 and change["players"] == 17
    assert [r["kind"] for r in change["reasons"]] == ["late_arrival"]
    assert change["reasons"][0]["entries"] == [{"id": late.pk, "name": "Ginette Tardif"}]
    assert change["after"]["partner"] == 0 and change["moved"] > 0
    whole = [seating.Round(**r) for r in plan.rounds]
    report = seating.evaluate(whole)
    assert report.partner_repeat_count == 0 and report.bye_spread <= 1
    assert report.opponent_repeat_count == change["after"]["opponent"]
    html = director_client.get(reverse("tournaments:round", args=[sixteen.pk, 4])).content.decode()
    assert "Ginette Tardif" in html and 'data-reason="late_arrival"' in html
    assert rnd.number == 4


def test_a_withdrawal_and_a_no_show_are_told_apart(director, make_tournament, add_present):
    t = make_tournament(status="running", rounds_total=5)
    add_present(t, 17)  # one bye a round
    r1 = _play(t, director, 1, seed=2)
    bye = r1.seats.get(position=Position.BYE).entry
    seated = r1.seats.exclude(position=Position.BYE).first().entry
    services.checkin_set(entry=bye, by=director, present=False)  # never came to a table
    services.registration_remove(entry=seated, by=director)  # played, then left
    services.round_draw(tournament=t, by=director)
    change = SeatingPlan.objects.get(tournament=t).changes[-1]
    kinds = {r["kind"]: [e["id"] for e in r["entries"]] for r in change["reasons"]}
    assert kinds == {"withdrawal": [seated.pk], "no_show": [bye.pk]}
    assert change["players"] == 15 and change["byes"] == 3


def test_a_substitute_is_explained_at_the_next_draw(director, sixteen, make_member):
    r1 = _play(sixteen, director, 1, seed=4)
    seat = r1.seats.get(table=1, position="N")
    sub = services.walkin_add(
        tournament=sixteen,
        by=director,
        player=make_member(first_name="Rémi", last_name="Remplaçant"),
    )
    ds.seat_substitute(round=r1, by=director, table=1, position="N", entry=sub.pk, reason="malaise")
    services.checkin_set(entry=seat.entry, by=director, present=False)
    services.round_draw(tournament=sixteen, by=director)
    change = SeatingPlan.objects.get(tournament=sixteen).changes[-1]
    reasons = change["reasons"]
    assert reasons[0]["kind"] == "substitute" and reasons[0]["round"] == 1
    assert reasons[0]["in"] == [{"id": sub.pk, "name": "Rémi Remplaçant"}]
    assert reasons[0]["out"][0]["id"] == seat.entry_id
    assert change["players"] == 16


def test_a_swap_replans_the_rest_and_shows_the_effect(director, sixteen, director_client):
    rnd = services.round_draw(tournament=sixteen, by=director, seed=6)
    plan = SeatingPlan.objects.get(tournament=sixteen)
    t1, t2 = plan.rounds[0]["tables"][:2]
    a, b = t1["N"], t2["N"]
    url = reverse("tournaments:swap_effect", args=[sixteen.pk, 1])
    preview = director_client.get(url, {"a": a, "b": b}, HTTP_HX_REQUEST="true")
    assert preview.status_code == 200
    assert 'data-testid="plan-effect"' in preview.content.decode()
    plan.refresh_from_db()
    assert plan.changes == [] and _layout(rnd) == plan.rounds[0]  # a preview writes nothing
    rnd = services.round_swap(round=rnd, by=director, a=a, b=b, version=rnd.version)
    plan.refresh_from_db()
    change = plan.changes[-1]
    assert change["kind"] == "swap" and change["round"] == 1
    assert change["before"]["opponent"] == 0
    assert plan.rounds[0] == _layout(rnd)
    assert plan.figures == change["after"]
    whole = seating.evaluate([seating.Round(**r) for r in plan.rounds])
    assert whole.opponent_repeat_count == change["after"]["opponent"]
    assert whole.partner_repeat_count == 0
    html = director_client.get(reverse("tournaments:round", args=[sixteen.pk, 1])).content.decode()
    assert "plan-effect" in html and 'data-reason="swap"' in html


def test_swap_preview_refuses_bad_input(director, sixteen, director_client):
    services.round_draw(tournament=sixteen, by=director, seed=6)
    url = reverse("tournaments:swap_effect", args=[sixteen.pk, 1])
    for params in ({"a": "x", "b": "1"}, {"a": 999999, "b": 999998}, {}):
        html = director_client.get(url, params).content.decode()
        assert 'role="alert"' in html


def test_drawing_again_makes_a_new_plan_and_says_so(director, sixteen):
    services.round_draw(tournament=sixteen, by=director, seed=1)
    services.round_draw(tournament=sixteen, by=director, seed=2)
    plan = SeatingPlan.objects.get(tournament=sixteen)
    assert plan.seed == 2 and plan.changes[-1]["reasons"] == [{"kind": "redraw"}]


def test_fixed_seats_are_kept_by_every_draw(director, sixteen):
    entries = list(sixteen.entries.order_by("id"))
    services.fixed_seat_set(
        tournament=sixteen, by=director, entry=entries[0].pk, position="N", table="2"
    )
    services.fixed_seat_set(
        tournament=sixteen, by=director, entry=entries[1].pk, position="N", table=""
    )
    for number in range(1, 8):
        rnd = _play(sixteen, director, number, seed=9 if number == 1 else None)
        first = rnd.seats.get(entry=entries[0])
        assert (first.table, first.position) == (2, "N")
        assert rnd.seats.get(entry=entries[1]).position in ("N", Position.BYE)
    plan = SeatingPlan.objects.get(tournament=sixteen)
    assert plan.figures["opponent"] == 0 and plan.figures["partner"] == 0


def test_fixed_seat_bad_input_saves_nothing(director, sixteen, make_tournament):
    a, b = list(sixteen.entries.order_by("id"))[:2]
    services.fixed_seat_set(tournament=sixteen, by=director, entry=a.pk, position="N", table=1)
    cases = [
        dict(entry=b.pk, position="X"),
        dict(entry="nope", position="N"),
        dict(entry=b.pk, position="N", table="0"),
        dict(entry=b.pk, position="E", table=1),
        dict(entry=b.pk, position="NS"),
    ]
    for kwargs in cases:
        with pytest.raises(TournamentError):
            services.fixed_seat_set(tournament=sixteen, by=director, **kwargs)
    other = make_tournament(status="running")
    with pytest.raises(TournamentError):
        services.fixed_seat_set(tournament=other, by=director, entry=a.pk, position="N")
    assert list(sixteen.fixed_seats.values_list("entry_id", "position", "table")) == [
        (a.pk, "N", 1)
    ]


def test_constraints_page_fixes_and_frees_a_seat(director_client, sixteen):
    entry = sixteen.entries.order_by("id").first()
    url = reverse("tournaments:fixed_seat", args=[sixteen.pk])
    response = director_client.post(url, {"entry": entry.pk, "position": "N", "table": "3"})
    assert response.status_code == 302
    row = sixteen.fixed_seats.get()
    assert (row.entry_id, row.position, row.table) == (entry.pk, "N", 3)
    page = director_client.get(reverse("tournaments:constraints", args=[sixteen.pk]))
    assert 'data-testid="fixed-seats"' in page.content.decode()
    bad = director_client.post(url, {"entry": entry.pk, "position": "Q"})
    assert bad.status_code == 200 and sixteen.fixed_seats.count() == 1
    director_client.post(reverse("tournaments:fixed_seat_remove", args=[sixteen.pk, row.pk]))
    assert sixteen.fixed_seats.count() == 0


def test_the_round_page_shows_the_round_and_the_best_known(director, sixteen, director_client):
    services.round_draw(tournament=sixteen, by=director, seed=2)
    html = director_client.get(reverse("tournaments:round", args=[sixteen.pk, 1])).content.decode()
    assert 'data-testid="plan-panel"' in html and 'data-testid="best-known"' in html
    assert "16 × 7" in html


def test_pairs_are_planned_as_a_round_robin(director, make_tournament, add_present):
    t = make_tournament(status="running", rounds_total=5, format="pairs")
    add_present(t, 6)
    services.round_draw(tournament=t, by=director, seed=3)
    plan = SeatingPlan.objects.get(tournament=t)
    assert plan.source == "round_robin" and plan.figures["opponent"] == 0
    met = [frozenset(tb.values()) for r in plan.rounds for tb in r["tables"]]
    assert len(met) == len(set(met)) == 15


def test_a_tournament_drawn_before_plans_existed_gets_one_at_its_next_draw(director, sixteen):
    _play(sixteen, director, 1, seed=1)
    SeatingPlan.objects.filter(tournament=sixteen).delete()
    _play(sixteen, director, 2)
    plan = SeatingPlan.objects.get(tournament=sixteen)
    assert len(plan.rounds) == 7 and plan.source == "search"


def test_entries_outside_the_field_are_not_counted(director, sixteen, make_member):
    Entry.objects.create(
        tournament=sixteen,
        player=make_member(),
        status=EntryStatus.WAITING,
        checked_in=False,
        checked_in_at=timezone.now(),
    )
    services.round_draw(tournament=sixteen, by=director, seed=1)
    assert len(SeatingPlan.objects.get(tournament=sixteen).players) == 16


def test_more_games_replan_the_rest_and_say_why(director, sixteen):
    _play(sixteen, director, 1, seed=1)
    sixteen.rounds_total = 9
    sixteen.save(update_fields=["rounds_total"])
    _play(sixteen, director, 2)
    plan = SeatingPlan.objects.get(tournament=sixteen)
    assert len(plan.rounds) == 9 and plan.seed == 1
    assert plan.changes[-1]["reasons"] == [{"kind": "games", "before": 7, "after": 9}]
