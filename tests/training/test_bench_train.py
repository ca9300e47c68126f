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
