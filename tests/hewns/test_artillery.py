"""Artillery (rulebook "Artillery (lucky shot!)"): who may fire and at whom, the
picks, the payment, the discard, the dodge, no re-roll and no weapon bonus, the
hurt die, humiliation, secrecy, and the rulebook's artillery example.

Positions are set up with `engine.position` on the crater with the terrain
cards (the Igil is one of them). The Igil stands in space 9; space 12 and
space 15 are out of its sight, space 0 (the node next to it) in sight; space
10 is next to space 9 (a friend there is in sight of the Igil); space 13 is in
sight of space 12 but not of space 9::

    15 - 0 - 12        (out of sight of space 9: 12 and 15)
         |
         9 - 10
"""

from __future__ import annotations

import numpy as np
import pytest

from scavenger_env.core.errors import IllegalActionError
from scavenger_env.core.game_check import check_game
from scavenger_env.hewns.engine import position as pos
from scavenger_env.hewns.engine import rules
from scavenger_env.hewns.engine.actions import DIE, HEWN, NUM, SPACE, Verb, id_of
from scavenger_env.hewns.engine.config import HewnsConfig
from scavenger_env.hewns.engine.data import DieKind
from scavenger_env.hewns.engine.describe import describe_action
from scavenger_env.hewns.engine.encounter import enc_of
from scavenger_env.hewns.engine.flow import is_chance
from scavenger_env.hewns.engine.sight import sees
from scavenger_env.hewns.engine.state import DEAD, NEUTRAL, Ask, Frame, State
from scavenger_env.hewns.engine.turnstate import hewn_turn
from scavenger_env.hewns.engine.view import determinize, redact
from scavenger_env.hewns.game import HEWNS, HewnsGame
from scavenger_env.hewns.observation import OFFSETS

IGIL_AT, OUT_OF_SIGHT, OUT_OF_SIGHT_2, IN_SIGHT, NEXT_DOOR, GOTLER_SEES = (
    9,
    12,
    15,
    0,
    10,
    13,
)


# --- helpers ----------------------------------------------------------------------------
def duel(
    load: int = 5, target: str = "Four-way Gotler", **target_options: object
) -> tuple[State, int, int]:
    """Seat 0's Igil (a Gunana fitted: a +1 weapon) in space 9 with `load`
    normal Substract, in its Hewn turn; seat 1's `target` in space 12, out of
    its sight."""
    state = pos.actions_phase(2, shown=True, cards="terrain")
    pos.set_mine(state, IN_SIGHT, None)
    igil = pos.place(state, "Igil", 0, IGIL_AT, normal=load, techs=["Gunana"])
    seat = 1
    if target_options.pop("neutral", False):
        target_options["stunned"] = True
    other = pos.place(state, target, seat, OUT_OF_SIGHT, **target_options)  # type: ignore[arg-type]
    pos.start_hewn_turn(state, igil)
    assert not sees(state, igil, other)
    return state, igil, other


def top(state: State) -> Frame:
    return state.frames[-1]


def legal_words(state: State) -> list[str]:
    return [describe_action(state, a) for a in rules.legal_actions(state)]


def fire(state: State, target: int, lasers: int, areas: int) -> None:
    """VERB ARTILLERY, the target, the attacker's picks."""
    pos.play(state, "VERB ARTILLERY", HEWN + target, NUM + lasers, NUM + areas)


def nums(state: State) -> list[int]:
    return [a - NUM for a in rules.legal_actions(state)]


def the_gotlers_four(state: State) -> None:
    """The Four-way Gotler's 4 speed and 2 armour dice, a total of 4, one
    escape at most."""
    pos.roll(state, "speed", 2, 1, 1, 0)
    pos.roll(state, "armour", 0, 0)


# --- the example ------------------------------------------------------------------------
def test_the_artillery_example() -> None:
    """rulebook: "An Igil is attacking a Four-way Gotler from a different part of
    the board using his artillery ability. (The Igil also has a +1 weapon but the
    +1 effect doesn't work when using his artillery ability.) He picked up 1
    laser type dice and 2 area effect dice and rolled 3 with the laser type dice
    and 3 & 2 with the area effect dice, giving him a total of 8! The Four-way
    Gotler only rolled a total of 4 with his defence dice, but because he was
    being attacked with artillery, he forces the attacker to discard his highest
    dice. He removes the attackers "3" laser type dice. ... he asks the attacker
    to re-roll the "3" area effect dice again (using his dodge ability.) ... the
    roll comes up with a "2" and this now stands. The attack now totals 4, which
    is not higher than the Gotler's defence value of 4. The attack is
    unsuccessful." With the +1 the attack would be 5 and succeed."""
    state, igil, gotler = duel(load=5)
    fire(state, gotler, 1, 2)
    assert top(state).ask == Ask.PICK_K and top(state).hewn == gotler
    pos.play(state, "NUM 0")
    pos.roll(state, "laser", 3)
    pos.roll(state, "area", 3, 2)
    the_gotlers_four(state)
    assert top(state).ask == Ask.DISCARD and top(state).seat == 1
    assert "laser (yellow) 3" in describe_action(state, DIE + 0)
    pos.play(state, "DIE 0")  # the "3" laser die
    assert top(state).ask == Ask.DODGE
    assert "area (red) 3" in describe_action(state, DIE + 0)
    pos.play(state, "DIE 0")  # re-roll the "3" area die
    pos.roll(state, "area", 2)
    assert not is_chance(state), "a failed attack rolls no hurt die"
    assert top(state).ask == Ask.HEWN_TURN and top(state).hewn == igil
    assert state.healthy(gotler) and not state.damaged[gotler]
    assert state.ctrl[gotler] == 1
    assert state.normal[igil] == 5 - 3  # "Each weapon shot will use up 1 Substract"


def test_a_successful_shot_rolls_the_hurt_die() -> None:
    """rulebook: "For any attack that was successful, roll the hurt dice": the
    Gotler left with the laser 3 and the area 3 (it discards the 2) and no
    dodge worth making is hit."""
    state, _, gotler = duel(load=5)
    fire(state, gotler, 1, 2)
    pos.play(state, "NUM 0")
    pos.roll(state, "laser", 3)
    pos.roll(state, "area", 3, 2)
    the_gotlers_four(state)
    pos.play(state, "DIE 2", "CTRL DONE")  # discard the area 2; no dodge
    assert state.roll_queue == [DieKind.HURT]
    pos.roll(state, "hurt", "damaged")
    assert state.damaged[gotler] and state.loc[gotler] == OUT_OF_SIGHT


def test_a_non_healthy_target_hit_dies() -> None:
    """rulebook: "if the Hewn is NOT healthy, it dies immediately. (No need to
    roll the hurt dice.)"; a damaged Hewn rolls no defence ("damaged and
    stunned Hewns ... have a defence of 0"), picks nothing, and its owner still
    discards one die."""
    state, _, gotler = duel(load=5, damaged=True)
    fire(state, gotler, 0, 2)
    assert state.roll_queue == [DieKind.AREA, DieKind.AREA]
    pos.roll(state, "area", 1, 1)
    assert top(state).ask == Ask.DISCARD and top(state).seat == 1
    pos.play(state, "DIE 0")
    assert not is_chance(state)
    assert state.loc[gotler] == DEAD


def test_a_neutral_target_loses_the_highest_die_by_itself() -> None:
    """D1 and the example ("he forces the attacker to discard his highest
    dice"): a neutral target has no owner to choose, so the highest die goes.
    Area 3 and laser 1 against a stunned Clampeyt: the 3 goes, the laser 1 is
    still more than its defence of 0, and it dies."""
    state, _, clampeyt = duel(load=5, target="Clampeyt", neutral=True)
    assert state.ctrl[clampeyt] == NEUTRAL
    fire(state, clampeyt, 1, 1)
    pos.roll(state, "laser", 1)
    pos.roll(state, "area", 3)
    assert not is_chance(state) and top(state).ask == Ask.HEWN_TURN
    assert state.loc[clampeyt] == DEAD


def test_artillery_never_rerolls_and_gets_no_bonus() -> None:
    """rulebook: "Hewns using the artillery ability never get to reroll attack
    dice, even if they have the re-roll ability" (the Igil has 2 re-rolls) and
    "You do not get any +1 or +2 bonuses when using the artillery ability!":
    against a Clampeyt (no dodge) area 1 + 1 after the discard ties its
    defence of 2 and fails, with no REROLL asked."""
    state, igil, clampeyt = duel(load=5, target="Clampeyt")
    assert state.card(igil).rerolls == 2
    fire(state, clampeyt, 0, 3)
    pos.play(state, "NUM 0")
    pos.roll(state, "area", 1, 1, 3)
    pos.roll(state, "speed", 2, *([0] * (state.card(clampeyt).ap - 1)))
    pos.roll(state, "armour", *([0] * state.card(clampeyt).armour))
    pos.play(state, "DIE 2")  # the 3 goes
    assert not is_chance(state)
    assert top(state).ask == Ask.HEWN_TURN
    assert state.healthy(clampeyt)


def test_two_escapes_cancel_the_attack_before_any_discard() -> None:
    """rulebook: two escapes "cancel the entire attacker dice roll of his
    enemies", and the Hewn may then move away: nothing is left to discard."""
    state, _, gotler = duel(load=5)
    fire(state, gotler, 0, 2)
    pos.play(state, "NUM 0")
    pos.roll(state, "area", 3, 3)
    pos.roll(state, "speed", "escape", "escape", 0, 0)
    pos.roll(state, "armour", 0, 0)
    assert top(state).ask == Ask.ESCAPE_MOVE
    pos.play(state, "CTRL DONE")
    assert state.healthy(gotler)


# --- who may fire, at whom --------------------------------------------------------------
def test_the_verb_needs_an_unseen_lone_enemy() -> None:
    """rulebook: "Artillery is only used by a Hewn when it cannot see its
    target" and "ranged encounters cannot target a space with more than one
    Hewn in it"; the target is "any single Enemy or Neutral Hewn on the
    board"."""
    state, igil, gotler = duel()
    assert Verb.ARTILLERY in rules.legal_actions(state)
    pos.play(state, "VERB ARTILLERY")
    assert rules.legal_actions(state) == [HEWN + gotler]
    # in sight: a plain ranged encounter, no artillery
    state, igil, _ = duel()
    seen = pos.place(state, "Clampeyt", 1, IN_SIGHT)
    assert sees(state, igil, seen)
    assert Verb.ANNOUNCE in rules.legal_actions(state)
    pos.play(state, "VERB ARTILLERY")
    assert HEWN + seen not in rules.legal_actions(state)
    # two Hewns in one space: neither is a target
    state, igil, gotler = duel()
    pos.place(state, "Clampeyt", 1, OUT_OF_SIGHT)
    assert Verb.ARTILLERY not in rules.legal_actions(state)
    # a friend out of sight is no target; a neutral one is
    state, igil, gotler = duel()
    friend = pos.place(state, "Clampeyt", 0, OUT_OF_SIGHT_2)
    assert not sees(state, igil, friend)
    pos.play(state, "VERB ARTILLERY")
    assert rules.legal_actions(state) == [HEWN + gotler]
    state, igil, gotler = duel(neutral=True)
    assert state.ctrl[gotler] == NEUTRAL
    pos.play(state, "VERB ARTILLERY")
    assert rules.legal_actions(state) == [HEWN + gotler]


def test_the_verb_needs_the_ability_a_weapon_and_two_substract() -> None:
    """rulebook: "A Hewn that has this ability" may fire; "he must take at least
    2 dice!" and "He is limited by the amount of Substract stored on the
    Hewn"; "The ability to fire weapon(s)" needs the weapon ability."""
    state, igil, _ = duel(load=1)
    assert Verb.ARTILLERY not in rules.legal_actions(state)
    state, igil, _ = duel(load=2)
    assert Verb.ARTILLERY in rules.legal_actions(state)
    pos.rig(state, igil, abilities=())
    assert Verb.ARTILLERY not in rules.legal_actions(state)
    # a card rigged with the ability fires; without a weapon it does not
    state = pos.actions_phase(2, shown=True, cards="terrain")
    gombat = pos.place(state, "Gombat", 0, IGIL_AT, normal=3)
    pos.place(state, "Four-way Gotler", 1, OUT_OF_SIGHT)
    pos.start_hewn_turn(state, gombat)
    assert Verb.ARTILLERY not in rules.legal_actions(state)
    pos.rig(state, gombat, abilities=("artillery",))
    assert Verb.ARTILLERY in rules.legal_actions(state)
    pos.rig(state, gombat, weapon=False)
    assert Verb.ARTILLERY not in rules.legal_actions(state)


def test_a_core_game_never_offers_artillery() -> None:
    """The artillery ability is on terrain cards only: a core game has no
    Igil."""
    state = pos.actions_phase(2, shown=True, cards="core")
    with pytest.raises(pos.PositionError):
        pos.place(state, "Igil", 0, IGIL_AT)


# --- the picks and the payment --------------------------------------------------------
def test_the_attackers_picks_are_two_to_seven_from_its_own_load() -> None:
    """rulebook: "secretly picks a number of weapon dice of his choice, but he
    must take at least 2 dice! (He is limited by the amount of Substract stored
    on the Hewn and is always limited to using a maximum 7 weapon dice.)"; a
    friend in sight with Substract adds nothing (D43)."""
    state, _, gotler = duel(load=9)
    pos.place(state, "Clampeyt", 0, NEXT_DOOR, normal=2)
    pos.play(state, "VERB ARTILLERY", HEWN + gotler)
    assert top(state).ask == Ask.PICK_L and nums(state) == list(range(8))
    pos.play(state, "NUM 0")
    assert top(state).ask == Ask.PICK_A and nums(state) == list(range(2, 8))
    state, _, gotler = duel(load=3)
    pos.place(state, "Clampeyt", 0, NEXT_DOOR, normal=2)
    pos.play(state, "VERB ARTILLERY", HEWN + gotler)
    assert nums(state) == [0, 1, 2, 3]
    pos.play(state, "NUM 1")
    assert nums(state) == [1, 2]
    pos.play(state, "NUM 2")
    assert top(state).ask == Ask.PICK_K and top(state).hewn == gotler


def test_the_defender_picks_screens_through_its_chain_and_never_fires() -> None:
    """rulebook: "The Hewn being attacked can only secretly pick up to 7 armour
    dice (limited by the Substract he can get hold of) if he wishes, but cannot
    return fire/ retaliate in any way": it is asked for screens only, which a
    friend it sees may pay for; its dice are defence dice only."""
    state, igil, gotler = duel(load=5, normal=1)
    friend = pos.place(state, "Clampeyt", 1, GOTLER_SEES, normal=2)
    assert sees(state, gotler, friend) and not sees(state, igil, friend)
    pos.play(state, "VERB ARTILLERY", HEWN + gotler, "CTRL DONE", "NUM 0", "NUM 2")
    assert top(state).ask == Ask.PICK_K and nums(state) == [0, 1, 2, 3]
    pos.play(state, "NUM 3")
    while not is_chance(state):  # the payment's own share and mix, if asked
        pos.play(state, rules.legal_actions(state)[-1])
    assert (
        state.roll_queue
        == [DieKind.AREA] * 2 + [DieKind.SPEED] * 4 + [DieKind.ARMOUR] * 5
    )
    assert state.normal[gotler] + state.normal[friend] == 0


def test_the_target_may_transmit_away_first() -> None:
    """rulebook, step 2 of a ranged encounter: "Any Hewns with Substract stored
    on their bodies - that wish to transmit it off-planet ... must announce
    and do that now": the target's seat is asked after the target is named."""
    state, _, gotler = duel(load=5, normal=2)
    pos.play(state, "VERB ARTILLERY", HEWN + gotler)
    assert top(state).ask == Ask.TRANSMIT_AWAY and top(state).seat == 1
    pos.play(state, "CTRL DONE")
    assert top(state).ask == Ask.PICK_L and top(state).seat == 0


def test_artillery_spends_no_action_point_and_humiliation_costs_one() -> None:
    """rulebook: artillery "counts as an action" and attacks "are free actions";
    "If they wish to encounter that same damaged and/or stunned Hewn again this
    turn, they must spend 1 action point"."""
    state, _, gotler = duel(load=9, damaged=True)
    ap = hewn_turn(state.frames[-1]).ap
    fire(state, gotler, 0, 2)
    pos.roll(state, "area", 0, 0)
    pos.play(state, "DIE 0")
    assert state.loc[gotler] == OUT_OF_SIGHT  # missed: humiliated
    turn = state.frames[-1]
    assert turn.ask == Ask.HEWN_TURN
    assert hewn_turn(turn).ap == ap
    pos.set_ap(state, 0)
    assert Verb.ARTILLERY not in rules.legal_actions(state)
    pos.set_ap(state, 1)
    pos.play(state, "VERB ARTILLERY", HEWN + gotler)
    assert hewn_turn(state.frames[-3]).ap == 0  # under the encounter and PICK_L


def test_under_rules_2_the_reaction_window_comes_before_the_shot() -> None:
    """rulebook: reacting Hewns "can now see the moving Hewn - after it has
    moved"; firing stops the movement, so a Clampeyt in space 12 that sees the
    Igil step onto the node may react first, and the shot at the Gotler (out
    of sight in space 30) follows."""
    state = pos.actions_phase(2, shown=True, cards="terrain")
    pos.set_mine(state, IN_SIGHT, None)
    igil = pos.place(state, "Igil", 0, IGIL_AT, normal=5)
    watcher = pos.place(state, "Clampeyt", 1, OUT_OF_SIGHT)
    gotler = pos.place(state, "Four-way Gotler", 1, 30)
    pos.start_hewn_turn(state, igil)
    pos.play(state, f"SPACE {IN_SIGHT}")
    assert sees(state, igil, watcher) and not sees(state, igil, gotler)
    pos.play(state, "VERB ARTILLERY")
    assert top(state).ask == Ask.REACT and top(state).seat == 1
    pos.play(state, "CTRL DONE")
    assert top(state).ask == Ask.NAME_TARGET
    assert rules.legal_actions(state) == [HEWN + gotler]


# --- bad input ----------------------------------------------------------------------------
@pytest.mark.parametrize(
    ("setup", "bad"),
    [
        ((), "HEWN 0"),  # not a target
        (("NUM 0",), "NUM 1"),  # L + A below 2
        (("NUM 0",), "NUM 6"),  # more than the load
        (("NUM 1", "NUM 1", "NUM 0"), "CTRL DONE"),  # the dice are due
    ],
)
def test_bad_input_is_refused_and_changes_nothing(
    setup: tuple[str, ...], bad: str
) -> None:
    """An illegal answer raises the project's error and leaves the state as it
    was."""
    state, _, gotler = duel(load=5)
    pos.play(state, "VERB ARTILLERY")
    if setup:
        pos.play(state, HEWN + gotler, *setup)
    before = HEWNS.state_data(state)
    with pytest.raises(IllegalActionError, match="not legal"):
        pos.play(state, bad)
    assert HEWNS.state_data(state) == before
    with pytest.raises(IllegalActionError):
        rules.apply_action(state, id_of(bad))
    assert HEWNS.state_data(state) == before


def test_a_discard_beyond_the_dice_is_refused() -> None:
    """DISCARD offers exactly the attack dice."""
    state, _, gotler = duel(load=5)
    fire(state, gotler, 0, 2)
    pos.play(state, "NUM 0")
    pos.roll(state, "area", 3, 3)
    the_gotlers_four(state)
    assert rules.legal_actions(state) == [DIE, DIE + 1]
    before = HEWNS.state_data(state)
    with pytest.raises(IllegalActionError):
        pos.play(state, "DIE 2")
    assert HEWNS.state_data(state) == before


# --- secrecy ------------------------------------------------------------------------------
def test_the_defender_does_not_see_the_attackers_picks() -> None:
    """rulebook: the attacker "secretly picks" its dice and the defender
    "can only secretly pick": at the defender's pick its seat's view is the
    same whatever the attacker picked; a determinized game draws 2-7 dice the
    attacker could pay."""
    states = []
    for lasers, areas in ((1, 1), (3, 2)):
        state, igil, gotler = duel(load=5)
        fire(state, gotler, lasers, areas)
        assert top(state).ask == Ask.PICK_K
        states.append(state)
    a, b = states
    assert HEWNS.state_data(redact(a, 1)) == HEWNS.state_data(redact(b, 1))
    encoder = HEWNS.make_encoder()
    assert (encoder.encode(a, 1) == encoder.encode(b, 1)).all()
    assert HEWNS.render(a, 1) == HEWNS.render(b, 1)
    flag = OFFSETS["decision"][0] + 80 + 16  # an artillery encounter in progress
    assert encoder.encode(a, 1)[flag] == 1.0
    state, _, _ = duel()
    assert encoder.encode(state, 0)[flag] == 0.0
    own = next(f for f in redact(b, 0).frames if f.ask == Ask.ARTILLERY)
    assert enc_of(own).pick(igil)[:2] == (3, 2)
    rng = np.random.default_rng(0)
    for _ in range(20):
        guess = next(f for f in determinize(a, 1, rng).frames if f.ask == Ask.ARTILLERY)
        assert 2 <= sum(enc_of(guess).pick(igil)[:2]) <= 5
        assert enc_of(guess).pick(igil)[2] == 0


# --- words ---------------------------------------------------------------------------------
def test_the_decisions_read_in_words() -> None:
    """Every artillery decision and its options read in words, and the screen
    names the shot."""
    state, _, gotler = duel(load=5)
    assert "fire artillery" in " ".join(legal_words(state))
    pos.play(state, "VERB ARTILLERY", HEWN + gotler)
    assert "Artillery: Igil" in HEWNS.render(state, 0)
    pos.play(state, "NUM 0", "NUM 2", "NUM 0")
    pos.roll(state, "area", 3, 2)
    the_gotlers_four(state)
    words = legal_words(state)
    assert words[0].startswith("discard attack die 1 (area (red) 3")
    assert "artillery" in HEWNS.render(state, 1).lower()


def test_the_narration_tells_the_shot_in_a_few_lines() -> None:
    """The screen's teller sums the artillery up: who fired at whom, the dice,
    the die discarded, the re-roll and the result (the rulebook's example)."""
    state, _, gotler = duel(load=5)
    teller = HEWNS.narrator(1)
    lines: list[str] = []

    def play(action: int | str) -> None:
        a = id_of(action) if isinstance(action, str) else action
        said = teller.tell(state, a)
        rules.apply_action(state, a)
        lines.extend([said] if said else [])
        lines.extend(teller.after(state))

    for action in ("VERB ARTILLERY", HEWN + gotler, "NUM 1", "NUM 2", "NUM 0"):
        play(action)
    for kind, value in (
        [("laser", 3), ("area", 3), ("area", 2)]
        + [("speed", v) for v in (2, 1, 1, 0)]
        + [("armour", 0), ("armour", 0)]
    ):
        play(DIE + pos.face_index(kind, value))
    play("DIE 0")
    play("DIE 0")
    play(DIE + pos.face_index("area", 2))
    text = "\n".join(lines)
    assert "Artillery in player 0's turn: player 0's Igil" in text
    assert "Discarded: attack: laser (yellow) 3." in text
    assert "Re-rolled: attack: area (red) 2." in text
    assert "your Four-way Gotler #" in text and "was unhurt" in text


# --- whole games ---------------------------------------------------------------------------
def _normal_total(state: State) -> int:
    """All normal Substract: the pile, the screens, the Hewns, the Bidoxes."""
    boxes = sum(sum(b) for b in state.bidox_normal)
    return state.normal_pile + sum(state.screen_normal) + sum(state.normal) + boxes


def _random_to_the_end(state: State, seed: int, fire_first: bool) -> set[int]:
    """Play random legal actions to the end (VERB ARTILLERY whenever offered, if
    `fire_first`); returns the decision kinds seen."""
    rng = np.random.default_rng(seed)
    seen: set[int] = set()
    total = _normal_total(state)
    while not state.over:
        assert _normal_total(state) == total, "normal Substract is conserved"
        assert min(state.normal) >= 0 and min(state.dirty) >= 0
        legal = rules.legal_actions(state)
        if not is_chance(state):
            seen.add(top(state).ask)
        if fire_first and Verb.ARTILLERY in legal and not is_chance(state):
            action = Verb.ARTILLERY
        else:
            action = legal[int(rng.integers(len(legal)))]
        rules.apply_legal(state, action)
    return seen


@pytest.mark.parametrize("players", [2, 3, 4])
def test_random_terrain_games_end(players: int) -> None:
    """Whole random games with the terrain cards play to their end."""
    for seed in range(3):
        state = rules.new_game(
            HewnsConfig(num_players=players, cards="terrain"),
            np.random.default_rng(seed),
        )
        _random_to_the_end(state, seed, fire_first=True)
        assert state.end_reason in ("rounds", "pile", "depleted", "no mines")


def test_random_play_from_a_loaded_igil_reaches_every_artillery_decision() -> None:
    """From a loaded Igil and its targets, random play (firing whenever it may)
    goes through every artillery decision and on to the game's end."""
    seen: set[int] = set()
    for seed in range(6):
        state, _, _ = duel(load=9, normal=3)
        pos.place(state, "Clampeyt", 1, OUT_OF_SIGHT_2, stunned=seed % 2 == 0)
        seen |= _random_to_the_end(state, seed, fire_first=True)
    for ask in (Ask.NAME_TARGET, Ask.PICK_L, Ask.PICK_A, Ask.PICK_K, Ask.DISCARD):
        assert ask in seen, ask


class _TerrainHewns(HewnsGame):
    def make_config(self, num_players: int, **options: object) -> HewnsConfig:
        return HewnsConfig(num_players=num_players, cards="terrain", **options)  # type: ignore[arg-type]


def test_terrain_games_keep_the_contract() -> None:
    """check_game with the terrain cards: queries change nothing, illegal
    actions are refused, redaction hides what it must."""
    assert check_game(_TerrainHewns(), games_per_count=1) > 100


def test_an_artillery_attack_may_add_an_implosion_bomb() -> None:
    """D43 with the rulebook's bomb: "Implosion bombs are weapons (but they can
    ONLY be used as part of a ranged attack/encounter)" and "give the attacker
    6 close combat dice". The attacker alone is asked (the defender "cannot
    return fire"); the defender may discard only "one of the weapon attack
    dice" (the bomb's dice "are not weapon dice"); the overflow follows the
    shot ("any Hewn on that space is attacked")."""
    state = pos.actions_phase(2, shown=True, cards="nanas")
    pos.set_mine(state, IN_SIGHT, None)
    igil = pos.place(
        state, "Igil", 0, IGIL_AT, normal=5, techs=["Gunana", "Implosion bomb"]
    )
    gotler = pos.place(state, "Four-way Gotler", 1, OUT_OF_SIGHT)
    zach = pos.place(state, "Chailbine Zach", 1, GOTLER_SEES)
    pos.start_hewn_turn(state, igil)
    fire(state, gotler, 1, 1)
    pos.play(state, "NUM 0")  # the Gotler's screens
    assert top(state).ask == Ask.USE_BOMB and top(state).hewn == igil
    pos.play(state, "CTRL YES")
    assert state.bombs_used == 1
    assert (
        state.roll_queue[:8]
        == [DieKind.LASER, DieKind.AREA] + [DieKind.CLOSE_COMBAT] * 6
    )
    pos.roll(state, "laser", 1)
    pos.roll(state, "area", 1)
    pos.roll(state, "close_combat", 1, 1, 1, 1, 1, 1)
    the_gotlers_four(state)
    assert top(state).ask == Ask.DISCARD
    assert rules.legal_actions(state) == [DIE + 0, DIE + 1]  # laser, area only
    pos.play(state, "DIE 1", "CTRL DONE")  # 1 + 6 = 7 > 4: a hit
    pos.roll(state, "hurt", "damaged")
    assert state.damaged[gotler]
    assert top(state).ask == Ask.OVERFLOW_SPACE and top(state).seat == 0
    assert SPACE + GOTLER_SEES in rules.legal_actions(state)
    pos.play(state, SPACE + GOTLER_SEES)
    assert top(state).ask == Ask.SCREENS and top(state).hewn == zach
