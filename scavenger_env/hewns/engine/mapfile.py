"""Hewns maps as JSON files: reading, checking and building a `MapSpec` per
player count.

The rulebook's map-building booklet is missing, so every map is designed. A map
file names its nodes (one lattice cell each), its ravines (walks of lattice
steps from a node to a node or to a dead end), printed tunnels, extra links,
common entrances, magnetic tunnels, starting mines and the entrance pieces, and
says from how many players each element is on the board. Space ids are derived
(the docs' map page has the format and the rules): a map's ids for N players are
its ids for fewer players plus new ones, so a space keeps its id across counts.

Every mistake raises `MapError` naming the file, the element and the fix. A
checked map is cached by its content, so configs and boards that name the same
map share one `MapFile`.

The bundled maps live in the package ``scavenger_env.hewns.maps``; `read_map`
takes a bundled name or a path.
"""

from __future__ import annotations

import itertools
import json
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass
from functools import lru_cache
from importlib import resources
from pathlib import Path
from typing import Any, Final

from scavenger_env.core.errors import ConfigError

from .data import HEWN_TYPES, PLAYER_COUNTS
from .maps import (
    COMMON,
    KIND_NAMES,
    MAX_MAP_SPACES,
    NODE,
    RAVINE,
    SIZE_LETTERS,
    STEP_NAMES,
    TUNNEL,
    MapSpec,
    hex_distance,
)

__all__ = [
    "DEFAULT_MAP",
    "FORMAT",
    "MapError",
    "MapFile",
    "bundled_maps",
    "canonical_text",
    "map_advice",
    "map_from_data",
    "read_map",
]


class MapError(ConfigError):
    """A map file the board cannot be built from; the message names the file,
    the element and what to do."""


FORMAT: Final = 1
"""The map format this engine reads (a file's ``"format"``)."""

DEFAULT_MAP: Final = "crater"
"""The bundled map a config uses unless told otherwise."""

MAPS_PACKAGE: Final = "scavenger_env.hewns.maps"
"""Where the bundled map files are (package data)."""

BONUS_RANGE: Final = (0, 3)
"""A starting mine's bonus: 0 (normal) to +3."""

_SIZES: Final = {"S": 1, "M": 2, "B": 3}

_TOP_KEYS: Final = {
    "format": True,
    "name": True,
    "players": True,
    "entrance_pieces": True,
    "nodes": True,
    "ravines": True,
    "description": False,
    "note": False,
    "tunnels": False,
    "links": False,
    "entrances": False,
    "magnetic": False,
    "mines": False,
}
"""Top-level keys: True when required."""

_COMMON_KEYS: Final = {"from_players": False, "note": False}
_ELEMENT_KEYS: Final = {
    "nodes": {"name": True, "cell": True, "size": True},
    "ravines": {"name": True, "size": True, "from": True, "steps": True, "to": False},
    "tunnels": {"name": True, "size": True, "from": True, "steps": True, "to": False},
    "links": {"between": True},
    "entrances": {"space": True, "size": True},
    "magnetic": {"ends": True, "size": True},
    "mines": {"space": True, "bonus": True},
}
"""The keys of each list's elements (True: required), besides `_COMMON_KEYS`."""

# --- errors ---------------------------------------------------------------------


class _Problem(Exception):
    """A mistake found while checking, before the file's name is known."""


def _fail(where: str, what: str, fix: str) -> _Problem:
    return _Problem(f"{where}: {what}; {fix}")


def _type_name(value: object) -> str:
    return "null" if value is None else type(value).__name__


# --- reading --------------------------------------------------------------------


@lru_cache(maxsize=1)
def bundled_maps() -> tuple[str, ...]:
    """The names of the maps that come with the package, sorted."""
    folder = resources.files(MAPS_PACKAGE)
    return tuple(
        sorted(
            entry.name[: -len(".json")]
            for entry in folder.iterdir()
            if entry.name.endswith(".json")
        )
    )


def _bundled_text(name: str) -> str:
    return resources.files(MAPS_PACKAGE).joinpath(f"{name}.json").read_text("utf-8")


def _no_duplicate_keys(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for key, value in pairs:
        if key in out:
            raise _Problem(
                f"the key {key!r} is given twice in one object; keep one of them"
            )
        out[key] = value
    return out


def _parse_json(text: str, source: str) -> Any:
    try:
        return json.loads(text, object_pairs_hook=_no_duplicate_keys)
    except json.JSONDecodeError as err:
        raise MapError(
            f"{source}: not valid JSON at line {err.lineno}, column {err.colno}: "
            f"{err.msg}; fix the file (a map is one JSON object, see the docs' "
            "map page)"
        ) from None
    except _Problem as err:
        raise MapError(f"{source}: {err}") from None


def canonical_text(data: Any) -> str:
    """A map's content as one canonical JSON text (sorted keys, no spaces): the
    key a map is cached and compared by, and what a record keeps."""
    return json.dumps(data, sort_keys=True, separators=(",", ":"), ensure_ascii=False)


def _unknown_map(name: str) -> MapError:
    return MapError(
        f"no map {name!r}: name a bundled map ("
        + ", ".join(repr(m) for m in bundled_maps())
        + ") or the path of a map file (a .json file that exists)"
    )


def read_map(name_or_path: str) -> MapFile:
    """The checked map of a bundled name ("crater") or a file path.

    Raises:
        MapError: no such bundled map or file (the message lists the bundled
            maps), or a file with a mistake.
    """
    if not isinstance(name_or_path, str) or not name_or_path:
        raise MapError(
            f"a map is a bundled name or a file path, not {name_or_path!r}; the "
            "bundled maps are " + ", ".join(repr(m) for m in bundled_maps())
        )
    if name_or_path in bundled_maps():
        return _bundled_map(name_or_path)
    path = Path(name_or_path)
    if not path.is_file():
        raise _unknown_map(name_or_path)
    try:
        text = path.read_text("utf-8")
    except (OSError, UnicodeDecodeError) as err:
        raise MapError(
            f"{name_or_path}: cannot be read ({err}); give a readable UTF-8 JSON file"
        ) from None
    return map_from_data(_parse_json(text, name_or_path), name_or_path)


@lru_cache(maxsize=16)
def _bundled_map(name: str) -> MapFile:
    source = f"the bundled map {name!r}"
    return map_from_data(_parse_json(_bundled_text(name), source), source)


def map_from_data(data: Any, source: str = "the map") -> MapFile:
    """The checked map of parsed JSON content (a record's inline copy, say);
    ``source`` names it in messages."""
    try:
        return _checked(canonical_text(data))
    except _Problem as err:
        raise MapError(f"{source}: {err}") from None
    except (TypeError, ValueError) as err:  # not JSON data at all
        raise MapError(f"{source}: not JSON data ({err})") from None


# --- the checked map ------------------------------------------------------------


@dataclass(frozen=True)
class _Walk:
    """A ravine or tunnel after checking: its spaces' names and cells."""

    kind: int
    name: str
    size: int
    start: str
    end: str | None
    cells: tuple[tuple[int, int], ...]
    from_players: int


@dataclass(frozen=True)
class MapFile:
    """A checked map: its name, description, player counts, canonical content
    and one `MapSpec` per player count."""

    name: str
    description: str
    players: tuple[int, ...]
    text: str
    specs: tuple[tuple[int, MapSpec], ...]

    def spec(self, n_players: int) -> MapSpec:
        """The map for a player count; MapError when the map has none."""
        for n, spec in self.specs:
            if n == n_players:
                return spec
        raise MapError(
            f"the map {self.name!r} is for "
            + ", ".join(str(n) for n in self.players)
            + f" players, not {n_players}; choose one of those counts or another "
            "map"
        )


@lru_cache(maxsize=64)
def _checked(text: str) -> MapFile:
    """Check a map's canonical text (cached: a map is checked once)."""
    data = json.loads(text)
    return _Checker(data).run(text)


def _check_keys(obj: Any, where: str, allowed: Mapping[str, bool]) -> None:
    if not isinstance(obj, dict):
        raise _fail(where, f"is a {_type_name(obj)}", "write a JSON object {...}")
    unknown = sorted(set(obj) - set(allowed))
    if unknown:
        raise _fail(
            where,
            f"unknown key(s) {', '.join(repr(k) for k in unknown)}",
            "the keys allowed are " + ", ".join(repr(k) for k in allowed),
        )
    missing = [k for k, required in allowed.items() if required and k not in obj]
    if missing:
        raise _fail(
            where,
            f"missing key(s) {', '.join(repr(k) for k in missing)}",
            "add them (the docs' map page explains each key)",
        )


def _int(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


class _Checker:
    """One pass over a parsed map: raises `_Problem` at the first mistake."""

    def __init__(self, data: Any) -> None:
        self.data = data
        self.cells: dict[str, tuple[int, int]] = {}
        self.kinds: dict[str, int] = {}
        self.sizes: dict[str, int] = {}
        self.since: dict[str, int] = {}
        self.at_cell: dict[tuple[int, int], str] = {}

    # -- small readers -------------------------------------------------------

    def size(self, value: Any, where: str) -> int:
        if not isinstance(value, str) or value not in _SIZES:
            raise _fail(where, f"size {value!r} is not a size", 'use "S", "M" or "B"')
        return _SIZES[value]

    def from_players(self, element: Mapping[str, Any], where: str) -> int:
        value = element.get("from_players", self.players[0])
        if not _int(value) or value not in self.players:
            raise _fail(
                where,
                f"from_players={value!r} is not one of the map's player counts",
                "use one of " + ", ".join(str(n) for n in self.players),
            )
        return int(value)

    def text(self, element: Mapping[str, Any], key: str, where: str) -> str:
        value = element.get(key, "")
        if not isinstance(value, str):
            raise _fail(where, f"{key} is a {_type_name(value)}", "write a string")
        return value

    def space(self, value: Any, where: str, since: int) -> str:
        """A reference to a space by name, present from ``since`` players."""
        if not isinstance(value, str) or value not in self.cells:
            raise _fail(
                where,
                f"no space named {value!r}",
                "name a node, or a ravine or tunnel space as NAME.K (K = 1 for the "
                "space next to its start)",
            )
        if self.since[value] > since:
            raise _fail(
                where,
                f"space {value!r} is on the board only from {self.since[value]} "
                f"players, but this is from {since}",
                f'give it "from_players": {self.since[value]} or more',
            )
        return value

    def items(self, key: str) -> Iterator[tuple[str, dict[str, Any], int]]:
        """(where, element, from_players) of a list, its keys checked."""
        items = self.data.get(key, [])
        if not isinstance(items, list):
            raise _fail(key, f"is a {_type_name(items)}", "write a JSON list [...]")
        allowed = {**_ELEMENT_KEYS[key], **_COMMON_KEYS}
        for i, element in enumerate(items):
            where = f"{key}[{i}]"
            if isinstance(element, dict) and isinstance(element.get("name"), str):
                where += f" ({element['name']!r})"
            _check_keys(element, where, allowed)
            self.text(element, "note", where)
            yield where, element, self.from_players(element, where)

    def add_space(
        self,
        name: str,
        kind: int,
        size: int,
        cell: tuple[int, int],
        since: int,
        where: str,
    ) -> None:
        if name in self.cells:
            raise _fail(
                where, f"the name {name!r} is taken", "give each space its own name"
            )
        if cell in self.at_cell:
            raise _fail(
                where,
                f"space {name!r} is on cell {list(cell)}, where {self.at_cell[cell]!r} is",
                "move one of them (each cell holds one space)",
            )
        self.cells[name] = cell
        self.kinds[name] = kind
        self.sizes[name] = size
        self.since[name] = since
        self.at_cell[cell] = name

    # -- the parts ---------------------------------------------------------------

    def run(self, text: str) -> MapFile:
        _check_keys(self.data, "the map", _TOP_KEYS)
        fmt = self.data["format"]
        if not _int(fmt) or fmt != FORMAT:
            raise _fail(
                "format", f"{fmt!r} is not a format this engine reads", f"use {FORMAT}"
            )
        name = self.data["name"]
        if not isinstance(name, str) or not name.strip():
            raise _fail("name", f"{name!r} is not a name", "give the map a short name")
        for key in ("description", "note"):
            self.text(self.data, key, key)
        self.read_players()
        self.read_pieces()
        nodes = self.read_nodes()
        walks = self.read_walks("ravines", RAVINE) + self.read_walks("tunnels", TUNNEL)
        links = self.read_links()
        entrances = self.read_entrances()
        magnetic = self.read_magnetic()
        mines = self.read_mines()
        specs = tuple(
            (n, self.spec_for(n, nodes, walks, links, entrances, magnetic, mines))
            for n in self.players
        )
        description = self.data.get("description", "")
        return MapFile(name, description, self.players, text, specs)

    def read_players(self) -> None:
        players = self.data["players"]
        ok = (
            isinstance(players, list)
            and players
            and all(_int(n) and n in PLAYER_COUNTS for n in players)
            and len(set(players)) == len(players)
        )
        if not ok:
            raise _fail(
                "players",
                f"{players!r} is not a list of player counts",
                "list the counts the map is for, each once, from "
                + ", ".join(str(n) for n in PLAYER_COUNTS)
                + " (e.g. [2, 3, 4])",
            )
        self.players: tuple[int, ...] = tuple(sorted(players))

    def read_pieces(self) -> None:
        pieces = self.data["entrance_pieces"]
        _check_keys(
            pieces, "entrance_pieces", {"S": True, "M": True, "B": True, "note": False}
        )
        self.text(pieces, "note", "entrance_pieces")
        for letter in "SMB":
            count = pieces[letter]
            if not _int(count) or count < 0:
                raise _fail(
                    f"entrance_pieces.{letter}",
                    f"{count!r} is not a count",
                    "give the number of entrance pieces of that size (0 or more)",
                )
        self.pieces = (pieces["S"], pieces["M"], pieces["B"])

    def read_nodes(self) -> list[tuple[str, int]]:
        out: list[tuple[str, int]] = []
        for where, node, since in self.items("nodes"):
            name = node["name"]
            if not isinstance(name, str) or not name or "." in name:
                raise _fail(
                    where,
                    f"name {name!r} is not a node name",
                    "give a non-empty string without '.' (the dot names ravine spaces)",
                )
            cell = node["cell"]
            if not (isinstance(cell, list) and len(cell) == 2 and all(map(_int, cell))):
                raise _fail(where, f"cell {cell!r} is not a cell", "write [col, row]")
            if (cell[0] + cell[1]) % 2:
                raise _fail(
                    where,
                    f"cell {cell} is not on the lattice (col + row is odd)",
                    "move it one column left or right (cells have col + row even)",
                )
            size = self.size(node["size"], where)
            self.add_space(name, NODE, size, (cell[0], cell[1]), since, where)
            out.append((name, since))
        if not out:
            raise _fail("nodes", "the map has no node", "add at least one node")
        return out

    def read_walks(self, key: str, kind: int) -> list[_Walk]:
        out: list[_Walk] = []
        for where, walk, since in self.items(key):
            name = walk["name"]
            if not isinstance(name, str) or not name or "." in name:
                raise _fail(
                    where,
                    f"name {name!r} is not a {KIND_NAMES[kind]} name",
                    "give a non-empty string without '.'",
                )
            size = self.size(walk["size"], where)
            start = walk["from"]
            if not isinstance(start, str) or self.kinds.get(start) != NODE:
                raise _fail(
                    where, f"from={start!r} is not a node", "start at a node's name"
                )
            self.space(start, where, since)
            end = walk.get("to")
            if end is not None:
                if not isinstance(end, str) or self.kinds.get(end) != NODE:
                    raise _fail(
                        where,
                        f"to={end!r} is not a node",
                        "end at a node's name, or leave out 'to' for a dead end",
                    )
                self.space(end, where, since)
            steps = walk["steps"]
            if not isinstance(steps, list) or any(s not in STEP_NAMES for s in steps):
                raise _fail(
                    where,
                    f"steps {steps!r} are not lattice steps",
                    "list steps among " + ", ".join(repr(s) for s in STEP_NAMES),
                )
            n_spaces = len(steps) - (1 if end is not None else 0)
            if n_spaces < 1:
                raise _fail(
                    where,
                    f"the walk makes no {KIND_NAMES[kind]} space",
                    "give one step per space (and one more onto the 'to' node); "
                    "link two touching nodes with 'links' instead",
                )
            cells = self.walk_cells(start, end, steps, where)
            for i, cell in enumerate(cells):
                self.add_space(f"{name}.{i + 1}", kind, size, cell, since, where)
            out.append(_Walk(kind, name, size, start, end, cells, since))
        return out

    def walk_cells(
        self, start: str, end: str | None, steps: Sequence[str], where: str
    ) -> tuple[tuple[int, int], ...]:
        """The cells a walk's steps make from its start node; with an end node,
        the last step must land on it (and makes no space)."""
        col, row = self.cells[start]
        cells: list[tuple[int, int]] = []
        for step in steps:
            dc, dr = STEP_NAMES[step]
            col, row = col + dc, row + dr
            cells.append((col, row))
        if end is not None:
            landed = cells.pop()
            if landed != self.cells[end]:
                raise _fail(
                    where,
                    f"the last step lands on {list(landed)}, not on node {end!r} at "
                    f"{list(self.cells[end])}",
                    "change the steps so that the walk ends on the node",
                )
        return tuple(cells)

    def pair(self, value: Any, where: str, key: str, since: int) -> tuple[str, str]:
        if not isinstance(value, list) or len(value) != 2:
            raise _fail(
                where, f"{key} {value!r} is not two spaces", f'write "{key}": [A, B]'
            )
        a, b = (self.space(v, where, since) for v in value)
        if a == b:
            raise _fail(where, f"both {key} are {a!r}", "join two different spaces")
        return a, b

    def read_links(self) -> list[tuple[str, str, int]]:
        out: list[tuple[str, str, int]] = []
        for where, link, since in self.items("links"):
            a, b = self.pair(link["between"], where, "between", since)
            if hex_distance(self.cells[a], self.cells[b]) != 1:
                raise _fail(
                    where,
                    f"cells {list(self.cells[a])} and {list(self.cells[b])} do not touch",
                    "link only spaces on neighbouring cells (or use a ravine or a "
                    "magnetic tunnel)",
                )
            out.append((a, b, since))
        return out

    def read_entrances(self) -> list[tuple[str, int, int]]:
        out: list[tuple[str, int, int]] = []
        for where, entrance, since in self.items("entrances"):
            space = self.space(entrance["space"], where, since)
            size = self.size(entrance["size"], where)
            if size > self.sizes[space]:
                raise _fail(
                    where,
                    f"a {SIZE_LETTERS[size]} entrance on {space!r}, a "
                    f"{SIZE_LETTERS[self.sizes[space]]} space",
                    "make the entrance no bigger than its space",
                )
            out.append((space, size, since))
        return out

    def read_magnetic(self) -> list[tuple[str, str, int, int]]:
        out: list[tuple[str, str, int, int]] = []
        for where, tunnel, since in self.items("magnetic"):
            a, b = self.pair(tunnel["ends"], where, "ends", since)
            size = self.size(tunnel["size"], where)
            for end in (a, b):
                if size > self.sizes[end]:
                    raise _fail(
                        where,
                        f"a {SIZE_LETTERS[size]} tunnel ends on {end!r}, a "
                        f"{SIZE_LETTERS[self.sizes[end]]} space",
                        "make the tunnel no bigger than its ends",
                    )
            out.append((a, b, size, since))
        return out

    def read_mines(self) -> list[tuple[str, int, int]]:
        out: list[tuple[str, int, int]] = []
        low, high = BONUS_RANGE
        for where, mine, since in self.items("mines"):
            space = self.space(mine["space"], where, since)
            if self.kinds[space] == TUNNEL:
                raise _fail(
                    where,
                    f"{space!r} is a tunnel space",
                    "put mines on node or ravine spaces only",
                )
            bonus = mine["bonus"]
            if not _int(bonus) or not low <= bonus <= high:
                raise _fail(
                    where,
                    f"bonus {bonus!r} is not a mine's bonus",
                    f"use {low} (normal) to {high}",
                )
            out.append((space, bonus, since))
        return out

    # -- one player count ----------------------------------------------------------

    def spec_for(
        self,
        n: int,
        nodes: Sequence[tuple[str, int]],
        walks: Sequence[_Walk],
        links: Sequence[tuple[str, str, int]],
        entrances: Sequence[tuple[str, int, int]],
        magnetic: Sequence[tuple[str, str, int, int]],
        mines: Sequence[tuple[str, int, int]],
    ) -> MapSpec:
        """The `MapSpec` for ``n`` players: ids by player count, nodes first,
        then ravine and tunnel spaces, in file order (so ids grow with the
        count and never move)."""
        where = f"for {n} players"
        order: list[str] = []
        pairs: list[tuple[str, str]] = []
        for count in (c for c in self.players if c <= n):
            order += [name for name, since in nodes if since == count]
            for walk in (w for w in walks if w.from_players == count):
                names = [f"{walk.name}.{i + 1}" for i in range(len(walk.cells))]
                order += names
                chain = [walk.start, *names] + ([walk.end] if walk.end else [])
                pairs += list(itertools.pairwise(chain))
        pairs += [(a, b) for a, b, since in links if since <= n]
        if len(order) > MAX_MAP_SPACES:
            raise _fail(
                where,
                f"the map has {len(order)} spaces",
                f"the action space holds {MAX_MAP_SPACES} map spaces: remove "
                f"{len(order) - MAX_MAP_SPACES}",
            )
        ids = {name: i for i, name in enumerate(order)}
        seen: set[frozenset[str]] = set()
        for a, b in pairs:
            if frozenset((a, b)) in seen:
                raise _fail(
                    where,
                    f"{a!r} and {b!r} are linked twice",
                    "remove one of the links",
                )
            seen.add(frozenset((a, b)))
        spaces = tuple(
            (ids[s], self.kinds[s], self.sizes[s], *self.cells[s], s) for s in order
        )
        entrance_rows: list[tuple[int, int, int]] = []
        used = [0, 0, 0]
        for space, size, since in entrances:
            if since > n:
                continue
            if any(row[0] == ids[space] for row in entrance_rows):
                raise _fail(
                    where,
                    f"two entrances on {space!r}",
                    "put at most one entrance on a space",
                )
            entrance_rows.append((ids[space], size, COMMON))
            used[size - 1] += 1
        stock = tuple(p - u for p, u in zip(self.pieces, used))
        for letter, left in zip("SMB", stock):
            if left < 0:
                raise _fail(
                    where,
                    f"the common entrances use more {letter} entrance pieces than "
                    f"entrance_pieces gives",
                    f"raise entrance_pieces.{letter} or remove an entrance",
                )
        mine_rows: list[tuple[int, int]] = []
        for space, bonus, since in mines:
            if since > n:
                continue
            if any(row[0] == ids[space] for row in mine_rows):
                raise _fail(where, f"two mines on {space!r}", "keep one mine a space")
            mine_rows.append((ids[space], bonus))
        spec = MapSpec(
            spaces=spaces,
            links=tuple((ids[a], ids[b]) for a, b in pairs),
            magnetic=tuple(
                (ids[a], ids[b], z) for a, b, z, since in magnetic if since <= n
            ),
            entrances=tuple(entrance_rows),
            mines=tuple(mine_rows),
            entrance_stock=(stock[0], stock[1], stock[2]),
        )
        self.check_graph(spec, where)
        return spec

    def check_graph(self, spec: MapSpec, where: str) -> None:
        """Connected for small Hewns, and a common entrance for every size of
        Hewn."""
        names = [row[5] for row in spec.spaces]
        reach = _reachable(spec, 1, [0])
        if len(reach) < len(names):
            lost = [names[s] for s in range(len(names)) if s not in reach]
            raise _fail(
                where,
                "the map is not connected: from "
                f"{names[0]!r} a small Hewn cannot reach "
                + ", ".join(repr(s) for s in lost[:6])
                + (" ..." if len(lost) > 6 else ""),
                "link them with a ravine, a link or a magnetic tunnel",
            )
        sizes = [row[2] for row in spec.spaces]
        for z in sorted({int(h.size) for h in HEWN_TYPES}):
            if not any(ez >= z and sizes[s] >= z for s, ez, _ in spec.entrances):
                raise _fail(
                    where,
                    f"no common entrance lets a {SIZE_LETTERS[z]} Hewn in",
                    f"add an entrance of size {SIZE_LETTERS[z]} or bigger on a space "
                    "that big",
                )


def _adjacency(spec: MapSpec, hewn_size: int) -> list[list[int]]:
    """Movement neighbours for a Hewn size (links and magnetic tunnels)."""
    n = len(spec.spaces)
    size = [row[2] for row in spec.spaces]
    adj: list[list[int]] = [[] for _ in range(n)]
    edges = [(a, b, 3) for a, b in spec.links] + list(spec.magnetic)
    for a, b, z in edges:
        if z >= hewn_size and size[a] >= hewn_size and size[b] >= hewn_size:
            adj[a].append(b)
            adj[b].append(a)
    return adj


def _reachable(spec: MapSpec, hewn_size: int, starts: Sequence[int]) -> set[int]:
    adj = _adjacency(spec, hewn_size)
    seen = set(starts)
    todo = list(starts)
    while todo:
        for v in adj[todo.pop()]:
            if v not in seen:
                seen.add(v)
                todo.append(v)
    return seen


# --- a designer's checks (advice, not errors) -------------------------------------


def map_advice(spec: MapSpec) -> list[str]:
    """What a playable map usually has and this one lacks, in sentences: the
    spaces a Hewn size may enter joined for that size (links and tunnels),
    a starting mine within 2 spaces of each common entrance, a secret-entrance
    home (a node without entrance) and an entrance piece for each size, and a
    magnetic tunnel. The bundled maps have none of these findings."""
    out: list[str] = []
    names = [row[5] for row in spec.spaces]
    sizes = [row[2] for row in spec.spaces]
    kinds = [row[1] for row in spec.spaces]
    for z in sorted({int(h.size) for h in HEWN_TYPES}):
        admitted = [s for s in range(len(names)) if sizes[s] >= z]
        reach = _reachable(spec, z, admitted[:1])
        lost = [names[s] for s in admitted if s not in reach]
        if lost:
            out.append(
                f"the {SIZE_LETTERS[z]} network falls apart: {SIZE_LETTERS[z]} Hewns "
                f"cannot walk from {names[admitted[0]]!r} to "
                + ", ".join(repr(s) for s in lost[:6])
                + (" ..." if len(lost) > 6 else "")
            )
    mined = [s for s, _ in spec.mines]
    near = _reachable_within(spec, 2)
    for s, _, _ in spec.entrances:
        if not any(m in near[s] for m in mined):
            out.append(f"no starting mine within 2 spaces of the entrance {names[s]!r}")
    entered = {s for s, _, _ in spec.entrances}
    for z, stock in zip((1, 2, 3), spec.entrance_stock):
        homes = [
            s
            for s in range(len(names))
            if kinds[s] == NODE and sizes[s] == z and s not in entered
        ]
        if not homes:
            out.append(
                f"no {SIZE_LETTERS[z]} node without entrance: no secret-entrance home"
            )
        if stock == 0:
            out.append(
                f"no {SIZE_LETTERS[z]} entrance piece left for a secret entrance"
            )
    if not spec.magnetic:
        out.append("no magnetic tunnel")
    return out


def _reachable_within(spec: MapSpec, k: int) -> list[set[int]]:
    adj = _adjacency(spec, 1)
    out: list[set[int]] = []
    for s in range(len(spec.spaces)):
        seen = {s}
        frontier = [s]
        for _ in range(k):
            frontier = [v for u in frontier for v in adj[u] if v not in seen]
            seen.update(frontier)
        out.append(seen)
    return out
