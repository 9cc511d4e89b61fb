"""Places by totals, with shared places and tie-breaks: the one ranking routine of the
standings (``compute``), a round's game ranking (``types.Standings.round_ranking``) and
the season's ranking (``season``). Pure Python."""

from __future__ import annotations

from collections import Counter
from typing import Any, Sequence


def rank_places(
    ranked: list, totals: Sequence, n: int, tb: Any, tie_rule: str, want_used: bool = True
) -> tuple[list, list, dict]:
    """Places of the competitor indexes ``ranked`` (ascending = ``sort_key`` order) by
    ``totals[k]``, highest first.

    Equal totals share a place and the following places are skipped (1, 2, 2, 4), unless
    ``tb`` gives tie-break values (higher first, None or NO_GAME last): a sequence indexed
    like ``totals``, or a function of the whole tied group (list of indexes) returning
    ``{k: value}``. They order the group, equal values still sharing. Returns per index:
    place (None if not ranked), shared, and (``want_used``) the values used
    ``{k: {tie_rule: value}}`` for the competitors that were tied."""
    everyone = len(ranked) == n
    vals = totals if everyone else [totals[k] for k in ranked]
    sv = sorted(vals, reverse=True)
    # value -> its first position (1-based): later pairs overwrite, so go from the end
    first = dict(zip(reversed(sv), range(len(sv), 0, -1)))
    cnt = Counter(sv)
    if everyone:
        places = list(map(first.__getitem__, totals))
        shared = [cnt[v] > 1 for v in totals]
    else:
        places = [None] * n
        shared = [False] * n
        for k in ranked:
            v = totals[k]
            places[k] = first[v]
            shared[k] = cnt[v] > 1
    used: dict = {}
    if tb is None or len(cnt) == len(sv):
        return places, shared, used
    tied: dict = {}
    for k in ranked:  # ascending index: sort_key order within each group
        v = totals[k]
        if cnt[v] > 1:
            g = tied.get(v)
            if g is None:
                tied[v] = [k]
            else:
                g.append(k)
    group_rule = callable(tb)
    for v, group in tied.items():
        base = first[v]
        tv = tb(group) if group_rule else {k: tb[k] for k in group}
        if want_used:
            for k in group:
                used[k] = {tie_rule: tv[k]}
        group.sort(key=lambda k: (tv[k] is not None, tv[k] or 0), reverse=True)  # stable
        j = 0
        m = len(group)
        while j < m:
            x = tv[group[j]]
            e = j + 1
            while e < m and tv[group[e]] == x:
                e += 1
            for k in group[j:e]:
                places[k] = base + j
                shared[k] = e - j > 1
            j = e
    return places, shared, used
