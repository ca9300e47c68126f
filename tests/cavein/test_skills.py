"""The 24 mercenary skills, one or a few tests each, on rigged positions.

Every test builds its position with the `scenario` helpers, plays only through
`legal_actions` / `apply_action`, and quotes the card text it checks from the
English rulebook's "CARD CLARIFICATIONS" (the German Weedlock texts from the
research notes, §4.2, for `weedlock_text="de"`). The general rules above the
clarifications apply to every skill:

    "All Mercenary and Artifact skills and effects are optional. [...] For all
    skills, the hand limit applies. You can never take cards in excess of this
    with the use of any skill. Remember the Golden Rule: Leaders are immune to
    the effect of Mercenary skills."

Slots: Docks 0-3 hold level 1, 4-6 level 2, 7-8 level 3, 9 level 4; the Mine's
slots 0-3 cost 1, 4-6 cost 3, 7-8 cost 6, 9 cost 10. `pick_base(seat, depth)`
names the card `depth` below the Leader (the Leader itself has no id at all).
"""

from __future__ import annotations

from typing import Any

import pytest
from cavein.rigging import (
    CLASSIC,
    MINE_LAYOUT,
    WILDLIFE,
    assert_illegal,
    colour,
    do,
    hand_pick,
    names,
    pay,
    skill,
)

from scavenger_env.cavein.engine import (
    GameConfig,
    GameState,
    Phase,
    legal_actions,
    score_breakdown,
)
from scavenger_env.cavein.engine.actions import (
    COLLECT,
    CONFIRM,
    DONE,
    END_TURN,
    MINE,
    PICK_DOCKS,
    PICK_MINE,
    RAID,
    RECRUIT,
    USE,
    pick_base,
)
from scavenger_env.cavein.engine.data import ARTIFACT_CARDS, Colour
from scavenger_env.cavein.engine.queries import card_colour
from scavenger_env.cavein.engine.scenario import (
    card_type_name,
    crystal,
    restart_turn,
    scenario,
    set_base,
    set_docks,
    set_hand,
    set_mine,
    set_totem,
)

#: Seven hand cards that no test targets (both factions are in every game).
FILLER = ["Driller"] * 4 + ["Frogt'Opus"] * 3


# --- helpers -------------------------------------------------------------------


def rig(
    factions: tuple[str, ...] = CLASSIC,
    *,
    players: int = 2,
    hand: list[str] | None = None,
    bases: dict[int, list[str]] | None = None,
    docks: dict[int, str] | None = None,
    mine: dict[int, str] | None = None,
    leader_step: bool = False,
    **config: Any,
) -> GameState:
    """Seat 0 to move, with empty hands elsewhere and no Totems held.

    With `leader_step` the turn waits at the Leader's offer (step 1.2);
    otherwise a Leader's skill is declined and the Action phase begins.
    """
    s = scenario(GameConfig(num_players=players, factions=factions, **config))
    for p in range(players):
        set_hand(s, p, [])
    for faction in factions:
        set_totem(s, faction, -1)  # no Totem discounts on mining
    layout = {**MINE_LAYOUT, **(mine or {})}
    set_mine(s, layout)
    for p, specs in (bases or {}).items():
        set_base(s, p, specs)
    set_hand(s, 0, hand or [])
    set_docks(s, docks or {})
    restart_turn(s, 0)
    # The rigging must have landed exactly (a copy shortage would move cards).
    assert names(s, s.players[0].hand) == (hand or [])
    for p, specs in (bases or {}).items():
        assert names(s, s.players[p].base) == specs
    for slot, spec in (docks or {}).items():
        assert card_type_name(s, s.docks[slot]) == spec
    assert s.mine == [crystal(layout[slot]) for slot in range(10)]
    if s.phase == Phase.START_LEADER and not leader_step:
        do(s, DONE)
    return s


def hand(s: GameState, p: int = 0) -> list[str]:
    return names(s, s.players[p].hand)


def base(s: GameState, p: int = 0) -> list[str]:
    return names(s, s.players[p].base)


def mine_actions(s: GameState) -> list[int]:
    return [a - MINE for a in legal_actions(s) if MINE <= a < COLLECT]


def offers_more_cards(s: GameState) -> bool:
    """Whether a pending skill still offers a card or crystal (not just DONE)."""
    return s.phase == Phase.EFFECT and legal_actions(s) != [DONE]


# --- Level 1: take a cost-1 crystal of the card's colour -------------------------

L1_SKILLS = [
    ("Driller", "brown", CLASSIC),
    ("Frogt'Opus", "blue", CLASSIC),
    ("Mineraccoon", "purple", CLASSIC),
    ("Oddgrabber", "yellow", CLASSIC),
    ("Cyberwitch", "red", WILDLIFE),
    ("Sapling", "green", WILDLIFE),
]


@pytest.mark.parametrize(("name", "colour_name", "factions"), L1_SKILLS)
def test_level_1_skill_takes_only_a_cost_1_crystal_of_its_colour(
    name: str, colour_name: str, factions: tuple[str, ...]
) -> None:
    """Driller (Level 1): "Take a brown Crystal with a cost of 1 from the Mine."
    Frogt'Opus, Mineraccoon, Oddgrabber, Cyberwitch and Sapling say the same for
    blue, purple, yellow, red and green."""
    other = "blue" if colour_name != "blue" else "brown"
    s = rig(
        factions,
        hand=[name],
        mine={
            0: f"{colour_name} c1a",
            1: f"{other} c1a",
            2: f"{colour_name} c1b",
            3: f"{other} c1b",
            4: f"{colour_name} c3a",
        },
    )
    do(s, skill(name))
    assert legal_actions(s) == [DONE, PICK_MINE + 0, PICK_MINE + 2]
    assert_illegal(s, PICK_MINE + 1)  # a cost-1 crystal of another colour
    assert_illegal(s, PICK_MINE + 4)  # its colour, but cost 3
    do(s, PICK_MINE + 2)
    assert s.players[0].crystals == [crystal(f"{colour_name} c1b")]
    assert s.mine[2] == -1
    assert s.phase == Phase.ACTION


def test_level_1_skill_is_not_a_mine_action() -> None:
    """Oddgrabber (Level 1): "This action does not count as mining, therefore it
    does not interact with other skills or Artifacts that affect the Mine
    action." A Scrabber Leader offers no second crystal after it, and the Mine
    action is still free for the second action."""
    s = rig(
        leader_step=True,
        hand=["Oddgrabber", "Oddgrabber"],
        bases={0: ["Scrabber"]},
        mine={0: "yellow c1a", 1: "blue c1a", 2: "yellow c1b", 3: "brown c1a"},
    )
    do(s, USE)  # Leader Scrabber: a second crystal after each Mine this turn
    do(s, skill("Oddgrabber"), PICK_MINE + 0)
    assert s.phase == Phase.ACTION and s.effects == []  # no Scrabber follow-up
    assert s.turn.mined == 0
    legal = legal_actions(s)
    assert skill("Oddgrabber") not in legal  # the two actions must differ...
    assert MINE + 2 in legal  # ...and the skill was not a Mine

    do(s, MINE + 2, pay("Oddgrabber"), CONFIRM)  # a real Mine action
    assert legal_actions(s) == [DONE, PICK_MINE + 1, PICK_MINE + 3]  # Scrabber
    assert s.players[0].crystals == [crystal("yellow c1a"), crystal("yellow c1b")]


# --- Brown (Terron): recruitment ---------------------------------------------------


@pytest.mark.parametrize("slot", [0, 4, 7])
def test_foreman_recruits_levels_1_to_3_without_a_card(slot: int) -> None:
    """Foreman (Level 2): "You can Recruit levels 1, 2, and 3 Mercenaries without
    using a card"."""
    s = rig(hand=["Foreman"])
    do(s, skill("Foreman"))
    recruited = s.docks[slot]
    do(s, RECRUIT + slot)
    assert s.phase == Phase.ACTION  # no payment was asked for
    assert s.players[0].hand == [recruited]
    assert names(s, s.turn.played) == ["Foreman"]


def test_foreman_recruits_a_level_4_with_a_level_1() -> None:
    """Foreman (Level 2): "you can Recruit a level 4 Mercenary using a level 1
    card"."""
    s = rig(hand=["Foreman", "Driller", "Fish'Bean", "Shu'War"], docks={9: "Mu'Shell"})
    assert RECRUIT + 9 in legal_actions(s)  # the level 3 pays without Foreman
    do(s, skill("Foreman"), RECRUIT + 9)
    assert legal_actions(s) == [pay("Driller")]
    assert_illegal(s, pay("Fish'Bean"))
    assert_illegal(s, pay("Shu'War"))
    do(s, pay("Driller"), CONFIRM)
    assert hand(s) == ["Fish'Bean", "Shu'War", "Mu'Shell"]
    assert names(s, s.turn.played) == ["Foreman", "Driller"]


def test_sergeant_takes_two_from_the_bottom_of_the_base() -> None:
    """Sergeant (Level 3): "take up to 2 Mercenaries from the bottom of your Base
    into your hand"."""
    s = rig(
        hand=["Sergeant"], bases={0: ["Driller", "Frogt'Opus", "Drollo", "Colonel"]}
    )
    do(s, skill("Sergeant"))
    assert legal_actions(s) == [DONE, pick_base(0, 3)]  # the bottom card only
    assert_illegal(s, pick_base(0, 1))
    do(s, pick_base(0, 3))
    assert legal_actions(s) == [DONE, pick_base(0, 2)]
    do(s, pick_base(0, 2))
    assert s.phase == Phase.ACTION
    assert hand(s) == ["Driller", "Frogt'Opus"]
    assert base(s) == ["Drollo", "Colonel"]


def test_sergeant_with_six_cards_in_hand_takes_only_one() -> None:
    """Sergeant (Level 3): "The hand limit applies as normal, so if you have 6
    cards in hand you can only take 1 Mercenary." """
    s = rig(
        hand=FILLER[:6], bases={0: ["Drollo", "Foreman", "Sergeant"]}, leader_step=True
    )
    do(s, USE, pick_base(0, 2))
    assert hand(s) == [*FILLER[:6], "Drollo"]
    assert legal_actions(s) == [DONE]
    assert_illegal(s, pick_base(0, 1))


def test_sergeant_never_takes_the_leader() -> None:
    """Sergeant (Level 3) takes "from the bottom of your Base", and "Leaders are
    immune to the effect of Mercenary skills": with one card under the Leader,
    only that card comes."""
    s = rig(bases={0: ["Drollo", "Sergeant"]}, leader_step=True)
    do(s, USE, pick_base(0, 1))
    assert legal_actions(s) == [DONE]  # one take left, but only the Leader remains
    assert base(s) == ["Sergeant"]
    assert hand(s) == ["Drollo"]


COLONEL_DOCKS = {
    0: "Driller",
    1: "Driller",
    2: "Frogt'Opus",
    3: "Mineraccoon",
    4: "Foreman",
    5: "Fish'Bean",
    6: "Drollo",
    7: "Sergeant",
    8: "Shu'War",
    9: "Mu'Shell",
}


@pytest.mark.parametrize(
    ("first", "second", "offered_after_first"),
    [(9, 0, range(4)), (7, 4, range(7))],
)
def test_colonel_takes_docks_cards_with_levels_totalling_5(
    first: int, second: int, offered_after_first: range
) -> None:
    """Colonel (Level 4): "take any number of Mercenaries from the Docks,
    provided that the sum of their levels does not exceed 5"."""
    s = rig(hand=["Colonel"], docks=COLONEL_DOCKS)
    do(s, skill("Colonel"))
    assert legal_actions(s) == [DONE] + [PICK_DOCKS + i for i in range(10)]
    do(s, PICK_DOCKS + first)
    assert legal_actions(s) == [DONE] + [PICK_DOCKS + i for i in offered_after_first]
    assert_illegal(s, PICK_DOCKS + 8)  # the other level 3 would pass 5
    do(s, PICK_DOCKS + second)
    assert legal_actions(s) == [DONE]  # exactly 5 taken
    assert hand(s) == [COLONEL_DOCKS[first], COLONEL_DOCKS[second]]
    assert s.docks[first] == s.docks[second] == -1


# --- Blue (Hy'dran): bribery -------------------------------------------------------


def test_fish_bean_takes_a_level_2_and_actions_may_repeat() -> None:
    """Fish'Bean (Level 2): "Take a level 2 Mercenary from the docks.
    Additionally, as long as this card's effect is active, the actions you
    perform can be identical." """
    s = rig(hand=["Fish'Bean", "Driller"], mine={0: "brown c1b"}, docks={5: "Drollo"})
    do(s, skill("Fish'Bean"))
    assert legal_actions(s) == [DONE, PICK_DOCKS + 4, PICK_DOCKS + 5, PICK_DOCKS + 6]
    assert_illegal(s, PICK_DOCKS + 0)  # a level 1
    assert_illegal(s, PICK_DOCKS + 7)  # a level 3
    do(s, PICK_DOCKS + 5)
    assert hand(s) == ["Driller", "Drollo"]
    assert s.docks[5] == -1
    do(s, skill("Driller"), PICK_MINE + 0)  # a second Skill action
    assert s.players[0].crystals == [crystal("brown c1b")]
    assert legal_actions(s) == [END_TURN]


def test_fish_bean_leader_in_the_starting_phase() -> None:
    """Fish'Bean (Level 2): "For example, if this Mercenary is your Leader, you
    would be able to perform the Mine action twice." The rulebook's example: the
    Leader takes a level 2 in the Starting phase, which recruits a level 3, which
    recruits a level 4."""
    s = rig(
        bases={0: ["Fish'Bean"]},
        docks={4: "Drollo", 7: "Robuster", 9: "Scrabber"},
        leader_step=True,
    )
    assert s.phase == Phase.START_LEADER
    do(s, USE)
    assert legal_actions(s) == [DONE, PICK_DOCKS + 4, PICK_DOCKS + 5, PICK_DOCKS + 6]
    do(s, PICK_DOCKS + 4)
    do(s, RECRUIT + 7, pay("Drollo"), CONFIRM)
    do(s, RECRUIT + 9, pay("Robuster"), CONFIRM)  # Recruit again
    assert hand(s) == ["Scrabber"]
    assert names(s, s.turn.played) == ["Drollo", "Robuster"]
    assert legal_actions(s) == [END_TURN]


@pytest.mark.parametrize(
    ("target", "taken", "seat", "left"),
    [
        (pick_base(1, 1), "Fish'Bean", 1, ["Frogt'Opus", "Colonel"]),
        (pick_base(0, 1), "Driller", 0, ["Foreman"]),
    ],
)
def test_shu_war_takes_one_card_from_any_base(
    target: int, taken: str, seat: int, left: list[str]
) -> None:
    """Shu'War (Level 3): "Take a Mercenary from any Base (including your own)
    and put it into your hand." """
    s = rig(
        hand=["Shu'War"],
        bases={0: ["Driller", "Foreman"], 1: ["Frogt'Opus", "Fish'Bean", "Colonel"]},
    )
    do(s, skill("Shu'War"))
    assert legal_actions(s) == [
        DONE,
        pick_base(0, 1),
        pick_base(1, 1),
        pick_base(1, 2),
    ]
    assert_illegal(s, pick_base(1, 3))  # below the bottom of the Base
    do(s, target)
    assert hand(s) == [taken]
    assert base(s, seat) == left
    assert s.phase == Phase.ACTION  # one card only


def test_mu_shell_takes_two_from_one_base_only() -> None:
    """Mu'Shell (Level 4): "Take up to 2 Mercenaries from any one Base (including
    your own) and put them into your hand." """
    s = rig(
        hand=["Mu'Shell"],
        bases={
            0: ["Frogt'Opus", "Fish'Bean"],
            1: ["Driller", "Foreman", "Sergeant", "Colonel"],
        },
    )
    do(s, skill("Mu'Shell"))
    assert legal_actions(s) == [
        DONE,
        pick_base(0, 1),
        pick_base(1, 1),
        pick_base(1, 2),
        pick_base(1, 3),
    ]
    do(s, pick_base(1, 1))
    assert legal_actions(s) == [DONE, pick_base(1, 1), pick_base(1, 2)]
    assert_illegal(s, pick_base(0, 1))  # the second card must come from Base 1
    do(s, pick_base(1, 2))
    assert s.phase == Phase.ACTION
    assert hand(s) == ["Sergeant", "Driller"]
    assert base(s, 1) == ["Foreman", "Colonel"]
    assert base(s, 0) == ["Frogt'Opus", "Fish'Bean"]


# --- Purple (Mineggler): economy ---------------------------------------------------


def test_diggerhino_recolours_a_crystal_and_lowers_its_cost() -> None:
    """Diggerhino (Level 2): "Change the color of one Crystal in the Mine to a
    different color of your choice for the duration of your turn. The cost to
    Mine that Crystal this turn is also reduced by 1." """
    s = rig(hand=["Diggerhino", "Drollo", "Frogt'Opus"], mine={4: "blue c3a"})
    assert MINE + 4 not in legal_actions(s)  # blue 1 does not reach 3
    do(s, skill("Diggerhino"))
    assert legal_actions(s) == [DONE] + [PICK_MINE + i for i in range(10)]
    do(s, PICK_MINE + 4)
    assert legal_actions(s) == [colour(c) for c in Colour if c != Colour.BLUE]
    assert_illegal(s, DONE)  # once the crystal is chosen, a colour must be named
    assert_illegal(s, colour(Colour.BLUE))  # "a different color"
    do(s, colour(Colour.YELLOW), MINE + 4)
    assert legal_actions(s) == [pay("Drollo")]  # yellow now; the blue card may not
    do(s, pay("Drollo"))
    assert legal_actions(s) == [CONFIRM]  # level 2 pays the cost of 3 - 1
    do(s, CONFIRM)
    assert s.players[0].crystals == [crystal("blue c3a")]
    assert hand(s) == ["Frogt'Opus"]


def test_diggerhino_to_cost_0_needs_no_card_but_is_an_action() -> None:
    """Diggerhino (Level 2): "If this reduces the cost to 0, you must still
    perform the Mine action, even though you do not use a card to pay for it." """
    s = rig(hand=["Diggerhino"], mine={0: "blue c1b"})
    do(s, skill("Diggerhino"), PICK_MINE + 0, colour(Colour.PURPLE))
    assert MINE + 0 in legal_actions(s)  # with an empty hand
    do(s, MINE + 0)
    assert s.phase == Phase.ACTION  # no payment step
    assert s.players[0].crystals == [crystal("blue c1b")]
    assert legal_actions(s) == [END_TURN]  # it was the second action


def test_ancientone_leader_and_played_ancientone_pay_8_less() -> None:
    """Ancientone (Level 3): "if your Leader is an Ancientone, and you play
    another Ancientone as your first action, you can Collect an Artifact with your
    second Action and pay 8 less. If the cost of an Artifact is reduced to 0 or
    less, you must still perform the Collect action, even though you do not use a
    card to pay for it." """
    s = rig(hand=["Ancientone"], bases={0: ["Ancientone"]}, leader_step=True)
    top = s.artifact_stacks[2][-1]  # the cost-8 stack
    do(s, USE, skill("Ancientone"))
    do(s, COLLECT + 2 * 2 + 1)
    assert s.phase == Phase.ACTION  # paid with no card
    assert s.players[0].artifacts == [int(ARTIFACT_CARDS[top].halves[1])]
    assert legal_actions(s) == [END_TURN]


def test_one_ancientone_pays_4_less() -> None:
    """Ancientone (Level 3): "This turn, you pay 4 less for Artifacts when you
    Collect them." """
    s = rig(hand=["Ancientone", "Maccarat"])
    assert COLLECT + 4 not in legal_actions(s)  # 4 does not reach 8
    do(s, skill("Ancientone"), COLLECT + 4)
    assert legal_actions(s) == [pay("Maccarat")]
    do(s, pay("Maccarat"), CONFIRM)
    assert len(s.players[0].artifacts) == 1


@pytest.mark.parametrize(
    ("slot", "payment", "mined"),
    [(4, [], "yellow c3a"), (7, [pay("Drollo"), CONFIRM], "yellow c6a")],
)
def test_maccarat_lowers_every_mining_cost_by_4(
    slot: int, payment: list[int], mined: str
) -> None:
    """Maccarat (Level 4): "This turn, the mining cost of all Crystals is reduced
    by 4. Consequently, you can Mine a Crystal with a mining cost of 1 or 3
    without spending a card, but you must still perform the Mine action." """
    s = rig(
        hand=["Maccarat", "Drollo"],
        mine={4: "yellow c3a", 7: "yellow c6a", 8: "blue c6a", 9: "yellow c10"},
    )
    assert mine_actions(s) == [0, 3]  # the yellow and the purple cost 1
    do(s, skill("Maccarat"))
    # Cost 1 and 3 are free; yellow 6 costs 2; blue 6 needs blue; 10 costs 6.
    assert mine_actions(s) == [0, 1, 2, 3, 4, 5, 6, 7]
    do(s, MINE + slot, *payment)
    assert s.players[0].crystals == [crystal(mined)]
    assert legal_actions(s) == [END_TURN]


# --- Yellow (Metanel): mining -------------------------------------------------------


def test_drollo_mines_in_addition_to_the_two_actions() -> None:
    """Drollo (Level 2): "if you play this card as your first action, you can
    perform an extra mining action this turn in addition to your normal second
    action (which could also be to Mine)." """
    s = rig(
        hand=["Drollo", "Oddgrabber", "Oddgrabber"],
        mine={0: "yellow c1a", 1: "yellow c1b"},
    )
    do(s, skill("Drollo"))
    do(s, MINE + 0, pay("Oddgrabber"), CONFIRM)  # the extra Mine
    assert s.turn.normal_used == 1
    assert RECRUIT + 0 in legal_actions(s)  # the normal second action is left
    do(s, MINE + 1, pay("Oddgrabber"), CONFIRM)  # ...and it may be a Mine
    assert s.players[0].crystals == [crystal("yellow c1a"), crystal("yellow c1b")]
    assert legal_actions(s) == [END_TURN]


def test_drollo_leader_gives_three_actions() -> None:
    """Drollo (Level 2): "If this card is your Leader, you can perform three
    actions in your turn, one of which has to be the Mine action." """
    s = rig(
        leader_step=True,
        hand=["Driller", "Oddgrabber"],
        bases={0: ["Drollo"]},
        docks={2: "Driller"},
        mine={0: "brown c1a", 1: "yellow c1a", 2: "purple c1a", 3: "purple c1b"},
    )
    do(s, USE, RECRUIT + 2, skill("Driller"), PICK_MINE + 0)  # two actions
    legal = legal_actions(s)
    assert [a for a in legal if a < MINE or a >= COLLECT] == [END_TURN]
    assert mine_actions(s) == [1]  # the third action: a Mine
    do(s, MINE + 1, pay("Oddgrabber"), CONFIRM)
    assert s.players[0].crystals == [crystal("brown c1a"), crystal("yellow c1a")]
    assert legal_actions(s) == [END_TURN]


def test_drollo_leader_mine_may_follow_a_raid() -> None:
    """Rulebook, Raiding: "If your Leader's skill allows you to perform an
    additional action, and you choose to Raid a Base, the action of the Leader
    can still be taken, either before or after raiding the Base." """
    s = rig(
        leader_step=True,
        hand=["Oddgrabber"],
        bases={0: ["Drollo"], 1: ["Foreman"]},
        mine={0: "yellow c1a"},
    )
    do(s, USE, RAID + 1)
    assert s.totem_owner[Colour.BROWN] == 0  # the Leader Foreman's Totem...
    assert mine_actions(s) == [0, 2]  # ...makes the brown cost 1 free
    do(s, MINE + 0, pay("Oddgrabber"), CONFIRM)
    assert s.players[0].crystals == [crystal("yellow c1a")]
    assert legal_actions(s) == [END_TURN]


def test_robuster_recolours_up_to_3_cards_to_one_colour() -> None:
    """Robuster (Level 3): "Temporarily change the color of up to 3 cards in your
    hand to any one color. This is useful for mining Crystals as you need to play
    cards that match the color of the Crystal." """
    s = rig(hand=["Robuster"] + ["Driller"] * 4, mine={4: "blue c3a"})
    assert MINE + 4 not in legal_actions(s)
    do(s, skill("Robuster"))
    assert legal_actions(s) == [DONE] + [colour(c) for c in Colour]
    do(s, colour(Colour.BLUE))
    assert legal_actions(s) == [DONE, hand_pick("Driller")]
    do(s, hand_pick("Driller"), hand_pick("Driller"), hand_pick("Driller"))
    assert s.phase == Phase.ACTION  # three is the most
    recoloured = [card_colour(s, c) for c in s.players[0].hand]
    assert sorted(recoloured) == [Colour.BROWN] + [Colour.BLUE] * 3

    do(s, MINE + 4, pay("Driller"), pay("Driller"), pay("Driller"), CONFIRM)
    assert s.players[0].crystals == [crystal("blue c3a")]
    assert [card_colour(s, c) for c in s.players[0].hand] == [Colour.BROWN]


@pytest.mark.parametrize(
    ("slot", "payment", "offered"),
    [
        (0, ["Oddgrabber"], [1, 2, 3]),
        (4, ["Robuster"], [5, 6]),
        (7, ["Robuster", "Robuster"], [8]),
    ],
)
def test_scrabber_takes_a_second_crystal_of_the_same_cost(
    slot: int, payment: list[str], offered: list[int]
) -> None:
    """Scrabber (Level 4): "Take a second Crystal with the same cost from the
    Mine after mining. This only applies to Crystals with a mining cost of 1, 3,
    and 6." """
    s = rig(hand=payment, bases={0: ["Scrabber"]}, leader_step=True)
    do(s, USE, MINE + slot, *[pay(n) for n in payment], CONFIRM)
    assert legal_actions(s) == [DONE] + [PICK_MINE + i for i in offered]
    assert_illegal(s, PICK_MINE + (9 if slot == 7 else 7))  # another cost
    bonus = s.mine[offered[-1]]
    do(s, PICK_MINE + offered[-1])
    assert s.players[0].crystals == [crystal(MINE_LAYOUT[slot]), bonus]
    assert s.phase == Phase.ACTION


@pytest.mark.parametrize("skill_crystals_cave_in", [False, True])
def test_scrabber_bonus_crystal_is_not_mined(skill_crystals_cave_in: bool) -> None:
    """Scrabber (Level 4): "Take a second Crystal [...] after mining": the bonus
    crystal is taken, not mined, so its Cave-In symbol moves the track only
    under `skill_crystals_cave_in` (research §5.5, item 1)."""
    s = rig(
        leader_step=True,
        hand=["Robuster"],
        bases={0: ["Scrabber"]},
        skill_crystals_cave_in=skill_crystals_cave_in,
    )
    do(s, USE, MINE + 4, pay("Robuster"), CONFIRM, PICK_MINE + 6)  # brown c3c
    assert s.players[0].crystals == [crystal("yellow c3a"), crystal("brown c3c")]
    assert s.cave_in == int(skill_crystals_cave_in)


# --- Red (Bioss): subjugation -------------------------------------------------------


def test_mindwasp_rulebook_example_subjugates_the_level_3() -> None:
    """Mindwasp (level 2): "if you have 2 cards in your Base, a level 3 Mercenary
    on the bottom and a level 1 Leader on top, you Subjugate the level 3 card
    because Leaders cannot be Subjugated." """
    s = rig(WILDLIFE, hand=["Mindwasp"], bases={0: ["Custodian", "Cyberwitch"]})
    do(s, skill("Mindwasp"))
    assert legal_actions(s) == [DONE, pick_base(0, 1)]
    do(s, pick_base(0, 1))
    assert names(s, s.players[0].subjugated) == ["Custodian"]
    assert base(s) == ["Cyberwitch"]
    # "add the sum of the levels of all your subjugated cards to your VP total"
    assert score_breakdown(s, 0).subjugated == 3


def test_mindwasp_picks_among_the_lowest_levels_of_your_own_base() -> None:
    """Mindwasp (level 2): "Subjugate one of the lowest-level Mercenaries
    (player's choice) from your Base." """
    s = rig(
        WILDLIFE,
        hand=["Mindwasp"],
        bases={
            0: ["Sapling", "Custodian", "Cyberwitch", "Domina"],
            1: ["Sapling", "Stalkroot"],
        },
    )
    do(s, skill("Mindwasp"))
    assert legal_actions(s) == [DONE, pick_base(0, 1), pick_base(0, 3)]
    assert_illegal(s, pick_base(0, 2))  # the level 3 is not the lowest
    assert_illegal(s, pick_base(1, 1))  # only your own Base
    do(s, pick_base(0, 1))
    assert names(s, s.players[0].subjugated) == ["Cyberwitch"]
    assert base(s) == ["Sapling", "Custodian", "Domina"]


def test_custodian_subjugates_a_non_leader_level_2_from_any_base() -> None:
    """Custodian (level 3): "Subjugate a level 2 Mercenary that is not a Leader
    from any Base, including your own." """
    s = rig(
        WILDLIFE,
        hand=["Custodian"],
        bases={0: ["Mindwasp", "Stalkroot"], 1: ["Sapling", "Stalkroot", "Mindwasp"]},
    )
    do(s, skill("Custodian"))
    assert legal_actions(s) == [DONE, pick_base(0, 1), pick_base(1, 1)]
    assert_illegal(s, pick_base(1, 2))  # a level 1
    do(s, pick_base(1, 1))
    assert names(s, s.players[0].subjugated) == ["Stalkroot"]
    assert base(s, 1) == ["Sapling", "Mindwasp"]
    assert s.phase == Phase.ACTION


def test_domina_subjugates_up_to_three_level_1s_for_a_crystal_each() -> None:
    """Domina (level 4): "Subjugate up to three level 1 Mercenaries from your
    hand. For each one you Subjugate, take a Crystal of cost 1 from the Mine." """
    s = rig(
        WILDLIFE,
        hand=["Domina", "Cyberwitch", "Cyberwitch", "Sapling", "Sapling", "Mindwasp"],
    )
    do(s, skill("Domina"))
    l1_picks = [DONE, hand_pick("Cyberwitch"), hand_pick("Sapling")]
    assert legal_actions(s) == l1_picks
    assert_illegal(s, hand_pick("Mindwasp"))  # a level 2
    do(s, hand_pick("Cyberwitch"))
    assert legal_actions(s) == [DONE] + [PICK_MINE + i for i in range(4)]  # any colour
    assert_illegal(s, PICK_MINE + 4)  # cost 3
    do(s, PICK_MINE + 3)
    assert legal_actions(s) == l1_picks
    do(s, hand_pick("Sapling"), PICK_MINE + 2, hand_pick("Sapling"), PICK_MINE + 1)
    assert s.phase == Phase.ACTION  # three is the most
    assert hand(s) == ["Cyberwitch", "Mindwasp"]
    assert names(s, s.players[0].subjugated) == ["Cyberwitch", "Sapling", "Sapling"]
    expected = [crystal(MINE_LAYOUT[i]) for i in (3, 2, 1)]
    assert s.players[0].crystals == expected
    assert score_breakdown(s, 0).subjugated == 3  # 1 VP per level


# --- Green (Weedlock): expansion -----------------------------------------------------


def test_stalkroot_weedlocks_mine_as_the_crystals_colour() -> None:
    """Stalkroot (level 2): "Treat your Weedlocks as if they were of the same
    color as the Crystal you want to mine" (English text)."""
    s = rig(
        WILDLIFE,
        hand=["Stalkroot", "Sapling", "Sapling", "Frogt'Opus", "Driller"],
        mine={4: "blue c3a"},
    )
    assert MINE + 4 not in legal_actions(s)  # blue 1 does not reach 3
    do(s, skill("Stalkroot"), MINE + 4)
    assert legal_actions(s) == [pay("Frogt'Opus"), pay("Sapling")]  # not brown
    do(s, pay("Sapling"), pay("Sapling"), pay("Frogt'Opus"), CONFIRM)
    assert s.players[0].crystals == [crystal("blue c3a")]
    assert hand(s) == ["Driller"]


@pytest.mark.parametrize("rules", [1, 2])
@pytest.mark.parametrize(("text", "card"), [("en", "Seeder"), ("de", "Stalkroot")])
def test_weedlock_levels_double_when_played(text: str, card: str, rules: int) -> None:
    """Seeder (level 3, English text; the German Stalkroot): "This turn, the
    level of your Weedlock cards is doubled when you play them to Mine, Recruit,
    or Collect an Artifact. For example, a Sapling is still a level 1 card in your
    hand, but if you play it to Recruit, it counts as a level 2 card." Rules 1
    always doubled; from rules 2 the doubling may be declined ("All Mercenary
    and Artifact skills and effects are optional"), see test_rules_v2.py."""
    s = rig(
        WILDLIFE,
        hand=[card, "Sapling"],
        docks={4: "Mindwasp", 7: "Custodian"},
        weedlock_text=text,
        rules_version=rules,
    )
    assert RECRUIT + 4 in legal_actions(s)  # the level 1 Sapling recruits a level 2
    do(s, skill(card))
    assert RECRUIT + 7 in legal_actions(s)  # ...and now, alone in hand, a level 3
    # Rules 1: a level 2 is no longer exact; rules 2: the printed level still is.
    assert (RECRUIT + 4 in legal_actions(s)) == (rules >= 2)
    do(s, RECRUIT + 7, pay("Sapling"), CONFIRM)
    assert hand(s) == ["Custodian"]


def test_german_stalkroot_does_not_recolour_weedlocks() -> None:
    """German Stalkroot is the doubling text, not the English "Treat your
    Weedlocks as if they were of the same color as the Crystal"."""
    s = rig(
        WILDLIFE,
        hand=["Stalkroot", "Sapling", "Sapling", "Sapling"],
        mine={4: "blue c3a"},
        weedlock_text="de",
    )
    do(s, skill("Stalkroot"))
    assert MINE + 4 not in legal_actions(s)


MANDRAGORE_BASES = {
    0: ["Sapling", "Stalkroot", "Cyberwitch"],
    1: ["Sapling", "Frogt'Opus", "Stalkroot", "Stalkroot"],
    2: ["Sapling", "Sapling", "Domina"],
}
ALL_WEEDLOCK_PICKS = [
    DONE,
    pick_base(0, 1),
    pick_base(0, 2),
    pick_base(1, 1),
    pick_base(1, 3),
    pick_base(2, 1),
    pick_base(2, 2),
]
MANDRAGORE_TEXTS = [("en", "Mandragore"), ("de", "Seeder")]


@pytest.mark.parametrize(("text", "card"), MANDRAGORE_TEXTS)
def test_mandragore_takes_one_weedlock_from_each_base(text: str, card: str) -> None:
    """Mandragore (level 4, English text; the German Seeder): "You may take 1
    Weedlock from each Base (including your own) [...] Place taken Weedlocks into
    your hand." """
    s = rig(
        WILDLIFE, players=3, hand=[card], bases=MANDRAGORE_BASES, weedlock_text=text
    )
    do(s, skill(card))
    assert legal_actions(s) == ALL_WEEDLOCK_PICKS  # never a Leader
    do(s, pick_base(0, 1), pick_base(1, 1))  # two different Bases
    assert legal_actions(s) == [DONE, pick_base(2, 1), pick_base(2, 2)]
    assert_illegal(s, pick_base(0, 1))  # Base 0 gave its one
    assert_illegal(s, pick_base(1, 2))  # Base 1 gave its one
    do(s, pick_base(2, 1))
    assert legal_actions(s) == [DONE]
    assert hand(s) == ["Stalkroot", "Stalkroot", "Sapling"]
    assert base(s, 0) == ["Sapling", "Cyberwitch"]


@pytest.mark.parametrize(("text", "card"), MANDRAGORE_TEXTS)
def test_mandragore_takes_two_weedlocks_from_one_base(text: str, card: str) -> None:
    """Mandragore (level 4, English text; the German Seeder): "or choose any one
    Base (including your own) and take 2 Weedlocks from it." """
    s = rig(
        WILDLIFE, players=3, hand=[card], bases=MANDRAGORE_BASES, weedlock_text=text
    )
    do(s, skill(card), pick_base(2, 1))
    assert legal_actions(s) == ALL_WEEDLOCK_PICKS[:-1]  # Base 2 again, or another
    do(s, pick_base(2, 1))
    assert s.phase == Phase.ACTION
    assert hand(s) == ["Sapling", "Sapling"]
    assert base(s, 2) == ["Domina"]


def test_german_mandragore_takes_all_weedlocks_from_one_base() -> None:
    """Mandragore (level 4, German text): "Nimm alle Weedlock Karten" -- take all
    Weedlocks from one Base (including your own); hand limit applies."""
    s = rig(
        WILDLIFE,
        hand=["Mandragore"],
        bases={
            0: ["Sapling", "Cyberwitch"],
            1: ["Sapling", "Frogt'Opus", "Seeder", "Sapling", "Stalkroot"],
        },
        weedlock_text="de",
    )
    do(s, skill("Mandragore"))
    assert legal_actions(s) == [
        DONE,
        pick_base(0, 1),
        pick_base(1, 1),
        pick_base(1, 2),
        pick_base(1, 4),
    ]
    do(s, pick_base(1, 4))
    assert s.phase == Phase.ACTION
    assert hand(s) == ["Sapling", "Seeder", "Sapling"]  # taken from the top down
    assert base(s, 1) == ["Frogt'Opus", "Stalkroot"]  # the Leader stays
    assert base(s, 0) == ["Sapling", "Cyberwitch"]


# --- Rules for every skill ------------------------------------------------------------

BASE_TARGETING = [
    ("en", "Sergeant"),
    ("en", "Shu'War"),
    ("en", "Mu'Shell"),
    ("en", "Mindwasp"),
    ("en", "Custodian"),
    ("en", "Mandragore"),
    ("de", "Seeder"),
    ("de", "Mandragore"),
]


@pytest.mark.parametrize(("text", "card"), BASE_TARGETING)
def test_golden_rule_no_skill_targets_a_leader(text: str, card: str) -> None:
    """ "Remember the Golden Rule: Leaders are immune to the effect of Mercenary
    skills." Every Base-targeting skill would take (or subjugate) the level 2
    Weedlock Stalkroot, except when it is a Leader."""
    leaders_only = {0: ["Stalkroot"], 1: ["Stalkroot"]}
    s = rig(WILDLIFE, hand=[card], bases=leaders_only, weedlock_text=text)
    do(s, skill(card))
    assert legal_actions(s) == [DONE]
    assert_illegal(s, pick_base(0, 1))

    one_under = {0: ["Stalkroot", "Stalkroot"], 1: ["Stalkroot"]}
    s = rig(WILDLIFE, hand=[card], bases=one_under, weedlock_text=text)
    do(s, skill(card))
    assert legal_actions(s) == [DONE, pick_base(0, 1)]


TAKING = [
    ("en", "Fish'Bean"),
    ("en", "Sergeant"),
    ("en", "Colonel"),
    ("en", "Shu'War"),
    ("en", "Mu'Shell"),
    ("en", "Mandragore"),
    ("de", "Seeder"),
    ("de", "Mandragore"),
]


def _leader_with_hand(text: str, leader: str, cards: int) -> GameState:
    """`leader` heads seat 0's Base over Weedlocks; seat 0 holds `cards` cards."""
    return rig(
        WILDLIFE,
        leader_step=True,
        hand=FILLER[:cards],
        bases={
            0: ["Sapling", "Stalkroot", "Sapling", leader],
            1: ["Sapling", "Stalkroot", "Cyberwitch"],
        },
        weedlock_text=text,
    )


@pytest.mark.parametrize(("text", "leader"), TAKING)
def test_the_hand_limit_applies_to_every_take_a_card_skill(
    text: str, leader: str
) -> None:
    """ "For all skills, the hand limit applies. You can never take cards in
    excess of this with the use of any skill." At 7 cards a Leader's take-a-card
    skill offers nothing; at 6 it gives one card and no more."""
    s = _leader_with_hand(text, leader, 7)
    do(s, USE)
    assert legal_actions(s) == [DONE]
    assert_illegal(s, pick_base(0, 1))

    s = _leader_with_hand(text, leader, 6)
    do(s, USE)
    picks = [a for a in legal_actions(s) if a != DONE]
    assert picks
    do(s, picks[0])
    assert len(s.players[0].hand) == 7
    assert not offers_more_cards(s)
