"""The observation holds what its seat may know, no more and no less.

No leak: for many mid-game states (every phase, 2, 3 and 4 players) and every
seat, resampling everything that seat cannot see (`view.determinize`) leaves the
seat's observation exactly as it was; so does a same-level swap of an opponent's
secret hand card with a stack card, and reordering the face-down stacks.

No blind spot: changing something the seat can know (a card in its own hand, an
opponent's Base, a Mine crystal, an opponent's hand card that was seen entering
it) changes the seat's observation.

The checks are shown able to fail: the resampled states do differ, and the seats
that can see the difference (the owner of a resampled hand) do see it.
"""

from __future__ import annotations

from collections import Counter

import numpy as np
import pytest

from scavenger_env.cavein.engine import (
    GameConfig,
    GameState,
    Phase,
    apply_action,
    new_game,
)
from scavenger_env.cavein.engine.data import CRYSTAL_COLOUR, CRYSTAL_TIER
from scavenger_env.cavein.engine.view import determinize
from scavenger_env.cavein.observation import encode, views
from scavenger_env.cavein.simulate import play_random_game

STATES_PER_COUNT = 150
RESAMPLES = 4


def sample_states(num_players: int, count: int, seed: int) -> list[GameState]:
    """`count` states from random games, spread over whole games and all phases."""
    rng = np.random.default_rng(seed)
    # allow_pass: random players who may pass keep more of their dealt hands secret.
    config = GameConfig(num_players=num_players, allow_pass=True)
    states: list[GameState] = []
    phases: Counter[int] = Counter()
    game_seed = 1000 * num_players + seed
    while len(states) < count:
        _, actions = play_random_game(config, game_seed)
        state = new_game(config, game_seed)
        game_seed += 1
        picks = set(rng.choice(len(actions), size=min(12, len(actions)), replace=False))
        for i, action in enumerate(actions):
            # Rare phases are always taken, common ones at the picked points.
            rare = phases[int(state.phase)] < count // 20
            if (i in picks or (rare and rng.random() < 0.2)) and len(states) < count:
                states.append(state.clone())
                phases[int(state.phase)] += 1
            apply_action(state, action)
        if len(states) < count and phases[int(Phase.GAME_OVER)] < 3:
            states.append(state.clone())  # a finished game
            phases[int(Phase.GAME_OVER)] += 1
    assert set(phases) == {int(p) for p in Phase}, f"phases covered: {phases}"
    return states


@pytest.fixture(scope="module", params=[2, 3, 4], ids=lambda n: f"{n}p")
def states(request: pytest.FixtureRequest) -> list[GameState]:
    return sample_states(request.param, STATES_PER_COUNT, seed=request.param)


def secret_types(s: GameState) -> list[list[int]]:
    """Each player's unseen hand cards, by type (copies of a type are alike)."""
    return [
        sorted(s.cards.type_of[c] for c in p.hand if c in p.secret) for p in s.players
    ]


def test_resampling_what_a_seat_cannot_see_leaves_its_observation_unchanged(
    states: list[GameState],
) -> None:
    rng = np.random.default_rng(7)
    checks = changed_hidden = owner_saw = 0
    for index, s in enumerate(states):
        for seat in range(s.num_players):
            mine = encode(s, seat)
            for _ in range(RESAMPLES):
                d = determinize(s, seat, rng)
                again = encode(d, seat)
                if not np.array_equal(mine, again):
                    diff = {
                        name: np.flatnonzero(view != views(again)[name]).tolist()
                        for name, view in views(mine).items()
                        if not np.array_equal(view, views(again)[name])
                    }
                    pytest.fail(
                        f"state {index} ({s.num_players}p, phase "
                        f"{Phase(s.phase).name}): seat {seat}'s observation "
                        f"changed when resampling what it cannot see: {diff}"
                    )
                checks += 1
                changed_hidden += d.merc_stacks != s.merc_stacks
                # The owner of a resampled hand sees the difference, so a leak of
                # it into `seat`'s observation would have been caught above.
                before, after = secret_types(s), secret_types(d)
                for q in range(s.num_players):
                    if q != seat and before[q] != after[q]:
                        assert not np.array_equal(encode(d, q), encode(s, q))
                        owner_saw += 1
    # The test can fail: hidden things did change, and their owners noticed.
    assert changed_hidden > 0.9 * checks
    assert owner_saw > 50


def _swap_with_stack(s: GameState, pile: list[int], i: int, same_level: bool) -> bool:
    """Swap `pile[i]` with a stack card of another type (same level if asked)."""
    card = pile[i]
    level, kind = s.cards.level_of[card], s.cards.type_of[card]
    levels = [level] if same_level else [1, 2, 3, 4]
    for lv in levels:
        stack = s.merc_stacks[lv - 1]
        for j, other in enumerate(stack):
            if s.cards.type_of[other] != kind:
                pile[i], stack[j] = other, card
                for p in s.players:
                    if card in p.secret:
                        p.secret.discard(card)
                        p.secret.add(other)
                return True
    return False


def test_a_seats_own_hand_card_is_seen(states: list[GameState]) -> None:
    done = 0
    for s in states:
        for seat, p in enumerate(s.players):
            if not p.hand:
                continue
            t = s.clone()
            if _swap_with_stack(t, t.players[seat].hand, 0, same_level=False):
                assert not np.array_equal(encode(t, seat), encode(s, seat))
                done += 1
    assert done > len(states)


def test_an_opponents_base_is_seen(states: list[GameState]) -> None:
    done = 0
    for s in states:
        n = s.num_players
        for seat in range(n):
            q = (seat + 1) % n
            for i in range(len(s.players[q].base)):
                t = s.clone()
                if _swap_with_stack(t, t.players[q].base, i, same_level=False):
                    assert not np.array_equal(encode(t, seat), encode(s, seat))
                    done += 1
    assert done > len(states)


def test_a_mine_crystal_is_seen(states: list[GameState]) -> None:
    done = 0
    for s in states:
        for slot, c in enumerate(s.mine):
            # Under Diggerhino the printed colour still shows, so a recoloured slot
            # is checked like any other.
            if c < 0:
                continue
            stack = s.crystal_stacks[CRYSTAL_TIER[c]]
            swap = [
                j for j, o in enumerate(stack) if CRYSTAL_COLOUR[o] != CRYSTAL_COLOUR[c]
            ]
            if not swap:
                continue
            t = s.clone()
            j = swap[0]
            t.mine[slot], t.crystal_stacks[CRYSTAL_TIER[c]][j] = stack[j], c
            for seat in range(s.num_players):
                assert not np.array_equal(encode(t, seat), encode(s, seat))
                done += 1
    assert done > len(states)


def test_a_known_opponent_hand_card_is_seen(states: list[GameState]) -> None:
    done = 0
    for s in states:
        n = s.num_players
        for q, p in enumerate(s.players):
            known = [i for i, c in enumerate(p.hand) if c not in p.secret]
            if not known:
                continue
            t = s.clone()
            if _swap_with_stack(t, t.players[q].hand, known[0], same_level=False):
                for seat in range(n):
                    assert not np.array_equal(encode(t, seat), encode(s, seat)), seat
                    done += 1
    assert done > 20


def test_an_opponents_secret_card_is_not_seen(states: list[GameState]) -> None:
    """A same-level swap with the stack: only the hand's owner can tell."""
    done = 0
    for s in states:
        n = s.num_players
        for q, p in enumerate(s.players):
            secret = [i for i, c in enumerate(p.hand) if c in p.secret]
            if not secret:
                continue
            t = s.clone()
            if not _swap_with_stack(t, t.players[q].hand, secret[0], same_level=True):
                continue
            for seat in range(n):
                if seat != q:
                    assert np.array_equal(encode(t, seat), encode(s, seat)), (q, seat)
                    done += 1
            assert not np.array_equal(encode(t, q), encode(s, q)), "owner blind"
    assert done > 10


def test_the_order_of_face_down_stacks_is_not_seen(states: list[GameState]) -> None:
    for s in states:
        t = s.clone()
        for stack in t.merc_stacks + t.crystal_stacks:
            stack.reverse()
        for stack in t.artifact_stacks:
            stack[:-1] = stack[-2::-1]  # the face-up top stays
        for seat in range(s.num_players):
            assert np.array_equal(encode(t, seat), encode(s, seat)), seat
