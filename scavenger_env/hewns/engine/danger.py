"""Danger tokens on the board: the attack of a token on a Hewn that enters its
space or that it is placed on, and CALM PLANET.
"""

from __future__ import annotations

from .state import Frame, State


def entered(state: State, hewn: int) -> None:
    """`hewn` has just entered its space: a danger token there attacks it
    ("Hewns moving into any space containing a danger token will also be
    attacked"). May push frames; the Hewn turn resumes when they are done."""


def can_calm(state: State, hewn: int, turn: Frame) -> bool:
    """Whether CALM PLANET is legal for `hewn`."""
    return False


def start_calm(state: State, turn: Frame) -> None:
    """CALM was chosen."""
    raise NotImplementedError
