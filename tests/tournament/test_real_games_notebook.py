"""The real-games notebook runs end to end on the contest's public sample of real games: the
check's summary, rung 4 beside the recorded players, every rung and the learned player beside
the recorded discards, and the elements figure."""

import re

import pytest

from tests.helpers.notebooks import html_tables, run_notebook


@pytest.mark.slow
def test_the_real_games_notebook_runs(tmp_path, monkeypatch):
    monkeypatch.setenv("MJSIM_REAL_OUT", str(tmp_path / "imported"))
    monkeypatch.delenv("MJSIM_REAL_GAMES", raising=False)
    notebook, outputs = run_notebook("05-real-games.ipynb")
    assert "mjsim import data.txt --format contest-text" in notebook.cells[0].source
    printed = "".join(o.get("text", "") for o in outputs if o.output_type == "stream")
    assert "read 16, agreed 16, disagreed 0, refused 0" in printed
    tables = html_tables(outputs)
    assert len(tables) == 5 and "answer to a discard" in tables[1] and "rung 4" in tables[4]
    assert "wins rung 4 would have set back" in tables[2]
    assert "<td>14</td>" in tables[2]  # the sample's fourteen wins (two games are drawn)
    by_player = tables[3]
    assert "learned" in by_player and "agree with the recorded bot" in by_player
    shares = [float(share) for share in re.findall(r">(\d+\.\d)%<", by_player)]
    assert len(shares) == 5 and all(0 < share < 100 for share in shares)
    assert shares[0] < shares[3]  # the field weighs more than isolation, rung 1's only idea
    assert any("image/png" in o.get("data", {}) for o in outputs)
    assert len(list((tmp_path / "imported" / "games").glob("*.jsonl"))) == 16
