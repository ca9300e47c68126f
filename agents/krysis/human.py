"""Krysis's human player: the generic one (`agents.human`) plus Krysis's texts.

`KrysisHumanAgent` adds, to the numbered choices, `help`, `look` and `quit` of
`agents.human.HumanAgent`, the commands `cards` (your company's agents and the
relic types, briefly), `card NAME` (an agent's or a relic's text, from the
engine's card data) and `rules` (a summary of the rules this game is played
by), which `scavenger play --help` promises for every game.
"""

from __future__ import annotations

from typing import Any

from agents.base import SeatView
from agents.console import wrap as _wrap
from agents.human import HumanAgent, match_names, name_key
from scavenger_env.krysis.engine import KrysisConfig
from scavenger_env.krysis.engine.data import (
    COMPANY_NAMES,
    CRYSTAL_VALUE,
    DIFFERENT_SET_VP,
    IDENTICAL_SET_VP,
    MISSION_NAMES,
    MISSION_VP,
    NUM_REGULAR,
    RELICS,
    SALE_VP,
    Ability,
    Relic,
    RelicKind,
    cards_of,
)
from scavenger_env.krysis.engine.describe import agent_text

__all__ = ["HELP_TEXT", "KrysisHumanAgent", "card_list", "card_lookup", "rules_text"]

HELP_TEXT = """\
HOW TO PLAY
At the start of your turn you see the whole game as you know it; before each
further decision of the turn, only what changed. Then your choices, numbered
from 1. Type one of:
  a number    take that choice
  look        the whole picture again (also: state)
  cards       your company's agents and the relic types, briefly
  card NAME   an agent's or a relic's text, e.g. card T4, card thief, card cart
  rules       a summary of the rules
  help        this text
  quit        leave the game (you are asked to confirm)
A decision with only one choice is taken for you ("Only choice: ... - taken").
Between your turns you see what the other players did, one line per decision."""

_ABILITY_TEXT = {
    Ability.DEFENSE: "adds {0} to the defence of its team's campsite",
    Ability.THIEF: "steals the crystals shown ({crystals}) from one other "
    "player's campsite, even against a higher combat value",
    Ability.SPY: "visits one opponent's campsite, looks at its relic cards and "
    "takes one",
    Ability.EMINENT_MINER: "brings the goods shown ({goods}) from the bank or the "
    "relic pile to its campsite",
    Ability.ALCHEMIST: "turns white crystals into blue ones, or blue ones into "
    "red ones (one or the other, at least one crystal)",
}
"""What each special agent's ability does ("carrying out the special actions is
mandatory"), from the engine's rules."""


def _crystals(amount: tuple[int, ...]) -> str:
    parts = [f"{n}{letter}" for n, letter in zip(amount[:3], "RBW") if n]
    return " ".join(parts) or "none"


def _config(config: KrysisConfig | None) -> KrysisConfig:
    return config if config is not None else KrysisConfig()


def _agent_entries(seat: int, config: KrysisConfig) -> list[tuple[str, str]]:
    """(name, text) of the agents of `seat`'s company, regular ones first, then
    (in the advanced game) the special ones with what their ability does."""
    out = []
    version = config.rules_version
    for card_id, a in enumerate(cards_of(version)[seat % len(COMPANY_NAMES)]):
        text = agent_text(seat % len(COMPANY_NAMES), card_id, version)
        if a.special:
            does = _ABILITY_TEXT[a.ability].format(
                a.amount[0], crystals=_crystals(a.amount), goods=_goods(a.amount)
            )
            text += f": special agent (advanced game); {does}"
        out.append((a.name, text))
    return out


def _goods(amount: tuple[int, ...]) -> str:
    relics = amount[3] if len(amount) > 3 else 0
    parts = [_crystals(amount)] if any(amount[:3]) else []
    if relics:
        parts.append(f"{relics} relic{'s' if relics > 1 else ''}")
    return " + ".join(parts) or "nothing"


def _relic_text(relic: Relic) -> str:
    if relic.kind == RelicKind.WEAPON:
        use = f"weapon relic: +{relic.combat} combat to the team that uses it"
    else:
        slots = " ".join(
            letter for n, letter in zip(relic.capacity, "RBW") for _ in range(n)
        )
        use = f"transport relic: carries {slots} more when loading"
    return f"{relic.name} ({use}; scores in sets at home)"


def _catalogue(seat: int, config: KrysisConfig) -> list[tuple[str, str]]:
    """Every name `card` answers to: your agents, then the other companies'
    own special agents, then the relics."""
    entries = _agent_entries(seat, config)
    names = {name for name, _ in entries}
    for other in range(len(COMPANY_NAMES)):
        for name, text in _agent_entries(other, config)[NUM_REGULAR:]:
            if name not in names:
                names.add(name)
                entries.append((name, f"{text} [{COMPANY_NAMES[other]}'s agent]"))
    return entries + [(r.name, _relic_text(r)) for r in RELICS]


def card_lookup(query: str, config: KrysisConfig | None = None, seat: int = 0) -> str:
    """The text of the agent or relic called `query` (`seat`'s company's agent
    when companies differ). Case and spaces do not matter; the start or any
    part of a name will do, and a near miss is forgiven; several matches are
    listed instead."""
    cards = _catalogue(seat, _config(config))
    if not name_key(query):
        return "Type card and a name, e.g. card T4 or card cart (cards lists them)."
    hits = [cards[i] for i in match_names(query, [name for name, _ in cards])]
    if len(hits) == 1:
        return "\n".join(_wrap(hits[0][1]))
    if hits:
        names = ", ".join(name for name, _ in hits)
        return "\n".join(
            _wrap(f"{query.strip()!r} could be: {names}. Type more of it.")
        )
    return f"No agent or relic is called {query.strip()!r}; cards lists them all."


def card_list(config: KrysisConfig | None = None, seat: int = 0) -> str:
    """Your company's agents and the relic types, a line each."""
    config = _config(config)
    entries = _agent_entries(seat, config)
    company = COMPANY_NAMES[seat % len(COMPANY_NAMES)]
    lines = [f"AGENTS of {company} (card NAME for one)"]
    for _name, text in entries[:NUM_REGULAR]:
        lines += _wrap(f"  {text}", 4)
    special = "" if config.advanced else " (advanced game only: not in this game)"
    lines.append(f"SPECIAL AGENTS{special}")
    for _name, text in entries[NUM_REGULAR:]:
        lines += _wrap(f"  {text}", 4)
    lines.append("RELICS (4 of each)")
    lines += [line for r in RELICS for line in _wrap(f"  {_relic_text(r)}", 4)]
    return "\n".join(lines)


def rules_text(config: KrysisConfig | None = None) -> str:
    """A summary of the rules of `config` (variant, advanced game, missions),
    with its numbers from the engine's data."""
    config = _config(config)
    red, blue, white = CRYSTAL_VALUE
    rounds = config.rounds
    lines = [
        "RULES IN SHORT (Krysis)",
        f"The game lasts {rounds} rounds. Each round:",
        "  1. Mining: everyone bids crystals in secret; in bid order the miners "
        "move down to a chamber of the mine level and take its goods to their "
        "campsite (a relic: draw 2, keep 1).",
        "  2. Building the teams: three agents each from your hand, picked in "
        "secret and revealed together, one at a time.",
        "  3. Action: in initiative order (the team's speed), each team loads "
        "goods from its campsite home or to the bank (transporters carry them; "
        "goods sold score at once), raids another campsite (fighters' combat "
        "against its defence) or mines overtime.",
        "  4. End of the round: teams and used relics are discarded; everyone "
        "draws three agents, choosing the deck each time.",
        f"Scoring: {SALE_VP} VP per crystal or relic sold to the bank during "
        f"the game; at the end crystals at home (red {red}, blue {blue}, white "
        f"{white} VP) and relic sets at home (identical: "
        + ", ".join(f"{n} for {v}" for n, v in enumerate(IDENTICAL_SET_VP) if v)
        + "; all different: "
        + ", ".join(f"{n} for {v}" for n, v in enumerate(DIFFERENT_SET_VP) if v)
        + "). Crystals and relics left at a campsite score nothing.",
    ]
    if config.variant == "speed":
        lines.append(
            f"Speed Krysis (the 2-player variant): {rounds} rounds with forced "
            "actions; the outline above is the standard game's."
        )
    if config.missions:
        lines.append(
            f"Missions: {MISSION_VP} VP for the most at home of one kind ("
            + ", ".join(MISSION_NAMES)
            + ")."
        )
    if config.advanced:
        lines.append(
            "Advanced game: special agents with abilities (card NAME tells "
            "each); carrying out a special action is mandatory."
        )
    lines.append(
        "A tie goes to the miner farthest ahead in the mine. "
        "Type cards for the agents and relics."
    )
    return "\n".join(line for text in lines for line in _wrap(text, 5))


class KrysisHumanAgent(HumanAgent):
    """You, at the keyboard, playing Krysis: the generic screen plus `cards`,
    `card NAME` and `rules`."""

    help_text = HELP_TEXT
    commands = "help / look / cards / rules / quit"

    def rules_text(self, config: Any) -> str:
        return rules_text(config)

    def card_list(self, view: SeatView, config: Any) -> str:
        return card_list(config, self.seat)

    def card_text(self, query: str, config: Any) -> str:
        return card_lookup(query, config, self.seat)
