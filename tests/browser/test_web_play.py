"""`scavenger play --web` in a real browser: a whole Cave-In game and several
Hewns turns played by clicking the board and the offered choices; the record the
game leaves replays; a bad request is refused and changes nothing."""

from __future__ import annotations

import json
import threading
import urllib.error
import urllib.request
from collections.abc import Iterator
from typing import Any

import numpy as np
import pytest
from browser_shots import screenshot

from agents.registry import make_agent
from agents.web_play import WebGame, make_server
from scavenger_env.core.games import get_game
from scavenger_env.core.records import GameRecord
from scavenger_env.core.simulate import replay_record


class Served:
    def __init__(self, name: str, seed: int, bot: str = "random") -> None:
        game = get_game(name)
        config = game.make_config(2)
        self.records: list[GameRecord] = []
        self.session = WebGame(
            game,
            config,
            seed,
            [None, make_agent(bot, game=name)],
            ["you", bot],
            0,
            on_over=lambda r: self.records.append(r) or "The record is kept.",
        )
        self.server = make_server(self.session, "127.0.0.1", 0)
        host, port = self.server.server_address[:2]
        self.url = f"http://{host}:{port}/"
        self.thread = threading.Thread(target=self.server.serve_forever, daemon=True)
        self.thread.start()

    def close(self) -> None:
        self.server.shutdown()
        self.server.server_close()


@pytest.fixture
def served() -> Iterator[list[Served]]:
    made: list[Served] = []
    yield made
    for s in made:
        s.close()


def decisions(page: Any) -> int:
    return int(page.evaluate("() => document.body.dataset.decisions"))


def play_one(page: Any, rng: np.random.Generator) -> str:
    """Make one choice, by clicking the board where a choice has a place there
    (every other time), else a button; returns how."""
    before = decisions(page)
    clickable = page.locator("#board .clickable")
    how = "button"
    if clickable.count() and rng.random() < 0.5:
        clickable.nth(int(rng.integers(clickable.count()))).click()
        how = "board"
        picked = page.locator("#choices button.picked")
        page.wait_for_function(
            f"document.body.dataset.decisions !== '{before}' || "
            "document.querySelector('#choices button.picked') !== null"
        )
        if picked.count():  # several choices act on that thing: pick one
            picked.nth(int(rng.integers(picked.count()))).click()
            how = "board, then a button"
    else:
        buttons = page.locator("#choices button")
        buttons.nth(int(rng.integers(buttons.count()))).click()
    page.wait_for_function(f"document.body.dataset.decisions !== '{before}'")
    return how


def test_a_whole_cavein_game_by_clicks(page: Any, served: list[Served]) -> None:
    s = Served("cavein", seed=11)
    served.append(s)
    page.goto(s.url)
    page.wait_for_selector("#board svg")
    screenshot(page, "play-web-cavein")
    rng = np.random.default_rng(5)
    ways = []
    for _ in range(600):
        if page.evaluate("() => document.body.dataset.over") == "1":
            break
        ways.append(play_one(page, rng))
    else:
        pytest.fail("the game did not end in 600 choices")
    assert "board" in ways and "button" in ways
    result = page.inner_text("#result")
    assert result.startswith("Game over") and "The record is kept." in result
    (record,) = s.records
    assert record.actions == s.session.actions
    final = replay_record(record)  # the same rules: the record replays
    assert get_game("cavein").scores(final) == record.scores


def test_several_hewns_turns_by_clicks(page: Any, served: list[Served]) -> None:
    s = Served("hewns", seed=4)
    served.append(s)
    page.goto(s.url)
    page.wait_for_selector("#board svg")
    rng = np.random.default_rng(2)
    game = get_game("hewns")
    start = game.turns(s.session.state)
    ways = [play_one(page, rng) for _ in range(40)]
    assert game.turns(s.session.state) >= start + 4
    assert "board" in ways or "board, then a button" in ways
    screenshot(page, "play-web-hewns")


def post(url: str, body: bytes) -> tuple[int, dict[str, Any]]:
    request = urllib.request.Request(url + "action", data=body, method="POST")
    try:
        with urllib.request.urlopen(request) as reply:
            return reply.status, json.loads(reply.read())
    except urllib.error.HTTPError as err:
        return err.code, json.loads(err.read())


def test_a_bad_request_is_refused_and_changes_nothing(served: list[Served]) -> None:
    s = Served("krysis", seed=3)
    served.append(s)
    game = get_game("krysis")
    before = game.clone(s.session.state)
    legal = game.legal_actions(s.session.state)
    illegal = next(a for a in range(game.num_actions) if a not in legal)
    for body, said in [
        (b"not json", "as JSON"),
        (b'{"move": 1}', "as JSON"),
        (b'{"action": true}', "integer id"),
        (b'{"action": "3"}', "integer id"),
        (json.dumps({"action": illegal}).encode(), "not one of your choices"),
    ]:
        status, data = post(s.url, body)
        assert status == 400
        assert said in data["error"]
        assert game.same_state(s.session.state, before)
    with urllib.request.urlopen(s.url + "state") as reply:
        view = json.loads(reply.read())
    assert [c["action"] for c in view["choices"]] == legal
    status, data = post(s.url, json.dumps({"action": legal[0]}).encode())
    assert status == 200 and data["decisions"] > 0
