"""TRANSMIT: Substract off planet or along a chain of friendly Hewns (design §4.7,
§5.4, §6.2; rulings D29, D31, D32), and whole random games keeping Substract
conserved and every Hewn within its capacity.

Positions use the two-player crater's corridor 00B-12b-13b-14b-02B-46m-47m.
"""

from __future__ import annotations

import numpy as np
import pytest
from quick_set import first_quick

from scavenger_env.hewns.engine import position as pos
from scavenger_env.hewns.engine.actions import HEWN, NUM, Ctrl, Option, Verb
from scavenger_env.hewns.engine.config import HewnsConfig
from scavenger_env.hewns.engine.flow import is_chance
from scavenger_env.hewns.engine.rules import apply_action, legal_actions, new_game
from scavenger_env.hewns.engine.state import (
    NUM_HEWNS,
    OFF_BOARD,
    Ask,
    State,
)

GOMBAT, SMEGGLER, ZACH1, ZACH2, FOG1, FOG2 = 3, 4, 7, 8, 10, 11


def play(s: State, *actions: int) -> None:
    for a in actions:
        apply_action(s, a)


def ask(s: State) -> int:
    return s.frames[-1].ask


def test_transmit_off_planet_puts_it_behind_the_screen() -> None:
    """rulebook: "any Hewn can transmit any Substract (dirty or normal) "off
    planet" at any time it wishes to - it's a free action"; with one kind on the
    Hewn the kind is not asked."""
    s = pos.actions_phase(2)
    pos.place_card(s, GOMBAT, 0, 12, normal=3)
    pos.start_player_turn(s, 0)
    assert Verb.TRANSMIT in legal_actions(s)
    play(s, Verb.TRANSMIT)
    assert legal_actions(s) == [HEWN + GOMBAT]
    play(s, HEWN + GOMBAT)
    assert legal_actions(s) == [Ctrl.OFF_PLANET]
    play(s, Ctrl.OFF_PLANET)
    assert ask(s) == Ask.TX_AMOUNT
    assert legal_actions(s) == [NUM + 1, NUM + 2, NUM + 3]
    play(s, NUM + 2)
    assert (s.normal[GOMBAT], s.screen_normal[0]) == (1, 2)
    assert ask(s) == Ask.PLAYER_TURN


def test_the_kind_is_asked_when_the_hewn_carries_both() -> None:
    """rulebook: "A Hewn can transfer/transmit any type of Substract"; the
    amount is bounded by the load of the kind chosen."""
    s = pos.actions_phase(2)
    pos.place_card(s, GOMBAT, 0, 12, normal=1, dirty=4)
    pos.start_player_turn(s, 0)
    play(s, Verb.TRANSMIT, HEWN + GOMBAT, Ctrl.OFF_PLANET)
    assert legal_actions(s) == [Option.NORMAL, Option.DIRTY]
    play(s, Option.DIRTY)
    assert legal_actions(s) == [NUM + k for k in range(1, 5)]
    play(s, NUM + 4)
    assert (s.dirty[GOMBAT], s.screen_dirty[0], s.normal[GOMBAT]) == (0, 4, 1)


def test_transmit_along_a_chain_through_a_full_relay() -> None:
    """rulebook: "the Fogbear transfers all of the Substract to the Igil; the Igil
    transfers to the Bliog ..."; "There is no restriction on the amount of
    Substract that can be transported between Hewns, provided that whatever is
    transported is ... stored in the Hewn that finally receives" (D29: the relay
    needs no room)."""
    s = pos.actions_phase(2)
    pos.place_card(s, GOMBAT, 0, 13, dirty=5)
    pos.place_card(s, SMEGGLER, 0, 2, normal=8)  # full
    pos.place_card(s, FOG1, 0, 46, normal=4)  # room 2
    pos.start_player_turn(s, 0)
    play(s, Verb.TRANSMIT, HEWN + GOMBAT)
    assert legal_actions(s) == [Ctrl.OFF_PLANET, HEWN + FOG1]
    play(s, HEWN + FOG1)
    assert legal_actions(s) == [NUM + 1, NUM + 2]
    play(s, NUM + 2)
    assert (s.dirty[GOMBAT], s.dirty[FOG1], s.dirty[SMEGGLER]) == (3, 2, 0)


def test_a_hewn_out_of_sight_is_no_destination() -> None:
    """rulebook: "provided that they can see each other"."""
    s = pos.actions_phase(2)
    pos.place_card(s, GOMBAT, 0, 13, dirty=5)
    pos.place_card(s, FOG1, 0, 46)
    pos.start_player_turn(s, 0)
    play(s, Verb.TRANSMIT, HEWN + GOMBAT)
    assert legal_actions(s) == [Ctrl.OFF_PLANET]


def test_a_damaged_hewn_does_not_receive() -> None:
    """The receiver must be "another friendly healthy Hewn" (whether a damaged
    Hewn may send is a rule option: tests/hewns/test_rules_v2.py)."""
    s = pos.actions_phase(2)
    pos.place_card(s, GOMBAT, 0, 12, normal=2)
    pos.place_card(s, SMEGGLER, 0, 13, damaged=True)
    pos.start_player_turn(s, 0)
    play(s, Verb.TRANSMIT, HEWN + GOMBAT)
    assert legal_actions(s) == [Ctrl.OFF_PLANET]


def test_transmit_is_offered_only_with_a_load_to_send() -> None:
    """Masks are exact: the chain needs a source with Substract."""
    s = pos.actions_phase(2)
    pos.place_card(s, GOMBAT, 0, 12)
    pos.place_card(
        s, SMEGGLER, 0, OFF_BOARD, normal=3
    )  # off the board: LOAD/UNLOAD's business
    pos.start_player_turn(s, 0)
    assert Verb.TRANSMIT not in legal_actions(s)


def test_a_full_receiver_is_not_offered() -> None:
    """rulebook: what is transported must be "stored in the Hewn that finally
    receives the Substract": a Hewn with no room cannot be the receiver."""
    s = pos.actions_phase(2)
    pos.place_card(s, GOMBAT, 0, 12, normal=2)
    pos.place_card(s, SMEGGLER, 0, 14, normal=8)
    pos.start_player_turn(s, 0)
    play(s, Verb.TRANSMIT, HEWN + GOMBAT)
    assert legal_actions(s) == [Ctrl.OFF_PLANET]


def test_friends_in_one_space_transmit_but_not_beside_a_healthy_enemy() -> None:
    """rulebook: "Two friendly healthy Hewns in the same space can transfer
    Substract to each other"; "Hewns in Same Space Encounters cannot transmit
    Substract to other Hewns"."""
    s = pos.actions_phase(2)
    pos.place_card(s, GOMBAT, 0, 12, normal=2)
    pos.place_card(s, SMEGGLER, 0, 12)
    pos.start_player_turn(s, 0)
    play(s, Verb.TRANSMIT, HEWN + GOMBAT)
    assert legal_actions(s) == [Ctrl.OFF_PLANET, HEWN + SMEGGLER]
    s2 = pos.actions_phase(2)
    pos.place_card(s2, GOMBAT, 0, 12, normal=2)
    pos.place_card(s2, SMEGGLER, 0, 12)
    pos.place_card(s2, ZACH1, 1, 12)
    pos.start_player_turn(s2, 0)
    play(s2, Verb.TRANSMIT, HEWN + GOMBAT)
    assert legal_actions(s2) == [Ctrl.OFF_PLANET]


def test_in_the_bid_turn_only_off_planet() -> None:
    """D31: the bid turn window allows TRANSMIT off planet only ("can even be
    done on other players turns")."""
    s = pos.auction_phase(2)
    pos.place_card(s, GOMBAT, 0, 12, normal=2)
    pos.place_card(s, SMEGGLER, 0, 13)
    assert Verb.TRANSMIT in legal_actions(s)
    assert Verb.BANJER not in legal_actions(s)
    play(s, Verb.TRANSMIT, HEWN + GOMBAT)
    assert legal_actions(s) == [Ctrl.OFF_PLANET]
    play(s, Ctrl.OFF_PLANET, NUM + 2)
    assert s.screen_normal[0] == 2
    assert ask(s) == Ask.BID_TURN and s.frames[-1].seat == 0


def test_in_a_hewn_turn_any_own_hewn_transmits_for_no_action_point() -> None:
    """D31 (the Hewn turn menu) and the cost table: "Transmit Substract 0"."""
    s = pos.actions_phase(2)
    pos.place_card(s, GOMBAT, 0, 12)
    pos.place_card(s, SMEGGLER, 0, 14, dirty=3)
    pos.start_player_turn(s, 0)
    play(s, HEWN + GOMBAT)
    assert ask(s) == Ask.HEWN_TURN
    ap = s.frames[-1].ap
    play(s, Verb.TRANSMIT)
    assert legal_actions(s) == [HEWN + SMEGGLER]
    play(s, HEWN + SMEGGLER, HEWN + GOMBAT, NUM + 3)
    assert s.dirty[GOMBAT] == 3
    assert ask(s) == Ask.HEWN_TURN and s.frames[-1].ap == ap


def test_an_enemy_hewn_is_never_a_source() -> None:
    """rulebook: transmission is between "friendly" Hewns and to one's own
    mother ship."""
    s = pos.actions_phase(2)
    pos.place_card(s, GOMBAT, 0, 12)
    pos.place_card(s, ZACH1, 1, 14, normal=3)
    pos.start_player_turn(s, 0)
    assert Verb.TRANSMIT not in legal_actions(s)


# --- random games -------------------------------------------------------------------


def normal_total(s: State) -> int:
    """All normal Substract: the pile, the Hewns, the screens, the Bidoxes."""
    return (
        s.normal_pile
        + sum(s.normal)
        + sum(s.screen_normal)
        + sum(sum(b) for b in s.bidox_normal)
    )


MANAGE_ASKS = range(Ask.TX_SOURCE, Ask.CALM_TARGET)


@pytest.mark.parametrize("players", first_quick([2, 3, 4]))
def test_random_games_conserve_substract(players: int) -> None:
    """rulebook: transmitting moves Substract, it never makes or destroys it;
    Hewns never hold more than their storage ("provided that the Hewn has ...
    space"). Normal Substract is conserved after every action, and a management
    step keeps dirty Substract too."""
    config = HewnsConfig(num_players=players)
    chains = 0
    for seed in range(200):
        rng = np.random.default_rng(seed)
        s = new_game(config, rng)
        total = normal_total(s)
        while not s.over:
            legal = legal_actions(s)
            action = legal[int(rng.integers(len(legal)))]
            mine = not is_chance(s) and s.frames[-1].ask in MANAGE_ASKS
            dirty = sum(s.dirty) + sum(s.screen_dirty)
            before = (s.round, s.phase)
            apply_action(s, action)
            assert normal_total(s) == total
            # (a chain's last step may end a player turn, and a new round
            # brings income)
            if mine and (s.round, s.phase) == before:
                chains += 1
                assert sum(s.dirty) + sum(s.screen_dirty) == dirty
            for h in range(NUM_HEWNS):
                assert s.normal[h] >= 0 and s.dirty[h] >= 0
                assert s.capacity(h) >= 0
            assert min(s.screen_normal) >= 0 and min(s.screen_dirty) >= 0
    assert chains > 0


def test_substract_moves_one_way_per_go_under_rules_1() -> None:
    """A ruling that keeps games finite: in one go a Hewn or (rules 1) a screen
    that gave Substract may not take any, and one that took may not give, so
    free transfers cannot go round in circles (the rulebook sets no limit).
    Rules 2 leave the screen out (tests/hewns/test_rules_v2.py)."""
    from scavenger_env.hewns.engine import management as m
    from scavenger_env.hewns.engine.actions import Verb

    state = pos.actions_phase(rules_version=1)
    pos.set_screen(state, 0, dirty=5)
    off = pos.place(state, "Fogbear", 0)  # behind the screen
    runner = pos.place(state, "Minor Miner", 0, space=50, dirty=2)
    pos.start_hewn_turn(state, runner)
    assert off in m.load_hewns(state, 0, m.LOAD)
    pos.play(state, Verb.LOAD, f"HEWN {off}", "NUM 2")  # screen -> Fogbear (dirty only)
    assert m.load_hewns(state, 0, m.UNLOAD) == []  # the screen gave: it may not take
    # and the Miner's load may not go off planet either: the screen gave
    assert runner not in m.tx_sources(state, 0)
    go = state.go
    pos.play(state, "CTRL END_HEWN_TURN", "CTRL END_PLAYER_TURN")
    assert state.go > go  # a new go (round 2's first bid turn): the marks are gone
    assert state.frames[-1].ask == Ask.BID_TURN and state.frames[-1].seat == 0
    assert off in m.load_hewns(state, 0, m.UNLOAD)
    assert runner in m.tx_sources(state, 0)


def test_a_slot_is_changed_once_per_go() -> None:
    """A ruling that keeps games finite: a Nanasocket technology may be replaced
    ("Other Nanasocket technologies can be replaced"), once per slot and go."""
    from scavenger_env.hewns.engine import management as m
    from scavenger_env.hewns.engine.data import TechKind

    state = pos.actions_phase()
    pos.set_screen(state, 0, gunana=1, major_gozzbag=1)
    miner = pos.place(state, "Major Miner", 0, space=44, techs=["Gunana"])
    assert m.fitting_slots(state, miner, TechKind.MAJOR_GOZZBAG) == [0]
    m.attach(state, 0, miner, 0, TechKind.MAJOR_GOZZBAG)  # the Gunana goes back
    assert m.fitting_slots(state, miner, TechKind.GUNANA) == []
    go = state.go
    pos.start_player_turn(state, 0)  # seat 0's go: a new one
    assert state.go > go and state.frames[-1].ask == Ask.PLAYER_TURN
    assert m.fitting_slots(state, miner, TechKind.GUNANA) == [0]
