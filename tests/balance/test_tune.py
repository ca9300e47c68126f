"""The rule tuner: it searches, keeps every trial, resumes, and refuses bad
settings with the reason."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

pytest.importorskip("optuna", reason="the tuner needs the [balance] extra")

from agents.balance.tune import (
    Param,
    Study,
    Target,
    TuneError,
    options_of,
    trial_folder_name,
    tune,
)


def study(**changes: object) -> Study:
    base = {
        "params": (Param.parse("cave_in_thresholds[0]=int:4:9"),),
        "targets": (Target.parse("turns=30:34"),),
        "players": ("greedy", "random"),
        "num_players": 2,
        "games": 4,
        "seed": 1,
        "tiers": ("random", "greedy"),
    }
    return Study(**{**base, **changes})  # type: ignore[arg-type]


def test_parsing_params_and_targets() -> None:
    p = Param.parse("cave_in_thresholds[0]=int:5:10")
    assert (p.name, p.kind, p.low, p.high) == ("cave_in_thresholds[0]", "int", 5, 10)
    c = Param.parse("merc_distribution=choice:5/4/2/2,4/4/3/2")
    assert c.choices == ("5/4/2/2", "4/4/3/2")
    assert Param.parse("allow_pass=choice:true,false").choices == (True, False)
    assert Target.parse("first_player_win_rate=0.48:0.52").high == 0.52
    for bad in ("x", "x=int:5", "x=int:9:5", "x=bool:1:2", "x=choice:a"):
        with pytest.raises(TuneError):
            Param.parse(bad)
    with pytest.raises(TuneError, match="use one of"):
        Target.parse("fun=1:2")
    with pytest.raises(TuneError, match="METRIC=LOW:HIGH"):
        Target.parse("turns=30")


def test_a_target_counts_its_miss_in_range_widths() -> None:
    t = Target("turns", 30, 34)
    assert t.miss(32) == 0 and t.miss(30) == 0
    assert t.miss(38) == pytest.approx(1.0) and t.miss(28) == pytest.approx(0.5)


def test_options_put_an_indexed_value_into_the_tuple() -> None:
    s = study(base_options={"allow_pass": True})
    options = options_of(s, {"cave_in_thresholds[1]": 5, "weedlock_text": "de"})
    assert options == {
        "allow_pass": True,
        "cave_in_thresholds": (7, 5, 9),
        "weedlock_text": "de",
    }
    with pytest.raises(TuneError, match="3 entries"):
        options_of(s, {"cave_in_thresholds[3]": 5})
    # an option left out of a stored config at its default (the artifact costs)
    assert options_of(s, {"artifact_costs[2]": 10})["artifact_costs"] == (4, 6, 10)
    assert trial_folder_name(options) == trial_folder_name(
        dict(reversed(options.items()))
    )


def test_a_study_finds_the_threshold_for_the_target_and_resumes(tmp_path: Path) -> None:
    folder = tmp_path / "study"
    first = tune(folder, study(), 2)
    assert len(first) == 2
    again = tune(folder, study(), 4, resume=True)
    assert len(again) == 4
    # the first two trials are kept as they were
    for number in first.index:
        assert again.loc[number, "objective"] == first.loc[number, "objective"]
    assert list(again["objective"]) == sorted(again["objective"])
    best = again.iloc[0]
    assert best["objective"] == again["objective"].min()
    assert (folder / best["folder"] / "games.jsonl").is_file()
    assert len((folder / best["folder"] / "games.jsonl").read_text().splitlines()) == 4
    report = (folder / "report.md").read_text()
    assert "## Best" in report and "turns in [30, 34]" in report
    assert len((folder / "trials.csv").read_text().splitlines()) == 5
    # fewer Cave-Ins end the game sooner
    by_threshold = again.groupby("cave_in_thresholds[0]")["turns"].mean()
    if len(by_threshold) > 1:
        assert by_threshold.iloc[0] <= by_threshold.iloc[-1]


def test_a_trial_cut_off_is_played_again(tmp_path: Path) -> None:
    import optuna

    folder = tmp_path / "study"
    tune(folder, study(), 1)
    search = optuna.load_study(
        study_name="balance", storage=f"sqlite:///{folder / 'study.db'}"
    )
    cut = search.ask()
    cut.suggest_int("cave_in_thresholds[0]", 4, 9)  # then the process dies
    table = tune(folder, study(), 2, resume=True)
    assert len(table) == 2
    assert cut.params["cave_in_thresholds[0]"] in set(table["cave_in_thresholds[0]"])
    states = [t.state for t in search.get_trials()]
    assert states.count(optuna.trial.TrialState.FAIL) == 1


def test_options_the_rules_refuse_stop_the_study_with_the_reason(
    tmp_path: Path,
) -> None:
    import optuna

    folder = tmp_path / "study"
    bad = study(params=(Param.parse("cave_in_thresholds[0]=int:-3:0"),))
    with pytest.raises(TuneError, match="narrow the --param ranges"):
        tune(folder, bad, 2)
    search = optuna.load_study(
        study_name="balance", storage=f"sqlite:///{folder / 'study.db'}"
    )
    # failed, not left running: a resumed study would not play it again
    assert [t.state for t in search.get_trials()] == [optuna.trial.TrialState.FAIL]


def test_bad_studies_are_refused_with_the_reason(tmp_path: Path) -> None:
    folder = tmp_path / "study"
    tune(folder, study(), 1)
    with pytest.raises(TuneError, match="--resume"):
        tune(folder, study(), 1)
    with pytest.raises(TuneError, match="other settings"):
        tune(folder, study(seed=2), 2, resume=True)
    with pytest.raises(TuneError, match="no study to resume"):
        tune(tmp_path / "none", study(), 1, resume=True)
    (tmp_path / "full").mkdir()
    (tmp_path / "full" / "x").write_text("x")
    with pytest.raises(TuneError, match="not empty"):
        tune(tmp_path / "full", study(), 1)
    with pytest.raises(TuneError, match="needs --tiers"):
        study(targets=(Target.parse("skill_gradient=0.8:1"),), tiers=()).check()
    with pytest.raises(TuneError, match="not among the players"):
        study(tiers=("random", "raider")).check()
    saved = json.loads((folder / "study.json").read_text())
    assert saved["games"] == 4


def test_a_study_on_ray_plays_the_same_games_as_local_processes(tmp_path: Path) -> None:
    """`backend="ray"` (what `--backend ray` picks) plays each trial's tournament
    on Ray; the records and the metrics are those of local processes."""
    pytest.importorskip("ray")
    local = tune(tmp_path / "local", study(), 1)
    on_ray = tune(tmp_path / "ray", study(), 1, backend="ray", jobs=2)
    assert on_ray.loc[0, "objective"] == local.loc[0, "objective"]
    trial = local.loc[0, "folder"]
    assert (tmp_path / "ray" / trial / "games.jsonl").read_bytes() == (
        tmp_path / "local" / trial / "games.jsonl"
    ).read_bytes()


def hewns_study(**changes: object) -> Study:
    base = {
        "params": (Param.parse("card_data.Igil.cost=int:8:14"),),
        "targets": (Target.parse("turns=10:40"),),
        "players": ("random", "random"),
        "num_players": 2,
        "games": 4,
        "seed": 1,
        "game": "hewns",
    }
    return Study(**{**base, **changes})  # type: ignore[arg-type]


def test_options_reach_into_a_mapping_option_and_the_values_in_force() -> None:
    """Dotted names set one value of Hewns' card-data override (the rest of the
    base override kept); an index into an unset option starts from the value in
    force (`effective_danger_faces`, `effective_card_data`)."""
    s = hewns_study(base_options={"card_data": {"Igil": {"ap": 5}}})
    options = options_of(
        s,
        {
            "card_data.Igil.cost": 9,
            "card_data.Raw Substract.gems[0][0]": 10,
            "card_data.Fogbear.store[0]": 4,
            "danger_faces[9]": "lava",
        },
    )
    assert options["card_data"] == {
        "Igil": {"ap": 5, "cost": 9},
        "Raw Substract": {"gems": ((10, 2), (6, 3), (4, 3))},
        "Fogbear": {"store": (4,)},
    }
    assert options["danger_faces"][9] == "lava"
    assert options["danger_faces"][:3] == ("lava", "snedj", "planet_attack")
    assert s.base_options == {"card_data": {"Igil": {"ap": 5}}}  # left as it was
    with pytest.raises(TuneError, match="10 entries"):
        options_of(s, {"danger_faces[10]": "lava"})
    with pytest.raises(
        TuneError, match=r"pile.x: at .x: the option is 28, not a mapping"
    ):
        options_of(s, {"pile.x": 3})


def test_a_hewns_study_searches_a_card_cost(tmp_path: Path) -> None:
    """A tiny study (2 trials, 4 games each) over the Igil's cost: each trial's
    games are played with the chosen cost, and the records keep it."""
    table = tune(tmp_path / "study", hewns_study(), 2)
    assert len(table) == 2
    for _, row in table.iterrows():
        cost = int(row["card_data.Igil.cost"])
        assert 8 <= cost <= 14
        games = (tmp_path / "study" / row["folder"] / "games.jsonl").read_text()
        first = json.loads(games.splitlines()[0])
        assert first["config"]["card_data"] == {"Igil": {"cost": cost}}
