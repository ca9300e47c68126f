"""The layout of a flat observation vector: named views, one after another.

A game's observation module lists its views as `(name, shape)` pairs in the order
they lie in the vector (`LAYOUT`); `offsets` gives each view's index range,
`size` the vector's length and `views` the named, shaped views into one vector.
"""

from __future__ import annotations

import numpy as np

__all__ = ["Layout", "offsets", "size", "views"]

Layout = tuple[tuple[str, tuple[int, ...]], ...]
"""(name, shape) of each view, in the order they lie in the vector."""


def offsets(layout: Layout) -> dict[str, tuple[int, int]]:
    """Each view's (first index, index past its end)."""
    out, at = {}, 0
    for name, shape in layout:
        end = at + int(np.prod(shape))
        out[name] = (at, end)
        at = end
    return out


def size(layout: Layout) -> int:
    """The length of the vector: every view's size added up."""
    return sum(int(np.prod(shape)) for _, shape in layout)


def views(obs: np.ndarray, layout: Layout) -> dict[str, np.ndarray]:
    """Named, shaped views into one observation vector (no copies)."""
    out, at = {}, 0
    for name, shape in layout:
        end = at + int(np.prod(shape))
        out[name] = obs[at:end].reshape(shape)
        at = end
    return out
