"""A run asked for in a folder that holds something else says what, in the words of the
command line: a dataset is no run, and a run differs in its seed or ideas, not in jargon."""

import errno
import json
import re
from pathlib import Path

import pytest

from mjsim.game.settings import Limits
from mjsim.tournament import RunFolder, price, table
from mjsim.ui.cli import main

OPTIONS = {"walls": 2, "table": "botzone", "backend": "sequential", "quiet": True}


def test_a_dataset_folder_is_no_run(tmp_path):
    (tmp_path / "manifest.json").write_text(json.dumps(
        {"format": "mjsim-dataset/1", "walls": 2, "shards": []}))
    with pytest.raises(ValueError, match="holds no run but mjsim-dataset/1"):
        table("1,1,1,1", tmp_path, **OPTIONS)


def test_a_different_run_names_the_argument_that_differs(tmp_path):
    price(["claims"], tmp_path, level=3, seed="one", **OPTIONS)
    with pytest.raises(ValueError, match=r"its seed is 'one', not 'other'\)"):
        price(["claims"], tmp_path, level=3, seed="other", **OPTIONS)
    with pytest.raises(ValueError, match=r"its ideas are \['claims'\], not \['claims', "
                                         r"'planning'\]\)"):
        price(["claims", "planning"], tmp_path, level=3, seed="one", **OPTIONS)


def test_a_different_limit_is_named_alone(tmp_path):
    # The limits were shown whole and clipped: "its limits is {'cpu_limit': 60.0,
    # 'memory_limit': 256.0, 'time_limit': 6.0... (61 characters), not {...", hiding the one
    # that differed.
    table("1,1,1,1", tmp_path, **OPTIONS)
    with pytest.raises(ValueError, match=r"\(its limits are \{'time_limit': 6\.0\}, not "
                                         r"\{'time_limit': 3\.0\}\)"):
        table("1,1,1,1", tmp_path, limits=Limits(time_limit=3.0), **OPTIONS)


def test_another_command_s_run_is_named_by_its_command(tmp_path):
    # A table asked in a price run's folder read "(its baseline is '3', not None)": the first
    # of the arguments, which differ in every name between two commands.
    price(["claims"], tmp_path, level=3, **OPTIONS)
    with pytest.raises(ValueError, match=r"holds a different run \(it is a price run, not a "
                                         r"table\); a new run needs a folder of its own"):
        table("3,3,3,3", tmp_path, **OPTIONS)


@pytest.mark.parametrize("every", [0, -10])
def test_a_manifest_asking_for_no_control_schedule_is_refused_on_resume(tmp_path, capsys, every):
    # A price run's manifest edited by hand: a control game every 0 walls divided by zero.
    price(["claims"], tmp_path, level=3, **OPTIONS)
    path = tmp_path / "manifest.json"
    manifest = json.loads(path.read_text())
    manifest["arguments"]["control_every"] = every
    path.write_text(json.dumps(manifest))
    assert main(["resume", str(tmp_path), "--quiet", "--backend", "sequential"]) == 2
    assert capsys.readouterr().err == (f"mjsim resume: a control game every {every} walls is "
                                       "not a schedule\n")


def test_a_folder_that_cannot_be_listed_is_refused_in_words(tmp_path, monkeypatch):
    # One the user may enter but not read (mode 311): root reads it anyway, so it is mocked.
    def denied(self):
        raise PermissionError(errno.EACCES, "Permission denied", str(self))

    monkeypatch.setattr(Path, "iterdir", denied)
    with pytest.raises(ValueError, match=rf"^cannot use {re.escape(str(tmp_path))} as a run "
                                         r"folder: Permission denied$"):
        RunFolder(tmp_path).start({"kind": "table", "batches": []})
