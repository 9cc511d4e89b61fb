"""A finished hand's record is the database's whichever daphne process serves it.

In the documented deployment (docs/operations.md: nginx, two daphne processes, Redis)
a table's sockets all go to one process, A, chosen by nginx from the table's number;
every other request goes to either. The other process, B, caches a table's state when
it serves the table's page, and nothing tells it of the moves played on A while B has
no socket of the table. So B's cached state may stop anywhere in a hand that A then
finishes: the hand's record, the download of every record and the replay page must
still be the finished hand, as the database's log has it, when B answers them.
"""

from __future__ import annotations

import asyncio
import json
import re
import ssl

import pytest

from games import services
from games.live import store
from games.live.catchup import catch_up, request_for
from games.live.moves import REVIEW_ACTIONS
from games.models import Action, GameHand
from tests.conftest import PASSWORD

websockets = pytest.importorskip("websockets")
from websockets.asyncio.client import connect  # noqa: E402

pytestmark = pytest.mark.django_db(transaction=True)

# A deal that some bot bids on (the member only ever passes and plays the first legal
# card), so hand 1 is played to its tenth trick, and whose last card is the member's.
# That card is played on A: no runner of B (which plays only the bots' seats, the member
# being present) can have played it, so B's cached state cannot have reached the hand's
# end, and a record read from it is short of cards whatever the timing.
SEED = 1
FRAME_TIMEOUT = 30  # seconds for any one frame; bots play at once (bot_delay_ms=0)
HAND_TIMEOUT = 120  # seconds for the whole hand
CARDS_PER_HAND = 40  # ten tricks of four cards


def _logged_in(deployment, user):
    """A client through nginx with the member's session (the login answered by either
    process)."""
    client = deployment.client()
    response = client.post("/accounts/login/", {"username": user.email, "password": PASSWORD})
    assert response.status == 302, response.text[:500]
    return client


def _route_of(deployment, path: str, nth: int) -> int:
    """The daphne process nginx passed the ``nth`` request for ``path`` to (once
    logged)."""
    upstreams = [upstream for _uri, upstream in deployment.routes(path=path, at_least=nth)]
    assert len(upstreams) >= nth, f"nginx logged no request {nth} for {path}: {upstreams}"
    return deployment.process_number(upstreams[nth - 1])


def _database_record(table_id: int, number: int) -> dict:
    """The hand's record rebuilt here from the database's log (no process's cache)."""
    st = catch_up(None, store.read_snapshot(table_id, *request_for(None)))
    return st.game.entries[number - 1].to_record()


def _replay_record(page: str) -> dict:
    """The record the replay page embeds (``record_json`` in its "hand-record" script)."""
    script = re.search(
        r'<script id="hand-record" type="application/json">(.*?)</script>', page, re.S
    )
    assert script, page[:2000]
    return json.loads(json.loads(script.group(1)))


def _cards_played(record: dict) -> int:
    """The cards of the record's play (its ``claim``/``accept``/``refuse`` are none;
    a record taken before the play has no ``play``)."""
    return sum(
        1 for action in record.get("play", []) if action not in ("claim", "accept", "refuse")
    )


def _hand_over(frame: dict, number: int) -> bool:
    """Whether a state frame shows hand ``number`` finished: its review (a member is
    present, so a 500 table reviews it before the next deal) or a later deal."""
    review = frame.get("review")
    return (review is not None and review["number"] >= number) or frame["table"][
        "hand_number"
    ] > number


async def _play_hand_one_then(deployment, table_id: int, cookie: str, fetch):
    """Open the member's socket through nginx, play hand 1 to its end (the member
    passes and plays the first legal card; bots play the other seats from a runner),
    then run ``fetch`` (blocking HTTP, in a thread) with the socket still open, so
    nothing of the table moves meanwhile: the member is present, so the review waits
    for them (``review_seconds``) before the next deal. Returns (fetch's result, the
    last state frame)."""
    context = ssl._create_unverified_context()

    async def next_state(ws) -> dict:
        while True:
            frame = json.loads(await asyncio.wait_for(ws.recv(), FRAME_TIMEOUT))
            if frame["type"] == "error":
                raise AssertionError(frame)
            if frame["type"] == "state":
                return frame

    async def play(ws) -> dict:
        state = await next_state(ws)
        seat = state["table"]["you"]
        assert seat == "N", state["table"]
        sent_at = None  # the seq of the last intent sent: one intent per state
        while not _hand_over(state, 1):
            view = state["view"]
            if (
                view is not None
                and view["to_act"] == seat
                and view["legal"]
                and state["seq"] != sent_at
            ):
                sent_at = state["seq"]
                await ws.send(
                    json.dumps({"type": "intent", "seq": sent_at, "action": view["legal"][0]})
                )
            state = await next_state(ws)
        return state

    async with connect(
        f"{deployment.ws_url}/ws/tables/{table_id}/",
        origin=deployment.url,
        additional_headers={"Cookie": cookie},
        ssl=context,
        open_timeout=30,
    ) as ws:
        last = await asyncio.wait_for(play(ws), HAND_TIMEOUT)
        fetched = await asyncio.to_thread(fetch)
    return fetched, last


def test_every_process_serves_a_finished_hands_whole_record_as_the_database_has_it(
    deployment, member
):
    """Process B cached the table's state just after the start, then hand 1 was played
    on A (the member's socket, and the bots' moves that follow it): from B as from A,
    the hand's record, the download of every finished hand and the replay page are
    the database's whole record (its 40 cards), not B's cached state of the hand."""
    table = services.table_create(host=member, seed=SEED, bot_delay_ms=0, review_seconds=600)
    services.table_fill_with_bots(table_id=table.pk, user=member)
    services.table_start(table_id=table.pk, user=member)
    assert table.seats.get(seat="N").user == member

    client = _logged_in(deployment, member)
    # A: the process nginx sends the table's sockets to (a request on the socket's path
    # is routed by the same hash on the table's number); B: the other one.
    socket_path = f"/ws/tables/{table.pk}/"
    client.get(socket_path)
    a = _route_of(deployment, socket_path, 1)
    b = next(n for n in range(1, deployment.processes + 1) if n != a)
    on = {n: deployment.process_client(n, like=client) for n in (a, b)}

    # B serves the table's page right after the start: it caches the state then.
    page = on[b].get(f"/tables/{table.pk}/")
    assert page.status == 200, (page.status, page.text[:500])

    def fetch():
        out = {}
        for n in (b, a):
            hand = on[n].get(f"/tables/{table.pk}/hands/1/record.json")
            every = on[n].get(f"/tables/{table.pk}/records.json")
            replay = on[n].get(f"/tables/{table.pk}/hands/1/")
            assert (hand.status, every.status, replay.status) == (200, 200, 200), (
                n,
                hand.status,
                every.status,
                replay.status,
                deployment.logs(),
            )
            out[n] = {
                "record.json": json.loads(hand.text),
                "records.json": json.loads(every.text),
                "replay": _replay_record(replay.text),
            }
        return out

    cookie = f"sessionid={client.cookies['sessionid']}"
    served, last = asyncio.run(_play_hand_one_then(deployment, table.pk, cookie, fetch))

    # The member's socket went to A (nginx logs a socket once it is closed).
    assert _route_of(deployment, socket_path, 2) == a
    hand = GameHand.objects.get(table=table, number=1)
    assert hand.result is not None and not hand.result.get("redeal"), hand.result
    last_card = (
        Action.objects.filter(hand=hand).exclude(action__in=REVIEW_ACTIONS).order_by("seq").last()
    )
    assert (last_card.seat, last_card.by_bot) == ("N", False), (
        "SEED no longer deals a hand whose last card is the member's: choose another"
    )
    expected = _database_record(table.pk, 1)
    assert _cards_played(expected) == CARDS_PER_HAND
    # The member saw hand 1's review, the next deal not made yet (they were present).
    assert (last["review"]["number"], last["table"]["hand_number"]) == (1, 1)
    assert last["review"]["record"] == expected  # what A showed the member at the end
    for n, label in ((b, "B"), (a, "A")):
        got = served[n]
        counts = {
            name: _cards_played(record if name != "records.json" else record[0])
            for name, record in got.items()
        }
        assert counts == dict.fromkeys(got, CARDS_PER_HAND), (
            f"process {label} (daphne-{n}) served hand 1 with these numbers of cards "
            f"played: {counts}"
        )
        assert got["record.json"] == expected, f"process {label}: record.json"
        assert got["records.json"] == [expected], f"process {label}: records.json"
        assert got["replay"] == expected, f"process {label}: the replay page"
