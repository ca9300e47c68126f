"""Krysis: the special agents of the advanced game, and the six relic types.

The abilities are the rulebook's five; their numbers are the engine's default
cards (`data.SHARED_SPECIALS`, `data.COMPANY_SPECIALS`): Guard (fighter, combat
2, Defense +2), Eminent miner (gains 1 blue), Thief (steals 1 blue), Spy,
Alchemist; the companies' own cards: Master thief (steals 1 red), Prospector
(gains a relic), Bodyguard (Defense +3), Rich vein (gains 1 red).

The tests run under the default rules (2), where cards 21 and 22 are each
company's own Spy and Alchemist (`data.UNIQUE_SPECIALS_V2`); seat 0 is Aion,
whose Aion spy and Aion alchemist have rules 1's Spy and Alchemist numbers, so
the positions are the same under both versions. Rules 2's changes are tested in
test_rules_v2.py.
"""

from __future__ import annotations

import pytest
from krysis.rig import (
    ALCHEMIST,
    BARROW_B,
    BLUE,
    CART_WW,
    EMINENT,
    F1,
    F2,
    F3,
    F4,
    GUARD,
    OWN_SPECIAL,
    PLUS1,
    PLUS2,
    PLUS3,
    RED,
    SPY,
    T1,
    T2,
    T3,
    T5,
    T6,
    T7,
    THIEF,
    WAGON_R,
    assert_illegal,
    do,
    relic_total,
    rig,
    select,
    to_action,
)

from scavenger_env.krysis.engine import Phase, State, legal_actions, player_view
from scavenger_env.krysis.engine import actions as A
from scavenger_env.krysis.engine.data import (
    ABILITY_NAMES,
    CARDS,
    COMPANY_SPECIALS,
    RELICS,
    SHARED_SPECIALS,
    Ability,
    RelicKind,
)
from scavenger_env.krysis.engine.queries import attack_value, defence_value


def advanced(teams: dict[int, list[int]], **kw: object) -> State:
    return rig(teams, advanced=True, **kw)  # type: ignore[arg-type]


def test_the_special_cards() -> None:
    """Rulebook, Advanced Game: "Each player receives his 6 special agent cards
    ... For each player, there are 3 identical special agents and 3 unique ones."
    -- here the five abilities the rulebook lists, on the default cards."""
    assert [a.ability for a in SHARED_SPECIALS] == [
        Ability.DEFENSE,
        Ability.EMINENT_MINER,
        Ability.THIEF,
        Ability.SPY,
        Ability.ALCHEMIST,
    ]
    assert ABILITY_NAMES[1:] == (
        "Defense",
        "Thief",
        "Spy",
        "Eminent miner",
        "Alchemist",
    )
    for company in range(4):
        specials = [CARDS[company][c] for c in range(18, 24)]
        assert specials[:5] == list(SHARED_SPECIALS)
        assert specials[5] == COMPANY_SPECIALS[company]
        assert all(a.special for a in specials)


# --- Defense ---------------------------------------------------------------------


def test_defense_adds_when_attacked_not_when_attacking() -> None:
    """Rulebook, List of Special Abilities: "Defense: Defense points are added to
    the combat value, but only when the team is being attacked and not when it is
    attacking." """
    # seat 0: Guard (combat 2, Defense +2) + F2 (combat 2) + T1: speed 10;
    # seat 1: F4 (combat 4) + T6 + T7: speed 4
    s = advanced({0: [GUARD, F2, T1], 1: [F4, T6, T7]})
    to_action(s, 0)
    assert attack_value(s, 0) == 4  # without the Defense +2
    assert_illegal(s, A.RAID + 1, "not higher")  # 4 against 4
    do(s, A.OVERTIME)
    to_action(s, 1)
    assert defence_value(s, 0) == 4 + 2
    assert_illegal(s, A.RAID + 0, "not higher")  # 4 against 6


@pytest.mark.parametrize(
    ("attackers", "legal"), [([F4, F2, T1], False), ([F4, F3, F1], True)]
)
def test_defense_is_exactly_its_bonus(attackers: list[int], legal: bool) -> None:
    """Rulebook: "Defense points are added to the combat value" -- Guard 2 + F2 2
    + Defense 2 = 6: an attack of 6 is not higher, one of 8 is."""
    s = advanced({0: [GUARD, F2, T1], 1: attackers})  # speeds 10, and 9 or 7
    do(s, A.OVERTIME)
    to_action(s, 1)
    assert (A.RAID + 0 in legal_actions(s)) == legal


@pytest.mark.parametrize(
    ("attackers", "legal"), [([F4, F2, T1], False), ([F4, F3, T1], True)]
)
def test_bodyguard_defense_three(attackers: list[int], legal: bool) -> None:
    """Rulebook: "Defense: Defense points are added to the combat value" -- the
    third company's own card, Bodyguard (combat 3, Defense +3): 6 in defence."""
    assert CARDS[2][OWN_SPECIAL].ability == Ability.DEFENSE
    # seat 0 (speed 9 or 8) attacks first; seat 2 (speed 4) has not acted yet
    s = advanced({0: attackers, 1: [T6, T7, T3], 2: [OWN_SPECIAL, T6, T7]})
    to_action(s, 0)
    assert defence_value(s, 2) == 3 + 3
    assert (A.RAID + 2 in legal_actions(s)) == legal


# --- Thief ------------------------------------------------------------------------


def test_thief_steals_regardless_of_combat() -> None:
    """Rulebook, List of Special Abilities: "Thief: the active player may steal the
    shown crystals from any one other player's campsite, even if his combat value
    is lower than his opponent's. Stolen crystals are taken to the campsite." """
    # seat 0: Thief (speed 3, combat 0) + T1 + T2: speed 12; seats 1, 2 strong
    s = advanced(
        {0: [THIEF, T1, T2], 1: [F4, F3, T7], 2: [F4, F2, T7]},
        camps={0: [0, 0, 0], 1: [1, 2, 0], 2: [0, 1, 0]},
    )
    assert s.mover == 0 and s.phase == Phase.SPECIAL_TIMING
    do(s, A.SPECIAL_FIRST)
    assert s.phase == Phase.THIEF
    # any one other player, whatever the combat values
    assert legal_actions(s) == [A.THIEF_TARGET + 1, A.THIEF_TARGET + 2]
    assert_illegal(s, A.THIEF_TARGET + 0, "another player")
    do(s, A.THIEF_TARGET + 1)
    assert s.camp[0] == [0, 1, 0] and s.camp[1] == [1, 1, 0]
    to_action(s, 0)  # the normal action follows
    assert A.RAID + 1 not in legal_actions(s) and A.RAID + 2 not in legal_actions(s)


def test_thief_takes_only_what_is_there() -> None:
    """Rulebook: "steal the shown crystals" -- a campsite without a blue gives
    nothing (the engine takes what there is of the shown crystals)."""
    s = advanced(
        {0: [THIEF, T1, T2], 1: [F4, F3, T7]}, camps={0: [0, 0, 0], 1: [3, 0, 3]}
    )
    do(s, A.SPECIAL_FIRST, A.THIEF_TARGET + 1)
    assert s.camp[0] == [0, 0, 0] and s.camp[1] == [3, 0, 3]
    to_action(s, 0)


def test_master_thief_steals_a_red() -> None:
    """Rulebook: "Thief: the active player may steal the shown crystals" -- the
    first company's own card shows 1 red."""
    assert CARDS[0][OWN_SPECIAL].ability == Ability.THIEF
    s = advanced(
        {0: [OWN_SPECIAL, T1, T2], 1: [F4, F3, T7]},
        camps={0: [0, 0, 0], 1: [2, 2, 2]},
    )
    do(s, A.SPECIAL_AFTER, A.OVERTIME + 3)  # 3 blue, then the theft
    assert s.phase == Phase.THIEF
    do(s, A.THIEF_TARGET + 1)
    assert s.camp[0] == [1, 3, 0] and s.camp[1] == [1, 2, 2]
    assert s.mover == 1


# --- Spy --------------------------------------------------------------------------


def test_spy_looks_and_takes_one_relic_of_his_choice() -> None:
    """Rulebook, List of Special Abilities: "Spy: The active player may choose an
    opponent and look at the relic cards at his campsite. Then he may steal one
    relic card of his choice and take it to his campsite." """
    s = advanced(
        {0: [SPY, T1, T2], 1: [F4, T6, T7]},
        relics={0: [0] * 6, 1: [1, 0, 0, 0, 1, 0]},
    )
    do(s, A.SPECIAL_FIRST)
    assert s.phase == Phase.SPY_TARGET
    assert legal_actions(s) == [A.SPY_TARGET + 1]
    do(s, A.SPY_TARGET + 1)
    assert s.phase == Phase.SPY_TAKE
    assert player_view(s, 0).spy_sees == (1, 0, 0, 0, 1, 0)  # he looks
    assert player_view(s, 1).spy_sees == ()
    assert legal_actions(s) == [A.SPY_TAKE + PLUS1, A.SPY_TAKE + BARROW_B]
    assert_illegal(s, A.SPY_TAKE + WAGON_R, "relic")
    do(s, A.SPY_TAKE + BARROW_B)  # his choice, not a random one
    assert s.camp_relics[0] == [0, 0, 0, 0, 1, 0]
    assert s.camp_relics[1] == [1, 0, 0, 0, 0, 0]
    to_action(s, 0)
    assert relic_total(s) == [4] * 6


def test_spy_finds_nothing_at_a_campsite_without_relics() -> None:
    """Rulebook: "look at the relic cards at his campsite. Then he may steal one"
    -- with none there, the turn goes on to the normal action."""
    s = advanced({0: [SPY, T1, T2], 1: [F4, T6, T7]}, relics={1: [0] * 6})
    do(s, A.SPECIAL_FIRST, A.SPY_TARGET + 1)
    to_action(s, 0)


# --- Eminent miner ---------------------------------------------------------------


def test_eminent_miner_gains_goods_before_the_action() -> None:
    """Rulebook, List of Special Abilities: "Eminent miner: The active player
    receives the goods shown on the card from the bank or relic card deck and
    takes them to his campsite." and "The active player may choose whether they
    want to activate his agent's special action before or after his normal
    action." -- first: the blue gained can be loaded."""
    # Eminent miner (gains 1 blue) + T3 (B) + T1 (W): speed 11
    s = advanced({0: [EMINENT, T3, T1], 1: [F4, T6, T7]}, camps={0: [0, 0, 0]})
    assert legal_actions(s) == [A.SPECIAL_FIRST, A.SPECIAL_AFTER]
    do(s, A.SPECIAL_FIRST)
    assert s.camp[0] == [0, 1, 0]
    to_action(s, 0)
    do(s, A.LOAD, A.TAKE_BLUE, A.TO_HOME)
    assert s.home[0][BLUE] == 2 + 1 and s.camp[0] == [0, 0, 0]
    assert s.mover == 1  # the special acted once


def test_eminent_miner_gains_goods_after_the_action() -> None:
    """Rulebook: "The active player may choose whether they want to activate his
    agent's special action before or after his normal action." -- after: the
    blue comes once the goods have gone home, and stays at the campsite."""
    s = advanced({0: [EMINENT, T3, T1], 1: [F4, T6, T7]}, camps={0: [0, 0, 0]})
    do(s, A.SPECIAL_AFTER)
    to_action(s, 0)
    do(s, A.LOAD)
    assert A.TAKE_BLUE not in legal_actions(s)  # not yet there
    do(s, A.TO_HOME)
    assert s.camp[0] == [0, 1, 0] and s.home[0] == [1, 2, 3]
    assert s.mover == 1 and s.deserted[0]


def test_prospector_gains_a_relic_from_the_deck() -> None:
    """Rulebook: "receives the goods shown on the card from the bank or relic card
    deck" -- the second company's own card shows a relic card."""
    assert CARDS[1][OWN_SPECIAL].amount == (0, 0, 0, 1)
    s = advanced({0: [T6, T7, F4], 1: [OWN_SPECIAL, T1, T2]}, relics={1: [0] * 6})
    top = s.relic_deck[-1]
    do(s, A.SPECIAL_FIRST)
    assert s.camp_relics[1] == [int(t == top) for t in range(6)]
    to_action(s, 1)
    assert relic_total(s) == [4] * 6


def test_rich_vein_gains_a_red() -> None:
    """Rulebook: "receives the goods shown on the card from the bank" -- the
    fourth company's own card shows 1 red."""
    teams = {
        0: [T6, T7, F4],
        1: [T6, T7, F4],
        2: [T6, T7, F4],
        3: [OWN_SPECIAL, T1, T2],
    }
    s = advanced(teams, camps={3: [0, 0, 0]})
    assert s.mover == 3
    do(s, A.SPECIAL_AFTER, A.OVERTIME + 6)
    assert s.camp[3] == [1, 0, 6]


# --- Alchemist -------------------------------------------------------------------


def test_alchemist_white_to_blue_before_the_action() -> None:
    """Rulebook, List of Special Abilities: "Alchemist: The active player may turn
    any white crystals into a blue one at his campsite. In practice, this means
    that you have to give your white crystals to the bank and take the same
    amount of blue crystals." """
    # Alchemist (B) + T1 (W) + T2 (W W): speed 11
    s = advanced({0: [ALCHEMIST, T1, T2], 1: [F4, T6, T7]}, camps={0: [0, 2, 3]})
    do(s, A.SPECIAL_FIRST)
    assert s.phase == Phase.ALCHEMY
    assert legal_actions(s) == [A.ALCHEMY_W2B, A.ALCHEMY_B2R]
    do(s, A.ALCHEMY_W2B, A.ALCHEMY_W2B)
    assert s.camp[0] == [0, 4, 1]
    do(s, A.ALCHEMY_DONE)  # "any": not necessarily all
    to_action(s, 0)
    do(s, A.LOAD, A.TAKE_BLUE, A.TO_HOME)  # a blue, in the Alchemist's B slot
    assert s.home[0] == [1, 3, 3]


def test_alchemist_blue_to_red_after_the_action() -> None:
    """Rulebook: "Instead of turning white crystals into blue, you can turn blue
    ones into red." and "before or after his normal action" -- after mining 3
    blue overtime, they can become red."""
    s = advanced({0: [ALCHEMIST, T1, T2], 1: [F4, T6, T7]}, camps={0: [0, 0, 0]})
    do(s, A.SPECIAL_AFTER, A.OVERTIME + 3)  # 3 blue
    assert s.phase == Phase.ALCHEMY and s.camp[0] == [0, 3, 0]
    do(s, A.ALCHEMY_B2R, A.ALCHEMY_B2R, A.ALCHEMY_B2R)  # the last ends it
    assert s.camp[0] == [3, 0, 0]
    assert s.mover == 1


def test_alchemist_never_both_conversions() -> None:
    """Rulebook: "It is not possible to choose both options or to turn white
    crystals into red or vice versa." """
    s = advanced({0: [ALCHEMIST, T1, T2], 1: [F4, T6, T7]}, camps={0: [0, 2, 3]})
    do(s, A.SPECIAL_FIRST, A.ALCHEMY_W2B)
    assert_illegal(s, A.ALCHEMY_B2R, "other conversion")
    assert legal_actions(s) == [A.ALCHEMY_W2B, A.ALCHEMY_DONE]
    s = advanced({0: [ALCHEMIST, T1, T2], 1: [F4, T6, T7]}, camps={0: [0, 2, 3]})
    do(s, A.SPECIAL_FIRST, A.ALCHEMY_B2R)
    assert_illegal(s, A.ALCHEMY_W2B, "other conversion")
    do(s, A.ALCHEMY_B2R)  # the last blue: done
    # whites never became red, reds never became anything
    assert s.camp[0] == [2, 0, 3]
    to_action(s, 0)


def test_alchemist_is_mandatory() -> None:
    """Rulebook, Advanced Game: "Carrying out the special actions is mandatory."
    -- at least one crystal is converted before the Alchemist may stop."""
    s = advanced({0: [ALCHEMIST, T1, T2], 1: [F4, T6, T7]}, camps={0: [0, 0, 1]})
    do(s, A.SPECIAL_FIRST)
    assert_illegal(s, A.ALCHEMY_DONE, "at least one")
    assert legal_actions(s) == [A.ALCHEMY_W2B]
    do(s, A.ALCHEMY_W2B)  # the only white: the conversion ends
    assert s.camp[0] == [0, 1, 0]
    to_action(s, 0)


def test_alchemist_with_nothing_to_convert_is_skipped() -> None:
    """Rulebook: "The active player may turn any white crystals into a blue one"
    -- with neither white nor blue at the campsite there is nothing to do."""
    s = advanced({0: [ALCHEMIST, T1, T2], 1: [F4, T6, T7]}, camps={0: [2, 0, 0]})
    do(s, A.SPECIAL_FIRST)
    to_action(s, 0)


# --- the special action: mandatory, once, before or after -----------------------------


def test_special_timing_offers_no_skipping() -> None:
    """Rulebook, Advanced Game: "The active player may choose whether they want to
    activate his agent's special action before or after his normal action.
    Carrying out the special actions is mandatory." """
    s = advanced(
        {0: [THIEF, T1, T2], 1: [F4, F3, T7]}, camps={0: [0, 0, 0], 1: [0, 1, 0]}
    )
    assert legal_actions(s) == [A.SPECIAL_FIRST, A.SPECIAL_AFTER]
    assert_illegal(s, A.OVERTIME, "first or after")
    do(s, A.SPECIAL_AFTER, A.OVERTIME)  # 2 red
    # after the normal action the Thief must still act: no way to end the turn
    assert s.phase == Phase.THIEF and legal_actions(s) == [A.THIEF_TARGET + 1]
    do(s, A.THIEF_TARGET + 1)
    assert s.camp[0] == [2, 1, 0] and s.mover == 1


def test_under_rules_1_several_special_agents_all_act_at_one_timing() -> None:
    """Rulebook, Advanced Game: "When these agents are selected in the teams, their
    abilities will allow carrying out additional special actions that can be
    combined with the active player's normal action." -- each of them, once;
    under rules 1 one before/after choice serves them all (rules 2 asks for each
    agent: test_rules_v2.py)."""
    s = advanced(
        {0: [EMINENT, THIEF, ALCHEMIST], 1: [F4, F3, T7]},
        camps={0: [0, 0, 0], 1: [0, 2, 0]},
        rules_version=1,
    )
    do(s, A.SPECIAL_FIRST)  # Eminent miner: +1 blue; then the Thief chooses
    assert s.camp[0] == [0, 1, 0] and s.phase == Phase.THIEF
    do(s, A.THIEF_TARGET + 1)  # +1 blue; then the Alchemist
    assert s.camp[0] == [0, 2, 0] and s.phase == Phase.ALCHEMY
    do(s, A.ALCHEMY_B2R, A.ALCHEMY_DONE)
    assert s.camp[0] == [1, 1, 0]
    to_action(s, 0)
    do(s, A.OVERTIME + 3)
    assert s.camp[0] == [1, 4, 0] and s.mover == 1


def test_specials_act_only_in_their_owners_turn() -> None:
    """Rulebook: "The active player may choose whether they want to activate his
    agent's special action" -- only the active player's special agents act."""
    s = advanced({0: [T1, T2, F1], 1: [EMINENT, T6, T7]}, camps={1: [0, 0, 0]})
    to_action(s, 0)
    do(s, A.OVERTIME)
    assert s.camp[1] == [0, 0, 0]
    assert s.mover == 1 and s.phase == Phase.SPECIAL_TIMING


# --- the six relic types --------------------------------------------------------------


def test_relic_types() -> None:
    """Rulebook, Relic Cards: "Weapon cards will increase the combat value of the
    team (for both attacking and defending). Transport cards will increase the
    loading capacity of the team by the number and types of the crystals shown on
    the card." -- six types (default), four copies each: 24 relic cards."""
    assert [r.kind for r in RELICS] == [RelicKind.WEAPON] * 3 + [
        RelicKind.TRANSPORT
    ] * 3
    assert [r.combat for r in RELICS] == [1, 2, 3, 0, 0, 0]
    assert [r.capacity for r in RELICS] == [
        (0, 0, 0),
        (0, 0, 0),
        (0, 0, 0),
        (0, 0, 2),
        (0, 1, 0),
        (1, 0, 0),
    ]


@pytest.mark.parametrize(("relic", "bonus"), [(PLUS1, 1), (PLUS2, 2), (PLUS3, 3)])
def test_weapon_relic(relic: int, bonus: int) -> None:
    """Rulebook, Relic Cards: "Weapon cards will increase the combat value of the
    team (for both attacking and defending)." -- Blaster +1, Cannon +2, Mortar
    +3: an attack of F1 (1) + the weapon beats a defence of `bonus` exactly."""
    for defenders, legal in (([F1, T6, T7], True), ([F2, T6, T7], bonus > 1)):
        # defence: F1 1 or F2 2; attack 1 + bonus
        s = rig({0: [F1, T1, T2], 1: defenders}, relics={0: [0] * 6})
        s.camp_relics[0][relic] = 1
        s.relic_deck.remove(relic)
        assert A.RAID + 1 not in legal_actions(s)
        do(s, A.FLIP + relic)
        assert attack_value(s, 0) == 1 + bonus
        assert (A.RAID + 1 in legal_actions(s)) == legal
        do(s, A.OVERTIME)  # kept in play: it defends too
        assert defence_value(s, 0) == 1 + bonus
        assert relic_total(s) == [4] * 6


def _transport(relic: int, camp: list[int], relics: list[int] | None = None) -> State:
    """Seat 0 (F1 F2 F3: no transporter) has flipped `relic` and loads."""
    counts = relics or [0] * 6
    s = rig({0: [F1, F2, F3], 1: [T6, T7, F4]}, camps={0: camp}, relics={0: counts})
    s.camp_relics[0][relic] += 1
    s.relic_deck.remove(relic)
    do(s, A.LOAD)
    assert legal_actions(s) == [A.TO_HOME, A.TO_BANK]  # no capacity of its own
    do(s, A.TO_HOME)  # (this turn is over; another rig for the loading itself)
    s = rig({0: [F1, F2, F3], 1: [T6, T7, F4]}, camps={0: camp}, relics={0: counts})
    s.camp_relics[0][relic] += 1
    s.relic_deck.remove(relic)
    do(s, A.FLIP + relic, A.LOAD)
    return s


def test_cart_carries_two_whites() -> None:
    """Rulebook: "Transport cards will increase the loading capacity of the team by
    the number and types of the crystals shown on the card." -- Cart: W W."""
    s = _transport(CART_WW, [2, 2, 5], [0, 1, 0, 0, 0, 0])
    legal = legal_actions(s)
    assert A.TAKE_WHITE in legal
    assert A.TAKE_RED not in legal and A.TAKE_BLUE not in legal
    assert A.TAKE_RELIC + PLUS2 not in legal  # a relic needs a red or blue icon
    select(s, white=2)
    assert legal_actions(s) == [A.TO_HOME, A.TO_BANK]
    do(s, A.TO_HOME)
    assert s.home[0] == [1, 2, 5] and CART_WW in s.relic_discard


def test_barrow_carries_a_blue_or_two_whites_or_a_relic() -> None:
    """Rulebook: "Transport cards will increase the loading capacity ..." -- Barrow:
    B, which holds a blue, 2 whites or a relic, never a red."""
    s = _transport(BARROW_B, [2, 2, 5], [0, 1, 0, 0, 0, 0])
    legal = legal_actions(s)
    assert {A.TAKE_BLUE, A.TAKE_WHITE, A.TAKE_RELIC + PLUS2} <= set(legal)
    assert A.TAKE_RED not in legal
    one = s.clone()
    select(one, white=2)
    assert legal_actions(one) == [A.TO_HOME, A.TO_BANK]
    do(s, A.TAKE_RELIC + PLUS2)
    assert legal_actions(s) == [A.TO_HOME, A.TO_BANK]
    do(s, A.TO_BANK)
    assert s.vp[0] == 2


def test_wagon_carries_a_red_or_three_whites_or_a_relic() -> None:
    """Rulebook: "Transport cards will increase the loading capacity ..." -- Wagon:
    R, which holds a red, 3 whites or a relic, never a blue ("It is not possible
    to load a blue crystal instead of a red one")."""
    s = _transport(WAGON_R, [2, 2, 5], [0, 1, 0, 0, 0, 0])
    legal = legal_actions(s)
    assert {A.TAKE_RED, A.TAKE_WHITE, A.TAKE_RELIC + PLUS2} <= set(legal)
    assert A.TAKE_BLUE not in legal
    whites = s.clone()
    select(whites, white=3)
    assert legal_actions(whites) == [A.TO_HOME, A.TO_BANK]
    select(s, red=1)
    assert legal_actions(s) == [A.TO_HOME, A.TO_BANK]
    do(s, A.TO_HOME)
    assert s.home[0] == [2, 2, 3]


def test_transport_relic_adds_to_a_raid() -> None:
    """Rulebook, Raid: "The attacker may steal as many goods from the attacked
    player's campsite as he is able to transport (see loading goods)." -- a
    flipped transport relic carries loot too."""
    s = rig(
        {0: [F4, F3, T5], 1: [T6, T7, F3]},
        camps={1: [3, 0, 0]},
        relics={0: [0, 0, 0, 0, 0, 1]},
    )
    do(s, A.RAID + 1)
    select(s, red=1)
    assert A.TAKE_RED not in legal_actions(s)
    s = rig(
        {0: [F4, F3, T5], 1: [T6, T7, F3]},
        camps={1: [3, 0, 0]},
        relics={0: [0, 0, 0, 0, 0, 1]},
    )
    do(s, A.FLIP + WAGON_R, A.RAID + 1)
    select(s, red=2)
    do(s, A.TO_HOME)
    assert s.home[0][RED] == 1 + 2 and s.camp[1] == [1, 0, 0]
