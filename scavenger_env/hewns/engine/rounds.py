"""The round: new turn (income), recovery, the auction and the actions phase, then
the next round or the end.

A frame of kind `Ask.ENGINE` sits at the bottom of the stack for the whole game
and drives the round: each time the decision above it is done it resumes here and
starts the next step (the next bidder, the resolution, the deal, the next offer,
the next player's turn).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Final

from . import auction, hearts, nanas, turns
from .combat import best
from .data import DieKind
from .flow import draw, face, push, roll, skip_empty_draws, wake
from .state import (
    BIDOX_HOME,
    NEUTRAL,
    NONE,
    NUM_HEWNS,
    OFF_BOARD,
    Frame,
    Phase,
    RoundFrame,
    RoundStep,
    State,
    round_frame,
)


def begin(state: State) -> None:
    """Start the game: the ROUND frame, then round 1 (it goes on when the
    driver resumes the woken ROUND frame)."""
    push(state, RoundFrame())
    start_round(state)
    wake(state)


def start_round(state: State) -> None:
    """New turn, then the auction opens: "All players return their turn order
    cards"; every Bidox comes home; the recovery's rolls (rules 2) come before
    the first bid turn."""
    state.round += 1
    new_turn_income(state)
    state.phase = Phase.AUCTION
    n = state.num_players
    state.turn_card = [0] * n
    state.card_shown = [False] * n
    state.passed = [False] * n
    for seat in range(n):
        for box in range(len(state.bidox_lot[seat])):
            state.bidox_lot[seat][box] = BIDOX_HOME
            state.bidox_amount[seat][box] = 0
            state.bidox_normal[seat][box] = 0
            state.bidox_order[seat][box] = NONE
    state.placements = 0
    state.bidder = state.first_bidder
    frame = round_frame(state.frames[0])
    frame.step = RoundStep.BIDDING
    frame.bid_turns = 0
    start_recovery(state)


def recovering(state: State) -> list[int]:
    """rulebook, the recovery phase: "All of the Hewns that can be restored must
    be rolled for": the damaged Hewns, on or off the board, by id (with or
    without a control rod), whose Nananbites, Fixitos or heart card "attempt
    to do a body repair" (`nanas.recovery_dice`). A gem (rules 2) mends the
    damage only: "Substract gems in Hewns do not allow those Hewns to recover
    from being stunned"."""
    return [
        h
        for h in range(NUM_HEWNS)
        if state.damaged[h]
        and state.loc[h] >= OFF_BOARD
        and nanas.recovery_dice(state, h)
    ]


def start_recovery(state: State) -> None:
    """Roll each recovering Hewn's dice (`nanas.recovery_dice`), then "The
    player to the Hewn owner's right rolls a single d10 to represent the
    difficulty" (chance nodes); then the stun recovery and re-asserting (D51);
    the bidding opens once they are done."""
    kinds: list[int] = []
    for h in recovering(state):
        kinds.extend(nanas.recovery_dice(state, h))
        kinds.append(int(DieKind.D10))
    if kinds:
        state.frames[0].step = RoundStep.RECOVERY
        state.rolled.clear()
        roll(state, kinds)
    else:
        start_stun_recovery(state, state.frames[0])


def recovered(state: State, frame: Frame) -> None:
    """rulebook: "Choose the highest roll of these technologies"; "If the
    Nananbites, and/or Fixito and/ or heart card get a higher dice roll than
    the "difficulty roll" then discard the damaged token" (a tie fails); "For
    each "nanadead" rolled discard the die roll and place the Nananbite back in
    the pile of Nananbites"; then the stunned Hewns recover."""
    at = 0
    plan = [(h, nanas.recovery_dice(state, h)) for h in recovering(state)]
    for h, kinds in plan:
        dice = list(zip(kinds, state.rolled[at : at + len(kinds)], strict=True))
        difficulty = state.rolled[at + len(kinds)]
        at += len(kinds) + 1
        nanas.nana_deaths(state, [(k, f, h) for k, f in dice])
        if best(dice) > face(DieKind.D10, difficulty)[0]:
            state.damaged[h] = False
    start_stun_recovery(state, frame)
    if frame.step != RoundStep.STUN_RECOVERY:
        resume_round(state, frame)


def start_stun_recovery(state: State, frame: Frame) -> None:
    """After the damage, the stunned Hewns with a stone heart roll (D51,
    `hearts.stun_recovering`); with none, re-asserting control comes next, or
    the bidding (the step the woken ROUND frame resumes at)."""
    if hearts.roll_stun_recovery(state):
        frame.step = RoundStep.STUN_RECOVERY
    elif hearts.next_reassert(state, NONE) != NONE:
        frame.step = RoundStep.REASSERT
    else:
        frame.step = RoundStep.BIDDING


def stun_recovered(state: State, frame: Frame) -> None:
    """The stun recovery's dice are in: rods for the winners, then
    re-asserting control."""
    hearts.recover_stuns(state)
    frame.step = RoundStep.REASSERT
    next_reassert(state, frame)


def next_reassert(state: State, frame: Frame) -> None:
    """Ask the next heart owner who may re-assert control (by Hewn id past the
    last one asked, kept in the ROUND frame's `other`); then the bidding."""
    hewn = hearts.next_reassert(state, frame.other)
    if hewn != NONE:
        frame.other = hewn
        hearts.start_reassert(state, hewn)
        return
    frame.other = NONE
    frame.step = RoundStep.BIDDING
    next_bid_turn(state, frame)


def new_turn_income(state: State) -> None:
    """rulebook: each player gets the scenario's dirty income, "Players also get 1
    dirty Substract for each healthy Hewn they have on the board at the beginning
    of the round"; that 1 goes on the Hewn if it has room, else on the screen (a
    ruling: "placing it on/in the Hewn, or the Hewn can transmit it")."""
    income = state.scenario.income[state.round - 1]
    per_hewn = state.scenario.income_per_healthy_hewn
    for seat in range(state.num_players):
        state.screen_dirty[seat] += income
    for h in range(NUM_HEWNS):
        seat = state.ctrl[h]
        if seat != NEUTRAL and state.on_board(h) and state.healthy(h):
            if state.capacity(h) >= per_hewn:
                state.dirty[h] += per_hewn
            else:
                state.screen_dirty[seat] += per_hewn


def resume_round(state: State, frame: Frame) -> None:
    """The decision above is done: start the round's next step."""
    ROUND_STEPS[RoundStep(frame.step)](state, frame)


def next_bid_turn(state: State, frame: Frame) -> None:
    """The next bid turn, or (all passed) the resolution and the deal."""
    seat = auction.next_bidder(state)
    if seat != NONE:
        round_frame(frame).bid_turns += 1
        auction.start_bid_turn(state, seat)
        return
    auction.resolve(state)
    frame.step = RoundStep.DEALING
    auction.start_deal(state)  # pushes the dealer's frame or queues draws
    wake(state)


def dealt(state: State, frame: Frame) -> None:
    """The cards are dealt: draw the next offer (none after the last round)."""
    auction.finish_deal(state)
    frame.step = RoundStep.DRAWING
    if state.round < state.scenario.rounds:
        draw(
            state,
            [lot for lot in range(1, len(state.offer)) if state.offer[lot] == NONE],
        )
        skip_empty_draws(state)
    wake(state)


def drawn(state: State, frame: Frame) -> None:
    """The offer is drawn: the actions phase, in turn order."""
    frame.step = RoundStep.ACTIONS
    state.phase = Phase.ACTIONS
    state.order = sorted(range(state.num_players), key=lambda s: state.turn_card[s])
    state.order_index = 0
    turns.start_player_turn(state, state.order[0])


def next_player_turn(state: State, frame: Frame) -> None:
    """A player turn is done: the next one, or the end of the round."""
    state.order_index += 1
    if state.order_index < state.num_players:
        turns.start_player_turn(state, state.order[state.order_index])
        return
    end_round(state)


ROUND_STEPS: Final[dict[RoundStep, Callable[[State, Frame], None]]] = {
    RoundStep.BIDDING: next_bid_turn,
    RoundStep.DEALING: dealt,
    RoundStep.DRAWING: drawn,
    RoundStep.ACTIONS: next_player_turn,
    RoundStep.RECOVERY: recovered,
    RoundStep.STUN_RECOVERY: stun_recovered,
    RoundStep.REASSERT: next_reassert,
}
"""What the ROUND frame does when it resumes at each step."""


def end_round(state: State) -> None:
    """The round is over: "reaches the end of round 3" ends the game, else the
    next round opens with the holder of turn-order card 1 bidding first."""
    if state.round >= state.scenario.rounds:
        state.over = True
        state.end_reason = "rounds"
        state.phase = Phase.OVER
        return
    state.first_bidder = state.order[0]
    start_round(state)
    wake(state)


def no_legal(state: State, frame: Frame) -> list[int]:
    raise RuntimeError("the ROUND frame is never asked")  # pragma: no cover


def no_apply(state: State, frame: Frame, action: int) -> None:
    raise RuntimeError("the ROUND frame is never asked")  # pragma: no cover
