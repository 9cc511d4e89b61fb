"""The printed boards of a duplicate hall round (issue #30, "Hall rounds"): one board a
half page, each hand sorted, in French, for the director who pre-deals real cards; read
back from the page and compared with ``deal_board``."""

from __future__ import annotations

from html.parser import HTMLParser

import pytest
from django.urls import reverse

from games.engine.boards import board_variant, deal_board, dealer_of
from tests.tournaments.day import play_round, play_table
from tournaments import services
from tournaments.models import PlayMode, RoundPlay
from tournaments.selectors_boards import sorted_hand
from tournaments.selectors_tables import rules_options
from tournaments.services import director as ds

#: The page's French card words back to the engine's codes.
RANKS_FR = {"As": "A", "R": "K", "D": "Q", "V": "J"}
JOKERS_FR = {"Blanche": "WJ", "Bonhomme": "BJ"}


class BoardsPage(HTMLParser):
    """The boards of a printed page: {number: {"dealer", "hands": {seat: [codes]},
    "kitty": [codes], "lines": {seat: [(suit, text)]}}}, from the visible words."""

    def __init__(self):
        super().__init__()
        self.boards: dict[int, dict] = {}
        self.board = None
        self.seat = None
        self.suit = None
        self.in_ranks = False
        self.text = ""

    def handle_starttag(self, tag, attrs):
        a = dict(attrs)
        if a.get("data-testid") == "board":
            self.board = {"dealer": None, "hands": {}, "lines": {}}
            self.boards[int(a["data-board"])] = self.board
        elif a.get("data-testid") == "dealer":
            self.board["dealer"] = a["data-seat"]
        elif a.get("data-testid") in ("hand", "kitty"):
            self.seat = a.get("data-seat", "kitty")
            self.board["hands"][self.seat] = []
            self.board["lines"][self.seat] = []
        elif tag == "li" and "data-suit" in a:
            self.suit = a["data-suit"]
        elif tag == "span" and a.get("class") == "t-board-ranks":
            self.in_ranks, self.text = True, ""

    def handle_data(self, data):
        if self.in_ranks:
            self.text += data

    def handle_endtag(self, tag):
        if tag == "span" and self.in_ranks:
            self.in_ranks = False
            words = self.text.strip()
            self.board["lines"][self.seat].append((self.suit, words))
            cards = self.board["hands"][self.seat]
            if self.suit == "J":
                cards += [JOKERS_FR[w.strip()] for w in words.split(",")]
            elif words != "—":
                cards += [RANKS_FR.get(w, w) + self.suit for w in words.split()]


def read_boards(html: str) -> dict[int, dict]:
    page = BoardsPage()
    page.feed(html)
    return page.boards


@pytest.fixture
def dup_hall(make_tournament, add_present):
    """A running duplicate tournament played in the hall: 5 boards a round, 8 players
    (5 hands a game too: the hall sheet still ends a game at its hands per game)."""
    t = make_tournament(
        status="running", rounds_total=3, hands_per_game=5, duplicate=True, boards_per_round=5
    )
    add_present(t, 8)
    return t


def draw_round_two(t, director):
    """Round 1 played at both tables and closed, round 2 drawn (boards 6 to 10)."""
    first = play_round(t, director)
    for table in (1, 2):
        play_table(first, table, 5)
    ds.round_close(round=first, by=director)
    services.round_draw(tournament=t, by=director, seed=4)


def url(t, number):
    return reverse("tournaments:print_boards", args=[t.pk, number])


def test_the_printed_hands_are_the_boards_dealt_and_sorted(dup_hall, director, director_client):
    rnd = services.round_draw(tournament=dup_hall, by=director, seed=3)
    response = director_client.get(url(dup_hall, 1))
    assert response.status_code == 200
    boards = read_boards(response.content.decode())
    assert sorted(boards) == [1, 2, 3, 4, 5]
    variant = board_variant(dup_hall.variant, rules_options(dup_hall))
    for number, printed in boards.items():
        dealt = deal_board(variant, rnd.board_seed, number)
        assert printed["dealer"] == dealt["dealer"] == dealer_of(number)
        for seat in "NESW":
            assert sorted(printed["hands"][seat]) == sorted(dealt["hands"][seat])
            assert len(printed["hands"][seat]) == 10
        assert sorted(printed["hands"]["kitty"]) == sorted(dealt["kitty"])
        # each hand in the printed order: jokers, then spades, hearts, clubs, diamonds
        for seat, cards in dealt["hands"].items():
            order = sorted_hand(seat, cards)
            assert printed["hands"][seat] == order.jokers + [c for _, s in order.suits for c in s]
            assert [s for s, _ in printed["lines"][seat] if s != "J"] == ["S", "H", "C", "D"]


def test_a_hand_sorts_jokers_first_then_each_suit_from_the_ace():
    hand = sorted_hand("N", ["4S", "BJ", "10S", "AS", "JH", "WJ", "QD", "KD", "5C", "9S"])
    assert hand.jokers == ["WJ", "BJ"]
    assert hand.suits == [("S", ["AS", "10S", "9S", "4S"]), ("H", ["JH"]), ("C", ["5C"])] + [
        ("D", ["KD", "QD"])
    ]


def test_the_dealer_turns_with_the_board_number_from_round_to_round(
    dup_hall, director, director_client
):
    draw_round_two(dup_hall, director)
    boards = read_boards(director_client.get(url(dup_hall, 2)).content.decode())
    assert sorted(boards) == [6, 7, 8, 9, 10]
    assert [boards[n]["dealer"] for n in range(6, 11)] == ["E", "S", "W", "N", "E"]


def test_the_page_is_in_french_and_says_the_boards_are_secret(dup_hall, director, director_client):
    services.round_draw(tournament=dup_hall, by=director, seed=3)
    html = director_client.get(url(dup_hall, 1)).content.decode()
    assert '<html lang="fr-CA">' in html
    for words in (
        "Donnes à distribuer",
        "Ronde 1 : donnes 1 à 5",
        "Donne 1",
        "Donneur : Nord",
        "Donneur : Est",
        "Mise",
        "Pique",
        "Cœur",
        "Trèfle",
        "Carreau",
        "jamais pour les joueurs",
        "Pour le directeur : à ne pas montrer aux joueurs",
        "Imprimer",
    ):
        assert words in html, words
    for english in ("Board ", "Dealer", "Kitty", "Spades", "North"):
        assert english not in html, english


def test_the_round_page_links_to_the_printed_boards(dup_hall, director, director_client):
    services.round_draw(tournament=dup_hall, by=director, seed=3)
    html = director_client.get(reverse("tournaments:round", args=[dup_hall.pk, 1])).content
    html = html.decode()
    assert url(dup_hall, 1) in html and "Imprimer les donnes" in html
    assert reverse("tournaments:sheets", args=[dup_hall.pk, 1]) in html


def test_an_ordinary_round_has_no_boards_to_print(running, director, director_client):
    services.round_draw(tournament=running, by=director, seed=3)
    html = director_client.get(reverse("tournaments:round", args=[running.pk, 1])).content
    assert url(running, 1) not in html.decode()
    response = director_client.get(url(running, 1), follow=True)
    assert "ne se joue pas en donnes identiques" in response.content.decode()


def test_players_may_not_open_the_boards(dup_hall, director, client, member):
    services.round_draw(tournament=dup_hall, by=director, seed=3)
    assert client.get(url(dup_hall, 1)).status_code == 302  # a visitor: the login page
    client.force_login(member)
    response = client.get(url(dup_hall, 1))
    assert response.status_code == 403
    assert "Donneur" not in response.content.decode()


def test_an_admin_may_open_the_boards(dup_hall, director, client, make_member):
    services.round_draw(tournament=dup_hall, by=director, seed=3)
    client.force_login(make_member(is_staff=True, is_superuser=True))
    assert client.get(url(dup_hall, 1)).status_code == 200


def test_the_boards_are_refused_before_the_draw(dup_hall, director_client):
    response = director_client.get(url(dup_hall, 1))
    assert response.status_code == 302
    assert response.url == reverse("tournaments:rounds", args=[dup_hall.pk])
    page = director_client.get(response.url).content.decode()
    assert "La ronde 1 n’est pas encore tirée" in page
    assert "imprimées" in page


def test_an_online_round_keeps_its_boards_hidden_until_it_is_over(
    dup_hall, director, director_client
):
    rnd = services.round_draw(tournament=dup_hall, by=director, seed=3)
    RoundPlay.objects.update_or_create(round=rnd, defaults={"mode": PlayMode.ONLINE})
    html = director_client.get(reverse("tournaments:round", args=[dup_hall.pk, 1])).content
    assert url(dup_hall, 1) not in html.decode()
    response = director_client.get(url(dup_hall, 1), follow=True)
    assert "se joue en ligne" in response.content.decode()
    assert 'data-testid="board"' not in response.content.decode()


def test_the_printed_score_sheet_of_a_duplicate_round_names_its_boards(
    dup_hall, director, director_client
):
    draw_round_two(dup_hall, director)
    html = director_client.get(reverse("tournaments:sheets", args=[dup_hall.pk, 2]))
    html = html.content.decode()
    assert "<th>Donne</th>" in html
    assert "<tr><td>6</td><td>E</td>" in html and "<tr><td>10</td><td>E</td>" in html
    assert "<tr><td>7</td><td>S</td>" in html
