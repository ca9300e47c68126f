"""The picture toolkit every game draws with (`scavenger_env.core.picture`) and
the "human" screen's choice of where to show a picture."""

from __future__ import annotations

import sys
import xml.etree.ElementTree as ET
from pathlib import Path

import numpy as np
import pytest

from scavenger_env.core import screen
from scavenger_env.core.games import GAMES, get_game
from scavenger_env.core.picture import (
    Picture,
    RenderExtraMissing,
    Svg,
    text_picture,
)

SVG_NS = "{http://www.w3.org/2000/svg}"


def test_text_and_attributes_are_escaped_so_any_name_is_safe() -> None:
    svg = Svg(100, 50, title="a <title> & more")
    svg.text(5, 20, 'card "<Bomb> & Co"', data_ref="card-<1>")
    svg.rect(0, 0, 10, 10, tip="tip <b>", fill="#fff", stroke_width=1.5)
    root = ET.fromstring(svg.picture().svg)  # raises if the escaping failed
    text = root.find(f"{SVG_NS}text")
    assert text is not None
    assert text.text == 'card "<Bomb> & Co"'
    assert text.get("data-ref") == "card-<1>"
    rect = root.findall(f"{SVG_NS}rect")[-1]
    assert rect.get("stroke-width") == "1.5"
    assert rect.find(f"{SVG_NS}title").text == "tip <b>"  # type: ignore[union-attr]


def test_a_group_wraps_what_is_drawn_inside_it() -> None:
    svg = Svg(40, 40)
    with svg.group(data_ref="space-3", transform="translate(5,5)"):
        svg.circle(0, 0, 4)
    root = ET.fromstring(svg.picture().svg)
    group = root.find(f"{SVG_NS}g")
    assert group is not None and group.get("data-ref") == "space-3"
    assert group.find(f"{SVG_NS}circle") is not None


def test_a_text_picture_keeps_every_line_and_its_spaces() -> None:
    picture = text_picture("a  b\n  indented <x>")
    root = ET.fromstring(picture.svg)
    lines = [t.text for t in root.iter(f"{SVG_NS}text")]
    assert lines == ["a\u00a0\u00a0b", "\u00a0\u00a0indented\u00a0<x>"]
    assert picture.width >= 200 and picture.height > 30


@pytest.mark.parametrize("name", sorted(GAMES))
def test_every_game_draws_a_picture_that_jupyter_shows(name: str) -> None:
    game = get_game(name)
    state = game.new_game(game.make_config(2), 5)
    picture = game.picture(state, 0)
    assert isinstance(picture, Picture)
    assert picture._repr_svg_() == picture.svg
    ET.fromstring(picture.svg)
    assert picture == game.picture(state, 0)  # drawing is a pure query


def test_pictures_save_as_svg_or_png_and_refuse_other_names(tmp_path: Path) -> None:
    picture = text_picture("hello")
    assert picture.save(tmp_path / "a.svg").read_text(encoding="utf-8") == picture.svg
    with pytest.raises(ValueError, match=r"\.svg or a \.png"):
        picture.save(tmp_path / "a.jpg")
    assert not (tmp_path / "a.jpg").exists()
    pytest.importorskip("resvg_py")
    png = picture.save(tmp_path / "a.png").read_bytes()
    assert png.startswith(b"\x89PNG")


def test_to_rgb_is_an_array_of_the_picture_s_size() -> None:
    pytest.importorskip("resvg_py")
    picture = text_picture("x" * 40 + "\n" + "y")
    pixels = picture.to_rgb()
    assert pixels.shape == (picture.height, picture.width, 3)
    assert pixels.dtype == np.uint8
    assert pixels.min() < 100  # the text is drawn dark on the light background
    assert picture.to_rgb(zoom=2).shape == (2 * picture.height, 2 * picture.width, 3)


def test_pixels_without_the_render_extra_say_what_to_install(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setitem(sys.modules, "resvg_py", None)  # as if not installed
    with pytest.raises(RenderExtraMissing, match=r"scavenger-env\[render\]"):
        text_picture("x").to_png()


def test_a_human_window_without_the_extra_is_refused_when_the_env_is_made(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    from scavenger_env.core.aec import make_env
    from scavenger_env.core.errors import ConfigError

    monkeypatch.setattr(screen, "in_notebook", lambda: False)
    real = screen.importlib.util.find_spec
    monkeypatch.setattr(
        screen.importlib.util,
        "find_spec",
        lambda name, *a: None if name == "pygame" else real(name, *a),
    )
    with pytest.raises(ConfigError, match=r"pygame-ce missing.*\[render\]"):
        make_env("cavein", render_mode="human", render_seat=0)


def test_in_a_notebook_each_step_updates_one_inline_display(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    display = pytest.importorskip("IPython.display")
    calls: list[tuple[str, str]] = []

    class Handle:
        def update(self, shown: object) -> None:
            calls.append(("update", shown.data))  # type: ignore[attr-defined]

    def fake_display(shown: object, display_id: bool = False) -> Handle:
        calls.append(("display", shown.data))  # type: ignore[attr-defined]
        return Handle()

    monkeypatch.setattr(screen, "in_notebook", lambda: True)
    monkeypatch.setattr(display, "display", fake_display)
    shown = screen.Screen("test")
    first, second = text_picture("one"), text_picture("two")
    shown.show(first)
    shown.show(second)
    assert [kind for kind, _ in calls] == ["display", "update"]
    assert "one" in calls[0][1] and "two" in calls[1][1]
    assert shown.last == second


def test_behind_puts_a_background_under_what_was_drawn_since_the_mark() -> None:
    svg = Svg(50, 50)
    svg.circle(1, 1, 1)
    mark = svg.mark()
    svg.text(5, 20, "on top")
    with svg.behind(mark):
        svg.rect(0, 0, 40, 30, fill="#eee")
    root = ET.fromstring(svg.picture().svg)
    tags = [child.tag.removeprefix(SVG_NS) for child in root]
    assert tags == ["rect", "circle", "rect", "text"]  # page, circle, background, text


def test_a_window_without_a_screen_says_what_to_use_instead(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    pygame = pytest.importorskip("pygame")
    pytest.importorskip("resvg_py")
    monkeypatch.setattr(screen, "in_notebook", lambda: False)

    def no_screen(size: object) -> None:
        raise pygame.error("No available video device")

    monkeypatch.setattr(pygame.display, "set_mode", no_screen)
    shown = screen.Screen("test")
    with pytest.raises(screen.NoScreenError, match="rgb_array"):
        shown.show(text_picture("x"))
    shown.close()
