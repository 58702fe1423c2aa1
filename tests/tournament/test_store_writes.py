"""A run folder's files are written whole (mjsim.files.written_whole): what that leaves; and the
commit its manifest records."""

from __future__ import annotations

import errno
import subprocess
from pathlib import Path

import pytest

from mjsim.tournament import store
from mjsim.tournament.records import TABLES
from mjsim.tournament.store import MANIFEST, RunFolder


def test_a_start_cut_short_leaves_a_folder_a_run_takes(tmp_path: Path) -> None:
    # A run killed while writing its first manifest leaves only that manifest's temporary.
    (tmp_path / f".{MANIFEST}.tmp").write_text('{"batches": [')
    assert RunFolder(tmp_path).start({"batches": [], "kind": "table"}) == []
    assert RunFolder(tmp_path).manifest() == {"batches": [], "kind": "table"}
    assert sorted(path.name for path in tmp_path.iterdir()) == [MANIFEST]


def test_a_batch_stopped_while_written_leaves_no_part_of_its_file(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    # Its temporary (b000000.tmp) was left behind by a Ctrl-C or a full disk.
    def half_then_stopped(path: Path, data: bytes) -> int:
        with path.open("wb") as stream:
            stream.write(data[:3])
        raise KeyboardInterrupt

    folder = RunFolder(tmp_path)
    files = {table: b"parquet" for table in TABLES}
    monkeypatch.setattr(Path, "write_bytes", half_then_stopped)
    with pytest.raises(KeyboardInterrupt):
        folder.write_encoded(0, files)
    assert [path for path in tmp_path.rglob("*") if path.is_file()] == []
    assert folder.done() == set()


@pytest.mark.parametrize(("status", "printed", "commit"), [
    (0, "0123abc\n", "0123abc"), (128, "", None), (0, "", None), (None, "", None)])
def test_the_manifest_s_commit_is_git_s_answer_or_none(
        monkeypatch: pytest.MonkeyPatch, status: int | None, printed: str,
        commit: str | None) -> None:
    # status None: no git at all, or one that hangs past its timeout.
    def git(command: list[str], **_: object) -> subprocess.CompletedProcess[str]:
        if status is None:
            raise FileNotFoundError("git")
        return subprocess.CompletedProcess(command, status, printed, "")

    monkeypatch.setattr(subprocess, "run", git)
    assert store.git_hash() == commit


@pytest.mark.parametrize("raised", [OSError(errno.EACCES, "Permission denied", "/else/where"),
                                    OSError("a library's error, without errno")])
def test_a_write_error_that_names_its_file_or_has_no_errno_is_raised_as_it_is(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, raised: OSError) -> None:
    # Only an error naming no file (a full disk's) is raised again, naming the batch's file.
    def failing(path: Path, data: bytes) -> int:
        raise raised

    monkeypatch.setattr(Path, "write_bytes", failing)
    with pytest.raises(OSError) as caught:
        RunFolder(tmp_path).write_encoded(0, {table: b"parquet" for table in TABLES})
    assert caught.value is raised
