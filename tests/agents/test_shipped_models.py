"""The models shipped in the package: each loads, plays legal whole games at its
player count through the tournament, and is the strong player it was shipped as."""

from __future__ import annotations

from pathlib import Path

import pytest

from agents.ppo import Policy, shipped_model, shipped_models
from agents.ppo.agent import MODELS_DIR
from agents.tournament import play_game
from scavenger_env.core.games import get_game

MODELS = sorted(MODELS_DIR.glob("*.npz"))


def test_a_two_player_cavein_model_is_shipped() -> None:
    """`scavenger tournament --players ppo,raider` must work right after install."""
    assert shipped_model("cavein", 2).is_file()
    assert "cavein-2p" in " ".join(shipped_models())


@pytest.mark.parametrize("path", MODELS, ids=lambda p: p.stem)
def test_each_shipped_model_loads_and_plays_legal_games(path: Path) -> None:
    """Each file is a policy for its game and player count, a few MB at most, and
    plays whole games (an illegal action would raise AgentError)."""
    assert path.stat().st_size < 8_000_000
    game, players = path.stem.rsplit("-", 1)
    n = int(players.removesuffix("p"))
    policy = Policy.load(path, game=game, num_players=n)
    assert policy.meta["game"] == game and policy.meta["num_players"] == n
    config = get_game(game).make_config(n)
    for seed in range(2):
        specs = ["ppo"] + ["random"] * (n - 1)
        seats = specs[seed % n :] + specs[: seed % n]
        record = play_game(config, seed, seats, seed, game=game)
        assert record.actions and record.game == game


TWO_PLAYER = [p for p in MODELS if p.stem.endswith("-2p")]


@pytest.mark.parametrize("path", TWO_PLAYER, ids=lambda p: p.stem)
def test_each_two_player_model_beats_random(path: Path) -> None:
    """Deterministic games against random: a trained model wins them all (a
    random-weight network would lose many)."""
    game = path.stem.rsplit("-", 1)[0]
    config = get_game(game).make_config(2)
    wins = 0
    for seed in range(10):
        specs = ["ppo", "random"] if seed % 2 == 0 else ["random", "ppo"]
        record = play_game(config, seed, specs, seed, game=game)
        wins += specs.index("ppo") in record.winners
    assert wins == 10


@pytest.mark.parametrize("path", MODELS, ids=lambda p: p.stem)
def test_each_shipped_model_carries_a_critic_that_knows_a_won_game(path: Path) -> None:
    """Every shipped model stores its critic (an "outcome" critic: one win share
    per seat, own seat first), so `az` can search with it. A critic that learned
    anything rates the observations of a seat that went on to win a game above
    those of the seat that lost, on average over a few games against random."""
    import numpy as np

    game, players = path.stem.rsplit("-", 1)
    n = int(players.removesuffix("p"))
    policy = Policy.load(path, game=game, num_players=n)
    assert policy.value_kind == "outcome"
    assert policy.meta["value"]["outputs"] == n
    rules = get_game(game)
    margins = []
    for seed in range(4):
        record = play_game(
            rules.make_config(n), seed, ["ppo"] + ["random"] * (n - 1), seed, game=game
        )
        state = rules.new_game(rules.make_config(n), seed)
        encoder = rules.make_encoder()
        own: dict[int, list[float]] = {p: [] for p in range(n)}
        for action in record.actions:
            if not rules.is_chance_node(state):
                seat = rules.current_player(state)
                own[seat].append(float(policy.value(encoder.encode(state, seat))[0]))
            rules.apply_action(state, action)
        winner = record.winners[0]
        losers = [np.mean(own[p]) for p in range(n) if p not in record.winners]
        margins.append(np.mean(own[winner]) - max(losers))
    assert np.mean(margins) > 0.2


@pytest.mark.parametrize("path", MODELS, ids=lambda p: p.stem)
def test_az_searches_with_each_shipped_model(path: Path) -> None:
    """Plain `az` plays the shipped model of the game and player count, and
    beats random players."""
    game, players = path.stem.rsplit("-", 1)
    n = int(players.removesuffix("p"))
    config = get_game(game).make_config(n)
    wins = 0
    for seed in range(2):
        specs = ["az:iterations=16"] + ["random"] * (n - 1)
        seat = seed % n
        seats = specs[-seat:] + specs[:-seat] if seat else specs
        record = play_game(config, seed, seats, seed, game=game)
        wins += seats.index("az:iterations=16") in record.winners
    assert wins == 2
