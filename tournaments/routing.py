from channels.auth import AuthMiddleware
from django.urls import path

from tournaments.consumers import TournamentConsumer

websocket_urlpatterns = [
    path("ws/tournaments/<int:tournament_id>/", AuthMiddleware(TournamentConsumer.as_asgi())),
]
