"""Duplicate 500 tournaments: the setting, each round's secret board seed, its hash shown
before the round and the seed itself once the round is over (docs/duplicate.md)."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.urls import reverse

from games.engine.boards import check_seed, seed_hash
from games.kinds import KINDS
from tests.tournaments.day import play_round, play_table
from tournaments import services
from tournaments.errors import TournamentError
from tournaments.forms import TournamentForm
from tournaments.models import Round, Tournament
from tournaments.selectors_boards import round_boards
from tournaments.services import director as ds

FORM = {
    "name": "Duplicate du jeudi",
    "starts_at": "2030-04-10T19:00",
    "place": "hall",
    "game": "500",
    "variant": "quebec",
    "format": "individual",
    "rounds_total": 3,
    "hands_per_game": 6,
    "capacity": 24,
    "bye_score": "average",
    "bye_fixed_score": 0,
    "tie_rule": "shared",
}


@pytest.fixture
def dup_running(make_tournament, add_present):
    """A running duplicate tournament of 6 boards a round, 8 players present."""
    tournament = make_tournament(status="running", rounds_total=2, hands_per_game=2, duplicate=True)
    add_present(tournament, 8)
    return tournament


def test_the_game_kinds_say_whether_they_deal_boards():
    assert KINDS["500"].boards and KINDS["500"].supports_boards("quebec", {})
    assert not KINDS["500"].supports_boards("quebec", {"players": 6})
    assert not KINDS["450"].boards
    assert not KINDS["450"].supports_boards(KINDS["450"].default_variant, {})


def test_a_tournament_is_not_duplicate_by_default_and_has_six_boards_a_round(tournament):
    assert tournament.duplicate is False and tournament.boards_per_round == 6


def test_a_duplicate_tournament_is_created_with_its_boards_per_round(make_tournament):
    t = make_tournament(duplicate=True, boards_per_round=8)
    assert t.duplicate and t.boards_per_round == 8


@pytest.mark.parametrize("boards", [0, 33, "six", True])
def test_boards_per_round_out_of_bounds_is_refused_in_french(make_tournament, boards):
    with pytest.raises(TournamentError) as e:
        make_tournament(duplicate=True, boards_per_round=boards)
    assert e.value.code == "bad_number"
    assert "Donnes par ronde" in str(e.value.message) and "32" in str(e.value.message)
    assert not Tournament.objects.exists()


def test_duplicate_450_is_refused_with_a_clear_french_error(make_tournament):
    with pytest.raises(TournamentError) as e:
        make_tournament(game="450", duplicate=True)
    assert e.value.code == "no_boards"
    assert "500 à quatre joueurs" in str(e.value.message)


def test_duplicate_500_at_six_players_is_refused(make_tournament):
    with pytest.raises(TournamentError) as e:
        make_tournament(duplicate=True, variant_options={"players": 6})
    assert e.value.code in ("no_boards", "bad_variant")
    assert not Tournament.objects.exists()


def test_a_copy_of_a_duplicate_tournament_is_duplicate_too(make_tournament, director):
    source = make_tournament(duplicate=True, boards_per_round=9)
    copy = services.tournament_copy(
        source=source, by=director, starts_at=source.starts_at + timedelta(days=7)
    )
    assert copy.duplicate and copy.boards_per_round == 9


def test_a_round_of_a_duplicate_tournament_gets_a_seed_kept_by_a_redraw(dup_running, director):
    rnd = services.round_draw(tournament=dup_running, by=director, seed=3)
    assert check_seed(rnd.board_seed) == rnd.board_seed
    again = services.round_draw(tournament=dup_running, by=director, seed=4, version=rnd.version)
    assert again.pk == rnd.pk and again.board_seed == rnd.board_seed


def test_a_round_of_an_ordinary_tournament_has_no_board_seed(running, director):
    rnd = services.round_draw(tournament=running, by=director, seed=3)
    assert rnd.board_seed == "" and round_boards(rnd) is None


def test_rounds_get_different_seeds_and_boards_numbered_on(dup_running, director):
    first = play_round(dup_running, director)
    play_table(first, 1, 6)  # the round's 6 boards
    play_table(first, 2, 6)  # the round's 6 boards
    ds.round_close(round=first, by=director)
    second = services.round_draw(tournament=dup_running, by=director, seed=5)
    assert first.board_seed != second.board_seed
    assert first.board_numbers == (1, 6) and second.board_numbers == (7, 12)


def test_the_hash_is_shown_until_the_round_is_closed_then_the_seed(dup_running, director):
    rnd = play_round(dup_running, director)
    shown = round_boards(rnd)
    assert shown.hash == seed_hash(rnd.board_seed)
    assert shown.seed == "" and shown.command == ""
    play_table(rnd, 1, 6)  # the round's 6 boards
    play_table(rnd, 2, 6)  # the round's 6 boards
    ds.round_close(round=rnd, by=director)
    rnd = Round.objects.select_related("tournament", "play").get(pk=rnd.pk)
    shown = round_boards(rnd)
    assert shown.seed == rnd.board_seed
    assert shown.command == (
        f"python -m games.engine deal --variant quebec --seed {rnd.board_seed} --boards 1-6"
    )


def test_the_boards_cannot_change_once_a_round_is_drawn(dup_running, director):
    services.tournament_update(tournament=dup_running, by=director, boards_per_round=4)
    services.round_draw(tournament=dup_running, by=director, seed=3)
    for change in ({"boards_per_round": 5}, {"duplicate": False}):
        with pytest.raises(TournamentError) as e:
            services.tournament_update(tournament=dup_running, by=director, **change)
        assert e.value.code == "boards_frozen" and "une fois une ronde tirée" in e.value.message
    dup_running.refresh_from_db()
    assert dup_running.duplicate and dup_running.boards_per_round == 4


def test_the_form_offers_duplicate_with_the_500_rule_options(director_client):
    page = director_client.get(reverse("tournaments:create")).content.decode()
    assert 'data-game="500" data-testid="boards-fields"' in page
    assert "Donnes identiques (duplicate)" in page and "Donnes par ronde" in page
    assert "annule la chance des cartes" in page
    form = TournamentForm()
    main = [field.name for field, _game in form.main_fields()]
    assert "duplicate" not in main and "boards_per_round" not in main


def test_the_form_creates_a_duplicate_tournament(director_client):
    data = {**FORM, "duplicate": "on", "boards_per_round": 4}
    response = director_client.post(reverse("tournaments:create"), data)
    assert response.status_code == 302
    t = Tournament.objects.get()
    assert t.duplicate and t.boards_per_round == 4


def test_the_form_leaves_boards_per_round_to_its_default(director_client):
    response = director_client.post(reverse("tournaments:create"), {**FORM, "duplicate": "on"})
    assert response.status_code == 302
    assert Tournament.objects.get().boards_per_round == 6


def test_the_form_refuses_a_duplicate_450_and_loses_nothing(director_client):
    data = {**FORM, "game": "450", "duplicate": "on", "name": "Quatre-cent-cinquante"}
    response = director_client.post(reverse("tournaments:create"), data)
    assert response.status_code == 200 and not Tournament.objects.exists()
    page = response.content.decode()
    assert "se jouent seulement au 500 à quatre joueurs" in page
    assert 'value="Quatre-cent-cinquante"' in page


def test_the_form_refuses_too_many_boards(director_client):
    response = director_client.post(
        reverse("tournaments:create"), {**FORM, "duplicate": "on", "boards_per_round": 40}
    )
    assert response.status_code == 200 and not Tournament.objects.exists()


def test_the_edit_form_says_the_boards_are_fixed_once_a_round_is_drawn(
    director_client, dup_running, director
):
    services.round_draw(tournament=dup_running, by=director, seed=3)
    data = {**FORM, "duplicate": "on", "boards_per_round": 9, "rounds_total": 2}
    data["hands_per_game"] = 2
    response = director_client.post(reverse("tournaments:edit", args=[dup_running.pk]), data)
    assert response.status_code == 200
    assert "ne changent plus une fois une ronde tirée" in response.content.decode()
    dup_running.refresh_from_db()
    assert dup_running.boards_per_round == 6


def _pages(client, t, rnd) -> dict[str, str]:
    names = ["detail", "draws", "projector", "projector_tables", "standings", "standings_csv"]
    names += ["console", "projector_standings", "edit", "rounds"]
    out = {name: client.get(reverse(f"tournaments:{name}", args=[t.pk])) for name in names}
    out["round"] = client.get(reverse("tournaments:round", args=[t.pk, rnd.number]))
    out["admin"] = client.get(reverse("admin:tournaments_round_changelist"))
    out["admin_round"] = client.get(reverse("admin:tournaments_round_change", args=[rnd.pk]))
    return {name: r.content.decode() for name, r in out.items() if r.status_code == 200}


def test_no_page_shows_the_seed_while_the_round_plays(client, director, dup_running):
    rnd = play_round(dup_running, director)
    director.is_staff = director.is_superuser = True
    director.save()
    client.force_login(director)
    pages = _pages(client, dup_running, rnd)
    assert {"detail", "projector", "console", "standings", "standings_csv", "round"} <= set(pages)
    assert {"admin", "admin_round", "draws", "projector_tables"} <= set(pages)
    assert [name for name, text in pages.items() if rnd.board_seed in text] == []
    detail = pages["detail"]
    assert "Donnes 1 à 6 — empreinte SHA-256 :" in detail
    assert seed_hash(rnd.board_seed) in detail
    assert "La graine sera affichée une fois la ronde terminée." in detail


def test_the_page_shows_the_seed_and_the_command_once_the_round_is_closed(
    client, director, dup_running
):
    rnd = play_round(dup_running, director)
    play_table(rnd, 1, 6)  # the round's 6 boards
    play_table(rnd, 2, 6)  # the round's 6 boards
    ds.round_close(round=rnd, by=director)
    page = client.get(reverse("tournaments:detail", args=[dup_running.pk])).content.decode()
    assert "Graine :" in page and rnd.board_seed in page
    assert "Pour redonner ces donnes :" in page
    assert (
        f"python -m games.engine deal --variant quebec --seed {rnd.board_seed} --boards 1-6"
    ) in page
