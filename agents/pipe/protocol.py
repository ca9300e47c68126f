"""The bot protocol: what a bot in its own process is sent, and what it answers.

JSON lines over the bot's standard input and output: one JSON object per line,
each with a `"type"`. The tournament (or `play`) writes; the bot answers only
where an answer is asked for. Everything a bot is sent is what its seat may know.

    -> {"type": "hello", "protocol": "scavenger-bot", "version": 1}
    <- {"type": "hello", "version": 1, "name": "my bot",
        "observation": ["vector", "named"]}

    -> {"type": "start", "game": "cavein", "title": ..., "config": {...},
        "seat": 0, "num_players": 2, "actions": 156,
        "observation": [{"name": "hand", "shape": [4, 11]}, ...],
        "time": {"decision": 1.0, "bank": 10.0}, "seed": 1234}

    -> {"type": "act", "decision": 7, "phase": "action",
        "legal": [{"id": 12, "name": "recruit the Foreman ..."}, ...],
        "observation": {"vector": [0.0, 1.0, ...], "named": {"hand": [[...]]}},
        "time": {"decision": 1.0, "bank": 9.2}}
    <- {"type": "action", "decision": 7, "id": 12}

    -> {"type": "end", "scores": [61, 48], "winners": [0]}
    -> {"type": "bye"}

The bot's `hello` may say which forms of the observation it wants: `"vector"`,
`"named"`, both (the default) or none (`[]`: a bot that reads only the legal
actions' names, or keeps its own account of the game, saves most of a message's
cost).

Two more requests in the `hello` serve Python bots built on this library (the
host that plays a registered bot in its own process, `agents.pipe.host`):
`"state": true` adds to each `act` the seat's redacted copy of the game state
(`"state"`: pickled, base64), from which the bot rebuilds the `SeatView` it
would be handed in the tournament's own process; `"rng": true` adds to `start`
the state of the seat's random generator (`"rng"`: numpy's
`bit_generator.state`), so the bot draws exactly the numbers it would draw there.
Both come from the tournament and hold only what the seat may know.

`id` is one of the `legal` ids (the engine's action ids, seats absolute, the
same ids the game records keep); `decision` counts the bot's decisions in the
game from 1, and an answer must repeat it (a late answer to an earlier decision
is ignored). The observation is the AEC environment's for the seat: `vector` the
flat float vector, `named` the same values by view (their shapes in `start`).
A process may play several games: `start` ... `end` again, `bye` once at the end
(a `start` may also follow one without an `end`: training's league begins its
next episode without telling the result; a bot treats every `start` as a new game).
`seed` comes from the tournament's seed for the seat: a bot that draws its random
numbers from it plays the same game again when the tournament is rerun.

Time: each decision may take `time.decision` seconds, and more from the game's
bank (`time.bank`, what is left of it); a decision that runs past both is a
time-out. A bot that does not answer, answers what is not JSON, not an
`action` for this decision, or an id not in `legal`, or that exits, is handled
as the tournament's `on_error` option says (see `agents.pipe.agent`).
"""

from __future__ import annotations

import base64
import json
import pickle
from collections.abc import Sequence
from typing import Any, Final, NamedTuple

import numpy as np

__all__ = [
    "FORMS",
    "MAX_LINE",
    "PROTOCOL",
    "VERSION",
    "BotProtocolError",
    "Hello",
    "act_message",
    "end_message",
    "hello_message",
    "parse_action",
    "parse_hello",
    "start_message",
    "state_from_text",
    "state_text",
]

PROTOCOL: Final = "scavenger-bot"
VERSION: Final = 1
MAX_LINE: Final = 1 << 20
"""The longest line a bot may write (1 MiB): a longer one is a flood."""


class BotProtocolError(ValueError):
    """A bot broke the protocol; the message says how."""


def hello_message() -> dict[str, Any]:
    return {"type": "hello", "protocol": PROTOCOL, "version": VERSION}


def start_message(
    game: Any,
    config: Any,
    seat: int,
    layout: Sequence[tuple[str, tuple[int, ...]]],
    time_limit: float,
    bank: float,
    seed: int,
    rng: dict[str, Any] | None = None,
) -> dict[str, Any]:
    """The `start` message; `rng` (the seat generator's state) when the bot
    asked for it."""
    message = {
        "type": "start",
        "game": game.name,
        "title": game.title,
        "config": config.to_dict(),
        "seat": seat,
        "num_players": config.num_players,
        "actions": game.num_actions,
        "observation": [{"name": n, "shape": list(shape)} for n, shape in layout],
        "time": {"decision": time_limit, "bank": bank},
        "seed": seed,
    }
    if rng is not None:
        message["rng"] = rng
    return message


FORMS: Final = ("vector", "named")
"""The forms of the observation a bot may ask for in its `hello`."""


def act_message(
    decision: int,
    phase: str,
    legal: Sequence[tuple[int, str]],
    vector: np.ndarray | None,
    layout: Sequence[tuple[str, tuple[int, ...]]],
    time_limit: float,
    bank: float,
    forms: Sequence[str] = FORMS,
    state: str | None = None,
) -> dict[str, Any]:
    """The `act` message; `vector` None (and `forms` empty) sends no observation;
    `state` is the seat's redacted state as `state_text` writes it (asked for)."""
    observation: dict[str, Any] = {}
    if vector is not None and "vector" in forms:
        observation["vector"] = vector.tolist()
    if vector is not None and "named" in forms:
        named: dict[str, Any] = {}
        at = 0
        for name, shape in layout:
            end = at + int(np.prod(shape))
            named[name] = vector[at:end].reshape(shape).tolist()
            at = end
        observation["named"] = named
    message = {
        "type": "act",
        "decision": decision,
        "phase": phase,
        "legal": [{"id": a, "name": text} for a, text in legal],
        "observation": observation,
        "time": {"decision": time_limit, "bank": round(bank, 3)},
    }
    if state is not None:
        message["state"] = state
    return message


def state_text(state: Any) -> str:
    """A state as text for an `act` message: pickled, then base64."""
    return base64.b64encode(pickle.dumps(state, protocol=5)).decode("ascii")


def state_from_text(text: str) -> Any:
    """The state `state_text` wrote. Only a bot calls it, on what the tournament
    sent (the tournament never unpickles what a bot writes)."""
    return pickle.loads(base64.b64decode(text))


def end_message(scores: Sequence[int], winners: Sequence[int]) -> dict[str, Any]:
    return {"type": "end", "scores": list(scores), "winners": list(winners)}


def _object(line: str) -> dict[str, Any]:
    try:
        data = json.loads(line)
    except ValueError:
        raise BotProtocolError(f"answered what is not JSON: {line[:80]!r}") from None
    if not isinstance(data, dict):
        raise BotProtocolError(f"answered a JSON {type(data).__name__}, not an object")
    return data


class Hello(NamedTuple):
    """What a bot said in its `hello`."""

    name: str
    forms: tuple[str, ...]
    """The forms of the observation it wants."""
    state: bool = False
    """It wants its seat's redacted state in each `act` (Python bots)."""
    rng: bool = False
    """It wants its seat generator's state in `start` (Python bots)."""


def parse_hello(line: str) -> Hello:
    """What the bot said in its `hello`; `BotProtocolError` for anything else."""
    data = _object(line)
    if data.get("type") != "hello":
        raise BotProtocolError(f"answered {data.get('type')!r} to hello, not 'hello'")
    if data.get("version") != VERSION:
        raise BotProtocolError(
            f"speaks protocol version {data.get('version')!r}; this is version {VERSION}"
        )
    forms = data.get("observation", list(FORMS))
    if not isinstance(forms, list) or not set(forms) <= set(FORMS):
        raise BotProtocolError(
            f"asked for the observation as {forms!r}; ask for a list of "
            f"{' and '.join(map(repr, FORMS))}, or [] for none"
        )
    wants = {key: data.get(key, False) for key in ("state", "rng")}
    for key, value in wants.items():
        if not isinstance(value, bool):
            raise BotProtocolError(f"said {key}: {value!r}; say true or false")
    return Hello(str(data.get("name", "")), tuple(forms), **wants)


def parse_action(line: str, decision: int, legal: Sequence[int]) -> int | None:
    """The action id of an answer to decision `decision`; None for a late
    answer to an earlier one (to be skipped); `BotProtocolError` otherwise."""
    data = _object(line)
    if data.get("type") != "action":
        raise BotProtocolError(f"answered {data.get('type')!r}, not 'action'")
    said = data.get("decision")
    if isinstance(said, int) and not isinstance(said, bool) and said < decision:
        return None
    if said != decision:
        raise BotProtocolError(
            f"answered decision {said!r}; decision {decision} was asked"
        )
    action = data.get("id")
    if isinstance(action, bool) or not isinstance(action, int):
        raise BotProtocolError(f"answered id {action!r}, which is no action id")
    if action not in legal:
        raise BotProtocolError(
            f"answered id {action}, which is not among the legal ids"
        )
    return action
