"""Duplicate scoring and board tests need no Django: override the project-wide autouse
fixture that clears Django's cache (tests/conftest.py)."""

import pytest


@pytest.fixture(autouse=True)
def _clear_cache():
    """Nothing to clear: these tests are pure."""
    yield
