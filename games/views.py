"""Pages of the live tables: lobby, table, seat changes, replays and hand records."""

from __future__ import annotations

import json

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.contrib.auth.views import redirect_to_login
from django.core.exceptions import PermissionDenied
from django.http import Http404, JsonResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST, require_safe

from games import hooks, selectors, services, thoughts
from games.errors import TableError
from games.forms import TableForm
from games.kinds import kind_of
from games.kinds.base import CHAT, SEATS
from games.models import Table
from games.option_labels import variant_label


class InviteOnly(PermissionDenied):
    """An invite-only table opened by a member without the invitation (the table page
    and its forms answer with ``games/invite_only.html``; other pages with the 403 page).
    ``reason``: the refusal an app gave (a tournament's table), shown instead."""

    def __init__(self, reason: str = "", back: str = "", back_label: str = ""):
        super().__init__(reason)
        self.reason = reason
        self.back = back
        self.back_label = back_label


def _table_for(request, table_id: int) -> Table:
    table = get_object_or_404(Table, pk=table_id)
    invited = table.pk in selectors.invited_tables(request.session)
    refusal = selectors.view_refusal(table, request.user, invited=invited)
    if refusal is not None:
        raise InviteOnly(refusal.reason, refusal.back, refusal.back_label)
    return table


def _invite_only(request, error: InviteOnly | None = None):
    """The page an invite-only table shows a member without the invitation (403), or
    the reason an app refused it (a tournament's table: who may watch it)."""
    context = {"reason": "", "back": "", "back_label": ""}
    if error is not None:
        context = {"reason": error.reason, "back": error.back, "back_label": error.back_label}
    return render(request, "games/invite_only.html", context, status=403)


@login_required
def lobby(request):
    form = TableForm(request.POST if request.method == "POST" else None)
    if request.method == "POST" and form.is_valid():
        data = form.cleaned_data
        try:
            table = services.table_create(
                host=request.user,
                kind=data["kind"],
                variant=data["variant"],
                options=data["options"],
                name=data["name"],
                visibility=data["visibility"],
                bot_delay_ms=data["bot_delay_ms"],
                absence_grace_seconds=data["absence_grace_seconds"],
                review_seconds=data["review_seconds"] or 30,
                bot_level=data["bot_level"],
            )
        except TableError as error:
            form.add_error(None, error.message)
        else:
            return redirect(table)
    tables = selectors.lobby_tables(request.user)
    context = {"form": form, "tables": tables}
    if request.htmx and request.method == "GET":
        return render(request, "games/_table_list.html", context)
    return render(request, "games/lobby.html", context)


def table_page(request, table_id: int):
    """A live table. Visitors who are not logged in see it only when an app lets them
    watch (a tournament open to everyone); else they are asked to log in."""
    try:
        table = _table_for(request, table_id)
    except InviteOnly as error:
        if not request.user.is_authenticated and not error.reason:
            return redirect_to_login(request.get_full_path())
        return _invite_only(request, error)
    member = request.user.is_authenticated
    if member and request.user.table_ready == table.pk:  # found: no more "table is ready"
        services.member_table_found(user=request.user)
    snapshot = selectors.table_snapshot(table.pk, request.user)
    kind = kind_of(table.kind)
    # A visitor watches: no chat (closed to visitors), no seat panel.
    features = kind.features if member else kind.features - {CHAT, SEATS}
    return render(
        request,
        "games/table.html",
        {
            "table": table,
            "kind": kind,
            "snapshot": snapshot,
            "variant_label": variant_label(table.variant),
            "snapshot_json": json.dumps(snapshot),
            "is_tournament": hooks.watched(table.pk),
            "features": features,
            **hooks.table_page_context(request, table),
        },
    )


@login_required
def table_invite(request, table_id: int, token: str):
    table = get_object_or_404(Table, pk=table_id, invite_token=token)
    invited = selectors.invited_tables(request.session) | {table.pk}
    request.session[selectors.INVITED_SESSION_KEY] = sorted(invited)
    return redirect(table)


def _table_action(request, table_id: int, do):
    try:
        table = _table_for(request, table_id)
    except InviteOnly as error:
        return _invite_only(request, error)
    try:
        do(table)
    except TableError as error:
        messages.error(request, error.message)
    if request.htmx:
        return JsonResponse({"ok": True})
    return redirect(table)


@require_POST
@login_required
def table_sit(request, table_id: int):
    seat = request.POST.get("seat", "")
    return _table_action(
        request,
        table_id,
        lambda t: services.table_join(table_id=t.pk, user=request.user, seat=seat),
    )


@require_POST
@login_required
def table_leave(request, table_id: int):
    return _table_action(
        request, table_id, lambda t: services.table_leave(table_id=t.pk, user=request.user)
    )


@require_POST
@login_required
def table_bot(request, table_id: int):
    seat, bot = request.POST.get("seat", ""), request.POST.get("bot") == "1"
    return _table_action(
        request,
        table_id,
        lambda t: services.table_set_bot(table_id=t.pk, user=request.user, seat=seat, bot=bot),
    )


@require_POST
@login_required
def table_bot_level(request, table_id: int):
    """The host chooses the level of the table's bots (before the game, or between
    two hands)."""
    level = request.POST.get("level", "")
    return _table_action(
        request,
        table_id,
        lambda t: services.table_set_bot_level(table_id=t.pk, user=request.user, level=level),
    )


@require_POST
@login_required
def table_fill_bots(request, table_id: int):
    return _table_action(
        request, table_id, lambda t: services.table_fill_with_bots(table_id=t.pk, user=request.user)
    )


@require_POST
@login_required
def table_start(request, table_id: int):
    return _table_action(
        request, table_id, lambda t: services.table_start(table_id=t.pk, user=request.user)
    )


@require_POST
@login_required
def table_rematch(request, table_id: int):
    """Propose (or accept) a rematch of a finished game: on to the rematch's table."""
    try:
        table = _table_for(request, table_id)
    except InviteOnly as error:
        return _invite_only(request, error)
    try:
        new = services.table_rematch(table_id=table.pk, user=request.user)
    except TableError as error:
        messages.error(request, error.message)
        return redirect(table)
    return redirect(new)


@require_POST
@login_required
def seat_bot(request, table_id: int):
    """The host (a director at a tournament's table) gives an absent player's seat to
    a bot for the rest of the game."""
    seat = request.POST.get("seat", "")
    return _table_action(
        request,
        table_id,
        lambda t: services.seat_give_to_bot(table_id=t.pk, by=request.user, seat=seat),
    )


@require_POST
@login_required
def table_rematch_answer(request, table_id: int):
    """Accept a rematch (on to its table) or decline it (back to the lobby)."""
    accept = request.POST.get("accept") == "1"
    try:
        table = _table_for(request, table_id)
    except InviteOnly as error:
        return _invite_only(request, error)
    try:
        services.table_rematch_answer(table_id=table.pk, user=request.user, accept=accept)
    except TableError as error:
        messages.error(request, error.message)
        return redirect(table)
    return redirect(table) if accept else redirect("games:lobby")


@require_POST
@login_required
def seat_free(request, table_id: int):
    """The host (a director at a tournament's table) frees a bot's seat for a member."""
    seat = request.POST.get("seat", "")
    return _table_action(
        request, table_id, lambda t: services.seat_free(table_id=t.pk, by=request.user, seat=seat)
    )


def _readable(table: Table, user, number: int) -> None:
    """PermissionDenied, with the reason, when ``user`` may not read the hand yet."""
    refusal = selectors.record_refusal(table, user, number)
    if refusal is not None:
        raise PermissionDenied(refusal)


@login_required
def hand_replay(request, table_id: int, number: int):
    """A finished hand step by step: one page for every kind (``games/replay.html``),
    with the kind's part of it and its replay renderer."""
    table = _table_for(request, table_id)
    _readable(table, request.user, number)
    record = selectors.hand_record(table, number)
    if record is None:
        raise Http404
    kind = kind_of(table.kind)
    return render(
        request,
        "games/replay.html",
        {
            "table": table,
            "number": number,
            "variant_label": variant_label(table.variant),
            "record_json": json.dumps(record),
            "replay": {**kind.replay_data(record), "players": selectors.seat_names(table)},
            "replay_part": kind.replay_part,
            "replay_client": kind.replay_client,
            "hands": selectors.readable_hands(table, request.user),
            "board": selectors.board_of(table, number),
        },
    )


@require_safe
@login_required
def hand_thoughts(request, table_id: int, number: int, step: int):
    """What the searching bot would play at a step of a finished hand (the replay's
    "what would the bot play here"), as JSON; an error as ``{"error": ...}``."""
    try:
        table = _table_for(request, table_id)
    except InviteOnly as error:
        return JsonResponse({"error": error.reason or _("This table is invite-only")}, status=403)
    refusal = selectors.record_refusal(table, request.user, number)
    if refusal is not None:
        return JsonResponse({"error": refusal}, status=403)
    try:
        return JsonResponse(thoughts.hand_thoughts(table, number, step, request.user))
    except thoughts.ThoughtsRefused as refused:
        return JsonResponse({"error": refused.message}, status=refused.status)


@login_required
def hand_record_download(request, table_id: int, number: int):
    table = _table_for(request, table_id)
    _readable(table, request.user, number)
    record = selectors.hand_record(table, number)
    if record is None:
        raise Http404
    response = JsonResponse(record, json_dumps_params={"indent": 1})
    board = selectors.board_of(table, number)  # a duplicate board: named in the file's name
    name = f"table{table.pk}-hand{number}" + (f"-board{board}" if board else "")
    response["Content-Disposition"] = f'attachment; filename="{name}.json"'
    return response


@login_required
def game_records_download(request, table_id: int):
    """Every finished hand of the table the member may read, as a JSON array of hand
    records (a duplicate board held back is left out until it is shown)."""
    table = _table_for(request, table_id)
    readable = selectors.readable_hands(table, request.user)
    records = selectors.hand_records(table, [row.number for row in readable])
    response = JsonResponse(records, safe=False, json_dumps_params={"indent": 1})
    response["Content-Disposition"] = f'attachment; filename="table{table.pk}-hands.json"'
    return response
