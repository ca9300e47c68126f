"""Substract gems (rules 2): the "2/gem" mining choice, the gem in the heart
card, the gem pile, and what rules 1 did instead. Positions come from
`engine.position`; each rule is checked under rules 2 and rules 1."""

from __future__ import annotations

import pytest

from scavenger_env.hewns.engine import ending, rules
from scavenger_env.hewns.engine import position as pos
from scavenger_env.hewns.engine.actions import describe_id
from scavenger_env.hewns.engine.data import GEMS, DieKind, Gem
from scavenger_env.hewns.engine.describe import describe_action
from scavenger_env.hewns.engine.effects import kill
from scavenger_env.hewns.engine.state import NEUTRAL, NONE, Ask, State
from scavenger_env.hewns.observation import HEWN_COLUMNS, encode, views
from scavenger_env.hewns.render import render_state

PLUS1_MINE = 34  # a +1 mine between spaces 33 and 35
FULL_PILE = [count for _, count in GEMS[0]]
GEM_COLUMN = HEWN_COLUMNS["gem"]  # a Hewn row's gem value


def _legal(state: State) -> list[str]:
    return [describe_id(a) for a in rules.legal_actions(state)]


def _mine(state: State, hewn: int, *faces: int | str) -> None:
    """`hewn` mines plainly and rolls `faces` on its mining dice, then keeps
    them (no re-roll)."""
    pos.start_hewn_turn(state, hewn)
    pos.play(state, "VERB MINE", "OPTION MINE_PLAIN")
    pos.roll(state, "mining", *faces)
    if state.frames[-1].ask == Ask.MINE_REROLL:
        pos.play(state, "CTRL DONE")


def _major_miner(version: int = 2) -> tuple[State, int]:
    """The issue's position: a Major Miner (3 mining dice, 1 re-roll, a heart
    card) of seat 0 on a +1 mine, so it rolls 4 mining dice."""
    state = pos.actions_phase(2, shown=True, rules_version=version)
    return state, pos.place(state, "Major Miner", seat=0, space=PLUS1_MINE)


def test_a_major_miner_rolling_the_gem_face_is_offered_the_gem() -> None:
    """rulebook: "When a Hewn rolls the "2/gem" on the mining dice, the owning
    player of the Hewn can choose to either receive 2 normal Substract or, if
    the Hewn has the heart card ability, it can choose to take a Substract
    Gem."""
    state, miner = _major_miner()
    _mine(state, miner, "gem", 1, 1, 1)
    assert state.frames[-1].ask == Ask.MINE_GEM
    assert state.frames[-1].seat == 0
    assert _legal(state) == ["OPTION TAKE_GEM", "OPTION TAKE_TWO"]


def test_the_gem_goes_into_the_heart_card_instead_of_2_substract() -> None:
    """rulebook: "the Hewn's owner selects the best available Gem from the Gem
    pile, which must be inserted into the heart card of the Hewn"."""
    state, miner = _major_miner()
    pile = state.normal_pile
    _mine(state, miner, "gem", 1, 1, 1)
    pos.play(state, "OPTION TAKE_GEM")
    assert state.gem[miner] == Gem.FOUR_LEGGED
    assert state.gem_pile == [FULL_PILE[0] - 1, *FULL_PILE[1:]]
    assert state.screen_normal[0] == 3  # the three 1s, not the gem face
    assert state.normal_pile == pile - 3


def test_taking_2_leaves_the_gem_pile_alone() -> None:
    """rulebook: "...can choose to either receive 2 normal Substract"."""
    state, miner = _major_miner()
    _mine(state, miner, "gem", 1, 1, 1)
    pos.play(state, "OPTION TAKE_TWO")
    assert state.gem[miner] == NONE
    assert state.gem_pile == FULL_PILE
    assert state.screen_normal[0] == 5


def test_one_gem_per_mining_action_the_other_gem_faces_count_2() -> None:
    """D40: one gem per mining action; two "2/gem" faces ask once, and the
    other face gives 2."""
    state, miner = _major_miner()
    _mine(state, miner, "gem", "gem", 1, 1)
    pos.play(state, "OPTION TAKE_GEM")
    assert state.frames[-1].ask == Ask.MINE_KEEP
    assert state.screen_normal[0] == 4
    assert sum(FULL_PILE) - sum(state.gem_pile) == 1


def test_a_second_gem_replaces_the_first_which_returns_to_the_pile() -> None:
    """rulebook: "Any stone that is already in the heart card must be discarded
    to make way for the new Substract Gem"; D40: the old gem goes back to the
    pile, after the best available one is taken."""
    state, miner = _major_miner()
    pos.set_gem_pile(state, 0, 1, 1)
    pos.set_gem(state, miner, "three_legged")
    assert state.gem_pile == [0, 0, 1]
    _mine(state, miner, "gem", 1, 1, 1)
    pos.play(state, "OPTION TAKE_GEM")
    assert state.gem[miner] == Gem.TWO_LEGGED  # the best left when taken
    assert state.gem_pile == [0, 1, 0]


def test_no_choice_without_a_heart_card_or_with_an_empty_pile() -> None:
    """rulebook: "...or, if the Hewn has the heart card ability, it can choose
    to take a Substract Gem": a Hewn without it gets 2 with no question, and so
    does one when no gem is left."""
    state = pos.actions_phase(2, shown=True)
    gotler = pos.place(
        state, "Four-way Gotler", seat=0, space=PLUS1_MINE, techs=("Mining claw",)
    )  # no heart card; 1 die for the claw and 1 for the +1 mine
    _mine(state, gotler, "gem", "gem")
    assert state.frames[-1].ask == Ask.MINE_KEEP
    assert state.screen_normal[0] == 4
    state, miner = _major_miner()
    pos.set_gem_pile(state, 0, 0, 0)
    _mine(state, miner, "gem", 1, 1, 1)
    assert state.frames[-1].ask == Ask.MINE_KEEP
    assert state.screen_normal[0] == 5


def test_rules_1_counted_the_gem_face_2_with_no_question() -> None:
    """Rules 1 had no gems: the "2/gem" face gave 2 normal Substract."""
    state, miner = _major_miner(1)
    assert state.gem_pile == [0, 0, 0]
    _mine(state, miner, "gem", 1, 1, 1)
    assert state.frames[-1].ask == Ask.MINE_KEEP
    assert state.screen_normal[0] == 5
    with pytest.raises(pos.PositionError):
        pos.set_gem(state, miner, "four_legged")


def test_death_returns_the_gem_to_the_pile() -> None:
    """D40: a gem held by a Hewn that dies goes back to the pile (its "card is
    discarded")."""
    state, miner = _major_miner()
    pos.set_gem(state, miner, Gem.FOUR_LEGGED)
    kill(state, miner)
    assert state.gem[miner] == NONE
    assert state.gem_pile == FULL_PILE


# --- the end score -------------------------------------------------------------------


@pytest.mark.parametrize("carried", [True, False])
def test_a_gem_scores_for_a_healthy_hewn_only(carried: bool) -> None:
    """rulebook: "When the game ends, Substract Gems have a value in Substract,
    but the surviving Hewn which holds each gem must be healthy to receive the
    gem's Substract value for their owner" (whatever `score_carried` says)."""
    state = pos.actions_phase(2, shown=True, score_carried=carried)
    healthy = pos.place(state, "Major Miner", seat=0, space=PLUS1_MINE)
    damaged = pos.place(state, "Minor Miner", seat=0, space=33, damaged=True)
    stunned = pos.place(state, "Fogbear", seat=0, space=35, stunned=True)
    pos.set_gem(state, healthy, "four_legged")
    pos.set_gem(state, damaged, "three_legged")
    pos.set_gem(state, stunned, "three_legged")
    pos.set_screen(state, 0, normal=3)
    value = GEMS[0][Gem.FOUR_LEGGED][0]
    assert ending.gem_score(state, 0) == value
    assert ending.score(state, 0) == 3 + value
    assert ending.score(state, 1) == 0


def test_rules_1_scored_no_gems() -> None:
    """Rules 1 had no gems: the score is the Substract alone."""
    state = pos.actions_phase(2, shown=True, rules_version=1)
    pos.place(state, "Major Miner", seat=0, space=PLUS1_MINE, normal=2)
    assert ending.gem_score(state, 0) == 0
    assert ending.score(state, 0) == 2


# --- defence from a brain repair ---------------------------------------------------------


def _brain_repair_on_a_fogbear(version: int, gem: bool) -> tuple[State, int]:
    """A Spricelos (2 repair d10s) of seat 0 steps into space 1 onto seat 1's
    healthy Fogbear (a heart card, holding a gem if `gem`), nobody picks
    anything and the Spricelos brain-repairs it."""
    state = pos.actions_phase(2, shown=True, rules_version=version)
    spricelos = pos.place(state, "Spricelos", 0, 11)
    fogbear = pos.place(state, "Fogbear", 1, 1)
    if gem:
        pos.set_gem(state, fogbear, "two_legged")
    pos.start_hewn_turn(state, spricelos)
    pos.play(state, "SPACE 1")
    while state.frames[-1].ask != Ask.INTENT:
        assert _legal(state) == ["NUM 0"], _legal(state)  # the picks and no more
        pos.play(state, "NUM 0")
    pos.play(state, "OPTION BRAIN_REPAIR")
    return state, fogbear


@pytest.mark.parametrize(("version", "gem", "resist"), [(2, True, 2), (2, False, 1)])
def test_a_gem_gives_one_more_d10_against_a_brain_repair(
    version: int, gem: bool, resist: int
) -> None:
    """rulebook, defence from repair: "1 d10 in defence - all Hewns get this.
    If they have a complete heart card, they get an extra d10. (If they have a
    Substract Gem inserted in their heart card, they would also get that extra
    d10.)": the gem's d10 can beat the repair."""
    state, fogbear = _brain_repair_on_a_fogbear(version, gem)
    d10s = [k for k in state.roll_queue if k == DieKind.D10]
    assert len(d10s) == 2 + resist  # the Spricelos' 2 repair d10s first
    pos.roll(state, "d10", 7, 3, *(5, 8)[:resist])
    while state.roll_queue:
        pos.roll(state, DieKind(state.roll_queue[0]), 0)
    assert state.ctrl[fogbear] == (1 if gem else 0)  # 8 beats 7; 5 does not


def test_rules_1_gave_no_gem_d10() -> None:
    """Rules 1 had no gems: the healthy defender rolled its 1 d10."""
    state, _ = _brain_repair_on_a_fogbear(1, gem=False)
    assert [k for k in state.roll_queue if k == DieKind.D10] == [DieKind.D10] * 3


# --- the recovery phase ---------------------------------------------------------------


def _round_ends_with_a_damaged_major_miner(
    version: int, gem: bool
) -> tuple[State, int]:
    """Round 1's actions phase with a damaged Major Miner of seat 0 (a gem in
    its heart card if `gem`) and nothing else: both player turns end by
    themselves and round 2 begins."""
    state = pos.actions_phase(2, shown=True, rules_version=version)
    miner = pos.place(state, "Major Miner", 0, PLUS1_MINE, damaged=True)
    if gem:
        pos.set_gem(state, miner, "four_legged")
    pos.start_player_turn(state, 0)
    assert state.round == 2
    return state, miner


@pytest.mark.parametrize(
    ("heart", "difficulty", "mended"), [(7, 4, True), (5, 5, False)]
)
def test_recovery_mends_a_damaged_hewn_with_a_gem_on_a_higher_roll(
    heart: int, difficulty: int, mended: bool
) -> None:
    """rulebook, the recovery phase: "If that Hewn has a complete heart card or a
    heart card with a Substract Gem it will also attempt the body repair. (Roll
    a single an additional d10.) ... The player to the Hewn owner's right rolls
    a single d10 to represent the difficulty ... If the Nananbites, and/or
    Fixito and/ or heart card get a higher dice roll than the "difficulty roll"
    then discard the damaged token": a tie fails; the bidding opens after."""
    state, miner = _round_ends_with_a_damaged_major_miner(2, gem=True)
    assert state.roll_queue == [DieKind.D10, DieKind.D10]
    pos.roll(state, "d10", heart, difficulty)
    assert state.damaged[miner] is not mended
    assert state.frames[-1].ask == Ask.BID_TURN


def test_no_recovery_roll_without_a_gem_nor_under_rules_1() -> None:
    """ "A Hewn without a complete heart card/ heart card with Substract Gem; or
    Fixito or any Nananbites will not be able to heal itself from damage";
    rules 1 had no recovery rolls."""
    for version, gem in ((2, False), (1, False)):
        state, miner = _round_ends_with_a_damaged_major_miner(version, gem)
        assert not state.roll_queue
        assert state.frames[-1].ask == Ask.BID_TURN
        assert state.damaged[miner]


def test_a_gem_mends_the_damage_of_a_stunned_hewn_but_gives_no_rod() -> None:
    """rulebook: "Substract gems in Hewns do not allow those Hewns to recover
    from being stunned or their previous owners to re-assert control in the
    recovery phase"."""
    state = pos.actions_phase(2, shown=True)
    miner = pos.place(state, "Major Miner", 0, PLUS1_MINE, damaged=True, stunned=True)
    pos.set_gem(state, miner, "four_legged")
    pos.start_player_turn(state, 0)
    pos.roll(state, "d10", 7, 4)
    assert not state.damaged[miner]
    assert state.ctrl[miner] == NEUTRAL


# --- what the players see -------------------------------------------------------------


def test_the_observation_shows_each_gem_and_the_pile() -> None:
    """Gems are public: a Hewn's row holds its gem's value / 8, the global view
    the pile by kind / 3."""
    state, miner = _major_miner()
    before = views(encode(state, 1))
    pos.set_gem(state, miner, "three_legged")
    after = views(encode(state, 1))
    assert after["hewns"][miner][GEM_COLUMN] == pytest.approx(6 / 8)
    assert before["hewns"][miner][GEM_COLUMN] == 0.0
    assert list(after["global"][24:27]) == pytest.approx([2 / 3, 2 / 3, 1.0])
    assert list(before["global"][24:27]) == pytest.approx([2 / 3, 1.0, 1.0])


def test_render_and_descriptions_name_the_gems() -> None:
    """The screen shows each Hewn's gem and the pile; the 2/gem choice names the
    gem taken and the one going back; a recovery roll says whose it is."""
    state, miner = _major_miner()
    pos.set_gem(state, miner, "two_legged")
    screen = " ".join(render_state(state, 0).split())  # the lines wrap
    assert "a two-legged gem (worth 4)" in screen
    assert "gems left: 2 four-legged (8), 3 three-legged (6), 2" in screen
    _mine(state, miner, "gem", 1, 1, 1)
    words = [describe_action(state, a, 0) for a in rules.legal_actions(state)]
    assert words == [
        "take a four-legged gem (worth 8) into the heart card; a two-legged gem "
        "(worth 4) goes back",
        "take 2 normal Substract for the 2/gem face",
    ]
    state, miner = _round_ends_with_a_damaged_major_miner(2, gem=True)
    d10 = rules.legal_actions(state)[0]
    assert "(the heart card of Major Miner" in describe_action(state, d10, 0)
    pos.roll(state, "d10", 3)
    assert "(the difficulty for Major Miner" in describe_action(state, d10, 0)
    assert "gems left" not in render_state(pos.actions_phase(rules_version=1), 0)


def test_a_gem_is_never_transmitted() -> None:
    """rulebook: "Substract Gems can never be transmitted": a Major Miner holding
    a gem and no Substract has nothing to transmit (a Minor Miner of its seat
    stands next to it); given 1 normal Substract it sends that off planet, and the gem
    stays in its heart card, the screen and the pile as they were."""
    state, miner = _major_miner()
    pos.place(state, "Minor Miner", seat=0, space=33)
    pos.set_gem(state, miner, "four_legged")
    pile, screen = list(state.gem_pile), state.screen_normal[0]
    pos.start_player_turn(state, 0)
    assert "VERB TRANSMIT" not in _legal(state)
    state.normal[miner] = 1
    state.normal_pile -= 1
    assert "VERB TRANSMIT" in _legal(state)
    pos.play(state, "VERB TRANSMIT", f"HEWN {miner}", "CTRL OFF_PLANET")
    if state.frames[-1].ask == Ask.TX_AMOUNT:
        pos.play(state, "NUM 1")
    assert state.normal[miner] == 0 and state.screen_normal[0] == screen + 1
    assert state.gem[miner] == int(Gem.FOUR_LEGGED) and state.gem_pile == pile
