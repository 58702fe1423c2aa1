"""Figures over result tables (matplotlib).

Each function takes a table an experiment returns and gives back a ``Figure``; :func:`save`
writes one to a file and closes it. No backend is forced: without a display matplotlib picks its
file-only backend, and in a notebook the figures show inline.
"""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path
from typing import TYPE_CHECKING

import matplotlib.pyplot as plt
import pandas as pd

from mjsim.tournament.sequential import MIN_SEEDS

if TYPE_CHECKING:
    from matplotlib.figure import Figure

    from mjsim.tournament.experiments import Report
    from mjsim.tournament.sequential import Sequential


def forest(estimates: pd.DataFrame) -> Figure:
    """Each priced idea or rung step per hand, with its 95% interval, around zero."""
    rows = estimates.iloc[::-1]
    fig, ax = plt.subplots(figsize=(7, 1 + 0.5 * len(rows)))
    y = range(len(rows))
    ax.errorbar(rows["value_hand"], y,
                xerr=[rows["value_hand"] - rows["low_hand"],
                      rows["high_hand"] - rows["value_hand"]],
                fmt="o", capsize=4)
    ax.axvline(0, color="grey", linewidth=1, linestyle="--")
    ax.set_yticks(list(y), rows["name"])
    ax.set_xlabel("points per hand (95% interval)")
    ax.set_title("What each idea and rung step is worth")
    fig.tight_layout()
    return fig


def standings(table: pd.DataFrame) -> Figure:
    """Each variant's points per game, place and rating, with their 95% intervals."""
    rows = table.iloc[::-1]
    fig, axes = plt.subplots(1, 3, figsize=(11, 1 + 0.5 * len(rows)), sharey=True)
    y = list(range(len(rows)))
    for ax, column, label in zip(axes, ("points", "place", "rating"),
                                 ("points per game", "place (1 best)", "rating (Elo scale)")):
        ax.errorbar(rows[column], y, fmt="o", capsize=4,
                    xerr=[rows[column] - rows[f"{column}_low"],
                          rows[f"{column}_high"] - rows[column]])
        ax.set_xlabel(f"{label}, 95% interval")
    axes[0].set_yticks(y, rows["variant"])
    axes[0].axvline(0, color="grey", linewidth=1)
    axes[1].set_xlim(4.1, 0.9)  # the best place on the right, as the best points and rating
    axes[2].axvline(0, color="grey", linewidth=1)
    axes[0].set_title("Standings")
    fig.tight_layout()
    return fig


def sequential_trace(tests: Mapping[str, Sequential]) -> Figure:
    """Each idea's two one-sided tests as walls accumulate: the log likelihood ratio of "adds"
    (price +delta against 0, solid) and of "costs" (-delta against 0, dashed), with the bounds
    where a side decides, and each idea's verdict in the legend. The axis spans three times the
    bounds: a ratio beyond them (a test with little noise) runs off it, as the label says."""
    fig, ax = plt.subplots(figsize=(8, 4.5))
    for index, (name, test) in enumerate(tests.items()):
        colour = f"C{index}"
        walls = range(1, len(test.plus) + 1)
        ax.plot(walls, test.plus, color=colour, label=f"{name}: {test.words}")
        ax.plot(walls, test.minus, color=colour, linestyle="--")
    if tests:
        test = next(iter(tests.values()))
        ax.axhline(test.upper, color="black", linewidth=1)
        ax.axhline(test.lower, color="grey", linewidth=1)
        ax.axvline(MIN_SEEDS, color="grey", linewidth=1, linestyle=":")
        ax.annotate("a side decides ±δ above", (1, test.upper), fontsize="small",
                    va="bottom")
        ax.annotate("a side decides 0 below", (1, test.lower), fontsize="small", va="top")
        ax.set_title(f"Sequential t-tests, δ = {test.delta:.2f} points a hand "
                     "(solid: adds, dashed: costs)")
        ax.set_ylim(3 * test.lower, 3 * test.upper)
    else:
        ax.set_title("Sequential t-tests")
    ax.set_xlabel(f"walls (none decides before {MIN_SEEDS})")
    ax.set_ylabel("log likelihood ratio (±δ against 0), clipped")
    ax.legend(fontsize="small", loc="best")
    fig.tight_layout()
    return fig


def save(fig: Figure, path: str | Path) -> None:
    """Write a figure (PNG by the file's suffix) and release it."""
    fig.savefig(path, dpi=110)
    plt.close(fig)


def save_report(report: Report) -> list[Path]:
    """Write the figures of an experiment into its run folder; returns the files written."""
    figures = []
    if not report.estimates.empty:
        figures.append((forest(report.estimates), "prices.png"))
    if not report.standings.empty:
        figures.append((standings(report.standings), "standings.png"))
    if report.sequential:
        figures.append((sequential_trace(report.sequential), "sequential.png"))
    written = []
    for fig, name in figures:
        save(fig, report.out / name)
        written.append(report.out / name)
    return written


def running_estimate(estimates: pd.DataFrame, name: str = "") -> Figure:
    """A price per hand and its 95% interval as walls accumulate
    (:func:`mjsim.tournament.analysis.running_estimate`)."""
    fig, ax = plt.subplots(figsize=(7, 4))
    ax.fill_between(estimates["walls"], estimates["low_hand"], estimates["high_hand"], alpha=0.3,
                    label="95% interval")
    ax.plot(estimates["walls"], estimates["value_hand"], marker="o", label="estimate")
    ax.axhline(0, color="grey", linewidth=1, linestyle="--")
    ax.set_xlabel("walls")
    ax.set_ylabel("points per hand")
    ax.set_title(f"Running estimate {name}".strip())
    ax.legend(fontsize="small")
    fig.tight_layout()
    return fig


def points_distribution(seats: pd.DataFrame) -> Figure:
    """The points per game of each variant, as box plots."""
    variants = sorted(seats["variant"].unique())
    fig, ax = plt.subplots(figsize=(7, 1 + 0.5 * len(variants)))
    ax.boxplot([seats.loc[seats["variant"] == v, "points"] for v in variants],
               orientation="horizontal")
    ax.set_yticks(range(1, len(variants) + 1), variants)
    ax.axvline(0, color="grey", linewidth=1)
    ax.set_xlabel("points per game")
    ax.set_title("Points per game by variant")
    fig.tight_layout()
    return fig


def fan_frequency(frequency: pd.DataFrame, top: int = 15) -> Figure:
    """The share of each variant's wins that hold each of the most frequent scoring elements
    (:func:`mjsim.tournament.analysis.fan_frequency`)."""
    table = frequency.pivot_table(index="name", columns="variant", values="share", fill_value=0)
    table = table.loc[table.max(axis=1).sort_values(ascending=False).index[:top]].iloc[::-1]
    fig, ax = plt.subplots(figsize=(8, 1 + 0.35 * len(table)))
    table.plot.barh(ax=ax)
    ax.set_xlabel("share of wins")
    ax.set_ylabel("")
    ax.set_title("Scoring elements in the bots' wins")
    fig.tight_layout()
    return fig


def outcome_rates(rates: pd.DataFrame) -> Figure:
    """Win, self-draw, deal-in and exhausted-hand rates per hand, by seat or prevalent wind
    (:func:`mjsim.tournament.analysis.outcome_rates`)."""
    by = str(rates.index.name)
    fig, ax = plt.subplots(figsize=(7, 4))
    rates.plot.bar(ax=ax, rot=0)
    ax.set_ylabel("rate per hand")
    ax.set_xlabel({"seat": "seat", "prevalent": "prevalent wind (0 = East)"}.get(by, by))
    ax.set_title(f"Outcomes by {by}")
    fig.tight_layout()
    return fig


def hand_lengths(hands: pd.DataFrame) -> Figure:
    """How long hands last: the tiles left in the wall when a hand was won or ran dry."""
    ends = hands.drop_duplicates(["seed", "lineup", "hand_no"])
    fig, ax = plt.subplots(figsize=(7, 4))
    won = ends.loc[ends["winner"] >= 0, "wall_left"]
    ax.hist([won, ends.loc[ends["winner"] < 0, "wall_left"]], bins=range(0, 92, 4),
            label=[f"won ({len(won)})", f"exhausted ({int((ends['winner'] < 0).sum())})"],
            stacked=True)
    ax.set_xlabel("tiles left in the wall at the end of the hand")
    ax.set_ylabel("hands")
    ax.set_title("Hand lengths")
    ax.legend(fontsize="small")
    fig.tight_layout()
    return fig
