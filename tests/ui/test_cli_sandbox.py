"""A run whose program seats cannot rebuild its walls: ``--fresh-seed`` draws a seed no one can
guess and keeps it only in the run folder, and ``--sandbox`` hides that folder from them."""

import errno
import hashlib
import json
import os
import re
import shlex
import sys

import psutil
import pytest

from mjsim.players.botzone import sandbox
from mjsim.tournament import RunFolder
from mjsim.ui.cli import main
from tests.players.botzone.programs import BOTS, bot_command
from tests.ui.conftest import mjsim


def _spy_run(tmp_path, *options):
    """A 2-wall table of a spy (tests/players/botzone/bots/spy.py) and three rung-2 seats, on
    Botzone's table: the run's folder, its manifest and what the spy saw in each game."""
    token = f"spy-cli-{os.getpid()}-{len(options)}"
    spy = shlex.join([sys.executable, str(BOTS / "spy.py"), token])
    try:
        status, out, err = mjsim("table", "spy,2,2,2", "--player", f"spy=botzone:{spy}",
                                 "--walls", "2", "--table", "botzone", "--ruleset",
                                 "gb-mahjong", "--quiet", *options, cwd=tmp_path)
        assert status == 0, err
    finally:  # what an unsandboxed spy left asleep
        for process in psutil.process_iter(["cmdline"]):
            if token in (process.info["cmdline"] or []):
                process.kill()
    folder = tmp_path / re.search(r"results: (\S+)", out)[1]
    manifest = json.loads((folder / "manifest.json").read_text())
    seen = [json.loads(path.read_text()) for path in folder.glob("programs/*/seat*/seen.json")]
    assert len(seen) == 8  # the four seatings of two walls, a game each
    return folder, manifest, seen


def test_a_fresh_seed_is_unguessable_kept_in_the_manifest_and_named_by_its_hash(tmp_path):
    first, manifest, seen = _spy_run(tmp_path, "--fresh-seed")
    seed = manifest["arguments"]["seed"]
    assert re.fullmatch(r"[0-9a-f]{32}", seed)
    hashed = hashlib.sha256(seed.encode()).hexdigest()[:8]
    assert first == tmp_path / "runs" / f"table-fresh-{hashed}-2"
    # Unsandboxed, a program reads it (the control of the test below).
    assert {look["seed"] for look in seen} == {seed}
    second, again, _ = _spy_run(tmp_path, "--fresh-seed")
    assert again["arguments"]["seed"] != seed and second != first


def test_a_sandboxed_program_seat_cannot_read_a_fresh_seed(tmp_path):
    _, manifest, seen = _spy_run(tmp_path, "--fresh-seed", "--sandbox")
    assert manifest["limits"]["sandbox"] is True
    assert {look["seed"] for look in seen} == {None}
    assert not any(look["wrote_outside"] for look in seen)


def test_a_seed_and_a_fresh_seed_are_refused_together(tmp_path):
    status, _, err = mjsim("table", "1,1,1,1", "--seed", "x", "--fresh-seed", cwd=tmp_path)
    assert status == 2
    assert err.strip().splitlines()[-1] == ("mjsim table: argument --fresh-seed: not allowed "
                                            "with argument --seed (see mjsim table --help)")


def test_a_fresh_seed_run_stopped_names_the_resume_that_goes_on_with_it(tmp_path, monkeypatch,
                                                                        capsys):
    # The same command would draw another seed, and start another run.
    def full(self, batch, files):
        raise OSError(errno.ENOSPC, "No space left on device", "b000000.parquet")

    monkeypatch.chdir(tmp_path)
    with monkeypatch.context() as patched:
        patched.setattr(RunFolder, "write_encoded", full)
        status = main(["table", "1,1,1,1", "--walls", "2", "--quiet", "--fresh-seed"])
    err = capsys.readouterr().err
    [folder] = (tmp_path / "runs").iterdir()
    seed = json.loads((folder / "manifest.json").read_text())["arguments"]["seed"]
    assert status == 1
    assert err.strip().endswith(f"what was written stays: run mjsim resume runs/{folder.name} "
                                "to resume")
    assert main(["resume", f"runs/{folder.name}", "--quiet"]) == 0
    assert json.loads((folder / "manifest.json").read_text())["arguments"]["seed"] == seed


@pytest.mark.parametrize("command", [["table", "bot,1,1,1"], ["ladder", "--rungs", "1,bot"]])
def test_a_sandbox_without_bubblewrap_is_refused_in_one_line_making_nothing(
        tmp_path, monkeypatch, capsys, command):
    # Checked with the players, before the folder is made: it had been checked in the first
    # game, its manifest written (and a seat's folder made).
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("PATH", str(tmp_path / "bin"))  # no bwrap (nor anything) on it
    sandbox.check.cache_clear()
    try:
        status = main([*command, "--player", f"bot=botzone:{bot_command('tinybot.py', 'json')}",
                       "--walls", "2", "--table", "botzone", "--sandbox", "--quiet",
                       "--backend", "sequential", "--out", "run"])
    finally:
        sandbox.check.cache_clear()
    assert status == 2
    assert capsys.readouterr().err.splitlines() == [
        (f"mjsim {command[0]}: a sandbox needs bubblewrap (bwrap), which is not on PATH "
         "(Debian and Ubuntu: apt install bubblewrap)")]
    assert not (tmp_path / "run").exists()


def test_a_fresh_seed_run_stopped_before_its_manifest_names_no_resume(tmp_path, monkeypatch,
                                                                      capsys):
    # Ctrl-C after the folder is named but before the run is written: 'mjsim resume' of it
    # had been named, which calls it no run folder.
    def interrupted(self, manifest):
        raise KeyboardInterrupt

    monkeypatch.chdir(tmp_path)
    with monkeypatch.context() as patched:
        patched.setattr(RunFolder, "start", interrupted)
        status = main(["table", "1,1,1,1", "--walls", "2", "--quiet", "--fresh-seed",
                       "--backend", "sequential"])
    assert status == 130
    assert capsys.readouterr().err.splitlines() == [
        "mjsim table: interrupted; what was written stays: run the same command to resume"]
    assert main(["table", "1,1,1,1", "--walls", "2", "--quiet", "--fresh-seed",
                 "--backend", "sequential"]) == 0
