"""Results pages: a table's sheet (entry, sign-off, calling the director), standings,
projector standings, exports and seasons (the director's console:
``tournaments.views.console``). Thin: services write, selectors read."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import JsonResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.utils.translation import pgettext
from django.views.decorators.http import require_POST

from club.exports import csv_response
from club.roles import director_required
from games.option_labels import contract_label, seat_label, side_label
from tournaments import selectors_results
from tournaments import selectors_tables as ts
from tournaments.errors import TournamentError
from tournaments.kinds.four_fifty.labels import seat_number
from tournaments.kinds.four_fifty.selectors import every_line, game_records
from tournaments.kinds.registry import tournament_kind
from tournaments.models import HandScore, Season, TableGame, Tournament
from tournaments.services.calls import director_call
from tournaments.services.seasons import season_save
from tournaments.views.common import back, get_round, get_tournament, public_or_login


def _error(request, exc: TournamentError):
    messages.error(request, exc.message)


def _sheet_url(pk, number, table):
    return reverse("tournaments:sheet", args=[pk, number, table])


# ----------------------------------------------------------------- the table's sheet
def _sheet_of(request, pk, number):
    """The sheet views of the tournament's kind (``tournaments.kinds``) and the round."""
    tournament = get_tournament(request, pk)
    return tournament_kind(tournament).sheet_views, get_round(tournament, number)


@login_required
def sheet(request, pk: int, number: int, table: int):
    views, rnd = _sheet_of(request, pk, number)
    return views.page(request, rnd, table)


@login_required
def preview(request, pk: int, number: int, table: int):
    """The score of the entry being typed, computed by the engine (never typed)."""
    views, rnd = _sheet_of(request, pk, number)
    return views.preview(request, rnd, table)


@login_required
@require_POST
def enter(request, pk: int, number: int, table: int):
    views, rnd = _sheet_of(request, pk, number)
    return views.enter(request, rnd, table)


@login_required
@require_POST
def confirm(request, pk: int, number: int, table: int):
    views, rnd = _sheet_of(request, pk, number)
    return views.confirm(request, rnd, table)


@login_required
@require_POST
def withdraw_hand(request, pk: int, number: int, table: int):
    views, rnd = _sheet_of(request, pk, number)
    return views.withdraw(request, rnd, table)


@login_required
@require_POST
def call_director(request, pk: int, number: int, table: int):
    """A player of the table calls the director (the console shows it live)."""
    tournament = get_tournament(request, pk)
    rnd = get_round(tournament, number)
    try:
        director_call(round=rnd, table=table, user=request.user)
    except TournamentError as exc:
        error = exc.message
    else:
        error = None
    if request.htmx:
        return render(
            request,
            "tournaments/results/_call.html",
            {
                "tournament": tournament,
                "round": rnd,
                "table": table,
                "call": selectors_results.open_call(rnd, table),
                "error": error,
            },
        )
    if error:
        messages.error(request, error)
    else:
        messages.success(request, _("The director is called to your table."))
    return back(request, _sheet_url(pk, number, table))


# ----------------------------------------------------------------- standings
@public_or_login
def standings(request, pk: int):
    tournament = get_tournament(request, pk)
    context = {
        "tournament": tournament,
        **selectors_results.standings_page_cached(tournament),
        **selectors_results.corrections(tournament),
    }
    template = (
        "tournaments/results/_standings.html"
        if request.htmx
        else "tournaments/results/standings.html"
    )
    return render(request, template, context)


@public_or_login
def projector_standings(request, pk: int):
    tournament = get_tournament(request, pk)
    context = {
        "tournament": tournament,
        **selectors_results.standings_page_cached(tournament),
        "projector": True,
    }
    return render(request, "tournaments/results/_projector_standings.html", context)


@public_or_login
def final(request, pk: int):
    """The printable results page (print CSS)."""
    tournament = get_tournament(request, pk)
    context = {
        "tournament": tournament,
        **selectors_results.standings_page(tournament),
        **selectors_results.corrections(tournament),
    }
    return render(request, "tournaments/results/final.html", context)


@login_required
def standings_csv(request, pk: int):
    tournament = get_tournament(request, pk)
    page = selectors_results.standings_page(tournament)
    rounds = page["round_numbers"]
    header = (
        [_("Rank"), _("Name"), _("Total")]
        + [_("Game %(n)s") % {"n": r} for r in rounds]
        + [_("Games"), _("Won"), _("Byes"), _("Medal")]
    )
    medal_names = {"gold": _("Gold"), "silver": _("Silver"), "bronze": _("Bronze")}
    rows = [
        [
            (f"{r['place']}=" if r["shared"] else r["place"]) if r["place"] else "",
            r["name"],
            r["total"],
        ]
        + ["" if s is None else s for s in r["scores"]]
        + [r["games"], r["wins"], r["byes"], medal_names.get(r["medal"], "")]
        for r in page["rows"]
    ]
    return csv_response(f"standings-{tournament.pk}.csv", header, rows)


def _results_csv_450(tournament):
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
    rows = []
    names: dict = {}
    for line in every_line(tournament):
        game = line.game
        key = (game.round_id, game.table)
        if key not in names:
            names[key] = {p.seat: p.name for p in ts.table_people(game.round, game.table).values()}
        for seat, points in sorted(line.points.items()):
            rows.append(
                [
                    game.round.number,
                    game.table,
                    line.seq,
                    seat_number(line.dealer),
                    seat_number(seat),
                    names[key].get(seat, ""),
                    points,
                    _("yes") if line.master == seat else "",
                    _("yes") if line.confirmed else _("no"),
                    _("yes") if line.corrected else "",
                    "",
                ]
            )
    for game in TableGame.objects.filter(
        round__tournament=tournament, status="adjusted"
    ).select_related("round"):
        people = ts.table_people(game.round, game.table)
        for seat, total in sorted((game.totals or {}).items()):
            rows.append(
                [
                    game.round.number,
                    game.table,
                    "",
                    "",
                    seat_number(seat),
                    people[seat].name if seat in people else "",
                    total,
                    "",
                    "",
                    "",
                    _("Adjusted score: %(reason)s") % {"reason": game.adjusted_reason},
                ]
            )
    return csv_response(f"results-{tournament.pk}.csv", header, rows)


@login_required
def results_csv(request, pk: int):
    """Every hand of every table, as on the sheets."""
    tournament = get_tournament(request, pk)
    if tournament.is_450:
        return _results_csv_450(tournament)
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
    for line in selectors_results.every_hand(tournament):
        h = line.get("hand")
        if h is None:  # an adjusted game: its awarded totals
            game = line["game"]
            rows.append(
                [
                    game.round.number,
                    game.table,
                    "",
                    "",
                    "",
                    "",
                    "",
                    game.ns_total,
                    game.ew_total,
                    "",
                    "",
                    "",
                    _("Adjusted score: %(reason)s") % {"reason": game.adjusted_reason},
                ]
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
    return csv_response(f"results-{tournament.pk}.csv", header, rows)


@login_required
def records(request, pk: int):
    """The score-sheet records of every entered hand (HAND-RECORD.md), a JSON array
    (``python -m games.engine check`` reads it)."""
    tournament = get_tournament(request, pk)
    if tournament.is_450:  # a club450-game/1 record per table's game
        data = game_records(tournament)
    else:
        options = ts.rules_options(tournament)
        hands = HandScore.objects.filter(game__round__tournament=tournament, redeal=False).order_by(
            "game__round__number", "game__table", "seq"
        )
        data = [h.record(tournament.variant, options) for h in hands]
    response = JsonResponse(data, safe=False, json_dumps_params={"indent": 0})
    response["Content-Disposition"] = f'attachment; filename="records-{tournament.pk}.json"'
    return response


# ----------------------------------------------------------------- seasons
@login_required
def seasons(request):
    rows = list(Season.objects.all())
    return render(request, "tournaments/results/seasons.html", {"seasons": rows})


@login_required
def season(request, season_id: int):
    row = get_object_or_404(Season, pk=season_id)
    tournaments = list(
        row.tournaments.exclude(status__in=["draft", "cancelled"]).order_by("starts_at")
    )
    context = {
        "season": row,
        **selectors_results.season_page(tournaments, row.scoring, row.best_of),
    }
    return render(request, "tournaments/results/season.html", context)


@director_required
def season_edit(request, season_id: int | None = None):
    row = get_object_or_404(Season, pk=season_id) if season_id else None
    choices = list(
        Tournament.objects.filter(status__in=["running", "finished"]).order_by("-starts_at")
    )
    if request.method == "POST":
        try:
            row = season_save(
                season=row,
                by=request.user,
                name=request.POST.get("name"),
                tournament_ids=request.POST.getlist("tournaments"),
                scoring=request.POST.get("scoring"),
                best_of=request.POST.get("best_of"),
            )
        except TournamentError as exc:
            messages.error(request, exc.message)
        else:
            messages.success(request, _("Saved."))
            return redirect("tournaments:season", row.pk)
    chosen = set(row.tournaments.values_list("pk", flat=True)) if row else set()
    return render(
        request,
        "tournaments/results/season_form.html",
        {"season": row, "choices": choices, "chosen": chosen, "scorings": Season.Scoring.choices},
    )
