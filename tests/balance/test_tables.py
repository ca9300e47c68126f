"""The seat table, the balance questions, the skill gradient and variants, on
small real tournaments."""

from __future__ import annotations

from pathlib import Path

import pytest

pytest.importorskip("scipy", reason="balance needs the [balance] extra")

from agents.balance import analysis
from agents.balance.frames import game_frame, seat_frame
from agents.balance.skill import head_to_head, skill_gradient
from agents.balance.variants import Variant, compare, play_variant
from scavenger_env.core.records import iter_records


@pytest.fixture(scope="module")
def folders(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Path]:
    root = tmp_path_factory.mktemp("balance")
    two = play_variant(Variant("two"), "greedy,random", 2, 24, root, seed=5)
    three = play_variant(Variant("three"), "random,greedy,random", 3, 12, root, seed=5)
    short = play_variant(
        Variant("short 4/5/6", {"cave_in_thresholds": (4, 5, 6)}),
        "greedy,random",
        2,
        24,
        root,
        seed=5,
    )
    return {"two": two, "three": three, "short": short}


def test_a_variant_plays_in_one_folder_of_the_root(folders: dict[str, Path]) -> None:
    """A `/` in a variant's name does not nest folders, nor `..` leave the root."""
    short = folders["short"]
    assert short.name == "short 4-5-6"
    assert short.parent == folders["two"].parent
    up = Variant("../up").folder_name
    assert "/" not in up and not up.startswith(".")


def test_one_row_per_seat_with_the_records_outcome(folders: dict[str, Path]) -> None:
    seats = seat_frame([folders["two"], folders["three"]])
    records = list(iter_records(folders["two"] / "games.jsonl"))
    assert len(seats) == 2 * 24 + 3 * 12
    first = seats[seats["game"] == 0].sort_values("seat")
    assert first["score"].tolist() == records[0].scores
    assert first["won"].tolist() == [s in records[0].winners for s in range(2)]
    assert first["player"].tolist() == records[0].players
    # the VP by source adds up to the score, for every seat of every game
    vp = seats.filter(like="vp:").sum(axis=1)
    assert (vp == seats["score"]).all()
    # turn order: each game has exactly one start player, and the record says who
    assert (
        seats.groupby("game")["order"].apply(sorted).apply(list)
        == seats.groupby("game")["num_players"].first().apply(lambda n: list(range(n)))
    ).all()
    start = records[0].meta["start_player"]
    assert first.set_index("seat").loc[start, "order"] == 0
    # a Totem column only where the faction is in play, and each Totem has one holder
    for column in seats.filter(like="totems:").columns:
        assert seats.groupby("game")[column].sum().max() <= 1
    assert (seats["config:num_players"] == seats["num_players"]).all()


def test_margins_and_the_game_table(folders: dict[str, Path]) -> None:
    seats = seat_frame(folders["two"])
    winners = seats[seats["won"]]
    assert (winners["margin"] >= 0).all() and (seats[~seats["won"]]["margin"] < 0).all()
    games = game_frame(seats)
    assert len(games) == 24 and games["first_player_won"].notna().all()
    assert (games["winner_margin"] >= 0).all()


def test_a_missing_folder_says_what_to_give(tmp_path: Path) -> None:
    with pytest.raises(FileNotFoundError, match=r"games\.jsonl"):
        seat_frame(tmp_path)


def test_turn_order_table(folders: dict[str, Path]) -> None:
    seats = seat_frame([folders["two"], folders["three"]])
    table = analysis.by_turn_order(seats)
    assert list(table.index) == [(2, 0), (2, 1), (3, 0), (3, 1), (3, 2)]
    assert table.loc[(3, 0), "fair"] == pytest.approx(1 / 3)
    assert table.loc[(2, 0), "n"] == 24
    assert ((table["p_value"] >= 0) & (table["p_value"] <= 1)).all()
    by_player = analysis.by_turn_order(seats, by=["player"])
    assert by_player["n"].sum() == len(seats)


def test_artifacts_and_totems(folders: dict[str, Path]) -> None:
    seats = seat_frame(folders["two"])
    artifacts = analysis.by_artifact(seats)
    for name, row in artifacts.iterrows():
        owned = seats[f"artifacts:{name}"].notna()
        assert row["share_with"] == pytest.approx(owned.mean())
        assert row["win_rate_with"] == pytest.approx(seats[owned]["won"].mean())
    totems = analysis.by_totem(seats)
    assert ((totems["share_with"] > 0) & (totems["share_with"] < 1)).all()


def test_faction_sets_length_and_margin(folders: dict[str, Path]) -> None:
    seats = seat_frame(folders["two"])
    sets = analysis.by_faction_set(seats)
    assert sets["games"].sum() == 24
    assert all(len(s.split("+")) == 4 for s in sets.index)
    factions = analysis.by_faction(seats)
    assert (factions["games_in_play"] + factions["games_out"] == 24).all()
    length = analysis.game_length(seats)
    assert length.loc[2, "mean"] == pytest.approx(game_frame(seats)["turns"].mean())


def test_head_to_head_and_the_skill_gradient(folders: dict[str, Path]) -> None:
    seats = seat_frame(folders["two"])
    matrix = head_to_head(seats)
    assert matrix.loc["greedy", "random"] + matrix.loc["random", "greedy"] == 1
    assert matrix.loc["greedy", "random"] > 0.9  # greedy beats random
    up = skill_gradient(seats, ["random", "greedy"])
    down = skill_gradient(seats, ["greedy", "random"])
    assert up["gradient"] == pytest.approx(matrix.loc["greedy", "random"])
    assert down["gradient"] == pytest.approx(1 - up["gradient"])
    assert up["ci_low"] <= up["gradient"] <= up["ci_high"]
    with pytest.raises(ValueError, match="played no game"):
        skill_gradient(seats, ["random", "raider"])


def test_a_variant_with_early_cave_ins_is_shorter(folders: dict[str, Path]) -> None:
    base, short = seat_frame(folders["two"]), seat_frame(folders["short"])
    assert (short["config:cave_in_thresholds"] == "4/5/6").all()
    table = compare(base, short, tiers=["random", "greedy"])
    assert table.loc["turns", "difference"] < 0
    assert table.loc["turns", "p_value"] < 0.05
    assert table.loc["actions", "difference"] < 0  # fewer turns, fewer decisions
    assert set(table.index) == {
        "first player's win rate",
        "turns",
        "actions",
        "winner's margin",
        "skill gradient",
    }


def test_a_bad_variant_names_the_options(tmp_path: Path) -> None:
    with pytest.raises(ValueError, match="cave_in_thresholds"):
        play_variant(Variant("bad", {"cave_in": 3}), "random,random", 2, 2, tmp_path)


def test_by_holding_and_prices_read_the_item_columns() -> None:
    """`by_holding` compares the win rate of seats holding an item with the rest;
    `prices` gives what each item fetched per copy."""
    import pandas as pd

    from agents.balance.analysis import by_holding, prices

    seats = pd.DataFrame(
        {
            "won": [True, False, True, False],
            "types:Fogbear": [True, False, True, False],
            "bought:Fogbear": [1, None, 2, None],
            "paid:Fogbear": [7, None, 10, None],
            "bought:Drump": [None, 1, None, None],
            "paid:Drump": [None, 3, None, None],
        }
    )
    held = by_holding(seats, "types")
    assert held.loc["Fogbear", "win_rate_with"] == 1.0
    assert held.loc["Fogbear", "win_rate_without"] == 0.0
    table = prices(seats)
    assert (
        table.loc["Fogbear", "sold"] == 3 and table.loc["Fogbear", "mean_price"] == 6.0
    )
    assert table.loc["Drump", "mean_price"] == 3.0
    try:
        by_holding(seats, "factions")
    except ValueError as err:
        assert "factions" in str(err)
    else:
        raise AssertionError("no columns must be an error")
