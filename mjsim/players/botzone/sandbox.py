"""A program seat in a sandbox: what the program may see, made by bubblewrap (``bwrap``).

A program seat's limits keep the game out of its reach, but it runs as the user, so it could
read the run's ``manifest.json``, which holds the seed, or mjsim's own command line with its
``--seed``, and rebuild every wall from it. In a sandbox (the spec's ``sandbox=1``, or a run's
``--sandbox``) the program runs under bubblewrap, the sandbox Flatpak uses, where:

- it sees the machine read-only, and may write only in its own working folder;
- the run folder (the nearest folder above its own that holds a ``manifest.json``) is hidden,
  but for its own working folder;
- it sees no process of mjsim's (a PID namespace of its own) and has no network;
- it keeps no capability, even when mjsim runs as root (bubblewrap would keep root's, and with
  them the program could unmount what hides the run folder);
- nothing it starts outlives it: when the program ends or is stopped, every process left in
  its namespace is killed, one that made a session of its own (``setsid``) too.

What it cannot hide is what the run does not keep: a seed written elsewhere (a script, a
shell's history) stays readable, and a seed that can be guessed (the default ``mjsim``) can be
found by trying. A run that must keep its walls from its program seats takes ``--fresh-seed``.
Nor does it bound what a program uses (processes, cores, disk: that takes cgroups), or keep
two program seats from signalling to each other (by a lock on a file both can read, say).
"""

from __future__ import annotations

import functools
import signal
import subprocess
from collections.abc import Sequence
from pathlib import Path

__all__ = ["BWRAP", "MANIFEST", "check", "died_by", "run_folder", "sandboxed"]

BWRAP = "bwrap"
"""The sandbox's program, looked up on ``PATH`` (Debian's and Ubuntu's package: bubblewrap)."""
MANIFEST = "manifest.json"
"""The file that marks a run folder (it holds the run's seed)."""

# bubblewrap run by root keeps root's capabilities in the sandbox (it drops them for any other
# user), and with them the program could unmount what hides the run folder: seen, a program
# that unmounted it read the seed of a --fresh-seed run.
_NO_CAPABILITIES = ("--cap-drop", "ALL")


def run_folder(workdir: Path) -> Path | None:
    """The run folder ``workdir`` lies in: the nearest folder above it holding a manifest."""
    return next((folder for folder in workdir.parents if (folder / MANIFEST).is_file()), None)


def sandboxed(args: Sequence[str], workdir: Path) -> list[str]:
    """``args`` run in a sandbox whose only writable folder is ``workdir`` (an absolute path),
    with the run folder it lies in hidden; the sandbox ends with mjsim (``--die-with-parent``)."""
    hidden = None if (run := run_folder(workdir)) is None else str(run)
    return [BWRAP, "--ro-bind", "/", "/", "--dev", "/dev", "--proc", "/proc",
            # an empty folder in its place, read-only once the working folder is in it
            *(["--tmpfs", hidden] if hidden else []),
            "--bind", str(workdir), str(workdir),
            *(["--remount-ro", hidden] if hidden else []),
            "--chdir", str(workdir), "--unshare-all", "--die-with-parent", "--new-session",
            *_NO_CAPABILITIES, "--", *args]


def died_by(code: int) -> int:
    """A sandboxed program's exit status as its own process would give it: bubblewrap exits
    128 + N for a program that a signal N killed, which a process shows as -N."""
    return -(code - 128) if code > 128 and code - 128 in signal.valid_signals() else code


@functools.cache
def check() -> None:
    """Raise ``ValueError`` saying why no sandbox can be made here: bubblewrap missing, or
    unable to make its namespaces (a container may forbid them). A success is remembered for
    the process: a run checks once, not for every game."""
    try:
        done = subprocess.run([BWRAP, "--ro-bind", "/", "/", "--unshare-all", *_NO_CAPABILITIES,
                               "--", "true"],
                              capture_output=True, text=True, timeout=30, check=False)
    except FileNotFoundError:
        raise ValueError(f"a sandbox needs bubblewrap ({BWRAP}), which is not on PATH (Debian "
                         "and Ubuntu: apt install bubblewrap)") from None
    except subprocess.TimeoutExpired:
        raise ValueError(f"a sandbox needs bubblewrap ({BWRAP}), which did not answer in 30 s"
                         ) from None
    if done.returncode != 0:
        said = (done.stderr.strip().splitlines() or [f"status {done.returncode}"])[-1]
        raise ValueError(f"bubblewrap cannot make a sandbox here: {said}")
