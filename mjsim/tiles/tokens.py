"""The grammar of hand strings: tile and meld tokens to kinds and melds, and back.

:mod:`mjsim.tiles.notation` describes the notation and is its public face. This module sits
below :class:`~mjsim.tiles.hand.Hand`, so that ``Hand.parse`` and ``str(hand)`` are served by it
while ``notation`` builds on both: the imports run one way, kinds, meld, tokens, hand, notation.

One regular expression reads the tokens, spaced or back to back, so a spaced string costs no more
than before; text it cannot read is described afterwards, off the fast path.

>>> parse_parts("19m pung(EEE) F1")
([0, 8], [Meld('pung', (27, 27, 27))], [34])
>>> parse_parts("19mpung(EEE)F1") == parse_parts("19m pung(EEE) F1")
True
>>> print_parts([8, 0], [Meld.pung(27)], [34])
'19m pung(EEE) F1'
"""

from __future__ import annotations

import operator
import re
from collections import Counter
from collections.abc import Iterable, Iterator
from types import MappingProxyType

from mjsim.errors import NotationError, clipped
from mjsim.tiles.kinds import (
    EAST,
    GREEN,
    HONOR_LETTERS,
    N_PLAYING,
    N_SUITED,
    NAMES,
    NORTH,
    RED,
    SOUTH,
    SUIT_LETTERS,
    WEST,
    WHITE,
    Kind,
    copies,
)
from mjsim.tiles.meld import Meld, MeldKind

LETTERS = MappingProxyType({letter: N_SUITED + i for i, letter in enumerate(HONOR_LETTERS)})
"""Honour letter -> kind: E S W N the winds, R G B the red, green and white dragons."""

Z_HONORS: tuple[Kind, ...] = (EAST, SOUTH, WEST, NORTH, WHITE, GREEN, RED)
"""The kinds of ``1z``-``7z`` as the riichi tools write them: the winds, then white, green, red
(the reverse of our letters' R G B)."""

_MELD_WORDS: dict[str, tuple[MeldKind, bool]] = {
    "chow": ("chow", False), "pung": ("pung", False),
    "kong": ("kong", False), "ckong": ("kong", True)}
# The kind of each rank digit, by suit letter; a digit missing from its table is refused.
_RANKS = {letter: {str(rank): suit_index * 9 + rank - 1 for rank in range(1, 10)}
          for suit_index, letter in enumerate(SUIT_LETTERS)}
_RANKS["z"] = {str(digit): kind for digit, kind in enumerate(Z_HONORS, start=1)}
_BONUS = {NAMES[kind]: kind for kind in range(N_PLAYING, len(NAMES))}
# The alternatives in the order tried: honour letters before a meld word, so that ``Epung(EEE)``
# is an east wind and a pung. A bonus tile takes one digit, so ``F12m`` is F1 and 2m.
_TOKEN = re.compile(r"""
    (?P<ranks>[0-9]+)(?P<suit>[mpsz])
  | (?P<bonus>[FT][0-9])
  | (?P<honors>[ESWNRGB]+)
  | (?P<word>[A-Za-z]+)\((?P<inner>[^()\s]*)\)
  | (?P<gap>\s+)
""", re.VERBOSE)
_DIGITS = re.compile(r"[0-9]+")
_WORD = re.compile(r"[A-Za-z]+")


def parse(text: str) -> list[Kind]:
    """A string of tile tokens, spaced or back to back, to a list of kinds in the order written.

    Raises :class:`NotationError` for a rank of zero, a ``z`` digit outside 1-7, an unknown suit
    or honour letter, a fifth tile of one kind, a second copy of a bonus tile, a meld (use
    :func:`mjsim.tiles.notation.parse_hand`), or a garbled run of characters.

    >>> parse("9s RGB T4")
    [26, 31, 32, 33, 41]
    >>> parse("9sRGBT4") == parse("9s 765z T4")
    True
    """
    kinds: list[Kind] = []
    supply = _Supply()
    for match in _scan(text):
        if match.lastgroup == "inner":
            raise NotationError(match.group(), match.start(),
                                "a meld belongs in a hand: use parse_hand")
        these = _kinds_of(match)
        supply.take(these, match.group(), match.start())
        kinds.extend(these)
    return kinds


def parse_parts(text: str) -> tuple[list[Kind], list[Meld], list[Kind]]:
    """A hand string to ``(concealed, melds, flowers)``: the kinds and bonus tiles as written.

    Raises :class:`NotationError` for what :func:`mjsim.tiles.notation.parse_hand` lists.
    """
    concealed: list[Kind] = []
    flowers: list[Kind] = []
    melds: list[Meld] = []
    supply = _Supply()
    for match in _scan(text):
        if match.lastgroup == "inner":
            meld = _parse_meld(text, match)
            supply.take(meld.tiles, match.group(), match.start())
            melds.append(meld)
            continue
        these = _kinds_of(match)
        supply.take(these, match.group(), match.start())
        for kind in these:
            (concealed if kind < N_PLAYING else flowers).append(kind)
    return concealed, melds, flowers


def print_tiles(kinds: Iterable[Kind]) -> str:
    """Kinds to the canonical string: suits m, p, s, then honours, then bonus tiles. A
    ``TypeError`` for kinds that are no list of them (a str, None), a ``ValueError`` naming
    one that is no kind."""
    # A str was printed as its characters ("no tile kind '1'"), None was "not iterable"
    if isinstance(kinds, str | bytes) or not isinstance(kinds, Iterable):
        raise TypeError(f"tiles are tile kinds (ints), not {clipped(repr(kinds), 40)}")
    listed = list(kinds)
    for kind in listed:  # before sorting: [1, "x"] met "'<' not supported"
        if not _is_kind(kind):
            raise ValueError(f"no tile kind {clipped(repr(kind), 40)}")
    ordered = sorted(listed)
    tokens = []
    for suit_index, letter in enumerate(SUIT_LETTERS):
        ranks = "".join(str(k % 9 + 1) for k in ordered if k // 9 == suit_index and k < N_SUITED)
        if ranks:
            tokens.append(ranks + letter)
    honors = "".join(NAMES[k] for k in ordered if N_SUITED <= k < N_PLAYING)
    if honors:
        tokens.append(honors)
    tokens.extend(NAMES[k] for k in ordered if k >= N_PLAYING)
    return " ".join(tokens)


def _is_kind(value: object) -> bool:
    """Whether ``value`` is an integer (numpy's too, not a float) naming a tile kind."""
    try:
        return 0 <= operator.index(value) < len(NAMES)  # type: ignore[arg-type]
    except TypeError:
        return False


def print_meld(meld: Meld) -> str:
    """One meld to its ``kind(tiles)`` token: ``chow(234s)``, ``kong(5555p)``, ``ckong(EEEE)``
    (any object with ``kind``, ``tiles`` and ``concealed``: the scorer prints the melds of the
    hands of any class it reads)."""
    word = "ckong" if meld.concealed else meld.kind
    return f"{word}({print_tiles(meld.tiles)})"


def print_parts(concealed: Iterable[Kind], melds: Iterable[Meld], flowers: Iterable[Kind]) -> str:
    """A hand's parts to its string: the concealed tiles, the melds in order, the bonus tiles."""
    parts = [print_tiles(concealed), *(print_meld(m) for m in melds), print_tiles(flowers)]
    return " ".join(part for part in parts if part)


def _scan(text: str, start: int = 0, end: int | None = None) -> Iterator[re.Match[str]]:
    """The tokens of ``text[start:end]`` (positions count from the start of ``text``)."""
    if not isinstance(text, str):
        raise TypeError(f"a hand string is a str, not {type(text).__name__}")
    stop = len(text) if end is None else end
    match_at = _TOKEN.match
    position = start
    while position < stop:
        match = match_at(text, position, stop)
        if match is None:
            raise _garbled(text, position, start, stop)
        position = match.end()
        if match.lastgroup != "gap":
            yield match


def _kinds_of(match: re.Match[str]) -> list[Kind]:
    """The kinds of one tile token, or a NotationError saying which digit or name is wrong."""
    group = match.lastgroup
    if group == "suit":
        suit_letter = match["suit"]
        table = _RANKS[suit_letter]
        try:
            return [table[digit] for digit in match["ranks"]]
        except KeyError as missing:
            raise NotationError(match.group(), match.start(),
                                _bad_digit(missing.args[0], suit_letter)) from None
    if group == "bonus":
        name = match["bonus"]
        if name not in _BONUS:
            family = "flowers are F1 to F4" if name[0] == "F" else "seasons are T1 to T4"
            raise NotationError(name, match.start(), f"no such bonus tile ({family})")
        return [_BONUS[name]]
    return [LETTERS[letter] for letter in match["honors"]]


def _bad_digit(digit: str, suit_letter: str) -> str:
    if suit_letter != "z":
        return "a rank of zero (ranks are 1 to 9)"
    return (f"no honour {digit}z (the z honours are 1z-7z: 1-4 the winds E S W N, 5 white, "
            "6 green, 7 red)")


def _parse_meld(text: str, match: re.Match[str]) -> Meld:
    token, position, word = match.group(), match.start(), match["word"]
    if word not in _MELD_WORDS:
        raise NotationError(token, position,
                            f"unknown meld {word!r} (the melds are chow, pung, kong, ckong)")
    if not match["inner"]:
        raise NotationError(token, position, "garbled: a meld holds its tiles, as in chow(234s)")
    kinds: list[Kind] = []
    try:
        for part in _scan(text, *match.span("inner")):
            kinds.extend(_kinds_of(part))
    except NotationError as error:
        raise NotationError(token, position, f"{error.reason} (in {error.token!r})") from None
    if any(k >= N_PLAYING for k in kinds):
        raise NotationError(token, position, "a bonus tile cannot be part of a meld")
    kind, concealed = _MELD_WORDS[word]
    try:
        return Meld(kind, tuple(kinds), concealed=concealed)
    except ValueError as error:  # the tiles do not make the set: Meld says why
        raise NotationError(token, position, str(error)) from None


def _garbled(text: str, position: int, start: int, stop: int) -> NotationError:
    """The refusal of text no token reads at ``position``: it names the whole run of characters
    around it (the token boundaries there are anyone's guess) and says what is wrong where."""
    low, high = position, position
    while low > start and not text[low - 1].isspace():
        low -= 1
    while high < stop and not text[high].isspace():
        high += 1
    run = text[low:high]
    piece, reason, garbled = _what_is_wrong(text[position:high])
    if piece != run:
        reason = f"garbled at character {position} ({piece!r}): {reason}"
    elif garbled:
        reason = f"garbled: {reason}"
    return NotationError(run, low, reason)


def _what_is_wrong(rest: str) -> tuple[str, str, bool]:
    """(the unreadable piece at the start of ``rest``, why, whether it is mere garbage)."""
    digits = _DIGITS.match(rest)
    if digits:
        after = rest[digits.end():digits.end() + 1]
        if after.isalpha():
            return (rest[:digits.end() + 1],
                    f"unknown suit letter {after!r} (the suits are m, p, s, and z for honours)",
                    False)
        return digits.group(), "digits with no suit letter after them", False
    head, word = rest[0], _WORD.match(rest)
    word_end = word.end() if word else 0
    if head in "()" or rest[word_end:word_end + 1] == "(":
        return (rest[:word_end + 1], "a meld is word(tiles) with no space inside the brackets",
                True)
    if word and word.group() in _MELD_WORDS:
        return word.group(), "a meld holds its tiles in brackets, as in pung(EEE)", False
    if head in "FT":
        return head, f"{head} with no number (flowers are F1 to F4, seasons T1 to T4)", False
    if head in SUIT_LETTERS or head == "z":
        return head, f"a suit letter {head!r} with no digits before it", False
    if head.isalpha():
        return (head, f"unknown honour letter {head!r} (the honours are E S W N R G B, or 1z-7z)",
                False)
    return head, f"unexpected {head!r}", True


class _Supply:
    """Counts the tiles written so far and refuses more copies of a kind than the set holds."""

    def __init__(self) -> None:
        self._seen: Counter[Kind] = Counter()

    def take(self, kinds: Iterable[Kind], token: str, position: int) -> None:
        for kind in kinds:
            self._seen[kind] += 1
            if self._seen[kind] > copies(kind):
                reason = (f"a fifth {NAMES[kind]}: only four exist" if kind < N_PLAYING
                          else f"a second {NAMES[kind]}: there is one of each bonus tile")
                raise NotationError(token, position, reason)
