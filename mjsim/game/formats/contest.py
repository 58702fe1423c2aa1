"""The IJCAI contest's text format: read it game by game, and write a replayed game in it.

A game (docs/formats.md gives the whole grammar)::

    Match 5fd1e2...
    Wind 0
    Player 0 Deal W1 W2 ... (13 tiles)
    ... (Player 1 to 3 Deal)
    Player 0 Draw B5
    Player 0 Play F1
    Player 1 Chi W3                  (the chow's middle tile: the discard W2, W4 or W3)
    Player 2 Peng T7 Ignore Player 3 Chi T8
    ...
    Player 3 Hu B5
    Fan 12 ...
    Score -20 -8 -8 36

or ``Huang`` then ``Score 0 0 0 0`` for a drawn game. :func:`read` is a generator: it holds one
game at a time, so a file of any size reads in flat memory.

>>> import io
>>> text = "Match x\\nWind 1\\nPlayer 0 Deal W1\\n"
>>> print([str(g) for g in read(io.StringIO(text))])
['x: line 3: a deal is 13 tiles, not 1']
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Iterator
from typing import IO

from mjsim.errors import NotationError
from mjsim.game.formats.record import (
    CLAIMS,
    VERBS,
    Action,
    Game,
    Refused,
    refuse_extra_dealt,
    refuse_extra_drawn,
)
from mjsim.tiles.botzone import NAMES, kind_of, name_of
from mjsim.tiles.kinds import N_SUITED

__all__ = ["read", "write"]

_VERB = {verb.lower(): verb for verb in (*VERBS, "Deal")}
_IGNORE = 5  # words of each "Ignore Player N VERB TILE"
_PLAYING = {name: kind for kind, name in enumerate(NAMES[:34])}
_SEATS = {"0": 0, "1": 1, "2": 2, "3": 3}
_NUMBER = re.compile(r"-?[0-9]+")
_PLAIN_LINE = re.compile(r"Player ([0-3]) (Draw|Play) ([WBT][1-9]|F[1-4]|J[1-3])\s*$")
_PLAIN = {f"Player {seat} {verb} {name}\n": (seat, verb, kind, ())
          for seat in range(4) for verb in ("Draw", "Play") for name, kind in _PLAYING.items()}
"""What each plain line says (an Action's fields after its line), as most files write it: one
look-up reads it."""
_NEW = tuple.__new__  # an Action made without its generated __new__: a file has millions


def read(stream: IO[str] | Iterable[str]) -> Iterator[Game | Refused]:
    """Each game of ``stream`` in turn: a :class:`Game` as recorded, or :class:`Refused` naming
    the game, the line and what is malformed (the rest of that game is skipped)."""
    game: Game | None = None
    broken = False
    number = 0
    # The open game's actions.append while it takes actions (read, not broken, not ended),
    # else None: the plain lines, most of a file, test it alone.
    append: Callable[[Action], None] | None = None
    plain, known, new = _PLAIN_LINE.match, _PLAIN.get, _NEW
    for number, text in enumerate(stream, 1):
        # The lines most games are made of, read at once; the others through the checks.
        said = known(text)
        if said is None:
            found = plain(text)
            if found is not None:
                seat, verb, tile = found.groups()
                said = _SEATS[seat], verb, _PLAYING[tile], ()
        if said is not None and append is not None:
            append(new(Action, (number, *said)))
            continue
        words = text.split()
        if not words:
            continue
        if words[0] == "Match":
            if game is not None and not broken:
                yield Refused(game.id, number, "the game has no Score line before the next Match")
            game, broken = Game(" ".join(words[1:]) or f"line-{number}", number), False
        elif broken:
            continue
        elif game is None:
            yield Refused(f"line-{number}", number, "text before the first Match line")
            game, broken = Game(f"line-{number}", number), True
        else:
            try:
                if _line(game, words, number):
                    yield game
                    game, broken = None, False
            except Refused as refused:
                yield refused
                broken = True
        append = game.actions.append if game is not None and not broken and not game.end \
            else None
    if game is not None and not broken:
        yield Refused(game.id, number, "the file ends before the game's Score line")


def _line(game: Game, words: list[str], number: int) -> bool:
    """Add one line to ``game``; True once its Score line ends it."""
    head = words[0]
    if head == "Wind":
        game.quan = _int(game, words, 1, number, range(4))
        _arity(game, words, 2, number)
    elif head == "Player":
        _player(game, words, number)
    elif head == "Fan":
        if len(words) < 2:
            raise Refused(game.id, number, "a Fan line gives the fan total")
        game.fan, game.fan_line = _int(game, words, 1, number, range(10_000)), number
    elif head == "Huang":
        _arity(game, words, 1, number)
        game.end = "huang"
    elif head == "Score":
        _arity(game, words, 5, number)
        game.scores = tuple(_int(game, words, i, number, range(-10_000, 10_000))
                            for i in range(1, 5))
        game.score_line = number
        if not game.end:
            raise Refused(game.id, number, "a Score line with neither a Hu nor Huang before it")
        refuse_extra_drawn(game)
        return True
    else:
        raise Refused(game.id, number, f"{head!r} begins no line of the format")
    return False


def _player(game: Game, words: list[str], number: int) -> None:
    seat = _int(game, words, 1, number, range(4))
    verb = _VERB.get(words[2].lower()) if len(words) > 2 else None
    if verb is None:
        raise Refused(game.id, number, "a Player line names an action (Deal, Draw, Play, Chi, "
                                       "Peng, Gang, AnGang, BuGang, Hu)")
    if game.end:
        raise Refused(game.id, number, f"an action after the game's end ({game.end})")
    if verb == "Deal":
        if len(words) != 16:
            raise Refused(game.id, number, f"a deal is 13 tiles, not {len(words) - 3}")
        game.deals[seat] = [_tile(game, word, number) for word in words[3:]]
        refuse_extra_dealt(game, number)
        return
    if len(words) < 4:
        raise Refused(game.id, number, f"{verb} names no tile: it is 'Player N {verb} TILE'")
    tile = _tile(game, words[3], number)
    if verb == "Chi":
        _middle(game, tile, number)
    ignored = _ignored(game, words[4:], number)
    if ignored and verb not in ("Peng", "Gang", "Hu"):
        raise Refused(game.id, number, f"Ignore follows Peng, Gang or Hu only, not {verb}")
    game.actions.append(Action(number, seat, verb, tile, ignored))
    if verb == "Hu":
        game.end = "hu"


def _ignored(game: Game, words: list[str], number: int) -> tuple[tuple[int, str, int], ...]:
    """The ``Ignore Player N VERB TILE`` clauses after an action."""
    clauses = []
    for start in range(0, len(words), _IGNORE):
        clause = words[start:start + _IGNORE]
        verb = _VERB.get(clause[3].lower()) if len(clause) == _IGNORE else None
        if clause[:2] != ["Ignore", "Player"] or verb not in CLAIMS:
            raise Refused(game.id, number, "after the action: only 'Ignore Player N Chi|Peng|"
                                           "Gang|Hu TILE' clauses")
        seat = _int(game, clause, 2, number, range(4))
        tile = _tile(game, clause[4], number)
        if verb == "Chi":
            _middle(game, tile, number)
        clauses.append((seat, str(verb), tile))
    return tuple(clauses)


def _middle(game: Game, tile: int, number: int) -> None:
    if not (tile < N_SUITED and 1 <= tile % 9 <= 7):
        raise Refused(game.id, number, f"{name_of(tile)} is no chow's middle tile")


def _tile(game: Game, word: str, number: int) -> int:
    kind = _PLAYING.get(word)  # a tile named as the format names it, at once
    if kind is not None:
        return kind
    try:
        kind = kind_of(word)
    except NotationError as error:
        raise Refused(game.id, number, str(error)) from None
    if kind >= 34:
        raise Refused(game.id, number, f"{word}: flowers are not in the contest format")
    return kind


def _int(game: Game, words: list[str], at: int, number: int, allowed: range) -> int:
    # ASCII digits only: int() also reads '٠' or '２' (other scripts' digits) and '1_0'.
    if at >= len(words) or _NUMBER.fullmatch(words[at]) is None:
        raise Refused(game.id, number, f"{words[0]} wants a number (ASCII digits) as word "
                                       f"{at + 1}")
    value = int(words[at])
    if value not in allowed:
        raise Refused(game.id, number, f"{words[0]}: {value} is out of range (from "
                                       f"{allowed.start} to {allowed[-1]})")
    return value


def _arity(game: Game, words: list[str], length: int, number: int) -> None:
    if len(words) != length:
        raise Refused(game.id, number, f"a {words[0]} line has {length} words, not {len(words)}")


def write(game: Game) -> str:
    """The contest text of a recorded or replayed ``game`` (its ``fan`` and ``scores`` set).
    Raises ``ValueError`` for a game the format cannot hold: a hand of the MCR table, one with
    flowers, or one that does not end in a win or a drawn game (a foul, or a log that stops
    before the end)."""
    if game.end not in ("hu", "huang"):
        raise ValueError("only a game that ends in a win or a drawn game is written")
    if game.table == "mcr":
        raise ValueError("the contest text holds Botzone's table only (seat 0 deals from a "
                         "split wall of 136): an MCR hand's number, wall and flowers have no "
                         "place in it; write it with --format botzone-log")
    if game.walltiles is not None and max(game.walltiles) >= 34:
        raise ValueError("the contest text holds no flowers")
    lines = [f"Match {game.id}", f"Wind {game.quan}"]
    lines += [f"Player {seat} Deal {' '.join(map(name_of, tiles))}"
              for seat, tiles in enumerate(game.deals)]
    for action in game.actions:
        text = f"Player {action.seat} {action.verb} {name_of(action.tile)}"
        lines.append(text + "".join(f" Ignore Player {s} {v} {name_of(t)}"
                                    for s, v, t in action.ignored))
    if game.end == "hu":
        lines.append(f"Fan {game.fan}")
    else:
        lines.append("Huang")
    lines.append("Score " + " ".join(str(s) for s in game.scores or (0, 0, 0, 0)))
    return "\n".join(lines) + "\n"
