"""The greedy Krysis bot: one step of lookahead, the rest of its action scripted."""

from __future__ import annotations

from typing import ClassVar

import numpy as np

from agents.base import SeatView
from scavenger_env.krysis.engine import (
    KrysisConfig,
    Phase,
    State,
    apply_legal_action,
    legal_actions,
)

from .evaluation import margin
from .heuristics import BanditAgent, HaulerAgent, KrysisScriptedAgent

__all__ = ["GreedyAgent", "play_out", "policy_named"]

#: Decisions a play-out may take before it is cut short (a round is about 60).
MAX_PLAY_OUT = 400

POLICIES: dict[str, type[KrysisScriptedAgent]] = {
    "hauler": HaulerAgent,
    "bandit": BanditAgent,
}


def policy_named(name: str) -> KrysisScriptedAgent:
    """A fresh scripted bot by name ("hauler" or "bandit")."""
    try:
        return POLICIES[name]()
    except KeyError:
        raise ValueError(
            f"policy={name!r}: use one of {', '.join(sorted(POLICIES))}"
        ) from None


def play_out(
    s: State, seat: int, policy: KrysisScriptedAgent, quick: bool = True
) -> State:
    """Play `s` on with `policy` for every seat until `seat` has taken its
    next normal action (the one of this round, if it has not acted yet), or the
    game ends; `s` is changed in place and returned."""
    start_round = s.round
    for _ in range(MAX_PLAY_OUT):
        if s.is_over or s.acted[seat] or s.round != start_round:
            break
        legal = legal_actions(s)
        apply_legal_action(s, policy.choose(s, s.mover, legal, quick))
    return s


class GreedyAgent:
    """Greedy lookahead: each action played out to the end of its own action, by VP + campsite worth.

    At each decision it samples a full state consistent with what its seat
    knows, applies every legal action to a copy, and lets a scripted policy
    (the Hauler by default, for every seat) play on until this seat has taken
    its next normal action (load, raid or overtime): a bid is judged by the
    chamber it wins and the action that follows, a team pick by the action the
    team then takes. The result is valued by `evaluation.margin`: its score so
    far plus the worth of its campsite, less `opponent_weight` times the best
    other seat's. Ties go to the policy's own choice. The set-up choices of the
    advanced game and the 9-card hand are the policy's.
    """

    name = "greedy"
    #: what the signature cannot say (see `registry.agent_options`)
    option_info: ClassVar[dict[str, dict[str, object]]] = {
        "policy": {"choices": tuple(sorted(POLICIES))},
    }

    def __init__(
        self,
        samples: int = 1,
        opponent_weight: float = 1.0,
        policy: str = "hauler",
        quick: bool = True,
    ) -> None:
        """Args:
        samples: determinizations each action is played out on (their values
            are averaged).
        opponent_weight: how much of the best other seat's value counts
            against its own.
        policy: the scripted bot that plays the rest out: "hauler" or
            "bandit".
        quick: whether the play-outs pick team members the quick way
            (`KrysisScriptedAgent.quick_pick`).
        """
        if samples < 1:
            raise ValueError("greedy needs samples >= 1")
        self.samples = int(samples)
        self.opponent_weight = float(opponent_weight)
        self.policy = policy_named(policy)
        self.quick = bool(quick)
        self.seat = 0

    def reset(self, seat: int, config: KrysisConfig) -> None:
        self.seat = seat
        self.policy.reset(seat, config)

    def act(self, view: SeatView, legal: list[int], rng: np.random.Generator) -> int:
        if len(legal) == 1:
            return legal[0]
        seat = view.seat
        if view.phase in (Phase.SQUAD, Phase.HAND):
            return self.policy.choose(view.sample(rng), seat, legal)
        totals = dict.fromkeys(legal, 0.0)
        own = -1
        for _ in range(self.samples):
            s = view.sample(rng)
            if own < 0:
                own = self.policy.choose(s, seat, legal, self.quick)
            for action in legal:
                totals[action] += self.action_value(s, seat, action)
        best = max(totals.values())
        if totals[own] >= best - 1e-9:
            return own
        tied = [a for a in legal if totals[a] >= best - 1e-9]
        return tied[int(rng.integers(len(tied)))]

    def action_value(self, s: State, seat: int, action: int) -> float:
        """The margin after `action` and the play-out (on a copy of `s`)."""
        after = s.clone()
        apply_legal_action(after, action)
        play_out(after, seat, self.policy, self.quick)
        return margin(after, seat, self.opponent_weight)
