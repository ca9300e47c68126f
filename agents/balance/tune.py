"""The rule tuner: search rule options toward stated targets with Optuna.

Each trial picks rule options (Optuna's TPE sampler), plays a tournament under
them and measures the metrics; the objective is how far the metrics fall outside
their target ranges (0: every target met), each distance divided by its range's
width so targets of different units weigh alike. Everything is kept in the study
folder:

- `study.db`: Optuna's SQLite storage, so a study resumes (`tune` again with the
  same folder): finished trials are kept, and a trial cut off mid-tournament is
  played again with the same options, its tournament resuming where it stopped;
- `trials/OPTIONS-HASH/`: each trial's tournament, as `scavenger tournament`
  writes it (records, report);
- `study.json`: the settings; a resumed study must have the same ones;
- `trials.csv` and `report.md`: every trial's options and metrics, and the best.

Parameters name a rule option of the game's config (`merc_distribution`), one
entry of a tuple option with `[i]` (`cave_in_thresholds[0]`, the 2-player
threshold), or a value inside a mapping option with dots
(`card_data.Igil.cost`, Hewns' card-data override; `card_data.Raw
Substract.gems[0][0]`, the best gem's value). An entry the study's options
leave unset starts from the config's `effective_NAME` where it has one (Hewns'
`effective_card_data` and `effective_danger_faces`: `danger_faces[0]`).
"""

from __future__ import annotations

import hashlib
import json
import math
import os
from collections.abc import Callable, Mapping, Sequence
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

import pandas as pd

from .frames import game_frame, seat_frame
from .skill import skill_gradient
from .variants import Variant, play_variant

STUDY_FILE = "study.json"
#: what a target can name: first player's win rate, mean turns, mean actions (the
#: decisions, and chance's outcomes where a game rolls), the winner's mean lead,
#: and the skill gradient over the study's tiers
METRICS = (
    "first_player_win_rate",
    "turns",
    "actions",
    "winner_margin",
    "skill_gradient",
    "ended_early",
    "lots_bought",
    "all_lots_bought",
    "first_seat_win_rate",
    "type_share_max",
)
HEWNS_METRICS = METRICS[5:]
"""Hewns's calibration questions (`calibration.metrics`): the share of games
ended by an immediate trigger, of offered lots bought, of auctions with every
lot bought, the round-1 first bidder's win rate and the highest Hewn type's win
ratio to its fair share."""


class TuneError(ValueError):
    """A study's settings are wrong or do not match its folder; says which."""


@dataclass(frozen=True)
class Param:
    """A rule option to search: `int` or `float` in [low, high], or one of
    `choices`."""

    name: str
    kind: str
    low: float | None = None
    high: float | None = None
    choices: tuple[Any, ...] = ()

    def check(self) -> Param:
        if self.kind in ("int", "float"):
            if self.low is None or self.high is None or self.low > self.high:
                raise TuneError(f"parameter {self.name}: give low <= high")
        elif self.kind == "choice":
            if len(self.choices) < 2:
                raise TuneError(f"parameter {self.name}: give at least two choices")
        else:
            raise TuneError(
                f"parameter {self.name}: kind {self.kind!r}; use int, float or choice"
            )
        return self

    @classmethod
    def parse(cls, text: str) -> Param:
        """`NAME=int:LOW:HIGH`, `NAME=float:LOW:HIGH` or `NAME=choice:A,B,...`."""
        name, _, spec = text.partition("=")
        kind, _, rest = spec.partition(":")
        try:
            if kind in ("int", "float"):
                low, high = rest.split(":")
                number = int if kind == "int" else float
                return cls(name.strip(), kind, number(low), number(high)).check()
            if kind == "choice":
                return cls(
                    name.strip(),
                    kind,
                    choices=tuple(_value(x) for x in rest.split(",")),
                ).check()
        except ValueError as err:
            if isinstance(err, TuneError):
                raise
        raise TuneError(
            f"--param {text!r}: write NAME=int:LOW:HIGH, NAME=float:LOW:HIGH or "
            "NAME=choice:A,B (say cave_in_thresholds[0]=int:5:10 or "
            "card_data.Igil.cost=int:8:14)"
        )


@dataclass(frozen=True)
class Target:
    """A metric's wanted range [low, high]."""

    metric: str
    low: float
    high: float

    def check(self) -> Target:
        if self.metric not in METRICS:
            raise TuneError(f"target {self.metric!r}: use one of {', '.join(METRICS)}")
        if not self.low <= self.high:
            raise TuneError(f"target {self.metric}: give low <= high")
        return self

    @classmethod
    def parse(cls, text: str) -> Target:
        """`METRIC=LOW:HIGH` (say `first_player_win_rate=0.48:0.52`)."""
        metric, _, spec = text.partition("=")
        try:
            low, high = (float(x) for x in spec.split(":"))
        except ValueError:
            raise TuneError(
                f"--target {text!r}: write METRIC=LOW:HIGH, METRIC one of "
                f"{', '.join(METRICS)}"
            ) from None
        return cls(metric.strip(), low, high).check()

    def miss(self, value: float) -> float:
        """How far `value` lies outside the range, in range widths (at least 1%
        of the value's scale, so a point target works)."""
        width = max(self.high - self.low, 0.01 * max(abs(self.low), abs(self.high), 1))
        return max(self.low - value, 0.0, value - self.high) / width


@dataclass(frozen=True)
class Study:
    """Everything that decides a study (saved as `study.json`)."""

    params: tuple[Param, ...]
    targets: tuple[Target, ...]
    players: tuple[str, ...]
    num_players: int
    games: int
    seed: int = 0
    tiers: tuple[str, ...] = ()
    game: str = "cavein"
    base_options: Mapping[str, Any] = field(default_factory=dict)

    def check(self) -> Study:
        if not self.params:
            raise TuneError("give at least one --param to search")
        if not self.targets:
            raise TuneError("give at least one --target")
        for item in (*self.params, *self.targets):
            item.check()
        hewns_only = sorted({t.metric for t in self.targets} & set(HEWNS_METRICS))
        if hewns_only and self.game != "hewns":
            raise TuneError(
                f"targets {', '.join(hewns_only)} are Hewns calibration metrics; "
                "use them with --game hewns"
            )
        needs = any(t.metric == "skill_gradient" for t in self.targets)
        if needs and len(self.tiers) < 2:
            raise TuneError("a skill_gradient target needs --tiers (weakest first)")
        unknown = sorted(set(self.tiers) - set(self.players))
        if unknown:
            raise TuneError(f"tiers {unknown} are not among the players")
        if self.games < 1:
            raise TuneError("games per trial must be positive")
        return self

    def to_dict(self) -> dict[str, Any]:
        return json.loads(json.dumps(asdict(self)))

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Study:
        return cls(
            params=tuple(
                Param(**{**p, "choices": tuple(p["choices"])}) for p in data["params"]
            ),
            targets=tuple(Target(**t) for t in data["targets"]),
            players=tuple(data["players"]),
            num_players=data["num_players"],
            games=data["games"],
            seed=data["seed"],
            tiers=tuple(data["tiers"]),
            game=data["game"],
            base_options=data["base_options"],
        )


def _value(text: str) -> Any:
    """A choice as JSON when it reads as JSON (numbers, true/false), else text."""
    try:
        return json.loads(text)
    except ValueError:
        return text.strip()


def options_of(study: Study, chosen: Mapping[str, Any]) -> dict[str, Any]:
    """The rule options of a trial: the study's base options with the chosen
    values put in (an indexed name sets one entry of a tuple option, a dotted
    one a value inside a mapping option: `option_path`)."""
    from scavenger_env.core.config import option_path, put_in_option
    from scavenger_env.core.games import get_game

    rules = get_game(study.game)
    options = dict(study.base_options)
    default = rules.make_config(study.num_players)
    for name, value in chosen.items():
        path = option_path(name)
        if path is None:
            options[name] = value
            continue
        key, steps = path
        effective = getattr(default, f"effective_{key}", None)
        current = options.get(key, getattr(default, key, None))
        try:
            options[key] = put_in_option(current, steps, value, effective)
        except ValueError as err:
            raise TuneError(f"parameter {name}: at {err}") from None
    return options


def measure(
    seats: pd.DataFrame, study: Study, lots: pd.DataFrame | None = None
) -> dict[str, float]:
    """The metrics of one trial's tournament, each with its 95% interval; a
    Hewns study's also its calibration metrics (`lots`: the lot table of
    `calibration.tables`, for the auction ones)."""
    from .estimates import mean_ci, rate

    games = game_frame(seats)
    first = games["first_player_won"].dropna().astype(bool)
    r = rate(float(first.sum()), len(first))
    out = {
        "first_player_win_rate": r["rate"],
        "first_player_win_rate_low": r["ci_low"],
        "first_player_win_rate_high": r["ci_high"],
    }
    for metric in ("turns", "actions", "winner_margin"):
        column = metric
        m = mean_ci(games[column])
        out |= {
            metric: m["mean"],
            f"{metric}_low": m["ci_low"],
            f"{metric}_high": m["ci_high"],
        }
    if len(study.tiers) >= 2:
        g = skill_gradient(seats, study.tiers, seed=study.seed)
        out |= {
            "skill_gradient": g["gradient"],
            "skill_gradient_low": g["ci_low"],
            "skill_gradient_high": g["ci_high"],
        }
    if study.game == "hewns":
        from . import calibration

        played = calibration.Tables(
            seats, lots if lots is not None else calibration.empty_lots()
        )
        out |= calibration.metrics(played, study.num_players, seed=study.seed)
    return out


def objective(metrics: Mapping[str, float], targets: Sequence[Target]) -> float:
    """The sum of the targets' misses (0: all met)."""
    return float(sum(t.miss(metrics[t.metric]) for t in targets))


def trial_folder_name(options: Mapping[str, Any]) -> str:
    """A folder name fixed by the options, so a trial played again resumes."""
    text = json.dumps(options, sort_keys=True, default=list)
    return hashlib.sha256(text.encode()).hexdigest()[:12]


def _prepare(folder: Path, study: Study, resume: bool) -> None:
    saved = folder / STUDY_FILE
    if saved.exists():
        if not resume:
            raise TuneError(
                f"{folder} already holds a study; add --resume to go on with it, "
                "or give another --output"
            )
        try:
            old = Study.from_dict(json.loads(saved.read_text()))
        except (ValueError, KeyError, TypeError) as err:
            raise TuneError(f"{saved} is not a study's settings ({err})") from None
        if old != study:
            raise TuneError(
                f"{folder} holds a study with other settings; resume it with the "
                "same --param, --target, --players, --num-players, --games, --seed "
                "and --tiers, or give another --output"
            )
        return
    if resume:
        raise TuneError(f"{folder} holds no study to resume; leave out --resume")
    if folder.exists() and any(folder.iterdir()):
        raise TuneError(f"{folder} is not empty; give a new or empty --output")
    folder.mkdir(parents=True, exist_ok=True)
    saved.write_text(json.dumps(study.to_dict(), indent=2) + "\n")


def tune(
    folder: str | os.PathLike[str],
    study: Study,
    trials: int,
    *,
    resume: bool = False,
    jobs: int = 1,
    backend: str = "local",
    progress: bool = False,
    on_trial: Callable[[int, float], None] | None = None,
) -> pd.DataFrame:
    """Run the study in `folder` until it has `trials` finished trials; returns
    the table of trials (best first) and writes `trials.csv` and `report.md`."""
    import optuna

    study.check()
    folder = Path(folder)
    _prepare(folder, study, resume)
    optuna.logging.set_verbosity(optuna.logging.WARNING)
    storage = f"sqlite:///{(folder / 'study.db').resolve()}"
    search = optuna.create_study(
        study_name="balance",
        storage=storage,
        load_if_exists=True,
        direction="minimize",
        sampler=optuna.samplers.TPESampler(seed=study.seed),
    )
    states = optuna.trial.TrialState
    for stale in search.get_trials(deepcopy=False, states=(states.RUNNING,)):
        search.tell(stale.number, state=states.FAIL)  # cut off: play it again
        search.enqueue_trial(stale.params)
    done = len(search.get_trials(deepcopy=False, states=(states.COMPLETE,)))
    bar = None
    if progress:
        from tqdm import tqdm

        bar = tqdm(total=trials, initial=min(done, trials), desc="trials", unit="trial")
    while done < trials:
        trial = search.ask()
        chosen = {p.name: _suggest(trial, p) for p in study.params}
        try:
            options = options_of(study, chosen)
            name = trial_folder_name(options)
            played = play_variant(
                Variant(name, options),
                list(study.players),
                study.num_players,
                study.games,
                folder / "trials",
                seed=study.seed,
                game=study.game,
                jobs=jobs,
                backend=backend,
            )
        except ValueError as err:  # options the rules refuse: not worth a retry
            search.tell(trial, state=states.FAIL)
            raise TuneError(
                f"trial {trial.number} ({_show(chosen)}): {err}; narrow the --param "
                "ranges to values the rules accept"
            ) from None
        if study.game == "hewns":  # one replay gives the seats and the auctions
            from .calibration import tables

            both = tables(played, study.game)
            metrics = measure(both.seats, study, both.lots)
        else:
            metrics = measure(seat_frame(played), study)
        value = objective(metrics, study.targets)
        for key, x in metrics.items():
            trial.set_user_attr(key, x)
        trial.set_user_attr("folder", f"trials/{name}")
        search.tell(trial, value)
        done += 1
        if bar is not None:
            bar.update(1)
        if on_trial is not None:
            on_trial(trial.number, value)
    if bar is not None:
        bar.close()
    table = trials_table(search, study)
    table.to_csv(folder / "trials.csv")
    (folder / "report.md").write_text(report(table, study))
    return table


def _show(chosen: Mapping[str, Any]) -> str:
    return ", ".join(f"{k}={v!r}" for k, v in chosen.items())


def _suggest(trial: Any, param: Param) -> Any:
    if param.kind == "int":
        return trial.suggest_int(param.name, int(param.low), int(param.high))
    if param.kind == "float":
        return trial.suggest_float(param.name, float(param.low), float(param.high))
    return trial.suggest_categorical(param.name, list(param.choices))


def trials_table(search: Any, study: Study) -> pd.DataFrame:
    """One row per finished trial: its options, objective and metrics."""
    import optuna

    rows = {}
    for t in search.get_trials(states=(optuna.trial.TrialState.COMPLETE,)):
        rows[t.number] = {**t.params, "objective": t.value, **t.user_attrs}
    table = pd.DataFrame.from_dict(rows, orient="index")
    table.index.name = "trial"
    return table.sort_values(["objective"], kind="stable") if len(table) else table


def report(table: pd.DataFrame, study: Study) -> str:
    """The study's report in Markdown: the targets, the best trial with its
    intervals, and every trial."""
    lines = ["# Rule tuning", ""]
    lines.append(
        f"{len(table)} trials of {study.games} games each; players "
        f"{', '.join(study.players)}; {study.num_players} players; seed {study.seed}."
    )
    lines += [
        "",
        "Targets: "
        + "; ".join(f"{t.metric} in [{t.low:g}, {t.high:g}]" for t in study.targets),
        "",
    ]
    if not len(table):
        return "\n".join([*lines, "No trial has finished yet.", ""])
    best = table.iloc[0]
    names = [p.name for p in study.params]
    lines += ["## Best", ""]
    lines += [f"- `{n}` = {_plain(best[n])!r}" for n in names]
    lines.append(f"- objective {best['objective']:.4g} (0: every target met)")
    for metric in METRICS:
        if metric in best and not (
            isinstance(best[metric], float) and math.isnan(best[metric])
        ):
            lines.append(
                f"- {metric}: {best[metric]:.3f} (95% CI {best[metric + '_low']:.3f}"
                f"–{best[metric + '_high']:.3f})"
            )
    columns = [*names, "objective", *[m for m in METRICS if m in table]]
    lines += ["", "## All trials", "", _markdown(table[columns]), ""]
    return "\n".join(lines)


def _plain(x: Any) -> Any:
    """A numpy scalar as the Python value it holds."""
    return x.item() if hasattr(x, "item") else x


def _markdown(table: pd.DataFrame) -> str:
    def cell(x: Any) -> str:
        return f"{x:.4g}" if isinstance(x, float) else str(x)

    head = ["trial", *map(str, table.columns)]
    rows = [[str(i), *map(cell, row)] for i, row in zip(table.index, table.to_numpy())]
    lines = ["| " + " | ".join(head) + " |", "|" + "---|" * len(head)]
    return "\n".join(lines + ["| " + " | ".join(r) + " |" for r in rows])
