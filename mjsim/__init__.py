"""mjsim: Chinese Official Mahjong (MCR) with a compiled core.

The main names are exported lazily (PEP 562): ``import mjsim.tiles`` loads the tiles layer alone,
and ``from mjsim import Rules`` loads the engine when first asked for.

>>> from mjsim import Hand
>>> str(Hand.parse("EEE 123m 55p"))
'123m 55p EEE'
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from mjsim.lazy import lazy_exports

if TYPE_CHECKING:
    from mjsim.analysis import shanten
    from mjsim.errors import Error, NotationError, WallEmptyError
    from mjsim.game import Move, Rules
    from mjsim.scoring import WinContext, score
    from mjsim.tiles import Hand, Meld, Wall, notation

    __version__: str

# Each public name, and the module it is loaded from on first use.
_EXPORTS = {
    "Error": "mjsim.errors", "NotationError": "mjsim.errors", "WallEmptyError": "mjsim.errors",
    "Hand": "mjsim.tiles", "Meld": "mjsim.tiles", "Wall": "mjsim.tiles", "notation": "mjsim.tiles",
    "shanten": "mjsim.analysis",
    "score": "mjsim.scoring", "WinContext": "mjsim.scoring",
    "Move": "mjsim.game", "Rules": "mjsim.game",
}

__all__ = ["Error", "Hand", "Meld", "Move", "NotationError", "Rules", "Wall", "WallEmptyError",
           "WinContext", "__version__", "notation", "score", "shanten"]


_exported, __dir__ = lazy_exports(__name__, _EXPORTS, __all__)


def __getattr__(name: str) -> Any:
    if name == "__version__":
        globals()[name] = _version()  # later lookups skip this function
        return globals()[name]
    return _exported(name)


def _version() -> str:
    """The installed version; read when first asked for, as importlib.metadata is slow to load."""
    from importlib.metadata import PackageNotFoundError, version

    try:
        return version("mjsim")  # one source: pyproject.toml
    except PackageNotFoundError:  # running from a source tree that was never installed
        return "0+unknown"
