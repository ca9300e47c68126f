"""The balance questions, each a function of the seat table (`frames.seat_frame`)
that returns a DataFrame with confidence intervals.

"Won" counts a tie as a win for every tied player, so the win rates of one
game's seats can add up to more than 1, and the fair share of a seat is a little
above 1 / n when ties happen.
"""

from __future__ import annotations

from collections.abc import Sequence

import pandas as pd

from .estimates import mean_table, rate, rate_difference, rate_table, share_test
from .frames import game_frame


def by_turn_order(seats: pd.DataFrame, by: Sequence[str] = ()) -> pd.DataFrame:
    """Win rate by turn order (0 moved first) at each player count, with the
    fair share 1 / n and the exact binomial p-value of a rate equal to it;
    `by` adds groups (say `("player",)` for each skill level)."""
    keys = ["num_players", *by, "order"]
    table = rate_table(seats, keys)
    n = table.index.get_level_values("num_players").astype(int)
    table["fair"] = 1 / n
    table["p_value"] = [
        share_test(s, t, f)
        for s, t, f in zip(table["successes"], table["n"], table["fair"])
    ]
    return table


def by_seat(seats: pd.DataFrame) -> pd.DataFrame:
    """Win rate by seat number (whoever sits there), per player count."""
    return rate_table(seats, ["num_players", "seat"])


def _with_and_without(seats: pd.DataFrame, columns: Sequence[str]) -> pd.DataFrame:
    """For each True/False (or present/absent) column: the share of seats that
    have it, the win rate with and without it, and the difference."""
    rows = {}
    for column in columns:
        has = (
            seats[column].fillna(False).astype(bool)
            if seats[column].dtype == bool
            else seats[column].notna()
        )
        yes, no = seats[has], seats[~has]
        if not len(yes) or not len(no):
            continue
        diff = rate_difference(no["won"].sum(), len(no), yes["won"].sum(), len(yes))
        with_rate = rate(float(yes["won"].sum()), len(yes))
        rows[column.split(":", 1)[1]] = {
            "seats": len(seats),
            "share_with": len(yes) / len(seats),
            "win_rate_with": with_rate["rate"],
            "with_ci_low": with_rate["ci_low"],
            "with_ci_high": with_rate["ci_high"],
            "win_rate_without": no["won"].mean(),
            "difference": diff["difference"],
            "ci_low": diff["ci_low"],
            "ci_high": diff["ci_high"],
            "p_value": diff["p_value"],
        }
    return pd.DataFrame.from_dict(rows, orient="index")


def by_totem(seats: pd.DataFrame) -> pd.DataFrame:
    """For each faction's Totem: how often it is held at the end, and the win
    rate of its holder against everyone else (games where it is in play)."""
    tables = []
    for column in sorted(c for c in seats if c.startswith("totems:")):
        faction = column.split(":", 1)[1]
        in_play = seats[seats["factions"].str.contains(faction, regex=False)]
        tables.append(_with_and_without(in_play, [column]))
    return pd.concat(tables).sort_values("difference", ascending=False)


def by_artifact(seats: pd.DataFrame) -> pd.DataFrame:
    """For each artifact half: how often a seat owns it at the end, the win rate
    of its owners against everyone else, and the VP it scored when owned."""
    columns = sorted(c for c in seats if c.startswith("artifacts:"))
    table = _with_and_without(seats, columns)
    vp = {c.split(":", 1)[1]: seats[c].dropna().mean() for c in columns}
    table["mean_vp_when_owned"] = pd.Series(vp)
    return table.sort_values("difference", ascending=False)


def by_faction_set(seats: pd.DataFrame) -> pd.DataFrame:
    """Per set of four factions in play: games, the first player's win rate and
    the mean game length, each with its interval."""
    games = game_frame(seats)
    first = rate_table(
        games.dropna(subset=["first_player_won"]).astype({"first_player_won": bool}),
        "factions",
        "first_player_won",
    )
    length = mean_table(games, "factions", "turns")
    return pd.DataFrame(
        {
            "games": length["n"],
            "first_player_win_rate": first["rate"],
            "first_ci_low": first["ci_low"],
            "first_ci_high": first["ci_high"],
            "mean_turns": length["mean"],
            "turns_ci_low": length["ci_low"],
            "turns_ci_high": length["ci_high"],
        }
    )


def by_faction(seats: pd.DataFrame) -> pd.DataFrame:
    """Per faction: the game length and the first player's win rate in the games
    it is in play and in those it is not."""
    games = game_frame(seats)
    names = sorted({f for s in games["factions"].dropna() for f in s.split("+")})
    rows = {}
    for name in names:
        has = games["factions"].str.split("+").apply(lambda fs, n=name: n in fs)
        yes, no = games[has], games[~has]
        row = {"games_in_play": len(yes), "games_out": len(no)}
        for label, part in (("in", yes), ("out", no)):
            row[f"mean_turns_{label}"] = part["turns"].mean()
            row[f"first_player_win_rate_{label}"] = part["first_player_won"].mean()
        rows[name] = row
    return pd.DataFrame.from_dict(rows, orient="index")


def game_length(seats: pd.DataFrame, by: Sequence[str] = ()) -> pd.DataFrame:
    """Mean turns (all players together) per player count, with 95% intervals."""
    return mean_table(game_frame(seats), ["num_players", *by], "turns")


def score_margins(seats: pd.DataFrame, by: Sequence[str] = ()) -> pd.DataFrame:
    """The winner's mean lead over the runner-up per player count (0 in a tie)."""
    return mean_table(game_frame(seats), ["num_players", *by], "winner_margin")


def by_holding(seats: pd.DataFrame, prefix: str) -> pd.DataFrame:
    """For each column `prefix:ITEM` (say Hewns' `types:Fogbear`, a card held at
    the end): the share of seats holding it, and the win rate with it against
    without it, with the difference's 95% interval and p-value, most winning
    first."""
    columns = sorted(c for c in seats if c.startswith(f"{prefix}:"))
    if not columns:
        raise ValueError(f"no column starts with {prefix}: in this table")
    table = _with_and_without(seats, columns)
    return table.sort_values("difference", ascending=False)


def prices(
    seats: pd.DataFrame, count: str = "bought", paid: str = "paid"
) -> pd.DataFrame:
    """What each item fetched: from the columns `count:ITEM` (how many a seat
    bought) and `paid:ITEM` (what it paid for them in all), the number sold and
    the mean price with its 95% interval (over the seats that bought it)."""
    rows = {}
    for column in sorted(c for c in seats if c.startswith(f"{count}:")):
        item = column.split(":", 1)[1]
        bought = seats[column].fillna(0)
        spent = seats.get(f"{paid}:{item}", pd.Series(0, index=seats.index)).fillna(0)
        mask = bought > 0
        each = (spent[mask] / bought[mask]).astype(float)
        n = int(bought.sum())
        mean = float(each.mean()) if len(each) else float("nan")
        half = (
            1.96 * float(each.std(ddof=1)) / len(each) ** 0.5
            if len(each) > 1
            else float("nan")
        )
        rows[item] = {
            "sold": n,
            "mean_price": mean,
            "ci_low": mean - half,
            "ci_high": mean + half,
        }
    if not rows:
        raise ValueError(f"no column starts with {count}: in this table")
    return pd.DataFrame.from_dict(rows, orient="index").sort_values(
        "mean_price", ascending=False
    )
