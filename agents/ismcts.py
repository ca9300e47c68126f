"""Information-set Monte Carlo tree search (single-observer ISMCTS), for any game.

Each iteration samples a full state consistent with what the seat knows
(`SeatView.sample`, i.e. `Game.determinize`), walks one shared tree with UCB over
the actions legal in that sample (availability counts make the bonus fair for
actions that are only sometimes legal), expands one node, rolls out and backs up
a value for every player (each player picks the child that is best for itself).
It speaks only the game interface (`view.game`), so it plays every game.

The game-specific choices are methods with plain defaults, for a game's own
version to override (Cave-In's: `agents.cavein.ismcts`):

* `is_tree_node`: which decisions the tree searches (default: all; others are
  made by `policy`),
* `candidates`: which legal actions a node searches (default: all),
* `policy`: the move made outside the tree (default: uniformly random),
* `rollout_action`: the rollouts' moves (default: uniformly random),
* `horizon`: where rollouts stop, in turns (default: `rollout_turns` turns from
  the root, or the end of the game),
* `evaluate`: the value of a leaf per seat, in [0, 1] (default: the share of the
  win at the end, else the score margin over the best other seat squashed by
  the game's `score_scale`).
"""

from __future__ import annotations

import math
import time
from typing import Any, ClassVar

import numpy as np

from scavenger_env.core.chance import sample_outcome
from scavenger_env.core.game import Game

from .base import SeatView

__all__ = ["DEFAULT_ITERATIONS", "ISMCTSAgent"]

DEFAULT_ITERATIONS = 50
"""The iteration budget when neither `iterations` nor `time` is given."""


class _Node:
    __slots__ = ("avail", "candidates", "children", "ranked", "value", "visits")

    def __init__(self, num_players: int) -> None:
        self.children: dict[int, _Node] = {}
        self.visits = 0
        self.avail = 1
        self.value = [0.0] * num_players
        #: the actions searched here (None: every legal one), once `ranked`
        self.candidates: set[int] | None = None
        self.ranked = False


class ISMCTSAgent:
    """Information-set MCTS over determinized samples; budget in iterations or time."""

    name = "ismcts"
    #: what the signature cannot say (see `registry.agent_options`)
    option_info: ClassVar[dict[str, dict[str, object]]] = {
        "iterations": {"default": f"{DEFAULT_ITERATIONS}, none when time is set"},
        "rollout_turns": {"default": "0 = to the end of the game"},
    }

    def __init__(
        self,
        iterations: int = 0,
        time: float = 0.0,
        exploration: float = 0.25,
        rollout_turns: int = 0,
    ) -> None:
        """Args:
        iterations: search iterations per decision; 0 means 50, or no limit
            when `time` is set.
        time: seconds per decision (0: no clock). With both, the search stops at
            whichever comes first. Only an iteration budget is reproducible.
        exploration: the UCB constant.
        rollout_turns: turns a rollout plays before scoring, counted from the
            decision being searched (0: to the end of the game).
        """
        if iterations < 0 or time < 0 or exploration < 0 or rollout_turns < 0:
            raise ValueError(
                "ismcts needs iterations >= 0, time >= 0, exploration >= 0 and "
                "rollout_turns >= 0"
            )
        self.time = float(time)
        #: the iteration budget; 0: none (the clock alone stops the search)
        self.iterations = int(iterations) or (0 if self.time else DEFAULT_ITERATIONS)
        self.exploration = float(exploration)
        self.rollout_turns = int(rollout_turns)

    def reset(self, seat: int, config: Any) -> None:
        pass

    # --- the game-specific choices (override in a game's version) -----------------

    def searches(self, view: SeatView) -> bool:
        """Whether the real decision in `view` is searched (else `policy` makes
        it on one sample); it should agree with `is_tree_node`."""
        return True

    def is_tree_node(self, game: Game, state: Any) -> bool:
        """Whether the tree searches this decision; the others are made by
        `policy` (in the walk and at the real decision alike)."""
        return True

    def candidates(
        self,
        game: Game,
        state: Any,
        seat: int,
        legal: list[int],
        rng: np.random.Generator,
    ) -> set[int] | None:
        """The actions a node first reached in `state` searches (None: every
        action legal in each sample)."""
        return None

    def root_candidates(
        self,
        game: Game,
        state: Any,
        seat: int,
        legal: list[int],
        rng: np.random.Generator,
    ) -> set[int] | None:
        """The actions the root searches, from the first sample."""
        return self.candidates(game, state, seat, legal, rng)

    def policy(
        self,
        game: Game,
        state: Any,
        legal: list[int],
        rng: np.random.Generator,
        quick: bool,
    ) -> int:
        """The move outside the tree for whoever is to move in `state` (a full
        state); `quick`: in the search rather than at the real decision."""
        return legal[int(rng.integers(len(legal)))]

    def rollout_action(
        self, game: Game, state: Any, legal: list[int], rng: np.random.Generator
    ) -> int:
        """A rollout's move for whoever is to move in `state`."""
        return legal[int(rng.integers(len(legal)))]

    def horizon(self, game: Game, state: Any) -> float:
        """The `game.turns` count at which every walk and rollout stops, fixed at
        the root's first sample (so no branch buys extra turns of play)."""
        if self.rollout_turns:
            return game.turns(state) + self.rollout_turns
        return math.inf

    #: the margin of `worth` that makes a leaf worth about 0.73 to a seat
    #: (1 / (1 + e^-1)); None: the game's `score_scale`
    margin_scale: float | None = None

    def worth(self, game: Game, state: Any) -> list[float]:
        """What an unfinished leaf is worth to each seat: its score so far (a
        game's agent may add what the score does not show yet)."""
        return [float(v) for v in game.scores(state)]

    def evaluate(self, game: Game, state: Any) -> list[float]:
        """A value in [0, 1] per seat: its share of the win at the end, else its
        `worth` margin over the best other seat, squashed."""
        n = game.num_players(state)
        if game.is_over(state):
            won = game.winners(state)
            return [1.0 / len(won) if p in won else 0.0 for p in range(n)]
        worth = self.worth(game, state)
        scale = self.margin_scale or game.score_scale or 1.0
        out = []
        for p in range(n):
            margin = worth[p] - max(worth[q] for q in range(n) if q != p)
            out.append(1.0 / (1.0 + math.exp(-margin / scale)))
        return out

    # --- the search ---------------------------------------------------------------

    def act(self, view: SeatView, legal: list[int], rng: np.random.Generator) -> int:
        if len(legal) == 1:
            return legal[0]
        game = view.game
        if not self.searches(view):
            return self.policy(game, view.sample(rng), legal, rng, quick=False)
        root = _Node(view.num_players)
        deadline = time.perf_counter() + self.time if self.time > 0 else None
        done = 0
        horizon = -1.0
        while True:
            state = view.sample(rng)
            if horizon < 0:
                horizon = self.horizon(game, state)
                root.candidates = self.root_candidates(
                    game, state, view.seat, legal, rng
                )
                root.ranked = True
            self._iterate(game, root, state, rng, horizon)
            done += 1
            if done == self.iterations:
                break
            if deadline is not None and time.perf_counter() >= deadline:
                break
        best = max(
            legal, key=lambda a: root.children[a].visits if a in root.children else -1
        )
        return best

    def _iterate(
        self,
        game: Game,
        root: _Node,
        state: Any,
        rng: np.random.Generator,
        horizon: float,
    ) -> None:
        node = root
        path = [root]
        c = self.exploration
        n = len(root.value)
        # bound once: these run at every step of every iteration
        is_over, turns, legal_actions = game.is_over, game.turns, game.legal_actions
        apply, is_tree_node = game.apply_legal_action, self.is_tree_node
        is_chance_node = game.is_chance_node
        while not is_over(state) and turns(state) < horizon:
            if is_chance_node(state):  # open loop: a roll is drawn, no node made
                apply(state, sample_outcome(game.chance_outcomes(state), rng))
                continue
            legal = legal_actions(state)
            mover = game.current_player(state)
            if not is_tree_node(game, state):  # no tree node: the policy moves
                apply(state, self.policy(game, state, legal, rng, quick=True))
                continue
            if not node.ranked:
                node.candidates = self.candidates(game, state, mover, legal, rng)
                node.ranked = True
            if node.candidates is not None:
                searched = [a for a in legal if a in node.candidates]
                if not searched:  # this sample allows none of them: the policy picks
                    searched = [self.policy(game, state, legal, rng, quick=True)]
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
                child = _Node(n)
                node.children[action] = child
                apply(state, action)
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
            apply(state, action)
            node = node.children[action]
            path.append(node)
        values = self._rollout(game, state, rng, horizon)
        for nd in path:
            nd.visits += 1
            for p, v in enumerate(values):
                nd.value[p] += v

    def _rollout(
        self, game: Game, state: Any, rng: np.random.Generator, horizon: float
    ) -> list[float]:
        is_over, turns, legal_actions = game.is_over, game.turns, game.legal_actions
        apply, choose = game.apply_legal_action, self.rollout_action
        is_chance_node = game.is_chance_node
        while not is_over(state) and turns(state) < horizon:
            if is_chance_node(state):
                apply(state, sample_outcome(game.chance_outcomes(state), rng))
                continue
            legal = legal_actions(state)
            apply(state, choose(game, state, legal, rng))
        return self.evaluate(game, state)
