"""Run a notebook of ``notebooks/`` as a reader would, and read what its code cells showed."""

from pathlib import Path

import nbformat
from nbclient import NotebookClient

NOTEBOOKS = Path(__file__).parents[2] / "notebooks"


def run_notebook(name):
    """The notebook ``name`` executed in its folder, and its code cells' outputs, in order;
    fails if a cell raised."""
    notebook = nbformat.read(NOTEBOOKS / name, as_version=4)
    NotebookClient(notebook, timeout=300, kernel_name="python3",
                   resources={"metadata": {"path": str(NOTEBOOKS)}}).execute()
    outputs = [o for cell in notebook.cells if cell.cell_type == "code" for o in cell.outputs]
    assert not [(o.ename, o.evalue) for o in outputs if o.output_type == "error"]
    return notebook, outputs


def html_tables(outputs):
    """The HTML tables (pandas frames) among ``outputs``."""
    return [o["data"]["text/html"] for o in outputs if "text/html" in o.get("data", {})]
