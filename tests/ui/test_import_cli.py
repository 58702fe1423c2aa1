"""``mjsim import`` and ``mjsim export`` as a person runs them: the command's ``main`` called in
this process (what it prints, its status), and once as a process of its own."""

import contextlib
import gc
import io
import json
import os
import pty
import shutil
import stat
import subprocess
import sys
import threading

import pytest

from mjsim.tournament.imported import ImportFolder
from mjsim.tournament.runner import run
from mjsim.tournament.store import RunFolder
from mjsim.ui.cli import main
from tests.helpers import DATA
from tests.helpers.botzone_logs import match_log
from tests.helpers.botzone_record import RECORDS
from tests.helpers.botzone_record import read as read_record
from tests.ui.conftest import ENV, mjsim, record

GAMES = DATA / "contest" / "games.txt"


def command(*argv, cwd):
    """``mjsim ARGV`` run by its ``main`` in ``cwd``: (status, stdout, stderr)."""
    out, err = io.StringIO(), io.StringIO()
    here = os.getcwd()
    os.chdir(cwd)
    try:
        with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
            status = main([str(word) for word in argv])
    except SystemExit as exit_:  # argparse's refusals
        status = exit_.code
    finally:
        os.chdir(here)
    return status, out.getvalue(), err.getvalue()


@pytest.fixture(scope="module")
def imported(tmp_path_factory):
    folder = tmp_path_factory.mktemp("import")
    shutil.copy(GAMES, folder / "games.txt")
    status, out, err = command("import", "games.txt", "--format", "contest-text", "--out", "out",
                               cwd=folder)
    return folder, status, out, err


def test_import_prints_one_line_per_game_it_keeps_out_and_the_counts(imported):
    _, status, out, err = imported
    assert status == 0
    assert out.strip() == ("read 10, agreed 6, disagreed 3 (fan 1, illegal 1, score 1), "
                           "refused 1; games and tables in out")
    lines = err.strip().splitlines()
    assert len(lines) == 4 and "Traceback" not in err
    assert lines[1] == ("disagreed: fan-disagrees: line 400: fan: the fan total: recorded 24, "
                        "replayed 21")
    assert lines[0].startswith("refused: malformed-line: line 386: ")


def test_import_json_is_the_summary_object_in_a_process_of_its_own(imported):
    folder, *_ = imported
    status, out, _ = mjsim("import", "games.txt", "--format", "contest-text", "--json",
                           cwd=folder)
    assert status == 0
    assert json.loads(out) == {"read": 10, "agreed": 6, "refused": 1,
                               "disagreed": {"fan": 1, "illegal": 1, "score": 1}}


def on_a_terminal(*argv, cwd):
    """``mjsim ARGV`` with its stderr a terminal and its stdout a pipe: (stdout, what the
    terminal showed)."""
    master, slave = pty.openpty()
    shown = bytearray()

    def drain():
        with contextlib.suppress(OSError):  # EIO once the process has gone
            while chunk := os.read(master, 1 << 16):
                shown.extend(chunk)

    reader = threading.Thread(target=drain)
    reader.start()
    done = subprocess.run([sys.executable, "-m", "mjsim.ui.cli", *argv], cwd=cwd,
                          env={**ENV, "TERM": "xterm"}, stdout=subprocess.PIPE, stderr=slave,
                          text=True, timeout=300, check=True)
    os.close(slave)
    reader.join()
    os.close(master)
    return done.stdout, shown.decode(errors="replace")


@pytest.mark.parametrize("quiet", [False, True])
def test_a_terminal_shows_a_progress_bar_and_the_json_stays_alone_on_stdout(imported, quiet):
    # Was: the bar went to stdout (rich's default console), so `--json > file` hid it.
    folder, *_ = imported
    out, shown = on_a_terminal("import", "games.txt", "--format", "contest-text", "--json",
                               *(["--quiet"] if quiet else []), cwd=folder)
    assert json.loads(out)["read"] == 10
    assert ("importing 1 file" in shown and " games" in shown) != quiet, shown
    assert "file(s)" not in shown  # one file is one
    assert "disagreed: fan-disagrees" in shown


def test_the_imported_games_replay_review_and_load_as_tables(imported):
    folder, *_ = imported
    logs = sorted((folder / "out" / "games").glob("*.jsonl"))
    assert len(logs) == 6
    status, out, err = command("replay", logs[3], "--all", cwd=folder)
    assert status == 0 and "Robbing the Kong" in out, err
    status, out, err = command("replay", logs[3], "--html", "page.html", cwd=folder)
    page = (folder / "page.html").read_text()
    assert status == 0 and "robbing-the-kong" in page and "Robbing the Kong" in page, err
    status, out, err = command("review", logs[5], "--seat", "1", "--level", "4", cwd=folder)
    assert status == 0 and "decisions with a choice; rung 4 agreed with" in out, err
    run = RunFolder(folder / "out")
    hands = run.load("hands")
    assert len(hands) == 6 * 4 and set(hands["seed"]) >= {"discard-win", "robbing-the-kong"}
    assert run.load("fans").query("seed == 'robbing-the-kong'")["points"].sum() == 29
    manifest = json.loads((folder / "out" / "import.json").read_text())
    assert manifest["summary"]["agreed"] == 6
    # Was: a log's source named the game's id as its file.
    header = json.loads(logs[3].read_text().splitlines()[0])
    assert header["source"] == {"format": "contest-text", "id": "robbing-the-kong",
                                "file": "games.txt", "line": header["source"]["line"]}
    assert GAMES.read_text().splitlines()[header["source"]["line"] - 1] == (
        "Match robbing-the-kong")


def test_a_dataset_of_the_imported_games_resumes_after_a_kill(imported):
    # A killed run leaves its whole shards and a manifest listing them: run again, only the
    # missing shard is written, and the data are the same as a run never killed.
    from mjsim.learn import dataset

    folder, *_ = imported
    status, out, err = command("dataset", "--from-games", "out", "--out", "data",
                               "--shard-walls", "2", "--quiet", cwd=folder)
    assert status == 0 and "3 shards: data" in out, err
    whole = dataset.load(folder / "data")
    manifest = json.loads((folder / "data" / "manifest.json").read_text())
    kept = {shard["file"]: (folder / "data" / shard["file"]).stat().st_mtime_ns
            for shard in manifest["shards"][:2]}
    (folder / "data" / manifest["shards"][2]["file"]).unlink()
    manifest["shards"] = manifest["shards"][:2]
    (folder / "data" / "manifest.json").write_text(json.dumps(manifest))
    status, out, err = command("dataset", "--from-games", "out", "--out", "data",
                               "--shard-walls", "2", "--quiet", cwd=folder)
    assert status == 0 and "3 shards: data" in out, err
    assert {name: (folder / "data" / name).stat().st_mtime_ns for name in kept} == kept
    again = dataset.load(folder / "data")
    assert again.keys() == whole.keys()
    assert all((again[name] == whole[name]).all() for name in whole)
    assert len(whole["action"]) == sum(
        1 for log in (folder / "out" / "games").glob("*.jsonl")
        for line in log.read_text().splitlines()[1:] if line.strip())


@pytest.mark.parametrize("form", ["contest-text", "botzone-log"])
def test_export_writes_the_imported_games_back_and_they_import_again(imported, form):
    folder, *_ = imported
    status, out, err = command("export", "out", "--format", form, "--out", f"back.{form}",
                               cwd=folder)
    noun = "matches" if form == "botzone-log" else "games"  # what each format writes
    assert (status, out.strip()) == (0, f"exported 6 {noun} to back.{form}"), err
    status, out, err = command("import", f"back.{form}", "--format", form, "--json",
                               cwd=folder)
    assert json.loads(out) == {"read": 6, "agreed": 6, "disagreed": {}, "refused": 0}, err


def test_botzone_match_logs_import(tmp_path):
    text = "".join(json.dumps(match_log(read_record(p))) + "\n"
                   for p in sorted(RECORDS.glob("*.jsonl")))
    (tmp_path / "matches.jsonl").write_text(text)
    status, out, err = command("import", "matches.jsonl", "--format", "botzone-log", "--json",
                               cwd=tmp_path)
    assert (status, json.loads(out)["agreed"]) == (0, 7), err
    # The two that end in a verdict go out and come back too (were: "2 games refused").
    status, out, err = command("import", "matches.jsonl", "--format", "botzone-log", "--out",
                               "in", cwd=tmp_path)
    assert status == 0, err
    status, out, err = command("export", "in", "--format", "botzone-log", "--out", "back.jsonl",
                               cwd=tmp_path)
    assert (status, out.strip(), err) == (0, "exported 7 matches to back.jsonl", "")
    status, out, err = command("import", "back.jsonl", "--format", "botzone-log", "--out",
                               "again", cwd=tmp_path)
    assert status == 0, err
    columns = ["seed", "seat", "outcome", "delta", "foul_seat", "foul_reason", "foul_answer"]
    first, again = (RunFolder(tmp_path / name).load("hands")[columns] for name in ("in", "again"))
    assert again.equals(first) and (first["outcome"] == "foul").sum() == 2


@pytest.fixture(scope="module")
def refusals(tmp_path_factory):
    folder = tmp_path_factory.mktemp("refusals")
    shutil.copy(GAMES, folder / "games.txt")
    (folder / "logs").mkdir()
    (folder / "empty").mkdir()
    (folder / "logs" / "game.jsonl").write_text(record("x", (1, 1, 1, 1), 1))
    return folder


@pytest.mark.parametrize(("argv", "message"), [
    (["import", "missing.txt", "--format", "contest-text"], "missing.txt is not a file"),
    (["import", "games.txt", "--format", "tenhou"], "invalid choice"),
    (["import", "games.txt", "--format", "human-text"], "invalid choice"),  # no sample found
    (["import", "games.txt"], "--format"),
    (["import", "games.txt", "--format", "contest-text", "--out", "games.txt"], "games.txt"),
    (["export", "nothing", "--format", "contest-text"], "nothing: no such file or folder"),
    (["export", "empty", "--format", "contest-text"], "empty holds no game logs"),
    (["export", "logs", "--format", "contest-text", "--out", "logs"],
     "cannot write logs: Is a directory"),
    (["export", "logs", "--format", "botzone-log", "--out", "nodir/x.jsonl"],
     "cannot write nodir/x.jsonl: cannot make nodir/.x.jsonl.tmp"),
])
def test_bad_arguments_are_one_line_and_status_2(refusals, argv, message):
    status, _out, err = command(*argv, cwd=refusals)
    assert status == 2 and message in err and len(err.strip().splitlines()) == 1, err


def test_a_botzone_table_run_exports_and_imports_again(tmp_path):
    # The runs `mjsim table --table botzone` writes, without its analysis (scipy's import)
    run([[(f"w{wall}", ["2"] * 4)] for wall in range(2)], tmp_path / "botzone", kind="table",
        ruleset="gb-mahjong", table="botzone", quiet=True)
    status, out, err = command("export", "botzone", "--format", "contest-text", "--out",
                               "run.txt", cwd=tmp_path)
    assert (status, out.strip()) == (0, "exported 2 games to run.txt"), err
    status, out, _ = command("import", "run.txt", "--format", "contest-text", "--json",
                             cwd=tmp_path)
    assert json.loads(out)["agreed"] == 2


@pytest.fixture(scope="module")
def mcr_run(tmp_path_factory):
    """A run of the MCR table (one game of sixteen hands), exported as Botzone match logs and
    imported again into ``back``."""
    folder = tmp_path_factory.mktemp("mcr")
    run([[("w0", ["1", "2", "1", "2"])]], folder / "mcr", kind="table", ruleset="gb-mahjong",
        table="mcr", quiet=True)
    exported = command("export", "mcr", "--format", "botzone-log", "--out", "mcr.jsonl",
                       cwd=folder)
    imported = command("import", "mcr.jsonl", "--format", "botzone-log", "--out", "back",
                       "--json", cwd=folder)
    return folder, exported, imported


def test_an_mcr_run_exports_a_match_a_hand_and_imports_again(mcr_run):
    folder, exported, imported = mcr_run
    # One game of sixteen hands is sixteen matches, and says so (it said "16 game(s)").
    assert exported[:2] == (0, "exported 16 matches to mcr.jsonl\n"), exported[2]
    assert json.loads(imported[1]) == {"read": 16, "agreed": 16, "disagreed": {},
                                       "refused": 0}, imported[2]
    hands = RunFolder(folder / "back").load("hands")
    assert sorted(set(hands["hand_no"])) == list(range(1, 17))
    assert all(hands["dealer"] == (hands["hand_no"] - 1) % 4)
    assert all(hands["prevalent"] == (hands["hand_no"] - 1) // 4)


def test_the_imported_mcr_hands_replay_review_and_make_a_dataset(mcr_run):
    folder, *_ = mcr_run
    logs = sorted((folder / "back" / "games").glob("*.jsonl"))
    assert len(logs) == 16
    status, out, err = command("replay", logs[9], "--html", "hand.html", cwd=folder)
    assert status == 0 and (folder / "hand.html").is_file(), err
    status, out, err = command("replay", logs[9], "--all", cwd=folder)
    assert status == 0 and "hand 10: seat1 deals, West" in out, err
    status, out, err = command("review", logs[9], "--seat", "1", "--level", "3", cwd=folder)
    assert status == 0 and "decisions with a choice" in out, err
    status, out, err = command("dataset", "--from-games", "back", "--out", "data", "--quiet",
                               cwd=folder)
    assert status == 0 and "data" in out, err


def test_what_the_contest_text_cannot_hold_is_refused_in_one_line(mcr_run):
    # Was a line a hand, then a seventeenth: a refused command says why in one line.
    folder, *_ = mcr_run
    (folder / "mcr.txt").write_text("kept\n")
    status, out, err = command("export", "mcr", "--format", "contest-text", "--out",
                               "mcr.txt", "--force", cwd=folder)
    lines = err.strip().splitlines()
    assert (status, out, len(lines)) == (2, "", 1), err
    assert lines[0].startswith("mjsim export: nothing could be written as contest-text: "
                               "16 hands refused (the first: mcr game 0: w0-h01: ")
    assert "MCR hand" in lines[0] and lines[0].endswith("; mcr.txt not written")
    assert (folder / "mcr.txt").read_text() == "kept\n"  # a file nothing replaced is kept
    assert sorted(path.name for path in folder.glob(".*")) == []


@pytest.fixture
def logs(tmp_path):
    (tmp_path / "logs").mkdir()
    (tmp_path / "logs" / "game.jsonl").write_text(record("x", (1, 1, 1, 1), 1))
    return tmp_path


@pytest.mark.parametrize(("out", "message"), [
    ("logs/game.jsonl", "logs/game.jsonl is the log exported"),
    ("logs/all.txt", "logs/all.txt is inside logs, which is exported"),
])
def test_export_never_writes_into_what_it_reads(logs, out, message):
    source = "logs" if out == "logs/all.txt" else out
    before = (logs / "logs" / "game.jsonl").read_bytes()
    status, _out, err = command("export", source, "--format", "contest-text", "--out", out,
                                "--force", cwd=logs)
    assert status == 2 and message in err and len(err.strip().splitlines()) == 1, err
    assert (logs / "logs" / "game.jsonl").read_bytes() == before
    assert sorted(path.name for path in (logs / "logs").iterdir()) == ["game.jsonl"]


def test_export_overwrites_a_file_only_when_forced(imported):
    folder, *_ = imported
    (folder / "forced.txt").write_text("precious\n")
    status, _out, err = command("export", "out", "--format", "contest-text", "--out",
                                "forced.txt", cwd=folder)
    assert status == 2 and "forced.txt exists: pass --force" in err, err
    assert (folder / "forced.txt").read_text() == "precious\n"
    status, out, err = command("export", "out", "--format", "contest-text", "--out",
                               "forced.txt", "--force", cwd=folder)
    assert (status, out.strip()) == (0, "exported 6 games to forced.txt"), err
    assert (folder / "forced.txt").read_text().startswith("Match ")


def test_export_never_replaces_what_is_no_regular_file(imported):
    """--force on a pipe (or a device: /dev/null, as root) once renamed the file written over
    it, and said it had exported there."""
    folder, *_ = imported
    pipe = folder / "pipe"
    os.mkfifo(pipe)
    status, out, err = command("export", "out", "--format", "contest-text", "--out", "pipe",
                               "--force", cwd=folder)
    assert (status, out) == (2, "") and "pipe: it is no regular file" in err, err
    assert len(err.strip().splitlines()) == 1 and stat.S_ISFIFO(pipe.stat().st_mode)


def test_a_run_not_scored_under_gb_mahjong_is_refused_in_one_line(tmp_path):
    run([[("w0", ["1"] * 4)]], tmp_path / "green", kind="table", ruleset="green-book",
        table="mcr", quiet=True)
    status, _out, err = command("export", "green", "--format", "botzone-log", cwd=tmp_path)
    assert status == 2 and len(err.strip().splitlines()) == 1, err
    assert "not green-book: play the games with --ruleset gb-mahjong" in err


def test_import_leaves_the_garbage_collector_as_it_found_it(tmp_path):
    # The import collects seldom and freezes what was loaded before the games; an import run
    # in a process that goes on (a notebook, these tests) must undo both.
    shutil.copy(GAMES, tmp_path / "games.txt")
    thresholds = gc.get_threshold()
    status, _, _ = command("import", "games.txt", "--format", "contest-text", cwd=tmp_path)
    assert status == 0
    assert gc.get_threshold() == thresholds
    assert gc.get_freeze_count() == 0


@pytest.mark.parametrize("form", ["contest-text", "botzone-log"])
def test_a_byte_order_mark_or_an_empty_file_loses_no_game(tmp_path, form):
    if form == "contest-text":
        text, games = (DATA / "real" / "contest-sample.txt").read_bytes(), 16
    else:
        text = "".join(json.dumps(match_log(read_record(p))) + "\n"
                       for p in sorted(RECORDS.glob("*.jsonl"))).encode()
        games = 7
    (tmp_path / "bom").write_bytes(b"\xef\xbb\xbf" + text)  # as some editors save UTF-8
    (tmp_path / "empty").write_bytes(b"")
    status, out, err = command("import", "bom", "--format", form, "--json", cwd=tmp_path)
    assert (status, json.loads(out)["agreed"], err) == (0, games, "")
    status, out, err = command("import", "empty", "--format", form, "--json", cwd=tmp_path)
    assert (status, json.loads(out)["read"], err) == (0, 0, "")


def test_an_import_stopped_half_way_is_replaced_by_the_same_command(tmp_path):
    shutil.copy(GAMES, tmp_path / "games.txt")
    ImportFolder(tmp_path / "out", "contest-text")  # made, then stopped before close
    status, out, err = command("import", "games.txt", "--format", "contest-text", "--out", "out",
                               cwd=tmp_path)
    assert status == 0 and out.startswith("read 10, agreed 6"), err
    manifest = json.loads((tmp_path / "out" / "import.json").read_text())
    assert manifest["finished"] and manifest["games"] == 6


def test_an_export_that_goes_on_counts_what_it_wrote_and_names_each_refusal(imported):
    """Two imported games and a log of another ruleset: the export writes the two (two matches,
    not "game(s)"), says the one refused on a line of its own, and counts it."""
    folder, *_ = imported
    mixed = folder / "mixed"
    mixed.mkdir()
    for log in sorted((folder / "out" / "games").glob("*.jsonl"))[:2]:
        shutil.copy(log, mixed / log.name)
    (mixed / "zz-green.jsonl").write_text(record("x", (1, 1, 1, 1), 1))
    status, out, err = command("export", "mixed", "--format", "botzone-log", "--out",
                               "mixed.jsonl", cwd=folder)
    assert (status, out.strip()) == (0, "exported 2 matches to mixed.jsonl; 1 game refused"), err
    lines = err.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("refused: mixed/zz-green.jsonl: "), err
    assert len((folder / "mixed.jsonl").read_text().splitlines()) == 2


def test_an_import_again_replaces_the_earlier_ones_files_and_refuses_a_foreign_folder(tmp_path):
    shutil.copy(GAMES, tmp_path / "games.txt")
    ImportFolder(tmp_path / "out", "contest-text")  # an earlier import's folder
    stale = [tmp_path / "out" / "games" / "g000099-old.jsonl",
             tmp_path / "out" / "tables" / "seats" / "b000099.parquet"]
    for path in stale:
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text("left by an earlier import")
    status, _, err = command("import", "games.txt", "--format", "contest-text", "--out", "out",
                             cwd=tmp_path)
    assert status == 0, err
    assert not any(path.exists() for path in stale)
    logs = sorted(path.name[:7] for path in (tmp_path / "out" / "games").iterdir())
    assert logs == [f"g{number:06d}" for number in range(1, 7)]  # six agreed games
    (tmp_path / "mine").mkdir()
    (tmp_path / "mine" / "notes.txt").write_text("mine")
    with pytest.raises(ValueError, match="holds files that are not an import"):
        ImportFolder(tmp_path / "mine", "contest-text")
