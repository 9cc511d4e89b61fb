"""Per-seat views: another player's hidden cards and the pot's never appear."""

import json
import random

import pytest

from games.engine.errors import MalformedError
from games.engine.four_fifty import new_round
from games.engine.four_fifty.bots import choose_action
from games.engine.four_fifty.cards import CODE
from games.engine.four_fifty.views import PRIVATE_KEYS, private_view, public_view


def allowed_cards(rnd, seat):
    """Cards ``seat`` may see now: his own (once picked up), the pile, the cards set
    aside, announced sequences, the cards face up at the deal while they are, and
    every hand once play is over."""
    i = rnd.rules.seat_index[seat] if seat else -1
    ok = {CODE[c] for c in rnd.pile} | {CODE[c] for c in rnd.aside}
    ok |= {CODE[c] for cards in rnd.announced.values() for c in cards}
    ok.add(CODE[rnd.double_face])
    if not rnd.hidden:
        ok |= {CODE[c] for v in rnd.deal.visible for c in v}
        ok |= {CODE[c] for c in rnd.deal.leftover}
        if rnd.phase.value == "show":
            ok.add(CODE[rnd.pot[0]])
    elif i >= 0:
        ok |= {CODE[c] for c in rnd.hands[i]}
    if rnd.first_count is not None:
        ok |= {CODE[c] for count in rnd.first_count for c in count.cards}
        ok |= {CODE[c] for h in rnd.hands for c in h}
        ok.add("3S")  # the transformation names it
    if rnd.is_done:
        ok |= {CODE[c] for c in rnd.pot}
    return ok


@pytest.mark.parametrize("players", [3, 4, 5, 6])
def test_views_never_contain_hidden_cards(players):
    for seed in range(60):
        rnd = new_round(players, "P1", seed=seed, set_aside=seed % 2 == 0)
        rng = random.Random(seed)
        while True:
            for seat in list(rnd.rules.seats) + [None]:
                view = rnd.view_for(seat)
                text = json.dumps(view)
                ok = allowed_cards(rnd, seat)
                for code in CODE:
                    if f'"{code}"' in text or f"{code}," in text or f",{code}" in text:
                        assert code in ok, (players, seed, seat, rnd.phase, code)
            if rnd.is_done:
                break
            rnd.apply(choose_action(rnd, rnd.to_act, rng))


def test_a_view_is_its_public_part_plus_its_private_part():
    rnd = new_round(4, "P1", seed=5)
    rnd.apply("hide")
    public = public_view(rnd)
    for seat in ("P2", "P3", None):
        view = rnd.view_for(seat)
        assert {k: v for k, v in view.items() if k not in PRIVATE_KEYS} == public
        assert {k: view[k] for k in PRIVATE_KEYS} == private_view(rnd, seat)
    assert rnd.view_for("P2")["legal"] == rnd.legal_actions()
    assert rnd.view_for("P3")["legal"] == [] and rnd.view_for(None)["hand"] is None
    with pytest.raises(MalformedError):
        rnd.view_for("N")


def test_what_must_be_followed_is_public_and_hides_the_players_situation():
    rnd = new_round(4, "P4", seed=7)
    rnd.apply("hide")
    rnd.apply(next(a for a in rnd.legal_actions() if not a.startswith("major:")))
    follow = rnd.view_for(None)["follow"]
    assert set(follow) == {"card", "rank", "suit", "couleur", "tour_a_pique"}
    assert follow["card"] == CODE[rnd.pile[-1]]
