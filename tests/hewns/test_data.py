"""Hewns component data: the counts the documents state, the card sets, the dice,
the scenario rows, and the provenance of every value.

Every value tagged ``rulebook`` is checked here against the rulebook sentence that
prints it (`HEWN_PRINTED`, `TECH_PRINTED` and the scenario tests); the tables below
must list exactly the data's rulebook-tagged values, so a new tag cannot go untested.
"""

from __future__ import annotations

import math

import pytest

from scavenger_env.hewns.engine import data as d
from scavenger_env.hewns.engine.data import Ability, CardSet, DieKind, Size, Symbol

# --- counts stated by the design (not derived from the data) ---------------------


def test_roster_has_22_types_on_36_cards() -> None:
    assert len(d.HEWN_TYPES) == d.NUM_HEWN_TYPES == 22
    assert sum(h.cards for h in d.HEWN_TYPES) == d.NUM_HEWN_CARDS == 36
    assert len({h.name for h in d.HEWN_TYPES}) == 22
    # "Totals: 5 Big cards, 14 Medium, 17 Small."
    assert [
        len(d.hewn_deck(CardSet.COMPLETE, s)) for s in (Size.B, Size.M, Size.S)
    ] == [
        5,
        14,
        17,
    ]


def test_tech_deck_has_13_kinds_on_25_cards() -> None:
    assert len(d.TECHS) == d.NUM_TECH_KINDS == len(d.TechKind) == 13
    assert sum(t.cards for t in d.TECHS) == d.NUM_TECH_CARDS == 25
    assert [t.kind for t in d.TECHS] == list(d.TechKind)
    scouting = [t.name for t in d.TECHS if t.card_kind == d.CardKind.SCOUTING]
    assert scouting == ["Secret entrance"]


def test_ten_dice_in_kind_order() -> None:
    assert len(d.DICE) == d.NUM_DIE_KINDS == len(DieKind) == 10
    assert [x.kind for x in d.DICE] == list(DieKind)
    assert [len(x.faces) for x in d.DICE] == [6, 10, 6, 6, 6, 6, 6, 6, 10, 10]


# --- card sets ---------------------------------------------------------------------

CORE_HEWNS = {
    "Hover Cataclysm",
    "Gombat",
    "Smeggler",
    "Chailbine Zach",
    "Spricelos",
    "Fogbear",
    "Major Miner",
    "Four-way Gotler",
    "Clampeyt",
    "Minor Miner",
    "Flappchap",
    "Skrunke",
    "Drump",
}
TERRAIN_HEWNS = {
    "Igil",
    "Midocondrian Scraveler",
    "Dreampogg",
    "Bliog",
    "Sveanivo",
    "Clogg",
    "Chumbee",
}
SWARMS = {"Veyark & 8 Arkz", "Blazooog & 6 Inclincs"}
CORE_TECHS = {
    "Gunana",
    "Sicket Sunger",
    "Futanaz",
    "Mining claw",
    "Major Gozzbag",
    "Slocic Shield",
}


def test_core_set_is_the_designed_stage_1() -> None:
    hewns = d.hewn_types(CardSet.CORE)
    assert {h.name for h in hewns} == CORE_HEWNS
    assert len(hewns) == 13
    # "3 B / 9 M / 8 S cards"
    assert [len(d.hewn_deck(CardSet.CORE, s)) for s in (Size.B, Size.M, Size.S)] == [
        3,
        9,
        8,
    ]
    assert {t.name for t in d.tech_kinds(CardSet.CORE)} == CORE_TECHS


def test_each_set_adds_its_stage() -> None:
    names = {cs: {h.name for h in d.hewn_types(cs)} for cs in CardSet}
    assert names[CardSet.TERRAIN] == CORE_HEWNS | TERRAIN_HEWNS
    assert names[CardSet.NANAS] == names[CardSet.TERRAIN]
    assert names[CardSet.COMPLETE] == CORE_HEWNS | TERRAIN_HEWNS | SWARMS
    techs = {cs: {t.name for t in d.tech_kinds(cs)} for cs in CardSet}
    assert techs[CardSet.TERRAIN] == CORE_TECHS | {"Suderer", "Secret entrance"}
    assert len(techs[CardSet.NANAS]) == len(techs[CardSet.COMPLETE]) == 13
    assert len(d.tech_deck(CardSet.COMPLETE)) == 25
    assert len(d.hewn_deck(CardSet.COMPLETE)) == 36
    assert all(1 <= h.stage <= 4 for h in d.HEWN_TYPES)
    assert all(1 <= t.stage <= 4 for t in d.TECHS)


def test_card_set_names() -> None:
    assert [d.card_set(n) for n in ("core", "terrain", "nanas", "complete")] == list(
        CardSet
    )
    with pytest.raises(ValueError):
        d.card_set("stage 1")


def test_deck_repeats_copies() -> None:
    deck = d.hewn_deck(CardSet.CORE)
    assert sum(1 for h in deck if h.name == "Minor Miner") == 3
    assert sum(1 for t in d.tech_deck(CardSet.CORE) if t.name == "Mining claw") == 3


# --- dice ----------------------------------------------------------------------------


@pytest.mark.parametrize("kind", list(DieKind))
def test_die_probabilities_sum_to_one(kind: DieKind) -> None:
    outcomes = d.die_outcomes(kind)
    assert math.isclose(sum(p for _, p in outcomes), 1.0)
    assert len({f for f, _ in outcomes}) == len(outcomes)
    assert {f for f, _ in outcomes} == set(d.die(kind).faces)


@pytest.mark.parametrize("kind", list(DieKind))
def test_die_shows_every_value_the_rulebook_shows(kind: DieKind) -> None:
    die = d.die(kind)
    assert set(die.seen) <= set(die.faces)


def test_die_face_values() -> None:
    # the mining "2/gem" face counts 2; a single escape counts 1 ("A single escape
    # is worth 1 defence."); Nanadead counts nothing
    assert d.Face(2, Symbol.GEM) in d.die(DieKind.MINING).faces
    assert d.Face(1, Symbol.ESCAPE) in d.die(DieKind.SPEED).faces
    assert d.Face(0, Symbol.NANADEAD) in d.die(DieKind.NANA).faces
    # "the Hewn must roll 1 normal d10 dice"; "0" The Hewn is swept away
    assert [f.value for f in d.die(DieKind.D10).faces] == list(range(10))
    mining = dict(d.die_outcomes(DieKind.MINING))
    assert math.isclose(mining[d.Face(1)], 2 / 6)
    danger = dict(d.die_outcomes(DieKind.DANGER))
    assert math.isclose(danger[d.Face(0, Symbol.DEPLETE)], 0.2)
    # "Blank face Nothing happens."
    assert d.Face(0, Symbol.BLANK) in danger


# --- the scenario card ---------------------------------------------------------------

#: the Bidoxes and piles as calibrated (`CALIBRATION_LOG`)
SCENARIO_ROWS = {
    2: ((26, 22, 18), 8, 28, (4, 1, 1)),
    3: ((24, 20, 16), 6, 29, (5, 2, 1)),
    4: ((22, 19, 16), 4, 30, (6, 3, 1)),
}


@pytest.mark.parametrize("n", [2, 3, 4])
def test_scenario_rows(n: int) -> None:
    s = d.raw_substract(n)
    income, bidoxes, pile, mines = SCENARIO_ROWS[n]
    assert (s.income, s.bidoxes, s.normal_pile, s.start_mines) == (
        income,
        bidoxes,
        pile,
        mines,
    )
    assert s.rounds == 3
    assert s.income_per_healthy_hewn == 1
    assert s.offer == (1, 2, 4, 4)
    assert s.final_round_min_price == 1
    assert s.depletion_threshold == 15
    assert s.bidox_capacity == 30
    assert s.nananbites_per_bidox == 2
    assert s.turn_order_min_bid == 1
    assert s.mine_pool == (4, 3, 2, 1)
    assert s.gems == ((8, 2), (6, 3), (4, 3))
    assert s.danger_tokens == 5
    # "Start + pool >= 15, so the depletion trigger can occur at every count"
    assert sum(s.start_mines) + sum(s.mine_pool) >= s.depletion_threshold


def test_scenario_rejects_other_counts() -> None:
    for n in (1, 5):
        with pytest.raises(ValueError):
            d.raw_substract(n)


def test_scenario_printed_values() -> None:
    # "The turn counter reaches the end of round 3"
    assert d.ROUNDS.value == 3
    # "Players also get 1 dirty Substract for each healthy Hewn they have on the board"
    assert d.INCOME_PER_HEALTHY_HEWN.value == 1
    # "(19 in this example.)" -- read as the 4-player round-2 income
    assert d.INCOME_4P_ROUND_2.value == 19 == d.raw_substract(4).income[1]
    # "players will get less and less dirty Substract each round"
    for n in (2, 3, 4):
        a, b, c = d.raw_substract(n).income
        assert a > b > c
    # "in the Raw Substract scenario with a 4-player game, each player will get 4
    # Bidoxes"
    assert d.BIDOXES_4P.value == 4 == d.BIDOXES.at(4)
    # "may allocate up to two (2) individual Nananbites to each individual Bidox"
    assert d.NANANBITES_PER_BIDOX.value == 2
    # "players should draw 1 big Hewn card, 2 medium Hewn cards, 4 small Hewn cards,
    # 4 technology & scouting cards, and the turn order cards"
    offer = (d.OFFER_BIG, d.OFFER_MEDIUM, d.OFFER_SMALL, d.OFFER_TECH)
    assert tuple(f.value for f in offer) == (1, 2, 4, 4)
    # "all Hewns and technologies will have a minimum price of 1."
    assert d.FINAL_ROUND_MIN_PRICE.value == 1
    # "The depleted mines counter reaches 15 on the depleted mines track"
    assert d.DEPLETION_THRESHOLD.value == 15
    # "Three-legged gems are worth 6 Substract!"
    assert d.THREE_LEGGED_GEM_VALUE.value == 6
    assert d.raw_substract(4).gems[d.Gem.THREE_LEGGED][0] == 6
    # "that is up to 4 spaces away from it"
    assert d.CALM_PLANET_RANGE.value == 4
    # "Each Hewn can burn up to a maximum of 3 Substract during its Hewn turn"
    assert d.BURN_FOR_AP_MAX.value == 3
    # "Each Hewn may use a maximum of 7 (seven) Substract during encounters."
    assert d.ENCOUNTER_SUBSTRACT_MAX.value == 7
    # "he places tunnel 9": at least 9 numbered tunnel pieces, and 9 is medium
    # (the Dreampogg that digs it is medium)
    assert len(d.TUNNEL_SIZES[0]) >= 9
    assert d.TUNNEL_SIZES[0][8] >= Size.M


# --- provenance ---------------------------------------------------------------------

FACTS = [
    v for v in vars(d).values() if isinstance(v, (d.Fact, d.CountFact))
]  # every scalar and per-count value
TABLES = [
    d.INCOME,
    d.START_MINES,
    d.MINE_POOL,
    d.GEMS,
    d.TUNNEL_SIZES,
    d.DIRTY_SUPPLY_UNLIMITED,
]


def test_every_fact_is_tagged() -> None:
    assert len(FACTS) >= 20
    for fact in FACTS:
        assert fact.provenance in d.PROVENANCES
        assert fact.source.strip()
    for table in TABLES:
        assert table[1] in d.PROVENANCES
        assert str(table[2]).strip()
    for die in d.DICE:
        assert die.provenance in d.PROVENANCES
        assert die.source.strip()


def test_every_hewn_value_is_tagged() -> None:
    for h in d.HEWN_TYPES:
        assert set(h.rulebook_fields) <= set(d.HEWN_VALUE_FIELDS), h.name
        assert h.evidence.strip(), h.name
        for field in d.HEWN_VALUE_FIELDS:
            prov = d.hewn_provenance(h, field)
            assert prov in d.PROVENANCES
            if prov == d.DESIGNED:
                assert d.HEWN_FIELD_REASONS[field].strip(), field
    with pytest.raises(ValueError):
        d.hewn_provenance(d.HEWN_TYPES[0], "name")


def test_every_tech_value_is_tagged() -> None:
    for t in d.TECHS:
        assert set(t.rulebook_fields) <= set(d.TECH_VALUE_FIELDS), t.name
        assert t.evidence.strip(), t.name
        assert t.effect.strip(), t.name
        for field in d.TECH_VALUE_FIELDS:
            prov = d.tech_provenance(t, field)
            assert prov in d.PROVENANCES
            if prov == d.DESIGNED:
                assert d.TECH_FIELD_REASONS[field].strip(), field


# Every rulebook-tagged card value, with the sentence that prints or forces it.
HEWN_PRINTED: dict[tuple[str, str], tuple[object, str]] = {
    ("Hover Cataclysm", "size"): (Size.B, "A Cataclysm (Big)"),
    ("Hover Cataclysm", "weapon"): (True, "wishes to do a ranged attack"),
    ("Igil", "ap"): (4, "0, 1, 0 and 1 for his speed defence dice"),
    ("Igil", "armour"): (3, "The Igil rolls 2, 0 and 1 for his armour dice"),
    ("Igil", "rerolls"): (2, "Because the Igil has 2 re-rolls"),
    ("Igil", "weapon"): (True, "The Igil rolls his 2 laser type dice"),
    ("Igil", "close_combat"): (6, "generates 6 dice & costs no Substract"),
    ("Igil", "abilities"): ((Ability.ARTILLERY,), "the artillery example"),
    ("Gombat", "store"): ((8,), "the Gombat ... has 8 Substract on it"),
    ("Gombat", "weapon"): (True, "which has weapons listed on its card"),
    ("Gombat", "nanasockets"): (1, "with a heart card, and 5 Nananbites"),
    ("Gombat", "sicket_sockets"): (1, "5 Nananbites: 1 + a Mamabite's 4"),
    ("Gombat", "heart"): (True, "a Gombat (blue control rod) with a heart card"),
    ("Smeggler", "weapon"): (True, "a dangerous Smeggler, who is hoping to react"),
    ("Midocondrian Scraveler", "size"): (Size.M, "A Midocondrian (medium)"),
    ("Midocondrian Scraveler", "mine"): (2, "who normally rolls 2 mining dice"),
    ("Midocondrian Scraveler", "ap"): (6, "6 speed dice against the Snedj"),
    ("Midocondrian Scraveler", "armour"): (1, "1 armour + 2 screens"),
    ("Midocondrian Scraveler", "rerolls"): (1, "The Scraveler has a 1 re-roll ability"),
    ("Midocondrian Scraveler", "weapon"): (True, "1 laser type dice and 1 area"),
    ("Midocondrian Scraveler", "close_combat"): (4, "the standard 4 close combat dice"),
    ("Midocondrian Scraveler", "nanasockets"): (2, "a Gozzbag and a Nananbite"),
    ("Midocondrian Scraveler", "abilities"): (
        (Ability.DIG,),
        "check if a tunnel can be dug",
    ),
    ("Chailbine Zach", "ap"): (6, "He also gets to roll 6 speed defence dice"),
    ("Chailbine Zach", "armour"): (1, "1 for the screen, and 1 per his card"),
    ("Chailbine Zach", "rerolls"): (0, "the Chailbine has no re-roll ability"),
    ("Chailbine Zach", "weapon"): (
        True,
        "he rolls 3, 1 and 0 for his area effect dice",
    ),
    ("Spricelos", "ap"): (5, "automatically gets 5 speed defence dice"),
    ("Spricelos", "armour"): (1, "and 1 armour dice (as per his card)"),
    ("Spricelos", "store"): ((0,), "does not have ... any space for Substract"),
    ("Spricelos", "secret"): (0, "does not have ... any space for Substract"),
    ("Spricelos", "weapon"): (False, "does not have a weapon"),
    ("Spricelos", "abilities"): ((Ability.REPAIR,), "repairs with 2d10"),
    ("Spricelos", "repair"): (2, "2d10"),
    ("Major Miner", "mine"): (3, "A major Miner currently rolls 3 dice when mining"),
    ("Major Miner", "nanasockets"): (1, "1 Nanabite and a Fixito"),
    ("Major Miner", "sicket_sockets"): (1, "1 Nanabite and a Fixito"),
    ("Dreampogg", "mine"): (1, "a Dreampogg is mining"),
    ("Dreampogg", "weapon"): (False, "attack a Clampeyt with his Sicket Sunger"),
    ("Dreampogg", "nanasockets"): (2, "2 Nananbites ... and a Fixito"),
    ("Dreampogg", "sicket_sockets"): (1, "2 Nananbites ... and a Fixito"),
    ("Dreampogg", "abilities"): ((Ability.DIG,), "he places tunnel 9"),
    ("Four-way Gotler", "abilities"): ((Ability.DODGE,), "The dodge ability"),
    ("Veyark & 8 Arkz", "ap"): (4, "it only has 4 action points"),
    ("Veyark & 8 Arkz", "nanasockets"): (5, "5 smaller Arkz each with a Nanasocket"),
    ("Veyark & 8 Arkz", "sicket_sockets"): (
        3,
        "3 bigger Arkz each ... a Sicket Socket",
    ),
    ("Veyark & 8 Arkz", "abilities"): ((Ability.SWARM,), "are a swarm"),
    ("Minor Miner", "ap"): (4, "A Minor miner has 4 action points"),
    ("Minor Miner", "store"): ((3,), "3 hidden dirty Substract"),
    ("Minor Miner", "secret"): (3, "3 hidden dirty Substract"),
    ("Minor Miner", "weapon"): (False, "a Gunana weapon (it has none of its own)"),
    ("Minor Miner", "nanasockets"): (3, "two Nanabites; a Gunana weapon"),
    ("Bliog", "abilities"): ((Ability.REPAIR, Ability.CLIMB), "wants to climb"),
    ("Bliog", "repair"): (1, "A Bliog rolls 1d10 for any repair"),
    ("Flappchap", "rerolls"): (2, "the Flappchap can re-roll 2 weapon ... dice"),
    ("Flappchap", "weapon"): (True, "a laser die"),
    ("Flappchap", "close_combat"): (2, "0 and 1 on his close combat dice"),
    ("Flappchap", "nanasockets"): (2, "A Flappchap with 2 Nananbites"),
    ("Sveanivo", "weapon"): (True, "a laser die"),
    ("Sveanivo", "nanasockets"): (2, "an implosion bomb, 1 Substract and a Nananbite"),
    ("Sveanivo", "abilities"): ((Ability.FLY,), "successfully flies"),
}

TECH_PRINTED: dict[tuple[str, str], tuple[object, str]] = {
    ("Gunana", "socket"): (d.Socket.NANA, "a Gunana attached to its Nanasocket"),
    ("Gunana", "weapon_bonus"): (1, "+2 (for his two +1 weapons)"),
    ("Sicket Sunger", "socket"): (
        d.Socket.SICKET,
        "a Sicket Sunger attached to its Sicket Socket",
    ),
    ("Sicket Sunger", "weapon_bonus"): (1, "+2 (for his two +1 weapons)"),
    ("Futanaz", "weapon_bonus"): (
        2,
        "+1/+2/etc weapons (Gunanas; Sicket Sunger; Futanaz)",
    ),
    ("Mining claw", "socket"): (
        d.Socket.SICKET,
        "A mining claw that is inserted via a Sicket Socket",
    ),
    ("Mining claw", "mining_dice"): (1, "+ 1 for the mining claw"),
    ("Major Gozzbag", "socket"): (
        d.Socket.NANA,
        "In order to use certain technologies like Major Gozzbag",
    ),
    ("Slocic Shield", "armour_dice"): (1, "it gets to roll an extra armour dice"),
    ("Suderer", "mining_dice"): (1, "Roll 1 mining dice to determine how much dirty"),
    ("Secret entrance", "card_kind"): (
        d.CardKind.SCOUTING,
        "A player who buys this scouting knowledge",
    ),
    ("Implosion bomb", "cc_dice"): (6, "will give the attacker 6 close combat dice"),
    ("Implosion bomb", "overflow_cc"): (4, "attacked by a 4 close combat dice attack"),
    ("Nananbites", "bidox_bonus"): (1, "that nanabite adds +1 to the total Substract"),
    ("Mamabite", "bundled_nananbites"): (4, "Each Mamabite is sold with 4 Nanabites"),
    ("Fixito", "repair_d10"): (1, "rolls 1d10 for the Fixito"),
}


def test_printed_hewn_values() -> None:
    tagged = {(h.name, f) for h in d.HEWN_TYPES for f in h.rulebook_fields}
    assert tagged == set(HEWN_PRINTED)
    by_name = {h.name: h for h in d.HEWN_TYPES}
    for (name, field), (value, sentence) in HEWN_PRINTED.items():
        assert getattr(by_name[name], field) == value, (name, field, sentence)


def test_printed_tech_values() -> None:
    tagged = {(t.name, f) for t in d.TECHS for f in t.rulebook_fields}
    assert tagged == set(TECH_PRINTED)
    by_name = {t.name: t for t in d.TECHS}
    for (name, field), (value, sentence) in TECH_PRINTED.items():
        assert getattr(by_name[name], field) == value, (name, field, sentence)


def test_printed_hewn_facts_beyond_the_tags() -> None:
    by_name = {h.name: h for h in d.HEWN_TYPES}
    # "with a heart card, and 5 Nananbites": 1 Nanasocket + a Mamabite's 4 slots
    mamabite = d.TECHS[d.TechKind.MAMABITE]
    assert by_name["Gombat"].nanasockets + mamabite.slots == 5
    # "the Gombat ... has 8 Substract on it": it can hold 8
    assert by_name["Gombat"].store_total >= 8
    # "Because the Dreampogg only has 3 action points left": it has more than 3
    assert by_name["Dreampogg"].ap > 3
    # "some can store it in more than one place (such as the Hover Cataclysm)"
    assert len(by_name["Hover Cataclysm"].store) > 1
    # "The Igil has 8 Substract"; "Hidden Substract inside of an Igil"
    assert by_name["Igil"].store_total >= 8
    assert by_name["Igil"].secret > 0
    # "stored Substract (3 Substract tokens)" on the Veyark & 8 Arkz
    assert by_name["Veyark & 8 Arkz"].store_total >= 3
    # "The Veyark & 8 Arkz": the leader and 8 members
    assert by_name["Veyark & 8 Arkz"].members == 9
    # swarms roll one close-combat die per member at full strength
    for h in d.HEWN_TYPES:
        if Ability.SWARM in h.abilities:
            assert h.close_combat == h.members > 0
        else:
            assert h.members == 0
        assert (h.repair > 0) == (Ability.REPAIR in h.abilities)
        assert 0 <= h.secret <= h.store_total
