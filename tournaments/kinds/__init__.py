"""The tournaments' part of each game kind (``games.kinds``): the registry
(``tournaments.kinds.registry``) and each kind's own modules (``four_fifty/`` for 450;
500's are the app's own modules)."""
