"""Hewns' config values for the registry-driven checks (tests/env/test_config.py
and tests/env/test_api.py): a non-default value for every field, bad values with
the allowed values their message must show, and configs to round-trip."""

from __future__ import annotations

from typing import Any

from scavenger_env.hewns.engine.config import HewnsConfig
from scavenger_env.hewns.engine.data import CardSet

#: a valid value other than the default for every field but ONE_VALUE's
NON_DEFAULT: dict[str, Any] = {
    "num_players": 3,
    "cards": "core",
    "map": "gorge",
    "mudgestick": 4,
    "nananbites_per_bidox": 1,
    "score_carried": False,
    "damaged_transmit": False,
    "income": (10, 9, 8),
    "pile": 77,
    "bidoxes": 12,
    "secret_loads": True,
    "card_data": {
        "Igil": {"cost": 9, "store": (5, 5)},
        "Gunana": {"weapon_bonus": 2},
        "Raw Substract": {"turn_order_min_bid": 2},
    },
    "danger_faces": ("lava", "blank") * 5,
    "max_decisions": 500,
    "rules_version": 1,  # the default is 3
}

#: fields with a single value to play (none left: move a field here when it
#: has only one)
ONE_VALUE: tuple[str, ...] = ()

#: fields left out of the all-at-once game (none for Hewns)
ALONE: tuple[str, ...] = ()

CARDS_ALLOWED = "'core' or 'terrain' or 'nanas' or 'complete'"
INCOME_ALLOWED = "three positive ints, the dirty income in rounds 1, 2 and 3"
PILE_ALLOWED = "or a positive int"
BIDOXES_ALLOWED = "or an int from 1 to 32"
CARD_DATA_ALLOWED = "None or {card name: {field: value}}"
FACES_ALLOWED = "a list of 10 face names, each one of 'lava', 'snedj'"

#: (field, bad value, a fragment of the allowed values the message must show)
BAD_VALUES: list[tuple[str, Any, str]] = [
    ("num_players", 1, "2, 3 or 4"),
    ("num_players", 5, "2, 3 or 4"),
    ("num_players", "3", "2, 3 or 4"),
    ("num_players", 3.0, "2, 3 or 4"),
    ("num_players", True, "2, 3 or 4"),
    ("num_players", None, "2, 3 or 4"),
    ("cards", "base", CARDS_ALLOWED),
    ("cards", "Core", CARDS_ALLOWED),
    ("cards", 1, CARDS_ALLOWED),
    ("cards", CardSet.CORE, CARDS_ALLOWED),
    ("cards", ["core"], CARDS_ALLOWED),
    ("cards", None, CARDS_ALLOWED),
    ("map", "moon", "'crater'"),
    ("map", "", "'crater'"),
    ("map", None, "'crater'"),
    ("map", "no/such/map.json", "'crater', 'gorge', 'twins'"),
    ("map", {"source": "x.json", "content": {"format": 1}}, "missing key(s)"),
    ("mudgestick", 1, "an int from 2 to 6 (spaces)"),
    ("mudgestick", 7, "an int from 2 to 6 (spaces)"),
    ("mudgestick", 3.0, "an int from 2 to 6 (spaces)"),
    ("mudgestick", "3", "an int from 2 to 6 (spaces)"),
    ("mudgestick", True, "an int from 2 to 6 (spaces)"),
    ("nananbites_per_bidox", 0, "1 or 2"),
    ("nananbites_per_bidox", 3, "1 or 2"),
    ("nananbites_per_bidox", True, "1 or 2"),
    ("nananbites_per_bidox", 2.0, "1 or 2"),
    ("score_carried", 1, "True or False"),
    ("score_carried", 0, "True or False"),
    ("score_carried", "yes", "True or False"),
    ("score_carried", None, "True or False"),
    ("damaged_transmit", 1, "True or False"),
    ("damaged_transmit", None, "True or False"),
    ("income", (26, 22), INCOME_ALLOWED),
    ("income", (26, 22, 18, 14), INCOME_ALLOWED),
    ("income", (26, 0, 18), INCOME_ALLOWED),
    ("income", (26, -1, 18), INCOME_ALLOWED),
    ("income", (26, 22, "18"), INCOME_ALLOWED),
    ("income", (26.0, 22, 18), INCOME_ALLOWED),
    ("income", (True, 22, 18), INCOME_ALLOWED),
    ("income", [26, 22], INCOME_ALLOWED),
    ("income", 26, INCOME_ALLOWED),
    ("income", "26,22,18", INCOME_ALLOWED),
    ("pile", 0, PILE_ALLOWED),
    ("pile", -90, PILE_ALLOWED),
    ("pile", 90.0, PILE_ALLOWED),
    ("pile", "90", PILE_ALLOWED),
    ("pile", True, PILE_ALLOWED),
    ("bidoxes", 0, BIDOXES_ALLOWED),
    ("bidoxes", 33, BIDOXES_ALLOWED),
    ("bidoxes", 6.0, BIDOXES_ALLOWED),
    ("bidoxes", True, BIDOXES_ALLOWED),
    ("max_decisions", 0, "a positive int"),
    ("max_decisions", -1, "a positive int"),
    ("max_decisions", 2.5, "a positive int"),
    ("max_decisions", "20000", "a positive int"),
    ("max_decisions", True, "a positive int"),
    ("rules_version", 0, "use 1 or 2 or 3"),
    ("rules_version", 4, "use 1 or 2 or 3"),
    ("rules_version", True, "use 1 or 2 or 3"),
    ("rules_version", "1", "use 1 or 2 or 3"),
    ("rules_version", 1.0, "use 1 or 2 or 3"),
    ("secret_loads", "yes", "None (secret in the complete game only), True or False"),
    ("secret_loads", 1, "None (secret in the complete game only), True or False"),
    ("card_data", {}, CARD_DATA_ALLOWED),
    ("card_data", [("Igil", {"cost": 9})], CARD_DATA_ALLOWED),
    ("card_data", {"Igli": {"cost": 9}}, "no card 'Igli'; the cards are"),
    ("card_data", {"Igil": {"speed": 3}}, "a Hewn's are cost, mine, ap"),
    ("card_data", {"Igil": {"size": 1}}, "'Igil' has no tunable field 'size'"),
    ("card_data", {"Igil": {"cost": 0}}, "Igil's cost is an int from 1 to 60"),
    ("card_data", {"Igil": {"cost": "9"}}, "Igil's cost is an int from 1 to 60"),
    ("card_data", {"Igil": {"cost": True}}, "Igil's cost is an int from 1 to 60"),
    ("card_data", {"Igil": {"weapon": 1}}, "Igil's weapon is true or false"),
    ("card_data", {"Igil": {"store": []}}, "Igil's store is a list of 1-3 ints"),
    ("card_data", {"Igil": {"abilities": ["swim"]}}, "ability names from"),
    ("card_data", {"Igil": {"secret": 11}}, "secret store (11) is more than"),
    ("card_data", {"Igil": {"nanasockets": 6}}, "nanasockets is an int from 0 to 5"),
    ("card_data", {"Igil": {}}, "takes a non-empty dict"),
    ("card_data", {"Gunana": {"mining_dice": 1}}, "no mining_dice effect"),
    ("card_data", {"Gunana": {"socket": 2}}, "a technology's are quantity, cost"),
    ("card_data", {"Raw Substract": {"pile": 9}}, "options of their own"),
    ("card_data", {"Raw Substract": {"gems": [[8, 2]]}}, "three [value, copies]"),
    ("card_data", {"Raw Substract": {"bidox_capacity": 31}}, "from 1 to 30"),
    ("danger_faces", ("lava",) * 9, FACES_ALLOWED),
    ("danger_faces", ("lava",) * 11, FACES_ALLOWED),
    ("danger_faces", ("lava",) * 9 + ("fire",), FACES_ALLOWED),
    ("danger_faces", "lava", FACES_ALLOWED),
    ("danger_faces", ("LAVA",) * 10, FACES_ALLOWED),
]

#: configs that must survive `to_dict` / `from_dict` and JSON
ROUND_TRIP = [
    HewnsConfig(),
    HewnsConfig(map="twins"),
    HewnsConfig(num_players=4, map="gorge", mudgestick=5),
    HewnsConfig(num_players=3, cards="core", mudgestick=4),
    HewnsConfig(num_players=4, income=(1, 2, 3)),
    HewnsConfig(pile=200),
    HewnsConfig(bidoxes=2),
    HewnsConfig(damaged_transmit=False),
    HewnsConfig(rules_version=1),
    HewnsConfig(
        card_data={
            "Minor Miner": {"ap": 5, "abilities": ["dig"], "heart": False},
            "Mamabite": {"bundled_nananbites": 2},
            "Raw Substract": {"gems": [[9, 1], [6, 3], [3, 4]], "mine_pool": [1] * 4},
        }
    ),
    HewnsConfig(danger_faces=["deplete"] * 10),
    HewnsConfig(
        num_players=4,
        cards="core",
        mudgestick=2,
        nananbites_per_bidox=1,
        score_carried=False,
        income=(10, 9, 8),
        pile=77,
        bidoxes=12,
        max_decisions=500,
    ),
]
