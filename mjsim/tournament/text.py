"""The tables a run prints: its estimates (:mod:`.estimates`), its standings and a
competition's standings (:mod:`.rankings`), as text of at most :data:`WIDTH` columns."""

from __future__ import annotations

import math
import textwrap
from collections.abc import Callable, Iterable, Sequence
from typing import TYPE_CHECKING

from mjsim.errors import counted
from mjsim.tournament.estimates import Column
from mjsim.tournament.lineups import rung_label
from mjsim.tournament.numbers import p_value, percent
from mjsim.tournament.rankings import games_played
from mjsim.tournament.signflip import FEW, METHOD

if TYPE_CHECKING:
    import pandas as pd

WIDTH = 100
"""Columns a printed table and its notes fit in."""


def format_estimates(estimates: pd.DataFrame) -> str:
    """Prices and rung steps per hand, with intervals, p-values and the variance pairing saved,
    ending with what the run could detect and the walls its target effect would take."""
    columns = estimates.columns
    sequential = Column.DECISION in columns  # priced with --until-decided
    stopped = Column.INTERVAL in columns  # read before it stopped: intervals for that
    triggers = Column.CHANGED in columns  # trigger rates: a price run's ideas
    header = ["", "points/hand", "95% CS" if stopped else "95% interval", "p", "p (BH)", "walls",
              "pairing", "detects"]
    rows = [_estimate_cells(row, triggers) for _, row in estimates.iterrows()]
    notes = ["points/hand: what the idea adds (a rung step: what the higher rung gains)"]
    notes += [f"{cells[0]}: {cells[2]} for an interval" for cells in rows
              if cells[2].startswith("too few")]
    notes += [f"{cells[0]}: every wall gave the same difference ({cells[1]} a hand): no spread "
              "to scale an interval by, nor to plan walls from" for cells in rows
              if cells[2] == NO_SPREAD]
    looks = str(estimates[Column.LOOKS].iloc[0]) if Column.LOOKS in columns else ""
    if looks not in ("", "nan"):
        notes.append(f"a sequential look: this run was read at {looks} walls before it was "
                     "extended")
    if stopped:
        notes.append(f"95% CS: a {estimates[Column.INTERVAL].iloc[0]}; p is anytime-valid too")
    delta = float(estimates[Column.DELTA_HAND].iloc[0])
    if sequential:
        notes.extend(_sequential_words(estimates, delta))
    if any(cells[2].endswith("*") for cells in rows):  # a sign-flip interval is shown
        notes.append(f"*: changed moves on fewer than {FEW} walls, not on every one: the "
                     "interval spans the exact sign-flip interval (randomisation, no SD "
                     "needed) and the t interval, and p is the larger of their p-values")
    if Column.CONTROLS in columns:
        notes.extend(_health_words(estimates))
    if triggers:
        notes.extend(f"{name}: {said}" for name, said
                     in zip(estimates[Column.NAME], estimates[Column.TRIGGERS])
                     if isinstance(said, str) and said)
    if any(cells[-1] != "-" for cells in rows):  # else the column holds no figure to explain
        notes.append("detects: the smallest effect this run finds with 80% power (alpha 0.05, "
                     "two-sided), from its per-seed SD")
    walls = ", ".join(f"{name}: {int(needed):,}" for name, needed, cells  # none without detects
                      in zip(estimates[Column.NAME], estimates[Column.WALLS_FOR_DELTA], rows)
                      if cells[-1] != "-")
    if walls:
        notes.append(f"walls to find {delta:.2f} points a hand so: {walls}")
    return "\n".join([*_table(header, rows, "<><>>>>>"), *wrapped(notes)])


NO_SPREAD = "no spread over walls"
"""The interval cell of a row whose walls all gave the same difference (a per-seed SD of 0)."""


def _estimate_cells(row: pd.Series, triggers: bool) -> list[str]:
    """An estimate's row of the table; the interval says so where there is none."""
    few = row.get(Column.METHOD, "t") == METHOD
    never = triggers and row[Column.CHANGED] == 0  # an idea that changed no move: no interval
    flat = not float(row[Column.SD_SEED_HAND]) > 0  # changed moves, never a wall's result
    low, high = float(row[Column.LOW_HAND]), float(row[Column.HIGH_HAND])
    bounded = math.isfinite(low) and math.isfinite(high) and not flat
    if never:
        span = "never changed a move"
    elif flat:  # an interval of width 0 would claim the price exactly
        span = NO_SPREAD
    elif not bounded:  # too few walls (or changed ones) to exclude any price
        span = "too few changed walls" if few else "too few walls"
    else:
        span = f"[{_cell(low, '+.3f'):>7}, {_cell(high, '+.3f'):>7}]" + ("*" if few else "")
    # Without an interval the per-seed SD says nothing: no power, no walls to plan.
    detects = f"±{row[Column.DETECTABLE_HAND]:.2f}" if bounded and not never else "-"
    pairing = float(row[Column.VARIANCE_REDUCTION])
    return [str(row[Column.NAME]), _cell(float(row[Column.VALUE_HAND]), "+.3f"), span,
            p_value(float(row[Column.P])), p_value(float(row[Column.P_BH])),
            str(row[Column.SEEDS]), f"{pairing:.1f}x" if math.isfinite(pairing) else "-",
            detects]


def _sequential_words(estimates: pd.DataFrame, delta: float) -> list[str]:
    """What the sequential test decided for each idea, what that means, and the walls it was
    expected to take at each idea's own per-seed SD."""
    first = estimates.iloc[0]
    decided = "; ".join(
        f"{row[Column.NAME]} {row[Column.VERDICT]} (at {row[Column.DECIDED_AT]} walls)"
        + (f", {note}" if isinstance(note := row[Column.NOTE], str) and note else "")  # CSV: NaN
        for _, row in estimates.iterrows())
    expected = "; ".join(
        f"{name} (SD {sd:.2f}) {zero:,.0f} walls if the price is 0, {at:,.0f} if ±{delta:.2f}"
        for name, sd, zero, at in zip(estimates[Column.NAME], estimates[Column.SD_SEED_HAND],
                                      estimates[Column.EXPECTED_ZERO],
                                      estimates[Column.EXPECTED_DELTA])
        if math.isfinite(zero))
    # The 95% is the test's run to a decision: a cap stops some runs first (at the planned cap
    # and SD, a price of +delta is found 88% of the time).
    meaning = (f"'adds at least {delta:.2f}' means the walls favour +{delta:.2f} over 0 (said "
               "with chance at most 2.5% when the price is 0 or less, and at least 95% when it "
               "is that much or more if the test runs until it decides, which a cap can cut "
               "short); 'costs' likewise; the CS says how much")
    adjusted = ", ".join(f"{name} {_cell(value, '+.3f')}" for name, value
                         in zip(estimates[Column.NAME], estimates[Column.ADJUSTED_HAND]))
    cap, sd = int(first[Column.CAP]), float(first[Column.PLANNED_SD_HAND])
    planned = float(first.get(Column.PLANNED_CAP, math.nan))  # NaN: a table from before it
    if planned == cap:
        cap_words = f"cap {cap:,} walls (planned at a per-seed SD of {sd:.2f})"
    elif math.isnan(planned):
        cap_words = f"cap {cap:,} walls"
    else:  # a cap the run was given (--walls): the plan is only a comparison
        cap_words = (f"cap {cap:,} walls (given; the plan at a per-seed SD of {sd:.2f} caps at "
                     f"{planned:,.0f})")
    if expected:
        cap_words += f"; at its own per-seed SD the test expects about: {expected}"
    return [f"sequential test: {decided}", meaning,
            f"bias-adjusted (Whitehead, the stop's bias simulated at each idea's SD): {adjusted}",
            cap_words]


def _health_words(estimates: pd.DataFrame) -> list[str]:
    """The health check in words: each baseline's control games summed to zero, or which not."""
    checks = estimates.groupby(Column.BASELINE, sort=False)[
        [Column.CONTROLS, Column.CONTROL_SUM]].first()
    failed = [f"health check FAILED: a control game of {rung_label(str(baseline))} summed to "
              f"{total:g}, not 0; the prices take a field of baselines to sum to zero"
              for baseline, controls, total
              in zip(checks.index, checks[Column.CONTROLS], checks[Column.CONTROL_SUM])
              if controls and total != 0]
    counts = ", ".join(f"{counted(int(controls), 'game')} of "
                       f"{rung_label(str(baseline))}"
                       for baseline, controls in zip(checks.index, checks[Column.CONTROLS]))
    held = (f"health check: every control game summed to 0 ({counts}), as the estimates "
            "require of a field of baselines")
    return failed or [held]


def format_standings(table: pd.DataFrame, contrasts: pd.DataFrame | None = None) -> str:
    """Each variant's points per game, place, first-place rate and rating, each with its 95%
    interval, then (given ``contrasts``) the paired difference of every two variants."""
    columns = [list(table["variant"]),
               _measure(table, "points", "+.1f"), _measure(table, "place", ".2f"),
               _measure(table, "first_rate", "", percent), _measure(table, "rating", "+.0f"),
               [str(games) for games in table["games"]]]
    header, align = ["variant", "points/game", "place", "first", "rating", "games"], "<>>>>>"
    fouled = "fouls" in table and table["fouls"].any()
    if fouled:
        columns.append([str(fouls) for fouls in table["fouls"]])
        header, align = [*header, "fouls"], align + ">"
    lines = [*_table(header, list(zip(*columns)), align), *wrapped([
        "[ ]: 95% intervals; place: bootstrap over walls; first: Wilson; rating: Bradley-Terry "
        "on placings, Elo scale" + _no_interval(table), *_seat_words(table)])]
    if fouled:
        lines += wrapped(_foul_warnings(table))
    if contrasts is not None and not contrasts.empty:
        columns = [[f"{row.variant} over {row.versus}" for row in contrasts.itertuples()],
                   [_cell(points, "+.1f") for points in contrasts["points"]],
                   _spans(contrasts["points_low"], contrasts["points_high"], "+.1f"),
                   [p_value(p) for p in contrasts["p_bh"]],
                   [str(seeds) for seeds in contrasts["seeds"]]]
        lines += ["", *_table(["paired contrast", "points/game", "95% interval", "p (BH)",
                               "walls"], list(zip(*columns)), "<>>>>")]
    return "\n".join(lines)


def _seat_words(table: pd.DataFrame) -> list[str]:
    """What ``games`` and ``first`` count when a variant sat in more than one seat of a game:
    its seats, each a game of its own (the games played are
    :func:`~mjsim.tournament.rankings.games_played`)."""
    played = games_played(table)
    doubled = [str(variant) for variant, games in zip(table["variant"], table["games"])
               if games > played]
    if not doubled:
        return []
    named = " and ".join([", ".join(doubled[:-1]), doubled[-1]] if doubled[1:] else doubled)
    counts = "count" if doubled[1:] else "counts"
    return [(f"games: the seats a variant held, {played:,} games in all ({named} sat in more "
             f"than one seat of a game, and {counts} each); first: the share of those seats "
             "that placed first")]


FOUL_WARNING = 0.1
"""The share of its games a variant may foul in before the standings warn of it."""


def _no_interval(table: pd.DataFrame) -> str:
    """Why a standings row shows ``-`` for an interval, if one does: a variant seen on one wall,
    or results that did not vary over the walls (one variant alone sums to zero on each)."""
    missing = table[["points_low", "place_low", "first_rate_low", "rating_low"]].isna().any(axis=1)
    if not missing.any():
        return ""
    if (table.loc[missing, "seeds"] <= 1).all():
        return "; -: no interval from one wall"
    return "; -: no interval where the walls gave no spread"


def _foul_warnings(table: pd.DataFrame) -> list[str]:
    """A warning for each variant that fouled in more than :data:`FOUL_WARNING` of its games
    (its standing then measures its fouls, not its play)."""
    counts = zip(table["variant"], table["fouled_games"].to_numpy(), table["games"].to_numpy())
    return [f"warning: {variant} fouled in {fouled} of its {games} games "
            f"({percent(fouled / games)}, over {FOUL_WARNING:.0%}): its standing measures its "
            "fouls more than its play"
            for variant, fouled, games in counts if fouled > FOUL_WARNING * games]


def format_competition(table: pd.DataFrame) -> str:
    """The competition format's standings: rank points, their mean a game with its interval,
    total points and matches won, ranked by rank points, ties by total points."""
    header = ["place", "variant", "rank points", "a game", "95% interval", "points",
              "matches won"]
    spans = _spans(table["rank_low"], table["rank_high"], ".3f")
    rows = [[str(row.place), str(row.variant), f"{row.rank_points:g}", f"{row.rank_per_game:.3f}",
             span, f"{row.points:+g}", f"{row.matches_won:g} of {row.matches}"]
            for row, span in zip(table.itertuples(), spans)]
    note = ("competition format: each match 4 walls x 24 seatings; rank points 4/3/2/1 a game "
            "(seats level on points share), ties by total points; interval over walls")
    if (table["matches_won"] % 1).any():  # a shared win
        note += "; a match topped by k players level on both is won 1/k by each"
    if table["place"].duplicated().any():
        note += "; players level on both share a place"
    return "\n".join([*_table(header, rows, "><>>>>>"), *wrapped([note])])


def _measure(table: pd.DataFrame, column: str, spec: str,
             shown: Callable[[float], str] | None = None) -> list[str]:
    """A standings column beside its interval (``column``, ``column_low``, ``column_high``),
    each cell "value [low, high]" in ``spec`` (made text by ``shown`` when given), the values
    padded to one width so the intervals line up."""
    values = [_cell(value, spec, shown) for value in table[column]]
    width = max(map(len, values), default=0)
    spans = _spans(table[f"{column}_low"], table[f"{column}_high"], spec, shown)
    return [f"{value:>{width}} {span}" for value, span in zip(values, spans)]


def _table(header: Sequence[str], rows: Sequence[Sequence[str]], align: str) -> list[str]:
    """``header`` and ``rows`` as lines of at most :data:`WIDTH`, each column as wide as its
    widest cell, aligned as ``align`` says for each column (``<`` left, ``>`` right). A first
    cell (a name) too long to fit beside its numbers takes a line of its own above them."""
    widths = [max(map(len, column)) for column in zip(header, *rows)]
    numbers = sum(widths[1:]) + len(widths) - 1
    widths[0] = max(len(header[0]), min(widths[0], WIDTH - numbers))
    lines = []
    for line in (header, *rows):
        if len(line[0]) > widths[0]:
            lines.append(line[0])
            line = ["", *line[1:]]
        lines.append(" ".join(f"{cell:{side}{width}}"
                              for cell, side, width in zip(line, align, widths)).rstrip())
    return lines


def wrapped(notes: Sequence[str]) -> list[str]:
    """The notes under a table, each wrapped to :data:`WIDTH` with the lines after its first
    indented."""
    return [line for note in notes for line in textwrap.wrap(
        note, WIDTH, subsequent_indent="  ", break_on_hyphens=False)]


def _cell(value: float, spec: str, shown: Callable[[float], str] | None = None) -> str:
    """``value`` in ``spec`` (made text by ``shown`` first when given), a dash for NaN."""
    if math.isnan(value):
        return "-"
    if shown is not None:
        return format(shown(value), spec)
    text = format(value, spec)
    # A value that rounds to zero reads as zero: a rating bound of -1e-10 (the ratings of a
    # resample that placed all alike, centred on 0) read "-0" beside the other end's "+0".
    return format(0.0, spec) if text.startswith("-") and float(text) == 0 else text


def _spans(lows: Iterable[float], highs: Iterable[float], spec: str,
           shown: Callable[[float], str] | None = None) -> list[str]:
    """Each ``[low, high]`` of a table's column in ``spec`` (made text by ``shown`` when given),
    the ends padded to one width down the column, or a dash as wide where there is none."""
    pairs = list(zip(lows, highs))
    ends = [(_cell(low, spec, shown), _cell(high, spec, shown)) for low, high in pairs]
    width = max((len(end) for two in ends for end in two), default=0)
    cells = [f"[{low:>{width}}, {high:>{width}}]" for low, high in ends]
    return [f"{'-':^{len(cell)}}" if math.isnan(low) or math.isnan(high) else cell
            for cell, (low, high) in zip(cells, pairs)]
