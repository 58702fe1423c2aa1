"""The learning notebook runs end to end on a small dataset: it trains, seats and prices the
network, and its tables say so."""

import pytest

from tests.helpers.notebooks import html_tables, run_notebook

pytest.importorskip("torch")


@pytest.mark.slow
def test_the_learning_notebook_runs(tmp_path, monkeypatch):
    monkeypatch.setenv("MJSIM_LEARN_WALLS", "6")
    monkeypatch.setenv("MJSIM_LEARN_STEPS", "20")
    monkeypatch.setenv("MJSIM_LEARN_PRICE_WALLS", "1")
    monkeypatch.setenv("MJSIM_LEARN_OUT", str(tmp_path))
    notebook, outputs = run_notebook("04-learning.ipynb")
    assert "mjsim dataset --players 3,3,3,3" in notebook.cells[0].source
    tables = html_tables(outputs)
    assert len(tables) == 2 and "agrees with rung 3" in tables[0] and "learned" in tables[1]
    assert (tmp_path / "rung3" / "manifest.json").exists() and (tmp_path / "tiny.npz").exists()
