"""Mining: MINE (1 AP, once per Hewn turn) rolls mining dice for normal Substract,
then danger dice (lava, Snedj, planet attack, deplete, new mine, respite, blank).
"""

from __future__ import annotations

from .state import Frame, State


def can_mine(state: State, hewn: int, turn: Frame) -> bool:
    """Whether MINE is legal for `hewn` in its Hewn turn `turn`."""
    return False


def start_mining(state: State, turn: Frame) -> None:
    """MINE was chosen: pay the AP and push the mining chain."""
    raise NotImplementedError
