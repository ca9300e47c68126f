"""The errors every game raises for bad input, so that generic tools can catch
them without knowing the game.

A game's own error classes subclass these (Cave-In's `ConfigError` and
`IllegalActionError` do), so `except scavenger_env.core.ConfigError` catches a bad
config of any game.
"""

from __future__ import annotations

from numbers import Integral


class ConfigError(ValueError):
    """A game config has a value the rules do not allow; the message says which
    and what is allowed."""


class IllegalActionError(ValueError):
    """An action that is not legal now; the message says why. The state is left
    exactly as it was."""


class SeedError(ValueError):
    """A seed outside 0..2**64 - 1 (a record keeps a seed in 64 bits); the
    message says which seed and what is allowed."""


class Notice(UserWarning):
    """Something to know that does not stop the work (a model trained under older
    rules still plays). The library raises it as a warning; the command line
    shows each one once, as ``note: ...`` (`scavenger_env.cli.main`)."""


MAX_SEED = 2**64 - 1
"""The largest seed: a record's seed is an unsigned 64-bit number."""

_LONGEST_INT = 40
"""Ints with more digits are shown in messages by their number of digits."""


def show_int(value: int) -> str:
    """An int for a message: its digits, or how many when there are too many
    (``str`` of an int of thousands of digits raises ValueError)."""
    if -(10**_LONGEST_INT) < value < 10**_LONGEST_INT:
        return str(value)
    digits = value.bit_length() * 30103 // 100000  # about log10(2) digits a bit
    while 10 ** (digits + 1) <= abs(value):  # exact, in a step or two
        digits += 1
    while digits > 0 and 10**digits > abs(value):
        digits -= 1
    sign = "a negative " if value < 0 else "a "
    return f"{sign}number of {digits + 1} digits"


def show_value(value: object, limit: int = 80) -> str:
    """``repr(value)`` for a message, on one line and cut at ``limit`` characters;
    never raises (a huge int's or a broken object's repr can)."""
    if isinstance(value, int) and not isinstance(value, bool):
        return show_int(value)
    try:
        text = " ".join(repr(value).split())
    except Exception:
        return f"<{type(value).__name__} object; its repr fails>"
    return text if len(text) <= limit else text[: limit - 3] + "..."


def check_game_seed(seed: object) -> None:
    """Refuse an int ``seed`` of ``new_game`` outside 0..2**64 - 1 (SeedError)
    or a bool (TypeError); a Generator, None and the rest go on to numpy."""
    if isinstance(seed, bool):
        raise TypeError(
            f"new_game(seed={seed!r}): a seed is an int or a numpy Generator, "
            "not a bool"
        )
    if isinstance(seed, Integral):
        value = int(seed)
        check_seed(value, f"new_game(seed={show_int(value)})")


def check_seed(seed: int, where: str = "seed") -> int:
    """``seed`` if it is in 0..2**64 - 1; else SeedError saying so, after
    ``where`` (e.g. ``"reset(seed=-1)"``)."""
    if seed < 0:
        raise SeedError(f"{where}: a seed must be non-negative")
    if seed > MAX_SEED:
        raise SeedError(
            f"{where}: a seed must be at most 2**64 - 1 ({MAX_SEED}; a record "
            "keeps it in 64 bits)"
        )
    return seed
