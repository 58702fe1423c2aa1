"""The keyboard game through a pseudo-terminal, and the replay of its log."""

import json
import re
import sys

import pexpect
import pytest

from mjsim.game import gamelog
from mjsim.game.moves import Move
from mjsim.ui.terminal import EntryError, read_entry

LEGAL = re.compile(r"legal: (.*)\r?\n")


def spawn(tmp_path, *args):
    log = tmp_path / "game.jsonl"
    child = pexpect.spawn(sys.executable, ["-m", "mjsim.ui.cli", "play", "--log", str(log), *args],
                          env={"TERM": "dumb", "PATH": "/usr/bin:/bin"}, encoding="utf-8",
                          timeout=60, cwd=str(tmp_path))
    return child, log


def choose(legal_line: str) -> str:
    """A simple player: win when it may, pass a claim, else discard the first legal tile."""
    moves = [m.strip() for m in legal_line.split(",")]
    for wanted in ("win", "pass"):
        if wanted in moves:
            return wanted
    return moves[0]


def test_a_whole_hand_at_the_keyboard_then_quit_and_replay(tmp_path):
    child, log = spawn(tmp_path, "--seed", "keys", "--level", "2")
    child.expect("Type help")
    hands_done = 0
    while hands_done < 1:
        index = child.expect([r"legal: (.*)\r\n> ", r"totals: you"])
        if index == 1:
            hands_done += 1
            break
        child.sendline(choose(child.match.group(1)))
    child.expect("> ")
    child.sendline("quit")
    child.expect("game ended by the player")
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 0
    header, moves = gamelog.read(log.open())
    assert header["players"][0] == "you" and moves
    events = [e for _, _, batch, _ in gamelog.replay(header, moves) for e in batch]
    assert any(e["kind"] == "settle" for e in events)  # the hand ran to its end


def test_bad_entries_reprompt_and_help_hint_work(tmp_path):
    child, _ = spawn(tmp_path, "--seed", "reprompt")
    child.expect(r"legal: .*\r\n> ")
    child.sendline("d 789x")
    child.expect(r"\? .*unknown")
    child.expect("> ")
    child.sendline("pung")
    child.expect(r"\? no pung is possible now")
    child.expect("> ")
    child.sendline("help")
    child.expect("Moves \\(type the short form\\)")
    child.expect("> ")
    child.sendline("hint")
    child.expect("rung 3 would play: ")
    child.expect("> ")
    child.sendeof()
    child.expect("game ended by the player")
    child.expect(pexpect.EOF)


def test_replay_command_shows_each_move(tmp_path):
    child, log = spawn(tmp_path, "--seed", "replay")
    for _ in range(3):
        child.expect(r"legal: (.*)\r\n> ")
        child.sendline(choose(child.match.group(1)))
    child.expect("> ")
    child.sendline("quit")
    child.expect(pexpect.EOF)
    out = pexpect.run(f"{sys.executable} -m mjsim.ui.cli replay {log}", encoding="utf-8")
    assert "--- hand 1, dealer seat 0" in out and "discard tile=" in out
    bad = tmp_path / "bad.jsonl"
    bad.write_text('{"format": "nope"}\n')
    out, status = pexpect.run(f"{sys.executable} -m mjsim.ui.cli replay {bad}", encoding="utf-8",
                              withexitstatus=True)
    assert status == 2 and "not an mjsim game log" in out and "Traceback" not in out


def test_entries():
    legal = [Move("discard", tile=4), Move("discard", tile=27), Move("pass"),
             Move("chow", tiles=(2, 3, 4)), Move("chow", tiles=(3, 4, 5))]
    assert read_entry("E", legal) == Move("discard", tile=27)
    assert read_entry("d 5m", legal) == Move("discard", tile=4)
    assert read_entry(" p ", legal) == Move("pass")
    assert read_entry("chow 345m", legal) == Move("chow", tiles=(2, 3, 4))
    for text, reason in [("chow", "which chow?"), ("", "type a move"), ("win", "no win"),
                         ("d 9s", "cannot discard 9s"), ("chow 456p", "cannot chow")]:
        with pytest.raises(EntryError, match=reason):
            read_entry(text, legal)


def test_the_log_is_json_lines(tmp_path):
    child, log = spawn(tmp_path, "--seed", "lines")
    child.expect(r"legal: (.*)\r\n> ")
    child.sendline(choose(child.match.group(1)))
    child.expect("> ")
    child.sendline("quit")
    child.expect(pexpect.EOF)
    lines = log.read_text().splitlines()
    assert json.loads(lines[0])["format"] == gamelog.FORMAT
    assert all("seat" in json.loads(line) for line in lines[1:])
