"""The training curve of a run: `curve.png` in its folder.

Two panels over the learner's steps: the evaluation win rates against each
scripted bot with their 95% intervals (eval.csv), and the recent training win rate
against each league member (league.csv), with the moments snapshots joined.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from .logs import EVAL_CSV, LEAGUE_CSV, read_csv

CURVE_FILE = "curve.png"


def _eval_panel(axis: Any, run: Path, prefix: str) -> None:
    """eval.csv's win rates per opponent over its first column, with their 95%
    intervals shaded (the top panel of both kinds of curve)."""
    evals: dict[str, list[tuple[int, float, float, float]]] = defaultdict(list)
    if (run / EVAL_CSV).exists():
        for row in read_csv(run / EVAL_CSV):
            evals[row["opponent"]].append(
                (int(row["step"]), float(row["win_rate"]),
                 float(row["ci_low"]), float(row["ci_high"]))
            )  # fmt: skip
    for name, rows in evals.items():
        xs = [p[0] for p in rows]
        line = axis.plot(xs, [p[1] for p in rows], marker="o", label=prefix + name)[0]
        axis.fill_between(xs, [p[2] for p in rows], [p[3] for p in rows],
                          color=line.get_color(), alpha=0.15)  # fmt: skip
    axis.set_ylim(0, 1)
    if evals:
        axis.legend(loc="lower right", fontsize=8)


def plot_run(
    run: Path,
    out: Path | None = None,
    title: str | None = None,
    marks: Sequence[tuple[int, str]] = (),
) -> Path:
    """Draw the run's curve; returns the PNG's path (default: RUN/curve.png).

    `marks`: (step, label) of moments to draw across both panels, such as where
    a fine-tuning phase began on a curve joined from two runs.
    """
    # A Figure of its own, not pyplot, so a notebook's inline plots stay on.
    from matplotlib.figure import Figure

    out = out or run / CURVE_FILE
    fig = Figure(figsize=(8, 7))
    top, bottom = fig.subplots(2, 1, sharex=True)
    _eval_panel(top, run, "")
    top.set_ylabel("evaluation win rate (95% CI)")
    top.axhline(0.5, color="grey", lw=0.5)
    league: dict[str, list[tuple[int, float]]] = defaultdict(list)
    joined: dict[str, int] = {}
    if (run / LEAGUE_CSV).exists():
        for row in read_csv(run / LEAGUE_CSV):
            joined.setdefault(row["opponent"], int(row["step"]))
            if row["win_rate"]:
                league[row["opponent"]].append(
                    (int(row["step"]), float(row["win_rate"]))
                )
    for name, points in league.items():
        if name.startswith("snapshot-"):
            continue
        bottom.plot([p[0] for p in points], [p[1] for p in points], label=name, lw=1)
    snaps = sorted((s, n) for n, s in joined.items() if n.startswith("snapshot-"))
    for i, (step, _name) in enumerate(snaps):
        bottom.axvline(step, color="black", lw=0.5, ls=":",
                       label="a snapshot joins" if i == 0 else None)  # fmt: skip
    bottom.set_ylabel("training win rate (recent games)")
    bottom.set_xlabel("learner steps")
    bottom.set_ylim(0, 1)
    if league:
        bottom.legend(loc="lower right", fontsize=8)
    for step, label in marks:
        for axis in (top, bottom):
            axis.axvline(step, color="crimson", lw=1, ls="--")
        top.annotate(label, (step, 0.03), xytext=(4, 0), textcoords="offset points",
                     color="crimson", fontsize=8)  # fmt: skip
    fig.suptitle(title or f"training run {run.name}")
    fig.tight_layout()
    fig.savefig(out, dpi=100)
    return out


def plot_expert(run: Path, out: Path | None = None) -> Path | None:
    """An expert-iteration run's `curve.png`: the evaluation win rates of the
    best net (searching) per generation with their 95% intervals, and the
    promotion tests' scores with the generations whose net was promoted.
    None when the run has no generation logged yet."""
    from matplotlib.figure import Figure

    from .expert import EXPERT_CSV

    if not (run / EXPERT_CSV).exists():
        return None
    gens = read_csv(run / EXPERT_CSV)
    if not gens:
        return None
    out = out or run / CURVE_FILE
    fig = Figure(figsize=(8, 7))
    top, bottom = fig.subplots(2, 1, sharex=True)
    _eval_panel(top, run, "vs ")
    top.set_ylabel("best net searching: win rate (95% CI)")
    xs = [int(r["generation"]) for r in gens]
    bottom.plot(xs, [float(r["gate_score"]) for r in gens], marker=".",
                label="candidate's score against the best")  # fmt: skip
    promoted = [int(r["generation"]) for r in gens if r["promoted"] == "1"]
    for i, g in enumerate(promoted):
        bottom.axvline(g, color="green", lw=0.6, ls=":",
                       label="promoted" if i == 0 else None)  # fmt: skip
    bottom.set_ylabel("promotion test score")
    bottom.set_xlabel("generation")
    bottom.set_ylim(0, 1)
    bottom.legend(loc="lower right", fontsize=8)
    fig.suptitle(f"expert iteration {run.name}")
    fig.tight_layout()
    fig.savefig(out, dpi=100)
    return out
