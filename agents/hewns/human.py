"""Hewns's human player: the generic one (`agents.human`) plus Hewns's texts.

`HewnsHumanAgent` adds, to the numbered choices, `help`, `look` and `quit` of
`agents.human.HumanAgent`, the commands `cards` (the Hewn types and the
technologies of the game's card set, a line each), `card NAME` (one card's
numbers and what it does, from the engine's card data) and `rules` (a summary
of the rules this game is played by), which `scavenger play --help` promises
for every game.
"""

from __future__ import annotations

from collections.abc import Hashable
from typing import Any

from agents.base import SeatView
from agents.console import wrap as _wrap
from agents.human import HumanAgent, match_names, name_key
from scavenger_env.hewns.engine.config import HewnsConfig
from scavenger_env.hewns.engine.data import (
    BURN_FOR_AP_MAX,
    DEPLETION_THRESHOLD,
    ENCOUNTER_SUBSTRACT_MAX,
    SIZE_NAMES,
    HewnType,
    Socket,
    Tech,
)
from scavenger_env.hewns.engine.describe import ask_help, ask_name, turn_seat, why_asked
from scavenger_env.hewns.engine.state import Phase

__all__ = ["HELP_TEXT", "HewnsHumanAgent", "card_list", "card_lookup", "rules_text"]

HELP_TEXT = """\
HOW TO PLAY
You see the whole game as you know it when an auction opens, when your player
turn starts and at your first decision in another player's turn; before every
other decision only what changed since you last looked (board shows it all).
Then what is to be decided, why it is yours if it comes in another player's
turn, and your choices, numbered from 1. Type one of:
  a number    take that choice
  board       the whole picture again (also: look, state)
  cards       the Hewn types and technologies of this game, briefly
  card NAME   one card's numbers and text, e.g. card minor, card gunana
  rules       a summary of the rules
  help        this text
  quit        leave the game (you are asked to confirm)
A decision with only one choice is taken for you ("Only choice: ... - taken").
Dice are rolled for you. Between your turns you see what the other players
did, one line per decision (their secret amounts and picks stay hidden); a
fight is told once it is over (who attacked whom, the dice, what came of it),
and after each auction what became of every Bidox of yours."""

_SOCKET_WORDS = {
    Socket.NONE: "scouting card, not fitted",
    Socket.NANA: "fits a Nanasocket",
    Socket.SICKET: "fits a Sicket socket",
    Socket.HEART: "fits a heart slot",
}


def _config(config: HewnsConfig | None) -> HewnsConfig:
    return config if config is not None else HewnsConfig()


def _dice(n: int, kind: str) -> str:
    """ "1 mining die", "2 mining dice"."""
    return f"{n} {kind} {'die' if n == 1 else 'dice'}"


def _hewn_text(h: HewnType) -> str:
    """One Hewn type's card: size, cost, dice and abilities."""
    store = "+".join(str(x) for x in h.store)
    parts = [
        f"{h.name}: {SIZE_NAMES[h.size]} Hewn ({h.cards} card"
        f"{'s' if h.cards > 1 else ''}), minimum bid {h.cost}",
        f"{h.ap} action points",
        f"mines with {_dice(h.mine, 'mining')}" if h.mine else "no mining",
        f"armour {h.armour}",
        _dice(h.close_combat, "close-combat"),
        "a weapon (ranged attacks)" if h.weapon else "no weapon",
        f"stores {store} Substract ({h.secret} secret)"
        if h.store_total
        else "stores no Substract",
        f"{h.nanasockets} Nanasocket(s), {h.sicket_sockets} Sicket socket(s)",
    ]
    if h.rerolls:
        parts.append(f"{h.rerolls} re-roll(s)")
    if h.heart:
        parts.append("a heart slot (takes gems)")
    if h.abilities:
        words = [a.name.lower().replace("_", " ") for a in h.abilities]
        if h.repair:
            words = [f"repair ({h.repair}d10)" if w == "repair" else w for w in words]
        parts.append("abilities: " + ", ".join(words))
    return "; ".join(parts)


def _tech_text(t: Tech) -> str:
    """One technology or scouting card: what the winner gets and what it does."""
    qty = f"{t.quantity} per card, " if t.quantity > 1 else ""
    return (
        f"{t.name}: {t.card_kind.name.lower()} ({qty}{_SOCKET_WORDS[t.socket]}), "
        f"minimum bid {t.cost}; {t.effect}"
    )


def _game_hewns(config: HewnsConfig) -> list[HewnType]:
    """The Hewn types of the game's card set, with its card-data override."""
    return [h for h in config.hewn_types if h.stage <= config.card_set]


def _game_techs(config: HewnsConfig) -> list[Tech]:
    """The technologies of the game's card set, with its card-data override."""
    return [t for t in config.techs if t.stage <= config.card_set]


def _catalogue(config: HewnsConfig) -> list[tuple[str, str]]:
    """Every card `card` answers to: the Hewn types, then the technologies of
    this game's card set."""
    return [(h.name, _hewn_text(h)) for h in _game_hewns(config)] + [
        (t.name, _tech_text(t)) for t in _game_techs(config)
    ]


def card_lookup(query: str, config: HewnsConfig | None = None) -> str:
    """The text of the Hewn type or technology called `query`. Case and spaces
    do not matter; the start or any part of a name will do, and a near miss is
    forgiven; several matches are listed instead."""
    cards = _catalogue(_config(config))
    if not name_key(query):
        return (
            "Type card and a name, e.g. card minor or card gunana (cards lists them)."
        )
    hits = [cards[i] for i in match_names(query, [name for name, _ in cards])]
    if len(hits) == 1:
        return "\n".join(_wrap(hits[0][1]))
    if hits:
        names = ", ".join(name for name, _ in hits)
        return "\n".join(
            _wrap(f"{query.strip()!r} could be: {names}. Type more of it.")
        )
    return f"No Hewn or technology is called {query.strip()!r}; cards lists them all."


def card_list(config: HewnsConfig | None = None) -> str:
    """The Hewn types and the technologies of the game's card set, a line each."""
    config = _config(config)
    lines = [f"HEWNS (card set {config.cards}; card NAME for one)"]
    for h in _game_hewns(config):
        line = (
            f"  {h.name}: {SIZE_NAMES[h.size]}, bid {h.cost}+, {h.ap} AP, "
            f"mine {h.mine}, armour {h.armour}, close combat {h.close_combat}"
            + (", weapon" if h.weapon else "")
        )
        lines += _wrap(line, 4)
    lines.append("TECHNOLOGY AND SCOUTING")
    for t in _game_techs(config):
        lines += _wrap(f"  {t.name}: bid {t.cost}+; {t.effect}", 4)
    return "\n".join(lines)


def rules_text(config: HewnsConfig | None = None) -> str:
    """A summary of the rules of `config`, with its numbers from the scenario."""
    config = _config(config)
    scenario = config.scenario
    income = ", ".join(str(x) for x in scenario.income)
    lines = [
        "RULES IN SHORT (Hewns, Raw Substract)",
        "You run a team of mining robots, the Hewns. Normal Substract is what "
        "scores; dirty Substract is money (bids) and ammunition (encounters, "
        "extra action points).",
        f"The game lasts {scenario.rounds} rounds. Each round:",
        f"  1. New turn: dirty income ({income} in rounds 1-3) plus "
        f"{scenario.income_per_healthy_hewn} per healthy Hewn you have on the "
        "board.",
        "  2. Recovery: damaged and stunned Hewns roll to recover; former owners "
        "may try to take back Hewns taken from them.",
        f"  3. Auction: {scenario.bidoxes} Bidoxes each. In turn you place a "
        "Bidox on a lot (a Hewn, a technology or the turn-order stack) and "
        "pack it with a secret amount, or send it hunting (1 dirty Substract "
        "at once). The highest "
        "Bidox on each lot wins it and pays; the others get their Substract "
        "back; a tie or a bid under the card's minimum wins nothing. A Hewn you "
        "win waits behind your screen until it enters the board at an entrance "
        "(its first move).",
        "  4. Actions: in turn order, each player gives every healthy Hewn one "
        "Hewn turn: spend its action points to move, mine (mining dice for "
        "normal Substract, danger dice that place lava, Snedj nests and planet "
        "attacks, deplete mines or open new ones), load and transmit Substract, "
        "repair, and attack Hewns it sees (ranged) or shares a space with "
        f"(close combat). A Hewn may burn up to {BURN_FOR_AP_MAX.value} "
        "Substract for extra action points and use up to "
        f"{ENCOUNTER_SUBSTRACT_MAX.value} in encounters, picked in secret. A "
        "brain repair on an enemy Hewn takes it over.",
        "Ending: at once when the normal Substract pile runs out, when "
        f"{DEPLETION_THRESHOLD.value} mines have been depleted or when no mine "
        f"is left; otherwise after round {scenario.rounds}. The most normal "
        "Substract wins"
        + (
            " (normal Substract carried by your Hewns counts"
            if config.score_carried
            else " (only the Substract in your screen counts"
        )
        + (
            ", and each gem in a healthy Hewn of yours its value)."
            if config.audit_fixes()
            else ")."
        ),
        "Type cards for the Hewns and technologies, card NAME for one.",
    ]
    return "\n".join(line for text in lines for line in _wrap(text, 5))


class HewnsHumanAgent(HumanAgent):
    """You, at the keyboard, playing Hewns (plus `cards`, `card NAME`, `rules`).

    The generic screen (`agents.human.HumanAgent`) with Hewns's card texts and
    rules summary."""

    help_text = HELP_TEXT
    commands = "help / board / cards / rules / quit"

    def turn_of(self, view: SeatView) -> Hashable:
        """The whole picture is shown when this changes: the round, the phase
        and whose player turn it is (an auction is one turn; a decision in
        another player's turn starts that player's)."""
        state = view._redacted()
        owner = turn_seat(state) if state.phase == Phase.ACTIONS else None
        return (state.round, state.phase, owner)

    def explain(self, view: SeatView, legal: list[int]) -> None:
        """What the decision is (its title and a line on it) and, when it
        comes in another player's turn, why it is yours now."""
        state = view._redacted()
        if not state.frames:
            return
        ask = state.frames[-1].ask
        about = ask_help(ask)
        self._say(f"Decide: {ask_name(ask)}." + (f" {about}" if about else ""))
        why = why_asked(state, self.seat)
        if why:
            self._say(f"Why you: {why}")

    def command(self, view: SeatView, line: str, descriptions: list[str]) -> bool:
        """`board`: the whole picture again (then the choices)."""
        if line.strip().lower() in ("board", "b"):
            self._out(view.render())
            self._picture = view.render()
            self._show_choices(descriptions)
            return True
        return super().command(view, line, descriptions)

    def rules_text(self, config: Any) -> str:
        return rules_text(config)

    def card_list(self, view: SeatView, config: Any) -> str:
        return card_list(config)

    def card_text(self, query: str, config: Any) -> str:
        return card_lookup(query, config)
