"""Building results files for the duplicate tests."""

from __future__ import annotations

import copy

FORMAT = "club500-duplicate/1"

#: DUPLICATE.md's results file, as printed there.
EXAMPLE = {
    "format": FORMAT,
    "boards": [
        {
            "board": 1,
            "results": [
                {
                    "table": 1,
                    "NS": ["p01", "p02"],
                    "EW": ["p03", "p04"],
                    "score": {"NS": 240, "EW": 20},
                },
                {
                    "table": 2,
                    "NS": ["p05", "p06"],
                    "EW": ["p07", "p08"],
                    "score": {"NS": -240, "EW": 50},
                },
                {
                    "table": 3,
                    "NS": ["p09", "p10"],
                    "EW": ["p11", "p12"],
                    "adjusted": {"NS": "A+", "EW": "A-"},
                },
            ],
        }
    ],
}


def example() -> dict:
    """A fresh copy of the example, to change in a test."""
    return copy.deepcopy(EXAMPLE)


def _result(table: int, ns, ew, key: str, ns_value, ew_value) -> dict:
    return {"table": table, "NS": list(ns), "EW": list(ew), key: {"NS": ns_value, "EW": ew_value}}


def scored(table: int, ns, ew, ns_score: int, ew_score: int) -> dict:
    """A scored result: ``ns``/``ew`` list the players (a string: one per character)."""
    return _result(table, ns, ew, "score", ns_score, ew_score)


def adjusted(table: int, ns, ew, ns_adj: str, ew_adj: str) -> dict:
    """An adjusted result."""
    return _result(table, ns, ew, "adjusted", ns_adj, ew_adj)


def results_file(*boards: tuple[int, list[dict]]) -> dict:
    """``results_file((1, [result, ...]), (2, [...]))``."""
    return {"format": FORMAT, "boards": [{"board": b, "results": r} for b, r in boards]}


def by_player(scores: dict) -> dict:
    """The command's players list as ``{player: line}``."""
    return {line["player"]: line for line in scores["players"]}


def board_mps(scores: dict, board: int) -> dict:
    """``{table: (NS, EW)}`` of one board of the command's output."""
    (b,) = [b for b in scores["boards"] if b["board"] == board]
    return {r["table"]: (r["NS"], r["EW"]) for r in b["results"]}
