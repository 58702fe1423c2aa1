"""Figures a paper would take: each says what it was drawn from, labels its axes, keeps its
legend off the data, and is saved as PNG at 150 dpi or more with a vector copy."""

import struct

import pytest

from mjsim.tournament import summaries
from mjsim.ui import plots
from tests.helpers.runs import ladder_report


@pytest.fixture(scope="module")
def run(tmp_path_factory):
    return ladder_report(tmp_path_factory, "figures", walls=2)


def figures(report):
    seats, hands, fans = (report.tables[t] for t in ("seats", "hands", "fans"))
    scope = plots.scope(seats)
    return {
        "forest": plots.forest(report.estimates, scope),
        "standings": plots.standings(report.standings, scope),
        "sequential": plots.sequential_trace(
            summaries.sequential(seats, summaries.idea_challengers(), summaries.TOP), scope),
        "running": plots.running_estimate(
            summaries.running_estimate(seats, f"{summaries.TOP}-claims", summaries.TOP),
            "claims", scope),
        "points": plots.points_distribution(seats, scope),
        "fans": plots.fan_frequency(summaries.fan_frequency(fans, hands), drawn_from=scope),
        "by_seat": plots.outcome_rates(summaries.outcome_rates(hands, "seat"), scope),
        "lengths": plots.hand_lengths(hands, scope),
    }


def png_dpi(path):
    """The pixels per inch a PNG's pHYs chunk records."""
    data = path.read_bytes()
    at = data.index(b"pHYs")
    per_metre, _, unit = struct.unpack(">IIB", data[at + 4:at + 13])
    assert unit == 1  # metres
    return per_metre * 0.0254


def test_scope_counts_walls_games_and_the_ruleset(run):
    seats = run.tables["seats"]
    games = seats.groupby(["seed", "lineup"]).ngroups
    assert plots.scope(seats) == f"2 walls, {games} games, ruleset green-book"


def test_each_figure_is_fit_for_a_paper(run, tmp_path):
    scope = plots.scope(run.tables["seats"])
    for name, fig in figures(run).items():
        title = fig.get_suptitle() or fig.axes[0].get_title()
        assert title.endswith(scope), name
        fig.canvas.draw()
        for ax in fig.axes:
            assert ax.get_xlabel(), name
            if ax.get_yticklabels() and ax.get_yticklabels()[0].get_visible():
                assert ax.get_ylabel() or ax is not fig.axes[0], name
            legend = ax.get_legend()
            if legend is not None:  # clear of the data: outside the axes
                box, area = legend.get_window_extent(), ax.get_window_extent()
                assert not box.overlaps(area), name
                assert not [t for t in legend.get_texts() if "_" in t.get_text()], name
        png, svg = plots.save(fig, tmp_path / f"{name}.png")
        assert png_dpi(png) >= 150, name
        assert svg.read_text().lstrip().startswith("<?xml") and "<svg" in svg.read_text()


def test_save_report_writes_png_and_svg(run):
    written = plots.save_report(run)
    assert written and all(path.with_suffix(".svg").exists() for path in written)


def test_a_notebook_draws_each_figure_once(run, monkeypatch):
    import nbformat
    from nbclient import NotebookClient

    from tests.ui.conftest import ROOT

    monkeypatch.setenv("MJSIM_RUN", str(run.out))
    path = ROOT / "notebooks" / "03-hands.ipynb"
    notebook = nbformat.read(path, as_version=4)
    NotebookClient(notebook, timeout=300, kernel_name="python3",
                   resources={"metadata": {"path": str(path.parent)}}).execute()
    images = [sum("image/png" in o.get("data", {}) for o in cell.outputs)
              for cell in notebook.cells if cell.cell_type == "code"]
    assert max(images) == 1 and sum(images) == 4  # four figures, each shown once
    prose = [cell for cell in notebook.cells if cell.cell_type == "markdown"]
    assert len(prose) >= len(images) // 2 and all(len(cell.source) > 80 for cell in prose)


def test_the_standings_figure_names_the_standings_games_not_the_runs(run, monkeypatch):
    """A ladder's standings are its rotated table's games (the four rungs together), a few of
    the run's; the figure once said the whole run's walls and games."""
    seats = run.tables["seats"]
    rungs = seats.groupby(["seed", "lineup"])["variant"].agg(frozenset)
    table = rungs[rungs == frozenset({"1", "2", "3", "4"})].reset_index()
    expected = f"{table['seed'].nunique()} walls, {len(table)} games, ruleset green-book"
    assert len(table) == 2 * 4 and len(table) < seats.groupby(["seed", "lineup"]).ngroups
    drawn = {}
    standings = plots.standings

    def recorded(frame, drawn_from=""):
        drawn["standings"] = drawn_from
        return standings(frame, drawn_from)

    monkeypatch.setattr(plots, "standings", recorded)
    plots.save_report(run)
    assert drawn["standings"] == expected
    assert plots.standings_scope(run.standings, seats["ruleset"]) == expected
