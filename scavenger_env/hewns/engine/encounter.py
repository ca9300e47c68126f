"""The encounter in progress, shared by the rule modules that read it: its record
(`Enc`, kept in the encounter frame's `data`), its steps, and the few facts
that same-space encounters, danger and the turns ask about it. It sits below
`ranged` and `samespace`, which run the encounter.
"""

from __future__ import annotations

from typing import Final

from .state import NONE, Ask, Frame, State

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

# frame.step of the RANGED frame
S_REACT: Final = 0
S_JOIN: Final = 1
S_PICK: Final = 2
S_TARGET: Final = 3
S_PAY: Final = 4
S_ROLLED: Final = 5
S_LOOP: Final = 6
S_REROLLED: Final = 7
S_HURT: Final = 8
S_APPLY: Final = 9
S_ESCAPE: Final = 10
S_INTENT: Final = 11  # same-space only, from here on
S_AFTER: Final = 12
S_EXPEL: Final = 13
S_RETREAT: Final = 14
S_END: Final = 15
S_AWAY: Final = 16  # step 2, "Transmit Substract away" (before the picks)

_SCALARS: Final = (
    "same",
    "menu",
    "target",
    "cursor",
    "fight",
    "passes",
    "pending",
    "space",
    "handover",
)
_LISTS: Final = (
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
)


class Enc:
    """A ranged encounter in progress, read from and written to its frame's
    `data` as plain ints. `ann`: the announcers (mover first when it
    announced); `picks`: L, A, K per announcer (secret until the reveal);
    `dice`: `DIE_FIELDS` ints per die; `hurts`: (victim, hurt face or NONE for
    a non-healthy victim) per successful attack."""

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

    @staticmethod
    def load(frame: Frame) -> Enc:
        enc = Enc()
        data = frame.data
        for i, name in enumerate(_SCALARS):
            setattr(enc, name, data[i])
        at = len(_SCALARS)
        for name in _LISTS:
            n = data[at]
            setattr(enc, name, list(data[at + 1 : at + 1 + n]))
            at += 1 + n
        return enc

    def save(self, frame: Frame) -> None:
        data = [int(getattr(self, name)) for name in _SCALARS]
        for name in _LISTS:
            items: list[int] = getattr(self, name)
            data.append(len(items))
            data.extend(int(x) for x in items)
        frame.data = data

    # --- queries ---------------------------------------------------------------
    def pick(self, hewn: int) -> tuple[int, ...]:
        """(L, A, K, Q, E) of announcer `hewn`."""
        i = self.ann.index(hewn)
        return tuple(self.picks[PICKS * i : PICKS * i + PICKS])

    def intent_of(self, hewn: int) -> int:
        """The same-space intent of `hewn` (NONE if it takes no action)."""
        return self.intent[self.ann.index(hewn)] if hewn in self.ann else NONE

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


def encounter_frame(state: State) -> Frame:
    """The encounter frame nearest the top."""
    for frame in reversed(state.frames):
        if frame.ask in (Ask.RANGED, Ask.SAME_SPACE):
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
        if f.ask in (Ask.RANGED, Ask.SAME_SPACE) and f.step >= S_PICK:
            out.update(Enc.load(f).guard)
    return sorted(out)
