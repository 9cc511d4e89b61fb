"""Invariants over thousands of seeded random rounds for every player count.

At every discard the engine's legal cards equal those of an independent oracle
that rereads the whole pile (the engine keeps its state incrementally); every
other held card is refused with the state unchanged; cards are conserved; the
record replays to the same state; the counts and points follow from the cards."""

import random

import pytest

from games.engine.errors import IllegalActionError
from games.engine.four_fifty import count_hand, new_round, replay
from games.engine.four_fifty.actions import MAJOR0
from games.engine.four_fifty.cards import IS_SPADE, PACK, POWER, RANK, SUIT

ROUNDS = 1000


def oracle(hand, pile, n):
    """Legal discards from the pile's history alone (docs/rules.md 5.1)."""
    if not pile:
        return set(hand)
    launch = -1  # index in the pile of the card that launched the live spade round
    best = False
    last_spade = -1
    for k, c in enumerate(pile):
        top = pile[k - 1] if k else -1
        live = launch >= 0 and k - launch < n
        if live:
            if IS_SPADE[c]:
                last_spade = c
            elif RANK[c] == RANK[last_spade]:
                launch = -1  # cut by a player without spades
            continue
        launch = -1
        run = _run(pile[:k])
        cut = top >= 0 and not IS_SPADE[top] and RANK[c] == RANK[top]
        if IS_SPADE[c] and (k == 0 or cut or (run >= 5 and RANK[c] == RANK[top])):
            launch, best, last_spade = k, c == 8, c  # 8: the 3 of spades
    top = pile[-1]
    spades = {c for c in hand if IS_SPADE[c]}
    if launch >= 0 and len(pile) - launch < n:
        if spades:
            return {max(spades, key=POWER.__getitem__)} if best else spades
        cut = {c for c in hand if RANK[c] == RANK[last_spade]}
        if cut:
            return cut
        follow = set()
        if not IS_SPADE[top]:
            follow = {c for c in hand if RANK[c] == RANK[top] or SUIT[c] == SUIT[top]}
        return follow or set(hand)
    if _run(pile) >= 5:
        suit = SUIT[top]
        return (
            {c for c in hand if not IS_SPADE[c] and SUIT[c] != suit}
            or {c for c in spades if RANK[c] == RANK[top]}
            or spades
            or set(hand)
        )
    if IS_SPADE[top]:
        return spades | {c for c in hand if RANK[c] == RANK[top]} or set(hand)
    return (
        {c for c in hand if not IS_SPADE[c] and (RANK[c] == RANK[top] or SUIT[c] == SUIT[top])}
        or {c for c in spades if RANK[c] == RANK[top]}
        or (set(hand) - spades)
        or set(hand)
    )


def _run(pile):
    """How many discards in a row, at the end of the pile, share a suit (not spades)."""
    if not pile or IS_SPADE[pile[-1]]:
        return 0
    k = 0
    for c in reversed(pile):
        if SUIT[c] != SUIT[pile[-1]] or IS_SPADE[c]:
            break
        k += 1
    return k


def conserved(rnd):
    pot = [] if rnd.is_done else rnd.pot  # given out at the end
    cards = [c for h in rnd.hands for c in h] + rnd.pile + pot + rnd.aside
    cards += [c for c in rnd.deal.leftover if c not in rnd.aside and c not in rnd.pot]
    if rnd.transformed >= 0:
        cards[cards.index(8)] = rnd.double_face  # the 3 of spades twice: one is the df
    return sorted(cards) == list(PACK)


@pytest.mark.parametrize("players", [3, 4, 5, 6])
def test_random_rounds_keep_every_invariant(players):
    kinds = set()
    for seed in range(ROUNDS):
        rnd = new_round(players, f"P{seed % players + 1}", seed=seed, set_aside=seed % 3 != 0)
        rng = random.Random(seed)
        n = rnd.n
        steps = 0
        while not rnd.is_done:
            legal = rnd.legal_codes()
            assert legal
            if rnd.phase.value == "discard":
                kinds.add(rnd._kind)
                hand = rnd.hands[rnd.to_act_i]
                cards = {a for a in legal if a < 36}
                assert cards == oracle(hand, rnd.pile, n), (seed, rnd.to_record())
                wrong = [c for c in hand if c not in cards]
                if wrong and steps % 3 == 0:
                    before = rnd.to_record()
                    with pytest.raises(IllegalActionError) as e:
                        rnd.apply_code(rng.choice(wrong))
                    assert e.value.code != "illegal_action" and str(e.value)
                    assert rnd.to_record() == before
                sizes = {len(h) for h in rnd.hands}
                assert len(sizes) <= 2 and conserved(rnd)
            if steps % 17 == 5:
                again = replay(rnd.to_record())
                seat = rnd.rules.seats[steps % n]
                assert again.view_for(seat) == rnd.view_for(seat)
                assert again.legal_codes() == rnd.legal_codes()
            rnd.apply_code(rng.choice(legal))
            steps += 1
        res = rnd.result()
        assert len(rnd.pile) == n * (rnd.rules.hand_size - 2)
        assert all(len(c.cards) == 2 for c in res.first_count)
        for i in range(n):
            final = count_hand(rnd.hands[i])
            assert res.final[i] == final and len(final.cards) == 3
            bonus = 50 if any(a >= MAJOR0 for a in rnd.actions) and i in rnd.announced else 0
            assert res.points[i] == final.value + bonus
        assert res.points[res.next_lanceur] == max(res.points)
        assert conserved(rnd)
        assert replay(rnd.to_record()).result() == res
    if players in (3, 4):
        assert {"any", "follow", "cut", "free", "tour_a_pique", "couleur"} <= kinds
