"""The test game itself plays by its rules (the tools' tests rely on it)."""

from __future__ import annotations

import numpy as np
import pytest

from scavenger_env.core.errors import IllegalActionError
from scavenger_env.core.games import get_game


def test_the_registry_finds_the_test_game(bids_game: object) -> None:
    assert get_game("bids") is bids_game


def test_the_single_highest_bid_takes_the_prize(bids_game) -> None:
    g = bids_game
    s = g.new_game(g.make_config(2, rounds=1), 0)
    first, second = g.current_player(s), 1 - g.current_player(s)
    high, low = max(s.hands[first][0], s.hands[second][0]), 0
    g.apply_action(s, s.hands[first][0] - 1)
    assert g.describe_action(s, s.hands[second][0] - 1, viewer=first) == (
        "commit a hidden bid"
    )
    g.apply_action(s, s.hands[second][0] - 1)
    assert g.is_over(s)
    winner = 0 if s.history[0][0] > s.history[0][1] else 1
    assert g.winners(s) == [winner] and g.scores(s)[winner] == s.prizes[0]
    assert high > low


def test_an_illegal_bid_changes_nothing(bids_game) -> None:
    g = bids_game
    s = g.new_game(g.make_config(3), 4)
    before = g.clone(s)
    missing = next(a for a in range(12) if a not in g.legal_actions(s))
    with pytest.raises(IllegalActionError, match="holds no card"):
        g.apply_action(s, missing)
    assert g.same_state(s, before)


def test_a_commitment_is_hidden_until_all_have_committed(bids_game) -> None:
    g = bids_game
    for seed in range(20):
        s = g.new_game(g.make_config(3), seed)
        mover = g.current_player(s)
        g.apply_action(s, g.legal_actions(s)[0])
        other = g.current_player(s)
        twin = g.clone(s)
        twin.committed[mover], twin.hands[mover][0] = (
            twin.hands[mover][0],
            int(twin.committed[mover]),
        )
        twin.hands[mover].sort()
        rng = np.random.default_rng(0)
        assert g.render(s, other) == g.render(twin, other)
        assert g.same_state(g.redact(s, other), g.redact(twin, other))
        assert g.player_view(s, other) == g.player_view(twin, other)
        assert g.determinize(s, other, rng) is not None
