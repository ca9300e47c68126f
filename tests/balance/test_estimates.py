"""The estimates: intervals contain what they should, and differences are
tested the textbook way (checked against worked values)."""

from __future__ import annotations

import math

import pandas as pd
import pytest

pytest.importorskip("scipy", reason="balance needs the [balance] extra")

from agents.balance.estimates import (
    mean_ci,
    mean_difference,
    rate,
    rate_difference,
    rate_table,
    share_test,
)


def test_rate_is_the_share_with_its_wilson_interval() -> None:
    r = rate(5, 10)
    assert r["rate"] == 0.5
    assert round(r["ci_low"], 4) == 0.2366 and round(r["ci_high"], 4) == 0.7634
    assert math.isnan(rate(0, 0)["rate"])


def test_rate_table_groups() -> None:
    frame = pd.DataFrame({"order": [0, 0, 0, 1, 1], "won": [1, 1, 0, 0, 1]})
    table = rate_table(frame, "order")
    assert table.loc[0, "n"] == 3 and table.loc[0, "successes"] == 2
    assert table.loc[1, "rate"] == 0.5
    assert (table["ci_low"] <= table["rate"]).all()
    assert (table["rate"] <= table["ci_high"]).all()


def test_mean_ci_matches_the_t_interval() -> None:
    # mean 3, sd sqrt(2.5), n 5: t(0.975, 4) = 2.7764
    m = mean_ci([1, 2, 3, 4, 5])
    half = 2.7764451 * math.sqrt(2.5) / math.sqrt(5)
    assert m["mean"] == 3
    assert m["ci_low"] == pytest.approx(3 - half) and m["ci_high"] == pytest.approx(
        3 + half
    )
    assert mean_ci([7.0]) == {"n": 1, "mean": 7.0, "ci_low": 7.0, "ci_high": 7.0}


def test_rate_difference_newcombe_example() -> None:
    # Newcombe (1998), example (a): 56/70 versus 48/80 -> 0.2, (0.0524, 0.3339)
    d = rate_difference(48, 80, 56, 70)
    assert d["difference"] == pytest.approx(0.2)
    assert d["ci_low"] == pytest.approx(0.0524, abs=5e-4)
    assert d["ci_high"] == pytest.approx(0.3339, abs=5e-4)
    assert d["p_value"] < 0.01
    assert rate_difference(5, 10, 5, 10)["p_value"] == pytest.approx(1.0)
    with pytest.raises(ValueError, match="at least one trial"):
        rate_difference(0, 0, 1, 2)


def test_mean_difference_is_welchs() -> None:
    a, b = [1.0, 2.0, 3.0, 4.0], [3.0, 5.0, 7.0, 9.0]
    from scipy import stats

    d = mean_difference(a, b)
    assert d["difference"] == 3.5
    assert d["p_value"] == pytest.approx(stats.ttest_ind(b, a, equal_var=False).pvalue)
    assert d["ci_low"] < 3.5 < d["ci_high"]
    with pytest.raises(ValueError, match="two values"):
        mean_difference([1.0], b)


def test_share_test_is_the_exact_binomial() -> None:
    assert share_test(5, 10, 0.5) == pytest.approx(1.0)
    assert share_test(9, 10, 0.5) == pytest.approx(0.021484375)
