"""The server process's garbage-collector settings (club.gc_policy)."""

import asyncio
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


class _Stop(Exception):
    pass


async def test_the_server_collects_young_objects_every_second_and_the_rest_on_a_clock(monkeypatch):
    """Young collections on a clock, not only on allocation counts (which a server
    replacing old objects by new ones keeps low while its young generation grows): the
    middle generation now and then, everything at the longest interval."""
    collected = []
    monkeypatch.setattr(gc_policy.gc, "collect", lambda generation=2: collected.append(generation))
    now = [0.0]
    before = gc.get_threshold()
    thresholds_while_pacing = []

    async def sleep(seconds):
        thresholds_while_pacing.append(gc.get_threshold())
        now[0] += seconds
        if now[0] > 1900:
            raise _Stop

    with pytest.raises(_Stop):
        await gc_policy.pace(young=100, middle=600, full=1800, clock=lambda: now[0], sleep=sleep)
    # ticks at 100, 200, ... 1900 s
    assert collected == [0] * 5 + [1] + [0] * 5 + [1] + [0] * 5 + [2] + [0]
    # the allocation-count trigger is off while the clock collects, and back after
    assert {t[0] for t in thresholds_while_pacing} == {0}
    assert gc.get_threshold() == before


async def test_pacing_starts_once_per_event_loop_and_not_when_switched_off(settings):
    settings.GC_PACING = False
    gc_policy.start_pacing()
    assert not gc_policy._pacing
    settings.GC_PACING = True
    try:
        gc_policy.start_pacing()
        gc_policy.start_pacing()
        assert len(gc_policy._pacing) == 1
    finally:
        tasks = list(gc_policy._pacing)
        for task in tasks:
            task.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)
        await asyncio.sleep(0)  # the done callbacks
    assert not gc_policy._pacing
