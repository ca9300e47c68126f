"""Helpers shared by the rule tests: action ids by card name, and playing them."""

from __future__ import annotations

import dataclasses

import pytest

from scavenger_env.cavein.engine import (
    GameState,
    IllegalActionError,
    apply_action,
    describe_action,
    legal_actions,
)
from scavenger_env.cavein.engine.actions import PAY, PICK_COLOUR, PICK_HAND, SKILL
from scavenger_env.cavein.engine.scenario import card_type_name, merc_type
from scavenger_env.cavein.engine.state import snapshot
from scavenger_env.cavein.engine.view import OpponentHand, PlayerView

#: brown, blue, purple, yellow (the first-game set): red and green are Wild.
CLASSIC = ("terron", "hy'dran", "mineggler", "metanel")
#: brown, blue, red, green: purple and yellow are Wild.
WILDLIFE = ("terron", "hy'dran", "bioss", "weedlock")

#: The Mine the rigged rule tests start from (crystal names); tests override slots.
MINE_LAYOUT = {
    0: "yellow c1a",
    1: "blue c1a",
    2: "brown c1a",
    3: "purple c1a",
    4: "yellow c3a",
    5: "blue c3b",
    6: "brown c3c",
    7: "yellow c6a",
    8: "blue c6b",
    9: "yellow c10",
}


def skill(name: str) -> int:
    """The action that plays a hand card of this type for its skill."""
    return SKILL + merc_type(name)


def pay(name: str) -> int:
    """The action that adds a hand card of this type to the open payment."""
    return PAY + merc_type(name)


def hand_pick(name: str) -> int:
    """The action that picks a hand card of this type as a skill's target."""
    return PICK_HAND + merc_type(name)


def colour(c: int) -> int:
    """The action that names colour `c`."""
    return PICK_COLOUR + int(c)


def names(s: GameState, cards: list[int]) -> list[str]:
    return [card_type_name(s, c) for c in cards]


def do(s: GameState, *actions: int) -> None:
    """Apply each action, checking first that the engine offers it."""
    for a in actions:
        legal = legal_actions(s)
        assert a in legal, (
            f"{describe_action(s, a)} is not offered; legal: "
            f"{[describe_action(s, x) for x in legal]}"
        )
        apply_action(s, a)


def assert_illegal(s: GameState, action: int) -> None:
    """The engine refuses `action` and leaves every field as it was."""
    before = snapshot(s)
    with pytest.raises(IllegalActionError):
        apply_action(s, action)
    assert snapshot(s) == before


def typed_view(view: PlayerView, type_of: tuple[int, ...]) -> PlayerView:
    """The view with every card id replaced by its type (-1 stays -1).

    Copies of a type are interchangeable, so a view's card ids are only
    representatives of their types; twin worlds may hold different copies.
    """

    def t(cards: tuple[int, ...]) -> tuple[int, ...]:
        return tuple(type_of[c] if c >= 0 else -1 for c in cards)

    turn = dataclasses.replace(
        view.turn,
        recoloured_hand=tuple(
            sorted((type_of[c], colour) for c, colour in view.turn.recoloured_hand)
        ),
    )
    return dataclasses.replace(
        view,
        hand=t(view.hand),
        opponents=tuple(
            None if o is None else OpponentHand(t(o.known), o.unknown_levels)
            for o in view.opponents
        ),
        bases=tuple(t(b) for b in view.bases),
        subjugated=tuple(t(x) for x in view.subjugated),
        docks=t(view.docks),
        removed=t(view.removed),
        played=t(view.played),
        payment=view.payment[:2] + t(view.payment[2:]),
        turn=turn,
    )
