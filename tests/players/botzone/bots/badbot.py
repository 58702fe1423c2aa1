"""Botzone bots that go wrong, one way each, for the tests: ``badbot.py WAY`` where WAY is

- ``illegal``: answers its draw with a kong of the drawn tile (it never holds four);
- ``malformed``: answers its draw with a double space, ``PLAY  t``;
- ``slow``: starts a child that sleeps (its pid on stderr), then sleeps far past any limit;
- ``crash``: raises an exception (exit status 1) after writing to stderr;
- ``garbage``: prints text that is not JSON;
- ``nested``: prints JSON nested deeper than a reader's recursion could follow;
- ``flood``: prints a million characters and no JSON;
- ``silent``: exits at once without an answer;
- ``hungry``: allocates a gigabyte (more than its memory limit);
- ``spin``: computes for ever (past any CPU limit);
- ``deaf``: plays its first draw with a 2 MB ``data``, then never reads its input again;
- ``forker``: plays well, but leaves a child in a session of its own holding its output open;
- ``spawner``: plays well, but leaves a child running in its own process group, the child's
  pid appended to ``children`` in its folder;
- ``long``: answers its draw with a line of 8 MiB and no end, then sleeps;
- ``loud``: plays well, writing 3 MiB to stderr each run;
- ``closeout``: closes its output at its draw, then sleeps;
- ``chatty``: plays its first draw, keeps running, then answers ``PLAY W1`` to every request
  (its own discard among them, to which PASS is the only answer).
- ``lines``: plays its draw, then prints short lines without end;
- ``babble``: plays its first draw and keeps running, then prints short lines without end
  while it waits for the next request.

All of them read one JSON line first and pass what they are not asked about.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import time
from pathlib import Path


def _babble() -> None:
    """Print short lines for ever (or until its output is closed)."""
    lines = b"xy\n" * 2 ** 16
    while True:
        os.write(1, lines)


def main() -> None:
    way = sys.argv[1]
    if way == "deaf" and Path("ran").exists():  # its folder keeps the mark from run to run
        time.sleep(60)
    if way == "loud":
        sys.stderr.write(("e" * 999 + "\n") * 3 * 1024)
    request = json.loads(sys.stdin.readline())["requests"][-1]
    if way == "babble":
        print(json.dumps({"response": "PLAY " + request[2:] if request[0] == "2" else "PASS"}))
        print(">>>BOTZONE_REQUEST_KEEP_RUNNING<<<", flush=True)
        _babble()
    if way == "chatty":
        print(json.dumps({"response": "PLAY " + request[2:] if request[0] == "2" else "PASS"}))
        print(">>>BOTZONE_REQUEST_KEEP_RUNNING<<<", flush=True)
        for _ in sys.stdin:
            print(json.dumps({"response": "PLAY W1"}))
            print(">>>BOTZONE_REQUEST_KEEP_RUNNING<<<", flush=True)
        return
    if not request.startswith("2 "):
        print(json.dumps({"response": "PASS"}))
        return
    tile = request.split(" ")[1]
    if way in ("forker", "loud", "spawner", "lines"):
        print(json.dumps({"response": f"PLAY {tile}"}), flush=True)
    if way == "forker" and os.fork() == 0:
        os.setsid()
        time.sleep(5)
        os._exit(0)
    if way == "spawner":
        child = subprocess.Popen([sys.executable, "-c", "import time; time.sleep(60)"],
                                 stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL,
                                 stderr=subprocess.DEVNULL)
        with open("children", "a") as pids:
            print(child.pid, file=pids)
    if way == "deaf":
        Path("ran").touch()
        print(json.dumps({"response": f"PLAY {tile}", "data": "x" * 2_000_000}))
    elif way == "lines":
        _babble()
    elif way == "long":
        sys.stdout.write("x" * 8 * 2 ** 20)
        sys.stdout.flush()
        time.sleep(60)
    elif way == "closeout":
        os.close(1)
        time.sleep(60)
    elif way == "illegal":
        print(json.dumps({"response": f"GANG {tile}"}))
    elif way == "malformed":
        print(json.dumps({"response": f"PLAY  {tile}"}))
    elif way == "slow":
        child = subprocess.Popen([sys.executable, "-c", "import time; time.sleep(60)"])
        print(f"child {child.pid}", file=sys.stderr, flush=True)
        time.sleep(60)
    elif way == "crash":
        print(f"thinking about {tile}", file=sys.stderr)
        raise RuntimeError("the bot fell over")
    elif way == "garbage":
        print(f"I would play {tile}")
    elif way == "nested":
        print("[" * 100_000 + "]" * 100_000)
    elif way == "flood":
        print("x" * 1_000_000)
    elif way == "hungry":
        print(len(bytes(2 ** 30)))
    elif way == "spin":
        while tile:
            tile = tile * 1


if __name__ == "__main__":
    main()
