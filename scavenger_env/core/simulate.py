"""Play any game with random legal moves, record it, and replay records.

A game is exactly ``(game, config, seed, actions)``: :func:`play_random_game`
plays one, ``game.record`` turns it into a :class:`~scavenger_env.core.GameRecord`,
and :func:`replay_record` / :func:`replay_transcript` rebuild it from the record
(the game found by the record's ``game`` name) and check that it ends with the
recorded outcome and, when the record holds one, the recorded digest of the game
(seed, actions and final state), so a record proves its game.

Nothing here imports a game package: games come from
:func:`scavenger_env.core.games.get_game`.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterable, Iterator, Sequence
from typing import Any

import numpy as np

from scavenger_env.core.chance import CHANCE, game_rng, play_chance
from scavenger_env.core.errors import ConfigError, IllegalActionError
from scavenger_env.core.game import Game
from scavenger_env.core.games import UnknownGameError, game_names, get_game
from scavenger_env.core.records import GameRecord, RecordError

__all__ = [
    "MAX_DECISIONS",
    "RandomChooser",
    "choice_rng",
    "play_random_game",
    "replay_record",
    "replay_transcript",
    "simulate_games",
]

MAX_DECISIONS = 100_000
"""A random game that has not ended after this many decisions is an engine bug."""

_CHOICE_STREAM = 1
"""Mixed into the seed so the move-choice stream differs from the engine's set-up."""

_EDITED_HINT = (
    "the record was edited or made by another engine version; "
    "re-create the file with `scavenger simulate`"
)


def choice_rng(seed: int) -> np.random.Generator:
    """The generator random play uses to pick moves for the game with ``seed``.

    It is ``numpy.random.default_rng([1, seed])``: seeded from the game seed but a
    different stream from the one the engine draws the set-up from.
    """
    return np.random.default_rng([_CHOICE_STREAM, seed])


class RandomChooser:
    """Uniform choice among legal actions, drawing floats from a Generator in blocks.

    Drawing one float per decision from a pre-filled block is several times cheaper
    than ``rng.integers`` per call, and just as reproducible for a given generator.
    """

    __slots__ = ("_block", "_i", "_rng")

    _BLOCK = 1024

    def __init__(self, rng: np.random.Generator) -> None:
        self._rng = rng
        self._block: list[float] = []
        self._i = 0

    def choose(self, legal: Sequence[int]) -> int:
        """Return one element of ``legal``, each with equal probability."""
        if self._i >= len(self._block):
            self._block = self._rng.random(self._BLOCK).tolist()
            self._i = 0
        u = self._block[self._i]
        self._i += 1
        return legal[int(u * len(legal))]


def play_random_game(
    game: str | Game, config: Any, seed: int, rng_seed: int | None = None
) -> tuple[Any, list[int]]:
    """Play one game to the end, every decision uniform among the legal actions.

    Args:
        game: The game (or its registered name).
        config: The rules to play under (the game's config).
        seed: The set-up seed passed to ``game.new_game``.
        rng_seed: Seed of the move-choice generator; ``None`` uses
            :func:`choice_rng` of ``seed``, so the game depends on ``seed`` alone.

    Returns:
        The finished state and the list of actions applied.

    Raises:
        RuntimeError: the engine offered no legal action, or the game did not end
            within :data:`MAX_DECISIONS` decisions (both are engine bugs).
    """
    game = get_game(game)
    rng = choice_rng(seed) if rng_seed is None else np.random.default_rng(rng_seed)
    choose = RandomChooser(rng).choose
    is_over, legal_actions, apply_action = (
        game.is_over,
        game.legal_actions,
        game.apply_action,
    )
    chance = game_rng(seed)  # deals the game, then draws its rolls
    state = game.new_game(config, chance)
    actions: list[int] = []
    while True:
        play_chance(game, state, chance, actions)
        if is_over(state):
            break
        legal = legal_actions(state)
        if not legal:
            raise RuntimeError(
                f"engine bug: no legal action for player "
                f"{game.current_player(state)} after {len(actions)} decisions "
                f"(seed {seed})"
            )
        if len(actions) >= MAX_DECISIONS:
            raise RuntimeError(
                f"engine bug: game with seed {seed} did not end within "
                f"{MAX_DECISIONS} decisions"
            )
        action = choose(legal)
        apply_action(state, action)
        actions.append(action)
    return state, actions


def simulate_games(
    game: str | Game, config: Any, seeds: Iterable[int]
) -> Iterator[GameRecord]:
    """Play one random game per seed (see :func:`play_random_game`), yielding records."""
    game = get_game(game)
    for seed in seeds:
        state, actions = play_random_game(game, config, seed)
        yield game.record(config, seed, state, actions)


def replay_record(
    record: GameRecord, on_action: Callable[[Any, int], None] | None = None
) -> Any:
    """Rebuild a recorded game and check it ends with the recorded outcome.

    ``on_action(state, action)``, when given, sees the state before each action
    is applied (to gather facts the final state no longer holds, such as each
    auction's offer); it must not change the state.

    A record with a ``digest`` must also give that digest (the game's digest of
    its seed, its actions and the replay's final state), which catches edits that
    keep the outcome (two payment cards swapped, for example).

    Returns:
        The final state.

    Raises:
        RecordError: the record is for a game this version does not know, was made
            under rules this engine does not accept, names no rules version
            where it must, holds an illegal action, does not end where the game
            ends, or its outcome, digest or a fact of its `meta` that the game
            recomputes (`Game.record_meta`) differs from the replay's.
    """
    game, state = _start(record)
    for index, action in enumerate(record.actions):
        if on_action is not None:
            on_action(state, action)
        _step(game, record, state, index, action)
    _finish(game, record, state)
    return state


def replay_transcript(record: GameRecord, viewer: int = 0) -> Iterator[str]:
    """Replay a record, yielding a turn-by-turn text transcript line by line.

    Each turn starts with a header (``game.transcript_header``) followed by one
    indented line per decision (``game.describe_action``). At the end come the
    final state as ``viewer`` sees it (``game.render``) and the scores.

    Raises:
        RecordError: as :func:`replay_record`, when the bad action is reached.
    """
    game, state = _start(record)
    turn_key: object = None
    for index, action in enumerate(record.actions):
        if game.is_over(state):
            _step(game, record, state, index, action)  # raises: the game ended
        key = turn_key if game.is_chance_node(state) else game.turn_key(state)
        if key != turn_key:
            turn_key = key
            yield game.transcript_header(state)
        try:
            text = game.describe_action(state, action)
        except Exception:  # an illegal id may not be describable; _step says why
            text = f"action {action}"
        _step(game, record, state, index, action)
        yield f"  {text}"
    _finish(game, record, state)
    yield ""
    yield f"Final state (as player {viewer} sees it):"
    yield from game.render(state, viewer).splitlines()
    yield ""
    yield _outcome_line(record)


def _outcome_line(record: GameRecord) -> str:
    scores = ", ".join(f"player {p}: {s}" for p, s in enumerate(record.scores))
    if len(record.winners) == 1:
        who = f"Player {record.winners[0]} wins"
    else:
        who = f"Players {' and '.join(map(str, record.winners))} win (tie)"
    return f"Scores — {scores}. {who} after {record.turns} turns."


def game_of(record: GameRecord) -> Game:
    """The game a record is of; `RecordError` naming the known games if none."""
    try:
        return get_game(record.game)
    except UnknownGameError:
        raise RecordError(
            f"the record is for game {record.game!r}, which this version of "
            "scavenger-env does not know",
            hint=f"it replays records of {', '.join(map(repr, game_names()))}",
        ) from None


def _start(record: GameRecord) -> tuple[Game, Any]:
    game = game_of(record)
    if record.digest is None and not game.digest_optional(record.config):
        # Every version whose records may lack a digest is known to the game.
        raise RecordError(
            "the record has no 'digest', though its config names its "
            "'rules_version', so the version that wrote it gave it one",
            hint=_EDITED_HINT,
        )
    _check_rules_version(game, record)
    try:
        config = game.config_from_dict(record.config)
    except ConfigError as err:
        raise RecordError(
            f"the game was made under other rules: {err}",
            hint="replay it with the scavenger-env version that wrote it, "
            "or re-create the file with `scavenger simulate`",
        ) from None
    return game, game.new_game(config, record.seed)


def _check_meta(game: Game, record: GameRecord, state: Any) -> None:
    """The facts of `meta` that the replay recomputes (`Game.record_meta`: how
    the game ended, its start player...) must be the replay's; the others (a
    tournament's deal and seating) are the maker's to state. A fact missing
    from `meta` is not checked: older versions kept fewer."""
    if record.meta is None:
        return
    for name, value in game.record_meta(state).items():
        if name not in record.meta:
            continue
        replayed = json.loads(json.dumps(value))  # as a record stores it
        if record.meta[name] != replayed:
            raise RecordError(
                f"recorded meta {name!r} {record.meta[name]!r} but the replay "
                f"gives {replayed!r}",
                hint=_EDITED_HINT,
            )


def _check_rules_version(game: Game, record: GameRecord) -> None:
    """A config that names no `rules_version` is refused where the game has
    rules versions, unless the record is of format 1 and the game reads such a
    config as its first rules (Cave-In's records from before rules versions):
    every later record names it, so a missing one was removed, and the game
    would be replayed under whatever rules are the default now."""
    if "rules_version" in record.config:
        return
    if "rules_version" not in game.make_config(game.min_players).to_dict():
        return  # this game has no rules versions
    if record.format_version == 1 and game.digest_optional(record.config):
        return  # written before configs named their rules version
    raise RecordError(
        f"the record's config names no 'rules_version', though every "
        f"format-{record.format_version} record of {game.name} does",
        hint=_EDITED_HINT,
    )


def _step(game: Game, record: GameRecord, state: Any, index: int, action: int) -> None:
    n = len(record.actions)
    if game.is_over(state):
        raise RecordError(
            f"the game ended after action {index} of {n}, "
            f"but the record holds {n - index} more",
            hint=_EDITED_HINT,
        )
    try:
        game.apply_action(state, action)
    except IllegalActionError as err:
        raise RecordError(
            f"action {index + 1} of {n} (id {action}) is illegal for "
            f"{_who(game, state)}: {err}",
            hint=_EDITED_HINT,
        ) from None


def _who(game: Game, state: Any) -> str:
    seat = game.current_player(state)
    return "chance (a roll or a draw)" if seat == CHANCE else f"player {seat}"


def _decisions(game: Game, record: GameRecord) -> int:
    """The players' decisions in a record (its actions less the chance outcomes)."""
    state = _start(record)[1]
    decisions = 0
    for action in record.actions:
        decisions += not game.is_chance_node(state)
        game.apply_action(state, action)
    return decisions


def _finish(game: Game, record: GameRecord, state: Any) -> None:
    if not game.is_over(state):
        raise RecordError(
            f"the record ends after {len(record.actions)} actions but the game is "
            f"not over ({_who(game, state)} to move)",
            hint="the record was truncated or edited; "
            "re-create the file with `scavenger simulate`",
        )
    checks: list[tuple[str, Any, Any]] = [
        ("scores", record.scores, list(game.scores(state))),
        ("winners", sorted(record.winners), sorted(game.winners(state))),
        ("turns", record.turns, game.turns(state)),
    ]
    if (
        record.format_version == 1
        and record.turns != game.turns(state)
        and record.turns == _decisions(game, record)
    ):
        checks.pop()  # the first format let a game count decisions (Krysis did)
    for name, recorded, replayed in checks:
        if recorded != replayed:
            raise RecordError(
                f"recorded {name} {recorded} but the replay gives {replayed}",
                hint=_EDITED_HINT,
            )
    _check_meta(game, record, state)
    if record.digest is not None:
        version = record.digest_version or 1
        replayed = game.digests_for(version, state, record.seed, record.actions)
        if record.digest not in replayed:
            raise RecordError(
                f"the record does not reproduce its game: its digest (version "
                f"{version}) is {record.digest} but its seed, actions and replayed "
                f"final state give {replayed[0]}",
                hint=_EDITED_HINT,
            )
