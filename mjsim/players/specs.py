"""Player specs: who sits at a seat, named in one string (docs/architecture.md#players-and-specs).

============================================  ==============================================
spec                                          the player
============================================  ==============================================
``3``, ``3-defence``, ``2``, ``1``            a built-in rung, with ideas switched off
``4+eight2``                                  rung 4 taking on an idea it has not by default
``3?salt=1``                                  rung 3 breaking its last ties otherwise
``package.module:Class``                      a class importable from the path
``path/to/file.py:Class``                     a class defined in a file
``my-bot``                                    a plugin: an entry point of group ``mjsim.players``
``botzone:COMMAND``                           a program speaking Botzone's protocol
============================================  ==============================================

A class or plugin spec switches ideas off with ``-idea`` suffixes and passes keyword options
after a ``?``, joined by ``&``: ``bots/greedy.py:Greedy-claims?depth=2&bold=true``. A value is
read as TOML (``2``, ``0.5``, ``true``, ``"text"``), and as a plain string when it is not TOML.
The class is called with the options as keywords, and with ``off=frozenset({...})`` when ideas
are switched off; every idea switched off must be one of the class's ``ideas``. A Botzone spec
puts its options before the command, which takes the rest of the spec whatever it holds:
``botzone?io=simple&time_limit=2:./bot --fast``. A program runs in a folder of its own, so the
relative paths in its command are made absolute when the spec is read, against the current
directory (:func:`resolve_command`): workers and a resumed run find the same files.

A spec that is not a rung runs code the user chose. :func:`describe` says what a spec resolves
to (the file and its hash, the module's version, the program), for a run's manifest. A plugin
whose class names one of its options its ``file_option`` (the learned player's ``model``) names
a file by it, read from the current directory as a class file is (:func:`spec_file`): the
manifest records the file and its hash, and the spec stays as written.

>>> parse_spec("bots/greedy.py:Greedy-claims?depth=2")
Spec(kind='class', target='bots/greedy.py:Greedy', off=('claims',), options=(('depth', 2),))
>>> str(parse_spec("botzone?io=simple:/opt/bot --fast"))
'botzone?io=simple:/opt/bot --fast'
"""

from __future__ import annotations

import functools
import hashlib
import importlib
import importlib.util
import inspect
import shlex
import shutil
import sys
import tomllib
import traceback
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from importlib.metadata import EntryPoint, entry_points
from pathlib import Path
from types import ModuleType
from typing import Any

from mjsim.errors import PlayerOptionError, clipped
from mjsim.game.settings import Limits
from mjsim.players.protocol import Player
from mjsim.players.rungs import Rung

__all__ = ["KINDS", "PLUGIN_GROUP", "Spec", "SpecKind", "describe", "load_player", "parse_spec",
           "player_bug", "player_ideas", "resolve_command", "spec_file", "with_off"]

PLUGIN_GROUP = "mjsim.players"
"""The entry point group an installed package names its players in."""
BOTZONE = "botzone"
PROGRAM_OPTIONS = ("io", "time_limit", "memory_limit", "cpu_limit", "sandbox", "env")
"""The options a ``botzone`` spec takes (:class:`~mjsim.players.botzone.program.BotzoneProgram`)."""


@dataclass(frozen=True, slots=True)
class Spec:
    """A parsed spec: its ``kind`` (a key of :data:`KINDS`: rung, class, plugin, botzone), the
    ``target`` (the rung's level, ``module:Class`` or ``file.py:Class``, the plugin's name, the
    program's command), the ideas switched ``off`` in the order written, and the keyword
    ``options``."""

    kind: str
    target: str
    off: tuple[str, ...] = ()
    options: tuple[tuple[str, Any], ...] = ()

    @property
    def runs_code(self) -> bool:
        """Whether playing this spec imports or starts something outside mjsim."""
        return KINDS[self.kind].runs_code

    @property
    def runs_program(self) -> bool:
        """Whether this spec's player is a program, which runs in a working folder."""
        return KINDS[self.kind].runs_program

    def with_off(self, idea: str) -> Spec:
        """This spec with ``idea`` switched off as well (see :func:`with_off`)."""
        return _switched_off(self, idea, str(self))

    def __str__(self) -> str:
        query = "&".join(f"{key}={_option_text(value)}" for key, value in self.options)
        return KINDS[self.kind].text(self, f"?{query}" if query else "")


class SpecKind:
    """One kind of spec and everything mjsim does with it: which texts it claims, how it reads
    one, prints it, builds its player, lists its ideas and describes it for a manifest. A new
    kind of player is a subclass and one entry of :data:`KINDS`."""

    runs_code = True
    """Whether a player of this kind imports or starts something outside mjsim."""
    runs_program = False
    """Whether it is a program that runs in a working folder of its own."""
    without_ideas: str | None = None
    """What a player of this kind is, when it declares no ideas to switch off."""

    def claims(self, spec: str) -> bool:
        """Whether the stripped ``spec`` is of this kind (the kinds are asked in order)."""
        raise NotImplementedError

    def parse(self, spec: str, text: str) -> Spec:
        """The stripped ``spec`` read (``text`` as written, for the messages)."""
        raise NotImplementedError

    def text(self, spec: Spec, query: str) -> str:
        """``spec`` written back, its options already written as ``query``."""
        return "-".join((spec.target, *spec.off)) + query

    def load(self, spec: Spec, workdir: Path | None, limits: Limits | None) -> Player:
        """A fresh player for ``spec`` (see :func:`load_player`)."""
        raise NotImplementedError

    def ideas(self, spec: Spec) -> tuple[str, ...]:
        """The ideas ``spec``'s player can switch off."""
        return ()

    def with_off(self, spec: Spec, idea: str) -> Spec:
        """``spec`` with ``idea`` switched off as well (checked when the player is built)."""
        return Spec(spec.kind, spec.target, (*spec.off, idea), spec.options)

    def describe(self, spec: Spec) -> dict[str, Any]:
        """What :func:`describe` records beyond the spec and its kind."""
        return {}

    def named_file(self, spec: Spec) -> str | None:
        """The file ``spec`` names, as written (see :func:`spec_file`); None when none."""
        return None


class RungKind(SpecKind):
    """A built-in rung: ``3``, ``3-defence``, ``3?salt=1``."""

    runs_code = False

    def claims(self, spec: str) -> bool:
        return spec[:1].isdigit()

    def parse(self, spec: str, text: str) -> Spec:
        head, options = _head_options(spec, text)
        if {key for key, _ in options} - {"salt"}:
            raise ValueError(f"bad player spec {text!r}: a rung takes one option, salt")
        rung = Rung.parse(head)
        try:
            return _rung_spec(Rung(rung.level, rung.off, on=rung.on, **dict(options)))
        except (TypeError, ValueError) as error:  # salt=true or salt=x: the text is wrong
            raise ValueError(f"bad player spec {text!r}: {error}") from None

    def load(self, spec: Spec, workdir: Path | None, limits: Limits | None) -> Player:
        return _rung(spec)

    def ideas(self, spec: Spec) -> tuple[str, ...]:
        return _rung(spec).ideas

    def with_off(self, spec: Spec, idea: str) -> Spec:
        rung = _rung(spec)
        return _rung_spec(Rung(rung.level, rung.off | {idea}, rung.salt, rung.on))


class CodeKind(SpecKind):
    """A kind whose player is built by calling a factory it finds: a class or a plugin."""

    def factory(self, spec: Spec) -> Callable[..., Any]:
        """What ``spec``'s player is built by calling."""
        raise NotImplementedError

    def found(self, spec: Spec) -> Callable[..., Any]:
        """:meth:`factory`, with the player's own code failing as it loads told in one line."""
        try:
            return self.factory(spec)
        except ValueError:
            raise
        except (Exception, SystemExit) as error:  # noqa: BLE001 - its module failed to import
            raise player_bug(f"cannot load player {spec}", error) from None

    def load(self, spec: Spec, workdir: Path | None, limits: Limits | None) -> Player:
        factory = self.found(spec)
        declared = _declared_ideas(factory, spec) if spec.off else ()
        for idea in spec.off:
            if idea not in declared:
                raise ValueError(f"player {spec} has no idea {idea!r}; it has "
                                 f"{', '.join(declared) or 'none'}")
        keywords = dict(spec.options)
        taken = _keywords(factory)
        unknown = [] if taken is None else [key for key in keywords if key not in taken]
        if unknown:  # else Python's "__init__() got an unexpected keyword argument 'foo'"
            what = f"the option{'s' * (len(taken or ()) != 1)} {', '.join(taken or ())}"
            raise ValueError(f"bad player spec {spec}: {self.named(spec)} takes "
                             f"{what if taken else 'no options'}, not {', '.join(unknown)}")
        if spec.off:
            keywords["off"] = frozenset(spec.off)
        try:
            player = factory(**keywords)
        except (TypeError, PlayerOptionError) as error:  # an option it does not take or use
            raise ValueError(f"cannot build player {spec}: {error}") from None
        except (Exception, SystemExit) as error:  # noqa: BLE001 - its constructor's own bug
            raise player_bug(f"cannot build player {spec}", error) from None
        if not isinstance(player, Player):  # a ValueError: the spec a person typed is wrong
            raise ValueError(f"{spec} is not a player: it needs a name and act(view)")  # noqa: TRY004
        return player

    def ideas(self, spec: Spec) -> tuple[str, ...]:
        return _declared_ideas(self.found(spec), spec)

    def named(self, spec: Spec) -> str:
        """The player in a refusal's words: the plugin's name, the class's."""
        return spec.target


class ClassKind(CodeKind):
    """A class importable from a module, or defined in a file: ``module:Class``,
    ``file.py:Class``."""

    def claims(self, spec: str) -> bool:
        return ":" in spec.partition("?")[0]

    def parse(self, spec: str, text: str) -> Spec:
        head, options = _head_options(spec, text)
        target, _, name = head.rpartition(":")
        cls, *off = name.split("-")
        if not target or not cls.isidentifier():
            raise ValueError(f"bad player spec {text!r}: a class spec is module:Class or "
                             "file.py:Class, then -idea suffixes")
        return Spec("class", f"{target}:{cls}", _distinct(off, text), options)

    def factory(self, spec: Spec) -> Callable[..., Any]:
        source, _, name = spec.target.rpartition(":")
        module = _load_file(source, spec) if _is_file(source) else _import(source, spec)
        try:
            factory: Callable[..., Any] = getattr(module, name)
        except AttributeError:
            raise ValueError(f"cannot load player {spec}: {source} has no {name}") from None
        return factory

    def named(self, spec: Spec) -> str:
        return spec.target.rpartition(":")[2]

    def named_file(self, spec: Spec) -> str | None:
        source = spec.target.rpartition(":")[0]
        return source if _is_file(source) else None

    def describe(self, spec: Spec) -> dict[str, Any]:
        source, _, _ = spec.target.rpartition(":")
        if _is_file(source):
            path = _existing(source, spec)
            return {"file": str(path.resolve()), "sha256": _sha256(path)}
        module = _import(source, spec)
        return {"module": source, "file": getattr(module, "__file__", None),
                "version": getattr(module, "__version__", None)}


class PluginKind(CodeKind):
    """An installed plugin: an entry point of group ``mjsim.players`` (what no other kind
    claims)."""

    def claims(self, spec: str) -> bool:
        return True

    def parse(self, spec: str, text: str) -> Spec:
        head, options = _head_options(spec, text)
        plugin, *off = _plugin_parts(head)
        if not plugin:  # "-1", "?x=1": else read as the plugin '' and refused as "no player ''"
            raise ValueError(f"bad player spec {text!r}: it names no player before its "
                             f"{head[:1] or '?'!r}; a spec starts with a rung (1-4), "
                             "module:Class, file.py:Class, a plugin's name or botzone:COMMAND")
        return Spec("plugin", plugin, _distinct(off, text), options)

    def factory(self, spec: Spec) -> Callable[..., Any]:
        loaded: Callable[..., Any] = _entry_point(spec).load()
        return loaded

    def describe(self, spec: Spec) -> dict[str, Any]:
        point = _entry_point(spec)
        out: dict[str, Any] = {"value": point.value}
        if point.dist is not None:
            out["distribution"], out["version"] = point.dist.name, point.dist.version
        source = self.named_file(spec)
        if source is not None:  # the model a learned?model=FILE plays, as a class file is
            path = _existing(source, spec)
            out["file"], out["sha256"] = str(path.resolve()), _sha256(path)
        return out

    def named_file(self, spec: Spec) -> str | None:
        """The value of the option the plugin declares names a file (its ``file_option``:
        the learned player's ``model``), when the spec gives it."""
        option = getattr(self.found(spec), "file_option", None)
        value = dict(spec.options).get(option) if isinstance(option, str) else None
        return value if isinstance(value, str) else None


class BotzoneKind(SpecKind):
    """A program speaking Botzone's protocol: ``botzone?OPTIONS:COMMAND``."""

    runs_program = True
    without_ideas = "a Botzone program"

    def claims(self, spec: str) -> bool:
        return spec.startswith(BOTZONE) and spec[len(BOTZONE):len(BOTZONE) + 1] in (":", "?")

    def parse(self, spec: str, text: str) -> Spec:
        head, _, command = spec.partition(":")
        if not command.strip():
            raise ValueError(f"bad player spec {text!r}: botzone: needs a command to run")
        try:
            resolved = resolve_command(command.strip())
        except ValueError as error:
            raise ValueError(f"bad player spec {text!r}: its command: {error}") from None
        return Spec(BOTZONE, resolved, options=_options(head[len(BOTZONE):], text))

    def text(self, spec: Spec, query: str) -> str:
        return f"{BOTZONE}{query}:{spec.target}"

    def load(self, spec: Spec, workdir: Path | None, limits: Limits | None) -> Player:
        from mjsim.players.botzone.program import BotzoneProgram

        options = dict(spec.options)
        unknown = sorted(set(options) - set(PROGRAM_OPTIONS))
        if unknown:
            raise ValueError(f"bad player spec {spec}: a Botzone program takes the options "
                             f"{', '.join(PROGRAM_OPTIONS)}, not {', '.join(unknown)}")
        words = shlex.split(spec.target)
        if shutil.which(words[0]) is None:  # else every game would foul when it starts
            raise ValueError(f"cannot load player {spec}: no program {words[0]} "
                             f"({'not an executable file' if '/' in words[0] else 'not on PATH'})")
        script = _missing_script(words[1:])
        if script is not None:  # the program would start and fail in every game alike
            raise ValueError(f"cannot load player {spec}: no file {script} (the script its "
                             "program runs)")
        if workdir is not None:
            workdir.mkdir(parents=True, exist_ok=True)
            options.setdefault("workdir", workdir)
            options.setdefault("stderr_path", workdir / "stderr.log")
        try:
            return BotzoneProgram(spec.target, name=str(spec), limits=limits, **options)
        except TypeError as error:  # an option it does not take
            raise ValueError(f"cannot build player {spec}: {error}") from None

    def describe(self, spec: Spec) -> dict[str, Any]:
        words = shlex.split(spec.target)
        program = shutil.which(words[0]) if words else None
        out: dict[str, Any] = {"program": program}
        if program is not None:
            out["sha256"] = _sha256(Path(program))
        files = {word: _sha256(Path(word)) for word in words[1:]
                 if Path(word).is_absolute() and Path(word).is_file()}
        if files:
            out["files"] = files
        return out


KINDS: dict[str, SpecKind] = {BOTZONE: BotzoneKind(), "rung": RungKind(), "class": ClassKind(),
                              "plugin": PluginKind()}
"""The kinds of spec by name, in the order they are asked to claim a text (the last claims all)."""


def parse_spec(text: str) -> Spec:
    """The spec ``text`` names; raises ``ValueError`` naming it when it is not one, and
    ``TypeError`` for a ``text`` that is no str (None had "no attribute 'strip'")."""
    if not isinstance(text, str):
        raise TypeError(f"a player spec is a str such as '3', not {clipped(repr(text), 40)}")
    spec = text.strip()
    if not spec:
        raise ValueError("an empty player spec: name a rung (3), a class (module:Class), "
                         "a plugin, or botzone:COMMAND")
    kind = next(kind for kind in KINDS.values() if kind.claims(spec))
    return kind.parse(spec, text)


def resolve_command(command: str, here: Path | None = None) -> str:
    """``command`` with its relative paths made absolute against ``here`` (default: the current
    directory): the program (its first word) when it holds a ``/`` (a bare name is looked up on
    ``PATH``), and each later word that holds a ``/`` or names a file or folder in ``here``,
    unless it is an option (``-x``, ``key=value``) or a URL. A command with none is returned as
    written. Raises ``ValueError`` for one :func:`shlex.split` cannot read (an open quote).

    >>> resolve_command("python3 bots/x.py --fast", Path("/home/me"))
    'python3 /home/me/bots/x.py --fast'
    """
    base = Path.cwd() if here is None else here
    words = shlex.split(command)
    resolved = [str(base / word) if _relative_path(word, index == 0, base) else word
                for index, word in enumerate(words)]
    return command if resolved == words else shlex.join(resolved)


# Files a program runs as its script, named by their extension alone (a word with a "/" is a
# path whatever it ends in); a module's dotted name (-m pkg.bot) ends in none of them.
SCRIPT_SUFFIXES = frozenset({".py", ".pyc", ".pyz", ".js", ".mjs", ".cjs", ".ts", ".rb", ".pl",
                             ".php", ".lua", ".sh", ".jar", ".jl", ".r", ".exe"})
# Options after which a program runs code or a module given on the command line, no script.
CODE_OPTIONS = frozenset({"-c", "-m", "-e", "--eval"})


def _missing_script(arguments: list[str]) -> str | None:
    """The program's script when it is named but does not exist (relative to the current
    directory, as :func:`resolve_command` left it): the first argument, options passed over,
    with a "/" or a script's extension. None when it exists, when no argument names a file, or
    when an option such as ``-c`` or ``-m`` comes first."""
    for word in arguments:
        if word in CODE_OPTIONS:
            return None
        if word.startswith("-") or "=" in word or ":" in word or not word:
            continue
        if "/" in word or Path(word).suffix.lower() in SCRIPT_SUFFIXES:
            return None if Path(word).expanduser().exists() else word
    return None


def _relative_path(word: str, program: bool, base: Path) -> bool:
    if word.startswith(("-", "/", "~")) or "=" in word or ":" in word or not word:
        return False
    return "/" in word or (not program and (base / word).exists())


def load_player(spec: str | Spec, *, workdir: Path | None = None,
                limits: Limits | None = None) -> Player:
    """The player ``spec`` names, built afresh. ``workdir`` is where a program runs and keeps
    its stderr (default: the current directory, stderr not kept), and ``limits`` what it may
    take where its spec sets no limit of its own (default: :class:`~mjsim.game.settings.Limits`'
    defaults).

    Raises ``ValueError`` naming the spec for a spec that is not one, a module, file, class or
    plugin that cannot be found, or an idea the player does not have; ``TypeError`` for a spec
    that is neither a str nor a :class:`Spec`.
    """
    parsed = _parsed(spec)
    return KINDS[parsed.kind].load(parsed, workdir, limits)


def _parsed(spec: str | Spec) -> Spec:
    """``spec`` parsed, or a ``TypeError`` for one that is neither a str nor a :class:`Spec`
    (None had "no attribute 'kind'" in player_ideas and describe)."""
    if not isinstance(spec, (str, Spec)):
        raise TypeError(f"spec is a player spec (a str such as '3'), not "
                        f"{clipped(repr(spec), 40)}")
    return parse_spec(spec) if isinstance(spec, str) else spec


def player_bug(what: str, error: BaseException) -> ValueError:
    """One line for a player's own code that failed: the exception and where it was raised (the
    line of a syntax error, else the innermost frame)."""
    where = ""
    if isinstance(error, SyntaxError) and error.filename:
        where = f" ({Path(error.filename).name}, line {error.lineno})"
    elif error.__traceback__ is not None:
        frame = traceback.extract_tb(error.__traceback__)[-1]
        where = f" ({Path(frame.filename).name}, line {frame.lineno})"
    message = str(error.msg if isinstance(error, SyntaxError) else error).split("\n")[0]
    return ValueError(f"{what}: {type(error).__name__}: {message}{where}")


def player_ideas(spec: str | Spec) -> tuple[str, ...]:
    """The ideas the player ``spec`` names can switch off (a rung's, or its class's ``ideas``)."""
    parsed = _parsed(spec)
    return KINDS[parsed.kind].ideas(parsed)


def with_off(spec: str, idea: str) -> str:
    """``spec`` with ``idea`` switched off as well; raises ``ValueError`` when the player has no
    such idea or has it off already.

    >>> with_off("3-planning", "defence"), with_off("mod:Bot?x=1", "claims")
    ('3-defence-planning', 'mod:Bot-claims?x=1')
    """
    if not isinstance(idea, str):  # 5 was "has no idea 5" only when the player had ideas
        raise TypeError(f"an idea is a str such as 'claims', not {clipped(repr(idea), 40)}")
    return str(_switched_off(parse_spec(spec), idea, spec))


def _switched_off(spec: Spec, idea: str, shown: str) -> Spec:
    """:func:`with_off` of a parsed spec, its messages naming it ``shown``."""
    kind = KINDS[spec.kind]
    if kind.without_ideas is not None:
        raise ValueError(f"{shown} is {kind.without_ideas}: it declares no ideas to switch off")
    if idea in spec.off:
        raise ValueError(f"{shown} has {idea!r} switched off already")
    return kind.with_off(spec, idea)


def describe(spec: str | Spec) -> dict[str, Any]:
    """What ``spec`` resolves to on this machine, for a manifest: its kind and, for code, the
    file (with its SHA-256), module or program it runs and the version that declares it."""
    parsed = _parsed(spec)
    return {"spec": str(parsed), "kind": parsed.kind, **KINDS[parsed.kind].describe(parsed)}


def _rung(spec: Spec) -> Rung:
    level, *on = spec.target.split("+")
    return Rung(int(level), frozenset(spec.off), on=frozenset(on), **dict(spec.options))


def _rung_spec(rung: Rung) -> Spec:
    """A rung's spec: its level and the ideas it takes on (``4+eight2``), its ideas off in the
    rung's own order, its salt the one option."""
    target, *off = str(rung).partition("?")[0].split("-")
    return Spec("rung", target, tuple(off), (("salt", rung.salt),) if rung.salt else ())


def _head_options(spec: str, text: str) -> tuple[str, tuple[tuple[str, Any], ...]]:
    """A spec split at its ``?``: the part before, and the options after."""
    head, mark, query = spec.partition("?")
    return head, _options(mark + query, text)


def _declared_ideas(factory: Callable[..., Any], spec: Spec) -> tuple[str, ...]:
    """The ideas the class or plugin ``factory`` declares, its ``ideas``: names, or none.
    Anything else is refused in one line: a subclass of a rung met its instances' property,
    and ``tuple()`` of it was a TypeError traceback."""
    ideas = getattr(factory, "ideas", ())
    if isinstance(ideas, tuple | list) and all(isinstance(idea, str) for idea in ideas):
        return tuple(ideas)
    shown = clipped(repr(ideas), 40) if isinstance(ideas, tuple | list) else (
        f"a {type(ideas).__name__}")  # a property's repr is its address
    raise ValueError(f"player {spec} declares its ideas as {shown}: a class declares them as "
                     'names, ideas = ("claims",), or not at all')


def _keywords(factory: Callable[..., Any]) -> tuple[str, ...] | None:
    """The options (keywords) ``factory`` takes, ``off`` aside; None when it takes any
    (``**kwargs``) or its signature cannot be read (a builtin): its own call then decides."""
    try:
        parameters = inspect.signature(factory).parameters.values()
    except (TypeError, ValueError):
        return None
    if any(parameter.kind is parameter.VAR_KEYWORD for parameter in parameters):
        return None
    return tuple(parameter.name for parameter in parameters if parameter.name != "off"
                 and parameter.kind in (parameter.POSITIONAL_OR_KEYWORD, parameter.KEYWORD_ONLY))


def spec_file(spec: Spec) -> str | None:
    """The file ``spec`` names, as written (relative to the folder it is read in, unless
    absolute): a ``file.py:Class`` spec's file, or a plugin's file option (the model of
    ``learned?model=FILE``); None for any other spec."""
    return KINDS[spec.kind].named_file(spec)


def _is_file(source: str) -> bool:
    return source.endswith(".py") or "/" in source


def _import(module: str, spec: Spec) -> ModuleType:
    try:
        return importlib.import_module(module)
    except ImportError as error:
        raise ValueError(f"cannot load player {spec}: {error}") from None


def _existing(source: str, spec: Spec) -> Path:
    """The file a class spec names; ``ValueError`` when there is none (a NUL is no path)."""
    if "\0" in source or not Path(source).is_file():
        raise ValueError(f"cannot load player {spec}: no file {source}")
    return Path(source)


def _load_file(source: str, spec: Spec) -> ModuleType:
    path = _existing(source, spec).resolve()
    # One module per file, named by its path, so each process loads a file once.
    name = "mjsim_player_" + hashlib.sha256(str(path).encode()).hexdigest()[:16]
    if name in sys.modules:
        return sys.modules[name]
    found = importlib.util.spec_from_file_location(name, path)
    if found is None or found.loader is None:
        raise ValueError(f"cannot load player {spec}: {source} is not a Python file")
    module = importlib.util.module_from_spec(found)
    sys.modules[name] = module
    try:
        found.loader.exec_module(module)
    except BaseException:
        del sys.modules[name]
        raise
    return module


@functools.cache
def installed_plugins() -> Mapping[str, EntryPoint]:
    """The players installed as plugins (entry points of :data:`PLUGIN_GROUP`) by name, read
    once a process: listing them reads every installed distribution's metadata (about 12 ms),
    and a table seats its players afresh in every game. ``installed_plugins.cache_clear()``
    reads them again."""
    return {point.name: point for point in entry_points(group=PLUGIN_GROUP)}


def _entry_point(spec: Spec) -> EntryPoint:
    points = installed_plugins()
    if spec.target in points:
        return points[spec.target]
    known = ", ".join(sorted(points)) or "none are installed"
    raise ValueError(f"no player {spec.target!r}: not a rung (1-4), module:Class, file.py:Class "
                     f"or botzone:COMMAND, and no plugin of that name ({known})")


def _plugin_parts(head: str) -> list[str]:
    """A plugin's name may hold hyphens (``my-bot``): the ideas are the suffixes after the
    longest prefix that names an installed plugin, or after the first part when none does."""
    parts = head.split("-")
    names = installed_plugins()
    for cut in range(len(parts), 0, -1):
        if "-".join(parts[:cut]) in names:
            return ["-".join(parts[:cut]), *parts[cut:]]
    return parts


def _distinct(off: list[str], text: str) -> tuple[str, ...]:
    if len(set(off)) != len(off) or not all(off):
        raise ValueError(f"bad player spec {text!r}: name each idea once, joined by '-'")
    return tuple(off)


def _options(query: str, text: str) -> tuple[tuple[str, Any], ...]:
    if not query:
        return ()
    options: dict[str, Any] = {}
    for item in query[1:].split("&"):
        key, equals, value = item.partition("=")
        if not equals or not key.isidentifier() or key in options:
            raise ValueError(f"bad player spec {text!r}: options are ?key=value&key=value, "
                             f"each key once, not {item!r}")
        options[key] = _option_value(value)
    return tuple(sorted(options.items()))


def _option_value(text: str) -> Any:
    try:
        return tomllib.loads(f"value = {text}")["value"]
    except (tomllib.TOMLDecodeError, RecursionError):  # not TOML, or nested past reading
        return text


def _option_text(value: Any) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, str) and _option_value(value) != value:
        return f'"{value}"'
    return str(value)


def _sha256(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()
