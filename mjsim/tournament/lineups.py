"""Lineups: four player specs, one per seat, and the names a run gives to specs.

A lineup is written ``3,3,2,mine``: each entry a player spec (:mod:`mjsim.players.specs`) or a
name defined for one. A spec holding spaces or commas (a program's command line) is named
first, ``mine=botzone:./bot --fast`` (the command's ``--player``), or written in a lineup file:

.. code-block:: toml

    seats = ["3", "3", "mine", "greedy-claims"]

    [players]
    mine = "botzone:./bot --fast"
    greedy = "bots/greedy.py:Greedy?depth=2"

A name stands for its spec wherever a spec goes, ideas switched off included
(``greedy-claims`` is ``bots/greedy.py:Greedy-claims?depth=2``). Tables name each seat's player
by its entry as written in canonical form, and the run's manifest records what each resolves to.
"""

from __future__ import annotations

import re
import tomllib
from collections.abc import Iterable, Mapping
from pathlib import Path
from typing import Any

from mjsim.errors import clipped
from mjsim.game.settings import Limits
from mjsim.players.protocol import BatchPlayer, Player
from mjsim.players.specs import Spec, describe, load_player, parse_spec, player_bug, player_ideas

__all__ = ["Lineup", "Roster", "as_lineup", "read_lineup_file", "rung_label", "text_entry"]

Lineup = tuple[str, str, str, str]
_NAME = re.compile(r"[A-Za-z_][A-Za-z0-9_.]*")


def rung_label(entry: str) -> str:
    """How a table names a player in words: "rung 3" for a built-in rung, else the entry."""
    return f"rung {entry}" if entry.isdigit() else entry


def as_lineup(entries: Iterable[str]) -> Lineup:
    """Four entries, seat by seat, as a :data:`Lineup`; raises ``ValueError`` unless four.

    >>> as_lineup(str(level) for level in (1, 2, 3, 3))
    ('1', '2', '3', '3')
    """
    entries = list(entries)
    if len(entries) != 4:
        raise ValueError(f"a lineup is four players, one per seat, not {len(entries)}: "
                         f"{','.join(entries)!r}")
    east, south, west, north = entries
    return east, south, west, north


def text_entry(value: object, what: str) -> str:
    """``value``, a lineup entry (a spec or a name), or a ``TypeError`` saying ``what`` it is
    and naming it (an int or None has no ``strip``)."""
    if not isinstance(value, str):
        raise TypeError(f"{what}, not {clipped(repr(value), 40)}")
    return value


class Roster:
    """The names a run defines for specs (``mine`` for ``botzone:./bot --fast``), and the
    reading of lineup entries through them.

    >>> roster = Roster({"g": "pkg.bots:Greedy?depth=2"})
    >>> roster.spec("g-claims"), roster.lineup("3, 3-defence,g,g-claims")
    ('pkg.bots:Greedy-claims?depth=2', ('3', '3-defence', 'g', 'g-claims'))
    """

    def __init__(self, definitions: Mapping[str, str] | None = None) -> None:
        self.definitions: dict[str, str] = {}
        self._specs: dict[str, Spec] = {}
        self._batching: dict[str, bool] = {}  # decides_in_batches, probed once an entry
        if not isinstance(definitions, Mapping | None):
            raise TypeError("a roster's definitions map names to specs, not "
                            f"{clipped(repr(definitions), 40)}")
        for name, spec in (definitions or {}).items():
            self.define(text_entry(name, "a defined name is text"),
                        text_entry(spec, f"the spec of {name!r} is text"))

    @classmethod
    def of(cls, roster: object) -> Roster:
        """``roster``, or an empty roster for None; a ``TypeError`` for anything else (an
        empty string or list is no roster, though it is false)."""
        if roster is None:
            return cls()
        if not isinstance(roster, Roster):
            raise TypeError(f"roster is a Roster or None, not {clipped(repr(roster), 40)}")
        return roster

    def define(self, name: str, spec: str) -> None:
        """Name ``spec``; raises ``ValueError`` for a name that is not one or a bad spec."""
        if not _NAME.fullmatch(name) or name == "botzone":
            raise ValueError(f"bad player name {name!r}: a name is letters, digits, _ and ., "
                             "starting with a letter or _ (ideas follow it with -)")
        parsed = parse_spec(spec)
        # Specs are compared canonical: "3-defence-claims" again is the same player.
        if name in self.definitions and self.definitions[name] != str(parsed):
            raise ValueError(f"player {name!r} is defined twice")
        self._specs[name] = parsed
        self.definitions[name] = str(parsed)

    def _named(self, entry: str) -> bool:
        """Whether ``entry`` is a defined name, with ``-idea`` suffixes or none."""
        return entry.split("-")[0] in self.definitions and "?" not in entry

    def spec(self, entry: str) -> str:
        """The spec a lineup entry stands for, in canonical form."""
        return str(self.parsed(entry))

    def parsed(self, entry: str) -> Spec:
        """The spec a lineup entry stands for, parsed."""
        entry = entry.strip()
        if not self._named(entry):
            return parse_spec(entry)
        name, *off = entry.split("-")
        spec = self._specs[name]
        for idea in off:
            spec = spec.with_off(idea)
        return spec

    def entry(self, entry: str) -> str:
        """A lineup entry in canonical form: a defined name as written, a spec canonical."""
        entry = entry.strip()
        spec = self.spec(entry)  # checks a name's ideas too
        return entry if self._named(entry) else spec

    def lineup(self, lineup: str | Iterable[str]) -> Lineup:
        """Four entries from ``"3,3,2,mine"`` or a sequence, each checked and canonical.

        Raises ``ValueError`` naming an entry that is not a spec, or a lineup not of four, and
        ``TypeError`` for a lineup or an entry that is not text (bytes are not: their items
        are ints).
        """
        if isinstance(lineup, str):
            parts = lineup.split(",")
        elif isinstance(lineup, Iterable) and not isinstance(lineup, bytes | bytearray):
            parts = list(lineup)
        else:
            raise TypeError(f"lineup is text or a sequence of four entries, not "
                            f"{clipped(repr(lineup), 40)}")
        return as_lineup(self.entry(text_entry(part, "lineup holds specs or names (text)"))
                         for part in parts)

    def with_off(self, entry: str, idea: str) -> str:
        """The entry of ``entry``'s player with ``idea`` switched off as well."""
        spec = self.parsed(entry).with_off(idea)  # checks the idea
        return f"{entry}-{idea}" if self._named(entry) else str(spec)

    def ideas(self, entry: str) -> tuple[str, ...]:
        """The ideas ``entry``'s player has switched on: those it declares, less those off."""
        spec = self.parsed(entry)
        return tuple(idea for idea in player_ideas(spec) if idea not in spec.off)

    def player(self, entry: str, *, workdir: Path | None = None,
               limits: Limits | None = None) -> Player:
        """A fresh player for ``entry`` (``workdir`` and ``limits``: :func:`load_player`'s)."""
        return load_player(self.parsed(entry), workdir=workdir, limits=limits)

    def decides_in_batches(self, entry: str) -> bool:
        """Whether ``entry``'s player decides many views in one call
        (:class:`~mjsim.players.protocol.BatchPlayer`), as a probe built and closed says."""
        if entry not in self._batching:
            self._probe(entry)
        return self._batching[entry]

    def check(self, entries: Iterable[str], limits: Limits | None = None) -> None:
        """Build each entry's player once, within the run's ``limits``, so a missing file,
        class or idea, or a sandbox that cannot be made, is reported before any game is played
        (a program is not started: that happens when a hand begins); what
        :meth:`decides_in_batches` would ask is read from the same build."""
        for entry in dict.fromkeys(entries):
            self._probe(entry, limits)

    def _probe(self, entry: str, limits: Limits | None = None) -> None:
        """Build and close ``entry``'s player, keeping whether it decides in batches."""
        player = self.player(entry, limits=limits)
        self._batching[entry] = isinstance(player, BatchPlayer)
        close = getattr(player, "close", None)
        if close is None:
            return
        try:
            close()
        except KeyboardInterrupt:
            raise
        except BaseException as error:  # noqa: BLE001 - its own bug, named as a constructor's
            # is (an OSError read as the run's own 'stopped ... resume', with nothing written)
            raise player_bug(f"cannot close player {self.parsed(entry)}", error) from None

    def described(self, entries: Iterable[str]) -> dict[str, dict[str, Any]]:
        """What each entry resolves to here, for the manifest."""
        return {entry: describe(self.parsed(entry)) for entry in sorted(set(entries))}

    def runs_code(self, entries: Iterable[str]) -> list[str]:
        """The entries whose players import or start something outside mjsim."""
        return sorted({entry for entry in entries if self.parsed(entry).runs_code})

    def runs_programs(self, entries: Iterable[str]) -> bool:
        """Whether any entry's player is a Botzone program (which needs a working folder)."""
        return any(self.parsed(entry).runs_program for entry in entries)


def read_lineup_file(path: str | Path) -> tuple[Lineup, Roster]:
    """The lineup and names of a TOML lineup file (``seats``, and a ``players`` table).

    Raises ``ValueError`` naming the file for one that cannot be read or is not a lineup.
    """
    if Path(path).exists() and not Path(path).is_file() and not Path(path).is_dir():
        # a pipe with no writer would be waited on for ever, a device read without end
        raise ValueError(f"lineup file {path} is no regular file (a pipe or a device)")
    try:
        # utf-8-sig drops the byte-order mark some editors write first, which TOML refuses.
        data = tomllib.loads(Path(path).read_text(encoding="utf-8-sig"))
    except OSError as error:
        raise ValueError(f"cannot read lineup file {path}: {error.strerror}") from None
    except UnicodeDecodeError:
        raise ValueError(f"lineup file {path} is not text (UTF-8)") from None
    except tomllib.TOMLDecodeError as error:
        raise ValueError(f"lineup file {path}: {error}") from None
    except RecursionError:  # tomllib reads nested arrays by recursion
        raise ValueError(f"lineup file {path} nests arrays too deeply to read") from None
    players, seats = data.get("players", {}), data.get("seats")
    unknown = set(data) - {"players", "seats"}
    if (not isinstance(players, dict) or not isinstance(seats, list) or unknown
            or not all(isinstance(v, str) for v in (*players.values(), *seats))):
        raise ValueError(f"lineup file {path}: expected seats = [four specs or names] and a "
                         "[players] table of name = \"spec\", nothing else")
    try:
        roster = Roster(players)
        return roster.lineup(seats), roster
    except ValueError as error:
        raise ValueError(f"lineup file {path}: {error}") from None

