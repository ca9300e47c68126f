"""Balance findings of every game, as tables with their 95% intervals.

Computes, with ``agents.balance`` (``analysis.by_turn_order``,
``skill.skill_gradient``, ``variants.compare``), from the tournaments the
notebooks play (``02_first_player_advantage``, ``04_skill_gradient``,
``05_rule_variants``, ``08_krysis_balance``, ``09_hewns_balance``; the same
lineups, seeds and game
counts, in the same folders under ``--runs``, so after
``docs/results/scripts/notebooks.py`` ran at a scale the games are reused, and
any missing are played) and, where present, from the 2-player ladders of
``docs/results/scripts/ladder.py``. Writes ``docs/results/balance.md``: the
first-player advantage (win rate by turn order against the fair share), the skill
gradient (and each step of it), and the rule variants against the printed rules.

Usage (from the repository root)::

    python docs/results/scripts/balance.py [--scale tiny|ci|full] [--runs DIR]
        [--ladder-runs DIR] [--jobs J] [--output FILE]

``ci`` and ``full`` are the notebooks' scales (``SCAVENGER_SCALE``); ``tiny`` is
a smoke test of a few games. Needs the ``balance`` extra (pandas, scipy).
"""

from __future__ import annotations

import argparse
import itertools
import sys
import time
import warnings
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))

from _page import ROOT, command, header, num, pct, say, table, write

OUTPUT = ROOT / "docs" / "results" / "balance.md"
RUNS = ROOT / "notebooks" / "runs"
LADDER_RUNS = ROOT / "docs" / "results" / "runs" / "ladder"
SEED = 2026
ORDINALS = ("1st", "2nd", "3rd", "4th")

CAVEIN_VARIANTS: list[tuple[str, dict[str, Any]]] = [
    ("printed", {}),
    ("cave-in at 6 (2p)", {"cave_in_thresholds": (6, 8, 9)}),
    ("cave-in at 8 (2p)", {"cave_in_thresholds": (8, 8, 9)}),
    ("cards 4/4/3/2", {"merc_distribution": "4/4/3/2"}),
    ("German Weedlock", {"weedlock_text": "de"}),
    ("skill crystals move the track", {"skill_crystals_cave_in": True}),
    ("one Scrabber bonus a turn", {"scrabber_every_mine": False}),
    ("passing allowed", {"allow_pass": True}),
]
KRYSIS_VARIANTS: list[tuple[str, dict[str, Any]]] = [
    ("rulebook", {}),
    ("advanced game", {"advanced": True}),
    ("missions", {"missions": True}),
    ("9-card hand", {"nine_card_hand": True}),
    ("a raid may not take bank goods", {"raid_bank_deserts": False}),
]
HEWNS_VARIANTS: list[tuple[str, dict[str, Any]]] = [
    ("rulebook", {}),
    ("carried Substract does not score", {"score_carried": False}),
    ("damaged Hewns may not transmit", {"damaged_transmit": False}),
    # the scenario's designed numbers (2 players: 8 Bidoxes, a pile of 28)
    ("4 Bidoxes a player", {"bidoxes": 4}),
    ("a pile of 60", {"pile": 60}),
]
"""Hewns's variants: its rulings and designed numbers (the Mudgestick matters only
to the terrain cards, not built yet)."""
HEWNS_TIERS = ["random", "raider", "prospector", "greedy"]
"""Hewns's bots, weakest first, as the 2-player ladder's ratings rank them."""


@dataclass
class Scale:
    """What one scale plays: games per tournament, as in the notebooks."""

    mirrors: dict[str, int]
    """Cave-In mirror bots (02) → games per player count."""
    krysis_mirrors: dict[str, int]
    """Krysis mirror bots (08) → games per player count."""
    seats: tuple[int, ...]
    tiers: list[str]
    """Cave-In skill tiers (04), weakest first."""
    tier_games: int
    krysis_tier_games: int
    variant_games: int
    krysis_variant_games: int
    variants: int = 99
    """How many of each game's variant lists to play (the first one is the baseline)."""
    krysis_tiers: list[str] = field(
        default_factory=lambda: ["random", "bandit", "greedy", "hauler"]
    )
    hewns_mirrors: dict[str, int] = field(default_factory=dict)
    """Hewns mirror bots (09) → games per player count."""
    hewns_variant_games: int = 0


SCALES: dict[str, Scale] = {
    "tiny": Scale(
        mirrors={"random": 2},
        krysis_mirrors={"hauler": 2},
        seats=(2,),
        tiers=["random", "greedy"],
        tier_games=2,
        krysis_tier_games=2,
        variant_games=2,
        krysis_variant_games=2,
        variants=2,
        krysis_tiers=["random", "hauler"],
        hewns_mirrors={"prospector": 2},
        hewns_variant_games=2,
    ),
    "ci": Scale(
        mirrors={"random": 48, "greedy": 24, "raider": 24},
        krysis_mirrors={"bandit": 24, "hauler": 24},
        seats=(2, 3, 4),
        tiers=[
            "random",
            "greedy",
            "miner",
            "collector",
            "raider",
            "ismcts:iterations=8",
            "ppo",
        ],
        tier_games=84,
        krysis_tier_games=36,
        variant_games=24,
        krysis_variant_games=24,
        hewns_mirrors={"prospector": 6, "raider": 6},
        hewns_variant_games=24,
    ),
    "full": Scale(
        mirrors={"random": 4000, "greedy": 2000, "raider": 1000},
        krysis_mirrors={"bandit": 600, "hauler": 600},
        seats=(2, 3, 4),
        tiers=["random", "greedy", "miner", "collector", "raider", "ismcts", "ppo"],
        tier_games=2100,
        krysis_tier_games=600,
        variant_games=1000,
        krysis_variant_games=400,
        hewns_mirrors={"prospector": 300, "raider": 300},
        hewns_variant_games=400,
    ),
}


class Runner:
    """Plays (or reuses) the notebooks' tournaments under `runs/<notebook>/<scale>`."""

    def __init__(self, scale: str, runs: Path, jobs: int) -> None:
        self.scale, self.runs, self.jobs = scale, runs, jobs
        self.games = 0

    def frame(
        self,
        notebook: str,
        sub: str,
        name: str,
        options: dict[str, Any],
        players: Sequence[str] | str,
        n: int,
        games: int,
        game: str = "cavein",
    ) -> Any:
        """The seat table of one tournament, played first where missing."""
        from agents.balance.frames import seat_frame
        from agents.balance.variants import Variant, play_variant

        folder = self.runs / notebook / self.scale
        if sub:
            folder = folder / sub
        say(f"  {notebook}: {name} ({games} games)")
        out = play_variant(
            Variant(name, options),
            players,
            n,
            games,
            folder,
            seed=SEED,
            game=game,
            jobs=self.jobs,
        )
        seats = seat_frame(out)
        seats["bot"] = seats["player"].str.replace(r"#\d+$", "", regex=True)
        self.games += int(seats["game"].nunique())
        return seats


def order_rows(game: str, seats: Any) -> list[tuple[Any, ...]]:
    """Rows of win rate by turn order per bot and player count."""
    from agents.balance import analysis

    t = analysis.by_turn_order(seats, by=["bot"])
    rows = []
    for (n, bot), part in t.groupby(level=["num_players", "bot"]):
        part = part.droplevel(["num_players", "bot"]).sort_index()
        first = part.iloc[0]
        cells = [pct(r["rate"], r["ci_low"], r["ci_high"]) for _, r in part.iterrows()]
        cells += [""] * (4 - len(cells))
        rows.append(
            (
                game,
                f"{bot} ×{n}",
                int(n),
                int(first["n"]),
                pct(1 / int(n)),
                *cells,
                f"{first['p_value']:.3f}",
            )
        )
    return rows


def gradient_rows(
    source: str, game: str, seats: Any, tiers: Sequence[str]
) -> list[tuple[Any, ...]]:
    """The gradient over all tiers, then each adjacent step."""
    from agents.balance.skill import skill_gradient

    rows = []
    g = skill_gradient(seats, tiers)
    rows.append(
        (
            source,
            game,
            " < ".join(tiers),
            g["games"],
            num(g["gradient"], g["ci_low"], g["ci_high"]),
        )
    )
    for a, b in itertools.pairwise(tiers if len(tiers) > 2 else ()):
        s = skill_gradient(seats, [a, b])
        rows.append(
            (
                "",
                "",
                f"{a} < {b}",
                s["games"],
                num(s["gradient"], s["ci_low"], s["ci_high"]),
            )
        )
    return rows


def variant_rows(
    game: str, frames: dict[str, Any], tiers: Sequence[str]
) -> list[tuple[Any, ...]]:
    """Each variant minus the baseline (the first frame), metric by metric."""
    from agents.balance.variants import compare

    names = list(frames)
    base = frames[names[0]]
    rows = []
    for name in names[1:]:
        t = compare(base, frames[name], tiers=tiers)
        for metric, r in t.iterrows():
            digits = 3 if metric in ("first player's win rate", "skill gradient") else 1
            rows.append(
                (
                    game,
                    name,
                    metric,
                    f"{r['baseline']:.{digits}f}",
                    f"{r['variant']:.{digits}f}",
                    num(r["difference"], r["ci_low"], r["ci_high"], digits),
                    f"{r['p_value']:.3f}",
                )
            )
    return rows


def write_page(
    scale: str,
    runs: Path,
    ladder_runs: Path | None,
    jobs: int,
    output: Path,
    argv: Sequence[str] | None = None,
) -> Path:
    """Play or reuse the tournaments of `scale`, compute the tables, write the page."""
    import pandas as pd

    warnings.filterwarnings("ignore", "Mean of empty slice", RuntimeWarning)
    s = SCALES[scale]
    r = Runner(scale, runs, jobs)
    start = time.perf_counter()

    say("first-player advantage")
    order = []
    cav = [
        r.frame("02_first_player", "", f"{bot}-{n}p", {}, ",".join([bot] * n), n, k)
        for bot, k in s.mirrors.items()
        for n in s.seats
    ]
    order += order_rows("cavein", pd.concat(cav, ignore_index=True))
    kry = [
        r.frame(
            "08_krysis", "order", f"{bot}-{n}p", {}, ",".join([bot] * n), n, k, "krysis"
        )
        for bot, k in s.krysis_mirrors.items()
        for n in s.seats
    ]
    order += order_rows("krysis", pd.concat(kry, ignore_index=True))
    hew = [
        r.frame(
            "09_hewns", "mirrors", f"{bot}-{n}p", {}, ",".join([bot] * n), n, k, "hewns"
        )
        for bot, k in s.hewns_mirrors.items()
        for n in s.seats
    ]
    order += order_rows("hewns", pd.concat(hew, ignore_index=True))

    say("skill gradient")
    grad = gradient_rows(
        "notebook 04",
        "cavein",
        r.frame("04_skill", "", "ladder-2p", {}, s.tiers, 2, s.tier_games),
        s.tiers,
    )
    grad += gradient_rows(
        "notebook 08",
        "krysis",
        r.frame(
            "08_krysis",
            "",
            "ladder-2p",
            {},
            s.krysis_tiers,
            2,
            s.krysis_tier_games,
            "krysis",
        ),
        s.krysis_tiers,
    )
    ladder_tiers = {
        "cavein": ["random", "greedy", "collector", "miner", "raider"],
        "krysis": ["random", "bandit", "greedy", "hauler"],
        "hewns": HEWNS_TIERS,
    }
    if ladder_runs is not None:
        from agents.balance.frames import seat_frame

        for game, tiers in ladder_tiers.items():
            folder = ladder_runs / f"{game}-2p"
            if (folder / "summary.json").exists():
                say(f"  ladder {folder.name}")
                seats = seat_frame(folder)
                r.games += int(seats["game"].nunique())
                grad += gradient_rows(f"ladder {game}-2p", game, seats, tiers)

    say("rule variants")
    variants = []
    frames = {
        name: r.frame(
            "05_variants", "", name, opts, "greedy,raider", 2, s.variant_games
        )
        for name, opts in CAVEIN_VARIANTS[: s.variants]
    }
    variants += variant_rows("cavein", frames, ["greedy", "raider"])
    frames = {
        name: r.frame(
            "08_krysis",
            "variants",
            name,
            opts,
            "bandit,hauler",
            2,
            s.krysis_variant_games,
            "krysis",
        )
        for name, opts in KRYSIS_VARIANTS[: s.variants]
    }
    variants += variant_rows("krysis", frames, ["bandit", "hauler"])
    frames = {
        name: r.frame(
            "09_hewns",
            "variants",
            name,
            opts,
            "prospector,raider",
            2,
            s.hewns_variant_games,
            "hewns",
        )
        for name, opts in HEWNS_VARIANTS[: s.variants]
    }
    variants += variant_rows("hewns", frames, ["raider", "prospector"])

    elapsed = time.perf_counter() - start
    page = header(
        "Balance",
        command("balance.py", argv),
        elapsed,
        [
            f"**Scale**: `{scale}`"
            + (
                " (the notebooks' `SCAVENGER_SCALE`)"
                if scale != "tiny"
                else " (a smoke test)"
            )
            + f": {r.games} games in all, master seed {SEED}; Cave-In mirrors "
            + ", ".join(f"{b} {k}" for b, k in s.mirrors.items())
            + " games per player count; Krysis mirrors "
            + ", ".join(f"{b} {k}" for b, k in s.krysis_mirrors.items())
            + "; Hewns mirrors "
            + ", ".join(f"{b} {k}" for b, k in s.hewns_mirrors.items())
            + f"; skill ladders {s.tier_games} (Cave-In) and {s.krysis_tier_games} (Krysis) games; "
            f"variants {s.variant_games} (Cave-In), {s.krysis_variant_games} (Krysis) "
            f"and {s.hewns_variant_games} (Hewns) games each",
            "**Sources**: the notebooks' tournaments (same lineups, seeds, counts and "
            "folders), and the 2-player ladders of [the ladder page](ladder.md) where present",
        ],
    )
    if scale != "full":
        page += (
            "\nAt this scale the intervals are wide: read them, not the point "
            "estimates. A difference whose interval contains 0 is not a finding.\n"
        )
    page += (
        "\n## First-player advantage\n\n"
        "Win rate by turn order between copies of one bot (a tie is a win for "
        "every tied player), with the 95% Wilson interval; p: the exact binomial "
        "test of the first player's rate against the fair share.\n\n"
    )
    page += table(
        ("game", "bots", "players", "games", "fair", *ORDINALS, "p (1st)"),
        order,
        "llrrrllllr",
    )
    page += (
        "\n## Skill gradient\n\n"
        "The mean, over every pair of tiers (weakest first), of the share of "
        "shared games in which the stronger scores more VP (a tie counts half): 0.5 "
        "when skill does not matter, 1 when the stronger always wins; 95% bootstrap "
        "interval. The rows under each gradient are its adjacent steps. The "
        "notebooks' rows use the notebooks' tiers; the ladder rows order Cave-In's "
        "bots as the 2-player ladder (ladder.md) ranks them (collector below miner), "
        "Krysis's as notebook 08 does, Hewns's as its 2-player ladder's ratings rank "
        "them "
        "(Hewns has no skill notebook).\n\n"
    )
    page += table(
        ("source", "game", "tiers", "games", "gradient (95% CI)"), grad, "lllrl"
    )
    page += (
        "\n## Rule variants\n\n"
        "Each variant minus the printed rules (Cave-In: greedy against raider; "
        "Krysis: bandit against hauler; Hewns: prospector against raider; 2 "
        "players, the same deals), with the 95% "
        "interval of the difference and its p-value. Turns and actions are per "
        "game; the skill gradient is over the two bots.\n\n"
    )
    page += table(
        (
            "game",
            "variant",
            "metric",
            "baseline",
            "variant",
            "difference (95% CI)",
            "p",
        ),
        variants,
        "lllrrlr",
    )
    return write(output, page)


def main(argv: Sequence[str] | None = None) -> int:
    """Parse the options, compute and write the page."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--scale", choices=tuple(SCALES), default="ci")
    parser.add_argument("--runs", type=Path, default=RUNS)
    parser.add_argument("--ladder-runs", type=Path, default=LADDER_RUNS)
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--output", type=Path, default=OUTPUT)
    args = parser.parse_args(argv)
    path = write_page(
        args.scale, args.runs, args.ladder_runs, args.jobs, args.output, argv
    )
    say(f"wrote {path}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
