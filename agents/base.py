"""The agent interface: `act(view, legal, rng) -> action` plus `reset(seat, config)`.

An agent sees a `SeatView`: what its seat may know. It holds a redacted copy of the
game (`Game.redact`: a fresh state in which everything hidden from the seat is put
in a fixed order that tells nothing), never the game itself, so a bot can neither
read a hidden card nor change the game by changing what it is given.
`view.player_view` is the game's own view of the seat; `view.sample(rng)` is a full
state consistent with it (`Game.determinize`), for bots that plan by simulation.
`view.game` is the view's own copy of the game object
(`scavenger_env.core.game.Game`), so one bot can serve every game that it
understands; the config handed to `reset` is a copy too, and patching either
reaches nothing the tournament uses (the docs: guides/tournaments.md, "Fair play").

An agent whose `reads_view` is False (the random bot) gets a blind view instead:
its seat, phase, number of players and rules, and no state at all; that saves the
copy at every decision. One whose `reads_observation` is True (a trained policy)
gets a blind view that carries the seat's observation and action mask
(`view.observation()`, `view.action_mask()`), exactly the AEC env's.

`SeatView` lives in `scavenger_env.core.seat_view` (the training environment
hands views to its opponents) and is re-exported here.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Protocol, runtime_checkable

import numpy as np

from scavenger_env.core.seat_view import SeatView, view_for

__all__ = [
    "Agent",
    "RandomAgent",
    "SeatView",
    "close_agents",
    "finish_agents",
    "view_for",
]


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


def finish_agents(
    agents: Sequence[Any], scores: list[int], winners: list[int]
) -> dict[str, list[str]]:
    """Tell the agents that have a `finish` the outcome; the protocol errors of
    the bots in their own process (`exec`), by seat."""
    from .pipe.agent import ProcessAgent  # the bots whose errors a record keeps

    errors: dict[str, list[str]] = {}
    for seat, agent in enumerate(agents):
        finish = getattr(agent, "finish", None)
        if finish is not None:
            finish(list(scores), list(winners))
        if isinstance(agent, ProcessAgent) and agent.errors:
            errors[str(seat)] = [str(e) for e in agent.errors]
    return errors


def close_agents(agents: Sequence[Any]) -> None:
    """End what the agents hold open (a bot's process), whatever happened."""
    for agent in agents:
        close = getattr(agent, "close", None)
        if close is not None:
            close()
