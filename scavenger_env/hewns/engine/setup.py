"""Setting up a game: the decks, the board's mines, the piles, the Bidoxes and the
first offer, all dealt from the game's one `numpy.random.Generator`; then round 1
begins (`rounds.start_round`).
"""

from __future__ import annotations

import numpy as np

from .board import board_for
from .config import HewnsConfig
from .data import Token
from .flow import FIRST_TECH_LOT, LOT_SIZES
from .state import (
    BIDOX_HOME,
    DECK,
    NONE,
    NUM_HEWNS,
    NUM_TECH_CARDS,
    OFFER,
    State,
    hewn_type,
    tech_of_card,
)


def new_state(config: HewnsConfig) -> State:
    """A state before anything is dealt: the decks hold every card of the card set
    (in id order), the starting mines and the piles are in place."""
    board = board_for(config.num_players, config.mudgestick, config.map_text)
    state = State(config, board)
    scenario = config.scenario
    cards = config.card_set
    for h in range(NUM_HEWNS):
        if hewn_type(h).stage <= cards:
            state.loc[h] = DECK
            state.hewn_deck[hewn_type(h).size].append(h)
    state.tech_deck = [
        c for c in range(NUM_TECH_CARDS) if tech_of_card(c).stage <= cards
    ]
    for space in range(board.n_spaces):
        state.mine[space] = board.start_mine[space]
    state.normal_pile = scenario.normal_pile
    state.mine_pool = [
        bonus for bonus, count in enumerate(scenario.mine_pool) for _ in range(count)
    ]
    state.token_stock = [scenario.danger_tokens] * len(Token)
    if config.audit_fixes():  # rules 2: the gems are part of the core game
        state.gem_pile = [count for _, count in scenario.gems]
    n, boxes = config.num_players, scenario.bidoxes
    state.bidox_lot = [[BIDOX_HOME] * boxes for _ in range(n)]
    state.bidox_nana = [[0] * boxes for _ in range(n)]
    state.bidox_amount = [[0] * boxes for _ in range(n)]
    state.bidox_normal = [[0] * boxes for _ in range(n)]
    state.bidox_order = [[NONE] * boxes for _ in range(n)]
    state.offer = [NONE] * (FIRST_TECH_LOT + scenario.offer[3])
    state.lot_result = [[0] * n for _ in state.offer]
    state.lot_winner = [NONE] * len(state.offer)
    return state


def deal_offer(state: State, rng: np.random.Generator) -> None:
    """Draw the first offer from the generator: "1 big Hewn card, 2 medium Hewn
    cards, 4 small Hewn cards, 4 technology & scouting cards"."""
    for lot in range(1, len(state.offer)):
        if lot < FIRST_TECH_LOT:
            deck = state.hewn_deck[LOT_SIZES[lot]]
            if not deck:
                continue
            hewn = deck.pop(int(rng.integers(len(deck))))
            state.loc[hewn] = OFFER
            state.offer[lot] = hewn
        elif state.tech_deck:
            state.offer[lot] = state.tech_deck.pop(
                int(rng.integers(len(state.tech_deck)))
            )


def deal(config: HewnsConfig, rng: np.random.Generator) -> State:
    """A new game dealt from `rng`, before round 1 begins (`rules.new_game`
    begins it). The first bidder is drawn too (a ruling: the rulebook's auction
    is real-time)."""
    state = new_state(config)
    deal_offer(state, rng)
    state.first_bidder = int(rng.integers(config.num_players))
    state.opening_bidder = state.first_bidder
    return state
