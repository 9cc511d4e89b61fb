"""ASGI entry point: HTTP through Django, WebSockets through Channels (daphne)."""

import os

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "club.settings")

from django.core.asgi import get_asgi_application  # noqa: E402

django_asgi_app = get_asgi_application()

from channels.routing import ProtocolTypeRouter, URLRouter  # noqa: E402
from channels.sessions import CookieMiddleware, SessionMiddleware  # noqa: E402
from django.conf import settings  # noqa: E402

from club import gc_policy, transport, wire  # noqa: E402
from club.origins import SiteOriginValidator  # noqa: E402
from club.proxy import TrustedProxies, TrustedProxyMiddleware  # noqa: E402
from club.routing import websocket_urlpatterns  # noqa: E402
from games.live import runner  # noqa: E402

http_app = django_asgi_app
if settings.SERVE_STATIC:
    from django.contrib.staticfiles.handlers import ASGIStaticFilesHandler

    http_app = ASGIStaticFilesHandler(django_asgi_app)

gc_policy.apply()
wire.apply()  # before daphne builds its WebSocket factory
wire.quiet_connection_log()
transport.apply()

router = TrustedProxyMiddleware(
    ProtocolTypeRouter(
        {
            "http": http_app,
            # Each route finds its member itself (club/routing.py).
            "websocket": SiteOriginValidator(
                CookieMiddleware(SessionMiddleware(URLRouter(websocket_urlpatterns)))
            ),
        }
    ),
    TrustedProxies(settings.TRUSTED_PROXIES),
)


async def application(scope, receive, send):
    """The site; the first request of a process also starts its table runner (bots)."""
    runner.start()
    gc_policy.start_pacing()
    return await router(scope, receive, send)
