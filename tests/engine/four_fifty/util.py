"""Scripted 450 rounds: give the cards that matter, the rest is filled in pack order."""

from __future__ import annotations

from games.engine.four_fifty import get_rules, replay
from games.engine.four_fifty.cards import CODE


def make_record(
    players=4,
    dealer="P4",
    hands=None,
    pot=None,
    visible=None,
    double_face="7D",
    secretary=None,
    options=None,
    aside=None,
    leftover=None,
    **stages,
):
    """A club450-hand/1 record.  ``hands`` gives some cards per seat (filled up to
    the hand size from the unused cards, in pack order), ``pot`` the pot top first
    (filled likewise).  The visible cards default to each hand's last two.  The
    stages (``eliminated``, ``discards``, ``pot_to``) are copied as given.
    With the default dealer P4, P1 is the lanceur and plays first."""
    rules = get_rules(players, options)
    hands = {s: list((hands or {}).get(s, [])) for s in rules.seats}
    pot = list(pot or [])
    aside = list(aside or [])
    leftover = list(leftover or [])
    if players == 5 and not aside and not leftover:
        aside = [None]
    used = {c for cards in hands.values() for c in cards} | set(pot) | set(aside)
    used |= set(leftover)
    spare = [c for c in CODE if c not in used]
    for s in rules.seats:
        while len(hands[s]) < rules.hand_size:
            hands[s].append(spare.pop(0))
    pot_size = players - 1 if leftover else players
    while len(pot) < pot_size:
        pot.append(spare.pop(0))
    aside = [spare.pop(0) if c is None else c for c in aside]
    while len(leftover) not in (0, 2):
        leftover.append(spare.pop(0))
    assert not spare, spare
    rec = {
        "format": "club450-hand/1",
        "players": players,
        "options": dict(options or {}),
        "secretary": secretary or dealer,
        "dealer": dealer,
        "double_face": double_face,
        "hands": hands,
        "visible": visible or {s: cards[-rules.visible_cards :] for s, cards in hands.items()},
        "pot": pot,
    }
    if aside:
        rec["aside"] = aside
    if leftover:
        rec["leftover"] = leftover
    rec.update(stages)
    return rec


def make_round(**kw):
    """The Round of :func:`make_record` (replayed, so every action is checked)."""
    return replay(make_record(**kw))


def play_out(rnd, choose):
    """Apply ``choose(rnd)`` until the round is done; return the round."""
    while not rnd.is_done:
        rnd.apply(choose(rnd))
    return rnd
