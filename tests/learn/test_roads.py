"""The road planes: what they hold agrees with the kernels they come from, a dataset carries
them and a labeller's ties, a network reads them the same in numpy and PyTorch, and a model of
them trains (on the ties too) and plays, as does one of datasets written before plane 5."""

import re

import numpy as np
import pytest

from mjsim.analysis import legal_discards, legal_distance, legal_waits, shanten
from mjsim.game.moves import claimed_meld
from mjsim.game.rules import Rules
from mjsim.learn import dataset, network, roads
from mjsim.learn.actions import action_of
from mjsim.learn.planes import encode_batch
from mjsim.learn.player import Learned
from mjsim.players import view_of
from mjsim.players.driver import play
from mjsim.players.rungs import Rung
from mjsim.players.specs import load_player
from tests.learn.games import views

torch = pytest.importorskip("torch")
training = pytest.importorskip("mjsim.learn.training")


@pytest.fixture(scope="module")
def seen():
    return [view for _, view in views(["roads-a", "roads-b"], last_hand=1)]


@pytest.fixture(scope="module")
def ready():
    """Views of rung-4 play, whose hands get ready (random play's seldom do)."""
    met = []

    class Kept(Rung):
        def act(self, view):
            met.append(view)
            return super().act(view)

    play("roads-ready", [Kept(4), Rung(4), Rung(4), Rung(4)], last_hand=3)
    return met


def _ask(view):
    return {"seat_wind": view.seat_wind, "prevalent_wind": view.prevalent,
            "unseen": [max(0, u) for u in view.unseen], "ruleset": view.ruleset,
            "limit": roads.SIGHT}


def test_a_turns_planes_are_each_discards_road(seen, ready):
    turns = [v for v in [*seen, *ready]
             if v.window is None and any(m.kind == "discard" for m in v.legal)]
    assert len(turns) > 20
    assert any((roads.roads(view)[roads.LEGAL_COPIES] > 0).any() for view in ready)
    assert any(((out := roads.roads(view))[roads.TARGET_COPIES] > 0).any()
               and not (out[roads.LEGAL_COPIES] > 0).any() for view in ready)  # a road of 1
    for view in turns:
        out, hand = roads.roads(view), view.hand
        held = np.flatnonzero(hand.counts)
        assert (out[roads.SHANTEN][held] > 0).all() and (out[:4, hand.counts == 0] == 0).all()
        assert (out[roads.TARGET_COPIES, hand.counts == 0] == 0).all()
        ask = _ask(view)
        rows = {row.tile: row for row in legal_discards(
            hand.counts, hand.melds, view.seat_wind, view.prevalent, unseen=ask["unseen"],
            ruleset=view.ruleset, limit=roads.SIGHT)}
        for kind in held:
            after = hand.counts.copy()
            after[kind] -= 1
            assert out[roads.SHANTEN, kind] == 1 + shanten.shanten(after, len(hand.melds))
            far = legal_distance(after, hand.melds, **ask)
            assert out[roads.LEGAL, kind] == 1 + min(far, roads.SIGHT + 1)
            # In sight: the copies rung 4 breaks its ties by (what its targets draw), plus 1.
            assert out[roads.TARGET_COPIES, kind] == (
                1 + min(rows[kind].copies, 63) if far <= roads.SIGHT else 0)
            # The copies of the waits that win eight, where the discard leaves the hand ready.
            waits = [] if far else legal_waits(after, hand.melds, view.seat_wind, view.prevalent,
                                               unseen=ask["unseen"], ruleset=view.ruleset)
            assert out[roads.LEGAL_COPIES, kind] == min(
                sum(ask["unseen"][wait.tile] for wait in waits), 136)


def _road_of(counts, melds, ask):
    """1 + the legal distance (to the sight) and 1 + the shanten of a hand, from the kernels."""
    return (1 + min(legal_distance(counts, melds, **ask), roads.SIGHT + 1),
            1 + shanten.shanten(counts, len(melds)))


def _best_discard_road(counts, melds, ask):
    """The best road after a discard from a hand of fourteen: each number its own minimum."""
    afters = []
    for kind in np.flatnonzero(counts):
        after = counts.copy()
        after[kind] -= 1
        afters.append(_road_of(after, melds, ask))
    return min(far for far, _ in afters), min(held for _, held in afters)


def test_a_turns_numbers_are_its_best_discards_road(seen, ready):
    turns = [v for v in [*seen, *ready]
             if v.window is None and any(m.kind == "discard" for m in v.legal)]
    in_sight = 0
    for view in turns:
        numbers = roads.roads(view)[roads.NUMBERS]
        best = _best_discard_road(view.hand.counts, view.hand.melds, _ask(view))
        assert tuple(numbers[:2]) == best
        assert not numbers[2:].any()  # no window: no claim's columns
        in_sight += best[0] <= roads.SIGHT + 1
    assert in_sight and in_sight < len(turns)  # both a road in sight and one beyond


def test_a_windows_numbers_are_the_hands_road_and_each_legal_claims(seen, ready):
    windows = [v for v in [*seen, *ready] if v.window is not None and v.window.kind == "discard"]
    claims = {"pung": 0, "chow": 0}
    for view in windows:
        numbers, hand, ask = roads.roads(view)[roads.NUMBERS], view.hand, _ask(view)
        assert tuple(numbers[:2]) == _road_of(hand.counts, hand.melds, ask)
        expected = np.zeros(34, np.uint8)
        expected[:2] = numbers[:2]
        tile, source = view.window.tile, view.window.source
        for move in view.legal:
            if move.kind not in ("pung", "chow", "kong"):
                continue
            after = hand.after_claim(claimed_meld(move, tile, source))
            column = ({"pung": 2, "kong": 4}[move.kind] if move.kind != "chow"
                      else 6 + 2 * move.tiles.index(tile))
            expected[column:column + 2] = (
                _road_of(after.counts, after.melds, ask) if move.kind == "kong"
                else _best_discard_road(after.counts, after.melds, ask))
            claims[move.kind] = claims.get(move.kind, 0) + 1
        assert (numbers == expected).all(), (view.hand, view.window, numbers)
    assert claims["pung"] and claims["chow"]


@pytest.mark.parametrize(("views_of", "out", "error", "words"), [
    (lambda seen: [seen[0], None], np.full((2, 6, 34), 7, np.uint8), TypeError,
     "views[1] is a View (view_of gives one), not NoneType"),
    (lambda seen: seen[:3], np.full((2, 6, 34), 7, np.uint8), ValueError,
     "out must be a uint8 array of N x 6 x 34 with N >= 3, not uint8 (2, 6, 34)"),
    (lambda seen: seen[:2], np.full((2, 5, 34), 7, np.uint8), ValueError, "not uint8 (2, 5, 34)"),
    (lambda seen: seen[:2], np.full((2, 6, 34), 7, np.float64), ValueError, "not float64"),
])
def test_a_batch_of_no_views_or_the_wrong_array_is_refused_before_a_row(seen, views_of, out,
                                                                        error, words):
    # Was: AttributeError ('NoneType' object has no attribute 'hand') and IndexError after some
    # rows were written; an array of floats or of five planes filled in part.
    before = out.copy()
    with pytest.raises(error, match=re.escape(words)):
        roads.roads_batch(views_of(seen), out)
    assert np.array_equal(out, before)
    with pytest.raises(TypeError, match="^view is a View"):
        roads.roads(None)


def test_a_batch_holds_each_views_planes_and_leaves_the_rows_after_them(seen, ready):
    views = [*seen[:6], *ready[:6]]
    out = np.full((len(views) + 1, roads.ROADS, 34), 7, np.uint8)
    roads.roads_batch(views, out)
    assert all((out[row] == roads.roads(view)).all() for row, view in enumerate(views))
    assert (out[-1] == 7).all() and out[:-1].any()


def test_a_seat_not_asked_anything_has_no_roads():
    view = view_of(Rules(seed=b"quiet"), 1)  # seat 0 is on turn
    assert view.window is None and not view.legal
    assert not roads.roads(view).any()


def test_a_batch_into_no_array_is_refused_naming_what_was_given(seen):
    with pytest.raises(ValueError, match=r"out must be a uint8 array of N x 6 x 34 with "
                                         r"N >= 1, not list$"):
        roads.roads_batch(seen[:1], [[0] * 34] * 6)


def test_a_claims_columns_are_filled_only_for_legal_claims(seen):
    windows = [v for v in seen if v.window is not None and v.window.kind == "discard"]
    assert windows
    for view in windows:
        numbers = roads.roads(view)[roads.NUMBERS]
        pung = any(move.kind == "pung" for move in view.legal)
        assert (numbers[2] > 0) == pung and numbers[0] > 0 and numbers[1] > 0
        assert (numbers[6:12] > 0).sum() == 2 * sum(m.kind == "chow" for m in view.legal)
        assert (numbers <= roads.HIGH[roads.NUMBERS]).all()


def test_the_rungs_ties_hold_its_move(seen):
    rung = Rung(4)
    for view in seen:
        tied = rung.choices(view)
        assert (rung.act(view) in tied) if view.legal else tied == ()


def test_a_labelled_dataset_records_the_labellers_choice_and_ties(tmp_path):
    dataset.write(tmp_path, ["1"] * 4, walls=1, hands=1, label="4", roads=True)
    data = dataset.load(tmp_path)
    rows = len(data["action"])
    assert data["roads"].shape == (rows, roads.ROADS, 34)
    assert (data["best"][np.arange(rows), data["action"]] == 1).all()
    assert (data["action"] != data["played"]).any()  # rung 1 plays, rung 4 labels
    # The same game replayed: rung 4's choice in every view rung 1 reached.
    chosen = []

    class Ask:
        name = "ask"

        def act(self, view):
            if view.legal:
                chosen.append(action_of(Rung(4).act(view), view=view))
            return load_player("1").act(view)

    play("mjsim-0", [Ask() for _ in range(4)], last_hand=1)
    assert chosen == data["action"].tolist()


@pytest.mark.parametrize("planes", [roads.FIRST_ROADS, roads.ROADS])
def test_numpy_and_torch_agree_on_the_road_planes(seen, planes):
    planes_of = np.zeros((len(seen), 20, 34), np.uint8)
    masks = np.zeros((len(seen), 75), np.int8)
    encode_batch(seen, planes_of, masks)
    road = np.zeros((len(seen), roads.ROADS, 34), np.uint8)
    roads.roads_batch(seen, road)
    torch.manual_seed(4)
    net = training.Net(8, 1, roads=planes)
    with torch.no_grad():
        for parameter in net.parameters():
            parameter.normal_(0, 0.15)
        expected = net(*training._tensors(planes_of, masks, road[:, :planes])).numpy()
    model = network.Network(training.export(net), {})
    assert model.roads == planes
    got = model.logits(planes_of, masks, road)  # all six given: a model reads its own
    assert (got == model.logits(planes_of, masks, road[:, :planes])).all()
    legal = masks == 1
    np.testing.assert_allclose(got[legal], expected[legal], rtol=0, atol=1e-5)
    with pytest.raises(ValueError, match="road planes"):
        model.logits(planes_of, masks)


def _first_five(folder):
    """Make ``folder``'s shards those of a dataset written before plane 5."""
    for path in sorted(folder.glob("shard-*.npz")):
        with np.load(path) as shard:
            arrays = dict(shard)
        arrays["roads"] = arrays["roads"][:, :roads.FIRST_ROADS]
        np.savez_compressed(path, **arrays)


@pytest.mark.parametrize(("first_five", "version"), [(False, 4), (True, 2)])
def test_a_road_model_trains_on_ties_and_plays(tmp_path, first_five, version):
    data = tmp_path / "data"
    dataset.write(data, ["4"] * 4, walls=6, hands=1, roads=True, shard_walls=3)
    if first_five:
        _first_five(data)
    settings = training.Settings(channels=8, blocks=1, batch=32, steps=12, lr=1e-2, seed=1,
                                 held_out=0.3, every=6, roads=True, ties=True)
    trained = training.train([data], tmp_path / "m.npz", settings)
    assert 0 <= trained.agreement["all"] <= trained.agreement["tied"] <= 1
    assert network.format_of(tmp_path / "m.npz") == version
    assert network.load(tmp_path / "m.npz").roads == (5 if first_five else 6)
    seat = Learned(model=str(tmp_path / "m.npz"))
    game = play("roads-play", [seat, Rung(4), Rung(4), Rung(4)], last_hand=1)
    assert game.status == "finished"
    if first_five:  # a model of six planes is not read on five
        six = tmp_path / "six.npz"
        network.save(six, network.initial(channels=4, blocks=1, seed=0, roads=roads.ROADS), {})
        with pytest.raises(ValueError, match="make them again"):
            training.evaluate(six, [data], seed=1, held_out=0.3)
    plain = tmp_path / "plain"
    dataset.write(plain, ["2"] * 4, walls=4, hands=1)
    with pytest.raises(ValueError, match="no road planes"):
        training.train([plain], tmp_path / "p.npz", settings)

