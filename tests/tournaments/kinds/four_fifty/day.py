"""Helpers for tests of a 450 evening: a tournament, a drawn round, a sheet's rounds."""

from __future__ import annotations

from tests.tournaments.day import play_round as start_round  # noqa: F401  (re-exported)
from tests.tournaments.day import table_users  # noqa: F401  (re-exported)
from tournaments.kinds.four_fifty import sheet as sheet450


def make_450(make_tournament, add_present, n=14, **fields):
    fields.setdefault("game", "450")
    fields.setdefault("table_size", 4)
    fields.setdefault("rounds_total", 3)
    t = make_tournament(status="running", **fields)
    add_present(t, n)
    return t


#: The end of a round at 4 players, as the secretary's form posts it (P1 a pair of
#: queens that becomes three of a kind with the pot's queen: 117).
FOUR = {
    "c1_P1": "QH",
    "c2_P1": "QC",
    "pot_P1": "QD",
    "c1_P2": "8H",
    "c2_P2": "JH",
    "pot_P2": "KC",
    "c1_P3": "10D",
    "c2_P3": "JD",
    "pot_P3": "AS",
    "c1_P4": "9D",
    "c2_P4": "7S",
    "pot_P4": "AD",
    "double_face": "9D",
}
FOUR_POINTS = {"P1": 117, "P2": 19, "P3": 32, "P4": 26}
#: The end of a round at 3 players.
THREE = {
    "c1_P1": "QH",
    "c2_P1": "QC",
    "pot_P1": "QD",
    "c1_P2": "8H",
    "c2_P2": "JH",
    "pot_P2": "KC",
    "c1_P3": "10D",
    "c2_P3": "JD",
    "pot_P3": "AS",
    "double_face": "9D",
}


def form_for(players: int) -> dict:
    return dict(FOUR if players == 4 else THREE)


def enter_round(game, user, data, confirm_by=None):
    seq = game.sheet_lines.count() + 1
    line = sheet450.line_enter(game=game, user=user, seq=seq, data=data)
    if confirm_by is not None:
        line = sheet450.line_confirm(line=line, user=confirm_by)
    return line
