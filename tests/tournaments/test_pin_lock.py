"""Sign-off codes: typed only by the table's players (or a director); wrong codes lock
the member who typed them at that table, and the table after PIN_TABLE_FAILURES."""

from __future__ import annotations

import pytest

from tests.tournaments.test_results import people, play_round
from tournaments import selectors_tables as ts
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


def test_a_member_of_another_table_may_not_type_this_tables_codes(small, make_member):
    """A member who is not at the table is refused before any code is compared, even
    the right one, so guesses do not grow with the number of accounts; they count
    toward no lock, and the entering player's phone still takes the other side's
    code."""
    t, rnd = small
    p, other_table = people(rnd, 1), people(rnd, 2)
    game = ts.table_game(rnd, 1)
    row = rs.hand_enter(game=game, user=p["N"], seq=1, declarer="N", contract="8S", tricks=9)
    seats = ts.table_people(rnd, 1)
    right = ts.player_pin(t.pk, seats["E"].entry_id, "p")
    for griefer in (other_table["N"], make_member()):
        assert _wrong(row, griefer, 20) == ["not_at_table"] * 20
        with pytest.raises(TournamentError) as error:
            rs.hand_confirm(hand=row, user=griefer, pin=right)
        assert error.value.code == "not_at_table"
    row.refresh_from_db()
    assert not row.confirmed
    rs.hand_confirm(hand=row, user=p["N"], pin=ts.player_pin(t.pk, seats["E"].entry_id, "p"))
    row.refresh_from_db()
    assert row.confirmed and row.confirmed_by_name == seats["E"].name


def test_the_lock_is_per_member_and_table(small, director):
    """The member who typed five wrong codes is locked at that table, even with the
    right code, and another member of the table is not; a director locked at one
    table is not at another."""
    t, rnd = small
    p = people(rnd, 1)
    game = ts.table_game(rnd, 1)
    row = rs.hand_enter(game=game, user=p["N"], seq=1, declarer="N", contract="8S", tricks=9)
    seats = ts.table_people(rnd, 1)
    right = ts.player_pin(t.pk, seats["E"].entry_id, "p")
    assert _wrong(row, p["N"], 5) == ["bad_pin"] * 5
    with pytest.raises(TournamentError) as error:
        rs.hand_confirm(hand=row, user=p["N"], pin=right)
    assert error.value.code == "pin_locked"
    rs.hand_confirm(hand=row, user=p["S"], pin=right)  # N's partner, same phone or not
    p2 = people(rnd, 2)
    game2 = ts.table_game(rnd, 2)
    row2 = rs.hand_enter(game=game2, user=p2["N"], seq=1, declarer="N", contract="8S", tricks=9)
    row1b = rs.hand_enter(game=game, user=p["N"], seq=2, declarer="N", contract="8S", tricks=9)
    assert _wrong(row1b, director, 6) == ["bad_pin"] * 5 + ["pin_locked"]
    assert _wrong(row2, director, 1) == ["bad_pin"]  # not locked at table 2


def test_the_tables_codes_lock_after_fifteen_wrong_ones_whoever_typed_them(small, director):
    """Three players' five wrong codes each lock the table's codes for everyone (the
    fourth player's right code too); a logged-in player of the other side and a
    director still confirm."""
    t, rnd = small
    p = people(rnd, 1)
    game = ts.table_game(rnd, 1)
    row = rs.hand_enter(game=game, user=p["N"], seq=1, declarer="N", contract="8S", tricks=9)
    seats = ts.table_people(rnd, 1)
    assert rs.PIN_TABLE_FAILURES == 15
    for seat in "NSW":
        assert _wrong(row, p[seat], 5) == ["bad_pin"] * 5
    with pytest.raises(TournamentError) as error:
        rs.hand_confirm(hand=row, user=p["E"], pin=ts.player_pin(t.pk, seats["W"].entry_id, "p"))
    assert error.value.code == "pin_locked"
    assert "cette table" in error.value.message or "this table" in error.value.message
    rs.hand_confirm(hand=row, user=p["E"])  # E's own phone, no code
    row.refresh_from_db()
    assert row.confirmed
    row2 = rs.hand_enter(game=game, user=p["N"], seq=2, declarer="N", contract="8S", tricks=9)
    rs.hand_confirm(hand=row2, user=director)
