"""The observation: one flat float32 vector in [0, 1] with named views.

Encoded from the observing player's seat: relative seat 0 is "you", relative
seat i is absolute seat (you + i) % n; seats past the player count stay zero,
so the size is the same for 2, 3 and 4 players. It holds what `engine.view`
calls public plus the observer's own secrets, and nothing else: another seat's
hand shows only its size and, outside the set-up choices, its transporters and
fighters (a committed pick counted in: only "a card was played" is seen);
another seat's bid shows only that it is finished, until the bids are revealed;
another seat's relics show only as counts; missions, left-out squads, deck
orders and the two relics another player drew to keep one of do not show.

Each divisor is the true maximum of what it divides where the components give
one; "(at most 1)" marks a cap, for a count with no useful maximum (values
above it read 1).

The turn views (act_kind to specials_left) are written only while a player
takes his action turn (special timing to alchemy): between turns those engine
fields keep stale values, some of them a past mover's secrets.

================  =======  ========  ================================================
view              indices  shape     meaning
================  =======  ========  ================================================
phase             0-14     (15,)     one-hot over `Phase`: squad, hand, bid, place,
                                     keep, pick, special timing, action, select,
                                     thief, spy target, spy take, alchemy, draw, game
                                     over
num_players       15-17    (3,)      one-hot: 2, 3, 4
variant           18-23    (6,)      advanced, missions, nine-card hand, Speed
                                     Krysis, raid to the bank deserts, a mission
                                     needs goods
round             24-24    (1,)      round / the variant's rounds (5; Speed Krysis 3)
level             25-25    (1,)      the miners' level / 5 (0: the start row)
to_move           26-29    (4,)      one-hot, relative seat to move (none once the
                                     game is over)
position          30-45    (4, 4)    one-hot: the miner's chamber (start space on the
                                     start row; none in Speed Krysis)
start_rank        46-49    (4,)      place in the random start order / 3 (Speed
                                     Krysis breaks ties by it)
vp                50-53    (4,)      VP from sales / 80 (at most 1)
home              54-65    (4, 3)    crystals at home (loaded in sight of all), red,
                                     blue, white / 20 (at most 1)
home_relic_count  66-69    (4,)      relics at home / 10 (at most 1); their types
                                     only in own_home_relics
camp              70-81    (4, 3)    crystals at the campsite, red, blue, white / 20
                                     (at most 1)
camp_relic_count  82-85    (4,)      face-down relics at the campsite / 10 (at most
                                     1); their types only in own_camp_relics
flipped           86-109   (4, 6)    relics flipped this round per type / 4 (the
                                     copies of a type)
weapon_in_play    110-113  (4,)      combat of the weapon relic kept in play / 3 (the
                                     strongest relic)
flags             114-125  (4, 3)    deserted, acted this round, committed and not
                                     yet revealed (a face-down pick, or a finished
                                     bid during the bid) -- never what
initiative        126-129  (4,)      team initiative / 40 (at most 1)
team              130-225  (4, 24)   revealed team, multi-hot over the 24 card ids
last_bid          226-237  (4, 3)    the last revealed bid, red, blue, white / 20 (at
                                     most 1)
hand_size         238-241  (4,)      agents in hand, a face-down pick counted in / 12
                                     (at most 1)
hand_kinds        242-249  (4, 2)    of those, transporters and fighters / 12 (at
                                     most 1); others' only outside the squad and hand
                                     choices
deck_sizes        250-257  (4, 2)    transporter deck / 13, fighter deck / 12 (the
                                     most of a kind a company has); others' only
                                     outside the squad and hand choices
agent_discard     258-353  (4, 24)   agent discard pile, multi-hot over the 24 card
                                     ids
own_hand          354-377  (24,)     your hand, multi-hot over the 24 card ids
own_pending       378-401  (24,)     your face-down pick, one-hot
own_bid           402-404  (3,)      your bid so far during the bid, red, blue, white
                                     / 20 (at most 1)
own_home_relics   405-410  (6,)      your relics at home per type / 4
own_camp_relics   411-416  (6,)      your face-down campsite relics per type / 4
own_mission       417-420  (4,)      your mission, one-hot: most red, blue, white,
                                     relics
own_squad_out     421-444  (24,)     the agents you left out of your squad (advanced
                                     game), multi-hot
keep_options      445-456  (2, 6)    the two relics you drew, one-hot by type, in
                                     action order (you keeping only)
spy_sees          457-462  (6,)      the visited campsite's relics per type / 4 (your
                                     Spy taking only)
act_kind          463-465  (3,)      one-hot: no action yet, load, raid
act_target        466-469  (4,)      one-hot, relative seat being raided (choosing
                                     the loot)
spy_target        470-473  (4,)      one-hot, relative seat the Spy visits
selected          474-478  (5,)      goods chosen so far: red, blue, white, own
                                     relics, random face-down relics (a raid) / 15
                                     (the most a team of 3 and a transport relic
                                     carry)
selected_relics   479-484  (6,)      the own relics chosen per type / 4 (you being
                                     the mover only)
turn_flipped      485-490  (6,)      the weapon and transport relic types flipped
                                     this turn, multi-hot
specials_when     491-493  (3,)      one-hot: special agents undecided, first, after
                                     (rules 2: the last timing chosen)
alchemy_mode      494-496  (3,)      one-hot: Alchemist undecided, white to blue,
                                     blue to red
turn_flags        497-498  (2,)      normal action done, the campsite will be
                                     deserted at the end of the turn
thief_card        499-522  (24,)     one-hot card id: the Thief choosing whom to rob;
                                     rules 2, special timing: the special agent whose
                                     timing is chosen
specials_left     523-546  (24,)     special agents still to act this turn (rules 2:
                                     also those whose timing is still to choose),
                                     multi-hot card ids
counters          547-549  (3,)      draws left / 3 (draw), relic symbols left / 2
                                     (keep), picks revealed / 3 (pick); rules 2, bid:
                                     the first is the base-16 digits of the colour's
                                     count still to choose after this one / 2 (at
                                     most 1; a count above 15 takes two digits)
chambers          550-593  (4, 11)   the level miners move to next (on it while
                                     placing); per chamber: taken this round, then
                                     per "?" option: present, then red, blue, white,
                                     relic symbols, each / 2 (the most an option
                                     gives)
relic_deck        594-594  (1,)      relic cards in the draw pile / 24
relic_discard     595-600  (6,)      face-up relic discards per type / 4
bid_colour        601-603  (3,)      one-hot: the colour being bid, red, blue, white
                                     (the bid only)
================  =======  ========  ================================================"""

from __future__ import annotations

from array import array
from typing import Final

import numpy as np

from scavenger_env.core import layout

from .engine.config import KrysisConfig
from .engine.data import (
    CARDS,
    CHAMBERS,
    LEVELS,
    MAX_OPTIONS,
    MINE,
    MISSION_NAMES,
    NUM_CARDS,
    NUM_RELIC_TYPES,
    NUM_RELICS,
    RELIC_COPIES,
    RELICS,
    AgentKind,
)
from .engine.state import ACTION_PHASES, NONE, ActKind, Phase, State

SEATS: Final = 4
"""Seats in every per-seat view (the most players)."""

LAYOUT: layout.Layout = (
    # -- the game
    ("phase", (len(Phase),)),
    ("num_players", (3,)),
    ("variant", (6,)),
    ("round", (1,)),
    ("level", (1,)),
    ("to_move", (SEATS,)),
    # -- every seat, relative to the observer (public)
    ("position", (SEATS, CHAMBERS)),
    ("start_rank", (SEATS,)),
    ("vp", (SEATS,)),
    ("home", (SEATS, 3)),
    ("home_relic_count", (SEATS,)),
    ("camp", (SEATS, 3)),
    ("camp_relic_count", (SEATS,)),
    ("flipped", (SEATS, NUM_RELIC_TYPES)),
    ("weapon_in_play", (SEATS,)),
    ("flags", (SEATS, 3)),
    ("initiative", (SEATS,)),
    ("team", (SEATS, NUM_CARDS)),
    ("last_bid", (SEATS, 3)),
    ("hand_size", (SEATS,)),
    ("hand_kinds", (SEATS, 2)),
    ("deck_sizes", (SEATS, 2)),
    ("agent_discard", (SEATS, NUM_CARDS)),
    # -- the observer's own secrets
    ("own_hand", (NUM_CARDS,)),
    ("own_pending", (NUM_CARDS,)),
    ("own_bid", (3,)),
    ("own_home_relics", (NUM_RELIC_TYPES,)),
    ("own_camp_relics", (NUM_RELIC_TYPES,)),
    ("own_mission", (len(MISSION_NAMES),)),
    ("own_squad_out", (NUM_CARDS,)),
    ("keep_options", (2, NUM_RELIC_TYPES)),
    ("spy_sees", (NUM_RELIC_TYPES,)),
    # -- the active player's turn (action phases only)
    ("act_kind", (3,)),
    ("act_target", (SEATS,)),
    ("spy_target", (SEATS,)),
    ("selected", (5,)),
    ("selected_relics", (NUM_RELIC_TYPES,)),
    ("turn_flipped", (NUM_RELIC_TYPES,)),
    ("specials_when", (3,)),
    ("alchemy_mode", (3,)),
    ("turn_flags", (2,)),
    ("thief_card", (NUM_CARDS,)),
    ("specials_left", (NUM_CARDS,)),
    # -- phase counters, the mine and the relic cards
    ("counters", (3,)),
    ("chambers", (CHAMBERS, 1 + 5 * MAX_OPTIONS)),
    ("relic_deck", (1,)),
    ("relic_discard", (NUM_RELIC_TYPES,)),
    ("bid_colour", (3,)),
)


OFFSETS: Final = layout.offsets(LAYOUT)
OBS_SIZE: Final = layout.size(LAYOUT)

# --- Divisors: each the true maximum of what it divides (or a documented cap) ----

#: agents of each kind a company owns (the largest deck of that kind)
_DECK_MAX: Final = tuple(
    max(
        sum(1 for a in company if (a.kind == AgentKind.TRANSPORTER) == want)
        for company in CARDS
    )
    for want in (True, False)
)


def _white_room(cap: tuple[int, int, int]) -> int:
    """Whites that fit `cap` (a red slot holds 3, a blue one 2): the most goods of
    any kind that fit it."""
    return cap[2] + 2 * cap[1] + 3 * cap[0]


#: the most goods of one kind a team of 3 agents and a transport relic can carry:
#: a bound on every count of a selection
_LOAD_MAX: Final = max(
    sum(sorted(_white_room(a.capacity) for a in company)[-3:]) for company in CARDS
) + max(_white_room(r.capacity) for r in RELICS)
_WEAPON_MAX: Final = max(r.combat for r in RELICS)
#: the most red, blue, white and relic symbols of one "?" option in the mine
_GOODS_MAX: Final = tuple(
    max(getattr(g, f) for level in MINE for ch in level for g in ch)
    for f in ("red", "blue", "white", "relics")
)
_START_RANK_MAX: Final = SEATS - 1
_DRAWS_PER_ROUND: Final = 3  # "All players now draw 3 new agent cards"
_PICKS_PER_ROUND: Final = 3  # three agents per team
#: documented caps (counts with no useful true maximum; values above give 1):
_CRYSTAL_CAP: Final = 20  # one colour at a home, a campsite or in a bid
_VP_CAP: Final = 80  # sales VP
_INITIATIVE_CAP: Final = 40  # multipliers make it grow with the campsite
_RELICS_HELD_CAP: Final = 10  # face-down relics at one campsite or home
_HAND_CAP: Final = 12
_BID_DIGITS_CAP: Final = 2  # digits after the first (a home of 256+ of a colour)

_CHAMBER_WIDTH: Final = 1 + 5 * MAX_OPTIONS
_SETUP_PHASES: Final = frozenset((int(Phase.SQUAD), int(Phase.HAND)))
_TURN_PHASES: Final = frozenset(int(p) for p in ACTION_PHASES)
_BID: Final = int(Phase.BID)
_PLACE: Final = int(Phase.PLACE)
_KEEP: Final = int(Phase.KEEP)
_PICK: Final = int(Phase.PICK)
_SELECT: Final = int(Phase.SELECT)
_THIEF: Final = int(Phase.THIEF)
_SPECIAL_TIMING: Final = int(Phase.SPECIAL_TIMING)
_SPY_TAKE: Final = int(Phase.SPY_TAKE)
_DRAW: Final = int(Phase.DRAW)
_GAME_OVER: Final = int(Phase.GAME_OVER)

#: per company, per card id: 1 for a transporter (the hand's public make-up)
_IS_TRANSPORTER: Final = tuple(
    tuple(int(a.kind == AgentKind.TRANSPORTER) for a in company) for company in CARDS
)

#: where each view starts (module constants: cheaper than dict look-ups)
_AT_PHASE: Final = OFFSETS["phase"][0]
_AT_NUM_PLAYERS: Final = OFFSETS["num_players"][0]
_AT_VARIANT: Final = OFFSETS["variant"][0]
_AT_ROUND: Final = OFFSETS["round"][0]
_AT_LEVEL: Final = OFFSETS["level"][0]
_AT_TO_MOVE: Final = OFFSETS["to_move"][0]
_AT_POSITION: Final = OFFSETS["position"][0]
_AT_START_RANK: Final = OFFSETS["start_rank"][0]
_AT_VP: Final = OFFSETS["vp"][0]
_AT_HOME: Final = OFFSETS["home"][0]
_AT_HOME_RELIC_COUNT: Final = OFFSETS["home_relic_count"][0]
_AT_CAMP: Final = OFFSETS["camp"][0]
_AT_CAMP_RELIC_COUNT: Final = OFFSETS["camp_relic_count"][0]
_AT_FLIPPED: Final = OFFSETS["flipped"][0]
_AT_WEAPON_IN_PLAY: Final = OFFSETS["weapon_in_play"][0]
_AT_FLAGS: Final = OFFSETS["flags"][0]
_AT_INITIATIVE: Final = OFFSETS["initiative"][0]
_AT_TEAM: Final = OFFSETS["team"][0]
_AT_LAST_BID: Final = OFFSETS["last_bid"][0]
_AT_HAND_SIZE: Final = OFFSETS["hand_size"][0]
_AT_HAND_KINDS: Final = OFFSETS["hand_kinds"][0]
_AT_DECK_SIZES: Final = OFFSETS["deck_sizes"][0]
_AT_AGENT_DISCARD: Final = OFFSETS["agent_discard"][0]
_AT_OWN_HAND: Final = OFFSETS["own_hand"][0]
_AT_OWN_PENDING: Final = OFFSETS["own_pending"][0]
_AT_OWN_BID: Final = OFFSETS["own_bid"][0]
_AT_BID_COLOUR: Final = OFFSETS["bid_colour"][0]
_AT_OWN_HOME_RELICS: Final = OFFSETS["own_home_relics"][0]
_AT_OWN_CAMP_RELICS: Final = OFFSETS["own_camp_relics"][0]
_AT_OWN_MISSION: Final = OFFSETS["own_mission"][0]
_AT_OWN_SQUAD_OUT: Final = OFFSETS["own_squad_out"][0]
_AT_KEEP_OPTIONS: Final = OFFSETS["keep_options"][0]
_AT_SPY_SEES: Final = OFFSETS["spy_sees"][0]
_AT_ACT_KIND: Final = OFFSETS["act_kind"][0]
_AT_ACT_TARGET: Final = OFFSETS["act_target"][0]
_AT_SPY_TARGET: Final = OFFSETS["spy_target"][0]
_AT_SELECTED: Final = OFFSETS["selected"][0]
_AT_SELECTED_RELICS: Final = OFFSETS["selected_relics"][0]
_AT_TURN_FLIPPED: Final = OFFSETS["turn_flipped"][0]
_AT_SPECIALS_WHEN: Final = OFFSETS["specials_when"][0]
_AT_ALCHEMY_MODE: Final = OFFSETS["alchemy_mode"][0]
_AT_TURN_FLAGS: Final = OFFSETS["turn_flags"][0]
_AT_THIEF_CARD: Final = OFFSETS["thief_card"][0]
_AT_SPECIALS_LEFT: Final = OFFSETS["specials_left"][0]
_AT_COUNTERS: Final = OFFSETS["counters"][0]
_AT_CHAMBERS: Final = OFFSETS["chambers"][0]
_AT_RELIC_DECK: Final = OFFSETS["relic_deck"][0]
_AT_RELIC_DISCARD: Final = OFFSETS["relic_discard"][0]


def _chamber_goods(level: int) -> tuple[tuple[int, float], ...]:
    """(index, value) of the chambers view's goods for mine level `level` (1-5):
    for each option, present, then red, blue, white, relic symbols."""
    out: list[tuple[int, float]] = []
    for ch, options in enumerate(MINE[level - 1]):
        for o, goods in enumerate(options):
            at = _AT_CHAMBERS + _CHAMBER_WIDTH * ch + 1 + 5 * o
            out.append((at, 1.0))
            amounts = (goods.red, goods.blue, goods.white, goods.relics)
            for k, (amount, most) in enumerate(zip(amounts, _GOODS_MAX)):
                if amount:
                    out.append((at + 1 + k, amount / most))
    return tuple(out)


#: the chambers view's goods, by mine level (index 0 unused: the start row)
_CHAMBER_GOODS: Final[tuple[tuple[tuple[int, float], ...], ...]] = (
    (),
    *(_chamber_goods(level) for level in range(1, LEVELS + 1)),
)


def views(obs: np.ndarray) -> dict[str, np.ndarray]:
    """Named, shaped views into one observation vector (no copies), for tests,
    debugging and feature code that wants structure back."""
    return layout.views(obs, LAYOUT)


def _header(config: KrysisConfig) -> tuple[int, ...]:
    """Indices set to 1 by the config alone (player count and variant flags)."""
    flags = (
        config.advanced,
        config.missions,
        config.nine_card_hand,
        config.speed,
        config.raid_bank_deserts,
        config.mission_needs_goods,
    )
    ones = [_AT_NUM_PLAYERS + config.num_players - 2]
    ones += [_AT_VARIANT + k for k, flag in enumerate(flags) if flag]
    return tuple(ones)


_ZEROS: Final = array("f", bytes(4 * OBS_SIZE))


class Encoder:
    """Encodes observations for the env at every step.

    Each call writes a fresh zeroed buffer at precomputed offsets (no state
    carries over between calls, so no stale entry can leak); the encoder only
    remembers what the config decides, which `reset` forgets.
    """

    def __init__(self) -> None:
        self._config: KrysisConfig | None = None
        self._header: tuple[int, ...] = ()

    def reset(self) -> None:
        """Forget the cached config part (encode also notices a new config)."""
        self._config = None
        self._header = ()

    def encode(self, s: State, seat: int) -> np.ndarray:
        """The observation of `seat`: only what that seat may know."""
        config = s.config
        if config is not self._config:
            self._config = config
            self._header = _header(config)
        buf = _ZEROS[:]
        for i in self._header:
            buf[i] = 1.0
        n = s.n
        phase = s.phase
        over = phase == _GAME_OVER
        setup = phase in _SETUP_PHASES
        speed = config.speed
        buf[_AT_PHASE + phase] = 1.0
        buf[_AT_ROUND] = s.round / config.rounds
        buf[_AT_LEVEL] = s.level / LEVELS
        if not over:
            buf[_AT_TO_MOVE + (s.mover - seat) % n] = 1.0

        # -- every seat: what is on the table
        rank = [0] * n
        for i, q in enumerate(s.start_order):
            rank[q] = i
        for q in range(n):
            r = (q - seat) % n
            if not speed:
                buf[_AT_POSITION + CHAMBERS * r + s.position[q]] = 1.0
            buf[_AT_START_RANK + r] = rank[q] / _START_RANK_MAX
            v = s.vp[q]
            buf[_AT_VP + r] = v / _VP_CAP if v < _VP_CAP else 1.0
            at = 3 * r
            for row, base in (
                (s.home[q], _AT_HOME + at),
                (s.camp[q], _AT_CAMP + at),
                (s.last_bid[q], _AT_LAST_BID + at),
            ):
                for c in (0, 1, 2):
                    v = row[c]
                    if v:
                        buf[base + c] = v / _CRYSTAL_CAP if v < _CRYSTAL_CAP else 1.0
            v = sum(s.home_relics[q])
            if v:
                buf[_AT_HOME_RELIC_COUNT + r] = min(v / _RELICS_HELD_CAP, 1.0)
            v = sum(s.camp_relics[q])
            if v:
                buf[_AT_CAMP_RELIC_COUNT + r] = min(v / _RELICS_HELD_CAP, 1.0)
            flipped = s.flipped[q]
            if flipped:
                _tally(buf, _AT_FLIPPED + NUM_RELIC_TYPES * r, flipped)
            buf[_AT_WEAPON_IN_PLAY + r] = s.weapon_in_play[q] / _WEAPON_MAX
            at = _AT_FLAGS + 3 * r
            if s.deserted[q]:
                buf[at] = 1.0
            if s.acted[q]:
                buf[at + 1] = 1.0
            pending = s.pending[q]
            if pending != NONE or (phase == _BID and s.bid_done[q]):
                buf[at + 2] = 1.0
            v = s.initiative[q]
            if v:
                buf[_AT_INITIATIVE + r] = min(v / _INITIATIVE_CAP, 1.0)
            at = _AT_TEAM + NUM_CARDS * r
            for c in s.team[q]:
                buf[at + c] = 1.0
            at = _AT_AGENT_DISCARD + NUM_CARDS * r
            for c in s.agent_discard[q]:
                buf[at + c] = 1.0
            # the hand and a committed pick are one face-down group to the others
            hand = s.hand[q]
            size = len(hand) + (pending != NONE)
            buf[_AT_HAND_SIZE + r] = min(size / _HAND_CAP, 1.0)
            if q == seat or not setup:
                is_t = _IS_TRANSPORTER[q]
                t = sum(map(is_t.__getitem__, hand))
                if pending != NONE:
                    t += is_t[pending]
                at = _AT_HAND_KINDS + 2 * r
                buf[at] = min(t / _HAND_CAP, 1.0)
                buf[at + 1] = min((size - t) / _HAND_CAP, 1.0)
                at = _AT_DECK_SIZES + 2 * r
                buf[at] = len(s.deck_t[q]) / _DECK_MAX[0]
                buf[at + 1] = len(s.deck_f[q]) / _DECK_MAX[1]

        # -- the observer's own secrets
        for c in s.hand[seat]:
            buf[_AT_OWN_HAND + c] = 1.0
        if s.pending[seat] != NONE:
            buf[_AT_OWN_PENDING + s.pending[seat]] = 1.0
        if phase == _BID:
            for c, v in enumerate(s.bid[seat]):
                buf[_AT_OWN_BID + c] = min(v / _CRYSTAL_CAP, 1.0)
            buf[_AT_BID_COLOUR + min(s.bid_step, 2)] = 1.0
        for t, v in enumerate(s.home_relics[seat]):
            if v:
                buf[_AT_OWN_HOME_RELICS + t] = v / RELIC_COPIES
        for t, v in enumerate(s.camp_relics[seat]):
            if v:
                buf[_AT_OWN_CAMP_RELICS + t] = v / RELIC_COPIES
        if s.mission[seat] != NONE:
            buf[_AT_OWN_MISSION + s.mission[seat]] = 1.0
        for c in s.squad_out[seat]:
            buf[_AT_OWN_SQUAD_OUT + c] = 1.0
        mover = s.mover == seat
        if mover and phase == _KEEP:
            for k, t in enumerate(s.keep_options):
                buf[_AT_KEEP_OPTIONS + NUM_RELIC_TYPES * k + t] = 1.0
        if mover and phase == _SPY_TAKE:
            for t, v in enumerate(s.camp_relics[s.spy_target]):
                if v:
                    buf[_AT_SPY_SEES + t] = v / RELIC_COPIES

        # -- the active player's turn (its fields are stale in other phases)
        if phase in _TURN_PHASES:
            self._turn(s, seat, buf, mover)
        elif phase == _DRAW:
            buf[_AT_COUNTERS] = s.draws_left / _DRAWS_PER_ROUND
        elif phase == _BID and s.bid_digits:
            buf[_AT_COUNTERS] = min(s.bid_digits / _BID_DIGITS_CAP, 1.0)
        elif phase == _KEEP:
            buf[_AT_COUNTERS + 1] = min(s.keeps_left / _GOODS_MAX[3], 1.0)
        elif phase == _PICK:
            buf[_AT_COUNTERS + 2] = s.pick_round / _PICKS_PER_ROUND

        # -- the mine: the level miners move to next (on it while placing)
        if not speed and not over:
            placing = phase in (_PLACE, _KEEP)
            level = s.level if placing else s.level + 1
            if level <= LEVELS:
                for i, value in _CHAMBER_GOODS[level]:
                    buf[i] = value
                if placing:
                    placed = s.queue[: s.qi + (phase == _KEEP)]
                    for q in placed:
                        buf[_AT_CHAMBERS + _CHAMBER_WIDTH * s.position[q]] = 1.0

        # -- relic cards: the deck's size and the face-up discards
        buf[_AT_RELIC_DECK] = len(s.relic_deck) / NUM_RELICS
        if s.relic_discard:
            _tally(buf, _AT_RELIC_DISCARD, s.relic_discard)
        result: np.ndarray = np.frombuffer(buf, np.float32)
        return result

    @staticmethod
    def _turn(s: State, seat: int, buf: array[float], mover: bool) -> None:
        """The active turn's public sub-state; its own relic choices for the mover."""
        n = s.n
        buf[_AT_ACT_KIND + s.act_kind] = 1.0
        phase = s.phase
        if phase == _SELECT and s.act_kind == ActKind.RAID:
            buf[_AT_ACT_TARGET + (s.act_target - seat) % n] = 1.0
        if s.spy_target != NONE:
            buf[_AT_SPY_TARGET + (s.spy_target - seat) % n] = 1.0
        for c, v in enumerate(s.sel):
            buf[_AT_SELECTED + c] = v / _LOAD_MAX
        sel_relics = s.sel_relics
        buf[_AT_SELECTED + 3] = sum(sel_relics) / _LOAD_MAX
        buf[_AT_SELECTED + 4] = s.sel_random / _LOAD_MAX
        if mover:  # which of its own relics it loads is the mover's secret
            for t, v in enumerate(sel_relics):
                if v:
                    buf[_AT_SELECTED_RELICS + t] = v / RELIC_COPIES
        if s.turn_weapon != NONE:
            buf[_AT_TURN_FLIPPED + s.turn_weapon] = 1.0
        if s.turn_transport != NONE:
            buf[_AT_TURN_FLIPPED + s.turn_transport] = 1.0
        buf[_AT_SPECIALS_WHEN + s.specials_when] = 1.0
        buf[_AT_ALCHEMY_MODE + s.alchemy_mode] = 1.0
        if s.normal_done:
            buf[_AT_TURN_FLAGS] = 1.0
        if s.end_desert:
            buf[_AT_TURN_FLAGS + 1] = 1.0
        if phase == _THIEF:  # the Thief acting (its card id waits in act_target)
            buf[_AT_THIEF_CARD + s.act_target] = 1.0
        for c in s.specials_queue:
            buf[_AT_SPECIALS_LEFT + c] = 1.0
        for c in s.specials_undecided:
            buf[_AT_SPECIALS_LEFT + c] = 1.0
        for c in s.specials_later:
            buf[_AT_SPECIALS_LEFT + c] = 1.0
        if phase == _SPECIAL_TIMING and s.specials_undecided:
            buf[_AT_THIEF_CARD + s.specials_undecided[0]] = 1.0


def _tally(buf: array[float], at: int, relics: list[int]) -> None:
    """Relic cards per type / the copies of a type, at `at`."""
    for t in set(relics):
        buf[at + t] = relics.count(t) / RELIC_COPIES


def encode(s: State, seat: int) -> np.ndarray:
    """The observation of seat `seat` (only what that seat may know)."""
    return Encoder().encode(s, seat)
