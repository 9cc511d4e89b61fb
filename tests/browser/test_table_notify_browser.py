"""Your turn, noticed (issue 15, point 8): the tab's title and icon, a sound (a setting,
off by default, kept in the browser), a vibration, a notification when the page is
hidden (opted in); and a tournament's online round start shows "Votre table est prête"
on every page."""

from __future__ import annotations

from playwright.sync_api import expect

from tests.browser.table_helpers import (
    click_first_legal,
    in_thread,
    log_in,
    mark_due,
    members_table,
)

# Count what the page asks of the browser: beeps, vibrations, notifications; and let
# the test say whether the page is hidden.
SPIES = """
window.__beeps = 0; window.__vibrations = []; window.__notes = []; window.__hidden = false;
const Ctx = window.AudioContext;
if (Ctx) { const make = Ctx.prototype.createOscillator; Ctx.prototype.createOscillator = function () { window.__beeps += 1; return make.call(this); }; }
Object.defineProperty(navigator, "vibrate", { value: (p) => { window.__vibrations.push(p); return true; }, configurable: true });
class FakeNotification { constructor(title, opts) { window.__notes.push([title, (opts || {}).body]); } close() {} }
FakeNotification.permission = "granted";
FakeNotification.requestPermission = async () => "granted";
window.Notification = FakeNotification;
Object.defineProperty(document, "hidden", { get: () => window.__hidden, configurable: true });
window.__turns = 0; window.__wasMine = false; window.__ended = null;
const seeTurn = () => {
  const mine = document.documentElement.dataset.myTurn === "1";
  if (mine && !window.__wasMine) window.__turns += 1;
  if (!mine && window.__wasMine) {  // how the page looked as the turn ended
    const icon = document.querySelector("link[rel=icon]");
    window.__ended = { title: document.title, icon: icon ? icon.getAttribute("href") : "" };
  }
  window.__wasMine = mine;
};
const watchTurns = () => new MutationObserver(seeTurn).observe(
  document.documentElement, { attributes: true, attributeFilter: ["data-my-turn"] });
if (document.documentElement) watchTurns();
else document.addEventListener("readystatechange", watchTurns, { once: true });
"""
MY_TURN = "() => document.documentElement.dataset.myTurn === '1'"


def _table(page, make_member, language):
    member = make_member(first_name="Gisèle", last_name="Tremblay", preferred_language=language)
    table = in_thread(
        lambda: members_table([member, None, None, None], seed=31, name="Tour", bot_delay_ms=200)
    )
    mark_due(table.pk)
    page.add_init_script(SPIES)
    log_in(page, member)
    page.goto(f"/tables/{table.pk}/")
    return table


def _end_my_turn(page):
    """Play until the turn passes (a declarer discards several cards in a row).

    The bots play fast: by the time the test reads the page again, they may have played
    round to this member, whose turn it is again. So the turn's end is told by the
    page's count of turns begun (``__turns``, counted as the page marks them), not by
    reading the "my turn" mark after the fact."""
    turns = page.evaluate("window.__turns")
    mine = f"document.documentElement.dataset.myTurn === '1' && window.__turns === {turns}"
    while page.evaluate(f"() => {mine}"):
        seq = page.locator("#table-app").get_attribute("data-seq")
        click_first_legal(page)
        page.wait_for_function(
            f"() => document.querySelector('#table-app').dataset.seq !== '{seq}'"
            f" || window.__turns !== {turns}"
        )


def _next_turn(page):
    """Play out this member's turn if it is theirs, then wait for their next one."""
    turns = page.evaluate("window.__turns")
    _end_my_turn(page)
    page.wait_for_function(
        f"() => window.__turns > {turns} && document.documentElement.dataset.myTurn === '1'",
        timeout=30_000,
    )


def test_your_turn_changes_the_title_and_icon_vibrates_and_beeps_once_turned_on(
    phone_page, make_member
):
    page = phone_page
    _table(page, make_member, "fr")
    sound = page.get_by_test_id("sound-toggle")
    expect(sound).to_have_attribute("aria-pressed", "false")  # off by default
    page.wait_for_function(MY_TURN, timeout=30_000)
    assert page.title().startswith("▶ À vous de jouer")
    assert "favicon-turn" in page.locator("link[rel=icon]").get_attribute("href")
    assert page.evaluate("window.__beeps") == 0
    sound.click()
    expect(sound).to_have_attribute("aria-pressed", "true")
    assert page.evaluate("localStorage.getItem('club500.sound')") == "1"
    page.reload()  # kept in this browser
    expect(page.get_by_test_id("sound-toggle")).to_have_attribute("aria-pressed", "true")
    page.wait_for_function(MY_TURN, timeout=30_000)
    beeps = page.evaluate("window.__beeps")
    vibrations = page.evaluate("window.__vibrations.length")
    _next_turn(page)  # (the member has tapped the page: it may vibrate)
    assert page.evaluate("window.__beeps") == beeps + 1
    assert page.evaluate("window.__vibrations.length") == vibrations + 1
    _end_my_turn(page)
    ended = page.evaluate("window.__ended")  # (the bots may be round to the member again)
    assert not ended["title"].startswith("▶")
    assert ended["icon"] and "favicon-turn" not in ended["icon"]


def test_a_hidden_page_notifies_your_turn_once_opted_in(browser_page, make_member):
    page = browser_page
    _table(page, make_member, "en")
    page.wait_for_function(MY_TURN, timeout=30_000)
    page.evaluate("window.__hidden = true")
    _next_turn(page)
    assert page.evaluate("window.__notes") == []  # not opted in
    page.get_by_test_id("notify-toggle").click()
    expect(page.get_by_test_id("notify-toggle")).to_have_attribute("aria-pressed", "true")
    _next_turn(page)
    notes = page.evaluate("window.__notes")
    assert len(notes) == 1 and notes[0][0] == "Your turn"
    page.evaluate("window.__hidden = false")
    _next_turn(page)
    assert len(page.evaluate("window.__notes")) == 1  # a visible page is not notified


def test_an_online_round_start_shows_your_table_is_ready_on_every_page(phone_page, make_member):
    from django.utils import timezone

    from tests.tournaments.day import play_round
    from tournaments import services as tournament_services
    from tournaments.models import Entry, EntryStatus, TableGame, Tournament

    page = phone_page
    director = make_member(first_name="Josée", last_name="Directrice", director=True)
    players = [
        make_member(first_name=f"Joueur{i}", last_name="Enligne", preferred_language="fr")
        for i in range(4)
    ]

    def start():
        t = tournament_services.tournament_create(
            by=director, name="Jeudi en ligne", starts_at=timezone.now()
        )
        Tournament.objects.filter(pk=t.pk).update(
            status="running", rounds_total=1, hands_per_game=1
        )
        t.refresh_from_db()
        for player in players:
            Entry.objects.create(
                tournament=t,
                player=player,
                status=EntryStatus.CONFIRMED,
                checked_in=True,
                checked_in_at=timezone.now(),
            )
        rnd = play_round(t, director, online=True)
        return t, TableGame.objects.get(round=rnd).live_table_id

    tournament, table_id = in_thread(start)
    log_in(page, players[0])
    for url in ("/", f"/tournaments/{tournament.pk}/", "/rules/"):
        page.goto(url)
        banner = page.get_by_test_id("table-ready")
        expect(banner).to_contain_text("Votre table est prête")
    page.screenshot(path="/tmp/shots/table-ready.png")
    page.get_by_test_id("table-ready-link").click()
    expect(page.locator("#table-app")).to_have_attribute("data-status", "playing")
    assert page.url.endswith(f"/tables/{table_id}/")
    page.goto("/")
    expect(page.get_by_test_id("table-ready")).to_have_count(0)
