"""Readers for 450 results: a table's secretary's sheet, the console's table cards, the
every-round export, the records ``check`` reads."""

from __future__ import annotations

from typing import Any, Mapping

from games.engine.four_fifty import Game, get_rules, read_sheet
from games.engine.four_fifty.cards import CODE
from games.engine.four_fifty.sheet import major_starts
from tournaments import selectors_tables as ts
from tournaments.kinds.four_fifty.labels import card_choices, card_label, cards_label, seat_number
from tournaments.models import GameStatus, SheetLine, Status, TableGame, Tournament
from tournaments.selectors import open_call, round_clock

SECRETARY = "P1"


def rules_for(tournament: Tournament, players: int):
    return get_rules(players, dict(tournament.variant_options or {}))


def replay_lines(tournament: Tournament, players: int, lines) -> Game:
    """The table's game rebuilt from its sheet (lines in seq order)."""
    game = Game(rules_for(tournament, players), secretary=SECRETARY)
    for line in lines:
        game.add_sheet(read_sheet(line.record))
    return game


def next_line(tournament: Tournament, players: int, lines) -> dict[str, Any]:
    """The next line of the sheet: its number, dealer, lanceur, the double-faced card in
    force (None: a new one is drawn), or ``over`` once the game has ended."""
    game = replay_lines(tournament, players, lines)
    return {
        "over": game.is_over,
        "seq": len(lines) + 1,
        "dealer": game.dealer,
        "lanceur": game.lanceur,
        "double_face": game.double_face,
        "totals": game.totals,
        "winners": game.winners,
        "rules": game.rules,
    }


def _people(rnd, table) -> list[dict[str, Any]]:
    people = ts.table_people(rnd, table)
    return [
        {
            "seat": s,
            "number": seat_number(s),
            "name": people[s].name,
            "user_id": people[s].user_id,
            "entry_id": people[s].entry_id,
            "who": people[s].who,
        }
        for s in sorted(people)
    ]


def _line_rows(lines, seats) -> list[dict[str, Any]]:
    """Each line with its points per seat (in seat order) and the running totals."""
    running = {s: 0 for s in seats}
    out = []
    for line in lines:
        for s in seats:
            running[s] += int((line.points or {}).get(s, 0))
        out.append(
            {
                "line": line,
                "detail": line_detail(line),
                "cells": [
                    {"seat": s, "points": (line.points or {}).get(s, 0), "running": running[s]}
                    for s in seats
                ],
            }
        )
    return out


def line_detail(line: SheetLine) -> dict[str, Any]:
    """What a line says in words: each seat's cards, hand and points, the master, the
    double-faced card and its transformation (cards entry), the majors."""
    try:
        sheet = read_sheet(line.record)
    except Exception:  # noqa: BLE001  (a record the engine no longer reads: show points)
        return {"seats": {}, "master": line.master}
    result = sheet.result().to_dict()
    seats: dict[str, dict] = {}
    for s, final in result.get("final", {}).items():
        seats[s] = {
            "cards": cards_label(final.get("cards", ())),
            "hand": final.get("hand"),
            "value": final.get("value"),
            "bonus": final.get("bonus"),
            "points": final.get("points"),
            "base": cards_label((result.get("first_count") or {}).get(s, {}).get("cards", ())),
        }
    transformed = result.get("transformed")
    return {
        "seats": seats,
        "master": result.get("master"),
        "double_face": card_label(line.record.get("double_face", "")),
        "transformed": transformed["seat"] if transformed else None,
        "majors": sorted((line.record.get("majors") or {})),
        "entry": sheet.entry,
    }


def major_choices(rules) -> list[tuple[str, str]]:
    """(lowest card, "9♥ → R♥") for every major sequence at this player count."""
    m = rules.major_length
    return [
        (CODE[c], f"{card_label(CODE[c])} → {card_label(CODE[c + m - 1])}")
        for c in major_starts(rules)
    ]


def sheet_page(rnd, table: int, viewer, *, data: Mapping | None = None) -> dict[str, Any]:
    """Everything the 450 sheet page shows: players by seat, every round with its
    points and running totals, the totals to the target in large type, the next round
    (dealer, lanceur, the double-faced card in force) and its entry form."""
    tournament = rnd.tournament
    game = ts.table_game(rnd, table)
    people = _people(rnd, table)
    seats = [p["seat"] for p in people]
    names = {p["seat"]: p["name"] for p in people}
    lines = (
        list(SheetLine.objects.filter(game=game).order_by("seq").select_related("entered_by"))
        if game.pk is not None
        else []
    )
    nxt = next_line(tournament, len(seats), lines)
    rules = nxt["rules"]
    play = ts.round_play(rnd)
    my_seat = ts.seat_of(ts.table_people(rnd, table), viewer)
    is_director = viewer.is_authenticated and viewer.has_perm("club.run_tournaments")
    totals = game.totals if game.status == GameStatus.ADJUSTED else nxt["totals"]
    target = rules.target if rules.end == "target" else None
    closed = play.is_closed or tournament.status != Status.RUNNING
    return {
        "tournament": tournament,
        "round": rnd,
        "game": game,
        "table": table,
        "people": people,
        "seats": seats,
        "names": names,
        "lines": _line_rows(lines, seats),
        "next": {
            **nxt,
            "dealer_name": names.get(nxt["dealer"]),
            "lanceur_name": names.get(nxt["lanceur"]),
            "double_face_label": card_label(nxt["double_face"] or ""),
        },
        "totals": [
            {
                "seat": s,
                "number": seat_number(s),
                "name": names[s],
                "total": totals.get(s, 0),
                "to_go": max(0, target - totals.get(s, 0)) if target else None,
                "winner": s in nxt["winners"],
            }
            for s in seats
        ],
        "target": target,
        "rounds_total": rules.rounds if rules.end == "rounds" else None,
        "my_seat": my_seat,
        "closed": closed,
        "entry": tournament.sheet_entry,
        "can_enter": my_seat is not None
        and game.status == GameStatus.PLAYING
        and not nxt["over"]
        and not closed,
        "pending": [x for x in lines if not x.confirmed],
        "card_choices": card_choices(),
        "major_choices": major_choices(rules),
        "major_length": rules.major_length,
        "five": len(seats) == 5,
        "data": data or {},
        "is_director": is_director,
        "can_call": (my_seat is not None or is_director)
        and tournament.status == Status.RUNNING
        and not play.is_closed,
        "clock": round_clock(rnd) if not play.is_closed else None,
        "call": open_call(rnd, table),
    }


def form_data(line: SheetLine) -> dict[str, str]:
    """A line's record as the entry form's fields (the console's correction form)."""
    rec = line.record or {}
    data: dict[str, str] = {
        "double_face": rec.get("double_face", ""),
        "master": rec.get("master") or "",
        "aside": (rec.get("aside") or [""])[0],
    }
    for s, cards in (rec.get("hands") or {}).items():
        for k, c in enumerate(cards[:2], start=1):
            data[f"c{k}_{s}"] = c
    for s, c in (rec.get("pot") or {}).items():
        data[f"pot_{s}"] = c
    majors = rec.get("majors") or {}
    if isinstance(majors, dict):
        for s, cards in majors.items():
            data[f"major_{s}"] = cards[0] if cards else ""
    else:
        for s in majors:
            data[f"major_{s}"] = "1"
    for s, v in (rec.get("points") or {}).items():
        data[f"pts_{s}"] = str(v)
    return data


def console_table(rnd, table_number: int, game: TableGame | None, fix=None) -> dict:
    """A 450 table on the console: its lines (points per seat), the one being
    corrected and its form's values, the rules for the form's choices."""
    people = _people(rnd, table_number)
    seats = [p["seat"] for p in people]
    lines = list(game.sheet_lines.order_by("seq")) if game else []
    fixing = next((x for x in lines if x.pk == fix), None)
    rules = rules_for(rnd.tournament, max(3, min(6, len(seats))))
    data = form_data(fixing) if fixing else {}
    for p in people:  # the correction form's values
        p["v"] = {f: data.get(f"{f}_{p['seat']}", "") for f in ("c1", "c2", "pot", "major", "pts")}
    return {
        "people": people,
        "seats": seats,
        "lines": _line_rows(lines, seats),
        "fix": fixing,
        "fix_values": {k: data.get(k, "") for k in ("double_face", "aside", "master")},
        "major_choices": major_choices(rules),
        "major_length": rules.major_length,
        "five": len(seats) == 5,
        "pending": sum(1 for x in lines if not x.confirmed),
    }


def every_line(tournament: Tournament) -> list[SheetLine]:
    return list(
        SheetLine.objects.filter(game__round__tournament=tournament)
        .select_related("game__round")
        .order_by("game__round__number", "game__table", "seq")
    )


def game_records(tournament: Tournament) -> list[dict[str, Any]]:
    """One ``club450-game/1`` record per table's game (its sheet's rounds in order):
    ``python -m games.engine check`` re-scores every round and the totals."""
    out = []
    games = (
        TableGame.objects.filter(round__tournament=tournament)
        .select_related("round")
        .prefetch_related("sheet_lines")
        .order_by("round__number", "table")
    )
    for g in games:
        lines = sorted(g.sheet_lines.all(), key=lambda x: x.seq)
        if not lines:
            continue
        first = lines[0].record
        out.append(
            {
                "format": "club450-game/1",
                "players": first.get("players"),
                "options": first.get("options", {}),
                "secretary": SECRETARY,
                "rounds": [x.record for x in lines],
            }
        )
    return out
