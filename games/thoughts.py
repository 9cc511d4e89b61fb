"""The searching bot's thoughts on a finished hand, for the replay's "what would the
bot play here".

``hand_thoughts(table, number, step, user)`` answers with what the kind's searching bot
(at the "Fort" level's budget) makes of the choice at replay step ``step``, in the place
of the seat to act, seeing only what that seat saw (``GameKind.bot_thoughts``). A search
costs up to the budget's seconds of CPU, so:

* each answer is kept in the shared cache (Redis when the site has it): the same step
  asked again, by anyone, costs nothing and reads the same;
* a member gets ``BOT_THOUGHTS_THROTTLE["per_member"]`` searches per window (answers
  from the cache do not count);
* a process runs one search at a time, in its pool of searches
  (``games.live.thinkers``: a worker process, off the event loop that carries the
  live tables and outside its interpreter); a request that waits more than a few
  seconds for its turn is told to try again.

The caller has checked that the member may read the hand (``selectors.record_refusal``).
"""

from __future__ import annotations

import threading
from concurrent.futures.process import BrokenProcessPool

from django.conf import settings
from django.core.cache import cache
from django.utils.translation import gettext as _

from club import throttle
from games import selectors
from games.kinds import kind_of
from games.kinds.base import STRONG
from games.live import thinkers
from games.live.pipeline import level_budgets
from games.models import Table

__all__ = ["ThoughtsRefused", "hand_thoughts"]

#: How long an answer is kept (the hand is finished: it never changes).
KEPT_SECONDS = 7 * 24 * 3600
#: How long a request waits for this process's search to be free.
WAIT_SECONDS = 5.0
#: How much longer than the budget's seconds a request waits for the search's answer
#: (its process runs as idle work: a machine kept busy holds it back).
THINK_SECONDS = 10.0

_one_at_a_time = threading.BoundedSemaphore(1)


class ThoughtsRefused(Exception):
    """No answer: ``status`` (404: nothing to choose at that step; 429: too many
    searches; 503: the process is busy) and ``message`` for the member."""

    def __init__(self, status: int, message: str):
        super().__init__(message)
        self.status = status
        self.message = message


def hand_thoughts(table: Table, number: int, step: int, user) -> dict:
    """The bot's thoughts at ``step`` of the table's finished hand ``number`` (the
    kind's plain dict); ThoughtsRefused when there are none or none may be computed now."""
    key = f"thoughts:{table.pk}:{number}:{step}"
    kept = cache.get(key)
    if kept is None:
        kept = {"thoughts": _search(table, number, step, user)}
        cache.set(key, kept, KEPT_SECONDS)
    if kept["thoughts"] is None:
        raise ThoughtsRefused(404, _("The robot has nothing to choose at this step."))
    return kept["thoughts"]


def _search(table: Table, number: int, step: int, user) -> dict | None:
    record = selectors.hand_record(table, number)
    if record is None:
        raise ThoughtsRefused(404, _("This hand is not finished."))
    limits = settings.BOT_THOUGHTS_THROTTLE
    if throttle.hit(f"thoughts:{user.pk}", limits["window_seconds"]) > limits["per_member"]:
        raise ThoughtsRefused(
            429, _("You have asked the robot a lot in a short time: try again in a few minutes.")
        )
    if not _one_at_a_time.acquire(timeout=WAIT_SECONDS):
        raise ThoughtsRefused(
            503, _("The robot is thinking about another hand: try again in a moment.")
        )
    try:
        kind, budget = kind_of(table.kind), level_budgets()[STRONG]
        search = thinkers.pool().submit(kind.bot_thoughts, record, step, budget)
        return search.result(timeout=THINK_SECONDS + (budget.seconds or 0))
    except (BrokenProcessPool, TimeoutError) as failed:
        if isinstance(failed, BrokenProcessPool):
            thinkers.reset()
        raise ThoughtsRefused(
            503, _("The robot could not think about this hand: try again in a moment.")
        ) from None
    finally:
        _one_at_a_time.release()
