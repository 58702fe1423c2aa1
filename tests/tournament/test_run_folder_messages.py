"""A run asked for in a folder that holds something else says what, in the words of the
command line: a dataset is no run, and a run differs in its seed or ideas, not in jargon."""

import json

import pytest

from mjsim.tournament import price, table

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
