"""Rules 2: the ranged reaction window comes when the moving Hewn's movement
stops, not after every step (rules 1). Positions on the 2-player crater, built
with `engine.position`: a Small Hewn stepping 29 -> 6 comes into the sight of a
Hewn in space 0 (space 29 is out of its sight); space 3, next to 6, is in its
sight too; the entrance space 45 is seen from space 44 only."""

from __future__ import annotations

import pytest

from scavenger_env.hewns.engine import position as pos
from scavenger_env.hewns.engine import rules
from scavenger_env.hewns.engine.actions import HEWN, Ctrl, Verb
from scavenger_env.hewns.engine.describe import why_asked
from scavenger_env.hewns.engine.state import NONE, OFF_BOARD, Ask, State
from scavenger_env.hewns.engine.turnstate import HewnTurnFrame, hewn_turn

UNSEEN, SEEN, NEXT, WATCH = 29, 6, 3, 0


def asks(state: State) -> list[Ask]:
    """The decision kinds on the stack, bottom first."""
    return [Ask(f.ask) for f in state.frames]


def the_turn(state: State) -> HewnTurnFrame:
    """The Hewn turn in progress (the topmost on the stack)."""
    return hewn_turn(next(f for f in reversed(state.frames) if f.ask == Ask.HEWN_TURN))


def in_turn(state: State, hewn: int) -> bool:
    """`hewn`'s Hewn turn is on top, asking its next action."""
    top = state.frames[-1]
    return top.ask == Ask.HEWN_TURN and top.hewn == hewn


def turn_over(state: State, hewn: int) -> bool:
    """`hewn`'s Hewn turn has ended."""
    return not any(f.ask == Ask.HEWN_TURN and f.hewn == hewn for f in state.frames)


def reacting(state: State, seat: int) -> bool:
    """`seat` is asked whether to announce in reaction."""
    top = state.frames[-1]
    return top.ask == Ask.REACT and top.seat == seat


def example_3(version: int) -> tuple[State, int, int, int]:
    """Ranged Example 3 on the crater: seat 0's Flappchap (2 Nananbites, 2
    Substract) in space 29, two steps (29 -> 6 -> 3) from a damaged and
    stunned Fogbear in space 3; seat 1's healthy Smeggler in space 0 sees
    space 6 (and would see space 3 if the Flappchap were alone there)."""
    state = pos.actions_phase(2, rules_version=version)
    flappchap = pos.place(
        state, "Flappchap", 0, UNSEEN, normal=2, techs=("Nananbites", "Nananbites")
    )
    fogbear = pos.place(state, "Fogbear", 1, NEXT, damaged=True, stunned=True)
    smeggler = pos.place(state, "Smeggler", 1, WATCH, dirty=4)
    pos.start_hewn_turn(state, flappchap)
    return state, flappchap, fogbear, smeggler


def test_example_3_no_reaction_to_the_movement_or_the_encounter() -> None:
    """rulebook Example 3: "during her first move, she appeared to have moved
    into the line of sight of a dangerous Smeggler ... However, the Smeggler is
    prevented from announcing an encounter in reaction to the Flappchap's
    movement and encounter because Hewns cannot see ... when there are more
    than one of them in a space"; the reacting Hewns are those "that can now
    see the moving Hewn - after it has moved"."""
    state, flappchap, fogbear, _smeggler = example_3(2)
    pos.play(state, f"SPACE {SEEN}")  # into the Smeggler's sight: no window yet
    assert in_turn(state, flappchap) and the_turn(state).moved
    pos.play(state, f"SPACE {NEXT}")  # into the Fogbear's space
    assert in_turn(state, flappchap)
    assert Verb.ENCOUNTER_SAME in rules.legal_actions(state)
    pos.play(state, "VERB ENCOUNTER_SAME")  # it stops: not alone, no window
    assert Ask.REACT not in asks(state) and Ask.RANGED not in asks(state)
    assert state.frames[-1].ask == Ask.SAME_TARGET
    pos.play(state, f"HEWN {fogbear}")
    assert Ask.SAME_SPACE in asks(state) and Ask.REACT not in asks(state)


def test_rules_1_open_the_window_after_the_first_step() -> None:
    """Rules 1 opened the reaction window after every step: the Smeggler is
    asked as soon as the Flappchap steps into its sight."""
    state, _flappchap, _fogbear, smeggler = example_3(1)
    pos.play(state, f"SPACE {SEEN}")
    assert reacting(state, 1)
    assert HEWN + smeggler in rules.legal_actions(state)


def _in_sight(
    version: int, mover: str = "Flappchap", **load: int
) -> tuple[State, int, int]:
    """Seat 0's `mover` has stepped 29 -> 6 into the sight of seat 1's healthy
    Smeggler in space 0 (rules 1 answer the step's window: the Smeggler lets
    it pass). Returns the state, the mover and the Smeggler."""
    state = pos.actions_phase(2, rules_version=version)
    hewn = pos.place(state, mover, 0, UNSEEN, **load)
    smeggler = pos.place(state, "Smeggler", 1, WATCH, dirty=4)
    pos.start_hewn_turn(state, hewn)
    pos.play(state, f"SPACE {SEEN}")
    if version == 1:
        assert reacting(state, 1)
        pos.play(state, "CTRL DONE")
    assert in_turn(state, hewn)
    return state, hewn, smeggler


def test_ending_the_turn_in_sight_opens_the_window_first() -> None:
    """rulebook: reacting Hewns "can now see the moving Hewn - after it has
    moved": when it stops (here it ends its Hewn turn) the Smeggler is asked
    first, then the turn ends as chosen."""
    state, flappchap, _smeggler = _in_sight(2)
    pos.play(state, "CTRL END_HEWN_TURN")
    assert reacting(state, 1)
    assert the_turn(state).then == Ctrl.END_HEWN_TURN
    pos.play(state, "CTRL DONE")
    assert turn_over(state, flappchap) and state.loc[flappchap] == SEEN
    assert state.healthy(flappchap)


def test_rules_1_end_the_turn_at_once() -> None:
    """Rules 1: the window came with the step; ending the turn asks no one."""
    state, flappchap, _smeggler = _in_sight(1)
    pos.play(state, "CTRL END_HEWN_TURN")
    assert turn_over(state, flappchap) and Ask.REACT not in asks(state)


@pytest.mark.parametrize("version", [1, 2])
def test_mining_in_sight_waits_for_the_window(version: int) -> None:
    """rulebook: reacting Hewns "can now see the moving Hewn - after it has
    moved": a Minor Miner that steps into sight and mines is asked about only
    when it stops, before the mining (rules 2); the mining then happens. Rules
    1 asked after the step, and mined at once."""
    state, _miner, _smeggler = _in_sight(version, "Minor Miner")
    pos.set_mine(state, SEEN, 0)
    ap = the_turn(state).ap
    pos.play(state, "VERB MINE")
    if version == 2:
        assert reacting(state, 1)
        assert the_turn(state).ap == ap  # nothing spent yet
        pos.play(state, "CTRL DONE")
    assert Ask.REACT not in asks(state)
    assert the_turn(state).mined == 1 and the_turn(state).ap == ap - 1
    assert the_turn(state).then == NONE


def test_a_waiting_action_no_longer_legal_asks_again() -> None:
    """rulebook: a reacting Hewn may attack "the moving Hewn" once it has
    moved; the mining that stopped the Minor Miner waits for that encounter,
    whose escape carries the miner off the mine: it cannot mine there, so it
    is asked again, nothing spent."""
    state, miner, smeggler = _in_sight(2, "Minor Miner")
    pos.set_mine(state, SEEN, 0)
    pos.play(state, "VERB MINE", f"HEWN {smeggler}", "CTRL NO", "CTRL DONE")
    pos.play(state, "NUM 1", "NUM 0", "NUM 0")  # the Smeggler fires 1 laser
    pos.roll(state, "laser", 1)
    pos.roll(state, "speed", "escape", "escape", 0, 0)
    pos.roll(state, "armour", 0)
    assert state.frames[-1].ask == Ask.ESCAPE_MOVE
    pos.play(state, "SPACE 26")  # no mine there
    assert in_turn(state, miner) and the_turn(state).then == NONE
    assert Verb.MINE not in rules.legal_actions(state)
    assert (the_turn(state).mined, the_turn(state).ap) == (0, 3)


def test_exit_goes_on_moving_and_opens_no_window() -> None:
    """rulebook: off the board the Hewn "cannot be attacked by any enemies":
    EXIT continues the movement, so a Hewn that entered through an entrance in
    sight (space 45, seen from space 44) and leaves again is never asked about.
    No entrance on the crater can be reached by a step from out of sight, so
    the Flappchap enters the board there from off the board."""
    state = pos.actions_phase(2)
    flappchap = pos.place(state, "Flappchap", 0, OFF_BOARD)
    pos.place(state, "Drump", 1, 44)
    pos.start_hewn_turn(state, flappchap)
    pos.play(state, "SPACE 45")
    assert in_turn(state, flappchap)
    pos.play(state, "VERB EXIT")
    assert Ask.REACT not in asks(state) and turn_over(state, flappchap)
    assert state.loc[flappchap] == OFF_BOARD


def test_rules_1_ask_after_entering_in_sight() -> None:
    """Rules 1: entering in sight of the Drump opened the window at once."""
    state = pos.actions_phase(2, rules_version=1)
    flappchap = pos.place(state, "Flappchap", 0, OFF_BOARD)
    pos.place(state, "Drump", 1, 44)
    pos.start_hewn_turn(state, flappchap)
    pos.play(state, "SPACE 45")
    assert reacting(state, 1)


def test_a_burn_goes_on_moving() -> None:
    """rulebook: a Hewn "can burn ... Substract" for action points, to move
    on: buying action points does not stop the movement; the window waits for
    the stop."""
    state, flappchap, _smeggler = _in_sight(2, normal=2)
    pos.play(state, "VERB BURN")
    assert in_turn(state, flappchap) and Ask.REACT not in asks(state)
    assert the_turn(state).moved
    pos.play(state, "CTRL END_HEWN_TURN")
    assert reacting(state, 1)


def test_entering_a_healthy_enemys_space_stays_immediate() -> None:
    """rulebook: "When a "Moving Hewn" moves into the same space as a healthy
    enemy Hewn, the Hewns must AUTOMATICALLY encounter each other!": the
    same-space encounter does not wait for the movement to stop."""
    state, flappchap, _smeggler = _in_sight(2)
    pos.place(state, "Fogbear", 1, NEXT)
    pos.play(state, f"SPACE {NEXT}")
    assert Ask.SAME_SPACE in asks(state) and Ask.REACT not in asks(state)
    assert state.loc[flappchap] == NEXT


def test_announcing_needs_no_window_first() -> None:
    """rulebook: reacting Hewns may announce "before or after the moving Hewn
    announces his encounter": the announced encounter's own window asks them,
    so an ANNOUNCE after moving opens exactly one window."""
    state, flappchap, _smeggler = _in_sight(2)
    pos.play(state, "VERB ANNOUNCE")
    ranged = [f for f in state.frames if f.ask == Ask.RANGED]
    assert len(ranged) == 1 and reacting(state, 1)
    assert the_turn(state).hewn == flappchap and not the_turn(state).moved


def test_the_waiting_action_is_described_to_the_reactor() -> None:
    """The reactor's prompt says what the stopped Hewn is about to do; after a
    step under rules 1 nothing waits and the prompt says nothing of it."""
    state, _flappchap, _smeggler = _in_sight(2)
    pos.play(state, "CTRL END_HEWN_TURN")
    assert "stopped moving, to end the Hewn turn" in why_asked(state, 1)
    state = pos.actions_phase(2, rules_version=1)
    hewn = pos.place(state, "Flappchap", 0, UNSEEN)
    pos.place(state, "Smeggler", 1, WATCH)
    pos.start_hewn_turn(state, hewn)
    pos.play(state, f"SPACE {SEEN}")
    assert reacting(state, 1) and "stopped" not in why_asked(state, 1)


def test_a_hewn_turn_frame_copies_and_keys_the_movement() -> None:
    """The frame's copy keeps `moved` and `then`, and its key changes with
    each (digests and bot copies read them)."""
    frame = HewnTurnFrame(0, 1, ap=3, forced=0)
    base = frame.key()
    frame.moved = 1
    moved = frame.key()
    frame.then = int(Verb.MINE)
    copy = frame.copy()
    assert (copy.moved, copy.then) == (1, Verb.MINE)
    assert len({base, moved, frame.key()}) == 3 and copy.key() == frame.key()
