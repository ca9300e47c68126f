"""A Krysis position drawn as SVG: the mine, the relics, one panel per seat.

The text picture (`render.py`) is exact but slow to read; this shows the same
facts laid out for the eye (crystals as coloured shapes, agents as cards, seats
in their colours) for the browser viewer, web play and `rgb_array`. A seat's
picture is drawn from `redact(state, seat)` alone, as the text is, so the picture
of a state and of any `determinize`d copy of it are the same bytes; the one
exception, as in the text, is the game's end, when the final scores are
announced to all. `viewer=None` draws the whole truth (every hand, pick, bid and
face-down relic), for replays.

Things a move acts on carry a `data-ref` (`agent-<seat>-<card>`,
`mine-<chamber>-<option>`, `relic-<seat>-<type>`, `camp-<seat>-<colour>`,
`player-<seat>`, ...); `action_target` names the one a legal action acts on.
"""

from __future__ import annotations

import math
import textwrap
from collections.abc import Sequence

from scavenger_env.core.picture import NEUTRAL_COLOUR, SEAT_COLOURS, Picture, Svg

from .engine import actions as A
from .engine.data import (
    ABILITY_NAMES,
    COLOUR_LETTERS,
    COLOUR_NAMES,
    COMPANY_NAMES,
    LEVELS,
    MAX_OPTIONS,
    MINE,
    MISSION_NAMES,
    MISSION_VP,
    NUM_RELIC_TYPES,
    RELIC_LETTERS,
    RELICS,
    SQUAD_DISCARDS_PER_STAR,
    START_GOODS,
    START_SPACES,
    Ability,
    AgentKind,
    Goods,
    RelicKind,
    cards_of,
    crystals_text,
)
from .engine.describe import agent_text
from .engine.queries import (
    attack_value,
    bid_value,
    defence_value,
    team_initiative,
)
from .engine.scoring import final_scores, mission_done, score_breakdown, winners
from .engine.state import ACTION_PHASES, NONE, ActKind, Phase, State
from .engine.view import redact
from .render import LOG_LINES, PHASE_WORDS, placed, select_lines

__all__ = ["action_target", "draw"]

WIDTH = 1100
_M = 12  # outer margin
_FS = 12  # body text size
_LH = 20  # a line of text or icons
_HEAD_H = 56
_CARD_W, _CARD_H, _CARD_GAP = 100, 50, 4
_LEFT_W = 430  # a panel's column of goods and numbers
_INK = "#222"
_GREY = "#666"
_CRYSTAL_FILL = ("#c0392b", "#2f6fbf", "#ffffff")
_CRYSTAL_EDGE = ("#6e1a12", "#173c6b", "#6b6b6b")
_SETUP = (Phase.SQUAD, Phase.HAND)
_ACTING = ACTION_PHASES | {Phase.DRAW}
_MINING = (Phase.PLACE, Phase.KEEP)
_SPACES = ("I", "II", "III", "IV")


def _tw(text: str, size: float = _FS, bold: bool = False) -> float:
    """Estimated width of `text` in the picture's font (DejaVu Sans runs at
    about 0.53 of the size a character; a margin for wide letters)."""
    return len(text) * size * (0.64 if bold else 0.58)


def _fit(text: str, width: float, size: float = _FS, bold: bool = False) -> str:
    """`text`, cut with an ellipsis to fit `width`."""
    if _tw(text, size, bold) <= width:
        return text
    keep = max(int(width / (size * (0.64 if bold else 0.58))) - 1, 1)
    return text[:keep].rstrip() + "…"


def _who(q: int, viewer: int | None) -> str:
    return "you" if q == viewer else f"player {q}"


def _sees(q: int, viewer: int | None) -> bool:
    """Whether the picture shows seat `q`'s hidden things."""
    return viewer is None or viewer == q


# -- shapes ------------------------------------------------------------------------


def _crystal(svg: Svg, cx: float, cy: float, colour: int, r: float = 6.0) -> None:
    """Red and white crystals are diamonds, blue ones hexagons."""
    if colour == 1:
        pts = [
            (cx + r * math.cos(math.pi / 3 * k), cy + r * math.sin(math.pi / 3 * k))
            for k in range(6)
        ]
    else:
        pts = [(cx, cy - r), (cx + r * 0.8, cy), (cx, cy + r), (cx - r * 0.8, cy)]
    svg.polygon(
        pts,
        fill=_CRYSTAL_FILL[colour],
        stroke=_CRYSTAL_EDGE[colour],
        stroke_width=1,
        tip=f"{COLOUR_NAMES[colour]} crystal",
    )


def _relic_chip(svg: Svg, x: float, cy: float, t: int, w: float = 28) -> None:
    weapon = RELICS[t].kind == RelicKind.WEAPON
    svg.rect(
        x,
        cy - 8,
        w,
        16,
        rx=3,
        fill="#4a3b2f" if weapon else "#eadfc4",
        stroke="#3b2f20",
        stroke_width=1,
        tip=RELICS[t].name,
    )
    svg.text(
        x + w / 2,
        cy + 4,
        RELIC_LETTERS[t],
        size=11,
        text_anchor="middle",
        fill="#fff" if weapon else "#3b2f20",
    )


def _relic_back(svg: Svg, x: float, cy: float, tip: str) -> None:
    svg.rect(x, cy - 8, 28, 16, rx=3, fill="#7a7466", stroke="#3b2f20", tip=tip)
    svg.text(x + 14, cy + 4, "?", size=11, text_anchor="middle", fill="#fff")


def _star(svg: Svg, cx: float, cy: float, r: float, fill: str) -> None:
    pts = []
    for k in range(10):
        rad = r if k % 2 == 0 else r * 0.45
        ang = -math.pi / 2 + k * math.pi / 5
        pts.append((cx + rad * math.cos(ang), cy + rad * math.sin(ang)))
    svg.polygon(pts, fill=fill)


def _card_back(
    svg: Svg, x: float, y: float, w: float, h: float, colour: str, tip: str
) -> None:
    svg.rect(x, y, w, h, rx=3, fill=colour, stroke="#333", tip=tip)
    svg.rect(x + 3, y + 3, w - 6, h - 6, rx=2, fill="none", stroke="#fff")


def _agent_card(
    svg: Svg, x: float, y: float, seat: int, card_id: int, rules: int, *, pick: bool
) -> None:
    """An agent face up; `pick`: committed face down (seen by its owner)."""
    a = cards_of(rules)[seat][card_id]
    transporter = a.kind == AgentKind.TRANSPORTER
    tip = agent_text(seat, card_id, rules) + (" (picked, face down)" if pick else "")
    with svg.group(data_ref=f"agent-{seat}-{card_id}"):
        svg.rect(
            x,
            y,
            _CARD_W,
            _CARD_H,
            rx=4,
            fill="#f4f8fc" if transporter else "#fcf3f1",
            stroke=SEAT_COLOURS[seat],
            stroke_width=2,
            stroke_dasharray="5 3" if pick else None,
            tip=tip,
        )
        # the longest name (14 letters) fits in normal weight, not in bold
        svg.text(x + 5, y + 14, _fit(a.name, _CARD_W - 8, 11), size=11, fill="#000")
        svg.line(x + 4, y + 18.5, x + _CARD_W - 4, y + 18.5, stroke="#d9d4ca")
        if a.multiplier:
            speed = f"spd {a.multiplier}×{COLOUR_LETTERS[a.multiplier_colour]}"
        else:
            speed = f"spd {a.speed}"
        svg.text(x + 5, y + 31, speed, size=11)
        right = x + _CARD_W - 5
        icons = [c for c in range(3) for _ in range(a.capacity[c])]
        for i, c in enumerate(reversed(icons)):
            _crystal(svg, right - 4 - i * 10, y + 27, c, r=4.5)
        if a.combat:
            at = right - len(icons) * 10 - (4 if icons else 0)
            svg.text(at, y + 31, f"atk {a.combat}", size=11, text_anchor="end")
        # the kind or the ability (at most 11 letters) and 1-3 stars
        if a.special:
            ability = _ability(a.ability, a.amount[0])
        else:
            ability = "transporter" if transporter else "fighter"
        svg.text(x + 5, y + 45, ability, size=11, fill=_GREY)
        for k in range(a.stars):
            _star(svg, right - 3.5 - k * 7.5, y + 41.5, 3.8, "#c9a227")


def _ability(ability: int, amount: int) -> str:
    """A special agent's ability, short enough for its card."""
    name = ABILITY_NAMES[ability]
    if ability == Ability.EMINENT_MINER:
        return "Em. miner"
    if ability == Ability.DEFENSE:
        return f"{name} +{amount}"
    return name


# -- flowing lines -----------------------------------------------------------------


class _Pen:
    """Places text and icons left to right on lines of `_LH`, from `x0`,
    wrapping at `x1` to `x0 + indent`."""

    def __init__(
        self, svg: Svg, x0: float, x1: float, y: float, indent: float = 0
    ) -> None:
        self.svg = svg
        self.x0 = x0
        self.x1 = x1
        self.indent = indent
        self.y = y
        self.x = x0

    @property
    def mid(self) -> float:
        return self.y + _LH / 2

    def newline(self) -> None:
        self.y += _LH
        self.x = self.x0

    def room(self, w: float) -> None:
        if self.x + w > self.x1 and self.x > self.x0 + self.indent:
            self.newline()
            self.x = self.x0 + self.indent

    def label(self, text: str, w: float) -> None:
        """A line's head in grey; what follows starts at `x0 + w`."""
        self.svg.text(self.x, self.mid + 4, text, size=_FS, fill=_GREY)
        self.x = self.x0 + w

    def text(
        self,
        text: str,
        *,
        size: float = _FS,
        bold: bool = False,
        fill: str = _INK,
        gap: float = 6,
    ) -> None:
        """Words, broken between words at `x1`."""
        words = text.split(" ")
        while words:
            line: list[str] = []
            for word in words:
                trial = " ".join([*line, word])
                if self.x + _tw(trial, size, bold) <= self.x1 or (
                    not line and self.x <= self.x0 + self.indent
                ):
                    line.append(word)
                else:
                    break
            if not line:  # nothing fits the rest of this line
                self.newline()
                self.x = self.x0 + self.indent
                continue
            words = words[len(line) :]
            shown = _fit(" ".join(line), self.x1 - self.x, size, bold)
            self.svg.text(
                self.x,
                self.mid + size * 0.36,
                shown,
                size=size,
                fill=fill,
                font_weight="bold" if bold else None,
            )
            self.x += _tw(shown, size, bold) + gap
            if words:
                self.newline()
                self.x = self.x0 + self.indent

    def crystals(
        self, counts: Sequence[int], ref: str | None = None, always: bool = False
    ) -> None:
        """Each colour as its shape and count (`always`: a colour at 0 too,
        faint; `ref`: each colour clickable as `<ref>-<colour>`)."""
        for c in range(3):
            n = counts[c]
            if not n and not always:
                continue
            w = 14 + _tw(str(n)) + 8
            self.room(w)
            with self.svg.group(
                data_ref=f"{ref}-{COLOUR_NAMES[c]}" if ref else None,
                opacity=None if n else 0.4,
            ):
                self.svg.rect(
                    self.x - 2, self.y + 1, w - 4, _LH - 2, fill="#fff", fill_opacity=0
                )
                _crystal(self.svg, self.x + 6, self.mid, c)
                self.svg.text(self.x + 14, self.mid + 4, str(n), size=_FS)
            self.x += w
        if not any(counts[:3]) and not always:
            self.text("nothing", fill=_GREY)

    def relics(self, counts: Sequence[int], seat: int | None = None) -> None:
        """Relic cards face up by type (`seat`: each clickable as
        `relic-<seat>-<type>`)."""
        for t in range(NUM_RELIC_TYPES):
            n = counts[t]
            if not n:
                continue
            head = f"{n}×" if n > 1 else ""
            w = (_tw(head) + 6 if head else 0) + 28 + 6
            self.room(w)
            with self.svg.group(data_ref=None if seat is None else f"relic-{seat}-{t}"):
                if head:
                    self.svg.text(self.x, self.mid + 4, head, size=_FS)
                _relic_chip(self.svg, self.x + w - 34, self.mid, t)
            self.x += w

    def face_down(self, n: int, ref: str | None) -> None:
        """`n` relics face down, as one back and a count."""
        text = f"{n} face down"
        w = 32 + _tw(text) + 6
        self.room(w)
        with self.svg.group(data_ref=ref):
            _relic_back(self.svg, self.x, self.mid, f"{n} relic card(s) face down")
            self.svg.text(self.x + 32, self.mid + 4, text, size=_FS, fill=_GREY)
        self.x += w

    def deck(self, label: str, n: int, colour: str, ref: str) -> None:
        """A face-down pile and its size."""
        text = f"{label} {n}"
        w = 18 + _tw(text) + 8
        self.room(w)
        with self.svg.group(data_ref=ref):
            _card_back(
                self.svg, self.x, self.y + 2, 13, _LH - 4, colour, f"{label}: {n}"
            )
            self.svg.text(self.x + 18, self.mid + 4, text, size=_FS)
        self.x += w

    def end(self) -> float:
        """The y below the last line."""
        return self.y + _LH


# -- the picture -------------------------------------------------------------------


def draw(state: State, viewer: int | None) -> Picture:
    """`state` as seat `viewer` may see it (None: the whole truth)."""
    r = state if viewer is None else redact(state, viewer)
    svg = Svg(WIDTH, 100, title=_title(r, viewer))
    _header(svg, r, viewer)
    y = _table(svg, r, state, viewer, _HEAD_H + 10)
    for q in range(r.n):
        under = svg.mark()
        h = _panel(svg, r, q, viewer, y)
        with svg.behind(under):  # the panel's background, now that h is known
            svg.rect(
                _M,
                y,
                WIDTH - 2 * _M,
                h,
                rx=6,
                fill=SEAT_COLOURS[q],
                fill_opacity=0.07,
                stroke=SEAT_COLOURS[q],
                stroke_width=1.5,
            )
        y += h + 8
    y = _log(svg, r, y)
    svg.height = y + _M
    return svg.picture()


def _title(r: State, viewer: int | None) -> str:
    name = "Speed Krysis" if r.config.speed else "Krysis"
    whose = "the whole truth" if viewer is None else f"as player {viewer} sees it"
    return f"{name}, round {r.round}: {whose}"


def _header(svg: Svg, r: State, viewer: int | None) -> None:
    """Which game, round and phase; who moves; whose picture."""
    svg.rect(0, 0, WIDTH, _HEAD_H, fill="#2f3e46")
    name = "Speed Krysis" if r.config.speed else "Krysis"
    phase = PHASE_WORDS[Phase(r.phase)]
    if r.phase == Phase.PICK:
        phase += f" (agent {r.pick_round + 1} of 3)"
    elif r.phase == Phase.DRAW:
        phase = f"end of round {r.round - 1}: drawing agents"
    if viewer is None:
        me = "the whole truth: every hand shown"
    else:
        me = f"you are player {viewer} ({COMPANY_NAMES[viewer]})"
    me_w = _tw(me)
    svg.text(WIDTH - _M, 22, me, size=_FS, fill="#dfe7ea", text_anchor="end")
    head = f"{name} · round {r.round}/{r.config.rounds} · {phase}"
    room = WIDTH - 3 * _M - me_w
    svg.text(
        _M, 22, _fit(head, room, 14, True), size=14, font_weight="bold", fill="#fff"
    )
    if r.phase == Phase.GAME_OVER:
        svg.text(
            _M, 45, "the game is over: final scores on the right", size=13, fill="#fff"
        )
        return
    p = r.mover
    svg.circle(_M + 7, 40, 7, fill=SEAT_COLOURS[p], stroke="#fff", stroke_width=1.5)
    who = "you" if p == viewer else f"player {p} ({COMPANY_NAMES[p]})"
    what = f"{who} to move"
    if r.phase == Phase.BID:
        what += f": the blind bid, {COLOUR_NAMES[r.bid_step]} crystals"
    svg.text(_M + 20, 45, what, size=13, fill="#fff")


def _table(svg: Svg, r: State, state: State, viewer: int | None, y: float) -> float:
    """The mine on the left; the relics and the decision at hand on the right.
    Returns the y below."""
    right_x = _M + 560
    if r.config.speed:
        order = ", ".join(_who(p, viewer) for p in r.start_order)
        pen = _Pen(svg, _M, right_x - 16, y)
        pen.text("Speed Krysis: no mine, no relics.", bold=True)
        pen.newline()
        pen.text(f"Tie order: {order}")
        left = pen.end()
        top = y
    else:
        left = _mine(svg, r, viewer, _M, y)
        top = _relic_box(svg, r, right_x, y)
    bottom = _choice_box(svg, r, state, viewer, right_x, top)
    return max(left, bottom) + 10


def _mine_rows(r: State) -> tuple[int, list[int], str]:
    """The level in play, the seats already on it, and a note (as the text)."""
    phase = Phase(r.phase)
    if phase in (Phase.BID, *_SETUP):
        return r.level + 1, [], "next; chosen in bid order after the bids"
    if phase in _MINING:
        order = ", ".join(f"P{p}" for p in r.queue)
        return r.level, placed(r), f"being chosen in bid order: {order}"
    note = "this round" if phase in _ACTING or phase == Phase.PICK else "now"
    if phase == Phase.DRAW:
        note = "mined last round"
    return r.level, list(range(r.n)), note


def _mine(svg: Svg, r: State, viewer: int | None, x: float, y: float) -> float:
    """The start row and the five levels, the level in play lit, the miners
    as pawns in their seat colours."""
    level, on_level, note = _mine_rows(r)
    svg.text(
        x,
        y + 14,
        f"Mine level {min(level, LEVELS)} of {LEVELS}",
        size=13,
        font_weight="bold",
    )
    svg.text(x + 150, y + 14, _fit(f"({note})", 370), size=_FS, fill=_GREY)
    y += 22
    label_w, cell_w, row_h = 56, 124, 28
    where = {}
    for p in range(r.n):
        row = level if p in on_level else level - 1
        where[(row, r.position[p])] = p
    used = START_SPACES[r.n - 2]
    for row in range(LEVELS + 1):
        ry = y + row * row_h
        lit = row == level
        svg.rect(
            x,
            ry,
            label_w + 4 * cell_w,
            row_h,
            fill="#fff1cc" if lit else "#efece4",
            stroke="#c8c2b4",
        )
        svg.text(
            x + 6,
            ry + 18,
            "start" if row == 0 else f"level {row}",
            size=_FS,
            font_weight="bold" if lit else None,
        )
        for c in range(4):
            cx = x + label_w + c * cell_w
            svg.line(cx, ry, cx, ry + row_h, stroke="#c8c2b4")
            if row == 0:
                svg.text(cx + 4, ry + 18, _SPACES[c], size=11, fill=_GREY)
                with svg.group(opacity=None if c in used else 0.35):
                    _goods(svg, [START_GOODS[c]], cx + 24, ry + row_h / 2, None, c)
            else:
                options = MINE[row - 1][c]
                svg.text(cx + 4, ry + 18, str(c + 1), size=11, fill=_GREY)
                _goods(svg, options, cx + 16, ry + row_h / 2, c if lit else None, c)
            p = where.get((row, c), NONE)
            if p != NONE:
                _pawn(svg, cx + cell_w - 13, ry + row_h / 2, p, viewer)
    return y + (LEVELS + 1) * row_h


def _goods(
    svg: Svg,
    options: Sequence[Goods],
    x: float,
    cy: float,
    chamber: int | None,
    c: int,
) -> None:
    """A space's goods; the options of the level in play are `mine-<c>-<o>`."""
    for o, goods in enumerate(options):
        if o:
            svg.text(x + 1, cy + 4, "or", size=11, fill=_GREY)
            x += 16
        icons = [k for k in range(3) for _ in range(goods.crystals[k])]
        w = 11 * (len(icons) + goods.relics) + 2
        with svg.group(data_ref=None if chamber is None else f"mine-{c}-{o}"):
            svg.rect(
                x - 2, cy - 12, w + 2, 24, fill="#fff", fill_opacity=0, tip=goods.text()
            )
            for i, k in enumerate(icons):
                _crystal(svg, x + 5 + 11 * i, cy, k, r=5)
            for j in range(goods.relics):
                rx = x + 11 * (len(icons) + j)
                svg.rect(
                    rx + 1,
                    cy - 6.5,
                    9,
                    13,
                    rx=1.5,
                    fill="#7a7466",
                    stroke="#3b2f20",
                    tip="a relic: draw 2, keep 1",
                )
        x += w + 2


def _pawn(svg: Svg, cx: float, cy: float, p: int, viewer: int | None) -> None:
    svg.circle(
        cx,
        cy,
        9,
        fill=SEAT_COLOURS[p],
        stroke="#222" if p == viewer else "#fff",
        stroke_width=2,
        tip=f"{_who(p, viewer)}: player {p} ({COMPANY_NAMES[p]})",
    )
    svg.text(
        cx,
        cy + 4,
        str(p),
        size=11,
        fill="#fff",
        text_anchor="middle",
        font_weight="bold",
    )


def _relic_box(svg: Svg, r: State, x: float, y: float) -> float:
    """The relic draw pile and the face-up discards."""
    pen = _Pen(svg, x, WIDTH - _M, y, indent=0)
    pen.text("Relics", bold=True, size=13)
    pen.x = x + 60
    pen.deck("draw pile", len(r.relic_deck), NEUTRAL_COLOUR, "relic-deck")
    pen.text("discards:", fill=_GREY)
    discard = [0] * NUM_RELIC_TYPES
    for t in r.relic_discard:
        discard[t] += 1
    if any(discard):
        pen.relics(discard)
    else:
        pen.text("none", fill=_GREY)
    return pen.end() + 6


def _choice_box(
    svg: Svg, r: State, state: State, viewer: int | None, x: float, y: float
) -> float:
    """What the decision at hand is about (as the text's "Your choice"/"Now"),
    the offered relics as cards; at the end, the final scores."""
    x1 = WIDTH - _M
    phase = Phase(r.phase)
    pen = _Pen(svg, x + 8, x1 - 8, y + 4, indent=0)
    svg_start = pen.y
    if phase == Phase.GAME_OVER:
        scores = final_scores(state)
        won = winners(state)[0]
        pen.text("Final scores", bold=True, size=13)
        for p in range(state.n):
            pen.newline()
            pen.svg.circle(pen.x + 6, pen.mid, 6, fill=SEAT_COLOURS[p])
            pen.x += 16
            mark = "  winner" if p == won else ""
            pen.text(f"{_who(p, viewer)}: {scores[p]} VP{mark}", bold=p == won)
        end = pen.end()
        _frame(svg, x, y, x1, end, "#2f3e46")
        return end
    p = r.mover
    mine = viewer is None or p == viewer
    lines = _choice_lines(r, viewer)
    if not lines and phase not in (Phase.KEEP, Phase.SPY_TAKE):
        return y
    head = "Your choice" if p == viewer else f"Now ({_who(p, viewer)})"
    pen.text(head, bold=True, size=13, fill=SEAT_COLOURS[p])
    for line in lines:
        pen.newline()
        pen.text(line)
    if phase == Phase.KEEP and mine:
        pen.newline()
        pen.text("keep one:", fill=_GREY)
        for i, t in enumerate(r.keep_options):
            with svg.group(data_ref=f"keep-{i}"):
                svg.rect(pen.x - 2, pen.y, 36, _LH, fill="#fff", fill_opacity=0)
                _relic_chip(svg, pen.x, pen.mid, t)
            pen.x += 38
            svg.text(pen.x, pen.mid + 4, RELICS[t].name, size=11, fill=_GREY)
            pen.x += _tw(RELICS[t].name, 11) + 12
    elif phase == Phase.SPY_TAKE and mine:
        pen.newline()
        pen.text("take one:", fill=_GREY)
        for t, n in enumerate(r.camp_relics[r.spy_target]):
            if not n:
                continue
            head = f"{n}×" if n > 1 else ""
            with svg.group(data_ref=f"spy-relic-{t}"):
                if head:
                    svg.text(pen.x, pen.mid + 4, head, size=_FS)
                at = pen.x + (_tw(head) + 6 if head else 0)
                _relic_chip(svg, at, pen.mid, t)
            pen.x = at + 34
    end = pen.end()
    _frame(svg, x, svg_start - 4, x1, end, SEAT_COLOURS[p])
    return end


def _frame(svg: Svg, x0: float, y0: float, x1: float, y1: float, colour: str) -> None:
    svg.rect(
        x0, y0, x1 - x0, y1 - y0 + 4, rx=5, fill="none", stroke=colour, stroke_width=1.5
    )


def _choice_lines(r: State, viewer: int | None) -> list[str]:
    """The decision's public facts, and the mover's hidden ones for the mover
    (or the whole truth), in words as the text picture's."""
    phase = Phase(r.phase)
    p = r.mover
    mine = viewer is None or p == viewer
    who = _who(p, viewer)
    rules = r.config.rules_version
    out: list[str] = []
    if phase == Phase.KEEP:
        if mine:
            out.append("the other relic is discarded face up")
        else:
            out.append(f"{who} keeps one of two relics drawn (unseen by you)")
        if r.keeps_left > 1:
            out.append(f"{r.keeps_left - 1} more draw(s) to come")
    elif phase == Phase.SPY_TARGET:
        out.append(f"{who} chooses whose campsite relics the Spy looks at")
    elif phase == Phase.SPY_TAKE:
        target = _who(r.spy_target, viewer)
        if mine:
            out.append(f"the Spy sees {target}'s campsite relics and takes one")
        else:
            out.append(f"{who}'s Spy looks at {target}'s campsite relics, takes one")
    elif phase == Phase.SPECIAL_TIMING and r.specials_undecided:
        name = cards_of(rules)[p][r.specials_undecided[0]].name
        out.append(f"does the {name} act before or after the action?")
    elif phase == Phase.SELECT:
        out += select_lines(r, viewer)
    elif phase == Phase.THIEF:
        loot = crystals_text(cards_of(rules)[p][r.act_target].amount[:3])
        out.append(f"the Thief steals up to {loot} from one campsite")
    elif phase == Phase.ALCHEMY:
        mode = ("undecided", "white to blue", "blue to red")[r.alchemy_mode]
        out.append(f"converting at the campsite: {mode}")
    elif phase == Phase.DRAW:
        verb = "draw" if p == viewer else "draws"
        out.append(f"{who} {verb} {r.draws_left} more, choosing the deck each time")
    elif phase == Phase.SQUAD and mine:
        stars = [0, 0, 0]
        for c in r.squad_out[p]:
            stars[cards_of(rules)[p][c].stars - 1] += 1
        need = ", ".join(
            f"{SQUAD_DISCARDS_PER_STAR - n} of {s + 1}*" for s, n in enumerate(stars)
        )
        out.append(f"leave out {need} more")
    elif phase == Phase.HAND and mine:
        out.append(f"choose {9 - len(r.hand[p])} more agents for the hand")
    return out


# -- a seat's panel ------------------------------------------------------------------


def _panel(svg: Svg, r: State, q: int, viewer: int | None, y: float) -> float:
    """Seat `q`'s band, goods and numbers (left), agents (right); its height."""
    x0, x1 = _M, WIDTH - _M
    own = _sees(q, viewer)
    phase = Phase(r.phase)
    # -- the band: who, and the (public) VP
    with svg.group(data_ref=f"player-{q}"):
        svg.rect(
            x0,
            y,
            x1 - x0,
            24,
            rx=6,
            fill=SEAT_COLOURS[q],
            tip=f"player {q} ({COMPANY_NAMES[q]})",
        )
    name = f"player {q} · {COMPANY_NAMES[q]}" + (" (you)" if q == viewer else "")
    svg.text(x0 + 10, y + 17, name, size=13, font_weight="bold", fill="#fff")
    if r.mover == q and phase != Phase.GAME_OVER:
        bx = x0 + 20 + _tw(name, 13, True)
        svg.rect(bx, y + 4, 62, 16, rx=8, fill="#fff")
        svg.text(
            bx + 31,
            y + 16,
            "to move",
            size=11,
            text_anchor="middle",
            fill=SEAT_COLOURS[q],
            font_weight="bold",
        )
    b = score_breakdown(r, q)
    hidden = [] if own or r.config.speed else ["relic sets"]
    if r.config.missions and not own:
        hidden.append("mission")
    vp = f"{b.total if own else b.sales + b.crystals} VP"
    if hidden:
        vp += f" + hidden {' and '.join(hidden)}"
    svg.text(
        x1 - 10, y + 17, vp, size=13, font_weight="bold", fill="#fff", text_anchor="end"
    )
    left = _goods_column(svg, r, q, viewer, x0 + 10, x0 + _LEFT_W, y + 30)
    right = _agents_column(svg, r, q, viewer, x0 + _LEFT_W + 14, x1 - 8, y + 30)
    return max(left, right) + 6 - y


def _goods_column(
    svg: Svg, r: State, q: int, viewer: int | None, x0: float, x1: float, y: float
) -> float:
    own = _sees(q, viewer)
    phase = Phase(r.phase)
    label_w = 74
    pen = _Pen(svg, x0, x1, y, indent=label_w)
    b = score_breakdown(r, q)
    parts = [f"sales {b.sales}", f"crystals {b.crystals}"]
    if own:
        if not r.config.speed:
            parts.append(f"relic sets {b.relics}")
        if r.config.missions:
            parts.append(f"mission {b.mission}")
    pen.label("VP", label_w)
    text = " + ".join(parts)  # the total is in the band
    if not own and not r.config.speed:
        text += " (home relic sets hidden)"
    pen.text(text)
    # -- goods
    for where, crystals, relics, ref in (
        ("home", r.home[q], r.home_relics[q], f"home-{q}"),
        ("campsite", r.camp[q], r.camp_relics[q], f"camp-{q}"),
    ):
        pen.newline()
        with svg.group(data_ref=ref):
            svg.rect(
                pen.x - 2,
                pen.y + 1,
                label_w - 6,
                _LH - 2,
                rx=3,
                fill="#fff",
                fill_opacity=0.6,
                stroke="#d6d2c8",
            )
            pen.label(where, label_w)
        camp = where == "campsite"
        pen.crystals(crystals, ref=ref if camp else None, always=True)
        if r.config.speed:
            continue
        if own:
            if any(relics):
                pen.relics(relics, seat=q if camp else None)
            else:
                pen.text("no relics", fill=_GREY)
        else:
            pen.face_down(sum(relics), f"camp-relics-{q}" if camp else None)
    flipped = [0] * NUM_RELIC_TYPES
    for t in r.flipped[q]:
        flipped[t] += 1
    if any(flipped) or r.weapon_in_play[q]:
        pen.newline()
        pen.label("flipped", label_w)
        pen.relics(flipped)
        if r.weapon_in_play[q]:
            pen.text(f"a weapon +{r.weapon_in_play[q]} stays to defend", fill=_GREY)
    # -- bids
    if not r.config.speed and r.level > 0 and phase not in _SETUP:
        pen.newline()
        pen.label("last bid", label_w)
        pen.crystals(r.last_bid[q])
        pen.text(f"(value {bid_value(r.last_bid[q])})", fill=_GREY)
    committed = r.pending[q] != NONE or (phase == Phase.BID and r.bid_done[q])
    if phase == Phase.BID:
        if own and (r.mover == q or r.bid_done[q]):
            pen.newline()
            pen.label("bid", label_w)
            done = "finished" if r.bid_done[q] else "in progress"
            pen.crystals(r.bid[q])
            pen.text(f"(value {bid_value(r.bid[q])}; {done})", fill=_GREY)
        elif committed:
            pen.newline()
            pen.label("bid", label_w)
            w = 24
            pen.svg.rect(
                pen.x,
                pen.y + 3,
                w,
                _LH - 6,
                rx=2,
                fill="#d8cfb8",
                stroke="#3b2f20",
                tip="a sealed bid",
            )
            pen.svg.line(pen.x, pen.y + 3, pen.x + w / 2, pen.mid + 2, stroke="#3b2f20")
            pen.svg.line(
                pen.x + w, pen.y + 3, pen.x + w / 2, pen.mid + 2, stroke="#3b2f20"
            )
            pen.x += w + 6
            pen.text("committed (hidden until all have bid)", fill=_GREY)
    # -- where the seat stands in the round
    status = _status(r, q)
    if status:
        pen.newline()
        pen.label("team", label_w)
        pen.text("; ".join(status))
    # -- cards
    pen.newline()
    pen.label("cards", label_w)
    in_hand = (
        len(r.hand[q]) + (r.pending[q] != NONE) - (phase == Phase.PICK and committed)
    )
    pen.text(f"hand {in_hand}")
    if not r.config.speed:
        if phase in _SETUP and not own:
            pen.text("decks hidden during set-up", fill=_GREY)
        else:
            pen.deck("transporters", len(r.deck_t[q]), SEAT_COLOURS[q], f"deck-{q}-t")
            pen.deck("fighters", len(r.deck_f[q]), SEAT_COLOURS[q], f"deck-{q}-f")
    if own and r.config.missions and r.mission[q] != NONE:
        pen.newline()
        pen.label("mission", label_w)
        done = "met now" if mission_done(r, q) else "not met now"
        pen.text(f"{MISSION_NAMES[r.mission[q]]} at home (+{MISSION_VP} VP; {done})")
    return pen.end()


def _status(r: State, q: int) -> list[str]:
    """Combat and initiative, and where `q` is in the action phase."""
    phase = Phase(r.phase)
    out = []
    if phase == Phase.PICK:
        out.append(f"speed so far {team_initiative(r, q)}")
    elif phase in _ACTING:
        out.append(f"initiative {r.initiative[q]}")
        defence = defence_value(r, q)
        out.append("defence 0 (deserted)" if defence < 0 else f"defence {defence}")
        if r.mover == q and phase in (Phase.ACTION, Phase.SELECT):
            out.append(f"attack {attack_value(r, q)}")
    if r.acted[q]:
        out.append("has acted")
    if r.deserted[q]:
        out.append("campsite deserted")
    if not out and not r.team[q]:
        out.append("no team")
    return out


def _agents_column(
    svg: Svg, r: State, q: int, viewer: int | None, x0: float, x1: float, y: float
) -> float:
    """Team, hand, set-up decks, agents left out, discards."""
    own = _sees(q, viewer)
    phase = Phase(r.phase)
    rules = r.config.rules_version
    your = "your " if q == viewer else ""
    team = list(r.team[q])
    pick = r.pending[q] if phase == Phase.PICK else NONE
    if team or pick != NONE:
        y = _caption(svg, x0, y, "team")
        for i, c in enumerate(team):  # at most 3: one row
            _agent_card(svg, x0 + i * (_CARD_W + _CARD_GAP), y, q, c, rules, pick=False)
        if pick != NONE:
            x = x0 + len(team) * (_CARD_W + _CARD_GAP)
            if own:
                _agent_card(svg, x, y, q, pick, rules, pick=True)
                note = "picked, face down"
            else:
                _card_back(
                    svg,
                    x,
                    y,
                    _CARD_W,
                    _CARD_H,
                    SEAT_COLOURS[q],
                    "an agent picked face down",
                )
                note = "committed face down"
            svg.text(x + _CARD_W + 6, y + _CARD_H / 2 + 4, note, size=11, fill=_GREY)
        y += _CARD_H + 6
    hand = list(r.hand[q])
    if own:
        y = _caption(
            svg, x0, y, f"{your}hand ({len(hand)})" if hand else f"{your}hand: none"
        )
        if hand:
            y = _cards(svg, x0, x1, y, q, hand, rules)
        if phase in _SETUP:
            decks = sorted(r.deck_t[q] + r.deck_f[q])
            y = _caption(svg, x0, y, f"{your}decks ({len(decks)})")
            if decks:
                y = _cards(svg, x0, x1, y, q, decks, rules)
        if r.squad_out[q]:
            y = _caption(svg, x0, y, f"left out of {your or 'the '}squad")
            y = _cards(svg, x0, x1, y, q, list(r.squad_out[q]), rules)
    elif hand:
        y = _caption(svg, x0, y, f"hand: {len(hand)} agents face down")
        for i in range(len(hand)):
            _card_back(
                svg,
                x0 + i * 14,
                y,
                24,
                34,
                SEAT_COLOURS[q],
                f"{len(hand)} agents in hand",
            )
        y += 40
    discard = list(r.agent_discard[q])
    if discard:
        y = _caption(svg, x0, y, "discards")
        x = x0
        for c in discard:
            name = cards_of(rules)[q][c].name
            w = _tw(name, 11) + 10
            if x + w > x1:
                x = x0
                y += 20
            with svg.group(data_ref=f"agent-{q}-{c}"):
                svg.rect(
                    x,
                    y,
                    w,
                    17,
                    rx=3,
                    fill="#fff",
                    stroke=SEAT_COLOURS[q],
                    tip=agent_text(q, c, rules),
                )
                svg.text(x + 5, y + 13, name, size=11)
            x += w + 4
        y += 22
    return y


def _caption(svg: Svg, x: float, y: float, text: str) -> float:
    svg.text(x, y + 12, text, size=11, fill=_GREY)
    return y + 16


def _cards(
    svg: Svg, x0: float, x1: float, y: float, q: int, cards: list[int], rules: int
) -> float:
    """Agents face up in rows; the y below."""
    per_row = max(int((x1 - x0 + _CARD_GAP) // (_CARD_W + _CARD_GAP)), 1)
    for i, c in enumerate(cards):
        row, col = divmod(i, per_row)
        x = x0 + col * (_CARD_W + _CARD_GAP)
        _agent_card(svg, x, y + row * (_CARD_H + 6), q, c, rules, pick=False)
    rows = (len(cards) + per_row - 1) // per_row
    return y + rows * (_CARD_H + 6)


def _log(svg: Svg, r: State, y: float) -> float:
    """The newest public events (as many as the text repeats)."""
    log = r.log[-LOG_LINES:]
    if not log:
        return y
    svg.text(_M, y + 14, "Recent events", size=13, font_weight="bold")
    y += 20
    width = int((WIDTH - 2 * _M - 16) / (_FS * 0.58))
    for event in log:
        for line in textwrap.wrap(event, width) or [""]:
            svg.text(_M + 8, y + 13, line, size=_FS)
            y += 17
    return y


# -- clicks ----------------------------------------------------------------------


def action_target(state: State, action: int) -> str | None:
    """The `data-ref` in the mover's picture of what legal `action` acts on;
    None for a bid digit, overtime, a yes/no. Reads only public fields and the
    action."""
    p = state.mover
    if A.PLACE <= action < A.KEEP:
        c, o = divmod(action - A.PLACE, MAX_OPTIONS)
        return f"mine-{c}-{o}"
    if A.KEEP <= action < A.CARD:
        return f"keep-{action - A.KEEP}"
    if A.CARD <= action < A.SPECIAL_FIRST:
        return f"agent-{p}-{action - A.CARD}"
    if A.FLIP <= action < A.LOAD:
        return f"relic-{p}-{action - A.FLIP}"
    if action == A.LOAD:
        return f"camp-{p}"
    if A.RAID <= action < A.TAKE_RED:
        return f"player-{action - A.RAID}"
    if A.TAKE_RED <= action <= A.TAKE_WHITE:
        source = state.act_target if state.act_kind == ActKind.RAID else p
        return f"camp-{source}-{COLOUR_NAMES[action - A.TAKE_RED]}"
    if A.TAKE_RELIC <= action < A.TAKE_RANDOM_RELIC:
        return f"relic-{p}-{action - A.TAKE_RELIC}"
    if action == A.TAKE_RANDOM_RELIC:
        return f"camp-relics-{state.act_target}"
    if action == A.TO_HOME:
        return f"home-{p}"
    if action == A.TO_CAMP:
        return f"camp-{p}"
    if A.THIEF_TARGET <= action < A.SPY_TARGET:
        return f"player-{action - A.THIEF_TARGET}"
    if A.SPY_TARGET <= action < A.SPY_TAKE:
        return f"player-{action - A.SPY_TARGET}"
    if A.SPY_TAKE <= action < A.ALCHEMY_W2B:
        return f"spy-relic-{action - A.SPY_TAKE}"
    if action == A.ALCHEMY_W2B:
        return f"camp-{p}-white"
    if action == A.ALCHEMY_B2R:
        return f"camp-{p}-blue"
    if action == A.DRAW_TRANSPORTER:
        return f"deck-{p}-t"
    if action == A.DRAW_FIGHTER:
        return f"deck-{p}-f"
    return None
