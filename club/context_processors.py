from django.conf import settings


def club(request):
    """Values every page needs: the languages for the switcher, the user's roles."""
    user = getattr(request, "user", None)
    ready = getattr(user, "table_ready", None) if user and user.is_authenticated else None
    ready_url = f"/tables/{ready}/" if ready else None
    return {
        "LANGUAGE_CHOICES": settings.LANGUAGES,
        "is_director": bool(user and user.is_authenticated and user.is_director),
        # "Your table is ready" (a tournament's online round started), on every page
        # but that table's own.
        "table_ready_url": ready_url if ready_url and request.path != ready_url else None,
    }
