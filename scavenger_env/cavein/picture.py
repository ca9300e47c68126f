"""A Cave-In position drawn as SVG: the board as a table read at a glance.

The text render (`render.py`) is 80 columns of words; a person playing in a
browser or watching a replay wants the Mine's crystals in their colours, the
Docks' cards and one panel per seat. `draw` shows the same facts as
`render_state`, read from the same sources (`player_view` and public rules
queries), so a seat's picture tells nothing that seat may not know: it is the same
for every state `determinize` could sample. `viewer=None` draws the whole truth
(every hand face up, the face-down cards, each stack's next card) for replays.

Clickable things carry a `data-ref`; `action_target` names the one a legal
action acts on:

=====================  =================================================
`mine-<slot>`          a Mine slot (MINE, PICK_MINE)
`docks-<slot>`         a Docks slot (RECRUIT, PICK_DOCKS)
`artifact-<k>-<half>`  a half of artifact stack k's top card (COLLECT)
`player-<seat>`        a seat's panel (RAID)
`base-<seat>-<depth>`  a Base card, depth 0 the Leader (PICK_BASE, USE)
`hand-<type>`          a hand card of merc type 0..23 (SKILL, PAY, PICK_HAND);
                       only on the viewer's hand (None: the mover's)
`owned-<seat>-<art>`   an artifact half a seat holds (USE at the start of turn)
`colour-<c>`           a faction colour (PICK_COLOUR)
`stack-<i>`            the face-down mercenary stack of level i + 1
`supply-<tier>`        the face-down crystal stack of a cost tier
=====================  =================================================
"""

from __future__ import annotations

import textwrap
from collections.abc import Iterator, Sequence
from contextlib import contextmanager, nullcontext
from dataclasses import dataclass
from math import cos, radians, sin
from typing import Final

from scavenger_env.core.picture import SEAT_COLOURS, Picture, Svg

from .engine.actions import PICK_BASE, block_of
from .engine.data import (
    ARTIFACT_CARDS,
    ARTIFACT_HALVES,
    CRYSTAL_CAVE_IN,
    CRYSTAL_COLOUR,
    CRYSTAL_COST,
    CRYSTAL_SYMBOL,
    CRYSTAL_TIERS,
    CRYSTAL_VP,
    DOCKS_SLOT_LEVEL,
    FACTIONS,
    MERC_TYPES,
    MINE_SLOT_TIER,
    TOTEM_VP,
    ArtifactKind,
    Colour,
    crystal_name,
)
from .engine.describe import card_name, merc_text, type_name
from .engine.scoring import score_breakdown, winners
from .engine.state import GameState, Kind, Phase
from .engine.view import PlayerView, player_view
from .render import effect_line, payment_line

__all__ = ["action_target", "draw"]

WIDTH: Final = 1040
_M: Final = 12  # margin
_INNER: Final = WIDTH - 2 * _M
_MUTED: Final = "#666"
_LINE: Final = "#9a9a9a"
_BACK: Final = "#4b5068"
_BAND: Final = "#2f3e46"

#: fill and text colour of each game colour (brown, blue, purple, yellow, red, green)
_FILL: Final = ("#8a5a34", "#2c6bc0", "#8346a6", "#e0b419", "#cc2f2f", "#3a9a4a")
_ON: Final = ("#fff", "#fff", "#fff", "#222", "#fff", "#fff")
_KIND: Final = {
    ArtifactKind.SCORING: "scoring",
    ArtifactKind.START_OF_TURN: "start of turn",
    ArtifactKind.RAID: "when raiding",
    ArtifactKind.PASSIVE: "always",
}
_PHASES: Final = {
    Phase.START_ARTIFACT: "start of turn: artifacts",
    Phase.START_LEADER: "start of turn: Leader",
    Phase.ACTION: "action phase",
    Phase.PAY: "paying",
    Phase.EFFECT: "choosing a skill's targets",
    Phase.GAME_OVER: "game over",
}

_CARD_W: Final = 86  # a card in a seat's panel
_CARD_H: Final = 44
_ROW: Final = 50  # a row of a seat's panel


# --- text that fits ----------------------------------------------------------


def _em(bold: bool) -> float:
    """A character's width as a share of the font size (DejaVu Sans, estimated)."""
    return 0.65 if bold else 0.55


def _text_w(text: str, size: float, bold: bool = False) -> float:
    return len(text) * size * _em(bold)


def _clip(text: str, width: float, size: float, bold: bool = False) -> str:
    """`text`, cut with an ellipsis to fit `width` pixels."""
    fits = int(width // (size * _em(bold)))
    if len(text) <= fits:
        return text
    return text[: max(fits - 1, 0)] + "…"


def _wrap(text: str, width: float, size: float, bold: bool = False) -> list[str]:
    fits = max(int(width // (size * _em(bold))), 1)
    return textwrap.wrap(text, fits, break_on_hyphens=False) or [""]


def _hexagon(cx: float, cy: float, r: float) -> list[tuple[float, float]]:
    return [
        (cx + r * cos(radians(90 + 60 * k)), cy + r * sin(radians(90 + 60 * k)))
        for k in range(6)
    ]


def _ink_on(fill: str) -> str:
    """Black or white text, whichever reads on `fill` (#rrggbb)."""
    r, g, b = (int(fill[i : i + 2], 16) for i in (1, 3, 5))
    return "#222" if 0.299 * r + 0.587 * g + 0.114 * b > 150 else "#fff"


@contextmanager
def _ref(svg: Svg, ref: str | None) -> Iterator[None]:
    """Shapes drawn inside are one clickable thing (when `ref` is given)."""
    with svg.group(data_ref=ref) if ref else nullcontext():
        yield


# --- pieces --------------------------------------------------------------------


def _merc_tip(s: GameState, merc_type: int) -> str:
    return f"{type_name(merc_type)}: {merc_text(merc_type, s.config.weedlock_text)}"


def _merc_card(
    svg: Svg,
    s: GameState,
    x: float,
    y: float,
    merc_type: int,
    *,
    w: float = _CARD_W,
    h: float = _CARD_H,
    ref: str | None = None,
    leader: bool = False,
    secret: bool = False,
) -> None:
    """A face-up mercenary: its colour's band with the level, then its name;
    `secret` a dashed outline (whole truth: a card the other seats have not
    seen); the card's text is its tooltip."""
    t = MERC_TYPES[merc_type]
    colour = int(t.colour)
    tip = _merc_tip(s, merc_type)
    if leader:
        tip = "Leader: " + tip
    if secret:
        tip += " (the other players have not seen this card)"
    with _ref(svg, ref):
        svg.rect(
            x,
            y,
            w,
            h,
            rx=4,
            fill="#fff",
            stroke="#c8962c" if leader else _LINE,
            stroke_width=2.5 if leader else 1,
            stroke_dasharray="4 2" if secret else None,
            tip=tip,
        )
        svg.rect(x, y, w, 15, rx=4, fill=_FILL[colour])
        svg.rect(x, y + 8, w, 7, fill=_FILL[colour])
        ink = _ON[colour]
        svg.text(x + 4, y + 12, f"L{t.level}", size=11, font_weight="bold", fill=ink)
        svg.text(
            x + w - 4,
            y + 12,
            "Leader" if leader else t.colour.name.lower(),
            size=11,
            fill=ink,
            text_anchor="end",
        )
        size = 12 if w > _CARD_W + 4 else 11
        svg.text(
            x + 4,
            y + 32,
            _clip(t.name, w - 6, size, bold=True),
            size=size,
            font_weight="bold",
        )


def _back_card(
    svg: Svg, x: float, y: float, level: int, *, w: float = _CARD_W, tip: str = ""
) -> None:
    """A face-down mercenary: only its level shows."""
    svg.rect(
        x, y, w, _CARD_H, rx=4, fill=_BACK, stroke="#2b2e3d", tip=tip or "face down"
    )
    svg.rect(x + 3, y + 3, w - 6, _CARD_H - 6, rx=3, fill="none", stroke="#8a8fa8")
    svg.text(x + 6, y + 16, f"L{level}", size=11, font_weight="bold", fill="#fff")
    svg.text(
        x + w / 2,
        y + 32,
        "?",
        size=14,
        font_weight="bold",
        fill="#d8dbe8",
        text_anchor="middle",
    )


def _crystal_chip(svg: Svg, x: float, y: float, crystal: int) -> None:
    """A small crystal (26 wide, 44 high): its cost in a hexagon, VP below."""
    colour = CRYSTAL_COLOUR[crystal]
    cost = CRYSTAL_COST[crystal]
    svg.polygon(
        _hexagon(x + 13, y + 14, 12),
        fill=_FILL[colour],
        stroke="#333",
        stroke_width=0.8,
        tip=crystal_name(crystal),
    )
    svg.text(
        x + 13,
        y + 18,
        str(cost),
        size=11,
        font_weight="bold",
        fill=_ON[colour],
        text_anchor="middle",
    )
    svg.text(x + 13, y + 40, _vp_mark(crystal), size=11, text_anchor="middle")


def _vp_mark(crystal: int) -> str:
    """'4!': the VP and the marks of `crystal_name` (* faction symbol, ! Cave-In)."""
    marks = ("*" if CRYSTAL_SYMBOL[crystal] else "") + (
        "!" if CRYSTAL_CAVE_IN[crystal] else ""
    )
    return f"{CRYSTAL_VP[crystal]}{marks}"


def _swatch(svg: Svg, x: float, y: float, colour: int, size: float = 22) -> None:
    svg.rect(
        x, y, size, size, rx=3, fill=_FILL[colour], stroke="#333", stroke_width=0.8
    )
    svg.text(
        x + size / 2,
        y + size / 2 + 4,
        FACTIONS[colour].symbol,
        size=11,
        font_weight="bold",
        fill=_ON[colour],
        text_anchor="middle",
    )


def _ring(svg: Svg, x: float, y: float, w: float, h: float) -> None:
    """The mark around what the decision at hand is about."""
    svg.rect(
        x - 3,
        y - 3,
        w + 6,
        h + 6,
        rx=6,
        fill="none",
        stroke="#f4a261",
        stroke_width=3,
    )


def _focus(s: GameState, v: PlayerView) -> str | None:
    """The data-ref of what the decision at hand is about (public): what the
    payment in progress buys, the start-of-turn artifact or Leader offered."""
    p = v.current_player
    if v.phase == Phase.START_ARTIFACT and s.turn.start_queue:
        return f"owned-{p}-{s.turn.start_queue[0]}"
    if v.phase == Phase.START_LEADER:
        return f"base-{p}-0"
    if not v.payment:
        return None
    kind, target = v.payment[0], v.payment[1]
    if kind == Kind.RECRUIT:
        return f"docks-{target}"
    if kind == Kind.MINE:
        return f"mine-{target}"
    return f"artifact-{target // 2}-{target % 2}"


def _title(svg: Svg, x: float, y: float, text: str, note: str = "") -> None:
    """A section's title with its baseline at `y`."""
    svg.text(x, y, text, size=12, font_weight="bold")
    if note:
        svg.text(x + _text_w(text, 12, True) + 8, y, note, size=11, fill=_MUTED)


# --- the board -----------------------------------------------------------------


def _header(svg: Svg, s: GameState, v: PlayerView, viewer: int | None) -> float:
    svg.rect(0, 0, WIDTH, 46, fill=_BAND)
    svg.text(
        _M, 19, "Star Scrappers: Cave-In", size=14, font_weight="bold", fill="#fff"
    )
    seen = "the whole truth" if viewer is None else f"as player {viewer} sees it"
    title_w = _text_w("Star Scrappers: Cave-In", 14, True)
    svg.text(_M + title_w + 10, 19, seen, size=12, fill="#cfd8dc")
    if v.phase == Phase.GAME_OVER:
        best = winners(s)
        names = " and ".join(f"player {q}" for q in best)
        status = f"Round {v.round} · game over · won by {names}"
    else:
        mover = v.current_player
        who = "you" if mover == viewer else f"player {mover}"
        status = f"Round {v.round} · {who} to act ({_PHASES[Phase(v.phase)]})"
    svg.text(_M, 38, status, size=13, fill="#fff")
    # the end-trigger track, right-aligned
    cells = max(v.cave_in_threshold, v.cave_in)
    step = 15
    right = WIDTH - _M
    label = f"{v.cave_in}/{v.cave_in_threshold}"
    x0 = right - cells * step - _text_w(label, 12, True) - 6
    svg.text(x0 - 6, 19, "Cave-In", size=12, fill="#fff", text_anchor="end")
    for i in range(cells):
        filled = i < v.cave_in
        svg.rect(
            x0 + i * step,
            8,
            12,
            12,
            rx=2,
            fill="#e76f51" if filled else "none",
            stroke="#e0e0e0",
            stroke_width=1,
        )
    svg.text(
        right, 19, label, size=12, font_weight="bold", fill="#fff", text_anchor="end"
    )
    if s.end_triggered and v.phase != Phase.GAME_OVER:
        svg.text(
            right,
            38,
            "the Mine has collapsed: this is the last round",
            size=12,
            fill="#ffd166",
            text_anchor="end",
        )
    return 46


def _decision(s: GameState, v: PlayerView, viewer: int | None) -> list[str]:
    """What the mover is deciding, and what this turn has played: sentences."""
    if v.phase == Phase.GAME_OVER:
        return []
    p = v.current_player
    who = "You" if p == viewer else f"Player {p}"
    out: list[str] = []
    phase = Phase(v.phase)
    if phase == Phase.PAY and v.payment:
        out.append(" ".join(payment_line(s)))
    elif phase == Phase.EFFECT and v.effects:
        out.append("Skill in progress: " + effect_line(v.effects[-1]))
    elif phase == Phase.START_LEADER and v.bases[p]:
        leader = s.cards.type_of[v.bases[p][-1]]
        out.append(f"{who}: use the Leader's skill? {_merc_tip(s, leader)}")
    elif phase == Phase.START_ARTIFACT and s.turn.start_queue:
        half = ARTIFACT_HALVES[s.turn.start_queue[0]]
        out.append(f"{who}: use {half.name}? {half.text}")
    elif phase == Phase.ACTION:
        t = v.turn
        text = f"{who}: {t.normal_actions_used} of 2 actions taken"
        if t.raided:
            text += "; raided " + ", ".join(f"player {q}" for q in t.raided)
        if t.extra_mines:
            text += f"; {t.extra_mines} extra Mine (Drollo)"
        out.append(text)
    if v.played:
        out.append("Played this turn: " + ", ".join(card_name(s, c) for c in v.played))
    return out


def _mine(svg: Svg, v: PlayerView, focus: str | None, y: float) -> float:
    """The Mine's ten slots, grouped by cost tier."""
    _title(
        svg,
        _M,
        y + 13,
        "Mine",
        "cost tier · crystal · VP (* faction symbol, ! Cave-In)",
    )
    recolour = dict(v.turn.recoloured_mine)
    x = _M
    top = y + 20
    w, h = 62, 72
    for slot, crystal in enumerate(v.mine):
        tier = MINE_SLOT_TIER[slot]
        if slot and tier != MINE_SLOT_TIER[slot - 1]:
            x += 10
        cost = CRYSTAL_TIERS[tier]
        with svg.group(data_ref=f"mine-{slot}"):
            if crystal < 0:
                _empty(
                    svg,
                    (x, top, w, h),
                    [(14, f"cost {cost}"), (44, "empty")],
                    tip=f"Mine slot {slot}: empty",
                )
            else:
                colour = CRYSTAL_COLOUR[crystal]
                tip = f"Mine slot {slot}: {crystal_name(crystal)}"
                if slot in recolour:
                    tip += (
                        f", recoloured {Colour(recolour[slot]).name.lower()} this turn"
                    )
                svg.rect(x, top, w, h, rx=4, fill="#fff", stroke=_LINE, tip=tip)
                svg.text(
                    x + w / 2,
                    top + 14,
                    f"cost {cost}",
                    size=11,
                    fill=_MUTED,
                    text_anchor="middle",
                )
                cx, cy = x + w / 2, top + 37
                if slot in recolour:
                    svg.polygon(
                        _hexagon(cx, cy, 20),
                        fill="none",
                        stroke=_FILL[recolour[slot]],
                        stroke_width=3,
                    )
                svg.polygon(
                    _hexagon(cx, cy, 16),
                    fill=_FILL[colour],
                    stroke="#333",
                    stroke_width=0.8,
                    tip=tip,
                )
                if CRYSTAL_SYMBOL[crystal]:
                    svg.text(
                        cx,
                        cy + 5,
                        FACTIONS[colour].symbol,
                        size=13,
                        font_weight="bold",
                        fill=_ON[colour],
                        text_anchor="middle",
                    )
                if CRYSTAL_CAVE_IN[crystal]:
                    svg.circle(cx + 14, cy - 12, 7, fill="#e76f51", stroke="#fff")
                    svg.text(
                        cx + 14,
                        cy - 8,
                        "!",
                        size=11,
                        font_weight="bold",
                        fill="#fff",
                        text_anchor="middle",
                    )
                svg.text(
                    x + w / 2,
                    top + h - 6,
                    f"{CRYSTAL_VP[crystal]} VP",
                    size=11,
                    font_weight="bold",
                    text_anchor="middle",
                )
        if focus == f"mine-{slot}":
            _ring(svg, x, top, w, h)
        x += w + 4
    return top + h


def _stacks(
    svg: Svg, s: GameState, v: PlayerView, viewer: int | None, x: float, y: float
) -> float:
    """The face-down stacks' sizes (whole truth: each one's next card)."""
    _title(svg, x, y + 13, "Stacks", f"removed from the game: {len(v.removed)}")
    top = y + 20
    step = 78
    for i, size in enumerate(v.merc_stack_sizes):
        sx = x + i * step
        tip = f"{size} face-down level {i + 1} mercenaries"
        if viewer is None and size:
            tip += "; next: " + card_name(s, s.merc_stacks[i][-1])
        with svg.group(data_ref=f"stack-{i}"):
            if size > 1:
                svg.rect(sx + 3, top + 3, 40, 34, rx=3, fill=_BACK, stroke="#2b2e3d")
            svg.rect(
                sx,
                top,
                40,
                34,
                rx=3,
                fill=_BACK if size else "none",
                stroke="#2b2e3d" if size else _LINE,
                tip=tip,
            )
            svg.text(
                sx + 20,
                top + 22,
                f"L{i + 1}",
                size=11,
                font_weight="bold",
                fill="#fff" if size else _MUTED,
                text_anchor="middle",
            )
            svg.text(sx + 47, top + 22, f"×{size}", size=11)
    top += 42
    for i, size in enumerate(v.crystal_stack_sizes):
        sx = x + i * step
        tip = f"{size} face-down crystals with a cost of {CRYSTAL_TIERS[i]}"
        if viewer is None and size:
            tip += "; next: " + crystal_name(s.crystal_stacks[i][-1])
        with svg.group(data_ref=f"supply-{i}"):
            svg.polygon(
                _hexagon(sx + 20, top + 13, 13),
                fill="#d9d9d9" if size else "none",
                stroke="#555",
                tip=tip,
            )
            svg.text(
                sx + 20,
                top + 17,
                str(CRYSTAL_TIERS[i]),
                size=11,
                font_weight="bold",
                text_anchor="middle",
            )
            svg.text(sx + 47, top + 17, f"×{size}", size=11)
    top += 28
    if viewer is None:
        nxt = []
        for i, stack in enumerate(s.merc_stacks):
            if stack:
                nxt.append(f"L{i + 1} {MERC_TYPES[s.cards.type_of[stack[-1]]].name}")
        for i, stack in enumerate(s.crystal_stacks):
            if stack:
                crystal = stack[-1]
                nxt.append(
                    f"{Colour(CRYSTAL_COLOUR[crystal]).name.lower()} "
                    f"{CRYSTAL_TIERS[i]}/{_vp_mark(crystal)}"
                )
        lines = _wrap("next: " + ", ".join(nxt or ["-"]), 4 * step, 11)
        top = svg.text_block(x, top - 4, lines[:3], size=11, fill=_MUTED)
    return top


def _docks(svg: Svg, s: GameState, v: PlayerView, focus: str | None, y: float) -> float:
    _title(svg, _M, y + 13, "Docks", "recruit a level with a card one level lower")
    top = y + 20
    x = _M
    w, h = 94, _CARD_H
    for slot, card in enumerate(v.docks):
        level = DOCKS_SLOT_LEVEL[slot]
        if slot and level != DOCKS_SLOT_LEVEL[slot - 1]:
            x += 10
        if card < 0:
            with svg.group(data_ref=f"docks-{slot}"):
                _empty(
                    svg,
                    (x, top, w, h),
                    [(36, f"empty (L{level})")],
                    tip=f"Docks slot {slot}: empty",
                )
        else:
            kind = s.cards.type_of[card]
            _merc_card(
                svg,
                s,
                x,
                top,
                kind,
                w=w,
                h=h,
                ref=f"docks-{slot}",
            )
        if focus == f"docks-{slot}":
            _ring(svg, x, top, w, h)
        x += w + 4
    return top + h


def _artifacts(
    svg: Svg,
    s: GameState,
    v: PlayerView,
    viewer: int | None,
    focus: str | None,
    y: float,
) -> float:
    _title(svg, _M, y + 13, "Artifacts", "collect one half of a stack's top card")
    top = y + 20
    w = (_INNER - 2 * 12) / 3
    h = 102 if viewer is None else 88
    for k, (card, size) in enumerate(
        zip(v.artifact_tops, v.artifact_stack_sizes, strict=True)
    ):
        x = _M + k * (w + 12)
        cost = s.config.artifact_costs[k]
        head = f"Stack {k} · cost {cost} · {size} left"
        if card < 0:
            _empty(
                svg,
                (x, top, w, h),
                [(14, f"Stack {k} · cost {cost} · empty")],
                left=True,
            )
            continue
        svg.rect(x, top, w, h, rx=4, fill="#f1efe6", stroke=_LINE)
        if viewer is None:
            under = "-"
            if size > 1:
                halves = ARTIFACT_CARDS[s.artifact_stacks[k][-2]].halves
                under = " | ".join(ARTIFACT_HALVES[a].name for a in halves)
            svg.text(
                x + 6,
                top + h - 6,
                _clip("next: " + under, w - 12, 11),
                size=11,
                fill=_MUTED,
            )
        svg.text(
            x + 6, top + 14, _clip(head, w - 12, 11, True), size=11, font_weight="bold"
        )
        half_w = (w - 18) / 2
        for half, art in enumerate(ARTIFACT_CARDS[card].halves):
            a = ARTIFACT_HALVES[art]
            hx = x + 6 + half * (half_w + 6)
            if focus == f"artifact-{k}-{half}":
                _ring(svg, hx, top + 20, half_w, 70 - 8)
            with svg.group(data_ref=f"artifact-{k}-{half}"):
                svg.rect(
                    hx,
                    top + 20,
                    half_w,
                    70 - 8,
                    rx=3,
                    fill="#fff",
                    stroke=_LINE,
                    tip=f"{a.name} ({_KIND[a.kind]}): {a.text}",
                )
                names = _wrap(a.name, half_w - 8, 11, bold=True)[:2]
                below = svg.text_block(
                    hx + 4, top + 19, names, size=11, leading=1.2, font_weight="bold"
                )
                words = _wrap(a.text, half_w - 8, 11)
                keep = 4 - len(names)
                if len(words) > keep:
                    words = [
                        *words[: keep - 1],
                        _clip(words[keep - 1] + " …", half_w - 8, 11),
                    ]
                svg.text_block(
                    hx + 4, below - 2, words, size=11, leading=1.2, fill=_MUTED
                )
    return top + h


def _factions(svg: Svg, v: PlayerView, viewer: int | None, y: float) -> float:
    _title(svg, _M, y + 13, "Factions", "a colour not in play is wild; a totem is 3 VP")
    top = y + 20
    w = (_INNER - 5 * 8) / 6
    for c in range(6):
        x = _M + c * (w + 8)
        owner = v.totem_owner[c]
        if not v.in_play[c]:
            note = "wild colour"
        elif owner >= 0:
            note = "totem: you" if owner == viewer else f"totem: player {owner}"
        else:
            note = "totem in the supply"
        name = f"{FACTIONS[c].name} ({Colour(c).name.lower()})"
        with svg.group(data_ref=f"colour-{c}"):
            svg.rect(
                x,
                top,
                w,
                34,
                rx=4,
                fill="#fff",
                stroke=_LINE,
                tip=f"{name}: {FACTIONS[c].theme}; {note}",
            )
            _swatch(svg, x + 6, top + 6, c)
            faction = FACTIONS[c].name
            svg.text(x + 34, top + 15, faction, size=11, font_weight="bold")
            svg.text(
                x + 34 + _text_w(faction, 11, True) + 5,
                top + 15,
                _clip(Colour(c).name.lower(), w - 44 - _text_w(faction, 11, True), 11),
                size=11,
                fill=_MUTED,
            )
            svg.text(x + 34, top + 28, _clip(note, w - 38, 11), size=11, fill=_MUTED)
    return top + 34


# --- the seats -----------------------------------------------------------------


@dataclass
class _Item:
    """One thing in a seat's panel: drawn at (x, y) of its row, `w` wide."""

    w: float
    kind: str  # "card", "back", "crystal", "totem", "artifact", "none"
    value: int = 0
    ref: str | None = None
    leader: bool = False
    secret: bool = False


@dataclass
class _Section:
    label: str
    note: str
    items: list[_Item]


def _seat_sections(
    s: GameState, v: PlayerView, viewer: int | None, q: int
) -> list[list[_Section]]:
    """Seat `q`'s holdings as `viewer` may know them (None: the truth)."""
    p = s.players[q]
    b = score_breakdown(s, q)
    refs = q == (s.current_player if viewer is None else viewer)
    hand: list[_Item] = []
    if viewer is None:
        for c in p.hand:
            kind = s.cards.type_of[c]
            ref = f"hand-{kind}" if refs else None
            hand.append(_Item(_CARD_W, "card", kind, ref, secret=c in p.secret))
    elif q == viewer:
        for c in v.hand:
            kind = s.cards.type_of[c]
            hand.append(_Item(_CARD_W, "card", kind, f"hand-{kind}"))
    else:
        opp = v.opponents[q]
        assert opp is not None
        hand += [_Item(_CARD_W, "card", s.cards.type_of[c]) for c in opp.known]
        hand += [_Item(_CARD_W, "back", lv) for lv in opp.unknown_levels]
    base = v.bases[q]
    base_items = [
        _Item(
            _CARD_W, "card", s.cards.type_of[c], f"base-{q}-{depth}", leader=depth == 0
        )
        for depth, c in enumerate(reversed(base))
    ]
    if viewer is None:
        subjugated = [
            _Item(_CARD_W, "card", s.cards.type_of[c], secret=c in p.face_down)
            for c in p.subjugated
        ]
    else:
        subjugated = [
            _Item(_CARD_W, "back", 1)
            if c < 0
            else _Item(_CARD_W, "card", s.cards.type_of[c])
            for c in v.subjugated[q]
        ]
    crystals = [_Item(26, "crystal", c) for c in v.crystals[q]]
    totems = [_Item(26, "totem", c) for c in range(6) if v.totem_owner[c] == q]
    artifacts = [
        _Item(
            min(_text_w(ARTIFACT_HALVES[a].name, 11) + 16, 180),
            "artifact",
            a,
            f"owned-{q}-{a}",
        )
        for a in v.artifacts[q]
    ]
    cards = "card" if len(hand) == 1 else "cards"
    return [
        [
            _Section("Hand", f"{len(hand)} {cards}", hand),
            _Section("Base", "Leader first", base_items),
            # (an empty one would cost a row: the header says "subjugated 0")
            *(
                [_Section("Subjugated", f"{b.subjugated} VP", subjugated)]
                if subjugated
                else []
            ),
        ],
        [
            _Section("Crystals", f"{b.crystals} VP, sets {b.symbols}", crystals),
            _Section("Totems", f"{TOTEM_VP * len(totems)} VP", totems),
            _Section("Artifacts", f"{b.artifacts} VP", artifacts),
        ],
    ]


def _draw_item(
    svg: Svg, s: GameState, item: _Item, x: float, y: float, focus: str | None
) -> None:
    if item.ref is not None and item.ref == focus:
        if item.kind == "artifact":
            _ring(svg, x, y + 10, item.w, 22)
        else:
            _ring(svg, x, y, item.w, _CARD_H)
    if item.kind == "card":
        _merc_card(
            svg,
            s,
            x,
            y,
            item.value,
            ref=item.ref,
            leader=item.leader,
            secret=item.secret,
        )
    elif item.kind == "back":
        _back_card(svg, x, y, item.value, tip=f"a face-down card (level {item.value})")
    elif item.kind == "crystal":
        _crystal_chip(svg, x, y, item.value)
    elif item.kind == "totem":
        c = item.value
        svg.rect(
            x,
            y + 6,
            24,
            24,
            rx=12,
            fill="none",
            stroke="#c8962c",
            stroke_width=2,
            tip=f"{Colour(c).name.lower()} totem "
            f"({FACTIONS[c].name}): {TOTEM_VP} VP, mining its colour costs 1 less",
        )
        _swatch(svg, x + 3, y + 9, c, size=18)
    elif item.kind == "artifact":
        a = ARTIFACT_HALVES[item.value]
        with _ref(svg, item.ref):
            svg.rect(
                x,
                y + 10,
                item.w,
                22,
                rx=3,
                fill="#f1efe6",
                stroke=_LINE,
                tip=f"{a.name}: {a.text}",
            )
            svg.text(x + 6, y + 25, _clip(a.name, item.w - 10, 11), size=11)
    else:
        svg.text(x, y + 18, "none", size=11, fill=_MUTED)


_LABEL_W: Final = 86
"""The label column of a seat's panel: each line's first section starts there."""


def _layout(
    lines: Sequence[Sequence[_Section]], left: float, right: float
) -> list[tuple[str, _Section | _Item, float, int]]:
    """Sections flowed into rows: (what, thing, x, row), a label before each
    section's items. Each line of sections starts a row, its first label in the
    label column; a section that does not fit the rest of a row starts the next
    one, and a section too long for any row wraps under its own first item."""
    out: list[tuple[str, _Section | _Item, float, int]] = []
    row = -1
    for line in lines:
        x, row = left, row + 1
        for sec in line:
            label_w = max(_text_w(sec.label, 12, True), _text_w(sec.note, 11)) + 10
            items = sec.items or [_Item(30, "none")]
            span = sum(item.w + 4 for item in items) - 4
            fits_here = x + label_w + span <= right
            fits_a_row = left + _LABEL_W + span <= right
            starts_here = x + label_w + items[0].w <= right
            if x > left and not fits_here and (fits_a_row or not starts_here):
                x, row = left, row + 1
            if x == left:
                label_w = max(label_w, _LABEL_W)
            out.append(("label", sec, x, row))
            x += label_w
            first = x
            for item in items:
                if x + item.w > right:
                    x, row = first, row + 1
                out.append(("item", item, x, row))
                x += item.w + 4
            x += 22
    return out


def _seat(
    svg: Svg,
    s: GameState,
    v: PlayerView,
    viewer: int | None,
    focus: str | None,
    q: int,
    y: float,
) -> float:
    """Seat `q`'s panel in its colour; returns the y below it."""
    colour = SEAT_COLOURS[q % len(SEAT_COLOURS)]
    b = score_breakdown(s, q)
    placed = _layout(_seat_sections(s, v, viewer, q), _M + 8, WIDTH - _M - 8)
    rows = max(row for *_, row in placed) + 1
    h = 26 + rows * _ROW + 6
    over = v.phase == Phase.GAME_OVER
    name = f"Player {q}" + (" (you)" if q == viewer else "")
    marks = []
    if q == v.current_player and not over:
        marks.append("to act")
    if q == v.start_player:
        marks.append("started the game")
    ink = _ink_on(colour)
    with svg.group(data_ref=f"player-{q}"):
        svg.rect(
            _M,
            y,
            _INNER,
            h,
            rx=6,
            fill="#fff",
            stroke=colour,
            stroke_width=2,
            tip=f"player {q}",
        )
        svg.rect(_M, y, _INNER, 24, rx=6, fill=colour)
        svg.rect(_M, y + 12, _INNER, 12, fill=colour)
        svg.text(_M + 8, y + 17, name, size=13, font_weight="bold", fill=ink)
        mx = _M + 8 + _text_w(name, 13, True) + 10
        if marks:
            svg.text(mx, y + 17, "· " + " · ".join(marks), size=12, fill=ink)
        detail = (
            f"{b.total} VP: crystals {b.crystals}, sets {b.symbols}, artifacts "
            f"{b.artifacts}, totems {b.totems}, subjugated {b.subjugated}"
            f" · raids {v.raids[q]}"
        )
        svg.text(WIDTH - _M - 8, y + 17, detail, size=12, fill=ink, text_anchor="end")
    for what, thing, x, row in placed:
        ry = y + 28 + row * _ROW
        if what == "label":
            assert isinstance(thing, _Section)
            svg.text(x, ry + 18, thing.label, size=12, font_weight="bold")
            svg.text(x, ry + 33, thing.note, size=11, fill=_MUTED)
        else:
            assert isinstance(thing, _Item)
            _draw_item(svg, s, thing, x, ry, focus)
    return y + h


# --- the picture -----------------------------------------------------------------


def _empty(
    svg: Svg,
    box: tuple[float, float, float, float],
    lines: Sequence[tuple[float, str]],
    *,
    tip: str | None = None,
    left: bool = False,
) -> None:
    """An empty place (a Mine or Docks slot, an artifact stack): a dashed
    outline with muted words, each `(dy, text)` below the top, centred unless
    `left`."""
    x, top, w, h = box
    svg.rect(
        x, top, w, h, rx=4, fill="none", stroke=_LINE, stroke_dasharray="4 3", tip=tip
    )
    for dy, text in lines:
        if left:
            svg.text(x + 6, top + dy, text, size=11, fill=_MUTED)
        else:
            svg.text(
                x + w / 2, top + dy, text, size=11, fill=_MUTED, text_anchor="middle"
            )


def draw(state: GameState, viewer: int | None) -> Picture:
    """`state` as seat `viewer` sees it (only what it may know), or the whole
    truth (`viewer` None: for replays of finished games)."""
    s = state
    # what the viewer may know; the whole truth reads the hands from `s`
    v = player_view(s, s.current_player if viewer is None else viewer)
    focus = _focus(s, v)
    svg = Svg(WIDTH, 0, title="Star Scrappers: Cave-In")
    y = _header(svg, s, v, viewer)
    lines: list[str] = []
    for sentence in _decision(s, v, viewer):
        lines += _wrap(sentence, _INNER - 12, 12)
    if lines:
        band = len(lines) * 16 + 8
        svg.rect(0, y, WIDTH, band, fill="#fff3cd")
        svg.text_block(_M, y + 2, lines, size=12, leading=16 / 12)
        y += band
    mine_bottom = _mine(svg, v, focus, y + 6)
    stacks_bottom = _stacks(svg, s, v, viewer, _M + 700, y + 6)
    y = max(mine_bottom, stacks_bottom)
    y = _docks(svg, s, v, focus, y + 8)
    y = _artifacts(svg, s, v, viewer, focus, y + 8)
    y = _factions(svg, v, viewer, y + 8)
    y += 10
    for q in range(s.num_players):
        y = _seat(svg, s, v, viewer, focus, q, y) + 8
    svg.height = y + 4
    return svg.picture()


def action_target(state: GameState, action: int) -> str | None:
    """The `data-ref` in the mover's picture of the thing legal `action` acts on,
    or None (end turn, done, confirm: no place on the board)."""
    s = state
    p = s.current_player
    name, arg = block_of(action)
    if name in ("RECRUIT", "PICK_DOCKS"):
        return f"docks-{arg}"
    if name in ("MINE", "PICK_MINE"):
        return f"mine-{arg}"
    if name == "COLLECT":
        return f"artifact-{arg // 2}-{arg % 2}"
    if name == "RAID":
        return f"player-{arg}"
    if name in ("SKILL", "PAY", "PICK_HAND"):
        return f"hand-{arg}"
    if name == "PICK_BASE":
        seat, d = divmod(action - PICK_BASE, 6)
        return f"base-{seat}-{d + 1}"
    if name == "PICK_COLOUR":
        return f"colour-{arg}"
    if name == "USE":
        if s.phase == Phase.START_ARTIFACT and s.turn.start_queue:
            return f"owned-{p}-{s.turn.start_queue[0]}"
        if s.players[p].base:
            return f"base-{p}-0"
    return None
