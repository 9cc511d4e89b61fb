"""Engine tests need no Django: override the project-wide autouse fixtures."""

import pytest


@pytest.fixture(autouse=True)
def _clear_cache():
    """The project conftest clears Django's cache; the engine has none."""
    yield
