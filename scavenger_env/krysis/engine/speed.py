"""Speed Krysis, the publisher's 2-player variant: the action is forced.

"If the opponent's campsite has a crystal and your team is the stronger one and
has capacity, you must steal and take the crystals home. Otherwise, if your
campsite holds at least as many crystals as your capacity, you must transport
home. Otherwise you must mine: take the crystals pictured on your transporters
into your campsite." Every action but mining leaves the campsite unguarded.

Speed Krysis sets out only red and blue crystals, so a white icon carries and
mines nothing here (a ruling: the variant's page names no white crystals).
"""

from __future__ import annotations

from .capacity import fits, slot_count
from .data import crystals_text
from .queries import attack_value, defence_value, team_capacity
from .state import State


def best_load(slots: list[int], crystals: list[int]) -> list[int]:
    """The most valuable crystals of `crystals` that fit `slots` (ties: more
    reds, then more blues)."""
    best = [0, 0, 0]
    best_key = (-1, -1, -1)
    for red in range(min(crystals[0], slots[0]) + 1):
        for blue in range(min(crystals[1], slots[1]) + 1):
            white = crystals[2]
            while white > 0 and not fits(slots, red, blue, white, 0):
                white -= 1
            if not fits(slots, red, blue, white, 0):
                continue
            key = (3 * red + 2 * blue + white, red, blue)
            if key > best_key:
                best_key, best = key, [red, blue, white]
    return best


def speed_slots(state: State, seat: int) -> list[int]:
    """The team's red and blue icons; white ones count for nothing here."""
    slots = team_capacity(state, seat)
    return [slots[0], slots[1], 0]


def speed_turn(state: State, seat: int) -> str:
    """Play `seat`'s forced action; returns it in words."""
    other = 1 - seat
    slots = speed_slots(state, seat)
    # "has capacity": room for at least one of the opponent's crystals
    goods = best_load(slots, state.camp[other])
    if sum(goods) > 0 and attack_value(state, seat) > defence_value(state, other):
        for c in range(3):
            state.camp[other][c] -= goods[c]
            state.home[seat][c] += goods[c]
        state.deserted[seat] = True
        return f"steals {crystals_text(goods)} from player {other}, home"
    goods = best_load(slots, state.camp[seat])
    # "at least as many crystals as your capacity" -- and one of them fits
    if sum(state.camp[seat]) >= slot_count(slots) and sum(goods) > 0:
        for c in range(3):
            state.camp[seat][c] -= goods[c]
            state.home[seat][c] += goods[c]
        state.deserted[seat] = True
        return f"takes {crystals_text(goods)} home"
    for c in range(3):
        state.camp[seat][c] += slots[c]
    return f"mines {crystals_text(slots)}"
