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
from .state import EMPTY_SLOT, NONE, NUM_HEWNS, OFF_BOARD, State, public_totals

__all__ = [
    "conceal_fittings",
    "enter_board",
    "give_up",
    "heart_open",
    "hidden_fittings",
    "hidden_totals",
    "load_secretly",
    "most_load",
    "possible_kinds",
    "reveal",
    "reveal_fittings",
    "secrets_on",
    "seen_load",
    "seen_techs",
    "slot_open",
    "unload_secretly",
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


# --- hidden loads -------------------------------------------------------------------


def hidden_totals(state: State, seat: int) -> tuple[int, int]:
    """(normal, dirty): the hidden parts of the loads of `seat`'s Hewns. With
    the screen and the closed Bidoxes they make the seat's private total, which
    is public (every flow in or out of it is seen: D47)."""
    normal = dirty = 0
    for h in range(len(state.ctrl)):
        if state.ctrl[h] == seat:
            normal += state.hidden_normal[h]
            dirty += state.hidden_dirty[h]
    return normal, dirty


def load_secretly(state: State, hewn: int, normal: int, dirty: int) -> None:
    """LOAD behind the screen: the Substract goes onto `hewn` and, in a game
    with secrets, into its hidden part ("many Hewns can store ... in secret
    locations")."""
    state.normal[hewn] += normal
    state.dirty[hewn] += dirty
    if secrets_on(state):
        state.hidden_normal[hewn] += normal
        state.hidden_dirty[hewn] += dirty


def unload_secretly(state: State, hewn: int, normal: int, dirty: int) -> None:
    """UNLOAD behind the screen: the Substract leaves `hewn`, its hidden part
    first (a ruling: what nobody saw arrive leaves unseen first, so the
    public part stays what the others know)."""
    state.normal[hewn] -= normal
    state.dirty[hewn] -= dirty
    state.hidden_normal[hewn] = max(0, state.hidden_normal[hewn] - normal)
    state.hidden_dirty[hewn] = max(0, state.hidden_dirty[hewn] - dirty)


def give_up(state: State, hewn: int, normal: int, dirty: int) -> None:
    """`hewn` loses `normal` and `dirty` Substract in sight of everyone (a
    payment, a burn, a transmission): the public part goes first, the hidden
    part shrinks only once the public part of that kind is gone (D47)."""
    state.normal[hewn] -= normal
    state.dirty[hewn] -= dirty
    state.hidden_normal[hewn] = min(state.hidden_normal[hewn], state.normal[hewn])
    state.hidden_dirty[hewn] = min(state.hidden_dirty[hewn], state.dirty[hewn])


def enter_board(state: State, hewn: int) -> None:
    """`hewn` enters the board: its hidden part may be no more than its card's
    secret storage (a ruling, "store (total/secret)"); the excess is revealed,
    dirty first, so that the normal Substract stays secret longest."""
    excess = state.hidden_normal[hewn] + state.hidden_dirty[hewn]
    excess -= state.card(hewn).secret
    if excess <= 0:
        return
    dirty = min(excess, state.hidden_dirty[hewn])
    state.hidden_dirty[hewn] -= dirty
    state.hidden_normal[hewn] -= excess - dirty


def possible_kinds(state: State, hewn: int) -> tuple[bool, bool]:
    """(normal, dirty): whether, by what every seat knows, `hewn` may carry
    Substract of each kind (`most_load`). A prompt about a Hewn's kinds
    reads this, never the Hewn's real load, so that it tells nothing."""
    normal, dirty = most_load(state, hewn)
    return normal > 0, dirty > 0


def most_load(state: State, hewn: int) -> tuple[int, int]:
    """(normal, dirty): the most `hewn` may carry of each kind by what every
    seat knows: its public load, plus what its hidden part could hold (its
    secret storage on the board, its whole store off it, and no more than its
    controller's private total of the kind)."""
    public_n, public_d = seen_load(state, hewn, -1)
    if not secrets_on(state):
        return public_n, public_d
    card = state.card(hewn)
    room = card.secret if state.loc[hewn] >= 0 else card.store_total
    room = min(room, card.store_total - public_n - public_d)
    total_n, total_d = public_totals(state, state.ctrl[hewn])
    return public_n + min(room, total_n), public_d + min(room, total_d)


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
