"""Regenerate the golden 450 records: ``python tests/engine/four_fifty/golden/make_golden.py``.

Each file is the first seeded random-legal round (players P1..Pn, seeds from 0)
that shows one rule of the end of a round; the tests assert what each shows.
"""

from __future__ import annotations

import json
import random
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[4]
sys.path.insert(0, str(ROOT))

from games.engine.four_fifty import check_record, new_round, replay  # noqa: E402
from games.engine.four_fifty.cards import CARD_OF  # noqa: E402

HERE = Path(__file__).parent


def rounds(players, options=None, set_aside=True):
    for seed in range(20000):
        rnd = new_round(
            players,
            f"P{seed % players + 1}",
            seed=seed,
            options=options,
            set_aside=set_aside,
        )
        rng = random.Random(seed)
        kinds = set()
        while not rnd.is_done:
            if rnd.phase.value == "discard":
                rnd.legal_codes()
                kinds.add(rnd._kind)
            rnd.apply(rng.choice(rnd.legal_actions()))
        yield rnd, kinds


def first(players, test, options=None, set_aside=True):
    for rnd, kinds in rounds(players, options, set_aside):
        if test(rnd, kinds):
            return rnd.to_record()
    raise SystemExit(f"nothing found for {test}")


def res(rnd):
    return rnd.result().to_dict()


def values(rnd):
    return [c.value for c in rnd.result().first_count]


CASES = {
    # the best base hand is master and gives the pot's top card to another player
    "master_gives_pot.json": (
        4,
        lambda r, k: (
            res(r)["master_reason"] == "main"
            and res(r)["pot_to"] != res(r)["master"]
            and sorted(values(r))[-1] > sorted(values(r))[-2] > 0
        ),
    ),
    # the jack of spades, in a hand worth nothing, takes the master's place
    "jack_of_spades_master.json": (
        4,
        lambda r, k: (
            res(r)["master_reason"] == "valet_de_pique"
            and r.result().first_count[r.master].value == 0
            and max(values(r)) > 0
        ),
    ),
    # two best base hands of equal value: the higher cards win, not play order
    "master_tie.json": (4, lambda r, k: _tie_differs(r)),
    # no base hand and no jack of spades: no master, the pot starts at the lanceur
    "no_master.json": (4, lambda r, k: r.master < 0),
    # the double-faced card in a base hand, the 3 of spades in the pile: transformed
    "transformation.json": (4, lambda r, k: r.transformed >= 0),
    # the double-faced card in a base hand, but the 3 of spades not in the pile
    "no_transformation_three_not_out.json": (
        4,
        lambda r, k: _df_base(r) and CARD_OF["3S"] not in r.pile,
    ),
    # the 3 of spades in the pile, the double-faced card kept in a hand worth 0
    "no_transformation_no_base_hand.json": (
        4,
        lambda r, k: _df_kept(r) and CARD_OF["3S"] in r.pile and not _df_base(r),
    ),
    # a major sequence announced: +50 on a hand worth little
    "major_sequence.json": (4, lambda r, k: bool(r.announced)),
    # couleur, and a player holding only that suit must discard it
    "couleur_forced.json": (4, lambda r, k: "couleur_forced" in k),
    # equal best points: the better hand leads the next round
    "lanceur_tie.json": (4, lambda r, k: _lanceur_tie(r)),
    # five players, solution 2: the lanceur eliminates a leftover card
    "five_players_leftover.json": (5, lambda r, k: r.master >= 0),
}


def _df_kept(r):
    return any(r.double_face in c.cards for c in r.result().first_count)


def _df_base(r):
    fc = r.result().first_count
    return any(r.double_face in c.cards and c.value > 0 for c in fc)


def _tie_differs(r):
    fc = r.result().first_count
    best = max(c.value for c in fc)
    tied = [i for i, c in enumerate(fc) if c.value == best]
    if best == 0 or len(tied) < 2 or r.result().master_reason != "main":
        return False
    by_order = min(tied, key=lambda i: (i - r.lanceur) % r.n)
    return by_order != r.master


def _lanceur_tie(r):
    pts = r.result().points
    best = max(pts)
    tied = [i for i, p in enumerate(pts) if p == best]
    if best == 0 or len(tied) < 2:
        return False
    by_order = min(tied, key=lambda i: (i - r.lanceur) % r.n)
    return by_order != r.result().next_lanceur


def cli_examples():
    """The three records of the check examples in docs/hand-records.md."""
    sys.path.insert(0, str(ROOT))
    from games.engine.four_fifty.bots import choose_action
    from tests.engine.four_fifty.util import make_record

    hands = {"P1": ["7C"], "P2": ["9C"], "P3": "9H 10C 7D 8D QD KD KH 7H".split()}
    rnd = new_round(3, "P3", seed=2)
    rng = random.Random(2)
    while not rnd.is_done:
        rnd.apply(choose_action(rnd, rnd.to_act, rng))
    return {
        "cli_in_progress.json": make_record(hands=hands, discards=["7C", "9C"]),
        "cli_must_follow.json": make_record(hands=hands, discards=["7C", "9C", "KD"]),
        "cli_complete_3p.json": rnd.to_record(),
    }


def main():
    for name, rec in cli_examples().items():
        (HERE / name).write_text(json.dumps(rec, ensure_ascii=False) + "\n")
    for name, (players, test) in CASES.items():
        rec = first(players, test, set_aside=name != "five_players_leftover.json")
        assert replay(rec).to_record() == rec
        (HERE / name).write_text(json.dumps(rec, ensure_ascii=False) + "\n")
        print(name, json.dumps(check_record(rec), ensure_ascii=False)[:160])


if __name__ == "__main__":
    main()
