"""450's tournament part (``tournaments.kinds.registry.TournamentKind``): each for
himself at tables of 3 to 6 seats ``P1`` .. ``P6`` (seat 1 keeps the sheet, seat 2
deals first), the 450 engine's options (a target or a number of rounds), the
secretary's sheet signed by another player of the table, a total per player."""

from __future__ import annotations

from typing import Any

from django import forms
from django.http import Http404
from django.urls import reverse
from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, pgettext

from games.engine.four_fifty import get_rules, option_catalogue, score_cards
from games.kinds.four_fifty import FOUR_FIFTY
from tournaments import selectors_tables as ts
from tournaments.errors import TournamentError
from tournaments.kinds.four_fifty import draw as draw450
from tournaments.kinds.four_fifty import labels as labels450
from tournaments.kinds.four_fifty import selectors as selectors450
from tournaments.kinds.four_fifty import sheet as sheet450
from tournaments.kinds.registry import TournamentKind
from tournaments.models import Format, SheetLine, TableGame
from tournaments.selectors import round_clock
from tournaments.services.events import tournament_touch
from tournaments.services.online import bot_played_for_a_member

#: A 450 table: seat 1 is the secretary, seat 2 deals the first round (as on the sheet).
SECRETARY, FIRST_DEALER = "P1", "P2"
#: The per-seat fields of the sheet's entry form (cards, pot card, major, points).
ENTRY_FIELDS = ("c1", "c2", "pot", "major", "pts")
#: An adjusted total: a player's points in one game (a game to 350 ends below this).
MAX_ADJUSTED = 2000


class FourFiftyTournament(TournamentKind):
    game = FOUR_FIFTY
    templates = "tournaments/kinds/four_fifty/"
    labels = {
        "entered": gettext_lazy("Round entered: another player of the table must now confirm it."),
        "corrected": gettext_lazy("Round corrected; the standings are updated."),
        "confirmed": gettext_lazy("Round confirmed."),
        "print_sheets": gettext_lazy("Print secretary's sheets"),
        "sheets_title": gettext_lazy("Secretary's sheets"),
        "incomplete": gettext_lazy(
            "Every table needs from 3 to 6 players, seats filled from 1 up, before publishing."
        ),
    }
    form_fields = ("table_size", "sheet_entry")
    option_prefix = "opt450_"
    fixed = {"format": Format.INDIVIDUAL}
    tables_only = True  # no partners: only who never shares a table
    row_model, row_field = SheetLine, "line"
    sheet_templates = {
        "page": "tournaments/kinds/four_fifty/sheet.html",
        "fragment": "tournaments/kinds/four_fifty/_sheet.html",
        "preview": "tournaments/kinds/four_fifty/_preview.html",
    }
    card_tag = FOUR_FIFTY.name
    template_filters = {
        "card450": labels450.card_html,
        "hand450": labels450.hand_text,
        "seat450": labels450.seat_number,
    }

    # ---- settings -------------------------------------------------------------------
    def option_fields(self, current):
        out = []
        for spec in option_catalogue():
            name = spec["name"]
            if name not in labels450.OPTIONS:
                continue
            label, help_text = labels450.OPTIONS[name]
            if spec["choices"]:
                field = forms.ChoiceField(
                    choices=[
                        (str(c), labels450.option_value_label(name, c)) for c in spec["choices"]
                    ]
                )
            else:
                field = forms.IntegerField(min_value=spec["min"], max_value=spec["max"])
            field.required = False
            field.label = label
            field.help_text = help_text
            field.initial = (
                current.get(name) if current and name in current else spec["defaults"][self.name]
            )
            out.append((f"{self.option_prefix}{name}", field, spec))
        return out

    def settle(self, values):
        # 450 has one set of rules: its ``variant`` is the game's name, its options the
        # 450 engine's (end, target, rounds, ties ...) in ``variant_options``.
        values["variant"] = self.game.default_variant
        if values.get("format") != Format.INDIVIDUAL:
            raise TournamentError(
                "bad_format", _("450 is played each for himself: choose the individual format.")
            )

    def validate_rules(self, *, variant, options, hands_per_game):
        return dict(get_rules(4, options).overrides)  # checked for any table size

    def rules_summary(self, tournament):
        changes = [
            (labels450.OPTIONS[name][0], labels450.option_value_label(name, value))
            for name, value in sorted((tournament.variant_options or {}).items())
            if name in labels450.OPTIONS and name not in ("end", "target", "rounds")
        ]
        return {"label": self.name, "changes": changes, "url": reverse("rules")}

    def game_terms(self, tournament):
        rules = selectors450.rules_for(tournament, 4)
        return {
            "target": rules.target if rules.end == "target" else None,
            "rounds": rules.rounds if rules.end == "rounds" else None,
        }

    # ---- seats and the draw ------------------------------------------------------------
    def seat_positions(self, tournament):
        return draw450.SEATS

    def table_order(self, seats):
        return [(pos, seats[pos]) for pos in sorted(seats)]

    def my_seat(self, rnd, table, position):
        return {
            "partner": None,
            "others": [p for q, p in table.ordered() if q != position],
            "secretary": position == SECRETARY,
            "deals_first": position == FIRST_DEALER,
            "online": False,
            "live_table": None,
            "clock": round_clock(rnd),
        }

    def empty_seats(self, tournament, tables):
        """The first free seat of each table with room, and a new table."""
        empty = []
        for t in tables:
            free = [pos for pos in draw450.SEATS if pos not in t.entries]
            if free:
                empty.append((t.number, free[0]))
        empty.append((len(tables) + 1, draw450.SEATS[0]))
        return empty

    def seat_choice(self, table, position):
        return _("Table %(n)s, seat %(s)s") % {"n": table, "s": labels450.seat_number(position)}

    def draw(self, tournament, *, number, seed, players, redraw):
        return draw450.draw(tournament, number=number, seed=seed, players=players), seed, None

    def seat_rows(self, rnd, draw):
        return draw450.seat_rows(rnd, draw)

    def seating_dict(self, rnd):
        return draw450.tables_round(rnd.seats.all()).to_dict()

    def draft_report(self, rnd):
        return draw450.report(rnd.tournament, rnd.number, list(rnd.seats.all()))

    def print_context(self, rnd):
        """A blank secretary's sheet: its round rows (a game to a target gets room for a
        long game), the target or the number of rounds."""
        rules = selectors450.rules_for(rnd.tournament, 4)
        if rules.end == "rounds":
            rows, target, game_rounds = range(1, rules.rounds + 1), None, rules.rounds
        else:
            rows, target, game_rounds = range(1, 19), rules.target, None
        return {
            "rows": rows,
            "target": target,
            "game_rounds": game_rounds,
            "df_rounds": rules.double_face_rounds,
        }

    # ---- online ---------------------------------------------------------------------------
    def live_seats(self, people):
        return sorted(people)

    def live_game(self, rnd, table):
        players = len(ts.table_people(rnd, table))
        options = {**(rnd.tournament.variant_options or {}), "players": players}
        return self.name, options, FIRST_DEALER

    def live_hand_finished(self, game, hand_row, *, table_id):
        """A finished round of a live 450 table: the next line of the table's sheet,
        confirmed (the engine scored it from the cards), its points the live round's."""
        if game.sheet_lines.filter(seq=hand_row.number).exists():
            return
        tournament = game.round.tournament
        people = ts.table_people(game.round, game.table)
        lines = list(game.sheet_lines.order_by("seq"))
        nxt = selectors450.next_line(tournament, len(people), lines)
        if nxt["over"] or nxt["seq"] != hand_row.number:
            return
        result = hand_row.result
        rules = nxt["rules"]
        sheet = score_cards(
            rules,
            dealer=rules.seat_index[nxt["dealer"]],
            double_face=result["double_face"],
            hands={s: c["cards"] for s, c in result["first_count"].items()},
            pot=result["pot"],
            aside=result["aside"] or None,
            majors=result["majors"] or None,
            master=result["master"],
        )
        line = SheetLine(
            game=game,
            seq=nxt["seq"],
            dealer=nxt["dealer"],
            confirmed=True,
            confirmed_by_name="online",
            confirmed_at=timezone.now(),
        )
        sheet450._fill(line, sheet)
        line.points = result["points"]  # the live round's own points (the same, by the engine)
        line.save()
        if bot_played_for_a_member(hand_row, table_id=table_id, timed=("hide",)):
            game.flags = {**(game.flags or {}), "bot": True}
        sheet450.recompute(game)
        tournament_touch(tournament=tournament)

    # ---- results --------------------------------------------------------------------------
    def game_totals(self, game, by_side):
        """Each for himself: a side per seat, its total."""
        totals = {s: (game["totals"] or {}).get(s) for s in by_side or ()}
        if len(totals) < 2 or None in totals.values():
            return None
        return totals

    def recompute(self, game):
        sheet450.recompute(game)

    def console_table(self, rnd, number, game, fix):
        return selectors450.console_table(rnd, number, game, fix)

    def console_extra(self, tournament):
        return {"card_choices": labels450.card_choices(), "contracts": [], "limits": None}

    # ---- the secretary's sheet: a round entered on one phone, confirmed by another ------
    def sheet_context(self, rnd, table, viewer, *, data=None):
        context = selectors450.sheet_page(rnd, table, viewer, data=data)
        data = data or {}
        for p in context["people"]:  # the form's values, kept after a refused entry
            p["v"] = {f: data.get(f"{f}_{p['seat']}", "") for f in ENTRY_FIELDS}
        context["values"] = {k: data.get(k, "") for k in ("double_face", "aside", "master")}
        return context

    def sheet_preview(self, rnd, table, data):
        """Every player's points for the round being typed, counted by the engine."""
        try:
            game = ts.table_game(rnd, table)
        except TournamentError as exc:
            raise Http404(exc.message) from None
        context = sheet450.preview(rnd.tournament, game=game, data=data)
        names = {p.seat: p.name for p in ts.table_people(rnd, table).values()}
        return {**context, "names": names}

    def sheet_enter(self, game, *, user, post):
        return sheet450.line_enter(game=game, user=user, seq=post.get("seq"), data=post)

    def row_withdraw(self, row, *, user):
        sheet450.line_withdraw(line=row, user=user)

    def row_correct(self, game, row, *, by, data):
        """Enter a round of the sheet again (the same form); the later rounds follow
        (dealers, masters)."""
        tournament = game.round.tournament
        line = SheetLine.objects.select_for_update().get(pk=row.pk)
        before = sheet450.line_snapshot(line)
        people = ts.table_people(game.round, game.table)
        lines = list(game.sheet_lines.order_by("seq"))
        state = selectors450.replay_lines(
            tournament, len(people), [x for x in lines if x.seq < line.seq]
        )
        sheet = sheet450.score_line(
            tournament,
            people=people,
            rules=state.rules,
            dealer=state.dealer,
            double_face=state.double_face,
            data=data,
        )
        sheet450._fill(line, sheet)
        line.dealer = state.dealer
        line.corrected = True
        line.save()
        if not line.confirmed:
            sheet450.mark_confirmed(line, by, by.public_name)
        sheet450.rescore_after(
            tournament, people, [line if x.pk == line.pk else x for x in lines], after=line.seq
        )
        sheet450.recompute(game)
        return line, line.seq, before, sheet450.line_snapshot(line)

    def row_confirm(self, row, *, user, pin=""):
        sheet450.line_confirm(line=row, user=user, pin=pin)

    def adjusted_totals(self, post):
        return {k[len("total_") :]: v for k, v in post.items() if k.startswith("total_")}

    def adjust_check(self, game, people, totals):
        awarded = {}
        for seat in sorted(people):
            try:
                value = int(totals.get(seat))
            except (TypeError, ValueError):
                raise TournamentError(
                    "bad_score", _("Enter a whole number of points for every player.")
                ) from None
            if not 0 <= value <= MAX_ADJUSTED:
                raise TournamentError(
                    "out_of_reach",
                    _("A player's total in a game of 450 is from 0 to %(high)s points.")
                    % {"high": MAX_ADJUSTED},
                )
            awarded[seat] = value
        return awarded

    def adjust_snapshot(self, game):
        return {"status": game.status, "totals": dict(game.totals or {})}

    def adjust_write(self, game, totals):
        game.totals = totals

    def adjust_params(self, game, people):
        return {
            "totals": " · ".join(
                f"{people[s].name} {v}" for s, v in sorted(game.totals.items()) if s in people
            )
        }

    def results_csv(self, tournament):
        """Every round of every table's secretary's sheet: each player's points."""
        header = [
            _("Round"),
            _("Table"),
            pgettext("450 round", "Round of the game"),
            _("Dealer"),
            _("Seat"),
            _("Name"),
            _("Points"),
            _("Master"),
            _("Confirmed"),
            _("Corrected"),
            _("Note"),
        ]
        seat = labels450.seat_number
        rows = []
        names: dict = {}
        for line in selectors450.every_line(tournament):
            game = line.game
            key = (game.round_id, game.table)
            if key not in names:
                people = ts.table_people(game.round, game.table).values()
                names[key] = {p.seat: p.name for p in people}
            for s, points in sorted(line.points.items()):
                rows.append(
                    [game.round.number, game.table, line.seq, seat(line.dealer), seat(s)]
                    + [names[key].get(s, ""), points, _("yes") if line.master == s else ""]
                    + [_("yes") if line.confirmed else _("no"), _("yes") if line.corrected else ""]
                    + [""]
                )
        adjusted = TableGame.objects.filter(round__tournament=tournament, status="adjusted")
        for game in adjusted.select_related("round"):
            people = ts.table_people(game.round, game.table)
            for s, total in sorted((game.totals or {}).items()):
                rows.append(
                    [game.round.number, game.table, "", "", seat(s)]
                    + [people[s].name if s in people else "", total, "", "", ""]
                    + [_("Adjusted score: %(reason)s") % {"reason": game.adjusted_reason}]
                )
        return header, rows

    def records(self, tournament) -> list[dict[str, Any]]:
        """One ``club450-game/1`` record per table's game."""
        return selectors450.game_records(tournament)


FOUR_FIFTY_TOURNAMENT = FourFiftyTournament()
