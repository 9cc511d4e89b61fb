"""The tournaments' part of 500 (``part.FIVE_HUNDRED_TOURNAMENT``): the draw bridge
(``draw.py``, over the pure ``tournaments.seating``), and the part itself (``part.py``):
the settings form's options, a table's seats, the online table, the console, the
exports. 500's score sheet is the app's own (``tournaments.services.results``,
``tournaments.views.hand_sheet``, ``tournaments.selectors_tables``)."""
