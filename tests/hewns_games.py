"""One whole game of Hewns between bots, for the bot tests: every decision is
checked legal, chance is drawn from its own generator and each seat acts on
its own view with its own generator, so a seed names one game."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

import numpy as np

from agents.base import view_for
from scavenger_env.core.chance import sample_outcome
from scavenger_env.hewns.engine.state import State
from scavenger_env.hewns.game import HEWNS

#: Called with (state, seat, legal actions, agent) before a seat decides.
Before = Callable[[State, int, list[int], Any], None]
#: Called with (state, seat, action, agent) after a seat decided, before the
#: action is applied.
After = Callable[[State, int, int, Any], None]


def play_hewns(
    agents: Sequence[Any],
    config: Any,
    seed: int,
    *,
    chance: np.random.Generator | None = None,
    rngs: Sequence[np.random.Generator] | None = None,
    before: Before | None = None,
    after: After | None = None,
    untouched: bool = False,
) -> tuple[State, list[int]]:
    """Play `agents` (seat order) from `HEWNS.new_game(config, seed)` to the
    end. Chance draws from `chance` (default: seed + 1000) and seat i from
    `rngs[i]` (default: 10 * seed + i). `untouched` also checks that no `act`
    changes the live game. Returns the final state and the decisions."""
    n = len(agents)
    state = HEWNS.new_game(config, seed)
    if chance is None:
        chance = np.random.default_rng(seed + 1000)
    if rngs is None:
        rngs = [np.random.default_rng(10 * seed + i) for i in range(n)]
    for seat, agent in enumerate(agents):
        agent.reset(seat, config)
    decisions: list[int] = []
    while not HEWNS.is_over(state):
        if HEWNS.is_chance_node(state):
            HEWNS.apply_action(
                state, sample_outcome(HEWNS.chance_outcomes(state), chance)
            )
            continue
        seat = HEWNS.current_player(state)
        legal = HEWNS.legal_actions(state)
        agent = agents[seat]
        if before is not None:
            before(state, seat, legal, agent)
        was = repr(HEWNS.state_data(state)) if untouched else ""
        action = agent.act(view_for(agent, state, seat, HEWNS), legal, rngs[seat])
        if untouched:
            assert repr(HEWNS.state_data(state)) == was, "act changed the live game"
        assert action in legal, (type(agent).__name__, action, legal)
        if after is not None:
            after(state, seat, action, agent)
        decisions.append(action)
        HEWNS.apply_action(state, action)
    return state, decisions
