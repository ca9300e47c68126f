"""`check_game(game)`: the contract a `Game` must keep, checked by playing it.

A new game runs this in its tests before any tool touches it. It plays random
games at every player count and checks, at every decision, what the tools rely
on: legal actions are sorted ids in range and never empty; no query (legal
actions, chance outcomes, explanations, observations, views, pictures, words)
changes the state, at decision and chance nodes alike; every listed chance
outcome applies to a state no query has touched; an illegal action raises
`IllegalActionError`, says why and changes nothing (so does anything but an
int); a clone is independent;
the mover's redacted and determinized states give the mover the same choices,
view, picture and words; observations and masks have the declared shapes; and a
finished game's record replays to the same digest.
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np

from scavenger_env.core.chance import CHANCE, check_outcomes, game_rng, sample_outcome
from scavenger_env.core.errors import IllegalActionError
from scavenger_env.core.game import Game

__all__ = ["GameContractError", "check_game"]


NOT_ACTIONS_EVERY = 10
"""Every how many actions values that are no action id are tried (decisions and
chance nodes alike)."""
PICTURE_EVERY = 7
"""The drawn picture and the click targets are checked at every 7th action that
is a decision (drawing costs milliseconds; the rest of the check far less)."""


class GameContractError(AssertionError):
    """A `Game` breaks the interface's contract; the message says where."""


def _require(ok: bool, where: str, problem: str) -> None:
    if not ok:
        raise GameContractError(f"{where}: {problem}")


def check_game(game: Game, games_per_count: int = 3, seed: int = 0) -> int:
    """Play `games_per_count` random games per player count and check the
    contract at every decision. Returns the decisions checked.

    Raises:
        GameContractError: the first breach found, with the game, seed and step.
    """
    decisions = 0
    rng = np.random.default_rng(seed)
    encoder = game.make_encoder()
    codec = game.codec()
    for n in range(game.min_players, game.max_players + 1):
        config = game.make_config(n)
        _require(
            game.config_from_dict(config.to_dict()) == config,
            f"{game.name} {n}p",
            "config_from_dict(config.to_dict()) is not the same config",
        )
        for g in range(games_per_count):
            game_seed = seed * 1000 + n * 100 + g
            decisions += _check_one(game, config, game_seed, rng, encoder, codec)
    return decisions


def _check_one(
    game: Game,
    config: object,
    game_seed: int,
    rng: np.random.Generator,
    encoder: object,
    codec: object,
) -> int:
    state = game.new_game(config, game_seed)
    _require(
        game.same_state(state, game.new_game(config, game_seed)),
        f"{game.name} seed {game_seed}",
        "new_game is not deterministic for a seed",
    )
    n = game.num_players(state)
    _require(
        n == config.num_players,  # type: ignore[attr-defined]
        f"{game.name} seed {game_seed}",
        "num_players(state) is not the config's",
    )
    _require(
        0 < game.env_actions <= game.num_actions,
        game.name,
        "the env's actions are not a part of the engine's (range(num_actions))",
    )
    encoder.reset()  # type: ignore[attr-defined]
    actions: list[int] = []
    chance = game_rng(game_seed + 1)  # any generator: rolls are the game's to list
    turns = _Turns(game, state)
    while not game.is_over(state):
        where = f"{game.name} seed {game_seed} step {len(actions)}"
        untouched = game.clone(state)  # no query has run on it
        legal = game.legal_actions(state)
        mover = game.current_player(state)
        if len(actions) % NOT_ACTIONS_EVERY == 0 and legal:
            _check_not_actions(game, state, legal, where)
        if game.is_chance_node(state):
            _check_chance(game, state, legal, mover, where)
            _check_illegal(game, state, legal, where)
            _check_unchanged(game, state, untouched, where)
            _check_outcomes_apply(game, untouched, legal, where)
            outcome = sample_outcome(game.chance_outcomes(state), chance)
            game.apply_action(state, outcome)
            actions.append(outcome)
            continue
        _require(bool(legal), where, "no legal action while the game runs")
        turns.decision(state, where)
        _require(legal == sorted(set(legal)), where, "legal actions not sorted/unique")
        _require(
            legal[0] >= 0 and legal[-1] < game.num_actions, where, "action out of range"
        )
        _require(0 <= mover < n, where, f"current player {mover} out of range")
        _require(
            0 <= game.phase(state) < len(game.phase_names),
            where,
            f"phase {game.phase(state)} has no name in phase_names",
        )
        _check_illegal(game, state, legal, where)
        others = (
            ("redact", game.redact(state, mover)),
            ("determinize", game.determinize(state, mover, rng)),
        )
        _check_information(game, state, mover, legal, others, where)
        if len(actions) % PICTURE_EVERY == 0:
            _check_picture(game, state, mover, legal, others, where)
        obs = encoder.encode(state, mover)  # type: ignore[attr-defined]
        _require(
            obs.shape == (game.observation_size,) and obs.dtype == np.float32,
            where,
            f"observation shape {obs.shape} {obs.dtype}",
        )
        mask = codec.legal_mask(legal, mover, n)  # type: ignore[attr-defined]
        _require(
            mask.shape == (game.env_actions,) and int(mask.sum()) == len(legal),
            where,
            "the mask does not mark exactly the legal actions",
        )
        for a in legal:
            env_id = codec.encode(a, mover, n)  # type: ignore[attr-defined]
            _require(
                mask[env_id] == 1 and codec.decode(env_id, mover, n) == a,  # type: ignore[attr-defined]
                where,
                f"codec round trip fails for action {a}",
            )
        _check_unchanged(game, state, untouched, where)
        action = legal[int(rng.integers(len(legal)))]
        copy = game.clone(state)
        game.apply_action(copy, action)
        _require(not game.same_state(copy, state), where, "an action changed nothing")
        game.apply_action(state, action)
        _require(game.same_state(copy, state), where, "a clone is not the same")
        actions.append(action)
    where = f"{game.name} seed {game_seed} end"
    turns.end(state, where)
    scores, won = game.scores(state), game.winners(state)
    _require(len(scores) == n, where, "one score per seat")
    _require(bool(won) and set(won) <= set(range(n)), where, "winners are seats")
    record = game.record(game.config_of(state), game_seed, state, actions)
    replay = game.new_game(game.config_from_dict(record.config), record.seed)
    for a in record.actions:
        game.apply_action(replay, a)
    _require(
        game.digest(replay, record.seed, record.actions) == record.digest,
        where,
        "the record does not replay to its digest",
    )
    return len(actions)


class _Turns:
    """Checks the one meaning of `turns`: it goes up by one exactly when
    `turn_key` changes between two decisions, and by one when the game ends."""

    def __init__(self, game: Game, state: object) -> None:
        self.game = game
        self.count = game.turns(state)
        self.key: object = None
        _require(self.count == 0, game.name, f"a new game has had {self.count} turns")

    def decision(self, state: object, where: str) -> None:
        count, key = self.game.turns(state), self.game.turn_key(state)
        if self.key is not None:
            step = 1 if key != self.key else 0
            _require(
                count == self.count + step,
                where,
                f"turns went from {self.count} to {count} while turn_key "
                + ("changed" if step else "stayed the same"),
            )
        self.count, self.key = count, key

    def end(self, state: object, where: str) -> None:
        count = self.game.turns(state)
        _require(
            count == self.count + 1,
            where,
            f"turns went from {self.count} to {count} as the game ended (the last "
            "turn ends with it)",
        )


def _check_chance(
    game: Game, state: object, legal: list[int], mover: int, where: str
) -> None:
    """A chance node: the chance player moves, its outcomes are the legal ids,
    their probabilities positive and summing to 1."""
    _require(mover == CHANCE, where, f"current player {mover} at a chance node")
    outcomes = game.chance_outcomes(state)
    try:
        check_outcomes(outcomes)
    except ValueError as err:
        raise GameContractError(f"{where}: {err}") from None
    _require(
        sorted(o for o, _ in outcomes) == legal,
        where,
        "legal_actions at a chance node are not its outcomes",
    )
    _require(
        legal[0] >= 0 and legal[-1] < game.num_actions, where, "outcome out of range"
    )


def _not_actions(legal: list[int]) -> list[object]:
    """Values that are no action id, each equal (or close) to a legal one: a
    float bid once went through and broke the next `legal_actions`."""
    from fractions import Fraction

    a = legal[0]
    return [
        float(a),
        Fraction(a),
        np.array(a),
        np.array([a]),
        np.float64(a),
        str(a),
        None,
        True,
    ]


def _check_not_actions(game: Game, state: object, legal: list[int], where: str) -> None:
    """Only ints are actions: anything else raises `IllegalActionError` naming
    its type and changes nothing."""
    before = game.clone(state)
    for value in _not_actions(legal):
        try:
            game.apply_action(state, value)  # type: ignore[arg-type]
        except IllegalActionError as err:
            _require(
                type(value).__name__ in str(err),
                where,
                f"refusing {value!r} does not name its type: {err}",
            )
        else:
            raise GameContractError(
                f"{where}: the non-int action {value!r} was applied"
            )
        _require(
            game.same_state(state, before),
            where,
            f"an illegal action changed state (the non-int {value!r})",
        )


def _check_unchanged(game: Game, state: object, before: object, where: str) -> None:
    """Every query run on `state` since `before` was cloned left it as it was."""
    _require(
        game.same_state(state, before),
        where,
        "a query (legal actions, chance outcomes, an explanation, an observation, "
        "a view, a picture or words) changed the state",
    )


def _check_outcomes_apply(
    game: Game, untouched: object, legal: list[int], where: str
) -> None:
    """Each listed chance outcome applies to a state no query has run on (a
    game must not need a query to prepare its own chance node)."""
    for outcome in legal:
        try:
            game.apply_action(game.clone(untouched), outcome)
            game.apply_legal_action(game.clone(untouched), outcome)
        except Exception as err:  # any failure breaks the contract
            raise GameContractError(
                f"{where}: listed chance outcome {outcome} does not apply to an "
                f"unqueried state ({type(err).__name__}: {err})"
            ) from None


def _check_illegal(game: Game, state: object, legal: list[int], where: str) -> None:
    for a in legal[:3]:
        _require(
            game.explain_illegal(state, a) == "", where, f"{a} legal yet explained"
        )
    illegal = next((a for a in range(game.num_actions) if a not in legal), None)
    if illegal is None:
        return
    before = game.clone(state)
    try:
        game.apply_action(state, illegal)
    except IllegalActionError as err:
        _require(bool(str(err)), where, "an IllegalActionError without a reason")
    else:
        raise GameContractError(f"{where}: illegal action {illegal} was applied")
    _require(game.same_state(state, before), where, "an illegal action changed state")
    _require(bool(game.explain_illegal(state, illegal)), where, "no reason given")


def _check_picture(
    game: Game,
    state: object,
    mover: int,
    legal: list[int],
    others: Sequence[tuple[str, object]],
    where: str,
) -> None:
    """The mover's drawn picture and click targets tell nothing hidden (the same
    for a redacted and a determinized copy), and each target is in the picture."""
    svg = game.picture(state, mover).svg
    targets = [game.action_target(state, a) for a in legal]
    for name, other in others:
        _require(
            game.picture(other, mover).svg == svg,
            where,
            f"{name} changes the mover's drawn picture",
        )
        _require(
            [game.action_target(other, a) for a in legal] == targets,
            where,
            f"{name} changes the click targets of the mover's actions",
        )
    for action, target in zip(legal, targets):
        if target is not None:
            _require(
                f'data-ref="{target}"' in svg,
                where,
                f"action {action}'s target {target!r} is not in the mover's picture",
            )


def _check_information(
    game: Game,
    state: object,
    mover: int,
    legal: list[int],
    others: Sequence[tuple[str, object]],
    where: str,
) -> None:
    """A redacted and a determinized copy (`others`) keep the mover's legal
    actions, view, text picture and words for its actions."""
    for name, other in others:
        _require(
            game.legal_actions(other) == legal,
            where,
            f"{name} changes the mover's legal actions",
        )
        _require(
            game.player_view(other, mover) == game.player_view(state, mover),
            where,
            f"{name} changes the mover's view",
        )
        _require(
            game.render(other, mover) == game.render(state, mover),
            where,
            f"{name} changes the mover's picture",
        )
        for a in legal[:5]:
            _require(
                game.describe_action(other, a, mover)
                == game.describe_action(state, a, mover),
                where,
                f"{name} changes the words for action {a}",
            )
