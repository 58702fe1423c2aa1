"""A Botzone bot for the sandbox's tests that plays each tile it draws, and on its first draw
looks for what a cheat would: ``spy.py TOKEN``.

It writes ``seen.json`` in its working folder: the run's seed if it found a ``manifest.json``
in a folder above its own (``seed``; when none shows, also after unmounting the folders above
its own, as a program keeping root's capabilities could), the command lines it can read of
processes that are not its own (``commands``: mjsim's, if it can see them), whether it could
write a file beside its folder, in the run folder, or beside the run folder (``wrote_outside``)
and reach a port on this machine (``connected``: the port in ``port.txt`` above its folder,
given by the test). It also leaves
a child in a session of its own, asleep with TOKEN on its command line, as a program that means
to outlive the run would.
"""

from __future__ import annotations

import ctypes
import json
import os
import socket
import subprocess
import sys
from pathlib import Path

_NEWNS, _NEWUSER = 0x00020000, 0x10000000  # unshare(2)'s CLONE_NEWNS, CLONE_NEWUSER
_REC, _PRIVATE, _DETACH = 0x4000, 0x40000, 2  # mount(2)'s MS_REC, MS_PRIVATE; MNT_DETACH


def _read_seed(here: Path) -> str | None:
    for folder in here.parents:
        try:
            return json.loads((folder / "manifest.json").read_text())["arguments"]["seed"]
        except (OSError, ValueError, KeyError):
            continue
    return None


def _unmounted_seed(here: Path) -> str | None:
    """The seed read after unmounting each folder above ``here`` (what hides a run folder) in a
    mount namespace of its own, which root keeping its capabilities may make (in a user
    namespace of its own if not): what it unmounts stays mounted for every other process."""
    libc = ctypes.CDLL(None, use_errno=True)
    if libc.unshare(_NEWNS) != 0 and libc.unshare(_NEWUSER | _NEWNS) != 0:
        return None
    libc.mount(b"none", b"/", None, _REC | _PRIVATE, None)  # no unmount reaches another's
    for folder in here.parents:
        libc.umount2(str(folder).encode(), _DETACH)
    return _read_seed(here)


def _seed(here: Path) -> str | None:
    if (seed := _read_seed(here)) is not None:
        return seed
    reading, writing = os.pipe()
    if os.fork() == 0:  # a child, which leaves for namespaces of its own
        try:
            os.write(writing, json.dumps(_unmounted_seed(here)).encode())
        finally:
            os._exit(0)
    os.close(writing)
    with os.fdopen(reading) as pipe:
        found = pipe.read()
    os.wait()
    return json.loads(found) if found else None


def _commands() -> list[str]:
    seen = []
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit() and int(entry.name) != os.getpid():
            try:
                seen.append((entry / "cmdline").read_bytes().replace(b"\0", b" ").decode())
            except OSError:
                continue
    return seen


def _wrote_outside(here: Path) -> bool:
    """Whether it wrote ``spy-was-here`` beside its folder (in the run folder, hidden) or beside
    the run folder, in the folder holding ``port.txt`` (the rest of the machine, read-only)."""
    beside_run = [folder for folder in here.parents if (folder / "port.txt").exists()][:1]
    wrote = False
    for folder in [here.parent, *beside_run]:
        try:
            (folder / "spy-was-here").write_text("x")
        except OSError:
            continue
        wrote = True
    return wrote


def _connected(here: Path) -> bool:
    ports = [folder / "port.txt" for folder in here.parents if (folder / "port.txt").exists()]
    if not ports:
        return False
    try:
        socket.create_connection(("127.0.0.1", int(ports[0].read_text())), timeout=2).close()
    except OSError:
        return False
    return True


def _look(token: str) -> None:
    here = Path.cwd()
    seen = {"seed": _seed(here), "commands": _commands(), "wrote_outside": _wrote_outside(here),
            "connected": _connected(here)}
    (here / "seen.json").write_text(json.dumps(seen))
    subprocess.Popen([sys.executable, "-c", "import time; time.sleep(60)", token],
                     start_new_session=True, stdin=subprocess.DEVNULL,
                     stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)


def main() -> None:
    request = json.loads(sys.stdin.readline())["requests"][-1]
    if not request.startswith("2 "):
        print(json.dumps({"response": "PASS"}))
        return
    if not Path("seen.json").exists():
        _look(sys.argv[1])
    print(json.dumps({"response": f"PLAY {request.split(' ')[1]}"}))


if __name__ == "__main__":
    main()
