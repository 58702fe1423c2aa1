"""The figure functions, the summaries of a run, and the notebooks, on one small ladder run."""

import math
import re
from pathlib import Path

import nbformat
import pandas as pd
import pytest
from matplotlib.figure import Figure
from nbclient import NotebookClient

from mjsim.players.rungs import RUNG_IDEAS
from mjsim.tournament import summaries
from mjsim.ui import plots
from tests.helpers.runs import ladder_report

# The notebooks reading a ladder run (04-learning makes its own data: tests/learn).
NOTEBOOKS = sorted((Path(__file__).parents[2] / "notebooks").glob("0[1-3]-*.ipynb"))


@pytest.fixture(scope="module")
def report(tmp_path_factory):
    return ladder_report(tmp_path_factory, "analysis", walls=3)


def test_load_reads_back_what_the_ladder_wrote(report):
    assert set(report.tables) == {"seats", "hands", "fans"}
    assert list(report.estimates["name"]) == ["rung 2 over rung 1", "rung 3 over rung 2",
                                              "rung 4 over rung 3", *RUNG_IDEAS[4]]
    assert set(report.standings["variant"]) == {"1", "2", "3", "4"}
    with pytest.raises(FileNotFoundError, match="mjsim ladder --out"):
        summaries.load(report.out / "nothing-here")


def test_running_estimate_grows_wall_by_wall(report):
    seats = report.tables["seats"]
    running = summaries.running_estimate(seats, "4-defence", "4")
    assert list(running["walls"]) == [2, 3]
    final = report.estimates.set_index("name").loc["defence"]
    assert running["value_hand"].iloc[-1] == pytest.approx(final["value_hand"])
    assert (running["low_hand"] <= running["value_hand"]).all()


def test_outcome_rates_are_rates(report):
    hands = report.tables["hands"]
    by_seat = summaries.outcome_rates(hands, "seat")
    assert list(by_seat.index) == [0, 1, 2, 3]
    assert ((by_seat >= 0) & (by_seat <= 1)).all().all()
    assert (by_seat["self_draw"] <= by_seat["win"]).all()
    exhausted = (hands.groupby(["seed", "lineup", "hand_no"])["outcome"].first() == "drawn").mean()
    assert by_seat["exhausted"].iloc[0] == pytest.approx(exhausted)
    with pytest.raises(ValueError):
        summaries.outcome_rates(hands, "dealer")


def test_fan_frequency_shares(report):
    frequency = summaries.fan_frequency(report.tables["fans"], report.tables["hands"])
    assert ((frequency["share"] > 0) & (frequency["share"] <= 1)).all()
    assert set(frequency["variant"]) <= set(report.tables["seats"]["variant"])


def _axes_data(fig: Figure) -> int:
    return sum(len(ax.lines) + len(ax.patches) + len(ax.collections) for ax in fig.axes)


@pytest.mark.parametrize("name", ["forest", "standings", "sequential", "running", "points", "fans",
                                  "by_seat", "by_wind", "lengths"])
def test_each_figure_has_its_axes_and_data(report, name, tmp_path):
    seats, hands, fans = (report.tables[t] for t in ("seats", "hands", "fans"))
    figures = {
        "forest": lambda: plots.forest(report.estimates),
        "standings": lambda: plots.standings(report.standings),
        "sequential": lambda: plots.sequential_trace(summaries.sequential(
            seats, summaries.idea_challengers(), "4")),
        "running": lambda: plots.running_estimate(
            summaries.running_estimate(seats, "4-claims", "4"), "claims"),
        "points": lambda: plots.points_distribution(seats),
        "fans": lambda: plots.fan_frequency(summaries.fan_frequency(fans, hands)),
        "by_seat": lambda: plots.outcome_rates(summaries.outcome_rates(hands, "seat")),
        "by_wind": lambda: plots.outcome_rates(summaries.outcome_rates(hands, "prevalent")),
        "lengths": lambda: plots.hand_lengths(hands),
    }
    fig = figures[name]()
    assert isinstance(fig, Figure) and fig.axes and _axes_data(fig) > 0
    assert fig.axes[0].get_xlabel() and fig.axes[0].get_title()
    plots.save(fig, tmp_path / f"{name}.png")
    assert (tmp_path / f"{name}.png").stat().st_size > 1000


def test_hand_lengths_count_every_hand_once(report):
    hands = report.tables["hands"]
    fig = plots.hand_lengths(hands)
    bars = sum(patch.get_height() for patch in fig.axes[0].patches)
    assert bars == len(hands) / 4  # four seats a hand, one bar unit a hand
    assert ((hands["wall_left"] >= 0) & (hands["wall_left"] < 144)).all()


def test_forest_plots_one_row_per_estimate(report):
    fig = plots.forest(report.estimates)
    labels = [tick.get_text() for tick in fig.axes[0].get_yticklabels()]
    assert sorted(labels) == sorted(report.estimates["name"])


def test_save_report_writes_the_figures(report):
    written = plots.save_report(report)
    assert {path.name for path in written} == {"prices.png", "standings.png"}


@pytest.mark.parametrize("path", NOTEBOOKS, ids=lambda p: p.name)
def test_notebooks_run_on_a_small_run(report, path, monkeypatch):
    monkeypatch.setenv("MJSIM_RUN", str(report.out))
    notebook = nbformat.read(path, as_version=4)
    assert "mjsim ladder" in notebook.cells[0].source  # says which run it reads and how to make one
    NotebookClient(notebook, timeout=300, kernel_name="python3",
                   resources={"metadata": {"path": str(path.parent)}}).execute()
    outputs = [o for cell in notebook.cells if cell.cell_type == "code" for o in cell.outputs]
    assert not [(o.ename, o.evalue) for o in outputs if o.output_type == "error"]
    assert any("image/png" in o.get("data", {}) for o in outputs)
    if path.name == "01-ladder.ipynb":  # its text sends the reader to the paired contrasts
        assert any("versus" in o.get("data", {}).get("text/plain", "") for o in outputs)


def _markdown(name):
    return [cell.source for cell in nbformat.read(NOTEBOOKS[0].parent / name, as_version=4).cells
            if cell.cell_type == "markdown"]


def test_the_notebooks_name_the_rung_whose_ideas_they_price():
    # They said the ideas were rung 3's ("Prices at rung 3", "rung-3 players"); a ladder prices
    # its top rung's, rung 4 since the ladder has four.
    for name in ("01-ladder.ipynb", "02-ideas.ipynb"):
        for text in _markdown(name):
            if "idea" in text:
                assert set(re.findall(r"\brung[- ](\d)", text)) <= {summaries.TOP}, text


def test_the_running_estimate_is_not_said_to_hold_when_peeked_at():
    # It said "a price ... whose band stops crossing zero is one the run has found": a t band
    # read at every wall misses the true price far more often than 5%.
    [text] = [text for text in _markdown("02-ideas.ipynb") if text.startswith("## Convergence")]
    assert "has found" not in text and "confidence sequence" in text and "31-41%" in text


def test_the_conclusions_say_none_where_a_row_has_no_interval(report, tmp_path, monkeypatch):
    # A row without an interval (no spread over walls; a sequence still unbounded) read
    # "95% interval [+nan, +nan]: not clearly different from 0".
    import shutil

    import pandas as pd

    from tests.helpers.notebooks import run_notebook

    run = tmp_path / "run"
    shutil.copytree(report.out, run)
    summary = pd.read_csv(run / "summary.csv")
    summary.loc[0, ["low_hand", "high_hand"]] = [math.nan, math.nan]
    summary.loc[1, ["low_hand", "high_hand"]] = [-math.inf, math.inf]
    summary.to_csv(run / "summary.csv", index=False)
    monkeypatch.setenv("MJSIM_RUN", str(run))
    _, outputs = run_notebook("01-ladder.ipynb")
    lines = outputs[-1]["text"].splitlines()
    assert len(lines) == len(summary) and not any("nan" in line or "inf" in line for line in lines)
    for line, name in zip(lines[:2], summary["name"]):
        assert line.startswith(f"{name}: ")
        assert line.endswith("no interval: not shown to differ from 0")


def test_three_notebooks():
    assert [p.name for p in NOTEBOOKS] == ["01-ladder.ipynb", "02-ideas.ipynb", "03-hands.ipynb"]


def test_botzone_tables_one_hand_games_are_read_per_hand_of_their_own(tmp_path):
    """The notebooks' helpers divided a game's points by sixteen hands; a game of Botzone's
    table is one hand, so they read its prices sixteen times too small."""
    from mjsim.tournament import price
    from mjsim.tournament.sequential import t_sprt

    report = price(["claims"], tmp_path, level=2, walls=3, table="botzone",
                   backend="sequential", quiet=True)
    seats = report.tables["seats"]
    assert set(seats["hands"]) == {1}  # each game one hand
    priced = report.estimates.set_index("name").loc["claims", "value_hand"]
    running = summaries.running_estimate(seats, "2-claims", "2")
    assert priced != 0 and running["value_hand"].iloc[-1] == pytest.approx(priced)
    # The challenger's points a game on each wall, in the order played, against a field of
    # rung 2 whose seats sum to zero: the price a hand is minus them (one hand a game).
    games = seats[seats["variant"] == "2-claims"]
    order = sorted(games["seed"].unique(), key=lambda seed: int(seed.rsplit("-", 1)[1]))
    per_wall = [-games.loc[games["seed"] == seed, "points"].mean() for seed in order]
    test = summaries.sequential(seats, {"claims": "2-claims"}, "2")["claims"]
    assert test.plus == pytest.approx(t_sprt(per_wall, 0.5).plus)
    label = plots.points_distribution(seats).axes[0].get_xlabel()
    assert label == "points per game (1 hand)"


def _one_game_a_wall(points_by_wall, hands=4, challenger="C"):
    """A seats table of one challenger game a wall: ``challenger`` in seat 0 scoring the points
    given, three seats of "B" that make up the rest (a field of B sums to zero)."""
    rows = []
    for seed, points in points_by_wall.items():
        for seat in range(4):
            rows.append({"seed": seed, "lineup": f"{challenger},B,B,B", "seat": seat,
                         "variant": challenger if seat == 0 else "B",
                         "points": points if seat == 0 else -points / 3, "hands": hands})
    return pd.DataFrame(rows)


def test_running_estimate_by_hand_on_walls_read_in_the_order_played():
    """Walls s-0, s-1, s-2, s-10 (s-10 is read last, not after s-1) with the challenger scoring
    8, 0, 4, -4 in games of four hands: the mean, t interval (t table: 12.706, 4.303, 3.182)
    and price a hand, computed by hand; another challenger's games on the walls are left out."""
    seats = pd.concat([_one_game_a_wall({"s-10": -4, "s-2": 4, "s-1": 0, "s-0": 8}),
                       _one_game_a_wall({f"s-{i}": 40 for i in (3, 4, 5)}, challenger="D")])
    running = summaries.running_estimate(seats, "C", "B")
    assert list(running["walls"]) == [2, 3, 4]
    # per wall: mean, SD over the walls so far, t quantile
    for row, (mean, sd, t) in zip(running.itertuples(), [(4, math.sqrt(32), 12.706),
                                                         (4, 4, 4.303),
                                                         (2, math.sqrt(80 / 3), 3.182)]):
        half = t * sd / math.sqrt(row.walls)
        assert row.value_hand == pytest.approx(-mean / 4)
        assert (row.low_hand, row.high_hand) == pytest.approx(
            ((-mean - half) / 4, (-mean + half) / 4), rel=1e-3)
    step = summaries.running_estimate(seats, "C", "B", sign=1).iloc[-1]
    half = 3.182 * math.sqrt(80 / 3) / 2
    assert (step["value_hand"], step["low_hand"], step["high_hand"]) == pytest.approx(
        (0.5, (2 - half) / 4, (2 + half) / 4), rel=1e-3)
    nothing = summaries.running_estimate(_one_game_a_wall({"s-0": 0, "s-1": 0}), "C", "B")
    assert str(nothing["value_hand"].iloc[0]) == "0.0"  # a price of exactly 0 is no -0.0


def test_sequential_reads_the_price_a_hand_of_the_runs_own_games():
    from mjsim.tournament.sequential import t_sprt

    walls = {f"s-{i}": points for i, points in enumerate([8, 0, 4, -4, 12, 2] * 4)}
    test = summaries.sequential(_one_game_a_wall(walls), {"idea": "C"}, "B", delta=0.5)
    by_hand = [-points / 4 for points in walls.values()]
    assert set(test) == {"idea"} and test["idea"].plus == pytest.approx(t_sprt(by_hand, 0.5).plus)


def test_fan_frequency_counts_an_element_once_a_win_over_the_variants_wins():
    hands = pd.DataFrame({"variant": ["A", "A", "A", "B", "B"],
                          "outcome": ["won", "won", "paid", "won", "drawn"]})
    fans = pd.DataFrame({  # A's first win lists element 10 twice (two sets of it)
        "seed": ["w"] * 5, "lineup": ["l"] * 5, "hand_no": [1, 1, 1, 2, 3],
        "variant": ["A", "A", "A", "A", "B"], "number": [10, 10, 30, 10, 20],
        "name": ["ten", "ten", "thirty", "ten", "twenty"]})
    frequency = summaries.fan_frequency(fans, hands)
    assert frequency.to_dict("list") == {
        "variant": ["A", "A", "B"], "number": [10, 30, 20], "name": ["ten", "thirty", "twenty"],
        "wins": [2, 1, 1], "share": [1.0, 0.5, 1.0]}
