"""Where and how much a 450 robot above "Débutant" searches (``games.engine.four_fifty.
search``): read by the kind (``bot_searches``, ``choose_searched``, ``bot_thoughts``)
and by the replay (the steps that offer "what would the robot do here")."""

from __future__ import annotations

from games.engine.four_fifty.search import searches

# A searching level's deals per decision, times this: a 450 deal is played out by the
# rules of thumb once per legal card (a few milliseconds), where a 500 deal is solved
# with every card visible (tens of milliseconds). The level's seconds still bound it.
SAMPLES_SCALE = 4

# The player counts where the robots search their discards: there the search gains 3
# to 5 points a round over the rules of thumb (bench/kinds/four_fifty/bot_match_bench.py,
# docs/performance.md); at 5 and 6 players (fewer cards, fewer choices) it gained
# nothing measurable, so those robots keep the rules of thumb and spend no search.
SEARCHED_PLAYERS = (3, 4)


def searched(rnd) -> bool:
    """Whether a robot above "Débutant" searches the decision of the seat to act."""
    return rnd.n in SEARCHED_PLAYERS and searches(rnd)
