"""Play in the browser: `scavenger play --web`.

One person plays one game against the project's bots in a page served on the
loopback address. The game runs here, by the same rules and with the same seeded
streams as terminal play (`agents.play.play_match`): the set-up and every roll
come from the seed, each bot from its own generator, so a game with the same seed
and the same choices is the same game, and its record replays like any other.

The page shows the picture of the game as the person's seat sees it, the choices
offered (a decision with one choice is taken for them, as in the terminal), and
what the bots and chance did since. A choice that acts on something in the
picture (a card, a space, a lot) can be made by clicking that thing: the game's
`action_target` names it by the `data-ref` the picture gives it.

The server speaks JSON: `GET /state` is the page's whole view, `POST /action`
with `{"action": ID}` makes a choice. A bad request (not JSON, not a legal
choice, not the person's turn) gets status 400 with `{"error": ...}` saying why,
and changes nothing.
"""

from __future__ import annotations

import json
import threading
from collections.abc import Callable, Sequence
from http import HTTPStatus
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any, Final

import numpy as np

from scavenger_env.core.chance import game_rng, sample_outcome
from scavenger_env.core.game import Game
from scavenger_env.core.records import GameRecord
from scavenger_env.core.viewer import page_shell

from .base import Agent, finish_agents, view_for

__all__ = ["WebGame", "WebPlayError", "make_server"]

_BOT_STREAM: Final = 3
"""The bots' generator stream, as in terminal play (`agents.play`)."""
MAX_BODY: Final = 4096
"""The largest request body accepted (a choice is a few bytes)."""


class WebPlayError(ValueError):
    """A request the game cannot take; the message says why."""


class WebGame:
    """One game between a person at `human` and bots in the other seats."""

    def __init__(
        self,
        game: Game,
        config: Any,
        seed: int,
        agents: Sequence[Agent | None],
        names: Sequence[str],
        human: int,
        *,
        on_over: Callable[[GameRecord], str] | None = None,
    ) -> None:
        """`on_over(record)` is called once, when the game ends (the CLI writes
        the record there); what it returns is shown under the result."""
        n = config.num_players
        if len(agents) != n or len(names) != n:
            raise ValueError(f"a {n}-player game needs {n} agents and names")
        if agents[human] is not None or sum(a is None for a in agents) != 1:
            raise ValueError("exactly one seat, the person's, has no bot")
        self.game = game
        self.config = config
        self.seed = seed
        self.human = human
        self.agents = list(agents)
        self.labels = [
            f"player {q} (you)" if q == human else f"player {q} ({names[q]})"
            for q in range(n)
        ]
        self.names = list(names)
        self._on_over = on_over
        self.saved: str | None = None
        self._done = False
        self._rngs = [np.random.default_rng([_BOT_STREAM, seed, q]) for q in range(n)]
        for seat, agent in enumerate(self.agents):
            if agent is not None:
                agent.reset(seat, config)
        self._chance = game_rng(seed)
        self.state = game.new_game(config, self._chance)
        self.actions: list[int] = []
        self.log: list[str] = [
            f"{game.title}: {n} players, seed {seed}.",
            f"Seats: {', '.join(self.labels)}.",
            *game.intro(self.state),
        ]
        self._teller = game.narrator(human)
        self._announced: set[str] = set()
        self._lock = threading.Lock()
        self._advance()

    # -- play ----------------------------------------------------------------

    def _apply(self, action: int, line: str) -> None:
        self.game.apply_action(self.state, action)
        self.actions.append(action)
        if line:
            self.log.append(line)
        self.log.extend(line for line in self._teller.after(self.state) if line)
        if not self.game.is_over(self.state):
            for key, sentence in self.game.news(self.state):
                if key not in self._announced:
                    self._announced.add(key)
                    self.log.append(sentence)

    def _advance(self) -> None:
        """Play chance and the bots (and the person's one-choice decisions) up
        to the person's next real decision or the end."""
        game, state = self.game, self.state
        while not game.is_over(state):
            if game.is_chance_node(state):
                outcome = sample_outcome(game.chance_outcomes(state), self._chance)
                text = self._teller.tell(state, outcome)
                self._apply(outcome, f"Chance: {text}" if text else "")
                continue
            seat = game.current_player(state)
            legal = game.legal_actions(state)
            agent = self.agents[seat]
            if agent is None:
                if len(legal) > 1:
                    return  # the person's turn
                text = game.describe_action(state, legal[0], self.human)
                self._apply(legal[0], f"You (the only choice): {text}")
                continue
            action = int(
                agent.act(view_for(agent, state, seat, game), legal, self._rngs[seat])
            )
            if action not in legal:
                raise RuntimeError(
                    f"{self.labels[seat]} chose {action}, which is not legal"
                )
            text = self._teller.tell(state, action)
            self._apply(action, f"{self.labels[seat]}: {text}" if text else "")
        self._finish()

    def _finish(self) -> None:
        if self._done:
            return
        self._done = True
        bots = [a for a in self.agents if a is not None]
        finish_agents(bots, self.game.scores(self.state), self.game.winners(self.state))
        if self._on_over is not None:
            record = self.game.record(self.config, self.seed, self.state, self.actions)
            self.saved = self._on_over(record)

    def choose(self, action: object) -> dict[str, Any]:
        """Make the person's choice `action` (an action id) and play on; a
        `WebPlayError` saying why, and no change, for one that is not legal."""
        with self._lock:
            game, state = self.game, self.state
            if game.is_over(state):
                raise WebPlayError(
                    "the game is over: start a new one with scavenger play --web"
                )
            if isinstance(action, bool) or not isinstance(action, int):
                raise WebPlayError(
                    f"an action is an integer id, not {json.dumps(action)}"
                )
            if game.current_player(state) != self.human or game.is_chance_node(state):
                raise WebPlayError("it is not your turn")
            reason = game.explain_illegal(state, action)
            if reason:
                raise WebPlayError(
                    f"action {action} is not one of your choices: {reason}"
                )
            text = game.describe_action(state, action, self.human)
            self._apply(action, f"You: {text}")
            self._advance()
            return self._view()

    def view(self) -> dict[str, Any]:
        """What the page shows now (only what the person's seat may know)."""
        with self._lock:
            return self._view()

    def _view(self) -> dict[str, Any]:
        game, state = self.game, self.state
        over = game.is_over(state)
        choices = []
        if not over and game.current_player(state) == self.human:
            for action in game.legal_actions(state):
                choices.append(
                    {
                        "action": action,
                        "name": game.describe_action(state, action, self.human),
                        "target": game.action_target(state, action),
                    }
                )
        view: dict[str, Any] = {
            "title": game.title,
            "seat": self.human,
            "labels": self.labels,
            "picture": game.picture(state, self.human).svg,
            "choices": choices,
            "log": self.log,
            "decisions": len(self.actions),
            "over": over,
        }
        if over:
            scores = game.scores(state)
            winners = game.winners(state)
            view["result"] = (
                f"Game over ({game.end_text(state)}). Scores: "
                + ", ".join(f"{self.labels[q]} {s}" for q, s in enumerate(scores))
                + ". Won by "
                + " and ".join(self.labels[q] for q in winners)
                + "."
            )
            view["saved"] = self.saved
        return view


# -- the server ------------------------------------------------------------------


def make_server(
    session: WebGame, host: str = "127.0.0.1", port: int = 8000
) -> ThreadingHTTPServer:
    """A server of `session`'s page and JSON at `host:port` (port 0: any free
    one; `server.server_address` says which). Call `serve_forever()`."""

    class Handler(BaseHTTPRequestHandler):
        server_version = "scavenger-play"

        def log_message(self, format: str, *args: Any) -> None:
            pass  # the terminal shows the address, not every request

        def _send(self, status: int, body: bytes, kind: str) -> None:
            self.send_response(status)
            self.send_header("Content-Type", kind)
            self.send_header("Content-Length", str(len(body)))
            self.send_header("Cache-Control", "no-store")
            self.end_headers()
            self.wfile.write(body)

        def _json(self, status: int, data: object) -> None:
            self._send(status, json.dumps(data).encode("utf-8"), "application/json")

        def do_GET(self) -> None:
            if self.path == "/":
                page = page_shell(session.game.title, STYLE, BODY)
                self._send(
                    HTTPStatus.OK, page.encode("utf-8"), "text/html; charset=utf-8"
                )
            elif self.path == "/state":
                self._json(HTTPStatus.OK, session.view())
            else:
                self._json(
                    HTTPStatus.NOT_FOUND, {"error": f"no page {self.path}: open /"}
                )

        def do_POST(self) -> None:
            if self.path != "/action":
                self._json(
                    HTTPStatus.NOT_FOUND,
                    {"error": f"no action at {self.path}: POST /action"},
                )
                return
            try:
                size = int(self.headers.get("Content-Length", "0"))
            except ValueError:
                size = -1
            if not 0 < size <= MAX_BODY:
                self._json(
                    HTTPStatus.BAD_REQUEST,
                    {
                        "error": f'send {{"action": ID}} as JSON, at most {MAX_BODY} bytes'
                    },
                )
                return
            try:
                data = json.loads(self.rfile.read(size))
                action = data["action"]
            except (ValueError, TypeError, KeyError):
                self._json(
                    HTTPStatus.BAD_REQUEST, {"error": 'send {"action": ID} as JSON'}
                )
                return
            try:
                self._json(HTTPStatus.OK, session.choose(action))
            except WebPlayError as err:
                self._json(HTTPStatus.BAD_REQUEST, {"error": str(err)})

    server = ThreadingHTTPServer((host, port), Handler)
    server.daemon_threads = True
    return server


STYLE: Final = """  main { display: flex; flex-wrap: wrap; gap: 16px; padding: 12px 16px; }
  #board { flex: 1 1 700px; overflow: auto; }
  #board svg { max-width: 100%; height: auto; box-shadow: 0 1px 4px #0003; }
  #side { flex: 0 1 360px; display: flex; flex-direction: column; gap: 12px; }
  #choices button { display: block; width: 100%; text-align: left; margin: 3px 0;
                    padding: 5px 8px; font-size: 14px; cursor: pointer; }
  #choices button.picked { outline: 3px solid #edae49; }
  #prompt { font-weight: 600; }
  #error { color: #a00; min-height: 1.2em; }
  #log { background: #fff; border: 1px solid #ccc; padding: 6px 8px; height: 320px;
         overflow-y: auto; font-size: 13px; }
  #log p { margin: 2px 0; }
  #result { font-weight: 600; background: #fff7e0; padding: 8px; }
  #board svg text { pointer-events: none; }  /* a click goes to the thing under */
  .clickable { cursor: pointer; }
  .clickable:hover { filter: drop-shadow(0 0 3px #edae49); }
  .clickable rect, .clickable circle, .clickable polygon,
  rect.clickable, circle.clickable, polygon.clickable { stroke: #edae49 !important;
                                                         stroke-width: 3 !important; }
"""

BODY: Final = """<main>
  <div id="board"><p>Loading...</p></div>
  <div id="side">
    <div id="result" hidden></div>
    <div id="prompt"></div>
    <div id="choices"></div>
    <div id="error" role="alert"></div>
    <div id="log" aria-label="what happened"></div>
  </div>
</main>
<script>
"use strict";
const $ = (id) => document.getElementById(id);
let busy = false;

function line(text) { const p = document.createElement("p"); p.textContent = text; return p; }

async function send(action) {
  if (busy) return;
  busy = true;
  $("error").textContent = "";
  try {
    const reply = await fetch("/action", { method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ action: action }) });
    const data = await reply.json();
    if (!reply.ok) { $("error").textContent = data.error; return; }
    show(data);
  } catch (err) {
    $("error").textContent = "The game's server is gone (" + err + ").";
  } finally { busy = false; }
}

function pick(target, choices) {
  const here = choices.filter((c) => c.target === target);
  if (here.length === 1) { send(here[0].action); return; }
  for (const button of $("choices").children) {
    button.classList.toggle("picked", here.some((c) => String(c.action) === button.dataset.action));
  }
}

function show(data) {
  $("board").innerHTML = data.picture;
  const choices = data.choices;
  const box = $("choices");
  box.replaceChildren();
  for (const c of choices) {
    const button = document.createElement("button");
    button.textContent = c.name;
    button.dataset.action = String(c.action);
    if (c.target) button.dataset.target = c.target;
    button.onclick = () => send(c.action);
    box.append(button);
  }
  const targets = new Set(choices.map((c) => c.target).filter((t) => t));
  for (const target of targets) {
    for (const el of $("board").querySelectorAll('[data-ref="' + CSS.escape(target) + '"]')) {
      el.classList.add("clickable");
      el.addEventListener("click", (event) => { event.stopPropagation(); pick(target, choices); });
    }
  }
  $("prompt").textContent = data.over ? "" : (choices.length ? "Your choice:" : "Waiting...");
  const log = $("log");
  log.replaceChildren(...data.log.map(line));
  log.scrollTop = log.scrollHeight;
  $("result").hidden = !data.over;
  if (data.over) {
    $("result").textContent = data.result +
      (data.saved ? " " + data.saved : "");
  }
  document.body.dataset.decisions = String(data.decisions);
  document.body.dataset.over = data.over ? "1" : "0";
}

fetch("/state").then((r) => r.json()).then(show).catch((err) => {
  $("error").textContent = "Cannot reach the game's server (" + err + ").";
});
</script>
</body>
</html>
"""
