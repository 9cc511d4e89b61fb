"""Golden tests of ``python -m games.engine check`` (HAND-RECORD.md examples)."""

import json
import subprocess
import sys
from pathlib import Path

import pytest

from .util import make_record

ROOT = Path(__file__).resolve().parents[2]
GOLDEN = Path(__file__).parent / "golden"


def check(*args, stdin=None):
    proc = subprocess.run(
        [sys.executable, "-m", "games.engine", "check", *args],
        input=stdin,
        capture_output=True,
        text=True,
        cwd=ROOT,
        timeout=60,
    )
    assert "Traceback" not in proc.stderr and "Traceback" not in proc.stdout
    return proc.returncode, proc.stdout.splitlines()


DOC_COMPLETE = (
    '{"ok": true, "complete": true, "contract": "8S", "declarer": "W", "made": false, '
    '"tricks": {"NS": 3, "EW": 7}, "score": {"NS": 30, "EW": -240}}'
)
DOC_REDEAL = '{"ok": true, "complete": true, "redeal": true, "score": {"NS": 0, "EW": 0}}'
DOC_PROGRESS = (
    '{"ok": true, "complete": false, "phase": "play", "to_act": "E", "legal": ["AS", "KS"]}'
)
DOC_ILLEGAL = '{"ok": false, "at": "play[5]", "action": "KS", "error": "E must follow hearts"}'


def test_complete_hand_prints_the_documented_line_in_key_order():
    assert check(str(GOLDEN / "complete_8S_failed.json")) == (0, [DOC_COMPLETE])


def test_hand_in_progress_lists_legal_actions():
    assert check(str(GOLDEN / "in_progress_play.json")) == (0, [DOC_PROGRESS])


def test_illegal_hand_names_the_field_and_action_exit_1():
    assert check(str(GOLDEN / "illegal_must_follow.json")) == (1, [DOC_ILLEGAL])


def test_all_pass_deal():
    rec = make_record(calls=["pass"] * 4)
    assert check("-", stdin=json.dumps(rec)) == (0, [DOC_REDEAL])


def test_score_sheet_record_doc_example():
    rec = {
        "format": "club500-hand/1",
        "variant": "quebec",
        "declarer": "N",
        "contract": "8S",
        "tricks": 9,
    }
    rc, lines = check(stdin=json.dumps(rec))
    assert rc == 0
    assert lines == [
        '{"ok": true, "complete": true, "contract": "8S", "declarer": "N", "made": true, '
        '"tricks": {"NS": 9, "EW": 1}, "score": {"NS": 240, "EW": 10}}'
    ]


def test_score_sheet_and_full_record_use_the_same_scoring():
    full = json.loads((GOLDEN / "complete_8S_failed.json").read_text())
    sheet = {
        "format": "club500-hand/1",
        "variant": "quebec",
        "declarer": "W",
        "contract": "8S",
        "tricks": 7,
    }
    assert check(stdin=json.dumps(sheet)) == (0, [DOC_COMPLETE])
    assert check(stdin=json.dumps(full)) == (0, [DOC_COMPLETE])


def test_array_and_json_lines_and_several_files():
    recs = [
        json.loads((GOLDEN / n).read_text())
        for n in ("complete_8S_failed.json", "in_progress_play.json")
    ]
    assert check(stdin=json.dumps(recs)) == (0, [DOC_COMPLETE, DOC_PROGRESS])
    lines = "\n".join(json.dumps(r) for r in recs) + "\n"
    assert check("-", stdin=lines) == (0, [DOC_COMPLETE, DOC_PROGRESS])
    rc, out = check(
        str(GOLDEN / "complete_8S_failed.json"),
        str(GOLDEN / "illegal_must_follow.json"),
    )
    assert (rc, out) == (1, [DOC_COMPLETE, DOC_ILLEGAL])


def test_not_json_exits_2_without_traceback():
    rc, out = check(stdin="this is not json {")
    assert rc == 2 and json.loads(out[-1])["ok"] is False
    rc, out = check(stdin="")
    assert rc == 2


def test_json_nested_too_deeply_exits_2_without_traceback():
    """json's own nesting limit (a RecursionError) is bad input like any other."""
    rc, out = check(stdin="[" * 100_000)
    assert rc == 2 and json.loads(out[-1]) == {
        "ok": False,
        "at": "<stdin>",
        "error": "line 1: not JSON we can read (nested too deeply)",
    }


def test_missing_file_is_reported_not_a_traceback():
    rc, out = check("/nonexistent/file.json")
    assert rc == 2 and json.loads(out[0])["ok"] is False


@pytest.mark.parametrize(
    "mutate,at,fragment",
    [
        (
            lambda r: r["hands"].__setitem__("E", r["hands"]["E"][:9]),
            "hands.E",
            "has 9 cards, expected 10",
        ),
        (
            lambda r: r["hands"]["E"].__setitem__(0, "ZZ"),
            "hands.E",
            "unknown card 'ZZ'",
        ),
        (
            lambda r: r["hands"]["E"].__setitem__(0, r["hands"]["N"][0]),
            "hands.E",
            "dealt twice (also in hands.N)",
        ),
        (lambda r: r["calls"].__setitem__(3, "11H"), "calls[3]", "unknown call '11H'"),
        (
            lambda r: r.__setitem__("variant", "bridge"),
            "variant",
            "unknown variant 'bridge'",
        ),
        (
            lambda r: r.__setitem__("options", {"deck": 44}),
            "options.deck",
            "bad value 44",
        ),
        (lambda r: r.__setitem__("format", "other/2"), "format", "format must be"),
        (lambda r: r.__setitem__("dealer", "X"), "dealer", "unknown seat 'X'"),
        (lambda r: r["calls"].append("pass"), "calls[4]", "the auction is over"),
        (
            lambda r: r.__setitem__("discards", r["discards"][:5] + [r["discards"][0]]),
            "discards[5]",
            "does not hold",
        ),
        (lambda r: r.__setitem__("extra", 1), "extra", "unknown field"),
    ],
)
def test_bad_input_gives_one_line_naming_the_field(mutate, at, fragment):
    rec = json.loads((GOLDEN / "complete_8S_failed.json").read_text())
    mutate(rec)
    rc, out = check(stdin=json.dumps(rec))
    assert rc == 1 and len(out) == 1
    result = json.loads(out[0])
    assert result["ok"] is False and result["at"] == at and fragment in result["error"]


def test_out_of_turn_card_is_named():
    rec = json.loads((GOLDEN / "complete_8S_failed.json").read_text())
    # the first lead is W's (declarer); put N's first card there
    rec["play"] = [rec["hands"]["N"][0]]
    rc, out = check(stdin=json.dumps(rec))
    result = json.loads(out[0])
    assert rc == 1 and result["at"] == "play[0]" and "out of turn" in result["error"]


def test_non_object_record_is_malformed():
    rc, out = check(stdin="[1]")
    assert rc == 1 and json.loads(out[0]) == {
        "ok": False,
        "at": "record",
        "error": "a hand record must be a JSON object",
    }
