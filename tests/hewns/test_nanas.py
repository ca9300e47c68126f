"""Stage 3 ("nanas"): Nananbites, the Mamabite, the Fixito and auction hacking,
with the rulebook's worked examples that use them replayed with their printed
rolls.

Positions are set up with `engine.position` on the 2-player crater: space 1
admits every size; a Medium Hewn steps into it from space 11.
"""

from __future__ import annotations

import numpy as np
import pytest

from scavenger_env.core.errors import IllegalActionError
from scavenger_env.hewns.engine import combat, nanas, rules
from scavenger_env.hewns.engine import position as pos
from scavenger_env.hewns.engine.actions import (
    HEWN,
    LOT,
    NUM,
    SOCKET,
    SPACE,
    TECH,
    Ctrl,
    Option,
    Verb,
)
from scavenger_env.hewns.engine.config import HewnsConfig
from scavenger_env.hewns.engine.data import DieKind, TechKind
from scavenger_env.hewns.engine.digest import state_data
from scavenger_env.hewns.engine.flow import FIRST_TECH_LOT, is_chance
from scavenger_env.hewns.engine.rules import legal_actions
from scavenger_env.hewns.engine.state import (
    BIDOX_HOME,
    EMPTY_SLOT,
    NO_SLOT,
    TECH_KIND_OF,
    Ask,
    State,
)
from scavenger_env.hewns.engine.turnstate import HewnTurnFrame

HERE, FROM = 1, 11
NANA = int(TechKind.NANANBITES)


def act(state: State, *actions: int) -> None:
    for a in actions:
        assert not is_chance(state), state.roll_queue
        rules.apply_action(state, a)


def skip_away(state: State) -> None:
    while state.frames[-1].ask == Ask.TRANSMIT_AWAY:
        rules.apply_action(state, Ctrl.DONE)


def picks(state: State, *counts: int) -> None:
    """L, A, K, Q, E of the Hewn asked."""
    skip_away(state)
    assert state.frames[-1].ask == Ask.PICK_L
    act(state, *(NUM + c for c in counts))


def nanas_game(**options: object) -> State:
    options.setdefault("shown", True)
    return pos.actions_phase(2, cards="nanas", **options)


def turn_ap(state: State) -> int:
    """The action points left in the innermost Hewn turn."""
    return next(f.ap for f in reversed(state.frames) if isinstance(f, HewnTurnFrame))


# --- the rulebook's worked examples ---------------------------------------------------
def test_example_3_mamabite_dreampogg_and_gombat_with_five_nananbites() -> None:
    """rulebook: "A Dreampogg (with a red control rod) that has a Mamabite with 4
    Nananbites moves into a space of a Gombat (blue control rod) with a heart
    card, and 5 Nananbites ... The Dreampogg decides to use 3 of his Nanabites
    on repairing and 1 on defence. The Gombat decides to use all 5 of his
    Nanabites on repairing ... the Dreampogg rolls 7, 3 and 0 with his
    Nanadice. The Gombat rolls 2, 3 and 7 for his defence dice ... A draw
    always favours the defending Hewn ... The Gombat rolls 8, 7, 0, "Nanadead"
    and 1 for the Nanadice. The Gombat immediately removes a Nanabite ... The
    Dreampogg rolls a 4 for his natural defence, 7 for the brain screen and 2
    for the Nanadice ... he now belongs to the blue team ... the moving Hewn
    (Dreampogg) must be pushed into an adjacent space free of healthy Hewns by
    his new owner". The Gombat's complete heart card is a gem here ("If they
    have a Substract Gem inserted in their heart card, they would also get that
    extra d10")."""
    state = nanas_game()
    mama4 = ["Mamabite"] + ["Nananbites"] * 4
    dreampogg = pos.place(state, "Dreampogg", 0, FROM, dirty=2, techs=mama4)
    gombat = pos.place(state, "Gombat", 1, HERE, dirty=3, techs=["Nananbites", *mama4])
    pos.set_gem(state, gombat, "two_legged")
    assert nanas.nananbites(state, dreampogg) == 4
    assert nanas.nananbites(state, gombat) == 5
    pos.start_hewn_turn(state, dreampogg)
    act(state, SPACE + HERE)
    picks(state, 0, 0, 0, 1, 0)  # both burn 1 Substract on a brain screen
    picks(state, 0, 0, 0, 1, 0)
    act(state, Option.BRAIN_REPAIR)
    assert state.frames[-1].ask == Ask.NANA_SPLIT
    assert legal_actions(state) == [NUM + r for r in range(1, 5)]
    act(state, NUM + 3)
    act(state, Option.BRAIN_REPAIR)
    assert state.frames[-1].ask == Ask.NANA_SPLIT and state.frames[-1].seat == 1
    act(state, NUM + 5)
    assert state.dirty[dreampogg] == 1 and state.dirty[gombat] == 2
    pos.roll(state, "nana", 7, 3, 0)  # the Dreampogg's repair
    pos.roll(state, "d10", 2, 3, 7)  # the Gombat: natural, brain screen, heart
    pos.roll(state, "nana", 8, 7, 0, "nanadead", 1)  # the Gombat's repair
    pos.roll(state, "d10", 4, 7)  # the Dreampogg: natural, brain screen
    pos.roll(state, "nana", 2)  # and its defending Nananbite
    assert state.ctrl[gombat] == 1  # 7 against 7: the defender holds
    assert state.ctrl[dreampogg] == 1  # 8 against 7: blue
    assert nanas.nananbites(state, gombat) == 4
    assert nanas.nananbites(state, dreampogg) == 4
    assert state.nana_dead == 1
    assert state.frames[-1].ask == Ask.RETREAT and state.frames[-1].seat == 1


def test_example_2_midocondrians_nananbite_defends_the_brain_repair() -> None:
    """rulebook, example 2: "The Midocondrian Scraveler has 3 Substract himself,
    and a single Nananbite ... If he uses his Nananbite to attempt a brain
    repair, he can't use it to defend himself"; "The Midocondrian indicates he
    is using his Nanabite in defence of the brain repair and rolls 1 Nanadice
    for it; he also rolls 1 d10 for the brain screen and another 1 d10 for his
    natural ability ... (He rolls 2 for the Nanadice, 3 and 6 from his d10's,
    which meant his best roll was a 6.) The Spricelos rolls 2 d10 ... a 2 and 8
    ... the Spricelos has succeeded"; the Midocondrian's attack (0,1,1,0 close
    combat, 3 laser, 1 area) is escaped ("0, 0, "escape", 0, "escape" and 1")."""
    state = nanas_game()
    spricelos = pos.place(state, "Spricelos", 0, FROM)
    scraveler = pos.place(
        state, "Midocondrian Scraveler", 1, HERE, dirty=3, techs=["Nananbites"]
    )
    pos.start_hewn_turn(state, spricelos)
    act(state, SPACE + HERE)
    picks(state, 0, 0, 0, 0, 0)
    picks(state, 1, 1, 0, 1, 0)  # a laser, an area die and a brain screen
    assert state.frames[-1].ask == Ask.INTENT and state.frames[-1].hewn == spricelos
    act(state, Option.BRAIN_REPAIR)  # the Midocondrian attacks: nothing asked
    pos.roll(state, "d10", 2, 8)  # the Spricelos' repair
    pos.roll(state, "d10", 6, 3)  # natural, brain screen
    pos.roll(state, "nana", 2)  # the defending Nananbite
    pos.roll(state, "close_combat", 0, 1, 1, 0)
    pos.roll(state, "laser", 3)
    pos.roll(state, "area", 1)
    pos.roll(state, "speed", 0, 0, "escape", 0, "escape")
    pos.roll(state, "armour", 1)
    assert state.frames[-1].ask == Ask.ESCAPE_MOVE
    act(state, SPACE + 27)
    assert state.ctrl[scraveler] == 0  # 8 against 6: orange
    assert nanas.nananbites(state, scraveler) == 1  # its Nanadice was a 2
    assert state.healthy(spricelos)


def _dreampogg_and_damaged_fogbear() -> tuple[State, int, int]:
    state = nanas_game()
    techs = ["Nananbites", "Nananbites", "Fixito"]
    dreampogg = pos.place(state, "Dreampogg", 0, FROM, techs=techs)
    fogbear = pos.place(state, "Fogbear", 0, HERE, damaged=True)
    pos.start_hewn_turn(state, dreampogg)
    act(state, SPACE + HERE)
    return state, dreampogg, fogbear


def test_example_1_body_repair_with_two_nananbites_and_a_fixito() -> None:
    """rulebook, example 1: "A Dreampogg with a blue control rod has 2 (two)
    Nananbites ... and a Fixito ... The Fogbear and Dreampogg's owner rolls 1
    d10 for the Fixito and 2 Nanadice for the Nananbites. He rolls "4" for the
    Fixito and "Nananbite dead" and "7" for the Nananbites ... must remove a
    Nananbite ... His remaining dice have a highest value of 7 which is not
    higher than the difficulty roll of 7 ... when the Dreampogg chooses to try
    encounter the Fogbear this turn again, he must spend another action point
    ... This time he rolls a "5" for the surviving Nananbite, and a "9" for the
    Fixito. The other player rolls an "8" for the difficulty ... the Fogbear is
    now healed ... The Dreampogg's turn is over, and the Fogbear will begin its
    turn"."""
    state, dreampogg, fogbear = _dreampogg_and_damaged_fogbear()
    ap = turn_ap(state)
    act(state, Verb.ENCOUNTER_SAME, HEWN + fogbear)
    picks(state, 0, 0, 0, 0, 0)
    assert state.frames[-1].ask == Ask.NANA_SPLIT  # the Fixito repairs too
    assert legal_actions(state) == [NUM, NUM + 1, NUM + 2]
    act(state, NUM + 2)
    pos.roll(state, "d10", 4)  # the Fixito
    pos.roll(state, "nana", "nanadead", 7)
    pos.roll(state, "d10", 7)  # the difficulty
    assert state.damaged[fogbear]
    assert nanas.nananbites(state, dreampogg) == 1 and state.nana_dead == 1
    assert state.frames[-1].ask == Ask.EXPEL  # the sole healthy one may expel
    act(state, Ctrl.DONE)
    assert state.frames[-1].ask == Ask.HEWN_TURN
    act(state, Verb.ENCOUNTER_SAME, HEWN + fogbear)
    assert turn_ap(state) == ap - 1
    picks(state, 0, 0, 0, 0, 0)
    act(state, NUM + 1)
    pos.roll(state, "d10", 9)
    pos.roll(state, "nana", 5)
    pos.roll(state, "d10", 8)
    assert not state.damaged[fogbear]
    assert state.frames[-1].ask == Ask.HEWN_TURN
    assert state.frames[-1].hewn == fogbear


def test_example_4_both_brain_repairs_succeed_with_nanadice() -> None:
    """rulebook, example 4: "A Minor Miner with a yellow control rod; two
    Nanabites; a Gunana weapon and 3 hidden dirty Substract ... an enemy Igil
    (with a red control rod; 1 Nananbite and 4 hidden Substract.) ... 2 body
    screens ... 3 brain screens ... The minor Miner rolls 4 and 8 on his 2
    Nanadice. (Best score: 8) The Igil gets 4 d10 ... He rolls 2, 0, 6 and 5
    ... The Minor Miner's repair has worked ... The Igil rolls 5 for its
    Nanadice, and the Minor Miner only rolls 1 dice for its defence ... It
    rolls a 4 and the Igil has been successful ... Both Hewns have been brain
    repaired!"."""
    state = nanas_game()
    techs = ["Nananbites", "Nananbites", "Gunana"]
    miner = pos.place(state, "Minor Miner", 0, FROM, dirty=3, techs=techs)
    igil = pos.place(state, "Igil", 1, HERE, dirty=4, techs=["Nananbites"])
    pos.start_hewn_turn(state, miner)
    act(state, SPACE + HERE)
    picks(state, 0, 0, 2, 0, 0)
    picks(state, 0, 0, 0, 3, 0)
    act(state, Option.BRAIN_REPAIR)
    act(state, NUM + 2)  # both Nananbites repair
    act(state, Option.BRAIN_REPAIR)  # one Nananbite: its split is not asked
    pos.roll(state, "nana", 4, 8)
    pos.roll(state, "d10", 2, 0, 6, 5)
    pos.roll(state, "nana", 5)
    pos.roll(state, "d10", 4)
    assert state.ctrl[igil] == 0 and state.ctrl[miner] == 1
    assert state.nana_dead == 0


def test_recovery_example_major_miner_with_a_nananbite_and_a_fixito() -> None:
    """rulebook, the recovery phase: "A damaged Major Miner with a yellow control
    rod, 1 Nanabite and a Fixito is in the Recovery phase and rolls 1d10 for
    the Fixito ... and 1 Nanadice for the Nanabite ... He rolls 9 for the
    Fixito's d10 and 5 for the Nanadice. His best roll is 9. The player to the
    right of him rolls a single d10, and rolls 4 ... the Major Miner is
    repaired"."""
    state = nanas_game(shown=True)
    techs = ["Nananbites", "Fixito"]
    miner = pos.place(state, "Major Miner", 0, OFF_SPACE, damaged=True, techs=techs)
    pos.start_player_turn(state, 0)  # nothing to do: round 2 begins
    assert state.round == 2
    assert state.roll_queue == [DieKind.D10, DieKind.NANA, DieKind.D10]
    pos.roll(state, "d10", 9)
    pos.roll(state, "nana", 5)
    pos.roll(state, "d10", 4)
    assert not state.damaged[miner]
    assert state.frames[-1].ask == Ask.BID_TURN


OFF_SPACE = 34


def test_recovery_nanadead_kills_its_nananbite_and_a_tie_fails() -> None:
    """rulebook: "For each "nanadead" rolled discard the die roll and place the
    Nananbite back in the pile of Nananbites - that nanabite is dead"; the
    Nananbites "get a higher dice roll than the "difficulty roll"" (a tie
    fails)."""
    state = nanas_game(shown=True)
    miner = pos.place(
        state, "Major Miner", 0, OFF_SPACE, damaged=True, techs=["Nananbites"]
    )
    pos.start_player_turn(state, 0)
    assert state.roll_queue == [DieKind.NANA, DieKind.D10]
    pos.roll(state, "nana", "nanadead")
    pos.roll(state, "d10", 0)
    assert state.damaged[miner]  # a Nanadead counts nothing: -1 is not above 0
    assert nanas.nananbites(state, miner) == 0 and state.nana_dead == 1


def test_no_recovery_without_nananbites_fixito_or_heart() -> None:
    """rulebook: "A Hewn without a complete heart card/ heart card with Substract
    Gem; or Fixito or any Nananbites will not be able to heal itself"."""
    state = nanas_game(shown=True)
    miner = pos.place(state, "Major Miner", 0, OFF_SPACE, damaged=True)
    pos.start_player_turn(state, 0)
    assert not state.roll_queue and state.damaged[miner]


# --- same-space: the split --------------------------------------------------------------
def test_an_attacker_is_not_asked_its_split_and_its_nananbites_defend() -> None:
    """rulebook: "Nananbites can be used in repairing OR in defence of a repair"
    and "Each Nananbite used in defence is worth 1 Nanadice in defence": a Hewn
    that attacks puts none to repair; they defend against the other's repair
    (each that is not repairing: a ruling)."""
    state = nanas_game()
    mover = pos.place(state, "Dreampogg", 0, FROM, techs=["Nananbites"] * 2)
    spricelos = pos.place(state, "Spricelos", 1, HERE)
    pos.start_hewn_turn(state, mover)
    act(state, SPACE + HERE)
    picks(state, 0, 0, 0, 0, 0)
    picks(state, 0, 0, 0, 0, 0)
    act(state, Option.ATTACK)
    assert state.frames[-1].ask == Ask.INTENT  # the Spricelos, no split asked
    act(state, Option.BRAIN_REPAIR)
    assert state.roll_queue[:4] == [DieKind.D10] * 3 + [DieKind.NANA]
    assert state.roll_queue[4] == DieKind.NANA
    assert state.ctrl[spricelos] == 1


def test_nananbites_alone_make_a_repairer() -> None:
    """rulebook: "And/or that Hewn has Nananbites ... can also attempt a
    repair": a Hewn with no repair ability may repair with its Nananbites, and
    then puts at least one to it."""
    state = nanas_game()
    mover = pos.place(state, "Dreampogg", 0, FROM, techs=["Nananbites"] * 2)
    pos.place(state, "Fogbear", 1, HERE)
    pos.start_hewn_turn(state, mover)
    act(state, SPACE + HERE)
    picks(state, 0, 0, 0, 0, 0)
    picks(state, 0, 0, 0, 0, 0)
    assert legal_actions(state) == sorted([Option.ATTACK, Option.BRAIN_REPAIR])
    act(state, Option.BRAIN_REPAIR)
    assert legal_actions(state) == [NUM + 1, NUM + 2]
    before = state_data(state)
    with pytest.raises(IllegalActionError):
        rules.apply_action(state, NUM)
    assert state_data(state) == before


# --- the Mamabite, Banjering, the Sicket hit --------------------------------------------
def test_mamabite_purchase_brings_four_nananbites_to_the_screen() -> None:
    """rulebook: "Each Mamabite is sold with 4 Nanabites, but the Nanabites come
    separate from the Mamabite they were bought with"."""
    state = nanas_game()
    nanas.bought(state, 0, int(TechKind.MAMABITE))
    assert state.screen_tech[0][TechKind.MAMABITE] == 1
    assert state.screen_tech[0][NANA] == 4
    nanas.bought(state, 1, NANA)
    assert state.screen_tech[1][NANA] == 3


def test_banjer_a_mamabite_then_nananbites_into_its_slots_for_good() -> None:
    """rulebook: "A Hewn that has a Sicket socket can have a Mamabite inserted
    which in turn allows Nananbites to be inserted into the Mamabite";
    "Mamabites ... can be used to hold Nananbites and other technologies which
    use nanasockets"; "once Nananbites have been attached to a particular Hewn;
    they can never be moved to another Hewn! Other Nanasocket technologies can
    be replaced"."""
    state = nanas_game()
    # a Hover Cataclysm: 1 Nanasocket, 2 Sicket sockets (slots 1, 2)
    hewn = pos.place(state, "Hover Cataclysm", 0, HERE)
    pos.set_screen(state, 0, mamabite=1, nananbites=4, gunana=1)
    pos.start_player_turn(state, 0)
    act(state, Verb.BANJER, TECH + TechKind.MAMABITE, HEWN + hewn)
    assert legal_actions(state) == [SOCKET + 1, SOCKET + 2]
    act(state, SOCKET + 2)  # the second Sicket socket: slots 7-10
    assert (
        state.slots[hewn]
        == [EMPTY_SLOT] * 2 + [TechKind.MAMABITE] + [NO_SLOT] * 4 + [EMPTY_SLOT] * 4
    )
    act(state, Verb.BANJER, TECH + TechKind.NANANBITES, HEWN + hewn)
    assert legal_actions(state) == [SOCKET + s for s in (0, 7, 8, 9, 10)]
    from scavenger_env.hewns.engine.describe import describe_action

    assert describe_action(state, SOCKET + 8) == "Banjer into slot 8 (a Mamabite's)"
    assert describe_action(state, SOCKET) == "Banjer into slot 0"
    act(state, SOCKET + 8)
    act(state, Verb.BANJER, TECH + TechKind.GUNANA, HEWN + hewn)
    # a Nananbite is never replaced; the Gunana takes a free slot
    assert SOCKET + 8 not in legal_actions(state)
    act(state, SOCKET + 7)
    assert state.slots[hewn][7:] == [TechKind.GUNANA, NANA, EMPTY_SLOT, EMPTY_SLOT]
    assert state.screen_tech[0][NANA] == 3


def test_a_sicket_hit_on_the_mamabite_destroys_its_contents() -> None:
    """rulebook: "If the Mamabite (being a Sicket technology) is destroyed in an
    attack, all the Nanabites & technologies that were attached to it, are
    destroyed with it"; "Sicket hit. If the Hewn has a Sicket Socket technology
    inserted, the technology is destroyed (which saves the Hewn)"."""
    state = nanas_game()
    gombat = pos.place(
        state,
        "Gombat",
        1,
        HERE,
        techs=["Nananbites", "Mamabite", "Nananbites", "Nananbites", "Gunana"],
    )
    assert combat.hurt(state, gombat, pos.face_index("hurt", "sicket_hit")) is False
    # Only the Mamabite sits in a Sicket socket: it goes, with 2 Nananbites
    # and the Gunana; the Nananbite in the Nanasocket lives
    assert state.slots[gombat] == [NANA, EMPTY_SLOT]
    assert state.nana_dead == 2


def test_a_dying_hewns_nananbites_die_with_it() -> None:
    """rulebook: "if the Hewn they are on dies, they also die"."""
    from scavenger_env.hewns.engine.effects import kill

    state = nanas_game()
    gombat = pos.place(
        state, "Gombat", 1, HERE, techs=["Nananbites", "Mamabite", "Nananbites"]
    )
    kill(state, gombat)
    assert state.nana_dead == 2
    assert state.slots[gombat] == [EMPTY_SLOT, EMPTY_SLOT]


# --- Bidoxes: auction hacking -----------------------------------------------------------
def auction(**options: object) -> State:
    """Round 1's auction of a new game, at the first bidder's turn; the
    first bidder is made seat 0 (`first`)."""
    config = HewnsConfig(num_players=2, cards="nanas", **options)  # type: ignore[arg-type]
    return rules.new_game(config, np.random.default_rng(3))


def test_nana_bidox_attaches_from_the_screen_up_to_the_limit() -> None:
    """rulebook: "may allocate up to two (2) individual Nananbites to each
    individual Bidox ... once a Nananbite is allocated to a Bidox, it cannot be
    removed during this game" (D2: `nananbites_per_bidox`)."""
    state = auction()
    pos.set_screen(state, 0, dirty=5, nananbites=3)
    assert Verb.NANA_BIDOX in legal_actions(state)
    act(state, Verb.NANA_BIDOX)
    assert legal_actions(state) == [NUM]  # Bidoxes alike: one choice
    act(state, NUM)
    assert state.bidox_nana[0][0] == 1 and state.screen_tech[0][NANA] == 2
    act(state, Verb.NANA_BIDOX)
    assert legal_actions(state) == [NUM, NUM + 1]  # one with 1, one with 0
    act(state, NUM)
    act(state, Verb.NANA_BIDOX)
    assert legal_actions(state) == [NUM + 1]  # the first is full
    act(state, NUM + 1)
    assert state.bidox_nana[0][:2] == [2, 1]
    assert Verb.NANA_BIDOX not in legal_actions(state)  # the screen is empty
    # the Bidoxes to place: one with 2, one with 1, one with none
    act(state, Verb.PLACE_BIDOX)
    assert legal_actions(state) == [NUM, NUM + 1, NUM + 2]


def test_one_nananbite_per_bidox_under_the_option() -> None:
    """D2: `nananbites_per_bidox=1` ("Each Bidox has a single space in its cap to
    fit a Nananbite")."""
    state = auction(nananbites_per_bidox=1)
    pos.set_screen(state, 0, nananbites=2)
    pos.set_bidox_nananbites(state, 0, 0, 1)
    act(state, Verb.NANA_BIDOX)
    assert legal_actions(state) == [NUM + 1]
    before = state_data(state)
    with pytest.raises(IllegalActionError, match="not legal"):
        rules.apply_action(state, NUM)  # Bidox 0 is full
    assert state_data(state) == before
    with pytest.raises(pos.PositionError, match="0-1 Nananbites"):
        pos.set_bidox_nananbites(state, 0, 0, 2)


def test_nana_bidox_only_for_unplaced_bidoxes() -> None:
    """rulebook: Nananbites are allocated to a Bidox before it bids ("packs 3
    Substract & 7 dirty Substract into a Bidox with a nanabite attached to it
    and uses it to bid"): a placed Bidox takes none."""
    state = auction()
    boxes = len(state.bidox_lot[0])
    pos.set_screen(state, 0, dirty=9, nananbites=1)
    for box in range(boxes):
        state.bidox_lot[0][box] = 0 if box else BIDOX_HOME
    assert nanas.nana_boxes(state, 0) == [0]
    state.bidox_lot[0][0] = 0
    assert nanas.nana_boxes(state, 0) == []
    assert Verb.NANA_BIDOX not in legal_actions(state)


def test_bidox_example_worth_eleven_winner_pays_only_substract() -> None:
    """rulebook: "The blue Player packs 3 Substract & 7 dirty Substract into a
    Bidox with a nanabite attached to it and uses it to bid. The total bid is
    worth 11 (3+7+1.)"; "(Each dirty Substract token, normal Substract token and
    attached nanabite counts as 1.)"; the winner places "the normal Substract
    she used to bid back in the normal Substract pool ... Nanabites of all
    bidders remain attached to their respective Bidoxes"."""
    state = auction()
    pos.set_screen(state, 0, normal=3, dirty=7)
    pos.set_screen(state, 1, dirty=10)
    pos.set_bidox_nananbites(state, 0, 0, 1)
    lot = FIRST_TECH_LOT
    card = state.offer[lot]
    assert card >= 0
    pile = state.normal_pile
    act(state, Verb.PLACE_BIDOX, NUM, LOT + lot, NUM + 10, NUM + 7)
    act(state, Verb.PLACE_BIDOX, NUM, LOT + lot, NUM + 10, NUM + 10)
    while not state.over and state.frames[-1].ask == Ask.BID_TURN:
        act(state, Ctrl.PASS_AUCTION)
    assert state.lot_result[lot] == [11, 10]
    assert state.lot_winner[lot] == 0
    assert state.normal_pile == pile + 3  # the 3 normal paid, the Nananbite kept
    assert state.bidox_nana[0][0] == 1
    assert state.screen_dirty[1] >= 10  # the loser's Substract came back
    kind = TECH_KIND_OF[card]
    assert state.screen_tech[0][kind] >= 1
    assert state.purchases[-1] == 10  # the price paid in Substract


def test_a_nananbite_lifts_a_bid_to_the_minimum() -> None:
    """rulebook: "if a player bids lower than the minimum cost on the card, they
    will not get the Hewn" - the Nananbites count in the bid ("adds +1 to the
    total Substract packed into the Bidox")."""
    state = auction()
    lot = FIRST_TECH_LOT
    from scavenger_env.hewns.engine.auction import min_price

    price = min_price(state, lot)
    pos.set_screen(state, 0, dirty=price)
    pos.set_bidox_nananbites(state, 0, 0, 2)
    act(state, Verb.PLACE_BIDOX, NUM, LOT + lot, NUM + price - 2, NUM + price - 2)
    while not state.over and state.frames[-1].ask == Ask.BID_TURN:
        act(state, Ctrl.PASS_AUCTION)
    assert state.lot_result[lot][0] == price
    assert state.lot_winner[lot] == 0


# --- what the players see ---------------------------------------------------------------
def test_a_bidoxs_nananbites_are_public_its_content_secret() -> None:
    """rulebook: the bidder "secretly puts that number of normal Substract
    tokens ... into one of their Bidoxes, closing the Bidox", while "Each Bidox
    has a single space in its cap to fit a Nananbite": the other seat sees the
    Nananbites of a placed Bidox, not what is packed in it."""
    from scavenger_env.hewns.engine.view import player_view, redact

    state = auction()
    pos.set_screen(state, 0, normal=3, dirty=7)
    pos.set_bidox_nananbites(state, 0, 0, 1)
    lot = FIRST_TECH_LOT
    act(state, Verb.PLACE_BIDOX, NUM, LOT + lot, NUM + 10, NUM + 7)
    other = redact(state, 1)
    assert other.bidox_nana[0][0] == 1
    assert other.bidox_amount[0][0] == 0 and state.bidox_amount[0][0] == 10
    assert player_view(state, 1).seats[0].bidox_nana[0] == 1
    from scavenger_env.hewns.render import render_state

    assert "#0 (+1 Nananbites) on lot" in render_state(state, 1)
    assert "closed" in render_state(state, 1)


def test_the_observation_shows_nananbites_and_fixitos_and_hacked_bidoxes() -> None:
    """The hewns view counts each Hewn's Nananbites and Fixitos, the seats view
    the Nananbites on each seat's Bidoxes; the fast encoder and the plain one
    agree."""
    from hewns_obs_reference import encode as reference

    from scavenger_env.hewns.engine.data import TechKind
    from scavenger_env.hewns.observation import (
        HEWN_COLUMNS,
        HEWN_WIDTH,
        OFFSETS,
        SEAT_WIDTH,
    )
    from scavenger_env.hewns.observation import encode as fast

    state = nanas_game()
    techs = ["Nananbites", "Mamabite", "Nananbites", "Nananbites"]
    gombat = pos.place(state, "Gombat", 1, HERE, techs=techs)
    major = pos.place(state, "Major Miner", 0, FROM, techs=["Fixito"])
    pos.set_bidox_nananbites(state, 1, 1, 2)
    vec = fast(state, 0)
    assert vec.tobytes() == reference(state, 0).tobytes()
    hewns = OFFSETS["hewns"][0]
    techs_at = HEWN_COLUMNS["techs"]
    row = hewns + HEWN_WIDTH * gombat + techs_at
    assert vec[row + TechKind.NANANBITES] == pytest.approx(3 / 8)
    assert vec[row + TechKind.MAMABITE] == pytest.approx(1 / 4)
    fixito = hewns + HEWN_WIDTH * major + techs_at + TechKind.FIXITO
    assert vec[fixito] == pytest.approx(1 / 4)
    seat_1 = OFFSETS["seats"][0] + SEAT_WIDTH * 1  # relative seat 1
    boxes = len(state.bidox_lot[1])
    assert vec[seat_1 + SEAT_WIDTH - 2] == pytest.approx(2 / (2 * boxes))


def test_the_split_and_the_bidox_are_told_in_words() -> None:
    """Every new decision reads plainly."""
    from scavenger_env.hewns.engine.describe import (
        ask_help,
        ask_name,
        describe_action,
    )

    for ask in (Ask.NANA_SPLIT, Ask.NANA_BOX):
        assert ask_name(ask) and "_" not in ask_name(ask) and ask_help(ask)
    state, _, fogbear = _dreampogg_and_damaged_fogbear()
    act(state, Verb.ENCOUNTER_SAME, HEWN + fogbear)
    picks(state, 0, 0, 0, 0, 0)
    assert describe_action(state, NUM + 1) == "1 of 2 Nananbites repair, 1 defend"
    state = auction()
    pos.set_screen(state, 0, nananbites=1)
    pos.set_bidox_nananbites(state, 0, 0, 1)
    act(state, Verb.NANA_BIDOX)
    assert describe_action(state, NUM) == (
        "attach a Nananbite to Bidox 0 (1 Nananbite)"
    )


def test_recovery_rolls_are_named() -> None:
    """The render names whose die the next recovery roll is."""
    from scavenger_env.hewns.engine.describe import recovery_die_words

    state = nanas_game()
    techs = ["Nananbites", "Fixito"]
    miner = pos.place(state, "Major Miner", 0, OFF_SPACE, damaged=True, techs=techs)
    pos.start_player_turn(state, 0)
    who = f"Major Miner #{miner}"
    assert recovery_die_words(state) == f"the Fixito of {who}"
    pos.roll(state, "d10", 3)
    assert recovery_die_words(state) == f"a Nananbite of {who}"
    pos.roll(state, "nana", 3)
    assert recovery_die_words(state) == f"the difficulty for {who}"


def test_nanas_games_keep_the_game_contract() -> None:
    """`check_game` with the nanas cards: queries change nothing, illegal
    actions are refused, at every node of random games at 2-4 players."""
    from scavenger_env.core.game_check import check_game
    from scavenger_env.hewns.game import HewnsGame

    class NanasGame(HewnsGame):
        def make_config(self, num_players: int, **options: object) -> HewnsConfig:
            return super().make_config(num_players, cards="nanas", **options)

    assert check_game(NanasGame(), games_per_count=1) > 100


def test_the_opening_tells_a_hacked_bidoxs_bid_and_payment() -> None:
    """rulebook: "The total bid is worth 11 (3+7+1.)"; the winner empties "her
    winning Bidox" of its Substract, its Nananbite staying: the narration says
    the bid of 11 and the 10 paid."""
    from scavenger_env.hewns.game import HEWNS

    state = auction()
    narrator = HEWNS.narrator(0)
    pos.set_screen(state, 0, normal=3, dirty=7)
    pos.set_screen(state, 1, dirty=10)
    pos.set_bidox_nananbites(state, 0, 0, 1)
    lot = FIRST_TECH_LOT
    said: list[str] = []
    plan = [Verb.PLACE_BIDOX, NUM, LOT + lot, NUM + 10, NUM + 7]
    plan += [Verb.PLACE_BIDOX, NUM, LOT + lot, NUM + 10, NUM + 10]
    while plan or state.frames[-1].ask == Ask.BID_TURN:
        action = plan.pop(0) if plan else int(Ctrl.PASS_AUCTION)
        narrator.tell(state, action)
        rules.apply_action(state, action)
        said += narrator.after(state)
    line = next(x for x in said if "#0 (+1 for the Nananbites)" in x)
    assert "with 11 on" in line and "you won it and paid 10" in line


# --- random play from crowded boards ----------------------------------------------------
def _crowded_with_nanas(players: int, seed: int) -> State:
    """A round-1 actions phase with every Hewn of the nanas cards on the board
    (random spaces and seats, a little Substract), most of them with
    Nananbites, a Fixito or a Mamabite full of Nananbites, and Nananbites on
    the screens."""
    from scavenger_env.hewns.engine.state import DECK, NUM_HEWNS

    rng = np.random.default_rng(seed)
    state = pos.actions_phase(players, cards="nanas", shown=True)
    free = list(range(state.board.n_spaces))
    rng.shuffle(free)
    for h in range(NUM_HEWNS):
        if state.loc[h] != DECK:
            continue
        card = state.card(h)
        spot = next((s for s in free if state.board.admits(s, card.size)), None)
        if spot is None:
            continue
        free.remove(spot)
        techs: list[str] = []
        for _ in range(card.sicket_sockets):
            techs.append(["Fixito", "Mamabite", "Slocic Shield"][int(rng.integers(3))])
        room = card.nanasockets + 4 * techs.count("Mamabite")
        techs += ["Nananbites"] * int(rng.integers(room + 1))
        dirty = min(int(rng.integers(4)), card.store_total)
        seat = int(rng.integers(players))
        pos.place_card(state, h, seat, spot, dirty=dirty, techs=techs)
    for seat in range(players):
        pos.set_screen(state, seat, dirty=5, nananbites=2, mamabite=0)
    pos.start_player_turn(state, 0)
    return state


def _nananbites_anywhere(state: State) -> int:
    return (
        sum(t[NANA] for t in state.screen_tech)
        + sum(slots.count(NANA) for slots in state.slots)
        + sum(sum(b) for b in state.bidox_nana)
        + state.nana_dead
    )


@pytest.mark.parametrize("players", [2, 3, 4])
def test_random_play_with_nananbites_keeps_every_one_in_one_place(
    players: int,
) -> None:
    """Random play from crowded boards where same-space repairs are frequent:
    no Nananbite is made or lost ("they can never leave that Hewn or Bidox -
    unless they die"), the split is asked and Nanadeads kill."""
    seen: set[int] = set()
    dead = 0
    for seed in range(25):
        rng = np.random.default_rng(seed)
        state = _crowded_with_nanas(players, seed)
        total = _nananbites_anywhere(state)
        for _ in range(300):
            if state.over:
                break
            legal = legal_actions(state)
            rules.apply_legal(state, legal[int(rng.integers(len(legal)))])
            assert _nananbites_anywhere(state) == total, seed
            assert all(k >= NO_SLOT for slots in state.slots for k in slots)
            if state.frames and not is_chance(state):
                seen.add(state.frames[-1].ask)
        dead += state.nana_dead
    assert Ask.NANA_SPLIT in seen and Ask.INTENT in seen
    assert dead > 0
