"""Play Cave-In games with random legal moves, record them, and replay records.

A game is exactly ``(config, seed, actions)``: :func:`play_random_game` plays one,
:func:`record_from_game` turns it into a :class:`~scavenger_env.core.GameRecord`, and
:func:`replay_record` / :func:`replay_transcript` rebuild it from the record and check
that it ends with the recorded outcome and, when the record holds one, the recorded
digest of the game (``game_digest``: seed, actions and final state), so a record
proves its game.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Sequence
from typing import Any

import numpy as np

from scavenger_env.cavein.engine import (
    ConfigError,
    GameConfig,
    GameState,
    IllegalActionError,
    apply_action,
    describe_action,
    final_scores,
    game_digest,
    legal_actions,
    new_game,
    winners,
)
from scavenger_env.core.records import GameRecord, RecordError

__all__ = [
    "GAME",
    "MAX_DECISIONS",
    "RandomChooser",
    "choice_rng",
    "play_random_game",
    "record_from_game",
    "replay_record",
    "replay_transcript",
    "simulate_games",
]

GAME = "cavein"
"""The ``game`` field of Cave-In records."""

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
    config: GameConfig, seed: int, rng_seed: int | None = None
) -> tuple[GameState, list[int]]:
    """Play one game to the end, every decision uniform among the legal actions.

    Args:
        config: The rules to play under.
        seed: The set-up seed passed to ``new_game``.
        rng_seed: Seed of the move-choice generator; ``None`` uses
            :func:`choice_rng` of ``seed``, so the game depends on ``seed`` alone.

    Returns:
        The finished state and the list of actions applied.

    Raises:
        RuntimeError: the engine offered no legal action, or the game did not end
            within :data:`MAX_DECISIONS` decisions (both are engine bugs).
    """
    rng = choice_rng(seed) if rng_seed is None else np.random.default_rng(rng_seed)
    chooser = RandomChooser(rng)
    state = new_game(config, seed)
    actions: list[int] = []
    while not state.is_over:
        legal = legal_actions(state)
        if not legal:
            raise RuntimeError(
                f"engine bug: no legal action for player {state.current_player} "
                f"after {len(actions)} decisions (seed {seed})"
            )
        if len(actions) >= MAX_DECISIONS:
            raise RuntimeError(
                f"engine bug: game with seed {seed} did not end within "
                f"{MAX_DECISIONS} decisions"
            )
        action = chooser.choose(legal)
        apply_action(state, action)
        actions.append(action)
    return state, actions


def record_from_game(
    config: GameConfig, seed: int, state: GameState, actions: Sequence[int]
) -> GameRecord:
    """Make the record of a finished game, with the digest of its final state.

    Args:
        config: The rules the game was played under.
        seed: The set-up seed passed to ``new_game``.
        state: The final state.
        actions: Every action applied, in order.
    """
    return GameRecord(
        game=GAME,
        config=config.to_dict(),
        seed=seed,
        actions=list(actions),
        scores=list(final_scores(state)),
        winners=list(winners(state)),
        turns=total_turns(state),
        digest=game_digest(state, seed, actions),
    )


def simulate_games(config: GameConfig, seeds: Iterable[int]) -> Iterator[GameRecord]:
    """Play one random game per seed (see :func:`play_random_game`), yielding records."""
    for seed in seeds:
        state, actions = play_random_game(config, seed)
        yield record_from_game(config, seed, state, actions)


def total_turns(state: GameState) -> int:
    """Turns taken so far, all players together."""
    return sum(state.turns_taken)


def replay_record(record: GameRecord) -> GameState:
    """Rebuild a recorded game and check it ends with the recorded outcome.

    A record with a ``digest`` must also give that digest (``game_digest`` of its
    seed, its actions and the replay's final state), which catches edits that keep
    the outcome (two payment cards swapped, for example).

    Returns:
        The final state.

    Raises:
        RecordError: the record is for another game, was made under rules this
            engine does not accept, holds an illegal action, does not end where the
            game ends, or its outcome or digest differs from the replay's.
    """
    state = _start(record)
    for index, action in enumerate(record.actions):
        _step(record, state, index, action)
    _finish(record, state)
    return state


def replay_transcript(record: GameRecord, viewer: int = 0) -> Iterator[str]:
    """Replay a record, yielding a turn-by-turn text transcript line by line.

    Each turn starts with a header (``"Round 3 — player 1's turn"``) followed by
    one indented line per decision (``describe_action``). At the end come the final
    state as ``viewer`` sees it (``render_state``) and the scores.

    Raises:
        RecordError: as :func:`replay_record`, when the bad action is reached.
    """
    from scavenger_env.cavein.render import render_state

    state = _start(record)
    turn_key: tuple[int, int] | None = None
    for index, action in enumerate(record.actions):
        if state.is_over:
            _step(record, state, index, action)  # raises: the game already ended
        key = (state.current_player, total_turns(state))
        if key != turn_key:
            turn_key = key
            yield f"Round {state.round} — player {state.current_player}'s turn"
        try:
            text = describe_action(state, action)
        except Exception:  # an illegal id may not be describable; _step says why
            text = f"action {action}"
        _step(record, state, index, action)
        yield f"  {text}"
    _finish(record, state)
    yield ""
    yield f"Final state (as player {viewer} sees it):"
    yield from render_state(state, viewer).splitlines()
    yield ""
    yield _outcome_line(record)


def _outcome_line(record: GameRecord) -> str:
    scores = ", ".join(f"player {p}: {s}" for p, s in enumerate(record.scores))
    if len(record.winners) == 1:
        who = f"Player {record.winners[0]} wins"
    else:
        who = f"Players {' and '.join(map(str, record.winners))} win (tie)"
    return f"Scores — {scores}. {who} after {record.turns} turns."


def _start(record: GameRecord) -> GameState:
    if record.game != GAME:
        raise RecordError(
            f"the record is for game {record.game!r}, not {GAME!r}",
            hint=f"this version of scavenger-env replays only {GAME!r} records",
        )
    if record.digest is None and "rules_version" in record.config:
        # Every version whose configs name their rules version writes a digest.
        raise RecordError(
            "the record has no 'digest', though its config names its "
            "'rules_version', so the version that wrote it gave it one",
            hint=_EDITED_HINT,
        )
    try:
        config = GameConfig.from_dict(record.config)
    except ConfigError as err:
        raise RecordError(
            f"the game was made under other rules: {err}",
            hint="replay it with the scavenger-env version that wrote it, "
            "or re-create the file with `scavenger simulate`",
        ) from None
    return new_game(config, record.seed)


def _step(record: GameRecord, state: GameState, index: int, action: int) -> None:
    n = len(record.actions)
    if state.is_over:
        raise RecordError(
            f"the game ended after action {index} of {n}, "
            f"but the record holds {n - index} more",
            hint=_EDITED_HINT,
        )
    try:
        apply_action(state, action)
    except IllegalActionError as err:
        raise RecordError(
            f"action {index + 1} of {n} (id {action}) is illegal for player "
            f"{state.current_player}: {err}",
            hint=_EDITED_HINT,
        ) from None


def _finish(record: GameRecord, state: GameState) -> None:
    if not state.is_over:
        raise RecordError(
            f"the record ends after {len(record.actions)} actions but the game is "
            f"not over (player {state.current_player} to move)",
            hint="the record was truncated or edited; "
            "re-create the file with `scavenger simulate`",
        )
    checks: list[tuple[str, Any, Any]] = [
        ("scores", record.scores, list(final_scores(state))),
        ("winners", sorted(record.winners), sorted(winners(state))),
        ("turns", record.turns, total_turns(state)),
    ]
    for name, recorded, replayed in checks:
        if recorded != replayed:
            raise RecordError(
                f"recorded {name} {recorded} but the replay gives {replayed}",
                hint=_EDITED_HINT,
            )
    if record.digest is not None:
        replayed_digest = game_digest(state, record.seed, record.actions)
        if record.digest != replayed_digest:
            raise RecordError(
                f"the record does not reproduce its game: its digest is "
                f"{record.digest} but its seed, actions and replayed final state "
                f"give {replayed_digest}",
                hint=_EDITED_HINT,
            )
