"""What the tournament page says of a duplicate round's boards (``games.engine.boards``).

Before and while a round plays, only the SHA-256 of its secret seed is shown; once the
round is over (its results closed, or the tournament finished) the seed itself and the
command that deals the boards again anywhere. ``Round.board_seed`` is read nowhere else.
"""

from __future__ import annotations

from dataclasses import dataclass

from games.engine.boards import seed_hash
from tournaments.models import Round, RoundStatus, Status


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
