"""Chain payments (D30): a ranged pick, a danger-token screen or an AP burn may
draw on the paying Hewn's transmission component. Every such payment goes
through this module, in up to three decisions of one `PayFrame`, each asked
only when more than one answer is possible (loads and sight are public; with
secret loads, when the public facts allow more than one: `share_asked`):

1. PAY_SPLIT: how much comes from the Hewn's own load;
2. the context's mix decision (BURN_MIX, SCREENS_MIX, PICK_MIX): how much of
   that own share is dirty;
3. rules 2 only, CHAIN_MIX: how much of the part the other Hewns of the chain
   give is dirty ("either normal Substract or dirty Substract"); each kind is
   then drawn from the nearest Hewn that carries it first. Rules 1 drew the
   chain part without asking: nearest Hewn first, dirty before normal.

A payment is settled as a `Form`: (own share, its dirty part, the chain part's
dirty part, `NONE` under rules 1). The module of each context says what paying
means for it (a `Finish`); `rules` holds the table from mix kind to finish
(`rules.PAYMENTS`).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any, Final

import numpy as np

from . import combat
from .actions import NUM
from .effects import chain_draws_fit, donors, draw_from_chain, pay_from_hewn
from .encounter import fighting
from .secrets import most_load, secrets_on
from .state import FRAME_FIELDS, NONE, Ask, Frame, State

Form = tuple[int, int, int]
"""(own share, dirty part of the own share, dirty part of the chain part or
`NONE`: rules 1's automatic draw)."""

Finish = Callable[[State, Frame, int, int, int, int], None]
"""`(state, frame, amount, own share, dirty part of the own share, dirty part
of the chain part)`: pay (`pay`) and go on (the frame is the paying one, on
top)."""


class PayFrame(Frame):
    """A chain payment being decided (`Ask.PAY_SPLIT`, then the context's mix
    kind, then `Ask.CHAIN_MIX`): `amount` to pay; `low`..`high` the own shares
    possible; `own` the share chosen and `own_dirty` its dirty part (`NONE`
    until chosen); `mix` the context's mix kind, which names how it pays
    (`rules.PAYMENTS`); `later` the seat's payers after this one and what each
    must still draw from its chain, as flat (Hewn, amount) pairs (D65: what
    this payment takes must leave them enough)."""

    __slots__ = ("amount", "high", "later", "low", "mix", "own", "own_dirty")

    def __init__(
        self,
        seat: int,
        hewn: int,
        mix: int,
        amount: int,
        low: int,
        high: int,
        later: list[int],
    ) -> None:
        super().__init__(Ask.PAY_SPLIT, seat, hewn)
        self.mix = int(mix)
        self.amount = amount
        self.low = low
        self.high = high
        self.own = NONE
        self.own_dirty = NONE
        self.later = later

    def copy(self) -> PayFrame:
        """An independent copy."""
        new = PayFrame(
            self.seat,
            self.hewn,
            self.mix,
            self.amount,
            self.low,
            self.high,
            list(self.later),
        )
        self.fill_copy(new)
        new.own = self.own
        new.own_dirty = self.own_dirty
        return new

    def __reduce__(self) -> tuple[Any, ...]:
        """Pickled by `Frame.reduced`."""
        return self.reduced(
            (
                self.seat,
                self.hewn,
                self.mix,
                self.amount,
                self.low,
                self.high,
                self.later,
            ),
            PAY_FRAME_FIELDS,
        )

    def key(self) -> tuple[int, ...]:
        """The frame as plain ints, its fields in place of `data`."""
        fields = (
            self.mix,
            self.amount,
            self.low,
            self.high,
            self.own,
            self.own_dirty,
            *self.later,
        )
        return self.key_with(fields)

    def shown(self) -> list[int]:
        """The numbers of the decision as rules 1's frames held them in `args`
        (what the observation shows): [amount, lowest share, highest share, mix
        kind] while PAY_SPLIT is asked, [amount, own share] at the own mix,
        and also the own share's dirty part at CHAIN_MIX."""
        if self.ask == Ask.PAY_SPLIT:
            return [self.amount, self.low, self.high, self.mix]
        if self.ask == Ask.CHAIN_MIX:
            return [self.amount, self.own, self.own_dirty]
        return [self.amount, self.own]


PAY_FRAME_FIELDS: Final = (
    *FRAME_FIELDS,
    "amount",
    "high",
    "later",
    "low",
    "mix",
    "own",
    "own_dirty",
)
"""Every field of a `PayFrame` (a compiled class has no `__slots__` to read)."""


def pay_frame(frame: Frame) -> PayFrame:
    """`frame` as the payment it is."""
    if not isinstance(frame, PayFrame):
        raise RuntimeError(f"not a payment: {frame!r}")
    return frame


# --- planning and asking -------------------------------------------------------------
def plan(
    state: State,
    hewn: int,
    amount: int,
    low: int,
    high: int,
    later: Sequence[int] = (),
) -> Form | None:
    """The payment's `Form` when it has only one, else None (then `start` its
    decisions). `low`..`high`: the own shares possible; `later` as in
    `PayFrame`."""
    if share_asked(state, hewn, amount, low, high):
        return None
    mixes = combat.pay_mixes(state, hewn, low)
    if mix_asked(state, hewn, low, mixes):
        return None
    chain = chain_mixes(state, hewn, amount - low, later)
    if chain_asked(state, hewn, amount - low, chain):
        return None
    return low, mixes[0], chain[0]


def start(
    state: State,
    seat: int,
    hewn: int,
    amount: int,
    low: int,
    high: int,
    mix: int,
    later: Sequence[int] = (),
) -> PayFrame:
    """A new frame for a payment that `plan` could not settle, asking its
    first decision with several answers; the caller puts it on the stack."""
    frame = PayFrame(seat, hewn, mix, amount, low, high, list(later))
    if not share_asked(state, hewn, amount, low, high):
        _choose_share(state, frame, low)
    return frame


def _choose_share(state: State, frame: PayFrame, own: int) -> Form | None:
    """The own share is fixed: ask its mix if it can vary, else go on."""
    frame.own = own
    mixes = combat.pay_mixes(state, frame.hewn, own)
    if mix_asked(state, frame.hewn, own, mixes):
        frame.ask = frame.mix
        return None
    return _choose_mix(state, frame, mixes[0])


def _choose_mix(state: State, frame: PayFrame, own_dirty: int) -> Form | None:
    """The own share's dirty part is fixed: ask the chain part's if it can
    vary, else the payment is settled."""
    frame.own_dirty = own_dirty
    part = frame.amount - frame.own
    chain = chain_mixes(state, frame.hewn, part, frame.later)
    if chain_asked(state, frame.hewn, part, chain):
        frame.ask = Ask.CHAIN_MIX
        return None
    return frame.own, own_dirty, chain[0]


def legal(state: State, frame: Frame) -> list[int]:
    """The answers to the payment's decision on top."""
    pay = pay_frame(frame)
    if pay.ask == Ask.PAY_SPLIT:
        return [NUM + s for s in range(pay.low, pay.high + 1)]
    if pay.ask == Ask.CHAIN_MIX:
        chain = pay.amount - pay.own
        return [NUM + d for d in chain_mixes(state, pay.hewn, chain, pay.later)]
    return [NUM + d for d in combat.pay_mixes(state, pay.hewn, pay.own)]


def answer(state: State, frame: Frame, action: int) -> Form | None:
    """Play an answer (known legal): the payment's `Form` once it is settled,
    else None (its next decision is asked). D30: "the owner chooses how much
    comes from the paying Hewn's own load"."""
    pay = pay_frame(frame)
    k = action - NUM
    if pay.ask == Ask.PAY_SPLIT:
        return _choose_share(state, pay, k)
    if pay.ask == Ask.CHAIN_MIX:
        return pay.own, pay.own_dirty, k
    return _choose_mix(state, pay, k)


# --- whether a question is asked (public facts only, with secret loads) -------------
def share_asked(state: State, hewn: int, amount: int, low: int, high: int) -> bool:
    """Whether PAY_SPLIT is asked: when the own share can vary; in a game with
    secret loads, when it could by what every seat knows (the most each Hewn
    may carry: `secrets.most_load`), so that the question tells nothing. A
    payment from the own load only (`low` is the whole amount by its rule or
    by a public chain of none) is never split."""
    if not secrets_on(state) or (low == high == amount and not _may_chain(state, hewn)):
        return low != high
    pool = sum(sum(most_load(state, h)) for h in donors(state, hewn, fighting(state)))
    return max(0, amount - pool) != min(amount, sum(most_load(state, hewn)))


def mix_asked(state: State, hewn: int, own: int, mixes: range) -> bool:
    """Whether the own share's dirty part is asked: when it can vary; with
    secret loads, when it could by what every seat knows."""
    if not secrets_on(state):
        return len(mixes) > 1
    normal, dirty = most_load(state, hewn)
    return max(0, own - normal) != min(own, dirty)


def chain_asked(state: State, hewn: int, part: int, chain: list[int]) -> bool:
    """Whether CHAIN_MIX is asked for the chain's `part`: when its dirty part
    can vary (never under rules 1); with secret loads, when it could by what
    every seat knows."""
    if not secrets_on(state) or chain == [NONE] or part <= 0:
        return len(chain) > 1
    normal = dirty = 0
    for h in donors(state, hewn, fighting(state)):
        n, d = most_load(state, h)
        normal += n
        dirty += d
    return max(0, part - normal) != min(part, dirty)


def _may_chain(state: State, hewn: int) -> bool:
    """Whether `hewn` has donors at all (public: sight and positions)."""
    return bool(donors(state, hewn, fighting(state)))


# --- the chain part --------------------------------------------------------------------
def chain_mixes(
    state: State, hewn: int, chain: int, later: Sequence[int] = ()
) -> list[int]:
    """The dirty parts the payer may choose for the `chain` Substract its chain
    gives: any the donors carry together (rules 2) that leaves the seat's later
    payers enough (`later`, D65); [`NONE`] under rules 1, which drew the chain
    part without asking."""
    if not state.config.audit_fixes():
        return [NONE]
    if chain <= 0:
        return [0]
    givers = donors(state, hewn, fighting(state))
    normal = sum(state.normal[h] for h in givers)
    dirty = sum(state.dirty[h] for h in givers)
    low, high = max(0, chain - normal), min(chain, dirty)
    return [
        d
        for d in range(low, high + 1)
        if _leaves_enough(state, givers, chain, d, later)
    ]


def _leaves_enough(
    state: State, givers: list[int], chain: int, dirty: int, later: Sequence[int]
) -> bool:
    """Whether the seat's later payers can still draw what they must once the
    chain part is taken with `dirty` of it dirty (D65)."""
    if not later:
        return True
    left = [state.normal[h] + state.dirty[h] for h in range(len(state.normal))]
    for h, n, d in chain_takes(state, givers, chain - dirty, dirty):
        left[h] -= n + d
    draws = [(later[i], later[i + 1]) for i in range(0, len(later), 2)]
    return chain_draws_fit(state, draws, fighting(state), left)


def chain_takes(
    state: State, givers: list[int], normal: int, dirty: int
) -> list[tuple[int, int, int]]:
    """(donor, normal, dirty) each of `givers` (nearest first) gives when the
    chain part is `normal` normal and `dirty` dirty Substract: each kind from
    the nearest donor that carries it first."""
    takes = []
    for h in givers:
        d = min(dirty, state.dirty[h])
        n = min(normal, state.normal[h])
        if n or d:
            takes.append((h, n, d))
        normal -= n
        dirty -= d
    if normal > 0 or dirty > 0:
        raise ValueError("the chain cannot pay this")
    return takes


# --- paying ------------------------------------------------------------------------------
def pay(
    state: State, hewn: int, amount: int, own: int, own_dirty: int, chain_dirty: int
) -> None:
    """`hewn` pays `amount`: `own` of it from its own load (`own_dirty` of that
    dirty), the rest from the other Hewns of its chain (no Hewn fighting in an
    encounter gives), `chain_dirty` of that dirty, or as rules 1 drew it
    (`NONE`: nearest Hewn first, dirty before normal). The caller has checked
    that it is payable."""
    pay_from_hewn(state, hewn, own, own_dirty)
    chain = amount - own
    if chain <= 0:
        return
    exclude = fighting(state)
    if chain_dirty == NONE:
        draw_from_chain(state, hewn, chain, exclude)
        return
    givers = donors(state, hewn, exclude)
    for h, n, d in chain_takes(state, givers, chain - chain_dirty, chain_dirty):
        pay_from_hewn(state, h, n + d, d)


def hide_payment(
    state: State, frame: Frame, viewer: int, rng: np.random.Generator | None
) -> None:
    """The view's hook for a payment of picks (PICK_MIX): another seat's
    amount and shares are zero, as the picks were while secret."""
    pay = pay_frame(frame)
    if pay.seat == viewer:
        return
    pay.amount = pay.low = pay.high = pay.own = 0
    pay.later = [0] * len(pay.later)


def hide_chain_payment(
    state: State, frame: Frame, viewer: int, rng: np.random.Generator | None
) -> None:
    """The view's hook for another seat's chain payment (a burn, body
    screens) with secret loads: the amount is public, but the own shares
    possible (`low`..`high`) and the share chosen follow the payer's hidden
    load, so a redacted copy shows them as zero. A determinized copy keeps
    them: its hidden loads are dealt so that they hold (`view`)."""
    if (
        rng is not None
        or not isinstance(frame, PayFrame)
        or frame.seat == viewer
        or not state.config.loads_secret
    ):
        return
    frame.low = frame.high = 0
    if frame.own != NONE:
        frame.own = 0
    if frame.own_dirty != NONE:
        frame.own_dirty = 0
    frame.later = [0] * len(frame.later)
