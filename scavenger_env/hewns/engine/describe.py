"""Actions in plain words, as a viewer may read them.

An action is told by its block (`actions.BLOCKS`) and the kind of the decision
it answers (the top frame's `Ask`), so a decision kind added by a rule module is
told too: plainly, by its name and the block's words, until a line here knows
it better. A secret (a Bidox's amount and mix, an encounter pick, the card a
dealer hands to another seat) is words only for the seat that chooses it (and
for transcripts, viewer None); anyone else reads that something hidden was done.

Every decision kind has a title and a one-line explanation (`ask_name`,
`ask_help`), and a decision that comes to a seat out of its turn says why, in
the rulebook's words (`why_asked`). Nothing here changes the state.

The few reads of a frame's internals (`args`, `data`, `step`) are the helpers
in "frame internals" below, so that a change in how the engine keeps its
chains is met there alone.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Final

from . import (
    encounter,
    entrances,
    flight,
    hearts,
    mining,
    nanas,
    payment,
    rounds,
    suderer,
    swarm,
    turnstate,
)
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
from .board import SIZE_LETTERS
from .data import DICE, TECHS, DieKind, Gem, Symbol, TechKind
from .digging import DigFrame
from .flow import FIRST_TECH_LOT, game_face, is_chance
from .management import OFF, BanjerFrame
from .secrets import heart_open, secrets_on, slot_open
from .state import (
    DEAD,
    DECK,
    DISCARD,
    NONE,
    NUM_HEWNS,
    NUM_LOCS,
    OFF_BOARD,
    OFFER,
    OUT,
    Ask,
    Frame,
    RoundStep,
    State,
    hewn_type,
    tech_of_card,
)
from .tunnels import PIECE_SIZES, ends, is_dug, is_tunnel, piece_of
from .view import secret_from

__all__ = [
    "artillery_target",
    "ask_help",
    "ask_name",
    "attack_die",
    "describe_action",
    "hewn_label",
    "hewn_turn_ap",
    "lot_label",
    "place_label",
    "space_label",
    "tunnel_label",
    "turn_seat",
    "why_asked",
]

# --- frame internals ----------------------------------------------------------
# The only reads of a frame's `args`, `data` and `step` in this module (and in
# `render`, which asks these): each returns a plain value, or a safe default
# when the frame is not as expected.


def _chain_arg(frame: Frame, i: int) -> int:
    """The `i`-th choice made so far in a decision chain (0 when not made):
    BID_MIX's amount is the third (`Frame.shown`)."""
    made = frame.shown()
    return made[i] if 0 <= i < len(made) else 0


def _payment(frame: Frame) -> tuple[int, int]:
    """(amount, own share) of the chain payment `frame` decides ((0, 0) when
    it is not one, or the share is not chosen yet)."""
    if not isinstance(frame, payment.PayFrame):
        return 0, 0
    return frame.amount, max(0, frame.own)


def hewn_turn_ap(state: State) -> int | None:
    """The action points left to the Hewn turn in progress (None: none is)."""
    turn = next(
        (f for f in reversed(state.frames) if isinstance(f, turnstate.HewnTurnFrame)),
        None,
    )
    return None if turn is None else turn.ap


def _mining_die_face(state: State, frame: Frame, i: int) -> tuple[int, int] | None:
    """(die kind, face index) of die `i` of the mining chain's pool that `frame`
    chooses from: a mining die (MINE_REROLL) or a danger die."""
    try:
        mine = mining.mine_frame(state)
        if frame.ask == Ask.MINE_REROLL:
            return DieKind.MINING, mine.mining_faces[i]
        return DieKind.DANGER, mine.danger_faces[i]
    except (IndexError, RuntimeError):
        return None


def artillery_target(frame: Frame) -> int:
    """The Hewn an artillery encounter frame fires at (NONE before it is
    named, or for another frame)."""
    if frame.ask != Ask.ARTILLERY or not isinstance(frame, encounter.EncounterFrame):
        return NONE
    return frame.enc.target


def attack_die(state: State, i: int) -> tuple[int, int, int] | None:
    """(die kind, face index, owner Hewn) of die `i` of the current attack of
    the encounter in progress (DODGE, REROLL, DISCARD)."""
    try:
        enc = encounter.enc_of(encounter.encounter_frame(state))
        j = enc.fight_dice(enc.fight, encounter.ATTACK)[i]
        base = encounter.DIE_FIELDS * j
        return enc.dice[base], enc.dice[base + 1], enc.dice[base + 2]
    except (IndexError, RuntimeError, ValueError, AttributeError):
        return None


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
    Verb.FLY: "fly (2 action points; a d10 roll of 0 kills)",
    Verb.CLIMB: "climb (3 action points; a d10 roll of 0 kills)",
    Verb.DIG: "dig a tunnel",
    Verb.ENLARGE: "enlarge a tunnel",
    Verb.EXIT: "exit the board (off-planet)",
    Verb.MINE: "mine",
    Verb.EXTRACT: "extract dirty Substract with the Suderer (1 action point)",
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
    Ask.ENTRANCE_SPACE: "open the secret entrance on",
    Ask.DIG_TARGET: "dig a tunnel to",
    Ask.DIG_REUSE: "reuse",
    Ask.ENLARGE_REUSE: "enlarge into",
    Ask.RESPITE: "respite: withdraw the danger token from",
    Ask.EXPEL: "expel",
    Ask.SICKET_LOSS: "lose the technology in",
    Ask.OVERFLOW_SPACE: "the bomb's overflow hits",
}
"""How a choice of a Hewn, a space, a technology or a socket begins, per
decision kind (others: the kind's name)."""


def _lead(ask: int) -> str:
    lead = _LEAD.get(ask)
    return lead if lead is not None else f"{ask_name(ask)}:"


_ASK_TEXT: Final[dict[str, tuple[str, str]]] = {
    # auction
    "BID_TURN": (
        "a bid turn",
        "Place one Bidox on a lot, send one hunting, or pass (every Bidox left "
        "goes hunting).",
    ),
    "BID_BIDOX": ("which Bidox to place", "Any Bidox at home will do."),
    "BID_LOT": (
        "which lot to bid on",
        "Where the Bidox goes is public; what is in it stays secret until the "
        "Bidoxes are opened.",
    ),
    "BID_AMOUNT": (
        "how much Substract to pack in the Bidox",
        "The highest Bidox on a lot wins it and pays; the others get theirs "
        "back; a tie or a bid under the card's minimum wins nothing.",
    ),
    "BID_MIX": (
        "how to pay the bid",
        "Which part of the amount is dirty Substract and which normal.",
    ),
    "HUNT_BIDOX": (
        "which Bidox goes hunting",
        "A hunting Bidox brings 1 dirty Substract at once.",
    ),
    "DEAL_ORDER": (
        "dealing the turn-order cards",
        "Card 1 plays first this round; each player gets one card, face down.",
    ),
    # the actions phase
    "PLAYER_TURN": (
        "a player turn",
        "Give each healthy Hewn of yours one Hewn turn (activate it), manage "
        "your Substract and technologies, or end your player turn.",
    ),
    "HEWN_TURN": (
        "the Hewn turn",
        "Spend the Hewn's action points: move, mine, load, transmit, fight; "
        "or end its Hewn turn.",
    ),
    "BURN_MIX": (
        "which Substract to burn",
        "Burning 1 Substract gives the Hewn 1 more action point.",
    ),
    "PAY_SPLIT": (
        "how much the Hewn pays from its own load",
        "The rest comes from the friendly Hewns it can transmit with, nearest first.",
    ),
    "CHAIN_MIX": (
        "which Substract the friendly Hewns give",
        "Which part of what the friendly Hewns pay is dirty Substract and which "
        "normal; each kind comes from the nearest Hewn that carries it first.",
    ),
    # mining and danger
    "MINE_OPTS": (
        "how to mine",
        "Aggressive mining rolls 1 more mining die and 1 more danger die.",
    ),
    "MINE_REROLL": (
        "re-roll a mining die",
        "The Hewn may re-roll mining dice as often as its re-rolls allow.",
    ),
    "MINE_GEM": (
        "a gem or 2 Substract",
        'A "2/gem" face gives 2 normal Substract, or the best gem left in the '
        "pile goes into the Hewn's heart card (any gem there goes back); one gem "
        "per mining action.",
    ),
    "MINE_KEEP": (
        "how much mined Substract the Hewn carries",
        "What the Hewn does not load goes behind your screen at once.",
    ),
    "DANGER_ORDER": (
        "which danger die to resolve next",
        "The miner chooses the order in which the danger dice take effect.",
    ),
    "RESPITE": (
        "a respite on the danger dice",
        "Cancel a danger or deplete die of this roll, or withdraw a danger "
        "token from the map.",
    ),
    "PLACE_TOKEN": (
        "where the danger token goes",
        "A danger die placed a lava, Snedj nest or planet-attack token near the mine.",
    ),
    "NEW_MINE": (
        "where the new mine goes",
        "Any space empty of mines and danger tokens.",
    ),
    "REMOVE_TOKEN": (
        "which danger token to remove for the new mine",
        "No space is free of mines and danger tokens, so one token leaves the "
        "board first.",
    ),
    "SCREENS": (
        "body screens against a danger token or a bomb's overflow",
        "Each Substract burnt as a body screen adds 1 armour die.",
    ),
    "SCREENS_MIX": (
        "which Substract pays the body screens",
        "Which part of the payment is dirty Substract and which normal.",
    ),
    "TOKEN_ATTACK": ("a danger-token attack", "The danger tokens attack in turn."),
    # the recovery phase
    "REASSERT": (
        "try to regain control of a Hewn",
        "Your heart card is in a Hewn with another player's control rod: your "
        "d10 against theirs, and a higher roll puts your rod back.",
    ),
    # transmission and management
    "TX_SOURCE": (
        "transmit from which Hewn",
        "Substract may go off-planet (behind your screen) or to a friendly "
        "Hewn the source can transmit to.",
    ),
    "TX_DEST": ("transmit to where", "Off-planet or to a friendly Hewn."),
    "TX_KIND": ("which Substract to transmit", "Normal or dirty Substract."),
    "TX_AMOUNT": ("how much to transmit", "Up to what the source carries."),
    "BANJER_TECH": (
        "which technology to Banjer",
        "Fit a technology from behind your screen onto a Hewn.",
    ),
    "BANJER_HEWN": ("Banjer onto which Hewn", "The Hewn that gets the technology."),
    "BANJER_SOCKET": (
        "which slot the technology goes in",
        "A technology already there is replaced.",
    ),
    "LOAD_HEWN": (
        "load or unload which Hewn",
        "Move Substract between your screen and a Hewn off the board.",
    ),
    "LOAD_KIND": ("which Substract to move", "Normal or dirty Substract."),
    "LOAD_AMOUNT": ("how much Substract to move", "Up to what fits."),
    "CALM_TARGET": (
        "which planet attack to calm",
        "Calming the planet removes a planet-attack token.",
    ),
    # terrain
    "FLIGHT_TARGET": (
        "where to fly or climb",
        "Any space within the Mudgestick's reach (a climb touches no other "
        "space); then a d10: on a 0 the Hewn is swept away and dies.",
    ),
    "EXTRACT_KEEP": (
        "how much extracted dirty Substract to keep on the Hewn",
        "The Suderer's dirty Substract goes off-planet, except what the Hewn keeps.",
    ),
    "ENTRANCE_SIZE": (
        "which size of secret entrance",
        "A piece from the stock of entrances, for a node of the same size.",
    ),
    "ENTRANCE_SPACE": (
        "where to open the secret entrance",
        "A node of its size without an entrance; only your Hewns may use it.",
    ),
    # digging
    "DIG_TARGET": (
        "where to dig the tunnel to",
        "A space the Mudgestick reaches that is not next to the digger; the "
        "tunnel is the digger's size.",
    ),
    "DIG_REUSE": (
        "which tunnel to reuse",
        "Every tunnel piece of this size is in use: an empty one is taken up "
        "and dug here instead.",
    ),
    "DIG_PLACE": (
        "where the digger goes",
        "It stays, goes into the new tunnel, or comes out at the far end.",
    ),
    "ENLARGE_REUSE": (
        "which tunnel to reuse for the bigger one",
        "Every tunnel piece of the next size is in use: an empty one is taken "
        "up and laid here instead.",
    ),
    # encounters
    "REACT": (
        "announce an encounter in reaction",
        "Your Hewns that see the moving Hewn may attack it, or let it pass.",
    ),
    "MOVER_JOIN": (
        "join the encounter",
        "Enemy Hewns announced an encounter against your moving Hewn: it may "
        "announce its own attack too.",
    ),
    "TRANSMIT_AWAY": (
        "transmit Substract away before the fight",
        "Substract left on a Hewn that dies is destroyed.",
    ),
    "PICK_L": (
        "laser dice to fire (secret)",
        "Each laser die burns 1 Substract; the picks are shown when everyone "
        "has picked.",
    ),
    "PICK_A": (
        "area dice to fire (secret)",
        "Each area die burns 1 Substract; the picks are shown when everyone "
        "has picked.",
    ),
    "PICK_K": (
        "body screens (secret)",
        "Each body screen burns 1 Substract and adds 1 armour die.",
    ),
    "PICK_Q": (
        "brain screens (secret)",
        "Each brain screen burns 1 Substract and defends against a brain repair.",
    ),
    "PICK_E": (
        "explode (secret)",
        "An exploding Hewn burns 1 Substract and blows up in the fight.",
    ),
    "PICK_MIX": (
        "which Substract pays the picks",
        "Which part of the payment is dirty Substract and which normal.",
    ),
    "NAME_TARGET": (
        "the target of the attack",
        "The moving Hewn attacks one enemy or neutral Hewn, alone in its space, "
        "that it can see (with artillery: one it cannot see).",
    ),
    "DISCARD": (
        "discard an artillery attack die",
        "Artillery is not accurate: the defender throws away one attack die "
        "before any dodge.",
    ),
    "NANA_SPLIT": (
        "how many Nananbites repair",
        "Each repairs with a Nanadice; the others defend against a repair. A "
        "Nanadead kills its Nananbite.",
    ),
    "NANA_BOX": (
        "which Bidox gets a Nananbite",
        "A Nananbite on a Bidox adds 1 to every bid it makes, for the rest of the game.",
    ),
    "INTENT": (
        "what the Hewn does in the same-space encounter",
        "Attack, or repair a damaged or stunned Hewn (a brain repair takes it over).",
    ),
    "DODGE": (
        "dodge an attack die",
        "Your attacked Hewn can dodge: make the attacker re-roll one attack die.",
    ),
    "REROLL": (
        "re-roll an attack die",
        "Attackers may re-roll as many attack dice as their re-rolls allow.",
    ),
    "ESCAPE_MOVE": (
        "move away after escaping",
        "Two escapes or more: the Hewn may move to an adjacent space free of "
        "healthy Hewns.",
    ),
    "RETREAT": (
        "where the moving Hewn retreats",
        "Two healthy Hewns are left in one space: the moving Hewn must leave.",
    ),
    "EXPEL": (
        "expel a damaged or stunned Hewn",
        "The one healthy Hewn left may push the others out to adjacent spaces.",
    ),
    "SICKET_LOSS": (
        "which Sicket technology is lost",
        "A hit destroyed one Sicket technology of your Hewn: you choose which.",
    ),
    "SWARM_LOSS": (
        "which swarm member dies",
        "An attack (or what would stun it) killed members of your swarm: you "
        "choose them one at a time; a member's technologies die with it.",
    ),
    "SAME_TARGET": (
        "which Hewn to meet in the space",
        "A same-space encounter with one Hewn sharing the space.",
    ),
    "USE_BOMB": (
        "add the implosion bomb to the attack",
        "The bomb adds 6 close-combat dice (no Substract, no weapon bonus) and "
        "is used up; then it overflows onto a space next to the target's.",
    ),
    "OVERFLOW_SPACE": (
        "where the implosion bomb overflows",
        "Every Hewn in the chosen space next to the target's, friends too, is "
        "attacked by 4 close-combat dice; or choose no space.",
    ),
    "OVERFLOW": (
        "an implosion bomb's overflow",
        "The Hewns in the space are attacked in turn.",
    ),
    "RANGED": ("a ranged encounter", "The encounter goes on."),
    "SAME_SPACE": ("a same-space encounter", "The encounter goes on."),
    "ARTILLERY": ("an artillery encounter", "The encounter goes on."),
    "ENGINE": ("the game goes on", "Nothing to decide."),
}
"""Per decision kind (by its `Ask` name): its title and a one-line
explanation, as a person at the screen reads them."""


def _ask_text(ask: int) -> tuple[str, str] | None:
    if ask in Ask._value2member_map_:
        return _ASK_TEXT.get(Ask(ask).name)
    return None


def ask_name(ask: int) -> str:
    """The decision kind's title in words ("how much Substract to pack in the
    Bidox"), for any kind ("decision 150" for one no line here knows)."""
    text = _ask_text(ask)
    if text is not None:
        return text[0]
    if ask in Ask._value2member_map_:
        return Ask(ask).name.lower().replace("_", " ")
    return f"decision {ask}"


def ask_help(ask: int) -> str:
    """One line that says what the decision kind is about ("" when none does)."""
    text = _ask_text(ask)
    return text[1] if text is not None else ""


def turn_seat(state: State) -> int | None:
    """Whose go it is: the seat of the bid turn or player turn in progress
    (None: no one's, as while the turn-order cards are dealt)."""
    for frame in reversed(state.frames):
        if frame.ask in _TURN_ASKS:
            return int(frame.seat)
    return None


_TURN_ASKS: Final = frozenset(
    int(a)
    for name in (
        "BID_TURN", "BID_BIDOX", "BID_LOT", "BID_AMOUNT", "BID_MIX",
        "HUNT_BIDOX", "PLAYER_TURN",
    )
    if (a := Ask.__members__.get(name)) is not None
)  # fmt: skip
"""The kinds of a seat's own go: its bid turn (whose chain asks its steps in
the same frame) and its player turn."""


def _who(seat: int, viewer: int | None) -> str:
    return "you" if seat == viewer else f"player {seat}"


def _whose(seat: int, viewer: int | None) -> str:
    return "your" if seat == viewer else f"player {seat}'s"


def _who_does(seat: int, viewer: int | None, verb: str) -> str:
    """ "you choose", "player 2 chooses"."""
    return f"you {verb}" if seat == viewer else f"player {seat} {verb}s"


def _below(state: State) -> Frame | None:
    """The frame under the top one (the decision or chain that asked it)."""
    return state.frames[-2] if len(state.frames) > 1 else None


def _mover_words(state: State, viewer: int | None) -> str:
    """ "player 1's Gombat #3": the Hewn whose turn it is, or its owner."""
    turn = next((f for f in reversed(state.frames) if f.ask == Ask.HEWN_TURN), None)
    if turn is not None and 0 <= turn.hewn < NUM_HEWNS:
        return f"{_whose(turn.seat, viewer)} {hewn_label(turn.hewn)}"
    seat = turn_seat(state)
    return "the moving Hewn" if seat is None else f"{_whose(seat, viewer)} Hewn"


def _waiting_words(state: State) -> str:
    """Rules 2: what the moving Hewn stopped moving to do, which waits for the
    reaction window ('' when nothing waits)."""
    turn = next(
        (f for f in reversed(state.frames) if isinstance(f, turnstate.HewnTurnFrame)),
        None,
    )
    if turn is None or turn.then == NONE:
        return ""
    words = _CTRL_WORDS.get(turn.then) or _VERB_WORDS.get(turn.then, "act")
    return f" It has stopped moving, to {words} once the reactions are over."


def _turn_words(state: State, viewer: int | None) -> str:
    """ "player 1's turn", "your turn", "no one's turn"."""
    seat = turn_seat(state)
    return "no one's turn" if seat is None else f"{_whose(seat, viewer)} turn"


_NEW_MINE_RULE: Final = (
    'the rulebook: "the next player in turn order after the current mining '
    "Hewn's owner will attempt to place a new mine token on the board\""
)

_WHY: Final[dict[str, Callable[[State, Frame, int | None], str]]] = {
    "NEW_MINE": lambda s, f, v: _new_mine_why(s, v),
    "REMOVE_TOKEN": lambda s, f, v: (
        _new_mine_why(s, v) + " No space is free of mines and danger tokens, "
        'so first "simply remove any danger token from the board".'
    ),
    "REACT": lambda s, f, v: (
        f"{_mover_words(s, v)} moved where {_whose(f.seat, v)} Hewns can see it: healthy enemy "
        'Hewns that can see the moving Hewn may announce an encounter "even '
        "though it's not their turn\"." + _waiting_words(s)
    ),
    "TRANSMIT_AWAY": lambda s, f, v: (
        f"{_whose(f.seat, v)} Hewns are in an encounter with {_mover_words(s, v)}. Step 2, "
        '"Transmit Substract away": Hewns with Substract on them may transmit '
        "it off-planet or to friendly healthy Hewns now; Substract found on a "
        "Hewn that dies is destroyed."
    ),
    "DISCARD": lambda s, f, v: (
        f"{_whose(f.seat, v)} {hewn_label(f.hewn)} is under artillery fire: "
        '"the defender can discard one of the weapon attack dice".'
    ),
    "DODGE": lambda s, f, v: (
        f'{_whose(f.seat, v)} {hewn_label(f.hewn)} is attacked and can dodge: "the defender '
        'can force the attacker to re-roll one of his current attack dice".'
    ),
    "REROLL": lambda s, f, v: (
        f"{_whose(f.seat, v)} {hewn_label(f.hewn)} is attacking in {_turn_words(s, v)}: "
        '"Attackers can re-roll as many of their attacking dice as they have '
        're-roll ability".'
    ),
    "ESCAPE_MOVE": lambda s, f, v: (
        f'{_whose(f.seat, v)} {hewn_label(f.hewn)} rolled two escapes or more: it "may choose '
        'to move to that adjacent space as a free move".'
    ),
    "RETREAT": lambda s, f, v: (
        'Two healthy Hewns are left in the space: "the moving Hewn must be '
        "retreated into an adjacent space (free of healthy Hewns) of his "
        "owner's choice - even if this is by a new owner!\""
    ),
    "EXPEL": lambda s, f, v: (
        f"{_whose(f.seat, v)} {hewn_label(f.hewn)} is the one healthy Hewn left in the space: "
        'it "can optionally expel any or all of the damaged/stunned Hewns".'
    ),
    "SICKET_LOSS": lambda s, f, v: (
        f"A hit on {_whose(f.seat, v)} {hewn_label(f.hewn)} destroys one of its Sicket "
        f"technologies: {_who_does(f.seat, v, 'choose')} which."
    ),
    "SWARM_LOSS": lambda s, f, v: (
        f"{_whose(f.seat, v).capitalize()} swarm {hewn_label(f.hewn)} loses "
        f"{f.other} more member{'s' if f.other != 1 else ''} of "
        f'{s.members[f.hewn]}: "The swarm owner decides which members of the '
        'swarm are killed - returning them and any technology they had to the box".'
    ),
    "SCREENS": lambda s, f, v: (
        f"{_attacker_words(s)} attacks {_whose(f.seat, v)} {hewn_label(f.hewn)} in "
        f"{_turn_words(s, v)}; {_who(f.seat, v)} may burn Substract as body screens."
    ),
    "USE_BOMB": lambda s, f, v: (
        f"{_whose(f.seat, v)} {hewn_label(f.hewn)} attacks in {_turn_words(s, v)} and "
        'holds an implosion bomb: "The dice from using these technologies are '
        'added to the attack at this point".'
    ),
    "OVERFLOW_SPACE": lambda s, f, v: (
        f"{_whose(f.seat, v)} {hewn_label(f.hewn)} used an implosion bomb: "
        '"the attacker can choose any adjacent space to the space where the '
        'original attack was made".'
    ),
    "REASSERT": lambda s, f, v: (
        f"{_whose(f.seat, v).capitalize()} heart card is in {hewn_label(f.hewn)}, "
        f'which {_who(s.ctrl[f.hewn], v)} controls: in the recovery phase "a '
        'previous owner of the Hewn must indicate that he is "trying to regain '
        'control""; it costs nothing.'
    ),
    "DEAL_ORDER": lambda s, f, v: (
        f'{_who(f.seat, v)} won the turn-order stack, and its winner "hands '
        'out the turn cards to players in the order he/she sees fit, face down" '
        "(here one card to each player, in seat order). Card 1 plays first this "
        "round."
    ),
}
"""Why a decision kind comes to a seat out of its own turn (DEAL_ORDER: in
no one's), in the rulebook's words."""

_PICK_WHY: Final = (
    'the rulebook: "For each player with a healthy Hewn who has announced an '
    'encounter, secretly pick dice"; the target picks its defence too.'
)


def _attacker_words(state: State) -> str:
    """What attacks the Hewn asked for body screens: a danger token, or an
    implosion bomb's overflow."""
    below = _below(state)
    if below is not None and below.ask == Ask.OVERFLOW:
        return "An implosion bomb's overflow"
    return "A danger token"


def _new_mine_why(state: State, viewer: int | None) -> str:
    miner = _below(state)
    if miner is None or not 0 <= miner.hewn < NUM_HEWNS:
        return f"A new mine emerges; {_NEW_MINE_RULE}."
    return (
        f"{_whose(miner.seat, viewer).capitalize()} {hewn_label(miner.hewn)} "
        f"rolled a new mine on a danger die, and {_NEW_MINE_RULE}: that is "
        f"{_who(state.frames[-1].seat, viewer)}."
    )


_ENCOUNTER_ASKS: Final = ("INTENT", "NANA_SPLIT", "PAY_SPLIT", "CHAIN_MIX")
"""Decisions of an encounter that come to its seats as the picks do."""


def why_asked(state: State, viewer: int | None = None) -> str:
    """Why the decision on top is its seat's now, when it comes out of that
    seat's own turn (a new mine placed by the next seat, a reaction, a pick in
    another seat's encounter, the deal): a sentence in the rulebook's words;
    "" for a decision of the seat's own turn. `viewer` only changes "you"."""
    if state.over or not state.frames or is_chance(state):
        return ""
    frame = state.frames[-1]
    owner = turn_seat(state)
    if owner == frame.seat:
        return ""
    name = Ask(frame.ask).name if frame.ask in Ask._value2member_map_ else ""
    why = _WHY.get(name)
    if why is not None:
        text = why(state, frame, viewer)
    elif name.startswith("PICK_") or name in _ENCOUNTER_ASKS:
        text = (
            f"{_whose(frame.seat, viewer).capitalize()} Hewns are in an "
            f"encounter with {_mover_words(state, viewer)}: {_PICK_WHY}"
        )
    else:
        turn = "no one's" if owner is None else _whose(owner, viewer)
        text = (
            f"This decision ({ask_name(frame.ask)}) comes to "
            f"{_who(frame.seat, viewer)} in {turn} turn."
        )
    return text[:1].upper() + text[1:]


def gem_words(state: State, gem: int) -> str:
    """A gem kind and its worth: "a four-legged gem (worth 8)"."""
    name = Gem(gem).name.lower().replace("_", "-")
    return f"a {name} gem (worth {state.scenario.gems[gem][0]})"


def gem_pile_words(state: State) -> str:
    """What the gem pile holds, best first: "2 four-legged (8), 3 three-legged
    (6), 3 two-legged (4)"; "none" when empty."""
    parts = [
        f"{left} {Gem(k).name.lower().replace('_', '-')} ({state.scenario.gems[k][0]})"
        for k, left in enumerate(state.gem_pile)
        if left
    ]
    return ", ".join(parts) if parts else "none"


def recovery_die_words(state: State) -> str:
    """Whose die the next recovery roll is ("the Fixito of Major Miner #12",
    "the heart card of Major Miner #12", "a Nananbite of Major Miner #12",
    "the difficulty for Major Miner #12", "player 0's heart in Major Miner
    #12", "player 1, the controller of Major Miner #12"); "" outside the
    recovery."""
    if not state.roll_queue or not state.frames:
        return ""
    top = state.frames[-1]
    if top.ask == Ask.REASSERT:
        if state.rolled:
            return f"player {state.ctrl[top.hewn]}, the controller of {hewn_label(top.hewn)}"
        return f"player {top.seat}'s heart in {hewn_label(top.hewn)}"
    if len(state.frames) != 1:
        return ""
    if top.step == RoundStep.STUN_RECOVERY:
        hewns = hearts.stun_recovering(state)
        i, difficulty = divmod(len(state.rolled), 2)
        if i >= len(hewns):
            return ""  # pragma: no cover - the pairs match the Hewns
        who = hewn_label(hewns[i])
        if difficulty:
            return f"the difficulty for stunned {who}"
        return f"player {state.heart[hewns[i]]}'s heart in stunned {who}"
    if top.step != RoundStep.RECOVERY:
        return ""
    at = len(state.rolled)
    for h in rounds.recovering(state):
        fixitos = nanas.fixito_d10s(state, h)
        kinds = nanas.recovery_dice(state, h)
        who = hewn_label(h)
        if at == len(kinds):
            return f"the difficulty for {who}"
        if at < fixitos:
            return f"the Fixito of {who}"
        if at == fixitos and hearts.heart_d10(state, h):
            return f"the heart card of {who}"
        if at < len(kinds):
            return f"a Nananbite of {who}"
        at -= len(kinds) + 1
    return ""  # pragma: no cover - the dice match the Hewns


def terrain_die_words(state: State) -> str:
    """Whose roll the next die is in a flight or an extraction ("the flight of
    Sveanivo #26 to 14 (0: swept away)", "the Suderer of Clogg #31"); ""
    otherwise."""
    if not state.roll_queue or not state.frames:
        return ""
    top = state.frames[-1]
    if isinstance(top, flight.FlightFrame) and top.target != NONE:
        how = "flight" if top.verb == Verb.FLY else "climb"
        where = space_label(state, top.target)
        return f"the {how} of {hewn_label(top.hewn)} to {where}; 0: swept away"
    if isinstance(top, suderer.ExtractFrame):
        return f"the Suderer of {hewn_label(top.hewn)}"
    return ""


def hewn_label(hewn: int) -> str:
    """A Hewn card instance: its type and its id ("Gunana #3")."""
    if not 0 <= hewn < NUM_HEWNS:
        return f"Hewn #{hewn}"
    return f"{hewn_type(hewn).name} #{hewn}"


def space_label(state: State, space: int) -> str:
    """A space by id and name; a dug tunnel by its number, size and ends."""
    board = state.board
    if 0 <= space < board.n_spaces:
        return f"space {space} ({board.name[space]})"
    if is_tunnel(space) and space < NUM_LOCS:
        return tunnel_label(state, piece_of(space))
    return f"space {space}"


def tunnel_label(state: State, piece: int) -> str:
    """A dug-tunnel piece: "tunnel 9 (M, 6-27)", or "(M, in the stock)"."""
    size = SIZE_LETTERS[PIECE_SIZES[piece]]
    if not is_dug(state, piece):
        return f"tunnel {piece + 1} ({size}, in the stock)"
    a, b = ends(state, piece)
    return f"tunnel {piece + 1} ({size}, {a}-{b})"


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
    secret = secret_from(frame.ask) is not None or (
        frame.ask in (Ask.LOAD_KIND, Ask.LOAD_AMOUNT) and secrets_on(state)
    )  # what is loaded behind a screen, with secret loads
    if secret and not own and block in ("NUM", "DIE", "OPTION"):
        return f"{ask_name(frame.ask)}: chosen in secret"
    if not own and attaching_in_secret(state, frame):
        return f"{ask_name(frame.ask)}: chosen in secret, behind the screen"
    return _DESCRIBE.get(block, _describe_plain)(state, frame, action, viewer)


def attaching_in_secret(state: State, frame: Frame) -> bool:
    """Whether `frame` is an off-board attachment the other seats may not
    follow (secrets on: "secretly attached ... behind the players screen")."""
    return isinstance(frame, BanjerFrame) and frame.mode == OFF and secrets_on(state)


def _describe_chance(state: State, action: int, block: str, viewer: int | None) -> str:
    if state.roll_queue and block == "DIE":
        kind = state.roll_queue[0]
        value, symbol = game_face(state, kind, action - DIE)
        shown = (
            str(value)
            if symbol == Symbol.NUMBER
            else f"{Symbol(symbol).name.lower().replace('_', ' ')} ({value})"
        )
        die = DICE[kind]
        whose = recovery_die_words(state) or terrain_die_words(state)
        return f"the {die.name} die shows {shown}" + (f" ({whose})" if whose else "")
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


_CTRL_BY_ASK: Final[dict[tuple[str, int], str]] = {
    ("REACT", Ctrl.DONE): "announce nothing (let the moving Hewn be)",
    ("MOVER_JOIN", Ctrl.YES): "yes: the moving Hewn announces its attack too",
    ("MOVER_JOIN", Ctrl.NO): "no: the moving Hewn only defends",
    ("TRANSMIT_AWAY", Ctrl.DONE): "transmit nothing (more) away",
    ("MINE_REROLL", Ctrl.DONE): "keep the mining dice as they are",
    ("DODGE", Ctrl.DONE): "do not dodge",
    ("REROLL", Ctrl.DONE): "keep the attack dice as they are",
    ("ESCAPE_MOVE", Ctrl.DONE): "stay (no escape move)",
    ("EXPEL", Ctrl.DONE): "expel nobody (more)",
    ("REASSERT", Ctrl.YES): "yes: show the heart card and try to regain control",
    ("REASSERT", Ctrl.NO): "no: leave the control rod as it is",
    ("USE_BOMB", Ctrl.YES): (
        "yes: add the implosion bomb (+6 close-combat dice; it is used up)"
    ),
    ("USE_BOMB", Ctrl.NO): "no: keep the implosion bomb",
    ("OVERFLOW_SPACE", Ctrl.DONE): "no overflow (spare every space)",
}
"""A control answer's words where the decision kind gives it a meaning
(others: `_CTRL_WORDS`)."""


def _describe_ctrl(state: State, frame: Frame, action: int, viewer: int | None) -> str:
    if frame.ask in Ask._value2member_map_:
        words = _CTRL_BY_ASK.get((Ask(frame.ask).name, action))
        if words is not None:
            return words
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
        else tunnel_label(state, action - TUNNEL_SPACE)
    )
    if frame.ask == Ask.HEWN_TURN:
        here = state.loc[frame.hewn]
        verb = "enter the board at" if here == OFF_BOARD else "step to"
        return f"{hewn_label(frame.hewn)}: {verb} {label}"
    if frame.ask == Ask.EXPEL:
        return f"push the expelled Hewn to {label}"
    if isinstance(frame, flight.FlightFrame):
        verb = "fly" if frame.verb == Verb.FLY else "climb"
        return f"{hewn_label(frame.hewn)}: {verb} to {label}"
    return f"{_lead(frame.ask)} {label}"


def _describe_num(state: State, frame: Frame, action: int, viewer: int | None) -> str:
    k = action - NUM
    ask = frame.ask
    if ask == Ask.BID_BIDOX:
        return f"Bidox {k}{_bidox_nanas(state, frame.seat, k)}"
    if ask == Ask.NANA_BOX:
        return f"attach a Nananbite to Bidox {k}{_bidox_nanas(state, frame.seat, k)}"
    if ask == Ask.NANA_SPLIT:
        held = nanas.nananbites(state, frame.hewn)
        return f"{k} of {held} Nananbites repair, {held - k} defend"
    if ask == Ask.HUNT_BIDOX:
        return f"Bidox {k} goes hunting"
    if ask == Ask.SWARM_LOSS:
        return f"kill {member_words(state, frame.hewn, k, viewer)}"
    if ask == Ask.BID_AMOUNT:
        return f"put {k} Substract in the Bidox"
    if ask == Ask.BID_MIX:
        amount = _chain_arg(frame, 2)
        return f"of the {amount}, {k} dirty and {amount - k} normal"
    if ask == Ask.MINE_KEEP:
        screen = "your" if viewer in (None, frame.seat) else "their"
        return (
            f"load {k} of the mined Substract onto the Hewn (the rest is behind "
            f"{screen} screen)"
        )
    if ask == Ask.EXTRACT_KEEP:
        screen = "your" if viewer in (None, frame.seat) else "their"
        return (
            f"load {k} of the extracted dirty Substract onto the Hewn (the rest "
            f"is behind {screen} screen)"
        )
    if ask == Ask.PAY_SPLIT:
        return f"pay {k} from the Hewn's own load (the rest from its friends)"
    if ask == Ask.BURN_MIX:
        return f"burn {'a dirty' if k else 'a normal'} Substract"
    if ask in _MIX_ASKS:
        amount, own = _payment(frame)
        paid = f"the {own} from the Hewn's own load" if own < amount else f"the {own}"
        return f"pay {paid} as {k} dirty and {own - k} normal"
    if ask == Ask.CHAIN_MIX:
        amount, own = _payment(frame)
        chain = amount - own
        return f"the friendly Hewns give {chain}: {k} dirty and {chain - k} normal"
    words = _NUM_WORDS.get(ask)
    if words is not None:
        return words(k)
    if ask == Ask.DEAL_ORDER and state.deal_left:
        seat = state.deal_left[0]
        if viewer is None or viewer in (frame.seat, seat):
            return f"give turn-order card {k} to player {seat}"
        return f"give a turn-order card face down to player {seat}"
    return f"{ask_name(ask)}: {k}"


def member_words(state: State, hewn: int, member: int, viewer: int | None) -> str:
    """Swarm member `member` of `hewn` in words, with what it carries as
    `viewer` may see it: "member 0 (the leader, Veyark)", "member 6 (a Sicket
    socket: Slocic Shield)", "member 3 (no socket)"."""
    card = state.card(hewn)
    if member == 0:
        filled = state.heart[hewn] != NONE or state.gem[hewn] != NONE
        shown = filled and (viewer is None or heart_open(state, hewn, viewer))
        heart = ", with what its heart card holds" if shown else ""
        return f"member 0 (the leader, {card.name.split(' & ')[0]}{heart})"
    slot = swarm.member_slot(state, hewn, member)
    if slot == NONE:
        return f"member {member} (no socket)"
    kind = "a Nanasocket" if slot < card.nanasockets else "a Sicket socket"
    held = state.slots[hewn][slot]
    if viewer is not None and not slot_open(state, hewn, slot, viewer):
        return f"member {member} ({kind}, fitted in secret)"
    what = TECHS[held].name if held >= 0 else "empty"
    return f"member {member} ({kind}: {what})"


def _bidox_nanas(state: State, seat: int, box: int) -> str:
    """ " (2 Nananbites)" for a Bidox that holds some, else ""."""
    held = state.bidox_nana[seat][box] if 0 <= seat < len(state.bidox_nana) else 0
    if not held:
        return ""
    return f" ({held} Nananbite{'s' if held > 1 else ''})"


def _dice(n: int, kind: str) -> str:
    return f"{n} {kind} {'die' if n == 1 else 'dice'}"


_MIX_ASKS: Final = (Ask.PICK_MIX, Ask.SCREENS_MIX)
"""Paying an own share fixed before (`payment.PayFrame`): how much of it is
dirty."""

_NUM_WORDS: Final[dict[int, Callable[[int], str]]] = {
    Ask.PICK_L: lambda k: f"{_dice(k, 'laser')} (1 Substract each)",
    Ask.PICK_A: lambda k: f"{_dice(k, 'area')} (1 Substract each)",
    Ask.PICK_K: lambda k: f"{k} body screens (+{k} armour dice, 1 Substract each)",
    Ask.PICK_Q: lambda k: (
        f"{k} brain screens (against a brain repair, 1 Substract each)"
    ),
    Ask.PICK_E: lambda k: "explode (1 Substract)" if k else "do not explode",
    Ask.SCREENS: lambda k: f"burn {k} Substract as body screens (+{k} armour dice)",
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
    slot = action - SOCKET
    hewn = frame.hewn if frame.ask == Ask.SICKET_LOSS else _banjer_receiver(frame)
    if 0 <= hewn < NUM_HEWNS and slot == hearts.heart_socket(state, hewn):
        return f"{_lead(frame.ask)} the heart card (slot {slot})"
    if 0 <= hewn < NUM_HEWNS and nanas.is_mama_slot(state, hewn, slot):
        return f"{_lead(frame.ask)} slot {slot} (a Mamabite's)"
    return f"{_lead(frame.ask)} slot {slot}"


def _banjer_receiver(frame: Frame) -> int:
    """The Hewn a BANJER or ATTACH_OFF chain fits a piece into (NONE for any
    other frame)."""
    return frame.receiver if isinstance(frame, BanjerFrame) else NONE


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
    if frame.ask == Ask.DISCARD:
        return f"discard attack die {i + 1} ({shown})"
    if frame.ask == Ask.REROLL:
        return f"re-roll attack die {i + 1} ({shown})"
    return f"{ask_name(frame.ask)}: die {i} of the pool"


def _face_words(state: State, kind: int, index: int) -> str:
    value, symbol = game_face(state, kind, index)
    if symbol == Symbol.NUMBER:
        return f"{DICE[kind].name} {value}"
    return f"{DICE[kind].name} {Symbol(symbol).name.lower().replace('_', ' ')}"


def _pool_die(state: State, frame: Frame, i: int) -> str:
    """Die `i` of the pool the frame chooses from: the mining chain's dice, or
    the current attack's dice of an encounter."""
    if frame.ask in (Ask.MINE_REROLL, Ask.DANGER_ORDER, Ask.RESPITE):
        found = _mining_die_face(state, frame, i)
        if found is not None:
            return _face_words(state, *found)
    if frame.ask in (Ask.DODGE, Ask.REROLL, Ask.DISCARD):
        die = attack_die(state, i)
        if die is not None:
            kind, face_, owner = die
            return f"{_face_words(state, kind, face_)}, {hewn_label(owner)}'s"
    return f"die {i + 1}"


def _describe_seat(state: State, frame: Frame, action: int, viewer: int | None) -> str:
    return f"{ask_name(frame.ask)}: player {action - SEAT}"


_OPTION_WORDS: Final[dict[str, str]] = {
    "ATTACK": "attack",
    "BODY_REPAIR": "body repair (mend a damaged Hewn)",
    "BRAIN_REPAIR": "brain repair (take a stunned Hewn over)",
    "TAKE_GEM": "take the gem",
    "TAKE_TWO": "take 2 Substract",
    "NORMAL": "normal Substract",
    "DIRTY": "dirty Substract",
    "SIZE_S": "small",
    "SIZE_M": "medium",
    "SIZE_B": "big",
    "PLACE_STAY": "stay here",
    "PLACE_TUNNEL": "in the tunnel",
    "PLACE_FAR_END": "at the tunnel's far end",
    "MINE_PLAIN": "mine plainly (the usual dice)",
    "MINE_AGGRESSIVE": "mine aggressively (+1 mining die, +1 danger die)",
    "MINE_GOZZBAG": "mine with Major Gozzbag (+1 mining die, +1 danger die)",
    "MINE_AGGRESSIVE_GOZZBAG": (
        "mine aggressively with Major Gozzbag (+2 mining dice, +2 danger dice)"
    ),
    "RESPITE_CANCEL": "cancel a danger or deplete die of this roll",
    "RESPITE_REMOVE_TOKEN": "withdraw a danger token from the map",
}
"""An option's words (by its `Option` name)."""

_OPTION_LEAD: Final[dict[int, str]] = {
    Ask.TX_KIND: "transmit",
    Ask.LOAD_KIND: "move",
}
"""How an option is led in, per decision kind (others: plainly)."""


def _describe_option(
    state: State, frame: Frame, action: int, viewer: int | None
) -> str:
    if frame.ask == Ask.MINE_GEM:
        return _gem_option_words(state, frame, action)
    if frame.ask == Ask.ENTRANCE_SIZE and action in entrances.SIZE_OPTIONS:
        size = entrances.SIZE_OPTIONS.index(action)
        words = _OPTION_WORDS[Option(action).name]
        left = state.entrance_stock[size - 1]
        return f"a {words} secret entrance ({left} {words} piece(s) left)"
    if isinstance(frame, DigFrame) and frame.ask == Ask.DIG_PLACE:
        return _dig_place_words(state, frame, action)
    if action in (Option.MINE_GOZZBAG, Option.MINE_AGGRESSIVE_GOZZBAG):
        return _gozzbag_words(state, action == Option.MINE_AGGRESSIVE_GOZZBAG)
    if action in Option._value2member_map_:
        name = Option(action).name
        words = _OPTION_WORDS.get(name, name.lower().replace("_", " "))
    else:
        words = f"option {action - OPTION}"
    lead = _OPTION_LEAD.get(frame.ask)
    return f"{lead} {words}" if lead else words


def _gozzbag_words(state: State, aggressive: bool) -> str:
    """The Gozzbag mining options with this game's Gozzbag dice (a config may
    tune them): "mine with Major Gozzbag (+1 mining die, +1 danger die)"."""
    gozzbag = state.tech(TechKind.MAJOR_GOZZBAG)
    mining = gozzbag.mining_dice + aggressive
    danger = gozzbag.danger_dice + aggressive
    how = "aggressively with" if aggressive else "with"
    return (
        f"mine {how} Major Gozzbag ({_more_dice(mining, 'mining')}, "
        f"{_more_dice(danger, 'danger')})"
    )


def _more_dice(count: int, kind: str) -> str:
    return f"+{count} {kind} {'die' if count == 1 else 'dice'}"


_PLACE_WORDS: Final[dict[int, str]] = {
    Option.PLACE_STAY: "and stay",
    Option.PLACE_TUNNEL: "and go into it",
    Option.PLACE_FAR_END: "and come out at the far end",
}


def _dig_place_words(state: State, frame: DigFrame, action: int) -> str:
    """The whole dig in one line: which piece, between which spaces, and
    where the digger goes."""
    h = frame.hewn
    size = SIZE_LETTERS[PIECE_SIZES[frame.piece]]
    where = _PLACE_WORDS.get(action, f"option {action - OPTION}")
    return (
        f"{hewn_label(h)}: lay tunnel {frame.piece + 1} ({size}) from "
        f"{space_label(state, state.loc[h])} to {space_label(state, frame.target)} "
        f"{where}"
    )


def _gem_option_words(state: State, frame: Frame, action: int) -> str:
    """The 2/gem choice in full: which gem the Hewn would take and what goes
    back, or the 2 Substract."""
    if action != Option.TAKE_GEM:
        return "take 2 normal Substract for the 2/gem face"
    best = next((k for k, left in enumerate(state.gem_pile) if left), NONE)
    if best == NONE:
        return _OPTION_WORDS["TAKE_GEM"]  # pragma: no cover - asked with a gem left
    held = state.gem[frame.hewn]
    back = f"; {gem_words(state, held)} goes back" if held != NONE else ""
    return f"take {gem_words(state, best)} into the heart card{back}"


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
