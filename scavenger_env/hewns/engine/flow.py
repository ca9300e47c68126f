"""The frame stack and chance: the primitives every rule module shares.

A rule asks a sub-decision by pushing a frame, and a frame that is done pops
itself, which wakes the one under it: the driver in `rules` (which holds the one
table from decision kind to handler) resumes a woken frame once the rule that
popped returns. Dice and card draws are chance nodes between decisions (`roll`,
`draw`); the top frame wakes when they are played.

This module sits below every rule module and imports none of them.
"""

from __future__ import annotations

from typing import Final

from .actions import DIE, HEWN, NUM, TECH
from .data import DICE, DieKind
from .state import DECK, OFFER, TECH_KIND_OF, Frame, State


def no_resume(state: State, frame: Frame) -> None:
    """The resume of a frame that never pushes a child nor rolls: nothing to do
    (its apply pops it or pushes the next step itself)."""


# --- the stack --------------------------------------------------------------------
def push(state: State, frame: Frame) -> None:
    """Ask a sub-decision; the frame under it waits."""
    state.frames.append(frame)


def pop(state: State) -> None:
    """The top frame is done: the one under it resumes (`wake`)."""
    state.frames.pop()
    wake(state)


def wake(state: State) -> None:
    """The top frame goes on as soon as the rule now playing returns: the
    driver (`rules.drive`) resumes it unless the game ended or dice or draws
    are pending (then it resumes once they are played)."""
    if state.frames:
        state.frames[-1].woken = True


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


def game_face(state: State, kind: int, index: int) -> tuple[int, int]:
    """(value, symbol) of face `index` of die `kind` in this game: the danger
    die's faces are the config's (`HewnsConfig.danger_faces`), the others the
    data's."""
    if kind == DieKind.DANGER:
        f = state.config.danger_die[index]
        return f.value, int(f.symbol)
    return face(kind, index)


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
            state.hewn_deck[state.card(hewn).size].remove(hewn)
            state.loc[hewn] = OFFER
            state.offer[lot] = hewn
        else:
            kind = action - TECH
            card = min(c for c in state.tech_deck if TECH_KIND_OF[c] == kind)
            state.tech_deck.remove(card)
            state.offer[lot] = card
    wake(state)


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
