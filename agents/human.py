"""A human at the keyboard, as an agent of any game: `scavenger play` seats one.

At the first decision of each of its turns `HumanAgent` prints the game as its
seat sees it (`SeatView.render`); before each further decision of the turn only
what changed (`Game.render_changes`), then the legal choices numbered 1..k in
the game's words (`SeatView.describe`). A decision with a single legal choice is
taken at once, with a one-line note. It reads one line: a number, `help`, `look`
or `quit`. Input and output go through two functions (by default `input` and
`print`), so tests can drive a whole game.

A game's own version (Cave-In's: `agents.cavein.human`) subclasses it to add
commands and texts through the hooks below (`turn_of`, `shows_changes`,
`start_turn`, `explain`, `command`, `help_text`, `commands`); a game with card
texts gives `rules_text`, `card_list` and `card_text`, and `command` answers
`rules`, `cards` and `card NAME` with them (`match_names` finds a typed name).
"""

from __future__ import annotations

import builtins
import difflib
import re
from collections.abc import Callable, Hashable, Sequence
from typing import Any, ClassVar

import numpy as np

from .base import SeatView
from .console import wrap

__all__ = ["HELP_TEXT", "HumanAgent", "QuitGame", "match_names", "name_key"]


def name_key(text: str) -> str:
    """A name as typed lookups compare it: lower case, letters, digits and "+"
    only (so "Blaster +1" and "blaster+1" are the same)."""
    return re.sub(r"[^a-z0-9+]", "", text.lower())


def match_names(query: str, names: Sequence[str]) -> list[int]:
    """The positions of the names `query` means: those it equals, else those it
    starts, else those holding it, else near misses (several: the player is
    asked to type more)."""
    q, keys = name_key(query), [name_key(n) for n in names]
    for test in (str.__eq__, str.startswith, str.__contains__):
        hits = [i for i, key in enumerate(keys) if test(key, q)]
        if hits:
            return hits
    close = set(difflib.get_close_matches(q, keys, 5, 0.6))
    return [i for i, key in enumerate(keys) if key in close]


class QuitGame(Exception):
    """The human left the game (`quit`, confirmed, or the input ended)."""


HELP_TEXT = """\
HOW TO PLAY
At the start of your turn you see the whole game as you know it; before each
further decision of the turn, only what changed. Then your choices, numbered
from 1. Type one of:
  a number    take that choice
  look        the whole picture again (also: state)
  help        this text
  quit        leave the game (you are asked to confirm)
A decision with only one choice is taken for you ("Only choice: ... - taken").
Between your turns you see what the other players did, one line per decision."""

_NUMBER = re.compile(r"[+-]?\d+")


class HumanAgent:
    """You, at the keyboard: shows your view and the numbered choices, reads one."""

    name = "human"
    #: what `help` prints
    help_text: ClassVar[str] = HELP_TEXT
    #: the commands the prompt and the hint for a bad entry name
    commands: ClassVar[str] = "help / look / quit"

    def __init__(
        self,
        input_fn: Callable[[str], str] | None = None,
        output_fn: Callable[[str], None] | None = None,
    ) -> None:
        # None: look up builtins.input / print at call time (so a patched
        # `builtins.input` is honoured).
        self.input_fn = input_fn
        self.output_fn = output_fn
        self.seat = 0
        self.config: Any = None
        self._turn: Hashable = None  # the turn being shown (None: none yet)
        self._picture = ""  # the picture as last shown, whole or as changes

    # ------------------------------------------------------------ io

    def _out(self, text: str) -> None:
        (self.output_fn or builtins.print)(text)

    def _say(self, text: str) -> None:
        """`text`, broken into lines that fit the screen."""
        self._out("\n".join(wrap(text)))

    def _read(self, prompt: str) -> str:
        try:
            return (self.input_fn or builtins.input)(prompt)
        except EOFError:
            raise QuitGame("the input ended") from None

    # ------------------------------------------------------------ agent

    def reset(self, seat: int, config: Any) -> None:
        self.seat = seat
        self.config = config
        self._turn = None
        self._picture = ""

    def act(self, view: SeatView, legal: list[int], rng: np.random.Generator) -> int:
        if not legal:
            raise ValueError("no legal action to choose from")
        descriptions = [view.describe(a) for a in legal]
        picture = view.render()
        turn = self.turn_of(view)
        if turn != self._turn:  # the first decision of a turn: the whole picture
            self._turn = turn
            self.start_turn()
            self._out("")
            self._out(picture)
            self._picture = picture
        elif self.shows_changes(view, legal):
            self._out("")
            self._out(view.game.render_changes(self._picture, picture))
            self._picture = picture
        if len(legal) == 1:
            self._say(f"Only choice: {descriptions[0]} - taken.")
            return legal[0]
        self.explain(view, legal)
        self._show_choices(descriptions)
        k = len(legal)
        prompt = f"Your choice (1-{k}, or {self.commands}): "
        while True:
            line = self._read(prompt).strip()
            text = line.lower()
            if _NUMBER.fullmatch(text):
                n = int(text)
                if 1 <= n <= k:
                    self._say(f"You chose: {descriptions[n - 1]}")
                    return legal[n - 1]
                self._say(f"There is no choice {n}. {self._bad_entry_hint(k)}")
            elif text in ("help", "h", "?"):
                self._out(self.help_text)
                self._show_choices(descriptions)
            elif text in ("look", "l", "state"):
                self._out(picture)
                self._picture = picture
                self._show_choices(descriptions)
            elif text in ("quit", "q", "exit"):
                answer = self._read("Really quit this game? (y/n): ").strip().lower()
                if answer in ("y", "yes"):
                    raise QuitGame("you quit")
                self._out("Carrying on.")
            elif self.command(view, line, descriptions):
                pass
            else:
                shown = f"{text!r} is not a choice. " if text else ""
                self._say(shown + self._bad_entry_hint(k))

    # ------------------------------------------------------------ hooks

    def turn_of(self, view: SeatView) -> Hashable:
        """What changes exactly when a new turn of this seat starts (the whole
        picture is shown then): the game's `turn_key`."""
        return view.turn_key()

    def shows_changes(self, view: SeatView, legal: list[int]) -> bool:
        """Whether a later decision of the turn shows what changed (a forced
        choice, taken at once, shows nothing)."""
        return len(legal) > 1

    def start_turn(self) -> None:
        """Called when a new turn is shown (a subclass forgets per-turn notes)."""

    def explain(self, view: SeatView, legal: list[int]) -> None:
        """Print what the choices need explained before they are listed (a
        game's card texts); nothing by default."""

    def command(self, view: SeatView, line: str, descriptions: list[str]) -> bool:
        """Answer a typed `line` that is none of the common commands: `rules`,
        `cards` and `card NAME` where the game gives their texts (the three hooks
        below); False: not a command of this game (the player is told what to
        type)."""
        text = line.strip().lower()
        config = self.config or view.config
        if text in ("rules", "r"):
            answer, relist = self.rules_text(config), True
        elif text == "cards":
            answer, relist = self.card_list(view, config), True
        elif text == "card" or text.startswith("card "):
            answer, relist = self.card_text(line.strip()[4:], config), False
        else:
            return False
        if answer is None:
            return False
        self._out(answer)
        if relist:
            self._show_choices(descriptions)
        return True

    def rules_text(self, config: Any) -> str | None:
        """The `rules` command's summary (None: the game has none)."""
        return None

    def card_list(self, view: SeatView, config: Any) -> str | None:
        """The `cards` command's list (None: the game has none)."""
        return None

    def card_text(self, query: str, config: Any) -> str | None:
        """The `card NAME` command's answer (None: the game has none)."""
        return None

    # ------------------------------------------------------------ helpers

    def _show_choices(self, descriptions: list[str]) -> None:
        self._out("Your choices:")
        width = len(str(len(descriptions)))
        for i, text in enumerate(descriptions, 1):
            self._out("\n".join(wrap(f"  {i:>{width}}. {text}", width + 6)))

    def _bad_entry_hint(self, k: int) -> str:
        return f"Type 1 to {k}, or {self.commands}."
