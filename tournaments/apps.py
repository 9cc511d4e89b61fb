from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _

from club import hooks as club_hooks
from games import hooks


class TournamentsConfig(AppConfig):
    name = "tournaments"
    verbose_name = _("Tournaments")

    def ready(self):
        # They import tournaments.models: the app registry must be ready first.
        from tournaments import page_hooks  # noqa: PLC0415 (needs the app registry)
        from tournaments.activity import register_kinds  # noqa: PLC0415 (needs the app registry)
        from tournaments.kinds import parts  # noqa: PLC0415 (needs the app registry)
        from tournaments.services.online import (  # noqa: PLC0415 (needs the app registry)
            live_hand_finished,
            plays_online,
            plays_online_sql,
        )

        register_kinds()
        parts.load()
        hooks.on_hand_finished(
            live_hand_finished, watches=plays_online, watches_sql=plays_online_sql()
        )
        hooks.on_table_page(page_hooks.table_page)
        hooks.on_watch(page_hooks.table_watch)
        hooks.on_hold(page_hooks.table_hold)
        club_hooks.on_page("home", page_hooks.home_page)
        club_hooks.on_page("member", page_hooks.member_page)
        club_hooks.on_merge_check(page_hooks.merge_check)
        club_hooks.on_page("table_ready", page_hooks.table_ready)
