"""A human at the keyboard, as an agent: `scavenger play` seats one with the bots.

At each decision `HumanAgent` prints the game as its seat sees it
(`SeatView.render`), the legal choices numbered 1..k in plain words, and reads one
line: a number, `help`, `rules` or `quit`. Input and output go through two
functions (by default `input` and `print`), so tests can drive a whole game.
"""

from __future__ import annotations

import builtins
import re
from collections.abc import Callable

import numpy as np

from scavenger_env.cavein.engine import GameConfig

from .base import SeatView

__all__ = ["HELP_TEXT", "HumanAgent", "QuitGame", "rules_text"]


class QuitGame(Exception):
    """The human left the game (`quit`, confirmed, or the input ended)."""


HELP_TEXT = """\
HOW TO PLAY
At each of your decisions you see the game as you know it, then your choices
numbered from 1. Type one of:
  a number   take that choice
  help       this text
  rules      a short summary of the rules
  quit       leave the game (you are asked to confirm)
A turn is a run of small decisions, all yours until you end it:
  1. start of turn: use an artifact, then your Leader's skill, or decline
  2. actions: recruit, mine, collect an artifact, use a skill, raid a Base,
     or end the turn
  3. paying: pick the cards to pay with one at a time, then confirm
  4. a skill's targets: pick them one at a time; "decline / done" stops
Between your turns you see what the other players did, one line per decision.
Reading the picture:
  crystals: "blue 3/4VP*!" is colour, mining cost / victory points;
    * = a faction symbol, ! = a Cave-In symbol
  "? (level 2)": a card in an opponent's hand you have not seen
  Base: the Leader (top card) first, then the cards below it, top down
  "*" after a player marks the one to act; "you" is your seat"""


def rules_text(config: GameConfig | None = None) -> str:
    """A short summary of the rules (Cave-In thresholds from `config`)."""
    c = config or GameConfig()
    t2, t3, t4 = c.cave_in_thresholds
    here = f" (this game: {c.cave_in_threshold})" if config is not None else ""
    return f"""\
RULES IN SHORT
Goal: hold the most victory points (VP) when the Mine collapses.
Each turn has three phases:
 1. Start: use any start-of-turn artifacts, then, if you like, the skill of your
    Leader (the top card of your Base).
 2. Actions: take two DIFFERENT actions out of four:
    Recruit  take a card from the Docks into your hand; level 1 is free, a
             higher level costs one card of exactly one level lower.
    Mine     take a crystal: play cards of its colour (any one colour for a
             wild colour) whose levels add up to its cost; holding that
             colour's totem takes 1 off.
    Collect  take the top artifact of a stack: play cards of any colours
             adding up to its cost; keep one of the card's two halves.
    Skill    play one card from your hand to use its skill.
    OR, instead of both actions, Raid a Base (anyone's, even yours): its owner
    takes the Leader back into hand, you take the totem of the Leader's colour,
    then cards from the top of that Base until your hand holds 7.
 3. Clean-up: the cards you played go onto your Base in order (the last one
    is your new Leader); the Base keeps its top 7; Docks and Mine refill.
Hand limit 7. A Leader can never be taken or targeted by another player.
Cave-In: the track moves for each crystal with a Cave-In symbol (!) mined, each
artifact stack emptied, and each card or crystal stack that runs out. At
{t2}/{t3}/{t4} Cave-Ins (2/3/4 players){here} the game ends when the round is
complete, so that everyone has had the same number of turns.
Scoring: crystal VP; sets of different faction symbols (*) on your crystals
(1/3/6/10/15/21 VP for 1 to 6 different); artifacts; 3 VP per totem; 1 VP per
level of each card you subjugated. Most VP wins; tied players all win."""


_NUMBER = re.compile(r"[+-]?\d+")


class HumanAgent:
    """You, at the keyboard: shows your view and the numbered choices, reads one."""

    name = "human"

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
        self.config: GameConfig | None = None

    # ------------------------------------------------------------ io

    def _out(self, text: str) -> None:
        (self.output_fn or builtins.print)(text)

    def _read(self, prompt: str) -> str:
        try:
            return (self.input_fn or builtins.input)(prompt)
        except EOFError:
            raise QuitGame("the input ended") from None

    # ------------------------------------------------------------ agent

    def reset(self, seat: int, config: GameConfig) -> None:
        self.seat = seat
        self.config = config

    def act(self, view: SeatView, legal: list[int], rng: np.random.Generator) -> int:
        if not legal:
            raise ValueError("no legal action to choose from")
        descriptions = [view.describe(a) for a in legal]
        self._out("")
        self._out(view.render())
        self._show_choices(descriptions)
        k = len(legal)
        span = "1" if k == 1 else f"1-{k}"
        prompt = f"Your choice ({span}, or help / rules / quit): "
        while True:
            text = self._read(prompt).strip().lower()
            if _NUMBER.fullmatch(text):
                n = int(text)
                if 1 <= n <= k:
                    self._out(f"You chose: {descriptions[n - 1]}")
                    return legal[n - 1]
                self._out(f"There is no choice {n}. {self._bad_entry_hint(k)}")
            elif text in ("help", "h", "?"):
                self._out(HELP_TEXT)
                self._show_choices(descriptions)
            elif text in ("rules", "r"):
                self._out(rules_text(self.config or view.config))
                self._show_choices(descriptions)
            elif text in ("quit", "q", "exit"):
                answer = self._read("Really quit this game? (y/n): ").strip().lower()
                if answer in ("y", "yes"):
                    raise QuitGame("you quit")
                self._out("Carrying on.")
            else:
                shown = f"{text!r} is not a choice. " if text else ""
                self._out(shown + self._bad_entry_hint(k))

    # ------------------------------------------------------------ helpers

    def _show_choices(self, descriptions: list[str]) -> None:
        self._out("Your choices:")
        width = len(str(len(descriptions)))
        for i, text in enumerate(descriptions, 1):
            self._out(f"  {i:>{width}}. {text}")

    @staticmethod
    def _bad_entry_hint(k: int) -> str:
        if k == 1:
            return "Please type 1 (the only choice), or help / rules / quit"
        return f"Please type a number from 1 to {k}, or help / rules / quit"
