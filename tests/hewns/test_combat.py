"""The shared encounter dice machinery: weapon ability and bonuses, dice pools,
totals with escapes, the payment mix and the hurt die."""

from __future__ import annotations

from scavenger_env.hewns.engine import combat
from scavenger_env.hewns.engine import position as pos
from scavenger_env.hewns.engine.data import DICE, DieKind, Symbol, TechKind
from scavenger_env.hewns.engine.state import (
    DEAD,
    State,
)


def state_with(
    name: str,
    *,
    techs: tuple[str, ...] = (),
    normal: int = 0,
    dirty: int = 0,
) -> tuple[State, int]:
    """Seat 0's `name` alone in the big space 12, fitted and loaded so."""
    state = pos.actions_phase(2)
    hewn = pos.place(state, name, 0, 12, normal=normal, dirty=dirty, techs=techs)
    return state, hewn


def f(kind: DieKind, value: int, symbol: Symbol = Symbol.NUMBER) -> tuple[int, int]:
    faces = DICE[kind].faces
    i = next(i for i, x in enumerate(faces) if x.value == value and x.symbol == symbol)
    return int(kind), i


ESC = f(DieKind.SPEED, 1, Symbol.ESCAPE)


def test_weapon_ability_from_card_or_weapon_technology() -> None:
    """rulebook: "Hewns must have the weapon ability on their Hewn card"; design
    2.3: a Gunana, Sicket Sunger or Futanaz gives it if absent."""
    state, miner = state_with("Major Miner")
    assert not combat.has_weapon(state, miner)
    for tech in ("Gunana", "Sicket Sunger", "Futanaz"):
        state, miner = state_with("Major Miner", techs=(tech,))
        assert combat.has_weapon(state, miner), tech
    state, miner = state_with("Major Miner", techs=("Slocic Shield",))
    assert not combat.has_weapon(state, miner)
    state, zach = state_with("Chailbine Zach")
    assert combat.has_weapon(state, zach)


def test_weapon_bonus_adds_every_fitted_weapon() -> None:
    """rulebook: "add +2 (for his two +1 weapons)"; the Futanaz is the +2."""
    state, zach = state_with("Chailbine Zach", techs=("Gunana", "Sicket Sunger"))
    assert combat.weapon_bonus(state, zach) == 2
    state, zach = state_with("Chailbine Zach", techs=("Futanaz",))
    assert combat.weapon_bonus(state, zach) == 2


def test_bonus_only_when_the_weapon_dice_total_is_above_zero() -> None:
    """rulebook: "if all of the weapon dice come up as "0" ... no +1 or +2
    weapon bonuses can be added"."""
    state, zach = state_with("Chailbine Zach", techs=("Gunana", "Sicket Sunger"))
    assert combat.attack_total(state, {zach: [f(DieKind.LASER, 2)]}) == 4
    assert combat.attack_total(state, {zach: [f(DieKind.LASER, 0)]}) == 0


def test_combined_attack_adds_the_attackers_totals() -> None:
    """rulebook: "all of those Hewns will simply roll their attack dice together
    to get a combined attack total" (Example 2: 6 + 3 = 9)."""
    state, a = state_with("Chailbine Zach")
    b = pos.hewn_id("Hover Cataclysm")
    dice = {
        a: [f(DieKind.LASER, 4), f(DieKind.LASER, 2)],
        b: [f(DieKind.AREA, 1), f(DieKind.AREA, 2)],
    }
    assert combat.attack_total(state, dice) == 9


def test_one_escape_counts_one_and_two_cancel() -> None:
    """rulebook: "Rolling a single (1) escape ... counts as 1 defence. Rolling
    two (2) escape or more ... cancel the entire attacker dice roll"; Example 2:
    armour 2, 1 and speed 0, 0, 2, 0, 1, escape make 7."""
    defence = [
        f(DieKind.ARMOUR, 2),
        f(DieKind.ARMOUR, 1),
        *(f(DieKind.SPEED, v) for v in (0, 0, 2, 0, 1)),
        ESC,
    ]
    assert combat.defence_total(defence) == 7
    assert not combat.cancelled(defence)
    assert combat.cancelled([ESC, ESC, f(DieKind.SPEED, 0)])


def test_success_needs_a_higher_attack() -> None:
    """rulebook: "If the total of the attacker's dice is higher than the
    defenders total, then the attack is successful; or else nothing happens"."""
    assert combat.succeeds(5, 4)
    assert not combat.succeeds(4, 4)


def test_defence_dice_follow_the_card_and_the_slocic() -> None:
    """rulebook: "5 speed defence dice and 1 armour dice (as per his card)" (D3:
    the card's AP); "an armour dice from a Slocic shield"; one per screen."""
    state, zach = state_with("Chailbine Zach")
    assert combat.speed_dice(state, zach) == 6
    assert combat.armour_dice(state, zach, 0) == 1
    state, zach = state_with("Chailbine Zach", techs=("Slocic Shield",))
    assert combat.armour_dice(state, zach, 2) == 4


def test_picks_capped_by_seven_and_the_load() -> None:
    """rulebook: "Each Hewn may use a maximum of 7 (seven) Substract during
    encounters"; "limited to the amount of actual Substract"."""
    state, cat = state_with("Hover Cataclysm", dirty=10)
    assert combat.pick_cap(state, cat, 0) == 7
    assert combat.pick_cap(state, cat, 5) == 2
    state, cat = state_with("Hover Cataclysm", dirty=3)
    assert combat.pick_cap(state, cat, 1) == 2


def test_payment_mixes() -> None:
    """rulebook: pay "dirty and/or normal Substract": the dirty parts possible."""
    state, cat = state_with("Hover Cataclysm", normal=2, dirty=3)
    assert list(combat.pay_mixes(state, cat, 4)) == [2, 3]
    assert list(combat.pay_mixes(state, cat, 1)) == [0, 1]
    state, cat = state_with("Hover Cataclysm", dirty=3)
    assert list(combat.pay_mixes(state, cat, 2)) == [2]


def test_sicket_hit_with_one_sicket_technology_loses_it() -> None:
    """rulebook: "provided that the Hewn has a Sicket technology inserted, the
    Hewn will live"; with none it dies."""
    hit = next(
        i
        for i, x in enumerate(DICE[DieKind.HURT].faces)
        if x.symbol == Symbol.SICKET_HIT
    )
    state, cat = state_with("Hover Cataclysm", techs=("Gunana", "Futanaz"))
    assert state.slots[cat] == [int(TechKind.GUNANA), int(TechKind.FUTANAZ), -1]
    assert not combat.hurt(state, cat, hit)
    assert state.slots[cat] == [int(TechKind.GUNANA), -1, -1]
    assert state.healthy(cat)
    assert not combat.hurt(state, cat, hit)  # the Gunana is in a Nanasocket
    assert state.loc[cat] == DEAD
