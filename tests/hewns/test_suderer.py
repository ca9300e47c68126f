"""EXTRACT with a Suderer (cards "terrain"): 1 action point, once per Hewn
turn, 1 mining die of dirty Substract, kept on the Hewn or sent off-planet; no
mine needed and no danger die."""

from __future__ import annotations

import pytest

from scavenger_env.core.errors import IllegalActionError
from scavenger_env.hewns.engine import position as pos
from scavenger_env.hewns.engine import rules
from scavenger_env.hewns.engine.actions import NUM, Ctrl, Verb
from scavenger_env.hewns.engine.describe import describe_action
from scavenger_env.hewns.engine.digest import state_data
from scavenger_env.hewns.engine.state import Ask, State
from scavenger_env.hewns.engine.turnstate import HewnTurnFrame, hewn_turn


def the_turn(state: State) -> HewnTurnFrame:
    return next(hewn_turn(f) for f in reversed(state.frames) if f.ask == Ask.HEWN_TURN)


def suderer_hewn(state: State, name: str = "Skrunke", **load: int) -> int:
    """`name` of seat 0 on ravine space 33 (no mine there) with a Suderer, and
    a second Hewn of seat 0 that keeps the player turn open."""
    hewn = pos.place(state, name, 0, space=33, techs=["Suderer"], **load)
    pos.place(state, "Clogg", 0, space=0)
    return hewn


def test_extract_rolls_1_mining_die_of_dirty_substract_for_1_action_point() -> None:
    """rulebook: "the Hewn can take an action to "extract Dirty Substract" from
    the surrounding atmosphere. Roll 1 mining dice to determine how much dirty
    Substract is collected"; "Extract Dirty Substract 1": no mine in the
    space, and no danger die follows."""
    state = pos.actions_phase(2, cards="terrain")
    skrunke = suderer_hewn(state)
    assert state.mine[33] == -1
    pos.start_hewn_turn(state, skrunke)
    pos.play(state, Verb.EXTRACT)
    assert the_turn(state).ap == 4  # 5 - 1
    pos.roll(state, "mining", 3)
    assert not state.roll_queue  # no danger die
    assert state.frames[-1].ask == Ask.EXTRACT_KEEP
    assert rules.legal_actions(state) == [NUM + k for k in range(4)]
    assert "extracted dirty Substract" in describe_action(state, NUM + 1)
    pos.play(state, NUM + 1)
    assert (state.dirty[skrunke], state.screen_dirty[0]) == (1, 2)
    assert state.frames[-1].ask == Ask.HEWN_TURN


def test_the_gem_face_gives_2_dirty_substract() -> None:
    """The "2/gem" face counts 2 (a Suderer takes no gem: it extracts dirty
    Substract "from the surrounding atmosphere")."""
    state = pos.actions_phase(2, cards="terrain")
    skrunke = suderer_hewn(state)
    pos.start_hewn_turn(state, skrunke)
    pos.play(state, Verb.EXTRACT)
    pos.roll(state, "mining", "gem")
    pos.play(state, NUM + 0)
    assert state.screen_dirty[0] == 2 and state.gem[skrunke] == -1


def test_extract_is_done_at_most_once_per_hewn_turn_and_apart_from_mining() -> None:
    """rulebook: "mining and "extract dirty Substract" can only be done once
    per turn": after one EXTRACT it is not offered again, while mining (its
    own once-per-turn action) still is."""
    state = pos.actions_phase(2, cards="terrain")
    skrunke = suderer_hewn(state)
    pos.set_mine(state, 33, 0)
    pos.start_hewn_turn(state, skrunke)
    pos.play(state, Verb.EXTRACT)
    pos.roll(state, "mining", 1)
    pos.play(state, NUM + 1)
    legal = rules.legal_actions(state)
    assert Verb.EXTRACT not in legal and Verb.MINE in legal
    with pytest.raises(IllegalActionError):
        pos.play(state, Verb.EXTRACT)


def test_the_keep_is_not_asked_without_room_or_without_substract() -> None:
    """rulebook: the Hewn "can choose between transmitting part/all of the
    Substract off-planet ... or storing part/all of it": with a full store (or
    a 0 rolled) everything goes off-planet without a question."""
    state = pos.actions_phase(2, cards="terrain")
    skrunke = suderer_hewn(state, dirty=3)  # a Skrunke stores 3
    pos.start_hewn_turn(state, skrunke)
    pos.play(state, Verb.EXTRACT)
    pos.roll(state, "mining", 2)
    assert state.frames[-1].ask == Ask.HEWN_TURN
    assert state.screen_dirty[0] == 2 and state.dirty[skrunke] == 3


def test_extract_needs_a_fitted_suderer_and_an_action_point() -> None:
    """rulebook: "When this technology is attached to a Hewn, the Hewn can take
    an action": a Suderer behind the screen is not enough; with no action
    point left EXTRACT is not offered."""
    state = pos.actions_phase(2, cards="terrain")
    skrunke = pos.place(state, "Skrunke", 0, space=34)
    pos.set_screen(state, 0, suderer=1)
    pos.start_hewn_turn(state, skrunke)
    assert Verb.EXTRACT not in rules.legal_actions(state)
    other = pos.place(state, "Skrunke", 0, space=35, techs=["Suderer"])
    pos.play(state, Ctrl.END_HEWN_TURN)
    pos.start_hewn_turn(state, other)
    pos.set_ap(state, 0)
    assert Verb.EXTRACT not in rules.legal_actions(state)


def test_a_bad_keep_is_refused_and_changes_nothing() -> None:
    """More than was extracted, or more than fits, is refused with the
    project's error and the position is unchanged."""
    state = pos.actions_phase(2, cards="terrain")
    skrunke = suderer_hewn(state)
    pos.start_hewn_turn(state, skrunke)
    pos.play(state, Verb.EXTRACT)
    pos.roll(state, "mining", 2)
    before = state_data(state)
    for bad in (NUM + 3, NUM + 31, Verb.EXTRACT):
        with pytest.raises(IllegalActionError):
            rules.apply_action(state, bad)
    assert state_data(state) == before
