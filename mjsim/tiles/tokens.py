"""The grammar of hand strings: tile and meld tokens to kinds and melds, and back.

:mod:`mjsim.tiles.notation` describes the notation and is its public face. This module sits
below :class:`~mjsim.tiles.hand.Hand`, so that ``Hand.parse`` and ``str(hand)`` are served by it
while ``notation`` builds on both: the imports run one way, kinds, meld, tokens, hand, notation.

>>> parse_parts("19m pung(EEE) F1")
([0, 8], [Meld('pung', (27, 27, 27))], [34])
>>> print_parts([8, 0], [Meld.pung(27)], [34])
'19m pung(EEE) F1'
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Iterable, Iterator
from types import MappingProxyType

from mjsim.errors import NotationError
from mjsim.tiles.kinds import HONOR_LETTERS, N_PLAYING, N_SUITED, NAMES, SUIT_LETTERS, Kind, copies
from mjsim.tiles.meld import Meld, MeldKind

LETTERS = MappingProxyType({letter: N_SUITED + i for i, letter in enumerate(HONOR_LETTERS)})
"""Honour letter -> kind: E S W N the winds, R G B the red, green and white dragons."""

_MELD_WORDS: dict[str, tuple[MeldKind, bool]] = {
    "chow": ("chow", False), "pung": ("pung", False),
    "kong": ("kong", False), "ckong": ("kong", True)}
_TOKEN = re.compile(r"\S+")
_MELD = re.compile(r"([A-Za-z]+)\((.*)\)\Z")
# Inside a meld, tokens may be written back to back so that a mixed-suit chow can be written
# (and refused with its reason): chow(9m1p2p).
_PART = re.compile(r"[FT]\d|\d+\D?|[^\dFT]+|[FT]")


def parse(text: str) -> list[Kind]:
    """A string of tile tokens to a list of kinds, in the order written.

    Raises :class:`NotationError` for a rank of zero, an unknown suit or honour letter, a fifth
    tile of one kind, a second copy of a bonus tile, a meld (use
    :func:`mjsim.tiles.notation.parse_hand`), or an empty or garbled token.

    >>> parse("9s RGB T4")
    [26, 31, 32, 33, 41]
    """
    kinds: list[Kind] = []
    supply = _Supply()
    for token, position in _tokens(text):
        if _MELD.match(token):
            raise NotationError(token, position, "a meld belongs in a hand: use parse_hand")
        these = _parse_token(token, position)
        supply.take(these, token, position)
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
    for token, position in _tokens(text):
        meld_match = _MELD.match(token)
        if meld_match:
            meld = _parse_meld(token, position, *meld_match.groups())
            supply.take(meld.tiles, token, position)
            melds.append(meld)
            continue
        these = _parse_token(token, position)
        supply.take(these, token, position)
        for kind in these:
            (concealed if kind < N_PLAYING else flowers).append(kind)
    return concealed, melds, flowers


def print_tiles(kinds: Iterable[Kind]) -> str:
    """Kinds to the canonical string: suits m, p, s, then honours, then bonus tiles."""
    ordered = sorted(kinds)
    for kind in ordered:
        if not 0 <= kind < len(NAMES):
            raise ValueError(f"no tile kind {kind}")
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


def print_meld(meld: Meld) -> str:
    """One meld to its ``kind(tiles)`` token: ``chow(234s)``, ``kong(5555p)``, ``ckong(EEEE)``."""
    word = "ckong" if meld.concealed else meld.kind
    return f"{word}({print_tiles(meld.tiles)})"


def print_parts(concealed: Iterable[Kind], melds: Iterable[Meld], flowers: Iterable[Kind]) -> str:
    """A hand's parts to its string: the concealed tiles, the melds in order, the bonus tiles."""
    parts = [print_tiles(concealed), *(print_meld(m) for m in melds), print_tiles(flowers)]
    return " ".join(part for part in parts if part)


def _tokens(text: str) -> Iterator[tuple[str, int]]:
    if not isinstance(text, str):
        raise TypeError(f"a hand string is a str, not {type(text).__name__}")
    for match in _TOKEN.finditer(text):
        yield match.group(), match.start()


def _parse_token(token: str, position: int) -> list[Kind]:
    """The kinds of one tile token, or a NotationError saying what is wrong with it."""
    if "(" in token or ")" in token:
        raise NotationError(token, position,
                            "garbled: a meld is word(tiles) with no space inside the brackets")
    head = token[0]
    if head.isdigit():
        digits = token[: len(token) - len(token.lstrip("0123456789"))]
        rest = token[len(digits):]
        if not rest:
            raise NotationError(token, position, "digits with no suit letter after them")
        if rest[0] not in SUIT_LETTERS:
            raise NotationError(token, position,
                                f"unknown suit letter {rest[0]!r} (the suits are m, p, s)")
        if len(rest) > 1:
            raise NotationError(token, position, "garbled: a suit letter ends a token")
        if "0" in digits:
            raise NotationError(token, position, "a rank of zero (ranks are 1 to 9)")
        suit_index = SUIT_LETTERS.index(rest)
        return [suit_index * 9 + int(d) - 1 for d in digits]
    if head in "FT" and len(token) > 1 and token[1:].isdigit():
        number = int(token[1:])
        if not 1 <= number <= 4:
            family = "flowers are F1 to F4" if head == "F" else "seasons are T1 to T4"
            raise NotationError(token, position, f"no such bonus tile ({family})")
        return [N_PLAYING + (0 if head == "F" else 4) + number - 1]
    for letter in token:
        if letter not in LETTERS:
            reason = (f"unknown honour letter {letter!r} (the honours are E S W N R G B)"
                      if letter.isalpha() else f"garbled: unexpected {letter!r}")
            raise NotationError(token, position, reason)
    return [LETTERS[letter] for letter in token]


def _parse_meld(token: str, position: int, word: str, inner: str) -> Meld:
    if word not in _MELD_WORDS:
        raise NotationError(token, position,
                            f"unknown meld {word!r} (the melds are chow, pung, kong, ckong)")
    if not inner or " " in inner or "(" in inner:
        raise NotationError(token, position, "garbled: a meld holds its tiles, as in chow(234s)")
    kinds: list[Kind] = []
    for part in _PART.finditer(inner):
        try:
            kinds.extend(_parse_token(part.group(), position))
        except NotationError as error:
            raise NotationError(token, position, f"{error.reason} (in {part.group()!r})") from None
    if any(k >= N_PLAYING for k in kinds):
        raise NotationError(token, position, "a bonus tile cannot be part of a meld")
    kind, concealed = _MELD_WORDS[word]
    try:
        return Meld(kind, tuple(kinds), concealed=concealed)
    except ValueError as error:  # the tiles do not make the set: Meld says why
        raise NotationError(token, position, str(error)) from None


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
