"""Rigged positions for golden tests, tutorials and puzzles.

Start from a dealt game and move named cards and crystals where a scenario needs
them. Every move takes the item from wherever it is, so each card and crystal
stays in exactly one place.

>>> from scavenger_env.cavein.engine import GameConfig
>>> s = scenario(GameConfig(num_players=2, factions="first_game"))
>>> set_hand(s, 0, ["Fish'Bean", "Oddgrabber"])
>>> [card_type_name(s, c) for c in s.players[0].hand]
["Fish'Bean", 'Oddgrabber']
"""

from __future__ import annotations

from .config import GameConfig
from .data import (
    ARTIFACT_CARDS,
    CRYSTAL_TEMPLATE,
    CRYSTAL_TIER,
    DOCKS_SLOT_LEVEL,
    FACTION_BY_NAME,
    MERC_BY_NAME,
    MERC_TYPES,
    MINE_SLOT_TIER,
    Art,
    Colour,
)
from .setup import new_game
from .state import GameState
from .turn import begin_turn


def scenario(config: GameConfig, seed: int = 0, start_player: int = 0) -> GameState:
    """A dealt game whose first turn belongs to `start_player`."""
    s = new_game(config, seed)
    s.start_player = start_player
    restart_turn(s, start_player)
    return s


def restart_turn(s: GameState, player: int) -> None:
    """Make it the start of `player`'s turn (step 1.1)."""
    s.current_player = player
    begin_turn(s)


def card_type_name(s: GameState, card: int) -> str:
    return MERC_TYPES[s.cards.type_of[card]].name


def merc_type(spec: str) -> int:
    """A type from a name ("Fish'Bean") or "colour level" ("blue 2")."""
    key = spec.strip().lower()
    if key in MERC_BY_NAME:
        return MERC_BY_NAME[key].index
    colour, level = key.rsplit(" ", 1)
    return int(FACTION_BY_NAME[colour]) * 4 + int(level) - 1


def _detach(s: GameState, card: int) -> None:
    """Remove a card from wherever it is."""
    for pile in s.merc_stacks:
        if card in pile:
            pile.remove(card)
            return
    if card in s.docks:
        s.docks[s.docks.index(card)] = -1
        return
    for p in s.players:
        for pile in (p.hand, p.base, p.subjugated):
            if card in pile:
                pile.remove(card)
                p.secret.discard(card)
                p.face_down.discard(card)
                return
    for pile in (s.removed, s.turn.played):
        if card in pile:
            pile.remove(card)
            return
    raise KeyError(f"card {card} is nowhere")


def take_card(s: GameState, spec: str, avoid: tuple[int, ...] = ()) -> int:
    """Detach a copy of `spec`, preferring one in the stacks, then the Docks."""
    t = merc_type(spec)
    copies = [c for c in range(len(s.cards.type_of)) if s.cards.type_of[c] == t]
    stacked = [c for c in copies if any(c in pile for pile in s.merc_stacks)]
    docked = [c for c in copies if c in s.docks]
    for c in stacked + docked + copies:
        if c not in avoid:
            _detach(s, c)
            return c
    raise KeyError(f"no free copy of {spec}")


def _return_cards(s: GameState, cards: list[int]) -> None:
    for c in list(cards):
        _detach(s, c)
        s.merc_stacks[s.cards.level_of[c] - 1].insert(0, c)


def set_hand(s: GameState, p: int, specs: list[str]) -> None:
    """Replace player `p`'s hand (old cards go to the bottom of their stacks)."""
    _return_cards(s, s.players[p].hand)
    cards: list[int] = []
    for spec in specs:
        cards.append(take_card(s, spec, avoid=tuple(cards)))
    s.players[p].hand = cards


def set_base(s: GameState, p: int, specs: list[str]) -> None:
    """Replace player `p`'s Base, listed bottom first (the last is the Leader)."""
    _return_cards(s, s.players[p].base)
    cards: list[int] = []
    for spec in specs:
        cards.append(take_card(s, spec, avoid=tuple(cards)))
    s.players[p].base = cards


def set_docks(s: GameState, specs: dict[int, str | None]) -> None:
    """Put a named card (or nothing) in Docks slots; levels must match the slot."""
    placed: list[int] = []
    for slot, spec in specs.items():
        old = s.docks[slot]
        if old >= 0:
            s.docks[slot] = -1
            s.merc_stacks[s.cards.level_of[old] - 1].insert(0, old)
        if spec is not None:
            card = take_card(s, spec, avoid=tuple(placed))
            placed.append(card)
            if s.cards.level_of[card] != DOCKS_SLOT_LEVEL[slot]:
                raise ValueError(
                    f"Docks slot {slot} holds level {DOCKS_SLOT_LEVEL[slot]}"
                )
            s.docks[slot] = card


def crystal(spec: str) -> int:
    """A crystal id from "colour template", e.g. "green c6a"."""
    colour, name = spec.lower().split()
    j = [t.name for t in CRYSTAL_TEMPLATE].index(name)
    return int(FACTION_BY_NAME[colour]) * 10 + j


def _detach_crystal(s: GameState, c: int) -> None:
    for pile in s.crystal_stacks:
        if c in pile:
            pile.remove(c)
            return
    if c in s.mine:
        s.mine[s.mine.index(c)] = -1
        return
    for p in s.players:
        if c in p.crystals:
            p.crystals.remove(c)
            return
    raise KeyError(f"crystal {c} is nowhere")


def set_mine(s: GameState, specs: dict[int, str | None]) -> None:
    """Put named crystals (or nothing) in Mine slots; costs must match the slot."""
    for slot, spec in specs.items():
        old = s.mine[slot]
        if old >= 0:
            s.mine[slot] = -1
            s.crystal_stacks[CRYSTAL_TIER[old]].insert(0, old)
        if spec is not None:
            c = crystal(spec)
            if CRYSTAL_TIER[c] != MINE_SLOT_TIER[slot]:
                raise ValueError(f"Mine slot {slot} holds another cost tier")
            _detach_crystal(s, c)
            s.mine[slot] = c


def give_crystals(s: GameState, p: int, specs: list[str]) -> None:
    """Add named crystals to player `p`'s crystals."""
    for spec in specs:
        c = crystal(spec)
        _detach_crystal(s, c)
        s.players[p].crystals.append(c)


def give_artifact(s: GameState, p: int, art: Art) -> None:
    """Give player `p` an artifact half, taking its card out of its stack."""
    card = next(i for i, c in enumerate(ARTIFACT_CARDS) if art in c.halves)
    for pile in s.artifact_stacks:
        if card in pile:
            pile.remove(card)
    s.players[p].artifacts.append(int(art))


def set_totem(s: GameState, colour: str | Colour, owner: int) -> None:
    """Give a Faction Totem to `owner` (-1: the supply)."""
    c = FACTION_BY_NAME[colour.lower()] if isinstance(colour, str) else colour
    s.totem_owner[int(c)] = owner
