"""Information-set Monte Carlo tree search (single-observer ISMCTS).

Each iteration samples a full state consistent with what the seat knows
(`SeatView.sample`, i.e. `determinize`), walks one shared tree with UCB over the
actions legal in that sample (availability counts make the bonus fair for
actions that are only sometimes legal), expands one node, rolls out a short
horizon and backs up a value for every player (each player picks the child that
is best for itself).

The tree plans over whole actions: its nodes are action-phase choices (Recruit
this card, Mine that crystal, a Skill, a Raid, end the turn), and the small
choices that complete an action (which cards pay, which target a skill takes,
start-of-turn offers) are made by the greedy policy, in the tree walk and at the
real decision alike. Rollouts play the greedy policy to a horizon fixed from the
root (one round by default) and score the VP margin.
"""

from __future__ import annotations

import math
import time

import numpy as np

from scavenger_env.cavein.engine import (
    GameConfig,
    GameState,
    Phase,
    apply_legal_action,
    legal_actions,
    winners,
)
from scavenger_env.cavein.engine.actions import END_TURN
from scavenger_env.cavein.engine.scoring import score_breakdown

from .base import SeatView
from .evaluation import action_values
from .greedy import greedy_action


class _Node:
    __slots__ = ("avail", "candidates", "children", "value", "visits")

    def __init__(self, num_players: int) -> None:
        self.children: dict[int, _Node] = {}
        self.visits = 0
        self.avail = 1
        self.value = [0.0] * num_players
        #: the actions searched here: the greedy evaluation's best few
        self.candidates: set[int] | None = None


def _evaluate(state: GameState) -> list[float]:
    """A value in [0, 1] per player: the game's result at the end, else a
    squashed VP margin (plus a little for cards in hand, future buying power)."""
    n = state.num_players
    if state.is_over:
        won = winners(state)
        return [1.0 / len(won) if p in won else 0.0 for p in range(n)]
    worth = [
        score_breakdown(state, p).total
        + 0.25 * sum(state.cards.level_of[c] for c in state.players[p].hand)
        for p in range(n)
    ]
    out = []
    for p in range(n):
        margin = worth[p] - max(worth[q] for q in range(n) if q != p)
        out.append(1.0 / (1.0 + math.exp(-margin / 6.0)))
    return out


class ISMCTSAgent:
    """Information-set MCTS over determinized samples; budget in iterations or time."""

    name = "ismcts"

    def __init__(
        self,
        iterations: int = 200,
        time: float = 0.0,
        exploration: float = 0.7,
        rollout_turns: int = 0,
        end_turn_weight: float = 0.1,
        rollout: str = "greedy",
        width: int = 5,
    ) -> None:
        """Args:
        iterations: search iterations per decision (ignored when `time` > 0).
        time: seconds per decision; 0 means use `iterations`.
        exploration: the UCB constant.
        rollout_turns: turns a rollout plays before scoring (0: one round).
        end_turn_weight: how much less likely a random rollout ends its turn early.
        rollout: "greedy" (each rollout move is the greedy bot's choice, made on
            the sampled state) or "random".
        width: how many actions each node searches: the best `width` by the
            greedy evaluation (0: all legal actions).
        """
        if iterations < 1 or time < 0 or exploration < 0 or rollout_turns < 0:
            raise ValueError(
                "ismcts needs iterations >= 1, time >= 0, exploration >= 0 and "
                "rollout_turns >= 0"
            )
        if width < 0:
            raise ValueError("ismcts needs width >= 0")
        self.width = int(width)
        if rollout not in ("greedy", "random"):
            raise ValueError(f"ismcts rollout={rollout!r}: use 'greedy' or 'random'")
        self.rollout = rollout
        self.iterations = int(iterations)
        self.time = float(time)
        self.exploration = float(exploration)
        self.rollout_turns = int(rollout_turns)
        self.end_turn_weight = float(end_turn_weight)

    def reset(self, seat: int, config: GameConfig) -> None:
        pass

    def act(self, view: SeatView, legal: list[int], rng: np.random.Generator) -> int:
        if len(legal) == 1:
            return legal[0]
        if view.phase != Phase.ACTION:
            # payments, skill targets and start-of-turn choices complete the
            # action the search chose: the greedy policy makes them
            return greedy_action(view.sample(rng), view.seat, legal, rng)
        root = _Node(view.num_players)
        deadline = time.perf_counter() + self.time if self.time > 0 else None
        done = 0
        horizon = -1
        while True:
            state = view.sample(rng)
            if horizon < 0:
                # every rollout stops at the same point, counted from the root, so
                # ending a turn early never buys a branch extra turns of play
                horizon = sum(state.turns_taken) + (
                    self.rollout_turns or state.num_players
                )
            self._iterate(root, state, rng, horizon)
            done += 1
            if deadline is not None:
                if time.perf_counter() >= deadline:
                    break
            elif done >= self.iterations:
                break
        best = max(
            legal, key=lambda a: root.children[a].visits if a in root.children else -1
        )
        return best

    def _iterate(
        self, root: _Node, state: GameState, rng: np.random.Generator, horizon: int
    ) -> None:
        node = root
        path = [root]
        c = self.exploration
        while not state.is_over and sum(state.turns_taken) < horizon:
            legal = legal_actions(state)
            mover = state.current_player
            if state.phase != Phase.ACTION:  # inside a whole action: no tree node
                apply_legal_action(state, greedy_action(state, mover, legal, rng))
                continue
            if node.candidates is None:
                node.candidates = self._candidates(state, mover, legal)
            searched = [a for a in legal if a in node.candidates]
            if not searched:  # this sample allows none of them: let greedy pick
                searched = [greedy_action(state, mover, legal, rng)]
                node.candidates.add(searched[0])
            legal = searched
            untried = []
            for a in legal:
                child = node.children.get(a)
                if child is None:
                    untried.append(a)
                else:
                    child.avail += 1
            if untried:
                action = untried[int(rng.integers(len(untried)))]
                child = _Node(state.num_players)
                node.children[action] = child
                apply_legal_action(state, action)
                path.append(child)
                break
            best_score = -1.0
            action = legal[0]
            for a in legal:
                ch = node.children[a]
                score = ch.value[mover] / ch.visits + c * math.sqrt(
                    math.log(ch.avail) / ch.visits
                )
                if score > best_score:
                    best_score, action = score, a
            apply_legal_action(state, action)
            node = node.children[action]
            path.append(node)
        values = self._rollout(state, rng, horizon)
        for n in path:
            n.visits += 1
            for p, v in enumerate(values):
                n.value[p] += v

    def _candidates(self, state: GameState, seat: int, legal: list[int]) -> set[int]:
        if not self.width or len(legal) <= self.width:
            return set(legal)
        values = action_values(state, seat, legal)
        return set(sorted(legal, key=lambda a: -values[a])[: self.width])

    def _rollout(
        self, state: GameState, rng: np.random.Generator, horizon: int
    ) -> list[float]:
        greedy = self.rollout == "greedy"
        while not state.is_over and sum(state.turns_taken) < horizon:
            legal = legal_actions(state)
            if greedy:
                action = greedy_action(state, state.current_player, legal, rng)
            elif (
                len(legal) > 1
                and legal[0] == END_TURN
                and rng.random() > self.end_turn_weight
            ):
                action = legal[1 + int(rng.integers(len(legal) - 1))]
            else:
                action = legal[int(rng.integers(len(legal)))]
            apply_legal_action(state, action)
        return _evaluate(state)
