"""An mjsim player as a Botzone bot: requests in, answers out, in every form Botzone runs.

:class:`BotzoneBot` keeps a :class:`~mjsim.players.botzone.tracker.Tracker` and asks its
player for a move whenever the seat has a choice; a pung or chow is followed by the view of
the turn it gives and a second ``act`` for the discard, so the answer is ``PENG t2`` or
``CHI m t2``. The player's hooks hear what Botzone tells: ``start_hand`` at request 0 (hand
1, dealer seat 0), ``observe`` with each request's events as :func:`mjsim.players.seen_by`
would show them. A Botzone game never says how it ended, so ``end_hand`` is never called;
``close`` is called when :func:`serve` returns.

:func:`serve` is the one entry point (``mjsim botzone``): Botzone's JSON form (one line
``{"requests": [...], "responses": [...]}`` in, ``{"response": "..."}`` out) or its simple
form (a line with n, then the 2n-1 requests and responses alternating, the lines after them,
Botzone's data and globaldata, unread; the answer line out), once per process, or
long-running: after each answer the line ``>>>BOTZONE_REQUEST_KEEP_RUNNING<<<``, and then
only the next request comes (in JSON, the request's JSON value; a whole ``{"requests": ...}``
object is taken too, its last request read; blank lines are skipped). The bot keeps no
``data``: its state is rebuilt from the requests and responses each turn.

>>> from mjsim.players import Rung
>>> bot = BotzoneBot(Rung.parse("3"))
>>> bot.take("0 0 0", "PASS")
>>> bot.take("1 0 0 0 0 W1 W1 W1 W5 W6 B2 B3 B4 T7 T8 T9 F1 F1", "PASS")
>>> bot.answer("2 J1")
'PLAY J1'
"""

from __future__ import annotations

import itertools
import json
from collections.abc import Callable
from typing import IO, Any, TypeVar

import orjson

from mjsim.errors import clipped, counted
from mjsim.game.formats.botzone_log import without_bom
from mjsim.game.moves import Move
from mjsim.players.botzone.answers import answer_of, legal_answers, spoken
from mjsim.players.botzone.program import KEEP_RUNNING
from mjsim.players.botzone.tracker import Tracker
from mjsim.players.driver import PASSED_THROUGH, raised
from mjsim.players.protocol import Foul, HandStart, Player
from mjsim.players.view import View
from mjsim.tiles.botzone import print_tiles

__all__ = ["KEEP_RUNNING", "BotzoneBot", "serve"]

_T = TypeVar("_T")


class BotzoneBot:
    """``player`` answering one seat's Botzone requests, one game per bot.

    :meth:`take` replays a request already answered (the history Botzone resends each turn),
    :meth:`answer` answers a new one. A move the player offers that ``view.legal`` does not
    hold raises :class:`~mjsim.players.protocol.Foul` (on Botzone it would be a WA).
    """

    def __init__(self, player: Player, ruleset: str = "gb-mahjong",
                 table: str = "botzone") -> None:
        self.player = player
        self.tracker = Tracker(ruleset, table)
        self._observe = getattr(player, "observe", None)
        self._start = getattr(player, "start_hand", None)

    def take(self, request: str, answer: str) -> None:
        """Replay ``request``, which the seat answered with ``answer``."""
        self.hear(request)
        self.tracker.answered(answer)

    def answer(self, request: str) -> str:
        """The seat's answer to the new ``request``."""
        self.hear(request)
        reply = self.reply()
        self.tracker.answered(reply)
        return reply

    def hear(self, request: str) -> None:
        """Take ``request`` in, telling the player's hooks; :meth:`reply` answers it."""
        tracker = self.tracker
        events = tracker.feed(request)
        if tracker.requests == 1 and self._start is not None:
            self.guarded("while starting the hand", self._start,
                         HandStart(tracker.seat, 1, 0, tracker.prevalent))
        if self._observe is not None:
            for event in events:
                self.guarded("while observing", self._observe, event)

    def reply(self) -> str:
        """The player's answer to the request last heard (``PASS`` when it has no choice);
        the caller tells the tracker which answer was sent."""
        view = self.tracker.view()
        if not view.legal:
            return "PASS"
        move = self._act(view)
        if move.kind in ("pung", "chow"):
            return answer_of([move, self._act(self.tracker.after_claim(move))], view.hand.melds)
        return answer_of(move, view.hand.melds)

    def guarded(self, where: str, call: Callable[..., _T], *args: object) -> _T:
        """``call(*args)``, a call into the player: anything it raises but a foul or Ctrl-C is
        its own bug, named in one line (its traceback the detail) ``where`` it happened."""
        try:
            return call(*args)
        except PASSED_THROUGH:
            raise
        except BaseException as error:
            raise raised(self.player, self.tracker.seat, error, where) from error

    def _act(self, view: View) -> Move:
        move = self.guarded("answering Botzone", self.player.act, view)
        if move is None or move not in view.legal:  # told in Botzone's words and tile names
            raise Foul(f"illegal: {self.player.name} chose {spoken(move, view.hand.melds)}, not "
                       f"one of {', '.join(legal_answers(view))}",
                       detail=f"seat {view.seat}, request {self.tracker.requests - 1}, its "
                              f"concealed tiles {print_tiles(view.hand.tiles())}")
        return move


def serve(player: Player, stdin: IO[str], stdout: IO[str], *, simple_io: bool = False,
          keep_running: bool = False, ruleset: str = "gb-mahjong",
          table: str = "botzone") -> None:
    """Answer Botzone on ``stdin``/``stdout`` as ``player``: one turn, or with
    ``keep_running`` every turn until the input ends; ``table`` says whose limits the legal
    moves keep to (Botzone's judge's, or ``"mcr"``: mjsim's own table, for a seat there).
    Raises ``ValueError`` naming what is wrong with malformed input, and lets the player's
    :class:`Foul` through, and its own bug as a :class:`~mjsim.players.driver.PlayerError`."""
    bot = BotzoneBot(player, ruleset, table)
    try:
        head = without_bom(_line(stdin))  # README: a byte-order mark reads as absent
        requests, responses = _simple(head, stdin) if simple_io else _json(head)
        if not requests:
            raise ValueError("Botzone's input holds no request to answer")
        if len(responses) != len(requests) - 1:
            raise ValueError(f"{counted(len(requests), 'request')} need"
                             f"{'s' * (len(requests) == 1)} "
                             f"{counted(len(requests) - 1, 'response')}, not {len(responses)}")
        for request, response in zip(requests, responses):
            bot.take(request, response)
        _write(stdout, bot.answer(requests[-1]), simple_io, keep_running)
        while keep_running:
            line = _line(stdin)
            if not line:
                break
            if line.strip():
                _write(stdout, bot.answer(_next_request(line, simple_io)), simple_io, True)
    finally:
        close = getattr(player, "close", None)
        if close is not None:
            bot.guarded("while closing", close)


MAX_LINE = 16 * 2**20
"""The longest line of input read, in characters: a whole game's JSON input is some hundreds of
kilobytes, and a line without end (stdin from /dev/zero) was read until memory ran out."""


def _line(stdin: IO[str]) -> str:
    """The next line of ``stdin`` ("" at its end), refused past :data:`MAX_LINE`."""
    line = stdin.readline(MAX_LINE + 1)
    if len(line) > MAX_LINE:
        raise ValueError(f"Botzone's input holds a line longer than {MAX_LINE:,} characters: "
                         "no request is")
    return line


def _write(stdout: IO[str], answer: str, simple_io: bool, keep_running: bool) -> None:
    stdout.write((answer if simple_io else json.dumps({"response": answer})) + "\n")
    if keep_running:
        stdout.write(KEEP_RUNNING + "\n")
    stdout.flush()


def _json(line: str) -> tuple[list[str], list[str]]:
    """The requests and responses of Botzone's JSON input (one line)."""
    try:
        data: Any = orjson.loads(line)
    except json.JSONDecodeError as problem:
        raise ValueError(f"Botzone's JSON input does not parse: {problem}") from None
    match data:
        case {"requests": list(requests), **rest}:
            return _strings(requests, "requests"), _strings(rest.get("responses", []),
                                                            "responses")
    raise ValueError("Botzone's JSON input is an object with a list of requests")


MAX_TURNS = 10_000
"""More turns than a game of one hand can take (144 tiles, a few requests each)."""


def _simple(head: str, stdin: IO[str]) -> tuple[list[str], list[str]]:
    """The requests and responses of Botzone's simple input: n (the line ``head``), then 2n-1
    lines of ``stdin``."""
    first = head.strip()
    if not (first.isascii() and first.isdigit()) or int(first[:9]) < 1:
        raise ValueError(f"Botzone's simple input starts with the turn count, not "
                         f"{clipped(first, 40)!r}")
    if len(first) > 9 or int(first) > MAX_TURNS:  # int() of 4,301 digits refuses in its words
        raise ValueError(f"Botzone's simple input counts {clipped(first, 40)} turns: more than "
                         f"a game has (at most {MAX_TURNS:,})")
    wanted = 2 * int(first) - 1
    lines = [line.rstrip("\r\n")
             for line in itertools.islice(iter(lambda: _line(stdin), ""), wanted)]
    if len(lines) != wanted:  # a count past the input's end, which would be read for ever
        raise ValueError(f"Botzone's simple input counts {counted(int(first), 'turn')}, "
                         f"which take{'s' * (wanted == 1)} {counted(wanted, 'line')}, "
                         f"not {len(lines)}")
    return lines[0::2], lines[1::2]


def _next_request(line: str, simple_io: bool) -> str:
    """A long-running bot's next request: the line itself, or in JSON its value."""
    text = line.rstrip("\r\n")
    if simple_io:
        return text
    try:
        data: Any = orjson.loads(text)
    except json.JSONDecodeError as problem:
        raise ValueError(f"Botzone's request {clipped(text, 200)!r} does not parse as JSON: "
                         f"{problem}") from None
    match data:
        case str(request) | {"requests": str(request)} | {"requests": [*_, str(request)]}:
            return request
    raise ValueError(f"a Botzone Mahjong request is a string, not {clipped(text, 200)!r}")


def _strings(values: Any, what: str) -> list[str]:
    match values:
        case [*strings] if all(isinstance(value, str) for value in strings):
            return strings
    raise ValueError(f"Botzone's {what} are a list of strings")
