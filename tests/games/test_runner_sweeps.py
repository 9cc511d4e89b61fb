"""The runner's first sweep in a process (a start, a restart during an evening): the
due tables are looked at at once; a table that waited for a present member gets its
look after the presence timeout, as after his move; the others keep their wake-up."""

from __future__ import annotations

from datetime import timedelta

from django.utils import timezone

from games import services
from games.live import runner
from games.live.presence import PRESENCE_TIMEOUT
from games.models import Table


def _playing(host, seed: int) -> Table:
    table = services.table_create(host=host, seed=seed, bot_delay_ms=0)
    services.table_fill_with_bots(table_id=table.pk, user=host)
    services.table_start(table_id=table.pk, user=host)
    return Table.objects.get(pk=table.pk)


def test_the_first_sweep_looks_at_the_due_tables_and_not_at_every_table(players):
    now = timezone.now()
    due, waiting, later, closed = (_playing(players[0], seed) for seed in (1, 2, 3, 4))
    Table.objects.filter(pk=due.pk).update(wake_at=now - timedelta(seconds=1))
    Table.objects.filter(pk=waiting.pk).update(wake_at=None)  # a present member to act
    Table.objects.filter(pk=later.pk).update(wake_at=now + timedelta(hours=1))
    Table.objects.filter(pk=closed.pk).update(wake_at=None, status=Table.Status.CLOSED)

    assert runner.first_look(now) == [due.pk]

    wake = dict(Table.objects.values_list("pk", "wake_at"))
    assert wake[waiting.pk] == now + PRESENCE_TIMEOUT  # looked at again, as after a move
    assert wake[later.pk] == now + timedelta(hours=1)
    assert wake[closed.pk] is None
    # when that time comes, an ordinary sweep looks at it (the due one was not driven
    # here: it is still due)
    later_due = runner.due_tables(now + PRESENCE_TIMEOUT, include_stale=False)
    assert sorted(later_due) == sorted([due.pk, waiting.pk])
