"""450 tournaments: the tournament part (``part``: what a 450 tournament answers where
the games differ, the director's corrections and adjusted totals among them), the draw
of tables of 3 to 6 (``tables``, pure, and its bridge ``draw``), the secretary's sheet
(``sheet``, its reads in ``selectors``) and the labels of 450's cards and seats
(``labels``)."""
