"""The pages and exports of a whole tournament day, rendered in French, show none of the
project's known English leaks (``tests.french_leaks``): no EW, W, NT, 7H, raw option
codes, "Lieu" for a rank."""

from __future__ import annotations

import csv
import io

import pytest
from django.urls import reverse

from tests.french_leaks import leaks, visible


@pytest.mark.django_db
def test_a_tournament_day_renders_no_english_in_french(
    client, director, make_tournament, add_present
):
    from tests.tournaments.day import play_round, play_table
    from tournaments import selectors_tables as ts
    from tournaments import services
    from tournaments.services import director as ds

    t = make_tournament(
        status="running",
        rounds_total=2,
        hands_per_game=2,
        variant_options={
            "auction": "pass_final",
            "all_pass": "next_dealer",
            "score_table": "perfect",
        },
    )
    entries = add_present(t, 9)
    rnd = play_round(t, director)
    play_table(rnd, 1, 1, contract="6NT", tricks=6)
    play_table(rnd, 1, 1, contract="7H", tricks=8)
    play_table(rnd, 2, 1, contract="10D", tricks=10)
    ds.game_adjust(
        game=ts.table_game(rnd, 2), by=director, totals={"NS": 480, "EW": 0}, reason="malade"
    )
    services.round_draw(tournament=t, by=director, seed=3)
    from tournaments.services.seasons import season_save

    season = season_save(
        season=None, by=director, name="Saison 2026", tournament_ids=[t.pk], scoring="points"
    )
    client.force_login(director)
    pages = [
        reverse("tournaments:calendar"),
        reverse("tournaments:detail", args=[t.pk]),
        reverse("tournaments:entries", args=[t.pk]),
        reverse("tournaments:checkin", args=[t.pk]),
        reverse("tournaments:rounds", args=[t.pk]),
        reverse("tournaments:round", args=[t.pk, 2]),
        reverse("tournaments:projector", args=[t.pk]),
        reverse("tournaments:projector_tables", args=[t.pk]),
        reverse("tournaments:sheet", args=[t.pk, 1, 1]),
        reverse("tournaments:console", args=[t.pk]),
        reverse("tournaments:standings", args=[t.pk]),
        reverse("tournaments:final", args=[t.pk]),
        reverse("tournaments:draws", args=[t.pk]),
        reverse("tournaments:cards", args=[t.pk, 1]),
        reverse("tournaments:sheets", args=[t.pk, 1]),
        reverse("tournaments:edit", args=[t.pk]),
        reverse("member_detail", args=[entries[0].player.pk]),
        reverse("games:lobby"),
        reverse("rules"),
        reverse("rules_variant", args=["australian"]),
        reverse("rules_variant", args=["american"]),
        "/",
        reverse("tournaments:season", args=[season.pk]),
    ]
    found = []
    for url in pages:
        response = client.get(url)
        assert response.status_code == 200, url
        found += [f"{url}: {leak}" for leak in leaks(visible(response.content.decode()))]
    for name in ("standings_csv", "results_csv"):
        body = client.get(reverse(f"tournaments:{name}", args=[t.pk])).content.decode("utf-8-sig")
        text = " ".join(",".join(row) for row in csv.reader(io.StringIO(body)))
        found += [f"{name}: {leak}" for leak in leaks(text)]
    assert found == []


#: The 450 words in English that a French page must not show.
ENGLISH_450 = (
    r"\b(?:Secretary|[Mm]aster|Pot card|Major sequence|Double-faced|Last two "
    r"cards|[Ss]eat \d|[Rr]ounds?|lanceur:|to go|three of a kind|small sequence)\b"
)


@pytest.mark.django_db
def test_a_450_evening_renders_its_words_in_french(client, director, make_tournament, add_present):
    import re

    from tests.tournaments.kinds.four_fifty.day import (
        FOUR,
        enter_round,
        make_450,
        start_round,
        table_users,
    )
    from tournaments import selectors_tables as ts

    t = make_450(make_tournament, add_present, 8)
    rnd = start_round(t, director)
    p = table_users(rnd, 1)
    line = enter_round(ts.table_game(rnd, 1), p["P1"], FOUR)
    client.force_login(p["P1"])
    pages = [
        reverse("tournaments:sheet", args=[t.pk, 1, 1]),
        reverse("tournaments:detail", args=[t.pk]),
    ]
    found = []
    for url in pages:
        text = visible(client.get(url).content.decode())
        found += [f"{url}: {leak}" for leak in leaks(text)]
        found += [f"{url}: {m.group(0)!r}" for m in re.finditer(ENGLISH_450, text)]
    preview = client.post(reverse("tournaments:sheet_preview", args=[t.pk, 1, 1]), FOUR)
    found += [
        f"preview: {m.group(0)!r}"
        for m in re.finditer(ENGLISH_450, visible(preview.content.decode()))
    ]
    client.force_login(director)
    pages = [
        reverse("tournaments:round", args=[t.pk, 1]),
        reverse("tournaments:cards", args=[t.pk, 1]),
        reverse("tournaments:sheets", args=[t.pk, 1]),
        reverse("tournaments:console", args=[t.pk]) + f"?fix={line.pk}",
        reverse("tournaments:projector", args=[t.pk]),
        reverse("tournaments:standings", args=[t.pk]),
        reverse("tournaments:edit", args=[t.pk]),
        reverse("tournaments:create"),
    ]
    for url in pages:
        response = client.get(url)
        assert response.status_code == 200, url
        text = visible(response.content.decode())
        found += [f"{url}: {leak}" for leak in leaks(text)]
        found += [f"{url}: {m.group(0)!r}" for m in re.finditer(ENGLISH_450, text)]
    body = client.get(reverse("tournaments:results_csv", args=[t.pk])).content.decode("utf-8-sig")
    found += [f"csv: {m.group(0)!r}" for m in re.finditer(ENGLISH_450, body)]
    assert found == []
