"""The Hewns board: a frozen, precomputed graph of spaces on a hex lattice.

A space is one cell of a pointy-top hex lattice in doubled coordinates
``(col, row)`` (``col + row`` even), of kind node, ravine or tunnel, with a size
S < M < B. Adjacency comes only from explicit links (two touching cells that are
not linked are separated by rock); magnetic tunnels are movement links, never
sight lines. Everything the rules ask many times per step (neighbours per Hewn
size, distances, line-of-sight rays, Mudgestick targets) is computed once when
the board is built and cached per player count.

Dug tunnels are game state, not board: the game adds their links and rays.
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from functools import cache
from types import MappingProxyType
from typing import Final

from scavenger_env.hewns.engine.data import MUDGESTICK as MUDGESTICK_FACT
from scavenger_env.hewns.engine.mapfile import (
    DEFAULT_MAP,
    map_from_data,
    read_map,
)
from scavenger_env.hewns.engine.maps import (
    BIG,
    COMMON,
    KIND_NAMES,
    MEDIUM,
    NODE,
    RAVINE,
    SIZE_LETTERS,
    SMALL,
    TUNNEL,
    MapSpec,
    hex_distance,
)

__all__ = [
    "BIG",
    "COMMON",
    "DIRECTIONS",
    "KIND_NAMES",
    "MEDIUM",
    "MUDGESTICK",
    "NODE",
    "RAVINE",
    "SIZE_LETTERS",
    "SMALL",
    "TUNNEL",
    "Board",
    "MapSpec",
    "board_for",
    "build_board",
    "crater_spec",
    "hex_distance",
    "render_map",
]

#: The six lattice steps, in the order E, NE, NW, W, SW, SE; direction i and
#: i + 3 are opposite.
DIRECTIONS: Final = ((2, 0), (1, -1), (-1, -1), (-2, 0), (-1, 1), (1, 1))

#: the Mudgestick's default length, a hex distance between space centres (its
#: value and reason are in `data.MUDGESTICK`; `HewnsConfig.mudgestick` sets it)
MUDGESTICK: Final = MUDGESTICK_FACT.value

_UNREACHABLE: Final = -1


@dataclass(frozen=True, eq=False)
class Board:
    """The precomputed board. Build it with `build_board` or `board_for`.

    Per-size tables are indexed by Hewn size 1-3 (index 0 is unused); "ignoring
    sizes" is the same as size SMALL, since every space admits a small Hewn.
    """

    spec: MapSpec
    n_spaces: int
    kind: tuple[int, ...]
    size: tuple[int, ...]
    cell: tuple[tuple[int, int], ...]
    name: tuple[str, ...]
    #: read-only (a `MappingProxyType`), like every other field
    cell_to_space: Mapping[tuple[int, int], int]
    #: Ravine/node links of each space (the sight and corner graph).
    links: tuple[tuple[int, ...], ...]
    #: Magnetic partners of each space: ``(other end, tunnel size)``.
    magnetic_at: tuple[tuple[tuple[int, int], ...], ...]
    #: Movement neighbours of each space for a Hewn of size z: ``[z][space]``.
    steps: tuple[tuple[tuple[int, ...], ...], ...]
    #: Step distances ``[z][a * n + b]`` over movement links for size z, -1 if
    #: unreachable.
    dist: tuple[tuple[int, ...], ...]
    corner: tuple[bool, ...]
    dead_end: tuple[bool, ...]
    #: Entrance size per space (0 when none) and its owner (`COMMON` or a seat).
    entrance_size: tuple[int, ...]
    entrance_owner: tuple[int, ...]
    #: Starting mine bonus per space (-1 when none).
    start_mine: tuple[int, ...]
    #: Nodes that may take a secret entrance of size z, ``[z]``: rulebook "attaches
    #: an available small entrance to a small node, or an available medium
    #: entrance to a medium node or a large entrance to a large node" (nodes with
    #: a common entrance excluded: at most one entrance per space).
    secret_homes: tuple[tuple[int, ...], ...]
    #: Static sight rays per space: each ray is the spaces met in order, ending at
    #: a node, corner or tunnel space (or where the links run out).
    rays: tuple[tuple[tuple[int, ...], ...], ...]
    fly_targets: tuple[tuple[int, ...], ...]
    dig_targets: tuple[tuple[int, ...], ...]
    climb_targets: tuple[tuple[int, ...], ...]

    def copy(self) -> Board:
        """An equal board of its own, spec included, for a bot's copy of the
        game (a frozen object still yields to `object.__setattr__`); what the
        two share is immutable: tuples and the read-only `cell_to_space`."""
        return replace(self, spec=replace(self.spec))

    # --- size admission ---------------------------------------------------------

    def admits(self, space: int, hewn_size: int) -> bool:
        """rulebook: "Big Hewns can only enter big spaces; Medium Hewns can enter
        both big and medium spaces while Small Hewns can enter big, medium and
        small spaces." """
        return self.size[space] >= hewn_size

    def entrance_admits(self, space: int, hewn_size: int, seat: int) -> bool:
        """Whether a seat's Hewn of this size may enter or exit at ``space``.

        rulebook: "he must find a common entrance that is at least the same size
        as the Hewn entering. (Hewns can also move onto the map through any player
        owned entrance ...)"; "No other player's Hewns may use that entrance."
        """
        owner = self.entrance_owner[space]
        return (
            self.entrance_size[space] >= hewn_size
            and self.size[space] >= hewn_size
            and owner in (COMMON, seat)
        )

    # --- movement ---------------------------------------------------------------

    def neighbours(self, space: int, hewn_size: int = SMALL) -> tuple[int, ...]:
        """Spaces one step away (links and magnetic tunnels) that admit the size."""
        return self.steps[hewn_size][space]

    def distance(self, a: int, b: int, hewn_size: int = SMALL) -> int:
        """Fewest steps from a to b for a Hewn of this size; -1 if it cannot.

        With the default SMALL this is the rules' plain "spaces away" (magnetic
        tunnels count one step; sizes and occupants ignored).
        """
        return self.dist[hewn_size][a * self.n_spaces + b]

    def within(self, space: int, k: int, hewn_size: int = SMALL) -> tuple[int, ...]:
        """Spaces at most k steps away (the start included), by id."""
        row = self.dist[hewn_size]
        base = space * self.n_spaces
        return tuple(s for s in range(self.n_spaces) if 0 <= row[base + s] <= k)

    def shortest_path(self, a: int, b: int, hewn_size: int = SMALL) -> tuple[int, ...]:
        """One shortest path a..b (both included), lowest ids first; () if none."""
        n = self.n_spaces
        row = self.dist[hewn_size]
        left = row[a * n + b]
        if left < 0:
            return ()
        path = [a]
        cur = a
        while cur != b:
            for nxt in self.steps[hewn_size][cur]:
                if row[nxt * n + b] == left - 1:
                    cur = nxt
                    break
            left -= 1
            path.append(cur)
        return tuple(path)

    def cell_distance(self, a: int, b: int) -> int:
        """Hex distance between two spaces' cells (the Mudgestick's measure)."""
        return hex_distance(self.cell[a], self.cell[b])

    # --- line of sight ----------------------------------------------------------

    def sight(self, space: int, occupancy: Sequence[int]) -> tuple[int, ...]:
        """The spaces whose contents a lone Hewn in ``space`` looks into.

        Each ray stops at the first space holding a Hewn (``occupancy`` counts
        Hewns per space), or at a node, corner or tunnel space. A stopping space
        with one Hewn shows it; with two or more it shows none (the caller reads
        the count).
        """
        out: list[int] = []
        for ray in self.rays[space]:
            for s in ray:
                out.append(s)
                if occupancy[s] > 0:
                    break
        return tuple(out)

    def sees(self, a: int, b: int, occupancy: Sequence[int]) -> bool:
        """Whether the lone Hewn in space a sees the lone Hewn in space b.

        rulebook: "meets another Hewn (he can then see that Hewn but no further)";
        "meets a group of Hewns ... then NONE of the Hewns in that group can be
        "seen!""; a Hewn sharing its space "cannot see out of that space". Rays
        are symmetric, so this is too. Hewns sharing one space are the caller's.
        """
        if a == b or occupancy[a] != 1 or occupancy[b] != 1:
            return False
        for ray in self.rays[a]:
            for s in ray:
                if s == b:
                    return True
                if occupancy[s] > 0:
                    break
        return False


def _bfs(
    n: int, steps: tuple[tuple[int, ...], ...], admitted: list[bool]
) -> tuple[int, ...]:
    """All-pairs step distances over ``steps`` (flat n*n, -1 if unreachable)."""
    dist = [_UNREACHABLE] * (n * n)
    for src in range(n):
        base = src * n
        dist[base + src] = 0
        frontier = [src]
        d = 0
        while frontier:
            d += 1
            nxt: list[int] = []
            for u in frontier:
                for v in steps[u]:
                    if admitted[v] and dist[base + v] < 0:
                        dist[base + v] = d
                        nxt.append(v)
            frontier = nxt
    return tuple(dist)


def _cube_line(
    a: tuple[int, int], b: tuple[int, int], sign: float
) -> list[tuple[int, int]]:
    """Cells the segment between two cell centres passes, nudged by ``sign``*eps.

    Axial q = (col - row) / 2, r = row; the nudge breaks ties on cell edges.
    """
    n = hex_distance(a, b)
    aq = (a[0] - a[1]) / 2.0
    ar = float(a[1])
    bq = (b[0] - b[1]) / 2.0
    br = float(b[1])
    eq = 1e-6 * sign
    er = 2e-6 * sign
    out: list[tuple[int, int]] = []
    for i in range(n + 1):
        t = i / n if n else 0.0
        q = aq + (bq - aq) * t + eq
        r = ar + (br - ar) * t + er
        s = -q - r
        rq = round(q)
        rr = round(r)
        rs = round(s)
        dq = abs(rq - q)
        dr = abs(rr - r)
        ds = abs(rs - s)
        if dq > dr and dq > ds:
            rq = -rr - rs
        elif dr > ds:
            rr = -rq - rs
        out.append((2 * rq + rr, rr))
    return out


def build_board(spec: MapSpec, mudgestick: int = MUDGESTICK) -> Board:
    """Check a map and precompute everything the rules query (`mudgestick`: the
    reach of dig, fly and climb).

    Raises ValueError on a malformed map (ids not 0..n-1, a link between cells that
    do not touch, an asymmetric or repeated link, a bad size).
    """
    n = len(spec.spaces)
    kind = [0] * n
    size = [0] * n
    cell = [(0, 0)] * n
    name = [""] * n
    cell_to_space: dict[tuple[int, int], int] = {}
    seen_ids: set[int] = set()
    for sid, k, z, col, row, nm in spec.spaces:
        if not 0 <= sid < n or sid in seen_ids:
            raise ValueError(f"space ids must be 0..{n - 1} once each: {sid}")
        if (col + row) % 2 != 0:
            raise ValueError(f"space {sid}: col + row must be even")
        if (col, row) in cell_to_space:
            raise ValueError(f"space {sid}: cell {(col, row)} taken")
        if k not in (NODE, RAVINE, TUNNEL) or z not in (SMALL, MEDIUM, BIG):
            raise ValueError(f"space {sid}: bad kind or size")
        seen_ids.add(sid)
        kind[sid] = k
        size[sid] = z
        cell[sid] = (col, row)
        name[sid] = nm
        cell_to_space[(col, row)] = sid

    link_sets: list[set[int]] = [set() for _ in range(n)]
    for a, b in spec.links:
        if a == b or b in link_sets[a]:
            raise ValueError(f"link {a}-{b} repeated or a loop")
        if hex_distance(cell[a], cell[b]) != 1:
            raise ValueError(f"link {a}-{b}: cells do not touch")
        link_sets[a].add(b)
        link_sets[b].add(a)
    links = tuple(tuple(sorted(s)) for s in link_sets)

    mag: list[list[tuple[int, int]]] = [[] for _ in range(n)]
    for a, b, z in spec.magnetic:
        if a == b or z not in (SMALL, MEDIUM, BIG):
            raise ValueError(f"magnetic tunnel {a}-{b}: bad ends or size")
        mag[a].append((b, z))
        mag[b].append((a, z))
    magnetic_at = tuple(tuple(sorted(m)) for m in mag)

    # Movement neighbours per Hewn size (index 0 unused, kept empty).
    steps_by_size: list[tuple[tuple[int, ...], ...]] = [tuple(() for _ in range(n))]
    dist_by_size: list[tuple[int, ...]] = [()]
    for z in (SMALL, MEDIUM, BIG):
        admitted = [size[s] >= z for s in range(n)]
        per: list[tuple[int, ...]] = []
        for s in range(n):
            nb = set(v for v in links[s] if admitted[v])
            nb.update(v for v, tz in magnetic_at[s] if tz >= z and admitted[v])
            per.append(tuple(sorted(nb)))
        steps_z = tuple(per)
        steps_by_size.append(steps_z)
        dist_by_size.append(_bfs(n, steps_z, admitted))

    # Corners and dead ends: ravine spaces by the directions of their links.
    corner = [False] * n
    dead_end = [False] * n
    for s in range(n):
        if kind[s] != RAVINE:
            continue
        if len(links[s]) == 1:
            dead_end[s] = True
        elif len(links[s]) == 2:
            (c0, r0), (c1, r1), (c2, r2) = cell[s], cell[links[s][0]], cell[links[s][1]]
            opposite = (c1 - c0, r1 - r0) == (c0 - c2, r0 - r2)
            corner[s] = not opposite

    entrance_size = [0] * n
    entrance_owner = [COMMON] * n
    for s, z, owner in spec.entrances:
        if entrance_size[s]:
            raise ValueError(f"space {s}: at most one entrance per space")
        entrance_size[s] = z
        entrance_owner[s] = owner
    start_mine = [-1] * n
    for s, bonus in spec.mines:
        if kind[s] == TUNNEL or not 0 <= bonus <= 3:
            raise ValueError(f"mine on {s}: only on node/ravine spaces, bonus 0-3")
        start_mine[s] = bonus

    secret_homes = (
        (),
        *(
            tuple(
                s
                for s in range(n)
                if kind[s] == NODE and size[s] == z and entrance_size[s] == 0
            )
            for z in (SMALL, MEDIUM, BIG)
        ),
    )

    # Sight rays: straight along linked lattice neighbours; a node, corner or
    # tunnel space is seen and ends the ray (rulebook LOS rules 4-6).
    rays: list[tuple[tuple[int, ...], ...]] = []
    for s in range(n):
        per_dir: list[tuple[int, ...]] = []
        for dc, dr in DIRECTIONS:
            ray: list[int] = []
            cur = s
            while True:
                nxt_cell = (cell[cur][0] + dc, cell[cur][1] + dr)
                nxt = cell_to_space.get(nxt_cell, -1)
                if nxt < 0 or nxt not in link_sets[cur]:
                    break
                ray.append(nxt)
                if kind[nxt] != RAVINE or corner[nxt]:
                    break
                cur = nxt
            if ray:
                per_dir.append(tuple(ray))
        rays.append(tuple(per_dir))

    # Mudgestick targets (design: start and end on node/ravine spaces only).
    fly: list[tuple[int, ...]] = []
    dig: list[tuple[int, ...]] = []
    climb: list[tuple[int, ...]] = []
    surface = [kind[s] != TUNNEL for s in range(n)]
    adjacent = [set(links[s]) | {v for v, _ in magnetic_at[s]} for s in range(n)]
    for s in range(n):
        if not surface[s]:
            fly.append(())
            dig.append(())
            climb.append(())
            continue
        reach = [
            t
            for t in range(n)
            if t != s and surface[t] and hex_distance(cell[s], cell[t]) <= mudgestick
        ]
        fly.append(tuple(reach))
        dig.append(tuple(t for t in reach if t not in adjacent[s]))
        clear: list[int] = []
        for t in reach:
            for sign in (1.0, -1.0):
                between = _cube_line(cell[s], cell[t], sign)[1:-1]
                touched = [cell_to_space[c] for c in between if c in cell_to_space]
                if not any(surface[u] for u in touched):
                    clear.append(t)
                    break
        climb.append(tuple(clear))

    return Board(
        spec=spec,
        n_spaces=n,
        kind=tuple(kind),
        size=tuple(size),
        cell=tuple(cell),
        name=tuple(name),
        cell_to_space=MappingProxyType(cell_to_space),
        links=links,
        magnetic_at=magnetic_at,
        steps=tuple(steps_by_size),
        dist=tuple(dist_by_size),
        corner=tuple(corner),
        dead_end=tuple(dead_end),
        entrance_size=tuple(entrance_size),
        entrance_owner=tuple(entrance_owner),
        start_mine=tuple(start_mine),
        secret_homes=secret_homes,
        rays=tuple(rays),
        fly_targets=tuple(fly),
        dig_targets=tuple(dig),
        climb_targets=tuple(climb),
    )


def crater_spec(n_players: int) -> MapSpec:
    """The default map ("the crater", the bundled map file) for 2-4 players as a
    `MapSpec`; a `mapfile.MapError` (a ValueError) for another count."""
    return read_map(DEFAULT_MAP).spec(n_players)


def board_for(
    n_players: int, mudgestick: int = MUDGESTICK, map_text: str | None = None
) -> Board:
    """The board of a map for a player count and Mudgestick, built once and
    cached by the map's content (in a function: no module table a bot could put
    a board in).

    ``map_text`` is the map's canonical content (`mapfile.MapFile.text`, what a
    config keeps); None is the crater.
    """
    return _cached_board(n_players, mudgestick, map_text)


@cache
def _cached_board(n_players: int, mudgestick: int, map_text: str | None) -> Board:
    if map_text is None:
        mapfile = read_map(DEFAULT_MAP)
    else:
        mapfile = map_from_data(json.loads(map_text))
    if map_text is not None and mapfile.text == read_map(DEFAULT_MAP).text:
        return _cached_board(n_players, mudgestick, None)  # one crater board
    return build_board(mapfile.spec(n_players), mudgestick)


def render_map(board: Board, marks: Mapping[int, str] | None = None) -> str:
    """A text map of the lattice for people: one 3-character label per space.

    A label is the id and a kind/size letter (upper case for a node, lower case
    for a ravine, ``t``/``T`` style for a tunnel with ``*``), or the space's mark
    (cut or padded to 3) when ``marks`` has one. ``-``, ``/`` and ``\\`` are
    links; rock is blank. Entrances, magnetic tunnels and mines follow as lines.
    """
    cols = [c for c, _ in board.cell]
    rows = [r for _, r in board.cell]
    c0, r0 = min(cols), min(rows)
    width = 2 * (max(cols) - c0) + 3
    height = 2 * (max(rows) - r0) + 1
    grid = [[" "] * width for _ in range(height)]
    for s in range(board.n_spaces):
        col, row = board.cell[s]
        x, y = 2 * (col - c0), 2 * (row - r0)
        letter = SIZE_LETTERS[board.size[s]]
        if board.kind[s] == RAVINE:
            letter = letter.lower()
        elif board.kind[s] == TUNNEL:
            letter = "*"
        label = f"{s:02d}{letter}"
        if marks is not None and s in marks:
            label = f"{marks[s][:3]:<3}"
        for i, ch in enumerate(label):
            grid[y][x + i] = ch
        for t in board.links[s]:
            tc, tr = board.cell[t]
            if tr < row or (tr == row and tc < col):
                continue  # drawn from the other end
            if tr == row:
                grid[y][x + 3] = "-"
            elif tc > col:
                grid[y + 1][x + 2] = "\\"
            else:
                grid[y + 1][x] = "/"
    lines = ["".join(r).rstrip() for r in grid]
    spec = board.spec
    if spec.entrances:
        lines.append(
            "entrances: "
            + " ".join(
                f"{s:02d}:{SIZE_LETTERS[z]}" + ("" if o == COMMON else f"(p{o})")
                for s, z, o in spec.entrances
            )
        )
    if spec.magnetic:
        lines.append(
            "magnetic: "
            + " ".join(
                f"{a:02d}~{b:02d}:{SIZE_LETTERS[z]}" for a, b, z in spec.magnetic
            )
        )
    if spec.mines:
        lines.append(
            "mines: "
            + " ".join(f"{s:02d}" + (f"+{b}" if b else "") for s, b in spec.mines)
        )
    return "\n".join(lines)
