"""A member's online games and figures per variant (games.history, the member's page)."""

from __future__ import annotations

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse
from django.utils import timezone

from games import history, services
from games.models import GameHand, Table

pytestmark = pytest.mark.django_db

MADE_8S_N = {
    "contract": "8S",
    "declarer": "N",
    "made": True,
    "tricks": {"NS": 8, "EW": 2},
    "score": {"NS": 240, "EW": 20},
}
FAILED_7H_N = {
    "contract": "7H",
    "declarer": "N",
    "made": False,
    "tricks": {"NS": 5, "EW": 5},
    "score": {"NS": -200, "EW": 50},
}
MISERE_MADE_N = {
    "contract": "MIS",
    "declarer": "N",
    "made": True,
    "tricks": {"NS": 0, "EW": 10},
    "score": {"NS": 250, "EW": 0},
}
MADE_10NT_E = {
    "contract": "10NT",
    "declarer": "E",
    "made": True,
    "tricks": {"NS": 0, "EW": 10},
    "score": {"NS": 0, "EW": 520},
}
REDEAL = {"redeal": True, "score": {"NS": 0, "EW": 0}}


def finished_table(
    host,
    partner,
    results,
    *,
    variant="quebec",
    status=Table.Status.FINISHED,
    visibility=Table.Visibility.PUBLIC,
    options=None,
):
    """A table where ``host`` sits N and ``partner`` S (E, W bots), with these hands'
    results stored."""
    table = services.table_create(
        host=host, variant=variant, seed=1, visibility=visibility, options=options
    )
    services.table_join(table_id=table.pk, user=partner, seat="S")
    services.table_fill_with_bots(table_id=table.pk, user=host)
    Table.objects.filter(pk=table.pk).update(status=status, started_at=timezone.now())
    GameHand.objects.bulk_create(
        GameHand(table=table, number=i, dealer="N", seed=i, result=r, finished_at=timezone.now())
        for i, r in enumerate(results, 1)
    )
    return table


@pytest.fixture
def pair(make_member):
    return (
        make_member(first_name="Denis", last_name="Nord"),
        make_member(first_name="Sylvie", last_name="Sud"),
    )


def test_figures_per_variant_count_hands_contracts_made_and_miseres(pair):
    denis, sylvie = pair
    finished_table(denis, sylvie, [MADE_8S_N, FAILED_7H_N, REDEAL, MADE_10NT_E])
    finished_table(denis, sylvie, [MISERE_MADE_N, MADE_8S_N], variant="australian")
    out = history.member_games(denis, denis)
    figures = {f.variant: f for f in out.figures}
    quebec = figures["quebec"]
    # the redeal is not a hand played
    assert (quebec.hands, quebec.declared, quebec.made) == (3, 2, 1)
    assert quebec.made_percent == 50
    assert quebec.average == round((240 - 200 + 0) / 3, 1)
    assert (quebec.misere_declared, quebec.misere_made) == (0, 0)
    aus = figures["australian"]
    assert (aus.hands, aus.declared, aus.made, aus.misere_declared, aus.misere_made) == (
        2,
        2,
        2,
        1,
        1,
    )
    assert aus.average == 245.0
    # the partner's figures: he declared nothing
    assert history.member_games(sylvie).figures[0].declared == 0


def test_games_list_partners_opponents_result_and_replay_link(pair, make_member):
    denis, sylvie = pair
    won = finished_table(
        denis, sylvie, [FAILED_7H_N, MADE_8S_N, MADE_8S_N, MADE_8S_N], variant="australian"
    )
    playing = finished_table(denis, sylvie, [MADE_8S_N], status=Table.Status.PLAYING)
    games = {g.table.pk: g for g in history.member_games(denis, denis).games}
    line = games[won.pk]
    assert line.partners == ["Sylvie Sud"]
    assert line.opponents == ["Robot", "Robot"]
    assert line.status == "won" and line.totals == {"NS": 520, "EW": 110}
    assert line.can_replay
    assert games[playing.pk].status == "playing"
    # seen from the other side of the table, the same game is lost
    other = make_member(first_name="Eve", last_name="Est")
    finished_table(other, make_member(), [MADE_10NT_E], variant="australian")
    line = history.member_games(other).games[0]
    assert line.status == "lost" and line.score_line == "0 – 520"


def test_invite_only_games_are_listed_and_counted_for_the_member_fellow_players_and_directors(
    pair, make_member, director
):
    denis, sylvie = pair
    public = finished_table(denis, sylvie, [MADE_8S_N])
    private = finished_table(
        denis, sylvie, [MADE_8S_N, FAILED_7H_N], visibility=Table.Visibility.INVITE
    )
    for viewer in (denis, sylvie, director):
        out = history.member_games(denis, viewer)
        assert {g.table for g in out.games} == {public, private}
        assert all(g.can_replay for g in out.games)
        assert out.figures[0].hands == 3
    for viewer in (make_member(), None):  # a member with no invitation; a visitor
        out = history.member_games(denis, viewer)
        assert [g.table for g in out.games] == [public]
        assert (out.figures[0].hands, out.figures[0].declared, out.figures[0].points) == (1, 1, 240)


def test_the_member_page_of_another_hides_their_invite_only_games_and_figures(
    client, pair, make_member
):
    denis, sylvie = pair
    finished_table(
        denis, sylvie, [MISERE_MADE_N], variant="australian", visibility=Table.Visibility.INVITE
    )
    client.force_login(make_member(first_name="Paul", last_name="Curieux"))
    html = client.get(reverse("member_detail", args=[denis.pk])).content.decode()
    assert "Sylvie Sud" not in html
    assert 'data-testid="member-figures"' not in html
    assert 'data-testid="member-game-list"' not in html
    client.force_login(sylvie)
    html = client.get(reverse("member_detail", args=[denis.pk])).content.decode()
    assert "Sylvie Sud" in html and 'data-variant="australian"' in html


def test_the_history_takes_the_same_queries_for_one_game_or_many(pair):
    """No query per game: three queries whatever the number of games."""
    denis, sylvie = pair
    finished_table(denis, sylvie, [MADE_8S_N])
    with CaptureQueriesContext(connection) as one:
        history.member_games(denis, denis)
    for _ in range(6):
        finished_table(denis, sylvie, [MADE_8S_N, FAILED_7H_N, MISERE_MADE_N])
    with CaptureQueriesContext(connection) as many:
        out = history.member_games(denis, denis)
    assert len(out.games) == 7
    assert len(many) == len(one) == 3


def test_the_member_page_shows_games_and_figures_in_french(client, pair):
    denis, sylvie = pair
    table = finished_table(denis, sylvie, [MADE_8S_N, FAILED_7H_N])
    client.force_login(sylvie)
    html = client.get(reverse("member_detail", args=[denis.pk])).content.decode()
    assert "Parties en ligne" in html
    assert "Sylvie Sud" in html
    assert reverse("games:hand_replay", args=[table.pk, 1]) in html
    assert 'data-testid="member-figures"' in html
