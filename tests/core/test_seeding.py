"""Per-game seeds: the documented SeedSequence scheme, independent of run length."""

from __future__ import annotations

import numpy as np

from scavenger_env.core.seeding import game_seed, game_seeds


def test_seeds_are_the_spawned_children_cut_to_63_bits() -> None:
    children = np.random.SeedSequence(1).spawn(6)
    expected = [int(c.generate_state(1, np.uint64)[0]) >> 1 for c in children]
    assert game_seeds(1, 6) == expected
    assert all(0 <= s < 2**63 for s in expected)


def test_a_longer_run_starts_with_the_same_seeds() -> None:
    assert game_seeds(7, 20)[:10] == game_seeds(7, 10)
    assert game_seed(7, 3) == game_seeds(7, 4)[3]


def test_master_seeds_give_different_distinct_seeds() -> None:
    a, b = game_seeds(1, 100), game_seeds(2, 100)
    assert len(set(a)) == 100
    assert not set(a) & set(b)
