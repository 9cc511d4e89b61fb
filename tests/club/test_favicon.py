"""/favicon.ico, which browsers ask for on pages without an icon link (admin, print)."""

from __future__ import annotations


def test_favicon_ico_redirects_to_the_site_icon(client):
    response = client.get("/favicon.ico")
    assert response.status_code == 302
    assert response["Location"] == "/static/img/favicon.svg"
