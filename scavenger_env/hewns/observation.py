"""The observation: one flat float32 vector in [0, 1] with named views.

A first version of the design's observation: the decision being made, the
global counters, the auction's offer, the board's spaces, every Hewn card and
every seat. It is encoded from the observing player's seat: relative seat 0 is
"you", relative seat i is absolute seat (you + i) % n; seats past the player
count stay zero, so the size is the same for 2, 3 and 4 players.

It holds only what the seat may know: another seat's closed Bidoxes show as
placements only (their content stays in that seat's private total, which is
public), another seat's turn-order card only once shown (the dealer sees all),
another seat's secret picks not at all, and the decks only by size. The values
are those of the same encoding of `engine.view.redact(state, seat)`; the
encoder reads the state itself and hides just the secrets it would otherwise
show (the Bidox contents in the private totals, the top frame's secret args).

Divisors marked "(at most 1)" are caps for counts with no useful maximum
(values above read 1).

========  =========  =========  ==========================================
view      indices    shape      meaning
========  =========  =========  ==========================================
decision  0-103      (104,)     the decision kind on top, one-hot over 80
                                kinds (none at a chance node); phase (3);
                                round / 3; relative seat to move (4); a
                                chance node; the Hewn turn's AP left / 12
                                (at most 1); the top frame's first 4 args
                                / 31 (secret ones zero for others); its
                                step / 8 (at most 1); stack depth / 16 (at
                                most 1); an artillery encounter in
                                progress; 7 spare
global    104-143    (40,)      normal pile / its start, depleted /
                                threshold, new mines by bonus 0-3 / 10,
                                token stock by kind / 5, player count
                                one-hot (3), Hewn decks by size and the
                                tech deck / 20, the last 8 faces rolled
                                (face index + 1) / 10, the gem pile by
                                kind / 3 (rules 2), implosion bombs used
                                / 8 (at most 1), the entrance pieces left
                                for secret entrances by size S, M, B / 3
                                (cards beyond "core"), 9 spare
offer     144-707    (12, 47)   per lot: Hewn type one-hot (22), tech kind
                                one-hot (13), the turn-order stack, empty,
                                minimum price / 10, Bidoxes placed there
                                per relative seat / 4, the last auction's
                                winner per relative seat (4), your own bid
                                there / 30
spaces    708-2379   (76, 22)   exists, ravine, node, size one-hot (3),
                                entrance size one-hot (4: none, S, M, B;
                                common or secret), the entrance's owner
                                (1: you, 0.5: another player's secret
                                entrance, 0: common or none), mine (5:
                                none, +0..+3), danger token (3), Hewns
                                there / 4, a dug tunnel's two ends (space
                                + 1) / 76; rows 0-63 the map, 64-75 the
                                tunnel pieces 1-12 (a dug one: neither
                                ravine nor node)
hewns     2380-4219  (40, 46)   type one-hot (22), controller relative
                                one-hot (4) and neutral, where (on the
                                board, off the board, on offer, in a deck,
                                discarded, dead), space / 76, damaged,
                                acted, normal / 12, dirty / 12 (at most
                                1), the Hewn of the top frame, the gem
                                in its heart card: its value / 8, the
                                colour of the heart stone in its heart
                                card, relative one-hot (4; stage 3, public),
                                its Nananbites / 8 and Fixitos / 2 (at most
                                1)
seats     4220-4331  (4, 28)    screen normal / 50, screen dirty / 50 (at
                                most 1; for others their private total
                                with closed Bidoxes), techs per kind / 4
                                (13), known turn-order card one-hot (5:
                                unknown, 1-4), passed, Bidoxes at home,
                                placed, hunting (/ Bidoxes), score / 60
                                (at most 1), healthy Hewns / 10, the
                                Nananbites on its Bidoxes (/ Bidoxes x
                                their limit), implosion bombs fitted in
                                its Hewns / 4 (at most 1)
========  =========  =========  ==========================================
"""

from __future__ import annotations

from typing import Final

import numpy as np

from scavenger_env.core import layout

from .engine import tunnels
from .engine.actions import MAP_SPACE_IDS, SPACE_SIZE
from .engine.board import RAVINE
from .engine.bomb import bombs_fitted
from .engine.data import DICE, HEWN_TYPES, TECHS, TechKind
from .engine.encounter import ENCOUNTER_ASKS, EncStep
from .engine.ending import healthy_hewns, score
from .engine.flow import FIRST_TECH_LOT, is_chance
from .engine.secrets import (
    heart_open,
    hidden_totals,
    secrets_on,
    seen_load,
    seen_techs,
    slot_open,
)
from .engine.state import (
    BIDOX_HOME,
    BIDOX_HUNTING,
    DEAD,
    DECK,
    DISCARD,
    HEWN_TYPE_OF,
    NEUTRAL,
    NONE,
    NUM_HEWNS,
    OFF_BOARD,
    OFFER,
    OUT,
    TECH_KIND_OF,
    Ask,
    Frame,
    State,
    public_totals,
)
from .engine.turnstate import HewnTurnFrame
from .engine.view import bids_hidden, card_known, redact_frame

__all__ = ["LAYOUT", "OBS_SIZE", "OFFSETS", "Encoder", "encode", "views"]

SEATS: Final = 4
KINDS: Final = 80
LOTS: Final = 12
HEWN_SLOTS: Final = 40
N_TYPES: Final = len(HEWN_TYPES)
N_TECHS: Final = len(TECHS)
LOT_WIDTH: Final = N_TYPES + N_TECHS + 2 + 1 + SEATS + SEATS + 1
HEWN_WIDTH: Final = N_TYPES + SEATS + 1 + 6 + 1 + 4 + 1 + 1 + SEATS + 2
SEAT_WIDTH: Final = 2 + N_TECHS + 5 + 1 + 3 + 2 + 1 + 1
SPACE_WIDTH: Final = 22

LAYOUT: Final[layout.Layout] = (
    ("decision", (104,)),
    ("global", (40,)),
    ("offer", (LOTS, LOT_WIDTH)),
    ("spaces", (SPACE_SIZE, SPACE_WIDTH)),
    ("hewns", (HEWN_SLOTS, HEWN_WIDTH)),
    ("seats", (SEATS, SEAT_WIDTH)),
)
OFFSETS: Final = layout.offsets(LAYOUT)
OBS_SIZE: Final = layout.size(LAYOUT)
_SHAPES: Final = dict(LAYOUT)

_MAX_FACES: Final = max(len(d.faces) for d in DICE)
_NANA: Final = int(TechKind.NANANBITES)
_FIXITO: Final = int(TechKind.FIXITO)
_WHERE: Final = {OFF_BOARD: 1, OFFER: 2, DECK: 3, DISCARD: 4, DEAD: 5}

_DECISION: Final = OFFSETS["decision"][0]
_GLOBAL: Final = OFFSETS["global"][0]
_OFFER: Final = OFFSETS["offer"][0]
_SPACES: Final = OFFSETS["spaces"][0]
_HEWNS: Final = OFFSETS["hewns"][0]
_SEATS: Final = OFFSETS["seats"][0]


def _mine_shares() -> list[float]:
    """The global view's share of new mines per bonus, by count: 0.1 added in
    float32 that many times, capped at 1 (the sums of the first encoder)."""
    acc = np.zeros(1, np.float32)
    shares = [0.0]
    for _ in range(10):
        acc[0] += 0.1
        shares.append(min(1.0, float(acc[0])))
    return shares


_MINE_SHARE: Final = _mine_shares()


def views(obs: np.ndarray) -> dict[str, np.ndarray]:
    """Named, shaped views into one observation vector (no copies); the bounds
    are worked out once, not at every observation."""
    return {name: obs[a:b].reshape(_SHAPES[name]) for name, (a, b) in OFFSETS.items()}


def _cap(x: float) -> float:
    return 1.0 if x > 1.0 else (0.0 if x < 0.0 else x)


_MinesTokens = tuple[tuple[int, ...], tuple[int, ...], tuple[int, ...]]
"""Each space's mine and danger token, and the secret entrances (they change
only now and then)."""


class Encoder:
    """The observation encoder (`Game.make_encoder()`).

    An observation starts as a copy of a base kept per seat: the part that
    never changes in a game (the board's spaces, the player count) with the
    mines and danger tokens last seen (rebuilt when they change). The rest is
    written through a flat float view of the copy: one number at a time into a
    NumPy array costs several times more, and most entries are zero."""

    def __init__(self) -> None:
        self._board: object = None
        self._players = 0
        self._static: dict[int, np.ndarray] = {}
        self._bases: dict[int, tuple[_MinesTokens, np.ndarray]] = {}

    def reset(self) -> None:
        """Start a new game (forget the cached parts)."""
        self._board = None
        self._static = {}
        self._bases = {}

    def encode(self, state: State, seat: int) -> np.ndarray:
        """`seat`'s observation of `state` (float32, `OBS_SIZE` long)."""
        obs: np.ndarray = self._base(state, seat).copy()
        out = obs.data.cast("B").cast("f")
        _decision(state, seat, out)
        _global(state, out)
        _offer(state, seat, out)
        _tunnels(state, out)
        _occupancy(state, out)
        _hewns(state, seat, out)
        _seats(state, seat, out)
        return obs

    def _base(self, state: State, seat: int) -> np.ndarray:
        """The static part with the current mines and tokens."""
        if state.board is not self._board or state.num_players != self._players:
            self.reset()
            self._board = state.board
            self._players = state.num_players
        key = (tuple(state.mine), tuple(state.token), tuple(state.secret_entrances))
        cached = self._bases.get(seat)
        if cached is not None and cached[0] == key:
            return cached[1]
        static = self._static.get(seat)
        if static is None:
            static = _static_part(state, seat)
            self._static[seat] = static
        base: np.ndarray = static.copy()
        _mines_tokens(state, seat, base.data.cast("B").cast("f"))
        self._bases[seat] = (key, base)
        return base


_ENCODER: Final = Encoder()


def encode(state: State, seat: int) -> np.ndarray:
    """`seat`'s observation of `state` (float32, `OBS_SIZE` long)."""
    return _ENCODER.encode(state, seat)


def _static_part(state: State, seat: int) -> np.ndarray:
    """What stays fixed for `seat` during a game: the player count and the
    spaces' shape (exists, ravine or node, size, entrance size, own entrance)."""
    obs = np.zeros(OBS_SIZE, np.float32)
    obs[_GLOBAL + 9 + state.num_players - 2] = 1
    board = state.board
    for x in range(min(board.n_spaces, SPACE_SIZE)):
        at = _SPACES + SPACE_WIDTH * x
        obs[at] = 1
        obs[at + (1 if board.kind[x] == RAVINE else 2)] = 1
        obs[at + 3 + board.size[x] - 1] = 1
        obs[at + 6 + board.entrance_size[x]] = 1
        own = board.entrance_size[x] > 0 and board.entrance_owner[x] == seat
        obs[at + 10] = float(own)
    return obs


_ENCOUNTER_STEP_CODES: Final = {
    EncStep.REACT: 0,
    EncStep.JOIN: 1,
    EncStep.PICK: 2,
    EncStep.NAME: 3,
    EncStep.REVEAL: 3,
    EncStep.PAY: 4,
    EncStep.ROLLED: 5,
    EncStep.LOOP: 6,
    EncStep.REROLLED: 7,
    EncStep.HURT: 8,
    EncStep.APPLY: 9,
    EncStep.ESCAPE: 10,
    EncStep.INTENT: 11,
    EncStep.AFTER: 12,
    EncStep.EXPEL: 13,
    EncStep.RETREAT: 14,
    EncStep.END: 15,
    EncStep.AWAY: 16,
    EncStep.DISCARD: 17,
    EncStep.BOMB: 18,
    EncStep.OVERFLOW: 19,
}
"""The number the observation gives each step of an encounter frame (on top
only at its dice): the steps' numbers before they were put in run order, so
that the observation, and the models trained on it, stay the same."""


def _in_artillery(s: State) -> bool:
    """Whether an artillery encounter is in progress (a public fact: the
    decisions inside it are those of a ranged encounter)."""
    return not s.over and any(f.ask == Ask.ARTILLERY for f in s.frames)


def _step_code(frame: Frame) -> int:
    """The step of the top frame as the observation encodes it."""
    if frame.ask in ENCOUNTER_ASKS:
        return _ENCOUNTER_STEP_CODES[EncStep(frame.step)]
    return frame.step


def _numbers(frame: Frame) -> list[int]:
    """The numbers of the top frame's decision: its `args`, or a typed frame's
    fields in the same places (`Frame.shown`)."""
    return frame.shown()


def _decision(s: State, seat: int, out: memoryview[float]) -> None:
    n = s.num_players
    d = _DECISION
    chance = is_chance(s)
    if not s.over and s.frames:
        top = s.frames[-1]
        if not chance and 0 <= top.ask < KINDS:
            out[d + top.ask] = 1.0
        if not chance and top.seat >= 0:
            out[d + KINDS + 3 + 1 + (top.seat - seat) % n] = 1.0
        args = _numbers(redact_frame(s, top, seat))  # secret picks zero for others
        for i in range(min(4, len(args))):
            out[d + KINDS + 3 + 1 + 4 + 2 + i] = _cap(args[i] / 31)
        out[d + KINDS + 3 + 1 + 4 + 2 + 4] = _cap(_step_code(top) / 8)
        for f in reversed(s.frames):
            if isinstance(f, HewnTurnFrame):
                out[d + KINDS + 3 + 1 + 4 + 1] = _cap(f.ap / 12)
                break
    out[d + KINDS + min(int(s.phase), 2)] = 1.0
    out[d + KINDS + 3] = s.round / s.scenario.rounds
    out[d + KINDS + 3 + 1 + 4] = float(chance)
    out[d + KINDS + 3 + 1 + 4 + 2 + 5] = _cap(len(s.frames) / 16)
    out[d + KINDS + 3 + 1 + 4 + 2 + 6] = float(_in_artillery(s))


def _global(s: State, out: memoryview[float]) -> None:
    g = _GLOBAL
    scenario = s.scenario  # the config's is built anew at every read
    out[g] = _cap(s.normal_pile / max(1, scenario.normal_pile))
    out[g + 1] = _cap(s.depleted / max(1, scenario.depletion_threshold))
    mines = [0, 0, 0, 0]
    for bonus in s.mine_pool:
        if 0 <= bonus < 4:
            mines[bonus] += 1
    for bonus in range(4):
        out[g + 2 + bonus] = _MINE_SHARE[min(mines[bonus], 10)]
    for k in range(3):
        out[g + 6 + k] = _cap(s.token_stock[k] / 5)
    for z in (1, 2, 3):
        out[g + 12 + z - 1] = _cap(len(s.hewn_deck[z]) / 20)
    out[g + 15] = _cap(len(s.tech_deck) / 20)
    rolled = s.rolled[-8:]
    for i in range(len(rolled)):
        out[g + 16 + i] = min(1.0, (rolled[i] + 1) / _MAX_FACES)
    for k in range(len(s.gem_pile)):
        out[g + 24 + k] = _cap(s.gem_pile[k] / 3)
    if s.bombs_used:
        out[g + 27] = _cap(s.bombs_used / 8)
    if s.config.cards != "core":
        for z in range(3):
            out[g + 28 + z] = _cap(s.entrance_stock[z] / 3)


def _offer(s: State, seat: int, out: memoryview[float]) -> None:
    from .engine.auction import min_price

    n = s.num_players
    lots = min(LOTS, len(s.offer))
    placed = [0] * (n * lots)  # Bidoxes per relative seat and lot
    for q in range(n):
        r = (q - seat) % n
        for lot in s.bidox_lot[q]:
            if 0 <= lot < lots:
                placed[r * lots + lot] += 1
    own = [0] * lots  # the observer's own bid per lot
    my_lots, amounts = s.bidox_lot[seat], s.bidox_amount[seat]
    for b in range(len(my_lots)):
        if 0 <= my_lots[b] < lots:
            own[my_lots[b]] += amounts[b]
    base = N_TYPES + N_TECHS + 3
    for lot in range(lots):
        at = _OFFER + LOT_WIDTH * lot
        card = s.offer[lot]
        if lot == 0:
            out[at + N_TYPES + N_TECHS] = 1.0
        elif card == NONE:
            out[at + N_TYPES + N_TECHS + 1] = 1.0
        elif lot < FIRST_TECH_LOT:
            out[at + HEWN_TYPE_OF[card]] = 1.0
        else:
            out[at + N_TYPES + TECH_KIND_OF[card]] = 1.0
        if lot == 0 or card != NONE:
            out[at + N_TYPES + N_TECHS + 2] = _cap(min_price(s, lot) / 10)
        for r in range(n):
            if placed[r * lots + lot]:
                out[at + base + r] = _cap(placed[r * lots + lot] / 4)
        winner = s.lot_winner[lot] if lot < len(s.lot_winner) else NONE
        if winner != NONE:
            out[at + base + SEATS + (winner - seat) % n] = 1.0
        out[at + base + 2 * SEATS] = _cap(own[lot] / 30)


def _mines_tokens(s: State, seat: int, out: memoryview[float]) -> None:
    for x in range(min(s.board.n_spaces, SPACE_SIZE)):
        at = _SPACES + SPACE_WIDTH * x
        mine = s.mine[x]
        out[at + 11 + (mine + 1 if 0 <= mine <= 3 else 0)] = 1.0
        token = s.token[x]
        if 0 <= token < 3:
            out[at + 16 + token] = 1.0
    placed = s.secret_entrances
    for i in range(0, len(placed), 3):
        at = _SPACES + SPACE_WIDTH * placed[i]
        out[at + 6] = 0.0
        out[at + 6 + placed[i + 1]] = 1.0
        out[at + 10] = 1.0 if placed[i + 2] == seat else 0.5


def _tunnels(s: State, out: memoryview[float]) -> None:
    """The dug tunnels' rows (after the map's): exists, no kind (neither
    ravine nor node: a tunnel), size, no entrance, no mine, and its two ends
    (space + 1) / `SPACE_SIZE`."""
    for p in tunnels.dug(s):
        at = _SPACES + SPACE_WIDTH * (MAP_SPACE_IDS + p)
        out[at] = 1.0
        out[at + 3 + tunnels.PIECE_SIZES[p] - 1] = 1.0
        out[at + 6] = 1.0
        out[at + 11] = 1.0
        a, b = tunnels.ends(s, p)
        out[at + 20] = (a + 1) / SPACE_SIZE
        out[at + 21] = (b + 1) / SPACE_SIZE


def _occupancy(s: State, out: memoryview[float]) -> None:
    """Hewns per space / 4 (at most 1), dug tunnels included."""
    count = [0] * SPACE_SIZE
    for loc in s.loc:
        if 0 <= loc < SPACE_SIZE:
            count[loc] += 1
    for x in range(SPACE_SIZE):
        if count[x]:
            out[_SPACES + SPACE_WIDTH * x + 19] = _cap(count[x] / 4)


def _hewns(s: State, seat: int, out: memoryview[float]) -> None:
    n = s.num_players
    top_hewn = s.frames[-1].hewn if s.frames and not s.over else NONE
    for h in range(NUM_HEWNS):
        loc = s.loc[h]
        if loc == OUT:  # not in this game's card set
            continue
        row = _HEWNS + HEWN_WIDTH * h
        out[row + HEWN_TYPE_OF[h]] = 1.0
        at = row + N_TYPES
        ctrl = s.ctrl[h]
        if ctrl == NEUTRAL:
            if loc >= OFF_BOARD:
                out[at + SEATS] = 1.0
        else:
            out[at + (ctrl - seat) % n] = 1.0
        at += SEATS + 1
        out[at + (0 if loc >= 0 else _WHERE.get(loc, 5))] = 1.0
        at += 6
        if loc >= 0:
            out[at] = loc / SPACE_SIZE
        at += 1
        if s.damaged[h]:
            out[at] = 1.0
        if s.acted[h]:
            out[at + 1] = 1.0
        normal, dirty = seen_load(s, h, seat)
        if normal:
            out[at + 2] = _cap(normal / 12)
        if dirty:
            out[at + 3] = _cap(dirty / 12)
        if h == top_hewn:
            out[at + 4] = 1.0
        if heart_open(s, h, seat):
            if s.gem[h] != NONE:
                out[at + 5] = _cap(s.scenario.gems[s.gem[h]][0] / 8)
            if s.heart[h] != NONE:
                out[at + 6 + (s.heart[h] - seat) % n] = 1.0
        _nanas(s, h, seat, out, at + 6 + SEATS)


def _nanas(s: State, h: int, seat: int, out: memoryview[float], at: int) -> None:
    """Stage 3: the Nananbites attached to `h` / 8 and its Fixitos / 2 (at
    most 1; those `seat` sees: every fitted technology but those fitted off
    the board in the complete game)."""
    slots = [t for i, t in enumerate(s.slots[h]) if slot_open(s, h, i, seat)]
    nanas = slots.count(_NANA)
    if nanas:
        out[at] = _cap(nanas / 8)
    fixitos = slots.count(_FIXITO)
    if fixitos:
        out[at + 1] = _cap(fixitos / 2)


def _seats(s: State, seat: int, out: memoryview[float]) -> None:
    n = s.num_players
    boxes = max(1, s.scenario.bidoxes)
    closed = bids_hidden(s)
    hidden_loads = secrets_on(s)
    for q in range(n):
        row = _SEATS + SEAT_WIDTH * ((q - seat) % n)
        lots = s.bidox_lot[q]
        # another seat's closed Bidoxes and hidden loads count in its public
        # totals, their split by kind is its secret; a seat sees its own screen
        if (closed or hidden_loads) and q != seat:
            normal, dirty = public_totals(s, q)
        else:
            normal, dirty = s.screen_normal[q], s.screen_dirty[q]
        out[row] = _cap(normal / 50)
        out[row + 1] = _cap(dirty / 50)
        techs = seen_techs(s, q, seat)
        for k in range(N_TECHS):
            if techs[k]:
                out[row + 2 + k] = _cap(techs[k] / 4)
        at = row + 2 + N_TECHS
        card = s.turn_card[q] if card_known(s, seat, q) else 0
        out[at + min(card, 4)] = 1.0
        at += 5
        out[at] = float(s.passed[q])
        home = placed = hunting = 0
        for lot in lots:
            if lot == BIDOX_HOME:
                home += 1
            elif lot == BIDOX_HUNTING:
                hunting += 1
            elif lot >= 0:
                placed += 1
        out[at + 1] = home / boxes
        out[at + 2] = placed / boxes
        out[at + 3] = hunting / boxes
        hidden = normal - s.screen_normal[q]  # the score counts the screen
        if hidden_loads and q != seat and s.config.score_carried:
            hidden -= hidden_totals(s, q)[0]  # and the hidden loads once
        out[at + 4] = _cap((score(s, q) + hidden) / 60)
        out[at + 5] = _cap(healthy_hewns(s, q) / 10)
        hacked = sum(s.bidox_nana[q])  # in the Bidoxes' caps: public
        if hacked:
            out[at + 6] = hacked / (boxes * s.config.nananbites_per_bidox)
        bombs = bombs_fitted(s, q, seat)
        if bombs:
            out[at + 7] = _cap(bombs / 4)
