"""``mjsim train`` and ``mjsim dataset`` refuse what they cannot use in one line, status 2,
before any work is done (the audit's findings: each test failed before its fix)."""

import json
import math
import os
import shutil
from dataclasses import replace
from pathlib import Path

import numpy as np
import pytest

from mjsim.learn import dataset, network
from mjsim.ui.cli import main

torch = pytest.importorskip("torch")
training = pytest.importorskip("mjsim.learn.training")

TINY = ["--channels", "4", "--blocks", "1", "--steps", "2", "--batch", "8", "--held-out", "0.5",
        "--seed", "1", "--quiet"]


@pytest.fixture(scope="module")
def data(tmp_path_factory: pytest.TempPathFactory) -> Path:
    folder = tmp_path_factory.mktemp("data") / "rung2"
    dataset.write(folder, ["2"] * 4, walls=4, hands=1, shard_walls=2)
    return folder


@pytest.fixture(scope="module")
def model(data: Path, tmp_path_factory: pytest.TempPathFactory) -> Path:
    path = tmp_path_factory.mktemp("model") / "m.npz"
    assert main(["train", "--data", str(data), "--out", str(path), *TINY]) == 0
    return path


def _refused(argv: list[str], capsys: pytest.CaptureFixture[str], *words: str) -> str:
    assert main(argv) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and err.startswith(f"mjsim {argv[0]}: "), err
    assert all(word in err for word in words), err
    return err


@pytest.mark.parametrize("threads", ["0", "-1", "257"])
def test_threads_outside_1_to_256_are_refused(data, tmp_path, capsys, threads):
    # Was: a RuntimeError traceback for 0 and -1, a segfault for 100000.
    _refused(["train", "--data", str(data), "--out", str(tmp_path / "m.npz"), *TINY,
              "--threads", threads], capsys, f"threads are 1 to 256, not {threads}")
    assert not list(tmp_path.iterdir())


def test_self_play_threads_are_bounded_too(model, tmp_path, capsys):
    _refused(["train", "--self-play", "--from", str(model), "--out", str(tmp_path / "t.npz"),
              "--quiet", "--threads", "0"], capsys, "threads are 1 to 256, not 0")


@pytest.mark.parametrize(("out", "words"), [
    ("{tmp}/file/m.npz", "cannot write in {tmp}/file: {tmp}/file is a file"),
    ("{tmp}/file/more/m.npz", "cannot write in {tmp}/file/more: {tmp}/file is a file"),
    ("{tmp}", "{tmp} is a folder, not a model file"),
    ("/proc/m.npz", "cannot write in /proc"),
])
@pytest.mark.parametrize("mode", ["fit", "self-play"])
def test_an_out_that_cannot_be_written_is_refused_before_the_work(data, model, tmp_path, capsys,
                                                                  out, words, mode):
    # Was: a traceback when the model was written, after the training (the work lost).
    (tmp_path / "file").write_text("")
    out, words = out.format(tmp=tmp_path), words.format(tmp=tmp_path)
    given = (["--data", str(data), *TINY] if mode == "fit"
             else ["--self-play", "--from", str(model), "--quiet"])
    _refused(["train", *given, "--out", out], capsys, words)
    assert [path.name for path in tmp_path.iterdir()] == ["file"]


@pytest.mark.parametrize("mode", ["fit", "self-play"])
def test_an_out_that_is_no_regular_file_is_refused_not_replaced(data, model, tmp_path, capsys,
                                                               mode):
    # Was replaced by the model, written beside it and renamed over it: run as root, --out
    # /dev/null left a file of weights where the device had been
    pipe = tmp_path / "pipe"
    os.mkfifo(pipe)
    given = (["--data", str(data), *TINY] if mode == "fit"
             else ["--self-play", "--from", str(model), "--quiet"])
    _refused(["train", *given, "--out", str(pipe)], capsys,
             f"{pipe} is no regular file (a device or a pipe), which the model would replace: "
             "give a file's name")
    assert pipe.is_fifo() and [path.name for path in tmp_path.iterdir()] == ["pipe"]


@pytest.mark.parametrize("mode", ["fit", "self-play"])
def test_an_outs_folders_not_there_are_made_with_its_model(data, model, tmp_path, capsys, mode):
    # Was: "cannot write in new: No such file or directory", where mjsim dataset --out and a
    # run's --out make theirs (the README had a mkdir before its first mjsim train).
    out = tmp_path / "new" / "models" / "m.npz"
    given = (["--data", str(data), *TINY] if mode == "fit"
             else ["--self-play", "--from", str(model), "--quiet", "--updates", "1"])
    assert main(["train", *given, "--out", str(out)]) == 0, capsys.readouterr().err
    assert network.load(out).channels == 4


@pytest.mark.parametrize("name", ["manifest.json", "shard-00000.npz", "m.npz"])
def test_an_out_inside_a_dataset_folder_is_refused(data, tmp_path, capsys, name):
    # Was: the model written over the manifest or a shard it had read (or beside them).
    copy = tmp_path / "data"
    shutil.copytree(data, copy)
    before = {path.name: path.read_bytes() for path in copy.iterdir()}
    _refused(["train", "--data", str(copy), "--out", str(copy / name), *TINY], capsys,
             f"{copy / name} is inside {copy}, which is read as a dataset: write it elsewhere")
    assert {path.name: path.read_bytes() for path in copy.iterdir()} == before


@pytest.mark.parametrize("seed", ["-1", "4294967296"])
def test_evaluate_refuses_a_seed_no_run_trains_with(data, model, capsys, seed):
    # Was: the held-out walls of a split no training run could have made, read without a word.
    _refused(["train", "--data", str(data), "--evaluate", str(model), "--seed", seed], capsys,
             f"seed is 0 to 4294967295, not {seed}")


def _damaged(data: Path, tmp_path: Path) -> Path:
    """A copy of ``data`` with its second shard cut short."""
    copy = tmp_path / "damaged"
    shutil.copytree(data, copy)
    shard = copy / "shard-00001.npz"
    shard.write_bytes(shard.read_bytes()[:500])
    return copy


def _edited(arrays: dict[str, np.ndarray], name: str, value: object) -> None:
    """``arrays`` with the array ``name`` removed (``value`` None), replaced, or mapped."""
    if value is None:
        del arrays[name]
    else:
        arrays[name] = value(arrays[name]) if callable(value) else value


def test_a_folder_that_is_no_dataset_or_a_damaged_one_is_refused_by_file(data, tmp_path,
                                                                          capsys):
    # Was: KeyError: 'shards' of a run's folder, BadZipFile of a shard cut short, a JSON
    # decoder's message of a damaged manifest; none named the file.
    out = str(tmp_path / "m.npz")
    run = tmp_path / "run"
    run.mkdir()
    (run / "manifest.json").write_text('{"kind": "table", "batches": []}')
    _refused(["train", "--data", str(run), "--out", out, *TINY], capsys,
             f"{run} holds no dataset")
    shard = _damaged(data, tmp_path) / "shard-00001.npz"
    _refused(["train", "--data", str(shard.parent), "--out", out, *TINY], capsys,
             f"{shard} is no dataset shard: it is cut short or damaged")
    (shard.parent / "manifest.json").write_text('{"format": ')
    _refused(["train", "--data", str(shard.parent), "--out", out, *TINY], capsys,
             f"{shard.parent / 'manifest.json'} is damaged")


@pytest.mark.parametrize(("content", "words"), [
    (b"", "is no model file: it is empty"),
    (None, "is no model file: it is cut short or damaged"),
    (b"# a README\n", "is no model file: not an npz archive of plain arrays"),
])
@pytest.mark.parametrize("mode", ["evaluate", "self-play"])
def test_a_file_that_is_no_model_is_refused_by_name(data, model, tmp_path, capsys, content,
                                                    words, mode):
    # Was: EOFError and BadZipFile tracebacks, and numpy's advice to load pickles.
    bad = tmp_path / "bad.npz"
    bad.write_bytes(model.read_bytes()[:5000] if content is None else content)
    given = (["--data", str(data), "--evaluate", str(bad)] if mode == "evaluate"
             else ["--self-play", "--from", str(bad), "--out", str(tmp_path / "t.npz")])
    err = _refused(["train", *given, "--quiet"], capsys, f"{bad} {words}")
    assert "pickle" not in err
    with pytest.raises(ValueError, match=f"^{bad} {words}$"):
        network.load(bad)


@pytest.mark.parametrize(("name", "value", "words"), [
    ("meta", np.array("[1, 2]"), "is no model file: no readable meta"),
    ("meta", np.array("null"), "is no model file: no readable meta"),
    ("format", np.float64(1.7), "is no model file: no format version"),
    ("format", np.int64(-3), "is no model file: no format version"),
    ("head.others_bias", lambda a: a * np.nan, "head.others_bias holds infinite or NaN values"),
    ("stem.bias", lambda a: a + np.inf, "stem.bias holds infinite or NaN values"),
    ("stem.bias", lambda a: a.astype(complex), "stem.bias holds complex128, where a weight"),
    ("block0.a", lambda a: a[:1], "of a network of 4 channels and 1 block$"),
])
def test_a_model_file_of_other_arrays_is_refused_by_name(data, model, tmp_path, capsys, name,
                                                         value, words):
    # Was: self-play's TypeError ('list' object is not a mapping) for a meta that is no JSON
    # object, and RuntimeError (probability tensor contains nan) for NaN weights, which a seat
    # played as the argmax of NaN; ComplexWarning's two lines; format 1.7 read as 1, and -3 as
    # a format older than any; "1 blocks".
    bad = tmp_path / "bad.npz"
    arrays = dict(np.load(model))
    _edited(arrays, name, value)
    np.savez(bad, **arrays)
    for given in (["--data", str(data), "--evaluate", str(bad)],
                  ["--self-play", "--from", str(bad), "--out", str(tmp_path / "t.npz")]):
        _refused(["train", *given, "--quiet"], capsys, str(bad), words.rstrip("$"))
    with pytest.raises(ValueError, match=words):
        network.load(bad)
    _refused(["table", f"learned?model={bad},2,2,2", "--walls", "2", "--out",
              str(tmp_path / "run"), "--quiet"], capsys, "cannot build player", words.rstrip("$"))


def test_a_dataset_resumed_over_a_damaged_shard_makes_it_again(data, tmp_path, capsys):
    # Was: the command said it had written the dataset, and loading it raised BadZipFile.
    damaged = _damaged(data, tmp_path)
    assert main(["dataset", "--players", "2,2,2,2", "--walls", "4", "--hands", "1",
                 "--shard-walls", "2", "--out", str(damaged), "--quiet"]) == 0
    assert "2 shards" in capsys.readouterr().out
    again, whole = dataset.load(damaged), dataset.load(data)
    assert again.keys() == whole.keys()
    assert all(np.array_equal(again[name], whole[name]) for name in whole)


@pytest.mark.parametrize(("name", "value", "words"), [
    ("action", None, "no action array"),
    ("wall", None, "no wall array"),
    ("action", lambda a: a[:-1], "its action is int16 of shape"),
    ("observation", lambda a: a[:, :19], "its observation is uint8 of shape"),
    ("mask", lambda a: a.astype(np.float32), "its mask is float32"),
    ("wall", lambda a: a.astype(str), "its wall is <U"),
    ("action", lambda a: a + 100, "an action outside 0-74"),
    ("action", lambda a: a * 0 - 1, "an action outside 0-74"),
    ("mask", lambda a: a * 0, "an action that is not in its row's mask"),
    ("best", lambda a: a * 0, "an action that is not in its row's best"),
    ("mask", lambda a: a * 2, "its mask holds values other than 0 and 1"),
])
def test_a_shard_of_other_arrays_is_refused_by_name_and_made_again(data, model, tmp_path, capsys,
                                                                   name, value, words):
    # Was: KeyError and IndexError tracebacks for an array missing or cut short, numpy's words
    # naming no file for one of another shape, and a run that trained without a word on actions
    # no mask allows (or, with --ties, stopped saying "a lower lr may train").
    copy = tmp_path / "edited"
    shutil.copytree(data, copy)
    shard = copy / "shard-00001.npz"
    arrays = dict(np.load(shard))
    _edited(arrays, name, value)
    np.savez_compressed(shard, **arrays)
    said = f"{shard} is no dataset shard of its manifest: {words}"
    for given in (["--out", str(tmp_path / "m.npz"), *TINY], ["--evaluate", str(model)]):
        _refused(["train", "--data", str(copy), *given], capsys, said)
    with pytest.raises(ValueError, match="is no dataset shard of its manifest"):
        dataset.load(copy)
    assert main(["dataset", "--players", "2,2,2,2", "--walls", "4", "--hands", "1",
                 "--shard-walls", "2", "--out", str(copy), "--quiet"]) == 0
    again, whole = dataset.load(copy), dataset.load(data)
    assert all(np.array_equal(again[key], whole[key]) for key in whole)


def test_a_manifest_that_lists_a_shard_twice_is_refused(data, tmp_path, capsys):
    # Was: the shard's rows read twice, trained on twice and counted twice.
    copy = tmp_path / "twice"
    shutil.copytree(data, copy)
    manifest = json.loads((copy / "manifest.json").read_text())
    manifest["shards"] *= 2
    (copy / "manifest.json").write_text(json.dumps(manifest))
    _refused(["train", "--data", str(copy), "--out", str(tmp_path / "m.npz"), *TINY], capsys,
             f"{copy / 'manifest.json'} is damaged (it lists a shard twice)")


@pytest.mark.parametrize(("flag", "value", "words"), [
    ("--lr", "inf", "lr is a number above 0 and at most 1, not inf"),
    ("--lr", "nan", "lr is a number above 0 and at most 1, not nan"),
    ("--lr", "1e38", "lr is a number above 0 and at most 1, not 1e+38")])
def test_a_learning_rate_that_is_no_rate_is_refused(data, tmp_path, capsys, flag, value, words):
    # Was: inf trained all-NaN weights and said it had succeeded; 1e38 a traceback.
    _refused(["train", "--data", str(data), "--out", str(tmp_path / "m.npz"), *TINY, flag,
              value], capsys, words)


@pytest.mark.parametrize(("flag", "value", "words"), [
    ("--lr", "inf", "lr is a number above 0 and at most 1"),
    ("--entropy", "nan", "entropy is a finite number at least 0, not nan"),
    ("--entropy", "inf", "entropy is a finite number at least 0, not inf")])
def test_self_play_refuses_a_rate_or_bonus_that_is_no_number(model, tmp_path, capsys, flag,
                                                             value, words):
    _refused(["train", "--self-play", "--from", str(model), "--out", str(tmp_path / "t.npz"),
              "--quiet", flag, value], capsys, words)


@pytest.mark.parametrize("mode", ["fit", "self-play"])
def test_a_loss_that_becomes_nan_stops_the_run_with_status_1_and_no_model(
        data, model, tmp_path, capsys, monkeypatch, mode):
    # Was: a model of NaN weights, written as a success.
    out = tmp_path / "m.npz"
    if mode == "fit":
        monkeypatch.setattr(torch.nn.functional, "cross_entropy", lambda scores, taken: (
            scores.logsumexp(dim=1).mean() * math.nan))
        given = ["--data", str(data), *TINY]
    else:
        log_softmax = torch.log_softmax  # the rollout's softmax stays: only the update's loss
        monkeypatch.setattr(torch, "log_softmax", lambda scores, dim: (
            log_softmax(scores, dim) * math.nan))
        given = ["--self-play", "--from", str(model), "--games", "1", "--updates", "1",
                 "--quiet"]
    assert main(["train", *given, "--out", str(out)]) == 1
    err = capsys.readouterr().err
    unit = "step" if mode == "fit" else "update"
    assert err == (f"mjsim train: the loss became nan at {unit} 1: no model written (a lower "
                   "lr may train)\n")
    assert not out.exists()


def test_weights_that_became_nan_are_never_written(tmp_path):
    net = training.Net(4, 1)
    with torch.no_grad():
        net.stem_bias.fill_(math.nan)
    with pytest.raises(training.Diverged, match="weights became infinite or NaN"):
        training.save_model(tmp_path / "m.npz", net, {})
    assert not (tmp_path / "m.npz").exists()


@pytest.mark.parametrize("seed", ["-1", str(2**32)])
@pytest.mark.parametrize("mode", ["fit", "self-play"])
def test_a_seed_outside_32_bits_is_refused_by_name(data, model, tmp_path, capsys, seed, mode):
    # Was: "expected non-negative integer" (numpy's words, naming no flag) for -1, and
    # "Overflow when unpacking long long" for seeds past 64 bits.
    given = (["--data", str(data), *TINY] if mode == "fit"
             else ["--self-play", "--from", str(model), "--quiet"])
    _refused(["train", *given, "--out", str(tmp_path / "m.npz"), "--seed", seed], capsys,
             f"seed is 0 to 4294967295, not {seed}")


@pytest.mark.parametrize(("split", "words"), [
    ({"seed": -1}, "seed is 0 to 4294967295, not -1"),
    ({"seed": 2**32}, "seed is 0 to 4294967295, not 4294967296"),
    ({"held_out": 1.5}, "held_out is between 0 and 1, not 1.5"),
    ({"held_out": 0.0}, "held_out is between 0 and 1, not 0.0")])
def test_evaluate_refuses_a_split_no_training_run_makes(data, model, split, words):
    # Was: seed -1 evaluated on a split no run could have trained on, and 1.5 said "4 walls
    # cannot be split 1.5 held out: give more walls or another --held-out"
    with pytest.raises(ValueError, match=f"^{words}$"):
        training.evaluate(model, [data], **split)


@pytest.mark.parametrize("mode", ["fit", "evaluate"])
def test_a_dataset_given_twice_is_refused(data, model, tmp_path, capsys, monkeypatch, mode):
    # Was: its rows counted twice (and the model's meta listing it twice). Refused rather than
    # read once: the same folder typed twice is a slip to show, not to hide.
    monkeypatch.chdir(data.parent)
    twice = ["--data", str(data), f"./{data.name}"]
    given = ([*twice, "--out", str(tmp_path / "m.npz"), *TINY] if mode == "fit"
             else [*twice, "--evaluate", str(model)])
    _refused(["train", *given], capsys, f"{data} is given twice: give each dataset once")


@pytest.mark.parametrize("argv", [["--players", "2,2,2,2"], ["--walls", "3"], ["--seed", "x"],
                                  ["--hands", "2"], ["--label", "4"],
                                  ["--ruleset", "gb-mahjong"]])
def test_the_settings_of_played_games_are_refused_with_imported_ones(tmp_path, capsys, argv):
    # Was: --players and --walls silently ignored beside --from-games.
    logs = tmp_path / "logs"
    logs.mkdir()
    _refused(["dataset", "--from-games", str(logs), "--out", str(tmp_path / "d"), *argv],
             capsys, f"{argv[0]} is no setting of --from-games")
    assert not (tmp_path / "d").exists()


def test_the_played_games_defaults_still_apply(tmp_path):
    assert main(["dataset", "--players", "1,1,1,1", "--walls", "1", "--out",
                 str(tmp_path / "d"), "--quiet"]) == 0
    manifest = dataset.read_manifest(tmp_path / "d")
    assert (manifest["seed"], manifest["hands"], manifest["ruleset"]) == ("mjsim", 16,
                                                                          "green-book")


def test_a_damaged_manifest_or_shard_is_named_by_mjsim_dataset_and_load(data, tmp_path, capsys):
    # Was: a JSON decoder's message naming no file, and BadZipFile from load naming none.
    damaged = _damaged(data, tmp_path)
    shard = damaged / "shard-00001.npz"
    with pytest.raises(ValueError, match=f"^{shard} is no dataset shard: it is cut short"):
        dataset.load(damaged)
    (damaged / "manifest.json").write_text("{")
    _refused(["dataset", "--players", "2,2,2,2", "--walls", "4", "--hands", "1",
              "--shard-walls", "2", "--out", str(damaged), "--quiet"], capsys,
             f"{damaged / 'manifest.json'} is damaged")


SMALL = training.Settings(channels=4, blocks=1, batch=8, steps=2, held_out=0.5, seed=1)


@pytest.mark.parametrize(("changes", "error", "words"), [
    ({"channels": 1025}, ValueError, r"^channels is a whole number from 1 to 1024, not 1025$"),
    ({"blocks": 65}, ValueError, r"^blocks is a whole number from 0 to 64, not 65$"),
    ({"batch": 8193}, ValueError, r"^batch is a whole number from 1 to 8192, not 8193$"),
    ({"channels": 2.5}, TypeError, r"^channels is a whole number, not 2.5$"),
    ({"batch": True}, TypeError, r"^batch is a whole number, not a bool \(True\)$"),
    ({"channels": 1024, "blocks": 64, "batch": 8192}, ValueError,
     (r"^a network of 1024 channels and 64 blocks at a batch of 8192 rows needs about 287 GiB "
      r"to train, more than the 16 GiB a run may take: give fewer channels or blocks, or a "
      r"smaller batch$")),
    ({"channels": 1024, "blocks": 2, "batch": 8192}, ValueError, "needs about 17 GiB"),
])
def test_the_api_bounds_the_settings_as_the_command_does(data, tmp_path, changes, error, words):
    # Was: no bound in Python (1,025 channels trained, 2.5 met torch's own words), and the
    # command's bounds one by one: together their most asked torch for some 290 GiB.
    with pytest.raises(error, match=words):
        training.train([data], tmp_path / "m.npz", replace(SMALL, **changes))
    assert not list(tmp_path.iterdir())  # refused before anything is written or allocated


def test_the_command_refuses_settings_that_together_need_too_much_memory(data, tmp_path,
                                                                         capsys):
    _refused(["train", "--data", str(data), "--out", str(tmp_path / "m.npz"), *TINY,
              "--channels", "1024", "--blocks", "64", "--batch", "8192"], capsys,
             "mjsim train: a network of 1024 channels and 64 blocks at a batch of 8192 rows "
             "needs about 287 GiB to train")
    assert not list(tmp_path.iterdir())


def test_the_default_and_largest_single_settings_fit_in_memory():
    assert training.memory(64, 4, 256) < 2**27  # the defaults: about 53 MiB
    for most in ({"channels": 1024, "blocks": 0, "batch": 8192},
                 {"channels": 1024, "blocks": 64, "batch": 256}):
        replace(SMALL, **most).check()  # each bound's most, alone, is still a run


def test_a_road_model_on_a_dataset_without_them_is_told_a_true_way_out(data, tmp_path, capsys):
    # Was: "... or train without --roads", to a user who evaluated and passed no --roads.
    from mjsim.learn import roads

    road_model = tmp_path / "roads.npz"
    network.save(road_model, network.initial(channels=4, blocks=1, seed=0, roads=roads.ROADS), {})
    err = _refused(["train", "--data", str(data), "--evaluate", str(road_model)], capsys,
                   "holds no road planes", "mjsim dataset --roads",
                   "evaluate a model trained without --roads")
    assert "or train without --roads" not in err


def test_the_walls_held_out_are_counted_in_the_singular_and_the_plural(data, model, capsys):
    """Was "on the 1 walls held out"."""
    found = {}
    for seed in range(40):  # seeds whose split of the four walls holds out one, and two
        try:
            found.setdefault(training.read([data], seed, 0.5).held_walls, seed)
        except ValueError:  # a split that holds out none or all of them
            continue
    for held, said in ((1, "on the 1 wall held out"), (2, "on the 2 walls held out")):
        argv = ["train", "--data", str(data), "--evaluate", str(model), "--held-out", "0.5",
                "--seed", str(found[held])]
        assert main(argv) == 0
        assert said in capsys.readouterr().out
