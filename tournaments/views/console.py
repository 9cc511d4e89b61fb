"""The director's results console: every table of a round on one screen, with the
corrections, adjusted scores, substitutions, closing and reopening, the round clock
and the players' calls. Thin: services write, ``selectors_results.console`` reads.

Every action posts. Through htmx (the console's forms are boosted) the answer is the
part that changed, with its messages: the table's section (``_console_table.html``)
for an action at a table, the whole console for a round's or the tournament's; the
page keeps its scroll position and its open sections. Without JavaScript the action
comes back to the console at the table it was made on (``?open=n-section#table-n``,
that section open). The console also follows the tournament live (htmx re-fetch), and
``tournaments.js`` keeps the sections a director opened open, holds a live refresh
while a form is being filled in and keeps a section's messages across it.
"""

from __future__ import annotations

from django.contrib import messages
from django.http import Http404
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.http import urlencode
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from django.views.decorators.http import require_POST
from django_htmx.http import push_url

from club.roles import director_required
from tournaments import selectors, selectors_results
from tournaments import selectors_tables as ts
from tournaments.errors import TournamentError
from tournaments.models import DirectorCall, Round, RoundStatus, SheetSubmission, TableGame
from tournaments.services import calls, clock, director, submissions
from tournaments.views.common import get_round, get_tournament


def _console_context(request, pk):
    tournament = get_tournament(request, pk)
    number = request.GET.get("round") or request.POST.get("round")
    rnd = None
    if number:
        try:
            rnd = Round.objects.filter(tournament=tournament, number=int(number)).first()
        except (TypeError, ValueError):
            rnd = None
    if rnd is None:
        rnd = selectors.current_round(tournament)
    if rnd is not None:
        rnd.tournament = tournament
    fix = request.GET.get("fix")
    context = selectors_results.console(tournament, rnd, fix=fix)
    context["rounds"] = list(
        Round.objects.filter(tournament=tournament)
        .exclude(status=RoundStatus.DRAFT)
        .values_list("number", flat=True)
    )
    table, _sep, section = (request.GET.get("open") or "").partition("-")
    _open_section(context, table, section)
    return context


SECTIONS = ("hands", "adjust", "sub")


def _open_section(context, table, section) -> dict | None:
    """The console's table ``table`` (its number, as text or int), with its section
    ``section`` (one of ``SECTIONS``) marked open; None when there is no such table."""
    for t in context.get("tables", ()):
        if str(t["table"].number) == str(table):
            if section in SECTIONS:
                t["open"] = section
            return t
    return None


@director_required
def console(request, pk: int):
    context = _console_context(request, pk)
    if request.htmx:
        return _fragment(request, "tournaments/results/_console.html", context)
    return render(request, "tournaments/results/console.html", context)


def _fragment(request, template, context):
    """A part of the console for htmx; the address stays the console's (a boosted link
    or form would push its own)."""
    return push_url(render(request, template, context), False)


def _console_back(request, pk, table=None, section=None):
    """After an action: through htmx, the part of the console it changed (the table's
    section, else the whole console), with the messages; otherwise a redirect to the
    console at that table, its section open."""
    table = table or request.POST.get("table")
    if request.htmx:
        context = _console_context(request, pk)
        t = _open_section(context, table, section) if table and section else None
        if t is not None:
            context.update(t=t, g=t["game"], n=t["table"].number, flash="table")
            return _fragment(request, "tournaments/results/_console_table.html", context)
        context["flash"] = "console"
        return _fragment(request, "tournaments/results/_console.html", context)
    url = reverse("tournaments:console", args=[pk])
    query = {}
    number = request.POST.get("round")
    if number:
        query["round"] = number
    if table and section in SECTIONS:
        query["open"] = f"{table}-{section}"
    if query:
        url = f"{url}?{urlencode(query)}"
    if table:
        url = f"{url}#table-{table}"
    return redirect(url)


def _director_action(request, pk, action, success, table=None, section=None):
    try:
        action()
    except TournamentError as exc:
        messages.error(request, exc.message)
    else:
        messages.success(request, success)
    return _console_back(request, pk, table, section)


def _console_game(request, pk) -> TableGame:
    tournament = get_tournament(request, pk)
    try:
        return TableGame.objects.select_related("round__tournament").get(
            pk=int(request.POST.get("game")), round__tournament=tournament
        )
    except (TypeError, ValueError, TableGame.DoesNotExist):
        raise Http404 from None


def _round(request, pk):
    tournament = get_tournament(request, pk)
    try:
        return get_round(tournament, int(request.POST.get("round")))
    except (TypeError, ValueError):
        raise Http404 from None


def _row_action(request, pk, action, label: str):
    """A console form on one row of a table's sheet (a hand, a round: the game's part
    reads its own form field): ``action(row)``, then the part's message ``label``."""
    game = _console_game(request, pk)
    kind = game.round.tournament.kind
    row = kind.sheet_row(game, request.POST)
    return _director_action(
        request, pk, lambda: action(row), str(kind.labels[label]), game.table, "hands"
    )


@director_required
@require_POST
def correct(request, pk: int):
    """A row of a table's sheet entered again, with the sheet's own form."""
    post = request.POST
    return _row_action(
        request,
        pk,
        lambda row: director.sheet_row_correct(
            row=row, by=request.user, reason=post.get("reason"), data=post
        ),
        "corrected",
    )


@director_required
@require_POST
def confirm_director(request, pk: int):
    return _row_action(
        request,
        pk,
        lambda row: director.sheet_row_confirm(row=row, user=request.user),
        "confirmed",
    )


def _posted_table(request, pk) -> tuple:
    """The tournament and the game of the posted round and table (404 if none)."""
    tournament = get_tournament(request, pk)
    try:
        rnd = get_round(tournament, int(request.POST.get("round")))
        return tournament, ts.table_game(rnd, int(request.POST.get("table")))
    except (TypeError, ValueError, TournamentError):
        raise Http404 from None


def _adjust_action(request, pk, action, success):
    """An adjusted score at the posted table: ``action(tournament, game, post)``."""
    tournament, game = _posted_table(request, pk)
    return _director_action(
        request, pk, lambda: action(tournament, game, request.POST), success, game.table, "adjust"
    )


@director_required
@require_POST
def adjust(request, pk: int):
    """A table's game awarded totals (or given back to its sheet)."""
    return _adjust_action(
        request,
        pk,
        lambda tournament, game, post: director.game_adjust(
            game=game,
            by=request.user,
            totals=tournament.kind.adjusted_totals(post),
            reason=post.get("reason"),
        ),
        _("Score awarded; the standings are updated."),
    )


@director_required
@require_POST
def board_adjust(request, pk: int):
    """A duplicate table's adjusted score on one board (A+, A, A- per side)."""
    return _adjust_action(
        request,
        pk,
        lambda _tournament, game, post: director.board_adjust(
            game=game,
            by=request.user,
            board=post.get("board"),
            grades={"NS": post.get("ns", ""), "EW": post.get("ew", "")},
            reason=post.get("reason"),
        ),
        _("Board adjusted; the standings are updated."),
    )


def _console_form(target: str, action, success, section=None):
    """A console form posted to one director service: ``target`` ("round" or
    "tournament") is read from the request, ``action(target, post, by)`` writes,
    ``success`` (lazy) is the message; back to the console (at the posted table's
    ``section`` when the form is a table's)."""

    @director_required
    @require_POST
    def view(request, pk: int):
        obj = _round(request, pk) if target == "round" else get_tournament(request, pk)
        return _director_action(
            request,
            pk,
            lambda: action(obj, request.POST, request.user),
            str(success),
            section=section,
        )

    return view


substitute = _console_form(
    "round",
    lambda rnd, post, by: director.seat_substitute(
        round=rnd,
        by=by,
        table=post.get("table"),
        position=post.get("position"),
        entry=post.get("entry"),
        guest_name=post.get("guest_name", ""),
        reason=post.get("reason"),
    ),
    gettext_lazy("Player replaced."),
    section="sub",
)
close_round = _console_form(
    "round",
    lambda rnd, post, by: director.round_close(round=rnd, by=by),
    gettext_lazy("Round closed: its results are locked."),
)
reopen_round = _console_form(
    "round",
    lambda rnd, post, by: director.round_reopen(round=rnd, by=by, reason=post.get("reason")),
    gettext_lazy("Round reopened: its results can be corrected. Close it again when done."),
)
round_mode = _console_form(
    "round",
    lambda rnd, post, by: director.round_set_mode(round=rnd, by=by, mode=post.get("mode")),
    gettext_lazy("Saved."),
)
grace = _console_form(
    "tournament",
    lambda t, post, by: director.grace_set(tournament=t, by=by, seconds=post.get("seconds")),
    gettext_lazy("Saved."),
)
table_chat = _console_form(
    "tournament",
    lambda t, post, by: director.table_chat_set(
        tournament=t, by=by, allowed=post.get("allowed") == "1"
    ),
    gettext_lazy("Saved."),
)
round_minutes = _console_form(
    "tournament",
    lambda t, post, by: clock.round_minutes_set(tournament=t, by=by, minutes=post.get("minutes")),
    gettext_lazy("Saved: the next rounds' clocks use this time."),
)


@director_required
@require_POST
def round_clock(request, pk: int):
    rnd = _round(request, pk)
    action = request.POST.get("action")
    success = {
        "start": _("Clock started."),
        "pause": _("Clock paused."),
        "resume": _("Clock restarted."),
    }.get(action, _("Saved."))
    return _director_action(
        request, pk, lambda: clock.round_clock(round=rnd, by=request.user, action=action), success
    )


@director_required
@require_POST
def answer_call(request, pk: int, call_id: int):
    tournament = get_tournament(request, pk)
    call = get_object_or_404(DirectorCall, pk=call_id, round__tournament=tournament)
    calls.director_call_answer(call=call, by=request.user)
    messages.success(request, _("Table %(n)s: on your way.") % {"n": call.table})
    return _console_back(request, pk, call.table)


@director_required
@require_POST
def resolve_conflict(request, pk: int, submission_id: int):
    """A conflicting entry sent from a phone is settled (the sheet is right now)."""
    tournament = get_tournament(request, pk)
    row = get_object_or_404(
        SheetSubmission.objects.select_related("game"),
        pk=submission_id,
        game__round__tournament=tournament,
    )
    submissions.submission_resolve(submission=row, by=request.user)
    messages.success(request, _("Table %(n)s: conflict settled.") % {"n": row.game.table})
    return _console_back(request, pk, row.game.table)
