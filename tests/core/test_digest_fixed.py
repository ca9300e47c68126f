"""The digest of seeded games of every game, fixed: the pure and the compiled build
(CI runs this file under both) must give these very values, and a change to any
game's rules or state that changes a recorded game shows up here.

To re-fix the values after a deliberate change (a new rules version leaves the old
configs' values as they are; add rows for it), run this file as a script:
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
        (2, 1, {"rules_version": 1}, "4edc2f126accc64d67c941f47e0a7fe1"),
        (3, 4, {"rules_version": 1}, "90228717fbc9392724d9f1b78f8d76b2"),
        (4, 2, {"rules_version": 1}, "05bf279ff20113b37ebc284d2bcf4a24"),
        (
            2,
            5,
            {"rules_version": 1, "advanced": True, "missions": True},
            "b2c0a0e89f391166557f806b37f9722f",
        ),
        (
            3,
            6,
            {"rules_version": 1, "advanced": True, "nine_card_hand": True},
            "829b072856bb84af64625c3ceff368fc",
        ),
        (
            2,
            7,
            {"rules_version": 1, "variant": "speed"},
            "12fe6984c308174c55f3df6ba829d645",
        ),
    ],
}

CASES: dict[str, list[tuple[int, int, dict[str, Any]]]] = {
    "cavein": [
        (2, 1, {"rules_version": 2}),
        (3, 2, {"rules_version": 2}),
        (4, 3, {"rules_version": 2}),
        (3, 4, {"rules_version": 1}),
    ],
    "krysis": [
        (2, 1, {"rules_version": 1}),
        (3, 4, {"rules_version": 1}),
        (4, 2, {"rules_version": 1}),
        (2, 5, {"rules_version": 1, "advanced": True, "missions": True}),
        (3, 6, {"rules_version": 1, "advanced": True, "nine_card_hand": True}),
        (2, 7, {"rules_version": 1, "variant": "speed"}),
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
    for name, rows in CASES.items():
        print(f'    "{name}": [')
        for n, seed, options in rows:
            print(
                f'        ({n}, {seed}, {options!r}, "{digest_of(name, n, seed, options)}"),'
            )
        print("    ],")
