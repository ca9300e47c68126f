"""A Hewns position drawn as SVG, as one seat sees it or as the whole truth.

The text render (`render`) is exact but hard to take in at a glance; the
picture shows the crater as a map (`picture_board`, drawn from the board's
data, so a new map or piece needs nothing here), the Hewns off the board and
every Hewn in short form under it, and beside it a panel (`picture_panel`)
with the rest of what `render` tells.

For a seat the picture starts from `engine.view.redact(state, viewer)` and
reads it with `render`'s helpers: it shows nothing the seat may not know, so
the pictures of a state and of any `determinize` copy are the same bytes.
`viewer` None draws the real state (closed Bidoxes, face-down turn cards,
secret fittings shown), for the replay of a finished game.

Clickable things carry a `data-ref` (`space-<location>`, `hewn-<id>`,
`lot-<i>`, `bidox-<seat>-<b>`, `tech-<seat>-<kind>`, `player-<seat>`), and
`action_target` names the one a legal action acts on.
"""

from __future__ import annotations

from pathlib import Path
from typing import Final

from scavenger_env.core.picture import Picture, Svg

from .engine.actions import HEWN, LOT, NUM, SEAT, SPACE, TECH, block_of
from .engine.board import SIZE_LETTERS
from .engine.data import TECHS
from .engine.describe import hewn_label, place_label
from .engine.flow import is_chance
from .engine.state import NEUTRAL, NONE, NUM_HEWNS, NUM_LOCS, OFF_BOARD, Ask, State
from .engine.tunnels import is_dug, is_tunnel, piece_of
from .engine.view import redact
from .picture_board import MAP_WIDTH, draw_hewn, draw_map, layout, seat_ink
from .picture_panel import PANEL_WIDTH, draw_panel, who_words, wrap
from .render import fitted_words, hewn_lines, hidden_words, tunnel_lines

__all__ = ["action_target", "draw"]

_MARGIN: Final = 10
_PANEL_X: Final = _MARGIN + MAP_WIDTH + 16
_WIDTH: Final = _PANEL_X + PANEL_WIDTH + _MARGIN
_MAP_TOP: Final = 32


def draw(state: State, viewer: int | None) -> Picture:
    """`state` as seat `viewer` sees it (None: the whole truth). Never changes
    `state`."""
    s = state if viewer is None else redact(state, viewer)
    who = -1 if viewer is None else viewer  # -1: "player q" for every seat
    svg = Svg(_WIDTH, 100, title="Hewns")
    tips = _hewn_tips(s, who)
    left = _left_column(svg, s, who, tips)
    right = draw_panel(svg, s, viewer, _PANEL_X)
    svg.height = max(left, right) + _MARGIN
    return svg.picture()


def _hewn_tips(s: State, who: int) -> dict[int, str]:
    """Each Hewn in play's line of the text render (its tooltip)."""
    lines = [line.strip() for line in hewn_lines(s, who)[2:]]
    tips: dict[int, str] = {}
    for h in range(NUM_HEWNS):
        head = f"{hewn_label(h)} ["
        found = next((line for line in lines if line.startswith(head)), None)
        if found is not None:
            tips[h] = found
    return tips


def _left_column(svg: Svg, s: State, who: int, tips: dict[int, str]) -> float:
    """The map with the supply under it, the Hewns off the board, and the
    list of Hewns; returns the bottom."""
    x = _MARGIN
    name = Path(s.config.map).stem
    head = f"Hewns: the {name} map, {s.num_players} players, {s.config.cards} cards"
    svg.text(x, 22, head, size=13, font_weight="bold")
    lay = layout(s.board, x, _MAP_TOP)
    svg.rect(
        x,
        _MAP_TOP,
        MAP_WIDTH,
        lay.bottom - _MAP_TOP,
        rx=10,
        fill="#f1ebdf",
        stroke="#d8cdb8",
    )
    draw_map(svg, s, lay, tips)
    y = lay.bottom + 6
    for line in _map_facts(s):
        y = svg.text_block(x, y - 2, wrap(line, MAP_WIDTH, 11), size=11, leading=1.25)
    y = _tray(svg, s, who, tips, x, y + 8)
    return _hewn_list(svg, s, who, tips, x, y + 6)


def _map_facts(s: State) -> list[str]:
    """The mines, the tracks and the supply under the map."""
    mines = [f"{x}(+{b})" for x, b in enumerate(s.mine) if b != NONE]
    lava, snedj, planet = s.token_stock
    lines = [
        f"Mines: {' '.join(mines) or 'none'}; depleted {s.depleted}/"
        f"{s.config.scenario.depletion_threshold}; new mines left "
        f"{len(s.mine_pool)}; danger tokens left: lava {lava}, Snedj {snedj}, "
        f"planet attack {planet}"
    ]
    lines += tunnel_lines(s, s.occupancy())
    if s.config.cards != "core":
        pieces = [f"{SIZE_LETTERS[z]} {s.entrance_stock[z - 1]}" for z in (1, 2, 3)]
        lines.append(f"Secret entrance pieces left: {' '.join(pieces)}")
    return lines


def _tray(
    svg: Svg, s: State, who: int, tips: dict[int, str], x: float, y: float
) -> float:
    """The Hewns off the board, behind their controllers' screens, a row per
    seat."""
    svg.text(
        x, y + 12, "Off the board (behind the screens):", size=12, font_weight="bold"
    )
    y += 18
    off = [h for h in range(NUM_HEWNS) if s.loc[h] == OFF_BOARD]
    if not off:
        svg.text(x + 10, y + 12, "none", size=11, fill="#666666")
        return y + 18
    for q in sorted({s.ctrl[h] for h in off}):
        label = "neutral" if q == NEUTRAL else who_words(q, who)
        svg.text(x + 10, y + 14, f"{label}:", size=11, fill=seat_ink(q))
        hx = x + 90
        for h in (h for h in off if s.ctrl[h] == q):
            if hx > x + MAP_WIDTH - 12:
                hx = x + 90
                y += 24
            draw_hewn(svg, s, h, (hx, y + 10), 9.0, tips.get(h, hewn_label(h)))
            hx += 24
        y += 24
    return y


def _hewn_list(
    svg: Svg, s: State, who: int, tips: dict[int, str], x: float, y: float
) -> float:
    """Every Hewn in play in short form, a (wrapped) monospace row each."""
    svg.text(x, y + 12, "Hewns in play:", size=12, font_weight="bold")
    y += 18
    shown = [h for h in range(NUM_HEWNS) if s.loc[h] >= 0 or s.loc[h] == OFF_BOARD]
    if not shown:
        svg.text(x + 10, y + 12, "none yet", size=11, fill="#666666")
        return y + 18
    for h in shown:
        tip = tips.get(h, hewn_label(h))
        draw_hewn(svg, s, h, (x + 10, y + 7), 6.5, tip, ref=False)
        lines = wrap(_short(s, h, who), MAP_WIDTH - 26, 10, mono=True)
        y = svg.text_block(x + 22, y - 1.5, lines, size=10, mono=True) + 2
    return y


def _short(s: State, h: int, who: int) -> str:
    """A Hewn in short form: id, type, size, owner, state, place, load, what
    it holds, what of it is behind the screen."""
    card = s.card(h)
    owner = "neutral" if s.ctrl[h] == NEUTRAL else who_words(s.ctrl[h], who)
    flags = [w for w, on in (("damaged", s.damaged[h]), ("acted", s.acted[h])) if on]
    if s.ctrl[h] == NEUTRAL:
        flags.insert(0, "stunned")
    place = "off board" if s.loc[h] == OFF_BOARD else place_label(s, s.loc[h])
    parts = [
        f"#{h:<2} {card.name} ({SIZE_LETTERS[card.size]}) {owner}"
        + (f" [{', '.join(flags)}]" if flags else ""),
        place.replace("space ", "@"),
        f"load {s.normal[h]}n+{s.dirty[h]}d (room {s.capacity(h)})",
    ]
    if card.members:
        parts.append(f"{s.members[h]}/{card.members} members")
    if s.gem[h] != NONE:
        parts.append("a gem")
    if s.heart[h] != NONE:
        parts.append(f"heart stone of {who_words(s.heart[h], who)}")
    parts.append(fitted_words(s, h).removeprefix("; fitted: "))
    parts.append(hidden_words(s, h, who).removeprefix("; "))
    return " | ".join(p for p in parts if p)


# --- what an action acts on ------------------------------------------------------------

_BIDOX_ASKS: Final = frozenset({Ask.BID_BIDOX, Ask.HUNT_BIDOX, Ask.NANA_BOX})


def action_target(state: State, action: int) -> str | None:
    """The `data-ref` in the mover's picture of what legal `action` acts on: a
    space (a step, a dig, a flight, a token, a new mine), a Hewn, a lot, a
    Bidox, a technology on the mover's screen, a seat; None for one with no
    place (pass, done, an amount, a verb, a die). Reads only the mover's
    redacted state, and changes nothing."""
    if state.over or not state.frames or is_chance(state):
        return None
    try:
        block = block_of(action)
    except ValueError:
        return None
    mover = state.frames[-1].seat
    if not 0 <= mover < state.num_players:
        return None
    s = redact(state, mover)
    ask = s.frames[-1].ask
    if block == "SPACE":
        loc = action - SPACE
        if loc < s.board.n_spaces or (
            is_tunnel(loc) and loc < NUM_LOCS and is_dug(s, piece_of(loc))
        ):
            return f"space-{loc}"
    elif block == "HEWN":
        h = action - HEWN
        if 0 <= h < NUM_HEWNS and (s.loc[h] >= 0 or s.loc[h] == OFF_BOARD):
            return f"hewn-{h}"
    elif block == "LOT":
        lot = action - LOT
        if lot == 0 or (lot < len(s.offer) and s.offer[lot] != NONE):
            return f"lot-{lot}"
    elif block == "NUM" and ask in _BIDOX_ASKS:
        b = action - NUM
        if b < len(s.bidox_lot[mover]):
            return f"bidox-{mover}-{b}"
    elif block == "TECH" and ask == Ask.BANJER_TECH:
        t = action - TECH
        if 0 <= t < len(TECHS) and s.screen_tech[mover][t] > 0:
            return f"tech-{mover}-{t}"
    elif block == "SEAT":
        q = action - SEAT
        if 0 <= q < s.num_players:
            return f"player-{q}"
    return None
