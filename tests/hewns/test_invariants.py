"""Whole random games, with the game's invariants checked after every action.

The pure build plays 200 games per player count; the compiled build (CI's
second run) plays 2,000 per count, the issue's bar, at the same cost in time.
"""

from __future__ import annotations

import numpy as np
import pytest

import scavenger_env
from scavenger_env.hewns.engine import rules
from scavenger_env.hewns.engine.actions import NUM_ACTIONS
from scavenger_env.hewns.engine.config import HewnsConfig
from scavenger_env.hewns.engine.data import DANGER_TOKENS, TECHS, TechKind
from scavenger_env.hewns.engine.flow import is_chance
from scavenger_env.hewns.engine.state import (
    BOUGHT_TECH,
    DEAD,
    DECK,
    DISCARD,
    EMPTY_SLOT,
    NEUTRAL,
    NO_SLOT,
    NUM_HEWNS,
    OFF_BOARD,
    OFFER,
    OUT,
    PURCHASE,
    Ask,
    State,
    hewn_type,
)

GAMES = 2000 if scavenger_env.BUILD == "compiled" else 200
CHUNKS = 8


def check_state(s: State, total_normal: int, where: object) -> None:
    """Every invariant that holds after any action."""
    n = s.num_players
    held = sum(s.normal)
    boxes = sum(sum(b) for b in s.bidox_normal)
    assert s.normal_pile + sum(s.screen_normal) + held + boxes == total_normal, where
    assert (
        s.normal_pile >= 0 and min(s.screen_normal) >= 0 and min(s.screen_dirty) >= 0
    ), where
    for h in range(NUM_HEWNS):
        loc = s.loc[h]
        assert (
            loc in (OUT, DECK, OFFER, DISCARD, OFF_BOARD, DEAD)
            or 0 <= loc < s.board.n_spaces
        ), where
        in_deck = h in s.hewn_deck[hewn_type(h).size]
        in_discard = h in s.hewn_discard[hewn_type(h).size]
        assert in_deck == (loc == DECK) and in_discard == (loc == DISCARD), (where, h)
        assert min(s.normal[h], s.dirty[h]) >= 0, (where, h)
        assert s.normal[h] + s.dirty[h] <= hewn_type(h).store_total, (where, h)
        if loc == OFF_BOARD:
            assert 0 <= s.ctrl[h] < n, (where, h)  # only its owner holds it
        if loc >= 0:
            assert s.board.admits(loc, hewn_type(h).size), (where, h)
        if loc < OFF_BOARD:
            assert s.ctrl[h] == NEUTRAL and s.normal[h] == s.dirty[h] == 0, (where, h)
    placed = [0, 0, 0]
    for token in s.token:
        if token >= 0:
            placed[token] += 1
    assert [a + b for a, b in zip(placed, s.token_stock, strict=True)] == [
        DANGER_TOKENS.value
    ] * 3
    assert all(
        s.token[sp] < 0 or s.board.kind[sp] != 2 for sp in range(s.board.n_spaces)
    )
    # gems (rules 2): every gem is in the pile or in the heart card of a living
    # Hewn that has one, one at most per Hewn
    gems = [0] * len(s.gem_pile)
    for h in range(NUM_HEWNS):
        if s.gem[h] >= 0:
            assert hewn_type(h).heart and s.loc[h] >= OFF_BOARD, (where, h)
            gems[s.gem[h]] += 1
    assert [a + b for a, b in zip(gems, s.gem_pile, strict=True)] == [
        count for _, count in s.scenario.gems
    ], where


def nananbites_bought(s: State) -> int:
    """The Nananbites the game's purchases brought: 3 per Nananbites card, 4
    with the Mamabite."""
    total = 0
    for i in range(0, len(s.purchases), PURCHASE):
        what, which = s.purchases[i + 2], s.purchases[i + 3]
        if what == BOUGHT_TECH:
            tech = TECHS[which]
            total += tech.bundled_nananbites
            if tech.kind == TechKind.NANANBITES:
                total += tech.quantity
    return total


def check_nanas(s: State, where: object) -> None:
    """Every Nananbite is in exactly one place: a screen, a Hewn's slot, a
    Bidox, or dead; a Bidox holds at most the config's limit and takes none
    once placed; only a Mamabite opens slots beyond a Hewn's sockets, and a
    dead Hewn holds nothing."""
    nana = int(TechKind.NANANBITES)
    on_screens = sum(t[nana] for t in s.screen_tech)
    in_slots = sum(slots.count(nana) for slots in s.slots)
    on_boxes = sum(sum(b) for b in s.bidox_nana)
    assert on_screens + in_slots + on_boxes + s.nana_dead == nananbites_bought(s), where
    limit = s.config.nananbites_per_bidox
    assert all(0 <= k <= limit for b in s.bidox_nana for k in b), where
    for h in range(NUM_HEWNS):
        slots = s.slots[h]
        card = hewn_type(h)
        base = card.nanasockets + card.sicket_sockets
        if s.loc[h] == DEAD:
            assert len(slots) == base and set(slots) <= {EMPTY_SLOT}, (where, h)
        mamas = [
            j
            for j in range(card.sicket_sockets)
            if slots[card.nanasockets + j] == TechKind.MAMABITE
        ]
        opened = {base + 4 * j + k for j in mamas for k in range(4)}
        for i in range(base, len(slots)):
            assert (i in opened) == (slots[i] != NO_SLOT), (where, h, slots)
        assert NO_SLOT not in slots[:base], (where, h)


def check_between_turns(s: State, where: object) -> None:
    """Outside a Hewn turn at most one healthy Hewn stands in a space (rulebook:
    "a healthy Hewn cannot end its turn in the same space")."""
    healthy = [s.loc[h] for h in range(NUM_HEWNS) if s.loc[h] >= 0 and s.healthy(h)]
    assert len(healthy) == len(set(healthy)), where


def play_checked(n: int, seed: int, cards: str = "core") -> State:
    config = HewnsConfig(num_players=n, cards=cards)
    rng = np.random.default_rng(seed)
    s = rules.new_game(config, rng)
    total = config.effective_pile
    check_state(s, total, (n, seed, 0))
    step = 0
    while not s.over:
        step += 1
        where = (n, seed, step)
        legal = rules.legal_actions(s)
        assert legal and legal == sorted(set(legal)), where
        assert legal[0] >= 0 and legal[-1] < NUM_ACTIONS, where
        rules.apply_legal(s, legal[int(rng.integers(len(legal)))])
        check_state(s, total, where)
        if cards == "nanas":
            check_nanas(s, where)
        if (
            not s.over
            and not is_chance(s)
            and s.frames[-1].ask in (Ask.PLAYER_TURN, Ask.BID_TURN)
        ):
            check_between_turns(s, where)
    assert s.end_reason in ("rounds", "pile", "depleted", "no mines"), (n, seed)
    return s


@pytest.mark.parametrize("chunk", range(CHUNKS))
def test_random_games_keep_the_invariants(chunk: int) -> None:
    for k in range(chunk, 3 * GAMES, CHUNKS):
        play_checked(2 + k % 3, k // 3)


@pytest.mark.parametrize("n", [2, 3, 4])
def test_random_nanas_games_keep_the_invariants_and_the_nananbites(n: int) -> None:
    """The stage-3 cards: the same invariants, and every Nananbite in exactly
    one place ("they can never leave that Hewn or Bidox - unless they die")."""
    for seed in range(GAMES // 4):
        play_checked(n, seed, cards="nanas")
