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

import re
import textwrap
from collections.abc import Sequence
from typing import Final

from .engine import nanas, tunnels
from .engine.board import SIZE_LETTERS, render_map
from .engine.data import (
    DICE,
    HEWN_TYPES,
    SIZE_NAMES,
    TECHS,
    CardSet,
    Symbol,
    TechKind,
    Token,
)
from .engine.describe import (
    artillery_target,
    ask_name,
    gem_pile_words,
    gem_words,
    hewn_label,
    hewn_turn_ap,
    lot_label,
    place_label,
    recovery_die_words,
    tunnel_label,
    turn_seat,
)
from .engine.ending import score
from .engine.flow import FIRST_TECH_LOT, game_face, is_chance
from .engine.secrets import heart_open, slot_open
from .engine.state import (
    BIDOX_HOME,
    BIDOX_HUNTING,
    BOUGHT_HEWN,
    BOUGHT_TECH,
    EMPTY_SLOT,
    NEUTRAL,
    NONE,
    NUM_HEWNS,
    OFF_BOARD,
    PURCHASE,
    Ask,
    Phase,
    State,
)
from .engine.view import bids_hidden, card_known, redact

__all__ = [
    "WIDTH",
    "fitted_words",
    "header_lines",
    "hewn_lines",
    "hidden_words",
    "minimum_bid",
    "render_changes",
    "render_state",
    "sold_lines",
    "tunnel_lines",
]

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


def _whose(q: int, viewer: int) -> str:
    return "your" if q == viewer else f"player {q}'s"


def render_state(state: State, viewer: int) -> str:
    """A multi-line picture of `state` as seat `viewer` may see it; every line
    but the map's fits `WIDTH` columns."""
    s = redact(state, viewer)
    lines = _fit(header_lines(s, viewer))
    lines += _map(s)
    text: list[str] = []
    text += hewn_lines(s, viewer)
    text += _seat_lines(s, viewer)
    text += _offer_lines(s, viewer)
    text += _order_lines(s, viewer)
    if s.rolled:
        text.append("Just rolled: " + "; ".join(str(f) for f in _rolled(s)))
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


def header_lines(s: State, viewer: int) -> list[str]:
    head = f"Hewns, round {s.round} of {s.config.scenario.rounds}: {_PHASES[Phase(s.phase)]}"
    lines = [head + f" (you are player {viewer})"]
    if s.over:
        lines.append(f"Game over ({s.end_reason}).")
        return lines
    if is_chance(s):
        if s.roll_queue:
            kind = s.roll_queue[0]
            more = len(s.roll_queue) - 1
            whose = recovery_die_words(s)
            lines.append(
                f"Rolling the {DICE[kind].name} die"
                + (f" for {whose}" if whose else "")
                + (f" ({more} more dice to roll)" if more else "")
            )
        else:
            lines.append("Drawing cards" if s.draw_queue[0] else "Dealing turn cards")
        return lines
    if s.frames:
        top = s.frames[-1]
        what = ask_name(top.ask)
        about = f" - {hewn_label(top.hewn)}" if 0 <= top.hewn < NUM_HEWNS else ""
        owner = turn_seat(s)
        during = (
            f" (in {_whose(owner, viewer)} turn)"
            if owner is not None and owner != top.seat
            else ""
        )
        lines.append(f"To decide ({_who(top.seat, viewer)}): {what}{about}{during}")
        lines += _artillery_line(s)
        turn = next((f for f in reversed(s.frames) if f.ask == Ask.HEWN_TURN), None)
        ap = hewn_turn_ap(s)
        if turn is not None and ap is not None:
            lines.append(f"Hewn turn of {hewn_label(turn.hewn)}: {ap} AP left")
    return lines


def _artillery_line(s: State) -> list[str]:
    """The artillery encounter in progress, once its target is named."""
    for f in reversed(s.frames):
        if f.ask == Ask.ARTILLERY:
            target = artillery_target(f)
            if 0 <= target < NUM_HEWNS:
                return [
                    f"Artillery: {hewn_label(f.hewn)} fires at {hewn_label(target)}"
                ]
    return []


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
    lines += tunnel_lines(s, count)
    return lines + _entrance_lines(s)


def _entrance_lines(s: State) -> list[str]:
    """The secret entrances placed and the entrance pieces left for them (the
    map's line lists the common entrances); none in a core game."""
    if s.config.cards == "core":
        return []
    placed = s.secret_entrances
    secret = [
        f"{placed[i]:02d}:{SIZE_LETTERS[placed[i + 1]]}(p{placed[i + 2]})"
        for i in range(0, len(placed), 3)
    ]
    stock = " ".join(f"{SIZE_LETTERS[z]} {s.entrance_stock[z - 1]}" for z in (1, 2, 3))
    return [f"Secret entrances: {' '.join(secret) or 'none'}; pieces left {stock}"]


def tunnel_lines(s: State, count: list[int]) -> list[str]:
    """The dug tunnels (they have no cell on the map): number, size, ends and
    the Hewns in each; the pieces left in the stock by size."""
    pieces = tunnels.dug(s)
    if not pieces and s.config.cards == "core":
        return []
    shown = []
    for p in pieces:
        held = count[tunnels.tunnel_loc(p)]
        plural = "s" if held > 1 else ""
        shown.append(tunnel_label(s, p) + (f" [{held} Hewn{plural}]" if held else ""))
    stock = [f"{len(tunnels.free_pieces(s, z))}{SIZE_LETTERS[z]}" for z in (1, 2, 3)]
    return [
        f"Dug tunnels: {'; '.join(shown) or 'none'} (in the stock: {' '.join(stock)})"
    ]


def _state_word(s: State, h: int) -> str:
    if s.ctrl[h] == NEUTRAL:
        return "stunned (neutral)" + (", damaged" if s.damaged[h] else "")
    return "damaged" if s.damaged[h] else "healthy"


def _members_words(s: State, h: int) -> str:
    """ ", 7 of 9 members left" for a swarm ("" for any other Hewn)."""
    full = s.card(h).members
    return f", {s.members[h]} of {full} members left" if full else ""


def hewn_lines(s: State, viewer: int) -> list[str]:
    lines = ["", "Hewns in play:"]
    shown = 0
    for h in range(NUM_HEWNS):
        if not (s.loc[h] >= 0 or s.loc[h] == OFF_BOARD):
            continue
        shown += 1
        t = s.card(h)
        owner = "neutral" if s.ctrl[h] == NEUTRAL else _who(s.ctrl[h], viewer)
        acted = ", has acted" if s.acted[h] else ""
        lines.append(
            f"  {hewn_label(h)} [{SIZE_NAMES[t.size]}, {t.ap} AP] of {owner}: "
            f"{_state_word(s, h)}{acted}{_members_words(s, h)}, "
            f"{place_label(s, s.loc[h])}, "
            f"load {s.normal[h]} normal + {s.dirty[h]} dirty "
            f"(room {s.capacity(h)})"
            + (f"; {gem_words(s, s.gem[h])}" if s.gem[h] != NONE else "")
            + (
                f"; heart stone of {_who(s.heart[h], viewer)}"
                if s.heart[h] != NONE
                else ""
            )
            + fitted_words(s, h)
            + hidden_words(s, h, viewer)
        )
    if not shown:
        lines.append("  none yet")
    return lines


def fitted_words(s: State, h: int) -> str:
    """ "; fitted: Fixito, Mamabite (Nananbites, Gunana, 2 empty)": the
    technologies in a Hewn's sockets, a Mamabite with what its slots hold;
    "" with none."""
    card = s.card(h)
    slots = s.slots[h]
    names: list[str] = []
    for i in range(card.nanasockets + card.sicket_sockets):
        kind = slots[i]
        if kind < 0:
            continue
        name = TECHS[kind].name
        if kind == TechKind.MAMABITE and i >= card.nanasockets:
            held = [slots[j] for j in nanas.mama_slots(s, h, i) if j < len(slots)]
            inside = [TECHS[k].name for k in held if k >= 0]
            empty = sum(1 for k in held if k == EMPTY_SLOT)
            if empty:
                inside.append(f"{empty} empty")
            name += f" ({', '.join(inside)})"
        names.append(name)
    return f"; fitted: {', '.join(names)}" if names else ""


def hidden_words(s: State, h: int, viewer: int) -> str:
    """ "; behind the screen: 2 slots and the heart": what of another seat's
    Hewn was fitted out of sight (its content is not shown)."""
    slots = sum(1 for i in range(len(s.slots[h])) if not slot_open(s, h, i, viewer))
    parts = [f"{slots} slot{'s' if slots != 1 else ''}"] if slots else []
    if not heart_open(s, h, viewer):
        parts.append("the heart")
    return f"; behind the screen: {' and '.join(parts)}" if parts else ""


def _seat_lines(s: State, viewer: int) -> list[str]:
    gems = f"; gems left: {gem_pile_words(s)}" if s.config.audit_fixes() else ""
    if s.config.card_set >= CardSet.NANAS:
        gems += f"; implosion bombs used: {s.bombs_used}"
    lines = ["", f"Seats (normal Substract pile: {s.normal_pile}{gems}):"]
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
        boxes = _bidox_words(s, q, viewer) if hidden else []
        if boxes:
            lines.append("    Bidoxes: " + "; ".join(boxes))
        elif any(s.bidox_nana[q]):
            hacked = [f"#{b} x{k}" for b, k in enumerate(s.bidox_nana[q]) if k]
            lines.append("    Nananbites on Bidoxes: " + ", ".join(hacked))
    return lines


def _bidox_words(s: State, q: int, viewer: int) -> list[str]:
    """Seat `q`'s Bidoxes while the bidding is on: at home, hunting, or on a
    lot (another seat's closed)."""
    words = []
    for b, lot in enumerate(s.bidox_lot[q]):
        held = s.bidox_nana[q][b]
        name = f"#{b} (+{held} Nananbites)" if held else f"#{b}"
        if lot == BIDOX_HOME:
            words.append(f"{name} at home")
        elif lot == BIDOX_HUNTING:
            words.append(f"{name} hunting")
        else:
            amount, normal = s.bidox_amount[q][b], s.bidox_normal[q][b]
            content = (
                "closed"
                if q != viewer
                else f"{amount} ({normal} normal, {amount - normal} dirty)"
            )
            words.append(f"{name} on lot {lot}: {content}")
    return words


def _offer_lines(s: State, viewer: int) -> list[str]:
    """The lots on offer; while the Bidoxes are closed, whose Bidoxes lie on
    each (once they are opened the lots are drawn anew: no Bidox lies on
    them); and what the last auction sold, by card."""
    lines = ["", "Offer:"]
    hidden = bids_hidden(s)
    for lot in range(len(s.offer)):
        if lot and s.offer[lot] == NONE:
            continue
        placed = [
            f"{_who(q, viewer)} x{sum(1 for b in s.bidox_lot[q] if b == lot)}"
            for q in range(s.num_players)
            if hidden and lot in s.bidox_lot[q]
        ]
        lines.append(
            f"  {lot_label(s, lot)}, minimum bid {minimum_bid(s, lot)}"
            + (f": Bidoxes of {', '.join(placed)}" if placed else "")
        )
    lines += sold_lines(s, viewer, s.round - 1 if hidden else s.round)
    return lines


def minimum_bid(s: State, lot: int) -> int:
    """The lowest bid that can win `lot`: the card's cost (the turn-order
    stack's and the last round's from the scenario)."""
    scenario = s.config.scenario
    if lot == 0:
        return scenario.turn_order_min_bid
    if s.round >= scenario.rounds:
        return scenario.final_round_min_price
    card = s.offer[lot]
    if lot < FIRST_TECH_LOT:
        return s.card(card).cost
    return s.tech_card(card).cost


def sold_lines(s: State, viewer: int, round_: int) -> list[str]:
    """What round `round_`'s auction sold: card, buyer, price (public)."""
    p = s.purchases
    sold = [
        f"{_purchase_words(p[i + 2], p[i + 3])} to {_who(p[i + 1], viewer)} "
        f"for {p[i + 4]}"
        for i in range(0, len(p), PURCHASE)
        if p[i] == round_
    ]
    if round_ < 1:
        return []
    if not sold:
        return [f"  Round {round_}'s auction sold nothing."]
    return [f"  Round {round_}'s auction sold: " + "; ".join(sold)]


def _purchase_words(what: int, which: int) -> str:
    if what == BOUGHT_HEWN:
        return HEWN_TYPES[which].name
    if what == BOUGHT_TECH:
        return TECHS[which].name
    return "the turn-order stack"


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
    """The faces rolled for the decision waiting on them, by die kind in the
    order rolled ("laser (yellow) 3, 0", "speed defence escape, 2"), and the
    next die while a roll goes on."""
    by_kind: dict[str, list[str]] = {}
    kinds = s.rolled_kinds[len(s.rolled_kinds) - len(s.rolled) :]
    for kind, f in zip(kinds, s.rolled, strict=True):
        value, symbol = game_face(s, kind, f)
        shown = str(value) if symbol == Symbol.NUMBER else Symbol(symbol).name.lower()
        by_kind.setdefault(DICE[kind].name, []).append(shown.replace("_", " "))
    out = [f"{name} {', '.join(faces)}" for name, faces in by_kind.items()]
    if s.roll_queue:
        kind = s.roll_queue[0]
        out.append(f"(next: {DICE[kind].name})")
    return out


# --- what changed -------------------------------------------------------------

_ALWAYS: Final = ("Hewns, round", "To decide", "Hewn turn of", "Just rolled")
"""Lines `render_changes` always keeps: the round, who decides what, the Hewn
turn's action points and the dice just rolled."""

_MAP_CELL: Final = re.compile(r"\b(\d\d)([0-9LSP$])")
"""A marked space on the map: its id and its mark (Hewns, a token, a mine)."""

_MARK_WORDS: Final = {
    "L": "lava",
    "S": "a Snedj nest",
    "P": "a planet attack",
    "$": "a mine",
}


def _mark_words(mark: str | None) -> str:
    if mark is None:
        return "no mark"
    if mark.isdigit():
        return f"{mark} Hewn{'s' if mark != '1' else ''}"
    return _MARK_WORDS.get(mark, mark)


def _split(
    picture: str,
) -> tuple[list[str], dict[str, str], list[tuple[str, str, str]]]:
    """A picture as (header lines, map marks by space id, the logical lines
    below the map as (section, key, text)); a logical line is a line with its
    deeper-indented continuations."""
    lines = picture.splitlines()
    at = next((i for i, line in enumerate(lines) if line.startswith("Map (")), None)
    if at is None:
        return [line for line in lines if line.strip()], {}, []
    head = [line for line in lines[:at] if line.strip()]
    end = next(
        (i for i in range(at, len(lines)) if lines[i].startswith("Mines now")), at
    )
    marks: dict[str, str] = {}
    for line in lines[at + 1 : end]:
        if not line.startswith(("entrances:", "magnetic:", "mines:")):
            marks.update(dict(_MAP_CELL.findall(line)))
    rest: list[tuple[str, str, str]] = []
    section = ""
    for line in lines[end:]:
        if not line.strip():
            continue
        indent = len(line) - len(line.lstrip(" "))
        if indent > 2 and rest:
            sec, key, text = rest[-1]
            rest[-1] = (sec, key, f"{text}\n{line}")
            continue
        body = line.strip()
        key = re.split(r" \[|: |:$| \(", body, maxsplit=1)[0]
        if indent == 0 and body.endswith(":"):
            section = key
            key = "--"
        elif indent == 0:
            section = ""
        rest.append((section, key, line))
    return head, marks, rest


def render_changes(before: str, after: str) -> str:
    """The parts of picture `after` that differ from picture `before`, both
    `render_state` texts for one viewer: the header always, the map's changed
    marks in words, each changed line of the Hewns, seats, offer and turn order
    (under its section's heading), and what is no longer there."""
    _, old_marks, old_rest = _split(before)
    head, marks, rest = _split(after)
    shown = list(head) if head else []
    moved = [
        f"{x} {_mark_words(marks.get(x))} (before: {_mark_words(old_marks.get(x))})"
        for x in sorted(set(marks) | set(old_marks))
        if marks.get(x) != old_marks.get(x)
    ]
    if moved:
        shown += _fit(["Map, changed marks: " + "; ".join(moved)])
    old = {(sec, key): text for sec, key, text in old_rest}
    new_keys = {(sec, key) for sec, key, _ in rest}
    headings = {sec: text for sec, key, text in rest if key == "--"}
    headed: set[str] = set()
    for sec, key, text in rest:
        if key == "--":
            continue
        if not text.strip().startswith(_ALWAYS) and old.get((sec, key)) == text:
            continue
        if sec and sec not in headed:
            headed.add(sec)
            shown.append(headings[sec])
        shown.append(text)
    gone: dict[str, list[str]] = {}
    for sec, key, text in old_rest:
        if (
            key != "--"
            and (sec, key) not in new_keys
            and not text.strip().startswith(_ALWAYS)
            and text.strip() != "none yet"
        ):
            gone.setdefault(sec, []).append(key)
    for sec, keys in gone.items():
        if sec and sec not in headed and sec in headings:
            headed.add(sec)
            shown.append(headings[sec])
        shown += _fit([f"  gone: {', '.join(keys)}"])
    return "\n".join(shown)
