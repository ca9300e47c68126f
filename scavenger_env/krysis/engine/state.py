"""The game state of Krysis: plain mutable lists with a cheap `clone()`.

The engine mutates a state in place, checks every action before touching
anything (an illegal action changes nothing) and offers `clone()` for search bots.
Everything random after set-up (reshuffling the relic discards, drawing stolen
relics at random, shuffling a squad into decks) comes from the state's own chance
stream (`chance.py`), seeded at set-up: a game is exactly `(config, seed,
actions)`.
"""

from __future__ import annotations

from enum import IntEnum
from typing import Any

from .config import KrysisConfig


class Phase(IntEnum):
    """Which kind of small choice the player to move faces."""

    SQUAD = 0  # advanced game: discard 6 agents (2 per star), hidden
    HAND = 1  # 9-card hand: choose the starting hand, hidden
    BID = 2  # the blind bid, hidden until all have bid
    PLACE = 3  # move the miner to a free chamber (and pick a "?" option)
    KEEP = 4  # keep 1 of 2 drawn relics
    PICK = 5  # team building: commit an agent face down
    SPECIAL_TIMING = 6  # special agents before or after the normal action
    ACTION = 7  # flip relics, then load, raid or mine overtime
    SELECT = 8  # choose the goods to load or steal, then where they go
    THIEF = 9  # Thief: choose whom to rob
    SPY_TARGET = 10  # Spy: choose whose relics to look at
    SPY_TAKE = 11  # Spy: take one of them
    ALCHEMY = 12  # Alchemist: convert crystals one by one
    DRAW = 13  # end of round: draw from the transporter or fighter deck
    GAME_OVER = 14


#: the phases of the round's actions, once the teams are complete: initiative
#: orders the players and each team's defence counts
ACTION_PHASES: frozenset[Phase] = frozenset(
    (
        Phase.SPECIAL_TIMING,
        Phase.ACTION,
        Phase.SELECT,
        Phase.THIEF,
        Phase.SPY_TARGET,
        Phase.SPY_TAKE,
        Phase.ALCHEMY,
    )
)

NONE = -1


class ActKind(IntEnum):
    """What the active player's normal action is (`State.act_kind`)."""

    NONE = 0  # not chosen yet (or a flip, overtime: no goods to choose)
    LOAD = 1
    RAID = 2


class SpecialsWhen(IntEnum):
    """When the active player's special agents act (`State.specials_when`)."""

    UNDECIDED = 0
    FIRST = 1
    AFTER = 2


class Alchemy(IntEnum):
    """The Alchemist's conversion, once chosen (`State.alchemy_mode`): "It is
    not possible to choose both options"."""

    UNDECIDED = 0
    WHITE_TO_BLUE = 1
    BLUE_TO_RED = 2


_LIST_FIELDS: tuple[str, ...] = (
    "position",
    "vp",
    "pending",
    "initiative",
    "weapon_in_play",
    "mission",
    "queue",
    "keep_options",
    "relic_deck",
    "relic_discard",
    "specials_queue",
    "sel",
    "sel_relics",
    "deserted",
    "acted",
    "bid_done",
    "start_order",
)
#: fields added by rules 2 (rules 1 leaves them at their start values)
_V2_LIST_FIELDS: tuple[str, ...] = ("specials_undecided", "specials_later")
_V2_SCALAR_FIELDS: tuple[str, ...] = ("bid_digits",)
_NESTED_FIELDS: tuple[str, ...] = (
    "hand",
    "deck_t",
    "deck_f",
    "agent_discard",
    "squad_out",
    "team",
    "home",
    "home_relics",
    "camp",
    "camp_relics",
    "bid",
    "last_bid",
    "flipped",
)
_SCALAR_FIELDS: tuple[str, ...] = (
    "phase",
    "round",
    "level",
    "mover",
    "decisions",
    "qi",
    "keeps_left",
    "pick_round",
    "chance_seed",
    "chance_count",
    "act_kind",
    "act_target",
    "turn_weapon",
    "turn_transport",
    "specials_when",
    "normal_done",
    "end_desert",
    "spy_target",
    "alchemy_mode",
    "draws_left",
    "sel_random",
    "bid_step",
)
FIELDS_V1: tuple[str, ...] = (
    "config",
    "n",
    *_SCALAR_FIELDS,
    *_LIST_FIELDS,
    *_NESTED_FIELDS,
    "log",
)
"""The fields of rules 1's state, in the order its digest reads them."""
HISTORY_FIELDS: tuple[str, ...] = ("turns",)
"""Fields that count what happened rather than describe the position (the digest
hashes the actions, so it leaves them out)."""
FIELDS: tuple[str, ...] = (
    *FIELDS_V1,
    *_V2_SCALAR_FIELDS,
    *_V2_LIST_FIELDS,
    *HISTORY_FIELDS,
)
"""Every field (rules 2 added three; the turn count came last)."""


class State:
    """One game of Krysis in progress.

    Per-player lists are indexed by seat; crystals are `[red, blue, white]`
    counts and relics `[count of type 0..5]` counts (identical relics are
    interchangeable). A seat's company is its seat number.
    """

    __slots__ = FIELDS

    def __init__(self, config: KrysisConfig, *, empty: bool = False) -> None:
        """A game at its start (see `setup.new_game`); `empty` leaves every
        other field unset, for `clone` to fill."""
        n = config.num_players
        self.config = config
        self.n = n
        if empty:
            return
        self.phase = int(Phase.BID)
        self.round = 1
        #: the miners' level: 0 the start row, k after round k's placement
        self.level = 0
        self.mover = 0
        #: decisions taken, all players together
        self.decisions = 0
        #: turns ended, all players together (`turn_key` changed; see rules.py)
        self.turns = 0
        #: the order of the sequential part of the phase, and who is at it
        self.queue: list[int] = []
        self.qi = 0
        # -- the mine
        #: space (start row) or chamber on `level`; 0 is the most advanced
        self.position: list[int] = [0] * n
        #: seats in the random order of the start (Speed Krysis' tie-break)
        self.start_order: list[int] = list(range(n))
        # -- agents
        self.hand: list[list[int]] = [[] for _ in range(n)]
        self.deck_t: list[list[int]] = [[] for _ in range(n)]  # top is last
        self.deck_f: list[list[int]] = [[] for _ in range(n)]
        self.agent_discard: list[list[int]] = [[] for _ in range(n)]
        self.squad_out: list[list[int]] = [[] for _ in range(n)]
        self.team: list[list[int]] = [[] for _ in range(n)]
        self.pending: list[int] = [NONE] * n  # a committed, unrevealed agent
        self.pick_round = 0  # team picks revealed so far this round (0-3)
        self.initiative: list[int] = [0] * n
        # -- goods
        self.home: list[list[int]] = [[0, 0, 0] for _ in range(n)]
        self.home_relics: list[list[int]] = [[0] * 6 for _ in range(n)]
        self.camp: list[list[int]] = [[0, 0, 0] for _ in range(n)]
        self.camp_relics: list[list[int]] = [[0] * 6 for _ in range(n)]
        self.vp: list[int] = [0] * n  # VP from sales (the scoring track)
        self.mission: list[int] = [NONE] * n
        # -- relic cards
        self.relic_deck: list[int] = []  # types; the top is last
        self.relic_discard: list[int] = []  # face up, in the order discarded
        self.keep_options: list[int] = []  # the two drawn (the mover sees them)
        self.keeps_left = 0  # relic symbols the placing miner still draws for
        self.chance_seed = 0
        self.chance_count = 0
        # -- the blind bid
        self.bid: list[list[int]] = [[0, 0, 0] for _ in range(n)]
        self.bid_done: list[bool] = [False] * n
        self.bid_step = 0  # the colour being bid: 0 red, 1 blue, 2 white
        self.last_bid: list[list[int]] = [[0, 0, 0] for _ in range(n)]
        #: rules 2: base-16 digits of the colour's count still to choose after
        #: this one (a count above 15 is bid digit by digit, highest first)
        self.bid_digits = 0
        # -- the action phase
        self.deserted: list[bool] = [False] * n
        self.acted: list[bool] = [False] * n
        #: the combat of a weapon relic a player flipped and kept in play
        self.weapon_in_play: list[int] = [0] * n
        #: relics flipped this round (discarded at its end)
        self.flipped: list[list[int]] = [[] for _ in range(n)]
        self.reset_turn()
        self.draws_left = 0
        #: public events, in words (newest last)
        self.log: list[str] = []

    # -- the active player's turn ----------------------------------------------

    def reset_turn(self) -> None:
        """Every field of the active player's turn at its start value: nothing
        chosen yet (a new game, and each turn as it begins)."""
        #: what the normal action is, and (a raid) whose campsite
        self.act_kind: int = ActKind.NONE
        self.act_target = NONE
        self.turn_weapon = NONE  # relic type flipped this turn
        self.turn_transport = NONE
        self.sel: list[int] = [0, 0, 0]  # crystals chosen to load or steal
        self.sel_relics: list[int] = [0] * 6  # own relics chosen (load)
        self.sel_random = 0  # face-down relics to steal at random (raid)
        self.specials_queue: list[int] = []  # special agents still to act
        self.specials_when: int = SpecialsWhen.UNDECIDED
        #: rules 2: special agents whose before/after choice is still to come
        #: (the first is being asked), and those that act after the action
        #: (rules 1 leaves both empty)
        self.specials_undecided: list[int] = []
        self.specials_later: list[int] = []
        self.normal_done = False
        self.end_desert = False  # the turn ends with team and relics discarded
        self.spy_target = NONE
        self.alchemy_mode: int = Alchemy.UNDECIDED

    def clear_turn_effects(self) -> None:
        """At the round's end: the last turn's action kind and flipped relics
        stop counting (the capacity and attack queries read them). The turn's
        other fields keep their last values until the next `reset_turn`."""
        self.act_kind = ActKind.NONE
        self.turn_weapon = NONE
        self.turn_transport = NONE

    # -- copies ----------------------------------------------------------------

    def clone(self) -> State:
        """An independent copy (search bots call this at every node)."""
        s = State(self.config, empty=True)
        s.phase = self.phase
        s.round = self.round
        s.level = self.level
        s.mover = self.mover
        s.decisions = self.decisions
        s.turns = self.turns
        s.qi = self.qi
        s.keeps_left = self.keeps_left
        s.pick_round = self.pick_round
        s.chance_seed = self.chance_seed
        s.chance_count = self.chance_count
        s.act_kind = self.act_kind
        s.act_target = self.act_target
        s.turn_weapon = self.turn_weapon
        s.turn_transport = self.turn_transport
        s.specials_when = self.specials_when
        s.normal_done = self.normal_done
        s.end_desert = self.end_desert
        s.spy_target = self.spy_target
        s.alchemy_mode = self.alchemy_mode
        s.draws_left = self.draws_left
        s.sel_random = self.sel_random
        s.bid_step = self.bid_step
        s.bid_digits = self.bid_digits
        s.specials_undecided = self.specials_undecided[:]
        s.specials_later = self.specials_later[:]
        s.position = self.position[:]
        s.vp = self.vp[:]
        s.pending = self.pending[:]
        s.initiative = self.initiative[:]
        s.weapon_in_play = self.weapon_in_play[:]
        s.mission = self.mission[:]
        s.queue = self.queue[:]
        s.keep_options = self.keep_options[:]
        s.relic_deck = self.relic_deck[:]
        s.relic_discard = self.relic_discard[:]
        s.specials_queue = self.specials_queue[:]
        s.sel = self.sel[:]
        s.sel_relics = self.sel_relics[:]
        s.deserted = self.deserted[:]
        s.acted = self.acted[:]
        s.bid_done = self.bid_done[:]
        s.start_order = self.start_order[:]
        s.hand = [row[:] for row in self.hand]
        s.deck_t = [row[:] for row in self.deck_t]
        s.deck_f = [row[:] for row in self.deck_f]
        s.agent_discard = [row[:] for row in self.agent_discard]
        s.squad_out = [row[:] for row in self.squad_out]
        s.team = [row[:] for row in self.team]
        s.home = [row[:] for row in self.home]
        s.home_relics = [row[:] for row in self.home_relics]
        s.camp = [row[:] for row in self.camp]
        s.camp_relics = [row[:] for row in self.camp_relics]
        s.bid = [row[:] for row in self.bid]
        s.last_bid = [row[:] for row in self.last_bid]
        s.flipped = [row[:] for row in self.flipped]
        s.log = self.log[:]
        return s

    def __reduce__(self) -> tuple[Any, ...]:
        """Pickled as `loaded_state(config)`, then every field (`__setstate__`),
        so that a state can cross to another process (the isolated bot host is
        sent its seat's redacted copy): a compiled class cannot be made without
        its `__init__`'s arguments."""
        return (
            loaded_state,
            (self.config,),
            {name: getattr(self, name) for name in FIELDS},
        )

    def __setstate__(self, fields: dict[str, Any]) -> None:
        """Set the fields `__reduce__` gave, the same in both builds (pickle's
        own form for a class with `__slots__`, `(None, fields)`, is lost on the
        `__setstate__` mypyc gives a compiled class)."""
        for name, value in fields.items():
            setattr(self, name, value)

    def key(self) -> tuple[Any, ...]:
        """Every field, for equality and digests."""
        return tuple(getattr(self, name) for name in FIELDS)

    @property
    def is_over(self) -> bool:
        return self.phase == Phase.GAME_OVER


def loaded_state(config: KrysisConfig) -> State:
    """A state for pickle to fill (`State.__reduce__`)."""
    return State(config, empty=True)


def same_state(a: State, b: State) -> bool:
    """Whether two states are the same position (every field equal)."""
    return a.key() == b.key()
