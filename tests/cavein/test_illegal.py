"""Illegal actions: `raw_env` raises and changes nothing; `env()` ends the game.

Positions come from random games stopped at every phase of a turn; the illegal
actions are the ones the mask forbids there (and a few out-of-range ones).
"""

from __future__ import annotations

import copy
import warnings
from typing import Any

import numpy as np
import pytest

from scavenger_env import cavein_v0
from scavenger_env.cavein import codec
from scavenger_env.cavein.engine import GameState, IllegalActionError, Phase
from scavenger_env.cavein.engine.actions import PICK_BASE, RAID
from scavenger_env.cavein.engine.state import snapshot as engine_snapshot
from scavenger_env.cavein.env import raw_env

PHASES = (
    Phase.START_ARTIFACT,
    Phase.START_LEADER,
    Phase.ACTION,
    Phase.PAY,
    Phase.EFFECT,
)


def game_snapshot(game: GameState | None) -> dict[str, Any]:
    """Every field of the engine state as plain data (the engine's own snapshot,
    which also works on a compiled build)."""
    assert game is not None
    return engine_snapshot(game)


def test_snapshots_see_inside_the_state() -> None:
    """Guard: a snapshot that compared objects by identity could never fail."""
    e = raw_env(num_players=2)
    e.reset(seed=0)
    snap = game_snapshot(e.game)
    assert {"players", "turn", "docks", "mine", "merc_stacks", "phase"} <= set(snap)
    assert {"hand", "base", "crystals", "secret"} <= set(snap["players"][0])
    assert "played" in snap["turn"]
    for change in (
        lambda g: g.players[1].crystals.append(59),
        lambda g: g.players[0].secret.clear(),
        lambda g: g.turn.played.append(0),
        lambda g: g.merc_stacks[0].reverse(),
    ):
        other = e.game.clone()
        change(other)
        assert game_snapshot(other) != snap


def env_snapshot(e: raw_env) -> dict[str, Any]:
    """Everything an illegal step could touch, observations included."""
    return {
        "game": game_snapshot(e.game),
        "actions": list(e.actions),
        "agent_selection": e.agent_selection,
        "agents": list(e.agents),
        "rewards": dict(e.rewards),
        "cumulative": dict(e._cumulative_rewards),
        "terminations": dict(e.terminations),
        "truncations": dict(e.truncations),
        "infos": copy.deepcopy(e.infos),
        "observations": {
            a: {k: v.copy() for k, v in e.observe(a).items()} for a in e.possible_agents
        },
    }


def assert_same(before: dict[str, Any], after: dict[str, Any]) -> None:
    obs_before, obs_after = before.pop("observations"), after.pop("observations")
    assert before == after
    for agent, obs in obs_before.items():
        for key, value in obs.items():
            assert np.array_equal(value, obs_after[agent][key]), (agent, key)


def positions(num_players: int, per_phase: int = 3, seed: int = 0):  # type: ignore[no-untyped-def]
    """Yield `raw_env`s stopped in each phase of random games (a few per phase)."""
    found = dict.fromkeys(PHASES, 0)
    rng = np.random.default_rng(seed)
    game_seed = seed
    while min(found.values()) < per_phase and game_seed < seed + 200:
        e = raw_env(num_players=num_players)
        e.reset(seed=game_seed)
        game_seed += 1
        while not e.game.is_over:
            phase = Phase(e.game.phase)
            if found[phase] < per_phase and rng.random() < 0.05:
                found[phase] += 1
                yield e
                if e.game.is_over:
                    break
            mask = e.observe(e.agent_selection)["action_mask"]
            e.step(int(rng.choice(np.flatnonzero(mask))))
    assert min(found.values()) >= per_phase, f"phases not reached: {found}"


@pytest.mark.parametrize("num_players", [2, 3, 4])
def test_raw_env_raises_and_changes_nothing(num_players: int) -> None:
    rng = np.random.default_rng(num_players)
    checked = 0
    for e in positions(num_players):
        mask = e.observe(e.agent_selection)["action_mask"]
        illegal = np.flatnonzero(mask == 0)
        picks = rng.choice(illegal, size=min(8, len(illegal)), replace=False)
        for action in [*picks.tolist(), -1, 156, np.int64(picks[0])]:
            before = env_snapshot(e)
            with pytest.raises(IllegalActionError) as info:
                e.step(action)
            assert str(info.value), "the error must say why"
            if 0 <= action < 156:
                assert e.explain(int(action)) in str(info.value)
            assert_same(before, env_snapshot(e))
            checked += 1
        # ... and a legal action still works afterwards
        legal = int(np.flatnonzero(mask)[0])
        assert e.explain(legal) == ""
    assert checked >= 5 * 3 * 10


def test_raw_env_rejects_a_raid_on_a_seat_that_does_not_exist() -> None:
    e = raw_env(num_players=2)
    e.reset(seed=1)
    while e.game.phase != Phase.ACTION:
        e.step(int(np.flatnonzero(e.observe(e.agent_selection)["action_mask"])[0]))
    for action in (RAID + 2, RAID + 3, PICK_BASE + 12, PICK_BASE + 23):
        before = env_snapshot(e)
        with pytest.raises(IllegalActionError):
            e.step(action)
        assert_same(before, env_snapshot(e))


@pytest.mark.parametrize("num_players", [2, 3, 4])
def test_env_makes_the_mover_lose_and_ends_the_game(num_players: int) -> None:
    rng = np.random.default_rng(10 + num_players)
    for phase_index, base in enumerate(positions(num_players, per_phase=1, seed=50)):
        seed = base.seed_used
        moves = list(base.actions)
        # Rebuild the same position inside the wrapped env.
        e = cavein_v0.env(num_players=num_players)
        e.reset(seed=seed)
        for action in moves:
            game = e.unwrapped.game
            e.step(codec.encode(action, game.current_player, num_players))
        mover = e.agent_selection
        obs, *_ = e.last()
        illegal = int(rng.choice(np.flatnonzero(obs["action_mask"] == 0)))
        reason = e.unwrapped.explain(illegal)
        assert reason
        with warnings.catch_warnings(record=True) as caught:
            warnings.simplefilter("always")
            e.step(illegal)
        messages = [str(w.message) for w in caught]
        assert any(reason in m and mover in m for m in messages), messages
        for agent in e.possible_agents:
            assert e.terminations[agent] or e.truncations[agent], agent
        # Everyone collects the reward at their last `last()`: -1 mover, 0 others.
        got = {}
        for agent in e.agent_iter():
            _, reward, term, trunc, _ = e.last()
            assert term or trunc
            got[agent] = reward
            e.step(None)
        assert got == {a: (-1.0 if a == mover else 0.0) for a in e.possible_agents}
        assert e.agents == []
        assert phase_index < len(PHASES)


def test_env_asserts_on_out_of_range_actions() -> None:
    e = cavein_v0.env(num_players=2)
    e.reset(seed=0)
    for action in (-1, 156):
        with pytest.raises(AssertionError):
            e.step(action)
