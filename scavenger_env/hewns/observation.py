"""The observation: one flat float32 vector in [0, 1] with named views.

The design's observation: the decision being made, the global counters, the
auction's offer, the board's spaces and who sees into them, every Hewn card
(with what the seat sees fitted in it), every seat, and the attack in progress
with its participants. It is encoded from the observing player's seat: relative
seat 0 is "you", relative seat i is absolute seat (you + i) % n; seats past the
player count stay zero, so the size is the same for 2, 3 and 4 players.

It holds only what the seat may know: another seat's closed Bidoxes show as
placements only (their content stays in that seat's private total, which is
public), another seat's turn-order card only once shown (the dealer sees all),
another seat's secret picks not at all, the loads, fittings and heart cards
filled off the board (in a game with secret loads) only as their public part,
and the decks only by size. The values are those of the same encoding of
`engine.view.redact(state, seat)`; the encoder reads the state itself and hides
just the secrets it would otherwise show (the Bidox contents in the private
totals, the secret args of the top frame and the picks of the encounter in
progress, the parts of loads and fittings another seat cannot see).

Divisors marked "(at most 1)" are caps for counts with no useful maximum
(values above read 1).

=========  =========  =========  ==========================================
view       indices    shape      meaning
=========  =========  =========  ==========================================
decision   0-103      (104,)     the decision kind on top, one-hot over 80
                                 kinds (none at a chance node); phase (3);
                                 round / 3; relative seat to move (4); a
                                 chance node; the Hewn turn's AP left / 12
                                 (at most 1); the top frame's first 4 args
                                 / 31 (secret ones zero for others); its
                                 step / 8 (at most 1); stack depth / 16 (at
                                 most 1); an artillery encounter in
                                 progress; 7 spare
global     104-143    (40,)      normal pile / its start, depleted /
                                 threshold, new mines by bonus 0-3 / 10,
                                 token stock by kind / 5, player count
                                 one-hot (3), Hewn decks by size and the
                                 tech deck / 20, the last 8 faces rolled
                                 (face index + 1) / 10, the gem pile by
                                 kind / 3 (rules 2), implosion bombs used
                                 / 8 (at most 1), the entrance pieces left
                                 for secret entrances by size S, M, B / 3
                                 (cards beyond "core"), 9 spare
offer      144-707    (12, 47)   per lot: Hewn type one-hot (22), tech kind
                                 one-hot (13), the turn-order stack, empty,
                                 minimum price / 10, Bidoxes placed there
                                 per relative seat / 4, the last auction's
                                 winner per relative seat (4), your own bid
                                 there / 30
spaces     708-2683   (76, 26)   exists, ravine, node, size one-hot (3),
                                 entrance size one-hot (4: none, S, M, B;
                                 common or secret), the entrance's owner
                                 (1: you, 0.5: another player's secret
                                 entrance, 0: common or none), mine (5:
                                 none, +0..+3), danger token (3), Hewns
                                 there / 4, a dug tunnel's two ends (space
                                 + 1) / 76, in sight of each relative
                                 seat's Hewns (4: one of them there, or a
                                 lone one's line of sight reaches it);
                                 rows 0-63 the map, 64-75 the tunnel pieces
                                 1-12 (a dug one: neither ravine nor node)
hewns      2684-5163  (40, 62)   type one-hot (22), controller relative
                                 one-hot (4) and neutral, where (on the
                                 board, off the board, on offer, in a deck,
                                 discarded, dead), space / 76, damaged,
                                 acted, normal / 12, dirty / 12 (at most
                                 1; the part you see), the Hewn of the top
                                 frame, seen by one of your Hewns, its
                                 heart card: hidden, empty, its gem's value
                                 / 8, its stone's colour relative one-hot
                                 (4); the technologies you see fitted, per
                                 kind / 4 (13; Nananbites / 8; at most 1),
                                 the slots you cannot see / 4, swarm
                                 members left / 9 (`HEWN_COLUMNS` names
                                 the columns)
seats      5164-5275  (4, 28)    screen normal / 50, screen dirty / 50 (at
                                 most 1; for others their public totals),
                                 techs per kind / 4 (13), known turn-order
                                 card one-hot (5: unknown, 1-4), passed,
                                 Bidoxes at home, placed, hunting (/
                                 Bidoxes), score as you know it / 60 (at
                                 most 1), healthy Hewns / 10, the
                                 Nananbites on its Bidoxes (/ Bidoxes x
                                 their limit), implosion bombs fitted in
                                 its Hewns / 4 (at most 1)
encounter  5276-5292  (17,)      the attack in progress nearest the top:
                                 kind one-hot (5: ranged, same-space,
                                 artillery, a bomb's overflow, a danger
                                 token's attack), its step / 20 (a token's
                                 / 2), the attack being decided (0: the
                                 mover's, 0.5: the reactors', 1: done), the
                                 mover's attack and defence totals, then
                                 the reactors' (/ 30, at most 1), the
                                 values rolled so far per die kind: laser,
                                 area, close combat, armour, speed, d10
                                 and Nanadice (/ 20, at most 1)
fighters   5293-5348  (4, 14)    its participants (mover, target, then the
                                 other announcers; an overflow's bomber and
                                 a token's victim): relative seat one-hot
                                 (4; none for neutral), Hewn (number + 1) /
                                 40, attacker, defender, picks L, A, K, Q,
                                 E / 7 (at most 1; another seat's zero
                                 until the reveal; a token's victim: its
                                 body screens as K), re-rolls left / 3 (at
                                 most 1), dodged (`FIGHTER_COLUMNS`)
=========  =========  =========  ==========================================
"""

from __future__ import annotations

from typing import Final

import numpy as np

from scavenger_env.core import layout

from .engine import combat, tunnels
from .engine.actions import MAP_SPACE_IDS, SPACE_SIZE
from .engine.board import RAVINE
from .engine.bomb import bombs_fitted
from .engine.danger import TokenAttackFrame
from .engine.data import DICE, HEWN_TYPES, TECHS, DieKind, TechKind
from .engine.encounter import (
    ATTACK,
    DEFENCE,
    DIE_FIELDS,
    ENCOUNTER_ASKS,
    PICKS,
    Enc,
    EncounterFrame,
    EncStep,
)
from .engine.ending import healthy_hewns, score
from .engine.flow import FIRST_TECH_LOT, is_chance
from .engine.secrets import heart_open, secrets_on, seen_load, seen_techs
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
    NUM_LOCS,
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
from .engine.view import card_known, redact_frame

__all__ = [
    "FIGHTER_COLUMNS",
    "HEWN_COLUMNS",
    "LAYOUT",
    "OBS_SIZE",
    "OFFSETS",
    "Encoder",
    "encode",
    "views",
]

SEATS: Final = 4
KINDS: Final = 80
LOTS: Final = 12
HEWN_SLOTS: Final = 40
FIGHTERS: Final = 4
N_TYPES: Final = len(HEWN_TYPES)
N_TECHS: Final = len(TECHS)
LOT_WIDTH: Final = N_TYPES + N_TECHS + 2 + 1 + SEATS + SEATS + 1


def _columns(*parts: tuple[str, int]) -> dict[str, int]:
    """The first column of each named part of a row (and "width": the row's
    width), so that readers and tests name a column instead of counting."""
    out: dict[str, int] = {}
    at = 0
    for name, width in parts:
        out[name] = at
        at += width
    out["width"] = at
    return out


HEWN_COLUMNS: Final = _columns(
    ("type", N_TYPES),
    ("controller", SEATS + 1),  # relative seats, then neutral
    ("where", 6),
    ("space", 1),
    ("damaged", 1),
    ("acted", 1),
    ("normal", 1),
    ("dirty", 1),
    ("top", 1),
    ("seen", 1),
    ("heart_hidden", 1),
    ("heart_empty", 1),
    ("gem", 1),
    ("heart_colour", SEATS),
    ("techs", N_TECHS),
    ("hidden_slots", 1),
    ("members", 1),
)
"""The hewns view's columns (`HEWN_COLUMNS["width"]` wide)."""

FIGHTER_COLUMNS: Final = _columns(
    ("seat", SEATS),
    ("hewn", 1),
    ("attacker", 1),
    ("defender", 1),
    ("picks", PICKS),
    ("rerolls", 1),
    ("dodged", 1),
)
"""The fighters view's columns (one row per participant of the encounter)."""

HEWN_WIDTH: Final = HEWN_COLUMNS["width"]
FIGHTER_WIDTH: Final = FIGHTER_COLUMNS["width"]
SEAT_WIDTH: Final = 2 + N_TECHS + 5 + 1 + 3 + 2 + 1 + 1
SPACE_WIDTH: Final = 26
ENCOUNTER_WIDTH: Final = 17

LAYOUT: Final[layout.Layout] = (
    ("decision", (104,)),
    ("global", (40,)),
    ("offer", (LOTS, LOT_WIDTH)),
    ("spaces", (SPACE_SIZE, SPACE_WIDTH)),
    ("hewns", (HEWN_SLOTS, HEWN_WIDTH)),
    ("seats", (SEATS, SEAT_WIDTH)),
    ("encounter", (ENCOUNTER_WIDTH,)),
    ("fighters", (FIGHTERS, FIGHTER_WIDTH)),
)
OFFSETS: Final = layout.offsets(LAYOUT)
OBS_SIZE: Final = layout.size(LAYOUT)
_SHAPES: Final = dict(LAYOUT)

_MAX_FACES: Final = max(len(d.faces) for d in DICE)
_NANA: Final = int(TechKind.NANANBITES)
_WHERE: Final = {OFF_BOARD: 1, OFFER: 2, DECK: 3, DISCARD: 4, DEAD: 5}

_DECISION: Final = OFFSETS["decision"][0]
_GLOBAL: Final = OFFSETS["global"][0]
_OFFER: Final = OFFSETS["offer"][0]
_SPACES: Final = OFFSETS["spaces"][0]
_HEWNS: Final = OFFSETS["hewns"][0]
_SEATS: Final = OFFSETS["seats"][0]
_ENCOUNTER: Final = OFFSETS["encounter"][0]
_FIGHTERS: Final = OFFSETS["fighters"][0]


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
        self._sight_key: tuple[int, ...] = ()
        self._sight: Sight | None = None

    def reset(self) -> None:
        """Start a new game (forget the cached parts)."""
        self._board = None
        self._static = {}
        self._bases = {}
        self._sight_key = ()
        self._sight = None

    def encode(self, state: State, seat: int) -> np.ndarray:
        """`seat`'s observation of `state` (float32, `OBS_SIZE` long)."""
        obs: np.ndarray = self._base(state, seat).copy()
        out = obs.data.cast("B").cast("f")
        _decision(state, seat, out)
        _global(state, out)
        _offer(state, seat, out)
        _tunnels(state, out)
        _occupancy(state, out)
        sight = self._sight_of(state)
        _sight_spaces(state, seat, sight, obs)
        _hewns(state, seat, sight, out)
        _seats(state, seat, out)
        _encounter(state, seat, out)
        return obs

    def _sight_of(self, state: State) -> Sight:
        """Who looks into each space, kept while no Hewn moves (every seat's
        observation of one state, and most steps, share it)."""
        key = (*state.loc, *state.ctrl, *state.tunnel_a, *state.tunnel_b)
        if self._sight is None or key != self._sight_key:
            self._sight = sight_of(state)
            self._sight_key = key
        return self._sight

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


class Sight:
    """Who sees what, from the positions alone (public): `look[x]`, the bit
    mask of the seats with a lone Hewn whose rays reach space `x` (rulebook:
    a Hewn sharing its space "cannot see out of that space"); `count[q *
    NUM_LOCS + x]`, seat `q`'s Hewns in space `x` (they see into it);
    `seen[x]` the seats that see into `x` either way, and `spaces` those
    spaces some seat sees into (few: the observation writes only them)."""

    __slots__ = ("by_seat", "count", "look", "seen")

    def __init__(self, look: list[int], count: list[int]) -> None:
        self.look = look
        self.count = count
        self.seen = list(look)
        for i in range(len(count)):
            if count[i]:
                self.seen[i % NUM_LOCS] |= 1 << (i // NUM_LOCS)
        # the spaces view's sight columns by absolute seat, built once for
        # every seat's observation (each takes its columns in its own order)
        masks = np.array(self.seen[:SPACE_SIZE], np.int64)
        self.by_seat: np.ndarray = ((masks[:, None] >> np.arange(SEATS)) & 1).astype(
            np.float32
        )

    def space_seen(self, seat: int, x: int) -> bool:
        """Whether a Hewn of `seat` is in space `x` or looks into it."""
        return bool(self.seen[x] >> seat & 1)

    def hewn_seen(self, s: State, seat: int, h: int) -> bool:
        """Whether a Hewn of `seat` other than `h` sees Hewn `h` (as
        `sight.sees`: one in its space, or a lone one whose ray reaches it
        alone in its space)."""
        x = s.loc[h]
        if not self.seen[x] >> seat & 1:
            return False
        others = self.count[seat * NUM_LOCS + x] - (1 if s.ctrl[h] == seat else 0)
        if others > 0:
            return True
        return bool(self.look[x] >> seat & 1) and s.loc.count(x) == 1


def sight_of(s: State) -> Sight:
    """Every seat's sight: each lone Hewn on the board looks along the
    board's rays (up to and into the first space holding a Hewn) and into the
    dug tunnels it ends; a lone Hewn in a dug tunnel looks into its two ends
    (a tunnel and its ends see each other, nothing else sees in or out)."""
    occupancy = s.occupancy()
    look = [0] * NUM_LOCS
    count = [0] * (SEATS * NUM_LOCS)
    board = s.board
    n_spaces = board.n_spaces
    into_tunnels: dict[int, list[int]] = {}
    tunnel_ends: dict[int, tuple[int, int]] = {}
    for p in tunnels.dug(s):
        a, b = tunnels.ends(s, p)
        loc = MAP_SPACE_IDS + p
        tunnel_ends[loc] = (a, b)
        into_tunnels.setdefault(a, []).append(loc)
        into_tunnels.setdefault(b, []).append(loc)
    for h in range(NUM_HEWNS):
        loc, q = s.loc[h], s.ctrl[h]
        if loc < 0 or not 0 <= q < SEATS:
            continue
        if loc >= n_spaces and loc not in tunnel_ends:
            continue  # not a space of the board now
        count[q * NUM_LOCS + loc] += 1
        if occupancy[loc] != 1:
            continue
        bit = 1 << q
        seen = board.sight(loc, occupancy) if loc < n_spaces else tunnel_ends[loc]
        for x in seen:
            look[x] |= bit
        for x in into_tunnels.get(loc, ()):
            look[x] |= bit
    return Sight(look, count)


_SIGHT_ORDER: Final = tuple(
    tuple(tuple((seat + r) % n for r in range(n)) for seat in range(n))
    for n in range(SEATS + 1)
)
"""The absolute seat at each relative place, by player count and observer."""


def _sight_spaces(s: State, seat: int, sight: Sight, obs: np.ndarray) -> None:
    """Per space, whether each relative seat's Hewns see into it."""
    n = s.num_players
    rows = obs[_SPACES : _SPACES + SPACE_SIZE * SPACE_WIDTH].reshape(
        SPACE_SIZE, SPACE_WIDTH
    )
    rows[:, 22 : 22 + n] = sight.by_seat[:, _SIGHT_ORDER[n][seat]]


_H: Final = HEWN_COLUMNS
_TECH_DIVISOR: Final = tuple(
    8.0 if k == _NANA else 4.0 for k in range(N_TECHS)
)  # Nananbites come many to a Hewn


def _hewns(s: State, seat: int, sight: Sight, out: memoryview[float]) -> None:
    n = s.num_players
    top_hewn = s.frames[-1].hewn if s.frames and not s.over else NONE
    for h in range(NUM_HEWNS):
        loc = s.loc[h]
        if loc == OUT:  # not in this game's card set
            continue
        row = _HEWNS + HEWN_WIDTH * h
        out[row + HEWN_TYPE_OF[h]] = 1.0
        at = row + _H["controller"]
        ctrl = s.ctrl[h]
        if ctrl == NEUTRAL:
            if loc >= OFF_BOARD:
                out[at + SEATS] = 1.0
        else:
            out[at + (ctrl - seat) % n] = 1.0
        out[row + _H["where"] + (0 if loc >= 0 else _WHERE.get(loc, 5))] = 1.0
        if loc >= 0:
            out[row + _H["space"]] = loc / SPACE_SIZE
            if sight.hewn_seen(s, seat, h):
                out[row + _H["seen"]] = 1.0
        if s.damaged[h]:
            out[row + _H["damaged"]] = 1.0
        if s.acted[h]:
            out[row + _H["acted"]] = 1.0
        normal, dirty = seen_load(s, h, seat)
        if normal:
            out[row + _H["normal"]] = _cap(normal / 12)
        if dirty:
            out[row + _H["dirty"]] = _cap(dirty / 12)
        if h == top_hewn:
            out[row + _H["top"]] = 1.0
        if s.gem[h] != NONE or s.heart[h] != NONE or s.heart_hidden[h]:
            _heart(s, h, seat, out, row)
        elif s.card(h).heart:
            out[row + _H["heart_empty"]] = 1.0
        slots = s.slots[h]
        if slots and (max(slots) >= 0 or True in s.slot_hidden[h]):
            _fitted(s, h, seat, out, row)
        if s.members[h]:
            out[row + _H["members"]] = _cap(s.members[h] / 9)


def _heart(s: State, h: int, seat: int, out: memoryview[float], row: int) -> None:
    """The heart card as `seat` sees it: hidden (fitted off the board in a
    secret game), empty, or its gem's value / 8 and its stone's colour."""
    if not heart_open(s, h, seat):
        out[row + _H["heart_hidden"]] = 1.0
        return
    gem, stone = s.gem[h], s.heart[h]
    if gem != NONE:
        out[row + _H["gem"]] = _cap(s.scenario.gems[gem][0] / 8)
    if stone != NONE:
        out[row + _H["heart_colour"] + (stone - seat) % s.num_players] = 1.0
    elif gem == NONE and s.card(h).heart:
        out[row + _H["heart_empty"]] = 1.0


def _fitted(s: State, h: int, seat: int, out: memoryview[float], row: int) -> None:
    """The technologies fitted in `h` that `seat` sees, per kind / 4
    (Nananbites / 8; at most 1), and how many slots it cannot see / 4 (at
    most 1; fitted off the board in a secret game)."""
    slots = s.slots[h]
    hidden = s.slot_hidden[h] if s.ctrl[h] != seat else ()
    counts = [0] * N_TECHS
    secret = 0
    for i in range(len(slots)):
        if i < len(hidden) and hidden[i]:
            secret += 1
        elif 0 <= slots[i] < N_TECHS:
            counts[slots[i]] += 1
    at = row + _H["techs"]
    for k in range(N_TECHS):
        if counts[k]:
            out[at + k] = _cap(counts[k] / _TECH_DIVISOR[k])
    if secret:
        out[row + _H["hidden_slots"]] = _cap(secret / 4)


def _seats(s: State, seat: int, out: memoryview[float]) -> None:
    n = s.num_players
    boxes = max(1, s.scenario.bidoxes)
    for q in range(n):
        row = _SEATS + SEAT_WIDTH * ((q - seat) % n)
        lots = s.bidox_lot[q]
        # another seat shows its public totals (its closed Bidoxes' content
        # split by kind is its secret); a seat sees its own screen
        if q != seat:
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
        out[at + 4] = _cap(_seen_score(s, q, seat) / 60)
        out[at + 5] = _cap(healthy_hewns(s, q) / 10)
        hacked = sum(s.bidox_nana[q])  # in the Bidoxes' caps: public
        if hacked:
            out[at + 6] = hacked / (boxes * s.config.nananbites_per_bidox)
        bombs = bombs_fitted(s, q, seat)
        if bombs:
            out[at + 7] = _cap(bombs / 4)


def _seen_score(s: State, q: int, seat: int) -> int:
    """Seat `q`'s score as `seat` knows it: its own exactly; another's with
    its public total of normal Substract (screen, closed Bidoxes and hidden
    loads) in place of its screen, and without what a secret game hides
    (loads and gems fitted off the board)."""
    total = score(s, q)
    if q == seat:
        return total
    # the score counts the screen; another seat sees its public total instead
    # (screen, closed Bidoxes and the hidden parts of its loads)
    total += public_totals(s, q)[0] - s.screen_normal[q]
    if secrets_on(s):
        total -= _hidden_score(s, q, seat)
    return total


def _hidden_score(s: State, q: int, seat: int) -> int:
    """What of `q`'s score lies hidden from `seat` (`ending.score` counts it):
    the normal Substract loaded off the board into its Hewns, when carried
    loads score, and the gems in hidden heart cards of its healthy Hewns."""
    gems = s.scenario.gems
    gems_count = s.config.audit_fixes()
    hidden = 0
    for h in range(NUM_HEWNS):
        if s.ctrl[h] != q:
            continue
        if s.config.score_carried and s.loc[h] >= -2:
            hidden += s.normal[h] - seen_load(s, h, seat)[0]
        gem = s.gem[h]
        if gems_count and gem != NONE and s.healthy(h) and not heart_open(s, h, seat):
            hidden += gems[gem][0]
    return hidden


_ENCOUNTER_KIND: Final[dict[int, int]] = {
    int(Ask.RANGED): 0,
    int(Ask.SAME_SPACE): 1,
    int(Ask.ARTILLERY): 2,
    int(Ask.OVERFLOW): 3,
    int(Ask.TOKEN_ATTACK): 4,
}
"""The encounter view's kind one-hot: the frames of an attack in progress."""

_FACE_COLUMN: Final = {
    int(DieKind.LASER): 0,
    int(DieKind.AREA): 1,
    int(DieKind.CLOSE_COMBAT): 2,
    int(DieKind.ARMOUR): 3,
    int(DieKind.SPEED): 4,
    int(DieKind.D10): 5,
    int(DieKind.NANA): 5,  # a repair's dice: d10s and Nanadice together
}
_F: Final = FIGHTER_COLUMNS
_PICK_CAP: Final = 7.0  # "a maximum 7 weapon dice"; picks read / 7 (at most 1)


def _encounter(s: State, seat: int, out: memoryview[float]) -> None:
    """The attack in progress nearest the top of the stack: its kind, step,
    dice and participants (secret picks zero for the other seats)."""
    if s.over:
        return
    for frame in reversed(s.frames):
        kind = _ENCOUNTER_KIND.get(frame.ask)
        if kind is None:
            continue
        out[_ENCOUNTER + kind] = 1.0
        if isinstance(frame, EncounterFrame):
            out[_ENCOUNTER + 5] = _cap(frame.step / 20)
            shown = redact_frame(s, frame, seat)  # the picks before the reveal
            enc = shown.enc if isinstance(shown, EncounterFrame) else frame.enc
            out[_ENCOUNTER + 6] = min(enc.fight, 2) / 2
            if frame.step != EncStep.ROLLED:  # at ROLLED the faces are not in
                _dice(s, enc, out)
            _fighters(s, seat, frame, enc, out)
        elif isinstance(frame, TokenAttackFrame):
            out[_ENCOUNTER + 5] = _cap(frame.step / 2)
            _attacked(s, seat, frame, out)
        return


def _dice(s: State, enc: Enc, out: memoryview[float]) -> None:
    """Each attack's totals so far (the mover's, then the reactors': attack
    and defence / 30, at most 1) and the values rolled per die kind / 20."""
    weapons: dict[tuple[int, int], list[int]] = {}
    others: dict[tuple[int, int], list[int]] = {}
    defence: list[list[tuple[int, int]]] = [[], []]
    faces = [0] * 6
    dice = enc.dice
    for b in range(0, len(dice) - DIE_FIELDS + 1, DIE_FIELDS):
        kind, face, owner, fight, role, weapon = dice[b : b + DIE_FIELDS]
        column = _FACE_COLUMN.get(kind)
        if column is not None:
            faces[column] += combat.value(kind, face)
        if fight not in (0, 1):
            continue
        if role == ATTACK:
            into = weapons if weapon else others
            into.setdefault((fight, owner), []).append(combat.value(kind, face))
            (others if weapon else weapons).setdefault((fight, owner), [])
        elif role == DEFENCE:
            defence[fight].append((kind, face))
    attack = [0, 0]
    for (fight, owner), values in weapons.items():
        attack[fight] += combat.attacker_total(s, owner, values, others[(fight, owner)])
    at = _ENCOUNTER + 7
    for fight in (0, 1):
        out[at + 2 * fight] = _cap(attack[fight] / 30)
        out[at + 2 * fight + 1] = _cap(combat.defence_total(defence[fight]) / 30)
    for k in range(6):
        if faces[k]:
            out[at + 4 + k] = _cap(faces[k] / 20)


def _fighters(
    s: State, seat: int, frame: EncounterFrame, enc: Enc, out: memoryview[float]
) -> None:
    """The participants, mover first, then its target, then the other
    announcers (the first `FIGHTERS`). Roles follow the places: the mover
    attacks once it announced or named a target, and defends when others
    react to it; the target defends; the reactors attack."""
    mover, target = frame.hewn, enc.target
    people = [mover] if mover != NONE else []
    if target != NONE and target not in people:
        people.append(target)
    reactors = [h for h in enc.ann if h not in people]
    people.extend(reactors)
    for r, h in enumerate(people[:FIGHTERS]):
        row = _FIGHTERS + FIGHTER_WIDTH * r
        _fighter(s, seat, h, out, row)
        if h == mover:
            attacks = mover in enc.ann or target != NONE
            defends = bool(reactors)
        else:
            attacks, defends = h != target, h == target
        out[row + _F["attacker"]] = float(attacks)
        out[row + _F["defender"]] = float(defends)
        used = 0
        if h in enc.ann:
            i = enc.ann.index(h)
            picks = enc.picks[PICKS * i : PICKS * i + PICKS]
            for k in range(PICKS):
                if picks[k]:
                    out[row + _F["picks"] + k] = _cap(picks[k] / _PICK_CAP)
            used = enc.rerolls[i]
        left = s.card(h).rerolls - used
        if left > 0:
            out[row + _F["rerolls"]] = _cap(left / 3)
        if h in enc.dodged:
            out[row + _F["dodged"]] = 1.0


def _attacked(
    s: State, seat: int, frame: TokenAttackFrame, out: memoryview[float]
) -> None:
    """A token's or a bomb's overflow attack: the bomber (an overflow's) as
    attacker, then the Hewn attacked now as defender with its body screens
    (in the K column)."""
    r = 0
    if frame.ask == Ask.OVERFLOW and frame.hewn != NONE:
        row = _FIGHTERS
        _fighter(s, seat, frame.hewn, out, row)
        out[row + _F["attacker"]] = 1.0
        r = 1
    if frame.queue:
        row = _FIGHTERS + FIGHTER_WIDTH * r
        _fighter(s, seat, frame.queue[0], out, row)
        out[row + _F["defender"]] = 1.0
        if frame.screens:
            out[row + _F["picks"] + 2] = _cap(frame.screens / _PICK_CAP)


def _fighter(s: State, seat: int, h: int, out: memoryview[float], row: int) -> None:
    """A participant's relative seat (none for a neutral Hewn) and its Hewn
    (number + 1) / 40, to find its row in the hewns view."""
    ctrl = s.ctrl[h]
    if 0 <= ctrl < s.num_players:
        out[row + _F["seat"] + (ctrl - seat) % s.num_players] = 1.0
    out[row + _F["hewn"]] = (h + 1) / HEWN_SLOTS
