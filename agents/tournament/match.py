"""One tournament game: fresh agents, one generator per seat, a fair-play check.

Agents see redacted copies (:class:`~agents.base.SeatView`) and are handed copies
of everything else (the config, the game object): nothing an agent is given leads
to an object the tournament plays or judges with. Whatever else an agent does, a
game is refused unless its actions, replayed under the rules from the config as it
was given, lead to the very state it ended in. An agent in the tournament's own
process is trusted code (Python has no walls inside a process); with ``isolate``
every agent runs in a process of its own (:mod:`agents.pipe.isolate`).
"""

from __future__ import annotations

import copy
import json
import operator
import time
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np

from scavenger_env.core.chance import game_rng, play_chance
from scavenger_env.core.errors import IllegalActionError
from scavenger_env.core.game import Game
from scavenger_env.core.games import DEFAULT_GAME, get_game
from scavenger_env.core.records import GameRecord
from scavenger_env.core.simulate import MAX_DECISIONS  # a bot that loops: refused

from ..base import close_agents, finish_agents, view_for
from ..pipe.isolate import hosted, isolated_agent
from ..registry import make_agent
from .errors import AgentError

__all__ = ["MAX_DECISIONS", "ThinkTime", "play_game", "replays_to", "seat_rngs"]


def seat_rngs(rng_seed: int, num_players: int) -> list[np.random.Generator]:
    """Seat ``s``'s generator: ``default_rng(SeedSequence(rng_seed, spawn_key=(s,)))``."""
    return [
        np.random.default_rng(np.random.SeedSequence(rng_seed, spawn_key=(seat,)))
        for seat in range(num_players)
    ]


@dataclass
class ThinkTime:
    """How long each seat thought in one game: only decisions with a choice count."""

    seconds: list[float]
    decisions: list[int]
    slowest: list[float]

    @classmethod
    def zero(cls, num_players: int) -> ThinkTime:
        """No thinking yet, for ``num_players`` seats."""
        return cls([0.0] * num_players, [0] * num_players, [0.0] * num_players)

    def add(self, seat: int, seconds: float) -> None:
        self.seconds[seat] += seconds
        self.decisions[seat] += 1
        self.slowest[seat] = max(self.slowest[seat], seconds)

    def to_json(self, game: int, players: Sequence[str]) -> str:
        return json.dumps(
            {
                "game": game,
                "players": list(players),
                "seconds": [round(x, 6) for x in self.seconds],
                "decisions": self.decisions,
                "slowest": [round(x, 6) for x in self.slowest],
            }
        )


def play_game(
    config: Any,
    seed: int,
    specs_by_seat: Sequence[str],
    rng_seed: int,
    *,
    players: Sequence[str] | None = None,
    meta: dict[str, Any] | None = None,
    clock: ThinkTime | None = None,
    game: Game | str = DEFAULT_GAME,
    isolate: bool = False,
) -> GameRecord:
    """Play one game of ``game`` between fresh agents built from ``specs_by_seat``.

    Agents see redacted copies (:class:`~agents.base.SeatView`), so what they are
    given cannot change the game. Whatever else an agent does, the game is refused
    unless its actions, replayed from ``new_game(config, seed)``, lead to the very
    state it ended in.

    Args:
        config: The game's rules; ``config.num_players`` must equal
            ``len(specs_by_seat)``.
        seed: The set-up seed (``game.new_game(config, seed)``).
        specs_by_seat: An agent spec per seat (``make_agent``).
        rng_seed: The seed each seat's generator derives from (:func:`seat_rngs`).
        players: The names to record per seat (default: the specs).
        meta: Extra facts for the record's ``meta``; ``game.record_meta`` of the
            final state is added (Cave-In: ``start_player``).
        clock: If given, each seat's thinking time is added to it (decisions with
            one legal action are not timed).
        game: The game, a registered name or its `Game` (default: Cave-In).
        isolate: Play every agent in a process of its own
            (:mod:`agents.pipe.isolate`): the same game, with no bot code run here.

    Returns:
        The game's record, with ``players`` and ``meta`` set.

    Raises:
        ValueError: a bad spec, or as many specs as seats are not given.
        AgentError: an agent raised, chose an illegal action or changed the state
            outside the rules.
    """
    # The tournament's own game object and config: never handed to an agent.
    rules = copy.copy(get_game(game))
    given = config.to_dict()
    config = rules.config_from_dict(given)
    n = config.num_players
    if len(specs_by_seat) != n:
        raise ValueError(f"{len(specs_by_seat)} agents for {n} seats")
    names = list(players) if players is not None else list(specs_by_seat)
    agents: list[Any] = []
    try:
        agents += [_seat_agent(spec, rules, isolate) for spec in specs_by_seat]
        rngs = seat_rngs(rng_seed, n)
        for seat, agent in enumerate(agents):
            try:
                agent.reset(seat, copy.copy(config))
            except Exception as exc:
                raise AgentError(
                    f"player {names[seat]!r} (seat {seat}) failed to start the game with "
                    f"seed {seed}: {type(exc).__name__}: {exc}"
                ) from exc
        # Bound once: the loop below runs at every decision of every game.
        is_over, current_player = rules.is_over, rules.current_player
        legal_actions, apply_legal_action = (
            rules.legal_actions,
            rules.apply_legal_action,
        )
        chance = game_rng(seed)  # deals the game, then draws its rolls
        state = rules.new_game(config, chance)
        actions: list[int] = []
        # An agent that declares it never reads its view gets one blind view per
        # seat, kept up to date (a blind view holds no state, so it can be shared).
        # One that reads only its observation gets an encoder for the whole game
        # (an encoder caches between the observations of one game).
        encoders = [
            rules.make_encoder() if getattr(agent, "reads_observation", False) else None
            for agent in agents
        ]
        blind = [
            None
            if getattr(agent, "reads_view", True) or encoders[seat] is not None
            else view_for(agent, state, seat, rules)
            for seat, agent in enumerate(agents)
        ]
        refused = (
            f"the game with seed {seed} between {', '.join(map(repr, names))} is "
            "refused"
        )
        while True:
            try:
                play_chance(rules, state, chance, actions)
                if is_over(state):
                    break
                seat = current_player(state)
                legal = legal_actions(state)
            except Exception as exc:  # after a decision: the state was broken
                raise AgentError(
                    f"{refused}: the engine failed after decision {len(actions)} "
                    f"({type(exc).__name__}: {exc}): was its state changed outside "
                    "the rules? An agent may only return an action"
                ) from exc
            if len(actions) >= MAX_DECISIONS:
                raise AgentError(
                    f"game with seed {seed} did not end within {MAX_DECISIONS} decisions"
                )
            try:
                started = time.perf_counter()
                view = blind[seat]
                if view is None:
                    view = view_for(agents[seat], state, seat, rules, encoders[seat])
                else:
                    view.refresh(state, rules)
                action = operator.index(agents[seat].act(view, legal[:], rngs[seat]))
                if clock is not None and len(legal) > 1:
                    clock.add(seat, time.perf_counter() - started)
            except Exception as exc:
                raise AgentError(
                    f"player {names[seat]!r} (seat {seat}) failed in the game with seed "
                    f"{seed}: {type(exc).__name__}: {exc}"
                ) from exc
            if action not in legal:
                raise AgentError(
                    f"player {names[seat]!r} (seat {seat}) chose the illegal action "
                    f"{action} in the game with seed {seed}: "
                    f"{rules.explain_illegal(state, action)}"
                )
            try:
                apply_legal_action(state, action)  # `legal` is this very state's list
            except Exception:
                break  # a state changed outside the rules can break the engine: below
            actions.append(action)
        if config.to_dict() != given:
            raise AgentError(
                f"{refused}: its rules were changed during it; an agent may only "
                "return an action"
            )
        # The agents hear the outcome before the check and the record: no code of
        # theirs runs after those, so none can change what is written.
        errors: dict[str, list[str]] = {}
        if any(hasattr(agent, "finish") for agent in agents):
            try:
                outcome = rules.scores(state), rules.winners(state)
            except Exception as exc:
                raise AgentError(f"{refused}: its end state is broken ({exc})") from exc
            errors = finish_agents(agents, *outcome)
        original = rules.config_from_dict(given)
        if not replays_to(original, seed, actions, state, rules):
            raise AgentError(
                f"{refused}: its state was changed outside the rules (its actions, "
                "replayed, do not lead to the state it ended in); an agent may only "
                "return an action. Bots in the tournament's own process are trusted "
                "code: play one you do not trust in its own process (isolation)"
            )
        record = rules.record(original, seed, state, actions)
        record.players = names
        record.meta = {**(meta or {}), **rules.record_meta(state)}
        if errors:  # bots in their own process that broke the protocol
            record.meta["bot_errors"] = errors
        return record
    finally:
        close_agents(agents)


def _seat_agent(spec: str, rules: Game, isolate: bool) -> Any:
    """The agent of ``spec``: in a process of its own when ``isolate`` (an
    ``exec`` bot is one already), else built here around its own copy of the
    game object."""
    if isolate and hosted(spec):
        return isolated_agent(spec, rules)
    return make_agent(spec, game=copy.copy(rules))


def replays_to(
    config: Any,
    seed: int,
    actions: Sequence[int],
    state: Any,
    game: Game | str = DEFAULT_GAME,
) -> bool:
    """Whether ``actions``, replayed under the rules from ``new_game(config, seed)``,
    end the game in exactly ``state``: the check that nothing but the rules moved
    it. Every action is checked as `scavenger replay` checks it, so a record that
    passes replays. The check costs about a fifth of a random bots' game, and
    nothing next to a searching bot's thinking."""
    rules = get_game(game)
    if not rules.is_over(state):
        return False
    replay = rules.new_game(config, seed)
    try:
        for action in actions:
            rules.apply_action(replay, action)
    except IllegalActionError:
        return False
    return rules.same_state(replay, state)
