"""The tournament's live socket: thin, read-only.

On connect a logged-in member (or a visitor, when the club's tournament pages are
public) joins ``tournament.<id>``; on a group event
``{"type": "tournament.updated", "version": n}`` the consumer tells the page, which
re-fetches its own fragments through htmx (each request renders the viewer's view).
Group events carry only ids and versions; the consumer never writes.
"""

from __future__ import annotations

from channels.db import database_sync_to_async
from channels.generic.websocket import AsyncJsonWebsocketConsumer

from club.models import ClubSettings
from club.sockets import JsonFrames, NoHopDispatch
from tournaments.models import Status, Tournament


@database_sync_to_async
def _visible_version(tournament_id: int, user) -> int | None:
    row = Tournament.objects.filter(pk=tournament_id).values("status", "version").first()
    if row is None:
        return None
    if row["status"] == Status.DRAFT and not getattr(user, "is_director", False):
        return None
    return row["version"]


@database_sync_to_async
def _public_pages() -> bool:
    return ClubSettings.load().public_pages


class TournamentConsumer(NoHopDispatch, JsonFrames, AsyncJsonWebsocketConsumer):
    group = None

    async def connect(self):
        user = self.scope.get("user")
        if user is None or (not user.is_authenticated and not await _public_pages()):
            await self.close(code=4401)
            return
        tournament_id = int(self.scope["url_route"]["kwargs"]["tournament_id"])
        version = await _visible_version(tournament_id, user)
        if version is None:
            await self.close(code=4404)
            return
        self.group = f"tournament.{tournament_id}"
        await self.channel_layer.group_add(self.group, self.channel_name)
        await self.accept()
        await self.send_json({"type": "tournament.hello", "version": version})

    async def disconnect(self, code):
        if self.group:
            await self.channel_layer.group_discard(self.group, self.channel_name)

    async def receive_json(self, content, **kwargs):
        await self.send_json(
            {"type": "error", "code": "read_only", "message": "this socket only sends updates"}
        )

    async def tournament_updated(self, event):
        await self.send_json({"type": "tournament.updated", "version": int(event["version"])})
