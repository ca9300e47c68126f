"""Information-set Monte Carlo tree search (single-observer ISMCTS).

Each iteration samples a full state consistent with what the seat knows
(`SeatView.sample`, i.e. `determinize`), walks one shared tree with UCB over the
actions legal in that sample (availability counts make the bonus fair for
actions that are only sometimes legal), expands one node, rolls out a short
horizon and backs up a value for every player (each player picks the child that
is best for itself). The tree is over the engine's small choices; a rollout runs
to the end of the horizon and is scored by the VP margin, so a turn's sequence of
small choices is judged as a whole.
"""

from __future__ import annotations

import math
import time

import numpy as np

from scavenger_env.cavein.engine import (
    GameConfig,
    GameState,
    apply_legal_action,
    legal_actions,
    winners,
)
from scavenger_env.cavein.engine.actions import END_TURN
from scavenger_env.cavein.engine.scoring import score_breakdown

from .base import SeatView


class _Node:
    __slots__ = ("avail", "children", "value", "visits")

    def __init__(self, num_players: int) -> None:
        self.children: dict[int, _Node] = {}
        self.visits = 0
        self.avail = 1
        self.value = [0.0] * num_players


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
    ) -> None:
        """Args:
        iterations: search iterations per decision (ignored when `time` > 0).
        time: seconds per decision; 0 means use `iterations`.
        exploration: the UCB constant.
        rollout_turns: turns a rollout plays before scoring (0: one round).
        end_turn_weight: how much less likely a rollout ends its turn early.
        """
        if iterations < 1 or time < 0 or exploration < 0 or rollout_turns < 0:
            raise ValueError(
                "ismcts needs iterations >= 1, time >= 0, exploration >= 0 and "
                "rollout_turns >= 0"
            )
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
        root = _Node(view.num_players)
        deadline = time.perf_counter() + self.time if self.time > 0 else None
        done = 0
        while True:
            self._iterate(root, view.sample(rng), rng)
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

    def _iterate(self, root: _Node, state: GameState, rng: np.random.Generator) -> None:
        node = root
        path = [root]
        c = self.exploration
        while not state.is_over:
            legal = legal_actions(state)
            mover = state.current_player
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
        values = self._rollout(state, rng)
        for n in path:
            n.visits += 1
            for p, v in enumerate(values):
                n.value[p] += v

    def _rollout(self, state: GameState, rng: np.random.Generator) -> list[float]:
        turns = self.rollout_turns or state.num_players
        target = sum(state.turns_taken) + turns
        while not state.is_over and sum(state.turns_taken) < target:
            legal = legal_actions(state)
            if (
                len(legal) > 1
                and legal[0] == END_TURN
                and rng.random() > self.end_turn_weight
            ):
                action = legal[1 + int(rng.integers(len(legal) - 1))]
            else:
                action = legal[int(rng.integers(len(legal)))]
            apply_legal_action(state, action)
        return _evaluate(state)
