"""Claims at a live table: one move of the pipeline, answered by the opponents
(members over their sockets, bots through the runner), logged, replayed."""

import pytest
from asgiref.sync import sync_to_async

from games import services
from games.engine.claims import claim_is_certain
from games.live import cache
from games.models import Action, Table
from tests.games.conftest import drive_until, north_may_claim_unproven, table_state
from tests.games.sockets import all_connected, connect, recv

pytestmark = pytest.mark.django_db(transaction=True)

SEATS = "NESW"


async def _send(comms, latest, seat, action):
    """``seat`` plays ``action``; every socket's next state frame."""
    await comms[SEATS.index(seat)][0].send_json_to(
        {"type": "intent", "seq": latest[0]["seq"], "action": action}
    )
    return [await recv(comm) for comm, _ in comms]


def _certain_now(table_id):
    hand = table_state(table_id).hand
    return claim_is_certain(hand, hand.to_act_i)


async def test_a_claim_goes_through_the_pipeline_answered_over_the_sockets(table_of_four, cookies):
    comms = await all_connected(table_of_four, cookies)
    latest = [first for _, first in comms]
    # Play (first legal move, one bid to open) until three tricks are left and the
    # seat to act cannot be sure of them all.
    while True:
        view = latest[0]["view"]
        seat = view["to_act"]
        mine = latest[SEATS.index(seat)]["view"]
        if (
            view["phase"] == "play"
            and view["card_counts"][seat] <= 3
            and not await sync_to_async(_certain_now)(table_of_four.pk)
        ):
            break
        legal = mine["legal"]
        # open the auction with a bid, then everyone passes
        opening = view["phase"] == "auction" and all(c["call"] == "pass" for c in view["calls"])
        action = legal[1] if opening and len(legal) > 1 else legal[0]
        latest = await _send(comms, latest, seat, action)
        assert latest[0]["table"]["hand_number"] == 1
    claimer = seat
    latest = await _send(comms, latest, claimer, "claim")
    claim = latest[0]["view"]["claim"]
    assert claim["seat"] == claimer and claim["outcome"] == "pending"
    first, second = claim["waiting"]
    assert latest[SEATS.index(first)]["view"]["legal"] == ["accept", "refuse"]
    assert latest[SEATS.index(claimer)]["view"]["legal"] == []
    # the next opponent may not answer out of turn; the claimer may not play a card
    await comms[SEATS.index(second)][0].send_json_to(
        {"type": "intent", "seq": latest[0]["seq"], "action": "accept"}
    )
    assert (await recv(comms[SEATS.index(second)][0]))["code"] == "not_your_turn"
    latest = await _send(comms, latest, first, "refuse")
    assert latest[0]["view"]["to_act"] == claimer
    assert latest[0]["view"]["claim"]["outcome"] == "refused"
    # a second claim in the same trick is refused with an error frame, nothing changes
    comm = comms[SEATS.index(claimer)][0]
    await comm.send_json_to({"type": "intent", "seq": latest[0]["seq"], "action": "claim"})
    error = await recv(comm)
    assert error["type"] == "error" and error["code"] == "claim_refused_this_trick"
    # play on to the next trick, then claim again: certain, or accepted by both
    tricks = len(latest[0]["view"]["tricks"])
    while len(latest[0]["view"]["tricks"]) == tricks:
        seat = latest[0]["view"]["to_act"]
        latest = await _send(comms, latest, seat, latest[SEATS.index(seat)]["view"]["legal"][0])
    seat = latest[0]["view"]["to_act"]
    certain = await sync_to_async(_certain_now)(table_of_four.pk)
    latest = await _send(comms, latest, seat, "claim")
    if not certain:
        for opponent in latest[0]["view"]["claim"]["waiting"]:
            latest = await _send(comms, latest, opponent, "accept")
    # the hand is over: its review is shown (the next deal waits for the players)
    assert latest[0]["table"]["hand_number"] == 1 and "review" in latest[0]
    row = latest[0]["sheet"][0]
    assert sum(row["tricks"].values()) == 10
    logged = await sync_to_async(
        lambda: [
            a.action
            for a in Action.objects.filter(
                hand__table=table_of_four, action__in=["claim", "accept", "refuse"]
            ).order_by("seq")
        ]
    )()
    assert logged[:2] == ["claim", "refuse"] and logged[2] == "claim"
    assert logged[3:] == ([] if certain else ["accept", "accept"])
    # replay == state: a process that knows nothing rebuilds the same table
    cache.clear()
    again, ok, _ = await connect(table_of_four.pk, cookies[0])
    assert ok
    rebuilt = await recv(again)
    for key in ("seq", "view", "game", "sheet"):
        assert rebuilt[key] == latest[0][key], key
    record = await sync_to_async(
        lambda: table_state(table_of_four.pk).game.entries[0].to_record()
    )()
    assert "claim" in record["play"]
    for comm, _ in comms:
        await comm.disconnect()
    await again.disconnect()


def test_a_bot_opponent_refuses_an_uncertain_claim_through_the_runner(players):
    """The runner's bots answer a claim like any move: the seat to act is theirs."""
    table = services.table_create(
        host=players[0], variant="quebec", seed=11, bot_delay_ms=0, absence_grace_seconds=0
    )
    services.table_fill_with_bots(table_id=table.pk, user=players[0])
    services.table_start(table_id=table.pk, user=players[0])

    # the bots (and the runner for N, absent) play until N may make an uncertain claim
    drive_until(table.pk, north_may_claim_unproven(table.pk))
    st = table_state(table.pk)
    services.hand_apply_action(
        table_id=table.pk, user=players[0], action="claim", expected_seq=st.seq
    )
    st = table_state(table.pk)
    assert st.hand.claim_wait and st.hand.to_act == "E"
    services.table_drive(table_id=table.pk, now=st.moved_at)
    st = table_state(table.pk)
    assert st.hand.view_for(None)["claim"]["outcome"] == "refused"
    assert st.hand.to_act == "N"
    assert Table.objects.get(pk=table.pk).seq == st.seq
