"""All WebSocket routes of the site; each app contributes its own list."""

from club.consumers import PingConsumer
from django.urls import path

websocket_urlpatterns = [
    path("ws/ping/", PingConsumer.as_asgi()),
]
