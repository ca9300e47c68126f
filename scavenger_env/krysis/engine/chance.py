"""The state's own chance stream: the randomness of the game after set-up.

Krysis shuffles in play (the relic discard pile becomes a new draw pile; a raider
takes face-down relics at random; the advanced game's squad is shuffled into
decks), so the set-up `numpy.random.Generator` draws one 63-bit seed, and every
later draw is a hash of (seed, how many draws so far). A state stays two ints to
copy, a game stays `(config, seed, actions)`, and `determinize` hides the future
by drawing a new seed.
"""

from __future__ import annotations

from .state import State

_MASK = (1 << 64) - 1


def _mix(x: int) -> int:
    """SplitMix64's finaliser: a 64-bit int to a well-mixed 64-bit int."""
    x = (x + 0x9E3779B97F4A7C15) & _MASK
    x = ((x ^ (x >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
    x = ((x ^ (x >> 27)) * 0x94D049BB133111EB) & _MASK
    return x ^ (x >> 31)


def chance_below(state: State, bound: int) -> int:
    """The next draw of the stream: an int in `range(bound)` (bound >= 1)."""
    x = _mix((state.chance_seed + state.chance_count * 0x632BE59BD9B4E019) & _MASK)
    state.chance_count += 1
    return x % bound


def shuffle(state: State, items: list[int]) -> None:
    """Shuffle `items` in place (Fisher-Yates on the chance stream)."""
    for i in range(len(items) - 1, 0, -1):
        j = chance_below(state, i + 1)
        items[i], items[j] = items[j], items[i]
