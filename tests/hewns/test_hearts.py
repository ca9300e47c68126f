"""Heart stones and the recovery phase's stun recovery and re-asserting control
(stage 3, cards "nanas"): the stone in the buyer's colour, BANJER and
ATTACH_OFF into an empty heart card, a gem or a death destroying it, its d10 in
the brain-repair defence and the damage recovery, the stunned Hewn's rod, and
the heart owner's try to regain control. Positions come from `engine.position`.

Hewn ids: 1 Igil, 3 Gombat, 9 Spricelos, 10 Fogbear, 12/13 Major Miner, 19
Minor Miner (3 Nanasockets, a heart card); a Major Miner's heart card is its
SOCKET 2 (after its Nanasocket and its Sicket socket).
"""

from __future__ import annotations

import numpy as np
import pytest
from hewns_obs_reference import encode as reference

from scavenger_env.core.errors import IllegalActionError
from scavenger_env.hewns.engine import hearts, rules
from scavenger_env.hewns.engine import position as pos
from scavenger_env.hewns.engine.actions import (
    LOT,
    NUM,
    Ctrl,
    Verb,
    describe_id,
    id_of,
)
from scavenger_env.hewns.engine.config import HewnsConfig
from scavenger_env.hewns.engine.data import DieKind, TechKind
from scavenger_env.hewns.engine.describe import (
    ask_help,
    ask_name,
    describe_action,
    why_asked,
)
from scavenger_env.hewns.engine.digest import state_data
from scavenger_env.hewns.engine.effects import kill
from scavenger_env.hewns.engine.flow import is_chance
from scavenger_env.hewns.engine.position import PositionError
from scavenger_env.hewns.engine.state import (
    NEUTRAL,
    NONE,
    OFF_BOARD,
    TECH_KIND_OF,
    Ask,
    Phase,
    State,
)
from scavenger_env.hewns.engine.view import determinize, redact
from scavenger_env.hewns.game import HEWNS
from scavenger_env.hewns.observation import (
    HEWN_COLUMNS,
    N_TYPES,
    SEATS,
    Encoder,
    encode,
    views,
)
from scavenger_env.hewns.render import render_state

STONES = int(TechKind.HEART_STONES)
PLUS1_MINE = 34  # a +1 mine between spaces 33 and 35
MAJOR_HEART = 2  # a Major Miner's heart card: after 1 Nanasocket and 1 Sicket
HEART_COLUMNS = slice(
    HEWN_COLUMNS["heart_colour"], HEWN_COLUMNS["heart_colour"] + SEATS
)  # the heart stone's colour, relative


def _nanas(**options: object) -> State:
    """Round 1's actions phase with the stage-3 cards, both cards shown."""
    return pos.actions_phase(2, shown=True, cards="nanas", **options)


def _legal(state: State) -> list[str]:
    return [describe_id(a) for a in rules.legal_actions(state)]


def _to_round_two(state: State) -> None:
    """Both player turns of round 1 end (a seat with a healthy Hewn ends its
    turn without acting); round 2's income and recovery follow."""
    pos.start_player_turn(state, 0)
    while (
        state.round == 1
        and not is_chance(state)
        and state.frames[-1].ask == Ask.PLAYER_TURN
    ):
        pos.play(state, "CTRL END_PLAYER_TURN")
    assert state.round == 2


# --- heart stones as pieces ------------------------------------------------------------


def test_heart_stones_are_bought_two_a_card_for_the_buyers_screen() -> None:
    """rulebook: "If a player either buys heart stones ... they can insert the
    heart stone into any empty heart card they have" (design: 2 stones per
    card, "The person winning this auction gets this quantity")."""
    state = rules.new_game(
        HewnsConfig(num_players=2, cards="nanas"), np.random.default_rng(1)
    )
    assert TECH_KIND_OF[state.offer[8]] == STONES  # this seed's first tech lot
    assert state.frames[-1].seat == 0
    for a in (Verb.PLACE_BIDOX, NUM + 0, LOT + 8, NUM + 3, NUM + 3):
        rules.apply_action(state, a)
    while state.phase == Phase.AUCTION and not is_chance(state):
        if state.frames[-1].ask != Ask.BID_TURN:
            break
        rules.apply_action(state, Ctrl.PASS_AUCTION)
    assert state.screen_tech[0][STONES] == 2
    assert state.screen_tech[1][STONES] == 0


def test_banjer_puts_a_stone_of_the_buyers_colour_into_an_empty_heart_card() -> None:
    """rulebook: "If a player elects to do Banjering of a complete heart card to
    a Hewn on the game board with an empty Heart card, simply show the others
    that you are replacing the empty heart card with the complete one"; "That
    stone heart would be the colour of the player who bought the heart
    stones"."""
    state = _nanas()
    miner = pos.place(state, "Major Miner", 0, PLUS1_MINE)
    pos.set_screen(state, 0, heart_stones=2)
    pos.start_player_turn(state, 0)
    pos.play(state, "VERB BANJER")
    assert _legal(state) == [f"TECH {STONES}"]
    pos.play(state, f"TECH {STONES}")
    assert _legal(state) == [f"HEWN {miner}"]
    pos.play(state, f"HEWN {miner}")
    assert _legal(state) == [f"SOCKET {MAJOR_HEART}"]
    words = describe_action(state, id_of(f"SOCKET {MAJOR_HEART}"), 1)
    assert "the heart card" in words
    pos.play(state, f"SOCKET {MAJOR_HEART}")
    assert state.heart[miner] == 0
    assert state.screen_tech[0][STONES] == 1
    assert state.slots[miner] == [-1, -1]  # the sockets are untouched
    assert state.frames[-1].ask == Ask.PLAYER_TURN


def test_a_stone_goes_only_into_an_own_empty_heart_card() -> None:
    """rulebook: "insert the heart stone into any empty heart card they have": a
    heart with a stone or a gem is not empty (a ruling: a stone never pushes a
    gem out), a Hewn without the heart ability has no heart card, and another
    player's Hewn is not theirs."""
    state = _nanas()
    with_gem = pos.place(state, "Major Miner", 0, PLUS1_MINE)
    pos.set_gem(state, with_gem, "two_legged")
    pos.place(state, "Fogbear", 0, 1, techs=["Heart stones"])
    pos.place(state, "Spricelos", 0, 11)
    pos.place(state, "Major Miner", 1, 33)
    pos.set_screen(state, 0, heart_stones=1)
    pos.start_player_turn(state, 0)
    assert "VERB BANJER" not in _legal(state)
    empty = pos.place(state, "Minor Miner", 0, 20)
    assert "VERB BANJER" in _legal(state)
    pos.play(state, "VERB BANJER", f"TECH {STONES}")
    assert _legal(state) == [f"HEWN {empty}"]
    before = state_data(state)
    with pytest.raises(IllegalActionError, match="not legal"):
        rules.apply_action(state, id_of(f"HEWN {with_gem}"))
    assert state_data(state) == before


def test_attach_off_puts_a_stone_into_a_hewn_behind_the_screen() -> None:
    """rulebook: "if the Hewn is off the board, the heart card can be secretly
    attached (i.e. inserted) behind the players screen" (public in this stage,
    as every off-board attachment: D47)."""
    state = _nanas()
    fogbear = pos.place(state, "Fogbear", 1, OFF_BOARD)
    pos.place(state, "Major Miner", 0, PLUS1_MINE)
    pos.set_screen(state, 1, heart_stones=2)
    pos.start_player_turn(state, 0)
    pos.play(state, "CTRL END_PLAYER_TURN")
    assert state.frames[-1].seat == 1
    pos.play(state, "VERB ATTACH_OFF", f"TECH {STONES}", f"HEWN {fogbear}")
    assert _legal(state) == ["SOCKET 2"]  # a Fogbear: 1 Nanasocket, 1 Sicket
    pos.play(state, "SOCKET 2")
    assert state.heart[fogbear] == 1
    assert state.screen_tech[1][STONES] == 1


def test_a_gem_taken_in_mining_destroys_the_stone() -> None:
    """rulebook: the gem "must be inserted into the heart card of the Hewn,
    replacing any heart stone that might currently be there. (That heart stone
    is regarded as destroyed.)"."""
    state = _nanas()
    miner = pos.place(state, "Major Miner", 0, PLUS1_MINE, techs=["Heart stones"])
    pos.start_hewn_turn(state, miner)
    pos.play(state, "VERB MINE", "OPTION MINE_PLAIN")
    pos.roll(state, "mining", "gem", 1, 1, 1)
    if state.frames[-1].ask == Ask.MINE_REROLL:
        pos.play(state, "CTRL DONE")
    assert _legal(state) == ["OPTION TAKE_GEM", "OPTION TAKE_TWO"]
    pos.play(state, "OPTION TAKE_GEM")
    assert state.gem[miner] != NONE
    assert state.heart[miner] == NONE
    assert state.screen_tech[0][STONES] == 0  # destroyed: back nowhere


def test_a_dead_hewns_stone_is_destroyed() -> None:
    """Design §4.1: death destroys the card's technologies "and its heart
    stone" (rulebook: "its card is discarded")."""
    state = _nanas()
    miner = pos.place(state, "Major Miner", 0, PLUS1_MINE, techs=["Heart stones"])
    kill(state, miner)
    assert state.heart[miner] == NONE


# --- the brain-repair defence -------------------------------------------------------------


def _spricelos_brain_repairs_a_gombat(stone: bool) -> tuple[State, int]:
    """A Spricelos (2 repair d10s) of seat 0 steps into space 1 onto seat 1's
    healthy Gombat (3 normal Substract, seat 1's stone in its heart card if
    `stone`); the Gombat burns 1 Substract for a brain screen and the
    Spricelos brain-repairs it (the Gombat can only attack)."""
    state = _nanas()
    spricelos = pos.place(state, "Spricelos", 0, 11)
    techs = ["Heart stones"] if stone else []
    gombat = pos.place(state, "Gombat", 1, 1, normal=3, techs=techs)
    pos.start_hewn_turn(state, spricelos)
    pos.play(state, "SPACE 1")
    while state.frames[-1].ask != Ask.INTENT:
        top = state.frames[-1]
        if top.ask == Ask.TRANSMIT_AWAY:
            pos.play(state, "CTRL DONE")
        else:
            brain_screen = top.ask == Ask.PICK_Q and top.seat == 1
            pos.play(state, "NUM 1" if brain_screen else "NUM 0")
    pos.play(state, "OPTION BRAIN_REPAIR")
    return state, gombat


def _roll_the_rest(state: State) -> None:
    """The encounter ends: every other die shows 0, nobody re-rolls, dodges
    or moves."""
    while any(f.ask == Ask.SAME_SPACE for f in state.frames):
        if state.roll_queue:
            pos.roll(state, DieKind(state.roll_queue[0]), 0)
        else:
            legal = _legal(state)
            pos.play(state, "CTRL DONE" if "CTRL DONE" in legal else legal[0])


@pytest.mark.parametrize(("stone", "captured"), [(True, False), (False, True)])
def test_golden_the_gombat_defends_with_its_heart_card(
    stone: bool, captured: bool
) -> None:
    """rulebook example: "He gets 3 d10 in defence (1 for his normal
    resistance; 1 for his heart card (which he shows) and 1 for his brain
    screen.)" ... "The Gombat rolls 2, 3 and 7 for his defence dice. The
    highest roll on both sides was 7, (which is a draw.) A draw always favours
    the defending Hewn with a brain repair. The Gombat is safe." (the repairer's
    best 7 here from a Spricelos' d10s; without the stone the 7 is not
    rolled)."""
    state, gombat = _spricelos_brain_repairs_a_gombat(stone)
    d10s = [k for k in state.roll_queue if k == DieKind.D10]
    assert len(d10s) == 2 + (3 if stone else 2)
    pos.roll(state, "d10", 7, 3, *((2, 3, 7) if stone else (2, 3)))
    _roll_the_rest(state)
    assert state.ctrl[gombat] == (0 if captured else 1)


def test_a_captured_hewns_heart_keeps_its_colour() -> None:
    """rulebook: "That stone heart would be the colour of the player who bought
    the heart stones" (design §4.12: it never changes): a brain repair moves
    the rod, not the heart."""
    state, gombat = _spricelos_brain_repairs_a_gombat(stone=True)
    pos.roll(state, "d10", 9, 1, 2, 3, 7)
    _roll_the_rest(state)
    assert state.ctrl[gombat] == 0
    assert state.heart[gombat] == 1


# --- the damage recovery -------------------------------------------------------------------


@pytest.mark.parametrize(
    ("heart", "difficulty", "mended"), [(9, 4, True), (5, 5, False), (3, 8, False)]
)
def test_golden_a_stone_heart_mends_the_damaged_major_miner(
    heart: int, difficulty: int, mended: bool
) -> None:
    """rulebook example: "A damaged Major Miner with a yellow control rod ...
    He rolls 9 ... His best roll is 9. The player to the right of him rolls a
    single d10, and rolls 4. Because the damaged Hewn rolled higher than the
    difficulty roll, the Major Miner is repaired" (here the 9 is the d10 of
    "a complete heart card"); a draw or less fails."""
    state = _nanas()
    miner = pos.place(
        state, "Major Miner", 0, PLUS1_MINE, damaged=True, techs=["Heart stones"]
    )
    _to_round_two(state)
    assert state.roll_queue == [DieKind.D10, DieKind.D10]
    assert "heart card of Major Miner" in describe_action(state, id_of("DIE 9"))
    pos.roll(state, "d10", heart, difficulty)
    assert state.damaged[miner] is not mended
    assert state.ctrl[miner] == 0
    assert state.frames[-1].ask == Ask.BID_TURN


# --- the stun recovery ----------------------------------------------------------------------


def _stunned_major_miner(colour: int, damaged: bool = False) -> tuple[State, int]:
    """A stunned Major Miner on the board with `colour`'s stone in its heart
    card, then round 2 begins."""
    state = _nanas()
    miner = pos.place(
        state, "Major Miner", 0, PLUS1_MINE, stunned=True, damaged=damaged
    )
    pos.set_heart(state, miner, colour)
    _to_round_two(state)
    return state, miner


@pytest.mark.parametrize(("mine", "difficulty", "rod"), [(6, 2, 1), (4, 4, NEUTRAL)])
def test_a_stone_heart_puts_its_colours_rod_into_a_stunned_hewn(
    mine: int, difficulty: int, rod: int
) -> None:
    """rulebook: "if a player has a complete heart card in a stunned Hewn (I.e.
    no control rod inserted), he/she can roll 1 d10 to try to heal the Hewn.
    Another player rolls a d10 to represent the difficulty. If the person with
    the heart card rolls higher than the other roll, the player who owns the
    heart card inserts a control rod of his team's colour into the Hewn"."""
    state, miner = _stunned_major_miner(colour=1)
    assert state.roll_queue == [DieKind.D10, DieKind.D10]
    assert "player 1's heart in stunned" in describe_action(state, id_of("DIE 6"))
    pos.roll(state, "d10", mine)
    assert "difficulty" in describe_action(state, id_of("DIE 2"))
    pos.roll(state, "d10", difficulty)
    assert state.ctrl[miner] == rod
    assert state.frames[-1].ask == Ask.BID_TURN


def test_a_gem_does_not_recover_a_stunned_hewn() -> None:
    """rulebook: "Substract gems in Hewns do not allow those Hewns to recover
    from being stunned"; "A Hewn without a complete heart card will not be able
    to heal itself from being stunned"."""
    state = _nanas()
    with_gem = pos.place(state, "Major Miner", 0, PLUS1_MINE, stunned=True)
    pos.set_gem(state, with_gem, "four_legged")
    pos.place(state, "Fogbear", 0, 1, stunned=True)  # an empty heart card
    _to_round_two(state)
    assert not state.roll_queue
    assert state.frames[-1].ask == Ask.BID_TURN


def test_the_damage_is_rolled_for_before_the_stun() -> None:
    """Design §4.13 (D51): the damage recovery, then the stun recovery; a
    damaged and stunned Hewn with a stone heart rolls in both."""
    state, miner = _stunned_major_miner(colour=0, damaged=True)
    assert len(state.roll_queue) == 2
    pos.roll(state, "d10", 7, 4)  # the damage
    assert not state.damaged[miner] and state.ctrl[miner] == NEUTRAL
    assert len(state.roll_queue) == 2
    pos.roll(state, "d10", 8, 1)  # the stun
    assert state.ctrl[miner] == 0 and state.healthy(miner)


# --- re-asserting control --------------------------------------------------------------------


def _captured_major_miner(*more: tuple[str, int, int]) -> tuple[State, list[int]]:
    """A healthy Major Miner of seat 1 with seat 0's stone (taken over by a
    brain repair), and `more` such Hewns (type, space, stone colour) of seat
    1; then round 2 begins."""
    state = _nanas()
    placed = []
    for name, space, colour in (("Major Miner", PLUS1_MINE, 0), *more):
        hewn = pos.place(state, name, 1, space)
        pos.set_heart(state, hewn, colour)
        placed.append(hewn)
    _to_round_two(state)
    return state, placed


def test_the_heart_owner_is_asked_whether_to_regain_control() -> None:
    """rulebook: "if any other Hewn has a different coloured heart card to its
    current control rod colour, it can also have its control rod restored ...
    a previous owner of the Hewn must indicate that he is "trying to regain
    control"" (D50: a decision of the heart's owner, YES or NO)."""
    state, (miner,) = _captured_major_miner()
    top = state.frames[-1]
    assert (top.ask, top.seat, top.hewn) == (Ask.REASSERT, 0, miner)
    assert _legal(state) == ["CTRL YES", "CTRL NO"]
    assert "regain control" in describe_action(state, Ctrl.YES, 0)
    assert ask_name(Ask.REASSERT) and ask_help(Ask.REASSERT)
    assert "heart card is in Major Miner" in why_asked(state, 0)


@pytest.mark.parametrize(("mine", "theirs", "rod"), [(8, 3, 0), (5, 5, 1), (2, 9, 1)])
def test_re_asserting_rolls_the_owners_d10_against_the_controllers(
    mine: int, theirs: int, rod: int
) -> None:
    """rulebook: "The heart card owner can now roll 1 d10 to try to heal the
    Hewn. The existing owner of the Hewn rolls a d10 to represent the
    difficulty. If the heart card owner rolls higher, the existing control rod
    is removed and replaced by one the same colour as the heart card"."""
    state, (miner,) = _captured_major_miner()
    pos.play(state, "CTRL YES")
    assert state.roll_queue == [DieKind.D10, DieKind.D10]
    assert "player 0's heart" in describe_action(state, id_of("DIE 1"))
    pos.roll(state, "d10", mine)
    assert "the controller of Major Miner" in describe_action(state, id_of("DIE 1"))
    pos.roll(state, "d10", theirs)
    assert state.ctrl[miner] == rod
    assert state.heart[miner] == 0
    assert state.frames[-1].ask == Ask.BID_TURN


def test_declining_changes_nothing_and_the_next_hewn_by_id_is_asked() -> None:
    """Design §4.13 (D51): re-asserting goes by Hewn id; NO rolls nothing."""
    state, (miner, fogbear) = _captured_major_miner(("Fogbear", 1, 0))
    assert fogbear < miner and state.frames[-1].hewn == fogbear
    pos.play(state, "CTRL NO")
    assert not state.roll_queue
    assert state.frames[-1].ask == Ask.REASSERT and state.frames[-1].hewn == miner
    pos.play(state, "CTRL NO")
    assert state.ctrl[fogbear] == state.ctrl[miner] == 1
    assert state.frames[-1].ask == Ask.BID_TURN


def test_no_try_without_another_rod_or_off_the_board() -> None:
    """Nobody is asked for a Hewn with its heart's own rod, a stunned one (no
    rod: the stun recovery's business) or one behind its controller's screen
    (a ruling: only its controller can open it there)."""
    state = _nanas()
    own = pos.place(state, "Major Miner", 0, PLUS1_MINE, techs=["Heart stones"])
    away = pos.place(state, "Fogbear", 1, OFF_BOARD)
    pos.set_heart(state, away, 0)
    stunned = pos.place(state, "Minor Miner", 1, 20, stunned=True)
    pos.set_heart(state, stunned, 0)
    _to_round_two(state)
    pos.roll(state, "d10", 0, 9)  # the stunned Minor Miner stays stunned
    assert state.ctrl[stunned] == NEUTRAL
    assert state.frames[-1].ask == Ask.BID_TURN
    assert [hearts.may_reassert(state, h) for h in (own, away, stunned)] == [
        False,
        False,
        False,
    ]


def test_a_stun_recovered_hewn_needs_no_re_assertion() -> None:
    """D51: the stun recovery comes first; its rod is the heart's colour, so
    nobody is asked afterwards."""
    state, miner = _stunned_major_miner(colour=1)
    pos.roll(state, "d10", 9, 0)
    assert state.ctrl[miner] == 1
    assert state.frames[-1].ask == Ask.BID_TURN


def test_a_wrong_answer_is_refused_and_changes_nothing() -> None:
    """Bad input: anything but YES or NO at the question is refused with the
    legal answers, the state unchanged."""
    state, _ = _captured_major_miner()
    before = state_data(state)
    with pytest.raises(IllegalActionError, match="CTRL YES, CTRL NO"):
        rules.apply_action(state, Ctrl.DONE)
    with pytest.raises(IllegalActionError):
        rules.apply_action(state, 1.0)
    assert state_data(state) == before


# --- positions ------------------------------------------------------------------------------


def test_set_heart_refuses_what_the_game_does_not_have() -> None:
    """Bad input: a heart stone needs the stage-3 cards, a heart card, an empty
    one, and a seat of the game; refused with a `PositionError`, changing
    nothing."""
    core = pos.actions_phase(2, cards="core")
    miner = pos.place(core, "Major Miner", 0, PLUS1_MINE)
    with pytest.raises(PositionError, match='cards="nanas"'):
        pos.set_heart(core, miner, 0)
    state = _nanas()
    spricelos = pos.place(state, "Spricelos", 0, 11)
    miner = pos.place(state, "Major Miner", 0, PLUS1_MINE, techs=["Heart stones"])
    with pytest.raises(PositionError, match="no heart card"):
        pos.set_heart(state, spricelos, 0)
    with pytest.raises(PositionError, match="not empty"):
        pos.set_heart(state, miner, 1)
    with pytest.raises(PositionError, match="seat 5"):
        pos.set_heart(state, miner, 5)
    assert state.heart[miner] == 0 and state.heart[spricelos] == NONE
    with pytest.raises(PositionError, match="heart stone or a gem"):
        pos.rig(state, miner, heart=False)
    assert state.card(miner).heart


# --- what the players see --------------------------------------------------------------------


def test_the_heart_colour_is_public_in_every_seats_observation() -> None:
    """The heart is public in this stage (stones come from an open auction and
    are fitted openly; D47): each seat's observation shows it relative to
    itself, and a seat's screen shows its stones."""
    state = _nanas()
    miner = pos.place(state, "Major Miner", 1, PLUS1_MINE)
    pos.set_heart(state, miner, 0)
    pos.set_screen(state, 0, heart_stones=1)
    for seat, relative in ((0, 0), (1, 1)):
        obs = views(encode(state, seat))
        colour = list(obs["hewns"][miner][HEART_COLUMNS])
        assert colour == [float(i == relative) for i in range(SEATS)]
        stones = obs["seats"][relative][2 + STONES]
        assert stones == pytest.approx(1 / 4)
    assert obs["hewns"][miner][N_TYPES + SEATS] == 0.0  # not neutral


def test_redacted_and_determinized_states_keep_every_heart() -> None:
    """Nothing about a heart is hidden in this stage (D47), so another seat's
    copy (`redact`) and a search's guess (`determinize`) hold the same hearts
    and stones as the game."""
    state = _nanas()
    miner = pos.place(state, "Major Miner", 1, PLUS1_MINE)
    pos.set_heart(state, miner, 0)
    pos.place(state, "Fogbear", 0, OFF_BOARD, techs=["Heart stones"])
    pos.set_screen(state, 1, heart_stones=2)
    for seat in (0, 1):
        for copy in (
            redact(state, seat),
            determinize(state, seat, np.random.default_rng(seat)),
        ):
            assert copy.heart == state.heart
            assert copy.screen_tech == state.screen_tech


def test_the_fast_encoder_shows_hearts_as_the_plain_one_does() -> None:
    """The observation's heart columns are the same in the fast encoder and in
    the plain reference, for every seat, at a re-assert question."""
    state, placed = _captured_major_miner(("Fogbear", 1, 1))
    encoder = Encoder()
    for seat in (0, 1):
        fast = encoder.encode(state, seat)
        plain = reference(state, seat)
        assert fast.tobytes() == plain.tobytes()
        for hewn in placed:
            assert views(plain)["hewns"][hewn][HEART_COLUMNS].sum() == 1.0


def test_the_render_names_the_hearts_colour() -> None:
    """The screen tells each Hewn's heart stone by its colour."""
    state = _nanas()
    miner = pos.place(state, "Major Miner", 1, PLUS1_MINE)
    pos.set_heart(state, miner, 0)
    screen = " ".join(render_state(state, 0).split())
    assert "heart stone of you" in screen
    assert "heart stone of player 0" in " ".join(render_state(state, 1).split())


def test_the_narration_tells_what_the_recovery_did() -> None:
    """The recovery's rolls are told as they come, then what came of them."""
    state, miner = _stunned_major_miner(colour=1)
    teller = HEWNS.narrator(1)
    told: list[str] = []
    for face in (6, 2):
        action = id_of(f"DIE {face}")
        told.append(str(teller.tell(state, action)))
        rules.apply_action(state, action)
        told += teller.after(state)
    assert "heart in stunned Major Miner" in told[0]
    assert told[-1] == (
        f"Recovery: neutral Major Miner #{miner} recovered from its stun under you."
    )
