"""Sign-off codes: wrong codes lock the member who typed them, at that table only."""

from __future__ import annotations

import pytest

from tests.tournaments.test_results import people, play_round
from tournaments.errors import TournamentError
from tournaments.services import results as rs

pytestmark = pytest.mark.django_db


@pytest.fixture
def small(make_tournament, add_present, director):
    t = make_tournament(status="running", rounds_total=2, hands_per_game=2)
    add_present(t, 8)
    return t, play_round(t, director)


def _wrong(hand, user, times):
    codes = []
    for n in range(times):
        with pytest.raises(TournamentError) as error:
            rs.hand_confirm(hand=hand, user=user, pin=f"x{n}")
        codes.append(error.value.code)
    return codes


def test_a_member_of_another_table_cannot_lock_this_tables_codes(small, make_member):
    """Five wrong codes typed by a member of table 2 lock that member out of table 1's
    codes, not table 1's own players: the entering player's phone still takes the
    other side's code."""
    t, rnd = small
    p, other_table = people(rnd, 1), people(rnd, 2)
    game = rs.table_game(rnd, 1)
    row = rs.hand_enter(game=game, user=p["N"], seq=1, declarer="N", contract="8S", tricks=9)
    griefer = other_table["N"]
    assert _wrong(row, griefer, 6) == ["bad_pin"] * 5 + ["pin_locked"]
    seats = rs.table_people(rnd, 1)
    rs.hand_confirm(hand=row, user=p["N"], pin=rs.player_pin(t.pk, seats["E"].entry_id, "p"))
    row.refresh_from_db()
    assert row.confirmed and row.confirmed_by_name == seats["E"].name


def test_the_lock_is_per_member_and_table(small, make_member):
    """The member who typed five wrong codes is locked at that table, even with the
    right code, but not at another table; and another member of the table is not."""
    t, rnd = small
    p = people(rnd, 1)
    game = rs.table_game(rnd, 1)
    row = rs.hand_enter(game=game, user=p["N"], seq=1, declarer="N", contract="8S", tricks=9)
    seats = rs.table_people(rnd, 1)
    right = rs.player_pin(t.pk, seats["E"].entry_id, "p")
    assert _wrong(row, p["N"], 5) == ["bad_pin"] * 5
    with pytest.raises(TournamentError) as error:
        rs.hand_confirm(hand=row, user=p["N"], pin=right)
    assert error.value.code == "pin_locked"
    rs.hand_confirm(hand=row, user=p["S"], pin=right)  # N's partner, same phone or not
    p2 = people(rnd, 2)
    game2 = rs.table_game(rnd, 2)
    row2 = rs.hand_enter(game=game2, user=p2["N"], seq=1, declarer="N", contract="8S",
                         tricks=9)
    assert _wrong(row2, p["N"], 1) == ["bad_pin"]  # N is not locked at table 2
