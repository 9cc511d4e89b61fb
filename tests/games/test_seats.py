"""No-shows and leavers: the host (a director at a tournament's table) gives an absent
player's seat to a bot or frees it during the game; the player retakes it on return."""

import pytest
from asgiref.sync import sync_to_async
from django.urls import reverse
from django.utils import timezone

from games import services
from games.errors import TableError
from games.models import Seat, Table
from tests.games.conftest import table_state
from tests.games.sockets import all_connected, recv

pytestmark = pytest.mark.django_db


def _seat(table, seat):
    return Seat.objects.get(table=table, seat=seat)


def test_a_bot_takes_an_absent_players_seat_and_the_player_retakes_it_on_return(
    table_of_four, players
):
    east = players[1]
    seq = Table.objects.get(pk=table_of_four.pk).seq
    services.seat_give_to_bot(table_id=table_of_four.pk, by=players[0], seat="E")
    row = _seat(table_of_four, "E")
    assert row.is_bot and row.user_id is None and row.away_user_id == east.pk
    st = table_state(table_of_four.pk)
    assert st.seq == seq + 1 and st.seat_info("E").is_bot
    # the bot plays E at the bot's pace, not after a grace period
    while st.hand.to_act != "E":
        services.hand_apply_action(
            table_id=table_of_four.pk,
            user=players["NESW".index(st.hand.to_act)],
            action=st.hand.legal_actions()[0],
            expected_seq=st.seq,
        )
        st = table_state(table_of_four.pk)
    before = st.seq
    assert services.table_drive(table_id=table_of_four.pk, now=timezone.now()) is not None
    assert table_state(table_of_four.pk).seq == before + 1
    # East comes back: the seat is theirs again at once
    services.presence_join(table_id=table_of_four.pk, user=east, channel_name="east-1")
    row = _seat(table_of_four, "E")
    assert row.user_id == east.pk and not row.is_bot and row.away_user_id is None
    assert table_state(table_of_four.pk).seat_of(east.pk) == "E"


def test_a_freed_seat_is_taken_by_another_member_who_keeps_it(table_of_four, players, make_member):
    west = players[3]
    services.seat_free(table_id=table_of_four.pk, by=players[0], seat="W")
    assert _seat(table_of_four, "W").is_free
    assert table_state(table_of_four.pk).seat_info("W").is_free
    substitute = make_member(first_name="Rémi", last_name="Remplaçant")
    services.table_join(table_id=table_of_four.pk, user=substitute, seat="W")
    assert _seat(table_of_four, "W").user_id == substitute.pk
    services.presence_join(table_id=table_of_four.pk, user=west, channel_name="west-1")
    assert _seat(table_of_four, "W").user_id == substitute.pk  # too late: a spectator now
    with pytest.raises(TableError) as error:  # and no other seat is free
        services.table_join(table_id=table_of_four.pk, user=west, seat="N")
    assert error.value.code == "started"


def test_only_the_host_or_a_director_may_and_only_for_an_absent_player(
    table_of_four, players, director
):
    with pytest.raises(TableError) as error:
        services.seat_give_to_bot(table_id=table_of_four.pk, by=players[1], seat="W")
    assert error.value.code == "not_host"
    services.presence_join(table_id=table_of_four.pk, user=players[3], channel_name="w")
    with pytest.raises(TableError) as error:
        services.seat_free(table_id=table_of_four.pk, by=players[0], seat="W")
    assert error.value.code == "player_present"
    # a tournament's table has no host: a director decides
    Table.objects.filter(pk=table_of_four.pk).update(host=None)
    services.seat_give_to_bot(table_id=table_of_four.pk, by=director, seat="S")
    assert _seat(table_of_four, "S").is_bot
    with pytest.raises(TableError) as error:
        services.seat_give_to_bot(table_id=table_of_four.pk, by=director, seat="S")
    assert error.value.code == "seat_is_bot"


def test_the_seat_pages_answer_in_french_with_nothing_changed_on_refusal(
    client, table_of_four, players
):
    client.force_login(players[1])  # not the host
    response = client.post(
        reverse("games:seat_bot", args=[table_of_four.pk]), {"seat": "W"}, follow=True
    )
    assert "Seul l" in response.content.decode()  # "Seul l'hôte ..." in French
    assert not _seat(table_of_four, "W").is_bot
    client.force_login(players[0])
    client.post(reverse("games:seat_free", args=[table_of_four.pk]), {"seat": "W"})
    assert _seat(table_of_four, "W").is_free


@pytest.mark.django_db(transaction=True)
async def test_everyone_at_the_table_is_sent_the_new_seats(table_of_four, cookies, players):
    comms = await all_connected(table_of_four, cookies[:2])  # N (host) and E; S, W away
    seq = comms[0][1]["seq"]
    await sync_to_async(services.seat_give_to_bot)(
        table_id=table_of_four.pk, by=players[0], seat="W"
    )
    for comm, _ in comms:
        frame = await recv(comm)
        assert frame["seq"] == seq + 1
        west = next(s for s in frame["table"]["seats"] if s["seat"] == "W")
        assert west["is_bot"] and not west["free"]
    for comm, _ in comms:
        await comm.disconnect()
