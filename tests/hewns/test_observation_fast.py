"""The fast observation encoder against the plain one it replaced
(`tests/hewns_obs_reference.py`: a whole redacted copy, one entry at a time): the same
float32 vector, bit for bit, at every decision of random games, for every
seat, with one encoder kept across games (its cached static parts) as the
environment keeps it."""

from __future__ import annotations

import os

import numpy as np
import pytest
from hewns_obs_reference import encode as reference

from scavenger_env.hewns.engine import rules
from scavenger_env.hewns.engine.config import HewnsConfig
from scavenger_env.hewns.engine.view import bids_hidden
from scavenger_env.hewns.observation import OBS_SIZE, Encoder

GAMES = int(os.environ.get("HEWNS_OBS_GAMES", "3"))


def _compare(encoder: Encoder, state: rules.State, seen: dict[str, int]) -> None:
    for seat in range(state.num_players):
        fast = encoder.encode(state, seat)
        plain = reference(state, seat)
        assert fast.dtype == np.float32 and fast.shape == (OBS_SIZE,)
        assert fast.tobytes() == plain.tobytes(), np.flatnonzero(fast != plain)
    seen["bidding"] += bids_hidden(state)
    seen["frames"] += len(state.frames)


@pytest.mark.parametrize(
    ("cards", "secret"),
    [("core", None), ("nanas", None), ("nanas", True), ("complete", None)],
)
@pytest.mark.parametrize("players", [2, 3, 4])
def test_same_vector_as_the_plain_encoder(
    players: int, cards: str, secret: bool | None
) -> None:
    """Every seat's observation equals the redacted copy's encoding ("secretly
    puts that number of normal Substract tokens ... into one of their
    Bidoxes": the contents stay hidden either way), with secret loads too."""
    encoder = Encoder()
    seen = {"bidding": 0, "frames": 0}
    for seed in range(GAMES):
        rng = np.random.default_rng(1000 * players + seed)
        config = HewnsConfig(num_players=players, cards=cards, secret_loads=secret)
        state = rules.new_game(config, rng)
        while not state.over:
            _compare(encoder, state, seen)
            legal = rules.legal_actions(state)
            rules.apply_legal(state, legal[int(rng.integers(len(legal)))])
        _compare(encoder, state, seen)
    assert seen["bidding"] > 0  # closed Bidoxes were met


def test_encoder_follows_a_new_player_count() -> None:
    """One encoder used for games of different sizes gives each its own
    static part (the player count one-hot)."""
    encoder = Encoder()
    for players in (2, 4, 3, 2):
        state = rules.new_game(
            HewnsConfig(num_players=players), np.random.default_rng(7)
        )
        _compare(encoder, state, {"bidding": 0, "frames": 0})


def test_same_vector_with_dug_tunnels() -> None:
    """With the stage 2 cards the dug tunnels' rows (their size, ends and the
    Hewns in them) come out the same from both encoders, as a Dreampogg digs,
    goes into its tunnel and enlarges it."""
    from scavenger_env.hewns.engine import position as pos
    from scavenger_env.hewns.engine.actions import SPACE, Option, Verb
    from scavenger_env.hewns.observation import OFFSETS, SPACE_WIDTH

    encoder = Encoder()
    state = pos.actions_phase(2, cards="terrain")
    pogg = pos.place(state, "Dreampogg", 0, space=6)
    pos.start_hewn_turn(state, pogg)
    pos.play(state, Verb.DIG, SPACE + 27, Option.PLACE_TUNNEL)
    seen = {"bidding": 0, "frames": 0}
    _compare(encoder, state, seen)
    row = OFFSETS["spaces"][0] + SPACE_WIDTH * (64 + 5)  # tunnel 6
    obs = encoder.encode(state, 0)
    assert obs[row] == 1 and obs[row + 4] == 1 and obs[row + 19] == 0.25
    pos.play(state, Verb.ENLARGE)
    _compare(encoder, state, seen)
    assert encoder.encode(state, 0)[row] == 0  # tunnel 6 is back in the stock
