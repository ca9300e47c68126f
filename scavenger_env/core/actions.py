"""What counts as an action id, for every engine and environment.

An action is an int: a Python int or a numpy integer (as drawn from a mask), never
a bool (True is an int to Python, not an action). The engines call `as_action` on
every checked action (`apply_action`, `explain_illegal`: `checked_action` says why a value is
no action id), so this module is
compiled with them (`scavenger_env.core.build.COMPILED_MODULES`).
"""

from __future__ import annotations

from numbers import Integral

from scavenger_env.core.errors import show_int, show_value

__all__ = ["as_action", "checked_action"]


def as_action(action: object) -> int | None:
    """`action` as an action id: an int or a numpy integer (as drawn from a
    mask), not a bool (True is an int to Python, not an action); else None."""
    if type(action) is int:  # the common case first
        return action
    if isinstance(action, bool):
        return None
    if isinstance(action, int):
        return action
    if isinstance(action, Integral):
        return int(action)
    return None


def checked_action(action: object, num_actions: int) -> tuple[int, str]:
    """(`action` as an action id, '') when it is one of 0..num_actions - 1; else
    (-1, a sentence saying why not)."""
    a = as_action(action)
    if a is None:
        return -1, (
            f"an action must be an int in 0..{num_actions - 1}, got "
            f"{show_value(action)} of type {type(action).__name__}"
        )
    if not 0 <= a < num_actions:
        return -1, f"action {show_int(a)} is outside 0..{num_actions - 1}"
    return a, ""
