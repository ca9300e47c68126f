"""`GameConfig.artifact_costs`: the cost of each artifact stack, a balance knob.

The rulebook prints no artifact costs; the stacks cost 4, 6 and 8 by the research
default. The option changes what a Collect costs and what the screens say, and it
is left out of a stored config at its default, so older records keep their digests.
"""

from __future__ import annotations

import pytest
from cavein.rigging import do, names, pay

from scavenger_env.cavein.engine import (
    ConfigError,
    GameConfig,
    GameState,
    legal_actions,
)
from scavenger_env.cavein.engine.actions import COLLECT, CONFIRM
from scavenger_env.cavein.engine.data import ARTIFACT_STACK_COSTS
from scavenger_env.cavein.engine.queries import artifact_cost
from scavenger_env.cavein.engine.scenario import restart_turn, scenario, set_hand
from scavenger_env.cavein.render import render_state
from scavenger_env.cavein.simulate import play_random_game, record_from_game
from scavenger_env.core.simulate import replay_record

FACTIONS = ("terron", "hy'dran", "mineggler", "metanel")


def rigged(costs: tuple[int, int, int]) -> GameState:
    """Seat 0 to act with Fish'Bean (level 2) and Driller (level 1): 3 to pay."""
    s = scenario(GameConfig(factions=FACTIONS, artifact_costs=costs))
    set_hand(s, 1, [])
    set_hand(s, 0, ["Fish'Bean", "Driller"])
    restart_turn(s, 0)
    return s


def test_the_default_is_the_research_default() -> None:
    assert GameConfig().artifact_costs == ARTIFACT_STACK_COSTS == (4, 6, 8)


def test_a_cheaper_stack_can_be_collected_with_less() -> None:
    """Levels 2 + 1 reach 3: not the default cost 4 of the first stack, but 3."""
    s = rigged((4, 6, 8))
    assert artifact_cost(s, 0, 0) == 4
    assert COLLECT + 0 not in legal_actions(s)
    s = rigged((3, 6, 8))
    assert artifact_cost(s, 0, 0) == 3
    assert COLLECT + 0 in legal_actions(s)
    do(s, COLLECT + 0, pay("Fish'Bean"), pay("Driller"), CONFIRM)
    assert names(s, s.players[0].hand) == []
    assert len(s.players[0].artifacts) == 1


def test_every_stack_takes_its_own_cost() -> None:
    s = rigged((1, 2, 30))
    assert [artifact_cost(s, 0, k) for k in range(3)] == [1, 2, 30]
    assert "[cost 30]" in render_state(s, viewer=0)


@pytest.mark.parametrize(
    "bad", [(4, 6), (4, 6, 8, 10), (-1, 6, 8), (4, 6, 31), (4.0, 6, 8), (True, 6, 8)]
)
def test_bad_costs_are_refused_with_the_allowed_values(bad: object) -> None:
    with pytest.raises(ConfigError, match=r"artifact_costs.*three ints from 0 to 30"):
        GameConfig(artifact_costs=bad)  # type: ignore[arg-type]


def test_a_stored_config_leaves_the_default_out_and_keeps_a_change() -> None:
    assert "artifact_costs" not in GameConfig().to_dict()
    changed = GameConfig(artifact_costs=[3, 6, 9])  # type: ignore[arg-type]
    assert changed.to_dict()["artifact_costs"] == [3, 6, 9]
    assert GameConfig.from_dict(changed.to_dict()) == changed
    assert GameConfig.from_dict(GameConfig().to_dict()) == GameConfig()


def test_a_game_under_other_costs_plays_and_replays() -> None:
    """The record keeps the costs, and its replay reaches the same end (the
    digest is checked by `replay_record`)."""
    config = GameConfig(artifact_costs=(2, 3, 4))
    state, actions = play_random_game(config, seed=5)
    record = record_from_game(config, 5, state, actions)
    assert record.config["artifact_costs"] == [2, 3, 4]
    final = replay_record(record)
    assert final.is_over and final.config.artifact_costs == (2, 3, 4)
