"""The hand review: what a finished hand shows every viewer before the next deal.

Pure Python (no Django). Once a hand is over nothing of it is secret any more: the
review carries its whole record (the four hands as dealt, the kitty, the calls, the
discards, every card played), its result, and the variant's scoring rule as numbers
(the page puts them in words), with who is ready for the next deal and when the review's
time runs out. It is only built for a finished hand (``review_of``).
"""

from __future__ import annotations

from datetime import datetime

from games.engine.actions import BID0, MIS
from games.live.moves import present_members
from games.live.tablestate import TableState


def _shown(st: TableState):
    """The finished hand to review: the last one, once over and before the next deal."""
    game, row = st.game, st.hand_row
    if game is None or row is None or row.result is None or game.current is not None:
        return None
    last = game.entries[-1] if len(game.entries) == row.number else None
    return last if last is not None and hasattr(last, "to_record") and last.is_done else None


def rule_of(hand) -> dict | None:
    """The scoring rule that gave the hand's score, as numbers (None: a redeal)."""
    v = hand.variant
    if getattr(hand, "contract", -1) < 0 or getattr(hand, "redeal", False):
        return None  # a redeal, or a game with no contracts (450)
    level = (hand.contract - BID0) // 5 + 6 if hand.contract < MIS else None
    return {
        "value": v.table_value(hand.contract),
        "level": level,
        "per_trick": v.defenders_per_trick,
        "failed": v.failed_contract,
        "slam_bonus": v.slam_bonus or 0,
        "set_rule": bool(v.set_rule),
    }


def review_of(st: TableState, present: set[int], *, now: datetime) -> dict | None:
    """The review of the table's last finished hand (None: a hand is in play, or none
    finished yet)."""
    hand = _shown(st) if st.kind.reviews else None
    if hand is None:
        return None
    row = st.hand_row
    out = {
        "number": row.number,
        "record": hand.to_record(),
        "result": row.result,
        "rule": rule_of(hand),
        "game_over": not st.in_review,
    }
    if st.in_review:
        ends = st.review_ends_at
        out.update(
            ready=sorted(st.ready),
            waiting=sorted(present_members(st, present) - st.ready),
            ends_at=ends.isoformat() if ends else None,
            now=now.isoformat(),
            seconds=st.table.review_seconds,
        )
    return out
