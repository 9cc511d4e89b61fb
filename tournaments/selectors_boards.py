"""What the tournament page says of a duplicate round's boards (``games.engine.boards``).

Before and while a round plays, only the SHA-256 of its secret seed is shown; once the
round is over (its results closed, or the tournament finished) the seed itself and the
command that deals the boards again anywhere. ``Round.board_seed`` is read nowhere else
but here and where an online round's live tables are created
(``tournaments.services.online``: each table deals the boards, ``games.live``).

The hold-back (``boards_held``, registered with ``games.hooks.on_hold``): at a round's
live tables hand k is board ``first + k - 1`` at every table. A finished board's hands
(its record, its replay, its score in a history line) are held back from anybody but
the players of a table that has finished it, until every online table of the round has
finished it or the round is over.

The printed boards (``printed_boards``): a hall round's boards dealt from its seed, each
hand sorted, for the director who pre-deals real cards (``print_boards.html``).

The boards download (``boards_file``): a round's boards exactly as ``python -m
games.engine deal`` prints them, for anybody once the seed is shown (the round over),
and before that for the directors of a hall round only (what they may print).
"""

from __future__ import annotations

import json
import shlex
from dataclasses import dataclass

from django.db.models import Count, Q
from django.utils.translation import gettext as _

from games.engine.boards import (
    DEALERS,
    board_variant,
    boards_jsonl,
    deal_boards,
    deal_options,
    seed_hash,
)
from games.hooks import Hold
from games.models import GameHand
from games.models import Seat as LiveSeat
from tournaments.errors import TournamentError
from tournaments.models import Round, RoundStatus, Status
from tournaments.models_results import PlayMode, TableGame
from tournaments.selectors_tables import round_play, rules_options


@dataclass(frozen=True)
class RoundBoards:
    number: int
    first: int
    last: int
    hash: str
    seed: str = ""  # empty until the round is over
    variant: str = ""  # the tournament's variant, with the seed
    options: str = ""  # the tournament's rule options as JSON ("" for the preset's)

    @property
    def command(self) -> str:
        """The command line that deals the round's boards (empty until they are public):
        with ``--options`` when the tournament changed its variant's rules (a pack or
        packets of its own deal other boards from the same seed)."""
        if not self.seed:
            return ""
        line = (
            f"python -m games.engine deal --variant {self.variant} --seed {self.seed} "
            f"--boards {self.first}-{self.last}"
        )
        return f"{line} --options {shlex.quote(self.options)}" if self.options else line


def round_is_over(rnd: Round) -> bool:
    """A round is over once its results are closed or its tournament finished."""
    if rnd.tournament.status == Status.FINISHED:
        return True
    play = getattr(rnd, "play", None)
    return play is not None and play.is_closed


def round_boards(rnd: Round) -> RoundBoards | None:
    """The round's boards as the page shows them (None: not a duplicate round)."""
    if not rnd.board_seed:
        return None
    first, last = rnd.board_numbers
    over = round_is_over(rnd)
    return RoundBoards(
        number=rnd.number,
        first=first,
        last=last,
        hash=seed_hash(rnd.board_seed),
        seed=rnd.board_seed if over else "",
        variant=rnd.tournament.variant if over else "",
        options=_options_json(rnd.tournament) if over else "",
    )


def _options_json(tournament) -> str:
    """The tournament's rule options that decide its boards' cards, as ``--options``
    takes them ("" for none: the preset's pack and packets)."""
    options = deal_options(tournament.variant, tournament.variant_options)
    return json.dumps(options, sort_keys=True, separators=(",", ":")) if options else ""


def tournament_boards(tournament) -> list[RoundBoards]:
    """The boards of every round players may see (drafts apart), in round order."""
    if not tournament.duplicate:
        return []
    rounds = (
        Round.objects.filter(tournament=tournament)
        .exclude(status=RoundStatus.DRAFT)
        .select_related("play")
        .order_by("number")
    )
    out = []
    for rnd in rounds:
        rnd.tournament = tournament
        boards = round_boards(rnd)
        if boards is not None:
            out.append(boards)
    return out


def held_reason() -> str:
    return _("This board will be shown once every table has played it.")


def boards_held(table_ids, user) -> dict[int, Hold]:
    """games.hooks ``on_hold``: the finished boards of these live tables that ``user``
    may not read yet (see the module's comment). A few queries per duplicate round
    among the tables, none for other tables."""
    games = list(
        TableGame.objects.filter(live_table_id__in=list(table_ids), mode=PlayMode.ONLINE)
        .exclude(round__board_seed="")
        .select_related("round__tournament", "round__play")
    )
    rounds: dict[int, Round] = {}
    for game in games:
        rounds.setdefault(game.round_id, game.round)
    member = user is not None and user.is_authenticated
    out: dict[int, Hold] = {}
    for rnd in rounds.values():
        if round_is_over(rnd):
            continue
        tables = list(
            TableGame.objects.filter(
                round=rnd, mode=PlayMode.ONLINE, live_table__isnull=False
            ).values_list("live_table_id", flat=True)
        )
        done = dict(
            GameHand.objects.filter(table_id__in=tables, result__isnull=False)
            .values("table_id")
            .annotate(n=Count("id"))
            .values_list("table_id", "n")
        )
        seated = set()
        if member:
            seated = set(
                LiveSeat.objects.filter(
                    Q(user=user) | Q(away_user=user), table_id__in=tables
                ).values_list("table_id", flat=True)
            )
        # Hand numbers match board numbers across the round's tables: the boards every
        # table has finished, and those the viewer's own table has.
        seen = max([min(done.get(t, 0) for t in tables), *(done.get(t, 0) for t in seated)])
        for game in games:
            table_id = game.live_table_id
            if game.round_id != rnd.pk or table_id in seated:
                continue
            held = frozenset(range(seen + 1, done.get(table_id, 0) + 1))
            if held:
                out[table_id] = Hold(held, held_reason())
    return out


# ---- the printed boards of a hall round ------------------------------------------------
#: A printed hand's order, the same whatever the contract: the jokers (the high one
#: first), then spades, hearts, clubs, diamonds (colours alternate, as the table client
#: sorts a hand without trumps), each from the ace down.
PRINT_SUITS = ("S", "H", "C", "D")
PRINT_RANKS = ("A", "K", "Q", "J", "10", "9", "8", "7", "6", "5", "4", "3", "2")
PRINT_JOKERS = ("WJ", "BJ")


@dataclass(frozen=True)
class PrintedHand:
    seat: str
    jokers: list[str]
    suits: list[tuple[str, list[str]]]  # (suit, its cards from the ace down), every suit


@dataclass(frozen=True)
class PrintedBoard:
    number: int
    dealer: str
    hands: list[PrintedHand]  # N, E, S, W
    kitty: PrintedHand


def sorted_hand(seat: str, cards) -> PrintedHand:
    """A hand's cards in the printed order (``PRINT_SUITS``)."""
    jokers = [c for c in PRINT_JOKERS if c in cards]
    suits = [
        (suit, sorted((c for c in cards if c[-1] == suit and c not in jokers), key=_rank_index))
        for suit in PRINT_SUITS
    ]
    return PrintedHand(seat=seat, jokers=jokers, suits=suits)


def _rank_index(code: str) -> int:
    return PRINT_RANKS.index(code[:-1])


def printed_boards(tournament, number: int) -> dict:
    """The boards of round ``number`` as the director prints them for a hall round
    (``print_boards.html``): each board's number, dealer, the four hands and the kitty,
    dealt by ``deal_board`` from the round's seed for the tournament's rules, exactly as
    the online tables deal them. TournamentError when there is nothing to print yet:
    a tournament without boards, a round not drawn, or an online round still playing
    (its boards are held back from the directors too, see ``boards_held``)."""
    if not tournament.duplicate:
        raise TournamentError(
            "not_duplicate",
            _("This tournament is not played with duplicate boards: it has no boards to print."),
        )
    rnd = Round.objects.filter(tournament=tournament, number=number).first()
    if rnd is None or not rnd.board_seed:
        raise TournamentError(
            "not_drawn",
            _(
                "Round %(n)s is not drawn yet: its boards are dealt when it is drawn, "
                "and can be printed from then on."
            )
            % {"n": number},
        )
    rnd.tournament = tournament
    if round_play(rnd).mode == PlayMode.ONLINE and not round_is_over(rnd):
        raise TournamentError(
            "online_round",
            _(
                "Round %(n)s is played online: its boards stay hidden, from the directors "
                "too, until every table has played them."
            )
            % {"n": number},
        )
    first, last = rnd.board_numbers
    boards = [
        PrintedBoard(
            number=board["board"],
            dealer=board["dealer"],
            hands=[sorted_hand(seat, board["hands"][seat]) for seat in DEALERS],
            kitty=sorted_hand("", board["kitty"]),
        )
        for board in round_deal(tournament, rnd)
    ]
    return {"round": rnd, "boards": boards, "first": first, "last": last}


def round_deal(tournament, rnd: Round) -> list[dict]:
    """The round's boards dealt by ``deal_boards`` from its seed for the tournament's
    rules, exactly as its online tables deal them."""
    first, last = rnd.board_numbers
    variant = board_variant(tournament.variant, rules_options(tournament))
    return deal_boards(variant, rnd.board_seed, first, last)


def boards_printable(rnd: Round) -> bool:
    """Whether the round page offers the printed boards (``printed_boards``)."""
    if not rnd.board_seed:
        return False
    return round_play(rnd).mode == PlayMode.HALL or round_is_over(rnd)


# ---- the boards download -----------------------------------------------------------
def boards_file(tournament, number: int, user) -> tuple[str, str]:
    """(file name, text) of round ``number``'s boards, one JSON board a line, byte for
    byte what ``python -m games.engine deal --variant V --seed SEED --boards FIRST-LAST``
    prints (``RoundBoards.command``). Anybody may download them once the round is over
    (its seed is shown then, and no board of it is held back any more); a director also
    before, for a hall round, drawn or published, as they may print them
    (``boards_printable``); an online round's boards stay hidden from the directors
    too. TournamentError otherwise (a round not drawn, or not over)."""
    rnd = Round.objects.filter(tournament=tournament, number=number).select_related("play").first()
    director = user is not None and user.has_perm("club.run_tournaments")
    if rnd is None or not rnd.board_seed or (rnd.status == RoundStatus.DRAFT and not director):
        raise TournamentError("no_boards", _("Round %(n)s has no boards yet.") % {"n": number})
    rnd.tournament = tournament
    if not (round_is_over(rnd) or (director and boards_printable(rnd))):
        raise TournamentError(
            "seed_hidden",
            _(
                "The boards of round %(n)s can be downloaded once the round is over, "
                "when its seed is shown."
            )
            % {"n": number},
        )
    first, last = rnd.board_numbers
    text = boards_jsonl(round_deal(tournament, rnd))
    return f"boards-{tournament.pk}-{first}-{last}.jsonl", text
