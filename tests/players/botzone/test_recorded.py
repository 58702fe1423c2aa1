"""The byte-for-byte test: each game recorded from Botzone's judge (tests/data/botzone) is
replayed on mjsim's Botzone table with every seat a Botzone program answering from the
recording, and every seat's requests, as the writer writes them, must be the recorded ones."""

import pytest

from mjsim.players.botzone.program import BotzoneProgram
from mjsim.players.botzone.requests import RequestWriter
from mjsim.players.driver import play
from tests.helpers.botzone_record import RECORDS, records
from tests.players.botzone.programs import bot_command


class Listened:
    """A program with a writer beside it hearing the same events, to compare afterwards."""

    def __init__(self, program, seat):
        self.program, self.writer = program, RequestWriter(seat)
        self.name = program.name

    def start_hand(self, start):
        self.writer.start_hand(start)
        self.program.start_hand(start)

    def observe(self, event):
        self.writer.observe(event)
        self.program.observe(event)

    def act(self, view):
        return self.program.act(view)

    def close(self):
        self.program.close()


def seats_of(record, *mode):
    command = bot_command("recorded.py", str(RECORDS / f"{record.name}.jsonl"), *mode)
    return [Listened(BotzoneProgram(command, name=f"{record.name}:{seat}"), seat)
            for seat in range(4)]


@pytest.mark.parametrize("record", records(), ids=lambda record: record.name)
def test_every_seats_requests_are_the_judges_byte_for_byte(record):
    seats = seats_of(record)
    game = play(b"botzone", seats, ruleset="gb-mahjong", table="botzone",
                walltiles=record.kinds, prevalent=record.quan)
    for seat, listened in enumerate(seats):
        assert listened.writer.lines == [answers[seat].request for answers in record.rounds]
    [row] = game.history
    if not record.faults:
        assert row["result"] != "foul" and tuple(game.totals) == record.scores
        return
    [(number, offender, _)] = record.faults
    foul = row["foul"]
    assert (foul["seat"], foul["answer"]) == (offender, record.rounds[number][offender].response)
    assert foul["reason"].startswith("illegal: ")
    assert tuple(game.totals) == record.scores  # the judge's penalty: -30, +10 each


UNASKED_CLAIMS = {"01-pung-chow-and-wh"}
"""Records where a seat claims what mjsim does not ask it about, and Botzone penalises: a
program run once a turn is not run then (PASS is recorded for it), so the game goes on."""


@pytest.mark.slow
@pytest.mark.parametrize("record", [r for r in records() if r.name not in UNASKED_CLAIMS],
                         ids=lambda record: record.name)
def test_programs_run_once_a_turn_are_told_the_same_requests(record):
    seats = seats_of(record, "once")
    game = play(b"botzone", seats, ruleset="gb-mahjong", table="botzone",
                walltiles=record.kinds, prevalent=record.quan)
    for seat, listened in enumerate(seats):
        assert listened.writer.lines == [answers[seat].request for answers in record.rounds]
    assert tuple(game.totals) == record.scores
