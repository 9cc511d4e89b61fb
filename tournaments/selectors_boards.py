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
"""

from __future__ import annotations

from dataclasses import dataclass

from django.db.models import Count, Q
from django.utils.translation import gettext as _

from games.engine.boards import seed_hash
from games.hooks import Hold
from games.models import GameHand
from games.models import Seat as LiveSeat
from tournaments.models import Round, RoundStatus, Status
from tournaments.models_results import PlayMode, TableGame


@dataclass(frozen=True)
class RoundBoards:
    number: int
    first: int
    last: int
    hash: str
    seed: str = ""  # empty until the round is over
    variant: str = ""  # the tournament's variant, with the seed

    @property
    def command(self) -> str:
        """The command line that deals the round's boards (empty until they are public)."""
        if not self.seed:
            return ""
        return (
            f"python -m games.engine deal --variant {self.variant} --seed {self.seed} "
            f"--boards {self.first}-{self.last}"
        )


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
    )


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
