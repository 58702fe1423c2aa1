"""A Botzone bot that replays one seat of a recorded game: ``recorded.py FILE [once]``, kept
running unless ``once`` is given.

It checks every request it is given against the recorded one, byte for byte (a mismatch is
written to stderr and ends it with status 5), and answers what the recording answered.
"""

from __future__ import annotations

import json
import sys


def main() -> None:
    with open(sys.argv[1], encoding="utf-8") as record:
        lines = [json.loads(line) for line in record][1:-1]
    first = json.loads(sys.stdin.readline())
    seat = int(first["requests"][0].split(" ")[1])
    recorded = [line for line in lines if line["seat"] == seat]
    given = list(first["requests"])
    while True:
        for number, request in enumerate(given):
            if request != recorded[number]["request"]:
                print(f"round {number}: got {request!r}, recorded "
                      f"{recorded[number]['request']!r}", file=sys.stderr)
                sys.exit(5)
        print(json.dumps({"response": recorded[len(given) - 1]["response"]}), flush=True)
        if sys.argv[2:] == ["once"]:
            return
        print(">>>BOTZONE_REQUEST_KEEP_RUNNING<<<", flush=True)
        line = sys.stdin.readline()
        if not line:
            return
        given.append(json.loads(line))


if __name__ == "__main__":
    main()
