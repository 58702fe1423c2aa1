"""A Botzone Chinese Standard Mahjong program as a seat at an mjsim table.

Each mjsim hand is one Botzone game for the program: its requests are written by
:class:`~mjsim.players.botzone.requests.RequestWriter` and its answers read by
:mod:`mjsim.players.botzone.answers`. As on Botzone, a program is run once a turn with the whole
game so far, JSON (``{"requests": [...], "responses": [...], "data": ..., "globaldata": ...}``
in, ``{"response": ..., "debug"?, "data"?, "globaldata"?}`` out; ``data`` and ``globaldata`` are
given back next turn) or simple IO (a line with n, the 2n-1 requests and responses, a data line
and a globaldata line in; the answer on the first line out, then data, then globaldata). A
program that prints ``>>>BOTZONE_REQUEST_KEEP_RUNNING<<<`` after its answer is long-running: it
stays up and gets only each new request, one line (JSON: the request as a JSON string).

mjsim asks a seat only when it has a choice, and a claim window may close before a seat's answer
could matter. Such requests are not put to a once-a-turn program: ``PASS`` is recorded as its
answer, the answer it would have had to give (Botzone penalises anything else when there is no
choice, and ignores a claim that loses). A long-running program hears every request as soon as
it is written (from its first run on), as on Botzone, and its answers are judged as Botzone's
judge would: PASS where PASS is the only answer; a win or claim mjsim did not ask it about is a
foul when its window shows it mattered (a win is always checked first; a claim, when nobody
took the tile) and is ignored when another seat's claim took the tile or the hand ended.

A once-a-turn program's input ends with end-of-file (its stdin is closed), so one that reads
stdin to its end works. A program's mode is learnt from its output: one that prints the mark on
a run whose input was closed is stopped there (its answer stands) and started afresh, its stdin
kept open, the next time it is asked; from then on it is long-running and gets no end-of-file.

A program is untrusted code, run with limits set in its process before it starts (and inherited
by what it starts): ``memory_limit`` MiB of address space (default :data:`MEMORY_LIMIT`) and
``cpu_limit`` seconds of CPU time (default :data:`CPU_LIMIT`) a process, a clean environment
(``PATH``, ``LANG=C.UTF-8``, ``HOME`` and ``TMPDIR`` its working folder, and only the variables
of mjsim's own that ``env`` names) and a working folder of its own (``workdir``; by default a
fresh temporary folder, removed at :meth:`BotzoneProgram.close`); with ``sandbox``, in a
sandbox that hides the run folder and mjsim's processes from it
(:mod:`~mjsim.players.botzone.sandbox`).

A fault raises :class:`~mjsim.players.protocol.Foul`; its reason starts with one of
``malformed``, ``illegal`` (see :mod:`~mjsim.players.botzone.answers`), ``late`` (no answer in
the time limit, its input not read by then, or its output closed and the program still running:
the program's process group is killed), ``too long`` (a line of output past :data:`MAX_LINE`
bytes, or its output to one request past :data:`MAX_LINES` lines or :data:`MAX_OUTPUT` bytes),
``crashed`` (it exited non-zero, or died
by a signal), ``exited`` (it ended without an answer), ``garbage`` (JSON IO that is not a JSON
object with a string ``response``), ``limit`` (it ``exceeded its memory limit (256 MiB)``: it
failed and said it ran out of memory, ``... before it started``: the limit left no room to
load it, or ``exceeded its CPU limit (60 s)``: the kernel stopped it). Its detail holds the
request, the answer and the last lines of the program's stderr.
"""

from __future__ import annotations

import errno
import fcntl
import json
import os
import queue
import re
import resource
import select
import shlex
import shutil
import signal
import subprocess
import sys
import tempfile
import termios
import threading
import time
from collections import deque
from collections.abc import Generator, Iterator
from contextlib import closing, contextmanager
from pathlib import Path
from typing import IO, Any, NoReturn

import orjson

from mjsim.errors import clipped
from mjsim.game.events import DealEvent, Event
from mjsim.game.moves import Move
from mjsim.game.settings import CPU_LIMIT, MEMORY_LIMIT, TIME_LIMIT, Limits
from mjsim.players.botzone import sandbox as _sandbox  # BotzoneProgram has an option so named
from mjsim.players.botzone.answers import ILLEGAL, answer_of, moves_of, words_of
from mjsim.players.botzone.requests import HAND_OVER, RequestWriter, choice_of
from mjsim.players.protocol import Foul, HandStart
from mjsim.players.view import View

__all__ = ["CPU_LIMIT", "FIRST_TURN_FACTOR", "KEEP_RUNNING", "MAX_LINE", "MAX_LINES",
           "MAX_OUTPUT", "MEMORY_LIMIT", "STDERR_KEPT", "TIME_LIMIT", "BotzoneProgram"]

KEEP_RUNNING = ">>>BOTZONE_REQUEST_KEEP_RUNNING<<<"
FIRST_TURN_FACTOR = 2.0
"""The first run of a hand's game gets this many times the limit: it starts the program up (as
does a long-running program's fresh start once its mode is learnt)."""
_STDERR_TAIL = 20
_TAIL_WIDTH = 1000  # bytes of a stderr line the tail keeps
_CHUNK = 2 ** 16
_GRACE = 0.02  # seconds: how often a wait looks whether the program has ended
MAX_LINE = 4 * 2 ** 20
"""The longest line of output a program may print, in bytes: an answer with its ``data`` and
``globaldata`` (Botzone keeps these small). A longer one is a foul, ``too long``."""
MAX_LINES = 1000
MAX_OUTPUT = 4 * MAX_LINE
"""The most lines, and bytes, a program may print for one request (what it prints after an
answer, read or not, counts towards the next): more is a foul, ``too long``. Seen: a program
that printed short lines without end held 670 MB of mjsim's memory by its deadline, and a
long-running one could do so between requests, when nothing reads its output, without one."""
STDERR_KEPT = 2 ** 20
"""The most of a program's stderr its log keeps (``stderr.log`` of a seat's folder), in bytes;
the rest is cut, with a line saying so."""
# What programs print when an allocation fails: Python, C++, Go, Java, Rust, and the C library.
_OUT_OF_MEMORY = re.compile(r"MemoryError|bad_alloc|out of memory|OutOfMemoryError"
                            r"|memory allocation of \d+ bytes failed|Cannot allocate memory")
# What the dynamic loader prints, exiting 127, when the address space has no room for a library
# the program links: it never started. Another cause ("...: Operation not permitted", a missing
# library) names itself after the colon, and stays a crash.
_NO_ROOM_TO_LOAD = re.compile(r"error while loading shared libraries: .*: failed to map "
                              r"segment from shared object(: Cannot allocate memory)?\s*$")
# What names an environment variable (POSIX's portable names): env=PYTHONPATH, not env=5.
_VARIABLE = re.compile(r"[A-Za-z_][A-Za-z0-9_]*")


@contextmanager
def _interrupt_held() -> Iterator[list[bool]]:
    """Ctrl-C held back while a program's process is made, and said in the list it yields.
    With a ``preexec_fn``, Python runs its at-fork hooks (logging's, threading's) in mjsim and
    in the child, and a KeyboardInterrupt raised in one is printed ("Exception ignored in ...",
    a traceback) and lost: a run went on to its end. A handler is set in the main thread only
    (no other may), and only in place of Python's own."""
    came: list[bool] = []
    if (threading.current_thread() is not threading.main_thread()
            or signal.getsignal(signal.SIGINT) is not signal.default_int_handler):
        yield came
        return
    signal.signal(signal.SIGINT, lambda *_: came.append(True))
    try:
        yield came
    except BaseException:  # it could not start: the Ctrl-C is said, not its failure
        if came:
            raise KeyboardInterrupt from None
        raise
    finally:
        signal.signal(signal.SIGINT, signal.default_int_handler)


class _Limits:
    """What a program's process may use, set in the child before it runs the program."""

    def __init__(self, limits: Limits) -> None:
        self.memory, self.cpu = limits.memory_limit, limits.cpu_limit
        self.sandbox = limits.sandbox

    def apply(self) -> None:
        """Run in the child between fork and exec: only calls to what is imported already."""
        size = int(self.memory * 2 ** 20)
        resource.setrlimit(resource.RLIMIT_AS, (size, size))
        seconds = max(1, round(self.cpu))
        # SIGXCPU at the soft limit; SIGKILL a second later, for a program that catches it.
        resource.setrlimit(resource.RLIMIT_CPU, (seconds, seconds + 1))

    def exceeded(self, code: int | None, stderr: deque[str]) -> str | None:
        """The limit a process that ended with status ``code`` went over, if it shows one."""
        if code == -signal.SIGXCPU:
            return f"limit: exceeded its CPU limit ({max(1, round(self.cpu))} s)"
        if code == 127 and any(_NO_ROOM_TO_LOAD.search(line) for line in stderr):
            return self.before_start()
        if code != 0 and any(_OUT_OF_MEMORY.search(line) for line in stderr):
            return f"limit: exceeded its memory limit ({self.memory:g} MiB)"
        return None

    def before_start(self) -> str:
        """The reason of a program that its memory limit did not let start."""
        return f"limit: exceeded its memory limit ({self.memory:g} MiB) before it started"


class _TooLong(Exception):
    """The program printed a line past :data:`MAX_LINE` bytes, or more than :data:`MAX_LINES`
    lines or :data:`MAX_OUTPUT` bytes for one request; its one argument says which."""


class _Log:
    """A program's stderr log: the header lines mjsim writes, and at most :data:`STDERR_KEPT`
    bytes of what the program writes (counting what the file held already), then one line
    saying the rest was cut. Written by the threads reading its runs' stderr, hence the lock."""

    def __init__(self, path: Path) -> None:
        self._file = open(path, "ab")  # noqa: SIM115 - open until the program is closed
        self._kept = self._file.tell()  # append mode: what earlier runs wrote counts too
        self._cut = self._kept >= STDERR_KEPT
        self._lock = threading.Lock()

    def header(self, text: str) -> None:
        with self._lock:
            self._file.write(text.encode())
            self._file.flush()

    def write(self, chunk: bytes) -> None:
        with self._lock:
            if self._cut:
                return
            room = STDERR_KEPT - self._kept
            if len(chunk) > room:  # seen: 329 MB of stderr for 8 one-hand games
                chunk = chunk[:room] + (f"\n=== stderr cut at {STDERR_KEPT:,} bytes: the rest "
                                        "is not kept ===\n").encode()
                self._cut = True
            self._file.write(chunk)
            self._kept += len(chunk)
            self._file.flush()

    def close(self) -> None:
        self._file.close()


class _Process:
    """One run of the program: its process (in a group of its own), a thread feeding its stdout
    lines into a queue, and a thread copying its stderr to the log and a tail.

    Every wait is bounded: its input is written without blocking, by the deadline; a line of
    output is read up to :data:`MAX_LINE` bytes, and the output to one request up to
    :data:`MAX_LINES` lines and :data:`MAX_OUTPUT` bytes; its output ends when it closes it, or
    once the program has ended (something it left running in a session of its own may hold the
    pipe open for ever). Each reader thread alone reads and closes its stream, and :meth:`stop`
    wakes it through a pipe of its own, so none reads a closed file."""

    def __init__(self, args: list[str], workdir: Path, env: dict[str, str], limits: _Limits,
                 log: _Log | None, tail: deque[str]) -> None:
        self._sandboxed = limits.sandbox
        if limits.sandbox:
            args = _sandbox.sandboxed(args, workdir)
        with _interrupt_held() as interrupted:
            self.popen = subprocess.Popen(args, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                          stderr=subprocess.PIPE, cwd=workdir, env=env,
                                          bufsize=0, start_new_session=True,
                                          # Only setrlimit, already imported: nothing that
                                          # could wait on a lock another thread held at the
                                          # fork.
                                          preexec_fn=limits.apply)  # noqa: PLW1509
        self.ended_input = False
        self.too_long: str | None = None  # what was too long, once the output is
        # Each line with its size in bytes; None at the end.
        self.lines: queue.Queue[tuple[str, int] | None] = queue.Queue()
        # Lines and bytes of output: queued (by the reader thread), read, and read in answers
        # whole (by the game's), which leaves the current answer's to count against the limits.
        self._queued = self._read = self._answered = (0, 0)
        assert self.popen.stdin is not None and self.popen.stdout is not None \
            and self.popen.stderr is not None  # PIPE asked
        os.set_blocking(self.popen.stdin.fileno(), False)
        self._wake, self._waking = os.pipe()
        self._reading = threading.Lock()  # held while a chunk of output is read and queued
        self._out = threading.Thread(target=self._read_out, args=(self.popen.stdout,),
                                     daemon=True)
        self._err = threading.Thread(target=self._read_err, args=(self.popen.stderr, log, tail),
                                     daemon=True)
        self._out.start()
        self._err.start()
        if interrupted:  # Ctrl-C while it was made: it is stopped, and the run with it
            self.stop()
            raise KeyboardInterrupt

    def _chunks(self, stream: IO[bytes], busy: threading.Lock) -> Generator[bytes]:
        """What ``stream`` gives until its end or :meth:`stop`, each chunk read and taken in
        (the generator's body run on it) holding ``busy``."""
        poller = select.poll()
        poller.register(stream.fileno(), select.POLLIN)
        poller.register(self._wake, select.POLLIN)
        while not any(fd == self._wake for fd, _ in poller.poll()):
            with busy:
                chunk = os.read(stream.fileno(), _CHUNK)
                if not chunk:
                    return
                yield chunk

    def _read_out(self, stream: IO[bytes]) -> None:
        pending = bytearray()
        # closing: a break must end the generator, which holds the lock while its chunk is taken
        with closing(self._chunks(stream, self._reading)) as chunks:
            for chunk in chunks:
                pending += chunk
                while (end := pending.find(b"\n")) >= 0 and self._queue(pending[:end]):
                    del pending[:end + 1]
                if len(pending) > MAX_LINE:  # seen: a 400 MiB line took 2.5 GB to hold
                    self.too_long = f"a line of its output passed {MAX_LINE:,} bytes"
                if self.too_long is not None:
                    break
            else:
                if pending:
                    self._queue(pending)
        with self._reading:
            stream.close()
            self.lines.put(None)

    def _queue(self, line: bytes | bytearray) -> bool:
        """Queue a line of output; False, the output marked too long, when it would make the
        current answer's more than :data:`MAX_LINES` lines or :data:`MAX_OUTPUT` bytes."""
        lines, size = self._queued[0] + 1, self._queued[1] + len(line) + 1
        if lines - self._answered[0] > MAX_LINES or size - self._answered[1] > MAX_OUTPUT:
            self.too_long = (f"its output to one request passed {MAX_LINES:,} lines or "
                             f"{MAX_OUTPUT:,} bytes")
            return False
        self._queued = (lines, size)
        self.lines.put((_decoded(line), len(line) + 1))
        return True

    def answered(self) -> None:
        """The answer read so far is whole: what the program prints from here on is the next
        one's."""
        self._answered = self._read

    def _drained(self) -> bool:
        """Whether all the program wrote to its output has been read and queued: nothing waits
        in the pipe nor in the reader's hands."""
        stdout = self.popen.stdout
        assert stdout is not None  # PIPE asked
        with self._reading:
            if not self.lines.empty() or stdout.closed:
                return False  # a line, or the end, is queued
            waiting = fcntl.ioctl(stdout.fileno(), termios.FIONREAD, b"\0\0\0\0")
            return int.from_bytes(waiting, sys.byteorder) == 0

    def _read_err(self, stream: IO[bytes], log: _Log | None, tail: deque[str]) -> None:
        with stream:
            pending = bytearray()
            for chunk in self._chunks(stream, threading.Lock()):
                if log is not None:
                    log.write(chunk)
                pending += chunk
                *lines, rest = pending.split(b"\n")
                tail.extend(_decoded(line[:_TAIL_WIDTH]) for line in lines)
                pending = rest[:_TAIL_WIDTH]  # a line's start is what the tail shows of it

    def send(self, text: str, deadline: float) -> bool:
        """Write ``text`` to its stdin; False when the program has stopped reading; raises
        ``TimeoutError`` when it has not taken it all by the deadline (seen: a program that
        never read its input hung the run, as a blocking write waited on it for ever)."""
        stdin = self.popen.stdin
        assert stdin is not None  # PIPE asked
        data = memoryview(text.encode())
        poller = select.poll()
        poller.register(stdin.fileno(), select.POLLOUT)
        while data:
            if not poller.poll(max(0, round((deadline - time.monotonic()) * 1000))):
                raise TimeoutError
            try:
                data = data[os.write(stdin.fileno(), data):]
            except BlockingIOError:
                continue
            except OSError:  # a broken pipe, among others
                return False
        return True

    def end_input(self) -> None:
        """Close its stdin: it reads end-of-file after what it was sent."""
        assert self.popen.stdin is not None  # PIPE asked
        try:
            self.popen.stdin.close()
        except OSError:  # it has stopped reading: it will not miss the end
            pass
        self.ended_input = True

    def read(self, deadline: float) -> str | None:
        """Its next line of output, or None at its end; raises ``TimeoutError`` at the deadline
        and ``_TooLong`` after a line past :data:`MAX_LINE` or an answer past :data:`MAX_LINES`
        or :data:`MAX_OUTPUT`."""
        while True:
            left = deadline - time.monotonic()
            try:
                got = self.lines.get(timeout=max(0.0, min(left, _GRACE)))
            except queue.Empty:
                if left <= _GRACE:
                    raise TimeoutError from None
                # Ended, all it wrote read: what holds its output open is something it left
                # running (seen: a setsid child made every turn late).
                if self.popen.poll() is not None and self._drained():
                    return None
                continue
            if got is None:
                if self.too_long is not None:
                    raise _TooLong(self.too_long)
                return None
            line, size = got
            self._read = (self._read[0] + 1, self._read[1] + size)
            return line

    def wait(self, deadline: float) -> int:
        """Its exit status once it has ended; raises ``TimeoutError`` at the deadline."""
        try:
            code = self.popen.wait(timeout=max(0.0, deadline - time.monotonic()))
        except subprocess.TimeoutExpired:
            raise TimeoutError from None
        self._err.join(timeout=0.1)  # its last words, for the tail (its stderr is in the pipe)
        return _sandbox.died_by(code) if self._sandboxed else code

    def stop(self) -> None:
        """Kill its whole process group, reap it (no zombie is left) and end the readers. The
        group is killed even when the program has ended: what it started and left running in
        it would outlive the run (seen: a child of each once-a-turn run). Its id is the
        program's pid, which is not handed out again while a process is in the group; with none
        left (the program reaped a moment before), pids come round in turn, so it names no other
        group."""
        try:
            os.killpg(self.popen.pid, signal.SIGKILL)
        except ProcessLookupError:  # the program has ended, and nothing it left runs
            pass
        self.popen.wait()
        if self.popen.stdin is not None and not self.popen.stdin.closed:
            try:
                self.popen.stdin.close()
            except OSError:
                pass
        os.write(self._waking, b"x")
        self._out.join(timeout=1.0)
        self._err.join(timeout=1.0)
        if not (self._out.is_alive() or self._err.is_alive()):  # else left to them, not reused
            os.close(self._wake)
            os.close(self._waking)


def _decoded(line: bytes | bytearray) -> str:
    """A line of a program's output as text: invalid UTF-8 replaced, a line end's CR dropped."""
    return bytes(line).decode("utf-8", errors="replace").removesuffix("\r")


class BotzoneProgram:
    """A seat played by a Botzone program: ``command`` (split with :func:`shlex.split`, never run
    by a shell), ``io`` ``json`` or ``simple``, ``time_limit`` seconds an answer (default
    :data:`TIME_LIMIT`; a hand's first run gets :data:`FIRST_TURN_FACTOR` times it),
    ``memory_limit`` MiB and ``cpu_limit`` seconds of CPU a process (:data:`MEMORY_LIMIT`,
    :data:`CPU_LIMIT`), ``sandbox`` whether it runs in a sandbox
    (:mod:`~mjsim.players.botzone.sandbox`; default not; each one given wins over ``limits``, a
    run's :class:`~mjsim.game.settings.Limits`), ``env`` the names of mjsim's environment
    variables it is also given (comma-separated), ``workdir`` its working folder (default: a
    temporary one of its own), ``stderr_path`` a file its stderr is appended to, with a header
    line each hand. ``name`` defaults to ``botzone:`` and the command.

    Raises ``ValueError`` for an empty command, an unknown ``io``, a limit that is not a
    positive number (a spec's options come as text, so a number in text is one), an ``env``
    word that names no environment variable, or a sandbox asked for where none can be made
    (:func:`~mjsim.players.botzone.sandbox.check`).
    """

    def __init__(self, command: str, *, name: str | None = None, io: str = "json",
                 time_limit: float | str | None = None,
                 memory_limit: float | str | None = None, cpu_limit: float | str | None = None,
                 sandbox: bool | str | None = None, limits: Limits | None = None, env: str = "",
                 workdir: str | os.PathLike[str] | None = None,
                 stderr_path: str | os.PathLike[str] | None = None) -> None:
        self._args = shlex.split(command)
        if not self._args:
            raise ValueError("a Botzone program needs a command to run")
        if io not in ("json", "simple"):
            raise ValueError(f"Botzone IO is 'json' or 'simple', not {io!r}")
        given = {"time_limit": time_limit, "memory_limit": memory_limit, "cpu_limit": cpu_limit,
                 "sandbox": sandbox}
        chosen = (limits or Limits()).overridden(
            {name: value for name, value in given.items() if value is not None})
        if chosen.sandbox:
            _sandbox.check()
        self._limit = chosen.time_limit
        self._limits = _Limits(chosen)
        self._passed = [word.strip() for word in str(env).split(",") if word.strip()]
        unnamed = next((word for word in self._passed if not _VARIABLE.fullmatch(word)), None)
        if unnamed is not None:  # it was passed nothing, and said nothing
            raise ValueError(f"env names environment variables (letters, digits and _, not "
                             f"first a digit), not {clipped(unnamed, 40)!r}")
        self._name = f"botzone:{command}" if name is None else name
        self._io = io
        self._workdir = None if workdir is None else Path(workdir)
        self._own_workdir = workdir is None  # a temporary folder, made at its first run
        self._log = None if stderr_path is None else _Log(Path(stderr_path))
        self._tail: deque[str] = deque(maxlen=_STDERR_TAIL)
        self._writer: RequestWriter | None = None
        self._responses: list[str] = []
        self._queued: list[Move] = []
        self._process: _Process | None = None  # a long-running program's live process
        self._long_running = False  # learnt: it printed the keep-running mark
        self._sent = 0  # requests the live process has been given
        self._asked = -1  # the last request the seat was asked about
        self._unjudged: int | None = None  # a claim it answered unasked, until its window closes
        self._fouled = False  # it has fouled this hand
        self._runs = 0  # runs of the program this hand
        self._data = ""
        self._globaldata = ""  # kept from game to game, as Botzone keeps it

    @property
    def name(self) -> str:
        return self._name

    # ------------------------------------------------------------------- the Player hooks

    def start_hand(self, start: HandStart) -> None:
        """A new Botzone game: a fresh writer, no history, no live process (unless the hand's
        deal has been heard already)."""
        writer = self._writer
        if writer is not None and (writer.seat, writer.hand_no) == (start.seat, start.hand_no):
            return
        self._new_game(start.seat, start.hand_no)
        assert self._writer is not None  # just made
        self._writer.start_hand(start)

    def _new_game(self, seat: int, hand_no: int) -> None:
        self._stop()
        self._writer = RequestWriter(seat)
        self._responses, self._queued, self._data, self._runs = [], [], "", 0
        self._asked, self._unjudged, self._fouled = -1, None, False
        if self._log is not None:
            self._log.header(f"=== {self._name}: seat {seat}, hand {hand_no} ===\n")

    def observe(self, event: Event | None) -> None:
        """Hear the next event the seat sees; a queued discard lapses unless this seat's own claim
        is what is happening. Events before the first deal or hand start are not a game yet. A
        long-running program is given each new request at once; raises ``Foul`` when its answer
        to one is malformed, or turns out to be a claim nobody could have let it make."""
        if event is None:
            return
        if event["kind"] == "deal" and (self._writer is None
                                        or self._writer.hand_no != event["hand_no"]):
            self._new_game(_own_seat(event), event["hand_no"])
        writer = self._writer
        if writer is None or self._fouled:
            return
        if not (event["actor"] == writer.seat and event["kind"] in ("claim", "chow", "pung")):
            self._queued = []
        with self._fouling():
            self._judge(event, writer)
            writer.observe(event)
            if self._process is not None:
                self._send_new(writer.written, writer.id)

    @contextmanager
    def _fouling(self) -> Iterator[None]:
        """A foul ends the program's game: its process is stopped and it hears no more of the
        hand (the foul ends it), so it cannot foul twice."""
        try:
            yield
        except Foul:
            self._fouled = True
            self._stop()
            raise

    def act(self, view: View) -> Move | None:
        """The program's move at ``view``: the discard queued by its last claim, or its answer to
        the pending request. Raises ``Foul`` when it cannot give a legal one."""
        if not view.legal:
            return None
        with self._fouling():
            return self._act(view)

    def _act(self, view: View) -> Move:
        if self._fouled:
            raise Foul("exited: the program has fouled this hand already")
        if self._queued:
            move, self._queued = self._queued[0], self._queued[1:]
            if move not in view.legal:
                raise Foul(f"{ILLEGAL}: the discard after the claim is not legal now: {move!r}",
                           answer_of(move), self._detail(None, None))
            return move
        if self._writer is None:
            raise RuntimeError(f"seat {view.seat} is asked to act before any event of the hand")
        lines = self._writer.lines
        pending = len(lines) - 1
        if pending <= self._asked:
            raise RuntimeError(f"seat {view.seat} asked twice about request {lines[-1]!r}")
        self._asked, self._unjudged = pending, None
        if self._process is not None:
            self._send_new(lines, self._writer.id)
        if pending >= len(self._responses):
            # Not run since: it would have had to PASS at every request it was not asked about.
            self._responses.extend(["PASS"] * (pending - len(self._responses)))
            self._responses.append(self._run(lines, pending))
        answer = self._responses[pending]
        try:
            moves = moves_of(answer, view)
        except Foul as foul:
            raise Foul(foul.reason, answer, self._detail(lines[-1], answer)) from None
        self._queued = moves[1:]
        return moves[0]

    def end_hand(self, result: dict[str, Any] | None = None) -> None:
        """The game is over for the program: its process is stopped."""
        self._stop()
        self._writer = None

    def close(self) -> None:
        """Stop any process, close the stderr log and remove a temporary working folder."""
        self._stop()
        if self._log is not None:
            self._log.close()
            self._log = None
        if self._own_workdir and self._workdir is not None:
            shutil.rmtree(self._workdir, ignore_errors=True)
            self._workdir = None

    # ------------------------------------------------------------------------ running it

    def _send_new(self, lines: list[str], seat: int) -> None:
        """Give a live long-running program each request it has not had, and keep its answers;
        a claim it answers that mjsim does not ask about waits for :meth:`_judge`."""
        while self._process is not None and self._sent < len(lines):
            index = self._sent
            answer = self._run(lines, index)
            choice = choice_of(lines[index], seat)
            try:
                words_of(answer, choice)
            except Foul as foul:
                raise Foul(foul.reason, answer, self._detail(lines[index], answer)) from None
            self._responses.append(answer)
            if choice in ("discard", "rob") and answer != "PASS":
                self._unjudged = index

    def _judge(self, event: Event, writer: RequestWriter) -> None:
        """Judge a claim the program answered without being asked, now that ``event`` shows how
        its window closed, as Botzone's judge would: a win claimed is checked before anything
        (mjsim asks every seat that may win, so this one may not); any other claim is checked
        when nobody took the tile, and ignored when another seat's claim took it. A window that
        ends the hand leaves nothing to penalise."""
        index = self._unjudged
        kind = event["kind"]
        if index is None or kind in ("pass", "claim") or kind in HAND_OVER:
            return
        self._unjudged = None
        answer = self._responses[index]
        taken = kind in ("chow", "pung") or (kind == "kong" and "how" not in event)
        if answer == "HU" or not taken:
            what = "a win" if answer == "HU" else "a claim"
            raise Foul(f"{ILLEGAL}: {answer!r} is {what} mjsim did not offer seat {writer.seat}",
                       answer, self._detail(writer.written[index], answer))

    def _run(self, lines: list[str], index: int) -> str:
        """The program's answer to request ``index``: sent alone to a live long-running process,
        else with the whole game so far to a fresh process (then end-of-file, unless it is
        known to keep running)."""
        starts = self._process is None
        first = self._runs == 0 or (starts and self._long_running)
        limit = self._limit * (FIRST_TURN_FACTOR if first else 1.0)
        self._runs += 1
        deadline = time.monotonic() + limit
        if self._process is not None:
            text = (json.dumps(lines[index]) if self._io == "json" else lines[index]) + "\n"
        else:
            self._process = self._start(lines[index])
            self._sent = 0
            text = self._full_input(lines, index)
        process = self._process
        try:
            sent = process.send(text, deadline)
        except TimeoutError:
            self._stop()
            raise Foul(f"late: the program did not read its input within {limit:g} s", None,
                       self._detail(lines[index], None)) from None
        if not sent:
            self._fail_ended(process, lines[index], deadline, limit)
        if starts and not self._long_running:
            process.end_input()
        self._sent = index + 1
        try:
            return self._answer(process, lines[index], deadline, limit)
        except Foul:
            self._stop()
            raise

    def _start(self, request: str) -> _Process:
        """A fresh process of the program, in its folder, with its limits and environment."""
        self._tail.clear()
        if self._workdir is None:
            self._workdir = Path(tempfile.mkdtemp(prefix="mjsim-program-"))
        workdir = self._workdir.resolve()  # the sandbox binds it by its absolute path
        env = {"PATH": os.environ.get("PATH", os.defpath), "LANG": "C.UTF-8",
               "HOME": str(workdir), "TMPDIR": str(workdir)}
        env.update({name: os.environ[name] for name in self._passed if name in os.environ})
        try:
            self._workdir.mkdir(parents=True, exist_ok=True)
            return _Process(self._args, workdir, env, self._limits, self._log, self._tail)
        except (OSError, subprocess.SubprocessError) as error:  # the latter: a limit refused
            if isinstance(error, OSError) and error.errno == errno.ENOMEM:  # exec had no room
                raise Foul(self._limits.before_start(), None,
                           self._detail(request, None)) from None
            raise Foul(f"crashed: the program could not start: {error}", None,
                       self._detail(request, None)) from None

    def _full_input(self, lines: list[str], index: int) -> str:
        requests, responses = lines[:index + 1], self._responses[:index]
        if self._io == "json":
            return json.dumps({"requests": requests, "responses": responses,
                               "data": self._data, "globaldata": self._globaldata}) + "\n"
        turns = [line for pair in zip(requests, responses) for line in pair]
        return "\n".join([str(len(requests)), *turns, requests[-1], self._data,
                          self._globaldata]) + "\n"

    def _answer(self, process: _Process, request: str, deadline: float, limit: float) -> str:
        """Read one answer, then the keep-running mark (the process stays) or the end of its
        output (the process is reaped)."""
        out: list[str] = []
        try:
            out.append(self._first_line(process, request, deadline, limit))
            while True:
                line = process.read(deadline)
                if line is None or line == KEEP_RUNNING:
                    break
                out.append(line)
            if line is None:
                code = self._ended(process, request, deadline, limit, out[0])
                if code != 0:
                    raise Foul(self._crash(code, f"crashed: the program exited with status "
                                                 f"{code}"), out[0], self._detail(request, out[0]))
        except TimeoutError:
            raise Foul(f"late: no answer within {limit:g} s", None,
                       self._detail(request, None)) from None
        except _TooLong as what:
            raise Foul(f"too long: {what}", None, self._detail(request, None)) from None
        if line is not None:
            process.answered()
        answer = self._response(out, request, keeps=line is not None)
        if line is not None and process.ended_input:  # it keeps running, but cannot hear
            self._long_running = True
            self._stop()
        return answer

    def _first_line(self, process: _Process, request: str, deadline: float,
                    limit: float) -> str:
        line = process.read(deadline)
        if line is None:
            self._fail_ended(process, request, deadline, limit)
        return line

    def _ended(self, process: _Process, request: str, deadline: float, limit: float,
               answer: str | None) -> int:
        """The status of a program whose output has ended, once it ends; a foul, ``late``, when
        it does not by the deadline (seen: recorded as 'crashed ... status None')."""
        try:
            code = process.wait(deadline)
        except TimeoutError:
            self._stop()
            raise Foul(f"late: the program closed its output but did not end within {limit:g} s",
                       answer, self._detail(request, answer)) from None
        self._stop()
        return code

    def _fail_ended(self, process: _Process, request: str, deadline: float,
                    limit: float) -> NoReturn:
        """The program stopped before answering: crashed (non-zero status) or exited."""
        code = self._ended(process, request, deadline, limit, None)
        detail = self._detail(request, None)
        if code == 0:
            raise Foul("exited: the program ended without an answer", None, detail)
        raise Foul(self._crash(code, f"crashed: the program stopped with status {code} before "
                                     "answering"), None, detail)

    def _crash(self, code: int | None, reason: str) -> str:
        """The reason a process that ended with ``code`` fouled: a limit it went over, if it
        shows one, else ``reason``."""
        return self._limits.exceeded(code, self._tail) or reason

    def _response(self, out: list[str], request: str, keeps: bool) -> str:
        """The answer in the program's output; its data and globaldata are kept for next turn."""
        if self._io == "simple":
            if not keeps:
                self._data = out[1] if len(out) > 1 else ""
                self._globaldata = "\n".join(out[2:]) if len(out) > 2 else self._globaldata
            return out[0]
        try:
            reply = orjson.loads(out[0])
        except ValueError:
            reply = None
        if not isinstance(reply, dict) or not isinstance(reply.get("response"), str):
            raise Foul("garbage: the output is not a JSON object with a string 'response'",
                       out[0], self._detail(request, out[0]))
        if not keeps:
            self._data = _text(reply.get("data"), self._data)
            self._globaldata = _text(reply.get("globaldata"), self._globaldata)
        answer: str = reply["response"]
        return answer

    def _detail(self, request: str | None, answer: str | None) -> str:
        tail = "\n".join(self._tail) or "(nothing)"
        return (f"request: {request!r}\nanswer: {answer!r}\n"
                f"stderr, last {_STDERR_TAIL} lines:\n{tail}")

    def _stop(self) -> None:
        if self._process is not None:
            self._process.stop()
            self._process = None
        self._sent = 0


def _text(value: Any, kept: str) -> str:
    """A ``data`` or ``globaldata`` field as Botzone passes it on: a string as it is, any other
    JSON value as JSON text, absent as what was kept."""
    if value is None:
        return kept
    return value if isinstance(value, str) else json.dumps(value)


def _own_seat(event: DealEvent) -> int:
    """The seat a deal event was redacted for: the one hand it shows."""
    shown = [seat for seat, hand in enumerate(event["hands"]) if hand is not None]
    if len(shown) != 1:
        raise ValueError("a Botzone program must hear the deal as its own seat sees it")
    return shown[0]
