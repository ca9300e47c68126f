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

### Illegal actions and bad values

An action is an int in 0..155: a Python int, a numpy integer or a 0-d integer
array (what `model.predict` returns); a bool, a float or any other shape is not
an action. `raw_env` raises the engine's `IllegalActionError` (a ValueError that
says why) for an illegal action or a value that is not an action, and changes
nothing. `env()` follows PettingZoo's classic convention for an illegal action
instead: the mover gets -1, the game ends for everyone, and a warning says why; a
value that is not an action raises `IllegalActionError` there too (an
out-of-range int: PettingZoo's AssertionError) and changes nothing. Other mistakes
(an unknown agent name, a bool or negative seed, stepping before `reset`) raise an
error that says what was wrong.

### Rendering

The text picture shows one seat's view, that seat's hand included. `render_seat`
says whose: a seat number or agent name fixes it; `"acting"` follows the player
to move, so every hand is shown in turn. `render_mode="ansi"` (render() returns
the text) defaults to `"acting"`, the view of the program that moves;
`render_mode="human"` (printed after every step) has no default, so that no hand
is printed unless the user asked for that seat's view.

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
RENDER_MODES = ("ansi", "human")
_PHASE_NAMES = tuple(p.name.lower() for p in Phase)
_CONFIG_FIELDS = tuple(GameConfig.__dataclass_fields__)
# What `raw_env` holds only after reset(); reading one earlier says so.
_AFTER_RESET = frozenset(
    {
        "agents",
        "agent_selection",
        "rewards",
        "_cumulative_rewards",
        "terminations",
        "truncations",
        "infos",
    }
)


class UnknownAgentError(KeyError):
    """An agent name that is not one of the environment's agents."""

    def __str__(self) -> str:  # KeyError would show the message in quotes
        return str(self.args[0])


def as_int(value: object) -> int | None:
    """`value` as a Python int when it is an integer: a Python int, a numpy
    integer or a 0-d integer array; None otherwise, for bools too (True would
    pass as 1, and a numpy bool indexes an array as a mask)."""
    if isinstance(value, (bool, np.bool_)):
        return None
    if isinstance(value, (int, np.integer)):
        return int(value)
    if (
        isinstance(value, np.ndarray)
        and value.shape == ()
        and np.issubdtype(value.dtype, np.integer)
    ):
        return int(value)
    return None


def _plain(value: Any) -> Any:
    """numpy scalars (inside lists and tuples too) as Python ones, so that a
    config option accepts `np.int64(3)` wherever it accepts 3 (bools stay bools)."""
    if isinstance(value, np.bool_):
        return bool(value)
    if isinstance(value, np.integer):
        return int(value)
    if isinstance(value, (list, tuple)):
        return type(value)(_plain(v) for v in value)
    return value


def checked_seed(seed: object, options: object) -> int | None:
    """`reset`'s seed as a Python int (None stays None: draw one); raises, saying
    what is wrong, for a bool, a non-integer or a negative seed, or for options
    that are not a dict (no option is defined: a dict's contents are ignored, as
    PettingZoo's api_test expects)."""
    if options is not None and not isinstance(options, dict):
        raise TypeError(
            f"reset(options={options!r}): options must be None or a dict, not "
            f"{type(options).__name__} (cavein_v0 defines none: set the game up "
            "with keywords to env() instead)"
        )
    if seed is None:
        return None
    value = as_int(seed)
    if value is None:
        raise TypeError(
            f"reset(seed={seed!r}): a seed must be None or a non-negative "
            f"int (Python or numpy), not {type(seed).__name__}"
        )
    if value < 0:
        raise ValueError(f"reset(seed={seed!r}): a seed must be non-negative")
    return value


def _not_an_action(agent: str, action: object) -> IllegalActionError:
    return IllegalActionError(
        f"{agent}: an action must be an int in 0..{NUM_ACTIONS - 1} (a Python "
        f"int, a numpy integer or a 0-d integer array), got {action!r} of type "
        f"{type(action).__name__}"
    )


class raw_env(AECEnv):
    """The bare Cave-In AEC environment; `env()` adds the standard wrappers.

    `self.game` is the engine state (for bots that read it directly), `self.actions`
    the engine actions so far and `self.seed_used` the seed: a record of the game.
    """

    metadata = {
        "name": "cavein_v0",
        "render_modes": list(RENDER_MODES),
        "is_parallelizable": False,
    }

    def __init__(
        self,
        num_players: int = 2,
        render_mode: str | None = None,
        reward: str = "win",
        render_seat: int | str | None = None,
        **config: Any,
    ) -> None:
        """Args:
        num_players: 2, 3 or 4.
        render_mode: None, "ansi" or "human".
        reward: "win" or "score" (see the module docstring).
        render_seat: whose view the picture shows: a seat number, an agent
            name, or "acting" (the player to move; the default for "ansi").
            "human" needs it (see the module docstring).
        **config: any other `GameConfig` field, e.g. `factions="first_game"`.
        """
        super().__init__()
        unknown = sorted(set(config) - set(_CONFIG_FIELDS))
        if unknown:
            raise ConfigError(
                f"unknown keyword(s) {unknown} for cavein_v0; allowed: "
                f"render_mode, render_seat, reward, {', '.join(_CONFIG_FIELDS)}"
            )
        if render_mode not in (None, *RENDER_MODES):
            raise ConfigError(
                f"render_mode={render_mode!r} is not allowed; use None, 'ansi' or 'human'"
            )
        if reward not in REWARD_MODES:
            raise ConfigError(f"reward={reward!r} is not allowed; use 'win' or 'score'")
        config = {k: _plain(v) for k, v in config.items()}
        self.config = GameConfig(num_players=_plain(num_players), **config)
        self.render_mode = render_mode
        self.reward_mode = reward
        n = self.config.num_players
        self.possible_agents = [f"player_{i}" for i in range(n)]
        self.agent_name_mapping = {a: i for i, a in enumerate(self.possible_agents)}
        self.render_seat = self._render_seat(render_seat, render_mode)
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

    def _render_seat(self, value: object, render_mode: str | None) -> int | None:
        """The seat whose view the picture shows; None: the player to move."""
        n = len(self.possible_agents)
        if value is None:
            if render_mode == "human":
                raise ConfigError(
                    "render_mode='human' prints the picture after every step, and "
                    "the picture shows one seat's hand: say whose with "
                    f"render_seat=0..{n - 1} (or 'player_0'..'player_{n - 1}'), or "
                    "render_seat='acting' to follow the player to move (every hand "
                    "in turn)"
                )
            return None
        if isinstance(value, str) and value == "acting":
            return None
        if isinstance(value, str) and value in self.agent_name_mapping:
            return self.agent_name_mapping[value]
        seat = as_int(value)
        if seat is not None and 0 <= seat < n:
            return seat
        raise ConfigError(
            f"render_seat={value!r} is not allowed; use a seat from 0 to {n - 1}, "
            f"an agent name ('player_0'..'player_{n - 1}') or 'acting'"
        )

    def _seat_of(self, agent: object) -> int:
        try:
            return self.agent_name_mapping[agent]  # type: ignore[index]
        except (KeyError, TypeError):
            raise UnknownAgentError(
                f"unknown agent {agent!r}; this {len(self.possible_agents)}-player "
                f"game's agents are {', '.join(self.possible_agents)}"
            ) from None

    def observation_space(self, agent: str) -> spaces.Space:
        self._seat_of(agent)
        return self._obs_space

    def action_space(self, agent: str) -> spaces.Space:
        self._seat_of(agent)
        return self._act_space

    def __getattr__(self, name: str) -> Any:
        """Only reached for a missing attribute: say that reset() sets it."""
        if name in _AFTER_RESET:
            raise AttributeError(
                f"raw_env.{name} is set by reset(): call reset() first"
            )
        raise AttributeError(
            f"{type(self).__name__!r} object has no attribute {name!r}"
        )

    # -- AEC API -------------------------------------------------------------

    def reset(self, seed: int | None = None, options: dict | None = None) -> None:
        """Deal a new game; the same seed deals the same game.

        `seed`: None (a fresh random seed) or a non-negative int (a numpy integer
        too). No options are defined; `options` may be None or a dict (ignored).
        """
        seed = checked_seed(seed, options)
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
        self.infos: dict[str, dict[str, Any]] = {a: {} for a in self.agents}
        self._sync()

    def observe(self, agent: str) -> dict[str, np.ndarray]:
        """The agent's observation and its action mask (zeros unless it moves)."""
        s = self._require_state("observe()")
        seat = self._seat_of(agent)
        if seat == s.current_player and not s.is_over:
            mask = legal_mask(self._legal, seat, s.num_players)
        else:
            mask = np.zeros(NUM_ACTIONS, np.int8)
        return {"observation": self._encoder.encode(s, seat), "action_mask": mask}

    def step(self, action: int) -> None:
        """Apply the acting agent's action (raises IllegalActionError if illegal)."""
        s = self._require_state("step()")
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        index = action if type(action) is int else as_int(action)  # ints: as is
        if index is None:
            raise _not_an_action(agent, action)
        if not 0 <= index < NUM_ACTIONS:
            raise IllegalActionError(
                f"{agent}: action {index} is out of range; actions are 0.."
                f"{NUM_ACTIONS - 1} (the action mask marks the legal ones)"
            )
        engine_action = decode(index, s.current_player, s.num_players)
        reason = (
            explain_illegal(s, engine_action)
            if engine_action not in self._legal
            else ""
        )
        if reason:  # checked against this step's legal set: nothing changes
            raise IllegalActionError(
                f"{agent} (seat {s.current_player}): action {index} is illegal; "
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

    def last(
        self, observe: bool = True
    ) -> tuple[dict[str, np.ndarray] | None, float, bool, bool, dict[str, Any]]:
        """The acting agent's observation, reward, termination, truncation, info."""
        self._require_state("last()")
        return super().last(observe)

    def render(self) -> str | None:
        """ "ansi": the text picture from `render_seat`'s view; "human": print it."""
        if self.render_mode is None:
            warnings.warn(
                "render() called with render_mode=None; pass render_mode='ansi' "
                "or 'human' to cavein_v0.env()",
                stacklevel=2,
            )
            return None
        s = self._require_state("render()")
        seat = s.current_player if self.render_seat is None else self.render_seat
        text = render_state(s, seat)
        if self.render_mode == "ansi":
            return text
        print(text)
        return None

    def close(self) -> None:
        pass

    # -- helpers -------------------------------------------------------------

    def explain(self, action: int) -> str:
        """Why `action` is illegal for the acting agent ('' if it is legal)."""
        s = self._require_state("explain()")
        index = as_int(action)
        if index is None:
            raise _not_an_action(self.agent_selection, action)
        return explain_illegal(s, decode(index, s.current_player, s.num_players))

    def _require_state(self, what: str = "this") -> GameState:
        if self.game is None:
            raise RuntimeError(f"call reset() before {what}: no game is dealt yet")
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


class _CheckedOrder(wrappers.OrderEnforcingWrapper):
    """PettingZoo's order checks, and refusals of what is not an action or a seed.

    A bool would pass the bounds check below and then index the mask as a boolean
    array, so a value that is not an action is refused here, before the wrappers
    below see it, and the rest is handed on as a Python int; a bad seed is refused
    before the wrappers below forget the game they are in. One layer for both, as
    every wrapper layer costs each step.
    """

    def reset(self, seed: Any = None, options: dict | None = None) -> None:
        checked_seed(seed, options)
        super().reset(seed=seed, options=options)

    def step(self, action: Any) -> None:
        # A plain int, the usual case, goes straight on; so does anything before
        # reset or after the end, which the order checks answer.
        if type(action) is not int and self._has_reset and self.agents:
            agent = self.agent_selection
            if not (self.terminations[agent] or self.truncations[agent]):
                index = as_int(action)
                if index is None:
                    raise _not_an_action(agent, action)
                action = index
        super().step(action)


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
    return _CheckedOrder(e)
