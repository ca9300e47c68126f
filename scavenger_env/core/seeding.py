"""Per-game seeds derived from one master seed.

Game ``i`` of a run with master seed ``S`` gets the seed::

    numpy.random.SeedSequence(S, spawn_key=(i,)).generate_state(1, numpy.uint64)[0] >> 1

which is the ``i``-th child of ``SeedSequence(S).spawn(K)``, cut to 63 bits so it fits
a signed 64-bit int everywhere. Game ``i``'s seed does not depend on how many games
the run has, so a run of 20 games starts with the same deals as a run of 10.
"""

from __future__ import annotations

import numpy as np

__all__ = ["game_seed", "game_seeds"]


def game_seed(master_seed: int, index: int) -> int:
    """The seed of game ``index`` (0-based) in a run with ``master_seed``."""
    child = np.random.SeedSequence(master_seed, spawn_key=(index,))
    return int(child.generate_state(1, np.uint64)[0]) >> 1


def game_seeds(master_seed: int, count: int) -> list[int]:
    """The seeds of games ``0 .. count-1`` in a run with ``master_seed``."""
    return [game_seed(master_seed, i) for i in range(count)]
