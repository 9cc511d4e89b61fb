"""Regenerate the golden records for the HAND-RECORD.md examples.

Run from the repo root: ``python tests/engine/golden/make_golden.py``.  It
searches seeded random hands for positions matching each documented example and
writes them next to this file.  The tests only read the JSON files.
"""

import json
import random
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[3]))

from games.engine import new_hand  # noqa: E402

HERE = Path(__file__).parent


def write(name, record):
    (HERE / name).write_text(json.dumps(record) + "\n")


def complete_failed():
    for seed in range(100000):
        hand = new_hand("quebec", "S", seed)
        try:
            for call in ["8S", "pass", "pass", "pass"]:
                hand.apply(call)
        except ValueError:
            continue
        rng = random.Random(seed)
        while not hand.is_done:
            hand.apply(rng.choice(hand.legal_actions()))
        if hand.result().tricks == {"NS": 3, "EW": 7}:
            return hand.to_record()


def in_progress_and_illegal():
    found = {}
    for seed in range(100000):
        hand = new_hand("quebec", "N", seed)
        rng = random.Random(seed)
        while not hand.is_done:
            legal = hand.legal_actions()
            if (
                "ip" not in found
                and hand.phase == "play"
                and hand.to_act == "E"
                and legal == ["AS", "KS"]
            ):
                found["ip"] = hand.to_record()
            rec = hand.to_record()
            if (
                "bad" not in found
                and hand.phase == "play"
                and len(rec.get("play", [])) == 5
                and hand.to_act == "E"
                and hand.view_for(None)["led"] == "H"
                and "KS" in hand.view_for("E")["hand"]
                and "KS" not in legal
            ):
                rec["play"].append("KS")
                found["bad"] = rec
            hand.apply(rng.choice(legal))
        if len(found) == 2:
            return found


if __name__ == "__main__":
    write("complete_8S_failed.json", complete_failed())
    found = in_progress_and_illegal()
    write("in_progress_play.json", found["ip"])
    write("illegal_must_follow.json", found["bad"])
    print("written")
