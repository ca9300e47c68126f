"""A text picture of a Hewns game as one seat sees it.

Drawn from `engine.view.redact(state, viewer)`, so it shows only what the
viewer may know: another seat's closed Bidoxes by placement only, turn-order
cards not yet shown as "?", secret picks not at all.

The picture: a header (round, phase, who decides what), the map (each space's
id with one mark: the number of Hewns there, else a danger token's letter, else
"$" for a mine), the mines and tokens, every Hewn in play (type, controller,
state, place, load), the seats' screens and Bidoxes, the offer, the turn order
the viewer knows, and what was just rolled.
"""

from __future__ import annotations

import textwrap
from collections.abc import Sequence
from typing import Final

from .engine.board import render_map
from .engine.data import DICE, SIZE_NAMES, TECHS, Symbol, Token
from .engine.describe import ask_name, hewn_label, lot_label, place_label
from .engine.ending import score
from .engine.flow import face, is_chance
from .engine.state import (
    BIDOX_HOME,
    BIDOX_HUNTING,
    NEUTRAL,
    NONE,
    NUM_HEWNS,
    OFF_BOARD,
    Phase,
    State,
    hewn_type,
)
from .engine.turnstate import HewnTurnFrame
from .engine.view import bids_hidden, card_known, redact

__all__ = ["WIDTH", "render_state"]

WIDTH: Final = 80
"""No line but the map's is longer: it must fit a plain terminal."""

_PHASES: Final = {
    Phase.AUCTION: "the auction",
    Phase.ACTIONS: "the actions phase",
    Phase.OVER: "the game is over",
}
_TOKEN_MARK: Final = {Token.LAVA: "L", Token.SNEDJ: "S", Token.PLANET_ATTACK: "P"}


def _who(q: int, viewer: int) -> str:
    return "you" if q == viewer else f"player {q}"


def render_state(state: State, viewer: int) -> str:
    """A multi-line picture of `state` as seat `viewer` may see it; every line
    but the map's fits `WIDTH` columns."""
    s = redact(state, viewer)
    lines = _fit(_header(s, viewer))
    lines += _map(s)
    text: list[str] = []
    text += _hewn_lines(s, viewer)
    text += _seat_lines(s, viewer)
    text += _offer_lines(s, viewer)
    text += _order_lines(s, viewer)
    if s.rolled:
        text.append("Just rolled: " + ", ".join(str(f) for f in _rolled(s)))
    return "\n".join(lines + _fit(text))


def _fit(lines: list[str]) -> list[str]:
    """Long lines broken between words at `WIDTH`, continued indented."""
    out: list[str] = []
    for line in lines:
        if len(line) <= WIDTH:
            out.append(line)
            continue
        indent = " " * (len(line) - len(line.lstrip()) + 4)
        out += textwrap.wrap(line, WIDTH, subsequent_indent=indent)
    return out


def _header(s: State, viewer: int) -> list[str]:
    head = f"Hewns, round {s.round} of {s.config.scenario.rounds}: {_PHASES[Phase(s.phase)]}"
    lines = [head + f" (you are player {viewer})"]
    if s.over:
        lines.append(f"Game over ({s.end_reason}).")
        return lines
    if is_chance(s):
        if s.roll_queue:
            kind = s.roll_queue[0]
            more = len(s.roll_queue) - 1
            lines.append(
                f"Rolling the {DICE[kind].name} die"
                + (f" ({more} more dice to roll)" if more else "")
            )
        else:
            lines.append("Drawing cards" if s.draw_queue[0] else "Dealing turn cards")
        return lines
    if s.frames:
        top = s.frames[-1]
        what = ask_name(top.ask)
        about = f" for {hewn_label(top.hewn)}" if 0 <= top.hewn < NUM_HEWNS else ""
        lines.append(f"To decide: {_who(top.seat, viewer)}, {what}{about}")
        turn = next(
            (f for f in reversed(s.frames) if isinstance(f, HewnTurnFrame)), None
        )
        if turn is not None:
            lines.append(f"Hewn turn of {hewn_label(turn.hewn)}: {turn.ap} AP left")
    return lines


def _map(s: State) -> list[str]:
    board = s.board
    count = s.occupancy()
    marks: dict[int, str] = {}
    for x in range(board.n_spaces):
        mark = ""
        if count[x]:
            mark = str(min(count[x], 9))
        elif s.token[x] != NONE:
            mark = _TOKEN_MARK.get(Token(s.token[x]), "?")
        elif s.mine[x] != NONE:
            mark = "$"
        if mark:
            marks[x] = f"{x:02d}{mark}"
    lines = ["", "Map (a digit: Hewns there; L/S/P: a danger token; $: a mine):"]
    lines += render_map(board, marks).split("\n")
    mines = [f"{x:02d}+{b}" for x, b in enumerate(s.mine) if b != NONE]
    tokens = [
        f"{x:02d}:{Token(t).name.lower()}" for x, t in enumerate(s.token) if t != NONE
    ]
    lines.append(
        f"Mines now: {' '.join(mines) or 'none'}; depleted {s.depleted}/"
        f"{s.config.scenario.depletion_threshold}; new mines left {len(s.mine_pool)}"
    )
    if tokens:
        lines.append("Danger tokens: " + " ".join(tokens))
    return lines


def _state_word(s: State, h: int) -> str:
    if s.ctrl[h] == NEUTRAL:
        return "stunned (neutral)" + (", damaged" if s.damaged[h] else "")
    return "damaged" if s.damaged[h] else "healthy"


def _hewn_lines(s: State, viewer: int) -> list[str]:
    lines = ["", "Hewns in play:"]
    shown = 0
    for h in range(NUM_HEWNS):
        if not (s.loc[h] >= 0 or s.loc[h] == OFF_BOARD):
            continue
        shown += 1
        t = hewn_type(h)
        owner = "neutral" if s.ctrl[h] == NEUTRAL else _who(s.ctrl[h], viewer)
        acted = ", has acted" if s.acted[h] else ""
        lines.append(
            f"  {hewn_label(h)} [{SIZE_NAMES[t.size]}, {t.ap} AP] of {owner}: "
            f"{_state_word(s, h)}{acted}, {place_label(s, s.loc[h])}, "
            f"load {s.normal[h]} normal + {s.dirty[h]} dirty "
            f"(room {s.capacity(h)})"
        )
    if not shown:
        lines.append("  none yet")
    return lines


def _seat_lines(s: State, viewer: int) -> list[str]:
    lines = ["", f"Seats (normal Substract pile: {s.normal_pile}):"]
    hidden = bids_hidden(s)
    for q in range(s.num_players):
        techs = [f"{k}x {TECHS[t].name}" for t, k in enumerate(s.screen_tech[q]) if k]
        note = (
            " (with closed Bidoxes)"
            if hidden and q != viewer and any(b >= 0 for b in s.bidox_lot[q])
            else ""
        )
        lines.append(
            f"  {_who(q, viewer)}: screen {s.screen_normal[q]} normal + "
            f"{s.screen_dirty[q]} dirty{note}; score {score(s, q)}"
            + (f"; techs {', '.join(techs)}" if techs else "")
            + ("; passed" if s.passed[q] and s.phase == Phase.AUCTION else "")
        )
        boxes = _bidox_words(s, q, viewer, hidden)
        if boxes:
            lines.append("    Bidoxes: " + "; ".join(boxes))
    return lines


def _bidox_words(s: State, q: int, viewer: int, hidden: bool) -> list[str]:
    words = []
    for b, lot in enumerate(s.bidox_lot[q]):
        if lot == BIDOX_HOME:
            words.append(f"#{b} at home")
        elif lot == BIDOX_HUNTING:
            words.append(f"#{b} hunting")
        elif not hidden:  # opened: the totals are in the auction's results
            words.append(f"#{b} was on lot {lot}")
        else:
            amount, normal = s.bidox_amount[q][b], s.bidox_normal[q][b]
            content = (
                "closed"
                if hidden and q != viewer
                else f"{amount} ({normal} normal, {amount - normal} dirty)"
            )
            words.append(f"#{b} on lot {lot}: {content}")
    return words


def _offer_lines(s: State, viewer: int) -> list[str]:
    lines = ["", "Offer:"]
    for lot in range(len(s.offer)):
        if lot and s.offer[lot] == NONE:
            continue
        placed = [
            f"{_who(q, viewer)} x{sum(1 for b in s.bidox_lot[q] if b == lot)}"
            for q in range(s.num_players)
            if lot in s.bidox_lot[q]
        ]
        lines.append(
            f"  {lot_label(s, lot)}"
            + (f": Bidoxes of {', '.join(placed)}" if placed else "")
        )
    won = [
        f"lot {lot}: {_who(w, viewer)} ({s.lot_result[lot][w]})"
        for lot, w in enumerate(s.lot_winner)
        if w >= 0
    ]
    if won:
        lines.append("  Last auction won: " + "; ".join(won))
    return lines


def _order_lines(s: State, viewer: int) -> list[str]:
    cards = [
        f"{_who(q, viewer)} {s.turn_card[q] if card_known(s, viewer, q) else '?'}"
        for q in range(s.num_players)
        if s.turn_card[q]
    ]
    if not cards:
        return []
    return ["", "Turn-order cards: " + ", ".join(cards)]


def _rolled(s: State) -> Sequence[str]:
    """The faces rolled for the decision waiting on them ("laser 3", "speed
    escape"), and the next die while a roll goes on."""
    out = []
    kinds = s.rolled_kinds[len(s.rolled_kinds) - len(s.rolled) :]
    for kind, f in zip(kinds, s.rolled, strict=True):
        value, symbol = face(kind, f)
        shown = str(value) if symbol == Symbol.NUMBER else Symbol(symbol).name.lower()
        out.append(f"{DICE[kind].name} {shown.replace('_', ' ')}")
    if s.roll_queue:
        kind = s.roll_queue[0]
        out.append(f"(next: {DICE[kind].name})")
    return out
