"""The command line answers ``--help`` and argument errors without loading the layers its
commands use: each command imports them when it runs. Read from a new interpreter's
sys.modules, so nothing is timed."""

import subprocess
import sys

import pytest

from mjsim.players.rungs import IDEAS
from mjsim.ui.cli import main
from tests.helpers.fresh import modules_after

HEAVY = {"numpy", "mjsim_core.shanten", "mjsim.tiles.hand", "mjsim.analysis",
         "mjsim.scoring.scorer", "mjsim.game", "mjsim.players", "mjsim.tournament",
         "mjsim.ui.plots", "mjsim.ui.terminal", "pandas", "matplotlib", "scipy", "joblib"}

RUN = """
import contextlib, io
from mjsim.ui.cli import main
with contextlib.redirect_stdout(io.StringIO()), contextlib.redirect_stderr(io.StringIO()):
    try:
        main({argv!r})
    except SystemExit as done:
        assert done.code == {status}, done.code
    else:
        raise AssertionError("the command ran")
"""


@pytest.mark.parametrize(("argv", "status"), [
    (["--help"], 0), (["shanten", "--help"], 0), (["score", "--help"], 0), (["bogus"], 2),
    (["shanten"], 2), (["score", "123m", "--win", "5x"], 2), (["price"], 2),
    (["ladder", "--walls", "many"], 2),
])
def test_help_and_argument_errors_load_no_layer(argv, status):
    assert not modules_after(RUN.format(argv=argv, status=status)) & HEAVY


def test_the_help_of_price_names_the_ideas(capsys):
    with pytest.raises(SystemExit) as done:
        main(["price", "--help"])
    assert done.value.code == 0
    assert f"IDEA is one of {', '.join(IDEAS)}" in capsys.readouterr().out


@pytest.mark.parametrize(("argv", "status", "said"), [
    (["--help"], 0, "usage: mjsim"), (["bogus"], 2, "invalid choice: 'bogus'"),
])
def test_python_dash_m_mjsim_is_the_command(argv, status, said):
    # Was: "No module named mjsim.__main__; 'mjsim' is a package and cannot be directly executed".
    done = subprocess.run([sys.executable, "-m", "mjsim", *argv], capture_output=True,
                          text=True, check=False)
    assert done.returncode == status
    assert said in done.stdout + done.stderr
