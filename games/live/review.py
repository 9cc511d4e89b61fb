"""The hand review: what a finished hand shows every viewer before the next deal.

Pure Python (no Django). Once a hand is over nothing of it is secret any more: the
review carries its whole record (at 500 the hands as dealt, the kitty, the calls, the
discards, every card played; at 450 the hands as dealt, the pot, the discards), its
result, and the scoring rule as numbers the kind gives (``GameKind.review_rule``: the
page puts them in words), with who is ready for the next deal and when the review's
time runs out. It is only built for a finished hand (``review_of``).
"""

from __future__ import annotations

from datetime import datetime

from games.live.moves import present_members
from games.live.tablestate import TableState


def _shown(st: TableState):
    """The finished hand to review: the last one, once over and before the next deal."""
    game, row = st.game, st.hand_row
    if game is None or row is None or row.result is None or game.current is not None:
        return None
    last = game.entries[-1] if len(game.entries) == row.number else None
    return last if last is not None and hasattr(last, "to_record") and last.is_done else None


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
        "rule": st.kind.review_rule(hand),
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
