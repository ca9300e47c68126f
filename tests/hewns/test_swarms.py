"""Swarms (cards "complete"): members and their sockets, close combat by members
left, casualties chosen by the owner (SWARM_LOSS) in every kind of attack, a
member lost instead of a stun, brain repair of a swarm, and the rulebook's swarm
examples.

Positions are set up with `engine.position` on the 2-player crater: space 1
admits every size and a Medium Hewn steps into it from space 11; the normal
mine 44 (bonus 0) lies between spaces 43 and 45; the 9 -> 0 step comes into
the sight of space 12.
"""

from __future__ import annotations

import numpy as np
import pytest

from agents.hewns.heuristics import HewnsScriptedAgent
from scavenger_env.hewns.engine import position as pos
from scavenger_env.hewns.engine import rules, swarm
from scavenger_env.hewns.engine.actions import (
    DIE,
    HEWN,
    NUM,
    SOCKET,
    SPACE,
    TECH,
    Ctrl,
    Option,
    Verb,
)
from scavenger_env.hewns.engine.data import DICE, DieKind, TechKind
from scavenger_env.hewns.engine.describe import describe_action, why_asked
from scavenger_env.hewns.engine.flow import is_chance
from scavenger_env.hewns.engine.rules import legal_actions
from scavenger_env.hewns.engine.state import (
    DEAD,
    EMPTY_SLOT,
    NO_SLOT,
    NONE,
    Ask,
    Frame,
    State,
)
from scavenger_env.hewns.engine.turnstate import hewn_turn

VEYARK = "Veyark & 8 Arkz"
BLAZOOOG = "Blazooog & 6 Inclincs"
HERE, FROM = 1, 11
NORMAL_MINE = 44
NANA, CLAW, SLOCIC = TechKind.NANANBITES, TechKind.MINING_CLAW, TechKind.SLOCIC_SHIELD


def game() -> State:
    return pos.actions_phase(2, shown=True, cards="complete")


def act(state: State, *actions: int) -> None:
    for a in actions:
        assert not is_chance(state), state.roll_queue
        rules.apply_action(state, a)


def face(kind: DieKind, value: int) -> int:
    faces = DICE[kind].faces
    return next(i for i, f in enumerate(faces) if f.value == value)


def roll(state: State, kind: DieKind, *values: int) -> None:
    for v in values:
        assert state.roll_queue and state.roll_queue[0] == kind, state.roll_queue
        rules.apply_action(state, DIE + face(kind, v))


def top(state: State) -> Frame:
    return state.frames[-1]


def skip_away(state: State) -> None:
    while top(state).ask == Ask.TRANSMIT_AWAY:
        act(state, Ctrl.DONE)


def picks(state: State, *counts: int) -> None:
    skip_away(state)
    assert top(state).ask == Ask.PICK_L
    act(state, *(NUM + c for c in counts))


def choose_losses(state: State, *members: int) -> None:
    for m in members:
        assert top(state).ask == Ask.SWARM_LOSS, top(state)
        act(state, NUM + m)


# --- members and sockets --------------------------------------------------------------


def test_members_carry_the_sockets_of_the_card() -> None:
    """rulebook Example 2: "The Veyark & 8 Arkz swarm have 5 smaller Arkz each
    with a Nanasocket and 3 bigger Arkz each equipped with a Sicket Socket"; the
    Blazooog's first 2 Inclincs carry its 2 Nanasockets; leaders carry none."""
    s = game()
    veyark = pos.place(s, VEYARK, 0, HERE)
    blazooog = pos.place(s, BLAZOOOG, 1)
    assert [swarm.member_slot(s, veyark, m) for m in range(9)] == [
        NONE, 0, 1, 2, 3, 4, 5, 6, 7,
    ]  # fmt: skip
    assert s.card(veyark).nanasockets == 5 and s.card(veyark).sicket_sockets == 3
    assert [swarm.member_slot(s, blazooog, m) for m in range(7)] == [
        NONE, 0, 1, NONE, NONE, NONE, NONE,
    ]  # fmt: skip
    assert (s.members[veyark], s.members[blazooog]) == (9, 7)
    assert swarm.live_members(s, veyark) == list(range(9))


def test_example_2_member_sockets_take_technologies_by_banjering() -> None:
    """rulebook Example 2: "These Arkz can receive technology upgrades like any
    other Hewn as per the Banjering & attachment rules"; a killed member's
    socket takes nothing ("until that swarm member is killed")."""
    s = game()
    veyark = pos.place(s, VEYARK, 0, HERE)
    pos.set_members(s, veyark, [0, 1, 2, 3, 4, 6, 7, 8])  # member 5 died
    pos.set_screen(s, 0, nananbites=1, slocic_shield=1)
    pos.start_player_turn(s, 0)
    act(s, Verb.BANJER, TECH + NANA, HEWN + veyark)
    assert legal_actions(s) == [SOCKET + i for i in (0, 1, 2, 3)]  # not slot 4
    act(s, SOCKET + 3)
    act(s, Verb.BANJER, TECH + SLOCIC, HEWN + veyark)
    assert legal_actions(s) == [SOCKET + 5, SOCKET + 6, SOCKET + 7]
    act(s, SOCKET + 7)
    assert s.slots[veyark] == [-1, -1, -1, NANA, NO_SLOT, -1, -1, SLOCIC]


def test_it_only_has_4_action_points() -> None:
    """rulebook: "The Hewn swarm can still only do as many actions as it has
    action points. (E.g.: The Veyark & Arkz swarm can only do 4 actions as it
    only has 4 action points.)"."""
    s = game()
    veyark = pos.place(s, VEYARK, 0, HERE)
    pos.start_hewn_turn(s, veyark)
    assert hewn_turn(top(s)).ap == 4


def test_a_swarm_moves_as_one_hewn_of_its_cards_size() -> None:
    """rulebook: "All of those members must travel together" ("Inclincs moving
    into a normal tunnel and then onto the other side. (Total cost 2 action
    points.)"): the small Blazooog goes through a small dug tunnel, the medium
    Veyark does not."""
    s = game()
    small = pos.set_tunnel(s, 1, 45, 30)
    blazooog = pos.place(s, BLAZOOOG, 0, 45)
    pos.start_hewn_turn(s, blazooog)
    act(s, SPACE + small, SPACE + 30)
    assert s.loc[blazooog] == 30 and hewn_turn(top(s)).ap == 5 - 2
    other = game()
    pos.set_tunnel(other, 1, 45, 30)
    pos.start_hewn_turn(other, pos.place(other, VEYARK, 0, 45))
    assert SPACE + small not in legal_actions(other)
    assert SPACE + 44 in legal_actions(other)  # it moves, just not in there


def test_example_1_claws_on_two_members_roll_two_mining_dice() -> None:
    """rulebook Example 1: "If two members of the swarm had mining claws attached
    to them, the swarm could spend an action to begin to mine just like any
    other Hewn - and would roll 2 mining dice for those claws plus any other
    bonus dice" (the normal mine adds none); once a claw's member is killed, its
    claw is gone with it."""
    s = game()
    veyark = pos.place(s, VEYARK, 0, NORMAL_MINE, techs=["Mining claw", "Mining claw"])
    assert s.slots[veyark][5:] == [CLAW, CLAW, EMPTY_SLOT]
    pos.start_hewn_turn(s, veyark)
    act(s, Verb.MINE, Option.MINE_PLAIN)
    assert s.roll_queue == [DieKind.MINING, DieKind.MINING]
    s = game()
    veyark = pos.place(s, VEYARK, 0, NORMAL_MINE, techs=["Mining claw", "Mining claw"])
    swarm.kill_member(s, veyark, 6)  # member 6 carries the first Sicket socket
    pos.start_hewn_turn(s, veyark)
    act(s, Verb.MINE, Option.MINE_PLAIN)
    assert s.roll_queue == [DieKind.MINING]


def test_a_killed_member_takes_its_technologies_to_the_box() -> None:
    """rulebook: "The swarm owner decides which members of the swarm are killed -
    returning them and any technology they had to the box": a Nananbite dies,
    a Mamabite takes what it holds."""
    s = game()
    veyark = pos.place(
        s, VEYARK, 0, HERE, techs=["Nananbites", "Mamabite", "Nananbites"]
    )
    # Nanasocket 0, Nanasocket 1, the Mamabite in Sicket socket 5 (slots 8-11)
    assert (
        s.slots[veyark][:2] == [NANA, NANA] and s.slots[veyark][5] == TechKind.MAMABITE
    )
    dead = s.nana_dead
    swarm.kill_member(s, veyark, 1)
    assert s.slots[veyark][0] == NO_SLOT and s.nana_dead == dead + 1
    swarm.kill_member(s, veyark, 6)
    assert s.slots[veyark][5] == NO_SLOT and len(s.slots[veyark]) == 8
    assert (s.members[veyark], s.member_alive[veyark]) == (7, 0b110111101)


def test_the_leader_takes_what_the_heart_card_holds() -> None:
    """Ruling (the design puts a swarm's heart card on its leader): the
    leader's death destroys the heart's stone, as a Hewn's death does ("a heart
    stone is destroyed"); the swarm lives on with an empty heart card."""
    s = game()
    veyark = pos.place(s, VEYARK, 0, HERE, techs=["Heart stones"])
    assert s.heart[veyark] == 0
    with pytest.raises(pos.PositionError, match="keep the leader alive"):
        pos.set_members(s, veyark, [1, 2])
    swarm.lose(s, veyark, 1)
    assert describe_action(s, NUM + 0).endswith("with what its heart card holds)")
    act(s, NUM + 0)
    assert s.heart[veyark] == NONE and s.members[veyark] == 8
    assert s.healthy(veyark) and s.card(veyark).heart


# --- attacks --------------------------------------------------------------------------


def test_close_combat_dice_are_the_members_left() -> None:
    """rulebook: "If performing a close combat attack, a swarm rolls close combat
    dice equal to the number of members remaining in the swarm"."""
    s = game()
    veyark = pos.place(s, VEYARK, 0, FROM)
    pos.set_members(s, veyark, [0, 1, 2, 3, 7, 8])
    pos.place(s, "Spricelos", 1, HERE)
    pos.start_hewn_turn(s, veyark)
    act(s, SPACE + HERE)
    picks(s, 0, 0, 0, 0, 0)
    picks(s, 0, 0, 0, 0, 0)
    while top(s).ask == Ask.INTENT:
        act(s, Option.ATTACK)
    assert s.roll_queue[:7] == [DieKind.CLOSE_COMBAT] * 6 + [DieKind.SPEED]


def test_a_token_attack_kills_attack_less_defence_members_chosen_by_the_owner() -> None:
    """rulebook: "If it was a swarm being attacked, then only the swarm members
    representing the difference between the hurt rolls and the defence rolls
    would die - the owning player would then choose which swarm members die"
    (no hurt die: "Never roll the hurt dice when a swarm is the victim")."""
    s = game()
    veyark = pos.place(s, VEYARK, 0, 43, techs=["Nananbites"])
    pos.set_token(s, NORMAL_MINE, "snedj")
    pos.start_hewn_turn(s, veyark)
    act(s, SPACE + NORMAL_MINE, NUM + 0)  # no body screens
    roll(s, DieKind.CLOSE_COMBAT, 1, 1, 1, 1, 1, 0, 0, 0)  # 5
    roll(s, DieKind.SPEED, 1, 0, 0, 0)
    roll(s, DieKind.ARMOUR, 1)  # defence 2: three members die
    assert top(s).ask == Ask.SWARM_LOSS and top(s).seat == 0 and top(s).other == 3
    assert legal_actions(s) == [NUM + m for m in range(9)]  # the leader too
    choose_losses(s, 1, 8)
    assert legal_actions(s) == [NUM + m for m in (0, 2, 3, 4, 5, 6, 7)]
    choose_losses(s, 0)
    assert s.members[veyark] == 6 and s.member_alive[veyark] == 0b011111100
    assert s.slots[veyark][0] == NO_SLOT  # member 1's Nananbite died with it
    assert s.healthy(veyark) and s.loc[veyark] == NORMAL_MINE
    assert not s.roll_queue and top(s).ask == Ask.HEWN_TURN


def test_a_same_space_attack_on_a_swarm_kills_members() -> None:
    """rulebook "Attacking a swarm": "The attacker rolls any close combat or
    weapon dice and the total on the attacker's dice are compared to the total
    the defending swarm rolled. The difference ... are the amount of swarm
    members killed - no hurt dice are rolled". A Gombat (5 close combat) steps
    into the Veyark's space; the Veyark strikes back with its 9 members."""
    s = game()
    gombat = pos.place(s, "Gombat", 1, FROM)
    veyark = pos.place(s, VEYARK, 0, HERE)
    pos.start_hewn_turn(s, gombat)
    act(s, SPACE + HERE)
    picks(s, 0, 0, 0, 0, 0)
    picks(s, 0, 0, 0, 0, 0)
    roll(s, DieKind.CLOSE_COMBAT, 1, 1, 1, 1, 1)  # the Gombat's 5
    roll(s, DieKind.SPEED, 0, 0, 0, 0)
    roll(s, DieKind.ARMOUR, 1)  # the Veyark's defence: 1
    roll(s, DieKind.CLOSE_COMBAT, *[0] * 9)  # the Veyark's 9 miss
    roll(s, DieKind.SPEED, 0, 0, 0, 0)
    roll(s, DieKind.ARMOUR, 0, 0)
    while top(s).ask in (Ask.DODGE, Ask.REROLL):
        act(s, Ctrl.DONE)
    assert DieKind.HURT not in s.roll_queue
    assert top(s).ask == Ask.SWARM_LOSS and top(s).seat == 0 and top(s).other == 4
    choose_losses(s, 1, 2, 3, 4)
    assert s.members[veyark] == 5 and s.healthy(veyark) and s.healthy(gombat)


def test_as_many_casualties_as_members_left_kill_the_swarm() -> None:
    """rulebook: "If the total of attacker hits (less the swarm's defence total
    rolled) equals or exceeds the number of swarm members left, the entire
    swarm dies and is removed from the board" (nothing to choose)."""
    s = game()
    blazooog = pos.place(s, BLAZOOOG, 0, 43)
    pos.set_members(s, blazooog, [0, 4, 5])
    pos.set_token(s, NORMAL_MINE, "snedj")
    pos.start_hewn_turn(s, blazooog)
    act(s, SPACE + NORMAL_MINE, NUM + 0)
    roll(s, DieKind.CLOSE_COMBAT, 1, 1, 1, 1, 0, 0, 0, 0)  # 4
    roll(s, DieKind.SPEED, 1, 0, 0, 0, 0)  # defence 1 (no armour): 3 casualties
    assert s.loc[blazooog] == DEAD and s.members[blazooog] == 0
    assert all(f.ask != Ask.SWARM_LOSS for f in s.frames)


def test_a_ranged_hit_on_a_swarm_rolls_no_hurt_die() -> None:
    """rulebook: "Note: Never roll the hurt dice when a swarm is the victim of a
    successful ... attack. The difference between the attacker's total and
    the swarm are the amount of swarm members killed"."""
    s = game()
    pos.set_mine(s, 0, None)
    zach = pos.place(s, "Chailbine Zach", 0, 9, dirty=4)
    veyark = pos.place(s, VEYARK, 1, 12)
    pos.start_hewn_turn(s, zach)
    act(s, SPACE + 0)
    while top(s).ask == Ask.REACT:
        act(s, Ctrl.DONE)
    act(s, Verb.ANNOUNCE)
    while top(s).ask == Ask.REACT:
        act(s, Ctrl.DONE)
    picks(s, 1, 1, 0)
    act(s, HEWN + veyark)
    roll(s, DieKind.LASER, 4)
    roll(s, DieKind.AREA, 3)
    roll(s, DieKind.SPEED, 0, 0, 1, 0)
    roll(s, DieKind.ARMOUR, 0)  # 7 against 1
    assert top(s).ask == Ask.SWARM_LOSS and top(s).seat == 1 and top(s).other == 6
    assert DieKind.HURT not in s.roll_queue
    choose_losses(s, 1, 2, 3, 4, 5, 6)
    assert s.members[veyark] == 3 and swarm.live_members(s, veyark) == [0, 7, 8]
    assert s.ctrl[veyark] == 1 and not s.damaged[veyark]


def test_an_artillery_hit_on_a_swarm_kills_members() -> None:
    """rulebook: "Never roll the hurt dice when a swarm is the victim of a
    successful ... attack" (artillery too): an Igil in space 9 shells the
    Blazooog in space 12, out of its sight; the Blazooog discards the highest
    die (5 speed dice, no armour)."""
    s = game()
    pos.set_mine(s, 0, None)
    igil = pos.place(s, "Igil", 0, 9, normal=5)
    blazooog = pos.place(s, BLAZOOOG, 1, 12)
    pos.start_hewn_turn(s, igil)
    pos.play(s, "VERB ARTILLERY", HEWN + blazooog, NUM + 1, NUM + 2)
    pos.play(s, "NUM 0")  # the Blazooog burns no screens
    pos.roll(s, "laser", 4)
    pos.roll(s, "area", 3, 2)
    pos.roll(s, "speed", 1, 0, 0, 0, 0)
    assert top(s).ask == Ask.DISCARD
    pos.play(s, "DIE 0")  # the 4: 5 against 1 is left
    assert DieKind.HURT not in s.roll_queue
    assert top(s).ask == Ask.SWARM_LOSS and top(s).seat == 1 and top(s).other == 4
    choose_losses(s, 3, 4, 5, 6)
    assert s.members[blazooog] == 3 and s.healthy(blazooog)


def test_a_bomb_overflow_costs_a_swarm_members() -> None:
    """rulebook: the implosion bomb's overflow: "any Hewn on that space is
    attacked by a 4 close combat dice attack"; a swarm there loses the
    difference in members ("Never roll the hurt dice when a swarm is the
    victim"). Seat 0's Chailbine (with a bomb) attacks a Hover Cataclysm in
    space 12 and misses; the overflow hits seat 1's Blazooog in space 13."""
    s = game()
    pos.set_mine(s, 0, None)
    zach = pos.place(s, "Chailbine Zach", 0, 9, dirty=4, techs=("Implosion bomb",))
    cat = pos.place(s, "Hover Cataclysm", 1, 12, dirty=4)
    blazooog = pos.place(s, BLAZOOOG, 1, 13)
    pos.start_hewn_turn(s, zach)
    act(s, SPACE + 0)
    if top(s).ask == Ask.HEWN_TURN:
        act(s, Ctrl.END_HEWN_TURN)
    act(s, HEWN + cat, Ctrl.YES)
    picks(s, 0, 3, 0)
    picks(s, 0, 0, 1)
    act(s, HEWN + cat, Ctrl.YES)
    pos.roll(s, "area", 0, 0, 0)
    pos.roll(s, "close_combat", *[0] * 6)
    pos.roll(s, "speed", 0, 0, 0, 0)
    pos.roll(s, "armour", 0, 0, 0, 0)
    while not is_chance(s) and top(s).ask in (Ask.DODGE, Ask.REROLL):
        act(s, Ctrl.DONE)
    assert top(s).ask == Ask.OVERFLOW_SPACE
    act(s, SPACE + 13, NUM + 0)  # the overflow; the Blazooog burns no screens
    assert s.roll_queue == [DieKind.CLOSE_COMBAT] * 4 + [DieKind.SPEED] * 5
    roll(s, DieKind.CLOSE_COMBAT, 1, 1, 1, 0)
    roll(s, DieKind.SPEED, 1, 0, 0, 0, 0)  # 3 against 1
    assert top(s).ask == Ask.SWARM_LOSS and top(s).seat == 1 and top(s).other == 2
    choose_losses(s, 6, 5)
    assert s.members[blazooog] == 5 and s.healthy(blazooog)
    assert not any(f.ask == Ask.OVERFLOW for f in s.frames)


# --- stun -----------------------------------------------------------------------------


def test_ending_a_turn_with_another_healthy_hewn_costs_a_member() -> None:
    """rulebook: "Swarms can never be stunned or damaged; they simply lose swarm
    members" (D46): where a Hewn ending its turn in a space with another
    healthy Hewn is stunned, a swarm loses a member, chosen by its owner, and
    keeps its control rod."""
    s = game()
    veyark = pos.place(s, VEYARK, 0, FROM)
    pos.place(s, "Fogbear", 0, HERE)
    pos.start_hewn_turn(s, veyark)
    act(s, SPACE + HERE, Ctrl.END_HEWN_TURN)
    assert top(s).ask == Ask.SWARM_LOSS and top(s).other == 1
    choose_losses(s, 4)
    assert s.members[veyark] == 8 and s.ctrl[veyark] == 0
    assert top(s).ask == Ask.PLAYER_TURN


def test_a_swarm_with_one_member_left_dies_where_it_would_be_stunned() -> None:
    """D46 with one member left: losing it kills the swarm."""
    s = game()
    veyark = pos.place(s, VEYARK, 0, FROM)
    pos.set_members(s, veyark, [0])
    pos.place(s, "Fogbear", 0, HERE)
    pos.start_hewn_turn(s, veyark)
    act(s, SPACE + HERE, Ctrl.END_HEWN_TURN)
    assert s.loc[veyark] == DEAD and top(s).ask == Ask.PLAYER_TURN


def test_a_rigged_swarm_is_at_full_strength_and_stays_a_swarm() -> None:
    """`position.rig` may change a swarm's member count (set from the card, at
    full strength) but keeps members and the swarm ability together;
    `set_members` refuses what is no swarm, no live member, or a dying member
    that carries a technology, changing nothing."""
    s = game()
    blazooog = pos.place(s, BLAZOOOG, 0, HERE, techs=["Gunana"])
    pos.rig(s, blazooog, members=4)
    assert (s.members[blazooog], s.member_alive[blazooog]) == (4, 0b1111)
    with pytest.raises(pos.PositionError, match="rig both"):
        pos.rig(s, blazooog, members=0)
    fogbear = pos.place(s, "Fogbear", 1, 27)
    with pytest.raises(pos.PositionError, match="not a swarm"):
        pos.set_members(s, fogbear, [0])
    with pytest.raises(pos.PositionError, match="at least one"):
        pos.set_members(s, blazooog, [])
    with pytest.raises(pos.PositionError, match="carries a technology"):
        pos.set_members(s, blazooog, [0, 2, 3])
    assert (s.members[blazooog], s.slots[blazooog]) == (4, [TechKind.GUNANA, -1])


def test_a_swarm_is_never_placed_stunned_or_damaged() -> None:
    """rulebook: "Swarms can never be stunned or damaged"."""
    s = game()
    with pytest.raises(pos.PositionError, match="never stunned or damaged"):
        pos.place(s, VEYARK, 0, HERE, stunned=True)


# --- brain repair ---------------------------------------------------------------------


def test_brain_repair_on_a_swarm_defends_with_a_d10_and_its_heart() -> None:
    """rulebook: "Swarms roll 1d10 like any other Hewn and get a d10 bonus for
    each heart card they have ... If the repairing Hewn gets a higher d10 roll
    than the swarm, the swarm will get a new control rod from the repairing
    Hewn's team"."""
    s = game()
    spricelos = pos.place(s, "Spricelos", 1, FROM)
    veyark = pos.place(s, VEYARK, 0, HERE, techs=["Heart stones"])
    pos.start_hewn_turn(s, spricelos)
    act(s, SPACE + HERE)
    picks(s, 0, 0, 0, 0, 0)
    picks(s, 0, 0, 0, 0, 0)
    act(s, Option.BRAIN_REPAIR)
    while top(s).ask == Ask.INTENT:
        act(s, Option.ATTACK)
    assert s.roll_queue[:4] == [DieKind.D10] * 4  # 2 to repair, 1 + 1 heart
    roll(s, DieKind.D10, 8, 2, 7, 5)
    roll(s, DieKind.CLOSE_COMBAT, *[0] * 9)
    while s.roll_queue:
        rules.apply_action(s, DIE)
    assert s.ctrl[veyark] == 1 and s.members[veyark] == 9


@pytest.mark.parametrize(("techs", "repairs"), [((), False), (("Nananbites",), True)])
def test_a_swarm_repairs_only_with_nananbites_on_its_members(
    techs: tuple[str, ...], repairs: bool
) -> None:
    """rulebook: "Swarms can attempt brain or body repairs if they have
    technologies attached to them that allow them to "repair" other Hewns. If
    they have Nanabites, they can choose how many of them participate" (no
    Repair ability on the card)."""
    s = game()
    veyark = pos.place(s, VEYARK, 0, FROM, techs=techs)
    pos.place(s, "Fogbear", 1, HERE)
    pos.start_hewn_turn(s, veyark)
    act(s, SPACE + HERE)
    picks(s, 0, 0, 0, 0, 0)
    picks(s, 0, 0, 0, 0, 0)
    asked = not is_chance(s) and top(s).ask == Ask.INTENT and top(s).hewn == veyark
    assert (asked and Option.BRAIN_REPAIR in legal_actions(s)) == repairs


# --- words and bots -------------------------------------------------------------------


def test_the_casualty_decision_reads_in_words() -> None:
    """Each member is named with what it carries; the decision says how many
    casualties are left to choose."""
    s = game()
    veyark = pos.place(s, VEYARK, 0, HERE, techs=["Nananbites", "Slocic Shield"])
    swarm.lose(s, veyark, 2)
    assert describe_action(s, NUM + 0) == "kill member 0 (the leader, Veyark)"
    assert describe_action(s, NUM + 1) == "kill member 1 (a Nanasocket: Nananbites)"
    assert describe_action(s, NUM + 6) == (
        "kill member 6 (a Sicket socket: Slocic Shield)"
    )
    assert "loses 2 more members of 9" in why_asked(s)


def test_bots_lose_members_without_technology_first_and_the_leader_last() -> None:
    """The scripted bots choose casualties with sense: a member carrying
    nothing, then the cheapest technology; the leader last."""
    s = game()
    blazooog = pos.place(s, BLAZOOOG, 0, HERE, techs=["Nananbites", "Gunana"])
    pos.set_members(s, blazooog, [0, 1, 2, 3])  # member 3 carries no socket
    assert HewnsScriptedAgent.member_worth(s, blazooog, 0) == float("inf")
    order = sorted(
        swarm.live_members(s, blazooog),
        key=lambda m: HewnsScriptedAgent.member_worth(s, blazooog, m),
    )
    assert order == [3, 2, 1, 0]  # a Gunana is worth less than a Nananbite
    swarm.lose(s, blazooog, 2)
    bot = HewnsScriptedAgent()
    rng = np.random.default_rng(0)
    assert bot.choose(s, 0, legal_actions(s), rng) == NUM + 3
    act(s, NUM + 3)
    assert bot.choose(s, 0, legal_actions(s), rng) == NUM + 2


@pytest.mark.parametrize("member", [0, 3])
def test_the_leader_and_any_member_may_die(member: int) -> None:
    """Ruling: the leader is a member like the others ("The Veyark counts as a
    member"): any live member may be chosen."""
    s = game()
    veyark = pos.place(s, VEYARK, 0, HERE)
    swarm.lose(s, veyark, 1)
    act(s, NUM + member)
    assert member not in swarm.live_members(s, veyark) and s.members[veyark] == 8


def test_the_token_fight_tells_the_members_lost() -> None:
    """The screen tells a danger token's fight against a swarm in one summary
    once the casualties are chosen: how many members it lost and how many are
    left."""
    from scavenger_env.hewns.game import HEWNS

    s = game()
    pos.place(s, VEYARK, 0, 43)
    pos.set_token(s, NORMAL_MINE, "snedj")
    pos.start_hewn_turn(s, pos.hewn_id(VEYARK))
    narrator = HEWNS.narrator(None)
    lines: list[str] = []

    def play(action: int) -> None:
        told = narrator.tell(s, action)
        lines.extend([told] if told else [])
        rules.apply_action(s, action)
        lines.extend(narrator.after(s))

    play(SPACE + NORMAL_MINE)
    play(NUM + 0)
    for kind, value in [(DieKind.CLOSE_COMBAT, 1)] * 5 + [
        (DieKind.CLOSE_COMBAT, 0)
    ] * 3:
        play(DIE + face(kind, value))
    for kind, value in [(DieKind.SPEED, 1)] + [(DieKind.SPEED, 0)] * 3:
        play(DIE + face(kind, value))
    play(DIE + face(DieKind.ARMOUR, 1))
    for member in (3, 4, 5):
        play(NUM + member)
    text = "\n".join(lines)
    assert "kill member 3 (a Nanasocket: empty)" in text
    assert "lost 3 swarm members (6 left)" in text, text
