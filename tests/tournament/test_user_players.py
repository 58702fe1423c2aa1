"""A user's own player everywhere a lineup goes: table, price (its own idea), ladder, resume;
on one process, two, and a Dask cluster, with the same tables."""

import json
import re
from pathlib import Path

import pandas as pd
import pytest

from mjsim.tournament import Roster, ladder, price, read_lineup_file, resume, table
from mjsim.ui.cli import main

GREEDY = f"{Path(__file__).parents[1] / 'players' / 'bots' / 'greedy.py'}:Greedy"


def greedy_roster():
    return Roster({"greedy": GREEDY})


@pytest.fixture(scope="module")
def cluster():
    import distributed  # the test extra installs it: a missing cluster fails, never skips
    with distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=True,
                                  dashboard_address=None) as local:
        yield local.scheduler_address


def on_every_backend(experiment, out, scheduler):
    """The experiment's report on one process, on two, and on the Dask cluster, after
    checking that the three wrote the same tables."""
    one = experiment(out / "one", backend="sequential")
    two = experiment(out / "two", n_jobs=2)
    dask = experiment(out / "dask", backend="dask", scheduler=scheduler)
    for name in ("seats", "hands", "fans"):
        pd.testing.assert_frame_equal(one.tables[name], two.tables[name])
        pd.testing.assert_frame_equal(one.tables[name], dask.tables[name])
    return one


def test_a_user_player_sits_at_a_table_the_same_on_every_backend(tmp_path, cluster):
    report = on_every_backend(
        lambda out, **options: table("3,greedy,greedy-claims,2", out, roster=greedy_roster(),
                                     walls=2, quiet=True, **options), tmp_path, cluster)
    assert set(report.standings["variant"]) == {"3", "greedy", "greedy-claims", "2"}
    manifest = json.loads((tmp_path / "one" / "manifest.json").read_text())
    assert manifest["definitions"] == {"greedy": GREEDY}
    described = manifest["players"]["greedy-claims"]
    assert described["kind"] == "class" and len(described["sha256"]) == 64
    assert described["spec"] == GREEDY + "-claims"


def test_price_a_user_players_own_idea(tmp_path, cluster):
    report = on_every_backend(
        lambda out, **options: price(["claims"], out, baseline="greedy", roster=greedy_roster(),
                                     walls=3, quiet=True, **options), tmp_path, cluster)
    row = report.estimates.iloc[0]
    assert (row["name"], row["challenger"], row["baseline"]) == ("claims", "greedy-claims",
                                                                 "greedy")
    assert row["seeds"] == 3 and row["low_hand"] <= row["value_hand"] <= row["high_hand"]
    with pytest.raises(ValueError, match="greedy has no idea 'defence'; its ideas are claims"):
        price(["defence"], tmp_path / "x", baseline="greedy", roster=greedy_roster(), walls=2)


def test_a_ladder_of_ones_own(tmp_path, cluster):
    report = on_every_backend(
        lambda out, **options: ladder(out, rungs=["1", "greedy"], roster=greedy_roster(),
                                      walls=2, quiet=True, **options), tmp_path, cluster)
    assert list(report.estimates["name"]) == ["greedy over rung 1", "claims"]
    assert set(report.standings["variant"]) == {"1", "greedy"}
    with pytest.raises(ValueError, match="two or more distinct rungs"):
        ladder(tmp_path / "x", rungs=["3"], walls=2)


def test_a_lineup_file_names_its_players(tmp_path):
    path = tmp_path / "lineup.toml"
    path.write_text(f'seats = ["3", "g", "g-claims", "2"]\n[players]\ng = "{GREEDY}"\n')
    lineup, roster = read_lineup_file(path)
    assert lineup == ("3", "g", "g-claims", "2") and roster.spec("g-claims") == GREEDY + "-claims"
    path.write_text('seats = ["3", "3"]\n')
    with pytest.raises(ValueError, match="four players"):
        read_lineup_file(path)
    path.write_text('seats = "3"\n')
    with pytest.raises(ValueError, match="expected seats"):
        read_lineup_file(path)


def test_a_run_made_elsewhere_runs_no_code_without_trust(tmp_path):
    first = table("3,3,2,greedy", tmp_path, roster=greedy_roster(), walls=2, quiet=True)
    again = resume(tmp_path, quiet=True)  # its own folder, on its own machine: resumed
    pd.testing.assert_frame_equal(first.tables["seats"], again.tables["seats"])
    manifest_path = tmp_path / "manifest.json"
    manifest = json.loads(manifest_path.read_text())
    manifest["origin"] = {"host": "elsewhere", "folder": "/far/away"}
    manifest_path.write_text(json.dumps(manifest))
    with pytest.raises(ValueError, match=r"made elsewhere \(elsewhere:/far/away\); resuming "
                                         r"it would run .*greedy\.py:Greedy; pass --trust"):
        resume(tmp_path)
    trusted = resume(tmp_path, trust=True, quiet=True)
    pd.testing.assert_frame_equal(first.tables["seats"], trusted.tables["seats"])


@pytest.mark.parametrize("written", ["bots/greedy.py", "./bots/greedy.py"])
def test_a_run_of_a_relative_player_file_resumed_elsewhere_names_the_folder_it_was_started_in(
        tmp_path, monkeypatch, written):
    # Was "cannot load player bots/greedy.py:Greedy: no file bots/greedy.py", saying not why
    started, elsewhere = tmp_path / "started", tmp_path / "elsewhere"
    (started / "bots").mkdir(parents=True)
    elsewhere.mkdir()
    (started / "bots" / "greedy.py").write_text(Path(GREEDY.rpartition(":")[0]).read_text())
    monkeypatch.chdir(started)
    table("3,3,2,g-claims", tmp_path / "run", roster=Roster({"g": f"{written}:Greedy"}),
          walls=1, quiet=True)
    monkeypatch.chdir(elsewhere)
    with pytest.raises(ValueError, match="^" + re.escape(
            f"player {written}:Greedy-claims names its file {written} relative to the folder "
            f"the run was started in, and {elsewhere} holds none: resume the run from "
            f"{started.resolve()}") + "$"):
        resume(tmp_path / "run", quiet=True)
    manifest_path = tmp_path / "run" / "manifest.json"
    manifest = json.loads(manifest_path.read_text())
    del manifest["players"]["g-claims"]["file"]  # a manifest that does not tell the folder
    manifest_path.write_text(json.dumps(manifest))
    with pytest.raises(ValueError, match="holds none: resume the run from that folder$"):
        resume(tmp_path / "run", quiet=True)
    monkeypatch.chdir(started)
    assert resume(tmp_path / "run", quiet=True).standings is not None
    manifest_path.write_text(json.dumps(json.loads(manifest_path.read_text()) | {"players": {
        "g-claims": {"file": str((started / "bots" / "greedy.py").resolve())}}}))
    (started / "bots" / "greedy.py").unlink()  # where it was started, the file is gone
    with pytest.raises(ValueError, match="^cannot load player .*: no file .*bots/greedy.py$"):
        resume(tmp_path / "run", quiet=True)


def test_the_commands_take_user_players(tmp_path, capsys):
    assert main(["table", "3,3,3,g", "--player", f"g={GREEDY}", "--walls", "2", "--quiet",
                 "--out", str(tmp_path / "t")]) == 0
    assert "g " in capsys.readouterr().out
    assert main(["price", "claims", "--baseline", GREEDY, "--walls", "2", "--quiet",
                 "--out", str(tmp_path / "p")]) == 0
    assert "claims" in capsys.readouterr().out
    assert main(["ladder", "--rungs", f"1,{GREEDY}", "--walls", "2", "--quiet",
                 "--out", str(tmp_path / "l")]) == 0
    assert "over rung 1" in capsys.readouterr().out
    assert main(["table", "3,3,3,g", "--player", "g", "--walls", "2"]) == 2
    assert "--player takes NAME=SPEC" in capsys.readouterr().err


def test_a_game_of_a_run_made_elsewhere_replays_no_code_without_trust(tmp_path):
    from mjsim.ui import replay

    table("3,3,2,greedy", tmp_path, roster=greedy_roster(), walls=1, quiet=True)
    here = replay.regenerate(tmp_path, 0)  # its own folder: replayed
    manifest_path = tmp_path / "manifest.json"
    manifest = json.loads(manifest_path.read_text())
    manifest["origin"] = {"host": "elsewhere", "folder": "/far/away"}
    manifest_path.write_text(json.dumps(manifest))
    with pytest.raises(ValueError, match=r"replaying this game would run .*greedy\.py:Greedy"):
        replay.regenerate(tmp_path, 0)
    trusted = replay.regenerate(tmp_path, 0, trust=True)
    assert trusted.frames[-1].totals == here.frames[-1].totals
