"""The discard rules (règles de jeu): which cards the player to act may discard.

:func:`situation` reads the round and the player's hand and returns the rule
that binds him (a *kind*) with the cards it allows:

Normal play, following the previous card ``T`` (the top of the pile):

* ``any``        the lanceur's first discard: any card (a spade launches the
  spade round, *tour à pique*);
* ``follow``     ``T`` is not a spade: the same rank (not the spade of it) or the
  same suit; if he can, he must;
* ``cut``        nothing follows but he holds the spade of ``T``'s rank: he must
  cut with it (couper), which launches a spade round;
* ``free``       nothing follows and nothing cuts: any card but a spade;
* ``follow_spade`` ``T`` is a spade (after a spade round, or a forced spade): a
  spade (following by suit; it launches nothing) or a card of ``T``'s rank;
* ``forced_spade`` only spades left and none of them follows: any of them
  (it launches nothing) *(ruling)*.

"Couleur" (five discards in a row of one suit other than spades, ``X``):

* ``couleur``        a card of another suit, not a spade;
* ``couleur_cut``    none: the spade of ``T``'s rank (a cut, launching a round);
* ``couleur_spade``  no such spade: any card but ``X``, i.e. a spade (it
  launches nothing);
* ``couleur_forced`` only ``X`` left: any of them *(ruling)*.

During a spade round (one turn of the table from the player who launched it):

* ``tour_a_pique``      he holds spades: any spade (his best spade if the round
  was launched by the 3 of spades);
* ``tour_a_pique_cut``  no spade: a card of the rank of the last spade played,
  which stops the round (the round is cut); he must if he can;
* ``tour_a_pique_follow`` no spade, no cut, and the previous card is not a spade
  (another player could not play a spade): follow it by rank or suit;
* ``tour_a_pique_free`` none of these: any card; the round goes on.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ..cards import SUIT_NAMES
from ..errors import IllegalActionError
from .cards import CODE, IS_SPADE, POWER, RANK, RANKS, SUIT, THREE_OF_SPADES, pretty

if TYPE_CHECKING:  # pragma: no cover
    from .round import Round

COULEUR_RUN = 5


def _follows(c: int, top: int) -> bool:
    """``c`` follows ``top`` (not a spade) by rank or suit, without being a spade."""
    return not IS_SPADE[c] and (RANK[c] == RANK[top] or SUIT[c] == SUIT[top])


def situation(r: "Round") -> tuple[str, list[int]]:
    """(kind, legal cards) for the player to act (see the module docstring)."""
    hand = r.hands[r.to_act_i]
    pile = r.pile
    if not pile:
        return "any", list(hand)
    top = pile[-1]
    if r.spade_left > 0:
        spades = [c for c in hand if IS_SPADE[c]]
        if spades:
            if r.spade_best:
                best = max(spades, key=POWER.__getitem__)
                return "tour_a_pique", [best]
            return "tour_a_pique", spades
        rank = RANK[r.last_spade]
        cut = [c for c in hand if RANK[c] == rank]
        if cut:
            return "tour_a_pique_cut", cut
        if not IS_SPADE[top]:
            follow = [c for c in hand if _follows(c, top)]
            if follow:
                return "tour_a_pique_follow", follow
        return "tour_a_pique_free", list(hand)
    if r.streak_len >= COULEUR_RUN:
        x = r.streak_suit
        other = [c for c in hand if not IS_SPADE[c] and SUIT[c] != x]
        if other:
            return "couleur", other
        cut = [c for c in hand if IS_SPADE[c] and RANK[c] == RANK[top]]
        if cut:
            return "couleur_cut", cut
        spades = [c for c in hand if IS_SPADE[c]]
        if spades:
            return "couleur_spade", spades
        return "couleur_forced", list(hand)
    if IS_SPADE[top]:
        follow = [c for c in hand if IS_SPADE[c] or RANK[c] == RANK[top]]
        if follow:
            return "follow_spade", follow
        return "free", list(hand)
    follow = [c for c in hand if _follows(c, top)]
    if follow:
        return "follow", follow
    cut = [c for c in hand if IS_SPADE[c] and RANK[c] == RANK[top]]
    if cut:
        return "cut", cut
    free = [c for c in hand if not IS_SPADE[c]]
    if free:
        return "free", free
    return "forced_spade", list(hand)


LAUNCHES = ("any", "cut", "couleur_cut")  # kinds where a spade launches a round


def apply_discard(r: "Round", kind: str, card: int) -> None:
    """Discard ``card`` (legal under ``kind``) for the player to act; update the
    spade round and the Couleur run, with their events."""
    seat_i = r.to_act_i
    seat = r.rules.seats[seat_i]
    r.hands[seat_i].remove(card)
    r.pile.append(card)
    r.events.append({"type": "discard", "seat": seat, "card": CODE[card]})
    spade = IS_SPADE[card]
    if spade:
        r.streak_suit, r.streak_len = -1, 0
    elif SUIT[card] == r.streak_suit:
        r.streak_len += 1
    else:
        r.streak_suit, r.streak_len = SUIT[card], 1
    if r.spade_left > 0:
        if spade:
            r.last_spade = card
        if kind == "tour_a_pique_cut":
            r.events.append({"type": "tour_a_pique_coupe", "seat": seat, "card": CODE[card]})
            r.spade_left = 0
        else:
            r.spade_left -= 1
            if r.spade_left == 0:
                r.events.append(
                    {
                        "type": "tour_a_pique_fini",
                        "seat": r.rules.seats[r.spade_launcher],
                    }
                )
        if r.spade_left == 0:
            r.spade_launcher, r.spade_best = -1, False
    elif spade and kind in LAUNCHES:
        r.spade_launcher = seat_i
        r.spade_left = r.rules.players - 1
        r.spade_best = card == THREE_OF_SPADES
        r.last_spade = card
        r.events.append(
            {
                "type": "tour_a_pique",
                "seat": seat,
                "card": CODE[card],
                "best": r.spade_best,
                "cut": kind != "any",
            }
        )
    if r.streak_len == COULEUR_RUN:
        r.events.append({"type": "couleur", "seat": seat, "suit": "SCDH"[r.streak_suit]})


def _suit(s: int) -> str:
    return SUIT_NAMES[s]


def _others(x: int) -> str:
    names = [_suit(s) for s in (3, 2, 1) if s != x]
    return " or ".join(n[:-1] if n.endswith("s") else n for n in names)


def explain(r: "Round", kind: str, legal: list[int], card: int) -> IllegalActionError:
    """Why ``card`` (held by the player to act) may not be discarded now."""
    seat = r.rules.seats[r.to_act_i]
    top = r.pile[-1] if r.pile else -1
    params: dict[str, Any] = {
        "seat": seat,
        "card": CODE[card],
        "legal": [CODE[c] for c in legal],
    }
    if top >= 0:
        params["top"] = CODE[top]
    P = pretty

    def err(message: str, code: str, **extra: Any) -> IllegalActionError:
        params.update(extra)
        return IllegalActionError(message, code=code, params=params)

    if kind == "follow":
        by = f"{seat} must follow {P(top)} by rank or by {_suit(SUIT[top])}"
        if IS_SPADE[card] and RANK[card] == RANK[top]:
            return err(
                f"{by}: {seat} may cut with {P(card)} only when nothing follows",
                "must_follow",
            )
        return err(by, "must_follow")
    if kind == "cut":
        return err(f"{seat} cannot follow {P(top)} and must cut with {P(legal[0])}", "must_cut")
    if kind == "free":
        return err(
            f"{seat} may not discard {P(card)}: nothing follows {P(top)}, and a spade"
            " may only cut (any card but a spade)",
            "spade_only_cuts",
        )
    if kind == "follow_spade":
        return err(
            f"{seat} must follow {P(top)} with a spade or a {RANKS[RANK[top]]}",
            "must_follow",
        )
    x = r.streak_suit
    if kind == "couleur":
        return err(
            f"Couleur: five {_suit(x)} in a row, {seat} must discard a {_others(x)}",
            "couleur",
            suit="SCDH"[x],
        )
    if kind == "couleur_cut":
        return err(
            f"Couleur: {seat} has no {_others(x)} and must cut with {P(legal[0])}",
            "must_cut",
            suit="SCDH"[x],
        )
    if kind == "couleur_spade":
        return err(
            f"Couleur: five {_suit(x)} in a row, {seat} may not discard"
            f" {_suit(x)} while he holds a spade",
            "couleur",
            suit="SCDH"[x],
        )
    if kind == "tour_a_pique":
        if r.spade_best:
            return err(
                f"{seat} must discard his best spade, {P(legal[0])}: the spade round"
                " (tour à pique) was launched with the 3♠",
                "tour_a_pique_best",
            )
        return err(
            f"{seat} must discard a spade in the spade round (tour à pique)",
            "tour_a_pique",
        )
    if kind == "tour_a_pique_cut":
        last = r.last_spade
        return err(
            f"{seat} has no spade and must cut the spade round (tour à pique) with a"
            f" {RANKS[RANK[last]]}, the rank of {P(last)}",
            "must_cut",
        )
    if kind == "tour_a_pique_follow":
        return err(
            f"{seat} has no spade and must follow {P(top)} by rank or by {_suit(SUIT[top])}",
            "must_follow",
        )
    return err(f"{seat} may not discard {P(card)} now", "illegal_discard")
