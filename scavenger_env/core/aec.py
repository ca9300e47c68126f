"""Any game behind the game interface as a PettingZoo AEC environment.

`GameEnv` runs a `scavenger_env.core.game.Game`: agents `player_0..player_{n-1}`,
a `Dict(observation=Box, action_mask=Box)` observation from the game's encoder and
codec, one env step per engine decision (so `agent_selection` comes from the
engine, not round-robin), rewards at the end. `wrap(raw)` adds the standard checks
(`make_env` does both). A game's own module (Cave-In: `scavenger_env.cavein.env`)
subclasses `GameEnv` to document its spaces and name its environment.

Rewards: `reward="win"` gives +1 to each winner (all tied players win) and -1 to
every other player at the end; `reward="score"` gives (own score - best
opponent's) / `game.score_scale`. At the game's safety stop (`game.is_truncated`)
no one has won: every agent gets `truncation=True` and reward 0.

Nothing here imports a game package: the game arrives as a `Game` or its name.
"""

from __future__ import annotations

import warnings
from typing import Any, ClassVar

import numpy as np
from gymnasium import spaces
from gymnasium.utils import seeding
from pettingzoo import AECEnv
from pettingzoo.utils import wrappers

from scavenger_env.core.actions import as_action
from scavenger_env.core.chance import play_chance
from scavenger_env.core.errors import (
    ConfigError,
    IllegalActionError,
    check_seed,
    show_int,
    show_value,
)
from scavenger_env.core.game import Game, GameRules
from scavenger_env.core.games import get_game
from scavenger_env.core.picture import Picture
from scavenger_env.core.screen import Screen, screen_missing

__all__ = [
    "RENDER_MODES",
    "REWARD_MODES",
    "GameEnv",
    "OneGameEnv",
    "UnknownAgentError",
    "as_int",
    "checked_seed",
    "end_reward",
    "make_env",
    "wrap",
]

REWARD_MODES = ("win", "score")
RENDER_MODES = ("ansi", "rgb_array", "human")
# What `GameEnv` holds only after reset() (reading one earlier says so): what the
# AEC loop reads at every step.
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


def end_reward(rules: Game, state: Any, seat: int, mode: str) -> float:
    """`seat`'s reward at the end of a finished game: "win" gives +1 to each
    winner and -1 to the others; "score" gives (own score - best opponent's) /
    `rules.score_scale`. (The safety stop gives 0: callers check it first.)"""
    if mode == "win":
        return 1.0 if seat in rules.winners(state) else -1.0
    scores = rules.scores(state)
    best = max(v for j, v in enumerate(scores) if j != seat)
    return (scores[seat] - best) / rules.score_scale


class UnknownAgentError(KeyError):
    """An agent name that is not one of the environment's agents."""

    def __str__(self) -> str:  # KeyError would show the message in quotes
        return str(self.args[0])


def as_int(value: object) -> int | None:
    """`value` as a Python int when it is an integer: an action id
    (`scavenger_env.core.actions.as_action`: a Python int or a numpy integer, not
    a bool) or a 0-d integer array; None otherwise, for a numpy bool too (it
    indexes an array as a mask) and for a masked value
    (``np.ma.masked_array(3, mask=True)`` holds no number)."""
    if isinstance(value, np.ndarray):
        if (
            value.shape != ()
            or not np.issubdtype(value.dtype, np.integer)
            or (isinstance(value, np.ma.MaskedArray) and np.ma.getmask(value).any())
        ):
            return None
        return int(value)
    index = as_action(value)
    return None if index is None else int(index)


def plain(value: Any) -> Any:
    """numpy scalars (inside lists and tuples too) as Python ones, so that a
    config option accepts `np.int64(3)` wherever it accepts 3 (bools stay bools)."""
    if isinstance(value, np.bool_):
        return bool(value)
    if isinstance(value, np.integer):
        return int(value)
    if isinstance(value, (list, tuple)):
        return type(value)(plain(v) for v in value)
    return value


def checked_seed(
    seed: object, options: object, env_name: str = "this environment"
) -> int | None:
    """`reset`'s seed as a Python int (None stays None: draw one); raises, saying
    what is wrong, for a bool, a non-integer (TypeError), a negative seed or one
    above 2**64 - 1 (SeedError, a ValueError: a record keeps its seed in 64
    bits), or for options that are not a dict (no option is defined: a dict's
    contents are ignored, as PettingZoo's api_test expects)."""
    if options is not None and not isinstance(options, dict):
        raise TypeError(
            f"reset(options={show_value(options)}): options must be None or a "
            "dict, not "
            f"{type(options).__name__} ({env_name} defines none: set the game up "
            "with keywords to env() instead)"
        )
    if seed is None:
        return None
    value = as_int(seed)
    if value is None:
        raise TypeError(
            f"reset(seed={show_value(seed)}): a seed must be None or a non-negative "
            f"int (Python or numpy), not {type(seed).__name__}"
        )
    return check_seed(value, f"reset(seed={show_int(value)})")


def _not_an_action(
    agent: str, action: object, num_actions: int, error: type[Exception]
) -> Exception:
    return error(
        f"{agent}: an action must be an int in 0..{num_actions - 1} (a Python "
        f"int, a numpy integer or a 0-d integer array), got {show_value(action)} "
        f"of type {type(action).__name__}"
    )


def _game_over_error(agent: str, action: object, error: type[Exception]) -> Exception:
    """What a step with an action other than None says once `agent`'s game is
    over (PettingZoo's own answer is a bare ValueError or AssertionError)."""
    return error(
        f"{agent}: the game is over for {agent}, so its only action is None: "
        f"step(None) collects its final reward and removes it (agent_iter() does "
        f"this in turn); got {show_value(action)} of type {type(action).__name__}"
    )


class GameEnv(AECEnv):
    """The bare AEC environment of one game; `wrap()` adds the standard wrappers.

    `self.rules` is the `Game`; `self.game` the game's state (for bots that read
    it directly), `self.actions` the engine actions so far and `self.seed_used`
    the seed: a record of the game.
    """

    metadata: dict[str, Any] = {
        "render_modes": list(RENDER_MODES),
        "is_parallelizable": False,
    }
    #: the errors raised for a bad keyword and an illegal action (a game's env may
    #: raise its own subclasses, which its users catch)
    config_error: ClassVar[type[ConfigError]] = ConfigError
    illegal_error: ClassVar[type[IllegalActionError]] = IllegalActionError

    def __init__(
        self,
        game: str | Game,
        num_players: int = 2,
        render_mode: str | None = None,
        reward: str = "win",
        render_seat: int | str | None = None,
        **config: Any,
    ) -> None:
        """Args:
        game: a `Game` or a registered game's name.
        num_players: seats, from `game.min_players` to `game.max_players`.
        render_mode: None, "ansi" (text), "rgb_array" (an image array) or
            "human" (a window, or inline in a notebook).
        reward: "win" or "score" (see the module docstring).
        render_seat: whose view the picture shows: a seat number, an agent
            name, or "acting" (the player to move; the default for "ansi" and
            "rgb_array"). "human" needs it.
        **config: the game's config options (`game.config_options()`).
        """
        super().__init__()
        rules = get_game(game)
        self.rules = rules
        if "name" not in self.metadata:
            self.metadata = {**self.metadata, "name": f"{rules.name}_v0"}
        name = self.metadata["name"]
        allowed = self._option_names()
        unknown = sorted(set(config) - set(allowed))
        if unknown:
            raise self.config_error(
                f"unknown keyword(s) {unknown} for {name}; allowed: "
                f"render_mode, render_seat, reward, {', '.join(allowed)}"
            )
        if render_mode not in (None, *RENDER_MODES):
            raise self.config_error(
                f"render_mode={render_mode!r} is not allowed; use None, 'ansi', "
                "'rgb_array' or 'human'"
            )
        if reward not in REWARD_MODES:
            raise self.config_error(
                f"reward={reward!r} is not allowed; use 'win' or 'score'"
            )
        config = {k: plain(v) for k, v in config.items()}
        self.config = rules.make_config(plain(num_players), **config)
        self.render_mode = render_mode
        self.reward_mode = reward
        n = self.config.num_players
        self.possible_agents = [f"player_{i}" for i in range(n)]
        self.agent_name_mapping = {a: i for i, a in enumerate(self.possible_agents)}
        self.render_seat = self._render_seat(render_seat, render_mode)
        self.screen: Screen | None = None
        if render_mode == "human":
            missing = screen_missing()
            if missing:
                raise self.config_error(missing)
            self.screen = Screen(rules.title)
        self._num_actions = rules.env_actions
        self._obs_space = spaces.Dict(
            {
                "observation": spaces.Box(
                    0.0, 1.0, (rules.observation_size,), np.float32
                ),
                "action_mask": spaces.Box(0, 1, (self._num_actions,), np.int8),
            }
        )
        self._act_space = spaces.Discrete(self._num_actions)
        self.observation_spaces = dict.fromkeys(self.possible_agents, self._obs_space)
        self.action_spaces = dict.fromkeys(self.possible_agents, self._act_space)
        self.game: Any = None
        self.seed_used: int | None = None
        self.actions: list[int] = []
        self._legal: list[int] = []
        self._n = n
        self._mover = 0
        self._over = False
        self._encoder = rules.make_encoder()
        # The hot path calls these once or twice a step: bound once here.
        codec = rules.codec()
        self._decode = codec.decode
        self._legal_mask = codec.legal_mask
        self._encode = self._encoder.encode
        self._legal_actions = rules.legal_actions
        self._apply_legal_action = rules.apply_legal_action
        self._explain_illegal = rules.explain_illegal
        self._current_player = rules.current_player
        self._is_over = rules.is_over
        self._is_chance_node = rules.is_chance_node
        # a game that keeps the interface's is_chance_node has no chance node
        self._has_chance = type(rules).is_chance_node is not GameRules.is_chance_node
        self._phase = rules.phase
        self._phase_names = rules.phase_names

    def _option_names(self) -> tuple[str, ...]:
        """The config keywords `__init__` accepts (listed in its error message)."""
        return ("num_players", *self.rules.config_options())

    def _render_seat(self, value: object, render_mode: str | None) -> int | None:
        """The seat whose view the picture shows; None: the player to move."""
        n = len(self.possible_agents)
        if value is None:
            if render_mode == "human":
                raise self.config_error(
                    "render_mode='human' shows the picture after every step, and "
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
        raise self.config_error(
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
                f"{type(self).__name__}.{name} is set by reset(): call reset() first"
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
        seed = checked_seed(seed, options, self.metadata["name"])
        if seed is None:
            seed = int(np.random.SeedSequence().generate_state(1, np.uint64)[0] >> 1)
        self.np_random, _ = seeding.np_random(seed)  # == default_rng(seed)
        self.seed_used = seed
        self.game = self.rules.new_game(self.config, self.np_random)
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
        s = self.game
        if s is None:  # raises, saying reset() comes first (no call every step)
            self._require_state("observe()")
        seat = self._seat_of(agent)
        if seat == self._mover and not self._over:
            mask = self._legal_mask(self._legal, seat, self._n)
        else:
            mask = np.zeros(self._num_actions, np.int8)
        return {"observation": self._encode(s, seat), "action_mask": mask}

    def step(self, action: int) -> None:
        """Apply the acting agent's action (raises `illegal_error` if illegal)."""
        s = self.game
        if s is None:  # raises, saying reset() comes first (no call every step)
            self._require_state("step()")
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            if action is not None:
                raise _game_over_error(agent, action, self.illegal_error)
            self._was_dead_step(action)
            return
        index = action if type(action) is int else as_int(action)  # ints: as is
        if index is None:
            raise _not_an_action(agent, action, self._num_actions, self.illegal_error)
        if not 0 <= index < self._num_actions:
            raise self.illegal_error(
                f"{agent}: action {show_int(index)} is out of range; actions are 0.."
                f"{self._num_actions - 1} (the action mask marks the legal ones)"
            )
        mover = self._mover
        engine_action = self._decode(index, mover, self._n)
        reason = (
            ""
            if engine_action in self._legal
            else self._explain_illegal(s, engine_action)
        )
        if reason:  # checked against this step's legal set: nothing changes
            raise self.illegal_error(
                f"{agent} (seat {mover}): action {index} is illegal; "
                f"{reason} (the engine numbers seats absolutely: player k is "
                f"player_k)"
            )
        self._apply_legal_action(s, engine_action)
        self.actions.append(engine_action)
        self._cumulative_rewards[agent] = 0.0
        self._sync()
        if self._over:  # rewards are 0 until the end: nothing to accumulate before
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

    def render(self) -> str | np.ndarray | None:
        """The position from `render_seat`'s view: "ansi" returns the text
        picture, "rgb_array" the drawn picture as an `H x W x 3` uint8 array,
        "human" shows the drawn picture (a window, or inline in a notebook)."""
        if self.render_mode is None:
            warnings.warn(
                "render() called with render_mode=None; pass render_mode='ansi', "
                f"'rgb_array' or 'human' to {self.metadata['name']}.env()",
                stacklevel=2,
            )
            return None
        s = self._require_state("render()")
        seat = self._mover if self.render_seat is None else self.render_seat
        if self.render_mode == "ansi":
            return self.rules.render(s, seat)
        picture = self.rules.picture(s, seat)
        if self.render_mode == "rgb_array":
            return picture.to_rgb()
        assert self.screen is not None  # made with the mode
        self.screen.show(picture)
        return None

    def picture(self, seat: int | str | None = None) -> Picture:
        """The drawn position (SVG) from `seat`'s view (a seat number or agent
        name; default `render_seat`, else the player to move): a notebook shows
        it inline, `.save("x.png")` writes it."""
        s = self._require_state("picture()")
        if seat is None:
            viewer = self._mover if self.render_seat is None else self.render_seat
        else:
            viewer = self._render_seat(seat, None)
            if viewer is None:  # "acting"
                viewer = self._mover
        return self.rules.picture(s, viewer)

    def _repr_svg_(self) -> str | None:
        """A notebook shows the env as its picture once a game is on."""
        if self.game is None:
            return None
        return self.picture().svg

    def close(self) -> None:
        if self.screen is not None:
            self.screen.close()

    # -- helpers -------------------------------------------------------------

    def explain(self, action: int) -> str:
        """Why `action` is illegal for the acting agent ('' if it is legal)."""
        s = self._require_state("explain()")
        index = as_int(action)
        if index is None:
            raise _not_an_action(
                self.agent_selection, action, self._num_actions, self.illegal_error
            )
        if not 0 <= index < self._num_actions:
            return (
                f"action {show_int(index)} is out of range; actions are "
                f"0..{self._num_actions - 1}"
            )
        return self._why_illegal(s, self._decode(index, self._mover, self._n))

    def _allows(self, index: int) -> bool:
        """Whether `index`, an action id in range, is legal for the mover now."""
        return self._decode(index, self._mover, self._n) in self._legal

    def _why_illegal(self, s: Any, engine_action: int) -> str:
        """Why `engine_action` is illegal now ('' if legal): this step's legal set
        answers a legal action (no second legality check); only an illegal one
        asks the engine for its reason."""
        if engine_action in self._legal:
            return ""
        return self._explain_illegal(s, engine_action)

    def _require_state(self, what: str = "this") -> Any:
        if self.game is None:
            raise RuntimeError(f"call reset() before {what}: no game is dealt yet")
        return self.game

    def _sync(self) -> None:
        s = self.game
        if self._has_chance and self._is_chance_node(s):  # from the game's Generator
            play_chance(self.rules, s, self.np_random, self.actions)
        mover = self._mover = self._current_player(s)
        self._over = self._is_over(s)
        self.agent_selection = self.possible_agents[mover]
        self._legal = self._legal_actions(s)
        phase = self._phase_names[self._phase(s)]
        for info in self.infos.values():
            info["phase"] = phase

    def _finish(self) -> None:
        s = self.game
        rules = self.rules
        scores = rules.scores(s)
        won = rules.winners(s)
        truncated = rules.is_truncated(s)
        for i, a in enumerate(self.possible_agents):
            if truncated:  # a safety stop: nobody won or lost
                self.rewards[a] = 0.0
                self.truncations[a] = True
            else:
                self.rewards[a] = end_reward(rules, s, i, self.reward_mode)
                self.terminations[a] = True
            self.infos[a]["final_scores"] = dict(
                zip(self.possible_agents, scores, strict=True)
            )
            self.infos[a]["winners"] = [self.possible_agents[j] for j in won]


class OneGameEnv(GameEnv):
    """The environment of the one game a subclass names: a game's `raw_env`.

    A subclass sets `env_game` (its `Game`) and, where the game has its own, the
    error classes (`config_error`, `illegal_error`); its metadata name is
    `<game name>_v0`. Its keywords are `GameEnv`'s without the game.
    """

    env_game: ClassVar[Game[Any, Any]]

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        game = cls.__dict__.get("env_game")
        if game is not None:
            cls.metadata = {
                "name": f"{game.name}_v0",
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
        num_players: seats, from the game's `min_players` to its `max_players`.
        render_mode: None, "ansi" (text), "rgb_array" (an image array) or
            "human" (a window, or inline in a notebook).
        reward: "win" or "score" (see the module docstring).
        render_seat: whose view the picture shows: a seat number, an agent
            name, or "acting" (the player to move; the default for "ansi" and
            "rgb_array"). "human" needs it (see the module docstring).
        **config: any other field of the game's config
            (`env_game.config_options()`).
        """
        super().__init__(
            self.env_game,
            num_players=num_players,
            render_mode=render_mode,
            reward=reward,
            render_seat=render_seat,
            **config,
        )


class _CheckedOrder(wrappers.OrderEnforcingWrapper):
    """PettingZoo's order checks, and refusals of what is not an action or a seed.

    A bool would pass the bounds check below and then index the mask as a boolean
    array, so a value that is not an action is refused here, before the wrappers
    below see it, and the rest is handed on as a Python int; a bad seed is refused
    before the wrappers below forget the game they are in. One layer for both, as
    every wrapper layer costs each step.
    """

    def __init__(self, env: AECEnv) -> None:
        super().__init__(env)
        base = env.unwrapped
        self._base = base
        self._env_name: str = base.metadata.get("name", "this environment")
        self._num_actions: int = getattr(base, "_num_actions", 0)
        self._illegal_error: type[Exception] = getattr(
            base, "illegal_error", IllegalActionError
        )

    def __getattr__(self, name: str) -> Any:
        # The loop reads these at every step (agent_iter, last, step), and no
        # layer below holds its own: once reset, read them from the environment
        # itself rather than through each layer's lookup.
        if name in _AFTER_RESET and self._has_reset:
            return getattr(self._base, name)
        return super().__getattr__(name)

    def reset(self, seed: Any = None, options: dict | None = None) -> None:
        checked_seed(seed, options, self._env_name)
        super().reset(seed=seed, options=options)

    def _repr_svg_(self) -> str | None:
        """A notebook shows the wrapped env as its picture too."""
        show = getattr(self._base, "_repr_svg_", None)
        return show() if show is not None else None

    def step(self, action: Any) -> None:
        # A plain int in range, the usual case, goes straight on; so does anything
        # before reset, which the order checks answer. Once an agent's game is
        # over its only action is None: anything else is refused here, before the
        # bounds check below answers it with a bare AssertionError (an int in
        # range reaches the environment, which refuses it the same way).
        plain_int = type(action) is int
        if (
            not (plain_int and 0 <= action < self._num_actions)
            and self._has_reset
            and self.agents
        ):
            agent = self.agent_selection
            if self.terminations[agent] or self.truncations[agent]:
                if action is not None:
                    raise _game_over_error(agent, action, self._illegal_error)
            elif not plain_int:
                index = as_int(action)
                if index is None:
                    raise _not_an_action(
                        agent, action, self._num_actions, self._illegal_error
                    )
                action = index
        super().step(action)


class _IllegalMoveLoses(wrappers.TerminateIllegalWrapper):
    """PettingZoo's classic convention, with a warning that says why.

    Over a `GameEnv` the environment itself says whether an action is legal, so
    a legal action goes straight to it; only an illegal one, or a step once the
    game is over, goes through PettingZoo's handling, which reads the mover's
    last observed mask (kept here at the same moments PettingZoo keeps it, read
    from the environment without the lookups through each layer).
    """

    def __init__(self, env: AECEnv, illegal_reward: float) -> None:
        super().__init__(env, illegal_reward)
        self._base = env.unwrapped  # the attributes below are read straight from it

    def observe(self, agent: str) -> Any:
        if not isinstance(self._base, GameEnv):
            return super().observe(agent)
        obs = self.env.observe(agent)
        if agent == self._base.agent_selection:
            self._prev_obs = obs
        return obs

    def step(self, action: int) -> None:
        base = self._base
        agent = base.agent_selection
        if action is None:
            pass
        elif base.terminations[agent] or base.truncations[agent]:
            # PettingZoo would answer with a bare ValueError (after a game lost by
            # an illegal move, it calls the environment's dead step itself).
            raise _game_over_error(
                agent, action, getattr(base, "illegal_error", IllegalActionError)
            )
        elif isinstance(base, GameEnv):
            # the bounds check above let through only an action id in range
            if base._allows(action):  # nothing for PettingZoo's handling to do
                self._prev_obs = None
                self.env.step(action)
                return
            reason = base.explain(int(action))
            if reason:
                warnings.warn(
                    f"{agent} played illegal action {action}: {reason}. "
                    f"The game ends and {agent} loses (reward -1).",
                    stacklevel=2,
                )
        super().step(action)


def wrap(raw: AECEnv) -> AECEnv:
    """`raw` inside the standard wrappers: an illegal move loses (with a warning
    that says why), out-of-range actions and call order are checked."""
    e: AECEnv = _IllegalMoveLoses(raw, illegal_reward=-1)
    e = wrappers.AssertOutOfBoundsWrapper(e)
    return _CheckedOrder(e)


def make_env(game: str | Game, **kwargs: Any) -> AECEnv:
    """The wrapped environment of `game` (keywords as `GameEnv`)."""
    return wrap(GameEnv(game, **kwargs))
