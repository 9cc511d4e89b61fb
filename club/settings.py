"""Django settings for Club 500, read from the environment.

Every value has a safe development default except ``DJANGO_SECRET_KEY``, which is
required as soon as ``DJANGO_DEBUG`` is off. See README.md and docs/operations.md.
"""

from __future__ import annotations

import os
from pathlib import Path

from django.core.exceptions import ImproperlyConfigured
from django.utils.translation import gettext_lazy as _

from club.config import cache_config, channel_layers, database_config, env_bool, env_list
from club.csp import DEFAULT_POLICY
from club.proxy import DEFAULT_TRUSTED

BASE_DIR = Path(__file__).resolve().parent.parent

DEBUG = env_bool(os.environ.get("DJANGO_DEBUG"), default=True)

SECRET_KEY = os.environ.get("DJANGO_SECRET_KEY", "")
if not SECRET_KEY:
    if not DEBUG:
        raise ImproperlyConfigured("DJANGO_SECRET_KEY must be set when DJANGO_DEBUG is off.")
    SECRET_KEY = "dev-only-insecure-key-never-used-in-production"

ALLOWED_HOSTS = env_list(
    os.environ.get("DJANGO_ALLOWED_HOSTS"), ["localhost", "127.0.0.1", "[::1]"]
)
CSRF_TRUSTED_ORIGINS = env_list(os.environ.get("DJANGO_CSRF_TRUSTED_ORIGINS"), [])

INSTALLED_APPS = [
    "daphne",
    "django.contrib.admin",
    "django.contrib.auth",
    "django.contrib.contenttypes",
    "django.contrib.sessions",
    "django.contrib.messages",
    "django.contrib.staticfiles",
    "django_htmx",
    "channels",
    "club",
    "games",
    "tournaments",
]

MIDDLEWARE = [
    "club.csp.ContentSecurityPolicyMiddleware",
    "django.middleware.security.SecurityMiddleware",
    "club.middleware.BadInputMiddleware",
    "django.contrib.sessions.middleware.SessionMiddleware",
    "django.middleware.common.CommonMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    "club.middleware.LanguageMiddleware",
    "django.contrib.messages.middleware.MessageMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
    "django_htmx.middleware.HtmxMiddleware",
    "club.middleware.ServiceBusyMiddleware",
]

ROOT_URLCONF = "club.urls"
ASGI_APPLICATION = "club.asgi.application"

TEMPLATES = [
    {
        "BACKEND": "django.template.backends.django.DjangoTemplates",
        "DIRS": [BASE_DIR / "templates"],
        "APP_DIRS": True,
        "OPTIONS": {
            "context_processors": [
                "django.template.context_processors.request",
                "django.template.context_processors.i18n",
                "django.contrib.auth.context_processors.auth",
                "django.contrib.messages.context_processors.messages",
                "club.context_processors.club",
            ],
        },
    },
]

DATABASES = {
    "default": database_config(
        os.environ.get("DATABASE_URL", "sqlite:///db.sqlite3"),
        base_dir=BASE_DIR,
        pool=env_bool(os.environ.get("DATABASE_POOL"), default=True),
    )
}
DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"

# The site's address, for links in emails sent outside a request (a round starting).
SITE_URL = os.environ.get("DJANGO_SITE_URL", "http://127.0.0.1:8000")
REDIS_URL = os.environ.get("REDIS_URL") or None
# Starts every Redis key and channel name: sites sharing one Redis choose different ones.
REDIS_PREFIX = os.environ.get("REDIS_PREFIX") or "club500"
CHANNEL_LAYERS = channel_layers(
    REDIS_URL, backend=os.environ.get("CHANNEL_LAYER_BACKEND", "pubsub"), prefix=REDIS_PREFIX
)
CACHES = cache_config(REDIS_URL, prefix=REDIS_PREFIX)

AUTH_USER_MODEL = "club.User"
# Every login path is throttled there (club/auth.py, club/throttle.py).
AUTHENTICATION_BACKENDS = ["club.auth.ThrottledModelBackend"]
LOGIN_URL = "login"
LOGIN_REDIRECT_URL = "home"
LOGOUT_REDIRECT_URL = "home"
AUTH_PASSWORD_VALIDATORS = [
    {"NAME": "django.contrib.auth.password_validation.UserAttributeSimilarityValidator"},
    {"NAME": "django.contrib.auth.password_validation.MinimumLengthValidator"},
    {"NAME": "django.contrib.auth.password_validation.CommonPasswordValidator"},
    {"NAME": "django.contrib.auth.password_validation.NumericPasswordValidator"},
]

# Login throttling: failures allowed per window, per account and per address.
LOGIN_THROTTLE = {
    "window_seconds": int(os.environ.get("LOGIN_THROTTLE_WINDOW", 900)),
    "per_account": int(os.environ.get("LOGIN_THROTTLE_PER_ACCOUNT", 5)),
    "per_address": int(os.environ.get("LOGIN_THROTTLE_PER_ADDRESS", 20)),
}
# The replay's "what would the robot do here" (games/thoughts.py): new searches per
# member per window; answers already kept in the cache do not count.
BOT_THOUGHTS_THROTTLE = {"per_member": 20, "window_seconds": 300}
# Where the bots' searches and the replay's thoughts run (games/live/thinkers.py):
# worker processes beside each daphne process (one per core by default), on the CPU the
# live tables leave idle; 0 runs them in BOT_THINKERS threads of the process instead
# (sharing its event loop's interpreter and CPU).
BOT_THINK_PROCESSES = int(os.environ.get("BOT_THINK_PROCESSES", os.cpu_count() or 1))
# Idle work (SCHED_IDLE): a search gets a core only when the live tables leave it free;
# under a machine kept busy it runs out of time and the robot plays its rule of thumb.
BOT_THINK_IDLE = env_bool(os.environ.get("BOT_THINK_IDLE"), default=True)
BOT_THINKERS = 2

# French (Quebec) first, English second.
LANGUAGE_CODE = "fr"
LANGUAGES = [("fr", _("French")), ("en", _("English"))]
LANGUAGE_COOKIE_NAME = "club500_language"
LANGUAGE_COOKIE_AGE = 365 * 24 * 3600
LOCALE_PATHS = [BASE_DIR / "locale"]
TIME_ZONE = "America/Montreal"
USE_I18N = True
USE_TZ = True

STATIC_URL = "static/"
STATICFILES_DIRS = [BASE_DIR / "static"]
STATIC_ROOT = Path(os.environ.get("DJANGO_STATIC_ROOT", BASE_DIR / "staticfiles"))
# Serve static files from the ASGI app itself (fine for one small club server;
# behind a reverse proxy, let the proxy serve STATIC_ROOT and turn this off).
SERVE_STATIC = env_bool(os.environ.get("DJANGO_SERVE_STATIC"), default=DEBUG)
# Production links content-hashed names (club/storage.py; ``collectstatic`` must run first);
# development links the plain names, served as they are from static/.
STATIC_HASHED = env_bool(os.environ.get("DJANGO_STATIC_HASHED"), default=not DEBUG)
STORAGES = {
    "default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
    "staticfiles": {
        "BACKEND": "club.storage.HashedStaticStorage"
        if STATIC_HASHED
        else "django.contrib.staticfiles.storage.StaticFilesStorage",
    },
}

EMAIL_BACKEND = os.environ.get(
    "DJANGO_EMAIL_BACKEND", "django.core.mail.backends.console.EmailBackend"
)
EMAIL_HOST = os.environ.get("DJANGO_EMAIL_HOST", "localhost")
EMAIL_PORT = int(os.environ.get("DJANGO_EMAIL_PORT", 25))
EMAIL_HOST_USER = os.environ.get("DJANGO_EMAIL_HOST_USER", "")
EMAIL_HOST_PASSWORD = os.environ.get("DJANGO_EMAIL_HOST_PASSWORD", "")
EMAIL_USE_TLS = env_bool(os.environ.get("DJANGO_EMAIL_USE_TLS"), default=False)
DEFAULT_FROM_EMAIL = os.environ.get("DJANGO_DEFAULT_FROM_EMAIL", "Club 500 <club500@localhost>")

# Production (DJANGO_DEBUG=0) is served over HTTPS only, behind nginx
# (docs/operations.md); `manage.py check --deploy` passes with these
# (tests/club/test_production_settings.py).
SESSION_COOKIE_SECURE = not DEBUG
CSRF_COOKIE_SECURE = not DEBUG
SECURE_SSL_REDIRECT = env_bool(os.environ.get("DJANGO_SECURE_SSL_REDIRECT"), default=not DEBUG)
SECURE_HSTS_SECONDS = int(os.environ.get("DJANGO_HSTS_SECONDS", 0 if DEBUG else 31_536_000))
SECURE_HSTS_INCLUDE_SUBDOMAINS = env_bool(
    os.environ.get("DJANGO_HSTS_INCLUDE_SUBDOMAINS"), default=True
)
SECURE_HSTS_PRELOAD = env_bool(os.environ.get("DJANGO_HSTS_PRELOAD"), default=True)
SECURE_REFERRER_POLICY = "same-origin"
SECURE_CONTENT_TYPE_NOSNIFF = True
SECURE_CROSS_ORIGIN_OPENER_POLICY = "same-origin"
# Every response, in development too, so that a violation shows while it is written
# (club/csp.py; no inline script, style attribute or eval anywhere).
CONTENT_SECURITY_POLICY = DEFAULT_POLICY
CONTENT_SECURITY_POLICY_REPORT_ONLY = env_bool(
    os.environ.get("DJANGO_CSP_REPORT_ONLY"), default=False
)
# The reverse proxies whose X-Forwarded-For / X-Forwarded-Proto are believed (club/proxy.py,
# an ASGI middleware that sets the client address and the scheme; from any other peer the
# headers are dropped): addresses or networks, and "unix" for a unix-socket peer.
TRUSTED_PROXIES = env_list(os.environ.get("DJANGO_TRUSTED_PROXIES"), list(DEFAULT_TRUSTED))
X_FRAME_OPTIONS = "DENY"
CSRF_FAILURE_VIEW = "club.views.csrf_failure"

# Live tables: a table nobody has looked at for this long is closed (hands kept).
GAMES_ABANDON_SECONDS = int(os.environ.get("GAMES_ABANDON_SECONDS", 1800))
# Each server process drives bots and absent players (games.live.runner). Off only in the
# test process itself, whose tests drive tables explicitly (its live servers run it).
GAMES_RUNNER = os.environ.get("GAMES_RUNNER", "1") != "0"
# A server process collects garbage on a clock (club.gc_policy.pace). Off in the test
# process, whose event loops come and go with each test.
GC_PACING = os.environ.get("CLUB500_GC_PACING", "1") != "0"

LOGGING = {
    "version": 1,
    "disable_existing_loggers": False,
    "handlers": {"console": {"class": "logging.StreamHandler"}},
    "root": {"handlers": ["console"], "level": os.environ.get("DJANGO_LOG_LEVEL", "INFO")},
    "loggers": {"django.channels.server": {"level": "WARNING"}},
}
