"""The actions phase: player turns and Hewn turns.

rulebook: "Each Hewn of that players does its turn fully ... before his next Hewn
gets a chance". A player turn activates the player's healthy Hewns one at a time
(on or off the board); each spends its action points on moving, entering,
exiting, mining and the rest, then ends; the player may end the turn with Hewns
left over.
"""

from __future__ import annotations

from . import (
    danger,
    digging,
    encounters,
    entrances,
    flight,
    management,
    mining,
    payment,
    suderer,
    swarm,
)
from .actions import HEWN, NUM, SPACE, Ctrl, Verb
from .data import BURN_FOR_AP_MAX
from .effects import (
    chain_pool,
    healthy_at,
    own_shares,
    stun,
)
from .encounter import fighting
from .flow import pop, push
from .state import NONE, NUM_HEWNS, OFF_BOARD, Ask, Frame, State
from .tunnels import has_entrance, neighbours
from .turnstate import (
    SPENT_ACTION,
    SPENT_NONE,
    SPENT_STEP,
    hewn_turn,
    mark_moved,
    start_hewn_turn,
)

# --- the player turn -----------------------------------------------------------------


def start_player_turn(state: State, seat: int) -> None:
    """`seat`'s turn in the actions phase; its turn-order card is now public
    ("they will have to reveal the order")."""
    state.go += 1
    state.card_shown[seat] = True
    for h in range(NUM_HEWNS):
        state.acted[h] = False
    frame = Frame(Ask.PLAYER_TURN, seat)
    push(state, frame)
    _auto_end_player_turn(state, frame)


def can_activate(state: State, seat: int, hewn: int) -> bool:
    """A healthy Hewn of `seat` that has not had its Hewn turn in this player
    turn (D62: one that left the board re-enters on a later player turn)."""
    return state.ctrl[hewn] == seat and state.healthy(hewn) and not state.acted[hewn]


def must_leave(state: State, seat: int, hewn: int) -> bool:
    """rulebook: "When a Hewn begins its turn in the same space as a danger
    token ... it must leave the space immediately!": a Hewn of `seat` that may
    still act, in a danger token's space, with a step or an exit open to its
    action points. Under the audit's rules its player may not end the turn
    before it has had its Hewn turn."""
    space = state.loc[hewn]
    return (
        space >= 0
        and state.token[space] >= 0
        and can_activate(state, seat, hewn)
        and state.card(hewn).ap >= 1
        and has_way_out(state, seat, hewn)
    )


def has_way_out(state: State, seat: int, hewn: int) -> bool:
    """A step to a linked space (a dug tunnel included) or an exit through an
    entrance that admits `hewn` ("they still need to move at least 1 space"),
    or a dig, a flight or a climb ("Hewns may also be able to dig; fly; or
    climb themselves out of danger")."""
    size = state.card(hewn).size
    space = state.loc[hewn]
    return (
        bool(neighbours(state, space, size))
        or has_entrance(state, space, size, seat)
        or digging.may_dig_out(state, hewn)
        or flight.can_take_off(state, hewn)
    )


def legal_player_turn(state: State, frame: Frame) -> list[int]:
    seat = frame.seat
    legal = [HEWN + h for h in range(NUM_HEWNS) if can_activate(state, seat, h)]
    if not (
        state.config.audit_fixes()
        and any(must_leave(state, seat, a - HEWN) for a in legal)
    ):
        legal.append(Ctrl.END_PLAYER_TURN)
    legal.extend(management.player_turn_verbs(state, seat))
    legal.extend(entrances.player_turn_verbs(state, seat))
    return sorted(legal)


def apply_player_turn(state: State, frame: Frame, action: int) -> None:
    if action == Ctrl.END_PLAYER_TURN:
        pop(state)
    elif HEWN <= action < HEWN + NUM_HEWNS:
        start_hewn_turn(state, frame.seat, action - HEWN)
    elif action == Verb.SECRET_ENTRANCE:
        entrances.start(state, frame.seat)
    else:
        management.start_verb(state, frame.seat, action)


def resume_player_turn(state: State, frame: Frame) -> None:
    _auto_end_player_turn(state, frame)


def _auto_end_player_turn(state: State, frame: Frame) -> None:
    """A player turn with nothing left but ending it ends by itself."""
    if legal_player_turn(state, frame) == [Ctrl.END_PLAYER_TURN]:
        pop(state)


# --- the Hewn turn ---------------------------------------------------------------------


def still_acting(state: State, frame: Frame) -> bool:
    """The Hewn turn goes on only while its Hewn is healthy and still the
    player's ("His Hewn turn will immediately end")."""
    h = frame.hewn
    return state.healthy(h) and state.ctrl[h] == frame.seat


def step_targets(state: State, frame: Frame) -> list[int]:
    """Where `frame`'s Hewn may step for 1 AP: a linked space (or through a
    magnetic tunnel) that admits its size, or, off the board, an entrance that
    admits it ("The first space that the Hewn moves onto is regarded as the first
    action point"). A space with a healthy enemy is offered: entering it starts
    the same-space encounter ("the Hewns must AUTOMATICALLY encounter each
    other!")."""
    if hewn_turn(frame).ap < 1:
        return []
    h = frame.hewn
    size = state.card(h).size
    board = state.board
    loc = state.loc[h]
    if loc == OFF_BOARD:
        spaces = [
            s for s in range(board.n_spaces) if has_entrance(state, s, size, frame.seat)
        ]
    else:
        # rulebook: "Moving into a normal tunnel costs 1 action point. To get
        # through to the other side costs another 1 action point."
        spaces = neighbours(state, loc, size)
    return spaces


def can_exit(state: State, frame: Frame) -> bool:
    """EXIT: 1 AP, from a space with an entrance that admits the Hewn."""
    loc = state.loc[frame.hewn]
    return hewn_turn(frame).ap >= 1 and has_entrance(
        state, loc, state.card(frame.hewn).size, frame.seat
    )


def can_burn(state: State, frame: Frame) -> bool:
    """BURN: 1 Substract for 1 AP, "up to a maximum of 3" per Hewn turn."""
    h = frame.hewn
    return hewn_turn(frame).burnt < BURN_FOR_AP_MAX.value and (
        state.normal[h] + state.dirty[h] > 0 or _burn_pool(state, h) > 0
    )


def _burn_pool(state: State, hewn: int) -> int:
    """D30: an AP burn may draw on the Hewn's chain."""
    return chain_pool(state, hewn, fighting(state))


def legal_hewn_turn(state: State, frame: Frame) -> list[int]:
    h = frame.hewn
    steps = step_targets(state, frame)
    exit_open = can_exit(state, frame)
    dig_open = state.on_board(h) and digging.can_dig(state, frame)
    flights = flight.hewn_turn_verbs(state, frame)
    # rulebook: it "must leave the space immediately!" while it can
    stuck = hewn_turn(frame).forced and (steps or exit_open or dig_open or flights)
    legal: list[int] = []
    if not (stuck and state.config.audit_fixes()):
        legal.append(Ctrl.END_HEWN_TURN)
    legal.extend(SPACE + s for s in steps)
    if exit_open:
        legal.append(Verb.EXIT)
    if can_burn(state, frame):
        legal.append(Verb.BURN)
    if dig_open:  # a forced mover digs itself out (it may not stay)
        legal.append(Verb.DIG)
    legal.extend(flights)  # a forced mover may fly or climb out too
    if state.on_board(h) and not hewn_turn(frame).forced:
        if digging.can_enlarge(state, frame):
            legal.append(Verb.ENLARGE)
        if mining.can_mine(state, h, frame):
            legal.append(Verb.MINE)
        if suderer.can_extract(state, h, frame):
            legal.append(Verb.EXTRACT)
        if danger.can_calm(state, h, frame):
            legal.append(Verb.CALM)
        legal.extend(encounters.hewn_turn_verbs(state, frame))
    legal.extend(management.hewn_turn_verbs(state, frame.seat, h))
    return sorted(legal)


def apply_hewn_turn(state: State, frame: Frame, action: int) -> None:
    """Play the mover's `action`; under rules 2 an action that stops its
    movement waits for the reaction window first (`stop_moving`)."""
    if stop_moving(state, frame, action):
        return
    h = frame.hewn
    if action == Ctrl.END_HEWN_TURN:
        end_hewn_turn(state)
    elif SPACE <= action < NUM:
        step(state, frame, action - SPACE)
    elif action == Verb.EXIT:
        # rulebook: the Hewn "cannot be attacked by any enemies while he is off
        # the board"; its Hewn turn ends
        hewn_turn(frame).ap -= 1
        state.loc[h] = OFF_BOARD
        end_hewn_turn(state)
    elif action == Verb.BURN:
        shares = own_shares(state, h, 1, _burn_pool(state, h))
        low, high = shares.start, shares.stop - 1
        how = payment.plan(state, h, 1, low, high)
        if how is None:
            push(state, payment.start(state, frame.seat, h, 1, low, high, Ask.BURN_MIX))
        else:
            burn(state, frame, *how)
    elif action == Verb.MINE:
        hewn_turn(frame).spent = SPENT_ACTION
        mining.start_mining(state, frame)
    elif action == Verb.CALM:
        hewn_turn(frame).spent = SPENT_ACTION
        danger.start_calm(state, frame)
    elif action == Verb.DIG:
        digging.start_dig(state, frame)
    elif action == Verb.ENLARGE:
        digging.start_enlarge(state, frame)
    elif action in flight.VERBS:
        flight.start(state, frame, action)
    elif action == Verb.EXTRACT:
        hewn_turn(frame).spent = SPENT_ACTION
        suderer.start(state, frame)
    elif action in (Verb.ANNOUNCE, Verb.ENCOUNTER_SAME, Verb.ARTILLERY):
        encounters.start_verb(state, frame, action)
    else:
        management.start_verb(state, frame.seat, action, h)


def step(state: State, frame: Frame, space: int) -> None:
    """A step into `space` for 1 AP. Under rules 1 the reaction window follows
    every step; under rules 2 it waits until the movement stops (the reacting
    Hewns "can now see the moving Hewn - after it has moved"), and only the
    same-space encounter is immediate."""
    turn = hewn_turn(frame)
    turn.ap -= 1
    mark_moved(state, turn)
    state.loc[frame.hewn] = space
    danger.entered(state, frame.hewn)
    if state.frames[-1] is frame:  # no danger attack pending
        resume_hewn_turn(state, frame)


def goes_on_moving(action: int) -> bool:
    """Rules 2: the actions that do not stop the movement: another step, a
    BURN (buying action points to move on), EXIT (off the board it "cannot be
    attacked"), DIG, FLY and CLIMB (a digger, climber or flier "cannot see
    another Hewn until it reaches its destination space") and the player's
    free management verbs (TRANSMIT, BANJER, LOAD and the rest are not the
    Hewn's actions and spend no action point)."""
    return (
        SPACE <= action < NUM
        or action in (Verb.BURN, Verb.EXIT, Verb.DIG)
        or action in flight.VERBS
        or action in management.VERBS
    )


def stop_moving(state: State, frame: Frame, action: int) -> bool:
    """Rules 2: `action` stops a moved Hewn's movement; the reaction window
    comes first and `action` waits in the frame until it is over. Returns
    whether it waits. ANNOUNCE waits for nothing: the announced encounter's
    window lets the reacting Hewns announce too."""
    turn = hewn_turn(frame)
    if not (state.config.audit_fixes() and turn.moved) or goes_on_moving(action):
        return False
    turn.moved = 0
    if action == Verb.ANNOUNCE or not encounters.after_movement(state, frame):
        return False
    turn.then = int(action)
    return True


def burn(
    state: State, frame: Frame, own: int, own_dirty: int, chain_dirty: int
) -> None:
    """rulebook: "Each Hewn can burn up to a maximum of 3 Substract during its
    Hewn turn" for one action point each; burnt normal Substract goes back to the
    pile. `own`: 1 from its load (`own_dirty`: that one is dirty), 0 from its
    chain (D30; `chain_dirty`: that one is dirty, `payment.pay`)."""
    payment.pay(state, frame.hewn, 1, own, own_dirty, chain_dirty)
    hewn_turn(frame).ap += 1
    hewn_turn(frame).burnt += 1
    _auto_end_hewn_turn(state, frame)


def resume_hewn_turn(state: State, frame: Frame) -> None:
    """Back from a child decision (a mining chain, a danger attack, ...): after
    an action that spent action points, the reaction window comes first (after
    a step under rules 2, only the same-space encounter); after the window that
    a stop opened, the action that stopped the movement is played."""
    if not still_acting(state, frame):
        pop(state)
        return
    turn = hewn_turn(frame)
    if turn.spent != SPENT_NONE:
        stepped = turn.spent == SPENT_STEP
        turn.spent = SPENT_NONE
        if stepped:
            encounters.after_step(state, frame)
        else:
            encounters.after_ap_action(state, frame)
        if state.frames[-1] is not frame:  # an encounter or window was opened
            return
    if turn.then != NONE:
        play_waiting(state, frame)
        return
    _auto_end_hewn_turn(state, frame)


def play_waiting(state: State, frame: Frame) -> None:
    """Rules 2: the reaction window is over; the action that stopped the
    movement is played if it is still legal, else the mover is asked again."""
    turn = hewn_turn(frame)
    action, turn.then = turn.then, NONE
    if action in legal_hewn_turn(state, frame):
        apply_hewn_turn(state, frame, action)
    else:
        _auto_end_hewn_turn(state, frame)


def _auto_end_hewn_turn(state: State, frame: Frame) -> None:
    """A Hewn turn with nothing left but ending it ends by itself (under rules
    2, after the reaction window to its movement)."""
    if not still_acting(state, frame):
        pop(state)
    elif legal_hewn_turn(state, frame) == [Ctrl.END_HEWN_TURN]:
        apply_hewn_turn(state, frame, Ctrl.END_HEWN_TURN)


def end_hewn_turn(state: State) -> None:
    """rulebook: "a healthy Hewn cannot end its turn in the same space" as
    another healthy Hewn; checked when the Hewn turn ends (a ruling: passing
    through, or stopping to mine, is fine) and the Hewn becomes stunned (a
    swarm loses a member, D46: its SWARM_LOSS comes once the turn is over)."""
    frame = state.frames[-1]
    h = frame.hewn
    shares = (
        state.on_board(h)
        and state.healthy(h)
        and bool(healthy_at(state, state.loc[h], h))
    )
    if shares and not swarm.is_swarm(state, h):
        stun(state, h)
    pop(state)
    if shares and swarm.is_swarm(state, h):
        swarm.lose(state, h, 1)


def finish_burn(
    state: State, frame: Frame, amount: int, own: int, own_dirty: int, chain_dirty: int
) -> None:
    """The burn is paid as chosen (`payment.Finish`): back to the Hewn turn."""
    state.frames.pop()
    burn(state, state.frames[-1], own, own_dirty, chain_dirty)
