"""Sphinx extension: a reference page per registered game, generated from the code.

On `builder-inited` it writes `docs/games/<name>.md` for every game in
`scavenger_env.core.games`, so that a page can never drift from what ships: each
section is read from the game itself, and nothing here is about one game.

Where each section comes from, in the game's package `scavenger_env.<pkg>`:

* the title, players, action and observation sizes and rules version: the `Game`
  object; the env docstring: the module of `Game.env_entry_point`'s function
  (its `### Rewards`, `### Actions` and `### Observation space` sections open
  those sections of the page, the rest goes under Description);
* options: the fields of the game's config dataclass (type, default) and
  `Game.config_options()` (one line each);
* actions: the block table in `<pkg>.codec`'s docstring, checked to tile
  `range(Game.env_actions)`, with the blocks that name a relative seat taken
  from `Game.codec().seat_blocks`;
* observation: `<pkg>.observation.LAYOUT` (names, index ranges, shapes) and the
  table in that module's docstring (meanings), checked to name the same views
  with the same ranges;
* overview, hidden information, components, rulings and rules versions:
  `<pkg>.notes` (see `scavenger_env/cavein/notes.py`);
* a picture of a position (`Game.picture`), drawn at each build into
  `docs/games/<name>-position.svg`;
* a worked turn, where the game has a module `<pkg>.worked_turn` whose
  `worked_turn()` plays one on the engine and tells it in Markdown (played at
  each build, so it stays true);
* a second page, `docs/games/<name>-rules-trace.md`, where the game has a module
  `<pkg>.rule_trace` (see `scavenger_env/hewns/rule_trace.py`): every rule and
  worked example of the rulebook with the tests that check it; the game page
  links to it.

A table that disagrees with the code raises `PageError`, which fails the build.
`game_page(game)` builds one page's text without Sphinx (the tests call it).
"""

from __future__ import annotations

import ast
import dataclasses
import importlib
import importlib.util
import re
from collections.abc import Sequence
from pathlib import Path
from types import ModuleType
from typing import Any

from scavenger_env.core import layout as core_layout
from scavenger_env.core.games import AnyGame, game_names, get_game

__all__ = [
    "SECTIONS",
    "PageError",
    "game_page",
    "setup",
    "trace_page",
    "write_pages",
    "write_position_pictures",
    "write_trace_pages",
]

SECTIONS = (
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
"""The page's sections (`##` headings), in order."""

_ENV_SECTIONS = {
    "Actions": "Actions",
    "Observation space": "Observation",
    "Rewards": "Rewards",
}
"""Env docstring sections (`###`) that open a page section of their own."""


class PageError(RuntimeError):
    """A game's documented table disagrees with its code."""


# --- reading the game's modules ------------------------------------------------


def _docstring(module: ModuleType) -> str:
    """The module's docstring; read from its source when the module is compiled
    (a mypyc module has no `__doc__`)."""
    if module.__doc__:
        return module.__doc__
    file = Path(module.__file__ or "")
    source = (
        file
        if file.suffix == ".py"
        else file.with_name(f"{module.__name__.rpartition('.')[2]}.py")
    )
    if not source.exists():
        raise PageError(f"{module.__name__} has no docstring and no source to read")
    return ast.get_docstring(ast.parse(source.read_text(encoding="utf-8"))) or ""


def _package(game: AnyGame) -> str:
    """The game's package (`scavenger_env.cavein`), from its class's module."""
    return type(game).__module__.rpartition(".")[0]


def _module(game: AnyGame, name: str) -> ModuleType:
    return importlib.import_module(f"{_package(game)}.{name}")


def _worked_turn(game: AnyGame) -> str:
    """The game's worked turn (`<pkg>.worked_turn.worked_turn()`), or "" when
    the game has none."""
    name = f"{_package(game)}.worked_turn"
    if importlib.util.find_spec(name) is None:
        return ""
    return str(importlib.import_module(name).worked_turn())


def _rule_trace(game: AnyGame) -> ModuleType | None:
    """The game's rule trace (`<pkg>.rule_trace`), or None when it has none."""
    name = f"{_package(game)}.rule_trace"
    if importlib.util.find_spec(name) is None:
        return None
    return importlib.import_module(name)


def trace_page_name(game: AnyGame | str) -> str:
    """The file name of `game`'s rules-trace page."""
    return f"{get_game(game).name}-rules-trace.md"


def _test_cell(tests: Sequence[str]) -> str:
    return "<br>".join(f"`{t}`" for t in tests)


def trace_page(game: AnyGame | str) -> str | None:
    """The markdown page of `game`'s rule trace, or None when it has none."""
    game = get_game(game)
    trace = _rule_trace(game)
    if trace is None:
        return None
    parts = [
        f"<!-- generated by docs/_ext/gamepages.py from scavenger_env.{game.name}"
        ".rule_trace; edit the package, not this page -->",
        f"# {game.title}: every rule and its tests",
        "Each rule the engine plays is said in a line, with the rulebook's words "
        "it rests on and the tests (under `tests/` in the project's source) that "
        "fail if the engine plays it otherwise. Run one with "
        "`python -m pytest tests/<file>::<test>`. Where the rulebook is silent "
        "or unclear, the game page's Rulings say how the engine reads it.",
        "## Rules",
    ]
    for section in trace.SECTIONS:
        rows = [
            (f"`{r.id}`", r.rule, r.quote, _test_cell(r.tests))
            for r in trace.RULES
            if r.section == section
        ]
        parts += [f"### {section}", _table(("id", "rule", "rulebook", "tests"), rows)]
    parts += [
        "## Worked examples",
        "The rulebook's worked examples, each replayed by a golden test with the "
        "rolls it prints.",
    ]
    for section in trace.SECTIONS:
        rows = [
            (
                f"`{e.id}`",
                e.example,
                e.quote,
                _test_cell(e.tests) or f"not replayed: {e.pending}",
            )
            for e in trace.EXAMPLES
            if e.section == section
        ]
        if rows:
            parts += [
                f"### {section} (examples)",
                _table(("id", "example", "rulebook", "tests"), rows),
            ]
    return "\n\n".join(parts) + "\n"


def _env_module(game: AnyGame) -> ModuleType:
    """The module that defines the env (`<pkg>.env`), via the entry point."""
    where, _, attribute = game.env_entry_point.partition(":")
    function = getattr(importlib.import_module(where), attribute)
    return importlib.import_module(function.__module__)


def _md_sections(doc: str) -> tuple[str, dict[str, str]]:
    """A markdown docstring split at its `### ` headings: (intro, {title: body})."""
    parts = re.split(r"(?m)^### +(.+)$", doc)
    intro, sections = parts[0], {}
    for title, body in zip(parts[1::2], parts[2::2]):
        sections[title.strip()] = body.strip()
    return intro.strip(), sections


def _without_tables(text: str) -> str:
    """Markdown without its pipe tables (the Specs table replaces the env's)."""
    lines = [line for line in text.splitlines() if not line.lstrip().startswith("|")]
    return re.sub(r"\n{3,}", "\n\n", "\n".join(lines)).strip()


def rst_table(doc: str) -> list[list[str]]:
    """The rows of the first reStructuredText simple table in `doc`, header row
    left out; a line whose first column is blank continues the row above."""
    lines = doc.splitlines()
    rules = [i for i, line in enumerate(lines) if re.fullmatch(r"=+( +=+)+ *", line)]
    if len(rules) < 3:
        raise PageError("no reStructuredText simple table found")
    spans = [m.span() for m in re.finditer(r"=+", lines[rules[0]])]
    rows: list[list[str]] = []
    for line in lines[rules[1] + 1 : rules[2]]:
        cells = [
            line[a : (b if k < len(spans) - 1 else None)].strip()
            for k, (a, b) in enumerate(spans)
        ]
        if cells[0] or not rows:
            rows.append(cells)
        else:
            rows[-1] = [_join(old, new) for old, new in zip(rows[-1], cells)]
    return rows


def _join(line: str, more: str) -> str:
    """A cell's next line joined on: a word hyphenated at the line's end is
    closed up ("one-" + "hot")."""
    if not more:
        return line
    if re.search(r"\w-$", line):
        return line + more
    return f"{line} {more}".strip()


def _id_range(text: str) -> tuple[int, int]:
    """ "4..13", "17-24" or "59" as (first, last)."""
    m = re.fullmatch(r"(\d+)(?:(?:\.\.|-|–)(\d+))?", text.strip())
    if m is None:
        raise PageError(f"not an id range: {text!r}")
    return int(m[1]), int(m[2] or m[1])


def _span(first: int, last: int) -> str:
    return str(first) if first == last else f"{first}–{last}"


def _cell(text: object) -> str:
    """Text safe inside a markdown table cell."""
    return str(text).replace("|", "\\|").replace("\n", " ")


def _table(header: Sequence[str], rows: Sequence[Sequence[object]]) -> str:
    """A markdown pipe table."""
    out = ["| " + " | ".join(header) + " |", "|" + "---|" * len(header)]
    out += ["| " + " | ".join(_cell(c) for c in row) + " |" for row in rows]
    return "\n".join(out)


# --- the sections -----------------------------------------------------------------


def _usage(game: AnyGame) -> str:
    module = game.env_entry_point.partition(":")[0]
    package, _, name = module.rpartition(".")
    return f"""```python
import numpy as np
from {package} import {name}

env = {name}.env(num_players=3)
env.reset(seed=42)
rng = np.random.default_rng(0)
for agent in env.agent_iter():
    obs, reward, termination, truncation, info = env.last()
    action = (
        None
        if termination or truncation
        else int(rng.choice(np.flatnonzero(obs["action_mask"])))
    )
    env.step(action)
print(info["final_scores"], info["winners"])
```

Or, after `import {package}`: `pettingzoo.make("aec", "{game.env_id}", num_players=3)`.
Every option below is a keyword of `{name}.env` too."""


def _config_fields(game: AnyGame) -> list[dataclasses.Field[Any]]:
    config = game.make_config(game.min_players)
    return list(dataclasses.fields(config))


def _options(game: AnyGame) -> str:
    help_lines = game.config_options()
    rows = []
    for field in _config_fields(game):
        if field.name == "num_players":
            line = f"seats: {game.min_players} to {game.max_players}"
        else:
            line = help_lines.get(field.name, "")
        if field.default is not dataclasses.MISSING:
            default = repr(field.default)
        elif field.default_factory is not dataclasses.MISSING:
            default = repr(field.default_factory())
        else:
            default = "(required)"
        rows.append([f"`{field.name}`", f"`{field.type}`", f"`{default}`", line])
    config_class = type(game.make_config(game.min_players)).__name__
    return (
        f"Keywords of the env and fields of `{config_class}` (frozen and checked: "
        "a bad value raises `ConfigError` naming the field).\n\n"
        + _table(("option", "type", "default", "meaning"), rows)
    )


def action_rows(game: AnyGame) -> list[tuple[str, int, int, bool, str]]:
    """(block, first id, last id, names a relative seat, meaning) for each block
    of the codec's docstring table, checked to tile the env's action ids."""
    rows = rst_table(_docstring(_module(game, "codec")))
    seat_starts = {start for start, _ in getattr(game.codec(), "seat_blocks", ())}
    out, at = [], 0
    for name, ids, meaning in rows:
        first, last = _id_range(ids)
        if first != at:
            raise PageError(
                f"{game.name}: the codec table's {name} starts at {first}, not {at}"
            )
        out.append((name, first, last, first in seat_starts, meaning))
        at = last + 1
    if at != game.env_actions:
        raise PageError(
            f"{game.name}: the codec table ends at {at - 1}, the env has "
            f"{game.env_actions} actions"
        )
    return out


def _actions(game: AnyGame, env_text: str) -> str:
    rows = [
        [f"`{name}`", _span(first, last), "yes" if seat else "", meaning]
        for name, first, last, seat, meaning in action_rows(game)
    ]
    return (
        f"{env_text}\n\n"
        + _table(("block", "ids", "relative seat", "meaning"), rows)
        + "\n\nIn a block that names a seat, seat 0 is the acting player, 1 the "
        "next in turn order, and so on."
    )


def observation_rows(game: AnyGame) -> list[tuple[str, int, int, tuple[int, ...], str]]:
    """(view, first index, last index, shape, meaning) from the layout, with the
    meanings of the observation module's docstring table (checked to name the
    same views with the same ranges)."""
    module = _module(game, "observation")
    lay: core_layout.Layout = module.LAYOUT
    if core_layout.size(lay) != game.observation_size:
        raise PageError(f"{game.name}: the layout is not observation_size long")
    documented = {row[0]: row for row in rst_table(_docstring(module))}
    out = []
    for name, (start, end) in core_layout.offsets(lay).items():
        row = documented.pop(name, None)
        if row is None:
            raise PageError(f"{game.name}: view {name!r} is not in the docstring table")
        if _id_range(row[1]) != (start, end - 1):
            raise PageError(
                f"{game.name}: the docstring gives view {name!r} indices {row[1]}, "
                f"the layout {start}-{end - 1}"
            )
        out.append((name, start, end - 1, dict(lay)[name], row[-1]))
    if documented:
        raise PageError(
            f"{game.name}: the docstring tables unknown views {sorted(documented)}"
        )
    return out


def _observation(game: AnyGame, env_text: str) -> str:
    doc = _docstring(_module(game, "observation"))
    prose = doc.split("\n=", 1)[0].strip().split("\n\n", 1)[-1]
    rows = [
        [f"`{name}`", f"{first}–{last}", str(shape), meaning]
        for name, first, last, shape, meaning in observation_rows(game)
    ]
    return (
        f"{env_text}\n\n{prose}\n\n"
        + _table(("view", "indices", "shape", "meaning"), rows)
        + f"\n\nTotal: {game.observation_size} floats."
    )


def _specs(game: AnyGame, notes: ModuleType) -> str:
    rows = [
        ["Players", f"{game.min_players}–{game.max_players}"],
        ["Hidden information", notes.HIDDEN_INFORMATION],
        ["Simultaneous choices", notes.SIMULTANEOUS_CHOICES],
        ["Action space", f"`Discrete({game.env_actions})`"],
        [
            "Observation",
            f"`Box(0, 1, ({game.observation_size},), float32)` plus a "
            f"`({game.env_actions},)` int8 action mask",
        ],
        ["Rules version", f"{game.rules_version} (see Rules versions)"],
        ["Environment id", f"`{game.env_id}`"],
        ["Game name (`--game`)", f"`{game.name}`"],
    ]
    return _table(("spec", "value"), rows)


def _components(notes: ModuleType) -> str:
    parts = [
        "Every value lives in the game's `engine/data.py` with a tag saying where "
        "it comes from:",
        "\n".join(
            f"- `{tag}`: {meaning}" for tag, meaning in notes.PROVENANCE_TAGS.items()
        ),
        _table(
            ("component", "content", "source"),
            [(c.name, c.content, c.provenance) for c in notes.COMPONENTS],
        ),
    ]
    for table in notes.COMPONENT_TABLES:
        parts += [
            f"### {table.title}",
            table.intro,
            _table(table.header, list(table.rows)),
        ]
    return "\n\n".join(parts)


def _rulings(notes: ModuleType) -> str:
    items = []
    for n, ruling in enumerate(notes.RULINGS, start=1):
        extra = f" *Source: {ruling.source}.*"
        if ruling.options:
            extra += " *Option: " + ", ".join(f"`{o}`" for o in ruling.options) + ".*"
        items.append(f"{n}. **{ruling.title}.** {ruling.text}{extra}")
    return notes.RULINGS_INTRO + "\n\n" + "\n".join(items)


def _rules_versions(game: AnyGame, notes: ModuleType) -> str:
    parts = [notes.RULES_VERSIONS_INTRO]
    for version in notes.RULES_VERSIONS:
        default = " (the default)" if version.version == game.rules_version else ""
        parts.append(f"**Rules {version.version}**{default}: {version.summary}.")
        if version.changes:
            parts.append("\n".join(f"- {change}" for change in version.changes))
    return "\n\n".join(parts)


# --- the picture of a position ---------------------------------------------------

POSITION = (3, 5, 0.4)
"""The pictured position: a random game of 3 players, seed 5, stopped 40% of
the way through its actions (at a player's decision)."""


def position_name(game: AnyGame) -> str:
    return f"{game.name}-position.svg"


def position_picture(game: AnyGame | str) -> tuple[str, str]:
    """The SVG of the game's pictured position as seat 0 sees it, and a caption
    saying which position it is (drawn at each build: it shows what the code
    draws today)."""
    from scavenger_env.core.simulate import play_random_game

    game = get_game(game)
    players, seed, share = POSITION
    players = min(max(players, game.min_players), game.max_players)
    config = game.make_config(players)
    _, actions = play_random_game(game, config, seed)
    state = game.new_game(config, seed)
    played = int(share * len(actions))
    for action in actions[:played]:
        game.apply_action(state, action)
    while game.is_chance_node(state):  # on to a player's decision
        game.apply_action(state, actions[played])
        played += 1
    caption = (
        f"A random {players}-player game (seed {seed}) after {played} of its "
        "actions, as player 0 sees it: `game.picture(state, 0)`, the picture "
        'that `render_mode="rgb_array"` and `"human"` show and that the replay viewer '
        "steps through."
    )
    return game.picture(state, 0).svg, caption


def _position(game: AnyGame) -> str:
    _, caption = position_picture(game)
    return f"![A position of {game.title}]({position_name(game)})\n\n{caption}"


# --- the page ---------------------------------------------------------------------


def game_page(game: AnyGame | str) -> str:
    """The markdown page of `game` (a `Game` or a registered name)."""
    game = get_game(game)
    notes = _module(game, "notes")
    intro, env_sections = _md_sections(_docstring(_env_module(game)))
    own = {page: env_sections.pop(title, "") for title, page in _ENV_SECTIONS.items()}
    # the env docstring's first line is its summary ("X as a PettingZoo AEC
    # environment"): the page's title says it
    intro = intro.partition("\n")[2]
    description = [notes.OVERVIEW, _without_tables(intro)]
    description += [f"### {title}\n\n{body}" for title, body in env_sections.items()]
    description.append(f"### A position\n\n{_position(game)}")
    worked = _worked_turn(game)
    if worked:
        description.append(f"### A worked turn\n\n{worked}")
    if _rule_trace(game) is not None:
        description.append(
            "### Rules and their tests\n\nEvery rule the engine plays and every "
            "worked example of the rulebook, with the tests that check it: "
            f"[{game.title}: every rule and its tests]({trace_page_name(game)})."
        )
    body = {
        "Usage": _usage(game),
        "Description": "\n\n".join(description),
        "Specs": _specs(game, notes),
        "Options": _options(game),
        "Actions": _actions(game, own["Actions"]),
        "Observation": _observation(game, own["Observation"]),
        "Rewards": own["Rewards"],
        "Components": _components(notes),
        "Rulings": _rulings(notes),
        "Rules versions": _rules_versions(game, notes),
    }
    header = (
        f"<!-- generated by docs/_ext/gamepages.py from scavenger_env.{game.name}; "
        "edit the package, not this page -->"
    )
    sections = "\n\n".join(f"## {title}\n\n{body[title].strip()}" for title in SECTIONS)
    return f"{header}\n\n# {game.title}\n\n{sections}\n"


def write_pages(folder: Path) -> list[Path]:
    """Write `<name>.md` into `folder` for every registered game; a page whose
    text is unchanged is left alone (so Sphinx does not rebuild it)."""
    folder.mkdir(parents=True, exist_ok=True)
    written = []
    for name in game_names():
        path = folder / f"{name}.md"
        text = game_page(name)
        if not path.exists() or path.read_text(encoding="utf-8") != text:
            path.write_text(text, encoding="utf-8")
        written.append(path)
    return written


def write_position_pictures(folder: Path) -> list[Path]:
    """Write `<name>-position.svg` (the picture a game page shows) into
    `folder` for every registered game; an unchanged picture is left alone."""
    folder.mkdir(parents=True, exist_ok=True)
    written = []
    for name in game_names():
        game = get_game(name)
        path = folder / position_name(game)
        svg, _ = position_picture(game)
        if not path.exists() or path.read_text(encoding="utf-8") != svg:
            path.write_text(svg, encoding="utf-8")
        written.append(path)
    return written


def write_trace_pages(folder: Path) -> list[Path]:
    """Write `<name>-rules-trace.md` into `folder` for every registered game
    with a rule trace; an unchanged page is left alone."""
    folder.mkdir(parents=True, exist_ok=True)
    written = []
    for name in game_names():
        text = trace_page(name)
        if text is None:
            continue
        path = folder / trace_page_name(name)
        if not path.exists() or path.read_text(encoding="utf-8") != text:
            path.write_text(text, encoding="utf-8")
        written.append(path)
    return written


def _on_builder_inited(app: Any) -> None:
    write_pages(Path(app.srcdir) / "games")
    write_position_pictures(Path(app.srcdir) / "games")
    write_trace_pages(Path(app.srcdir) / "games")


def setup(app: Any) -> dict[str, Any]:
    """Register the page writer with Sphinx."""
    app.connect("builder-inited", _on_builder_inited)
    return {"version": "1", "parallel_read_safe": True, "parallel_write_safe": True}
