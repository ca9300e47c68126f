"""A tournament's folder: its file names, and the check that a folder is new or
holds this very tournament (``tournament.json``), resuming a folder made under
older rules under its own.
"""

from __future__ import annotations

import dataclasses
import json
import os
from pathlib import Path
from typing import Any

from scavenger_env.core.errors import ConfigError
from scavenger_env.core.game import Game
from scavenger_env.core.games import DEFAULT_GAME, UnknownGameError, get_game
from scavenger_env.core.records import atomic_output

from .errors import TournamentError
from .plan import Plan

__all__ = [
    "GAMES_FILE",
    "PLOT_FILE",
    "REPORT_FILE",
    "SETTINGS_FILE",
    "SUMMARY_CSV",
    "SUMMARY_FILE",
    "TIMING_FILE",
    "check_directory",
    "check_settings",
    "read_config",
    "rules_note",
    "write_json_atomic",
]

SETTINGS_FILE = "tournament.json"
GAMES_FILE = "games.jsonl"
SUMMARY_FILE = "summary.json"
TIMING_FILE = "timing.jsonl"
REPORT_FILE = "report.md"
SUMMARY_CSV = "summary.csv"
PLOT_FILE = "winrates.png"

_OUTPUT_FILES = (SUMMARY_FILE, SUMMARY_CSV, REPORT_FILE, PLOT_FILE, TIMING_FILE)
"""The files a tournament writes beside its games (replaced at each run)."""

_IDENTITY = ("game", "config", "specs", "seed", "all_seatings")
"""The settings a rerun into the same folder must repeat (``deals`` may grow)."""


def check_directory(plan: Plan, directory: str | os.PathLike[str]) -> Plan:
    """Check that ``directory`` is new, or holds this tournament (reads only).

    Returns:
        The plan a run into ``directory`` follows: ``plan`` itself, or, when
        ``plan.rules_given`` is false and the folder was made under older rules
        (its config lacks fields added since, such as ``rules_version``), ``plan``
        under the folder's rules, so that it resumes as it began.

    Raises:
        TournamentError: ``directory`` is a file, or holds another tournament.
    """
    directory = Path(directory)
    if directory.exists() and not directory.is_dir():
        raise TournamentError(f"--output {directory} is a file; give a folder")
    if directory.is_dir():
        return check_settings(directory, plan)
    return plan


def check_settings(directory: Path, plan: Plan) -> Plan:
    """`check_directory` for an existing folder: the plan to follow, or the
    TournamentError that refuses it."""
    settings_path = directory / SETTINGS_FILE
    if not settings_path.exists():
        if (directory / GAMES_FILE).exists():
            raise TournamentError(
                f"{directory / GAMES_FILE} exists but {settings_path} does not, so its "
                "games cannot be checked; choose another --output folder"
            )
        # Not a tournament's folder, yet it holds files a tournament would write
        # over: refuse rather than replace what someone else made.
        taken = [name for name in _OUTPUT_FILES if (directory / name).exists()]
        if taken:
            raise TournamentError(
                f"{directory} holds {', '.join(taken)} but no {SETTINGS_FILE}, so "
                "it is no tournament's folder and a tournament would replace "
                f"{'it' if len(taken) == 1 else 'them'}; choose another --output "
                "folder"
            )
        return plan
    try:
        stored = json.loads(settings_path.read_text(encoding="utf-8"))
    except (OSError, ValueError, RecursionError) as exc:
        why = "nested too deeply" if isinstance(exc, RecursionError) else exc
        raise TournamentError(
            f"{settings_path} cannot be read ({why}); choose another --output folder"
        ) from None
    if not isinstance(stored, dict):
        raise TournamentError(f"{settings_path} is not a tournament's settings file")
    # A folder written before games were named holds Cave-In.
    stored_game = stored.get("game", DEFAULT_GAME)
    if stored_game != plan.game:
        # Configs of two games do not compare: name the game only.
        differ = ["game"]
        what = f"game: {_show(stored_game)} there, {plan.game} now"
    else:
        game = get_game(plan.game)
        stored_config = read_config(stored.get("config"), game)
        if not plan.rules_given and stored_config is not None:
            plan = _with_folder_rules(plan, stored["config"], stored_config)
        wanted = plan.settings()
        differ = [
            key
            for key in _IDENTITY
            if key != "game"
            and (
                stored_config != plan.config
                if key == "config"
                else stored.get(key) != wanted[key]
            )
        ]
        what = "; ".join(
            _config_difference(stored.get(key), stored_config, plan.config)
            if key == "config"
            else f"{key}: {_show(stored.get(key))} there, {_show(wanted[key])} now"
            for key in differ
        )
    if differ:
        raise TournamentError(
            f"{directory} holds a tournament with other settings ({what}); "
            "rerun with the same settings to resume it, or choose another --output "
            "folder"
        )
    return plan


def read_config(data: Any, game: Game) -> Any:
    """A stored config read by ``game.config_from_dict`` (a field it lacks takes
    its legacy value), or None when it is not one of ``game``'s configs."""
    if not isinstance(data, dict):
        return None
    try:
        return game.config_from_dict(data)
    except (ConfigError, TypeError, ValueError):
        return None


def rules_note(plan: Plan, directory: str | os.PathLike[str]) -> str | None:
    """The note to show when ``plan`` follows a folder made under other rules than
    the game's current ones (:func:`check_directory` returned it), else None."""
    try:
        current = get_game(plan.game).rules_version
    except UnknownGameError:
        return None
    version = plan.config.to_dict().get("rules_version")
    if version is None or version == current:
        return None
    return (
        f"{directory} was made under rules version {version}; it is resumed under them"
    )


def _with_folder_rules(plan: Plan, stored_data: dict[str, Any], stored: Any) -> Plan:
    """``plan`` under the stored rules, when it differs from them only in fields
    the user did not choose: ``rules_version`` and the fields the stored config
    lacks (added since it was written)."""
    have, wanted = stored.to_dict(), plan.config.to_dict()
    for key, value in wanted.items():
        if key != "rules_version" and key in stored_data and have.get(key) != value:
            return plan  # other settings: refused by the caller
    if stored == plan.config:
        return plan
    return dataclasses.replace(plan, config=stored)


def _config_difference(data: Any, stored: Any, config: Any) -> str:
    if stored is None:
        return f"config: {_show(data)} there, {_show(config.to_dict())} now"
    have, wanted = stored.to_dict(), config.to_dict()
    return "; ".join(
        f"config.{key}: {_show(have.get(key))} there, {_show(wanted[key])} now"
        for key in wanted
        if have.get(key) != wanted[key]
    )


def _show(value: Any) -> str:
    if isinstance(value, list):
        return ",".join(map(str, value))
    if isinstance(value, dict):
        return json.dumps(value, sort_keys=True)
    return str(value)


def write_json_atomic(path: Path, data: Any) -> None:
    """Write ``data`` as indented JSON, all or nothing (a crash keeps the old file)."""
    with atomic_output(path) as out:
        out.write(json.dumps(data, indent=2) + "\n")
