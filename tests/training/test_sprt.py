"""The promotion test of expert iteration: Wald's sequential probability ratio
test on game scores."""

from __future__ import annotations

import math

import numpy as np
import pytest

from training.sprt import ACCEPT, CONTINUE, REJECT, Sprt


def test_the_bounds_are_walds() -> None:
    test = Sprt(0.5, 0.6, alpha=0.05, beta=0.1)
    assert test.upper == pytest.approx(math.log(0.9 / 0.05))
    assert test.lower == pytest.approx(math.log(0.1 / 0.95))


def test_wins_accept_losses_reject_and_a_tie_counts_half() -> None:
    strong = Sprt(0.5, 0.6)
    decisions = [strong.add(1.0) for _ in range(40)]
    assert decisions[0] == CONTINUE and ACCEPT in decisions
    first = decisions.index(ACCEPT) + 1
    # ln(19) / ln(1.2) = 16.1: the 17th straight win is the first to cross
    assert first == math.ceil(math.log(19) / math.log(1.2))
    weak = Sprt(0.5, 0.6)
    for _ in range(30):
        weak.add(0.0)
    assert weak.decision == REJECT
    tie = Sprt(0.5, 0.6)
    tie.add(0.5)
    half = 0.5 * math.log(1.2) + 0.5 * math.log(0.4 / 0.5)
    assert tie.llr == pytest.approx(half)


@pytest.mark.parametrize(("p", "expected"), [(0.5, REJECT), (0.65, ACCEPT)])
def test_it_finds_the_truth_of_a_simulated_net(p: float, expected: str) -> None:
    """Simulated matches: a net no stronger than the best is kept out, a clearly
    stronger one promoted, in most of 200 runs (the error rates are 5%)."""
    rng = np.random.default_rng(0)
    right = 0
    for _ in range(200):
        test = Sprt(0.5, 0.6)
        while test.decision == CONTINUE and test.games < 2000:
            test.add(float(rng.random() < p))
        right += test.decision == expected
    assert right >= 180


def test_bad_arguments_are_refused() -> None:
    with pytest.raises(ValueError, match="p0 < p1"):
        Sprt(0.6, 0.5)
    with pytest.raises(ValueError, match="alpha"):
        Sprt(0.5, 0.6, alpha=0.7)
    with pytest.raises(ValueError, match=r"\[0, 1\]"):
        Sprt(0.5, 0.6).add(1.5)
