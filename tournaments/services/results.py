"""Results: score entry at the table, the other side's sign-off (the director's
corrections, adjusted scores and closing: ``tournaments.services.director``).

The engine is the only scorer: every hand goes through ``games.engine.score_sheet_hand``
(a re-deal through ``Game.add_redeal``), the dealer of each hand comes from replaying
the sheet through ``games.engine.Game`` (seat N deals hand 1, the deal moves left, a
re-deal in Quebec is dealt again by the same dealer).

Concurrency: every write locks the table's game row (``select_for_update``); a hand is
entered for an expected deal number (``seq``), unique per game in the database, so two
phones entering the same hand at once: one wins, the other is told. Every change bumps
the tournament's version and broadcasts on commit (the pages re-fetch their fragments).

Sign-off PIN: every player of a round has a 4-digit code derived from the server's
secret, the tournament, the entry and the player (``player_pin``). A player sees theirs
on the tournament page; the director sees every player's (console, for guests without an
account and for table cards). On a shared phone, the other side confirms a hand by typing
one of its players' codes. Five wrong codes lock the member who typed them out of that
table's codes for 5 minutes (the table's other players are not locked).
"""

from __future__ import annotations

import hmac
from typing import Any

from django.core.cache import cache
from django.db import IntegrityError, transaction
from django.db.models import F
from django.utils import timezone
from django.utils.translation import gettext as _

from games.engine import Game
from tournaments import seating
from tournaments.errors import ConflictError, TournamentError
from tournaments.models import (
    GameStatus,
    HandScore,
    PlayMode,
    Position,
    ResultsSettings,
    Round,
    RoundPlay,
    RoundStatus,
    Seat,
    Status,
    TableGame,
    Tournament,
)
from tournaments.selectors_tables import (
    SIDE_OF,
    TablePerson,
    default_mode,
    hand_score,
    next_hand,
    player_pin,
    replay,
    rules_options,
    seat_of,
    side_of,
    table_people,
)
from tournaments.services.events import tournament_touch

PIN_FAILURES = 5  # wrong codes per member at one table, in PIN_LOCK_SECONDS
PIN_TABLE_FAILURES = 15  # wrong codes at one table, whoever typed them
PIN_LOCK_SECONDS = 300


# ----------------------------------------------------------------- rows results need
def results_settings_row(tournament: Tournament) -> ResultsSettings:
    """The tournament's results settings row, for a service about to change it
    (created with the tournament; created here for one that predates that)."""
    row, _created = ResultsSettings.objects.get_or_create(tournament=tournament)
    return row


def round_play_row(rnd: Round) -> RoundPlay:
    """The round's play row, for a service about to change it (created with the
    round; created here for one that predates that)."""
    row, _created = RoundPlay.objects.get_or_create(
        round=rnd, defaults={"mode": default_mode(rnd.tournament)}
    )
    rnd.play = row
    return row


def table_games_create(rnd: Round) -> list[TableGame]:
    """A game row for every table of a published round that has none yet (at
    publication, when play starts, after a seating edit): the sheets, the console and
    the standings read them, never create them. Returns the rows created."""
    if rnd.status == RoundStatus.DRAFT:
        return []
    tables = set(
        Seat.objects.filter(round=rnd)
        .exclude(position=Position.BYE)
        .values_list("table", flat=True)
    )
    tables -= set(TableGame.objects.filter(round=rnd).values_list("table", flat=True))
    if not tables:
        return []
    mode = round_play_row(rnd).mode
    return TableGame.objects.bulk_create(
        [TableGame(round=rnd, table=t, mode=mode) for t in sorted(tables)],
        ignore_conflicts=True,
    )


# ----------------------------------------------------------------- the table's game
def _lock(game: TableGame) -> TableGame:
    """The table's game row, locked. A row the selector returned unsaved (a round
    published before its games were created with it) is created here."""
    if game.pk is None:
        game, _created = TableGame.objects.get_or_create(
            round=game.round, table=game.table, defaults={"mode": game.mode}
        )
    locked = (
        TableGame.objects.select_for_update().select_related("round__tournament").get(pk=game.pk)
    )
    return locked


def _check_open(game: TableGame) -> None:
    rnd = game.round
    if rnd.tournament.status != Status.RUNNING:
        raise TournamentError(
            "not_running", _("The tournament is not running: results can no longer be entered.")
        )
    if RoundPlay.objects.filter(round=rnd, closed_at__isnull=False).exists():
        raise TournamentError(
            "round_closed", _("This round is closed: ask the director to correct a hand.")
        )


def _recompute(game: TableGame) -> None:
    """Totals, hands done / pending, complete or not (an adjusted game stays adjusted)."""
    tournament = game.round.tournament
    hands = list(game.hands.order_by("seq"))
    ns = sum(h.ns_score for h in hands)
    ew = sum(h.ew_score for h in hands)
    done = replay(tournament, hands, game.round).hands_played
    pending = sum(1 for h in hands if not h.confirmed)
    game.hands_done, game.hands_pending = done, pending
    game.flags = {**(game.flags or {}), "bot": any(h.by_bot for h in hands)}
    if game.status != GameStatus.ADJUSTED:
        game.ns_total, game.ew_total = ns, ew
        complete = done >= tournament.game_hands and pending == 0
        game.status = GameStatus.COMPLETE if complete else GameStatus.PLAYING
        game.completed_at = (game.completed_at or timezone.now()) if complete else None
    game.version += 1
    game.save()


def _renumber(game: TableGame) -> None:
    """After a correction that adds or removes a re-deal: hand numbers and dealers."""
    tournament = game.round.tournament
    hands = list(game.hands.order_by("seq"))
    HandScore.objects.filter(game=game).update(hand=F("hand") + 1000)
    g = Game(tournament.variant, rules_options(tournament), first_dealer=seating.FIRST_DEALER_SEAT)
    for h in hands:
        h.dealer = g.dealer
        h.hand = g.hands_played + 1
        h.save(update_fields=["dealer", "hand"])
        g.add_redeal() if h.redeal else g.add_score_sheet(h.declarer, h.contract, h.tricks)


def _values(tournament: Tournament, *, redeal: bool, declarer, contract, tricks) -> dict:
    if redeal:
        return {
            "redeal": True,
            "declarer": "",
            "contract": "",
            "tricks": None,
            "ns_score": 0,
            "ew_score": 0,
            "made": None,
        }
    result = hand_score(tournament, declarer=declarer, contract=contract, tricks=tricks)
    return {
        "redeal": False,
        "declarer": result.declarer,
        "contract": result.contract,
        "tricks": int(tricks),
        "ns_score": result.score.get("NS", 0),
        "ew_score": result.score.get("EW", 0),
        "made": result.made,
    }


def hand_snapshot(h: HandScore) -> dict:
    return {
        "seq": h.seq,
        "hand": h.hand,
        "dealer": h.dealer,
        "redeal": h.redeal,
        "declarer": h.declarer,
        "contract": h.contract,
        "tricks": h.tricks,
        "NS": h.ns_score,
        "EW": h.ew_score,
        "confirmed": h.confirmed,
    }


def _who(user) -> str:
    return user.public_name if user is not None and user.is_authenticated else "?"


@transaction.atomic
def hand_enter(
    *,
    game: TableGame,
    user,
    seq: Any,
    declarer: Any = "",
    contract: Any = "",
    tricks: Any = None,
    redeal: bool = False,
) -> HandScore:
    """A player of the table enters the next hand of the sheet (pending until the other
    side confirms). ``seq``: the deal number the phone showed (a stale phone is told)."""
    game = _lock(game)
    _check_open(game)
    tournament = game.round.tournament
    if game.mode == PlayMode.ONLINE:
        raise TournamentError(
            "online", _("This table plays online: its hands are recorded by themselves.")
        )
    if game.status == GameStatus.ADJUSTED:
        raise TournamentError(
            "adjusted", _("The director awarded this game a score: no more hands can be entered.")
        )
    people = table_people(game.round, game.table)
    side = side_of(people, user)
    if side is None:
        raise TournamentError(
            "not_at_table", _("Only the players of this table can enter its hands.")
        )
    hands = list(game.hands.order_by("seq"))
    nxt = next_hand(tournament, hands, game.round)
    seq = expect_seq(
        seq,
        nxt["seq"],
        hands,
        by=_("This hand was already entered by %(name)s. The sheet now shows it."),
        plain=_("This hand was already entered. The sheet now shows it."),
    )
    if nxt["over"]:
        raise TournamentError("game_over", _("Every hand of this game is entered."))
    values = _values(
        tournament, redeal=bool(redeal), declarer=declarer, contract=contract, tricks=tricks
    )
    try:
        with transaction.atomic():
            row = HandScore.objects.create(
                game=game,
                seq=seq,
                hand=nxt["hand"],
                dealer=nxt["dealer"],
                entered_side=side,
                entered_by=user,
                **values,
            )
    except IntegrityError:
        raise ConflictError(
            "already_entered", _("This hand was already entered. The sheet now shows it.")
        ) from None
    _recompute(game)
    tournament_touch(tournament=tournament)
    return row


def expect_seq(seq: Any, expected: int, rows, *, by: str, plain: str) -> int:
    """The number of the entry a phone sends, checked against the next one: a stale
    phone is told who entered that one (``by``, with %(name)s) or just that it is
    (``plain``)."""
    try:
        seq = int(seq)
    except (TypeError, ValueError):
        raise ConflictError("stale", _("This page is out of date: reload it.")) from None
    if seq != expected:
        existing = next((r for r in rows if r.seq == seq), None)
        who = existing.entered_by.public_name if existing and existing.entered_by else None
        raise ConflictError("already_entered", by % {"name": who} if who else plain)
    return seq


def _pin_keys(game: TableGame, user) -> tuple[str, str]:
    """The counters of wrong codes: the member's at this table (a member locks only
    themselves), and the table's (however many members type codes there)."""
    return f"t500:pinfail:{game.pk}:{user.pk}", f"t500:pinfail:{game.pk}:table"


def _pin_failed(key: str) -> None:
    if not cache.add(key, 1, PIN_LOCK_SECONDS):
        try:
            cache.incr(key)
        except ValueError:  # the lock expired meanwhile
            cache.set(key, 1, PIN_LOCK_SECONDS)


def _check_pin_locks(member_key: str, table_key: str) -> None:
    if (cache.get(member_key) or 0) >= PIN_FAILURES:
        raise TournamentError(
            "pin_locked", _("Too many wrong codes: wait 5 minutes or ask the director.")
        )
    if (cache.get(table_key) or 0) >= PIN_TABLE_FAILURES:
        raise TournamentError(
            "pin_locked",
            _("Too many wrong codes at this table: wait 5 minutes or ask the director."),
        )


def sign_off(
    game: TableGame,
    people: dict[str, TablePerson],
    user,
    pin: str,
    *,
    signs,
    entered,
    messages: dict[str, str],
) -> str:
    """Who signs an entry off: a player of a seat that ``signs`` (logged in here, or
    whose code ``pin`` is), or a director. ``entered``: the seats that entered it (their
    codes are refused as such). A code is taken only from a player of this table or a
    director (anyone else is refused before any code is compared), and a wrong one
    counts toward the member's lock at this table and the table's own.
    ``messages``: same_pin, bad_pin, same (the entering seats' own phone),
    not_at_table. Returns the signer's name; raises TournamentError otherwise."""
    tid = game.round.tournament_id
    pin = (pin or "").strip()
    seat = seat_of(people, user)
    director = user is not None and user.has_perm("club.run_tournaments")
    if pin:
        if seat is None and not director:
            raise TournamentError("not_at_table", messages["not_at_table"])
        member_key, table_key = _pin_keys(game, user)
        _check_pin_locks(member_key, table_key)
        for p in people.values():
            if signs(p.seat) and hmac.compare_digest(player_pin(tid, p.entry_id, p.who), pin):
                return p.name
        _pin_failed(member_key)
        _pin_failed(table_key)
        if any(
            entered(p.seat) and player_pin(tid, p.entry_id, p.who) == pin for p in people.values()
        ):
            raise TournamentError("same_side", messages["same_pin"])
        raise TournamentError("bad_pin", messages["bad_pin"])
    if seat is not None and signs(seat):
        return user.public_name
    if seat is not None and entered(seat):
        raise TournamentError("same_side", messages["same"])
    if director:
        return user.public_name
    raise TournamentError("not_at_table", messages["not_at_table"])


@transaction.atomic
def hand_confirm(*, hand: HandScore, user, pin: str = "") -> HandScore:
    """The other side signs the hand off: one of its players logged in, or a PIN of one
    of its players typed on the entering phone; a director may confirm any hand."""
    game = _lock(hand.game)
    _check_open(game)
    hand = HandScore.objects.select_for_update().get(pk=hand.pk)
    if hand.confirmed:
        raise TournamentError("already_confirmed", _("This hand is already confirmed."))
    people = table_people(game.round, game.table)
    other = "EW" if hand.entered_side == "NS" else "NS"
    signer = sign_off(
        game,
        people,
        user,
        pin,
        signs=lambda seat: SIDE_OF[seat] == other,
        entered=lambda seat: SIDE_OF[seat] == hand.entered_side,
        messages={
            "same_pin": _(
                "This code belongs to the side that entered the "
                "hand: the other side must confirm it."
            ),
            "bad_pin": _("Wrong code: type the code of a player of the other side."),
            "same": _(
                "The other side must confirm this hand (from their "
                "phone, or with one of their codes on this one)."
            ),
            "not_at_table": _("Only the players of this table can confirm its hands."),
        },
    )
    mark_confirmed(hand, user, signer)
    _recompute(game)
    tournament_touch(tournament=game.round.tournament)
    return hand


def mark_confirmed(row, user, signer: str) -> None:
    """A hand (500) or a sheet's round (450) is signed off by ``signer``."""
    row.confirmed = True
    row.confirmed_by = user if user is not None and user.is_authenticated else None
    row.confirmed_by_name = signer[:120]
    row.confirmed_at = timezone.now()
    row.save(update_fields=["confirmed", "confirmed_by", "confirmed_by_name", "confirmed_at"])


def take_back(row, *, user, owner, entered_by: str, messages: dict[str, str], recompute) -> None:
    """The player (or side) who entered the last row of a table's sheet takes it back
    while it is not confirmed (a typo): the row is deleted, the game recomputed.
    ``owner(people, user)``: the viewer's seat or side, compared with the row's
    ``entered_by`` field; ``messages``: not_yours, already_confirmed, not_last."""
    game = _lock(row.game)
    _check_open(game)
    row = type(row).objects.select_for_update().filter(pk=row.pk).first()
    if row is None:
        return
    if owner(table_people(game.round, game.table), user) != getattr(row, entered_by):
        raise TournamentError("not_yours", messages["not_yours"])
    if row.confirmed:
        raise TournamentError("already_confirmed", messages["already_confirmed"])
    if type(row).objects.filter(game=game, seq__gt=row.seq).exists():
        raise TournamentError("not_last", messages["not_last"])
    row.delete()
    recompute(game)
    tournament_touch(tournament=game.round.tournament)


@transaction.atomic
def hand_withdraw(*, hand: HandScore, user) -> None:
    """The entering side takes back its last hand while it is not confirmed (a typo)."""
    take_back(
        hand,
        user=user,
        owner=side_of,
        entered_by="entered_side",
        messages={
            "not_yours": _("Only the side that entered this hand can take it back."),
            "already_confirmed": _("This hand is confirmed: ask the director to correct it."),
            "not_last": _("Only the last hand can be taken back."),
        },
        recompute=_recompute,
    )
