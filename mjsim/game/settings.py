"""A game's settings besides its seed and players, in one frozen record: parsed once where they
come in (the command line, the Python API's keywords, a run's manifest), handed down as they
are, and written back to the manifest.

``ruleset`` (its name, and ``index``, its place in :data:`~mjsim_core.elements.RULESETS`, which
the kernels take), ``table`` (one of :data:`~mjsim.game.rules.TABLES`), ``penalty`` (what a
foul costs, to each other seat), ``max_fouls`` (fouls in a row, hand after hand, by one seat
that stop the game) and ``limits`` (:class:`Limits`: what a program seat may take, unless its
own spec says otherwise).

>>> settings = Settings("gb-mahjong", table="botzone", limits=Limits(time_limit=1))
>>> settings.index, settings.manifest()["table"], settings.manifest()["limits"]["time_limit"]
(1, 'botzone', 1.0)
>>> Settings(penalty=-1)
Traceback (most recent call last):
...
ValueError: penalty is a whole number at least 0, not -1
>>> Limits(cpu_limit="0")
Traceback (most recent call last):
...
ValueError: a CPU limit is a number of seconds from 1 up to 31,536,000, not '0'
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from dataclasses import dataclass, field, fields
from typing import Any

from mjsim.errors import clipped, whole
from mjsim.game.rules import TABLES
from mjsim.game.settlement import FOUL
from mjsim.scoring.elements import ruleset_index

__all__ = ["CPU_LIMIT", "MAX_FOULS", "MEMORY_LIMIT", "MOST_CPU", "MOST_MEMORY", "TIME_LIMIT",
           "Limits", "Settings", "settings_of"]

MAX_FOULS = 3
"""Fouls in a row (hand after hand) by one seat that stop the game."""
TIME_LIMIT = 6.0
"""Seconds a program may take for an answer by default. Botzone sets its limit per game and
language (its wiki gives the rules; a compiled bot gets about a second a turn, slower languages
more): set ``time_limit`` to hold a program to the one it will meet."""
MEMORY_LIMIT = 256.0
"""MiB of address space a program's process may map by default (Botzone's memory limit)."""
CPU_LIMIT = 60.0
"""Seconds of CPU time a program's process may use by default: a once-a-turn run, or a
long-running program's whole hand (its process lives that long)."""
MOST_MEMORY = 2.0 ** 20
"""The largest memory limit that may be set, MiB (1 TiB: past what any machine here maps)."""
MOST_CPU = 86400.0 * 365
"""The largest CPU or time limit that may be set, seconds (a year)."""

KEYS = ("ruleset", "table", "penalty", "max_fouls", "limits")
"""The settings' keywords, as the Python API and a run's manifest name them."""

# Each limit's refusal, its least value (0: any above it) and its largest.
_LIMITS = {"time_limit": ("a time limit is a positive number of seconds", 0, MOST_CPU),
           "memory_limit": ("a memory limit is a positive number of MiB", 0, MOST_MEMORY),
           # The system counts a process's CPU in whole seconds (RLIMIT_CPU).
           "cpu_limit": ("a CPU limit is a number of seconds from 1", 1, MOST_CPU)}
_OPTIONS = (*_LIMITS, "sandbox")
"""The names of :class:`Limits`' fields: a program spec's options, a manifest's limits."""


def _positive(value: object, problem: str, least: float, most: float) -> float:
    """``value`` (a number, or a number in text) as a float above 0, at least ``least`` and up
    to ``most``; raises ``ValueError`` saying ``problem`` otherwise."""
    try:
        number = math.nan if isinstance(value, bool) else float(value)  # type: ignore[arg-type]
    except (TypeError, ValueError):
        number = math.nan
    if not (0 < number <= most and number >= least):
        raise ValueError(f"{problem} up to {most:,.0f}, not {value!r}")
    return number


# How a switch is written in a spec's text (its options are text) or a manifest.
_SWITCH = {"1": True, "yes": True, "true": True, "0": False, "no": False, "false": False}


def _switch(value: object, name: str) -> bool:
    """``value`` (a bool, or one of :data:`_SWITCH`'s words) as a bool; raises ``ValueError``
    naming ``name`` otherwise."""
    if isinstance(value, bool):
        return value
    # an int as text: 1 and 0 are switches, as they are in a spec's text; a float is not
    word = str(value).strip().lower() if isinstance(value, (str, int)) else None
    if word not in _SWITCH:
        raise ValueError(f"{name} is 1 or 0 (yes or no, true or false), not "
                         f"{clipped(repr(value), 40)}")
    return _SWITCH[word]


@dataclass(frozen=True, slots=True)
class Limits:
    """What a program seat (``botzone:COMMAND``) may take: ``time_limit`` seconds an answer,
    ``memory_limit`` MiB of address space and ``cpu_limit`` seconds of CPU a process, and
    whether it runs in a ``sandbox`` (:mod:`mjsim.players.botzone.sandbox`: what it may see).
    The names are the program spec's options, and a spec's own option wins over the run's. A
    value may be given as text (a spec's options are); raises ``ValueError`` for a limit that
    is not a positive number up to its largest (:data:`MOST_CPU`, :data:`MOST_MEMORY`), or a
    sandbox that is no switch (``1`` or ``0``, ``yes`` or ``no``, ``true`` or ``false``)."""

    time_limit: float = TIME_LIMIT
    memory_limit: float = MEMORY_LIMIT
    cpu_limit: float = CPU_LIMIT
    sandbox: bool = False

    def __post_init__(self) -> None:
        for name, (problem, least, most) in _LIMITS.items():
            object.__setattr__(self, name, _positive(getattr(self, name), problem, least, most))
        object.__setattr__(self, "sandbox", _switch(self.sandbox, "sandbox"))

    def options(self) -> dict[str, float | bool]:
        """The limits by option name, as a spec and a manifest write them."""
        return {item.name: getattr(self, item.name) for item in fields(self)}

    def overridden(self, options: Mapping[str, Any]) -> Limits:
        """These limits, with those ``options`` (a program spec's) sets itself instead."""
        return Limits(**{**self.options(),
                         **{name: value for name, value in options.items() if name in _OPTIONS}})


@dataclass(frozen=True, slots=True)
class Settings:
    """How a game is played besides its seed and players (the module says each field). Raises
    ``ValueError`` for an unknown ruleset or table, a negative penalty or max_fouls below 1,
    and ``TypeError`` for a penalty or max_fouls that is no whole number (a bool, a float)."""

    ruleset: str = "green-book"
    table: str = "mcr"
    penalty: int = FOUL
    max_fouls: int = MAX_FOULS
    limits: Limits = Limits()
    index: int = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        index = ruleset_index(self.ruleset)
        if self.table not in TABLES:
            raise ValueError(f"the tables are {', '.join(TABLES)}, not {self.table!r}")
        object.__setattr__(self, "penalty", whole(self.penalty, "penalty", 0))
        object.__setattr__(self, "max_fouls", whole(self.max_fouls, "max_fouls", 1))
        object.__setattr__(self, "index", index)

    def manifest(self) -> dict[str, Any]:
        """The settings as a run's manifest records them (:data:`KEYS`; the limits by name)."""
        return {key: getattr(self, key) for key in KEYS} | {"limits": self.limits.options()}

    @classmethod
    def from_manifest(cls, manifest: Mapping[str, Any]) -> Settings:
        """The settings a manifest records (a key it lacks, as a manifest made before the
        limits were recorded lacks them: its default)."""
        given = {key: manifest[key] for key in KEYS if key in manifest}
        if "limits" in given:
            limits = given["limits"]
            if not isinstance(limits, Mapping) or not set(limits) <= set(_OPTIONS):
                raise ValueError(f"limits are {', '.join(_OPTIONS)} by name, not {limits!r}")
            given["limits"] = Limits(**limits)
        return cls(**given)


def settings_of(settings: Settings | None, **keywords: Any) -> Settings:
    """``settings``, or the record the keyword forms name (``ruleset=``, ``table=``, ...; None
    for a default). Raises ``ValueError`` when both are given: one source, never two; and
    ``TypeError`` for ``settings`` that are no :class:`Settings` (``settings="green-book"`` was
    handed on, to fail later as "'str' object has no attribute 'ruleset'")."""
    given = {key: value for key, value in keywords.items() if value is not None}
    if settings is None:
        return Settings(**given)
    if not isinstance(settings, Settings):
        raise TypeError(f"settings are a Settings (mjsim.game.settings), or None, not "
                        f"{clipped(repr(settings), 40)}: a ruleset's name goes to ruleset=")
    if given:
        raise ValueError(f"give settings= or {', '.join(f'{key}=' for key in given)}, not both")
    return settings

