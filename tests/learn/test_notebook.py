"""The learning notebook runs end to end on a small dataset: it fits, seats and prices the
policy, and its tables say so."""

from tests.helpers.notebooks import html_tables, run_notebook


def test_the_learning_notebook_runs(tmp_path, monkeypatch):
    monkeypatch.setenv("MJSIM_LEARN_WALLS", "6")
    monkeypatch.setenv("MJSIM_LEARN_PRICE_WALLS", "2")
    monkeypatch.setenv("MJSIM_LEARN_OUT", str(tmp_path))
    notebook, outputs = run_notebook("04-learning.ipynb")
    assert "mjsim dataset --players 3,3,3,3" in notebook.cells[0].source
    tables = html_tables(outputs)
    assert len(tables) == 2 and "agrees with rung 3" in tables[0] and "linear" in tables[1]
    assert (tmp_path / "rung3" / "manifest.json").exists() and (tmp_path / "linear.npz").exists()
