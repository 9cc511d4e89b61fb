"""Creating, editing, copying a tournament, and its status machine."""

from datetime import timedelta

import pytest
from django.utils import timezone

from club.models import ActivityLog
from tournaments import services
from tournaments import status as st
from tournaments.errors import TournamentError
from tournaments.models import Tournament

pytestmark = pytest.mark.django_db


def test_create_stores_settings_rules_and_a_checkin_code(director):
    t = services.tournament_create(
        by=director,
        name="  Tournoi de Noël ",
        starts_at=timezone.now(),
        format="pairs",
        variant="quebec",
        variant_options={"misere": True},
        capacity=12,
    )
    assert t.name == "Tournoi de Noël" and t.status == "draft"
    assert t.variant_options == {"misere": True}
    assert len(t.checkin_code) == 5 and t.checkin_code.isalnum()
    assert t.hands_per_game == 8
    assert ActivityLog.objects.filter(kind="tournament.created", subject_id=str(t.pk)).exists()


@pytest.mark.parametrize(
    "bad",
    [
        {"variant": "belote"},
        {"variant_options": {"deck": 52}},
        {"variant_options": {"no_such_option": 1}},
        {"format": "teams"},
        {"rounds_total": 0},
        {"capacity": 0},
        {"name": "   "},
        {"bye_score": "double"},
    ],
)
def test_create_refuses_bad_settings_and_saves_nothing(director, bad):
    values = {"name": "X", "starts_at": timezone.now(), **bad}
    with pytest.raises(TournamentError):
        services.tournament_create(by=director, **values)
    assert not Tournament.objects.exists()


def test_a_bad_setting_is_named_as_the_director_reads_it(director):
    """The message names the setting by its label, in the director's language, never
    by its field name in the code."""
    from django.utils import translation

    with translation.override("fr"), pytest.raises(TournamentError) as err:
        services.tournament_create(by=director, name="X", starts_at=timezone.now(), rounds_total=0)
    assert err.value.code == "bad_number"
    assert "Nombre de parties" in err.value.message and "rounds_total" not in err.value.message
    with translation.override("en"), pytest.raises(TournamentError) as err:
        services.tournament_create(by=director, name="X", starts_at=timezone.now(), capacity=5000)
    assert err.value.message.startswith("Capacity must be between 1 and 1000")


def test_registration_must_close_after_it_opens(director):
    now = timezone.now()
    with pytest.raises(TournamentError) as err:
        services.tournament_create(
            by=director,
            name="X",
            starts_at=now,
            registration_opens_at=now,
            registration_closes_at=now,
        )
    assert err.value.code == "bad_window"


def test_transition_table_is_closed_and_explicit():
    assert st.can_transition(st.DRAFT, st.REGISTRATION_OPEN)
    assert st.can_transition(st.REGISTRATION_CLOSED, st.RUNNING)
    assert st.can_transition(st.RUNNING, st.FINISHED)
    assert not st.can_transition(st.DRAFT, st.RUNNING)
    assert not st.can_transition(st.FINISHED, st.CANCELLED)
    assert (st.FINISHED, st.RUNNING) in st.REASON_REQUIRED  # reopened only with a reason
    assert not st.can_transition(st.RUNNING, st.CANCELLED)
    assert not st.TRANSITIONS[st.CANCELLED]
    for targets in st.TRANSITIONS.values():
        assert targets <= set(st.TRANSITIONS)


def test_lifecycle_through_the_service_is_logged(director, make_tournament):
    t = make_tournament(status="draft")
    for target in ("registration_open", "registration_closed", "running", "finished"):
        t = services.tournament_transition(tournament=t, by=director, to=target)
        assert t.status == target
    kinds = ActivityLog.objects.filter(kind="tournament.status").values_list("data", flat=True)
    assert [d["after"] for d in kinds][::-1] == [
        "registration_open",
        "registration_closed",
        "running",
        "finished",
    ]


def test_invalid_transition_is_refused_with_a_clear_message(director, make_tournament):
    t = make_tournament(status="draft")
    with pytest.raises(TournamentError) as err:
        services.tournament_transition(tournament=t, by=director, to="running")
    assert err.value.code == "bad_transition"
    assert "Brouillon" in err.value.message or "Draft" in err.value.message
    with pytest.raises(TournamentError):
        services.tournament_transition(tournament=t, by=director, to="launched")
    t.refresh_from_db()
    assert t.status == "draft"


def test_rules_are_frozen_once_running(director, make_tournament):
    t = make_tournament(status="running")
    with pytest.raises(TournamentError) as err:
        services.tournament_update(tournament=t, by=director, variant="australian")
    assert err.value.code == "rules_frozen"
    with pytest.raises(TournamentError):
        services.tournament_update(tournament=t, by=director, variant_options={"misere": True})
    services.tournament_update(tournament=t, by=director, notes="Café offert")
    t.refresh_from_db()
    assert t.notes == "Café offert" and t.variant == "quebec"


def test_update_logs_before_and_after(director, tournament):
    services.tournament_update(tournament=tournament, by=director, capacity=40)
    log = ActivityLog.objects.get(kind="tournament.updated")
    assert log.data["changes"]["capacity"] == {"before": 32, "after": 40}


def test_copy_keeps_settings_and_moves_the_dates(director, make_tournament):
    start = timezone.now() + timedelta(days=2)
    source = make_tournament(
        status="finished",
        starts_at=start,
        format="pairs",
        variant="australian",
        capacity=10,
        rounds_total=5,
        registration_opens_at=start - timedelta(days=10),
        registration_closes_at=start - timedelta(hours=2),
    )
    new_start = start + timedelta(days=7)
    copy = services.tournament_copy(source=source, by=director, starts_at=new_start)
    assert copy.pk != source.pk and copy.status == "draft" and copy.copied_from == source
    assert (copy.format, copy.variant, copy.capacity, copy.rounds_total) == (
        "pairs",
        "australian",
        10,
        5,
    )
    assert copy.registration_closes_at == new_start - timedelta(hours=2)
    assert copy.checkin_code  # its own code
