"""Behaviour of the pure seating draw (no database, no Django)."""

from __future__ import annotations

import json
import os
import subprocess
import sys

import pytest

from tournaments.seating import (
    FIRST_DEALER_SEAT,
    Constraints,
    History,
    Round,
    SeatingError,
    draw_round,
    evaluate,
    schedule,
)


@pytest.fixture(autouse=True)
def _clear_cache():
    """Override the project-wide autouse fixture of the same name (tests/conftest.py)
    that touches Django's cache: these tests are pure and must not need Django."""
    yield


REPO = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


def play(players, rounds, *, seed=0, fmt="individual", constraints=None, history=()):
    """Draw ``rounds`` rounds one by one, as the site would, and return them."""
    played = list(history)
    plan = ()
    total = len(played) + rounds
    for _ in range(rounds):
        d = draw_round(
            players,
            History(played),
            fmt=fmt,
            seed=seed,
            constraints=constraints,
            rounds_total=total,
            plan_hint=plan,
        )
        played.append(d.as_round())
        plan = d.plan
    return played


def assert_everyone_once(rnd: Round, players):
    placed = [p for t in rnd.tables for p in t.values()] + list(rnd.byes)
    assert sorted(placed) == sorted(players)


# --- purity ---------------------------------------------------------------------------


def test_seating_imports_no_django():
    code = (
        "import sys, tournaments.seating, tournaments.seating.__main__;"
        "from tournaments.seating import schedule; schedule(8, 2);"
        "assert 'django' not in sys.modules, sorted(m for m in sys.modules if 'django' in m)"
    )
    subprocess.run([sys.executable, "-c", code], cwd=REPO, check=True)


# --- shape ----------------------------------------------------------------------------


@pytest.mark.parametrize("n", range(4, 24))
def test_every_present_player_placed_exactly_once_with_partners_opposite(n):
    players = list(range(1, n + 1))
    rounds = play(players, 3, seed=n)
    for rnd in rounds:
        assert_everyone_once(rnd, players)
        assert len(rnd.byes) == n % 4
        for t in rnd.tables:
            assert list(t) == ["N", "E", "S", "W"]
    # the report's partner pairs are the N-S and E-W pairs
    rep = evaluate(rounds)
    assert rep.problems == [] and rep.violations == []


def test_first_dealer_convention_is_north():
    assert FIRST_DEALER_SEAT == "N"


def test_partners_are_north_south_and_east_west():
    rnd = Round([{"N": 1, "E": 2, "S": 3, "W": 4}])
    rep = evaluate([rnd, rnd])
    assert {(r.a, r.b) for r in rep.partner_repeats} == {(1, 3), (2, 4)}
    assert {(r.a, r.b) for r in rep.opponent_repeats} == {(1, 2), (1, 4), (2, 3), (3, 4)}
    assert rep.partner_repeat_count == 2 and rep.opponent_repeat_count == 4


# --- quality --------------------------------------------------------------------------


@pytest.mark.parametrize(
    "n,rounds", [(12, 10), (16, 9), (17, 10), (18, 8), (20, 7), (24, 6), (32, 10), (45, 5)]
)
def test_no_partner_repeat(n, rounds):
    players = list(range(1, n + 1))
    rep = evaluate(play(players, rounds, seed=3))
    assert rep.partner_repeat_count == 0, rep.partner_repeats


@pytest.mark.parametrize("n,rounds", [(12, 3), (16, 5), (32, 8), (64, 6)])
def test_no_opponent_repeat_when_there_is_room(n, rounds):
    rep = evaluate(play(list(range(n)), rounds, seed=5))
    assert rep.opponent_repeat_count == 0, rep.opponent_repeats


@pytest.mark.parametrize("n,rounds", [(12, 7), (12, 10), (16, 10)])
def test_tight_fields_reach_near_the_counting_bound(n, rounds):
    rep = evaluate(play(list(range(n)), rounds, seed=1))
    bound = n * max(0, 2 * rounds - (n - 1)) // 2
    assert rep.partner_repeat_count == 0
    assert rep.opponent_repeat_count <= bound + 4


def test_seats_rotate_fairly():
    rounds = play(list(range(16)), 8, seed=2)
    rep = evaluate(rounds)
    assert rep.seat_spread <= 2
    assert rep.dealer_spread <= 2
    spreads = [max(c.values()) - min(c.values()) for c in rep.seat_counts.values()]
    assert sum(s <= 1 for s in spreads) >= len(spreads) // 2
    for counts in rep.seat_counts.values():
        assert sum(counts.values()) == 8
        assert counts[FIRST_DEALER_SEAT] in (1, 2, 3)


# --- byes -----------------------------------------------------------------------------


@pytest.mark.parametrize("n", [5, 6, 7, 13, 18, 19])
def test_byes_go_to_fewest_and_never_twice_before_everyone_once(n):
    players = list(range(1, n + 1))
    rounds = play(players, 9, seed=n)
    counts = {p: 0 for p in players}
    for rnd in rounds:
        before = dict(counts)
        for p in rnd.byes:
            # fewest byes first: nobody seated this round had fewer byes than p
            seated = [q for t in rnd.tables for q in t.values()]
            assert all(before[q] >= before[p] for q in seated)
            counts[p] += 1
        assert max(counts.values()) - min(counts.values()) <= 1


def test_byes_respect_history():
    players = list(range(1, 6))
    history = [
        Round([{"N": 1, "E": 2, "S": 3, "W": 4}], [5]),
        Round([{"N": 5, "E": 2, "S": 3, "W": 1}], [4]),
    ]
    d = draw_round(players, History(history), seed=0)
    assert d.byes[0] in (1, 2, 3)


def test_report_lists_bye_repeats():
    players = list(range(1, 6))
    rounds = play(players, 6, seed=0)
    rep = evaluate(rounds)
    assert [b.byes for b in rep.bye_repeats] == [2]
    assert rep.bye_spread == 1


# --- constraints ----------------------------------------------------------------------


def test_never_partners_and_never_same_table_are_kept():
    players = list(range(1, 17))
    c = Constraints(never_partners=[(1, 2), (3, 4), (1, 5)], never_same_table=[(6, 7), (8, 9)])
    rounds = play(players, 8, seed=4, constraints=c)
    for rnd in rounds:
        for t in rnd.tables:
            partners = {frozenset((t["N"], t["S"])), frozenset((t["E"], t["W"]))}
            assert not partners & {frozenset(x) for x in [(1, 2), (3, 4), (1, 5)]}
            members = set(t.values())
            assert not {6, 7} <= members and not {8, 9} <= members
    assert evaluate(rounds, constraints=c).violations == []


def test_never_partners_can_still_face_each_other_with_four_players():
    c = Constraints(never_partners=[(1, 2)])
    for seed in range(5):
        d = draw_round([1, 2, 3, 4], [], seed=seed, constraints=c)
        t = d.tables[0]
        assert {t["N"], t["S"]} != {1, 2} and {t["E"], t["W"]} != {1, 2}


@pytest.mark.parametrize(
    "constraints",
    [
        Constraints(never_same_table=[(1, 2)]),
        Constraints(never_partners=[(1, 2), (1, 3), (1, 4)]),
    ],
)
def test_impossible_constraints_raise_a_clear_error(constraints):
    with pytest.raises(SeatingError) as err:
        draw_round([1, 2, 3, 4], [], seed=0, constraints=constraints)
    assert err.value.code == "constraints_unsatisfiable"
    assert "constraint" in str(err.value)
    assert isinstance(err.value, ValueError)


def test_evaluate_flags_a_hand_edited_violation():
    c = Constraints(never_same_table=[(1, 3)])
    rep = evaluate([Round([{"N": 1, "E": 2, "S": 3, "W": 4}])], constraints=c)
    assert [(v.kind, v.a, v.b, v.round) for v in rep.violations] == [("never_same_table", 1, 3, 1)]
    assert not rep.ok


# --- reproducibility ------------------------------------------------------------------


def test_same_seed_same_draw_and_player_order_does_not_matter():
    players = list(range(1, 23))
    a = [r.to_dict() for r in play(players, 4, seed=11)]
    b = [r.to_dict() for r in play(list(reversed(players)), 4, seed=11)]
    c = [r.to_dict() for r in play(players, 4, seed=12)]
    assert a == b
    assert a != c


def test_reproducible_across_processes_and_hash_seeds():
    code = (
        "import json; from tournaments.seating import draw_round;"
        "ps=['ann','bob','cy','dee','eve','fay','gus','hal','ivy'];"
        "d=draw_round(ps, [], seed=9, rounds_total=4);"
        "print(json.dumps([d.to_dict()] + [r.to_dict() for r in d.plan]))"
    )
    outs = set()
    for hs in ("1", "2", "random"):
        env = dict(os.environ, PYTHONHASHSEED=hs)
        outs.add(
            subprocess.run(
                [sys.executable, "-c", code],
                cwd=REPO,
                env=env,
                check=True,
                capture_output=True,
                text=True,
            ).stdout
        )
    assert len(outs) == 1


def test_plan_hint_is_optional():
    players = list(range(1, 13))
    d1 = draw_round(players, [], seed=3, rounds_total=5)
    d2 = draw_round(players, History([d1.as_round()]), seed=3, rounds_total=5)
    assert_everyone_once(d2.as_round(), players)
    assert len(d1.plan) == 4 and len(d2.plan) == 3


# --- arrivals and withdrawals ---------------------------------------------------------


def test_late_arrival_and_withdrawal_between_rounds():
    first = list(range(1, 17))
    rounds = play(first, 2, seed=6)
    now = [p for p in first if p != 16] + [17, 18]  # 16 withdrew, 17 and 18 arrived
    more = play(now, 3, seed=6, history=rounds)
    for rnd in more[2:]:
        assert_everyone_once(rnd, now)
    # late arrivals missed two rounds: they are not the first sent to sit out
    assert 17 not in more[2].byes and 18 not in more[2].byes
    rep = evaluate(more)
    assert rep.partner_repeat_count == 0


# --- pairs format ---------------------------------------------------------------------


def test_pairs_meet_new_pairs_and_sides_alternate():
    pairs = list(range(1, 9))
    rounds = play(pairs, 7, seed=1, fmt="pairs")
    met = set()
    for rnd in rounds:
        assert_everyone_once(rnd, pairs)
        for t in rnd.tables:
            assert set(t) == {"NS", "EW"}
            key = frozenset(t.values())
            assert key not in met
            met.add(key)
    assert len(met) == 28  # a full round robin
    rep = evaluate(rounds)
    for c in rep.seat_counts.values():
        assert abs(c["NS"] - c["EW"]) <= 1


def test_pairs_odd_count_byes_and_never_same_table():
    c = Constraints(never_same_table=[(1, 2)])
    rounds = play(list(range(1, 8)), 7, seed=2, fmt="pairs", constraints=c)
    rep = evaluate(rounds, constraints=c)
    assert rep.violations == []
    assert sorted(p for r in rounds for p in r.byes) == list(range(1, 8))
    # pairs 1 and 2 each play 6 matches against only 5 allowed opponents: each must
    # meet someone twice, and those are two different repeats
    assert rep.opponent_repeat_count == 2


# --- the report -----------------------------------------------------------------------


def test_four_players_over_three_rounds_must_repeat_opponents():
    players = [1, 2, 3, 4]
    rounds = play(players, 3, seed=0)
    rep = evaluate(rounds)
    assert rep.partner_repeat_count == 0
    assert rep.opponent_repeat_count == 6  # every pair faces twice
    d = draw_round(players, History(rounds[:2]), seed=0)
    assert d.report.opponent_repeat_count > 0
    assert all(r.times >= 2 and 3 in r.rounds for r in d.report.opponent_repeats)
    # a fourth round must repeat a partnership, and says so
    d4 = draw_round(players, History(rounds), seed=0)
    assert d4.report.partner_repeat_count == 2
    assert {r.times for r in d4.report.partner_repeats} == {2}


def test_report_of_a_director_swap():
    rounds = [
        Round([{"N": 1, "E": 2, "S": 3, "W": 4}, {"N": 5, "E": 6, "S": 7, "W": 8}]),
        Round([{"N": 1, "E": 5, "S": 2, "W": 6}, {"N": 3, "E": 7, "S": 4, "W": 8}]),
    ]
    assert evaluate(rounds).opponent_repeat_count == 0
    # the director swaps 2 and 3 in round 2: 1-3 and 2-4 partner again
    edited = rounds[:1] + [
        Round([{"N": 1, "E": 5, "S": 3, "W": 6}, {"N": 2, "E": 7, "S": 4, "W": 8}])
    ]
    rep = evaluate(edited)
    assert [(r.a, r.b, r.times, r.rounds) for r in rep.partner_repeats] == [
        (1, 3, 2, (1, 2)),
        (2, 4, 2, (1, 2)),
    ]
    # moving a player to the byes while still seated is a problem, not an exception
    bad = evaluate([Round([{"N": 1, "E": 2, "S": 3, "W": 4}], [4])])
    assert bad.problems and not bad.ok
    json.dumps(rep.to_dict())


# --- errors ---------------------------------------------------------------------------


@pytest.mark.parametrize(
    "players,fmt,code",
    [
        ([1, 2, 3], "individual", "too_few_players"),
        ([1], "pairs", "too_few_players"),
        ([1, 2, 3, 3], "individual", "duplicate_player"),
        ([1, 2, 3, 4], "bridge", "bad_format"),
        ([1, 2, 3, 4.5], "individual", "bad_player_id"),
    ],
)
def test_user_errors(players, fmt, code):
    with pytest.raises(SeatingError) as err:
        draw_round(players, [], fmt=fmt, seed=0)
    assert err.value.code == code


def test_schedule_convenience():
    ds = schedule(9, 3, seed=1)
    assert len(ds) == 3 and all(len(d.byes) == 1 for d in ds)
    ps = schedule(5, 5, pairs=True)
    assert all(set(t) == {"NS", "EW"} for d in ps for t in d.tables)


# --- command line ---------------------------------------------------------------------


def run_cli(*args):
    return subprocess.run(
        [sys.executable, "-m", "tournaments.seating", *args],
        cwd=REPO,
        capture_output=True,
        text=True,
    )


def test_cli_prints_the_schedule_as_json():
    out = run_cli("--players", "10", "--rounds", "3", "--seed", "4")
    assert out.returncode == 0, out.stderr
    data = json.loads(out.stdout)
    assert list(data) == ["rounds"] and len(data["rounds"]) == 3
    for rnd in data["rounds"]:
        assert list(rnd) == ["tables", "byes"]
        assert all(list(t) == ["N", "E", "S", "W"] for t in rnd["tables"])
        placed = sorted([p for t in rnd["tables"] for p in t.values()] + rnd["byes"])
        assert placed == list(range(1, 11))
    assert run_cli("--players", "10", "--rounds", "3", "--seed", "4").stdout == out.stdout


def test_cli_pairs():
    out = run_cli("--players", "5", "--rounds", "2", "--pairs")
    data = json.loads(out.stdout)
    for rnd in data["rounds"]:
        assert all(list(t) == ["NS", "EW"] for t in rnd["tables"])
        assert len(rnd["byes"]) == 1


@pytest.mark.parametrize(
    "args",
    [
        ("--players", "3", "--rounds", "2"),
        ("--players", "1", "--rounds", "2", "--pairs"),
        ("--players", "8", "--rounds", "0"),
        ("--players", "eight", "--rounds", "2"),
        ("--players", "8", "--rounds", "2.5"),
        ("--players", "8"),
        ("--rounds", "2"),
        ("--players", "8", "--rounds", "2", "--bogus"),
    ],
)
def test_cli_bad_arguments(args):
    out = run_cli(*args)
    assert out.returncode == 2
    assert out.stdout == ""
    assert "Traceback" not in out.stderr
    assert len(out.stderr.strip().splitlines()) == 1
