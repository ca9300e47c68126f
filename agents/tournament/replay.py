"""Replaying a record of any registered game, to check that it reproduces its
outcome and digest before a resumed tournament counts it.

A stand-in for the generic ``replay_record`` of ``scavenger_env.core.simulate``:
the same checks, with Cave-In's messages, for whichever game the record names.
"""

from __future__ import annotations

from typing import Any

from scavenger_env.core.errors import ConfigError, IllegalActionError
from scavenger_env.core.games import UnknownGameError, get_game
from scavenger_env.core.records import GameRecord, RecordError

__all__ = ["replay_record"]

EDITED_HINT = (
    "the record was edited or made by another engine version; "
    "re-create the file with `scavenger simulate`"
)


def replay_record(record: GameRecord) -> Any:
    """Rebuild a recorded game of ``record.game`` and check that it ends with the
    recorded outcome (and digest, when the record has one).

    Returns:
        The final state.

    Raises:
        RecordError: an unknown game, rules this engine does not accept, an
            illegal action, a record that does not end where the game ends, or an
            outcome or digest that differs from the replay's.
    """
    try:
        game = get_game(record.game)
    except UnknownGameError as err:
        raise RecordError(str(err), hint="install the game that wrote it") from None
    if record.digest is None and not game.digest_optional(record.config):
        raise RecordError(
            "the record has no 'digest', though the version that wrote its config "
            "gave every record one",
            hint=EDITED_HINT,
        )
    try:
        config = game.config_from_dict(record.config)
    except ConfigError as err:
        raise RecordError(
            f"the game was made under other rules: {err}",
            hint="replay it with the scavenger-env version that wrote it, "
            "or re-create the file with `scavenger simulate`",
        ) from None
    state = game.new_game(config, record.seed)
    n = len(record.actions)
    for index, action in enumerate(record.actions):
        if game.is_over(state):
            raise RecordError(
                f"the game ended after action {index} of {n}, "
                f"but the record holds {n - index} more",
                hint=EDITED_HINT,
            )
        try:
            game.apply_action(state, action)
        except IllegalActionError as err:
            raise RecordError(
                f"action {index + 1} of {n} (id {action}) is illegal for player "
                f"{game.current_player(state)}: {err}",
                hint=EDITED_HINT,
            ) from None
    if not game.is_over(state):
        raise RecordError(
            f"the record ends after {n} actions but the game is not over "
            f"(player {game.current_player(state)} to move)",
            hint="the record was truncated or edited; "
            "re-create the file with `scavenger simulate`",
        )
    checks = [
        ("scores", record.scores, list(game.scores(state))),
        ("winners", sorted(record.winners), sorted(game.winners(state))),
        ("turns", record.turns, game.turns(state)),
    ]
    for name, recorded, replayed in checks:
        if recorded != replayed:
            raise RecordError(
                f"recorded {name} {recorded} but the replay gives {replayed}",
                hint=EDITED_HINT,
            )
    if record.digest is not None:
        digest = game.digest(state, record.seed, record.actions)
        if record.digest != digest:
            raise RecordError(
                f"the record does not reproduce its game: its digest is "
                f"{record.digest} but its seed, actions and replayed final state "
                f"give {digest}",
                hint=EDITED_HINT,
            )
    return state
