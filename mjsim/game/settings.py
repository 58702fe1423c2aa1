"""A game's settings besides its seed and players, in one frozen record: parsed once where they
come in (the command line, the Python API's keywords, a run's manifest), handed down as they
are, and written back to the manifest.

``ruleset`` (its name, and ``index``, its place in :data:`~mjsim_core.elements.RULESETS`, which
the kernels take), ``table`` (one of :data:`~mjsim.game.rules.TABLES`), ``penalty`` (what a
foul costs, to each other seat) and ``max_fouls`` (fouls in a row, hand after hand, by one seat
that stop the game).

>>> settings = Settings("gb-mahjong", table="botzone")
>>> settings.index, settings.manifest()["table"]
(1, 'botzone')
>>> Settings(penalty=-1)
Traceback (most recent call last):
...
ValueError: a foul's penalty: a whole number, at least 0, not -1
"""

from __future__ import annotations

import operator
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from mjsim.game.rules import TABLES
from mjsim.game.settlement import FOUL
from mjsim.scoring.elements import ruleset_index

__all__ = ["MAX_FOULS", "Settings", "settings_of"]

MAX_FOULS = 3
"""Fouls in a row (hand after hand) by one seat that stop the game."""

KEYS = ("ruleset", "table", "penalty", "max_fouls")
"""The settings' keywords, as the Python API and a run's manifest name them."""


@dataclass(frozen=True, slots=True)
class Settings:
    """How a game is played besides its seed and players (the module says each field). Raises
    ``ValueError`` for an unknown ruleset or table, a negative penalty or max_fouls below 1."""

    ruleset: str = "green-book"
    table: str = "mcr"
    penalty: int = FOUL
    max_fouls: int = MAX_FOULS
    index: int = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        index = ruleset_index(self.ruleset)
        if self.table not in TABLES:
            raise ValueError(f"the tables are {', '.join(TABLES)}, not {self.table!r}")
        object.__setattr__(self, "penalty", _whole(self.penalty, 0, "a foul's penalty"))
        object.__setattr__(self, "max_fouls",
                           _whole(self.max_fouls, 1, "max_fouls (fouls in a row that stop a game)"))
        object.__setattr__(self, "index", index)

    def manifest(self) -> dict[str, Any]:
        """The settings as a run's manifest records them (:data:`KEYS`)."""
        return {key: getattr(self, key) for key in KEYS}

    @classmethod
    def from_manifest(cls, manifest: Mapping[str, Any]) -> Settings:
        """The settings a manifest records (a key it lacks: its default)."""
        return cls(**{key: manifest[key] for key in KEYS if key in manifest})


def settings_of(settings: Settings | None, **keywords: Any) -> Settings:
    """``settings``, or the record the keyword forms name (``ruleset=``, ``table=``, ...; None
    for a default). Raises ``ValueError`` when both are given: one source, never two."""
    given = {key: value for key, value in keywords.items() if value is not None}
    if settings is None:
        return Settings(**given)
    if given:
        raise ValueError(f"give settings= or {', '.join(f'{key}=' for key in given)}, not both")
    return settings


def _whole(value: object, least: int, what: str) -> int:
    try:
        number = operator.index(value)  # type: ignore[arg-type]  # a refusal below if not
    except TypeError:
        number = None
    if isinstance(value, bool) or number is None or number < least:
        raise ValueError(f"{what}: a whole number, at least {least}, not {value!r}")
    return number
