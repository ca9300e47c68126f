"""The league: prioritised draws (hard members most, easy ones still), snapshots
that join only when earned and evict the oldest, and a lossless state."""

from __future__ import annotations

import numpy as np

from training.league import League


def play(league: League, name: str, wins: int, losses: int) -> None:
    for _ in range(wins):
        league.record(name, True)
    for _ in range(losses):
        league.record(name, False)


def test_the_member_beaten_least_is_drawn_most() -> None:
    league = League(["random", "greedy", "raider"])
    play(league, "random", 9, 1)
    play(league, "greedy", 5, 5)
    play(league, "raider", 2, 8)
    w = league.weights()
    assert np.isclose(w.sum(), 1)
    assert w[2] > w[1] > w[0]
    # (1 - p)^2 with p = (wins + 1) / (games + 2)
    raw = np.array([(1 - 10 / 12) ** 2, (1 - 6 / 12) ** 2, (1 - 3 / 12) ** 2])
    assert np.allclose(w, raw / raw.sum())


def test_the_floor_keeps_a_beaten_member_drawable() -> None:
    league = League(["random", "greedy"], floor=0.05)
    play(league, "random", 200, 0)  # p = 201/202: (1 - p)^2 is about 2.5e-5
    play(league, "greedy", 0, 200)
    w = league.weights()
    floor_share = 0.05 / (0.05 + (1 - 1 / 202) ** 2)
    assert np.isclose(w[0], floor_share)
    assert w[0] > 0.04


def test_unplayed_members_count_as_even() -> None:
    league = League(["random", "greedy", "raider"])
    assert np.allclose(league.weights(), 1 / 3)
    assert league.win_rate(league.members[0]) == 0.5
    play(league, "greedy", 1, 1)  # 50 % is even too
    assert np.allclose(league.weights(), 1 / 3)
    play(league, "random", 1, 0)
    w = league.weights()
    assert w[0] < w[1] == w[2]


def test_a_snapshot_needs_min_games_and_the_threshold_against_everyone() -> None:
    league = League(["random", "greedy"], threshold=0.6, min_games=10)
    assert not league.ready_for_snapshot()
    play(league, "random", 9, 0)
    play(league, "greedy", 9, 0)
    assert not league.ready_for_snapshot(), "9 games are fewer than min_games"
    play(league, "random", 1, 0)
    assert not league.ready_for_snapshot(), "greedy has 9 games"
    play(league, "greedy", 0, 1)
    assert league.ready_for_snapshot()  # random 10/10, greedy 9/10
    play(league, "greedy", 0, 5)  # greedy 9/15 = 0.6: still at the threshold
    assert league.ready_for_snapshot()
    play(league, "greedy", 0, 1)  # 9/16 < 0.6
    assert not league.ready_for_snapshot()


def test_a_new_snapshot_must_be_beaten_too() -> None:
    league = League(["random"], threshold=0.5, min_games=2)
    play(league, "random", 2, 0)
    assert league.ready_for_snapshot()
    assert league.add_snapshot(league.next_snapshot_name(), "s/1.npz", 100) is None
    assert [m.name for m in league.members] == ["random", "snapshot-1"]
    assert not league.ready_for_snapshot(), "snapshot-1 is unplayed"
    play(league, "snapshot-1", 1, 1)
    assert league.ready_for_snapshot()


def test_the_oldest_snapshot_leaves_past_max_snapshots() -> None:
    league = League(["random", "greedy"], max_snapshots=2)
    gone = [
        league.add_snapshot(league.next_snapshot_name(), f"s/{i}.npz", 100 * i)
        for i in range(1, 5)
    ]
    assert gone[:2] == [None, None]
    assert [m.name if m else None for m in gone[2:]] == ["snapshot-1", "snapshot-2"]
    assert [m.name for m in league.members] == [
        "random",
        "greedy",
        "snapshot-3",
        "snapshot-4",
    ]
    assert league.members[3].path == "s/4.npz" and league.members[3].joined == 400
    assert league.next_snapshot_name() == "snapshot-5"
    assert len(league.weights()) == 4


def test_results_against_a_member_that_left_are_ignored() -> None:
    league = League(["random"], max_snapshots=1)
    league.add_snapshot("snapshot-1", "s/1.npz", 1)
    league.add_snapshot("snapshot-2", "s/2.npz", 2)
    before = league.state_dict()
    play(league, "snapshot-1", 3, 3)
    assert league.state_dict() == before
    play(league, "snapshot-2", 1, 0)
    assert league.member("snapshot-2").games == 1  # type: ignore[union-attr]


def test_the_window_keeps_the_recent_results() -> None:
    league = League(["random"], window=4)
    play(league, "random", 0, 10)
    play(league, "random", 4, 0)
    m = league.members[0]
    assert list(m.results) == [1, 1, 1, 1] and m.games == 14
    assert league.win_rate(m) == 5 / 6


def test_state_dict_round_trip() -> None:
    league = League(
        ["random", "greedy"], window=5, threshold=0.7, min_games=3, max_snapshots=1,
        floor=0.1,
    )  # fmt: skip
    play(league, "random", 7, 2)
    league.add_snapshot("snapshot-1", "s/1.npz", 10)
    league.add_snapshot("snapshot-2", "s/2.npz", 20)
    play(league, "snapshot-2", 1, 2)
    data = league.state_dict()
    again = League.from_state_dict(data)
    assert again.state_dict() == data
    assert np.array_equal(again.weights(), league.weights())
    assert again.ready_for_snapshot() == league.ready_for_snapshot()
    assert again.next_snapshot_name() == "snapshot-3"
    # the window survives: old results still fall out
    play(again, "random", 0, 5)
    assert list(again.member("random").results) == [0] * 5  # type: ignore[union-attr]
    assert again.summary()[0]["games"] == 14
