"""The statuses of a live table: ``games.models.Table.Status`` takes its values from
here, and the pure live-play code (``games.live.tablestate``, ``games.live.moves``)
compares with them, without Django."""

OPEN, PLAYING, FINISHED, CLOSED = "open", "playing", "finished", "closed"
