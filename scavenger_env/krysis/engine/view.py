"""What one seat may know: `player_view`, `redact` and `determinize`.

Hidden from a seat: the other players' hands, pending picks and bids, the agents
they left out of their squads, their missions, the types of their face-down
relics (campsite and home), the two relics another player drew to keep one of,
the order of every deck (the seat's own agent decks too) and the chance stream.
Public: everything on the table (campsite crystals, revealed teams, discards,
relic counts, deck sizes, scores) and every crystal that went home, since goods
are loaded in sight of all ("Place the crystals ... onto your transporter agents
... then put the goods behind your screen"); bids are revealed too. So the home
crystals of every player are public knowledge, and only home relics' types are
not.

`redact` puts the hidden things in a fixed order that depends only on what the
seat knows; `determinize` deals them at random, respecting what is public (deck
sizes, how many transporters and fighters each hand holds, 2 agents per star left
out of a squad).
"""

from __future__ import annotations

import copy
from dataclasses import dataclass
from math import comb

import numpy as np

from .data import (
    CARDS,
    MISSION_NAMES,
    NUM_RELIC_TYPES,
    RELIC_COPIES,
    SQUAD_DISCARDS_PER_STAR,
    AgentKind,
)
from .state import ACTION_PHASES, NONE, Phase, State

_SETUP_PHASES = (Phase.SQUAD, Phase.HAND)


class _Dealer:
    """Takes items at random (`rng`) or in a fixed order (no rng: the first of
    the sorted items), so that redact and determinize share one procedure."""

    def __init__(self, rng: np.random.Generator | None) -> None:
        self.rng = rng

    def take(self, items: list[int], k: int) -> tuple[list[int], list[int]]:
        """`k` items of `items`, and the rest (both as new lists)."""
        ordered = sorted(items)
        if self.rng is not None and len(ordered) > 1:
            ordered = [ordered[i] for i in self.rng.permutation(len(ordered))]
        return ordered[:k], ordered[k:]

    def choose(self, weights: list[int]) -> int:
        """An index, with probability proportional to `weights` (fixed: the
        first with a positive weight)."""
        total = sum(weights)
        if self.rng is None:
            return next(i for i, w in enumerate(weights) if w > 0)
        r = int(self.rng.integers(total))
        for i, w in enumerate(weights):
            if r < w:
                return i
            r -= w
        raise AssertionError("weights changed")  # pragma: no cover

    def order(self, items: list[int]) -> list[int]:
        """All of `items`, shuffled (fixed: sorted)."""
        return self.take(items, len(items))[0]


def redact(state: State, seat: int) -> State:
    """A copy where everything hidden from `seat` is in a fixed order."""
    return _rearranged(state, seat, _Dealer(None))


def determinize(state: State, seat: int, rng: np.random.Generator) -> State:
    """A copy that `seat` cannot tell from the real one, hidden things dealt by
    `rng`."""
    return _rearranged(state, seat, _Dealer(rng))


def _rearranged(state: State, seat: int, dealer: _Dealer) -> State:
    s = state.clone()
    # The copy shares nothing with the game: a bot may change its copy's config
    # (even a frozen one) without reaching the game in play.
    s.config = copy.copy(state.config)
    s.chance_seed = 0 if dealer.rng is None else int(dealer.rng.integers(2**62))
    s.chance_count = 0
    if not s.config.speed:  # Speed Krysis has no relics
        _deal_relics(s, seat, dealer)
    for q in range(s.n):
        if q == seat:
            s.deck_t[q] = dealer.order(s.deck_t[q])
            s.deck_f[q] = dealer.order(s.deck_f[q])
        else:
            _deal_agents(s, q, dealer)
            if s.phase != Phase.BID or not (s.bid_done[q] or q == s.mover):
                continue
            # an unrevealed bid, finished or being made: any crystals of the home
            # for the colours already bid
            bid = 3 if s.bid_done[q] else s.bid_step
            s.bid[q] = [
                0 if dealer.rng is None or c >= bid else int(dealer.rng.integers(h + 1))
                for c, h in enumerate(s.home[q])
            ]
    _redact_selected_relics(s, seat)
    if s.config.missions:
        unseen = [m for m in range(len(MISSION_NAMES)) if m != s.mission[seat]]
        dealt = dealer.order(unseen)
        for q in range(s.n):
            if q != seat:
                s.mission[q] = dealt.pop(0)
    return s


def _deal_relics(s: State, seat: int, dealer: _Dealer) -> None:
    """The relics `seat` has not seen: the deck, the others' face-down relics at
    campsites and homes, and two drawn by another player."""
    seen = [0] * NUM_RELIC_TYPES
    for t in s.relic_discard:
        seen[t] += 1
    for p in range(s.n):
        for t in s.flipped[p]:
            seen[t] += 1
    for t in range(NUM_RELIC_TYPES):
        seen[t] += s.camp_relics[seat][t] + s.home_relics[seat][t]
    # a Spy choosing sees the visited campsite's relics
    spied = s.spy_target if s.phase == Phase.SPY_TAKE and s.mover == seat else NONE
    if spied != NONE:
        for t in range(NUM_RELIC_TYPES):
            seen[t] += s.camp_relics[spied][t]
    keep_hidden = s.phase == Phase.KEEP and s.mover != seat
    if s.phase == Phase.KEEP and not keep_hidden:
        for t in s.keep_options:
            seen[t] += 1
    pool = [t for t in range(NUM_RELIC_TYPES) for _ in range(RELIC_COPIES - seen[t])]
    pool = dealer.order(pool)
    s.relic_deck, pool = pool[: len(s.relic_deck)], pool[len(s.relic_deck) :]
    for p in range(s.n):
        if p == seat:
            continue
        for relics in (s.camp_relics[p], s.home_relics[p]):
            if p == spied and relics is s.camp_relics[p]:
                continue
            k = sum(relics)
            taken, pool = pool[:k], pool[k:]
            for t in range(NUM_RELIC_TYPES):
                relics[t] = taken.count(t)
    if keep_hidden:
        s.keep_options, pool = pool[:2], pool[2:]
    assert not pool, "relic counts out of balance"
    if s.phase == Phase.SELECT and s.mover != seat and sum(s.sel_relics) > 0:
        # the loader's chosen relics: as many, from its newly dealt campsite
        held = s.camp_relics[s.mover]
        chosen = dealer.take(
            [t for t in range(NUM_RELIC_TYPES) for _ in range(held[t])],
            sum(s.sel_relics),
        )[0]
        s.sel_relics = [chosen.count(t) for t in range(NUM_RELIC_TYPES)]


def _redact_selected_relics(s: State, seat: int) -> None:
    """The relics the active player chose to load (`sel_relics`) are its secret.

    While it chooses them (SELECT) `_deal_relics` deals them anew from its dealt
    campsite. Once the goods are sent the engine no longer reads the field, but
    it keeps the types until the next turn begins (through the rest of the turn,
    and from the round's last turn through the draws, the bid, the placements and
    the picks of the next round), and after a load home they are the types of
    relics now hidden at that home. So outside SELECT only their number (public:
    goods are loaded in sight) stays, in a fixed form, for every seat but the
    active player during its own turn.
    """
    if s.phase == Phase.SELECT:
        return
    if s.phase in ACTION_PHASES and s.mover == seat:
        return
    count = sum(s.sel_relics)
    s.sel_relics = [count] + [0] * (NUM_RELIC_TYPES - 1)


def _deal_agents(s: State, q: int, dealer: _Dealer) -> None:
    """Deal the agents of player `q` that the viewer has not seen."""
    cards = CARDS[q]
    pending = [s.pending[q]] if s.pending[q] != NONE else []
    group = s.hand[q] + pending
    unseen = group + s.deck_t[q] + s.deck_f[q] + s.squad_out[q]
    if s.phase in _SETUP_PHASES:
        _deal_setup_choices(s, q, unseen, dealer)
        return
    g_t = sum(1 for c in group if cards[c].kind == AgentKind.TRANSPORTER)
    kinds = _split_kinds(q, unseen)
    if s.squad_out[q]:
        out = _deal_squad_out(q, kinds, len(kinds[0]) - len(s.deck_t[q]) - g_t, dealer)
        kinds = (
            [c for c in kinds[0] if c not in out],
            [c for c in kinds[1] if c not in out],
        )
        s.squad_out[q] = sorted(out)
    hand_t, deck_t = dealer.take(kinds[0], g_t)
    hand_f, deck_f = dealer.take(kinds[1], len(group) - g_t)
    s.deck_t[q], s.deck_f[q] = deck_t, deck_f
    hand = dealer.order(hand_t + hand_f)
    if pending:
        s.pending[q] = hand.pop(0)
    s.hand[q] = sorted(hand)


def _split_kinds(q: int, cards: list[int]) -> tuple[list[int], list[int]]:
    t = [c for c in cards if CARDS[q][c].kind == AgentKind.TRANSPORTER]
    return t, [c for c in cards if CARDS[q][c].kind != AgentKind.TRANSPORTER]


def _deal_squad_out(
    q: int, kinds: tuple[list[int], list[int]], out_t: int, dealer: _Dealer
) -> list[int]:
    """Six agents left out, 2 per star, `out_t` of them transporters."""
    by = [
        [[c for c in kinds[k] if CARDS[q][c].stars == star] for k in (0, 1)]
        for star in (1, 2, 3)
    ]
    splits = []
    weights = []
    per = SQUAD_DISCARDS_PER_STAR
    for a in range(per + 1):
        for b in range(per + 1):
            c = out_t - a - b
            if not 0 <= c <= per:
                continue
            xs = (a, b, c)
            w = 1
            for star in range(3):
                w *= comb(len(by[star][0]), xs[star])
                w *= comb(len(by[star][1]), per - xs[star])
            if w:
                splits.append(xs)
                weights.append(w)
    xs = splits[dealer.choose(weights)]
    out: list[int] = []
    for star in range(3):
        out += dealer.take(by[star][0], xs[star])[0]
        out += dealer.take(by[star][1], per - xs[star])[0]
    return out


def _deal_setup_choices(s: State, q: int, unseen: list[int], dealer: _Dealer) -> None:
    """During the squad and hand choices nothing of them is public: deal the
    left-out agents (at most 2 per star) and the chosen hand from all unseen."""
    rest = dealer.order(unseen)
    out: list[int] = []
    if s.squad_out[q] and s.phase == Phase.SQUAD:
        per_star = [0, 0, 0, 0]
        for c in list(rest):
            if len(out) == len(s.squad_out[q]):
                break
            if per_star[CARDS[q][c].stars] < SQUAD_DISCARDS_PER_STAR:
                per_star[CARDS[q][c].stars] += 1
                out.append(c)
                rest.remove(c)
    elif s.squad_out[q]:
        out = _deal_squad_out(
            q, _split_kinds(q, rest), _out_transporters_any(q, rest, dealer), dealer
        )
        rest = [c for c in rest if c not in out]
    s.squad_out[q] = sorted(out)
    hand, rest = rest[: len(s.hand[q])], rest[len(s.hand[q]) :]
    s.hand[q] = sorted(hand)
    t, f = _split_kinds(q, rest)
    s.deck_t[q], s.deck_f[q] = t, f


def _out_transporters_any(q: int, cards: list[int], dealer: _Dealer) -> int:
    """A feasible number of transporters among six left out (none is public)."""
    t, f = _split_kinds(q, cards)
    per = SQUAD_DISCARDS_PER_STAR
    options = []
    for out_t in range(3 * per + 1):
        if len(t) >= out_t and len(f) >= 3 * per - out_t:
            options.append(out_t)
    return options[dealer.choose([1] * len(options))]


@dataclass(frozen=True)
class PublicSeat:
    """One seat's things on the table, as every seat sees them."""

    position: int  # start space or chamber (see `State.position`)
    #: a pick face down, or a finished bid, not yet revealed
    committed: bool
    last_bid: tuple[int, ...]  # red, blue, white
    team: tuple[int, ...]  # revealed agents (card ids)
    initiative: int
    home: tuple[int, ...]  # crystals: goods are loaded in sight of all
    home_relic_count: int
    camp: tuple[int, ...]
    camp_relic_count: int
    flipped: tuple[int, ...]  # relic types flipped this round
    deserted: bool
    acted: bool
    vp: int  # from sales
    hand_size: int  # a pick face down included
    #: transporter and fighter deck sizes; None while another seat's set-up
    #: choices hide them
    deck_sizes: tuple[int, int] | None
    agent_discard: tuple[int, ...]


@dataclass(frozen=True)
class PlayerView:
    """What `seat` may know: the table, and its own hidden things."""

    seat: int
    round: int
    phase: Phase
    mover: int
    level: int
    seats: tuple[PublicSeat, ...]
    # -- the seat's own
    hand: tuple[int, ...]
    pending: int  # its pick face down, or NONE
    my_bid: tuple[int, ...]  # red, blue, white
    home_relics: tuple[int, ...]  # counts by type
    camp_relics: tuple[int, ...]
    squad_out: tuple[int, ...]
    mission: int  # NONE without missions
    keep_options: tuple[int, ...]  # the two relics drawn, while it keeps one
    spy_sees: tuple[int, ...]  # the visited campsite's relics, while its Spy takes
    # -- the relic cards
    relic_deck: int  # cards in the draw pile
    relic_discard: tuple[int, ...]  # face up, in the order discarded
    log: tuple[str, ...]


def player_view(state: State, seat: int) -> PlayerView:
    """What `seat` may know, as plain values (for screens and tests)."""
    s = redact(state, seat)
    public_decks = s.phase not in _SETUP_PHASES
    bidding = s.phase == Phase.BID
    seats = tuple(
        PublicSeat(
            position=s.position[p],
            committed=s.pending[p] != NONE or (bidding and s.bid_done[p]),
            last_bid=tuple(s.last_bid[p]),
            team=tuple(s.team[p]),
            initiative=s.initiative[p],
            home=tuple(s.home[p]),
            home_relic_count=sum(s.home_relics[p]),
            camp=tuple(s.camp[p]),
            camp_relic_count=sum(s.camp_relics[p]),
            flipped=tuple(s.flipped[p]),
            deserted=s.deserted[p],
            acted=s.acted[p],
            vp=s.vp[p],
            hand_size=len(s.hand[p]) + (s.pending[p] != NONE),
            deck_sizes=(
                (len(s.deck_t[p]), len(s.deck_f[p]))
                if public_decks or p == seat
                else None
            ),
            agent_discard=tuple(s.agent_discard[p]),
        )
        for p in range(s.n)
    )
    spying = s.phase == Phase.SPY_TAKE and s.mover == seat
    return PlayerView(
        seat=seat,
        round=s.round,
        phase=Phase(s.phase),
        mover=s.mover,
        level=s.level,
        seats=seats,
        hand=tuple(s.hand[seat]),
        pending=s.pending[seat],
        my_bid=tuple(s.bid[seat]),
        home_relics=tuple(s.home_relics[seat]),
        camp_relics=tuple(s.camp_relics[seat]),
        squad_out=tuple(s.squad_out[seat]),
        mission=s.mission[seat],
        keep_options=tuple(s.keep_options) if s.mover == seat else (),
        spy_sees=tuple(s.camp_relics[s.spy_target]) if spying else (),
        relic_deck=len(s.relic_deck),
        relic_discard=tuple(s.relic_discard),
        log=tuple(s.log),
    )
