"""The seeded shuffle shared by the 500 and 450 engines.

``seeded_shuffle(cards, seed)`` shuffles and cuts a pack reproducibly: the same
cards and seed give the same order on every machine and Python 3 version.
"""

from __future__ import annotations

import random
import threading
from collections.abc import Sequence
from struct import unpack as _unpack
from typing import TypeVar

T = TypeVar("T")

# One generator per thread, re-seeded for each shuffle: seeding an existing
# generator costs less than building one, and no two threads share its state.
_local = threading.local()


def _generator(seed: int) -> random.Random:
    rng = getattr(_local, "rng", None)
    if rng is None:
        rng = _local.rng = random.Random()
    rng.seed(seed)
    return rng


def seeded_shuffle(cards: Sequence[T], seed: int) -> list[T]:
    """``cards`` shuffled and cut, reproducibly from ``seed``.

    Explicit shuffle by random sort keys: ``random.Random(seed).getrandbits``
    (Mersenne Twister output, identical on every machine and Python 3 version)
    gives n + 1 little-endian 64-bit words; card k of ``cards`` gets key word k
    (ties, about 1 in 2**54, keep the given order), and the last word chooses
    the cut.  Never depends on hash() or set order.
    """
    n = len(cards)
    words = _unpack(
        f"<{n + 1}Q",
        _generator(seed).getrandbits(64 * (n + 1)).to_bytes(8 * (n + 1), "little"),
    )
    # a list's __getitem__ (a builtin method) is a faster sort key than a tuple's
    order = sorted(range(n), key=list(words).__getitem__)
    cut = 1 + ((words[n] * (n - 1)) >> 64)
    order = order[cut:] + order[:cut]
    return [cards[k] for k in order]
