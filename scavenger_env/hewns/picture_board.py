"""The Hewns crater drawn from its map data, for `picture`.

Everything is placed from the `Board` (each space's lattice cell, size, kind,
links, entrances, magnetic tunnels) and from the state (mines, danger tokens,
dug tunnels, secret entrances, Hewns), so a new map or piece is drawn without a
line here, and the marks shrink with a map's spacing. Each space and each Hewn
carries a `data-ref` (`space-<location>`, `hewn-<id>`) and a tooltip; a dug
tunnel is drawn as the space it is (`space-<location>`, past the map's ids).
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Final

from scavenger_env.core.picture import NEUTRAL_COLOUR, SEAT_COLOURS, Svg

from .engine import tunnels
from .engine.board import COMMON, KIND_NAMES, SIZE_LETTERS, Board
from .engine.data import SIZE_NAMES, Token
from .engine.describe import hewn_label, tunnel_label
from .engine.entrances import SECRET
from .engine.state import NEUTRAL, NONE, NUM_HEWNS, State

__all__ = [
    "CENTRED",
    "MAP_WIDTH",
    "Layout",
    "draw_hewn",
    "draw_legend",
    "draw_map",
    "ink_on",
    "layout",
    "seat_colour",
    "seat_ink",
]

MAP_WIDTH: Final = 760
"""The map column's width in pixels (the crater is scaled to fit it)."""
_MAP_HEIGHT: Final = 620
"""The most height the crater may take."""
_PAD: Final = 42
"""Room around the outermost spaces (their entrances are drawn outside)."""
_MAX_STEP: Final = 34.0
"""Half the distance of two lattice neighbours at most (a small map is not
blown up)."""
_SQRT3: Final = math.sqrt(3.0)

CENTRED: Final[dict[str, Any]] = {"text_anchor": "middle", "pointer_events": "none"}
"""Text centred on its x that lets clicks through to the shape under it."""
_EDGE: Final[dict[str, Any]] = {"stroke": "#1b1b1b", "stroke_width": 0.8}
_DAMAGED: Final[dict[str, Any]] = {
    "stroke": "#5a0010",
    "stroke_width": 2.2,
    "stroke_dasharray": "3,2",
}
_ACTED: Final[dict[str, Any]] = {
    "fill": "#1b1b1b",
    "stroke": "#ffffff",
    "stroke_width": 0.8,
}
_KIND_FILL: Final = ("#efe1bd", "#d5dfe6", "#b39a85")  # node, ravine, tunnel
_KIND_STROKE: Final = ("#8c7650", "#7b8c99", "#6b5444")
_SPACE_RADIUS: Final = (0.0, 0.24, 0.3, 0.37)  # by size, of the neighbour distance
_LINK: Final = "#b5aa96"
_MAGNETIC: Final = "#4f5fb8"
_DUG: Final = "#7a5136"
_TOKENS: Final = {  # letter, fill, shape, words
    Token.LAVA: ("L", "#e8590c", "triangle", "lava"),
    Token.SNEDJ: ("S", "#7b3fa0", "circle", "a Snedj nest"),
    Token.PLANET_ATTACK: ("P", "#1f3a68", "square", "a planet attack"),
}
_HEWN_ANGLES: Final = (90.0, 30.0, 150.0, 0.0, 180.0, 60.0, 120.0, 330.0, 210.0)
"""Where the Hewns in one space stand around its centre, in order (degrees,
clockwise from east: the first below the id)."""

Point = tuple[float, float]


def seat_colour(seat: int) -> str:
    """A seat's colour; NEUTRAL_COLOUR for no seat (a stunned Hewn)."""
    return SEAT_COLOURS[seat] if 0 <= seat < len(SEAT_COLOURS) else NEUTRAL_COLOUR


def seat_ink(seat: int) -> str:
    """A seat's colour darkened for text on the light background."""
    colour = seat_colour(seat)
    r, g, b = (int(int(colour[i : i + 2], 16) * 0.72) for i in (1, 3, 5))
    return f"#{r:02x}{g:02x}{b:02x}"


def ink_on(fill: str) -> str:
    """Dark or white text, whichever reads better on `fill` ("#rrggbb")."""
    r, g, b = (int(fill[i : i + 2], 16) / 255 for i in (1, 3, 5))
    return "#1b1b1b" if 0.299 * r + 0.587 * g + 0.114 * b > 0.6 else "#ffffff"


@dataclass(frozen=True)
class Layout:
    """Where the lattice lies on the picture: cell (col, row) is at
    (`x0` + col * `dx`, `y0` + row * `dy`); `step` is the distance of two
    linked spaces; `bottom` the y below the map."""

    x0: float
    y0: float
    dx: float
    dy: float
    step: float
    bottom: float

    def at(self, cell: tuple[int, int]) -> Point:
        return self.x0 + cell[0] * self.dx, self.y0 + cell[1] * self.dy

    def radius(self, size: int) -> float:
        return _SPACE_RADIUS[size] * self.step

    @property
    def hewn_radius(self) -> float:
        return min(9.0, max(6.5, 0.17 * self.step))

    @property
    def mark(self) -> float:
        """The half-size of a mine or token mark."""
        return min(7.5, max(5.5, 0.15 * self.step))


def layout(board: Board, left: float, top: float) -> Layout:
    """The scale that fits the board's cells into `MAP_WIDTH` from (`left`,
    `top`), centred."""
    cols = [c for c, _ in board.cell]
    rows = [r for _, r in board.cell]
    span_c = max(1, max(cols) - min(cols))
    span_r = max(1, max(rows) - min(rows))
    dx = min(
        (MAP_WIDTH - 2 * _PAD) / span_c,
        (_MAP_HEIGHT - 2 * _PAD) / (span_r * _SQRT3),
        _MAX_STEP,
    )
    dy = dx * _SQRT3
    x0 = left + (MAP_WIDTH - span_c * dx) / 2 - min(cols) * dx
    y0 = top + _PAD - min(rows) * dy
    return Layout(x0, y0, dx, dy, 2 * dx, top + span_r * dy + 2 * _PAD)


# --- the map ----------------------------------------------------------------------


def draw_map(svg: Svg, s: State, lay: Layout, tips: Mapping[int, str]) -> None:
    """The crater of `s`: links, magnetic and dug tunnels, the spaces with
    their entrances, mines and danger tokens, and the Hewns on them (`tips`:
    each Hewn's tooltip)."""
    board = s.board
    at = [lay.at(c) for c in board.cell]
    for a in range(board.n_spaces):
        for b in board.links[a]:
            if a < b:
                svg.line(*at[a], *at[b], stroke=_LINK, stroke_width=4)
    for a, b, z in board.spec.magnetic:
        _magnetic(svg, at[a], at[b], z, at)
    places: dict[int, tuple[float, float, float]] = {}  # loc: x, y, Hewns' ring
    for p in tunnels.dug(s):
        places[tunnels.tunnel_loc(p)] = _dug_tunnel(svg, s, lay, p, at)
    xs = [x for x, _ in at]
    ys = [y for _, y in at]
    centre = ((min(xs) + max(xs)) / 2, (min(ys) + max(ys)) / 2)
    for x in range(board.n_spaces):
        r = lay.radius(board.size[x])
        places[x] = (*at[x], max(r * 0.9, lay.hewn_radius + 4))
        _space(svg, s, lay, x, centre)
    _hewns_on_board(svg, s, lay, places, tips)


def _magnetic(svg: Svg, a: Point, b: Point, size: int, spaces: Sequence[Point]) -> None:
    """A magnetic tunnel: a dashed curve under the crater (a straight line
    would run along the links it passes under), its size letter where it hides
    no space."""
    (ax, ay), (bx, by) = a, b
    length = math.hypot(bx - ax, by - ay) or 1.0
    bend = 0.22 * length
    cx = (ax + bx) / 2 + (by - ay) / length * bend
    cy = (ay + by) / 2 - (bx - ax) / length * bend
    steps = max(4, int(length / 22))
    points = [
        (
            (1 - u) ** 2 * ax + 2 * (1 - u) * u * cx + u**2 * bx,
            (1 - u) ** 2 * ay + 2 * (1 - u) * u * cy + u**2 * by,
        )
        for u in (i / steps for i in range(steps + 1))
    ]
    for (x0, y0), (x1, y1) in itertools.pairwise(points):
        svg.line(
            x0,
            y0,
            x1,
            y1,
            stroke=_MAGNETIC,
            stroke_width=1 + size * 0.6,
            stroke_dasharray="5,3",
        )

    def room(p: Point) -> float:
        return min(math.hypot(p[0] - x, p[1] - y) for x, y in spaces)

    mx, my = max(points[steps // 3 : steps - steps // 3 + 1], key=room)
    svg.circle(mx, my, 7, fill="#ffffff", stroke=_MAGNETIC, stroke_width=1.2)
    svg.text(mx, my + 3.5, SIZE_LETTERS[size], size=10, fill=_MAGNETIC, **CENTRED)


def _dug_tunnel(
    svg: Svg, s: State, lay: Layout, piece: int, at: Sequence[Point]
) -> tuple[float, float, float]:
    """A dug tunnel: a bent line between its ends through its own space
    (pushed aside from the straight line, where a space may lie); returns where
    its Hewns stand."""
    a, b = tunnels.ends(s, piece)
    (ax, ay), (bx, by) = at[a], at[b]
    length = math.hypot(bx - ax, by - ay) or 1.0
    side = 0.42 * lay.step
    mx = (ax + bx) / 2 - (by - ay) / length * side
    my = (ay + by) / 2 + (bx - ax) / length * side
    for x0, y0 in ((ax, ay), (bx, by)):
        svg.line(x0, y0, mx, my, stroke=_DUG, stroke_width=3.5, stroke_linecap="round")
    loc = tunnels.tunnel_loc(piece)
    size = tunnels.PIECE_SIZES[piece]
    held = [hewn_label(h) for h in range(NUM_HEWNS) if s.loc[h] == loc]
    tip = f"{tunnel_label(s, piece)}: a dug tunnel, {SIZE_NAMES[size]}" + (
        f"; Hewns: {', '.join(held)}" if held else ""
    )
    svg.rect(
        mx - 16,
        my - 8,
        32,
        16,
        rx=4,
        fill="#c9a98e",
        stroke=_DUG,
        stroke_width=1.5,
        tip=tip,
        data_ref=f"space-{loc}",
    )
    svg.text(mx, my + 3.5, f"T{piece + 1}{SIZE_LETTERS[size]}", size=10, **CENTRED)
    return mx, my + 6, 8 + lay.hewn_radius


def _space(svg: Svg, s: State, lay: Layout, x: int, centre: Point) -> None:
    board = s.board
    cx, cy = lay.at(board.cell[x])
    r = lay.radius(board.size[x])
    kind = board.kind[x]
    entrance, owner = _entrance(s, x)
    svg.circle(
        cx,
        cy,
        r,
        fill=_KIND_FILL[kind],
        stroke=_KIND_STROKE[kind],
        stroke_width=1.5,
        tip=_space_tip(s, x, entrance, owner),
        data_ref=f"space-{x}",
    )
    svg.text(cx, cy + 3.5, str(x), size=10, fill="#4a4036", **CENTRED)
    if entrance:
        _entrance_mark(svg, lay, (cx, cy), r, entrance, owner, centre)
    corner = r * 0.75 + lay.mark * 0.35
    if s.mine[x] != NONE:
        _mine_mark(svg, cx - corner, cy - corner, lay.mark, s.mine[x])
    if s.token[x] != NONE:
        _token_mark(svg, cx + corner, cy - corner, lay.mark, Token(s.token[x]))


def _entrance(s: State, x: int) -> tuple[int, int]:
    """(size, owner) of the entrance on map space `x`: the map's, or a secret
    one placed in this game; (0, COMMON) without one."""
    board = s.board
    if board.entrance_size[x]:
        return board.entrance_size[x], board.entrance_owner[x]
    placed = s.secret_entrances
    for i in range(0, len(placed), SECRET):
        if placed[i] == x:
            return placed[i + 1], placed[i + 2]
    return 0, COMMON


def _space_tip(s: State, x: int, entrance: int, owner: int) -> str:
    board = s.board
    words = [
        f"space {x} ({board.name[x]}): {SIZE_NAMES[board.size[x]]} "
        f"{KIND_NAMES[board.kind[x]]}"
    ]
    if entrance:
        whose = "common" if owner == COMMON else f"player {owner}'s"
        words.append(f"{whose} {SIZE_NAMES[entrance]} entrance")
    if s.mine[x] != NONE:
        words.append(f"a mine (+{s.mine[x]})")
    if s.token[x] != NONE:
        words.append(_TOKENS[Token(s.token[x])][3])
    partners = [f"{b} ({SIZE_LETTERS[z]})" for b, z in board.magnetic_at[x]]
    if partners:
        words.append("magnetic tunnel to " + ", ".join(partners))
    held = [hewn_label(h) for h in range(NUM_HEWNS) if s.loc[h] == x]
    if held:
        words.append("Hewns: " + ", ".join(held))
    return "; ".join(words)


def _entrance_mark(
    svg: Svg,
    lay: Layout,
    at: Point,
    r: float,
    size: int,
    owner: int,
    centre: Point,
) -> None:
    """An arrow outside the space pointing in from the crater's rim side, with
    the entrance's size letter; in its owner's colour if a seat's."""
    ux, uy = at[0] - centre[0], at[1] - centre[1]
    norm = math.hypot(ux, uy) or 1.0
    ux, uy = ux / norm, uy / norm
    arrow = min(10.0, 0.3 * lay.step)
    tip = (at[0] + ux * (r + 1), at[1] + uy * (r + 1))
    bx, by = at[0] + ux * (r + 1 + arrow), at[1] + uy * (r + 1 + arrow)
    px, py = -uy * arrow * 0.6, ux * arrow * 0.6
    fill = "#3b3b3b" if owner == COMMON else seat_colour(owner)
    svg.polygon([tip, (bx + px, by + py), (bx - px, by - py)], fill=fill, **_EDGE)
    away = r + arrow + 8
    svg.text(
        at[0] + ux * away,
        at[1] + uy * away + 3.5,
        SIZE_LETTERS[size],
        size=10,
        font_weight="bold",
        fill="#3b3b3b" if owner == COMMON else seat_ink(owner),
        **CENTRED,
    )


def _mine_mark(svg: Svg, x: float, y: float, h: float, bonus: int) -> None:
    """A gold diamond with the mine's bonus."""
    svg.polygon(
        [(x, y - h), (x + h, y), (x, y + h), (x - h, y)],
        fill="#f2c230",
        stroke="#7a5b00",
        stroke_width=1,
    )
    svg.text(x, y + 3.5, str(bonus), size=10, font_weight="bold", **CENTRED)


def _token_mark(svg: Svg, x: float, y: float, r: float, token: Token) -> None:
    """A danger token: a lava triangle, a Snedj circle, a planet-attack square,
    each with its letter."""
    letter, fill, shape, _ = _TOKENS[token]
    if shape == "triangle":
        svg.polygon(
            [(x, y - r - 1.5), (x + r + 1.5, y + r - 0.5), (x - r - 1.5, y + r - 0.5)],
            fill=fill,
            **_EDGE,
        )
        y += 1.5
    elif shape == "circle":
        svg.circle(x, y, r, fill=fill, **_EDGE)
    else:
        svg.rect(x - r, y - r, 2 * r, 2 * r, fill=fill, **_EDGE)
    svg.text(x, y + 3.5, letter, size=10, fill="#ffffff", font_weight="bold", **CENTRED)


# --- Hewns ---------------------------------------------------------------------------


def _hewns_on_board(
    svg: Svg,
    s: State,
    lay: Layout,
    places: Mapping[int, tuple[float, float, float]],
    tips: Mapping[int, str],
) -> None:
    """The Hewns on each space around its centre, below the id first."""
    hr = lay.hewn_radius
    by_place: dict[int, list[int]] = {}
    for h in range(NUM_HEWNS):
        if s.loc[h] in places:
            by_place.setdefault(s.loc[h], []).append(h)
    for loc, held in sorted(by_place.items()):
        cx, cy, ring = places[loc]
        for i, h in enumerate(held):
            lap, k = divmod(i, len(_HEWN_ANGLES))
            angle = math.radians(_HEWN_ANGLES[k] + 15 * lap)
            reach = ring + lap * hr
            x, y = cx + reach * math.cos(angle), cy + reach * math.sin(angle)
            draw_hewn(svg, s, h, (x, y), hr, tips.get(h, hewn_label(h)))


def draw_hewn(
    svg: Svg, s: State, h: int, at: Point, r: float, tip: str, *, ref: bool = True
) -> None:
    """Hewn `h` as a small shape (circle: small, square: medium, hexagon: big)
    in its controller's colour with its id; a dashed dark rim when damaged, a
    dot when it has acted. `ref`: it carries its `hewn-<id>` (once a picture)."""
    x, y = at
    fill = NEUTRAL_COLOUR if s.ctrl[h] == NEUTRAL else seat_colour(s.ctrl[h])
    style: dict[str, Any] = {"fill": fill, "tip": tip, **_EDGE, "stroke_width": 1}
    if s.damaged[h]:
        style.update(_DAMAGED)
    size = s.card(h).size
    with svg.group(**({"data_ref": f"hewn-{h}"} if ref else {})):
        if size == 1:
            svg.circle(x, y, r, **style)
        elif size == 2:
            svg.rect(x - r * 0.9, y - r * 0.9, r * 1.8, r * 1.8, rx=2, **style)
        else:
            svg.polygon(_hexagon(x, y, r * 1.1), **style)
        font = 10 if h < 10 or r >= 8 else 9
        svg.text(
            x,
            y + 3.5,
            str(h),
            size=font,
            fill=ink_on(fill),
            font_weight="bold",
            **CENTRED,
        )
        if s.acted[h]:
            svg.circle(x + r * 0.9, y - r * 0.9, 2.6, **_ACTED)


def _hexagon(x: float, y: float, r: float) -> list[Point]:
    return [
        (
            x + r * math.cos(math.radians(30 + 60 * k)),
            y + r * math.sin(math.radians(30 + 60 * k)),
        )
        for k in range(6)
    ]


# --- the legend ------------------------------------------------------------------------

_LEGEND: Final = (
    ("node", "node"),
    ("ravine", "ravine"),
    ("tunnel", "tunnel space"),
    ("sizes", "S / M / B space"),
    ("link", "link"),
    ("magnetic", "magnetic tunnel"),
    ("dug", "dug tunnel"),
    ("entrance", "entrance (its size)"),
    ("mine", "mine (its bonus)"),
    ("lava", "lava"),
    ("snedj", "Snedj nest"),
    ("planet", "planet attack"),
    ("hewns", "S / M / B Hewn (id)"),
    ("neutral", "stunned (neutral)"),
    ("damaged", "damaged"),
    ("acted", "has acted"),
)


def draw_legend(svg: Svg, x: float, y: float, width: float) -> float:
    """What the marks mean, in two columns from (`x`, `y`) in `width`; returns
    the y below it."""
    svg.text(x, y + 12, "Legend", size=12, font_weight="bold")
    y += 20
    for i, (what, words) in enumerate(_LEGEND):
        cx = x + (i % 2) * width / 2
        cy = y + (i // 2) * 18
        _legend_icon(svg, what, cx + 14, cy + 6)
        svg.text(cx + 46, cy + 10, words, size=11)
    return y + ((len(_LEGEND) + 1) // 2) * 18 + 4


def _legend_icon(svg: Svg, what: str, x: float, y: float) -> None:
    kinds = ("node", "ravine", "tunnel")
    tokens = {"lava": Token.LAVA, "snedj": Token.SNEDJ, "planet": Token.PLANET_ATTACK}
    lines: dict[str, dict[str, Any]] = {
        "link": {"stroke": _LINK, "stroke_width": 4},
        "magnetic": {"stroke": _MAGNETIC, "stroke_width": 2, "stroke_dasharray": "5,3"},
        "dug": {"stroke": _DUG, "stroke_width": 3.5},
    }
    if what in kinds:
        k = kinds.index(what)
        svg.circle(
            x, y, 7, fill=_KIND_FILL[k], stroke=_KIND_STROKE[k], stroke_width=1.5
        )
    elif what == "sizes":
        for i, r in enumerate((4.0, 5.5, 7.0)):
            svg.circle(
                x - 10 + i * 11, y, r, fill=_KIND_FILL[0], stroke=_KIND_STROKE[0]
            )
    elif what in lines:
        svg.line(x - 12, y, x + 20, y, **lines[what])
    elif what == "entrance":
        svg.polygon([(x + 6, y), (x - 4, y - 6), (x - 4, y + 6)], fill="#3b3b3b")
        svg.text(x + 16, y + 4, "M", size=10, font_weight="bold", fill="#3b3b3b")
    elif what == "mine":
        _mine_mark(svg, x, y, 7.5, 2)
    elif what in tokens:
        _token_mark(svg, x, y, 7.0, tokens[what])
    elif what == "hewns":
        svg.circle(x - 10, y, 5, fill=SEAT_COLOURS[0], **_EDGE)
        svg.rect(x - 2, y - 5, 10, 10, fill=SEAT_COLOURS[1], **_EDGE)
        svg.polygon(_hexagon(x + 17, y, 6), fill=SEAT_COLOURS[2], **_EDGE)
    elif what == "neutral":
        svg.circle(x, y, 6, fill=NEUTRAL_COLOUR, **_EDGE)
    elif what == "damaged":
        svg.circle(x, y, 6, fill=SEAT_COLOURS[0], **_DAMAGED)
    else:  # acted
        svg.circle(x, y, 6, fill=SEAT_COLOURS[1], **_EDGE)
        svg.circle(x + 5.4, y - 5.4, 2.6, **_ACTED)
