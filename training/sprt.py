"""Wald's sequential probability ratio test: is a new net stronger than the best?

Expert iteration promotes a newly trained net only when games against the
current best say it is stronger. A fixed number of games either wastes games on
clear cases or decides noisy ones by chance; the sequential test plays until the
evidence crosses a bound set by the two error rates, and stops.

Each game gives the new net a score `x` in [0, 1] (its share of the win: 1 won,
0 lost, 1/k in a k-way tie). The test weighs "its chance is `p0`" (no better:
the share a seat has among equals) against "its chance is `p1`" (stronger)
with the log-likelihood ratio of a Bernoulli draw, a tie counting in proportion:
`x ln(p1/p0) + (1 - x) ln((1 - p1)/(1 - p0))` per game.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

__all__ = ["ACCEPT", "CONTINUE", "REJECT", "Sprt"]

ACCEPT = "stronger"
REJECT = "not stronger"
CONTINUE = "undecided"


@dataclass
class Sprt:
    """The running test; `add(score)` per game, `decision` after each.

    Args:
        p0: the new net's chance of winning a game if it is no stronger
            (1/n at n seats of equals).
        p1: its chance if it is as much stronger as the test is meant to find.
        alpha: the chance of promoting a net that is no stronger.
        beta: the chance of keeping the old one when the new is that strong.
    """

    p0: float
    p1: float
    alpha: float = 0.05
    beta: float = 0.05
    llr: float = 0.0
    games: int = 0
    score: float = 0.0

    def __post_init__(self) -> None:
        if not 0 < self.p0 < self.p1 < 1:
            raise ValueError(
                f"the test needs 0 < p0 < p1 < 1, got {self.p0}, {self.p1}"
            )
        if not (0 < self.alpha < 0.5 and 0 < self.beta < 0.5):
            raise ValueError("alpha and beta must lie in (0, 0.5)")

    @property
    def upper(self) -> float:
        """Above it: stronger."""
        return math.log((1 - self.beta) / self.alpha)

    @property
    def lower(self) -> float:
        """Below it: not stronger."""
        return math.log(self.beta / (1 - self.alpha))

    def add(self, score: float) -> str:
        """Book one game's score for the new net; the decision so far."""
        if not 0 <= score <= 1:
            raise ValueError(f"a game's score lies in [0, 1], got {score}")
        self.games += 1
        self.score += score
        self.llr += score * math.log(self.p1 / self.p0) + (1 - score) * math.log(
            (1 - self.p1) / (1 - self.p0)
        )
        return self.decision

    @property
    def decision(self) -> str:
        if self.llr >= self.upper:
            return ACCEPT
        if self.llr <= self.lower:
            return REJECT
        return CONTINUE
