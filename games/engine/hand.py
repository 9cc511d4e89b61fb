"""One hand of 500 as an explicit state machine.

``new_hand(variant, dealer="N", seed=1)`` deals (the deal is recorded at
creation) and returns a :class:`Hand` in phase ``auction``::

    hand.phase            Phase.AUCTION / BREACH / PARTNER / KITTY / PLAY / DONE
    hand.to_act           seat name, or None when done
    hand.legal_actions()  list of record-notation strings
    hand.apply("7H")      raises IllegalActionError / MalformedError, changes nothing then
    hand.view_for("E")    JSON-serializable dict of what that seat may see
    hand.public_events()  list of rule events (calls, joker shown, tricks ...)
    hand.result()         HandResult once done (None before)
    hand.to_record()      the hand record (HAND-RECORD.md)

Internally cards and actions are small ints (``legal_codes()`` /
``apply_code()`` are the fast path used by bots and benchmarks).
"""

from __future__ import annotations

from typing import Any

from . import claims
from .actions import (
    ACTION_STR,
    BID0,
    CALL_OF,
    CLAIM,
    LEAD_JOKER,
    MIS,
    PARTNER0,
    PASS,
    PLAY_OF,
)
from .after_auction import (
    apply_breach_call,
    apply_partner_call,
    explain_bad_breach_call,
    explain_bad_partner_call,
    legal_breach_calls,
    legal_partner_calls,
    start_breach_round,
)
from .auction import (
    apply_call,
    explain_bad_call,
    legal_calls,
    legal_calls_notation,
    start_auction,
)
from .cards import BJ, CODE, N_CARDS, WJ, codes
from .errors import IllegalActionError, MalformedError
from .phases import AUCTION, BREACH, DONE, KITTY, PARTNER, PHASES, PLAY, Phase
from .play import apply_play, explain_bad_play, hand_legal_plays, start_play
from .record_write import to_record
from .scoring import HandResult, breachable, redeal_result, score_hand
from .shuffle import seeded_shuffle
from .variants import Variant, get_variant
from .views import view_for

# a list's __getitem__ is a plain builtin method: map() calls it much faster than
# a tuple's (a slot wrapper)
_ACTION_STR_AT = list(ACTION_STR).__getitem__
_ANSWERS = [CLAIM + 1, CLAIM + 2]  # accept, refuse: a claim is pending


def shuffled_deck(variant: Variant, seed: int) -> list[int]:
    """The variant's deck shuffled and cut, reproducibly from a seed (shuffle.py)."""
    return seeded_shuffle(variant.deck_cards, seed)


def deal_cards(variant: Variant, dealer: int, seed: int) -> tuple[list[list[int]], list[int]]:
    """Deal per ``deal_packets`` from the dealer's left: (hands, kitty).

    One hand per seat, and for two players a third, the dead hand, last."""
    deck = shuffled_deck(variant, seed)
    seats, kitty = variant.deal_plan(dealer)
    return [list(get(deck)) for get in seats], list(kitty(deck))


class Hand:
    """A hand in progress or finished.  Build with :func:`new_hand` or records.replay.

    ``hands`` holds one hand per seat (for two players a third, the dead hand,
    may follow: it is kept apart, never seen nor played); ``must_pass`` the
    seats that may only pass in the auction (set rule or breach, last hand).
    """

    # Slots: the state machine's fields (auction.py, after_auction.py and play.py
    # set theirs) are read on every move, and slots keep that fast; "__dict__"
    # still lets other modules keep fields of their own on a hand.
    __slots__ = (
        "__dict__",
        "variant",
        "dealer",
        "seed",
        "dead",
        "dealt",
        "dealt_kitty",
        "must_pass",
        "hands",
        "kitty",
        "calls",
        "discards",
        "play",
        "events",
        "shown",
        "revealed",
        "redeal",
        "want_events",
        "contract",
        "declarer",
        "breacher",
        "partner",
        "partner_card",
        "partner_known",
        "partner_unseen",
        "tricks",
        "trick",
        "trick_seats",
        "tricks_won",
        "active",
        "n_active",
        "named",
        "led",
        "_phase",
        "is_done",
        "_legal",
        "_result",
        # auction.py
        "high",
        "high_seat",
        "max_level",
        "out",
        "bid_made",
        "last_strain",
        "raise_turn",
        "raised",
        "forced_seat",
        "to_act_i",
        # after_auction.py
        "breach_order",
        "breach_turn",
        # play.py
        "misere",
        "strain",
        "eff",
        "power",
        "strengths",
        "by_suit",
        "next_seat",
        "led_mask",
        "misere_stop",
        # claims.py
        "claimer",
        "claim_wait",
        "claim_info",
        "claim_barred",
        "claim_shown",
    )

    def __init__(
        self,
        variant: Variant,
        dealer: int,
        hands: list[list[int]],
        kitty: list[int],
        seed: int | None = None,
        must_pass: tuple[int, ...] = (),
    ) -> None:
        self.variant = variant
        self.dealer = dealer
        self.seed = seed
        self.dead: tuple[int, ...] = ()
        if len(hands) > variant.n:
            self.dead = tuple(hands[variant.n])
            hands = hands[: variant.n]
        self.dealt = tuple(map(tuple, hands))
        self.dealt_kitty = tuple(kitty)
        self.must_pass = tuple(must_pass)
        # current hands are kept in display order: legal lists come out sorted
        self.hands = [sorted(h) for h in hands]
        self.kitty = list(kitty)
        self.calls: list[int] = []
        self.discards: list[int] = []
        self.play: list[int] = []
        self.events: list[dict[str, Any]] = []
        self.shown: dict[str, list[str]] = {}
        self.revealed = False
        self.redeal = False
        self.want_events = True
        self.contract = -1
        self.declarer = -1
        self.breacher = -1
        self.partner = -1  # the partner card's holder (five players), -1: none/alone
        self.partner_card = -1
        self.partner_known = False
        self.partner_unseen = -1  # on_play: the partner card until it is played
        self.tricks: list = []
        self.trick: list[int] = []
        self.trick_seats: list[int] = []
        self.tricks_won = [0] * variant.n
        self.active = [True] * variant.n
        self.n_active = variant.n
        self.named = [-1, -1]
        self.led = -1
        self.claimer = -1
        self.claim_wait: list[int] = []  # opponents still to answer a claim
        self.claim_info: dict[str, Any] | None = None
        self.claim_barred: tuple[int, int] | None = None  # (seat, trick) after a refusal
        self.claim_shown: list[int] = []  # seats whose hand a claim laid face up
        self.misere = False
        self._phase = AUCTION
        # a plain attribute (not a property): read once per move by every loop
        self.is_done = False
        self._legal: list[int] | None = None
        self._result: HandResult | None = None
        start_auction(self)

    # ----------------------------------------------------------------- state
    @property
    def phase(self) -> Phase:
        """The current phase."""
        return PHASES[self._phase]

    @property
    def to_act(self) -> str | None:
        """Seat name of the player to act, None when the hand is done."""
        return None if self._phase == DONE else self.variant.seats[self.to_act_i]

    @property
    def contract_strain(self) -> int:
        return (self.contract - BID0) % 5

    # --------------------------------------------------------------- actions
    def legal_codes(self) -> list[int]:
        """Legal actions as ints (see actions.py); empty when done.  Do not mutate."""
        legal = self._legal
        if legal is None:
            phase = self._phase
            if phase == PLAY:
                legal = _ANSWERS if self.claim_wait else hand_legal_plays(self)
            elif phase == AUCTION:
                legal = legal_calls(self)
            elif phase == KITTY:
                legal = list(self.hands[self.declarer])
            elif phase == BREACH:
                legal = legal_breach_calls(self)
            elif phase == PARTNER:
                legal = legal_partner_calls(self)
            else:
                legal = []
            self._legal = legal
        return legal

    def legal_actions(self) -> list[str]:
        """Legal actions of the seat to act, in record notation (a fresh list)."""
        legal = self._legal
        if legal is None:
            phase = self._phase
            if phase == PLAY:
                legal = _ANSWERS if self.claim_wait else hand_legal_plays(self)
                self._legal = legal
            elif phase == AUCTION:
                legal, strs = legal_calls_notation(self)
                self._legal = legal
                return list(strs)
            else:
                legal = self.legal_codes()
        return [*map(_ACTION_STR_AT, legal)]

    def apply(self, action: str) -> None:
        """Apply an action given in record notation (see legal_actions)."""
        legal = self._legal
        if legal is not None:
            # fast path: a legal action of the legal list already computed
            phase = self._phase
            try:
                code = (CALL_OF if phase < KITTY else PLAY_OF).get(action)
            except TypeError:  # unhashable: left to the path below
                code = None
            if code in legal:
                self._legal = None
                if phase == PLAY:
                    if code >= CLAIM:
                        claims.apply_answer(self, code)
                    else:
                        apply_play(self, code)
                elif phase == KITTY:
                    self._discard(code)
                else:
                    self._dispatch(code)
                return
        table = CALL_OF if self._phase < KITTY else PLAY_OF
        code = table.get(action) if isinstance(action, str) else None
        if code is None:
            code = (PLAY_OF if table is CALL_OF else CALL_OF).get(action)
        if code is None:
            raise MalformedError(
                f"unknown action {action!r}",
                code="unknown_action",
                params={"action": action},
            )
        card = code if code < LEAD_JOKER else code - PARTNER0
        if 0 <= card < N_CARDS and card not in self.variant.deck_set:
            raise MalformedError(
                f"{CODE[card]} is not in the {len(self.variant.deck_cards)}-card deck",
                code="card_not_in_deck",
                params={"action": action, "card": CODE[card]},
            )
        self.apply_code(code)

    def apply_code(self, code: int) -> None:
        """Apply an action int; raises IllegalActionError (state unchanged)."""
        legal = self._legal if self._legal is not None else self.legal_codes()
        if code not in legal:
            if code == CLAIM and claims.refusal_error(self, code) is None:
                self._legal = None
                claims.apply_claim(self)
                return
            raise self._explain(code)
        self._legal = None
        self._dispatch(code)

    def _dispatch(self, code: int) -> None:
        phase = self._phase
        if phase == PLAY:
            if code >= CLAIM:
                claims.apply_answer(self, code)
            else:
                apply_play(self, code)
        elif phase == AUCTION:
            apply_call(self, code)
        elif phase == KITTY:
            self._discard(code)
        elif phase == BREACH:
            apply_breach_call(self, code)
        else:
            apply_partner_call(self, code)

    def apply_as(self, seat: str, action: str) -> None:
        """Apply ``action`` for ``seat``; raises not_your_turn if it is not his turn."""
        if seat != self.to_act:
            raise IllegalActionError(
                f"it is not {seat}'s turn"
                + (f" ({self.to_act} to act)" if self.to_act else " (the hand is over)"),
                code="not_your_turn",
                params={"seat": seat, "to_act": self.to_act},
            )
        self.apply(action)

    def _explain(self, code: int) -> IllegalActionError:
        phase = self._phase
        text = ACTION_STR[code]
        seat = self.to_act
        if self.claim_wait and code < CLAIM:
            return IllegalActionError(
                f"{seat} must accept or refuse the claim, not {text}",
                code="claim_pending",
                params={"seat": seat, "action": text},
            )
        if code >= CLAIM and phase != DONE:
            return claims.refusal_error(self, code) or IllegalActionError(
                f"{seat} must play a card, not {text}",
                code="claim_pending",
                params={"seat": seat, "action": text},
            )
        if phase == DONE:
            return IllegalActionError("the hand is over", code="hand_over", params={"action": text})
        kinds = {KITTY: "discard", PLAY: "play"}
        is_call = code >= PASS
        is_card = code < WJ + 2
        if phase < KITTY and not is_call:
            what = {
                AUCTION: "the auction is not over: {seat} must call (pass or a bid)",
                BREACH: "{seat} must say breach or pass",
                PARTNER: "{seat} must name a partner card (partner:AS) or go alone",
            }[phase].format(seat=seat)
            return IllegalActionError(
                f"{what}, not {text}",
                code="wrong_phase",
                params={"seat": seat, "action": text},
            )
        if phase >= KITTY and is_call:
            return IllegalActionError(
                f"the auction is over: {seat} must {kinds[phase]} a card, not {text}",
                code="wrong_phase",
                params={"seat": seat, "action": text},
            )
        if phase == AUCTION:
            return explain_bad_call(self, code)
        if phase == BREACH:
            return explain_bad_breach_call(self, code)
        if phase == PARTNER:
            return explain_bad_partner_call(self, code)
        if phase == KITTY:
            if not is_card:
                return IllegalActionError(
                    f"{seat} must discard a card, not {text}",
                    code="wrong_phase",
                    params={"seat": seat, "action": text},
                )
            return IllegalActionError(
                f"{seat} does not hold {text}",
                code="card_not_held",
                params={"seat": seat, "card": text},
            )
        return explain_bad_play(self, code)

    # ------------------------------------------------------- phase changes
    def contract_won(self, declarer: int, contract: int) -> None:
        """The auction is won: the breach round if the rules give one, else the
        kitty."""
        v = self.variant
        self.declarer = declarer
        self.contract = contract
        self.events.append(
            {
                "type": "contract",
                "seat": v.seats[declarer],
                "contract": ACTION_STR[contract],
            }
        )
        if breachable(v, contract):
            start_breach_round(self)
        else:
            self.take_kitty()

    def take_kitty(self) -> None:
        """The declarer takes the kitty (and the disclosure rule); then the
        partner call (five players) or the discard."""
        v = self.variant
        declarer = self.declarer
        contract = self.contract
        seat = v.seats[declarer]
        own = self.hands[declarer]
        if (
            v.kitty_joker_disclosure
            and contract < MIS
            and (contract - BID0) // 5 + 6 <= 7
            and BJ in v.jokers
        ):
            for held, other in ((WJ, BJ), (BJ, WJ)):
                if held in own and other in self.kitty:
                    self.shown.setdefault(seat, []).append(CODE[other])
                    self.events.append({"type": "joker_shown", "seat": seat, "card": CODE[other]})
        self.events.append({"type": "kitty_taken", "seat": seat, "count": len(self.kitty)})
        own += self.kitty
        own.sort()
        self.to_act_i = declarer
        if v.calls_partner:
            self._phase = PARTNER
            return
        self.start_discard()

    def start_discard(self) -> None:
        """The declarer discards as many cards as the kitty held (none: play)."""
        self._phase = KITTY
        if not self.kitty:
            self._start_play()

    def _discard(self, card: int) -> None:
        self.hands[self.declarer].remove(card)
        self.discards.append(card)
        if len(self.discards) == len(self.kitty):
            self.events.append(
                {
                    "type": "discarded",
                    "seat": self.variant.seats[self.declarer],
                    "count": len(self.discards),
                }
            )
            self._start_play()

    def _start_play(self) -> None:
        self._phase = PLAY
        start_play(self)

    def reveal_declarer(self) -> None:
        """Open misère: the declarer's hand is laid face up."""
        self.revealed = True
        seat = self.variant.seats[self.declarer]
        self.events.append(
            {
                "type": "hand_revealed",
                "seat": seat,
                "cards": codes(self.hands[self.declarer]),
            }
        )

    def finish(self) -> None:
        """Enter phase done and compute the result."""
        self._phase = DONE
        self.is_done = True
        self.to_act_i = -1
        v = self.variant
        if self.redeal:
            self._result = redeal_result(v)
        else:
            side_tricks = [0] * len(v.teams)
            for seat, won in enumerate(self.tricks_won):
                side_tricks[v.team_of[seat]] += won
            self._result = score_hand(
                v,
                self.declarer,
                self.contract,
                side_tricks,
                self.partner,
                self.breacher,
            )
        self.events.append({"type": "hand_over", **self._result.to_dict()})

    # ------------------------------------------------------------ outputs
    def result(self) -> HandResult | None:
        """The HandResult once the hand is done, else None."""
        return self._result

    def public_events(self) -> list[dict[str, Any]]:
        """Rule events everyone may see, in order (copies)."""
        return [dict(e) for e in self.events]

    def tricks_by_team(self) -> dict[str, int]:
        """Tricks taken so far per side (team, or player when each plays alone)."""
        v = self.variant
        out = {t: 0 for t in v.team_names}
        if self._phase >= PLAY:
            for seat, won in enumerate(self.tricks_won):
                out[v.team_names[v.team_of[seat]]] += won
        return out

    def view_for(self, seat: str | None) -> dict[str, Any]:
        """What ``seat`` (None: a spectator) may see; see games/engine/README.md."""
        return view_for(self, seat)

    def to_record(self) -> dict[str, Any]:
        """The hand record (HAND-RECORD.md), finished or in progress."""
        return to_record(self)

    def __repr__(self) -> str:
        return f"<Hand {self.variant.name} {self.phase.value} to_act={self.to_act}>"


def new_hand(
    variant: str | Variant = "quebec",
    dealer: str | int = "N",
    seed: int = 0,
    options: dict[str, Any] | None = None,
    must_pass: tuple[str, ...] | list[str] = (),
) -> Hand:
    """Deal a new hand from a seed (same seed, same deal, on any machine).

    ``must_pass``: seats that may only pass in this hand's auction (the set
    rule or a breach in the last hand; :class:`Game` passes them on)."""
    v = variant if isinstance(variant, Variant) and not options else get_variant(variant, options)
    if isinstance(dealer, int) and 0 <= dealer < v.n:
        d = dealer
    else:
        d = v.seat_of(dealer, "dealer")
    barred = tuple(v.seat_of(seat, "must_pass") for seat in must_pass)
    if barred and not (v.set_rule or v.breach):
        raise MalformedError(
            "must_pass comes from the set rule or a breach, and neither is in play",
            code="bad_must_pass",
            field="must_pass",
        )
    hands, kitty = deal_cards(v, d, seed)
    return Hand(v, d, hands, kitty, seed, barred)
