"""Actions in plain words, as a viewer may read them.

An action is told by its block (`actions.BLOCKS`) and the kind of the decision
it answers (the top frame's `Ask`), so a decision kind added by a rule module is
told too: plainly, by its name and the block's words, until a line here knows
it better. A secret (a Bidox's amount and mix, an encounter pick, the card a
dealer hands to another seat) is words only for the seat that chooses it (and
for transcripts, viewer None); anyone else reads that something hidden was done.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Final

from . import encounter, mining
from .actions import (
    CTRL,
    DIE,
    HEWN,
    LOT,
    NUM,
    OPTION,
    SEAT,
    SOCKET,
    SPACE,
    TECH,
    TUNNEL_SPACE,
    VERB,
    Ctrl,
    Option,
    Verb,
    block_of,
    describe_id,
)
from .data import DICE, TECHS, DieKind, Symbol, TechKind
from .flow import FIRST_TECH_LOT, face, is_chance
from .state import (
    DEAD,
    DECK,
    DISCARD,
    NUM_HEWNS,
    OFF_BOARD,
    OFFER,
    OUT,
    Ask,
    Frame,
    State,
    hewn_type,
    tech_of_card,
)
from .view import SECRET_ASKS

__all__ = [
    "ask_name",
    "describe_action",
    "hewn_label",
    "lot_label",
    "place_label",
    "space_label",
]

_CTRL_WORDS: Final[dict[int, str]] = {
    Ctrl.DONE: "done",
    Ctrl.YES: "yes",
    Ctrl.NO: "no",
    Ctrl.END_PLAYER_TURN: "end the player turn",
    Ctrl.END_HEWN_TURN: "end the Hewn turn",
    Ctrl.HUNT: "send a Bidox hunting (1 dirty Substract now)",
    Ctrl.PASS_AUCTION: "pass (every Bidox left goes hunting)",
    Ctrl.OFF_PLANET: "off-planet (behind the screen)",
    Ctrl.REVEAL: "show the turn-order card",
}

_VERB_WORDS: Final[dict[int, str]] = {
    Verb.FLY: "fly",
    Verb.CLIMB: "climb",
    Verb.DIG: "dig a tunnel",
    Verb.ENLARGE: "enlarge a tunnel",
    Verb.EXIT: "exit the board (off-planet)",
    Verb.MINE: "mine",
    Verb.EXTRACT: "extract",
    Verb.CALM: "calm the planet",
    Verb.BURN: "burn 1 Substract for 1 action point",
    Verb.ANNOUNCE: "announce a ranged encounter",
    Verb.ARTILLERY: "fire artillery",
    Verb.ENCOUNTER_SAME: "start a same-space encounter",
    Verb.TRANSMIT: "transmit Substract",
    Verb.BANJER: "Banjer a technology",
    Verb.LOAD: "load Substract",
    Verb.UNLOAD: "unload Substract",
    Verb.ATTACH_OFF: "attach a technology off the board",
    Verb.NANA_BIDOX: "attach a Nananbite to a Bidox",
    Verb.PLACE_BIDOX: "place a Bidox",
    Verb.SECRET_ENTRANCE: "open a secret entrance",
}

_WHERE: Final = {
    OUT: "out of the game",
    DECK: "in the deck",
    OFFER: "on offer",
    DISCARD: "discarded",
    OFF_BOARD: "off the board",
    DEAD: "dead",
}

_LOT_NAMES: Final = ("the turn-order stack", "big", "medium", "medium") + ("small",) * 4


_LEAD: Final[dict[int, str]] = {
    Ask.TX_SOURCE: "transmit from",
    Ask.TX_DEST: "transmit to",
    Ask.TX_KIND: "transmit",
    Ask.LOAD_HEWN: "load onto",
    Ask.LOAD_KIND: "load",
    Ask.BANJER_TECH: "Banjer",
    Ask.BANJER_HEWN: "Banjer onto",
    Ask.BANJER_SOCKET: "Banjer into",
    Ask.NAME_TARGET: "target",
    Ask.SAME_TARGET: "target",
    Ask.REACT: "react with",
    Ask.PLACE_TOKEN: "place the danger token on",
    Ask.REMOVE_TOKEN: "remove the danger token from",
    Ask.NEW_MINE: "new mine on",
    Ask.ESCAPE_MOVE: "escape to",
    Ask.RETREAT: "retreat to",
    Ask.CALM_TARGET: "calm the planet attack on",
    Ask.RESPITE: "respite: withdraw the danger token from",
}
"""How a choice of a Hewn, a space, a technology or a socket begins, per
decision kind (others: the kind's name)."""


def _lead(ask: int) -> str:
    lead = _LEAD.get(ask)
    return lead if lead is not None else f"{ask_name(ask)}:"


def ask_name(ask: int) -> str:
    """The decision kind's name in words ("bid amount"), for any kind."""
    if ask in Ask._value2member_map_:
        return Ask(ask).name.lower().replace("_", " ")
    return f"decision {ask}"


def hewn_label(hewn: int) -> str:
    """A Hewn card instance: its type and its id ("Gunana #3")."""
    if not 0 <= hewn < NUM_HEWNS:
        return f"Hewn #{hewn}"
    return f"{hewn_type(hewn).name} #{hewn}"


def space_label(state: State, space: int) -> str:
    """A space by id and name."""
    board = state.board
    if 0 <= space < board.n_spaces:
        return f"space {space} ({board.name[space]})"
    return f"space {space}"


def place_label(state: State, loc: int) -> str:
    """Where a Hewn is: a space, or off the board, in the deck, ..."""
    if loc >= 0:
        return space_label(state, loc)
    return _WHERE.get(loc, f"location {loc}")


def lot_label(state: State, lot: int) -> str:
    """A lot of the auction and what lies on it."""
    if lot == 0:
        return "the turn-order stack"
    card = state.offer[lot] if 0 <= lot < len(state.offer) else -1
    if card < 0:
        return f"lot {lot} (empty)"
    if lot < FIRST_TECH_LOT:
        return f"lot {lot} ({hewn_label(card)})"
    return f"lot {lot} ({tech_of_card(card).name})"


def describe_action(state: State, action: int, viewer: int | None = None) -> str:
    """`action` in plain words, as `viewer` may read them (None: everything)."""
    try:
        block = block_of(action)
    except ValueError:
        return f"action {action} (not an action)"
    if state.over:
        return f"action {action} (the game is over)"
    if is_chance(state):
        return _describe_chance(state, action, block, viewer)
    frame = state.frames[-1]
    own = viewer is None or viewer == frame.seat
    first_secret = SECRET_ASKS.get(frame.ask)
    if first_secret is not None and not own and block in ("NUM", "DIE", "OPTION"):
        return f"{ask_name(frame.ask)}: chosen in secret"
    return _DESCRIBE.get(block, _describe_plain)(state, frame, action, viewer)


def _describe_chance(state: State, action: int, block: str, viewer: int | None) -> str:
    if state.roll_queue and block == "DIE":
        kind = state.roll_queue[0]
        value, symbol = face(kind, action - DIE)
        shown = (
            str(value)
            if symbol == Symbol.NUMBER
            else f"{Symbol(symbol).name.lower().replace('_', ' ')} ({value})"
        )
        die = DICE[kind]
        return f"the {die.name} die shows {shown}"
    if state.draw_queue:
        lot = state.draw_queue[0]
        if lot == 0 and block == "NUM" and state.deal_left:
            seat = state.deal_left[0]
            if viewer is None or viewer == seat:
                return f"turn-order card {action - NUM} is dealt to player {seat}"
            return f"a turn-order card is dealt face down to player {seat}"
        if block == "HEWN":
            return f"{hewn_label(action - HEWN)} is drawn onto lot {lot}"
        if block == "TECH":
            return f"{TECHS[action - TECH].name} is drawn onto lot {lot}"
    return f"chance: {_plain_id(action)}"


def _describe_ctrl(state: State, frame: Frame, action: int, viewer: int | None) -> str:
    return _CTRL_WORDS.get(action, f"control {action - CTRL}")


def _describe_verb(state: State, frame: Frame, action: int, viewer: int | None) -> str:
    words = _VERB_WORDS.get(action, f"verb {action - VERB}")
    if 0 <= frame.hewn < NUM_HEWNS:
        return f"{hewn_label(frame.hewn)}: {words}"
    return str(words)


def _describe_hewn(state: State, frame: Frame, action: int, viewer: int | None) -> str:
    h = action - HEWN
    where = place_label(state, state.loc[h]) if 0 <= h < NUM_HEWNS else ""
    if frame.ask == Ask.PLAYER_TURN:
        return f"activate {hewn_label(h)} ({where})"
    return f"{_lead(frame.ask)} {hewn_label(h)} ({where})"


def _describe_space(state: State, frame: Frame, action: int, viewer: int | None) -> str:
    s = action - SPACE
    label = (
        space_label(state, s)
        if action < TUNNEL_SPACE
        else f"tunnel piece {action - TUNNEL_SPACE + 1}"
    )
    if frame.ask == Ask.HEWN_TURN:
        here = state.loc[frame.hewn]
        verb = "enter the board at" if here == OFF_BOARD else "step to"
        return f"{hewn_label(frame.hewn)}: {verb} {label}"
    return f"{_lead(frame.ask)} {label}"


def _describe_num(state: State, frame: Frame, action: int, viewer: int | None) -> str:
    k = action - NUM
    ask = frame.ask
    if ask == Ask.BID_BIDOX:
        return f"Bidox {k}"
    if ask == Ask.HUNT_BIDOX:
        return f"Bidox {k} goes hunting"
    if ask == Ask.BID_AMOUNT:
        return f"put {k} Substract in the Bidox"
    if ask == Ask.BID_MIX:
        amount = frame.args[2] if len(frame.args) > 2 else 0
        return f"of the {amount}, {k} dirty and {amount - k} normal"
    if ask == Ask.BURN_MIX:
        return f"burn {'a dirty' if k else 'a normal'} Substract"
    if ask in _MIX_ASKS:
        amount = frame.args[0] if frame.args else 0
        return f"pay the {amount} as {k} dirty and {amount - k} normal"
    words = _NUM_WORDS.get(ask)
    if words is not None:
        return words(k)
    if ask == Ask.DEAL_ORDER and state.deal_left:
        seat = state.deal_left[0]
        if viewer is None or viewer in (frame.seat, seat):
            return f"give turn-order card {k} to player {seat}"
        return f"give a turn-order card face down to player {seat}"
    return f"{ask_name(ask)}: {k}"


def _dice(n: int, kind: str) -> str:
    return f"{n} {kind} {'die' if n == 1 else 'dice'}"


_MIX_ASKS: Final = (Ask.PICK_MIX, Ask.SCREENS_MIX)
"""Paying an amount fixed before (frame.args[0]): how much of it is dirty."""

_NUM_WORDS: Final[dict[int, Callable[[int], str]]] = {
    Ask.PICK_L: lambda k: f"{_dice(k, 'laser')} (1 Substract each)",
    Ask.PICK_A: lambda k: f"{_dice(k, 'area')} (1 Substract each)",
    Ask.PICK_K: lambda k: f"{k} body screens (+{k} armour dice, 1 Substract each)",
    Ask.PICK_Q: lambda k: (
        f"{k} brain screens (against a brain repair, 1 Substract each)"
    ),
    Ask.PICK_E: lambda k: "explode (1 Substract)" if k else "do not explode",
    Ask.SCREENS: lambda k: f"burn {k} Substract as body screens (+{k} armour dice)",
    Ask.MINE_KEEP: lambda k: (
        f"load {k} of the mined Substract onto the Hewn (the "
        "rest is behind your screen)"
    ),
    Ask.LOAD_AMOUNT: lambda k: f"load {k} Substract",
    Ask.TX_AMOUNT: lambda k: f"transmit {k} Substract",
}
"""Amount decisions in words (k: the amount chosen)."""


def _describe_lot(state: State, frame: Frame, action: int, viewer: int | None) -> str:
    lot = action - LOT
    if frame.ask == Ask.BID_LOT:
        return f"on {lot_label(state, lot)}"
    return f"{ask_name(frame.ask)}: {lot_label(state, lot)}"


def _describe_tech(state: State, frame: Frame, action: int, viewer: int | None) -> str:
    k = action - TECH
    name = TECHS[k].name if 0 <= k < len(TechKind) else f"technology {k}"
    return f"{_lead(frame.ask)} {name}"


def _describe_socket(
    state: State, frame: Frame, action: int, viewer: int | None
) -> str:
    return f"{_lead(frame.ask)} slot {action - SOCKET}"


def _describe_die(state: State, frame: Frame, action: int, viewer: int | None) -> str:
    """A die of a rolled pool, by its kind and face, so a player can choose
    without the pool on the screen."""
    i = action - DIE
    shown = _pool_die(state, frame, i)
    if frame.ask == Ask.MINE_REROLL:
        return f"re-roll mining die {i + 1} ({shown})"
    if frame.ask == Ask.DANGER_ORDER:
        return f"resolve danger die {i + 1} ({shown}) next"
    if frame.ask == Ask.RESPITE:
        return f"cancel danger die {i + 1} ({shown})"
    if frame.ask == Ask.DODGE:
        return f"dodge: the attacker re-rolls attack die {i + 1} ({shown})"
    if frame.ask == Ask.REROLL:
        return f"re-roll attack die {i + 1} ({shown})"
    return f"{ask_name(frame.ask)}: die {i} of the pool"


def _face_words(kind: int, index: int) -> str:
    value, symbol = face(kind, index)
    if symbol == Symbol.NUMBER:
        return f"{DICE[kind].name} {value}"
    return f"{DICE[kind].name} {Symbol(symbol).name.lower().replace('_', ' ')}"


def _pool_die(state: State, frame: Frame, i: int) -> str:
    """Die `i` of the pool the frame chooses from: the mining chain's dice, or
    the current attack's dice of an encounter."""
    try:
        if frame.ask in (Ask.MINE_REROLL, Ask.DANGER_ORDER, Ask.RESPITE):
            mine = mining.mine_frame(state)
            if frame.ask == Ask.MINE_REROLL:
                return _face_words(DieKind.MINING, mine.mining_faces[i])
            return _face_words(DieKind.DANGER, mine.danger_faces[i])
        if frame.ask in (Ask.DODGE, Ask.REROLL):
            enc = encounter.enc_of(encounter.encounter_frame(state))
            j = enc.fight_dice(enc.fight, encounter.ATTACK)[i]
            base = encounter.DIE_FIELDS * j
            owner = hewn_label(enc.dice[base + 2])
            return f"{_face_words(enc.dice[base], enc.dice[base + 1])}, {owner}'s"
    except (IndexError, RuntimeError, ValueError):
        pass
    return f"die {i + 1}"


def _describe_seat(state: State, frame: Frame, action: int, viewer: int | None) -> str:
    return f"{ask_name(frame.ask)}: player {action - SEAT}"


def _describe_option(
    state: State, frame: Frame, action: int, viewer: int | None
) -> str:
    k = action - OPTION
    if action in Option._value2member_map_:
        name = Option(action).name.lower().replace("_", " ")
    else:
        name = f"option {k}"
    return f"{ask_name(frame.ask)}: {name}"


def _describe_plain(state: State, frame: Frame, action: int, viewer: int | None) -> str:
    return f"{ask_name(frame.ask)}: {_plain_id(action)}"


def _plain_id(action: int) -> str:
    return describe_id(action)


_DESCRIBE: Final = {
    "CTRL": _describe_ctrl,
    "VERB": _describe_verb,
    "HEWN": _describe_hewn,
    "SPACE": _describe_space,
    "NUM": _describe_num,
    "LOT": _describe_lot,
    "TECH": _describe_tech,
    "SOCKET": _describe_socket,
    "DIE": _describe_die,
    "SEAT": _describe_seat,
    "OPTION": _describe_option,
}
