"""Pictures for the balance tables (matplotlib): rates and differences with
their intervals, and the head-to-head matrix. Each returns the Axes it drew on."""

from __future__ import annotations

from typing import Any

import numpy as np
import pandas as pd


def _axes(ax: Any, size: tuple[float, float]) -> Any:
    if ax is not None:
        return ax
    import matplotlib.pyplot as plt

    return plt.subplots(figsize=size)[1]


def _label(key: Any) -> str:
    return " / ".join(map(str, key)) if isinstance(key, tuple) else str(key)


def plot_rates(
    table: pd.DataFrame,
    title: str = "",
    fair: float | pd.Series | None = None,
    value: str = "rate",
    ax: Any = None,
) -> Any:
    """Each row's `value` with its 95% interval as a horizontal bar; `fair`
    draws the fair share (a number, or one per row) as a mark."""
    ax = _axes(ax, (7, 0.4 * len(table) + 1.2))
    y = np.arange(len(table))[::-1]
    low = table[value] - table["ci_low"]
    high = table["ci_high"] - table[value]
    ax.barh(y, table[value], xerr=[low, high], color="#7aa6c2", capsize=3)
    if fair is not None:
        marks = np.broadcast_to(np.asarray(fair, dtype=float), (len(table),))
        ax.scatter(
            marks, y, marker="|", s=300, color="#c0392b", zorder=3, label="fair share"
        )
        ax.legend(loc="lower right")
    ax.set_yticks(y, [_label(k) for k in table.index])
    ax.set_title(title)
    ax.set_xlabel(f"{value} (95% CI)")
    return ax


def plot_differences(
    table: pd.DataFrame, title: str = "", label: str = "difference", ax: Any = None
) -> Any:
    """A forest plot: each row's `difference` with its interval, and zero."""
    ax = _axes(ax, (7, 0.35 * len(table) + 1.2))
    y = np.arange(len(table))[::-1]
    ax.errorbar(
        table["difference"],
        y,
        xerr=[
            table["difference"] - table["ci_low"],
            table["ci_high"] - table["difference"],
        ],
        fmt="o",
        color="#2c3e50",
        capsize=3,
    )
    ax.axvline(0, color="#999999", linewidth=1)
    ax.set_yticks(y, [_label(k) for k in table.index])
    ax.set_title(title)
    ax.set_xlabel(f"{label} (95% CI)")
    return ax


def plot_matrix(matrix: pd.DataFrame, title: str = "", ax: Any = None) -> Any:
    """The head-to-head matrix as a heat map, each cell annotated."""
    n = len(matrix)
    ax = _axes(ax, (1.2 * n + 2, 1.0 * n + 1.5))
    image = ax.imshow(matrix.to_numpy(dtype=float), cmap="RdBu", vmin=0, vmax=1)
    for i in range(n):
        for j in range(n):
            x = matrix.iat[i, j]
            if not pd.isna(x):
                ax.text(j, i, f"{x:.0%}", ha="center", va="center", fontsize=9)
    ax.set_xticks(range(n), matrix.columns, rotation=30, ha="right")
    ax.set_yticks(range(n), matrix.index)
    ax.set_title(title or "row beats column")
    ax.figure.colorbar(image, ax=ax, fraction=0.046)
    return ax
