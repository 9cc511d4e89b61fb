from django.conf import settings

from club import hooks


def club(request):
    """Values every page needs: the languages for the switcher, the user's roles, and
    "your table is ready" (a tournament's online round started) on every page but that
    table's own, named by the app that seated the member, while that table plays."""
    user = getattr(request, "user", None)
    ready = getattr(user, "table_ready", None) if user and user.is_authenticated else None
    context = {
        "LANGUAGE_CHOICES": settings.LANGUAGES,
        "is_director": bool(user and user.is_authenticated and user.is_director),
    }
    if ready and request.path != f"/tables/{ready}/":
        # {"table_ready": {"url", "label"}} from the app that seated the member, or
        # nothing once the table no longer plays.
        context.update(hooks.page_context("table_ready", request, table_id=ready))
    return context
