"""The game state of Hewns: plain mutable lists, a stack of pending decisions and a
cheap `clone()`.

Every decision of the game is one small choice (see `actions`), asked by the frame
on top of `State.frames`: a frame says what is being decided (`Ask`), by whom, and
keeps the arguments chosen so far. A rule that needs a sub-decision pushes a frame;
when that frame is done it is popped and the frame under it resumes (`flow`). Dice
are rolled at chance nodes: a rule queues the dice it needs (`State.roll_queue`),
the tools (or a test choosing the rolls) play one face per die, and the frame that
asked resumes with the faces in `State.rolled`. A game is exactly
`(config, seed, actions)`: the set-up is dealt from the seed, and every later roll
and card draw is an action in the list.

A state holds the game, not its presentation: the render and the descriptions read
it and keep nothing in it.
"""

from __future__ import annotations

from collections.abc import Sequence
from enum import IntEnum
from typing import Any, Final

from .actions import MAP_SPACE_IDS, NUM_TUNNEL_PIECES
from .board import Board, board_for
from .config import HewnsConfig
from .data import HEWN_TYPES, TECHS, Gem, HewnType, Scenario, Tech

# --- where a Hewn card instance is ----------------------------------------------
#: Locations below 0; a location >= 0 is a space of the board (a map space, or
#: `TUNNEL_BASE` + piece for a dug tunnel), so that `actions.SPACE` + location
#: is the action id of every space, dug tunnels included.
OUT: Final = -6  # not in this game's card set
DECK: Final = -5
OFFER: Final = -4
DISCARD: Final = -3
OFF_BOARD: Final = -2  # behind its controller's screen
DEAD: Final = -1

TUNNEL_BASE: Final = MAP_SPACE_IDS
"""The location of dug-tunnel piece 0 (tunnel 1): piece p is `TUNNEL_BASE` + p."""
NUM_LOCS: Final = TUNNEL_BASE + NUM_TUNNEL_PIECES
"""Locations on the board: the padded map spaces, then the tunnel pieces (the
length of every per-space list, so a Hewn in a dug tunnel indexes them too)."""

NEUTRAL: Final = -1
"""The controller of a Hewn with no control rod (stunned: "regarded as neutral")."""

NONE: Final = -1

EMPTY_SLOT: Final = -1
NO_SLOT: Final = -2
"""A place in a Hewn's slot list that is not a slot: the Mamabite slots of a
Sicket socket that holds no Mamabite, before those of one that does
(`nanas.mama_slots`)."""


def _instances() -> tuple[int, ...]:
    """The Hewn type (an index into `HEWN_TYPES`) of each card instance, in roster
    order with copies next to each other."""
    return tuple(t for t, h in enumerate(HEWN_TYPES) for _ in range(h.cards))


def _tech_instances() -> tuple[int, ...]:
    """The technology kind of each technology card instance, in table order."""
    return tuple(int(t.kind) for t in TECHS for _ in range(t.cards))


HEWN_TYPE_OF: Final = _instances()
"""Hewn card instance -> its type index (instances are the HEWN action ids)."""
NUM_HEWNS: Final = len(HEWN_TYPE_OF)
TECH_KIND_OF: Final = _tech_instances()
"""Technology card instance -> its kind."""
NUM_TECH_CARDS: Final = len(TECH_KIND_OF)


def hewn_type(hewn: int) -> HewnType:
    """The printed card of Hewn instance `hewn` (the rules read a game's own
    table, `State.card`, which a position may rig)."""
    return HEWN_TYPES[HEWN_TYPE_OF[hewn]]


PRINTED_CARDS: Final = tuple(hewn_type(h) for h in range(NUM_HEWNS))
"""The printed card of every Hewn instance: a new game's card table."""


def game_cards(config: HewnsConfig) -> tuple[HewnType, ...]:
    """The card of every Hewn instance in a new game of `config`: the printed
    ones (`PRINTED_CARDS` itself, when the config plays the data's own cards),
    or its `card_data`'s (a bot's copy of a config has copies of its own)."""
    types = config.hewn_types
    if all(a is b for a, b in zip(types, HEWN_TYPES, strict=True)):
        return PRINTED_CARDS
    return tuple(types[HEWN_TYPE_OF[h]] for h in range(NUM_HEWNS))


def tech_of_card(card: int) -> Tech:
    """The printed technology of technology card instance `card` (the rules
    read a game's own, `State.tech_card`)."""
    return TECHS[TECH_KIND_OF[card]]


class Phase(IntEnum):
    """The phase of the round (the rulebook's four phases; new turn and recovery
    need no decision in the core card set, so they pass inside the engine: the
    recovery's rolls are chance nodes at the start of the auction)."""

    AUCTION = 0
    ACTIONS = 1
    OVER = 2


class RoundStep(IntEnum):
    """The ROUND frame's steps, in the order they run each round
    (`ROUND_STEPS`)."""

    BIDDING = 0  # bid turns until all pass; then the resolution
    DEALING = 1  # the turn-order cards are dealt
    DRAWING = 2  # the new offer is drawn
    ACTIONS = 3  # the player turns, in turn order; then the next round
    RECOVERY = 4  # rules 2, before the bidding: damaged Hewns with gems roll
    STUN_RECOVERY = 5  # stage 3: stunned Hewns with a stone heart roll
    REASSERT = 6  # stage 3: heart owners may try to regain control, by Hewn id


class Ask(IntEnum):
    """What the frame on top of the stack asks (a decision kind). The owner of the
    top frame is `current_player`; a frame's legal actions and what an action
    does are the business of the module that handles its kind (`rules.HANDLERS`)."""

    # auction
    BID_TURN = 0  # place a Bidox, hunt, pass, manage
    BID_BIDOX = 1  # which Bidox to place
    BID_LOT = 2  # on which lot
    BID_AMOUNT = 3  # how much Substract in it
    BID_MIX = 4  # how much of that amount is dirty
    HUNT_BIDOX = 5  # which Bidox goes hunting
    DEAL_ORDER = 6  # the stack's winner gives turn-order card k to a seat
    # the actions phase
    PLAYER_TURN = 10  # activate a Hewn, manage, end the turn
    HEWN_TURN = 11  # move, act, end the Hewn turn
    BURN_MIX = 12  # paying 1 Substract for 1 AP: dirty or normal
    PAY_SPLIT = 13  # a chain payment: how much comes from the payer's own load
    CHAIN_MIX = 14  # rules 2: how much of a chain payment's chain part is dirty
    # mining and danger
    MINE_OPTS = 20
    MINE_REROLL = 21
    MINE_KEEP = 22
    DANGER_ORDER = 23
    RESPITE = 24
    PLACE_TOKEN = 25
    NEW_MINE = 26
    REMOVE_TOKEN = 27  # the new mine's placer must first clear a space
    SCREENS = 28  # body screens against a danger token (or an overflow)
    SCREENS_MIX = 29
    TOKEN_ATTACK = 30  # an engine step: danger-token attacks, one Hewn at a time
    MINE_GEM = 31  # rules 2: a "2/gem" face gives a gem or 2 Substract
    # the recovery phase
    REASSERT = 38  # stage 3: the heart's owner tries to regain control, or not
    # swarms (stage 4): 36-37 (37 spare)
    SWARM_LOSS = 36  # which member of a swarm dies (one casualty each)
    # the complete game's hidden information (stage 4): 39, 57, 79
    # digging (stage 2 cards)
    DIG_TARGET = 32  # the space to dig to
    DIG_REUSE = 33  # no piece of that size left: which empty tunnel to reuse
    DIG_PLACE = 34  # where the digger goes: stay, in the tunnel, the far end
    ENLARGE_REUSE = 35  # enlarging with no bigger piece left: which to reuse
    # transmission and management
    TX_SOURCE = 40
    TX_DEST = 41
    TX_KIND = 42
    TX_AMOUNT = 43
    BANJER_TECH = 44
    BANJER_HEWN = 45
    BANJER_SOCKET = 46
    LOAD_HEWN = 47
    LOAD_KIND = 48
    LOAD_AMOUNT = 49
    CALM_TARGET = 50
    # terrain (stage 2): fly, climb, the Suderer, secret entrances
    FLIGHT_TARGET = 51  # where a FLY or CLIMB goes (then the d10)
    EXTRACT_KEEP = 52  # how much of the extracted dirty Substract the Hewn keeps
    ENTRANCE_SIZE = 53  # a secret entrance: which size of piece
    ENTRANCE_SPACE = 54  # a secret entrance: on which node
    NANA_BOX = 55  # stage 3: the Bidox that gets a Nananbite (NANA_BIDOX)
    # the implosion bomb (stage 3 cards)
    USE_BOMB = 58  # an attacker holding a bomb adds it to its attack, or not
    OVERFLOW_SPACE = 59  # the bomber's owner picks the overflow's space, or none
    # encounters
    REACT = 60
    MOVER_JOIN = 61
    TRANSMIT_AWAY = 62
    PICK_L = 63
    PICK_A = 64
    PICK_K = 65
    PICK_Q = 66
    PICK_E = 67
    PICK_MIX = 68
    NAME_TARGET = 69
    INTENT = 70
    DODGE = 71
    REROLL = 72
    ESCAPE_MOVE = 73
    RETREAT = 74
    EXPEL = 75
    SICKET_LOSS = 76
    SAME_TARGET = 77
    DISCARD = 78  # artillery: the defender discards one attack die
    NANA_SPLIT = 56  # stage 3: how many Nananbites repair (the rest defend)
    RANGED = 80  # a ranged encounter's sub-machine (never asks itself)
    SAME_SPACE = 81  # a same-space encounter's sub-machine (never asks itself)
    ARTILLERY = 82  # an artillery encounter's sub-machine (never asks itself)
    OVERFLOW = 83  # an engine step: a bomb's overflow attacks, one Hewn at a time
    # an engine step with no decision (resolution); never on top when a player
    # is asked
    ENGINE = 99


FRAME_FIELDS: Final = (
    "ask",
    "seat",
    "hewn",
    "other",
    "step",
    "args",
    "data",
    "woken",
)
"""Every field of a `Frame` (a compiled class has no `__slots__` to read)."""


class Frame:
    """One pending decision (or a sub-machine waiting for a child decision or for
    dice). The fields a kind does not use keep their defaults; `args` holds the
    choices of a chain so far and `data` what a sub-machine keeps between steps."""

    __slots__ = ("args", "ask", "data", "hewn", "other", "seat", "step", "woken")

    def __init__(
        self,
        ask: int,
        seat: int,
        hewn: int = NONE,
        other: int = NONE,
        step: int = 0,
        args: list[int] | None = None,
        data: list[int] | None = None,
    ) -> None:
        self.ask = ask
        self.seat = seat
        self.hewn = hewn
        self.other = other
        self.step = step
        self.args: list[int] = [] if args is None else args
        self.data: list[int] = [] if data is None else data
        # set when the frame above it popped: the driver resumes it (`flow.wake`)
        self.woken = False

    def copy(self) -> Frame:
        """An independent copy."""
        new = Frame(
            self.ask,
            self.seat,
            self.hewn,
            self.other,
            self.step,
            list(self.args),
            list(self.data),
        )
        new.woken = self.woken
        return new

    def __reduce__(self) -> tuple[Any, ...]:
        """Pickled by `reduced`, so that a state can cross to another process
        (the isolated bot host is sent its seat's redacted copy). Every
        subclass has its own (a test checks), with its constructor's arguments
        and fields."""
        return self.reduced((self.ask, self.seat), FRAME_FIELDS)

    def reduced(
        self, args: tuple[Any, ...], fields: tuple[str, ...]
    ) -> tuple[Any, ...]:
        """What `__reduce__` gives pickle: the frame's class called with `args`
        (a compiled class cannot be made without its `__init__`'s arguments),
        then `fields` set to their values (`__setstate__`)."""
        return (type(self), args, {name: getattr(self, name) for name in fields})

    def __setstate__(self, fields: dict[str, Any]) -> None:
        """Set the fields `reduced` gave, the same in both builds (pickle's own
        form for a class with `__slots__`, `(None, fields)`, is lost on the
        `__setstate__` mypyc gives a compiled class)."""
        for name, value in fields.items():
            setattr(self, name, value)

    def fill_copy(self, new: Frame) -> None:
        """Copy the fields every frame has into `new`, a fresh frame of the
        same class (a typed frame's `copy` then sets its own fields)."""
        new.ask = self.ask
        new.hewn = self.hewn
        new.other = self.other
        new.step = self.step
        new.args = list(self.args)
        new.data = list(self.data)
        new.woken = self.woken

    def key(self) -> tuple[int, ...]:
        """The frame as plain ints (for digests and comparisons)."""
        return self.key_with(self.data)

    def key_with(self, fields: Sequence[int]) -> tuple[int, ...]:
        """The frame as plain ints with `fields` in the place of `data`: a
        typed frame's `key` passes its named fields."""
        return (
            int(self.ask),
            int(self.seat),
            int(self.hewn),
            int(self.other),
            int(self.step),
            len(self.args),
            *self.args,
            len(fields),
            *fields,
        )

    def shown(self) -> list[int]:
        """The numbers of the decision as the observation shows them: the
        choices so far (`args`); a typed frame gives its fields in the places
        rules 1's frames held them."""
        return self.args

    def __repr__(self) -> str:
        name = Ask(self.ask).name if self.ask in Ask._value2member_map_ else self.ask
        return (
            f"Frame({name}, seat={self.seat}, hewn={self.hewn}, other={self.other}, "
            f"step={self.step}, args={self.args}, data={self.data})"
        )


class RoundFrame(Frame):
    """The `Ask.ENGINE` frame at the bottom of the stack, which drives the
    round (`step`: a `RoundStep`); `bid_turns` counts the bid turns played in
    this auction (the first one goes to the round's first bidder)."""

    __slots__ = ("bid_turns",)

    def __init__(self, step: int = 0, bid_turns: int = 0) -> None:
        super().__init__(Ask.ENGINE, NONE, step=step)
        self.bid_turns = bid_turns

    def copy(self) -> RoundFrame:
        """An independent copy."""
        new = RoundFrame(self.step, self.bid_turns)
        self.fill_copy(new)
        return new

    def __reduce__(self) -> tuple[Any, ...]:
        """Pickled by `Frame.reduced`."""
        return self.reduced((self.step, self.bid_turns), ROUND_FRAME_FIELDS)

    def key(self) -> tuple[int, ...]:
        """The frame as plain ints, its field in place of `data`."""
        return self.key_with((self.bid_turns,))


ROUND_FRAME_FIELDS: Final = (*FRAME_FIELDS, "bid_turns")
"""Every field of a `RoundFrame` (a compiled class has no `__slots__` to
read)."""


def round_frame(frame: Frame) -> RoundFrame:
    """`frame` as the round's frame it is (the bottom of the stack)."""
    if not isinstance(frame, RoundFrame):
        raise RuntimeError(f"not the round's frame: {frame!r}")
    return frame


class State:
    """Everything about one game of Hewns. Per-Hewn facts are lists indexed by card
    instance (0..`NUM_HEWNS` - 1), per-space facts lists indexed by space, per-seat
    facts lists indexed by seat."""

    def __init__(self, config: HewnsConfig, board: Board, empty: bool = False) -> None:
        """A new position; `empty` leaves every other field unset, for `clone`
        to fill (a compiled class cannot be made without its `__init__`)."""
        n = config.num_players
        self.config = config
        self.scenario: Scenario = config.scenario  # computed once: read often
        self.board = board  # shared, never mutated
        self.num_players = n
        # the card of each Hewn instance (`card`): the printed ones or the
        # config's `card_data`, unless a position rigs a card for a rules
        # question; immutable, so copies share it
        self.card_table: tuple[HewnType, ...] = game_cards(config)
        # each technology kind's card in this game (`tech`): the printed ones or
        # the config's `card_data`; immutable, so copies share it
        self.tech_table: tuple[Tech, ...] = config.techs
        if empty:
            return
        # --- progress ---------------------------------------------------------
        self.round = 0
        self.phase: int = Phase.AUCTION
        self.decisions = 0  # decisions and rolls played
        self.turns = 0  # `Game.turns`: one seat's go, counted when the mover changes
        self.go = 0  # goes started (bid turns, player turns): part of the turn key
        self.last_mover = NONE  # the turn key of the last decision
        self.over = False
        self.end_reason = ""  # "rounds", "pile", "depleted", "no mines", "cap"
        self.frames: list[Frame] = []
        self.roll_queue: list[int] = []  # die kinds still to roll
        self.rolled: list[int] = []  # face indices of the dice rolled so far
        self.rolled_kinds: list[int] = []  # the die kind of each face in `rolled`
        self.draw_queue: list[int] = []  # card draws still to make (deck ids)
        # --- Hewn card instances ------------------------------------------------
        self.loc = [OUT] * NUM_HEWNS
        self.ctrl = [NEUTRAL] * NUM_HEWNS
        self.damaged = [False] * NUM_HEWNS
        self.normal = [0] * NUM_HEWNS  # normal Substract carried
        self.dirty = [0] * NUM_HEWNS
        self.acted = [False] * NUM_HEWNS  # took its Hewn turn this player turn
        self.slots: list[list[int]] = [
            [EMPTY_SLOT]
            * (self.card_table[h].nanasockets + self.card_table[h].sicket_sockets)
            for h in range(NUM_HEWNS)
        ]
        # rules 2: the `data.Gem` in each Hewn's heart card, NONE without one
        self.gem = [NONE] * NUM_HEWNS
        # stage 3: the colour (the buying seat) of the stone in each Hewn's heart
        # card, NONE without one (`hearts`)
        self.heart = [NONE] * NUM_HEWNS
        # stage 3: implosion bombs used up (back in the supply)
        self.bombs_used = 0
        # stage 4 (swarms): the members each Hewn has left (a swarm's card
        # `members` at full strength; 0 for a normal Hewn), and which members
        # are alive, a bit per member (bit 0 the leader), since a swarm's
        # casualties are chosen and a member takes its sockets with it
        self.members = [card.members for card in self.card_table]
        self.member_alive = [(1 << card.members) - 1 for card in self.card_table]
        # stage 4 (the complete game's hidden information, `secrets`): the part
        # of each Hewn's load that only its controller knows (loaded off the
        # board), by kind; whether each slot's content was fitted off the board
        # (hidden from the other seats); whether the heart card's content is
        # hidden from the other seats
        self.hidden_normal = [0] * NUM_HEWNS
        self.hidden_dirty = [0] * NUM_HEWNS
        self.slot_hidden: list[list[bool]] = [
            [False] * len(self.slots[h]) for h in range(NUM_HEWNS)
        ]
        self.heart_hidden = [False] * NUM_HEWNS
        # --- the board's contents -----------------------------------------------
        if board.n_spaces > TUNNEL_BASE:
            raise ValueError(
                f"a board has at most {TUNNEL_BASE} spaces, not {board.n_spaces}"
            )
        # per location (`NUM_LOCS`): a dug tunnel or a padding id never holds
        # a mine or a token (D36), so its entry stays NONE
        self.mine = [NONE] * NUM_LOCS  # mine bonus 0-3, NONE without a mine
        self.token = [NONE] * NUM_LOCS  # `data.Token`, NONE without one
        # the dug-tunnel pieces' two end spaces, NONE while in the stock
        self.tunnel_a = [NONE] * NUM_TUNNEL_PIECES
        self.tunnel_b = [NONE] * NUM_TUNNEL_PIECES
        self.normal_pile = 0
        self.depleted = 0
        self.mine_pool: list[int] = []  # bonuses of the new mines, next first
        self.token_stock = [0, 0, 0]  # per `data.Token`
        self.gem_pile = [0] * len(Gem)  # rules 2: gems left per kind, best first
        # terrain: the entrance pieces left for secret entrances, per size S, M,
        # B, and the secret entrances placed, flat (space, size, owner seat)
        self.entrance_stock = list(board.spec.entrance_stock)
        self.secret_entrances: list[int] = []
        # --- seats --------------------------------------------------------------
        self.screen_normal = [0] * n
        self.screen_dirty = [0] * n
        self.screen_tech: list[list[int]] = [[0] * len(TECHS) for _ in range(n)]
        self.turn_card = [0] * n  # 1..n this round; 0 before the deal
        self.card_shown = [False] * n  # turn-order card public
        self.first_bidder = 0
        # Bidoxes: lot (BIDOX_HOME, BIDOX_HUNTING or a lot), amount and its
        # normal part (secret to others), placement order (public)
        self.bidox_lot: list[list[int]] = []
        self.bidox_amount: list[list[int]] = []
        self.bidox_normal: list[list[int]] = []
        self.bidox_order: list[list[int]] = []
        # stage 3: Nananbites attached to each Bidox (public: they sit in its
        # cap), and the Nananbites that died in this game
        self.bidox_nana: list[list[int]] = []
        self.nana_dead = 0
        self.placements = 0
        self.bidder = 0  # whose bid turn it is
        self.passed = [False] * n
        # --- decks and the offer ----------------------------------------------
        self.hewn_deck: list[list[int]] = [[], [], [], []]  # per size (index 1-3)
        self.hewn_discard: list[list[int]] = [[], [], [], []]
        self.tech_deck: list[int] = []
        self.tech_discard: list[int] = []
        self.offer: list[int] = []  # per lot: card instance, NONE when empty
        self.lot_result: list[list[int]] = []  # last auction: per lot, bid per seat
        self.lot_winner: list[int] = []  # last auction: per lot, winner or NONE
        # every lot won so far, `PURCHASE` ints each: round, seat, what (a
        # `PURCHASE_KINDS` entry), which (Hewn type, technology kind or 0), price
        self.purchases: list[int] = []
        # free transfers in the go `moves_go`: who gave and took Substract, and
        # which slots had their technology replaced (`management.mark_move`)
        self.moves_go = -1
        self.gave = 0
        self.took = 0
        self.swapped = 0
        self.opening_bidder = 0  # who bid first in round 1 (drawn at set-up)
        # --- the actions phase --------------------------------------------------
        self.order: list[int] = []  # seats in turn-order card order
        self.order_index = 0
        self.dealer = NONE  # the stack's winner dealing the cards
        self.deal_left: list[int] = []  # seats still without a card in the deal

    # --- small queries --------------------------------------------------------
    def card(self, hewn: int) -> HewnType:
        """The card of Hewn instance `hewn` in this game (every rule reads its
        stats here)."""
        return self.card_table[hewn]

    def tech(self, kind: int) -> Tech:
        """The card of technology kind `kind` in this game (every rule reads a
        technology's numbers here)."""
        return self.tech_table[kind]

    def tech_card(self, card: int) -> Tech:
        """The technology of technology card instance `card` in this game."""
        return self.tech_table[TECH_KIND_OF[card]]

    def capacity(self, hewn: int) -> int:
        """How much Substract `hewn` can still take."""
        return self.card_table[hewn].store_total - self.normal[hewn] - self.dirty[hewn]

    def healthy(self, hewn: int) -> bool:
        """Whether `hewn` is healthy: on or off the board, with a control rod and
        not damaged (only healthy Hewns act)."""
        return (
            self.loc[hewn] >= OFF_BOARD
            and self.ctrl[hewn] >= 0
            and not (self.damaged[hewn])
        )

    def on_board(self, hewn: int) -> bool:
        """Whether `hewn` stands on a space."""
        return self.loc[hewn] >= 0

    def hewns_at(self, space: int) -> list[int]:
        """The Hewns in `space`, by id."""
        return [h for h in range(NUM_HEWNS) if self.loc[h] == space]

    def occupancy(self) -> list[int]:
        """How many Hewns stand in each location, dug tunnels included (sight
        is blocked by Hewns)."""
        count = [0] * NUM_LOCS
        for loc in self.loc:
            if loc >= 0:
                count[loc] += 1
        return count

    # --- copying --------------------------------------------------------------
    def __reduce__(self) -> tuple[Any, ...]:
        """Pickled as `loaded_state(config, rigged)`, then the fields of
        `STATE_FIELDS` (`__setstate__`), so that a state can cross to another
        process (the isolated bot host is sent its seat's redacted copy): a
        compiled class cannot be made without its `__init__`'s arguments. What
        the config makes is rebuilt there, not pickled: the board (cached by
        `board_for`: the loaded state shares it, as a new game does), the
        scenario and the card tables; only a rigged card (`position.rig`)
        travels, with its Hewn id."""
        own = game_cards(self.config)
        rigged = tuple(
            (h, card) for h, card in enumerate(self.card_table) if card is not own[h]
        )
        fields = {name: getattr(self, name) for name in STATE_FIELDS}
        return (loaded_state, (self.config, rigged), fields)

    def __setstate__(self, fields: dict[str, Any]) -> None:
        """Set the fields `__reduce__` gave."""
        for name, value in fields.items():
            setattr(self, name, value)

    def clone(self) -> State:
        """An independent copy (the config, scenario and board are shared: the
        engine never changes them; a bot's copy has its own, `view.own_rules`).

        Every field is listed by name (no `__dict__`: the compiled build has
        none); a test fails when a field is added without its line here."""
        new = State(self.config, self.board, empty=True)
        new.scenario = self.scenario
        new.card_table = self.card_table
        new.tech_table = self.tech_table
        new.round = self.round
        new.phase = self.phase
        new.decisions = self.decisions
        new.turns = self.turns
        new.go = self.go
        new.last_mover = self.last_mover
        new.over = self.over
        new.end_reason = self.end_reason
        new.frames = [f.copy() for f in self.frames]
        new.roll_queue = list(self.roll_queue)
        new.rolled = list(self.rolled)
        new.rolled_kinds = list(self.rolled_kinds)
        new.draw_queue = list(self.draw_queue)
        new.loc = list(self.loc)
        new.ctrl = list(self.ctrl)
        new.damaged = list(self.damaged)
        new.normal = list(self.normal)
        new.dirty = list(self.dirty)
        new.acted = list(self.acted)
        new.slots = [list(v) for v in self.slots]
        new.gem = list(self.gem)
        new.heart = list(self.heart)
        new.bombs_used = self.bombs_used
        new.members = list(self.members)
        new.member_alive = list(self.member_alive)
        new.hidden_normal = list(self.hidden_normal)
        new.hidden_dirty = list(self.hidden_dirty)
        new.slot_hidden = [list(v) for v in self.slot_hidden]
        new.heart_hidden = list(self.heart_hidden)
        new.mine = list(self.mine)
        new.token = list(self.token)
        new.tunnel_a = list(self.tunnel_a)
        new.tunnel_b = list(self.tunnel_b)
        new.normal_pile = self.normal_pile
        new.depleted = self.depleted
        new.mine_pool = list(self.mine_pool)
        new.token_stock = list(self.token_stock)
        new.gem_pile = list(self.gem_pile)
        new.entrance_stock = list(self.entrance_stock)
        new.secret_entrances = list(self.secret_entrances)
        new.screen_normal = list(self.screen_normal)
        new.screen_dirty = list(self.screen_dirty)
        new.screen_tech = [list(v) for v in self.screen_tech]
        new.turn_card = list(self.turn_card)
        new.card_shown = list(self.card_shown)
        new.first_bidder = self.first_bidder
        new.bidox_lot = [list(v) for v in self.bidox_lot]
        new.bidox_amount = [list(v) for v in self.bidox_amount]
        new.bidox_normal = [list(v) for v in self.bidox_normal]
        new.bidox_order = [list(v) for v in self.bidox_order]
        new.bidox_nana = [list(v) for v in self.bidox_nana]
        new.nana_dead = self.nana_dead
        new.placements = self.placements
        new.bidder = self.bidder
        new.passed = list(self.passed)
        new.hewn_deck = [list(v) for v in self.hewn_deck]
        new.hewn_discard = [list(v) for v in self.hewn_discard]
        new.tech_deck = list(self.tech_deck)
        new.tech_discard = list(self.tech_discard)
        new.offer = list(self.offer)
        new.lot_result = [list(v) for v in self.lot_result]
        new.lot_winner = list(self.lot_winner)
        new.moves_go = self.moves_go
        new.gave = self.gave
        new.took = self.took
        new.swapped = self.swapped
        new.purchases = list(self.purchases)
        new.opening_bidder = self.opening_bidder
        new.order = list(self.order)
        new.order_index = self.order_index
        new.dealer = self.dealer
        new.deal_left = list(self.deal_left)
        return new


STATE_FIELDS: Final = (
    "round",
    "phase",
    "decisions",
    "turns",
    "go",
    "last_mover",
    "over",
    "end_reason",
    "frames",
    "roll_queue",
    "rolled",
    "rolled_kinds",
    "draw_queue",
    "loc",
    "ctrl",
    "damaged",
    "normal",
    "dirty",
    "acted",
    "slots",
    "gem",
    "heart",
    "bombs_used",
    "members",
    "member_alive",
    "hidden_normal",
    "hidden_dirty",
    "slot_hidden",
    "heart_hidden",
    "mine",
    "token",
    "tunnel_a",
    "tunnel_b",
    "normal_pile",
    "depleted",
    "mine_pool",
    "token_stock",
    "gem_pile",
    "entrance_stock",
    "secret_entrances",
    "screen_normal",
    "screen_dirty",
    "screen_tech",
    "turn_card",
    "card_shown",
    "first_bidder",
    "bidox_lot",
    "bidox_amount",
    "bidox_normal",
    "bidox_order",
    "bidox_nana",
    "nana_dead",
    "placements",
    "bidder",
    "passed",
    "hewn_deck",
    "hewn_discard",
    "tech_deck",
    "tech_discard",
    "offer",
    "lot_result",
    "lot_winner",
    "moves_go",
    "gave",
    "took",
    "swapped",
    "purchases",
    "opening_bidder",
    "order",
    "order_index",
    "dealer",
    "deal_left",
)
"""Every field of a `State` but those its config makes (the config, scenario,
board, player count and card tables: `loaded_state`), in `clone`'s order: what
a pickled state carries (a compiled class has no `__dict__` to read; a test
fails when a field is missing here)."""


def loaded_state(
    config: HewnsConfig, rigged: tuple[tuple[int, HewnType], ...]
) -> State:
    """A state for pickle to fill (`State.__reduce__`): the board, scenario and
    card tables of `config`, with the `rigged` cards (Hewn id, card) in place."""
    board = board_for(config.num_players, config.mudgestick, config.map_text)
    state = State(config, board, empty=True)
    if rigged:
        table = list(state.card_table)
        for hewn, card in rigged:
            table[hewn] = card
        state.card_table = tuple(table)
    return state


PURCHASE: Final = 5
"""Ints per entry of `State.purchases`."""
BOUGHT_HEWN: Final = 0
BOUGHT_TECH: Final = 1
BOUGHT_TURN_ORDER: Final = 2
PURCHASE_KINDS: Final = ("Hewn", "technology", "turn order")

BIDOX_HOME: Final = -1
"""A Bidox not yet placed (still with its player)."""
BIDOX_HUNTING: Final = -2
"""A Bidox sent hunting this auction."""


def bids_hidden(state: State) -> bool:
    """Whether placed Bidoxes are still closed: the auction's bidding is on
    ("Once a Bidox has been placed ... it cannot be taken back"; they are opened
    at the resolution)."""
    return (
        not state.over
        and bool(state.frames)
        and state.frames[0].ask == Ask.ENGINE
        and state.frames[0].step == RoundStep.BIDDING
    )


def public_totals(state: State, seat: int) -> tuple[int, int]:
    """(normal, dirty) Substract of `seat` as every seat knows it: its totals
    by kind, screen plus closed Bidoxes, are public while the Bidoxes are
    closed (the screen's own split is then `seat`'s secret); otherwise its
    screen. In a game with secret loads the hidden parts of its Hewns' loads
    count too (D47: the private total is public, its split is the seat's)."""
    normal, dirty = state.screen_normal[seat], state.screen_dirty[seat]
    if state.config.loads_secret:
        for h in range(len(state.ctrl)):
            if state.ctrl[h] == seat:
                normal += state.hidden_normal[h]
                dirty += state.hidden_dirty[h]
    if bids_hidden(state):
        lots = state.bidox_lot[seat]
        for b in range(len(lots)):
            if lots[b] >= 0:
                normal += state.bidox_normal[seat][b]
                dirty += state.bidox_amount[seat][b] - state.bidox_normal[seat][b]
    return normal, dirty
