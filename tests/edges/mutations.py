"""Hypothesis strategies of random and mutated input for the fuzz tests of every parser a user
feeds, and the property they hold each parser to.

``mutated(seeds)`` takes a valid input and edits it one to four times: characters deleted,
inserted or replaced, a token (a run between spaces or commas) deleted, doubled or swapped, the
text cut short. ``mutated_json(value)`` edits a parsed JSON value: a field or item deleted,
replaced by a value of another type, wrapped, doubled or added. ``refusal(call)`` runs a
parser and holds it to the property: it returns, or raises one of the project's documented
refusals (``ValueError``, which ``NotationError`` is, or a player's ``Foul``) raised by mjsim
itself with a message of one line; anything else, or a hang, fails.
"""

from __future__ import annotations

import contextlib
import json
import re
import signal
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

from hypothesis import strategies as st

import mjsim
from mjsim.players.protocol import Foul

PACKAGE = str(Path(mjsim.__file__).resolve().parent)
HANG = 20
"""Seconds an input may take before it counts as a hang: far beyond any parser's time, so only
a loop that never ends trips it (no test here times anything)."""
_LEAKS = re.compile(r"invalid literal for|could not convert|not enough values|too many values"
                    r"|object is not|has no attribute|unhashable|index out of range")
"""Python's own words for a bug, which a deliberate refusal never uses."""

SPECIAL = list(" \t\n\r,;:?&=-_.()[]{}\"'\\/0123456789mpszESWNRGBFTHJWxyz#\x00\u00e9\u4e00")
ALPHABET = st.sampled_from(SPECIAL) | st.characters(codec="utf-8")
RANDOM_TEXT = st.text(ALPHABET, max_size=40)
JSON_SCALARS = (st.none() | st.booleans() | st.integers(-2**70, 2**70)
                | st.sampled_from([0, 1, -1, 3, 4, 33, 34, 41, 42, 99, 10**9])
                | st.floats(allow_nan=True, allow_infinity=True) | st.text(ALPHABET, max_size=8))
JSON_VALUES = st.recursive(JSON_SCALARS, lambda inner: st.lists(inner, max_size=3)
                           | st.dictionaries(st.text(max_size=6), inner, max_size=3),
                           max_leaves=5)


class Hang(Exception):
    """An input that took longer than :data:`HANG` seconds."""


@contextlib.contextmanager
def bounded(seconds: int = HANG) -> Iterator[None]:
    def ring(*_: Any) -> None:
        raise Hang(f"no answer in {seconds} s")

    previous = signal.signal(signal.SIGALRM, ring)
    signal.alarm(seconds)
    try:
        yield
    finally:
        signal.alarm(0)
        signal.signal(signal.SIGALRM, previous)


def refusal(call: Callable[[], Any], allowed: tuple[type[BaseException], ...] = (ValueError, Foul)
            ) -> BaseException | None:
    """Run ``call``; returns None, or the clean refusal it raised (see the module's doc)."""
    try:
        with bounded():
            call()
    except allowed as error:
        check_refusal(error)
        return error
    return None


def check_refusal(error: BaseException) -> None:
    """``error`` is a refusal a person can read: one line, raised by mjsim, in mjsim's words."""
    text = str(error)
    assert text.strip() and "\n" not in text.strip(), f"not one line: {text!r}"
    assert not _LEAKS.search(text), f"Python's words, not a refusal: {text!r}"
    frames = []
    trace = error.__traceback__
    while trace is not None:
        frames.append(trace.tb_frame.f_code.co_filename)
        trace = trace.tb_next
    assert frames and str(Path(frames[-1]).resolve()).startswith(PACKAGE), (
        f"{type(error).__name__} raised outside mjsim, in {frames[-1] if frames else '?'}: "
        f"{text!r}")


def _tokens(text: str) -> list[str]:
    return re.split(r"([ ,\n])", text)


@st.composite
def _edit(draw: st.DrawFn, text: str) -> str:
    how = draw(st.sampled_from(["delete", "insert", "replace", "drop", "double", "swap", "cut"]))
    at = draw(st.integers(0, len(text)))
    if how == "delete":
        return text[:at] + text[at + draw(st.integers(1, 3)):]
    if how == "insert":
        return text[:at] + draw(st.text(ALPHABET, min_size=1, max_size=4)) + text[at:]
    if how == "replace":
        return text[:at] + draw(ALPHABET) + text[at + 1:]
    if how == "cut":
        return text[:at]
    tokens = _tokens(text)
    index = draw(st.integers(0, len(tokens) - 1))
    if how == "drop":
        del tokens[index]
    elif how == "double":
        tokens.insert(index, tokens[index])
    else:
        other = draw(st.integers(0, len(tokens) - 1))
        tokens[index], tokens[other] = tokens[other], tokens[index]
    return "".join(tokens)


@st.composite
def mutated(draw: st.DrawFn, seeds: list[str], edits: int = 4) -> str:
    """A seed input edited one to ``edits`` times."""
    text = draw(st.sampled_from(seeds))
    for _ in range(draw(st.integers(1, edits))):
        text = draw(_edit(text))
    return text


def inputs(seeds: list[str]) -> st.SearchStrategy[str]:
    """Mostly mutated seeds, some seeds as they are, some random text."""
    return st.one_of(mutated(seeds), mutated(seeds), mutated(seeds), st.sampled_from(seeds),
                     RANDOM_TEXT)


def _paths(value: Any, path: tuple[Any, ...] = ()) -> Iterator[tuple[Any, ...]]:
    yield path
    if isinstance(value, dict):
        for key, item in value.items():
            yield from _paths(item, (*path, key))
    elif isinstance(value, list):
        for index, item in enumerate(value):
            yield from _paths(item, (*path, index))


def _at(value: Any, path: tuple[Any, ...]) -> Any:
    for step in path:
        value = value[step]
    return value


@st.composite
def mutated_json(draw: st.DrawFn, value: Any, edits: int = 3) -> Any:
    """A copy of the JSON ``value`` edited one to ``edits`` times (see the module's doc)."""
    value = json.loads(json.dumps(value))
    for _ in range(draw(st.integers(1, edits))):
        path = draw(st.sampled_from(list(_paths(value))))
        if not path:
            value = draw(st.sampled_from([[value], {"x": value}, None])) if draw(
                st.integers(0, 9)) == 0 else value
            continue
        parent, last, old = _at(value, path[:-1]), path[-1], _at(value, path)
        how = draw(st.sampled_from(["delete", "replace", "retype", "wrap", "double", "add"]))
        if how == "delete":
            del parent[last]
        elif how == "replace":
            parent[last] = draw(JSON_VALUES)
        elif how == "retype":
            parent[last] = _retyped(old)
        elif how == "wrap":
            parent[last] = [old]
        elif how == "double" and isinstance(parent, list):
            parent.insert(last, old)
        elif isinstance(parent, dict):
            parent[draw(st.text(max_size=6))] = draw(JSON_VALUES)
        else:
            parent.append(draw(JSON_VALUES))
    return value


def _retyped(value: Any) -> Any:
    """The value as another JSON type: a number as text, text as a number, a list as an
    object, and so on."""
    if isinstance(value, bool):
        return int(value)
    if isinstance(value, int | float):
        return str(value)
    if isinstance(value, str):
        return len(value)
    if isinstance(value, list):
        return {str(index): item for index, item in enumerate(value)}
    if isinstance(value, dict):
        return list(value.values())
    return 0


def json_inputs(value: Any) -> st.SearchStrategy[str]:
    """JSON text: ``value`` mutated as JSON, or its text mutated as text, or random text."""
    text = json.dumps(value)
    return st.one_of(mutated_json(value).map(json.dumps), mutated_json(value).map(json.dumps),
                     mutated([text]), RANDOM_TEXT)
