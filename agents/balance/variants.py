"""Rule variants: play the same tournament under other rules, then compare.

A variant is a name and the rule options it changes (`GameConfig` keywords in
Cave-In, such as `cave_in_thresholds` or `merc_distribution`). Each variant's
tournament is kept in its own folder, so a long study resumes where it stopped
and every number can be traced to its games.
"""

from __future__ import annotations

import os
import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import numpy as np
import pandas as pd

from .estimates import ALPHA, mean_difference, rate_difference
from .frames import game_frame
from .skill import gradient_draws


@dataclass(frozen=True)
class Variant:
    """A named set of rule options (empty: the rules as printed)."""

    name: str
    options: Mapping[str, Any] = field(default_factory=dict)

    @property
    def folder_name(self) -> str:
        """The name as one folder: a `/` (as in "cards 4/4/3/2") would nest
        folders, and `..` would leave the study's folder."""
        safe = re.sub(r"[^\w .()+-]", "-", self.name).strip(" .")
        return safe or "variant"


def play_variant(
    variant: Variant,
    players: Sequence[str] | str,
    num_players: int,
    games: int,
    folder: str | os.PathLike[str],
    *,
    seed: int = 0,
    game: str = "cavein",
    jobs: int = 1,
    backend: str = "local",
    progress: bool = False,
) -> Path:
    """Play (or finish) `variant`'s tournament in `folder/NAME` (its
    `folder_name`); returns it."""
    from agents.tournament.plan import make_plan
    from agents.tournament.runner import run_tournament
    from scavenger_env.core.games import get_game

    rules = get_game(game)
    try:
        config = rules.make_config(num_players, **dict(variant.options))
    except TypeError as err:
        raise ValueError(
            f"variant {variant.name!r}: {err}; the options are "
            f"{', '.join(rules.config_options())}"
        ) from None
    plan = make_plan(
        players, num_players, games=games, seed=seed, config=config, game=game
    )
    out = Path(folder) / variant.folder_name
    run_tournament(plan, out, jobs=jobs, backend=backend, progress=progress)
    return out


def _first_player(seats: pd.DataFrame) -> pd.Series:
    return game_frame(seats)["first_player_won"].dropna().astype(bool)


def _gradient_difference(
    a: pd.DataFrame, b: pd.DataFrame, tiers: Sequence[str], seed: int
) -> dict[str, float]:
    """Gradient of b minus a, its bootstrap interval and two-sided p-value."""
    rng = np.random.default_rng(seed)
    base, base_draws, _ = gradient_draws(a, tiers, rng)
    new, new_draws, _ = gradient_draws(b, tiers, rng)
    diff = new_draws - base_draws
    low, high = np.nanquantile(diff, [ALPHA / 2, 1 - ALPHA / 2])
    p = 2 * min(np.nanmean(diff <= 0), np.nanmean(diff >= 0))
    return {
        "baseline": base,
        "variant": new,
        "difference": new - base,
        "ci_low": float(low),
        "ci_high": float(high),
        "p_value": float(min(1.0, p)),
    }


def compare(
    baseline: pd.DataFrame,
    variant: pd.DataFrame,
    tiers: Sequence[str] = (),
    seed: int = 0,
) -> pd.DataFrame:
    """Variant minus baseline (two seat tables) on the first player's win rate,
    the game length (in turns and in actions), the winner's margin and, given `tiers` (weakest first),
    the skill gradient: each with its 95% interval and p-value."""
    rows = {}
    fa, fb = _first_player(baseline), _first_player(variant)
    if len(fa) and len(fb):
        rows["first player's win rate"] = {
            "baseline": fa.mean(),
            "variant": fb.mean(),
            **rate_difference(fa.sum(), len(fa), fb.sum(), len(fb)),
        }
    ga, gb = game_frame(baseline), game_frame(variant)
    lengths = (("turns", "turns"), ("actions", "actions"))
    for label, column in (*lengths, ("winner's margin", "winner_margin")):
        rows[label] = {
            "baseline": ga[column].mean(),
            "variant": gb[column].mean(),
            **mean_difference(ga[column], gb[column]),
        }
    if tiers:
        rows["skill gradient"] = _gradient_difference(baseline, variant, tiers, seed)
    return pd.DataFrame.from_dict(rows, orient="index")[
        ["baseline", "variant", "difference", "ci_low", "ci_high", "p_value"]
    ]
