"""The frame stack: who decides, what is legal, and what an action does.

Every rule module registers a handler for the decision kinds (`state.Ask`) it
owns: `legal(state, frame)` lists the legal actions of the frame on top,
`apply(state, frame, action)` plays one of them, and `resume(state, frame)` goes
on when the frame is back on top (a child decision finished, or the dice it
queued were rolled). A rule asks a sub-decision by pushing a frame, and a frame
that is done pops itself, which resumes the one under it. Dice and card draws are
chance nodes between decisions (`roll`, `draw`).

The handlers are registered when `rules` imports the rule modules; this module
imports none of them, so each rule module imports only the modules below it.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Final

from .actions import DIE, HEWN, NUM, TECH
from .data import DICE
from .ending import check_end
from .state import DECK, OFFER, TECH_KIND_OF, Frame, State, hewn_type

Legal = Callable[[State, Frame], list[int]]
Apply = Callable[[State, Frame, int], None]
Resume = Callable[[State, Frame], None]


class Handler:
    """What the engine does with one decision kind."""

    __slots__ = ("apply", "legal", "resume")

    def __init__(self, legal: Legal, apply: Apply, resume: Resume) -> None:
        self.legal = legal
        self.apply = apply
        self.resume = resume


HANDLERS: dict[int, Handler] = {}


def register(ask: int, legal: Legal, apply: Apply, resume: Resume) -> None:
    """Make `ask` frames handled by these functions (once per kind)."""
    if ask in HANDLERS:
        raise RuntimeError(f"decision kind {ask} registered twice")
    HANDLERS[ask] = Handler(legal, apply, resume)


def no_resume(state: State, frame: Frame) -> None:
    """The resume of a frame that never pushes a child nor rolls: nothing to do
    (its apply pops it or pushes the next step itself)."""


# --- the stack --------------------------------------------------------------------
def push(state: State, frame: Frame) -> None:
    """Ask a sub-decision; the frame under it waits."""
    state.frames.append(frame)


def pop(state: State) -> None:
    """The top frame is done: resume the one under it (unless the game ended or
    dice or draws are pending: then `settle` resumes it once they are played)."""
    state.frames.pop()
    settle(state)


def settle(state: State) -> None:
    """Resume the top frame unless something else must happen first."""
    if state.over or state.roll_queue or state.draw_queue or not state.frames:
        return
    top = state.frames[-1]
    HANDLERS[top.ask].resume(state, top)


# --- chance -----------------------------------------------------------------------
FACES: Final = tuple(len(d.faces) for d in DICE)


def roll(state: State, kinds: list[int]) -> None:
    """Queue dice to roll, in order; the top frame resumes with their face indices
    appended to `state.rolled` (a caller clears `rolled` before it queues)."""
    state.roll_queue.extend(kinds)


def face(kind: int, index: int) -> tuple[int, int]:
    """(value, symbol) of face `index` of die `kind`."""
    f = DICE[kind].faces[index]
    return f.value, int(f.symbol)


def draw(state: State, lots: list[int]) -> None:
    """Queue card draws: one per lot, in order (`offer_deck` says from which
    deck); the top frame resumes once the cards are on their lots."""
    state.draw_queue.extend(lots)


def is_chance(state: State) -> bool:
    """Whether dice or a card draw come next."""
    return bool(state.roll_queue) or bool(state.draw_queue)


def chance_outcomes(state: State) -> list[tuple[int, float]]:
    """The outcomes of the next roll or draw, as (action id, probability)."""
    if state.roll_queue:
        kind = state.roll_queue[0]
        n = FACES[kind]
        return [(DIE + i, 1.0 / n) for i in range(n)]
    lot = state.draw_queue[0]
    deck = offer_deck(state, lot)
    if lot == 0:  # the next seat's turn-order card, dealt at random
        return [(NUM + c, 1.0 / len(deck)) for c in deck]
    if lot < FIRST_TECH_LOT:
        return [(HEWN + h, 1.0 / len(deck)) for h in sorted(deck)]
    counts: dict[int, int] = {}
    for card in deck:
        counts[TECH_KIND_OF[card]] = counts.get(TECH_KIND_OF[card], 0) + 1
    return [(TECH + k, c / len(deck)) for k, c in sorted(counts.items())]


def chance_legal(state: State) -> list[int]:
    """The outcome ids of the next roll or draw."""
    return [a for a, _ in chance_outcomes(state)]


#: lots 1 (big), 2-3 (medium), 4-7 (small) take Hewn cards; 8-11 technology cards
LOT_SIZES: Final = (0, 3, 2, 2, 1, 1, 1, 1, 0, 0, 0, 0)
FIRST_TECH_LOT: Final = 8


def offer_deck(state: State, lot: int) -> list[int]:
    """What the next draw for `lot` comes from: the turn-order cards not yet
    dealt (lot 0), the Hewn deck of the lot's size, or the technology deck. An
    empty deck draws from its discards, which `refill_deck` shuffles in only when
    the card is drawn: this is a query and changes nothing."""
    if lot == 0:
        return cards_left(state)
    if lot < FIRST_TECH_LOT:
        size = LOT_SIZES[lot]
        return state.hewn_deck[size] or state.hewn_discard[size]
    return state.tech_deck or state.tech_discard


def refill_deck(state: State, lot: int) -> None:
    """An empty deck takes its discards back before a card is drawn from it."""
    if lot == 0:
        return
    if lot < FIRST_TECH_LOT:
        size = LOT_SIZES[lot]
        if not state.hewn_deck[size]:
            state.hewn_deck[size], state.hewn_discard[size] = (
                state.hewn_discard[size],
                [],
            )
            for h in state.hewn_deck[size]:
                state.loc[h] = DECK
    elif not state.tech_deck:
        state.tech_deck, state.tech_discard = state.tech_discard, []


def play_chance(state: State, action: int) -> None:
    """Play one roll or draw outcome (known legal)."""
    if state.roll_queue:
        kind = state.roll_queue.pop(0)
        state.rolled.append(action - DIE)
        # the kinds of the faces in `rolled` (callers only ever clear `rolled`)
        del state.rolled_kinds[: len(state.rolled_kinds) - len(state.rolled) + 1]
        state.rolled_kinds.append(kind)
    else:
        lot = state.draw_queue.pop(0)
        refill_deck(state, lot)
        if lot == 0:
            state.turn_card[state.deal_left.pop(0)] = action - NUM
        elif lot < FIRST_TECH_LOT:
            hewn = action - HEWN
            state.hewn_deck[hewn_type(hewn).size].remove(hewn)
            state.loc[hewn] = OFFER
            state.offer[lot] = hewn
        else:
            kind = action - TECH
            card = min(c for c in state.tech_deck if TECH_KIND_OF[c] == kind)
            state.tech_deck.remove(card)
            state.offer[lot] = card
    settle(state)


def cards_left(state: State) -> list[int]:
    """The turn-order cards not yet dealt, in order."""
    dealt = set(state.turn_card)
    return [c for c in range(1, state.num_players + 1) if c not in dealt]


def skip_empty_draws(state: State) -> None:
    """Drop queued draws whose deck (and its discards) is empty: that lot stays
    empty (a ruling: no card can be drawn)."""
    keep: list[int] = []
    for lot in state.draw_queue:
        if lot == 0:
            keep.append(lot)
        elif lot < FIRST_TECH_LOT:
            size = LOT_SIZES[lot]
            wanted = sum(
                1 for k in keep if 0 < k < FIRST_TECH_LOT and LOT_SIZES[k] == size
            )
            if len(state.hewn_deck[size]) + len(state.hewn_discard[size]) > wanted:
                keep.append(lot)
        else:
            wanted = sum(1 for k in keep if k >= FIRST_TECH_LOT)
            if len(state.tech_deck) + len(state.tech_discard) > wanted:
                keep.append(lot)
    state.draw_queue = keep


# --- playing ------------------------------------------------------------------------
def legal_actions(state: State) -> list[int]:
    """The legal actions now (outcome ids at a chance node), sorted."""
    if state.over:
        return []
    if is_chance(state):
        return chance_legal(state)
    frame = state.frames[-1]
    return HANDLERS[frame.ask].legal(state, frame)


def apply_legal(state: State, action: int) -> None:
    """Play an action known to be legal, then count decisions and turns."""
    state.decisions += 1
    if is_chance(state):
        play_chance(state, action)
    else:
        frame = state.frames[-1]
        HANDLERS[frame.ask].apply(state, frame, action)
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
