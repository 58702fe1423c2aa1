"""Training: the loss falls, a resumed run ends where an uninterrupted one does, the walls held
out are no training wall, and every refusal is one line."""

from dataclasses import asdict, replace
from pathlib import Path

import numpy as np
import pytest

from mjsim.learn import dataset, network
from mjsim.learn.actions import CLAIM_KONG, PASS_ACTION, TURN_KONG, WIN_ACTION
from mjsim.ui.cli import main

torch = pytest.importorskip("torch")
training = pytest.importorskip("mjsim.learn.training")

TINY = training.Settings(channels=8, blocks=1, batch=32, steps=24, lr=1e-2, seed=1,
                         held_out=0.3, every=5)


@pytest.fixture(scope="module")
def data(tmp_path_factory):
    folder = tmp_path_factory.mktemp("data") / "rung2"
    dataset.write(folder, ["2"] * 4, walls=8, hands=2, shard_walls=4)
    return folder


def _loss(weights, rows):
    scores = network.Network(weights, {}).logits(rows.planes, rows.masks)
    shifted = scores - scores.max(axis=1, keepdims=True)
    logs = shifted - np.log(np.exp(shifted).sum(axis=1, keepdims=True))
    return -logs[np.arange(len(rows.actions)), rows.actions].mean()


def test_a_tiny_network_learns(data, tmp_path):
    rows = training.read([data], TINY.seed, TINY.held_out)
    torch.manual_seed(TINY.seed)
    before = _loss(training.export(training.Net(TINY.channels, TINY.blocks)), rows)
    trained = training.train([data], tmp_path / "m.npz", TINY)
    after = _loss(network.load(tmp_path / "m.npz").weights, rows)
    assert after < before - 0.3, (before, after)
    meta = network.load(tmp_path / "m.npz").meta
    assert meta["settings"] == asdict(TINY) and meta["held_out"] == trained.agreement
    assert set(training.KINDS) <= set(trained.agreement)


@pytest.mark.parametrize("settings", [TINY, replace(TINY, pooling=True)], ids=["plain", "pooling"])
def test_a_resumed_run_ends_with_the_uninterrupted_weights(data, tmp_path, settings):
    training.train([data], tmp_path / "whole.npz", settings)

    def stop(step, loss, seen):
        if step == 13:  # past the checkpoint of step 10
            raise KeyboardInterrupt

    with pytest.raises(KeyboardInterrupt):
        training.train([data], tmp_path / "cut.npz", settings, progress=stop)
    assert not (tmp_path / "cut.npz").exists()
    resumed = training.train([data], tmp_path / "cut.npz", settings)
    assert resumed.resumed_at == 10
    whole = network.load(tmp_path / "whole.npz").weights
    cut = network.load(tmp_path / "cut.npz").weights
    assert all(np.array_equal(whole[name], cut[name]) for name in whole)


@pytest.mark.parametrize(("at", "words"), [
    (13, "the last checkpoint stays in {out}.checkpoint: the same command resumes from it"),
    (3, "no checkpoint yet (one is written every --every steps): the same command starts afresh"),
])
def test_ctrl_c_names_the_checkpoint_that_stays(data, tmp_path, monkeypatch, capsys, at, words):
    # Was: "mjsim train: interrupted", naming nothing kept.
    check = training.check_loss

    def stopped(loss, step, unit="step"):
        if step == at:
            raise KeyboardInterrupt
        check(loss, step, unit)

    monkeypatch.setattr(training, "check_loss", stopped)
    out = tmp_path / "m.npz"
    assert main(["train", "--data", str(data), "--out", str(out), "--quiet", "--channels", "4",
                 "--blocks", "1", "--steps", "20", "--every", "5", "--batch", "16",
                 "--held-out", "0.3", "--seed", "1"]) == 130
    said = f"mjsim train: interrupted; {words.format(out=out)}\n"
    assert capsys.readouterr().err == said
    assert Path(f"{out}.checkpoint").exists() == (at > 5)


def test_the_progress_shows_a_held_out_agreement_from_the_first_step(data, tmp_path):
    # Was: nan until the first checkpoint, which the progress bar showed as "held-out nan%".
    shown = []
    training.train([data], tmp_path / "m.npz", TINY,
                   progress=lambda step, loss, seen: shown.append((step, loss, seen)))
    assert [step for step, _, _ in shown] == list(range(1, TINY.steps + 1))
    assert all(0 <= seen <= 1 and np.isfinite(loss) for _, loss, seen in shown)


def test_no_wall_is_held_out_and_trained_on(data, tmp_path):
    again = tmp_path / "rung1"  # the same walls (the same seed) played by other players
    dataset.write(again, ["1"] * 4, walls=8, hands=2, shard_walls=8)
    rows = training.read([data, again], TINY.seed, TINY.held_out)
    assert rows.walls == 8 and 0 < rows.held_walls < 8
    assert not set(rows.wall[rows.held]) & set(rows.wall[~rows.held])
    assert (rows.masks.sum(axis=1) >= 2).all()  # a row without a choice teaches nothing


def test_decision_kinds_go_by_what_is_legal():
    masks = np.zeros((5, 75), np.int8)
    masks[:, 0] = 1
    masks[1, PASS_ACTION] = 1
    masks[2, TURN_KONG + 3] = 1
    masks[3, [PASS_ACTION, CLAIM_KONG]] = 1
    masks[4, [PASS_ACTION, WIN_ACTION]] = 1
    kinds = [training.KINDS[k] for k in training.decision_kinds(masks)]
    assert kinds == ["discard", "claim", "kong", "kong", "win"]


def test_a_checkpoint_of_other_settings_is_refused(data, tmp_path):
    training.train([data], tmp_path / "m.npz", replace(TINY, steps=5))
    with pytest.raises(ValueError, match="checkpoint of another run"):
        training.train([data], tmp_path / "m.npz", replace(TINY, steps=6))


@pytest.mark.parametrize(("argv", "words"), [
    (["--data", "nowhere"], "holds no dataset"),
    (["--batch", "8192"], "fewer than a batch"),
    (["--batch", "100000"], "--batch is a whole number from 1 to 8192, not 100000"),
    (["--held-out", "1.5"], "--held-out is between 0 and 1"),
    (["--held-out", "0.001"], "cannot be split"),
])
def test_the_command_refuses_in_one_line(data, tmp_path, capsys, argv, words):
    base = ["train", "--data", str(data), "--out", str(tmp_path / "m.npz"), "--quiet",
            "--held-out", "0.3", "--seed", "1"]
    assert main([*base, *argv]) == 2
    err = capsys.readouterr().err
    assert words in err and err.count("\n") == 1 and err.startswith("mjsim train: ")


def test_the_command_trains_and_says_so(data, tmp_path, capsys):
    out = tmp_path / "m.npz"
    argv = ["train", "--data", str(data), "--out", str(out), "--quiet", "--channels", "4",
            "--blocks", "1", "--steps", "3", "--batch", "16", "--held-out", "0.3", "--seed", "1",
            "--pooling"]
    assert main(argv) == 0
    said = capsys.readouterr().out
    assert "3 steps" in said and "agreement" in said and str(out) in said
    assert network.load(out).channels == 4 and network.load(out).pooling


def test_what_the_command_says_is_what_it_wrote_in_the_singular_too(data, tmp_path, capsys):
    # Was: "1 steps on ... rows of 7 walls; held out 1 walls".
    out = tmp_path / "m.npz"
    assert main(["train", "--data", str(data), "--out", str(out), "--quiet", "--channels", "4",
                 "--blocks", "1", "--steps", "1", "--batch", "16", "--held-out", "0.1",
                 "--seed", "3"]) == 0
    said, meta = capsys.readouterr().out, network.load(out).meta
    assert meta["held_walls"] == 1 and meta["walls"] == 8  # the seed holds out one wall
    assert said.startswith(f"1 step on {meta['train_rows']:,} rows of 7 walls; held out 1 "
                           f"wall, agreement {meta['held_out']['all']:.1%} (discard "), said
    assert main(["train", "--data", str(data), "--evaluate", str(out), "--held-out", "0.1",
                 "--seed", "3"]) == 0
    assert capsys.readouterr().out.startswith(f"{out} on the 1 wall held out of {data}: ")



def test_the_bounds_are_one_table_without_torch_for_the_api_and_the_command():
    # Were in training and selfplay, which load torch: the command's --help could not show them
    from mjsim.learn import selfplay, settings

    assert training.BOUNDS is settings.BOUNDS and selfplay.BOUNDS is settings.SELF_PLAY_BOUNDS
    assert training.Settings is settings.Settings and training.memory is settings.memory


def test_the_summary_counts_the_ties_and_what_a_pick_among_them_would_reach():
    masks = np.zeros((3, 75), np.int8)
    masks[:, :4] = 1  # three discards to choose from, each row
    best = np.zeros((3, 75), np.int8)
    best[0, 0], best[1, [0, 1]], best[2, [0, 1, 2]] = 1, 1, 1
    picked, taken = np.array([0, 1, 3]), np.array([0, 0, 2])
    got = training.summary(picked, taken, masks, best)
    assert got["all"] == pytest.approx(1 / 3) and got["tied"] == pytest.approx(2 / 3)
    assert got["several"] == pytest.approx(2 / 3)
    assert got["ceiling"] == pytest.approx((1 + 1 / 2 + 1 / 3) / 3)
    assert got["discard"]["rows"] == 3 and got["claim"] == {
        "agreement": None, "tied": None, "several": None, "ceiling": None, "rows": 0}


def test_the_command_evaluates_a_model_on_the_held_out_walls(tmp_path, capsys):
    data = tmp_path / "labelled"
    dataset.write(data, ["2"] * 4, walls=4, hands=1, label="4")
    model = tmp_path / "m.npz"
    training.train([data], model, replace(TINY, steps=3, batch=8, held_out=0.5))
    agreed, walls = training.evaluate(model, [data], seed=1, held_out=0.5)
    assert walls == network.load(model).meta["held_walls"]
    assert agreed["all"] == pytest.approx(network.load(model).meta["held_out"]["all"])
    assert agreed["all"] <= agreed["tied"] and agreed["ceiling"] <= 1
    assert main(["train", "--data", str(data), "--evaluate", str(model), "--seed", "1",
                 "--held-out", "0.5"]) == 0
    said = capsys.readouterr().out
    assert "ceiling" in said and f"{agreed['all']:.1%}" in said
    assert main(["train", "--data", str(data), "--evaluate", str(model), "--out", "x"]) == 2
    assert "no --out" in capsys.readouterr().err
