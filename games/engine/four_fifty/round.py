"""One round (manche) of 450 as an explicit state machine.

``new_round(players, dealer, secretary, double_face, seed)`` deals and returns a
:class:`Round`::

    rnd.phase            Phase.ASIDE / SHOW / DISCARD / POT / DONE (a str enum)
    rnd.to_act           seat name ("P1" ...), None when done
    rnd.legal_actions()  record notation: "9C", "major:9H,10H,JH,QH,KH", "hide",
                         "aside:KC", "pot:P3"
    rnd.apply("9C")      IllegalActionError / MalformedError, and nothing changes
    rnd.apply_as("P2", "hide")   the same, with a not_your_turn check
    rnd.view_for("P2")   what that seat may see (views.py); None: a spectator
    rnd.public_events()  rule events, as the table may see them now
    rnd.result()         RoundResult once done
    rnd.to_record()      the club450-hand/1 record

Phases: ``aside`` (five players, solution 2: the lanceur eliminates one of the
two cards left after the deal), ``show`` (the cards dealt face up are on the
table until the dealer hides them), ``discard`` (the discards, and the major
sequence announcements), ``pot`` (the master names who receives the first pot
card), ``done``.  The first count, the master, the transformation of the
double-faced card, the pot and the second count happen on their own when the
last discard is made.

Actions are small ints on the fast path (``legal_codes()``/``apply_code()``):
a card 0..35 is a discard, then :data:`HIDE`, ``ASIDE0 + card``,
``POT0 + seat``, ``MAJOR0 + first card`` of the sequence announced.
"""

from __future__ import annotations

from typing import Any

from ..errors import EngineError, IllegalActionError, MalformedError
from .actions import (
    ASIDE0,
    HIDE,
    MAJOR0,
    POT0,
    action_str,
    is_action,
    parse_action,
    run,
)
from .cards import (
    CODE,
    RANK,
    codes,
    parse_card,
    pretty,
    sort_key,
)
from .deal import Deal, deal_cards, draw_double_face, shuffled_pack
from .discard import apply_discard, explain, situation
from .end import MAJOR_BONUS, RoundResult, first_count, give_pot
from .options import Rules, get_rules
from .phase import Phase
from .record import to_record
from .scoring import Count
from .views import view_for

# event keys holding cards shown at the deal, left out of public events once hidden
_SHOWN_AT_DEAL = {"cards_shown": ("visible", "pot", "leftover"), "aside": ("pot",)}


class Round:
    """A round in progress or finished.  Build with :func:`new_round` or replay."""

    def __init__(
        self,
        rules: Rules,
        dealer: int,
        secretary: int,
        double_face: int,
        deal: Deal,
        seed: int | None = None,
    ) -> None:
        n = rules.players
        self.rules = rules
        self.n = n
        self.dealer = dealer
        self.secretary = secretary
        self.lanceur = (dealer + 1) % n
        self.double_face = double_face
        self.deal = deal
        self.seed = seed
        self.hands = [sorted(h, key=sort_key) for h in deal.hands]
        self.pot = list(deal.pot)
        self.aside = list(deal.aside)
        self.eliminated = -1
        self.pile: list[int] = []
        self.actions: list[int] = []  # every action applied, in order
        self.events: list[dict[str, Any]] = []
        self.announced: dict[int, tuple[int, ...]] = {}
        self.spade_launcher = -1
        self.spade_left = 0
        self.spade_best = False
        self.last_spade = -1
        self.streak_suit = -1
        self.streak_len = 0
        self.hidden = False
        self.first_count: list[Count] | None = None
        self.master = -1
        self.master_reason: str | None = None
        self.transformed = -1
        self._result: RoundResult | None = None
        self._legal: list[int] | None = None
        self._kind = ""
        seats = rules.seats
        self.events.append(
            {
                "type": "deal",
                "dealer": seats[dealer],
                "lanceur": seats[self.lanceur],
                "secretary": seats[secretary],
                "double_face": CODE[double_face],
                "aside": [CODE[c] for c in self.aside],
            }
        )
        self.events.append(
            {
                "type": "cards_shown",
                "visible": {s: codes(deal.visible[i]) for i, s in enumerate(seats)},
                "pot": CODE[self.pot[0]] if not deal.leftover else None,
                "leftover": [CODE[c] for c in deal.leftover],
            }
        )
        if deal.leftover:
            self._phase = Phase.ASIDE
            self.to_act_i = self.lanceur
        else:
            self._show()

    # ----------------------------------------------------------------- state
    @property
    def phase(self) -> Phase:
        return self._phase

    @property
    def to_act(self) -> str | None:
        """The seat to act, None when the round is done."""
        return None if self._phase is Phase.DONE else self.rules.seats[self.to_act_i]

    @property
    def is_done(self) -> bool:
        return self._phase is Phase.DONE

    @property
    def total_discards(self) -> int:
        return self.n * self.rules.discards_per_player

    def shown_at_deal(self) -> dict[str, Any]:
        """The cards every player saw face up at the deal (the visible packets, the
        pot's card, five players' set-aside or leftover cards).  Public knowledge
        that the table no longer shows once hidden: what a perfect memory keeps."""
        seats = self.rules.seats
        return {
            "visible": {s: codes(self.deal.visible[i]) for i, s in enumerate(seats)},
            "pot": CODE[self.pot[0]] if self._phase is not Phase.ASIDE else None,
            "leftover": [CODE[c] for c in self.deal.leftover],
            "aside": [CODE[c] for c in self.aside],
        }

    # --------------------------------------------------------------- actions
    def legal_codes(self) -> list[int]:
        """Legal actions as ints (see the module docstring).  Do not mutate."""
        legal = self._legal
        if legal is None:
            phase = self._phase
            if phase is Phase.DISCARD:
                self._kind, legal = situation(self)
                legal = legal + self._majors()
            elif phase is Phase.SHOW:
                legal = [HIDE]
            elif phase is Phase.ASIDE:
                legal = [ASIDE0 + c for c in self.deal.leftover]
            elif phase is Phase.POT:
                legal = [POT0 + i for i in range(self.n)]
            else:
                legal = []
            self._legal = legal
        return legal

    def legal_actions(self) -> list[str]:
        """Legal actions of the seat to act, in record notation (a fresh list)."""
        return [self.action_str(a) for a in self.legal_codes()]

    def action_str(self, action: int) -> str:
        """Record notation of an action int (actions.py)."""
        return action_str(self.rules, action)

    def parse_action(self, action: Any) -> int:
        """The int of an action in record notation; MalformedError if it is none."""
        return parse_action(self.rules, action)

    def apply(self, action: str) -> None:
        """Apply an action in record notation (see :meth:`legal_actions`)."""
        self.apply_code(self.parse_action(action))

    def apply_as(self, seat: str, action: str) -> None:
        """Apply ``action`` for ``seat``; not_your_turn when it is not his turn."""
        if seat != self.to_act:
            raise IllegalActionError(
                f"it is not {seat}'s turn"
                + (f" ({self.to_act} to act)" if self.to_act else " (the round is over)"),
                code="not_your_turn",
                params={"seat": seat, "to_act": self.to_act},
            )
        self.apply(action)

    def apply_code(self, action: int) -> None:
        """Apply an action int; IllegalActionError (state unchanged) if not legal."""
        legal = self._legal if self._legal is not None else self.legal_codes()
        if action not in legal:
            raise self._explain(action)
        kind = self._kind
        self._legal = None
        self.actions.append(action)
        if action < HIDE:
            apply_discard(self, kind, action)
            self._after_discard()
        elif action >= MAJOR0:
            self._announce(action - MAJOR0)
        elif action == HIDE:
            self._hide()
        elif action < POT0:
            self._eliminate(action - ASIDE0)
        else:
            self._give_pot(action - POT0)

    # ------------------------------------------------------------ errors
    def _explain(self, action: int) -> EngineError:
        if not is_action(self.rules, action):
            return MalformedError(
                f"unknown action {action!r}",
                code="unknown_action",
                params={"action": action},
            )
        seats = self.rules.seats
        seat = self.to_act
        text = self.action_str(action)
        phase = self._phase
        if phase is Phase.DONE:
            return IllegalActionError(
                "the round is over", code="round_over", params={"action": text}
            )
        wants = {
            Phase.ASIDE: f"{seat}, the lanceur, must eliminate one of the two cards"
            f" left ({' or '.join(pretty(c) for c in self.deal.leftover)})",
            Phase.SHOW: f"the dealer {seat} must first hide the cards dealt face up",
            Phase.DISCARD: f"{seat} must discard",
            Phase.POT: f"{seat}, the master (maître), must name who receives the first pot card",
        }
        kind_ok = {
            Phase.ASIDE: ASIDE0 <= action < POT0,
            Phase.SHOW: action == HIDE,
            Phase.DISCARD: action < HIDE or action >= MAJOR0,
            Phase.POT: POT0 <= action < MAJOR0,
        }[phase]
        if not kind_ok:
            return IllegalActionError(
                f"{wants[phase]}, not {text}",
                code="wrong_phase",
                params={"seat": seat, "action": text, "phase": phase.value},
            )
        if phase is Phase.ASIDE:
            return IllegalActionError(
                f"{pretty(action - ASIDE0)} is not one of the two cards left",
                code="not_leftover",
                params={"seat": seat, "card": CODE[action - ASIDE0]},
            )
        me = self.to_act_i
        if action >= MAJOR0:
            cards = run(self.rules, action - MAJOR0)
            params = {"seat": seat, "action": text}
            if me in self.announced:
                return IllegalActionError(
                    f"{seat} has already announced a major sequence (suite majeure)",
                    code="suite_majeure_twice",
                    params=params,
                )
            if len(self.hands[me]) < self.rules.hand_size:
                return IllegalActionError(
                    f"{seat} must announce a major sequence (suite majeure) before his"
                    " first discard",
                    code="suite_majeure_late",
                    params=params,
                )
            missing = [c for c in cards if c not in self.hands[me]]
            return IllegalActionError(
                f"{seat} does not hold {', '.join(pretty(c) for c in missing)}: no"
                " major sequence (suite majeure)",
                code="card_not_held",
                params={**params, "card": CODE[missing[0]]},
            )
        if action not in self.hands[me]:
            holder = next((i for i, h in enumerate(self.hands) if action in h), -1)
            extra = f" ({seats[holder]} holds it)" if holder >= 0 else ""
            return IllegalActionError(
                f"{seat} does not hold {pretty(action)}{extra}",
                code="card_not_held",
                params={"seat": seat, "card": text},
            )
        kind, legal = situation(self)
        return explain(self, kind, legal, action)

    # ------------------------------------------------------- transitions
    def _show(self) -> None:
        self._phase = Phase.SHOW
        self.to_act_i = self.dealer

    def _eliminate(self, card: int) -> None:
        keep = next(c for c in self.deal.leftover if c != card)
        self.eliminated = card
        self.aside.append(card)
        self.pot.insert(0, keep)
        self.events.append(
            {
                "type": "aside",
                "seat": self.rules.seats[self.lanceur],
                "card": CODE[card],
                "pot": CODE[keep],
            }
        )
        self._show()

    def _hide(self) -> None:
        self.hidden = True
        self.events.append({"type": "cards_hidden", "seat": self.rules.seats[self.dealer]})
        self._phase = Phase.DISCARD
        self.to_act_i = self.lanceur

    def _majors(self) -> list[int]:
        me = self.to_act_i
        hand = self.hands[me]
        if me in self.announced or len(hand) < self.rules.hand_size:
            return []
        held = set(hand)
        m = self.rules.major_length
        out = []
        for c in sorted(hand):
            if RANK[c] + m <= 9 and all(c + k in held for k in range(m)):
                out.append(MAJOR0 + c)
        return out

    def _announce(self, start: int) -> None:
        cards = run(self.rules, start)
        me = self.to_act_i
        self.announced[me] = cards
        self.events.append(
            {
                "type": "suite_majeure",
                "seat": self.rules.seats[me],
                "cards": [CODE[c] for c in cards],
                "bonus": MAJOR_BONUS,
            }
        )

    def _after_discard(self) -> None:
        if len(self.pile) < self.total_discards:
            self.to_act_i = (self.to_act_i + 1) % self.n
            return
        first_count(self)
        if self.master >= 0:
            self._phase = Phase.POT
            self.to_act_i = self.master
        else:
            self._give_pot(self.lanceur)

    def _give_pot(self, first: int) -> None:
        self._result = give_pot(self, first)
        self._phase = Phase.DONE
        self.to_act_i = -1

    def play_order(self, seat: int) -> int:
        """Place in this round's play order (the lanceur is 0)."""
        return (seat - self.lanceur) % self.n

    # ------------------------------------------------------------ outputs
    def result(self) -> RoundResult | None:
        """The RoundResult once the round is done, else None."""
        return self._result

    def public_events(self) -> list[dict[str, Any]]:
        """Rule events in order (copies), as the table may see them now: once the
        dealer has hidden them, the cards shown at the deal are left out."""
        out = []
        for e in self.events:
            e = dict(e)
            if self.hidden and e["type"] in _SHOWN_AT_DEAL:
                for key in _SHOWN_AT_DEAL[e["type"]]:
                    e[key] = None
            out.append(e)
        return out

    def view_for(self, seat: str | None) -> dict[str, Any]:
        """What ``seat`` (None: a spectator) may see; see views.py."""
        return view_for(self, seat)

    def to_record(self) -> dict[str, Any]:
        """The club450-hand/1 record, finished or in progress."""
        return to_record(self)

    def __repr__(self) -> str:
        return f"<Round 450 {self.n}p {self._phase.value} to_act={self.to_act}>"


def new_round(
    players: int | Rules = 4,
    dealer: str | int = "P1",
    secretary: str | int | None = None,
    double_face: str | int | None = None,
    seed: int = 0,
    options: dict[str, Any] | None = None,
    set_aside: bool = True,
) -> Round:
    """Deal a round from a seed (same seed, same deal, on any machine).

    ``secretary`` defaults to the dealer's right (as in a game's first round);
    ``double_face`` to a card drawn from the seed.  ``set_aside`` (five players):
    True for solution 1 (the last card set aside before the deal), False for
    solution 2 (the lanceur eliminates one of the two cards left).
    """
    rules = players if isinstance(players, Rules) else get_rules(players, options)
    d = seat_arg(rules, dealer, "dealer")
    s = (d - 1) % rules.players if secretary is None else seat_arg(rules, secretary, "secretary")
    if double_face is None:
        df = draw_double_face(seed)
    elif isinstance(double_face, int):
        df = double_face
    else:
        df = parse_card(double_face, "double_face")
    deal = deal_cards(rules, d, shuffled_pack(seed), set_aside)
    return Round(rules, d, s, df, deal, seed)


def seat_arg(rules: Rules, seat: str | int, field: str) -> int:
    """A seat index from a name or index; MalformedError (field) otherwise."""
    if isinstance(seat, int) and not isinstance(seat, bool) and 0 <= seat < rules.players:
        return seat
    if isinstance(seat, str) and seat in rules.seat_index:
        return rules.seat_index[seat]
    raise MalformedError(
        f"unknown seat {seat!r} (seats: {' '.join(rules.seats)})",
        code="unknown_seat",
        params={"seat": seat},
        field=field,
    )
