"""A duplicate tournament's results, scored by matchpoints (``tournaments.duplicate``).

``duplicate_results`` gathers the finished boards of the rounds into a
``club500-duplicate/1`` results file (DUPLICATE.md): per board, every table's pair
directions (the players of the round's seats), contract, result and score, from the
score-sheet rows: those the online tables write (``HandScore`` with its ``live_hand``,
whose ``board`` is the board number) and a hall table's confirmed rows (its k-th row is
the round's k-th board), and the director's adjusted scores
(``TableGame.flags["boards_adjusted"]``, written by
``tournaments.services.director.board_adjust``). The pure scorer ranks it.

**What counts.** A board enters the results, the standings, the board page and the
downloads once every table of its round has a result for it (played, or adjusted by the
director), or once the round is over (closed, or the tournament finished: then with the
results it has, Neuberg scaling a board played fewer times). Until then it is *pending*:
no table's result of it is shown anywhere here, so that a table still to play it learns
nothing. A board's cards are shown on its page only once every table has played it or
the round is over (the hold-back of ``selectors_boards``: an adjusted table never played
the board, and its players may still).

Players in the file are the entries' names (a pair's name in the pairs format), made
unique with the entry id when two entries share one: the scorer lists tied players by
name.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from fractions import Fraction

from django.db.models import Q
from django.template.defaultfilters import floatformat
from django.utils.translation import gettext as _
from django.utils.translation import pgettext

from games.engine.boards import deal_board
from games.engine.cards import codes, parse_card
from games.engine.variants import get_variant
from games.option_labels import SUIT_SYMBOLS, contract_label
from tournaments import duplicate as dup
from tournaments import selectors_tables as ts
from tournaments.models import (
    Entry,
    EntryStatus,
    HandScore,
    Position,
    Round,
    RoundStatus,
    Seat,
    Status,
    TableGame,
    Tournament,
)
from tournaments.selectors import cached_per_version
from tournaments.selectors_boards import round_is_over
from tournaments.standings.types import MEDALS

PLAYED = (RoundStatus.PUBLISHED, RoundStatus.PLAYING)
#: TableGame.flags key of the director's adjusted scores: {"7": {"NS": "A+", "EW": "A-"}}.
ADJUSTED_KEY = "boards_adjusted"
GRADES = tuple(dup.ADJUSTED_SHARES)


@dataclass
class TableResult:
    """One table's result on a board, as the board page shows it."""

    round: int
    table: int
    players: dict[str, list[tuple[int, str]]]  # side -> [(entry id, name)]
    score: dict[str, int] | None = None
    adjusted: dict[str, str] | None = None
    declarer: str = ""
    contract: str = ""
    tricks: int | None = None
    made: bool | None = None
    redeal: bool = False
    #: Filled once scored: the side's matchpoints and percentage of the board's top.
    matchpoints: dict[str, Fraction] = field(default_factory=dict)
    percent: dict[str, float] = field(default_factory=dict)

    @property
    def delta(self) -> int | None:
        return None if self.score is None else self.score["NS"] - self.score["EW"]


@dataclass
class BoardResults:
    board: int
    round: int
    results: list[TableResult]
    #: The board's cards may be shown (every table played it, or the round is over).
    public: bool = False
    top: Fraction = Fraction(0)


@dataclass
class DuplicateResults:
    """The results file, the boards it holds, the boards still pending, and who the
    file's players are."""

    data: dict
    boards: list[BoardResults]
    pending: list[int]
    entries: dict[str, int]  # player (the file's string) -> entry id
    names: dict[str, str]  # player -> the name shown
    scores: dup.Scores | None = None

    def board(self, number: int) -> BoardResults | None:
        return next((b for b in self.boards if b.board == number), None)


def _players(seats) -> tuple[dict, dict, dict]:
    """(round id, table) -> side -> [(entry id, name)], and the file's player string of
    each entry (its name; with its id when two entries share a name) and back."""
    sides: dict[tuple, dict] = {}
    names: dict[int, str] = {}
    for seat in seats:
        side = ts.SIDE_OF.get(seat.position, seat.position)
        names[seat.entry_id] = seat.entry.name
        sides.setdefault((seat.round_id, seat.table), {}).setdefault(side, []).append(
            (seat.position, seat.entry_id)
        )
    counts: dict[str, int] = {}
    for name in names.values():
        counts[name] = counts.get(name, 0) + 1
    player = {eid: name if counts[name] == 1 else f"{name} #{eid}" for eid, name in names.items()}
    out = {
        key: {
            s: [(eid, names[eid]) for _pos, eid in sorted(by_side[s])]
            for s in dup.SIDES
            if s in by_side
        }
        for key, by_side in sides.items()
    }
    return out, player, names


def duplicate_results(tournament: Tournament) -> DuplicateResults:
    """The tournament's results file and boards (see the module's comment), in 5 queries,
    scored."""
    rounds = {
        r.pk: r
        for r in Round.objects.filter(tournament=tournament, status__in=PLAYED)
        .exclude(board_seed="")
        .select_related("play")
    }
    for rnd in rounds.values():
        rnd.tournament = tournament
    games = list(TableGame.objects.filter(round_id__in=list(rounds)).order_by("table"))
    seats = (
        Seat.objects.filter(round_id__in=list(rounds))
        .exclude(position=Position.BYE)
        .select_related("entry__player", "entry__partner")
    )
    sides, player_of, names = _players(seats)
    rows: dict[tuple[int, int], HandScore] = {}  # (game id, board) -> its sheet row
    for h in HandScore.objects.filter(
        game_id__in=[g.pk for g in games], live_hand__board__isnull=False
    ).select_related("live_hand"):
        rows[(h.game_id, h.live_hand.board)] = h
    # A hall table's sheet: its k-th row is the round's k-th board (a duplicate game
    # has one hand a board, an all-pass board included: ``rules_options``), counted
    # once the other side has confirmed it.
    hall: dict[int, list[HandScore]] = {}
    for h in HandScore.objects.filter(
        game_id__in=[g.pk for g in games], live_hand__isnull=True
    ).order_by("seq"):
        hall.setdefault(h.game_id, []).append(h)
    for g in games:
        first = rounds[g.round_id].board_numbers[0]
        for k, h in enumerate(hall.get(g.pk, ())):
            if h.confirmed:
                rows[(g.pk, first + k)] = h
    boards: list[BoardResults] = []
    pending: list[int] = []
    for rnd in sorted(rounds.values(), key=lambda r: r.number):
        over = round_is_over(rnd)
        tables = [g for g in games if g.round_id == rnd.pk and (rnd.pk, g.table) in sides]
        first, last = rnd.board_numbers
        for number in range(first, last + 1):
            results = []
            played = 0
            for g in tables:
                result = _result(rnd, g, number, rows.get((g.pk, number)), sides)
                if result is not None:
                    results.append(result)
                    played += result.score is not None
            if not results or (len(results) < len(tables) and not over):
                if not over:
                    pending.append(number)
                continue
            public = over or played == len(tables)
            boards.append(BoardResults(number, rnd.number, results, public))
    data = {
        "format": dup.FORMAT,
        "tournament": tournament.pk,
        "boards": [_board_data(b, player_of) for b in boards],
    }
    out = DuplicateResults(
        data=data,
        boards=boards,
        pending=pending,
        entries={p: eid for eid, p in player_of.items()},
        names={p: names[eid] for eid, p in player_of.items()},
    )
    _score(out)
    return out


def _adjusted_of(game: TableGame, board: int) -> dict | None:
    return ((game.flags or {}).get(ADJUSTED_KEY) or {}).get(str(board))


def _result(rnd, game, board, row, sides) -> TableResult | None:
    """A table's result on a board: the director's adjusted score if there is one (it
    stands even if the table played the board afterwards), else the played hand."""
    players = sides[(rnd.pk, game.table)]
    adjusted = _adjusted_of(game, board)
    if adjusted:
        return TableResult(rnd.number, game.table, players, adjusted=dict(adjusted))
    if row is None:
        return None
    return TableResult(
        rnd.number,
        game.table,
        players,
        score={"NS": row.ns_score, "EW": row.ew_score},
        declarer=row.declarer,
        contract=row.contract,
        tricks=row.tricks,
        made=row.made,
        redeal=row.redeal,
    )


def _board_data(board: BoardResults, player_of) -> dict:
    """A board as the results file writes it; beyond DUPLICATE.md's keys (the reader
    ignores them): the round, and each scored result's contract and tricks."""
    results = []
    for r in board.results:
        line = {
            "table": r.table,
            **{s: [player_of[eid] for eid, _n in r.players.get(s, [])] for s in dup.SIDES},
        }
        if r.adjusted is not None:
            line["adjusted"] = r.adjusted
        else:
            line["score"] = r.score
            line.update(
                {"declarer": r.declarer, "contract": r.contract, "tricks": r.tricks}
                if not r.redeal
                else {"contract": ""}
            )
        results.append(line)
    return {"board": board.board, "round": board.round, "results": results}


def _score(results: DuplicateResults) -> None:
    """Score the file (``tournaments.duplicate``) and copy each board's matchpoints to
    its table results."""
    scores = dup.score_boards(dup.read_results(results.data))
    results.scores = scores
    for board, scored in zip(results.boards, scores.boards):
        board.top = scored.top
        by_table = {r.table: r.matchpoints for r in scored.results}
        for r in board.results:
            r.matchpoints = by_table[r.table]
            r.percent = {s: float(dup.percent_of(r.matchpoints[s], scored.top)) for s in dup.SIDES}


def duplicate_results_cached(tournament: Tournament) -> DuplicateResults:
    """``duplicate_results`` cached per tournament version (every result, correction,
    adjusted score or closing bumps it: ``tournament_touch``)."""
    return cached_per_version(tournament, "duplicate", lambda: duplicate_results(tournament))


# ----------------------------------------------------------------- the standings
def duplicate_standings(tournament: Tournament) -> dict:
    """The standings page of a duplicate tournament: by matchpoint percentage (the
    scorer's ranks, ties shared), points beside it, medals when it is finished (by
    place, as the other standings)."""
    results = duplicate_results_cached(tournament)
    final = tournament.status == Status.FINISHED
    rows = []
    for line in results.scores.players:
        shared = sum(1 for other in results.scores.players if other.rank == line.rank) > 1
        rows.append(
            {
                "competitor": results.entries[line.player],
                "name": results.names[line.player],
                "place": line.rank,
                "shared": shared,
                "medal": MEDALS[line.rank - 1] if final and line.rank <= 3 else None,
                "percent": line.percent,
                "matchpoints": float(line.matchpoints),
                "top": float(line.top),
                "total": line.points,
                "boards": line.boards,
                "games": line.boards,
            }
        )
    return {
        "duplicate": True,
        "rows": rows,
        "round_numbers": [],
        "final": final,
        "medallists": [r for r in rows if r["medal"]],
        "games_counted": len(results.boards),
        "boards_counted": [b.board for b in results.boards],
        "boards_pending": results.pending,
        "provisional": None,
    }


# ----------------------------------------------------------------- a board's page
def card_label(code: str) -> str:
    """A 500 card in the reader's notation: ``JS`` -> V♠ in French, the jokers by name."""
    if code == "WJ":
        return pgettext("card face", "High joker")
    if code == "BJ":
        return pgettext("card face", "Low joker")
    rank = code[:-1]
    rank = {
        "J": pgettext("card rank", "J"),
        "Q": pgettext("card rank", "Q"),
        "K": pgettext("card rank", "K"),
        "A": pgettext("card rank", "A"),
    }.get(rank, rank)
    return rank + SUIT_SYMBOLS.get(code[-1], code[-1])


def sorted_hand(cards) -> list[dict]:
    """A hand sorted for reading (spades, clubs, diamonds, hearts, high to low, the
    jokers last), each card's label and whether it is red."""
    return [
        {"code": c, "label": card_label(c), "red": c[-1] in "HD" and c not in ("WJ", "BJ")}
        for c in codes(parse_card(c) for c in cards)
    ]


def board_page(tournament: Tournament, number: int) -> dict | None:
    """A board's page: every table's result sorted (North-South's best first, adjusted
    results last), matchpoints and percentages; the cards once public. None: no such
    board in a round played; ``held``: the board is pending."""
    results = duplicate_results_cached(tournament)
    board = results.board(number)
    if board is None:
        if number not in results.pending:
            return None
        return {"board": number, "held": True}
    rows = sorted(
        board.results,
        key=lambda r: (r.delta is None, -(r.delta or 0), r.table),
    )
    deal = None
    rnd = Round.objects.select_related("play").get(tournament=tournament, number=board.round)
    rnd.tournament = tournament
    if board.public:
        variant = get_variant(tournament.variant, ts.rules_options(tournament))
        dealt = deal_board(variant, rnd.board_seed, number)
        deal = {
            "dealer": dealt["dealer"],
            "hands": [(seat, sorted_hand(dealt["hands"][seat])) for seat in ts.SEATS],
            "kitty": sorted_hand(dealt["kitty"]),
        }
    return {
        "board": number,
        "round": board.round,
        "held": False,
        "rows": rows,
        "top": float(board.top),
        "deal": deal,
        "boards": [b.board for b in results.boards],
        # The round's seed is shown, and its boards may be downloaded (``boards_file``).
        "boards_file": round_is_over(rnd),
    }


# ----------------------------------------------------------------- a member's boards
def member_entry(tournament: Tournament, user) -> Entry | None:
    """The viewer's entry in the tournament (declined and pending ones apart), or None."""
    if user is None or not user.is_authenticated:
        return None
    return (
        Entry.objects.filter(tournament=tournament)
        .exclude(status__in=[EntryStatus.DECLINED, EntryStatus.PENDING])
        .filter(Q(player=user) | Q(partner=user))
        .first()
    )


def _outcome(r: TableResult, side: str) -> str:
    """What happened at the table, seen from ``side``: "made", "down" (the side's own
    contract), "opp_made", "opp_down" (the other side's), "passed", "adjusted"."""
    if r.adjusted is not None:
        return "adjusted"
    if r.redeal or not r.declarer:
        return "passed"
    ours = ts.SIDE_OF.get(r.declarer) == side
    if ours:
        return "made" if r.made else "down"
    return "opp_made" if r.made else "opp_down"


def _compared(mine: TableResult, others: list[TableResult]) -> str:
    """How the table's contract fared beside the board's other played results: "most
    down" (it was made where most contracts went down), "most made" (it went down where
    most were made), "top", "bottom", or "" (nothing to say)."""
    played = [o for o in others if o.score is not None and o.declarer and not o.redeal]
    if mine.score is None or not played:
        return ""
    if mine.declarer and not mine.redeal:
        down = sum(1 for o in played if not o.made)
        if mine.made and down * 2 > len(played):
            return "most_down"
        if not mine.made and (len(played) - down) * 2 > len(played):
            return "most_made"
    return ""


def percent_text(value) -> str:
    """A percentage in the reader's notation: 87.5% in English, 87,5 % in French."""
    return _("%(n)s%%") % {"n": floatformat(value, -2)}


def board_sentence(line: dict) -> str:
    """One board of a member's, in a sentence: "You scored 75% on board 7: 8♠ made
    where most went down"."""
    r = line["result"]
    contract = contract_label(r.contract)
    what = {
        "made": lambda: _("%(contract)s made") % {"contract": contract},
        "down": lambda: _("%(contract)s went down") % {"contract": contract},
        "opp_made": lambda: _("the opponents' %(contract)s made") % {"contract": contract},
        "opp_down": lambda: _("the opponents' %(contract)s went down") % {"contract": contract},
        "passed": lambda: _("everybody passed"),
        "adjusted": lambda: _("adjusted score %(grade)s") % {"grade": line["grade"]},
    }[line["outcome"]]()
    tail = {
        "most_down": _("%(what)s where most went down"),
        "most_made": _("%(what)s where most made it"),
        "top": _("%(what)s, the best result on this board"),
        "bottom": _("%(what)s, the weakest result on this board"),
    }.get(line["compared"] or line["position"])
    if tail:
        what = tail % {"what": what}
    return _("You scored %(percent)s on board %(board)s: %(what)s.") % {
        "percent": percent_text(line["percent"]),
        "board": line["board"],
        "what": what,
    }


def member_boards(tournament: Tournament, entry: Entry) -> dict:
    """A member's boards one by one: their side, what happened, their percentage of the
    board's top, how it compares; then their totals (the standings' line)."""
    results = duplicate_results_cached(tournament)
    lines = []
    for board in results.boards:
        for r in board.results:
            side = next(
                (s for s, people in r.players.items() if any(e == entry.pk for e, _ in people)),
                None,
            )
            if side is None:
                continue
            others = [o for o in board.results if o is not r]
            position = ""
            if r.score is not None:
                mine = r.delta if side == "NS" else -r.delta
                deltas = [
                    o.delta if side == "NS" else -o.delta for o in others if o.score is not None
                ]
                if deltas and all(mine > d for d in deltas):
                    position = "top"
                elif deltas and all(mine < d for d in deltas):
                    position = "bottom"
            lines.append(
                {
                    "board": board.board,
                    "round": board.round,
                    "table": r.table,
                    "side": side,
                    "result": r,
                    "percent": r.percent[side],
                    "outcome": _outcome(r, side),
                    "compared": _compared(r, others),
                    "position": position,
                    "grade": (r.adjusted or {}).get(side, ""),
                    "score": (r.score or {}).get(side),
                }
            )
    player = next((p for p, eid in results.entries.items() if eid == entry.pk), None)
    line = None
    if player is not None:
        line = next((ln for ln in results.scores.players if ln.player == player), None)
    for item in lines:
        item["sentence"] = board_sentence(item)
    return {"entry": entry, "lines": lines, "line": line, "pending": results.pending}
