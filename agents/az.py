"""`az`: information-set search guided by a trained policy and its critic.

Each iteration samples a full state consistent with what the seat knows
(`SeatView.sample`), walks one shared tree from the decision at hand and stops
at the first position the tree has not seen, which the network weighs: the
policy's probabilities over the legal actions become the position's priors, and
the critic's win shares (one per seat) its value. No game is played out to the
end: the value is the network's (or the game's result, at the end). The walk
chooses by PUCT, the prior-weighted rule of AlphaZero, each seat maximising its
own share; chance is explicit: at a roll the walk draws an outcome with the
game's own probabilities (`chance_outcomes`) and goes on under that outcome's
node. The move played is the root's most visited action.

What differs between samples is handled as information-set search does: an
action legal in only some samples is scored among those it is legal in, and a
position reached in a sample that allows actions the node has no prior for gets
their priors from that sample.

It speaks only the game interface, so it plays every game a model is trained
for: the shipped model of the game and player count, or `model=PATH` (a
`policy.npz` that holds a critic: training's expert iteration writes them, and
`scavenger train --algo critic` fits one to an older file).
"""

from __future__ import annotations

import math
import time
from pathlib import Path
from typing import Any, ClassVar

import numpy as np

from scavenger_env.core.chance import sample_outcome
from scavenger_env.core.game import Game

from .base import SeatView
from .ppo.agent import cached_policy, shipped_model
from .ppo.policy import Policy, PolicyFileError

__all__ = ["DEFAULT_ITERATIONS", "AZAgent", "NoCriticError"]

DEFAULT_ITERATIONS = 100
"""The iteration budget when neither `iterations` nor `time` is given."""


class NoCriticError(PolicyFileError):
    """The model holds no critic, which the search needs at its leaves."""


class _Node:
    """A node of the shared tree: the actions (or chance outcomes) taken so far
    from the root. `prior` is None until a sample first reaches it."""

    __slots__ = ("children", "prior", "value", "visits")

    def __init__(self, num_players: int) -> None:
        self.children: dict[int, _Node] = {}
        self.prior: dict[int, float] | None = None
        self.visits = 0
        self.value = [0.0] * num_players


class AZAgent:
    """PUCT search over determinized samples with a policy prior and a critic."""

    name = "az"
    option_info: ClassVar[dict[str, dict[str, object]]] = {
        "model": {"default": "the model shipped for the game and player count"},
        "iterations": {"default": f"{DEFAULT_ITERATIONS}, none when time is set"},
    }

    def __init__(
        self,
        model: str = "",
        iterations: int = 0,
        time: float = 0.0,
        c_puct: float = 1.5,
        prior_mix: float = 0.0,
        temperature: float = 0.0,
        noise: float = 0.0,
    ) -> None:
        """Args:
        model: a policy file with a critic; empty: the shipped model for the
            game and player count.
        iterations: search iterations per decision; 0 means 100, or no limit
            when `time` is set.
        time: seconds per decision (0: no clock); with both, whichever comes
            first. Only an iteration budget is reproducible.
        c_puct: how much the prior and few visits count against the value.
        prior_mix: the share of a uniform prior mixed into the policy's (0: the
            policy's alone; 1: uniform).
        temperature: 0 plays the most visited action; above 0, an action drawn
            with probability proportional to visits^(1/temperature) (for
            training games).
        noise: the share of Dirichlet noise mixed into the root's prior (for
            training games; 0: none).
        """
        if iterations < 0 or time < 0 or c_puct < 0 or temperature < 0:
            raise ValueError(
                "az needs iterations >= 0, time >= 0, c_puct >= 0 and temperature >= 0"
            )
        if not 0 <= prior_mix <= 1 or not 0 <= noise <= 1:
            raise ValueError("az needs prior_mix and noise between 0 and 1")
        self.model = Path(model).expanduser().absolute() if model else None
        self.time = float(time)
        self.iterations = int(iterations) or (0 if self.time else DEFAULT_ITERATIONS)
        self.c_puct = float(c_puct)
        self.prior_mix = float(prior_mix)
        self.temperature = float(temperature)
        self.noise = float(noise)
        self.seat = -1
        #: the root's visits per action of the last search (for expert iteration)
        self.last_visits: dict[int, int] = {}
        #: the root's value per seat after the last search (mean over its visits)
        self.last_value: list[float] = []
        self._bound: tuple[str, int] | None = None
        self._policy: Policy | None = None
        self._codec: Any = None
        self._encoder: Any = None
        if self.model is not None:
            _checked_critic(cached_policy(self.model))

    def reset(self, seat: int, config: Any) -> None:
        self.seat = seat
        if self.model is not None:
            cached_policy(self.model).check(num_players=config.num_players)

    def check_game(self, game: str, num_players: int) -> None:
        """Raise `PolicyFileError` now, before any game, when no model with a
        critic plays `game` with `num_players` seats."""
        path = (
            self.model if self.model is not None else shipped_model(game, num_players)
        )
        policy = cached_policy(path)
        policy.check(game, num_players)
        _checked_critic(policy)

    def _bind(self, view: SeatView) -> None:
        game, n = view.game.name, view.num_players
        path = self.model if self.model is not None else shipped_model(game, n)
        policy = cached_policy(path)
        policy.check(game, n)
        self._policy = _checked_critic(policy)
        self._codec = view.game.codec()
        self._encoder = view.game.make_encoder()
        self._bound = (game, n)

    # -- the network's view of a position ------------------------------------------

    def _priors(
        self, game: Game, state: Any, mover: int, legal: list[int]
    ) -> tuple[dict[int, float], np.ndarray]:
        """The policy's probabilities over `legal` (engine actions) for the mover
        of `state`, mixed with uniform by `prior_mix`; and its observation."""
        assert self._policy is not None
        n = game.num_players(state)
        obs = self._encoder.encode(state, mover)
        ids = np.array([self._codec.encode(a, mover, n) for a in legal])
        logits = self._policy.logits(obs)[ids].astype(np.float64)
        p = np.exp(logits - logits.max())
        p /= p.sum()
        if self.prior_mix:
            p = (1 - self.prior_mix) * p + self.prior_mix / len(legal)
        return dict(zip(legal, p.tolist())), obs

    def _values(
        self, game: Game, state: Any, mover: int, obs: np.ndarray
    ) -> list[float]:
        """Each seat's expected share of the win in `state`, by the critic."""
        assert self._policy is not None
        n = game.num_players(state)
        if self._policy.value_kind == "outcome":
            rel = np.clip(self._policy.value(obs), 0.0, 1.0)
            return [float(rel[(p - mover) % n]) for p in range(n)]
        # a PPO critic: one return per seat from its own view, as margins
        returns = [
            float(
                self._policy.value(
                    obs if p == mover else self._encoder.encode(state, p)
                )[0]
            )
            for p in range(n)
        ]
        scale = float(self._policy.meta["value"].get("scale", 1.0)) or 1.0
        return [
            1.0
            / (
                1.0
                + math.exp(
                    -(returns[p] - max(returns[q] for q in range(n) if q != p)) / scale
                )
            )
            for p in range(n)
        ]

    # -- the search ---------------------------------------------------------------

    def act(self, view: SeatView, legal: list[int], rng: np.random.Generator) -> int:
        if self._bound != (view.game.name, view.num_players):
            self._bind(view)
        n = view.num_players
        if len(legal) == 1:
            self.last_visits, self.last_value = {legal[0]: 0}, []
            return legal[0]
        game = view.game
        root = _Node(n)
        deadline = time.perf_counter() + self.time if self.time > 0 else None
        done = 0
        while True:
            state = view.sample(rng)
            if root.prior is None:
                self._expand_root(game, root, state, view.seat, legal, rng)
            self._iterate(game, root, state, rng)
            done += 1
            if done == self.iterations:
                break
            if deadline is not None and time.perf_counter() >= deadline:
                break
        visits = {
            a: (root.children[a].visits if a in root.children else 0) for a in legal
        }
        self.last_visits = visits
        self.last_value = [v / max(root.visits, 1) for v in root.value]
        return self._choose(visits, root.prior or {}, legal, rng)

    def _expand_root(
        self,
        game: Game,
        root: _Node,
        state: Any,
        seat: int,
        legal: list[int],
        rng: np.random.Generator,
    ) -> None:
        """The root's priors, from the seat's own observation (the same in every
        sample), with Dirichlet noise when asked."""
        prior, _ = self._priors(game, state, seat, legal)
        if self.noise:
            eta = rng.dirichlet([0.3] * len(legal))
            prior = {
                a: (1 - self.noise) * p + self.noise * float(e)
                for (a, p), e in zip(prior.items(), eta)
            }
        root.prior = prior

    def _choose(
        self,
        visits: dict[int, int],
        prior: dict[int, float],
        legal: list[int],
        rng: np.random.Generator,
    ) -> int:
        if self.temperature > 0:
            w = np.array([visits[a] for a in legal], dtype=np.float64)
            if w.sum() > 0:
                w = w ** (1.0 / self.temperature)
                return legal[int(rng.choice(len(legal), p=w / w.sum()))]
        return max(legal, key=lambda a: (visits[a], prior.get(a, 0.0)))

    def _iterate(
        self, game: Game, root: _Node, state: Any, rng: np.random.Generator
    ) -> None:
        n = len(root.value)
        node = root
        path = [root]
        is_over, legal_actions = game.is_over, game.legal_actions
        apply, current_player = game.apply_legal_action, game.current_player
        while True:
            if is_over(state):
                won = game.winners(state)
                values = [1.0 / len(won) if p in won else 0.0 for p in range(n)]
                break
            if game.is_chance_node(state):
                outcome = sample_outcome(game.chance_outcomes(state), rng)
                apply(state, outcome)
                node = _child(node, outcome, n)
                path.append(node)
                continue
            legal = legal_actions(state)
            mover = current_player(state)
            if len(legal) == 1:  # a forced move: nothing to weigh
                apply(state, legal[0])
                node = _child(node, legal[0], n)
                path.append(node)
                continue
            if node.prior is None:  # first reached: the network weighs it
                node.prior, obs = self._priors(game, state, mover, legal)
                values = self._values(game, state, mover, obs)
                break
            prior = node.prior
            if any(a not in prior for a in legal):  # this sample allows more
                fresh, _ = self._priors(game, state, mover, legal)
                for a in legal:
                    prior.setdefault(a, fresh[a])
            action = self._select(node, legal, mover)
            apply(state, action)
            node = _child(node, action, n)
            path.append(node)
        for nd in path:
            nd.visits += 1
            for p in range(n):
                nd.value[p] += values[p]

    def _select(self, node: _Node, legal: list[int], mover: int) -> int:
        """PUCT among the actions legal in this sample: the mover's mean share
        plus `c_puct * prior * sqrt(visits among them) / (1 + visits)`; an
        unvisited action is valued at the node's mean for the mover."""
        assert node.prior is not None
        children, prior = node.children, node.prior
        total = 0
        for a in legal:
            child = children.get(a)
            if child is not None:
                total += child.visits
        root_total = math.sqrt(total) if total else 1.0
        first = node.value[mover] / node.visits if node.visits else 0.5
        best, best_score = legal[0], -math.inf
        c = self.c_puct
        for a in legal:
            child = children.get(a)
            if child is None or not child.visits:
                q, visits = first, 0
            else:
                q, visits = child.value[mover] / child.visits, child.visits
            score = q + c * prior[a] * root_total / (1 + visits)
            if score > best_score:
                best, best_score = a, score
        return best


def _child(node: _Node, key: int, n: int) -> _Node:
    child = node.children.get(key)
    if child is None:
        child = node.children[key] = _Node(n)
    return child


def _checked_critic(policy: Policy) -> Policy:
    if not policy.has_value:
        where = policy.path if policy.path is not None else "the model"
        raise NoCriticError(
            f"az weighs positions with the model's critic, and {where} holds none "
            "(a policy file written before critics were saved); fit one with "
            f"`scavenger train --algo critic --init-from {where} --output DIR` and "
            "pass az:model=DIR/policy.npz, or train one with --algo expert"
        )
    return policy
