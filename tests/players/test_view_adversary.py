"""An adversarial player: from its view it tries every attribute, element, dict and slot, array
``.base`` and no-argument method it can reach, then feeds what it found to every public function
of mjsim (everything in the ``__all__`` of mjsim and its subpackages), and recovers no hidden tile:
nothing it reaches equals another seat's concealed counts, holds a run of the wall's order, or
holds the seed. Two games whose hidden tiles differ while the seat's information is the same
(tests/helpers/twins.py) give it the same values along the same paths.

Out of scope, by design: Python's reflection (``gc``, ``sys.modules``, frames, ``__globals__``,
``__class__`` and the modules of functions, ``ctypes`` addresses). An in-process player is trusted
code that Python cannot sandbox (README, "Trust"): untrusted code runs as a program seat. So the
walk does not follow dunder attributes, modules, classes, functions' code or globals."""

import importlib
import itertools
import pkgutil
import types
from collections import deque

import numpy as np
import pytest

import mjsim
from mjsim.game.rules import Rules
from mjsim.players import Rung, view_of
from tests.helpers.twins import twins

SEED = b"adversary-hidden-seed-7d1f"
PRIMITIVE = (int, float, complex, str, bytes, bool, type(None), np.generic)
OPAQUE = (types.ModuleType, type, types.FunctionType, types.BuiltinFunctionType,
          types.CodeType, types.FrameType, types.MethodType, types.BuiltinMethodType,
          types.MethodWrapperType, types.WrapperDescriptorType)
MUTATORS = frozenset({"pop", "popitem", "clear", "sort", "reverse", "remove", "append",
                      "extend", "insert", "update", "setdefault", "add", "discard", "fill",
                      "resize", "itemset", "setflags", "partition", "put", "dump", "tofile",
                      "release", "close"})
SKIPPED = frozenset({"ctypes"})  # raw memory addresses: reflection, out of scope
RUNNERS = frozenset({"ladder", "price", "table", "run", "resume", "play_game", "env",
                     "VectorGames"})  # whole tournaments, games or environments of their own
DEPTH = 5


def children(obj):
    """What one step from ``obj`` reaches: (step, value) pairs, in a fixed order."""
    found = []
    if isinstance(obj, np.ndarray):
        found.append((".base", obj.base))
        found.append((".tolist()", obj.tolist()))
    if isinstance(obj, (list, tuple)):
        found.extend((f"[{i}]", item) for i, item in enumerate(obj))
    elif isinstance(obj, dict):
        found.extend((f"[{key!r}]", value) for key, value in obj.items())
    elif isinstance(obj, (set, frozenset)):
        found.extend((f"{{{i}}}", item) for i, item in enumerate(sorted(obj, key=repr)))
    for name in sorted(dir(obj)):
        if (name.startswith("__") and name != "__dict__") or name in SKIPPED:
            continue
        try:
            value = getattr(obj, name)
        except Exception:  # noqa: BLE001 - a property that refuses is a path tried
            found.append((f".{name}!", None))
            continue
        if callable(value) and not isinstance(value, type):
            if name in MUTATORS:
                continue
            try:
                found.append((f".{name}()", value()))
            except BaseException as error:
                if isinstance(error, KeyboardInterrupt):
                    raise
                found.append((f".{name}()!", None))
        else:
            found.append((f".{name}", value))
    return found


def walk(root, name="view", depth=DEPTH):
    """Every (path, value) reached from ``root``, breadth first; objects met again are not
    walked again (their path is still counted)."""
    met, keep, out = set(), [], []
    queue = deque([(name, root, 0)])
    while queue:
        path, obj, level = queue.popleft()
        out.append((path, obj))
        if isinstance(obj, (*PRIMITIVE, *OPAQUE)) or level >= depth:
            continue
        if id(obj) in met:
            continue
        met.add(id(obj))
        keep.append(obj)  # held, so that no id is reused while walking
        queue.extend((path + step, value, level + 1) for step, value in children(obj))
    return out


def public_functions():
    packages = ["mjsim", *(m.name for m in pkgutil.walk_packages(mjsim.__path__, "mjsim.")
                           if m.ispkg)]
    found = {}
    for package in packages:
        module = importlib.import_module(package)
        for name in getattr(module, "__all__", ()):
            value = getattr(module, name)
            if callable(value) and name not in RUNNERS:
                found[f"{package}.{name}"] = value
    return found


class Hidden:
    """What the seat may not learn: the others' concealed counts, the wall's order, the seed."""

    def __init__(self, game, seat):
        self.others = {tuple(int(c) for c in game.hands[s].counts) for s in range(4) if s != seat}
        self.run = tuple(game.wall.order)[:8]
        self.seed = game.seed

    def in_(self, value):
        if isinstance(value, str):
            value = value.encode("utf-8", "surrogateescape")
        if isinstance(value, (bytes, bytearray, memoryview)):
            return self.seed in bytes(value)
        if isinstance(value, np.ndarray) and value.size <= 1000:
            value = value.ravel().tolist()
        if not isinstance(value, (list, tuple)) or not value or len(value) > 1000 or not all(
                isinstance(v, (int, np.integer)) and not isinstance(v, bool) for v in value):
            return False
        kinds = tuple(int(v) for v in value)
        if kinds in self.others:
            return True
        run = self.run
        return len(run) == 8 and any(kinds[i:i + 8] == run for i in range(len(kinds) - 7))


def views_of_a_game(seed, every=40):
    """Views through one hand of rung 2 on the sixteen-hand table, one every ``every`` moves."""
    game, rung, count = Rules(seed, last_hand=1), Rung(2), 0
    while game.waiting_on():
        seat = game.waiting_on()[0]
        view = view_of(game, seat)
        if count % every == 0:
            yield game, view
        assert game.apply(seat, rung.act(view)) is True
        count += 1


@pytest.mark.slow
def test_no_path_from_a_view_or_through_mjsims_functions_reaches_a_hidden_tile(tmp_path,
                                                                                monkeypatch):
    monkeypatch.chdir(tmp_path)  # whatever a function writes, it writes here
    functions = public_functions()
    assert len(functions) > 60
    tried = 0
    for game, view in itertools.islice(views_of_a_game(SEED), 2):
        hidden = Hidden(game, view.seat)
        reached = walk(view)
        tried += len(reached)
        leaks = [path for path, value in reached if hidden.in_(value)]
        assert not leaks, leaks[:5]
        # Each distinct value once (by content): the same list met along two paths is one.
        values = list({content(v): v for _, v in reached if not isinstance(v, OPAQUE)}.values())
        scalars = list({(type(v), v): v for v in values
                        if isinstance(v, (int, str, bytes)) and not isinstance(v, bool)
                        and (not isinstance(v, int) or abs(v) <= 200)}.values())
        for name, function in functions.items():
            calls = [(value,) for value in values] + [(a, b) for a in scalars for b in scalars
                                                      if isinstance(a, (bytes, str))]
            for args in calls:
                tried += 1
                try:
                    result = function(*args)
                except BaseException as error:
                    if isinstance(error, KeyboardInterrupt):
                        raise
                    continue
                found = [path for path, value in outcome(result, name) if hidden.in_(value)]
                assert not found, (name, args, found[:3])
    print(f"paths tried: {tried:,}")
    assert tried > 50_000


def outcome(result, name):
    """What a function gave: the result, its elements, and the fields and properties of an
    mjsim object (a wall's ``order``, a game's ``hands``), without calling anything."""
    found = [(name, result)]
    if isinstance(result, (list, tuple)):
        found.extend((f"{name}[{i}]", item) for i, item in enumerate(result))
    elif isinstance(result, dict):
        found.extend((f"{name}[{key!r}]", item) for key, item in result.items())
    elif type(result).__module__.startswith("mjsim"):
        for field in dir(result):
            if field.startswith("__"):
                continue
            try:
                value = getattr(result, field)
            except Exception:  # noqa: BLE001, S112 - a property that refuses tells nothing
                continue
            if not callable(value):
                found.append((f"{name}.{field}", value))
                if isinstance(value, (list, tuple)):
                    found.extend((f"{name}.{field}[{i}]", v) for i, v in enumerate(value))
    return found


@pytest.mark.parametrize("wall", range(4))
def test_twin_games_give_the_same_values_along_the_same_paths(wall):
    seat = wall % 4
    a, b = twins(wall, seat)
    assert a.walltiles != b.walltiles
    for (view_a, _), (view_b, _) in list(zip(a.decisions, b.decisions))[::7]:
        seen_a, seen_b = walk(view_a), walk(view_b)
        assert len(seen_a) > 500
        assert [(p, plain(v)) for p, v in seen_a] == [(p, plain(v)) for p, v in seen_b]


def content(value):
    return (type(value).__name__,
            plain(value) if isinstance(value, (*PRIMITIVE, np.ndarray)) else repr(value)[:300])


def plain(value):
    """A value as the comparison reads it: primitives and arrays by content, else the type."""
    if isinstance(value, np.ndarray):
        return (value.dtype.str, value.shape, value.tobytes())
    if isinstance(value, PRIMITIVE):
        return value
    return type(value).__name__
