"""Botzone programs in runs: each way a program goes wrong is a recorded foul with the penalty,
and the run completes; one fouling hand after hand stops the run in one line, and the same
command resumes it, once the program is fixed, to the tables of a run never stopped."""

import json
import re
import shlex
import sys

import pandas as pd
import pytest

from mjsim.tournament import Roster, RunFolder, table
from mjsim.ui.cli import main
from tests.players.botzone.programs import BOTS, bot_command

TINY = bot_command("tinybot.py", "json")
PENALTY = 5  # not the default 10: the run's setting reaches the settlement


@pytest.mark.parametrize("way, reason", [("illegal", "illegal"), ("slow", "late"),
                                         ("crash", "crashed"), ("garbage", "garbage")])
def test_each_fault_is_a_recorded_foul_and_the_run_completes(tmp_path, way, reason):
    roster = Roster({"tiny": f"botzone:{TINY}",
                     "bad": f"botzone?time_limit=0.5:{bot_command('badbot.py', way)}"})
    # It fouls every game, four in a row: the run completes with the limit above that.
    report = table("3,tiny,2,bad", tmp_path, roster=roster, walls=1, table="botzone",
                   ruleset="gb-mahjong", penalty=PENALTY, max_fouls=5, quiet=True)
    hands, seats = report.tables["hands"], report.tables["seats"]
    fouls = hands[hands["outcome"] == "foul"]
    # Every game (the four seatings of the wall) is one hand, and the bad program fouls it.
    assert len(fouls) == 4 and set(fouls["variant"]) == {"bad"}
    assert fouls["foul_reason"].str.startswith(reason).all()
    assert (fouls["delta"] == -3 * PENALTY).all() and (fouls["seat"] == fouls["foul_seat"]).all()
    others = hands[hands["outcome"] == "fouled"]
    assert len(others) == 12 and (others["delta"] == PENALTY).all()
    assert seats.groupby("variant")["fouls"].sum().to_dict() == {"2": 0, "3": 0, "bad": 4,
                                                                  "tiny": 0}
    logs = sorted((tmp_path / "programs").glob("*/seat*/stderr.log"))
    assert len(logs) == 8  # tiny's and bad's, for each of the four games
    if way == "crash":
        assert any("Traceback" in log.read_text() for log in logs)


BREAKABLE = """\
import os, pathlib, sys
if "b000001" in os.getcwd() and not pathlib.Path({fixed!r}).exists():
    print("broken on the second wall", file=sys.stderr)
    sys.exit(1)
sys.argv = [{tiny!r}, "json", "keep-running"]
exec(compile(open({tiny!r}).read(), {tiny!r}, "exec"))
"""


def test_a_program_fouling_hand_after_hand_stops_the_run_which_resumes_once_fixed(
        tmp_path, capsys):
    fixed = tmp_path / "fixed"
    script = tmp_path / "bot.py"
    script.write_text(BREAKABLE.format(fixed=str(fixed), tiny=str(BOTS / "tinybot.py")))
    command = shlex.join([sys.executable, str(script)])
    argv = ["table", "3,3,2,mine", "--player", f"mine=botzone:{command}", "--walls", "2",
            "--jobs", "1", "--max-fouls", "2", "--quiet", "--out", str(tmp_path / "run")]
    assert main(argv) == 1
    err = capsys.readouterr().err.strip()
    assert len(err.splitlines()) == 1
    assert err.startswith(f"mjsim table: stopped: botzone:{command} in seat ")
    assert "fouled 2 hands in a row; the last: crashed" in err
    assert "request: " in err and "broken on the second wall" in err
    assert len(list((tmp_path / "run" / "tables" / "seats").glob("*.parquet"))) == 1  # wall 0
    fixed.touch()
    assert main(argv) == 0
    capsys.readouterr()
    never_stopped = ["table", "3,3,2,mine", "--player", f"mine=botzone:{command}",
                     "--walls", "2", "--max-fouls", "2", "--quiet", "--out",
                     str(tmp_path / "clean")]
    assert main(never_stopped) == 0
    for name in ("seats", "hands", "fans"):
        pd.testing.assert_frame_equal(RunFolder(tmp_path / "run").load(name),
                                      RunFolder(tmp_path / "clean").load(name))


@pytest.mark.slow
def test_a_relative_command_finds_its_file_from_its_own_folder(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    (tmp_path / "bots").mkdir()
    (tmp_path / "bots" / "tiny.py").write_text((BOTS / "tinybot.py").read_text())
    roster = Roster({"mine": f"botzone:{shlex.quote(sys.executable)} bots/tiny.py json "
                             "keep-running"})  # kept running: a few processes, a quick test
    report = table("3,3,2,mine", "run", roster=roster, walls=1, table="botzone",
                   ruleset="gb-mahjong", quiet=True)
    assert report.tables["seats"]["fouls"].sum() == 0
    manifest = RunFolder(tmp_path / "run").manifest()
    resolved = (f"botzone:{shlex.quote(sys.executable)} {tmp_path}/bots/tiny.py json "
                "keep-running")
    assert manifest["definitions"]["mine"] == manifest["players"]["mine"]["spec"] == resolved
    assert list(manifest["players"]["mine"]["files"]) == [f"{tmp_path}/bots/tiny.py"]


def _bad_table(tmp_path, capsys, walls, max_fouls):
    bad = bot_command("badbot.py", "illegal")
    argv = ["table", "3,3,2,bad", "--player", f"bad=botzone:{bad}", "--walls", str(walls),
            "--table", "botzone", "--ruleset", "gb-mahjong", "--max-fouls", str(max_fouls),
            "--jobs", "1", "--quiet", "--out", str(tmp_path / f"run-{walls}-{max_fouls}")]
    code = main(argv)
    out, err = capsys.readouterr()
    written = len(list((tmp_path / f"run-{walls}-{max_fouls}" / "tables" / "seats").glob("*")))
    return code, out, err, written


@pytest.mark.slow
def test_fouls_in_a_row_are_counted_across_botzone_games_and_walls(tmp_path, capsys):
    """Each game of Botzone's table is one hand: a program fouling each one stops the run, at
    ``--max-fouls`` in a row within a wall's games (nothing of the wall is written) or across
    walls (in the order of the walls)."""
    code, _, err, written = _bad_table(tmp_path, capsys, walls=2, max_fouls=3)
    assert (code, written) == (1, 0)
    assert err.startswith("mjsim table: stopped: bad fouled 3 hands in a row; the last: illegal")
    assert re.search(r"seat 1 of 2,bad,3,3 on wall mjsim-0, hand 1; its folder: \S+/run-2-3/"
                     r"programs/b000000-g2/seat1$", err.strip())
    code, _, err, written = _bad_table(tmp_path, capsys, walls=2, max_fouls=6)
    assert (code, written) == (1, 2)
    assert "bad fouled 8 hands in a row" in err and len(err.strip().splitlines()) == 1


@pytest.mark.slow
def test_the_standings_show_fouls_and_warn_of_a_seat_that_fouls_often(tmp_path, capsys):
    code, out, _, _ = _bad_table(tmp_path, capsys, walls=2, max_fouls=100)
    assert code == 0
    header, *rows = out.splitlines()[:4]
    assert header.endswith(" fouls")
    assert {row.split()[0]: row.split()[-1] for row in rows} == {"bad": "8", "2": "0", "3": "0"}
    assert ("warning: bad fouled in 8 of its 8 games (100%, over 10%): its standing measures its "
            "fouls more than its play") in " ".join(out.split())
    assert max(map(len, out.splitlines())) <= 100
    assert "warning: 3" not in out


@pytest.mark.parametrize("spec_limit, run_limit", [(None, 0.5), (0.5, 1000.0)])
def test_a_runs_limits_hold_for_a_program_unless_its_spec_sets_its_own(tmp_path, spec_limit,
                                                                        run_limit):
    """A slow program is late under whichever time limit applies: the run's when its spec sets
    none, its own (0.5 s, not the run's 1,000) when it does. The manifest records the run's."""
    from mjsim.game.settings import Limits

    own = "" if spec_limit is None else f"?time_limit={spec_limit}"
    roster = Roster({"bad": f"botzone{own}:{bot_command('badbot.py', 'slow')}"})
    report = table("3,2,2,bad", tmp_path, roster=roster, walls=1, table="botzone",
                   ruleset="gb-mahjong", limits=Limits(time_limit=run_limit), max_fouls=5,
                   quiet=True)
    fouls = report.tables["hands"].query("outcome == 'foul'")
    assert len(fouls) == 4 and fouls["foul_reason"].str.startswith("late").all()
    manifest = RunFolder(tmp_path).manifest()
    assert manifest["limits"] == {"time_limit": run_limit, "memory_limit": 256.0,
                                  "cpu_limit": 60.0, "sandbox": False}


def test_the_command_lines_limits_reach_the_programs_and_the_manifest(tmp_path, capsys):
    slow = f"bad=botzone:{bot_command('badbot.py', 'slow')}"
    code = main(["table", "3,2,2,bad", "--walls", "2", "--table", "botzone", "--ruleset",
                 "gb-mahjong", "--player", slow, "--time-limit", "0.5",
                 "--max-fouls", "20", "--out", str(tmp_path / "run"), "--quiet"])
    assert code == 0, capsys.readouterr().err
    hands = RunFolder(tmp_path / "run").tables()["hands"]
    assert hands.query("outcome == 'foul'")["foul_reason"].str.startswith("late").all()
    assert RunFolder(tmp_path / "run").manifest()["limits"]["time_limit"] == 0.5
    # Another limit is another run: the folder says so rather than mixing the two.
    again = main(["table", "3,2,2,bad", "--walls", "2", "--table", "botzone", "--ruleset",
                  "gb-mahjong", "--player", slow, "--time-limit", "0.6",
                  "--max-fouls", "20", "--out", str(tmp_path / "run"), "--quiet"])
    assert again == 2 and "its limits are" in capsys.readouterr().err


@pytest.mark.parametrize("recorded", [{"time_limit": 6.0}, None])
def test_a_run_made_before_a_limit_was_recorded_resumes_with_its_default(tmp_path, capsys,
                                                                          recorded):
    """Seen: a run made before the sandbox was a limit (its manifest's limits without it) was
    "a different run (its limits are {}, not {'sandbox': False})", and could not be resumed."""
    run = tmp_path / "run"
    argv = ["table", "1,1,1,1", "--walls", "2", "--quiet", "--out", str(run)]
    assert main(argv) == 0
    manifest = json.loads((run / "manifest.json").read_text())
    if recorded is None:
        del manifest["limits"]  # made before any limit was recorded
    else:
        manifest["limits"] = recorded
    (run / "manifest.json").write_text(json.dumps(manifest))
    capsys.readouterr()
    assert main(argv) == 0 and main(["resume", str(run), "--quiet"]) == 0
    assert "finished before" in capsys.readouterr().out
    assert main([*argv, "--sandbox"]) == 2
    assert "its limits are {'sandbox': False}, not {'sandbox': True}" in capsys.readouterr().err
