"""A program seat in a sandbox: a spy that finds the seed, mjsim's command line and a way out
of its folder when it runs plainly finds none of them in the sandbox, nothing it leaves running
outlives it, and its limits and faults read as they do outside."""

import json
import os
import signal
import socket
import time

import psutil
import pytest

from mjsim.game.settings import Limits, Settings
from mjsim.players import Rung
from mjsim.players.botzone import sandbox
from mjsim.players.botzone.program import BotzoneProgram
from mjsim.players.driver import play
from mjsim.players.specs import load_player
from mjsim.tournament import Roster, resume, table
from tests.players.botzone.programs import bot_command

SEED = "the run's secret seed"


def _left(token):
    """The processes asleep with ``token`` on their command line."""
    left = []
    for process in psutil.process_iter(["cmdline"]):
        if token in (process.info["cmdline"] or []):
            left.append(process)
    return left


def _gone(token, seconds=5.0):
    deadline = time.monotonic() + seconds  # a killed process may take a moment to go
    while _left(token) and time.monotonic() < deadline:
        time.sleep(0.05)
    return not _left(token)


@pytest.fixture
def run_folder(tmp_path):
    """A run folder as a run makes it (its manifest holds the seed) with a seat's folder in it,
    and a port listening on this machine that a spy may try (its number beside the folder)."""
    run = tmp_path / "run"
    seat = run / "programs" / "b000000-g000000" / "seat0"
    seat.mkdir(parents=True)
    (run / "manifest.json").write_text(json.dumps({"arguments": {"seed": SEED}}))
    with socket.socket() as listener:
        listener.bind(("127.0.0.1", 0))
        listener.listen()
        (tmp_path / "port.txt").write_text(str(listener.getsockname()[1]))
        yield seat


def _spied(spy, workdir, token):
    """What the spy saw in a hand it played, and the hand."""
    try:
        game = play(b"spy", [spy, Rung(2), Rung(2), Rung(2)], hand_no=1, last_hand=1)
    finally:
        spy.close()
    return game.history[0], json.loads((workdir / "seen.json").read_text())


def test_a_spy_outside_a_sandbox_finds_the_seed_and_mjsim_and_outlives_the_run(run_folder,
                                                                             tmp_path):
    # The control: what the sandbox must hide, found when it runs plainly.
    token = f"spy-plain-{os.getpid()}"
    spy = BotzoneProgram(bot_command("spy.py", token), time_limit=5, workdir=run_folder)
    try:
        hand, seen = _spied(spy, run_folder, token)
        assert "foul" not in hand
        assert seen["seed"] == SEED
        assert " ".join(psutil.Process().cmdline()) in [c.strip() for c in seen["commands"]]
        assert seen["wrote_outside"] and seen["connected"]
        assert (run_folder.parent / "spy-was-here").exists()  # in the run folder
        assert (tmp_path / "spy-was-here").exists()  # beside it: the rest of the machine
        time.sleep(0.2)
        assert _left(token)  # a session of its own: out of the group mjsim kills
    finally:
        for process in _left(token):
            process.kill()


@pytest.mark.parametrize("asked", [{"sandbox": True}, {"sandbox": "1"},
                                   {"limits": Limits(sandbox=True)}])
def test_a_spy_in_a_sandbox_finds_none_of_it_and_nothing_it_starts_outlives_it(run_folder,
                                                                               tmp_path, asked):
    token = f"spy-sandboxed-{os.getpid()}"
    spy = BotzoneProgram(bot_command("spy.py", token), time_limit=5, workdir=run_folder,
                         **asked)
    hand, seen = _spied(spy, run_folder, token)
    assert "foul" not in hand  # it played the hand, from its own folder
    assert seen["seed"] is None
    assert " ".join(psutil.Process().cmdline()) not in [c.strip() for c in seen["commands"]]
    assert not seen["wrote_outside"] and not seen["connected"]
    assert not (run_folder.parent / "spy-was-here").exists()
    assert not (tmp_path / "spy-was-here").exists()  # the machine is read-only to it
    assert _gone(token)


def test_a_spec_asks_for_a_sandbox_by_its_option(run_folder):
    token = f"spy-spec-{os.getpid()}"
    spy = load_player(f"botzone?sandbox=1:{bot_command('spy.py', token)}", workdir=run_folder)
    hand, seen = _spied(spy, run_folder, token)
    assert "foul" not in hand and seen["seed"] is None and _gone(token)


@pytest.mark.parametrize(("way", "options", "reason"), [
    ("spin", {"cpu_limit": 1, "time_limit": 30}, "limit: exceeded its CPU limit (1 s)"),
    ("crash", {}, "crashed: the program stopped with status 1 before answering"),
    ("hungry", {}, "limit: exceeded its memory limit (256 MiB)"),
    ("illegal", {}, "illegal: ")])
def test_a_sandboxed_program_over_its_limits_or_at_fault_fouls_as_outside(way, options, reason):
    bad = BotzoneProgram(bot_command("badbot.py", way), sandbox=True,
                         **{"time_limit": 2, **options})
    try:
        game = play(b"bad", [bad, Rung(2), Rung(2), Rung(2)], hand_no=1, last_hand=1)
    finally:
        bad.close()
    assert game.history[0]["foul"]["reason"].startswith(reason)


def test_a_signal_that_ended_a_sandboxed_program_reads_as_a_processs_own():
    assert sandbox.died_by(128 + 24) == -24  # SIGXCPU, as bubblewrap passes it on
    assert sandbox.died_by(3) == 3 and sandbox.died_by(128) == 128
    assert sandbox.died_by(255) == 255  # no signal 127


def test_no_sandbox_without_bubblewrap_is_refused_in_words(tmp_path, monkeypatch):
    monkeypatch.setenv("PATH", str(tmp_path))
    sandbox.check.cache_clear()
    try:
        with pytest.raises(ValueError, match=r"a sandbox needs bubblewrap \(bwrap\), which is "
                                             "not on PATH"):
            BotzoneProgram("bot", sandbox="yes")
        BotzoneProgram("bot")  # none asked, none needed
    finally:
        sandbox.check.cache_clear()


def test_the_run_folder_is_the_nearest_above_holding_a_manifest(tmp_path):
    seat = tmp_path / "outer" / "run" / "programs" / "b1" / "seat2"
    seat.mkdir(parents=True)
    assert sandbox.run_folder(seat) is None
    (tmp_path / "outer" / "manifest.json").write_text("{}")
    (tmp_path / "outer" / "run" / "manifest.json").write_text("{}")
    assert sandbox.run_folder(seat) == tmp_path / "outer" / "run"


@pytest.mark.parametrize(("given", "meant"), [(True, True), ("1", True), ("Yes", True),
                                              (" true", True), (0, False), ("no", False),
                                              (False, False), ("0", False)])
def test_a_sandbox_is_a_switch_in_any_of_its_words(given, meant):
    assert Limits(sandbox=given).sandbox is meant


@pytest.mark.parametrize("given", ["maybe", 2, 1.0, None, ""])
def test_a_sandbox_that_is_no_switch_is_refused_by_name(given):
    with pytest.raises(ValueError, match=r"^sandbox is 1 or 0 \(yes or no, true or false\), "
                                         r"not "):
        Limits(sandbox=given)


def test_a_runs_sandbox_is_recorded_and_read_back_and_an_older_manifest_has_none():
    settings = Settings(limits=Limits(time_limit=2, sandbox=True))
    recorded = settings.manifest()
    assert recorded["limits"]["sandbox"] is True
    assert Settings.from_manifest(recorded) == settings
    older = {**recorded, "limits": {"time_limit": 2.0}}
    assert Settings.from_manifest(older).limits == Limits(time_limit=2)
    assert Limits(sandbox=True).overridden({"sandbox": "0", "io": "json"}) == Limits()


def test_a_runs_sandbox_without_bubblewrap_is_refused_before_its_folder_is_made(tmp_path,
                                                                                monkeypatch):
    monkeypatch.setenv("PATH", str(tmp_path / "bin"))
    sandbox.check.cache_clear()
    try:
        with pytest.raises(ValueError, match=r"a sandbox needs bubblewrap \(bwrap\)"):
            table(["bot", "1", "1", "1"], tmp_path / "run", walls=2, table="botzone",
                  roster=Roster({"bot": f"botzone:{bot_command('tinybot.py', 'json')}"}),
                  limits=Limits(sandbox=True), backend="sequential", quiet=True)
    finally:
        sandbox.check.cache_clear()
    assert not (tmp_path / "run").exists()


def test_a_manifests_limits_are_compared_as_a_run_reads_them(tmp_path):
    # A sandbox of "yes" and a time limit of "6" are read as True and 6.0: the run's own
    # resume had called it "a different run (its limits are {'sandbox': 'yes'}, not ...)".
    run = tmp_path / "run"
    table(["1", "1", "1", "1"], run, walls=2, table="botzone", limits=Limits(sandbox=True),
          backend="sequential", quiet=True)
    manifest = json.loads((run / "manifest.json").read_text())
    manifest["limits"] |= {"sandbox": "yes", "time_limit": "6"}
    (run / "manifest.json").write_text(json.dumps(manifest))
    for path in run.glob("tables/*/b000001.parquet"):
        path.unlink()
    assert resume(run, backend="sequential", quiet=True).played == 1
    manifest["limits"]["sandbox"] = 2  # damaged: refused as a run cannot take it
    (run / "manifest.json").write_text(json.dumps(manifest))
    with pytest.raises(ValueError, match=r"records settings a run cannot take \(sandbox is 1 "):
        resume(run, backend="sequential", quiet=True)


_ARMED = []  # a Ctrl-C for the next fork's hook in mjsim (a hook cannot be taken back)


def _ctrl_c_in_a_fork_hook():
    if _ARMED:
        _ARMED.clear()
        os.kill(os.getpid(), signal.SIGINT)
        for _ in range(10_000):  # Python's handler runs here, in the hook
            pass


@pytest.fixture(scope="module")
def fork_hook():
    os.register_at_fork(after_in_parent=_ctrl_c_in_a_fork_hook)


@pytest.mark.parametrize("sandboxed", [False, True])
def test_ctrl_c_while_a_program_starts_is_not_lost_in_a_fork_hook(fork_hook, sandboxed):
    # Raised in a hook Python runs at the fork (logging's, threading's), it had been printed
    # as "Exception ignored in ..." and lost: the run went on to its end.
    program = BotzoneProgram(bot_command("tinybot.py", "json"), sandbox=sandboxed)
    _ARMED.append(True)
    try:
        with pytest.raises(KeyboardInterrupt):
            play(b"c", [program, Rung(2), Rung(2), Rung(2)], hand_no=1, last_hand=1)
    finally:
        _ARMED.clear()
        program.close()
