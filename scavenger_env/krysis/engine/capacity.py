"""Loading capacity: which goods fit a team's icons (rulebook, "Loading Capacity").

Capacity is a number of red, blue and white slots. "White crystals can be loaded
in lieu of red and blue crystals in proportion to their value (2 white crystals
for a blue one, or 3 white ones for a red one)"; "It is not possible to load a
blue crystal instead of a red one"; relic cards "may be loaded in lieu of either
red or blue crystals"; and "It is not possible to load 1 relic card and 1 white
crystal instead of a red crystal" (no mixing within a slot). A slot partly
filled (2 whites in a red slot) is allowed: the capacity is only a limit.
"""

from __future__ import annotations


def fits(
    slots: tuple[int, int, int] | list[int],
    red: int,
    blue: int,
    white: int,
    relics: int,
) -> bool:
    """Whether `red`, `blue`, `white` crystals and `relics` relic cards fit in
    `slots` (red, blue, white slots).

    Reds need red slots and blues blue slots; a relic takes a red or blue slot
    (a blue one first, which leaves more room for whites: a red slot holds 3
    whites, a blue one 2); whites fill white slots, then what is left.
    """
    r_slots, b_slots, w_slots = slots[0], slots[1], slots[2]
    if red > r_slots or blue > b_slots:
        return False
    free_b = b_slots - blue
    in_b = relics if relics < free_b else free_b
    free_r = r_slots - red - (relics - in_b)
    if free_r < 0:
        return False
    return white <= w_slots + 2 * (free_b - in_b) + 3 * free_r


def slot_count(slots: tuple[int, int, int] | list[int]) -> int:
    """The number of icons (Speed Krysis compares crystals with it)."""
    return slots[0] + slots[1] + slots[2]
