"""A package's names loaded on first use (PEP 562), the one way mjsim's packages export lazily.

A package keeps its imports cheap by naming, for each public name, the module it comes from;
``lazy_exports`` makes the package's ``__getattr__`` (which imports that module when the name is
first asked for, and binds the name so that later lookups skip it) and its ``__dir__`` (the
public names, the submodules loaded and the dunders: not the helpers the package imports).
"""

from __future__ import annotations

import importlib
import sys
from collections.abc import Callable, Iterable, Mapping
from types import ModuleType
from typing import Any

__all__ = ["lazy_exports"]


def lazy_exports(package: str, exports: Mapping[str, str],
                 public: Iterable[str]) -> tuple[Callable[[str], Any], Callable[[], list[str]]]:
    """(``__getattr__``, ``__dir__``) for ``package``: each name of ``exports`` is loaded from
    the module named beside it (that module itself when it is the package's submodule of that
    name); ``public``, the package's ``__all__``, is what ``dir`` lists beside them."""
    namespace = vars(sys.modules[package])
    shown = frozenset(public) | exports.keys()

    def __getattr__(name: str) -> Any:
        if name not in exports:
            raise AttributeError(f"module {package!r} has no attribute {name!r}")
        module = importlib.import_module(exports[name])
        value = module if exports[name] == f"{package}.{name}" else getattr(module, name)
        namespace[name] = value  # later lookups skip this function
        return value

    def __dir__() -> list[str]:
        loaded = {name for name, value in namespace.items() if isinstance(value, ModuleType)
                  and value.__name__ == f"{package}.{name}"}
        return sorted(shown | loaded | {name for name in namespace if name.startswith("__")})

    return __getattr__, __dir__
