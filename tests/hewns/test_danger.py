"""Danger tokens: the attack on a Hewn that enters a token's space (body screens,
speed and armour dice, escapes), the death of Hewns that are not healthy, CALM
PLANET, and random mining chains from crowded positions with the invariants.
"""

from __future__ import annotations

import numpy as np

from scavenger_env.hewns.engine import danger, rules
from scavenger_env.hewns.engine import position as pos
from scavenger_env.hewns.engine.actions import DIE, HEWN, NUM, SPACE, Ctrl, Option, Verb
from scavenger_env.hewns.engine.data import (
    TECHS,
    DieKind,
    HewnType,
    Socket,
    Tech,
    TechKind,
    Token,
)
from scavenger_env.hewns.engine.rules import legal_actions
from scavenger_env.hewns.engine.state import (
    DEAD,
    NEUTRAL,
    NONE,
    NUM_HEWNS,
    Ask,
    Frame,
    State,
    hewn_type,
)
from scavenger_env.hewns.engine.turnstate import HewnTurnFrame

# face indices (data.DICE)
CC0, CC1 = 0, 3
AREA3 = 5
LASER4 = 5
SP0, SP1, SP2, ESC = 0, 2, 4, 5
AR0, AR1, AR2 = 0, 2, 5
M0 = 0
LAVA, SNEDJ = 0, 1
NORMAL_MINE = 44  # a normal mine between spaces 43 and 45


def hewn_turn(state: State, seat: int, hewn: int) -> Frame:
    pos.start_player_turn(state, seat)
    rules.apply_action(state, HEWN + hewn)
    return state.frames[-1]


def play(state: State, *actions: int) -> None:
    for a in actions:
        rules.apply_action(state, a)


def minor_enters_snedj(state: State, normal: int = 0) -> tuple[int, Frame]:
    """A Minor Miner (4 AP, 1 armour) of seat 0, carrying `normal` Substract,
    steps from 43 into a Snedj on 44."""
    minor = pos.hewn_id("Minor Miner")
    pos.place_card(state, minor, 0, 43, normal=normal)
    pos.set_token(state, NORMAL_MINE, Token.SNEDJ)
    turn = hewn_turn(state, 0, minor)
    play(state, SPACE + NORMAL_MINE)
    return minor, turn


# --- the attack -------------------------------------------------------------------


def test_entering_a_snedj_space_is_attacked_by_8_close_combat_dice() -> None:
    """rulebook: "Hewns moving into any space containing a danger token will also be
    attacked"; "Snedj roll 8 close combat dice"; "The Hewn can roll any speed or
    armour dice"."""
    state = pos.actions_phase()
    minor_enters_snedj(state)
    assert state.frames[-1].ask == Ask.SCREENS and state.frames[-1].seat == 0
    play(state, NUM + 0)
    assert state.roll_queue == [DieKind.CLOSE_COMBAT] * 8 + [DieKind.SPEED] * 4 + [
        DieKind.ARMOUR
    ]


def test_attack_higher_than_defence_kills() -> None:
    """rulebook: "If the total of "hurt" rolled is higher than the total of defence
    rolled, then the Hewn immediately dies" (no hurt die)."""
    state = pos.actions_phase()
    minor, _ = minor_enters_snedj(state, normal=2)
    pile = state.normal_pile
    play(state, NUM + 0, *[DIE + CC1] * 4, *[DIE + CC0] * 4)  # 4
    play(state, DIE + SP1, DIE + SP1, DIE + SP1, DIE + SP0, DIE + AR0)  # 3
    assert state.loc[minor] == DEAD
    assert state.normal_pile == pile + 2  # "any remaining Substract ... destroyed"
    assert not state.roll_queue
    assert all(f.ask not in (Ask.TOKEN_ATTACK, Ask.HEWN_TURN) for f in state.frames)


def test_attack_equal_to_defence_fails_and_the_turn_goes_on() -> None:
    """rulebook: the Hewn dies only if the attack "is higher than the total of
    defence rolled" (Scraveler example: 5 against 6, "The Midocondrian is thus
    safe")."""
    state = pos.actions_phase()
    minor, turn = minor_enters_snedj(state)
    play(state, NUM + 0, *[DIE + CC1] * 3, *[DIE + CC0] * 5)  # 3
    play(state, DIE + SP2, DIE + SP0, DIE + SP0, DIE + SP0, DIE + AR1)  # 3
    assert state.loc[minor] == NORMAL_MINE and state.healthy(minor)
    assert state.frames[-1] is turn


def test_lava_rolls_3_area_and_planet_3_laser_dice() -> None:
    """rulebook: "Lava rolls 3 area effect dice"; "The planet attack rolls 3 laser
    type dice"."""
    for kind, die in ((Token.LAVA, DieKind.AREA), (Token.PLANET_ATTACK, DieKind.LASER)):
        state = pos.actions_phase()
        minor = pos.hewn_id("Minor Miner")
        pos.place_card(state, minor, 0, 43)
        pos.set_token(state, NORMAL_MINE, kind)
        hewn_turn(state, 0, minor)
        play(state, SPACE + NORMAL_MINE, NUM + 0)
        assert state.roll_queue[:4] == [die] * 3 + [DieKind.SPEED]


def test_two_escapes_cancel_the_attack() -> None:
    """D66: "two or more escapes" cancel a token's attack."""
    state = pos.actions_phase()
    minor, turn = minor_enters_snedj(state)
    play(state, NUM + 0, *[DIE + CC1] * 8)
    play(state, DIE + ESC, DIE + ESC, DIE + SP0, DIE + SP0, DIE + AR0)
    assert state.healthy(minor) and state.frames[-1] is turn


def test_one_escape_counts_one() -> None:
    """D66: a single escape face counts 1 in the speed total."""
    state = pos.actions_phase()
    minor, _ = minor_enters_snedj(state)
    play(state, NUM + 0, *[DIE + CC1] * 2, *[DIE + CC0] * 6)  # 2
    play(state, DIE + ESC, DIE + SP0, DIE + SP0, DIE + SP0, DIE + AR1)  # 2
    assert state.healthy(minor)
    state = pos.actions_phase()
    minor, _ = minor_enters_snedj(state)
    play(state, NUM + 0, *[DIE + CC1] * 3, *[DIE + CC0] * 5)  # 3
    play(state, DIE + ESC, DIE + SP0, DIE + SP0, DIE + SP0, DIE + AR1)  # 2
    assert state.loc[minor] == DEAD


def test_body_screens_add_armour_dice_paid_from_the_load() -> None:
    """rulebook: "he can burn up to 7 Substract - if he has it -and will get a
    number of extra armour dice equal to the total Substract burnt"."""
    state = pos.actions_phase()
    minor = pos.hewn_id("Minor Miner")
    pos.place_card(state, minor, 0, 43, normal=2, dirty=1)
    pos.set_token(state, NORMAL_MINE, Token.SNEDJ)
    hewn_turn(state, 0, minor)
    play(state, SPACE + NORMAL_MINE)
    assert legal_actions(state) == [NUM + 0, NUM + 1, NUM + 2, NUM + 3]
    pile = state.normal_pile
    play(state, NUM + 2)
    assert state.frames[-1].ask == Ask.SCREENS_MIX  # 2 normal, or 1 + 1 dirty
    assert legal_actions(state) == [NUM + 0, NUM + 1]
    play(state, NUM + 1)
    assert (state.normal[minor], state.dirty[minor]) == (1, 0)
    assert state.normal_pile == pile + 1
    assert state.roll_queue.count(DieKind.ARMOUR) == 1 + 2


def test_screens_are_at_most_seven_and_need_no_mix_with_one_kind() -> None:
    """rulebook: "he can burn up to 7 Substract"."""
    state = pos.actions_phase()
    gombat = pos.hewn_id("Gombat")  # stores 8
    pos.place_card(state, gombat, 0, 0, dirty=8)
    pos.set_token(state, 9, Token.LAVA)
    hewn_turn(state, 0, gombat)
    play(state, SPACE + 9)
    assert legal_actions(state) == [NUM + k for k in range(8)]
    play(state, NUM + 7)
    assert state.dirty[gombat] == 1 and state.frames[-1].ask == Ask.TOKEN_ATTACK


def test_slocic_shield_adds_an_armour_die() -> None:
    """rulebook: "(including using a Slocic shield)"."""
    state = pos.actions_phase()
    minor = pos.hewn_id("Major Miner")
    pos.place_card(state, minor, 0, 43, techs=("Slocic Shield",))
    pos.set_token(state, NORMAL_MINE, Token.SNEDJ)
    hewn_turn(state, 0, minor)
    play(state, SPACE + NORMAL_MINE, NUM + 0)
    assert state.roll_queue.count(DieKind.ARMOUR) == hewn_type(minor).armour + 1
    assert state.roll_queue.count(DieKind.SPEED) == hewn_type(minor).ap


def test_not_healthy_hewns_die_when_a_token_is_placed() -> None:
    """rulebook: "Dangers tokens immediately kill all stunned and/or damaged Hewns
    they share the same space with"."""
    state = pos.actions_phase()
    miner = pos.hewn_id("Major Miner")
    pos.place_card(state, miner, 0, NORMAL_MINE)
    damaged = pos.hewn_id("Minor Miner")
    pos.place_card(state, damaged, 1, 45, damaged=True)
    stunned = pos.hewn_id("Minor Miner", 1)
    pos.place_card(state, stunned, NEUTRAL, 45)
    pos.set_token(state, 43, Token.PLANET_ATTACK)
    hewn_turn(state, 0, miner)
    play(state, Verb.MINE, Option.MINE_PLAIN, *[DIE + M0] * 3, Ctrl.DONE)
    play(state, DIE + LAVA)
    assert state.frames[-1].ask == Ask.PLACE_TOKEN
    play(state, SPACE + 45)
    assert state.loc[damaged] == DEAD and state.loc[stunned] == DEAD


# --- calm planet ------------------------------------------------------------------------


def test_calm_planet_removes_a_token_up_to_4_spaces_away() -> None:
    """rulebook: "the Hewn can target ... a planet attack danger token that is up
    to 4 spaces away from it ... and immediately remove it to the respective pile";
    "The Hewn does not have to have line-of-sight"; "Calm planet 1"."""
    state = pos.actions_phase()
    clampeyt = pos.hewn_id("Clampeyt")
    pos.place_card(state, clampeyt, 0, 43)
    pos.set_token(state, 1, Token.SNEDJ)  # 1 away
    pos.set_token(state, 0, Token.LAVA)  # 43-1-11-10-9-0: further than 4
    assert state.board.distance(43, 0) > 4
    turn = hewn_turn(state, 0, clampeyt)
    ap = turn.ap
    assert Verb.CALM in legal_actions(state)
    play(state, Verb.CALM)
    assert legal_actions(state) == [SPACE + 1]
    play(state, SPACE + 1)
    assert state.token[1] == NONE and state.token_stock[Token.SNEDJ] == 5
    assert turn.ap == ap - 1


def test_calm_planet_not_from_a_token_space_nor_without_the_ability() -> None:
    """rulebook: "a Hewn with the Calm planet ability cannot use the ability if it
    is in the same space as a Snedj Nest danger token, planet attack danger token or
    a lava danger token"."""
    state = pos.actions_phase()
    clampeyt = pos.hewn_id("Clampeyt")
    pos.place_card(state, clampeyt, 0, 43)
    pos.set_token(state, 43, Token.SNEDJ)
    pos.set_token(state, 1, Token.LAVA)
    turn = HewnTurnFrame(0, clampeyt, ap=4, forced=0)
    assert not danger.can_calm(state, clampeyt, turn)
    pos.set_token(state, 43, None)
    assert danger.can_calm(state, clampeyt, turn)
    miner = pos.hewn_id("Major Miner")
    pos.place_card(state, miner, 0, 43)
    assert not danger.can_calm(state, miner, turn)


# --- random mining chains from crowded positions ----------------------------------------


#: the technologies a crowded mining board fits: Mining claw, Major Gozzbag,
#: Slocic shield
MINING_TECHS = [
    t
    for t in TECHS
    if t.kind in (TechKind.MINING_CLAW, TechKind.MAJOR_GOZZBAG, TechKind.SLOCIC_SHIELD)
]


def _has_socket(card: HewnType, tech: Tech) -> bool:
    """Whether `card` has a socket of the kind `tech` goes in."""
    return (card.nanasockets if tech.socket == Socket.NANA else card.sicket_sockets) > 0


def test_random_mining_chains_keep_the_invariants() -> None:
    """Crowded boards, few tokens in stock, many miners: every chain link met;
    normal Substract and tokens conserved after every action."""
    met: set[int] = set()
    for seed in range(300):
        rng = np.random.default_rng(seed)
        state = pos.actions_phase(3)
        pos.set_supply(state, tokens={t.name: 1 for t in Token})
        for s in range(state.board.n_spaces):
            r = rng.integers(6)
            if r == 0 and state.mine[s] == NONE:
                pos.set_mine(state, s, int(rng.integers(4)))
            elif r == 1 and state.token_stock[k := int(rng.integers(3))] > 0:
                pos.set_token(state, s, Token(k))
        if rng.integers(3) == 0:
            pos.set_supply(state, mines=[])
        elif rng.integers(3) == 0:  # no free space for a new mine
            for s in range(state.board.n_spaces):
                if state.token[s] == NONE and state.mine[s] == NONE:
                    pos.set_mine(state, s, 0)
        miners = [h for h in range(NUM_HEWNS) if hewn_type(h).stage == 1][:12]
        mines = [s for s in range(state.board.n_spaces) if state.mine[s] != NONE]
        for i, h in enumerate(miners):
            card = hewn_type(h)
            fit = [s for s in mines if state.board.admits(s, card.size)]
            space = fit[int(rng.integers(len(fit)))]
            tech = MINING_TECHS[int(rng.integers(len(MINING_TECHS)))]
            fitted = rng.integers(3) == 0 and _has_socket(card, tech)
            normal = int(rng.integers(card.store_total + 1))
            dirty = int(rng.integers(card.store_total - normal + 1))
            pos.place_card(
                state,
                h,
                int(rng.integers(3)),
                space,
                normal=normal,
                dirty=dirty,
                damaged=i % 4 == 3,
                techs=(tech.name,) if fitted else (),
            )
        pos.set_supply(state, normal=int(rng.integers(5, 40)))
        normal = state.normal_pile + sum(state.normal) + sum(state.screen_normal)
        tokens = sum(state.token_stock) + sum(t != NONE for t in state.token)
        seat = int(rng.integers(3))
        pos.start_player_turn(state, seat)
        player_turn = state.frames[-1]
        while not state.over and any(f is player_turn for f in state.frames):
            legal = legal_actions(state)
            assert legal, state.frames[-3:]
            if Verb.MINE in legal and rng.integers(4):
                action = int(Verb.MINE)
            else:
                action = legal[int(rng.integers(len(legal)))]
            if state.frames and not state.roll_queue:
                met.add(state.frames[-1].ask)
            rules.apply_action(state, action)
            assert (
                state.normal_pile + sum(state.normal) + sum(state.screen_normal)
                == normal
            )
            assert (
                sum(state.token_stock) + sum(t != NONE for t in state.token) == tokens
            )
            assert min(state.token_stock) >= 0
    for ask in (
        Ask.MINE_OPTS,
        Ask.MINE_REROLL,
        Ask.MINE_KEEP,
        Ask.DANGER_ORDER,
        Ask.RESPITE,
        Ask.PLACE_TOKEN,
        Ask.NEW_MINE,
        Ask.SCREENS,
        Ask.SCREENS_MIX,
    ):
        assert ask in met, Ask(ask).name
