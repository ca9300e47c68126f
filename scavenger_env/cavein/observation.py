"""The observation: one flat float32 vector in [0, 1] with named views.

Encoded from the observing player's seat: seat 0 is "you", seat 1 the next
player in turn order, and so on; seats past the player count stay zero, so the
shape is the same for 2, 3 and 4 players. It holds exactly what
`engine.view.player_view` holds: opponents' hands show the cards seen entering
them plus the levels of the unseen ones, their subjugated cards show by type
except those put face down unseen (Domina), which show as a count.

Every divisor below is the true maximum of what it divides, so every value
lies in [0, 1]; "(at most 1)" marks a cap, for a count with no useful maximum.

======================  ==========  ==========  ==============================================
view                    indices     shape       meaning
======================  ==========  ==========  ==============================================
phase                   0-5         (6,)        one-hot: start artifact, start Leader, action,
                                                paying, skill target, game over
num_players             6-8         (3,)        one-hot: 2, 3, 4
in_play                 9-14        (6,)        faction colours in play (the others are Wild)
cave_in                 15-16       (2,)        Cave-Ins / threshold (at most 1); Cave-Ins
                                                left / 10 (at most 1)
round                   17-17       (1,)        round / max_rounds
end_triggered           18-18       (1,)        the game ends when this round completes
current_seat            19-22       (4,)        one-hot, relative seat to act
start_seat              23-26       (4,)        one-hot, relative seat of the start player
turn                    27-40       (14,)       actions used / 2, used Recruit, Mine, Collect,
                                                Skill, extra Mines / 3, raided, Fish'Bean,
                                                Foreman, Ancientones / 3, Maccarats / 3,
                                                Scrabber, Stalkroot, Weedlock doubling (3: a
                                                turn's skill uses, the Leader's and two Skill
                                                actions)
played                  41-64       (24,)       cards played this turn per type / 5 (the most
                                                copies of a type)
played_order            65-232      (7, 24)     the last 7 cards played this turn, most recent
                                                first (one-hot): the order they go onto the
                                                Base, the first is the next Leader
payment                 233-270     (38,)       kind (3), target (10), paid types / 5 (24),
                                                cost still to pay / 10 (the dearest crystal)
effect                  271-291     (21,)       pending skill choice (18 one-hot), (args + 1)
                                                / 16 (the largest arg: Mandragore's seat mask,
                                                15)
recolour                292-297     (6,)        the mover's hand cards recoloured to each
                                                colour this turn / 9 (Robuster: 3 cards a use,
                                                3 uses)
artifact_tops           298-333     (3, 12)     artifact card on top of each stack (one-hot)
artifact_sizes          334-336     (3,)        cards left / 4
stack_sizes             337-344     (8,)        mercenary stacks L1-L4 / 20, 16, 12, 8,
                                                crystal stacks by cost / 24, 18, 12, 6 (all
                                                the cards of that level or cost)
removed                 345-368     (24,)       cards out of the game per merc type / 5
docks                   369-608     (10, 24)    merc type in each Docks slot (one-hot)
mine                    609-788     (10, 18)    per Mine slot: present, colour now (6), Wild,
                                                your cost now / 10, VP / 12, faction symbol,
                                                Cave-In symbol, printed colour (6; it differs
                                                from "colour now" under Diggerhino and is the
                                                colour the crystal keeps once taken)
hand                    789-884     (4, 24)     known hand cards per type / 5, per seat
hidden_levels           885-900     (4, 4)      unseen hand cards per level / 8 (at most 1;
                                                the largest hand limit), per seat
hand_size               901-904     (4,)        hand size / 12 (at most 1)
base                    905-1576    (4, 7, 24)  Base cards from the top (Leader first), one-
                                                hot
base_size               1577-1580   (4,)        Base size / 7
crystals                1581-1820   (4, 60)     crystals held (one bit per token)
artifacts               1821-1916   (4, 24)     artifact halves held
totems                  1917-1940   (4, 6)      Faction Totems held
subjugated              1941-2040   (4, 25)     per seat: subjugated cards of known type per
                                                type / 5, then face-down cards you never saw
                                                (level 1, Domina) / 20 (all level-1 cards)
raids                   2041-2044   (4,)        opponents' Bases raided / 8 (at most 1)
score                   2045-2048   (4,)        VP so far / 150 (at most 1)
======================  ==========  ==========  =============================================="""

from __future__ import annotations

from array import array
from typing import Final

import numpy as np

from scavenger_env.core import layout

from .engine.data import (
    ARTIFACT_STACK_CARDS,
    BASE_LIMIT,
    CRYSTAL_CAVE_IN,
    CRYSTAL_COLOUR,
    CRYSTAL_COST,
    CRYSTAL_SYMBOL,
    CRYSTAL_TIER,
    CRYSTAL_VP,
    MERC_DISTRIBUTIONS,
    Art,
)
from .engine.payment import need
from .engine.queries import crystal_colour, is_wild, mine_cost
from .engine.scoring import score_breakdown
from .engine.state import GameState, PlayerState

LAYOUT: layout.Layout = (
    # -- status: small, rewritten on every call
    ("phase", (6,)),
    ("num_players", (3,)),
    ("in_play", (6,)),
    ("cave_in", (2,)),
    ("round", (1,)),
    ("end_triggered", (1,)),
    ("current_seat", (4,)),
    ("start_seat", (4,)),
    ("turn", (14,)),
    ("played", (24,)),
    ("played_order", (7, 24)),
    ("payment", (38,)),
    ("effect", (21,)),
    ("recolour", (6,)),
    # -- supply, board and players: rewritten only when what they show changed
    ("artifact_tops", (3, 12)),
    ("artifact_sizes", (3,)),
    ("stack_sizes", (8,)),
    ("removed", (24,)),
    ("docks", (10, 24)),
    ("mine", (10, 18)),
    ("hand", (4, 24)),
    ("hidden_levels", (4, 4)),
    ("hand_size", (4,)),
    ("base", (4, 7, 24)),
    ("base_size", (4,)),
    ("crystals", (4, 60)),
    ("artifacts", (4, 24)),
    ("totems", (4, 6)),
    ("subjugated", (4, 25)),
    ("raids", (4,)),
    ("score", (4,)),
)


# --- Divisors: each the true maximum of what it divides (or a documented cap) ----

#: copies of one merc type in a game (the most any distribution prints)
_COPIES: Final = max(max(counts) for counts, _ in MERC_DISTRIBUTIONS.values())
#: cards of each level in a game (four factions): no stack can hold more
_MERC_STACK_MAX: Final = tuple(
    4 * max(counts[level] for counts, _ in MERC_DISTRIBUTIONS.values())
    for level in range(4)
)
#: crystal tokens of each cost tier: no stack can hold more
_CRYSTAL_STACK_MAX: Final = tuple(CRYSTAL_TIER.count(tier) for tier in range(4))
_STACK_MAX: Final = _MERC_STACK_MAX + _CRYSTAL_STACK_MAX
#: artifact cards per stack
_ARTIFACT_STACK_MAX: Final = max(len(ids) for ids in ARTIFACT_STACK_CARDS)
#: the dearest crystal (discounts only lower a cost; artifacts cost at most 8)
_COST_MAX: Final = max(CRYSTAL_COST)
_VP_MAX: Final = max(CRYSTAL_VP)
#: skill uses in one turn: the Leader's and two Skill actions
_SKILL_USES: Final = 3
#: Robuster recolours up to 3 cards a use
_RECOLOURS_MAX: Final = 3 * _SKILL_USES
#: cards played this turn whose order is shown: a Base keeps its top 7
_ORDER_DEPTH: Final = 7
#: face-down subjugated cards are level 1: all level-1 cards of a game
_FACE_DOWN_MAX: Final = _MERC_STACK_MAX[0]
#: documented caps (counts with no useful true maximum; values above give 1):
_CAVE_INS_LEFT_CAP: Final = 10  # thresholds are options (7, 8, 9 by default)
_HAND_CAP: Final = 8  # the largest hand limit; only a Raid's Leader goes past it
_HAND_SIZE_CAP: Final = 12
_RAIDS_CAP: Final = 8
_SCORE_CAP: Final = 150


OFFSETS = layout.offsets(LAYOUT)
OBS_SIZE = layout.size(LAYOUT)
#: where each view starts (module constants: cheaper than dict look-ups)
_AT_ARTIFACT_SIZES: Final = OFFSETS["artifact_sizes"][0]
_AT_ARTIFACT_TOPS: Final = OFFSETS["artifact_tops"][0]
_AT_ARTIFACTS: Final = OFFSETS["artifacts"][0]
_AT_BASE: Final = OFFSETS["base"][0]
_AT_BASE_SIZE: Final = OFFSETS["base_size"][0]
_AT_CAVE_IN: Final = OFFSETS["cave_in"][0]
_AT_CRYSTALS: Final = OFFSETS["crystals"][0]
_AT_CURRENT_SEAT: Final = OFFSETS["current_seat"][0]
_AT_DOCKS: Final = OFFSETS["docks"][0]
_AT_EFFECT: Final = OFFSETS["effect"][0]
_AT_END_TRIGGERED: Final = OFFSETS["end_triggered"][0]
_AT_HAND: Final = OFFSETS["hand"][0]
_AT_HAND_SIZE: Final = OFFSETS["hand_size"][0]
_AT_HIDDEN_LEVELS: Final = OFFSETS["hidden_levels"][0]
_AT_IN_PLAY: Final = OFFSETS["in_play"][0]
_AT_PLAYED_ORDER: Final = OFFSETS["played_order"][0]
_AT_MINE: Final = OFFSETS["mine"][0]
_AT_NUM_PLAYERS: Final = OFFSETS["num_players"][0]
_AT_PAYMENT: Final = OFFSETS["payment"][0]
_AT_PHASE: Final = OFFSETS["phase"][0]
_AT_PLAYED: Final = OFFSETS["played"][0]
_AT_RAIDS: Final = OFFSETS["raids"][0]
_AT_RECOLOUR: Final = OFFSETS["recolour"][0]
_AT_REMOVED: Final = OFFSETS["removed"][0]
_AT_ROUND: Final = OFFSETS["round"][0]
_AT_SCORE: Final = OFFSETS["score"][0]
_AT_STACK_SIZES: Final = OFFSETS["stack_sizes"][0]
_AT_START_SEAT: Final = OFFSETS["start_seat"][0]
_AT_SUBJUGATED: Final = OFFSETS["subjugated"][0]
_AT_TOTEMS: Final = OFFSETS["totems"][0]
_AT_TURN: Final = OFFSETS["turn"][0]


def views(obs: np.ndarray) -> dict[str, np.ndarray]:
    """Named, shaped views into one observation vector (no copies)."""
    return layout.views(obs, LAYOUT)


class _Out:
    """Indices set to 1, and (index, value) pairs, gathered before writing."""

    __slots__ = ("idx", "ones", "val")

    def __init__(self) -> None:
        self.ones: list[int] = []
        self.idx: list[int] = []
        self.val: list[float] = []

    def counts(self, at: int, items: list[int], scale: float) -> None:
        """count / scale at `at + item` for every distinct item."""
        tally: dict[int, int] = {}
        for item in items:
            tally[item] = tally.get(item, 0) + 1
        self.idx += [at + item for item in tally]
        self.val += [count / scale for count in tally.values()]


def _status(s: GameState, seat: int, out: _Out) -> None:
    n = s.num_players
    t = s.turn
    ones, idx, val = out.ones, out.idx, out.val
    ones.append(_AT_PHASE + int(s.phase))
    ones.append(_AT_NUM_PLAYERS + n - 2)
    ones += [_AT_IN_PLAY + c for c in range(6) if s.in_play[c]]
    threshold = s.config.cave_in_threshold
    idx += [_AT_CAVE_IN, _AT_CAVE_IN + 1, _AT_ROUND]
    val += [
        min(s.cave_in / threshold, 1.0),
        min(max(threshold - s.cave_in, 0) / _CAVE_INS_LEFT_CAP, 1.0),
        s.round / s.config.max_rounds,
    ]
    if s.end_triggered:
        ones.append(_AT_END_TRIGGERED)
    ones.append(_AT_CURRENT_SEAT + (s.current_player - seat) % n)
    ones.append(_AT_START_SEAT + (s.start_player - seat) % n)
    turn = _AT_TURN
    idx += [turn, turn + 5, turn + 9, turn + 10]
    val += [
        t.normal_used / 2,
        t.extra_mines / _SKILL_USES,
        t.ancient / _SKILL_USES,
        t.maccarat / _SKILL_USES,
    ]
    ones += [turn + 1 + k for k in range(4) if t.used_kinds >> k & 1]
    flags = (bool(t.raid_targets), t.identical, t.foreman)
    ones += [turn + 6 + k for k, f in enumerate(flags) if f]
    flags = (t.scrabber, t.stalkroot, t.doubling)
    ones += [turn + 11 + k for k, f in enumerate(flags) if f]
    type_of = s.cards.type_of
    played = t.played
    if played:
        out.counts(_AT_PLAYED, [type_of[c] for c in played], _COPIES)
        # most recent first: the order they go onto the Base at clean-up
        recent = played[: -_ORDER_DEPTH - 1 : -1]
        ones += [_AT_PLAYED_ORDER + 24 * k + type_of[c] for k, c in enumerate(recent)]
    if s.pay:
        pay = _AT_PAYMENT
        ones += [pay + s.pay[0], pay + 3 + s.pay[1] % 10]
        out.counts(pay + 13, [type_of[c] for c in s.pay[2:]], _COPIES)
        paid = sum(s.cards.level_of[c] for c in s.pay[2:])
        left = need(s, s.current_player, s.pay[0], s.pay[1]) - paid
        idx.append(pay + 37)
        val.append(max(left, 0) / _COST_MAX)
    if s.effects:
        frame = s.effects[-1]
        ones.append(_AT_EFFECT + frame[0])
        for k, arg in enumerate(frame[1:4]):
            idx.append(_AT_EFFECT + 18 + k)
            val.append((arg + 1) / 16)
    if t.recolour:
        out.counts(_AT_RECOLOUR, list(t.recolour.values()), _RECOLOURS_MAX)


def _supply(s: GameState, out: _Out) -> None:
    for k, stack in enumerate(s.artifact_stacks):
        if stack:
            out.ones.append(_AT_ARTIFACT_TOPS + 12 * k + stack[-1])
        out.idx.append(_AT_ARTIFACT_SIZES + k)
        out.val.append(len(stack) / _ARTIFACT_STACK_MAX)
    for k, stack in enumerate(s.merc_stacks + s.crystal_stacks):
        out.idx.append(_AT_STACK_SIZES + k)
        out.val.append(len(stack) / _STACK_MAX[k])
    type_of = s.cards.type_of
    out.counts(_AT_REMOVED, [type_of[c] for c in s.removed], _COPIES)


def _supply_key(s: GameState) -> list[int]:
    key = [len(x) for x in s.artifact_stacks]
    key += [len(x) for x in s.merc_stacks]
    key += [len(x) for x in s.crystal_stacks]
    key.append(len(s.removed))
    return key


def _docks(s: GameState, out: _Out) -> None:
    at = _AT_DOCKS
    type_of = s.cards.type_of
    out.ones += [at + 24 * i + type_of[c] for i, c in enumerate(s.docks) if c >= 0]


def _mine_slot(
    c: int, slot: int, colour: int, wild: bool, cost: int, out: _Out
) -> None:
    """One Mine slot holding crystal `c` (its colour and cost as they are now)."""
    at = _AT_MINE + 18 * slot
    out.ones += [at, at + 1 + colour, at + 12 + CRYSTAL_COLOUR[c]]
    if wild:
        out.ones.append(at + 7)
    if CRYSTAL_SYMBOL[c]:
        out.ones.append(at + 10)
    if CRYSTAL_CAVE_IN[c]:
        out.ones.append(at + 11)
    out.idx += [at + 8, at + 9]
    out.val += [max(cost, 0) / _COST_MAX, CRYSTAL_VP[c] / _VP_MAX]


def _hand(s: GameState, seat: int, q: int, out: _Out) -> None:
    """Seat `q`'s hand as seat `seat` sees it: known cards, unseen levels, size."""
    rel = (q - seat) % s.num_players
    p = s.players[q]
    type_of = s.cards.type_of
    known = p.hand if q == seat else [c for c in p.hand if c not in p.secret]
    out.counts(_AT_HAND + 24 * rel, [type_of[c] for c in known], _COPIES)
    if q != seat and p.secret:
        tally = [0, 0, 0, 0]
        for c in p.secret:
            tally[s.cards.level_of[c] - 1] += 1
        at = _AT_HIDDEN_LEVELS + 4 * rel
        for level, count in enumerate(tally):
            if count:
                out.idx.append(at + level)
                out.val.append(min(count / _HAND_CAP, 1.0))
    out.idx.append(_AT_HAND_SIZE + rel)
    out.val.append(min(len(p.hand) / _HAND_SIZE_CAP, 1.0))


def _holdings(s: GameState, seat: int, q: int, out: _Out) -> None:
    """Seat `q`'s Base, crystals, artifacts, subjugated cards and raids."""
    rel = (q - seat) % s.num_players
    p = s.players[q]
    type_of = s.cards.type_of
    out.idx += [_AT_BASE_SIZE + rel, _AT_RAIDS + rel]
    out.val += [len(p.base) / BASE_LIMIT, min(p.raids / _RAIDS_CAP, 1.0)]
    base = _AT_BASE + 168 * rel
    top = len(p.base) - 1
    out.ones += [base + 24 * (top - i) + type_of[c] for i, c in enumerate(p.base)]
    out.ones += [_AT_CRYSTALS + 60 * rel + c for c in p.crystals]
    out.ones += [_AT_ARTIFACTS + 24 * rel + a for a in p.artifacts]
    at = _AT_SUBJUGATED + 25 * rel
    if q == seat or not p.face_down:
        out.counts(at, [type_of[c] for c in p.subjugated], _COPIES)
    else:  # face down and never seen by `seat`: only how many
        seen = [type_of[c] for c in p.subjugated if c not in p.face_down]
        out.counts(at, seen, _COPIES)
        out.idx.append(at + 24)
        out.val.append(len(p.face_down) / _FACE_DOWN_MAX)


def _totems(s: GameState, seat: int, out: _Out) -> None:
    n = s.num_players
    out.ones += [
        _AT_TOTEMS + 6 * ((owner - seat) % n) + c
        for c, owner in enumerate(s.totem_owner)
        if owner >= 0
    ]


def _holdings_key(p: PlayerState) -> tuple[object, ...]:
    # crystals, artifacts and subjugated cards only ever grow: a count suffices
    return (
        tuple(p.base),
        len(p.crystals),
        len(p.artifacts),
        len(p.subjugated),
        p.raids,
    )


_CREW_ROSTER: Final = int(Art.CREW_ROSTER)
_VETERANS_MEDAL: Final = int(Art.VETERANS_MEDAL)
_TROPHY_WALL: Final = int(Art.TROPHY_WALL)


def _score_key(p: PlayerState, totems: tuple[int, ...]) -> tuple[object, ...]:
    """What a player's VP depends on: crystals, artifacts, subjugated cards (which
    only grow), the totems, and hand, Base and raids only through the artifacts
    that read them (Crew Roster, Veteran's Medal, Trophy Wall)."""
    arts = p.artifacts
    return (
        len(p.crystals),
        len(arts),
        len(p.subjugated),
        totems,
        len(p.base) if _CREW_ROSTER in arts else -1,
        (tuple(p.hand), tuple(p.base)) if _VETERANS_MEDAL in arts else None,
        p.raids if _TROPHY_WALL in arts else -1,
    )


class Encoder:
    """Encodes observations, rewriting only the parts that changed since the
    last observation of the same seat (what a step changes is small).

    One encoder serves one game at a time; `encode` returns a fresh array. Each
    seat's vector is cached in an `array.array` buffer together with, per
    section, the key it was written for and the indices it set, so a section is
    redone by zeroing exactly those indices and writing the new ones.
    """

    def __init__(self) -> None:
        self._buf: dict[int, array[float]] = {}
        self._keys: dict[int, dict[object, object]] = {}
        self._written: dict[int, dict[object, list[int]]] = {}
        self._game: GameState | None = None

    def reset(self) -> None:
        """Forget every cached observation (done by itself for a new state object)."""
        self._buf.clear()
        self._keys.clear()
        self._written.clear()
        self._game = None

    def encode(self, s: GameState, seat: int) -> np.ndarray:
        """The observation of `seat`: equal to `encode(s, seat)`, only faster."""
        if s is not self._game:  # another game (or a swapped-in state): start afresh
            self.reset()
            self._game = s
        buf = self._buf.get(seat)
        if buf is None:
            buf = self._buf[seat] = array("f", _ZEROS)
            self._keys[seat] = {}
            self._written[seat] = {}
        keys = self._keys[seat]
        written = self._written[seat]

        out = _Out()
        _status(s, seat, out)
        _rewrite(buf, written, "status", out)
        supply = _supply_key(s)
        if keys.get("supply") != supply:
            keys["supply"] = supply
            out = _Out()
            _supply(s, out)
            _rewrite(buf, written, "supply", out)
        if keys.get("docks") != s.docks:
            keys["docks"] = s.docks[:]
            out = _Out()
            _docks(s, out)
            _rewrite(buf, written, "docks", out)
        me = s.players[seat]
        mine_key = (tuple(s.mine), tuple(s.totem_owner), tuple(s.turn.dig.items()),
                    s.turn.maccarat, len(me.artifacts))  # fmt: skip
        if keys.get("mine") != mine_key:
            keys["mine"] = mine_key
            for i, c in enumerate(s.mine):  # redo only the slots that changed
                colour = crystal_colour(s, i) if c >= 0 else -1
                cost = mine_cost(s, seat, i) if c >= 0 else 0
                slot_key = (c, colour, cost)
                if keys.get(("mine", i)) != slot_key:
                    keys[("mine", i)] = slot_key
                    out = _Out()
                    if c >= 0:
                        _mine_slot(c, i, colour, is_wild(s, colour), cost, out)
                    _rewrite(buf, written, ("mine", i), out)
        totems = tuple(s.totem_owner)
        if keys.get("totems") != totems:
            keys["totems"] = totems
            out = _Out()
            _totems(s, seat, out)
            _rewrite(buf, written, "totems", out)
        for q, p in enumerate(s.players):
            key: tuple[object, ...] = (tuple(p.hand), len(p.secret))
            if keys.get((0, q)) != key:
                keys[(0, q)] = key
                out = _Out()
                _hand(s, seat, q, out)
                _rewrite(buf, written, (0, q), out)
            key = _holdings_key(p)
            if keys.get((1, q)) != key:
                keys[(1, q)] = key
                out = _Out()
                _holdings(s, seat, q, out)
                _rewrite(buf, written, (1, q), out)
            key = _score_key(p, totems)
            if keys.get((2, q)) != key:
                keys[(2, q)] = key
                at = _AT_SCORE + (q - seat) % s.num_players
                buf[at] = min(score_breakdown(s, q).total / _SCORE_CAP, 1.0)
        result: np.ndarray = np.frombuffer(buf, np.float32).copy()
        return result


_ZEROS = array("f", bytes(4 * OBS_SIZE))


def _rewrite(
    buf: array[float], written: dict[object, list[int]], section: object, out: _Out
) -> None:
    """Zero what `section` wrote last time, then write `out` (and remember it).

    (Writing every entry beats diffing old against new: a dict costs more than
    the few array writes it would save.)
    """
    old = written.get(section)
    if old is not None:
        for i in old:
            buf[i] = 0.0
    for i in out.ones:
        buf[i] = 1.0
    for i, v in zip(out.idx, out.val):  # each index once: counts are aggregated
        buf[i] = v
    written[section] = out.ones + out.idx


def encode(s: GameState, seat: int) -> np.ndarray:
    """The observation of seat `seat` (only what that seat may know)."""
    return Encoder().encode(s, seat)
