"""The rules audit (rules 2) against rules 1, point by point, on rigged positions.

Each rule is checked both ways: `rules_version=2` (today's default) plays the
ruling, `rules_version=1` plays exactly as the engine first did, so records made
then replay unchanged. The last tests replay random rules-1 games against
fingerprints taken with the engine as it was before the audit.

Slots: Docks 0-3 hold level 1, 4-6 level 2, 7-8 level 3, 9 level 4; the Mine's
slots 0-3 cost 1, 4-6 cost 3, 7-8 cost 6, 9 cost 10.
"""

from __future__ import annotations

import hashlib
from typing import Any

import numpy as np
import pytest
from cavein.rigging import (
    CLASSIC,
    MINE_LAYOUT,
    WILDLIFE,
    assert_illegal,
    colour,
    do,
    names,
    pay,
    skill,
)

from scavenger_env.cavein.engine import (
    GameConfig,
    GameState,
    IllegalActionError,
    Phase,
    apply_action,
    final_scores,
    legal_actions,
    new_game,
)
from scavenger_env.cavein.engine.actions import (
    CONFIRM,
    DONE,
    END_TURN,
    MINE,
    PAY,
    PICK_MINE,
    RAID,
    RECRUIT,
    USE,
)
from scavenger_env.cavein.engine.data import Colour
from scavenger_env.cavein.engine.queries import mine_cost
from scavenger_env.cavein.engine.rules import is_legal
from scavenger_env.cavein.engine.scenario import (
    crystal,
    restart_turn,
    scenario,
    set_base,
    set_docks,
    set_hand,
    set_mine,
    set_totem,
)

BOTH = pytest.mark.parametrize("rules", [1, 2])


def rig(
    rules: int,
    factions: tuple[str, ...] = CLASSIC,
    *,
    hand: list[str] | None = None,
    bases: dict[int, list[str]] | None = None,
    docks: dict[int, str | None] | None = None,
    mine: dict[int, str] | None = None,
    leader_step: bool = False,
    **config: Any,
) -> GameState:
    """Seat 0 of 2 to move with `hand`, no Totems held, the Mine as laid out.

    With `leader_step` the turn waits at the Leader's offer; otherwise a Leader's
    skill is declined and the Action phase begins.
    """
    s = scenario(GameConfig(factions=factions, rules_version=rules, **config))
    set_hand(s, 1, [])
    for faction in factions:
        set_totem(s, faction, -1)
    set_mine(s, {**MINE_LAYOUT, **(mine or {})})
    for p, specs in (bases or {}).items():
        set_base(s, p, specs)
    set_hand(s, 0, hand or [])
    set_docks(s, docks or {})
    restart_turn(s, 0)
    assert names(s, s.players[0].hand) == (hand or [])
    if s.phase == Phase.START_LEADER and not leader_step:
        do(s, DONE)
    return s


def mines(s: GameState) -> list[int]:
    return [a - MINE for a in legal_actions(s) if MINE <= a < MINE + 10]


# --- 1. Diggerhino's discount stacks -------------------------------------------------


@BOTH
def test_two_diggerhinos_on_one_crystal(rules: int) -> None:
    """Diggerhino (Level 2): "Change the color of one Crystal in the Mine to a
    different color of your choice for the duration of your turn. The cost to
    Mine that Crystal this turn is also reduced by 1." Ancientone: "These savings
    are cumulative with any other card which also gives you a discount." Rules 2:
    a Leader Diggerhino and a played one on the yellow cost 3 take 2 off (a
    yellow 1 pays); rules 1 took 1 off however many chose it."""
    s = rig(
        rules,
        hand=["Diggerhino", "Oddgrabber"],
        bases={0: ["Diggerhino"]},
        leader_step=True,
    )
    do(s, USE, PICK_MINE + 4, colour(Colour.BLUE))
    assert mine_cost(s, 0, 4) == 2
    do(s, skill("Diggerhino"), PICK_MINE + 4)
    assert_illegal(s, colour(Colour.BLUE))  # still "a different color"
    do(s, colour(Colour.YELLOW))  # back to yellow
    assert mine_cost(s, 0, 4) == (1 if rules >= 2 else 2)
    assert (4 in mines(s)) == (rules >= 2)
    if rules >= 2:
        do(s, MINE + 4, pay("Oddgrabber"), CONFIRM)
        assert s.players[0].crystals == [crystal("yellow c3a")]
        assert legal_actions(s) == [END_TURN]


@BOTH
def test_diggerhinos_on_two_crystals_take_1_off_each(rules: int) -> None:
    """Diggerhino (Level 2): "The cost to Mine that Crystal this turn is also
    reduced by 1": a second Diggerhino on another crystal leaves the first at -1,
    in both rules versions."""
    s = rig(rules, hand=["Diggerhino"], bases={0: ["Diggerhino"]}, leader_step=True)
    do(s, USE, PICK_MINE + 4, colour(Colour.BLUE))
    do(s, skill("Diggerhino"), PICK_MINE + 7, colour(Colour.BLUE))
    assert [mine_cost(s, 0, i) for i in (4, 5, 7, 8)] == [2, 3, 5, 6]


# --- 2. Seeder's doubling may be declined ----------------------------------------------

SEEDERS = [("en", "Seeder"), ("de", "Stalkroot")]


@BOTH
@pytest.mark.parametrize(("text", "card"), SEEDERS)
def test_a_doubled_level_2_weedlock_may_still_recruit_a_level_3(
    text: str, card: str, rules: int
) -> None:
    """Seeder (level 3; the German Stalkroot): "This turn, the level of your
    Weedlock cards is doubled when you play them to Mine, Recruit, or Collect an
    Artifact", but "All Mercenary and Artifact skills and effects are optional.
    It is never mandatory to use them." Rules 2: a level 2 Weedlock recruits a
    level 3 by its printed level (doubled, it counts as 4 and fits nothing);
    rules 1 always doubled it."""
    s = rig(
        rules,
        WILDLIFE,
        hand=[card, "Mindwasp", "Sapling"],  # Mindwasp: red level 2, never doubled
        docks={7: "Custodian"},
        weedlock_text=text,
    )
    s2 = rig(
        rules, WILDLIFE, hand=[card, "Stalkroot"], docks={7: "Custodian"},
        weedlock_text=text,
    )  # fmt: skip
    assert RECRUIT + 7 in legal_actions(s2)
    do(s2, skill(card))
    assert (RECRUIT + 7 in legal_actions(s2)) == (rules >= 2)
    if rules >= 2:
        do(s2, RECRUIT + 7)
        assert legal_actions(s2) == [pay("Stalkroot")]
        do(s2, pay("Stalkroot"), CONFIRM)
        assert names(s2, s2.players[0].hand) == ["Custodian"]
    else:
        assert_illegal(s2, RECRUIT + 7)

    # The doubling stays available: a Sapling (1, doubled 2) pays for a level 3.
    do(s, skill(card), RECRUIT + 7)
    assert legal_actions(s) == [pay("Mindwasp"), pay("Sapling")]


@BOTH
@pytest.mark.parametrize(("text", "card"), SEEDERS)
def test_doubling_still_counts_when_mining(text: str, card: str, rules: int) -> None:
    """Seeder: "the level of your Weedlock cards is doubled when you play them to
    Mine"; overpaying is allowed ("equal to, or higher than"), so both rules count
    two Saplings as 4 toward a green cost 3."""
    s = rig(
        rules,
        WILDLIFE,
        hand=[card, "Sapling", "Sapling"],
        mine={4: "green c3a"},
        weedlock_text=text,
    )
    do(s, skill(card), MINE + 4, pay("Sapling"))  # undoubled, 1 + 1 would not do
    assert CONFIRM not in legal_actions(s)  # 2 does not reach 3
    do(s, pay("Sapling"), CONFIRM)
    assert s.players[0].crystals == [crystal("green c3a")]


# --- 3. Scrabber counts the Mines made before it ----------------------------------------


@BOTH
def test_scrabber_played_after_mining(rules: int) -> None:
    """Scrabber (Level 4): "Take a second Crystal with the same cost from the Mine
    after mining." (face: "After mining a Crystal, take a Crystal of your choice
    with the same cost from the Mine"), a skill that lasts the turn. Rules 2:
    played after a Mine action, it offers that Mine's bonus at once; rules 1
    offered nothing."""
    s = rig(rules, hand=["Oddgrabber", "Scrabber"])
    do(s, MINE + 0, pay("Oddgrabber"), CONFIRM)
    assert s.phase == Phase.ACTION
    do(s, skill("Scrabber"))
    if rules >= 2:
        assert legal_actions(s) == [DONE, PICK_MINE + 1, PICK_MINE + 2, PICK_MINE + 3]
        assert_illegal(s, PICK_MINE + 4)  # another cost
        do(s, PICK_MINE + 2)
        assert s.players[0].crystals == [crystal("yellow c1a"), crystal("brown c1a")]
    else:
        assert s.phase == Phase.ACTION and s.effects == []
        assert s.players[0].crystals == [crystal("yellow c1a")]
    assert legal_actions(s) == [END_TURN]


def drollo_scrabber(rules: int, every_mine: bool) -> GameState:
    """Leader Drollo (an extra Mine) and Scrabber in hand: Extra Mine (yellow
    cost 1), then Scrabber, then a Mine of the yellow cost 3 is possible."""
    s = rig(
        rules,
        hand=["Oddgrabber", "Scrabber", "Robuster"],
        bases={0: ["Drollo"]},
        leader_step=True,
        scrabber_every_mine=every_mine,
    )
    do(s, USE, MINE + 0, pay("Oddgrabber"), CONFIRM)  # the extra Mine
    assert s.turn.normal_used == 0 and s.phase == Phase.ACTION
    return s


@BOTH
@pytest.mark.parametrize("every_mine", [True, False])
def test_extra_mine_scrabber_mine(rules: int, every_mine: bool) -> None:
    """Scrabber after the extra Mine, then a Mine: `scrabber_every_mine` True
    gives both Mines a bonus in rules 2 (rules 1: only the later one). False:
    rules 2 give one bonus in the turn (taken at once here), rules 1 none at all
    (only the turn's first Mine could have one, and Scrabber came after it)."""
    s = drollo_scrabber(rules, every_mine)
    do(s, skill("Scrabber"))
    bonuses = 0
    if rules >= 2:
        assert legal_actions(s) == [DONE, PICK_MINE + 1, PICK_MINE + 2, PICK_MINE + 3]
        do(s, PICK_MINE + 1)
        bonuses += 1
    assert s.phase == Phase.ACTION
    do(s, MINE + 4, pay("Robuster"), CONFIRM)
    if every_mine:
        assert legal_actions(s) == [DONE, PICK_MINE + 5, PICK_MINE + 6]
        do(s, PICK_MINE + 6)
        bonuses += 1
    assert s.phase == Phase.ACTION
    assert len(s.players[0].crystals) == 2 + bonuses
    expected = {(2, True): 2, (2, False): 1, (1, True): 1, (1, False): 0}
    assert bonuses == expected[(rules, every_mine)]


def test_one_bonus_a_turn_is_offered_again_when_declined() -> None:
    """Rules 2, `scrabber_every_mine=False`: one bonus crystal in the turn; a
    declined offer ("All Mercenary ... skills ... are optional") leaves it for a
    later Mine."""
    s = drollo_scrabber(2, every_mine=False)
    do(s, skill("Scrabber"), DONE)  # decline the extra Mine's bonus
    do(s, MINE + 4, pay("Robuster"), CONFIRM)
    assert legal_actions(s) == [DONE, PICK_MINE + 5, PICK_MINE + 6]


@pytest.mark.parametrize("every_mine", [True, False])
def test_scrabber_offers_each_earlier_mine(every_mine: bool) -> None:
    """Rules 2, Scrabber played after two Mine actions (Drollo's and a normal
    one, a cost 1 and a cost 3): True offers a bonus for each, the earlier Mine
    first; False offers one, of either cost, and taking it ends the offer."""
    s = rig(
        2,
        hand=["Oddgrabber", "Robuster", "Scrabber"],
        bases={0: ["Drollo"]},
        leader_step=True,
        scrabber_every_mine=every_mine,
    )
    do(s, USE, MINE + 0, pay("Oddgrabber"), CONFIRM)
    do(s, MINE + 4, pay("Robuster"), CONFIRM)
    assert s.effects == []
    do(s, skill("Scrabber"))
    cost_1 = [PICK_MINE + i for i in (1, 2, 3)]
    cost_3 = [PICK_MINE + i for i in (5, 6)]
    assert legal_actions(s) == [DONE, *cost_1]
    if every_mine:
        do(s, PICK_MINE + 3)
        assert legal_actions(s) == [DONE, *cost_3]
        do(s, PICK_MINE + 5)
        assert len(s.players[0].crystals) == 4
    else:
        taken = s.clone()
        do(taken, PICK_MINE + 3)  # one bonus: the cost 3 offer lapses
        assert taken.phase == Phase.ACTION and taken.effects == []
        do(s, DONE)  # not this cost: the other is offered
        assert legal_actions(s) == [DONE, *cost_3]
        do(s, PICK_MINE + 5)
        assert len(s.players[0].crystals) == 3
    assert s.phase == Phase.ACTION


def test_a_second_scrabber_gives_no_second_bonus() -> None:
    """Rules note: one bonus per Mine action however many Scrabbers are active;
    a played Scrabber after the Leader's offers nothing for the Mine made."""
    s = rig(
        2,
        hand=["Oddgrabber", "Scrabber"],
        bases={0: ["Scrabber"]},
        leader_step=True,
    )
    do(s, USE, MINE + 0, pay("Oddgrabber"), CONFIRM)
    do(s, PICK_MINE + 1)  # the Leader's bonus
    do(s, skill("Scrabber"))
    assert s.phase == Phase.ACTION and s.effects == []
    assert len(s.players[0].crystals) == 2


# --- 4. No passing before the turn's actions are done ------------------------------------


@BOTH
def test_end_turn_needs_the_two_actions(rules: int) -> None:
    """Rulebook, Turn: "2. ACTION PHASE: Take two different actions, or Raid the
    Base of any player." Rules 2: END_TURN is legal only once both actions are
    taken; rules 1 allowed it at any time."""
    s = rig(rules, hand=["Oddgrabber", "Driller"])
    assert (END_TURN in legal_actions(s)) == (rules < 2)
    do(s, MINE + 0, pay("Oddgrabber"), CONFIRM)
    assert (END_TURN in legal_actions(s)) == (rules < 2)
    if rules >= 2:
        with pytest.raises(IllegalActionError, match="two different actions"):
            apply_action(s, END_TURN)
        assert_illegal(s, END_TURN)  # and the state is unchanged
    do(s, skill("Driller"), DONE)
    assert legal_actions(s) == [END_TURN]


def test_allow_pass_is_the_old_freedom() -> None:
    """`allow_pass=True` (a house rule): END_TURN at any time, as in rules 1."""
    s = rig(2, hand=["Oddgrabber"], allow_pass=True)
    assert legal_actions(s)[0] == END_TURN
    do(s, END_TURN)
    assert s.current_player == 1


def test_a_raid_ends_the_actions() -> None:
    """ "Instead of taking two actions, you can Raid any player's Base": after a
    Raid the turn may end, with cards still in hand."""
    s = rig(2, hand=["Oddgrabber"], bases={1: ["Foreman"]})
    assert END_TURN not in legal_actions(s)
    do(s, RAID + 1)
    assert END_TURN in legal_actions(s)


def test_a_turn_with_no_action_left_may_end() -> None:
    """Rules 2 keep END_TURN when no action is possible, so no position is
    without a legal action: an empty hand, no level 1 in the Docks, no Base to
    Raid."""
    empty_l1 = {i: None for i in range(4)}
    s = rig(2, hand=[], docks=empty_l1)
    assert legal_actions(s) == [END_TURN]

    s = rig(2, hand=["Driller"], docks=empty_l1)
    assert END_TURN not in legal_actions(s)
    do(s, skill("Driller"), PICK_MINE + 2)  # the hand is empty now
    assert s.turn.normal_used == 1
    assert legal_actions(s) == [END_TURN]


def test_drollos_extra_mine_is_not_owed() -> None:
    """Drollo's extra Mine comes from a skill, and "All Mercenary and Artifact
    skills and effects are optional": after the two normal actions the turn may
    end with the extra Mine unused."""
    s = rig(
        2,
        hand=["Driller", "Oddgrabber"],
        bases={0: ["Drollo"]},
        docks={2: "Driller"},
        leader_step=True,
    )
    do(s, USE, RECRUIT + 2, skill("Driller"), DONE)
    assert s.turn.extra_mines == 1
    legal = legal_actions(s)
    assert legal[0] == END_TURN and 0 in mines(s)


# --- The engine agrees with itself, and rules 1 replays ----------------------------------


def random_game_checks(config: GameConfig, seed: int) -> tuple[int, str]:
    """Play a seeded random game; at every action-phase decision `is_legal`
    agrees with `legal_actions` on every id. Returns (decisions, fingerprint)."""
    s = new_game(config, seed)
    rng = np.random.default_rng(seed)
    digest = hashlib.sha256()
    decisions = 0
    while not s.is_over:
        legal = legal_actions(s)
        assert legal, "a player with no legal action"
        if s.phase == Phase.ACTION:
            assert [a for a in range(PAY) if is_legal(s, a)] == legal
        action = legal[int(rng.integers(len(legal)))]
        digest.update(f"{legal}|{action};".encode("ascii"))
        apply_action(s, action)
        decisions += 1
    digest.update(str(final_scores(s)).encode("ascii"))
    return decisions, digest.hexdigest()[:16]


def rules_1_config(seed: int) -> GameConfig:
    return GameConfig(
        num_players=2 + seed % 3,
        weedlock_text=("en", "de")[seed // 3 % 2],
        scrabber_every_mine=bool(seed // 6 % 2),
        skill_crystals_cave_in=bool(seed // 12 % 2),
        rules_version=1,
    )


#: (decisions, fingerprint) of seeded random games under `rules_1_config(seed)`,
#: taken with the engine before the rules audit (every legal list, every action
#: and the final scores).
RULES_1_GAMES = {
    0: (428, "7dee134d9202c507"),
    1: (331, "e01f95953ceaf938"),
    2: (441, "a770aadce13b9038"),
    3: (356, "3ee2e2b1c9f5bb7b"),
    4: (498, "942d9bed3f5b1b92"),
    5: (446, "0a65c5c1cc3a3e45"),
    6: (265, "b9442fca58a060e3"),
    7: (323, "ab6111029442345b"),
    8: (325, "642868dbad263e14"),
    9: (319, "ba3529d8193278a2"),
}


@pytest.mark.parametrize("seed", sorted(RULES_1_GAMES))
def test_rules_1_games_replay_as_before_the_audit(seed: int) -> None:
    assert random_game_checks(rules_1_config(seed), seed) == RULES_1_GAMES[seed]


@pytest.mark.parametrize("seed", range(6))
def test_rules_2_random_games_always_offer_an_action(seed: int) -> None:
    config = GameConfig(
        num_players=2 + seed % 3,
        weedlock_text=("en", "de")[seed // 3 % 2],
        scrabber_every_mine=bool(seed % 2),
    )
    decisions, _ = random_game_checks(config, seed)
    assert decisions > 0
