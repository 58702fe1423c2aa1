"""The command line answers ``--help`` and argument errors without loading the layers its
commands use: each command imports them when it runs. Read from a new interpreter's
sys.modules, so nothing is timed."""

import subprocess
import sys

import pytest

from mjsim.ui.cli import build_parser, main
from tests.helpers.fresh import modules_after, run_fresh

HEAVY = {"numpy", "mjsim_core.shanten", "mjsim.tiles.hand", "mjsim.analysis",
         "mjsim.scoring.scorer", "mjsim.game", "mjsim.players", "mjsim.tournament",
         "mjsim.ui.plots", "mjsim.ui.terminal", "pandas", "matplotlib", "scipy", "joblib",
         "torch"}

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
    (["ladder", "--walls", "many"], 2), (["train", "--help"], 0),
])
def test_help_and_argument_errors_load_no_layer(argv, status):
    assert not modules_after(RUN.format(argv=argv, status=status)) & HEAVY


def test_the_help_of_price_names_the_ideas(capsys):
    with pytest.raises(SystemExit) as done:
        main(["price", "--help"])
    assert done.value.code == 0
    # Was "IDEA is one of shanten, claims, defence, planning, eight, eight2": rung 3 refuses
    # eight, and each rung eight2 (only a rung given it has it)
    assert capsys.readouterr().out.rstrip().splitlines()[-5:] == [
        "IDEA, the ideas of each rung (--level):", "  2: shanten, claims",
        "  3: shanten, claims, defence, planning", "  4: shanten, claims, defence, planning, eight",
        "  and with --baseline 4+eight2: eight2"]


@pytest.mark.parametrize(("argv", "status", "said"), [
    (["--help"], 0, "usage: mjsim"), (["bogus"], 2, "invalid choice: 'bogus'"),
])
def test_python_dash_m_mjsim_is_the_command(argv, status, said):
    # Was: "No module named mjsim.__main__; 'mjsim' is a package and cannot be directly executed".
    done = subprocess.run([sys.executable, "-m", "mjsim", *argv], capture_output=True,
                          text=True, check=False)
    assert done.returncode == status
    assert said in done.stdout + done.stderr


TRAIN_REFUSALS = """
import contextlib, io
from mjsim.ui.cli import main
for argv in {cases!r}:
    with contextlib.redirect_stderr(io.StringIO()) as err:
        assert main(argv) == 2, argv
    print(err.getvalue().strip())
"""


def test_a_training_value_out_of_range_is_refused_before_torch_loads():
    # Was: each refused only once mjsim.learn.training had loaded torch (seconds), as the
    # bounds lived there; and the API's keyword named (held_out, lr), not the option
    fit, play = ["train", "--data", "d", "--out", "m.npz"], ["train", "--self-play", "--from",
                                                             "m.npz", "--out", "t.npz"]
    evaluate = ["train", "--data", "d", "--evaluate", "m.npz"]
    cases = {
        (*fit, "--channels", "0"): "--channels is a whole number from 1 to 1024, not 0",
        (*fit, "--channels", "1024", "--blocks", "64", "--batch", "8192"): "needs about 287 GiB",
        (*fit, "--lr", "inf"): "--lr is a number above 0 and at most 1, not inf",
        (*fit, "--held-out", "1"): "--held-out is between 0 and 1",
        (*fit, "--seed", "-1"): "--seed is 0 to 4294967295, not -1",
        (*fit, "--threads", "257"): "--threads are 1 to 256, not 257",
        (*play, "--games", "257"): "--games is a whole number from 1 to 256, not 257",
        (*play, "--updates", "0"): "--updates is a whole number at least 1, not 0",
        (*play, "--entropy", "nan"): "--entropy is a finite number at least 0, not nan",
        (*play, "--seed", str(2**32)): "--seed is 0 to 4294967295, not 4294967296",
        (*play, "--threads", "0"): "--threads are 1 to 256, not 0",
        (*evaluate, "--held-out", "1.5"): "--held-out is between 0 and 1, not 1.5",
        (*evaluate, "--seed", "-1"): "--seed is 0 to 4294967295, not -1",
    }
    code = TRAIN_REFUSALS.format(cases=[list(argv) for argv in cases])
    said = run_fresh(code).splitlines()
    assert len(said) == len(cases)
    for line, words in zip(said, cases.values()):
        assert line.startswith("mjsim train: ") and words in line, (line, words)
    assert "torch" not in modules_after(code)


def test_the_help_of_train_shows_each_bounded_options_range():
    # Was: the defaults alone; the bounds lived in the modules that load torch
    parser = build_parser()._subparsers._group_actions[0].choices["train"]
    helps = {action.option_strings[0]: action.help for action in parser._actions}
    ranges = {"--channels": "from 1 to 1024", "--blocks": "from 0 to 64",
              "--batch": "from 1 to 8192", "--steps": "at least 1", "--every": "at least 1",
              "--updates": "at least 1", "--games": "from 1 to 256",
              "--lr": "above 0 and at most 1", "--seed": "from 0 to 4294967295",
              "--held-out": "between 0 and 1", "--entropy": "at least 0",
              "--threads": "from 1 to 256"}
    for flag, words in ranges.items():
        assert f"({words}; default " in helps[flag], (flag, helps[flag])
    assert "together may ask for at most 16 GiB" in parser.description
