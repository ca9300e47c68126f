"""Short human names for cards, crystals, artifacts and actions."""

from __future__ import annotations

from .actions import PICK_BASE, block_of
from .data import (
    ARTIFACT_CARDS,
    ARTIFACT_HALVES,
    DOCKS_SLOT_LEVEL,
    FACTIONS,
    MERC_TYPES,
    WEEDLOCK_TEXTS_DE,
    Colour,
    crystal_name,
)
from .state import Effect, GameState, Kind, Phase


def card_name(s: GameState, card: int) -> str:
    """E.g. 'Fish'Bean (blue 2)'."""
    t = MERC_TYPES[s.cards.type_of[card]]
    return f"{t.name} ({t.colour.name.lower()} {t.level})"


def type_name(merc_type: int) -> str:
    t = MERC_TYPES[merc_type]
    return f"{t.name} ({t.colour.name.lower()} {t.level})"


def artifact_name(art: int) -> str:
    return ARTIFACT_HALVES[art].name


def colour_name(colour: int) -> str:
    return f"{Colour(colour).name.lower()} ({FACTIONS[colour].name})"


def merc_text(merc_type: int, weedlock_text: str = "en") -> str:
    """A mercenary's card text under the game's Weedlock texts ("en" or "de")."""
    t = MERC_TYPES[merc_type]
    if weedlock_text == "de":
        return WEEDLOCK_TEXTS_DE.get(t.name, t.text)
    return t.text


def _whose(s: GameState, seat: int, viewer: int | None) -> str:
    """Whose Base, told to `viewer`: "your", "their own" (the mover's, told to
    another seat) or "player N's" (always, in a transcript)."""
    if seat == viewer:
        return "your"
    if viewer is not None and seat == s.current_player:
        return "their own"
    return f"player {seat}'s"


def _leader(s: GameState, short: bool) -> str:
    """The current player's Leader, named, with its text unless `short`."""
    base = s.players[s.current_player].base
    if not base:
        return "no Leader"
    kind = s.cards.type_of[base[-1]]
    t = MERC_TYPES[kind]
    named = f"{t.name}, {t.colour.name.lower()} {t.level}"
    if short:
        return named
    return f"{named}: {merc_text(kind, s.config.weedlock_text)}"


def describe(s: GameState, action: int, viewer: int | None = None) -> str:
    """What `action` means for the current player in state `s`, told to `viewer`
    (None: the mover)."""
    name, arg = block_of(action)
    if name == "END_TURN":
        return "end the turn"
    if name == "DONE":
        if s.phase == Phase.START_LEADER:
            return f"do not use the Leader's skill ({_leader(s, short=True)})"
        if s.phase == Phase.START_ARTIFACT and s.turn.start_queue:
            return f"do not use {artifact_name(s.turn.start_queue[0])}"
        return "done with this skill (take nothing more)"
    if name == "USE":
        if s.phase == Phase.START_ARTIFACT and s.turn.start_queue:
            return f"use {artifact_name(s.turn.start_queue[0])}"
        return f"use the Leader's skill ({_leader(s, short=False)})"
    if name == "CONFIRM":
        return "confirm the payment"
    if name == "RECRUIT":
        card = s.docks[arg]
        who = card_name(s, card) if card >= 0 else "an empty slot"
        return (
            f"recruit {who} from the Docks (level {DOCKS_SLOT_LEVEL[arg]} slot {arg})"
        )
    if name == "MINE":
        c = s.mine[arg]
        return (
            f"mine {crystal_name(c) if c >= 0 else 'an empty slot'} (Mine slot {arg})"
        )
    if name == "COLLECT":
        stack, half = divmod(arg, 2)
        pile = s.artifact_stacks[stack]
        if not pile:
            return f"collect from empty artifact stack {stack}"
        art = ARTIFACT_CARDS[pile[-1]].halves[half]
        return f"collect an artifact from stack {stack}, keeping {artifact_name(art)}"
    if name == "SKILL":
        return f"use the skill of {type_name(arg)}"
    if name == "RAID":
        return f"raid {_whose(s, arg, viewer)} Base"
    if name == "PAY":
        purpose = Kind(s.pay[0]).name.lower() if s.pay else "pay"
        return f"pay {type_name(arg)} to {purpose}"
    if name == "PICK_MINE":
        c = s.mine[arg]
        if s.effects and s.effects[-1][0] == Effect.DIG_SLOT:
            return f"choose {crystal_name(c)} (Mine slot {arg}) to recolour"
        return f"take {crystal_name(c) if c >= 0 else 'nothing'} (Mine slot {arg})"
    if name == "PICK_DOCKS":
        c = s.docks[arg]
        return f"take {card_name(s, c) if c >= 0 else 'nothing'} from Docks slot {arg}"
    if name == "PICK_BASE":
        seat, d = divmod(action - PICK_BASE, 6)
        base = s.players[seat].base
        index = len(base) - 2 - d
        what = card_name(s, base[index]) if 0 <= index < len(base) else "?"
        return f"target {what} in {_whose(s, seat, viewer)} Base ({d + 1} below the Leader)"
    if name == "PICK_HAND":
        if (
            viewer is not None
            and viewer != s.current_player
            and s.effects
            and s.effects[-1][0] == Effect.DOMINA
        ):
            # subjugated face down: the others see only a level-1 card go
            return "choose a level-1 card from hand"
        return f"choose {type_name(arg)} from your hand"
    return f"choose the colour {colour_name(arg)}"
