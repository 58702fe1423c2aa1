"""The run commands' arguments out of bounds: refused in one line with status 2, before any
folder is made or worker started; the workers a run starts are no more than its batches."""

import os

import pytest

from mjsim.tournament import RunFolder, runner
from mjsim.ui.cli import main

TABLE = ["table", "1,1,1,1", "--walls", "2", "--table", "botzone", "--quiet"]


def refused(capsys, *argv):
    """The status and the one line of stderr of ``mjsim argv``."""
    status = main(list(argv))
    error = capsys.readouterr().err
    assert error.count("\n") == 1, error
    return status, error


@pytest.mark.parametrize("jobs", [str(4 * (os.cpu_count() or 1) + 1), "99999999999999999999"])
def test_absurd_jobs_are_refused(capsys, tmp_path, jobs):
    status, error = refused(capsys, *TABLE, "--jobs", jobs, "--out", str(tmp_path / "x"))
    assert status == 2 and "--jobs is from 1 to" in error and jobs in error
    status, error = refused(capsys, "resume", str(tmp_path), "--jobs", jobs)
    assert status == 2 and "--jobs is from 1 to" in error


def test_a_run_starts_no_more_workers_than_its_batches(tmp_path, monkeypatch):
    asked = []
    parallel = runner.Parallel

    def counted(*args, n_jobs, **kwargs):
        asked.append(n_jobs)
        return parallel(*args, n_jobs=1, **kwargs)

    monkeypatch.setattr(runner, "Parallel", counted)
    batches = [[(seed, ("1", "1", "1", "1"))] for seed in ("a", "b")]
    runner.run(batches, tmp_path, n_jobs=8, backend="sequential", quiet=True, table="botzone")
    assert asked == [2]


@pytest.mark.parametrize("penalty", ["4611686018427387904", "10001", "-1"])
def test_a_penalty_out_of_bounds_is_refused(capsys, tmp_path, penalty):
    status, error = refused(capsys, *TABLE, "--penalty", penalty, "--out", str(tmp_path / "x"))
    assert status == 2 and f"--penalty is from 0 to 10,000, not {penalty}\n" in error


@pytest.mark.parametrize(("option", "value", "words"), [
    ("--max-fouls", "0", "--max-fouls is at least 1, not 0"),
    ("--out", "", "argument --out: a path, not an empty string"),
])
def test_an_option_refused_names_itself_and_its_value(capsys, tmp_path, monkeypatch, option,
                                                      value, words):
    # --max-fouls 0 was refused as "--penalty is from 0 to 10,000 and --max-fouls at least 1",
    # and --out "" ran into the default folder, runs/table-mjsim-2.
    monkeypatch.chdir(tmp_path)
    try:
        status = main([*TABLE, option, value])
    except SystemExit as stop:  # argparse's refusal
        status = stop.code
    error = capsys.readouterr().err
    assert status == 2 and words in error and error.count("\n") == 1
    assert not list(tmp_path.iterdir())


def test_a_seed_names_the_default_folder_without_leaving_the_runs_folder(capsys, tmp_path,
                                                                         monkeypatch):
    monkeypatch.chdir(tmp_path)
    assert main([*TABLE, "--seed", "/../../escaped", "--backend", "sequential"]) == 0
    capsys.readouterr()
    [made] = (tmp_path / "runs").iterdir()
    assert made.name == "table-_.._.._escaped-2"
    assert sorted(path.name for path in tmp_path.iterdir()) == ["runs"]
    assert RunFolder(made).manifest()["arguments"]["seed"] == "/../../escaped"


@pytest.mark.parametrize("argv", [
    ["table", "1,1,1,nosuchplayer"], ["table", "1,2,3,4", "--format", "competition",
                                      "--walls", "3"],
    ["table", "botzone:/nonexistent,1,1,1"], ["ladder", "--rungs", "1,botzone:/nonexistent"],
    ["price", "nosuchidea"], ["table", "1,1,1,1", "--backend", "dask"],
    # A scheduler out of reach (10 s to give up) left the folder and its manifest.
    ["table", "1,1,1,1", "--backend", "dask", "--scheduler", "tcp://127.0.0.1:1"]])
def test_refused_arguments_leave_no_folder(capsys, tmp_path, argv):
    status, _ = refused(capsys, *argv, "--walls", "2", "--quiet", "--out", str(tmp_path / "x"))
    assert status == 2 and not (tmp_path / "x").exists()


def test_a_run_folder_that_cannot_be_made_is_refused_in_one_line(capsys):
    status, error = refused(capsys, "table", "1,1,1,1", "--walls", "2", "--quiet",
                            "--out", "/proc/nope/deeper")
    assert status == 2 and "cannot make the folder /proc/nope/deeper" in error


def test_a_program_seat_without_its_program_is_refused_before_any_game(capsys, tmp_path):
    script = tmp_path / "bot.py"
    script.write_text("print('never run')\n")  # not executable
    for spec, words in ((f"botzone:{script}", "not an executable file"),
                        ("botzone:no-such-program-here", "not on PATH"),
                        ("botzone:/nonexistent", "not an executable file")):
        status, error = refused(capsys, "table", "bot,1,1,1", "--walls", "2", "--table",
                                "botzone", "--out", str(tmp_path / "x"), "--player",
                                f"bot={spec}")
        assert status == 2 and words in error and not (tmp_path / "x").exists()


def test_more_walls_than_a_run_holds_in_memory_are_refused(capsys, tmp_path):
    status, error = refused(capsys, "table", "1,1,1,1", "--walls", "2000001",
                            "--out", str(tmp_path / "x"))
    assert status == 2 and "--walls is from 2 (an interval needs two) to 2,000,000" in error
    assert not (tmp_path / "x").exists()


def test_a_program_seat_whose_script_is_missing_is_refused_before_any_game(capsys, tmp_path,
                                                                          monkeypatch):
    # Only python3 was checked: the run started and every game recorded the seat's fouls.
    monkeypatch.chdir(tmp_path)
    for script in ("missing.py", "bots/missing", str(tmp_path / "gone.js")):
        status, error = refused(capsys, "table", "bot,1,1,1", "--walls", "2", "--table",
                                "botzone", "--out", str(tmp_path / "x"), "--player",
                                f"bot=botzone:python3 -u {script} --fast")
        named = str(tmp_path / script) if "/" in script else script  # made absolute
        assert status == 2 and f"no file {named} " in error and not (tmp_path / "x").exists()


def test_a_program_seat_with_its_script_or_no_script_loads():
    from mjsim.players.specs import _missing_script

    here = __file__
    for words in ([here], ["-u", here, "--out", "later/made.log"], ["-m", "pkg.bot"],
                  ["-c", "print(1/2)"], ["--level=3"], ["-W", "ignore", here], []):
        assert _missing_script(words) is None, words
    assert _missing_script(["-W", "ignore", "nope.py"]) == "nope.py"
