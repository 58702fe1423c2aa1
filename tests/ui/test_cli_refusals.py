"""Every rough edge of the command line ends in one line: a bad path or a conflicting flag with
status 2, Ctrl-C by SIGINT (130 to a shell; for a run, how to resume it), and no log is
overwritten unasked."""

import errno
import io
import json
import os
import signal
import subprocess
import sys
import time
from importlib.metadata import version
from pathlib import Path

import pexpect
import pytest

from mjsim.tournament.store import RunFolder
from mjsim.ui.cli import main
from tests.ui.conftest import ENV, close_when_done, mjsim


def one_line(err):
    return len(err.strip().splitlines()) == 1 and "Traceback" not in err


@pytest.mark.parametrize(("argv", "said"), [
    # Were "mjsim: unrecognized arguments: --bogus (see mjsim --help)": the command's own
    # arguments named as mjsim's, where its other refusals are "mjsim table: ..."
    (["table", "1,1,1,1", "--bogus"],
     "mjsim table: unrecognized arguments: --bogus (see mjsim table --help)"),
    (["shanten", "123m", "--x", "1"],
     "mjsim shanten: unrecognized arguments: --x 1 (see mjsim shanten --help)"),
    (["--bogus", "table", "1,1,1,1"],  # before the command: mjsim's own
     "mjsim: unrecognized arguments: --bogus (see mjsim --help)"),
    (["table", "--bogus"],  # the lineup missing is said first, as argparse checks it first
     "mjsim table: the following arguments are required: lineup (see mjsim table --help)"),
    (["bogus"], "mjsim: argument COMMAND: invalid choice: 'bogus' (choose from "),
    # Were "mjsim: '-x' is not an option: ... (see mjsim --help)": a one-dash word after the
    # command named as mjsim's own
    (["score", "-x"], ("mjsim score: '-x' is not an option: mjsim's options are --words, and "
                       "a value that starts with - follows -- (see mjsim score --help)")),
    (["shanten", "-1m"], ("mjsim shanten: '-1m' is not an option: write tiles without a dash, "
                          "as '1m' (see mjsim shanten --help)")),
    (["-x", "score"], "mjsim: '-x' is not an option"),
])
def test_an_unknown_argument_is_named_by_the_command_it_was_given_to(capsys, argv, said):
    with pytest.raises(SystemExit) as done:
        main(argv)
    err = capsys.readouterr().err
    assert done.value.code == 2 and one_line(err) and err.startswith(said)


@pytest.mark.parametrize(("argv", "message"), [
    (["table", "3,3,3,3", "--walls", "2", "--out", "/etc/passwd"], "is a file, not a folder"),
    # Was "is a file": a device is none.
    (["table", "3,3,3,3", "--walls", "2", "--out", "/dev/null"], "/dev/null is not a folder"),
    (["table", "3,3,3,3", "--walls", "2", "--out", "/proc/nope"], "cannot make the folder"),
    (["ladder", "--walls", "2", "--out", "/proc/nope/deeper"], "cannot make the folder"),
    (["table", "3,3,3,3", "--walls", "2", "--scheduler", "tcp://x:1"], "needs --backend dask"),
    (["resume", "/proc"], "is not a run folder"),
    (["play", "--log", "/nonexistent/dir/x.jsonl"], "cannot write /nonexistent/dir/x.jsonl"),
    (["play", "--log", "/proc/version"], "exists: pass --force"),
    (["play", "--log", "/proc/x.jsonl"], "cannot write /proc/x.jsonl"),
    (["play", "--log", "/tmp"], "/tmp is a folder, not a file"),  # not "exists: pass --force"
    (["replay", "/nonexistent.jsonl"], "cannot read /nonexistent.jsonl"),
    (["replay", "/etc/passwd"], "not an mjsim game log"),
    (["replay", "header.jsonl"], "needs a seed, a ruleset and four players"),
    (["review", "ruleset.jsonl"], "ruleset"),
    (["replay", "ruleset.jsonl"], "ruleset"),
    (["replay", "/tmp", "--game", "0"], "is not a run folder"),
    # Was the run's listing, status 0, and no page written
    (["replay", "run", "--html", "page.html"],
     "mjsim replay: run is a run folder: --html writes one game's page, so give --game ID"),
    (["review", "/nonexistent.jsonl", "--seat", "1"], "cannot read"),
    (["review", "/etc/hostname", "--seat", "4"], "invalid choice"),
    (["shanten", "-1m"], "write tiles without a dash, as '1m'"),
    (["score", "--", "-123m", "--win", "1m"], "required: --win"),  # after --, no option
    (["-x"], "'-x' is not an option"),  # was "the following arguments are required"
    (["table", "-1,1,1,1"], "'-1,1,1,1' is not an option"),
    (["shanten", "pung(EEE) pung(SSS) pung(WWW) pung(NNN) pung(RRR)"],
     "a hand has at most 4 melds, not 5"),  # was "holds -2 or -1 concealed tiles"
    (["score", "1" * 1000 + "m", "--win", "1m"], "1111... (1,001 characters)' at character 0"),
    (["shanten", "123456789m 1234p", "--seat", "X"], "a wind is one of E S W N, not 'X'"),
    (["shanten", "123456789m 1234p", "--prevalent", "EE"], "a wind is one of E S W N"),
    (["shanten", "123456789m 1234p", "--ruleset", "mcr"], "invalid choice"),
    (["price", "planning", "--delta", "-1"], "points a hand are a number from 0.01 to 100"),
    (["price", "planning", "--plan", "nan"], "not 'nan'"),
    (["price", "planning", "--sd", "inf", "--plan", "0.5"], "--sd: points a hand are a number"),
    (["price", "planning", "--plan", "1e300"], "not '1e300'"),
    (["price", "planning", "--plan", "1e-300"], "not '1e-300'"),
    (["price", "planning", "--delta", "nan", "--until-decided"], "not 'nan'"),
    # Were taken, and printed to two places: the plan was of 0.015 and said 'an effect of 0.01'
    (["price", "planning", "--plan", "0.015"], "0.01 to 100 in hundredths, not '0.015'"),
    (["price", "planning", "--delta", "0.125", "--until-decided"], "in hundredths, not '0.125'"),
    (["table", "3,3,3,3", "--walls", "99999999999999999999999"], "--walls is from 2"),
    # Was "invalid int value: '9999...'", all 5,000 digits: too long for Python's int()
    (["table", "3,3,3,3", "--walls", "9" * 5000],
     f"--walls: a whole number of at most 4,300 digits, not '{'9' * 40}... (5,000 characters)'"),
    (["replay", ""], "a path, not an empty string"),  # was read as the folder here
    # A log was read whole: /dev/zero until memory ran out (a MemoryError traceback),
    # /dev/urandom for ever. A log is read up to the longest a log may be (gamelog.MOST_CHARS).
    (["replay", "/dev/zero"], "mjsim replay: /dev/zero: not an mjsim game log: longer than any"),
    (["review", "/dev/zero"], "mjsim review: /dev/zero: not an mjsim game log: longer than any"),
    (["replay", "/dev/null"], "mjsim replay: /dev/null: not an mjsim game log (its first line"),
    (["review", "/dev/null"], "mjsim review: /dev/null: not an mjsim game log (its first line"),
    (["review", " "], "a path, not an empty string"),
    (["export", "", "--format", "contest-text"], "a path, not an empty string"),
    (["import", "", "--format", "contest-text"], "a path, not an empty string"),
    (["resume", ""], "a path, not an empty string"),
    # Each was silently ignored (standard output, a listing, a log of no run).
    (["export", "header.jsonl", "--format", "botzone-log", "--force"],
     "mjsim export: --force overwrites the --out file: give --out FILE, or leave --force out"),
    (["replay", "header.jsonl", "--force"],
     "mjsim replay: --force overwrites the --html file: give --html FILE, or leave --force out"),
    (["replay", "run", "--trust"], ("mjsim replay: --trust plays again a game of a run made "
                                   "elsewhere: give --game ID, or leave --trust out")),
    (["export", "header.jsonl", "--format", "botzone-log", "--trust"],
     ("mjsim export: --trust plays again the games of a run made elsewhere: give a run folder, "
      "or leave --trust out")),
    (["replay", "header.jsonl", "--html", "page.html", "--all"],
     ("mjsim replay: --all prints every move of a game at a terminal: leave it out with --html "
      "or a run's listing")),
    (["replay", "run", "--all"],
     ("mjsim replay: --all prints every move of a game at a terminal: leave it out with --html "
      "or a run's listing")),
])
def test_a_bad_path_or_flag_is_one_line_and_status_2(tmp_path, argv, message):
    (tmp_path / "header.jsonl").write_text('{"format": "mjsim-game-log-1", "seed": "x"}\n')
    (tmp_path / "run").mkdir()
    (tmp_path / "run" / "manifest.json").write_text('{"batches": [[["s-0", "1,1,1,1"]]]}')
    (tmp_path / "ruleset.jsonl").write_text('{"format": "mjsim-game-log-1", "seed": "x", '
                                            '"ruleset": "nope", "players": ["1", "1", "1", "1"]}\n')
    status, out, err = mjsim(*argv, cwd=tmp_path)
    assert status == 2 and out == "" and one_line(err)
    assert message in err
    assert not (tmp_path / "page.html").exists()


def test_a_log_is_not_overwritten_without_force(tmp_path):
    log = tmp_path / "mjsim-game-42.jsonl"
    log.write_text("a game worth keeping\n")
    status, _, err = mjsim("play", "--seed", "42", cwd=tmp_path, stdin="quit\n")
    assert status == 2 and "--force" in err and log.read_text() == "a game worth keeping\n"
    status, _, err = mjsim("play", "--seed", "42", "--force", cwd=tmp_path, stdin="quit\n")
    assert status == 0 and json.loads(log.read_text().splitlines()[0])["seed"] == "42"


def test_the_default_log_is_named_safely_whatever_the_seed(tmp_path):
    # --seed a/b wrote mjsim-game-a/b.jsonl (no such folder), a long seed a name too long.
    for seed, name in (("a/b", "mjsim-game-a_b.jsonl"),
                       ("s" * 300, "mjsim-game-sssssssssssssssssssssssssssssss-2955c732.jsonl")):
        status, _, err = mjsim("play", "--seed", seed, cwd=tmp_path, stdin="quit\n")
        assert status == 0, err
        assert json.loads((tmp_path / name).read_text().splitlines()[0])["seed"] == seed


def test_replay_html_is_not_overwritten_without_force(tmp_path, recorded):
    page = tmp_path / "page.html"
    page.write_text("keep")
    status, _, err = mjsim("replay", str(recorded), "--html", str(page), cwd=tmp_path)
    assert status == 2 and one_line(err) and page.read_text() == "keep"


def test_initial_implies_self_drawn(tmp_path):
    status, out, _ = mjsim("score", "123m 456m 789m 123p 55p", "--win", "5p", "--initial",
                           "--json", cwd=tmp_path)
    names = [fan["name"] for fan in json.loads(out)["fans"]]
    assert status == 0 and "Fully Concealed Hand" in names  # self-drawn and concealed


def test_version_is_the_installed_one(tmp_path):
    status, out, _ = mjsim("--version", cwd=tmp_path)
    assert status == 0 and out.strip() == f"mjsim {version('mjsim')}"


def test_json_says_what_the_text_says(tmp_path):
    argv = ("score", "123m 456m 789m 123p 55p F1", "--win", "5p", "--self", "--seat", "S")
    _, text, _ = mjsim(*argv, cwd=tmp_path)
    _, data, _ = mjsim(*argv, "--json", cwd=tmp_path)
    scored = json.loads(data)
    assert f"Total {scored['total']} (green-book), with flowers " \
           f"{scored['total_with_flowers']}" in text
    assert scored["total_with_flowers"] == sum(f["points"] * f["count"] for f in scored["fans"])
    assert all(f"{fan['number']:2d} {fan['name']}" in text for fan in scored["fans"])
    _, text, _ = mjsim("shanten", "123456789m 1234p E", cwd=tmp_path)
    _, data, _ = mjsim("shanten", "123456789m 1234p E", "--json", cwd=tmp_path)
    shanten = json.loads(data)
    assert f"shanten: {shanten['shanten']} " in text
    first = shanten["discards"][0]
    assert {d["tile"] for d in shanten["discards"]} == {"1m", "2m", "3m", "4m", "5m", "6m",
                                                        "7m", "8m", "9m", "1p", "2p", "3p",
                                                        "4p", "E"}
    assert f"{first['tile']:<3} {first['shanten']:>2}  {first['copies']:>3} copies" in text


def _hears_ctrl_c():
    """Let the child take Ctrl-C as a terminal's user gives it, even when the tests were started
    in the background (where a shell has the signal ignored, and a child inherits that)."""
    signal.signal(signal.SIGINT, signal.SIG_DFL)


def interrupt(child, ready):
    """Ctrl-C once ``ready()`` says the child is at work; what it printed after."""
    deadline = time.monotonic() + 60
    while not ready() and time.monotonic() < deadline:
        time.sleep(0.1)
    child.kill(signal.SIGINT)
    child.expect(pexpect.EOF)
    close_when_done(child)
    return child.before


def ended_by_ctrl_c(child):
    """The child ended as an interrupted program does: by SIGINT itself, not by a status."""
    return child.signalstatus == signal.SIGINT and child.exitstatus is None


def test_ctrl_c_in_a_run_says_how_to_resume_and_ends_by_sigint(tmp_path):
    run = tmp_path / "run"
    child = pexpect.spawn(sys.executable, ["-m", "mjsim.ui.cli", "table", "3,3,2,1", "--walls",
                                           "400", "--out", str(run)],
                          env=ENV, encoding="utf-8", timeout=120, cwd=str(tmp_path),
                          preexec_fn=_hears_ctrl_c)
    rest = interrupt(child, lambda: (run / "manifest.json").exists())  # games are being played
    assert ended_by_ctrl_c(child) and "Traceback" not in rest
    assert "interrupted; what was written stays: run the same command to resume" in rest


def test_ctrl_c_in_a_game_is_one_line_and_ends_by_sigint(tmp_path):
    child = pexpect.spawn(sys.executable, ["-m", "mjsim.ui.cli", "play", "--seed", "c"],
                          env=ENV, encoding="utf-8", timeout=60, cwd=str(tmp_path),
                          preexec_fn=_hears_ctrl_c)
    child.expect("> ")
    rest = interrupt(child, lambda: True)
    assert ended_by_ctrl_c(child) and "Traceback" not in rest
    assert rest.strip().splitlines()[-1] == (
        "mjsim play: interrupted; the game so far is in mjsim-game-c.jsonl "
        "(mjsim replay mjsim-game-c.jsonl)")


def test_ctrl_c_stops_a_shell_loop_of_commands(tmp_path):
    """The terminal's Ctrl-C reaches the shell and mjsim alike; the shell stops its loop only
    because mjsim ended by the signal (a plain status 130 would start the next game). The
    command is the installed ``mjsim``, the entry point a user types."""
    game = f"{Path(sys.executable).with_name('mjsim')} play --seed c"
    child = pexpect.spawn("bash", ["-c", f"for n in 1 2; do {game}; done; echo after $?"],
                          env=ENV, encoding="utf-8", timeout=60, cwd=str(tmp_path),
                          preexec_fn=_hears_ctrl_c)
    child.expect("> ")
    child.sendintr()  # as the terminal's Ctrl-C: SIGINT to the foreground process group
    child.expect(pexpect.EOF)
    close_when_done(child)
    assert child.before.count("mjsim play: interrupted") == 1 and "after" not in child.before
    assert ended_by_ctrl_c(child)


def test_a_closed_pipe_is_no_error(tmp_path, recorded):
    reader = subprocess.Popen([sys.executable, "-m", "mjsim.ui.cli", "replay", str(recorded)],
                              stdout=subprocess.PIPE, stderr=subprocess.PIPE, env=ENV,
                              cwd=tmp_path)
    first = reader.stdout.readline()
    reader.stdout.close()  # as head does after its lines
    status = reader.wait(timeout=60)
    assert first.startswith(b"seed r3") and status == 0
    assert reader.stderr.read() == b""


@pytest.mark.parametrize("argv", [["score", "123m456m789m123p55p", "--win", "5p"],
                                  ["shanten", "123m456m789m123p5p"]])
def test_a_full_stdout_is_one_line_and_status_1(tmp_path, argv):
    with open("/dev/full", "w") as full:
        done = subprocess.run([sys.executable, "-m", "mjsim.ui.cli", *argv], stdout=full,
                              stderr=subprocess.PIPE, text=True, env=ENV, cwd=tmp_path,
                              timeout=60, check=False)
    assert done.returncode == 1 and one_line(done.stderr), done.stderr
    assert done.stderr.strip() == f"mjsim {argv[0]}: stopped: No space left on device"


def test_a_full_disk_mid_run_is_one_line_that_says_how_to_resume(tmp_path, monkeypatch,
                                                                  capsys):
    def full(self, batch, files):
        raise OSError(errno.ENOSPC, "No space left on device", "b000000.parquet")

    monkeypatch.setattr(RunFolder, "write_encoded", full)
    status = main(["table", "1,1,1,1", "--walls", "2", "--quiet", "--out", str(tmp_path / "r")])
    err = capsys.readouterr().err
    assert status == 1 and one_line(err), err
    assert err.strip() == ("mjsim table: stopped: No space left on device: b000000.parquet; "
                           "what was written stays: run the same command to resume")


def test_a_full_disk_names_the_file_it_could_not_write(tmp_path, monkeypatch, capsys):
    """A write's own OSError names no file (the system names one only at its opening): the
    line said "stopped: No space left on device" alone, where the README promises the file."""
    def full(self, data):
        raise OSError(errno.ENOSPC, "No space left on device")

    monkeypatch.setattr(Path, "write_bytes", full)
    status = main(["table", "1,1,1,1", "--walls", "2", "--quiet", "--backend", "sequential",
                   "--out", str(tmp_path / "r")])
    err = capsys.readouterr().err
    assert status == 1 and one_line(err), err
    assert err.strip() == (
        f"mjsim table: stopped: No space left on device: "
        f"{tmp_path / 'r' / 'tables' / 'hands' / 'b000000.parquet'}; what was written stays: "
        "run the same command to resume")


def test_ctrl_c_before_the_command_begins_is_one_line_and_130(monkeypatch, capsys):
    def interrupted():
        raise KeyboardInterrupt

    monkeypatch.setattr("mjsim.ui.cli._version", interrupted)  # Ctrl-C as the parser is built
    assert main(["shanten", "123m"]) == 130
    assert capsys.readouterr().err == "mjsim: interrupted\n"


def test_ctrl_c_in_a_command_is_one_line_and_130(monkeypatch, capsys):
    # Seen: a blank line before it.
    def interrupted(_args):
        raise KeyboardInterrupt

    monkeypatch.setattr("mjsim.ui.commands.score.cmd_score", interrupted)
    assert main(["score", "123m 456m 789m 123p 55p", "--win", "5p"]) == 130
    assert capsys.readouterr().err == "mjsim score: interrupted\n"


@pytest.mark.parametrize(("argv", "unknown"), [
    (["table", "1,1,1,1", "--schedule", "competition"], "--schedule competition"),  # --scheduler
    (["table", "1,1,1,1", "--wall", "2"], "--wall 2"),
    (["score", "123m456m789m123p55p", "--win", "5p", "--sel"], "--sel"),
])
def test_an_abbreviated_option_is_unrecognized_not_read_as_another(capsys, argv, unknown):
    # Was: each read as the option it begins (--scheduler, --walls, --self): table's
    # --schedule is no option of its own (it is --format), and was refused for dask.
    with pytest.raises(SystemExit) as stopped:
        main(argv)
    error = capsys.readouterr().err
    assert stopped.value.code == 2 and error.count("\n") == 1
    assert f"unrecognized arguments: {unknown} " in error


@pytest.fixture
def closed(monkeypatch):
    """Close standard streams as the shell's ``<&-``, ``>&-`` and ``2>&-`` do (Python makes
    them None); what main put in their place is closed after the test."""
    def close(*names):
        for name in names:
            monkeypatch.setattr(sys, name, None)

    yield close
    for name in ("stdin", "stderr"):
        stream = getattr(sys, name)
        if getattr(stream, "name", None) == os.devnull:
            stream.close()


def test_a_closed_stdin_reads_as_empty(closed, capsys, recorded):
    # Was an AttributeError traceback ('NoneType' object has no attribute 'isatty'), status 1
    closed("stdin")
    assert main(["replay", str(recorded)]) == 0
    assert capsys.readouterr().out.startswith("seed r3, ruleset green-book")


def test_a_botzone_bot_with_a_closed_stdin_is_told_no_request(closed, capsys):
    # Was an AttributeError traceback ('NoneType' object has no attribute 'readline')
    closed("stdin")
    assert main(["botzone", "--level", "1"]) == 1
    assert capsys.readouterr().err.startswith("mjsim botzone: Botzone's JSON input does not "
                                              "parse: ")


def test_a_closed_stdout_is_one_line_and_status_1(closed, capsys, recorded, tmp_path):
    # export wrote to None (an AttributeError traceback), replay and shanten printed to
    # nothing and said status 0
    exported = tmp_path / "gb.jsonl"  # the field's formats take gb-mahjong's games alone
    exported.write_text(recorded.read_text().replace('"green-book"', '"gb-mahjong"', 1))
    closed("stdout")
    for argv in (["export", str(exported), "--format", "botzone-log"],
                 ["replay", str(recorded)], ["shanten", "123456789m 1234p"]):
        status = main(argv)
        err = capsys.readouterr().err
        assert status == 1 and err == f"mjsim {argv[0]}: stopped: standard output is closed\n"


def test_a_refusal_with_stderr_closed_is_not_printed_on_stdout(closed, capsys):
    # print(file=None) writes on stdout: the refusal was printed there, amid a command's output
    closed("stderr")
    assert main(["replay", "/nonexistent.jsonl"]) == 2
    assert capsys.readouterr().out == ""


class _Full(io.StringIO):
    def write(self, _text):
        raise OSError(errno.ENOSPC, "No space left on device")


@pytest.mark.parametrize("argv", [["--help"], ["score", "--help"], ["--version"]])
def test_help_into_a_full_stdout_is_one_line_and_status_1(monkeypatch, capsys, argv):
    # argparse drops a write that fails: it ended with status 0, the help nowhere
    monkeypatch.setattr(sys, "stdout", _Full())
    assert main(argv) == 1
    assert capsys.readouterr().err == "mjsim: stopped: No space left on device\n"


@pytest.mark.parametrize(("argv", "said"), [
    # Each was two lines: a path, or an argument argparse did not know, printed as typed
    (["replay", "a\nb.jsonl"], "mjsim replay: cannot read a\\nb.jsonl: No such file or directory"),
    (["import", "a\nb", "--format", "contest-text"], "mjsim import: a\\nb is not a file"),
    (["shanten", "123m", "extra\narg"],
     "mjsim shanten: unrecognized arguments: extra\\narg (see mjsim shanten --help)"),
])
def test_a_newline_typed_in_an_argument_keeps_the_refusal_one_line(capsys, tmp_path,
                                                                  monkeypatch, argv, said):
    monkeypatch.chdir(tmp_path)
    try:
        status = main(argv)
    except SystemExit as stopped:
        status = stopped.code
    assert status == 2 and capsys.readouterr().err == said + "\n"


def _forged(recorded, tmp_path, **header):
    """``recorded`` with its header's fields replaced by ``header``'s."""
    first, *moves = recorded.read_text().splitlines()
    forged = tmp_path / "forged.jsonl"
    forged.write_text("\n".join([json.dumps({**json.loads(first), **header}), *moves]) + "\n")
    return forged


def test_a_logs_seed_and_players_cannot_forge_or_colour_lines(capsys, tmp_path, recorded):
    # A log made elsewhere: its player's name and its seed were printed as they were, so a
    # newline forged a line and an escape sequence reached the terminal
    forged = _forged(recorded, tmp_path, seed="r3\x1b[2J",
                     players=["\x1b[31mme\nhand 9: seat0 wins", "3", "3", "3"])
    assert main(["replay", str(forged)]) == 0
    out = capsys.readouterr().out
    assert out.splitlines()[0] == ("seed r3\\x1b[2J, ruleset green-book, players seat0 "
                                   "\\x1b[31mme\\nhand 9: seat0 wins, seat1 3, seat2 3, seat3 3")
    assert "\x1b" not in out
    assert main(["review", str(forged)]) == 0
    assert capsys.readouterr().out.splitlines()[0] == (
        "review of seat0 (\\x1b[31mme\\nhand 9: seat0 wins) against rung 3, seed r3\\x1b[2J")


def test_an_imported_games_id_cannot_forge_a_line(capsys, tmp_path):
    matches = tmp_path / "matches.jsonl"
    matches.write_text(json.dumps({"id": "m1\nagreed: m2\x1b[0m", "log": 5}) + "\n")
    assert main(["import", str(matches), "--format", "botzone-log"]) == 0
    assert capsys.readouterr().err == ("refused: m1\\nagreed: m2\\x1b[0m: line 1: a match log "
                                       "is a JSON object with a \"log\" list\n")


def test_a_runs_listing_shows_a_seed_with_a_newline_on_its_own_line(capsys, tmp_path):
    (tmp_path / "manifest.json").write_text(json.dumps({"batches": [[["a\nb-0", "1,1,1,1"]]]}))
    assert main(["replay", str(tmp_path)]) == 0
    assert capsys.readouterr().out.splitlines()[1:] == ["     0  seed a\\nb-0  lineup 1,1,1,1"]


@pytest.mark.parametrize("argv", [
    ["--players", "1,1,1,nobody", "--walls", "1"],
    ["--players", "1,1,1,1", "--walls", "1", "--label", "nobody"],
    ["--from-games", "nowhere"],
])
def test_a_refused_dataset_makes_no_folder(capsys, tmp_path, argv):
    # Each left an empty --out folder behind (made before the players were loaded)
    out = tmp_path / "new" / "data"
    assert main(["dataset", *argv, "--out", str(out)]) == 2
    assert one_line(capsys.readouterr().err) and not (tmp_path / "new").exists()


def test_a_dataset_folder_the_system_will_not_make_is_one_line_and_status_2(capsys, tmp_path,
                                                                            monkeypatch):
    def refused(self, *args, **kwargs):
        raise PermissionError(errno.EPERM, "Operation not permitted", str(self))

    monkeypatch.setattr(Path, "mkdir", refused)
    out = tmp_path / "data"
    assert main(["dataset", "--players", "1,1,1,1", "--walls", "1", "--out", str(out)]) == 2
    assert capsys.readouterr().err == (
        f"mjsim dataset: cannot make the folder {out}: Operation not permitted\n")


def test_export_names_the_damaged_line_of_a_log_that_is_not_utf8(capsys, tmp_path, recorded):
    # Was Python's words: "'utf-8' codec can't decode byte 0xff in position 312: invalid
    # start byte", naming no line (replay and review read such a log up to that line)
    head, *moves = recorded.read_bytes().replace(b'"green-book"', b'"gb-mahjong"').split(b"\n")
    damaged = tmp_path / "damaged.jsonl"
    damaged.write_bytes(b"\n".join([head, moves[0], b'{"seat": 0, \xff', *moves[1:]]))
    assert main(["export", str(damaged), "--format", "botzone-log"]) == 2
    assert capsys.readouterr().err == (
        f"mjsim export: nothing could be written as botzone-log: 1 game refused (the first: "
        f"{damaged}: a damaged game log: line 3 is cut short or damaged)\n")


@pytest.mark.parametrize("argv", [
    ["replay", "{log}", "--html", "loop"],
    ["replay", "loop", "--html", "page.html"],
    ["export", "{log}", "--format", "botzone-log", "--out", "loop"],
    ["train", "--data", "loop", "--out", "m.npz"],
    ["train", "--data", "data", "--out", "loop"],
])
def test_a_loop_of_symbolic_links_is_one_line_and_status_2(capsys, tmp_path, monkeypatch,
                                                           recorded, argv):
    # Each was a RuntimeError traceback ('Symlink loop from ...'), status 1: Path.resolve
    monkeypatch.chdir(tmp_path)
    (tmp_path / "loop").symlink_to("loop")
    (tmp_path / "data").mkdir()
    assert main([word.format(log=recorded) for word in argv]) == 2
    assert capsys.readouterr().err == (
        f"mjsim {argv[0]}: cannot follow loop: Too many levels of symbolic links\n")


@pytest.mark.parametrize("argv", [
    ["replay", "{long}"], ["review", "{long}"], ["play", "--log", "{long}"],
    ["export", "{log}", "--format", "botzone-log", "--out", "{long}"],
    ["import", "{long}", "--format", "contest-text"],
])
def test_a_path_too_long_is_a_bad_argument(capsys, tmp_path, monkeypatch, recorded, argv):
    # Was "stopped: File name too long: aaaa..." (all 5,000 characters), status 1: a path the
    # system cannot take is bad input, as a run's --out already said
    monkeypatch.chdir(tmp_path)
    long = "a" * 5000
    assert main([word.format(long=long, log=recorded) for word in argv]) == 2
    err = capsys.readouterr().err
    assert one_line(err) and err.endswith(f" {'a' * 60}... (5,000 characters): File name "
                                          "too long\n"), err


@pytest.mark.parametrize("argv", [["table", "1,1,1,1", "--walls", "2"], ["ladder", "--walls", "2"],
                                  ["resume"]])
def test_a_run_folder_whose_name_is_not_utf8_is_refused_before_anything_is_made(
        capsys, tmp_path, monkeypatch, argv):
    # Was pyarrow's "'utf-8' codec can't encode character '\udcff' in position 1: surrogates
    # not allowed", once the folder and its manifest were made (the byte 0xff typed in a name)
    monkeypatch.chdir(tmp_path)
    folder = ["r\udcff"] if argv == ["resume"] else ["--out", "r\udcff"]
    if argv == ["resume"]:  # a run folder renamed so
        (tmp_path / "r\udcff").mkdir()
        (tmp_path / "r\udcff" / "manifest.json").write_text("{}")
    assert main([*argv, *folder, "--quiet"]) == 2
    assert capsys.readouterr().err == (f"mjsim {argv[0]}: r\\udcff: a run folder's name is UTF-8 "
                                       "text (its tables' writer takes no other): give another\n")
    assert [path.name for path in tmp_path.iterdir()] == (["r\udcff"] if argv == ["resume"]
                                                          else [])


def test_import_refuses_a_file_given_twice(capsys, tmp_path):
    # Was read twice: 'read 20' for a file of ten games, and each agreed game written twice
    games = Path(__file__).parents[1] / "data" / "contest" / "games.txt"
    (tmp_path / "again.txt").symlink_to(games)
    assert main(["import", str(games), str(tmp_path / "again.txt"), "--format", "contest-text",
                 "--quiet"]) == 2
    assert capsys.readouterr().err == f"mjsim import: {games} is given twice: give each file once\n"


def test_a_closed_stdout_keeps_its_number_from_the_files_a_command_opens(tmp_path):
    # Was free: the first file a command opened took descriptor 1, where a worker or a program
    # seat started after writes its output
    code = ("import os, sys\nfrom mjsim.ui.cli import main\n"
            "status = main(['shanten', '123456789m 1234p'])\n"
            "print(status, open(os.devnull).fileno(), file=sys.stderr)\n")
    done = subprocess.run([sys.executable, "-c", code], stderr=subprocess.PIPE, text=True,
                          env=ENV, cwd=tmp_path, timeout=60, check=False,
                          preexec_fn=lambda: os.close(1))
    said, numbers = done.stderr.splitlines()
    status, opened = map(int, numbers.split())
    assert said == "mjsim shanten: stopped: standard output is closed" and status == 1
    assert opened != 1
