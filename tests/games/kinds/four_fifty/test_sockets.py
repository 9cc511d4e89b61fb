"""Live 450 tables over the socket: hidden cards never leave the server (3 to 6 players),
refused intents, reconnect, and the records a finished round is downloaded as."""

from __future__ import annotations

import json
import re

import pytest
from asgiref.sync import sync_to_async
from django.test import Client

from games import services
from games.engine.four_fifty import check_record
from tests.games.conftest import table_state
from tests.games.sockets import connect, recv, session_cookie

pytestmark = pytest.mark.django_db(transaction=True)

CARD = re.compile(r"^(10|[7-9JQKA3])[SCDH]$")


def visible_cards(frame) -> set[str]:
    """Every card named anywhere in a frame (legal actions included: "major:9H,..",
    "aside:KC")."""
    found = set()

    def walk(node):
        if isinstance(node, dict):
            for value in node.values():
                walk(value)
        elif isinstance(node, list):
            for item in node:
                walk(item)
        elif isinstance(node, str):
            for part in re.split(r"[:,]", node):
                if CARD.match(part):
                    found.add(part)

    walk(frame)
    return found


def public_cards(view) -> set[str]:
    """What every viewer may see in ``view``: the face-up cards (``shown``; every hand
    once play is over), the pot's visible card, the discards, the double-faced card, the
    cards set aside, the announced sequences, and the pot once dealt out."""
    if view is None:
        return set()
    cards = {p["card"] for p in view["pile"]}
    for shown in view["shown"].values():
        cards |= set(shown)
    cards |= {c for c in (view["pot_shown"], view["double_face"]) if c}
    cards |= set(view["aside"]) | set(view["leftover"])
    for announced in view["announced"].values():
        cards |= set(announced)
    if view["result"]:
        cards |= set(view["result"]["pot"].values())
    return cards


def _start_table(players, seed):
    n = len(players)
    table = services.table_create(
        host=players[0],
        kind="450",
        options={"players": n, "end": "rounds", "rounds": 1},
        seed=seed,
        bot_delay_ms=0,
    )
    for i, user in enumerate(players[1:], 2):
        services.table_join(table_id=table.pk, user=user, seat=f"P{i}")
    services.table_start(table_id=table.pk, user=players[0])
    table.refresh_from_db()
    return table


def _record(table_id, number=1):
    return table_state(table_id).game.entries[number - 1].to_record()


@pytest.mark.parametrize("n", [3, 4, 5, 6])
async def test_a_whole_450_round_over_the_socket_never_shows_a_hidden_card(n, make_member):
    players = [await sync_to_async(make_member)() for _ in range(n)]
    table = await sync_to_async(_start_table)(players, 4500 + n)
    seats = [f"P{i}" for i in range(1, n + 1)]
    comms = {}
    for seat, user in zip(seats, players):
        comm, ok, _ = await connect(table.pk, await sync_to_async(session_cookie)(Client(), user))
        assert ok
        comms[seat] = comm
    watcher = await sync_to_async(make_member)()
    spectator, ok, _ = await connect(
        table.pk, await sync_to_async(session_cookie)(Client(), watcher)
    )
    assert ok
    comms["spectator"] = spectator
    latest = {seat: await recv(comm) for seat, comm in comms.items()}
    frames = {seat: [frame] for seat, frame in latest.items()}
    while latest["P1"]["table"]["status"] == "playing":
        to_act = latest["P1"]["view"]["to_act"]
        mine = latest[to_act]
        await comms[to_act].send_json_to(
            {"type": "intent", "seq": mine["seq"], "action": mine["view"]["legal"][-1]}
        )
        for seat, comm in comms.items():
            frame = await recv(comm)
            assert frame["type"] == "state" and frame["seq"] == mine["seq"] + 1, frame
            frames[seat].append(frame)
            latest[seat] = frame
    record = await sync_to_async(_record)(table.pk)
    for seat, seen in frames.items():
        for frame in seen:
            view = frame["view"]
            allowed = public_cards(view)
            if seat != "spectator":
                allowed |= set(record["hands"][seat])
                if view["phase"] in ("aside", "show"):
                    # before the dealer hides them, a player holds only his face-up cards
                    assert sorted(view["hand"]) == sorted(record["visible"][seat])
                    assert {s: sorted(c) for s, c in view["shown"].items()} == {
                        s: sorted(c) for s, c in record["visible"].items()
                    }
            else:
                assert view["hand"] is None and view["legal"] == []
            leaked = visible_cards(frame) - allowed
            assert not leaked, (
                f"{seat} saw {leaked} at seq {frame['seq']}: {json.dumps(frame)[:2000]}"
            )
    assert len(frames["spectator"]) > 3 * n
    final = latest["spectator"]
    assert final["table"]["status"] == "finished"
    assert [row["points"] for row in final["sheet"]] == [check_record(record)["points"]]
    for comm in comms.values():
        await comm.disconnect()


async def test_450_refusals_name_the_rule_and_a_reconnect_gets_the_state(make_member):
    players = [await sync_to_async(make_member)() for _ in range(3)]
    table = await sync_to_async(_start_table)(players, 77)
    cookies = [await sync_to_async(session_cookie)(Client(), u) for u in players]
    comms = []
    for cookie in cookies:
        comm, ok, _ = await connect(table.pk, cookie)
        assert ok
        comms.append((comm, await recv(comm)))
    first = comms[0][1]
    dealer = first["view"]["dealer"]
    d = int(dealer[1:]) - 1
    actor, state = comms[d]
    other, _ = comms[(d + 1) % 3]
    await other.send_json_to({"type": "intent", "seq": first["seq"], "action": "hide"})
    reply = await recv(other)
    assert reply["type"] == "error" and reply["code"] == "not_your_turn"
    await actor.send_json_to(
        {"type": "intent", "seq": first["seq"], "action": state["view"]["hand"][0]}
    )
    reply = await recv(actor)
    assert reply["type"] == "error" and reply["code"] == "wrong_phase" and reply["message"]
    await actor.send_json_to({"type": "intent", "seq": first["seq"], "action": "hide"})
    hidden = await recv(actor)
    assert hidden["view"]["phase"] == "discard" and len(hidden["view"]["hand"]) > 2
    await actor.disconnect()
    again, ok, _ = await connect(table.pk, cookies[d])
    assert ok
    back = await recv(again)
    assert back["seq"] == hidden["seq"] and back["view"]["hand"] == hidden["view"]["hand"]
    for comm, _ in comms:
        if comm is not actor:
            await comm.disconnect()
    await again.disconnect()
