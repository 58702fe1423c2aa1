"""Numbers that read right: what the commands print, read as a person reads it (issue 25, §5).

Each test reads the output of the real command (or of the formatter a command prints with)."""

import contextlib
import importlib
import io
import re
import shlex
import sys

import pytest

from mjsim.ui.cli import build_parser, main
from mjsim.ui.narrate import said
from tests.ui.test_cli_examples import MINE

WIDTH = 100


def printed(*argv):
    """What ``mjsim ARGV`` prints to stdout (it must succeed)."""
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        assert main(list(argv)) == 0
    return out.getvalue()


def joined(text):
    """The text with its wrapped notes joined back into one line each."""
    return " ".join(text.split())


@pytest.fixture(scope="module")
def priced(tmp_path_factory):
    """Five walls of rung 3's defence (it changed moves on 2 of them) and shanten (p tiny)."""
    out = tmp_path_factory.mktemp("priced")
    return printed("price", "defence", "shanten", "--walls", "5", "--backend", "sequential",
                   "--quiet", "--out", str(out))


def test_an_idea_that_changed_too_few_walls_has_no_interval_and_no_walls_to_find(priced):
    row = next(line for line in priced.splitlines() if line.startswith("defence "))
    assert "inf" not in priced and "too few changed walls" in row and row.split()[-1] == "-"
    assert "defence: too few changed walls for an interval" in priced.splitlines()
    walls = joined(priced).split("walls to find", 1)[1]
    assert "shanten: " in walls and "defence" not in walls


def test_an_idea_that_changed_moves_but_no_result_claims_no_interval_nor_power(tmp_path):
    """Six walls of seed c: defence changed moves on two, and every wall's difference is exactly
    0. An SD of 0 once printed the interval [+0.000, +0.000], "detects ±0.00" and 2 walls to
    find 0.50 points a hand; it says nothing of the spread of other walls."""
    import pandas as pd

    out = printed("price", "defence", "--walls", "6", "--seed", "c", "--backend", "sequential",
                  "--quiet", "--out", str(tmp_path))
    row = pd.read_csv(tmp_path / "summary.csv").iloc[0]
    assert row["changed"] > 0 and row["sd_seed_hand"] == 0  # the case this test is about
    line = next(line for line in out.splitlines() if line.startswith("defence "))
    assert "no spread over walls" in line and line.split()[-1] == "-"
    assert "±0.00" not in out and "[" not in line and "walls to find" not in out
    assert ("defence: every wall gave the same difference (+0.000 a hand): no spread to scale an "
            "interval by, nor to plan walls from") in joined(out)
    # The table written says the same: no interval, nothing detected, no walls planned.
    assert row[["low_hand", "high_hand", "low_game", "high_game", "detectable_hand",
                "walls_for_delta"]].isna().all()


def test_a_tiny_p_value_reads_below_a_thousandth(priced):
    row = next(line for line in priced.splitlines() if line.startswith("shanten "))
    assert row.split()[-5:-3] == ["<0.001", "<0.001"] and "0.000" not in priced


def test_the_health_check_is_a_whole_sentence(priced):
    sentence = re.search(r"health check: [^:]*?baselines", joined(priced))
    assert sentence is not None
    assert sentence.group() == ("health check: every control game summed to 0 (1 game of rung "
                                "3), as the estimates require of a field of baselines")


def test_no_interval_from_one_wall_is_said_only_where_it_applies(tmp_path):
    out = printed("table", "2,2,1,1", "--walls", "2", "--backend", "sequential", "--quiet",
                  "--out", str(tmp_path))
    assert "Wilson" in out and "one wall" not in out and "no spread" not in out
    # The note's other half (one wall, no interval) is tests/tournament/test_rankings.py's.


def test_a_lineup_of_one_variant_says_its_walls_gave_no_spread(tmp_path):
    # Was "no interval from one wall", of three walls: one variant's points sum to 0 on each.
    out = printed("table", "3,3,3,3", "--walls", "3", "--table", "botzone", "--backend",
                  "sequential", "--quiet", "--out", str(tmp_path))
    assert "one wall" not in out and "-: no interval where the walls gave no spread" in joined(out)


def test_review_gives_a_share_that_is_not_whole_a_decimal(tmp_path):
    """Seat 0 plays rung 3 throughout but for its first choice: rung 3 agrees with all but one
    of its decisions, which must not read 100%."""
    from mjsim.game.gamelog import GameLog
    from mjsim.game.rules import Rules
    from mjsim.players.rungs import best
    from mjsim.players.view import view_of

    stream, game, changed = io.StringIO(), Rules("review"), False
    log = GameLog(stream, seed=game.seed, ruleset=game.ruleset, players=["3", "3", "3", "3"])
    while game.is_active:
        seat = game.waiting_on()[0]
        view = view_of(game, seat)
        move = best(view, 3)
        if seat == 0 and not changed and len(view.legal) > 1:
            move, changed = next(other for other in view.legal if other != move), True
        game.apply(seat, move)
        log.move(seat, move)
    path = tmp_path / "game.jsonl"
    path.write_text(stream.getvalue())
    last = printed("review", str(path), "--seat", "0").splitlines()[-1]
    decisions, agreed, share = re.fullmatch(
        r"(\d+) decisions with a choice; rung 3 agreed with (\d+) \((.+)%\)", last).groups()
    assert int(agreed) == int(decisions) - 1 >= 200  # so that a whole percentage reads 100
    assert share != "100" and re.fullmatch(r"99\.\d+", share)


def test_the_narration_says_your_not_yous():
    names = ["you", "bot1", "bot2", "bot3"]
    win = {"actor": 3, "kind": "win", "by": "discard", "from": 0, "tile": 24}
    assert said(win, names) == "bot3 wins on your 7s"
    robbed = {**win, "by": "rob"}
    assert said(robbed, names) == "bot3 wins robbing your kong of 7s"
    assert said({**win, "from": 1}, names) == "bot3 wins on bot1's 7s"


def test_the_hand_end_says_your_not_yous():
    from mjsim.ui.narrate import HandEnd

    end = HandEnd(1, 3, "discard", 0, 24, None, (), 8, 8, (-8, 0, 0, 8), (-8, 0, 0, 8))
    assert end.lines(["you", "bot1", "bot2", "bot3"])[0] == "hand 1: bot3 wins on your 7s"


def test_a_missing_learn_extra_is_a_one_line_hint(monkeypatch):
    monkeypatch.setitem(sys.modules, "pettingzoo", None)  # as if it were not installed
    monkeypatch.delitem(sys.modules, "mjsim.learn.environment", raising=False)
    with pytest.raises(ImportError) as caught:
        importlib.import_module("mjsim.learn.environment")
    assert type(caught.value) is ImportError  # not a bare ModuleNotFoundError
    message = str(caught.value)
    assert 'pip install "mjsim[learn]"' in message and "\n" not in message


def test_the_readme_names_the_extra_beside_the_pettingzoo_example():
    from tests.ui.conftest import ROOT

    readme = (ROOT / "README.md").read_text()
    before = readme[:readme.index(">>> from mjsim.learn import env")]
    assert 'pip install "mjsim[learn]"' in before[-600:]


def test_every_until_decided_example_can_decide():
    from mjsim.tournament.sequential import MIN_SEEDS

    epilog = build_parser()._subparsers._group_actions[0].choices["price"].epilog
    examples = [shlex.split(line.split(":", 1)[-1]) for line in epilog.splitlines()
                if "--until-decided" in line]
    assert examples
    for argv in examples:
        assert int(argv[argv.index("--walls") + 1]) >= MIN_SEEDS, argv


@pytest.fixture(scope="module")
def outputs(tmp_path_factory, recorded):
    """What every command that prints a table or a breakdown prints, on small runs (a player of
    one's own has a long name: it takes a line of its own where it cannot fit)."""
    folder = tmp_path_factory.mktemp("widths")
    mine = folder / "bots" / "mine.py"
    mine.parent.mkdir()
    mine.write_text(MINE)
    runs = {
        "price": ["price", "defence", "planning", "claims", "shanten", "--walls", "4"],
        "ladder": ["ladder", "--rungs", f"1,2,3,{mine}:Mine", "--walls", "2"],
        "table": ["table", "3,2,1,3-planning", "--walls", "2"],
        "competition": ["table", "3,2,1,3-planning", "--format", "competition", "--walls", "4"],
        "sequential": ["price", "defence", "--until-decided", "--walls", "20"],
        "null": ["price", "--null", "--replicates", "2", "--walls", "2"],
    }
    texts = {name: printed(*argv, "--backend", "sequential", "--quiet", "--out",
                           str(folder / name)) for name, argv in runs.items()}
    texts["plan"] = printed("price", "defence", "planning", "--plan", "0.5")
    texts["review"] = printed("review", str(recorded), "--seat", "0")
    texts["replay"] = printed("replay", str(recorded), "--all")
    texts["games"] = printed("replay", str(folder / "table"))
    texts["score"] = printed("score", "123m 456m 789m 123p 55p F1 T2", "--win", "5p")
    texts["below"] = printed("score", "234m 567m 345p 678s 55p", "--win", "5p")
    texts["shanten"] = printed("shanten", "123456789m 1234p E")
    return texts


@pytest.mark.slow
def test_every_table_fits_a_hundred_columns(outputs):
    for name, text in outputs.items():
        wide = [line for line in text.splitlines() if len(line) > WIDTH]
        assert not wide, (name, wide)
    # The long name of one's own player stands on a line of its own in the standings.
    assert any(line.endswith("mine.py:Mine") and " " not in line
               for line in outputs["ladder"].splitlines())


@pytest.mark.parametrize(("rows", "shards", "said"), [
    (1, 1, "1 decision, 1 shard: out"), (2, 3, "2 decisions, 3 shards: out")])
def test_a_datasets_counts_read_in_the_singular_and_the_plural(rows, shards, said):
    from mjsim.ui.commands.dataset import dataset_written

    assert dataset_written({"rows": rows, "shards": [None] * shards}, "out") == said


@pytest.mark.parametrize("command", ["table", "price", "ladder"])
def test_the_limits_help_names_each_unit_and_the_default_that_applies(command):
    # Was "mib of address space", and "else Botzone's" for a CPU limit that is mjsim's own.
    from mjsim.game import settings

    parser = build_parser()._subparsers._group_actions[0].choices[command]
    helps = {action.dest: joined(action.help) for action in parser._actions if action.help}
    for dest, unit, default in (("time_limit", "seconds an answer", settings.TIME_LIMIT),
                                ("memory_limit", "MiB of address space", settings.MEMORY_LIMIT),
                                ("cpu_limit", "seconds of CPU", settings.CPU_LIMIT)):
        assert unit in helps[dest], helps[dest]
        assert f"else {default:g}" in helps[dest], helps[dest]
    assert "Botzone's" not in helps["cpu_limit"]


@pytest.mark.parametrize(("command", "said"), [
    ("table", "default 10; with --format competition 4"),
    ("price", "default 20; with --until-decided the cap"), ("ladder", "default 40")])
def test_the_walls_help_says_the_default_that_applies(command, said):
    # Was "(default 10)" for a competition table, which plays one match of 4 walls by default.
    parser = build_parser()._subparsers._group_actions[0].choices[command]
    walls = next(action for action in parser._actions if action.dest == "walls")
    assert said in joined(walls.help), walls.help
