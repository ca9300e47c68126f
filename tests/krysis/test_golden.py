"""Krysis: the rulebook's worked examples, played through the engine.

The English rulebook has one pictured example ("Aion steals 1 blue and 2 red
crystals from Ruby & Co.") and a few examples in its text: mining overtime's
"2 red, or 3 blue, or 6 white, or 1 of each", the notes of Loading Capacity, and
the deserted campsite open to "even attacks with a combat value of 0".
"""

from __future__ import annotations

import pytest
from krysis.rig import (
    F1,
    F2,
    F3,
    F4,
    PLUS1,
    T1,
    T2,
    T3,
    T5,
    T6,
    T7,
    assert_illegal,
    do,
    rig,
    select,
    to_action,
)

from scavenger_env.krysis.engine import Phase, State, legal_actions
from scavenger_env.krysis.engine import actions as A
from scavenger_env.krysis.engine.capacity import fits
from scavenger_env.krysis.engine.data import COMPANY_NAMES, OVERTIME_MIXES
from scavenger_env.krysis.engine.queries import (
    attack_value,
    defence_value,
    team_capacity,
)

AION, RUBY = 0, 1


def aion_raids_ruby(ruby_camp: list[int]) -> State:
    """Aion (seat 0: F4 + T5 + T7, combat 4, capacity R R B, speed 5, ahead in
    the mine) raids Ruby & Co. (seat 1: F3 + T6 + T7, combat 3, speed 5)."""
    s = rig(
        {AION: [F4, T5, T7], RUBY: [F3, T6, T7]},
        camps={AION: [0, 0, 0], RUBY: ruby_camp},
        relics={AION: [0] * 6, RUBY: [0] * 6},
        positions={AION: 0, RUBY: 1},
    )
    to_action(s, AION)
    assert team_capacity(s, AION) == [2, 1, 0]
    assert attack_value(s, AION) == 4 > defence_value(s, RUBY) == 3
    do(s, A.RAID + RUBY)
    return s


@pytest.mark.parametrize("where", [A.TO_HOME, A.TO_BANK, A.TO_CAMP])
def test_aion_steals_one_blue_and_two_red_from_ruby(where: int) -> None:
    """Rulebook, Raid (the pictured example): "Aion steals 1 blue and 2 red
    crystals from Ruby & Co." -- with transporters for R, and R + B, that is all
    they can carry: "The attacker may steal as many goods from the attacked
    player's campsite as he is able to transport"."""
    assert COMPANY_NAMES[AION] == "Aion" and COMPANY_NAMES[RUBY] == "Ruby & Co."
    s = aion_raids_ruby([3, 2, 0])
    assert s.phase == Phase.SELECT
    select(s, red=2, blue=1)
    # full: no third red (two red icons), no second blue (one blue icon), no
    # blue in a red icon
    assert legal_actions(s) == [A.TO_HOME, A.TO_BANK, A.TO_CAMP]
    assert_illegal(s, A.TAKE_RED, "does not fit")
    assert_illegal(s, A.TAKE_BLUE, "does not fit")
    do(s, where)
    # "Goods that were not stolen remain at the campsite."
    assert s.camp[RUBY] == [1, 1, 0]
    if where == A.TO_HOME:
        assert s.home[AION] == [1 + 2, 2 + 1, 3]
    elif where == A.TO_BANK:
        assert s.vp[AION] == 2 * 3  # "For each crystal ... 2 victory points"
    else:
        assert s.camp[AION] == [2, 1, 0]


def test_aion_may_take_whites_instead() -> None:
    """Rulebook, Raid: "Note: As in the loading action, when stealing items from an
    opponent, you may take 2 white crystals instead of a blue one, or 3 white
    crystals instead of a red one." -- R R B holds up to 3 + 3 + 2 = 8 whites."""
    s = aion_raids_ruby([1, 0, 9])
    select(s, white=8)
    assert A.TAKE_WHITE not in legal_actions(s)
    assert A.TAKE_RED not in legal_actions(s)  # both red icons hold whites
    do(s, A.TO_CAMP)
    assert s.camp[AION] == [0, 0, 8] and s.camp[RUBY] == [1, 0, 1]
    # and a red with 5 whites: R, then 3 W in the other R and 2 W in the B
    s = aion_raids_ruby([1, 0, 9])
    select(s, red=1, white=5)
    assert legal_actions(s) == [A.TO_HOME, A.TO_BANK, A.TO_CAMP]


@pytest.mark.parametrize(
    "mix", [(2, 0, 0), (0, 3, 0), (0, 0, 6), (1, 1, 1)], ids=["2R", "3B", "6W", "1each"]
)
def test_overtime_examples(mix: tuple[int, int, int]) -> None:
    """Rulebook, Mining Overtime: "The active player takes any combination of
    crystals from the bank equalling 6 points of value (e.g. 2 red, or 3 blue, or
    6 white, or 1 of each)." """
    s = rig({0: [T1, T2, F1], 1: [T6, T7, F4]}, camps={0: [0, 0, 0]})
    action = A.OVERTIME + OVERTIME_MIXES.index(mix)
    assert action in legal_actions(s)
    do(s, action)
    assert s.camp[0] == list(mix)
    assert 3 * mix[0] + 2 * mix[1] + mix[2] == 6


def test_no_blue_instead_of_a_red() -> None:
    """Rulebook, Loading Capacity: "Note: It is not possible to load a blue crystal
    instead of a red one, even though red is more valuable than blue." """
    # T5 carries one red; F1, F2 carry nothing
    s = rig(
        {0: [T5, F1, F2], 1: [T6, T7, F4]}, camps={0: [0, 3, 0]}, relics={0: [0] * 6}
    )
    do(s, A.LOAD)
    assert_illegal(s, A.TAKE_BLUE, "does not fit")
    assert legal_actions(s) == [A.TO_HOME, A.TO_BANK]


@pytest.mark.parametrize("first", ["relic", "white"])
def test_no_relic_and_white_instead_of_a_red(first: str) -> None:
    """Rulebook, Loading Capacity: "Note: It is not possible to load 1 relic card
    and 1 white crystal instead of a red crystal." """
    s = rig(
        {0: [T5, F1, F2], 1: [T6, T7, F4]},
        camps={0: [0, 0, 3]},
        relics={0: [1, 0, 0, 0, 0, 0]},
    )
    do(s, A.LOAD)
    if first == "relic":
        do(s, A.TAKE_RELIC + PLUS1)
        assert_illegal(s, A.TAKE_WHITE, "does not fit")
    else:
        do(s, A.TAKE_WHITE)
        assert_illegal(s, A.TAKE_RELIC + PLUS1, "does not fit")
        select(s, white=2)  # the red icon holds 3 whites
        assert legal_actions(s) == [A.TO_HOME, A.TO_BANK]


def test_whites_in_proportion_to_their_value() -> None:
    """Rulebook, Loading Capacity: "White crystals can be loaded in lieu of red and
    blue crystals in proportion to their value (2 white crystals for a blue one,
    or 3 white ones for a red one)." """
    s = rig({0: [T3, F1, F2], 1: [T6, T7, F4]}, camps={0: [0, 0, 9]})  # T3: B
    do(s, A.LOAD)
    select(s, white=2)
    assert_illegal(s, A.TAKE_WHITE, "does not fit")
    s = rig({0: [T5, F1, F2], 1: [T6, T7, F4]}, camps={0: [0, 0, 9]})  # T5: R
    do(s, A.LOAD)
    select(s, white=3)
    assert_illegal(s, A.TAKE_WHITE, "does not fit")
    do(s, A.TO_HOME)
    assert s.home[0] == [1, 2, 3 + 3]


def test_relics_in_lieu_of_red_or_blue() -> None:
    """Rulebook, Loading Capacity: "There is no transport icon for relic cards, but
    they may be loaded in lieu of either red or blue crystals." """
    # T7 carries R B: two relics; T1 (W) carries none
    s = rig(
        {0: [T7, T1, F1], 1: [T6, T7, F4]},
        camps={0: [0, 0, 0]},
        relics={0: [3, 0, 0, 0, 0, 0]},
    )
    do(s, A.LOAD, A.TAKE_RELIC + PLUS1, A.TAKE_RELIC + PLUS1)
    assert_illegal(s, A.TAKE_RELIC + PLUS1, "does not fit")
    do(s, A.TO_HOME)
    assert s.home_relics[0][PLUS1] == 2 and s.camp_relics[0][PLUS1] == 1
    assert not fits((0, 0, 1), 0, 0, 0, 1)


def test_a_deserted_campsite_falls_even_to_combat_zero() -> None:
    """Rulebook, Loading Goods: "Note: since all 3 agents used for transporting are
    discarded, this then leaves the campsite defenseless against attacks from
    other players (even attacks with a combat value of 0)." """
    # seat 0 (F4 T1 T2: combat 4, speed 10) loads home; seat 1 (T3 T6 T7:
    # combat 0, speed 7, capacity R R B B W) then raids it
    s = rig(
        {0: [F4, T1, T2], 1: [T3, T6, T7]},
        camps={0: [0, 0, 5], 1: [0, 0, 0]},
    )
    to_action(s, 0)
    before = s.clone()
    do(s, A.LOAD, A.TAKE_WHITE, A.TO_HOME)
    to_action(s, 1)
    assert attack_value(s, 1) == 0
    do(s, A.RAID + 0)
    select(s, white=4)  # all the whites left
    do(s, A.TO_CAMP)
    assert s.camp[1] == [0, 0, 4] and s.camp[0] == [0, 0, 0]
    # had seat 0 mined overtime instead, its F4 would still stand guard
    do(before, A.OVERTIME)
    to_action(before, 1)
    assert A.RAID + 0 not in legal_actions(before)
