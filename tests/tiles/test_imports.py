"""Importing the tiles layer, or the package, loads little: no numpy until a hand is made, no
shanten tables, no engine, no pandas or matplotlib. Read from a new interpreter's sys.modules,
so a heavy import creeping back fails here without anything being timed."""

import ast
import importlib
from graphlib import TopologicalSorter
from pathlib import Path

import pytest

import mjsim.tiles
from tests.helpers.fresh import modules_after

TILES = Path(mjsim.tiles.__file__).parent

HEAVY = {"mjsim_core.shanten", "mjsim.analysis", "mjsim.scoring", "mjsim.game", "mjsim.players",
         "mjsim.tournament", "mjsim.ui", "pandas", "matplotlib", "scipy", "joblib"}


@pytest.mark.parametrize("code", ["import mjsim", "import mjsim.tiles",
                                  "from mjsim.tiles import NAMES, Meld, Wall"])
def test_the_kinds_melds_and_walls_load_without_numpy(code):
    loaded = modules_after(code)
    assert not loaded & (HEAVY | {"numpy", "mjsim.tiles.hand", "mjsim.tiles.botzone",
                                  "importlib.metadata"})


def test_botzone_names_load_without_numpy():
    loaded = modules_after("from mjsim.tiles import botzone")
    assert "mjsim.tiles.botzone" in loaded
    assert not loaded & (HEAVY | {"numpy", "mjsim.tiles.hand"})


@pytest.mark.parametrize("code", ["from mjsim.tiles import Hand", "from mjsim import Hand",
                                  "from mjsim.tiles import notation"])
def test_a_hand_loads_numpy_and_the_counts_but_no_analysis(code):
    loaded = modules_after(code)
    assert {"numpy", "mjsim_core.counts", "mjsim.tiles.hand", "mjsim.tiles.tokens"} <= loaded
    assert not loaded & HEAVY


def test_the_lazy_names_are_the_modules_own():
    import mjsim
    import mjsim.tiles
    from mjsim.tiles import botzone, hand, notation

    assert mjsim.tiles.Hand is hand.Hand is mjsim.Hand
    assert mjsim.tiles.notation is notation
    assert mjsim.tiles.botzone is botzone
    assert {"Hand", "notation", "botzone", "NAMES"} <= set(dir(mjsim.tiles))
    assert isinstance(mjsim.__version__, str) and "__version__" in dir(mjsim)
    with pytest.raises(AttributeError, match="no attribute 'Hands'"):
        mjsim.tiles.Hands  # noqa: B018 (the lookup is the test)


@pytest.mark.parametrize("package", ["mjsim", "mjsim.tiles", "mjsim.scoring", "mjsim.learn",
                                     "mjsim.tournament"])
def test_a_lazy_package_lists_its_public_names_not_its_helpers(package):
    """``dir`` (what a shell completes) offers each name of ``__all__`` before it is loaded, the
    submodules loaded, and the dunders, but not what the package imports to load them."""
    module = importlib.import_module(package)
    shown = set(dir(module))
    assert set(module.__all__) <= shown
    assert not shown & {"Any", "TYPE_CHECKING", "annotations", "importlib", "lazy_exports"}
    assert {"__doc__", "__name__"} <= shown


def _imports(path):
    """(module-level imports of mjsim modules, names imported, imports anywhere else) of a file."""
    tree = ast.parse(path.read_text())
    top = [node for node in tree.body if isinstance(node, (ast.Import, ast.ImportFrom))]
    nested = [node for node in ast.walk(tree) if isinstance(node, (ast.Import, ast.ImportFrom))
              and node not in top and not _under_type_checking(tree, node)]
    modules = {node.module if isinstance(node, ast.ImportFrom) else alias.name
               for node in top for alias in node.names}
    return ({m for m in modules if m and m.startswith("mjsim")},
            [alias.name for node in top for alias in node.names], nested)


def _under_type_checking(tree, node):
    return any(isinstance(block, ast.If) and ast.unparse(block.test) == "TYPE_CHECKING"
               and node in list(ast.walk(block)) for block in tree.body)


def test_the_tiles_modules_import_one_way_at_the_top_and_nothing_private():
    graph = {}
    for path in sorted(TILES.glob("*.py")):
        modules, names, nested = _imports(path)
        assert not nested, f"{path.name} imports inside a function (line {nested[0].lineno})"
        private = [n for n in names if n.startswith("_") and not n.startswith("__")]
        assert not private, f"{path.name} imports {private}"
        graph[f"mjsim.tiles.{path.stem}"] = modules - {"mjsim.tiles"}
    assert graph["mjsim.tiles.notation"] >= {"mjsim.tiles.hand", "mjsim.tiles.tokens"}
    list(TopologicalSorter(graph).static_order())  # raises CycleError on a circle
