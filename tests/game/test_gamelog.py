"""The game log's writer: what its header holds, and that each line reaches the file at once."""

import io
import json
import re

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


def read_text(text):
    return gamelog.read_partial(io.StringIO(text))


HEADER = {"format": gamelog.FORMAT, "seed": "s", "ruleset": "green-book", "players": PLAYERS}


@pytest.mark.parametrize("text", ["", "\n \n", "[1, 2]", '{"format": "other"}', "{cut"])
def test_a_file_that_starts_with_no_mjsim_header_is_no_log(text):
    with pytest.raises(ValueError, match=r"^not an mjsim game log \(its first line names no "):
        read_text(text)


def test_a_header_with_bytes_that_are_not_utf8_is_no_log(tmp_path):
    path = tmp_path / "game.jsonl"
    path.write_bytes(json.dumps(HEADER).replace('"s"', '"s\\u00e9"').encode()
                     .replace(b"\\u00e9", b"\xff") + b"\n")
    with pytest.raises(ValueError, match="^not an mjsim game log"):
        gamelog.read_partial(gamelog.open_log(path))


@pytest.mark.parametrize("change", [{"seed": 5}, {"ruleset": None}, {"players": PLAYERS[:3]},
                                    {"players": "abcd"}, {"seed": None, "players": None}])
def test_a_header_without_a_seed_a_ruleset_and_four_players_is_damaged(change):
    with pytest.raises(ValueError, match="^a damaged game log: its first line needs a seed, a "
                                         "ruleset and four players$"):
        read_text(json.dumps(HEADER | change))


@pytest.mark.parametrize("hand_no", [0, 17, True, "3", 2.0])
def test_a_hand_number_off_the_game_is_damaged(hand_no):
    with pytest.raises(ValueError, match=f"^a damaged game log: its hand_no is 1-16, not "
                                         f"{re.escape(repr(hand_no))}$"):
        read_text(json.dumps(HEADER | {"hand_no": hand_no}))


@pytest.mark.parametrize("hand_no", [1, 16])
def test_the_first_and_the_last_hand_numbers_are_read(hand_no):
    assert read_text(json.dumps(HEADER | {"hand_no": hand_no})).header["hand_no"] == hand_no


@pytest.mark.parametrize(("line", "stopped"), [
    ('{"seat": 7, "move": {"kind": "pass"}}', "line 3 is damaged: seat 7 is not 0-3"),
    ('{"seat": 1, "move": {"kind": "pass"', "line 3 is cut short or damaged"),
    ('{"seat": 1}', "line 3 is cut short or damaged"),
])
def test_a_log_is_read_up_to_its_first_damaged_line(line, stopped):
    read = read_text("\n".join([json.dumps(HEADER), '{"seat": 0, "move": {"kind": "pass"}}',
                                line, '{"seat": 2, "move": {"kind": "pass"}}']))
    assert (read.moves, read.stopped) == ([(0, Move("pass"))], stopped)


@pytest.mark.parametrize(("seat", "shown"), [(4, "4"), (-1, "-1"), (True, "True"), ("1", "'1'"),
                                             (1.0, "1.0")])
def test_a_logged_seat_off_the_table_is_damage(seat, shown):
    line = json.dumps({"seat": seat, "move": {"kind": "pass"}})
    read = read_text(json.dumps(HEADER) + "\n" + line)
    assert (read.moves, read.stopped) == ([], f"line 2 is damaged: seat {shown} is not 0-3")


def test_a_logged_chow_not_of_three_is_damage():
    chow = {"seat": 1, "move": {"kind": "chow", "tile": 2, "tiles": [1, 2]}}
    read = read_text(json.dumps(HEADER) + "\n" + json.dumps(chow))
    assert (read.moves, read.stopped) == ([], "line 2 is damaged: a chow of 2 tiles")


def test_a_replay_yields_the_deal_then_each_move_and_names_the_move_refused():
    header = HEADER | {"seed": "replayed"}
    steps = gamelog.replay(header, [(0, Move("discard", tile=99)), (2, Move("pass"))])
    seat, move, events, _ = next(steps)
    assert (seat, move) == (None, None) and events[0]["kind"] == "deal"
    with pytest.raises(ValueError, match=r"^move 1 \(Move\('discard', tile=99\) by seat 0\) is "
                                         r"refused: "):
        next(steps)


# ------------------------------------------------------------------------------------ fouls

def played_then_fouled():
    """A game whose seat 1 fouls in hand 1, its moves and the foul logged as they happen, and
    a move of hand 2 after: (the log's text, the game)."""
    from mjsim.game.rules import Rules

    buffer = io.StringIO()
    log = gamelog.GameLog(buffer, seed=b"fouled", ruleset="green-book", players=PLAYERS)
    game = Rules(b"fouled", "green-book")
    game.take_outcomes()
    for _ in range(2):  # two discards, each window passed, then the foul
        seat = game.turn
        move = Move("discard", tile=game.hand_of(seat).tiles()[0])
        assert game.apply(seat, move) is True
        log.move(seat, move)
        while game.phase == "claim":
            waiting = game.waiting_on()[0]
            assert game.apply(waiting, Move("pass")) is True
            log.move(waiting, Move("pass"))
    assert game.foul(1, "WA", "PLAY W9", penalty=7) is True
    log.foul(1, "WA", "PLAY W9", penalty=7)
    seat = game.turn  # hand 2 is dealt: its first move follows the foul
    move = Move("discard", tile=game.hand_of(seat).tiles()[0])
    assert game.hand_no == 2 and game.apply(seat, move) is True
    log.move(seat, move)
    return buffer.getvalue(), game


def test_a_foul_is_logged_where_it_fell_and_replays_to_the_same_hand():
    # Was: a log could hold no foul, so a log of this game went on with hand 2's moves as if
    # they were hand 1's, and its replay was refused at the first of them ("not-your-turn").
    text, game = played_then_fouled()
    assert json.loads(text.splitlines()[-2]) == {
        "seat": 1, "foul": {"reason": "WA", "answer": "PLAY W9", "penalty": 7}}
    header, moves = gamelog.read(io.StringIO(text))
    assert moves[-2] == (1, gamelog.LoggedFoul("WA", "PLAY W9", 7))
    *_, (seat, entry, _, rules) = gamelog.replay(header, moves)
    assert (seat, entry) == moves[-1] and rules.hand_no == 2
    assert rules.history == game.history and rules.totals == game.totals
    assert rules.history[0]["foul"] == {"seat": 1, "reason": "WA", "answer": "PLAY W9"}
    assert rules.totals == [7, -21, 7, 7]


def test_a_replay_yields_the_foul_with_its_events():
    text, _ = played_then_fouled()
    header, moves = gamelog.read(io.StringIO(text))
    steps = list(gamelog.replay(header, moves))
    seat, entry, events, _ = steps[-2]
    assert (seat, entry) == (1, gamelog.LoggedFoul("WA", "PLAY W9", 7))
    assert events[0] == {"actor": 1, "kind": "foul", "reason": "WA", "answer": "PLAY W9"}


def test_a_foul_without_an_answer_or_a_penalty_takes_none_and_the_rules_penalty():
    buffer = io.StringIO()
    gamelog.GameLog(buffer, seed=b"s", ruleset="green-book", players=PLAYERS).foul(2, "TLE")
    line = buffer.getvalue().splitlines()[-1]
    assert json.loads(line)["foul"] == {"reason": "TLE", "answer": None, "penalty": 10}
    bare = json.dumps({"seat": 2, "foul": {"reason": "TLE"}})  # answer and penalty left out
    assert read_text(json.dumps(HEADER) + "\n" + bare).moves == [
        (2, gamelog.LoggedFoul("TLE", None, 10))]


@pytest.mark.parametrize(("options", "error", "message"), [
    ({"reason": 3}, TypeError, "a foul's reason is a str (such as 'WA'), not 3"),
    ({"reason": "WA", "answer": 5}, TypeError, "a foul's answer is a str or None, not 5"),
    ({"reason": "WA", "penalty": -1}, ValueError,
     "a foul's penalty is a whole number at least 0, not -1"),
    ({"reason": "WA", "penalty": True}, TypeError,
     "a foul's penalty is a whole number, not a bool (True)"),
    ({"reason": "WA", "penalty": 2.0}, TypeError, "a foul's penalty is a whole number, not 2.0"),
])
def test_a_foul_no_replay_could_play_is_refused_and_nothing_is_written(options, error, message):
    buffer = io.StringIO()
    log = gamelog.GameLog(buffer, seed=b"s", ruleset="green-book", players=PLAYERS)
    before = buffer.getvalue()
    with pytest.raises(error) as caught:
        log.foul(0, **options)
    assert str(caught.value) == message and buffer.getvalue() == before


@pytest.mark.parametrize(("foul", "stopped"), [
    ({}, "line 2 is damaged: a foul's form names its reason: {}"),
    ({"reason": "WA", "penalty": -3},
     "line 2 is damaged: a foul's penalty is a whole number at least 0, not -3"),
    ({"reason": 7}, "line 2 is cut short or damaged"),
    ("WA", "line 2 is cut short or damaged"),
])
def test_a_logged_foul_no_replay_could_play_is_damage(foul, stopped):
    line = json.dumps({"seat": 1, "foul": foul})
    read = read_text(json.dumps(HEADER) + "\n" + line + '\n{"seat": 2, "move": {"kind": "pass"}}')
    assert (read.moves, read.stopped) == ([], stopped)


def test_a_foul_the_game_refuses_stops_the_replay_by_name():
    # Sixteen fouls end the sixteen hands; a seventeenth has no hand to end.
    header = HEADER | {"seed": "replayed"}
    foul = gamelog.LoggedFoul("WA")
    steps = gamelog.replay(header, [(1, foul)] * 17)
    for _ in range(17):  # the deal, then the sixteen hands
        *_, rules = next(steps)
    assert [row["result"] for row in rules.history] == ["foul"] * 16
    with pytest.raises(ValueError, match=r"^move 17 \(LoggedFoul\(reason='WA', answer=None, "
                                         r"penalty=10\) by seat 1\) is refused: "):
        next(steps)


def test_a_foul_whose_answer_is_no_unicode_text_is_read_back_as_it_was_written():
    # A player's Foul may carry any str; json writes a lone surrogate as an escape that orjson
    # refuses, and the log was read as "cut short or damaged" at the foul.
    buffer = io.StringIO()
    gamelog.GameLog(buffer, seed=b"s", ruleset="green-book", players=PLAYERS).foul(
        1, "WA", "PLAY \udcff")
    assert read_text(buffer.getvalue()) == (
        HEADER, [(1, gamelog.LoggedFoul("WA", "PLAY \udcff"))], None)


def test_a_log_of_another_version_of_mjsim_is_named_as_one():
    # Was: "not an mjsim game log (its first line names no mjsim format)" of a newer mjsim's log.
    with pytest.raises(ValueError) as caught:
        read_text(json.dumps(HEADER | {"format": "mjsim-game-log-9"}) + "\n")
    assert str(caught.value) == ("a game log of another version of mjsim (mjsim-game-log-9): "
                                 "this one reads mjsim-game-log-1")
    with pytest.raises(ValueError, match=r"^not an mjsim game log \(its first line"):
        read_text(json.dumps(HEADER | {"format": "mjsim-game-logs"}) + "\n")


def test_a_file_longer_than_any_log_is_refused_unread(monkeypatch):
    # Was: read whole into memory (a disk image given as a log, many GB without a newline).
    monkeypatch.setattr(gamelog, "MOST_CHARS", 200)
    text = json.dumps(HEADER) + "\n"
    assert read_text(text + " " * (200 - len(text))).moves == []
    with pytest.raises(ValueError) as caught:
        read_text(text + " " * (201 - len(text)))
    assert str(caught.value).startswith("not an mjsim game log: longer than any (")
