"""The `az` search agent: PUCT over determinized samples with a policy prior and
a critic at the leaves; legal, reproducible games of every game; clear errors
for a model it cannot search with."""

from __future__ import annotations

import itertools
import json
import time
from pathlib import Path

import numpy as np
import pytest

import agents.az as az_module
from agents.az import AZAgent, NoCriticError
from agents.base import SeatView
from agents.ppo import Policy
from agents.registry import AgentSpecError, make_agent
from agents.tournament import play_game
from scavenger_env.core.games import get_game


def network(
    game: str,
    num_players: int = 2,
    *,
    seed: int = 0,
    critic: bool = True,
    favour: int | None = None,
    value: list[float] | None = None,
) -> Policy:
    """A small policy of random weights with an "outcome" critic. `favour`: an
    env action whose logit is 10 above every other's (the weights zeroed);
    `value`: a constant critic giving these outputs (own seat first)."""
    rules = get_game(game)
    rng = np.random.default_rng(seed)

    def layers(sizes: list[int]) -> list[tuple[np.ndarray, np.ndarray]]:
        return [
            (
                rng.normal(0, 1.5 / np.sqrt(a), (b, a)).astype(np.float32),
                rng.normal(0, 0.1, b).astype(np.float32),
            )
            for a, b in itertools.pairwise(sizes)
        ]

    actor = layers([rules.observation_size, 16, rules.env_actions])
    if favour is not None:
        w, b = actor[-1]
        w[:] = 0
        b[:] = 0
        b[favour] = 10.0
    value_layers = layers([rules.observation_size, 8, num_players])
    if value is not None:
        w, b = value_layers[-1]
        w[:] = 0
        b[:] = value
    meta = {
        "format": "scavenger-policy",
        "format_version": 2,
        "game": rules.name,
        "num_players": num_players,
        "rules_version": rules.rules_version,
    }
    return Policy(actor, "tanh", meta, value_layers=value_layers if critic else None)


@pytest.fixture(scope="module")
def files(tmp_path_factory: pytest.TempPathFactory) -> dict[tuple[str, int], Path]:
    where = tmp_path_factory.mktemp("az")
    return {
        (g, n): network(g, n).save(where / f"{g}-{n}p.npz")
        for g, n in [("cavein", 2), ("cavein", 3), ("krysis", 2), ("hewns", 2)]
    }


@pytest.mark.parametrize(
    ("game", "n"), [("cavein", 2), ("cavein", 3), ("krysis", 2), ("hewns", 2)]
)
def test_az_plays_legal_reproducible_games(
    game: str, n: int, files: dict[tuple[str, int], Path]
) -> None:
    """A whole game against random bots is legal (the tournament replays and
    checks it) and the same seeds give the same game."""
    rules = get_game(game)
    spec = f"az:model={files[game, n]},iterations=8"
    specs = [spec] + ["random"] * (n - 1)
    config = rules.make_config(n)
    first = play_game(config, 3, specs, 11, game=rules)
    again = play_game(config, 3, specs, 11, game=rules)
    assert first.actions == again.actions
    assert len(first.actions) > 10
    other = play_game(config, 3, specs, 12, game=rules)
    assert other.actions != first.actions  # the search's draws depend on the seed


def test_az_refuses_a_model_without_a_critic(tmp_path: Path) -> None:
    """A policy file with no critic (format 1) cannot guide the search's leaves:
    the error says how to fit one."""
    path = network("cavein", critic=False).save(tmp_path / "old.npz")
    with pytest.raises(NoCriticError, match=r"holds none.*--algo critic"):
        AZAgent(model=str(path))
    with pytest.raises(AgentSpecError, match=r"az: .*holds none"):
        make_agent(f"az:model={path}", game="cavein")


def test_az_refuses_bad_options() -> None:
    with pytest.raises(ValueError, match="prior_mix"):
        AZAgent(model="", prior_mix=2.0)
    with pytest.raises(ValueError, match="iterations >= 0"):
        AZAgent(model="", iterations=-1)


def first_decision(
    game: str, n: int = 2, seed: int = 5
) -> tuple[object, int, list[int]]:
    """A state at its first decision with several legal actions."""
    rules = get_game(game)
    state = rules.new_game(rules.make_config(n), seed)
    rng = np.random.default_rng(seed)
    while rules.is_chance_node(state) or len(rules.legal_actions(state)) < 3:
        if rules.is_chance_node(state):
            outcomes = rules.chance_outcomes(state)
            rules.apply_action(state, outcomes[0][0])
        else:
            legal = rules.legal_actions(state)
            rules.apply_action(state, legal[int(rng.integers(len(legal)))])
    return state, rules.current_player(state), rules.legal_actions(state)


@pytest.mark.parametrize("game", ["cavein", "krysis"])
def test_the_prior_steers_the_visits(game: str, tmp_path: Path) -> None:
    """With a critic that says nothing (every seat 0.5 everywhere), the visits
    follow the prior: a policy sure of one legal action spends almost every
    iteration on it, and a uniform prior spreads them."""
    rules = get_game(game)
    state, seat, legal = first_decision(game)
    target = legal[-1]
    favour = rules.codec().encode(target, seat, 2)
    path = network(game, favour=favour, value=[0.5, 0.5]).save(tmp_path / "p.npz")
    view = SeatView(state, seat, game=rules)
    sure = AZAgent(model=str(path), iterations=40)
    sure.reset(seat, rules.config_of(state))
    assert sure.act(view, legal, np.random.default_rng(0)) == target
    assert sure.last_visits[target] >= 30
    flat = AZAgent(model=str(path), iterations=40, prior_mix=1.0)
    flat.reset(seat, rules.config_of(state))
    flat.act(view, legal, np.random.default_rng(0))
    assert max(flat.last_visits.values()) <= 40 // len(legal) + 2


def test_the_critic_values_are_turned_to_absolute_seats(tmp_path: Path) -> None:
    """An "outcome" critic gives the observing seat's share first and the others
    in turn order after it; the search books them by absolute seat."""
    rules = get_game("cavein")
    path = network("cavein", 3, value=[0.7, 0.2, 0.1]).save(tmp_path / "p.npz")
    agent = AZAgent(model=str(path))
    state, _, _ = first_decision("cavein", 3)
    agent._bind(SeatView(state, 0, game=rules))
    obs = rules.make_encoder().encode(state, 2)
    assert agent._values(rules, state, 2, obs) == pytest.approx([0.2, 0.1, 0.7])


def test_the_root_value_of_a_search_is_the_critics_mean(tmp_path: Path) -> None:
    """With a constant critic (the seat to move at a leaf 0.8, the other 0.3)
    every leaf's values add up to 1.1, so the root's do: no play-out (whose
    results add up to 1) mixes in."""
    rules = get_game("krysis")
    state, seat, legal = first_decision("krysis")
    path = network("krysis", value=[0.8, 0.3]).save(tmp_path / "p.npz")
    agent = AZAgent(model=str(path), iterations=20)
    agent.reset(seat, rules.config_of(state))
    agent.act(SeatView(state, seat, game=rules), legal, np.random.default_rng(1))
    assert sum(agent.last_value) == pytest.approx(1.1, abs=1e-6)
    assert all(0.3 - 1e-6 <= v <= 0.8 + 1e-6 for v in agent.last_value)


def test_chance_is_drawn_with_the_games_own_probabilities(
    files: dict[tuple[str, int], Path], monkeypatch: pytest.MonkeyPatch
) -> None:
    """Rolls met in the search are drawn from `chance_outcomes`, with the
    agent's generator (so the search stays reproducible)."""
    seen: list[list[tuple[int, float]]] = []
    real = az_module.sample_outcome

    def spy(outcomes: list[tuple[int, float]], rng: np.random.Generator) -> int:
        seen.append(list(outcomes))
        return real(outcomes, rng)

    monkeypatch.setattr(az_module, "sample_outcome", spy)
    rules = get_game("hewns")
    spec = f"az:model={files['hewns', 2]},iterations=8"
    play_game(rules.make_config(2), 3, [spec, "random"], 11, game=rules)
    assert seen, "no roll was met in the search of a whole Hewns game"
    assert all(sum(p for _, p in o) == pytest.approx(1.0) for o in seen)


def test_a_time_budget_stops_the_search(files: dict[tuple[str, int], Path]) -> None:
    rules = get_game("cavein")
    state, seat, legal = first_decision("cavein")
    agent = AZAgent(model=str(files["cavein", 2]), time=0.05)
    agent.reset(seat, rules.config_of(state))
    start = time.perf_counter()
    agent.act(SeatView(state, seat, game=rules), legal, np.random.default_rng(0))
    assert time.perf_counter() - start < 0.5
    assert sum(agent.last_visits.values()) > 1


def test_az_reads_only_what_its_seat_may_know(
    files: dict[tuple[str, int], Path],
) -> None:
    """Two states that differ only in what the seat cannot see give the same
    search (same seed): the agent is handed a redacted view, and everything it
    does starts from that view."""
    rules = get_game("krysis")
    state, seat, legal = first_decision("krysis")
    other = rules.determinize(state, seat, np.random.default_rng(99))
    assert not rules.same_state(state, other)
    choices = []
    for s in (state, other):
        agent = AZAgent(model=str(files["krysis", 2]), iterations=16)
        agent.reset(seat, rules.config_of(s))
        choices.append(
            (
                agent.act(
                    SeatView(s, seat, game=rules), legal, np.random.default_rng(4)
                ),
                json.dumps(agent.last_visits, sort_keys=True),
            )
        )
    assert choices[0] == choices[1]
