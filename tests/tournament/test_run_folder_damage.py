"""A run folder damaged after it was written: a resumed or extended run plays the damaged
batch again (its games are a function of its seeds), reading it refuses the file by name, and
what a run would have to delete to write its batches is refused in one line."""

import json
import shutil

import pandas as pd
import pyarrow.parquet as pq
import pytest

from mjsim.tournament import RunFolder, table
from mjsim.ui.cli import main

OPTIONS = {"walls": 3, "seed": "damage", "table": "botzone", "backend": "sequential",
           "quiet": True}
LINEUP = "2,2,1,1"


@pytest.fixture(scope="module")
def whole(tmp_path_factory):
    folder = tmp_path_factory.mktemp("whole") / "run"
    table(LINEUP, folder, **OPTIONS)
    return folder


def _copy(whole, tmp_path):
    copy = tmp_path / "run"
    shutil.copytree(whole, copy)
    return copy


def _garbage(file):
    file.write_text("garbage\n")


def _empty(file):
    file.write_bytes(b"")


def _truncated(file):
    file.write_bytes(file.read_bytes()[:-20])


def _another_batch(file):
    shutil.copy(file.with_name("b000000.parquet"), file)


def _another_table(file):
    shutil.copy(file.parents[1] / "hands" / file.name, file)


def _missing(file):
    file.unlink()


def _another_batch_unsummed(file):
    # Another batch's games in a file whose footer keeps no least and greatest seed.
    pq.write_table(pq.read_table(file.with_name("b000000.parquet")), file,
                   write_statistics=False)


def _games_lost(file):
    # A whole parquet file of its own batch's seeds, cut to the first of its four games.
    pq.write_table(pq.read_table(file).slice(0, 4), file)


DAMAGES = [("hands", _garbage, "damaged"), ("fans", _empty, "damaged"),
           ("seats", _truncated, "damaged"), ("seats", _another_batch, "another batch's"),
           ("seats", _another_table, "not the seats table's"), ("fans", _missing, "missing"),
           ("hands", _another_batch_unsummed, "another batch's"),
           ("seats", _games_lost, r"damaged \(4 seats for 4 games\)")]


@pytest.mark.parametrize(("name", "damage", "words"), DAMAGES)
def test_a_damaged_batch_is_refused_by_name_when_read_and_played_again_on_resume(
        whole, tmp_path, capsys, name, damage, words):
    folder = _copy(whole, tmp_path)
    file = folder / "tables" / name / "b000001.parquet"
    damage(file)
    with pytest.raises(ValueError, match=f"{file}.*{words}"):
        for loaded in ("seats", "hands", "fans"):
            RunFolder(folder).load(loaded)
    assert main(["resume", str(folder), "--quiet", "--backend", "sequential"]) == 0
    capsys.readouterr()
    for loaded in ("seats", "hands", "fans"):
        pd.testing.assert_frame_equal(RunFolder(folder).load(loaded), RunFolder(whole).load(loaded))


def test_a_batch_file_without_statistics_is_checked_by_its_values(whole, tmp_path):
    # Parquet written by another tool may keep no least and greatest values in its footer.
    folder = _copy(whole, tmp_path)
    for name in ("seats", "hands", "fans"):
        file = folder / "tables" / name / "b000001.parquet"
        pq.write_table(pq.read_table(file), file, write_statistics=False)
    for loaded in ("seats", "hands", "fans"):
        pd.testing.assert_frame_equal(RunFolder(folder).load(loaded), RunFolder(whole).load(loaded))


def test_an_extended_run_plays_a_damaged_batch_again(whole, tmp_path):
    folder = _copy(whole, tmp_path)
    _another_batch(folder / "tables" / "seats" / "b000002.parquet")
    grown = table(LINEUP, folder, **{**OPTIONS, "walls": 4})
    once = table(LINEUP, tmp_path / "once", **{**OPTIONS, "walls": 4})
    pd.testing.assert_frame_equal(grown.standings, once.standings)


@pytest.mark.parametrize(("where", "make"), [
    ("tables", lambda path: path.write_text("x")),
    ("tables/seats", lambda path: path.write_text("x")),
    ("tables/seats/b000009.parquet", lambda path: path.mkdir()),
])
def test_what_a_run_would_have_to_delete_is_refused_in_one_line(whole, tmp_path, capsys,
                                                                  where, make):
    folder = _copy(whole, tmp_path)
    path = folder / where
    if path.is_dir():
        shutil.rmtree(path)
    make(path)
    status = main(["table", LINEUP, "--walls", "12", "--seed", "damage", "--table", "botzone",
                   "--backend", "sequential", "--quiet", "--out", str(folder)])
    error = capsys.readouterr().err
    assert status == 2
    assert error.count("\n") == 1 and str(path) in error and "move it away" in error


def test_a_folder_that_does_not_exist_is_no_run(tmp_path):
    with pytest.raises(FileNotFoundError, match="no run folder"):
        RunFolder(tmp_path / "misspelled").load("seats")
    assert RunFolder(tmp_path).load("seats").empty  # a folder with no batch yet holds none


@pytest.mark.parametrize("stray", ["backup.parquet", "b000007.parquet"])
def test_a_stray_file_among_the_batches_is_no_batch_of_the_run(whole, tmp_path, capsys, stray):
    # A copy saved beside the batches (or one numbered past the manifest's three walls) was
    # read as a batch: its int() refused the name, or its games counted twice in the standings.
    folder = _copy(whole, tmp_path)
    shutil.copy(folder / "tables" / "seats" / "b000001.parquet",
                folder / "tables" / "seats" / stray)
    pd.testing.assert_frame_equal(RunFolder(folder).load("seats"), RunFolder(whole).load("seats"))
    assert main(["resume", str(folder), "--quiet", "--backend", "sequential"]) == 0
    printed = capsys.readouterr()
    assert not printed.err
    pd.testing.assert_frame_equal(pd.read_csv(folder / "standings.csv"),
                                  pd.read_csv(whole / "standings.csv"))


def test_a_second_run_on_a_folder_in_use_is_refused_and_writes_nothing(whole, tmp_path, capsys):
    # Two `mjsim resume` of one folder at once both played its missing walls into the same
    # manifest.tmp and bNNNNNN.tmp files, so one could rename the other's half-written file.
    folder = _copy(whole, tmp_path)
    (folder / "tables" / "seats" / "b000002.parquet").unlink()
    before = sorted(path.name for path in folder.rglob("*"))
    with RunFolder(folder).held():  # the first run, still writing
        status = main(["resume", str(folder), "--quiet", "--backend", "sequential"])
    error = capsys.readouterr().err
    assert status == 2
    assert error == (f"mjsim resume: {folder} is in use by another run of mjsim (the same "
                     "command or a resume of it): let that one end\n")
    assert sorted(path.name for path in folder.rglob("*")) == before
    assert main(["resume", str(folder), "--quiet", "--backend", "sequential"]) == 0  # once free
    capsys.readouterr()
    pd.testing.assert_frame_equal(RunFolder(folder).load("seats"), RunFolder(whole).load("seats"))


def test_a_resume_says_whether_anything_was_left_to_play(whole, tmp_path, capsys):
    # A finished run resumed printed its results again as if it had played them.
    folder = _copy(whole, tmp_path)
    assert main(["resume", str(folder), "--quiet", "--backend", "sequential"]) == 0
    assert capsys.readouterr().out.endswith(
        f"\nresults: {folder} (finished before: nothing was left to play)\n")
    (folder / "tables" / "seats" / "b000001.parquet").unlink()
    assert main(["resume", str(folder), "--quiet", "--backend", "sequential"]) == 0
    assert capsys.readouterr().out.endswith(f"\nresults: {folder}\n")
    assert table(LINEUP, folder, **OPTIONS).played == 0
    assert table(LINEUP, folder, **{**OPTIONS, "walls": 4}).played == 1  # extended by one


NO_ARGUMENTS = "records no arguments a table run takes"


@pytest.mark.parametrize(("damage", "words"), [
    (lambda manifest: manifest.update(batches=manifest["batches"][:2]),
     "lists 2 walls' batches, where its arguments ask for 3"),
    (lambda manifest: manifest.update(looks="x"), "records the looks 'x'"),
    (lambda manifest: manifest.update(looks=[3]), "records the looks [3]"),
    (lambda manifest: manifest["arguments"].pop("lineup"), NO_ARGUMENTS),
    (lambda manifest: manifest.update(arguments=["lineup"]), NO_ARGUMENTS),
])
def test_a_manifest_whose_walls_disagree_is_refused_by_resume(whole, tmp_path, capsys, damage,
                                                              words):
    # Each was resumed as a run extended from a smaller one: a look recorded where none was
    # taken, and the run's prices given as a confidence sequence ("too few walls").
    folder = _copy(whole, tmp_path)
    path = folder / "manifest.json"
    manifest = json.loads(path.read_text())
    damage(manifest)
    path.write_text(json.dumps(manifest))
    assert main(["resume", str(folder), "--quiet", "--backend", "sequential"]) == 2
    assert capsys.readouterr().err == (f"mjsim resume: {folder} holds no run that resumes: its "
                                       f"manifest.json {words}\n")


def test_a_table_or_column_the_run_has_not_is_refused_by_name(whole):
    with pytest.raises(ValueError, match=r"^no table 'players'; the tables are seats, hands, "
                                         r"fans$"):
        RunFolder(whole).load("players")
    with pytest.raises(ValueError, match=r"^the seats table has no column score, rank$"):
        RunFolder(whole).load("seats", ["seed", "score", "rank"])
