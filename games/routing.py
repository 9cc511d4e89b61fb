from channels.auth import AuthMiddleware
from django.urls import path

from club.socket_auth import DeferredAuthMiddleware
from games.consumers import LobbyConsumer, TableConsumer

websocket_urlpatterns = [
    # The member is read in the socket's one connecting hop (TableConsumer.connect).
    path("ws/tables/<int:table_id>/", DeferredAuthMiddleware(TableConsumer.as_asgi())),
    path("ws/lobby/", AuthMiddleware(LobbyConsumer.as_asgi())),
]
