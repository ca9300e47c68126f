"""The game state: plain mutable containers with a cheap `clone()`.

The engine mutates a state in place (speed: tens of thousands of decisions per
second in Python), validates every action before touching anything (so an illegal
action changes nothing), and offers `clone()` for search bots. All randomness is
drawn at set-up, so a game is exactly `(config, seed, actions)`.
"""

from __future__ import annotations

import copy
from enum import IntEnum
from typing import Any

from .config import GameConfig
from .data import CardTable, card_table


class Phase(IntEnum):
    """Which kind of small choice the current player faces."""

    START_ARTIFACT = 0
    START_LEADER = 1
    ACTION = 2
    PAY = 3
    EFFECT = 4
    GAME_OVER = 5


class Kind(IntEnum):
    """The four normal actions; a turn's two must differ (unless Fish'Bean)."""

    RECRUIT = 0
    MINE = 1
    COLLECT = 2
    SKILL = 3


class Effect(IntEnum):
    """A pending skill (or artifact) target choice: the first item of a frame."""

    TAKE_CRYSTAL = 0  # [colour or -1] a cost-1 crystal (L1 skills, Domina)
    TAKE_L2 = 1  # Fish'Bean
    SERGEANT = 2  # [left]
    COLONEL = 3  # [budget]
    SHUWAR = 4
    MUSHELL = 5  # [seat or -1, left]
    DIG_SLOT = 6  # Diggerhino
    DIG_COLOUR = 7  # [slot]
    ROB_COLOUR = 8  # Robuster
    ROB_CARDS = 9  # [colour, left]
    SCRABBER = 10  # [tier]
    MINDWASP = 11
    CUSTODIAN = 12
    DOMINA = 13  # [left]
    MANDRAGORE = 14  # [first seat or -1, picks, visited seat mask]
    MANDRAGORE_ALL = 15  # German Mandragore
    BATON = 16  # Baton of Coaxing
    VISION = 17  # Enhanced Vision


PLAYER_FIELDS: tuple[str, ...] = (
    "artifacts",
    "base",
    "crystals",
    "face_down",
    "hand",
    "raids",
    "secret",
    "subjugated",
)


class PlayerState:
    """One player's holdings. Lists are ordered; `base[-1]` is the Leader."""

    __slots__ = PLAYER_FIELDS

    def __init__(self) -> None:
        self.hand: list[int] = []
        self.base: list[int] = []
        self.crystals: list[int] = []
        self.artifacts: list[int] = []  # artifact halves (data.Art values)
        self.subjugated: list[int] = []
        self.raids = 0  # Raids on opponents' Bases (Trophy Wall)
        #: hand cards whose type the opponents cannot tell: what is left of the
        #: dealt starting hand, and the level-1 cards left after a Domina pick
        self.secret: set[int] = set()
        #: subjugated cards put face down unseen by the opponents (Domina, from hand)
        self.face_down: set[int] = set()

    def __getstate__(self) -> dict[str, Any]:
        """Its fields by name, for pickle: the same form in both builds
        (pickle's own, for a class with `__slots__`, is not)."""
        return {name: getattr(self, name) for name in PLAYER_FIELDS}

    def __setstate__(self, fields: dict[str, Any]) -> None:
        """Set the fields `__getstate__` gave."""
        for name, value in fields.items():
            setattr(self, name, value)

    def clone(self) -> PlayerState:
        p = PlayerState()
        p.hand = self.hand[:]
        p.base = self.base[:]
        p.crystals = self.crystals[:]
        p.artifacts = self.artifacts[:]
        p.subjugated = self.subjugated[:]
        p.raids = self.raids
        p.secret = set(self.secret)
        p.face_down = set(self.face_down)
        return p


TURN_FIELDS: tuple[str, ...] = (
    "ancient",
    "dig",
    "dig_count",
    "doubling",
    "extra_mines",
    "foreman",
    "identical",
    "maccarat",
    "mined",
    "mined_tiers",
    "normal_used",
    "played",
    "raid_targets",
    "recolour",
    "scrabber",
    "scrabber_bonuses",
    "stacks_at_start",
    "stalkroot",
    "start_queue",
    "used_kinds",
)


class TurnState:
    """What the current turn has done so far and which effects are active."""

    __slots__ = TURN_FIELDS

    def __init__(self) -> None:
        self.played: list[int] = []  # cards played this turn, in order
        self.normal_used = 0
        self.used_kinds = 0  # bit mask over Kind
        self.extra_mines = 0  # Drollo
        self.raid_targets: list[int] = []
        self.identical = False  # Fish'Bean
        self.foreman = False
        self.ancient = 0  # Ancientones active (-4 each)
        self.maccarat = 0  # Maccarats active (-4 each)
        self.dig: dict[int, int] = {}  # Diggerhino: Mine slot -> colour this turn
        self.dig_count: dict[int, int] = {}  # Diggerhinos on each Mine slot (rules 2)
        self.recolour: dict[int, int] = {}  # Robuster: card id -> colour
        self.scrabber = False
        self.scrabber_bonuses = 0  # Scrabber bonus crystals taken this turn
        self.stalkroot = False  # Weedlocks mine as the crystal's colour
        self.doubling = False  # Weedlock levels doubled when played
        self.mined = 0  # Mine actions taken (Scrabber once-only variant)
        self.mined_tiers: list[int] = []  # cost tier of each Mine action's crystal
        self.stacks_at_start: tuple[bool, ...] = ()
        self.start_queue: list[int] = []  # start-of-turn artifacts still to offer

    def __getstate__(self) -> dict[str, Any]:
        """Its fields by name, for pickle: the same form in both builds
        (pickle's own, for a class with `__slots__`, is not)."""
        return {name: getattr(self, name) for name in TURN_FIELDS}

    def __setstate__(self, fields: dict[str, Any]) -> None:
        """Set the fields `__getstate__` gave."""
        for name, value in fields.items():
            setattr(self, name, value)

    def clone(self) -> TurnState:
        t = TurnState()
        t.played = self.played[:]
        t.normal_used = self.normal_used
        t.used_kinds = self.used_kinds
        t.extra_mines = self.extra_mines
        t.raid_targets = self.raid_targets[:]
        t.identical = self.identical
        t.foreman = self.foreman
        t.ancient = self.ancient
        t.maccarat = self.maccarat
        t.dig = dict(self.dig)
        t.dig_count = dict(self.dig_count)
        t.recolour = dict(self.recolour)
        t.scrabber = self.scrabber
        t.scrabber_bonuses = self.scrabber_bonuses
        t.stalkroot = self.stalkroot
        t.doubling = self.doubling
        t.mined = self.mined
        t.mined_tiers = self.mined_tiers[:]
        t.stacks_at_start = self.stacks_at_start
        t.start_queue = self.start_queue[:]
        return t


GAME_FIELDS: tuple[str, ...] = (
    "artifact_stacks",
    "cards",
    "cave_in",
    "config",
    "crystal_stacks",
    "current_player",
    "docks",
    "effects",
    "end_reason",
    "end_triggered",
    "in_play",
    "merc_stacks",
    "mine",
    "num_players",
    "pay",
    "phase",
    "players",
    "removed",
    "resume",
    "round",
    "start_player",
    "totem_owner",
    "turn",
    "turns_taken",
)


class GameState:
    """A whole game position. Build one with `rules.new_game`."""

    __slots__ = GAME_FIELDS

    config: GameConfig
    cards: CardTable

    def __init__(self, config: GameConfig, cards: CardTable) -> None:
        self.config = config
        self.cards = cards
        self.num_players = config.num_players
        self.in_play: tuple[bool, ...] = (False,) * 6  # faction colours in play
        self.merc_stacks: list[list[int]] = [[], [], [], []]  # by level-1; top last
        self.docks: list[int] = [-1] * 10
        self.crystal_stacks: list[list[int]] = [[], [], [], []]  # by cost tier
        self.mine: list[int] = [-1] * 10
        self.artifact_stacks: list[list[int]] = [[], [], []]  # top last, face up
        self.removed: list[int] = []  # trimmed from Bases: out of the game
        self.totem_owner: list[int] = [-1] * 6  # -1 supply, -2 not in the game
        self.cave_in = 0
        self.players: list[PlayerState] = []
        self.start_player = 0
        self.current_player = 0
        self.round = 1
        self.turns_taken: list[int] = []
        self.end_triggered = False
        self.end_reason = ""
        self.phase = Phase.ACTION
        self.turn = TurnState()
        #: pending payment: [kind, target, paid card ids...]
        self.pay: list[int] = []
        #: pending skill targets, innermost last: each frame is [effect, args...]
        self.effects: list[list[int]] = []
        self.resume = Phase.ACTION  # where play goes when `effects` empties

    @property
    def is_over(self) -> bool:
        return self.phase == Phase.GAME_OVER

    def __reduce__(self) -> tuple[Any, ...]:
        """Pickled as `loaded_game(config, cards)`, then every other field
        (`__setstate__`), so that a state can cross to another process (the
        isolated bot host is sent its seat's redacted copy): a compiled class
        cannot be made without its `__init__`'s arguments. The config's own
        card table goes as None, rebuilt on loading (`data.card_table` is
        cached: the loaded state shares it, as a new game does)."""
        cards = self.cards
        shared = card_table(self.config.merc_distribution)
        fields = {name: getattr(self, name) for name in GAME_FIELDS if name != "cards"}
        return (loaded_game, (self.config, None if cards == shared else cards), fields)

    def __setstate__(self, fields: dict[str, Any]) -> None:
        """Set the fields `__reduce__` gave, the same in both builds (pickle's
        own form for a class with `__slots__`, `(None, fields)`, is lost on the
        `__setstate__` mypyc gives a compiled class)."""
        for name, value in fields.items():
            setattr(self, name, value)

    def clone(self) -> GameState:
        """An independent copy for search; shares only immutable tables."""
        s = GameState(self.config, self.cards)
        s.num_players = self.num_players
        s.in_play = self.in_play
        s.merc_stacks = [x[:] for x in self.merc_stacks]
        s.docks = self.docks[:]
        s.crystal_stacks = [x[:] for x in self.crystal_stacks]
        s.mine = self.mine[:]
        s.artifact_stacks = [x[:] for x in self.artifact_stacks]
        s.removed = self.removed[:]
        s.totem_owner = self.totem_owner[:]
        s.cave_in = self.cave_in
        s.players = [p.clone() for p in self.players]
        s.start_player = self.start_player
        s.current_player = self.current_player
        s.round = self.round
        s.turns_taken = self.turns_taken[:]
        s.end_triggered = self.end_triggered
        s.end_reason = self.end_reason
        s.phase = self.phase
        s.turn = self.turn.clone()
        s.pay = self.pay[:]
        s.effects = [f[:] for f in self.effects]
        s.resume = self.resume
        return s


def loaded_game(config: GameConfig, cards: CardTable | None) -> GameState:
    """A state for pickle to fill (`GameState.__reduce__`); None is the
    config's card table."""
    if cards is None:
        cards = card_table(config.merc_distribution)
    return GameState(config, cards)


def snapshot(s: GameState) -> dict[str, Any]:
    """Every field of a state as plain, independent data (for equality checks).

    Two states with equal snapshots are the same game position.
    """
    out: dict[str, Any] = {}
    for name in GAME_FIELDS:
        if name == "players":
            out[name] = [
                {f: copy.deepcopy(getattr(p, f)) for f in PLAYER_FIELDS}
                for p in s.players
            ]
        elif name == "turn":
            out[name] = {f: copy.deepcopy(getattr(s.turn, f)) for f in TURN_FIELDS}
        elif name in ("config", "cards"):
            out[name] = getattr(s, name)  # immutable tables
        else:
            out[name] = copy.deepcopy(getattr(s, name))
    return out


def same_state(a: GameState, b: GameState) -> bool:
    """Whether two states are the same game position: every field equal.

    The same test as comparing `snapshot`s, without copying anything (a replay
    check runs it once per game).
    """
    for name in GAME_FIELDS:
        if name == "players":
            if len(a.players) != len(b.players) or any(
                getattr(p, f) != getattr(q, f)
                for p, q in zip(a.players, b.players)
                for f in PLAYER_FIELDS
            ):
                return False
        elif name == "turn":
            if any(getattr(a.turn, f) != getattr(b.turn, f) for f in TURN_FIELDS):
                return False
        elif getattr(a, name) != getattr(b, name):
            return False
    return True
