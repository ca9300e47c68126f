"""The dice machinery every encounter shares: who may fire weapons, how many dice
each side gets, dice totals with escapes and weapon bonuses, the payment mix and
the hurt die. Pure functions of the state; the encounter modules own the frames.
"""

from __future__ import annotations

from typing import Final

from .data import (
    DICE,
    ENCOUNTER_SUBSTRACT_MAX,
    Ability,
    DieKind,
    Symbol,
    TechKind,
)
from .effects import damage, kill, stun
from .nanas import MAMABITE, destroy_mamabite, fixito_d10s, is_nanadead, nananbites
from .state import EMPTY_SLOT, State

#: the weapon technologies: "+1/+2/etc weapons (Gunanas; Sicket Sunger; Futanaz)"
WEAPON_TECHS: Final = frozenset(
    (TechKind.GUNANA, TechKind.SICKET_SUNGER, TechKind.FUTANAZ)
)
PICK_MAX: Final = ENCOUNTER_SUBSTRACT_MAX.value
#: rulebook: "the Hewn's owner selects 3 (three) area effect dice - but will only
#: have to use up 1 Substract"
EXPLODE_DICE: Final = 3


def fitted(state: State, hewn: int) -> list[int]:
    """The technology kinds fitted on `hewn` (every socket and Mamabite
    slot)."""
    return [k for k in state.slots[hewn] if k >= 0]


def has_weapon(state: State, hewn: int) -> bool:
    """rulebook: "Hewns must have the weapon ability on their Hewn card"; a
    fitted weapon technology gives it ("weapon ability if absent")."""
    return state.card(hewn).weapon or any(
        k in WEAPON_TECHS for k in fitted(state, hewn)
    )


def weapon_bonus(state: State, hewn: int) -> int:
    """rulebook: "+2 (for his two +1 weapons)": the sum of the fitted weapon
    technologies' bonuses (added only when the weapon dice total > 0)."""
    return sum(state.tech(k).weapon_bonus for k in fitted(state, hewn))


def armour_dice(state: State, hewn: int, screens: int) -> int:
    """rulebook: "armour dice shown on their Hewn card, and any defence dice they
    get from technologies (e.g.: ... an armour dice from a Slocic shield.)", plus
    one per body screen."""
    return (
        state.card(hewn).armour
        + sum(state.tech(k).armour_dice for k in fitted(state, hewn))
        + screens
    )


def speed_dice(state: State, hewn: int) -> int:
    """D3: the card's action points ("5 speed defence dice ... (as per his
    card)")."""
    return state.card(hewn).ap


def can_dodge(state: State, hewn: int) -> bool:
    """rulebook: "A Hewn that can dodge, can, when attacked ... force the
    attacker to re-roll any 1 (one) of his dice"."""
    return Ability.DODGE in state.card(hewn).abilities


def can_explode(state: State, hewn: int) -> bool:
    """rulebook: "A Hewn that can explode, can only decide to use this special
    ability in a same space encounter"."""
    return Ability.EXPLODE in state.card(hewn).abilities


def repair_source(state: State, hewn: int) -> int:
    """d10s `hewn` rolls to repair: "1 d10 for being a Bliog or 2 d10 for being
    a Spricelos" and "1 d10 for a Fixito technology" (the Nananbites that
    repair add Nanadice: `nanas`)."""
    return state.card(hewn).repair + fixito_d10s(state, hewn)


def can_repair(state: State, hewn: int) -> bool:
    """rulebook: a Hewn may repair with "the repair ability", "a repair
    technology like a Fixito device" "And/or that Hewn has Nananbites"."""
    return repair_source(state, hewn) > 0 or nananbites(state, hewn) > 0


def load(state: State, hewn: int) -> int:
    """The Substract `hewn` carries (normal and dirty)."""
    return state.normal[hewn] + state.dirty[hewn]


def pick_cap(state: State, hewn: int, picked: int) -> int:
    """rulebook: "up to a maximum of seven dice but limited to the amount of
    actual Substract they can get hold of": what is left to pick after
    `picked` dice (own load only in this version)."""
    return max(0, min(PICK_MAX - picked, load(state, hewn) - picked))


def pay_mixes(state: State, hewn: int, amount: int) -> range:
    """The dirty parts possible when `hewn` pays `amount` from its own load
    ("the total amount of dirty and/or normal Substract")."""
    low = max(0, amount - state.normal[hewn])
    high = min(amount, state.dirty[hewn])
    return range(low, high + 1)


def value(kind: int, face: int) -> int:
    """What one rolled face adds to a sum."""
    return DICE[kind].faces[face].value


def symbol(kind: int, face: int) -> int:
    """The symbol of one rolled face."""
    return int(DICE[kind].faces[face].symbol)


def escapes(dice: list[tuple[int, int]]) -> int:
    """How many escape faces a list of (kind, face) shows."""
    return sum(
        1 for k, f in dice if k == DieKind.SPEED and symbol(k, f) == Symbol.ESCAPE
    )


def cancelled(defence: list[tuple[int, int]]) -> bool:
    """rulebook: "Rolling two (2) escape or more ... allows the roller of the dice
    to cancel the entire attacker dice roll of his enemies"."""
    return escapes(defence) >= 2


def defence_total(defence: list[tuple[int, int]]) -> int:
    """rulebook: "Rolling a single (1) escape on a speed defence dice counts as 1
    defence" (the face's value); armour and speed faces add up."""
    return sum(value(k, f) for k, f in defence)


def attacker_total(
    state: State, hewn: int, weapons: list[int], others: list[int]
) -> int:
    """One attacker's total: its weapon dice, plus its bonus "if all of the
    weapon dice" do not "come up as "0"", plus its other attack dice (close
    combat, explode: D45, no bonus)."""
    total = sum(weapons) + sum(others)
    if sum(weapons) > 0:
        total += weapon_bonus(state, hewn)
    return total


def attack_total(state: State, by_attacker: dict[int, list[tuple[int, int]]]) -> int:
    """rulebook: "the total of all weapon dice (plus any +1 or +2 bonuses)"; a
    combined attack adds every attacker's total (laser and area dice count as
    weapon dice here)."""
    total = 0
    for hewn, dice in by_attacker.items():
        weapon = (DieKind.LASER, DieKind.AREA)
        total += attacker_total(
            state,
            hewn,
            [value(k, f) for k, f in dice if k in weapon],
            [value(k, f) for k, f in dice if k not in weapon],
        )
    return total


def best(dice: list[tuple[int, int]]) -> int:
    """rulebook: "determine the highest roll (the best of all its d10s and
    Nanadice rolls)"; a "Nanadead" is "discarded and ignored"; -1 with no
    dice."""
    return max((value(k, f) for k, f in dice if not is_nanadead(k, f)), default=-1)


def succeeds(attack: int, defence: int) -> bool:
    """rulebook: "If the total of the attacker's dice is higher than the
    defenders total, then the attack is successful; or else nothing happens"."""
    return attack > defence


def sicket_slots(state: State, hewn: int) -> list[int]:
    """The Sicket sockets of `hewn` that hold a technology (slots after the
    Nanasockets, before any Mamabite's)."""
    card = state.card(hewn)
    first = card.nanasockets
    slots = state.slots[hewn]
    return [i for i in range(first, first + card.sicket_sockets) if slots[i] >= 0]


def lose_sicket(state: State, hewn: int, slot: int) -> None:
    """rulebook: "provided that the Hewn has a Sicket technology inserted, the
    Hewn will live": that technology is destroyed instead (a Mamabite with
    everything attached to it)."""
    if state.slots[hewn][slot] == MAMABITE:
        destroy_mamabite(state, hewn, slot)
    state.slots[hewn][slot] = EMPTY_SLOT


def hurt(state: State, hewn: int, face: int) -> bool:
    """Apply hurt die face `face` to healthy `hewn`. Returns True when a Sicket
    hit needs its owner to choose the technology lost ("Dead. The Hewn dies";
    Sicket hit; damaged; stunned; damaged and stunned)."""
    mark = symbol(DieKind.HURT, face)
    if mark == Symbol.DEAD:
        kill(state, hewn)
    elif mark == Symbol.SICKET_HIT:
        if len(sicket_slots(state, hewn)) > 1:
            return True
        slots = sicket_slots(state, hewn)
        if slots:
            lose_sicket(state, hewn, slots[0])
        else:
            kill(state, hewn)
    elif mark == Symbol.DAMAGED:
        damage(state, hewn)
    elif mark == Symbol.STUNNED:
        stun(state, hewn)
    else:
        damage(state, hewn)
        if state.loc[hewn] >= 0:
            stun(state, hewn)
    return False
