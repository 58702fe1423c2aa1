"""Botzone programs as seats: the tiny bots of bots/ play whole games in each IO and mode, and
each bad bot's fault is a Foul naming it, with the request and the tail of its stderr."""

import os

import psutil
import pytest

from mjsim.game.rules import Rules
from mjsim.players import Rung
from mjsim.players.botzone.program import BotzoneProgram
from mjsim.players.protocol import Foul, Player
from tests.players.botzone.table import bot_command, play

MODES = [("json",), ("simple",), ("json", "keep-running"), ("simple", "keep-running")]


def tiny(*mode, **kw):
    return BotzoneProgram(bot_command("tinybot.py", *mode), io=mode[0], **kw)


def children():
    return psutil.Process(os.getpid()).children(recursive=True)


@pytest.mark.parametrize("mode", MODES, ids="-".join)
def test_a_tiny_bot_in_each_mode_plays_hands_against_rungs(mode):
    program = tiny(*mode)
    assert isinstance(program, Player) and program.name.startswith("botzone:")
    game = play(Rules(b"tiny-" + "-".join(mode).encode(), hand_no=1, last_hand=2),
                [Rung(2), program, Rung(3), Rung(2)])
    assert game.status == "finished" and sum(game.totals) == 0
    assert children() == []


@pytest.mark.slow
@pytest.mark.parametrize("mode", MODES, ids="-".join)
def test_tiny_bots_play_a_whole_game_of_sixteen_hands(mode):
    players = [tiny(*mode) if seat % 2 else Rung(2) for seat in range(4)]
    if "keep-running" in mode:
        players = [tiny(*mode) for _ in range(4)]
    game = play(Rules(b"sixteen-" + "-".join(mode).encode()), players)
    assert game.status == "finished" and len(game.history) == 16
    assert children() == []


@pytest.mark.parametrize("mode", MODES, ids="-".join)
def test_tiny_bots_play_games_on_botzones_table(mode):
    kept = "keep-running" in mode
    for number in range(3 if kept else 2):
        players = [tiny(*mode) if kept or seat == 1 else Rung(2) for seat in range(4)]
        seed = b"botzone-table-%d-" % number + "-".join(mode).encode()
        game = play(Rules(seed, "gb-mahjong", table="botzone"), players)
        assert game.status == "finished" and len(game.history) == 1
    assert children() == []


def test_four_kept_running_bots_claim_and_are_told_every_request():
    players = [tiny("json", "keep-running") for _ in range(4)]
    game = play(Rules(b"four-tiny", hand_no=1, last_hand=3), players)
    assert game.status == "finished"
    assert children() == []


@pytest.mark.parametrize(("way", "reason"), [("illegal", "illegal: "), ("malformed", "malformed: "),
                                             ("slow", "late: "), ("crash", "crashed: "),
                                             ("garbage", "garbage: "), ("silent", "exited: ")])
def test_each_bad_bot_fouls_for_its_reason_on_its_first_draw(way, reason, tmp_path):
    log = tmp_path / "stderr.txt"
    bad = BotzoneProgram(bot_command("badbot.py", way), time_limit=0.5, stderr_path=str(log))
    with pytest.raises(Foul) as caught:
        play(Rules(b"bad", hand_no=1, last_hand=1), [bad, Rung(2), Rung(2), Rung(2)])
    foul = caught.value
    assert foul.reason.startswith(reason), foul.reason
    assert "request: '2 " in foul.detail
    assert children() == []
    assert log.read_text().startswith("=== botzone:")
    if way == "crash":
        assert "thinking about" in foul.detail and "fell over" in foul.detail
        assert "the bot fell over" in log.read_text()


def test_a_kept_running_bot_must_pass_where_pass_is_the_only_answer():
    chatty = BotzoneProgram(bot_command("badbot.py", "chatty"))
    with pytest.raises(Foul, match="^malformed: 'PLAY W1' is not an answer here") as caught:
        play(Rules(b"chatty", hand_no=1, last_hand=1), [chatty, Rung(2), Rung(2), Rung(2)])
    assert "request: '3 0 PLAY" in caught.value.detail
    assert children() == []


def test_a_program_that_cannot_start_crashes_with_its_status():
    missing = BotzoneProgram(bot_command("no-such-bot.py"))
    with pytest.raises(Foul, match="^crashed: ") as caught:
        play(Rules(b"missing", hand_no=1, last_hand=1), [missing, Rung(2), Rung(2), Rung(2)])
    assert "No such file" in caught.value.detail
    with pytest.raises(Foul, match="^crashed: .*no-such-command"):
        play(Rules(b"missing", hand_no=1, last_hand=1),
             [BotzoneProgram("/no-such-command"), Rung(2), Rung(2), Rung(2)])


@pytest.mark.parametrize(("kw", "error"), [({"io": "xml"}, "'xml'"),
                                           ({"time_limit": 0}, "positive")])
def test_bad_settings_are_refused_by_name(kw, error):
    with pytest.raises(ValueError, match=error):
        BotzoneProgram("bot", **kw)
    with pytest.raises(ValueError, match="command"):
        BotzoneProgram("  ")


@pytest.mark.parametrize("io", ["json", "simple"])
def test_data_comes_back_each_turn_and_globaldata_from_game_to_game(io, tmp_path):
    log = tmp_path / "stderr.txt"
    echo = BotzoneProgram(bot_command("echo.py", io), io=io, stderr_path=str(log))
    play(Rules(b"echo", hand_no=1, last_hand=2), [echo, Rung(1), Rung(1), Rung(1)])
    text = log.read_text()
    first, second = text.split("=== ")[1:3]
    seen = [line for line in first.splitlines() if line.startswith("data=")]
    assert seen[:3] == ["data='' globaldata=''", "data='d' globaldata='g'",
                        "data='dd' globaldata='gg'"]
    # The next hand is a new game: its data starts afresh, its globaldata goes on.
    after = [line for line in second.splitlines() if line.startswith("data=")][0]
    assert after == f"data='' globaldata='{'g' * len(seen)}'"
