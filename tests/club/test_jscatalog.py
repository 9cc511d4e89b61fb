"""The JavaScript catalog is revalidated, not resent (club/jscatalog.py)."""

from __future__ import annotations

import pytest

pytestmark = pytest.mark.django_db


def _in(client, language: str):
    client.cookies["club500_language"] = language
    return client


def test_the_catalog_comes_with_an_etag_and_is_not_sent_again_unchanged(client):
    first = client.get("/jsi18n/")
    assert first.status_code == 200 and b"django.catalog" in first.content
    assert "no-cache" in first["Cache-Control"] and "Cookie" in first["Vary"]
    again = client.get("/jsi18n/", HTTP_IF_NONE_MATCH=first["ETag"])
    assert again.status_code == 304 and again.content == b""


def test_each_language_has_its_own_etag(client):
    french = _in(client, "fr").get("/jsi18n/")
    english = _in(client, "en").get("/jsi18n/")
    assert french["ETag"] != english["ETag"]
    assert french.content != english.content
    # English asking with the French tag gets the English catalog, whole.
    crossed = client.get("/jsi18n/", HTTP_IF_NONE_MATCH=french["ETag"])
    assert crossed.status_code == 200 and crossed.content == english.content
