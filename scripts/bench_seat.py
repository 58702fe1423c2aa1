"""What a seat costs a decision: in-process players (the rungs, Python players of one's own)
against Botzone programs run once a turn and kept running (the tests' tiny bot, and rung 3
served by ``mjsim botzone``).

Seat 0 is the measured player, seats 1-3 rung 1; the time spent in seat 0's ``act`` and its
hooks is divided by its decisions; the median of ``--repeats`` runs. Run from the repository
root: ``python scripts/bench_seat.py`` (``--only`` picks seats by a word of their label).
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from mjsim.game.moves import Move
from mjsim.players import Player, Rung
from mjsim.players.botzone.program import BotzoneProgram
from mjsim.players.driver import play
from mjsim.players.specs import load_player
from mjsim.players.view import View

ROOT = Path(__file__).resolve().parents[1]
TINY = ROOT / "tests" / "players" / "botzone" / "bots" / "tinybot.py"
GREEDY = f"{ROOT / 'tests' / 'players' / 'bots' / 'greedy.py'}:Greedy"


class FirstLegal:
    """The least a Python player can do: the first legal move."""

    name = "first-legal"

    def act(self, view: View) -> Move:
        return view.legal[0]


class Listening(FirstLegal):
    """The first legal move, hearing every event its seat sees."""

    name = "listening"

    def __init__(self) -> None:
        self.heard = 0

    def observe(self, event: dict[str, Any]) -> None:
        self.heard += 1


class Timed:
    """A player whose moves and hooks are timed."""

    def __init__(self, player: Player) -> None:
        self.player, self.spent, self.acts = player, 0.0, 0
        self.name = player.name

    def _call(self, hook: str, *args: Any) -> Any:
        method = getattr(self.player, hook, None)
        if method is None:
            return None
        start = time.perf_counter()
        try:
            return method(*args)
        finally:
            self.spent += time.perf_counter() - start

    def start_hand(self, start: Any) -> None:
        self._call("start_hand", start)

    def observe(self, event: dict[str, Any]) -> None:
        self._call("observe", event)

    def act(self, view: View) -> Move | None:
        self.acts += 1
        result: Move | None = self._call("act", view)
        return result

    def end_hand(self, row: dict[str, Any]) -> None:
        self._call("end_hand", row)

    def close(self) -> None:
        self._call("close")


def per_decision(make: Callable[[], Player], hands: int) -> tuple[float, int]:
    timed = Timed(make())
    play(b"bench-seat", [timed, Rung(1), Rung(1), Rung(1)], hand_no=1, last_hand=hands)
    return timed.spent / timed.acts, timed.acts


def tiny(*mode: str) -> Callable[[], Player]:
    command = " ".join([sys.executable, str(TINY), *mode])
    return lambda: BotzoneProgram(command, io=mode[0])


def served(*flags: str) -> Callable[[], Player]:
    command = (f"{sys.executable} -m mjsim.ui.cli botzone --level 3 --ruleset green-book "
               + " ".join(flags))
    return lambda: BotzoneProgram(command)


SEATS: dict[str, tuple[Callable[[], Player], int]] = {
    "rung 1, in-process": (lambda: Rung(1), 16),
    "rung 3, in-process": (lambda: Rung(3), 16),
    "first legal, Python, in-process": (FirstLegal, 16),
    "first legal, Python, hearing every event": (Listening, 16),
    "the README's greedy, Python, in-process": (lambda: load_player(GREEDY), 16),
    "tiny bot, JSON, once a turn": (tiny("json"), 2),
    "tiny bot, simple IO, once a turn": (tiny("simple"), 2),
    "tiny bot, JSON, kept running": (tiny("json", "keep-running"), 4),
    "tiny bot, simple IO, kept running": (tiny("simple", "keep-running"), 4),
    "rung 3 by mjsim botzone, kept running": (served("--keep-running"), 2),
    "rung 3 by mjsim botzone, once a turn": (served(), 1),
}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--repeats", type=int, default=3)
    parser.add_argument("--only", help="seats whose label holds this word")
    args = parser.parse_args()
    for label, (make, hands) in SEATS.items():
        if args.only and args.only not in label:
            continue
        results = [per_decision(make, hands) for _ in range(args.repeats)]
        median = statistics.median(spent for spent, _ in results)
        print(f"{label:42s} {median * 1e6:11.1f} µs a decision "
              f"({results[0][1]} decisions, {hands} hand(s))", flush=True)


if __name__ == "__main__":
    main()
