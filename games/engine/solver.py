"""Open-hand (double-dummy) solver for the trick play of 500.

Every hand is visible. :func:`solve` returns the tricks the declarer's side takes with
best play by both sides, and the value of each legal move of the seat to act::

    pos = position_from_hand(hand)        # a Hand in phase play
    sol = solve(pos)                      # Solution
    sol.tricks                            # declarer side's total tricks (taken + to come)
    sol.move_values                       # {action code: total tricks after that move}
    sol.best                              # the best codes for the seat to act
    sol.exact, sol.nodes                  # False: a budget ran out, tricks is an estimate

Sides: the declarer's side (his team; at five players the declarer and the partner
card's holder; in misère the declarer alone, his partners sitting out) and every other
seat (where each plays for himself, the others are treated as one side against the
declarer: the question a contract asks). The value is the declarer side's tricks: his
side maximizes them and the others minimize them, except in misère, where the declarer
minimizes his own tricks and the others maximize them, play stopping when he reaches
``misere_stop`` (so ``tricks == 0``: he can avoid every trick).

Rules come from the engine: legal moves from :func:`games.engine.play.legal_plays`,
effective suits and powers from :func:`games.engine.cards.strain_tables`, the trick
winner as ``play._finish_trick`` decides it (the first of the strongest cards in
:func:`~games.engine.cards.trick_strengths`). Naming a joker before the first lead is
not searched (the position is taken as it stands after any naming; ``named``).

Search: fail-soft alpha-beta on the declarer side's future tricks, one ply per card;
a transposition table at trick boundaries keyed on the remaining hands, the seat to
lead, the suits led so far (which the joker-lead rules read) and, in misère, the
declarer's tricks, storing bounds and the best move; move ordering (table move first;
leaders high; followers the cheapest winning card, else the lowest; low when a
side-mate wins); and equivalence classes: cards of one effective suit held by the seat
to act, with no card of another active seat or of the trick between them in power,
win and lose the same tricks, so only the highest of each run is searched (its value
is reported for the whole run). ``max_nodes`` / ``max_seconds`` bound the exact
search; past them an iterative-deepening search on whole tricks, with a top-cards
count at its leaves, gives an estimate (``exact=False``).
"""

from __future__ import annotations

import time
from dataclasses import dataclass, field

from .actions import LEAD_JOKER, NAME_JOKER
from .cards import NO_SUIT, NT, WJ, strain_tables, trick_strengths
from .play import LegalProbe as _Probe
from .play import legal_plays
from .variants import Variant

__all__ = ["Position", "Solution", "makes", "position_from_hand", "solve"]


@dataclass(frozen=True)
class Position:
    """An open play-phase position.

    ``hands``: every seat's remaining cards (seats that sit out keep theirs, unplayed);
    ``trick``/``trick_seats``: the trick in progress; ``led``: its effective suit (-1
    at a trick boundary); ``led_mask``: bit per suit led so far; ``side``: the seats of
    the declarer's side; ``active``: who plays (misère partners do not); ``taken``:
    tricks the declarer's side has taken; ``misere_stop``: misère, the declarer's trick
    count that ends play; ``declarer_tricks``: misère, the declarer's tricks so far.
    """

    variant: Variant
    hands: tuple[tuple[int, ...], ...]
    to_act: int
    strain: int
    declarer: int
    side: frozenset[int]
    trick: tuple[int, ...] = ()
    trick_seats: tuple[int, ...] = ()
    led: int = -1
    led_mask: int = 0
    named: tuple[int, int] = (-1, -1)
    misere: bool = False
    active: tuple[bool, ...] = ()
    taken: int = 0
    misere_stop: int = 1
    declarer_tricks: int = 0

    def seats_active(self) -> tuple[bool, ...]:
        return self.active or (True,) * len(self.hands)


@dataclass
class Solution:
    """The value of a position: ``tricks`` of the declarer's side in all (``taken``
    included), ``move_values`` per legal action code of the seat to act, ``best``
    the codes reaching ``tricks``, ``exact`` (False: an estimate), ``nodes`` searched."""

    tricks: int
    exact: bool
    move_values: dict[int, int] = field(default_factory=dict)
    best: list[int] = field(default_factory=list)
    nodes: int = 0


#: The clock is read every this many nodes plus one (a node takes 5-20 µs): often enough
#: that a search stops within a millisecond or two of its deadline.
CLOCK_NODES = 127


class _Budget(Exception):
    """The node or time budget ran out."""


def position_from_hand(h) -> Position:
    """The open position of a :class:`~games.engine.hand.Hand` in phase play."""
    v = h.variant
    if h.misere:
        side = frozenset({h.declarer})
    else:
        side = set(v.teams[v.team_of[h.declarer]])
        if h.partner >= 0:
            side.add(h.partner)
        side = frozenset(side)
    return Position(
        variant=v,
        hands=tuple(tuple(sorted(c)) for c in h.hands),
        to_act=h.to_act_i,
        strain=h.strain,
        declarer=h.declarer,
        side=side,
        trick=tuple(h.trick),
        trick_seats=tuple(h.trick_seats),
        led=h.led if h.trick else -1,
        led_mask=h.led_mask,
        named=tuple(h.named),
        misere=h.misere,
        active=tuple(h.active),
        taken=sum(h.tricks_won[s] for s in side),
        misere_stop=h.misere_stop,
        declarer_tricks=h.tricks_won[h.declarer],
    )


class _Search:
    """One solve: the tables, the counters and the recursive search."""

    def __init__(self, pos: Position, max_nodes: int | None, max_seconds: float | None):
        v = pos.variant
        self.pos = pos
        self.n = len(pos.hands)
        active = pos.seats_active()
        self.active_seats = [i for i in range(self.n) if active[i]]
        self.n_active = len(self.active_seats)
        nxt = []
        for i in range(self.n):
            k = (i + 1) % self.n
            while not active[k]:
                k = (k + 1) % self.n
            nxt.append(k)
        self.next_seat = nxt
        self.eff, self.power = strain_tables(pos.strain, pos.named)
        self.strengths = trick_strengths(pos.strain, pos.named)
        self.in_side = [i in pos.side for i in range(self.n)]
        # Who raises the value (the declarer side's tricks): that side, except in misère,
        # where the declarer wants none and the others want him to take one.
        self.maxing = [side != pos.misere for side in self.in_side]
        self.misere = pos.misere
        # the suits led matter only to a no-trump joker lead under a restricting rule
        self.mask_matters = (
            v.joker_nt_lead != "any"
            and pos.strain == NT
            and any(self.eff[c] == NO_SUIT for cards in pos.hands for c in cards)
        )
        probe = _Probe()
        probe.eff, probe.strain, probe.variant = self.eff, pos.strain, v
        probe.misere, probe.declarer, probe.tricks = pos.misere, pos.declarer, (None,)
        self.probe = probe
        self.tt: dict = {}
        self.runs: dict = {}
        self.boundaries: dict = {}  # hands at a trick boundary -> boundary()'s answer
        self.holder = [-1] * 66
        for seat, cards in enumerate(pos.hands):
            for c in cards:
                self.holder[c] = seat
        self.pattern: tuple[int, ...] = ()
        self.nodes = 0
        self.max_nodes = max_nodes
        self.deadline = None if max_seconds is None else time.monotonic() + max_seconds

    # ------------------------------------------------------------ moves
    def moves(self, hands, trick, seats, led, mask, to_act) -> list[int]:
        """Legal codes, one per equivalence class, in search order (a shared list: not
        to be changed), kept per hand and what the order reads of the trick."""
        held = hands[to_act]
        if trick:
            # what the order reads of the trick: the strength to beat, whose side has it
            st = self.strengths[led]
            strengths = [st[c] for c in trick]
            top = max(strengths)
            mate = self.in_side[seats[strengths.index(top)]] == self.in_side[to_act]
            key = (held, led, top, mate)
        else:
            key = (held, -1, mask if self.mask_matters else 0, to_act)
        cache = self.runs[-2]  # the ordered classes of the trick being played
        moves = cache.get(key)
        if moves is None:
            p = self.probe
            p.hands, p.to_act_i, p.trick, p.led, p.led_mask = hands, to_act, trick, led, mask
            legal = self.distinct([c for c in legal_plays(p) if c < NAME_JOKER])
            moves = cache[key] = self.order(legal, trick, seats, led, to_act)
        return moves

    def distinct(self, legal) -> list[int]:
        """``legal`` with only the highest card of each run of equivalent cards
        (``self.runs``: the runs of the trick being played)."""
        if len(legal) < 2:
            return legal
        runs, power = self.runs, self.power
        seen = set()
        kept = []
        for c in sorted(legal, key=lambda c: -power[c] if c < LEAD_JOKER else -999):
            if c < LEAD_JOKER:
                r = runs[c]
                if r in seen:
                    continue
                seen.add(r)
            kept.append(c)
        return kept

    def boundary(self, hands, trick) -> tuple[dict[int, int], int, int]:
        """At the start of a trick (or the root): the runs of equivalent cards (card ->
        run id: cards of one effective suit held by one seat, adjacent in power among
        the cards not yet in a finished trick; they stay valid through the trick, whose
        cards count as nobody's) and the sure tricks of the declarer's side and of the
        others: the cards that win any trick they are played to (trumps, or unnamed
        no-trump jokers, above every card of the other side) held by one seat."""
        if not trick:
            memo = self.boundaries.get(hands)
            if memo is not None:
                self.pattern = memo[3]
                return memo[0], memo[1], memo[2]
        eff, power, in_side = self.eff, self.power, self.in_side
        cards = [(eff[c], power[c], i, c) for i in self.active_seats for c in hands[i]]
        cards += [(eff[c], power[c], -1, c) for c in trick]
        cards.sort(reverse=True)
        self.pattern = tuple(s * 8 + i for s, _, i, _ in cards)
        runs = {}
        masters = {}  # effective suit -> its highest card still out
        run, prev_s, prev_i = 0, -1, -2
        for s, _, i, c in cards:
            if s != prev_s or i != prev_i:
                run += 1
                if s != prev_s:
                    masters[s] = c
                prev_s, prev_i = s, i
            runs[c] = run
        runs[-1] = masters
        runs[-2] = {}  # moves(): the ordered classes by hand and trick state
        top = sorted(((p, i) for _, p, i, _ in cards if p >= 100 and i >= 0), reverse=True)
        mine, theirs = 0, 0
        if top:
            side = in_side[top[0][1]]
            count: dict[int, int] = {}
            for _, i in top:
                if in_side[i] != side:
                    break
                count[i] = count.get(i, 0) + 1
            if side:
                mine = max(count.values())
            else:
                theirs = max(count.values())
        if not trick:
            self.boundaries[hands] = (runs, mine, theirs, self.pattern)
        return runs, mine, theirs

    def order(self, moves, trick, seats, led, to_act) -> list[int]:
        power = self.power
        if not trick:
            # leads: masters (highest of their suit) high first, then low cards of the
            # suits whose master a side-mate holds, then the others low first
            masters = self.runs[-1]
            eff, mine, holder = self.eff, self.in_side[to_act], self.holder
            ranked = []
            for c in moves:
                if c >= LEAD_JOKER:
                    ranked.append((0, -300, c))
                    continue
                m = masters[eff[c]]
                if m == c:
                    ranked.append((0, -power[c], c))
                elif holder[m] >= 0 and self.in_side[holder[m]] == mine:
                    ranked.append((1, power[c], c))
                else:
                    ranked.append((2, power[c], c))
            ranked.sort()
            return [c for _, _, c in ranked]
        st = self.strengths[led]
        strengths = [st[c] for c in trick]
        top = max(strengths)
        if self.in_side[seats[strengths.index(top)]] == self.in_side[to_act]:
            return sorted(moves, key=power.__getitem__)
        # the cheapest winning card first (powers are below 1000), then the lowest
        return sorted(moves, key=lambda c: power[c] + (st[c] <= top) * 1000)

    # ------------------------------------------------------------ search
    def value(self, hands, trick, seats, led, mask, to_act, got, alpha, beta, depth) -> int:
        """The declarer side's tricks from here (``got``: the declarer's tricks, misère)."""
        self.nodes += 1
        if self.max_nodes is not None and self.nodes > self.max_nodes:
            raise _Budget
        if self.deadline is not None and not self.nodes & CLOCK_NODES:
            if time.monotonic() > self.deadline:
                raise _Budget
        key = None
        tt_move = -1
        if not trick:
            left = len(hands[to_act])
            if not left or (self.misere and got >= self.pos.misere_stop):
                return 0
            if left == 1:
                return self.last_trick(hands, to_act)
            if depth <= 0:
                return self.estimate(hands)
            runs, mine, theirs = self.boundary(hands, ())
            if self.misere:
                # The top cards' count bounds the tricks of a side that wants them; a
                # misère declarer does not, so only the stop count bounds his tricks.
                mine, theirs = 0, left - (self.pos.misere_stop - got)
            if beta <= mine:
                return mine
            if alpha >= left - theirs:
                return left - theirs
            key = (self.pattern, to_act, mask if self.mask_matters else 0, got)
            entry = self.tt.get(key)
            if entry is not None:
                lo, hi, tt_move = entry
                if lo >= beta or lo == hi:
                    return lo
                if hi <= alpha:
                    return hi
                alpha, beta = max(alpha, lo), min(beta, hi)
            saved, self.runs = self.runs, runs
        a0, b0 = alpha, beta
        maxing = self.maxing[to_act]
        moves = self.moves(hands, trick, seats, led, mask, to_act)
        if tt_move >= 0 and tt_move in moves and moves[0] != tt_move:
            moves = [tt_move] + [c for c in moves if c != tt_move]
        best = -1 if maxing else 1 << 30
        best_move = moves[0]
        for code in moves:
            v = self.play(code, hands, trick, seats, led, mask, to_act, got, alpha, beta, depth)
            if maxing:
                if v > best:
                    best, best_move = v, code
                    if v > alpha:
                        alpha = v
            elif v < best:
                best, best_move = v, code
                if v < beta:
                    beta = v
            if alpha >= beta:
                break
        if key is not None:
            self.runs = saved
            lo, hi = 0, len(hands[to_act])
            entry = self.tt.get(key)
            if entry is not None:
                lo, hi = entry[0], entry[1]
            if best <= a0:
                hi = min(hi, best)
            elif best >= b0:
                lo = max(lo, best)
            else:
                lo = hi = best
            self.tt[key] = (lo, hi, best_move)
        return best

    def play(self, code, hands, trick, seats, led, mask, to_act, got, alpha, beta, depth) -> int:
        """The value after ``code`` is played (a card, or a joker lead naming a suit)."""
        if code >= LEAD_JOKER:
            card, led = WJ + (code - LEAD_JOKER) // 4, (code - LEAD_JOKER) % 4
        else:
            card = code
            if not trick:
                led = self.eff[card]
        if not trick:
            mask |= 1 << led
        held = hands[to_act]
        i = held.index(card)
        hands = hands[:to_act] + (held[:i] + held[i + 1 :],) + hands[to_act + 1 :]
        trick = trick + (card,)
        seats = seats + (to_act,)
        if len(trick) < self.n_active:
            nxt = self.next_seat[to_act]
            return self.value(hands, trick, seats, led, mask, nxt, got, alpha, beta, depth)
        st = self.strengths[led]
        strengths = [st[c] for c in trick]
        winner = seats[strengths.index(max(strengths))]  # the first of the strongest
        won = 1 if self.in_side[winner] else 0
        if self.misere and won:
            got += 1
        rest = self.value(hands, (), (), -1, mask, winner, got, alpha - won, beta - won, depth - 1)
        return won + rest

    def last_trick(self, hands, to_act) -> int:
        """1 if the declarer's side wins the last trick, led by ``to_act`` (each seat's
        one card is its only play; a joker led names a suit and, unnamed, wins)."""
        seat = to_act
        st = self.strengths[self.eff[hands[seat][0]]]
        best, winner = -2, -1
        for _ in range(self.n_active):
            strength = st[hands[seat][0]]
            if strength > best:  # the first of the strongest
                best, winner = strength, seat
            seat = self.next_seat[seat]
        return 1 if self.in_side[winner] else 0

    def estimate(self, hands) -> int:
        """Leaf estimate: the declarer side's share of the top remaining cards."""
        cards = [(self.power[c], i) for i in self.active_seats for c in hands[i]]
        left = len(cards) // self.n_active
        cards.sort(reverse=True)
        return min(left, sum(1 for _, i in cards[:left] if self.in_side[i]))

    def root(self, depth: int, want_all: bool) -> tuple[int, dict[int, int]]:
        """The position's value and the searched moves' values (null-window searches:
        each move's value is found by raising a lower bound / lowering an upper one,
        the table keeping every bound learnt)."""
        pos = self.pos
        got = pos.declarer_tricks if pos.misere else 0
        args = (pos.hands, pos.trick, pos.trick_seats, pos.led, pos.led_mask, pos.to_act, got)
        top = len(pos.hands[pos.to_act])
        self.runs = self.boundary(pos.hands, pos.trick)[0]
        moves = self.moves(*args[:6])
        maxing = self.maxing[pos.to_act]
        values: dict[int, int] = {}
        best = -1 if maxing else top + 1
        guess = self.estimate(pos.hands)
        for code in moves:
            if want_all:
                lo, hi = 0, top
            elif maxing:
                lo, hi = max(best, 0), top
            else:
                lo, hi = 0, min(best, top)
            v = self.mtd(lambda a, b, c=code: self.play(c, *args, a, b, depth), lo, hi, guess)
            if want_all or (v > best if maxing else v < best):
                values[code] = v
                guess = v
            best = max(best, v) if maxing else min(best, v)
        return best, values

    @staticmethod
    def mtd(search, lo: int, hi: int, guess: int) -> int:
        """The value in [lo, hi] by null-window ``search(alpha, beta)`` calls from
        ``guess`` (MTD(f)); a value outside [lo, hi] comes back as the bound it passed."""
        g = min(max(guess, lo), hi)
        while lo < hi:
            beta = g + 1 if g <= lo else g
            v = search(beta - 1, beta)
            if v < beta:
                hi = v
            else:
                lo = v
            g = lo if v >= beta else hi
            if lo >= hi:
                return v
        return lo


def _expand(pos: Position, search: _Search, values: dict[int, int]) -> dict[int, int]:
    """Give every legal code the value of the member of its run that was searched."""
    p = search.probe
    p.hands, p.to_act_i, p.trick = pos.hands, pos.to_act, pos.trick
    p.led, p.led_mask = pos.led, pos.led_mask
    runs = search.boundary(pos.hands, pos.trick)[0]
    by_run = {runs[c]: v for c, v in values.items() if c < LEAD_JOKER}
    return {
        c: values[c] if c in values else by_run[runs[c]] for c in legal_plays(p) if c < NAME_JOKER
    }


def solve(
    pos: Position,
    *,
    max_nodes: int | None = None,
    max_seconds: float | None = None,
    all_moves: bool = True,
) -> Solution:
    """Solve ``pos`` exactly, or estimate it once ``max_nodes``/``max_seconds`` run out.

    ``all_moves``: the exact value of every legal move (else only the best moves'
    values are exact: the others are searched with a window and may be reported as
    bounds, and ``move_values`` holds just the moves that raised the best so far)."""
    # half of each budget for the exact search, the rest for the estimate
    end = None if max_seconds is None else time.monotonic() + max_seconds
    half_s = None if max_seconds is None else max_seconds / 2
    search = _Search(pos, _half(max_nodes), half_s)
    full = len(pos.hands[pos.to_act]) + 1
    try:
        value, values = search.root(full, all_moves)
        exact = True
    except _Budget:
        nodes = search.nodes
        value, values, exact = None, {}, False
        for depth in range(1, full):
            left_n = None if max_nodes is None else max_nodes - nodes
            left_s = None if end is None else end - time.monotonic()
            if (left_n is not None and left_n <= 0) or (left_s is not None and left_s <= 0):
                break
            search = _Search(pos, left_n, left_s)
            try:
                value, values = search.root(depth, all_moves)
            except _Budget:
                break
            finally:
                nodes += search.nodes
        if value is None:  # not even one trick deep: the leaf estimate of each move
            search = _Search(pos, None, None)
            value, values = search.root(0, all_moves)
            nodes += search.nodes
        search.nodes = nodes
    if all_moves:
        values = _expand(pos, search, values)
    offset = pos.declarer_tricks if pos.misere else pos.taken
    values = {c: v + offset for c, v in values.items()}
    total = value + offset
    best = [c for c, v in values.items() if v == total]
    return Solution(total, exact, values, best, search.nodes)


def makes(
    pos: Position,
    tricks: int,
    *,
    max_nodes: int | None = None,
    max_seconds: float | None = None,
) -> bool | None:
    """Whether the declarer's side can take ``tricks`` tricks in all (``taken``
    included) with best play by both sides, every hand visible; in misère (``tricks``
    ignored) whether the declarer can stay below ``misere_stop``. A single null-window
    search, far cheaper than the position's value when the answer comes early (one
    trick the defence cannot be kept from, for a bid of every trick). None: the
    ``max_nodes`` or ``max_seconds`` budget ran out first."""
    search = _Search(pos, max_nodes, max_seconds)
    if pos.misere:
        got = pos.declarer_tricks
        beta = pos.misere_stop - got  # the declarer must take fewer future tricks
    else:
        got = 0
        beta = tricks - pos.taken  # the side must take this many future tricks
    if beta <= 0:
        return not pos.misere
    args = (pos.hands, pos.trick, pos.trick_seats, pos.led, pos.led_mask, pos.to_act, got)
    search.runs = search.boundary(pos.hands, pos.trick)[0]
    try:
        value = search.value(*args, beta - 1, beta, len(pos.hands[pos.to_act]) + 1)
    except _Budget:
        return None
    return value < beta if pos.misere else value >= beta


def _half(nodes: int | None) -> int | None:
    """Half a node budget (None: none)."""
    return None if nodes is None else max(1, nodes // 2)
