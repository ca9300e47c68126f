"""Hewns' ISMCTS: the generic search (`agents.ismcts`) with Hewns' choices.

The tree holds only the searching seat's turns in the actions phase: its
player-turn choices (which Hewn to activate, manage, end) and Hewn-turn steps
(move, mine, dig, fly, end), by default only the one being decided (`depth`
1): that is where a move's worth shows within a go (what is mined, which mine
is taken, what a danger does to a Hewn), and with the policy finishing the
turn below the root each move is judged by how the policy would go on, not by
random next steps. The auction is left to the scripted policy (the Prospector
by default), as the greedy bot does: a lot's worth shows only in the rounds
after it, too far for a rollout at this budget. The same policy makes the
small steps (mining dice, payments, encounters), plays the other seats on what
a determinization deals them and plays the rollouts.

Walks and rollouts stop when the go `rollout_goes` after the root's starts (a
go is a bid turn or a player turn; the stop is fixed at the root, so no branch
buys extra play). A leaf is valued by each seat's `worth` (normal Substract
scored, plus dirty Substract and Bidoxes' Substract as money, plus the mining
its healthy Hewns may still do in later rounds) less the best other seat's,
relative to that margin in the iteration's own sample, squashed to [0, 1]:
centring keeps values apart when a seat is far ahead or behind, and cancels
what each sample's hidden facts add. A finished game scores its result. The
policy's move is tried first and wins ties, so a tiny budget plays the policy.
"""

from __future__ import annotations

import math
from typing import ClassVar

import numpy as np

from agents.base import SeatView
from agents.ismcts import DEFAULT_ITERATIONS, ISMCTSAgent, _Node
from scavenger_env.core.game import Game
from scavenger_env.hewns.engine.config import HewnsConfig
from scavenger_env.hewns.engine.state import Ask, Phase, State
from scavenger_env.hewns.game import HewnsGame

from .greedy import POLICIES
from .heuristics import without_reveal
from .holdings import holdings

__all__ = ["ROLLOUT_GOES", "TREE_ASKS", "HewnsISMCTSAgent", "worth"]

ROLLOUT_GOES = 1
"""Goes a walk and its rollout play by default, the root's included (0: to the
end of the game). Measured against the Prospector (2 players, 12 games each,
seats alternated, 50 iterations, a tree of every own decision): the root's go
alone won 8, two or three goes 5 (their dice drown the move's effect) at 1.6
times the cost."""

DEPTH = 1
"""The seat's decisions a walk takes in the tree by default (0: no limit).
Measured as above with one go: depth 1 won 8.5 of 12 (7 of 12 on six other
deals) at 255 ms a searched decision, no limit 6 at 330 ms. Below the root
the policy finishes the turn, so each move is judged by how the policy would
go on, not by random steps."""

#: The searching seat's decisions that are tree nodes.
TREE_ASKS = frozenset({Ask.PLAYER_TURN, Ask.HEWN_TURN})

#: What a healthy Hewn is worth for each round still to come after the
#: current one: a base, plus this much per mining die.
HEWN_ROUND_BASE = 1.0
HEWN_ROUND_PER_DIE = 1.5
#: What a dirty Substract is worth (money for bids, screens, weapon dice); in
#: the last actions phase only screens and burns are left.
DIRTY_WORTH = 0.4
DIRTY_WORTH_LAST = 0.1


def worth(s: State, seat: int) -> float:
    """The seat's normal Substract scored, plus what it holds that the score
    does not show yet: dirty Substract (on its screen and Hewns), Substract in
    its Bidoxes (the normal part at full worth) and its healthy Hewns' mining
    in the rounds after this one."""
    rounds = s.scenario.rounds
    last = s.round >= rounds and s.phase != Phase.AUCTION
    dirty_worth = DIRTY_WORTH_LAST if last else DIRTY_WORTH
    after = max(0, rounds - s.round)
    held = holdings(s, seat)
    hewns = sum(HEWN_ROUND_BASE + HEWN_ROUND_PER_DIE * mine for mine in held.mining)
    bidox = held.bidox_normal + DIRTY_WORTH * (held.bidox - held.bidox_normal)
    return float(held.score) + bidox + dirty_worth * held.dirty + after * hewns


def _margins(w: list[float]) -> list[float]:
    """Each seat's value in `w` less the best other seat's."""
    return [w[p] - max(w[q] for q in range(len(w)) if q != p) for p in range(len(w))]


class _GoClock(HewnsGame):
    """Hewns for the search alone: its `turns` count goes (bid and player
    turns), the unit of the search's horizon."""

    def turns(self, state: State) -> int:
        return state.go


_CLOCK = _GoClock()


class HewnsISMCTSAgent(ISMCTSAgent):
    """Information-set MCTS over the seat's player and Hewn turns; scripted play elsewhere."""

    #: what the signature cannot say (see `registry.agent_options`)
    option_info: ClassVar[dict[str, dict[str, object]]] = {
        "iterations": {"default": f"{DEFAULT_ITERATIONS}, none when time is set"},
        "rollout_goes": {"default": f"{ROLLOUT_GOES} (0: to the end of the game)"},
        "rollout_turns": {"default": "0 = count goes (rollout_goes)"},
        "depth": {"default": f"{DEPTH} (0: no limit)"},
        "policy": {"choices": tuple(sorted(POLICIES))},
    }

    def __init__(
        self,
        iterations: int = 0,
        time: float = 0.0,
        exploration: float = 0.25,
        rollout_goes: int = ROLLOUT_GOES,
        depth: int = DEPTH,
        policy: str = "prospector",
        rollout_turns: int = 0,
    ) -> None:
        """Args:
        iterations: search iterations per searched decision; 0 means 50, or
            no limit when `time` is set.
        time: seconds per searched decision (0: no clock). With both, the
            search stops at whichever comes first. Only an iteration budget is
            reproducible.
        exploration: the UCB constant.
        rollout_goes: goes (bid turns, player turns) a walk and its rollout
            play before the leaf is scored, the root's included (0: to the end
            of the game).
        depth: the seat's decisions a walk takes in the tree, the root's
            included (0: every one before the horizon); the policy makes the
            rest.
        policy: the scripted bot that bids, makes the small choices, plays the
            other seats and the rollouts: "prospector" or "raider".
        rollout_turns: the generic horizon, in place of `rollout_goes` when
            above 0: the game's turns (`Game.turns`, which also counts a
            rival's answer inside a turn) counted from the searched decision.
        """
        if rollout_goes < 0 or depth < 0:
            raise ValueError("ismcts needs rollout_goes >= 0 and depth >= 0")
        if policy not in POLICIES:
            raise ValueError(
                f"ismcts policy={policy!r}: use one of {', '.join(sorted(POLICIES))}"
            )
        super().__init__(iterations, time, exploration, rollout_turns)
        self.rollout_goes = int(rollout_goes)
        self.depth = int(depth)
        self.scripted = POLICIES[policy]()
        self.seat = 0
        #: each seat's `worth` margin in the sample the current iteration walks
        self._base: list[float] = []
        #: tree decisions the current walk may still take (`is_tree_node`;
        #: no limit outside a walk)
        self._tree_left = math.inf
        #: the policy's move at the real decision (searched first)
        self._own = -1

    def reset(self, seat: int, config: HewnsConfig) -> None:
        self.seat = seat
        self.scripted.reset(seat, config)

    def act(self, view: SeatView, legal: list[int], rng: np.random.Generator) -> int:
        self.seat = view.seat
        legal = without_reveal(legal)  # it only tells the rivals something
        if len(legal) == 1 or not self.searches(view):
            return super().act(view, legal, rng)
        # the policy's move first: the root's ties go to it
        own = self.scripted.choose(view.sample(rng), view.seat, legal, rng)
        self._own = own
        return super().act(view, [own] + [a for a in legal if a != own], rng)

    # --- the generic search's hooks -----------------------------------------------

    def searches(self, view: SeatView) -> bool:
        return view.player_view.ask in TREE_ASKS

    def is_tree_node(self, game: Game, state: State) -> bool:
        # the walk asks once per decision and lets the tree make it when the
        # answer is yes: counting the yeses bounds the walk's tree decisions
        top = state.frames[-1]
        if top.ask not in TREE_ASKS or top.seat != self.seat or self._tree_left < 1:
            return False
        self._tree_left -= 1
        return True

    def candidates(
        self,
        game: Game,
        state: State,
        seat: int,
        legal: list[int],
        rng: np.random.Generator,
    ) -> set[int]:
        """Every legal action but showing the turn-order card."""
        return set(without_reveal(legal))

    def policy(
        self,
        game: Game,
        state: State,
        legal: list[int],
        rng: np.random.Generator,
        quick: bool,
    ) -> int:
        return self.scripted.choose(state, state.frames[-1].seat, legal, rng)

    def rollout_action(
        self, game: Game, state: State, legal: list[int], rng: np.random.Generator
    ) -> int:
        return self.scripted.choose(state, state.frames[-1].seat, legal, rng)

    def horizon(self, game: Game, state: State) -> float:
        # in goes (`_GoClock`), the unit `_iterate` counts in, unless the
        # generic `rollout_turns` is set
        if self.rollout_turns:
            return state.turns + self.rollout_turns
        if self.rollout_goes:
            return state.go + self.rollout_goes
        return math.inf

    #: Substract of margin gained over the root's sample that makes a leaf
    #: worth about 0.73 to a seat (a good Hewn turn mines two or three)
    margin_scale = 3.0

    def worth(self, game: Game, state: State) -> list[float]:
        return [worth(state, p) for p in range(state.num_players)]

    def evaluate(self, game: Game, state: State) -> list[float]:
        """The share of the win at the end; else each seat's `worth` margin
        over the best other seat, less that margin in the iteration's sample,
        squashed."""
        if state.over:
            won = game.winners(state)
            return [
                1.0 / len(won) if p in won else 0.0 for p in range(state.num_players)
            ]
        margins = _margins(self.worth(game, state))
        scale = self.margin_scale
        return [
            1.0 / (1.0 + math.exp(-(m - b) / scale))
            for m, b in zip(margins, self._base, strict=True)
        ]

    def _iterate(
        self,
        game: Game,
        root: _Node,
        state: State,
        rng: np.random.Generator,
        horizon: float,
    ) -> None:
        # the walk and the rollout count goes (`horizon`, `_GoClock`); the
        # leaf is valued against this sample's own margins (`evaluate`)
        self._base = _margins(self.worth(game, state))
        clock = game if self.rollout_turns else _CLOCK
        own = self._own
        if root.visits == 0 and own >= 0 and own in game.legal_actions(state):
            # the first iteration plays the policy's move: with a budget too
            # small to try every move, the search keeps the policy's choice
            child = root.children[own] = _Node(len(root.value))
            game.apply_legal_action(state, own)
            values = self._rollout(clock, state, rng, horizon)
            for nd in (root, child):
                nd.visits += 1
                for p, v in enumerate(values):
                    nd.value[p] += v
            return
        self._tree_left = self.depth or math.inf
        try:
            super()._iterate(clock, root, state, rng, horizon)
        finally:
            self._tree_left = math.inf
