"""Issue 25 §4: every edge a user reaches ends in one line, never a traceback (a finished run
prints its standings even when a figure fails; a dataset folder is no run to resume; a log's
tile off the table; a player that raises; a benchmark peer that is not installed)."""

import importlib.util
import io
import json
import re
import sys
from pathlib import Path

import pytest

from mjsim.game import gamelog
from mjsim.learn import dataset
from mjsim.tournament import Roster, table
from mjsim.ui import cli, plots
from mjsim.ui.commands import botzone, runs
from mjsim.ui.replay import load
from tests.ui.conftest import record

ROOT = Path(__file__).resolve().parents[2]
RAISING = f"{ROOT}/tests/edges/raising.py:Raising"


def one_line(text):
    return len(text.strip().splitlines()) == 1 and "Traceback" not in text


@pytest.fixture(scope="module")
def report(tmp_path_factory):
    return table("1,1,1,1", tmp_path_factory.mktemp("run"), walls=2, table="botzone",
                 quiet=True, backend="sequential")


def test_a_bound_a_rounding_error_past_its_estimate_is_drawn(report):
    # Seen: a rating's lower bound 1e-9 above the rating, and matplotlib's "'xerr' must not
    # contain negative values" took the standings (and resume) with it.
    rows = report.standings.copy()
    rows["rating_low"] = rows["rating"] + 1e-9
    rows["points_high"] = rows["points"] - 1e-9
    plots.standings(rows).canvas.draw()
    estimates = rows.assign(name=rows["variant"], value_hand=0.5, low_hand=0.5 + 1e-9,
                            high_hand=0.5)
    plots.forest(estimates).canvas.draw()


def test_a_failing_figure_keeps_the_standings_shown(report, monkeypatch, capsys):
    def fails(_):
        raise ValueError("a figure's bug\nover two lines")

    monkeypatch.setattr(plots, "save_report", fails)
    shown = runs.finish(report)
    assert "points" in shown and f"results: {report.out}" in shown
    err = capsys.readouterr().err
    assert one_line(err) and "figures" in err and "ValueError: a figure's bug" in err


def test_resume_refuses_a_dataset_folder_in_one_line(tmp_path, capsys):
    # Seen: KeyError: 'batches'.
    dataset.write(tmp_path, ["1", "1", "1", "1"], walls=1, hands=1, quiet=True)
    assert cli.main(["resume", str(tmp_path)]) == 2
    err = capsys.readouterr().err
    assert one_line(err) and "a dataset's" in err and str(tmp_path) in err


@pytest.fixture(scope="module")
def logged():
    return record("k5", [3, 3, 3, 3], 1).splitlines()


@pytest.mark.parametrize("tile", [99, -1, 34])
def test_a_log_tile_off_the_table_stops_at_its_line(tmp_path, logged, capsys, tile):
    # Seen: 99 raised IndexError in the replay; -1 was read as T4.
    lines = list(logged)
    line = json.loads(lines[3])
    assert line["move"]["kind"] == "discard"
    line["move"]["tile"] = tile
    lines[3] = json.dumps(line)
    path = tmp_path / "bad.jsonl"
    path.write_text("\n".join(lines) + "\n")
    read = gamelog.read_partial(path.open())
    assert read.stopped == f"line 4 is damaged: tile {tile} is no playing tile (0-33)"
    assert len(read.moves) == 2
    with pytest.raises(ValueError, match="line 4"):
        gamelog.read(path.open())
    assert load(path).stopped == read.stopped
    for argv in (["replay", str(path), "--all"], ["review", str(path), "--seat", "0"]):
        assert cli.main(argv) == 0
        out, err = capsys.readouterr()
        assert err == "" and f"line 4 is damaged: tile {tile} is no playing tile" in out


def test_a_player_that_raises_is_one_line_with_its_seat_game_and_wall(tmp_path):
    from mjsim.players.driver import PlayerError  # new with the fix: main lacks it

    roster = Roster({"raising": RAISING})
    with pytest.raises(PlayerError) as raised:
        table("1,1,1,raising", tmp_path, roster=roster, walls=2, quiet=True,
              backend="sequential")
    message = str(raised.value)
    assert one_line(message)
    assert message.startswith("game 0: seat 3 (raising) raised ZeroDivisionError: division by "
                              "zero in hand 2, on wall 'mjsim-0' (lineup 1,1,1,raising)")
    kept = tmp_path / "errors" / "game0-seat3.txt"
    assert message.endswith(f"its traceback is in {kept}")
    assert "Traceback" in kept.read_text() and "1 / 0" in kept.read_text()


def test_a_run_reports_the_first_walls_failure_when_a_later_wall_fails_first(tmp_path,
                                                                            monkeypatch):
    from mjsim.players.driver import PlayerError
    from mjsim.tournament import runner

    def last_first(**options):  # joblib's Parallel, the batches ending last one first
        return lambda calls: (call(*args, **kwargs) for call, args, kwargs in reversed(list(calls)))

    monkeypatch.setattr(runner, "Parallel", last_first)
    with pytest.raises(PlayerError) as raised:
        table("1,1,1,raising", tmp_path, roster=Roster({"raising": RAISING}), walls=2,
              quiet=True)
    assert str(raised.value).startswith("game 0: ") and "wall 'mjsim-0'" in str(raised.value)


def test_replaying_a_game_whose_player_raises_is_one_line(tmp_path, capsys):
    roster = Roster({"raising": RAISING})
    with pytest.raises(Exception, match="raised ZeroDivisionError"):
        table("1,1,1,raising", tmp_path, roster=roster, walls=2, quiet=True,
              backend="sequential")
    assert cli.main(["replay", str(tmp_path), "--game", "0"]) == 1
    err = capsys.readouterr().err
    assert one_line(err) and "seat 3 (raising) raised ZeroDivisionError" in err


def test_a_player_that_raises_in_a_worker_stops_the_run_with_status_1(tmp_path, capsys,
                                                                      recwarn):
    # Twenty walls on two workers: walls are in flight when the run stops, whose cancelling
    # joblib would warn of in two lines of its own.
    status = cli.main(["table", "1,1,1,raising", "--player", f"raising={RAISING}", "--walls",
                       "20", "--out", str(tmp_path), "--jobs", "2", "--quiet"])
    err = capsys.readouterr().err
    assert status == 1 and one_line(err)
    assert [str(warning.message) for warning in recwarn] == []
    # Both walls' workers raise; the run is told of the first wall's, whichever ended first.
    assert "game 0: seat 3 (raising) raised ZeroDivisionError" in err and "wall 'mjsim-0'" in err
    assert (tmp_path / "errors" / "game0-seat3.txt").is_file()


def test_bench_sim_skips_a_peer_that_is_not_installed(monkeypatch, capsys):
    # Seen: "riichienv n/a", then ModuleNotFoundError from the timed rounds.
    spec = importlib.util.spec_from_file_location("bench_sim", ROOT / "scripts" / "bench_sim.py")
    bench = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(bench)

    def missing(games, offset):
        raise ModuleNotFoundError("No module named 'peer'", name="peer")

    monkeypatch.setattr(bench, "ROWS", {"drawn": bench.ROWS["drawn"], "peer": lambda: missing})
    monkeypatch.setattr(sys, "argv", ["bench_sim.py", "--games", "1", "--repeats", "1"])
    bench.main()
    out = capsys.readouterr().out
    assert "peer       skipped: no module peer" in out
    assert [line.split()[0] for line in out.splitlines()[3:]] == ["drawn"]


def test_a_botzone_bot_whose_player_raises_is_one_line_and_keeps_its_traceback(
        tmp_path, monkeypatch, capsys):
    # Was: the player's ZeroDivisionError escaped `mjsim botzone` as a traceback.
    request = {"requests": ["0 0 0", "1 0 0 0 0 W1 W1 W1 W5 W6 B2 B3 B4 T7 T8 T9 F1 F1", "2 J1"],
               "responses": ["PASS", "PASS"]}
    monkeypatch.chdir(tmp_path)
    monkeypatch.setattr(sys, "stdin", io.StringIO(json.dumps(request) + "\n"))
    status = cli.main(["botzone", "--player", f"{ROOT}/tests/edges/raising.py:RaisingAtOnce"])
    out, err = capsys.readouterr()
    assert status == 1 and out == "" and one_line(err)
    assert "seat 0 (raising-at-once) raised ZeroDivisionError: division by zero" in err
    kept = tmp_path / botzone.BOTZONE_TRACEBACK
    assert str(kept) in err and "ZeroDivisionError" in kept.read_text()


@pytest.mark.parametrize(("source", "said"), [
    ("garbage(((\n",
     "cannot load player .*: SyntaxError: '\\(' was never closed \\(bad.py, line 1\\)"),
    ("import no_such_module_zz\n",
     "cannot load player .*: ModuleNotFoundError: No module named 'no_such_module_zz' \\(bad.py"),
    ("import sys\nsys.exit(3)\n", "cannot load player .*: SystemExit: 3 \\(bad.py, line 2\\)"),
    ("class Bad:\n    def __init__(self):\n        raise ValueError('at init')\n",
     "cannot build player .*: ValueError: at init \\(bad.py, line 3\\)"),
    # Was: a RuntimeError from close() at the roster's probe gave a traceback, and an OSError
    # read 'stopped: ...; what was written stays: run the same command to resume', no player.
    *[((f"class Bad:\n    name = 'bad'\n    def act(self, view):\n        return view.legal[0]\n"
        f"    def close(self):\n        raise {error}('at close')\n"),
       f"cannot close player .*: {error}: at close \\(bad.py, line 6\\)")
      for error in ("RuntimeError", "OSError")],
])
def test_a_player_file_that_fails_as_it_loads_is_one_line_naming_it(tmp_path, capsys, source,
                                                                     said):
    # Was: a 20-line traceback (a syntax error, a missing import), a bare "init", or a silent
    # exit with the player's own status.
    (tmp_path / "bad.py").write_text(source)
    status = cli.main(["table", f"3,3,3,{tmp_path}/bad.py:Bad", "--walls", "2",
                       "--out", str(tmp_path / "run")])
    err = capsys.readouterr().err
    assert status == 2 and one_line(err) and f"{tmp_path}/bad.py:Bad" in err
    assert re.search(said, err), err
