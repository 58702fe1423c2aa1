"""The numpy network: the same scores as the PyTorch one it was trained as, and model files that
say their format."""

import numpy as np
import pytest

from mjsim.learn import network
from tests.learn.games import encoded

torch = pytest.importorskip("torch")
training = pytest.importorskip("mjsim.learn.training")


@pytest.fixture(scope="module")
def observed():
    return encoded(["net-a", "net-b"])


# Pooling adds a term at every kind, so its weights are drawn smaller: scores of the same size,
# where float32's last bit is well under the 1e-5 asked.
@pytest.mark.parametrize(("pooling", "spread"), [(False, 0.15), (True, 0.1)])
def test_numpy_and_torch_agree(observed, pooling, spread):
    planes, masks = observed
    torch.manual_seed(3)
    net = training.Net(12, 2, pooling=pooling)
    with torch.no_grad():  # every weight drawn, so no layer is left at zero
        for parameter in net.parameters():
            parameter.normal_(0, spread)
        expected = net(*training._tensors(planes, masks)).numpy()
    got = network.Network(training.export(net), {}).logits(planes, masks)
    legal = masks == 1
    assert np.isneginf(got[~legal]).all() and np.isneginf(expected[~legal]).all()
    assert np.abs(expected[legal]).max() > 1  # scores of some size, not all near zero
    np.testing.assert_allclose(got[legal], expected[legal], rtol=0, atol=1e-5)


def test_a_model_file_round_trips(tmp_path, observed):
    planes, masks = observed
    weights = network.initial(channels=6, blocks=2, seed=1)
    network.save(tmp_path / "m.npz", weights, {"note": "x"})
    loaded = network.load(tmp_path / "m.npz")
    assert loaded.meta == {"note": "x"} and (loaded.channels, loaded.blocks) == (6, 2)
    assert network.format_of(tmp_path / "m.npz") == 1 and not loaded.roads  # none needs 2
    np.testing.assert_array_equal(loaded.logits(planes, masks),
                                  network.Network(weights, {}).logits(planes, masks))


def test_pooling_lets_a_kind_see_across_the_hand_and_is_format_3(tmp_path, observed):
    planes, _ = observed
    far = planes[:1].copy()
    far[0, :4, 0] = 4 - far[0, :4, 0]  # kind 0 changed: width-3 convolutions reach 30 no further
    for pooling, reaches in ((False, False), (True, True)):
        weights = network.initial(channels=6, blocks=1, seed=2, pooling=pooling)
        network.save(tmp_path / "m.npz", weights, {})
        loaded = network.load(tmp_path / "m.npz")
        assert loaded.pooling is pooling
        assert network.format_of(tmp_path / "m.npz") == (3 if pooling else 1)
        both = loaded.logits(np.concatenate([planes[:1], far]), np.ones((2, 75), np.int8))
        assert bool(both[0, 30] != both[1, 30]) is reaches


def test_a_newer_format_is_refused_in_one_line(tmp_path):
    path = tmp_path / "new.npz"
    network.save(path, network.initial(channels=4, blocks=1, seed=0), {})
    with np.load(path) as data:
        arrays = dict(data)
    np.savez(path, **{**arrays, "format": np.int64(network.FORMAT + 1)})
    with pytest.raises(ValueError) as refused:
        network.load(path)
    message = str(refused.value)
    assert "\n" not in message
    assert f"format {network.FORMAT + 1}" in message and "upgrade mjsim" in message


@pytest.mark.parametrize("content", [b"not a zip", None])
def test_what_is_no_model_file_is_refused_in_one_line(tmp_path, content):
    path = tmp_path / "bad.npz"
    if content is not None:
        path.write_bytes(content)
    with pytest.raises(ValueError, match="model file") as refused:
        network.load(path)
    assert "\n" not in str(refused.value)


def test_a_model_written_over_and_stopped_leaves_the_file_there_before(tmp_path, monkeypatch):
    # Was: the file opened in place, so a run stopped (Ctrl-C, a full disk) while writing it
    # left a model cut short where the one it had trained before was.
    path = tmp_path / "m.npz"
    before = network.initial(channels=4, blocks=1, seed=0)
    network.save(path, before, {"run": 1})
    savez = np.savez

    def stopped(stream, **arrays):
        savez(stream, **arrays)
        stream.truncate(100)  # half written
        raise KeyboardInterrupt

    monkeypatch.setattr(np, "savez", stopped)
    with pytest.raises(KeyboardInterrupt):
        network.save(path, network.initial(channels=4, blocks=1, seed=1), {"run": 2})
    kept = network.load(path)
    assert kept.meta == {"run": 1} and all(
        np.array_equal(kept.weights[name], before[name]) for name in before)
    assert [file.name for file in tmp_path.iterdir()] == ["m.npz"]


def test_weights_of_no_network_are_refused():
    weights = network.initial(channels=4, blocks=1, seed=0)
    weights["head.others"] = weights["head.others"][:, :-1]
    with pytest.raises(ValueError, match="not those of a network"):
        network.Network(weights, {})


def test_a_batch_in_chunks_scores_as_its_views_one_by_one(observed, monkeypatch):
    planes, masks = observed
    net = network.Network(network.initial(channels=6, blocks=2, seed=5), {})
    alone = np.concatenate([net.logits(planes[row:row + 1], masks[row:row + 1])
                            for row in range(len(planes))])
    monkeypatch.setattr(network, "_CHUNK", 7)  # so that the views go through in chunks
    assert len(planes) % 7 and len(planes) > 7 * network._SIZES_KEPT
    together = net.logits(planes, masks)
    legal = masks == 1
    assert np.isneginf(together[~legal]).all()
    np.testing.assert_allclose(together[legal], alone[legal], rtol=0, atol=1e-5)
