"""Shared fixtures."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from scavenger_env.core import games


@pytest.fixture
def bids_game() -> Iterator[object]:
    """Sealed Bids (tests/sealed_bids.py), registered as game "bids" for the test."""
    from sealed_bids import BIDS

    with pytest.MonkeyPatch.context() as mp:
        mp.setitem(games.GAMES, "bids", "sealed_bids:BIDS")
        yield BIDS
    games._LOADED.pop("bids", None)


@pytest.fixture
def dice_game() -> Iterator[object]:
    """Dice Race (tests/dice_race.py), registered as game "dice" for the test."""
    from dice_race import DICE

    with pytest.MonkeyPatch.context() as mp:
        mp.setitem(games.GAMES, "dice", "dice_race:DICE")
        yield DICE
    games._LOADED.pop("dice", None)
