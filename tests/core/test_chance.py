"""Explicit chance: Dice Race (tests/dice_race.py) rolls dice during play, and every
tool handles its chance nodes: the env, PettingZoo's api_test and seed_test,
simulate and replay, the tournament, ismcts, play, the game contract check, and
the no-leak test (a secret roll must not show before its reveal)."""

from __future__ import annotations

from typing import Any

import numpy as np
import pytest

from agents.base import RandomAgent
from agents.play import play_match
from agents.tournament import make_plan, play_game, run_tournament
from agents.tournament.folder import GAMES_FILE
from scavenger_env.core.aec import GameEnv, make_env
from scavenger_env.core.chance import (
    CHANCE,
    check_outcomes,
    game_rng,
    play_chance,
    sample_outcome,
)
from scavenger_env.core.game_check import check_game
from scavenger_env.core.records import iter_records
from scavenger_env.core.seat_view import SeatView
from scavenger_env.core.simulate import (
    play_random_game,
    replay_record,
    replay_transcript,
    simulate_games,
)
from scavenger_env.core.single_agent import SingleAgentEnv

FACE = 2  # dice_race.FACE: the outcome id of a die showing 1


def _rolls(actions: list[int]) -> list[int]:
    return [a for a in actions if a >= FACE]


def test_sampling_follows_the_probabilities() -> None:
    rng = np.random.default_rng(0)
    outcomes = [(5, 0.5), (7, 0.25), (9, 0.25)]
    drawn = [sample_outcome(outcomes, rng) for _ in range(4000)]
    share = {o: drawn.count(o) / len(drawn) for o in (5, 7, 9)}
    assert abs(share[5] - 0.5) < 0.03 and abs(share[7] - 0.25) < 0.03
    assert sample_outcome([(3, 1.0)], rng) == 3


@pytest.mark.parametrize(
    "outcomes",
    [[], [(1, 0.5), (1, 0.5)], [(1, 0.0), (2, 1.0)], [(1, 0.5), (2, 0.4)]],
)
def test_a_bad_chance_node_is_refused(outcomes: list[tuple[int, float]]) -> None:
    with pytest.raises(ValueError):
        check_outcomes(outcomes)


def test_a_chance_node_is_the_chance_players(dice_game: Any) -> None:
    state = dice_game.new_game(dice_game.make_config(2), 1)
    assert dice_game.is_chance_node(state)
    assert dice_game.current_player(state) == CHANCE
    assert dice_game.legal_actions(state) == [2, 3, 4]
    check_outcomes(dice_game.chance_outcomes(state))


def test_a_test_applies_the_roll_it_wants(dice_game: Any) -> None:
    """No back door: the outcome is an action, applied like any other."""
    state = dice_game.new_game(dice_game.make_config(2), 1)
    dice_game.apply_action(state, FACE + 2)  # seat 0's bonus: 3
    dice_game.apply_action(state, FACE + 0)  # seat 1's bonus: 1
    dice_game.apply_action(state, 0)  # seat 0 rolls
    dice_game.apply_action(state, FACE + 5)  # a six
    assert state.bonus == [3, 1] and state.turn_points == 6


def test_simulate_records_every_roll_and_replays_without_a_generator(
    dice_game: Any,
) -> None:
    config = dice_game.make_config(3)
    records = list(simulate_games("dice", config, range(5)))
    for record in records:
        assert len(_rolls(record.actions)) >= 3  # the three bonus dice at least
        replay_record(record)  # rebuilt from the actions alone
    again = list(simulate_games("dice", config, range(5)))
    assert [r.to_json() for r in again] == [r.to_json() for r in records]
    other = list(simulate_games("dice", config, range(5, 10)))
    assert [r.actions for r in other] != [r.actions for r in records]


def test_the_transcript_says_what_was_rolled(dice_game: Any) -> None:
    config = dice_game.make_config(2)
    record = next(iter(simulate_games("dice", config, [3])))
    text = "\n".join(replay_transcript(record))
    assert "bonus die shows" in text and " rolls a " in text
    assert "player -1" not in text


def test_the_game_contract_holds_with_chance(dice_game: Any) -> None:
    assert check_game(dice_game, games_per_count=2) > 0


@pytest.mark.parametrize("num_players", [2, 4])
def test_the_env_passes_pettingzoo_api_and_seed_tests(
    dice_game: Any, num_players: int
) -> None:
    from pettingzoo.test import api_test, seed_test

    api_test(make_env(dice_game, num_players=num_players), num_cycles=200)
    seed_test(lambda: make_env("dice", num_players=num_players), num_cycles=200)


def test_the_env_rolls_from_its_own_generator(dice_game: Any) -> None:
    """The same seed gives the same rolls; the env's action list holds them."""
    logs = []
    for _ in range(2):
        env = GameEnv("dice", num_players=2)
        env.reset(seed=11)
        while env.agents and not all(env.terminations.values()):
            mask = env.observe(env.agent_selection)["action_mask"]
            env.step(int(np.flatnonzero(mask)[0]))
        logs.append(list(env.actions))
    assert logs[0] == logs[1] and len(_rolls(logs[0])) >= 2


def test_a_secret_roll_does_not_show_to_the_others(dice_game: Any) -> None:
    """Two worlds that differ only in seat 1's bonus die look the same to seat 0
    (observation, view, render, the bot's copy and its samples) until the end."""
    config = dice_game.make_config(2)
    worlds = []
    for bonus in (1, 3):
        state = dice_game.new_game(config, 1)
        dice_game.apply_action(state, FACE)  # seat 0's bonus: 1
        dice_game.apply_action(state, FACE + bonus - 1)
        worlds.append(state)
    enc = dice_game.make_encoder()
    one, two = worlds
    rng = np.random.default_rng(4)
    steps = 0
    while not dice_game.is_over(one):
        a = SeatView(one, 0, game=dice_game)
        b = SeatView(two, 0, game=dice_game)
        assert np.array_equal(enc.encode(one, 0), enc.encode(two, 0))
        assert a.player_view == b.player_view
        assert a.render() == b.render()
        assert dice_game.state_data(a._state) == dice_game.state_data(b._state)
        sa = a.sample(np.random.default_rng(7))
        sb = b.sample(np.random.default_rng(7))
        assert dice_game.state_data(sa) == dice_game.state_data(sb)
        # the same move, or the same roll, in both worlds
        if dice_game.is_chance_node(one):
            move = sample_outcome(dice_game.chance_outcomes(one), rng)
        else:
            legal = dice_game.legal_actions(one)
            move = legal[int(rng.integers(len(legal)))]
        dice_game.apply_action(one, move)
        dice_game.apply_action(two, move)
        steps += 1
    assert steps > 5
    # at the end the bonus is revealed: now seat 0 tells the worlds apart
    assert (
        SeatView(one, 0, game=dice_game).player_view
        != SeatView(two, 0, game=dice_game).player_view
    )
    # the owner always saw its own die
    assert not np.array_equal(
        dice_game.make_encoder().encode(worlds[0], 1),
        dice_game.make_encoder().encode(worlds[1], 1),
    )


def test_a_tournament_of_random_and_ismcts_plays_and_records_the_rolls(
    dice_game: Any, tmp_path: Any
) -> None:
    plan = make_plan("random,ismcts:iterations=20", 2, games=4, seed=2, game="dice")
    run_tournament(plan, tmp_path / "run", jobs=1)
    records = list(iter_records(tmp_path / "run" / GAMES_FILE))
    assert len(records) == 4
    for record in records:
        assert _rolls(record.actions)
        replay_record(record)


def test_ismcts_searches_through_chance_nodes(dice_game: Any) -> None:
    config = dice_game.make_config(2)
    record = play_game(config, 5, ["ismcts:iterations=30", "random"], 5, game="dice")
    replay_record(record)


def test_play_tells_the_rolls(dice_game: Any) -> None:
    out: list[str] = []
    from agents.console import Console

    result = play_match(
        dice_game.make_config(2),
        3,
        ["random", "random"],
        Console(output=out.append),
        game="dice",
    )
    text = "\n".join(out)
    assert "Chance: player 0 rolls a secret bonus die" not in text  # no human
    assert "Chance:" in text and "rolls a" in text
    assert result.scores


def test_the_single_agent_env_rolls_between_decisions(dice_game: Any) -> None:
    env = SingleAgentEnv("dice", num_players=2, opponents=[RandomAgent()])
    for seed in range(3):
        env.reset(seed=seed)
        done = False
        while not done:
            legal = np.flatnonzero(env.action_masks())
            done = env.step(int(legal[-1]))[2]
        assert len(_rolls(env.actions)) >= 2
    saved_env = SingleAgentEnv("dice", num_players=2, opponents=[RandomAgent()])
    saved_env.reset(seed=9)
    saved_env.step(0)
    saved = saved_env.episode_state()
    copy = SingleAgentEnv("dice", num_players=2, opponents=[RandomAgent()])
    copy.reset(seed=1)
    copy.restore_episode(saved)
    for env_ in (saved_env, copy):
        env_.step(1)
    assert saved_env.actions == copy.actions


def test_play_chance_stops_where_a_player_moves(dice_game: Any) -> None:
    state = dice_game.new_game(dice_game.make_config(3), game_rng(2))
    actions: list[int] = []
    play_chance(dice_game, state, game_rng(2), actions)
    assert len(actions) == 3 and dice_game.current_player(state) == 0
    state2, actions2 = play_random_game(dice_game, dice_game.make_config(3), 2)
    assert dice_game.is_over(state2) and actions2[:3] != []
