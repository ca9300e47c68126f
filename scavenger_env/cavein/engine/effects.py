"""Target choices of skills and artifacts: what may be picked, and what a pick does.

Each pending choice is a frame `[Effect, args...]` on `state.effects` (innermost
last). Every frame offers DONE ("all skills are optional") except the second step
of Diggerhino, whose colour must be named once its crystal is chosen.
"""

from __future__ import annotations

from .actions import (
    DONE,
    PICK_BASE,
    PICK_COLOUR,
    PICK_DOCKS,
    PICK_HAND,
    PICK_MINE,
    RAID,
)
from .data import CRYSTAL_TIER, DOCKS_SLOT_LEVEL, MERC_TYPES
from .queries import GREEN, card_colour, crystal_colour, hand_limit, has_room
from .raid import may_raid, raid
from .state import Effect, GameState
from .turn import gain_crystal


def _base_picks(s: GameState, seat: int, want) -> list[int]:  # type: ignore[no-untyped-def]
    """PICK_BASE ids of non-Leader cards in `seat`'s Base that satisfy `want`."""
    base = s.players[seat].base
    top = len(base) - 1
    return [
        PICK_BASE + 6 * seat + d - 1 for d in range(1, len(base)) if want(base[top - d])
    ]


def _base_card(s: GameState, action: int) -> tuple[int, int]:
    """(seat, index in the Base list) of a PICK_BASE id."""
    seat, depth = divmod(action - PICK_BASE, 6)
    return seat, len(s.players[seat].base) - 2 - depth


def _hand_types(s: GameState, want) -> list[int]:  # type: ignore[no-untyped-def]
    types = {s.cards.type_of[c] for c in s.players[s.current_player].hand if want(c)}
    return [PICK_HAND + t for t in sorted(types)]


def legal_effect(s: GameState) -> list[int]:
    """The legal actions for the innermost pending choice."""
    frame = s.effects[-1]
    kind = frame[0]
    p = s.current_player
    me = s.players[p]
    room = has_room(s, p)
    out: list[int] = []
    if kind == Effect.TAKE_CRYSTAL:
        colour = frame[1]
        out = [
            PICK_MINE + i
            for i in range(4)
            if s.mine[i] >= 0 and (colour < 0 or crystal_colour(s, i) == colour)
        ]
    elif kind == Effect.TAKE_L2:
        if room:
            out = [PICK_DOCKS + i for i in range(4, 7) if s.docks[i] >= 0]
    elif kind == Effect.SERGEANT:
        if room and len(me.base) > 1:
            out = [PICK_BASE + 6 * p + len(me.base) - 2]  # the bottom card
    elif kind == Effect.COLONEL:
        if room:
            out = [
                PICK_DOCKS + i
                for i in range(10)
                if s.docks[i] >= 0 and DOCKS_SLOT_LEVEL[i] <= frame[1]
            ]
    elif kind in (Effect.SHUWAR, Effect.MUSHELL):
        if room:
            seats = (
                [frame[1]]
                if kind == Effect.MUSHELL and frame[1] >= 0
                else range(s.num_players)
            )
            for q in seats:
                out += _base_picks(s, q, lambda c: True)
    elif kind == Effect.DIG_SLOT:
        out = [PICK_MINE + i for i in range(10) if s.mine[i] >= 0]
    elif kind == Effect.DIG_COLOUR:
        current = crystal_colour(s, frame[1])
        return [PICK_COLOUR + c for c in range(6) if c != current]
    elif kind == Effect.ROB_COLOUR:
        out = [PICK_COLOUR + c for c in range(6)]
    elif kind == Effect.ROB_CARDS:
        out = _hand_types(s, lambda c: card_colour(s, c) != frame[1])
    elif kind == Effect.SCRABBER:
        out = [
            PICK_MINE + i
            for i in range(10)
            if s.mine[i] >= 0 and CRYSTAL_TIER[s.mine[i]] == frame[1]
        ]
    elif kind == Effect.MINDWASP:
        levels = [s.cards.level_of[c] for c in me.base[:-1]]
        if levels:
            low = min(levels)
            out = _base_picks(s, p, lambda c: s.cards.level_of[c] == low)
    elif kind == Effect.CUSTODIAN:
        for q in range(s.num_players):
            out += _base_picks(s, q, lambda c: s.cards.level_of[c] == 2)
    elif kind == Effect.DOMINA:
        out = _hand_types(s, lambda c: s.cards.level_of[c] == 1)
    elif kind == Effect.MANDRAGORE:
        if room:
            for q in _mandragore_seats(s, frame):
                out += _base_picks(s, q, lambda c: s.cards.colour_of[c] == GREEN)
    elif kind == Effect.MANDRAGORE_ALL:
        if room:
            for q in range(s.num_players):
                out += _base_picks(s, q, lambda c: s.cards.colour_of[c] == GREEN)
    elif kind == Effect.BATON:
        out = [PICK_MINE + i for i in range(10) if s.mine[i] >= 0]
    elif kind == Effect.VISION:
        out = [RAID + q for q in range(s.num_players) if may_raid(s, q)]
    out.append(DONE)
    return out


def _mandragore_seats(s: GameState, frame: list[int]) -> list[int]:
    """Either one Weedlock from each Base, or two from one Base."""
    picks, visited = frame[2], frame[3]
    if picks <= 1:
        return list(range(s.num_players))  # after one: the same Base, or another
    return [q for q in range(s.num_players) if not visited >> q & 1]


def apply_effect(s: GameState, action: int) -> None:
    """Resolve one pick (or DONE) for the innermost pending choice."""
    frame = s.effects[-1]
    kind = frame[0]
    p = s.current_player
    me = s.players[p]
    if action == DONE:
        s.effects.pop()
        return
    if kind in (Effect.TAKE_CRYSTAL, Effect.SCRABBER, Effect.BATON):
        s.effects.pop()
        gain_crystal(s, p, action - PICK_MINE, by_mine=False)
        if kind == Effect.SCRABBER:
            _scrabber_bonus_taken(s)
    elif kind == Effect.TAKE_L2:
        s.effects.pop()
        _take_from_docks(s, action - PICK_DOCKS)
    elif kind == Effect.COLONEL:
        slot = action - PICK_DOCKS
        frame[1] -= DOCKS_SLOT_LEVEL[slot]
        _take_from_docks(s, slot)
    elif kind == Effect.SERGEANT:
        me.hand.append(me.base.pop(0))
        frame[1] -= 1
        if frame[1] == 0:
            s.effects.pop()
    elif kind == Effect.SHUWAR:
        s.effects.pop()
        _take_from_base(s, action)
    elif kind == Effect.MUSHELL:
        seat, _ = _base_card(s, action)
        _take_from_base(s, action)
        frame[1] = seat
        frame[2] -= 1
        if frame[2] == 0:
            s.effects.pop()
    elif kind == Effect.DIG_SLOT:
        s.effects[-1] = [Effect.DIG_COLOUR, action - PICK_MINE]
    elif kind == Effect.DIG_COLOUR:
        s.effects.pop()
        _dig(s, frame[1], action - PICK_COLOUR)
    elif kind == Effect.ROB_COLOUR:
        s.effects[-1] = [Effect.ROB_CARDS, action - PICK_COLOUR, 3]
    elif kind == Effect.ROB_CARDS:
        card = _hand_card(
            s,
            action - PICK_HAND,
            lambda c: card_colour(s, c) != frame[1],
            seen=s.config.rules_version >= 2,
        )
        s.turn.recolour[card] = frame[1]
        s.players[p].secret.discard(card)  # the pick names the card's type
        frame[2] -= 1
        if frame[2] == 0:
            s.effects.pop()
    elif kind in (Effect.MINDWASP, Effect.CUSTODIAN):
        s.effects.pop()
        seat, index = _base_card(s, action)
        me.subjugated.append(s.players[seat].base.pop(index))
    elif kind == Effect.DOMINA:
        card = _hand_card(s, action - PICK_HAND, lambda c: s.cards.level_of[c] == 1)
        me.hand.remove(card)
        me.subjugated.append(card)
        # "put that card face down": the others see a level-1 card go and cannot
        # tell which, so none of the hand's level-1 cards is known to them now.
        me.face_down.add(card)
        me.secret.discard(card)
        me.secret.update(c for c in me.hand if s.cards.level_of[c] == 1)
        frame[1] -= 1
        if frame[1] == 0:
            s.effects.pop()
        if any(s.mine[i] >= 0 for i in range(4)):
            s.effects.append([Effect.TAKE_CRYSTAL, -1])
    elif kind == Effect.MANDRAGORE:
        seat, _ = _base_card(s, action)
        _take_from_base(s, action)
        first = frame[1]
        frame[2] += 1
        frame[3] |= 1 << seat
        if frame[2] == 1:
            frame[1] = seat
        elif frame[2] == 2 and seat == first:
            s.effects.pop()  # two from one Base: done
    elif kind == Effect.MANDRAGORE_ALL:
        s.effects.pop()
        seat, _ = _base_card(s, action)
        base = s.players[seat].base
        for i in range(len(base) - 2, -1, -1):  # from the top, never the Leader
            if len(me.hand) >= hand_limit(s, p):
                break
            if s.cards.colour_of[base[i]] == GREEN:
                me.hand.append(base.pop(i))
    elif kind == Effect.VISION:
        s.effects.pop()
        raid(s, p, action - RAID)
    else:  # pragma: no cover - every Effect is handled above
        raise AssertionError(f"unhandled effect {kind}")


def _dig(s: GameState, slot: int, colour: int) -> None:
    """Diggerhino: the crystal takes `colour` for the turn, and one more
    Diggerhino counts toward its discount (`queries.diggerhino_discount`)."""
    t = s.turn
    t.dig[slot] = colour
    t.dig_count[slot] = t.dig_count.get(slot, 0) + 1


def _scrabber_bonus_taken(s: GameState) -> None:
    """Count a Scrabber bonus; with one bonus a turn (rules 2,
    `scrabber_every_mine` False) the other pending offers lapse."""
    s.turn.scrabber_bonuses += 1
    if s.config.rules_version >= 2 and not s.config.scrabber_every_mine:
        s.effects = [f for f in s.effects if f[0] != Effect.SCRABBER]


def _take_from_docks(s: GameState, slot: int) -> None:
    s.players[s.current_player].hand.append(s.docks[slot])
    s.docks[slot] = -1


def _take_from_base(s: GameState, action: int) -> None:
    seat, index = _base_card(s, action)
    s.players[s.current_player].hand.append(s.players[seat].base.pop(index))


def seen_copies(s: GameState, copies: list[int]) -> list[int]:
    """Of `copies` (of one type, in the mover's hand), those the opponents have
    seen, or all of them if they have seen none (the order kept).

    When the engine picks one copy of a named type, taking a seen one makes what
    the others see (a known card leaves the hand, or is recoloured) independent
    of the hand's unseen cards; taking a secret copy while a seen one is there
    would tell them the hand held another.
    """
    secret = s.players[s.current_player].secret
    if not secret:
        return copies
    return [c for c in copies if c not in secret] or copies


def _hand_card(s: GameState, merc_type: int, want, seen: bool = False) -> int:  # type: ignore[no-untyped-def]
    """The copy of `merc_type` in hand that a pick means: the last that fits (with
    `seen`, the last seen one that fits, if any: see `seen_copies`)."""
    fits = [
        c
        for c in s.players[s.current_player].hand
        if s.cards.type_of[c] == merc_type and want(c)
    ]
    if not fits:
        raise AssertionError(f"no {MERC_TYPES[merc_type].name} in hand")
    return (seen_copies(s, fits) if seen else fits)[-1]
