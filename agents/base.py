"""The agent interface: `act(view, legal, rng) -> action` plus `reset(seat, config)`.

An agent sees a `SeatView`: what its seat may know. It holds a redacted copy of the
game (`Game.redact`: a fresh state in which everything hidden from the seat is put
in a fixed order that tells nothing), never the game itself, so a bot can neither
read a hidden card nor change the game by changing what it is given.
`view.player_view` is the game's own view of the seat; `view.sample(rng)` is a full
state consistent with it (`Game.determinize`), for bots that plan by simulation.
`view.game` is the game (`scavenger_env.core.game.Game`), so one bot can serve
every game that it understands.

An agent whose `reads_view` is False (the random bot) gets a blind view instead:
its seat, phase, number of players and rules, and no state at all; that saves the
copy at every decision.
"""

from __future__ import annotations

from collections.abc import Hashable
from typing import Any, Protocol, runtime_checkable

import numpy as np

from scavenger_env.core.game import Game
from scavenger_env.core.games import DEFAULT_GAME, get_game


class SeatView:
    """What seat `seat` may know at a decision, plus helpers to plan with it.

    `SeatView(state, seat, game=...)` copies `state` redacted for `seat`; later
    changes to either the game or the view's copy do not reach the other. `game`
    is a `Game` or its name (default: Cave-In).
    """

    __slots__ = ("_config", "_num_players", "_phase", "_state", "_view", "game", "seat")

    def __init__(
        self,
        state: Any,
        seat: int,
        *,
        game: Game | str = DEFAULT_GAME,
        blind: bool = False,
    ) -> None:
        self.game: Game = get_game(game)
        self.seat = seat
        self._phase = self.game.phase(state)
        self._num_players = self.game.num_players(state)
        self._config = self.game.config_of(state)
        #: the redacted copy (None for a blind view)
        self._state: Any = None if blind else self.game.redact(state, seat)
        self._view: Any = None

    def refresh(self, state: Any) -> None:
        """Bring a blind view to `state`'s decision (its phase): a blind view
        holds no state, so one can serve a seat for a whole game."""
        if self._state is not None:
            raise RuntimeError("only a blind view can be refreshed")
        self._phase = self.game.phase(state)

    def _redacted(self) -> Any:
        if self._state is None:
            raise RuntimeError(
                "this view is blind: the agent declared reads_view = False, so it "
                "was given no state; drop that attribute (or set it True) to read "
                "the game"
            )
        return self._state

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
    agent: object, state: Any, seat: int, game: Game | str = DEFAULT_GAME
) -> SeatView:
    """The view `agent` is given at `seat`: blind when it declares
    `reads_view = False`, else redacted."""
    return SeatView(
        state, seat, game=game, blind=not getattr(agent, "reads_view", True)
    )


@runtime_checkable
class Agent(Protocol):
    """A bot: `act` returns one of `legal`; `reset` starts a new game."""

    name: str

    def reset(self, seat: int, config: Any) -> None: ...

    def act(
        self, view: SeatView, legal: list[int], rng: np.random.Generator
    ) -> int: ...


class RandomAgent:
    """Uniformly random among the legal actions."""

    name = "random"
    reads_view = False  # it never looks: a blind view saves a copy per decision

    def reset(self, seat: int, config: Any) -> None:
        pass

    def act(self, view: SeatView, legal: list[int], rng: np.random.Generator) -> int:
        return legal[int(rng.integers(len(legal)))]
