"""Self-play datasets: every decision of seeded games, as arrays, in shards a folder keeps.

``write(out, players, walls)`` plays one game a wall (wall ``i`` has the seed ``f"{seed}-{i}"``,
the walls of ``mjsim table --seed``, with ``players[s]`` in seat ``s``) and writes, for every
move a player chose, one row of each array:

===============  =========  ==================================================================
array            dtype      what
===============  =========  ==================================================================
``observation``  uint8      the 20 x 34 planes of the seat's view (:mod:`mjsim.learn.planes`)
``mask``         int8       its 75 legal actions
``action``       int16      the action the player took (:mod:`mjsim.learn.actions`), or the
                           labeller's choice from the same view (``label``)
``played``       int16      the action the player took
``best``         int8       75 flags: the actions the chooser (the player, or the labeller)
                           ranks equal best, of which it took one (a rung breaks its last tie
                           by a hash of the view, :meth:`~mjsim.players.rungs.Rung.choices`);
                           the action alone for a player that does not say
``seat``         int8       the seat, 0-3
``wall``         int32      the wall's number
``hand_no``      int8       the hand, 1-16
``hand_points``  int32      what the hand's settlement gave the seat
``game_points``  int32      the seat's total at the game's end
``roads``        uint8      with ``roads``: the road planes, 6 x 34 (5 in older datasets)
===============  =========  ==================================================================

A ``label`` (a player spec, e.g. ``"4"``) is asked for its move at every decision and its
choice is the row's action, while the players play on: rung 4's labels of the states another
player reaches (DAgger's relabelling).

Shards are ``npz`` files of ``shard_walls`` walls each (``shard-00000.npz``, ...), each
written to a temporary name and renamed, and listed in ``manifest.json`` with the settings. Running
again on the same folder writes only the shards it lacks or that no longer read whole (a killed
run resumes; more walls extend it), and refuses other settings and fewer walls. Memory holds one
shard at a time.

>>> import tempfile
>>> out = tempfile.mkdtemp()
>>> manifest = write(out, ["2", "2", "2", "2"], walls=2, hands=1, shard_walls=1)
>>> [shard["walls"] for shard in manifest["shards"]]
[[0, 1], [1, 2]]
>>> data = load(out)
>>> data["observation"].shape[1:], len(data["action"]) == manifest["rows"]
((20, 34), True)
"""

from __future__ import annotations

import json
import re
import sys
from collections.abc import Callable, Iterable, Iterator, Sequence
from pathlib import Path
from typing import Any

import numpy as np

from mjsim.errors import clipped, run_seed, whole
from mjsim.files import temporary_name, written_whole
from mjsim.game import gamelog
from mjsim.game.moves import Move
from mjsim.game.results import HandResult
from mjsim.learn.actions import N_ACTIONS, action_of
from mjsim.learn.network import read_npz
from mjsim.learn.planes import PLANES, encode, legal_mask
from mjsim.learn.roads import FIRST_ROADS, ROADS
from mjsim.learn.roads import roads as road_planes
from mjsim.players.driver import PlayerError, TooManyFouls, play, raised
from mjsim.players.protocol import Player
from mjsim.players.specs import load_player
from mjsim.players.view import View, view_of

__all__ = ["FORMAT", "MANIFEST", "MAX_WALLS", "load", "read_manifest", "shards", "write",
           "write_games"]

FORMAT = "mjsim-dataset/1"
MAX_WALLS = 2**31
"""The most walls a dataset plays: its ``wall`` column is ``int32``, numbered from 0."""
MANIFEST = "manifest.json"
# The settings a folder's shards were made with: a resumed run must repeat them.
_SETTINGS = ("format", "players", "seed", "hands", "ruleset", "shard_walls", "roads", "label")
_UNSET = {"roads": False, "label": None}  # what a folder written before these settings holds


class _Recorder:
    """A player passed through: each move it chooses is recorded with its view, labelled by
    ``label``'s choice when given (hooks such as ``observe`` reach the player itself)."""

    def __init__(self, player: Player, rows: _Rows, label: Player | None = None) -> None:
        self.player, self.rows, self.label, self.name = player, rows, label, player.name

    def act(self, view: View) -> Move | None:
        move = self.player.act(view)
        if move is not None and move in view.legal:  # a foul is the driver's matter, not data
            chooser = self.player if self.label is None else self.label
            chosen = move if self.label is None else self._labelled(self.label, view)
            ties = getattr(chooser, "choices", None)
            self.rows.add(view, chosen, move, () if ties is None else ties(view))
        return move

    @staticmethod
    def _labelled(label: Player, view: View) -> Move:
        """``label``'s move for ``view``. One that raises, or offers no legal move, fails as
        the label (a row's action must be one its mask allows), not as the seat's player."""
        try:
            chosen = label.act(view)
        except KeyboardInterrupt:
            raise
        except BaseException as error:  # noqa: BLE001 - any of them is the label's bug
            raise _LabelFailed(raised(label, view.seat, error, "as the label, in hand "
                                      f"{view.hand_no}")) from None
        if chosen is None or chosen not in view.legal:
            raise _LabelFailed(PlayerError(
                f"the label {label.name} offered {clipped(repr(chosen), 80)} for seat "
                f"{view.seat} in hand {view.hand_no}, not a legal move", "", view.seat))
        return chosen

    def __getattr__(self, name: str) -> Any:
        return getattr(self.player, name)


class _LabelFailed(Exception):
    """The label's failure, raised through the driver, which would blame the seat's player."""

    def __init__(self, failure: PlayerError) -> None:
        super().__init__(failure.message)
        self.failure = failure


def _placed(folder: Path, wall: int, error: PlayerError | TooManyFouls) -> RuntimeError:
    """A player's (or the label's) failure on ``wall``, named in one line with the wall; a
    traceback is kept in the folder's ``errors/`` for the player's author."""
    if isinstance(error, TooManyFouls):
        return TooManyFouls(f"wall {wall}: {error}")
    cause = error.__cause__
    failure = cause.failure if isinstance(cause, _LabelFailed) else error
    where = ""
    if failure.detail:
        path = folder / "errors" / f"wall{wall}-seat{failure.seat}.txt"
        path.parent.mkdir(exist_ok=True)
        path.write_text(f"{failure.message}\n\n{failure.detail}")
        where = f"; its traceback is in {path}"
    return PlayerError(f"wall {wall}: {failure.message}{where}", failure.detail, failure.seat)


class _Rows:
    """The rows of one shard as they come; points are filled in as each game ends."""

    def __init__(self, roads: bool = False) -> None:
        self.observation: list[np.ndarray] = []
        self.mask: list[np.ndarray] = []
        self.best: list[np.ndarray] = []
        self.roads: list[np.ndarray] | None = [] if roads else None
        self.columns: dict[str, list[int]] = {name: [] for name in (
            "action", "played", "seat", "wall", "hand_no", "hand_points", "game_points")}
        self.wall = 0
        self._game_start = 0

    def add(self, view: View, move: Move, played: Move | None = None,
            ties: Sequence[Move] = ()) -> None:
        """A row of ``view`` whose action is ``move``, ``played`` (default ``move``) what its
        player did, ``ties`` the moves ranked equal to ``move`` (default none)."""
        self.observation.append(encode(view))
        self.mask.append(legal_mask(view))
        if self.roads is not None:
            self.roads.append(road_planes(view))
        action = action_of(move, view=view)
        best = np.zeros(N_ACTIONS, np.int8)
        best[[action, *(action_of(tie, view=view) for tie in ties)]] = 1
        self.best.append(best)
        columns = self.columns
        columns["action"].append(action)
        columns["played"].append(action_of(move if played is None else played, view=view))
        columns["seat"].append(view.seat)
        columns["wall"].append(self.wall)
        columns["hand_no"].append(view.hand_no)

    def end_game(self, history: list[HandResult], totals: list[int]) -> None:
        """Give the rows of the game just played their hand's and the game's points."""
        deltas = {row["hand_no"]: row["deltas"] for row in history}
        columns = self.columns
        for index in range(self._game_start, len(columns["action"])):
            seat, hand_no = columns["seat"][index], columns["hand_no"][index]
            columns["hand_points"].append(deltas[hand_no][seat])
            columns["game_points"].append(totals[seat])
        self._game_start = len(columns["action"])

    def drop_game(self) -> None:
        """Forget the rows of the game being recorded."""
        start = self._game_start
        del self.observation[start:], self.mask[start:], self.best[start:]
        if self.roads is not None:
            del self.roads[start:]
        for name in ("action", "played", "seat", "wall", "hand_no"):
            del self.columns[name][start:]

    def arrays(self) -> dict[str, np.ndarray]:
        """The rows as a shard's arrays, of the dtypes and shapes :data:`_WRITTEN` gives."""
        stacked = {"observation": self.observation, "mask": self.mask, "best": self.best,
                   **({} if self.roads is None else {"roads": self.roads})}
        return {**{name: np.stack(rows) if rows else np.zeros((0, *_WRITTEN[name][1]),
                                                               _WRITTEN[name][0])
                   for name, rows in stacked.items()},
                **{name: np.asarray(values, dtype=_WRITTEN[name][0])
                   for name, values in self.columns.items()}}


def write(out: str | Path, players: Sequence[str], walls: int, *, seed: str | int = "mjsim",
          hands: int = 16, ruleset: str = "green-book", shard_walls: int = 10,
          quiet: bool = True, roads: bool = False, label: str | None = None) -> dict[str, Any]:
    """Write the dataset of ``walls`` games of ``hands`` hands between ``players`` (four player
    specs) into ``out``, resuming what is there; returns the manifest. ``roads`` adds the road
    planes; ``label`` (a player spec) labels every row with its choice (see the module).

    Raises ``ValueError`` for a lineup that is not four specs, a spec that names no player,
    walls or shard sizes below 1, hands outside 1-16, or a folder holding a dataset made with
    other settings or of more walls; ``TypeError`` naming the argument for players or a label
    that are no specs (a str), counts that are no whole numbers, a seed that is no str or whole
    number, or roads that is no bool. A player (or the label) that raises is a
    :class:`~mjsim.players.driver.PlayerError`, and one that fouls hand after hand a
    :class:`~mjsim.players.driver.TooManyFouls`, each naming the wall (a label that offers no
    legal move fails as one that raises: a row's action is one its mask allows); the shards
    written before stay.
    """
    # A str is a sequence too: "1111" would be read as four players.
    if (isinstance(players, str) or not isinstance(players, Sequence)
            or not all(isinstance(spec, str) for spec in players)):
        raise TypeError("players is a list of player specs (str), not "
                        f"{clipped(repr(players), 60)}")
    if len(players) != 4:
        raise ValueError(f"a table seats four players, not {len(players)}: {list(players)}")
    if label is not None and not isinstance(label, str):
        raise TypeError(f"label is a player spec (a str) or None, not {clipped(repr(label), 40)}")
    walls, hands = whole(walls, "walls", 1, MAX_WALLS), whole(hands, "hands", 1, 16)
    shard_walls, seed, roads = whole(shard_walls, "shard_walls", 1), run_seed(seed), _flag(roads)
    folder = Path(out)
    settings = {"format": FORMAT, "players": list(players), "seed": seed, "hands": hands,
                "ruleset": ruleset, "shard_walls": shard_walls, "roads": roads, "label": label}
    loaded = [load_player(spec) for spec in players]  # before a new folder is made for them
    labeller = None if label is None else load_player(label)
    manifest = _manifest(folder, settings)
    if manifest["walls"] > walls:
        raise ValueError(f"{folder} holds {manifest['walls']} walls: give as many or more "
                         "(a dataset is extended, never cut), or another folder")

    def fill(rows: _Rows, wall: int) -> None:
        recorders = [_Recorder(player, rows, labeller) for player in loaded]
        try:
            game = play(f"{seed}-{wall}", recorders, ruleset=ruleset, last_hand=hands)
        except (PlayerError, TooManyFouls) as error:
            raise _placed(folder, wall, error) from None
        rows.end_game(game.history, game.totals)

    return _write_shards(folder, manifest, walls, shard_walls, quiet, fill, roads)


def write_games(out: str | Path, source: str | Path, *, shard_walls: int = 10,
                quiet: bool = True, roads: bool = False) -> dict[str, Any]:
    """Write the dataset of the game logs in ``source`` (a folder of them, or an import's
    ``--out`` folder, whose logs are in ``games/``) into ``out``, resuming what is there: each
    logged move is a row, the recorded player's choice, with the view it was made from; game
    ``i`` of the logs in name order is wall ``i``; ``roads`` adds the road planes. Returns the
    manifest.

    Raises ``ValueError`` for a folder without game logs, a log that is not one, or a dataset
    folder made otherwise, and ``TypeError`` for shard_walls that is no whole number or roads
    that is no bool.
    """
    shard_walls, roads = whole(shard_walls, "shard_walls", 1), _flag(roads)
    if Path(source).is_file():
        raise ValueError(f"--from-games takes a folder of game logs; {source} is a file (put "
                         "it in a folder of its own)")
    folder = Path(source) / "games" if (Path(source) / "games").is_dir() else Path(source)
    logs = sorted(folder.glob("*.jsonl"))
    if not logs:
        raise ValueError(f"{source} holds no game logs (*.jsonl, or games/*.jsonl)")
    settings = {"format": FORMAT, "players": ["recorded"], "seed": str(Path(source)),
                "hands": 1, "ruleset": "as logged", "shard_walls": shard_walls, "roads": roads,
                "label": None}
    manifest = _manifest(Path(out), settings)

    def fill(rows: _Rows, wall: int) -> None:
        with logs[wall].open() as stream:
            try:
                header, moves = gamelog.read(stream)
            except ValueError as error:
                raise ValueError(f"{logs[wall]}: {error}") from None
        rules = gamelog.start(header)
        for seat, entry in moves:
            if isinstance(entry, Move):  # a foul is no choice: it ends the hand, as played
                rows.add(view_of(rules, seat), entry)
            if gamelog.play(rules, seat, entry) is not True:
                raise ValueError(f"{logs[wall]}: the engine refuses {entry!r} by seat {seat}")
        if rules.status == "finished":
            rows.end_game(rules.history, rules.totals)
        else:  # a log that stops before the game's end (a foul in a log of an older mjsim)
            rows.drop_game()

    return _write_shards(Path(out), manifest, len(logs), shard_walls, quiet, fill, roads)


def _flag(roads: object) -> bool:
    """``roads`` when it is a bool, else a ``TypeError`` naming it ("yes" is no setting)."""
    if not isinstance(roads, bool):
        raise TypeError(f"roads is True or False, not {clipped(repr(roads), 40)}")
    return roads


def _write_shards(folder: Path, manifest: dict[str, Any], walls: int, shard_walls: int,
                  quiet: bool, fill: Callable[[_Rows, int], None],
                  roads: bool) -> dict[str, Any]:
    """Write the shards of ``walls`` walls (``fill`` adds one wall's rows) that the folder
    lacks, the manifest after each; returns the manifest."""
    starts = range(0, walls, shard_walls)  # a range, not a list: walls may be 10**11
    _refuse_folders_in_the_way(folder, len(starts))
    listed = {shard["file"]: shard for shard in manifest["shards"]}
    kept: list[dict[str, Any]] = []
    for number, start in enumerate(_progress(starts, quiet)):
        stop = min(start + shard_walls, walls)
        name = _shard_file(number)
        old = listed.get(name)
        if (old is not None and old["walls"] == [start, stop]
                and _intact(folder / name, old["rows"], roads)):
            kept.append(old)
            continue
        rows = _Rows(roads)
        for wall in range(start, stop):
            rows.wall = wall
            fill(rows, wall)
        arrays = rows.arrays()
        with written_whole(folder / name) as temporary, temporary.open("wb") as stream:
            np.savez_compressed(stream, **arrays)  # type: ignore[arg-type]  # stubs: **kwds
        listed[name] = {"file": name, "walls": [start, stop], "rows": len(arrays["action"])}
        kept.append(listed[name])
        # Written after every shard, so a killed run resumes after its last whole shard; it
        # holds the walls played so far (the greater of them and what it held), not the target.
        _save(folder, {**manifest, "walls": max(manifest["walls"], stop),
                       "shards": _in_wall_order(listed.values())})
    manifest = {**manifest, "walls": walls, "shards": kept}
    _save(folder, manifest)
    return manifest


def _in_wall_order(shards: Iterable[dict[str, Any]]) -> list[dict[str, Any]]:
    """Shards listed by their first wall: by name, ``shard-100000`` would come before
    ``shard-99999``."""
    return sorted(shards, key=lambda shard: int(shard["walls"][0]))


def _shard_file(number: int) -> str:
    """The file of shard ``number``: ``shard-00003.npz``."""
    return f"shard-{number:05d}.npz"


_SHARD_NAME = re.compile(r"\.?shard-(\d+)\.npz(?:\.tmp)?")
"""A shard's file, or its temporary name (:func:`_shard_file`, :func:`.temporary_name`)."""


def _refuse_folders_in_the_way(folder: Path, shards: int) -> None:
    """Raise ``ValueError`` naming a folder in ``folder`` where the dataset of ``shards``
    shards writes a file (a shard, the manifest, or one's temporary name), before any wall is
    played: the system's "Is a directory" came once a shard's walls were played, and named
    the temporary file even when the shard's own name was the folder."""
    ours = {MANIFEST, temporary_name(MANIFEST)}
    for entry in folder.iterdir():
        found = _SHARD_NAME.fullmatch(entry.name)
        number = int(found[1]) if found else shards
        shard = number < shards and entry.name in (_shard_file(number),
                                                   temporary_name(_shard_file(number)))
        if (shard or entry.name in ours) and entry.is_dir():
            raise ValueError(f"{entry} is a folder, where mjsim dataset writes a file: move it "
                             "away, or give another folder")


def _intact(path: Path, rows: int, roads: bool) -> bool:
    """Whether the shard ``path`` reads whole and holds the ``rows`` its manifest lists (with
    the road planes when ``roads``). One that does not (cut short or damaged since) is made
    again: its walls give the same rows, so nothing is lost, where a refusal would leave the
    folder to be mended by hand."""
    try:
        _shard(path, rows, roads)
    except ValueError:
        return False
    return True


_ARRAYS = {"observation": (np.uint8, PLANES), "mask": (np.int8, (N_ACTIONS,)),
           "action": (np.int16, ()), "seat": (np.int8, ()), "wall": (np.int32, ()),
           "hand_no": (np.int8, ()), "hand_points": (np.int32, ()),
           "game_points": (np.int32, ())}
"""The arrays every shard holds, each one's dtype and the shape of a row."""
_LATER = {"played": (np.int16, ()), "best": (np.int8, (N_ACTIONS,)),
          "roads": (np.uint8, (ROADS, PLANES[1]))}
"""The arrays of shards written by later versions (``roads`` with the road planes; five of them
in a shard written before plane 5)."""
_WRITTEN = _ARRAYS | _LATER
"""Every array a shard of this version may hold: the dtype it is written in, a row's shape."""


def _shard(path: Path, rows: int, roads: bool) -> dict[str, np.ndarray]:
    """The arrays of the shard ``path``, which its manifest lists with ``rows`` rows (and the
    road planes when ``roads``). Raises ``ValueError`` naming it when it cannot be read or is
    not what ``mjsim dataset`` writes: an array missing or of another dtype or shape, or an
    action its row's mask does not allow (training would learn from it, or meet a traceback)."""
    arrays = read_npz(path, "dataset shard")
    problem = _problem(arrays, rows, roads)
    if problem is not None:
        raise ValueError(f"{path} is no dataset shard of its manifest: {problem} (the mjsim "
                         "dataset command that made it makes it again)")
    return arrays


def _problem(arrays: dict[str, np.ndarray], rows: int, roads: bool) -> str | None:
    """What in a shard's ``arrays`` is not as written (see :func:`_shard`), or None."""
    if roads and "roads" not in arrays:
        return "no road planes"
    for name, (dtype, shape) in _WRITTEN.items():
        if name not in arrays:
            if name in _ARRAYS:
                return f"no {name} array"
            continue
        array = arrays[name]
        if name == "roads" and array.shape[1:] == (FIRST_ROADS, PLANES[1]):
            shape = array.shape[1:]  # written before plane 5
        if array.dtype != dtype or array.shape != (rows, *shape):
            return (f"its {name} is {array.dtype} of shape {array.shape}, not "
                    f"{np.dtype(dtype)} of shape {(rows, *shape)}")
    action = arrays["action"].astype(np.intp)
    flags = {name: arrays[name] for name in ("mask", "best") if name in arrays}
    if ((action < 0) | (action >= N_ACTIONS)).any():
        return f"an action outside 0-{N_ACTIONS - 1}"
    for name, values in flags.items():
        if values.min(initial=0) < 0 or values.max(initial=0) > 1:
            return f"its {name} holds values other than 0 and 1"
        if (values[np.arange(rows), action] != 1).any():
            return f"an action that is not in its row's {name}"
    return None


def _manifest(folder: Path, settings: dict[str, Any]) -> dict[str, Any]:
    """The folder's manifest, or a new one; refuses one made with other settings."""
    try:
        manifest = read_manifest(folder)
    except FileNotFoundError:
        try:
            folder.mkdir(parents=True, exist_ok=True)
        except OSError as error:  # made here, once the arguments are accepted
            raise ValueError(f"cannot make the folder {folder}: {error.strerror}") from None
        return {**settings, "walls": 0, "shards": [], "rows": 0}
    recorded = {key: manifest.get(key, _UNSET.get(key)) for key in _SETTINGS}
    recorded["seed"] = _recorded_seed(recorded["seed"])
    differ = [key for key in _SETTINGS if recorded[key] != settings[key]]
    if differ:
        raise ValueError(f"{folder} holds a dataset made with other settings ("
                         + ", ".join(f"{key} {manifest.get(key)!r}" for key in differ)
                         + "): give another folder")
    return {**manifest, "seed": recorded["seed"]}  # an old int seed is written back as text


def _recorded_seed(seed: object) -> object:
    """A manifest's seed as :func:`~mjsim.errors.run_seed` reads it: an earlier mjsim recorded
    a whole-number seed as a number (``"seed": 5``), which names the walls ``"5"`` names. Any
    other value is returned as it is (it differs from every seed, and the resume is refused)."""
    if isinstance(seed, int) and not isinstance(seed, bool):
        return run_seed(seed)
    return seed


def read_manifest(out: str | Path) -> dict[str, Any]:
    """The manifest of the dataset in ``out`` (a UTF-8 byte-order mark, as an editor may write,
    is read past). Raises ``FileNotFoundError`` when there is none, and ``ValueError`` naming
    it when it cannot be read, is another kind of folder's, or lists a shard outside ``out``."""
    path = Path(out) / MANIFEST
    if not path.is_file():
        raise FileNotFoundError(f"{out} holds no dataset (no {MANIFEST}): make one with "
                                "mjsim dataset --out")
    try:
        manifest = json.loads(path.read_text(encoding="utf-8-sig"))
    # json's own errors are ValueErrors, and RecursionError for arrays nested past its depth
    except (OSError, UnicodeDecodeError, ValueError, RecursionError):
        raise ValueError(f"{path} is damaged (not the JSON mjsim dataset writes): make the "
                         "dataset again in another folder") from None
    if not isinstance(manifest, dict) or manifest.get("format") != FORMAT:
        raise ValueError(f"{out} holds no dataset (its {MANIFEST} is another kind of "
                         "folder's, such as a run's): give another folder")
    listed, walls = manifest.get("shards"), manifest.get("walls")
    # Every manifest written holds a shard (it is saved after each) and its count of walls.
    if not isinstance(listed, list) or not listed or not all(
            isinstance(shard, dict) and isinstance(shard.get("file"), str)
            and _count(shard.get("rows")) for shard in listed) or not _count(walls):
        raise ValueError(f"{path} is damaged (its list of shards or count of walls): make the "
                         "dataset again in another folder")
    files = [shard["file"] for shard in listed]
    if len(set(files)) < len(files):  # its rows would be read twice
        raise ValueError(f"{path} is damaged (it lists a shard twice): make the dataset again "
                         "in another folder")
    for shard in listed:  # an edited manifest must not make a reader open /etc/passwd
        file = Path(shard["file"])
        if file.is_absolute() or ".." in file.parts:
            raise ValueError(f"{path} lists a shard outside its folder, {shard['file']!r}: a "
                             "shard's file is a name in the dataset's folder")
    return manifest


def _count(value: object) -> bool:
    """Whether ``value`` is a count a manifest may hold (JSON's true is no count)."""
    return isinstance(value, int) and not isinstance(value, bool) and value >= 0


def _save(folder: Path, manifest: dict[str, Any]) -> None:
    manifest["rows"] = sum(shard["rows"] for shard in manifest["shards"])
    with written_whole(folder / MANIFEST) as temporary:
        temporary.write_text(json.dumps(manifest, indent=1) + "\n")


def _progress(starts: range, quiet: bool) -> Iterator[int]:
    """The shards' first walls, with a progress bar on a terminal unless quiet."""
    if quiet or not sys.stderr.isatty():
        yield from starts
        return
    from rich.progress import track

    yield from track(starts, description="shards", transient=True)


def shards(out: str | Path) -> Iterator[dict[str, np.ndarray]]:
    """The arrays of each shard of the dataset in ``out``, in wall order, one shard in memory
    at a time. Raises ``FileNotFoundError`` when ``out`` holds no dataset, and ``ValueError``
    naming the file for a manifest or shard that cannot be read."""
    folder = Path(out)
    manifest = read_manifest(folder)
    for shard in manifest["shards"]:
        yield _shard(folder / shard["file"], shard["rows"], manifest.get("roads") is True)


def load(out: str | Path) -> dict[str, np.ndarray]:
    """The whole dataset in ``out``, its shards joined."""
    parts = list(shards(out))
    return {name: np.concatenate([part[name] for part in parts]) for name in parts[0]}
