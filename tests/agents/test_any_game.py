"""The generic bots and `play` run a game that is not Cave-In (Sealed Bids)."""

from __future__ import annotations

import io
import re
from typing import Any

import numpy as np
import pytest

from agents.base import SeatView
from agents.human import HELP_TEXT, HumanAgent
from agents.ismcts import ISMCTSAgent
from agents.play import Console, play_match
from agents.registry import AgentSpecError, agent_options, make_agent


def _lines(out: list[str]) -> list[str]:
    return [line for text in out for line in text.split("\n")]


@pytest.mark.parametrize("num_players", [2, 3])
def test_bots_play_sealed_bids_to_the_end(bids_game: Any, num_players: int) -> None:
    config = bids_game.make_config(num_players, rounds=3)
    specs = ["random", "ismcts:iterations=5"] + ["random"] * (num_players - 2)
    out: list[str] = []
    result = play_match(config, 7, specs, Console(output=out.append), game="bids")
    assert not result.quit and bids_game.is_over(result.state)
    assert result.scores == bids_game.scores(result.state)
    assert result.winners == bids_game.winners(result.state)
    assert len(result.actions) == 3 * num_players
    lines = _lines(out)
    assert lines[0] == f"Sealed Bids (a test game) — {num_players} players, seed 7."
    # no human at the table: every move is told in full, with its card
    assert re.match(r"player 1 \(ismcts\): bid \d+$", lines[3])
    assert f"=== Game over: after {3 * num_players} turns ===" in lines
    assert lines[-1].startswith(("Winner: player", "Tie at"))
    assert " points" in lines[-1]


def test_a_game_of_bots_is_reproducible(bids_game: Any) -> None:
    config = bids_game.make_config(3)

    def run() -> tuple[list[int], list[str]]:
        out: list[str] = []
        specs = ["ismcts:iterations=8", "random", "ismcts:iterations=3"]
        r = play_match(config, 11, specs, Console(output=out.append), game="bids")
        return r.actions, out

    assert run() == run()


def test_the_generic_versions_play_bids(bids_game: Any) -> None:
    search = make_agent("ismcts:iterations=4,rollout_turns=2", game="bids")
    assert type(search) is ISMCTSAgent  # not Cave-In's
    assert type(make_agent("human", game="bids")) is HumanAgent
    assert set(agent_options("ismcts", "bids")) == {
        "iterations",
        "time",
        "exploration",
        "rollout_turns",
    }
    assert "policy" in agent_options("ismcts", "cavein")


def test_a_human_plays_sealed_bids_through_scripted_input(bids_game: Any) -> None:
    config = bids_game.make_config(2, rounds=3)
    typed = io.StringIO("help\nlook\nbogus\n9\n1\n2\n")
    out: list[str] = []
    result = play_match(
        config,
        3,
        ["human", "ismcts:iterations=4"],
        Console(input=typed, output=out.append),
        game="bids",
    )
    assert not result.quit and bids_game.is_over(result.state)
    text = "\n".join(out)
    assert "Seats: player 0 (you), player 1 (ismcts)." in text
    assert "Type help at any prompt." in text
    assert "=== your turn ===" in text
    assert HELP_TEXT in text
    assert "Your choice (1-3, or help / look / quit): bogus" in text
    assert "'bogus' is not a choice. Type 1 to 3, or help / look / quit." in text
    assert "There is no choice 9." in text
    assert "Only choice: bid " in text  # the last card is played for you
    # the human never reads the search bot's card before the reveal
    told = re.findall(r"^player 1 \(ismcts\): (.*)$", text, re.M)
    assert told == ["commit a hidden bid"] * 3
    assert text.rstrip().endswith(("You win!", "Better luck next time."))


def test_a_human_may_quit_sealed_bids(bids_game: Any) -> None:
    out: list[str] = []
    result = play_match(
        bids_game.make_config(2),
        1,
        ["random", "human"],
        Console(input=io.StringIO("quit\ny\n"), output=out.append),
        game="bids",
    )
    assert result.quit and not bids_game.is_over(result.state)
    assert out[-1] == (
        "Game abandoned after 1 turns (you quit): no scores are recorded. Goodbye."
    )


def test_greedy_does_not_play_bids_and_says_who_does(bids_game: Any) -> None:
    with pytest.raises(AgentSpecError) as err:
        make_agent("greedy", game="bids")
    message = str(err.value)
    assert "'greedy' does not play 'bids'" in message
    assert "human, ismcts, ppo, random" in message
    with pytest.raises(AgentSpecError, match="does not play 'bids'"):
        play_match(bids_game.make_config(2), 1, ["random", "miner"], game="bids")


def _committed_by_seat_0(bids_game: Any, seed: int) -> Any:
    """A game in which seat 0 has bid in round 1 and seat 1 is to bid."""
    state = bids_game.new_game(bids_game.make_config(2), seed)
    bids_game.apply_action(state, bids_game.legal_actions(state)[0])
    assert bids_game.current_player(state) == 1
    return state


def _swap_seat_0_bid(state: Any) -> Any:
    """The same game, but seat 0 bid another of its cards (a hidden change)."""
    other = state.copy()
    bid, card = other.committed[0], other.hands[0][-1]
    other.hands[0] = sorted([*other.hands[0][:-1], bid])
    other.committed[0] = card
    assert other.committed[0] != state.committed[0]
    return other


def test_a_seat_view_hides_an_opponents_pending_bid(bids_game: Any) -> None:
    state = _committed_by_seat_0(bids_game, 5)
    other = _swap_seat_0_bid(state)
    legal = bids_game.legal_actions(state)
    assert legal == bids_game.legal_actions(other)

    def seen(s: Any, seat: int) -> tuple[object, ...]:
        view = SeatView(s, seat, game="bids")
        return (
            view.render(),
            view.player_view,
            [view.describe(a) for a in legal],
            view.turn_key(),
        )

    assert seen(state, 1) == seen(other, 1)
    # the bidder sees its own bid, so the test can tell a leak
    assert seen(state, 0) != seen(other, 0)


def test_the_human_screen_is_the_same_whatever_the_hidden_bid(bids_game: Any) -> None:
    state = _committed_by_seat_0(bids_game, 8)
    shown = []
    for s in (state, _swap_seat_0_bid(state)):
        out: list[str] = []
        agent = HumanAgent(lambda prompt: "1", out.append)
        agent.reset(1, s.config)
        legal = bids_game.legal_actions(s)
        agent.act(SeatView(s, 1, game="bids"), legal, np.random.default_rng(0))
        shown.append(out)
    assert shown[0] == shown[1]


def test_generic_ismcts_plays_only_legal_bids_from_a_hidden_state(
    bids_game: Any,
) -> None:
    """The search samples the hidden cards, so its walk meets actions that are
    legal in one sample and not another; every chosen bid is still legal."""
    agent = make_agent("ismcts:iterations=30", game="bids")
    rng = np.random.default_rng(2)
    for seed in range(4):
        state = _committed_by_seat_0(bids_game, seed)
        legal = bids_game.legal_actions(state)
        action = agent.act(SeatView(state, 1, game="bids"), legal, rng)
        assert action in legal


def test_generic_ismcts_bids_better_than_random(bids_game: Any) -> None:
    """On the same 200 deals, seated in turn first and second, the search wins a
    larger share than random does (the deal decides much of Sealed Bids)."""

    def share(spec: str) -> float:
        won = 0.0
        for i in range(200):
            specs = [spec, "random"] if i % 2 == 0 else ["random", spec]
            r = play_match(
                bids_game.make_config(2),
                i,
                specs,
                Console(output=lambda text: None),
                game="bids",
            )
            won += (i % 2 in r.winners) / len(r.winners)
        return won / 200

    # measured: random 48.5%, ismcts 55.3% (other deals: +9 points)
    assert share("ismcts:iterations=30") > share("random") + 0.03
