"""Table sockets for tests: connect through the site's ASGI application, read frames."""

from __future__ import annotations

from channels.testing import WebsocketCommunicator

from club.asgi import application


async def recv(comm, timeout=5):
    """The next frame that is not a presence notice."""
    while True:
        frame = await comm.receive_json_from(timeout=timeout)
        if frame.get("type") != "presence":
            return frame


async def quiet(comm) -> bool:
    """Nothing but presence notices arrive for a moment."""
    while not await comm.receive_nothing(timeout=0.3):
        if (await comm.receive_json_from(timeout=10))["type"] != "presence":
            return False
    return True


def session_cookie(client, user) -> bytes:
    client.force_login(user)
    return f"sessionid={client.cookies['sessionid'].value}".encode()


async def connect(table_id, cookie=None):
    """A table socket through the ASGI application (a busy machine may take seconds to
    accept it: the timeout only bounds a wait for the accept)."""
    headers = [(b"origin", b"http://localhost"), (b"host", b"localhost")]
    if cookie:
        headers.append((b"cookie", cookie))
    comm = WebsocketCommunicator(application, f"/ws/tables/{table_id}/", headers=headers)
    connected, code = await comm.connect(timeout=10)
    return comm, connected, code


async def all_connected(table, cookies):
    comms = []
    for cookie in cookies:
        comm, ok, _ = await connect(table.pk, cookie)
        assert ok
        comms.append((comm, await recv(comm)))
    return comms


async def play_first_hand(comms, *, next_deal: bool = True) -> tuple[int, int, list[dict]]:
    """Play hand 1 to its end over the sockets, then (``next_deal``) every member taps
    "Next deal" in the hand review, if there is one: (first seq, last seq, last frames)."""
    latest = [first for _, first in comms]
    start = latest[0]["seq"]
    while latest[0]["table"]["hand_number"] == 1 and latest[0]["view"]["to_act"] is not None:
        seat = latest[0]["view"]["to_act"]
        mine = latest["NESW".index(seat)]
        await comms["NESW".index(seat)][0].send_json_to(
            {"type": "intent", "seq": mine["seq"], "action": mine["view"]["legal"][0]}
        )
        latest = [await recv(comm) for comm, _ in comms]
        assert len({frame["seq"] for frame in latest}) == 1
    if "review" in latest[0] and next_deal:  # (an all-pass hand is dealt again at once)
        for (comm, _), frame in zip(comms, list(latest)):
            await comm.send_json_to({"type": "intent", "seq": latest[0]["seq"], "action": "next"})
            latest = [await recv(other) for other, _ in comms]
        assert latest[0]["table"]["hand_number"] == 2
    return start, latest[0]["seq"], latest
