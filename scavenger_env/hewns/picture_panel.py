"""The side panel of a Hewns picture (`picture`): what `render` tells beside
the map, drawn.

The header (round, phase, who decides what, action points left), each seat in
its colour (screen, score, technologies, Bidoxes: another seat's closed ones
by placement only), the offer with each lot's minimum bid and the Bidoxes on
it, the turn-order cards ("?" for one the viewer may not know), the dice just
rolled as small dice, and the legend. It reads the state it is given: the
viewer's redacted copy, or the real state for the whole truth (`viewer` None).
"""

from __future__ import annotations

import textwrap
from collections.abc import Sequence
from typing import Any, Final

from scavenger_env.core.picture import Svg

from .engine.data import DICE, SIZE_NAMES, TECHS, DieKind, Symbol
from .engine.describe import hewn_label
from .engine.ending import score
from .engine.flow import FIRST_TECH_LOT, game_face
from .engine.state import BIDOX_HOME, BIDOX_HUNTING, NONE, Phase, State
from .engine.view import bids_hidden, card_known
from .picture_board import CENTRED, draw_legend, ink_on, seat_colour, seat_ink
from .render import header_lines, minimum_bid, sold_lines

__all__ = ["PANEL_WIDTH", "draw_panel", "who_words", "wrap"]

PANEL_WIDTH: Final = 400
_PHASES: Final = ("the auction", "the actions phase", "the game is over")
_BOX_W: Final = 60
"""A Bidox chip's width (and 4 pixels between two)."""
_QUIET: Final[dict[str, Any]] = {"pointer_events": "none"}
_FACE_WORDS: Final = {
    Symbol.GEM: "2/g",
    Symbol.ESCAPE: "esc",
    Symbol.NANADEAD: "ND",
    Symbol.LAVA: "L",
    Symbol.SNEDJ: "S",
    Symbol.PLANET_ATTACK: "P",
    Symbol.DEPLETE: "dpl",
    Symbol.NEW_MINE: "new",
    Symbol.RESPITE: "rsp",
    Symbol.BLANK: "-",
    Symbol.DEAD: "dead",
    Symbol.SICKET_HIT: "sck",
    Symbol.DAMAGED: "dmg",
    Symbol.STUNNED: "stn",
    Symbol.DAMAGED_STUNNED: "d+s",
}
"""A die face's symbol in at most 4 letters (the tooltip has its words)."""
_DIE_FILL: Final = {
    DieKind.MINING: "#c9a66b",
    DieKind.DANGER: "#3b3b3b",
    DieKind.LASER: "#f2d024",
    DieKind.AREA: "#d9483b",
    DieKind.CLOSE_COMBAT: "#f29ac0",
    DieKind.ARMOUR: "#a0a4a8",
    DieKind.SPEED: "#8ec5e8",
    DieKind.HURT: "#7a1f2b",
    DieKind.NANA: "#7fbf6a",
    DieKind.D10: "#ffffff",
}


def wrap(text: str, width: float, size: float, *, mono: bool = False) -> list[str]:
    """`text` broken into lines that fit `width` pixels at font `size`
    (a character: 0.6 of the size in monospace, about 0.56 in the font)."""
    chars = max(8, int(width / (size * (0.6 if mono else 0.56))))
    return textwrap.wrap(text, chars, subsequent_indent="  ") or [""]


def who_words(q: int, who: int) -> str:
    """ "you" for the viewer's seat (`who`, -1 for the whole truth), else
    "player q"."""
    return "you" if q == who else f"player {q}"


def draw_panel(svg: Svg, s: State, viewer: int | None, x: float) -> float:
    """The panel from (`x`, top) down in `PANEL_WIDTH`; returns its bottom."""
    who = -1 if viewer is None else viewer
    w = PANEL_WIDTH
    rounds = s.config.scenario.rounds
    title = f"Round {s.round} of {rounds}: {_PHASES[int(s.phase)]}"
    svg.text(x, 22, title, size=13, font_weight="bold")
    me = (
        "The whole truth (every secret shown)"
        if viewer is None
        else f"You are player {viewer}"
    )
    svg.text(x, 40, me, size=12, fill=seat_ink(who))
    y = 44.0
    for line in header_lines(s, who)[1:]:
        y = svg.text_block(x, y, wrap(line, w, 11), size=11)
    y = _seats(svg, s, viewer, x, y + 8)
    y = _offer(svg, s, who, x, y + 8)
    y = _turn_order(svg, s, viewer, x, y + 4)
    y = _dice(svg, s, x, y + 4)
    return draw_legend(svg, x, y + 8, w)


# --- seats ------------------------------------------------------------------------


def _seats(svg: Svg, s: State, viewer: int | None, x: float, y: float) -> float:
    """A card per seat, `player-<q>`: name, score, screen, technology chips
    (`tech-<q>-<kind>`) and Bidox chips (`bidox-<q>-<b>`)."""
    w = PANEL_WIDTH
    hidden = bids_hidden(s)
    per_row = max(1, int((w - 16) // (_BOX_W + 4)))
    for q in range(s.num_players):
        closed = (
            hidden
            and viewer is not None
            and q != viewer
            and any(b >= 0 for b in s.bidox_lot[q])
        )
        screen = (
            f"screen {s.screen_normal[q]} normal + {s.screen_dirty[q]} dirty"
            + (" (with closed Bidoxes)" if closed else "")
            + ("; passed" if s.passed[q] and s.phase == Phase.AUCTION else "")
        )
        rows = wrap(screen, w - 20, 11)
        techs = _chip_rows(
            [(t, k) for t, k in enumerate(s.screen_tech[q]) if k], w - 20
        )
        boxes = -(-len(s.bidox_lot[q]) // per_row)
        height = 22 + 14 * len(rows) + 20 * len(techs) + 34 * boxes + 2
        colour = seat_colour(q)
        svg.rect(
            x,
            y,
            w,
            height,
            rx=6,
            fill="#f6f3ee",
            stroke=colour,
            stroke_width=1.5,
            data_ref=f"player-{q}",
        )
        svg.rect(x, y, 6, height, fill=colour)
        name = f"Player {q}" + (" (you)" if q == viewer else "")
        svg.text(x + 12, y + 15, name, size=12, font_weight="bold", fill=seat_ink(q))
        svg.text(x + w - 8, y + 15, f"score {score(s, q)}", size=12, text_anchor="end")
        at = svg.text_block(x + 12, y + 18, rows, size=11, leading=1.25) - 2
        for row in techs:
            _tech_chips(svg, q, row, x + 12, at + 2)
            at += 20
        _bidoxes(svg, s, q, viewer, (x + 12, at + 2), per_row)
        y += height + 6
    return y


def _chip_label(t: int, k: int) -> str:
    return f"{k}x {TECHS[t].name}"


def _chip_width(t: int, k: int) -> float:
    return len(_chip_label(t, k)) * 10 * 0.56 + 10


def _chip_rows(
    techs: Sequence[tuple[int, int]], width: float
) -> list[list[tuple[int, int]]]:
    """Technology chips ("2x Gunana") broken into rows that fit `width`."""
    rows: list[list[tuple[int, int]]] = []
    used = width
    for t, k in techs:
        if used + _chip_width(t, k) > width:
            rows.append([])
            used = 0.0
        rows[-1].append((t, k))
        used += _chip_width(t, k) + 4
    return rows


def _tech_chips(
    svg: Svg, q: int, row: Sequence[tuple[int, int]], x: float, y: float
) -> None:
    for t, k in row:
        width = _chip_width(t, k)
        svg.rect(
            x,
            y,
            width,
            16,
            rx=8,
            fill="#e4ecf2",
            stroke="#8aa0b2",
            tip=f"{TECHS[t].effect}",
            data_ref=f"tech-{q}-{t}",
        )
        svg.text(x + 5, y + 12, _chip_label(t, k), size=10, **_QUIET)
        x += width + 4


def _bidoxes(
    svg: Svg,
    s: State,
    q: int,
    viewer: int | None,
    at: tuple[float, float],
    per_row: int,
) -> None:
    """Seat `q`'s Bidoxes as chips: where each is while the bidding is on, and
    what it holds when the viewer may know ("closed" else); its Nananbites as
    green dots."""
    hidden = bids_hidden(s)
    for b, lot in enumerate(s.bidox_lot[q]):
        bx = at[0] + (b % per_row) * (_BOX_W + 4)
        by = at[1] + (b // per_row) * 34
        where = content = ""
        if hidden and lot == BIDOX_HOME:
            where = "home"
        elif hidden and lot == BIDOX_HUNTING:
            where = "hunting"
        elif hidden:
            where = f"lot {lot}"
            content = "closed"
            if viewer is None or q == viewer:
                amount, normal = s.bidox_amount[q][b], s.bidox_normal[q][b]
                content = f"{amount}: {normal}n+{amount - normal}d"
        placed = hidden and lot != BIDOX_HOME
        nanas = s.bidox_nana[q][b]
        tip = (
            f"player {q}'s Bidox #{b}"
            + (f": {where}" if where else "")
            + (f", {content}" if content else "")
            + (f"; {nanas} Nananbites" if nanas else "")
        )
        svg.rect(
            bx,
            by,
            _BOX_W,
            30,
            rx=3,
            fill=seat_colour(q) if placed else "#ffffff",
            fill_opacity=0.25 if placed else 1,
            stroke=seat_colour(q),
            stroke_width=1.2,
            tip=tip,
            data_ref=f"bidox-{q}-{b}",
        )
        svg.text(bx + 4, by + 12, f"#{b} {where}".strip()[:10], size=10, **_QUIET)
        if content:
            svg.text(bx + 4, by + 25, content[:10], size=10, **_QUIET)
        for k in range(nanas):
            svg.circle(bx + _BOX_W - 6 - 6 * k, by + 5, 2.5, fill="#3f9c35")


# --- the offer, turn order and dice ---------------------------------------------------


def _lot_name(s: State, lot: int) -> str:
    card = s.offer[lot]
    if lot == 0:
        return "the turn-order stack"
    if lot < FIRST_TECH_LOT:
        return f"{hewn_label(card)} ({SIZE_NAMES[s.card(card).size]})"
    return s.tech_card(card).name


def _offer(svg: Svg, s: State, who: int, x: float, y: float) -> float:
    """A row per lot, `lot-<i>`: its card, its minimum bid and, while the
    bidding is on, the Bidoxes on it (seat colour, Bidox number); then what
    the last auction sold."""
    w = PANEL_WIDTH
    svg.text(x, y + 12, "Offer (lot, card, minimum bid):", size=12, font_weight="bold")
    y += 18
    hidden = bids_hidden(s)
    for lot in range(len(s.offer)):
        if lot and s.offer[lot] == NONE:
            continue
        name = _lot_name(s, lot)
        least = minimum_bid(s, lot)
        svg.rect(
            x,
            y,
            w,
            18,
            rx=3,
            fill="#f6f3ee",
            stroke="#d6cfc2",
            tip=f"lot {lot}: {name}, minimum bid {least}",
            data_ref=f"lot-{lot}",
        )
        svg.text(x + 6, y + 13, str(lot), size=11, font_weight="bold", **_QUIET)
        svg.text(x + 24, y + 13, name[:36], size=11, **_QUIET)
        svg.text(
            x + w - 6, y + 13, f"min {least}", size=11, text_anchor="end", **_QUIET
        )
        if hidden:
            placed = [
                (q, b)
                for q in range(s.num_players)
                for b, on in enumerate(s.bidox_lot[q])
                if on == lot
            ]
            bx = x + 236
            for q, b in placed[:6]:
                colour = seat_colour(q)
                svg.rect(bx, y + 2, 14, 14, rx=2, fill=colour, **_QUIET)
                svg.text(
                    bx + 7, y + 13, str(b), size=10, fill=ink_on(colour), **CENTRED
                )
                bx += 16
            if len(placed) > 6:
                svg.text(bx, y + 13, f"+{len(placed) - 6}", size=10, **_QUIET)
        y += 20
    for line in sold_lines(s, who, s.round - 1 if hidden else s.round):
        y = svg.text_block(x, y, wrap(line.strip(), w, 10), size=10)
    return y


def _turn_order(svg: Svg, s: State, viewer: int | None, x: float, y: float) -> float:
    """The turn-order cards dealt: each seat's, "?" when face down to the
    viewer."""
    cards = [q for q in range(s.num_players) if s.turn_card[q]]
    if not cards:
        return y
    svg.text(x, y + 14, "Turn-order cards:", size=12, font_weight="bold")
    cx = x + 124
    for q in cards:
        known = viewer is None or card_known(s, viewer, q)
        shown = str(s.turn_card[q]) if known else "?"
        colour = seat_colour(q)
        words = f"card {shown}" if known else "face down"
        svg.rect(
            cx,
            y + 1,
            22,
            18,
            rx=3,
            fill=colour,
            stroke="#1b1b1b",
            stroke_width=0.8,
            tip=f"player {q}: {words}",
        )
        svg.text(cx + 11, y + 14, shown, size=11, fill=ink_on(colour), **CENTRED)
        cx += 28
    return y + 24


def _dice(svg: Svg, s: State, x: float, y: float) -> float:
    """The faces just rolled as small dice, a row per die kind, and the die
    to roll next."""
    if not s.rolled and not s.roll_queue:
        return y
    svg.text(x, y + 14, "Just rolled:", size=12, font_weight="bold")
    y += 20
    kinds = s.rolled_kinds[len(s.rolled_kinds) - len(s.rolled) :]
    groups: dict[int, list[int]] = {}
    for kind, f in zip(kinds, s.rolled, strict=True):
        groups.setdefault(kind, []).append(f)
    for kind, faces in groups.items():
        name = DICE[kind].name
        svg.text(x + 4, y + 14, name, size=11)
        fill = _DIE_FILL.get(DieKind(kind), "#ffffff")
        dx = x + 130
        for f in faces:
            value, symbol = game_face(s, kind, f)
            plain = symbol == Symbol.NUMBER
            label = str(value) if plain else _FACE_WORDS[Symbol(symbol)]
            words = str(value) if plain else Symbol(symbol).name.lower()
            side = max(20.0, len(label) * 10 * 0.6 + 6)
            if dx + side > x + PANEL_WIDTH:
                dx = x + 130
                y += 24
            svg.rect(
                dx,
                y + 1,
                side,
                20,
                rx=4,
                fill=fill,
                stroke="#1b1b1b",
                stroke_width=1,
                tip=f"{name}: {words.replace('_', ' ')}",
            )
            svg.text(
                dx + side / 2,
                y + 15,
                label,
                size=10,
                mono=True,
                fill=ink_on(fill),
                font_weight="bold",
                **CENTRED,
            )
            dx += side + 4
        y += 24
    if s.roll_queue:
        next_die = DICE[s.roll_queue[0]].name
        more = f"next: {next_die} ({len(s.roll_queue)} to roll)"
        svg.text(x + 4, y + 12, more, size=11, fill="#555555")
        y += 18
    return y
