"""How big the notebooks' experiments are: `SCAVENGER_SCALE=ci` (each notebook
in under two minutes, the numbers rough) or `full` (the numbers quoted)."""

from __future__ import annotations

import os

SCALES = ("ci", "full")


def scale() -> str:
    """The scale asked for by `SCAVENGER_SCALE` (default: ci)."""
    value = os.environ.get("SCAVENGER_SCALE", "ci").strip().lower()
    if value not in SCALES:
        raise ValueError(
            f"SCAVENGER_SCALE={value!r}: use ci (quick, rough numbers) or full "
            "(the scale of the balance findings the notebooks report)"
        )
    return value


def pick(ci: int, full: int) -> int:
    """`ci` or `full`, by the scale asked for."""
    return full if scale() == "full" else ci
