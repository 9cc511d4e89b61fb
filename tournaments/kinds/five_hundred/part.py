"""500's tournament part (``tournaments.kinds.registry.TournamentKind``): partners (drawn
or fixed pairs) at tables of four seats N E S W, the rule variant and its options, the
hand sheet entered by one side and confirmed by the other, NS/EW totals."""

from __future__ import annotations

from typing import Any

from django import forms
from django.urls import reverse
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from games.engine import EngineError, get_variant, option_catalogue
from games.engine.boards import dealer_of
from games.kinds.five_hundred import FIVE_HUNDRED
from games.kinds.four_fifty import FOUR_FIFTY
from games.option_labels import (
    contract_label,
    option_choices,
    option_help,
    option_label,
    option_value_label,
    seat_label,
    side_label,
    variant_label,
)
from games.templatetags.labels import seat_letter
from tournaments import seating
from tournaments import selectors_tables as ts
from tournaments.errors import TournamentError
from tournaments.kinds.five_hundred import draw as draw500
from tournaments.kinds.registry import TournamentKind
from tournaments.models import HandScore
from tournaments.selectors import online_table, round_clock
from tournaments.selectors_duplicate_hold import rows_not_held
from tournaments.selectors_results import every_hand, table_sheet
from tournaments.selectors_seating import round_to_seating
from tournaments.services import results as results_service
from tournaments.services.events import tournament_touch
from tournaments.services.online import bot_played_for_a_member

#: Options set elsewhere (the tournament's own fields) or not yet playable.
HIDDEN_OPTIONS = {"players", "hands_per_game"}
SEAT_ORDER = ts.SEATS


def dealer_rotation(hands: int) -> list[tuple[int, str]]:
    """Hand number -> dealer seat: N deals first, then the deal passes to the left."""
    start = SEAT_ORDER.index(seating.FIRST_DEALER_SEAT)
    return [(h, SEAT_ORDER[(start + h - 1) % 4]) for h in range(1, hands + 1)]


class FiveHundredTournament(TournamentKind):
    game = FIVE_HUNDRED
    templates = "tournaments/kinds/five_hundred/"
    labels = {
        "entered": gettext_lazy("Hand entered: the other side must now confirm it."),
        "corrected": gettext_lazy("Hand corrected; the standings are updated."),
        "confirmed": gettext_lazy("Hand confirmed."),
        "print_sheets": gettext_lazy("Print score sheets"),
        "sheets_title": gettext_lazy("Score sheets"),
        "incomplete": gettext_lazy("Every table needs all its seats filled before publishing."),
    }
    form_fields = ("variant", "format", "hands_per_game")
    option_prefix = "opt_"
    row_model, row_field = HandScore, "hand"
    sheet_templates = {
        "page": "tournaments/results/sheet.html",
        "fragment": "tournaments/results/_sheet.html",
        "preview": "tournaments/results/_preview.html",
    }

    # ---- settings -----------------------------------------------------------------
    def option_fields(self, current):
        current = current or {}
        out = []
        for spec in option_catalogue():
            name = spec["name"]
            if name in HIDDEN_OPTIONS:
                continue
            default_label = _("— as in the variant —")
            if spec["type"] == "bool":
                field = forms.ChoiceField(
                    choices=[("", default_label), ("true", _("yes")), ("false", _("no"))]
                )
            elif spec["choices"]:
                field = forms.ChoiceField(choices=[("", default_label)] + option_choices(spec))
            elif spec["type"] == "int":
                field = forms.IntegerField(min_value=spec["min"], max_value=spec["max"])
            else:
                field = forms.CharField(max_length=60)
            field.required = False
            field.label = option_label(name)
            field.help_text = option_help(spec)
            if name in current:
                value = current[name]
                field.initial = ("true" if value else "false") if isinstance(value, bool) else value
            out.append((f"{self.option_prefix}{name}", field, spec))
        return out

    def settle(self, values):
        if values.get("variant") == FOUR_FIFTY.name:
            raise TournamentError("bad_variant", _("Choose the rule variant of 500."))

    def validate_rules(self, *, variant, options, hands_per_game):
        options = {**options, "hands_per_game": hands_per_game}
        return dict(get_variant(variant, options).overrides)

    def rules_summary(self, tournament):
        shown_elsewhere = {"hands_per_game", "players", "end"}
        changes = [
            (option_label(name), option_value_label(name, value))
            for name, value in sorted((tournament.variant_options or {}).items())
            if name not in shown_elsewhere
        ]
        try:
            url = reverse("rules_variant", args=[tournament.variant])
        except Exception:  # noqa: BLE001  (a variant name that is not a slug)
            url = reverse("rules")
        return {"label": variant_label(tournament.variant), "changes": changes, "url": url}

    # ---- seats and the draw -----------------------------------------------------------
    def seat_positions(self, tournament):
        return seating.SIDES if tournament.is_pairs else seating.SEATS

    def table_order(self, seats):
        return [(pos, seats.get(pos)) for pos in SEAT_ORDER]

    def my_seat(self, rnd, table, position):
        at = SEAT_ORDER.index(position)
        opponents = [table.seats.get(SEAT_ORDER[(at + k) % 4]) for k in (1, 3)]
        online, live = online_table(rnd, table.number)
        return {
            "partner": table.seats.get(SEAT_ORDER[(at + 2) % 4]),
            "opponents": [o for o in opponents if o],
            "deals_first": position == seating.FIRST_DEALER_SEAT,
            "online": online,
            "live_table": live,
            "clock": round_clock(rnd),
        }

    def empty_seats(self, tournament, tables):
        positions = self.seat_positions(tournament)
        return [(t.number, pos) for t in tables for pos in positions if pos not in t.entries]

    def seat_choice(self, table, position):
        return f"{_('Table %(n)s') % {'n': table}} {seat_letter(position)}"

    def draw(self, tournament, *, number, seed, players, redraw):
        return draw500.draw(tournament, number=number, seed=seed, players=players, redraw=redraw)

    def seat_rows(self, rnd, draw):
        return draw500.seat_rows(rnd, draw)

    def seating_dict(self, rnd):
        return round_to_seating(rnd.seats.all()).to_dict()

    def draft_report(self, rnd):
        return draw500.report(rnd)

    def print_context(self, rnd):
        """The printed sheet's rows (hand, dealer); a duplicate round's rows are its
        boards, each with its own dealer (``dealer_of``), as the printed boards say."""
        if rnd.board_seed:
            first, last = rnd.board_numbers
            return {"hands": [(b, dealer_of(b)) for b in range(first, last + 1)], "by_board": True}
        return {"hands": dealer_rotation(rnd.tournament.hands_per_game)}

    # ---- online -------------------------------------------------------------------------
    def live_seats(self, people):
        return list(SEAT_ORDER)

    def live_game(self, rnd, table):
        """Seat N deals first; at a duplicate round the first board's dealer does."""
        first = seating.FIRST_DEALER_SEAT
        if rnd.board_seed:
            first = dealer_of(rnd.board_numbers[0])
        return rnd.tournament.variant, ts.rules_options(rnd.tournament), first

    def live_hand_finished(self, game, hand_row, *, table_id):
        result = hand_row.result or {}
        hands = list(game.hands.order_by("seq"))
        if any(h.live_hand_id == hand_row.pk for h in hands):
            return
        nxt = ts.next_hand(game.round.tournament, hands, game.round)
        if nxt["over"]:
            return
        by_bot = bot_played_for_a_member(hand_row, table_id=table_id)
        values = {"redeal": True, "ns_score": 0, "ew_score": 0}
        if not result.get("redeal"):
            declarer = result["declarer"]
            values = {
                "redeal": False,
                "declarer": declarer,
                "contract": result["contract"],
                "tricks": result["tricks"][ts.SIDE_OF[declarer]],
                "ns_score": result["score"].get("NS", 0),
                "ew_score": result["score"].get("EW", 0),
                "made": result.get("made"),
            }
        HandScore.objects.create(
            game=game,
            seq=nxt["seq"],
            hand=nxt["hand"],
            dealer=hand_row.dealer,
            confirmed=True,
            confirmed_by_name="online",
            live_hand=hand_row,
            by_bot=by_bot,
            **values,
        )
        results_service._recompute(game)
        tournament_touch(tournament=game.round.tournament)

    # ---- results ------------------------------------------------------------------------
    def game_totals(self, game, by_side):
        if not by_side or set(by_side) != {"NS", "EW"}:
            return None
        return {"NS": game["ns_total"], "EW": game["ew_total"]}

    def recompute(self, game):
        results_service._recompute(game)

    def console_extra(self, tournament):
        return {
            "contracts": ts.allowed_contracts(tournament),
            "limits": ts.adjusted_limits(tournament),
            "seats": SEAT_ORDER,  # the correction form's declarers
        }

    # ---- the table's sheet: a hand entered by one side, confirmed by the other ----------
    def sheet_context(self, rnd, table, viewer, *, data=None):
        return table_sheet(rnd, table, viewer)

    def sheet_preview(self, rnd, table, data):
        """The score of the hand being typed, computed by the engine (never typed)."""
        if data.get("redeal"):
            return {"redeal": True}
        if data.get("declarer") and data.get("contract") and data.get("tricks") not in (None, ""):
            try:
                return {
                    "result": ts.hand_score(
                        rnd.tournament,
                        declarer=data.get("declarer"),
                        contract=data.get("contract"),
                        tricks=data.get("tricks"),
                    )
                }
            except TournamentError as exc:
                return {"error": exc.message}
        return {}

    def sheet_enter(self, game, *, user, post):
        return results_service.hand_enter(
            game=game,
            user=user,
            seq=post.get("seq"),
            declarer=post.get("declarer", ""),
            contract=post.get("contract", ""),
            tricks=post.get("tricks"),
            redeal=post.get("redeal") == "1",
        )

    def row_withdraw(self, row, *, user):
        results_service.hand_withdraw(hand=row, user=user)

    def row_correct(self, game, row, *, by, data):
        tournament = game.round.tournament
        hand = HandScore.objects.select_for_update().get(pk=row.pk)
        before = results_service.hand_snapshot(hand)
        redeal = data.get("redeal") in (True, "1")
        values = results_service._values(
            tournament,
            redeal=redeal,
            declarer=data.get("declarer", ""),
            contract=data.get("contract", ""),
            tricks=data.get("tricks"),
        )
        for k, v in values.items():
            setattr(hand, k, v)
        hand.corrected = True
        if not hand.confirmed:
            results_service.mark_confirmed(hand, by, by.public_name)
        hand.save()
        try:
            if before["redeal"] != hand.redeal:
                results_service._renumber(game)
            ts.replay(tournament, game.hands.order_by("seq"), game.round)
        except EngineError:
            raise TournamentError(
                "too_many", _("With this change the game would have more hands than it plays.")
            ) from None
        hand.refresh_from_db()
        results_service._recompute(game)
        return hand, hand.hand, before, results_service.hand_snapshot(hand)

    def row_confirm(self, row, *, user, pin=""):
        results_service.hand_confirm(hand=row, user=user, pin=pin)

    def adjusted_totals(self, post):
        return {"NS": post.get("ns"), "EW": post.get("ew")}

    def adjust_check(self, game, people, totals):
        try:
            ns, ew = int(totals.get("NS")), int(totals.get("EW"))
        except (TypeError, ValueError):
            raise TournamentError(
                "bad_score", _("Enter whole numbers for both sides' totals.")
            ) from None
        limits = ts.adjusted_limits(game.round.tournament)
        if not limits.allows(ns, ew):
            raise TournamentError(
                "out_of_reach",
                _(
                    "These totals cannot happen in a game of %(hands)s hands under this "
                    "tournament's rules: each side scores from %(low)s to %(high)s, both sides "
                    "together from %(both_low)s to %(both_high)s, in steps of %(step)s."
                )
                % {
                    "hands": limits.hands,
                    "low": limits.side[0],
                    "high": limits.side[1],
                    "both_low": limits.both[0],
                    "both_high": limits.both[1],
                    "step": limits.step,
                },
            )
        return {"NS": ns, "EW": ew}

    def adjust_snapshot(self, game):
        return {"status": game.status, "NS": game.ns_total, "EW": game.ew_total}

    def adjust_write(self, game, totals):
        game.ns_total, game.ew_total = totals["NS"], totals["EW"]

    def adjust_params(self, game, people):
        return {"ns": game.ns_total, "ew": game.ew_total}

    def results_csv(self, tournament):
        header = [
            _("Round"),
            _("Table"),
            _("Hand"),
            _("Dealer"),
            _("Declarer"),
            _("Contract"),
            _("Tricks"),
            _("Score %(side)s") % {"side": side_label("NS")},
            _("Score %(side)s") % {"side": side_label("EW")},
            _("Confirmed"),
            _("Corrected"),
            _("Played by a bot"),
            _("Note"),
        ]
        rows = []
        for line in every_hand(tournament):
            h = line.get("hand")
            if h is None:  # an adjusted game: its awarded totals
                game = line["game"]
                rows.append(
                    [game.round.number, game.table, "", "", "", "", "", game.ns_total]
                    + [game.ew_total, "", "", ""]
                    + [_("Adjusted score: %(reason)s") % {"reason": game.adjusted_reason}]
                )
                continue
            rows.append(
                [
                    h.game.round.number,
                    h.game.table,
                    h.hand,
                    seat_label(h.dealer),
                    seat_label(h.declarer) if h.declarer else "",
                    _("Re-deal") if h.redeal else contract_label(h.contract),
                    "" if h.tricks is None else h.tricks,
                    h.ns_score,
                    h.ew_score,
                    _("yes") if h.confirmed else _("no"),
                    _("yes") if h.corrected else "",
                    _("yes") if h.by_bot else "",
                    "",
                ]
            )
        return header, rows

    def records(self, tournament) -> list[dict[str, Any]]:
        options = ts.rules_options(tournament)
        hands = HandScore.objects.filter(game__round__tournament=tournament, redeal=False).order_by(
            "game__round__number", "game__table", "seq"
        )
        # A duplicate board some table has still to play waits (selectors_duplicate_hold).
        hands = rows_not_held(tournament, hands.select_related("game__round", "live_hand"))
        return [h.record(tournament.variant, options) for h in hands]


FIVE_HUNDRED_TOURNAMENT = FiveHundredTournament()
