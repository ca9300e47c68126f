"""Tournament statistics from game records: win rates with Wilson intervals, score
margins, openskill ratings, per-seat and per-position win rates, head to head.

They read the records' ``players``, ``scores``, ``winners`` and ``meta`` only, so
they are the same for every game; "score" below is the game's (VP in Cave-In),
and the ``mean_vp`` key keeps its name whatever the game's unit.

Definitions (the numbers in ``summary.json``, ``summary.csv`` and the table):

- **games** of a player: the games it played. Each player of a lineup is one name
  (a bot that holds two seats of a lineup is two names, ``random#1`` and
  ``random#2``); a record that names one player on two seats counts both seats.
- **wins**: games the player won, as the record's ``winners`` say (in Cave-In:
  the most VP). *A tie counts as a win for every tied player*, as Cave-In's
  rulebook says ("all tied players win"), so the win rates of a game's players
  can add up to more than 100%.
- **win_rate** = wins / games, with its 95% **Wilson score interval**
  ``ci_low .. ci_high`` (:func:`wilson_interval`), which stays inside [0, 1] and
  is honest for small counts and rates near 0 or 1.
- **mean_vp**: mean final score. **mean_margin**: mean of (own score − the best
  score among the other players); positive for a winner, 0 for a tied winner,
  negative for a loser.
- **rating**: an openskill Plackett-Luce rating, updated game by game in record
  order (so it is deterministic) with the game's ranking by score (equal
  score, equal rank). ``rating_mu`` is the estimate, ``rating_sigma`` its uncertainty and
  ``rating_conservative`` the ``mu − 3·sigma`` that openskill calls the ordinal
  (the terminal table shows ``mu ± sigma``).
  Everyone starts at mu 25, sigma 25/3.
- **seats**: per seat (0 = the first seat of the record, whoever sits there), games
  and wins over all players. **positions**: the same by turn order (position 0
  moved first; Cave-In's engine draws the start player at set-up), which is the
  first-player advantage; present when the records hold ``meta.start_player``.
- **head_to_head**: for two players ``a`` and ``b``, over the games both played,
  the share in which ``a`` scored more than ``b``, a tie counting half, so
  ``M[a][b] + M[b][a] = 1``, with its Wilson interval (``ci_low``, ``ci_high``;
  a tie counts as half a success). The diagonal is ``None``.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence
from typing import Any

from scavenger_env.core.records import GameRecord

__all__ = ["Z95", "summarize", "wilson_interval"]

Z95 = 1.959963984540054
"""The standard normal quantile for a two-sided 95% interval (``Φ⁻¹(0.975)``)."""

_DIGITS = 6
"""Floats in the summary are rounded to this many decimals."""


def wilson_interval(
    successes: float, trials: int, z: float = Z95
) -> tuple[float, float]:
    """The Wilson score interval for ``successes`` out of ``trials``.

    ``(c − h, c + h)`` with ``p = successes / trials``,
    ``c = (p + z²/2n) / (1 + z²/n)`` and
    ``h = z · sqrt(p(1 − p)/n + z²/4n²) / (1 + z²/n)``. With no trials it is
    ``(0.0, 1.0)``: nothing is known.

    >>> [round(x, 4) for x in wilson_interval(5, 10)]
    [0.2366, 0.7634]
    """
    if trials <= 0:
        return 0.0, 1.0
    if not 0 <= successes <= trials:
        raise ValueError(f"successes must lie in 0..{trials}, got {successes}")
    n = trials
    p = successes / n
    z2 = z * z
    denom = 1 + z2 / n
    centre = (p + z2 / (2 * n)) / denom
    half = z * math.sqrt(p * (1 - p) / n + z2 / (4 * n * n)) / denom
    low = 0.0 if successes == 0 else max(0.0, centre - half)
    high = 1.0 if successes == n else min(1.0, centre + half)
    return low, high


def _r(x: float) -> float:
    return round(float(x), _DIGITS)


def _rate(wins: float, games: int) -> dict[str, Any]:
    low, high = wilson_interval(wins, games)
    return {
        "games": games,
        "wins": wins,
        "win_rate": _r(wins / games) if games else None,
        "ci_low": _r(low),
        "ci_high": _r(high),
    }


class _Tally:
    __slots__ = ("games", "margin", "seat_games", "seat_wins", "vp", "wins")

    def __init__(self) -> None:
        self.games = 0
        self.wins = 0
        self.vp = 0
        self.margin = 0
        self.seat_games: dict[int, int] = {}
        self.seat_wins: dict[int, int] = {}


def summarize(
    records: Iterable[GameRecord], players: Sequence[str] | None = None
) -> dict[str, Any]:
    """Statistics of a set of finished games (see the module docstring).

    Args:
        records: The games, in the order the ratings are to be updated.
        players: The player names in the order to report them (a tournament's
            lineup); names found in the records but not here follow in order of
            first appearance. A record without ``players`` names its seats
            ``seat0``, ``seat1``, ...

    Returns:
        A JSON-safe dict with ``games``, ``ties`` (games with more than one
        winner), ``mean_turns``, ``players`` (one dict per player), ``seats``,
        ``positions`` (when known) and ``head_to_head``.
    """
    from openskill.models import PlackettLuce

    model = PlackettLuce()
    order: list[str] = list(dict.fromkeys(players or ()))
    tallies: dict[str, _Tally] = {name: _Tally() for name in order}
    ratings: dict[str, Any] = {}
    seat_games: list[int] = []
    seat_wins: list[int] = []
    pos_games: list[int] = []
    pos_wins: list[int] = []
    have_positions = True
    ahead: dict[tuple[str, str], float] = {}
    shared: dict[tuple[str, str], int] = {}
    games = ties = turns = 0

    for record in records:
        scores = record.scores
        n = len(scores)
        names = record.players or [f"seat{s}" for s in range(n)]
        winners = set(record.winners)
        games += 1
        turns += record.turns
        ties += len(winners) > 1
        while len(seat_games) < n:
            seat_games.append(0)
            seat_wins.append(0)
            pos_games.append(0)
            pos_wins.append(0)
        start = (record.meta or {}).get("start_player")
        if not isinstance(start, int) or not 0 <= start < n:
            have_positions = False
        for seat, name in enumerate(names):
            tally = tallies.get(name)
            if tally is None:
                tally = tallies[name] = _Tally()
                order.append(name)
            won = seat in winners
            best_other = max(v for s, v in enumerate(scores) if s != seat)
            tally.games += 1
            tally.wins += won
            tally.vp += scores[seat]
            tally.margin += scores[seat] - best_other
            tally.seat_games[seat] = tally.seat_games.get(seat, 0) + 1
            tally.seat_wins[seat] = tally.seat_wins.get(seat, 0) + won
            seat_games[seat] += 1
            seat_wins[seat] += won
            if have_positions and isinstance(start, int):
                position = (seat - start) % n
                pos_games[position] += 1
                pos_wins[position] += won
            for other in range(n):
                b = names[other]
                if other == seat or b == name:
                    continue
                shared[name, b] = shared.get((name, b), 0) + 1
                if scores[seat] > scores[other]:
                    ahead[name, b] = ahead.get((name, b), 0) + 1
                elif scores[seat] == scores[other]:
                    ahead[name, b] = ahead.get((name, b), 0) + 0.5
        if len(set(names)) == n:  # a player cannot be ranked against itself
            teams = [
                [ratings[name] if name in ratings else model.rating()] for name in names
            ]
            rated = model.rate(teams, scores=list(scores))
            for name, (rating,) in zip(names, rated):
                ratings[name] = rating

    out_players = []
    for name in order:
        t = tallies[name]
        rating = ratings[name] if name in ratings else model.rating()
        entry: dict[str, Any] = {"player": name, **_rate(t.wins, t.games)}
        entry["mean_vp"] = _r(t.vp / t.games) if t.games else None
        entry["mean_margin"] = _r(t.margin / t.games) if t.games else None
        entry["rating_conservative"] = _r(rating.mu - 3 * rating.sigma)
        entry["rating_mu"] = _r(rating.mu)
        entry["rating_sigma"] = _r(rating.sigma)
        entry["by_seat"] = [
            {"seat": s, **_rate(t.seat_wins.get(s, 0), t.seat_games.get(s, 0))}
            for s in range(len(seat_games))
        ]
        out_players.append(entry)

    summary: dict[str, Any] = {
        "games": games,
        "ties": ties,
        "mean_turns": _r(turns / games) if games else None,
        "players": out_players,
        "seats": [
            {"seat": s, **_rate(w, g)}
            for s, (g, w) in enumerate(zip(seat_games, seat_wins))
        ],
    }
    if have_positions and games:
        summary["positions"] = [
            {"position": p, **_rate(w, g)}
            for p, (g, w) in enumerate(zip(pos_games, pos_wins))
        ]
    intervals = {
        (a, b): wilson_interval(ahead.get((a, b), 0), shared[a, b])
        for a in order
        for b in order
        if a != b and shared.get((a, b))
    }
    summary["head_to_head"] = {
        "players": order,
        "games": [[shared.get((a, b), 0) for b in order] for a in order],
        "win_rate": [
            [
                _r(ahead.get((a, b), 0) / shared[a, b]) if (a, b) in intervals else None
                for b in order
            ]
            for a in order
        ],
        "ci_low": [
            [_r(intervals[a, b][0]) if (a, b) in intervals else None for b in order]
            for a in order
        ],
        "ci_high": [
            [_r(intervals[a, b][1]) if (a, b) in intervals else None for b in order]
            for a in order
        ],
    }
    return summary
