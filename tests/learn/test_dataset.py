"""Self-play datasets: each row is a decision the players took, with the points its hand and
game gave the seat; a killed run resumes to the same data; the command line writes one."""

import json

import numpy as np
import pytest

from mjsim.learn import action_of, dataset, encode, legal_mask
from mjsim.players import Rung
from mjsim.players.driver import play
from mjsim.ui.cli import main

PLAYERS = ["2", "3", "2", "3"]


@pytest.fixture(scope="module")
def made(tmp_path_factory):
    out = tmp_path_factory.mktemp("data")
    manifest = dataset.write(out, PLAYERS, walls=3, seed="d", hands=2, shard_walls=2)
    return out, manifest


class Watcher:
    """A rung that notes what it sees and does: the rows the dataset should hold."""

    def __init__(self, level, rows, game_of):
        self.rung, self.rows, self.game_of, self.name = Rung(level), rows, game_of, str(level)

    def act(self, view):
        move = self.rung.act(view)
        self.rows.append((encode(view), legal_mask(view), action_of(move, view=view),
                          view.seat, self.game_of(), view.hand_no))
        return move


def test_the_rows_are_the_decisions_and_their_points(made):
    out, manifest = made
    data = dataset.load(out)
    assert manifest["rows"] == len(data["action"]) and manifest["walls"] == 3
    assert [shard["walls"] for shard in manifest["shards"]] == [[0, 2], [2, 3]]
    expected, wall = [], [0]
    players = [Watcher(int(p), expected, lambda: wall[0]) for p in PLAYERS]
    points = []
    for wall[0] in range(3):
        game = play(f"d-{wall[0]}", players, last_hand=2)
        points.append((game.history, game.totals))
    assert len(expected) == len(data["action"])
    for row, (obs, mask, action, seat, w, hand_no) in enumerate(expected):
        assert np.array_equal(data["observation"][row], obs)
        assert np.array_equal(data["mask"][row], mask) and mask[action] == 1
        assert (data["action"][row], data["seat"][row], data["wall"][row],
                data["hand_no"][row]) == (action, seat, w, hand_no)
        history, totals = points[w]
        assert data["hand_points"][row] == history[hand_no - 1]["deltas"][seat]
        assert data["game_points"][row] == totals[seat]


def test_a_killed_run_resumes_to_the_same_data(made, tmp_path):
    out, _ = made
    whole = dataset.load(out)
    dataset.write(tmp_path, PLAYERS, walls=3, seed="d", hands=2, shard_walls=2)
    (tmp_path / "shard-00001.npz").unlink()  # as if killed while writing the last shard
    first = (tmp_path / "shard-00000.npz").stat().st_mtime_ns
    dataset.write(tmp_path, PLAYERS, walls=3, seed="d", hands=2, shard_walls=2)
    assert (tmp_path / "shard-00000.npz").stat().st_mtime_ns == first  # kept, not redone
    again = dataset.load(tmp_path)
    assert all(np.array_equal(whole[name], again[name]) for name in whole)


def _interrupted_at_the_second_shard(monkeypatch):
    """Ctrl-C as the second shard is being saved: the first stays whole. Returns the saves
    counted, which a test may set back to stop another save."""
    save, calls = np.savez_compressed, []

    def stopped(*args, **kwargs):
        calls.append(1)
        if len(calls) == 2:
            raise KeyboardInterrupt
        save(*args, **kwargs)

    monkeypatch.setattr(np, "savez_compressed", stopped)
    return calls


def test_a_run_killed_after_a_shard_holds_only_the_walls_it_played(made, tmp_path,
                                                                     monkeypatch):
    out, _ = made
    _interrupted_at_the_second_shard(monkeypatch)
    with pytest.raises(KeyboardInterrupt):
        dataset.write(tmp_path, PLAYERS, walls=3, seed="d", hands=2, shard_walls=2)
    monkeypatch.undo()
    held = json.loads((tmp_path / dataset.MANIFEST).read_text())
    assert held["walls"] == 2 and [s["walls"] for s in held["shards"]] == [[0, 2]]
    # Resumed with only the walls it holds, then to the end: the data of an unbroken run.
    dataset.write(tmp_path, PLAYERS, walls=2, seed="d", hands=2, shard_walls=2)
    dataset.write(tmp_path, PLAYERS, walls=3, seed="d", hands=2, shard_walls=2)
    whole, again = dataset.load(out), dataset.load(tmp_path)
    assert all(np.array_equal(whole[name], again[name]) for name in whole)


def test_ctrl_c_names_the_shards_that_stay(tmp_path, monkeypatch, capsys):
    # Was: "mjsim dataset: interrupted", naming nothing kept.
    calls = _interrupted_at_the_second_shard(monkeypatch)
    argv = ["dataset", "--players", "2,2,2,2", "--walls", "3", "--hands", "1", "--shard-walls",
            "2", "--out", str(tmp_path), "--quiet"]
    assert main(argv) == 130
    rows = json.loads((tmp_path / dataset.MANIFEST).read_text())["rows"]
    assert capsys.readouterr().err == (
        f"mjsim dataset: interrupted; 1 whole shard of 2 walls ({rows} decisions) stay in "
        f"{tmp_path}: the same command resumes after them\n")
    (tmp_path / dataset.MANIFEST).unlink()
    calls[:] = [1]  # stopped while its first shard is written
    assert main(argv) == 130
    assert capsys.readouterr().err == ("mjsim dataset: interrupted; no shard was whole yet: the "
                                       f"same command starts {tmp_path} afresh\n")


def test_a_run_of_very_many_walls_starts_at_once(tmp_path, monkeypatch):
    # Was: a list of every shard's walls made first: --walls 100000000000 --shard-walls 1 took
    # all the memory a machine would give before its first game.
    import tracemalloc

    def stop(*args, **kwargs):
        raise KeyboardInterrupt

    monkeypatch.setattr(dataset, "play", stop)
    tracemalloc.start()
    try:
        with pytest.raises(KeyboardInterrupt):
            dataset.write(tmp_path, PLAYERS, walls=10**6, hands=1, shard_walls=1)
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert peak < 2**24, peak  # 16 MiB: the players and a manifest, no list of a million


def test_a_manifest_lists_its_shards_in_wall_order_past_a_hundred_thousand():
    # Was: sorted by file name, as the manifest written after each shard is, shard-100000
    # (walls 100000 on) came before shard-99999.
    shards = [{"file": f"shard-{n:05d}.npz", "walls": [n, n + 1], "rows": 1}
              for n in (100_000, 99_999, 3)]
    assert [s["walls"][0] for s in dataset._in_wall_order(shards)] == [3, 99_999, 100_000]


def test_more_walls_extend_a_dataset(made, tmp_path):
    out, _ = made
    dataset.write(tmp_path, PLAYERS, walls=1, seed="d", hands=2, shard_walls=2)
    manifest = dataset.write(tmp_path, PLAYERS, walls=3, seed="d", hands=2, shard_walls=2)
    assert [shard["walls"] for shard in manifest["shards"]] == [[0, 2], [2, 3]]
    whole, again = dataset.load(out), dataset.load(tmp_path)
    assert all(np.array_equal(whole[name], again[name]) for name in whole)


def test_a_folder_of_other_settings_or_more_walls_is_refused(made):
    out, _ = made
    with pytest.raises(ValueError, match="other settings"):
        dataset.write(out, PLAYERS, walls=3, seed="other", hands=2, shard_walls=2)
    with pytest.raises(ValueError, match="holds 3 walls"):
        dataset.write(out, PLAYERS, walls=2, seed="d", hands=2, shard_walls=2)
    assert dataset.load(out)["wall"].max() == 2  # nothing was cut


@pytest.mark.parametrize(("players", "walls", "hands"), [
    (["2", "2", "2"], 1, 1), (PLAYERS, 0, 1), (PLAYERS, 1, 17), (["2", "2", "2", "nobody"], 1, 1)])
def test_bad_settings_are_refused(tmp_path, players, walls, hands):
    with pytest.raises(ValueError):
        dataset.write(tmp_path, players, walls=walls, hands=hands)


def test_walls_past_the_wall_columns_range_are_refused(tmp_path, monkeypatch):
    # Was: taken, though wall 2**31 and on cannot be written in the int32 column 'wall'.
    monkeypatch.setattr(dataset, "play", lambda *args, **kwargs: pytest.fail("a game played"))
    with pytest.raises(ValueError, match=r"^walls is a whole number from 1 to 2147483648, not "
                                         r"2147483649$"):
        dataset.write(tmp_path, PLAYERS, walls=2**31 + 1, hands=1)
    assert not list(tmp_path.iterdir())


def test_no_dataset_no_rows(tmp_path):
    with pytest.raises(FileNotFoundError, match="mjsim dataset"):
        dataset.load(tmp_path)


def test_the_command_writes_a_dataset(tmp_path, capsys):
    out = tmp_path / "cli"
    code = main(["dataset", "--players", "2,2,2,2", "--walls", "2", "--hands", "1",
                 "--out", str(out), "--quiet"])
    printed = capsys.readouterr().out
    manifest = json.loads((out / "manifest.json").read_text())
    assert code == 0 and f"{manifest['rows']} decisions, 1 shard:" in printed
    assert manifest["players"] == ["2", "2", "2", "2"] and manifest["hands"] == 1


@pytest.mark.parametrize("argv", [["--players", "2,2,2", "--walls", "2"],
                                  ["--players", "2,2,2,2", "--walls", "0"]])
def test_the_command_refuses_bad_arguments_in_one_line(tmp_path, capsys, argv):
    code = main(["dataset", *argv, "--out", str(tmp_path / "x")])
    err = capsys.readouterr().err
    assert code == 2 and len(err.strip().splitlines()) == 1 and err.startswith("mjsim dataset:")


@pytest.mark.parametrize("name", ["shard-00001.npz", ".shard-00001.npz.tmp",
                                  "manifest.json", ".manifest.json.tmp"])
def test_a_folder_where_a_shard_or_the_manifest_goes_is_refused_before_any_wall(
        tmp_path, capsys, monkeypatch, name):
    # Was "stopped: Is a directory: .../.shard-00001.npz.tmp.npz", status 1, once the walls
    # before were played, naming the temporary file even when the shard's name was the folder
    monkeypatch.setattr(dataset, "play", lambda *args, **kwargs: pytest.fail("a wall played"))
    (tmp_path / name).mkdir()
    code = main(["dataset", "--players", "2,2,2,2", "--walls", "3", "--hands", "1",
                 "--shard-walls", "2", "--out", str(tmp_path), "--quiet"])
    assert code == 2 and capsys.readouterr().err == (
        f"mjsim dataset: {tmp_path / name} is a folder, where mjsim dataset writes a file: move "
        "it away, or give another folder\n")
    assert sorted(path.name for path in tmp_path.iterdir()) == [name]


def test_a_folder_named_as_a_shard_past_the_last_is_no_matter(tmp_path):
    (tmp_path / "shard-00001.npz").mkdir()  # a dataset of one shard writes shard-00000.npz
    (tmp_path / "shard-1.npz").mkdir()
    manifest = dataset.write(tmp_path, PLAYERS, walls=1, hands=1, shard_walls=2)
    assert [shard["file"] for shard in manifest["shards"]] == ["shard-00000.npz"]


def test_a_dataset_from_imported_games_holds_every_recorded_move_and_resumes(tmp_path):
    from mjsim.game.formats.check import Replayed
    from mjsim.game.formats.imports import outcomes
    from mjsim.tournament.imported import ImportFolder
    from tests.helpers import DATA

    imported = ImportFolder(tmp_path / "imported", "contest-text")
    agreed = [o for o in outcomes([DATA / "contest" / "games.txt"], "contest-text")
              if isinstance(o, Replayed)]
    for outcome in agreed:
        imported.add(outcome, "games.txt")
    imported.close({}, ["games.txt"])
    manifest = dataset.write_games(tmp_path / "data", tmp_path / "imported", shard_walls=4)
    data = dataset.load(tmp_path / "data")
    assert len(data["action"]) == sum(len(o.moves) for o in agreed) == manifest["rows"]
    assert data["mask"][np.arange(len(data["action"])), data["action"]].all()
    assert sorted(set(data["wall"])) == list(range(len(agreed)))
    again = dataset.write_games(tmp_path / "data", tmp_path / "imported", shard_walls=4)
    assert again["shards"] == manifest["shards"]
    with pytest.raises(ValueError, match="no game logs"):
        dataset.write_games(tmp_path / "other", tmp_path / "data")


def test_a_folder_that_is_no_dataset_a_log_file_and_a_damaged_log_are_refused_by_name(tmp_path):
    # Was: "holds a dataset made with other settings (format None, ...)" of a run folder, "holds
    # no game logs" of a log file, and a damaged log's line without its file.
    run = tmp_path / "run"
    run.mkdir()
    (run / "manifest.json").write_text('{"kind": "table", "batches": []}')
    with pytest.raises(ValueError, match="run holds no dataset"):
        dataset.write(run, ["1", "1", "1", "1"], walls=1, hands=1)
    logs = tmp_path / "logs"
    logs.mkdir()
    (logs / "a.jsonl").write_text('{"format": "mjsim-game-log-1"}\n')
    with pytest.raises(ValueError, match="a.jsonl is a file"):
        dataset.write_games(tmp_path / "out1", logs / "a.jsonl")
    with pytest.raises(ValueError, match=f"^{logs / 'a.jsonl'}: a damaged game log"):
        dataset.write_games(tmp_path / "out2", logs)


PLAYERS_OF_THE_TEST = '''
class Offers:
    """Offers what it was made with at every decision: None, or a str."""

    def __init__(self, answer=None):
        self.name, self.answer = "offers", answer

    def act(self, view):
        return self.answer
'''


@pytest.mark.parametrize(("players", "label", "words"), [
    ("2,2,2,tests.edges.raising:RaisingAtOnce", None,
     ("wall 0: seat 3 (raising-at-once) raised ZeroDivisionError: division by zero in hand 1; "
      "its traceback is in {out}/errors/wall0-seat3.txt")),
    ("2,2,2,{file}:Offers", None, "wall 0: offers in seat 3 fouled 3 hands in a row"),
    # A foul is the driver's matter, no row of data: what the player offered is not read.
    ("2,2,2,{file}:Offers?answer=x", None, "wall 0: offers in seat 3 fouled 3 hands in a row"),
    ("2,2,2,2", "tests.edges.raising:RaisingAtOnce",
     "raised ZeroDivisionError: division by zero as the label, in hand 1; its traceback is in "),
    ("2,2,2,2", "{file}:Offers",
     "wall 0: the label offers offered None for seat 0 in hand 1, not a legal move"),
    ("2,2,2,2", "{file}:Offers?answer=x", "the label offers offered 'x' for seat 0"),
])
def test_a_player_or_label_that_fails_stops_the_command_in_one_line(tmp_path, capsys, players,
                                                                    label, words):
    # Was: a traceback (PlayerError or TooManyFouls) for a player that raised or fouled hand
    # after hand; a label's failure blamed on the seat's player, a label's None written as the
    # row's action the player's own move, and a label's str met a traceback.
    file = tmp_path / "offers.py"
    file.write_text(PLAYERS_OF_THE_TEST)
    out = tmp_path / "data"
    argv = ["dataset", "--players", players.format(file=file), "--walls", "2", "--hands", "4",
            "--out", str(out), "--quiet"]
    code = main([*argv, *(["--label", label.format(file=file)] if label else [])])
    err = capsys.readouterr().err
    assert code == 1 and err.count("\n") == 1, err
    assert err.startswith("mjsim dataset: stopped: ") and words.format(out=out) in err, err
    assert "the shards of the walls before stay" in err
    if "traceback is in" in words:
        kept = [path.read_text() for path in (out / "errors").iterdir()]
        assert len(kept) == 1 and "1 / 0" in kept[0]


def test_written_with_its_defaults_a_dataset_plays_16_hands_a_wall_in_shards_of_10_walls(
        tmp_path):
    manifest = dataset.write(tmp_path / "out", ["1"] * 4, walls=1)
    assert {key: manifest[key] for key in ("seed", "hands", "shard_walls", "roads", "label")} == {
        "seed": "mjsim", "hands": 16, "shard_walls": 10, "roads": False, "label": None}
    assert "roads" not in dataset.load(tmp_path / "out")


def test_a_shard_of_a_road_dataset_without_its_road_planes_is_refused(tmp_path):
    dataset.write(tmp_path / "out", ["1"] * 4, walls=1, hands=1, roads=True)
    shard = tmp_path / "out" / "shard-00000.npz"
    arrays = dict(np.load(shard))
    del arrays["roads"]
    np.savez_compressed(shard, **arrays)
    with pytest.raises(ValueError, match=f"^{shard} is no dataset shard of its manifest: no road "
                                         "planes"):
        dataset.load(tmp_path / "out")
