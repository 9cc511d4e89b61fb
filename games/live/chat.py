"""The table chat: short messages between a table's players, and between its spectators.

Two channels per table, never mixed: a seated member writes to and reads the
``players`` channel, any other viewer the ``spectators`` one. A message is free text
(``MAX_LENGTH`` characters, control characters and direction overrides removed;
pages show it as text, never as HTML) or a quick phrase (``PHRASES``: a key, shown in each reader's
language). A
member may post ``RATE_BURST`` messages at once, then one every ``RATE_SECONDS``, at a
table, over all their sockets (the bucket is in Redis when the site has one). A
table's chat may be closed (``Table.chat``: a tournament's tables, unless the
director opens it). Messages are kept with the table (``ChatMessage``), never in a
hand record.

The path of a message, like a move's: checked, written and committed (on PostgreSQL
one statement on the event loop's own connection, ``loopdb.fetch_one``; elsewhere a
transaction in the database thread), then sent to this process's sockets of the
author's channel and, through the channel layer, to the other processes' (``hub``).
"""

from __future__ import annotations

import logging
import time
import unicodedata
from dataclasses import dataclass

from asgiref.sync import sync_to_async
from channels.db import database_sync_to_async
from django.core.cache import caches
from django.core.cache.backends.redis import RedisCache
from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _
from redis.exceptions import RedisError

from games.errors import TableError
from games.kinds import kind_of
from games.live import loopdb, sql
from games.live.hub import hub
from games.models import ChatMessage, Seat, Table

logger = logging.getLogger(__name__)

MAX_LENGTH = 200
HISTORY = 50  # messages sent to a viewer who opens the chat
RATE_BURST = 5
RATE_SECONDS = 3.0
PHRASES = (
    "hello",
    "good_luck",
    "well_played_partner",
    "well_played",
    "nice_hand",
    "nice_round",
    "oops",
    "sorry_partner",
    "sorry",
    "thanks",
    "hurry",
    "back_soon",
    "good_game",
    "bye",
)
# The quick phrases offered, per channel (a spectator has no partner; nor has a player
# at a table where each plays for themselves: "well played" and "sorry" instead). A
# kind may say its hands otherwise (``GameKind.chat_phrases``: 450's "nice round").
QUICK_PLAYERS = (
    "well_played_partner",
    "nice_hand",
    "good_luck",
    "thanks",
    "sorry_partner",
    "good_game",
)
QUICK_ALONE = ("well_played", "nice_hand", "good_luck", "thanks", "sorry", "good_game")
QUICK_SPECTATORS = ("hello", "nice_hand", "well_played", "oops", "good_game", "bye")


def quick_phrases(channel: str, table: dict) -> tuple[str, ...]:
    """The quick phrases a viewer of ``channel`` is offered at ``table`` (its kind,
    variant and options)."""
    kind = kind_of(table["kind"])
    if channel != ChatMessage.Channel.PLAYERS:
        offered = QUICK_SPECTATORS
    elif kind.has_partners(table["variant"], table["options"]):
        offered = QUICK_PLAYERS
    else:
        offered = QUICK_ALONE
    return tuple(kind.chat_phrases.get(phrase, phrase) for phrase in offered)


# Direction overrides and isolates: they would turn the rest of a line around.
_BIDI_CONTROLS = frozenset("\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069")


def clean(text, phrase) -> tuple[str, str]:
    """The message's text and phrase key, checked (TableError when refused)."""
    if phrase not in (None, ""):
        if phrase not in PHRASES:
            raise TableError("bad_chat", _("Unknown quick phrase."))
        return "", phrase
    if not isinstance(text, str):
        raise TableError("bad_chat", _("A chat message needs a text."))
    text = "".join(
        " " if unicodedata.category(ch) == "Cc" or ch in _BIDI_CONTROLS else ch for ch in text
    )
    text = " ".join(text.split())
    if not text:
        raise TableError("bad_chat", _("A chat message needs a text."))
    if len(text) > MAX_LENGTH:
        raise TableError(
            "chat_too_long", _("A chat message is %(n)s characters at most.") % {"n": MAX_LENGTH}
        )
    return text, ""


class RateLimit:
    """A token bucket per (table, member) in this process: ``burst`` messages, then
    one per ``per`` seconds. ``clock`` is injectable (tests)."""

    def __init__(
        self, burst: int = RATE_BURST, per: float = RATE_SECONDS, clock=time.monotonic
    ) -> None:
        self.burst, self.per, self.clock = burst, per, clock
        self.buckets: dict[tuple[int, int], tuple[float, float]] = {}

    def allow(self, table_id: int, user_id: int) -> bool:
        now = self.clock()
        if len(self.buckets) > 50_000:  # forget the full buckets now and then
            self.buckets = {
                k: v for k, v in self.buckets.items() if v[0] + (now - v[1]) / self.per < self.burst
            }
        tokens, at = self.buckets.get((table_id, user_id), (self.burst, now))
        tokens = min(self.burst, tokens + (now - at) / self.per)
        if tokens < 1:
            self.buckets[(table_id, user_id)] = (tokens, now)
            return False
        self.buckets[(table_id, user_id)] = (tokens - 1, now)
        return True

    async def allowed(self, table_id: int, user_id: int) -> bool:
        return self.allow(table_id, user_id)


# The same bucket as one Redis key per (table, member), shared by every process: the
# generic cell rate algorithm keeps the time at which the bucket is full again.
_GCRA = """
local now, per, burst = tonumber(ARGV[1]), tonumber(ARGV[2]), tonumber(ARGV[3])
local full_at = math.max(tonumber(redis.call('GET', KEYS[1]) or now), now) + per
if full_at - now > per * burst then return 0 end
redis.call('SET', KEYS[1], full_at, 'PX', full_at - now)
return 1
"""


class SharedRateLimit:
    """``RateLimit``'s bucket kept in the shared cache (Redis), so that a member's
    sockets of one table on several processes share one allowance. Each check is one
    script run in Redis, from a worker thread (never on the event loop). Redis
    unreachable: this process's own bucket decides, and the failure is logged."""

    def __init__(
        self, redis_cache, burst: int = RATE_BURST, per: float = RATE_SECONDS, clock=time.time
    ) -> None:
        self.cache, self.burst, self.per, self.clock = redis_cache, burst, per, clock
        self.fallback = RateLimit(burst, per)

    def allow(self, table_id: int, user_id: int) -> bool:
        key = self.cache.make_and_validate_key(f"chat-rate:{table_id}:{user_id}")
        try:
            client = self.cache._cache.get_client(key, write=True)
            return bool(
                client.eval(
                    _GCRA, 1, key, int(self.clock() * 1000), int(self.per * 1000), self.burst
                )
            )
        except RedisError:
            logger.warning(
                "chat rate limit: Redis unreachable, this process's bucket decides", exc_info=True
            )
            return self.fallback.allow(table_id, user_id)

    async def allowed(self, table_id: int, user_id: int) -> bool:
        return await sync_to_async(self.allow, thread_sensitive=False)(table_id, user_id)


def default_limits() -> RateLimit | SharedRateLimit:
    """The shared bucket when the cache is Redis (``REDIS_URL``), else this process's."""
    shared = caches["default"]
    if isinstance(shared, RedisCache):
        return SharedRateLimit(shared)
    return RateLimit()


limits = default_limits()


@dataclass
class Posted:
    id: int
    table_id: int
    channel: str
    user_id: int
    name: str
    seat: str
    text: str
    phrase: str
    at: object
    seated: list[int]

    def as_dict(self) -> dict:
        return {
            "id": self.id,
            "user": self.user_id,
            "name": self.name,
            "seat": self.seat,
            "text": self.text,
            "phrase": self.phrase,
            "at": self.at.isoformat(),
        }


def _closed() -> TableError:
    return TableError("chat_closed", _("The chat is closed at this table."))


async def post(table_id: int, user, content: dict) -> Posted:
    """A member's chat frame: checked, committed, then sent to the author's channel
    (this process's sockets and the other processes'). Raises TableError."""
    text, phrase = clean(content.get("text"), content.get("phrase"))
    if not await limits.allowed(table_id, user.pk):
        raise TableError("chat_too_fast", _("You are writing too fast: wait a moment."))
    now = timezone.now()
    name = user.public_name
    if loopdb.enabled():
        row = await loopdb.fetch_one(
            sql.chat_statement(),
            [table_id, table_id, user.pk, user.pk, name, text, phrase, now, table_id],
        )
        if row is None:
            raise _closed()
        posted = Posted(
            id=row[0],
            table_id=table_id,
            channel=row[1],
            user_id=user.pk,
            name=name,
            seat=row[2],
            text=text,
            phrase=phrase,
            at=now,
            seated=[u for u in (row[3] or []) if u is not None],
        )
    else:
        posted = await database_sync_to_async(post_in_thread)(
            table_id=table_id, user=user, text=text, phrase=phrase, now=now
        )
    hub.chat_posted(
        table_id, posted.channel, posted.seated, {"type": "chat", "messages": [posted.as_dict()]}
    )
    return posted


@transaction.atomic
def post_in_thread(*, table_id: int, user, text: str, phrase: str, now) -> Posted:
    """The same write through Django (any database), in one transaction."""
    if not Table.objects.filter(pk=table_id, chat=True).exists():
        raise _closed()
    seated = list(
        Seat.objects.filter(table_id=table_id, user__isnull=False).values_list("user_id", "seat")
    )
    seat = next((s for u, s in seated if u == user.pk), "")
    channel = ChatMessage.Channel.PLAYERS if seat else ChatMessage.Channel.SPECTATORS
    row = ChatMessage.objects.create(
        table_id=table_id,
        channel=channel,
        user=user,
        name=user.public_name,
        seat=seat,
        text=text,
        phrase=phrase,
        created_at=now,
    )
    return Posted(
        id=row.pk,
        table_id=table_id,
        channel=channel,
        user_id=user.pk,
        name=row.name,
        seat=seat,
        text=text,
        phrase=phrase,
        at=now,
        seated=[u for u, _ in seated],
    )


def history_frame(table_id: int, user) -> dict:
    """What a viewer opening the chat is sent: whether it is open, their channel, the
    quick phrases offered there, and its last messages (three queries)."""
    table = Table.objects.filter(pk=table_id).values("chat", "kind", "variant", "options").first()
    seated = Seat.objects.filter(table_id=table_id, user=user).exists()
    channel = ChatMessage.Channel.PLAYERS if seated else ChatMessage.Channel.SPECTATORS
    rows = list(
        ChatMessage.objects.filter(table_id=table_id, channel=channel).order_by("-id")[:HISTORY]
    )
    messages = [
        Posted(
            id=r.pk,
            table_id=table_id,
            channel=channel,
            user_id=r.user_id,
            name=r.name,
            seat=r.seat,
            text=r.text,
            phrase=r.phrase,
            at=r.created_at,
            seated=[],
        ).as_dict()
        for r in reversed(rows)
    ]
    return {
        "type": "chat",
        "history": True,
        "enabled": bool(table and table["chat"]),
        "channel": channel,
        "phrases": list(quick_phrases(channel, table)) if table else [],
        "me": user.pk,
        "messages": messages,
    }
