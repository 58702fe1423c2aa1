"""The self-play step: it runs, changes the weights, the same seed gives the same ones, a stopped
run resumes to them, a model of the road planes is tuned too, and ``mjsim train --self-play``
runs it and refuses in one line."""

from __future__ import annotations

import inspect
from pathlib import Path

import numpy as np
import pytest

pytest.importorskip("torch")

from mjsim.learn import network
from mjsim.learn.roads import FIRST_ROADS, ROADS
from mjsim.learn.selfplay import MAX_GAMES, self_play
from mjsim.ui.cli import main
from mjsim.ui.commands import train as command


def _weights(path: Path) -> dict[str, np.ndarray]:
    return network.load(path).weights


@pytest.fixture
def start(tmp_path: Path) -> Path:
    path = tmp_path / "start.npz"
    network.save(path, network.initial(channels=4, blocks=1, seed=0), {})
    return path


def test_self_play_changes_the_weights_deterministically(start: Path, tmp_path: Path) -> None:
    done = [self_play(start, tmp_path / f"{name}.npz", updates=2, games=2, lr=1e-2, seed=seed)
            for name, seed in (("a", 1), ("b", 1), ("c", 2))]
    a, b, c = (_weights(tmp_path / f"{name}.npz") for name in "abc")
    before = _weights(start)
    assert done[0] == done[1] and done[0].decisions > 0 and done[0].hands == 4
    assert all(np.array_equal(a[name], b[name]) for name in a)
    assert any(not np.array_equal(a[name], before[name]) for name in a)
    assert any(not np.array_equal(a[name], c[name]) for name in a)
    assert network.load(tmp_path / "a.npz").meta["self_play"]["updates"] == 2


class _Stop(Exception):
    pass


def test_a_stopped_run_resumes_to_the_uninterrupted_weights(start: Path, tmp_path: Path) -> None:
    settings = {"updates": 4, "games": 2, "lr": 1e-2, "seed": 3, "every": 1}
    self_play(start, tmp_path / "whole.npz", **settings)

    def stop(update: int, reward: float) -> None:
        if update == 2:
            raise _Stop

    with pytest.raises(_Stop):
        self_play(start, tmp_path / "cut.npz", **settings, progress=stop)
    assert not (tmp_path / "cut.npz").exists()
    resumed = self_play(start, tmp_path / "cut.npz", **settings)
    assert resumed.resumed_at == 2 and resumed.hands == 4
    whole, cut = _weights(tmp_path / "whole.npz"), _weights(tmp_path / "cut.npz")
    assert all(np.array_equal(whole[name], cut[name]) for name in whole)
    with pytest.raises(ValueError, match="checkpoint of another run"):
        self_play(start, tmp_path / "cut.npz", **{**settings, "games": 3})
    with pytest.raises(ValueError, match="at update 4, past 3"):
        self_play(start, tmp_path / "cut.npz", **{**settings, "updates": 3})


def test_a_larger_count_of_updates_extends_a_run(start: Path, tmp_path: Path) -> None:
    settings = {"games": 2, "lr": 1e-2, "seed": 4}
    self_play(start, tmp_path / "four.npz", updates=4, every=2, **settings)
    self_play(start, tmp_path / "grown.npz", updates=2, **settings)
    grown = self_play(start, tmp_path / "grown.npz", updates=4, **settings)
    assert grown.resumed_at == 2
    four, both = _weights(tmp_path / "four.npz"), _weights(tmp_path / "grown.npz")
    assert all(np.array_equal(four[name], both[name]) for name in four)


@pytest.mark.parametrize("planes", [FIRST_ROADS, ROADS])  # a model of the first five too
def test_a_model_of_the_road_planes_is_tuned_from_the_views(tmp_path: Path, planes: int) -> None:
    path = tmp_path / "roads.npz"
    network.save(path, network.initial(channels=4, blocks=1, seed=0, roads=planes), {})
    done = self_play(path, tmp_path / "tuned.npz", updates=1, games=2, lr=1e-2)
    tuned = network.load(tmp_path / "tuned.npz")
    assert done.decisions > 0 and tuned.roads == planes
    assert any(not np.array_equal(tuned.weights[name], value)
               for name, value in _weights(path).items())


def test_self_play_refuses_bad_settings(start: Path, tmp_path: Path) -> None:
    with pytest.raises(ValueError, match="at least 1"):
        self_play(start, tmp_path / "out.npz", updates=0)


def test_self_play_refuses_to_write_over_its_start(start: Path, tmp_path: Path) -> None:
    # Was: the start overwritten by the tuned model, and the same command with more updates
    # then refused its own checkpoint as "the checkpoint of another run".
    before = start.read_bytes()
    link = tmp_path / "link.npz"
    link.hardlink_to(start)
    for out in (start, link):
        with pytest.raises(ValueError, match=f"^{out} is the model self-play starts from"):
            self_play(start, out, updates=1, games=1)
    assert start.read_bytes() == before and not list(tmp_path.glob("*.checkpoint"))


@pytest.mark.parametrize(("games", "error", "message"), [
    (MAX_GAMES + 1, ValueError, f"^games is a whole number from 1 to {MAX_GAMES}, not 257$"),
    (2.5, TypeError, "^games is a whole number, not 2.5$"),
])
def test_self_play_bounds_the_games_an_update_keeps(start: Path, tmp_path: Path, games: object,
                                                    error: type[Exception], message: str) -> None:
    # Seen: no bound, and an update keeps every decision of its games (some 106 a game) for
    # one step: refused before a game is played or a file written.
    with pytest.raises(error, match=message):
        self_play(start, tmp_path / "out.npz", updates=1, games=games)  # type: ignore[arg-type]
    assert list(tmp_path.iterdir()) == [start]


def test_the_command_self_plays_and_says_so(start: Path, tmp_path: Path, capsys) -> None:
    out = tmp_path / "tuned.npz"
    argv = ["train", "--self-play", "--from", str(start), "--out", str(out), "--updates", "2",
            "--games", "2", "--quiet"]
    assert main(argv) == 0
    said = capsys.readouterr().out
    assert "2 self-play updates" in said and "4 hands" in said and str(out) in said
    assert network.load(out).meta["self_play"]["games"] == 2


def test_the_command_says_one_update_of_one_game_in_the_singular(start: Path, tmp_path: Path,
                                                                 capsys) -> None:
    # Was: "1 self-play updates of 1 one-hand games from ...: 1 hands".
    out = tmp_path / "tuned.npz"
    assert main(["train", "--self-play", "--from", str(start), "--out", str(out), "--updates",
                 "1", "--games", "1", "--quiet"]) == 0
    said = capsys.readouterr().out
    assert said.startswith(f"1 self-play update of 1 one-hand game from {start}: 1 hand, "), said


@pytest.mark.parametrize(("argv", "words"), [
    (["--self-play"], "needs --from MODEL"),
    (["--self-play", "--from", "{start}", "--data", "x"], "give --data DIR"),
    (["--from", "{start}"], "give --data DIR"),
    (["--self-play", "--from", "{start}", "--steps", "3"], "--steps is no setting of self-play"),
    (["--self-play", "--from", "{start}", "--updates", "0"], "at least 1"),
    (["--self-play", "--from", "{tmp}/none.npz"], "no model file"),
])
def test_the_self_play_command_refuses_in_one_line(start, tmp_path, capsys, argv, words):
    argv = [part.format(start=start, tmp=tmp_path) for part in argv]
    assert main(["train", "--out", str(tmp_path / "m.npz"), "--quiet", *argv]) == 2
    err = capsys.readouterr().err
    assert words in err and err.count("\n") == 1 and err.startswith("mjsim train: ")


def test_the_help_defaults_are_self_plays() -> None:
    defaults = {name: parameter.default
                for name, parameter in inspect.signature(self_play).parameters.items()
                if name in command.SELF_PLAY}
    assert defaults == command.SELF_PLAY
