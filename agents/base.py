"""The agent interface: `act(view, legal, rng) -> action` plus `reset(seat, config)`.

An agent sees a `SeatView`: what its seat may know. It holds a redacted copy of the
game (`engine.view.redact`: a fresh state in which every card hidden from the seat
is put in a fixed order that tells nothing), never the game itself, so a bot can
neither read a hidden card nor change the game by changing what it is given.
`view.player_view` is the engine's PlayerView; `view.sample(rng)` is a full state
consistent with it (`determinize`), for bots that plan by simulation.

An agent whose `reads_view` is False (the random bot) gets a blind view instead:
its seat, phase, number of players and rules, and no state at all; that saves the
copy at every decision.
"""

from __future__ import annotations

from typing import Protocol, runtime_checkable

import numpy as np

from scavenger_env.cavein.engine import GameConfig, GameState, describe_action
from scavenger_env.cavein.engine.view import (
    PlayerView,
    determinize,
    player_view,
    redact,
)


class SeatView:
    """What seat `seat` may know at a decision, plus helpers to plan with it.

    `SeatView(state, seat)` copies `state` redacted for `seat`; later changes to
    either the game or the view's copy do not reach the other.
    """

    __slots__ = ("_config", "_num_players", "_phase", "_state", "_view", "seat")

    def __init__(self, state: GameState, seat: int, *, blind: bool = False) -> None:
        self.seat = seat
        self._phase = int(state.phase)
        self._num_players = state.num_players
        self._config = state.config
        #: the redacted copy (None for a blind view)
        self._state: GameState | None = None if blind else redact(state, seat)
        self._view: PlayerView | None = None

    def refresh(self, state: GameState) -> None:
        """Bring a blind view to `state`'s decision (its phase): a blind view
        holds no state, so one can serve a seat for a whole game."""
        if self._state is not None:
            raise RuntimeError("only a blind view can be refreshed")
        self._phase = int(state.phase)

    def _redacted(self) -> GameState:
        if self._state is None:
            raise RuntimeError(
                "this view is blind: the agent declared reads_view = False, so it "
                "was given no state; drop that attribute (or set it True) to read "
                "the game"
            )
        return self._state

    @property
    def player_view(self) -> PlayerView:
        """The engine's PlayerView of this seat (computed on first use)."""
        if self._view is None:
            self._view = player_view(self._redacted(), self.seat)
        return self._view

    @property
    def phase(self) -> int:
        return self._phase

    @property
    def num_players(self) -> int:
        return self._num_players

    @property
    def config(self) -> GameConfig:
        return self._config

    def sample(self, rng: np.random.Generator) -> GameState:
        """A full state this seat cannot tell from the real one (a fresh copy)."""
        return determinize(self._redacted(), self.seat, rng)

    def describe(self, action: int) -> str:
        """Plain words for `action`, as this seat may read them."""
        return describe_action(self._redacted(), action, viewer=self.seat)

    def render(self) -> str:
        """A text picture of the game as this seat sees it (`render_state`)."""
        from scavenger_env.cavein.render import render_state

        return render_state(self._redacted(), self.seat)


def view_for(agent: object, state: GameState, seat: int) -> SeatView:
    """The view `agent` is given at `seat`: blind when it declares
    `reads_view = False`, else redacted."""
    return SeatView(state, seat, blind=not getattr(agent, "reads_view", True))


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
    reads_view = False  # it never looks: a blind view saves a copy per decision

    def reset(self, seat: int, config: GameConfig) -> None:
        pass

    def act(self, view: SeatView, legal: list[int], rng: np.random.Generator) -> int:
        return legal[int(rng.integers(len(legal)))]
