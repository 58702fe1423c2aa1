"""The learned player: seated by its spec, its ideas switched off like a rung's, one forward pass
for a batch of views."""

import json
import re
import shutil
from types import SimpleNamespace

import numpy as np
import pytest

from mjsim.game.rules import Rules
from mjsim.learn import network
from mjsim.learn import player as player_module
from mjsim.learn import roads as road_planes
from mjsim.learn.actions import (
    CHOW,
    CLAIM_KONG,
    PASS_ACTION,
    PUNG_ACTION,
    TURN_KONG,
    WIN_ACTION,
    move_of,
)
from mjsim.learn.planes import encode, legal_mask
from mjsim.learn.player import SHIPPED, Learned
from mjsim.players import view_of
from mjsim.players.driver import play
from mjsim.players.specs import describe, load_player, player_ideas
from mjsim.tournament.experiments import resume, table
from tests.learn.games import views


@pytest.fixture(scope="module")
def model(tmp_path_factory):
    path = tmp_path_factory.mktemp("model") / "tiny.npz"
    weights = network.initial(channels=4, blocks=1, seed=2)
    weights["head.others_bias"][:] = 0
    weights["head.others_bias"][PUNG_ACTION - WIN_ACTION] = 100  # pung whenever it may
    network.save(path, weights, {})
    return str(path)


def test_the_spec_seats_it_at_a_table(model):
    player = load_player(f"learned?model={model}")
    assert isinstance(player, Learned) and player_ideas(f"learned?model={model}") == (
        "claims", "kongs")
    game = play("seated", [player, *(load_player("1") for _ in range(3))], last_hand=2)
    assert game.status == "finished" and not any(row.get("foul") for row in game.history)


def test_claims_off_never_claims_and_kongs_off_never_kongs(model):
    masks = np.zeros((3, 75), np.int8)
    masks[0, [PASS_ACTION, PUNG_ACTION]] = 1
    masks[1, [PASS_ACTION, WIN_ACTION, PUNG_ACTION]] = 1
    masks[2, [3, TURN_KONG + 3]] = 1
    planes = np.zeros((3, 20, 34), np.uint8)
    full = load_player(f"learned?model={model}").choose(planes, masks)
    assert full[0] == PUNG_ACTION
    quiet = load_player(f"learned-claims-kongs?model={model}")
    assert quiet.name == "learned-claims-kongs"
    chosen = quiet.choose(planes, masks)
    assert chosen[0] == PASS_ACTION and chosen[1] != PUNG_ACTION and chosen[2] == 3


def test_a_batch_is_decided_as_each_view_alone(model):
    player = Learned(model=model)
    seen = [view for _, view in views(["batch"], last_hand=1)]
    assert player.act_batch(seen) == [player.act(view) for view in seen]


def test_an_unknown_idea_or_a_missing_model_is_one_line(tmp_path, model):
    with pytest.raises(ValueError, match="has no idea 'defence'"):
        load_player(f"learned-defence?model={model}")
    with pytest.raises(ValueError, match="no model file") as refused:
        load_player(f"learned?model={tmp_path}/none.npz")
    assert "\n" not in str(refused.value)


def test_learned_alone_seats_the_shipped_model():
    assert SHIPPED.stat().st_size <= 5 * 2**20  # the bound for a model in the package
    player = load_player("learned")
    assert isinstance(player, Learned) and player.network.roads
    game = play("shipped", [player, *(load_player("4") for _ in range(3))], last_hand=1)
    assert game.status == "finished" and not any(row.get("foul") for row in game.history)


def test_learned_alone_without_a_shipped_model_is_one_line(monkeypatch, tmp_path):
    monkeypatch.setattr(player_module, "SHIPPED", tmp_path / "none.npz")
    with pytest.raises(ValueError, match="no model is shipped") as refused:
        load_player("learned")
    assert "\n" not in str(refused.value)


def test_a_file_that_is_no_model_is_refused_in_mjsims_words(tmp_path):
    # Was: "... ValueError: ... (network.py, line 311)", as if the player's own code had failed.
    bad = tmp_path / "README.md"
    bad.write_text("# not a model\n")
    with pytest.raises(ValueError) as refused:
        load_player(f"learned?model={bad}")
    assert str(refused.value) == (f"cannot build player learned?model={bad}: {bad} is no model "
                                  "file: not an npz archive of plain arrays")


def test_a_model_named_empty_or_relative_is_refused_as_given(tmp_path, monkeypatch):
    # Was: "cannot build player learned?model=: /work is a folder, not a model file" (the empty
    # path read as the folder here), and a file given as a relative path named absolute.
    with pytest.raises(ValueError) as refused:
        load_player("learned?model=")
    assert str(refused.value) == ("cannot build player learned?model=: learned?model= names no "
                                  "file: give learned?model=FILE")
    monkeypatch.chdir(tmp_path)
    (tmp_path / "bad.npz").write_text("# not a model\n")
    with pytest.raises(ValueError, match="^cannot build player learned\\?model=bad.npz: bad.npz "
                                         "is no model file"):
        load_player("learned?model=bad.npz")


def test_seats_share_a_files_weights_and_see_it_rewritten(tmp_path):
    path = tmp_path / "m.npz"
    network.save(path, network.initial(channels=4, blocks=1, seed=0), {"n": 0})
    first, second = Learned(model=str(path)), Learned(model=str(path))
    assert first.network is not second.network  # each seat's working arrays its own
    assert first.network.weights["stem.conv"] is second.network.weights["stem.conv"]
    network.save(path, network.initial(channels=4, blocks=2, seed=1), {"n": 1})
    rewritten = Learned(model=str(path))
    assert rewritten.network.blocks == 2 and rewritten.network.meta == {"n": 1}


def test_a_run_of_a_relative_model_resumed_elsewhere_names_the_folder_it_was_started_in(
        tmp_path, monkeypatch, model):
    # Was "cannot build player learned?model=m/tiny.npz: no model file m/tiny.npz", not why
    started, elsewhere = tmp_path / "started", tmp_path / "elsewhere"
    (started / "m").mkdir(parents=True)
    elsewhere.mkdir()
    shutil.copy(model, started / "m" / "tiny.npz")
    monkeypatch.chdir(started)
    spec = "learned?model=m/tiny.npz"
    first = table(f"{spec},1,1,1", tmp_path / "run", walls=1, quiet=True, table="botzone")
    monkeypatch.chdir(elsewhere)
    with pytest.raises(ValueError, match="^" + re.escape(
            f"player {spec} names its file m/tiny.npz relative to the folder the run was "
            f"started in, and {elsewhere} holds none: resume the run from {started.resolve()}")
            + "$"):
        resume(tmp_path / "run", quiet=True)
    monkeypatch.chdir(started)
    assert describe(spec)["file"] == str(started.resolve() / "m" / "tiny.npz")  # as recorded
    (tmp_path / "run" / "tables" / "seats" / "b000000.parquet").unlink()  # to play again
    again = resume(tmp_path / "run", quiet=True)  # the player keeps its name in the tables
    assert again.played == 1 and spec in set(again.tables["seats"]["variant"])
    assert again.tables["seats"].equals(first.tables["seats"])
    manifest = json.loads((tmp_path / "run" / "manifest.json").read_text())
    assert manifest["arguments"]["lineup"][0] == spec


CLAIMS = [PUNG_ACTION, CLAIM_KONG, CHOW, CHOW + 1, CHOW + 2]


@pytest.fixture(scope="module")
def bold(tmp_path_factory):
    """A model that makes every claim and kong it may."""
    path = tmp_path_factory.mktemp("bold") / "bold.npz"
    weights = network.initial(channels=4, blocks=1, seed=2)
    weights["head.others_bias"][:] = 0
    weights["head.others_bias"][[claim - WIN_ACTION for claim in CLAIMS]] = 100
    weights["head.kinds_bias"][:] = [0, 100]  # a turn kong before a discard
    network.save(path, weights, {})
    return str(path)


def test_each_idea_bans_every_move_it_names_and_no_other(bold):
    rows = [*([PASS_ACTION, claim] for claim in CLAIMS), [3, TURN_KONG + 3], [3, TURN_KONG + 33],
            [CHOW + 1]]  # the last: a row whose one legal action is banned keeps it
    masks = np.zeros((len(rows), 75), np.int8)
    for mask, legal in zip(masks, rows):
        mask[legal] = 1
    planes = np.zeros((len(rows), 20, 34), np.uint8)

    def chosen(spec):
        return load_player(f"{spec}?model={bold}").choose(planes, masks).tolist()

    kongs = [TURN_KONG + 3, TURN_KONG + 33]
    assert chosen("learned") == [*CLAIMS, *kongs, CHOW + 1]
    assert chosen("learned-claims") == [*[PASS_ACTION] * 5, *kongs, CHOW + 1]
    assert chosen("learned-kongs") == [PUNG_ACTION, PASS_ACTION, *CLAIMS[2:], 3, 3, CHOW + 1]


def test_a_seat_with_one_move_or_none_gets_it_without_a_forward_pass(model):
    player = Learned(model=model)
    move = Rules(seed=b"one").legal(0)[0]
    # act reads the legal moves alone when there is at most one: no planes are encoded.
    assert player.act(SimpleNamespace(legal=[move])) == move
    assert player.act(SimpleNamespace(legal=[])) is None
    game = Rules(seed=b"one")
    waiting = game.waiting_on()[0]
    batch = player.act_batch([view_of(game, waiting), view_of(game, (waiting + 1) % 4)])
    assert batch[0] in game.legal(waiting) and batch[1] is None


def test_a_road_model_decides_on_each_views_road_planes(tmp_path):
    path = tmp_path / "roads.npz"
    network.save(path, network.initial(channels=4, blocks=1, seed=3, roads=road_planes.ROADS), {})
    seen = [view for _, view in views(["roads"], last_hand=1) if len(view.legal) > 1]
    planes = np.stack([encode(view) for view in seen])
    masks = np.stack([legal_mask(view) for view in seen])
    roads = np.stack([road_planes.roads(view) for view in seen])
    best = network.load(path).best_actions(planes, masks, roads)
    assert Learned(model=str(path)).act_batch(seen) == [
        move_of(int(action), view) for action, view in zip(best, seen)]
    blind = network.load(path).best_actions(planes, masks, np.zeros_like(roads))
    assert (blind != best).any()  # so the road planes changed some decision
