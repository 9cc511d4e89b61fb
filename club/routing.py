"""All WebSocket routes of the site; each app contributes its own list."""

from django.urls import path

from club.consumers import PingConsumer
from games.routing import websocket_urlpatterns as games_patterns
from tournaments.routing import websocket_urlpatterns as tournament_routes

websocket_urlpatterns = [
    path("ws/ping/", PingConsumer.as_asgi()),
    *games_patterns,
    *tournament_routes,
]
