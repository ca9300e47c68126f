"""What counts as an action id, for every engine and environment.

An action is an int: a Python int or a numpy integer (as drawn from a mask), never
a bool (True is an int to Python, not an action). The engines call `as_action` on
every checked action (`apply_action`, `explain_illegal`), so this module is
compiled with them (`scavenger_env.core.build.COMPILED_MODULES`).
"""

from __future__ import annotations

from numbers import Integral

__all__ = ["as_action"]


def as_action(action: object) -> int | None:
    """`action` as an action id: an int or a numpy integer (as drawn from a
    mask), not a bool (True is an int to Python, not an action); else None."""
    if isinstance(action, bool):
        return None
    if isinstance(action, int):
        return action
    if isinstance(action, Integral):
        return int(action)
    return None
