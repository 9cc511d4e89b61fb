"""Draws through the service, director edits, publication, play started."""

import pytest
from django.db import IntegrityError, transaction

from club.models import ActivityLog
from tournaments import seating, services
from tournaments.errors import ConflictError, TournamentError
from tournaments.models import Position, Round, RoundStatus, Seat
from tournaments.services.rounds import round_to_seating

pytestmark = pytest.mark.django_db


def _layout(rnd):
    return round_to_seating(Seat.objects.filter(round=rnd)).to_dict()


def test_draw_seats_every_present_player_once(director, running, make_member):
    absent = running.entries.create(player=make_member(), status="confirmed")
    rnd = services.round_draw(tournament=running, by=director, seed=42)
    seats = list(rnd.seats.all())
    ids = [s.entry_id for s in seats]
    assert len(ids) == len(set(ids)) == 9 and absent.pk not in ids
    tables = [s for s in seats if not s.is_bye]
    assert len(tables) == 8 and {s.table for s in tables} == {1, 2}
    assert rnd.status == RoundStatus.DRAFT and rnd.seed == 42 and rnd.number == 1
    byes = [s for s in seats if s.is_bye]
    assert len(byes) == 1 and byes[0].bye_score is None  # average: computed later


def test_bye_score_follows_the_setting(director, make_tournament, add_present):
    t = make_tournament(status="running", bye_score="fixed", bye_fixed_score=250)
    add_present(t, 5)
    rnd = services.round_draw(tournament=t, by=director, seed=1)
    assert rnd.seats.get(position=Position.BYE).bye_score == 250


def test_seed_is_recorded_and_reproducible(director, running):
    rnd = services.round_draw(tournament=running, by=director, seed=7)
    first = _layout(rnd)
    rnd = services.round_draw(tournament=running, by=director, seed=7)  # redraw draft
    assert _layout(rnd) == first and rnd.number == 1 and rnd.seed == 7
    random_round = services.round_draw(tournament=running, by=director)
    assert isinstance(random_round.seed, int) and random_round.seed >= 0
    log = ActivityLog.objects.filter(kind="round.drawn").first()
    assert log.data["seed"] == random_round.seed and log.data["before"] is not None


def test_constraints_are_kept(director, running):
    a, b, c, d = list(running.entries.order_by("id"))[:4]
    services.constraint_add(
        tournament=running, by=director, kind="never_same_table", a=a.pk, b=b.pk
    )
    services.constraint_add(tournament=running, by=director, kind="never_partners", a=c.pk, b=d.pk)
    for seed in range(5):
        rnd = services.round_draw(tournament=running, by=director, seed=seed)
        layout = _layout(rnd)
        for table in layout["tables"]:
            assert not {a.pk, b.pk} <= set(table.values())
            assert {table["N"], table["S"]} != {c.pk, d.pk}
            assert {table["E"], table["W"]} != {c.pk, d.pk}


def test_constraint_bad_input(director, running):
    a = running.entries.first()
    for kind, x, y in [
        ("never_partners", a.pk, a.pk),
        ("nonsense", a.pk, a.pk + 1),
        ("never_partners", "x", "y"),
        ("never_partners", a.pk, 999999),
    ]:
        with pytest.raises(TournamentError):
            services.constraint_add(tournament=running, by=director, kind=kind, a=x, b=y)


def test_second_round_uses_the_published_history(director, make_tournament, add_present):
    t = make_tournament(status="running", rounds_total=3)
    add_present(t, 8)
    r1 = services.round_draw(tournament=t, by=director, seed=3)
    services.round_publish(round=r1, by=director, version=r1.version)
    r2 = services.round_draw(tournament=t, by=director, seed=3)
    assert r2.number == 2
    report = seating.evaluate([_layout(r1), _layout(r2)])
    assert report.partner_repeat_count == 0
    assert r2.report["partner_repeats"] == []


def test_draw_refuses_too_few_players_and_saves_nothing(director, make_tournament, add_present):
    t = make_tournament(status="running")
    add_present(t, 3)
    with pytest.raises(TournamentError) as err:
        services.round_draw(tournament=t, by=director)
    assert err.value.code == "too_few_players"
    assert not Round.objects.exists()


def test_draw_needs_a_running_tournament(director, tournament, add_present):
    add_present(tournament, 8)
    with pytest.raises(TournamentError) as err:
        services.round_draw(tournament=tournament, by=director)
    assert err.value.code == "not_running"


def test_no_more_rounds_than_planned(director, make_tournament, add_present):
    t = make_tournament(status="running", rounds_total=1)
    add_present(t, 4)
    rnd = services.round_draw(tournament=t, by=director, seed=1)
    services.round_publish(round=rnd, by=director, version=rnd.version)
    with pytest.raises(TournamentError) as err:
        services.round_draw(tournament=t, by=director)
    assert err.value.code == "all_drawn"


def test_swap_two_players_recomputes_and_logs(director, running):
    rnd = services.round_draw(tournament=running, by=director, seed=5)
    n1 = rnd.seats.get(table=1, position="N")
    e2 = rnd.seats.get(table=2, position="E")
    rnd = services.round_swap(
        round=rnd, by=director, a=n1.entry_id, b=e2.entry_id, version=rnd.version
    )
    assert rnd.seats.get(table=1, position="N").entry_id == e2.entry_id
    assert rnd.seats.get(table=2, position="E").entry_id == n1.entry_id
    log = ActivityLog.objects.get(kind="round.swapped")
    assert log.data["before"] != log.data["after"] and log.actor == director
    assert "problems" in rnd.report


def test_swap_a_seated_player_with_the_bye(director, running):
    rnd = services.round_draw(tournament=running, by=director, seed=5)
    bye = rnd.seats.get(position="BYE")
    seated = rnd.seats.get(table=2, position="W")
    services.round_swap(
        round=rnd, by=director, a=bye.entry_id, b=seated.entry_id, version=rnd.version
    )
    assert rnd.seats.get(entry_id=seated.entry_id).position == "BYE"
    assert rnd.seats.get(entry_id=bye.entry_id).table == 2


def test_swap_bad_input(director, running, make_member):
    rnd = services.round_draw(tournament=running, by=director, seed=5)
    seat = rnd.seats.filter(table=1).first()
    cases = [
        (seat.entry_id, seat.entry_id),
        (seat.entry_id, "garbage"),
        (seat.entry_id, 987654),
        (None, seat.entry_id),
    ]
    before = _layout(rnd)
    for a, b in cases:
        with pytest.raises(TournamentError):
            services.round_swap(round=rnd, by=director, a=a, b=b, version=rnd.version)
    assert _layout(rnd) == before


def test_bye_moves_and_a_taken_seat(director, running):
    rnd = services.round_draw(tournament=running, by=director, seed=5)
    seated = rnd.seats.get(table=1, position="S")
    rnd = services.round_move_bye(
        round=rnd, by=director, entry=seated.entry_id, version=rnd.version
    )
    assert rnd.report["problems"]  # table 1 now misses S
    with pytest.raises(TournamentError) as err:
        services.round_publish(round=rnd, by=director, version=rnd.version)
    assert err.value.code == "incomplete"
    other_bye = rnd.seats.filter(position="BYE").exclude(entry_id=seated.entry_id).first()
    with pytest.raises(TournamentError) as err:  # would seat two players in one seat
        services.round_move_bye(
            round=rnd,
            by=director,
            entry=other_bye.entry_id,
            table=1,
            position="N",
            version=rnd.version,
        )
    assert err.value.code == "seat_taken"
    with pytest.raises(TournamentError):
        services.round_move_bye(
            round=rnd,
            by=director,
            entry=other_bye.entry_id,
            table=9,
            position="S",
            version=rnd.version,
        )
    rnd = services.round_move_bye(
        round=rnd, by=director, entry=other_bye.entry_id, table=1, position="S", version=rnd.version
    )
    assert not rnd.report["problems"]
    services.round_publish(round=rnd, by=director, version=rnd.version)


def test_late_arrival_can_be_added_to_a_draft(director, running, add_present):
    rnd = services.round_draw(tournament=running, by=director, seed=5)
    (late,) = add_present(running, 1)
    rnd = services.round_move_bye(round=rnd, by=director, entry=late.pk, version=rnd.version)
    assert rnd.seats.get(entry=late).position == "BYE"


def test_stale_version_is_a_conflict_not_an_overwrite(director, make_member, running):
    other = make_member(director=True)
    rnd = services.round_draw(tournament=running, by=director, seed=5)
    seen = rnd.version
    a, b, c = [s.entry_id for s in rnd.seats.exclude(position="BYE")[:3]]
    services.round_swap(round=rnd, by=director, a=a, b=b, version=seen)
    after_first = _layout(rnd)
    with pytest.raises(ConflictError):
        services.round_swap(round=rnd, by=other, a=a, b=c, version=seen)
    with pytest.raises(ConflictError):
        services.round_swap(round=rnd, by=other, a=a, b=c, version="nope")
    assert _layout(rnd) == after_first


def test_published_round_can_be_corrected_until_play_starts(director, running):
    rnd = services.round_draw(tournament=running, by=director, seed=5)
    rnd = services.round_publish(round=rnd, by=director, version=rnd.version)
    a, b = [s.entry_id for s in rnd.seats.exclude(position="BYE")[:2]]
    rnd = services.round_swap(round=rnd, by=director, a=a, b=b, version=rnd.version)
    assert rnd.status == RoundStatus.PUBLISHED
    rnd = services.round_start_play(round=rnd, by=director, version=rnd.version)
    before = _layout(rnd)
    with pytest.raises(TournamentError) as err:
        services.round_swap(round=rnd, by=director, a=a, b=b, version=rnd.version)
    assert err.value.code == "play_started"
    with pytest.raises(TournamentError):
        services.round_move_bye(round=rnd, by=director, entry=a, version=rnd.version)
    assert _layout(rnd) == before


def test_publish_logs_and_broadcasts_on_commit(
    director, running, django_capture_on_commit_callbacks, monkeypatch
):
    sent = []
    monkeypatch.setattr(
        "tournaments.services.events.send_tournament_updated",
        lambda tid, version: sent.append((tid, version)),
    )
    rnd = services.round_draw(tournament=running, by=director, seed=5)
    with django_capture_on_commit_callbacks(execute=False) as callbacks:
        services.round_publish(round=rnd, by=director, version=rnd.version)
    assert not sent  # nothing leaves before the commit
    for callback in callbacks:
        callback()
    running.refresh_from_db()
    assert sent == [(running.pk, running.version)]
    log = ActivityLog.objects.get(kind="round.published")
    assert log.actor == director and log.data["after"]["tables"]
    with pytest.raises(TournamentError) as err:
        services.round_publish(round=rnd, by=director, version=log and rnd.version + 1)
    assert err.value.code == "already_published"


def test_database_keeps_one_place_per_player_and_per_seat(director, running):
    rnd = services.round_draw(tournament=running, by=director, seed=5)
    seat = rnd.seats.get(table=1, position="N")
    other = rnd.seats.get(table=1, position="E")
    with pytest.raises(IntegrityError), transaction.atomic():
        Seat.objects.create(round=rnd, entry=seat.entry, position="BYE")
    with pytest.raises(IntegrityError), transaction.atomic():
        Seat.objects.filter(pk=other.pk).update(position="N")


def test_pairs_format_draw(director, make_tournament, add_present):
    t = make_tournament(status="running", format="pairs", rounds_total=3)
    add_present(t, 5)
    rnd = services.round_draw(tournament=t, by=director, seed=2)
    positions = sorted(s.position for s in rnd.seats.all())
    assert positions == ["BYE", "EW", "EW", "NS", "NS"]
