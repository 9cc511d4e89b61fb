"""The open-hand solver against a plain minimax over the engine's own Hand (no pruning,
no table, no equivalence classes: every legal card, applied with ``Hand.apply_code``)."""

from __future__ import annotations

import copy

import pytest

from games.engine import get_variant, new_hand
from games.engine.actions import NAME_JOKER, PLAY_OF
from games.engine.phases import AUCTION, PLAY
from games.engine.solver import Position, _Search, makes, position_from_hand, solve

from .solver_util import play_position


def _clone(h):
    """A copy of a Hand in play that ``apply_code`` may change: the fields play
    mutates are copied, the rest (variant, deal, strain tables) shared."""
    c = copy.copy(h)
    c.hands = [list(cards) for cards in h.hands]
    c.by_suit = [[list(s) for s in seat] for seat in h.by_suit]
    c.trick, c.trick_seats, c.tricks = list(h.trick), list(h.trick_seats), list(h.tricks)
    c.tricks_won, c.play, c.events = list(h.tricks_won), list(h.play), []
    c.named, c.shown, c._legal = list(h.named), dict(h.shown), None
    return c


def brute_force(h, side: frozenset[int]) -> int:
    """The side's tricks in all with best play (the side maximizes, the others
    minimize; in misère the declarer minimizes his tricks and the others maximize
    them), trying every legal card through the engine."""
    if h.is_done:
        if h.misere:
            return h.tricks_won[h.declarer]
        return sum(h.tricks_won[s] for s in side)
    values = []
    for code in [c for c in h.legal_codes() if c < NAME_JOKER]:
        child = _clone(h)
        child.apply_code(code)
        values.append(brute_force(child, side))
    return max(values) if (h.to_act_i in side) != h.misere else min(values)


def _cases():
    """(preset, players, kind, cards left, seeds): small positions for every count."""
    out = []
    for players, left in ((2, 4), (3, 3), (4, 3), (5, 2), (6, 2)):
        for kind in ("suit", "nt"):
            for preset in ("quebec", "australian"):
                out.append((preset, players, kind, left))
    for players, left in ((3, 3), (4, 3), (6, 2)):
        out.append(("australian", players, "mis", left))
        out.append(("american", players, "mis", left))
    return out


def _positions(preset, players, kind, left, count=10, seeds=80):
    found = []
    for seed in range(seeds):
        h = play_position(preset, players, kind, seed, left, in_trick=seed % players)
        if h is not None:
            found.append(h)
        if len(found) == count:
            break
    return found


@pytest.mark.parametrize("preset,players,kind,left", _cases())
def test_solver_value_and_move_values_match_brute_force(preset, players, kind, left):
    """On seeded small positions (every player count, trump, no trump and misère, a
    trick in progress or not) the solver's value and every legal move's value equal a
    plain minimax over the engine; the best moves reach the value."""
    positions = _positions(preset, players, kind, left)
    assert positions
    for h in positions:
        pos = position_from_hand(h)
        sol = solve(pos)
        assert sol.exact
        assert sol.tricks == brute_force(h, pos.side), (preset, players, kind, h.seed)
        legal = [c for c in h.legal_codes() if c < NAME_JOKER]
        assert sorted(sol.move_values) == sorted(legal)
        for code in legal:
            child = _clone(h)
            child.apply_code(code)
            assert sol.move_values[code] == brute_force(child, pos.side)
        assert sol.best and all(sol.move_values[c] == sol.tricks for c in sol.best)


@pytest.mark.parametrize("preset,players,kind,left", _cases())
def test_makes_answers_whether_the_side_reaches_each_count_as_brute_force_says(
    preset, players, kind, left
):
    """``makes(pos, n)``: whether the declarer's side can take n tricks in all (in
    misère: whether the declarer can take none), for every n from 0 to every trick,
    against a plain minimax over the engine."""
    for h in _positions(preset, players, kind, left, count=6):
        pos = position_from_hand(h)
        value = brute_force(h, pos.side)
        if pos.misere:
            assert makes(pos, 0) is (value < pos.misere_stop), (preset, players, h.seed)
            continue
        for n in range(0, pos.taken + left + 2):
            assert makes(pos, n) is (value >= n), (preset, players, kind, h.seed, n)


def test_makes_gives_none_when_its_node_budget_runs_out():
    """Too few nodes for an answer: None, neither yes nor no."""
    h = play_position("quebec", 4, "suit", 1, 5)
    pos = position_from_hand(h)
    value = solve(pos).tricks
    assert makes(pos, value, max_nodes=5) is None
    assert makes(pos, value) is True and makes(pos, value + 1) is False


def test_best_moves_only_mode_gives_the_same_value():
    """``all_moves=False`` (windows at the root) finds the same value and a best move."""
    for h in _positions("quebec", 4, "suit", 5, count=8):
        full, quick = solve(position_from_hand(h)), solve(position_from_hand(h), all_moves=False)
        assert quick.tricks == full.tricks
        assert quick.best and set(quick.best) <= set(full.best)


def _plain_alpha_beta_nodes(pos: Position) -> int:
    """Nodes of the same search with no table, no ordering and no equivalence classes."""
    s = _Search(pos, None, None)
    s.distinct = lambda legal: legal
    s.order = lambda moves, *a: moves
    s.tt = _NoTable()
    s.root(len(pos.hands[pos.to_act]) + 1, True)
    return s.nodes


class _NoTable(dict):
    def __setitem__(self, key, value):
        pass


def test_table_ordering_and_classes_search_fewer_nodes_for_the_same_value():
    """Table, ordering and equivalence classes cut the nodes searched (at least by half
    over these positions) and change no value."""
    plain = full = 0
    for h in _positions("quebec", 4, "suit", 5, count=6):
        pos = position_from_hand(h)
        sol = solve(pos)
        full += sol.nodes
        plain += _plain_alpha_beta_nodes(pos)
    assert full * 2 < plain


def test_equivalence_classes_never_change_the_value():
    """Searching every card instead of one per class gives the same values."""
    for h in _positions("australian", 4, "nt", 4, count=6) + _positions("quebec", 3, "suit", 4):
        pos = position_from_hand(h)
        s = _Search(pos, None, None)
        s.distinct = lambda legal: legal
        value, values = s.root(len(pos.hands[pos.to_act]) + 1, True)
        sol = solve(pos)
        assert sol.tricks - pos.taken == value
        assert {c: v + pos.taken for c, v in values.items()} == sol.move_values


def _hand_with(preset, players, contract, cards_by_seat, declarer=0):
    """A Hand in play whose seats hold ``cards_by_seat`` (codes), built by replacing a
    seeded deal's play fields (for hand-checked positions)."""
    v = get_variant(preset, {"players": players})
    for seed in range(200):
        h = new_hand(v, dealer=v.seats[(declarer - 1) % players], seed=seed)
        h.want_events = False
        if contract not in h.legal_actions():
            continue  # a forced bid
        h.apply(contract)
        while not h.is_done and h._phase == AUCTION and "pass" in h.legal_actions():
            h.apply("pass")
        if h.declarer == declarer and h._phase != AUCTION:
            break
    while h._phase != PLAY:
        h.apply(h.legal_actions()[0])
    h.hands = [sorted(PLAY_OF[c] for c in seat) for seat in cards_by_seat]
    h.by_suit = [[[c for c in cards if h.eff[c] == s] for s in range(5)] for cards in h.hands]
    h.to_act_i, h._legal = declarer, None
    return h


def test_known_hand_bowers_and_joker_in_trumps():
    """Hearts trump, N (declarer, to lead) holds the joker, the left bower (JD) and a
    low club; E the right bower (JH). N draws the right bower with the joker and wins
    the left bower's trick; W's clubs take the last trick: two of three for NS."""
    h = _hand_with(
        "quebec",
        4,
        "6H",
        [["WJ", "JD", "4C"], ["JH", "AS", "5C"], ["AH", "KS", "6C"], ["QS", "7C", "8C"]],
    )
    sol = solve(position_from_hand(h))
    assert sol.exact and sol.tricks - position_from_hand(h).taken == 2


def test_known_hand_no_trump_joker_wins_its_trick():
    """No trump (joker leads name a suit already led): N takes all three, the ace and
    king of spades, then the joker led naming spades."""
    h = _hand_with(
        "quebec",
        4,
        "6NT",
        [["WJ", "AS", "KS"], ["QS", "4C", "5C"], ["6H", "7H", "8H"], ["JS", "6C", "7C"]],
    )
    pos = position_from_hand(h)
    sol = solve(pos)
    assert sol.tricks - pos.taken == 3
    assert sol.move_values[PLAY_OF["AS"]] - pos.taken == 3


def test_budget_gives_an_estimate_flagged_as_one():
    """A node budget too small for the exact search returns an estimate, not exact."""
    h = play_position("quebec", 4, "suit", 1, 8)
    sol = solve(position_from_hand(h), max_nodes=500)
    assert not sol.exact
    assert 0 <= sol.tricks - position_from_hand(h).taken <= 8
    assert sol.best and set(sol.move_values) == {c for c in h.legal_codes() if c < NAME_JOKER}


def test_memoized_boundaries_and_move_lists_change_no_node_and_no_value():
    """The per-solve memos (trick starts by remaining hands, ordered move lists by hand
    and trick state) only save work: without them the same nodes give the same values."""
    for h in _positions("quebec", 4, "suit", 5, count=4) + _positions("quebec", 3, "nt", 4):
        pos = position_from_hand(h)
        depth = len(pos.hands[pos.to_act]) + 1
        cached = _Search(pos, None, None)
        plain = _Search(pos, None, None)
        plain.boundaries = _NoTable()
        moves = plain.moves
        plain.moves = lambda *a, moves=moves, s=plain: (s.runs[-2].clear(), moves(*a))[1]
        assert cached.root(depth, True) == plain.root(depth, True)
        assert cached.nodes == plain.nodes


def test_last_trick_goes_to_the_strongest_card_as_the_engine_plays_it():
    """Two tricks to play (every count, trump, no trump with jokers led, misère): the
    last trick, scored without searching its plies, gives the engine's values."""
    checked = 0
    for preset, players, kind in (
        ("quebec", 2, "suit"),
        ("quebec", 4, "nt"),
        ("australian", 4, "nt"),
        ("quebec", 5, "suit"),
        ("quebec", 6, "nt"),
        ("australian", 3, "mis"),
    ):
        found = 0
        for seed in range(40):
            h = play_position(preset, players, kind, seed, 2)
            if h is None:
                continue
            pos = position_from_hand(h)
            assert solve(pos).tricks == brute_force(h, pos.side), (preset, players, kind)
            found += 1
            if found == 8:
                break
        checked += found
    assert checked >= 40
