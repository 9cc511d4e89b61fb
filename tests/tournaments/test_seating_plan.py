"""Planning the whole tournament (pure, no database): the library relabelled with the
seed, rules honoured by repair, fixed seats, plans followed round by round, re-planning
when the field changes, fields of pairs, large fields."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from collections import Counter

import pytest

from tournaments.seating import (
    Constraints,
    History,
    Round,
    SeatingError,
    cell_figures,
    draw_round,
    evaluate,
    library,
    moved,
    plan_rounds,
)
from tournaments.seating.plan import group_sizes, library_movement


@pytest.fixture(autouse=True)
def _clear_cache():
    """Override the project-wide autouse fixture (it touches Django's cache)."""
    yield


REPO = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


def meeting_profile(rounds) -> Counter:
    """How many pairs met as (partners, opponents) k times: what relabelling keeps."""
    p, o = Counter(), Counter()
    for rnd in rounds:
        for t in rnd.tables:
            for a, b in ((t["N"], t["S"]), (t["E"], t["W"])):
                p[frozenset((a, b))] += 1
            for a, b in ((t["N"], t["E"]), (t["N"], t["W"]), (t["S"], t["E"]), (t["S"], t["W"])):
                o[frozenset((a, b))] += 1
    return Counter((p[k], o[k]) for k in set(p) | set(o))


def library_rounds(n, r):
    mv = library.movement(n, r)
    return [
        Round([dict(zip("NESW", s[t : t + 4])) for t in range(0, len(s), 4)], b)
        for s, b in mv.schedule
    ]


def play(players, rounds, *, seed=0, change=None, constraints=None, fmt="individual"):
    """Draw round by round as the site does; ``change(r, players)`` may give a new field
    before round r. Returns (rounds, draws)."""
    played, draws, plan = [], [], ()
    for r in range(1, rounds + 1):
        if change is not None:
            players = change(r, players) or players
        d = draw_round(
            players,
            History(played),
            seed=seed,
            rounds_total=rounds,
            round_number=r,
            plan_hint=plan,
            constraints=constraints,
            fmt=fmt,
        )
        draws.append(d)
        played.append(d.as_round())
        plan = d.plan
    return played, draws


# --- round 1 relabels the library ------------------------------------------------------


@pytest.mark.parametrize("n,r", [(12, 6), (16, 7), (17, 8), (19, 10), (20, 9), (21, 10)])
def test_round_one_plans_the_whole_tournament_from_the_library(n, r):
    plan = plan_rounds(list(range(100, 100 + n)), [], rounds_total=r, seed=5)
    assert plan.source == "library" and plan.start == 1 and len(plan.rounds) == r
    assert meeting_profile(plan.rounds) == meeting_profile(library_rounds(n, r))
    assert plan.report.partner_repeat_count == 0
    assert plan.report.opponent_repeat_count == library.movement(n, r).opponent_repeats
    assert plan.report.opponent_repeat_count <= library.BEST_KNOWN[(n, r)]
    assert plan.best_known == library.movement(n, r).opponent_repeats
    assert plan.report.bye_spread <= 1


def test_the_seed_relabels_so_two_tournaments_seat_different_people_together():
    players = list(range(1, 17))
    a = plan_rounds(players, [], rounds_total=7, seed=1)
    b = plan_rounds(players, [], rounds_total=7, seed=2)
    tables = [{frozenset(t.values()) for t in p.rounds[0].tables} for p in (a, b)]
    assert tables[0] != tables[1]
    assert meeting_profile(a.rounds) == meeting_profile(b.rounds)
    again = plan_rounds(list(reversed(players)), [], rounds_total=7, seed=1)
    assert [x.to_dict() for x in again.rounds] == [x.to_dict() for x in a.rounds]


def test_a_tournament_follows_its_plan_round_by_round():
    players = list(range(1, 21))
    played, draws = play(players, 9, seed=3)
    assert draws[0].source == "library"
    assert [d.source for d in draws[1:]] == ["plan"] * 8
    assert [r.to_dict() for r in played[1:]] == [r.to_dict() for r in draws[0].plan]
    rep = evaluate(played)
    assert rep.partner_repeat_count == 0
    assert rep.opponent_repeat_count <= library.BEST_KNOWN[(20, 9)]
    assert draws[0].best_known == draws[0].planned.opponent_repeat_count


# --- the director's rules -------------------------------------------------------------


def test_forbidden_pairs_are_kept_by_relabelling_without_losing_quality():
    c = Constraints(
        never_partners=[(1, 2), (3, 4), (1, 5)], never_same_table=[(6, 7), (8, 9), (1, 10)]
    )
    plan = plan_rounds(list(range(1, 17)), [], rounds_total=7, seed=4, constraints=c)
    assert plan.source == "library"
    assert plan.report.violations == []
    assert plan.report.opponent_repeat_count == 0 and plan.report.partner_repeat_count == 0
    for rnd in plan.rounds:
        for t in rnd.tables:
            assert {t["N"], t["S"]} not in ({1, 2}, {3, 4}, {1, 5})
            assert {t["E"], t["W"]} not in ({1, 2}, {3, 4}, {1, 5})
            assert not {6, 7} <= set(t.values()) and not {8, 9} <= set(t.values())


def test_rules_no_relabelling_can_keep_fall_back_to_a_search_that_keeps_them():
    # 1 may never sit with 2..9: in 12 players x 6 games 1 meets 9 of 11 others, so no
    # relabelling of the movement avoids them all; the search keeps every rule.
    c = Constraints(never_same_table=[(1, k) for k in range(2, 9)])
    plan = plan_rounds(list(range(1, 13)), [], rounds_total=4, seed=0, constraints=c)
    assert plan.report.violations == []
    assert plan.report.partner_repeat_count == 0


def test_impossible_rules_are_refused_with_a_clear_error():
    with pytest.raises(SeatingError) as err:
        plan_rounds(
            [1, 2, 3, 4], [], rounds_total=3, constraints=Constraints(never_same_table=[(1, 2)])
        )
    assert err.value.code == "constraints_unsatisfiable"


def test_fixed_seats_hold_every_round_and_the_plan_stays_the_best_known():
    c = Constraints(fixed_seats=[(5, "N"), (9, "N", 3), (11, "E")])
    plan = plan_rounds(list(range(1, 17)), [], rounds_total=7, seed=8, constraints=c)
    assert plan.report.violations == []
    assert plan.report.opponent_repeat_count == 0 and plan.report.partner_repeat_count == 0
    for rnd in plan.rounds:
        where = {p: (n, s) for n, t in enumerate(rnd.tables, start=1) for s, p in t.items()}
        assert where[5][1] == "N" and where[9] == (3, "N") and where[11][1] == "E"
    played, _ = play(list(range(1, 17)), 7, seed=8, constraints=c)
    assert evaluate(played, constraints=c).violations == []


@pytest.mark.parametrize(
    "fixed,code",
    [
        ([(1, "N", 2), (2, "S", 2)], "fixed_table_shared"),
        ([(1, "N", 5)], "fixed_table_missing"),
        ([(1, "X")], "bad_fixed_seat"),
        ([(1, "N"), (1, "S")], "bad_fixed_seat"),
    ],
)
def test_fixed_seats_that_cannot_hold_are_refused(fixed, code):
    with pytest.raises(SeatingError) as err:
        plan_rounds(
            list(range(1, 17)), [], rounds_total=3, constraints=Constraints(fixed_seats=fixed)
        )
    assert err.value.code == code


def test_evaluate_flags_a_player_moved_off_a_fixed_seat():
    c = Constraints(fixed_seats=[(1, "N", 1)])
    rep = evaluate([Round([{"N": 2, "E": 1, "S": 3, "W": 4}])], constraints=c)
    assert [(v.kind, v.a, v.b) for v in rep.violations] == [("fixed_seat", 1, "1N")]


# --- when the field changes -----------------------------------------------------------


def late(n, at):
    return lambda r, ps: ps + [n + 1] if r == at else None


def withdraw(at):
    return lambda r, ps: ps[:-1] if r == at else None


@pytest.mark.parametrize("n,r,seed", [(16, 7, 0), (20, 9, 1), (24, 8, 2), (32, 10, 0)])
def test_a_late_arrival_replans_the_rest_and_keeps_the_history(n, r, seed):
    at = r // 2 + 1
    before, _ = play(list(range(1, n + 1)), r, seed=seed)
    played, draws = play(list(range(1, n + 1)), r, seed=seed, change=late(n, at))
    assert [x.to_dict() for x in played[: at - 1]] == [x.to_dict() for x in before[: at - 1]]
    assert draws[at - 1].replanned and draws[at - 1].source == "search"
    assert all(d.source == "plan" for d in draws[at:])
    for rnd in played[at - 1 :]:
        assert sorted(rnd.players()) == list(range(1, n + 2))
    assert n + 1 not in played[at - 1].byes  # missed rounds count as sit-outs
    rep = evaluate(played)
    assert rep.partner_repeat_count == 0
    assert rep.bye_spread <= 1
    best = max(cell_figures(n, r)[0], cell_figures(n + 1, r)[0])
    assert rep.opponent_repeat_count <= best


# 16 x 7 losing a player after 3 rounds: 15 players, 3 byes a round; the re-planned
# rounds repeat one opponent pair (the 16 x 7 and 15 x 7 schedules have none).
@pytest.mark.parametrize(
    "n,r,seed,slack", [(16, 7, 2, 1), (20, 9, 1, 0), (24, 8, 0, 0), (32, 10, 0, 0)]
)
def test_a_withdrawal_replans_the_rest_and_keeps_the_history(n, r, seed, slack):
    at = r // 2 + 1
    played, draws = play(list(range(1, n + 1)), r, seed=seed, change=withdraw(at))
    assert draws[at - 1].replanned
    assert all(n in rnd.players() for rnd in played[: at - 1])
    assert all(n not in rnd.players() for rnd in played[at - 1 :])
    rep = evaluate(played)
    assert rep.partner_repeat_count == 0
    assert rep.bye_spread <= 1
    best = max(cell_figures(n, r)[0], cell_figures(n - 1, r)[0])
    assert rep.opponent_repeat_count <= best + slack


def test_replanning_64_players_keeps_zero_repeats():
    change = lambda r, ps: ps[:-2] + [101, 102, 103] if r == 4 else None  # noqa: E731
    played, draws = play(list(range(1, 65)), 10, seed=0, change=change)
    assert draws[3].replanned
    rep = evaluate(played)
    assert rep.partner_repeat_count == 0 and rep.opponent_repeat_count == 0
    assert rep.bye_spread <= 1


def test_an_edited_round_one_is_anchored_in_a_library_movement_and_costs_nothing():
    plan = plan_rounds(list(range(1, 17)), [], rounds_total=7, seed=3)
    first = plan.rounds[0]
    t1, t2 = first.tables[0], first.tables[1]
    edited = Round([{**t1, "N": t2["E"]}, {**t2, "E": t1["N"]}, *first.tables[2:]], first.byes)
    again = plan_rounds(
        list(range(1, 17)), [edited], rounds_total=7, seed=3, previous=plan.rounds[1:]
    )
    assert again.report.opponent_repeat_count == 0 and again.report.partner_repeat_count == 0


def test_moved_lists_who_gets_new_table_mates():
    a = [Round([{"N": 1, "E": 2, "S": 3, "W": 4}, {"N": 5, "E": 6, "S": 7, "W": 8}])]
    b = [Round([{"N": 1, "E": 2, "S": 3, "W": 5}, {"N": 4, "E": 6, "S": 7, "W": 8}])]
    assert moved(a, b) == [[1, 2, 3, 4, 5, 6, 7, 8]]
    c = [Round([{"N": 3, "E": 4, "S": 1, "W": 2}, {"N": 5, "E": 6, "S": 7, "W": 8}])]
    assert moved(a, c) == [[]]  # seats changed, table-mates did not


# --- pairs ----------------------------------------------------------------------------


@pytest.mark.parametrize("n", [6, 8, 9, 12, 13])
def test_pairs_meet_every_other_pair_once_before_anyone_meets_twice(n):
    rounds = n - 1 + n % 2
    played, draws = play(list(range(1, n + 1)), rounds + 3, seed=4, fmt="pairs")
    assert draws[0].source == "round_robin"
    meetings = Counter()
    for k, rnd in enumerate(played, start=1):
        for t in rnd.tables:
            meetings[frozenset(t.values())] += 1
        if k == rounds:
            assert set(meetings.values()) == {1} and len(meetings) == n * (n - 1) // 2
    assert max(meetings.values()) - min(meetings.values()) <= 1
    rep = evaluate(played, fmt="pairs")
    assert rep.bye_spread <= 1 and rep.side_spread <= 1
    assert rep.opponent_repeat_count == cell_figures(n, rounds + 3, "pairs")[1]


def test_pairs_with_a_forbidden_meeting_are_relabelled_around_it():
    c = Constraints(never_same_table=[(1, 2), (3, 4)])
    played, draws = play(list(range(1, 11)), 6, seed=1, fmt="pairs", constraints=c)
    assert evaluate(played, constraints=c, fmt="pairs").violations == []
    assert evaluate(played, fmt="pairs").opponent_repeat_count == 0


def test_a_pair_withdrawing_replans_the_round_robin():
    played, draws = play(list(range(1, 11)), 8, seed=2, fmt="pairs", change=withdraw(4))
    assert draws[3].replanned
    rep = evaluate(played, fmt="pairs")
    assert rep.opponent_repeat_count == 0 and rep.bye_spread <= 1


# --- fields past the library ----------------------------------------------------------


@pytest.mark.parametrize("m", [65, 100, 131, 200, 257])
def test_large_fields_join_library_groups_that_never_meet(m):
    sizes = group_sizes(m)
    assert sum(sizes) == m and all(24 <= s <= library.MAX_PLAYERS for s in sizes)
    assert all(s % 4 == 0 for s in sizes[:-1])
    tables, byes = library_movement(m, 10)
    for ts, bs in zip(tables, byes):
        assert sorted([p for t in ts for p in t] + bs) == list(range(m))


def test_two_hundred_players_are_planned_from_the_library_without_repeats():
    plan = plan_rounds(list(range(200)), [], rounds_total=10, seed=9)
    assert plan.source == "library"
    assert plan.report.opponent_repeat_count == 0 and plan.report.partner_repeat_count == 0


# --- command line ---------------------------------------------------------------------


def test_cli_prints_the_planned_schedule():
    out = subprocess.run(
        [
            sys.executable,
            "-m",
            "tournaments.seating",
            "--players",
            "16",
            "--rounds",
            "7",
            "--seed",
            "3",
        ],
        cwd=REPO,
        capture_output=True,
        text=True,
        check=True,
    ).stdout
    data = json.loads(out)
    rounds = [Round(r["tables"], r["byes"]) for r in data["rounds"]]
    plan = plan_rounds(list(range(1, 17)), [], rounds_total=7, seed=3)
    assert [r.to_dict() for r in rounds] == [r.to_dict() for r in plan.rounds]
    assert evaluate(rounds).opponent_repeat_count == 0
