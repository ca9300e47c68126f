"""`engine.position`'s own checks: a position it sets up is one the game can
reach, and a request it cannot honour is refused with a `PositionError` that
says why, leaving the state as it was."""

from __future__ import annotations

import pytest

from scavenger_env.hewns.engine import combat
from scavenger_env.hewns.engine import position as pos
from scavenger_env.hewns.engine.data import Token
from scavenger_env.hewns.engine.state import Ask
from scavenger_env.hewns.engine.turnstate import hewn_turn
from scavenger_env.hewns.game import HEWNS


def test_set_supply_leaves_the_piles_low() -> None:
    """A late-game supply: one lava token and no planet attack left, a short
    mine pool and 3 normal Substract; what is not named stays as it was."""
    state = pos.actions_phase(2)
    snedj = state.token_stock[Token.SNEDJ]
    pos.set_token(state, 12, "lava")
    pos.set_supply(
        state, normal=3, tokens={"lava": 1, "planet_attack": 0}, mines=[2, 0]
    )
    assert state.normal_pile == 3
    assert state.token_stock[Token.LAVA] == 1
    assert state.token_stock[Token.PLANET_ATTACK] == 0
    assert state.token_stock[Token.SNEDJ] == snedj
    assert state.mine_pool == [2, 0]


@pytest.mark.parametrize(
    ("request_", "why"),
    [
        ({"normal": -1}, "cannot hold -1"),
        ({"tokens": {"lava": 5}}, "0-4 lava tokens"),  # one lava is on the board
        ({"tokens": {"snedj": -1}}, "not -1"),
        ({"tokens": {"acid": 1}}, "no danger token 'acid'"),
        ({"mines": [1, 4]}, "bonus is 0-3"),
    ],
)
def test_set_supply_refuses_what_the_box_does_not_hold(
    request_: dict[str, object], why: str
) -> None:
    state = pos.actions_phase(2)
    pos.set_token(state, 12, "lava")
    before = repr(HEWNS.state_data(state))  # a copy: the lists change in place
    with pytest.raises(pos.PositionError, match=why):
        pos.set_supply(state, **request_)
    assert repr(HEWNS.state_data(state)) == before


def test_set_depleted_moves_the_track_up_to_its_end() -> None:
    state = pos.actions_phase(2)
    end = state.config.scenario.depletion_threshold
    pos.set_depleted(state, end)
    assert state.depleted == end
    pos.set_depleted(state, end - 1)
    for count in (-1, end + 1):
        with pytest.raises(pos.PositionError, match=f"runs 0-{end} "):
            pos.set_depleted(state, count)
    assert state.depleted == end - 1


def test_rig_changes_one_card_in_one_game_and_the_rules_read_it() -> None:
    """A rigged Fogbear has 6 action points in its next Hewn turn; its twin
    card, a clone's copy and a new game keep the printed 4."""
    state = pos.actions_phase(2)
    fogbear = pos.place(state, "Fogbear", seat=0, space=45)
    twin = pos.hewn_id("Fogbear", 1)
    printed = state.card(fogbear).ap
    copy = state.clone()
    pos.rig(state, fogbear, ap=printed + 2)
    assert state.card(fogbear).ap == printed + 2
    assert state.card(twin).ap == printed
    assert copy.card(fogbear).ap == printed
    assert pos.actions_phase(2).card(fogbear).ap == printed
    pos.start_hewn_turn(state, fogbear)
    # a step costs 1 of the rigged 6: 5 are left for the next steps
    pos.play(state, "SPACE 44")
    frame = state.frames[-1]
    assert frame.ask == Ask.HEWN_TURN
    assert hewn_turn(frame).ap == printed + 1


def test_rig_abilities_and_sockets() -> None:
    """A rigged ability is an ability the rules see (a Fogbear that dodges);
    socket counts change the slots while nothing is fitted."""
    state = pos.actions_phase(2)
    fogbear = pos.place(state, "Fogbear", seat=0, space=45)
    assert not combat.can_dodge(state, fogbear)
    pos.rig(state, fogbear, abilities=("dodge",), nanasockets=3)
    assert combat.can_dodge(state, fogbear)
    assert len(state.slots[fogbear]) == 3 + state.card(fogbear).sicket_sockets


@pytest.mark.parametrize(
    ("stats", "why"),
    [
        ({"size": 1}, "'size' cannot be rigged"),
        ({"speed": 3}, "'speed' is not a card field"),
        ({"ap": -1}, "ap is an int >= 0"),
        ({"weapon": 1}, "weapon is True or False"),
        ({"store": ()}, "store is one or more place sizes"),
        ({"abilities": ("teleport",)}, "no ability 'teleport'"),
        ({"store": (1,)}, "carries 3 Substract, more than a store of 1"),
        ({"sicket_sockets": 0}, "take them off"),
    ],
)
def test_rig_refuses_bad_stats_changing_nothing(
    stats: dict[str, object], why: str
) -> None:
    state = pos.actions_phase(2)
    zach = pos.place(
        state, "Chailbine Zach", seat=0, space=45, normal=3, techs=["slocic shield"]
    )
    before = (repr(HEWNS.state_data(state)), state.card(zach))
    with pytest.raises(pos.PositionError, match=why):
        pos.rig(state, zach, **stats)
    assert (repr(HEWNS.state_data(state)), state.card(zach)) == before


def test_set_ap_sets_the_running_hewn_turn() -> None:
    """One action point left: after one step the Skrunke's Hewn turn ends by
    itself (with its printed points it would still be asked)."""
    state = pos.actions_phase(2)
    skrunke = pos.place(state, "Skrunke", seat=0, space=51)
    with pytest.raises(pos.PositionError, match="no Hewn turn"):
        pos.set_ap(state, 3)
    pos.start_hewn_turn(state, skrunke)
    with pytest.raises(pos.PositionError, match="int >= 0"):
        pos.set_ap(state, -2)
    pos.set_ap(state, 1)
    pos.play(state, "SPACE 50")
    assert state.frames[-1].ask != Ask.HEWN_TURN
    assert state.loc[skrunke] == 50


def test_a_rigged_card_is_part_of_the_position() -> None:
    """Two positions that differ only by a rigged card are different states."""
    state = pos.actions_phase(2)
    fogbear = pos.place(state, "Fogbear", seat=0, space=45)
    other = state.clone()
    assert HEWNS.same_state(state, other)
    pos.rig(other, fogbear, ap=6)
    assert not HEWNS.same_state(state, other)
    assert "rigged" not in HEWNS.state_data(state)
