"""A PettingZoo AEC environment that does no game work: the floor of the AEC loop.

Speed figures of our environments are reported as a ratio to this floor, measured
in the same run, so that machine noise cancels out.
`NullEnv` has the interface of a real game and nothing else: two agents take turns
for a fixed number of steps, every observation is the same all-zeros vector with an
all-ones int8 action mask, no reward is ever given. The benchmark gives it the
spaces of the game it measures (by default Cave-In's: an observation of 2049
floats, 156 actions), so the parts of the loop that scale with them (the random
pick over the mask, the wrappers' bounds check) cost the same in both.

>>> from scavenger_env.bench.null_env import NullEnv, decisions_per_second
>>> decisions_per_second(NullEnv(game_length=10), seconds=0.01) > 0
True

Nothing here imports a game engine.
"""

from __future__ import annotations

import time
from typing import Any

import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv
from pettingzoo.utils import wrappers

__all__ = [
    "GAME_LENGTH",
    "NUM_ACTIONS",
    "OBS_SIZE",
    "NullEnv",
    "decisions_per_second",
    "null_floor",
    "wrapped_null_env",
]

OBS_SIZE = 2049
"""Length of the observation vector (Cave-In's; a test keeps the two equal)."""

NUM_ACTIONS = 156
"""Size of the action space (Cave-In's)."""

GAME_LENGTH = 400
"""Decisions per null game: about a random 2-player Cave-In game."""


class NullEnv(AECEnv):
    """Two agents alternate for `game_length` steps; nothing else happens.

    The observation is a `Dict` of a float32 `Box` (all zeros) and an int8
    `action_mask` (all ones), the same arrays on every call: the env spends no
    time building them. Every action in range is legal and changes nothing.
    """

    metadata = {"name": "null_v0", "render_modes": [], "is_parallelizable": False}

    def __init__(
        self,
        obs_size: int = OBS_SIZE,
        num_actions: int = NUM_ACTIONS,
        game_length: int = GAME_LENGTH,
    ) -> None:
        super().__init__()
        if game_length < 1:
            raise ValueError(f"game_length must be at least 1, got {game_length}")
        self.game_length = game_length
        self.possible_agents = ["player_0", "player_1"]
        obs_space = spaces.Dict(
            {
                "observation": spaces.Box(0.0, 1.0, (obs_size,), np.float32),
                "action_mask": spaces.Box(0, 1, (num_actions,), np.int8),
            }
        )
        act_space = spaces.Discrete(num_actions)
        self.observation_spaces = dict.fromkeys(self.possible_agents, obs_space)
        self.action_spaces = dict.fromkeys(self.possible_agents, act_space)
        self._frame: dict[str, np.ndarray] = {
            "observation": np.zeros(obs_size, np.float32),
            "action_mask": np.ones(num_actions, np.int8),
        }
        self._steps_taken = 0

    def observation_space(self, agent: str) -> spaces.Space:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space:
        return self.action_spaces[agent]

    def observe(self, agent: str) -> dict[str, np.ndarray]:
        return self._frame

    def render(self) -> None:
        """Nothing to draw."""

    def close(self) -> None:
        """Nothing to release."""

    def reset(
        self, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> None:
        self.agents = list(self.possible_agents)
        self.rewards = {name: 0.0 for name in self.agents}
        self._cumulative_rewards = {name: 0.0 for name in self.agents}
        self.terminations = {name: False for name in self.agents}
        self.truncations = {name: False for name in self.agents}
        self.infos: dict[str, dict[str, Any]] = {name: {} for name in self.agents}
        self._steps_taken = 0
        self.agent_selection = self.agents[0]

    def step(self, action: int | None) -> None:
        mover = self.agent_selection
        if self.terminations[mover] or self.truncations[mover]:
            self._was_dead_step(action)
            return
        self._cumulative_rewards[mover] = 0.0
        self._steps_taken += 1
        if self._steps_taken >= self.game_length:
            for name in self.agents:
                self.terminations[name] = True
        self.agent_selection = self.possible_agents[self._steps_taken % 2]
        self._accumulate_rewards()


def decisions_per_second(env: AECEnv, seconds: float = 1.0, seed: int = 0) -> float:
    """Decisions per second of `env` driven by a uniformly random legal agent.

    The loop is the one a user writes (`agent_iter`, `last`, a random action from
    the mask, `step`); game `i` is dealt with `reset(seed=seed + i)`. Whole games are
    played until `seconds` have passed (at least one game). Only real decisions are
    counted (not the `None` steps that remove finished agents), but all the time is:
    resets and those steps included. The environment must return a dict
    observation with an `action_mask`.
    """
    rng = np.random.default_rng(seed)
    decisions = 0
    games = 0
    start = time.perf_counter()
    while True:
        env.reset(seed=seed + games)
        for _agent in env.agent_iter():
            obs, _reward, termination, truncation, _info = env.last()
            if termination or truncation:
                action = None
            else:
                action = int(rng.choice(np.flatnonzero(obs["action_mask"])))
                decisions += 1
            env.step(action)
        games += 1
        elapsed = time.perf_counter() - start
        if elapsed >= seconds:
            return decisions / elapsed


def wrapped_null_env(**kwargs: Any) -> AECEnv:
    """`NullEnv` inside the checks `env()` of PettingZoo's classic games adds."""
    return wrappers.OrderEnforcingWrapper(
        wrappers.AssertOutOfBoundsWrapper(NullEnv(**kwargs))
    )


def null_floor(seconds: float = 1.0, seed: int = 0) -> tuple[float, float]:
    """(bare, wrapped) decisions per second of the null environment.

    `bare` drives `NullEnv()` itself, `wrapped` drives
    `OrderEnforcingWrapper(AssertOutOfBoundsWrapper(NullEnv()))`; `seconds` each.
    """
    bare = decisions_per_second(NullEnv(), seconds, seed)
    wrapped = decisions_per_second(wrapped_null_env(), seconds, seed)
    return bare, wrapped
