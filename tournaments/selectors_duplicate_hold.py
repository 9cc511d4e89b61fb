"""The results hold-back of a duplicate tournament: what its pages show of a table's
result on a board that another table of the round has still to play.

A board's results are *held* while the board is pending in the standings
(``selectors_duplicate``): some table of its round has no result for it yet (played,
or adjusted by the director) and the round is not over (closed, or the tournament
finished). Held, a table's score on the board is shown to that table's own players
and to the directors (the sheet, the console), and nowhere else: not on another
table's sheet, not in the running totals of the projector, not in the season, not in
the exports. The standings, the board pages, a member's page and the results file
count only the boards that are not pending, so they hold back by themselves. An
ordinary (not duplicate) tournament holds nothing back.
"""

from __future__ import annotations

from tournaments import selectors_tables as ts
from tournaments.models import HandScore, Round, Tournament
from tournaments.selectors_duplicate import duplicate_results_cached


def held_boards(tournament: Tournament) -> frozenset[int]:
    """The board numbers whose results are held back (empty: not duplicate)."""
    if not tournament.duplicate:
        return frozenset()
    return frozenset(duplicate_results_cached(tournament).pending)


def row_board(rnd: Round, row: HandScore) -> int | None:
    """The board a score-sheet row is: an online row's hand says it, a hall table's
    k-th row is the round's k-th board (None: not duplicate)."""
    if row.live_hand_id is not None:
        return row.live_hand.board
    return ts.board_of(rnd, row.hand)


def rows_shown(rnd: Round, rows: list[HandScore], held: frozenset[int]) -> list[HandScore]:
    """The sheet rows of round ``rnd`` that are not of a held board."""
    if not held:
        return rows
    return [r for r in rows if row_board(rnd, r) not in held]


def rows_not_held(tournament: Tournament, rows) -> list[HandScore]:
    """The tournament's sheet rows (their ``game__round`` and ``live_hand`` selected)
    that are not of a held board, for the exports."""
    rows = list(rows)
    held = held_boards(tournament)
    if not held:
        return rows
    for r in rows:
        r.game.round.tournament = tournament
    return [r for r in rows if row_board(r.game.round, r) not in held]


def held_rounds(tournament: Tournament) -> set[int]:
    """The numbers of the rounds with a board held back."""
    held = held_boards(tournament)
    if not held:
        return set()
    out = set()
    for rnd in Round.objects.filter(tournament=tournament).exclude(board_seed=""):
        first, last = rnd.board_numbers
        if any(first <= b <= last for b in held):
            out.add(rnd.number)
    return out


def running_shown(tournament: Tournament, running: list[dict]) -> list[dict]:
    """The running totals of the tables in play (``standings_inputs(...).running``) over
    the boards whose results are shown: each side's total of its scores on the boards
    that count in the standings, ``hands`` the number of those boards."""
    if not tournament.duplicate or not running:
        return running
    results = duplicate_results_cached(tournament)
    totals: dict[tuple[int, int], dict[str, int]] = {}
    hands: dict[tuple[int, int], int] = {}
    for board in results.boards:
        for r in board.results:
            key = (board.round, r.table)
            hands[key] = hands.get(key, 0) + 1
            sums = totals.setdefault(key, {})
            for side, points in (r.score or {}).items():
                sums[side] = sums.get(side, 0) + points
    out = []
    for entry in running:
        key = (entry["round"], entry["table"])
        sums = totals.get(key, {})
        sides = [{**s, "total": sums.get(s["side"], 0)} for s in entry["sides"]]
        out.append({**entry, "hands": hands.get(key, 0), "sides": sides})
    return out
