"""The environment's action table: blocks, relative seats, and the round trip."""

from __future__ import annotations

import numpy as np
import pytest

from scavenger_env.cavein import codec
from scavenger_env.cavein.engine import (
    GameConfig,
    apply_action,
    legal_actions,
    new_game,
)
from scavenger_env.cavein.engine.actions import (
    BLOCKS,
    PICK_BASE,
    PICK_HAND,
    RAID,
    block_of,
    pick_base,
)

SEAT_COUNTS = [(n, seat) for n in (2, 3, 4) for seat in range(n)]


def seat_named(action: int) -> int | None:
    """The absolute seat an engine action names, or None."""
    if RAID <= action < RAID + 4:
        return action - RAID
    if PICK_BASE <= action < PICK_HAND:
        return (action - PICK_BASE) // 6
    return None


def real_actions(n: int) -> list[int]:
    """Every engine action whose seats exist with `n` players."""
    return [a for a in range(codec.NUM_ACTIONS) if (seat_named(a) or 0) < n]


def test_blocks_cover_every_action_once_in_order() -> None:
    covered: list[int] = []
    for _, start, size in BLOCKS:
        assert size > 0
        covered += range(start, start + size)
    assert covered == list(range(codec.NUM_ACTIONS))
    assert codec.NUM_ACTIONS == 156
    names = [name for name, _, _ in BLOCKS]
    assert len(set(names)) == len(names)
    for a in range(codec.NUM_ACTIONS):
        name, offset = block_of(a)
        assert dict((b[0], b[1]) for b in BLOCKS)[name] + offset == a


@pytest.mark.parametrize(("n", "seat"), SEAT_COUNTS)
def test_decode_inverts_encode_for_every_real_action(n: int, seat: int) -> None:
    actions = real_actions(n)
    encoded = [codec.encode(a, seat, n) for a in actions]
    for a, e in zip(actions, encoded):
        assert 0 <= e < codec.NUM_ACTIONS
        assert codec.decode(e, seat, n) == a, (a, e)
    assert len(set(encoded)) == len(actions)  # one-to-one
    # encode only renames seats: the block never changes
    assert [block_of(e)[0] for e in encoded] == [block_of(a)[0] for a in actions]


@pytest.mark.parametrize(("n", "seat"), SEAT_COUNTS)
def test_actions_without_a_seat_are_unchanged(n: int, seat: int) -> None:
    for a in range(codec.NUM_ACTIONS):
        if seat_named(a) is None:
            assert codec.encode(a, seat, n) == a
            assert codec.decode(a, seat, n) == a


@pytest.mark.parametrize(("n", "seat"), SEAT_COUNTS)
def test_seats_are_counted_from_the_acting_player(n: int, seat: int) -> None:
    for rel in range(n):
        target = (seat + rel) % n
        assert codec.encode(RAID + target, seat, n) == RAID + rel
        for depth in range(1, 7):
            env_action = PICK_BASE + 6 * rel + depth - 1
            assert codec.encode(pick_base(target, depth), seat, n) == env_action
            assert codec.decode(env_action, seat, n) == pick_base(target, depth)
    # the player after you is RAID + 1 in the environment, the one before you n - 1
    assert codec.decode(RAID + 1, seat, n) == RAID + (seat + 1) % n
    assert codec.decode(RAID + n - 1, seat, n) == RAID + (seat - 1) % n
    assert codec.decode(RAID, seat, n) == RAID + seat


@pytest.mark.parametrize("n", [2, 3])
def test_relative_seats_past_the_player_count_decode_to_no_real_seat(n: int) -> None:
    for seat in range(n):
        for rel in range(n, 4):
            assert seat_named(codec.decode(RAID + rel, seat, n)) >= n
            for depth in range(1, 7):
                pick = PICK_BASE + 6 * rel + depth - 1
                assert seat_named(codec.decode(pick, seat, n)) >= n


@pytest.mark.parametrize("n", [2, 3, 4])
def test_legal_mask_marks_exactly_the_encoded_legal_actions(n: int) -> None:
    rng = np.random.default_rng(n)
    state = new_game(GameConfig(num_players=n), seed=n)
    for _ in range(300):
        if state.is_over:
            break
        legal = legal_actions(state)
        seat = state.current_player
        mask = codec.legal_mask(legal, seat, n)
        assert mask.dtype == np.int8
        assert mask.shape == (codec.NUM_ACTIONS,)
        assert sorted(np.flatnonzero(mask).tolist()) == sorted(
            codec.encode(a, seat, n) for a in legal
        )
        assert sorted(
            codec.decode(int(a), seat, n) for a in np.flatnonzero(mask)
        ) == sorted(legal)
        apply_action(state, legal[int(rng.integers(len(legal)))])
