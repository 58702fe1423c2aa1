"""A tiny Botzone Chinese Standard Mahjong bot for the tests: it discards the tile it draws,
pungs another seat's discard when it holds a pair of it (then discards its first other tile),
and passes otherwise.

Usage: ``tinybot.py json|simple [keep-running] [to-eof]``. Once a turn it rebuilds its hand
from the whole game it is given (with ``to-eof``, reading all of stdin first, as from a file);
kept running, it follows the game request by request. In JSON it checks that the ``data`` it
saved comes back (and exits 3 if not).
"""

from __future__ import annotations

import io as text_io
import json
import sys


class Tracker:
    """The bot's own tiles, followed request by request with its own answers."""

    def __init__(self) -> None:
        self.seat, self.hand, self.last = -1, [], ""

    def feed(self, request: str) -> None:
        words = request.split(" ")
        if words[0] == "0":
            self.seat = int(words[1])
        elif words[0] == "1":
            self.hand = words[5:18]
        elif words[0] == "2":
            self.hand.append(words[1])
        elif int(words[1]) == self.seat:
            self._own(words)
        if words[0] == "3" and words[2] in ("PLAY", "PENG", "CHI"):
            self.last = words[-1]

    def _own(self, words: list[str]) -> None:
        """Its own moves: it only ever discards and pungs."""
        if words[2] == "PLAY":
            self.hand.remove(words[3])
        elif words[2] == "PENG":
            for _ in range(2):
                self.hand.remove(self.last)
            self.hand.remove(words[3])

    def answer(self, request: str) -> str:
        words = request.split(" ")
        if words[0] == "2":
            return f"PLAY {words[1]}"
        if (words[0] == "3" and int(words[1]) != self.seat and words[2] in ("PLAY", "PENG", "CHI")
                and self.hand.count(self.last) >= 2):
            others = [tile for tile in self.hand if tile != self.last]
            if others:
                return f"PENG {others[0]}"
        return "PASS"


def replay(requests: list[str]) -> Tracker:
    tracker = Tracker()
    for request in requests:
        tracker.feed(request)
    return tracker


def once_json(line: str) -> tuple[Tracker, str, int]:
    turn = json.loads(line)
    requests = turn["requests"]
    if len(turn["responses"]) != len(requests) - 1:
        sys.exit(4)
    data = turn.get("data", "")
    if data and not int(data) < len(requests):
        sys.exit(3)
    tracker = replay(requests)
    return tracker, tracker.answer(requests[-1]), len(requests)


def once_simple(stream) -> tuple[Tracker, str]:
    n = int(stream.readline())
    lines = [stream.readline().rstrip("\n") for _ in range(2 * n - 1)]
    stream.readline()  # data
    stream.readline()  # globaldata
    requests = lines[0::2]
    tracker = replay(requests)
    return tracker, tracker.answer(requests[-1])


def main() -> None:
    io, keep = sys.argv[1], "keep-running" in sys.argv[2:]
    stream = text_io.StringIO(sys.stdin.read()) if "to-eof" in sys.argv[2:] else sys.stdin
    if io == "json":
        tracker, answer, seen = once_json(stream.readline())
        print(json.dumps({"response": answer, "data": str(seen), "debug": "tiny"}), flush=True)
    else:
        tracker, answer = once_simple(stream)
        print(answer, flush=True)
    if not keep:
        return
    print(">>>BOTZONE_REQUEST_KEEP_RUNNING<<<", flush=True)
    for line in sys.stdin:
        request = json.loads(line) if io == "json" else line.rstrip("\n")
        tracker.feed(request)
        answer = tracker.answer(request)
        print(json.dumps({"response": answer}) if io == "json" else answer, flush=True)
        print(">>>BOTZONE_REQUEST_KEEP_RUNNING<<<", flush=True)


if __name__ == "__main__":
    main()
