"""FLY and CLIMB (cards "terrain"): the Mudgestick's reach, the action points,
the d10 that sweeps a Hewn away, and the landing as an entry (danger tokens,
same-space encounters, the reaction window); the rulebook's Bliog, Sveanivo
and Chumbee examples replayed."""

from __future__ import annotations

import pytest

from scavenger_env.core.errors import IllegalActionError
from scavenger_env.hewns.engine import position as pos
from scavenger_env.hewns.engine import rules
from scavenger_env.hewns.engine.actions import DIE, SPACE, Ctrl, Verb
from scavenger_env.hewns.engine.describe import ask_help, describe_action
from scavenger_env.hewns.engine.digest import state_data
from scavenger_env.hewns.engine.state import DEAD, Ask, State
from scavenger_env.hewns.engine.turnstate import HewnTurnFrame, hewn_turn


def the_turn(state: State) -> HewnTurnFrame:
    """The Hewn turn on the stack (on top, or under the decision asked)."""
    return next(hewn_turn(f) for f in reversed(state.frames) if f.ask == Ask.HEWN_TURN)


def targets(state: State) -> set[int]:
    """The spaces offered on top (a step, or a flight's target)."""
    return {a - SPACE for a in rules.legal_actions(state) if SPACE <= a < SPACE + 64}


def terrain(num_players: int = 2, **options: object) -> State:
    return pos.actions_phase(num_players, cards="terrain", **options)


# --- the rulebook's examples ---------------------------------------------------------


def test_bliog_with_3_action_points_cannot_climb_where_the_stick_touches_a_node() -> (
    None
):
    """rulebook: "(Example : The Bliog has 3 action points left and wants to
    climb to space "Z", but cannot climb to it, because the Mudgestick can't
    be orientated without touching another Ravine or Node.)" From ravine space
    34, node 2 is within the Mudgestick's reach (a flier gets there) but every
    line to it crosses other spaces: no climb to it; a clear space is offered,
    and the climb uses up the 3 action points."""
    state = terrain()
    bliog = pos.place(state, "Bliog", 0, space=34)
    pos.start_hewn_turn(state, bliog)
    pos.set_ap(state, 3)
    assert Verb.CLIMB in rules.legal_actions(state)
    pos.play(state, Verb.CLIMB)
    offered = targets(state)
    assert 2 in state.board.fly_targets[34] and 2 not in offered
    assert offered == set(state.board.climb_targets[34])
    pos.play(state, SPACE + 12)
    pos.roll(state, "d10", 4)
    assert state.loc[bliog] == 12
    # no action point left: its Hewn turn ended by itself
    assert all(f.ask != Ask.HEWN_TURN for f in state.frames)


def test_a_climb_needs_3_action_points() -> None:
    """rulebook: "the climb can be attempted - provided the Hewn has at least 3
    action points left in his turn, as the climbing Hewn will use up 3 action
    points": with 2 left CLIMB is not offered, and refused."""
    state = terrain()
    bliog = pos.place(state, "Bliog", 0, space=34)
    pos.start_hewn_turn(state, bliog)
    pos.set_ap(state, 2)
    assert Verb.CLIMB not in rules.legal_actions(state)
    with pytest.raises(IllegalActionError):
        pos.play(state, Verb.CLIMB)


def test_sveanivo_flies_between_two_spaces_when_the_d10_is_not_0() -> None:
    """rulebook: "Success: A Sveanivo successfully flies between two spaces;
    the distance is shorter than the Mudgestick and it doesn't roll a "0" on
    the d10." The flight costs 2 action points ("The flying Hewn will use up 2
    action points") and the Hewn may act again where it lands."""
    state = terrain()
    sveanivo = pos.place(state, "Sveanivo", 0, space=34)
    pos.start_hewn_turn(state, sveanivo)
    pos.play(state, Verb.FLY)
    assert targets(state) == set(state.board.fly_targets[34])
    assert 2 in targets(state)  # out of a climber's reach
    pos.play(state, SPACE + 2)
    assert rules.legal_actions(state) == [DIE + i for i in range(10)]  # the d10
    pos.roll(state, "d10", 1)
    assert state.loc[sveanivo] == 2
    assert the_turn(state).ap == 2
    assert Verb.FLY in rules.legal_actions(state)  # "more than once"


def test_sveanivo_rolling_0_dies_and_its_substract_is_destroyed() -> None:
    """rulebook: "Failure: The Sveanivo rolls a "0" when attempting to fly and
    dies"; "On a roll of "0" The Hewn is swept away and dies. (See the section
    on Hewns dying.)": its card is discarded and its Substract destroyed (the
    normal back to the pile); its Hewn turn ends and the player turn goes on."""
    state = terrain()
    sveanivo = pos.place(state, "Sveanivo", 0, space=34, normal=1, dirty=1)
    pos.place(state, "Skrunke", 0, space=0)  # keeps the player turn open
    pile = state.normal_pile
    pos.start_hewn_turn(state, sveanivo)
    pos.play(state, Verb.FLY, SPACE + 2)
    pos.roll(state, "d10", 0)
    assert state.loc[sveanivo] == DEAD
    assert (state.normal[sveanivo], state.dirty[sveanivo]) == (0, 0)
    assert state.normal_pile == pile + 1
    assert state.frames[-1].ask == Ask.PLAYER_TURN


def test_chumbee_moves_through_a_magnetic_tunnel_for_1_action_point() -> None:
    """rulebook picture: "Chumbee moving through a magnetic tunnel. (Costs 1
    action point.)"; "when you move through you appear on the other side of
    the magnetic tunnel immediately". A climber may still climb from there."""
    state = terrain()
    chumbee = pos.place(state, "Chumbee", 0, space=50)
    pos.start_hewn_turn(state, chumbee)
    pos.play(state, SPACE + 53)  # the small magnetic tunnel 50~53
    assert state.loc[chumbee] == 53
    assert the_turn(state).ap == 4
    assert Verb.CLIMB in rules.legal_actions(state)


# --- who, what it costs, where ---------------------------------------------------------


def test_only_a_hewn_with_the_ability_flies_or_climbs() -> None:
    """rulebook: "Any Hewn that can fly, can sacrifice 2 action points"; "Any
    Hewn that can climb, can sacrifice 3": a Hewn without the ability on its
    card is offered neither, and a rigged card with it is."""
    state = terrain()
    skrunke = pos.place(state, "Skrunke", 0, space=34)
    pos.start_hewn_turn(state, skrunke)
    legal = rules.legal_actions(state)
    assert Verb.FLY not in legal and Verb.CLIMB not in legal
    pos.rig(state, skrunke, abilities=("fly", "climb"))
    legal = rules.legal_actions(state)
    assert Verb.FLY in legal and Verb.CLIMB in legal


def test_a_flight_needs_2_action_points() -> None:
    """rulebook: "The Hewn must have enough action points to do the flight,
    otherwise she cannot fly"; "Fly 2"."""
    state = terrain()
    sveanivo = pos.place(state, "Sveanivo", 0, space=34)
    pos.start_hewn_turn(state, sveanivo)
    pos.set_ap(state, 1)
    assert Verb.FLY not in rules.legal_actions(state)
    pos.set_ap(state, 3)
    pos.play(state, Verb.FLY, SPACE + 13)
    pos.roll(state, "d10", 9)
    assert the_turn(state).ap == 1


def test_a_flight_lands_only_where_the_hewns_size_fits() -> None:
    """rulebook: "Medium Hewns cannot move into small ravine spaces, small node
    spaces": a medium flier is offered the spaces in reach that admit it."""
    state = terrain()
    fogbear = pos.place(state, "Fogbear", 0, space=34)
    pos.rig(state, fogbear, abilities=("fly",))
    pos.start_hewn_turn(state, fogbear)
    pos.play(state, Verb.FLY)
    board = state.board
    reach = set(board.fly_targets[34])
    assert targets(state) == {t for t in reach if board.admits(t, 2)}
    assert {40, 49} <= reach - targets(state)  # small ravine spaces


def test_a_bad_target_is_refused_and_changes_nothing() -> None:
    """Bad input gets the project's error and leaves the position as it was: a
    space out of the Mudgestick's reach, or a step id given as a flight."""
    state = terrain()
    sveanivo = pos.place(state, "Sveanivo", 0, space=34)
    pos.start_hewn_turn(state, sveanivo)
    pos.play(state, Verb.FLY)
    before = state_data(state)
    for bad in (SPACE + 45, Ctrl.END_HEWN_TURN, Verb.FLY, -1):
        with pytest.raises(IllegalActionError):
            rules.apply_action(state, bad)
    assert state_data(state) == before


def test_the_flight_is_not_offered_off_the_board() -> None:
    """Flights start on the board's node and ravine spaces only ("from a space
    to another distant space"): off the board a flier only enters."""
    state = terrain()
    sveanivo = pos.place(state, "Sveanivo", 0)
    pos.start_hewn_turn(state, sveanivo)
    assert Verb.FLY not in rules.legal_actions(state)


# --- the landing is an entry -----------------------------------------------------------


def test_landing_on_a_danger_token_is_attacked() -> None:
    """rulebook: "Hewns moving into any space containing a danger token will
    also be attacked": after the d10 the lava's attack asks for body
    screens."""
    state = terrain()
    sveanivo = pos.place(state, "Sveanivo", 0, space=34, dirty=2)
    pos.set_token(state, 13, "lava")
    pos.start_hewn_turn(state, sveanivo)
    pos.play(state, Verb.FLY, SPACE + 13)
    pos.roll(state, "d10", 3)
    assert state.loc[sveanivo] == 13
    assert state.frames[-1].ask == Ask.SCREENS


def test_landing_on_a_healthy_enemy_starts_the_same_space_encounter() -> None:
    """rulebook: "If the Hewn wants to end the flight in a space with another
    enemy healthy Hewn, a same space encounter must take place, but this is a
    free action."""
    state = terrain()
    sveanivo = pos.place(state, "Sveanivo", 0, space=34)
    enemy = pos.place(state, "Skrunke", 1, space=13)
    pos.start_hewn_turn(state, sveanivo)
    pos.play(state, Verb.FLY, SPACE + 13)
    pos.roll(state, "d10", 6)
    assert any(f.ask == Ask.SAME_SPACE for f in state.frames)
    assert the_turn(state).ap == 2
    assert state.loc[enemy] == 13


def test_climbing_out_of_a_danger_space_counts_as_leaving_it() -> None:
    """rulebook: "it must leave the space immediately! ... Hewns may also be
    able to dig; fly; or climb themselves out of danger": a forced climber is
    offered CLIMB but not MINE, and once it has climbed away it may mine."""
    state = terrain()
    chumbee = pos.place(state, "Chumbee", 0, space=34)
    pos.set_token(state, 34, "lava")
    pos.set_mine(state, 12, 0)
    pos.start_hewn_turn(state, chumbee)
    legal = rules.legal_actions(state)
    assert Verb.CLIMB in legal and Verb.MINE not in legal
    assert Ctrl.END_HEWN_TURN not in legal  # rules 2: it must leave
    pos.play(state, Verb.CLIMB, SPACE + 12)
    pos.roll(state, "d10", 5)
    assert the_turn(state).forced == 0
    assert Verb.MINE in rules.legal_actions(state)


def test_a_forced_hewn_with_only_a_flight_out_must_take_it() -> None:
    """rulebook: "Sometimes Hewns will find themselves surrounded by danger
    Tokens but they still need to move at least 1 space" and they may "fly
    ... themselves out of danger": a flier whose every step is blocked (here,
    by its size) still has a way out, so its player may not end the turn
    first and the Hewn may not end its Hewn turn in the danger space."""
    state = terrain()
    fogbear = pos.place(state, "Fogbear", 0, space=44)
    pos.rig(state, fogbear, abilities=("fly",))
    pos.set_token(state, 44, "snedj")
    for space in state.board.steps[2][44]:
        pos.set_token(state, space, "lava")
    pos.start_player_turn(state, 0)
    assert Ctrl.END_PLAYER_TURN not in rules.legal_actions(state)
    pos.start_hewn_turn(state, fogbear)
    legal = rules.legal_actions(state)
    assert Verb.FLY in legal and Ctrl.END_HEWN_TURN not in legal


def test_enemies_react_to_a_landing_when_the_movement_stops() -> None:
    """rulebook: reacting Hewns are "healthy enemy Hewns ... that can now see
    the moving Hewn - after it has moved"; "A Hewn that is digging, climbing
    or flying cannot see another Hewn until it reaches its destination
    space": an armed enemy in node 0, which cannot see space 34, sees the
    flier land on 12 and is asked to react when it stops."""
    state = terrain()
    sveanivo = pos.place(state, "Sveanivo", 0, space=34)
    pos.place(state, "Sveanivo", 1, space=0, dirty=2)
    pos.start_hewn_turn(state, sveanivo)
    pos.play(state, Verb.FLY, SPACE + 12)
    pos.roll(state, "d10", 2)
    assert state.frames[-1].ask == Ask.HEWN_TURN  # moving on is allowed
    pos.play(state, Ctrl.END_HEWN_TURN)
    assert state.frames[-1].ask == Ask.REACT and state.frames[-1].seat == 1


def test_rules_1_opens_the_window_right_after_the_landing() -> None:
    """Under rules 1 every movement opened the reactions at once (as each step
    did then)."""
    state = terrain(rules_version=1)
    sveanivo = pos.place(state, "Sveanivo", 0, space=34)
    pos.place(state, "Sveanivo", 1, space=0, dirty=2)
    pos.start_hewn_turn(state, sveanivo)
    pos.play(state, Verb.FLY, SPACE + 12)
    pos.roll(state, "d10", 2)
    assert state.frames[-1].ask == Ask.REACT


def test_the_flight_reads_in_words() -> None:
    """Every new decision reads plainly: the verb with its cost and risk, the
    target, and the d10 with what a 0 means ("On a roll of "0" The Hewn is
    swept away and dies")."""
    state = terrain()
    sveanivo = pos.place(state, "Sveanivo", 0, space=34)
    pos.start_hewn_turn(state, sveanivo)
    assert "2 action points" in describe_action(state, Verb.FLY)
    pos.play(state, Verb.FLY)
    assert "Mudgestick" in ask_help(Ask.FLIGHT_TARGET)
    assert describe_action(state, SPACE + 13).endswith("fly to space 13 (he.2)")
    pos.play(state, SPACE + 13)
    words = describe_action(state, DIE + 0)
    assert "d10" in words and "swept away" in words and "space 13" in words


def test_no_flight_or_climb_from_inside_a_dug_tunnel() -> None:
    """Flights start and end on the map's ravine and node spaces ("flying over
    the mountainous terrain"): a flier inside a dug tunnel is offered no FLY,
    it steps out first, and no flight lands in a tunnel."""
    state = terrain()
    inside = pos.set_tunnel(state, 1, 34, 13)
    sveanivo = pos.place(state, "Sveanivo", 0, space=inside)
    pos.start_hewn_turn(state, sveanivo)
    legal = rules.legal_actions(state)
    assert Verb.FLY not in legal
    assert SPACE + 34 in legal  # out at either end
    pos.play(state, SPACE + 34)
    pos.play(state, Verb.FLY)
    assert all(a < SPACE + 64 for a in rules.legal_actions(state))
