"""`engine.position`'s own checks: a position it sets up is one the game can
reach, and a request it cannot honour is refused with a `PositionError` that
says why, leaving the state as it was."""

from __future__ import annotations

import pytest

from scavenger_env.hewns.engine import position as pos
from scavenger_env.hewns.engine.data import Token
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
