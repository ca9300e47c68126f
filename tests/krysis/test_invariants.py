"""Krysis invariants of random legal play: 2,040 seeded games per player count.

Every decision is drawn uniformly from `legal_actions` with a
`numpy.random.default_rng(seed)` per game; the player count and the rules
variant cycle with the seed (Speed Krysis among the 2-player games). Checked:

* after every decision: the player to move has a legal action (sorted, no
  repeats, in range); all 24 relic cards are somewhere (deck, discard pile,
  campsites, homes, flipped, the two drawn to keep one of), 4 of each type; each
  player's agents (hand, decks, discard pile, team, a committed pick, those left
  out of the squad) are the company's 18 (24 in the advanced game) exactly
  once; no count is negative and no bid holds more than the home; the miners
  stand on distinct chambers outside placement; at the bid every hand holds 6
  cards (9 with the 9-card hand, until the decks run out);
* at the end: the game ended after exactly 5 rounds (3 in Speed Krysis), on the
  5th level; `final_scores` is the sum of `score_breakdown`, which matches a
  recomputation written here; there is exactly one winner, the best score and
  among the tied the miner farthest ahead.

Then determinism (the same seed and actions give the same `state_digest`, and a
replay of a recorded game reproduces it) and bombardment (random illegal action
ids raise `IllegalActionError` with a reason and change nothing).
"""

from __future__ import annotations

from functools import cache
from itertools import chain

import numpy as np
import pytest
from quick_set import first_quick

from scavenger_env.krysis.engine import (
    NUM_ACTIONS,
    IllegalActionError,
    KrysisConfig,
    Phase,
    State,
    apply_action,
    apply_legal_action,
    explain_illegal,
    final_scores,
    game_digest,
    legal_actions,
    new_game,
    same_state,
    score_breakdown,
    state_digest,
    winners,
)
from scavenger_env.krysis.engine.data import SPEED_HAND
from scavenger_env.krysis.engine.state import NONE

GAMES_PER_COUNT = 2040
CHUNKS = 12
MAX_DECISIONS = 5000  # random games take about 180 (Speed Krysis 18)

# the default tables, written out here (data.py's IDENTICAL_SET_VP and
# DIFFERENT_SET_VP): identical sets of 1-4, all-different sets of 2-6
IDENTICAL = {1: 1, 2: 3, 3: 7, 4: 12}
DIFFERENT = {2: 2, 3: 5, 4: 9, 5: 14, 6: 20}


def config_for(seed: int) -> KrysisConfig:
    """The player count cycles with the seed, then the options; one 2-player game
    in four is Speed Krysis."""
    n = 2 + seed % 3
    k = seed // 3
    if n == 2 and k % 4 == 3:
        return KrysisConfig(variant="speed")
    return KrysisConfig(
        num_players=n,
        advanced=bool(k % 2),
        missions=bool(k // 2 % 2),
        nine_card_hand=bool(k // 4 % 2),
        raid_bank_deserts=not k // 8 % 2,
        mission_needs_goods=not k // 16 % 2,
    )


# --- checks ---------------------------------------------------------------------------


BID, PLACE, KEEP = int(Phase.BID), int(Phase.PLACE), int(Phase.KEEP)
GAME_OVER = int(Phase.GAME_OVER)


def relic_counts(s: State) -> list[int]:
    """Relic cards by type, wherever they are."""
    cards = s.relic_deck + s.relic_discard + s.keep_options
    for flipped in s.flipped:
        cards += flipped
    face_down = map(sum, zip(*s.camp_relics, *s.home_relics, strict=True))
    return [cards.count(t) + k for t, k in enumerate(face_down)]


def company_cards(s: State) -> list[int]:
    if s.config.speed:
        return sorted(SPEED_HAND)
    return list(range(24 if s.config.advanced else 18))


def agent_locations(s: State, p: int) -> list[int]:
    """Player `p`'s agents wherever they are, with repeats if any."""
    located = [
        *s.hand[p],
        *s.deck_t[p],
        *s.deck_f[p],
        *s.agent_discard[p],
        *s.team[p],
        *s.squad_out[p],
    ]
    if s.pending[p] != NONE:
        located.append(s.pending[p])
    return located


def bid_within_home(s: State) -> bool:
    return all(b <= h for p in range(s.n) for b, h in zip(s.bid[p], s.home[p]))


def hand_size_at_bid(s: State) -> int:
    """6; with the 9-card hand, 9 until the decks run out after 3 draws."""
    if s.config.nine_card_hand and s.round <= 4:
        return 9
    return 6


def check_decision(
    s: State, cards: list[int], relics: list[int], where: object
) -> None:
    """The invariants after a decision (`where` names it on a failure)."""
    assert relic_counts(s) == relics, f"{where}: relics {relic_counts(s)}"
    for p in range(s.n):
        located = sorted(agent_locations(s, p))
        assert located == cards, f"{where}: player {p}'s agents {located}"
    counts = chain(*s.camp, *s.home, *s.camp_relics, *s.home_relics, *s.bid, s.vp)
    assert min(counts) >= 0, f"{where}: a negative count"
    phase = s.phase
    if phase != PLACE and phase != KEEP and not s.config.speed:
        assert len(set(s.position)) == s.n, f"{where}: miners share {s.position}"
    if phase == BID:
        assert bid_within_home(s), f"{where}: a bid of more than the home"
        size = hand_size_at_bid(s)
        assert all(len(h) == size for h in s.hand), f"{where}: {s.hand}"
    elif phase == KEEP:
        assert len(s.keep_options) == 2, where


# --- an independent score --------------------------------------------------------------


@cache
def best_sets(counts: tuple[int, ...]) -> int:
    """The best split of home relics into sets: try every set the cards allow
    (not only those holding the first type), best of the rest."""
    best = 0
    for t in range(6):
        for size in range(1, min(counts[t], 4) + 1):
            rest = list(counts)
            rest[t] -= size
            best = max(best, IDENTICAL[size] + best_sets(tuple(rest)))
    held = [t for t in range(6) if counts[t]]
    for mask in range(1, 1 << len(held)):
        chosen = [t for i, t in enumerate(held) if mask >> i & 1]
        if len(chosen) < 2:
            continue
        rest = list(counts)
        for t in chosen:
            rest[t] -= 1
        best = max(best, DIFFERENT[len(chosen)] + best_sets(tuple(rest)))
    return best


def expected_score(s: State, p: int) -> int:
    home = s.home[p]
    vp = s.vp[p] + 3 * home[0] + 2 * home[1] + home[2]
    vp += best_sets(tuple(s.home_relics[p]))
    m = s.mission[p]
    if m != NONE:

        def held(q: int) -> int:
            return s.home[q][m] if m < 3 else sum(s.home_relics[q])

        mine = held(p)
        top = max(held(q) for q in range(s.n))
        if mine == top and (mine > 0 or not s.config.mission_needs_goods):
            vp += 10
    return vp


def check_end(s: State, seed: int, reveals: int) -> None:
    config = s.config
    assert s.phase == Phase.GAME_OVER and legal_actions(s) == []
    assert s.round == config.rounds, f"seed {seed}: ended in round {s.round}"
    if config.speed:
        assert reveals == 0
    else:
        assert reveals == 5 and s.level == 5, f"seed {seed}: {reveals} bids"
    scores = final_scores(s)
    for p in range(s.n):
        b = score_breakdown(s, p)
        assert scores[p] == b.sales + b.crystals + b.relics + b.mission == b.total
        assert scores[p] == expected_score(s, p), f"seed {seed}, player {p}"
    won = winners(s)
    assert len(won) == 1, f"seed {seed}: winners {won}"
    top = [p for p in range(s.n) if scores[p] == max(scores)]
    if config.speed:
        ahead = min(top, key=s.start_order.index)
    else:
        ahead = min(top, key=lambda p: s.position[p])
    assert won == [ahead], f"seed {seed}: {won}, scores {scores}, {s.position}"


# --- the games ---------------------------------------------------------------------------


def play_checked_game(seed: int) -> tuple[State, list[int]]:
    s = new_game(config_for(seed), seed)
    # uniform choices: one draw in [0, 1) per decision, drawn at once (faster)
    draws = np.random.default_rng(seed).random(MAX_DECISIONS).tolist()
    cards = company_cards(s)
    relics = [0] * 6 if s.config.speed else [4] * 6
    check_decision(s, cards, relics, f"seed {seed} at set-up")
    actions: list[int] = []
    reveals = 0
    rounds = s.round
    for step, u in enumerate(draws):
        if s.phase == GAME_OVER:
            break
        where = (seed, step)
        legal = legal_actions(s)
        assert legal, f"{where}: player {s.mover} has no legal action"
        assert legal == sorted(set(legal)), f"{where}: {legal}"
        assert legal[0] >= 0 and legal[-1] < NUM_ACTIONS, f"{where}: {legal}"
        action = legal[int(u * len(legal))]
        level = s.level
        apply_legal_action(s, action)
        actions.append(action)
        if s.level != level:  # bids revealed: the miners go one level down
            assert s.level == level + 1, f"{where}: level {level} -> {s.level}"
            reveals += 1
        assert s.round in (rounds, rounds + 1), f"{where}: round {s.round}"
        rounds = s.round
        check_decision(s, cards, relics, where)
    else:
        pytest.fail(f"seed {seed}: no end after {MAX_DECISIONS} decisions")
    assert s.decisions == len(actions)
    check_end(s, seed, reveals)
    return s, actions


@pytest.mark.parametrize("chunk", first_quick(range(CHUNKS)))
def test_random_games_keep_the_invariants(chunk: int) -> None:
    for seed in range(chunk, 3 * GAMES_PER_COUNT, CHUNKS):
        play_checked_game(seed)


def test_the_games_cover_every_player_count_and_variant() -> None:
    configs = [config_for(seed) for seed in range(3 * GAMES_PER_COUNT)]
    for n in (2, 3, 4):
        assert sum(c.num_players == n for c in configs) >= 2000
    assert sum(c.speed for c in configs) >= 400
    for name in ("advanced", "missions", "nine_card_hand"):
        assert any(getattr(c, name) for c in configs if c.num_players == 4)
    assert any(not c.raid_bank_deserts for c in configs)
    assert any(not c.mission_needs_goods and c.missions for c in configs)


# --- determinism ----------------------------------------------------------------------------


def record(seed: int, config: KrysisConfig) -> tuple[State, list[int]]:
    s = new_game(config, seed)
    rng = np.random.default_rng(seed + 1000)
    actions = []
    while not s.is_over:
        legal = legal_actions(s)
        a = legal[int(rng.integers(len(legal)))]
        apply_legal_action(s, a)
        actions.append(a)
    return s, actions


@pytest.mark.parametrize("seed", range(24))
def test_same_seed_and_actions_same_game(seed: int) -> None:
    config = config_for(seed)
    s, actions = record(seed, config)
    again, again_actions = record(seed, config)
    assert again_actions == actions
    assert state_digest(again) == state_digest(s)
    # a replay of the recorded actions, checked one by one
    replay = new_game(config, seed)
    for a in actions:
        apply_action(replay, a)
    assert same_state(replay, s)
    assert state_digest(replay) == state_digest(s)
    assert game_digest(replay, seed, actions) == game_digest(s, seed, actions)
    # another seed is another game
    assert (
        state_digest(new_game(config, seed + 1)) != state_digest(new_game(config, seed))
        or config.speed
    )


def test_clone_is_independent() -> None:
    s = new_game(KrysisConfig(num_players=3, advanced=True), 5)
    rng = np.random.default_rng(5)
    for _ in range(60):
        legal = legal_actions(s)
        apply_legal_action(s, legal[int(rng.integers(len(legal)))])
    digest = state_digest(s)
    c = s.clone()
    while not c.is_over:
        apply_legal_action(c, legal_actions(c)[0])
    assert state_digest(s) == digest


# --- bombardment -----------------------------------------------------------------------------


@pytest.mark.parametrize("seed", range(0, 180, 3))
def test_illegal_actions_raise_and_change_nothing(seed: int) -> None:
    s = new_game(config_for(seed), seed)
    rng = np.random.default_rng(seed)
    odd: list[object] = [-1, NUM_ACTIONS, 10**9, True, 1.0, "0", None]
    while True:
        legal = set(legal_actions(s))
        illegal = [a for a in range(NUM_ACTIONS) if a not in legal]
        tries: list[object] = [
            illegal[int(rng.integers(len(illegal)))] for _ in range(3)
        ]
        tries.append(odd[int(rng.integers(len(odd)))])
        before = s.clone()
        for a in tries:
            with pytest.raises(IllegalActionError) as info:
                apply_action(s, a)
            assert str(info.value), f"no reason for {a!r}"
            assert str(info.value) == explain_illegal(s, a)
            assert same_state(s, before), f"{a!r} changed the state"
        if s.is_over:
            break
        # a numpy integer, as drawn from a mask, is an action like its int
        apply_action(s, np.int64(sorted(legal)[int(rng.integers(len(legal)))]))
