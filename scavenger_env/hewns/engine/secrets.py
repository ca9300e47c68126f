"""What the other seats see of a Hewn in the complete game: its public load, and
whether its slots and heart are open.

The complete card set plays the rulebook's hidden information: what a player
loads onto, or fits into, a Hewn behind the screen is known only to the Hewn's
controller ("many Hewns can store ... in secret locations"). The smaller card
sets keep every load and fitting public, as their records were played. These
queries are what every output for a seat (observation, render, a bot's copy)
reads, so that one rule decides what is open.
"""

from __future__ import annotations

from .state import State

__all__ = ["heart_open", "secrets_on", "seen_load", "slot_open"]


def secrets_on(state: State) -> bool:
    """Whether this game hides off-board loads and fittings (by default, the
    complete set does: `HewnsConfig.secret_loads`)."""
    return state.config.loads_secret


def seen_load(state: State, hewn: int, viewer: int) -> tuple[int, int]:
    """(normal, dirty) Substract that `viewer` sees `hewn` carry: all of it for
    its controller, the public part for every other seat."""
    if viewer == state.ctrl[hewn]:
        return state.normal[hewn], state.dirty[hewn]
    return (
        state.normal[hewn] - state.hidden_normal[hewn],
        state.dirty[hewn] - state.hidden_dirty[hewn],
    )


def slot_open(state: State, hewn: int, slot: int, viewer: int) -> bool:
    """Whether `viewer` sees what is in `hewn`'s slot `slot`."""
    return viewer == state.ctrl[hewn] or not state.slot_hidden[hewn][slot]


def heart_open(state: State, hewn: int, viewer: int) -> bool:
    """Whether `viewer` sees what is in `hewn`'s heart card."""
    return viewer == state.ctrl[hewn] or not state.heart_hidden[hewn]
