"""Print the per-count examples of docs/hand-records.md (bots play seeded hands).

Run from the repo root: ``python tests/engine/golden/make_doc_examples.py``.  The
test ``tests/engine/test_doc_examples.py`` checks every example in the docs
against ``check``; this script only helps to write new ones.
"""

import json
import random
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[3]))

from games.engine import check_record, new_hand  # noqa: E402
from games.engine.bots import choose_action  # noqa: E402

EXAMPLES = [
    ("Two players (dead hand)", "australian", {"players": 2}, "P1", None),
    ("Three players", "australian", {"players": 3}, "P3", None),
    ("Five players (partner call)", "quebec", {"players": 5}, "P2", "partner"),
    ("Six players (teams 2x3)", "quebec", {"players": 6}, "P6", None),
    ("Breach (four players)", "quebec", {"breach": True, "auction": "pass_final"}, "W", "breach"),
]


def record_text(rec):
    lines = [f'  "{k}": {json.dumps(v, ensure_ascii=False)}' for k, v in rec.items()]
    return "{\n" + ",\n".join(lines) + "\n}"


def find(variant, options, dealer, want):
    for seed in range(1, 5000):
        hand = new_hand(variant, dealer, seed, options=options)
        rng = random.Random(seed)
        if want == "breach":
            hand.apply("9NT")  # an overbid for the defence to breach
        while not hand.is_done:
            hand.apply(choose_action(hand, hand.to_act, rng))
        r = hand.result()
        if r.redeal:
            continue
        if want == "partner" and not r.extra.get("partner"):
            continue
        if want == "breach" and not r.extra.get("breach"):
            continue
        return hand.to_record()


for title, variant, options, dealer, want in EXAMPLES:
    rec = find(variant, options, dealer, want)
    print(f"### {title}\n\n```json\n{record_text(rec)}\n```\n")
    print(f"```\n{json.dumps(check_record(rec), ensure_ascii=False)}\n```\n")
