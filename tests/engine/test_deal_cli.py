"""``python -m games.engine deal``: boards on standard output, errors on standard error."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from games.engine.boards import deal_boards

ROOT = Path(__file__).resolve().parents[2]
SEED = "GoldenSeedForBoards2026"


def deal(*args: str, hashseed: str = "0") -> tuple[int, str, str]:
    env = dict(os.environ, PYTHONHASHSEED=hashseed)
    proc = subprocess.run(
        [sys.executable, "-m", "games.engine", "deal", *args],
        capture_output=True,
        text=True,
        cwd=ROOT,
        timeout=60,
        env=env,
    )
    assert "Traceback" not in proc.stderr and "Traceback" not in proc.stdout
    return proc.returncode, proc.stdout, proc.stderr


def test_prints_one_json_board_a_line():
    status, out, err = deal("--variant", "quebec", "--seed", SEED, "--boards", "3-6")
    assert (status, err) == (0, "")
    lines = out.splitlines()
    assert [json.loads(line) for line in lines] == deal_boards("quebec", SEED, 3, 6)
    assert lines[0].startswith('{"board": 3, "dealer": "S", "hands": {"N": [')


def test_one_board_number_and_the_equals_form():
    status, out, _ = deal("--variant=australian", f"--seed={SEED}", "--boards=12")
    assert status == 0 and [json.loads(x) for x in out.splitlines()] == deal_boards(
        "australian", SEED, 12, 12
    )


def test_options_override_the_variant_as_in_a_hand_record():
    status, out, _ = deal("--variant", "quebec", "--seed", SEED, "--boards", "1",
                          "--options", '{"kitty_joker_disclosure": false}')  # fmt: skip
    assert status == 0 and json.loads(out)["board"] == 1


def test_the_output_is_the_same_in_two_processes_with_different_hash_seeds():
    args = ("--variant", "quebec", "--seed", SEED, "--boards", "1-24")
    first, second = deal(*args, hashseed="1"), deal(*args, hashseed="4242")
    assert first == second and first[0] == 0 and len(first[1].splitlines()) == 24


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (("--variant", "bridge", "--seed", SEED, "--boards", "1"), "unknown variant 'bridge'"),
        (("--variant", "450", "--seed", SEED, "--boards", "1"), "for 500 only, not for 450"),
        (
            ("--variant", "quebec", "--seed", SEED, "--boards", "1", "--options", '{"players": 6}'),
            "boards are four-handed; this variant has 6 players",
        ),
        (("--variant", "quebec", "--seed", "abc", "--boards", "1"), "a seed is 16 to 64"),
        (("--variant", "quebec", "--seed", SEED + "!", "--boards", "1"), "a seed is 16 to 64"),
        (("--variant", "quebec", "--seed", SEED, "--boards", "4-2"), "comes after the last"),
        (("--variant", "quebec", "--seed", SEED, "--boards", "0"), "from 1 to 999"),
        (("--variant", "quebec", "--seed", SEED, "--boards", "1-1000"), "from 1 to 999"),
        (("--variant", "quebec", "--seed", SEED, "--boards", "one"), "--boards takes FIRST-LAST"),
        (("--variant", "quebec", "--seed", SEED), "missing --boards"),
        (("--variant", "quebec", "--seed", SEED, "--boards", "1", "--x", "1"), "unknown argument"),
        (("--variant", "quebec", "--seed", SEED, "--boards"), "--boards needs a value"),
        (
            ("--variant", "quebec", "--seed", SEED, "--boards", "1", "--options", "[]"),
            "JSON object",
        ),
        (
            ("--variant", "quebec", "--seed", SEED, "--boards", "1", "--options", '{"x": 1}'),
            "unknown option 'x'",
        ),
    ],
)
def test_bad_input_exits_2_with_a_message_and_nothing_on_stdout(args, message):
    status, out, err = deal(*args)
    assert (status, out) == (2, "")
    assert err.startswith("games.engine deal: ") and message in err, err


def test_help_prints_the_usage_and_the_top_level_usage_lists_both_commands():
    status, out, _ = deal("--help")
    assert status == 0 and out.startswith("usage: python -m games.engine deal --variant V")
    proc = subprocess.run(
        [sys.executable, "-m", "games.engine"], capture_output=True, text=True, cwd=ROOT
    )
    assert proc.returncode == 2
    assert "games.engine check" in proc.stderr and "games.engine deal" in proc.stderr
