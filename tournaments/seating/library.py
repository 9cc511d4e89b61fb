"""The movement library: a precomputed whole schedule for every club-sized field.

Bridge clubs seat their evenings from precomputed *movements*; so does this draw. For
every field of ``MIN_PLAYERS`` to ``MAX_PLAYERS`` players and 1 to ``MAX_ROUNDS`` games
the library holds one movement over player numbers 0..n-1: each round's tables (seats N,
E, S, W; partners opposite) and byes. A tournament relabels it with its own seed
(``tournaments.seating.plan``), so two tournaments of one size seat different people
together.

The movements come from ``tools/seating_library/generate.py`` (a tabu search in C, run
offline); they ship compressed in ``movements.bin`` next to this module and need no
compiler at run time. ``tests/tournaments/test_seating_library.py`` recomputes every
movement's figures from the data.

File format: ``MAGIC`` then a zlib stream of: the cell count (u16), then per cell
``n`` (u8), ``rounds`` (u8), partner repeats (u16), opponent repeats (u16), and
``rounds * n`` bytes: per round the ``4 * (n // 4)`` seated players in table order (N, E,
S, W), then the ``n % 4`` byes. Little-endian.
"""

from __future__ import annotations

import math
import struct
import zlib
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

MIN_PLAYERS = 4
MAX_PLAYERS = 64
MAX_ROUNDS = 10
MAGIC = b"C500-MOVEMENTS-1\n"
DATA = Path(__file__).with_name("movements.bin")


def _best_known() -> dict[tuple[int, int], int]:
    """Best known opponent repeats of whole schedules (partners always 0), from the
    issue that asked for the library (a pair counts once per meeting past its first)."""
    table = {
        12: {4: 0, 5: 2, 6: 6, 7: 18, 8: 30, 9: 42, 10: 54},
        16: {4: 0, 5: 0, 6: 0, 7: 0, 8: 8, 9: 24, 10: 40},
        20: {4: 0, 5: 0, 6: 0, 7: 0, 8: 0, 9: 3, 10: 12},
        17: {6: 0, 8: 2, 10: 24},
        18: {6: 0, 8: 0, 10: 10},
        19: {6: 0, 8: 0, 10: 1},
        21: {6: 0, 8: 0, 10: 3},
        22: {6: 0, 8: 0, 10: 0},
        23: {6: 0, 8: 0, 10: 0},
    }
    out = {(n, r): v for n, row in table.items() for r, v in row.items()}
    for n in range(24, MAX_PLAYERS + 1):  # "24 and up": no repeat up to 10 games
        for r in range(4, MAX_ROUNDS + 1):
            out[(n, r)] = 0
    return out


#: (players, games) -> best known opponent repeats; the library meets or beats each.
BEST_KNOWN: dict[tuple[int, int], int] = _best_known()


def games_per_player(n: int, rounds: int) -> list[int]:
    """Games each player plays when byes rotate evenly (``n % 4`` byes a round)."""
    byes = (n % 4) * rounds
    base, extra = divmod(byes, n)
    return [rounds - base - 1] * extra + [rounds - base] * (n - extra)


def counting_bound(n: int, games: list[int]) -> tuple[int, int]:
    """Lower bounds on (partner, opponent) repeats: a player of g games has g partners
    and 2g opponents among the n - 1 others; each meeting past n - 1 repeats someone."""
    partner = sum(max(0, g - (n - 1)) for g in games)
    opponent = sum(max(0, 2 * g - (n - 1)) for g in games)
    return math.ceil(partner / 2), math.ceil(opponent / 2)


@dataclass(frozen=True)
class Movement:
    """A library schedule over players 0..n-1: per round (seated in N E S W table order,
    byes), and the figures the generator recorded for it."""

    n: int
    rounds: int
    partner_repeats: int
    opponent_repeats: int
    schedule: tuple[tuple[tuple[int, ...], tuple[int, ...]], ...]


def _parse(raw: bytes) -> dict[tuple[int, int], tuple[int, int, bytes]]:
    if not raw.startswith(MAGIC):
        raise ValueError("not a movement library")
    body = zlib.decompress(raw[len(MAGIC) :])
    (count,), pos = struct.unpack_from("<H", body, 0), 2
    out = {}
    for _ in range(count):
        n, rounds, pe, oe = struct.unpack_from("<BBHH", body, pos)
        pos += 6
        out[(n, rounds)] = (pe, oe, body[pos : pos + n * rounds])
        pos += n * rounds
    if pos != len(body):
        raise ValueError("trailing bytes after the last movement")
    return out


def _movement(n: int, rounds: int, row: tuple[int, int, bytes]) -> Movement:
    pe, oe, data = row
    seated = 4 * (n // 4)
    schedule = tuple(
        (tuple(data[q * n : q * n + seated]), tuple(data[q * n + seated : (q + 1) * n]))
        for q in range(rounds)
    )
    return Movement(n, rounds, pe, oe, schedule)


def decode(raw: bytes) -> list[Movement]:
    """Every movement of a library file's bytes."""
    return [_movement(n, r, row) for (n, r), row in sorted(_parse(raw).items())]


@lru_cache(maxsize=1)
def _index() -> dict[tuple[int, int], tuple[int, int, bytes]]:
    return _parse(DATA.read_bytes())


def cells() -> list[tuple[int, int]]:
    """Every (players, games) the library holds."""
    return sorted(_index())


@lru_cache(maxsize=256)
def movement(n: int, rounds: int) -> Movement | None:
    """The library movement for ``n`` players over ``rounds`` games, or None."""
    row = _index().get((n, rounds))
    return None if row is None else _movement(n, rounds, row)


def encode(movements: list[Movement]) -> bytes:
    """The library file for ``movements`` (used by the generator)."""
    body = bytearray(struct.pack("<H", len(movements)))
    for m in sorted(movements, key=lambda m: (m.n, m.rounds)):
        body += struct.pack("<BBHH", m.n, m.rounds, m.partner_repeats, m.opponent_repeats)
        for seated, byes in m.schedule:
            body += bytes(seated) + bytes(byes)
    return MAGIC + zlib.compress(bytes(body), 9)
