"""Transmission and the management of Substract and technologies: TRANSMIT (to
the screen or along a chain of Hewns that see each other), BANJER (fit a
technology from the screen on the board), LOAD, UNLOAD and ATTACH_OFF for Hewns
off the board. Each is a verb offered in the windows where the rules allow it
(the bid turn, the player turn, the Hewn turn) and a short chain of frames.
"""

from __future__ import annotations

from .state import NONE, State


def bid_turn_verbs(state: State, seat: int) -> list[int]:
    """The management verbs `seat` may start in its bid turn."""
    return []


def player_turn_verbs(state: State, seat: int) -> list[int]:
    """The management verbs `seat` may start in its player turn."""
    return []


def hewn_turn_verbs(state: State, seat: int, hewn: int) -> list[int]:
    """The management verbs offered in `hewn`'s Hewn turn."""
    return []


def start_verb(state: State, seat: int, verb: int, hewn: int = NONE) -> None:
    """Start the chain of `verb` (one that the lists above offered)."""
    raise NotImplementedError(f"verb {verb}")
