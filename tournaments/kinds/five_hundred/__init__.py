"""The tournaments' part of 500 (``part.FIVE_HUNDRED_TOURNAMENT``): the part itself
(``part.py``: the settings form's options, a table's seats, the online table, the
console's corrections and adjusted totals, the exports) and the draw bridge
(``draw.py``, over the pure ``tournaments.seating`` and the seating plan). 500's score
sheet is still the app's own (``tournaments.services.results``,
``tournaments.selectors_tables``, ``selectors_results.table_sheet``)."""
