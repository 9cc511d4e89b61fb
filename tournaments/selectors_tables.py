"""Reads of a tournament table: who sits where, the table's game row, the round's play
row, the results settings, the sign-off codes, and the engine's view of a sheet (rules,
allowed contracts, the next hand). Nothing here writes: the rows a page needs are
created by the services that make them needed (``tournaments.services.results``,
``rounds``, ``lifecycle``); a row that is missing still reads as its defaults.
"""

from __future__ import annotations

import hashlib
import hmac
from dataclasses import dataclass
from functools import lru_cache
from math import gcd
from typing import Any

from django.conf import settings
from django.utils.translation import gettext as _

from games.engine import EngineError, Game, get_variant, score_sheet_hand
from games.engine.boards import dealer_of
from tournaments import seating
from tournaments.errors import TournamentError
from tournaments.models import (
    PlayMode,
    Position,
    ResultsSettings,
    Round,
    RoundPlay,
    RoundStatus,
    Seat,
    TableGame,
    Tournament,
)

SEATS = ("N", "E", "S", "W")
SIDE_OF = {"N": "NS", "S": "NS", "E": "EW", "W": "EW"}
CANDIDATE_CONTRACTS = [f"{n}{s}" for n in range(6, 11) for s in ("S", "C", "D", "H", "NT")] + [
    "MIS",
    "OMIS",
]


# ----------------------------------------------------------------- rules
def rules_options(tournament: Tournament) -> dict:
    """The variant options of the tournament's games: its overrides, ``end=hands``.
    A duplicate tournament's game is the round's boards, one hand each: as many hands
    as boards, and an all-pass board is a hand played (scored 0), the next board
    following with its own dealer (``all_pass=next_dealer``: the dealer rotates with
    the board number, ``games.engine.boards.dealer_of``)."""
    options = dict(tournament.variant_options or {})
    options["end"] = "hands"
    options["hands_per_game"] = tournament.game_hands
    if tournament.duplicate:
        options["all_pass"] = "next_dealer"
    return options


def allowed_contracts(tournament: Tournament) -> list[str]:
    """The contracts the tournament's variant allows (6S .. 10NT, MIS/OMIS if any)."""
    v = get_variant(tournament.variant, rules_options(tournament))
    out = []
    for c in CANDIDATE_CONTRACTS:
        try:
            score_sheet_hand(v, "N", c, 0)
        except EngineError:
            continue
        out.append(c)
    return out


def sheet_first_dealer(rnd: Round | None) -> str:
    """Who deals a table's first hand: North, or in a round of a duplicate tournament
    the dealer of the round's first board (the dealer then moves on with the boards)."""
    if rnd is not None and rnd.tournament.duplicate:
        return dealer_of(rnd.board_numbers[0])
    return seating.FIRST_DEALER_SEAT


def board_of(rnd: Round | None, hand: int) -> int | None:
    """The board a duplicate round's ``hand``-th hand at a table is (None: not duplicate)."""
    if rnd is None or not rnd.tournament.duplicate:
        return None
    return rnd.board_numbers[0] + hand - 1


def replay(tournament: Tournament, hands, rnd: Round | None = None) -> Game:
    """The table's game rebuilt from its sheet rows (in seq order): dealer, totals, end.
    ``rnd``: the sheet's round (a duplicate round's first dealer is its first board's)."""
    game = Game(tournament.variant, rules_options(tournament), first_dealer=sheet_first_dealer(rnd))
    for h in hands:
        if h.redeal:
            game.add_redeal()
        else:
            game.add_score_sheet(h.declarer, h.contract, h.tricks)
    return game


def next_hand(tournament: Tournament, hands, rnd: Round | None = None) -> dict:
    """What the next row of the sheet is: seq, hand number, dealer; or None if over."""
    game = replay(tournament, hands, rnd)
    if game.is_over:
        return {"over": True, "seq": len(hands) + 1, "hand": None, "dealer": None}
    seats = game.variant.seats
    d = seats.index(game.dealer)
    return {
        "over": False,
        "seq": len(hands) + 1,
        "hand": game.hands_played + 1,
        # a duplicate round's sheet names its hands by board: the k-th is board first+k-1
        "board": board_of(rnd, game.hands_played + 1),
        "dealer": game.dealer,
        # The dealers of the hands that follow, from this one (the deal moves left), and
        # whether a re-deal keeps its dealer and number: the phone's entry queue numbers
        # the hands it keeps while offline with them (static/js/entryqueue.js).
        "rotation": seats[d:] + seats[:d],
        "redeal_same": game.variant.all_pass == "redeal_same_dealer",
    }


@dataclass(frozen=True)
class Limits:
    """What the sides of one game can score: totals per side and together, a step."""

    hands: int
    side: tuple[int, int]
    both: tuple[int, int]
    step: int

    def allows(self, ns: int, ew: int) -> bool:
        low, high = self.side
        return (
            low <= ns <= high
            and low <= ew <= high
            and self.both[0] <= ns + ew <= self.both[1]
            and ns % self.step == 0
            and ew % self.step == 0
        )


@lru_cache(maxsize=64)
def _hand_scores(variant: str, options: tuple) -> frozenset[tuple[int, int]]:
    """Every (NS, EW) score one hand can give under these rules (a re-deal: 0, 0)."""
    rules = get_variant(variant, dict(options))
    out = {(0, 0)}
    for declarer in ("N", "E"):
        for contract in CANDIDATE_CONTRACTS:
            for tricks in range(0, 11):
                try:
                    result = score_sheet_hand(rules, declarer, contract, tricks)
                except EngineError:
                    continue
                out.add((result.score.get("NS", 0), result.score.get("EW", 0)))
    return frozenset(out)


def adjusted_limits(tournament: Tournament) -> Limits:
    """The totals a game of the tournament's hands can reach, from the engine's scores."""
    options = rules_options(tournament)
    scores = _hand_scores(tournament.variant, tuple(sorted(options.items())))
    hands = tournament.game_hands
    sides = [s for pair in scores for s in pair]
    sums = [ns + ew for ns, ew in scores]
    step = 0
    for value in sides:
        step = gcd(step, value)
    return Limits(
        hands=hands,
        side=(hands * min(sides), hands * max(sides)),
        both=(hands * min(sums), hands * max(sums)),
        step=step or 1,
    )


# ----------------------------------------------------------------- one hand, scored
def _engine_message(error: EngineError, tournament: Tournament) -> str:
    field = getattr(error, "field", None)
    code = getattr(error, "code", "")
    if field == "declarer" or code == "unknown_seat":
        return _("Choose the declarer (N, E, S or W).")
    if field == "contract" or code == "bad_contract":
        return _("This contract is not allowed in this tournament's rules. Allowed: %(list)s.") % {
            "list": ", ".join(allowed_contracts(tournament))
        }
    if field == "tricks":
        return _("The tricks taken must be a whole number from 0 to 10 (0 or 1 in a misère).")
    return _("This hand cannot be scored: %(error)s") % {"error": str(error)}


def hand_score(tournament: Tournament, *, declarer: Any, contract: Any, tricks: Any):
    """Score one hand with the engine (``HandResult``); a TournamentError if invalid."""
    if tricks in (None, ""):
        raise TournamentError("tricks", _("Enter the tricks taken by the declarer's side."))
    try:
        tricks = int(tricks)
    except (TypeError, ValueError):
        raise TournamentError(
            "tricks",
            _("The tricks taken must be a whole number from 0 to 10 (0 or 1 in a misère)."),
        ) from None
    contract = (contract or "").strip().upper()
    try:
        return score_sheet_hand(
            tournament.variant, declarer, contract, tricks, rules_options(tournament)
        )
    except EngineError as error:
        raise TournamentError(
            getattr(error, "field", None) or "invalid", _engine_message(error, tournament)
        ) from None


# ----------------------------------------------------------------- rows, read only
def default_mode(tournament: Tournament) -> str:
    """The play mode of a new round: online for an online tournament, else hall."""
    return PlayMode.ONLINE if tournament.place == "online" else PlayMode.HALL


def results_settings(tournament: Tournament) -> ResultsSettings:
    """The tournament's results settings; their defaults (unsaved) if it has no row."""
    row = ResultsSettings.objects.filter(tournament=tournament).first()
    return row if row is not None else ResultsSettings(tournament=tournament)


def round_play(rnd: Round) -> RoundPlay:
    """The round's play mode (hall unless the tournament is online) and closing; the
    defaults (unsaved) if the round has no row."""
    try:
        return rnd.play
    except RoundPlay.DoesNotExist:
        return RoundPlay(round=rnd, mode=default_mode(rnd.tournament))


def table_game(rnd: Round, table: int) -> TableGame:
    """The game row of a table of a published round (created when the round is
    published); an unsaved row with the round's mode if it is missing."""
    if rnd.status == RoundStatus.DRAFT:
        raise TournamentError("not_published", _("This round is not published yet."))
    if not Seat.objects.filter(round=rnd, table=table).exclude(position=Position.BYE).exists():
        raise TournamentError("no_table", _("There is no table %(n)s.") % {"n": table})
    game = TableGame.objects.filter(round=rnd, table=table).first()
    if game is None:
        game = TableGame(round=rnd, table=table, mode=round_play(rnd).mode)
    return game


# ----------------------------------------------------------------- people
@dataclass
class TablePerson:
    seat: str
    entry_id: int
    user_id: int | None
    name: str
    who: str  # "p" (the entry's player) or "q" (its partner)


def table_people(rnd: Round, table: int) -> dict[str, TablePerson]:
    """Seat -> who sits there (pairs: the player at N/E, the partner opposite; 450:
    seats P1 .. P6, one player each)."""
    out: dict[str, TablePerson] = {}
    for seat in Seat.objects.filter(round=rnd, table=table).select_related(
        "entry__player", "entry__partner"
    ):
        e = seat.entry
        if seat.position not in SIDE_OF.values():
            out[seat.position] = TablePerson(seat.position, e.pk, e.player_id, e.name, "p")
        else:
            first, second = seat.position[0], seat.position[1]
            out[first] = TablePerson(first, e.pk, e.player_id, e.player_name, "p")
            out[second] = TablePerson(second, e.pk, e.partner_id, e.partner_name, "q")
    return out


def seat_of(people: dict[str, TablePerson], user) -> str | None:
    """The seat where ``user`` sits at this table, or None."""
    if user is None or not user.is_authenticated:
        return None
    for p in people.values():
        if p.user_id == user.pk:
            return p.seat
    return None


def side_of(people: dict[str, TablePerson], user) -> str | None:
    seat = seat_of(people, user)
    return SIDE_OF[seat] if seat is not None else None


def player_pin(tournament_id: int, entry_id: int, who: str) -> str:
    """A player's 4-digit sign-off code (stable, derived from the server's secret)."""
    msg = f"club500-signoff:{tournament_id}:{entry_id}:{who}".encode()
    digest = hmac.new(settings.SECRET_KEY.encode(), msg, hashlib.sha256).hexdigest()
    return f"{int(digest[:12], 16) % 10000:04d}"
