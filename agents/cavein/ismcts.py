"""Cave-In's ISMCTS: the generic search (`agents.ismcts`) with Cave-In's choices.

The tree plans over whole actions: its nodes are action-phase choices (Recruit
this card, Mine that crystal, a Skill, a Raid, end the turn), and the small
choices that complete an action (which cards pay, which target a skill takes,
start-of-turn offers) are made by a scripted policy (the Raider by default), in
the tree walk and at the real decision alike. The same policy ranks the actions a
node searches (its best few by one-action gain, plus its own choice) and plays
the rollouts, for every seat, to a horizon fixed from the root (two rounds by
default); the leaf is scored by each seat's VP plus potential against the best
other seat's."""

from __future__ import annotations

from typing import ClassVar

import numpy as np

from agents.base import SeatView
from agents.ismcts import DEFAULT_ITERATIONS, ISMCTSAgent
from scavenger_env.cavein.engine import GameConfig, GameState, Phase
from scavenger_env.cavein.engine.actions import END_TURN
from scavenger_env.core.game import Game

from .evaluation import action_values, evaluate
from .greedy import greedy_action
from .heuristics import ScriptedAgent, Situation

__all__ = ["ROLLOUT_ROUNDS", "CaveInISMCTSAgent"]


ROLLOUT_ROUNDS = 2
"""Rounds a rollout plays by default. Measured against the Raider (2 players, 100
games each): 100 iterations won 52% with one round and 80% with two. A Raid's
worth, and a rich Base's risk, show only once the other side has had its turn."""


class CaveInISMCTSAgent(ISMCTSAgent):
    """Information-set MCTS over determinized samples; budget in iterations or time."""

    #: what the signature cannot say (see `registry.agent_options`)
    option_info: ClassVar[dict[str, dict[str, object]]] = {
        "iterations": {"default": f"{DEFAULT_ITERATIONS}, none when time is set"},
        "rollout_turns": {"default": "0 = two rounds"},
        "rollout": {"choices": ("quick", "full", "random")},
        "policy": {"choices": ("greedy", "miner", "raider", "collector")},
    }

    def __init__(
        self,
        iterations: int = 0,
        time: float = 0.0,
        exploration: float = 0.25,
        rollout_turns: int = 0,
        end_turn_weight: float = 0.1,
        rollout: str = "quick",
        width: int = 4,
        policy: str = "raider",
    ) -> None:
        """Args:
        iterations: search iterations per decision; 0 means 50, or no limit
            when `time` is set.
        time: seconds per decision (0: no clock). With both, the search stops at
            whichever comes first. Only an iteration budget is reproducible.
        exploration: the UCB constant.
        rollout_turns: turns a rollout plays before scoring, counted from the
            start of the turn being searched (0: two rounds).
        end_turn_weight: how much less likely a random rollout ends its turn early.
        rollout: how rollouts move: "quick" (the policy's one-action version),
            "full" (the policy itself) or "random".
        width: how many actions each node searches: the best `width` by the
            policy's one-action gains, plus the policy's own choice (0: all).
        policy: the bot that completes actions, ranks a node's actions and plays
            the rollouts, for every seat: "greedy" or a scripted bot ("raider",
            "miner", "collector").
        """
        super().__init__(iterations, time, exploration, rollout_turns)
        if width < 0:
            raise ValueError("ismcts needs width >= 0")
        if rollout not in ("quick", "full", "random"):
            raise ValueError(
                f"ismcts rollout={rollout!r}: use 'quick', 'full' or 'random'"
            )
        self.scripted: ScriptedAgent | None = None
        if policy != "greedy":
            from agents.registry import make_agent

            try:
                bot = make_agent(policy, game="cavein")
            except ValueError as exc:
                raise ValueError(f"ismcts policy={policy!r}: {exc}") from None
            if not isinstance(bot, ScriptedAgent):
                raise ValueError(
                    f"ismcts policy={policy!r}: use 'greedy' or a scripted bot "
                    "(miner, raider, collector)"
                )
            self.scripted = bot
        self.width = int(width)
        self.rollout = rollout
        self.end_turn_weight = float(end_turn_weight)

    def reset(self, seat: int, config: GameConfig) -> None:
        if self.scripted is not None:
            self.scripted.reset(seat, config)

    # --- the policy ---------------------------------------------------------------

    def move(
        self, state: GameState, legal: list[int], rng: np.random.Generator, quick: bool
    ) -> int:
        """The policy's move for whoever is to move in `state` (a full state)."""
        if self.scripted is None:
            return greedy_action(state, state.current_player, legal, rng)
        return self.scripted.choose(state, state.current_player, legal, quick)

    def _candidates(
        self, state: GameState, seat: int, legal: list[int], rng: np.random.Generator
    ) -> set[int]:
        """The actions a node searches: the best `width` by one-action gain, plus the
        policy's quick choice (its full choice too at the root)."""
        if not self.width or len(legal) <= self.width:
            return set(legal)
        if self.scripted is None:
            values = action_values(state, seat, legal)
            own = greedy_action(state, seat, legal, rng)
        else:
            t = Situation(self.scripted, state, seat, legal)
            values = {a: t.gain(a) for a in legal}
            own = self.scripted.quick_action(t)  # reuses the gains just computed
        chosen = set(sorted(legal, key=lambda a: -values[a])[: self.width])
        chosen.add(own)
        return chosen

    # --- the generic search's hooks -----------------------------------------------

    def searches(self, view: SeatView) -> bool:
        # payments, skill targets and start-of-turn choices complete the action
        # the search chose: the policy makes them
        return view.phase == Phase.ACTION

    def is_tree_node(self, game: Game, state: GameState) -> bool:
        return state.phase == Phase.ACTION  # inside a whole action: no tree node

    def candidates(
        self,
        game: Game,
        state: GameState,
        seat: int,
        legal: list[int],
        rng: np.random.Generator,
    ) -> set[int]:
        return self._candidates(state, seat, legal, rng)

    def root_candidates(
        self,
        game: Game,
        state: GameState,
        seat: int,
        legal: list[int],
        rng: np.random.Generator,
    ) -> set[int]:
        chosen = self._candidates(state, seat, legal, rng)
        chosen.add(self.move(state, legal, rng, quick=False))
        return chosen

    def policy(
        self,
        game: Game,
        state: GameState,
        legal: list[int],
        rng: np.random.Generator,
        quick: bool,
    ) -> int:
        return self.move(state, legal, rng, quick)

    def rollout_action(
        self,
        game: Game,
        state: GameState,
        legal: list[int],
        rng: np.random.Generator,
    ) -> int:
        if self.rollout != "random":
            return self.move(state, legal, rng, quick=self.rollout == "quick")
        if (
            len(legal) > 1
            and legal[0] == END_TURN
            and rng.random() > self.end_turn_weight
        ):
            return legal[1 + int(rng.integers(len(legal) - 1))]
        return legal[int(rng.integers(len(legal)))]

    def horizon(self, game: Game, state: GameState) -> float:
        # every rollout stops at the same point, counted from the root, so ending
        # a turn early never buys a branch extra turns of play
        return sum(state.turns_taken) + (
            self.rollout_turns or ROLLOUT_ROUNDS * state.num_players
        )

    #: VP of margin that makes a leaf worth about 0.73 to a player
    margin_scale = 6.0

    def worth(self, game: Game, state: GameState) -> list[float]:
        # VP plus a little for cards in hand, future buying power (`evaluate`)
        return [evaluate(state, p) for p in range(state.num_players)]
