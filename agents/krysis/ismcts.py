"""Krysis's ISMCTS: the generic search (`agents.ismcts`) with Krysis's choices.

The tree holds only the searching seat's big decisions: where its miner goes,
which agents join its team, and its action (a flip, load, overtime or raid).
The small steps that complete them (the bid's crystals, which goods, where
they go, special agents, draws) and every other seat's decisions are made by a
scripted policy (the Hauler by default), in the tree walk and the rollouts
alike; the policy plays the other seats with what a determinization deals
them, so the search plans against the policy's play. Rollouts stop at the end
of a round (the one after the root's, by default) and the leaf is scored by
each seat's `evaluation.value` (score plus campsite worth) against the best
other seat's, squashed to [0, 1]; a finished game scores its result.
"""

from __future__ import annotations

import math
from typing import Any, ClassVar

import numpy as np

from agents.base import SeatView
from agents.ismcts import DEFAULT_ITERATIONS, ISMCTSAgent
from scavenger_env.core.game import Game
from scavenger_env.krysis.engine import (
    KrysisConfig,
    Phase,
    State,
    apply_legal_action,
    legal_actions,
)
from scavenger_env.krysis.engine import actions as A

from .evaluation import value
from .greedy import POLICIES, policy_named

__all__ = ["ROLLOUT_ROUNDS", "KrysisISMCTSAgent"]

ROLLOUT_ROUNDS = 2
"""Rounds a rollout plays by default, the root's round included (0: to the end
of the game). Measured against the Hauler (2 players, 60 games each, 50
iterations): the root's round alone won 57%, with the next round too 83%, and
three rounds 67% (at half again the time)."""

#: The searching seat's decisions that are tree nodes.
TREE_PHASES = frozenset({Phase.PLACE, Phase.PICK, Phase.ACTION})

#: The overtime mixes a node searches (all whites sell best; two reds pack
#: tightest); the policy's own choice is searched too.
SEARCHED_MIXES = (A.OVERTIME + 0, A.OVERTIME + 6)


class KrysisISMCTSAgent(ISMCTSAgent):
    """Information-set MCTS over the seat's placements, team picks and actions; scripted play elsewhere."""

    #: what the signature cannot say (see `registry.agent_options`)
    option_info: ClassVar[dict[str, dict[str, object]]] = {
        "iterations": {"default": f"{DEFAULT_ITERATIONS}, none when time is set"},
        "rollout_rounds": {"default": f"{ROLLOUT_ROUNDS} (0: to the end of the game)"},
        "policy": {"choices": tuple(sorted(POLICIES))},
    }

    def __init__(
        self,
        iterations: int = 0,
        time: float = 0.0,
        exploration: float = 0.25,
        rollout_rounds: int = ROLLOUT_ROUNDS,
        policy: str = "hauler",
    ) -> None:
        """Args:
        iterations: search iterations per searched decision; 0 means 50, or
            no limit when `time` is set.
        time: seconds per searched decision (0: no clock). With both, the
            search stops at whichever comes first. Only an iteration budget is
            reproducible.
        exploration: the UCB constant.
        rollout_rounds: rounds a rollout plays before it is scored, the
            root's round included (0: to the end of the game).
        policy: the scripted bot that makes the small choices, plays the
            other seats and the rollouts: "hauler" or "bandit".
        """
        if rollout_rounds < 0:
            raise ValueError("ismcts needs rollout_rounds >= 0")
        super().__init__(iterations, time, exploration)
        self.rollout_rounds = int(rollout_rounds)
        self.scripted = policy_named(policy)
        self.seat = 0
        self._stop_round = math.inf

    def reset(self, seat: int, config: KrysisConfig) -> None:
        self.seat = seat
        self.scripted.reset(seat, config)

    # --- the generic search's hooks -----------------------------------------------

    def act(self, view: SeatView, legal: list[int], rng: np.random.Generator) -> int:
        self.seat = view.seat
        return super().act(view, legal, rng)

    def searches(self, view: SeatView) -> bool:
        return view.phase in TREE_PHASES

    def is_tree_node(self, game: Game, state: State) -> bool:
        return state.phase in TREE_PHASES and state.mover == self.seat

    def candidates(
        self,
        game: Game,
        state: State,
        seat: int,
        legal: list[int],
        rng: np.random.Generator,
    ) -> set[int] | None:
        """Every legal action, but only two overtime mixes and the policy's."""
        if state.phase != Phase.ACTION:
            return None
        own = self.scripted.choose(state, seat, legal, quick=True)
        chosen = {a for a in legal if not A.OVERTIME <= a < A.RAID}
        chosen.update(a for a in SEARCHED_MIXES if a in legal)
        chosen.add(own)
        return chosen

    def policy(
        self,
        game: Game,
        state: State,
        legal: list[int],
        rng: np.random.Generator,
        quick: bool,
    ) -> int:
        return self.scripted.choose(state, state.mover, legal, quick)

    def rollout_action(
        self, game: Game, state: State, legal: list[int], rng: np.random.Generator
    ) -> int:
        return self.scripted.choose(state, state.mover, legal, quick=True)

    def horizon(self, game: Game, state: State) -> float:
        # the walk is not cut; rollouts stop at a round's end (`_rollout`)
        if self.rollout_rounds:
            self._stop_round = state.round + self.rollout_rounds - 1
        else:
            self._stop_round = math.inf
        return math.inf

    #: VP of margin that makes a leaf worth about 0.73 to a seat
    margin_scale = 6.0

    def worth(self, game: Game, state: State) -> list[float]:
        # the score plus the campsite's worth (`evaluation.value`)
        return [value(state, p) for p in range(state.n)]

    def _rollout(
        self, game: Game, state: Any, rng: np.random.Generator, horizon: float
    ) -> list[float]:
        """Play the policy until the game ends or `rollout_rounds` rounds (the
        root's included) are over, then score the leaf."""
        stop = self._stop_round
        choose = self.scripted.choose
        while not state.is_over and state.round <= stop:
            legal = legal_actions(state)
            apply_legal_action(state, choose(state, state.mover, legal, True))
        return self.evaluate(game, state)
