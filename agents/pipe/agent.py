"""`exec`: a bot that runs as its own program and speaks the bot protocol.

`exec:cmd=python mybot.py` (or `exec:"python mybot.py"`) seats the program in a
tournament, `play` or training's league like any bot. The program is started
when its first game starts and lives for that game, or for `batch` games: its
cost is per decision (a message each way), not per start. It is sent only its seat's view (see
`agents.pipe.protocol`), so whatever it does, it cannot reach the game.

When it breaks the rules of the protocol (it crashes, hangs past its time, writes
what is not an answer, or names an illegal action), `on_error` says what happens:

- `random` (the default): a random legal action is played for it, the error is
  counted, and the game goes on; after `max_errors` errors in one game the bot is
  disqualified for the rest of it (its process is ended and every further
  decision is random). The game's record says so in its `meta["bot_errors"]`.
- `fail`: the game is refused with the error (as for a bot in the tournament's
  own process that raises), and the tournament stops.
"""

from __future__ import annotations

import atexit
import importlib
from time import monotonic
from typing import Any, ClassVar

import numpy as np

from scavenger_env.core.game import Game

from ..base import SeatView
from .process import BotCrashed, BotProcess, BotTimeout
from .protocol import (
    BotProtocolError,
    act_message,
    end_message,
    hello_message,
    parse_action,
    parse_hello,
    start_message,
    state_text,
)

__all__ = ["ProcessAgent", "end_idle"]

START_TIME = 10.0
"""Seconds a program has to start and answer `hello`."""

_IDLE: dict[str, list[BotProcess]] = {}
"""Programs between two games of their batch, by command line (per process of
the tournament: each worker keeps its own)."""


@atexit.register
def end_idle() -> None:
    """End the programs kept for later games of their batch (at exit, and when a
    tournament run ends)."""
    for processes in _IDLE.values():
        for process in processes:
            process.close()
    _IDLE.clear()


def layout_of(game: Game) -> tuple[tuple[str, tuple[int, ...]], ...]:
    """The game's observation views, `(name, shape)` in vector order."""
    package = type(game).__module__.rpartition(".")[0]
    try:
        module = importlib.import_module(f"{package}.observation")
    except ImportError:
        return (("vector", (game.observation_size,)),)
    return tuple(getattr(module, "LAYOUT", (("vector", (game.observation_size,)),)))


class ProcessAgent:
    """A bot program in its own process, any language: exec:"python mybot.py".

    cmd is its command line; time the seconds a decision may take, bank the
    game's extra seconds; on_error random (play at random for it and count the
    error) or fail (stop the tournament); max_errors before it plays at random
    for the rest of the game; batch the games one process plays (each worker
    keeps its own)."""

    name = "exec"
    reads_view = True
    spec_value = "cmd"  # exec:"python mybot.py" is exec:cmd="python mybot.py"
    option_info: ClassVar[dict[str, dict[str, Any]]] = {
        "on_error": {"choices": ("random", "fail")},
    }

    def __init__(
        self,
        cmd: str = "",
        time: float = 1.0,
        bank: float = 10.0,
        on_error: str = "random",
        max_errors: int = 5,
        batch: int = 1,
    ) -> None:
        if not cmd.strip():
            raise ValueError(
                'exec needs the program to run: exec:cmd="python mybot.py"'
            )
        if time <= 0 or bank < 0:
            raise ValueError("time must be above 0 s and bank at least 0 s")
        if max_errors < 1:
            raise ValueError("max_errors must be at least 1")
        if batch < 1:
            raise ValueError("batch must be at least 1 (games a program plays)")
        self.batch = batch
        self.cmd = cmd
        #: how errors name the bot: its command line, unless told otherwise
        self.label = repr(cmd)
        self.time_limit = time
        self.bank_size = bank
        self.on_error = on_error
        self.max_errors = max_errors
        self._process: BotProcess | None = None
        self._config: Any = None
        self._started = False
        self.bot_name = ""
        self.errors: list[str] = []
        self.disqualified = False
        self._decision = 0
        self._bank = bank
        self._seat = 0

    # -- the game ------------------------------------------------------------

    def reset(self, seat: int, config: Any) -> None:
        """A new game: the program hears of it at its first decision (where the
        game's rules arrive with the view)."""
        self._seat = seat
        self._config = config
        self._started = False
        self.errors = []
        self.disqualified = False
        self._decision = 0
        self._bank = self.bank_size

    def _start(self, game: Game, rng: np.random.Generator) -> None:
        """Start the program if it is not running, and tell it the game."""
        rng_state = rng.bit_generator.state  # before the seed is drawn from it
        seed = int(rng.integers(2**31))
        self._started = True
        idle = _IDLE.get(self.cmd, [])
        while self._process is None and idle:  # a program of this batch, waiting
            waiting = idle.pop()
            if waiting.alive:
                self._process = waiting
            else:
                waiting.close()
        if self._process is None or not self._process.alive:
            self._process = BotProcess(self.cmd)
            self._process.send(hello_message())
            try:
                self._process.hello = parse_hello(self._process.receive(START_TIME))
                self.bot_name = self._process.hello.name
            except BotTimeout as err:
                raise BotCrashed(f"did not say hello: {err}") from None
        self._process.send(
            start_message(
                game,
                self._config,
                self._seat,
                layout_of(game),
                self.time_limit,
                self.bank_size,
                seed,
                rng_state if self._process.hello.rng else None,
            )
        )

    def act(self, view: SeatView, legal: list[int], rng: np.random.Generator) -> int:
        self._decision += 1
        game = view.game
        if not self._started and not self.disqualified:
            try:
                self._start(game, rng)
            except BotProtocolError as err:
                self._error(f"at the start of the game: {err}", gone=True)
        if self.disqualified or self._process is None:
            return legal[int(rng.integers(len(legal)))]
        phase = (
            game.phase_names[view.phase] if view.phase < len(game.phase_names) else ""
        )
        hello = self._process.hello
        message = act_message(
            self._decision,
            phase,
            [(a, view.describe(a)) for a in legal],
            view.observation() if hello.forms else None,
            layout_of(game),
            self.time_limit,
            self._bank,
            hello.forms,
            state_text(view.redacted()) if hello.state else None,
        )
        started = monotonic()
        try:
            self._process.send(message)
            while True:
                left = self.time_limit + self._bank - (monotonic() - started)
                answer = parse_action(
                    self._process.receive(left), self._decision, legal
                )
                if answer is not None:
                    break
        except (BotProtocolError, BotTimeout) as err:
            self._spend(monotonic() - started)
            self._error(f"decision {self._decision}: {err}")
            return legal[int(rng.integers(len(legal)))]
        self._spend(monotonic() - started)
        return answer

    def _spend(self, seconds: float) -> None:
        """Time beyond a decision's own comes out of the game's bank."""
        self._bank = max(0.0, self._bank - max(0.0, seconds - self.time_limit))

    def _error(self, what: str, gone: bool = False) -> None:
        """Count an error (or raise it, `on_error=fail`); a bot that is gone, or
        has made `max_errors`, plays at random for the rest of the game."""
        said = f"{self.label} {what}"
        if self.on_error == "fail":
            self.close()
            raise RuntimeError(said)
        self.errors.append(said)
        gone = gone or self._process is None or not self._process.alive
        if len(self.errors) >= self.max_errors or gone:
            self.disqualified = True
            why = "it is gone" if gone else f"{len(self.errors)} errors"
            self.errors.append(
                f"{self.label} plays at random for the rest of the game ({why})"
            )
            self.close()

    def finish(self, scores: list[int], winners: list[int]) -> None:
        """The game is over: tell the bot; end its process, or keep it for the
        next game of its batch."""
        process = self._process
        if process is not None and process.alive:
            try:
                process.send(end_message(scores, winners))
                process.games += 1
                # A program that erred this game may still owe a late answer:
                # it is not kept for the next game.
                if process.games < self.batch and not self.errors:
                    _IDLE.setdefault(self.cmd, []).append(process)
                    self._process = None
                    return
                process.send({"type": "bye"})
            except BotProtocolError:
                pass
        self.close()

    def close(self) -> None:
        if self._process is not None:
            self._process.close()
            self._process = None
