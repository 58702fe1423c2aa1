"""The tournament's Python entry points given bad arguments: a ``TypeError`` or ``ValueError``
naming the argument and its value, raised before any file is made (a fuzzer found tracebacks
from deep inside, values silently made text, and a run that built its seeds until killed); good
arguments, numpy's integers among them, still run."""

from __future__ import annotations

import json
import os
import re
import shutil
from collections.abc import Callable
from pathlib import Path
from typing import Any

import numpy as np
import pytest

from mjsim.tournament import (
    Roster,
    RunFolder,
    ladder,
    parse_lineup,
    price,
    read_lineup_file,
    run,
    standings,
    table,
)
from mjsim.tournament.imported import ImportFolder
from mjsim.tournament.null import null_check
from mjsim.tournament.rankings import competition, contrasts
from mjsim.ui.cli import main
from tests.edges.mutations import bounded

FAST = {"quiet": True, "backend": "sequential", "table": "botzone"}
"""One-hand games, played in this process: a wall of rung-1 players takes a fraction of a
second."""
ENTRIES: dict[str, Callable[..., Any]] = {
    "table": lambda out, **options: table("1,1,1,1", out, **options),
    "ladder": lambda out, **options: ladder(out, rungs=("1", "2"), **options),
    "price": lambda out, **options: price(["claims"], out, level=2, **options),
    "null_check": lambda out, **options: null_check(out, level=1, **options),
}
"""Each public entry point that plays a run of walls from a seed."""


def refused(error: type[Exception], match: str, out: Path, call: Callable[[], Any]) -> None:
    """``call`` raises ``error`` matching ``match``, at once, and leaves ``out`` unmade."""
    with pytest.raises(error, match=match), bounded(10):
        call()
    assert not out.exists()


BAD_WALLS = [
    (2**40, ValueError, r"^walls is a whole number from \d to 2000000, not 1099511627776$"),
    (2_000_001, ValueError, r"^walls is a whole number from \d to 2000000, not 2000001$"),
    ("2", TypeError, r"^walls is a whole number, not '2'$"),
    (None, TypeError, r"^walls is a whole number, not None$"),
    (1.5, TypeError, r"^walls is a whole number, not 1.5$"),
    (True, TypeError, r"^walls is a whole number, not a bool \(True\)$"),
]


# price's walls of None are its default (20, or as --until-decided plans), not a refusal.
@pytest.mark.parametrize(("entry", "walls", "error", "match"), [
    (entry, *bad) for entry in ENTRIES for bad in BAD_WALLS
    if not (entry == "price" and bad[0] is None)])
def test_walls_that_are_no_run_are_refused_naming_them(tmp_path: Path, entry: str, walls: object,
                                                       error: type[Exception],
                                                       match: str) -> None:
    # 2**40 walls were a seed list built until the process was killed.
    out = tmp_path / "run"
    refused(error, match, out, lambda: ENTRIES[entry](out, walls=walls, **FAST))


@pytest.mark.parametrize("entry", ENTRIES)
@pytest.mark.parametrize("seed", [None, 1.5, [1], b"x", True])
def test_a_seed_that_is_no_text_nor_whole_number_is_refused_naming_it(tmp_path: Path, entry: str,
                                                                      seed: object) -> None:
    # None, 1.5 and [1] were walls "None-0", ...; bytes failed writing the manifest.
    out = tmp_path / "run"
    refused(TypeError, rf"^seed is a str or a whole number, not {re.escape(repr(seed))}$", out,
            lambda: ENTRIES[entry](out, walls=2, seed=seed, **FAST))


@pytest.mark.parametrize("entry", ["table", "ladder", "price"])
@pytest.mark.parametrize("roster", ["", [], 0, "g=3"])
def test_a_roster_that_is_no_roster_is_refused_naming_it(tmp_path: Path, entry: str,
                                                         roster: object) -> None:
    # Was: an AttributeError ('str' object has no attribute 'lineup'), or, for the false ones,
    # a run as if no roster were given.
    out = tmp_path / "run"
    refused(TypeError, rf"^roster is a Roster or None, not {re.escape(repr(roster))}$", out,
            lambda: ENTRIES[entry](out, walls=2, roster=roster, **FAST))


@pytest.mark.parametrize(("definitions", "match"), [
    ("g=3", "^a roster's definitions map names to specs, not 'g=3'$"),
    ({1: "3"}, "^a defined name is text, not 1$"),
    ({"g": 3}, "^the spec of 'g' is text, not 3$"),
])
def test_a_roster_of_definitions_that_are_none_is_refused_naming_them(definitions: object,
                                                                      match: str) -> None:
    # Was: AttributeError ('str' object has no attribute 'items'), TypeError from re.
    with pytest.raises(TypeError, match=match):
        Roster(definitions)  # type: ignore[arg-type]


@pytest.mark.parametrize("entry", ["price", "null_check"])
@pytest.mark.parametrize(("level", "error", "match"), [
    (None, TypeError, "not None$"), ("3", TypeError, "not '3'$"),
    (True, TypeError, r"not a bool \(True\)$"), (0, ValueError, "from 1 to 4, not 0$"),
    (5, ValueError, "from 1 to 4, not 5$")])
def test_a_level_that_is_no_rung_is_refused_naming_it(tmp_path: Path, entry: str, level: object,
                                                      error: type[Exception], match: str) -> None:
    # Was: "no player 'None'", "no player 'True'", and '3' taken as rung 3.
    out = tmp_path / "run"
    entries = {"price": lambda: price(["claims"], out, level=level, walls=2, **FAST),
               "null_check": lambda: null_check(out, level=level, walls=2, **FAST)}
    refused(error, rf"^level \(a rung\) is a whole number.*{match}", out, entries[entry])


@pytest.mark.parametrize("seed", [7, np.int64(7)])
def test_a_whole_number_seed_is_recorded_as_the_text_naming_its_walls(tmp_path: Path,
                                                                     seed: object) -> None:
    # numpy's ints failed writing the manifest; 7 and "7" name the same walls, 7-0, 7-1, ...
    report = table("1,1,1,1", tmp_path / "run", walls=1, seed=seed, **FAST)
    assert RunFolder(report.out).manifest()["arguments"]["seed"] == "7"  # type: ignore[index]


def test_numpy_walls_run_and_are_recorded_as_plain_ints(tmp_path: Path) -> None:
    # np.int64 walls failed writing the manifest, and left manifest.tmp behind.
    report = table("1,1,1,1", tmp_path / "run", walls=np.int64(1), seed="s", **FAST)
    recorded = RunFolder(report.out).manifest()["arguments"]  # type: ignore[index]
    assert type(recorded["walls"]) is int and recorded["walls"] == 1 and recorded["seed"] == "s"
    assert not list(report.out.glob("*.tmp"))
    report = ladder(tmp_path / "ladder", rungs=("1", "2"), walls=np.uint16(2), **FAST)
    assert type(RunFolder(report.out).manifest()["arguments"]["walls"]) is int  # type: ignore[index]


def test_a_manifest_that_cannot_be_written_leaves_no_part_of_it(tmp_path: Path) -> None:
    # The write of a manifest JSON cannot hold stopped halfway and left manifest.tmp behind.
    with pytest.raises(TypeError, match="int64"):
        run([[("s-0", ("1", "1", "1", "1"))]], tmp_path, arguments={"walls": np.int64(1)},
            **FAST)
    assert not list(tmp_path.iterdir())


@pytest.mark.parametrize(("options", "error", "match"), [
    ({"n_jobs": "2"}, TypeError, r"^n_jobs is a whole number, not '2'$"),
    ({"n_jobs": None}, TypeError, r"^n_jobs is a whole number, not None$"),
    ({"n_jobs": 1.5}, TypeError, r"^n_jobs is a whole number, not 1.5$"),
    ({"n_jobs": 0}, ValueError, r"^n_jobs is a number of workers \(-1: one a core\), not 0$"),
    ({"scheduler": "nope"}, ValueError, r"^scheduler is a Dask .* not 'nope' with backend "),
])
def test_bad_worker_options_are_refused_naming_them(tmp_path: Path, options: dict[str, Any],
                                                    error: type[Exception], match: str) -> None:
    # n_jobs '2' or None failed in joblib ("'<' not supported"); 1.5 and a scheduler beside
    # another backend were taken silently.
    out = tmp_path / "run"
    refused(error, match, out, lambda: table("1,1,1,1", out, walls=1, **{**FAST, **options}))


@pytest.mark.parametrize("entry", ENTRIES)
def test_an_empty_run_folder_is_refused_and_nothing_is_written_here(tmp_path: Path, entry: str,
                                                                    monkeypatch: Any) -> None:
    # out="" wrote the run's tables into the current folder.
    monkeypatch.chdir(tmp_path)
    with pytest.raises(ValueError, match=r"^out, a run folder, is a path, not ''$"):
        ENTRIES[entry]("", walls=2, **FAST)
    with pytest.raises(TypeError, match=r"^out, a run folder, is a path, not None$"):
        ENTRIES[entry](None, walls=2, **FAST)
    assert not list(tmp_path.iterdir())


def test_good_worker_options_run(tmp_path: Path) -> None:
    report = table("1,1,1,1", tmp_path / "run", walls=1, n_jobs=np.int64(-1), **FAST)
    assert len(report.tables["seats"]) == 4  # one game: 1,1,1,1 rotated is itself


@pytest.mark.parametrize(("lineup", "match"), [
    ([3, 3, 3, 3], r"^lineup holds specs or names \(text\), not 3$"),
    (["3", "3", "3", None], r"^lineup holds specs or names \(text\), not None$"),
    (b"3,3,3,3", r"^lineup is text or a sequence of four entries, not b'3,3,3,3'$"),
    (None, r"^lineup is text or a sequence of four entries, not None$"),
])
def test_a_lineup_that_is_not_text_is_refused_naming_it(tmp_path: Path, lineup: object,
                                                        match: str) -> None:
    # [3, 3, 3, 3] and b"3,3,3,3" failed with AttributeError: 'int' object has no attribute 'strip'.
    with pytest.raises(TypeError, match=match):
        parse_lineup(lineup)  # type: ignore[arg-type]
    out = tmp_path / "run"
    refused(TypeError, match, out, lambda: table(lineup, out, walls=1, **FAST))  # type: ignore[arg-type]


def test_a_lineup_of_text_is_read_from_a_string_or_any_sequence() -> None:
    assert parse_lineup(" 3,2, 1,1") == parse_lineup(("3", "2", "1", "1")) == ("3", "2", "1", "1")
    assert parse_lineup(entry for entry in "3211") == ("3", "2", "1", "1")


@pytest.mark.parametrize("reading", [standings, contrasts, competition])
def test_standings_of_no_table_are_refused_naming_it(reading: Callable[[Any], Any]) -> None:
    # standings(None) failed with AttributeError: 'NoneType' object has no attribute 'cells'.
    with pytest.raises(TypeError, match=r"^seats is a seats table \(a DataFrame\) or its "
                                        r"WallSums, not None$"):
        reading(None)


BOM = "\ufeff"
"""The byte-order mark some editors write before UTF-8: the README says a file reads as
without it."""


def test_a_lineup_file_read_as_without_its_byte_order_mark(tmp_path: Path, capsys: Any) -> None:
    # It was refused: "lineup file bom.toml: Invalid statement (at line 1, column 1)".
    lineup = tmp_path / "bom.toml"
    lineup.write_text(f'{BOM}seats = ["1", "1", "b", "b"]\n[players]\nb = "1"\n',
                      encoding="utf-8")
    assert read_lineup_file(lineup)[0] == ("1", "1", "b", "b")
    assert main(["table", str(lineup), "--walls", "2", "--out", str(tmp_path / "run"),
                 "--backend", "sequential", "--table", "botzone", "--quiet"]) == 0
    assert "results:" in capsys.readouterr().out


@pytest.mark.parametrize("kind", ["pipe", "device"])
def test_a_lineup_file_that_is_no_regular_file_is_refused(tmp_path: Path, kind: str) -> None:
    # A pipe with no writer was waited on for ever, /dev/zero read until memory ran out
    lineup = tmp_path / "lineup.toml"
    if kind == "pipe":
        os.mkfifo(lineup)
    else:
        lineup.symlink_to("/dev/zero")
    with pytest.raises(ValueError, match=f"^lineup file {re.escape(str(lineup))} is no regular "
                                         r"file \(a pipe or a device\)$"):
        read_lineup_file(lineup)


def test_a_run_whose_manifest_has_a_byte_order_mark_resumes(tmp_path: Path, capsys: Any) -> None:
    # It was refused: "manifest.json is damaged: ... Unexpected UTF-8 BOM".
    out = tmp_path / "run"
    table("1,1,1,1", out, walls=2, **FAST)
    manifest = out / "manifest.json"
    manifest.write_text(BOM + manifest.read_text(encoding="utf-8"), encoding="utf-8")
    assert RunFolder(out).manifest()["kind"] == "table"  # type: ignore[index]
    assert main(["resume", str(out), "--backend", "sequential", "--quiet"]) == 0
    assert "results:" in capsys.readouterr().out


def files(folder: Path) -> dict[str, bytes]:
    """Every file under ``folder`` by its relative path, with its bytes."""
    return {str(path.relative_to(folder)): path.read_bytes()
            for path in sorted(folder.rglob("*")) if path.is_file()}


def edited_copy(made: Path, copy: Path, edit: Callable[[dict[str, Any]], None]) -> dict[str, bytes]:
    """A copy of the run ``made`` (so made elsewhere) with its manifest edited; its files."""
    shutil.copytree(made, copy)
    manifest = json.loads((copy / "manifest.json").read_text())
    edit(manifest)
    (copy / "manifest.json").write_text(json.dumps(manifest))
    return files(copy)


def resume_refused(copy: Path, capsys: Any) -> str:
    """``mjsim resume COPY`` exits 2 with one line, which it returns."""
    assert main(["resume", str(copy), "--backend", "sequential", "--quiet"]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "Traceback" not in err
    return err


@pytest.mark.parametrize(("entry", "name", "index"), [
    ("table", "lineup", 3), ("ladder", "rungs", 1), ("price", "baseline", None)])
def test_resume_loads_no_spec_its_arguments_name_without_trust(tmp_path: Path, capsys: Any,
                                                               entry: str, name: str,
                                                               index: int | None) -> None:
    # A copied table run whose arguments.lineup named a file imported it (its marker was
    # written) and only then said "is not a player": the trust check read the batches alone.
    marker = tmp_path / "marker"
    evil = tmp_path / "evil.py"
    evil.write_text(f"open({str(marker)!r}, 'w').close()\n\nclass X:\n    pass\n")
    ENTRIES[entry](tmp_path / "made", walls=2, **FAST)

    def edit(manifest: dict[str, Any]) -> None:
        if index is None:
            manifest["arguments"][name] = f"{evil}:X"
        else:
            manifest["arguments"][name][index] = f"{evil}:X"

    copy = tmp_path / "copy"
    before = edited_copy(tmp_path / "made", copy, edit)
    err = resume_refused(copy, capsys)
    assert "was made elsewhere" in err and f"would run {evil}:X; pass --trust" in err
    assert not marker.exists() and files(copy) == before


@pytest.fixture(scope="module")
def table_run(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A finished table run of two walls, to copy and edit."""
    return table("1,1,1,1", tmp_path_factory.mktemp("table") / "run", walls=2, **FAST).out


@pytest.mark.parametrize(("key", "value", "problem"), [
    ("walls", 10**12,
     r"arguments out of bounds \(walls is a whole number from 1 to 2000000, not 10{12}\)"),
    ("penalty", 10**30,
     r"settings a run cannot take \(penalty is a whole number from 0 to 10000, not 10{30}\)"),
    ("max_fouls", 0, r"settings a run cannot take \(max_fouls .*at least 1, not 0\)"),
])
def test_resume_refuses_a_manifest_out_of_the_commands_bounds(table_run: Path, tmp_path: Path,
                                                              capsys: Any, key: str,
                                                              value: int, problem: str) -> None:
    # walls 10**12 was refused only by the experiment, in its words; penalty 10**30 (the
    # command line takes at most 10,000) was run.
    def edit(manifest: dict[str, Any]) -> None:
        (manifest["arguments"] if key == "walls" else manifest)[key] = value

    copy = tmp_path / "copy"
    before = edited_copy(table_run, copy, edit)
    err = resume_refused(copy, capsys)
    assert re.fullmatch(rf"mjsim resume: {re.escape(str(copy))} holds no run that resumes: its "
                        rf"manifest.json records {problem}\n", err), err
    assert files(copy) == before


def test_a_penalty_past_the_commands_bound_is_refused_in_python(tmp_path: Path) -> None:
    out = tmp_path / "run"
    refused(ValueError, r"^penalty is a whole number from 0 to 10000, not 10001$", out,
            lambda: table("1,1,1,1", out, walls=1, **{**FAST, "penalty": 10_001}))


def run_refused(out: Path, capsys: Any) -> str:
    """``mjsim table 1,1,1,1 --walls 2 --out OUT`` exits 2 with one line, which it returns."""
    assert main(["table", "1,1,1,1", "--walls", "2", "--out", str(out), "--quiet",
                 "--backend", "sequential", "--table", "botzone"]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "Traceback" not in err
    return err


def test_a_run_refuses_an_import_folder(table_run: Path, tmp_path: Path, capsys: Any) -> None:
    # It wrote its manifest, CSVs and figures there and replaced the import's tables.
    imported = tmp_path / "imported"
    ImportFolder(imported, "contest-text").close({"read": 0}, [])
    shutil.copytree(table_run / "tables", imported / "tables", dirs_exist_ok=True)
    before = files(imported)
    assert run_refused(imported, capsys) == (
        f"mjsim table: {imported} holds no run but an import (its import.json); a run needs a "
        "folder of its own\n")
    assert files(imported) == before
    with pytest.raises(ValueError, match="holds no run but an import"):
        table("1,1,1,1", imported, walls=1, **FAST)
    assert files(imported) == before


def test_a_run_refuses_a_folder_that_holds_other_files(tmp_path: Path, capsys: Any) -> None:
    # --out / wrote manifest.json, the CSVs, figures and tables/ into /.
    (tmp_path / "notes.txt").write_text("mine")
    (tmp_path / "tables").mkdir()
    assert run_refused(tmp_path, capsys) == (
        f"mjsim table: {tmp_path} holds files but no run (no manifest.json); a run needs a new "
        "or empty folder of its own\n")
    assert sorted(path.name for path in tmp_path.rglob("*")) == ["notes.txt", "tables"]


def test_a_run_takes_an_empty_folder_and_resumes_in_its_own(tmp_path: Path) -> None:
    table("1,1,1,1", tmp_path, walls=1, **FAST)  # empty: taken
    report = table("1,1,1,1", tmp_path, walls=2, **FAST)  # its own run: extended
    assert len(report.tables["seats"]) == 8


def test_a_run_folder_whose_manifest_cannot_be_read_is_refused_in_one_line(
        tmp_path: Path, capsys: Any) -> None:
    # A name too long for the system (with its parent there) stopped the run with status 1
    # and "run the same command to resume", which failed the same way.
    long = tmp_path / ("r" * 300)
    assert run_refused(long, capsys) == (
        f"mjsim table: cannot make the folder {long}: File name too long\n")
    with pytest.raises(ValueError, match=r"^cannot make the folder .*: File name too long$"):
        table("1,1,1,1", long, walls=1, **FAST)
    assert not list(tmp_path.iterdir())


def test_a_long_seed_names_a_short_default_folder(tmp_path: Path, monkeypatch: Any,
                                                  capsys: Any) -> None:
    # runs/table-sss...-2 (300 s) was a name too long: "stopped: File name too long: ...;
    # run the same command to resume", status 1, and the same command failed the same way.
    monkeypatch.chdir(tmp_path)
    (tmp_path / "runs").mkdir()
    command = ["table", "1,1,1,1", "--walls", "2", "--seed", "s" * 300, "--quiet",
               "--backend", "sequential", "--table", "botzone"]
    assert main(command) == 0
    made = [path.name for path in (tmp_path / "runs").iterdir()]
    assert made == ["table-sssssssssssssssssssssssssssssss-2955c732-2"]
    assert RunFolder(tmp_path / "runs" / made[0]).manifest()["arguments"]["seed"] == "s" * 300  # type: ignore[index]
    assert main([*command[:5], "s" * 299 + "t", *command[6:]]) == 0  # another seed, folder
    assert len(list((tmp_path / "runs").iterdir())) == 2
    capsys.readouterr()


def test_a_seed_is_quoted_in_a_refusal(tmp_path: Path, capsys: Any) -> None:
    # "holds a different run (its seed is a\nb, not a b)" was two lines.
    table("1,1,1,1", tmp_path, walls=2, seed="a\nb", **FAST)
    assert main(["table", "1,1,1,1", "--walls", "2", "--seed", "a b", "--out", str(tmp_path),
                 "--quiet", "--backend", "sequential", "--table", "botzone"]) == 2
    assert capsys.readouterr().err == (
        f"mjsim table: {tmp_path} holds a different run (its seed is 'a\\nb', not 'a b'); a new "
        "run needs a folder of its own\n")


@pytest.mark.parametrize(("entry", "options", "error", "match"), [
    ("price", {"baseline": 3},
     TypeError, r"^baseline is a player spec or name \(text\), not 3$"),
    ("ladder", {"rungs": [1, 2]}, TypeError, r"^rungs holds specs or names \(text\), not 1$"),
    ("ladder", {"rungs": ["1", None]},
     TypeError, r"^rungs holds specs or names \(text\), not None$"),
    ("ladder", {"rungs": "12"},
     TypeError, r"^rungs is a sequence of player specs or names, not '12'$"),
    ("ladder", {"rungs": 12}, TypeError, r"^rungs is a sequence of player specs or names, not 12$"),
])
def test_a_spec_that_is_not_text_is_refused_naming_its_argument(
        tmp_path: Path, entry: str, options: dict[str, Any], error: type[Exception],
        match: str) -> None:
    # price(baseline=3) and ladder(rungs=[1, 2]) raised AttributeError from Roster.entry.
    out = tmp_path / "run"
    call = {"price": lambda: price(["claims"], out, walls=2, **options, **FAST),
            "ladder": lambda: ladder(out, walls=2, **options, **FAST)}[entry]
    refused(error, match, out, call)


def test_replay_and_export_read_a_run_manifest_past_its_byte_order_mark(
        tmp_path: Path, capsys: Any) -> None:
    # replay RUN --game 0 said "manifest.json is not an mjsim run's manifest", and export
    # "Unexpected UTF-8 BOM": each read the manifest its own way, not as RunFolder does.
    copy = table("1,1,1,1", tmp_path / "run", walls=1, ruleset="gb-mahjong", **FAST).out
    manifest = copy / "manifest.json"
    manifest.write_text(BOM + manifest.read_text(encoding="utf-8"), encoding="utf-8")
    assert main(["replay", str(copy), "--game", "0", "--trust"]) == 0
    assert main(["export", str(copy), "--format", "botzone-log", "--trust", "--out",
                 str(tmp_path / "games.jsonl")]) == 0
    assert "Traceback" not in capsys.readouterr().err
    assert (tmp_path / "games.jsonl").stat().st_size > 0


@pytest.mark.parametrize("entry", ENTRIES)
def test_a_seed_that_is_no_utf8_text_is_refused_naming_it(tmp_path: Path, entry: str) -> None:
    # Bytes typed on a command line that are not UTF-8 reach Python as surrogate escapes: the
    # run's tables recorded such a seed otherwise ('a\\xff-0'), and read their own batches back
    # as another run's ("damaged").
    out = tmp_path / "run"
    refused(ValueError, r"^seed is UTF-8 text, not 'a\\udcff' \(its '\\udcff' is no character\)$",
            out, lambda: ENTRIES[entry](out, walls=2, seed="a\udcff", **FAST))


@pytest.mark.parametrize("entry", ENTRIES)
def test_an_empty_seed_is_refused(tmp_path: Path, entry: str) -> None:
    # Was run, its walls named '-0', '-1', ...
    out = tmp_path / "run"
    refused(ValueError, r"^seed is a text of one character or more, or a whole number, not ''$",
            out, lambda: ENTRIES[entry](out, walls=2, seed="", **FAST))


@pytest.mark.parametrize("replicates", [1_001, 10**12])
def test_a_null_check_takes_at_most_a_thousand_replicates(tmp_path: Path, capsys: Any,
                                                          replicates: int) -> None:
    # replicates had no upper bound: 10**12 would have made run folders null0, null1, ... for
    # ever. (walls=1 is refused too, after the replicates: the old code named it, and played
    # nothing, so this test fails fast with the old code.)
    out = tmp_path / "check"
    with pytest.raises(ValueError, match=f"^replicates is a whole number from 2 to 1000, not "
                                         f"{replicates}$"):
        null_check(out, level=1, walls=1, replicates=replicates, **FAST)
    assert main(["price", "--null", "--replicates", str(replicates), "--walls", "1", "--out",
                 str(out), "--backend", "sequential", "--quiet"]) == 2
    assert capsys.readouterr().err == (f"mjsim price: --replicates is a whole number from 2 to "
                                       f"1000, not {replicates}\n")
    assert not out.exists()


def test_a_null_check_takes_only_a_folder_of_its_own(tmp_path: Path) -> None:
    # price --null --out DIR wrote its null0, null1, ... into any folder (each replicate checked
    # only its own subfolder).
    out = tmp_path / "check"
    out.mkdir()
    (out / "keep.txt").write_text("mine")
    with pytest.raises(ValueError, match=r"holds 'keep.txt', no null check's replicate"):
        null_check(out, level=1, walls=2, replicates=2, **FAST)
    assert sorted(path.name for path in out.iterdir()) == ["keep.txt"]
    (out / "keep.txt").unlink()
    first = null_check(out, level=1, walls=2, replicates=2, **FAST)
    again = null_check(out, level=1, walls=2, replicates=2, **FAST)  # its own folder: resumed
    assert sorted(path.name for path in out.iterdir()) == ["null0", "null1"]
    assert first.runs.equals(again.runs)


def test_pricing_an_idea_of_a_rung_with_none_says_so(tmp_path: Path) -> None:
    # Was: "1 has no idea 'claims'; its ideas are none".
    with pytest.raises(ValueError, match=r"^1 has no idea 'claims'; it has no ideas to switch "
                                         r"off$"):
        price(["claims"], tmp_path / "run", baseline="1", walls=2, quiet=True)
