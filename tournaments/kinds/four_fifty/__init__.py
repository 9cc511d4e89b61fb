"""450 tournaments: the draw of tables of 3 to 6 (``tables``, pure), the secretary's
sheet (``sheet``, its reads in ``selectors``, its pages in ``sheet_views``), the
director's corrections (``director``) and the labels of 450's cards and seats
(``labels``)."""
