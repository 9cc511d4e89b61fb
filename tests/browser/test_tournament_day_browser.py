"""A tournament day in Chromium, in French, one test per point of issue 16, and the
phone pages measured: nothing wider than a 390 px screen.

Directors use a laptop (1280x800) or a phone, players a phone (390x844). Data is made
in another thread (``in_thread``: Playwright's sync API runs an event loop in this one).
"""

from __future__ import annotations

import re
from datetime import timedelta

import pytest
from django.utils import timezone
from playwright.sync_api import expect

from tests.browser.conftest import STEP_TIMEOUT_MS
from tests.browser.test_tournament_browser import in_thread, log_in

LAPTOP = {"width": 1280, "height": 800}
PHONE = {"width": 390, "height": 844}

#: Elements wider than the viewport, outside any scrolling box (a scroll strip or a
#: table's scroller may hold wider content: the page itself must not).
OVERFLOW_JS = """() => {
  const width = document.documentElement.clientWidth, out = [];
  const clipped = (el) => { for (let p = el.parentElement; p; p = p.parentElement) {
      const o = getComputedStyle(p).overflowX;
      if (o === 'auto' || o === 'scroll' || o === 'hidden') return true; } return false; };
  for (const el of document.querySelectorAll('body *')) {
    const r = el.getBoundingClientRect();
    if (r.width && r.right > width + 1 && !clipped(el))
      out.push(el.tagName.toLowerCase() + '.' + el.className + ' ' + Math.round(r.right));
  }
  return {scroll: document.documentElement.scrollWidth, width: width, wide: out.slice(0, 5)};
}"""


@pytest.fixture
def open_context(chromium, live_server_asgi, transactional_db):
    """``open_context(PHONE)`` -> a new French page of that size (own cookies)."""
    contexts = []

    def open_(viewport):
        phone = viewport["width"] < 600
        context = chromium.new_context(
            base_url=live_server_asgi.url,
            locale="fr-CA",
            viewport=viewport,
            is_mobile=phone,
            has_touch=phone,
        )
        context.set_default_timeout(STEP_TIMEOUT_MS)
        contexts.append(context)
        return context.new_page()

    yield open_
    for context in contexts:
        context.close()
    from tests.browser.conftest import _stop_live_tables

    _stop_live_tables()


def confirm(page, *, expect_text: str, ok: bool = True):
    """The confirmation dialog names the consequence; confirm or go back."""
    dialog = page.get_by_test_id("confirm-dialog")
    expect(dialog).to_be_visible()
    expect(page.get_by_test_id("confirm-message")).to_contain_text(expect_text)
    page.get_by_test_id("confirm-ok" if ok else "confirm-cancel").click()
    expect(dialog).to_be_hidden()


def make_day(
    make_member,
    *,
    players=8,
    rounds=1,
    hands=2,
    status="running",
    online=False,
    play=True,
    name="Tournoi du jeudi",
    **options,
):
    """A director, players and a tournament, round 1 playing (hall or online)."""
    from tournaments import services
    from tournaments.models import Entry, PlayMode, RoundPlay, Tournament

    director = make_member(director=True, first_name="Josée", last_name="Directrice")
    names = [
        "Gaétan",
        "Sylvie",
        "Réjean",
        "Lise",
        "Normand",
        "Francine",
        "Denis",
        "Nicole",
        "Claude",
        "Diane",
        "Michel",
        "Louise",
    ]
    people = [make_member(first_name=n, last_name="Joueur") for n in names[:players]]
    t = services.tournament_create(
        by=director,
        name=name,
        starts_at=timezone.now(),
        rounds_total=rounds,
        hands_per_game=hands,
        **options,
    )
    Tournament.objects.filter(pk=t.pk).update(status=status)
    t.refresh_from_db()
    for p in people:
        Entry.objects.create(tournament=t, player=p, checked_in=True, checked_in_at=timezone.now())
    rnd = None
    if play:
        rnd = services.round_draw(tournament=t, by=director, seed=5)
        if online:
            RoundPlay.objects.update_or_create(round=rnd, defaults={"mode": PlayMode.ONLINE})
        rnd = services.round_publish(round=rnd, by=director, version=rnd.version)
        rnd = services.round_start_play(round=rnd, by=director, version=rnd.version)
    return director, people, t, rnd


def fill_round(t, rnd, hands=2):
    from tests.tournaments.day import play_table, table_users  # noqa: F401

    tables = sorted({s.table for s in rnd.seats.exclude(position="BYE")})
    for number in tables:
        play_table(
            rnd,
            number,
            hands,
            contract="7H" if number == 1 else "6NT",
            tricks=8 if number == 1 else 6,
        )


# ----------------------------------------------------------------- 1.
def test_1_results_are_locked_until_reopened_and_the_correction_is_shown(make_member, open_context):
    def setup():
        from tournaments import services
        from tournaments.services import director as ds

        director, people, t, rnd = make_day(make_member)
        fill_round(t, rnd)
        ds.round_close(round=rnd, by=director)
        services.tournament_transition(tournament=t, by=director, to="finished")
        return director, t

    director, t = in_thread(setup)
    page = open_context(LAPTOP)
    log_in(page, director)
    page.goto(f"/tournaments/{t.pk}/console/")
    expect(page.get_by_test_id("tournament-finished")).to_contain_text("définitifs")
    expect(page.get_by_test_id("correct-form")).to_have_count(0)
    expect(page.get_by_test_id("adjust-form")).to_have_count(0)
    expect(page.get_by_test_id("fix-hand")).to_have_count(0)

    page.get_by_test_id("reopen-tournament-reason").fill("La table 1 a inscrit 7♥ au lieu de 7♠")
    page.get_by_test_id("reopen-tournament").click()
    confirm(page, expect_text="ne sont plus définitifs")
    expect(page.get_by_text("Le tournoi a été rouvert")).to_be_visible()
    expect(page.get_by_text("Le tournoi est maintenant : En cours.")).to_be_visible()
    expect(page.get_by_test_id("fix-hand")).to_have_count(0)  # the round is still closed

    page.get_by_test_id("reopen-round-reason").fill("Brasse 1 de la table 1")
    page.get_by_test_id("reopen-round").click()
    confirm(page, expect_text="Rouvrir la ronde 1")
    # The reopening POST's page is back before the sheet is opened and its link
    # followed: a click on the page it replaces would be lost, or abort it.
    expect(page.get_by_text("Ronde rouverte : ses résultats")).to_be_visible()
    # the message of the tournament's reopening (a whole page) went with that page
    expect(page.get_by_text("Le tournoi est maintenant")).to_have_count(0)
    page.screenshot(path=str(_shot("1-round-reopened-laptop")), full_page=True)
    page.set_viewport_size(PHONE)  # the same console on a phone: nothing wider than it
    layout = page.evaluate(OVERFLOW_JS)
    assert layout["scroll"] <= layout["width"] and not layout["wide"], layout
    page.screenshot(path=str(_shot("1-round-reopened-phone")), full_page=True)
    page.set_viewport_size(LAPTOP)
    page.locator("#t1-hands > summary").click()
    page.locator("#table-1").get_by_test_id("fix-hand").first.click()
    expect(page).to_have_url(re.compile(r"[?&]fix=\d+"))
    form = page.get_by_test_id("correct-form")
    form.locator("select[name=contract]").select_option("7S")
    form.locator("input[name=reason]").fill("7♠, pas 7♥")
    form.get_by_test_id("correct-submit").click()
    expect(page.locator(".message.success")).to_contain_text("Brasse corrigée")
    page.get_by_test_id("close-round").click()
    confirm(page, expect_text="verrouillées")
    # The closing POST's page is back (the closed round offers its reopening again)
    # before the next navigation, which would otherwise abort it.
    expect(page.get_by_test_id("reopen-round")).to_be_visible()

    page.goto(f"/tournaments/{t.pk}/standings/")
    expect(page.get_by_test_id("corrected-note")).to_contain_text("Ronde 1 corrigée le")
    expect(page.get_by_test_id("corrected-note")).to_contain_text("Brasse 1 de la table 1")


# ----------------------------------------------------------------- 2.
def test_2_destructive_actions_ask_first_and_buttons_are_verbs(make_member, open_context):
    def setup():
        from tournaments import services
        from tournaments.models import Entry

        director = make_member(director=True, first_name="Josée", last_name="Directrice")
        t = services.tournament_create(
            by=director, name="Tournoi du jeudi", starts_at=timezone.now() + timedelta(days=3)
        )
        member = make_member(first_name="Sylvie", last_name="Roy")
        return director, member, t, Entry

    director, member, t, _entry = in_thread(setup)
    page = open_context(LAPTOP)
    log_in(page, director)
    page.goto(f"/tournaments/{t.pk}/")
    # After creating a draft, the next step is offered where the director is.
    page.get_by_test_id("to-registration_open").click()
    expect(page.locator(".t-badge")).to_have_text("Inscriptions ouvertes")

    player = open_context(PHONE)
    log_in(player, member)
    player.goto(f"/tournaments/{t.pk}/")
    player.get_by_test_id("register").click()
    player.get_by_test_id("withdraw").click()
    confirm(player, expect_text="Vous désinscrire de ce tournoi", ok=False)
    expect(player.get_by_test_id("withdraw")).to_be_visible()  # still registered

    page.goto(f"/tournaments/{t.pk}/entries/")
    expect(page.get_by_test_id("to-cancelled")).to_have_text("Annuler le tournoi")
    page.get_by_test_id("to-cancelled").click()
    confirm(page, expect_text="pour de bon", ok=False)
    expect(page.locator(".t-badge").first).to_have_text("Inscriptions ouvertes")
    page.get_by_test_id("remove-entry").first.click()
    confirm(page, expect_text="Retirer Sylvie Roy du tournoi")
    expect(page.locator(".message.success")).to_contain_text("Sylvie Roy")
    page.get_by_test_id("to-cancelled").click()
    confirm(page, expect_text="ne pourra pas être rouvert")
    expect(page.locator(".t-badge").first).to_have_text("Annulé")


# ----------------------------------------------------------------- 3.
def test_3_pages_speak_quebec_french(make_member, open_context):
    def setup():
        from tournaments import services

        director, people, t, rnd = make_day(make_member, variant_options={"auction": "pass_final"})
        fill_round(t, rnd, hands=1)
        services.walkin_add(tournament=t, by=director, guest_name="Rita")
        return director, t

    director, t = in_thread(setup)
    page = open_context(LAPTOP)
    log_in(page, director)
    page.goto(f"/tournaments/{t.pk}/rounds/1/tables/1/")
    sheet = page.get_by_test_id("sheet-table")
    expect(sheet).to_contain_text("7♥")
    expect(page.get_by_test_id("col-ew")).to_have_text("EO")
    page.goto(f"/tournaments/{t.pk}/rounds/1/tables/2/")
    expect(page.get_by_test_id("sheet-table")).to_contain_text("6 SA")
    page.goto(f"/tournaments/{t.pk}/standings/")
    expect(page.get_by_test_id("standings-table").locator("th").first).to_have_text("Rang")
    page.goto(f"/tournaments/{t.pk}/")
    expect(page.get_by_test_id("rules-summary")).to_contain_text("plusieurs tours")
    expect(page.get_by_test_id("tournament-nav")).to_contain_text("Présences")
    page.goto(f"/tournaments/{t.pk}/entries/")
    expect(page.get_by_test_id("activity-log")).to_contain_text("a ajouté Rita sur place")
    page.goto("/tables/")
    body = page.locator("main").inner_text()
    assert "EW" not in body and not re.search(r"\b(?:[6-9]|10)(?:NT|[SCDH])\b", body)


# ----------------------------------------------------------------- 4.
DAY_PAGES = [
    "/tournaments/",
    "/tournaments/{t}/",
    "/tournaments/{t}/entries/",
    "/tournaments/{t}/check-in/",
    "/tournaments/{t}/rounds/{n}/",
    "/tournaments/{t}/projector/",
    "/tournaments/{t}/rounds/1/tables/1/",
    "/tournaments/{t}/console/",
    "/tournaments/{t}/standings/",
    "/tournaments/{t}/results/final/",
    "/tournaments/{t}/draws/",
    "/members/{m}/",
]


def test_4_no_page_of_a_tournament_day_overflows_a_phone(make_member, open_context):
    def setup():
        from tournaments import services

        director, people, t, rnd = make_day(
            make_member,
            players=12,
            rounds=2,
            hands=3,
            name="Grand tournoi d'automne de la Mauricie",
        )
        fill_round(t, rnd, hands=2)
        services.round_draw(tournament=t, by=director, seed=9)  # round 2: a draft
        people[0].display_name = "Marie-Thérèse-Angélique Lévesque-Beauchemin"
        people[0].email = "marie-therese-angelique.levesque-beauchemin@example.com"
        people[0].save()
        return director, people, t

    director, people, t = in_thread(setup)
    page = open_context(PHONE)
    log_in(page, director)
    measured = {}
    for template in DAY_PAGES:
        url = template.format(t=t.pk, n=2, m=people[0].pk)
        page.goto(url)
        result = page.evaluate(OVERFLOW_JS)
        measured[url] = result
        assert result["scroll"] <= 390 and not result["wide"], (url, result)
    # the standings' per-game columns, shown on demand, stay in their scroller
    page.goto(f"/tournaments/{t.pk}/standings/")
    page.get_by_test_id("toggle-rounds").click()
    assert page.evaluate(OVERFLOW_JS)["scroll"] <= 390
    page.screenshot(path=str(_shot("4-standings-phone")), full_page=True)
    # and the console's hand tables fit their cards on a laptop
    laptop = open_context(LAPTOP)
    log_in(laptop, director)
    laptop.goto(f"/tournaments/{t.pk}/console/")
    laptop.locator("#t1-hands > summary").click()
    widths = laptop.evaluate("""() => [...document.querySelectorAll('.r-console-table')]
      .map(card => [card.getBoundingClientRect().right,
                    card.querySelector('.r-hands')
                      ? card.querySelector('.r-hands').getBoundingClientRect().right : 0])""")
    for card, hands in widths:
        assert hands <= card
    assert len(measured) == len(DAY_PAGES)


def _shot(name):
    from tests import live_server

    folder = live_server.LOG_DIR
    return (folder if folder else __import__("pathlib").Path("/tmp")) / f"{name}.png"


# ----------------------------------------------------------------- 5.
def test_5_the_console_keeps_its_sections_open_and_shows_labels(make_member, open_context):
    def setup():
        from tests.tournaments.day import table_users
        from tournaments import selectors_tables as ts
        from tournaments.services import results as rs

        director, people, t, rnd = make_day(make_member, hands=3)
        users = table_users(rnd, 1)
        game = ts.table_game(rnd, 1)
        for seq in (1, 2):
            rs.hand_enter(
                game=game, user=users["N"], seq=seq, declarer="N", contract="8S", tricks=9
            )
        return director, t

    director, t = in_thread(setup)
    page = open_context(LAPTOP)
    log_in(page, director)
    page.goto(f"/tournaments/{t.pk}/console/")
    hands = page.locator("#t1-hands")
    expect(hands).to_have_attribute("open", "")  # hands to confirm: open
    expect(page.get_by_test_id("grace-form")).to_have_count(0)  # a hall round
    page.locator("#t2-adjust > summary").click()
    page.get_by_test_id("director-confirm").first.click()
    expect(page.locator(".message.success")).to_contain_text("Brasse confirmée")
    expect(page.locator("#t2-adjust")).to_have_attribute("open", "")  # still open
    expect(hands).to_have_attribute("open", "")
    button = page.get_by_test_id("director-confirm").first
    page.mouse.move(0, 0)  # not hovering it (a hovered button is darker)
    # The club's buttons; read with retries: the live refresh after the confirmation may
    # replace the button between finding it and reading it (a detached one has no style).
    expect(button).to_have_css("background-color", "rgb(11, 93, 59)")
    expect(button).not_to_have_css("border-radius", "0px")
    page.screenshot(path=str(_shot("5-console-laptop")), full_page=True)


def test_5_medals_are_drawn_not_emoji(make_member, open_context):
    def setup():
        from tournaments import services
        from tournaments.services import director as ds

        director, people, t, rnd = make_day(make_member)
        fill_round(t, rnd)
        ds.round_close(round=rnd, by=director)
        services.tournament_transition(tournament=t, by=director, to="finished")
        return t

    t = in_thread(setup)
    page = open_context(PHONE)
    page.goto(f"/tournaments/{t.pk}/standings/")
    medal = page.get_by_test_id("medal").first
    box = medal.locator("svg").bounding_box()
    assert box["width"] > 8 and box["height"] > 8
    fill = medal.locator("circle").evaluate("c => getComputedStyle(c).fill")
    assert fill == "rgb(226, 176, 7)"  # gold
    assert "🥇" not in page.content()


# ----------------------------------------------------------------- 6.
def test_6_a_player_joins_the_online_table_and_sees_the_final_place(make_member, open_context):
    director, people, t, rnd = in_thread(
        lambda: make_day(make_member, players=4, online=True, hands=1)
    )
    page = open_context(PHONE)
    log_in(page, people[0])
    page.goto(f"/tournaments/{t.pk}/")
    expect(page.get_by_test_id("my-pin")).to_have_count(0)
    page.get_by_test_id("join-table").click()
    expect(page).to_have_url(re.compile(r"/tables/\d+/$"))

    def finish():
        from tournaments import services
        from tournaments.models import HandScore, TableGame
        from tournaments.services import director as ds

        game = TableGame.objects.get(round=rnd, table=1)
        # the player's side makes its contract, whichever side the draw gave them
        ns = rnd.seats.get(entry__player=people[0]).position in ("N", "S")
        HandScore.objects.create(
            game=game,
            seq=1,
            hand=1,
            dealer="N",
            declarer="N" if ns else "E",
            contract="8S",
            tricks=9,
            ns_score=240 if ns else 10,
            ew_score=10 if ns else 240,
            confirmed=True,
        )
        from tournaments.services.results import _recompute

        _recompute(game)
        ds.round_close(round=rnd, by=director)
        services.tournament_transition(tournament=t, by=director, to="finished")

    in_thread(finish)
    page.goto(f"/tournaments/{t.pk}/")
    expect(page.get_by_test_id("my-final")).to_contain_text(re.compile(r"Rang [12] sur 4"))
    expect(page.get_by_test_id("my-table")).to_have_count(0)


# ----------------------------------------------------------------- 7.
def test_7_partners_phone_numbers_and_names_sort_right(make_member, open_context):
    def setup():
        from club.models import User
        from tournaments import services

        director = make_member(director=True, first_name="Josée", last_name="Directrice")
        t = services.tournament_create(
            by=director,
            name="Tournoi des paires",
            starts_at=timezone.now() + timedelta(days=2),
            format="pairs",
        )
        services.tournament_transition(tournament=t, by=director, to="registration_open")
        me = make_member(first_name="Marie", last_name="Tremblay")
        a, b = make_member(last_name="Dupaire"), make_member(last_name="Enpaire")
        services.registration_create(tournament=t, member=a, partner=b)
        make_member(first_name="Réjean", last_name="Côté", display_name="Ti-Réjean")
        make_member(first_name="Louise", last_name="Bélanger")
        make_member(first_name="Pierre", last_name="Boucher")
        sylvie = make_member(first_name="Sylvie", last_name="Roy", phone="514 555-0199")
        services.looking_for_partner_set(
            tournament=t, member=sylvie, looking=True, note="Je joue le jeudi", share_contact=True
        )
        User.objects.create_superuser(
            email="admin@x.example", first_name="Admin", last_name="Zadmin", password="x-Passw0rd-1"
        )
        return me, t

    me, t = in_thread(setup)
    page = open_context(PHONE)
    log_in(page, me)
    page.goto(f"/tournaments/{t.pk}/")
    options = page.locator("select[name=partner] option").all_inner_texts()
    assert "Côté, Réjean (Ti-Réjean)" in options
    assert not any(n in " ".join(options) for n in ("Dupaire", "Enpaire", "Zadmin"))
    names = [o for o in options if "," in o]
    assert names.index("Bélanger, Louise") < names.index("Boucher, Pierre")
    looking = page.get_by_test_id("looking-row")
    expect(looking).to_contain_text("Je joue le jeudi")
    expect(looking.get_by_test_id("looking-email")).to_have_attribute("href", re.compile("mailto:"))
    expect(looking.locator("a[href^='tel:']")).to_have_text("514 555-0199")

    page.goto("/accounts/profile/")
    page.get_by_label("Téléphone").fill("abc")
    page.get_by_test_id("profile-form").get_by_role("button", name="Enregistrer").click()
    expect(page.locator(".field-errors")).to_contain_text("numéro de téléphone")
    page.goto("/members/")
    rows = page.locator("#member-rows tbody tr").all_inner_texts()
    text = "\n".join(rows)
    assert text.index("Bélanger") < text.index("Boucher")


# ----------------------------------------------------------------- 8.
def test_8_visitors_follow_a_tournament_and_read_the_rules(make_member, open_context):
    def setup():
        from tournaments import services
        from tournaments.services import director as ds

        director, people, t, rnd = make_day(make_member)
        fill_round(t, rnd)
        ds.round_close(round=rnd, by=director)
        services.tournament_transition(tournament=t, by=director, to="finished")
        return t

    t = in_thread(setup)
    page = open_context(PHONE)
    page.goto("/")
    page.get_by_test_id("home-card").first.click()
    expect(page).to_have_url(re.compile(r"/tournaments/$"))
    page.get_by_role("link", name="Tournoi du jeudi").click()
    page.get_by_test_id("draws-link").click()
    expect(page.get_by_test_id("draw-round")).to_have_count(1)
    page.goto(f"/tournaments/{t.pk}/standings/")
    expect(page.get_by_test_id("podium")).to_be_visible()
    expect(page.get_by_test_id("medal").first).to_be_visible()
    page.goto("/")
    page.get_by_test_id("home-card").nth(2).click()
    expect(page.get_by_test_id("rules")).to_have_attribute("data-variant", "quebec")
    expect(page.get_by_test_id("score-table")).to_contain_text("520")
    page.get_by_test_id("rules-variants").get_by_role(
        "link", name="Australienne (Avondale)"
    ).click()
    expect(page.get_by_test_id("rules")).to_contain_text("43 cartes")
    page.screenshot(path=str(_shot("8-rules-phone")), full_page=True)


# ----------------------------------------------------------------- 9.
def test_9_clock_calls_codes_and_everyone_present(make_member, open_context):
    def setup():
        from tests.tournaments.day import table_users

        director, people, t, rnd = make_day(make_member)
        return director, t, table_users(rnd, 1)["S"]

    director, t, south = in_thread(setup)
    projector = open_context(LAPTOP)
    projector.goto(f"/tournaments/{t.pk}/projector/")
    expect(projector.locator("body")).to_have_attribute("data-socket", "open")
    clock = projector.get_by_test_id("round-clock")
    first = clock.locator("[data-clock-time]").inner_text()
    projector.wait_for_timeout(1500)
    assert clock.locator("[data-clock-time]").inner_text() != first  # it counts down

    console = open_context(LAPTOP)
    log_in(console, director)
    console.goto(f"/tournaments/{t.pk}/console/")
    expect(console.locator("body")).to_have_attribute("data-socket", "open")
    console.get_by_test_id("clock-pause").click()
    expect(projector.get_by_test_id("round-clock")).to_contain_text("Chrono en pause")

    phone = open_context(PHONE)
    log_in(phone, south)
    phone.goto(f"/tournaments/{t.pk}/rounds/1/tables/1/")
    phone.get_by_test_id("call-director-button").click()
    expect(phone.get_by_test_id("call-sent")).to_be_visible()
    expect(console.get_by_test_id("director-call")).to_contain_text("La table 1 appelle")
    console.get_by_test_id("answer-call").click()
    expect(console.get_by_test_id("director-call")).to_have_count(0)

    cards = open_context(LAPTOP)
    log_in(cards, director)
    cards.goto(f"/tournaments/{t.pk}/rounds/1/cards/")
    expect(cards.get_by_test_id("pin")).to_have_count(8)

    def absent():
        from tournaments.models import Entry

        Entry.objects.filter(tournament=t).update(checked_in=False)

    in_thread(absent)
    console.goto(f"/tournaments/{t.pk}/check-in/")
    console.get_by_test_id("checkin-all").click()
    confirm(console, expect_text="Marquer présents les 8 inscrits")
    expect(console.get_by_test_id("checkin-summary")).to_contain_text("8 présents sur 8")


# ----------------------------------------------------------------- 10.
def closed_day_and_admin(make_member):
    """A tournament day whose round 1 is played and closed, and a superuser who logs in
    with the tests' password: (the superuser, the players, the tournament)."""
    from club.models import User
    from tests.conftest import _hashed_password
    from tournaments.services import director as ds

    director, people, t, rnd = make_day(make_member)
    fill_round(t, rnd)
    ds.round_close(round=rnd, by=director)
    admin = User.objects.create_superuser(
        email="root@example.com", first_name="Ad", last_name="Min", password=None
    )
    admin.password = _hashed_password()
    admin.save()
    return admin, people, t


def test_10_the_admin_in_french(make_member, open_context):
    admin, _people, t = in_thread(lambda: closed_day_and_admin(make_member))
    page = open_context(LAPTOP)
    log_in(page, admin)
    page.goto("/admin/club/activitylog/")
    expect(page.locator("#changelist-filter")).to_contain_text("Ronde fermée")
    page.locator("#changelist-filter").get_by_role("link", name="Ronde fermée", exact=True).click()
    expect(page.locator("#result_list")).to_contain_text("a fermé la ronde 1")
    page.goto("/admin/auth/group/")
    expect(page.locator("#result_list")).to_contain_text("Directeurs")
    page.goto("/admin/tournaments/handscore/")
    expect(page.locator("#result_list")).to_contain_text("7♥")
    page.locator("#result_list a").first.click()
    expect(page.locator("input[name=ns_score]")).to_have_count(0)  # read-only
    page.goto("/admin/tournaments/entry/?q=Sylvie")
    expect(page.locator("#result_list")).to_contain_text("Sylvie")


# ----------------------------------------------------------------- the site's menu
def test_the_menu_is_a_button_on_phones_and_a_bar_on_laptops(make_member, open_context):
    member = in_thread(lambda: make_member(first_name="Marie", last_name="Tremblay"))
    phone = open_context(PHONE)
    log_in(phone, member)
    phone.goto("/")
    menu = phone.get_by_test_id("nav-menu")
    toggle = phone.get_by_test_id("nav-toggle")
    expect(menu).to_be_hidden()
    expect(toggle).to_have_attribute("aria-expanded", "false")
    toggle.click()
    expect(menu).to_be_visible()
    expect(toggle).to_have_attribute("aria-expanded", "true")
    for link in menu.locator("a").all():
        assert link.bounding_box()["height"] >= 44  # a finger's target
    assert phone.evaluate(OVERFLOW_JS)["scroll"] <= 390
    phone.screenshot(path=str(_shot("menu-phone")))
    menu.get_by_role("link", name="Règles").click()
    expect(phone.get_by_test_id("rules")).to_be_visible()
    expect(phone.get_by_test_id("nav-menu")).to_be_hidden()
    phone.get_by_test_id("nav-toggle").click()
    phone.keyboard.press("Escape")
    expect(phone.get_by_test_id("nav-menu")).to_be_hidden()

    laptop = open_context(LAPTOP)
    laptop.goto("/")
    expect(laptop.get_by_test_id("nav-toggle")).to_be_hidden()
    expect(laptop.get_by_test_id("nav-menu").get_by_role("link", name="Tournois")).to_be_visible()
