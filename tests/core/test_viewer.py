"""The replay viewer page (`scavenger_env.core.viewer`) and `scavenger replay
--html`: what the page holds, step by step and view by view. The page's own
scripts run in a real browser in tests/browser/test_viewer_page.py."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

import pytest
from project_commands import PROJECT_COMMANDS

from scavenger_env.cli import main as installed_main
from scavenger_env.core.games import get_game
from scavenger_env.core.records import GameRecord, RecordError, iter_records
from scavenger_env.core.simulate import play_random_game
from scavenger_env.core.viewer import read_page_data, viewer_data, viewer_page


def main(argv: Sequence[str]) -> int:
    return installed_main(argv, commands=PROJECT_COMMANDS)


def record_of(name: str, seed: int, players: int = 2) -> GameRecord:
    game = get_game(name)
    config = game.make_config(players)
    state, actions = play_random_game(game, config, seed)
    return game.record(config, seed, state, actions)


@pytest.mark.parametrize("name", ["cavein", "krysis", "hewns"])
def test_a_step_per_decision_each_view_drawn_as_its_seat_sees_it(name: str) -> None:
    record = record_of(name, 3)
    game = get_game(name)
    data = viewer_data(record)
    assert data.views == ["truth", "seat 0", "seat 1"]
    # Replay alongside: step k is the position after decision k and the chance
    # outcomes that followed it.
    state = game.new_game(game.config_from_dict(record.config), record.seed)
    positions = []
    for action in record.actions:
        if not game.is_chance_node(state):
            positions.append(game.clone(state))
        game.apply_action(state, action)
    positions.append(state)
    decisions = len(positions) - 1
    assert len(data.frames[0]) == decisions + 1
    for k in (1, decisions // 2, decisions):
        # the position before decision k+1 is the one after decision k (and chance)
        shown = positions[k] if k < decisions else state
        for v, viewer in enumerate([None, 0, 1]):
            assert data.svgs[data.frames[v][k]] == game.picture(shown, viewer).svg
    assert data.movers[-1] == "game over"
    assert data.captions[0][-1][-1].startswith(f"Game over after {record.turns} turns")


def test_a_seat_s_captions_keep_another_seat_s_secret() -> None:
    """Krysis' blind bid: the truth names the bid, seat 0 reads only that
    player 1 bid in secret."""
    data = viewer_data(record_of("krysis", 5))
    truth = [line for step in data.captions[0] for line in step]
    seat0 = [line for step in data.captions[1] for line in step]
    secret_bids = [
        line for line in seat0 if line.startswith("player 1") and "in secret" in line
    ]
    assert secret_bids, "player 1 bid in secret at least once"
    assert not any(
        line.startswith("player 1") and "in secret" in line for line in truth
    )


def test_the_page_holds_the_data_and_names_the_views() -> None:
    record = record_of("cavein", 2, players=3)
    record.players = ["greedy", "random", "ismcts"]
    page = viewer_page(record, start_view="seat 2")
    data = read_page_data(page)
    assert data["views"] == ["truth", "seat 0", "seat 1", "seat 2"]
    assert "player 2 (ismcts)" in " ".join(data["captions"][0][-1])
    assert '<option value="3" selected>what seat 2 saw</option>' in page
    assert "http://" not in page.replace("http://www.w3.org/2000/svg", "")  # offline
    with pytest.raises(ValueError, match="no view 'seat 3'"):
        viewer_page(record_of("cavein", 2), start_view="seat 3")
    with pytest.raises(ValueError, match="holds no game data"):
        read_page_data("<html></html>")


def test_a_record_that_does_not_replay_makes_no_page() -> None:
    record = record_of("cavein", 1)
    record.scores[0] += 1
    with pytest.raises(RecordError, match="recorded scores"):
        viewer_page(record)


@pytest.fixture
def games_file(tmp_path: Path) -> Path:
    path = tmp_path / "games.jsonl"
    argv = ["simulate", "--game", "krysis", "--games", "2", "--output", str(path)]
    assert main(argv) == 0
    return path


def test_replay_html_writes_a_page_per_game(
    games_file: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    capsys.readouterr()
    out = tmp_path / "game.html"
    assert main(["replay", str(games_file), "--html", str(out)]) == 0
    pages = [tmp_path / "game-1.html", tmp_path / "game-2.html"]
    assert capsys.readouterr().out.split() == [
        "wrote",
        str(pages[0]),
        "wrote",
        str(pages[1]),
    ]
    records = list(iter_records(games_file))
    for page, record in zip(pages, records, strict=True):
        data = read_page_data(page.read_text(encoding="utf-8"))
        assert data["title"].endswith(f"seed {record.seed}")
    assert main(["replay", str(games_file), "--html", str(out), "--record", "2"]) == 0
    assert read_page_data(out.read_text(encoding="utf-8"))["title"].endswith(
        f"seed {records[1].seed}"
    )


@pytest.mark.parametrize(
    ("more", "said"),
    [
        (["--html", "x.txt"], "name an .html file"),
        (["--html", "no/such/folder/x.html"], "no folder"),
        (["--html", "x.html", "--record", "0"], "the first game is --record 1"),
        (["--html", "x.html", "--record", "3"], "holds 2 games"),
    ],
)
def test_replay_html_refuses_what_it_cannot_do(
    games_file: Path,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
    more: list[str],
    said: str,
) -> None:
    monkeypatch.chdir(tmp_path)
    assert main(["replay", str(games_file), *more]) == 2
    err = capsys.readouterr().err
    assert said in err and "Traceback" not in err
    assert not list(tmp_path.glob("*.html"))
