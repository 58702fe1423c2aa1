"""The learning notebook runs end to end on a small dataset: it fits, seats and prices the
policy, and its tables say so."""

from pathlib import Path

import nbformat
from nbclient import NotebookClient

NOTEBOOK = Path(__file__).parents[2] / "notebooks" / "04-learning.ipynb"


def test_the_learning_notebook_runs(tmp_path, monkeypatch):
    monkeypatch.setenv("MJSIM_LEARN_WALLS", "6")
    monkeypatch.setenv("MJSIM_LEARN_PRICE_WALLS", "2")
    monkeypatch.setenv("MJSIM_LEARN_OUT", str(tmp_path))
    notebook = nbformat.read(NOTEBOOK, as_version=4)
    assert "mjsim dataset --players 3,3,3,3" in notebook.cells[0].source
    NotebookClient(notebook, timeout=300, kernel_name="python3",
                   resources={"metadata": {"path": str(NOTEBOOK.parent)}}).execute()
    outputs = [o for cell in notebook.cells if cell.cell_type == "code" for o in cell.outputs]
    assert not [(o.ename, o.evalue) for o in outputs if o.output_type == "error"]
    tables = [o["data"]["text/html"] for o in outputs if "text/html" in o.get("data", {})]
    assert len(tables) == 2 and "agrees with rung 3" in tables[0] and "linear" in tables[1]
    assert (tmp_path / "rung3" / "manifest.json").exists() and (tmp_path / "linear.npz").exists()
