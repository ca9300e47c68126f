"""The greedy bot: the legal action with the best immediate gain."""

from __future__ import annotations

import numpy as np

from agents.base import SeatView
from scavenger_env.cavein.engine import GameConfig, GameState, Phase

from .evaluation import action_values, choose_best, pay_action


class GreedyAgent:
    """Greedy one-step lookahead: the action whose result scores best (VP + potential).

    Each decision samples one full state consistent with what the seat knows, applies
    every legal action to a copy (completing the payment or skill targets it opens
    with default choices), and keeps the action whose result `evaluation.evaluate`
    values most: VP so far plus a small potential for hand levels, artifacts and the
    Leader. A real action beats END_TURN or DONE on a tie; other ties go to the rng.
    Payments are always the cheapest valid set of cards.
    """

    name = "greedy"

    def __init__(self) -> None:
        self.seat = 0

    def reset(self, seat: int, config: GameConfig) -> None:
        self.seat = seat

    def act(self, view: SeatView, legal: list[int], rng: np.random.Generator) -> int:
        if len(legal) == 1:
            return legal[0]
        return greedy_action(view.sample(rng), view.seat, legal, rng)


def greedy_action(
    s: GameState, seat: int, legal: list[int], rng: np.random.Generator
) -> int:
    """The greedy choice on a full (sampled) state; search rollouts use it too."""
    if len(legal) == 1:
        return legal[0]
    if s.phase == Phase.PAY:
        return pay_action(s, legal)
    return choose_best(action_values(s, seat, legal), rng)
