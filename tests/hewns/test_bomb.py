"""The implosion bomb (stage 3 cards): adding it to a ranged attack, its 6
close-combat dice, its use-up, and its overflow on a linked space; the
rulebook's ranged example 2 replayed with its printed rolls.

Positions are set up with `engine.position` on the crater (as in
test_ranged.py): a Hewn stepping from space 9 onto the node 0 comes into the
sight of Hewns in spaces 12 and 15; the node's linked spaces include 9, 12
and 15, and a Hewn in space 13 (behind 12) is out of everyone's sight::

    16 - 15 - 0 - 12 - 13
              |
              9 - 10
"""

from __future__ import annotations

import re
from typing import Any

import numpy as np
import pytest

from agents.hewns.heuristics import ProspectorAgent, RaiderAgent
from scavenger_env.core.errors import IllegalActionError
from scavenger_env.hewns.engine import bomb, rules
from scavenger_env.hewns.engine import position as pos
from scavenger_env.hewns.engine.actions import DIE, HEWN, NUM, SOCKET, SPACE, Ctrl
from scavenger_env.hewns.engine.config import HewnsConfig
from scavenger_env.hewns.engine.data import DieKind, TechKind
from scavenger_env.hewns.engine.describe import why_asked
from scavenger_env.hewns.engine.digest import state_data
from scavenger_env.hewns.engine.encounter import enc_of
from scavenger_env.hewns.engine.flow import is_chance
from scavenger_env.hewns.engine.position import PositionError
from scavenger_env.hewns.engine.state import (
    DEAD,
    EMPTY_SLOT,
    NEUTRAL,
    Ask,
    Frame,
    State,
)
from scavenger_env.hewns.game import HEWNS

FROM, TO, WATCH, WATCH2, BEHIND, BEHIND2 = 9, 0, 12, 15, 13, 16
BOMB = "Implosion bomb"


# --- helpers ---------------------------------------------------------------------------
def position(players: int = 3) -> State:
    """A stage 3 actions phase, every turn-order card shown, no mine on the
    node 0."""
    state = pos.actions_phase(players, shown=True, cards="nanas")
    pos.set_mine(state, TO, None)
    return state


def top(state: State) -> Frame:
    return state.frames[-1]


def act(state: State, *actions: int) -> None:
    for a in actions:
        assert not is_chance(state), state.roll_queue
        rules.apply_action(state, a)


def into_sight(state: State) -> None:
    """The mover steps 9 -> 0 and stops: the reaction window opens."""
    act(state, SPACE + TO)
    if top(state).ask == Ask.HEWN_TURN:
        act(state, Ctrl.END_HEWN_TURN)


def skip_away(state: State) -> None:
    while top(state).ask == Ask.TRANSMIT_AWAY:
        act(state, Ctrl.DONE)


def picks(state: State, lasers: int, areas: int, screens: int) -> None:
    skip_away(state)
    assert top(state).ask == Ask.PICK_L
    act(state, NUM + lasers, NUM + areas, NUM + screens)


def pass_rerolls(state: State) -> None:
    while not is_chance(state) and top(state).ask in (Ask.DODGE, Ask.REROLL):
        act(state, Ctrl.DONE)


def duel(
    *,
    mover_techs: tuple[str, ...] = (),
    watcher_techs: tuple[str, ...] = (BOMB,),
    watcher: str = "Sveanivo",
    watcher_dirty: int = 1,
) -> tuple[State, int, int]:
    """Seat 0's Chailbine Zach (4 dirty) steps 9 -> 0 into the sight of seat
    1's `watcher` in space 12, which reacts; the mover joins."""
    state = position(2)
    mover = pos.place(state, "Chailbine Zach", 0, FROM, dirty=4, techs=mover_techs)
    other = pos.place(
        state, watcher, 1, WATCH, dirty=watcher_dirty, techs=watcher_techs
    )
    pos.start_hewn_turn(state, mover)
    into_sight(state)
    act(state, HEWN + other, Ctrl.YES)
    return state, mover, other


def fitted(state: State, hewn: int) -> list[int]:
    return [k for k in state.slots[hewn] if k != EMPTY_SLOT]


# --- the golden example ----------------------------------------------------------------
def test_ranged_example_2_with_the_implosion_bomb() -> None:
    """rulebook, ranged encounters, Example 2: "A Chailbine Zach (Red control
    rod) with 4 Substract moves into range (i.e. can be seen) by a Sveanivo
    (yellow control rod) who has an implosion bomb, 1 Substract and a
    Nananbite. However, the Chailbine Zach can also be seen by an Igil (Blue
    control rod) who has 3 Substract." Picks: the Sveanivo "picks up an armour
    dice", "The Igil picks up an armour dice and 2 Laser type dice", "The
    Chailbine picks up an armour dice and 3 area effect dice"; he shifts "his
    target to the Igil". "the Sveanivo adds the dice for the implosion bomb,
    removing it and placing it back in the supply pool." Rolls: the
    Chailbine's "3, 1 and 0" against the Igil's "2, 0 and 1", "0, 1, 0 and 1"
    and "a 0 for his body screen" (5: "The Igil is safe"); the Igil's "4 and
    0", re-rolling the 0 for "a 2"; "The Sveanivo rolls 6 close combat dice
    to reflect the implosion bomb. He rolls 0, 0, 1, 1, 1 and 0"; "combined
    attack total of 9"; the Chailbine's "2 and 1" and "0, 0, 2, 0, 1 and
    "escape"" ("a defence total of 7"); the hurt die "comes up as "dead."\""""
    state = position(3)
    zach = pos.place(state, "Chailbine Zach", 0, FROM, dirty=4)
    igil = pos.place(state, "Igil", 1, WATCH, dirty=3)
    sveanivo = pos.place(
        state, "Sveanivo", 2, WATCH2, dirty=1, techs=(BOMB, "Nananbites")
    )
    pos.start_hewn_turn(state, zach)
    into_sight(state)
    act(state, HEWN + igil, HEWN + sveanivo, Ctrl.YES)  # all three announce
    picks(state, 0, 3, 1)  # the Chailbine
    picks(state, 2, 0, 1)  # the Igil
    picks(state, 0, 0, 1)  # the Sveanivo: its only Substract as a body screen
    act(state, HEWN + igil)  # "He decides to shift his target to the Igil"
    # after the reveal and the payment, the bomb: the Sveanivo only is asked
    assert (top(state).ask, top(state).hewn) == (Ask.USE_BOMB, sveanivo)
    assert rules.legal_actions(state) == [Ctrl.YES, Ctrl.NO]
    act(state, Ctrl.YES)
    assert fitted(state, sveanivo) == [TechKind.NANANBITES]  # used up
    assert state.bombs_used == 1
    assert state.dirty[sveanivo] == 0  # its Substract paid for the screen only
    # the Chailbine's attack on the Igil
    pos.roll(state, "area", 3, 1, 0)
    pos.roll(state, "speed", 0, 1, 0, 1)
    pos.roll(state, "armour", 2, 0, 1, 0)
    # the combined attack: the Igil's lasers, then the bomb's close-combat dice
    pos.roll(state, "laser", 4, 0)
    pos.roll(state, "close_combat", 0, 0, 1, 1, 1, 0)
    pos.roll(state, "speed", 0, 0, 2, 0, 1, "escape")
    pos.roll(state, "armour", 2, 1)
    assert (top(state).ask, top(state).hewn) == (Ask.REROLL, igil)
    act(state, DIE + 1)  # "he decides to re-roll the 0"
    pos.roll(state, "laser", 2)  # "He gets a 2 and accepts this"
    pass_rerolls(state)
    assert state.roll_queue == [DieKind.HURT]  # 9 > 7: only the Chailbine
    pos.roll(state, "hurt", "dead")
    assert state.loc[zach] == DEAD
    assert state.healthy(igil) and state.healthy(sveanivo)
    # the overflow, though nothing is printed about it: the Sveanivo's owner
    # may pick a space linked to the Chailbine's, the Igil's or its own
    assert (top(state).ask, top(state).seat) == (Ask.OVERFLOW_SPACE, 2)
    assert rules.legal_actions(state) == [Ctrl.DONE, SPACE + WATCH, SPACE + WATCH2]
    act(state, Ctrl.DONE)
    assert not any(f.ask == Ask.RANGED for f in state.frames)
    assert state.healthy(igil) and state.healthy(sveanivo)


# --- adding the bomb -------------------------------------------------------------------
def test_bomb_dice_are_close_combat_dice_without_the_weapon_bonus() -> None:
    """rulebook: "An implosion bomb that is used in a range attack will give the
    attacker 6 close combat dice in the attack ... (These dice are not weapon
    dice - see the section on +1/+2 weapons…)": a Gunana's +1 does not count
    on them. Six 1s (6) do not beat the Chailbine's 6 (2+2+1+1 speed)."""
    state, mover, other = duel(watcher_techs=(BOMB, "Gunana"))
    picks(state, 0, 0, 1)  # the mover only screens: it attacks nobody
    picks(state, 0, 0, 1)  # the Sveanivo's only Substract: a screen
    act(state, HEWN + other)
    assert top(state).ask == Ask.USE_BOMB and top(state).hewn == other
    act(state, Ctrl.YES)
    zach_speed, zach_armour = 6, 1 + 1
    assert state.roll_queue == (
        [DieKind.CLOSE_COMBAT] * 6
        + [DieKind.SPEED] * zach_speed
        + [DieKind.ARMOUR] * zach_armour
    )
    pos.roll(state, "close_combat", 1, 1, 1, 1, 1, 1)
    pos.roll(state, "speed", 2, 2, 1, 1, 0, 0)
    pos.roll(state, "armour", 0, 0)
    pass_rerolls(state)
    assert not state.roll_queue  # 6 is not above 6: no hurt die
    assert state.healthy(mover)


def test_the_bombs_dice_join_the_bombers_rerolls() -> None:
    """rulebook: "Attackers can re-roll as many of their attacking dice as they
    have re-roll ability on their Hewn card": the bomb's dice are the
    Sveanivo's attack dice (its 1 re-roll may take one of them)."""
    state, _, other = duel()
    picks(state, 0, 0, 1)
    picks(state, 0, 0, 1)
    act(state, HEWN + other, Ctrl.YES)
    pos.roll(state, "close_combat", 0, 1, 1, 1, 1, 1)
    pos.roll(state, "speed", 2, 2, 1, 0, 0, 0)
    pos.roll(state, "armour", 0, 0)
    assert (top(state).ask, top(state).hewn) == (Ask.REROLL, other)
    assert rules.legal_actions(state) == [Ctrl.DONE, *(DIE + k for k in range(6))]
    act(state, DIE + 0)
    pos.roll(state, "close_combat", 1)  # 6 > 5
    pass_rerolls(state)
    assert state.roll_queue == [DieKind.HURT]


def test_the_bomb_costs_no_substract_and_is_used_up() -> None:
    """rulebook: "Implosion bombs do not cost Substract but are "used up" after
    doing a long-ranged attack and are therefore removed from the Hewn that
    uses it in that attack - it is a once-off weapon"."""
    state, _mover, other = duel(watcher_dirty=1)
    picks(state, 0, 3, 0)
    picks(state, 0, 0, 1)
    act(state, HEWN + other)
    assert state.dirty[other] == 0  # the screen was paid, the bomb is free
    assert bomb.holds_bomb(state, other)
    act(state, Ctrl.YES)
    assert not bomb.holds_bomb(state, other)
    assert state.bombs_used == 1
    assert state_data(state)["bombs_used"] == 1


def test_no_bomb_is_asked_of_a_hewn_without_one() -> None:
    """rulebook: the bomb's dice "are added to the attack at this point", for
    those who have one: without a bomb the dice are rolled at once."""
    state, _mover, other = duel(watcher_techs=())
    picks(state, 0, 3, 0)
    picks(state, 0, 0, 1)
    act(state, HEWN + other)
    assert is_chance(state) and state.roll_queue[0] == DieKind.AREA


def test_declining_keeps_the_bomb_and_asks_no_overflow() -> None:
    """rulebook: "Implosion bombs are weapons" a Hewn may use or keep: NO keeps
    it fitted, adds no dice and makes no overflow."""
    state, _mover, other = duel()
    picks(state, 0, 0, 1)
    picks(state, 0, 0, 1)
    act(state, HEWN + other, Ctrl.NO)
    assert bomb.holds_bomb(state, other) and state.bombs_used == 0
    # the Sveanivo picked no weapon dice and kept its bomb: nobody attacks
    assert state.roll_queue == []
    assert not any(f.ask in (Ask.RANGED, Ask.OVERFLOW_SPACE) for f in state.frames)


def test_a_malfunctioning_hewn_cannot_add_its_bomb() -> None:
    """rulebook: "If they don't choose a dice ... they are considered to have
    malfunctioned": a stunned Hewn attacks nobody, so it adds no bomb."""
    state, _mover, other = duel()
    picks(state, 0, 3, 0)
    picks(state, 0, 0, 0)  # the Sveanivo malfunctions
    act(state, HEWN + other)
    assert state.ctrl[other] == NEUTRAL
    assert is_chance(state) and state.roll_queue[0] == DieKind.AREA
    assert bomb.holds_bomb(state, other)


def test_the_mover_decides_first() -> None:
    """design: each attacker holding a bomb decides in order, the mover first
    (rulebook: "Starting with the moving Hewn, and proceeding to her left")."""
    state, mover, other = duel(mover_techs=(BOMB,))
    picks(state, 0, 3, 1)
    picks(state, 0, 0, 1)
    act(state, HEWN + other)
    asked = []
    while not is_chance(state) and top(state).ask == Ask.USE_BOMB:
        asked.append(top(state).hewn)
        act(state, Ctrl.YES)
    assert asked == [mover, other]
    assert state.bombs_used == 2


def test_two_bombs_overflow_in_turn_around_each_target() -> None:
    """rulebook: "the attacker can choose any adjacent space to the space where
    the original attack was made": the mover's bomb overflows around its
    target's space (12: the node 0 or 13), then the Sveanivo's around the
    mover's (the node 0: 12 and 15 hold Hewns), each asked of its owner."""
    state, mover, other = duel(mover_techs=(BOMB,))
    pos.place(state, "Fogbear", 1, WATCH2, damaged=True)
    picks(state, 0, 3, 1)
    picks(state, 0, 0, 1)
    act(state, HEWN + other, Ctrl.YES, Ctrl.YES)
    pos.roll(state, "area", 0, 0, 0)  # the mover's attack: nobody is hit
    pos.roll(state, "close_combat", *[0] * 6)
    pos.roll(state, "speed", 0, 0, 0, 0)
    pos.roll(state, "armour", 0, 0)
    pos.roll(state, "close_combat", *[0] * 6)  # the Sveanivo's bomb
    pos.roll(state, "speed", *[0] * 6)
    pos.roll(state, "armour", 0, 0)
    pass_rerolls(state)
    assert (top(state).ask, top(state).seat, top(state).hewn) == (
        Ask.OVERFLOW_SPACE,
        0,
        mover,
    )
    assert rules.legal_actions(state) == [Ctrl.DONE, SPACE + TO]
    act(state, Ctrl.DONE)
    assert (top(state).ask, top(state).seat, top(state).hewn) == (
        Ask.OVERFLOW_SPACE,
        1,
        other,
    )
    assert rules.legal_actions(state) == [Ctrl.DONE, SPACE + WATCH, SPACE + WATCH2]
    act(state, SPACE + WATCH2)  # its own side's damaged Fogbear dies
    assert state.hewns_at(WATCH2) == []
    assert not any(f.ask == Ask.RANGED for f in state.frames)


def test_no_bomb_in_a_same_space_encounter() -> None:
    """rulebook: "Implosion bombs are weapons (but they can ONLY be used as part
    of a ranged attack/encounter)"."""
    state = position(2)
    mover = pos.place(state, "Chailbine Zach", 0, FROM, dirty=4, techs=(BOMB,))
    pos.place(state, "Hover Cataclysm", 1, TO, dirty=4)
    pos.start_hewn_turn(state, mover)
    act(state, SPACE + TO)  # into a healthy enemy's space: a same-space encounter
    assert any(f.ask == Ask.SAME_SPACE for f in state.frames)
    rng = np.random.default_rng(3)
    while any(f.ask == Ask.SAME_SPACE for f in state.frames) and not state.over:
        assert is_chance(state) or top(state).ask != Ask.USE_BOMB
        legal = rules.legal_actions(state)
        rules.apply_action(state, legal[int(rng.integers(len(legal)))])
    assert bomb.holds_bomb(state, mover) or state.loc[mover] == DEAD
    assert state.bombs_used == 0


# --- the overflow ----------------------------------------------------------------------
def bomber_duel(behind: str, seat: int, **kw: object) -> tuple[State, int, int, int]:
    """The Chailbine (with a bomb) attacks a Hover Cataclysm in space 12 with 3
    area dice and its bomb; `behind` (seat `seat`, `kw` for `pos.place`) stands
    in space 13, linked to 12. All the attack's dice roll 0: nobody is hit."""
    state = position(2)
    mover = pos.place(state, "Chailbine Zach", 0, FROM, dirty=4, techs=(BOMB,))
    other = pos.place(state, "Hover Cataclysm", 1, WATCH, dirty=4)
    third = pos.place(state, behind, seat, BEHIND, **kw)  # type: ignore[arg-type]
    pos.start_hewn_turn(state, mover)
    into_sight(state)
    act(state, HEWN + other, Ctrl.YES)
    picks(state, 0, 3, 0)
    picks(state, 0, 0, 1)
    act(state, HEWN + other, Ctrl.YES)
    pos.roll(state, "area", 0, 0, 0)
    pos.roll(state, "close_combat", *[0] * 6)
    pos.roll(state, "speed", 0, 0, 0, 0)
    pos.roll(state, "armour", 0, 0, 0, 0)
    pass_rerolls(state)
    return state, mover, other, third


def test_the_overflow_space_is_linked_to_the_targets_and_holds_a_hewn() -> None:
    """rulebook: "after the range attack is resolved, the attacker can choose
    any adjacent space to the space where the original attack was made, and
    any Hewn on that space is attacked": the spaces linked to the target's
    (12: the node 0 and 13) that hold a Hewn, or none (DONE)."""
    state, mover, _other, _third = bomber_duel("Fogbear", 1, damaged=True)
    assert (top(state).ask, top(state).seat, top(state).hewn) == (
        Ask.OVERFLOW_SPACE,
        0,
        mover,
    )
    assert rules.legal_actions(state) == [Ctrl.DONE, SPACE + TO, SPACE + BEHIND]
    assert set(state.board.neighbours(WATCH)) == {TO, BEHIND}


def test_the_overflow_kills_a_hewn_that_is_not_healthy() -> None:
    """rulebook: "if the Hewn is NOT healthy, it dies immediately" (a damaged
    Hewn rolls no defence)."""
    state, _mover, _other, third = bomber_duel("Fogbear", 1, damaged=True)
    act(state, SPACE + BEHIND)
    assert state.loc[third] == DEAD
    assert not any(f.ask == Ask.RANGED for f in state.frames)


def overflow_on_friend(screens: int) -> tuple[State, int]:
    """The overflow on the mover's own healthy Igil (Slocic Shield, 3 dirty)
    in space 13, which declares `screens` body screens."""
    state, _, _, friend = bomber_duel("Igil", 0, dirty=3, techs=("Slocic Shield",))
    act(state, SPACE + BEHIND)
    assert (top(state).ask, top(state).hewn) == (Ask.SCREENS, friend)
    assert rules.legal_actions(state) == [NUM + k for k in range(4)]
    act(state, NUM + screens)
    assert state.dirty[friend] == 3 - screens
    return state, friend


def test_the_overflow_hits_friends_who_screen_and_defend() -> None:
    """rulebook: "any Hewn on that space is attacked by a 4 close combat dice
    attack" (friends too); "Any Hewn on that space can burn up to 7 Substract
    ... to create a body screen and roll any armour and speed defence dice to
    protect themselves; but they cannot attack the firer of the implosion
    bomb". 4 beats 3: the hurt die."""
    state, friend = overflow_on_friend(2)
    igil_speed, igil_armour = 4, 3 + 1 + 2  # card, Slocic Shield, 2 screens
    assert state.roll_queue == (
        [DieKind.CLOSE_COMBAT] * 4
        + [DieKind.SPEED] * igil_speed
        + [DieKind.ARMOUR] * igil_armour
    )
    pos.roll(state, "close_combat", 1, 1, 1, 1)
    pos.roll(state, "speed", 1, 0, 0, 0)
    pos.roll(state, "armour", 2, 0, 0, 0, 0, 0)
    assert state.roll_queue == [DieKind.HURT]
    pos.roll(state, "hurt", "damaged")
    assert state.damaged[friend] and state.loc[friend] == BEHIND
    assert not any(f.ask == Ask.RANGED for f in state.frames)


def test_the_overflow_misses_when_the_defence_is_not_beaten() -> None:
    """rulebook: "If the total of the attacker's dice is higher than the
    defenders total, then the attack is successful; or else nothing
    happens"."""
    state, friend = overflow_on_friend(0)
    pos.roll(state, "close_combat", 1, 1, 1, 0)
    pos.roll(state, "speed", 1, 0, 0, 0)
    pos.roll(state, "armour", 2, 0, 0, 0)
    assert not state.roll_queue and state.healthy(friend)


def test_two_escapes_cancel_the_overflow() -> None:
    """rulebook: "Rolling two (2) escape or more ... allows the roller of the
    dice to cancel the entire attacker dice roll"."""
    state, friend = overflow_on_friend(0)
    pos.roll(state, "close_combat", 1, 1, 1, 1)
    pos.roll(state, "speed", "escape", "escape", 0, 0)
    pos.roll(state, "armour", 0, 0, 0, 0)
    assert not state.roll_queue and state.healthy(friend)


def test_the_overflow_happens_though_the_bomber_died() -> None:
    """rulebook: "This is a powerful overflow effect of the implosion bomb and
    takes place whether or not the Hewn firing the implosion bomb survives the
    long-range encounter"."""
    state = position(2)
    mover = pos.place(state, "Chailbine Zach", 0, FROM, dirty=4, techs=(BOMB,))
    other = pos.place(state, "Igil", 1, WATCH, dirty=4)
    third = pos.place(state, "Fogbear", 1, BEHIND, stunned=True)
    pos.start_hewn_turn(state, mover)
    into_sight(state)
    act(state, HEWN + other, Ctrl.YES)
    picks(state, 0, 3, 0)
    picks(state, 3, 0, 0)
    act(state, HEWN + other, Ctrl.YES)
    pos.roll(state, "area", 0, 0, 0)
    pos.roll(state, "close_combat", *[0] * 6)
    pos.roll(state, "speed", 0, 0, 0, 0)
    pos.roll(state, "armour", 0, 0, 0)
    pos.roll(state, "laser", 4, 4, 4)  # the Cataclysm's reply
    pos.roll(state, "speed", *[0] * 6)
    pos.roll(state, "armour", 0)
    pass_rerolls(state)
    pos.roll(state, "hurt", "dead")
    assert state.loc[mover] == DEAD
    assert (top(state).ask, top(state).seat) == (Ask.OVERFLOW_SPACE, 0)
    act(state, SPACE + BEHIND)
    assert state.loc[third] == DEAD


# --- bad input -------------------------------------------------------------------------
def test_bad_overflow_spaces_are_refused_and_change_nothing() -> None:
    """An overflow space must be linked to the target's and hold a Hewn; any
    other id is refused with the legal ones named."""
    state, _mover, _other, _third = bomber_duel("Fogbear", 1, damaged=True)
    before = state_data(state)
    for bad in (SPACE + BEHIND2, SPACE + WATCH, NUM + 1, Ctrl.YES):
        with pytest.raises(IllegalActionError, match="not legal now"):
            rules.apply_action(state, bad)
    assert state_data(state) == before


def test_bad_bomb_answers_are_refused_and_change_nothing() -> None:
    state, _mover, other = duel()
    picks(state, 0, 0, 1)
    picks(state, 0, 0, 1)
    act(state, HEWN + other)
    before = state_data(state)
    for bad in (Ctrl.DONE, NUM + 1, SPACE + TO, 10**9, True, 1.0):
        with pytest.raises(IllegalActionError):
            rules.apply_action(state, bad)
    assert state_data(state) == before


def test_a_position_refuses_a_bomb_without_a_free_nanasocket() -> None:
    """design: the bomb takes a Nanasocket (the Sveanivo "has an implosion
    bomb, 1 Substract and a Nananbite" in its 2 Nanasockets)."""
    state = position(2)
    with pytest.raises(PositionError, match="no free socket for a Implosion bomb"):
        pos.place(state, "Chailbine Zach", 0, FROM, techs=(BOMB, BOMB))


# --- random play -----------------------------------------------------------------------
def bombs_bought(state: State) -> int:
    """Bombs won at auction so far (one piece per card)."""
    from scavenger_env.hewns.engine.state import BOUGHT_TECH, PURCHASE

    p = state.purchases
    return sum(
        1
        for i in range(0, len(p), PURCHASE)
        if p[i + 2] == BOUGHT_TECH and p[i + 3] == TechKind.IMPLOSION_BOMB
    )


def play_with_bombs(seed: int, players: int) -> tuple[State, int, int]:
    """Random play to the end from a board where every seat has two armed
    Hewns with a bomb near the node; every bomb is checked to be in exactly
    one place (a screen, a socket, used up, or lost with a dead Hewn) after
    every action. Returns the end state, the bombs used and the decisions
    taken during an overflow attack."""
    state = position(players)
    spots = (FROM, WATCH, WATCH2, BEHIND, BEHIND2, 10, 18, 21)
    for k in range(2 * players):
        seat = k % players
        name = ("Igil", "Chailbine Zach", "Sveanivo", "Smeggler", "Gombat")[k % 5]
        pos.place(state, name, seat, spots[k], dirty=2, techs=(BOMB,))
    pos.start_player_turn(state, state.order[0])
    rng = np.random.default_rng(seed)
    overflows = 0
    while not state.over:
        overflows += any(f.ask == Ask.OVERFLOW for f in state.frames)
        held = {h: state.slots[h].count(bomb.BOMB) for h in range(len(state.loc))}
        count = bomb.bombs_in_play(state) + state.bombs_used - bombs_bought(state)
        legal = rules.legal_actions(state)
        rules.apply_legal(state, legal[int(rng.integers(len(legal)))])
        lost = sum(c for h, c in held.items() if c and state.loc[h] == DEAD)
        after = bomb.bombs_in_play(state) + state.bombs_used - bombs_bought(state)
        assert after == count - lost, (seed, state.decisions)
    return state, state.bombs_used, overflows


@pytest.mark.parametrize("players", [2, 3, 4])
def test_random_games_with_bombs_end_and_keep_every_bomb(players: int) -> None:
    """Every bomb piece is in one place at every step, and random games with
    bombs end; some bombs are used and overflow on the way (else the test
    tests nothing)."""
    used = overflows = 0
    for seed in range(8):
        state, n, m = play_with_bombs(seed, players)
        assert state.end_reason in ("rounds", "pile", "depleted", "no mines")
        used += n
        overflows += m
    assert used > 0 and overflows > 0


# --- the scripted bots ------------------------------------------------------------------
@pytest.mark.parametrize("make", [ProspectorAgent, RaiderAgent])
def test_scripted_bots_add_the_bomb_against_a_well_defended_target(make: Any) -> None:
    """The scripted bots add their bomb when their attack alone would not beat
    the target's expected defence (the Sveanivo picked no weapon dice against
    the Chailbine's 6 speed and 2 armour dice), and keep it when the attack is
    strong enough without (an Igil's 7 lasers against a Sveanivo)."""
    state, _, other = duel()
    picks(state, 0, 0, 1)
    picks(state, 0, 0, 1)
    act(state, HEWN + other)
    legal = rules.legal_actions(state)
    assert make().choose(state, 1, legal, np.random.default_rng(0)) == Ctrl.YES
    state = position(2)
    igil = pos.place(state, "Igil", 0, FROM, dirty=7, techs=(BOMB,))
    sveanivo = pos.place(state, "Sveanivo", 1, WATCH, dirty=1)
    pos.start_hewn_turn(state, igil)
    into_sight(state)
    act(state, HEWN + sveanivo, Ctrl.YES)
    picks(state, 7, 0, 0)
    picks(state, 0, 0, 1)
    act(state, HEWN + sveanivo)
    assert (top(state).ask, top(state).hewn) == (Ask.USE_BOMB, igil)
    legal = rules.legal_actions(state)
    assert make().choose(state, 0, legal, np.random.default_rng(0)) == Ctrl.NO


@pytest.mark.parametrize("make", [ProspectorAgent, RaiderAgent])
def test_scripted_bots_overflow_onto_enemies_never_friends(make: Any) -> None:
    """The overflow goes to the linked space with the most enemy value and no
    friend of the bot's (the node 0 holds its own Chailbine): an enemy in
    space 13 is hit; with a friend there instead, no space is."""
    for seat, wanted in ((1, SPACE + BEHIND), (0, Ctrl.DONE)):
        state, *_ = bomber_duel("Fogbear", seat, damaged=True)
        legal = rules.legal_actions(state)
        assert len(legal) == 3
        assert make().choose(state, 0, legal, np.random.default_rng(0)) == wanted


@pytest.mark.parametrize("players", [2, 3, 4])
def test_scripted_bots_play_whole_games_with_the_stage_3_cards(players: int) -> None:
    """The Prospector and the Raider answer every decision of whole games with
    the stage 3 cards legally, and the games end."""
    config = HewnsConfig(num_players=players, cards="nanas")
    for seed in range(2):
        agents = [(RaiderAgent, ProspectorAgent)[s % 2]() for s in range(players)]
        for s, agent in enumerate(agents):
            agent.reset(s, config)
        rng = np.random.default_rng(seed)
        state = rules.new_game(config, rng)
        while not state.over:
            legal = rules.legal_actions(state)
            if is_chance(state):
                action = legal[int(rng.integers(len(legal)))]
            else:
                seat = top(state).seat
                action = agents[seat].choose(state, seat, legal, rng)
            assert action in legal
            rules.apply_action(state, action)
        assert state.end_reason in ("rounds", "pile", "depleted", "no mines")


def test_an_overflow_frame_copies_every_field_apart() -> None:
    """The overflow's frame (a token attack's kind) copies into an equal,
    independent frame with the same key, as a search's copy of the game
    needs."""
    state, *_ = bomber_duel("Igil", 0, dirty=3)
    act(state, SPACE + BEHIND)
    frame = state.frames[-2]
    assert isinstance(frame, bomb.OverflowFrame) and frame.ask == Ask.OVERFLOW
    copy = frame.copy()
    assert type(copy) is bomb.OverflowFrame and copy.key() == frame.key()
    for name in bomb.OVERFLOW_FRAME_FIELDS:
        assert getattr(copy, name) == getattr(frame, name), name
    copy.queue.append(99)
    assert frame.queue != copy.queue
    clone = state.clone()
    assert [f.key() for f in clone.frames] == [f.key() for f in state.frames]


def test_the_raider_fights_with_a_bomb_and_one_substract() -> None:
    """The Raider plays the Sveanivo of the rulebook's example 2 ("considering
    that he will be able to use the implosion bomb to attack with, decides to
    use her only Substract"): it reacts, spends its 1 Substract on a pick (so
    it does not malfunction) and adds the bomb."""
    state = position(2)
    zach = pos.place(state, "Chailbine Zach", 0, FROM, dirty=4)
    sveanivo = pos.place(state, "Sveanivo", 1, WATCH, dirty=1, techs=(BOMB,))
    pos.start_hewn_turn(state, zach)
    into_sight(state)
    raider, rng = RaiderAgent(), np.random.default_rng(0)
    raider.reset(1, state.config)

    def choose() -> int:
        return raider.choose(state, 1, rules.legal_actions(state), rng)

    assert top(state).ask == Ask.REACT
    act(state, choose())
    assert sveanivo in enc_of(state.frames[-2]).ann
    act(state, Ctrl.YES)
    picks(state, 0, 3, 1)
    while top(state).seat == 1 and top(state).ask in (
        Ask.PICK_L,
        Ask.PICK_A,
        Ask.PICK_K,
    ):
        act(state, choose())
    assert (
        sum(enc_of(next(f for f in state.frames if f.ask == Ask.RANGED)).pick(sveanivo))
        == 1
    )
    act(state, HEWN + sveanivo)
    assert (top(state).ask, top(state).hewn) == (Ask.USE_BOMB, sveanivo)
    assert choose() == Ctrl.YES


# --- words -----------------------------------------------------------------------------
def test_the_bomb_fight_is_told_with_its_decisions_and_summary() -> None:
    """The screen tells the bomb's decisions in words (the overflow's space, the
    overflow's screens, with why they are asked) and the fight, overflow
    included, in one summary once it is over."""
    state, _, other, friend = bomber_duel("Igil", 0, dirty=3)
    narrator = HEWNS.narrator(None)
    lines: list[str] = []

    def play(action: int) -> None:
        told = narrator.tell(state, action)
        lines.extend([told] if told else [])
        rules.apply_action(state, action)
        lines.extend(narrator.after(state))

    assert why_asked(state, 1) == ""  # the bomber's owner: its own turn
    play(SPACE + BEHIND)
    play(NUM + 0)
    for kind, value in [("close_combat", 1)] * 4 + [("speed", 0)] * 4:
        play(DIE + pos.face_index(kind, value))
    for _ in range(3):
        play(DIE + pos.face_index("armour", 0))
    play(DIE + pos.face_index("hurt", "stunned"))
    text = "\n".join(lines)
    assert "the bomb's overflow hits space 13" in text
    assert "burn 0 Substract as body screens" in text
    assert "Fight in player 0's turn" in text
    assert re.search(r"Igil #\d+ .*stunned", text), text
    assert "Only player 0's Hewns were hurt: nobody won." in text
    assert state.ctrl[friend] == NEUTRAL and state.healthy(other)


def test_a_bomb_from_the_screen_is_banjered_into_a_nanasocket() -> None:
    """design: the bomb is a Nanasocket technology, fitted like the others
    (rulebook: Banjering "can be done ... during his turn"): from the screen
    into either of the Sveanivo's two Nanasockets; then it may be added."""
    state = position(2)
    sveanivo = pos.place(state, "Sveanivo", 0, WATCH, dirty=1)
    pos.set_screen(state, 0, implosion_bomb=1)
    pos.start_hewn_turn(state, sveanivo)
    pos.play(state, "VERB BANJER", f"TECH {int(TechKind.IMPLOSION_BOMB)}")
    pos.play(state, f"HEWN {sveanivo}")
    assert rules.legal_actions(state) == [SOCKET, SOCKET + 1]  # its Nanasockets
    pos.play(state, "SOCKET 1")
    assert state.slots[sveanivo] == [EMPTY_SLOT, TechKind.IMPLOSION_BOMB]
    assert state.screen_tech[0][TechKind.IMPLOSION_BOMB] == 0
    assert bomb.holds_bomb(state, sveanivo) and bomb.bombs_fitted(state, 0) == 1
