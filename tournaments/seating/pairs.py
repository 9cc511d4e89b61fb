"""Fields of fixed pairs: the round robin by the circle method.

With n pairs (an odd field gets a phantom: its opponent sits out), round q pairs up the
pairs by the circle method: one pair stays, the others turn one place a round. Over n - 1
rounds (n even) every pair meets every other exactly once; past that the round robin
starts again, so meetings stay as even as possible (each pair of pairs meets k or k + 1
times) and byes rotate (each pair sits out once before anyone sits out twice).
"""

from __future__ import annotations


def round_robin(n: int, rounds: int) -> list[tuple[list[list[int]], list[int]]]:
    """Rounds over pair indices 0..n-1: (tables as [NS, EW], byes)."""
    m = n + (n % 2)
    phantom = n if m != n else None
    out = []
    for q in range(rounds):
        j = q % (m - 1)
        ring = [(i + j) % (m - 1) for i in range(m - 1)] + [m - 1]
        tables, byes = [], []
        for i in range(m // 2):
            a, b = ring[i], ring[m - 1 - i]
            # alternate sides so each pair switches from round to round as far as can be
            if (i + j) % 2:
                a, b = b, a
            if phantom in (a, b):
                byes.append(b if a == phantom else a)
            else:
                tables.append([a, b])
        out.append((tables, byes))
    return out
