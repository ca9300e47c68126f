"""Game set-up, step by step as the rulebook's "Game set-up" page orders it.

All of a game's randomness is drawn here from one `numpy.random.Generator`; after
set-up the game is a pure function of the actions.
"""

from __future__ import annotations

import numpy as np

from scavenger_env.core.errors import check_game_seed

from .config import GameConfig
from .data import (
    ARTIFACT_STACK_CARDS,
    CRYSTAL_TIER,
    DOCKS_SLOT_LEVEL,
    FACTION_BY_NAME,
    FIRST_GAME_FACTIONS,
    MINE_SLOT_TIER,
    NUM_COLOURS,
    NUM_CRYSTALS,
    card_table,
)
from .state import GameState, PlayerState
from .turn import begin_turn


def _shuffled(rng: np.random.Generator, items: list[int]) -> list[int]:
    return [items[i] for i in rng.permutation(len(items))]


def choose_factions(config: GameConfig, rng: np.random.Generator) -> tuple[int, ...]:
    """Step 2: "Randomly choose 4 of the 6 Command cards" (or the first-game set)."""
    if config.factions == "random":
        return tuple(sorted(int(c) for c in rng.choice(NUM_COLOURS, 4, replace=False)))
    if config.factions == "first_game":
        return tuple(int(c) for c in FIRST_GAME_FACTIONS)
    return tuple(sorted(int(FACTION_BY_NAME[str(n).lower()]) for n in config.factions))


def new_game(
    config: GameConfig, seed: int | np.random.Generator | None = None
) -> GameState:
    """Set up a game; `seed` (an int or a Generator) fixes every shuffle.

    Args:
        config: the rules variant.
        seed: an int seed, or a `numpy.random.Generator` to draw from.

    Returns:
        The state at the start of the start player's first turn.
    """
    check_game_seed(seed)  # 0..2**64 - 1: what a record keeps
    rng = seed if isinstance(seed, np.random.Generator) else np.random.default_rng(seed)
    cards = card_table(config.merc_distribution)
    s = GameState(config, cards)
    n = config.num_players

    # 1. Crystals in four stacks by cost, shuffled; 4/3/2/1 face up in the Mine.
    for tier in range(4):
        ids = [c for c in range(NUM_CRYSTALS) if CRYSTAL_TIER[c] == tier]
        s.crystal_stacks[tier] = _shuffled(rng, ids)
    s.mine = [s.crystal_stacks[t].pop() for t in MINE_SLOT_TIER]

    # 2. Four factions in play; the other two colours are Wild.
    factions = choose_factions(config, rng)
    s.in_play = tuple(c in factions for c in range(NUM_COLOURS))
    s.totem_owner = [-1 if s.in_play[c] else -2 for c in range(NUM_COLOURS)]

    # 3. Their Mercenaries in four face-down stacks by level, shuffled.
    for level in range(1, 5):
        ids = [i for c in factions for i in cards.ids_of(c, level)]
        s.merc_stacks[level - 1] = _shuffled(rng, ids)

    # 4. Docks: one level 4, two level 3, three level 2, four level 1.
    s.docks = [s.merc_stacks[lv - 1].pop() for lv in DOCKS_SLOT_LEVEL]

    # 5. Starting hands: two level 1 and one level 2 each, unseen by the others.
    s.players = [PlayerState() for _ in range(n)]
    for p in s.players:
        p.hand = [
            s.merc_stacks[0].pop(),
            s.merc_stacks[0].pop(),
            s.merc_stacks[1].pop(),
        ]
        p.secret = set(p.hand)

    # 6. Each player randomly takes a Command card and its Faction Totem.
    commands = [factions[i] for i in rng.permutation(4)]
    for seat in range(n):
        s.totem_owner[commands[seat]] = seat

    # 7. The Cave-In token on 0 (GameState default).  8. Artifact stacks.
    s.artifact_stacks = [_shuffled(rng, list(ids)) for ids in ARTIFACT_STACK_CARDS]

    # 9. The start player.
    if config.start_player == "random":
        s.start_player = int(rng.integers(n))
    else:
        s.start_player = int(config.start_player)
    s.current_player = s.start_player
    s.turns_taken = [0] * n

    begin_turn(s)
    return s
