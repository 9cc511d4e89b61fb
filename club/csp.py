"""Content-Security-Policy: every page says where its scripts, styles and connections
may come from, so that injected markup can run nothing.

A small middleware of our own rather than django-csp: the policy is one fixed header
(no nonces, no per-view changes: the site has no inline script or style at all, see
tests/browser/test_csp_browser.py), and Django 6.0 brings its own CSP support to move
to later. The policy is ``settings.CONTENT_SECURITY_POLICY`` (a dict of directives);
``CONTENT_SECURITY_POLICY_REPORT_ONLY`` sends it as report-only (to try a change).
"""

from __future__ import annotations

from django.conf import settings

DEFAULT_POLICY = {
    "default-src": ["'self'"],
    "script-src": ["'self'"],
    "style-src": ["'self'"],
    "img-src": ["'self'", "data:"],
    "font-src": ["'self'"],
    # 'self' covers the site's own ws:/wss: sockets (CSP level 3).
    "connect-src": ["'self'"],
    "object-src": ["'none'"],
    "base-uri": ["'none'"],
    "form-action": ["'self'"],
    "frame-ancestors": ["'none'"],
}


def header_value(policy: dict) -> str:
    return "; ".join(" ".join([name, *sources]) for name, sources in policy.items())


class ContentSecurityPolicyMiddleware:
    def __init__(self, get_response):
        self.get_response = get_response
        policy = getattr(settings, "CONTENT_SECURITY_POLICY", DEFAULT_POLICY)
        self.value = header_value(policy)
        self.name = (
            "Content-Security-Policy-Report-Only"
            if getattr(settings, "CONTENT_SECURITY_POLICY_REPORT_ONLY", False)
            else "Content-Security-Policy"
        )

    def __call__(self, request):
        response = self.get_response(request)
        if settings.DEBUG and response.status_code >= 400:
            # Django's technical error pages (debug only) are made of inline styles and
            # scripts; the site's own error pages are checked in production.
            return response
        response.headers.setdefault(self.name, self.value)
        return response
