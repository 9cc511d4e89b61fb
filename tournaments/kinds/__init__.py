"""The tournaments' part of each game kind (``games.kinds``): the interface and registry
(``tournaments.kinds.registry``, a leaf module), their registration
(``tournaments.kinds.parts``) and each kind's own modules (``five_hundred/``,
``four_fifty/``)."""
