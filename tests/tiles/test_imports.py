"""Importing the tiles layer, or the package, loads little: no numpy until a hand is made, no
shanten tables, no engine, no pandas or matplotlib. Read from a new interpreter's sys.modules,
so a heavy import creeping back fails here without anything being timed."""

import pytest

from tests.helpers.fresh import modules_after

HEAVY = {"mjsim_core.shanten", "mjsim.analysis", "mjsim.scoring", "mjsim.game", "mjsim.players",
         "mjsim.tournament", "mjsim.ui", "pandas", "matplotlib", "scipy", "joblib"}


@pytest.mark.parametrize("code", ["import mjsim", "import mjsim.tiles",
                                  "from mjsim.tiles import NAMES, Meld, Wall"])
def test_the_kinds_melds_and_walls_load_without_numpy(code):
    loaded = modules_after(code)
    assert not loaded & (HEAVY | {"numpy", "mjsim.tiles.hand", "importlib.metadata"})


@pytest.mark.parametrize("code", ["from mjsim.tiles import Hand", "from mjsim import Hand",
                                  "from mjsim.tiles import notation"])
def test_a_hand_loads_numpy_and_the_counts_but_no_analysis(code):
    loaded = modules_after(code)
    assert {"numpy", "mjsim_core.counts", "mjsim.tiles.hand", "mjsim.tiles.tokens"} <= loaded
    assert not loaded & HEAVY


def test_the_lazy_names_are_the_modules_own():
    import mjsim
    import mjsim.tiles
    from mjsim.tiles import hand, notation

    assert mjsim.tiles.Hand is hand.Hand is mjsim.Hand
    assert mjsim.tiles.notation is notation
    assert {"Hand", "notation", "NAMES"} <= set(dir(mjsim.tiles))
    assert isinstance(mjsim.__version__, str) and "__version__" in dir(mjsim)
    with pytest.raises(AttributeError, match="no attribute 'Hands'"):
        mjsim.tiles.Hands  # noqa: B018 (the lookup is the test)
