"""``mjsim import`` and ``mjsim export`` as a person runs them."""

import json
import shutil

import pytest

from mjsim.tournament.store import RunFolder
from tests.helpers import DATA
from tests.helpers.botzone_logs import match_log
from tests.helpers.botzone_record import RECORDS
from tests.helpers.botzone_record import read as read_record
from tests.ui.conftest import mjsim, record

GAMES = DATA / "contest" / "games.txt"


@pytest.fixture(scope="module")
def imported(tmp_path_factory):
    folder = tmp_path_factory.mktemp("import")
    shutil.copy(GAMES, folder / "games.txt")
    status, out, err = mjsim("import", "games.txt", "--format", "contest-text", "--out", "out",
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


def test_import_json_is_the_summary_object(tmp_path):
    shutil.copy(GAMES, tmp_path / "games.txt")
    status, out, _ = mjsim("import", "games.txt", "--format", "contest-text", "--json",
                           cwd=tmp_path)
    assert status == 0
    assert json.loads(out) == {"read": 10, "agreed": 6, "refused": 1,
                               "disagreed": {"fan": 1, "illegal": 1, "score": 1}}


def test_the_imported_games_replay_review_and_load_as_tables(imported):
    folder, *_ = imported
    logs = sorted((folder / "out" / "games").glob("*.jsonl"))
    assert len(logs) == 6
    status, out, err = mjsim("replay", str(logs[3]), "--all", cwd=folder)
    assert status == 0 and "Robbing the Kong" in out, err
    status, out, err = mjsim("review", str(logs[5]), "--seat", "1", "--level", "4", cwd=folder)
    assert status == 0 and "decisions with a choice; rung 4 agreed with" in out, err
    run = RunFolder(folder / "out")
    hands = run.load("hands")
    assert len(hands) == 6 * 4 and set(hands["seed"]) >= {"discard-win", "robbing-the-kong"}
    assert run.load("fans").query("seed == 'robbing-the-kong'")["points"].sum() == 29
    manifest = json.loads((folder / "out" / "import.json").read_text())
    assert manifest["summary"]["agreed"] == 6


@pytest.mark.slow
def test_export_writes_the_imported_games_back_and_they_import_again(imported):
    folder, *_ = imported
    for form in ("contest-text", "botzone-log"):
        status, out, err = mjsim("export", "out", "--format", form, "--out", f"back.{form}",
                                 cwd=folder)
        assert (status, out.strip()) == (0, f"exported 6 game(s) to back.{form}"), err
        status, out, err = mjsim("import", f"back.{form}", "--format", form, "--json",
                                 cwd=folder)
        assert json.loads(out) == {"read": 6, "agreed": 6, "disagreed": {}, "refused": 0}, err


def test_botzone_match_logs_import(tmp_path):
    text = "".join(json.dumps(match_log(read_record(p))) + "\n"
                   for p in sorted(RECORDS.glob("*.jsonl")))
    (tmp_path / "matches.jsonl").write_text(text)
    status, out, err = mjsim("import", "matches.jsonl", "--format", "botzone-log", "--json",
                             cwd=tmp_path)
    assert (status, json.loads(out)["agreed"]) == (0, 7), err


@pytest.mark.parametrize(("argv", "message"), [
    (["import", "missing.txt", "--format", "contest-text"], "missing.txt is not a file"),
    (["import", "games.txt", "--format", "tenhou"], "invalid choice"),
    (["import", "games.txt"], "--format"),
    (["import", "games.txt", "--format", "contest-text", "--out", "games.txt"], "games.txt"),
    (["export", "nothing", "--format", "contest-text"], "holds no game logs"),
    (["export", "logs", "--format", "contest-text", "--out", "logs"],
     "cannot write logs: Is a directory"),
    (["export", "logs", "--format", "botzone-log", "--out", "nodir/x.jsonl"],
     "cannot write nodir/x.jsonl: No such file or directory"),
])
def test_bad_arguments_are_one_line_and_status_2(tmp_path, argv, message):
    shutil.copy(GAMES, tmp_path / "games.txt")
    (tmp_path / "logs").mkdir()
    (tmp_path / "logs" / "game.jsonl").write_text(record("x", (1, 1, 1, 1), 1))
    status, _out, err = mjsim(*argv, cwd=tmp_path)
    assert status == 2 and message in err and len(err.strip().splitlines()) == 1, err


@pytest.mark.slow
def test_a_botzone_table_run_exports_and_imports_again_and_an_mcr_run_is_refused(tmp_path):
    for table, lineup in (("botzone", "2,2,2,2"), ("mcr", "1,1,1,1")):
        status, _, err = mjsim("table", lineup, "--table", table, "--walls", "2",
                               "--ruleset", "gb-mahjong", "--out", table, cwd=tmp_path)
        assert status == 0, err
    status, out, err = mjsim("export", "botzone", "--format", "contest-text", "--out",
                             "run.txt", cwd=tmp_path)
    assert (status, out.strip()) == (0, "exported 2 game(s) to run.txt"), err
    status, out, _ = mjsim("import", "run.txt", "--format", "contest-text", "--json",
                           cwd=tmp_path)
    assert json.loads(out)["agreed"] == 2
    status, out, err = mjsim("export", "mcr", "--format", "botzone-log", "--out", "mcr.jsonl",
                             cwd=tmp_path)
    assert status == 0 and "refused 2" in out
    assert err.count("refused: mcr game") == 2 and "MCR table" in err
