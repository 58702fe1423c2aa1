"""A file written whole: under a temporary name beside it, then renamed into place.

A rename within a folder is atomic, so a reader (or a resumed run) finds either the file as it
was before or the new one whole, never one cut short by a full disk, an error or Ctrl-C.

>>> import tempfile
>>> folder = Path(tempfile.mkdtemp())
>>> with written_whole(folder / "notes.txt") as temporary:
...     _ = temporary.write_text("whole")
>>> temporary.name, sorted(path.name for path in folder.iterdir())
('.notes.txt.tmp', ['notes.txt'])
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from contextlib import contextmanager, suppress
from pathlib import Path

__all__ = ["temporary_name", "written_whole"]


def temporary_name(name: str) -> str:
    """The name the file ``name`` is written under before it is renamed: hidden, beside it,
    and its own (``.shard-00003.npz.tmp``), so two files of one folder never share one."""
    return f".{name}.tmp"


@contextmanager
def written_whole(target: str | Path) -> Iterator[Path]:
    """Yield the temporary path to write ``target`` under (:func:`temporary_name`); rename it
    onto ``target`` when the body ends, or remove it when the body (or the rename) raises
    anything, KeyboardInterrupt included, leaving ``target`` as it was. Write to the yielded
    path itself: numpy's ``savez`` adds ``.npz`` to a path that lacks it, so give numpy a
    stream opened on it."""
    target = Path(target)
    temporary = target.with_name(temporary_name(target.name))
    try:
        yield temporary
        os.replace(temporary, target)
    except BaseException:
        # The body's error is the one to tell; a folder at the temporary name is not ours.
        with suppress(OSError):
            temporary.unlink(missing_ok=True)
        raise
