"""Random play, records and replays of any game: Sealed Bids through the generic
tools, and records of games this version does not know."""

from __future__ import annotations

import dataclasses

import pytest

from scavenger_env.core.records import GameRecord, RecordError
from scavenger_env.core.simulate import (
    play_random_game,
    replay_record,
    replay_transcript,
    simulate_games,
)


def bids_records(game, n: int = 3) -> list[GameRecord]:  # type: ignore[no-untyped-def]
    return list(simulate_games(game, game.make_config(n), [5, 6, 7]))


def test_random_play_of_another_game_is_reproducible(bids_game) -> None:
    config = bids_game.make_config(3)
    a_state, a = play_random_game(bids_game, config, 9)
    b_state, b = play_random_game("bids", config, 9)
    assert a == b
    assert len(a) == 9
    assert bids_game.same_state(a_state, b_state)
    _, other = play_random_game(bids_game, config, 9, rng_seed=1)
    assert len(other) == 9


def test_records_of_another_game_replay(bids_game) -> None:
    for record in bids_records(bids_game):
        assert record.game == "bids"
        state = replay_record(record)
        assert bids_game.scores(state) == record.scores
        again = GameRecord.from_json(record.to_json())
        assert replay_record(again) is not None


def test_a_transcript_of_another_game_uses_its_headers(bids_game) -> None:
    record = bids_records(bids_game, n=2)[0]
    lines = list(replay_transcript(record, viewer=1))
    assert lines[0] == "player 0's turn"  # the default turn header
    assert lines[1] == f"  bid {record.actions[0] + 1}"
    assert "Final state (as player 1 sees it):" in lines
    assert lines[-1].startswith("Scores — player 0: ")


def test_an_edited_record_of_another_game_is_refused(bids_game) -> None:
    record = bids_records(bids_game)[0]
    bad = dataclasses.replace(record, scores=[99, 0, 0])
    with pytest.raises(RecordError, match=r"recorded scores \[99, 0, 0\]"):
        replay_record(bad)
    no_digest = dataclasses.replace(record, digest=None)
    with pytest.raises(RecordError, match="no 'digest'"):
        replay_record(no_digest)


def test_a_record_of_an_unknown_game_names_the_known_ones() -> None:
    record = GameRecord(
        game="chess", config={}, seed=1, actions=[], scores=[0], winners=[0], turns=0
    )
    with pytest.raises(RecordError, match=r"'chess'.*'cavein'"):
        replay_record(record)
