"""Hewns behind the game interface: the contract every tool relies on
(`check_game`), clones, digests and replays, whole random games, and the
picture of every seat at every step."""

from __future__ import annotations

import inspect
import itertools
from typing import Any

import numpy as np
import pytest
from quick_set import first_quick

from scavenger_env.core.chance import sample_outcome
from scavenger_env.core.errors import IllegalActionError
from scavenger_env.core.game_check import check_game
from scavenger_env.hewns.engine import auction, flow, management, rules
from scavenger_env.hewns.engine.actions import HEWN, LOT, NUM, TECH, Ctrl, Option
from scavenger_env.hewns.engine.config import HewnsConfig
from scavenger_env.hewns.engine.digest import (
    FIELDS,
    RULES_2_FIELDS,
    STAGE_3_FIELDS,
    STAGE_4_FIELDS,
    TERRAIN_FIELDS,
    state_data,
)
from scavenger_env.hewns.engine.encounter import EncounterFrame
from scavenger_env.hewns.engine.secrets import hidden_totals
from scavenger_env.hewns.engine.setup import new_state
from scavenger_env.hewns.engine.state import Ask, Frame, RoundFrame, State
from scavenger_env.hewns.engine.view import bids_hidden, redact
from scavenger_env.hewns.game import HEWNS, HewnsGame


def fields(state: State) -> list[str]:
    """The names of the state's fields, sorted: its `__dict__` in the pure build;
    the compiled build has none, and its class holds one attribute descriptor
    per field instead."""
    if hasattr(state, "__dict__"):
        return sorted(vars(state))
    return sorted(
        name
        for name, attribute in vars(type(state)).items()
        if inspect.isgetsetdescriptor(attribute)
    )


def random_game(
    n: int, seed: int, steps: int | None = None, **options: Any
) -> tuple[State, list[int], list[State]]:
    """A random game (chance drawn from its own generator): the final state, the
    actions and the state before each action."""
    rng = np.random.default_rng(seed)
    state = HEWNS.new_game(HEWNS.make_config(n, **options), seed)
    actions: list[int] = []
    seen: list[State] = []
    while not HEWNS.is_over(state) and (steps is None or len(actions) < steps):
        seen.append(HEWNS.clone(state))
        if HEWNS.is_chance_node(state):
            action = sample_outcome(HEWNS.chance_outcomes(state), rng)
        else:
            legal = HEWNS.legal_actions(state)
            action = legal[int(rng.integers(len(legal)))]
        HEWNS.apply_action(state, action)
        actions.append(action)
    return state, actions, seen


@pytest.mark.parametrize("seed", [0, 1, 2])
def test_the_game_keeps_the_interface_contract(seed: int) -> None:
    """Every tool plays a game only through the interface; `check_game` plays
    random games at 2, 3 and 4 players and checks what the tools rely on (masks,
    chance nodes, illegal actions, clones, redaction for the mover, replays)."""
    assert check_game(HEWNS, games_per_count=3, seed=seed) > 200


class TerrainHewns(HewnsGame):
    """Hewns dealt the "terrain" cards (fliers, climbers, the Suderer, secret
    entrances) unless told otherwise."""

    def make_config(self, num_players: int, **options: object) -> HewnsConfig:
        options.setdefault("cards", "terrain")
        return super().make_config(num_players, **options)


@pytest.mark.parametrize("seed", [0, 1])
def test_terrain_games_keep_the_interface_contract(seed: int) -> None:
    """`check_game` on games with the "terrain" cards: their new decisions
    (flights, the d10, extraction, secret entrances) keep the contract."""
    assert check_game(TerrainHewns(), games_per_count=3, seed=seed) > 200


class _NanasGame(HewnsGame):
    """Hewns with the stage-3 cards (heart stones, the stun recovery and
    re-asserting control) for `check_game`."""

    def make_config(self, num_players: int, **options: object) -> HewnsConfig:
        return super().make_config(num_players, **{"cards": "nanas", **options})


def test_the_stage_3_cards_keep_the_interface_contract() -> None:
    """`check_game` with cards="nanas" at 2, 3 and 4 players."""
    assert check_game(_NanasGame(), games_per_count=3, seed=7) > 200


class _CompleteGame(HewnsGame):
    """Hewns with every card, the two swarms included, for `check_game`."""

    def make_config(self, num_players: int, **options: object) -> HewnsConfig:
        return super().make_config(num_players, **{"cards": "complete", **options})


@pytest.mark.parametrize("seed", [0, 11])
def test_the_complete_cards_keep_the_interface_contract(seed: int) -> None:
    """`check_game` with cards="complete" (the swarms, SWARM_LOSS) at 2, 3
    and 4 players."""
    assert check_game(_CompleteGame(), games_per_count=3, seed=seed) > 200


def test_clone_copies_every_field() -> None:
    """`State.clone` lists its fields by name (the compiled build has no
    `__dict__`): a field added to the state without a line in `clone` is
    missing from the copy, and this test fails."""
    state = new_state(HewnsConfig(num_players=3))
    copy = state.clone()
    assert fields(copy) == fields(state)
    for name in fields(state):
        value = getattr(state, name)
        assert getattr(copy, name) == value or name == "frames", name


def test_clone_is_independent() -> None:
    """A clone shares no mutable list with the original (a search bot changes
    its copy freely)."""
    state, _, _ = random_game(3, 4, steps=40)
    copy = state.clone()
    before = state_data(state)
    for frame in copy.frames:
        frame.args.append(7)
        frame.data.append(7)
        if isinstance(frame, EncounterFrame):  # its record too
            frame.enc.ann.append(7)
            frame.enc.dice.append(7)
    for name in fields(copy):
        value = getattr(copy, name)
        if isinstance(value, list) and name != "frames":
            for item in value:
                if isinstance(item, list):
                    item.append(99)
            value.append(99)
    assert state_data(state) == before


def test_the_digest_covers_every_field() -> None:
    """The digest fingerprints the whole position: every state field is in
    `digest.FIELDS`, in `digest.RULES_2_FIELDS` (written under rules 2 only),
    in `digest.TERRAIN_FIELDS` (written when the cards are not "core"), in
    `digest.STAGE_3_FIELDS` (written with the stage-3 cards only), in
    `digest.STAGE_4_FIELDS` (the complete set's only) or written
    apart (config, board, frames, and the cards when a position rigs them; the
    technology table is the config's `card_data`, which the config holds)."""
    state = new_state(HewnsConfig(num_players=2, cards="core"))
    apart = {"config", "scenario", "board", "frames", "card_table", "tech_table"}
    stages = set(RULES_2_FIELDS) | set(TERRAIN_FIELDS) | set(STAGE_3_FIELDS)
    stages |= set(STAGE_4_FIELDS)
    assert set(fields(state)) == set(FIELDS) | stages | apart
    assert set(RULES_2_FIELDS) <= set(state_data(state))
    assert not set(STAGE_3_FIELDS) & set(state_data(state))
    nanas = state_data(new_state(HewnsConfig(num_players=2, cards="nanas")))
    assert set(STAGE_3_FIELDS) <= set(nanas)
    rules_1 = state_data(new_state(HewnsConfig(num_players=2, rules_version=1)))
    assert not set(RULES_2_FIELDS) & set(rules_1)
    assert not set(TERRAIN_FIELDS) & set(state_data(state))
    terrain = state_data(new_state(HewnsConfig(num_players=2, cards="terrain")))
    assert set(TERRAIN_FIELDS) <= set(terrain)


@pytest.mark.parametrize("n", [2, 3, 4])
def test_same_seed_and_actions_give_the_same_game(n: int) -> None:
    """A game is exactly (config, seed, actions): replaying the actions of a game
    (rolls and draws included) reproduces its digest."""
    state, actions, _ = random_game(n, 11 + n)
    replay = HEWNS.new_game(HEWNS.make_config(n), 11 + n)
    for a in actions:
        HEWNS.apply_action(replay, a)
    assert HEWNS.same_state(state, replay)
    assert HEWNS.digest(state, 11 + n, actions) == HEWNS.digest(replay, 11 + n, actions)
    other, other_actions, _ = random_game(n, 12 + n)
    assert HEWNS.digest(other, 12 + n, other_actions) != HEWNS.digest(
        state, 11 + n, actions
    )


def test_scores_and_winners_follow_the_engine() -> None:
    """rulebook: "the most normal Substract at the end of the game" wins."""
    state, _, _ = random_game(3, 5)
    scores = HEWNS.scores(state)
    assert len(scores) == 3
    assert set(HEWNS.winners(state)) <= {
        s for s in range(3) if scores[s] == max(scores)
    }
    assert HEWNS.winners(state)


def _private_totals(state: State) -> list[tuple[int, int]]:
    """Each seat's normal and dirty Substract behind its screen, in the hidden
    parts of its Hewns' loads and in its unresolved Bidoxes (a public total:
    every flow in or out of it is seen; a redacted copy keeps other seats'
    hidden loads on their screens)."""
    out = []
    for q in range(state.num_players):
        hidden = hidden_totals(state, q)
        normal = state.screen_normal[q] + hidden[0]
        dirty = state.screen_dirty[q] + hidden[1]
        if bids_hidden(state):
            for lot, amount, part in zip(
                state.bidox_lot[q],
                state.bidox_amount[q],
                state.bidox_normal[q],
                strict=True,
            ):
                if lot >= 0:
                    normal += part
                    dirty += amount - part
        out.append((normal, dirty))
    return out


@pytest.mark.parametrize("n", first_quick([2, 3, 4]))
def test_random_games_run_and_redaction_keeps_public_facts(n: int) -> None:
    """200 random games per player count run to the end; at every decision each
    seat's redacted state keeps every private total ("secretly puts that number
    ... into one of their Bidoxes": only the Bidox content is hidden, not what
    left the screen), and gives the mover the same choices."""
    for seed in range(200):
        rng = np.random.default_rng(seed)
        state = rules.new_game(HewnsConfig(num_players=n), rng)
        while not state.over:
            legal = rules.legal_actions(state)
            if state.frames and not flow.is_chance(state):
                mover = state.frames[-1].seat
                totals = _private_totals(state)
                for viewer in range(n):
                    r = redact(state, viewer)
                    assert _private_totals(r) == totals
                    if viewer == mover:
                        assert rules.legal_actions(r) == legal
            rules.apply_legal(state, legal[int(rng.integers(len(legal)))])
        assert state.end_reason in ("rounds", "pile", "depleted", "no mines", "cap")


def test_every_seat_can_read_the_picture_at_every_step() -> None:
    """The render runs for every seat at every step (chance nodes included) of
    a few random games, and names the round and the viewer."""
    for n, seed in ((2, 1), (3, 2), (4, 3)):
        _, _, seen = random_game(n, seed)
        for state in seen:
            for viewer in range(n):
                picture = HEWNS.render(state, viewer)
                assert f"you are player {viewer}" in picture
                assert "Map" in picture
                below_map = picture.split("Hewns in play:")[1]
                assert all(len(line) <= 80 for line in below_map.split("\n"))
                for a in HEWNS.legal_actions(state)[:4]:
                    assert HEWNS.describe_action(state, a, viewer)


def test_the_picture_shows_the_offer_and_the_hewns() -> None:
    """The screen shows the auction's offer and each Hewn bought: its type,
    controller, state, place and load."""
    _, _, seen = random_game(3, 8)
    bought = next(s for s in seen if any(c >= 0 for c in s.ctrl))
    picture = HEWNS.render(bought, 0)
    assert "Offer:" in picture and "the turn-order stack" in picture
    assert "healthy" in picture and "load" in picture


def test_any_decision_kind_is_described_by_its_block() -> None:
    """Rule modules add decision kinds as they are built: an action is told by
    its block and the kind on top, so a kind no line here knows still gets
    plain words (and an unknown kind number its number)."""
    from scavenger_env.hewns.engine.actions import NUM, OPTION, SPACE, Option
    from scavenger_env.hewns.engine.state import Ask, Frame

    state = HEWNS.new_game(HEWNS.make_config(2), 1)
    state.frames.append(Frame(Ask.MINE_OPTS, 0))
    assert HEWNS.describe_action(state, Option.MINE_PLAIN).startswith("mine plainly")
    state.frames[-1] = Frame(150, 0)
    assert HEWNS.describe_action(state, NUM + 3) == "decision 150: 3"
    assert "space 5" in HEWNS.describe_action(state, SPACE + 5)
    assert HEWNS.describe_action(state, OPTION + 21)  # a spare option id


def test_news_tells_auction_results_and_shown_cards_once_public() -> None:
    """rulebook: at the resolution "the player that has the highest bid ...
    wins", and a player's turn-order card is shown on its turn ("they will have
    to reveal the order"): those are news; nothing is news while the Bidoxes
    are closed."""
    _, _, seen = random_game(3, 8)
    bidding = [s for s in seen if bids_hidden(s)]
    assert all(not any("lot" in k for k, _ in HEWNS.news(s)) for s in bidding)
    later = [s for s in seen if s.phase == 1]
    keys = {k for s in later for k, _ in HEWNS.news(s)}
    assert any("card" in k for k in keys)
    assert any("lot" in k for k in keys)


def test_frame_fields_name_every_slot() -> None:
    """`FRAME_FIELDS` (what the no-leak test reads a frame by, compiled too) is
    every field of a frame."""
    from scavenger_env.hewns.engine.state import FRAME_FIELDS, Frame

    frame = Frame(1, 0)
    assert sorted(FRAME_FIELDS) == sorted(getattr(Frame, "__slots__", FRAME_FIELDS))
    assert all(hasattr(frame, name) for name in FRAME_FIELDS)


#: a chain's decision kinds -> (its typed frame, how many choices it has made)
CHAINS: dict[int, tuple[type[Frame], int]] = {
    Ask.BID_TURN: (auction.BidFrame, 0),
    Ask.BID_BIDOX: (auction.BidFrame, 0),
    Ask.HUNT_BIDOX: (auction.BidFrame, 0),
    Ask.BID_LOT: (auction.BidFrame, 1),
    Ask.BID_AMOUNT: (auction.BidFrame, 2),
    Ask.BID_MIX: (auction.BidFrame, 3),
    Ask.TX_SOURCE: (management.TxFrame, 0),
    Ask.TX_DEST: (management.TxFrame, 1),
    Ask.TX_KIND: (management.TxFrame, 2),
    Ask.TX_AMOUNT: (management.TxFrame, 3),
    Ask.BANJER_TECH: (management.BanjerFrame, 0),
    Ask.BANJER_HEWN: (management.BanjerFrame, 1),
    Ask.BANJER_SOCKET: (management.BanjerFrame, 2),
    Ask.LOAD_HEWN: (management.LoadFrame, 0),
    Ask.LOAD_KIND: (management.LoadFrame, 1),
    Ask.LOAD_AMOUNT: (management.LoadFrame, 2),
}


def test_chain_frames_are_typed_and_show_their_choices_in_order() -> None:
    """A decision chain's frame is typed (named fields, no offsets in `args`)
    and shows the observation the choices made so far, in the order they were
    made: after a choice, the next link shows it last (a TRANSMIT or LOAD
    whose kind is asked of nobody shows it too, right after the Hewn)."""
    met: set[int] = set()
    for seed in range(4):
        _, actions, seen = random_game(3, seed)
        for before, action, after in zip(seen, actions, [*seen[1:], None]):
            if before.frames and before.frames[-1].ask in CHAINS:
                top = before.frames[-1]
                kind, made = CHAINS[top.ask]
                met.add(top.ask)
                assert isinstance(top, kind), top
                assert len(top.shown()) == made, top
                assert top.copy().key() == top.key()
                if after is None or len(after.frames) != len(before.frames):
                    continue
                nxt = after.frames[-1]
                if nxt.ask in CHAINS and CHAINS[nxt.ask][1] > made:
                    assert nxt.shown()[:made] == top.shown()
                    assert nxt.shown()[made] == _choice(top.ask, action)
    assert {Ask.BID_MIX, Ask.TX_AMOUNT, Ask.BANJER_SOCKET, Ask.LOAD_AMOUNT} <= met


def _choice(ask: int, action: int) -> int:
    """The number a chain keeps for `action` asked at `ask`."""
    if ask in (Ask.TX_KIND, Ask.LOAD_KIND):
        return int(action == Option.DIRTY)
    if ask == Ask.TX_DEST and action == Ctrl.OFF_PLANET:
        return -1  # the screen
    for base in (TECH, LOT, NUM, HEWN):  # highest first
        if action >= base:
            return action - base
    raise AssertionError(f"no chain choice: {action}")


def _draws_from_an_empty_deck(seed: int) -> list[State]:
    """The chance nodes of a random 2-player game that draw a card from a deck
    that is empty (its discards are drawn from): with the core cards, whose
    decks are the smallest."""
    _, _, seen = random_game(2, seed, cards="core")
    found = []
    for state in seen:
        if not state.draw_queue or state.roll_queue:
            continue
        lot = state.draw_queue[0]
        if lot == 0:
            continue
        if lot < flow.FIRST_TECH_LOT:
            empty = not state.hewn_deck[flow.LOT_SIZES[lot]]
        else:
            empty = not state.tech_deck
        if empty:
            found.append(state)
    return found


def test_drawing_from_an_emptied_deck_is_a_query_that_changes_nothing() -> None:
    """ "A query never changes the state": listing the outcomes of a draw from an
    empty deck (its discards are shuffled back) leaves the deck and the discards
    as they were; the card comes off only when the draw is played, which works
    on a state no query ran on; an illegal outcome there changes nothing."""
    nodes = [s for seed in range(6) for s in _draws_from_an_empty_deck(seed)]
    assert nodes, "no random game drew from an emptied deck: pick other seeds"
    for state in nodes:
        before = HEWNS.clone(state)
        legal = HEWNS.legal_actions(state)
        HEWNS.chance_outcomes(state)
        HEWNS.explain_illegal(state, -1)
        assert HEWNS.same_state(state, before)
        fresh = HEWNS.clone(before)
        HEWNS.apply_legal_action(fresh, legal[0])  # no query ran on `fresh`
        assert not HEWNS.same_state(fresh, before)
        with pytest.raises(IllegalActionError):
            HEWNS.apply_action(state, max(legal) + 1)
        assert HEWNS.same_state(state, before)


def test_the_round_frame_counts_the_bid_turns() -> None:
    """The frame at the bottom of the stack is the typed round frame all game
    long; its `bid_turns` starts at 0 with each auction and grows by one with
    each bid turn (the first goes to the round's first bidder)."""
    _, _, seen = random_game(2, 3)
    opened = 0
    for before, after in itertools.pairwise(seen):
        if not before.frames or not after.frames:
            continue
        bottom, nxt = before.frames[0], after.frames[0]
        assert isinstance(bottom, RoundFrame) and bottom.copy().key() == bottom.key()
        # a go starts with each bid turn (`start_bid_turn`; a seat may have
        # two in a row when the others are done)
        new_bid_turn = after.frames[-1].ask == Ask.BID_TURN and after.go > before.go
        if before.round != after.round:
            opened += 1
            assert nxt.bid_turns <= 1  # type: ignore[attr-defined]
        elif new_bid_turn and before.phase == after.phase:
            assert nxt.bid_turns == bottom.bid_turns + 1, (bottom, nxt)  # type: ignore[attr-defined]
    assert opened >= 2
