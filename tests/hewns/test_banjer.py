"""BANJER (a technology from the screen into a Hewn on the board), ATTACH_OFF,
LOAD and UNLOAD (Hewns behind the screen): design §4.12, §5.4, §6.2; rulings D31,
D49, D61.

Positions use the two-player crater; a Gombat has one Nanasocket (slot 0) and one
Sicket socket (slot 1), a Minor Miner three Nanasockets and no Sicket socket.
"""

from __future__ import annotations

from scavenger_env.hewns.engine import management
from scavenger_env.hewns.engine import position as pos
from scavenger_env.hewns.engine.actions import HEWN, NUM, SOCKET, TECH, Option, Verb
from scavenger_env.hewns.engine.data import TechKind
from scavenger_env.hewns.engine.rules import apply_action, legal_actions
from scavenger_env.hewns.engine.state import (
    EMPTY_SLOT,
    OFF_BOARD,
    Ask,
    State,
)

GOMBAT, SMEGGLER, ZACH1, MINOR = 3, 4, 7, 19
GUNANA, SUNGER, GOZZBAG, SHIELD = (
    TechKind.GUNANA,
    TechKind.SICKET_SUNGER,
    TechKind.MAJOR_GOZZBAG,
    TechKind.SLOCIC_SHIELD,
)


def play(s: State, *actions: int) -> None:
    for a in actions:
        apply_action(s, a)


def ask(s: State) -> int:
    return s.frames[-1].ask


def test_banjer_fits_a_piece_from_the_screen_for_no_action_point() -> None:
    """rulebook: ""Transmit" the technology to the Hewn using a process called
    Banjering ... This must be done during the players turn ... It does not cost
    any action point"."""
    s = pos.actions_phase(2)
    pos.place_card(s, GOMBAT, 0, 12)
    pos.set_screen(s, 0, sicket_sunger=1)
    pos.start_player_turn(s, 0)
    assert Verb.BANJER in legal_actions(s)
    play(s, Verb.BANJER)
    assert legal_actions(s) == [TECH + SUNGER]
    play(s, TECH + SUNGER)
    assert legal_actions(s) == [HEWN + GOMBAT]
    play(s, HEWN + GOMBAT)
    assert legal_actions(s) == [SOCKET + 1]
    play(s, SOCKET + 1)
    assert s.slots[GOMBAT] == [EMPTY_SLOT, SUNGER]
    assert s.screen_tech[0][SUNGER] == 0
    assert ask(s) == Ask.PLAYER_TURN


def test_each_technology_fits_only_its_own_socket() -> None:
    """rulebook: "This technology ONLY fits into a Sicket Socket"; "This
    technology ONLY fits into a Nanasocket"."""
    s = pos.actions_phase(2)
    pos.place_card(s, MINOR, 0, 12)  # Nanasockets only
    pos.set_screen(s, 0, slocic_shield=1)
    pos.start_player_turn(s, 0)
    assert Verb.BANJER not in legal_actions(s)
    pos.set_screen(s, 0, gunana=2)
    play(s, Verb.BANJER)
    assert legal_actions(s) == [TECH + GUNANA]
    play(s, TECH + GUNANA, HEWN + MINOR)
    assert legal_actions(s) == [SOCKET + 0, SOCKET + 1, SOCKET + 2]


def test_a_nanasocket_technology_replaces_another_which_goes_back() -> None:
    """rulebook: "Other Nanasocket technologies can be replaced" (D49: the old
    piece goes back to the screen)."""
    s = pos.actions_phase(2)
    pos.place_card(s, GOMBAT, 0, 12, techs=("Gunana",))
    pos.set_screen(s, 0, major_gozzbag=1)
    pos.start_player_turn(s, 0)
    play(s, Verb.BANJER, TECH + GOZZBAG, HEWN + GOMBAT)
    assert legal_actions(s) == [SOCKET + 0]
    play(s, SOCKET + 0)
    assert s.slots[GOMBAT][0] == GOZZBAG
    assert (s.screen_tech[0][GUNANA], s.screen_tech[0][GOZZBAG]) == (1, 0)


def test_nananbites_and_sicket_technologies_are_never_replaced() -> None:
    """rulebook: "once Nananbites have been attached to a particular Hewn; they
    can never be moved to another Hewn"; D49: Sicket technologies leave only
    when destroyed. A piece of the kind already there is no change (a ruling)."""
    s = pos.actions_phase(2)
    pos.place_card(s, GOMBAT, 0, 12, techs=("Nananbites", "Sicket Sunger"))
    pos.set_screen(s, 0, gunana=1, slocic_shield=1)
    pos.start_player_turn(s, 0)
    assert Verb.BANJER not in legal_actions(s)
    s = pos.actions_phase(2)
    pos.place_card(s, GOMBAT, 0, 12, techs=("Gunana", "Sicket Sunger"))
    assert management.fitting_slots(s, GOMBAT, GUNANA) == []
    assert management.fitting_slots(s, GOMBAT, GOZZBAG) == [0]


def test_no_banjering_into_a_hewn_sharing_its_space() -> None:
    """rulebook: "Banjering cannot be done when the receiving Hewn is in the same
    space as any other Hewn" (a damaged one too)."""
    for zach_at, banjer in ((12, False), (14, True)):
        s = pos.actions_phase(2)
        pos.place_card(s, GOMBAT, 0, 12)
        pos.place_card(s, ZACH1, 1, zach_at, damaged=True)
        pos.set_screen(s, 0, sicket_sunger=1)
        pos.start_player_turn(s, 0)
        assert (Verb.BANJER in legal_actions(s)) == banjer, zach_at


def test_no_banjering_once_an_encounter_is_announced() -> None:
    """rulebook: Banjering cannot be done "if any player has announced any
    encounter. (It's too late!)"."""
    s = pos.actions_phase(2)
    pos.place_card(s, GOMBAT, 0, 12, dirty=2)
    pos.place_card(s, ZACH1, 1, 14)  # in the Gombat's sight (12-13-14)
    pos.set_screen(s, 0, sicket_sunger=1)
    pos.start_hewn_turn(s, GOMBAT)
    assert Verb.BANJER in management.player_turn_verbs(s, 0)
    play(s, Verb.ANNOUNCE)
    assert ask(s) == Ask.REACT and s.frames[-1].seat == 1
    assert Verb.BANJER not in management.player_turn_verbs(s, 0)


def test_a_damaged_hewn_receives_a_stunned_one_does_not() -> None:
    """D61: "from the mother ship to a friendly Hewn": healthy or damaged; a
    stunned Hewn is "regarded as neutral (belongs to no player.)"."""
    s = pos.actions_phase(2)
    pos.place_card(s, GOMBAT, 0, 12, damaged=True)
    pos.place_card(s, SMEGGLER, 0, 14, stunned=True)
    pos.set_screen(s, 0, sicket_sunger=1)
    pos.start_player_turn(s, 0)
    play(s, Verb.BANJER, TECH + SUNGER)
    assert legal_actions(s) == [HEWN + GOMBAT]


def test_banjering_is_not_offered_in_the_bid_turn() -> None:
    """rulebook: Banjering "must be done during the players turn"."""
    s = pos.auction_phase(2)
    pos.place_card(s, GOMBAT, 0, 12)
    pos.set_screen(s, 0, sicket_sunger=1)
    assert Verb.BANJER not in legal_actions(s)
    assert Verb.ATTACH_OFF not in legal_actions(s)


def test_attach_off_board_at_any_window() -> None:
    """rulebook: "Attach it to a Hewn while the Hewn is not on the map. This can
    be done at any time, provided that the Hewn has an open space" (D31: the
    bid turn is one of the windows). Only off-board Hewns receive this way."""
    s = pos.auction_phase(2)
    pos.place_card(s, GOMBAT, 0, 12)
    pos.place_card(s, SMEGGLER, 0, OFF_BOARD)
    pos.set_screen(s, 0, sicket_sunger=1)
    play(s, Verb.ATTACH_OFF, TECH + SUNGER)
    assert legal_actions(s) == [HEWN + SMEGGLER]
    play(s, HEWN + SMEGGLER, SOCKET + 1)
    assert s.slots[SMEGGLER][1] == SUNGER
    assert ask(s) == Ask.BID_TURN


def test_load_an_off_board_hewn_within_its_storage() -> None:
    """rulebook: "many Hewns can store ... in secret locations"; a Hewn holds no
    more than its storage (the Gombat "has 8 Substract")."""
    s = pos.auction_phase(2)
    pos.place_card(s, GOMBAT, 0, OFF_BOARD, dirty=2)
    pos.place_card(s, SMEGGLER, 0, 12)
    pos.set_screen(s, 0, normal=3, dirty=10)
    assert Verb.LOAD in legal_actions(s)
    play(s, Verb.LOAD)
    assert legal_actions(s) == [HEWN + GOMBAT]
    play(s, HEWN + GOMBAT)
    assert legal_actions(s) == [Option.NORMAL, Option.DIRTY]
    play(s, Option.DIRTY)
    assert legal_actions(s) == [NUM + k for k in range(1, 7)]
    play(s, NUM + 6)
    assert (s.dirty[GOMBAT], s.screen_dirty[0]) == (8, 4)
    assert Verb.LOAD not in legal_actions(s)  # full


def test_unload_an_off_board_hewn() -> None:
    """The reverse of loading: the Substract goes back behind the screen."""
    s = pos.actions_phase(2)
    pos.place_card(s, GOMBAT, 0, OFF_BOARD, normal=2)
    pos.start_player_turn(s, 0)
    play(s, Verb.UNLOAD, HEWN + GOMBAT)
    assert legal_actions(s) == [NUM + 1, NUM + 2]  # one kind: not asked
    play(s, NUM + 2)
    assert (s.normal[GOMBAT], s.screen_normal[0]) == (0, 2)


def test_hewns_on_the_board_are_not_loaded_from_the_screen() -> None:
    """rulebook: Substract reaches a Hewn on the map only by mining or
    transmission ("to a friendly Hewn in Line-of-sight"), not from the screen."""
    s = pos.actions_phase(2)
    pos.place_card(s, GOMBAT, 0, 12, normal=2)
    pos.set_screen(s, 0, dirty=5)
    pos.start_player_turn(s, 0)
    legal = legal_actions(s)
    assert Verb.LOAD not in legal and Verb.UNLOAD not in legal


def test_management_in_the_hewn_turn() -> None:
    """D31: the Hewn turn menu offers BANJER and the off-board verbs."""
    s = pos.actions_phase(2)
    pos.place_card(s, GOMBAT, 0, 12)
    pos.place_card(s, SMEGGLER, 0, OFF_BOARD)
    pos.set_screen(s, 0, dirty=1, slocic_shield=2)
    pos.start_player_turn(s, 0)
    play(s, HEWN + GOMBAT)
    legal = legal_actions(s)
    assert {Verb.BANJER, Verb.ATTACH_OFF, Verb.LOAD} <= set(legal)
    play(s, Verb.BANJER, TECH + SHIELD, HEWN + GOMBAT, SOCKET + 1)
    assert ask(s) == Ask.HEWN_TURN and s.frames[-1].hewn == GOMBAT
    assert s.slots[GOMBAT][1] == SHIELD
