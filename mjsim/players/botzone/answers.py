"""Botzone's answers, both ways: an answer read as mjsim moves, and mjsim moves written as one.

The grammar, by what the request allows (:func:`mjsim.players.botzone.requests.choice_of`):

- after the seat's own draw (``draw``): ``PLAY t``, ``GANG t`` (four in hand), ``BUGANG t``
  (promote an exposed pung), ``HU``;
- after another seat's discard (``discard``): ``PASS``, ``HU``, ``PENG t2`` (pung, then discard
  t2), ``CHI m t2`` (chow with middle m, then discard t2), ``GANG`` (claimed kong);
- after another seat's ``BUGANG`` (``rob``): ``PASS`` or ``HU``;
- otherwise ``PASS`` only.

As Botzone's judge reads them, answers are split on single spaces, so a double, leading or
trailing space is wrong, and tile names are exact. An answer that breaks the grammar is
``malformed``; one that keeps it but is not a move mjsim allows (``view.legal``, and for a claim
the discard after it) is ``illegal``. Either raises :class:`~mjsim.players.protocol.Foul` whose
reason starts with that word. Botzone checks a claim only when it would win the window; this
module checks every claim it is asked to read.

>>> from mjsim.game.moves import PUNG, Move
>>> answer_of([PUNG, Move("discard", tile=33)])
'PENG J3'
>>> words_of("PLAY  W1", "draw")
Traceback (most recent call last):
...
mjsim.players.protocol.Foul: malformed: 'PLAY  W1' has an empty word (Botzone splits on ...)
"""

from __future__ import annotations

from collections.abc import Sequence

from mjsim.errors import NotationError
from mjsim.game.moves import CHOWS, DISCARDS, KONG, KONGS, PASS, PUNG, WIN, Move
from mjsim.players.protocol import Foul
from mjsim.players.view import View
from mjsim.tiles.botzone import NAMES, kind_of, name_of
from mjsim.tiles.kinds import N_SUITED
from mjsim.tiles.meld import Meld

__all__ = ["ILLEGAL", "MALFORMED", "answer_of", "legal_answers", "moves_of", "spoken", "words_of"]

MALFORMED = "malformed"
ILLEGAL = "illegal"

# The words each kind of request takes, and how many tile names follow each.
_GRAMMAR: dict[str | None, dict[str, int]] = {
    None: {"PASS": 0},
    "draw": {"PLAY": 1, "GANG": 1, "BUGANG": 1, "HU": 0},
    "discard": {"PASS": 0, "HU": 0, "PENG": 1, "CHI": 2, "GANG": 0},
    "rob": {"PASS": 0, "HU": 0},
}
_CHOICE_OF_PHASE = {"discard": "draw", "claim": "discard", "rob": "rob"}


def words_of(answer: str, choice: str | None) -> list[str]:
    """The words of ``answer`` to a request allowing ``choice``, checked against the grammar
    (tile names included); raises ``Foul`` (malformed) naming what is wrong."""
    words = answer.split(" ")
    if "" in words:
        raise Foul(f"{MALFORMED}: {answer!r} has an empty word (Botzone splits on single spaces)",
                   answer)
    arity = _GRAMMAR[choice].get(words[0])
    if arity is None:
        allowed = " | ".join(_GRAMMAR[choice])
        raise Foul(f"{MALFORMED}: {answer!r} is not an answer here ({allowed})", answer)
    if len(words) != arity + 1:
        raise Foul(f"{MALFORMED}: {words[0]} takes {arity} tile(s), not {len(words) - 1}", answer)
    for position, word in enumerate(words[1:], 1):
        try:
            kind_of(word)
        except NotationError:
            raise Foul(f"{MALFORMED}: {word!r} (word {position + 1}) is not a Botzone tile name",
                       answer) from None
    return words


def moves_of(answer: str, view: View) -> list[Move]:
    """The moves ``answer`` stands for at ``view``: one, or a claim and the discard after it.

    Raises ``Foul`` (malformed or illegal) when it is not a well-formed answer naming moves
    in ``view.legal``.
    """
    choice = _CHOICE_OF_PHASE.get(view.phase) if view.legal else None
    words = words_of(answer, choice)
    verb, tiles = words[0], [kind_of(word) for word in words[1:]]
    if verb == "PASS":
        moves = [PASS]
    elif verb == "HU":
        moves = [WIN]
    elif verb == "PLAY":
        moves = [DISCARDS[tiles[0]]]
    elif verb in ("GANG", "BUGANG") and tiles:
        moves = [_own_kong(answer, view, verb, tiles[0])]
    elif verb == "GANG":
        moves = [KONG]
    else:
        moves = _claim(answer, view, verb, tiles)
    if moves[0] not in view.legal:
        raise Foul(f"{ILLEGAL}: {answer!r} is not a move seat {view.seat} may make here "
                   f"(it may: {', '.join(legal_answers(view))})", answer)
    return moves


def _own_kong(answer: str, view: View, verb: str, tile: int) -> Move:
    """``GANG t`` declares four in hand, ``BUGANG t`` promotes an exposed pung: both are
    mjsim's kong of ``t``, so the word must fit the hand."""
    promotes = any(m.kind == "pung" and m.tile == tile for m in view.hand.melds)
    if (verb == "BUGANG") != promotes:
        what = "no exposed pung" if verb == "BUGANG" else "an exposed pung, so BUGANG"
        raise Foul(f"{ILLEGAL}: {answer!r}, but seat {view.seat} has {what} of "
                   f"{name_of(tile)}", answer)
    return KONGS[tile]


def _claim(answer: str, view: View, verb: str, tiles: list[int]) -> list[Move]:
    """``PENG t2`` or ``CHI m t2``: the claim, and the discard after it, which must be held once
    the claim's tiles leave the hand."""
    window = view.window
    if window is None:
        raise Foul(f"{ILLEGAL}: {answer!r} with no discard to claim", answer)
    counts = [int(n) for n in view.hand.counts]
    if verb == "PENG":
        claim, used = PUNG, [window.tile, window.tile]
    else:
        middle = tiles.pop(0)
        if middle >= N_SUITED or middle % 9 in (0, 8) or abs(middle - window.tile) > 1:
            raise Foul(f"{ILLEGAL}: no chow with middle {name_of(middle)} holds "
                       f"{name_of(window.tile)}", answer)
        claim = CHOWS[middle - 1]
        used = [k for k in (middle - 1, middle, middle + 1) if k != window.tile]
    if claim not in view.legal:
        raise Foul(f"{ILLEGAL}: {answer!r} is not a claim seat {view.seat} may make here "
                   f"(it may: {', '.join(legal_answers(view))})", answer)
    for kind in used:
        counts[kind] -= 1
    discard = tiles[0]
    if counts[discard] <= 0:
        raise Foul(f"{ILLEGAL}: {answer!r}, but no {name_of(discard)} is left to discard "
                   f"after the {verb}", answer)
    return [claim, DISCARDS[discard]]


def legal_answers(view: View) -> list[str]:
    """The legal moves of ``view`` as Botzone answers (a claim with ``t2`` for its discard)."""
    return [spoken(move, view.hand.melds) for move in view.legal]


def spoken(move: object, melds: Sequence[Meld] = ()) -> str:
    """``move`` in Botzone's words, for people: its answer (a claim with ``t2`` for the discard
    after it), in Botzone's tile names; the move's repr when no answer stands for it (a player
    may offer anything)."""
    if not isinstance(move, Move):
        return repr(move)
    plain = move.tile is None and move.tiles is None
    named = move.tiles is None and move.tile is not None and 0 <= move.tile < len(NAMES)
    if move.kind == "pung" and plain:
        return "PENG t2"
    if move.kind == "chow" and move.tiles is not None and len(move.tiles) == 3 \
            and 0 <= move.tiles[1] < N_SUITED:
        return f"CHI {name_of(move.tiles[1])} t2"
    if (plain and move.kind in ("win", "pass", "kong")) or (
            named and move.kind in ("discard", "kong")):
        return answer_of(move, melds)
    return repr(move)


def answer_of(moves: Move | Sequence[Move] | None, melds: Sequence[Meld] = ()) -> str:
    """The Botzone answer for ``moves`` (one move, or a pung or chow and the discard after it;
    None or nothing is ``PASS``). ``melds`` are the seat's: a kong of a tile it holds as an
    exposed pung is written ``BUGANG t``, any other kong of its own ``GANG t``.

    Raises ``ValueError`` for moves no single answer stands for.

    >>> answer_of(CHOWS[3])
    Traceback (most recent call last):
    ...
    ValueError: a chow is answered with the discard after it: CHI m t2
    """
    if moves is None:
        return "PASS"
    seq = [moves] if isinstance(moves, Move) else list(moves)
    if not seq:
        return "PASS"
    first = seq[0]
    if first.kind in ("pung", "chow"):
        if len(seq) != 2 or seq[1].kind != "discard" or seq[1].tile is None:
            form = "PENG t2" if first.kind == "pung" else "CHI m t2"
            raise ValueError(f"a {first.kind} is answered with the discard after it: {form}")
        discard = name_of(seq[1].tile)
        if first.kind == "pung":
            return f"PENG {discard}"
        assert first.tiles is not None  # a chow names its tiles
        return f"CHI {name_of(first.tiles[1])} {discard}"
    if len(seq) != 1:
        raise ValueError(f"only a pung or chow is answered with a second move, not {seq}")
    if first.kind == "discard" and first.tile is not None:
        return f"PLAY {name_of(first.tile)}"
    if first.kind == "kong":
        if first.tile is None:
            return "GANG"
        promotes = any(m.kind == "pung" and m.tile == first.tile for m in melds)
        return f"{'BUGANG' if promotes else 'GANG'} {name_of(first.tile)}"
    if first.kind == "win":
        return "HU"
    return "PASS"
