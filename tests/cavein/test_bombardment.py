"""Random play through `raw_env`: 500 games per player count, checked at every step.

Each game is driven by the loop a user writes (`agent_iter`, `last`, a uniformly
random legal action from the mask, `step`). Checked:

* at every step, for the agent to move: the observation lies in the observation
  space (so does every other agent's, checked below); its mask equals `codec.legal_mask(engine.legal_actions(game))`, seen
  from its seat, and is not empty; every agent's `infos` holds the engine's phase;
* at every step of every tenth game (a from-scratch encoding costs about as much
  as a whole env step, so not in all of them), for every agent: the observation
  equals `observation.encode(game, seat)` (the env may encode incrementally, and
  must not go stale), and the masks of the agents not to move are all zeros;
  those masks also at the end of every game;
* every game ends (within a generous number of steps) and every agent leaves;
* the rewards handed out by `last()` add up to the final reward and nothing is
  paid before the end: with `reward="win"` +1 for each winner (every tied player
  wins) and -1 for every other player, with `reward="score"` (one game in four)
  (own VP - best opponent's VP) / 20; `infos` carry `final_scores` and `winners`,
  equal to the engine's.

Rules variants cycle with the game number, so the options reach the environment.
The 1,500 games are split into chunks that pytest-xdist spreads over its workers.
"""

from __future__ import annotations

from functools import cache
from pathlib import Path

import numpy as np
import pytest
from cavein.rigging import colour, do, hand_pick, skill

from scavenger_env.cavein import codec
from scavenger_env.cavein.engine import (
    GameConfig,
    Phase,
    apply_action,
    final_scores,
    legal_actions,
    new_game,
)
from scavenger_env.cavein.engine.actions import USE
from scavenger_env.cavein.engine.data import Colour
from scavenger_env.cavein.engine.scenario import (
    restart_turn,
    scenario,
    set_base,
    set_hand,
)
from scavenger_env.cavein.env import raw_env
from scavenger_env.cavein.observation import encode, views
from scavenger_env.cavein.simulate import play_random_game

# Marked slow so that `pytest -m "not slow"` can leave it out of a quick local run;
# nothing deselects slow tests by default, so CI (`python -m pytest -q -n 2`) runs
# them (the last test below keeps it so).
pytestmark = pytest.mark.slow

GAMES_PER_COUNT = 500
CHUNK = 50
MAX_STEPS = 20_000  # random games take about 400 decisions
FULL_CHECK_EVERY = 10  # see the module docstring
SCORE_REWARD_EVERY = 4

VARIANTS = (
    {},
    {"merc_distribution": "4/4/3/2"},
    {"weedlock_text": "de", "skill_crystals_cave_in": True},
    {"factions": "first_game", "scrabber_every_mine": False},
)


@cache
def make_env(num_players: int, variant: int, reward: str) -> raw_env:
    return raw_env(num_players=num_players, reward=reward, **VARIANTS[variant])


def expected_rewards(e: raw_env, scores: list[int]) -> dict[str, float]:
    """The rewards the docstring promises, computed from the final VP alone."""
    best = max(scores)
    out = {}
    for seat, agent in enumerate(e.possible_agents):
        if e.reward_mode == "win":
            out[agent] = 1.0 if scores[seat] == best else -1.0
        else:
            best_other = max(v for q, v in enumerate(scores) if q != seat)
            out[agent] = (scores[seat] - best_other) / 20
    return out


def play_checked(num_players: int, game_index: int) -> int:
    """Play one game with every check; return its number of decisions."""
    seed = 100_000 * num_players + game_index
    reward = "score" if game_index % SCORE_REWARD_EVERY == 0 else "win"
    e = make_env(num_players, game_index % len(VARIANTS), reward)
    full_checks = game_index % FULL_CHECK_EVERY == 0
    rng = np.random.default_rng(seed)
    e.reset(seed=seed)
    space = e.observation_space(e.possible_agents[0])
    zeros = np.zeros(codec.NUM_ACTIONS, np.int8)
    received = dict.fromkeys(e.possible_agents, 0.0)
    final_infos: dict[str, dict] = {}
    decisions = 0
    steps = 0
    for agent in e.agent_iter():
        steps += 1
        assert steps <= MAX_STEPS, f"seed {seed}: no end after {MAX_STEPS} steps"
        obs, reward_now, terminated, truncated, info = e.last()
        received[agent] += reward_now
        game = e.game
        assert game is not None
        seat = e.agent_name_mapping[agent]
        if terminated or truncated:
            assert game.is_over, f"seed {seed}: {agent} done before the game ended"
            final_infos[agent] = info
            e.step(None)
            continue
        context = f"seed {seed}, decision {decisions}, {agent}"
        assert reward_now == 0.0, f"{context}: reward {reward_now} before the end"
        assert seat == game.current_player, context
        assert space.contains(obs), f"{context}: observation outside its space"
        # The env may encode incrementally; it must equal a from-scratch encoding.
        if full_checks:
            assert np.array_equal(obs["observation"], encode(game, seat)), (
                f"{context}: observation differs from observation.encode(game, seat)"
            )
        expected = codec.legal_mask(legal_actions(game), seat, num_players)
        mask = obs["action_mask"]
        assert mask.dtype == np.int8, context
        assert np.array_equal(mask, expected), (
            f"{context}: mask allows {np.flatnonzero(mask).tolist()}, "
            f"engine allows {np.flatnonzero(expected).tolist()}"
        )
        assert mask.any(), f"{context}: empty mask"
        phase = Phase(game.phase).name.lower()
        for other in e.agents:
            assert e.infos[other]["phase"] == phase, f"{context}: infos[{other}]"
        if full_checks:
            for other in e.agents:
                if other != agent:
                    other_obs = e.observe(other)
                    assert np.array_equal(other_obs["action_mask"], zeros), (
                        f"{context}: {other}'s mask is not all zeros"
                    )
                    assert space.contains(other_obs), (
                        f"{context}: {other}'s observation outside its space"
                    )
                    other_seat = e.agent_name_mapping[other]
                    assert np.array_equal(
                        other_obs["observation"], encode(game, other_seat)
                    ), f"{context}: {other}'s observation differs from encode()"
        e.step(int(rng.choice(np.flatnonzero(mask))))
        decisions += 1

    game = e.game
    assert game is not None
    assert game.is_over, f"seed {seed}: agents left before the game ended"
    assert e.agents == [], f"seed {seed}: agents {e.agents} never left"
    for agent in e.possible_agents:
        assert np.array_equal(e.observe(agent)["action_mask"], zeros), (
            f"seed {seed}: {agent}'s mask after the end is not all zeros"
        )
    final = final_scores(game)
    want = expected_rewards(e, final)
    assert received == pytest.approx(want, abs=1e-12), f"seed {seed} ({reward})"
    scores = dict(zip(e.possible_agents, final))
    won = [a for a in e.possible_agents if scores[a] == max(final)]
    assert set(final_infos) == set(e.possible_agents), f"seed {seed}"
    for agent, info in final_infos.items():
        assert info["phase"] == "game_over", f"seed {seed}: {agent} {info}"
        assert info["final_scores"] == scores, f"seed {seed}: {agent} {info}"
        assert info["winners"] == won, f"seed {seed}: {agent} {info}"
    return decisions


@pytest.mark.parametrize("first", range(0, GAMES_PER_COUNT, CHUNK))
@pytest.mark.parametrize("num_players", [2, 3, 4])
def test_random_games_through_raw_env(num_players: int, first: int) -> None:
    total = 0
    for game_index in range(first, min(first + CHUNK, GAMES_PER_COUNT)):
        total += play_checked(num_players, game_index)
    assert total > 50 * CHUNK  # games are hundreds of decisions long


def test_the_observation_stays_in_its_space_with_many_cards_recoloured() -> None:
    """Robuster (level 3): "Temporarily change the color of up to 3 cards in your
    hand to any one color." Used as Leader and again as a Skill it recolours six
    cards to red: the `recolour` view must still lie in [0, 1] (it once counted
    by thirds)."""
    s = scenario(GameConfig(num_players=2, factions="first_game"))
    set_hand(s, 1, [])
    set_base(s, 0, ["Robuster"])
    hand = ["Robuster", "Driller", "Driller", "Frogt'Opus", "Frogt'Opus"]
    set_hand(s, 0, [*hand, "Mineraccoon", "Foreman"])
    restart_turn(s, 0)
    red = colour(Colour.RED)
    do(s, USE, red, hand_pick("Driller"), hand_pick("Driller"))
    do(s, hand_pick("Frogt'Opus"), skill("Robuster"), red)
    do(s, hand_pick("Frogt'Opus"), hand_pick("Mineraccoon"), hand_pick("Foreman"))
    assert list(s.turn.recolour.values()) == [Colour.RED] * 6
    space = raw_env(num_players=2).observation_space("player_0")["observation"]
    for seat in range(2):
        obs = encode(s, seat)
        assert space.contains(obs), seat
        assert views(obs)["recolour"][Colour.RED] == pytest.approx(6 / 9)


def test_the_game_that_left_the_space_now_stays_in_it() -> None:
    """The first game found outside the space (4 cards recoloured to one colour):
    2 players, seed 43972, 285 random actions drawn with default_rng(43972), under
    the rules of that time (rules 1)."""
    config = GameConfig(num_players=2, rules_version=1)
    s = new_game(config, 43972)
    rng = np.random.default_rng(43972)
    space = raw_env(num_players=2).observation_space("player_0")["observation"]
    most = 0
    for _ in range(285):
        legal = legal_actions(s)
        apply_action(s, legal[rng.integers(len(legal))])
        for seat in range(2):
            assert space.contains(encode(s, seat))
        colours = list(s.turn.recolour.values())
        most = max([most] + [colours.count(c) for c in colours])
    assert most >= 4  # the test can fail: the case that overflowed is reached


def test_every_tied_player_wins() -> None:
    """Ties are rare in random play: find one with the engine, replay it in the env."""
    config = GameConfig(num_players=2)
    for seed in range(5000):
        state, actions = play_random_game(config, seed)
        scores = final_scores(state)
        if scores[0] == scores[1]:
            break
    else:
        pytest.fail("no tied game among 5000 random 2-player games")
    e = raw_env(num_players=2)
    e.reset(seed=seed)
    for action in actions:
        game = e.game
        assert game is not None
        e.step(codec.encode(action, game.current_player, 2))
    assert e.rewards == {"player_0": 1.0, "player_1": 1.0}
    assert e.infos["player_1"]["winners"] == ["player_0", "player_1"]
    assert e.infos["player_0"]["final_scores"] == dict(zip(e.possible_agents, scores))


def test_slow_tests_are_not_deselected_by_default() -> None:
    """CI runs `python -m pytest -q -n 2`: the configured options must keep this file."""
    pyproject = Path(__file__).resolve().parents[2] / "pyproject.toml"
    addopts = [
        line
        for line in pyproject.read_text(encoding="utf-8").splitlines()
        if line.strip().startswith("addopts")
    ]
    assert addopts, "no pytest addopts found in pyproject.toml"
    assert all("slow" not in line and "-m" not in line.split() for line in addopts)
