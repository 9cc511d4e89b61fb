"""The table page of every game kind (``games.kinds``): the same hooks (``data-testid``)
on each, and the panels of the features the kind offers, no others."""

from __future__ import annotations

import pytest

from games import services
from games.kinds import KINDS
from games.kinds.base import CHAT, CLAIMS, SEATS

pytestmark = pytest.mark.django_db

#: The table page's hooks every kind's page carries (tests and the client use them).
HOOKS = (
    "chat",
    "chat-form",
    "seats-admin",
    "sound-toggle",
    "notify-toggle",
    "contrast-toggle",
    "turn-banner",
    "hand-review",
    "game-over",
    "scoreboard",
    "score-sheet",
    "events",
    "reconnecting",
    "error-toast",
)
PANELS = {CHAT: 'data-testid="chat"', SEATS: 'data-testid="seats-admin"', CLAIMS: "claim-panel"}


@pytest.mark.parametrize("name", list(KINDS))
def test_every_kinds_table_page_has_the_hooks_and_its_features_panels(name, client, make_member):
    kind = KINDS[name]
    host = make_member(preferred_language="fr")
    table = services.table_create(host=host, kind=name, seed=3, bot_delay_ms=0)
    services.table_fill_with_bots(table_id=table.pk, user=host)
    services.table_start(table_id=table.pk, user=host)
    client.force_login(host)
    page = client.get(table.get_absolute_url()).content.decode()
    assert [hook for hook in HOOKS if f'data-testid="{hook}"' not in page] == []
    for feature, mark in PANELS.items():
        assert (mark in page) is kind.offers(feature), feature
