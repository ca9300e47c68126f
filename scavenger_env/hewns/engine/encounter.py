"""The encounter in progress, shared by the rule modules that read it: its record
(`Enc`, kept in the encounter frame's `data`), its steps, and the few facts
that same-space encounters, danger and the turns ask about it. It sits below
`ranged` and `samespace`, which run the encounter.
"""

from __future__ import annotations

from enum import IntEnum
from typing import Any, Final

from .state import FRAME_FIELDS, NONE, Ask, Frame, State

# --- the encounter record ------------------------------------------------------------
ATTACK: Final = 0
DEFENCE: Final = 1
MOVER_FIGHT: Final = 0  # the mover's attack on its target
REACTOR_FIGHT: Final = 1  # the (combined) attack of the reactors on the mover
REPAIR: Final = 2  # a repairer's d10s
RESIST: Final = 3  # the repaired Hewn's d10s
DIE_FIELDS: Final = 6  # kind, face, owner, fight, role, weapon (1: a weapon die)
PICKS: Final = 5  # L, A, K, Q, E per announcer (ranged asks only L, A, K)
PICK_ASKS: Final = (Ask.PICK_L, Ask.PICK_A, Ask.PICK_K, Ask.PICK_Q, Ask.PICK_E)


class EncStep(IntEnum):
    """The steps of an encounter frame (`frame.step`), in the order they run
    (BOMB runs between PAY and ROLLED, OVERFLOW between APPLY and ESCAPE: they
    came later and took the next numbers, so that the steps of an encounter
    without a bomb keep theirs); each is one function of the encounter
    machine (`ranged.ENC_STEPS`). A step that asks a child decision or queues
    dice runs again, or the next one does, when the frame resumes."""

    REACT = 0  # the reaction window: REACT per reacting seat
    JOIN = 1  # the mover may join the reactors (MOVER_JOIN)
    AWAY = 2  # step 2, "Transmit Substract away": TRANSMIT_AWAY per seat
    PICK = 3  # the secret picks, announcer by announcer
    INTENT = 4  # same-space: attack or repair, announcer by announcer
    NAME = 5  # ranged: the mover names its target (NAME_TARGET)
    REVEAL = 6  # the picks are shown (ranged: malfunctions)
    PAY = 7  # the picks are paid (PAY_SPLIT, PICK_MIX)
    ROLLED = 8  # the dice are rolled
    LOOP = 9  # dodges and rerolls, attack by attack (DODGE, REROLL)
    REROLLED = 10  # a die was rolled again: back to the loop
    HURT = 11  # the hurt dice are rolled
    APPLY = 12  # hurts and kills (SICKET_LOSS), swarm casualties (SWARM_LOSS)
    ESCAPE = 13  # escape moves (ESCAPE_MOVE); a ranged encounter ends here
    AFTER = 14  # same-space: control changes
    EXPEL = 15  # same-space: the survivor may expel (EXPEL)
    RETREAT = 16  # same-space: the mover retreats (RETREAT)
    END = 17  # same-space: hand-over or the end
    DISCARD = 18  # artillery: the defender discards one attack die (DISCARD)
    BOMB = 19  # ranged, after PAY: each attacker holding a bomb may add it (USE_BOMB)
    OVERFLOW = 20  # ranged, after APPLY: each bomb's overflow (OVERFLOW_SPACE)


PICKS_SECRET: Final = frozenset((EncStep.REACT, EncStep.JOIN, EncStep.PICK))
"""The steps during which the picks are secret in every encounter (a ranged
one keeps them secret while its mover names its target too: `picks_secret`)."""

FIGHTING: Final = frozenset(set(EncStep) - {EncStep.REACT, EncStep.JOIN})
"""The steps from which the encounter's `guard` Hewns give nothing (empty
until the picks begin)."""

ENCOUNTER_ASKS: Final = frozenset((Ask.RANGED, Ask.SAME_SPACE, Ask.ARTILLERY))
"""The kinds of an encounter frame (`EncounterFrame`)."""

ENC_FIELDS: Final = (
    "same",
    "menu",
    "target",
    "cursor",
    "fight",
    "passes",
    "pending",
    "space",
    "handover",
    "seats",
    "ann",
    "picks",
    "malf",
    "dice",
    "rerolls",
    "dodged",
    "hurts",
    "escape",
    "intent",
    "repairs",
    "boom",
    "guard",
    "split",
    "bombs",
    "losses",
)
"""Every field of `Enc`, in the order of `Enc.pack` (a compiled class has no
`__slots__` to read)."""


class Enc:
    """An encounter in progress, kept on its frame (`EncounterFrame.enc`).
    `ann`: the announcers (mover first when it announced); `picks`: L, A, K
    (Q, E) per announcer (secret until the reveal); `dice`: `DIE_FIELDS` ints
    per die; `hurts`: (victim, hurt face or NONE for a non-healthy victim) per
    successful attack but on a healthy swarm, which has its (swarm, members
    killed) in `losses`."""

    __slots__ = ENC_FIELDS

    def __init__(self) -> None:
        self.same = 0
        self.space = NONE
        self.handover = 0
        self.menu = 0
        self.target = NONE
        self.cursor = 0
        self.fight = 0
        self.passes = 0
        self.pending = NONE
        self.seats: list[int] = []
        self.ann: list[int] = []
        self.picks: list[int] = []
        self.malf: list[int] = []
        self.dice: list[int] = []
        self.rerolls: list[int] = []
        self.dodged: list[int] = []
        self.hurts: list[int] = []
        self.escape: list[int] = []
        self.intent: list[int] = []  # per announcer: an Option, or NONE
        self.repairs: list[int] = []  # (target, Option, new seat) per success
        self.boom: list[int] = []  # Hewns that exploded
        self.guard: list[int] = []  # the fighting Hewns, from the picks on
        # stage 3, same-space: per announcer the Nananbites put to repair (NONE:
        # not declared); empty until one is declared
        self.split: list[int] = []
        # implosion bombs added: (bomber, its seat, the target's space) each
        self.bombs: list[int] = []
        # stage 4: (swarm, members killed) per successful attack on a healthy
        # swarm, which rolls no hurt die
        self.losses: list[int] = []

    def __getstate__(self) -> dict[str, Any]:
        """Its fields by name, for pickle: the same form in both builds
        (pickle's own, for a class with `__slots__`, is not)."""
        return {name: getattr(self, name) for name in ENC_FIELDS}

    def __setstate__(self, fields: dict[str, Any]) -> None:
        """Set the fields `__getstate__` gave."""
        for name, value in fields.items():
            setattr(self, name, value)

    def copy(self) -> Enc:
        """An independent copy."""
        new = Enc()
        new.same = self.same
        new.menu = self.menu
        new.target = self.target
        new.cursor = self.cursor
        new.fight = self.fight
        new.passes = self.passes
        new.pending = self.pending
        new.space = self.space
        new.handover = self.handover
        new.seats = list(self.seats)
        new.ann = list(self.ann)
        new.picks = list(self.picks)
        new.malf = list(self.malf)
        new.dice = list(self.dice)
        new.rerolls = list(self.rerolls)
        new.dodged = list(self.dodged)
        new.hurts = list(self.hurts)
        new.escape = list(self.escape)
        new.intent = list(self.intent)
        new.repairs = list(self.repairs)
        new.boom = list(self.boom)
        new.guard = list(self.guard)
        new.split = list(self.split)
        new.bombs = list(self.bombs)
        new.losses = list(self.losses)
        return new

    def pack(self) -> list[int]:
        """The encounter as plain ints (for the frame's key): the scalars,
        then each list after its length, in `ENC_FIELDS` order (`bombs` only
        when a bomb was added)."""
        out = [
            int(x)
            for x in (
                self.same,
                self.menu,
                self.target,
                self.cursor,
                self.fight,
                self.passes,
                self.pending,
                self.space,
                self.handover,
            )
        ]
        for items in (
            self.seats,
            self.ann,
            self.picks,
            self.malf,
            self.dice,
            self.rerolls,
            self.dodged,
            self.hurts,
            self.escape,
            self.intent,
            self.repairs,
            self.boom,
            self.guard,
        ):
            out.append(len(items))
            out.extend(int(x) for x in items)
        if self.split:  # stage 3 only: a core encounter keeps its key
            out.append(len(self.split))
            out.extend(int(x) for x in self.split)
        if self.bombs:  # only then: an encounter without a bomb packs as before
            out.append(len(self.bombs))
            out.extend(int(x) for x in self.bombs)
        if self.losses:  # only a swarm hit: every other encounter packs as before
            out.append(len(self.losses))
            out.extend(int(x) for x in self.losses)
        return out

    # --- queries ---------------------------------------------------------------
    def pick(self, hewn: int) -> tuple[int, ...]:
        """(L, A, K, Q, E) of announcer `hewn`."""
        i = self.ann.index(hewn)
        return tuple(self.picks[PICKS * i : PICKS * i + PICKS])

    def intent_of(self, hewn: int) -> int:
        """The same-space intent of `hewn` (NONE if it takes no action)."""
        return self.intent[self.ann.index(hewn)] if hewn in self.ann else NONE

    def repairing_nanas(self, hewn: int) -> int:
        """The Nananbites `hewn` put to repair (0 until it declared)."""
        if not self.split or hewn not in self.ann:
            return 0
        return max(0, self.split[self.ann.index(hewn)])

    def malfunctioned(self, hewn: int) -> bool:
        return hewn in self.ann and bool(self.malf[self.ann.index(hewn)])

    def die(self, j: int) -> tuple[int, int, int, int, int, int]:
        b = DIE_FIELDS * j
        d = self.dice
        return d[b], d[b + 1], d[b + 2], d[b + 3], d[b + 4], d[b + 5]

    def n_dice(self) -> int:
        return len(self.dice) // DIE_FIELDS

    def fight_dice(self, fight: int, role: int) -> list[int]:
        """Indices of the dice of one side of one attack."""
        return [
            j
            for j in range(self.n_dice())
            if self.die(j)[3] == fight and self.die(j)[4] == role
        ]


class EncounterFrame(Frame):
    """The frame of an encounter (`Ask.RANGED`, `Ask.SAME_SPACE` or
    `Ask.ARTILLERY`): its steps
    (`EncStep`) and its record (`enc`). It asks nothing itself: its children
    ask."""

    __slots__ = ("enc",)

    def __init__(
        self, ask: int, seat: int, hewn: int, enc: Enc, step: int = EncStep.REACT
    ) -> None:
        super().__init__(ask, seat, hewn, step=step)
        self.enc = enc

    def copy(self) -> EncounterFrame:
        """An independent copy (its record too)."""
        new = EncounterFrame(self.ask, self.seat, self.hewn, self.enc.copy(), self.step)
        self.fill_copy(new)
        return new

    def __reduce__(self) -> tuple[Any, ...]:
        """Pickled by `Frame.reduced`."""
        return self.reduced(
            (self.ask, self.seat, self.hewn, self.enc, self.step),
            ENCOUNTER_FRAME_FIELDS,
        )

    def key(self) -> tuple[int, ...]:
        """The frame as plain ints, the record packed in place of `data`."""
        packed = self.enc.pack()
        return self.key_with(packed)


ENCOUNTER_FRAME_FIELDS: Final = (*FRAME_FIELDS, "enc")
"""Every field of an `EncounterFrame` (a compiled class has no `__slots__` to
read)."""


def enc_of(frame: Frame) -> Enc:
    """The record of encounter frame `frame`."""
    if not isinstance(frame, EncounterFrame):
        raise RuntimeError(f"not an encounter frame: {frame!r}")
    return frame.enc


def encounter_frame(state: State) -> EncounterFrame:
    """The encounter frame nearest the top."""
    for frame in reversed(state.frames):
        if isinstance(frame, EncounterFrame):
            return frame
    raise RuntimeError("no ranged encounter in progress")


def turn_below(state: State, enc_frame: Frame) -> Frame:
    """The mover's HEWN_TURN frame (just under the encounter)."""
    i = next(k for k, f in enumerate(state.frames) if f is enc_frame)
    return state.frames[i - 1]


def humiliated(turn: Frame, target: int, state: State) -> bool:
    """D59: after a failed attack on a damaged/stunned Hewn, every further
    encounter this Hewn turn against it costs 1 AP (the HEWN_TURN frame's
    `args` list the Hewns it failed against)."""
    return target in turn.args and not state.healthy(target)


def add_announcer(enc: Enc, hewn: int) -> None:
    enc.ann.append(hewn)
    enc.picks.extend((0,) * PICKS)
    enc.malf.append(0)
    enc.rerolls.append(0)
    enc.intent.append(NONE)


def fighting(state: State) -> list[int]:
    """The Hewns fighting in the encounters in progress (past their picks):
    they give nothing to a chain payment and relay nothing."""
    out: set[int] = set()
    for f in state.frames:
        if f.ask in ENCOUNTER_ASKS and f.step in FIGHTING:
            out.update(enc_of(f).guard)
    return sorted(out)
