"""The engine's entry points (a new game, the legal actions, playing one) and the
one table from decision kind to handler.

Each rule module owns the decision kinds (`state.Ask`) of its part of the game:
`legal(state, frame)` lists the legal actions of the frame on top, `apply(state,
frame, action)` plays one of them, and `resume(state, frame)` goes on when the
frame is back on top (a child decision finished, or the dice it queued were
rolled). `HANDLERS` below names them all; nothing is registered by importing a
module. A rule that is done pops its frame, which wakes the one under it
(`flow.pop`); `drive` then resumes the woken frame on top until the game waits
for a decision or for chance, so the rule modules never call the table and sit
below this module.

Showing one's turn-order card (`Ctrl.REVEAL`) is no handler's business: the
driver offers it at the decisions where the asker may show its card
(`offers_reveal`) and answers it by showing the card and asking again.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Final

import numpy as np

from scavenger_env.core.actions import as_action, checked_action
from scavenger_env.core.errors import IllegalActionError

from . import (
    artillery,
    auction,
    bomb,
    danger,
    digging,
    entrances,
    flight,
    hearts,
    management,
    mining,
    nanas,
    payment,
    ranged,
    rounds,
    samespace,
    suderer,
    swarm,
    turns,
)
from .actions import NUM_ACTIONS, Ctrl, describe_id
from .config import HewnsConfig
from .ending import check_end
from .flow import chance_legal as _chance_legal
from .flow import is_chance, no_resume, play_chance
from .setup import deal
from .state import Ask, Frame, State
from .turnstate import may_reveal, reveal

__all__ = [
    "HANDLERS",
    "apply_action",
    "apply_legal",
    "drive",
    "explain_illegal",
    "legal_actions",
    "new_game",
    "offers_reveal",
]

Legal = Callable[[State, Frame], list[int]]
Apply = Callable[[State, Frame, int], None]
Resume = Callable[[State, Frame], None]
Finish = payment.Finish


class Handler:
    """What the engine does with one decision kind."""

    def __init__(self, legal: Legal, apply: Apply, resume: Resume) -> None:
        self.legal = legal
        self.apply = apply
        self.resume = resume


PAYMENTS: Final[dict[int, Finish]] = {
    Ask.BURN_MIX: turns.finish_burn,
    Ask.PICK_MIX: ranged.finish_pay,
    Ask.SCREENS_MIX: danger.pay_screens,
}
"""A chain payment's context (its mix decision kind) -> how it pays (D30)."""


def apply_payment(state: State, frame: Frame, action: int) -> None:
    """A chain payment's decision: pay once it is settled (D30)."""
    form = payment.answer(state, frame, action)
    if form is not None:
        pay = payment.pay_frame(frame)
        PAYMENTS[pay.mix](state, pay, pay.amount, *form)


PAY: Final = Handler(payment.legal, apply_payment, no_resume)
"""Every decision of a chain payment (`payment.PayFrame`)."""


HANDLERS: Final[dict[int, Handler]] = {
    # the round and the auction
    Ask.ENGINE: Handler(rounds.no_legal, rounds.no_apply, rounds.resume_round),
    Ask.BID_TURN: Handler(
        auction.legal_bid_turn, auction.apply_bid_turn, auction.resume_bid_turn
    ),
    Ask.BID_BIDOX: Handler(auction.legal_box, auction.apply_bid_box, no_resume),
    Ask.HUNT_BIDOX: Handler(auction.legal_box, auction.apply_hunt_box, no_resume),
    Ask.BID_LOT: Handler(auction.legal_lot, auction.apply_lot, no_resume),
    Ask.BID_AMOUNT: Handler(auction.legal_amount, auction.apply_amount, no_resume),
    Ask.BID_MIX: Handler(auction.legal_mix, auction.apply_mix, no_resume),
    Ask.DEAL_ORDER: Handler(auction.legal_deal, auction.apply_deal, no_resume),
    # the turns
    Ask.PLAYER_TURN: Handler(
        turns.legal_player_turn, turns.apply_player_turn, turns.resume_player_turn
    ),
    Ask.HEWN_TURN: Handler(
        turns.legal_hewn_turn, turns.apply_hewn_turn, turns.resume_hewn_turn
    ),
    Ask.BURN_MIX: PAY,
    Ask.PAY_SPLIT: PAY,
    Ask.CHAIN_MIX: PAY,
    # mining and danger
    Ask.MINE_OPTS: Handler(mining.legal_opts, mining.apply_opts, mining.resume_mine),
    Ask.MINE_REROLL: Handler(
        mining.legal_reroll, mining.apply_reroll, mining.resume_mine
    ),
    Ask.MINE_GEM: Handler(mining.legal_gem, mining.apply_gem, mining.resume_mine),
    Ask.MINE_KEEP: Handler(mining.legal_keep, mining.apply_keep, mining.resume_mine),
    Ask.DANGER_ORDER: Handler(
        mining.legal_order, mining.apply_order, mining.resume_mine
    ),
    Ask.PLACE_TOKEN: Handler(mining.legal_place, mining.apply_place, no_resume),
    Ask.NEW_MINE: Handler(mining.legal_new_mine, mining.apply_new_mine, no_resume),
    Ask.REMOVE_TOKEN: Handler(mining.legal_remove, mining.apply_remove, no_resume),
    Ask.RESPITE: Handler(mining.legal_respite, mining.apply_respite, no_resume),
    Ask.TOKEN_ATTACK: Handler(
        danger.legal_attack, danger.apply_attack, danger.resume_attack
    ),
    Ask.SCREENS: Handler(danger.legal_screens, danger.apply_screens, no_resume),
    Ask.SCREENS_MIX: PAY,
    Ask.CALM_TARGET: Handler(danger.legal_calm, danger.apply_calm, no_resume),
    # terrain: fly, climb, the Suderer, secret entrances
    Ask.FLIGHT_TARGET: Handler(
        flight.legal_target, flight.apply_target, flight.resume_flight
    ),
    Ask.EXTRACT_KEEP: Handler(
        suderer.legal_keep, suderer.apply_keep, suderer.resume_extract
    ),
    Ask.ENTRANCE_SIZE: Handler(entrances.legal_size, entrances.apply_size, no_resume),
    Ask.ENTRANCE_SPACE: Handler(
        entrances.legal_space, entrances.apply_space, no_resume
    ),
    # the recovery phase
    Ask.REASSERT: Handler(
        hearts.legal_reassert, hearts.apply_reassert, hearts.resume_reassert
    ),
    # digging
    Ask.DIG_TARGET: Handler(digging.legal_target, digging.apply_target, no_resume),
    Ask.DIG_REUSE: Handler(digging.legal_reuse, digging.apply_reuse, no_resume),
    Ask.DIG_PLACE: Handler(digging.legal_place, digging.apply_place, no_resume),
    Ask.ENLARGE_REUSE: Handler(digging.legal_reuse, digging.apply_reuse, no_resume),
    # transmission and management
    Ask.TX_SOURCE: Handler(
        management.legal_tx_source, management.apply_tx_source, no_resume
    ),
    Ask.TX_DEST: Handler(management.legal_tx_dest, management.apply_tx_dest, no_resume),
    Ask.TX_KIND: Handler(management.legal_tx_kind, management.apply_tx_kind, no_resume),
    Ask.TX_AMOUNT: Handler(
        management.legal_tx_amount, management.apply_tx_amount, no_resume
    ),
    Ask.BANJER_TECH: Handler(
        management.legal_banjer_tech, management.apply_banjer_tech, no_resume
    ),
    Ask.BANJER_HEWN: Handler(
        management.legal_banjer_hewn, management.apply_banjer_hewn, no_resume
    ),
    Ask.BANJER_SOCKET: Handler(
        management.legal_banjer_socket, management.apply_banjer_socket, no_resume
    ),
    Ask.LOAD_HEWN: Handler(
        management.legal_load_hewn, management.apply_load_hewn, no_resume
    ),
    Ask.LOAD_KIND: Handler(
        management.legal_load_kind, management.apply_load_kind, no_resume
    ),
    Ask.LOAD_AMOUNT: Handler(
        management.legal_load_amount, management.apply_load_amount, no_resume
    ),
    Ask.NANA_BOX: Handler(nanas.legal_nana_box, nanas.apply_nana_box, no_resume),
    # encounters
    Ask.RANGED: Handler(
        ranged.legal_machine, ranged.apply_machine, ranged.resume_ranged
    ),
    Ask.SAME_SPACE: Handler(
        ranged.legal_machine, ranged.apply_machine, ranged.resume_ranged
    ),
    Ask.ARTILLERY: Handler(
        ranged.legal_machine, ranged.apply_machine, artillery.resume_artillery
    ),
    Ask.DISCARD: Handler(artillery.legal_discard, artillery.apply_discard, no_resume),
    Ask.REACT: Handler(ranged.legal_react, ranged.apply_react, no_resume),
    Ask.MOVER_JOIN: Handler(ranged.legal_join, ranged.apply_join, no_resume),
    Ask.TRANSMIT_AWAY: Handler(
        ranged.legal_away, ranged.apply_away, ranged.resume_away
    ),
    Ask.PICK_L: Handler(artillery.legal_pick, ranged.apply_pick, no_resume),
    Ask.PICK_A: Handler(artillery.legal_pick, ranged.apply_pick, no_resume),
    Ask.PICK_K: Handler(artillery.legal_pick, ranged.apply_pick, no_resume),
    Ask.PICK_Q: Handler(ranged.legal_pick, ranged.apply_pick, no_resume),
    Ask.PICK_E: Handler(ranged.legal_pick, ranged.apply_pick, no_resume),
    Ask.PICK_MIX: PAY,
    Ask.NAME_TARGET: Handler(artillery.legal_target, ranged.apply_target, no_resume),
    Ask.DODGE: Handler(ranged.legal_dodge, ranged.apply_dodge_or_reroll, no_resume),
    Ask.REROLL: Handler(ranged.legal_reroll, ranged.apply_dodge_or_reroll, no_resume),
    Ask.SICKET_LOSS: Handler(ranged.legal_sicket, ranged.apply_sicket, no_resume),
    Ask.SWARM_LOSS: Handler(swarm.legal_loss, swarm.apply_loss, no_resume),
    Ask.ESCAPE_MOVE: Handler(ranged.legal_escape, ranged.apply_escape, no_resume),
    Ask.SAME_TARGET: Handler(
        samespace.legal_same_target, samespace.apply_same_target, no_resume
    ),
    Ask.INTENT: Handler(samespace.legal_intent, samespace.apply_intent, no_resume),
    Ask.NANA_SPLIT: Handler(
        samespace.legal_nana_split, samespace.apply_nana_split, no_resume
    ),
    Ask.EXPEL: Handler(samespace.legal_expel, samespace.apply_expel, no_resume),
    Ask.RETREAT: Handler(samespace.legal_retreat, samespace.apply_retreat, no_resume),
    # the implosion bomb
    Ask.USE_BOMB: Handler(bomb.legal_use, bomb.apply_use, no_resume),
    Ask.OVERFLOW_SPACE: Handler(bomb.legal_overflow, bomb.apply_overflow, no_resume),
    Ask.OVERFLOW: Handler(bomb.legal_attack, bomb.apply_attack, bomb.resume_overflow),
}
"""Decision kind -> its handler: every kind the engine asks, in one place."""


# --- showing the turn-order card -------------------------------------------------------
RULES_1_REVEAL_ASKS: Final = frozenset({Ask.REACT, Ask.TRANSMIT_AWAY})
"""The only decisions where rules 1 offered `Ctrl.REVEAL` (records made then
replay unchanged)."""


def offers_reveal(state: State, frame: Frame) -> bool:
    """rulebook: "Players can either reveal (or keep it secret) their turn
    order": rules 2 offers `Ctrl.REVEAL` at every decision of a seat that holds
    a turn-order card it has not shown; rules 1 only at `RULES_1_REVEAL_ASKS`.
    Whether a seat holds a card and has shown it is public, so the offer tells
    nobody anything."""
    if not (0 <= frame.seat < state.num_players and may_reveal(state, frame.seat)):
        return False  # the common case, checked first: no hidden card
    return state.config.audit_fixes() or frame.ask in RULES_1_REVEAL_ASKS


def with_reveal(legal: list[int]) -> list[int]:
    """`legal` with `Ctrl.REVEAL` in its sorted place (the rest keeps its
    order)."""
    below = [a for a in legal if a < Ctrl.REVEAL]
    above = [a for a in legal if a > Ctrl.REVEAL]
    return [*below, Ctrl.REVEAL, *above]


# --- driving the stack ------------------------------------------------------------------
def drive(state: State) -> None:
    """Resume the woken frame on top until the game waits for a decision (a
    frame that is not woken) or for chance, or is over: the trampoline that
    stands for the frame below resuming the moment a frame pops."""
    while state.frames and not state.over and not is_chance(state):
        top = state.frames[-1]
        if not top.woken:
            return
        top.woken = False
        HANDLERS[top.ask].resume(state, top)


def new_game(config: HewnsConfig, rng: np.random.Generator) -> State:
    """A new game, dealt from `rng`, waiting for the first bid of round 1."""
    state = deal(config, rng)
    rounds.begin(state)
    drive(state)
    top = state.frames[-1]
    state.last_mover = top.seat * 1_000_000 + state.go
    return state


def legal_actions(state: State) -> list[int]:
    """The legal actions now (outcome ids at a chance node), sorted."""
    if state.over:
        return []
    if is_chance(state):
        return _chance_legal(state)
    frame = state.frames[-1]
    legal = HANDLERS[frame.ask].legal(state, frame)
    return with_reveal(legal) if offers_reveal(state, frame) else legal


def apply_legal(state: State, action: int) -> None:
    """Play an action known to be legal, then count decisions and turns."""
    state.decisions += 1
    if is_chance(state):
        play_chance(state, action)
    else:
        frame = state.frames[-1]
        if action == Ctrl.REVEAL:
            reveal(state, frame.seat)  # the same decision is asked again
        else:
            HANDLERS[frame.ask].apply(state, frame, action)
    drive(state)
    after_action(state)


def after_action(state: State) -> None:
    """End checks and turn counting after every action."""
    if not state.over:
        check_end(state)
    if state.over:
        state.frames.clear()
        state.roll_queue.clear()
        state.draw_queue.clear()
        state.turns += 1
        return
    if state.decisions >= state.config.max_decisions:
        state.over = True
        state.end_reason = "cap"
        state.frames.clear()
        state.turns += 1
        return
    if not is_chance(state):
        key = state.frames[-1].seat * 1_000_000 + state.go
        if key != state.last_mover:
            state.last_mover = key
            state.turns += 1


def explain_illegal(state: State, action: object) -> str:
    """Why `action` is illegal now ('' if it is legal); only an int (or a numpy
    integer, not a bool) is an action (`core.actions.checked_action`)."""
    a, reason = checked_action(action, NUM_ACTIONS)
    if reason:
        return reason
    if state.over:
        return "the game is over"
    legal = legal_actions(state)
    if a in legal:
        return ""
    offered = ", ".join(describe_id(x) for x in legal[:12])
    more = f" and {len(legal) - 12} more" if len(legal) > 12 else ""
    return f"{describe_id(a)} is not legal now; the legal actions are {offered}{more}"


def apply_action(state: State, action: object) -> None:
    """Play `action`; an illegal one, or anything but an int, raises
    `IllegalActionError` and changes nothing."""
    why = explain_illegal(state, action)
    if why:
        raise IllegalActionError(why)
    a = as_action(action)
    assert a is not None  # explain_illegal refused anything else
    apply_legal(state, a)


def play(config: HewnsConfig, seed: int) -> State:
    """A whole game of uniformly random legal actions (chance included), for
    quick checks."""
    rng = np.random.default_rng(seed)
    state = new_game(config, rng)
    while not state.over:
        legal = legal_actions(state)
        apply_legal(state, legal[int(rng.integers(len(legal)))])
    return state
