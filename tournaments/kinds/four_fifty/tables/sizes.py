"""How many tables, of how many players: ``table_sizes(players, size)``.

* A chosen size k (3 to 6) is the largest table: as many tables as k-player tables
  would need (ceil(players / k)), the players spread over them as evenly as possible
  (sizes differ by one at most, larger tables first). 14 players at 4: 4, 4, 3, 3.
  Never a table below 3: when that many tables would leave one short (7 players at 3),
  there is one table fewer and some tables get a player more than k (4, 3).
* ``EVEN`` (as even as possible): every table of one size when some table count allows
  it, else sizes differing by one; among those, tables nearest to 4 players, then fewer
  tables. 12: 4, 4, 4; 14: 4, 4, 3, 3; 15: 5, 5, 5; 10: 5, 5.
"""

from __future__ import annotations

from .types import EVEN, MAX_TABLE, MIN_TABLE, SIZES, TablesError


def _split(players: int, tables: int) -> tuple[int, ...]:
    q, r = divmod(players, tables)
    return tuple([q + 1] * r + [q] * (tables - r))


def table_sizes(players: int, size: int = EVEN) -> tuple[int, ...]:
    """The sizes of the tables for ``players`` present (largest first)."""
    if isinstance(players, bool) or not isinstance(players, int):
        raise TablesError("bad_players", "The number of players must be an integer.")
    if isinstance(size, bool) or size not in SIZES:
        raise TablesError(
            "bad_size",
            f"The table size is 3, 4, 5, 6 or {EVEN} (as even as possible), not {size!r}.",
        )
    if players < MIN_TABLE:
        raise TablesError(
            "too_few_players", f"A 450 table needs at least {MIN_TABLE} players; {players} present."
        )
    if size == EVEN:
        low = -(-players // MAX_TABLE)
        best = None
        for tables in range(low, players // MIN_TABLE + 1):
            sizes = _split(players, tables)
            key = (sizes[0] != sizes[-1], abs(players / tables - 4), tables)
            if best is None or key < best[0]:
                best = (key, sizes)
        return best[1]
    tables = -(-players // size)
    while tables > 1 and players < MIN_TABLE * tables:
        tables -= 1
    return _split(players, tables)
