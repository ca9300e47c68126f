"""Transmission and the management of Substract and technologies: TRANSMIT (to
the screen or along a chain of Hewns that see each other), BANJER (fit a
technology from the screen on the board), LOAD, UNLOAD and ATTACH_OFF for Hewns
off the board. Each is a verb offered in the windows where the rules allow it
(the bid turn, the player turn, the Hewn turn: D31) and a short chain of frames.

Every verb is offered only when its chain can be completed, and the chain's
shape depends only on public facts (D47). With secret loads (`secrets`), what
LOAD puts on a Hewn behind the screen is hidden and UNLOAD takes the hidden
part first; which Hewn is loaded or unloaded is seen, the kind and amount are
not, and the kind questions (LOAD_KIND, TX_KIND) are asked from public facts
(`kind_asked`, `hewn_kind_asked`).

Frames: a chain is one typed frame whose `ask` moves from link to link:
`TxFrame` (its window and the choices so far), `BanjerFrame` (its mode) and
`LoadFrame` (its direction).
"""

from __future__ import annotations

from typing import Any, Final

from . import hearts, nanas, secrets
from .actions import HEWN, NUM, SOCKET, TECH, Ctrl, Option, Verb
from .data import Socket, TechKind
from .flow import pop, push
from .secrets import (
    give_up,
    load_secretly,
    possible_kinds,
    secrets_on,
    unload_secretly,
)
from .sight import component, may_send
from .state import (
    EMPTY_SLOT,
    FRAME_FIELDS,
    NO_SLOT,
    NONE,
    NUM_HEWNS,
    OFF_BOARD,
    Ask,
    Frame,
    State,
    public_totals,
)

# windows (`TxFrame.window`)
BID_WINDOW: Final = 0
PLAYER_WINDOW: Final = 1
HEWN_WINDOW: Final = 2
#: an encounter's step 2 (`TxFrame.senders`: the Hewns that may send)
AWAY_RANGED: Final = 3
AWAY_SAME: Final = 4

# `BanjerFrame.mode`
ON_BOARD: Final = 0  # BANJER
OFF: Final = 1  # ATTACH_OFF

# `LoadFrame.direction`
LOAD: Final = 0
UNLOAD: Final = 1

#: the encounter decision kinds: while one is on the stack an encounter is
#: announced and not yet ended
_ENCOUNTER_ASKS: Final = range(Ask.REACT, Ask.DISCARD + 1)

#: Nanasocket technologies that never move once attached (rulebook: "once
#: Nananbites have been attached to a particular Hewn; they can never be moved")
_FIXED: Final = frozenset({TechKind.NANANBITES, TechKind.MAMABITE})

#: the screen's room: more than any Hewn carries
_NO_LIMIT: Final = 1 << 20


# --- the chains' frames -----------------------------------------------------------


class TxFrame(Frame):
    """A TRANSMIT chain (`Ask.TX_SOURCE` .. `Ask.TX_AMOUNT`): `window` says
    where it was started (`senders`: in an encounter's step 2, the Hewns that
    may send); `source`, `dest` (NONE: the screen) and `dirty` are the choices
    so far (`made` says how many)."""

    __slots__ = ("dest", "dirty", "made", "senders", "source", "window")

    def __init__(self, seat: int, window: int, senders: list[int]) -> None:
        super().__init__(Ask.TX_SOURCE, seat)
        self.window = window
        self.senders = senders
        self.made = 0
        self.source = NONE
        self.dest = NONE
        self.dirty = 0

    def copy(self) -> TxFrame:
        """An independent copy."""
        new = TxFrame(self.seat, self.window, list(self.senders))
        self.fill_copy(new)
        new.made = self.made
        new.source = self.source
        new.dest = self.dest
        new.dirty = self.dirty
        return new

    def __reduce__(self) -> tuple[Any, ...]:
        """Pickled by `Frame.reduced`."""
        return self.reduced((self.seat, self.window, self.senders), TX_FRAME_FIELDS)

    def key(self) -> tuple[int, ...]:
        """The frame as plain ints, its fields in place of `data`."""
        fields = (self.window, self.made, self.source, self.dest, self.dirty)
        return self.key_with((*fields, *self.senders))

    def shown(self) -> list[int]:
        """The choices so far, in order: source, destination, dirty."""
        return [self.source, self.dest, self.dirty][: self.made]


TX_FRAME_FIELDS: Final = (
    *FRAME_FIELDS,
    "dest",
    "dirty",
    "made",
    "senders",
    "source",
    "window",
)
"""Every field of a `TxFrame` (a compiled class has no `__slots__` to read)."""


class BanjerFrame(Frame):
    """A BANJER or ATTACH_OFF chain (`Ask.BANJER_TECH` .. `Ask.BANJER_SOCKET`):
    `mode` (ON_BOARD or OFF); `kind` (the technology) and `receiver` (the
    Hewn) are the choices so far (`made` says how many)."""

    __slots__ = ("kind", "made", "mode", "receiver")

    def __init__(self, seat: int, mode: int) -> None:
        super().__init__(Ask.BANJER_TECH, seat)
        self.mode = mode
        self.made = 0
        self.kind = NONE
        self.receiver = NONE

    def copy(self) -> BanjerFrame:
        """An independent copy."""
        new = BanjerFrame(self.seat, self.mode)
        self.fill_copy(new)
        new.made = self.made
        new.kind = self.kind
        new.receiver = self.receiver
        return new

    def __reduce__(self) -> tuple[Any, ...]:
        """Pickled by `Frame.reduced`."""
        return self.reduced((self.seat, self.mode), BANJER_FRAME_FIELDS)

    def key(self) -> tuple[int, ...]:
        """The frame as plain ints, its fields in place of `data`."""
        return self.key_with((self.mode, self.made, self.kind, self.receiver))

    def shown(self) -> list[int]:
        """The choices so far, in order: technology, receiver."""
        return [self.kind, self.receiver][: self.made]


BANJER_FRAME_FIELDS: Final = (*FRAME_FIELDS, "kind", "made", "mode", "receiver")
"""Every field of a `BanjerFrame` (a compiled class has no `__slots__` to
read)."""


class LoadFrame(Frame):
    """A LOAD or UNLOAD chain (`Ask.LOAD_HEWN` .. `Ask.LOAD_AMOUNT`):
    `direction` (LOAD or UNLOAD); `target` (the Hewn behind the screen) and
    `dirty` are the choices so far (`made` says how many)."""

    __slots__ = ("direction", "dirty", "made", "target")

    def __init__(self, seat: int, direction: int) -> None:
        super().__init__(Ask.LOAD_HEWN, seat)
        self.direction = direction
        self.made = 0
        self.target = NONE
        self.dirty = 0

    def copy(self) -> LoadFrame:
        """An independent copy."""
        new = LoadFrame(self.seat, self.direction)
        self.fill_copy(new)
        new.made = self.made
        new.target = self.target
        new.dirty = self.dirty
        return new

    def __reduce__(self) -> tuple[Any, ...]:
        """Pickled by `Frame.reduced`."""
        return self.reduced((self.seat, self.direction), LOAD_FRAME_FIELDS)

    def key(self) -> tuple[int, ...]:
        """The frame as plain ints, its fields in place of `data`."""
        return self.key_with((self.direction, self.made, self.target, self.dirty))

    def shown(self) -> list[int]:
        """The choices so far, in order: Hewn, dirty."""
        return [self.target, self.dirty][: self.made]


LOAD_FRAME_FIELDS: Final = (*FRAME_FIELDS, "direction", "dirty", "made", "target")
"""Every field of a `LoadFrame` (a compiled class has no `__slots__` to read)."""


def tx_frame(frame: Frame) -> TxFrame:
    """`frame` as the TRANSMIT chain it is."""
    if not isinstance(frame, TxFrame):
        raise RuntimeError(f"not a TRANSMIT chain: {frame!r}")
    return frame


def banjer_frame(frame: Frame) -> BanjerFrame:
    """`frame` as the BANJER or ATTACH_OFF chain it is."""
    if not isinstance(frame, BanjerFrame):
        raise RuntimeError(f"not a BANJER chain: {frame!r}")
    return frame


def load_frame(frame: Frame) -> LoadFrame:
    """`frame` as the LOAD or UNLOAD chain it is."""
    if not isinstance(frame, LoadFrame):
        raise RuntimeError(f"not a LOAD chain: {frame!r}")
    return frame


# --- small queries ----------------------------------------------------------------


def load(state: State, hewn: int, dirty: bool) -> int:
    """How much of one kind `hewn` carries."""
    return state.dirty[hewn] if dirty else state.normal[hewn]


def encounter_in_progress(state: State) -> bool:
    """Whether an encounter has been announced and has not ended (a frame of an
    encounter decision is on the stack)."""
    return any(f.ask in _ENCOUNTER_ASKS for f in state.frames)


def _kinds(normal: int, dirty: int) -> list[int]:
    """The OPTION ids of the Substract kinds present."""
    out: list[int] = []
    if normal > 0:
        out.append(Option.NORMAL)
    if dirty > 0:
        out.append(Option.DIRTY)
    return out


# --- one way per go ---------------------------------------------------------------
#: the bit of a seat's screen in `State.gave` / `State.took` (a Hewn's is its id)
SCREEN_BIT: Final = 48
#: bits per Hewn in `State.swapped` (one per slot)
SLOT_BITS: Final = 8


def _fresh(state: State) -> None:
    """The marks belong to the go in play; a new go starts with none."""
    if state.moves_go != state.go:
        state.moves_go = state.go
        state.gave = 0
        state.took = 0
        state.swapped = 0


def screen_node(seat: int) -> int:
    """The node of `seat`'s screen in the transfer marks."""
    return SCREEN_BIT + seat


def has_given(state: State, node: int) -> bool:
    """Whether `node` (a Hewn, or `screen_node`) gave Substract in this go."""
    return state.moves_go == state.go and (state.gave >> node) & 1 == 1


def has_taken(state: State, node: int) -> bool:
    """Whether `node` took Substract in this go."""
    return state.moves_go == state.go and (state.took >> node) & 1 == 1


def screen_given(state: State, seat: int) -> bool:
    """Whether `seat`'s screen counts as having given in this go. The audit's
    rules leave the screen out of the guard: "any Hewn can transmit any
    Substract ... "off planet" at any time", and no circle can pass through the
    screen, since every Hewn on it would both take and give."""
    return not state.config.audit_fixes() and has_given(state, screen_node(seat))


def screen_taken(state: State, seat: int) -> bool:
    """Whether `seat`'s screen counts as having taken in this go (see
    `screen_given`)."""
    return not state.config.audit_fixes() and has_taken(state, screen_node(seat))


def mark_move(state: State, giver: int, taker: int) -> None:
    """A ruling that keeps games finite: in one go (a bid turn, a player turn)
    Substract moves one way. A Hewn that has given may not take, and one that
    has taken may not give, so free transfers (TRANSMIT, LOAD, UNLOAD) cannot go
    round in circles; the rulebook sets no limit, and a player gains nothing
    from moving Substract back. (Under rules 1 the screen was held to it too.)"""
    _fresh(state)
    state.gave |= 1 << giver
    state.took |= 1 << taker


def swap_bit(hewn: int, slot: int) -> int:
    """The bit of `slot` of `hewn` in `State.swapped`: `SLOT_BITS` per Hewn,
    and past every Hewn's, more per Hewn for the Mamabite slots beyond."""
    if slot < SLOT_BITS:
        return hewn * SLOT_BITS + slot
    return NUM_HEWNS * SLOT_BITS + hewn * 2 * SLOT_BITS + slot - SLOT_BITS


def was_swapped(state: State, hewn: int, slot: int) -> bool:
    """Whether the technology in `slot` of `hewn` was replaced in this go."""
    return (
        state.moves_go == state.go and (state.swapped >> swap_bit(hewn, slot)) & 1 == 1
    )


# --- TRANSMIT ---------------------------------------------------------------------


def tx_sources(state: State, seat: int, window: int = PLAYER_WINDOW) -> list[int]:
    """Hewns that may transmit: `seat`'s Hewns on the board with a load, healthy
    or, where the config lets them, damaged (rulebook: "any Hewn can transmit
    any Substract (dirty or normal) "off planet" at any time"), that have not
    taken Substract in this go and have somewhere to send it."""
    return [
        h
        for h in range(NUM_HEWNS)
        if state.ctrl[h] == seat
        and may_send(state, h)
        and state.normal[h] + state.dirty[h] > 0
        and not has_taken(state, h)
        and tx_dests(state, h, window)
    ]


def tx_receivers(state: State, source: int) -> list[int]:
    """The Hewns that may receive from `source`: the others of its component
    with room (rulebook: "a chain of Hewns ... provided that for each
    "transport" between two friendly Hewns, the two Hewns can see each other";
    D29: relays need no room, the one that keeps it does) that have not given
    Substract in this go."""
    return [
        h
        for h in component(state, source)[1:]
        if state.capacity(h) > 0 and not has_given(state, h)
    ]


def tx_dests(state: State, source: int, window: int) -> list[int]:
    """Where `source` may send in `window`: the screen (NONE), unless it gave
    Substract in this go; other Hewns only outside the bid turn and the
    same-space "transmit away" (D31: off planet only there)."""
    dests = [] if screen_given(state, state.ctrl[source]) else [NONE]
    if window not in (BID_WINDOW, AWAY_SAME):
        dests.extend(tx_receivers(state, source))
    return dests


def tx_room(state: State, dest: int) -> int:
    """How much the destination can take (the screen: any amount)."""
    return _NO_LIMIT if dest == NONE else state.capacity(dest)


def legal_tx_source(state: State, frame: Frame) -> list[int]:
    tx = tx_frame(frame)
    sources = tx_sources(state, tx.seat, tx.window)
    if tx.window in (AWAY_RANGED, AWAY_SAME):
        sources = [h for h in sources if h in tx.senders]
    return [HEWN + h for h in sources]


def apply_tx_source(state: State, frame: Frame, action: int) -> None:
    tx = tx_frame(frame)
    tx.source = action - HEWN
    tx.made = 1
    tx.ask = Ask.TX_DEST


def legal_tx_dest(state: State, frame: Frame) -> list[int]:
    """Off planet always; another Hewn only outside the bid turn (D31: the bid
    turn allows off-planet transmission only)."""
    tx = tx_frame(frame)
    dests = tx_dests(state, tx.source, tx.window)
    return sorted(int(Ctrl.OFF_PLANET) if d == NONE else HEWN + d for d in dests)


def apply_tx_dest(state: State, frame: Frame, action: int) -> None:
    tx = tx_frame(frame)
    tx.dest = NONE if action == Ctrl.OFF_PLANET else action - HEWN
    tx.made = 2
    kinds = _kinds(state.normal[tx.source], state.dirty[tx.source])
    if not hewn_kind_asked(state, tx.source, kinds):
        tx.dirty = int(kinds[0] == Option.DIRTY)
        tx.made = 3
        tx.ask = Ask.TX_AMOUNT
    else:
        tx.ask = Ask.TX_KIND


def legal_tx_kind(state: State, frame: Frame) -> list[int]:
    source = tx_frame(frame).source
    return _kinds(state.normal[source], state.dirty[source])


def apply_tx_kind(state: State, frame: Frame, action: int) -> None:
    tx = tx_frame(frame)
    tx.dirty = int(action == Option.DIRTY)
    tx.made = 3
    tx.ask = Ask.TX_AMOUNT


def tx_most(state: State, frame: Frame) -> int:
    """The largest amount: the source's load of the kind, within the
    receiver's room (rulebook: "either used up ... and/ or stored in the Hewn
    that finally receives the Substract")."""
    tx = tx_frame(frame)
    return min(load(state, tx.source, bool(tx.dirty)), tx_room(state, tx.dest))


def legal_tx_amount(state: State, frame: Frame) -> list[int]:
    return [NUM + k for k in range(1, tx_most(state, frame) + 1)]


def apply_tx_amount(state: State, frame: Frame, action: int) -> None:
    tx = tx_frame(frame)
    transmit(state, tx.source, tx.dest, bool(tx.dirty), action - NUM)
    pop(state)


def transmit(state: State, source: int, dest: int, dirty: bool, amount: int) -> None:
    """Move `amount` of one kind from `source` to `dest` (NONE: the screen of
    its controller: "simply transmits the Substract directly to the mother
    ship")."""
    seat = state.ctrl[source]
    mark_move(state, source, screen_node(seat) if dest == NONE else dest)
    # seen being done: the public part goes first, and what arrives is public
    give_up(state, source, 0 if dirty else amount, amount if dirty else 0)
    if dirty:
        if dest == NONE:
            state.screen_dirty[seat] += amount
        else:
            state.dirty[dest] += amount
    else:
        if dest == NONE:
            state.screen_normal[seat] += amount
        else:
            state.normal[dest] += amount


# --- BANJER and ATTACH_OFF ------------------------------------------------------------


def socket_kind(state: State, hewn: int, slot: int) -> Socket:
    """The kind of slot `slot` of `hewn`: its Nanasockets come first, then its
    Sicket sockets, then the Mamabite slots (they take Nanasocket
    technologies: `nanas`)."""
    if slot < state.card(hewn).nanasockets or nanas.is_mama_slot(state, hewn, slot):
        return Socket.NANA
    return Socket.SICKET


def fitting_slots(state: State, hewn: int, kind: int) -> list[int]:
    """The slots of `hewn` that technology `kind` may go into: a free socket of
    its kind ("This technology ONLY fits into a Nanasocket"; "... ONLY fits into
    a Sicket Socket"); a Nanasocket technology may also replace another one
    ("Other Nanasocket technologies can be replaced"), but not Nananbites or a
    Mamabite, nor the same kind (a ruling: that changes nothing). Sicket
    technologies are never removed (D49). A heart stone goes into an empty
    heart card (`hearts.stone_slots`)."""
    tech = state.tech(kind)
    if tech.socket == Socket.HEART:
        return hearts.stone_slots(state, hewn)
    if tech.socket not in (Socket.NANA, Socket.SICKET):
        return []
    out: list[int] = []
    for slot, held in enumerate(state.slots[hewn]):
        if held == NO_SLOT or socket_kind(state, hewn, slot) != tech.socket:
            continue
        if held == EMPTY_SLOT or (
            tech.socket == Socket.NANA
            and held not in _FIXED
            and held != kind
            and not was_swapped(state, hewn, slot)
        ):
            out.append(slot)
    return out


def banjer_receivers(state: State, seat: int, mode: int) -> list[int]:
    """Hewns that may receive a technology. On the board (BANJER): `seat`'s
    Hewns, healthy or damaged (D61: "from the mother ship to a friendly Hewn"),
    alone in their space and while no encounter is announced ("Banjering cannot
    be done when the receiving Hewn is in the same space as any other Hewn OR if
    any player has announced any encounter"). Off the board (ATTACH_OFF):
    `seat`'s Hewns behind its screen ("Attach it to a Hewn while the Hewn is
    not on the map. This can be done at any time")."""
    mine = [h for h in range(NUM_HEWNS) if state.ctrl[h] == seat]
    if mode == OFF:
        return [h for h in mine if state.loc[h] == OFF_BOARD]
    if encounter_in_progress(state):
        return []
    occupancy = state.occupancy()
    return [h for h in mine if state.loc[h] >= 0 and occupancy[state.loc[h]] == 1]


def banjer_kinds(state: State, seat: int, mode: int) -> list[int]:
    """The technology kinds on `seat`'s screen that fit some receiver (the
    receivers are looked for only when the screen holds a technology: most
    screens hold none)."""
    held = [kind for kind, count in enumerate(state.screen_tech[seat]) if count > 0]
    if not held:
        return []
    receivers = banjer_receivers(state, seat, mode)
    return [
        kind for kind in held if any(fitting_slots(state, h, kind) for h in receivers)
    ]


def legal_banjer_tech(state: State, frame: Frame) -> list[int]:
    chain = banjer_frame(frame)
    return [TECH + k for k in banjer_kinds(state, chain.seat, chain.mode)]


def apply_banjer_tech(state: State, frame: Frame, action: int) -> None:
    chain = banjer_frame(frame)
    chain.kind = action - TECH
    chain.made = 1
    chain.ask = Ask.BANJER_HEWN


def legal_banjer_hewn(state: State, frame: Frame) -> list[int]:
    chain = banjer_frame(frame)
    return [
        HEWN + h
        for h in banjer_receivers(state, chain.seat, chain.mode)
        if fitting_slots(state, h, chain.kind)
    ]


def apply_banjer_hewn(state: State, frame: Frame, action: int) -> None:
    chain = banjer_frame(frame)
    chain.receiver = action - HEWN
    chain.made = 2
    chain.ask = Ask.BANJER_SOCKET


def legal_banjer_socket(state: State, frame: Frame) -> list[int]:
    chain = banjer_frame(frame)
    return [SOCKET + s for s in fitting_slots(state, chain.receiver, chain.kind)]


def apply_banjer_socket(state: State, frame: Frame, action: int) -> None:
    chain = banjer_frame(frame)
    attach(state, chain.seat, chain.receiver, action - SOCKET, chain.kind)
    if chain.mode == OFF:
        fitted_off(state, chain.receiver, action - SOCKET, chain.kind)
    else:
        fitted_on(state, chain.receiver, action - SOCKET, chain.kind)
    pop(state)


def fitted_off(state: State, hewn: int, slot: int, kind: int) -> None:
    """With secrets on, what was attached behind the screen stays hidden
    ("secretly attached (i.e. inserted) behind the players screen"), but a
    Mamabite shows at once: its own slots are open cards (a ruling)."""
    if not secrets.secrets_on(state):
        return
    if kind == hearts.HEART_STONE:
        state.heart_hidden[hewn] = True
        return
    hidden = state.slot_hidden[hewn]
    while len(hidden) < len(state.slots[hewn]):
        hidden.append(False)
    hidden[slot] = kind != nanas.MAMABITE


def fitted_on(state: State, hewn: int, slot: int, kind: int) -> None:
    """Banjering is done in the open ("simply show the others"): the slot or
    heart it fills is public again."""
    if kind == hearts.HEART_STONE:
        state.heart_hidden[hewn] = False
    elif slot < len(state.slot_hidden[hewn]):
        state.slot_hidden[hewn][slot] = False


def attach(state: State, seat: int, hewn: int, slot: int, kind: int) -> None:
    """Fit one piece of `kind` from `seat`'s screen into `slot`; a Nanasocket
    technology it replaces goes back to the screen (D49); a heart stone goes
    into the heart card (`hearts.insert_stone`)."""
    if kind == hearts.HEART_STONE:
        hearts.insert_stone(state, seat, hewn)
        return
    slots = state.slots[hewn]
    old = slots[slot]
    if old != EMPTY_SLOT:
        # a ruling that keeps games finite: a slot is changed once per go
        _fresh(state)
        state.swapped |= 1 << swap_bit(hewn, slot)
        state.screen_tech[seat][old] += 1
    state.screen_tech[seat][kind] -= 1
    slots[slot] = kind
    if kind == nanas.MAMABITE:
        nanas.open_mamabite(state, hewn, slot)


# --- LOAD and UNLOAD ------------------------------------------------------------------


def load_hewns(state: State, seat: int, direction: int) -> list[int]:
    """`seat`'s Hewns behind its screen that can be loaded (room, and Substract
    on the screen) or unloaded (a load): rulebook "many Hewns can store ... in
    secret locations", loaded and unloaded off the board at any time (D31);
    Substract moves one way per go (`mark_move`)."""
    screen = state.screen_normal[seat] + state.screen_dirty[seat]
    if direction == LOAD and (screen == 0 or screen_taken(state, seat)):
        return []
    if direction == UNLOAD and screen_given(state, seat):
        return []
    ctrl, loc = state.ctrl, state.loc
    behind = [h for h in range(NUM_HEWNS) if ctrl[h] == seat and loc[h] == OFF_BOARD]
    if direction == LOAD:
        return [h for h in behind if state.capacity(h) > 0 and not has_given(state, h)]
    return [
        h
        for h in behind
        if state.normal[h] + state.dirty[h] > 0 and not has_taken(state, h)
    ]


def _load_kinds(state: State, frame: Frame) -> list[int]:
    """The kinds that can move: on the screen (LOAD) or on the Hewn (UNLOAD)."""
    chain = load_frame(frame)
    seat, hewn = chain.seat, chain.target
    if chain.direction == LOAD:
        return _kinds(state.screen_normal[seat], state.screen_dirty[seat])
    return _kinds(state.normal[hewn], state.dirty[hewn])


def load_most(state: State, frame: Frame) -> int:
    """The largest amount: what the giver has of the kind, and (LOAD) within
    the Hewn's room."""
    chain = load_frame(frame)
    seat, hewn, dirty = chain.seat, chain.target, chain.dirty
    if chain.direction == LOAD:
        have = state.screen_dirty[seat] if dirty else state.screen_normal[seat]
        return min(have, state.capacity(hewn))
    return load(state, hewn, bool(dirty))


def legal_load_hewn(state: State, frame: Frame) -> list[int]:
    chain = load_frame(frame)
    return [HEWN + h for h in load_hewns(state, chain.seat, chain.direction)]


def public_kinds(state: State, seat: int) -> list[int]:
    """The kinds every seat knows `seat` may have on its screen
    (`public_totals`)."""
    return _kinds(*public_totals(state, seat))


def kind_asked(state: State, frame: Frame, kinds: list[int]) -> bool:
    """Whether LOAD_KIND is asked: when both kinds can move; under the audit's
    rules also when a load from the screen could be of either kind by what the
    other seats know, so that whether the question comes tells them nothing
    (a prompt may depend only on public facts)."""
    if len(kinds) > 1:
        return True
    if secrets_on(state):  # the private total's kinds, LOAD and UNLOAD alike
        return len(public_kinds(state, frame.seat)) > 1
    return (
        state.config.audit_fixes()
        and load_frame(frame).direction == LOAD
        and len(public_kinds(state, frame.seat)) > 1
    )


def apply_load_hewn(state: State, frame: Frame, action: int) -> None:
    chain = load_frame(frame)
    chain.target = action - HEWN
    chain.made = 1
    kinds = _load_kinds(state, chain)
    if not kind_asked(state, chain, kinds):
        chain.dirty = int(kinds[0] == Option.DIRTY)
        chain.made = 2
        chain.ask = Ask.LOAD_AMOUNT
    else:
        chain.ask = Ask.LOAD_KIND


def legal_load_kind(state: State, frame: Frame) -> list[int]:
    return _load_kinds(state, frame)


def apply_load_kind(state: State, frame: Frame, action: int) -> None:
    chain = load_frame(frame)
    chain.dirty = int(action == Option.DIRTY)
    chain.made = 2
    chain.ask = Ask.LOAD_AMOUNT


def legal_load_amount(state: State, frame: Frame) -> list[int]:
    return [NUM + k for k in range(1, load_most(state, frame) + 1)]


def apply_load_amount(state: State, frame: Frame, action: int) -> None:
    chain = load_frame(frame)
    hewn, dirty = chain.target, chain.dirty
    amount = action - NUM
    sign = 1 if chain.direction == LOAD else -1
    seat = chain.seat
    if sign > 0:
        mark_move(state, screen_node(seat), hewn)
    else:
        mark_move(state, hewn, screen_node(seat))
    normal_moved, dirty_moved = (0, amount) if dirty else (amount, 0)
    state.screen_normal[seat] -= sign * normal_moved
    state.screen_dirty[seat] -= sign * dirty_moved
    if sign > 0:
        load_secretly(state, hewn, normal_moved, dirty_moved)
    else:
        unload_secretly(state, hewn, normal_moved, dirty_moved)
    pop(state)


def hewn_kind_asked(state: State, hewn: int, kinds: list[int]) -> bool:
    """Whether the kind of Substract leaving `hewn` is asked: when it carries
    both kinds; in a game with secret loads, when it may carry both by what
    every seat knows (`possible_kinds`), so that the question tells nothing
    of its hidden part (the mover's mask still lists only what it has)."""
    if not secrets_on(state):
        return len(kinds) > 1
    return all(possible_kinds(state, hewn))


# --- the windows ----------------------------------------------------------------------


def off_board_verbs(state: State, seat: int) -> list[int]:
    """LOAD, UNLOAD and ATTACH_OFF, where their chains can be completed."""
    verbs: list[int] = []
    if load_hewns(state, seat, LOAD):
        verbs.append(Verb.LOAD)
    if load_hewns(state, seat, UNLOAD):
        verbs.append(Verb.UNLOAD)
    if banjer_kinds(state, seat, OFF):
        verbs.append(Verb.ATTACH_OFF)
    return verbs


def bid_turn_verbs(state: State, seat: int) -> list[int]:
    """The management verbs `seat` may start in its bid turn (D31): TRANSMIT
    off planet, the off-board verbs, and NANA_BIDOX (a Nananbite from the
    screen into an unplaced Bidox's cap)."""
    verbs = off_board_verbs(state, seat)
    if nanas.nana_boxes(state, seat):
        verbs.append(Verb.NANA_BIDOX)
    if tx_sources(state, seat, BID_WINDOW):
        verbs.append(Verb.TRANSMIT)
    return sorted(verbs)


def player_turn_verbs(state: State, seat: int) -> list[int]:
    """The management verbs `seat` may start in its player turn (D31):
    TRANSMIT, BANJER ("This must be done during the players turn") and the
    off-board verbs."""
    verbs = off_board_verbs(state, seat)
    if tx_sources(state, seat):
        verbs.append(Verb.TRANSMIT)
    if banjer_kinds(state, seat, ON_BOARD):
        verbs.append(Verb.BANJER)
    return sorted(verbs)


def hewn_turn_verbs(state: State, seat: int, hewn: int) -> list[int]:
    """The management verbs offered in `hewn`'s Hewn turn: those of the player
    turn (any of the seat's Hewns may transmit, not only the acting one)."""
    return player_turn_verbs(state, seat)


VERBS: Final = frozenset(
    {
        Verb.TRANSMIT,
        Verb.BANJER,
        Verb.ATTACH_OFF,
        Verb.LOAD,
        Verb.UNLOAD,
        Verb.NANA_BIDOX,
    }
)
"""The verbs `start_verb` starts: the player's own, free of action points."""


def start_verb(state: State, seat: int, verb: int, hewn: int = NONE) -> None:
    """Start the chain of `verb` (one that the lists above offered)."""
    if verb == Verb.TRANSMIT:
        if hewn != NONE:
            window = HEWN_WINDOW
        elif state.frames[-1].ask == Ask.PLAYER_TURN:
            window = PLAYER_WINDOW
        else:
            window = BID_WINDOW
        push(state, TxFrame(seat, window, []))
    elif verb == Verb.BANJER:
        push(state, BanjerFrame(seat, ON_BOARD))
    elif verb == Verb.ATTACH_OFF:
        if secrets.secrets_on(state):
            # the go's marks start now, in the open, so that a secret
            # replacement leaves no trace but its own slot's mark
            _fresh(state)
            secrets.conceal_fittings(state, seat)
        push(state, BanjerFrame(seat, OFF))
    elif verb == Verb.LOAD:
        push(state, LoadFrame(seat, LOAD))
    elif verb == Verb.UNLOAD:
        push(state, LoadFrame(seat, UNLOAD))
    elif verb == Verb.NANA_BIDOX:
        push(state, nanas.start_nana_bidox(state, seat))
    else:
        raise NotImplementedError(f"verb {verb}")
