from django.conf import settings


def club(request):
    """Values every page needs: the languages for the switcher, the user's roles."""
    user = getattr(request, "user", None)
    return {
        "LANGUAGE_CHOICES": settings.LANGUAGES,
        "is_director": bool(user and user.is_authenticated and user.is_director),
    }
