"""The optional ``takebacks`` field of hand records (docs/hand-records.md): ``check``
reads it in 500 and 450 records alike, refuses it malformed, and still refuses any
other unknown field; a replayed record writes it back as it was."""

from __future__ import annotations

import json

import pytest

from games.engine import check_record, new_hand, replay
from games.engine.four_fifty import Game as Game450
from games.engine.four_fifty import check_record as check_450
from games.engine.four_fifty import get_rules
from games.engine.four_fifty import replay as replay_450

from .test_check_cli import check

NOTE = [{"seat": "E", "action": "7H", "at": "calls[1]"}]


def _500_record() -> dict:
    hand = new_hand("quebec", dealer="N", seed=29)
    for _ in range(3):
        hand.apply(hand.legal_actions()[0])
    return hand.to_record()


def _450_record() -> dict:
    game = Game450(get_rules(4, {}), secretary=0)
    rnd = game.next_round(seed=29)
    for _ in range(4):
        rnd.apply(rnd.legal_actions()[0])
    return rnd.to_record()


def test_a_500_record_with_takebacks_is_checked_and_written_back_as_it_was():
    record = {**_500_record(), "takebacks": NOTE}
    assert check_record(record)["ok"]
    assert replay(record).to_record() == record
    assert "takebacks" not in _500_record()  # none taken back: no field


def test_a_450_record_with_takebacks_is_checked_and_written_back_as_it_was():
    record = {**_450_record(), "takebacks": [{"seat": "P2", "action": "9C", "at": "discards[0]"}]}
    assert check_450(record)["ok"]
    assert replay_450(record).to_record() == record


@pytest.mark.parametrize(
    "bad",
    [
        "E:7H",
        [{"seat": "X", "action": "7H", "at": "calls[1]"}],
        [{"seat": "E", "action": "", "at": "calls[1]"}],
        [{"seat": "E", "action": "7H", "at": "calls 1"}],
        [{"seat": "E", "action": "7H"}],
        [{"seat": "E", "action": "7H", "at": "calls[1]", "why": "misclick"}],
    ],
)
def test_a_malformed_takebacks_field_is_refused_naming_it(bad):
    out = check_record({**_500_record(), "takebacks": bad})
    assert not out["ok"] and out["at"].startswith("takebacks")


def test_check_still_refuses_any_other_unknown_field():
    for record, check_one in ((_500_record(), check_record), (_450_record(), check_450)):
        out = check_one({**record, "takebacks": [], "undo": []})
        assert not out["ok"] and out["at"] == "undo"


def test_the_check_command_reads_records_with_takebacks():
    lines = "\n".join(
        json.dumps(r)
        for r in (
            {**_500_record(), "takebacks": NOTE},
            {**_450_record(), "takebacks": [{"seat": "P1", "action": "hide", "at": "discards"}]},
        )
    )
    code, out = check(stdin=lines)
    assert code == 0 and [json.loads(line)["ok"] for line in out] == [True, True], out
