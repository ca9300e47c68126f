"""The digest of seeded games of every game, fixed: the pure and the compiled build
(CI runs this file under both) must give these very values, and a change to any
game's rules or state that changes a recorded game shows up here.

To re-fix the values after a deliberate change (a new rules version leaves the old
configs' values as they are; add rows for it, with any digest), run this file as a
script:
``python tests/core/test_digest_fixed.py`` prints the table.
"""

from __future__ import annotations

from typing import Any

import pytest

from scavenger_env.core.games import GAMES, get_game
from scavenger_env.core.simulate import play_random_game

#: game -> [(num_players, seed, options, digest)]
FIXED: dict[str, list[tuple[int, int, dict[str, Any], str]]] = {
    "cavein": [
        (2, 1, {"rules_version": 2}, "4802d40ceb42a0243c802da4d50eace5"),
        (3, 2, {"rules_version": 2}, "ab85bbc9d30d4230c8538ff12366ba4f"),
        (4, 3, {"rules_version": 2}, "e43f1a1b515ecac4332014bf87e85f66"),
        (3, 4, {"rules_version": 1}, "b465dabfc8a2416868542efe1ececcb6"),
    ],
    "krysis": [
        (2, 1, {"rules_version": 1}, "8d06b0d49c6d0c2881c143e3228fe270"),
        (3, 4, {"rules_version": 1}, "00027418267e1b5c7e046b1ac02ae35a"),
        (4, 2, {"rules_version": 1}, "bdccfc94660cc818d989b3b3ad29c74d"),
        (
            2,
            5,
            {"rules_version": 1, "advanced": True, "missions": True},
            "46655c83541e29b35fcb09448eb7eba9",
        ),
        (
            3,
            6,
            {"rules_version": 1, "advanced": True, "nine_card_hand": True},
            "be290cbf4597b9a976d35307ee814886",
        ),
        (
            2,
            7,
            {"rules_version": 1, "variant": "speed"},
            "f2c4ca691bbf21c1f82c185b975bb4e9",
        ),
        (2, 1, {"rules_version": 2}, "1256d761b791f3e6ee34bd570114588b"),
        (3, 4, {"rules_version": 2}, "9879a1a89702aac0dcba42e0e41c58ce"),
        (4, 2, {"rules_version": 2}, "3cced2bb88852cef9e7ec14952c2ee8f"),
        (
            2,
            5,
            {"rules_version": 2, "advanced": True, "missions": True},
            "18a90f155ca8abe4c65c2178ec3b0938",
        ),
        (
            4,
            6,
            {"rules_version": 2, "advanced": True, "nine_card_hand": True},
            "c22bb4aa08e326749685a52b1024069d",
        ),
        (
            2,
            7,
            {"rules_version": 2, "variant": "speed"},
            "5627e5344ea096257b76c399c9aae9a6",
        ),
    ],
    # Hewns is built in stages: each card set keeps its rows (a later stage
    # adds rows for its cards and must leave the earlier sets' rows as they are)
    "hewns": [
        (
            2,
            1,
            {"rules_version": 1, "cards": "core"},
            "0d19a274f5e17750544bfddd04fa414c",
        ),
        (
            3,
            4,
            {"rules_version": 1, "cards": "core"},
            "279b45930b51f257d8d11fc7ae428a1a",
        ),
        (
            4,
            2,
            {"rules_version": 1, "cards": "core"},
            "5ef2a615019498f8070222a604c5416e",
        ),
        (
            3,
            5,
            {"rules_version": 1, "score_carried": False, "cards": "core"},
            "ccdf989f7688da9b72c8d1e783264101",
        ),
        (
            2,
            1,
            {"rules_version": 2, "cards": "core"},
            "7ed900ce9e5b52c2551c8889995a4f74",
        ),
        (
            3,
            4,
            {"rules_version": 2, "cards": "core"},
            "21eae90e2f522631a2345b3e28fa591d",
        ),
        (
            4,
            2,
            {"rules_version": 2, "cards": "core"},
            "189100a52165d1b1bdf78a3b0f11e4c6",
        ),
        (
            2,
            1,
            {"rules_version": 2, "cards": "terrain"},
            "f3eb751f0233e1ea40f9fb42c54d9dbf",
        ),
        (
            3,
            4,
            {"rules_version": 2, "cards": "terrain"},
            "fbd023751aff8cf81c812a758d43d4e8",
        ),
        (
            2,
            1,
            {"rules_version": 2, "cards": "nanas"},
            "ee8406d0cbeb3bced3069af0d01be68d",
        ),
        (
            3,
            4,
            {"rules_version": 2, "cards": "nanas"},
            "5298cf8b0973f48839501c9732e45bc8",
        ),
        (
            4,
            2,
            {"rules_version": 2, "cards": "nanas"},
            "a6fb1c2352d19fdee18ac9c45ecc1cd2",
        ),
        (
            2,
            1,
            {"rules_version": 2, "cards": "complete"},
            "1b5a92c7014d641a5dfe9c51eeff096e",
        ),
        (
            4,
            2,
            {"rules_version": 2, "cards": "complete"},
            "e33f2cbe1742621c8fae34439d5d3d78",
        ),
        # rules 3: the calibrated designed numbers (rules 1 and 2 keep theirs)
        (
            2,
            1,
            {"rules_version": 3, "cards": "complete"},
            "3adf0f55dc7bf5327f4ba06c561b285a",
        ),
        (
            3,
            4,
            {"rules_version": 3, "cards": "complete"},
            "c68ec4e2ce6b6f8c7034ee0cd93c7cb3",
        ),
        (
            4,
            2,
            {"rules_version": 3, "cards": "complete"},
            "3bc8ccb779f8da2aa753469b0b0e7e68",
        ),
    ],
}


def digest_of(game_name: str, n: int, seed: int, options: dict[str, Any]) -> str:
    game = get_game(game_name)
    config = game.make_config(n, **options)
    state, actions = play_random_game(game, config, seed)
    return game.digest(state, seed, actions)


def test_every_game_has_fixed_digests() -> None:
    assert sorted(FIXED) == sorted(GAMES)


@pytest.mark.parametrize(
    ("game_name", "n", "seed", "options", "expected"),
    [(name, *row) for name, rows in FIXED.items() for row in rows],
    ids=lambda v: str(v) if not isinstance(v, dict) else ",".join(map(str, v.items())),
)
def test_fixed_digest(
    game_name: str, n: int, seed: int, options: dict[str, Any], expected: str
) -> None:
    assert digest_of(game_name, n, seed, options) == expected


if __name__ == "__main__":
    for name, rows in FIXED.items():  # the same cases, digests taken afresh
        print(f'    "{name}": [')
        for n, seed, options, _ in rows:
            print(
                f'        ({n}, {seed}, {options!r}, "{digest_of(name, n, seed, options)}"),'
            )
        print("    ],")
