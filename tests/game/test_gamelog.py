"""The game log's writer: what its header holds, and that each line reaches the file at once."""

import json

import pytest

from mjsim.game import gamelog
from mjsim.game.moves import Move

PLAYERS = ["a", "b", "c", "d"]


def header_of(**options):
    lines = []

    class Stream:
        def write(self, text):
            lines.append(text)

        def flush(self):
            pass

    gamelog.GameLog(Stream(), seed=b"s", ruleset="green-book", players=PLAYERS, **options)
    return json.loads("".join(lines))


def test_a_log_of_the_sixteen_hand_table_names_no_table():
    # Logs of the MCR table stay as they were before Botzone's table existed.
    assert header_of() == {"format": gamelog.FORMAT, "seed": "s", "ruleset": "green-book",
                           "players": PLAYERS}
    assert header_of(table="mcr") == header_of()
    assert header_of(table="botzone")["table"] == "botzone"


def test_a_header_records_the_wall_it_was_given_and_leaves_out_what_is_none():
    header = header_of(walltiles=(1, 2), prevalent=0, hand_no=None, source={"id": "x"})
    assert {key: header[key] for key in ("walltiles", "prevalent", "source")} == \
        {"walltiles": [1, 2], "prevalent": 0, "source": {"id": "x"}}
    assert "hand_no" not in header


def lines_in(path):
    return path.read_text().splitlines()


@pytest.mark.parametrize("buffering", [-1, 1 << 16])
def test_each_line_is_in_the_file_before_it_is_closed(tmp_path, buffering):
    # "a crash loses nothing": the header, a move and a batch of moves are flushed as written
    path = tmp_path / "game.jsonl"
    with path.open("w", buffering=buffering) as stream:
        log = gamelog.GameLog(stream, seed=b"s", ruleset="green-book", players=PLAYERS)
        assert len(lines_in(path)) == 1
        log.move(0, Move("discard", tile=5))
        assert len(lines_in(path)) == 2
        log.moves([(1, Move("pass")), (2, Move("discard", tile=7))])
        assert len(lines_in(path)) == 4
    _, moves = gamelog.read(path.open())
    assert moves == [(0, Move("discard", tile=5)), (1, Move("pass")),
                     (2, Move("discard", tile=7))]
