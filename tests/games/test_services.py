"""Live table services: lifecycle, actions, the log, replay, bots, absence, abandon."""

import json
import subprocess
import sys
import threading
from datetime import timedelta
from pathlib import Path

import pytest
from django.db import connection
from django.utils import timezone

from games import selectors, services
from games.errors import TableError
from games.live import cache, store, writers
from games.live.catchup import catch_up, request_for
from games.live.moves import Move
from games.models import Action, GameHand, Presence, Table
from tests.games.conftest import drive_until, far_future, table_state

pytestmark = pytest.mark.django_db
ROOT = Path(__file__).resolve().parents[2]


def current_hand(table):
    return table_state(table.pk).hand


def act(table, players, action=None):
    """The member to act plays ``action`` (default: the first legal action)."""
    table.refresh_from_db()
    hand = current_hand(table)
    seat = hand.to_act
    user = players["NESW".index(seat)]
    services.hand_apply_action(
        table_id=table.pk,
        user=user,
        action=action or hand.legal_actions()[0],
        expected_seq=table.seq,
    )
    return seat


def test_create_seats_the_host_and_validates_the_variant(players):
    table = services.table_create(
        host=players[0], variant="australian", options={"end": "hands", "hands_per_game": 4}
    )
    assert [(s.seat, s.user_id) for s in table.seats.all()] == [
        ("N", players[0].pk),
        ("E", None),
        ("S", None),
        ("W", None),
    ]
    assert table.options == {"end": "hands", "hands_per_game": 4}
    with pytest.raises(TableError) as error:
        services.table_create(host=players[0], variant="bridge")
    assert error.value.code == "bad_variant"
    with pytest.raises(TableError):
        services.table_create(host=players[0], variant="quebec", options={"kitty": 99})


def test_joining_leaving_and_bots_before_the_start(players):
    table = services.table_create(host=players[0])
    services.table_join(table_id=table.pk, user=players[1], seat="E")
    for user, seat, code in [
        (players[2], "E", "seat_taken"),
        (players[1], "S", "already_seated"),
        (players[2], "X", "bad_seat"),
    ]:
        with pytest.raises(TableError) as error:
            services.table_join(table_id=table.pk, user=user, seat=seat)
        assert error.value.code == code
    with pytest.raises(TableError) as error:
        services.table_set_bot(table_id=table.pk, user=players[1], seat="S", bot=True)
    assert error.value.code == "not_host"
    services.table_set_bot(table_id=table.pk, user=players[0], seat="S", bot=True)
    with pytest.raises(TableError) as error:
        services.table_start(table_id=table.pk, user=players[0])
    assert error.value.code == "seats_free"
    services.table_leave(table_id=table.pk, user=players[1])
    services.table_fill_with_bots(table_id=table.pk, user=players[0])
    table = services.table_start(table_id=table.pk, user=players[0])
    assert table.status == Table.Status.PLAYING and table.first_dealer in "NESW"
    with pytest.raises(TableError) as error:
        services.table_join(table_id=table.pk, user=players[3], seat="E")
    assert error.value.code == "started"


def test_first_dealer_and_deal_are_reproducible_from_the_seed(players):
    tables = []
    for _ in range(2):
        t = services.table_create(host=players[0], seed=77, bot_delay_ms=0)
        services.table_fill_with_bots(table_id=t.pk, user=players[0])
        tables.append(services.table_start(table_id=t.pk, user=players[0]))
    first, second = (current_hand(t) for t in tables)
    assert tables[0].first_dealer == tables[1].first_dealer
    assert first.to_record() == second.to_record()


def test_an_accepted_action_is_logged_and_bumps_the_sequence(table_of_four, players):
    seq = table_of_four.seq
    seat = act(table_of_four, players)
    table_of_four.refresh_from_db()
    assert table_of_four.seq == seq + 1
    logged = Action.objects.get()
    assert (logged.seq, logged.seat, logged.by_bot, logged.user) == (
        seq + 1,
        seat,
        False,
        players["NESW".index(seat)],
    )


@pytest.mark.parametrize("case", ["stale", "not_your_turn", "illegal", "spectator"])
def test_refused_intents_change_nothing(table_of_four, players, make_member, case):
    hand = current_hand(table_of_four)
    to_act = players["NESW".index(hand.to_act)]
    other = players[("NESW".index(hand.to_act) + 1) % 4]
    seq = table_of_four.seq
    args = {
        "stale": (to_act, hand.legal_actions()[0], seq - 1),
        "not_your_turn": (other, "pass", seq),
        "illegal": (to_act, "KS", seq),
        "spectator": (make_member(), "pass", seq),
    }[case]
    before = hand.to_record()
    with pytest.raises(TableError) as error:
        services.hand_apply_action(
            table_id=table_of_four.pk, user=args[0], action=args[1], expected_seq=args[2]
        )
    assert error.value.message
    table_of_four.refresh_from_db()
    assert table_of_four.seq == seq
    assert not Action.objects.exists()
    assert current_hand(table_of_four).to_record() == before
    cache.clear()
    assert current_hand(table_of_four).to_record() == before


def test_engine_refusals_are_translated(table_of_four, players):
    hand = current_hand(table_of_four)
    user = players["NESW".index(hand.to_act)]
    with pytest.raises(TableError) as error:
        services.hand_apply_action(
            table_id=table_of_four.pk, user=user, action="QS", expected_seq=table_of_four.seq
        )
    assert error.value.code == "wrong_phase"
    assert error.value.message == "Ce coup n’appartient pas à cette étape de la brasse."


def test_replaying_the_log_rebuilds_the_table_exactly(table_of_four, players):
    for _ in range(23):
        act(table_of_four, players)
    table_of_four.refresh_from_db()
    cached = table_state(table_of_four.pk)
    rebuilt = catch_up(None, store.read_snapshot(table_of_four.pk, *request_for(None)))
    assert cached is not rebuilt and rebuilt.seq == cached.seq
    assert rebuilt.hand.to_record() == cached.hand.to_record()
    for seat in "NESW":
        assert rebuilt.hand.view_for(seat) == cached.hand.view_for(seat)


def test_an_all_bot_table_plays_a_whole_game_and_records_it(players):
    table = services.table_create(host=players[0], seed=11, bot_delay_ms=0)
    services.table_fill_with_bots(table_id=table.pk, user=players[0])
    services.table_start(table_id=table.pk, user=players[0])
    drive_until(table.pk, lambda: Table.objects.get(pk=table.pk).status == "finished")
    table.refresh_from_db()
    hands = list(GameHand.objects.filter(table=table).order_by("number"))
    counted = [h for h in hands if not h.result.get("redeal")]
    assert len(counted) == 8 and all(h.result for h in hands)
    assert Action.objects.filter(by_bot=True).count() == Action.objects.count() > 300
    # The score sheet agrees with the check command on the downloaded records.
    records = [selectors.hand_record(table, h.number) for h in hands]
    out = subprocess.run(
        [sys.executable, "-m", "games.engine", "check", "-"],
        cwd=ROOT,
        input="\n".join(json.dumps(r) for r in records),
        capture_output=True,
        text=True,
    )
    assert out.returncode == 0, out.stdout + out.stderr
    checked = [json.loads(line) for line in out.stdout.splitlines()]
    sheet = selectors.score_sheet(table_state(table.pk))
    assert [c["score"] for c in checked] == [row["score"] for row in sheet]
    totals = {team: sum(c["score"][team] for c in checked) for team in ("NS", "EW")}
    assert sheet[-1]["totals"] == totals


def test_a_present_player_is_waited_for_and_an_absent_one_replaced_after_the_grace(
    table_of_four, players
):
    Table.objects.filter(pk=table_of_four.pk).update(absence_grace_seconds=60)
    seat = current_hand(table_of_four).to_act
    user = players["NESW".index(seat)]
    services.presence_join(table_id=table_of_four.pk, user=user, channel_name="chan-1")
    now = timezone.now()
    assert services.table_drive(table_id=table_of_four.pk, now=now) is None
    services.presence_leave(table_id=table_of_four.pk, channel_name="chan-1")
    wait = services.table_drive(table_id=table_of_four.pk, now=now + timedelta(seconds=10))
    assert 40 < wait <= 60
    assert not Action.objects.exists()
    services.table_drive(table_id=table_of_four.pk, now=now + timedelta(seconds=61))
    taken = Action.objects.get()
    assert taken.by_bot and taken.seat == seat
    # The next player is here: the bots wait for them.
    nxt = players["NESW".index(current_hand(table_of_four).to_act)]
    services.presence_join(table_id=table_of_four.pk, user=nxt, channel_name="chan-2")
    assert services.table_drive(table_id=table_of_four.pk, now=timezone.now()) is None


def test_a_stale_heartbeat_counts_as_absent(table_of_four, players):
    hand = current_hand(table_of_four)
    user = players["NESW".index(hand.to_act)]
    services.presence_join(table_id=table_of_four.pk, user=user, channel_name="chan-1")
    Presence.objects.update(seen_at=timezone.now() - timedelta(minutes=5))
    assert services.table_drive(table_id=table_of_four.pk, now=far_future()) is not None
    assert Action.objects.filter(by_bot=True).count() == 1


def test_abandoned_tables_are_closed_and_keep_their_hands(table_of_four, players, settings):
    settings.GAMES_ABANDON_SECONDS = 600
    act(table_of_four, players)
    Table.objects.filter(pk=table_of_four.pk).update(
        last_human_seen_at=timezone.now() - timedelta(hours=1)
    )
    assert services.tables_close_abandoned() == [table_of_four.pk]
    table_of_four.refresh_from_db()
    assert table_of_four.status == Table.Status.CLOSED
    assert Action.objects.count() == 1 and GameHand.objects.count() == 1
    with pytest.raises(TableError):
        act(table_of_four, players)


def test_an_intent_judged_on_a_cached_state_that_another_process_moved_on_is_stale(
    table_of_four, players
):
    """This process cached the table at seq S; another process logged a move (S+1):
    the intent made at S is refused as stale, nothing is logged, the cache is dropped."""
    hand = current_hand(table_of_four)  # cached here at S
    user = players["NESW".index(hand.to_act)]
    seq = table_of_four.seq
    other = Table.objects.filter(pk=table_of_four.pk)
    other.update(seq=seq + 1)  # what another process's accepted move does to the row
    with pytest.raises(TableError) as error:
        services.hand_apply_action(
            table_id=table_of_four.pk, user=user, action=hand.legal_actions()[0], expected_seq=seq
        )
    assert error.value.code == "stale"
    assert not Action.objects.exists() and other.get().seq == seq + 1
    assert cache.peek(table_of_four.pk) is None


@pytest.mark.parametrize("single_statement", [True, False], ids=["one-statement", "steps"])
def test_the_log_is_appended_only_while_the_table_is_at_the_expected_seq(
    table_of_four, single_statement
):
    if single_statement and connection.vendor != "postgresql":
        pytest.skip("the one-statement move is PostgreSQL's")
    row = GameHand.objects.get(table=table_of_four)
    now = timezone.now()
    seq = table_of_four.seq

    def move(at_seq):
        return Move(
            table_id=table_of_four.pk,
            seq=at_seq,
            hand_id=row.pk,
            seat="E",
            action="pass",
            user_id=None,
            at=now,
            wake_at=now,
        )

    assert writers.write(move(seq), single_statement=single_statement) is None
    with pytest.raises(writers.MovedOn):  # the table is at seq + 1 now
        writers.write(move(seq), single_statement=single_statement)
    Table.objects.filter(pk=table_of_four.pk).update(status=Table.Status.CLOSED)
    with pytest.raises(writers.MovedOn):  # no longer playing
        writers.write(move(seq + 1), single_statement=single_statement)
    table_of_four.refresh_from_db()
    assert table_of_four.seq == seq + 1 and table_of_four.wake_at == now
    assert list(Action.objects.values_list("seq", "seat", "action", "by_bot")) == [
        (seq + 1, "E", "pass", True)
    ]
    # the times written compare with the ORM's at the same instant (the sweep's query)
    assert Table.objects.filter(pk=table_of_four.pk, wake_at__lte=now).exists()
    assert Action.objects.filter(seq=seq + 1, created_at__gte=now).exists()


@pytest.mark.django_db(transaction=True)
def test_two_intents_racing_for_the_same_turn_exactly_one_is_accepted(table_of_four, players):
    hand = current_hand(table_of_four)
    user = players["NESW".index(hand.to_act)]
    legal = hand.legal_actions()
    seq = table_of_four.seq
    barrier = threading.Barrier(2)
    outcomes = []

    def intent(action):
        try:
            barrier.wait()
            services.hand_apply_action(
                table_id=table_of_four.pk, user=user, action=action, expected_seq=seq
            )
            outcomes.append("ok")
        except TableError as error:
            outcomes.append(error.code)
        finally:
            connection.close()

    threads = [threading.Thread(target=intent, args=(a,)) for a in (legal[0], legal[-1])]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert sorted(outcomes) == ["ok", "stale"]
    assert Action.objects.count() == 1
    table_of_four.refresh_from_db()
    assert table_of_four.seq == seq + 1


def test_after_a_move_a_present_member_to_act_is_not_driven_until_the_presence_timeout(
    table_of_four, players
):
    from games.live import presence

    nxt_seat = "NESW"[("NESW".index(current_hand(table_of_four).to_act) + 1) % 4]
    services.presence_join(
        table_id=table_of_four.pk, user=players["NESW".index(nxt_seat)], channel_name="here"
    )
    presence.forget(table_of_four.pk)
    before = timezone.now()
    act(table_of_four, players)
    table_of_four.refresh_from_db()
    assert table_of_four.wake_at >= before + timedelta(seconds=44)
    # The member after them is absent: due at once.
    act(table_of_four, players)
    table_of_four.refresh_from_db()
    assert table_of_four.wake_at <= timezone.now()


def test_heartbeats_are_recorded_in_batches(table_of_four, players):
    for n, user in enumerate(players[:2]):
        services.presence_join(table_id=table_of_four.pk, user=user, channel_name=f"c{n}")
    Presence.objects.update(seen_at=timezone.now() - timedelta(minutes=10))
    services.presence_heartbeat_many({"c0": table_of_four.pk, "c1": table_of_four.pk})
    assert all(timezone.now() - p.seen_at < timedelta(seconds=5) for p in Presence.objects.all())


def test_heartbeats_touch_a_table_row_at_most_once_a_minute(table_of_four, players):
    """Moves append under the table's row lock: heartbeats leave a recently seen
    table's row alone, and refresh one not seen for a minute."""
    services.presence_join(table_id=table_of_four.pk, user=players[0], channel_name="c0")
    seen = timezone.now() - timedelta(seconds=30)
    Table.objects.filter(pk=table_of_four.pk).update(last_human_seen_at=seen)
    services.presence_heartbeat_many({"c0": table_of_four.pk})
    table_of_four.refresh_from_db()
    assert table_of_four.last_human_seen_at == seen
    Table.objects.filter(pk=table_of_four.pk).update(
        last_human_seen_at=timezone.now() - timedelta(seconds=61)
    )
    services.presence_heartbeat_many({"c0": table_of_four.pk})
    table_of_four.refresh_from_db()
    assert timezone.now() - table_of_four.last_human_seen_at < timedelta(seconds=5)


def test_a_stale_present_set_is_still_shown_while_it_is_read_again():
    """The event loop never waits for the database to know who is at a table: a
    present set past its time is used as it is, and flagged for a new read."""
    import time

    from games.live import presence

    assert presence.cached(999) == (None, False)
    presence._cache[999] = (time.monotonic() + 60, {1, 2})
    assert presence.cached(999) == ({1, 2}, True)
    presence._cache[999] = (time.monotonic() - 1, {1, 2})
    assert presence.cached(999) == ({1, 2}, False)
    presence.forget(999)
    assert presence.cached(999) == (None, False)


def test_present_sets_of_many_tables_are_read_in_one_query(
    table_of_four, players, django_assert_num_queries
):
    """Expired present sets are read in batches: one query whatever the number of
    tables, each table's set cached (an empty set for a table nobody is at)."""
    from games.live import presence

    services.presence_join(table_id=table_of_four.pk, user=players[0], channel_name="a")
    services.presence_join(table_id=table_of_four.pk, user=players[2], channel_name="b")
    with django_assert_num_queries(1):
        found = presence.present_users_many([table_of_four.pk, 424242])
    assert found == {table_of_four.pk: {players[0].pk, players[2].pk}, 424242: set()}
    assert presence.cached(table_of_four.pk) == ({players[0].pk, players[2].pk}, True)
    assert presence.cached(424242) == (set(), True)


def test_the_presence_notices_of_many_tables_take_two_queries(
    table_of_four, players, django_assert_num_queries
):
    """Who is at each table and whose seat is left since when: two queries whatever the
    number of tables (a restart reconnects every table's sockets at once)."""
    import json

    from games.live import frames

    services.presence_join(table_id=table_of_four.pk, user=players[0], channel_name="a")
    services.presence_join(table_id=table_of_four.pk, user=players[1], channel_name="b")
    services.presence_leave(table_id=table_of_four.pk, channel_name="b")
    with django_assert_num_queries(2):
        texts = frames.presence_frames([table_of_four.pk, 424242])
    here, nobody = json.loads(texts[table_of_four.pk]), json.loads(texts[424242])
    assert here["present"] == [players[0].pk] and list(here["away"]) == ["E"]
    assert nobody["present"] == [] and nobody["away"] == {}


def test_a_socket_that_joins_again_keeps_one_presence_row(table_of_four, players):
    """A join is one upsert of the socket's row: joining again under the same socket
    name (a consumer that reconnects its channel) moves that row, it adds none."""
    services.presence_join(table_id=table_of_four.pk, user=players[0], channel_name="a")
    first = Presence.objects.get(channel_name="a").seen_at
    services.presence_join(table_id=table_of_four.pk, user=players[0], channel_name="a")
    row = Presence.objects.get(channel_name="a")
    assert Presence.objects.count() == 1 and row.seen_at > first


def test_a_read_overtaken_by_a_join_does_not_cache_its_older_set(
    table_of_four, players, monkeypatch
):
    """Someone joining while a present set is being read drops the cached set; the read
    that started before must not put its older answer back (the next read sees them)."""
    from games.live import presence

    presence.forget(table_of_four.pk)
    real_now = timezone.now

    def joined_meanwhile():
        presence.forget(table_of_four.pk)  # what a join's presence event does
        return real_now()

    monkeypatch.setattr(presence.timezone, "now", joined_meanwhile)
    presence.present_users_many([table_of_four.pk])
    monkeypatch.setattr(presence.timezone, "now", real_now)
    assert presence.cached(table_of_four.pk) == (None, False)
    presence.present_users(table_of_four.pk)
    assert presence.cached(table_of_four.pk)[1] is True


def test_a_move_updates_no_indexed_column_of_the_table_row(table_of_four):
    """Every move rewrites ``seq`` and ``wake_at``: neither is indexed, and on
    PostgreSQL the table's pages keep room (fillfactor 70), so the update stays on
    its page (HOT) instead of adding an entry to every index."""
    from django.db import connection

    indexed = set()
    with connection.cursor() as cursor:
        for info in connection.introspection.get_constraints(cursor, "games_table").values():
            if info["index"] or info["unique"] or info["primary_key"]:
                indexed.update(info["columns"])
        assert not indexed & {"seq", "wake_at"}
        if connection.vendor == "postgresql":
            cursor.execute("SELECT reloptions FROM pg_class WHERE relname = 'games_table'")
            assert "fillfactor=70" in cursor.fetchone()[0]


def test_an_absent_members_seat_is_played_at_bot_pace_once_the_grace_has_passed(players):
    """The grace runs once, from when the member left: then the bot plays that seat at
    the table's pace, its next 8 moves as fast as the bots' own (a bot move does not
    restart the absence clock)."""
    table = services.table_create(
        host=players[0], seed=5, bot_delay_ms=1000, absence_grace_seconds=60
    )
    services.table_fill_with_bots(table_id=table.pk, user=players[0])
    services.table_start(table_id=table.pk, user=players[0])
    services.presence_join(table_id=table.pk, user=players[0], channel_name="north")
    services.presence_leave(table_id=table.pk, channel_name="north")
    left = timezone.now()
    clock = left + timedelta(seconds=61)
    waits = []
    while Action.objects.filter(hand__table=table, seat="N").count() < 8:
        wait = services.table_drive(table_id=table.pk, now=clock)
        assert wait is not None
        waits.append(wait)
        clock += timedelta(seconds=max(wait, 0.001))
    assert max(waits) <= 1.0  # never the grace period again
    assert clock - left < timedelta(seconds=61 + 8 * 4 + 4)
    assert Action.objects.filter(hand__table=table, seat="N", by_bot=True, user=None).count() == 8


def test_a_change_is_kept_when_the_channel_layer_is_unreachable(
    players, monkeypatch, django_capture_on_commit_callbacks
):
    """Redis down: the events after a commit (the lobby, other processes) are logged,
    not raised: the table is created and the page goes on."""
    from games.live import hub as hub_module

    class Down:
        async def group_send(self, group, event):
            raise ConnectionError("Redis is down")

    monkeypatch.setattr(hub_module, "get_channel_layer", lambda: Down())
    monkeypatch.setattr(hub_module, "remote_layer", lambda: Down())
    with django_capture_on_commit_callbacks(execute=True):
        table = services.table_create(host=players[0])
        services.table_join(table_id=table.pk, user=players[1], seat="E")
    assert Table.objects.get(pk=table.pk).seats.filter(user=players[1]).exists()


def _finished_game(players, *, humans):
    """A one-hand game, played out: ``humans`` members seated N (E, S...), bots elsewhere."""
    from tests.games.conftest import drive_until

    table = services.table_create(
        host=players[0],
        seed=41,
        bot_delay_ms=0,
        options={"end": "hands", "hands_per_game": 1},
        review_seconds=45,
        absence_grace_seconds=20,
    )
    for user, seat in zip(players[1:humans], "ESW"):
        services.table_join(table_id=table.pk, user=user, seat=seat)
    services.table_fill_with_bots(table_id=table.pk, user=players[0])
    services.table_start(table_id=table.pk, user=players[0])
    drive_until(table.pk, lambda: Table.objects.get(pk=table.pk).status == Table.Status.FINISHED)
    return Table.objects.get(pk=table.pk)


def test_a_rematch_seats_the_same_players_and_starts_once_every_one_accepts(players):
    """One tap proposes it: the same seats, options and settings on a new table; the bots
    and the proposer accept at once, the other members each accept; then it starts."""
    old = _finished_game(players, humans=2)
    seq = old.seq
    new = services.table_rematch(table_id=old.pk, user=players[1])
    old.refresh_from_db()
    assert old.rematch_id == new.pk and old.seq == seq + 1  # the old table's players hear of it
    assert (
        new.variant,
        new.options,
        new.review_seconds,
        new.absence_grace_seconds,
        new.bot_delay_ms,
    ) == (old.variant, old.options, 45, 20, 0)
    assert new.host_id == players[1].pk and new.status == Table.Status.OPEN
    seats = {s.seat: (s.user_id, s.is_bot, s.accepted) for s in new.seats.all()}
    assert seats == {
        "N": (players[0].pk, False, False),
        "E": (players[1].pk, False, True),
        "S": (None, True, True),
        "W": (None, True, True),
    }
    with pytest.raises(TableError) as error:
        services.table_start(table_id=new.pk, user=players[1])
    assert error.value.code == "not_accepted"
    # The other player taps "Rematch" on the old table: that accepts it.
    assert services.table_rematch(table_id=old.pk, user=players[0]).pk == new.pk
    new.refresh_from_db()
    assert new.status == Table.Status.PLAYING and new.seed != old.seed


def test_a_rematch_against_bots_starts_at_once_and_a_declined_seat_is_freed(players):
    solo = _finished_game(players, humans=1)
    new = services.table_rematch(table_id=solo.pk, user=players[0])
    assert Table.objects.get(pk=new.pk).status == Table.Status.PLAYING
    pair = _finished_game(players, humans=2)
    again = services.table_rematch(table_id=pair.pk, user=players[0])
    services.table_rematch_answer(table_id=again.pk, user=players[1], accept=False)
    seat = again.seats.get(seat="E")
    assert seat.user_id is None and not seat.is_bot and again.status == Table.Status.OPEN
    with pytest.raises(TableError) as error:
        services.table_rematch(table_id=again.pk, user=players[0])
    assert error.value.code == "not_finished"
    with pytest.raises(TableError) as error:
        services.table_rematch(table_id=pair.pk, user=players[2])
    assert error.value.code == "not_seated"
