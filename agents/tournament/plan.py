"""A tournament's plan: the lineup, its seatings, the deals and each game's task.

A tournament is a **lineup** of K players (agent specs such as ``random`` or
``ismcts:iterations=200``) for games of N seats, N <= K, of one registered game.
For every group of N players, every order of the group (N <= 3) or a Williams
Latin square (N = 4) seats every player in every seat equally often; every deal
is played once in every seating.
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any, NamedTuple

import numpy as np

from scavenger_env.core.errors import MAX_SEED, ConfigError, show_int
from scavenger_env.core.game import Game
from scavenger_env.core.games import DEFAULT_GAME, UnknownGameError, get_game
from scavenger_env.core.seeding import game_seed

from ..registry import (
    agent_names,
    check_agent_spec,
    given_name,
    is_trusted,
    make_agent,
    player_name,
    without_name,
)
from .errors import TournamentError

__all__ = [
    "INTERACTIVE",
    "SETTINGS_FORMAT",
    "GameTask",
    "Plan",
    "check_spec",
    "make_plan",
    "player_labels",
    "seatings",
    "split_players",
]

SETTINGS_FORMAT = 1
"""The format of ``tournament.json``."""

INTERACTIVE = frozenset({"human"})
"""Agents that read a keyboard: refused in tournaments."""


def split_players(text: str) -> list[str]:
    """Split ``"random,ismcts:iterations=200,time=1,greedy"`` into agent specs.

    Commas separate players, except inside double quotes (a program's command
    line: ``exec:"python bot.py"``) and that a part with ``=`` and no ``:``
    continues the options of the spec before it.
    """
    from ..registry import split_options

    specs: list[str] = []
    for part in (p.strip() for p in split_options(text)):
        if specs and "=" in part and ":" not in part and ":" in specs[-1]:
            specs[-1] += "," + part
        else:
            specs.append(part)
    return specs


def player_labels(specs: Sequence[str]) -> list[str]:
    """One distinct name per player, for tables and records: its ``name=``
    option, else its spec, numbered ``#1, #2, ...`` when the same spec without
    a name is repeated (a bot may play itself).

    Raises:
        TournamentError: two players given the same name (or a name that is
            another player's spec), which no table could tell apart.
    """
    counts = {spec: specs.count(spec) for spec in specs}
    seen: dict[str, int] = {}
    labels = []
    for spec in specs:
        if given_name(spec) or counts[spec] == 1:
            labels.append(player_name(spec))
        else:
            seen[spec] = seen.get(spec, 0) + 1
            labels.append(f"{spec}#{seen[spec]}")
    for index, label in enumerate(labels):
        if label in labels[:index]:
            first = labels.index(label)
            raise TournamentError(
                f"players {first + 1} and {index + 1} ({specs[first]} and "
                f"{specs[index]}) are both named {label!r}; rename one with the "
                f"option name=, e.g. {_renamed(specs[index], index + 1)}"
            )
    return labels


def _renamed(spec: str, number: int) -> str:
    """`spec` with the option ``name=`` set to a name of its own."""
    bare = without_name(spec)
    kind = bare.partition(":")[0]
    return f"{bare}{',' if ':' in bare else ':'}name={kind}{number}"


def _williams(n: int) -> list[tuple[int, ...]]:
    """A Williams design: each symbol in each column once, each ordered pair of
    neighbours once (``n`` rows for even ``n``, ``2n`` for odd ``n``)."""
    first = [0]
    low, high = 1, n - 1
    while len(first) < n:
        first.append(low)
        low += 1
        if len(first) < n:
            first.append(high)
            high -= 1
    rows = [tuple((x + i) % n for x in first) for i in range(n)]
    if n % 2:
        rows += [row[::-1] for row in rows]
    return rows


def seatings(k: int, n: int, all_seatings: bool = False) -> list[tuple[int, ...]]:
    """The seatings of a lineup of ``k`` players in ``n`` seats.

    Each seating lists, per seat, the index of the player in it. For every group of
    ``n`` players (``itertools.combinations``), all orders when ``n <= 3`` or
    ``all_seatings``, else a Williams Latin square. Every player sits in every seat
    equally often.
    """
    if not 1 <= n <= k:
        raise ValueError(f"{k} players cannot fill {n} seats")
    if n <= 3 or all_seatings:
        rows = list(itertools.permutations(range(n)))
    else:
        rows = _williams(n)
    return [
        tuple(group[i] for i in row)
        for group in itertools.combinations(range(k), n)
        for row in rows
    ]


class GameTask(NamedTuple):
    """Everything a worker needs to play game ``index`` of a tournament."""

    number: int
    """The game's place in the tournament: ``deal * seatings + seating``."""
    deal: int
    seating: int
    seed: int
    rng_seed: int
    specs: tuple[str, ...]
    players: tuple[str, ...]


@dataclass(frozen=True)
class Plan:
    """A tournament's settings and its games (build with :func:`make_plan`)."""

    specs: tuple[str, ...]
    config: Any
    """The game's config (a frozen value with ``num_players`` and ``to_dict()``)."""
    deals: int
    seed: int = 0
    all_seatings: bool = False
    game: str = DEFAULT_GAME
    """The registered name of the game played (``get_game(plan.game)``)."""
    rules_given: bool = True
    """Whether the rules were chosen; when not (``make_plan`` without ``config``), a
    folder made under older rules is resumed under its own (:func:`check_directory`)."""
    labels: tuple[str, ...] = field(init=False)
    seatings: tuple[tuple[int, ...], ...] = field(init=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "labels", tuple(player_labels(self.specs)))
        object.__setattr__(
            self,
            "seatings",
            tuple(
                seatings(len(self.specs), self.config.num_players, self.all_seatings)
            ),
        )

    @property
    def num_players(self) -> int:
        return int(self.config.num_players)

    @property
    def games(self) -> int:
        """Deals × seatings."""
        return self.deals * len(self.seatings)

    def deal_seed(self, deal: int) -> int:
        return game_seed(self.seed, deal)

    def rng_seed(self, deal: int, seating: int) -> int:
        child = np.random.SeedSequence(self.seed, spawn_key=(deal, seating))
        return int(child.generate_state(1, np.uint64)[0]) >> 1

    def locate(self, index: int) -> tuple[int, int]:
        """Game ``index`` -> (deal, seating)."""
        return divmod(index, len(self.seatings))

    def task(self, index: int) -> GameTask:
        """Game ``index``: its deal, seating, seeds and who sits where."""
        deal, seating = self.locate(index)
        order = self.seatings[seating]
        return GameTask(
            number=index,
            deal=deal,
            seating=seating,
            seed=self.deal_seed(deal),
            rng_seed=self.rng_seed(deal, seating),
            specs=tuple(self.specs[i] for i in order),
            players=tuple(self.labels[i] for i in order),
        )

    def settings(self) -> dict[str, Any]:
        """The JSON of ``tournament.json``."""
        return {
            "format": SETTINGS_FORMAT,
            "game": self.game,
            "config": self.config.to_dict(),
            "specs": list(self.specs),
            "players": list(self.labels),
            "num_players": self.num_players,
            "seed": self.seed,
            "all_seatings": self.all_seatings,
            "seatings": [[self.labels[i] for i in s] for s in self.seatings],
            "deals": self.deals,
            "games": self.games,
        }


def check_spec(
    spec: str,
    who: str | None = None,
    game: Game | str = DEFAULT_GAME,
    num_players: int | None = None,
) -> None:
    """Build the agent of ``spec`` for ``game`` once, turning any failure into
    TournamentError (``who`` names the player in it, e.g. "player 2 of 3").

    With ``num_players``, an agent that can say up front whether it plays that
    game (a ``check_game(game, num_players)`` method, as `ppo` has: is there a
    policy for it?) is asked too."""
    name = spec.partition(":")[0].strip()
    if name in INTERACTIVE:
        raise TournamentError(
            f"player {name!r} waits for a person at the keyboard and cannot play "
            "a tournament; play it with `scavenger play`"
        )
    try:
        if not is_trusted(spec):  # its code runs only in its own process
            check_agent_spec(spec, who, game=game)
            return
        agent = make_agent(spec, who, game=game)
    except ValueError as exc:  # its message names the player already
        raise TournamentError(str(exc)) from None
    except (ImportError, AttributeError) as exc:
        raise TournamentError(
            f"player {name!r} is registered but cannot be loaded ({exc}); "
            f"choose from: {', '.join(agent_names(game))}"
        ) from None
    check_game = getattr(agent, "check_game", None)
    if check_game is not None and num_players is not None:
        try:
            check_game(get_game(game).name, num_players)
        except ValueError as exc:
            whose = f"{who} ({name})" if who else name
            raise TournamentError(f"{whose}: {exc}") from None


def make_plan(
    players: Sequence[str] | str,
    num_players: int | None = None,
    *,
    games: int | None = None,
    deals: int | None = None,
    seed: int = 0,
    all_seatings: bool = False,
    config: Any = None,
    game: Game | str = DEFAULT_GAME,
) -> Plan:
    """Check a tournament's settings and plan its games of ``game``.

    Args:
        players: Agent specs, or one comma-separated string (:func:`split_players`).
        num_players: Seats per game (default: the number of players, or
            ``config.num_players``).
        games: Total games wanted; rounded up to whole deals (each deal is played
            in every seating). Give this or ``deals``.
        deals: Number of deals.
        seed: The master seed.
        all_seatings: With 4 seats, play all 24 orders instead of a Latin square.
        config: The rules (default: ``game.make_config(num_players)``; a folder
            made under older rules then resumes under its own, see
            :func:`check_directory`).
        game: The game, a registered name or its `Game` (default: Cave-In).

    Raises:
        TournamentError: what is wrong, and what is allowed.
    """
    specs = (
        split_players(players)
        if isinstance(players, str)
        else [p.strip() for p in players]
    )
    if any(not s for s in specs):
        raise TournamentError(
            "an empty player name in the list; write e.g. random,random"
        )
    if len(specs) < 2:
        raise TournamentError(
            f"a tournament needs at least 2 players, got {len(specs)}: give a list "
            "such as random,random (a name may be repeated)"
        )
    name = _game_name(game)
    rules_given = config is not None
    if config is None:
        n = len(specs) if num_players is None else num_players
        try:
            config = get_game(name).make_config(n)
        except ConfigError as err:
            hint = (
                f" (one seat per player named; give fewer seats, e.g. --num-players "
                f"{min(4, len(specs))}, to play every group of that many)"
                if num_players is None
                else ""
            )
            raise TournamentError(
                f"{n} player{'' if n == 1 else 's'} per game: {err}{hint}"
            ) from None
    elif num_players is not None and num_players != config.num_players:
        raise TournamentError(
            f"num_players {num_players} differs from config.num_players "
            f"{config.num_players}"
        )
    n = config.num_players
    if len(specs) < n:
        raise TournamentError(
            f"too few players: {len(specs)} for {n} seats; name at least {n} "
            f"(repeat a name to seat the same bot twice, e.g. "
            f"{','.join([specs[0]] * n)})"
        )
    for index, spec in enumerate(specs):
        if spec not in specs[:index]:
            check_spec(spec, f"player {index + 1} of {len(specs)}", name, n)
    player_labels(specs)  # TournamentError: two players of one name
    if (games is None) == (deals is None):
        raise TournamentError("give the number of games or of deals, not both")
    count = len(seatings(len(specs), n, all_seatings))
    if deals is None:
        assert games is not None
        if games < 1:
            raise TournamentError(
                f"the number of games must be at least 1, got {games}"
            )
        deals = math.ceil(games / count)
    if deals < 1:
        raise TournamentError(f"the number of deals must be at least 1, got {deals}")
    if not 0 <= seed <= MAX_SEED:
        raise TournamentError(
            f"the seed must be an int in 0..2**64 - 1 (a record keeps it in 64 "
            f"bits), got {show_int(seed)}"
        )
    return Plan(
        specs=tuple(specs),
        config=config,
        deals=deals,
        seed=seed,
        all_seatings=all_seatings,
        game=name,
        rules_given=rules_given,
    )


def _game_name(game: Game | str) -> str:
    """The registered name of ``game``: workers find the game by that name."""
    try:
        found = get_game(game)
        if get_game(found.name) is not found:
            raise UnknownGameError(
                f"the game {found.name!r} given is not the one registered under "
                "that name"
            )
    except UnknownGameError as err:
        raise TournamentError(
            f"{err}; a tournament plays a game registered in "
            "scavenger_env.core.games.GAMES"
        ) from None
    return found.name
