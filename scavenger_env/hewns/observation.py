"""The observation: one flat float32 vector in [0, 1] with named views.

A first version of the design's observation: the decision being made, the
global counters, the auction's offer, the board's spaces, every Hewn card and
every seat. It is encoded from the observing player's seat: relative seat 0 is
"you", relative seat i is absolute seat (you + i) % n; seats past the player
count stay zero, so the size is the same for 2, 3 and 4 players.

It is encoded from `engine.view.redact(state, seat)`, so it holds only what the
seat may know: another seat's closed Bidoxes show as placements only (their
content stays in that seat's private total, which is public), another seat's
turn-order card only once shown (the dealer sees all), another seat's secret
picks not at all, and the decks only by size.

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
                                most 1); 8 spare
global    104-143    (40,)      normal pile / its start, depleted /
                                threshold, new mines by bonus 0-3 / 10,
                                token stock by kind / 5, player count
                                one-hot (3), Hewn decks by size and the
                                tech deck / 20, the last 8 faces rolled
                                (face index + 1) / 10, 16 spare
offer     144-707    (12, 47)   per lot: Hewn type one-hot (22), tech kind
                                one-hot (13), the turn-order stack, empty,
                                minimum price / 10, Bidoxes placed there
                                per relative seat / 4, the last auction's
                                winner per relative seat (4), your own bid
                                there / 30
spaces    708-2227   (76, 20)   exists, ravine, node, size one-hot (3),
                                entrance size one-hot (4: none, S, M, B),
                                own entrance, mine (5: none, +0..+3),
                                danger token (3), Hewns there / 4
hewns     2228-3827  (40, 40)   type one-hot (22), controller relative
                                one-hot (4) and neutral, where (on the
                                board, off the board, on offer, in a deck,
                                discarded, dead), space / 76, damaged,
                                acted, normal / 12, dirty / 12 (at most
                                1), the Hewn of the top frame, 1 spare
seats     3828-3939  (4, 28)    screen normal / 50, screen dirty / 50 (at
                                most 1; for others their private total
                                with closed Bidoxes), techs per kind / 4
                                (13), known turn-order card one-hot (5:
                                unknown, 1-4), passed, Bidoxes at home,
                                placed, hunting (/ Bidoxes), score / 60
                                (at most 1), healthy Hewns / 10, 2 spare
========  =========  =========  ==========================================
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Final

import numpy as np

from scavenger_env.core import layout

from .engine.actions import SPACE_SIZE
from .engine.board import RAVINE
from .engine.data import DICE, HEWN_TYPES, TECHS
from .engine.ending import healthy_hewns, score
from .engine.flow import FIRST_TECH_LOT, is_chance
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
    State,
)
from .engine.turns import AP
from .engine.view import card_known, redact

__all__ = ["LAYOUT", "OBS_SIZE", "OFFSETS", "Encoder", "encode", "views"]

SEATS: Final = 4
KINDS: Final = 80
LOTS: Final = 12
HEWN_SLOTS: Final = 40
N_TYPES: Final = len(HEWN_TYPES)
N_TECHS: Final = len(TECHS)
LOT_WIDTH: Final = N_TYPES + N_TECHS + 2 + 1 + SEATS + SEATS + 1
HEWN_WIDTH: Final = N_TYPES + SEATS + 1 + 6 + 1 + 4 + 1 + 1
SEAT_WIDTH: Final = 2 + N_TECHS + 5 + 1 + 3 + 2 + 1 + 1
SPACE_WIDTH: Final = 20

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

_Rel = Callable[[int], int]
"""An absolute seat -> the observer's relative seat."""

_MAX_FACES: Final = max(len(d.faces) for d in DICE)
_WHERE: Final = {OFF_BOARD: 1, OFFER: 2, DECK: 3, DISCARD: 4, DEAD: 5}


def views(obs: np.ndarray) -> dict[str, np.ndarray]:
    """Named, shaped views into one observation vector (no copies); the bounds
    are worked out once, not at every observation."""
    return {name: obs[a:b].reshape(_SHAPES[name]) for name, (a, b) in OFFSETS.items()}


def _cap(x: float) -> float:
    return 1.0 if x > 1.0 else (0.0 if x < 0.0 else x)


def encode(state: State, seat: int) -> np.ndarray:
    """`seat`'s observation of `state` (float32, `OBS_SIZE` long)."""
    obs = np.zeros(OBS_SIZE, np.float32)
    v = views(obs)
    s = redact(state, seat)
    n = s.num_players

    def rel(q: int) -> int:
        return (q - seat) % n

    _decision(s, v["decision"], rel)
    _global(s, v["global"])
    _offer(s, seat, v["offer"], rel)
    _spaces(s, seat, v["spaces"])
    _hewns(s, v["hewns"], rel)
    _seats(s, seat, v["seats"], rel)
    return obs


def _decision(s: State, d: np.ndarray, rel: _Rel) -> None:
    chance = is_chance(s)
    if not s.over and s.frames:
        top = s.frames[-1]
        if not chance and 0 <= top.ask < KINDS:
            d[top.ask] = 1
        if not chance and top.seat >= 0:
            d[KINDS + 3 + 1 + rel(top.seat)] = 1
        for i, a in enumerate(top.args[:4]):
            d[KINDS + 3 + 1 + 4 + 2 + i] = _cap(a / 31)
        d[KINDS + 3 + 1 + 4 + 2 + 4] = _cap(top.step / 8)
        turn = next((f for f in reversed(s.frames) if f.ask == Ask.HEWN_TURN), None)
        if turn is not None and turn.data:
            d[KINDS + 3 + 1 + 4 + 1] = _cap(turn.data[AP] / 12)
    d[KINDS + min(int(s.phase), 2)] = 1
    d[KINDS + 3] = s.round / s.scenario.rounds
    d[KINDS + 3 + 1 + 4] = float(chance)
    d[KINDS + 3 + 1 + 4 + 2 + 5] = _cap(len(s.frames) / 16)


def _global(s: State, g: np.ndarray) -> None:
    scenario = s.scenario  # the config's is built anew at every read
    g[0] = _cap(s.normal_pile / max(1, scenario.normal_pile))
    g[1] = _cap(s.depleted / max(1, scenario.depletion_threshold))
    for bonus in s.mine_pool:
        if 0 <= bonus < 4:
            g[2 + bonus] += 0.1
    for k in range(3):
        g[6 + k] = _cap(s.token_stock[k] / 5)
    g[9 + s.num_players - 2] = 1
    for z in (1, 2, 3):
        g[12 + z - 1] = _cap(len(s.hewn_deck[z]) / 20)
    g[15] = _cap(len(s.tech_deck) / 20)
    for i, f in enumerate(s.rolled[-8:]):
        g[16 + i] = (f + 1) / _MAX_FACES
    np.minimum(g, 1.0, out=g)


def _offer(s: State, seat: int, o: np.ndarray, rel: _Rel) -> None:
    from .engine.auction import min_price

    for lot in range(min(LOTS, len(s.offer))):
        row = o[lot]
        card = s.offer[lot]
        if lot == 0:
            row[N_TYPES + N_TECHS] = 1
        elif card == NONE:
            row[N_TYPES + N_TECHS + 1] = 1
        elif lot < FIRST_TECH_LOT:
            row[HEWN_TYPE_OF[card]] = 1
        else:
            row[N_TYPES + TECH_KIND_OF[card]] = 1
        if lot == 0 or card != NONE:
            row[N_TYPES + N_TECHS + 2] = _cap(min_price(s, lot) / 10)
        base = N_TYPES + N_TECHS + 3
        for q in range(s.num_players):
            placed = sum(1 for b in s.bidox_lot[q] if b == lot)
            row[base + rel(q)] = _cap(placed / 4)
        winner = s.lot_winner[lot] if lot < len(s.lot_winner) else NONE
        if winner != NONE:
            row[base + SEATS + rel(winner)] = 1
        own = sum(
            a
            for b, a in zip(s.bidox_lot[seat], s.bidox_amount[seat], strict=True)
            if b == lot
        )
        row[base + 2 * SEATS] = _cap(own / 30)


def _spaces(s: State, seat: int, sp: np.ndarray) -> None:
    board = s.board
    count = s.occupancy()
    for x in range(min(board.n_spaces, len(sp))):
        row = sp[x]
        row[0] = 1
        row[1 if board.kind[x] == RAVINE else 2] = 1
        row[3 + board.size[x] - 1] = 1
        row[6 + board.entrance_size[x]] = 1
        row[10] = float(board.entrance_size[x] > 0 and board.entrance_owner[x] == seat)
        row[11 + (s.mine[x] + 1 if 0 <= s.mine[x] <= 3 else 0)] = 1
        if 0 <= s.token[x] < 3:
            row[16 + s.token[x]] = 1
        row[19] = _cap(count[x] / 4)


def _hewns(s: State, hw: np.ndarray, rel: _Rel) -> None:
    top_hewn = s.frames[-1].hewn if s.frames and not s.over else NONE
    for h in range(NUM_HEWNS):
        loc = s.loc[h]
        if loc == OUT:  # not in this game's card set
            continue
        row = hw[h]
        row[HEWN_TYPE_OF[h]] = 1
        at = N_TYPES
        if s.ctrl[h] == NEUTRAL:
            if loc >= OFF_BOARD:
                row[at + SEATS] = 1
        else:
            row[at + rel(s.ctrl[h])] = 1
        at += SEATS + 1
        row[at + (0 if loc >= 0 else _WHERE.get(loc, 5))] = 1
        at += 6
        if loc >= 0:
            row[at] = loc / SPACE_SIZE
        at += 1
        row[at] = float(s.damaged[h])
        row[at + 1] = float(s.acted[h])
        row[at + 2] = _cap(s.normal[h] / 12)
        row[at + 3] = _cap(s.dirty[h] / 12)
        row[at + 4] = float(h == top_hewn)


def _seats(s: State, seat: int, st: np.ndarray, rel: _Rel) -> None:
    boxes = max(1, s.scenario.bidoxes)
    for q in range(s.num_players):
        row = st[rel(q)]
        row[0] = _cap(s.screen_normal[q] / 50)
        row[1] = _cap(s.screen_dirty[q] / 50)
        for k in range(N_TECHS):
            row[2 + k] = _cap(s.screen_tech[q][k] / 4)
        at = 2 + N_TECHS
        card = s.turn_card[q] if card_known(s, seat, q) else 0
        row[at + min(card, 4)] = 1
        at += 5
        row[at] = float(s.passed[q])
        lots = s.bidox_lot[q]
        row[at + 1] = sum(1 for b in lots if b == BIDOX_HOME) / boxes
        row[at + 2] = sum(1 for b in lots if b >= 0) / boxes
        row[at + 3] = sum(1 for b in lots if b == BIDOX_HUNTING) / boxes
        row[at + 4] = _cap(score(s, q) / 60)
        row[at + 5] = _cap(healthy_hewns(s, q) / 10)


class Encoder:
    """The observation encoder (`Game.make_encoder()`); it keeps nothing between
    calls, so `reset` has nothing to do."""

    def reset(self) -> None:
        """Start a new game (nothing cached)."""

    def encode(self, state: State, seat: int) -> np.ndarray:
        """`seat`'s observation of `state`."""
        return encode(state, seat)
