"""Whole random games, with the game's invariants checked after every action.

The pure build plays 200 games per player count; the compiled build (CI's
second run) plays 2,000 per count, the issue's bar, at the same cost in time.
"""

from __future__ import annotations

import numpy as np
import pytest

import scavenger_env
from scavenger_env.hewns.engine import bomb, rules
from scavenger_env.hewns.engine.actions import NUM_ACTIONS
from scavenger_env.hewns.engine.config import HewnsConfig
from scavenger_env.hewns.engine.data import DANGER_TOKENS, TECHS, CardSet, TechKind
from scavenger_env.hewns.engine.flow import is_chance
from scavenger_env.hewns.engine.state import (
    BOUGHT_TECH,
    DEAD,
    DECK,
    DISCARD,
    NEUTRAL,
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


def check_between_turns(s: State, where: object) -> None:
    """Outside a Hewn turn at most one healthy Hewn stands in a space (rulebook:
    "a healthy Hewn cannot end its turn in the same space")."""
    healthy = [s.loc[h] for h in range(NUM_HEWNS) if s.loc[h] >= 0 and s.healthy(h)]
    assert len(healthy) == len(set(healthy)), where


def bombs_bought(s: State) -> int:
    """Implosion bombs won at auction so far (one piece per card)."""
    p = s.purchases
    return sum(
        TECHS[TechKind.IMPLOSION_BOMB].quantity
        for i in range(0, len(p), PURCHASE)
        if p[i + 2] == BOUGHT_TECH and p[i + 3] == TechKind.IMPLOSION_BOMB
    )


def bombs_unaccounted(s: State) -> int:
    """Bombs on screens, in sockets and used up, less those bought: it changes
    only by the bombs lost with a Hewn that dies (each bomb is in one place)."""
    return bomb.bombs_in_play(s) + s.bombs_used - bombs_bought(s)


def play_checked(n: int, seed: int, cards: str = "core") -> State:
    config = HewnsConfig(num_players=n, cards=cards)
    rng = np.random.default_rng(seed)
    s = rules.new_game(config, rng)
    total = config.effective_pile
    check_state(s, total, (n, seed, 0))
    bombs = config.card_set >= CardSet.NANAS
    step = 0
    while not s.over:
        step += 1
        where = (n, seed, step)
        legal = rules.legal_actions(s)
        assert legal and legal == sorted(set(legal)), where
        assert legal[0] >= 0 and legal[-1] < NUM_ACTIONS, where
        if bombs:
            held = [slots.count(bomb.BOMB) for slots in s.slots]
            before = bombs_unaccounted(s)
        rules.apply_legal(s, legal[int(rng.integers(len(legal)))])
        check_state(s, total, where)
        if bombs:
            lost = sum(k for h, k in enumerate(held) if k and s.loc[h] == DEAD)
            assert bombs_unaccounted(s) == before - lost, where
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
def test_random_games_with_the_stage_3_cards_keep_the_invariants(n: int) -> None:
    """Random games with the "nanas" cards end at 2, 3 and 4 players, with
    every invariant kept and every implosion bomb in one place (a screen, a
    socket, used up, or lost with a dead Hewn) after every action."""
    for seed in range(GAMES // 8):
        play_checked(n, seed, "nanas")
