"""Chain payments (D30): a ranged pick, a danger-token screen or an AP burn may
draw on the paying Hewn's transmission component. The payer's controller
chooses how much comes from the Hewn's own load (PAY_SPLIT, asked only when
more than one share is possible: loads and sight are public), then which part
of that share is dirty (the context's own mix decision); the rest comes from
the other Hewns of the chain, nearest first, dirty before normal.

A paying frame holds `args = [amount, own share]` once the share is fixed, and
`[amount, lowest share, highest share, mix kind]` while PAY_SPLIT is asked. The
module of each context says what paying means for it (a `Finish`); `rules`
holds the table from mix kind to finish (`rules.PAYMENTS`).
"""

from __future__ import annotations

from collections.abc import Callable

from . import combat
from .actions import NUM
from .state import Ask, Frame, State

Finish = Callable[[State, Frame, int, int, int], None]
"""`(state, frame, amount, own share, dirty part of the own share)`: pay and
go on (the frame is the paying one, on top)."""


def plan(
    state: State, hewn: int, amount: int, low: int, high: int
) -> tuple[int, int] | None:
    """(own share, dirty part) when the payment has only one form, else None
    (then `ask` a decision)."""
    if low != high:
        return None
    mixes = combat.pay_mixes(state, hewn, low)
    return (low, mixes[0]) if len(mixes) == 1 else None


def ask(state: State, frame: Frame, amount: int, low: int, high: int, mix: int) -> None:
    """Turn `frame` into the first decision of a payment that has several
    forms: the own share if several are possible, else the mix."""
    if low != high:
        frame.ask = Ask.PAY_SPLIT
        frame.args = [amount, low, high, int(mix)]
        return
    frame.ask = Ask(mix)
    frame.args = [amount, low]


def legal_split(state: State, frame: Frame) -> list[int]:
    return [NUM + s for s in range(frame.args[1], frame.args[2] + 1)]


def mix_kind(frame: Frame) -> int:
    """The mix decision kind of the context paying (a PAY_SPLIT frame)."""
    return frame.args[3]


def answer_split(
    state: State, frame: Frame, action: int
) -> tuple[int, int, int] | None:
    """D30: "the owner chooses how much comes from the paying Hewn's own
    load"; the dirty part of that share is asked next if it can vary (None),
    else (amount, own share, dirty part) to pay now."""
    amount, mix = frame.args[0], frame.args[3]
    own = action - NUM
    mixes = combat.pay_mixes(state, frame.hewn, own)
    if len(mixes) > 1:
        frame.ask = Ask(mix)
        frame.args = [amount, own]
        return None
    frame.args = [amount, own]
    return amount, own, mixes[0]


def answer_mix(frame: Frame, action: int) -> tuple[int, int, int]:
    """(amount, own share, dirty part) once a context's mix decision is
    answered."""
    return frame.args[0], frame.args[1], action - NUM


def legal_mix(state: State, frame: Frame) -> list[int]:
    """The dirty parts possible of the own share."""
    return [NUM + d for d in combat.pay_mixes(state, frame.hewn, frame.args[1])]
