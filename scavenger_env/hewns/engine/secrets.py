"""What the other seats see of a Hewn in the complete game: its public load, and
whether its slots and heart are open.

The complete card set plays the rulebook's hidden information: what a player
loads onto, or fits into, a Hewn behind the screen is known only to the Hewn's
controller ("many Hewns can store ... in secret locations"). The smaller card
sets keep every load and fitting public, as their records were played. These
queries are what every output for a seat (observation, render, a bot's copy)
reads, so that one rule decides what is open.

Fittings and hearts: opening the screen for an attachment (ATTACH_OFF) hides
every empty socket and empty heart of the seat's Hewns behind it
(`conceal_fittings`), so the others learn neither the piece nor the Hewn; the
seat's pieces by kind, screen and hidden fittings together, stay public
(`seen_techs`). A Hewn's hidden fittings and heart show when it enters the
board (`reveal_fittings`), so nothing on the board depends on them; a death or
a change of controller opens the whole Hewn (`reveal`).
"""

from __future__ import annotations

from .data import TECHS, TechKind
from .state import EMPTY_SLOT, NONE, NUM_HEWNS, OFF_BOARD, State

__all__ = [
    "conceal_fittings",
    "heart_open",
    "hidden_fittings",
    "reveal",
    "reveal_fittings",
    "secrets_on",
    "seen_load",
    "seen_techs",
    "slot_open",
]


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
    hidden = state.slot_hidden[hewn]
    return viewer == state.ctrl[hewn] or slot >= len(hidden) or not hidden[slot]


def heart_open(state: State, hewn: int, viewer: int) -> bool:
    """Whether `viewer` sees what is in `hewn`'s heart card."""
    return viewer == state.ctrl[hewn] or not state.heart_hidden[hewn]


# --- fittings and hearts hidden behind the screen ----------------------------------------


def conceal_fittings(state: State, seat: int) -> None:
    """`seat` opens an off-board attachment (ATTACH_OFF): from now on the other
    seats no longer know what is in the free sockets and empty hearts of its
    Hewns behind the screen ("the heart card can be secretly attached (i.e.
    inserted) behind the players screen"), whichever one the attachment goes
    into. Only public facts decide which (the Hewns off the board, their empty
    sockets and hearts), so the flags tell nothing of the choice."""
    if not secrets_on(state):
        return
    for h in range(NUM_HEWNS):
        if state.ctrl[h] != seat or state.loc[h] != OFF_BOARD:
            continue
        hidden = state.slot_hidden[h]
        while len(hidden) < len(state.slots[h]):  # a Mamabite's slots
            hidden.append(False)
        for i, kind in enumerate(state.slots[h]):
            if kind == EMPTY_SLOT:
                hidden[i] = True
        if state.card(h).heart and state.heart[h] == NONE and state.gem[h] == NONE:
            state.heart_hidden[h] = True


def reveal_fittings(state: State, hewn: int) -> None:
    """Everything fitted into `hewn` behind the screen is shown, its heart
    included: it enters the board (the heart is "open on the board, secret
    off it"), or it dies or changes controller."""
    state.slot_hidden[hewn] = [False] * len(state.slots[hewn])
    state.heart_hidden[hewn] = False


def reveal(state: State, hewn: int) -> None:
    """The whole Hewn is opened (a death, or a change of controller, stun
    included, D47): its hidden load, fittings and heart become public."""
    state.hidden_normal[hewn] = 0
    state.hidden_dirty[hewn] = 0
    reveal_fittings(state, hewn)


def hidden_fittings(state: State, seat: int) -> tuple[list[tuple[int, int]], list[int]]:
    """The hidden slots `(hewn, slot)` and the hidden hearts of the Hewns
    `seat` controls: what another seat may not see."""
    slots: list[tuple[int, int]] = []
    hearts: list[int] = []
    for h in range(NUM_HEWNS):
        if state.ctrl[h] != seat:
            continue
        slots.extend((h, i) for i, hid in enumerate(state.slot_hidden[h]) if hid)
        if state.heart_hidden[h]:
            hearts.append(h)
    return slots, hearts


def seen_techs(state: State, seat: int, viewer: int) -> list[int]:
    """The technologies by kind that `viewer` knows `seat` holds privately: its
    screen for the seat itself; for another seat the screen together with what
    it fitted in secret, a public total since every purchase is public."""
    techs = list(state.screen_tech[seat])
    if viewer == seat or not secrets_on(state):
        return techs
    slots, hearts = hidden_fittings(state, seat)
    for h, i in slots:
        kind = state.slots[h][i]
        if 0 <= kind < len(TECHS):
            techs[kind] += 1
    stone = int(TechKind.HEART_STONES)
    for h in hearts:
        if state.heart[h] != NONE:
            techs[stone] += 1
    return techs
