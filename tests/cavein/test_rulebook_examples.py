"""The rulebook's worked examples, replayed on rigged positions.

Each test builds a position with the `scenario` helpers and then plays only
through `legal_actions` / `apply_action`. Its docstring quotes the rulebook
(`shared/rules/cave-in-rulebook-en.txt`). Crystals follow the research default
set (`shared/research/cave-in-components.md`, §2.3): ten tokens per colour,
named by template (c1a..c1d, c3a..c3c, c6a, c6b, c10).

With `factions="first_game"` the Terrons (brown), Hy'drans (blue), Minegglers
(purple) and Metanels (yellow) are in play. Bioss (red) and Weedlock (green)
crystals are therefore Wild.
"""

from __future__ import annotations

import pytest
from cavein.rigging import do, names, pay, skill

from scavenger_env.cavein.engine import (
    GameConfig,
    GameState,
    IllegalActionError,
    Phase,
    apply_action,
    final_scores,
    legal_actions,
    score_breakdown,
    winners,
)
from scavenger_env.cavein.engine.actions import (
    COLLECT,
    CONFIRM,
    DONE,
    END_TURN,
    MINE,
    PICK_DOCKS,
    RAID,
    RECRUIT,
    USE,
)
from scavenger_env.cavein.engine.data import CRYSTAL_TIER, Art
from scavenger_env.cavein.engine.scenario import (
    card_type_name,
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
)

JOHN, KATE, LUKE, MARK = 0, 1, 2, 3
#: `allow_pass`: the examples skip the other players' turns with END_TURN.
FIRST_GAME_4P = GameConfig(num_players=4, factions="first_game", allow_pass=True)
IN_PLAY_COLOURS = ("brown", "blue", "purple", "yellow")

# Docks slots: 0-3 hold level 1, 4-6 level 2, 7-8 level 3, 9 level 4.
# Mine slots: 0-3 hold cost 1, 4-6 cost 3, 7-8 cost 6, 9 cost 10.
# Artifact stacks (research default): 0 = cost 4, 1 = cost 6, 2 = cost 8.


# --- helpers -------------------------------------------------------------------


def no_totems(s: GameState) -> None:
    """Put every in-play Faction Totem back in the supply."""
    for colour in IN_PLAY_COLOURS:
        set_totem(s, colour, -1)


def drain_merc_stack(s: GameState, level: int, keep: int) -> None:
    """Leave only `keep` cards in a Mercenary stack; the rest go to the box."""
    stack = s.merc_stacks[level - 1]
    s.removed.extend(stack[: len(stack) - keep])
    del stack[: len(stack) - keep]


def drain_crystal_stack(s: GameState, tier: int, keep: int, holder: int) -> None:
    """Leave only `keep` tokens in a Crystal stack; `holder` gets the others."""
    stack = s.crystal_stacks[tier]
    s.players[holder].crystals.extend(stack[: len(stack) - keep])
    del stack[: len(stack) - keep]


# --- Scoring -------------------------------------------------------------------


def test_scoring_example_john_scores_36() -> None:
    """ "John scores 22 Victory Points from his Crystals (6 + 4 + 1 + 6 + 3 + 0 +
    1 + 1). John has 5 symbols on his Crystals: one set of 3, and 2 sets of 1
    each. He scores 8 VP for symbols (6 + 1 + 1). John has two Artifacts:
    "Barking up the Right Three" gives him 3 points for each pair of Crystals
    with a mining cost of 3 (he has one pair), and "Contract" gives him 1
    additional point for each Crystal of a chosen color. John has three green
    Crystals, and chooses that color. In total, John scores 6 VP for his
    artifacts (3 + 3). John's final score is 36 VP (22 + 8 + 6)."

    The crystals are the research file's §2.3 mapping onto the default set.
    """
    s = scenario(GameConfig(num_players=2, factions="first_game"))
    no_totems(s)
    give_crystals(
        s,
        JOHN,
        [
            "green c6a",  # 6 VP, green symbol
            "red c3c",  # 4 VP, cost 3, Cave-In symbol only
            "green c1c",  # 1 VP, green symbol
            "blue c6a",  # 6 VP, blue symbol
            "yellow c3a",  # 3 VP, cost 3, yellow symbol
            "green c1d",  # 0 VP, green symbol
            "brown c1a",  # 1 VP
            "purple c1b",  # 1 VP
        ],
    )
    give_artifact(s, JOHN, Art.BARKING_UP_THE_RIGHT_THREE)
    give_artifact(s, JOHN, Art.CONTRACT)

    b = score_breakdown(s, JOHN)
    assert b.crystals == 22
    assert b.symbols == 8
    assert b.artifacts == 6
    assert b.totems == 0
    assert b.subjugated == 0
    assert b.total == 36
    assert final_scores(s)[JOHN] == 36


def test_scoring_example_mark_scores_13_for_symbols() -> None:
    """ "Mark has gained 6 Faction symbols during the course of the game. Two
    yellow, two blue, one green, and one red. He forms one set of 4 different
    symbols (yellow, blue, green, and red) to score 10 VP, and a second set of 2
    symbols (yellow and blue) worth 3 VP. In total, he receives 13 VP for his
    Faction symbols."
    """
    s = scenario(GameConfig(num_players=4, factions="first_game"))
    give_crystals(
        s,
        MARK,
        [
            "yellow c1c",
            "yellow c3a",
            "blue c1c",
            "blue c6a",
            "green c1d",
            "red c1c",
        ],
    )
    assert score_breakdown(s, MARK).symbols == 13


@pytest.mark.parametrize(
    ("unique", "vp"), [(1, 1), (2, 3), (3, 6), (4, 10), (5, 15), (6, 21)]
)
def test_symbol_set_table(unique: int, vp: int) -> None:
    """ "Amount of unique symbols 1 2 3 4 5 6 / Victory Points awarded 1 VP 3 VP
    6 VP 10 VP 15 VP 21 VP" """
    s = scenario(GameConfig(num_players=2, factions="first_game"))
    colours = ["brown", "blue", "purple", "yellow", "red", "green"][:unique]
    give_crystals(s, JOHN, [f"{c} c1c" for c in colours])  # c1c: symbol, 1 VP
    assert score_breakdown(s, JOHN).symbols == vp


def test_cave_in_symbols_do_not_count_as_faction_symbols() -> None:
    """FAQ: "Do Cave-In symbols count as unique symbols?" No: only Faction
    symbols do. c3c, c6b and c10 carry only a Cave-In symbol."""
    s = scenario(GameConfig(num_players=2, factions="first_game"))
    give_crystals(s, JOHN, ["blue c3c", "red c6b", "green c10", "brown c1a"])
    assert score_breakdown(s, JOHN).symbols == 0
    assert score_breakdown(s, JOHN).crystals == 4 + 7 + 12 + 1


# --- Example of gameplay ----------------------------------------------------------


def _gameplay_position() -> GameState:
    """John, Kate, Luke and Mark; Bioss is not in the game (first-game set)."""
    s = scenario(FIRST_GAME_4P, seed=3, start_player=JOHN)
    set_hand(s, JOHN, ["Fish'Bean", "Oddgrabber", "Oddgrabber"])
    set_docks(s, {4: "Drollo", 5: "Drollo", 6: "Foreman"})
    set_mine(s, {0: "red c1a", 1: "yellow c1a", 4: "yellow c3a"})
    set_totem(s, "yellow", MARK)
    restart_turn(s, JOHN)
    return s


def _johns_first_turn(s: GameState) -> None:
    do(s, MINE + 0)  # the red cost-1 crystal
    do(s, pay("Oddgrabber"), CONFIRM)
    do(s, skill("Fish'Bean"), PICK_DOCKS + 4)  # the yellow level 2
    do(s, END_TURN)


def test_gameplay_johns_first_turn() -> None:
    """ "John starts the game with one blue level 2 and two yellow level 1
    Mercenaries in his hand. On his first turn he has no Base (no Leader) or
    Artifacts, so he skips the Starting phase. In the Action phase, he decides his
    first action will be to Mine a red Crystal that has a mining cost of 1. The
    Bioss (red) faction is not being used in the game, so red Crystals are Wild
    Crystals and he can use any level 1 card to Mine it - he chooses to play a
    yellow card. As his second action, he plays a blue level 2 Mercenary to use
    its skill. This allows him to take a level 2 Mercenary from the Docks into
    his hand - he chooses a yellow one. John places the two cards that he played,
    in the order in which he played them into his Base. Therefore, the top card is
    the blue level 2 Mercenary. This is now his Leader. John's turn is over."
    """
    s = _gameplay_position()
    assert s.phase == Phase.ACTION  # no Base: the Starting phase is skipped

    do(s, MINE + 0)
    assert s.phase == Phase.PAY
    # Wild: any single colour may pay, so both the yellow 1 and the blue 2 are offered.
    assert {pay("Oddgrabber"), pay("Fish'Bean")} <= set(legal_actions(s))
    do(s, pay("Oddgrabber"))
    # ... "as long as all the cards are of the same color": blue no longer fits.
    assert pay("Fish'Bean") not in legal_actions(s)
    do(s, CONFIRM)
    assert s.players[JOHN].crystals == [crystal("red c1a")]

    do(s, skill("Fish'Bean"))
    assert s.phase == Phase.EFFECT
    assert [a - PICK_DOCKS for a in legal_actions(s) if a != DONE] == [4, 5, 6]
    do(s, PICK_DOCKS + 4)
    assert sorted(names(s, s.players[JOHN].hand)) == ["Drollo", "Oddgrabber"]

    do(s, END_TURN)
    john = s.players[JOHN]
    assert names(s, john.base) == ["Oddgrabber", "Fish'Bean"]  # Leader on top
    assert s.current_player == KATE
    assert s.turns_taken == [1, 0, 0, 0]


def test_gameplay_johns_second_turn() -> None:
    """ "On his second turn, John uses the skill of his Leader. He takes another
    yellow 2 from the Docks. Moreover, his Leader allows him to perform two
    identical actions - John wants to use that fact. He uses the yellow 2 and 1 he
    has in his hand to collect a Crystal with a mining cost of 3."
    """
    s = _gameplay_position()
    _johns_first_turn(s)
    for _ in (KATE, LUKE, MARK):
        do(s, END_TURN)

    assert s.current_player == JOHN
    assert s.phase == Phase.START_LEADER  # Leader Fish'Bean is offered
    do(s, USE)
    do(s, PICK_DOCKS + 5)  # another yellow 2
    assert sorted(names(s, s.players[JOHN].hand)) == ["Drollo", "Drollo", "Oddgrabber"]

    do(s, MINE + 4)  # the yellow cost-3 crystal (Mark holds the yellow totem)
    do(s, pay("Drollo"), pay("Oddgrabber"), CONFIRM)
    assert crystal("yellow c3a") in s.players[JOHN].crystals

    # Identical actions: a second Mine is allowed while Fish'Bean leads.
    do(s, MINE + 1, pay("Drollo"), CONFIRM)
    assert crystal("yellow c1a") in s.players[JOHN].crystals
    assert legal_actions(s) == [END_TURN]  # both actions are spent
    do(s, END_TURN)
    assert names(s, s.players[JOHN].base) == [
        "Oddgrabber",
        "Fish'Bean",
        "Drollo",
        "Oddgrabber",
        "Drollo",
    ]


def test_without_fish_bean_the_two_actions_must_differ() -> None:
    """ "Take two different actions" — the same turn as above, but with a Leader
    that does not lift the rule: a second Mine is refused."""
    s = _gameplay_position()
    set_hand(s, JOHN, ["Drollo", "Oddgrabber", "Oddgrabber"])
    restart_turn(s, JOHN)
    do(s, MINE + 4, pay("Drollo"), pay("Oddgrabber"), CONFIRM)
    assert MINE + 1 not in legal_actions(s)
    with pytest.raises(IllegalActionError, match="different"):
        apply_action(s, MINE + 1)


def _luke_position() -> GameState:
    """Kate's turn, just before she Raids Luke's Base."""
    s = scenario(FIRST_GAME_4P, seed=5, start_player=KATE)
    set_hand(s, KATE, ["Driller", "Frogt'Opus", "Mineraccoon", "Oddgrabber"])
    set_hand(s, LUKE, ["Foreman"])
    set_hand(s, MARK, [])
    set_base(
        s,
        LUKE,
        ["Driller", "Drollo", "Frogt'Opus", "Mineraccoon", "Sergeant", "Drollo"],
    )
    set_base(s, MARK, ["Diggerhino", "Shu'War"])
    set_mine(s, {0: "brown c1a"})
    set_totem(s, "yellow", LUKE)
    set_totem(s, "brown", MARK)
    restart_turn(s, KATE)
    return s


def test_gameplay_kate_raids_lukes_base() -> None:
    """ "Before the start of the third turn, Luke's Base is taken over by Kate.
    Luke returns his Leader - the yellow 2 - to his hand and Kate takes 3 cards
    from his Base (that's how many she can take before the hand limit of 7 cards
    kicks in)."
    """
    s = _luke_position()
    luke_base = list(s.players[LUKE].base)
    leader = luke_base[-1]

    do(s, RAID + LUKE)
    kate, luke = s.players[KATE], s.players[LUKE]
    assert len(kate.hand) == 7
    assert kate.hand[4:] == luke_base[-2:-5:-1]  # the 3 cards under the Leader
    assert names(s, kate.hand[4:]) == ["Sergeant", "Mineraccoon", "Frogt'Opus"]
    assert luke.hand[-1] == leader
    assert names(s, luke.hand) == ["Foreman", "Drollo"]
    assert names(s, luke.base) == ["Driller", "Drollo"]
    assert s.totem_owner[3] == KATE  # the yellow Faction Totem
    assert legal_actions(s) == [END_TURN]  # the Raid replaced both actions


def test_gameplay_lukes_turn_leader_mine_then_raid() -> None:
    """ "Luke is left with a yellow 2 as the top card of his base. He uses the
    skill of his Leader and gets a free action to mine a brown Crystal with a
    brown 2 from his hand. [...] Then, he takes over the base of a different
    player and does not perform any more actions."

    FAQ: if none of the 2 normal actions was taken, the Leader's action can still
    be taken before or after the Raid.
    """
    s = _luke_position()
    do(s, RAID + LUKE, END_TURN)

    assert s.current_player == LUKE
    assert s.phase == Phase.START_LEADER
    do(s, USE)  # Leader Drollo: an extra Mine action this turn
    do(s, MINE + 0)
    # The brown crystal needs brown cards: the yellow Drollo may not pay.
    assert pay("Foreman") in legal_actions(s)
    assert pay("Drollo") not in legal_actions(s)
    do(s, pay("Foreman"), CONFIRM)
    assert s.players[LUKE].crystals == [crystal("brown c1a")]

    assert RAID + MARK in legal_actions(s)  # the free Mine did not use an action
    do(s, RAID + MARK)
    assert names(s, s.players[MARK].hand) == ["Shu'War"]  # Mark's Leader
    assert names(s, s.players[LUKE].hand) == ["Drollo", "Diggerhino"]
    assert s.players[MARK].base == []
    assert legal_actions(s) == [END_TURN]  # no more actions
    do(s, END_TURN)
    assert names(s, s.players[LUKE].base) == ["Driller", "Drollo", "Foreman"]


def test_leader_mine_may_follow_a_raid() -> None:
    """FAQ: the Leader's action "can still be taken, either before or after
    raiding the Base"."""
    s = _luke_position()
    do(s, RAID + LUKE, END_TURN, USE)
    do(s, RAID + MARK)
    assert MINE + 0 in legal_actions(s)
    do(s, MINE + 0, pay("Foreman"), CONFIRM)
    assert s.players[LUKE].crystals == [crystal("brown c1a")]
    assert legal_actions(s) == [END_TURN]


# --- Raiding ---------------------------------------------------------------------


def test_raid_example_kate_raids_marks_seven_card_base() -> None:
    """ "Kate has two cards in hand and decides to Raid Mark's base, which
    contains 7 cards. Mark first returns his Leader to his hand. This was a
    yellow card, so Kate takes the yellow Faction Totem. Then, Kate takes the 5
    top cards of Mark's Base (up to her hand limit of 7). Mark's Base now has a
    new Leader, the one card remaining in the Base."

    "You then take the Faction Totem of the same color as that Leader from
    whoever has it": here John holds it.
    """
    s = scenario(FIRST_GAME_4P, seed=2, start_player=KATE)
    set_hand(s, KATE, ["Driller", "Mineraccoon"])
    set_hand(s, MARK, ["Frogt'Opus"])
    set_base(
        s,
        MARK,
        [
            "Sergeant",
            "Foreman",
            "Fish'Bean",
            "Diggerhino",
            "Oddgrabber",
            "Ancientone",
            "Drollo",  # the yellow Leader
        ],
    )
    set_totem(s, "yellow", JOHN)
    restart_turn(s, KATE)
    base = list(s.players[MARK].base)

    do(s, RAID + MARK)
    kate, mark = s.players[KATE], s.players[MARK]
    assert mark.hand[-1] == base[-1]
    assert names(s, mark.hand) == ["Frogt'Opus", "Drollo"]
    assert s.totem_owner[3] == KATE  # yellow
    assert len(kate.hand) == 7
    assert kate.hand[2:] == base[-2:-7:-1]  # the 5 top cards, top first
    assert mark.base == [base[0]]
    assert names(s, mark.base) == ["Sergeant"]  # the new Leader


def test_raid_at_the_hand_limit_still_takes_the_totem() -> None:
    """ "You can still Raid a Base even if you are at your hand limit. You do not
    get to take any cards from the Base [...] but you still get the Faction Totem
    matching the color of the returned Leader." """
    s = scenario(FIRST_GAME_4P, seed=2, start_player=KATE)
    set_hand(s, KATE, ["Driller"] * 4 + ["Frogt'Opus"] * 3)
    set_hand(s, MARK, [])
    set_base(s, MARK, ["Foreman", "Diggerhino"])
    set_totem(s, "purple", MARK)
    restart_turn(s, KATE)
    do(s, RAID + MARK)
    assert len(s.players[KATE].hand) == 7
    assert names(s, s.players[MARK].hand) == ["Diggerhino"]
    assert names(s, s.players[MARK].base) == ["Foreman"]
    assert s.totem_owner[2] == KATE  # purple


def test_golden_rule_leader_returns_even_over_the_hand_limit() -> None:
    """ "When an opponent Raids your Base, the Leader is always returned to your
    hand, even if it would temporarily put you above the 7 card limit." """
    s = scenario(FIRST_GAME_4P, seed=2, start_player=KATE)
    set_hand(s, MARK, ["Driller"] * 4 + ["Frogt'Opus"] * 3)
    set_base(s, MARK, ["Foreman", "Diggerhino"])
    restart_turn(s, KATE)
    do(s, RAID + MARK)
    assert len(s.players[MARK].hand) == 8
    assert card_type_name(s, s.players[MARK].hand[-1]) == "Diggerhino"


def test_raiding_your_own_base_returns_your_leader() -> None:
    """ "However, if you Raid your own Base, you do return your Leader back to
    your hand." """
    s = scenario(FIRST_GAME_4P, seed=2, start_player=KATE)
    set_hand(s, KATE, ["Driller"])
    set_base(s, KATE, ["Foreman", "Sergeant", "Fish'Bean"])
    restart_turn(s, KATE)
    do(s, DONE)  # decline the Leader's skill
    do(s, RAID + KATE)
    assert names(s, s.players[KATE].hand) == [
        "Driller",
        "Fish'Bean",
        "Sergeant",
        "Foreman",
    ]
    assert s.players[KATE].base == []
    assert s.totem_owner[1] == KATE  # blue, the Leader's colour


# --- Recruiting ------------------------------------------------------------------


def test_recruit_a_level_3_by_playing_a_level_2() -> None:
    """ "Example: You want to Recruit a level 3 Mercenary. To do so, you play a
    level 2 Mercenary. The level 2 card remains on the table, and the level 3
    card goes into your hand." """
    s = scenario(FIRST_GAME_4P, seed=4)
    set_hand(s, JOHN, ["Driller", "Foreman", "Shu'War"])
    set_docks(s, {7: "Sergeant"})
    restart_turn(s, JOHN)

    do(s, RECRUIT + 7)
    assert legal_actions(s) == [pay("Foreman")]  # exactly one level lower
    do(s, pay("Foreman"), CONFIRM)
    assert names(s, s.players[JOHN].hand) == ["Driller", "Shu'War", "Sergeant"]
    assert names(s, s.turn.played) == ["Foreman"]
    assert s.docks[7] == -1


def test_recruit_needs_a_card_exactly_one_level_lower() -> None:
    """ "to Recruit a Mercenary of level 2-4, you must play a single Mercenary
    card that is exactly 1 level lower" — a level 1 or 3 cannot buy a level 3,
    and a level 1 is recruited for free."""
    s = scenario(FIRST_GAME_4P, seed=4)
    set_hand(s, JOHN, ["Driller", "Shu'War"])
    restart_turn(s, JOHN)
    legal = legal_actions(s)
    assert RECRUIT + 7 not in legal and RECRUIT + 8 not in legal
    assert RECRUIT + 9 in legal  # Shu'War (3) buys the level 4
    do(s, RECRUIT + 0)  # "Level 1 Mercenaries can be recruited for free"
    assert s.phase == Phase.ACTION
    assert len(s.players[JOHN].hand) == 3
    assert s.turn.played == []


def test_fish_bean_leader_recruit_chain() -> None:
    """ "John starts his turn and has a Hy'dran Fish'Bean (blue level 2) as his
    Leader. This allows him to take a level 2 Mercenary from the Docks during his
    Starting phase, and also allows him to take the same action twice during his
    Action phase. John decides to play the card he just took to Recruit a level 3
    Mercenary with his first action. He then uses that level 3 Mercenary to
    Recruit again with his second action to Recruit a level 4 Mercenary."
    """
    s = scenario(FIRST_GAME_4P, seed=6)
    set_hand(s, JOHN, ["Driller"])
    set_base(s, JOHN, ["Fish'Bean"])
    set_docks(s, {4: "Diggerhino", 5: "Drollo", 6: "Drollo", 7: "Ancientone"})
    set_docks(s, {9: "Maccarat"})
    restart_turn(s, JOHN)

    do(s, USE, PICK_DOCKS + 4)  # the Leader takes Diggerhino (level 2)
    do(s, RECRUIT + 7, pay("Diggerhino"), CONFIRM)  # level 3 Ancientone
    do(s, RECRUIT + 9, pay("Ancientone"), CONFIRM)  # level 4 Maccarat
    assert names(s, s.players[JOHN].hand) == ["Driller", "Maccarat"]
    assert names(s, s.turn.played) == ["Diggerhino", "Ancientone"]
    do(s, END_TURN)
    assert names(s, s.players[JOHN].base) == ["Fish'Bean", "Diggerhino", "Ancientone"]


def test_foreman_then_level_4_with_a_level_1() -> None:
    """ "Mark plays the Terron Foreman (a level 2 brown card) as his first action
    and uses its special skill. This allows him to reduce the level of Mercenary
    cards by 2 when Recruiting this turn. He then recruits a level 4 Mercenary
    with his second action, using only a level 1 Mercenary card"."""
    s = scenario(FIRST_GAME_4P, seed=8, start_player=MARK)
    set_hand(s, MARK, ["Foreman", "Oddgrabber", "Drollo", "Shu'War"])
    set_docks(s, {9: "Colonel"})
    restart_turn(s, MARK)

    assert RECRUIT + 9 in legal_actions(s)  # Shu'War could pay without Foreman
    do(s, skill("Foreman"))
    do(s, RECRUIT + 9)
    assert legal_actions(s) == [pay("Oddgrabber")]  # only the level 1 now
    do(s, pay("Oddgrabber"), CONFIRM)
    assert names(s, s.players[MARK].hand) == ["Drollo", "Shu'War", "Colonel"]
    assert names(s, s.turn.played) == ["Foreman", "Oddgrabber"]


def test_foreman_recruits_levels_1_to_3_without_a_card() -> None:
    """Foreman: "You can Recruit levels 1, 2, and 3 Mercenaries without using a
    card"."""
    s = scenario(FIRST_GAME_4P, seed=8, start_player=MARK)
    set_hand(s, MARK, ["Foreman"])
    restart_turn(s, MARK)
    do(s, skill("Foreman"))
    level_3 = s.docks[7]
    do(s, RECRUIT + 7)
    assert s.phase == Phase.ACTION  # paid with no card
    assert s.players[MARK].hand == [level_3]
    assert names(s, s.turn.played) == ["Foreman"]


def test_no_recruit_with_seven_cards_in_hand() -> None:
    """ "You cannot take the Recruit action if you have 7 or more cards in
    hand." """
    s = scenario(FIRST_GAME_4P, seed=4)
    set_hand(s, JOHN, ["Driller"] * 3 + ["Frogt'Opus"] * 3)
    restart_turn(s, JOHN)
    assert RECRUIT + 0 in legal_actions(s)  # 6 cards: still allowed

    set_hand(s, JOHN, ["Driller"] * 4 + ["Frogt'Opus"] * 3)
    restart_turn(s, JOHN)
    legal = legal_actions(s)
    assert not [a for a in legal if RECRUIT <= a < MINE]
    with pytest.raises(IllegalActionError, match="7 or more cards"):
        apply_action(s, RECRUIT + 0)


# --- Collecting artifacts ------------------------------------------------------------


def test_collect_an_artifact_of_cost_8_with_levels_4_2_1_1() -> None:
    """ "Example: You play 4 Mercenary cards with levels of 4, 2, 1, and 1, and
    collect an Artifact card with a cost of 8." "After you Collect an Artifact
    from one of the stacks, the Artifact card below it becomes immediately
    available for collection." """
    s = scenario(FIRST_GAME_4P, seed=9)
    set_hand(s, JOHN, ["Colonel", "Drollo", "Driller", "Frogt'Opus"])
    restart_turn(s, JOHN)
    stack = list(s.artifact_stacks[2])

    do(s, COLLECT + 4)
    do(s, pay("Colonel"), pay("Drollo"), pay("Driller"))
    assert CONFIRM not in legal_actions(s)  # 7 < 8
    do(s, pay("Frogt'Opus"), CONFIRM)
    assert s.players[JOHN].hand == []
    assert len(s.players[JOHN].artifacts) == 1
    assert s.artifact_stacks[2] == stack[:-1]
    assert s.cave_in == 0


def test_ancientone_leader_and_played_ancientone_pay_8_less() -> None:
    """ "if your Leader is an Ancientone, and you play another Ancientone as your
    first action, you can Collect an Artifact with your second Action and pay 8
    less. If the cost of an Artifact is reduced to 0 or less, you must still
    perform the Collect action, even though you do not use a card to pay for it."
    """
    s = scenario(FIRST_GAME_4P, seed=10)
    set_hand(s, JOHN, ["Ancientone", "Driller"])
    set_base(s, JOHN, ["Ancientone"])
    restart_turn(s, JOHN)

    do(s, USE)  # Leader Ancientone: -4
    do(s, skill("Ancientone"))  # -4 more
    do(s, COLLECT + 4)  # a cost-8 artifact, now costing 0
    assert s.phase == Phase.ACTION  # no payment was asked for
    assert names(s, s.players[JOHN].hand) == ["Driller"]
    assert names(s, s.turn.played) == ["Ancientone"]
    assert len(s.players[JOHN].artifacts) == 1
    assert legal_actions(s) == [END_TURN]  # the Collect was the second action


def test_one_ancientone_leaves_a_cost_8_artifact_costing_4() -> None:
    """Ancientone: "This turn, you pay 4 less for Artifacts" — without the second
    one, the cost-8 artifact still wants 4 levels of cards."""
    s = scenario(FIRST_GAME_4P, seed=10)
    set_hand(s, JOHN, ["Foreman", "Drollo", "Driller"])
    set_base(s, JOHN, ["Ancientone"])
    restart_turn(s, JOHN)
    do(s, USE, COLLECT + 4, pay("Foreman"))
    assert CONFIRM not in legal_actions(s)
    do(s, pay("Drollo"), CONFIRM)
    assert names(s, s.players[JOHN].hand) == ["Driller"]


def test_emptying_an_artifact_stack_is_a_cave_in_at_once() -> None:
    """ "When an Artifact stack is empty, i.e. if you have just taken the fourth
    Artifact from a stack, move the Cave-In token one step to the right"."""
    s = scenario(FIRST_GAME_4P, seed=11)
    for art in (Art.PEBBLE_PURSE, Art.WARDENS_LEDGER, Art.MASS_PRODUCTION):
        give_artifact(s, MARK, art)  # three of the four cost-4 cards are gone
    set_hand(s, JOHN, ["Drollo", "Foreman"])
    restart_turn(s, JOHN)
    assert len(s.artifact_stacks[0]) == 1
    do(s, COLLECT + 0, pay("Drollo"), pay("Foreman"), CONFIRM)
    assert s.artifact_stacks[0] == []
    assert s.cave_in == 1
    assert s.players[JOHN].artifacts == [int(Art.THIRD_CYBER_ARM)]


# --- Mining ----------------------------------------------------------------------


def test_mining_cards_must_match_the_crystal_colour() -> None:
    """ "All the cards must be of the same color as the Crystal being mined, and
    The sum of the levels of the cards must be equal to, or higher than, the
    mining cost of the Crystal." """
    s = scenario(FIRST_GAME_4P, seed=12)
    no_totems(s)
    set_hand(s, JOHN, ["Foreman", "Driller", "Oddgrabber"])
    set_mine(s, {4: "yellow c3a", 5: "brown c3a"})
    restart_turn(s, JOHN)
    legal = legal_actions(s)
    assert MINE + 4 not in legal  # only 1 yellow level
    assert MINE + 5 in legal  # brown 2 + 1
    do(s, MINE + 5)
    assert pay("Oddgrabber") not in legal_actions(s)
    do(s, pay("Foreman"))
    assert CONFIRM not in legal_actions(s)  # 2 < 3
    do(s, pay("Driller"), CONFIRM)
    assert s.players[JOHN].crystals == [crystal("brown c3a")]


def test_wild_crystals_take_any_single_colour() -> None:
    """ "Crystals of those colors are known as Wild Crystals. To Mine them, you
    can use cards of any color, as long as all the cards are of the same
    color." """
    s = scenario(FIRST_GAME_4P, seed=12)
    no_totems(s)
    set_hand(s, JOHN, ["Foreman", "Oddgrabber", "Frogt'Opus"])
    set_mine(s, {4: "green c3a", 5: "red c3b"})
    restart_turn(s, JOHN)
    # 2 + 1 + 1 = 4 >= 3, but no single colour reaches 3.
    assert MINE + 4 not in legal_actions(s)

    set_hand(s, JOHN, ["Foreman", "Driller", "Oddgrabber"])
    restart_turn(s, JOHN)
    do(s, MINE + 5, pay("Foreman"))
    assert pay("Oddgrabber") not in legal_actions(s)  # brown is now fixed
    do(s, pay("Driller"), CONFIRM)
    assert s.players[JOHN].crystals == [crystal("red c3b")]


def test_totem_discount_to_zero_needs_no_card_but_uses_an_action() -> None:
    """ "The mining cost of a Crystal is reduced by 1 if you have the Faction
    Totem in that color. If this reduces the cost to 0, you do not have to play a
    card to Mine the Crystal, but you must still use an action to do so." """
    s = scenario(FIRST_GAME_4P, seed=13)
    set_totem(s, "yellow", JOHN)
    set_hand(s, JOHN, ["Driller"])
    set_mine(s, {0: "yellow c1a", 1: "yellow c1b"})
    restart_turn(s, JOHN)
    do(s, MINE + 0)
    assert s.phase == Phase.ACTION  # no payment step
    assert s.players[JOHN].crystals == [crystal("yellow c1a")]
    assert names(s, s.players[JOHN].hand) == ["Driller"]
    assert s.turn.played == []
    assert s.turn.normal_used == 1
    assert MINE + 1 not in legal_actions(s)  # the Mine action is used


def test_totem_discount_on_a_cost_3_crystal() -> None:
    """ "The mining cost of a Crystal is reduced by 1 if you have the Faction
    Totem in that color." A yellow 2 then mines a yellow cost-3 crystal."""
    s = scenario(FIRST_GAME_4P, seed=13)
    set_hand(s, JOHN, ["Drollo"])
    set_mine(s, {4: "yellow c3b"})
    set_totem(s, "yellow", MARK)
    restart_turn(s, JOHN)
    assert MINE + 4 not in legal_actions(s)
    set_totem(s, "yellow", JOHN)
    do(s, MINE + 4, pay("Drollo"), CONFIRM)
    assert s.players[JOHN].crystals == [crystal("yellow c3b")]


def test_lisa_mines_a_yellow_cost_6_with_levels_1_2_3() -> None:
    """ "Lisa wants to Mine a yellow Crystal with a mining cost of 6. In order to
    do that, she must play Metanel (yellow) cards with levels that have a total
    value of at least 6. She could play a level 1, a level 2 and a level 3, for
    example." """
    s = scenario(FIRST_GAME_4P, seed=14)
    no_totems(s)
    set_hand(s, JOHN, ["Oddgrabber", "Drollo", "Robuster", "Colonel"])
    set_mine(s, {7: "yellow c6a"})
    restart_turn(s, JOHN)
    do(s, MINE + 7)
    assert pay("Colonel") not in legal_actions(s)
    do(s, pay("Oddgrabber"), pay("Drollo"))
    assert CONFIRM not in legal_actions(s)
    do(s, pay("Robuster"), CONFIRM)
    assert s.players[JOHN].crystals == [crystal("yellow c6a")]
    assert names(s, s.players[JOHN].hand) == ["Colonel"]


def test_lisa_mines_a_wild_yellow_cost_6_with_any_single_colour() -> None:
    """ "If yellow Crystals are Wild (the Metanel Mercenaries are not in the
    game), she can Mine the Crystal using a set of Mercenary cards of any single
    color, with levels totalling 6 or more." """
    config = GameConfig(
        num_players=4, factions=("terron", "hy'dran", "mineggler", "bioss")
    )
    s = scenario(config, seed=14)
    set_hand(s, JOHN, ["Frogt'Opus", "Fish'Bean", "Driller", "Foreman"])
    set_mine(s, {7: "yellow c6a"})
    restart_turn(s, JOHN)
    assert MINE + 7 not in legal_actions(s)  # blue 3, brown 3: no colour reaches 6

    set_hand(s, JOHN, ["Frogt'Opus", "Fish'Bean", "Shu'War", "Driller"])
    restart_turn(s, JOHN)
    do(s, MINE + 7, pay("Frogt'Opus"))
    assert pay("Driller") not in legal_actions(s)
    do(s, pay("Fish'Bean"), pay("Shu'War"), CONFIRM)
    assert s.players[JOHN].crystals == [crystal("yellow c6a")]


def test_mining_a_cave_in_crystal_moves_the_token() -> None:
    """ "CAVE-IN: If you Mine a Crystal with a Cave-In symbol on it, move the
    Cave-In token one step to the right along the Cave-In track." """
    s = scenario(FIRST_GAME_4P, seed=15)
    no_totems(s)
    set_hand(s, JOHN, ["Shu'War"])
    set_mine(s, {4: "blue c3c", 5: "blue c3b"})
    restart_turn(s, JOHN)
    do(s, MINE + 4, pay("Shu'War"), CONFIRM)
    assert s.cave_in == 1


# --- Clean-up ----------------------------------------------------------------------


def test_cleanup_puts_played_cards_on_the_base_in_play_order() -> None:
    """ "3.1 Without changing their order, place all the cards that you played
    this turn on top of your Base. The last card you played should be the new top
    card, and is now your Leader." "When more than one card is played in a single
    action, you may play them in any order you choose." """
    s = scenario(FIRST_GAME_4P, seed=16)
    no_totems(s)
    set_hand(s, JOHN, ["Robuster", "Oddgrabber", "Drollo", "Frogt'Opus"])
    set_base(s, JOHN, ["Driller"])
    set_mine(s, {7: "yellow c6b"})
    restart_turn(s, JOHN)
    do(s, DONE)  # decline the Leader
    do(s, MINE + 7, pay("Robuster"), pay("Oddgrabber"), pay("Drollo"), CONFIRM)
    do(s, skill("Frogt'Opus"), DONE)
    do(s, END_TURN)
    assert names(s, s.players[JOHN].base) == [
        "Driller",
        "Robuster",
        "Oddgrabber",
        "Drollo",
        "Frogt'Opus",
    ]


def test_cleanup_trims_the_base_to_7_from_the_bottom() -> None:
    """ "3.2 If there are more than 7 Mercenaries in your Base, remove Mercenaries
    from the bottom of your Base (the ones that have been there the longest) from
    the game, placing them back in the box. Do this one by one until 7 cards
    remain." """
    s = scenario(FIRST_GAME_4P, seed=17)
    no_totems(s)
    set_base(
        s,
        JOHN,
        ["Sergeant", "Shu'War", "Driller", "Frogt'Opus", "Mineraccoon", "Foreman"],
    )
    set_hand(s, JOHN, ["Oddgrabber", "Drollo", "Fish'Bean"])
    set_mine(s, {4: "yellow c3b"})
    restart_turn(s, JOHN)
    old_base = list(s.players[JOHN].base)
    assert s.removed == []

    do(s, DONE, MINE + 4, pay("Drollo"), pay("Oddgrabber"), CONFIRM)
    do(s, skill("Fish'Bean"), DONE)
    do(s, END_TURN)
    base = s.players[JOHN].base
    assert len(base) == 7
    assert s.removed == old_base[:2]
    assert names(s, s.removed) == ["Sergeant", "Shu'War"]
    assert base[:4] == old_base[2:]
    assert names(s, base[4:]) == ["Drollo", "Oddgrabber", "Fish'Bean"]


def test_cleanup_refills_the_docks_and_the_mine_from_their_stacks() -> None:
    """ "3.3 Refill the empty spaces in the Mercenary Docks and the Mine with the
    appropriate Mercenary cards and Crystal tokens." Slots emptied during the
    turn stay empty until then."""
    s = scenario(FIRST_GAME_4P, seed=18)
    set_totem(s, "brown", JOHN)
    set_mine(s, {2: "brown c1b"})
    restart_turn(s, JOHN)
    next_card = s.merc_stacks[0][-1]
    next_crystal = s.crystal_stacks[0][-1]
    do(s, RECRUIT + 3, MINE + 2)  # both free
    assert s.docks[3] == -1 and s.mine[2] == -1
    do(s, END_TURN)
    assert s.docks[3] == next_card
    assert s.mine[2] == next_crystal
    assert all(c >= 0 for c in s.docks) and all(c >= 0 for c in s.mine)
    assert s.cave_in == 0


def test_stacks_that_run_out_this_turn_cost_one_cave_in_each() -> None:
    """ "If, during this step, any of the stacks of Mercenary cards or Crystal
    tokens run out, move the Cave-In token 1 space to the right along the
    Cave-In track for each stack that ran out this turn." """
    s = scenario(FIRST_GAME_4P, seed=19)
    set_totem(s, "brown", JOHN)
    set_mine(s, {2: "brown c1b"})
    drain_merc_stack(s, level=1, keep=1)
    drain_crystal_stack(s, tier=0, keep=1, holder=MARK)
    restart_turn(s, JOHN)
    do(s, RECRUIT + 3, MINE + 2)
    do(s, END_TURN)
    assert s.merc_stacks[0] == [] and s.crystal_stacks[0] == []
    assert s.docks[3] >= 0 and s.mine[2] >= 0  # the last ones were drawn
    assert s.cave_in == 2


def test_stacks_empty_at_the_start_of_the_turn_do_not_count_again() -> None:
    """ "Do not move the Cave-In token for stacks that were empty at the start of
    this turn, only ones which became empty during this turn." """
    s = scenario(FIRST_GAME_4P, seed=19)
    set_totem(s, "brown", JOHN)
    set_mine(s, {2: "brown c1b"})
    drain_merc_stack(s, level=1, keep=0)
    drain_crystal_stack(s, tier=0, keep=0, holder=MARK)
    restart_turn(s, JOHN)
    do(s, RECRUIT + 3, MINE + 2)
    do(s, END_TURN)
    assert s.docks[3] == -1 and s.mine[2] == -1  # nothing left to refill with
    assert s.cave_in == 0


@pytest.mark.parametrize(
    ("num_players", "start_player", "threshold"),
    [(2, 0, 7), (2, 1, 7), (3, 0, 8), (3, 2, 8), (4, 0, 9), (4, 1, 9)],
)
def test_game_ends_when_the_round_completes(
    num_players: int, start_player: int, threshold: int
) -> None:
    """ "4-player game = 9 Cave-Ins 3-player game = 8 Cave-Ins 2-player game = 7
    Cave-Ins" "When game end is triggered, the game does not end immediately.
    Players keep playing so that everyone has taken the same number of turns.
    Therefore, the player to the right of the Start Player will always be the
    last person to play." """
    config = GameConfig(num_players=num_players, factions="first_game", allow_pass=True)
    assert config.cave_in_threshold == threshold
    s = scenario(config, seed=20, start_player=start_player)
    no_totems(s)
    set_hand(s, start_player, ["Shu'War"])
    set_mine(s, {4: "blue c3c"})  # a Cave-In crystal
    s.cave_in = threshold - 1
    restart_turn(s, start_player)

    do(s, MINE + 4, pay("Shu'War"), CONFIRM)
    assert s.cave_in == threshold
    do(s, END_TURN)
    order = [(start_player + k) % num_players for k in range(1, num_players)]
    for seat in order:
        assert s.phase != Phase.GAME_OVER
        assert s.current_player == seat
        while s.phase != Phase.ACTION:
            do(s, DONE)
        do(s, END_TURN)
    assert order[-1] == (start_player - 1) % num_players  # to the Start's right
    assert s.phase == Phase.GAME_OVER
    assert s.end_reason == "cave-in"
    assert s.turns_taken == [1] * num_players


@pytest.mark.parametrize("num_players", [2, 3, 4])
def test_one_cave_in_short_of_the_threshold_play_goes_on(num_players: int) -> None:
    """The game ends only when the track reaches the player count's threshold."""
    config = GameConfig(num_players=num_players, factions="first_game", allow_pass=True)
    s = scenario(config, seed=21)
    s.cave_in = config.cave_in_threshold - 1
    for _ in range(num_players):
        do(s, END_TURN)
    assert s.phase != Phase.GAME_OVER
    assert s.round == 2
    assert s.current_player == 0


def test_all_tied_players_win() -> None:
    """ "The player who scores the most Victory Points is the winner. In case of
    a draw, all the tied players win." """
    config = GameConfig(num_players=3, factions="first_game", allow_pass=True)
    s = scenario(config, seed=22)
    no_totems(s)
    give_crystals(s, 0, ["blue c3b"])  # 3 VP
    give_crystals(s, 1, ["brown c1a", "purple c1b", "yellow c1a"])  # 3 VP
    give_crystals(s, 2, ["red c1a"])  # 1 VP
    s.cave_in = 8
    for _ in range(3):
        do(s, END_TURN)
    assert s.phase == Phase.GAME_OVER
    assert final_scores(s) == [3, 3, 1]
    assert winners(s) == [0, 1]


def test_crystal_tiers_match_the_mine_layout() -> None:
    """ "Take four Crystal tokens with a mining cost of 1, three Crystal tokens
    costing 3, two costing 6, and one costing 10" and "deal one level 4
    Mercenary card, two level 3, three level 2, and four level 1"."""
    s = scenario(FIRST_GAME_4P, seed=23)
    assert [CRYSTAL_TIER[c] for c in s.mine] == [0, 0, 0, 0, 1, 1, 1, 2, 2, 3]
    assert [s.cards.level_of[c] for c in s.docks] == [1, 1, 1, 1, 2, 2, 2, 3, 3, 4]
    for p in s.players:
        assert sorted(s.cards.level_of[c] for c in p.hand) == [1, 1, 2]
