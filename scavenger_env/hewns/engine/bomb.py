"""The implosion bomb (rulebook "Implosion bomb"): a once-off Nanasocket weapon
of the stage 3 cards.

In a ranged encounter, once the picks are paid, each attacker holding a bomb
decides whether to add it (USE_BOMB, mover first): "An implosion bomb that is
used in a range attack will give the attacker 6 close combat dice in the
attack", with no Substract, and the bomb is "used up" (it goes back to the
supply: `State.bombs_used`). After the hurt dice, each bomb used overflows
(OVERFLOW_SPACE): its bomber's owner may pick one space linked to the space
the attack was made on, and "any Hewn on that space is attacked by a 4 close
combat dice attack", whether or not the bomber survived. That attack runs like
a danger token's (`danger`): a healthy Hewn first declares body screens
(SCREENS, paid through its chain), then rolls speed and armour dice; it never
strikes back. A hit rolls the hurt die; a Hewn that is not healthy dies.

The ranged encounter calls `step_bomb` and `step_overflow` (its `EncStep.BOMB`
and `EncStep.OVERFLOW`). Another attack on the encounter record (artillery: "a
bomb may be added") hooks in with the same three calls: `step_bomb(state, enc,
frame)` at its free-dice step (it asks USE_BOMB of each announcer in `enc.ann`
that attacks, the frame's Hewn being the mover and `enc.target` its target;
False once all have answered); `bomb_dice(state, enc, hewn)` close-combat dice, not
weapon dice, among the attacker's dice; `step_overflow(state, enc, frame)`
after its hurt dice (False once every bomb has overflowed). An attack without
an `Enc` calls `add_bomb` and `start_overflow` itself.
"""

from __future__ import annotations

from collections.abc import Callable
from enum import IntEnum
from typing import Any, Final

from . import combat, swarm
from .actions import SPACE, Ctrl
from .danger import TOKEN_ATTACK_FIELDS, TokenAttackFrame, attack_of, on_map
from .data import DieKind, TechKind
from .effects import kill
from .encounter import Enc, encounter_frame
from .flow import pop, push, roll
from .secrets import slot_open
from .state import EMPTY_SLOT, NONE, OFF_BOARD, Ask, Frame, State

BOMB: Final = TechKind.IMPLOSION_BOMB
BOMB_FIELDS: Final = 3
"""Ints per bomb added in `Enc.bombs`: the bomber, its seat, the target's
space."""


# --- holding a bomb ----------------------------------------------------------------------
def bomb_slot(state: State, hewn: int) -> int:
    """The socket of `hewn` that holds an implosion bomb (the first), or NONE."""
    slots = state.slots[hewn]
    for i in range(len(slots)):
        if slots[i] == BOMB:
            return i
    return NONE


def holds_bomb(state: State, hewn: int) -> bool:
    """Whether `hewn` has an implosion bomb fitted."""
    return bomb_slot(state, hewn) != NONE


def bombs_in_play(state: State) -> int:
    """The bombs on screens and fitted in Hewns (for the invariants: with the
    bombs used and those lost with dead Hewns, every bomb bought)."""
    screens = sum(techs[BOMB] for techs in state.screen_tech)
    fitted = sum(sum(1 for k in slots if k == BOMB) for slots in state.slots)
    return screens + fitted


def bombs_fitted(state: State, seat: int, viewer: int | None = None) -> int:
    """The bombs fitted in the Hewns `seat` controls, those `viewer` sees
    (None: all): Banjering is done in the open, but with secrets on a bomb
    attached behind the screen is hidden (`secrets.slot_open`)."""
    return sum(
        1
        for h in range(len(state.slots))
        if state.ctrl[h] == seat and state.loc[h] >= OFF_BOARD
        for i, kind in enumerate(state.slots[h])
        if kind == BOMB and (viewer is None or slot_open(state, h, i, viewer))
    )


# --- adding a bomb to an attack ---------------------------------------------------------
def add_bomb(state: State, enc: Enc, hewn: int, space: int) -> None:
    """`hewn` adds its bomb to its attack on the Hewn in `space`: "Implosion
    bombs do not cost Substract but are "used up" ... and are therefore removed
    from the Hewn that uses it"; its owner then picks the overflow's space
    (`step_overflow`), even if `hewn` dies meanwhile. The hook for any attack
    that may add a bomb (artillery: call it at its free-dice step, then add
    `bomb_dice(state, enc, hewn)` close-combat dice, not weapon dice, to the attack)."""
    slot = bomb_slot(state, hewn)
    if slot == NONE:
        raise RuntimeError(f"Hewn {hewn} holds no implosion bomb")
    state.slots[hewn][slot] = EMPTY_SLOT
    state.bombs_used += 1
    enc.bombs.extend((hewn, state.ctrl[hewn], space))


def used_bomb(enc: Enc, hewn: int) -> bool:
    """Whether `hewn` added a bomb to its attack in this encounter."""
    return hewn in enc.bombs[::BOMB_FIELDS]


def bomb_dice(state: State, enc: Enc, hewn: int) -> int:
    """The close-combat dice `hewn`'s bomb adds to its attack (0 without one):
    rulebook "will give the attacker 6 close combat dice in the attack" (the
    card's `cc_dice`). They are not weapon dice: no +1/+2 bonus ("These dice
    are not weapon dice")."""
    return state.tech(BOMB).cc_dice if used_bomb(enc, hewn) else 0


def overflow_cc(state: State) -> int:
    """rulebook: "attacked by a 4 close combat dice attack" (the card's
    `overflow_cc`)."""
    return state.tech(BOMB).overflow_cc


def may_bomb(enc: Enc, hewn: int, mover: int) -> bool:
    """Whether announcer `hewn` attacks someone and so may add a bomb: the
    mover once it has named its target, a reactor (its target is the mover);
    not one that malfunctioned (it is stunned: "damaged and stunned Hewns
    cannot attempt an attack")."""
    if enc.malfunctioned(hewn):
        return False
    return hewn != mover or enc.target != NONE


def bomb_target_space(state: State, enc: Enc, hewn: int, mover: int) -> int:
    """The space of the Hewn that `hewn` attacks ("the space where the original
    attack was made")."""
    return state.loc[enc.target if hewn == mover else mover]


def step_bomb(state: State, enc: Enc, frame: Frame) -> bool:
    """Ranged step 6 ("Other attacking options: Some technologies, like the
    implosion bomb ... The dice from using these technologies are added to the
    attack at this point"): each attacker holding a bomb, in announcing order
    (the mover first), decides (USE_BOMB). Then the encounter's dice are
    built and rolled (by `ranged`). Never in a same-space encounter: "they
    can ONLY be used as part of a ranged attack/encounter"."""
    while not enc.same and enc.cursor < len(enc.ann):
        hewn = enc.ann[enc.cursor]
        enc.cursor += 1
        if may_bomb(enc, hewn, frame.hewn) and holds_bomb(state, hewn):
            target = enc.target if hewn == frame.hewn else frame.hewn
            push(state, Frame(Ask.USE_BOMB, state.ctrl[hewn], hewn, other=target))
            return True
    return False


def legal_use(state: State, frame: Frame) -> list[int]:
    return [Ctrl.YES, Ctrl.NO]


def apply_use(state: State, frame: Frame, action: int) -> None:
    """YES adds the bomb (`add_bomb`); NO keeps it for another attack."""
    if action == Ctrl.YES:
        enc_frame = encounter_frame(state)
        enc = enc_frame.enc
        space = bomb_target_space(state, enc, frame.hewn, enc_frame.hewn)
        add_bomb(state, enc, frame.hewn, space)
    pop(state)


# --- the overflow -----------------------------------------------------------------------
def overflow_spaces(state: State, space: int) -> list[int]:
    """The spaces the overflow of an attack on `space` may hit: "any adjacent
    space to the space where the original attack was made" (the spaces linked
    to it, whatever their size), those with a Hewn in them (another space
    would hit nobody: the same as none)."""
    if not on_map(state, space):
        return []
    linked = state.board.neighbours(space)
    occupied = {loc for loc in state.loc if loc >= 0}
    return sorted(s for s in set(linked) if s in occupied and s != space)


def step_overflow(state: State, enc: Enc, frame: Frame) -> bool:
    """After the attacks and their hurt dice: each bomb added, in order, asks
    its bomber's owner for the overflow's space (OVERFLOW_SPACE), "whether or
    not the Hewn firing the implosion bomb survives". Returns whether it
    asked; False once every bomb is done."""
    while enc.cursor < len(enc.bombs) // BOMB_FIELDS:
        at = BOMB_FIELDS * enc.cursor
        bomber, seat, space = enc.bombs[at : at + BOMB_FIELDS]
        enc.cursor += 1
        if start_overflow(state, seat, bomber, space):
            return True
    return False


def start_overflow(state: State, seat: int, bomber: int, space: int) -> bool:
    """Ask `seat` (the bomber's owner when it used the bomb) where the overflow
    of `bomber`'s bomb on `space` goes; nothing is asked when no linked space
    holds a Hewn. Returns whether a decision was pushed (the frame under it
    resumes once the overflow is over)."""
    if seat < 0 or not overflow_spaces(state, space):
        return False
    push(state, Frame(Ask.OVERFLOW_SPACE, seat, bomber, other=space, args=[space]))
    return True


def legal_overflow(state: State, frame: Frame) -> list[int]:
    return [Ctrl.DONE, *(SPACE + s for s in overflow_spaces(state, frame.other))]


def apply_overflow(state: State, frame: Frame, action: int) -> None:
    """rulebook: "the attacker can choose any adjacent space ... and any Hewn on
    that space is attacked" (friends too); DONE spares them all."""
    if action == Ctrl.DONE:
        pop(state)
        return
    space = action - SPACE
    attack = OverflowFrame(frame.seat, frame.hewn, space, state.hewns_at(space))
    state.frames[-1] = attack
    _next(state, attack)


class OverflowStep(IntEnum):
    """The OVERFLOW frame's steps for each Hewn attacked (`OVERFLOW_STEPS`)."""

    NEXT = 0  # the next Hewn to attack, or the end
    SCREENING = 1  # its body screens are asked (SCREENS)
    ROLLING = 2  # the dice are rolled
    HURTING = 3  # the hurt die is rolled


class OverflowFrame(TokenAttackFrame):
    """A bomb's overflow (`Ask.OVERFLOW`, an engine step never asked): the
    Hewns in `space` still to attack in `queue`, the current one's `screens`
    (a token attack's frame, so that SCREENS pays into it), `hewn` the bomber
    (dead or alive)."""

    __slots__ = ()

    def __init__(self, seat: int, bomber: int, space: int, queue: list[int]) -> None:
        super().__init__(seat, [], space, queue)
        self.ask = Ask.OVERFLOW
        self.hewn = bomber

    def copy(self) -> OverflowFrame:
        """An independent copy."""
        new = OverflowFrame(self.seat, self.hewn, self.space, list(self.queue))
        self.fill_copy(new)
        new.screens = self.screens
        return new

    def __reduce__(self) -> tuple[Any, ...]:
        """Pickled by `Frame.reduced`."""
        return self.reduced(
            (self.seat, self.hewn, self.space, self.queue), OVERFLOW_FRAME_FIELDS
        )


OVERFLOW_FRAME_FIELDS: Final = TOKEN_ATTACK_FIELDS
"""Every field of an `OverflowFrame` (those of a token attack)."""


def _next(state: State, frame: Frame) -> None:
    """Attack the next Hewn in the overflow's space, or finish: one that is not
    healthy dies at once ("if the Hewn is NOT healthy, it dies immediately");
    a healthy one first declares body screens ("Any Hewn on that space can
    burn up to 7 Substract ... to create a body screen")."""
    attack = attack_of(frame)
    while attack.queue:
        hewn = attack.queue[0]
        if state.loc[hewn] != attack.space:
            del attack.queue[0]
            continue
        if not state.healthy(hewn):
            kill(state, hewn)
            del attack.queue[0]
            continue
        attack.step = OverflowStep.SCREENING
        attack.screens = 0
        push(state, Frame(Ask.SCREENS, state.ctrl[hewn], hewn, other=attack.hewn))
        return
    pop(state)


def overflow_dice(state: State, hewn: int, screens: int) -> list[int]:
    """The dice of one overflow attack: 4 close combat, then the defender's
    speed dice (card AP) and armour dice (card, Slocic Shields, screens):
    "roll any armour and speed defence dice to protect themselves"."""
    kinds = [int(DieKind.CLOSE_COMBAT)] * overflow_cc(state)
    kinds += [int(DieKind.SPEED)] * combat.speed_dice(state, hewn)
    kinds += [int(DieKind.ARMOUR)] * combat.armour_dice(state, hewn, screens)
    return kinds


def _roll(state: State, frame: Frame) -> None:
    """The screens are paid: roll the attack and the defence."""
    attack = attack_of(frame)
    frame.step = OverflowStep.ROLLING
    state.rolled.clear()
    roll(state, overflow_dice(state, attack.queue[0], attack.screens))


def overflow_hits(state: State, kinds: list[int], rolled: list[int]) -> bool:
    """Whether an overflow's roll of `kinds` (`overflow_dice`) showing faces
    `rolled` hits: its total above the defence ("If the total of the
    attacker's dice is higher than the defenders total"), unless two escapes
    cancel it (as against a danger token)."""
    return overflow_margin(state, kinds, rolled) > 0


def overflow_margin(state: State, kinds: list[int], rolled: list[int]) -> int:
    """By how much an overflow's attack beats the defence (0 when it does not
    or two escapes cancel it): the members a swarm loses ("The difference
    between the attacker's total and total defences rolled by the swarm are
    the amount of swarm members killed")."""
    dice = list(zip(kinds, rolled, strict=True))
    attack = sum(combat.value(k, f) for k, f in dice[: overflow_cc(state)])
    defence = dice[overflow_cc(state) :]
    if combat.cancelled(defence):
        return 0
    return max(0, attack - combat.defence_total(defence))


def _resolve(state: State, frame: Frame) -> None:
    """The dice are in: a hit rolls the hurt die (a swarm loses members
    instead, SWARM_LOSS); otherwise the next Hewn."""
    attack = attack_of(frame)
    hewn = attack.queue[0]
    kinds = overflow_dice(state, hewn, attack.screens)
    margin = overflow_margin(state, kinds, state.rolled)
    state.rolled.clear()
    if swarm.is_swarm(state, hewn):
        del attack.queue[0]
        frame.step = OverflowStep.NEXT
        if not swarm.lose(state, hewn, margin):
            _next(state, frame)
        return
    if margin > 0:
        frame.step = OverflowStep.HURTING
        roll(state, [int(DieKind.HURT)])
        return
    del attack.queue[0]
    frame.step = OverflowStep.NEXT
    _next(state, frame)


def _hurt(state: State, frame: Frame) -> None:
    """The hurt die's face applies (a Sicket hit with a choice asks
    SICKET_LOSS first); then the next Hewn."""
    attack = attack_of(frame)
    hewn = attack.queue.pop(0)
    face = state.rolled[0]
    state.rolled.clear()
    frame.step = OverflowStep.NEXT
    if combat.hurt(state, hewn, face):
        push(state, Frame(Ask.SICKET_LOSS, state.ctrl[hewn], hewn))
        return
    _next(state, frame)


def resume_overflow(state: State, frame: Frame) -> None:
    """A child decision done or the dice rolled: go on from the frame's step."""
    OVERFLOW_STEPS[OverflowStep(frame.step)](state, frame)


OVERFLOW_STEPS: Final[dict[OverflowStep, Callable[[State, Frame], None]]] = {
    OverflowStep.NEXT: _next,
    OverflowStep.SCREENING: _roll,
    OverflowStep.ROLLING: _resolve,
    OverflowStep.HURTING: _hurt,
}
"""What the OVERFLOW frame does when it resumes at each step."""


def legal_attack(state: State, frame: Frame) -> list[int]:
    raise RuntimeError("the OVERFLOW step is never asked")  # pragma: no cover


def apply_attack(state: State, frame: Frame, action: int) -> None:
    raise RuntimeError("the OVERFLOW step is never asked")  # pragma: no cover
