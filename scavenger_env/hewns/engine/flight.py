"""FLY and CLIMB: a Hewn with the ability crosses the mountains to a space
within the Mudgestick's reach, and may be swept away.

rulebook: "The flying Hewn will use up 2 action points"; "the climbing Hewn
will use up 3 action points"; "before completing the fly movement, the Hewn
must roll 1 normal d10 dice ... On a roll of "0" The Hewn is swept away and
dies." The chain is VERB (FLY or CLIMB) -> FLIGHT_TARGET (SPACE), then the
d10 as a chance node. A Hewn that lands has entered its space: a healthy enemy
there starts the same-space encounter, a danger token attacks it, and the
reaction window comes as after a step ("If the Hewn wants to end the flight in
a space with another enemy healthy Hewn, a same space encounter must take
place"). It sees nothing on the way ("A Hewn that is digging, climbing or
flying cannot see another Hewn until it reaches its destination space"): only
the landing space counts.

Flights start and end on the map's node and ravine spaces, never inside a dug
tunnel (D35); the targets are the board's (`Board.fly_targets`,
`Board.climb_targets`) that admit the Hewn's size.
"""

from __future__ import annotations

from enum import IntEnum
from typing import Any, Final

from . import danger
from .actions import SPACE, Verb
from .data import Ability, DieKind
from .effects import kill
from .flow import face, push, roll, wake
from .state import FRAME_FIELDS, NONE, Ask, Frame, State
from .turnstate import hewn_turn, mark_moved

__all__ = [
    "CLIMB_AP",
    "FLIGHT_FRAME_FIELDS",
    "FLY_AP",
    "VERBS",
    "FlightFrame",
    "can_take_off",
    "cost",
    "targets",
]

FLY_AP: Final = 2
"""rulebook "Costs of actions": "Fly 2"."""
CLIMB_AP: Final = 3
"""rulebook "Costs of actions": "Climb 3"."""

VERBS: Final = (Verb.FLY, Verb.CLIMB)
"""The verbs this module plays."""

SWEPT_AWAY: Final = 0
"""The d10 face that kills: "On a roll of "0" The Hewn is swept away and dies"."""


class FlightStep(IntEnum):
    """The flight frame's steps."""

    TARGET = 0  # the target is asked
    ROLLING = 1  # the d10 is rolled; then the Hewn lands or dies


class FlightFrame(Frame):
    """A FLY or CLIMB (`Ask.FLIGHT_TARGET`): `verb` says which, `target` is
    the space chosen (NONE before); then the d10 (`FlightStep.ROLLING`)."""

    __slots__ = ("target", "verb")

    def __init__(self, seat: int, hewn: int, verb: int, target: int = NONE) -> None:
        super().__init__(Ask.FLIGHT_TARGET, seat, hewn, step=FlightStep.TARGET)
        self.verb = int(verb)
        self.target = target

    def copy(self) -> FlightFrame:
        """An independent copy."""
        new = FlightFrame(self.seat, self.hewn, self.verb, self.target)
        self.fill_copy(new)
        return new

    def __reduce__(self) -> tuple[Any, ...]:
        """Pickled by `Frame.reduced`."""
        return self.reduced(
            (self.seat, self.hewn, self.verb, self.target), FLIGHT_FRAME_FIELDS
        )

    def key(self) -> tuple[int, ...]:
        """The frame as plain ints, its fields in place of `data`."""
        return self.key_with((self.verb, self.target))

    def shown(self) -> list[int]:
        """The numbers of the decision: the verb, then the target once chosen."""
        return [self.verb] if self.target == NONE else [self.verb, self.target]


FLIGHT_FRAME_FIELDS: Final = (*FRAME_FIELDS, "target", "verb")
"""Every field of a `FlightFrame` (a compiled class has no `__slots__` to
read)."""


def flight_frame(frame: Frame) -> FlightFrame:
    """`frame` as the flight it is."""
    if not isinstance(frame, FlightFrame):
        raise RuntimeError(f"not a flight: {frame!r}")
    return frame


# --- who may fly or climb, and where ---------------------------------------------------


def cost(verb: int) -> int:
    """The action points a FLY or a CLIMB uses up."""
    return FLY_AP if verb == Verb.FLY else CLIMB_AP


def _ability(verb: int) -> Ability:
    return Ability.FLY if verb == Verb.FLY else Ability.CLIMB


def targets(state: State, hewn: int, verb: int) -> list[int]:
    """Where `hewn` may fly (or climb) from its space: rulebook "the two spaces
    he/she wants to move between are no further apart than the total length
    of the Mudgestick"; a climb also "does not touch any other Ravine or Node
    space". Only from a map space (D35: never from a dug tunnel) and only to a
    space that admits the Hewn's size ("Big Hewns cannot move into medium or
    small ravine spaces ...")."""
    board = state.board
    loc = state.loc[hewn]
    if not 0 <= loc < board.n_spaces:
        return []
    table = board.fly_targets if verb == Verb.FLY else board.climb_targets
    size = state.card(hewn).size
    return [t for t in table[loc] if board.admits(t, size)]


def can(state: State, hewn: int, verb: int, ap: int) -> bool:
    """Whether `hewn`, with `ap` action points left, may start `verb`: the
    ability on its card, the action points ("The Hewn must have enough action
    points to do the flight, otherwise she cannot fly") and a target."""
    return (
        _ability(verb) in state.card(hewn).abilities
        and ap >= cost(verb)
        and bool(targets(state, hewn, verb))
    )


def hewn_turn_verbs(state: State, turn: Frame) -> list[int]:
    """FLY and CLIMB where the Hewn turn `turn` may start them. A forced mover
    may too: "Hewns may also be able to dig; fly; or climb themselves out of
    danger"."""
    ap = hewn_turn(turn).ap
    return [int(v) for v in VERBS if can(state, turn.hewn, v, ap)]


def can_take_off(state: State, hewn: int) -> bool:
    """Whether `hewn` could fly or climb away at the start of a Hewn turn (with
    its card's action points): a way out of a danger token's space (D41)."""
    ap = state.card(hewn).ap
    return any(can(state, hewn, v, ap) for v in VERBS)


# --- the chain -------------------------------------------------------------------------


def start(state: State, turn: Frame, verb: int) -> None:
    """FLY or CLIMB was chosen: ask the target."""
    push(state, FlightFrame(turn.seat, turn.hewn, verb))


def legal_target(state: State, frame: Frame) -> list[int]:
    flight = flight_frame(frame)
    return [SPACE + t for t in targets(state, flight.hewn, flight.verb)]


def apply_target(state: State, frame: Frame, action: int) -> None:
    """The target is chosen: the action points are used up and the d10 is
    rolled ("before completing the fly movement, the Hewn must roll 1 normal
    d10 dice")."""
    flight = flight_frame(frame)
    flight.target = action - SPACE
    hewn_turn(state.frames[-2]).ap -= cost(flight.verb)
    flight.step = FlightStep.ROLLING
    state.rolled.clear()
    roll(state, [int(DieKind.D10)])


def resume_flight(state: State, frame: Frame) -> None:
    """The d10 is rolled: on a 0 the Hewn "is swept away and dies"; otherwise
    it lands (`land`)."""
    flight = flight_frame(frame)
    value = face(DieKind.D10, state.rolled[-1])[0]
    state.frames.pop()
    wake(state)  # the Hewn turn goes on (after any danger attack)
    if value == SWEPT_AWAY:
        kill(state, flight.hewn)
        return
    land(state, state.frames[-1], flight.target)


def land(state: State, turn: Frame, space: int) -> None:
    """The Hewn of `turn` arrives in `space` as if it had stepped in: it has
    left a danger space it was forced off, a danger token there attacks it,
    and the Hewn turn then meets a healthy enemy there at once and opens the
    reaction window as after a step (under rules 2, when the movement
    stops)."""
    mark_moved(state, hewn_turn(turn))
    state.loc[turn.hewn] = space
    danger.entered(state, turn.hewn)
