"""Every example in every ``--help`` runs as written, in a fresh folder, in the order a person
would try them (a game is played and a table run before they are replayed or resumed)."""

import json
import shlex

import pytest

from mjsim.ui.cli import build_parser
from tests.helpers.botzone_logs import match_log
from tests.helpers.botzone_record import RECORDS, read
from tests.ui.conftest import ROOT, mjsim

# What an example reads that a new folder lacks: a player of one's own and a lineup file.
MINE = (ROOT / "tests/players/bots/greedy.py").read_text().replace("class Greedy", "class Mine")
LINEUP = 'seats = ["3", "3", "2", "mine"]\n[players]\nmine = "1"\n'
# The requests a Botzone bot answers: one turn, in JSON and in simple IO.
STDIN = {"botzone --level 3 --keep-running": '{"requests": ["0 1 0"], "responses": []}\n',
         "botzone --player bots/mine.py:Mine --simple-io": "1\n0 1 0\n",
         "play": "quit\n"}
FIRST = ("play", "table", "import")  # what the others replay, resume or read


def examples():
    """Each example line of each command's help, joined where it continues with a backslash."""
    parser = build_parser()
    found = []
    for name, command in parser._subparsers._group_actions[0].choices.items():
        text = (command.epilog or "").replace("\\\n", " ")
        for line in text.splitlines():
            line = line.split(":", 1)[1] if line.startswith("example") else line
            if line.strip().startswith("mjsim "):
                found.append((name, shlex.split(line)[1:]))
    return sorted(found, key=lambda example: example[0] not in FIRST)


EXAMPLES = examples()


def test_every_command_has_an_example():
    names = {name for name, _ in EXAMPLES}
    assert names == set(build_parser()._subparsers._group_actions[0].choices)


@pytest.fixture(scope="module")
def folder(tmp_path_factory):
    path = tmp_path_factory.mktemp("examples")
    (path / "bots").mkdir()
    (path / "bots" / "mine.py").write_text(MINE)
    (path / "lineup.toml").write_text(LINEUP)
    # The field's games that the import examples read.
    (path / "games.txt").write_text((ROOT / "tests/data/contest/games.txt").read_text())
    (path / "matches.jsonl").write_text("".join(
        json.dumps(match_log(read(record))) + "\n" for record in sorted(RECORDS.glob("*.jsonl"))))
    return path


@pytest.mark.slow
@pytest.mark.parametrize(("name", "argv"), EXAMPLES, ids=[" ".join(a) for _, a in EXAMPLES])
def test_the_example_runs(folder, name, argv):
    stdin = next((text for key, text in STDIN.items() if " ".join(argv).startswith(key)), "")
    status, out, err = mjsim(*argv, cwd=folder, stdin=stdin)
    assert status == 0, err
    assert "Traceback" not in err and out.strip()
    if "--until-decided" in argv:  # an example of the sequential test shows it deciding
        assert "undecided" not in out and "sequential test: " in out
