"""The quick set (`pytest -m "not slow"`) keeps a few of the long random-play runs.

A test that plays many random games in chunks (or at several player counts, or
bot by bot) marks every chunk but the first `slow`: the quick set still plays
some random games of every game, the full run (`pytest` with no `-m`, what CI
runs) plays them all.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

import pytest


def first_quick(values: Iterable[Any], quick: int = 1) -> list[Any]:
    """`values` as parameters: the first `quick` of them in the quick set, the
    rest marked `slow` (each keeps its usual test id)."""
    return [
        pytest.param(value, marks=() if i < quick else pytest.mark.slow)
        for i, value in enumerate(values)
    ]
