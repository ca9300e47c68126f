"""A tournament folder's integrity: records replayed on resume, corrupt lines named,
one writer at a time, and folders of older versions resumed under their own rules."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import pytest

import agents.tournament.scan as scan_module
from agents.tournament import (
    GAMES_FILE,
    LOCK_FILE,
    SETTINGS_FILE,
    TournamentError,
    check_directory,
    make_plan,
    rules_note,
    run_tournament,
)
from agents.tournament.lock import FolderLock
from scavenger_env.cavein.engine import GameConfig, apply_action, new_game
from scavenger_env.cavein.engine.actions import PAY
from scavenger_env.cli import main

SETTINGS = ["--players", "random,random", "--num-players", "2", "--seed", "3"]


def plan(games: int = 12, seed: int = 3, config: GameConfig | None = None) -> Any:
    return make_plan("random,random", 2, games=games, seed=seed, config=config)


def lines(directory: Path) -> list[str]:
    return (directory / GAMES_FILE).read_text(encoding="utf-8").splitlines()


def write_lines(directory: Path, rows: list[str]) -> None:
    (directory / GAMES_FILE).write_text("\n".join(rows) + "\n", encoding="utf-8")


def tournament(directory: Path, *args: str) -> int:
    options = ["--jobs", "1", "--games", "12", "--output", str(directory), *args]
    return main(["tournament", "--no-progress", *SETTINGS, *options])


@pytest.fixture(scope="module")
def finished(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A finished tournament of 12 games; copy it before changing it."""
    directory = tmp_path_factory.mktemp("finished")
    assert run_tournament(plan(), directory).complete
    return directory


def copy_of(finished: Path, tmp_path: Path) -> Path:
    directory = tmp_path / "copy"
    directory.mkdir()
    for name in (SETTINGS_FILE, GAMES_FILE):
        (directory / name).write_bytes((finished / name).read_bytes())
    return directory


# ------------------------------------------------------------------ edited records


def test_an_edited_score_is_refused_with_its_line_and_no_header(
    finished: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """The issue: scores edited to [999, 0] were counted silently on the next run."""
    directory = copy_of(finished, tmp_path)
    rows = lines(directory)
    data = json.loads(rows[4])
    data["scores"] = [999, 0]
    rows[4] = json.dumps(data, separators=(",", ":"))
    write_lines(directory, rows)
    before = (directory / GAMES_FILE).read_bytes()

    assert tournament(directory) == 2
    captured = capsys.readouterr()
    assert captured.out == ""  # refused before the tournament's header
    assert captured.err.startswith(
        f"error: {directory / GAMES_FILE} line 5: recorded scores [999, 0]"
    )
    assert "delete that line" in captured.err
    assert (directory / GAMES_FILE).read_bytes() == before
    assert not (directory / "summary.json").exists()


def swap_a_payment(line: str) -> str | None:
    """The line with two cards of one payment swapped (the game still legal), or
    None when its game has no such payment."""
    data = json.loads(line)
    config = GameConfig.from_dict(data["config"])
    actions = data["actions"]
    for i in range(len(actions) - 1):
        a, b = actions[i], actions[i + 1]
        if not (PAY <= a < PAY + 24 and PAY <= b < PAY + 24 and a != b):
            continue
        swapped = [*actions[:i], b, a, *actions[i + 2 :]]
        state = new_game(config, data["seed"])
        try:
            for action in swapped:
                apply_action(state, action)
        except ValueError:
            continue
        if state.is_over:
            data["actions"] = swapped
            return json.dumps(data, separators=(",", ":"))
    return None


def test_swapped_payment_cards_are_refused(finished: Path, tmp_path: Path) -> None:
    directory = copy_of(finished, tmp_path)
    rows = lines(directory)
    number, edited = next(
        (n, e) for n, e in ((n, swap_a_payment(r)) for n, r in enumerate(rows)) if e
    )
    rows[number] = edited
    write_lines(directory, rows)
    with pytest.raises(TournamentError) as info:
        run_tournament(plan(), directory)
    assert f"line {number + 1}: " in str(info.value)
    assert "edited" in str(info.value)


def test_resume_checks_records_on_the_worker_pool(
    finished: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """With --jobs 2 the replays are spread over workers; the first bad line is
    still the one named."""
    monkeypatch.setattr(scan_module, "VERIFY_CHUNK", 2)
    directory = copy_of(finished, tmp_path)
    rows = lines(directory)
    for index in (8, 6):
        data = json.loads(rows[index])
        data["turns"] += 1
        rows[index] = json.dumps(data, separators=(",", ":"))
    write_lines(directory, rows)
    with pytest.raises(TournamentError, match=r"line 7: recorded turns"):
        run_tournament(plan(), directory, jobs=2)


def test_a_clean_folder_is_resumed_after_its_check(
    finished: Path, tmp_path: Path
) -> None:
    directory = copy_of(finished, tmp_path)
    write_lines(directory, lines(finished)[:7])
    result = run_tournament(plan(), directory, jobs=2)
    assert (result.resumed, result.played) == (7, 5)
    assert lines(directory) == lines(finished)


# ------------------------------------------------------------------ corrupt lines


@pytest.mark.parametrize(
    ("kind", "words"),
    [
        ("brackets", "nested too deeply"),
        ("digits", "more digits than Python reads"),
        ("duplicate", "'seed' appears twice"),
    ],
)
def test_corrupt_lines_on_resume_exit_2_with_their_line(
    finished: Path,
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
    kind: str,
    words: str,
) -> None:
    directory = copy_of(finished, tmp_path)
    rows = lines(directory)
    if kind == "brackets":
        rows[2] = "[" * 100_000 + "]" * 100_000
    elif kind == "digits":
        rows[2] = rows[2].replace('"seed":', '"seed":' + "9" * 5000 + ',"x":', 1)
    else:
        rows[2] = rows[2].replace('"seed":', '"seed":1,"seed":', 1)
    write_lines(directory, rows)
    assert tournament(directory) == 2
    captured = capsys.readouterr()
    assert captured.err.startswith(f"error: {directory / GAMES_FILE} line 3: ")
    assert words in captured.err
    assert "Traceback" not in captured.err
    assert captured.out == ""


def test_a_file_of_another_tournament_is_not_asked_to_lose_a_line(
    tmp_path: Path,
) -> None:
    """The issue: "delete that line (it is then played again)" was the advice even
    when no line belonged to this tournament."""
    other = tmp_path / "other"
    run_tournament(plan(games=4, seed=8), other)
    mine = tmp_path / "mine"
    run_tournament(plan(games=4), mine, max_games=0)  # writes only tournament.json
    (mine / GAMES_FILE).write_bytes((other / GAMES_FILE).read_bytes())
    with pytest.raises(TournamentError) as info:
        run_tournament(plan(games=4), mine)
    message = str(info.value)
    assert "holds no game of this tournament" in message
    assert "belongs to another tournament" in message
    assert "another --output" in message
    assert "delete that line" not in message


def test_one_foreign_line_among_ours_is_named(finished: Path, tmp_path: Path) -> None:
    directory = copy_of(finished, tmp_path)
    rows = lines(directory)
    data = json.loads(rows[3])
    data["seed"] += 1
    rows[3] = json.dumps(data)
    write_lines(directory, rows)
    with pytest.raises(TournamentError) as info:
        run_tournament(plan(), directory)
    assert "line 4: deal 1, seating 1 does not match" in str(info.value)
    assert "delete that line" in str(info.value)


# ------------------------------------------------------------------ one writer


def test_a_second_lock_on_a_folder_is_refused_and_names_the_holder(
    tmp_path: Path,
) -> None:
    with FolderLock(tmp_path):
        assert (tmp_path / LOCK_FILE).read_text().strip() == str(os.getpid())
        with pytest.raises(TournamentError) as info, FolderLock(tmp_path):
            pass
        assert str(info.value) == (
            f"{tmp_path} is in use by another tournament (pid {os.getpid()}); wait "
            "for it to finish or choose another --output folder"
        )
    with FolderLock(tmp_path):  # released: free again
        pass


def test_a_finished_run_leaves_no_lock_file(tmp_path: Path) -> None:
    """A `.lock` was left in every finished tournament folder."""
    with FolderLock(tmp_path):
        assert (tmp_path / LOCK_FILE).exists()  # held while running
    assert not (tmp_path / LOCK_FILE).exists()
    directory = tmp_path / "run"
    assert tournament(directory) == 0
    assert not (directory / LOCK_FILE).exists()
    (directory / LOCK_FILE).write_text("123\n")  # left by a killed run
    with FolderLock(directory):
        assert (directory / LOCK_FILE).read_text().strip() == str(os.getpid())
    assert not (directory / LOCK_FILE).exists()


@pytest.mark.skipif(sys.platform == "win32", reason="files open are not removed")
def test_a_lock_file_removed_under_a_waiting_run_is_not_taken(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A run that opened `.lock` just before the holder removed it must not
    lock the removed file (a third run would lock a new one beside it)."""
    import agents.tournament.lock as lock

    opened: list[int] = []
    real_lock = lock._lock

    def late_lock(fd: int) -> None:
        if not opened:  # the first file opened is removed before it is locked
            opened.append(fd)
            os.unlink(tmp_path / LOCK_FILE)
        real_lock(fd)

    monkeypatch.setattr(lock, "_lock", late_lock)
    with FolderLock(tmp_path) as held:
        assert os.fstat(held.fd).st_ino == os.stat(tmp_path / LOCK_FILE).st_ino


HOLDER = """
import fcntl, os, sys, time
fd = os.open(sys.argv[1], os.O_RDWR | os.O_CREAT)
fcntl.flock(fd, fcntl.LOCK_EX)
os.ftruncate(fd, 0)
os.write(fd, f"{os.getpid()}\\n".encode())
print("locked", flush=True)
time.sleep(120)
"""


@pytest.mark.skipif(sys.platform == "win32", reason="the holder uses fcntl")
def test_a_running_tournament_blocks_a_second_and_a_killed_one_does_not(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """The issue: two tournaments writing to one folder corrupted it, both exit 0."""
    directory = tmp_path / "run"
    directory.mkdir()
    holder = subprocess.Popen(
        [sys.executable, "-c", HOLDER, str(directory / LOCK_FILE)],
        stdout=subprocess.PIPE,
        text=True,
    )
    try:
        assert holder.stdout is not None
        assert holder.stdout.readline().strip() == "locked"
        assert tournament(directory) == 2
        captured = capsys.readouterr()
        assert captured.out == ""
        assert captured.err == (
            f"error: {directory} is in use by another tournament (pid {holder.pid}); "
            "wait for it to finish or choose another --output folder\n"
        )
        assert not (directory / GAMES_FILE).exists()
    finally:
        holder.send_signal(signal.SIGKILL)
        holder.wait()
        if holder.stdout is not None:
            holder.stdout.close()
    started = time.perf_counter()
    assert tournament(directory) == 0  # the dead holder's lock is gone
    assert time.perf_counter() - started < 60
    assert len(lines(directory)) == 12


FORKING_HOLDER = """
import os, sys, time
from pathlib import Path
from agents.tournament.lock import FolderLock
with FolderLock(Path(sys.argv[1])):
    if os.fork() == 0:  # the child tells its pid once it runs (fork is done)
        print(os.getpid(), flush=True)
        time.sleep(120)
        os._exit(0)
    time.sleep(120)
"""


@pytest.mark.skipif(not hasattr(os, "fork"), reason="forks")
def test_a_child_forked_under_the_lock_does_not_hold_it(tmp_path: Path) -> None:
    """A flock belongs to the open file: a child forked while it is held keeps it
    through its copy of the descriptor unless the child closes that copy. Here
    the holder is killed and its child lives on; the folder must be free."""
    env = {**os.environ, "PYTHONPATH": os.pathsep.join(sys.path)}
    holder = subprocess.Popen(
        [sys.executable, "-c", FORKING_HOLDER, str(tmp_path)],
        stdout=subprocess.PIPE,
        env=env,
        text=True,
    )
    assert holder.stdout is not None
    child = int(holder.stdout.readline())
    holder.stdout.close()
    try:
        busy = pytest.raises(TournamentError, match="in use by another tournament")
        with busy, FolderLock(tmp_path):
            pass
        holder.send_signal(signal.SIGKILL)
        holder.wait()
        os.kill(child, 0)  # the child is still there
        with FolderLock(tmp_path):  # and the folder is free
            pass
    finally:
        holder.kill()
        holder.wait()
        os.kill(child, signal.SIGKILL)


def _children(pid: int) -> list[int]:
    """The child processes of ``pid`` (Linux: from /proc)."""
    found = []
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            fields = stat.read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        if int(fields[1]) == pid:
            found.append(int(stat.parent.name))
    return found


def _alive(pid: int) -> bool:
    try:
        state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
    except OSError:
        return False
    return state != "Z"


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="reads /proc")
def test_a_killed_run_with_workers_does_not_leave_its_folder_locked(
    tmp_path: Path,
) -> None:
    """The issue: ``kill -9`` of a ``--jobs 2`` run left its folder locked by its
    orphaned workers, which had inherited the lock's file descriptor, so the rerun
    was refused as "in use by another tournament" until they finished.

    2,000 games make chunks of 63 games (a second or so of play): when the first
    lines are written the workers are well into their next chunk, so the rerun
    starts while they would still be playing it."""
    directory = tmp_path / "run"
    command = [sys.executable, "-m", "scavenger_env.cli", "tournament"]
    options = ["--no-progress", *SETTINGS, "--jobs", "2", "--games", "2000"]
    env = {**os.environ, "PYTHONPATH": os.pathsep.join(sys.path)}
    killed = subprocess.Popen(
        [*command, *options, "--output", str(directory)],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
        env=env,
    )
    try:
        deadline = time.monotonic() + 60
        while not (directory / GAMES_FILE).exists() or not lines(directory):
            assert killed.poll() is None, killed.stderr
            assert time.monotonic() < deadline, "no game written in 60 s"
            time.sleep(0.01)
        workers = _children(killed.pid)
        assert len(workers) == 2
    finally:
        killed.send_signal(signal.SIGKILL)
        killed.wait()
        assert killed.stderr is not None
        killed.stderr.close()
    written = len(lines(directory))
    assert 0 < written < 2000
    result = run_tournament(plan(games=2000), directory, jobs=2, max_games=16)
    assert (result.resumed, result.played) == (written, 16)
    assert len(lines(directory)) == written + 16
    deadline = time.monotonic() + 10  # the orphans notice their parent is gone
    while any(map(_alive, workers)) and time.monotonic() < deadline:
        time.sleep(0.05)
    orphans = [pid for pid in workers if _alive(pid)]
    for pid in orphans:  # leave none behind when this fails
        os.kill(pid, signal.SIGKILL)
    assert not orphans


# ------------------------------------------------------------------ older folders


def make_legacy_folder(directory: Path, games: int) -> None:
    """A folder as versions before rules versions wrote it: rules 1, no
    ``rules_version`` key in any config, no digests, records of format 1."""
    run_tournament(
        plan(config=GameConfig(num_players=2, rules_version=1)),
        directory,
        max_games=games,
    )
    settings = json.loads((directory / SETTINGS_FILE).read_text(encoding="utf-8"))
    del settings["config"]["rules_version"]
    (directory / SETTINGS_FILE).write_text(json.dumps(settings), encoding="utf-8")
    rows = []
    for row in lines(directory):
        data = json.loads(row)
        del data["config"]["rules_version"]
        del data["digest"], data["digest_version"]
        data["format_version"] = 1  # the format they wrote
        rows.append(json.dumps(data, separators=(",", ":")))
    write_lines(directory, rows)


def test_a_folder_of_an_older_version_resumes_under_its_own_rules(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    old = tmp_path / "old"
    make_legacy_folder(old, 4)
    kept = lines(old)
    assert tournament(old) == 0
    out = capsys.readouterr().out
    assert "made under rules version 1; it is resumed under them" in out
    assert lines(old)[:4] == kept  # the old records are kept as they were

    fresh = tmp_path / "fresh"
    run_tournament(plan(config=GameConfig(num_players=2, rules_version=1)), fresh)
    assert lines(old)[4:] == lines(fresh)[4:]  # the new games are rules-1 games
    settings = json.loads((old / SETTINGS_FILE).read_text(encoding="utf-8"))
    assert settings["config"]["rules_version"] == 1
    assert main(["replay", str(old / GAMES_FILE), "--quiet"]) == 0

    # a second resume reads the settings written by the first
    assert tournament(old) == 0
    assert "already there" in capsys.readouterr().out


def test_an_older_folder_still_has_its_outcomes_checked(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    old = tmp_path / "old"
    make_legacy_folder(old, 3)
    rows = lines(old)
    data = json.loads(rows[1])
    data["scores"] = [999, 0]
    rows[1] = json.dumps(data)
    write_lines(old, rows)
    assert tournament(old) == 2
    assert "line 2: recorded scores [999, 0]" in capsys.readouterr().err


def test_rules_chosen_explicitly_must_match_an_older_folder(tmp_path: Path) -> None:
    old = tmp_path / "old"
    make_legacy_folder(old, 2)
    with pytest.raises(TournamentError) as info:
        run_tournament(plan(config=GameConfig(num_players=2)), old)
    assert "config.rules_version: 1 there, 2 now" in str(info.value)
    assert len(lines(old)) == 2


def test_the_rules_note_names_an_older_folders_rules(tmp_path: Path) -> None:
    """`rules_note` is the command's "made under rules version N" line, read from
    the followed plan's config dict (any game that stores a rules_version)."""
    old = tmp_path / "old"
    make_legacy_folder(old, 2)
    followed = check_directory(plan(), old)
    assert followed.config.rules_version == 1
    assert rules_note(followed, old) == (
        f"{old} was made under rules version 1; it is resumed under them"
    )
    assert rules_note(plan(), tmp_path / "new") is None
    assert check_directory(plan(), tmp_path / "new") == plan()
