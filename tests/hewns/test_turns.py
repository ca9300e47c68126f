"""Player turns and Hewn turns: activating Hewns, stepping, entering and leaving
the board, burning Substract for action points, and the end-of-turn rule."""

from __future__ import annotations

import pytest

from scavenger_env.core.errors import IllegalActionError
from scavenger_env.hewns.engine import position as pos
from scavenger_env.hewns.engine import rules
from scavenger_env.hewns.engine.actions import HEWN, SPACE, Ctrl, Verb
from scavenger_env.hewns.engine.state import NEUTRAL, OFF_BOARD, Ask


def _turn(state):  # the HEWN_TURN frame
    frame = state.frames[-1]
    assert frame.ask == Ask.HEWN_TURN
    return frame


def test_a_hewn_turn_starts_with_the_cards_action_points() -> None:
    """rulebook: each Hewn has action points per its card; "Unused AP is lost"."""
    state = pos.actions_phase()
    miner = pos.place(state, "Minor Miner", 0)
    pos.start_hewn_turn(state, miner)
    assert _turn(state).ap == 4


def test_entering_the_board_costs_one_action_point_at_an_entrance_that_admits_the_size() -> (
    None
):
    """rulebook: "The first space that the Hewn moves onto is regarded as the first
    action point"; "Big Hewns can only enter big spaces"."""
    state = pos.actions_phase()
    big = pos.place(state, "Gombat", 0)
    pos.start_hewn_turn(state, big)
    entries = sorted(
        a - SPACE for a in rules.legal_actions(state) if a >= SPACE and a < SPACE + 64
    )
    assert entries == [45]  # the only big entrance on the 2-player map
    pos.play(state, SPACE + 45)
    assert state.loc[big] == 45
    assert _turn(state).ap == 3


def test_a_step_follows_a_link_that_admits_the_size() -> None:
    """rulebook: "A Hewn can only move to another space if the two spaces are
    adjacent"; "Medium Hewns can enter big and medium spaces"."""
    state = pos.actions_phase()
    fogbear = pos.place(state, "Fogbear", 0, space=19)  # medium ravine hne
    pos.start_hewn_turn(state, fogbear)
    steps = {a - SPACE for a in rules.legal_actions(state) if SPACE <= a < SPACE + 64}
    assert steps == set(state.board.steps[2][19])
    with pytest.raises(IllegalActionError):
        pos.play(state, SPACE + 24)  # a small ravine next to the hub: not linked


def test_exit_costs_one_action_point_and_ends_the_hewn_turn() -> None:
    """rulebook: a Hewn leaving by an entrance "cannot be attacked by any enemies
    while he is off the board"; its Hewn turn ends."""
    state = pos.actions_phase()
    miner = pos.place(state, "Minor Miner", 0, space=51)
    pos.place(state, "Skrunke", 0, space=0)  # keeps the player turn open
    pos.start_hewn_turn(state, miner)
    pos.play(state, Verb.EXIT)
    assert state.loc[miner] == OFF_BOARD
    assert state.frames[-1].ask == Ask.PLAYER_TURN
    assert HEWN + miner not in rules.legal_actions(
        state
    )  # one Hewn turn per player turn


def test_burning_gives_one_action_point_per_substract_at_most_three() -> None:
    """rulebook: "Each Hewn can burn up to a maximum of 3 Substract during its
    Hewn turn"; burnt normal Substract goes back to the pile."""
    state = pos.actions_phase()
    miner = pos.place(state, "Major Miner", 0, space=44, normal=5)
    pile = state.normal_pile
    pos.start_hewn_turn(state, miner)
    for _ in range(3):
        pos.play(state, Verb.BURN)
    frame = _turn(state)
    assert (frame.ap, frame.burnt) == (state.card(miner).ap + 3, 3)
    assert state.normal[miner] == 2 and state.normal_pile == pile + 3
    assert Verb.BURN not in rules.legal_actions(state)


def test_burning_asks_dirty_or_normal_when_the_hewn_carries_both() -> None:
    """A ruling that follows the rulebook: "Each weapon shot costs one Substract -
    either normal Substract or dirty Substract": the payer chooses."""
    state = pos.actions_phase()
    miner = pos.place(state, "Major Miner", 0, space=44, normal=1, dirty=1)
    pos.start_hewn_turn(state, miner)
    pos.play(state, Verb.BURN)
    assert state.frames[-1].ask == Ask.BURN_MIX
    pos.play(state, "NUM 1")  # pay the dirty one
    assert (state.normal[miner], state.dirty[miner]) == (1, 0)


def test_ending_a_hewn_turn_with_another_healthy_hewn_in_the_space_stuns_it() -> None:
    """rulebook: "a healthy Hewn cannot end its turn in the same space" as another
    healthy Hewn (a ruling: checked when the Hewn turn ends)."""
    state = pos.actions_phase()
    a = pos.place(state, "Minor Miner", 0, space=50)
    b = pos.place(state, "Minor Miner", 0, space=49)
    pos.start_hewn_turn(state, a)
    pos.play(state, SPACE + 49, Ctrl.END_HEWN_TURN)
    assert state.ctrl[a] == NEUTRAL and state.ctrl[b] == 0


def test_damaged_and_stunned_hewns_take_no_hewn_turn() -> None:
    """rulebook: "A damaged Hewn cannot move or take any actions"; a stunned Hewn
    "is regarded as neutral (belongs to no player.)"."""
    state = pos.actions_phase()
    ok = pos.place(state, "Minor Miner", 0, space=50)
    hurt = pos.place(state, "Minor Miner", 0, space=53, damaged=True)
    stunned = pos.place(state, "Skrunke", 0, space=51, stunned=True)
    pos.start_hewn_turn(state, ok)
    pos.play(state, Ctrl.END_HEWN_TURN)
    legal = rules.legal_actions(state)
    assert HEWN + hurt not in legal and HEWN + stunned not in legal


def test_a_player_turn_with_nothing_left_to_activate_ends_by_itself() -> None:
    """Each healthy Hewn takes one Hewn turn per player turn; with none left the
    next player's turn begins."""
    state = pos.actions_phase()
    a = pos.place(state, "Minor Miner", 0, space=50)
    pos.place(state, "Minor Miner", 1, space=53)
    pos.start_hewn_turn(state, a)
    pos.play(state, Ctrl.END_HEWN_TURN)
    assert state.frames[-1].ask == Ask.PLAYER_TURN and state.frames[-1].seat == 1


def test_a_player_may_end_the_turn_with_hewns_left_over() -> None:
    """rulebook: a Hewn "could simply choose not to move at all": the player ends
    the player turn before either Minor Miner has had a Hewn turn; they took no
    turn, so the rule that a healthy Hewn "cannot end its turn in the same space"
    as another does not touch them and both stay healthy in space 50."""
    state = pos.actions_phase()
    a = pos.place(state, "Minor Miner", 0, space=50)
    b = pos.place(state, "Minor Miner", 0, space=50, copy=1)
    pos.place(state, "Minor Miner", 1, space=53, copy=2)
    pos.start_player_turn(state, 0)
    assert state.frames[-1].ask == Ask.PLAYER_TURN and state.frames[-1].seat == 0
    assert {HEWN + a, HEWN + b, Ctrl.END_PLAYER_TURN} <= set(rules.legal_actions(state))
    pos.play(state, Ctrl.END_PLAYER_TURN)
    assert state.frames[-1].seat == 1
    assert state.loc[a] == state.loc[b] == 50
    assert state.healthy(a) and state.healthy(b)


def test_a_step_passes_a_damaged_enemy_and_a_neutral() -> None:
    """rulebook: "When a Hewn simply moves into a space containing anything other
    than a healthy enemy Hewn and doesn't wish to declare a same space encounter,
    nothing happens": the Chailbine Zach steps into space 1 with a damaged enemy
    and a neutral, is not stopped, and steps on to space 27 with its action
    points."""
    state = pos.actions_phase()
    mover = pos.place(state, "Chailbine Zach", 0, space=11)
    damaged = pos.place(state, "Hover Cataclysm", 1, space=1, damaged=True)
    neutral = pos.place(state, "Fogbear", NEUTRAL, space=1)
    pos.start_hewn_turn(state, mover)
    ap = _turn(state).ap
    pos.play(state, SPACE + 1)
    assert _turn(state).hewn == mover and _turn(state).ap == ap - 1
    assert SPACE + 27 in rules.legal_actions(state)
    pos.play(state, SPACE + 27)
    assert state.loc[mover] == 27 and _turn(state).ap == ap - 2
    assert state.loc[damaged] == state.loc[neutral] == 1
    assert state.damaged[damaged] and state.ctrl[neutral] == NEUTRAL


def test_a_forced_hewn_with_no_action_point_left_may_end_its_turn() -> None:
    """rulebook: a Hewn that begins its turn on a danger token "must leave the
    space immediately!"; D41: with no action to leave by, its turn ends. The
    Dreampogg on lava with no action point left may only end its turn (or burn
    its one Substract); once it has burnt it, it must step off the lava."""
    state = pos.actions_phase()
    dreampogg = pos.place(state, "Dreampogg", 0, space=44, dirty=1)
    pos.set_token(state, 44, "lava")
    pos.start_hewn_turn(state, dreampogg)
    assert Ctrl.END_HEWN_TURN not in rules.legal_actions(state)  # it has its AP
    pos.set_ap(state, 0)
    legal = rules.legal_actions(state)
    assert Ctrl.END_HEWN_TURN in legal and Verb.BURN in legal
    assert not any(SPACE <= a < SPACE + 64 for a in legal)
    pos.play(state, Verb.BURN)
    assert sorted(rules.legal_actions(state)) == [SPACE + 43, SPACE + 45]
