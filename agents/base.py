"""The agent interface: `act(view, legal, rng) -> action` plus `reset(seat, config)`.

An agent sees a `SeatView`: what its seat may know, computed lazily so that a bot
pays only for what it reads. `view.player_view` is the engine's PlayerView;
`view.sample(rng)` is a full state consistent with it (`determinize`), for bots
that plan by simulation. Agents never receive the true state, so a tournament
cannot be won by peeking.
"""

from __future__ import annotations

from typing import Protocol, runtime_checkable

import numpy as np

from scavenger_env.cavein.engine import GameConfig, GameState, describe_action
from scavenger_env.cavein.engine.view import PlayerView, determinize, player_view


class SeatView:
    """What seat `seat` may know at a decision, plus helpers to plan with it."""

    __slots__ = ("_state", "_view", "seat")

    def __init__(self, state: GameState, seat: int) -> None:
        self._state = state
        self._view: PlayerView | None = None
        self.seat = seat

    @property
    def player_view(self) -> PlayerView:
        """The engine's PlayerView of this seat (computed on first use)."""
        if self._view is None:
            self._view = player_view(self._state, self.seat)
        return self._view

    @property
    def phase(self) -> int:
        return int(self._state.phase)

    @property
    def num_players(self) -> int:
        return self._state.num_players

    @property
    def config(self) -> GameConfig:
        return self._state.config

    def sample(self, rng: np.random.Generator) -> GameState:
        """A full state this seat cannot tell from the real one (a fresh copy)."""
        return determinize(self._state, self.seat, rng)

    def describe(self, action: int) -> str:
        """Plain words for `action` as this seat reads them ("your Base")."""
        return describe_action(self._state, action, viewer=self.seat)

    def render(self) -> str:
        """A text picture of the game as this seat sees it (`render_state`).

        `render_state` reads only this seat's PlayerView, so it shows nothing
        hidden from the seat.
        """
        from scavenger_env.cavein.render import render_state

        return render_state(self._state, self.seat)


@runtime_checkable
class Agent(Protocol):
    """A bot: `act` returns one of `legal`; `reset` starts a new game."""

    name: str

    def reset(self, seat: int, config: GameConfig) -> None: ...

    def act(
        self, view: SeatView, legal: list[int], rng: np.random.Generator
    ) -> int: ...


class RandomAgent:
    """Uniformly random among the legal actions."""

    name = "random"

    def reset(self, seat: int, config: GameConfig) -> None:
        pass

    def act(self, view: SeatView, legal: list[int], rng: np.random.Generator) -> int:
        return legal[int(rng.integers(len(legal)))]
