"""Duplicate boards dealt from a secret seed (format ``club500-board/1``, docs/duplicate.md).

A board is a numbered four-handed deal of a 500 variant: ``{"board", "dealer", "hands":
{"N", "E", "S", "W"}, "kitty"}``, as in a ``club500-hand/1`` record without calls or play.
Anyone holding the seed regenerates the same boards on any machine and any version of
the site: the shuffle below uses SHA-256 alone (never ``random``), and any change to it
gets a new :data:`BOARD_FORMAT`.

    seed_hash(seed) -> str                           # shown before the round
    deal_board(variant, seed, number) -> dict        # one board
    deal_boards(variant, seed, first, last) -> list  # boards first..last
    boards_jsonl(boards) -> str                      # one JSON board a line, as printed
    new_seed() -> str                                # a fresh secret seed

The shuffle of board ``b`` from seed ``s`` (``board_order``):

1. A byte stream: block ``i`` (i = 0, 1, ...) is the SHA-256 digest of the ASCII text
   ``club500-board/1|<s>|<b>|<i>`` (``b`` and ``i`` in decimal, no leading zeros); the
   stream is block 0, block 1, ... read as 32-bit unsigned big-endian words.
2. Fisher-Yates: for ``i`` from ``n - 1`` down to 1, draw ``j`` uniform in ``0..i`` and
   swap positions ``i`` and ``j``. A uniform draw below ``m`` takes words until one is
   below ``2**32 - (2**32 mod m)`` (rejection: no modulo bias) and answers it mod ``m``.
3. The pack before shuffling is the variant's pack in the engine's order: spades, clubs,
   diamonds, hearts, each from its lowest rank up to the ace, then ``WJ``, then ``BJ``.
   The shuffled pack is dealt from its first card in the variant's packets
   (``deal_packets``), each packet going to the seats clockwise from the dealer's left,
   the kitty packets between them; each hand lists its cards in the order dealt.

The dealer of board ``b`` is N, E, S, W for b = 1, 2, 3, 4, then again from N.
"""

from __future__ import annotations

import hashlib
import json
import re
import secrets
import string
from collections.abc import Iterator
from typing import Any

from .cards import CODE
from .errors import MalformedError, UnknownVariantError
from .variants import Variant, get_variant

#: The version of the shuffle and deal; a change to either gets a new one.
BOARD_FORMAT = "club500-board/1"
SEED_ALPHABET = string.ascii_letters + string.digits
#: A seed's length: its hash is public before the round, so a short seed could be found
#: by trying them all; 16 letters or digits are about 95 bits.
SEED_MIN, SEED_MAX = 16, 64
#: Board numbers a deal accepts.
BOARD_MIN, BOARD_MAX = 1, 999
DEALERS = ("N", "E", "S", "W")

_SEED_RE = re.compile(rf"[A-Za-z0-9]{{{SEED_MIN},{SEED_MAX}}}")
_WORD = 1 << 32


def check_seed(seed: Any) -> str:
    """``seed`` if it is 16 to 64 ASCII letters and digits; MalformedError (``bad_seed``)
    otherwise."""
    if not isinstance(seed, str) or not _SEED_RE.fullmatch(seed):
        raise MalformedError(
            f"a seed is {SEED_MIN} to {SEED_MAX} letters (A-Z, a-z) and digits (0-9)",
            code="bad_seed",
            params={"seed": seed},
        )
    return seed


def seed_hash(seed: str) -> str:
    """The SHA-256 of the seed's UTF-8 bytes, in lowercase hexadecimal."""
    return hashlib.sha256(check_seed(seed).encode("utf-8")).hexdigest()


def new_seed(length: int = 24) -> str:
    """A fresh secret seed of ``length`` letters and digits (``secrets``)."""
    return check_seed("".join(secrets.choice(SEED_ALPHABET) for _ in range(length)))


def check_board_number(number: Any) -> int:
    """``number`` if it is an int from 1 to 999; MalformedError (``bad_board``) otherwise."""
    if isinstance(number, bool) or not isinstance(number, int):
        number = None
    if number is None or not BOARD_MIN <= number <= BOARD_MAX:
        raise MalformedError(
            f"a board number is a whole number from {BOARD_MIN} to {BOARD_MAX}",
            code="bad_board",
            params={"board": number},
        )
    return number


def board_variant(variant: str | Variant, options: dict[str, Any] | None = None) -> Variant:
    """The four-handed 500 Variant boards are dealt for; UnknownVariantError for an
    unknown name or option, or (``not_four_handed``) another number of players."""
    v = get_variant(variant, options)
    if v.n != 4 or v.hands_dealt != 4:
        raise UnknownVariantError(
            f"boards are four-handed; this variant has {v.n} players",
            code="not_four_handed",
            params={"players": v.n},
        )
    return v


#: The rule options that decide a board's cards: the pack and how it is dealt.
DEAL_OPTIONS = ("players", "deck", "jokers", "deal_packets")


def deal_options(variant: str, options: dict[str, Any] | None) -> dict[str, Any]:
    """The part of ``options`` that decides the boards' cards, which ``deal --options``
    needs to deal them again (the others, the game's length say, change no card); all of
    ``options`` should that part alone deal otherwise."""
    options = dict(options or {})
    part = {name: value for name, value in options.items() if name in DEAL_OPTIONS}
    full, alone = board_variant(variant, options), board_variant(variant, part)
    if (full.deck_cards, full.packets, full.seats) != (
        alone.deck_cards,
        alone.packets,
        alone.seats,
    ):
        return options
    return part


def _words(seed: str, number: int) -> Iterator[int]:
    """The board's stream of 32-bit big-endian words (step 1 of the module's spec)."""
    block = 0
    while True:
        digest = hashlib.sha256(f"{BOARD_FORMAT}|{seed}|{number}|{block}".encode("ascii"))
        data = digest.digest()
        for k in range(0, 32, 4):
            yield int.from_bytes(data[k : k + 4], "big")
        block += 1


def board_order(seed: str, number: int, n: int) -> list[int]:
    """The shuffled order of ``n`` pack positions for board ``number`` (Fisher-Yates
    from the stream, with rejection sampling)."""
    words = _words(check_seed(seed), check_board_number(number))
    order = list(range(n))
    for i in range(n - 1, 0, -1):
        m = i + 1
        limit = _WORD - _WORD % m
        w = next(words)
        while w >= limit:
            w = next(words)
        j = w % m
        order[i], order[j] = order[j], order[i]
    return order


def dealer_of(number: int) -> str:
    """The board's dealer: N, E, S, W for boards 1, 2, 3, 4, then again."""
    return DEALERS[(check_board_number(number) - 1) % 4]


def _deal(v: Variant, seed: str, number: int) -> dict[str, Any]:
    pack = v.deck_cards
    shuffled = [pack[k] for k in board_order(seed, number, len(pack))]
    dealer = dealer_of(number)
    seats, kitty = v.deal_plan(v.seats.index(dealer))
    return {
        "board": number,
        "dealer": dealer,
        "hands": {v.seats[i]: [CODE[c] for c in get(shuffled)] for i, get in enumerate(seats)},
        "kitty": [CODE[c] for c in kitty(shuffled)],
    }


def deal_board(variant: str | Variant, seed: str, number: int) -> dict[str, Any]:
    """Board ``number`` of ``seed`` for ``variant`` (a name or Variant): a JSON-ready dict."""
    return deal_boards(variant, seed, number, number)[0]


def deal_boards(variant: str | Variant, seed: str, first: int, last: int) -> list[dict[str, Any]]:
    """Boards ``first`` to ``last`` (inclusive) of ``seed``; MalformedError for a bad seed
    or range, UnknownVariantError for a variant that cannot be dealt in boards."""
    v = board_variant(variant)
    check_seed(seed)
    check_board_number(first)
    check_board_number(last)
    if first > last:
        raise MalformedError(
            f"the first board ({first}) comes after the last ({last})",
            code="bad_board",
            params={"first": first, "last": last},
        )
    return [_deal(v, seed, number) for number in range(first, last + 1)]


def boards_jsonl(boards: list[dict[str, Any]]) -> str:
    """Boards as ``python -m games.engine deal`` prints them (and the site's boards
    download serves them): one JSON board a line, each line ending in a newline."""
    return "".join(json.dumps(board) + "\n" for board in boards)
