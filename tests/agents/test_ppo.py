"""The numpy policy file and the `ppo` agent: equal to the torch policy, clear
errors for every bad file, legal whole games in play, tournaments and Ray."""

from __future__ import annotations

import itertools
import json
import subprocess
import sys
import zipfile
from pathlib import Path
from typing import Any

import numpy as np
import pytest

import agents.ppo.agent as ppo_agent
from agents.base import view_for
from agents.play import Console, play_match
from agents.ppo import (
    NotAPolicyFileError,
    Policy,
    PolicyFileError,
    PolicyGameError,
    PolicyNotFoundError,
    PolicyPlayersError,
    PolicyShapeError,
    RulesVersionWarning,
    UnsupportedModelError,
    shipped_model,
)
from agents.registry import AgentSpecError, make_agent
from agents.tournament import (
    GAMES_FILE,
    AgentError,
    TournamentError,
    make_plan,
    play_game,
    run_tournament,
)
from scavenger_env.cli import main
from scavenger_env.core.games import get_game
from scavenger_env.core.records import iter_records
from scavenger_env.core.single_agent import SingleAgentEnv

CAVEIN = get_game("cavein")


def random_policy(
    game: str = "cavein",
    num_players: int = 2,
    *,
    hidden: tuple[int, ...] = (32, 32),
    seed: int = 0,
    activation: str = "tanh",
    obs_size: int | None = None,
    **meta: Any,
) -> Policy:
    """A policy of random weights (big enough that its choices differ)."""
    rules = get_game(game)
    rng = np.random.default_rng(seed)
    sizes = [obs_size or rules.observation_size, *hidden, rules.env_actions]
    layers = [
        (
            rng.normal(0, 1.5 / np.sqrt(n_in), (n_out, n_in)).astype(np.float32),
            rng.normal(0, 0.1, n_out).astype(np.float32),
        )
        for n_in, n_out in itertools.pairwise(sizes)
    ]
    base = {
        "format": "scavenger-policy",
        "format_version": 1,
        "game": rules.name,
        "num_players": num_players,
        "rules_version": rules.rules_version,
    }
    return Policy(layers, activation, {**base, **meta})


@pytest.fixture
def model_file(tmp_path: Path) -> Path:
    return random_policy().save(tmp_path / "policy.npz")


def observations(n: int, seed: int = 0) -> tuple[np.ndarray, np.ndarray]:
    """`n` learner observations and masks of real Cave-In games (random play)."""
    env = SingleAgentEnv(num_players=2)
    rng = np.random.default_rng(seed)
    obs, _ = env.reset(seed=seed)
    out, masks = [], []
    while len(out) < n:
        mask = env.action_masks()
        out.append(obs)
        masks.append(mask)
        obs, _, done, cut, _ = env.step(int(rng.choice(np.flatnonzero(mask))))
        if done or cut:
            obs, _ = env.reset()
    return np.array(out), np.array(masks)


# ------------------------------------------------------------------ from SB3


def test_nothing_imports_torch_to_play() -> None:
    code = (
        "import sys, agents.ppo, agents.registry as r; r.factory_of('ppo'); "
        "assert not {'torch', 'stable_baselines3', 'sb3_contrib'} & set(sys.modules)"
    )
    subprocess.run([sys.executable, "-c", code], check=True)


@pytest.mark.parametrize(
    ("activation", "shared"), [("Tanh", ()), ("ReLU", ()), ("Tanh", (48,))]
)
def test_from_sb3_gives_the_torch_policys_logits_and_choices(
    activation: str, shared: tuple[int, ...], tmp_path: Path
) -> None:
    torch = pytest.importorskip("torch")
    sb3_contrib = pytest.importorskip("sb3_contrib")
    from training.network import policy_kwargs

    env = SingleAgentEnv(num_players=2)
    model = sb3_contrib.MaskablePPO(
        "MlpPolicy",
        env,
        policy_kwargs={
            **policy_kwargs([32, 32], shared),
            "activation_fn": getattr(torch.nn, activation),
        },
        seed=0,
        device="cpu",
    )
    # SB3 initialises the action head near zero: spread the weights so the
    # logits differ clearly and the comparison means something.
    gen = torch.Generator().manual_seed(0)
    with torch.no_grad():
        for p in model.policy.parameters():
            p.add_(0.2 * torch.randn(p.shape, generator=gen))
    policy = Policy.from_sb3(
        model, game="cavein", num_players=2, extra_meta={"steps": 0, "seed": 0}
    )
    assert policy.activation == activation.lower()
    assert policy.hidden == [*shared, 32, 32]
    obs, masks = observations(40)
    with torch.no_grad():
        tensor, _ = model.policy.obs_to_tensor(obs)
        features = model.policy.extract_features(
            tensor, model.policy.pi_features_extractor
        )
        latent = model.policy.mlp_extractor.forward_actor(features)
        expected = model.policy.action_net(latent).numpy()
    assert expected.std() > 0.1
    np.testing.assert_allclose(policy.logits(obs), expected, atol=1e-5)
    # the critic comes along: the same values as SB3's, for a batch and one by one
    with torch.no_grad():
        values = model.policy.predict_values(tensor).numpy()
    assert policy.has_value and policy.value_kind == "return"
    assert values.std() > 0.01
    np.testing.assert_allclose(policy.value(obs), values, atol=1e-5)
    np.testing.assert_allclose(policy.value(obs[3]), values[3], atol=1e-5)
    assert policy.meta["value"]["gamma"] == pytest.approx(model.gamma)
    for o, m, row in zip(obs, masks, expected):
        np.testing.assert_allclose(policy.logits(o), row, atol=1e-5)
        chosen, _ = model.predict(o, action_masks=m, deterministic=True)
        assert policy.act(o, m, np.random.default_rng(0)) == int(chosen)

    saved = Policy.load(policy.save(tmp_path / "policy.npz"), game="cavein")
    assert saved.meta["steps"] == 0 and saved.meta["seed"] == 0
    np.testing.assert_allclose(saved.value(obs), values, atol=1e-5)
    assert saved.value_kind == "return"
    model.save(tmp_path / "model.zip")
    with pytest.raises(NotAPolicyFileError, match=r"checkpoint.*policy\.npz"):
        Policy.load(tmp_path / "model.zip")


def critic_layers(
    sizes: list[int], seed: int = 3
) -> list[tuple[np.ndarray, np.ndarray]]:
    rng = np.random.default_rng(seed)
    return [
        (
            rng.normal(0, 1 / np.sqrt(a), (b, a)).astype(np.float32),
            rng.normal(0, 0.1, b).astype(np.float32),
        )
        for a, b in itertools.pairwise(sizes)
    ]


def test_an_outcome_critic_gives_one_value_per_seat_and_survives_a_file(
    tmp_path: Path,
) -> None:
    """A critic of kind "outcome" has one output per seat; saved and read back it
    gives the same values, computed as its layers say."""
    actor = random_policy(num_players=3)
    layers = critic_layers([CAVEIN.observation_size, 16, 3])
    policy = Policy(
        [(actor.weights[i], actor.biases[i]) for i in range(len(actor.weights))],
        "tanh",
        actor.meta,
        value_layers=layers,
    )
    obs, _ = observations(5)
    (w0, b0), (w1, b1) = layers
    expected = np.tanh(obs @ w0.T + b0) @ w1.T + b1
    np.testing.assert_allclose(policy.value(obs), expected, atol=1e-5)
    back = Policy.load(policy.save(tmp_path / "p.npz"))
    assert back.meta["format_version"] == 2
    assert back.meta["value"] == {"kind": "outcome", "outputs": 3, "hidden": [16]}
    np.testing.assert_allclose(back.value(obs[0]), expected[0], atol=1e-5)
    with pytest.raises(ValueError, match="one value per seat"):
        Policy(
            [(actor.weights[0], actor.biases[0])],
            "tanh",
            {**actor.meta, "num_players": 2},
            value_layers=[(actor.weights[0][:3], actor.biases[0][:3])],
        )


def test_a_file_without_a_critic_still_plays_and_says_it_has_no_value(
    model_file: Path,
) -> None:
    """Files of format version 1 hold the actor only: they load and play, and
    asking for a value says how to get a critic."""
    with np.load(model_file) as data:
        arrays = {k: data[k] for k in data.files}
    meta = json.loads(str(arrays["meta"]))
    arrays["meta"] = np.array(json.dumps({**meta, "format_version": 1}))
    np.savez_compressed(model_file, **arrays)
    policy = Policy.load(model_file)
    assert policy.meta["format_version"] == 1
    assert not policy.has_value and policy.value_kind is None
    obs, masks = observations(2)
    assert masks[0][policy.act(obs[0], masks[0], np.random.default_rng(0))]
    with pytest.raises(PolicyFileError, match=r"holds no critic.*--algo critic"):
        policy.value(obs[0])


def test_from_sb3_refuses_another_architecture() -> None:
    torch = pytest.importorskip("torch")
    sb3_contrib = pytest.importorskip("sb3_contrib")
    model = sb3_contrib.MaskablePPO(
        "MlpPolicy",
        SingleAgentEnv(num_players=2),
        policy_kwargs={"net_arch": [8], "activation_fn": torch.nn.ELU},
        device="cpu",
    )
    with pytest.raises(UnsupportedModelError, match=r"activation_fn.*Tanh"):
        Policy.from_sb3(model, game="cavein", num_players=2)
    with pytest.raises(UnsupportedModelError, match="MlpPolicy"):
        Policy.from_sb3(object(), game="cavein", num_players=2)


# ------------------------------------------------------------------ the policy


def test_save_and_load_give_the_same_policy(tmp_path: Path) -> None:
    policy = random_policy(activation="relu", steps=1000, command="scavenger train")
    path = policy.save(tmp_path / "sub" / "policy.npz")
    assert sorted(p.name for p in path.parent.iterdir()) == ["policy.npz"]
    loaded = Policy.load(path, game="cavein", num_players=2)
    obs, _ = observations(8)
    np.testing.assert_array_equal(loaded.logits(obs), policy.logits(obs))
    with np.load(path) as data:
        meta = json.loads(str(data["meta"]))
    assert meta["format"] == "scavenger-policy" and meta["format_version"] == 2
    assert (meta["game"], meta["num_players"]) == ("cavein", 2)
    assert meta["observation_size"] == CAVEIN.observation_size
    assert meta["env_actions"] == CAVEIN.env_actions
    assert meta["rules_version"] == CAVEIN.rules_version
    assert (meta["activation"], meta["hidden"]) == ("relu", [32, 32])
    assert (meta["steps"], meta["command"]) == (1000, "scavenger train")


@pytest.mark.skipif(sys.platform == "win32", reason="POSIX permissions")
def test_a_saved_policy_gets_a_new_files_permissions(tmp_path: Path) -> None:
    plain = tmp_path / "plain"
    plain.write_bytes(b"")
    path = random_policy().save(tmp_path / "policy.npz")
    assert path.stat().st_mode & 0o777 == plain.stat().st_mode & 0o777


def test_single_and_batch_logits_agree() -> None:
    policy = random_policy(hidden=(64, 16))
    obs, _ = observations(10)
    dense = np.random.default_rng(1).random(CAVEIN.observation_size)  # no zeros
    batch = np.vstack([obs, dense])
    one_by_one = np.array([policy.logits(o) for o in batch])
    np.testing.assert_allclose(one_by_one, policy.logits(batch), atol=1e-5)


def test_act_takes_the_best_legal_action_or_samples_the_masked_softmax() -> None:
    policy = random_policy()
    obs, masks = observations(1)
    o, mask = obs[0], masks[0].astype(np.int8)
    logits = policy.logits(o).astype(np.float64)
    legal = np.flatnonzero(mask)
    assert policy.act(o, mask, None) == legal[logits[legal].argmax()]  # type: ignore[arg-type]
    rng = np.random.default_rng(5)
    draws = [policy.act(o, mask, rng, deterministic=False) for _ in range(4000)]
    assert set(draws) <= set(legal)
    p = np.exp(logits[legal] - logits[legal].max())
    p /= p.sum()
    freq = np.array([draws.count(a) for a in legal]) / len(draws)
    assert np.abs(freq - p).max() < 0.03
    with pytest.raises(ValueError, match="allows no action"):
        policy.act(o, np.zeros_like(mask), rng)


def write_bytes(path: Path, data: bytes) -> Path:
    path.write_bytes(data)
    return path


def with_meta(good: Path, path: Path, **changes: Any) -> Path:
    """A copy of the policy file `good` with its meta changed."""
    with np.load(good) as data:
        arrays = {name: data[name] for name in data.files}
    meta = {**json.loads(str(arrays["meta"])), **changes}
    np.savez_compressed(path, **{**arrays, "meta": np.array(json.dumps(meta))})
    return path


def sb3_like_zip(path: Path) -> Path:
    with zipfile.ZipFile(path, "w") as z:
        z.writestr("data", "{}")
        z.writestr("policy.pth", b"\0" * 16)
    return path


@pytest.mark.parametrize(
    ("make", "error", "words"),
    [
        (
            lambda d, good: d / "nowhere.npz",
            PolicyNotFoundError,
            ["no policy file at", "nowhere.npz", "scavenger train", "policy.npz"],
        ),
        (
            lambda d, good: write_bytes(d / "p.npz", b"not an archive at all" * 9),
            NotAPolicyFileError,
            ["damaged, truncated", "copy it again", "scavenger train"],
        ),
        (
            lambda d, good: write_bytes(
                d / "p.npz", good.read_bytes()[: good.stat().st_size // 2]
            ),
            NotAPolicyFileError,
            ["damaged, truncated", "copy it again"],
        ),
        (
            lambda d, good: sb3_like_zip(d / "model.zip"),
            NotAPolicyFileError,
            ["Stable-Baselines3 checkpoint", "policy.npz that training writes"],
        ),
        (
            lambda d, good: (np.savez(d / "x.npz", x=np.zeros(3)), d / "x.npz")[1],
            NotAPolicyFileError,
            ["not a policy file", "policy.npz"],
        ),
        (
            lambda d, good: with_meta(good, d / "new.npz", format_version=9),
            NotAPolicyFileError,
            ["format version 9", "upgrade"],
        ),
        (
            lambda d, good: random_policy(num_players=3).save(d / "p3.npz"),
            PolicyPlayersError,
            ["3-player", "not 2-player", "--num-players 2"],
        ),
        (
            lambda d, good: random_policy(obs_size=100).save(d / "old.npz"),
            PolicyShapeError,
            ["size 100", "another version of the observation", "retrained"],
        ),
    ],
)
def test_load_errors_name_the_problem_and_the_fix(
    make: Any,
    error: type[Exception],
    words: list[str],
    tmp_path: Path,
    model_file: Path,
) -> None:
    path = make(tmp_path, model_file)
    with pytest.raises(error) as info:
        Policy.load(path, game="cavein", num_players=2)
    assert isinstance(info.value, PolicyFileError)
    for word in words:
        assert word in str(info.value)


@pytest.mark.parametrize(
    ("name", "write", "words"),
    [
        ("notes.txt", lambda p: p.write_text("my notes\n"), ["not a numpy archive"]),
        ("arr.npy", lambda p: np.save(p, np.zeros(3)), ["a single numpy array"]),
        (
            "objects.npz",
            lambda p: np.savez(p, a=np.array([{"k": 1}], dtype=object)),
            ["a numpy archive of Python objects"],
        ),
    ],
)
def test_a_file_that_is_no_policy_says_what_was_expected(
    name: str, write: Any, words: list[str], tmp_path: Path
) -> None:
    """A text file or a pickled archive was answered with numpy's allow_pickle
    text, which points the user at loading it unsafely."""
    path = tmp_path / name
    write(path)
    with pytest.raises(NotAPolicyFileError) as info:
        Policy.load(path, game="cavein", num_players=2)
    text = str(info.value)
    assert "pickle" not in text
    for word in [*words, "numpy .npz archive that `scavenger train` writes"]:
        assert word in text
    assert "scavenger train --game" in text  # how to make one


def test_a_policy_for_another_game_is_refused(bids_game: Any, tmp_path: Path) -> None:
    path = random_policy("bids").save(tmp_path / "bids.npz")
    with pytest.raises(PolicyGameError, match=r"'bids', not 'cavein'.*--game cavein"):
        Policy.load(path, game="cavein", num_players=2)


def test_another_rules_version_only_warns(tmp_path: Path) -> None:
    path = random_policy(rules_version=-1).save(tmp_path / "p.npz")
    with pytest.warns(RulesVersionWarning, match="rules version -1"):
        Policy.load(path, game="cavein", num_players=2)


# ------------------------------------------------------------------ the agent


def test_ppo_plays_whole_tournament_games(
    model_file: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    calls = []
    real_act = Policy.act
    monkeypatch.setattr(
        Policy, "act", lambda self, *a, **k: calls.append(1) or real_act(self, *a, **k)
    )
    config = CAVEIN.make_config(2)
    for specs in (
        [f"ppo:model={model_file}", "random"],
        ["random", f"ppo:model={model_file}"],
    ):
        record = play_game(config, 11, specs, 4)  # AgentError on an illegal move
        assert record.winners and len(record.actions) > 20
    assert len(calls) > 10


def test_ppo_plays_through_play_match(model_file: Path) -> None:
    out: list[str] = []
    result = play_match(
        CAVEIN.make_config(2),
        3,
        [f"ppo:model={model_file}", "random"],
        Console(output=out.append),
    )
    assert result.winners and not result.quit
    assert any(line.startswith("player 0 (ppo)") for line in out)


def test_sampling_uses_the_seats_generator(model_file: Path) -> None:
    config = CAVEIN.make_config(2)
    sampled = [f"ppo:model={model_file},deterministic=0", f"ppo:model={model_file}"]

    def actions(specs: list[str], rng_seed: int) -> list[int]:
        return play_game(config, 5, specs, rng_seed).actions

    assert actions(sampled, 1) == actions(sampled, 1)
    assert actions(sampled, 1) != actions(sampled, 2)
    best = [f"ppo:model={model_file}"] * 2
    assert actions(best, 1) == actions(best, 2)  # no draws: the generator is unused


def test_a_wrong_player_count_fails_at_reset(tmp_path: Path) -> None:
    path = random_policy(num_players=3).save(tmp_path / "p.npz")
    agent = make_agent(f"ppo:model={path}")
    with pytest.raises(PolicyPlayersError, match="3-player"):
        agent.reset(0, CAVEIN.make_config(2))
    with pytest.raises(AgentError, match=r"seat 1\) failed to start .*3-player"):
        play_game(CAVEIN.make_config(2), 1, ["random", f"ppo:model={path}"], 0)


def test_a_wrong_game_fails_at_the_first_act(bids_game: Any, model_file: Path) -> None:
    agent = make_agent(f"ppo:model={model_file}", game="bids")
    config = bids_game.make_config(2)
    agent.reset(0, config)
    state = bids_game.new_game(config, 0)
    view = view_for(agent, state, 0, bids_game)
    with pytest.raises(PolicyGameError, match="'cavein', not 'bids'"):
        agent.act(view, bids_game.legal_actions(state), np.random.default_rng(0))


def test_ppo_plays_any_game_it_has_a_policy_for(bids_game: Any, tmp_path: Path) -> None:
    path = random_policy("bids", 3).save(tmp_path / "bids.npz")
    config = bids_game.make_config(3)
    record = play_game(
        config, 2, [f"ppo:model={path}", "random", "random"], 0, game="bids"
    )
    assert record.winners


def test_a_missing_file_is_a_spec_error(tmp_path: Path) -> None:
    with pytest.raises(
        AgentSpecError, match=r"ppo: no policy file at .*scavenger train"
    ):
        make_agent(f"ppo:model={tmp_path / 'none.npz'}")


def test_without_model_it_plays_the_shipped_one(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(ppo_agent, "MODELS_DIR", tmp_path)
    with pytest.raises(PolicyNotFoundError) as info:
        shipped_model("cavein", 2)
    for word in [
        "no model is shipped for cavein with 2 players",
        "none yet",
        "ppo:model=PATH",
    ]:
        assert word in str(info.value)
    random_policy(num_players=2).save(tmp_path / "cavein-2p.npz")
    assert shipped_model("cavein", 2) == tmp_path / "cavein-2p.npz"
    with pytest.raises(PolicyNotFoundError, match=r"shipped: cavein-2p\)"):
        shipped_model("cavein", 3)
    record = play_game(CAVEIN.make_config(2), 1, ["ppo", "random"], 0)
    assert record.winners
    with pytest.raises(Exception, match="no model is shipped for cavein with 3"):
        play_game(CAVEIN.make_config(3), 1, ["ppo", "random", "random"], 0)


def test_a_tournament_without_a_policy_for_its_game_is_refused_at_its_start(
    bids_game: Any, model_file: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Before any game is played, not at the first decision of the first game:
    no shipped model for the game and player count, or a file for another game."""
    monkeypatch.setattr(ppo_agent, "MODELS_DIR", tmp_path)
    with pytest.raises(TournamentError) as info:
        make_plan(["random", "ppo"], 2, games=2, game="krysis")
    for words in ["player 2 of 2 (ppo)", "no model is shipped for krysis with 2"]:
        assert words in str(info.value)
    with pytest.raises(TournamentError, match=r"player 1 of 2 .*'cavein', not 'bids'"):
        make_plan([f"ppo:model={model_file}", "random"], 2, games=2, game="bids")
    plan = make_plan([f"ppo:model={model_file}", "random"], 2, games=2)
    assert plan.games == 2


def test_a_file_is_read_once_until_it_changes(tmp_path: Path) -> None:
    path = random_policy(seed=1).save(tmp_path / "p.npz")
    first = ppo_agent.cached_policy(path)
    assert ppo_agent.cached_policy(tmp_path / "." / "p.npz") is first
    random_policy(seed=2, hidden=(8,)).save(path)
    again = ppo_agent.cached_policy(path)
    assert again is not first and again.hidden == [8]


def test_the_tournament_command_runs_ppo(
    model_file: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = tmp_path / "run"
    code = main(
        [
            "tournament",
            "--no-progress",
            "--players",
            f"ppo:model={model_file},random",
            "--games",
            "4",
            "--jobs",
            "2",
            "--output",
            str(out),
        ]
    )
    assert code == 0, capsys.readouterr()
    records = list(iter_records(out / GAMES_FILE))
    assert len(records) == 4
    assert all(any(p.startswith("ppo:") for p in r.players or []) for r in records)


def test_the_ray_backend_runs_ppo(model_file: Path, tmp_path: Path) -> None:
    pytest.importorskip("ray")
    plan = make_plan([f"ppo:model={model_file}", "random"], 2, games=4, seed=1)
    run_tournament(plan, tmp_path / "local", jobs=1)
    run_tournament(plan, tmp_path / "ray", backend="ray", jobs=2)
    expected = (tmp_path / "local" / GAMES_FILE).read_bytes()
    assert (tmp_path / "ray" / GAMES_FILE).read_bytes() == expected
