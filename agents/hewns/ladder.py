"""The Hewns bot ladder: head-to-head win rates with 95 % Wilson intervals.

A measurement, not a test: `python -m agents.hewns.ladder [--games N ...]`.
Each pairing plays 2-player games with the seats alternating (game g puts the
first bot in seat g % 2); a shared win counts one half. Set-up seeds, chance
and every seat's generator derive from the game number, so a run is
reproducible. The bots see redacted views (`view_for`), as in a tournament.
Pairings run in worker processes (`--workers`).
"""

from __future__ import annotations

import argparse
import time
from collections.abc import Callable
from concurrent.futures import ProcessPoolExecutor, as_completed
from typing import Any

import numpy as np

from agents.base import RandomAgent, view_for
from agents.ismcts import ISMCTSAgent
from agents.stats import wilson_interval
from scavenger_env.core.chance import sample_outcome
from scavenger_env.hewns.game import HEWNS

from .greedy import GreedyAgent
from .heuristics import ProspectorAgent, RaiderAgent

__all__ = ["PAIRINGS", "main", "play_pairing"]


def make(name: str, ismcts_iterations: int) -> Any:
    """A fresh bot by name."""
    if name == "ismcts":
        return ISMCTSAgent(iterations=ismcts_iterations)
    factories: dict[str, Callable[[], Any]] = {
        "random": RandomAgent,
        "prospector": ProspectorAgent,
        "raider": RaiderAgent,
        "greedy": GreedyAgent,
    }
    return factories[name]()


#: (bot, opponent, default games)
PAIRINGS: tuple[tuple[str, str, int], ...] = (
    ("prospector", "random", 100),
    ("raider", "random", 100),
    ("greedy", "random", 20),
    ("raider", "prospector", 200),
    ("ismcts", "prospector", 16),
)


#: rough cost of a bot's games, to start the slow pairings first
_COST = {"ismcts": 3, "greedy": 2, "raider": 1, "prospector": 0}


def play_one(names: list[str], seed: int, ismcts_iterations: int) -> list[int]:
    """One game between the named bots (seat order); returns its winners."""
    agents = [make(name, ismcts_iterations) for name in names]
    config = HEWNS.make_config(len(agents))
    state = HEWNS.new_game(config, seed)
    chance = np.random.default_rng([seed, 1])
    rngs = [np.random.default_rng([seed, 2, seat]) for seat in range(len(agents))]
    for seat, agent in enumerate(agents):
        agent.reset(seat, config)
    while not HEWNS.is_over(state):
        if HEWNS.is_chance_node(state):
            outcome = sample_outcome(HEWNS.chance_outcomes(state), chance)
            HEWNS.apply_action(state, outcome)
            continue
        seat = HEWNS.current_player(state)
        legal = HEWNS.legal_actions(state)
        view = view_for(agents[seat], state, seat, HEWNS)
        action = agents[seat].act(view, legal, rngs[seat])
        if action not in legal:
            raise RuntimeError(f"{names[seat]} played the illegal action {action}")
        HEWNS.apply_action(state, action)
    return HEWNS.winners(state)


def play_pairing(
    bot: str, opponent: str, games: int, ismcts_iterations: int
) -> tuple[str, str, float, int, float]:
    """(bot, opponent, bot's wins, games, seconds), seats alternating."""
    start = time.perf_counter()
    wins = 0.0
    for g in range(games):
        seat = g % 2
        names = [opponent, opponent]
        names[seat] = bot
        winners = play_one(names, g, ismcts_iterations)
        wins += (seat in winners) / len(winners)
    return bot, opponent, wins, games, time.perf_counter() - start


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--scale", type=float, default=1.0, help="games x this")
    parser.add_argument("--ismcts-iterations", type=int, default=30)
    parser.add_argument("--workers", type=int, default=2)
    args = parser.parse_args(argv)
    # the slowest pairings first (search, lookahead), so the workers finish
    # together; each line is printed when its pairing is done
    order = sorted(range(len(PAIRINGS)), key=lambda i: -_COST[PAIRINGS[i][0]])
    jobs = [
        (bot, opp, max(2, int(games * args.scale)), args.ismcts_iterations)
        for bot, opp, games in (PAIRINGS[i] for i in order)
    ]
    print(
        "Hewns ladder, 2 players, seats alternating; ismcts "
        f"iterations={args.ismcts_iterations}"
    )
    print(f"{'bot':<11} {'vs':<11} {'games':>5} {'win':>6}  95 % interval   secs")
    with ProcessPoolExecutor(args.workers) as pool:
        futures = [pool.submit(play_pairing, *job) for job in jobs]
        for future in as_completed(futures):  # each line as soon as it is known
            bot, opp, wins, games, secs = future.result()
            low, high = wilson_interval(wins, games)
            print(
                f"{bot:<11} {opp:<11} {games:>5} {wins / games:>6.3f}  "
                f"[{low:.3f}, {high:.3f}]  {secs:6.0f}",
                flush=True,
            )


if __name__ == "__main__":
    main()
