"""Same-space encounters: the automatic and the optional announce, the picks,
the intents, attacks with close combat, explode, repairs, and the aftermath
(control changes, expel, retreat, immediate turns), with the rulebook's worked
example 2 on core-set cards.

Positions are set up with `engine.position` on the 2-player crater: space 1
admits every size; a Medium Hewn steps into it from space 11; its other links
are 27, 30 and 43.
"""

from __future__ import annotations

import pytest

from scavenger_env.hewns.engine import position as pos
from scavenger_env.hewns.engine import rules
from scavenger_env.hewns.engine.actions import DIE, HEWN, NUM, SPACE, Ctrl, Option, Verb
from scavenger_env.hewns.engine.data import DICE, HEWN_TYPES, DieKind, Symbol
from scavenger_env.hewns.engine.flow import is_chance
from scavenger_env.hewns.engine.rules import legal_actions
from scavenger_env.hewns.engine.state import (
    DEAD,
    HEWN_TYPE_OF,
    NEUTRAL,
    NONE,
    Ask,
    Frame,
    State,
)

HERE, FROM = 1, 11
EXITS = (11, 27, 30, 43)


# --- helpers (as in test_ranged) ------------------------------------------------------


def activate(state: State, hewn: int) -> None:
    """Its controller's player turn, with `hewn`'s Hewn turn started."""
    pos.start_hewn_turn(state, hewn)


def act(state: State, *actions: int) -> None:
    for a in actions:
        assert not is_chance(state), state.roll_queue
        rules.apply_action(state, a)


def face(kind: DieKind, value: int, symbol: Symbol = Symbol.NUMBER) -> int:
    faces = DICE[kind].faces
    return next(
        i for i, f in enumerate(faces) if f.value == value and f.symbol == symbol
    )


def roll(state: State, kind: DieKind, *values: int) -> None:
    for v in values:
        assert state.roll_queue and state.roll_queue[0] == kind, state.roll_queue
        rules.apply_action(state, DIE + face(kind, v))


def escape(state: State) -> None:
    assert state.roll_queue[0] == DieKind.SPEED
    rules.apply_action(state, DIE + face(DieKind.SPEED, 1, Symbol.ESCAPE))


def hurt(state: State, symbol: Symbol) -> None:
    assert state.roll_queue == [DieKind.HURT]
    rules.apply_action(state, DIE + face(DieKind.HURT, 0, symbol))


def skip_away(state: State) -> None:
    """Step 2 ("Transmit Substract away"): every seat asked moves nothing."""
    while state.frames[-1].ask == Ask.TRANSMIT_AWAY:
        rules.apply_action(state, Ctrl.DONE)


def top(state: State) -> Frame:
    return state.frames[-1]


def picks(state: State, *counts: int) -> None:
    """L, A, K, Q, E of the Hewn asked."""
    skip_away(state)
    assert top(state).ask == Ask.PICK_L
    act(state, *(NUM + c for c in counts))


def turn_of(state: State) -> int:
    """The Hewn whose Hewn turn is the innermost."""
    return next(f.hewn for f in reversed(state.frames) if f.ask == Ask.HEWN_TURN)


def has_turn(state: State, hewn: int) -> bool:
    return any(f.ask == Ask.HEWN_TURN and f.hewn == hewn for f in state.frames)


# --- announce ---------------------------------------------------------------------------
def test_entering_a_healthy_enemy_space_starts_the_encounter() -> None:
    """rulebook: "When a "Moving Hewn" moves into the same space as a healthy
    enemy Hewn, the Hewns must AUTOMATICALLY encounter each other! (There is no
    choice about this!)"."""
    state = pos.actions_phase()
    mover = pos.place(state, "Chailbine Zach", 0, FROM, dirty=2)
    enemy = pos.place(state, "Hover Cataclysm", 1, HERE, dirty=2)
    activate(state, mover)
    assert SPACE + HERE in legal_actions(state)
    act(state, SPACE + HERE)
    skip_away(state)
    assert top(state).ask == Ask.PICK_L and top(state).hewn == mover
    picks(state, 0, 0, 0, 0, 0)
    skip_away(state)
    assert top(state).ask == Ask.PICK_L and top(state).hewn == enemy
    assert top(state).seat == 1


def test_several_healthy_enemies_the_mover_picks_one() -> None:
    """D64: "you must encounter the healthy enemy Hewn": with several, the mover
    encounters one of its choice."""
    state = pos.actions_phase()
    mover = pos.place(state, "Chailbine Zach", 0, FROM, dirty=2)
    a = pos.place(state, "Hover Cataclysm", 1, HERE, dirty=2)
    b = pos.place(state, "Fogbear", 1, HERE, dirty=2)
    activate(state, mover)
    act(state, SPACE + HERE)
    assert top(state).ask == Ask.SAME_TARGET
    assert legal_actions(state) == sorted([HEWN + a, HEWN + b])


def test_optional_encounter_against_damaged_enemy_or_neutral() -> None:
    """rulebook: "If any Hewn moves into the space of either a damaged enemy
    Hewn OR neutral Hewn OR damaged friendly Hewn ... and chooses to repair/
    attack one of those Hewns ... the moving Hewn announces a same space
    encounter"; "When a Hewn simply moves into a space containing anything other
    than a healthy enemy Hewn and doesn't wish to declare a same space
    encounter, nothing happens"."""
    state = pos.actions_phase()
    mover = pos.place(state, "Chailbine Zach", 0, FROM, dirty=2)
    damaged = pos.place(state, "Hover Cataclysm", 1, HERE, damaged=True)
    neutral = pos.place(state, "Fogbear", NEUTRAL, HERE)
    pos.place(state, "Major Miner", 0, HERE, damaged=True)
    activate(state, mover)
    act(state, SPACE + HERE)
    assert top(state).ask == Ask.HEWN_TURN
    assert Verb.ENCOUNTER_SAME in legal_actions(state)
    act(state, Verb.ENCOUNTER_SAME)
    # no repair source: the damaged friend cannot be encountered ("you can't
    # attack your own Hewn")
    assert legal_actions(state) == sorted([HEWN + damaged, HEWN + neutral])


def test_non_healthy_target_picks_nothing() -> None:
    """rulebook: "For each player with a healthy Hewn in the encounter, secretly
    pick dice"; a damaged one has a defence of 0 and rolls no dice against an
    attack."""
    state = pos.actions_phase()
    mover = pos.place(state, "Chailbine Zach", 0, FROM, dirty=2)
    target = pos.place(state, "Hover Cataclysm", 1, HERE, damaged=True)
    activate(state, mover)
    act(state, SPACE + HERE, Verb.ENCOUNTER_SAME, HEWN + target)
    picks(state, 0, 0, 0, 0, 0)
    # Chailbine Zach has no repair source: attack is its only intent
    assert state.roll_queue == [DieKind.CLOSE_COMBAT] * 2
    roll(state, DieKind.CLOSE_COMBAT, 1, 0)
    assert state.loc[target] == DEAD
    assert top(state).ask == Ask.HEWN_TURN and top(state).hewn == mover  # D27


# --- picks and intents ---------------------------------------------------------------------
def test_weapon_dice_commit_to_an_attack() -> None:
    """rulebook: "When you secretly pick up a weapon dice, you have chosen to
    attack and not repair"."""
    state = pos.actions_phase()
    mover = pos.place(state, "Clampeyt", 0, FROM, dirty=3)  # repairs 1, no weapon
    pos.place(state, "Hover Cataclysm", 1, HERE, dirty=3)
    activate(state, mover)
    act(state, SPACE + HERE)
    picks(state, 0, 0, 0, 1, 0)
    picks(state, 1, 0, 0, 0, 0)
    assert top(state).ask == Ask.INTENT and top(state).hewn == mover
    assert legal_actions(state) == [Option.ATTACK, Option.BRAIN_REPAIR]
    act(state, Option.BRAIN_REPAIR)
    # the Cataclysm picked a laser die: it attacks without being asked
    assert state.roll_queue[:2] == [DieKind.D10, DieKind.D10]
    assert DieKind.LASER in state.roll_queue


def test_weapon_picks_masked_against_a_friend() -> None:
    """rulebook: "note you can't attack your own Hewn": a body repair on a
    damaged friend picks no weapon dice."""
    state = pos.actions_phase()
    # a Sicket Sunger gives the weapon ability
    mover = pos.place(state, "Spricelos", 0, FROM, techs=("Sicket Sunger",))
    friend = pos.place(state, "Hover Cataclysm", 0, HERE, damaged=True)
    activate(state, mover)
    act(state, SPACE + HERE, Verb.ENCOUNTER_SAME)
    assert legal_actions(state) == [HEWN + friend]
    act(state, HEWN + friend)
    assert legal_actions(state) == [NUM]


@pytest.mark.parametrize("boom", [0, 1])
def test_explode_adds_three_area_dice_and_kills_the_exploder(boom: int) -> None:
    """rulebook: "selects 3 (three) area effect dice - but will only have to use
    up 1 Substract ... The Hewn doing the exploding is regarded as dead and
    removed from the board. (I.e. never roll the "hurt dice" for it.)"."""
    state = pos.actions_phase()
    drump = pos.place(state, "Drump", 0, 27, dirty=1)
    enemy = pos.place(state, "Hover Cataclysm", 1, HERE, dirty=0)
    activate(state, drump)
    act(state, SPACE + HERE)
    picks(state, 0, 0, 0, 0, boom)
    picks(state, 0, 0, 0, 0, 0)
    cc = HEWN_TYPES[HEWN_TYPE_OF[drump]].close_combat
    cat = HEWN_TYPES[HEWN_TYPE_OF[enemy]]
    expected = (
        [DieKind.CLOSE_COMBAT] * cat.close_combat  # the Cataclysm attacks too
        + [DieKind.SPEED] * HEWN_TYPES[HEWN_TYPE_OF[drump]].ap
        + [DieKind.ARMOUR] * HEWN_TYPES[HEWN_TYPE_OF[drump]].armour
    )
    mine = [DieKind.CLOSE_COMBAT] * cc + [DieKind.AREA] * (3 * boom)
    mine += [DieKind.SPEED] * cat.ap + [DieKind.ARMOUR] * cat.armour
    assert state.roll_queue == mine + expected
    assert state.dirty[drump] == 1 - boom
    while is_chance(state):
        rules.apply_action(state, DIE)  # face 0 of every die: a 0
    while top(state).ask in (Ask.REROLL, Ask.DODGE):
        act(state, Ctrl.DONE)
    assert (state.loc[drump] == DEAD) == bool(boom)


# --- repairs ---------------------------------------------------------------------------------
def test_repair_tie_goes_to_the_defender() -> None:
    """rulebook: "if the repairer rolls highest, the repair succeeds. (Otherwise
    there is no effect!)"; "A draw always favours the defending Hewn"; a failed
    repair on a damaged Hewn is humiliating: the next try costs 1 AP."""
    state = pos.actions_phase()
    mover = pos.place(state, "Spricelos", 0, FROM)
    target = pos.place(state, "Fogbear", NEUTRAL, HERE)
    activate(state, mover)
    act(state, SPACE + HERE, Verb.ENCOUNTER_SAME, HEWN + target)
    picks(state, 0, 0, 0, 0, 0)
    assert legal_actions(state) == [Option.ATTACK, Option.BRAIN_REPAIR]
    act(state, Option.BRAIN_REPAIR)
    roll(state, DieKind.D10, 7, 3)  # Repair 2
    roll(state, DieKind.D10, 7)  # the difficulty
    assert state.ctrl[target] == NEUTRAL
    act(state, Ctrl.DONE)  # the sole healthy Hewn may expel: it does not
    ap = top(state).ap
    act(state, Verb.ENCOUNTER_SAME, HEWN + target)
    skip_away(state)
    assert top(state).ask == Ask.PICK_L
    assert state.frames[-3].ap == ap - 1


def test_brain_repair_on_a_neutral_gives_the_rod_but_keeps_the_damage() -> None:
    """rulebook: "If it was a brain repair, insert a control rod into the
    defending Hewn that matches the repairer's control rod colour"; design 4.9:
    brain repair "never mends damage"."""
    state = pos.actions_phase()
    mover = pos.place(state, "Spricelos", 0, FROM)
    target = pos.place(state, "Fogbear", NEUTRAL, HERE, damaged=True)
    activate(state, mover)
    act(state, SPACE + HERE, Verb.ENCOUNTER_SAME, HEWN + target)
    picks(state, 0, 0, 0, 0, 0)
    assert legal_actions(state) == [
        Option.ATTACK,
        Option.BODY_REPAIR,
        Option.BRAIN_REPAIR,
    ]
    act(state, Option.BRAIN_REPAIR)
    roll(state, DieKind.D10, 8, 0)
    roll(state, DieKind.D10, 5)
    assert state.ctrl[target] == 0 and state.damaged[target]
    assert top(state).ask == Ask.EXPEL
    act(state, Ctrl.DONE)
    assert top(state).ask == Ask.HEWN_TURN and top(state).hewn == mover


def test_body_repair_of_a_friend_hands_the_turn_over() -> None:
    """rulebook Example 1 (core-set cards: a Spricelos repairs a damaged
    friendly Fogbear): "the Fogbear is now healed from the damage ... The
    Dreampogg's turn is over, and the Fogbear will begin its turn - but it must
    move out of the space"."""
    state = pos.actions_phase()
    mover = pos.place(state, "Spricelos", 0, FROM)
    fogbear = pos.place(state, "Fogbear", 0, HERE, damaged=True)
    activate(state, mover)
    act(state, SPACE + HERE, Verb.ENCOUNTER_SAME, HEWN + fogbear)
    picks(state, 0, 0, 0, 0, 0)  # body repair is its only intent
    roll(state, DieKind.D10, 5, 9)
    roll(state, DieKind.D10, 8)  # "The other player rolls an "8""
    assert not state.damaged[fogbear] and state.healthy(mover)
    assert turn_of(state) == fogbear and not has_turn(state, mover)
    act(state, Ctrl.END_HEWN_TURN)  # it did not leave: stunned (D10)
    assert state.ctrl[fogbear] == NEUTRAL and state.healthy(mover)


def test_no_reroll_of_repair_dice() -> None:
    """rulebook: "Re-rolls may not be used for repair dice rolls": a Major Miner
    (1 re-roll on its card) repairs its damaged friend with a Fixito, rolls a 2
    against the difficulty's 7 and is offered no re-roll; the repair fails."""
    state = pos.actions_phase()
    mover = pos.place(state, "Major Miner", 0, FROM, techs=("Fixito",))
    assert state.card(mover).rerolls == 1
    fogbear = pos.place(state, "Fogbear", 0, HERE, damaged=True)
    activate(state, mover)
    act(state, SPACE + HERE, Verb.ENCOUNTER_SAME, HEWN + fogbear)
    picks(state, 0, 0, 0, 0, 0)
    roll(state, DieKind.D10, 2)
    roll(state, DieKind.D10, 7)
    assert not any(f.ask == Ask.REROLL for f in state.frames)
    assert not is_chance(state)
    assert state.damaged[fogbear] and turn_of(state) == mover


def test_an_immediate_turn_is_the_repaired_hewns_turn_for_this_player_turn() -> None:
    """rulebook: "The Dreampogg's turn is over, and the Fogbear will begin its
    turn" (D28: that turn is the Fogbear's Hewn turn for this player turn): once
    the mended Fogbear has stepped out and ended its turn, its player may still
    activate the Minor Miner that has not acted, but neither the Spricelos nor
    the Fogbear."""
    state = pos.actions_phase()
    mover = pos.place(state, "Spricelos", 0, FROM)
    fogbear = pos.place(state, "Fogbear", 0, HERE, damaged=True)
    miner = pos.place(state, "Minor Miner", 0, 46)
    pos.place(state, "Minor Miner", 1, 53, copy=1)
    activate(state, mover)
    act(state, SPACE + HERE, Verb.ENCOUNTER_SAME, HEWN + fogbear)
    picks(state, 0, 0, 0, 0, 0)
    roll(state, DieKind.D10, 5, 9)
    roll(state, DieKind.D10, 8)
    assert turn_of(state) == fogbear
    act(state, SPACE + 27, Ctrl.END_HEWN_TURN)
    assert state.healthy(fogbear) and state.loc[fogbear] == 27
    assert top(state).ask == Ask.PLAYER_TURN and top(state).seat == 0
    legal = legal_actions(state)
    assert HEWN + miner in legal
    assert HEWN + fogbear not in legal and HEWN + mover not in legal


def test_example_2_brain_repair_against_an_attack() -> None:
    """rulebook Example 2, with a core-set Hover Cataclysm (4 close combat dice,
    a weapon, 1 re-roll) as the Midocondrian Scraveler and no Nananbite: it
    picks a brain screen, a laser and an area die; "The Spricelos rolls 2 d10 to
    represent the brain repair. He rolls a 2 and 8" against 3 and 6; "He rolls
    0,1,1,0 for the combat dice, 3 for his laser type dice, and 1 for his area
    effect dice"; the Spricelos rolls "0, 0, "escape", 0, "escape" and 1 from his
    armour dice" and escapes; "The Spricelos's turn is over; and the
    Midocondrian takes a turn as a new orange controlled Hewn"."""
    state = pos.actions_phase()
    spricelos = pos.place(state, "Spricelos", 0, FROM)
    scraveler = pos.place(state, "Hover Cataclysm", 1, HERE, dirty=3)
    activate(state, spricelos)
    act(state, SPACE + HERE)
    picks(state, 0, 0, 0, 0, 0)  # no weapon, no storage: nothing to pick
    picks(state, 1, 1, 0, 1, 0)
    assert state.dirty[scraveler] == 3  # nothing paid before the reveal
    assert top(state).ask == Ask.INTENT and top(state).hewn == spricelos
    act(state, Option.BRAIN_REPAIR)
    assert state.dirty[scraveler] == 0
    roll(state, DieKind.D10, 2, 8)
    roll(state, DieKind.D10, 3, 6)
    roll(state, DieKind.CLOSE_COMBAT, 0, 1, 1, 0)
    roll(state, DieKind.LASER, 3)
    roll(state, DieKind.AREA, 1)
    roll(state, DieKind.SPEED, 0, 0)
    escape(state)
    roll(state, DieKind.SPEED, 0)
    escape(state)
    roll(state, DieKind.ARMOUR, 1)
    # "there was no reason for the Midocondrian to attempt a reroll"
    assert top(state).ask == Ask.ESCAPE_MOVE and top(state).hewn == spricelos
    act(state, SPACE + 27)
    assert state.loc[spricelos] == 27 and state.healthy(spricelos)
    assert state.ctrl[scraveler] == 0
    assert turn_of(state) == scraveler and not has_turn(state, spricelos)


def test_mover_brain_repaired_ends_its_turn_and_retreats() -> None:
    """rulebook: "If the moving Hewn is "brain repaired", it will not take a
    Hewn turn for its new owner" and "the moving Hewn must be pushed out of the
    space of the same space encounter, by the new owner into an adjacent space
    free of healthy Hewns"."""
    state = pos.actions_phase()
    mover = pos.place(state, "Chailbine Zach", 0, FROM)
    spricelos = pos.place(state, "Spricelos", 1, HERE)
    activate(state, mover)
    act(state, SPACE + HERE)
    picks(state, 0, 0, 0, 0, 0)
    picks(state, 0, 0, 0, 0, 0)
    act(state, Option.BRAIN_REPAIR)  # the Spricelos (the mover only attacks)
    roll(state, DieKind.D10, 9, 9)  # repairs are rolled first
    roll(state, DieKind.D10, 1)
    roll(state, DieKind.CLOSE_COMBAT, 0, 0)
    roll(state, DieKind.SPEED, 0, 0, 0, 0, 0)
    roll(state, DieKind.ARMOUR, 0)
    assert state.ctrl[mover] == 1
    assert top(state).ask == Ask.RETREAT and top(state).seat == 1
    # seat 1 has not shown its card: it may show it at any of its decisions
    assert legal_actions(state) == [Ctrl.REVEAL, *sorted(SPACE + s for s in EXITS)]
    act(state, SPACE + 30)
    assert state.loc[mover] == 30 and not has_turn(state, mover)
    assert state.healthy(spricelos)


# --- aftermath -------------------------------------------------------------------------------
def test_two_healthy_left_the_mover_retreats_or_is_stunned() -> None:
    """rulebook: "If two Hewns in the space are healthy, the moving Hewn must be
    retreated into an adjacent space (free of healthy Hewns)"; D26: with no such
    space and no AP left, it is stunned."""
    for blocked in (False, True):
        state = pos.actions_phase()
        mover = pos.place(state, "Chailbine Zach", 0, FROM)
        pos.place(state, "Fogbear", 1, HERE)
        if blocked:
            for i, s in enumerate(EXITS[1:]):
                pos.place(state, "Minor Miner", 1, s, copy=i)
        activate(state, mover)
        act(state, SPACE + HERE)
        picks(state, 0, 0, 0, 0, 0)
        picks(state, 0, 0, 0, 0, 0)
        roll(state, DieKind.CLOSE_COMBAT, 0, 0)
        roll(state, DieKind.SPEED, 0, 0, 0, 0)
        roll(state, DieKind.ARMOUR, 0, 0)
        roll(state, DieKind.CLOSE_COMBAT, 0, 0, 0)
        roll(state, DieKind.SPEED, 0, 0, 0, 0, 0, 0)
        roll(state, DieKind.ARMOUR, 0)
        assert top(state).ask == Ask.RETREAT
        if blocked:
            # only space 11 is free ... it is where the mover came from
            assert legal_actions(state) == [SPACE + 11]
        act(state, legal_actions(state)[0])
        assert state.loc[mover] in EXITS and top(state).hewn == mover


def test_sole_survivor_may_expel() -> None:
    """rulebook: "If ONLY one Hewn is healthy and the rest damaged and/or
    stunned; the healthy Hewn can optionally expel any or all of the damaged/
    stunned Hewns in that space into any adjacent space(s) of the survivor's
    choice"."""
    state = pos.actions_phase()
    mover = pos.place(state, "Chailbine Zach", 0, FROM)
    enemy = pos.place(state, "Fogbear", 1, HERE)
    activate(state, mover)
    act(state, SPACE + HERE)
    picks(state, 0, 0, 0, 0, 0)
    picks(state, 0, 0, 0, 0, 0)
    roll(state, DieKind.CLOSE_COMBAT, 1, 1)
    roll(state, DieKind.SPEED, 0, 0, 0, 0)
    roll(state, DieKind.ARMOUR, 0, 0)
    roll(state, DieKind.CLOSE_COMBAT, 0, 0, 0)
    roll(state, DieKind.SPEED, 0, 0, 0, 0, 0, 0)
    roll(state, DieKind.ARMOUR, 0)
    hurt(state, Symbol.DAMAGED)
    assert top(state).ask == Ask.EXPEL and top(state).hewn == mover
    assert legal_actions(state) == [Ctrl.DONE, HEWN + enemy]
    act(state, HEWN + enemy)
    act(state, SPACE + 43)
    assert state.loc[enemy] == 43
    assert top(state).ask == Ask.HEWN_TURN and top(state).hewn == mover


def test_an_expelled_hewn_dies_in_a_danger_space() -> None:
    """rulebook: "Dangers tokens immediately kill all stunned and/or damaged
    Hewns they share the same space with": the Fogbear, damaged in the
    encounter and expelled into space 43 where a lava token lies, dies there; the
    token stays."""
    state = pos.actions_phase()
    mover = pos.place(state, "Chailbine Zach", 0, FROM)
    enemy = pos.place(state, "Fogbear", 1, HERE, normal=2)
    pos.set_token(state, 43, "lava")
    activate(state, mover)
    act(state, SPACE + HERE)
    picks(state, 0, 0, 0, 0, 0)
    picks(state, 0, 0, 0, 0, 0)
    roll(state, DieKind.CLOSE_COMBAT, 1, 1)
    roll(state, DieKind.SPEED, 0, 0, 0, 0)
    roll(state, DieKind.ARMOUR, 0, 0)
    roll(state, DieKind.CLOSE_COMBAT, 0, 0, 0)
    roll(state, DieKind.SPEED, 0, 0, 0, 0, 0, 0)
    roll(state, DieKind.ARMOUR, 0)
    hurt(state, Symbol.DAMAGED)
    assert state.damaged[enemy] and state.loc[enemy] == HERE
    pile = state.normal_pile
    act(state, HEWN + enemy)
    act(state, SPACE + 43)
    assert state.loc[enemy] == DEAD
    assert state.normal_pile == pile + 2  # its Substract is destroyed
    assert state.token[43] != NONE
    assert top(state).ask == Ask.HEWN_TURN and top(state).hewn == mover


def _stalemate(state: State, mover: int) -> None:
    """Both attack with nothing: two healthy Hewns are left."""
    picks(state, 0, 0, 0, 0, 0)
    picks(state, 0, 0, 0, 0, 0)
    while is_chance(state):
        rules.apply_action(state, DIE)  # every die shows a 0
    while top(state).ask in (Ask.REROLL, Ask.DODGE):
        act(state, Ctrl.DONE)


@pytest.mark.parametrize("ap_left", [0, 1])
def test_retreat_into_friends_only_with_ap_left_else_stunned(ap_left: int) -> None:
    """D26: "If the moving Hewn has no more action points and ... can only
    retreat into a space with another healthy Hewn, it is regarded as stunned";
    with AP left it may retreat into a space holding only healthy friends (and
    must leave before its turn ends)."""
    state = pos.actions_phase()
    mover = pos.place(state, "Chailbine Zach", 0, FROM)
    pos.place(state, "Fogbear", 1, HERE)
    activate(state, mover)
    act(state, SPACE + HERE)
    pos.place(state, "Skrunke", 0, 27)  # a friend
    for i, s in enumerate((11, 30, 43)):
        pos.place(state, "Minor Miner", 1, s, copy=i)
    state.frames[-3].ap = ap_left  # the mover's Hewn turn
    _stalemate(state, mover)
    if ap_left:
        assert top(state).ask == Ask.RETREAT
        assert legal_actions(state) == [SPACE + 27]
    else:
        assert state.ctrl[mover] == NEUTRAL and state.loc[mover] == HERE


@pytest.mark.slow  # long random play; the quick set keeps the other files' first runs
def test_random_play_reaches_every_same_space_decision() -> None:
    """Random play from crowded boards (see test_ranged) goes through every
    same-space decision with the invariants of test_ranged checked after every
    action."""
    import numpy as np
    from hewns.test_ranged import _check, _crowded, _normal_total

    seen: set[int] = set()
    for players in (2, 3, 4):
        for seed in range(60):
            rng = np.random.default_rng(1000 + seed)
            state = _crowded(players, seed)
            total = _normal_total(state)
            for _ in range(400):
                if state.over:
                    break
                legal = legal_actions(state)
                rules.apply_legal(state, legal[int(rng.integers(len(legal)))])
                _check(state, total)
                if state.frames and not is_chance(state):
                    seen.add(top(state).ask)
    for ask in (
        Ask.SAME_TARGET,
        Ask.PICK_Q,
        Ask.PICK_E,
        Ask.INTENT,
        Ask.EXPEL,
        Ask.RETREAT,
    ):
        assert ask in seen, ask


def test_dodge_example_in_close_combat() -> None:
    """rulebook (dodge, same space), with a core-set Hover Cataclysm (4 close
    combat dice, 1 re-roll) as the Midocondrian Scraveler: "He had picked up 1
    laser type dice and 1 area effect dice and then the standard 4 close combat
    dice ... rolled "3" with the laser type dice and "1" with the area effect
    dice, plus "0", "1", "1" and a "0" ... a total of 6. The Four-way Gotler only
    rolled a total of 4 ... force the attacker to re-roll his "3" laser type dice
    ... comes up with a "1" ... The Scraveler has a 1 re-roll ability ... comes up
    with a "2". This gives him a new total is 5 - which is enough"."""
    state = pos.actions_phase()
    mover = pos.place(state, "Hover Cataclysm", 0, FROM, dirty=2)
    gotler = pos.place(state, "Four-way Gotler", 1, HERE)
    activate(state, mover)
    act(state, SPACE + HERE)
    picks(state, 1, 1, 0, 0, 0)
    picks(state, 0, 0, 0, 0, 0)
    roll(state, DieKind.CLOSE_COMBAT, 0, 1, 1, 0)
    roll(state, DieKind.LASER, 3)
    roll(state, DieKind.AREA, 1)
    roll(state, DieKind.SPEED, 1, 1, 0, 0)
    roll(state, DieKind.ARMOUR, 1, 1)
    roll(state, DieKind.CLOSE_COMBAT, 0, 0, 0)  # the Gotler's attack
    roll(state, DieKind.SPEED, 0, 0, 0, 0)
    roll(state, DieKind.ARMOUR, 0, 0, 0)
    assert top(state).ask == Ask.DODGE and top(state).hewn == gotler
    act(state, DIE + 4)  # the laser die (after the 4 close combat dice)
    roll(state, DieKind.LASER, 1)
    assert top(state).ask == Ask.REROLL and top(state).hewn == mover
    act(state, DIE + 4)
    roll(state, DieKind.LASER, 2)
    hurt(state, Symbol.STUNNED)
    assert state.ctrl[gotler] == NEUTRAL


def test_flappchap_rerolls_example() -> None:
    """rulebook (re-rolls, same space), with a core-set Skrunke (5 speed dice, no
    armour) as the Chumbee: "He rolls 0 and 1 on his close combat dice and 1 on
    his laser type weapon dice (for a total 2). The enemy Chumbee has rolled a
    total of 3 ... he re-rolls the laser type weapon dice and gets a "2" ... his
    current new total is "3". He could re-roll the laser type dice again but
    decides to re-roll his "0" close combat dice. He rolls a "1" and now has a
    total of 4, so his attack is successful"."""
    state = pos.actions_phase()
    flappchap = pos.place(state, "Flappchap", 0, FROM, dirty=1)
    skrunke = pos.place(state, "Skrunke", 1, HERE)
    activate(state, flappchap)
    act(state, SPACE + HERE)
    picks(state, 1, 0, 0, 0, 0)
    picks(state, 0, 0, 0, 0, 0)
    roll(state, DieKind.CLOSE_COMBAT, 0, 1)
    roll(state, DieKind.LASER, 1)
    roll(state, DieKind.SPEED, 1, 1, 1, 0, 0)
    roll(state, DieKind.CLOSE_COMBAT, 0)  # the Skrunke's attack
    roll(state, DieKind.SPEED, 0, 0, 0, 0)
    roll(state, DieKind.ARMOUR, 0)
    assert top(state).ask == Ask.REROLL and top(state).hewn == flappchap
    act(state, DIE + 2)
    roll(state, DieKind.LASER, 2)
    assert top(state).ask == Ask.REROLL
    act(state, DIE)
    roll(state, DieKind.CLOSE_COMBAT, 1)
    # both re-rolls used; the Skrunke may re-roll its own attack die
    assert top(state).ask == Ask.REROLL and top(state).hewn == skrunke
    act(state, Ctrl.DONE)
    hurt(state, Symbol.DAMAGED)
    assert state.damaged[skrunke]


def test_escapes_do_not_stop_repairs() -> None:
    """rulebook: "(The attack or repair of the Hewn who rolled those escape dice
    still counts.)"; D22: speed dice are rolled only against attacks, so a
    repaired Hewn rolls no speed dice."""
    state = pos.actions_phase()
    spricelos = pos.place(state, "Spricelos", 0, FROM)
    enemy = pos.place(state, "Fogbear", 1, HERE)
    activate(state, spricelos)
    act(state, SPACE + HERE)
    picks(state, 0, 0, 0, 0, 0)
    picks(state, 0, 0, 0, 0, 0)
    act(state, Option.BRAIN_REPAIR)
    fogbear = HEWN_TYPES[HEWN_TYPE_OF[enemy]]
    assert state.roll_queue == (
        [DieKind.D10] * 3
        + [DieKind.CLOSE_COMBAT] * fogbear.close_combat
        + [DieKind.SPEED] * 5
        + [DieKind.ARMOUR]
    )
    roll(state, DieKind.D10, 9, 9)
    roll(state, DieKind.D10, 1)
    roll(state, DieKind.CLOSE_COMBAT, *([1] * fogbear.close_combat))
    escape(state)
    escape(state)
    roll(state, DieKind.SPEED, 0, 0, 0)
    roll(state, DieKind.ARMOUR, 0)
    assert top(state).ask == Ask.ESCAPE_MOVE and top(state).hewn == spricelos
    act(state, SPACE + 30)
    assert state.ctrl[enemy] == 0 and state.healthy(spricelos)
