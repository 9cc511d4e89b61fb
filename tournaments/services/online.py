"""Online rounds: one live table per table of the draw; finished hands feed the results.

``online_round_publish`` (when an online round is published, or switched to online
after publication) creates an invite-only live table per table of the draw with the
tournament's variant and options (``end=hands``, the tournament's hands per game), the
first deal at seat N, the four players in their draw seats and bots for guests without
an account. ``online_round_start`` (when the director presses *Play has started*) seats
the players again from the final draw and starts the tables. The grace before a bot
plays for an absent player is the tournament's results setting.

``live_hand_finished`` is registered with ``games.hooks`` in ``TournamentsConfig.ready``:
each finished hand of a tournament table becomes a confirmed row of its sheet (online,
the engine's score needs no sign-off); a hand where a bot played for a seated member is
marked ``by_bot`` and the game gets the flag "bot".
"""

from __future__ import annotations

from django.db import transaction

from tournaments.models import (
    GameStatus,
    HandScore,
    PlayMode,
    Position,
    Round,
    Seat,
    TableGame,
)
from tournaments.services.events import tournament_touch
from tournaments.services.results import (
    SIDE_OF,
    _recompute,
    next_hand,
    results_settings,
    rules_options,
    table_people,
)


def _tables(rnd: Round) -> list[int]:
    return sorted(set(Seat.objects.filter(round=rnd).exclude(position=Position.BYE)
                      .values_list("table", flat=True)))


def _seat_players(rnd: Round, game: TableGame) -> None:
    from club.models import User
    from games.models import Seat as LiveSeat
    from games.services import table_seat_assign

    people = table_people(rnd, game.table)
    users = User.objects.in_bulk([p.user_id for p in people.values() if p.user_id])
    LiveSeat.objects.filter(table_id=game.live_table_id).update(user=None, is_bot=False)
    for letter in ("N", "E", "S", "W"):
        p = people.get(letter)
        table_seat_assign(table_id=game.live_table_id, seat=letter,
                          user=users.get(p.user_id) if p and p.user_id else None)


@transaction.atomic
def online_round_publish(rnd: Round, *, by=None) -> list[TableGame]:
    from games.models import Table
    from games.services import table_create

    tournament = rnd.tournament
    settings = results_settings(tournament)
    grace = settings.absence_grace_seconds
    out = []
    for number in _tables(rnd):
        game, _created = TableGame.objects.get_or_create(
            round=rnd, table=number, defaults={"mode": PlayMode.ONLINE})
        if game.mode != PlayMode.ONLINE:
            game.mode = PlayMode.ONLINE
            game.save(update_fields=["mode"])
        if game.live_table_id is None:
            live = table_create(host=None, variant=tournament.variant,
                                options=rules_options(tournament),
                                name=f"{tournament.name} — {rnd.number}/{number}"[:80],
                                visibility=Table.Visibility.INVITE,
                                absence_grace_seconds=grace, first_dealer="N",
                                chat=settings.table_chat)
            game.live_table = live
            game.save(update_fields=["live_table"])
        _seat_players(rnd, game)
        out.append(game)
    return out


@transaction.atomic
def online_round_start(rnd: Round) -> None:
    from games.models import Table
    from games.services import table_start

    games = online_round_publish(rnd)
    for game in games:
        if Table.objects.filter(pk=game.live_table_id, status=Table.Status.OPEN).exists():
            table_start(table_id=game.live_table_id)


def plays_online(table_id: int) -> bool:
    """games.hooks ``watches``: whether a live table is a tournament's."""
    return TableGame.objects.filter(live_table_id=table_id).exists()


def live_hand_finished(table_id: int, hand_row) -> None:
    """games.hooks callback: a hand of a tournament's live table is done."""
    # Most live tables are not a tournament's: find out with the cheapest query there
    # is (no join, no ordering, no lock) before locking the game, whose query costs
    # more to compile than the rest of a hand's end.
    if not plays_online(table_id):
        return
    game = (TableGame.objects.select_for_update().select_related("round__tournament")
            .filter(live_table_id=table_id).first())
    if game is None or game.status == GameStatus.ADJUSTED:
        return
    from games.models import Action
    from games.models import Seat as LiveSeat

    result = hand_row.result or {}
    hands = list(game.hands.order_by("seq"))
    if any(h.live_hand_id == hand_row.pk for h in hands):
        return
    nxt = next_hand(game.round.tournament, hands)
    if nxt["over"]:
        return
    humans = list(LiveSeat.objects.filter(table_id=table_id, user__isnull=False)
                  .values_list("seat", flat=True))
    by_bot = Action.objects.filter(hand=hand_row, by_bot=True, seat__in=humans).exists()
    values = {"redeal": True, "ns_score": 0, "ew_score": 0}
    if not result.get("redeal"):
        declarer = result["declarer"]
        values = {"redeal": False, "declarer": declarer, "contract": result["contract"],
                  "tricks": result["tricks"][SIDE_OF[declarer]],
                  "ns_score": result["score"].get("NS", 0),
                  "ew_score": result["score"].get("EW", 0), "made": result.get("made")}
    HandScore.objects.create(game=game, seq=nxt["seq"], hand=nxt["hand"],
                             dealer=hand_row.dealer, confirmed=True,
                             confirmed_by_name="online", live_hand=hand_row,
                             by_bot=by_bot, **values)
    _recompute(game)
    tournament_touch(tournament=game.round.tournament)
