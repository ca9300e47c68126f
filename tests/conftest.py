"""Shared fixtures."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from scavenger_env.core import games


def _registered(name: str, entry: str) -> Iterator[object]:
    """A test game registered under `name` for one test (`entry`: its
    "module:attr" in tests/), then forgotten."""
    module, _, attr = entry.partition(":")
    game = getattr(__import__(module), attr)
    with pytest.MonkeyPatch.context() as mp:
        mp.setitem(games.GAMES, name, entry)
        yield game
    games._LOADED.pop(name, None)


@pytest.fixture
def bids_game() -> Iterator[object]:
    """Sealed Bids (tests/sealed_bids.py), registered as game "bids" for the test."""
    yield from _registered("bids", "sealed_bids:BIDS")


@pytest.fixture
def dice_game() -> Iterator[object]:
    """Dice Race (tests/dice_race.py), registered as game "dice" for the test."""
    yield from _registered("dice", "dice_race:DICE")


#: test folders whose every test is slow (they train policies or play long
#: tournaments); the notebooks, which nbmake runs, count as slow too
_SLOW_FOLDERS = ("training",)


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """Mark the slow parts so that `-m "not slow"` gives a quick first check
    (the long random-play runs mark their own, see quick_set.py)."""
    for item in items:
        path = item.path
        if path.suffix == ".ipynb" or (
            path.parent.name in _SLOW_FOLDERS and path.parent.parent.name == "tests"
        ):
            item.add_marker(pytest.mark.slow)
