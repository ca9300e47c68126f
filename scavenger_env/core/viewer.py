"""A recorded game as one self-contained web page: the replay viewer.

`viewer_page(record)` replays a record (checking it, as `scavenger replay` does)
and writes an HTML page that works offline, with no file beside it: the picture
after every decision, a slider, step and play buttons and the arrow keys, the
readable name of each decision and the dice or cards chance dealt after it, the
scores once the game is over, and a choice of view: the whole truth, or what one
seat saw (its pictures and the decisions in the words that seat could read).

Pictures repeat a lot between views and steps, so each distinct SVG element is
stored once, a picture is the list of its elements' ids, and the whole is
gzip-compressed (the browser unpacks it with its own `DecompressionStream`). `read_page_data` reads the table back, for tests and tools.
"""

from __future__ import annotations

import base64
import gzip
import html
import json
import re
from dataclasses import dataclass, field
from typing import Any, Final

from scavenger_env.core.records import GameRecord
from scavenger_env.core.simulate import game_of, replay_record

__all__ = ["ViewerData", "page_shell", "read_page_data", "viewer_data", "viewer_page"]

TRUTH: Final = "truth"
"""The view name of the whole truth (the others are "seat 0", "seat 1", ...)."""


@dataclass
class ViewerData:
    """What the page shows, before it is packed: `frames[v][k]` is the index in
    `svgs` of view `v`'s picture at step `k`; `captions[v][k]` its lines."""

    title: str
    views: list[str]
    svgs: list[str] = field(default_factory=list)
    frames: list[list[int]] = field(default_factory=list)
    captions: list[list[list[str]]] = field(default_factory=list)
    movers: list[str] = field(default_factory=list)

    def to_json(self) -> str:
        """The page's data: each picture as a list of ids of its elements (a
        picture differs from the one before in a few elements, so the table of
        distinct elements and the id lists pack far smaller than the pictures)."""
        parts: dict[str, int] = {}
        pictures = [
            [parts.setdefault(piece, len(parts)) for piece in _ELEMENTS.split(svg)]
            for svg in self.svgs
        ]
        return json.dumps(
            {
                "title": self.title,
                "views": self.views,
                "parts": list(parts),
                "pictures": pictures,
                "frames": self.frames,
                "captions": self.captions,
                "movers": self.movers,
            },
            separators=(",", ":"),
        )


def _names(record: GameRecord) -> list[str]:
    players = record.players or []
    return [
        f"player {q}" + (f" ({players[q]})" if q < len(players) else "")
        for q in range(len(record.scores))
    ]


def viewer_data(record: GameRecord) -> ViewerData:
    """Replay `record` (a `RecordError` if it does not replay) and gather every
    view's pictures and captions, step by step.

    Step 0 is the position before the first decision; step k the position after
    the k-th decision and any chance outcome that followed it (so the dice a
    decision led to show on its step)."""
    replay_record(record)  # checks the whole record first: a page of a true game
    game = game_of(record)
    state = game.new_game(game.config_from_dict(record.config), record.seed)
    n = len(record.scores)
    names = _names(record)
    views = [TRUTH, *(f"seat {q}" for q in range(n))]
    seen: dict[str, int] = {}
    data = ViewerData(
        title=f"{game.title}: {n} players, seed {record.seed}",
        views=views,
        frames=[[] for _ in views],
        captions=[[] for _ in views],
    )
    lines: list[list[str]] = [[] for _ in views]
    viewers: list[int | None] = [None, *range(n)]

    def picture_index(svg: str) -> int:
        if svg not in seen:
            seen[svg] = len(data.svgs)
            data.svgs.append(svg)
        return seen[svg]

    def snapshot(mover: str) -> None:
        over = game.is_over(state)
        for v, viewer in enumerate(viewers):
            data.frames[v].append(picture_index(game.picture(state, viewer).svg))
            caption = lines[v] or ["The game begins."]
            if over:
                caption = [*caption, _outcome(record, names)]
            data.captions[v].append(caption)
            lines[v] = []
        data.movers.append(mover)

    def chance_outcomes() -> None:
        while not game.is_over(state) and game.is_chance_node(state):
            action = record.actions[index[0]]
            for v, viewer in enumerate(viewers):
                lines[v].append(
                    "Chance: " + game.describe_action(state, action, viewer)
                )
            game.apply_action(state, action)
            index[0] += 1

    index = [0]
    chance_outcomes()
    snapshot(_to_move(game, state, names))
    decision = 0
    while index[0] < len(record.actions):
        action = record.actions[index[0]]
        seat = game.current_player(state)
        decision += 1
        for v, viewer in enumerate(viewers):
            said = game.describe_action(state, action, viewer)
            lines[v].append(f"{names[seat]}: {said}")
        game.apply_action(state, action)
        index[0] += 1
        chance_outcomes()
        snapshot(_to_move(game, state, names))
    return data


def _to_move(game: Any, state: Any, names: list[str]) -> str:
    if game.is_over(state):
        return "game over"
    return f"{names[game.current_player(state)]} to decide"


def _outcome(record: GameRecord, names: list[str]) -> str:
    scores = ", ".join(f"{names[q]} {s}" for q, s in enumerate(record.scores))
    won = " and ".join(names[q] for q in record.winners)
    tie = " (tie)" if len(record.winners) > 1 else ""
    return f"Game over after {record.turns} turns. Scores: {scores}. Won by {won}{tie}."


_ELEMENTS: Final = re.compile(r"(?<=>)(?=<)")
"""Between two tags: where a picture is cut into its elements."""


def pack(data: ViewerData) -> str:
    """The data as base64 text of gzip-compressed JSON (what the page holds)."""
    raw = gzip.compress(data.to_json().encode("utf-8"), compresslevel=6, mtime=0)
    return base64.b64encode(raw).decode("ascii")


_DATA_TAG: Final = re.compile(
    r'<script type="application/gzip" id="game-data">([A-Za-z0-9+/=\s]*)</script>'
)


def read_page_data(page: str) -> dict[str, Any]:
    """The data a viewer page holds, unpacked (as `ViewerData.to_json`), with
    `svgs`: each picture put back together."""
    match = _DATA_TAG.search(page)
    if match is None:
        raise ValueError("not a scavenger replay viewer page: it holds no game data")
    loaded: dict[str, Any] = json.loads(gzip.decompress(base64.b64decode(match[1])))
    parts = loaded["parts"]
    loaded["svgs"] = ["".join(parts[i] for i in ids) for ids in loaded["pictures"]]
    return loaded


def viewer_page(record: GameRecord, *, start_view: str = TRUTH) -> str:
    """The self-contained HTML page of one recorded game (see the module)."""
    data = viewer_data(record)
    if start_view not in data.views:
        raise ValueError(f"no view {start_view!r}; the views are {data.views}")
    options = "".join(
        f'<option value="{i}"{" selected" if v == start_view else ""}>'
        f"{'the whole truth' if v == TRUTH else 'what ' + v + ' saw'}</option>"
        for i, v in enumerate(data.views)
    )
    body = _BODY.replace("@OPTIONS@", options).replace("@DATA@", pack(data))
    return page_shell(data.title, _STYLE, body)


def page_shell(title: str, style: str, body: str) -> str:
    """A self-contained page of the project's look (the replay viewer, web
    play): `title` in the header band, `style` (CSS) added to the shared one,
    `body` after the header."""
    return (
        _SHELL_TOP.replace("@TITLE@", html.escape(title))
        + style
        + _SHELL_BOTTOM.replace("@TITLE@", html.escape(title))
        + body
    )


_SHELL_TOP: Final = """<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>@TITLE@</title>
<style>
  body { font-family: "DejaVu Sans", Verdana, Arial, sans-serif; margin: 0;
         background: #f1efe9; color: #222; }
  header { padding: 10px 16px; background: #2f3e46; color: #fff; }
  header h1 { font-size: 17px; margin: 0; font-weight: 600; }
"""
_SHELL_BOTTOM: Final = """</style>
</head>
<body>
<header><h1>@TITLE@</h1></header>
"""

_STYLE: Final = """  #controls { display: flex; flex-wrap: wrap; gap: 8px; align-items: center;
              padding: 8px 16px; background: #e4e0d6; position: sticky; top: 0; }
  #controls button { font-size: 15px; min-width: 38px; padding: 3px 8px; }
  #slider { flex: 1 1 260px; }
  #where { font-variant-numeric: tabular-nums; min-width: 150px; }
  #caption { padding: 8px 16px; min-height: 3.6em; background: #fff;
             border-bottom: 1px solid #ccc; font-size: 14px; }
  #caption p { margin: 2px 0; }
  #caption .mover { color: #555; font-style: italic; }
  #picture { padding: 12px 16px; overflow: auto; }
  #picture svg { max-width: 100%; height: auto; box-shadow: 0 1px 4px #0003; }
  #problem { color: #a00; padding: 16px; }
"""

_BODY: Final = """<div id="controls">
  <label>View <select id="view">@OPTIONS@</select></label>
  <button id="first" title="first step (Home)">&#x21E4;</button>
  <button id="back" title="step back (left arrow)">&#x25C0;</button>
  <button id="play" title="play / pause (space)">play</button>
  <button id="next" title="step forward (right arrow)">&#x25B6;</button>
  <button id="last" title="last step (End)">&#x21E5;</button>
  <input id="slider" type="range" min="0" max="0" value="0" aria-label="step">
  <span id="where"></span>
</div>
<div id="caption"></div>
<div id="picture"><p>Loading the game...</p></div>
<script type="application/gzip" id="game-data">@DATA@</script>
<script>
"use strict";
(async function () {
  const $ = (id) => document.getElementById(id);
  let game;
  try {
    const packed = $("game-data").textContent.replace(/\\s+/g, "");
    const bytes = Uint8Array.from(atob(packed), (c) => c.charCodeAt(0));
    const stream = new Blob([bytes]).stream()
      .pipeThrough(new DecompressionStream("gzip"));
    game = JSON.parse(await new Response(stream).text());
  } catch (err) {
    $("picture").innerHTML = '<p id="problem">This browser cannot unpack the ' +
      "game (it needs DecompressionStream: Chrome 80, Firefox 113, Safari 16.4 " +
      "or newer).</p>";
    return;
  }
  const steps = game.frames[0].length;
  let view = Number($("view").value), step = 0, timer = null;
  $("slider").max = String(steps - 1);
  function line(text, kind) {
    const p = document.createElement("p");
    p.textContent = text;  // text, never markup
    if (kind) p.className = kind;
    return p;
  }
  function show() {
    const ids = game.pictures[game.frames[view][step]];
    $("picture").innerHTML = ids.map((i) => game.parts[i]).join("");
    $("caption").replaceChildren(...game.captions[view][step].map((t) => line(t)),
                                 line(game.movers[step], "mover"));
    $("slider").value = String(step);
    $("where").textContent = "step " + step + " of " + (steps - 1);
    document.body.dataset.step = String(step);
    document.body.dataset.view = game.views[view];
    document.body.dataset.picture = String(game.frames[view][step]);
  }
  function go(to) { step = Math.max(0, Math.min(steps - 1, to)); show(); }
  function stop() { if (timer !== null) { clearInterval(timer); timer = null; }
                    $("play").textContent = "play"; }
  function play() {
    if (timer !== null) { stop(); return; }
    if (step === steps - 1) go(0);
    $("play").textContent = "pause";
    timer = setInterval(() => { if (step >= steps - 1) stop(); else go(step + 1); }, 700);
  }
  $("first").onclick = () => { stop(); go(0); };
  $("back").onclick = () => { stop(); go(step - 1); };
  $("next").onclick = () => { stop(); go(step + 1); };
  $("last").onclick = () => { stop(); go(steps - 1); };
  $("play").onclick = play;
  $("slider").oninput = () => { stop(); go(Number($("slider").value)); };
  $("view").onchange = () => { view = Number($("view").value); show(); };
  document.addEventListener("keydown", (event) => {
    if (event.target instanceof HTMLSelectElement) return;
    const keys = { ArrowLeft: () => go(step - 1), ArrowRight: () => go(step + 1),
                   Home: () => go(0), End: () => go(steps - 1) };
    if (event.key in keys) { stop(); keys[event.key](); event.preventDefault(); }
    else if (event.key === " ") { play(); event.preventDefault(); }
  });
  show();
})();
</script>
</body>
</html>
"""
