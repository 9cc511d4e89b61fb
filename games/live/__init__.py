"""Live tables in play: the state each process keeps, and how a move goes through.

Layers, each importing only those above it in this list (a test fails on an import
circle in the apps, ``tests/test_layers.py``):

* ``tablestate`` (pure): a table's state as plain values around the engine's game;
* ``takeback`` (pure): a player's request to take back their last move at a casual
  table, its answers, and the rewind (the hand replayed without the move);
* ``moves`` (pure): **the one decision** of what a move writes and what follows it;
* ``review`` (pure): what a finished hand shows every viewer before the next deal;
* ``catchup`` (pure): a state brought up to date from a snapshot of the database;
* ``cache``: this process's states and their locks (the lock order is stated there);
* ``sql``: the statements of live play, built from the models' metadata;
* ``presence``: who is at a table (cached present sets);
* ``store``: owned states at the database's seq, read in one consistent snapshot;
* ``render``: the frame each kind of viewer is sent;
* ``writers`` and ``loopdb``: the two executors (Django's connection, and the event
  loop's own connections on PostgreSQL);
* ``frames``: frames rendered in the database thread, and the presence notices read
  on the event loop;
* ``hub``: the fan-out to this process's sockets and the news to other processes;
* ``wakeups``: pokes for the runner, from any thread;
* ``arrival``: a seated member's or host's socket arriving, read and written on the
  event loop's own connections (PostgreSQL), with its first state;
* ``liveness``: which processes are alive (PostgreSQL advisory locks), so that a dead
  process's claims on tables are released at once;
* ``pipeline``: own, decide, write, tell: member intents (event loop or database
  thread) and the runner's bot moves;
* ``thinkers``: where bots' searches run (worker processes), each on a deadline;
* ``runner``: this process's driver of bots and absent players;
* ``chat``: the table chat's messages, written then sent like moves;
* ``abandon``: the tables nobody looks at any more, closed by the runner.

Beside the layers: ``bus`` (the table events between processes, over Redis pub/sub,
used by ``hub``) and ``tally`` (counters a process logs now and then). The host's (or
a director's) seat changes during a game are services of ``games.services``.

Below them all, ``games.kinds`` (pure) is the registry of game kinds (500, 450): live
play reads a game only through a table's kind. docs/protocol.md draws a move's path
through the layers.
"""
