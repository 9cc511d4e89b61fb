"""The tournaments' part of each game kind (``games.kinds``): a kind's draw, score sheet,
console and printed cards in its own folder (``tournaments/kinds/four_fifty/`` for
450; 500's are the app's own modules)."""
