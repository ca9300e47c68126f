"""Cave-In's human player: the generic one (`agents.human`) plus Cave-In's texts.

`CaveInHumanAgent` adds, to the numbered choices, `help`, `look` and `quit` of
`agents.human.HumanAgent`: the text of each card the choices offer (once a
turn), and the commands `cards` (every card, briefly), `card NAME` (a card's or
an artifact's text) and `rules` (a summary of the rules). A turn is a round of
the game; the END_TURN a turn ends with shows what changed before it is taken.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable
from dataclasses import dataclass
from typing import Any

from agents.base import SeatView
from agents.console import wrap as _wrap
from agents.human import HumanAgent, match_names, name_key
from scavenger_env.cavein.engine import GameConfig
from scavenger_env.cavein.engine.actions import PICK_BASE, block_of
from scavenger_env.cavein.engine.data import (
    ARTIFACT_CARDS,
    ARTIFACT_HALVES,
    ARTIFACT_STACK_COSTS,
    DESIGNED,
    FACTIONS,
    FAQ,
    MERC_TYPES,
    ArtifactCard,
    ArtifactKind,
    Timing,
    card_table,
)
from scavenger_env.cavein.engine.describe import merc_text

__all__ = [
    "HELP_TEXT",
    "CaveInHumanAgent",
    "card_list",
    "card_lookup",
    "rules_text",
]


HELP_TEXT = """\
HOW TO PLAY
At the start of your turn you see the whole game as you know it; before each
further decision of the turn, only what changed. Then your choices, numbered
from 1. Type one of:
  a number    take that choice
  look        the whole picture again (also: state)
  card NAME   a card's or an artifact's text (a part of the name will do)
  cards       all cards and artifacts, briefly
  help        this text
  rules       a short summary of the rules
  quit        leave the game (you are asked to confirm)
A decision with only one choice is taken for you ("Only choice: ... - taken").
A turn is a run of small decisions, all yours until you end it:
  1. start of turn: use an artifact, then your Leader's skill, or decline
  2. actions: recruit, mine, collect an artifact, use a skill, raid a Base,
     or end the turn
  3. paying: pick the cards to pay with one at a time, then confirm; the
     "Paying for" line shows the cost, its discounts and what is still owed
  4. a skill's targets: pick them one at a time; "done" stops
Between your turns you see what the other players did, one line per decision.
Reading the picture:
  crystals: "blue 3/4VP*!" is colour, mining cost / victory points;
    * = a faction symbol, ! = a Cave-In symbol
  "? (level 2)": a card in an opponent's hand you have not seen
  Base: the Leader (top card) first, then the cards below it, top down
  "(to act)" after a player marks the one to act; "you" is your seat"""


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


_TIMING = {
    Timing.WHOLE_TURN: "whole turn",
    Timing.INSTANT: "instant",
    Timing.EXTRA_ACTION: "extra action",
}
_ART_KIND = {
    ArtifactKind.SCORING: "scores at the game's end",
    ArtifactKind.START_OF_TURN: "at the start of your turn",
    ArtifactKind.RAID: "when raiding or raided",
    ArtifactKind.PASSIVE: "always in effect",
}
_SOURCE = {
    DESIGNED: "designed by this project, not a printed card",
    FAQ: "from the publisher's FAQ",
}


@dataclass(frozen=True)
class _Card:
    """A mercenary or an artifact half as `card NAME` tells it."""

    name: str
    short: str  # one line: name, kind, text
    long: str  # several lines


def _merc_card(kind: int, config: GameConfig) -> _Card:
    t = MERC_TYPES[kind]
    text = merc_text(kind, config.weedlock_text)
    # A German Weedlock text is an English card's text: take that card's timing.
    timing = next((m.timing for m in MERC_TYPES if m.text == text), t.timing)
    faction = FACTIONS[t.colour]
    colour = t.colour.name.lower()
    short = f"{t.name} ({colour} {t.level}): {text}"
    lines = [
        f"{t.name}: mercenary of the {faction.name}s ({colour}), level {t.level}, "
        f"{_TIMING[timing]}",
        f"  {text}",
    ]
    if text != t.text:
        lines.append("  (the German rulebook's text, as this game is set up)")
    return _Card(t.name, short, "\n".join(w for ln in lines for w in _wrap(ln)))


def _stack_cost(card: ArtifactCard, config: GameConfig) -> int:
    """The card's cost in this game: its stack's (`GameConfig.artifact_costs`)."""
    return config.artifact_costs[ARTIFACT_STACK_COSTS.index(card.cost)]


def _artifact_card(art: int, config: GameConfig) -> _Card:
    h = ARTIFACT_HALVES[art]
    card = next(c for c in ARTIFACT_CARDS if art in c.halves)
    other = ARTIFACT_HALVES[card.halves[1 - card.halves.index(h.art)]].name
    source = _SOURCE.get(h.provenance, "from the rulebook")
    short = f"{h.name} (artifact): {h.text}"
    lines = [
        f"{h.name}: artifact half, {_ART_KIND[h.kind]}; on a cost-{_stack_cost(card, config)} card "
        f"with {other} (you keep one half)",
        f"  {h.text}",
        f"  ({source})",
    ]
    return _Card(h.name, short, "\n".join(w for ln in lines for w in _wrap(ln)))


def _catalogue(config: GameConfig) -> list[_Card]:
    return [_merc_card(k, config) for k in range(len(MERC_TYPES))] + [
        _artifact_card(a, config) for a in range(len(ARTIFACT_HALVES))
    ]


def card_lookup(query: str, config: GameConfig | None = None) -> str:
    """The text of the card or artifact half called `query`.

    Case and punctuation do not matter; the start or any part of a name will do,
    and a near miss is forgiven. When several match, it lists them instead.
    """
    cards = _catalogue(config or GameConfig())
    if not name_key(query):
        return "Type card and a name, e.g. card foreman (cards lists them all)."
    hits = [cards[i] for i in match_names(query, [c.name for c in cards])]
    if len(hits) == 1:
        return hits[0].long
    if hits:
        names = ", ".join(c.name for c in hits)
        return "\n".join(
            _wrap(f"{query.strip()!r} could be: {names}. Type more of it.")
        )
    return f"No card or artifact is called {query.strip()!r}; cards lists them all."


def card_list(config: GameConfig | None = None, in_play: tuple[bool, ...] = ()) -> str:
    """Every mercenary by faction and every artifact card by cost, briefly."""
    config = config or GameConfig()
    lines = ["MERCENARIES by faction, levels 1 to 4 (card NAME for a text)"]
    for faction in FACTIONS:
        names = ", ".join(
            f"{t.name} {t.level}" for t in MERC_TYPES if t.colour == faction.colour
        )
        absent = in_play and not in_play[faction.colour]
        lines += _wrap(
            f"  {faction.name} ({faction.colour.name.lower()}): {names}"
            + (" - not in this game" if absent else "")
        )
    lines.append("ARTIFACTS: cost, then the two halves (the collector keeps one)")
    for card in ARTIFACT_CARDS:
        halves = " | ".join(
            ARTIFACT_HALVES[h].name
            + (" [designed]" if ARTIFACT_HALVES[h].provenance == DESIGNED else "")
            for h in card.halves
        )
        lines += _wrap(f"  cost {_stack_cost(card, config)}: {halves}")
    lines.append("[designed]: not a printed card; designed by this project.")
    return "\n".join(lines)


class CaveInHumanAgent(HumanAgent):
    """You, at the keyboard: shows your view and the numbered choices, reads one."""

    help_text = HELP_TEXT
    commands = "help / look / cards / quit"

    def __init__(
        self,
        input_fn: Callable[[str], str] | None = None,
        output_fn: Callable[[str], None] | None = None,
    ) -> None:
        super().__init__(input_fn, output_fn)
        self._explained: set[str] = set()  # cards whose text this turn showed

    # ------------------------------------------------------------ hooks

    def reset(self, seat: int, config: GameConfig) -> None:
        super().reset(seat, config)
        self._explained = set()

    def turn_of(self, view: SeatView) -> Hashable:
        return view.player_view.round

    def shows_changes(self, view: SeatView, legal: list[int]) -> bool:
        # the END_TURN that closes a turn is forced, but worth a last look
        return len(legal) > 1 or block_of(legal[0])[0] == "END_TURN"

    def start_turn(self) -> None:
        self._explained = set()

    def rules_text(self, config: Any) -> str:
        return rules_text(config)

    def card_list(self, view: SeatView, config: Any) -> str:
        return card_list(config, view.player_view.in_play)

    def card_text(self, query: str, config: Any) -> str:
        return card_lookup(query, config)

    def explain(self, view: SeatView, legal: list[int]) -> None:
        """The text of each card the choices offer, once per turn."""
        v = view.player_view
        config = self.config or view.config
        type_of = card_table(config.merc_distribution).type_of
        merc_types: list[int] = []
        arts: list[int] = []
        for action in legal:
            name, arg = block_of(action)
            if name in ("RECRUIT", "PICK_DOCKS") and v.docks[arg] >= 0:
                merc_types.append(type_of[v.docks[arg]])
            elif name in ("SKILL", "PICK_HAND"):
                merc_types.append(arg)
            elif name == "PICK_BASE":
                seat, depth = divmod(action - PICK_BASE, 6)
                base = v.bases[seat]
                if 0 <= len(base) - 2 - depth < len(base):
                    merc_types.append(type_of[base[len(base) - 2 - depth]])
            elif name == "COLLECT" and v.artifact_tops[arg // 2] >= 0:
                arts.append(ARTIFACT_CARDS[v.artifact_tops[arg // 2]].halves[arg % 2])
        cards = [_merc_card(k, config) for k in dict.fromkeys(merc_types)]
        cards += [_artifact_card(a, config) for a in dict.fromkeys(arts)]
        fresh = [c for c in cards if c.name not in self._explained]
        if not fresh:
            return
        self._out("About the cards offered (card NAME tells more):")
        for card in fresh:
            self._explained.add(card.name)
            self._out("\n".join(_wrap(f"  {card.short}", 6)))
