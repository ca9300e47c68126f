"""Hewns calibration (agents/balance/calibration.py, agents/hewns/calibration.py):
each question on hand-made
tables with known answers, the auction watcher on hand-made states and on real
records, the tuner's Hewns metrics, and the results script's command line."""

from __future__ import annotations

import importlib
import sys
from pathlib import Path
from types import SimpleNamespace

import pandas as pd
import pytest

pytest.importorskip("scipy", reason="calibration needs the [balance] extra")

from agents.balance.calibration import tables as generic_tables
from agents.balance.tune import Param, Study, Target, TuneError, measure
from agents.hewns import calibration as cal
from agents.stats import wilson_interval
from scavenger_env.core.simulate import simulate_games
from scavenger_env.hewns.engine.config import HewnsConfig
from scavenger_env.hewns.engine.state import NONE, PURCHASE, RoundStep

SCRIPTS = Path(__file__).resolve().parents[2] / "docs" / "results" / "scripts"


def seats_of(games: list[dict]) -> pd.DataFrame:
    """A seat table: per game its player count, end, end round, the seat that
    bid first, the winners and each seat's Hewn types."""
    rows = []
    for g, game in enumerate(games):
        n = game["n"]
        for seat in range(n):
            row = {
                "game": g,
                "num_players": n,
                "seat": seat,
                "end": game["end"],
                "end_round": game.get("round", 3),
                "bid_order": (seat - game.get("first", 0)) % n,
                "won": seat in game["won"],
            }
            for name in game.get("types", {}).get(seat, ()):
                row[f"types:{name}"] = True
            rows.append(row)
    frame = pd.DataFrame(rows)
    for column in frame.columns:
        if column.startswith("types:"):
            frame[column] = frame[column].fillna(False).astype(bool)
    return frame


def lots_of(auctions: list[tuple[int, int, list[tuple[int, bool]]]]) -> pd.DataFrame:
    """A lot table from (game, round, [(lot, won)]) per auction."""
    rows = [
        {
            "game": g,
            "round": r,
            "lot": lot,
            "kind": cal.lot_kind(lot),
            "won": won,
            "winner": 0 if won else None,
            "num_players": 2,
        }
        for g, r, lots in auctions
        for lot, won in lots
    ]
    return pd.DataFrame(rows)


# --- the questions ------------------------------------------------------------------


def test_only_immediate_triggers_count_as_an_early_end() -> None:
    seats = seats_of(
        [
            {"n": 2, "end": "pile", "won": [0], "round": 2},
            {"n": 2, "end": "depleted", "won": [1]},
            {"n": 2, "end": "no mines", "won": [1]},
            {"n": 2, "end": "rounds", "won": [0]},
            {"n": 3, "end": "cap", "won": [0]},
            {"n": 3, "end": "rounds", "won": [0]},
        ]
    )
    table = cal.ended_early(seats)
    assert table.loc[2, "successes"] == 3 and table.loc[2, "n"] == 4
    assert table.loc[3, "successes"] == 0
    assert table.loc["all", "rate"] == pytest.approx(3 / 6)
    low, high = wilson_interval(3, 6)
    assert (table.loc["all", "ci_low"], table.loc["all", "ci_high"]) == (low, high)
    rounds = cal.end_rounds(seats)
    assert rounds.loc[2, "pile"] == 1 and rounds.loc[3, "rounds"] == 2


def test_lots_bought_by_kind_and_auctions_with_every_lot_bought() -> None:
    lots = lots_of(
        [
            (0, 1, [(0, True), (1, False), (8, True)]),
            (0, 2, [(0, True), (4, True)]),
            (1, 1, [(0, False), (2, True), (8, True), (9, True)]),
        ]
    )
    bought = cal.lots_bought(lots)
    assert bought.loc["all", "rate"] == pytest.approx(7 / 9)
    assert bought.loc["turn order", "rate"] == pytest.approx(2 / 3)
    assert bought.loc["big Hewn", "rate"] == 0 and bought.loc["technology", "rate"] == 1
    assert bought.loc["all", "clusters"] == 2
    every = cal.all_lots_bought(lots)
    assert every.loc["all", "rate"] == pytest.approx(1 / 3)
    assert every.loc[2, "rate"] == 1 and every.loc[1, "rate"] == 0
    with pytest.raises(cal.CalibrationError, match="no auction"):
        cal.lots_bought(lots.iloc[0:0])


def test_the_first_seat_is_the_round_one_first_bidder() -> None:
    games = [
        {"n": 2, "end": "rounds", "first": g % 2, "won": [g % 2]} for g in range(8)
    ]
    games += [{"n": 3, "end": "rounds", "first": 1, "won": [0]} for _ in range(6)]
    table = cal.first_seat(seats_of(games))
    assert table.loc[2, "rate"] == 1 and table.loc[3, "rate"] == 0
    assert table.loc[3, "fair"] == pytest.approx(1 / 3)
    assert table.loc[2, "difference"] == pytest.approx(0.5)
    assert table.loc[2, "verdict"] == "missed"  # 8 of 8: the interval is above 55%
    places = cal.by_bid_place(seats_of(games))
    assert places.loc[(2, 0), "rate"] == 1 and places.loc[(2, 1), "rate"] == 0
    assert places.loc[(3, 2), "rate"] == 1 and places.loc[
        (3, 2), "fair"
    ] == pytest.approx(1 / 3)


def test_a_type_is_flagged_only_when_its_interval_lies_above_one_and_a_half() -> None:
    games = [
        {"n": 2, "end": "rounds", "won": [0], "types": {0: ["Big"], 1: ["Small"]}}
        for _ in range(40)
    ]
    games += [
        {"n": 2, "end": "rounds", "won": [1], "types": {0: ["Small"], 1: ["Rare"]}}
        for _ in range(3)
    ]
    table = cal.type_shares(seats_of(games))
    assert table.loc["Big", "ratio"] == pytest.approx(2.0)
    assert table.loc["Big", "flag"] == "over"
    assert (
        table.loc["Small", "ratio"] == pytest.approx(0.0)
        and table.loc["Small", "flag"] == ""
    )
    assert table.loc["Rare", "flag"] == "few"  # 3 seats: listed, not judged
    assert list(table.index)[-1] == "Rare"
    assert cal.verdict(1.6, 2.4, cal.TARGETS["type_share_max"]) == "missed"


def test_verdicts_and_the_cluster_interval() -> None:
    assert cal.verdict(0.65, 0.8, (0.6, 0.9)) == "met"
    assert cal.verdict(0.2, 0.5, (0.6, 0.9)) == "missed"
    assert cal.verdict(0.5, 0.7, (0.6, 0.9)) == "unclear"
    r = cal.cluster_rate([1, 2, 3], [4, 4, 4])
    assert r["rate"] == pytest.approx(0.5) and r["ci_low"] < 0.5 < r["ci_high"]
    assert cal.cluster_rate([2, 2], [4, 4])["ci_low"] == pytest.approx(0.5)
    with pytest.raises(cal.CalibrationError, match="successes <= trials"):
        cal.cluster_rate([5], [4])


def test_a_table_without_the_facts_is_refused_with_what_to_do() -> None:
    with pytest.raises(cal.CalibrationError, match=r"calibration\.tables"):
        cal.ended_early(pd.DataFrame({"game": [0], "won": [True]}))


# --- the auction watcher ----------------------------------------------------------------


def fake_state(
    step: int, offer: list[int], winners: list[int], rnd: int = 1
) -> SimpleNamespace:
    return SimpleNamespace(
        over=False,
        frames=[SimpleNamespace(step=step)],
        round=rnd,
        offer=offer,
        lot_winner=winners,
    )


def test_the_watcher_reads_the_offer_while_bidding_and_the_winners_after() -> None:
    watch = cal.AuctionWatcher(game=7)
    offer = [NONE, 10, NONE, 12, NONE, NONE, NONE, NONE, 30, NONE, NONE, NONE]
    watch(fake_state(RoundStep.BIDDING, offer, [NONE] * 12))
    watch(fake_state(RoundStep.BIDDING, offer, [NONE] * 12))
    resolved = [1, NONE, NONE, 0, NONE, NONE, NONE, NONE, 1, NONE, NONE, NONE]
    watch(fake_state(RoundStep.DEALING, [NONE] * 12, resolved))
    watch(fake_state(RoundStep.ACTIONS, [NONE] * 12, resolved))
    assert [(r["lot"], r["won"], r["winner"]) for r in watch.rows] == [
        (0, True, 1),  # the turn-order stack is always offered
        (1, False, None),
        (3, True, 0),
        (8, True, 1),
    ]
    assert {r["game"] for r in watch.rows} == {7}


def test_an_auction_cut_off_by_the_safety_stop_is_not_counted() -> None:
    watch = cal.AuctionWatcher()
    watch(fake_state(RoundStep.BIDDING, [NONE] * 12, [NONE] * 12))
    over = fake_state(RoundStep.BIDDING, [NONE] * 12, [NONE] * 12)
    over.over = True
    watch.finish(over)
    assert watch.rows == []


def test_real_records_give_one_auction_a_round_and_the_purchases_won() -> None:
    config = HewnsConfig(num_players=2, cards="core")
    records = list(simulate_games("hewns", config, [3, 4]))
    from scavenger_env.core.simulate import replay_record

    t = cal.tables(records)
    assert set(t.seats["game"]) == {0, 1}
    for g, record in enumerate(records):
        state = replay_record(record)
        part = t.lots[t.lots["game"] == g]
        assert sorted(set(part["round"])) == list(range(1, state.round + 1))
        assert (part["lot"] == 0).sum() == state.round  # the stack, each auction
        assert int(part["won"].sum()) == len(state.purchases) // PURCHASE


def test_calibration_reads_hewns_records_only() -> None:
    from scavenger_env.cavein.engine.config import GameConfig

    records = list(simulate_games("cavein", GameConfig(num_players=2), [1]))
    with pytest.raises(cal.CalibrationError, match="of hewns records only"):
        cal.tables(records)
    with pytest.raises(cal.CalibrationError, match="cavein has no calibration"):
        generic_tables(records, "cavein")


# --- the tuner's metrics and the data's log ------------------------------------------------


def test_the_tuner_measures_the_hewns_questions() -> None:
    seats = seats_of(
        [{"n": 2, "end": "pile", "won": [0], "types": {0: ["Big"]}} for _ in range(3)]
        + [{"n": 2, "end": "rounds", "won": [1], "types": {0: ["Big"]}}]
    )
    seats["order"] = seats["seat"]
    seats["turns"] = seats["actions"] = 10
    seats["score"] = seats["won"].astype(int)
    seats["margin"] = seats["won"].map({True: 1, False: -1})
    seats["source"] = ""
    study = Study(
        params=(),
        targets=(Target.parse("ended_early=0.6:0.9"),),
        players=("greedy", "raider"),
        num_players=2,
        games=4,
        game="hewns",
    )
    lots = lots_of([(0, 1, [(0, True), (1, False)])])
    out = measure(seats, study, lots)
    assert out["ended_early"] == pytest.approx(0.75)
    assert out["first_seat_win_rate"] == pytest.approx(0.75)
    assert out["lots_bought"] == pytest.approx(0.5)
    assert out["all_lots_bought"] == 0
    # 4 seats hold Big, too few to judge: the tuner still gets the plain ratio
    assert out["type_share_max"] == pytest.approx(0.75 / 0.5)
    assert study.targets[0].miss(out["ended_early"]) == 0


def test_hewns_metrics_are_refused_for_other_games() -> None:
    study = Study(
        params=(Param.parse("allow_pass=choice:true,false"),),
        targets=(Target.parse("lots_bought=0.7:1"),),
        players=("greedy", "random"),
        num_players=2,
        games=4,
        game="cavein",
    )
    with pytest.raises(TuneError, match="--game hewns"):
        study.check()


# --- the results script ---------------------------------------------------------------------


def script() -> object:
    if str(SCRIPTS) not in sys.path:
        sys.path.insert(0, str(SCRIPTS))
    return importlib.import_module("calibration")


def test_the_script_has_usage_and_help(capsys: pytest.CaptureFixture[str]) -> None:
    module = script()
    assert "Usage" in (module.__doc__ or "")
    with pytest.raises(SystemExit) as exit_:
        module.main(["--help"])  # type: ignore[attr-defined]
    assert exit_.value.code == 0
    out = capsys.readouterr().out
    assert "--scale" in out and "--output" in out and "--jobs" in out


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--scale", "huge"], "invalid choice"),
        (["--jobs", "0"], "1 or more"),
        (["--cards", "everything"], "--cards everything"),
    ],
)
def test_the_script_refuses_bad_arguments(
    args: list[str], message: str, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    module = script()
    with pytest.raises(SystemExit) as exit_:
        module.main([*args, "--output", str(tmp_path / "page.md")])  # type: ignore[attr-defined]
    assert exit_.value.code == 2
    assert message in capsys.readouterr().err
    assert not (tmp_path / "page.md").exists()


@pytest.mark.slow
def test_the_script_writes_the_page(tmp_path: Path) -> None:
    """One deal per player count: the page has its provenance, the four
    questions' answers with verdicts and every section."""
    module = script()
    out = module.write_page(  # type: ignore[attr-defined]
        "tiny",
        1,
        tmp_path / "runs",
        tmp_path / "calibration.md",
        None,
        ["--scale", "tiny"],
    )
    text = out.read_text()
    assert text.startswith("# Hewns calibration\n")
    assert (
        "**Command**: `python docs/results/scripts/calibration.py --scale tiny`" in text
    )
    for section in ("## Answers", "## 1. How games end", "## 2. Lots bought",
                    "## 3. The first seat", "## 4. Hewn types", "## What to change",
                    "## Designed values changed"):  # fmt: skip
        assert section in text, section
    assert text.count("first seat wins (") == 3
    assert "Full scale (900 games) would take about" in text
