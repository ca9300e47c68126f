"""What all scavenger_env games share: game records and per-game seeds.

Nothing here imports a game engine; games plug their rules in from their own
packages.
"""

from scavenger_env.core.records import (
    FORMAT_VERSION,
    GameRecord,
    RecordError,
    enumerate_records,
    iter_records,
    write_records,
)
from scavenger_env.core.seeding import game_seed, game_seeds

__all__ = [
    "FORMAT_VERSION",
    "GameRecord",
    "RecordError",
    "enumerate_records",
    "game_seed",
    "game_seeds",
    "iter_records",
    "write_records",
]
