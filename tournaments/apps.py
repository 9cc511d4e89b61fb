from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class TournamentsConfig(AppConfig):
    name = "tournaments"
    verbose_name = _("Tournaments")

    def ready(self):
        from games import hooks
        from tournaments.activity import register_kinds
        from tournaments.services.online import live_hand_finished, plays_online

        register_kinds()
        hooks.on_hand_finished(live_hand_finished, watches=plays_online)
