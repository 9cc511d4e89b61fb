"""``python -m games.engine check`` on 450 records: the documented answers, exactly."""

import json
import random
from pathlib import Path

from games.engine.four_fifty import Game
from games.engine.four_fifty.bots import choose_action

from ..test_check_cli import check  # runs the command, asserts no traceback

ROOT = Path(__file__).resolve().parents[3]
GOLDEN = Path(__file__).parent / "golden"
CLI_FILES = ["cli_in_progress.json", "cli_must_follow.json", "cli_complete_3p.json"]


def documented_lines():
    text = (ROOT / "docs" / "hand-records.md").read_text()
    part = text[text.index("# 450 round records") :]
    return [line for line in part.splitlines() if line.startswith('{"ok"')]


def test_the_documented_answers_in_progress_illegal_and_complete():
    status, lines = check(*(str(GOLDEN / name) for name in CLI_FILES))
    assert status == 1  # one record is illegal
    assert lines == documented_lines()


def test_450_and_500_records_mix_in_one_input():
    r450 = json.loads((GOLDEN / "cli_complete_3p.json").read_text())
    r500 = json.loads(
        (ROOT / "tests" / "engine" / "golden" / "complete_8S_failed.json").read_text()
    )
    status, lines = check("-", stdin=json.dumps([r450, r500]))
    assert status == 0
    assert json.loads(lines[0])["next_lanceur"] == "P2"
    assert json.loads(lines[1])["contract"] == "8S"


def test_bad_450_records_get_a_message_not_a_traceback():
    rec = json.loads((GOLDEN / "cli_in_progress.json").read_text())
    cases = [
        ({**rec, "players": 7}, "players", "450 is played by 3 to 6 players, not 7"),
        ({**rec, "options": {"target": "x"}}, "options.target", None),
        ({**rec, "options": {"trump": 1}}, "options.trump", None),
        ({**rec, "double_face": "4S"}, "double_face", None),
        ({**rec, "dealer": "N"}, "dealer", "unknown seat 'N' (seats: P1 P2 P3 P4)"),
        (
            {**rec, "hands": {**rec["hands"], "P1": rec["hands"]["P1"][:7]}},
            "hands.P1",
            "hands.P1 has 7 cards, expected 8",
        ),
        ({**rec, "pot": rec["pot"][:3] + [rec["hands"]["P2"][0]]}, "pot", None),
        (
            {**rec, "visible": {**rec["visible"], "P1": ["3S", "AS"]}},
            "visible.P1",
            None,
        ),
        ({**rec, "aside": ["7S"]}, "aside", "aside is only for five players"),
        ({**rec, "discards": ["7C", "9C", "XX"]}, "discards[2]", None),
        ({**rec, "pot_to": "P2"}, "pot_to", None),
        ({k: v for k, v in rec.items() if k != "pot"}, "pot", "pot is missing"),
        ({**rec, "extra": 1}, "extra", "unknown field 'extra'"),
    ]
    status, lines = check("-", stdin="\n".join(json.dumps(c[0]) for c in cases))
    assert status == 1 and len(lines) == len(cases)
    for (_, at, error), line in zip(cases, lines):
        out = json.loads(line)
        assert out["ok"] is False and out["at"] == at, (at, out)
        if error:
            assert out["error"] == error


def test_a_game_record_is_checked_round_by_round():
    game = Game(3, {"end": "rounds", "rounds": 2, "game_tie": "shared"})
    for seed in (1, 2):
        rnd = game.next_round(seed=seed)
        rng = random.Random(seed)
        while not rnd.is_done:
            rnd.apply(choose_action(rnd, rnd.to_act, rng))
    status, lines = check("-", stdin=json.dumps(game.to_record()))
    out = json.loads(lines[0])
    assert status == 0 and out["complete"] is True and out["totals"] == game.totals
    assert out["winners"] == game.winners and out["end_reason"] == "rounds"
