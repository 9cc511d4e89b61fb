from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _

from club import hooks as club_hooks


def _member_page(request, *, member) -> dict:
    """A member's online games and figures, as the viewer may see them."""
    from games import history  # noqa: PLC0415 (imports games.models: needs the app registry)

    return {"member_games": history.member_games(member, request.user)}


class GamesConfig(AppConfig):
    name = "games"
    verbose_name = _("Games")

    def ready(self):
        club_hooks.on_page("member", _member_page)
