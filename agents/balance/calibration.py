"""Calibration: the four questions a game's designed numbers must answer (asked
by the Hewns design), each with a 95% interval and a verdict against its target.

The questions are read from two tables (`Tables`): the seat table
(`frames.seat_frame`'s columns, with the game's `end`, `end_round`, `bid_order`
and `types:NAME` facts) and a lot table, one row per lot offered at auction,
built during the replay by the game's watcher (`WATCHERS`: Hewns's is
`agents.hewns.calibration.AuctionWatcher`, which also holds the calibration
tournaments).

The questions (the design's calibration list) and how they are read here, as
rulings:

1. **Do games end by round 3 in 60-90% of cases?** The game has at most 3
   rounds: it ends at the end of round 3 (`end` = "rounds") or earlier, at once,
   when the normal Substract pile empties, the depleted-mines track reaches 15 or
   no mine is left on the board ("pile", "depleted", "no mines"). Every game
   ends by round 3, so the question is read as: the game ends on one of the
   immediate triggers during rounds 1-3 rather than by the round limit
   (`ended_early`); the designed pile is sized so that such an end is "a live
   trigger". A game cut short by the safety stop ("cap") counts as not early.
2. **Is every lot bought in at least 70% of auctions?** Per auction (one per
   round), the offered lots are the turn-order stack (lot 0, always offered) and
   the lots holding a card; a lot is bought when someone won it
   (`state.lot_winner`). Two readings: `lots_bought`, the share of offered lots
   won (by lot kind too), and `all_lots_bought`, the share of auctions in which
   every offered lot was won (the question's literal wording). Both are
   measured; the target (at least 70%) applies to each.
3. **Does the first seat win within ±5 points of 1/n?** The first seat is the
   round-1 first bidder (`bid_order` 0), drawn at random at set-up: the one seat
   the rules, not the players, put first (later turn order is bought at auction,
   so it mixes luck with choice; `order` keeps it). Its win rate (a tie is a win
   for every tied seat) is measured at each player count.
4. **Does any Hewn type win more than 1.5x its share?** A type's share is the
   fair share 1/n of each seat holding one at the end; its ratio is the win rate
   of those seats over that share (averaged over the player counts they played
   at). A ratio whose interval lies above 1.5 is flagged "over"; a point
   estimate above 1.5 whose interval reaches below is "maybe".

Verdicts: "met" when the whole interval lies in the target range, "missed" when
it lies wholly outside, "unclear" otherwise (more games are needed).

Rates pooled over games (lots, auctions) use a bootstrap over games, since the
lots of one game are not independent; one row per game or seat uses the
Wilson interval.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np
import pandas as pd

from .estimates import ALPHA, rate
from .frames import Source, _records, seat_rows, seat_table

IMMEDIATE_ENDS = ("pile", "depleted", "no mines")
"""The end triggers that end a game at once, before the round limit."""

TARGETS: dict[str, tuple[float, float]] = {
    "ended_early": (0.60, 0.90),
    "lots_bought": (0.70, 1.0),
    "all_lots_bought": (0.70, 1.0),
    "first_seat_win_rate": (-0.05, 0.05),  # minus 1/n: within ±5 points
    "type_share_max": (0.0, 1.5),
}
"""Each question's target range (the first seat's is its rate minus 1/n)."""

BOOTSTRAP_DRAWS = 2000

MIN_TYPE_SEATS = 10
"""A Hewn type held by fewer seats is listed but not judged: the highest of many
small samples' ratios would flag luck."""


class CalibrationError(ValueError):
    """The records cannot answer a question (no Hewns games, no auctions);
    says which."""


@dataclass
class Tables:
    """A tournament's tables: `seats` (as `frames.seat_frame`) and `lots` (one
    row per offered lot of every auction: `game`, `round`, `lot`, `kind`, `won`,
    `winner`, and `num_players`)."""

    seats: pd.DataFrame
    lots: pd.DataFrame


LOT_COLUMNS = ("game", "round", "lot", "kind", "won", "winner", "num_players")


def empty_lots() -> pd.DataFrame:
    """A lot table with no rows (records with no auction resolved)."""
    return pd.DataFrame(columns=list(LOT_COLUMNS))


WATCHERS: dict[str, str] = {"hewns": "agents.hewns.calibration:AuctionWatcher"}
"""Per game, its auction watcher as "module:Class" (this generic module names
no game's package): called with the state before each action of a replay,
`finish(state)` after the last, and its `rows` are the lot table's rows."""


def watcher_class(game: str) -> Any:
    """The auction watcher of `game` (`WATCHERS`)."""
    import importlib

    if game not in WATCHERS:
        raise CalibrationError(
            f"{game} has no calibration questions; they are asked of "
            f"{', '.join(sorted(WATCHERS))} games"
        )
    module, _, name = WATCHERS[game].partition(":")
    return getattr(importlib.import_module(module), name)


def tables(
    sources: Source | Sequence[Source], game: str = "hewns", progress: bool = False
) -> Tables:
    """Replay the records of `sources` (all of `game`) once each, checking
    them, and build the seat table and the lot table (from `game`'s watcher)."""
    from scavenger_env.core.simulate import replay_record

    make_watcher = watcher_class(game)
    seat_list: list[dict[str, Any]] = []
    lot_list: list[dict[str, Any]] = []
    items: Any = _records(sources)
    if progress:
        from tqdm import tqdm

        items = tqdm(items, desc="replaying", unit="game")
    for index, (source, record) in enumerate(items):
        if record.game != game:
            raise CalibrationError(
                f"{source or 'a record'} is a {record.game} game; these tables "
                f"are of {game} records only"
            )
        watch = make_watcher(index)
        state = replay_record(record, on_action=watch)
        watch.finish(state)
        n = len(record.scores)
        lot_list += [{**row, "num_players": n} for row in watch.rows]
        seat_list += seat_rows(record, index, source, state)
    lots = pd.DataFrame(lot_list, columns=list(LOT_COLUMNS))
    return Tables(seat_table(seat_list), lots)


# --- intervals and verdicts ----------------------------------------------------------


def cluster_rate(
    successes: Sequence[float] | np.ndarray,
    trials: Sequence[float] | np.ndarray,
    seed: int = 0,
) -> dict[str, float]:
    """A share pooled over clusters (games), with a 95% bootstrap interval that
    resamples whole clusters: `n` (trials), `clusters`, `rate`, `ci_low`,
    `ci_high`. One cluster (or none) gives the Wilson interval of the pooled
    count, the best that can be said."""
    s = np.asarray(successes, dtype=float)
    t = np.asarray(trials, dtype=float)
    if s.shape != t.shape or (s > t).any() or (s < 0).any():
        raise CalibrationError("each cluster needs 0 <= successes <= trials")
    total = float(t.sum())
    if total == 0:
        return {"n": 0, "clusters": len(t), "rate": math.nan} | {
            "ci_low": math.nan,
            "ci_high": math.nan,
        }
    pooled = float(s.sum()) / total
    if len(t) < 2:
        r = rate(float(s.sum()), int(total))
        low, high = r["ci_low"], r["ci_high"]
    else:
        rng = np.random.default_rng(seed)
        picks = rng.integers(0, len(t), size=(BOOTSTRAP_DRAWS, len(t)))
        sums_t = t[picks].sum(axis=1)
        draws = s[picks].sum(axis=1) / np.where(sums_t > 0, sums_t, np.nan)
        low, high = (
            float(x) for x in np.nanquantile(draws, [ALPHA / 2, 1 - ALPHA / 2])
        )
    return {
        "n": int(total),
        "clusters": len(t),
        "rate": pooled,
        "ci_low": low,
        "ci_high": high,
    }


def verdict(low: float, high: float, target: tuple[float, float]) -> str:
    """ "met" (the interval lies in the target), "missed" (wholly outside) or
    "unclear"."""
    lo, hi = target
    if math.isnan(low) or math.isnan(high):
        return "unclear"
    if lo <= low and high <= hi:
        return "met"
    if high < lo or low > hi:
        return "missed"
    return "unclear"


# --- the questions ------------------------------------------------------------------


def game_table(seats: pd.DataFrame) -> pd.DataFrame:
    """One row per game: `num_players`, `end`, `end_round`, `ended_early`, and
    whether the first seat (round-1 first bidder) won."""
    _need(seats, ("game", "num_players", "end", "end_round", "bid_order", "won"))
    first = seats[seats["bid_order"] == 0].set_index("game")
    games = first[["num_players", "end", "end_round"]].copy()
    games["ended_early"] = games["end"].isin(IMMEDIATE_ENDS)
    games["first_seat_won"] = first["won"].astype(bool)
    return games


def ended_early(seats: pd.DataFrame) -> pd.DataFrame:
    """Question 1, per player count and over all ("all"): the share of games
    ended by an immediate trigger, Wilson interval, target 60-90%, verdict."""
    games = game_table(seats)
    rows = {}
    for n, part in [*games.groupby("num_players"), ("all", games)]:
        r = rate(float(part["ended_early"].sum()), len(part))
        rows[n] = {
            **r,
            "verdict": verdict(r["ci_low"], r["ci_high"], TARGETS["ended_early"]),
        }
    return _table(rows, "num_players")


def end_rounds(seats: pd.DataFrame) -> pd.DataFrame:
    """How many games ended in each round, by end trigger (the histogram behind
    question 1)."""
    games = game_table(seats)
    return pd.crosstab(games["end_round"], games["end"])


def lots_bought(lots: pd.DataFrame, seed: int = 0) -> pd.DataFrame:
    """Question 2, first reading: the share of offered lots won, per lot kind
    and over all ("all"), with a bootstrap interval over games; target at
    least 70%."""
    _need(lots, ("game", "kind", "won"))
    if not len(lots):
        raise CalibrationError("no auction was resolved in these records")
    rows = {}
    for kind, part in [*lots.groupby("kind"), ("all", lots)]:
        per_game = part.groupby("game")["won"].agg(["sum", "count"])
        r = cluster_rate(per_game["sum"], per_game["count"], seed)
        rows[kind] = {
            **r,
            "verdict": verdict(r["ci_low"], r["ci_high"], TARGETS["lots_bought"]),
        }
    return _table(rows, "kind")


def auction_table(lots: pd.DataFrame) -> pd.DataFrame:
    """One row per auction (game, round): lots offered, lots won, and whether
    every offered lot was won."""
    _need(lots, ("game", "round", "won", "num_players"))
    auctions = lots.groupby(["game", "round"]).agg(
        num_players=("num_players", "first"),
        offered=("won", "count"),
        won=("won", "sum"),
    )
    auctions["all_won"] = auctions["won"] == auctions["offered"]
    return auctions


def all_lots_bought(lots: pd.DataFrame, seed: int = 0) -> pd.DataFrame:
    """Question 2, literal reading: the share of auctions in which every
    offered lot was won, per round and over all, with a bootstrap interval over
    games; target at least 70%."""
    auctions = auction_table(lots).reset_index()
    if not len(auctions):
        raise CalibrationError("no auction was resolved in these records")
    rows = {}
    for key, part in [*auctions.groupby("round"), ("all", auctions)]:
        per_game = part.groupby("game")["all_won"].agg(["sum", "count"])
        r = cluster_rate(per_game["sum"], per_game["count"], seed)
        target = TARGETS["all_lots_bought"]
        rows[key] = {**r, "verdict": verdict(r["ci_low"], r["ci_high"], target)}
    return _table(rows, "round")


def first_seat(seats: pd.DataFrame) -> pd.DataFrame:
    """Question 3, per player count: the first seat's win rate with its Wilson
    interval, the fair share 1/n, the difference in points and the verdict
    (within ±5 points of 1/n)."""
    games = game_table(seats)
    rows = {}
    for n, part in games.groupby("num_players"):
        r = rate(float(part["first_seat_won"].sum()), len(part))
        fair = 1 / int(n)
        lo, hi = TARGETS["first_seat_win_rate"]
        rows[int(n)] = {
            **r,
            "fair": fair,
            "difference": r["rate"] - fair,
            "verdict": verdict(r["ci_low"] - fair, r["ci_high"] - fair, (lo, hi)),
        }
    return _table(rows, "num_players")


def by_bid_place(seats: pd.DataFrame) -> pd.DataFrame:
    """Win rate by place in round 1's bidding (0: the first bidder) at each
    player count, against the fair share 1/n with the exact binomial p-value:
    the whole picture behind question 3."""
    from .analysis import by_turn_order

    _need(seats, ("bid_order", "won", "num_players"))
    table = by_turn_order(seats.assign(order=seats["bid_order"]))
    table.index = table.index.set_names(["num_players", "bid_place"])
    return table


def type_shares(seats: pd.DataFrame, min_seats: int = MIN_TYPE_SEATS) -> pd.DataFrame:
    """Question 4, per Hewn type: the seats holding one at the end, their win
    rate, their fair share (the mean 1/n), the ratio of the two with its
    interval (Wilson's, divided by the share) and a flag ("over": the interval
    lies above 1.5; "maybe": only the estimate does; "few": held by fewer than
    `min_seats` seats, not judged), judged types first, highest ratio first."""
    _need(seats, ("won", "num_players"))
    rows = {}
    limit = TARGETS["type_share_max"][1]
    for column in sorted(c for c in seats.columns if c.startswith("types:")):
        held = seats[seats[column].fillna(False).astype(bool)]
        if not len(held):
            continue
        r = rate(float(held["won"].sum()), len(held))
        fair = float((1 / held["num_players"]).mean())
        ratio, low, high = r["rate"] / fair, r["ci_low"] / fair, r["ci_high"] / fair
        flag = "over" if low > limit else "maybe" if ratio > limit else ""
        if len(held) < min_seats:
            flag = "few"
        rows[column.split(":", 1)[1]] = {
            "seats": len(held),
            "win_rate": r["rate"],
            "fair": fair,
            "ratio": ratio,
            "ci_low": low,
            "ci_high": high,
            "flag": flag,
        }
    table = _table(rows, "type")
    if not len(table):
        return table
    table["judged"] = table["flag"] != "few"
    table = table.sort_values(["judged", "ratio"], ascending=False, kind="stable")
    return table.drop(columns="judged")


def metrics(
    t: Tables, num_players: int | None = None, seed: int = 0
) -> dict[str, float]:
    """The questions as numbers for the tuner (`tune.METRICS`), each with
    `_low`/`_high`: `ended_early`, `lots_bought`, `all_lots_bought`,
    `first_seat_win_rate` (the rate itself, at `num_players` or the only count
    played) and `type_share_max` (the highest judged type ratio; when no type
    is held by enough seats to judge, the highest of all)."""
    out: dict[str, float] = {}

    def put(name: str, row: pd.Series, value: str = "rate") -> None:
        out.update(
            {
                name: float(row[value]),
                f"{name}_low": float(row["ci_low"]),
                f"{name}_high": float(row["ci_high"]),
            }
        )

    put("ended_early", ended_early(t.seats).loc["all"])
    if len(t.lots):
        put("lots_bought", lots_bought(t.lots, seed).loc["all"])
        put("all_lots_bought", all_lots_bought(t.lots, seed).loc["all"])
    first = first_seat(t.seats)
    counts = list(first.index)
    if num_players is None and len(counts) == 1:
        num_players = int(counts[0])
    if num_players in counts:
        put("first_seat_win_rate", first.loc[num_players])
    types = type_shares(t.seats)
    judged = types[types["flag"] != "few"] if len(types) else types
    if len(judged):
        put("type_share_max", judged.iloc[0], "ratio")
    elif len(types):  # a tuner's trial too small to judge: the plain highest
        put("type_share_max", types.sort_values("ratio").iloc[-1], "ratio")
    return out


def answers(t: Tables, seed: int = 0) -> pd.DataFrame:
    """One row per question (and per player count for the first seat): the
    estimate, its interval, the target and the verdict."""
    rows = []

    def add(question: str, r: pd.Series, target: str, value: str = "rate") -> None:
        rows.append(
            {
                "question": question,
                "n": int(r.get("n", r.get("seats", 0))),
                "estimate": float(r[value]),
                "ci_low": float(r["ci_low"]),
                "ci_high": float(r["ci_high"]),
                "target": target,
                "verdict": r["verdict"],
            }
        )

    add(
        "games ended by an immediate trigger", ended_early(t.seats).loc["all"], "60-90%"
    )
    add("offered lots bought", lots_bought(t.lots, seed).loc["all"], ">= 70%")
    add(
        "auctions with every lot bought",
        all_lots_bought(t.lots, seed).loc["all"],
        ">= 70%",
    )
    for n, r in first_seat(t.seats).iterrows():
        add(f"first seat wins ({n} players)", r, f"{1 / int(n):.0%} ± 5 points")
    types = type_shares(t.seats)
    judged = types[types["flag"] != "few"] if len(types) else types
    if len(judged):
        top = judged.iloc[0].copy()
        top["verdict"] = verdict(
            top["ci_low"], top["ci_high"], TARGETS["type_share_max"]
        )
        add(f"highest type ratio ({judged.index[0]})", top, "<= 1.5x", "ratio")
    return pd.DataFrame(rows)


def _table(rows: dict[Any, dict[str, Any]], index: str) -> pd.DataFrame:
    table = pd.DataFrame.from_dict(rows, orient="index")
    table.index.name = index
    return table


def _need(frame: pd.DataFrame, columns: Sequence[str]) -> None:
    missing = [c for c in columns if c not in frame.columns]
    if missing:
        raise CalibrationError(
            f"the table lacks {', '.join(missing)}; build it with "
            "agents.balance.calibration.tables() from Hewns records"
        )
