"""The secretary's sheet of a 450 table: a round entered from a phone, confirmed by
another player of the table, corrected by a director; totals to the target.

The engine is the only scorer: each round goes through
``games.engine.four_fifty.score_cards`` (the last two cards of each player, the pot
card each received, the double-faced card in force, the card set aside at five, the
major sequences, the master) or ``score_points`` (the director's choice: points counted
at the table), and the table's game is replayed through ``four_fifty.Game`` (seat 1 is
the secretary, seat 2 deals the first round, the winner of a round leads the next, the
double-faced card stays two rounds, the game ends at the target or after its rounds).

Concurrency and sign-off as for 500 (``tournaments.services.results``): the game row is
locked, a round is entered for an expected number (``seq``, unique per game), and a
player of another seat confirms it, from his phone or with his code on this one.
"""

from __future__ import annotations

from typing import Any, Mapping

from django.db import IntegrityError, transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from games.engine import EngineError
from games.engine.four_fifty import Game, read_sheet, score_cards, score_points
from games.engine.four_fifty.cards import CARD_OF, CODE
from games.engine.four_fifty.sheet import (
    ENTRY_POINTS,
    counts_so_far,
    hand_values,
    major_from,
)
from tournaments.errors import ConflictError, TournamentError
from tournaments.kinds.four_fifty.labels import card_label, seat_number
from tournaments.kinds.four_fifty.selectors import SECRETARY, next_line, replay_lines, rules_for
from tournaments.models import GameStatus, SheetEntry, SheetLine, TableGame, Tournament
from tournaments.selectors_tables import TablePerson, seat_of, table_people
from tournaments.services.events import tournament_touch
from tournaments.services.results import (
    _check_open,
    _lock,
    expect_seq,
    mark_confirmed,
    sign_off,
    take_back,
)


# ----------------------------------------------------------------- reading the form
def _value(data: Mapping, key: str) -> str:
    value = data.get(key, "")
    return value.strip().upper() if isinstance(value, str) else ""


def entry_kwargs(rules, data: Mapping, *, entry: str) -> dict[str, Any]:
    """The engine's arguments from the form's fields: per seat ``c1_P1``, ``c2_P1``
    (the last two cards), ``pot_P1``, ``major_P1`` (the lowest card of the sequence);
    ``aside``, ``double_face``, ``master``; in points entry ``pts_P1`` and ``major_P1``
    (ticked)."""
    seats = rules.seats
    master = _value(data, "master") or None
    if entry == ENTRY_POINTS:
        points: dict[str, Any] = {}
        for s in seats:
            raw = _value(data, f"pts_{s}")
            if raw:
                try:
                    points[s] = int(raw)
                except ValueError:
                    points[s] = raw
        return {
            "points": points,
            "master": master,
            "majors": [s for s in seats if _value(data, f"major_{s}")],
        }
    hands, pot, majors = {}, {}, {}
    for s in seats:
        cards = [c for c in (_value(data, f"c1_{s}"), _value(data, f"c2_{s}")) if c]
        if cards:
            hands[s] = cards
        if _value(data, f"pot_{s}"):
            pot[s] = _value(data, f"pot_{s}")
        start = _value(data, f"major_{s}")
        if start:
            c = CARD_OF.get(start)
            majors[s] = [CODE[x] for x in major_from(rules, c)] if c is not None else [start]
    aside = _value(data, "aside")
    return {
        "hands": hands,
        "pot": pot,
        "majors": majors,
        "master": master,
        "aside": [aside] if aside else [],
        "double_face": _value(data, "double_face"),
    }


def _names(people: Mapping[str, TablePerson], seats) -> str:
    return ", ".join(people[s].name if s in people else seat_number(s) for s in seats)


def _message(error: EngineError, people: Mapping[str, TablePerson], kwargs) -> str:
    """An engine error as the table reads it (names, cards in the page's language)."""
    p = error.params
    code = error.code
    field = error.field or ""
    seat = p.get("seat") or (field.split(".")[1] if "." in field else "")
    name = people[seat].name if seat in people else seat_number(seat)
    if code == "duplicate_card":
        who = [_("set aside") if s == "aside" else _names(people, [s]) for s in p["seats"]]
        return _("%(card)s is entered twice: %(first)s and %(second)s.") % {
            "card": card_label(p["card"]),
            "first": who[0],
            "second": who[1],
        }
    if code == "missing_player":
        if "points" in kwargs:
            return _("Enter the points of %(names)s.") % {"names": _names(people, p["seats"])}
        return _(
            "No cards are entered for %(names)s: every player of the table is on the sheet."
        ) % {"names": _names(people, p["seats"])}
    if code == "wrong_card_count":
        if field == "aside":
            return _("Five players: enter the card set aside (or eliminated).")
        if field.startswith("pot."):
            return _("%(name)s: enter the pot card he received.") % {"name": name}
        if p.get("count", 0) == 0:
            return _("%(name)s: enter his last two cards.") % {"name": name}
        return _(
            "%(name)s: %(count)s card entered in his hand; his last two cards make the base hand."
        ) % {"name": name, "count": p.get("count")}
    if code == "unknown_card":
        if field == "double_face":
            return _("Enter the double-faced card (drawn before this round).")
        return _("Unknown card: %(card)s.") % {"card": p.get("card")}
    if code == "not_a_major_sequence":
        return _("%(name)s: these cards are not a major sequence.") % {"name": name}
    if code == "wrong_master":
        return _master_message(people, kwargs)
    if code == "impossible_points":
        return _(
            "%(name)s: no hand counts %(points)s points (a hand counts 0, or %(low)s to %(high)s)."
        ) % {"name": name, "points": p.get("points"), "low": p.get("low"), "high": p.get("high")}
    if code == "bad_points":
        return _("%(name)s: the points are a whole number.") % {"name": name}
    if field.endswith("double_face"):
        return _("The double-faced card is still the one drawn before the last round.")
    return _("This round cannot be scored: %(error)s") % {"error": str(error)}


def _master_message(people, kwargs) -> str:
    """Who the cards make master, and why (the entered master differs)."""
    rules, dealer = kwargs["_rules"], kwargs["_dealer"]
    args = {k: v for k, v in kwargs.items() if not k.startswith("_")}
    result = score_cards(rules, dealer=dealer, **{**args, "master": None}).result()
    if result.master < 0:
        return _("No player has a base hand in his last two cards: there is no master.")
    name = _names(people, [rules.seats[result.master]])
    if result.master_reason == "valet_de_pique":
        return _("%(name)s is the master: he holds the jack of spades in his last two cards.") % {
            "name": name
        }
    return _("%(name)s is the master: his base hand is the best.") % {"name": name}


def score_line(
    tournament: Tournament,
    *,
    people: Mapping[str, TablePerson],
    rules,
    dealer: str,
    double_face: str | None,
    data: Mapping,
):
    """Score one round from the form (a SheetRound); TournamentError if it cannot be."""
    entry = tournament.sheet_entry
    kwargs = entry_kwargs(rules, data, entry=entry)
    d = rules.seat_index[dealer]
    try:
        if entry == SheetEntry.POINTS:
            return score_points(rules, dealer=d, **kwargs)
        if double_face:  # in force: the one drawn before the last round
            kwargs["double_face"] = double_face
        return score_cards(rules, dealer=d, **kwargs)
    except EngineError as error:
        raise TournamentError(
            error.code, _message(error, people, {**kwargs, "_rules": rules, "_dealer": d})
        ) from None


def score_next(tournament: Tournament, people, nxt: Mapping, data: Mapping):
    """The sheet's next round (``next_line``) scored from the form."""
    return score_line(
        tournament,
        people=people,
        rules=nxt["rules"],
        dealer=nxt["dealer"],
        double_face=nxt["double_face"],
        data=data,
    )


def preview(tournament: Tournament, *, game: TableGame, data: Mapping) -> dict[str, Any]:
    """The points of the round being typed, as the engine counts them (never typed):
    ``result`` once the round scores, else ``error`` (what is missing or wrong); and in
    both, ``values``: each player's hand as entered so far (``hand_values_so_far``)."""
    people = table_people(game.round, game.table)
    lines = list(game.sheet_lines.order_by("seq"))
    nxt = next_line(tournament, len(people), lines)
    try:
        line = score_next(tournament, people, nxt, data)
    except TournamentError as exc:
        values = hand_values_so_far(tournament, nxt["rules"], data, None)
        return {"error": exc.message, "values": values}
    result = line.result().to_dict()
    return {
        "sheet": line,
        "result": result,
        "values": hand_values_so_far(tournament, nxt["rules"], data, result),
    }


def hand_values_so_far(
    tournament: Tournament, rules, data: Mapping, result
) -> dict[str, Any] | None:
    """Seat -> its hand's live value on the entry form (cards entry; points entry: None):
    ``points``, ``value``, ``hand``, ``bonus``; ``counted``: the round's own count (every
    card in, the double-faced card's transformation done) rather than the cards so far."""
    if tournament.sheet_entry == SheetEntry.POINTS:
        return None
    if result is not None:
        return {
            s: {
                "points": f["points"],
                "value": f["value"],
                "hand": f["hand"],
                "bonus": f["bonus"],
                "counted": True,
            }
            for s, f in result["final"].items()
        }
    kwargs = entry_kwargs(rules, data, entry=tournament.sheet_entry)
    so_far = counts_so_far(rules, hands=kwargs["hands"], pot=kwargs["pot"], majors=kwargs["majors"])
    return {
        s: {
            "points": count.value + bonus,
            "value": count.value,
            "hand": count.hand,
            "bonus": bonus,
            "counted": False,
        }
        for s, (count, bonus) in so_far.items()
    }


# ----------------------------------------------------------------- writers
def recompute(game: TableGame) -> None:
    """Totals per seat, rounds done / pending, complete once the game has ended and
    every round is confirmed (an adjusted game stays adjusted)."""
    tournament = game.round.tournament
    lines = list(game.sheet_lines.order_by("seq"))
    players = len(table_people(game.round, game.table))
    sheet = replay_lines(tournament, players, lines)
    pending = sum(1 for line in lines if not line.confirmed)
    game.hands_done, game.hands_pending = len(lines), pending
    if game.status != GameStatus.ADJUSTED:
        game.totals = sheet.totals
        complete = sheet.is_over and pending == 0
        game.status = GameStatus.COMPLETE if complete else GameStatus.PLAYING
        game.completed_at = (game.completed_at or timezone.now()) if complete else None
    game.version += 1
    game.save()


def _fill(line: SheetLine, sheet) -> None:
    result = sheet.result()
    line.record = sheet.to_record()
    line.entry = sheet.entry
    line.points = sheet.points()
    line.master = sheet.rules.seats[result.master] if result.master >= 0 else ""


@transaction.atomic
def line_enter(*, game: TableGame, user, seq: Any, data: Mapping) -> SheetLine:
    """A player of the table enters the next round of the sheet (pending until another
    player confirms it). ``seq``: the round number the phone showed."""
    game = _lock(game)
    _check_open(game)
    tournament = game.round.tournament
    if game.status == GameStatus.ADJUSTED:
        raise TournamentError(
            "adjusted", _("The director awarded this game a score: no more rounds can be entered.")
        )
    people = table_people(game.round, game.table)
    seat = seat_of(people, user)
    if seat is None:
        raise TournamentError(
            "not_at_table", _("Only the players of this table can enter its rounds.")
        )
    lines = list(game.sheet_lines.order_by("seq"))
    nxt = next_line(tournament, len(people), lines)
    seq = expect_seq(
        seq,
        nxt["seq"],
        lines,
        by=_("This round was already entered by %(name)s. The sheet now shows it."),
        plain=_("This round was already entered. The sheet now shows it."),
    )
    if nxt["over"]:
        raise TournamentError("game_over", _("The game is over: every round is entered."))
    sheet = score_next(tournament, people, nxt, data)
    line = SheetLine(game=game, seq=seq, dealer=nxt["dealer"], entered_seat=seat, entered_by=user)
    _fill(line, sheet)
    try:
        with transaction.atomic():
            line.save()
    except IntegrityError:
        raise ConflictError(
            "already_entered", _("This round was already entered. The sheet now shows it.")
        ) from None
    recompute(game)
    tournament_touch(tournament=tournament)
    return line


@transaction.atomic
def line_confirm(*, line: SheetLine, user, pin: str = "") -> SheetLine:
    """Another player of the table signs the round off: logged in on his phone, or his
    code typed on the entering phone; a director may confirm any round."""
    game = _lock(line.game)
    _check_open(game)
    line = SheetLine.objects.select_for_update().get(pk=line.pk)
    if line.confirmed:
        raise TournamentError("already_confirmed", _("This round is already confirmed."))
    people = table_people(game.round, game.table)
    entered = line.entered_seat
    signer = sign_off(
        game,
        people,
        user,
        pin,
        signs=lambda seat: seat != entered,
        entered=lambda seat: seat == entered,
        messages={
            "same_pin": _(
                "This is the code of the player who entered the "
                "round: another player must confirm it."
            ),
            "bad_pin": _("Wrong code: type the code of another player of the table."),
            "same": _(
                "Another player of the table must confirm this round "
                "(from his phone, or with his code on this one)."
            ),
            "not_at_table": _("Only the players of this table can confirm its rounds."),
        },
    )
    mark_confirmed(line, user, signer)
    recompute(game)
    tournament_touch(tournament=game.round.tournament)
    return line


@transaction.atomic
def line_withdraw(*, line: SheetLine, user) -> None:
    """The player who entered the last round takes it back while it is unconfirmed."""
    take_back(
        line,
        user=user,
        owner=seat_of,
        entered_by="entered_seat",
        messages={
            "not_yours": _("Only the player who entered this round can take it back."),
            "already_confirmed": _("This round is confirmed: ask the director to correct it."),
            "not_last": _("Only the last round can be taken back."),
        },
        recompute=recompute,
    )


def line_snapshot(line: SheetLine) -> dict[str, Any]:
    return {
        "seq": line.seq,
        "dealer": line.dealer,
        "record": line.record,
        "points": line.points,
        "confirmed": line.confirmed,
    }


def rescore_after(tournament: Tournament, people, lines, *, after: int) -> None:
    """After a correction of round ``after``: the sheet again (``lines``, all of them in
    order), each later round dealt by whom the corrected sheet says (the winner of a
    round leads the next), its master recomputed from its cards. A round that no longer
    adds up is refused, naming it."""
    rules = rules_for(tournament, len(people))
    sheet = Game(rules, secretary=SECRETARY)
    for line in lines:
        if line.seq <= after:
            sheet.add_sheet(read_sheet(line.record))
            continue
        record = dict(line.record)
        record["dealer"] = sheet.dealer
        cards = record.get("entry") != ENTRY_POINTS
        if cards:
            record.pop("master", None)
            if sheet.double_face:
                record["double_face"] = sheet.double_face
        try:
            scored = read_sheet(record)
            if cards and scored.result().master >= 0:
                record["master"] = rules.seats[scored.result().master]
                scored = read_sheet(record)
            sheet.add_sheet(scored)
        except EngineError as error:
            raise TournamentError(
                "correction_breaks",
                _("With this correction round %(n)s no longer adds up (%(error)s): correct it too.")
                % {"n": line.seq, "error": _message(error, people, {})},
            ) from None
        if record != line.record:
            line.dealer = record["dealer"]
            _fill(line, scored)
            line.save(update_fields=["dealer", "record", "entry", "points", "master"])


def possible_hand_points() -> list[int]:
    """The values a hand can count (the points entry's help)."""
    return sorted(hand_values())
