"""Ranged encounters: the reaction window, the secret picks, the target, the
payment, the dice, combined attacks, escapes, re-rolls and dodge, the hurt die,
humiliation, and the rulebook's worked examples.

Positions are set up with `engine.position` on the crater (the same spaces on
the 2-, 3- and 4-player maps; all five below are big, so any Hewn stands there):
a Hewn stepping from space 9 onto the node 0 comes into the sight of Hewns in
spaces 12 and 15 (neither sees space 9); a Hewn in space 10 sees the node once
space 9 is empty. The starting mine on the node is taken off::

    15 - 0 - 12        (12 and 15 on two of the node's rays)
         |
         9 - 10        (the mover's way in, and a friend behind it)
"""

from __future__ import annotations

import numpy as np
import pytest
from quick_set import first_quick

from scavenger_env.hewns.engine import position as pos
from scavenger_env.hewns.engine import rules
from scavenger_env.hewns.engine.actions import DIE, HEWN, NUM, SOCKET, SPACE, Ctrl, Verb
from scavenger_env.hewns.engine.config import HewnsConfig
from scavenger_env.hewns.engine.data import (
    DICE,
    HEWN_TYPES,
    TECHS,
    DieKind,
    Socket,
    Symbol,
    TechKind,
)
from scavenger_env.hewns.engine.encounter import enc_of
from scavenger_env.hewns.engine.flow import FIRST_TECH_LOT, is_chance
from scavenger_env.hewns.engine.rules import legal_actions, new_game
from scavenger_env.hewns.engine.sight import sees
from scavenger_env.hewns.engine.state import (
    DEAD,
    DECK,
    HEWN_TYPE_OF,
    NEUTRAL,
    NUM_HEWNS,
    OFFER,
    Ask,
    Frame,
    State,
)

FROM, TO, WATCH, WATCH2, WATCH3 = 9, 0, 12, 15, 10


# --- helpers ----------------------------------------------------------------------------
def position(players: int = 2, version: int = 2) -> State:
    """An actions phase under rules `version` with nothing on the board but the
    starting mines (none on the node the mover steps onto), every turn-order
    card shown (showing one is tested in test_rules_v2.py)."""
    state = pos.actions_phase(players, shown=True, rules_version=version)
    pos.set_mine(state, TO, None)
    return state


def activate(state: State, hewn: int) -> None:
    """Its controller's player turn, with `hewn`'s Hewn turn started."""
    pos.start_hewn_turn(state, hewn)


def act(state: State, *actions: int) -> None:
    for a in actions:
        assert not is_chance(state), state.roll_queue
        rules.apply_action(state, a)


def face(kind: DieKind, value: int, symbol: Symbol = Symbol.NUMBER) -> int:
    """The first face index of `kind` showing `value` (and `symbol`)."""
    faces = DICE[kind].faces
    return next(
        i for i, f in enumerate(faces) if f.value == value and f.symbol == symbol
    )


def roll(state: State, kind: DieKind, *values: int) -> None:
    """Play the next dice (all of `kind`) with these values."""
    for v in values:
        assert state.roll_queue and state.roll_queue[0] == kind, state.roll_queue
        rules.apply_action(state, DIE + face(kind, v))


def escape(state: State) -> None:
    assert state.roll_queue[0] == DieKind.SPEED
    rules.apply_action(state, DIE + face(DieKind.SPEED, 1, Symbol.ESCAPE))


def hurt(state: State, symbol: Symbol) -> None:
    assert state.roll_queue == [DieKind.HURT]
    rules.apply_action(state, DIE + face(DieKind.HURT, 0, symbol))


def decline(state: State) -> None:
    """Every reacting seat passes."""
    while top(state).ask == Ask.REACT:
        act(state, Ctrl.DONE)


def into_sight(state: State) -> None:
    """The mover steps 9 -> 0, into the sight of the Hewns in spaces 12 and 15.
    Under rules 2 the reaction window comes when the movement stops: the mover
    then ends its Hewn turn, which waits for the window; under rules 1 the
    window follows the step itself."""
    act(state, SPACE + TO)
    if state.config.audit_fixes() and top(state).ask == Ask.HEWN_TURN:
        act(state, Ctrl.END_HEWN_TURN)


def no_window(state: State) -> bool:
    """No reaction window (nor any encounter) is open."""
    return not any(f.ask in (Ask.RANGED, Ask.REACT) for f in state.frames)


def encounter_over(state: State, mover: int) -> bool:
    """The encounter is over and play is back with the mover: its Hewn turn
    goes on (rules 1), or its end, which waited for the window, was played
    (rules 2, `into_sight`)."""
    if state.config.audit_fixes():
        return no_window(state) and turn_over(state, mover)
    return top(state).hewn == mover and top(state).ask == Ask.HEWN_TURN


def announce(state: State) -> None:
    """The mover steps into space 6 (nobody reacts), announces, and nobody
    responds."""
    act(state, SPACE + TO)
    decline(state)
    act(state, Verb.ANNOUNCE)
    decline(state)


def turn_over(state: State, hewn: int) -> bool:
    """`hewn`'s Hewn turn has ended."""
    return not any(f.ask == Ask.HEWN_TURN and f.hewn == hewn for f in state.frames)


def skip_away(state: State) -> None:
    """Step 2 ("Transmit Substract away"): every seat asked moves nothing."""
    while state.frames[-1].ask == Ask.TRANSMIT_AWAY:
        rules.apply_action(state, Ctrl.DONE)


def top(state: State) -> Frame:
    return state.frames[-1]


def picks(state: State, lasers: int, areas: int, screens: int) -> None:
    skip_away(state)
    assert top(state).ask == Ask.PICK_L
    act(state, NUM + lasers, NUM + areas, NUM + screens)


def duel(
    dirty: int = 4,
    *,
    version: int = 2,
    normal: int = 0,
    watcher_dirty: int | None = None,
    watcher_techs: tuple[str, ...] = (),
) -> tuple[State, int, int]:
    """Seat 0's Chailbine Zach (mover) steps 9 -> 0 into the sight of seat 1's
    Hover Cataclysm in space 12; both carry `dirty` Substract (the mover also
    `normal`, the watcher `watcher_dirty` if given)."""
    state = position(version=version)
    mover = pos.place(state, "Chailbine Zach", 0, FROM, normal=normal, dirty=dirty)
    watcher = pos.place(
        state,
        "Hover Cataclysm",
        1,
        WATCH,
        dirty=dirty if watcher_dirty is None else watcher_dirty,
        techs=watcher_techs,
    )
    activate(state, mover)
    return state, mover, watcher


def test_the_layout_is_as_drawn() -> None:
    """The positions below rest on these sight lines, on every map size: the
    watchers see a Hewn on the node but not one in space 9; the friend behind
    sees the node once space 9 is empty."""
    for players in (2, 3, 4):
        board = position(players).board
        assert all(board.size[s] == 3 for s in (FROM, TO, WATCH, WATCH2, WATCH3))
        assert TO in board.steps[2][FROM]
        for space, seen in ((FROM, False), (TO, True)):
            state = position(players)
            zach = pos.place(state, "Chailbine Zach", 0, space)
            cat = pos.place(state, "Hover Cataclysm", 1, WATCH)
            gombat = pos.place(state, "Gombat", 1, WATCH2)
            friend = pos.place(state, "Smeggler", 0, WATCH3)
            assert sees(state, cat, zach) == sees(state, gombat, zach) == seen
            assert sees(state, zach, friend)
            assert state.mine[TO] == -1


# --- the trigger -------------------------------------------------------------------------
def test_reaction_window_opens_after_an_ap_action() -> None:
    """rulebook: "If any of the healthy enemy Hewns, (called "reacting Hewns" that
    can now see the moving Hewn - after it has moved, want to attack the moving
    Hewn they also can also announce an encounter"."""
    state, _mover, watcher = duel()
    assert top(state).ask == Ask.HEWN_TURN
    assert Verb.ANNOUNCE not in legal_actions(state)  # nothing seen from space 9
    into_sight(state)
    assert top(state).ask == Ask.REACT and top(state).seat == 1
    # every turn-order card is shown: nobody has one to show
    assert legal_actions(state) == [Ctrl.DONE, HEWN + watcher]


def test_no_window_when_nobody_announces() -> None:
    """rulebook: "if neither player announces an encounter, the Hewn who's turn it
    is, can continue moving or stop moving" (rules 1: the window follows the
    step; rules 2 in test_react_window.py)."""
    state, mover, _watcher = duel(version=1)
    into_sight(state)
    act(state, Ctrl.DONE)
    assert top(state).ask == Ask.HEWN_TURN and top(state).hewn == mover
    assert Verb.ANNOUNCE in legal_actions(state)


def test_damaged_or_stunned_hewns_do_not_react() -> None:
    """Design 4.1: "Only healthy Hewns act ... announce encounters"."""
    state = position()
    mover = pos.place(state, "Chailbine Zach", 0, FROM, dirty=4)
    pos.place(state, "Hover Cataclysm", 1, WATCH, dirty=4, damaged=True)
    activate(state, mover)
    into_sight(state)
    assert no_window(state)


def test_sharing_a_space_blocks_ranged_encounters() -> None:
    """rulebook (Chailbine Zach example): "Chailbine Zach moves into a space
    occupied by another damaged Hewn (a damaged Clogg.) While in that space he
    cannot attack anything at range, nor can he be attacked by other enemy Hewns
    at range"."""
    state = position()
    mover = pos.place(state, "Chailbine Zach", 0, FROM, dirty=4)
    pos.place(state, "Hover Cataclysm", 1, WATCH, dirty=4)
    # a damaged core-set Minor Miner stands in for the Clogg
    pos.place(state, "Minor Miner", 1, TO, damaged=True)
    activate(state, mover)
    act(state, SPACE + TO)
    assert top(state).ask == Ask.HEWN_TURN
    assert Verb.ANNOUNCE not in legal_actions(state)
    act(state, Ctrl.END_HEWN_TURN)  # rules 2: stopping there opens no window
    assert no_window(state) and turn_over(state, mover)


def test_reactor_seats_are_asked_left_of_the_mover() -> None:
    """Design 5.3: each opponent seat with an eligible Hewn is asked once, in
    seat order starting left of the mover's controller."""
    state = position(3)
    mover = pos.place(state, "Chailbine Zach", 1, FROM, dirty=4)
    a = pos.place(state, "Hover Cataclysm", 2, WATCH, dirty=4)
    b = pos.place(state, "Gombat", 0, WATCH2, dirty=4)
    activate(state, mover)
    into_sight(state)
    assert (top(state).ask, top(state).seat) == (Ask.REACT, 2)
    act(state, HEWN + a)  # its only Hewn: the seat's window closes by itself
    assert (top(state).ask, top(state).seat) == (Ask.REACT, 0)
    act(state, HEWN + b)
    assert top(state).ask == Ask.MOVER_JOIN


def test_mover_join_asked_only_when_someone_announced() -> None:
    """rulebook: the mover "can also wait to announce an encounter, after an enemy
    Hewn has seen it and announced an encounter"."""
    state, _mover, watcher = duel()
    into_sight(state)
    act(state, HEWN + watcher)
    assert top(state).ask == Ask.MOVER_JOIN
    assert legal_actions(state) == [Ctrl.YES, Ctrl.NO]


def test_menu_announce_skips_mover_join() -> None:
    """Design 5.3: if the window was opened by the mover's own announcement,
    MOVER_JOIN is skipped; reactors may still respond."""
    state, mover, watcher = duel()
    act(state, SPACE + TO)
    decline(state)  # rules 1: the step's own window
    act(state, Verb.ANNOUNCE)
    assert top(state).ask == Ask.REACT
    act(state, HEWN + watcher)
    skip_away(state)
    assert top(state).ask == Ask.PICK_L and top(state).hewn == mover


# --- picks, target, pay --------------------------------------------------------------------
def test_all_three_picks_are_asked_even_without_a_weapon() -> None:
    """rulebook: "Hewns must have the weapon ability on their Hewn card" to pick
    weapon dice; design 5.3: every pick asks all its counts, even where the mask
    allows only 0."""
    state = position()
    mover = pos.place(state, "Chailbine Zach", 0, FROM, dirty=4)
    miner = pos.place(state, "Major Miner", 1, WATCH, dirty=4)  # no weapon
    activate(state, mover)
    into_sight(state)
    act(state, HEWN + miner, Ctrl.NO)
    skip_away(state)
    assert top(state).ask == Ask.PICK_L and legal_actions(state) == [NUM]
    act(state, NUM)
    assert top(state).ask == Ask.PICK_A and legal_actions(state) == [NUM]
    act(state, NUM)
    assert top(state).ask == Ask.PICK_K
    assert legal_actions(state) == [NUM + k for k in range(5)]


def test_picks_are_capped_by_seven_and_by_the_load() -> None:
    """rulebook: "up to a maximum of seven dice but limited to the amount of
    actual Substract they can get hold of"."""
    state, _mover, watcher = duel(dirty=5, watcher_dirty=9)
    into_sight(state)
    act(state, HEWN + watcher, Ctrl.YES)
    skip_away(state)
    assert legal_actions(state) == [NUM + v for v in range(6)]  # mover: load 5
    act(state, NUM + 2)
    assert legal_actions(state) == [NUM + v for v in range(4)]
    act(state, NUM + 3, NUM + 0)
    assert top(state).hewn == watcher
    assert legal_actions(state) == [NUM + v for v in range(8)]  # 9 carried, 7 max
    act(state, NUM + 4, NUM + 3)
    assert legal_actions(state) == [NUM]


def test_picks_stay_secret_until_the_reveal() -> None:
    """rulebook: "secretly pick dice"; nothing public moves before the reveal:
    the loads are paid only after the targets are named."""
    state, mover, watcher = duel()
    into_sight(state)
    act(state, HEWN + watcher, Ctrl.YES)
    picks(state, 0, 2, 1)
    picks(state, 1, 0, 0)
    assert top(state).ask == Ask.NAME_TARGET
    assert state.dirty[mover] == 4 and state.dirty[watcher] == 4


def test_mover_names_any_non_friendly_hewn_it_sees() -> None:
    """rulebook: "The moving Hewn can choose to target any non-friendly Hewn she
    can see"; D19: after all picks."""
    state = position()
    mover = pos.place(state, "Chailbine Zach", 0, FROM, dirty=4)
    watcher = pos.place(state, "Hover Cataclysm", 1, WATCH, dirty=4)
    other = pos.place(state, "Gombat", 1, WATCH2, dirty=4)
    friend = pos.place(state, "Smeggler", 0, WATCH3, dirty=4)
    activate(state, mover)
    into_sight(state)
    act(state, HEWN + watcher, Ctrl.DONE, Ctrl.YES)
    picks(state, 0, 1, 0)
    picks(state, 1, 0, 0)
    assert top(state).ask == Ask.NAME_TARGET
    assert legal_actions(state) == sorted([HEWN + watcher, HEWN + other])
    assert sees(state, mover, friend) and HEWN + friend not in legal_actions(state)


def test_payment_mix_is_asked_when_several_mixes_are_possible() -> None:
    """rulebook: "the total amount of dirty and/or normal Substract that a Hewn
    must ... pay over and put back into the supply pools": the payer picks the
    dirty part; the normal part goes back to the pile."""
    state, mover, watcher = duel(dirty=2, normal=2)
    pile = state.normal_pile
    announce(state)
    picks(state, 0, 3, 0)
    act(state, HEWN + watcher)
    assert top(state).ask == Ask.PICK_MIX
    assert legal_actions(state) == [NUM + 1, NUM + 2]
    act(state, NUM + 1)
    assert (state.normal[mover], state.dirty[mover]) == (0, 1)
    assert state.normal_pile == pile + 2


def test_malfunction_stuns_and_the_hewn_can_still_be_hit() -> None:
    """rulebook Example 1 (a mistaken ranged attack), with a core-set Chailbine
    Zach in the Sveanivo's place: the Cataclysm announces with nothing to burn,
    malfunctions ("Remove the control rod"), rolls nothing, and the single laser
    die's 2 beats its defence of 0: "because the Cataclysm was stunned it is
    immediately killed"."""
    state = position()
    cataclysm = pos.place(state, "Hover Cataclysm", 0, TO)
    zach = pos.place(state, "Chailbine Zach", 1, WATCH, dirty=3)
    activate(state, cataclysm)
    act(state, Verb.ANNOUNCE, HEWN + zach)
    picks(state, 0, 0, 0)  # only 0 is legal: nothing to burn
    picks(state, 1, 0, 0)
    act(state, HEWN + zach)
    assert state.ctrl[cataclysm] == NEUTRAL  # malfunctioned
    assert state.roll_queue == [DieKind.LASER]  # no defence dice, no attack dice
    roll(state, DieKind.LASER, 2)
    assert state.loc[cataclysm] == DEAD
    assert state.dirty[zach] == 2
    assert turn_over(state, cataclysm)


# --- dice ----------------------------------------------------------------------------------
def test_dice_pools_follow_the_card_the_screens_and_the_slocic() -> None:
    """rulebook: "Each Hewn being attacked adds the speed defence dice and armour
    dice shown on their Hewn card, and any defence dice they get from
    technologies (e.g.: Hewns get an armour dice from a Slocic shield.)"; one
    armour die per body screen."""
    state, mover, watcher = duel(watcher_techs=("Slocic Shield",))
    into_sight(state)
    act(state, HEWN + watcher, Ctrl.YES)
    picks(state, 1, 2, 0)
    picks(state, 0, 0, 2)
    act(state, HEWN + watcher)
    cat, zach = HEWN_TYPES[HEWN_TYPE_OF[watcher]], HEWN_TYPES[HEWN_TYPE_OF[mover]]
    assert state.roll_queue == (
        [DieKind.LASER] + [DieKind.AREA] * 2
        + [DieKind.SPEED] * cat.ap + [DieKind.ARMOUR] * (cat.armour + 1 + 2)
    )  # fmt: skip
    assert zach.ap == 6


def test_chailbine_attack_of_example_2() -> None:
    """rulebook Example 2, "Chailbine attack", with a core-set Hover Cataclysm
    (4 speed and 3 armour dice, like the Igil) as the target: "He rolls 3, 1 and
    0 for his area effect dice. (Total 4.) The Igil rolls 2, 0 and 1 for his
    armour dice, and 0, 1, 0 and 1 for his speed defence dice. He rolls a 0 for
    his body screen, which gives him a total of 5. The Igil is safe"."""
    state, mover, watcher = duel()
    into_sight(state)
    act(state, HEWN + watcher, Ctrl.YES)
    picks(state, 0, 3, 1)  # "an armour dice and 3 area effect dice"
    picks(state, 0, 0, 1)  # the target only screens here
    act(state, HEWN + watcher)
    roll(state, DieKind.AREA, 3, 1, 0)
    roll(state, DieKind.SPEED, 0, 1, 0, 1)
    roll(state, DieKind.ARMOUR, 2, 0, 1, 0)
    assert not state.roll_queue  # no hurt die
    assert state.healthy(watcher)
    assert encounter_over(state, mover)


def test_combined_attack_and_chailbine_defence_of_example_2() -> None:
    """rulebook Example 2, "Combined attack": the reactors' totals add ("roll
    their attack dice together to get a combined attack total"); "The Chailbine
    rolls 2 armour dice ... 2 and 1 ... 6 speed defence dice, and rolls 0, 0, 2,
    0, 1 and "escape" which gives him a defence total of 7 ... lower than the
    attack total of 9, he is forced to roll the hurt dice, which comes up as
    "dead."" Core-set stand-ins: a Hover Cataclysm (3, 1, 2 area) and a Gombat
    (3 laser) make the 9."""
    state = position(3)
    mover = pos.place(state, "Chailbine Zach", 0, FROM, dirty=4)
    cat = pos.place(state, "Hover Cataclysm", 1, WATCH, dirty=4)
    gombat = pos.place(state, "Gombat", 2, WATCH2, dirty=4)
    activate(state, mover)
    into_sight(state)
    act(state, HEWN + cat, HEWN + gombat, Ctrl.YES)
    picks(state, 0, 3, 1)
    picks(state, 0, 3, 0)
    picks(state, 1, 0, 0)
    act(state, HEWN + cat)
    roll(state, DieKind.AREA, 3, 1, 0)  # the Chailbine's attack on the Cataclysm
    roll(state, DieKind.SPEED, 0, 1, 0, 1)
    roll(state, DieKind.ARMOUR, 2, 0, 1)
    roll(state, DieKind.AREA, 3, 1, 2)  # the combined attack
    roll(state, DieKind.LASER, 3)
    roll(state, DieKind.SPEED, 0, 0, 2, 0, 1)
    escape(state)
    roll(state, DieKind.ARMOUR, 2, 1)
    # re-rolls: the Cataclysm and the Gombat have 1 each; both pass
    while top(state).ask == Ask.REROLL:
        act(state, Ctrl.DONE)
    hurt(state, Symbol.DEAD)
    assert state.loc[mover] == DEAD
    assert turn_over(state, mover)


def test_weapon_bonus_counts_only_on_a_nonzero_weapon_roll() -> None:
    """rulebook: "rolls a "2" ... He is now able to add +2 (for his two +1
    weapons) to give him a "4" strength attack ... Had he rolled a "0" ... he
    would get no bonuses"."""
    for rolled, hit in ((2, True), (0, False)):
        state = position()
        mover = pos.place(
            state, "Chailbine Zach", 0, FROM, dirty=3, techs=("Gunana", "Sicket Sunger")
        )
        target = pos.place(state, "Major Miner", 1, WATCH)
        activate(state, mover)
        announce(state)
        picks(state, 1, 0, 0)
        act(state, HEWN + target)
        roll(state, DieKind.LASER, rolled)
        roll(state, DieKind.SPEED, 1, 1, 1)  # Major Miner: 3 speed dice
        roll(state, DieKind.ARMOUR, 0, 0)  # defence 3: 4 beats it, 0 does not
        assert (state.roll_queue == [DieKind.HURT]) == hit


def test_a_gunana_gives_the_weapon_ability() -> None:
    """Design 2.3: a Gunana gives the weapon ability if absent."""
    state = position()
    mover = pos.place(state, "Chailbine Zach", 0, FROM, dirty=4)
    miner = pos.place(state, "Major Miner", 1, WATCH, dirty=4, techs=("Gunana",))
    activate(state, mover)
    into_sight(state)
    act(state, HEWN + miner, Ctrl.NO)
    skip_away(state)
    assert legal_actions(state) == [NUM + v for v in range(5)]


def test_two_escapes_cancel_the_attack_and_allow_a_free_move() -> None:
    """rulebook: "Rolling two (2) escape or more ... allows the roller of the dice
    to cancel the entire attacker dice roll of his enemies and if he is able to
    move to an empty adjacent space (free of any healthy Hewns) ... may choose to
    move to that adjacent space as a free move"."""
    state, _mover, watcher = duel()
    announce(state)
    picks(state, 0, 4, 0)
    act(state, HEWN + watcher)
    roll(state, DieKind.AREA, 3, 3, 3, 3)
    escape(state)
    escape(state)
    roll(state, DieKind.SPEED, 0, 0)
    roll(state, DieKind.ARMOUR, 0, 0, 0)
    assert top(state).ask == Ask.ESCAPE_MOVE and top(state).hewn == watcher
    assert Ctrl.DONE in legal_actions(state)
    assert SPACE + TO not in legal_actions(state)  # the mover is healthy there
    space = legal_actions(state)[-1] - SPACE
    act(state, SPACE + space)
    assert state.loc[watcher] == space and state.healthy(watcher)


def test_two_escapes_cancel_a_combined_attack() -> None:
    """rulebook: two escapes "cancel the entire attacker dice roll of his
    enemies": every attacker of a combined attack."""
    state = position(3)
    mover = pos.place(state, "Chailbine Zach", 0, FROM, dirty=4)
    cat = pos.place(state, "Hover Cataclysm", 1, WATCH, dirty=4)
    gombat = pos.place(state, "Gombat", 2, WATCH2, dirty=4)
    activate(state, mover)
    into_sight(state)
    act(state, HEWN + cat, HEWN + gombat, Ctrl.NO)
    picks(state, 3, 0, 0)
    picks(state, 0, 3, 0)
    roll(state, DieKind.LASER, 4, 4, 4)
    roll(state, DieKind.AREA, 3, 3, 3)
    escape(state)
    escape(state)
    roll(state, DieKind.SPEED, 0, 0, 0, 0)
    roll(state, DieKind.ARMOUR, 0)
    assert top(state).ask == Ask.ESCAPE_MOVE and top(state).hewn == mover
    act(state, Ctrl.DONE)
    assert state.healthy(mover) and encounter_over(state, mover)


def test_one_escape_counts_one() -> None:
    """rulebook: "Rolling a single (1) escape on a speed defence dice counts as 1
    defence"."""
    state, _mover, watcher = duel()
    announce(state)
    picks(state, 0, 1, 0)
    act(state, HEWN + watcher)
    roll(state, DieKind.AREA, 1)
    escape(state)
    roll(state, DieKind.SPEED, 0, 0, 0)
    roll(state, DieKind.ARMOUR, 0, 0, 0)
    assert not state.roll_queue and state.healthy(watcher)  # 1 is not > 1


def test_dodge_then_reroll_alternate() -> None:
    """rulebook (the Four-way Gotler dodge example, at range with core-set
    Hewns): the attack totals 6 against a defence of 4; the Gotler "decides to
    force the attacker to re-roll his "3" laser type dice ... comes up with a "1"
    ... the attack is currently unsuccessful. The Scraveler has a 1 re-roll
    ability ... comes up with a "2". This gives him a new total is 5"."""
    state = position()
    mover = pos.place(state, "Hover Cataclysm", 0, TO, dirty=4)
    gotler = pos.place(state, "Four-way Gotler", 1, WATCH)
    activate(state, mover)
    act(state, Verb.ANNOUNCE)
    decline(state)
    picks(state, 1, 3, 0)
    act(state, HEWN + gotler)
    roll(state, DieKind.LASER, 3)
    roll(state, DieKind.AREA, 1, 1, 1)
    roll(state, DieKind.SPEED, 0, 1, 0, 1)
    roll(state, DieKind.ARMOUR, 1, 1)
    assert top(state).ask == Ask.DODGE and top(state).hewn == gotler  # D21
    assert legal_actions(state) == [Ctrl.DONE, DIE, DIE + 1, DIE + 2, DIE + 3]
    act(state, DIE)
    roll(state, DieKind.LASER, 1)
    assert top(state).ask == Ask.REROLL and top(state).hewn == mover
    act(state, DIE)
    roll(state, DieKind.LASER, 2)
    # the dodge is spent and so is the re-roll: the attack stands at 5 > 4
    hurt(state, Symbol.DAMAGED)
    assert state.damaged[gotler]


def test_rerolls_limited_by_the_card() -> None:
    """rulebook: "Attackers can re-roll as many of their attacking dice as they
    have re-roll ability on their Hewn card"; the same die may be re-rolled
    again."""
    state = position()
    mover = pos.place(state, "Chailbine Zach", 0, FROM, dirty=4)
    cat = pos.place(state, "Hover Cataclysm", 1, WATCH, dirty=4)  # 1 re-roll
    activate(state, mover)
    into_sight(state)
    act(state, HEWN + cat, Ctrl.NO)
    picks(state, 1, 0, 0)
    roll(state, DieKind.LASER, 0)
    roll(state, DieKind.SPEED, 0, 0, 0, 0, 0, 0)
    roll(state, DieKind.ARMOUR, 0)
    assert top(state).ask == Ask.REROLL
    assert legal_actions(state) == [Ctrl.DONE, DIE]
    act(state, DIE)
    roll(state, DieKind.LASER, 0)
    assert not state.roll_queue and encounter_over(state, mover)


# --- hurt ------------------------------------------------------------------------------------
def _hit(symbol: Symbol, sickets: tuple[str, ...] = ()) -> tuple[State, int, int]:
    """A laser hit of 4 on an unloaded Hover Cataclysm fitted with `sickets`
    (Sicket technologies, by name), the hurt die showing `symbol`."""
    state = position()
    mover = pos.place(state, "Chailbine Zach", 0, FROM, dirty=4)
    target = pos.place(state, "Hover Cataclysm", 1, WATCH, techs=sickets)
    activate(state, mover)
    announce(state)
    picks(state, 1, 0, 0)
    act(state, HEWN + target)
    roll(state, DieKind.LASER, 4)
    roll(state, DieKind.SPEED, 0, 0, 0, 0)
    roll(state, DieKind.ARMOUR, *([0] * (3 + sickets.count("Slocic Shield"))))
    hurt(state, symbol)
    return state, mover, target


@pytest.mark.parametrize(
    ("symbol", "dead", "damaged", "stunned"),
    [
        (Symbol.DEAD, True, False, False),
        (Symbol.DAMAGED, False, True, False),
        (Symbol.STUNNED, False, False, True),
        (Symbol.DAMAGED_STUNNED, False, True, True),
        (Symbol.SICKET_HIT, True, False, False),
    ],
)
def test_hurt_die_faces(
    symbol: Symbol, dead: bool, damaged: bool, stunned: bool
) -> None:
    """rulebook: the hurt die: "Dead. The Hewn dies"; Sicket hit (no Sicket
    technology: it dies); damaged; stunned; damaged and stunned."""
    state, _, target = _hit(symbol)
    assert (state.loc[target] == DEAD) == dead
    if not dead:
        assert state.damaged[target] == damaged
        assert (state.ctrl[target] == NEUTRAL) == stunned


def test_a_stunned_hewn_keeps_its_technologies_and_substract() -> None:
    """rulebook: a stunned Hewn loses its control rod "(Any technologies attached
    to that Hewn as well as any Substract; remain on that Hewn.)": the hurt die's
    stun takes the rod only; the Sicket Sunger and the 2 normal and 3 dirty
    Substract stay on the Cataclysm."""
    state = position()
    mover = pos.place(state, "Chailbine Zach", 0, FROM, dirty=4)
    target = pos.place(
        state, "Hover Cataclysm", 1, WATCH, normal=2, dirty=3, techs=("Sicket Sunger",)
    )
    slots = list(state.slots[target])
    activate(state, mover)
    announce(state)
    picks(state, 1, 0, 0)
    act(state, HEWN + target)
    roll(state, DieKind.LASER, 4)
    roll(state, DieKind.SPEED, 0, 0, 0, 0)
    roll(state, DieKind.ARMOUR, 0, 0, 0)
    hurt(state, Symbol.STUNNED)
    assert state.ctrl[target] == NEUTRAL and not state.damaged[target]
    assert state.loc[target] == WATCH
    assert state.slots[target] == slots and TechKind.SICKET_SUNGER in slots
    assert (state.normal[target], state.dirty[target]) == (2, 3)


def test_sicket_hit_destroys_a_sicket_technology_of_the_owners_choice() -> None:
    """rulebook: "provided that the Hewn has a Sicket technology inserted, the
    Hewn will live": the owner chooses which one is lost."""
    state, _, target = _hit(Symbol.SICKET_HIT, ("Sicket Sunger", "Futanaz"))
    assert top(state).ask == Ask.SICKET_LOSS and top(state).seat == 1
    assert legal_actions(state) == [SOCKET + 1, SOCKET + 2]
    act(state, SOCKET + 2)
    assert state.slots[target][1:] == [TechKind.SICKET_SUNGER, -1]
    assert state.healthy(target)


def test_non_healthy_target_dies_on_any_success_without_hurt_die() -> None:
    """rulebook: "if the Hewn is NOT healthy, it dies immediately. (No need to
    roll the hurt dice.)"; "they have a defence of 0 and roll no defence
    dice"."""
    state = position()
    mover = pos.place(state, "Chailbine Zach", 0, FROM, dirty=4)
    target = pos.place(state, "Hover Cataclysm", 1, WATCH, damaged=True)
    activate(state, mover)
    announce(state)
    picks(state, 1, 0, 0)
    act(state, HEWN + target)
    assert state.roll_queue == [DieKind.LASER]
    roll(state, DieKind.LASER, 1)
    assert state.loc[target] == DEAD


def _miss(state: State) -> None:
    """The laser die shows 0 and the attacker keeps it (no re-roll)."""
    roll(state, DieKind.LASER, 0)
    while top(state).ask == Ask.REROLL:
        act(state, Ctrl.DONE)


def test_humiliation_costs_one_ap_for_every_further_encounter() -> None:
    """rulebook: "If they wish to encounter that same damaged and/or stunned
    Hewn again this turn, they must spend 1 action point doing the encounter";
    D59: every further encounter; with no AP left it cannot be named. A Gombat
    (4 AP, room for 8 Substract) pays for one encounter after its step and one
    with each AP left, and still has Substract (its turn goes on)."""
    state = position()
    mover = pos.place(state, "Gombat", 0, FROM, dirty=8)
    target = pos.place(state, "Hover Cataclysm", 1, WATCH, stunned=True)
    activate(state, mover)
    announce(state)
    picks(state, 1, 0, 0)
    act(state, HEWN + target)
    _miss(state)  # failed: humiliating
    turn = top(state)
    assert turn.ask == Ask.HEWN_TURN and turn.ap == 3  # the step cost 1
    for ap in (3, 2, 1):
        act(state, Verb.ANNOUNCE)
        picks(state, 1, 0, 0)
        act(state, HEWN + target)
        assert turn.ap == ap - 1
        _miss(state)
    assert top(state) is turn and turn.ap == 0 and state.dirty[mover] == 4
    assert Verb.ANNOUNCE not in legal_actions(state)


def test_stunned_mover_turn_ends() -> None:
    """rulebook: "His Hewn turn will immediately end" when it is no longer
    healthy and its owner's."""
    state, mover, watcher = duel()
    into_sight(state)
    act(state, HEWN + watcher, Ctrl.NO)
    picks(state, 1, 0, 0)
    roll(state, DieKind.LASER, 4)
    roll(state, DieKind.SPEED, 0, 0, 0, 0, 0, 0)
    roll(state, DieKind.ARMOUR, 0)
    act(state, Ctrl.DONE)  # the Cataclysm's re-roll
    hurt(state, Symbol.STUNNED)
    assert state.ctrl[mover] == NEUTRAL
    assert turn_over(state, mover)


# --- random games ------------------------------------------------------------------------------
def _normal_total(state: State) -> int:
    return (
        state.normal_pile
        + sum(state.normal)
        + sum(state.screen_normal)
        + sum(sum(b) for b in state.bidox_normal)
    )


def _check(state: State, total: int) -> None:
    assert _normal_total(state) == total
    assert all(state.normal[h] >= 0 and state.dirty[h] >= 0 for h in range(NUM_HEWNS))
    decks = [h for pile in (*state.hewn_deck, *state.hewn_discard) for h in pile]
    assert len(decks) == len(set(decks))  # one place per Hewn
    assert all(state.loc[h] == DECK for pile in state.hewn_deck for h in pile)
    offered = [h for h in state.offer[1:FIRST_TECH_LOT] if h >= 0]
    assert all(state.loc[h] == OFFER for h in offered)
    assert not set(offered) & set(decks)
    for frame in state.frames:  # plain ints: digests and copies stay exact
        assert all(type(x) is int for x in frame.key()), frame
    if not state.over and not any(f.ask == Ask.HEWN_TURN for f in state.frames):
        # between Hewn turns: "a healthy Hewn cannot end its turn in the same
        # space" as another healthy Hewn (an end trigger stops the game at
        # once, mid-encounter, dropping the retreat: D11), but for swarms: one
        # is never stunned, so it stays where it lost a member for it (D46)
        spaces = [
            state.loc[h]
            for h in range(NUM_HEWNS)
            if state.on_board(h) and state.healthy(h) and not state.card(h).members
        ]
        assert len(spaces) == len(set(spaces))


def test_the_mover_goes_on_after_a_ranged_encounter() -> None:
    """rulebook: after an encounter the moving Hewn "can continue moving or stop
    moving (as he/she sees fit.)": the Chailbine Zach's laser misses the Major
    Miner, and its Hewn turn goes on with the action points the step left it
    (the encounter cost none), so it may step again."""
    state = position()
    mover = pos.place(state, "Chailbine Zach", 0, FROM, dirty=4)
    target = pos.place(state, "Major Miner", 1, WATCH)
    activate(state, mover)
    ap = top(state).ap
    announce(state)
    picks(state, 1, 0, 0)
    act(state, HEWN + target)
    roll(state, DieKind.LASER, 0)
    roll(state, DieKind.SPEED, 1, 1, 1)
    roll(state, DieKind.ARMOUR, 0, 0)
    while top(state).ask in (Ask.REROLL, Ask.DODGE):
        act(state, Ctrl.DONE)
    assert state.healthy(mover) and state.healthy(target)
    assert top(state).ask == Ask.HEWN_TURN and top(state).hewn == mover
    assert top(state).ap == ap - 1
    assert any(SPACE <= a < SPACE + 64 for a in legal_actions(state))


@pytest.mark.parametrize("players", [2, 3, 4])
def test_random_games_keep_the_invariants(players: int) -> None:
    """Whole random games: Substract is conserved after every action, and no two
    healthy Hewns share a space when a Hewn turn ends ("a healthy Hewn cannot end
    its turn in the same space")."""
    for seed in range(200):
        rng = np.random.default_rng(seed)
        state = new_game(HewnsConfig(num_players=players), rng)
        total = _normal_total(state)
        while not state.over:
            legal = legal_actions(state)
            turning = bool(state.frames) and top(state).ask == Ask.HEWN_TURN
            depth = len(state.frames)
            rules.apply_legal(state, legal[int(rng.integers(len(legal)))])
            _check(state, total)
            if turning and len(state.frames) < depth and not state.over:
                occupied = [  # a swarm stays where it lost a member (D46)
                    state.loc[h]
                    for h in range(NUM_HEWNS)
                    if state.on_board(h)
                    and state.healthy(h)
                    and not state.card(h).members
                ]
                assert len(occupied) == len(set(occupied)), seed


#: the weapon technologies a crowded board fits, by the socket they go in
_WEAPONS = {
    socket: [t.name for t in TECHS if t.socket == socket and t.kind in kinds]
    for socket, kinds in (
        (Socket.NANA, (TechKind.GUNANA,)),
        (Socket.SICKET, (TechKind.SLOCIC_SHIELD, TechKind.FUTANAZ)),
    )
}


def _crowded(players: int, seed: int) -> State:
    """A round-1 actions phase with every core Hewn on the board (random spaces,
    seats and loads, some with weapon technologies), the first seat to play."""
    rng = np.random.default_rng(seed)
    state = pos.actions_phase(players)
    board = state.board
    free = list(range(board.n_spaces))
    rng.shuffle(free)
    for h in range(NUM_HEWNS):
        if state.loc[h] != DECK or not free:
            continue
        card = HEWN_TYPES[HEWN_TYPE_OF[h]]
        spot = next((s for s in free if board.admits(s, card.size)), None)
        if spot is None:
            continue
        free.remove(spot)
        dirty = min(int(rng.integers(5)), card.store_total)
        normal = min(int(rng.integers(4)), card.store_total - dirty)
        sockets = [Socket.NANA] * card.nanasockets + [
            Socket.SICKET
        ] * card.sicket_sockets
        techs = [
            _WEAPONS[socket][int(rng.integers(len(_WEAPONS[socket])))]
            for socket in sockets
            if rng.random() < 0.3
        ]
        seat = int(rng.integers(players))
        pos.place_card(state, h, seat, spot, normal=normal, dirty=dirty, techs=techs)
    pos.start_player_turn(state, 0)
    return state


@pytest.mark.parametrize("players", first_quick([2, 3, 4]))
def test_random_encounters_keep_the_invariants(players: int) -> None:
    """Random play from crowded boards, where ranged encounters are frequent:
    Substract is conserved, every decision is asked of a seat, and no two healthy
    Hewns share a space when a Hewn turn ends."""
    seen: set[int] = set()
    for seed in range(200):
        rng = np.random.default_rng(seed)
        state = _crowded(players, seed)
        total = _normal_total(state)
        for _ in range(400):
            if state.over:
                break
            legal = legal_actions(state)
            assert legal
            turning = top(state).ask == Ask.HEWN_TURN if state.frames else False
            depth = len(state.frames)
            rules.apply_legal(state, legal[int(rng.integers(len(legal)))])
            _check(state, total)
            if state.frames and not is_chance(state):
                seen.add(top(state).ask)
                assert top(state).seat >= 0 or state.over
            if turning and len(state.frames) < depth and not state.over:
                occupied = [  # a swarm stays where it lost a member (D46)
                    state.loc[h]
                    for h in range(NUM_HEWNS)
                    if state.on_board(h)
                    and state.healthy(h)
                    and not state.card(h).members
                ]
                assert len(occupied) == len(set(occupied)), seed
    for ask in (
        Ask.REACT,
        Ask.MOVER_JOIN,
        Ask.PICK_MIX,
        Ask.NAME_TARGET,
        Ask.REROLL,
        Ask.DODGE,
        Ask.ESCAPE_MOVE,
    ):
        assert ask in seen, ask


def _at_name_target(watcher_picks: tuple[int, int, int]) -> tuple[State, int, int]:
    state, mover, watcher = duel()
    into_sight(state)
    act(state, HEWN + watcher, Ctrl.YES)
    picks(state, 0, 2, 1)
    picks(state, *watcher_picks)
    assert top(state).ask == Ask.NAME_TARGET and top(state).seat == 0
    return state, mover, watcher


def test_the_mover_does_not_see_the_reactors_picks_before_the_reveal() -> None:
    """rulebook: the dice are picked "secretly" and revealed only once the targets
    are named: the redacted state, the observation and the screen of the mover's
    seat are the same whatever the reactor picked, and show its own picks."""
    from scavenger_env.hewns.engine.view import determinize, redact
    from scavenger_env.hewns.game import HEWNS

    a, mover, watcher = _at_name_target((1, 0, 0))
    b, _, _ = _at_name_target((3, 0, 1))
    encounter = next(f for f in redact(a, 0).frames if f.ask == Ask.RANGED)
    assert enc_of(encounter).pick(watcher) == (0, 0, 0, 0, 0)
    assert enc_of(encounter).pick(mover)[:3] == (0, 2, 1)
    assert HEWNS.state_data(redact(a, 0)) == HEWNS.state_data(redact(b, 0))
    encoder = HEWNS.make_encoder()
    assert (encoder.encode(a, 0) == encoder.encode(b, 0)).all()
    assert HEWNS.render(a, 0) == HEWNS.render(b, 0)
    # the reactor's own seat sees its picks; a determinized game draws payable ones
    mine = next(f for f in redact(a, 1).frames if f.ask == Ask.RANGED)
    assert enc_of(mine).pick(watcher)[:3] == (1, 0, 0)
    rng = np.random.default_rng(0)
    for _ in range(20):
        guess = next(f for f in determinize(a, 0, rng).frames if f.ask == Ask.RANGED)
        assert sum(enc_of(guess).pick(watcher)) <= min(7, a.dirty[watcher])
