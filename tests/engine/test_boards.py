"""Duplicate boards from a secret seed (``games.engine.boards``, format club500-board/1).

The shuffle is part of a public interface: golden vectors pin it, and a second
implementation written from the specification in docs/duplicate.md must agree."""

from __future__ import annotations

import hashlib
import json
from pathlib import Path

import pytest

from games.engine import (
    Game,
    MalformedError,
    UnknownVariantError,
    check_record,
    get_variant,
)
from games.engine.boards import (
    BOARD_FORMAT,
    board_order,
    deal_board,
    deal_boards,
    deal_options,
    dealer_of,
    new_seed,
    seed_hash,
)
from games.engine.errors import IllegalActionError

GOLDEN = Path(__file__).parent / "golden" / "boards_club500-board-1.jsonl"
SEED = "GoldenSeedForBoards2026"
SEATS = ("N", "E", "S", "W")

# --- a second implementation, from the specification alone ------------------------------

RANKS = "2 3 4 5 6 7 8 9 10 J Q K A".split()
#: Each variant's pack (ranks kept per suit, spades clubs diamonds hearts) and packets.
SPEC = {
    "quebec": ({"S": "4", "C": "4", "D": "4", "H": "4"}, 2, "3,K2,2,K2,3,K2,2"),
    "french-canadian": ({"S": "4", "C": "4", "D": "4", "H": "4"}, 2, "3,K3,3,K3,4"),
    "australian": ({"S": "5", "C": "5", "D": "4", "H": "4"}, 1, "3,K1,4,K1,3,K1"),
    "american": ({"S": "5", "C": "5", "D": "4", "H": "4"}, 1, "3,K1,4,K1,3,K1"),
}


def spec_pack(variant: str) -> list[str]:
    lowest, jokers, _ = SPEC[variant]
    pack = [r + s for s in "SCDH" for r in RANKS[RANKS.index(lowest[s]) :]]
    return pack + ["WJ", "BJ"][:jokers]


def spec_board(variant: str, seed: str, board: int) -> dict:
    def words():
        block = 0
        while True:
            data = hashlib.sha256(f"club500-board/1|{seed}|{board}|{block}".encode()).digest()
            for k in range(8):
                yield int.from_bytes(data[4 * k : 4 * k + 4], "big")
            block += 1

    pack = spec_pack(variant)
    stream = words()
    for i in range(len(pack) - 1, 0, -1):
        while True:
            w = next(stream)
            if w < 2**32 - 2**32 % (i + 1):
                break
        j = w % (i + 1)
        pack[i], pack[j] = pack[j], pack[i]
    dealer = SEATS[(board - 1) % 4]
    order = [SEATS[(SEATS.index(dealer) + k) % 4] for k in (1, 2, 3, 4)]
    hands: dict = {s: [] for s in SEATS}
    kitty: list = []
    for packet in SPEC[variant][2].split(","):
        if packet.startswith("K"):
            kitty += [pack.pop(0) for _ in range(int(packet[1:]))]
            continue
        for seat in order:
            hands[seat] += [pack.pop(0) for _ in range(int(packet))]
    return {"board": board, "dealer": dealer, "hands": hands, "kitty": kitty}


@pytest.mark.parametrize("variant", sorted(SPEC))
def test_a_second_implementation_from_the_specification_deals_the_same_boards(variant):
    for seed in (SEED, "0123456789abcdefXYZ", "a" * 64):
        assert deal_boards(variant, seed, 1, 8) == [
            spec_board(variant, seed, b) for b in range(1, 9)
        ]


def test_the_spec_packs_are_the_engines_packs_in_the_engines_order():
    from games.engine.cards import CODE

    for variant in SPEC:
        assert [CODE[c] for c in get_variant(variant).deck_cards] == spec_pack(variant)


# --- golden vectors ---------------------------------------------------------------------


def golden() -> list[dict]:
    return [json.loads(line) for line in GOLDEN.read_text().splitlines()]


def test_golden_boards_are_dealt_exactly():
    cases = golden()
    assert len(cases) == 12
    for case in cases:
        number = case["board"]["board"]
        assert deal_board(case["variant"], case["seed"], number) == case["board"], case


def test_golden_first_board_of_quebec():
    board = deal_board("quebec", SEED, 1)
    assert board["hands"]["N"] == ["7S", "JS", "9C", "9H", "AD", "4H", "QH", "9S", "4D", "AS"]
    assert board["kitty"] == ["9D", "AC", "6H", "QD", "JD", "10D"]


def test_golden_stream_and_shuffle_order():
    digest = hashlib.sha256(f"{BOARD_FORMAT}|{SEED}|1|0".encode()).hexdigest()
    assert digest.startswith("49305e6cd31745b8")  # words 1227906668, 3541517752, ...
    assert int(digest[:8], 16) == 1227906668
    assert board_order(SEED, 1, 10) == [2, 5, 6, 9, 7, 0, 3, 1, 4, 8]
    assert board_order(SEED, 1, 46)[:8] == [2, 12, 19, 0, 15, 34, 8, 45]


# --- the deal ---------------------------------------------------------------------------


@pytest.mark.parametrize(("variant", "pack", "kitty"), [("quebec", 46, 6), ("australian", 43, 3)])
def test_a_board_splits_the_pack_into_four_hands_of_ten_and_the_kitty(variant, pack, kitty):
    full = set(get_variant(variant).deck_cards)
    for board in deal_boards(variant, SEED, 1, 40):
        assert list(board) == ["board", "dealer", "hands", "kitty"]
        assert list(board["hands"]) == list(SEATS)
        assert [len(h) for h in board["hands"].values()] == [10, 10, 10, 10]
        assert len(board["kitty"]) == kitty
        dealt = [c for h in board["hands"].values() for c in h] + board["kitty"]
        assert len(dealt) == len(set(dealt)) == pack == len(full)


def test_the_dealer_rotates_n_e_s_w_with_the_board_number():
    assert [b["dealer"] for b in deal_boards("quebec", SEED, 1, 9)] == list("NESWNESWN")
    assert dealer_of(12) == "W" and dealer_of(13) == "N"


def test_boards_differ_from_each_other_and_from_seed_to_seed():
    hands = {json.dumps(b["hands"]) for b in deal_boards("quebec", SEED, 1, 50)}
    assert len(hands) == 50
    assert deal_board("quebec", SEED, 1) != deal_board("quebec", SEED[:-1] + "7", 1)
    assert deal_board("quebec", SEED, 1) != deal_board("quebec", SEED.lower(), 1)


def test_every_card_reaches_every_place_over_many_boards():
    """A loose check of the shuffle: over 999 boards each card lands in N's hand and in
    the kitty."""
    in_n, in_kitty = set(), set()
    for board in deal_boards("quebec", SEED, 1, 999):
        in_n.update(board["hands"]["N"])
        in_kitty.update(board["kitty"])
    assert len(in_n) == len(in_kitty) == 46


def test_a_board_is_a_hand_record_the_checker_accepts():
    board = deal_board("australian", SEED, 3)
    record = {"format": "club500-hand/1", "variant": "australian", **board}
    del record["board"]
    answer = check_record(record)
    assert answer["ok"] and answer["phase"] == "auction" and answer["to_act"] == "W"


def test_a_single_board_is_the_same_as_in_a_range():
    assert deal_board("quebec", SEED, 7) == deal_boards("quebec", SEED, 5, 9)[2]


# --- seeds and the hash -----------------------------------------------------------------


def test_the_seed_hash_is_the_sha256_of_its_utf8_bytes():
    assert seed_hash("abcdefghijklmnop") == hashlib.sha256(b"abcdefghijklmnop").hexdigest()
    assert seed_hash(SEED) == "b41b254ab06f5279866d1a56b7c301ccc3aca7f0c17e128ec5dd5e24deaa1798"


@pytest.mark.parametrize(
    "seed", ["", "short", "a" * 15, "a" * 65, "with space 123456", "accentué123456789", 12, None]
)
def test_a_bad_seed_is_refused(seed):
    with pytest.raises(MalformedError) as e:
        deal_boards("quebec", seed, 1, 1)
    assert e.value.code == "bad_seed"
    with pytest.raises(MalformedError):
        seed_hash(seed)


def test_a_new_seed_is_a_valid_random_seed():
    a, b = new_seed(), new_seed()
    assert a != b and len(a) == 24 and seed_hash(a)


@pytest.mark.parametrize(("first", "last"), [(0, 1), (1, 1000), (5, 4), (True, 2), ("1", 2)])
def test_a_bad_board_range_is_refused(first, last):
    with pytest.raises(MalformedError) as e:
        deal_boards("quebec", SEED, first, last)
    assert e.value.code == "bad_board"


def test_only_four_handed_500_is_dealt_in_boards():
    with pytest.raises(UnknownVariantError) as e:
        deal_boards(get_variant("quebec", {"players": 5}), SEED, 1, 1)
    assert e.value.code == "not_four_handed"
    with pytest.raises(UnknownVariantError) as e:
        deal_boards("bridge", SEED, 1, 1)
    assert e.value.code == "unknown_variant"


def test_the_docs_test_vector_is_the_engines():
    doc = (Path(__file__).resolve().parents[2] / "docs" / "duplicate.md").read_text()
    board = deal_board("quebec", SEED, 1)
    assert f"`{seed_hash(SEED)}`" in doc
    assert f"N `{' '.join(board['hands']['N'])}` and the kitty `{' '.join(board['kitty'])}`" in doc
    assert f"`club500-board/1|{SEED}|1|0`" in doc and "1227906668, 3541517752, 1970838233" in doc


def test_a_game_deals_boards_as_they_are_and_refuses_another_dealers_board():
    """``Game.next_board``: the board's cards in its seats, its kitty, its dealer (the
    game's next one); a board dealt by another seat is refused, nothing dealt."""
    seed = "GoldenSeedForBoards2026"
    game = Game("quebec", {"all_pass": "next_dealer"}, first_dealer=dealer_of(5))
    board = deal_board(game.variant, seed, 5)
    hand = game.next_board(board)
    record = hand.to_record()
    assert (record["dealer"], record["hands"], record["kitty"]) == (
        "N",
        board["hands"],
        board["kitty"],
    )
    while not hand.is_done:
        hand.apply_as(hand.to_act, "pass")
    assert game.dealer == dealer_of(6)
    with pytest.raises(IllegalActionError):
        game.next_board(deal_board(game.variant, seed, 7))
    assert len(game.entries) == 1


def test_deal_options_keep_what_decides_the_cards_and_nothing_else():
    """What ``deal --options`` needs to deal a tournament's boards again: its pack and
    packets; its game's length changes no card and is left out."""
    packets = {"deal_packets": "3,K2,3,K2,4,K2"}
    assert deal_options("quebec", {**packets, "hands_per_game": 6, "end": "hands"}) == packets
    assert deal_options("quebec", {"hands_per_game": 6}) == {}
    assert deal_options("quebec", None) == {}
    dealt = deal_board(get_variant("quebec", packets), SEED, 1)
    assert dealt != deal_board("quebec", SEED, 1)
    assert dealt == deal_board(get_variant("quebec", deal_options("quebec", packets)), SEED, 1)
