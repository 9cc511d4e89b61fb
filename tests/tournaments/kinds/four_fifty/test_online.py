"""Online rounds of a 450 tournament: live 450 tables seated from the draw, whose
finished rounds become confirmed lines of the tables' sheets and feed the standings."""

from __future__ import annotations

import pytest

from games.engine.four_fifty import check_record
from games.models import GameHand, Table
from tests.tournaments.day import drive_live, play_round
from tests.tournaments.kinds.four_fifty.day import make_450
from tournaments import selectors_results as sr
from tournaments import selectors_tables as ts
from tournaments.models import GameStatus, TableGame
from tournaments.services import director as ds

pytestmark = pytest.mark.django_db


def test_an_online_450_round_plays_at_live_450_tables_seated_from_the_draw_and_feeds_the_standings(
    make_tournament, add_present, director
):
    t = make_450(
        make_tournament,
        add_present,
        7,
        place="online",
        rounds_total=1,
        variant_options={"end": "rounds", "rounds": 2},
    )
    assert t.place == "online"
    rnd = play_round(t, director, online=True)
    assert ts.round_play(rnd).mode == "online"
    games = list(TableGame.objects.filter(round=rnd).order_by("table"))
    assert sorted(len(ts.table_people(rnd, g.table)) for g in games) == [3, 4]
    expected = {}
    for game in games:
        live = game.live_table
        people = ts.table_people(rnd, game.table)
        assert live.variant == "450" and live.visibility == "invite"
        assert live.options == {"players": len(people), "end": "rounds", "rounds": 2}
        assert live.status == Table.Status.PLAYING and live.first_dealer == "P2"
        assert {s.seat: s.user_id for s in live.seats.all()} == {
            seat: p.user_id for seat, p in people.items()
        }
        drive_live(live, limit=3000)
        rounds = list(GameHand.objects.filter(table=live).order_by("number"))
        # two rounds, or more when the top totals tie (game_tie "play_on"; the live
        # table's deal is drawn at random)
        assert len(rounds) >= 2
        if len(rounds) > 2:  # the game went on: the top totals were tied before the last
            before = [sum(r.result["points"][seat] for r in rounds[:-1]) for seat in people]
            assert before.count(max(before)) > 1
        game.refresh_from_db()
        lines = list(game.sheet_lines.order_by("seq"))
        assert [line.seq for line in lines] == list(range(1, len(rounds) + 1))
        assert all(line.confirmed and line.confirmed_by_name == "online" for line in lines)
        assert [line.points for line in lines] == [r.result["points"] for r in rounds]
        assert [line.dealer for line in lines] == [r.dealer for r in rounds]
        totals = {seat: sum(r.result["points"][seat] for r in rounds) for seat in people}
        assert game.status == GameStatus.COMPLETE and game.totals == totals
        assert game.flags["bot"]  # nobody came: bots played for the seated members
        from games.selectors import hand_record

        for number, line in enumerate(lines, 1):
            assert check_record(hand_record(live, number))["points"] == line.points
        for seat, person in people.items():
            expected[person.entry_id] = totals[seat]
    page = sr.standings_page(t)
    assert page["games_counted"] == 2
    assert {row["competitor"]: row["total"] for row in page["rows"]} == expected


def test_a_450_round_may_switch_to_online_before_play_and_gets_its_live_tables(
    make_tournament, add_present, director
):
    from tournaments import services

    t = make_450(make_tournament, add_present, 8)
    rnd = services.round_draw(tournament=t, by=director, seed=3)
    rnd = services.round_publish(round=rnd, by=director, version=rnd.version)
    assert ts.round_play(rnd).mode == "hall"
    ds.round_set_mode(round=rnd, by=director, mode="online")
    games = TableGame.objects.filter(round=rnd)
    assert games.count() == 2
    for game in games:
        assert game.live_table.variant == "450"
        assert game.live_table.status == Table.Status.OPEN
