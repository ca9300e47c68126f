"""Danger tokens on the board: the attack of a token on a Hewn that enters its
space or that it is placed on, and CALM PLANET.

A token attack is a small engine step (`Ask.TOKEN_ATTACK`, never asked) that
works through a queue: the spaces of the tokens a mining roll placed (each first
depletes its space's mine, D37) and the Hewns attacked there, one at a time. A
healthy defender's controller first declares body screens (SCREENS, and
SCREENS_MIX for the dirty part when the load allows several), then the attack and
defence dice are rolled; a Hewn that is not healthy dies without a roll.
"""

from __future__ import annotations

from collections.abc import Callable
from enum import IntEnum
from typing import Any, Final

from . import payment, swarm
from .actions import NUM, SPACE
from .data import (
    BODY_SCREENS_MAX,
    CALM_PLANET_RANGE,
    TOKEN_ATTACKS,
    Ability,
    DieKind,
    Symbol,
    TechKind,
)
from .effects import chain_pool, kill, load, own_shares
from .encounter import fighting
from .flow import face, pop, push, roll
from .state import FRAME_FIELDS, NONE, Ask, Frame, State
from .tunnels import within
from .turnstate import hewn_turn


class AttackStep(IntEnum):
    """The TOKEN_ATTACK frame's steps, in the order they run for each Hewn
    attacked (then the next Hewn's `NEXT`): `ATTACK_STEPS`."""

    NEXT = 0  # the next Hewn to attack, or the next space, or the end
    SCREENING = 1  # its body screens are asked (SCREENS)
    ROLLING = 2  # the dice are rolled


class TokenAttackFrame(Frame):
    """The token attacks' engine step (`Ask.TOKEN_ATTACK`, never asked): `args`
    = the spaces still to deplete and attack, in placement order; `space` =
    the space attacking now and `queue` the Hewns still to attack there;
    `screens` = the body screens the current defender declared."""

    __slots__ = ("queue", "screens", "space")

    def __init__(
        self, seat: int, spaces: list[int], space: int, queue: list[int]
    ) -> None:
        super().__init__(Ask.TOKEN_ATTACK, seat, args=spaces)
        self.space = space
        self.queue = queue
        self.screens = 0

    def copy(self) -> TokenAttackFrame:
        """An independent copy."""
        new = TokenAttackFrame(self.seat, list(self.args), self.space, list(self.queue))
        self.fill_copy(new)
        new.screens = self.screens
        return new

    def __reduce__(self) -> tuple[Any, ...]:
        """Pickled by `Frame.reduced`."""
        return self.reduced(
            (self.seat, self.args, self.space, self.queue), TOKEN_ATTACK_FIELDS
        )

    def key(self) -> tuple[int, ...]:
        """The frame as plain ints, its fields in place of `data`."""
        fields = (self.screens, self.space, *self.queue)
        return self.key_with(fields)


TOKEN_ATTACK_FIELDS: Final = (*FRAME_FIELDS, "queue", "screens", "space")
"""Every field of a `TokenAttackFrame` (a compiled class has no `__slots__` to
read)."""


def attack_of(frame: Frame) -> TokenAttackFrame:
    """`frame` as the token attacks' frame it is."""
    if not isinstance(frame, TokenAttackFrame):
        raise RuntimeError(f"not a token attack: {frame!r}")
    return frame


# --- the board's tokens -------------------------------------------------------------


def on_map(state: State, space: int) -> bool:
    """D36: mines and danger tokens lie only on node and ravine spaces (the map's
    spaces; dug tunnel pieces never carry them)."""
    return 0 <= space < state.board.n_spaces


def return_token(state: State, space: int) -> None:
    """rulebook: "remove it to the respective pile on the side of the board": the
    token in `space` goes back to its stock."""
    kind = state.token[space]
    state.token[space] = NONE
    state.token_stock[kind] += 1


def deplete(state: State, space: int) -> None:
    """rulebook: "Remove the mine token ... and advance the depleted mine counter";
    D39: with no mine left in the space nothing happens."""
    if state.mine[space] != NONE:
        state.mine[space] = NONE
        state.depleted += 1


# --- the attack ---------------------------------------------------------------------


def attack_dice(state: State, space: int) -> list[int]:
    """rulebook: "Snedj roll 8 close combat dice", "Lava rolls 3 area effect
    dice", "The planet attack rolls 3 laser type dice"."""
    kind, count = TOKEN_ATTACKS[0][state.token[space]]
    return [int(kind)] * count


def slocic_shields(state: State, hewn: int) -> int:
    """rulebook: "The Hewn can roll any speed or armour dice (including using a
    Slocic shield)": +1 armour die per Slocic Shield fitted."""
    shields = sum(1 for t in state.slots[hewn] if t == TechKind.SLOCIC_SHIELD)
    return shields * state.tech(TechKind.SLOCIC_SHIELD).armour_dice


def armour_dice(state: State, hewn: int, screens: int) -> int:
    """Card armour, Slocic Shields and body screens: "will get a number of extra
    armour dice equal to the total Substract burnt"."""
    return state.card(hewn).armour + slocic_shields(state, hewn) + screens


def screen_limit(state: State, hewn: int) -> int:
    """rulebook: "he can burn up to 7 Substract - if he has it", from its load
    or its chain (D30)."""
    return min(BODY_SCREENS_MAX.value, load(state, hewn) + _pool(state, hewn))


def _pool(state: State, hewn: int) -> int:
    """What `hewn`'s chain can give it (no Hewn fighting in an encounter)."""
    return chain_pool(state, hewn, fighting(state))


def token_wins(kind: int, rolled: list[int], n_attack: int, n_speed: int) -> bool:
    """rulebook: "If the total of "hurt" rolled is higher than the total of defence
    rolled, then the Hewn immediately dies"; D66: one escape counts 1, two or more
    cancel the attack. `rolled`: the token's dice (of `kind`), the speed dice, then
    the armour dice."""
    return token_margin(kind, rolled, n_attack, n_speed) > 0


def token_margin(kind: int, rolled: list[int], n_attack: int, n_speed: int) -> int:
    """By how much the token's total beats the defence (0 when it does not, or
    two escapes cancel it): the swarm members it kills ("only the swarm members
    representing the difference between the hurt rolls and the defence rolls
    would die"). `rolled` as for `token_wins`."""
    attack = sum(face(kind, i)[0] for i in rolled[:n_attack])
    speed = rolled[n_attack : n_attack + n_speed]
    escapes = sum(1 for i in speed if face(DieKind.SPEED, i)[1] == Symbol.ESCAPE)
    if escapes >= 2:
        return 0
    defence = sum(face(DieKind.SPEED, i)[0] for i in speed)
    defence += sum(face(DieKind.ARMOUR, i)[0] for i in rolled[n_attack + n_speed :])
    return max(0, attack - defence)


def start_attacks(state: State, seat: int, spaces: list[int]) -> None:
    """D37: after the last danger die, every token placed by the roll depletes the
    mine in its space and attacks each Hewn there, in placement order. Pushes the
    engine step and runs it (it pops itself when nothing is left)."""
    frame = TokenAttackFrame(seat, list(spaces), NONE, [])
    push(state, frame)
    _run(state, frame)


def entered(state: State, hewn: int) -> None:
    """`hewn` has just entered its space: a danger token there attacks it
    ("Hewns moving into any space containing a danger token will also be
    attacked"). May push frames; the Hewn turn resumes when they are done."""
    space = state.loc[hewn]
    if not on_map(state, space) or state.token[space] == NONE:
        return
    if not state.healthy(hewn):
        kill(state, hewn)
        return
    # a healthy Hewn is always asked for screens, so this never pops at once
    frame = TokenAttackFrame(state.ctrl[hewn], [], space, [hewn])
    push(state, frame)
    _run(state, frame)


def _run(state: State, frame: Frame) -> None:
    """Attack the next Hewn in the queue, or start the next space, or finish."""
    attack = attack_of(frame)
    while True:
        if attack.queue:
            space, hewn = attack.space, attack.queue[0]
            if state.loc[hewn] != space or state.token[space] == NONE:
                del attack.queue[0]
                continue
            if not state.healthy(hewn):
                # rulebook: "Dangers tokens immediately kill all stunned and/or
                # damaged Hewns they share the same space with"
                kill(state, hewn)
                del attack.queue[0]
                continue
            attack.step = AttackStep.SCREENING
            attack.screens = 0
            push(state, Frame(Ask.SCREENS, state.ctrl[hewn], hewn))
            return
        if attack.args:
            space = attack.args.pop(0)
            if state.token[space] == NONE:
                continue
            # rulebook: tokens "will also deplete any mine in the same space"
            deplete(state, space)
            attack.space = space
            attack.queue = state.hewns_at(space)
            continue
        pop(state)
        return


def _roll_attack(state: State, frame: Frame) -> None:
    """The screens are paid: roll the token's dice, the speed dice (card AP) and
    the armour dice."""
    attack = attack_of(frame)
    space, hewn = attack.space, attack.queue[0]
    kinds = attack_dice(state, space)
    kinds += [int(DieKind.SPEED)] * state.card(hewn).ap
    kinds += [int(DieKind.ARMOUR)] * armour_dice(state, hewn, attack.screens)
    frame.step = AttackStep.ROLLING
    state.rolled.clear()
    roll(state, kinds)


def _resolve_attack(state: State, frame: Frame) -> None:
    """The dice are in: the Hewn dies if the token's total beats its defence (a
    swarm loses the difference in members, SWARM_LOSS)."""
    attack = attack_of(frame)
    space, hewn = attack.space, attack.queue[0]
    kind, n_attack = TOKEN_ATTACKS[0][state.token[space]]
    margin = token_margin(kind, state.rolled, n_attack, state.card(hewn).ap)
    del attack.queue[0]
    frame.step = AttackStep.NEXT
    if swarm.is_swarm(state, hewn):
        if swarm.lose(state, hewn, margin):
            return
    elif margin > 0:
        kill(state, hewn)
    _run(state, frame)


def legal_attack(state: State, frame: Frame) -> list[int]:
    raise RuntimeError("the TOKEN_ATTACK step is never asked")  # pragma: no cover


def apply_attack(state: State, frame: Frame, action: int) -> None:
    raise RuntimeError("the TOKEN_ATTACK step is never asked")  # pragma: no cover


def resume_attack(state: State, frame: Frame) -> None:
    """A child decision done or the dice rolled: go on from the frame's step."""
    ATTACK_STEPS[AttackStep(frame.step)](state, frame)


ATTACK_STEPS: Final[dict[AttackStep, Callable[[State, Frame], None]]] = {
    AttackStep.NEXT: _run,
    AttackStep.SCREENING: _roll_attack,
    AttackStep.ROLLING: _resolve_attack,
}
"""What the TOKEN_ATTACK frame does when it resumes at each step."""


# --- body screens -------------------------------------------------------------------


def legal_screens(state: State, frame: Frame) -> list[int]:
    return [NUM + n for n in range(screen_limit(state, frame.hewn) + 1)]


def apply_screens(state: State, frame: Frame, action: int) -> None:
    """rulebook: "if a player declares before the attack and defence dice are
    rolled, he wishes to defend himself with a body screen by burning Substract"."""
    amount = action - NUM
    shares = own_shares(state, frame.hewn, amount, _pool(state, frame.hewn))
    low, high = shares.start, shares.stop - 1
    how = payment.plan(state, frame.hewn, amount, low, high)
    if how is None:  # the payment's decisions take the SCREENS frame's place
        state.frames[-1] = payment.start(
            state, frame.seat, frame.hewn, amount, low, high, Ask.SCREENS_MIX
        )
        return
    pay_screens(state, frame, amount, *how)


def pay_screens(
    state: State, frame: Frame, amount: int, own: int, own_dirty: int, chain_dirty: int
) -> None:
    """The screens are burnt from the defender's load (normal back to the
    pile), the rest from its chain (D30, `payment.pay`); the attack step under
    this frame rolls next."""
    payment.pay(state, frame.hewn, amount, own, own_dirty, chain_dirty)
    attack_of(state.frames[-2]).screens = amount
    pop(state)


# --- calm planet --------------------------------------------------------------------


def calm_targets(state: State, hewn: int) -> list[int]:
    """rulebook: a token "that is up to 4 spaces away from it"; "The Hewn does not
    have to have line-of-sight to the danger token" (D42: steps over all links,
    ignoring sizes)."""
    loc = state.loc[hewn]
    if loc < 0:
        return []
    return [
        s for s in within(state, loc, CALM_PLANET_RANGE.value) if state.token[s] != NONE
    ]


def can_calm(state: State, hewn: int, turn: Frame) -> bool:
    """Whether CALM PLANET is legal for `hewn`: the ability, 1 AP, and "cannot use
    the ability if it is in the same space as a ... danger token"."""
    loc = state.loc[hewn]
    return (
        Ability.CALM_PLANET in state.card(hewn).abilities
        and hewn_turn(turn).ap >= 1
        and loc >= 0
        and state.token[loc] == NONE
        and bool(calm_targets(state, hewn))
    )


def start_calm(state: State, turn: Frame) -> None:
    """CALM was chosen: "Calm planet 1" action point, then the target."""
    hewn_turn(turn).ap -= 1
    push(state, Frame(Ask.CALM_TARGET, turn.seat, turn.hewn))


def legal_calm(state: State, frame: Frame) -> list[int]:
    return [SPACE + s for s in calm_targets(state, frame.hewn)]


def apply_calm(state: State, frame: Frame, action: int) -> None:
    """rulebook: "immediately remove it to the respective pile on the side of the
    board"."""
    return_token(state, action - SPACE)
    pop(state)
