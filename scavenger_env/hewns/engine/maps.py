"""The map vocabulary of Hewns: space kinds, sizes, lattice steps and the cap on
map spaces.

The maps themselves are JSON files (the crater and the other bundled maps are in
``scavenger_env/hewns/maps``, read by `mapfile`; the format is in the docs' map
page). Cells are doubled coordinates ``(col, row)`` of a pointy-top hex lattice
with ``col + row`` even. It imports only the engine's data (sizes), so the board
module can build on it without a cycle.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final

from .data import Size

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
#: the steps by the names a map file writes them with
STEP_NAMES: Final = {"E": E, "W": W, "NE": NE, "NW": NW, "SE": SE, "SW": SW}

#: designed: the most spaces a map may have. The action space gives every map
#: space an id of its own (the SPACE block of `actions`), so this is fixed (the
#: crater's 61 spaces, padded to 64) rather than read from the maps: a new map
#: never moves an action id, and a map with more spaces is refused.
MAX_MAP_SPACES: Final = 64

#: Owner of a common entrance (a secret entrance's owner is a seat, 0-3).
COMMON: Final = -1


def hex_distance(a: tuple[int, int], b: tuple[int, int]) -> int:
    """Hex distance between two doubled-coordinate cells (steps on the lattice)."""
    dcol = abs(a[0] - b[0])
    drow = abs(a[1] - b[1])
    return drow + max(0, (dcol - drow) // 2)


@dataclass(frozen=True)
class MapSpec:
    """A map as data: spaces, links and pieces, before any precomputation.

    ``spaces`` rows are ``(id, kind, size, col, row, name)`` with ids 0..n-1;
    ``links`` are ravine/node links between lattice neighbours; ``magnetic`` rows
    are ``(a, b, size)``; ``entrances`` rows ``(space, size, owner)``; ``mines``
    rows ``(space, bonus)``.
    """

    spaces: tuple[tuple[int, int, int, int, int, str], ...]
    links: tuple[tuple[int, int], ...]
    magnetic: tuple[tuple[int, int, int], ...] = ()
    entrances: tuple[tuple[int, int, int], ...] = ()
    mines: tuple[tuple[int, int], ...] = ()
    entrance_stock: tuple[int, int, int] = (0, 0, 0)
