"""The generated game pages (docs/_ext/gamepages.py) say what the games ship.

Every expectation is read from the game objects and their packages, so a game
added to the registry, an option, an action block, a view or a ruling added to a
game is checked without touching this file.
"""

from __future__ import annotations

import dataclasses
import importlib
import importlib.util
import re
from pathlib import Path
from types import ModuleType

import pytest

from scavenger_env.core import layout
from scavenger_env.core.games import game_names, get_game

ROOT = Path(__file__).resolve().parents[1]
REQUIRED_SECTIONS = (
    "Usage",
    "Description",
    "Specs",
    "Options",
    "Actions",
    "Observation",
    "Rewards",
    "Components",
    "Rulings",
    "Rules versions",
)


def load_gamepages() -> ModuleType:
    """The docs extension, loaded from its file (docs/ is not a package)."""
    path = ROOT / "docs" / "_ext" / "gamepages.py"
    spec = importlib.util.spec_from_file_location("gamepages", path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


gamepages = load_gamepages()


def _package(name: str) -> str:
    return type(get_game(name)).__module__.rpartition(".")[0]


def _engine_blocks(name: str) -> list[tuple[str | None, int, int]]:
    """(upper-case name or None, first id, last id) of each block of the
    engine's table, whichever order its entries keep their fields in."""
    blocks = importlib.import_module(f"{_package(name)}.engine.actions").BLOCKS
    out = []
    for entry in blocks:
        ints = [v for v in entry if isinstance(v, int)]
        names = [v for v in entry if isinstance(v, str) and v.isupper()]
        start, size = ints[0], ints[1]
        out.append((names[0] if names else None, start, start + size - 1))
    return out


@pytest.fixture(scope="module")
def pages() -> dict[str, str]:
    return {name: gamepages.game_page(name) for name in game_names()}


def test_a_page_is_written_per_registered_game(tmp_path: Path) -> None:
    written = gamepages.write_pages(tmp_path)
    assert sorted(p.name for p in written) == [f"{n}.md" for n in game_names()]
    assert sorted(p.name for p in tmp_path.iterdir()) == [
        f"{n}.md" for n in game_names()
    ]
    for name in game_names():
        text = (tmp_path / f"{name}.md").read_text(encoding="utf-8")
        assert text.startswith("<!-- generated")
        assert f"# {get_game(name).title}\n" in text


def test_every_page_shows_a_picture_of_a_position_the_build_draws(
    tmp_path: Path, pages: dict[str, str]
) -> None:
    import xml.etree.ElementTree as ET

    written = gamepages.write_position_pictures(tmp_path)
    assert sorted(p.name for p in written) == [
        f"{n}-position.svg" for n in game_names()
    ]
    for name in game_names():
        game = get_game(name)
        svg = (tmp_path / f"{name}-position.svg").read_text(encoding="utf-8")
        ET.fromstring(svg)
        assert svg != game.picture(game.new_game(game.make_config(3), 5), 0).svg
        assert f"![A position of {game.title}]({name}-position.svg)" in pages[name]


@pytest.mark.parametrize("name", game_names())
def test_the_page_has_every_section_in_order(name: str, pages: dict[str, str]) -> None:
    headings = re.findall(r"(?m)^## (.+)$", pages[name])
    assert tuple(headings) == REQUIRED_SECTIONS == gamepages.SECTIONS


@pytest.mark.parametrize("name", game_names())
def test_the_page_gives_the_specs(name: str, pages: dict[str, str]) -> None:
    game = get_game(name)
    page = pages[name]
    assert f"`Discrete({game.env_actions})`" in page
    assert f"({game.observation_size},)" in page
    assert f"| Rules version | {game.rules_version} " in page
    assert f"| Players | {game.min_players}–{game.max_players} |" in page
    module = game.env_entry_point.partition(":")[0].rpartition(".")[2]
    assert f"{module}.env(num_players=3)" in page


@pytest.mark.parametrize("name", game_names())
def test_every_option_is_on_the_page(name: str, pages: dict[str, str]) -> None:
    game = get_game(name)
    config = game.make_config(game.min_players)
    names = {f.name for f in dataclasses.fields(config)} | set(game.config_options())
    for option in names:
        row = re.search(
            rf"(?m)^\| `{option}` \| `[^`]+` \| `([^`]+)` \| (.*) \|$", pages[name]
        )
        assert row, option
        assert row[1] == repr(
            getattr(config.__class__(num_players=game.min_players), option)
        )
        assert row[2], f"{option} has no line"


@pytest.mark.parametrize("name", game_names())
def test_every_action_block_is_on_the_page(name: str, pages: dict[str, str]) -> None:
    rows = re.findall(r"(?m)^\| `(\w+)` \| (\d+)(?:–(\d+))? \| (yes)? \|", pages[name])
    spans = {(int(a), int(b or a)) for _, a, b, _ in rows}
    blocks = _engine_blocks(name)
    assert spans == {(first, last) for _, first, last in blocks}
    named = {n for n, _, _ in blocks if n}
    assert named <= {row[0] for row in rows}
    codec = get_game(name).codec()
    seat_starts = {start for start, _ in getattr(codec, "seat_blocks", ())}
    assert {int(a) for _, a, _, seat in rows if seat} == seat_starts


@pytest.mark.parametrize("name", game_names())
def test_every_observation_view_is_on_the_page(
    name: str, pages: dict[str, str]
) -> None:
    lay = importlib.import_module(f"{_package(name)}.observation").LAYOUT
    rows = re.findall(
        r"(?m)^\| `(\w+)` \| (\d+)–(\d+) \| (\([\d, ]+\)) \|", pages[name]
    )
    assert [(n, int(a), int(b) + 1) for n, a, b, _ in rows] == [
        (n, a, b) for n, (a, b) in layout.offsets(lay).items()
    ]
    assert [s for *_, s in rows] == [str(shape) for _, shape in lay]


@pytest.mark.parametrize("name", game_names())
def test_every_ruling_version_and_component_is_on_the_page(
    name: str, pages: dict[str, str]
) -> None:
    notes = importlib.import_module(f"{_package(name)}.notes")
    page = pages[name]
    rulings = page[page.index("## Rulings") : page.index("## Rules versions")]
    assert notes.RULINGS
    for n, ruling in enumerate(notes.RULINGS, start=1):
        assert f"{n}. **{ruling.title}.** " in rulings
        for option in ruling.options:
            assert f"`{option}`" in rulings
    config = get_game(name).make_config(get_game(name).min_players)
    fields = {f.name for f in dataclasses.fields(config)}
    for ruling in notes.RULINGS:
        assert set(ruling.options) <= fields, ruling.title
    for version in notes.RULES_VERSIONS:
        assert f"**Rules {version.version}**" in page
    assert get_game(name).rules_version in {v.version for v in notes.RULES_VERSIONS}
    for component in notes.COMPONENTS:
        assert f"| {component.name} | " in page


@pytest.mark.parametrize("name", game_names())
def test_the_page_cites_nothing_outside_the_project(
    name: str, pages: dict[str, str]
) -> None:
    assert "../" not in pages[name]
    assert "research" not in pages[name].lower()


def test_a_table_that_disagrees_with_the_code_fails_the_build(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    name = game_names()[0]
    game = get_game(name)
    monkeypatch.setattr(game, "env_actions", game.env_actions + 1)
    with pytest.raises(gamepages.PageError, match="codec table"):
        gamepages.game_page(name)
    monkeypatch.undo()
    observation = importlib.import_module(f"{_package(name)}.observation")
    renamed = (("renamed", observation.LAYOUT[0][1]), *observation.LAYOUT[1:])
    monkeypatch.setattr(observation, "LAYOUT", renamed)
    with pytest.raises(gamepages.PageError, match="renamed"):
        gamepages.game_page(name)


def test_a_rules_trace_page_is_written_per_game_with_a_trace(tmp_path: Path) -> None:
    """A game whose package has a `rule_trace` gets a page that names every rule,
    every worked example and every test of the trace; the game page links to it;
    a game without one gets none."""
    written = gamepages.write_trace_pages(tmp_path)
    with_trace = [
        name
        for name in game_names()
        if importlib.util.find_spec(f"{_package(name)}.rule_trace") is not None
    ]
    assert with_trace, "no game has a rule trace: nothing is tested"
    assert sorted(p.name for p in written) == sorted(
        f"{n}-rules-trace.md" for n in with_trace
    )
    for name in game_names():
        trace_file = f"{name}-rules-trace.md"
        if name not in with_trace:
            assert gamepages.trace_page(name) is None
            assert trace_file not in gamepages.game_page(name)
            continue
        page = (tmp_path / trace_file).read_text(encoding="utf-8")
        assert page.startswith("<!-- generated")
        trace = importlib.import_module(f"{_package(name)}.rule_trace")
        for item in (*trace.RULES, *trace.EXAMPLES):
            assert f"| `{item.id}` |" in page
            for test in item.tests:
                assert f"`{test}`" in page
        for section in trace.SECTIONS:
            assert f"### {section}\n" in page
        assert f"]({trace_file})" in gamepages.game_page(name)
        assert "../" not in page and "research" not in page.lower()
