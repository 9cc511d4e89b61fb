"""The replay's "what would the robot do here": the searching bot's mean per legal
card at a step of a finished hand (``games.thoughts``, ``GameKind.bot_thoughts``),
as JSON for the replay page; kept in the cache, limited per member, refused in the
member's language where there is no choice to make or no right to read the hand."""

from __future__ import annotations

import json

import pytest
from django.urls import reverse

from games import thoughts
from games.engine.bid_search import call_candidates
from games.kinds import kind_of
from games.kinds.five_hundred.replay import hand_at
from games.live import thinkers
from games.models import Table
from tests.games.conftest import finished_hand_table

pytestmark = pytest.mark.django_db

SMALL = {"samples": 6, "seconds": None, "nodes": 4000}


@pytest.fixture(autouse=True)
def _small_budget(settings):
    """A small, seed-only budget: the same answer on any machine, in a few ms (its
    search process at the normal priority: not held back by a busy machine)."""
    settings.BOT_LEVEL_BUDGETS = {"club": SMALL, "fort": SMALL}
    settings.LANGUAGE_CODE = "fr"
    settings.BOT_THINK_IDLE = False
    thinkers.reset()
    yield
    thinkers.reset()


@pytest.fixture
def host(make_member):
    return make_member(first_name="Sylvie", last_name="Roy", preferred_language="fr")


@pytest.fixture
def table(host):
    return finished_hand_table(host, variant="quebec", seed=31, host_plays=False)


def _replay(client, table):
    response = client.get(reverse("games:hand_replay", args=[table.pk, 1]))
    assert response.status_code == 200
    return response.context["replay"], json.loads(response.context["record_json"])


def _url(table, step):
    return reverse("games:hand_thoughts", args=[table.pk, 1, step])


def test_a_card_play_step_lists_every_legal_card_best_first(client, host, table):
    """At a step where the seat to act has a choice of cards, the answer names that
    seat, lists each of its legal cards once with the mean tricks of its side (between
    0 and 10), best first, and says over how many deals."""
    client.force_login(host)
    replay, record = _replay(client, table)
    offered = [i for i, s in enumerate(replay["steps"]) if s["think"] and s["phase"] == "play"]
    assert offered, "a hand of 500 has card choices"
    for step in offered[:: max(1, len(offered) // 4)]:
        answer = client.get(_url(table, step)).json()
        hand = hand_at(record, step)
        legal = [a for a in hand.legal_actions() if not a.startswith("name:")]
        assert answer["seat"] == replay["steps"][step]["to_act"] == hand.to_act
        assert sorted(card["action"] for card in answer["cards"]) == sorted(legal)
        assert answer["best"] == answer["cards"][0]["action"]
        assert answer["samples"] == SMALL["samples"] and not answer["misere"]
        means = [card["mean"] for card in answer["cards"]]
        assert means == sorted(means, reverse=True)  # the seat's side: more is better
        assert all(0 <= mean <= 10 for mean in means)


def test_the_steps_offered_are_the_calls_and_the_card_choices(client, host, table):
    """The replay offers the question where the seat to act has calls to weigh in the
    auction (more than one candidate), or a card to play out of several: never at the
    discards, nor on the last step, nor where one card is legal."""
    client.force_login(host)
    replay, record = _replay(client, table)
    for i, step in enumerate(replay["steps"]):
        hand = hand_at(record, i)
        cards = [a for a in hand.legal_actions() if not a.startswith("name:")]
        expected = (step["phase"] == "play" and len(cards) > 1) or (
            step["phase"] == "auction" and len(cards) > 1 and len(call_candidates(hand)) > 1
        )
        assert step["think"] is (expected and not hand.is_done), (i, step["phase"], cards)


def test_an_auction_step_lists_the_calls_tried_and_the_one_made(client, host, table):
    """In the auction the answer lists the calls tried (pass and the rule of thumb's
    among them), best mean first, each with its mean margin in points, the call the
    robot makes, and the rule of thumb's."""
    client.force_login(host)
    replay, record = _replay(client, table)
    step = next(i for i, s in enumerate(replay["steps"]) if s["think"] and s["phase"] == "auction")
    answer = client.get(_url(table, step)).json()
    hand = hand_at(record, step)
    tried = [call["action"] for call in answer["calls"]]
    assert set(tried) <= set(hand.legal_actions()) and answer["thumb"] in tried
    assert answer["best"] in tried and answer["seat"] == hand.to_act
    means = [call["mean"] for call in answer["calls"]]
    assert means == sorted(means, reverse=True)
    assert answer["samples"] == SMALL["samples"]


def test_an_answer_is_kept_the_same_step_asked_again_costs_nothing(
    client, host, table, settings, monkeypatch
):
    """The same step asked again reads the kept answer (the kind is not asked again),
    so it is the same and does not count against the member's limit."""
    client.force_login(host)
    replay, _ = _replay(client, table)
    step = next(i for i, s in enumerate(replay["steps"]) if s["think"])
    first = client.get(_url(table, step)).json()
    asked = []
    kind = kind_of(table.kind)
    monkeypatch.setattr(type(kind), "bot_thoughts", lambda *a: asked.append(a))
    settings.BOT_THOUGHTS_THROTTLE = {"per_member": 0, "window_seconds": 60}
    assert client.get(_url(table, step)).json() == first
    assert asked == []


def test_past_the_member_s_limit_a_new_search_is_refused_in_french(client, host, table, settings):
    """Past ``per_member`` searches in the window, a step not yet searched answers 429
    with the reason in French; steps already answered still answer."""
    settings.BOT_THOUGHTS_THROTTLE = {"per_member": 2, "window_seconds": 60}
    client.force_login(host)
    replay, _ = _replay(client, table)
    offered = [i for i, s in enumerate(replay["steps"]) if s["think"]]
    for step in offered[:2]:
        assert client.get(_url(table, step)).status_code == 200
    refused = client.get(_url(table, offered[2]))
    assert refused.status_code == 429
    assert "réessayez dans quelques minutes" in refused.json()["error"]
    assert client.get(_url(table, offered[0])).status_code == 200


def test_nothing_to_choose_or_no_such_step_answers_404_in_french(client, host, table):
    """The last step (the hand over), a step past it, and a hand not played: 404 JSON."""
    client.force_login(host)
    replay, _ = _replay(client, table)
    none = client.get(_url(table, len(replay["steps"]) - 1))
    assert none.status_code == 404
    assert none.json() == {"error": "Le robot n'a rien à choisir à cette étape."}
    assert client.get(_url(table, len(replay["steps"]) + 5)).status_code == 404
    missing = client.get(reverse("games:hand_thoughts", args=[table.pk, 7, 3]))
    assert missing.status_code == 404
    assert missing.json() == {"error": "Cette brasse n'est pas terminée."}


def test_a_busy_process_asks_to_try_again(client, host, table, monkeypatch):
    """While this process's one search is running, another waits a little, then is
    told (503) to try again in a moment."""
    client.force_login(host)
    replay, _ = _replay(client, table)
    step = next(i for i, s in enumerate(replay["steps"]) if s["think"])
    monkeypatch.setattr(thoughts, "WAIT_SECONDS", 0.01)
    assert thoughts._one_at_a_time.acquire(timeout=1)
    try:
        busy = client.get(_url(table, step))
    finally:
        thoughts._one_at_a_time.release()
    assert busy.status_code == 503
    assert "réessayez dans un instant" in busy.json()["error"]
    assert client.get(_url(table, step)).status_code == 200  # not kept: asked again, it answers


def test_only_members_who_may_read_the_hand_get_the_robot_s_view(client, host, make_member, table):
    """A visitor is sent to log in; at an invite-only table a member without the
    invitation gets 403 JSON, as for the replay itself."""
    step = 45
    response = client.get(_url(table, step))
    assert response.status_code == 302 and "/login" in response["Location"]
    Table.objects.filter(pk=table.pk).update(visibility=Table.Visibility.INVITE)
    client.force_login(make_member(first_name="Marc", last_name="Côté"))
    refused = client.get(_url(table, step))
    assert refused.status_code == 403 and refused.json()["error"]


def test_the_robot_s_view_is_read_only(client, host, table):
    """A POST to it is refused (405): asking changes nothing."""
    client.force_login(host)
    assert client.post(_url(table, 45)).status_code == 405


@pytest.mark.parametrize("players", [4, 5])
def test_a_450_round_offers_its_searched_discards_and_lists_each_card(client, host, players):
    """A finished 450 round: at four players the question is offered on every discard
    with a choice (no major sequence to announce), and the answer names the seat,
    lists each legal card once with the seat's mean final points, best first; at five
    players the robots keep their rules of thumb, so nothing is offered and a step
    answers 404."""
    from games.engine.four_fifty.search import searches
    from games.kinds.four_fifty.bot import SAMPLES_SCALE
    from games.kinds.four_fifty.replay import round_at

    table = finished_hand_table(
        host, kind="450", options={"players": players}, seed=31, host_plays=False
    )
    client.force_login(host)
    replay, record = _replay(client, table)
    expected = [i for i in range(len(replay["steps"])) if searches(round_at(record, i))]
    assert expected, "a round of 450 has discards with a choice"
    offered = [i for i, s in enumerate(replay["steps"]) if s["think"]]
    if players == 5:
        assert offered == []
        assert client.get(_url(table, expected[0])).status_code == 404
        return
    assert offered == expected
    for step in offered[:: max(1, len(offered) // 3)]:
        answer = client.get(_url(table, step)).json()
        rnd = round_at(record, step)
        assert answer["seat"] == replay["steps"][step]["view"]["to_act"] == rnd.to_act
        assert sorted(c["card"] for c in answer["cards"]) == sorted(rnd.legal_actions())
        assert answer["choice"] == answer["cards"][0]["card"]
        assert answer["samples"] == SMALL["samples"] * SAMPLES_SCALE
        points = [c["points"] for c in answer["cards"]]
        assert points == sorted(points, reverse=True) and min(points) >= 0
