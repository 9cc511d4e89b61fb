from django.apps import AppConfig
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from club import hooks as club_hooks


def _member_page(request, *, member) -> dict:
    """A member's online games and figures, as the viewer may see them."""
    from games import history  # noqa: PLC0415 (imports games.models: needs the app registry)

    return {"member_games": history.member_games(member, request.user)}


def _merge_check(duplicate, into) -> list[str]:
    """A member seated at a live table keeps that account until the game ends."""
    from games.models import Table  # noqa: PLC0415 (needs the app registry)

    live = Table.objects.filter(
        seats__user=duplicate, status__in=(Table.Status.OPEN, Table.Status.PLAYING)
    ).distinct()
    return [
        _("%(member)s is seated at the live table %(table)s: merge once it is over.")
        % {"member": duplicate.public_name, "table": table}
        for table in live
    ]


class GamesConfig(AppConfig):
    name = "games"
    verbose_name = gettext_lazy("Games")

    def ready(self):
        club_hooks.on_page("member", _member_page)
        club_hooks.on_merge_check(_merge_check)
