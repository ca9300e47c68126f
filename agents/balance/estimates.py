"""Estimates with 95% confidence intervals, and tests of a difference.

Win rates use the Wilson score interval (as the tournament report does), means a
Student t interval. A difference of two rates gets Newcombe's interval (built
from the two Wilson intervals) and the two-sided p-value of the z test of equal
rates; a difference of two means, Welch's interval and t test. All tables are
pandas DataFrames with the columns named below.
"""

from __future__ import annotations

import math
from collections.abc import Sequence

import numpy as np
import pandas as pd
from scipy import stats as sps

from agents.stats import wilson_interval

#: 1 − the confidence of every interval
ALPHA = 0.05


def rate(successes: float, trials: int) -> dict[str, float]:
    """A share with its Wilson interval: `n`, `successes`, `rate`, `ci_low`, `ci_high`."""
    low, high = wilson_interval(successes, trials)
    return {
        "n": trials,
        "successes": successes,
        "rate": successes / trials if trials else math.nan,
        "ci_low": low,
        "ci_high": high,
    }


def _keys(by: str | Sequence[str]) -> str | list[str]:
    """One column by name (a flat index), several as a list (a MultiIndex)."""
    if isinstance(by, str):
        return by
    return by[0] if len(by) == 1 else list(by)


def rate_table(
    frame: pd.DataFrame, by: str | Sequence[str], success: str = "won"
) -> pd.DataFrame:
    """The share of rows where `success` is true, per group of `by`."""
    by = _keys(by)
    groups = frame.groupby(by, dropna=False)[success]
    rows = {key: rate(float(s.sum()), int(s.count())) for key, s in groups}
    table = pd.DataFrame.from_dict(rows, orient="index")
    table.index.names = [by] if isinstance(by, str) else list(by)
    return table


def mean_ci(values: Sequence[float] | pd.Series) -> dict[str, float]:
    """A mean with its 95% t interval: `n`, `mean`, `ci_low`, `ci_high`."""
    x = np.asarray(pd.Series(values).dropna(), dtype=float)
    n = len(x)
    if n == 0:
        return {"n": 0, "mean": math.nan, "ci_low": math.nan, "ci_high": math.nan}
    mean = float(x.mean())
    if n == 1 or x.std() == 0:
        return {"n": n, "mean": mean, "ci_low": mean, "ci_high": mean}
    half = float(sps.t.ppf(1 - ALPHA / 2, n - 1) * x.std(ddof=1) / math.sqrt(n))
    return {"n": n, "mean": mean, "ci_low": mean - half, "ci_high": mean + half}


def mean_table(
    frame: pd.DataFrame, by: str | Sequence[str], column: str
) -> pd.DataFrame:
    """The mean of `column` per group of `by`, with 95% t intervals."""
    by = _keys(by)
    rows = {key: mean_ci(s) for key, s in frame.groupby(by, dropna=False)[column]}
    table = pd.DataFrame.from_dict(rows, orient="index")
    table.index.names = [by] if isinstance(by, str) else list(by)
    return table


def rate_difference(
    a_successes: float, a_trials: int, b_successes: float, b_trials: int
) -> dict[str, float]:
    """Rate b minus rate a: `difference`, Newcombe's 95% `ci_low`/`ci_high`, and
    `p_value` of the two-sided z test that the rates are equal."""
    if a_trials <= 0 or b_trials <= 0:
        raise ValueError("both groups need at least one trial")
    pa, pb = a_successes / a_trials, b_successes / b_trials
    la, ha = wilson_interval(a_successes, a_trials)
    lb, hb = wilson_interval(b_successes, b_trials)
    diff = pb - pa
    low = diff - math.sqrt((pb - lb) ** 2 + (ha - pa) ** 2)
    high = diff + math.sqrt((hb - pb) ** 2 + (pa - la) ** 2)
    pooled = (a_successes + b_successes) / (a_trials + b_trials)
    se = math.sqrt(pooled * (1 - pooled) * (1 / a_trials + 1 / b_trials))
    p_value = 1.0 if se == 0 else float(2 * sps.norm.sf(abs(diff) / se))
    return {"difference": diff, "ci_low": low, "ci_high": high, "p_value": p_value}


def mean_difference(
    a: Sequence[float] | pd.Series, b: Sequence[float] | pd.Series
) -> dict[str, float]:
    """Mean of b minus mean of a: `difference`, Welch's 95% `ci_low`/`ci_high`,
    and `p_value` of Welch's two-sided t test."""
    x = np.asarray(pd.Series(a).dropna(), dtype=float)
    y = np.asarray(pd.Series(b).dropna(), dtype=float)
    if len(x) < 2 or len(y) < 2:
        raise ValueError("both groups need at least two values")
    diff = float(y.mean() - x.mean())
    vx, vy = x.var(ddof=1) / len(x), y.var(ddof=1) / len(y)
    se = math.sqrt(vx + vy)
    if se == 0:
        return {
            "difference": diff,
            "ci_low": diff,
            "ci_high": diff,
            "p_value": 1.0 if diff == 0 else 0.0,
        }
    df = (vx + vy) ** 2 / (vx**2 / (len(x) - 1) + vy**2 / (len(y) - 1))
    half = float(sps.t.ppf(1 - ALPHA / 2, df) * se)
    p_value = float(2 * sps.t.sf(abs(diff) / se, df))
    return {
        "difference": diff,
        "ci_low": diff - half,
        "ci_high": diff + half,
        "p_value": p_value,
    }


def share_test(successes: float, trials: int, share: float) -> float:
    """The two-sided exact binomial p-value that the true rate is `share`
    (for ties, whose half-wins are not whole, the nearest whole count)."""
    return float(sps.binomtest(round(successes), trials, share).pvalue)
