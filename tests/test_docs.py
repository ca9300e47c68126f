"""The documentation is tested, so that it cannot drift from the code.

- Every Python block of a page (docs/**/*.md and README.md) runs: a page's blocks
  in order, in one fresh namespace, in a temporary working directory. There is no
  way to skip a block: an example that cannot run does not belong on a page.
- Every ``scavenger ...`` line of a shell block parses with the real parser, so a
  documented command or option cannot rot.
- The site builds with warnings as errors (which also checks every link between
  pages and to headings).
"""

from __future__ import annotations

import contextlib
import io
import re
import shlex
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path

import pytest
from project_commands import PROJECT_COMMANDS

from scavenger_env.cli.main import build_parser

ROOT = Path(__file__).resolve().parents[1]
DOCS = ROOT / "docs"
SKIPPED_DIRS = {"_build", ".ipynb_checkpoints"}
PAGES = [
    *sorted(
        p
        for p in DOCS.rglob("*.md")
        if not SKIPPED_DIRS & set(p.relative_to(DOCS).parts)
    ),
    ROOT / "README.md",
]

PYTHON = {"python", "py", "python3", "ipython", "ipython3"}
SHELL = {"bash", "console", "shell", "sh"}
# MyST directives whose body is code (their argument is the language).
CODE_DIRECTIVES = {"code-block", "code", "sourcecode", "code-cell"}
FENCE = re.compile(r"^(?P<indent> *)(?P<mark>`{3,}|~{3,})\s*(?P<info>.*)$")
SHELL_OPERATORS = {"|", "||", "&", "&&", ";", ">", ">>", "<", "(", ")"}


@dataclass
class Block:
    """One fenced code block: its language, the page line of its first code line,
    and its code (dedented to the fence)."""

    lang: str
    line: int
    code: str


def _language(info: str) -> str | None:
    """The language of a fence's info string; None for a directive that holds
    Markdown (a note, a tab), whose inner blocks count on their own."""
    word, _, rest = info.partition(" ")
    directive = re.fullmatch(r"\{(.+)\}", word)
    if directive is None:
        return word.lower()
    if directive.group(1) not in CODE_DIRECTIVES:
        return None
    # a code-cell without a language is the notebook's kernel: Python here
    return (rest.split() or ["python"])[0].lower()


def _body(lines: list[str]) -> tuple[int, list[str]]:
    """A directive's code without its options (``:key: value`` lines or a
    ``---`` block): how many lines were dropped, and the code."""
    if lines and lines[0].strip() == "---":
        end = next((i for i in range(1, len(lines)) if lines[i].strip() == "---"), 0)
        return end + 1, lines[end + 1 :]
    dropped = 0
    while dropped < len(lines) and re.match(r"\s*:[\w-]+:", lines[dropped]):
        dropped += 1
    return dropped, lines[dropped:]


def _closes(fence: re.Match[str], mark: str) -> bool:
    """Whether a fence line closes the block opened by `mark`."""
    closing = fence.group("mark")
    return (
        not fence.group("info").strip()
        and closing[0] == mark[0]
        and len(closing) >= len(mark)
    )


def code_blocks(text: str) -> list[Block]:
    """The fenced code blocks of a MyST page, nested directives included."""
    lines = text.splitlines()
    blocks: list[Block] = []
    open_directives: list[str] = []  # the fences of directives holding Markdown
    i = 0
    while i < len(lines):
        m = FENCE.match(lines[i])
        i += 1
        if m is None:
            continue
        mark, info = m.group("mark"), m.group("info").strip()
        top = open_directives[-1] if open_directives else None
        if top and _closes(m, top):
            open_directives.pop()
            continue
        lang = _language(info)
        if lang is None:
            open_directives.append(mark)
            continue
        start, body = i, []
        while i < len(lines):
            close = FENCE.match(lines[i])
            i += 1
            if close and _closes(close, mark):
                break
            body.append(lines[i - 1])
        dropped = 0
        if info.startswith("{"):
            dropped, body = _body(body)
        indent = len(m.group("indent"))
        code = "\n".join(line[indent:] for line in body)
        blocks.append(Block(lang, start + 1 + dropped, code))
    return blocks


def _page_id(path: Path) -> str:
    return str(path.relative_to(ROOT))


@pytest.mark.parametrize("page", PAGES, ids=_page_id)
def test_the_python_blocks_of_a_page_run(
    page: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("MPLBACKEND", "Agg")  # a page may plot; never open a window
    namespace: dict[str, object] = {"__name__": "__main__"}
    for block in code_blocks(page.read_text(encoding="utf-8")):
        if block.lang not in PYTHON:
            continue
        # Padded so that a traceback gives the line on the page.
        source = "\n" * (block.line - 1) + block.code
        try:
            exec(compile(source, str(page), "exec"), namespace)
        except Exception as err:
            pytest.fail(
                f"{_page_id(page)}: the Python block at line {block.line} raised "
                f"{type(err).__name__}: {err}"
            )


def shell_commands(block: Block) -> list[tuple[int, str]]:
    """The ``scavenger`` command lines of a shell block (page line, text), with
    lines continued by a trailing backslash joined and a ``$`` prompt dropped."""
    found: list[tuple[int, str]] = []
    lines = block.code.splitlines()
    i = 0
    while i < len(lines):
        line_no, text = block.line + i, lines[i].strip()
        while text.endswith("\\") and i + 1 < len(lines):
            i += 1
            text = text[:-1].rstrip() + " " + lines[i].strip()
        i += 1
        text = text.removeprefix("$ ")
        if text.startswith("scavenger "):
            found.append((line_no, text))
    return found


def _argv(command: str) -> list[str]:
    """The arguments of one command line, up to a pipe, redirection or the next
    command; comments dropped."""
    lexer = shlex.shlex(command, posix=True, punctuation_chars=True)
    lexer.whitespace_split = True
    argv: list[str] = []
    for token in lexer:
        if token in SHELL_OPERATORS:
            break
        argv.append(token)
    return argv[1:]


@pytest.mark.parametrize("page", PAGES, ids=_page_id)
def test_the_documented_commands_parse(page: Path) -> None:
    parser = build_parser(PROJECT_COMMANDS)
    for block in code_blocks(page.read_text(encoding="utf-8")):
        if block.lang not in SHELL:
            continue
        for line, command in shell_commands(block):
            said = io.StringIO()
            try:
                with contextlib.redirect_stderr(said), contextlib.redirect_stdout(said):
                    parser.parse_args(_argv(command))
            except SystemExit as exit_:
                if exit_.code not in (0, None):  # --help and --version exit 0
                    pytest.fail(
                        f"{_page_id(page)}, line {line}: `{command}` does not "
                        f"parse:\n{said.getvalue()}"
                    )


def test_code_blocks_are_found_in_nested_directives() -> None:
    page = (
        "```python\nx = 1\n```\n"
        "::::{note}\n````{tab-item} A\n```bash\n$ scavenger simulate \\\n"
        "  --games 2  # two\n```\n````\n::::\n"
        "```{code-cell} python\n:tags: [hide]\ny = x\n```\n"
    )
    blocks = code_blocks(page)
    assert [(b.lang, b.line, b.code) for b in blocks] == [
        ("python", 2, "x = 1"),
        ("bash", 7, "$ scavenger simulate \\\n  --games 2  # two"),
        ("python", 14, "y = x"),
    ]
    assert shell_commands(blocks[1]) == [(7, "scavenger simulate --games 2  # two")]
    assert _argv("scavenger replay g.jsonl | head -3") == ["replay", "g.jsonl"]


@pytest.mark.slow
def test_the_site_builds_without_warnings(tmp_path: Path) -> None:
    """The docs extra is installed wherever the tests run, so a missing Sphinx
    fails here rather than skipping."""
    build = subprocess.run(
        [
            *(sys.executable, "-m", "sphinx", "-W", "--keep-going", "-q"),
            *("-b", "html", str(DOCS), str(tmp_path / "html")),
        ],
        capture_output=True,
        text=True,
        cwd=ROOT,
    )
    assert build.returncode == 0, f"the docs build failed:\n{build.stderr}"
