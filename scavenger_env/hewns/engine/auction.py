"""The auction: Bidoxes placed in turn, hunting, resolution lot by lot, and the
turn-order deal.

rulebook: each player "secretly puts that number of normal Substract tokens,
and/or dirty Substract tokens into one of their Bidoxes" and places it on a card;
the real-time auction becomes turns (a ruling): seats take turns from the first
bidder, each placing one Bidox (public: which lot; secret: how much), hunting with
one, or passing (every Bidox left goes hunting, as when the timer runs out).
"""

from __future__ import annotations

from typing import Any, Final

from . import management, nanas
from .actions import LOT, NUM, Ctrl, Verb
from .flow import FIRST_TECH_LOT, cards_left, draw, pop, push
from .state import (
    BIDOX_HOME,
    BIDOX_HUNTING,
    BOUGHT_HEWN,
    BOUGHT_TECH,
    BOUGHT_TURN_ORDER,
    DISCARD,
    FRAME_FIELDS,
    HEWN_TYPE_OF,
    NONE,
    OFF_BOARD,
    TECH_KIND_OF,
    Ask,
    Frame,
    State,
    round_frame,
)

# --- the bid turn's frame ------------------------------------------------------------


class BidFrame(Frame):
    """A bid turn (`Ask.BID_TURN`, then `Ask.BID_BIDOX` .. `Ask.BID_MIX` or
    `Ask.HUNT_BIDOX`): `box`, `lot` and `amount` are the placing's choices so
    far (`made` says how many); the amount is the seat's secret until the
    resolution (`view`)."""

    __slots__ = ("amount", "box", "lot", "made")

    def __init__(self, seat: int) -> None:
        super().__init__(Ask.BID_TURN, seat)
        self.made = 0
        self.box = NONE
        self.lot = NONE
        self.amount = 0

    def copy(self) -> BidFrame:
        """An independent copy."""
        new = BidFrame(self.seat)
        self.fill_copy(new)
        new.made = self.made
        new.box = self.box
        new.lot = self.lot
        new.amount = self.amount
        return new

    def __reduce__(self) -> tuple[Any, ...]:
        """Pickled by `Frame.reduced`."""
        return self.reduced((self.seat,), BID_FRAME_FIELDS)

    def key(self) -> tuple[int, ...]:
        """The frame as plain ints, its fields in place of `data`."""
        return self.key_with((self.made, self.box, self.lot, self.amount))

    def shown(self) -> list[int]:
        """The choices so far, in order: Bidox, lot, amount."""
        return [self.box, self.lot, self.amount][: self.made]


BID_FRAME_FIELDS: Final = (*FRAME_FIELDS, "amount", "box", "lot", "made")
"""Every field of a `BidFrame` (a compiled class has no `__slots__` to read)."""


def bid_frame(frame: Frame) -> BidFrame:
    """`frame` as the bid turn it is."""
    if not isinstance(frame, BidFrame):
        raise RuntimeError(f"not a bid turn: {frame!r}")
    return frame


# --- whose turn ---------------------------------------------------------------------


def has_bidox_home(state: State, seat: int) -> bool:
    """Whether `seat` still has a Bidox to place or send hunting."""
    return BIDOX_HOME in state.bidox_lot[seat]


def next_bidder(state: State) -> int:
    """The next seat with a Bidox at home, in seat order from the first bidder (a
    ruling: "none given" in print); NONE when bidding is over."""
    n = state.num_players
    first = (
        state.first_bidder
        if round_frame(state.frames[0]).bid_turns == 0
        else state.bidder + 1
    )
    for k in range(n):
        seat = (first + k) % n
        if has_bidox_home(state, seat):
            return seat
    return NONE


def start_bid_turn(state: State, seat: int) -> None:
    """`seat`'s bid turn: place one Bidox, hunt with one, or pass."""
    state.bidder = seat
    state.go += 1
    push(state, BidFrame(seat))


def min_price(state: State, lot: int) -> int:
    """The lowest winning bid on `lot`: the card's cost ("if a player bids lower
    than the minimum cost ... Everyone loses the auction"), 1 for the turn-order
    stack (a ruling: it has no printed cost) and, in the last round, 1 for every
    card ("all Hewns and technologies will have a minimum price of 1")."""
    scenario = state.scenario
    if lot == 0:
        return scenario.turn_order_min_bid
    if state.round >= scenario.rounds:
        return scenario.final_round_min_price
    card = state.offer[lot]
    if lot < FIRST_TECH_LOT:
        return state.card(card).cost
    return state.tech_card(card).cost


def _boxes(state: State, seat: int) -> list[int]:
    """The Bidoxes `seat` may choose from: one of each kind still at home
    (Bidoxes with as many Nananbites attached are alike, so the lowest index
    stands for them; in the core cards all are alike)."""
    out: list[int] = []
    seen: set[int] = set()
    for box, lot in enumerate(state.bidox_lot[seat]):
        held = state.bidox_nana[seat][box]
        if lot == BIDOX_HOME and held not in seen:
            seen.add(held)
            out.append(box)
    return out


# --- the bid turn chain -------------------------------------------------------------


def legal_bid_turn(state: State, frame: Frame) -> list[int]:
    seat = frame.seat
    legal: list[int] = [Ctrl.HUNT, Ctrl.PASS_AUCTION, Verb.PLACE_BIDOX]
    legal.extend(management.bid_turn_verbs(state, seat))
    return sorted(legal)


def apply_bid_turn(state: State, frame: Frame, action: int) -> None:
    if action == Verb.PLACE_BIDOX:
        frame.ask = Ask.BID_BIDOX
    elif action == Ctrl.HUNT:
        frame.ask = Ask.HUNT_BIDOX
    elif action == Ctrl.PASS_AUCTION:
        seat = frame.seat
        for box, lot in enumerate(state.bidox_lot[seat]):
            if lot == BIDOX_HOME:
                hunt(state, seat, box)
        state.passed[seat] = True
        pop(state)
    else:
        management.start_verb(state, frame.seat, action)


def resume_bid_turn(state: State, frame: Frame) -> None:
    """Back from a management chain: the bid turn goes on."""


def hunt(state: State, seat: int, box: int) -> None:
    """rulebook: a hunting Bidox "takes 1 dirty Substract ... This dirty Substract
    can be used this current auction phase"."""
    state.bidox_lot[seat][box] = BIDOX_HUNTING
    state.screen_dirty[seat] += 1


def legal_box(state: State, frame: Frame) -> list[int]:
    return [NUM + b for b in _boxes(state, frame.seat)]


def apply_hunt_box(state: State, frame: Frame, action: int) -> None:
    hunt(state, frame.seat, action - NUM)
    pop(state)


def apply_bid_box(state: State, frame: Frame, action: int) -> None:
    bid = bid_frame(frame)
    bid.box = action - NUM
    bid.made = 1
    bid.ask = Ask.BID_LOT


def legal_lot(state: State, frame: Frame) -> list[int]:
    return [
        LOT + lot
        for lot in range(len(state.offer))
        if lot == 0 or state.offer[lot] != NONE
    ]


def apply_lot(state: State, frame: Frame, action: int) -> None:
    bid = bid_frame(frame)
    bid.lot = action - LOT
    bid.made = 2
    bid.ask = Ask.BID_AMOUNT


def legal_amount(state: State, frame: Frame) -> list[int]:
    seat = frame.seat
    top = min(
        state.scenario.bidox_capacity,
        state.screen_normal[seat] + state.screen_dirty[seat],
    )
    return [NUM + a for a in range(top + 1)]


def apply_amount(state: State, frame: Frame, action: int) -> None:
    bid = bid_frame(frame)
    bid.amount = action - NUM
    bid.made = 3
    bid.ask = Ask.BID_MIX


def mix_range(amount: int, normal: int, dirty: int) -> range:
    """The possible dirty parts of a payment of `amount` from `normal` + `dirty`
    (a ruling that follows the rulebook: "either normal Substract or dirty
    Substract", the payer's choice)."""
    return range(max(0, amount - normal), min(amount, dirty) + 1)


def legal_mix(state: State, frame: Frame) -> list[int]:
    seat, amount = frame.seat, bid_frame(frame).amount
    return [
        NUM + d
        for d in mix_range(amount, state.screen_normal[seat], state.screen_dirty[seat])
    ]


def apply_mix(state: State, frame: Frame, action: int) -> None:
    """The Bidox is placed: its lot is public, its content secret until the
    resolution ("Once a Bidox has been placed ... it cannot be taken back")."""
    bid = bid_frame(frame)
    seat, box, lot, amount = bid.seat, bid.box, bid.lot, bid.amount
    dirty = action - NUM
    state.screen_dirty[seat] -= dirty
    state.screen_normal[seat] -= amount - dirty
    state.bidox_lot[seat][box] = lot
    state.bidox_amount[seat][box] = amount
    state.bidox_normal[seat][box] = amount - dirty
    state.bidox_order[seat][box] = state.placements
    state.placements += 1
    pop(state)


# --- resolution ------------------------------------------------------------------------


def bids_on(state: State, lot: int) -> list[int]:
    """Each seat's bid on `lot`: "add up the Dirty Substract, normal Substract &
    Nanabites attached to each Bidox" it has there."""
    return [
        sum(
            nanas.bidox_value(state, s, box)
            for box, where in enumerate(state.bidox_lot[s])
            if where == lot
        )
        for s in range(state.num_players)
    ]


def paid_on(state: State, lot: int, seat: int) -> int:
    """The Substract `seat` packed into its Bidoxes on `lot` (what a winner
    pays: its Nananbites "remain attached to their respective Bidoxes")."""
    return sum(
        a
        for b, a in zip(state.bidox_lot[seat], state.bidox_amount[seat], strict=True)
        if b == lot
    )


def lot_winner(state: State, lot: int, bids: list[int]) -> int:
    """rulebook: "the player that has the highest bid ... wins"; a tie for the
    highest bid or a bid under the minimum wins nothing."""
    best = max(bids)
    if bids.count(best) != 1 or best < min_price(state, lot):
        return NONE
    return bids.index(best)


def resolve(state: State) -> None:
    """Every lot in turn: the winner pays the Substract in their Bidoxes (normal
    back to the pile, dirty to the supply), everyone else takes theirs back; the
    cards bid on but not won, and the unbid ones, go to their discards."""
    placed = {lot for seat in state.bidox_lot for lot in seat if lot >= 0}
    for lot in range(len(state.offer)):
        bids = bids_on(state, lot)
        winner = lot_winner(state, lot, bids) if lot in placed else NONE
        state.lot_result[lot] = bids
        state.lot_winner[lot] = winner
        if winner != NONE:
            record_purchase(state, lot, winner, paid_on(state, lot, winner))
        for seat in range(state.num_players):
            for box, where in enumerate(state.bidox_lot[seat]):
                if where != lot:
                    continue
                normal = state.bidox_normal[seat][box]
                dirty = state.bidox_amount[seat][box] - normal
                if seat == winner:
                    state.normal_pile += normal
                else:
                    state.screen_normal[seat] += normal
                    state.screen_dirty[seat] += dirty
                state.bidox_amount[seat][box] = 0
                state.bidox_normal[seat][box] = 0
        if lot == 0:
            state.dealer = winner
            continue
        card = state.offer[lot]
        if card == NONE:
            continue
        state.offer[lot] = NONE
        if lot < FIRST_TECH_LOT:
            if winner == NONE:
                state.loc[card] = DISCARD
                state.hewn_discard[state.card(card).size].append(card)
            else:
                # rulebook: "The Hewn can be placed behind her player screen"
                state.loc[card] = OFF_BOARD
                state.ctrl[card] = winner
        elif winner == NONE:
            state.tech_discard.append(card)
        else:
            nanas.bought(state, winner, TECH_KIND_OF[card])


def record_purchase(state: State, lot: int, seat: int, price: int) -> None:
    """Keep the lot won in the game's history (`State.purchases`)."""
    card = state.offer[lot]
    if lot == 0:
        what, which = BOUGHT_TURN_ORDER, 0
    elif lot < FIRST_TECH_LOT:
        what, which = BOUGHT_HEWN, HEWN_TYPE_OF[card]
    else:
        what, which = BOUGHT_TECH, TECH_KIND_OF[card]
    state.purchases.extend((state.round, seat, what, which, price))


# --- the turn-order deal -----------------------------------------------------------------


def start_deal(state: State) -> None:
    """rulebook: the stack's winner "hands out the turn cards ... face down"; with
    no winner the cards are dealt at random (chance). Either way the seats are
    dealt in seat order and the card each gets is the secret choice, so that
    watching the deal tells nothing."""
    state.deal_left = list(range(state.num_players))
    if state.dealer != NONE:
        state.go += 1
        push(state, Frame(Ask.DEAL_ORDER, state.dealer))
    else:
        draw(state, [0] * (state.num_players - 1))


def finish_deal(state: State) -> None:
    """The last card goes to the last seat without one."""
    for seat, card in zip(state.deal_left, cards_left(state), strict=True):
        state.turn_card[seat] = card
    state.deal_left = []


def legal_deal(state: State, frame: Frame) -> list[int]:
    """The cards still in the dealer's hand, for the next seat in seat order."""
    return [NUM + c for c in cards_left(state)]


def apply_deal(state: State, frame: Frame, action: int) -> None:
    state.turn_card[state.deal_left.pop(0)] = action - NUM
    if len(state.deal_left) == 1:
        pop(state)
