"""Invariants of random legal play: 2,040 seeded games across 2, 3 and 4 players.

Every decision is drawn uniformly from `legal_actions` with a
`numpy.random.default_rng(seed)` per game, and the rules variant cycles with the
seed. Checked:

* after every action: the player to move has a legal action (sorted, no
  repeats, in range); the Cave-In track never goes back; no Base holds more
  than 7 cards; a hand only goes over its limit when a Raid returns that
  player's Leader (one card per Raid); each of the 52 in-play Mercenary cards
  and each of the 60 crystals is in exactly one place, and no card of a faction
  out of play appears anywhere;
* at the end: every game is over, by Cave-In with the track at its threshold;
  everyone took the same number of turns; `final_scores` matches a
  recomputation written here.
"""

from __future__ import annotations

from collections import Counter

import numpy as np
import pytest
from quick_set import first_quick

from scavenger_env.cavein.engine import (
    GameConfig,
    GameState,
    Phase,
    apply_action,
    final_scores,
    legal_actions,
    new_game,
)
from scavenger_env.cavein.engine.actions import NUM_ACTIONS, RAID
from scavenger_env.cavein.engine.data import (
    CRYSTAL_COLOUR,
    CRYSTAL_SYMBOL,
    CRYSTAL_VP,
    NUM_CRYSTALS,
    Art,
)
from scavenger_env.cavein.engine.queries import hand_limit
from scavenger_env.cavein.engine.scoring import ARTIFACT_VP

GAMES = 2040
CHUNKS = 12
MAX_DECISIONS = 20_000  # random games take about 400

SET_VP = {1: 1, 2: 3, 3: 6, 4: 10, 5: 15, 6: 21}  # the rulebook's table


def config_for(seed: int) -> GameConfig:
    """Player count and rules variant both cycle with the seed."""
    return GameConfig(
        num_players=2 + seed % 3,
        merc_distribution=("5/4/2/2", "4/4/3/2")[seed // 3 % 2],
        weedlock_text=("en", "de")[seed // 6 % 2],
        skill_crystals_cave_in=bool(seed // 12 % 2),
        scrabber_every_mine=bool(seed // 24 % 2),
    )


# --- checks ----------------------------------------------------------------------


def in_play_cards(s: GameState) -> list[int]:
    return [c for c in range(len(s.cards.colour_of)) if s.in_play[s.cards.colour_of[c]]]


def card_locations(s: GameState) -> list[int]:
    """Every Mercenary card id wherever it is, with repeats if any."""
    out = [c for stack in s.merc_stacks for c in stack]
    out += [c for c in s.docks if c >= 0]
    for p in s.players:
        out += p.hand + p.base + p.subjugated
    out += s.turn.played + s.pay[2:] + s.removed
    return out


def crystal_locations(s: GameState) -> list[int]:
    out = [c for stack in s.crystal_stacks for c in stack]
    out += [c for c in s.mine if c >= 0]
    for p in s.players:
        out += p.crystals
    return out


def check_conservation(s: GameState, cards: list[int], where: str) -> None:
    located = sorted(card_locations(s))
    assert len(cards) == 52, where
    assert located == cards, f"{where}: Mercenary cards lost, duplicated or foreign"
    assert sorted(crystal_locations(s)) == list(range(NUM_CRYSTALS)), (
        f"{where}: crystals lost or duplicated"
    )


def check_bases(s: GameState, where: str) -> None:
    for q, p in enumerate(s.players):
        assert len(p.base) <= 7, f"{where}: player {q}'s Base holds {len(p.base)}"


def raided_seats(phase: int, action: int, num_players: int) -> list[int]:
    """Seats whose Base `action` raids (Raid in the action phase or Vision)."""
    if phase in (Phase.ACTION, Phase.EFFECT) and RAID <= action < RAID + num_players:
        return [action - RAID]
    return []


def check_hands(s: GameState, before: list[int], raided: list[int], where: str) -> None:
    """Over the limit only by Leaders returned by Raids, one per Raid."""
    for q, p in enumerate(s.players):
        limit = hand_limit(s, q)
        if len(p.hand) > limit:
            allowed = max(before[q], limit) + raided.count(q)
            assert len(p.hand) <= allowed, (
                f"{where}: player {q} holds {len(p.hand)} cards (limit {limit}, "
                f"had {before[q]})"
            )


def expected_score(s: GameState, p: int) -> int:
    """The rulebook's VP sources, recomputed without the engine's scoring code
    (artifacts apart: their VP comes from the engine's ARTIFACT_VP table)."""
    me = s.players[p]
    vp = sum(CRYSTAL_VP[c] for c in me.crystals)
    symbols = Counter(CRYSTAL_COLOUR[c] for c in me.crystals if CRYSTAL_SYMBOL[c])
    for k in range(1, max(symbols.values(), default=0) + 1):
        vp += SET_VP[sum(1 for n in symbols.values() if n >= k)]
    vp += 3 * sum(1 for owner in s.totem_owner if owner == p)
    vp += sum(s.cards.level_of[c] for c in me.subjugated)
    vp += sum(ARTIFACT_VP[Art(a)](s, p) for a in me.artifacts if Art(a) in ARTIFACT_VP)
    return vp


# --- the games ---------------------------------------------------------------------


def play_checked_game(seed: int) -> GameState:
    config = config_for(seed)
    s = new_game(config, seed)
    rng = np.random.default_rng(seed)
    cards = sorted(in_play_cards(s))
    check_conservation(s, cards, f"seed {seed} at set-up")
    for step in range(MAX_DECISIONS):
        if s.phase == Phase.GAME_OVER:
            break
        where = f"seed {seed}, decision {step}"
        legal = legal_actions(s)
        assert legal, f"{where}: player {s.current_player} has no legal action"
        assert legal == sorted(set(legal)), f"{where}: {legal}"
        assert legal[0] >= 0 and legal[-1] < NUM_ACTIONS, f"{where}: {legal}"
        action = legal[int(rng.integers(len(legal)))]
        phase, cave_in = s.phase, s.cave_in
        before = [len(p.hand) for p in s.players]
        apply_action(s, action)
        assert s.cave_in >= cave_in, f"{where}: the Cave-In track went back"
        check_bases(s, where)
        check_hands(s, before, raided_seats(phase, action, s.num_players), where)
        check_conservation(s, cards, where)
    else:
        pytest.fail(f"seed {seed}: no end after {MAX_DECISIONS} decisions")
    return s


@pytest.mark.parametrize("chunk", first_quick(range(CHUNKS)))
def test_random_games_keep_the_invariants(chunk: int) -> None:
    for seed in range(chunk, GAMES, CHUNKS):
        s = play_checked_game(seed)
        n = s.num_players
        assert s.phase == Phase.GAME_OVER
        assert s.end_reason == "cave-in", f"seed {seed} ended by {s.end_reason}"
        assert s.cave_in >= s.config.cave_in_threshold
        assert s.turns_taken == [s.round] * n, f"seed {seed}: {s.turns_taken}"
        assert s.current_player == s.start_player
        assert final_scores(s) == [expected_score(s, p) for p in range(n)]
        assert legal_actions(s) == []
