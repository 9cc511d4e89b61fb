"""The registry of the tournaments' part of each game kind (``games.kinds``).

Everything a tournament does differently from one game to the other is asked of its
kind's **tournament part**, a ``TournamentKind``: the settings form's own fields and
rule options, the rules check, the seats of a table and the draw, the round editor's
seat labels, the printed cards and sheets, the table's score sheet (its reads, writes and
templates), the online table (variant, options, first dealer, a finished hand), the
standings' sides, the director's console (its table rows, corrections, confirmations
and adjusted scores), the exports and the detail page's description of the game.
Generic modules call ``tournament_kind(tournament)`` (or ``Tournament.kind``) and never
compare a kind's name (``tests/test_kind_names.py``).

This module is a leaf: it imports only ``games.kinds`` (and Django). Each part lives in its kind's
folder (``tournaments/kinds/five_hundred/``, ``tournaments/kinds/four_fifty/``) and
imports the generic modules it needs; ``tournaments.kinds.parts.load`` registers them
(called from ``TournamentsConfig.ready``), so that the generic modules can ask the
registry without an import circle (``tests/test_layers.py``).

A third game's tournaments: a subclass of ``TournamentKind`` in its own folder, filled
in, added to ``tournaments.kinds.parts``, with its templates in
``templates/tournaments/kinds/<game>/``.
"""

from __future__ import annotations

from typing import Any, Mapping

from django.http import Http404

from games.kinds import KINDS, GameKind, kind_of


class TournamentKind:
    """What a tournament of one game uses where the games differ (the interface).

    Attributes:
        game: the ``GameKind``.
        templates: the folder of its pages' parts, included by the generic pages:
            ``_form_options.html`` (settings form), ``_detail_game.html`` and
            ``_detail_games.html`` (detail page), ``_card_seats.html``,
            ``_seat_name.html``, ``_pin_help.html`` (printed table cards),
            ``_printed_sheet.html`` (printed sheets), ``_console_table.html`` (one
            table on the director's console).
        sheet_templates: the table's sheet: ``page``, ``fragment`` (htmx), ``preview``.
        row_model, row_field: the model of a row of its sheet (``HandScore``,
            ``SheetLine``) and the form field that names one (``hand``, ``line``).
        labels: the words that differ: ``print_sheets``, ``sheets_title``,
            ``incomplete`` (a draft that cannot be published), ``entered``,
            ``corrected``, ``confirmed`` (the sheet's and the console's messages).
        form_fields: the tournament fields only this game uses (the form shows them
            when it is chosen).
        option_prefix: the form field names of its rule options.
        fixed: settings the game imposes (``{"format": "individual"}``).
        tables_only: the seating rules offer only "never at the same table".
        card_tag: the game's name printed on a table card (or empty).
        template_filters: name -> function, registered by the ``sheet_cards`` tag
            library for the game's templates.
    """

    game: GameKind
    templates: str
    sheet_templates: Mapping[str, str]
    row_model: Any
    row_field: str
    labels: Mapping[str, Any]
    form_fields: tuple[str, ...] = ()
    option_prefix: str = "opt_"
    fixed: Mapping[str, Any] = {}
    tables_only: bool = False
    card_tag: str = ""
    template_filters: Mapping[str, Any] = {}

    @property
    def name(self) -> str:
        return self.game.name

    # ---- settings ---------------------------------------------------------------
    def option_fields(self, current: Mapping | None) -> list[tuple[str, Any, dict]]:
        """(form field name, form field, engine spec) of the rule options a director
        sets; ``current``: the options stored when the tournament is of this game."""
        raise NotImplementedError

    def options_from_form(self, cleaned: Mapping, fields) -> dict:
        """The options to store from the form's cleaned values of ``fields`` ((field
        name, engine spec) pairs): empty ones left to the rules' defaults."""
        out = {}
        for key, spec in fields:
            value = cleaned.get(key)
            if value in (None, ""):
                continue
            if spec["type"] == "bool":
                value = value == "true"
            elif spec["type"] == "int":
                value = int(value)
            out[spec["name"]] = value
        return out

    def settle(self, values: dict) -> None:
        """Impose the game's own settings on ``values`` (create, update) and refuse
        what the game cannot play (``TournamentError``)."""
        raise NotImplementedError

    def validate_rules(self, *, variant: str, options: dict, hands_per_game: int) -> dict:
        """The overrides to store (``UnknownVariantError`` when the rules are not valid)."""
        raise NotImplementedError

    def rules_summary(self, tournament) -> dict:
        """The rules as players read them: ``label``, ``changes``, ``url``."""
        raise NotImplementedError

    def game_terms(self, tournament) -> dict | None:
        """What the detail page says of a game (target, rounds ...), or None."""
        return None

    # ---- seats and the draw --------------------------------------------------------
    def seat_positions(self, tournament) -> tuple[str, ...]:
        raise NotImplementedError

    def table_order(self, seats: Mapping[str, Any]) -> list[tuple[str, Any]]:
        """A table's (seat, person) in seat order."""
        raise NotImplementedError

    def my_seat(self, rnd, table, position: str) -> dict:
        """What a seated player reads of his seat (beyond round, state, table...)."""
        raise NotImplementedError

    def empty_seats(self, tournament, tables) -> list[tuple[int, str]]:
        """The seats a player can be moved to in the round editor."""
        raise NotImplementedError

    def seat_choice(self, table: int, position: str) -> str:
        """A seat as the round editor names it."""
        raise NotImplementedError

    def draw(self, tournament, *, number: int, seed: int, players, redraw: bool):
        """(draw, seed, plan change or None) of round ``number``."""
        raise NotImplementedError

    def seat_rows(self, rnd, draw) -> list:
        raise NotImplementedError

    def seating_dict(self, rnd) -> dict:
        """A round's seating as the activity log keeps it."""
        raise NotImplementedError

    def draft_report(self, rnd) -> dict:
        """What a round's seating repeats and what stops it being published."""
        raise NotImplementedError

    def print_context(self, rnd) -> dict:
        """What the printed cards and sheets of the round need beyond the tables."""
        return {}

    # ---- online ---------------------------------------------------------------------
    def live_seats(self, people: Mapping) -> list[str]:
        """The seats of a live table, in order (``people``: the table's, by seat)."""
        raise NotImplementedError

    def live_game(self, rnd, table: int) -> tuple[str, dict, str]:
        """(variant, options, first dealer) of a live table of the round."""
        raise NotImplementedError

    def live_hand_finished(self, game, hand_row, *, table_id: int) -> None:
        """A finished hand of a live table becomes a confirmed row of its sheet."""
        raise NotImplementedError

    # ---- results ----------------------------------------------------------------------
    def game_totals(self, game: Mapping, by_side: Mapping | None) -> dict | None:
        """A game's total per side for the standings (None: it does not count)."""
        raise NotImplementedError

    def recompute(self, game) -> None:
        """A game's totals and status from its sheet."""
        raise NotImplementedError

    def console_table(self, rnd, number: int, game, fix) -> dict | None:
        """What the console's table card needs beyond the generic row, or None."""
        return None

    def console_extra(self, tournament) -> dict:
        """What the console's forms need (contracts, limits, card choices)."""
        raise NotImplementedError

    # ---- the table's sheet (``tournaments.views.results``) and the console --------------
    def sheet_context(self, rnd, table: int, viewer, *, data: Mapping | None = None) -> dict:
        """Everything the sheet page shows (``data``: a refused entry's form, kept)."""
        raise NotImplementedError

    def sheet_preview(self, rnd, table: int, data: Mapping) -> dict:
        """The score of the entry being typed, computed by the engine."""
        raise NotImplementedError

    def sheet_enter(self, game, *, user, post: Mapping):
        """Enter the sheet's next row from its form; returns the row."""
        raise NotImplementedError

    def sheet_row(self, game, post: Mapping):
        """The sheet row (a hand, a round) a form names (``Http404`` if none)."""
        row = self.row_named(game, post)
        if row is None:
            raise Http404
        return row

    def row_named(self, game, post: Mapping):
        """The sheet row (a hand, a round) a form names, or None."""
        try:
            return self.row_model.objects.get(pk=int(post.get(self.row_field)), game=game)
        except (TypeError, ValueError, self.row_model.DoesNotExist):
            return None

    def row_confirm(self, row, *, user, pin: str = "") -> None:
        raise NotImplementedError

    def row_withdraw(self, row, *, user) -> None:
        raise NotImplementedError

    def row_correct(self, game, row, *, by, data: Mapping) -> tuple[Any, int, dict, dict]:
        """Enter a row again (a director's correction, ``game`` locked): (the row, its
        number, its snapshot before, after)."""
        raise NotImplementedError

    def adjusted_totals(self, post: Mapping) -> dict:
        """The console's adjusted-score form as {side: typed value}."""
        raise NotImplementedError

    def adjust_check(self, game, people: Mapping, totals: Mapping) -> dict:
        """The totals to award, checked ({side: int}; ``TournamentError``)."""
        raise NotImplementedError

    def adjust_snapshot(self, game) -> dict:
        raise NotImplementedError

    def adjust_write(self, game, totals: Mapping | None) -> None:
        """Store the awarded totals on ``game`` (None: clear them)."""
        raise NotImplementedError

    def adjust_params(self, game, people: Mapping) -> dict:
        """The activity log's words for an adjusted score."""
        raise NotImplementedError

    def results_csv(self, tournament) -> tuple[list, list]:
        """(header, rows) of the every-hand export."""
        raise NotImplementedError

    def records(self, tournament) -> list:
        """The score-sheet records of the tournament (``python -m games.engine check``)."""
        raise NotImplementedError


TOURNAMENT_KINDS: dict[str, TournamentKind] = {}


def register(part: TournamentKind) -> None:
    """Add a game's tournament part (``tournaments.kinds.parts.load``)."""
    TOURNAMENT_KINDS[part.game.name] = part


def kind_part(name: str) -> TournamentKind:
    """The tournament part of the game stored as ``name`` (``UnknownKind`` if none)."""
    return TOURNAMENT_KINDS[kind_of(name).name]


def tournament_kind(tournament) -> TournamentKind:
    """The tournaments' part of ``tournament``'s game (``UnknownKind`` if none)."""
    return kind_part(tournament.game)


__all__ = ["KINDS", "TOURNAMENT_KINDS", "TournamentKind", "kind_part", "tournament_kind"]
