"""Static files under content-hashed names in production.

``collectstatic`` writes ``table.3f1c9a2b7e10.js`` beside ``table.js`` and a manifest;
pages link the hashed name, and the JavaScript modules' own ``import ... from "./cards.js"``
lines are rewritten to the hashed names too. A changed file gets a new name, so a proxy
or browser that caches ``/static/`` for a long time never serves a stale one.
"""

from __future__ import annotations

from pathlib import Path

from django.conf import settings
from django.contrib.staticfiles.storage import ManifestStaticFilesStorage


def _ours(name: str) -> bool:
    """Whether ``name`` is one of the project's own files (static/), not a package's."""
    return any((root / name).is_file() for root in map(_path, settings.STATICFILES_DIRS))


def _path(entry) -> Path:
    return Path(entry[1] if isinstance(entry, tuple) else entry)


class HashedStaticStorage(ManifestStaticFilesStorage):
    # Rewrite ES module imports (table.js imports cards.js) to the hashed names.
    support_js_module_import_aggregation = True

    def url_converter(self, name, hashed_files, template=None):
        """A reference in a package's file that names no file (django-htmx's extensions
        import the bare name "htmx") is left as written; in our own files it is an error."""
        convert = super().url_converter(name, hashed_files, template)
        if _ours(name):
            return convert

        def tolerant(matchobj):
            try:
                return convert(matchobj)
            except ValueError:
                return matchobj["matched"]

        return tolerant
