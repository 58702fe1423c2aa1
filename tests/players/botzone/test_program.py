"""Botzone programs as seats: the tiny bots of bots/ play whole games in each IO and mode, and
each bad bot's fault is a Foul naming it, with the request and the tail of its stderr."""

import json
import os
import shlex
import sys
import threading
import time
from pathlib import Path

import psutil
import pytest

from mjsim.players import Rung
from mjsim.players.botzone.program import BotzoneProgram
from mjsim.players.driver import TooManyFouls, play
from mjsim.players.protocol import FOUL_TEXT, Player
from tests.players.botzone.programs import bot_command

MODES = [("json",), ("simple",), ("json", "keep-running"), ("simple", "keep-running")]


def tiny(*mode, **kw):
    return BotzoneProgram(bot_command("tinybot.py", *mode), io=mode[0], **kw)


def _sleeping(pid):
    """Whether ``pid`` is still the spawner's child, asleep (not gone, not a zombie, not a pid
    handed out again; a process on its way out shows no command line)."""
    try:
        child = psutil.Process(pid)
        return (child.status() != psutil.STATUS_ZOMBIE
                and child.cmdline()[-1:] == ["import time; time.sleep(60)"])
    except psutil.Error:
        return False


def _pids():
    return {child.pid for child in psutil.Process(os.getpid()).children(recursive=True)}


@pytest.fixture
def children():
    """What processes a test leaves behind: none of the programs it ran (other tests' worker
    pools may be about)."""
    before = _pids()
    return lambda: sorted(_pids() - before)


@pytest.mark.parametrize("mode", MODES, ids="-".join)
def test_a_tiny_bot_in_each_mode_plays_hands_against_rungs(mode, children):
    program = tiny(*mode)
    assert isinstance(program, Player) and program.name.startswith("botzone:")
    game = play(b"tiny-" + "-".join(mode).encode(), [Rung(2), program, Rung(3), Rung(2)],
                hand_no=1, last_hand=2)
    assert game.status == "finished" and sum(game.totals) == 0
    assert [row["result"] for row in game.history if row["result"] == "foul"] == []
    assert children() == []


@pytest.mark.slow
@pytest.mark.parametrize("mode", MODES, ids="-".join)
def test_tiny_bots_play_a_whole_game_of_sixteen_hands(mode, children):
    players = [tiny(*mode) if seat % 2 else Rung(2) for seat in range(4)]
    if "keep-running" in mode:
        players = [tiny(*mode) for _ in range(4)]
    game = play(b"sixteen-" + "-".join(mode).encode(), players)
    assert game.status == "finished" and len(game.history) == 16
    assert [row["result"] for row in game.history if row["result"] == "foul"] == []
    assert children() == []


@pytest.mark.parametrize("mode", MODES, ids="-".join)
def test_tiny_bots_play_games_on_botzones_table(mode, children):
    kept = "keep-running" in mode
    for number in range(3 if kept else 2):
        players = [tiny(*mode) if kept or seat == 1 else Rung(2) for seat in range(4)]
        seed = b"botzone-table-%d-" % number + "-".join(mode).encode()
        game = play(seed, players, ruleset="gb-mahjong", table="botzone")
        assert game.status == "finished" and len(game.history) == 1
        assert game.history[0]["result"] != "foul"
    assert children() == []


def test_four_kept_running_bots_claim_and_are_told_every_request(children):
    players = [tiny("json", "keep-running") for _ in range(4)]
    game = play(b"four-tiny", players, hand_no=1, last_hand=3)
    assert game.status == "finished"
    assert [row["result"] for row in game.history if row["result"] == "foul"] == []
    assert children() == []


@pytest.mark.parametrize(("way", "reason"), [("illegal", "illegal: "), ("malformed", "malformed: "),
                                             ("slow", "late: "), ("crash", "crashed: "),
                                             ("garbage", "garbage: "), ("nested", "garbage: "),
                                             ("silent", "exited: ")])
def test_each_bad_bot_fouls_for_its_reason_on_its_first_draw(way, reason, tmp_path, children):
    log = tmp_path / "stderr.txt"
    bad = BotzoneProgram(bot_command("badbot.py", way), time_limit=0.5, stderr_path=str(log))
    game = play(b"bad", [bad, Rung(2), Rung(2), Rung(2)], hand_no=1, last_hand=2)
    fouls = [row["foul"] for row in game.history]
    assert [foul["seat"] for foul in fouls] == [0, 0]  # each hand, on its first draw
    assert all(foul["reason"].startswith(reason) for foul in fouls), fouls
    assert children() == []
    assert log.read_text().startswith("=== botzone:")
    if way == "crash":
        assert "the bot fell over" in log.read_text()
    if way == "slow":  # its whole process group was killed: the child it started too
        child = int(log.read_text().split("child ")[1].split()[0])
        assert not _alive(child)


def test_a_flood_of_output_is_kept_and_shown_by_its_start(children):
    flood = BotzoneProgram(bot_command("badbot.py", "flood"), time_limit=2)
    with pytest.raises(TooManyFouls) as stopped:
        play(b"flood", [flood, Rung(2), Rung(2), Rung(2)], hand_no=1, last_hand=3, max_fouls=2)
    message = str(stopped.value)
    assert len(message) < 20 * FOUL_TEXT and "... (1,000,000 characters)" in message
    assert children() == []


def _alive(pid):
    """Whether ``pid`` still runs, given a moment for init to reap it once killed."""
    for _ in range(50):
        try:
            if psutil.Process(pid).status() == psutil.STATUS_ZOMBIE:
                time.sleep(0.02)
                continue
        except psutil.NoSuchProcess:
            return False
        return True
    return True


@pytest.mark.parametrize("way", ["crash", "illegal"])
def test_a_foul_tells_the_request_the_answer_and_the_tail_of_stderr(way):
    bad = BotzoneProgram(bot_command("badbot.py", way))
    with pytest.raises(TooManyFouls) as caught:
        play(b"bad", [bad, Rung(2), Rung(2), Rung(2)], hand_no=1, last_hand=1, max_fouls=1)
    message = str(caught.value)
    assert "request: '2 " in message and "stderr, last 20 lines" in message
    if way == "crash":
        assert "thinking about" in message and "fell over" in message
    else:
        assert "answer 'GANG " in message


def test_a_kept_running_bot_must_pass_where_pass_is_the_only_answer(children):
    chatty = BotzoneProgram(bot_command("badbot.py", "chatty"))
    with pytest.raises(TooManyFouls, match="malformed: 'PLAY W1' is not an answer") as caught:
        play(b"chatty", [chatty, Rung(2), Rung(2), Rung(2)], hand_no=1, last_hand=2,
             max_fouls=1)
    assert "request: '3 0 PLAY" in str(caught.value)
    assert children() == []


def test_a_program_that_cannot_start_crashes_with_its_status():
    missing = BotzoneProgram(bot_command("no-such-bot.py"))
    with pytest.raises(TooManyFouls, match="crashed: ") as caught:
        play(b"missing", [missing, Rung(2), Rung(2), Rung(2)], hand_no=1, last_hand=1,
             max_fouls=1)
    assert "No such file" in str(caught.value)
    with pytest.raises(TooManyFouls, match="crashed: .*no-such-command"):
        play(b"missing", [BotzoneProgram("/no-such-command"), Rung(2), Rung(2), Rung(2)],
             hand_no=1, last_hand=1, max_fouls=1)


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
    play(b"echo", [echo, Rung(1), Rung(1), Rung(1)], hand_no=1, last_hand=2)
    text = log.read_text()
    first, second = text.split("=== ")[1:3]
    seen = [line for line in first.splitlines() if line.startswith("data=")]
    assert seen[:3] == ["data='' globaldata=''", "data='d' globaldata='g'",
                        "data='dd' globaldata='gg'"]
    # The next hand is a new game: its data starts afresh, its globaldata goes on.
    after = next(line for line in second.splitlines() if line.startswith("data="))
    assert after == f"data='' globaldata='{'g' * len(seen)}'"


@pytest.mark.parametrize(("way", "options", "reason"), [
    ("hungry", {}, "limit: exceeded its memory limit (256 MiB)"),
    ("hungry", {"memory_limit": "2048"}, None),  # a gigabyte fits in two
    # Seen: 'crashed: ... status 127', the loader's "failed to map segment" on stderr
    ("hungry", {"memory_limit": 1}, "limit: exceeded its memory limit (1 MiB) before it started"),
    ("spin", {"cpu_limit": 1, "time_limit": 30}, "limit: exceeded its CPU limit (1 s)")])
def test_a_program_over_its_limits_fouls_with_that_reason(way, options, reason, children):
    bad = BotzoneProgram(bot_command("badbot.py", way), **options)
    game = play(b"bad", [bad, Rung(2), Rung(2), Rung(2)], hand_no=1, last_hand=1)
    foul = game.history[0]["foul"]
    if reason is None:  # it kept within its limit: it answered, with garbage (a number)
        assert foul["reason"].startswith("garbage: ")
    else:
        assert foul["reason"] == reason
    assert children() == []


NOSY = """\
import json, os, sys
sys.stdin.readline()
print(json.dumps({"cwd": os.getcwd(), "env": dict(os.environ)}), file=sys.stderr)
open("mine.txt", "w").write("a file of its own")
sys.exit(1)
"""


def _nosy_env(tmp_path, **options):
    log = tmp_path / "stderr.txt"
    nosy = BotzoneProgram(shlex.join([sys.executable, "-c", NOSY]), stderr_path=str(log),
                          **options)
    play(b"nosy", [nosy, Rung(2), Rung(2), Rung(2)], hand_no=1, last_hand=1)
    return json.loads([line for line in log.read_text().splitlines()
                       if line.startswith('{"cwd"')][-1])


def test_a_program_runs_in_a_clean_environment_in_a_folder_of_its_own(tmp_path, monkeypatch):
    monkeypatch.setenv("MJSIM_SECRET", "hidden")
    seen = _nosy_env(tmp_path)
    folder = Path(seen["cwd"])
    assert folder.name.startswith("mjsim-program-") and not folder.exists()  # removed at close
    assert set(seen["env"]) <= {"PATH", "LANG", "HOME", "TMPDIR", "LC_CTYPE"}
    assert seen["env"]["HOME"] == seen["env"]["TMPDIR"] == seen["cwd"]
    assert seen["env"]["LANG"] == "C.UTF-8"
    passed = _nosy_env(tmp_path, env="MJSIM_SECRET", workdir=tmp_path / "seat")
    assert passed["env"]["MJSIM_SECRET"] == "hidden"
    assert passed["cwd"] == str((tmp_path / "seat").resolve())
    assert (tmp_path / "seat" / "mine.txt").exists()  # a folder given is kept


@pytest.mark.parametrize("io", ["json", "simple"])
def test_a_once_a_turn_program_reads_its_input_to_the_end(io, children):
    reader = BotzoneProgram(bot_command("tinybot.py", io, "to-eof"), io=io, time_limit=5)
    game = play(b"to-eof", [reader, Rung(2), Rung(2), Rung(2)], hand_no=1, last_hand=1)
    assert game.history[0]["result"] != "foul"
    assert children() == []


@pytest.mark.parametrize(("kw", "error"), [
    ({"memory_limit": "lots"}, "memory limit"), ({"cpu_limit": -1}, "CPU limit"),
    # Was: accepted, and every start then failed in preexec_fn, a foul each game.
    ({"memory_limit": "99999999999999999999"},
     "memory limit is a positive number of MiB up to 1,048,576, not '99999999999999999999'"),
    ({"cpu_limit": "1e30"}, "CPU limit is a number of seconds from 1 up to 31,536,000"),
    ({"time_limit": "inf"}, "time limit is a positive number of seconds up to")])
def test_bad_limits_are_refused_by_name(kw, error):
    with pytest.raises(ValueError, match=error):
        BotzoneProgram("bot", **kw)


@pytest.mark.parametrize(("env", "bad"), [
    ("5", "5"), ("PYTHONPATH,A=B", "A=B"), (" HOME , 2x", "2x"), ("PÄTH", "PÄTH")])
def test_an_env_word_that_names_no_variable_is_refused(env, bad):
    # It was taken, and the program was given nothing for it, saying nothing.
    with pytest.raises(ValueError) as refused:
        BotzoneProgram("bot", env=env)
    assert str(refused.value) == ("env names environment variables (letters, digits and _, not "
                                  f"first a digit), not {bad!r}")
    assert BotzoneProgram("bot", env="PYTHONPATH, _X1").name == "botzone:bot"


@pytest.mark.parametrize(("way", "reason"), [
    # Seen: a blocking write waited for ever on a program that stopped reading its input.
    ("deaf", "late: the program did not read its input within 0.5 s"),
    # Seen: 'crashed: the program stopped with status None before answering'.
    ("closeout", "late: the program closed its output but did not end within 1 s"),
    # Seen: held in memory whole (a 400 MiB line took 2.5 GB), then 'late'.
    ("long", "too long: a line of its output passed 4,194,304 bytes")])
def test_a_program_that_stops_reading_closes_its_output_or_prints_a_huge_line_fouls_so(
        way, reason, monkeypatch, children):
    thread_errors = []  # seen: 'Exception in thread ... I/O operation on closed file'
    monkeypatch.setattr(threading, "excepthook", thread_errors.append)
    bad = BotzoneProgram(bot_command("badbot.py", way), time_limit=0.5)
    games = []
    game = threading.Thread(target=lambda: games.append(
        play(b"bad", [bad, Rung(2), Rung(2), Rung(2)], hand_no=1, last_hand=1)), daemon=True)
    game.start()
    game.join(timeout=30)
    assert games, "the game hung"
    assert games[0].history[0]["foul"]["reason"] == reason
    assert thread_errors == [] and children() == []


@pytest.mark.parametrize("way", ["lines", "babble"])
def test_a_program_that_prints_lines_without_end_fouls_at_the_limit_not_the_deadline(way,
                                                                                    children):
    # Seen: short lines printed after an answer held 670 MB of mjsim's memory by the deadline,
    # then fouled 'late'; a long-running program printing between requests, when nothing reads
    # its output, had no deadline at all.
    bad = BotzoneProgram(bot_command("badbot.py", way), time_limit=30)
    started = time.monotonic()
    game = play(b"bad", [bad, Rung(2), Rung(2), Rung(2)], hand_no=1, last_hand=1)
    assert game.history[0]["foul"]["reason"] == ("too long: its output to one request passed "
                                                 "1,000 lines or 16,777,216 bytes")
    assert time.monotonic() - started < 20 and children() == []


def test_what_a_program_leaves_running_does_not_hold_up_its_answers(children):
    # Seen: a setsid child holding the program's output made every turn wait to the deadline,
    # a foul that read 'late'.
    forker = BotzoneProgram(bot_command("badbot.py", "forker"), time_limit=1)
    started = time.monotonic()
    game = play(b"forker", [forker, Rung(2), Rung(2), Rung(2)], hand_no=1, last_hand=1)
    assert "foul" not in game.history[0] and time.monotonic() - started < 20


def test_what_a_program_leaves_running_in_its_group_ends_with_it(tmp_path):
    # Seen: each once-a-turn run's child outlived the run (3 of them after a 2-wall table),
    # since a program that had ended was reaped but its process group was not killed.
    spawner = BotzoneProgram(bot_command("badbot.py", "spawner"), time_limit=2,
                             workdir=tmp_path)
    game = play(b"spawner", [spawner, Rung(2), Rung(2), Rung(2)], hand_no=1, last_hand=1)
    spawner.close()
    assert "foul" not in game.history[0]
    pids = [int(line) for line in (tmp_path / "children").read_text().split()]
    assert pids
    deadline = time.monotonic() + 5  # a killed child may take a moment to go
    while any(map(_sleeping, pids)) and time.monotonic() < deadline:
        time.sleep(0.1)
    assert not any(map(_sleeping, pids))


def test_a_programs_stderr_log_is_cut_at_its_cap(tmp_path):
    # Seen: 329 MB of stderr logged for 8 one-hand games.
    log = tmp_path / "stderr.log"
    loud = BotzoneProgram(bot_command("badbot.py", "loud"), time_limit=2, stderr_path=log)
    game = play(b"loud", [loud, Rung(2), Rung(2), Rung(2)], hand_no=1, last_hand=1)
    loud.close()
    assert "foul" not in game.history[0]
    text = log.read_text()
    assert 2 ** 20 < len(text) < 2 ** 20 + 200  # the cap, 1 MiB, and the line saying so
    assert text.endswith("=== stderr cut at 1,048,576 bytes: the rest is not kept ===\n")


def test_a_program_exiting_127_without_the_loaders_words_crashes_and_is_no_limit():
    # 127 with "failed to map segment" is a memory limit that left no room to load it; with
    # anything else it is the program's own failure.
    gone = BotzoneProgram("sh -c 'echo not found >&2; exit 127'")
    with pytest.raises(TooManyFouls, match=r"the last: crashed: the program stopped with status "
                                           r"127 before answering"):
        play(b"missing", [gone, Rung(2), Rung(2), Rung(2)], hand_no=1, last_hand=1,
             max_fouls=1)
