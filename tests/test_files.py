"""mjsim.files.written_whole: the one way mjsim writes a file whole."""

from __future__ import annotations

from pathlib import Path

import pytest

from mjsim.files import written_whole


def _names(folder: Path) -> list[str]:
    return sorted(path.name for path in folder.iterdir())


def test_the_file_written_is_renamed_into_place(tmp_path: Path) -> None:
    target = tmp_path / "table.json"
    target.write_text("old")
    with written_whole(target) as temporary:
        temporary.write_text("new")
        assert temporary.parent == tmp_path and temporary.name == ".table.json.tmp"
        assert target.read_text() == "old"  # nothing is in place until the body ends
    assert target.read_text() == "new"
    assert _names(tmp_path) == ["table.json"]


def test_a_target_given_as_text_is_written(tmp_path: Path) -> None:
    with written_whole(str(tmp_path / "m.npz")) as temporary, temporary.open("wb") as stream:
        stream.write(b"weights")
    assert (tmp_path / "m.npz").read_bytes() == b"weights"
    assert _names(tmp_path) == ["m.npz"]


@pytest.mark.parametrize("stop", [OSError(28, "No space left on device"), KeyboardInterrupt()])
def test_a_failure_leaves_the_old_file_and_no_temporary(tmp_path: Path,
                                                         stop: BaseException) -> None:
    target = tmp_path / "manifest.json"
    target.write_text("old")
    with (pytest.raises(type(stop)), written_whole(target) as temporary,
          temporary.open("w") as stream):
        stream.write("half of the new")
        stream.flush()
        raise stop
    assert target.read_text() == "old"
    assert _names(tmp_path) == ["manifest.json"]


def test_a_failure_before_any_file_leaves_nothing(tmp_path: Path) -> None:
    with pytest.raises(ValueError, match="not JSON"), written_whole(tmp_path / "new.json"):
        raise ValueError("not JSON")
    assert not _names(tmp_path)


def test_a_folder_at_the_temporary_name_is_not_ours_and_the_error_is_the_writes(
        tmp_path: Path) -> None:
    # Removing the temporary must not hide the write's own error behind its own.
    (tmp_path / ".shard.npz.tmp").mkdir()
    with (pytest.raises(IsADirectoryError) as raised,
          written_whole(tmp_path / "shard.npz") as temporary):
        temporary.write_bytes(b"rows")
    assert raised.value.filename == str(tmp_path / ".shard.npz.tmp")
    assert raised.value.__context__ is None  # not the removal's error, raised during the write's
    assert _names(tmp_path) == [".shard.npz.tmp"]
