"""Shared set-up of the tests of the Python package: an empty cache of endgame databases of
their own (the engines build none at first need there: AWE_ENDGAME=off), and helpers."""

import os
import random
import shutil
import tempfile

import pytest

# Set before awe is used: the cache folder and the automatic build are read at each lookup.
_CACHE = tempfile.mkdtemp(prefix="awe-pytest-cache-")
os.environ["AWE_CACHE"] = _CACHE
os.environ["AWE_ENDGAME"] = "off"

REPOSITORY = os.path.dirname(os.path.dirname(os.path.dirname(os.path.dirname(__file__))))


def pytest_sessionfinish(session, exitstatus):
    shutil.rmtree(_CACHE, ignore_errors=True)


@pytest.fixture
def cache_dir():
    """The tests' cache of endgame databases."""
    return _CACHE


def play_randomly(history, rng, max_moves=10_000):
    """Plays uniformly random legal moves in a game with its history until it is over (or
    `max_moves` are played)."""
    for _ in range(max_moves):
        moves = history.legal_moves()
        if not moves:
            break
        history.play(rng.choice(moves))
    return history


@pytest.fixture
def rng():
    return random.Random(2026)
