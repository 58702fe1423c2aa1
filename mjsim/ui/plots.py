"""Figures over result tables (matplotlib), fit for a paper.

Each function takes a table an experiment returns and gives back a ``Figure``; its
``drawn_from`` (:func:`scope` makes it) names the walls, games and ruleset under the title, as
every figure should say what it was drawn from. Axes are labelled with their units and legends
sit outside the data. :func:`save` writes a PNG at 200 dpi and an SVG copy beside it. The
figures are returned closed: a notebook shows the returned figure once (an open one is drawn
twice, by the inline backend too), and saving still works. No backend is forced.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from pathlib import Path
from typing import TYPE_CHECKING

import matplotlib.pyplot as plt
import pandas as pd

from mjsim.errors import counted
from mjsim.tournament.estimates import Column
from mjsim.tournament.rankings import games_played
from mjsim.tournament.sequential import MIN_SEEDS
from mjsim.tournament.store import Extent, Tables

if TYPE_CHECKING:
    from matplotlib.axes import Axes
    from matplotlib.figure import Figure

    from mjsim.tournament.experiments import Report
    from mjsim.tournament.sequential import Sequential

DPI = 200
OUTCOME_WORDS = {"win": "win", "self_draw": "self-draw", "deal_in": "deal-in",
                 "exhausted": "exhausted wall"}


def scope(table: pd.DataFrame) -> str:
    """What a run's table was drawn from: "40 walls, 160 games, ruleset green-book".

    >>> scope(pd.DataFrame({"seed": ["a", "a", "b"], "lineup": ["x", "y", "x"],
    ...                     "ruleset": "green-book"}))
    '2 walls, 3 games, ruleset green-book'
    """
    if table.empty:
        return ""
    return extent_words(_extent(table))


def _extent(table: pd.DataFrame) -> Extent:
    """The walls, games and rulesets of a run's table held in memory."""
    return Extent(table["seed"].nunique(), len(table[["seed", "lineup"]].drop_duplicates()),
                  tuple(sorted(table["ruleset"].unique())))


def extent_words(extent: Extent) -> str:
    """:func:`scope`'s words for a run's :class:`~mjsim.tournament.store.Extent`."""
    if not extent.games:
        return ""
    walls, games = extent.walls, extent.games
    return (f"{counted(walls, 'wall')}, {counted(games, 'game')}, "
            f"ruleset {', '.join(extent.rulesets)}")


def _figure(width: float, height: float) -> tuple[Figure, Axes]:
    fig, ax = plt.subplots(figsize=(width, height), layout="constrained")
    return fig, ax


def _titled(fig: Figure, ax: Axes, title: str, drawn_from: str) -> Figure:
    ax.set_title(f"{title}\n{drawn_from}" if drawn_from else title)
    plt.close(fig)  # drawn once in a notebook; still saved by save()
    return fig


def _spans(rows: pd.DataFrame, value: str, low: str, high: str) -> list[pd.Series]:
    """The error bars' lengths below and above each value, never negative: a bound computed
    apart from its estimate may sit a rounding error past it (a rating's 1e-9 below), which
    matplotlib refuses."""
    return [(rows[value] - rows[low]).clip(lower=0), (rows[high] - rows[value]).clip(lower=0)]


def forest(estimates: pd.DataFrame, drawn_from: str = "") -> Figure:
    """Each priced idea or rung step per hand, with its 95% interval, around zero."""
    rows = estimates.iloc[::-1]
    fig, ax = _figure(7, 1.6 + 0.5 * len(rows))
    y = range(len(rows))
    ax.errorbar(rows[Column.VALUE_HAND], y, fmt="o", capsize=4, xerr=_spans(
        rows, Column.VALUE_HAND, Column.LOW_HAND, Column.HIGH_HAND))
    ax.axvline(0, color="grey", linewidth=1, linestyle="--")
    ax.set_yticks(list(y), rows[Column.NAME])
    ax.set_xlabel("points per hand added (95% interval)")
    ax.set_ylabel("idea or rung step")
    return _titled(fig, ax, "What each idea and rung step is worth", drawn_from)


def standings(table: pd.DataFrame, drawn_from: str = "") -> Figure:
    """Each variant's points per game, place and rating, with their 95% intervals."""
    rows = table.iloc[::-1]
    fig, axes = plt.subplots(1, 3, figsize=(11, 1.6 + 0.5 * len(rows)), sharey=True,
                             layout="constrained")
    y = list(range(len(rows)))
    for ax, column, label in zip(axes, ("points", "place", "rating"),
                                 ("points per game", "mean place (1 best)",
                                  "rating (Elo points)")):
        ax.errorbar(rows[column], y, fmt="o", capsize=4,
                    xerr=_spans(rows, column, f"{column}_low", f"{column}_high"))
        ax.set_xlabel(f"{label}, 95% interval")
        ax.set_title(column)
    axes[0].set_yticks(y, rows["variant"])
    axes[0].set_ylabel("variant (player spec)")
    axes[0].axvline(0, color="grey", linewidth=1)
    axes[1].set_xlim(4.1, 0.9)  # the best place on the right, as the best points and rating
    axes[2].axvline(0, color="grey", linewidth=1)
    fig.suptitle(f"Standings\n{drawn_from}" if drawn_from else "Standings")
    plt.close(fig)
    return fig


def sequential_trace(tests: Mapping[str, Sequential], drawn_from: str = "") -> Figure:
    """Each idea's two one-sided tests as walls accumulate: the log likelihood ratio of "adds"
    (price +delta against 0, solid) and of "costs" (-delta against 0, dashed), with the bounds
    where a side decides, and each idea's verdict in the legend, right of the axes. The axis
    spans three times the bounds: a ratio beyond them runs off it, as the label says."""
    fig, ax = _figure(10, 4.5)
    for index, (name, test) in enumerate(tests.items()):
        colour = f"C{index}"
        walls = range(1, len(test.plus) + 1)
        ax.plot(walls, test.plus, color=colour, label=f"{name}: {test.words}")
        ax.plot(walls, test.minus, color=colour, linestyle="--")
    title = "Sequential t-tests"
    if tests:
        test = next(iter(tests.values()))
        ax.axhline(test.upper, color="black", linewidth=1)
        ax.axhline(test.lower, color="grey", linewidth=1)
        ax.axvline(MIN_SEEDS, color="grey", linewidth=1, linestyle=":")
        ax.annotate("a side decides ±δ above", (1, test.upper), fontsize="small",
                    va="bottom")
        ax.annotate("a side decides 0 below", (1, test.lower), fontsize="small", va="top")
        title = (f"Sequential t-tests, δ = {test.delta:.2f} points a hand "
                 "(solid: adds, dashed: costs)")
        ax.set_ylim(3 * test.lower, 3 * test.upper)
        ax.legend(fontsize="small", loc="upper left", bbox_to_anchor=(1.01, 1))
    ax.set_xlabel(f"walls played (none decides before {MIN_SEEDS})")
    ax.set_ylabel("log likelihood ratio (±δ against 0), clipped")
    return _titled(fig, ax, title, drawn_from)


def save(fig: Figure, path: str | Path) -> list[Path]:
    """Write a figure as PNG at ``DPI`` and as SVG beside it; returns both paths."""
    png = Path(path).with_suffix(".png")
    svg = png.with_suffix(".svg")
    fig.savefig(png, dpi=DPI)
    fig.savefig(svg)
    plt.close(fig)
    return [png, svg]


def standings_extent(table: pd.DataFrame, rulesets: tuple[str, ...]) -> Extent:
    """The walls and games a standings table was made from (a ladder's standings are its
    rotated table's games alone, not the run's): each game's four seats are each counted in
    their variant's ``games``, and every variant of a rotated or competition table sits on each
    of its walls, so the most ``seeds`` of any variant is its walls.

    >>> standings_extent(pd.DataFrame({"games": [6, 3, 3], "seeds": [3, 3, 3]}), ("gb",))
    Extent(walls=3, games=3, rulesets=('gb',))
    """
    return Extent(int(table["seeds"].max()), games_played(table), rulesets)


def standings_scope(table: pd.DataFrame, rulesets: Iterable[str]) -> str:
    """:func:`scope`'s words for a standings table (:func:`standings_extent`), the run's
    ``rulesets`` given (its seats table's ``ruleset`` column will do)."""
    return extent_words(standings_extent(table, tuple(sorted(set(rulesets)))))


def save_report(report: Report) -> list[Path]:
    """Write the figures of an experiment into its run folder; returns the PNG files written
    (each has its SVG copy beside it). Each figure names what it was drawn from: the prices the
    run's games, the standings their table's own games."""
    extent: Extent | None = None
    if isinstance(report.tables, Tables):  # a run folder's: counted without reading it whole
        extent = report.tables.extent()
    else:
        seats = report.tables.get("seats")
        if seats is not None and not seats.empty:
            extent = _extent(seats)
    drawn_from = "" if extent is None else extent_words(extent)
    figures = []
    if not report.estimates.empty:
        figures.append((forest(report.estimates, drawn_from), "prices.png"))
    if not report.standings.empty:
        table_from = "" if extent is None else standings_scope(report.standings, extent.rulesets)
        figures.append((standings(report.standings, table_from), "standings.png"))
    if report.sequential:
        figures.append((sequential_trace(report.sequential, drawn_from), "sequential.png"))
    return [save(fig, report.out / name)[0] for fig, name in figures]


def running_estimate(estimates: pd.DataFrame, name: str = "", drawn_from: str = "") -> Figure:
    """A price per hand and its 95% interval as walls accumulate
    (:func:`mjsim.tournament.summaries.running_estimate`)."""
    fig, ax = _figure(7, 4)
    ax.fill_between(estimates["walls"], estimates["low_hand"], estimates["high_hand"], alpha=0.3,
                    label="95% interval")
    ax.plot(estimates["walls"], estimates["value_hand"], marker="o", label="estimate")
    ax.axhline(0, color="grey", linewidth=1, linestyle="--")
    ax.set_xlabel("walls played")
    ax.set_ylabel("points per hand added")
    ax.legend(fontsize="small", loc="upper left", bbox_to_anchor=(1.01, 1))
    return _titled(fig, ax, f"Running estimate {name}".strip(), drawn_from)


def points_distribution(seats: pd.DataFrame, drawn_from: str = "") -> Figure:
    """The points per game of each variant, as box plots."""
    variants = sorted(seats["variant"].unique())
    fig, ax = _figure(7, 1.6 + 0.5 * len(variants))
    ax.boxplot([seats.loc[seats["variant"] == v, "points"] for v in variants],
               orientation="horizontal")
    ax.set_yticks(range(1, len(variants) + 1), variants)
    ax.axvline(0, color="grey", linewidth=1)
    # A game's hands as the run played them: sixteen on the MCR table, one on Botzone's.
    hands = int(seats["hands"].max()) if "hands" in seats and not seats.empty else None
    ax.set_xlabel("points per game" if hands is None
                  else f"points per game ({counted(hands, 'hand')})")
    ax.set_ylabel("variant (player spec)")
    return _titled(fig, ax, "Points per game by variant", drawn_from)


def fan_frequency(frequency: pd.DataFrame, top: int = 15, drawn_from: str = "") -> Figure:
    """The share of each variant's wins that hold each of the most frequent scoring elements
    (:func:`mjsim.tournament.summaries.fan_frequency`)."""
    table = frequency.pivot_table(index="name", columns="variant", values="share", fill_value=0)
    table = table.loc[table.max(axis=1).sort_values(ascending=False).index[:top]].iloc[::-1]
    fig, ax = _figure(9, 1.6 + 0.35 * len(table))
    table.plot.barh(ax=ax)
    ax.set_xlabel("share of the variant's wins holding the element (0-1)")
    ax.set_ylabel("scoring element")
    ax.legend(title="variant", fontsize="small", loc="upper left", bbox_to_anchor=(1.01, 1))
    return _titled(fig, ax, "Scoring elements in the bots' wins", drawn_from)


def outcome_rates(rates: pd.DataFrame, drawn_from: str = "") -> Figure:
    """Win, self-draw, deal-in and exhausted-hand rates per hand, by seat or prevalent wind
    (:func:`mjsim.tournament.summaries.outcome_rates`)."""
    by = str(rates.index.name)
    fig, ax = _figure(8, 4)
    rates.rename(columns=OUTCOME_WORDS).plot.bar(ax=ax, rot=0)
    ax.set_ylabel("share of hands (0-1)")
    ax.set_xlabel({"seat": "seat (0 deals first)",
                   "prevalent": "prevalent wind (0 East, 1 South, 2 West, 3 North)"}.get(by, by))
    ax.legend(title="outcome", fontsize="small", loc="upper left", bbox_to_anchor=(1.01, 1))
    return _titled(fig, ax, f"Outcomes by {by}", drawn_from)


def hand_lengths(hands: pd.DataFrame, drawn_from: str = "") -> Figure:
    """How long hands last: the tiles left in the wall when a hand was won or ran dry."""
    ends = hands.drop_duplicates(["seed", "lineup", "hand_no"])
    fig, ax = _figure(8, 4)
    won = ends.loc[ends["winner"] >= 0, "wall_left"]
    ax.hist([won, ends.loc[ends["winner"] < 0, "wall_left"]], bins=range(0, 92, 4),
            label=[f"won ({len(won)})", f"exhausted ({int((ends['winner'] < 0).sum())})"],
            stacked=True)
    ax.set_xlabel("tiles left in the wall when the hand ended")
    ax.set_ylabel("hands")
    ax.legend(fontsize="small", loc="upper left", bbox_to_anchor=(1.01, 1))
    return _titled(fig, ax, "Hand lengths", drawn_from)
