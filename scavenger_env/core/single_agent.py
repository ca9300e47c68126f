"""Any game as a single-agent Gymnasium environment: one learner against opponents.

`SingleAgentEnv` is what a single-agent learner (Stable-Baselines3's
`MaskablePPO`, for one) trains on. The learner plays one seat; every other seat is
played by an opponent handed in, so one `step` is the learner's decision followed
by the opponents' decisions up to the learner's next one (or the end). Each episode
draws the learner's seat from `seats` and each opponent seat's player from
`opponents`, with the given weights; `set_opponents` changes the pool between
episodes (a league does, through `VecEnv.env_method`).

The observation and the action mask are exactly those of the AEC environment
(`GameEnv`) for the learner's seat: the same encoder and the same codec. The mask
is `action_masks()`, the method `MaskablePPO` asks for (a bool array).

The reward is the learner's own, given at the end of the episode (0 before):

- `"win"`: +1 if the learner is among the winners (all tied players win), else -1;
- `"score"`: (own score - best opponent's) / `game.score_scale`, the score margin
  (a denser signal than win/loss: it says how far from winning a loss was);
- `"win+score"`: the sum of both.

At the game's safety stop (`game.is_truncated`) nobody won: `truncated=True`,
reward 0, as in the AEC environment, and `info["won"]` is False (`info["scores"]`
and `info["winners"]` still give the standings when it stopped).

An illegal action (one the mask rules out): with `illegal="lose"`, the default,
as in the wrapped AEC environment, the episode ends there, the learner loses
(reward -1 whatever the reward mode; `info["illegal"]` says why) and a warning
says why; with `illegal="raise"` it raises `IllegalActionError` saying why and
changes nothing. (A masked learner never plays one; environment checkers that
step with unmasked random actions need "lose".)

An opponent is any object with the agent interface (`act(view, legal, rng)` and,
optionally, `reset(seat, config)`; it gets the `SeatView` its `reads_view` and
`reads_observation` attributes ask for) or a callable `f(view, legal, rng)`.
Drawn twice in one episode (3 or 4 players), an object plays its second seat as
a copy, so a bot that remembers its seat keeps it. The copy is made once and kept
until `set_opponents` (a deep copy of a policy is costly): an object changed in
place (new weights) reaches its copies only through `set_opponents`.

Nothing here imports a learning library or the bots: the opponents arrive as
objects.
"""

from __future__ import annotations

import copy
import warnings
from collections.abc import Callable, Sequence
from typing import Any

import gymnasium
import numpy as np
from gymnasium import spaces

from scavenger_env.core.aec import REWARD_MODES as _AEC_REWARDS
from scavenger_env.core.aec import as_int, checked_seed, end_reward, plain
from scavenger_env.core.chance import play_chance
from scavenger_env.core.errors import ConfigError, IllegalActionError, show_value
from scavenger_env.core.game import Game
from scavenger_env.core.games import DEFAULT_GAME, get_game
from scavenger_env.core.seat_view import view_for

__all__ = ["ILLEGAL_MODES", "REWARD_MODES", "SingleAgentEnv"]

REWARD_MODES = (*_AEC_REWARDS, "win+score")
ILLEGAL_MODES = ("lose", "raise")
#: decisions a game may take before it is cut off as broken (the engines' own
#: safety stops come long before)
_MAX_DECISIONS = 100_000


class _UniformRandom:
    """The default opponent: uniformly random among the legal actions."""

    name = "random"
    reads_view = False

    def act(self, view: Any, legal: list[int], rng: np.random.Generator) -> int:
        return legal[int(rng.integers(len(legal)))]


class _CallableOpponent:
    """A plain function `f(view, legal, rng) -> action` as an opponent."""

    def __init__(self, fn: Callable[..., int]) -> None:
        self.fn = fn
        self.name = getattr(fn, "__name__", "callable")
        self.reads_view = getattr(fn, "reads_view", True)
        self.reads_observation = getattr(fn, "reads_observation", False)

    def act(self, view: Any, legal: list[int], rng: np.random.Generator) -> int:
        return self.fn(view, legal, rng)


def _as_opponent(player: object) -> Any:
    if hasattr(player, "act"):
        return player
    if callable(player):
        return _CallableOpponent(player)
    raise ConfigError(
        f"opponent {player!r} is neither an agent (an object with act(view, legal, "
        "rng)) nor a callable f(view, legal, rng)"
    )


def _weights(values: Sequence[float] | None, count: int, what: str) -> np.ndarray:
    """Normalised draw weights (uniform when None), checked."""
    if values is None:
        return np.full(count, 1.0 / count)
    try:
        w = np.asarray(values, dtype=float)
    except (TypeError, ValueError):
        w = np.empty(0)  # not numbers: said below
    if w.ndim != 1 or w.size == 0:
        raise ConfigError(
            f"{what}: give a list of {count} numbers (one per choice), got {values!r}"
        )
    if w.shape != (count,):
        raise ConfigError(f"{what}: {len(w)} weights for {count} choices")
    if not np.all(np.isfinite(w)) or np.any(w < 0) or w.sum() <= 0:
        raise ConfigError(
            f"{what}: weights must be finite, non-negative and not all zero, "
            f"got {list(values)}"
        )
    return w / w.sum()


class SingleAgentEnv(gymnasium.Env):
    """One learner seat of a game against opponents (see the module docstring).

    Attributes after `reset`: `state` (the game's state; for tools, not for the
    learner), `seat` (the learner's seat this episode), `players` (each seat's
    opponent, None at the learner's), `actions` (the engine actions so far) and
    `game_seed` (the seat-independent seed of the deal: `GameEnv.reset(seed=
    game_seed)` deals the same game).
    """

    metadata = {"render_modes": ["ansi"]}

    def __init__(
        self,
        game: str | Game = DEFAULT_GAME,
        num_players: int = 2,
        opponents: Sequence[object] | None = None,
        opponent_weights: Sequence[float] | None = None,
        seats: Sequence[int] | None = None,
        seat_weights: Sequence[float] | None = None,
        reward: str = "score",
        illegal: str = "lose",
        render_mode: str | None = None,
        **config: Any,
    ) -> None:
        """Args:
        game: a `Game` or a registered game's name.
        num_players: seats, from `game.min_players` to `game.max_players`.
        opponents: the players the other seats are drawn from (default: one
            uniformly random player).
        opponent_weights: their draw weights (default: equal).
        seats: the seats the learner may take (default: all of them).
        seat_weights: their draw weights (default: equal).
        reward: "win", "score" or "win+score" (see the module docstring).
        illegal: "lose" or "raise": what an illegal action does (see the module
            docstring).
        render_mode: None or "ansi".
        **config: the game's config options (`game.config_options()`).
        """
        super().__init__()
        rules = get_game(game)
        self.rules = rules
        unknown = sorted(set(config) - set(rules.config_options()))
        if unknown:
            raise ConfigError(
                f"unknown keyword(s) {unknown} for {rules.name}; allowed: "
                f"{', '.join(rules.config_options())}"
            )
        if reward not in REWARD_MODES:
            raise ConfigError(
                f"reward={reward!r} is not allowed; use one of {', '.join(REWARD_MODES)}"
            )
        if illegal not in ILLEGAL_MODES:
            raise ConfigError(
                f"illegal={illegal!r} is not allowed; use 'lose' or 'raise'"
            )
        self.illegal = illegal
        if render_mode not in (None, "ansi"):
            raise ConfigError(
                f"render_mode={render_mode!r} is not allowed; use None or 'ansi'"
            )
        self.config = rules.make_config(
            plain(num_players), **{k: plain(v) for k, v in config.items()}
        )
        self.num_players = n = self.config.num_players
        self.reward_mode = reward
        self.render_mode = render_mode
        all_seats = list(range(n))
        if seats is not None and not isinstance(seats, (list, tuple, np.ndarray)):
            raise ConfigError(f"seats={seats!r}: give a list of seats, like [0]")
        self.seats = list(all_seats if seats is None else seats)
        bad = [s for s in self.seats if as_int(s) is None or not 0 <= int(s) < n]
        if bad or not self.seats:
            raise ConfigError(
                f"seats={seats!r}: give seats from 0 to {n - 1} (at least one)"
            )
        self.seats = [int(s) for s in self.seats]
        self._seat_p = _weights(seat_weights, len(self.seats), "seat_weights")
        self.set_opponents(
            [_UniformRandom()] if opponents is None else opponents, opponent_weights
        )
        self.observation_space = spaces.Box(
            0.0, 1.0, (rules.observation_size,), np.float32
        )
        self.action_space = spaces.Discrete(rules.env_actions)
        self._encoder = rules.make_encoder()
        codec = rules.codec()
        self._decode = codec.decode
        self._legal_mask = codec.legal_mask
        self._no_moves = np.zeros(rules.env_actions, bool)
        self.state: Any = None
        self.seat = 0
        self.players: list[Any] = []
        self.actions: list[int] = []
        self.game_seed = 0
        self._legal: list[int] = []
        self._forfeited = False
        self._drawn: list[int | None] = []
        self._rngs: list[np.random.Generator] = []

    # -- the opponents ---------------------------------------------------------

    def set_opponents(
        self, opponents: Sequence[object], weights: Sequence[float] | None = None
    ) -> None:
        """Draw later episodes' opponents from `opponents` with `weights` (the
        copies of objects drawn twice are made afresh)."""
        if not isinstance(opponents, (list, tuple)):
            raise ConfigError(
                f"opponents={opponents!r}: give a list of opponents, like [agent]"
            )
        if not opponents:
            raise ConfigError("opponents: give at least one opponent")
        self.opponents = [_as_opponent(p) for p in opponents]
        self._opponent_p = _weights(weights, len(self.opponents), "opponent_weights")
        self._copies: dict[tuple[int, int], Any] = {}

    def set_opponent_weights(self, weights: Sequence[float]) -> None:
        """Change only the draw weights (prioritised sampling updates them)."""
        self._opponent_p = _weights(weights, len(self.opponents), "opponent_weights")

    def opponent_names(self) -> list[str]:
        """This episode's opponents by seat (the learner's seat is "learner")."""
        return [
            "learner" if p is None else str(getattr(p, "name", type(p).__name__))
            for p in self.players
        ]

    # -- the Gymnasium API -------------------------------------------------------

    def reset(
        self, *, seed: int | None = None, options: dict | None = None
    ) -> tuple[np.ndarray, dict[str, Any]]:
        """Deal a new game, draw the seat and the opponents, play the opponents
        up to the learner's first decision."""
        checked_seed(seed, options, "SingleAgentEnv")
        super().reset(seed=seed)
        rng = self.np_random
        self.seat = self.seats[int(rng.choice(len(self.seats), p=self._seat_p))]
        drawn = rng.choice(
            len(self.opponents), size=self.num_players, p=self._opponent_p
        )
        self._drawn = [
            None if s == self.seat else int(drawn[s]) for s in range(self.num_players)
        ]
        self._seat_players()
        self.game_seed = int(rng.integers(2**63 - 1))
        self._rngs = [
            np.random.default_rng(r)
            for r in rng.integers(2**63 - 1, size=self.num_players)
        ]
        # The game's Generator: it deals, then draws the rolls of chance nodes.
        self._game_rng = np.random.default_rng(self.game_seed)
        self.state = self.rules.new_game(self.config, self._game_rng)
        self.actions = []
        self._forfeited = False
        self._encoder.reset()
        self._play_opponents()
        return self._observation(), self._info()

    def step(self, action: int) -> tuple[np.ndarray, float, bool, bool, dict[str, Any]]:
        """Play the learner's `action` (an env action id), then the opponents'
        decisions up to the learner's next one. An illegal action loses the
        episode or raises, as `illegal` says (see the module docstring); a value
        that is not an action id always raises `IllegalActionError`."""
        state = self.state
        rules = self.rules
        if state is None:
            raise RuntimeError("call reset() before step(): no game is dealt yet")
        if self._forfeited or rules.is_over(state):
            raise RuntimeError("the episode is over: call reset() to deal a new game")
        index = action if type(action) is int else as_int(action)
        n_actions = self.rules.env_actions
        if index is None or not 0 <= index < n_actions:
            raise IllegalActionError(
                f"action {show_value(action)} is not an env action id in "
                f"0..{n_actions - 1} "
                "(action_masks() marks the legal ones)"
            )
        engine_action = self._decode(index, self.seat, self.num_players)
        if engine_action not in self._legal:
            why = (
                f"learner (seat {self.seat}): action {index} is illegal; "
                f"{rules.explain_illegal(state, engine_action) or 'not in the mask'}"
            )
            if self.illegal == "raise":
                raise IllegalActionError(why)
            return self._lose_by_illegal_action(why)
        rules.apply_legal_action(state, engine_action)
        self.actions.append(engine_action)
        self._play_opponents()
        reward, terminated, truncated = 0.0, False, False
        if rules.is_over(state):
            if rules.is_truncated(state):
                truncated = True
            else:
                terminated = True
                reward = self._final_reward()
        return self._observation(), reward, terminated, truncated, self._info()

    def action_masks(self) -> np.ndarray:
        """The learner's legal env action ids as a bool array (all False once
        the game is over): the mask `MaskablePPO` reads."""
        if self.state is None or self._forfeited or self.rules.is_over(self.state):
            return self._no_moves.copy()
        return self._legal_mask(self._legal, self.seat, self.num_players).astype(bool)

    def render(self) -> str | None:
        """The text picture of the game from the learner's seat ("ansi")."""
        if self.render_mode is None:
            return None
        if self.state is None:
            raise RuntimeError("call reset() before render(): no game is dealt yet")
        return self.rules.render(self.state, self.seat)

    # -- saving an episode in progress ------------------------------------------

    def episode_state(self) -> dict[str, Any]:
        """All that `restore_episode` needs to put this env back exactly where it
        is, mid-episode: plain, picklable data (the game as seed and actions, the
        generators' states, the opponents as indices into `opponents`).
        A training checkpoint keeps it, so a resumed run goes on as if never
        stopped (opponents that keep no memory between decisions, as the bots
        here, are rebuilt by `reset(seat, config)`)."""
        return {
            "np_random": self.np_random.bit_generator.state,
            "seat": self.seat,
            "drawn": list(self._drawn),
            "game_seed": self.game_seed,
            "actions": list(self.actions),
            "rngs": [r.bit_generator.state for r in self._rngs],
            "game_rng": self._game_rng.bit_generator.state,
            "forfeited": self._forfeited,
            "opponent_p": self._opponent_p.tolist(),
        }

    def restore_episode(self, saved: dict[str, Any]) -> np.ndarray:
        """Go back to an `episode_state`; returns the learner's observation."""
        rules = self.rules
        self.np_random.bit_generator.state = saved["np_random"]
        self.seat = saved["seat"]
        self._drawn = list(saved["drawn"])
        if len(saved["opponent_p"]) != len(self.opponents):
            raise ConfigError(
                f"the saved episode drew from {len(saved['opponent_p'])} opponents, "
                f"this env has {len(self.opponents)}: set the same opponents first"
            )
        self._opponent_p = np.asarray(saved["opponent_p"], dtype=float)
        self._copies = {}
        self._seat_players()
        self.game_seed = saved["game_seed"]
        self._rngs = []
        for state in saved["rngs"]:
            r = np.random.default_rng()
            r.bit_generator.state = state
            self._rngs.append(r)
        self._game_rng = np.random.default_rng(self.game_seed)
        self.state = rules.new_game(self.config, self._game_rng)
        for a in saved["actions"]:
            rules.apply_action(self.state, a)
        if "game_rng" in saved:  # (an episode saved before chance nodes: none drawn)
            self._game_rng.bit_generator.state = saved["game_rng"]
        self.actions = list(saved["actions"])
        self._forfeited = saved["forfeited"]
        self._encoder.reset()
        mover = rules.current_player(self.state)
        over = rules.is_over(self.state)
        self._legal = (
            rules.legal_actions(self.state) if mover == self.seat and not over else []
        )
        return self._observation()

    # -- helpers -------------------------------------------------------------------

    def _seat_players(self) -> None:
        """Seat this episode's opponents (`_drawn`: an index per seat, None at
        the learner's); an object drawn twice plays its second seat as a copy."""
        self.players = []
        used: set[int] = set()
        for s, i in enumerate(self._drawn):
            if i is None:
                self.players.append(None)
                continue
            player = self.opponents[i]
            if i in used:  # a second seat for the same object: its own copy
                player = self._copies.get((i, s))
                if player is None:
                    player = self._copies[(i, s)] = copy.deepcopy(self.opponents[i])
            used.add(i)
            if hasattr(player, "reset"):
                player.reset(s, self.config)
            self.players.append(player)

    def _lose_by_illegal_action(
        self, why: str
    ) -> tuple[np.ndarray, float, bool, bool, dict[str, Any]]:
        warnings.warn(
            f"{why}. The episode ends and the learner loses (reward -1).", stacklevel=3
        )
        info = self._info()
        info["illegal"] = why
        self._legal = []
        self._forfeited = True
        return self._observation(), -1.0, True, False, info

    def _play_opponents(self) -> None:
        """Let the opponents move until the learner is to move or the game ends."""
        rules = self.rules
        state = self.state
        while True:
            play_chance(rules, state, self._game_rng, self.actions)
            if rules.is_over(state):
                break
            mover = rules.current_player(state)
            legal = rules.legal_actions(state)
            if mover == self.seat:
                self._legal = legal
                return
            if len(self.actions) >= _MAX_DECISIONS:
                raise RuntimeError(
                    f"the game (seed {self.game_seed}) did not end within "
                    f"{_MAX_DECISIONS} decisions"
                )
            player = self.players[mover]
            view = view_for(player, state, mover, rules, self._encoder)
            action = int(player.act(view, legal[:], self._rngs[mover]))
            if action not in legal:
                raise IllegalActionError(
                    f"opponent {getattr(player, 'name', player)!r} (seat {mover}) "
                    f"chose the illegal action {action}: "
                    f"{rules.explain_illegal(state, action)}"
                )
            rules.apply_legal_action(state, action)
            self.actions.append(action)
        self._legal = []

    def _observation(self) -> np.ndarray:
        return self._encoder.encode(self.state, self.seat)

    def _final_reward(self) -> float:
        if self.reward_mode == "win+score":
            return sum(
                end_reward(self.rules, self.state, self.seat, m) for m in _AEC_REWARDS
            )
        return end_reward(self.rules, self.state, self.seat, self.reward_mode)

    def _info(self) -> dict[str, Any]:
        info: dict[str, Any] = {"seat": self.seat, "opponents": self.opponent_names()}
        state = self.state
        if self.rules.is_over(state):
            scores = self.rules.scores(state)
            info["scores"] = list(scores)
            info["winners"] = list(self.rules.winners(state))
            # the safety stop is no result: nobody won (the standings stay above)
            info["truncated"] = truncated = self.rules.is_truncated(state)
            info["won"] = not truncated and self.seat in info["winners"]
        return info
