"""What one seat may know at a decision: the `SeatView` every bot is handed.

A `SeatView` holds a redacted copy of the game (`Game.redact`: a fresh state in
which everything hidden from the seat is put in a fixed order that tells
nothing), never the game itself, so a bot can neither read a hidden card nor
change the game by changing what it is given. `view.player_view` is the game's
own view of the seat; `view.sample(rng)` a full state consistent with it
(`Game.determinize`), for bots that plan by simulation; `view.observation()` and
`view.action_mask()` the seat's observation vector and action mask, exactly the
AEC environment's, for learned policies.

Two cheaper kinds save the copy at every decision:

- a *blind* view (for an agent whose `reads_view` is False, like `random`): the
  seat, phase, number of players and rules, and no state at all;
- an *observing* view (for an agent whose `reads_observation` is True, like a
  trained policy): a blind view plus the observation and mask, computed when the
  view is made (an observation holds only what the seat may know).

Nothing in a view leads to a live object of the caller: `view.game` is the
view's own copy of the game object, and the redacted state and the config are
copies too (`Game.redact` shares nothing with the game), so a bot that patches
its view's game, its methods, its config or its state changes only its own copy.
The view keeps no reference to the state or the game it was made from.

It lives in `scavenger_env` (not with the bots) because the single-agent
environment (`scavenger_env.core.single_agent`) hands views to the opponents it
runs.
"""

from __future__ import annotations

import copy
from collections.abc import Hashable
from typing import Any

import numpy as np

from scavenger_env.core.game import Encoder, Game
from scavenger_env.core.games import DEFAULT_GAME, get_game

__all__ = ["SeatView", "view_for"]


class SeatView:
    """What seat `seat` may know at a decision, plus helpers to plan with it.

    `SeatView(state, seat, game=...)` copies `state` redacted for `seat`; later
    changes to either the game or the view's copy do not reach the other. `game`
    is a `Game` or its name (default: Cave-In); the view does its work with it and
    keeps a copy of it as `view.game`, never `game` itself. `blind=True` keeps no
    state; `observe=True` (with `blind`) keeps only the observation and mask,
    encoded from `state` by `encoder` (a fresh one if None; pass one that lives for
    the whole game to reuse its cache).
    """

    __slots__ = (
        "_config",
        "_mask",
        "_num_players",
        "_obs",
        "_phase",
        "_state",
        "_view",
        "game",
        "seat",
    )

    def __init__(
        self,
        state: Any,
        seat: int,
        *,
        game: Game | str = DEFAULT_GAME,
        blind: bool = False,
        observe: bool = False,
        encoder: Encoder | None = None,
    ) -> None:
        rules = get_game(game)
        self.seat = seat
        self._phase = rules.phase(state)
        self._num_players = rules.num_players(state)
        #: the redacted copy (None for a blind view)
        self._state: Any = None if blind else rules.redact(state, seat)
        self._config = copy.copy(
            rules.config_of(state if self._state is None else self._state)
        )
        self._view: Any = None
        self._obs: np.ndarray | None = None
        self._mask: np.ndarray | None = None
        if observe:
            self._observe(rules, state, encoder)
        #: the view's own copy of the game object (patching it reaches nothing else)
        self.game: Game = copy.copy(rules)

    @classmethod
    def from_parts(
        cls,
        seat: int,
        *,
        game: Game | str,
        config: Any,
        phase: int,
        state: Any = None,
        observation: np.ndarray | None = None,
        mask: np.ndarray | None = None,
    ) -> SeatView:
        """A view rebuilt from what a seat was sent, for a bot in a process of
        its own: `state` a copy already redacted for `seat`, or None for a blind
        view, which may carry the seat's `observation` and `mask`. It equals the
        view the bot would be handed where the game is played."""
        rules = get_game(game)
        view = cls.__new__(cls)
        view.seat = seat
        view._phase = phase
        view._num_players = int(config.num_players)
        view._state = state
        view._config = copy.copy(config if state is None else rules.config_of(state))
        view._view = None
        view._obs = observation
        view._mask = mask
        view.game = copy.copy(rules)
        return view

    def _observe(self, rules: Game, state: Any, encoder: Encoder | None) -> None:
        """Encode `state` for this seat now (the view keeps no reference to it)."""
        encoder = encoder if encoder is not None else rules.make_encoder()
        self._obs = encoder.encode(state, self.seat)
        if rules.current_player(state) == self.seat and not rules.is_over(state):
            self._mask = rules.codec().legal_mask(
                rules.legal_actions(state), self.seat, self._num_players
            )
        else:
            self._mask = np.zeros(rules.env_actions, np.int8)

    def refresh(self, state: Any, game: Game | str) -> None:
        """Bring a blind view to `state`'s decision (its phase): a blind view
        holds no state, so one can serve a seat for a whole game. `game` is the
        game the caller plays `state` with (the view's own copy is the bot's, and
        never touches a live state)."""
        if self._state is not None:
            raise RuntimeError("only a blind view can be refreshed")
        rules = get_game(game)
        self._phase = rules.phase(state)
        if self._obs is not None:
            self._observe(rules, state, None)

    def _redacted(self) -> Any:
        if self._state is None:
            raise RuntimeError(
                "this view is blind: the agent declared reads_view = False (or "
                "reads_observation = True), so it was given no state; drop that "
                "attribute to read the game"
            )
        return self._state

    def redacted(self) -> Any:
        """The view's redacted copy of the state itself (the bot's own: changing
        it changes nothing else); a blind view raises RuntimeError."""
        return self._redacted()

    @property
    def player_view(self) -> Any:
        """The game's view of this seat (computed on first use)."""
        if self._view is None:
            self._view = self.game.player_view(self._redacted(), self.seat)
        return self._view

    @property
    def phase(self) -> int:
        return self._phase

    @property
    def num_players(self) -> int:
        return self._num_players

    @property
    def config(self) -> Any:
        return self._config

    def observation(self) -> np.ndarray:
        """This seat's observation vector (float32), as the AEC env gives it.

        A fresh array each call: the caller may keep or change it.
        """
        if self._obs is None:
            self._observe(self.game, self._redacted(), None)
        assert self._obs is not None
        return self._obs.copy()

    def action_mask(self) -> np.ndarray:
        """This seat's action mask (int8, 1 = legal env action id), as the AEC
        env gives it: all zeros when the seat is not to move."""
        if self._mask is None:
            self._observe(self.game, self._redacted(), None)
        assert self._mask is not None
        return self._mask.copy()

    def sample(self, rng: np.random.Generator) -> Any:
        """A full state this seat cannot tell from the real one (a fresh copy)."""
        return self.game.determinize(self._redacted(), self.seat, rng)

    def describe(self, action: int) -> str:
        """Plain words for `action`, as this seat may read them."""
        return self.game.describe_action(self._redacted(), action, viewer=self.seat)

    def render(self) -> str:
        """A text picture of the game as this seat sees it (`Game.render`)."""
        return self.game.render(self._redacted(), self.seat)

    def turn_key(self) -> Hashable:
        """The game's `turn_key` of this decision: it changes exactly when a new
        turn starts (the human player shows the whole picture then)."""
        return self.game.turn_key(self._redacted())


def view_for(
    agent: object,
    state: Any,
    seat: int,
    game: Game | str = DEFAULT_GAME,
    encoder: Encoder | None = None,
) -> SeatView:
    """The view `agent` is given at `seat`: blind when it declares
    `reads_view = False`, observing when it declares `reads_observation = True`
    (encoded by `encoder`, if given), else redacted."""
    if getattr(agent, "reads_observation", False):
        return SeatView(
            state, seat, game=game, blind=True, observe=True, encoder=encoder
        )
    return SeatView(
        state, seat, game=game, blind=not getattr(agent, "reads_view", True)
    )
