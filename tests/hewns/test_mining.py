"""Mining: the MINE verb, the mining chain (options, mining dice, re-rolls, the
take and the keep) and the danger dice (order, tokens, deplete, new mine,
respite), with the rulebook's Major Miner example as a golden test and whole
random games with the Substract and token invariants.

The rulebook's Midocondrian Scraveler and Dreampogg mining examples are replayed
in test_worked_examples.py.
"""

from __future__ import annotations

import numpy as np
import pytest

from scavenger_env.hewns.engine import position as pos
from scavenger_env.hewns.engine import rules, turns
from scavenger_env.hewns.engine.actions import DIE, HEWN, NUM, SPACE, Ctrl, Option, Verb
from scavenger_env.hewns.engine.config import HewnsConfig
from scavenger_env.hewns.engine.data import (
    DieKind,
    TechKind,
    Token,
)
from scavenger_env.hewns.engine.rules import legal_actions
from scavenger_env.hewns.engine.state import (
    NONE,
    NUM_HEWNS,
    Ask,
    Frame,
    RoundStep,
    State,
    hewn_type,
)

# face indices of the dice (data.DICE)
M0, M1, M2, MGEM, M3 = 0, 1, 3, 4, 5
LAVA, SNEDJ, PLANET, DEPLETE, NEW_MINE, RESPITE, BLANK = 0, 1, 2, 3, 5, 7, 8
ZERO = 0  # the first face of the attack, speed and armour dice is a 0

PLUS2_MINE = 0  # the centre node: a +2 mine, six links
PLUS1_MINE = 34  # a +1 mine between spaces 33 and 35
NORMAL_MINE = 44  # a normal mine between spaces 43 and 45


# --- positions ---------------------------------------------------------------------


def hewn_turn(state: State, seat: int, hewn: int) -> Frame:
    """Start `seat`'s player turn and activate `hewn`."""
    turns.start_player_turn(state, seat)
    rules.apply_action(state, HEWN + hewn)
    return state.frames[-1]


def play(state: State, *actions: int) -> None:
    for a in actions:
        rules.apply_action(state, a)


def major_miner_at(
    state: State, space: int, seat: int = 0, techs: tuple[str, ...] = ()
) -> int:
    """A Major Miner (3 mining dice, 1 re-roll) of `seat` in `space`, fitted
    with `techs`."""
    h = pos.hewn_id("Major Miner")
    pos.place_card(state, h, seat, space, techs=techs)
    return h


def total_normal(state: State) -> int:
    """Every normal Substract of the game: the pile, the Hewns, the screens and
    the Bidoxes (until the auction's resolution empties them)."""
    bidding = bool(state.frames) and state.frames[0].step == RoundStep.BIDDING
    boxes = sum(sum(row) for row in state.bidox_normal) if bidding else 0
    return state.normal_pile + sum(state.normal) + sum(state.screen_normal) + boxes


def tokens_total(state: State) -> int:
    return sum(state.token_stock) + sum(1 for t in state.token if t != NONE)


# --- MINE -------------------------------------------------------------------------


def test_mine_needs_a_mine_and_the_ability() -> None:
    """rulebook: "Some Hewns are able to take a mining action costing 1 action
    point"; "Mining a +1 mine" (a mine in the Hewn's space)."""
    state = pos.actions_phase()
    miner = major_miner_at(state, PLUS1_MINE)
    hewn_turn(state, 0, miner)
    assert Verb.MINE in legal_actions(state)
    state = pos.actions_phase()
    miner = major_miner_at(state, 33)  # no mine there
    hewn_turn(state, 0, miner)
    assert Verb.MINE not in legal_actions(state)
    state = pos.actions_phase()
    zach = pos.hewn_id("Chailbine Zach")  # mine 0
    pos.place_card(state, zach, 0, PLUS1_MINE)
    hewn_turn(state, 0, zach)
    assert Verb.MINE not in legal_actions(state)


def test_claw_makes_a_non_miner_a_one_die_miner() -> None:
    """rulebook: "If a mining claw is used by a Hewn that normally does NOT mine -
    that Hewn now functions as a normal miner. It would roll 1 mining dice (for
    the claw) and must now roll 1 danger dice normally"."""
    state = pos.actions_phase()
    zach = pos.hewn_id("Chailbine Zach")
    pos.place_card(state, zach, 0, NORMAL_MINE, techs=("Mining claw",))
    hewn_turn(state, 0, zach)
    play(state, Verb.MINE, Option.MINE_PLAIN)
    assert state.roll_queue == [DieKind.MINING]
    play(state, DIE + M2)
    play(state, NUM + 0)  # keep nothing
    assert state.roll_queue == [DieKind.DANGER]


def test_claw_non_miner_may_mine_aggressively() -> None:
    """rulebook: "but it can also mine aggressively and get 1 additional mining
    dice and but will have to roll 1 additional danger dice"."""
    state = pos.actions_phase()
    zach = pos.hewn_id("Chailbine Zach")
    pos.place_card(state, zach, 0, NORMAL_MINE, techs=("Mining claw",))
    hewn_turn(state, 0, zach)
    play(state, Verb.MINE, Option.MINE_AGGRESSIVE)
    assert state.roll_queue == [DieKind.MINING] * 2
    play(state, DIE + M0, DIE + M0)
    assert state.roll_queue == [DieKind.DANGER] * 2


def test_mine_costs_one_ap_once_per_hewn_turn() -> None:
    """rulebook: "Mining 1 Maximum 1 time per Hewn's turn"."""
    state = pos.actions_phase()
    miner = major_miner_at(state, PLUS1_MINE)
    turn = hewn_turn(state, 0, miner)
    ap = turn.ap
    play(state, Verb.MINE, Option.MINE_PLAIN)
    play(state, *[DIE + M0] * 4)  # 3 + the +1 mine: a total of 0
    play(state, Ctrl.DONE)  # no re-roll
    play(state, DIE + BLANK)
    assert state.frames[-1] is turn
    assert turn.ap == ap - 1
    assert Verb.MINE not in legal_actions(state)


def test_gozzbag_options_are_masked_without_a_gozzbag() -> None:
    """rulebook: "it can choose to use Major Gozzbag's special ability if it has
    Major Gozzbag attached"."""
    state = pos.actions_phase()
    miner = major_miner_at(state, PLUS1_MINE)
    hewn_turn(state, 0, miner)
    play(state, Verb.MINE)
    assert state.frames[-1].ask == Ask.MINE_OPTS
    assert legal_actions(state) == [Option.MINE_PLAIN, Option.MINE_AGGRESSIVE]


def test_gozzbag_adds_a_mining_and_a_danger_die() -> None:
    """rulebook: "This electrical energy allows the Hewn to roll an additional 1
    mining dice (while mining), but the Hewn will also have to roll 1 additional
    danger dice"."""
    state = pos.actions_phase()
    miner = major_miner_at(state, NORMAL_MINE, techs=("Major Gozzbag",))
    hewn_turn(state, 0, miner)
    play(state, Verb.MINE)
    assert legal_actions(state) == sorted(
        [
            Option.MINE_PLAIN,
            Option.MINE_AGGRESSIVE,
            Option.MINE_GOZZBAG,
            Option.MINE_AGGRESSIVE_GOZZBAG,
        ]
    )
    play(state, Option.MINE_AGGRESSIVE_GOZZBAG)
    assert state.roll_queue == [DieKind.MINING] * 5  # 3 + aggressive + Gozzbag
    play(state, *[DIE + M0] * 5, Ctrl.DONE)
    assert state.roll_queue == [DieKind.DANGER] * 3


def test_golden_major_miner_claw_example() -> None:
    """rulebook: "A major Miner currently rolls 3 dice when mining ... It gets a
    mining claw ... mine a +1 mine and decides to mine aggressively. It rolls 6
    mining dice: 3 ... + 1 for the mine type + 1 for the mining claw + 1 for being
    aggressive. It rolls 2 danger dice"."""
    state = pos.actions_phase()
    miner = major_miner_at(state, PLUS1_MINE, techs=("Mining claw",))
    hewn_turn(state, 0, miner)
    play(state, Verb.MINE, Option.MINE_AGGRESSIVE)
    assert state.roll_queue == [DieKind.MINING] * 6
    play(state, *[DIE + M1] * 6, Ctrl.DONE, NUM + 0)
    assert state.roll_queue == [DieKind.DANGER] * 2


# --- re-rolls, take and keep ---------------------------------------------------------


def test_reroll_one_die_per_decision_up_to_the_card() -> None:
    """rulebook: "the Hewn can use any OR all of his re-rolls to re-roll any of his
    mining dice" (the Major Miner has 1)."""
    state = pos.actions_phase()
    miner = major_miner_at(state, PLUS1_MINE)
    hewn_turn(state, 0, miner)
    play(state, Verb.MINE, Option.MINE_PLAIN, DIE + M0, DIE + M1, DIE + M1, DIE + M1)
    assert state.frames[-1].ask == Ask.MINE_REROLL
    assert legal_actions(state) == [Ctrl.DONE, DIE, DIE + 1, DIE + 2, DIE + 3]
    pile = state.normal_pile
    play(state, DIE + 0)
    assert state.roll_queue == [DieKind.MINING]
    play(state, DIE + M3)  # the 0 becomes a 3; no re-roll left
    assert state.frames[-1].ask == Ask.MINE_KEEP
    assert pile - state.normal_pile == 3 + 1 + 1 + 1


def test_same_die_may_be_rerolled_again() -> None:
    """rulebook: "You can even re-roll a single dice more than once - if you have
    enough re-rolls" (a Flappchap, 2 re-rolls, made a miner by a claw)."""
    state = pos.actions_phase()
    flappchap = pos.hewn_id("Flappchap")
    pos.place_card(state, flappchap, 0, PLUS2_MINE)
    # Not a position of the core cards: their only Hewn with 2 re-rolls, the
    # Flappchap, has no Sicket socket for a claw (position.place refuses it),
    # so the claw goes into its Nanasocket by hand. The Igil (2 re-rolls and a
    # Sicket socket) takes its place once its card set is built.
    state.slots[flappchap][-1] = TechKind.MINING_CLAW
    hewn_turn(state, 0, flappchap)
    play(state, Verb.MINE, Option.MINE_PLAIN, DIE + M0, DIE + M0, DIE + M0)
    play(state, DIE + 1, DIE + M0)
    assert DIE + 1 in legal_actions(state)
    play(state, DIE + 1, DIE + M3)
    assert state.frames[-1].ask == Ask.MINE_KEEP


def test_no_reroll_step_without_rerolls() -> None:
    """rulebook: the re-roll needs "a eye symbol on his card" (Minor Miner: 0)."""
    state = pos.actions_phase()
    minor = pos.hewn_id("Minor Miner")
    pos.place_card(state, minor, 0, NORMAL_MINE)
    hewn_turn(state, 0, minor)
    play(state, Verb.MINE, Option.MINE_PLAIN, DIE + M1, DIE + M1)
    assert state.frames[-1].ask == Ask.MINE_KEEP


def test_take_gem_face_counts_two_and_keep_up_to_free_room() -> None:
    """rulebook: "takes that total number of normal Substract from the pool ...
    loaded onto/ into the Hewn, and/or ... transmitted off planet"; the "2/gem"
    face gives 2 when the miner takes 2 rather than the gem (test_gems)."""
    state = pos.actions_phase()
    minor = pos.hewn_id("Minor Miner")  # stores 3
    pos.place_card(state, minor, 0, NORMAL_MINE, dirty=1)
    before = total_normal(state)
    hewn_turn(state, 0, minor)
    play(state, Verb.MINE, Option.MINE_PLAIN, DIE + MGEM, DIE + M3)
    play(state, Option.TAKE_TWO)
    assert legal_actions(state) == [NUM + 0, NUM + 1, NUM + 2]  # 2 free
    play(state, NUM + 2)
    assert state.normal[minor] == 2
    assert state.screen_normal[0] == 3
    assert state.normal_pile == HewnsConfig(num_players=2).scenario.normal_pile - 5
    assert total_normal(state) == before


def test_take_is_capped_by_the_pile_and_its_end_ends_the_game() -> None:
    """rulebook: the game ends at once when "the normal Substract pile" runs out;
    the miner takes what is left."""
    state = pos.actions_phase()
    minor = pos.hewn_id("Minor Miner")
    pos.place_card(state, minor, 0, NORMAL_MINE)
    pos.set_supply(state, normal=3)
    hewn_turn(state, 0, minor)
    play(state, Verb.MINE, Option.MINE_PLAIN, DIE + M3, DIE + M3)
    assert state.over and state.end_reason == "pile"
    assert state.screen_normal[0] == 3


# --- the danger dice -------------------------------------------------------------------


def mine_to_danger(state: State, hewn: int, option: int = Option.MINE_PLAIN) -> None:
    """Mine with every mining die a 0 (no re-roll): the danger dice come next."""
    play(state, Verb.MINE, option)
    while state.roll_queue and state.roll_queue[0] == DieKind.MINING:
        play(state, DIE + M0)
    if state.frames[-1].ask == Ask.MINE_REROLL:
        play(state, Ctrl.DONE)


def test_danger_order_is_the_miners_when_faces_differ() -> None:
    """rulebook: "he can choose the order in which to deal with the danger
    dice"."""
    state = pos.actions_phase()
    miner = major_miner_at(state, NORMAL_MINE)
    hewn_turn(state, 0, miner)
    mine_to_danger(state, miner, Option.MINE_AGGRESSIVE)
    play(state, DIE + BLANK, DIE + DEPLETE)
    assert state.frames[-1].ask == Ask.DANGER_ORDER
    assert legal_actions(state) == [DIE + 0, DIE + 1]
    play(state, DIE + 1)
    assert state.mine[NORMAL_MINE] == NONE and state.depleted == 1


def test_danger_order_skipped_when_faces_are_equal() -> None:
    """Two blanks: no order to choose ("Blank face Nothing happens")."""
    state = pos.actions_phase()
    miner = major_miner_at(state, NORMAL_MINE)
    turn = hewn_turn(state, 0, miner)
    mine_to_danger(state, miner, Option.MINE_AGGRESSIVE)
    play(state, DIE + BLANK, DIE + BLANK + 1)
    assert state.frames[-1] is turn


def test_deplete_twice_counts_one_mine() -> None:
    """rulebook: "Remove the mine token ... and advance the depleted mine counter"
    (D39: a second deplete with the mine gone does nothing)."""
    state = pos.actions_phase()
    miner = major_miner_at(state, NORMAL_MINE)
    hewn_turn(state, 0, miner)
    mine_to_danger(state, miner, Option.MINE_AGGRESSIVE)
    play(state, DIE + DEPLETE, DIE + DEPLETE + 1)
    assert state.mine[NORMAL_MINE] == NONE and state.depleted == 1


def test_depletion_track_ends_the_game() -> None:
    """rulebook: "If the total number of depleted mines equals the end game state
    for that scenario, the game is immediately over!"."""
    state = pos.actions_phase()
    miner = major_miner_at(state, NORMAL_MINE)
    pos.set_depleted(state, state.config.scenario.depletion_threshold - 1)
    hewn_turn(state, 0, miner)
    mine_to_danger(state, miner)
    play(state, DIE + DEPLETE)
    assert state.over and state.end_reason == "depleted"


def test_token_goes_on_the_mine_or_one_space_away() -> None:
    """rulebook: "Put 1 danger token matching the dice roll, either 1 space away
    from the mine you are mining OR on the space the Hewn was mining. (Provided
    that the chosen space chosen has no danger tokens already on it.)"."""
    state = pos.actions_phase()
    miner = major_miner_at(state, NORMAL_MINE)
    pos.set_token(state, 43, Token.SNEDJ)
    hewn_turn(state, 0, miner)
    mine_to_danger(state, miner)
    play(state, DIE + LAVA)
    assert state.frames[-1].ask == Ask.PLACE_TOKEN
    assert legal_actions(state) == [SPACE + 44, SPACE + 45]
    play(state, SPACE + 45)
    assert state.token[45] == Token.LAVA
    assert state.token_stock[Token.LAVA] == 4


def test_token_goes_to_the_nearest_free_space_when_all_near_are_taken() -> None:
    """rulebook: "If all of the spaces within 1 space of the mine are occupied with
    danger tokens ... places the danger token as close to the original mining
    space as possible"."""
    state = pos.actions_phase()
    miner = major_miner_at(state, NORMAL_MINE)
    for s in (43, 45):
        pos.set_token(state, s, Token.SNEDJ)
    hewn_turn(state, 0, miner)
    mine_to_danger(state, miner, Option.MINE_AGGRESSIVE)
    play(state, DIE + LAVA, DIE + PLANET)
    play(state, DIE + 0)  # lava first: only the mined space is free within 1
    assert state.token[NORMAL_MINE] == Token.LAVA
    # the planet attack: every space within 1 has a token; the nearest are 2 away
    # (space 1 is the only one; a single target is placed without a question)
    two_away = [
        s for s in range(state.board.n_spaces) if state.board.distance(44, s) == 2
    ]
    assert two_away == [1]
    assert state.token[1] == Token.PLANET_ATTACK


def test_empty_stock_takes_a_token_from_the_board() -> None:
    """rulebook: "If there are no remaining danger tokens of that type rolled in the
    stacks of tokens, remove any danger token (matching the dice roll) that's
    currently on the board and place it"."""
    state = pos.actions_phase()
    miner = major_miner_at(state, NORMAL_MINE)
    lava_at = (9, 10, 11, 12, 13)
    for s in lava_at:  # every lava token of the game
        pos.set_token(state, s, Token.LAVA)
    assert state.token_stock[Token.LAVA] == 0
    hewn_turn(state, 0, miner)
    mine_to_danger(state, miner)
    play(state, DIE + LAVA)
    assert state.frames[-1].ask == Ask.PLACE_TOKEN
    assert legal_actions(state) == [SPACE + s for s in lava_at]
    play(state, SPACE + 9)
    assert state.token[9] == NONE
    play(state, SPACE + 43)
    assert state.token[43] == Token.LAVA and state.token_stock[Token.LAVA] == 0
    assert tokens_total(state) == 15


def test_new_mine_by_the_next_seat_in_turn_order() -> None:
    """rulebook: "the next player in turn order after the current mining Hewn's
    owner will attempt to place a new mine token"; "If there are normal mines left
    in the mine pool, place a normal mine"; "they will have to reveal the
    order"."""
    state = pos.actions_phase(3, order=[2, 0, 1])
    assert state.turn_card == [2, 3, 1]  # seat 0 holds turn card 2, seat 1 card 3
    miner = major_miner_at(state, NORMAL_MINE, seat=0)
    hewn_turn(state, 0, miner)
    mine_to_danger(state, miner)
    play(state, DIE + NEW_MINE)
    top = state.frames[-1]
    assert top.ask == Ask.NEW_MINE and top.seat == 1 and state.card_shown[1]
    assert SPACE + NORMAL_MINE not in legal_actions(state)
    pool = len(state.mine_pool)
    play(state, SPACE + 43)
    assert state.mine[43] == 0 and len(state.mine_pool) == pool - 1


def test_new_mine_after_the_last_seat_is_the_first() -> None:
    """rulebook: "player 1 would be next in line after player 4"."""
    state = pos.actions_phase(3)
    miner = major_miner_at(state, NORMAL_MINE, seat=2)
    hewn_turn(state, 2, miner)
    mine_to_danger(state, miner)
    play(state, DIE + NEW_MINE)
    assert state.frames[-1].seat == 0


def test_new_mine_with_an_empty_pool_is_ignored() -> None:
    """rulebook: "If there are no mines left in the mine pool, then ignore the die
    roll"."""
    state = pos.actions_phase()
    miner = major_miner_at(state, NORMAL_MINE)
    pos.set_supply(state, mines=[])
    turn = hewn_turn(state, 0, miner)
    mine_to_danger(state, miner)
    play(state, DIE + NEW_MINE)
    assert state.frames[-1] is turn


def test_new_mine_without_a_free_space_removes_a_token_first() -> None:
    """rulebook: "If you can't place the new mine ... simply remove any danger
    token from the board and return it to that danger token stack next to the
    board, and place the new mine"."""
    state = pos.actions_phase()
    miner = major_miner_at(state, NORMAL_MINE)
    for s in range(state.board.n_spaces):
        if state.mine[s] == NONE and s not in (10, 20):
            pos.set_mine(state, s, 0)
    pos.set_token(state, 10, Token.SNEDJ)
    pos.set_token(state, 20, Token.LAVA)
    hewn_turn(state, 0, miner)
    mine_to_danger(state, miner)
    play(state, DIE + NEW_MINE)
    assert state.frames[-1].ask == Ask.REMOVE_TOKEN
    assert legal_actions(state) == [SPACE + 10, SPACE + 20]
    play(state, SPACE + 20)
    assert state.token[20] == NONE and state.token_stock[Token.LAVA] == 5
    assert state.frames[-1].ask == Ask.NEW_MINE
    assert legal_actions(state) == [SPACE + 20]
    play(state, SPACE + 20)
    assert state.mine[20] == 0


def test_respite_cancels_a_danger_die() -> None:
    """rulebook: "Players must use this dice roll to either: negate any danger dice
    & deplete mine dice rolled this turn, or Withdraw any danger token from the
    map"."""
    state = pos.actions_phase()
    miner = major_miner_at(state, NORMAL_MINE)
    pos.set_token(state, 9, Token.SNEDJ)
    turn = hewn_turn(state, 0, miner)
    mine_to_danger(state, miner, Option.MINE_AGGRESSIVE)
    play(state, DIE + RESPITE, DIE + DEPLETE)
    play(state, DIE + 0)  # respite first
    assert state.frames[-1].ask == Ask.RESPITE
    assert legal_actions(state) == [
        Option.RESPITE_CANCEL,
        Option.RESPITE_REMOVE_TOKEN,
    ]
    play(state, Option.RESPITE_CANCEL)
    assert legal_actions(state) == [DIE + 1]
    play(state, DIE + 1)
    assert state.frames[-1] is turn
    assert state.mine[NORMAL_MINE] == 0 and state.depleted == 0


def test_respite_removes_a_token_placed_by_this_roll_before_it_attacks() -> None:
    """rulebook example: "he chooses to apply the respite danger dice and uses it
    to cancel the lava" (D37: a just-placed token may be withdrawn; it then
    neither attacks nor depletes)."""
    state = pos.actions_phase()
    miner = major_miner_at(state, NORMAL_MINE)
    pos.set_token(state, 43, Token.PLANET_ATTACK)
    pos.set_token(state, 45, Token.PLANET_ATTACK)
    turn = hewn_turn(state, 0, miner)
    mine_to_danger(state, miner, Option.MINE_AGGRESSIVE)
    play(state, DIE + SNEDJ, DIE + RESPITE)
    play(state, DIE + 0)  # the Snedj: onto the mined space (the only free one)
    assert state.token[NORMAL_MINE] == Token.SNEDJ
    assert state.frames[-1].ask == Ask.RESPITE  # nothing left to cancel
    assert legal_actions(state) == [SPACE + 43, SPACE + NORMAL_MINE, SPACE + 45]
    play(state, SPACE + NORMAL_MINE)
    assert state.frames[-1] is turn  # no attack
    assert state.mine[NORMAL_MINE] == 0 and state.token[NORMAL_MINE] == NONE


def test_respite_with_nothing_to_do_is_ignored() -> None:
    """rulebook: "If there are no danger tokens on the map, nor any danger dice &
    deplete mine dice rolled, then the respite dice roll is ignored"."""
    state = pos.actions_phase()
    miner = major_miner_at(state, NORMAL_MINE)
    turn = hewn_turn(state, 0, miner)
    mine_to_danger(state, miner)
    play(state, DIE + RESPITE)
    assert state.frames[-1] is turn


def test_tokens_attack_and_deplete_after_the_last_die_in_placement_order() -> None:
    """rulebook: "After all danger tokens are placed, any Hewns in those spaces
    where you placed new danger tokens get "attacked" and any mines in those
    spaces get depleted"; D37."""
    state = pos.actions_phase()
    miner = major_miner_at(state, NORMAL_MINE)
    other = pos.hewn_id("Minor Miner")
    pos.place_card(state, other, 1, 45)
    hewn_turn(state, 0, miner)
    mine_to_danger(state, miner, Option.MINE_AGGRESSIVE)
    play(state, DIE + SNEDJ, DIE + LAVA)
    play(state, DIE + 1)  # lava first
    play(state, SPACE + 45)
    assert state.frames[-1].ask == Ask.PLACE_TOKEN  # no attack before the last die
    play(state, SPACE + NORMAL_MINE)  # the Snedj on the miner
    assert state.depleted == 0
    # lava first: the Minor Miner (seat 1) is asked for screens
    assert state.frames[-1].ask == Ask.SCREENS and state.frames[-1].seat == 1
    play(state, NUM + 0)
    assert state.roll_queue == [DieKind.AREA] * 3 + [DieKind.SPEED] * 4 + [
        DieKind.ARMOUR
    ]
    play(state, DIE + 5, DIE + 5, DIE + 5, *[DIE + ZERO] * 5)  # 9 against 0
    assert state.loc[other] < 0
    # then the Snedj on the mined space: the mine depletes, the miner is attacked
    assert state.mine[NORMAL_MINE] == NONE and state.depleted == 1
    assert state.frames[-1].ask == Ask.SCREENS and state.frames[-1].hewn == miner


def test_forced_mover_may_not_mine() -> None:
    """rulebook: "When a Hewn begins its turn in the same space as a danger token
    ... it must leave the space immediately!"."""
    state = pos.actions_phase()
    miner = major_miner_at(state, NORMAL_MINE)
    pos.set_token(state, NORMAL_MINE, Token.LAVA)
    hewn_turn(state, 0, miner)
    assert Verb.MINE not in legal_actions(state)
    assert SPACE + 43 in legal_actions(state)


# --- random games ------------------------------------------------------------------------


def check_invariants(state: State, normal: int) -> None:
    """Normal Substract and tokens are conserved; tokens and mines lie on map
    spaces only; no Hewn that is not healthy shares a space with a token; loads
    fit."""
    assert total_normal(state) == normal
    assert tokens_total(state) == 3 * state.config.scenario.danger_tokens
    assert min(state.token_stock) >= 0
    for h in range(NUM_HEWNS):
        assert 0 <= state.normal[h] + state.dirty[h] <= hewn_type(h).store_total
        loc = state.loc[h]
        if 0 <= loc < state.board.n_spaces and state.token[loc] != NONE:
            assert state.healthy(h)


@pytest.mark.parametrize("n", [2, 3, 4])
def test_random_games_keep_the_invariants(n: int) -> None:
    """Whole random games (200 seeds each, the same random play as `rules.play`)
    with the invariants after every action."""
    for seed in range(200):
        rng = np.random.default_rng(seed)
        state = rules.new_game(HewnsConfig(num_players=n), rng)
        normal = total_normal(state)
        while not state.over:
            legal = rules.legal_actions(state)
            rules.apply_legal(state, legal[int(rng.integers(len(legal)))])
            check_invariants(state, normal)


@pytest.mark.parametrize("n", [2, 4])
def test_random_games_that_mine_whenever_they_can(n: int) -> None:
    """Random games that take MINE and its chain whenever offered, so that every
    danger face is met, with the invariants after every action."""
    met: set[int] = set()
    for seed in range(60):
        rng = np.random.default_rng(1000 + seed)
        state = rules.new_game(HewnsConfig(num_players=n), rng)
        normal = total_normal(state)
        while not state.over:
            legal = rules.legal_actions(state)
            if state.frames and not state.roll_queue:
                met.add(state.frames[-1].ask)
            action = Verb.MINE if Verb.MINE in legal else None
            if action is None:
                action = legal[int(rng.integers(len(legal)))]
            rules.apply_legal(state, int(action))
            check_invariants(state, normal)
    assert Ask.MINE_KEEP in met and Ask.PLACE_TOKEN in met
