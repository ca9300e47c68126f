"""Set-up (rulebook, "Each player chooses a company..."): every random draw of
the set-up comes from the one generator given to `new_game`."""

from __future__ import annotations

import numpy as np

from scavenger_env.core.errors import check_game_seed

from .config import KrysisConfig
from .data import (
    CARDS,
    MISSION_NAMES,
    NUM_CARDS,
    NUM_REGULAR,
    NUM_RELIC_TYPES,
    RELIC_COPIES,
    SPEED_HAND,
    SPEED_START_CAMP,
    START_GOODS,
    START_HOME,
    START_SPACES,
    AgentKind,
)
from .flow import deal_hand, start_bidding, start_picks
from .state import Phase, State


def new_game(config: KrysisConfig, seed: int | np.random.Generator) -> State:
    """A game ready for its first decision."""
    check_game_seed(seed)  # 0..2**64 - 1: what a record keeps
    rng = seed if isinstance(seed, np.random.Generator) else np.random.default_rng(seed)
    state = State(config)
    n = config.num_players
    state.chance_seed = int(rng.integers(0, 2**63 - 1))
    # "The start player order is determined randomly": the first miner picked
    # goes to start space I, the second to II, ...
    state.start_order = [int(p) for p in rng.permutation(n)]
    if config.speed:
        _set_up_speed(state)
        return state
    spaces = START_SPACES[n - 2]
    for i, p in enumerate(state.start_order):
        state.position[p] = spaces[i]
        state.camp[p] = list(START_GOODS[spaces[i]].crystals)
        # "Each player receives 1 red, 2 blue and 3 white crystals"
        state.home[p] = list(START_HOME)
    # "Shuffle the relic deck ... Each player draws 1 relic card"
    deck = [t for t in range(NUM_RELIC_TYPES) for _ in range(RELIC_COPIES)]
    state.relic_deck = [deck[i] for i in rng.permutation(len(deck))]
    for p in range(n):
        state.camp_relics[p][state.relic_deck.pop()] += 1
    if config.missions:
        # "Shuffle the 4 mission cards ... and deal one to each player."
        missions = [int(m) for m in rng.permutation(len(MISSION_NAMES))]
        state.mission = missions[:n]
    cards = list(range(NUM_CARDS if config.advanced else NUM_REGULAR))
    for p in range(n):
        # "Each player shuffles his fighter and transporter decks separately"
        order = [cards[i] for i in rng.permutation(len(cards))]
        state.deck_t[p] = [
            c for c in order if CARDS[p][c].kind == AgentKind.TRANSPORTER
        ]
        state.deck_f[p] = [
            c for c in order if CARDS[p][c].kind != AgentKind.TRANSPORTER
        ]
    if config.advanced:
        _start_choices(state, Phase.SQUAD)
    elif config.nine_card_hand:
        _start_choices(state, Phase.HAND)
    else:
        for p in range(n):
            deal_hand(state, p)
        start_bidding(state)
    return state


def _start_choices(state: State, phase: Phase) -> None:
    """The set-up choices made in turn, each hidden from the others."""
    state.phase = phase
    state.queue = list(range(state.n))
    state.qi = 0
    state.mover = 0


def _set_up_speed(state: State) -> None:
    """Speed Krysis: "each player puts 2 red + 3 blue in the campsite" and takes
    the 7 transporters and 4 fighters without a crystal multiplier."""
    for p in range(state.n):
        state.camp[p] = list(SPEED_START_CAMP)
        state.hand[p] = list(SPEED_HAND)
    start_picks(state)
