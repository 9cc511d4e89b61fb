"""Readers for results: table sheets, standings (constant query count), console, season.

The standings are computed by the pure ``tournaments.standings.compute_standings`` from
the games that count (complete, or adjusted by the director) and the byes of the
published rounds. Competitors are entry ids (a player in the individual format, a pair in
the pairs format); for a season, players are member ids (guests stay per entry).
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace

from django.db.models import Q
from django.utils.safestring import mark_safe

from club.models import User
from games.models import Seat as LiveSeat
from games.selectors import present_users
from tournaments import selectors_tables as ts
from tournaments import standings as st
from tournaments.kinds.registry import tournament_kind
from tournaments.models import (
    ACTIVE_ENTRY,
    DirectorCall,
    Entry,
    EntryStatus,
    GameStatus,
    HandScore,
    PlayMode,
    Position,
    Round,
    RoundPlay,
    RoundStatus,
    Seat,
    SheetSubmission,
    Status,
    TableGame,
    TieRule,
    Tournament,
)
from tournaments.selectors import (
    cached_per_version,
    entries_sorted,
    member_history,
    open_call,
    round_clock,
    round_tables,
    seat_in_current_round,
)
from tournaments.selectors_duplicate import duplicate_standings, member_entry
from tournaments.selectors_duplicate_hold import (
    held_boards,
    held_rounds,
    rows_not_held,
    rows_shown,
    running_shown,
)

PLAYED = (RoundStatus.PUBLISHED, RoundStatus.PLAYING)
TIE_RULES = {TieRule.SHARED: st.TIE_SHARED, TieRule.GAMES_WON: st.TIE_WINS}


@dataclass
class Inputs:
    games: list = field(default_factory=list)
    byes: list = field(default_factory=list)
    names: dict = field(default_factory=dict)  # competitor -> name
    members: dict = field(default_factory=dict)  # pairs: entry -> (player ids)
    member_of: dict = field(default_factory=dict)  # entry -> season id
    rounds: int = 0
    running: list = field(default_factory=list)  # the games in progress (``running=True``)


def _season_id(entry, who="p"):
    uid = entry.player_id if who == "p" else entry.partner_id
    if uid is not None:
        return uid
    return f"guest-{entry.pk}-{who}"


COUNTED = (GameStatus.COMPLETE, GameStatus.ADJUSTED)
#: The flag of a game counted while in progress (the provisional ranking).
IN_PROGRESS = "in_progress"


def standings_inputs(tournament: Tournament, *, running: bool = False) -> Inputs:
    """Games that count and byes, from 2 queries (games, seats with entries).

    ``running``: also the games in progress of a round being played that have a hand
    entered (hall) or played (online) so far, at their totals so far, flagged
    ``IN_PROGRESS`` and listed in ``Inputs.running`` (the provisional ranking)."""
    out = Inputs(rounds=tournament.rounds_total)
    statuses = [*COUNTED, GameStatus.PLAYING] if running else list(COUNTED)
    games = {
        (g["round__number"], g["table"]): g
        for g in TableGame.objects.filter(round__tournament=tournament, status__in=statuses)
        .exclude(status=GameStatus.PLAYING, hands_done=0)
        .values(
            "round__number",
            "table",
            "ns_total",
            "ew_total",
            "totals",
            "flags",
            "status",
            "hands_done",
        )
    }
    sides: dict[tuple, dict] = {}
    seats = list(
        Seat.objects.filter(round__tournament=tournament, round__status__in=PLAYED).values_list(
            "round__number", "table", "position", "bye_score", "entry_id"
        )
    )
    entries = Entry.objects.filter(pk__in={row[4] for row in seats}).select_related(
        "player", "partner"
    )
    for e in entries:
        out.names[e.pk] = e.name
        if tournament.is_pairs:
            out.members[e.pk] = (_season_id(e, "p"), _season_id(e, "q"))
        else:
            out.member_of[e.pk] = _season_id(e)
    for n, table, position, bye_score, eid in seats:
        out.rounds = max(out.rounds, n)
        if position == Position.BYE:
            out.byes.append(st.Bye(round=n, competitor=eid, points=bye_score))
            continue
        side = ts.SIDE_OF.get(position, position)
        sides.setdefault((n, table), {}).setdefault(side, []).append((position, eid))
    kind = tournament_kind(tournament)
    order = kind.seat_positions(tournament)
    for key, g in games.items():
        by_side = sides.get(key)
        totals = kind.game_totals(g, by_side)
        if totals is None:
            continue
        live = g["status"] == GameStatus.PLAYING
        out.games.append(
            st.GameResult(
                round=key[0],
                table=key[1],
                sides={s: tuple(eid for _pos, eid in sorted(v)) for s, v in by_side.items()},
                totals=totals,
                flags={
                    "adjusted": g["status"] == GameStatus.ADJUSTED,
                    "bot": bool((g["flags"] or {}).get("bot")),
                    IN_PROGRESS: live,
                },
            )
        )
        if live:
            first = {s: min(_index(order, pos) for pos, _eid in v) for s, v in by_side.items()}
            out.running.append(
                {
                    "round": key[0],
                    "table": key[1],
                    "hands": g["hands_done"],
                    "sides": [
                        {"side": s, "total": totals[s]}
                        for s in sorted(totals, key=lambda s: (first.get(s, len(order)), s))
                    ],
                }
            )
    out.running.sort(key=lambda t: (t["round"], t["table"]))
    return out


def _index(order, position) -> int:
    return order.index(position) if position in order else len(order)


def compute(tournament: Tournament, inputs: Inputs | None = None, *, final=None):
    inputs = inputs or standings_inputs(tournament)
    bye_rule = tournament.bye_score
    return st.compute_standings(
        inputs.games,
        inputs.byes,
        fmt=tournament.format,
        tie_rule=TIE_RULES.get(tournament.tie_rule, st.TIE_SHARED),
        bye_rule=bye_rule,
        bye_points=tournament.bye_fixed_score if bye_rule == st.BYE_FIXED else None,
        final=(tournament.status == Status.FINISHED) if final is None else final,
        competitors=list(inputs.names),
        rounds=inputs.rounds or None,
        members=inputs.members or None,
    )


def _cells(scores) -> str:
    """The per-round score cells, pre-rendered (integers only: nothing to escape); a
    200-line table renders in a fraction of the time of a template loop."""
    return mark_safe(
        "".join(
            '<td class="r-round">·</td>' if v is None else f'<td class="r-round">{int(v)}</td>'
            for v in scores
        )
    )


def _rows(result, names) -> list[dict]:
    return [
        {
            "competitor": ln.competitor,
            "name": names.get(ln.competitor, str(ln.competitor)),
            "place": ln.place,
            "shared": ln.shared,
            "medal": ln.medal,
            "total": ln.total,
            "scores": ln.scores,
            "cells": _cells(ln.scores),
            "games": ln.games,
            "wins": ln.wins,
            "byes": ln.byes,
            "adjusted": ln.flags.get("adjusted", 0),
            "bot": ln.flags.get("bot", 0),
            "in_progress": ln.flags.get(IN_PROGRESS, 0),
        }
        for ln in result.lines
    ]


def standings_page(tournament: Tournament) -> dict:
    """Everything the standings page shows: plain dict rows (fast to render) with names
    and per-round scores. The official standings count finished (or adjusted) games
    only. While the tournament runs, also ``running``: each table's game in progress at
    its totals so far (round, table, hands, sides in seat order with their totals), and
    ``provisional``: the ranking that counts them beside the finished ones (rows as the
    official ones, never with medals; None when no game is in progress), as a
    current-score view. One read of the games serves both.

    A duplicate tournament ranks by matchpoints instead
    (``selectors_duplicate.duplicate_standings``); ``running`` is kept for the
    projector's table cards, over the boards whose results are shown
    (``selectors_duplicate_hold``)."""
    if tournament.duplicate:
        running = []
        if tournament.status == Status.RUNNING:
            running = standings_inputs(tournament, running=True).running
        return {**duplicate_standings(tournament), "running": running_shown(tournament, running)}
    inputs = standings_inputs(tournament, running=tournament.status == Status.RUNNING)
    official = replace(
        inputs, games=[g for g in inputs.games if not g.flags.get(IN_PROGRESS)], running=[]
    )
    result = compute(tournament, official)
    rows = _rows(result, inputs.names)
    provisional = None
    if inputs.running:
        provisional = _rows(compute(tournament, inputs, final=False), inputs.names)
    return {
        "standings": result,
        "rows": rows,
        "round_numbers": list(range(1, result.rounds + 1)),
        "final": result.final,
        "medallists": [r for r in rows if r["medal"]],
        "games_counted": len(official.games),
        "running": inputs.running,
        "provisional": provisional,
    }


def projector_cards(tournament: Tournament, rnd: Round | None, tables) -> list[dict]:
    """The projector's table cards of round ``rnd``: each table (``round_tables``) with
    its game in progress at its totals so far (``running``, or None)."""
    running = {}
    if rnd is not None and rnd.status == RoundStatus.PLAYING:
        page = standings_page_cached(tournament)
        running = {e["table"]: e for e in page["running"] if e["round"] == rnd.number}
    return [{"table": t, "running": running.get(t.number)} for t in tables]


def standings_page_cached(tournament: Tournament) -> dict:
    """``standings_page`` cached per tournament version: every write that changes
    results, seats or settings bumps the version (``tournament_touch``), so a cached page
    is never stale; the projector, phones and the standings page share one computation."""
    return cached_per_version(tournament, "standings", lambda: standings_page(tournament))


# ----------------------------------------------------------------- the viewer's place
def my_final(tournament: Tournament, user) -> dict | None:
    """A finished tournament: the viewer's final place, total and medal (or None)."""
    entry = member_entry(tournament, user)
    if entry is None:
        return None
    page = standings_page_cached(tournament)
    row = next((r for r in page["rows"] if r["competitor"] == entry.pk), None)
    if row is None or not row["games"]:
        return None
    return {**row, "count": len(page["rows"])}


def my_seat(tournament: Tournament, user) -> dict | None:
    """Where the viewer sits in the current published round (table, seat, partner); in
    a finished tournament, the viewer's final place instead."""
    if user is not None and user.is_authenticated and tournament.status == Status.FINISHED:
        final = my_final(tournament, user)
        if final is not None:
            return {"round": None, "state": "final", "final": final}
    return seat_in_current_round(tournament, user)


# ----------------------------------------------------------------- one table's sheet
def table_sheet(rnd: Round, table: int, viewer) -> dict:

    tournament = rnd.tournament
    game = ts.table_game(rnd, table)
    hands = (
        list(
            HandScore.objects.filter(game=game)
            .order_by("seq")
            .select_related("entered_by", "live_hand")
        )
        if game.pk is not None
        else []
    )
    people = ts.table_people(rnd, table)
    side = ts.side_of(people, viewer)
    nxt = ts.next_hand(tournament, hands, rnd)
    play = ts.round_play(rnd)
    is_director = viewer.is_authenticated and viewer.has_perm("club.run_tournaments")
    totals = {"NS": game.ns_total, "EW": game.ew_total}
    held = 0
    if side is None and not is_director and tournament.duplicate:
        # Another table's sheet: its rows of the boards held back wait
        # (``selectors_duplicate_hold``); the total is the rows shown.
        shown = rows_shown(rnd, hands, held_boards(tournament))
        held, hands = len(hands) - len(shown), shown
        if held:
            totals = {
                "NS": sum(h.ns_score for h in hands),
                "EW": sum(h.ew_score for h in hands),
            }
    running = {"NS": 0, "EW": 0}
    lines = []
    for h in hands:
        running = {"NS": running["NS"] + h.ns_score, "EW": running["EW"] + h.ew_score}
        lines.append({"hand": h, "running": running, "board": ts.board_of(rnd, h.hand)})
    return {
        "tournament": tournament,
        "round": rnd,
        "game": game,
        "table": table,
        "people": [people.get(s) for s in ts.SEATS],
        "lines": lines,
        "totals": totals,
        "held": held,
        "next": nxt,
        "my_side": side,
        "closed": play.is_closed or tournament.status != Status.RUNNING,
        "contracts": ts.allowed_contracts(tournament),
        "seats": ts.SEATS,
        "can_enter": side is not None
        and game.mode == PlayMode.HALL
        and game.status == GameStatus.PLAYING
        and not nxt["over"],
        "is_director": is_director,
        "pending": [h for h in hands if not h.confirmed],
        "other_side": {"NS": "EW", "EW": "NS"},
        "tricks_range": range(0, 11),
        "live_table": game.live_table,
        "can_call": (side is not None or is_director)
        and tournament.status == Status.RUNNING
        and not play.is_closed,
        "clock": round_clock(rnd) if not play.is_closed else None,
        "call": open_call(rnd, table),
    }


def viewer_table(tournament: Tournament, viewer) -> tuple[Round, int] | None:
    """The current round and table where the viewer sits (for the my-seat link)."""
    if not viewer.is_authenticated:
        return None
    rnd = Round.objects.filter(tournament=tournament, status__in=PLAYED).order_by("-number").first()
    if rnd is None:
        return None
    seat = (
        Seat.objects.filter(round=rnd)
        .exclude(position=Position.BYE)
        .filter(Q(entry__player=viewer) | Q(entry__partner=viewer))
        .first()
    )
    return (rnd, seat.table) if seat else None


def my_pin(tournament: Tournament, viewer) -> str | None:
    if not viewer.is_authenticated:
        return None
    e = (
        Entry.objects.filter(tournament=tournament, status__in=ACTIVE_ENTRY)
        .filter(Q(player=viewer) | Q(partner=viewer))
        .first()
    )
    if e is None:
        return None
    return ts.player_pin(tournament.pk, e.pk, "p" if e.player_id == viewer.pk else "q")


def entry_result(entry: Entry) -> dict | None:
    """{"place", "total", "medal", "shared", "games"} of an entry, or None (the
    tournament is not under way, or the entry has not played)."""
    if entry.tournament.status not in (Status.RUNNING, Status.FINISHED):
        return None
    if entry.tournament.duplicate:
        return _duplicate_line(entry.tournament, entry.pk)
    try:
        line = compute(entry.tournament).line(entry.pk)
    except KeyError:
        return None
    if not line.played:
        return None
    return {
        "place": line.place,
        "total": line.total,
        "medal": line.medal,
        "shared": line.shared,
        "games": line.games,
    }


def _duplicate_line(tournament: Tournament, entry_id: int) -> dict | None:
    """An entry's line of a duplicate tournament's standings (by matchpoints), or None."""
    rows = duplicate_standings(tournament)["rows"]
    row = next((r for r in rows if r["competitor"] == entry_id), None)
    if row is None:
        return None
    return {k: row[k] for k in ("place", "total", "medal", "shared", "games")}


def member_tournaments(member) -> list[dict]:
    """A member's tournaments, most recent first, each with its result (the member
    page): [{"entry", "result"}]."""
    return [{"entry": e, "result": entry_result(e)} for e in member_history(member)]


def live_table_call(table_id: int, user) -> dict | None:
    """On a tournament's live table: what the "call the director" button needs (the
    tournament, round and table number, the open call), else None."""
    if user is None or not user.is_authenticated:
        return None
    game = (
        TableGame.objects.filter(live_table_id=table_id).select_related("round__tournament").first()
    )
    if game is None or game.round.tournament.status != Status.RUNNING:
        return None
    return {
        "tournament": game.round.tournament,
        "round": game.round,
        "table": game.table,
        "call": open_call(game.round, game.table),
    }


# ----------------------------------------------------------------- director console
def open_conflicts(*, round: Round, table: int | None = None) -> list[SheetSubmission]:
    """Entries refused because the sheet changed meanwhile (``SheetSubmission``), not
    yet settled by the director: the round's, or one table's, oldest first."""
    rows = SheetSubmission.objects.filter(
        game__round=round, result=SheetSubmission.Result.CONFLICT, resolved_at__isnull=True
    )
    if table is not None:
        rows = rows.filter(game__table=table)
    return list(rows.select_related("user", "game").order_by("created_at", "id"))


def console(tournament: Tournament, rnd: Round | None, *, fix=None) -> dict:
    """Everything the console shows for one round: per table its players (and their
    connection online), score, hands, sign-off codes; the round's clock, calls, lock.
    ``fix``: a hand id whose correction form opens filled in."""
    settings_row = ts.results_settings(tournament)
    kind = tournament_kind(tournament)
    base = {
        "tournament": tournament,
        "round": rnd,
        "tables": [],
        "finished": tournament.status == Status.FINISHED,
        "reopened": settings_row.reopen_reason if settings_row.reopened_at else "",
        "minutes": settings_row.round_minutes,
    }
    if rnd is None:
        return base
    try:
        fix = int(fix) if fix not in (None, "") else None
    except (TypeError, ValueError):
        fix = None
    tables, byes = round_tables(rnd)
    games = {g.table: g for g in TableGame.objects.filter(round=rnd).select_related("live_table")}
    play = ts.round_play(rnd)
    hands_by_game: dict[int, list] = {}
    for h in HandScore.objects.filter(game__round=rnd).select_related("live_hand").order_by("seq"):
        hands_by_game.setdefault(h.game_id, []).append(h)
    calls = {c.table: c for c in DirectorCall.objects.filter(round=rnd, answered_at__isnull=True)}
    rows = []
    for t in tables:
        g = games.get(t.number)
        live = None
        if g is not None and g.live_table_id:
            present = present_users(g.live_table_id)
            live = {
                s.seat: {
                    "bot": s.is_bot,
                    "present": s.user_id in present if s.user_id else s.is_bot,
                }
                for s in LiveSeat.objects.filter(table_id=g.live_table_id)
            }
        people = ts.table_people(rnd, t.number)
        players = []
        for letter in kind.live_seats(people):
            p = people.get(letter)
            players.append(
                {
                    "seat": letter,
                    "name": p.name if p else "",
                    "pin": ts.player_pin(tournament.pk, p.entry_id, p.who) if p else "",
                    "live": (live or {}).get(letter),
                }
            )
        hands = hands_by_game.get(g.pk, []) if g else []
        fixing = next((h for h in hands if h.pk == fix), None)
        order = kind.seat_positions(tournament)
        positions = sorted(
            t.entries.items(),
            key=lambda item: (order.index(item[0]) if item[0] in order else len(order), item[0]),
        )
        rows.append(
            {
                "table": t,
                "game": g,
                "hands": hands,
                "players": players,
                "positions": positions,
                "online": (g.mode if g else play.mode) == "online",
                "call": calls.get(t.number),
                "fix": fixing,
                "kind_row": kind.console_table(rnd, t.number, g, fix),
            }
        )
    seated = {e.pk for t in tables for e in t.entries.values()}
    subs = [
        e
        for e in entries_sorted(tournament, statuses=[EntryStatus.CONFIRMED])
        if e.checked_in and e.pk not in seated
    ]
    locked = base["finished"] or play.is_closed
    done = sum(1 for r in rows if r["game"] is not None and r["game"].counts)
    pending = sum(r["game"].hands_pending for r in rows if r["game"] is not None)
    extra = kind.console_extra(tournament)
    return {
        **base,
        **extra,
        "play": play,
        "tables": rows,
        "byes": byes,
        "substitutes": subs,
        "grace": settings_row.absence_grace_seconds,
        "table_chat": settings_row.table_chat,
        "any_online": play.mode == "online" or any(r["online"] for r in rows),
        "locked": locked,
        "calls": sorted(calls.values(), key=lambda c: c.created_at),
        "conflicts": open_conflicts(round=rnd),
        "clock": round_clock(rnd),
        "tables_done": done,
        "hands_pending": pending,
        # a duplicate round's boards, for the adjusted score of a board
        "round_boards": list(range(rnd.board_numbers[0], rnd.board_numbers[1] + 1))
        if rnd.board_seed
        else [],
    }


def every_hand(tournament: Tournament) -> list[dict]:
    """Every hand of every table in order, and after a table's hands the totals the
    director awarded when its game was adjusted (the every-hand export); a duplicate
    board's hands once no table has still to play it (``selectors_duplicate_hold``)."""
    hands = (
        HandScore.objects.filter(game__round__tournament=tournament)
        .select_related("game__round", "live_hand")
        .order_by("game__round__number", "game__table", "seq")
    )
    hands = rows_not_held(tournament, hands)
    adjusted = list(
        TableGame.objects.filter(
            round__tournament=tournament, status=GameStatus.ADJUSTED
        ).select_related("round")
    )
    lines = [{"key": (h.game.round.number, h.game.table, 0, h.seq), "hand": h} for h in hands]
    lines += [{"key": (g.round.number, g.table, 1, 0), "game": g} for g in adjusted]
    return sorted(lines, key=lambda line: line["key"])


def corrections(tournament: Tournament) -> dict:
    """What the standings say about late changes: rounds corrected after being closed,
    and a finished tournament reopened."""
    plays = (
        RoundPlay.objects.filter(round__tournament=tournament, corrected_at__isnull=False)
        .select_related("round")
        .order_by("round__number")
    )
    settings_row = ts.results_settings(tournament)
    return {
        "corrected_rounds": [
            {"round": p.round.number, "at": p.corrected_at, "reason": p.reopen_reason}
            for p in plays
        ],
        "reopened": {"at": settings_row.reopened_at, "reason": settings_row.reopen_reason}
        if settings_row.reopened_at and tournament.status == Status.RUNNING
        else None,
    }


# ----------------------------------------------------------------- members and seasons
def member_results(member) -> dict[int, dict]:
    """Tournament id -> {"place", "total", "medal", "shared"} for a member's tournaments."""
    entries = list(
        Entry.objects.filter(Q(player=member) | Q(partner=member))
        .filter(tournament__status__in=[Status.RUNNING, Status.FINISHED])
        .select_related("tournament")[:30]
    )
    out = {}
    for e in entries:
        if e.tournament.duplicate:
            line = _duplicate_line(e.tournament, e.pk)
            if line is not None:
                out[e.tournament_id] = line
            continue
        result = compute(e.tournament)
        try:
            ln = result.line(e.pk)
        except KeyError:
            continue
        out[e.tournament_id] = {
            "place": ln.place,
            "total": ln.total,
            "medal": ln.medal,
            "shared": ln.shared,
            "games": ln.games,
        }
    return out


def season_page(
    tournaments: list[Tournament], scoring: str = "points", best_of: int | None = None
) -> dict:
    """A season ranking over the given tournaments, players as members."""
    stands, names = [], {}
    for t in tournaments:
        inputs = standings_inputs(t)
        held = held_rounds(t)
        if held:  # a duplicate round's game counts once no board of it is held back
            inputs.games = [g for g in inputs.games if g.round not in held]
        res = compute(t, inputs, final=True)
        if not t.is_pairs:  # competitors are entries: re-key to members
            games = [
                st.GameResult(
                    round=g.round,
                    table=g.table,
                    flags=g.flags,
                    totals=g.totals,
                    sides={s: tuple(inputs.member_of[c] for c in v) for s, v in g.sides.items()},
                )
                for g in inputs.games
            ]
            byes = [
                st.Bye(round=b.round, competitor=inputs.member_of[b.competitor], points=b.points)
                for b in inputs.byes
            ]
            for eid, mid in inputs.member_of.items():
                names.setdefault(mid, inputs.names[eid])
            inputs2 = Inputs(
                games=games,
                byes=byes,
                names={m: None for m in inputs.member_of.values()},
                rounds=inputs.rounds,
            )
            res = compute(t, inputs2, final=True)
        stands.append(res)
    ranking = st.season_ranking(stands, scoring, best_of=best_of)
    ids = [ln.player for ln in ranking.lines if isinstance(ln.player, int)]
    users = {u.pk: u.public_name for u in User.objects.filter(pk__in=ids)}
    rows = [
        {"line": ln, "name": users.get(ln.player) or names.get(ln.player) or str(ln.player)}
        for ln in ranking.lines
    ]
    return {"ranking": ranking, "rows": rows, "tournaments": tournaments}


def table_pins(rnd: Round) -> dict[int, list[dict]]:
    """Table number -> each seated player's sign-off code (printed on the table cards).
    An online round needs none (the engine's scores are signed by themselves)."""
    if ts.round_play(rnd).mode == PlayMode.ONLINE:
        return {}
    out: dict[int, list[dict]] = {}
    tables = sorted(
        set(
            Seat.objects.filter(round=rnd)
            .exclude(position=Position.BYE)
            .values_list("table", flat=True)
        )
    )
    for table in tables:
        people = ts.table_people(rnd, table)
        order = ts.SEATS if any(s in ts.SEATS for s in people) else sorted(people)
        out[table] = [
            {
                "seat": s,
                "name": people[s].name,
                "pin": ts.player_pin(rnd.tournament_id, people[s].entry_id, people[s].who),
            }
            for s in order
            if s in people
        ]
    return out
