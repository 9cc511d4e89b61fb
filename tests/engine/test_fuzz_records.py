"""Mangled records never raise: check_record always answers with one dict."""

import copy
import json
import random

from games.engine import check_record, new_hand

JUNK = [
    None,
    1,
    -3,
    2.5,
    True,
    "",
    "??",
    "10NT",
    "WJ:H",
    "name:WJ:Z",
    [],
    {},
    ["AS"],
    "AS",
]


def mutate(rec, rng):
    rec = copy.deepcopy(rec)
    for _ in range(rng.randint(1, 3)):
        key = rng.choice(list(rec) + ["extra"])
        roll = rng.random()
        if roll < 0.2:
            rec.pop(key, None)
        elif roll < 0.4:
            rec[key] = rng.choice(JUNK)
        elif isinstance(rec.get(key), list) and rec[key]:
            i = rng.randrange(len(rec[key]))
            if rng.random() < 0.5:
                rec[key][i] = rng.choice(JUNK)
            else:
                del rec[key][i]
        elif isinstance(rec.get(key), dict) and rec[key]:
            sub = rng.choice(list(rec[key]))
            value = rec[key][sub]
            if isinstance(value, list) and value and rng.random() < 0.7:
                value[rng.randrange(len(value))] = rng.choice(JUNK)
            else:
                rec[key][sub] = rng.choice(JUNK)
    return rec


def test_mangled_records_get_an_answer_never_an_exception():
    rng = random.Random(5)
    bad = 0
    for seed in range(300):
        variant = ["quebec", "australian", "american", "french-canadian"][seed % 4]
        hand = new_hand(variant, seed % 4, seed)
        while not hand.is_done and rng.random() < 0.97:
            hand.apply(rng.choice(hand.legal_actions()))
        rec = mutate(hand.to_record(), rng)
        out = check_record(rec)
        json.dumps(out)
        assert isinstance(out["ok"], bool)
        if not out["ok"]:
            bad += 1
            assert out["error"] and "\n" not in out["error"] and "internal" not in out["error"]
            assert list(out)[:2] == ["ok", "at"]
    assert bad > 150


def test_mangled_score_sheets_get_an_answer():
    rng = random.Random(6)
    base = {
        "format": "club500-hand/1",
        "variant": "quebec",
        "declarer": "N",
        "contract": "8S",
        "tricks": 9,
    }
    for _ in range(300):
        out = check_record(mutate(base, rng))
        assert isinstance(out["ok"], bool)
        if not out["ok"]:
            assert "internal" not in out["error"]
