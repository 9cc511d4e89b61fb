"""The game (match) around the hands: first dealer, rotation, totals, end.

``Game("quebec", seed=7)`` draws the first dealer (``game.draw`` keeps the
cards drawn so they can be shown), then ``game.next_hand(seed)`` deals each
hand; a finished hand counts once it is done (``game.next_board(board)`` deals a
duplicate board instead, ``games.engine.boards``).  Hands played with real cards are
entered with ``game.add_score_sheet(declarer, contract, tricks)``.

Rules (variant options):

* the deal moves to the left after each hand; an all-pass deal is dealt again
  by the same dealer and is not a new hand (``all_pass = redeal_same_dealer``,
  also an American inkle win), or passes the deal on (``next_dealer``);
* ``end = hands``: over after ``hands_per_game`` played hands (Quebec: 8);
  the higher total wins (equal totals: no winner);
* ``end = target``: a side reaching ``target`` wins (``must_win_by_contract``:
  only by making a contract; if several sides reach it on one hand, a side
  that made the contract wins, the higher total first, then the declarer's);
  a side at ``-target`` or below loses (``lose_at_minus_target``; with more
  than two sides the best of the others wins);
* ``exact_target`` (Walker): a side wins only on reaching exactly ``target``
  by making a contract; at twice the target or more, or at ``-target`` or
  less, it loses;
* ``point_difference``: over when one side is negative, another positive,
  and they differ by at least that much (the side above wins), whichever way
  the game ends otherwise;
* breach points count in the totals but never win or lose a game by
  themselves: the end tests read each side's total without them
  **(resolved)**;
* the set rule and breach bar seats from bidding in the next hand
  (``must_pass``); an all-pass deal carries the bar on to the deal after it
  **(resolved)**.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from .cards import CARD_OF, CODE, draw_rank
from .errors import IllegalActionError
from .hand import Hand, new_hand, shuffled_deck
from .scoring import HandResult, redeal_result, result_from_dict, score_sheet_hand
from .variants import Variant, get_variant


@dataclass
class FirstDealerDraw:
    """Who deals first, and every round of cards drawn (ties redraw)."""

    dealer: str
    rounds: list[dict[str, str]]


def draw_first_dealer(variant: str | Variant, seed: int) -> FirstDealerDraw:
    """Each player draws a card; lowest deals; tied lowest players redraw.

    Draw ranks are those of play in no trump: 4 lowest, A highest, then BJ, WJ;
    suits do not break ties.  Seeded and reproducible.
    """
    v = get_variant(variant)
    deck = shuffled_deck(v, seed)
    drawing = list(range(v.n))
    rounds: list[dict[str, str]] = []
    pos = 0
    while True:
        if pos + len(drawing) > len(deck):
            deck = shuffled_deck(v, seed + len(rounds) + 1)
            pos = 0
        cards = {i: deck[pos + k] for k, i in enumerate(drawing)}
        pos += len(drawing)
        rounds.append({v.seats[i]: CODE[c] for i, c in cards.items()})
        low = min(draw_rank(c) for c in cards.values())
        drawing = [i for i, c in cards.items() if draw_rank(c) == low]
        if len(drawing) == 1:
            return FirstDealerDraw(v.seats[drawing[0]], rounds)


def _best(candidates, totals: dict[str, int], r: HandResult) -> str:
    """The side with the highest total among ``candidates``; on a tie the
    declaring side (five players: the declarer before his partner)."""
    order = {t: i for i, t in enumerate(r.made_by)}
    return max(candidates, key=lambda t: (totals[t], -order.get(t, len(order))))


class Game:
    """A game of several hands between the variant's sides (teams, or players)."""

    def __init__(
        self,
        variant: str | Variant = "quebec",
        options: dict[str, Any] | None = None,
        seed: int = 0,
        first_dealer: str | None = None,
    ) -> None:
        self.variant = get_variant(variant, options)
        v = self.variant
        self.seats = v.seats
        self.teams = {name: [v.seats[i] for i in t] for name, t in zip(v.team_names, v.teams)}
        if first_dealer is None:
            self.draw: FirstDealerDraw | None = draw_first_dealer(v, seed)
            first_dealer = self.draw.dealer
        else:
            self.draw = None
        self.first_dealer = first_dealer
        self.entries: list[Hand | HandResult] = []

    # ------------------------------------------------------------ history
    @property
    def current(self) -> Hand | None:
        """The last hand dealt, if it is not finished."""
        last = self.entries[-1] if self.entries else None
        return last if isinstance(last, Hand) and not last.is_done else None

    def results(self) -> list[HandResult]:
        """Results of the finished hands (redeals included), in order."""
        out = []
        for e in self.entries:
            r = e.result() if isinstance(e, Hand) else e
            if r is not None:
                out.append(r)
        return out

    @property
    def must_pass(self) -> tuple[str, ...]:
        """Seats that may only pass in the next hand (set rule, breach)."""
        for r in reversed(self.results()):
            if not r.redeal:
                return r.must_pass
        return ()

    @property
    def dealer(self) -> str:
        """Who deals the next hand."""
        v = self.variant
        d = v.seat_index[self.first_dealer]
        for r in self.results():
            if not (r.redeal and v.all_pass == "redeal_same_dealer"):
                d = (d + 1) % v.n
        return v.seats[d]

    @property
    def hands_played(self) -> int:
        """Hands that count (a redeal by the same dealer does not)."""
        v = self.variant
        return sum(
            1 for r in self.results() if not (r.redeal and v.all_pass == "redeal_same_dealer")
        )

    def _walk(self) -> tuple[dict[str, int], str | None, str | None]:
        v = self.variant
        totals = {t: 0 for t in v.team_names}
        breach = {t: 0 for t in v.team_names}
        played = 0
        for r in self.results():
            for t, pts in r.score.items():
                totals[t] += pts
            for t, pts in r.breach_points.items():
                breach[t] += pts
            if not (r.redeal and v.all_pass == "redeal_same_dealer"):
                played += 1
            over = self._end(r, totals, breach, played)
            if over:
                return totals, over[0], over[1]
        return totals, None, None

    def _end(
        self,
        r: HandResult,
        totals: dict[str, int],
        breach: dict[str, int],
        played: int,
    ):
        """Why and to whom the game ends after ``r`` (None: it goes on).  A game
        of so many hands is decided on the totals; the score tests (target,
        minus the target, point difference) on the totals without breach points."""
        v = self.variant
        if v.end == "hands" and played >= v.hands_per_game:
            best = max(totals.values())
            top = [t for t, s in totals.items() if s == best]
            return (
                "hands" if len(top) == 1 else "hands_tie",
                top[0] if len(top) == 1 else None,
            )
        points = {t: totals[t] - breach[t] for t in totals}
        over = self._end_by_score(r, points) if v.end == "target" else None
        if over is None and v.point_difference:
            lo, hi = min(points.values()), max(points.values())
            if lo < 0 < hi and hi - lo >= v.point_difference:
                return ("point_difference", _best(points, points, r))
        return over

    def _end_by_score(self, r: HandResult, totals: dict[str, int]):
        v = self.variant
        if v.exact_target:
            exact = [t for t in r.made_by if totals[t] == v.target]
            if exact:
                return ("target", _best(exact, totals, r))
            losers = [t for t, s in totals.items() if s >= 2 * v.target]
            losers += [t for t, s in totals.items() if s <= -v.target]
            if losers:
                others = [t for t in totals if t not in losers]
                return ("over_target", _best(others, totals, r) if others else None)
            return None
        reached = [t for t, s in totals.items() if s >= v.target]
        if v.must_win_by_contract:
            reached = [t for t in reached if t in r.made_by]
        if reached:
            made = [t for t in reached if t in r.made_by]
            return ("target", _best(made or reached, totals, r))
        if v.lose_at_minus_target:
            losers = [t for t, s in totals.items() if s <= -v.target]
            if losers:
                others = [t for t in totals if t not in losers]
                return ("minus_target", _best(others, totals, r) if others else None)
        return None

    def winners(self) -> list[str]:
        """The sides that won the game together, the winner first: at five players the
        declarer and the partner who made the last contract with him win together when
        both reach the target on it (or share the best total after the last of the
        game's hands). One side elsewhere; none while playing and on a tie."""
        totals, reason, winner = self._walk()
        results = self.results()
        if reason is None or not results:
            return []
        made_by = list(results[-1].made_by)
        if winner is None:
            best = max(totals.values())
            top = [t for t, s in totals.items() if s == best]
            tied_partners = reason == "hands_tie" and len(made_by) > 1 and set(top) <= set(made_by)
            return [t for t in made_by if t in top] if tied_partners else []
        if winner not in made_by or len(made_by) < 2:
            return [winner]
        v = self.variant
        breach = {t: 0 for t in totals}
        for r in results:
            for t, pts in r.breach_points.items():
                breach[t] += pts
        points = {t: totals[t] - breach[t] for t in totals}

        def reached(t: str) -> bool:
            if reason != "target":
                return totals[t] == totals[winner]
            return points[t] == v.target if v.exact_target else points[t] >= v.target

        return [winner] + [t for t in made_by if t != winner and reached(t)]

    @property
    def totals(self) -> dict[str, int]:
        """Game total per team (up to the end of the game)."""
        return self._walk()[0]

    @property
    def is_over(self) -> bool:
        return self._walk()[1] is not None

    @property
    def end_reason(self) -> str | None:
        """ "hands", "hands_tie", "target", "minus_target", "over_target" (Walker),
        "point_difference" or None."""
        return self._walk()[1]

    @property
    def winner(self) -> str | None:
        """The winning team's name (None while playing or on a tie)."""
        return self._walk()[2]

    # ------------------------------------------------------------ actions
    def _check_can_deal(self) -> None:
        if self.is_over:
            raise IllegalActionError("the game is over", code="game_over")
        if self.current is not None:
            raise IllegalActionError("the current hand is not finished", code="hand_in_progress")

    def next_hand(self, seed: int) -> Hand:
        """Deal the next hand (by :attr:`dealer`) from ``seed``."""
        self._check_can_deal()
        hand = new_hand(self.variant, self.dealer, seed, must_pass=self.must_pass)
        self.entries.append(hand)
        return hand

    def next_board(self, board: dict[str, Any]) -> Hand:
        """Deal the next hand as a duplicate board gives it (``games.engine.boards``:
        its ``dealer``, ``hands`` and ``kitty``, cards in the order dealt). The board's
        dealer must be the game's next one. A board is the same deal at every table:
        no seat is barred from its auction by an earlier hand (``must_pass``), and the
        hand has no seed (``Hand.seed`` None)."""
        self._check_can_deal()
        v = self.variant
        if board["dealer"] != self.dealer:
            raise IllegalActionError(
                f"board {board.get('board')} is dealt by {board['dealer']}, not {self.dealer}",
                code="wrong_dealer",
            )
        hands = [[CARD_OF[c] for c in board["hands"][seat]] for seat in v.seats]
        kitty = [CARD_OF[c] for c in board["kitty"]]
        hand = Hand(v, v.seat_index[board["dealer"]], hands, kitty)
        self.entries.append(hand)
        return hand

    def add_score_sheet(
        self,
        declarer: str,
        contract: str,
        tricks: int | dict[str, int],
        *,
        partner: str | None = None,
        breach: str | None = None,
    ) -> HandResult:
        """Enter a hand played with real cards (same scoring code as records);
        ``partner`` (five players) and ``breach`` as in :func:`score_sheet_hand`."""
        self._check_can_deal()
        result = score_sheet_hand(
            self.variant, declarer, contract, tricks, partner=partner, breach=breach
        )
        self.entries.append(result)
        return result

    def add_redeal(self) -> HandResult:
        """Enter an all-pass deal played with real cards."""
        self._check_can_deal()
        result = redeal_result(self.variant)
        self.entries.append(result)
        return result

    def summary(self) -> dict[str, Any]:
        """JSON-serializable state of the game."""
        totals, reason, winner = self._walk()
        return {
            "variant": self.variant.name,
            "options": dict(self.variant.overrides),
            "seats": list(self.seats),
            "teams": self.teams,
            "first_dealer": self.first_dealer,
            "draw": self.draw.rounds if self.draw else None,
            "dealer": self.dealer,
            "must_pass": list(self.must_pass),
            "hands_played": self.hands_played,
            "totals": totals,
            "is_over": reason is not None,
            "end_reason": reason,
            "winner": winner,
            "winners": self.winners(),
            "hands": [r.to_dict() for r in self.results()],
        }


def game_outcome(
    variant: str, options: dict[str, Any] | None, results: list[dict[str, Any]]
) -> dict[str, Any]:
    """The totals, end and winner of a game from its finished hands' results as
    stored (``HandResult.to_dict``, in order): ``Game.summary``'s ``totals``,
    ``is_over``, ``end_reason``, ``winner`` and ``winners``, without replaying a card."""
    game = Game(variant, options, first_dealer="-")
    game.entries = [result_from_dict(game.variant, r) for r in results]
    totals, reason, winner = game._walk()
    return {
        "totals": totals,
        "is_over": reason is not None,
        "end_reason": reason,
        "winner": winner,
        "winners": game.winners(),
    }
