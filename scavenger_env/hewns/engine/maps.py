"""The default maps of Raw Substract ("the crater"), as plain data.

The rulebook's setup booklet (map building) is missing, so every value here is
``designed``: one crater for every player count, a hub with six spokes, a ring of
six nodes and one three-space spur per entrance. Ids are stable across player
counts: the 2-player map is ids 0-54, 3 players add spur NW (55-57), 4 players
add spur SE (58-60).

Cells are doubled coordinates ``(col, row)`` of a pointy-top hex lattice with
``col + row`` even. It imports only the engine's data (provenance tags, sizes), so the board
module can build on it without a cycle.
"""

from __future__ import annotations

from typing import Final

from .data import DESIGNED, Size

# --- Kinds and sizes ----------------------------------------------------------
#: rulebook: "linking a number of ravines to nodes. Each node is a single space
#: while each ravine is made up of a number of spaces"; "A normal tunnel is also a
#: space".
NODE: Final = 0
RAVINE: Final = 1
TUNNEL: Final = 2
KIND_NAMES: Final = ("node", "ravine", "tunnel")

#: rulebook: "Hewns are either Big (B), or Medium (M), or Small (S) in size."
#: Plain ints of `data.Size` (0: none), so the tables index by them.
SMALL: Final = int(Size.S)
MEDIUM: Final = int(Size.M)
BIG: Final = int(Size.B)
SIZE_LETTERS: Final = ("?", "S", "M", "B")

# --- Lattice steps (doubled coordinates) --------------------------------------
E: Final = (2, 0)
W: Final = (-2, 0)
NE: Final = (1, -1)
NW: Final = (-1, -1)
SE: Final = (1, 1)
SW: Final = (-1, 1)

# --- Nodes: (id, name, col, row, size, provenance) ------------------------------
#: designed: the hub and the big ring nodes carry the big network; the small top
#: node is the only home of a small secret entrance.
NODES: Final[tuple[tuple[int, str, int, int, int, str], ...]] = (
    (0, "H", 24, 8, BIG, DESIGNED),
    (1, "W1", 16, 8, BIG, DESIGNED),
    (2, "E1", 32, 8, BIG, DESIGNED),
    (3, "SE1", 28, 12, BIG, DESIGNED),
    (4, "NE1", 28, 4, MEDIUM, DESIGNED),
    (5, "SW1", 20, 12, MEDIUM, DESIGNED),
    (6, "NW1", 20, 4, MEDIUM, DESIGNED),
    (7, "BN", 24, 12, MEDIUM, DESIGNED),
    (8, "TN", 24, 4, SMALL, DESIGNED),
)

# --- Ravines ----------------------------------------------------------------------
# (name, size, start node, steps, end node or -1 for a dead end, space ids,
#  fewest players, provenance). The ravine's spaces are the cells reached by the
#  steps before the end node (every step makes a cell on a dead-end spur).
Ravine = tuple[
    str, int, int, tuple[tuple[int, int], ...], int, tuple[int, ...], int, str
]

_X4W: Final = (W, W, W, W)
_X4E: Final = (E, E, E, E)
_X4NE: Final = (NE, NE, NE, NE)
_X4NW: Final = (NW, NW, NW, NW)
_X4SE: Final = (SE, SE, SE, SE)
_X4SW: Final = (SW, SW, SW, SW)

#: designed: six spokes of three spaces (big W/E/SE, medium NE/SW, small NW) so that
#: each size has a network; the ring closes it; each spur bends once (a corner that
#: hides the entrance) and ends in a dead end at the board's edge.
RAVINES: Final[tuple[Ravine, ...]] = (
    ("hw", BIG, 0, _X4W, 1, (9, 10, 11), 2, DESIGNED),
    ("he", BIG, 0, _X4E, 2, (12, 13, 14), 2, DESIGNED),
    ("hse", BIG, 0, _X4SE, 3, (15, 16, 17), 2, DESIGNED),
    ("hne", MEDIUM, 0, _X4NE, 4, (18, 19, 20), 2, DESIGNED),
    ("hsw", MEDIUM, 0, _X4SW, 5, (21, 22, 23), 2, DESIGNED),
    ("hnw", SMALL, 0, _X4NW, 6, (24, 25, 26), 2, DESIGNED),
    ("wnw", MEDIUM, 1, _X4NE, 6, (27, 28, 29), 2, DESIGNED),
    ("wsw", MEDIUM, 1, _X4SE, 5, (30, 31, 32), 2, DESIGNED),
    ("ene", MEDIUM, 2, _X4NW, 4, (33, 34, 35), 2, DESIGNED),
    ("ese", BIG, 2, _X4SW, 3, (36, 37, 38), 2, DESIGNED),
    ("tw", SMALL, 6, (E, E), 8, (39,), 2, DESIGNED),
    ("te", SMALL, 8, (E, E), 4, (40,), 2, DESIGNED),
    ("bw", MEDIUM, 5, (E, E), 7, (41,), 2, DESIGNED),
    ("be", MEDIUM, 7, (E, E), 3, (42,), 2, DESIGNED),
    ("spur W", BIG, 1, (W, W, SW), -1, (43, 44, 45), 2, DESIGNED),
    ("spur E", MEDIUM, 2, (E, E, NE), -1, (46, 47, 48), 2, DESIGNED),
    ("spur NE", SMALL, 4, (NE, NE, E), -1, (49, 50, 51), 2, DESIGNED),
    ("spur SW", SMALL, 5, (SW, SW, W), -1, (52, 53, 54), 2, DESIGNED),
    ("spur NW", MEDIUM, 6, (NW, NW, W), -1, (55, 56, 57), 3, DESIGNED),
    ("spur SE", BIG, 3, (SE, SE, E), -1, (58, 59, 60), 4, DESIGNED),
)

# --- Per-count pieces -------------------------------------------------------------
#: Common entrances (space, size, fewest players, provenance). designed: one at the
#: dead end of each spur, the size of its spur, 7 spaces from the hub and 1 from a
#: starting mine, so a Hewn can enter, walk to a mine and mine in its first turn.
ENTRANCES: Final[tuple[tuple[int, int, int, str], ...]] = (
    (45, BIG, 2, DESIGNED),
    (48, MEDIUM, 2, DESIGNED),
    (51, SMALL, 2, DESIGNED),
    (54, SMALL, 2, DESIGNED),
    (57, MEDIUM, 3, DESIGNED),
    (60, BIG, 4, DESIGNED),
)

#: Magnetic tunnels (a, b, size, fewest players, provenance). designed: shortcuts
#: across the crater, one per size; the big one only joins the 4-player spur SE.
MAGNETIC: Final[tuple[tuple[int, int, int, int, str], ...]] = (
    (50, 53, SMALL, 2, DESIGNED),
    (6, 3, MEDIUM, 2, DESIGNED),
    (44, 59, BIG, 4, DESIGNED),
)

#: Starting mines (space, bonus 0-3 for normal/+1/+2/+3, fewest players,
#: provenance). designed: a rich mine at the contested hub, a normal one at each
#: spur's corner (1 space from its entrance), +1 mines on the ring.
MINES: Final[tuple[tuple[int, int, int, str], ...]] = (
    (0, 2, 2, DESIGNED),
    (34, 1, 2, DESIGNED),
    (44, 0, 2, DESIGNED),
    (47, 0, 2, DESIGNED),
    (50, 0, 2, DESIGNED),
    (53, 0, 2, DESIGNED),
    (31, 1, 3, DESIGNED),
    (56, 0, 3, DESIGNED),
    (10, 1, 4, DESIGNED),
    (59, 0, 4, DESIGNED),
)

#: Entrance pieces per size (S, M, B); those the common entrances do not use are
#: the stock for secret entrances. rulebook: "choose either a small, medium or big
#: entrance from the remaining stack of entrances"; the count 3 is designed (the
#: 4-player map needs two big ones, one must stay for a secret entrance).
ENTRANCE_PIECES: Final = (3, 3, 3)

PLAYER_COUNTS: Final = (2, 3, 4)
