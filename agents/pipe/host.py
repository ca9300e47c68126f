"""The host: any bot of this library, played in a process of its own.

`python -m agents.pipe.host --game cavein greedy` is a bot program that speaks
the bot protocol (`agents.pipe.protocol`): it builds the bot of the spec
`greedy` (any spec `make_agent` takes: `ismcts:iterations=200`,
`file:mybot.py`, ...) for each game, hands it the very `SeatView` it would be
handed in the tournament's own process, rebuilt from what it is sent (its seat's
redacted state, or its observation), and its seat's random generator, and
answers with the action it chooses. So a tournament plays the same games with
its bots in their own processes (`isolation`) as with them in its own: only
where the bot's code runs differs, and from there it cannot reach the game.

A bot that raises ends the host with the error on its error output (the
tournament stops naming the bot, as it does for one in its own process).
"""

from __future__ import annotations

import argparse
import copy
import json
import sys
from collections.abc import Sequence
from typing import IO, Any

import numpy as np

from scavenger_env.core.games import get_game

from ..base import SeatView
from ..registry import factory_of, make_agent, register, spec_kind
from .protocol import VERSION, state_from_text

__all__ = ["main"]


def _generator(state: dict[str, Any] | None, seed: int) -> np.random.Generator:
    """The seat's generator as the tournament sent it (else one from `seed`)."""
    if state is None:
        return np.random.default_rng(seed)
    bits = getattr(np.random, str(state["bit_generator"]))()
    bits.state = state
    return np.random.Generator(bits)


class _Seat:
    """One game of the hosted bot: its agent, generator and rules."""

    def __init__(self, spec: str, message: dict[str, Any]) -> None:
        self.rules = get_game(str(message["game"]))
        self.config = self.rules.config_from_dict(message["config"])
        self.seat = int(message["seat"])
        self.agent = make_agent(spec, game=copy.copy(self.rules))
        self.agent.reset(self.seat, copy.copy(self.config))
        self.rng = _generator(message.get("rng"), int(message["seed"]))
        self.phases = {name: i for i, name in enumerate(self.rules.phase_names)}

    def act(self, message: dict[str, Any]) -> int:
        legal = [int(choice["id"]) for choice in message["legal"]]
        state = message.get("state")
        if state is not None:
            redacted = state_from_text(str(state))
            view = SeatView.from_parts(
                self.seat,
                game=self.rules,
                config=self.config,
                phase=self.rules.phase(redacted),
                state=redacted,
            )
        else:
            vector = message.get("observation", {}).get("vector")
            observation = mask = None
            if vector is not None:
                observation = np.asarray(vector, dtype=np.float32)
                mask = self.rules.codec().legal_mask(
                    legal, self.seat, self.config.num_players
                )
            view = SeatView.from_parts(
                self.seat,
                game=self.rules,
                config=self.config,
                phase=self.phases.get(str(message.get("phase")), 0),
                observation=observation,
                mask=mask,
            )
        return int(self.agent.act(view, legal, self.rng))


def _hello(spec: str, game: str) -> dict[str, Any]:
    """What the host asks for: what its bot reads, as the tournament would give
    it in its own process."""
    factory = factory_of(spec_kind(spec), game)
    probe: Any = factory
    if not isinstance(factory, type):  # a function (file:): build one to see
        probe = make_agent(spec, game=game)
    observing = bool(getattr(probe, "reads_observation", False))
    reads = bool(getattr(probe, "reads_view", True)) and not observing
    return {
        "type": "hello",
        "version": VERSION,
        "name": spec,
        "observation": ["vector"] if observing else [],
        "state": reads,
        "rng": True,
    }


def serve(spec: str, game: str, lines: IO[str], out: IO[str]) -> None:
    """Answer the tournament's messages on `lines` until `bye` or the end."""

    def say(message: dict[str, Any]) -> None:
        out.write(json.dumps(message, separators=(",", ":")) + "\n")
        out.flush()

    seat: _Seat | None = None
    for line in lines:
        if not line.strip():
            continue
        message = json.loads(line)
        kind = message.get("type")
        if kind == "hello":
            say(_hello(spec, game))
        elif kind == "start":
            seat = _Seat(spec, message)
        elif kind == "act":
            if seat is None:
                raise RuntimeError("asked to act before a game started")
            action = seat.act(message)
            say({"type": "action", "decision": message["decision"], "id": action})
        elif kind == "end":
            finish = getattr(seat.agent if seat else None, "finish", None)
            if finish is not None:
                finish(list(message["scores"]), list(message["winners"]))
            seat = None
        elif kind == "bye":
            return


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m agents.pipe.host",
        description=(
            "Play a bot of this library in its own process, over the bot protocol "
            "(standard input and output)."
        ),
    )
    parser.add_argument("spec", help="the bot, as a tournament names it: greedy, ...")
    parser.add_argument("--game", default="cavein", help="the game (default cavein)")
    parser.add_argument(
        "--entry",
        action="append",
        default=[],
        metavar="NAME=MODULE:ATTR",
        help="register a bot by its import path first (repeatable)",
    )
    args = parser.parse_args(argv)
    for entry in args.entry:
        name, _, target = entry.partition("=")
        register(name, target, args.game)
    try:
        serve(args.spec, args.game, sys.stdin, sys.stdout)
    except Exception as err:  # said on the error output: the tournament quotes it
        print(f"{type(err).__name__}: {err}", file=sys.stderr, flush=True)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
