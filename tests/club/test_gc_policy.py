"""The server process's garbage-collector settings (club.gc_policy)."""

import gc

import pytest

from club import gc_policy


def test_the_default_thresholds_collect_less_often_than_cpython(monkeypatch):
    monkeypatch.delenv("CLUB500_GC_THRESHOLDS", raising=False)
    assert gc_policy.thresholds() == (20_000, 50, 100)


def test_thresholds_can_be_set_from_the_environment(monkeypatch):
    monkeypatch.setenv("CLUB500_GC_THRESHOLDS", "700,10,10")
    assert gc_policy.thresholds() == (700, 10, 10)


@pytest.mark.parametrize("raw", ["700,10", "a,b,c", "0,10,10", "700;10;10"])
def test_a_malformed_setting_stops_the_server_with_a_message(monkeypatch, raw):
    monkeypatch.setenv("CLUB500_GC_THRESHOLDS", raw)
    with pytest.raises(SystemExit) as stop:
        gc_policy.thresholds()
    assert "CLUB500_GC_THRESHOLDS" in str(stop.value)


def test_apply_freezes_what_is_loaded_and_sets_the_thresholds(monkeypatch):
    monkeypatch.setenv("CLUB500_GC_THRESHOLDS", "5000,20,30")
    before = gc.get_threshold()
    try:
        gc_policy.apply()
        assert gc.get_threshold() == (5000, 20, 30)
        assert gc.get_freeze_count() > 0
    finally:
        gc.unfreeze()
        gc.set_threshold(*before)
