"""Edges of the command line a fuzzer found: each refusal is one line, status 2, and what the
command reads or would replace is left as it was."""

import json
import shutil
from pathlib import Path

import pytest

from mjsim.ui import cli
from tests.helpers import DATA
from tests.ui.conftest import record


def refused(capsys, *argv):
    """The one line ``mjsim ARGV`` printed, which must be a refusal (status 2)."""
    try:
        status = cli.main([str(word) for word in argv])
    except SystemExit as exit_:  # argparse's refusals
        status = exit_.code
    out, err = capsys.readouterr()
    lines = err.strip().splitlines()
    assert (status, out, len(lines)) == (2, "", 1), (status, out, err)
    return lines[0]


@pytest.fixture
def log(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    path = tmp_path / "gb.jsonl"
    path.write_text(record("x", (1, 1, 1, 1), 1))
    return path


@pytest.mark.parametrize("html", ["gb.jsonl", "./gb.jsonl", "hard.jsonl"])
def test_replay_never_writes_its_page_over_the_log_it_replays(log, capsys, html):
    # Seen: replay gb.jsonl --html gb.jsonl --force replaced the log with the page.
    (log.parent / "hard.jsonl").hardlink_to(log)
    before = log.read_bytes()
    line = refused(capsys, "replay", "gb.jsonl", "--html", html, "--force")
    assert line == f"mjsim replay: {Path(html)} is the log replayed: write it elsewhere"
    assert log.read_bytes() == before


@pytest.mark.parametrize("command", [["replay", "gb.jsonl", "--html"], ["play", "--log"]])
def test_a_folder_given_for_a_file_is_called_a_folder(log, capsys, command):
    # Seen: "folder exists: pass --force to overwrite it", which --force did not do.
    (log.parent / "folder").mkdir()
    assert refused(capsys, *command, "folder") == (f"mjsim {command[0]}: folder is a folder, "
                                                   "not a file")


@pytest.fixture
def games(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    shutil.copy(DATA / "contest" / "games.txt", "games.txt")
    return tmp_path


def import_(*argv):
    return cli.main(["import", "games.txt", "--format", "contest-text", "--quiet", *argv])


def test_import_replaces_an_earlier_import_only_with_force(games, capsys):
    # Seen: a second import into the same --out silently replaced the first.
    assert import_("--out", "imp") == 0
    kept = sorted((games / "imp" / "games").iterdir())
    manifest = (games / "imp" / "import.json").read_text()
    capsys.readouterr()
    line = refused(capsys, "import", "games.txt", "--format", "contest-text", "--out", "imp")
    assert line == ("mjsim import: imp holds an earlier import: pass --force to replace it, or "
                    "--out another folder")
    assert sorted((games / "imp" / "games").iterdir()) == kept
    assert (games / "imp" / "import.json").read_text() == manifest
    assert import_("--out", "imp", "--force") == 0


def test_an_import_stopped_half_way_is_replaced_by_the_same_command(games, capsys):
    (games / "imp").mkdir()
    (games / "imp" / "import.json").write_text('{"format": "mjsim-import/1", "finished": false}')
    assert import_("--out", "imp") == 0
    assert json.loads((games / "imp" / "import.json").read_text())["finished"] is True


def test_an_export_to_stdout_that_writes_no_game_fails_as_one_to_a_file_does(log, capsys):
    # Seen: status 0 and nothing on stdout, where --out said "none could be written", status 2.
    assert cli.main(["export", "gb.jsonl", "--format", "botzone-log"]) == 2
    out, err = capsys.readouterr()
    lines = err.strip().splitlines()
    # In one line: what could not be written, counted, and the first reason (here the only).
    assert out == "" and len(lines) == 1, err
    assert lines[0].startswith("mjsim export: nothing could be written as botzone-log: ")
    assert "(the first: gb.jsonl: " in lines[0] and not lines[0].endswith("not written")


@pytest.mark.parametrize(("argv", "message"), [
    # Seen: "channels, batch, steps and every are at least 1, blocks at least 0".
    (["train", "--data", "d", "--out", "m.npz", "--channels", "0"],
     "mjsim train: --channels is a whole number from 1 to 1024, not 0"),
    (["train", "--data", "d", "--out", "m.npz", "--steps", "-1"],
     "mjsim train: --steps is a whole number at least 1, not -1"),
    # Seen: a RuntimeError traceback (torch asked for 120 GB), and 99999999 ran without end.
    (["train", "--data", "d", "--out", "m.npz", "--channels", "100000"],
     "mjsim train: --channels is a whole number from 1 to 1024, not 100000"),
    (["train", "--data", "d", "--out", "m.npz", "--blocks", "65"],
     "mjsim train: --blocks is a whole number from 0 to 64, not 65"),
    (["train", "--data", "d", "--out", "m.npz", "--batch", "100000"],
     "mjsim train: --batch is a whole number from 1 to 8192, not 100000"),
    (["train", "--self-play", "--from", "m.npz", "--out", "t.npz", "--games", "0"],
     "mjsim train: --games is a whole number from 1 to 256, not 0"),
    # Seen: no bound: one update keeps every decision of its games (some 106 a game).
    (["train", "--self-play", "--from", "m.npz", "--out", "t.npz", "--games", "257"],
     "mjsim train: --games is a whole number from 1 to 256, not 257"),
    # Seen: "walls and shard_walls are at least 1, not 1 and 0".
    (["dataset", "--players", "1,1,1,1", "--walls", "1", "--out", "d", "--shard-walls", "0"],
     "mjsim dataset: --shard-walls is a whole number at least 1, not 0"),
    # Seen: "no player ''".
    (["botzone", "--player", "-1"],
     "mjsim botzone: --player '-1': bad player spec '-1': it names no player before its '-'"),
    # Seen: "No such file or directory", of a file that is there.
    (["export", "gb.jsonl", "--format", "botzone-log", "--out", "/proc/version", "--force"],
     ("mjsim export: cannot write /proc/version: cannot make /proc/.version.tmp (written "
      "first, then renamed): No such file or directory")),
    # Seen: "cannot write .: Is a directory", "[Errno 20] Not a directory", and an empty --out
    # of import ignored.
    (["export", "gb.jsonl", "--format", "botzone-log", "--out", ""],
     "mjsim export: argument --out: a path, not an empty string (see mjsim export --help)"),
    (["import", "gb.jsonl", "--format", "botzone-log", "--out", "gb.jsonl"],
     "mjsim import: gb.jsonl is a file, not a folder"),
    (["import", "gb.jsonl", "--format", "botzone-log", "--out", ""],
     "mjsim import: argument --out: a path, not an empty string (see mjsim import --help)"),
    (["dataset", "--players", "1,1,1,1", "--walls", "1", "--out", ""],
     "mjsim dataset: argument --out: a path, not an empty string (see mjsim dataset --help)"),
])
def test_a_refusal_names_the_option_and_its_value(log, capsys, argv, message):
    before = sorted(log.parent.iterdir()), log.read_bytes()
    assert refused(capsys, *argv).startswith(message)
    assert (sorted(log.parent.iterdir()), log.read_bytes()) == before
