"""The game (partie) around the rounds: dealers, the double-faced card, totals, end.

``Game(players=4, secretary="P1")``; ``game.next_round(seed)`` deals each round
(by :attr:`Game.dealer`); a round counts once it is done.

* Before the first round the secretary (secrétaire) is chosen; the player on his
  left deals first, and the player after the dealer leads (lanceur).  Then the
  winner of each round (most points; ``tie_break``) is the next lanceur and the
  player on his right deals.
* The double-faced card (carte à double face) is drawn before the first round and
  stays in force ``double_face_rounds`` rounds (2); then a new one is drawn.
* Five players: the first round sets a card aside before the deal; the later
  ones do the same (``five_player_deal = set_aside``) or let the lanceur
  eliminate one of the two cards left after the deal.
* ``end = target`` (350): over after the round in which a player reaches the
  target; ``end = rounds``: over after that many rounds.  The best total wins;
  equal best totals play on (``game_tie = play_on``) or share the win.

``game.to_record()`` is a ``club450-game/1`` record (the round records in
order); ``replay_game(record)`` rebuilds the game, checking that every round is
dealt by the right dealer with the right double-faced card.
"""

from __future__ import annotations

from typing import Any

from ..errors import EngineError, IllegalActionError, MalformedError
from .cards import CODE
from .deal import deal_cards, draw_double_face, shuffled_pack
from .options import Rules, get_rules
from .record import FORMAT, GAME_FORMAT
from .records import error_output, replay, rules_of
from .round import Round, seat_arg
from .sheet import SHEET_FORMAT, SheetRound, read_sheet


class Game:
    """A game of 450: rounds, totals, the next dealer and lanceur, the end."""

    def __init__(
        self,
        players: int | Rules = 4,
        options: dict[str, Any] | None = None,
        secretary: str | int = "P1",
    ) -> None:
        self.rules = players if isinstance(players, Rules) else get_rules(players, options)
        self.secretary = seat_arg(self.rules, secretary, "secretary")
        self.rounds: list[Round] = []

    # ------------------------------------------------------------ history
    @property
    def current(self) -> Round | None:
        """The last round dealt, if it is not finished."""
        last = self.rounds[-1] if self.rounds else None
        return last if last is not None and not last.is_done else None

    @property
    def rounds_played(self) -> int:
        return sum(1 for r in self.rounds if r.is_done)

    @property
    def dealer(self) -> str:
        """Who deals the round in progress, or the next one (the secretary's left
        first, then the right of the last round's winner)."""
        current = self.current
        if current is not None:
            return self.rules.seats[current.dealer]
        if not self.rounds:
            return self.rules.seats[(self.secretary + 1) % self.rules.players]
        return self.rules.seats[self.rounds[-1].result().next_dealer]

    @property
    def lanceur(self) -> str:
        """Who leads the round in progress, or the next one (the dealer's left)."""
        d = self.rules.seat_index[self.dealer]
        return self.rules.seats[(d + 1) % self.rules.players]

    @property
    def double_face_due(self) -> bool:
        """A new double-faced card is drawn before the next round."""
        return len(self.rounds) % self.rules.double_face_rounds == 0

    @property
    def double_face(self) -> str | None:
        """The double-faced card of the round in progress, or the one in force for
        the next round (None: a new one is drawn before it)."""
        current = self.current
        if current is not None:
            return CODE[current.double_face]
        if self.double_face_due or self.rounds[-1].double_face < 0:
            return None
        return CODE[self.rounds[-1].double_face]

    def points(self) -> list[dict[str, int]]:
        """Points of each finished round, by seat."""
        seats = self.rules.seats
        return [
            {s: r.result().points[i] for i, s in enumerate(seats)} for r in self.rounds if r.is_done
        ]

    @property
    def totals(self) -> dict[str, int]:
        """Each player's total over the finished rounds."""
        totals = {s: 0 for s in self.rules.seats}
        for pts in self.points():
            for s, p in pts.items():
                totals[s] += p
        return totals

    def _end(self) -> tuple[str | None, list[str]]:
        rules = self.rules
        totals = self.totals
        played = self.rounds_played
        if rules.end == "target":
            if max(totals.values(), default=0) < rules.target:
                return None, []
            reason = "target"
        else:
            if played < rules.rounds:
                return None, []
            reason = "rounds"
        best = max(totals.values())
        top = [s for s, t in totals.items() if t == best]
        if len(top) > 1 and rules.game_tie == "play_on":
            return None, []
        return reason, top

    @property
    def is_over(self) -> bool:
        return self._end()[0] is not None

    @property
    def end_reason(self) -> str | None:
        """ "target", "rounds", or None while the game goes on."""
        return self._end()[0]

    @property
    def winners(self) -> list[str]:
        """The winner(s) once over (several only with game_tie = shared)."""
        return self._end()[1]

    @property
    def winner(self) -> str | None:
        """The one winner once over, else None."""
        w = self.winners
        return w[0] if len(w) == 1 else None

    # ------------------------------------------------------------ actions
    def _check_can_deal(self) -> None:
        if self.is_over:
            raise IllegalActionError("the game is over", code="game_over")
        if self.current is not None:
            raise IllegalActionError("the current round is not finished", code="round_in_progress")

    def next_round(self, seed: int) -> Round:
        """Deal the next round from ``seed`` (drawing a double-faced card when due)."""
        self._check_can_deal()
        rules = self.rules
        dealer = rules.seat_index[self.dealer]
        if self.double_face_due:
            df = draw_double_face(seed)
        else:
            df = self.rounds[-1].double_face
        deal = deal_cards(rules, dealer, shuffled_pack(seed), self._set_aside())
        rnd = Round(rules, dealer, self.secretary, df, deal, seed)
        self.rounds.append(rnd)
        return rnd

    def _set_aside(self) -> bool:
        return self.rules.five_player_deal == "set_aside" or not self.rounds

    def add_round(self, rnd: Round, where: str = "round") -> Round:
        """Add a round built elsewhere (a replayed record) after checking that it
        belongs here: same players and options, the right dealer, secretary and
        double-faced card, and (five players) the right deal."""
        self._check_can_deal()
        rules = self.rules
        seats = rules.seats

        def bad(msg: str, field: str, code: str = "wrong_round") -> MalformedError:
            return MalformedError(msg, code=code, field=f"{where}.{field}")

        if rnd.rules != rules or rnd.rules.overrides != rules.overrides:
            raise bad("the round's players and options are not the game's", "options")
        if rnd.secretary != self.secretary:
            raise bad(
                f"the secretary is {seats[self.secretary]}, not {seats[rnd.secretary]}",
                "secretary",
            )
        if seats[rnd.dealer] != self.dealer:
            raise bad(f"{self.dealer} deals this round, not {seats[rnd.dealer]}", "dealer")
        if not self.double_face_due and rnd.double_face != self.rounds[-1].double_face:
            raise bad(
                f"the double-faced card is still {CODE[self.rounds[-1].double_face]}",
                "double_face",
            )
        if rules.players == 5 and bool(rnd.deal.aside) != self._set_aside():
            raise bad(
                (
                    "this round sets a card aside before the deal (aside)"
                    if self._set_aside()
                    else "the lanceur eliminates one of the two cards left (leftover)"
                ),
                "aside" if self._set_aside() else "leftover",
            )
        self.rounds.append(rnd)
        return rnd

    def add_sheet(self, sheet: SheetRound, where: str = "round") -> SheetRound:
        """Add a round of the secretary's sheet (``sheet.score_cards`` /
        ``score_points``) after checking that it belongs here: same players and
        options, the right dealer, and (cards) the double-faced card still in force."""
        self._check_can_deal()
        rules = self.rules
        seats = rules.seats
        if sheet.rules != rules or sheet.rules.overrides != rules.overrides:
            raise MalformedError(
                "the round's players and options are not the game's",
                code="wrong_round",
                field=f"{where}.options",
            )
        if seats[sheet.dealer] != self.dealer:
            raise MalformedError(
                f"{self.dealer} deals this round, not {seats[sheet.dealer]}",
                code="wrong_round",
                field=f"{where}.dealer",
            )
        before = self.rounds[-1].double_face if self.rounds else -1
        if (
            sheet.double_face >= 0
            and before >= 0
            and not self.double_face_due
            and sheet.double_face != before
        ):
            raise MalformedError(
                f"the double-faced card is still {CODE[before]}",
                code="wrong_round",
                field=f"{where}.double_face",
            )
        self.rounds.append(sheet)
        return sheet

    # ------------------------------------------------------------ outputs
    def summary(self) -> dict[str, Any]:
        """JSON-serializable state of the game (the running score sheet)."""
        reason, winners = self._end()
        return {
            "game": "450",
            "players": self.rules.players,
            "options": self.rules.as_dict(),
            # how the game ends, defaults resolved (``options`` holds what was chosen)
            "end": {"by": self.rules.end, "target": self.rules.target, "rounds": self.rules.rounds},
            "seats": list(self.rules.seats),
            "secretary": self.rules.seats[self.secretary],
            "rounds_played": self.rounds_played,
            "points": self.points(),
            "double_faces": [
                CODE[r.double_face] if r.double_face >= 0 else None for r in self.rounds
            ],
            "totals": self.totals,
            "is_over": reason is not None,
            "end_reason": reason,
            "winners": winners,
            "dealer": self.dealer,
            "lanceur": self.lanceur,
            "double_face": self.double_face,
        }

    def to_record(self) -> dict[str, Any]:
        """The club450-game/1 record: the game's settings and every round's record."""
        return {
            "format": GAME_FORMAT,
            "players": self.rules.players,
            "options": self.rules.as_dict(),
            "secretary": self.rules.seats[self.secretary],
            "rounds": [r.to_record() for r in self.rounds],
        }


GAME_FIELDS = ("format", "players", "options", "secretary", "rounds")


def replay_game(record: Any) -> Game:
    """Rebuild a Game from a club450-game/1 record (errors name the field:
    ``rounds[2].discards[5]``)."""
    if not isinstance(record, dict):
        raise MalformedError("a game record must be a JSON object", field="record")
    if record.get("format") != GAME_FORMAT:
        raise MalformedError(
            f"format must be {GAME_FORMAT!r}, got {record.get('format')!r}",
            code="bad_format",
            field="format",
        )
    for key in record:
        if key not in GAME_FIELDS:
            raise MalformedError(f"unknown field {key!r}", code="unknown_field", field=str(key))
    rules = rules_of(record)
    if "secretary" not in record:
        raise MalformedError("secretary is missing", code="missing_field", field="secretary")
    game = Game(rules, secretary=seat_arg(rules, record["secretary"], "secretary"))
    rounds = record.get("rounds")
    if not isinstance(rounds, list):
        raise MalformedError("rounds must be a list of round records", field="rounds")
    for i, rec in enumerate(rounds):
        where = f"rounds[{i}]"
        if isinstance(rec, dict) and rec.get("format") == SHEET_FORMAT:
            try:
                game.add_sheet(read_sheet(rec), where)
            except EngineError as e:
                if not (e.field or "").startswith(where):
                    e.field = f"{where}.{e.field}" if e.field else where
                raise
            continue
        if isinstance(rec, dict) and rec.get("format") != FORMAT:
            raise MalformedError(
                f"{where}: format must be {FORMAT!r}",
                code="bad_format",
                field=f"{where}.format",
            )
        try:
            rnd = replay(rec)
        except EngineError as e:
            e.field = f"{where}.{e.field}" if e.field else where
            raise
        try:
            game.add_round(rnd, where)
        except IllegalActionError as e:
            e.field = where
            raise
    return game


def check_game(record: Any) -> dict[str, Any]:
    """The check CLI's answer for a club450-game/1 record; never raises."""
    try:
        game = replay_game(record)
    except EngineError as e:
        return error_output(e, record)
    summary = game.summary()
    out = {"ok": True, "complete": summary["is_over"]}
    out.update(
        {k: summary[k] for k in ("rounds_played", "points", "totals", "end_reason", "winners")}
    )
    current = game.current
    if current is not None:
        out.update(
            {
                "phase": current.phase.value,
                "to_act": current.to_act,
                "legal": current.legal_actions(),
            }
        )
    else:
        out.update({"dealer": summary["dealer"], "double_face": summary["double_face"]})
    return out
