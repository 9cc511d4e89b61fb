"""Results pages: a table's sheet (entry, sign-off, calling the director), standings,
projector standings, exports and seasons (the director's console:
``tournaments.views.console``). Thin: services write, selectors read."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import Http404, JsonResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from club.exports import csv_response
from club.roles import director_required
from tournaments import selectors_results
from tournaments import selectors_tables as ts
from tournaments.errors import TournamentError
from tournaments.kinds.registry import tournament_kind
from tournaments.models import Season, SheetSubmission, TableGame, Tournament
from tournaments.services import submissions
from tournaments.services.calls import director_call
from tournaments.services.seasons import season_save
from tournaments.views.common import back, get_round, get_tournament, public_or_login


def _error(request, exc: TournamentError):
    messages.error(request, exc.message)


def _sheet_url(pk, number, table):
    return reverse("tournaments:sheet", args=[pk, number, table])


# ----------------------------------------------------------------- the table's sheet
# One set of views for every game: the sheet's reads, writes, templates and words are
# its tournament part's (``Tournament.kind``): a 500 table's hand sheet (a hand entered
# by one side, confirmed by the other), a 450 table's secretary's sheet (a round
# entered on one phone, confirmed by another player of the table).
def _sheet_of(request, pk, number):
    """The tournament's part and the round."""
    tournament = get_tournament(request, pk)
    return tournament.kind, get_round(tournament, number)


def _sheet_page(request, kind, rnd, table, *, data=None, error=None):
    try:
        context = kind.sheet_context(rnd, table, request.user, data=data)
    except TournamentError as exc:
        raise Http404(exc.message) from None
    context["error"] = error
    context["conflicts"] = selectors_results.open_conflicts(round=rnd, table=table)
    template = kind.sheet_templates["fragment" if request.htmx else "page"]
    return render(request, template, context)


def _sheet_respond(request, kind, rnd, table, *, data=None, error=None):
    if request.htmx:
        return _sheet_page(request, kind, rnd, table, data=data, error=error)
    if error:
        messages.error(request, error)
    return redirect(_sheet_url(rnd.tournament_id, rnd.number, table))


def _sheet_game(rnd, table) -> TableGame:
    try:
        return ts.table_game(rnd, table)
    except TournamentError as exc:
        raise Http404(exc.message) from None


def _sheet_row(kind, game: TableGame, post):
    if game.pk is None:  # a game row not created yet has no rows
        raise Http404
    return kind.sheet_row(game, post)


@login_required
def sheet(request, pk: int, number: int, table: int):
    kind, rnd = _sheet_of(request, pk, number)
    return _sheet_page(request, kind, rnd, table)


@login_required
def preview(request, pk: int, number: int, table: int):
    """The score of the entry being typed, computed by the engine (never typed)."""
    kind, rnd = _sheet_of(request, pk, number)
    data = request.POST if request.method == "POST" else request.GET
    context = {"tournament": rnd.tournament, **kind.sheet_preview(rnd, table, data)}
    return render(request, kind.sheet_templates["preview"], context)


# Every entry and confirmation may carry its phone's key (``entry_key``): it is then
# written once (``tournaments.services.submissions``). The entry queue of a phone that was
# offline (static/js/entryqueue.js) sends them asking for JSON: it is told in a few
# words (``ok``, ``result``, ``code``, ``message``, ``seq``) instead of the sheet.
def _wants_json(request) -> bool:
    return "application/json" in request.headers.get("Accept", "")


def _send(request, game, action, write):
    """``write`` once per entry key (a form sent without one: just ``write``). Returns
    the receipt, or None; raises ``TournamentError`` (nothing written)."""
    key = submissions.submission_key(request.POST.get("entry_key"), required=_wants_json(request))
    if key is None:
        write()
        return None
    return submissions.submission_apply(
        game=game, user=request.user, key=key, action=action, data=request.POST, write=write
    )


def _receipt_json(receipt: SheetSubmission) -> JsonResponse:
    done = receipt.result == SheetSubmission.Result.DONE
    body = {
        "ok": done,
        "result": receipt.result,
        "code": receipt.code,
        "message": receipt.message,
        "seq": receipt.seq,
    }
    return JsonResponse(body, status=200 if done else 409)


def _refusal_json(exc: TournamentError) -> JsonResponse:
    body = {"ok": False, "result": "refused", "code": exc.code, "message": exc.message}
    return JsonResponse(body, status=422)


def _submit(request, kind, rnd, table: int, game, action: str, write):
    """An entry (``action`` enter) or a confirmation sent, and the answer: JSON for the
    queue; otherwise the sheet, with the refusal or the conflict in words (a refused
    entry comes back with what was typed, htmx or not)."""
    entering = action == "enter"
    try:
        receipt = _send(request, game, action, write)
    except TournamentError as exc:
        if _wants_json(request):
            return _refusal_json(exc)
        error = exc.message
    else:
        if _wants_json(request):
            return _receipt_json(receipt)
        conflict = receipt is not None and receipt.result == SheetSubmission.Result.CONFLICT
        error = receipt.message if conflict else None
    if error and entering:
        return _sheet_page(request, kind, rnd, table, data=request.POST, error=error)
    if entering and not request.htmx:
        messages.success(request, str(kind.labels["entered"]))
    return _sheet_respond(request, kind, rnd, table, error=error)


@login_required
@require_POST
def enter(request, pk: int, number: int, table: int):
    kind, rnd = _sheet_of(request, pk, number)
    game = _sheet_game(rnd, table)
    user, post = request.user, request.POST
    write = lambda: kind.sheet_enter(game, user=user, post=post)  # noqa: E731
    return _submit(request, kind, rnd, table, game, "enter", write)


@login_required
@require_POST
def confirm(request, pk: int, number: int, table: int):
    kind, rnd = _sheet_of(request, pk, number)
    game = _sheet_game(rnd, table)
    user, post = request.user, request.POST
    if not post.get("entry_key"):  # a form sent without a key names a row that exists
        _sheet_row(kind, game, post)
    pin = post.get("pin", "")
    write = lambda: submissions.row_confirm_named(kind, game, post, user=user, pin=pin)  # noqa: E731
    return _submit(request, kind, rnd, table, game, "confirm", write)


@login_required
@require_POST
def withdraw_hand(request, pk: int, number: int, table: int):
    kind, rnd = _sheet_of(request, pk, number)
    row = _sheet_row(kind, _sheet_game(rnd, table), request.POST)
    try:
        kind.row_withdraw(row, user=request.user)
    except TournamentError as exc:
        return _sheet_respond(request, kind, rnd, table, error=exc.message)
    return _sheet_respond(request, kind, rnd, table)


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
    medal_names = {"gold": _("Gold"), "silver": _("Silver"), "bronze": _("Bronze")}
    if page.get("duplicate"):
        return _duplicate_standings_csv(tournament, page, medal_names)
    rounds = page["round_numbers"]
    header = (
        [_("Rank"), _("Name"), _("Total")]
        + [_("Game %(n)s") % {"n": r} for r in rounds]
        + [_("Games"), _("Won"), _("Byes"), _("Medal")]
    )
    rows = [
        [
            _place(r),
            r["name"],
            r["total"],
        ]
        + ["" if s is None else s for s in r["scores"]]
        + [r["games"], r["wins"], r["byes"], medal_names.get(r["medal"], "")]
        for r in page["rows"]
    ]
    return csv_response(f"standings-{tournament.pk}.csv", header, rows)


def _place(row) -> str:
    return (f"{row['place']}=" if row["shared"] else row["place"]) if row["place"] else ""


def _duplicate_standings_csv(tournament, page, medal_names):
    """A duplicate tournament's standings: percentage, matchpoints, top, points."""
    header = [
        _("Rank"),
        _("Name"),
        _("Percentage"),
        _("Matchpoints"),
        _("Top"),
        _("Points"),
        _("Boards"),
        _("Medal"),
    ]
    rows = [
        [
            _place(r),
            r["name"],
            f"{r['percent']:.2f}",
            round(r["matchpoints"], 2),
            round(r["top"], 2),
            r["total"],
            r["boards"],
            medal_names.get(r["medal"], ""),
        ]
        for r in page["rows"]
    ]
    return csv_response(f"standings-{tournament.pk}.csv", header, rows)


@login_required
def results_csv(request, pk: int):
    """Every hand of every table, as on the sheets."""
    tournament = get_tournament(request, pk)
    header, rows = tournament_kind(tournament).results_csv(tournament)
    return csv_response(f"results-{tournament.pk}.csv", header, rows)


@login_required
def records(request, pk: int):
    """The score-sheet records of every entered hand (HAND-RECORD.md), a JSON array
    (``python -m games.engine check`` reads it)."""
    tournament = get_tournament(request, pk)
    data = tournament_kind(tournament).records(tournament)
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
