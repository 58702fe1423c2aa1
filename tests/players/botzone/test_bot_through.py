"""A rung through Botzone's protocol makes the moves it makes in-process.

Each seat of a Botzone-table game hears its events written as Botzone requests
(:class:`RequestWriter`), a :class:`BotzoneBot` answers them, and the answers are read back as
moves (:func:`moves_of`): the same game must come out, move for move, as with the rung at the
table itself (its tie-break, :attr:`View.word`, is made of what the seat sees, so both sides
break ties alike).
"""

import shlex
import sys
from pathlib import Path

import pytest

from mjsim.players import Rung
from mjsim.players.botzone.answers import moves_of
from mjsim.players.botzone.bot import BotzoneBot
from mjsim.players.botzone.program import BotzoneProgram
from mjsim.players.botzone.requests import RequestWriter
from mjsim.players.driver import play

ROOT = Path(__file__).resolve().parents[3]
HAND_OVER = ("win", "exhausted", "settle", "end")


class Through:
    """A seat whose player answers Botzone requests in-process: the protocol both ways without
    a process (what ``botzone:`` with ``mjsim botzone`` does through pipes)."""

    name = "through-botzone"

    def __init__(self, player, table=None):
        self.player, self.table = player, table or BOTZONE_TABLE

    def start_hand(self, start):
        self.writer = RequestWriter(start.seat)
        self.writer.start_hand(start)
        self.bot = BotzoneBot(self.player, self.table["ruleset"],
                              self.table.get("table", "mcr"))
        self.heard, self.queued = 0, None

    def observe(self, event):
        if event is not None and not (event["actor"] == self.writer.seat
                                      and event["kind"] in ("claim", "chow", "pung")):
            self.queued = None  # a claim that lost: its discard lapses
        self.writer.observe(event)

    def act(self, view):
        if self.queued is not None:
            move, self.queued = self.queued, None
            return move
        lines = self.writer.lines
        for line in lines[self.heard:-1]:
            self.bot.answer(line)  # requests the engine did not put to the seat
        moves = moves_of(self.bot.answer(lines[-1]), view)
        self.heard = len(lines)
        self.queued = moves[1] if len(moves) > 1 else None
        return moves[0]


BOTZONE_TABLE = {"ruleset": "gb-mahjong", "table": "botzone"}
MCR_TABLE = {"ruleset": "green-book"}


def moves_in_process(seed, table):
    players = [Recorded(Rung(3)) for _ in range(4)]
    finished = play(seed, players, **table)
    return [p.moves for p in players], finished.history


@pytest.mark.parametrize("batch", range(4))
def test_the_rung_through_the_protocol_makes_the_moves_it_makes_in_process(batch):
    for number in range(batch * 25, batch * 25 + 25):
        seed = b"through/%d" % number
        seats = [Recorded(Through(Rung(3))) for _ in range(4)]
        finished = play(seed, seats, **BOTZONE_TABLE)
        assert ([s.moves for s in seats], finished.history) == moves_in_process(
            seed, BOTZONE_TABLE), seed


@pytest.mark.parametrize("number", range(3))
def test_so_it_does_at_mjsims_own_table_every_seat_dealing(number):
    """Sixteen hands a game: the requests number the seats from each hand's dealer."""
    seed = b"through-mcr/%d" % number
    seats = [Recorded(Through(Rung(3), MCR_TABLE)) for _ in range(4)]
    finished = play(seed, seats, **MCR_TABLE)
    assert ([s.moves for s in seats], finished.history) == moves_in_process(seed, MCR_TABLE)


class Recorded:
    """A seat's player, the moves it gives the engine kept; its hooks passed on."""

    name = "recorded"

    def __init__(self, player):
        self.player, self.moves = player, []

    def start_hand(self, start):
        if hasattr(self.player, "start_hand"):
            self.player.start_hand(start)

    def observe(self, event):
        if hasattr(self.player, "observe"):
            self.player.observe(event)

    def act(self, view):
        self.moves.append(self.player.act(view))
        return self.moves[-1]

    def close(self):
        if hasattr(self.player, "close"):
            self.player.close()


def test_mjsim_botzone_as_a_botzone_program_seat_through_pipes():
    """``botzone:`` running ``serve`` long-running in a process, in every seat."""
    code = ("import sys; from mjsim.players.botzone.bot import serve; "
            "from mjsim.players import Rung; "
            "serve(Rung(3), sys.stdin, sys.stdout, keep_running=True)")
    seats = [Recorded(BotzoneProgram(shlex.join([sys.executable, "-c", code]), time_limit=60,
                                     workdir=str(ROOT)))
             for _ in range(4)]
    finished = play(b"through/pipes", seats, **BOTZONE_TABLE)
    assert ([s.moves for s in seats], finished.history) == moves_in_process(b"through/pipes",
                                                                            BOTZONE_TABLE)


class Listener(Recorded):
    """A player that keeps the events it is told, passing them on."""

    def __init__(self, player):
        super().__init__(player)
        self.events = []

    def observe(self, event):
        self.events.append(event)
        super().observe(event)


def test_the_bots_player_hears_the_events_the_seat_sees_in_mjsim():
    """What ``observe`` hears behind the protocol is what the engine's events are to the seat
    (:func:`seen_by`), up to the seat's last request (the rest never reaches a Botzone bot)."""
    for number in range(10):
        inner = [Listener(Rung(3)) for _ in range(4)]
        seats = [Listener(Through(player)) for player in inner]
        play(b"heard/%d" % number, seats, **BOTZONE_TABLE)
        for seat, (player, outer) in enumerate(zip(inner, seats)):
            seen = [e for e in outer.events if e is not None and e["kind"] not in HAND_OVER]
            assert len(player.events) > len(seen) // 2
            assert player.events == seen[:len(player.events)], (number, seat)
