"""Training settings: `check` names what is wrong and how to fix it, run.json
round trips, and a resumed run may change only how long and where it runs."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest

from scavenger_env.core.errors import ConfigError
from training.settings import (
    TrainSettings,
    check_resume,
    load_settings,
    save_settings,
)


@pytest.mark.parametrize(
    ("changes", "words"),
    [
        ({"num_players": 1}, ["num_players=1", "2 to"]),
        ({"num_players": 9}, ["num_players=9", "players"]),
        ({"batch_size": 100}, ["batch_size=100", "divide", "256"]),
        ({"device": "tpu"}, ["device='tpu'", "auto, cpu, cuda"]),
        ({"reward": "gold"}, ["reward='gold'", "score"]),
        ({"vec_env": "ray"}, ["vec_env='ray'", "dummy, subproc"]),
        ({"n_envs": 0}, ["n_envs must be positive"]),
        ({"seed": -1}, ["seed must be non-negative"]),
        ({"opponents": ("random", "greedy", "random")}, ["random given more"]),
        ({"snapshot_threshold": 0.0}, ["snapshot_threshold"]),
        ({"net_arch": (64, 0)}, ["net_arch=[64, 0]", "positive"]),
        ({"shared_layers": (-1,)}, ["shared_layers=[-1]", "positive"]),
    ],
)
def test_check_names_the_problem(
    tiny: Any, changes: dict[str, Any], words: list[str]
) -> None:
    with pytest.raises(ConfigError) as err:
        tiny(**changes).check()
    for word in words:
        assert word in str(err.value)


def test_good_settings_pass(tiny: Any) -> None:
    settings = tiny()
    assert settings.check() is settings
    assert TrainSettings().check().rollout_steps == 16 * 256
    assert tiny(device="cuda:1").check().device == "cuda:1"


def test_each_game_has_its_own_default_league() -> None:
    """A league names bots of its game: Krysis has no raider, Cave-In no hauler."""
    from agents.registry import make_agent

    for game in ("cavein", "krysis", "hewns"):
        league = TrainSettings(game=game).opponents
        assert league and league == TrainSettings(game=game, opponents=()).opponents
        for spec in league:
            make_agent(spec, game=game)  # raises for a bot the game lacks
    assert "raider" in TrainSettings(game="cavein").opponents
    assert "hauler" in TrainSettings(game="krysis").opponents
    assert "prospector" in TrainSettings(game="hewns").opponents


def test_run_json_round_trips(tiny: Any, tmp_path: Path) -> None:
    settings = tiny(
        net_arch=(8, 4), shared_layers=(16,), opponents=("greedy",), extra={"note": "x"}
    )
    save_settings(tmp_path, settings)
    assert load_settings(tmp_path) == settings
    assert TrainSettings.from_dict(settings.to_dict()) == settings


def test_a_run_saved_before_shared_layers_existed_had_none(tiny: Any) -> None:
    data = tiny(shared_layers=(16,)).to_dict()
    del data["shared_layers"]
    assert TrainSettings.from_dict(data).shared_layers == ()


def test_from_dict_refuses_an_unknown_key(tiny: Any) -> None:
    data = tiny().to_dict()
    data["learning_rat"] = 0.1
    with pytest.raises(ConfigError, match="learning_rat"):
        TrainSettings.from_dict(data)


def test_a_broken_run_json_is_named(tmp_path: Path) -> None:
    (tmp_path / "run.json").write_text("{not json")
    with pytest.raises(ConfigError, match=r"run\.json"):
        load_settings(tmp_path)


def test_resume_allows_more_timesteps_and_another_device(tiny: Any) -> None:
    saved = tiny(timesteps=2048, device="cpu")
    check_resume(saved, saved)
    check_resume(saved, replace(saved, timesteps=4096, device="cuda"))
    check_resume(saved, replace(saved, eval_every=512, final_games=10))
    check_resume(saved, replace(saved, vec_env="subproc", threads=1))


@pytest.mark.parametrize(
    ("changes", "words"),
    [
        ({"seed": 9}, ["seed: run 3, asked 9", "--output"]),
        ({"net_arch": (64, 64)}, ["net_arch", "omit them"]),
        ({"shared_layers": (64,)}, ["shared_layers", "omit them"]),
        ({"opponents": ("random",)}, ["opponents"]),
        ({"timesteps": 1024}, ["--timesteps 1024", "2048", "longer"]),
    ],
)
def test_resume_refuses_another_run(
    tiny: Any, changes: dict[str, Any], words: list[str]
) -> None:
    saved = tiny(timesteps=2048)
    with pytest.raises(ConfigError) as err:
        check_resume(saved, replace(saved, **changes))
    for word in words:
        assert word in str(err.value)
