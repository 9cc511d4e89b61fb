"""All WebSocket routes of the site; each app contributes its own list.

Every route sits behind the session's cookie (``club.asgi``) and says how its member is
found: Channels' ``AuthMiddleware`` (resolved before the consumer starts) or
``club.socket_auth.DeferredAuthMiddleware`` (in the consumer's own database hop)."""

from channels.auth import AuthMiddleware
from django.urls import path

from club.consumers import PingConsumer
from games.routing import websocket_urlpatterns as games_patterns
from tournaments.routing import websocket_urlpatterns as tournament_routes

websocket_urlpatterns = [
    path("ws/ping/", AuthMiddleware(PingConsumer.as_asgi())),
    *games_patterns,
    *tournament_routes,
]
