"""Golden tests: the rulebook's worked examples that no other test file replays,
each played on the engine with the rolls the rulebook prints.

The other examples are replayed next to the rules they show (test_mining.py,
test_samespace.py, test_nanas.py, ...); `scavenger_env/hewns/rule_trace.py`
lists every example with its test. Positions come from `engine.position`.
"""

from __future__ import annotations

import pytest

from scavenger_env.core.errors import IllegalActionError
from scavenger_env.hewns.engine import position as pos
from scavenger_env.hewns.engine import rules
from scavenger_env.hewns.engine.actions import describe_id
from scavenger_env.hewns.engine.data import DieKind, Token
from scavenger_env.hewns.engine.encounter import enc_of, encounter_frame
from scavenger_env.hewns.engine.flow import is_chance
from scavenger_env.hewns.engine.state import NEUTRAL, NONE, OFF_BOARD, Ask, State

NORMAL_MINE = 44  # a normal mine between spaces 43 and 45 (its only links)


def _legal(state: State) -> list[str]:
    return [describe_id(a) for a in rules.legal_actions(state)]


def _ask(state: State) -> Ask:
    assert not is_chance(state), state.roll_queue
    return state.frames[-1].ask


# --- mining ---------------------------------------------------------------------------


def test_the_midocondrian_scraveler_mines_among_danger_tokens() -> None:
    """rulebook: "A player with a Midocondrian Scraveler (who normally rolls 2
    mining dice) mining a normal mine, rolled 3 danger dice and 4 mining dice"
    (aggressive, with Major Gozzbag), "surrounded by spaces with danger tokens: a
    lava danger token to the left and a Planet attack token on the right". "The
    Hewn rolls 2, 2, 3 and 0 for the mining dice; and Snedj nest; Lava & respite
    for the danger dice." "The Scraveler rerolls the "0" ... getting a "1". The
    Hewn takes 2+2+3+1=8 Normal Substract. He decides to keep 2 ... and transmits
    the remaining 6 "off-planet"". "he chooses to apply the respite danger dice
    and uses it to cancel the lava danger dice"; the Snedj goes "onto his Hewn's
    mining space"; "The mine on his space is depleted"; "he burns both (2) of the
    Substract ... to create two body screens for himself: he rolls 1, 0 and 1 for
    his armour & shields and 1,1,2,0,0 and 0 for his speed defence giving him a
    total of 6 defence. The Snedj roll 1, 1, 0, 0, 1, 0, 1 and 1 for a total of 5
    attack. The Midocondrian is thus safe.\""""
    state = pos.actions_phase(2, shown=True)
    scraveler = pos.place(
        state, "Midocondrian Scraveler", 0, NORMAL_MINE, techs=("Major Gozzbag",)
    )
    pos.set_token(state, 43, "lava")
    pos.set_token(state, 45, "planet_attack")
    pos.start_hewn_turn(state, scraveler)
    pile, depleted = state.normal_pile, state.depleted
    pos.play(state, "VERB MINE", "OPTION MINE_AGGRESSIVE_GOZZBAG")
    assert state.roll_queue == [DieKind.MINING] * 4
    pos.roll(state, "mining", 2, 2, 3, 0)
    assert _ask(state) == Ask.MINE_REROLL
    pos.play(state, "DIE 3")  # the 0
    pos.roll(state, "mining", 1)
    assert pile - state.normal_pile == 8
    pos.play(state, "NUM 2")
    assert state.normal[scraveler] == 2 and state.screen_normal[0] == 6
    assert state.roll_queue == [DieKind.DANGER] * 3
    pos.roll(state, "danger", "snedj", "lava", "respite")
    assert _ask(state) == Ask.DANGER_ORDER
    pos.play(state, "DIE 2")  # the respite first
    pos.play(state, "OPTION RESPITE_CANCEL", "DIE 1")  # it cancels the lava
    # the Snedj: every space 1 away holds a token, so onto the mined space
    assert state.token[NORMAL_MINE] == Token.SNEDJ
    assert state.token[43] == Token.LAVA and state.token[45] == Token.PLANET_ATTACK
    assert state.mine[NORMAL_MINE] == NONE and state.depleted == depleted + 1
    assert _ask(state) == Ask.SCREENS and state.frames[-1].hewn == scraveler
    pos.play(state, "NUM 2")
    assert state.normal[scraveler] == 0
    assert (
        state.roll_queue
        == [DieKind.CLOSE_COMBAT] * 8 + [DieKind.SPEED] * 6 + [DieKind.ARMOUR] * 3
    )
    pos.roll(state, "close_combat", 1, 1, 0, 0, 1, 0, 1, 1)  # 5
    pos.roll(state, "speed", 1, 1, 2, 0, 0, 0)  # 4
    pos.roll(state, "armour", 1, 0, 1)  # + 2 = 6
    assert state.loc[scraveler] == NORMAL_MINE and state.healthy(scraveler)
    assert _ask(state) == Ask.HEWN_TURN and state.frames[-1].hewn == scraveler


def test_the_dreampogg_rolls_lava_and_snedj_beside_a_planet_attack() -> None:
    """rulebook: "Example a Dreampogg is mining and rolls lava and Snedj, with a
    planet attack token adjacent on the board. Places lava in adjacent space and
    then Snedj nest onto Dreampogg space. Must roll 8 Close combat dice": mining
    aggressively (2 danger dice), its owner puts the lava on the one free space 1
    away; the Snedj then has only the mined space, and attacks the Dreampogg with
    8 close combat dice once both are placed (the lava's space holds nobody)."""
    state = pos.actions_phase(2, shown=True)
    dreampogg = pos.place(state, "Dreampogg", 0, NORMAL_MINE)
    pos.set_token(state, 43, "planet_attack")
    pos.start_hewn_turn(state, dreampogg)
    pos.play(state, "VERB MINE", "OPTION MINE_AGGRESSIVE")
    pos.roll(state, "mining", 1, 1)
    if _ask(state) == Ask.MINE_KEEP:
        pos.play(state, "NUM 2")
    pos.roll(state, "danger", "lava", "snedj")
    assert _ask(state) == Ask.DANGER_ORDER
    pos.play(state, "DIE 0")  # the lava first
    assert _ask(state) == Ask.PLACE_TOKEN
    assert _legal(state) == ["SPACE 44", "SPACE 45"]
    pos.play(state, "SPACE 45")
    assert state.token[45] == Token.LAVA and state.token[NORMAL_MINE] == Token.SNEDJ
    if _ask(state) == Ask.SCREENS:
        pos.play(state, "NUM 0")
    assert state.roll_queue[:8] == [DieKind.CLOSE_COMBAT] * 8
    assert DieKind.CLOSE_COMBAT not in state.roll_queue[8:]


# --- moving -----------------------------------------------------------------------------


def test_the_minor_miners_turn_steps_mines_and_burns_off_the_board() -> None:
    """rulebook: "A Minor miner has 4 action points and begins its Hewn turn by
    taking 2 action points to move 2 spaces to a mine. He then takes his third
    action point to mine and then takes his fourth (4) action point to move 1
    space to the entrance. He then "burns a Substract" to move an additional
    space - which is enough to move him off the board." From space 1 it walks
    to the mine in 44 by 43, mines (a blank danger die), steps on to the
    entrance in 45, burns one of the Substract it mined and exits."""
    state = pos.actions_phase(2, shown=True)
    miner = pos.place(state, "Minor Miner", 0, 1)
    pos.start_hewn_turn(state, miner)
    assert state.frames[-1].ap == 4
    pos.play(state, "SPACE 43", "SPACE 44", "VERB MINE", "OPTION MINE_PLAIN")
    pos.roll(state, "mining", 1, 2)
    pos.play(state, "NUM 3")
    pos.roll(state, "danger", "blank")
    assert state.frames[-1].ap == 1 and state.normal[miner] == 3
    pos.play(state, "SPACE 45")
    assert state.frames[-1].ap == 0 and "VERB EXIT" not in _legal(state)
    pos.play(state, "VERB BURN")
    assert state.frames[-1].ap == 1 and state.normal[miner] == 2
    pos.play(state, "VERB EXIT")
    assert state.loc[miner] == OFF_BOARD
    assert not any(f.ask == Ask.HEWN_TURN for f in state.frames)


def test_the_dreampogg_forced_out_survives_the_planet_attack_and_moves_on() -> None:
    """rulebook: "Example: The Dreampogg must move out the space he starts in. He
    moves into a space of a planet attack, survives the attack, and optionally
    moves again...": starting its turn on lava it may not mine nor stay, steps
    into the planet attack's space, defends (the planet's 3 laser dice roll 1, 0
    and 1 against its speed 2) and may step on with the action points left."""
    state = pos.actions_phase(2, shown=True)
    dreampogg = pos.place(state, "Dreampogg", 0, NORMAL_MINE)
    pos.set_token(state, NORMAL_MINE, "lava")
    pos.set_token(state, 43, "planet_attack")
    pos.start_hewn_turn(state, dreampogg)
    assert "VERB MINE" not in _legal(state)
    with pytest.raises(IllegalActionError):
        pos.play(state, "CTRL END_HEWN_TURN")
    pos.play(state, "SPACE 43")
    assert _ask(state) == Ask.SCREENS
    pos.play(state, "NUM 0")
    assert state.roll_queue[:3] == [DieKind.LASER] * 3
    pos.roll(state, "laser", 1, 0, 1)
    pos.roll(state, "speed", 1, 1, 0, 0)
    while is_chance(state):
        pos.roll(state, DieKind(state.roll_queue[0]), 0)
    assert state.healthy(dreampogg) and state.loc[dreampogg] == 43
    assert _ask(state) == Ask.HEWN_TURN and state.frames[-1].ap == 3
    pos.play(state, "SPACE 1")
    assert state.loc[dreampogg] == 1


# --- the auction --------------------------------------------------------------------


def test_squeakie_deals_the_turn_order_cards() -> None:
    """rulebook: "The player Squeakie (who won the turn order auction) hands "2" to
    the player called Furcle, "4" to the player called Gilly, "1" to player
    PandaPosey, and keeps turn order "3" for herself. The cards are handed out
    face down." Squeakie (seat 3) wins the stack alone with a bid of 1 and deals
    in seat order: Furcle (seat 0), Gilly, PandaPosey; the last card is hers
    without a question, nobody's card is shown, and the actions phase follows
    the cards: PandaPosey, Furcle, Squeakie, Gilly."""
    furcle, gilly, panda, squeakie = 0, 1, 2, 3
    state = pos.auction_phase(4, bidder=squeakie, rules_version=2)
    pos.set_screen(state, squeakie, dirty=5)
    pos.play(state, "VERB PLACE_BIDOX", "NUM 0", "LOT 0", "NUM 1", "NUM 1")
    while not is_chance(state) and _ask(state) == Ask.BID_TURN:
        pos.play(state, "CTRL PASS_AUCTION")
    for seat, card in ((furcle, 2), (gilly, 4), (panda, 1)):
        assert _ask(state) == Ask.DEAL_ORDER and state.frames[-1].seat == squeakie
        pos.play(state, f"NUM {card}")
        assert state.turn_card[seat] == card
    assert state.turn_card[squeakie] == 3
    assert not any(state.card_shown)
    while is_chance(state):
        rules.apply_action(state, rules.legal_actions(state)[0])
    assert state.order == [panda, furcle, squeakie, gilly]


# --- encounters -----------------------------------------------------------------------

MOVER_FROM, NODE, IN_SIGHT = 9, 0, 12  # 9 -> the node 0, seen from 12 (big spaces)


def _ranged_picks(state: State, mover: str, load: int) -> tuple[int, int]:
    """`mover` (seat 0, `load` dirty Substract) steps onto the node, in sight of
    a Dreampogg of seat 1 alone in space 12, announces a ranged encounter;
    nobody else announces or transmits. Returns (mover, Dreampogg), at the
    mover's secret laser pick."""
    pos.set_mine(state, NODE, None)
    hewn = pos.place(state, mover, 0, MOVER_FROM, dirty=load)
    target = pos.place(state, "Dreampogg", 1, IN_SIGHT)
    pos.start_hewn_turn(state, hewn)
    pos.play(state, f"SPACE {NODE}", "VERB ANNOUNCE")
    while _ask(state) in (Ask.REACT, Ask.TRANSMIT_AWAY):
        pos.play(state, "CTRL DONE")
    assert _ask(state) == Ask.PICK_L and state.frames[-1].hewn == hewn
    return hewn, target


def test_the_igil_picks_six_dice_of_its_eight_substract() -> None:
    """rulebook: "During a long range encounter an Igil faces a Dreampogg. The Igil
    has 8 Substract. The Igil would be limited anyway to using 7 Substract in
    the encounter but the player owning the Igil decides to fire 2 laser type
    dice and 3 area /spread effect dice and 1 body screen ... (Hence a total 6
    Substract must be used up for the weapon fire & shielding)."""
    state = pos.actions_phase(2, shown=True)
    igil, dreampogg = _ranged_picks(state, "Igil", 8)
    assert _legal(state) == [f"NUM {n}" for n in range(8)]  # 7 at most, not 8
    pos.play(state, "NUM 2", "NUM 3", "NUM 1")
    while _ask(state) == Ask.PICK_L:  # the Dreampogg did not announce
        pos.play(state, "NUM 0", "NUM 0", "NUM 0")
    pos.play(state, f"HEWN {dreampogg}")
    assert is_chance(state)  # all dirty: nothing to ask about the payment
    assert state.dirty[igil] == 8 - 6
    assert state.roll_queue[:5] == [DieKind.LASER] * 2 + [DieKind.AREA] * 3


def test_the_gombat_with_seven_on_weapons_has_no_screen_left() -> None:
    """rulebook: "the Gombat (which has weapons listed on its card) has 8
    Substract on it but could only use a maximum of 7 Substract to fire its
    weapons in a ranged encounter. Using all 7 for its weapon fire would also
    mean the Gombat is unable to create any body screens!\""""
    state = pos.actions_phase(2, shown=True)
    _ranged_picks(state, "Gombat", 8)
    assert _legal(state) == [f"NUM {n}" for n in range(8)]
    pos.play(state, "NUM 4")
    assert _legal(state) == [f"NUM {n}" for n in range(4)]
    pos.play(state, "NUM 3")
    assert _legal(state) == ["NUM 0"]


def test_the_bliog_names_its_target_between_a_neutral_and_a_damaged_enemy() -> None:
    """rulebook: "One neutral Hewn (a stunned Chumbee) and one damaged enemy
    (Drump with blue control rod) Hewn are in a space when a Bliog (with a red
    control rod) moves into the same space, announcing an encounter. The red
    player will have to decide which of the Hewns his target is!": either may
    be named; the one named is the only other Hewn in the encounter. The Bliog
    then tries a brain repair on the Drump: "A Bliog rolls 1d10 for any repair it
    tries", against one d10 of difficulty (the Drump is damaged); 6 beats 3, and
    the Drump takes the Bliog's rod, still damaged."""
    state = pos.actions_phase(2, shown=True)
    bliog = pos.place(state, "Bliog", 0, 11)
    chumbee = pos.place(state, "Chumbee", NEUTRAL, 1)
    drump = pos.place(state, "Drump", 1, 1, damaged=True)
    pos.start_hewn_turn(state, bliog)
    pos.play(state, "SPACE 1")
    assert _ask(state) == Ask.HEWN_TURN  # neither stops it: the encounter is a choice
    pos.play(state, "VERB ENCOUNTER_SAME")
    assert sorted(_legal(state)) == sorted([f"HEWN {chumbee}", f"HEWN {drump}"])
    pos.play(state, f"HEWN {drump}")
    enc = enc_of(encounter_frame(state))
    assert enc.same and enc.target == drump
    pos.play(state, *["NUM 0"] * 5)  # L, A, K, Q, E: nothing to pay for a repair
    pos.play(state, "OPTION BRAIN_REPAIR")
    assert state.roll_queue == [DieKind.D10, DieKind.D10]
    pos.roll(state, "d10", 6, 3)
    assert state.ctrl[drump] == 0 and state.damaged[drump]
    assert state.ctrl[chumbee] == NEUTRAL
