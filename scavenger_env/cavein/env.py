"""Star Scrappers: Cave-In as a PettingZoo AEC environment.

| Import              | `from scavenger_env import cavein_v0`                      |
|---------------------|------------------------------------------------------------|
| Actions             | Discrete                                                   |
| Parallel API        | No                                                         |
| Manual control      | No                                                         |
| Agents              | `agents = ['player_0', ..., 'player_{n-1}']`, n = 2, 3, 4  |
| Action shape        | (1,)                                                       |
| Action values       | Discrete(156)                                              |
| Observation shape   | (2049,) plus a (156,) int8 action mask                     |
| Observation values  | [0, 1]                                                     |

One agent step is one small choice; a player acts for several steps in a row
during a turn, so `agent_selection` comes from the engine, not round-robin.

### Observation space

`Dict(observation=Box(0, 1, (2049,), float32), action_mask=Box(0, 1, (156,), int8))`,
the same for 2, 3 and 4 players. The vector is encoded from the observing
player's seat (you are seat 0) and holds only what that player may know; its named
views and index ranges are tabled in `scavenger_env/cavein/observation.py`
(`observation.views(obs)` returns them).

### Action mask

`action_mask[a] == 1` exactly when action `a` is legal for the agent to move; it
is all zeros for every other agent. It is built from the engine's
`legal_actions`, the single source of truth.

### Actions

`Discrete(156)` in contiguous blocks per decision kind (end turn, done, use,
confirm, recruit, mine, collect, skill, raid, pay, and the skill-target picks);
the table is in `scavenger_env/cavein/codec.py`. Seats inside actions are
relative, like the observation's.

### Rewards

`reward="win"` (default): at the end, +1 for each winner (all tied players win)
and -1 for every other player; 0 on every other step. `reward="score"`: at the
end, (your VP - the best opponent's VP) / 20. `infos[agent]` holds the current
`phase` and, at the end, `final_scores` (VP by agent) and `winners`.

### Illegal actions

`raw_env` raises the engine's `IllegalActionError` (a ValueError that says why)
and changes nothing. `env()` follows PettingZoo's classic convention instead: the
mover gets -1, the game ends for everyone, and a warning says why.

### Version history

* v0: first release.
"""

from __future__ import annotations

import warnings
from typing import Any

import numpy as np
from gymnasium import spaces
from gymnasium.utils import seeding
from pettingzoo import AECEnv
from pettingzoo.utils import wrappers

from .codec import NUM_ACTIONS, decode, legal_mask
from .engine import (
    ConfigError,
    GameConfig,
    GameState,
    IllegalActionError,
    Phase,
    apply_legal_action,
    explain_illegal,
    final_scores,
    legal_actions,
    new_game,
    winners,
)
from .observation import OBS_SIZE, Encoder
from .render import render_state

REWARD_MODES = ("win", "score")
_PHASE_NAMES = tuple(p.name.lower() for p in Phase)
_CONFIG_FIELDS = tuple(GameConfig.__dataclass_fields__)


class raw_env(AECEnv):
    """The bare Cave-In AEC environment; `env()` adds the standard wrappers.

    `self.game` is the engine state (for bots that read it directly), `self.actions`
    the engine actions so far and `self.seed_used` the seed: a record of the game.
    """

    metadata = {
        "name": "cavein_v0",
        "render_modes": ["ansi", "human"],
        "is_parallelizable": False,
    }

    def __init__(
        self,
        num_players: int = 2,
        render_mode: str | None = None,
        reward: str = "win",
        **config: Any,
    ) -> None:
        """Args:
        num_players: 2, 3 or 4.
        render_mode: None, "ansi" or "human".
        reward: "win" or "score" (see the module docstring).
        **config: any other `GameConfig` field, e.g. `factions="first_game"`.
        """
        super().__init__()
        unknown = sorted(set(config) - set(_CONFIG_FIELDS))
        if unknown:
            raise ConfigError(
                f"unknown keyword(s) {unknown} for cavein_v0; allowed: "
                f"render_mode, reward, {', '.join(_CONFIG_FIELDS)}"
            )
        if render_mode not in (None, *self.metadata["render_modes"]):
            raise ConfigError(
                f"render_mode={render_mode!r} is not allowed; use None, 'ansi' or 'human'"
            )
        if reward not in REWARD_MODES:
            raise ConfigError(f"reward={reward!r} is not allowed; use 'win' or 'score'")
        self.config = GameConfig(num_players=num_players, **config)
        self.render_mode = render_mode
        self.reward_mode = reward
        n = self.config.num_players
        self.possible_agents = [f"player_{i}" for i in range(n)]
        self.agent_name_mapping = {a: i for i, a in enumerate(self.possible_agents)}
        self._obs_space = spaces.Dict(
            {
                "observation": spaces.Box(0.0, 1.0, (OBS_SIZE,), np.float32),
                "action_mask": spaces.Box(0, 1, (NUM_ACTIONS,), np.int8),
            }
        )
        self._act_space = spaces.Discrete(NUM_ACTIONS)
        self.observation_spaces = dict.fromkeys(self.possible_agents, self._obs_space)
        self.action_spaces = dict.fromkeys(self.possible_agents, self._act_space)
        self.game: GameState | None = None
        self.seed_used: int | None = None
        self.actions: list[int] = []
        self._legal: list[int] = []
        self._encoder = Encoder()

    def observation_space(self, agent: str) -> spaces.Space:
        return self._obs_space

    def action_space(self, agent: str) -> spaces.Space:
        return self._act_space

    # -- AEC API -------------------------------------------------------------

    def reset(self, seed: int | None = None, options: dict | None = None) -> None:
        """Deal a new game; the same seed deals the same game."""
        if seed is None:
            seed = int(np.random.SeedSequence().generate_state(1, np.uint64)[0] >> 1)
        self.np_random, _ = seeding.np_random(seed)  # == default_rng(seed)
        self.seed_used = seed
        self.game = new_game(self.config, self.np_random)
        self.actions = []
        self._encoder.reset()
        self.agents = self.possible_agents[:]
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos = {a: {} for a in self.agents}
        self._sync()

    def observe(self, agent: str) -> dict[str, np.ndarray]:
        """The agent's observation and its action mask (zeros unless it moves)."""
        s = self._require_state()
        seat = self.agent_name_mapping[agent]
        if seat == s.current_player and not s.is_over:
            mask = legal_mask(self._legal, seat, s.num_players)
        else:
            mask = np.zeros(NUM_ACTIONS, np.int8)
        return {"observation": self._encoder.encode(s, seat), "action_mask": mask}

    def step(self, action: int) -> None:
        """Apply the acting agent's action (raises IllegalActionError if illegal)."""
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        s = self._require_state()
        if isinstance(action, bool) or not isinstance(action, (int, np.integer)):
            raise IllegalActionError(
                f"{agent}: an action must be an int in 0..{NUM_ACTIONS - 1}, "
                f"got {action!r}"
            )
        engine_action = decode(int(action), s.current_player, s.num_players)
        reason = (
            explain_illegal(s, engine_action)
            if engine_action not in self._legal
            else ""
        )
        if reason:  # checked against this step's legal set: nothing changes
            raise IllegalActionError(
                f"{agent} (seat {s.current_player}): action {int(action)} is illegal; "
                f"{reason} (the engine numbers seats absolutely: player k is "
                f"player_k)"
            )
        apply_legal_action(s, engine_action)
        self.actions.append(engine_action)
        self._cumulative_rewards[agent] = 0.0
        self._sync()
        if s.is_over:  # rewards are 0 until the end: nothing to accumulate before
            self._finish()
            self._accumulate_rewards()
        if self.render_mode == "human":
            self.render()

    def render(self) -> str | None:
        """ "ansi": the text picture from the acting player's view; "human": print it."""
        if self.render_mode is None:
            warnings.warn(
                "render() called with render_mode=None; pass render_mode='ansi' "
                "or 'human' to cavein_v0.env()",
                stacklevel=2,
            )
            return None
        s = self._require_state()
        text = render_state(s, s.current_player)
        if self.render_mode == "ansi":
            return text
        print(text)
        return None

    def close(self) -> None:
        pass

    # -- helpers -------------------------------------------------------------

    def explain(self, action: int) -> str:
        """Why `action` is illegal for the acting agent ('' if it is legal)."""
        s = self._require_state()
        return explain_illegal(s, decode(int(action), s.current_player, s.num_players))

    def _require_state(self) -> GameState:
        if self.game is None:
            raise RuntimeError("call reset() before using the environment")
        return self.game

    def _sync(self) -> None:
        s = self._require_state()
        self.agent_selection = self.possible_agents[s.current_player]
        self._legal = legal_actions(s)
        phase = _PHASE_NAMES[s.phase]
        for info in self.infos.values():
            info["phase"] = phase

    def _finish(self) -> None:
        s = self._require_state()
        scores = final_scores(s)
        won = winners(s)
        for i, a in enumerate(self.possible_agents):
            if self.reward_mode == "win":
                self.rewards[a] = 1.0 if i in won else -1.0
            else:
                best = max(v for j, v in enumerate(scores) if j != i)
                self.rewards[a] = (scores[i] - best) / 20
            self.terminations[a] = True
            self.infos[a]["final_scores"] = dict(
                zip(self.possible_agents, scores, strict=True)
            )
            self.infos[a]["winners"] = [self.possible_agents[j] for j in won]


class _IllegalMoveLoses(wrappers.TerminateIllegalWrapper):
    """PettingZoo's classic convention, with a warning that says why."""

    def step(self, action: int) -> None:
        agent = self.agent_selection
        base = self.unwrapped
        if (
            action is not None
            and not (self.terminations[agent] or self.truncations[agent])
            and isinstance(base, raw_env)
        ):
            reason = base.explain(int(action))
            if reason:
                warnings.warn(
                    f"{agent} played illegal action {action}: {reason}. "
                    f"The game ends and {agent} loses (reward -1).",
                    stacklevel=2,
                )
        super().step(action)


def env(**kwargs: Any) -> AECEnv:
    """The wrapped environment (illegal move loses, bounds and order checked)."""
    e: AECEnv = raw_env(**kwargs)
    e = _IllegalMoveLoses(e, illegal_reward=-1)
    e = wrappers.AssertOutOfBoundsWrapper(e)
    return wrappers.OrderEnforcingWrapper(e)
