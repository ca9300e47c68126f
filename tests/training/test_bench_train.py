"""`scavenger bench train`: the adapter's and MaskablePPO's learner steps/s and
their ratio, one row per opponent."""

from __future__ import annotations

import pytest

pytest.importorskip("sb3_contrib", reason="training needs the [train] extra")

from training.bench import bench_train, format_bench


def test_bench_train_gives_rates_and_their_ratio() -> None:
    rows = bench_train(
        game="cavein",
        opponents=["random"],
        steps=4096,
        seconds=0.3,
        changes={
            "threads": 1,
            "net_arch": (32,),
            "shared_layers": (48,),
            "vec_env": "subproc",
        },
    )
    assert len(rows) == 1
    row = rows[0]
    assert row["game"] == "cavein" and row["opponent"] == "random"
    assert row["net_arch"] == [32] and row["shared_layers"] == [48]
    assert row["threads"] == 1 and row["vec_env"] == "subproc"
    adapter, training = row["adapter_steps_per_s"], row["training_steps_per_s"]
    assert adapter > 0 and training > 0
    # the ratio is taken before rounding the rates
    assert row["ratio"] == pytest.approx(training / adapter, abs=5e-4 + 1 / adapter)
    assert training < adapter, "training cannot outrun random play"
    text = format_bench(rows)
    lines = text.splitlines()
    assert "16 envs" in lines[0] and "batch 512" in lines[0]
    assert "net_arch 32, shared layers 48, torch threads 1, vec env subproc" in lines[0]
    assert lines[1].split() == ["opponent", "adapter", "training", "ratio"]
    assert lines[2].split() == [
        "random",
        f"{adapter:,}",
        f"{training:,}",
        f"{row['ratio']:.2f}",
    ]


def test_bench_train_expert_gives_search_and_fit_rates(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """`--algo expert`: self-play decisions/s, searched decisions/s, iterations/s
    (searched decisions times the budget) and the fit's samples/s."""
    import json

    from scavenger_env.cli.main import main
    from training.bench import format_expert

    args = ["bench", "train", "--algo", "expert", "--game", "krysis"]
    assert main([*args, "--games", "1", "--search-iterations", "4", "--json"]) == 0
    (row,) = json.loads(capsys.readouterr().out)
    assert row["game"] == "krysis" and row["iterations"] == 4 and row["games"] == 1
    assert 0 < row["searched"] <= row["decisions"]
    assert row["samples"] == row["searched"], "both seats search, so both sample"
    assert 0 < row["searched_per_s"] <= row["steps_per_s"]
    assert row["iterations_per_s"] == pytest.approx(
        row["searched_per_s"] * 4, rel=0.01, abs=2
    )
    assert row["fit_samples_per_s"] > 0
    lines = format_expert(row).splitlines()
    assert "1 game in one process (az, 4 iterations a decision" in lines[0]
    assert lines[3].split()[-1] == f"{row['iterations_per_s']:,}"


@pytest.mark.parametrize(
    ("extra", "wrong"),
    [
        (["--algo", "expert", "--net-arch", "32"], "--net-arch"),
        (["--algo", "expert", "--opponents", "greedy"], "--opponents"),
        (["--games", "2"], "--games"),
        (["--search-iterations", "8"], "--search-iterations"),
    ],
)
def test_bench_train_refuses_the_other_algorithms_options(
    extra: list[str], wrong: str, capsys: pytest.CaptureFixture[str]
) -> None:
    from scavenger_env.cli.main import main

    assert main(["bench", "train", *extra]) == 2
    err = capsys.readouterr().err
    assert wrong in err and "--algo" in err
