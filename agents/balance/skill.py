"""How much skill decides the game: head to head rates and the skill gradient.

For two players a and b in the same game, a *beats* b when a scores more; a tie
counts half. Over a field of players ordered from weakest to strongest (tiers),
the **skill gradient** is the mean, over every pair of tiers i < j, of the share
of games in which tier j beats tier i: 0.5 when skill does not matter, 1 when the
stronger player always wins. (The 2025 Tabletop Games Balancing Competition
scores rulesets on how well skill shows; this is our measure of it, computed from
any tournament's records.) Its interval comes from a bootstrap over games.
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import combinations

import numpy as np
import pandas as pd

from .estimates import ALPHA, rate

#: bootstrap resamples for the skill gradient's interval
RESAMPLES = 1000


def pair_results(seats: pd.DataFrame) -> pd.DataFrame:
    """One row per game and pair of different players in it: `game`, `a`, `b`
    (a < b by name) and `a_beats_b` (1, 0.5 for a tie, 0)."""
    rows = []
    for game, group in seats.groupby("game"):
        by_player = dict(zip(group["player"], group["score"]))
        for a, b in combinations(sorted(by_player), 2):
            sa, sb = by_player[a], by_player[b]
            rows.append(
                {
                    "game": game,
                    "a": a,
                    "b": b,
                    "a_beats_b": 1.0 if sa > sb else 0.5 if sa == sb else 0.0,
                }
            )
    return pd.DataFrame(rows, columns=["game", "a", "b", "a_beats_b"])


def head_to_head(seats: pd.DataFrame) -> pd.DataFrame:
    """The share of shared games in which the row player beats the column player
    (a tie counts half); the diagonal is empty."""
    pairs = pair_results(seats)
    players = sorted(seats["player"].unique())
    matrix = pd.DataFrame(np.nan, index=players, columns=players)
    for (a, b), group in pairs.groupby(["a", "b"]):
        share = group["a_beats_b"].mean()
        matrix.loc[a, b], matrix.loc[b, a] = share, 1 - share
    return matrix


def head_to_head_table(seats: pd.DataFrame) -> pd.DataFrame:
    """Every ordered pair: games, the row player's share and its Wilson interval."""
    pairs = pair_results(seats)
    rows = {}
    for (a, b), group in pairs.groupby(["a", "b"]):
        wins = float(group["a_beats_b"].sum())
        rows[(a, b)] = rate(wins, len(group))
        rows[(b, a)] = rate(len(group) - wins, len(group))
    table = pd.DataFrame.from_dict(rows, orient="index")
    table.index.names = ["player", "opponent"]
    return table


def _tier_matrix(
    pairs: pd.DataFrame, tiers: Sequence[str]
) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Games, and per game and pair of tiers (i < j): how often tier j beat tier
    i in it (0, 0.5 or 1; 0 where they did not meet) and whether they met."""
    games = np.sort(pairs["game"].unique())
    where = {g: i for i, g in enumerate(games)}
    k_pairs = list(combinations(range(len(tiers)), 2))
    beats = np.zeros((len(games), len(k_pairs)))
    met = np.zeros((len(games), len(k_pairs)))
    for k, (i, j) in enumerate(k_pairs):
        weak, strong = tiers[i], tiers[j]
        flip = weak < strong  # rows name the pair in name order
        a, b = (weak, strong) if flip else (strong, weak)
        part = pairs[(pairs["a"] == a) & (pairs["b"] == b)]
        rows = part["game"].map(where).to_numpy()
        share = part["a_beats_b"].to_numpy()
        beats[rows, k] = 1 - share if flip else share
        met[rows, k] = 1
    return games, beats, met


def _gradients(weights: np.ndarray, beats: np.ndarray, met: np.ndarray) -> np.ndarray:
    """The gradient for each row of game weights (a game drawn w times counts w
    times): the mean over tier pairs that met of the stronger tier's share."""
    with np.errstate(invalid="ignore", divide="ignore"):
        shares = (weights @ beats) / (weights @ met)
    return np.nanmean(shares, axis=-1)


def gradient_draws(
    seats: pd.DataFrame,
    tiers: Sequence[str],
    rng: np.random.Generator,
    resamples: int = RESAMPLES,
) -> tuple[float, np.ndarray, int]:
    """The skill gradient over `tiers`, its `resamples` bootstrap draws (games
    resampled with `rng`) and the number of games in which two tiers met."""
    games, beats, met = _tier_matrix(pair_results(seats), list(tiers))
    if not met.any():
        raise ValueError(f"no two of the tiers {list(tiers)} played the same game")
    value = float(_gradients(np.ones(len(games)), beats, met))
    weights = rng.multinomial(
        len(games), np.full(len(games), 1 / len(games)), size=resamples
    )
    return value, _gradients(weights, beats, met), int(met.any(axis=1).sum())


def skill_gradient(
    seats: pd.DataFrame,
    tiers: Sequence[str],
    seed: int = 0,
    resamples: int = RESAMPLES,
) -> dict[str, float]:
    """The skill gradient over `tiers` (player names, weakest first) with a 95%
    bootstrap interval (games resampled with `numpy.random.default_rng(seed)`)."""
    if len(tiers) < 2:
        raise ValueError("give at least two tiers, weakest first")
    missing = sorted(set(tiers) - set(seats["player"]))
    if missing:
        raise ValueError(
            f"tiers {missing} played no game here; the players are "
            f"{sorted(seats['player'].unique())}"
        )
    value, draws, games = gradient_draws(
        seats, tiers, np.random.default_rng(seed), resamples
    )
    low, high = np.nanquantile(draws, [ALPHA / 2, 1 - ALPHA / 2])
    return {
        "gradient": value,
        "ci_low": float(low),
        "ci_high": float(high),
        "games": games,
    }
