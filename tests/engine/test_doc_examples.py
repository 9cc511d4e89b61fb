"""Every example of docs/hand-records.md's 500 part is a record `check` answers as shown."""

import json
import re
from pathlib import Path

import pytest

from games.engine import check_record

DOC = Path(__file__).resolve().parents[2] / "docs" / "hand-records.md"


def _examples():
    text = DOC.read_text()
    part = text[text.index("## Examples by player count") : text.index("# 450 round")]
    pairs = re.findall(r"### (.+?)\n\n```json\n(.+?)\n```\n\n```\n(.+?)\n```", part, re.S)
    return [(title, json.loads(rec), json.loads(answer)) for title, rec, answer in pairs]


EXAMPLES = _examples()


def test_there_is_an_example_for_every_player_count():
    counts = {rec["options"].get("players", 4) for _, rec, _ in EXAMPLES}
    assert counts == {2, 3, 4, 5, 6}


@pytest.mark.parametrize("title, record, answer", EXAMPLES, ids=[e[0] for e in EXAMPLES])
def test_each_example_is_answered_as_documented(title, record, answer):
    assert check_record(record) == answer


def test_the_score_sheet_examples_are_answered():
    text = DOC.read_text()
    part = text[text.index("## Score-sheet record") : text.index("## `python -m")]
    block = re.search(r"ten in all:\n\n```json\n(.+?)\n```", part, re.S).group(1)
    for line in block.splitlines():
        out = check_record(json.loads(line))
        assert out["ok"] and out["complete"], out
