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
    "spectator",
    "hand",
    "action-panel",
    "center",
    "records-link",
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


@pytest.mark.parametrize(
    ("name", "players", "bot", "free", "bot_name", "free_place"),
    [
        ("500", 4, "E", "W", "Robot Est", "Ouest"),
        ("500", 5, "P2", "P4", "Robot 2", "Siège 4"),
        ("450", 4, "P3", "P4", "Robot 3", "Siège 4"),
    ],
)
def test_the_seat_list_before_the_start_names_seats_as_the_table_does(
    name, players, bot, free, bot_name, free_place, client, make_member
):
    """Before the client runs, the pre-game list says each seat's place (Nord, Siège 2),
    the member's name or the bot's ("Robot 2"), never the engine's code (P2)."""
    host = make_member(first_name="Sylvie", last_name="Roy", preferred_language="fr")
    table = services.table_create(
        host=host, kind=name, options={"players": players}, seed=3, bot_delay_ms=0
    )
    services.table_set_bot(table_id=table.pk, user=host, seat=bot, bot=True)
    client.force_login(host)
    page = client.get(table.get_absolute_url()).content.decode()
    seat_list = page[page.index('id="seat-list"') : page.index('id="pregame-actions"')]
    assert bot_name in seat_list and f"<strong>{free_place}</strong>" in seat_list
    assert "Sylvie Roy" in seat_list
    assert "<strong>P" not in seat_list
