"""Execute the project's notebooks and keep executed copies for the docs.

Runs every notebook of ``notebooks/`` (or those named) with nbclient at one
``SCAVENGER_SCALE`` (``ci`` or ``full``; the notebooks' first cells define what
each means), writes each executed copy, with its outputs and plots, to
``docs/notebooks/<name>.ipynb`` and writes ``docs/notebooks/index.md``: the scale,
date, machine, build, the command, and each notebook's status and wall time. The
source notebooks stay output-free. Games are kept under ``notebooks/runs/`` (git
ignores it; ``--runs`` to change), so a rerun reuses them, and
``docs/results/scripts/balance.py --from-notebooks`` reads them.

Usage (from the repository root)::

    python docs/results/scripts/notebooks.py [--scale ci|full] [--timeout S]
        [--output DIR] [--runs DIR] [--only NAME ...] [--trim-only]

Needs nbclient, nbformat and ipykernel (the ``notebooks`` extra brings them).
"""

from __future__ import annotations

import argparse
import copy
import os
import re
import sys
import time
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))

from _page import ROOT, command, header, say, table, write

SOURCE = ROOT / "notebooks"
OUTPUT = ROOT / "docs" / "notebooks"
TEXT_LIMIT = 3000
"""Characters kept of one text output (the rest is cut, and the cut is said)."""


@dataclass
class Outcome:
    """What running one notebook did."""

    name: str
    status: str
    seconds: float
    note: str = ""


_SITE = re.compile(r"/\S*?/(site|dist)-packages/")


def clean_paths(text: str) -> str:
    """Text without this machine's paths: the checkout's become relative, an
    installed package's start at `site-packages/`."""
    text = text.replace(str(ROOT) + os.sep, "")
    return _SITE.sub("site-packages/", text)


def _trim_output(output: dict[str, Any]) -> dict[str, Any] | None:
    """An output small enough to keep (None: drop it). Progress bars on stderr
    are dropped; long text is cut; paths of this machine are made relative."""
    if output.get("output_type") == "stream":
        if output.get("name") == "stderr" and "\r" in output.get("text", ""):
            return None
        text = clean_paths(output.get("text", ""))
        output["text"] = text
        if len(text) > TEXT_LIMIT:
            output["text"] = (
                text[:TEXT_LIMIT] + f"\n... [{len(text) - TEXT_LIMIT} characters cut]\n"
            )
        return output
    data = output.get("data")
    if isinstance(data, dict):
        for key, value in list(data.items()):
            text = "".join(value) if isinstance(value, list) else value
            if (
                key.startswith("text/")
                and isinstance(text, str)
                and len(text) > 20 * TEXT_LIMIT
            ):
                data[key] = text[: 20 * TEXT_LIMIT] + "\n... [cut]\n"
    return output


def trim(nb: Any) -> Any:
    """The notebook with its outputs trimmed (see `_trim_output`)."""
    for cell in nb.cells:
        if cell.cell_type == "code":
            kept = [_trim_output(o) for o in cell.outputs]
            cell.outputs = [o for o in kept if o is not None]
    return nb


def execute(path: Path, out_dir: Path, scale: str, timeout: int, runs: Path) -> Outcome:
    """Execute one notebook at `scale` and write its copy to `out_dir`."""
    import nbformat
    from nbclient import NotebookClient
    from nbclient.exceptions import CellExecutionError, CellTimeoutError

    nb = nbformat.read(path, as_version=4)
    work = copy.deepcopy(nb)
    os.environ["SCAVENGER_SCALE"] = scale
    os.environ["SCAVENGER_RUNS"] = str(runs.resolve())
    os.environ["PYTHONPATH"] = os.pathsep.join(
        [str(ROOT), *filter(None, os.environ.get("PYTHONPATH", "").split(os.pathsep))]
    )
    os.environ.setdefault("MPLBACKEND", "module://matplotlib_inline.backend_inline")
    client = NotebookClient(
        work,
        timeout=timeout,
        kernel_name="python3",
        resources={"metadata": {"path": str(path.parent)}},
    )
    start = time.perf_counter()
    status, note = "ok", ""
    try:
        client.execute()
    except CellTimeoutError:
        status, note = "timed out", f"a cell ran over {timeout} s"
    except CellExecutionError as err:
        status = "failed"
        note = str(err).strip().splitlines()[-1][:200] if str(err).strip() else "error"
    seconds = time.perf_counter() - start
    work.metadata.setdefault("scavenger", {})["scale"] = scale
    write(out_dir / path.name, nbformat.writes(trim(work)) + "\n")
    return Outcome(path.stem, status, seconds, note)


def kept_games(runs: Path) -> int:
    """Tournament folders (games.jsonl files) already under `runs`."""
    return sum(1 for _ in runs.rglob("games.jsonl")) if runs.exists() else 0


def write_index(
    outcomes: Sequence[Outcome],
    scale: str,
    cmd: str,
    elapsed: float,
    out_dir: Path,
    kept: int = 0,
) -> Path:
    """Write `out_dir/index.md`: provenance, scale, and one row per notebook."""
    rows = [
        (f"[{o.name}]({o.name}.ipynb)", o.status, f"{o.seconds:.0f}", o.note or "")
        for o in outcomes
    ]
    page = header(
        "Executed notebooks",
        cmd,
        elapsed,
        [
            f"**Scale**: `SCAVENGER_SCALE={scale}` (the notebooks' first cells say "
            "what it means: game counts, iterations)",
            "**Notebooks**: the sources in `notebooks/` (kept without outputs); these "
            "are executed copies, outputs trimmed (progress bars dropped, long text "
            "cut, this machine's paths made relative)",
            "**Games**: kept under `notebooks/runs/` and reused when a notebook runs "
            f"again; {kept} tournament folders were there when this run began"
            + (" (their games were replayed and checked, not played)" if kept else ""),
        ],
    )
    page += "\n" + table(("notebook", "status", "seconds", "note"), rows, "llrl")
    if scale == "ci":
        page += (
            "\nAt `ci` scale the numbers are rough (few games each); "
            "[the balance page](../results/balance.md) gives the figures with their "
            "intervals.\n"
        )
    return write(out_dir / "index.md", page)


def main(argv: Sequence[str] | None = None) -> int:
    """Run the notebooks and write the pages."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--scale", choices=("ci", "full"), default="ci")
    parser.add_argument("--timeout", type=int, default=600, help="seconds per cell")
    parser.add_argument("--output", type=Path, default=OUTPUT)
    parser.add_argument("--runs", type=Path, default=SOURCE / "runs")
    parser.add_argument("--only", nargs="*", default=None, help="notebook names")
    parser.add_argument("--source", type=Path, default=SOURCE, help=argparse.SUPPRESS)
    parser.add_argument(
        "--trim-only",
        action="store_true",
        help="only trim the executed copies already in --output (no run, no index)",
    )
    args = parser.parse_args(argv)
    if args.trim_only:
        import nbformat

        for path in sorted(args.output.glob("*.ipynb")):
            nb = trim(nbformat.read(path, as_version=4))
            write(path, nbformat.writes(nb) + "\n")
            say(f"trimmed {path.name}")
        return 0
    paths = sorted(args.source.glob("*.ipynb"))
    if args.only:
        paths = [p for p in paths if p.stem in args.only or p.name in args.only]
    kept = kept_games(args.runs)
    start = time.perf_counter()
    outcomes = []
    for i, path in enumerate(paths, 1):
        say(f"notebook {i}/{len(paths)}: {path.stem} (scale {args.scale})")
        outcome = execute(path, args.output, args.scale, args.timeout, args.runs)
        say(f"  {outcome.status} in {outcome.seconds:.0f} s {outcome.note}")
        outcomes.append(outcome)
    cmd = command("notebooks.py", argv)
    page = write_index(
        outcomes, args.scale, cmd, time.perf_counter() - start, args.output, kept
    )
    say(f"wrote {page}")
    return 0 if all(o.status == "ok" for o in outcomes) else 1


if __name__ == "__main__":
    sys.exit(main())
