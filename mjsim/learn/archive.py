"""Reading an ``npz`` archive whole (a model file, a dataset's shard), its damage told in one
line that names the file: numpy's own errors name none, and one advises unpickling."""

from __future__ import annotations

import zipfile
import zlib
from pathlib import Path

import numpy as np

__all__ = ["read_npz"]


def read_npz(path: str | Path, what: str) -> dict[str, np.ndarray]:
    """Every array of the ``npz`` archive ``path``, read without pickles. Raises ``ValueError``
    in one line naming ``path`` and ``what`` it should be (e.g. "model file") when it is
    missing, unreadable, empty, cut short or damaged, not an archive, or holds Python objects."""
    try:
        loaded = np.load(path, allow_pickle=False)
        if isinstance(loaded, np.lib.npyio.NpzFile):  # else a bare .npy array
            with loaded:
                return {name: loaded[name] for name in loaded.files}
    except FileNotFoundError:
        raise ValueError(f"no {what} {path}") from None
    except IsADirectoryError:
        raise ValueError(f"{path} is a folder, not a {what}") from None
    except OSError as error:
        raise ValueError(f"cannot read {path}: {error.strerror}") from None
    except EOFError:
        raise ValueError(f"{path} is no {what}: it is empty") from None
    except (zipfile.BadZipFile, zlib.error):
        raise ValueError(f"{path} is no {what}: it is cut short or damaged") from None
    except ValueError:  # numpy's words: a file of another kind, or of pickled objects
        raise ValueError(f"{path} is no {what}: not an npz archive of plain arrays") from None
    raise ValueError(f"{path} is no {what}: one array, not an npz archive")
