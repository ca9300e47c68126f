"""The replay viewer page in a real browser: it unpacks its game, steps with the
buttons, the arrow keys and the slider, names each decision, changes picture, and
switches between the whole truth and one seat's view."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import numpy as np
import pytest
from browser_shots import screenshot

from scavenger_env.core.games import get_game
from scavenger_env.core.simulate import play_random_game
from scavenger_env.core.viewer import read_page_data, viewer_page


def record_of(name: str, seed: int) -> Any:
    game = get_game(name)
    config = game.make_config(2)
    state, actions = play_random_game(game, config, seed)
    record = game.record(config, seed, state, actions)
    record.players = ["random", "random"]
    return record


def open_page(page: Any, tmp_path: Path, name: str, seed: int) -> dict[str, Any]:
    html = viewer_page(record_of(name, seed))
    path = tmp_path / f"{name}.html"
    path.write_text(html, encoding="utf-8")
    page.goto(path.as_uri())
    page.wait_for_selector("#picture svg")
    return read_page_data(html)


def caption(page: Any) -> list[str]:
    return [p.strip() for p in page.locator("#caption p").all_inner_texts()]


def state(page: Any) -> tuple[int, str]:
    data = page.evaluate(
        "() => [document.body.dataset.step, document.body.dataset.view]"
    )
    return int(data[0]), str(data[1])


def shown_picture(page: Any) -> int:
    """The index in the page's table of the picture on show (the page's own
    record of what it put in #picture)."""
    return int(page.evaluate("() => document.body.dataset.picture"))


@pytest.mark.parametrize("name", ["cavein", "krysis", "hewns"])
def test_stepping_through_a_game_names_each_decision_and_redraws(
    page: Any, tmp_path: Path, name: str
) -> None:
    data = open_page(page, tmp_path, name, seed=4)
    steps = len(data["frames"][0])
    assert state(page) == (0, "truth")
    assert caption(page) == [*data["captions"][0][0], data["movers"][0]]
    pictures = [page.inner_html("#picture")]
    for k in range(1, 6):  # the arrow key, then the button
        if k % 2:
            page.keyboard.press("ArrowRight")
        else:
            page.click("#next")
        assert state(page) == (k, "truth")
        assert caption(page) == [*data["captions"][0][k], data["movers"][k]]
        pictures.append(page.inner_html("#picture"))
    assert len(set(pictures)) > 1, "the picture never changed in 5 steps"
    assert shown_picture(page) == data["frames"][0][5]
    page.keyboard.press("ArrowLeft")
    assert state(page)[0] == 4
    page.keyboard.press("End")
    assert state(page)[0] == steps - 1
    assert caption(page)[-2].startswith("Game over after")
    if name == "cavein":
        page.keyboard.press("Home")
        for _ in range(3):
            page.keyboard.press("ArrowRight")
        screenshot(page, "viewer-cavein")


def test_the_slider_and_the_view_choice(page: Any, tmp_path: Path) -> None:
    data = open_page(page, tmp_path, "hewns", seed=2)
    middle = len(data["frames"][0]) // 2
    page.locator("#slider").fill(str(middle))  # fires "input"
    assert state(page) == (middle, "truth")
    page.select_option("#view", label="what seat 1 saw")
    assert state(page) == (middle, "seat 1")
    assert shown_picture(page) == data["frames"][2][middle]
    assert caption(page) == [*data["captions"][2][middle], data["movers"][middle]]
    # The truth and the seat's view differ somewhere in the game (the test can fail).
    assert data["frames"][0] != data["frames"][2]
    screenshot(page, "viewer-hewns")


def test_play_runs_to_the_end_and_stops(page: Any, tmp_path: Path) -> None:
    data = open_page(page, tmp_path, "krysis", seed=1)
    steps = len(data["frames"][0])
    page.locator("#slider").fill(str(steps - 3))
    page.keyboard.press(" ")
    page.wait_for_function(f"document.body.dataset.step === '{steps - 1}'")
    page.wait_for_timeout(900)  # one more tick: it must have stopped
    assert state(page)[0] == steps - 1
    assert np.isfinite(steps)
