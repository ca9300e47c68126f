"""Every designed number tunable: a config's card-data override (Hewn types,
technologies, the scenario card) and its danger die change the game that is
played, every rule reading the game's own tables; the printed game is
untouched, and a record of a tuned game replays.

The draft rulebook prints no card lists or scenario booklet, so these numbers
are the project's design (`data`'s ``designed`` values), which a balance study
searches (`scavenger balance tune --param card_data.Igil.cost=int:8:14`).
"""

from __future__ import annotations

import json

import numpy as np
import pytest

from scavenger_env.core.records import GameRecord
from scavenger_env.core.simulate import play_random_game, replay_record
from scavenger_env.hewns.engine import actions, rules, tuning
from scavenger_env.hewns.engine import position as pos
from scavenger_env.hewns.engine.actions import DIE, Option, Verb
from scavenger_env.hewns.engine.auction import min_price
from scavenger_env.hewns.engine.config import HewnsConfig, HewnsConfigError
from scavenger_env.hewns.engine.data import (
    HEWN_TYPES,
    TECHS,
    DieKind,
    TechKind,
    Token,
    raw_substract,
)
from scavenger_env.hewns.engine.describe import describe_action
from scavenger_env.hewns.engine.flow import FIRST_TECH_LOT
from scavenger_env.hewns.engine.state import (
    PRINTED_CARDS,
    TECH_KIND_OF,
    Ask,
    hewn_type,
)
from scavenger_env.hewns.engine.turnstate import hewn_turn
from scavenger_env.hewns.game import HEWNS

NORMAL_MINE = 44  # a normal mine of the crater, between spaces 43 and 45


def _game(seed: int, **options: object):
    return rules.new_game(HewnsConfig(**options), np.random.default_rng(seed))


def _seed_offering(name: str) -> int:
    """A seed whose first offer has a Hewn of type `name` on the big lot (the
    override changes no deck, so the same seed deals the same cards)."""
    for seed in range(200):
        if hewn_type(_game(seed).offer[1]).name == name:
            return seed
    raise AssertionError(f"no seed in 0-199 offers a {name}")  # pragma: no cover


# --- the printed game ----------------------------------------------------------------


def test_a_game_without_overrides_plays_the_printed_tables() -> None:
    """No override: the game's tables are the data's (so that every game and
    record made before the option plays and digests as it did)."""
    config = HewnsConfig()
    assert config.hewn_types == HEWN_TYPES and config.techs == TECHS
    state = pos.actions_phase()
    assert state.card_table is PRINTED_CARDS
    assert state.tech_table == TECHS
    assert "card_data" not in config.to_dict()
    assert "danger_faces" not in config.to_dict()


# --- Hewn types --------------------------------------------------------------------------


def test_an_overridden_igil_cost_is_its_minimum_bid() -> None:
    """rulebook: "if a player bids lower than the minimum cost ... Everyone loses
    the auction": the Igil's designed cost (9) set to 13 is the lowest winning
    bid on its lot, outside the last round."""
    seed = _seed_offering("Igil")
    printed = _game(seed)
    assert min_price(printed, 1) == 9
    tuned = _game(seed, card_data={"Igil": {"cost": 13}})
    assert tuned.offer == printed.offer
    assert min_price(tuned, 1) == 13
    assert tuned.card(tuned.offer[1]).cost == 13
    assert hewn_type(tuned.offer[1]).cost == 9  # the data is unchanged


def test_an_overridden_action_point_count_is_a_hewn_turns_budget() -> None:
    """rulebook: "A Minor miner has 4 action points"; tuned to 6, its Hewn turn
    starts with 6."""
    state = pos.actions_phase(card_data={"Minor Miner": {"ap": 6}})
    miner = pos.place(state, "Minor Miner", 0, space=33)
    pos.start_hewn_turn(state, miner)
    assert hewn_turn(state.frames[-1]).ap == 6


def test_the_slot_list_follows_the_overridden_sockets() -> None:
    """A Hewn's slot list is its Nanasockets then its Sicket sockets: a Fogbear
    (1 + 1 printed) tuned to 3 Nanasockets and no Sicket socket has 3 slots."""
    state = pos.actions_phase(
        card_data={"Fogbear": {"nanasockets": 3, "sicket_sockets": 0}}
    )
    fogbear = pos.hewn_id("Fogbear")
    assert len(state.slots[fogbear]) == 3
    assert len(state.slots[pos.hewn_id("Fogbear", 1)]) == 3
    assert len(state.slots[pos.hewn_id("Major Miner")]) == 2  # untouched


def test_a_rig_changes_one_card_of_a_tuned_game_and_the_digest_shows_only_it() -> None:
    """`position.rig` changes one game's card on top of the config's; the
    digest writes only the rigged card (the config holds the override)."""
    state = pos.actions_phase(card_data={"Fogbear": {"ap": 5}})
    fogbear = pos.hewn_id("Fogbear")
    assert HEWNS.digest(state, 0, []) == HEWNS.digest(state.clone(), 0, [])
    from scavenger_env.hewns.engine.digest import rigged_cards

    assert rigged_cards(state) == []
    pos.rig(state, fogbear, armour=4)
    assert state.card(fogbear).ap == 5 and state.card(fogbear).armour == 4
    assert [row[0] for row in rigged_cards(state)] == [fogbear]
    # a rig may change what a config may, and a swarm's members (a position
    # question only)
    assert (*tuning.HEWN_TUNABLE, "members") == pos.RIGGABLE


# --- technologies ----------------------------------------------------------------------


def test_an_overridden_technology_cost_is_its_minimum_bid() -> None:
    """Every technology lot's lowest winning bid is its game's cost."""
    state = _game(0)
    kind = TECH_KIND_OF[state.offer[FIRST_TECH_LOT]]
    name = TECHS[kind].name
    tuned = _game(0, card_data={name: {"cost": 9}})
    assert TECHS[kind].cost != 9
    assert min_price(tuned, FIRST_TECH_LOT) == 9
    assert tuned.tech(kind).cost == 9


def test_a_tuned_gozzbag_adds_its_mining_and_danger_dice() -> None:
    """rulebook: Gozzbag "roll an additional 1 mining dice ... 1 additional
    danger dice"; tuned to 2 and 2, a Major Miner (3 dice) mining with it on a
    normal mine rolls 5 mining dice, then 3 danger dice."""
    state = pos.actions_phase(
        card_data={"Major Gozzbag": {"mining_dice": 2, "danger_dice": 2}}
    )
    miner = pos.place(state, "Major Miner", 0, NORMAL_MINE, techs=["Major Gozzbag"])
    pos.start_hewn_turn(state, miner)
    pos.play(state, Verb.MINE)
    assert describe_action(state, Option.MINE_GOZZBAG) == (
        "mine with Major Gozzbag (+2 mining dice, +2 danger dice)"
    )
    pos.play(state, Option.MINE_GOZZBAG)
    assert state.roll_queue == [DieKind.MINING] * 5
    pos.roll(state, "mining", *[0] * 5)
    if state.frames[-1].ask == Ask.MINE_REROLL:
        pos.play(state, "CTRL DONE")
    assert state.roll_queue == [DieKind.DANGER] * 3


def test_a_tuned_suderer_rolls_its_dice_and_extracts_their_total() -> None:
    """rulebook: "Roll 1 mining dice to determine how much dirty Substract is
    collected"; a Suderer tuned to 2 dice extracts the two faces' total."""
    state = pos.actions_phase(
        cards="terrain", card_data={"Suderer": {"mining_dice": 2}}
    )
    skrunke = pos.place(state, "Skrunke", 0, space=33, techs=["Suderer"])
    pos.place(state, "Clogg", 0, space=0)
    pos.start_hewn_turn(state, skrunke)
    pos.play(state, Verb.EXTRACT)
    assert state.roll_queue == [DieKind.MINING] * 2
    pos.roll(state, "mining", 1, 2)
    assert state.frames[-1].ask == Ask.EXTRACT_KEEP
    assert max(rules.legal_actions(state)) == actions.NUM + 3


def test_a_tuned_mamabite_comes_with_its_nananbites() -> None:
    """rulebook: "Each Mamabite is sold with 4 Nanabites"; tuned to 2, the
    winner's screen gets 1 Mamabite and 2 Nananbites."""
    from scavenger_env.hewns.engine.nanas import bought

    state = pos.actions_phase(card_data={"Mamabite": {"bundled_nananbites": 2}})
    bought(state, 0, TechKind.MAMABITE)
    assert state.screen_tech[0][TechKind.MAMABITE] == 1
    assert state.screen_tech[0][TechKind.NANANBITES] == 2


# --- the scenario card --------------------------------------------------------------------


def test_the_scenario_cards_designed_numbers_are_tunable() -> None:
    """The turn-order stack's minimum bid (designed 1: it "has no printed
    cost"), the danger token stock, the gems and the new-mine pool."""
    state = _game(
        0,
        card_data={
            "Raw Substract": {
                "turn_order_min_bid": 3,
                "danger_tokens": 2,
                "gems": [[9, 1], [6, 2], [3, 4]],
                "mine_pool": [0, 0, 0, 2],
            }
        },
    )
    assert min_price(state, 0) == 3
    assert state.token_stock == [2] * len(Token)
    assert state.gem_pile == [1, 2, 4]
    assert state.scenario.gems[0] == (9, 1)
    assert sorted(state.mine_pool) == [3, 3]


# --- the danger die ---------------------------------------------------------------------


def test_a_danger_die_of_only_lava_puts_lava_tokens() -> None:
    """rulebook: "Put 1 danger token matching the dice roll": every face of an
    all-lava danger die places lava; the same outcome (the designed die's
    deplete face) depletes the mine of the designed die."""
    deplete = pos.face_index("danger", "deplete")
    for faces, lava in ((None, False), (("lava",) * 10, True)):
        state = pos.actions_phase(danger_faces=faces)
        miner = pos.place(state, "Major Miner", 0, NORMAL_MINE)
        pos.start_hewn_turn(state, miner)
        pos.play(state, Verb.MINE, Option.MINE_PLAIN)
        pos.roll(state, "mining", 0, 0, 0)
        if state.frames[-1].ask == Ask.MINE_REROLL:
            pos.play(state, "CTRL DONE")
        assert state.roll_queue == [DieKind.DANGER]
        rules.apply_action(state, DIE + deplete)
        if lava:
            assert state.frames[-1].ask == Ask.PLACE_TOKEN
            pos.play(state, f"SPACE {NORMAL_MINE + 1}")  # one space away
            assert state.token[NORMAL_MINE + 1] == Token.LAVA
            assert state.depleted == 0
        else:
            assert state.depleted == 1


def test_position_roll_reads_the_games_danger_die() -> None:
    """`position.roll(state, "danger", "snedj")` names a face of the game's
    die: on a die of blanks and Snedj the Snedj face is not the designed one's."""
    faces = ("blank",) * 5 + ("snedj",) * 5
    state = pos.actions_phase(danger_faces=faces)
    assert pos.face_index("danger", "snedj", state) == 5
    assert pos.face_index("danger", "snedj") == 1
    with pytest.raises(pos.PositionError, match="no face 'lava'"):
        pos.face_index("danger", "lava", state)


# --- checks, storage and replay ----------------------------------------------------------


def test_a_refused_override_changes_nothing() -> None:
    """A bad override raises the config's error, leaving the caller's dict as
    it was, and names the allowed fields."""
    given = {"Igil": {"cost": 8, "speed": 3}}
    before = json.dumps(given)
    with pytest.raises(HewnsConfigError, match="a Hewn's are cost, mine, ap"):
        HewnsConfig(card_data=given)
    assert json.dumps(given) == before


def test_the_override_is_frozen_and_hashable() -> None:
    config = HewnsConfig(card_data={"Igil": {"cost": 8}})
    assert hash(config) == hash(HewnsConfig(card_data={"Igil": {"cost": 8}}))
    assert config != HewnsConfig(card_data={"Igil": {"cost": 9}})
    with pytest.raises(TypeError, match="read-only"):
        config.card_data["Igil"] = {"cost": 1}  # type: ignore[index]
    with pytest.raises(TypeError, match="read-only"):
        config.card_data["Igil"]["cost"] = 1  # type: ignore[index]
    assert config.hewn_types[1].cost == 8


def test_the_bounds_keep_every_action_id_in_place() -> None:
    """The most slots a tuned Hewn can have fit the SOCKET block, and the
    scenario's Bidox capacity the NUM block."""
    assert tuning.MAX_SLOTS == actions.MAX_SLOTS
    most = (
        tuning.HEWN_BOUNDS["nanasockets"][1]
        + tuning.HEWN_BOUNDS["sicket_sockets"][1] * (1 + tuning.MAX_MAMA_SLOTS)
        + 1
    )
    assert most <= actions.MAX_SLOTS
    assert tuning.SCENARIO_BOUNDS["bidox_capacity"][1] < actions.NUM_SIZE


def test_a_tuned_game_replays_from_its_record() -> None:
    """A record stores the config with its override and die; read back from
    JSON it replays the same game, which differs from the printed one."""
    config = HewnsConfig(
        card_data={
            "Igil": {"cost": 8, "store": [6, 6]},
            "Gunana": {"weapon_bonus": 2, "quantity": 1},
            "Raw Substract": {"danger_tokens": 3},
        },
        danger_faces=("lava", "snedj", "deplete", "new_mine", "blank") * 2,
    )
    state, played = play_random_game(HEWNS, config, 5)
    record = GameRecord.from_json(HEWNS.record(config, 5, state, played).to_json())
    again = HEWNS.config_from_dict(record.config)
    assert again == config
    replayed = replay_record(record)
    assert HEWNS.digest(replayed, 5, played) == HEWNS.digest(state, 5, played)
    printed = HEWNS.new_game(HewnsConfig(), 5)
    assert HEWNS.digest(printed, 5, []) != HEWNS.digest(
        HEWNS.new_game(config, 5), 5, []
    )


# --- the calibration log --------------------------------------------------------------


def test_the_calibration_log_agrees_with_the_data() -> None:
    """Every calibration names a tunable value, with its reason and figure, and
    the data holds its last new value."""
    assert tuning.calibration_problems() == []


def test_the_calibration_check_finds_each_mistake() -> None:
    """A log out of step with the data is caught: a value that is not the data's,
    a broken chain, an unknown name, no figure, an unchanged value (JSON's lists
    compare with the data's tuples)."""
    from scavenger_env.hewns.engine.data import Calibration

    def problems(*log: Calibration) -> list[str]:
        return tuning.calibration_problems(log)

    gems = [[8, 2], [6, 3], [4, 3]]
    good = Calibration("Drump.cost", 3, 2, "Small too dear", "study x: 0.21 win")
    assert problems(good) == []
    assert problems(Calibration("Raw Substract.gems", [[8, 1]], gems, "r", "f")) == []
    assert problems(Calibration("Drump.cost", 2, 4, "r", "f")) == [
        "Drump.cost: the data holds 2, not the last calibration's 4"
    ]
    assert problems(good, Calibration("Drump.cost", 1, 2, "r", "f")) == [
        "Drump.cost: old 1 is not the last change's new 2"
    ]
    pile = [raw_substract(n).normal_pile for n in (2, 3, 4)]
    assert (
        problems(Calibration("Raw Substract.normal_pile", [1, 1, 1], pile, "r", "f"))
        == []
    )
    assert problems(
        Calibration("Raw Substract.bidoxes", [8, 6, 4], [8, 6, 5], "r", "f")
    ) == [
        "Raw Substract.bidoxes: the data holds (8, 6, 4), not the last calibration's (8, 6, 5)"
    ]
    assert problems(Calibration("Igil.speed", 1, 2, "r", "f")) == [
        "'Igil.speed' names no tunable value"
    ]
    assert problems(Calibration("Drump.cost", 3, 2, "r", " ")) == [
        "Drump.cost: give the reason and the figure"
    ]
    assert problems(Calibration("Raw Substract.gems", gems, gems, "r", "f")) == [
        f"Raw Substract.gems: old and new are both {gems!r}"
    ]
    die = list(HewnsConfig().effective_danger_faces)
    assert problems(Calibration("danger die", ["blank"] * 10, die, "r", "f")) == []


def test_tuned_games_keep_the_game_contract() -> None:
    """Queries change nothing, illegal actions are refused and change nothing,
    the observation and the codec hold, at every node of random games of a
    tuned config (a card-data override and a danger die) at 2-4 players."""
    from typing import Any

    from scavenger_env.core.game_check import check_game
    from scavenger_env.hewns.game import HewnsGame

    class TunedHewns(HewnsGame):
        def make_config(self, num_players: int, **options: Any) -> HewnsConfig:
            tuned = {
                "card_data": {
                    "Minor Miner": {"cost": 1, "mine": 4, "ap": 6},
                    "Fogbear": {"nanasockets": 3, "sicket_sockets": 2},
                    "Mining claw": {"mining_dice": 3, "cost": 1},
                    "Raw Substract": {"turn_order_min_bid": 2, "danger_tokens": 2},
                },
                "danger_faces": ("lava", "snedj", "new_mine", "respite", "deplete") * 2,
            }
            return super().make_config(num_players, **{**tuned, **options})

    assert check_game(TunedHewns(), games_per_count=1, seed=4) > 100


def test_a_bots_copy_of_a_printed_game_has_its_own_cards_and_no_rigged_one() -> None:
    """A bot's copy (`view.own_rules`) of a game of the printed cards plays
    equal cards from objects of its own, and its digest shows no rigged card."""
    from scavenger_env.hewns.engine.digest import rigged_cards
    from scavenger_env.hewns.engine.view import own_rules

    plain = pos.actions_phase()
    copy = plain.clone()
    own_rules(copy)
    assert copy.card_table == plain.card_table
    assert all(a is not b for a, b in zip(copy.card_table, plain.card_table))
    assert rigged_cards(copy) == rigged_cards(plain) == []


def test_a_bots_copy_of_a_tuned_game_has_its_own_equal_tables() -> None:
    """A bot's copy plays the same tuned cards and die from objects of its
    own, and a rigged card stays the only rigged one."""
    from scavenger_env.hewns.engine.digest import rigged_cards
    from scavenger_env.hewns.engine.view import own_rules

    state = pos.actions_phase(
        card_data={"Fogbear": {"ap": 5}, "Gunana": {"cost": 4}},
        danger_faces=("lava",) * 10,
    )
    fogbear = pos.hewn_id("Fogbear")
    pos.rig(state, fogbear, armour=4)
    copy = state.clone()
    own_rules(copy)
    assert copy.card_table == state.card_table and copy.tech_table == state.tech_table
    assert all(a is not b for a, b in zip(copy.card_table, state.card_table))
    assert copy.tech(TechKind.GUNANA) is not state.tech(TechKind.GUNANA)
    assert copy.config.danger_die == state.config.danger_die
    assert copy.config.danger_die[0] is not state.config.danger_die[0]
    assert copy.config == state.config
    assert copy.config.card_data["Fogbear"] is not state.config.card_data["Fogbear"]
    assert rigged_cards(copy) == rigged_cards(state) != []


def test_games_of_the_earlier_rules_play_the_numbers_before_calibration() -> None:
    """A record replays under its own rules: a game of rules 2 plays every
    value the calibration changed as it was before (the oldest `old` of each
    `CALIBRATION_LOG` entry); rules 3 plays the data; a config's own card
    data wins over either."""
    from scavenger_env.hewns.engine.config import CALIBRATED
    from scavenger_env.hewns.engine.data import CALIBRATION_LOG

    assert CALIBRATED == 3 and CALIBRATION_LOG
    before = tuning.before_calibration()
    for n in (2, 3, 4):
        old = HewnsConfig(num_players=n, rules_version=2)
        new = HewnsConfig(num_players=n)
        i = n - 2
        assert old.effective_pile == before.per_count["normal_pile"][i]
        assert old.scenario.normal_pile == old.effective_pile
        assert old.effective_bidoxes == before.per_count["bidoxes"][i]
        assert new.effective_pile == raw_substract(n).normal_pile
        assert new.effective_bidoxes == raw_substract(n).bidoxes
    assert before.per_count["normal_pile"] == (90, 120, 150)
    old_types = {h.name: h for h in HewnsConfig(rules_version=2).hewn_types}
    assert (old_types["Igil"].cost, old_types["Major Miner"].ap) == (12, 3)
    assert HewnsConfig().hewn_types == HEWN_TYPES  # the data itself
    tuned = HewnsConfig(rules_version=2, card_data={"Igil": {"cost": 5}})
    costs = {h.name: h.cost for h in tuned.hewn_types}
    assert (costs["Igil"], costs["Gombat"]) == (5, 10)


def test_the_values_before_calibration_are_each_first_old() -> None:
    """Of a value changed twice, the first change's `old` is what the earlier
    rules play; the danger die's faces and card fields are kept apart."""
    from scavenger_env.hewns.engine.data import Calibration

    faces = ["blank"] * 10
    log = (
        Calibration("Raw Substract.normal_pile", [1, 2, 3], [4, 5, 6], "r", "f"),
        Calibration("Raw Substract.normal_pile", [4, 5, 6], [7, 8, 9], "r", "f"),
        Calibration("Drump.cost", 3, 2, "r", "f"),
        Calibration("danger die", faces, ["lava"] * 10, "r", "f"),
    )
    before = tuning.before_calibration(log)
    assert before.per_count == {"normal_pile": (1, 2, 3)}
    assert before.card_data == {"Drump": {"cost": 3}}
    assert before.danger_faces == tuple(faces)
