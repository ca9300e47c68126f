"""The auction: Bidoxes placed in turn (placement public, content secret),
hunting, passing, the resolution lot by lot and the turn-order deal."""

from __future__ import annotations

import numpy as np
import pytest

from scavenger_env.hewns.engine import position as pos
from scavenger_env.hewns.engine import rules
from scavenger_env.hewns.engine.actions import LOT, NUM, Ctrl, Verb
from scavenger_env.hewns.engine.auction import min_price
from scavenger_env.hewns.engine.config import HewnsConfig
from scavenger_env.hewns.engine.data import raw_substract
from scavenger_env.hewns.engine.flow import FIRST_TECH_LOT, is_chance
from scavenger_env.hewns.engine.state import (
    BIDOX_HUNTING,
    DISCARD,
    NONE,
    OFF_BOARD,
    OFFER,
    Ask,
    Phase,
    hewn_type,
)
from scavenger_env.hewns.engine.view import redact

BOXES = raw_substract(2).bidoxes
"""Each player's Bidoxes at 2 players (the scenario's)."""


def _game(n: int = 2, seed: int = 0):
    return rules.new_game(HewnsConfig(num_players=n), np.random.default_rng(seed))


def _bid(state, lot: int, amount: int, dirty: int | None = None) -> None:
    """The bidder places a Bidox on `lot` with `amount` (all dirty by default)."""
    dirty = amount if dirty is None else dirty
    for a in (Verb.PLACE_BIDOX, NUM + 0, LOT + lot, NUM + amount, NUM + dirty):
        if state.frames[-1].ask == Ask.BID_BIDOX:
            a = min(rules.legal_actions(state))
        rules.apply_action(state, a)


def _pass_all(state) -> None:
    while state.phase == Phase.AUCTION and not is_chance(state):
        if state.frames[-1].ask != Ask.BID_TURN:
            break
        rules.apply_action(state, Ctrl.PASS_AUCTION)


def test_round_one_income_is_the_scenarios_dirty_substract() -> None:
    """designed 2-player income 26 in round 1 (rulebook: "players will get less
    and less dirty Substract each round")."""
    state = _game()
    assert state.round == 1 and state.screen_dirty == [26, 26]
    assert state.frames[-1].ask == Ask.BID_TURN
    assert state.frames[-1].seat == state.first_bidder


def test_hunting_gives_one_dirty_at_once() -> None:
    """rulebook: a hunting Bidox "takes 1 dirty Substract ... This dirty Substract
    can be used this current auction phase"."""
    state = _game()
    seat = state.first_bidder
    rules.apply_action(state, Ctrl.HUNT)
    rules.apply_action(state, NUM + 0)
    assert state.screen_dirty[seat] == 27
    assert state.bidox_lot[seat][0] == BIDOX_HUNTING


def test_passing_sends_every_bidox_left_hunting() -> None:
    """A ruling for turn-based bidding: passing is the timer running out, "If any
    player still has to place ... hunting"."""
    state = _game()
    seat = state.first_bidder
    rules.apply_action(state, Ctrl.PASS_AUCTION)
    assert state.bidox_lot[seat] == [BIDOX_HUNTING] * BOXES
    assert state.screen_dirty[seat] == 26 + BOXES


def test_a_bid_takes_its_substract_off_the_screen_and_hides_it() -> None:
    """rulebook: "secretly puts that number of normal Substract tokens, and/or dirty
    Substract tokens into one of their Bidoxes"; at most 30 per Bidox (designed)."""
    state = _game()
    seat = state.first_bidder
    rules.apply_action(state, Verb.PLACE_BIDOX)
    rules.apply_action(state, NUM + 0)
    rules.apply_action(state, LOT + 1)
    assert max(rules.legal_actions(state)) == NUM + 26  # all of the screen, <= 30
    rules.apply_action(state, NUM + 12)
    assert rules.legal_actions(state) == [NUM + 12]  # all dirty: one mix only
    rules.apply_action(state, NUM + 12)
    assert state.screen_dirty[seat] == 14 and state.bidox_amount[seat][0] == 12
    assert state.bidox_lot[seat][0] == 1
    # with 40 on the screen a Bidox still holds 30 at most
    rich = _game()
    pos.set_screen(rich, rich.first_bidder, dirty=40)
    for a in (Verb.PLACE_BIDOX, NUM + 0, LOT + 1):
        rules.apply_action(rich, a)
    assert max(rules.legal_actions(rich)) == NUM + 30


def test_the_unique_highest_bid_at_or_over_the_minimum_wins() -> None:
    """rulebook: "the player that has the highest bid ... wins"; the winner pays,
    the others take their Substract back; a Hewn won goes behind the screen,
    "but the card must be placed in plain sight": the other seat sees whose it
    is and where."""
    state = _game()
    first = state.first_bidder
    other = 1 - first
    big = state.offer[1]
    cost = hewn_type(big).cost
    _bid(state, 1, cost + 2)
    _bid(state, 1, cost + 1)
    _pass_all(state)
    assert state.loc[big] == OFF_BOARD and state.ctrl[big] == first
    seen = redact(state, other)
    assert seen.loc[big] == OFF_BOARD and seen.ctrl[big] == first
    assert state.lot_result[1][first] == cost + 2 and state.lot_winner[1] == first
    # the loser took its Substract back; both hunted with the rest when passing
    assert state.screen_dirty[other] == 26 + BOXES - 1
    assert state.screen_dirty[first] == 26 - cost - 2 + BOXES - 1


def test_a_tie_for_the_highest_bid_wins_nothing() -> None:
    """rulebook: "highest bid is a tie ... all players ... take back" their
    Substract; the card is discarded."""
    state = _game()
    big = state.offer[1]
    cost = hewn_type(big).cost
    _bid(state, 1, cost)
    _bid(state, 1, cost)
    _pass_all(state)
    assert state.lot_winner[1] == NONE and state.loc[big] == DISCARD
    assert state.screen_dirty == [26 + BOXES - 1] * 2


def test_a_bid_under_the_minimum_wins_nothing() -> None:
    """rulebook: "if a player bids lower than the minimum cost ... (Everyone loses
    the auction.)"."""
    state = _game()
    big = state.offer[1]
    _bid(state, 1, hewn_type(big).cost - 1)
    _pass_all(state)
    assert state.lot_winner[1] == NONE and state.loc[big] == DISCARD


def _round_3_auction(seed: int = 0):
    """A game played at random up to round 3's first bid turn."""
    rng = np.random.default_rng(seed)
    state = _game(seed=seed)
    while not (state.round == 3 and state.frames[-1].ask == Ask.BID_TURN):
        assert not state.over, "this seed's game ended before round 3"
        legal = rules.legal_actions(state)
        rules.apply_legal(state, legal[int(rng.integers(len(legal)))])
    return state


def test_in_the_last_round_every_minimum_is_one() -> None:
    """rulebook: in round 3 "all Hewns and technologies will have a minimum price
    of 1"."""
    state = _game()
    assert min_price(state, 1) == hewn_type(state.offer[1]).cost
    state = _round_3_auction()
    assert hewn_type(state.offer[1]).cost > 1  # the card's own price is higher
    assert all(
        min_price(state, lot) == 1
        for lot in range(len(state.offer))
        if state.offer[lot] != NONE
    )


def test_normal_substract_paid_goes_back_to_the_pile() -> None:
    """rulebook: Substract spent goes back "in the normal Substract pool"."""
    state = _game()
    first = state.first_bidder
    pos.set_screen(state, first, normal=10, dirty=state.screen_dirty[first])
    pile = state.normal_pile
    _bid(state, 1, 11, dirty=1)  # 10 normal + 1 dirty
    _pass_all(state)
    assert state.lot_winner[1] == first
    assert state.normal_pile == pile + 10


def test_the_stacks_winner_deals_the_turn_order_cards() -> None:
    """rulebook: the stack's winner "hands out the turn cards ... face down"."""
    state = _game(3)
    first = state.first_bidder
    _bid(state, 0, 3)
    _pass_all(state)
    assert state.frames[-1].ask == Ask.DEAL_ORDER and state.frames[-1].seat == first
    # seats are dealt in seat order; the card each gets is the dealer's choice
    assert rules.legal_actions(state) == [NUM + 1, NUM + 2, NUM + 3]
    rules.apply_action(state, NUM + 3)  # seat 0
    assert state.turn_card[0] == 3
    assert rules.legal_actions(state) == [NUM + 1, NUM + 2]
    rules.apply_action(state, NUM + 1)  # seat 1; seat 2 gets the last card
    assert state.turn_card == [3, 1, 2]


def test_without_a_stack_winner_the_cards_are_dealt_at_random() -> None:
    """A ruling: with no winner the turn-order cards are dealt at random (chance
    nodes: the card of each seat in turn, from the cards left)."""
    state = _game(3)
    _pass_all(state)
    assert is_chance(state)
    assert rules.legal_actions(state) == [NUM + 1, NUM + 2, NUM + 3]
    rules.apply_action(state, NUM + 2)
    assert state.turn_card[0] == 2
    assert rules.legal_actions(state) == [NUM + 1, NUM + 3]


@pytest.mark.parametrize("n", [2, 3, 4])
def test_the_next_round_opens_with_the_holder_of_card_one(n: int) -> None:
    """A ruling: bidding starts with the previous round's first player."""
    rng = np.random.default_rng(n)
    state = _game(n, seed=n)
    card_one = None
    while state.round == 1 and not state.over:
        legal = rules.legal_actions(state)
        if all(state.turn_card) and card_one is None:
            card_one = state.turn_card.index(1)
        if state.phase == Phase.ACTIONS and Ctrl.END_PLAYER_TURN in legal:
            rules.apply_action(state, Ctrl.END_PLAYER_TURN)
            continue
        rules.apply_action(state, legal[int(rng.integers(len(legal)))])
    assert state.turn_card == [0] * n  # "All players return their turn order cards"
    assert state.frames[-1].ask == Ask.BID_TURN and state.frames[-1].seat == card_one


def test_the_next_offer_is_drawn_at_the_end_of_the_auction() -> None:
    """rulebook: "at the end of each Auction, players simply draw the cards
    required" and "immediately draw the cards for the next auction": once both
    seats pass, the unbid Hewn cards go to the discards and a full new offer of
    other cards is drawn before the round's auction is over; it is in sight of
    both seats."""
    state = _game()
    old = [state.offer[lot] for lot in range(1, FIRST_TECH_LOT)]
    _pass_all(state)
    assert all(state.loc[h] == DISCARD for h in old)
    while is_chance(state):
        assert state.round == 1 and state.phase == Phase.AUCTION
        rules.apply_action(state, rules.legal_actions(state)[0])
    assert state.round == 2 or state.phase == Phase.ACTIONS
    new = [state.offer[lot] for lot in range(1, FIRST_TECH_LOT)]
    assert NONE not in state.offer[1:] and not set(new) & set(old)
    assert all(state.loc[h] == OFFER for h in new)
    for seat in (0, 1):
        assert redact(state, seat).offer == state.offer


def test_every_lot_won_is_kept_with_its_price() -> None:
    """The game's history keeps each purchase (round, seat, card, price): the
    balance tables read what every lot fetched from it."""
    from scavenger_env.hewns.engine.state import BOUGHT_HEWN, HEWN_TYPE_OF
    from scavenger_env.hewns.game import HEWNS

    state = _game()
    first = state.first_bidder
    big = state.offer[1]
    cost = hewn_type(big).cost
    _bid(state, 1, cost + 2)
    _pass_all(state)
    assert state.purchases == [1, first, BOUGHT_HEWN, HEWN_TYPE_OF[big], cost + 2]
    facts = HEWNS.seat_facts(state, first)
    assert facts["paid"] == {hewn_type(big).name: cost + 2}
    assert (
        facts["bid_order"] == 0 and HEWNS.seat_facts(state, 1 - first)["bid_order"] == 1
    )
