"""Agents never reach the true state: they see redacted copies, and a tournament
refuses a game whose state was changed by anything but the rules."""

from __future__ import annotations

import sys

import numpy as np
import pytest

from agents.base import RandomAgent, SeatView, view_for
from agents.registry import REGISTRY
from agents.tournament import AgentError, play_game, replays_to
from scavenger_env.cavein.engine import (
    GameConfig,
    GameState,
    apply_action,
    legal_actions,
    new_game,
)
from scavenger_env.cavein.engine.state import snapshot
from scavenger_env.cavein.simulate import replay_record

CONFIG = GameConfig(num_players=2)


def _grab_crystal(s: GameState, seat: int) -> bool:
    """Move a crystal from the Mine into `seat`'s pile, as no rule allows."""
    for slot, crystal in enumerate(s.mine):
        if crystal >= 0:
            s.players[seat].crystals.append(crystal)
            s.mine[slot] = -1
            return True
    return False


class CopyThief:
    """Moves a Mine crystal into its own pile in what it is given, then plays
    randomly; it records that its copy really changed."""

    name = "copy-thief"
    grabbed = 0

    def reset(self, seat: int, config: GameConfig) -> None:
        self.seat = seat

    def act(self, view: SeatView, legal: list[int], rng: np.random.Generator) -> int:
        copy = view._state
        assert copy is not None
        before = len(copy.players[self.seat].crystals)
        if _grab_crystal(copy, self.seat):
            assert len(copy.players[self.seat].crystals) == before + 1
            CopyThief.grabbed += 1
        return legal[int(rng.integers(len(legal)))]


def _live_state() -> GameState:
    """The game the caller's caller is playing, found by walking up the stack: the
    kind of trick that redaction cannot stop and the replay check must catch."""
    frame = sys._getframe(1)
    while frame is not None:
        found = frame.f_locals.get("state")
        if isinstance(found, GameState):
            return found
        frame = frame.f_back  # type: ignore[assignment]
    raise AssertionError("no live state on the stack")


class FrameThief:
    """At its fifth decision reaches the live game and takes a Mine crystal."""

    name = "frame-thief"
    only_first_run = False
    runs = 0

    def reset(self, seat: int, config: GameConfig) -> None:
        self.seat = seat
        self.decisions = 0
        FrameThief.runs += 1

    def act(self, view: SeatView, legal: list[int], rng: np.random.Generator) -> int:
        self.decisions += 1
        if self.decisions == 5 and (not self.only_first_run or FrameThief.runs == 1):
            assert _grab_crystal(_live_state(), self.seat)
        return legal[int(rng.integers(len(legal)))]


class FirstRunThief(FrameThief):
    """Takes the crystal in the first game it plays only."""

    name = "first-run-thief"
    only_first_run = True


class ListStuffer:
    """Adds an action to the legal list it is given, and plays it."""

    name = "list-stuffer"

    def reset(self, seat: int, config: GameConfig) -> None:
        pass

    def act(self, view: SeatView, legal: list[int], rng: np.random.Generator) -> int:
        illegal = next(a for a in range(1000) if a not in legal)
        legal.append(illegal)
        return illegal


@pytest.fixture
def thieves(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(REGISTRY, "copy-thief", CopyThief)
    monkeypatch.setitem(REGISTRY, "frame-thief", FrameThief)
    monkeypatch.setitem(REGISTRY, "first-run-thief", FirstRunThief)
    monkeypatch.setitem(REGISTRY, "list-stuffer", ListStuffer)
    FrameThief.runs = 0
    CopyThief.grabbed = 0


def test_changing_the_view_does_not_change_the_game(thieves: None) -> None:
    """The issue's bot moved a Mine crystal into its own pile through its view and
    the tournament wrote a record that failed replay; now it changes its own copy
    only, and the record replays to the recorded outcome."""
    for seed in range(3):
        record = play_game(CONFIG, seed, ["copy-thief", "random"], rng_seed=seed)
        replay_record(record)  # raises if the record does not replay
    assert CopyThief.grabbed > 10  # the thief did change what it was given


def test_reaching_the_live_game_is_refused(thieves: None) -> None:
    """A bot in the tournament's process that takes a crystal from the live
    game (found on the stack): its actions do not replay to the end state, so the
    game is refused, naming it and its players."""
    with pytest.raises(AgentError) as caught:
        play_game(CONFIG, 4, ["random", "frame-thief"], rng_seed=4)
    text = str(caught.value)
    assert "between 'random', 'frame-thief' is refused" in text
    assert "outside the rules" in text
    assert "seed 4" in text
    assert FrameThief.runs == 1
    # the same moves without the theft make a game that is accepted
    FrameThief.runs = 1
    record = play_game(CONFIG, 4, ["random", "first-run-thief"], rng_seed=4)
    replay_record(record)


def test_an_agent_cannot_widen_its_legal_list(thieves: None) -> None:
    with pytest.raises(
        AgentError, match=r"'list-stuffer' \(seat 0\) chose the illegal"
    ):
        play_game(CONFIG, 1, ["list-stuffer", "random"], rng_seed=1)


def test_replays_to_tells_a_changed_end_state() -> None:
    record = play_game(CONFIG, 2, ["random", "random"], rng_seed=2)
    state = replay_record(record)
    assert replays_to(CONFIG, 2, record.actions, state)
    state.players[0].raids += 1
    assert not replays_to(CONFIG, 2, record.actions, state)
    assert not replays_to(CONFIG, 2, record.actions[:-1], replay_record(record))


def _swap_hidden(state: GameState, viewer: int) -> GameState:
    """A copy differing only in a card `viewer` cannot see: an opponent's secret
    hand card swapped with a face-down stack card of its level."""
    other = state.clone()
    for q, p in enumerate(other.players):
        if q == viewer:
            continue
        for i, card in enumerate(p.hand):
            stack = other.merc_stacks[state.cards.level_of[card] - 1]
            if card in p.secret and stack and stack[0] != card:
                p.hand[i], stack[0] = stack[0], card
                p.secret = (p.secret - {card}) | {p.hand[i]}
                return other
    raise AssertionError("no secret card to swap")


def test_what_a_view_holds_does_not_depend_on_hidden_cards() -> None:
    """The issue's bot read the opponent's unseen cards through its view: whatever
    it reads now is the same for every arrangement of the hidden cards."""
    state = new_game(CONFIG, 9)
    other = _swap_hidden(state, 0)
    assert snapshot(other) != snapshot(state)
    one, two = SeatView(state, 0), SeatView(other, 0)
    assert one._state is not None and two._state is not None
    assert snapshot(one._state) == snapshot(two._state)
    assert one.player_view == two.player_view
    assert one.render() == two.render()
    rng = [np.random.default_rng(5), np.random.default_rng(5)]
    assert snapshot(one.sample(rng[0])) == snapshot(two.sample(rng[1]))
    # the seat whose hand differs does see it
    assert SeatView(state, 1).player_view != SeatView(other, 1).player_view


def test_a_view_is_a_copy_taken_at_the_decision() -> None:
    state = new_game(CONFIG, 1)
    view = SeatView(state, state.current_player)
    before = view.player_view
    apply_action(state, legal_actions(state)[0])
    assert SeatView(state, state.current_player).player_view != before
    assert view.player_view == before
    assert view._state is not state


def test_a_bot_that_never_reads_the_view_gets_a_blind_one() -> None:
    state = new_game(CONFIG, 1)
    blind = view_for(RandomAgent(), state, 0)
    assert blind._state is None
    assert (blind.seat, blind.phase, blind.num_players) == (
        0,
        int(state.phase),
        2,
    )
    assert blind.config == CONFIG
    with pytest.raises(RuntimeError, match="reads_view"):
        blind.player_view  # noqa: B018
    with pytest.raises(RuntimeError, match="reads_view"):
        blind.sample(np.random.default_rng(0))
    seeing = view_for(CopyThief(), state, 0)
    assert seeing._state is not None
    assert seeing.player_view.hand == tuple(state.players[0].hand)


class PhaseLogger:
    """Never reads its view beyond the phase; logs the phase at each decision."""

    name = "phase-logger"
    reads_view = False

    def __init__(self) -> None:
        self.phases: list[int] = []

    def reset(self, seat: int, config: GameConfig) -> None:
        pass

    def act(self, view: SeatView, legal: list[int], rng: np.random.Generator) -> int:
        self.phases.append(view.phase)
        return legal[0]


def test_a_blind_view_follows_the_game(monkeypatch: pytest.MonkeyPatch) -> None:
    """One blind view serves a seat for a whole game: its phase is the phase of
    each decision, as a replay of the record shows."""
    loggers: list[PhaseLogger] = []

    def make() -> PhaseLogger:
        loggers.append(PhaseLogger())
        return loggers[-1]

    monkeypatch.setitem(REGISTRY, "phase-logger", make)
    record = play_game(CONFIG, 5, ["phase-logger", "phase-logger"], 1)
    state = new_game(CONFIG, 5)
    expected: list[list[int]] = [[], []]
    for action in record.actions:
        expected[state.current_player].append(int(state.phase))
        apply_action(state, action)
    assert [lg.phases for lg in loggers] == expected
    assert len(set(expected[0])) > 2  # the phases do change
