"""mjsim.learn's entry points read their arguments or refuse them by name: a fraction of a
hand was truncated, a seed of None named walls "None-0", a bool was taken as action 1, and
other values met an error from inside ("'<' not supported", AttributeError)."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import numpy as np
import pytest

from mjsim.errors import run_seed
from mjsim.game.rules import Rules
from mjsim.learn import (
    PLANES,
    VectorGames,
    action_of,
    dataset,
    encode,
    encode_batch,
    legal_mask,
    move_of,
)
from mjsim.players.view import view_of

pytest.importorskip("pettingzoo")
from mjsim.learn.environment import MahjongEnv  # needs PettingZoo

VIEW = view_of(Rules(seed=b"x"), 0)


@pytest.mark.parametrize(("hands", "error"), [(2.5, TypeError), ("1", TypeError),
                                              (True, TypeError), (0, ValueError),
                                              (17, ValueError)])
def test_the_environment_reads_hands_whole(hands, error) -> None:
    # 2.5 was taken as 2 hands, "1" raised "'<=' not supported"
    with pytest.raises(error, match="^hands is a whole number"):
        MahjongEnv(hands=hands)


@pytest.mark.parametrize("seed", [None, b"x", 1.5, True, [1]])
def test_a_seed_that_is_no_str_or_whole_number_is_refused_by_name(seed) -> None:
    # None named the walls "None-0"; bytes would name them "b'x'-0"
    with pytest.raises(TypeError, match="^seed is a str or a whole number, not "):
        MahjongEnv(hands=1, seed=seed)
    with pytest.raises(TypeError, match="^seed is a str or a whole number, not "):
        VectorGames(1, seed=seed)
    table = MahjongEnv(hands=1)
    if seed is not None:  # reset(seed=None) plays the next wall
        with pytest.raises(TypeError, match="^seed is a str or a whole number, not "):
            table.reset(seed=seed)


@pytest.mark.parametrize("seed", ["learn", 7, np.int64(7)])
def test_str_and_whole_seeds_name_the_walls_as_before(seed) -> None:
    assert run_seed(seed) == str(seed) and run_seed(np.int64(7)) == "7"
    table = MahjongEnv(hands=np.int64(1), seed=seed)
    table.reset()
    assert table.game is not None and table.game.seed == f"{seed}-0".encode()
    games = VectorGames(np.int64(1), seed=seed, hands=np.uint8(1))
    games.reset()
    assert games.games[0].seed == f"{seed}-0".encode()


def test_a_bool_is_no_action() -> None:
    # True was played as action 1, though the README calls a non-whole action a TypeError
    with pytest.raises(TypeError, match="^action is a whole number, not a bool"):
        move_of(True, VIEW)
    table = MahjongEnv(hands=1)
    table.reset(seed=1)
    with pytest.raises(TypeError, match="^action is a whole number, not a bool"):
        table.step(True)  # type: ignore[arg-type]
    games = VectorGames(2, hands=1)
    games.reset()
    with pytest.raises(TypeError, match="not bool"):
        games.step(np.array([True, True]))
    assert move_of(np.int16(1), VIEW) == move_of(1, VIEW)


@pytest.mark.parametrize("move", [None, 5, "discard"])
def test_action_of_what_is_no_move_is_a_type_error_naming_it(move) -> None:
    with pytest.raises(TypeError, match="^move is a Move, not "):
        action_of(move)


FOUR = ["1", "1", "1", "1"]


@pytest.mark.parametrize(("options", "error", "words"), [
    ({"hands": 1.5}, TypeError, "^hands is a whole number, not 1.5$"),  # played 1 hand
    ({"walls": "2"}, TypeError, "^walls is a whole number, not '2'$"),  # "'<' not supported"
    ({"shard_walls": 2.0}, TypeError, "^shard_walls is a whole number, not 2.0$"),
    ({"walls": 0}, ValueError, "^walls is a whole number from 1 to 2147483648, not 0$"),
    ({"players": [1, 1, 1, 1]}, TypeError, r"^players is a list of player specs \(str\)"),
    ({"players": "1111"}, TypeError, r"^players is a list of player specs \(str\), not '1111'"),
    ({"players": None}, TypeError, "^players is a list"),
    ({"players": FOUR[:3]}, ValueError, r"^a table seats four players, not 3: \['1', '1', '1'\]$"),
    ({"players": [*FOUR, "1"]}, ValueError, "^a table seats four players, not 5: "),
    ({"label": 3}, TypeError, r"^label is a player spec \(a str\) or None, not 3$"),
    ({"roads": "yes"}, TypeError, "^roads is True or False, not 'yes'$"),
    ({"roads": 1}, TypeError, "^roads is True or False, not 1$"),
    ({"seed": None}, TypeError, "^seed is a str or a whole number, not None$"),  # "None-0"
    ({"seed": b"x"}, TypeError, "^seed is a str or a whole number, not b'x'$"),
])
def test_dataset_arguments_are_refused_by_name(tmp_path, options, error, words) -> None:
    arguments = {"players": FOUR, "walls": 1, "hands": 1, **options}
    with pytest.raises(error, match=words):
        dataset.write(tmp_path / "out", **arguments)
    assert not (tmp_path / "out").exists()  # refused before anything is made


def test_write_games_reads_its_arguments_by_name(tmp_path) -> None:
    with pytest.raises(TypeError, match="^shard_walls is a whole number, not 1.5$"):
        dataset.write_games(tmp_path / "out", tmp_path, shard_walls=1.5)
    with pytest.raises(TypeError, match="^roads is True or False, not 'yes'$"):
        dataset.write_games(tmp_path / "out", tmp_path, roads="yes")


def test_numpy_counts_and_an_int_seed_still_write_a_dataset_the_seed_as_text(tmp_path) -> None:
    manifest = dataset.write(tmp_path, ("1", "1", "1", "1"), np.int64(2), seed=5,
                             hands=np.int8(1), shard_walls=np.uint16(1))
    assert (manifest["walls"], manifest["hands"], manifest["seed"]) == (2, 1, "5")
    assert [shard["walls"] for shard in manifest["shards"]] == [[0, 1], [1, 2]]
    assert dataset.write(tmp_path, FOUR, 2, seed=5, hands=1, shard_walls=1) == manifest


def test_a_dataset_an_earlier_mjsim_recorded_with_an_int_seed_resumes(tmp_path) -> None:
    # An earlier mjsim recorded "seed": 5, and resuming it said "made with other settings (seed
    # 5)": seeds are recorded as text now.
    out = tmp_path / "old"
    dataset.write(out, FOUR, 1, seed=5, hands=1, shard_walls=1)
    manifest = json.loads((out / dataset.MANIFEST).read_text())
    manifest["seed"] = 5
    (out / dataset.MANIFEST).write_text(json.dumps(manifest))
    extended = dataset.write(out, FOUR, 2, seed="5", hands=1, shard_walls=1)
    assert extended["seed"] == "5" and extended["walls"] == 2
    assert json.loads((out / dataset.MANIFEST).read_text())["seed"] == "5"  # written as text
    fresh = dataset.write(tmp_path / "new", FOUR, 2, seed=5, hands=1, shard_walls=1)
    assert extended == fresh
    assert np.array_equal(dataset.load(out)["observation"],
                          dataset.load(tmp_path / "new")["observation"])
    for other in (True, 5.0, "6"):  # no whole number, or another seed: other settings
        manifest["seed"] = other
        (out / dataset.MANIFEST).write_text(json.dumps(manifest))
        with pytest.raises(ValueError, match=f"other settings \\(seed {other!r}\\)"):
            dataset.write(out, FOUR, 2, seed=5, hands=1, shard_walls=1)


@pytest.fixture(scope="module")
def small(tmp_path_factory) -> Path:
    out = tmp_path_factory.mktemp("small")
    dataset.write(out, FOUR, 1, hands=1)
    return out


def edited(small: Path, tmp_path: Path, change) -> Path:
    """A copy of the dataset ``small`` whose manifest ``change`` has edited."""
    out = tmp_path / "edited"
    shutil.copytree(small, out)
    manifest = json.loads((out / dataset.MANIFEST).read_text())
    change(manifest)
    (out / dataset.MANIFEST).write_text(json.dumps(manifest))
    return out


def test_a_manifest_starting_with_a_byte_order_mark_reads(small, tmp_path) -> None:
    # README: a file that starts with a UTF-8 byte-order mark reads as without it
    out = edited(small, tmp_path, lambda manifest: None)
    path = out / dataset.MANIFEST
    path.write_bytes(b"\xef\xbb\xbf" + path.read_bytes())
    assert len(dataset.load(out)["action"]) == len(dataset.load(small)["action"])
    assert dataset.write(out, FOUR, 1, hands=1)["walls"] == 1


@pytest.mark.parametrize("change", [
    lambda manifest: manifest.update(shards=[]),  # load raised IndexError
    lambda manifest: manifest.update(walls="x"),  # a resume raised "'>' not supported"
    lambda manifest: manifest.update(walls=True),
    lambda manifest: manifest.pop("walls"),
    lambda manifest: manifest["shards"][0].update(rows=-1),
])
def test_a_manifest_without_shards_or_a_count_of_walls_is_damaged(small, tmp_path,
                                                                   change) -> None:
    out = edited(small, tmp_path, change)
    for read in (dataset.load, lambda folder: dataset.write(folder, FOUR, 1, hands=1)):
        with pytest.raises(ValueError, match="manifest.json is damaged"):
            read(out)


@pytest.mark.parametrize("file", ["/etc/passwd", "../shard-00000.npz", "sub/../../x.npz"])
def test_a_shard_outside_the_folder_is_refused(small, tmp_path, file) -> None:
    # /etc/passwd was opened (and called a damaged shard)
    out = edited(small, tmp_path, lambda manifest: manifest["shards"][0].update(file=file))
    with pytest.raises(ValueError, match=f"lists a shard outside its folder, '{file}'"):
        dataset.load(out)


def read_only(shape, dtype) -> np.ndarray:
    array = np.zeros(shape, dtype)
    array.flags.writeable = False
    return array


@pytest.mark.parametrize(("out", "masks", "error", "words"), [
    ([[0]], None, TypeError, "^out is a numpy array, not list$"),
    (np.zeros((1, *PLANES), np.uint8), [[0]], TypeError, "^masks is a numpy array, not list$"),
    # "buffer source array is read-only"
    (read_only((1, *PLANES), np.uint8), None, ValueError, "^out is read-only"),
    (np.zeros((1, *PLANES), np.uint8), read_only((1, 75), np.int8), ValueError,
     "^masks is read-only"),
    # "must be C-ordered uint8, not uint8"
    (np.zeros((1, *PLANES), np.uint8, order="F"), None, ValueError,
     "^out must be C-ordered .*, not Fortran-ordered or strided$"),
    (np.zeros((1, *PLANES), np.int8), None, ValueError, "^out must be uint8, not int8$"),
])
def test_encode_batch_names_the_array_it_cannot_write(out, masks, error, words) -> None:
    with pytest.raises(error, match=words):
        encode_batch([VIEW], out, masks)


def test_encode_batch_still_fills_c_ordered_arrays() -> None:
    out, masks = np.zeros((2, *PLANES), np.uint8), np.zeros((2, 75), np.int8)
    encode_batch([VIEW], out, masks)
    assert out[0].any() and masks[0].any() and not out[1].any()


@pytest.mark.parametrize(("views", "words"), [
    ([VIEW, "x"], r"^views\[1\] is a View \(view_of gives one\), not str$"),
    ((VIEW, VIEW, None), r"^views\[2\] is a View \(view_of gives one\), not NoneType$"),
    ([b"view"], r"^views\[0\] is a View \(view_of gives one\), not bytes$"),
    (5, "^views is a sequence of Views, not int$"),
])
def test_encode_batch_names_an_item_that_is_no_view_and_writes_no_row(views, words) -> None:
    # "Cannot convert str to mjsim.players.view.View", after the rows before it were written
    out, masks = np.zeros((3, *PLANES), np.uint8), np.zeros((3, 75), np.int8)
    with pytest.raises(TypeError, match=words):
        encode_batch(views, out, masks)
    assert not out.any() and not masks.any()


@pytest.mark.parametrize("read", [encode, legal_mask])
@pytest.mark.parametrize("view", ["x", None, 3])
def test_encode_and_legal_mask_name_what_is_no_view(read, view) -> None:
    with pytest.raises(TypeError, match=r"^view is a View \(view_of gives one\), not "):
        read(view)
