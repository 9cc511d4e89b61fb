"""The registry of the tournaments' part of each game kind (``games.kinds``).

``TOURNAMENT_KINDS`` maps a kind's stored name (``Tournament.game``) to what a
tournament of that game uses where the games differ; ``tournament_kind(tournament)``
finds it. Today it holds the table's score sheet (its views: ``page``, ``preview``,
``enter``, ``confirm``, ``withdraw``, each ``(request, round, table)``): 500's hand
sheet (``tournaments.views.hand_sheet``) and 450's secretary's sheet
(``tournaments.kinds.four_fifty.sheet_views``), and the folder of the printed table
cards and sheets. The draw, the director's corrections and the console still branch on
``Tournament.is_450`` (their modules for 450 are in ``tournaments/kinds/four_fifty/``).
"""

from __future__ import annotations

from dataclasses import dataclass
from types import ModuleType

from games.kinds import KINDS, GameKind, kind_of
from games.kinds.five_hundred import FIVE_HUNDRED
from games.kinds.four_fifty import FOUR_FIFTY
from tournaments.kinds.four_fifty import sheet_views as secretary_sheet
from tournaments.views import hand_sheet


@dataclass(frozen=True)
class TournamentKind:
    """What a tournament of one game kind uses where the games differ."""

    game: GameKind
    sheet_views: ModuleType  # page, preview, enter, confirm, withdraw (request, round, table)
    printed: str  # the folder of its printed table cards and sheets (print_cards.html ...)


TOURNAMENT_KINDS: dict[str, TournamentKind] = {
    FIVE_HUNDRED.name: TournamentKind(
        game=FIVE_HUNDRED, sheet_views=hand_sheet, printed="tournaments/"
    ),
    FOUR_FIFTY.name: TournamentKind(
        game=FOUR_FIFTY, sheet_views=secretary_sheet, printed="tournaments/kinds/four_fifty/"
    ),
}


def tournament_kind(tournament) -> TournamentKind:
    """The tournaments' part of ``tournament``'s game (``UnknownKind`` if none)."""
    return TOURNAMENT_KINDS[kind_of(tournament.game).name]


__all__ = ["KINDS", "TOURNAMENT_KINDS", "TournamentKind", "tournament_kind"]
