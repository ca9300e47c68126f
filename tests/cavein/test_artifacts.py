"""The 24 artifact halves, one test each, named `test_<half>` after `data.Art`.

Each test's docstring quotes the half's text from `data.ARTIFACT_HALVES` (a test
at the end checks that it does, for all 24). Scoring halves are checked through
`score_breakdown` on rigged holdings; start-of-turn, raid and passive halves by
playing through `legal_actions` / `apply_action` on positions built with the
`scenario` helpers. Artifact stacks: 0 = cost 4, 1 = cost 6, 2 = cost 8.
"""

from __future__ import annotations

from typing import Any

import pytest
from cavein.rigging import MINE_LAYOUT, assert_illegal, do, names, pay

from scavenger_env.cavein.engine import (
    GameConfig,
    GameState,
    Phase,
    final_scores,
    legal_actions,
    score_breakdown,
)
from scavenger_env.cavein.engine.actions import (
    COLLECT,
    CONFIRM,
    DONE,
    END_TURN,
    MINE,
    PICK_DOCKS,
    PICK_MINE,
    RAID,
    RECRUIT,
    USE,
)
from scavenger_env.cavein.engine.data import (
    ARTIFACT_CARDS,
    ARTIFACT_HALVES,
    Art,
    Colour,
)
from scavenger_env.cavein.engine.scenario import (
    crystal,
    give_artifact,
    give_crystals,
    restart_turn,
    scenario,
    set_base,
    set_docks,
    set_hand,
    set_mine,
    set_totem,
    take_card,
)

#: brown, blue, purple, yellow are in play; red and green are Wild.
FACTIONS = ("terron", "hy'dran", "mineggler", "metanel")
#: Seven hand cards that no test targets.
FILLER = ["Driller"] * 4 + ["Frogt'Opus"] * 3


# --- helpers -------------------------------------------------------------------


def rig(
    *,
    players: int = 2,
    arts: dict[int, list[Art]] | None = None,
    hand: list[str] | None = None,
    bases: dict[int, list[str]] | None = None,
    docks: dict[int, str] | None = None,
) -> GameState:
    """Seat 0 to move at step 1.1: empty hands elsewhere, no Totems held, a known
    Mine, and the given artifacts (so that start-of-turn ones are offered)."""
    s = scenario(GameConfig(num_players=players, factions=FACTIONS))
    for p in range(players):
        set_hand(s, p, [])
    for faction in FACTIONS:
        set_totem(s, faction, -1)
    set_mine(s, MINE_LAYOUT)
    for p, specs in (bases or {}).items():
        set_base(s, p, specs)
    set_hand(s, 0, hand or [])
    set_docks(s, docks or {})
    for p, halves in (arts or {}).items():
        for art in halves:
            give_artifact(s, p, art)
    restart_turn(s, 0)
    assert names(s, s.players[0].hand) == (hand or [])
    for p, specs in (bases or {}).items():
        assert names(s, s.players[p].base) == specs
    return s


def holder(*arts: Art, crystals: tuple[str, ...] = (), **rigging: Any) -> GameState:
    """Seat 0 holds `arts` and the named crystals (for the scoring halves)."""
    s = rig(arts={0: list(arts)}, **rigging)
    give_crystals(s, 0, list(crystals))
    return s


def artifact_vp(s: GameState, p: int = 0) -> int:
    return score_breakdown(s, p).artifacts


def mine_actions(s: GameState) -> list[int]:
    return [a - MINE for a in legal_actions(s) if MINE <= a < COLLECT]


# --- Scoring halves ---------------------------------------------------------------


def test_space_exchange() -> None:
    """Space Exchange: "Worth 2 VP for each Artifact you have, including this
    one." """
    s = holder(Art.SPACE_EXCHANGE, Art.GUILD_CHARTER, Art.FIELD_KITCHEN)
    assert artifact_vp(s) == 6


def test_contract() -> None:
    """Contract: "1 VP for each Crystal of one colour, chosen at scoring." The
    best colour is chosen."""
    crystals = ("green c1a", "green c3a", "green c6a", "blue c1a", "blue c1b")
    s = holder(Art.CONTRACT, crystals=crystals)
    assert artifact_vp(s) == 3


def test_pebble_purse() -> None:
    """Pebble Purse: "1 VP for each Crystal with a mining cost of 1." """
    s = holder(Art.PEBBLE_PURSE, crystals=("red c1a", "blue c1d", "red c3a"))
    assert artifact_vp(s) == 2  # the 0 VP cost-1 crystal counts too


def test_wardens_ledger() -> None:
    """Warden's Ledger: "1 VP for each Mercenary you have subjugated." """
    s = holder(Art.WARDENS_LEDGER)
    s.players[0].subjugated = [take_card(s, "Sergeant"), take_card(s, "Driller")]
    assert artifact_vp(s) == 2  # per card, not per level
    assert score_breakdown(s, 0).subjugated == 4


def test_mass_production() -> None:
    """Mass production: "Worth 2 VP for each set of three Crystals you own." (FAQ:
    any three crystals make a set)."""
    crystals = ("red c1a", "red c1b", "blue c3a", "blue c6a", "green c10")
    s = holder(Art.MASS_PRODUCTION, crystals=(*crystals, "red c3a", "green c1a"))
    assert artifact_vp(s) == 4  # 7 crystals: two sets


def test_totem_shrine() -> None:
    """Totem Shrine: "2 VP for each Faction Totem you hold." """
    s = holder(Art.TOTEM_SHRINE)
    set_totem(s, "brown", 0)
    set_totem(s, "yellow", 0)
    set_totem(s, "blue", 1)
    assert artifact_vp(s) == 4
    assert score_breakdown(s, 0).totems == 6  # the Totems' own 3 VP each


def test_barking_up_the_right_three() -> None:
    """Barking up the Right Three: "3 VP for each pair of Crystals with a mining
    cost of 3." """
    crystals = ("red c3a", "blue c3b", "green c3c", "red c6a")
    s = holder(Art.BARKING_UP_THE_RIGHT_THREE, crystals=crystals)
    assert artifact_vp(s) == 3  # three cost-3 crystals: one pair


def test_rulebook_scoring_example_with_barking_and_contract() -> None:
    """ "John scores 22 Victory Points from his Crystals [...] He scores 8 VP for
    symbols [...] "Barking up the Right Three" gives him 3 points for each pair
    of Crystals with a mining cost of 3 (he has one pair), and "Contract" gives
    him 1 additional point for each Crystal of a chosen color. John has three
    green Crystals [...] John's final score is 36 VP (22 + 8 + 6)." """
    crystals = (
        *("green c6a", "green c3a", "green c1c"),
        *("red c6a", "yellow c1d", "blue c3c", "blue c1a", "brown c1b"),
    )
    s = holder(Art.BARKING_UP_THE_RIGHT_THREE, Art.CONTRACT, crystals=crystals)
    b = score_breakdown(s, 0)
    assert (b.crystals, b.symbols, b.artifacts) == (22, 8, 6)
    assert final_scores(s)[0] == 36


def test_hoard_of_colours() -> None:
    """Hoard of Colours: "1 VP for each colour among your Crystals." """
    crystals = ("brown c1a", "blue c1a", "blue c3a", "red c10")
    s = holder(Art.HOARD_OF_COLOURS, crystals=crystals)
    assert artifact_vp(s) == 3


def test_core_sample() -> None:
    """Core Sample: "3 VP for each Crystal with a mining cost of 10." """
    s = holder(Art.CORE_SAMPLE, crystals=("red c10", "green c10", "red c6a"))
    assert artifact_vp(s) == 6


def test_crew_roster() -> None:
    """Crew Roster: "1 VP for each card in your Base." """
    s = holder(Art.CREW_ROSTER, bases={0: ["Driller", "Foreman", "Drollo", "Colonel"]})
    assert artifact_vp(s) == 4


@pytest.mark.parametrize(("target", "vp"), [(1, 2), (0, 0)])
def test_trophy_wall(target: int, vp: int) -> None:
    """Trophy Wall: "2 VP for each opponent's Base you Raided (at most 8 VP)."
    Raiding your own Base does not count."""
    s = rig(
        arts={0: [Art.TROPHY_WALL]},
        bases={0: ["Drollo", "Oddgrabber"], 1: ["Driller", "Foreman"]},
    )
    do(s, DONE, RAID + target)
    assert artifact_vp(s) == vp
    s.players[0].raids = 5  # rigged: five Raids on opponents
    assert artifact_vp(s) == 8


def test_veterans_medal() -> None:
    """Veteran's Medal: "1 VP for each level 4 Mercenary in your hand and
    Base." """
    s = holder(
        Art.VETERANS_MEDAL,
        hand=["Colonel", "Driller"],
        bases={0: ["Mu'Shell", "Sergeant", "Maccarat"]},
    )
    s.players[0].subjugated = [take_card(s, "Scrabber")]  # not in hand or Base
    assert artifact_vp(s) == 3


def test_geode_cutter() -> None:
    """Geode Cutter: "2 VP for each Crystal with a mining cost of 6." """
    s = holder(Art.GEODE_CUTTER, crystals=("red c6a", "green c6b", "red c3a"))
    assert artifact_vp(s) == 4


def test_prism_lens() -> None:
    """Prism Lens: "1 VP for each Crystal with a Cave-In symbol." """
    crystals = ("red c3c", "green c6b", "red c10", "red c1a", "red c3a")
    s = holder(Art.PRISM_LENS, crystals=crystals)
    assert artifact_vp(s) == 3


# --- Start-of-turn halves ---------------------------------------------------------


def test_third_cyber_arm() -> None:
    """Third Cyber-arm: "At the beginning of your turn, take the bottom card from
    your Base." """
    s = rig(
        arts={0: [Art.THIRD_CYBER_ARM]}, bases={0: ["Driller", "Foreman", "Colonel"]}
    )
    assert s.phase == Phase.START_ARTIFACT
    assert legal_actions(s) == [DONE, USE]
    assert_illegal(s, PICK_DOCKS + 0)
    do(s, USE)
    assert names(s, s.players[0].hand) == ["Driller"]
    assert names(s, s.players[0].base) == ["Foreman", "Colonel"]
    assert s.phase == Phase.START_LEADER  # then step 1.2


@pytest.mark.parametrize(
    ("hand", "base"),
    [(FILLER, ["Driller", "Colonel"]), ([], ["Colonel"])],
    ids=["at the hand limit", "only a Leader"],
)
def test_third_cyber_arm_cannot_be_used(hand: list[str], base: list[str]) -> None:
    """Third Cyber-arm: "If you are already at your hand limit, you cannot use
    this ability. Also, if your Base only has one card (your Leader), you cannot
    use this ability." """
    s = rig(arts={0: [Art.THIRD_CYBER_ARM]}, hand=hand, bases={0: base})
    assert s.phase == Phase.START_LEADER  # the artifact is not offered
    assert names(s, s.players[0].base) == base


def test_recruiters_whistle() -> None:
    """Recruiter's Whistle: "At the beginning of your turn, take a level 1
    Mercenary from the Docks." """
    docks = {0: "Driller", 1: "Frogt'Opus", 2: "Mineraccoon", 3: "Oddgrabber"}
    s = rig(arts={0: [Art.RECRUITERS_WHISTLE]}, docks=docks)
    assert legal_actions(s) == [DONE] + [PICK_DOCKS + i for i in range(4)]
    assert_illegal(s, USE)  # the Whistle names its card
    assert_illegal(s, PICK_DOCKS + 4)  # a level 2
    do(s, PICK_DOCKS + 2)
    assert names(s, s.players[0].hand) == ["Mineraccoon"]
    assert s.docks[2] == -1
    assert s.phase == Phase.ACTION  # no Base, so no Leader step

    s = rig(arts={0: [Art.RECRUITERS_WHISTLE]}, hand=FILLER, docks=docks)
    assert s.phase == Phase.ACTION  # at the hand limit it is not offered


def test_overseers_whip() -> None:
    """Overseer's Whip: "At the beginning of your turn, subjugate the bottom card
    of your Base." Never the Leader."""
    s = rig(
        arts={0: [Art.OVERSEERS_WHIP]}, bases={0: ["Sergeant", "Driller", "Colonel"]}
    )
    assert legal_actions(s) == [DONE, USE]
    do(s, USE)
    assert names(s, s.players[0].subjugated) == ["Sergeant"]
    assert names(s, s.players[0].base) == ["Driller", "Colonel"]
    assert score_breakdown(s, 0).subjugated == 3

    s = rig(arts={0: [Art.OVERSEERS_WHIP]}, bases={0: ["Colonel"]})
    assert s.phase == Phase.START_LEADER  # only a Leader: not offered


# --- Raid halves -------------------------------------------------------------------


def test_baton_of_coaxing() -> None:
    """Baton of Coaxing: "For each Base you Raid, take a Crystal from the Mine."
    Any crystal; taken, not mined, so its Cave-In symbol does not move the track
    (`skill_crystals_cave_in` is off)."""
    s = rig(arts={0: [Art.BATON_OF_COAXING]}, bases={1: ["Driller", "Foreman"]})
    do(s, RAID + 1)
    assert legal_actions(s) == [DONE] + [PICK_MINE + i for i in range(10)]
    do(s, PICK_MINE + 9)
    assert s.players[0].crystals == [crystal("yellow c10")]
    assert s.cave_in == 0
    assert s.phase == Phase.ACTION
    assert legal_actions(s) == [END_TURN]


def test_baton_of_coaxing_with_enhanced_vision_gives_two_crystals() -> None:
    """Clarification: "Baton of Coaxing – If you also possess Enhanced Vision,
    you get to take a Crystal from below the Game Board for each Base you
    Raid." """
    s = rig(
        players=3,
        arts={0: [Art.BATON_OF_COAXING, Art.ENHANCED_VISION]},
        bases={1: ["Driller", "Foreman"], 2: ["Frogt'Opus", "Fish'Bean"]},
    )
    do(s, RAID + 1, PICK_MINE + 0)  # the first Base's crystal
    assert legal_actions(s) == [DONE, RAID + 2]
    do(s, RAID + 2, PICK_MINE + 1)  # the second Base's crystal
    assert s.players[0].crystals == [crystal("yellow c1a"), crystal("blue c1a")]
    assert names(s, s.players[0].hand) == ["Driller", "Frogt'Opus"]
    assert s.phase == Phase.ACTION


def test_enhanced_vision() -> None:
    """Enhanced Vision: "When Raiding, you may Raid a second different Base right
    after the first, even at your hand limit." """
    s = rig(
        players=3,
        arts={0: [Art.ENHANCED_VISION]},
        hand=FILLER,
        bases={1: ["Driller", "Foreman"], 2: ["Frogt'Opus", "Fish'Bean"]},
    )
    do(s, RAID + 1)
    assert legal_actions(s) == [DONE, RAID + 2]  # not Base 1 again
    assert_illegal(s, RAID + 1)
    do(s, RAID + 2)
    assert names(s, s.players[2].hand) == ["Fish'Bean"]  # the Leader goes home
    assert s.totem_owner[Colour.BLUE] == 0  # and its Totem comes to the raider
    assert len(s.players[0].hand) == 7  # no cards at the hand limit
    assert legal_actions(s) == [END_TURN]


@pytest.mark.parametrize(
    ("arts", "taken", "left"),
    [
        ([Art.BOLTED_LOCKER], ["Oddgrabber", "Mineraccoon"], ["Driller", "Frogt'Opus"]),
        ([], ["Oddgrabber", "Mineraccoon", "Frogt'Opus", "Driller"], []),
    ],
    ids=["locked", "unlocked"],
)
def test_bolted_locker(arts: list[Art], taken: list[str], left: list[str]) -> None:
    """Bolted Locker: "A player who Raids your Base takes at most 2 cards from
    it." """
    victim_base = ["Driller", "Frogt'Opus", "Mineraccoon", "Oddgrabber", "Foreman"]
    s = rig(arts={1: arts}, bases={1: victim_base})
    do(s, RAID + 1)
    assert names(s, s.players[0].hand) == taken
    assert names(s, s.players[1].base) == left
    assert names(s, s.players[1].hand) == ["Foreman"]


# --- Passive halves -----------------------------------------------------------------


@pytest.mark.parametrize("has_charter", [True, False])
def test_guild_charter(has_charter: bool) -> None:
    """Guild Charter: "Artifacts cost you 2 less to Collect." """
    arts = [Art.GUILD_CHARTER] if has_charter else []
    s = rig(arts={0: arts}, hand=["Fish'Bean", "Driller"])
    top = s.artifact_stacks[0][-1]  # cost 4; levels 2 + 1 reach only 3
    assert (COLLECT + 0 in legal_actions(s)) is has_charter
    if has_charter:
        do(s, COLLECT + 0, pay("Fish'Bean"), CONFIRM)  # 4 - 2 = 2
        assert s.players[0].artifacts[-1] == ARTIFACT_CARDS[top].halves[0]
        assert names(s, s.players[0].hand) == ["Driller"]


def test_pneumatic_pick() -> None:
    """Pneumatic Pick: "Crystals cost you 1 less to Mine." """
    s = rig(hand=["Drollo"])
    assert mine_actions(s) == [0]  # the yellow cost 1
    s = rig(arts={0: [Art.PNEUMATIC_PICK]}, hand=["Drollo"])
    assert mine_actions(s) == [0, 1, 2, 3, 4]  # cost 1 is free, yellow 3 costs 2
    do(s, MINE + 2)
    assert s.phase == Phase.ACTION  # no card paid
    assert s.players[0].crystals == [crystal("brown c1a")]


@pytest.mark.parametrize("has_kitchen", [True, False])
def test_field_kitchen(has_kitchen: bool) -> None:
    """Field Kitchen: "Your hand limit is 8." """
    arts = [Art.FIELD_KITCHEN] if has_kitchen else []
    s = rig(arts={0: arts}, hand=FILLER, bases={1: ["Sergeant", "Drollo", "Foreman"]})
    assert (RECRUIT + 0 in legal_actions(s)) is has_kitchen
    do(s, RAID + 1)
    assert len(s.players[0].hand) == (8 if has_kitchen else 7)


@pytest.mark.parametrize(
    ("arts", "payable"),
    [
        ([Art.QUARTERMASTER], ["Driller", "Fish'Bean", "Shu'War"]),
        ([], ["Shu'War"]),
    ],
)
def test_quartermaster(arts: list[Art], payable: list[str]) -> None:
    """Quartermaster: "To Recruit, you may play one card of any level up to the
    one required." """
    s = rig(
        arts={0: arts},
        hand=["Driller", "Fish'Bean", "Shu'War", "Mu'Shell"],
        docks={9: "Colonel"},
    )
    do(s, RECRUIT + 9)
    assert legal_actions(s) == [pay(n) for n in payable]  # never the level 4
    do(s, pay(payable[0]), CONFIRM)
    assert "Colonel" in names(s, s.players[0].hand)


# --- Collecting -----------------------------------------------------------------------


@pytest.mark.parametrize(
    ("gone", "cave_in"),
    [
        ((Art.THIRD_CYBER_ARM, Art.CONTRACT, Art.RECRUITERS_WHISTLE), 1),
        ((Art.THIRD_CYBER_ARM, Art.CONTRACT), 0),
    ],
    ids=["fourth card", "third card"],
)
def test_collecting_the_last_card_of_a_stack_is_a_cave_in(
    gone: tuple[Art, ...], cave_in: int
) -> None:
    """ "When an Artifact stack is empty, i.e. if you have just taken the fourth
    Artifact from a stack, move the Cave-In token one step to the right" and
    "choose one of the two Artifacts [...] This decision must be made at the
    moment you Collect the Artifact and cannot be changed later." """
    s = rig(arts={1: list(gone)}, hand=["Colonel"])
    top = s.artifact_stacks[0][-1]
    do(s, COLLECT + 1, pay("Colonel"), CONFIRM)  # keep the second half
    assert s.players[0].artifacts == [ARTIFACT_CARDS[top].halves[1]]
    assert len(s.artifact_stacks[0]) == 3 - len(gone)
    assert s.cave_in == cave_in


# --- Coverage ---------------------------------------------------------------------------


def _flat(text: str | None) -> str:
    return " ".join((text or "").split())


@pytest.mark.parametrize("half", ARTIFACT_HALVES, ids=lambda h: h.name)
def test_every_half_has_a_test_quoting_its_text(half: Any) -> None:
    """Each of the 24 halves has `test_<name>` here, and its docstring quotes the
    half's text from `data.ARTIFACT_HALVES`."""
    test = globals()[f"test_{half.art.name.lower()}"]
    assert _flat(half.text) in _flat(test.__doc__)
