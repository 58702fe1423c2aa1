"""The standings of a table played with its seats rotated on each wall, and paired contrasts.

A wall seed is the unit of every interval: the games of a seed share their walls, so they are
not independent draws (docs/architecture.md#pricing-the-statistics). Per variant,
:func:`standings` gives

- points per game, with the 95% t interval of its per-seed means;
- the mean place, seats level on points sharing the average of the places they span
  (:func:`shared_places`), with a percentile bootstrap interval over seeds (so it stays inside
  [1, 4]; none when every seed gave the same mean place: resampling them gives no spread);
- the first-place rate, a k-way tie for first counting 1/k to each (:func:`first_shares`), with
  a Wilson interval on the games, widened by the seeds' design effect when the games of a seed
  are positively correlated (Kish's effective sample size) and never narrowed below the
  games' own;
- a Bradley-Terry rating on placings (every two seats of a game holding different variants are
  one comparison, a shared place half a win each), on the Elo scale, with a bootstrap interval.

:func:`contrasts` gives every two variants' paired difference of per-seed mean points, since
both played the same walls. :func:`competition` scores a table played in the competition
format (4 walls x 24 seatings a match) by rank points, as Botzone's duplicate contests do. The
bootstrap draws its resamples of the seeds from
``numpy.random.default_rng(BOOTSTRAP_SEED)`` (a generator of its own, no global state), so a
table's standings are the same every time.

:func:`unpaired_baseline` says what the paired design of pricing saves against an honest
unpaired one, and that the saving is the seat swap's, not the control game's.
"""

from __future__ import annotations

import math
from collections.abc import Iterable
from dataclasses import dataclass
from itertools import combinations
from typing import Any

import numpy as np
import pandas as pd
from numpy.random import default_rng
from scipy import stats

from mjsim.errors import clipped
from mjsim.tournament.pricing import CONFIDENCE, bh_adjust, unpaired_se
from mjsim.tournament.schedule import wall_index

BOOTSTRAP_SEED = 15
"""Seeds the resampling of walls, so a table's intervals are a function of its games."""
RESAMPLES = 4000
"""Bootstrap resamples of the seeds."""
ELO = 400 / math.log(10)
"""Rating points per unit of log strength: a lead of 400 is odds of 10 to 1 of placing above."""
RANK_POINTS = (4, 3, 2, 1)
"""What first to fourth place in a game earn in the competition format."""
MATCH_WALLS = 4
"""Walls a match of the competition format plays, each with its 24 seatings."""
PRIOR_TIE = 1.0
"""Virtual tied comparisons between every two variants, so a variant that always places above
another keeps a finite rating (a weak prior; real games outnumber it)."""
WALL_COLUMNS = ("seed", "lineup", "variant", "points", "place", "fouls")
"""The columns of the seats table that :class:`WallSums` reads."""


@dataclass(frozen=True)
class WallSums:
    """What the standings, contrasts and competition are computed from, summed per wall seed:
    ``cells``, indexed by seed and variant, the variant's games there and their points, places,
    shares of first place, rank points, fouls and games with a foul; ``wins``, indexed by seed,
    variant and other variant, the times a seat of the variant placed above one of the other in a
    game (a shared place half a win each). A run's sums are the sums of its batches'
    (:meth:`of_frames`), so a long run is analysed a few batches at a time, holding its per-wall
    sums, never the whole table."""

    cells: pd.DataFrame
    wins: pd.Series

    @classmethod
    def of(cls, seats: pd.DataFrame) -> WallSums:
        """The sums of the games of ``seats`` (the :data:`WALL_COLUMNS` of the seats table)."""
        place = shared_places(seats)
        fouls = (seats["fouls"].fillna(0) if "fouls" in seats
                 else pd.Series(0, index=seats.index))  # a folder made before they were counted
        frame = seats.assign(games=1, place=place, first=first_shares(seats, place),
                             rank_points=len(RANK_POINTS) + 1 - place, fouls=fouls,
                             fouled=(fouls > 0).astype(int))
        cells = frame.groupby(["seed", "variant"])[list(_SUMMED)].sum()
        game = frame[["seed", "lineup", "variant", "place"]]
        pairs = game.merge(game, on=["seed", "lineup"], suffixes=("", "_other"))
        pairs = pairs[pairs["variant"] != pairs["variant_other"]]
        score = ((pairs["place"] < pairs["place_other"]).astype(float)
                 + 0.5 * (pairs["place"] == pairs["place_other"]))
        wins = score.groupby([pairs["seed"], pairs["variant"], pairs["variant_other"]]).sum()
        return cls(cells, wins)

    @classmethod
    def of_frames(cls, frames: Iterable[pd.DataFrame]) -> WallSums:
        """The sums of the games of several frames, each holding whole games (a batch holds
        its games' seats): the sums of each frame's, added seed by seed. The counts and
        points are whole numbers and the wins halves, so the sums are exact in any order."""
        parts = [cls.of(frame) for frame in frames]
        if not parts:
            return cls.of(pd.DataFrame({column: [] for column in WALL_COLUMNS}))
        return cls(pd.concat([part.cells for part in parts]).groupby(level=[0, 1]).sum(),
                   pd.concat([part.wins for part in parts]).groupby(level=[0, 1, 2]).sum())


_SUMMED = ("games", "points", "place", "first", "rank_points", "fouls", "fouled")


def standings(seats: pd.DataFrame | WallSums) -> pd.DataFrame:
    """Per variant of the ``seats`` table (columns ``seed``, ``lineup``, ``seat``, ``variant``,
    ``points``, ``place``, and ``fouls`` if counted), or of its :class:`WallSums`: games, seeds,
    points per game, place, first-place rate and rating, each with its 95% interval, its fouls
    and the games it fouled in; the highest points first."""
    walls = _played(seats)
    cells = _per_seed(walls)
    variants = list(cells["games"].columns)
    n = len(variants)
    wins = _pairwise_wins(walls, cells["games"].index, variants)
    # One bootstrap for every statistic: each resample's sums of places, games and wins.
    sums = _resampled_sums(np.hstack([cells["place"].to_numpy(), cells["games"].to_numpy(),
                                      wins.reshape(len(wins), -1)]))
    ratings, low, high = _ratings(wins, sums[:, 2 * n:])
    rows = []
    for i, variant in enumerate(variants):
        games = cells["games"][variant].to_numpy()
        played = games > 0
        points, points_low, points_high, _ = t_interval(
            cells["points"][variant].to_numpy()[played] / games[played])
        firsts = float(cells["first"][variant].sum())
        first_low, first_high = wilson(firsts, float(games.sum()),
                                       _design_effect(cells["first"][variant].to_numpy(), games))
        if n == 1:  # a variant alone holds every seat: a quarter of them place first, by rule
            first_low = first_high = math.nan
        place_low, place_high = _percentile(_ratio(sums[:, i], sums[:, n + i]),
                                            int(played.sum()))
        per_wall = cells["place"][variant].to_numpy()[played] / games[played]
        if np.ptp(per_wall) == 0:  # walls that agree: a bootstrap of width 0 would claim it
            place_low = place_high = math.nan
        rows.append({
            "variant": variant, "games": int(games.sum()), "seeds": int(played.sum()),
            "points": points, "points_low": points_low, "points_high": points_high,
            "place": float(cells["place"][variant].sum() / games.sum()),
            "place_low": place_low, "place_high": place_high,
            "first_rate": firsts / games.sum(), "first_rate_low": first_low,
            "first_rate_high": first_high,
            "rating": ratings[i], "rating_low": low[i], "rating_high": high[i],
            "fouls": int(cells["fouls"][variant].sum()),
            "fouled_games": int(cells["fouled"][variant].sum())})
    return pd.DataFrame(rows).sort_values("points", ascending=False, ignore_index=True)


def games_played(table: pd.DataFrame) -> int:
    """The games a :func:`standings` table was made from: each game's four seats are each
    counted in their variant's ``games``, so the column sums to four a game.

    >>> games_played(pd.DataFrame({"games": [6, 3, 3]}))
    3
    """
    return int(table["games"].sum()) // 4


def contrasts(seats: pd.DataFrame | WallSums, order: list[str] | None = None) -> pd.DataFrame:
    """Every two variants' paired contrast, from the ``seats`` table or its
    :class:`WallSums`: the points per game ``variant`` gains over ``versus`` (the mean over the
    seeds both played of the difference of their per-seed mean points), its 95% t interval, p
    and Benjamini-Hochberg p across the table's contrasts.

    ``order`` (by default the variants by name) decides which of two is ``variant``: the
    earlier. One row per pair; none for a table of one variant.
    """
    seats = _checked(seats)
    means = _per_seed(WallSums.of(seats) if isinstance(seats, pd.DataFrame) else seats)
    per_seed = means["points"] / means["games"]  # NaN where a variant sat out a seed
    order = order if order is not None else list(per_seed.columns)
    rows: list[dict[str, Any]] = []
    for variant, versus in combinations(order, 2):
        diff = (per_seed[variant] - per_seed[versus]).dropna().to_numpy()
        mean, low, high, p = t_interval(diff)
        rows.append({"variant": variant, "versus": versus, "seeds": len(diff),
                     "points": mean, "points_low": low, "points_high": high, "p": p})
    columns = ["variant", "versus", "seeds", "points", "points_low", "points_high", "p", "p_bh"]
    if not rows:
        return pd.DataFrame(columns=columns)
    frame = pd.DataFrame(rows)
    tested = frame["p"].notna()  # a contrast with no spread has no p, and is not counted
    frame["p_bh"] = math.nan
    frame.loc[tested, "p_bh"] = bh_adjust(frame.loc[tested, "p"].to_numpy())
    return frame[columns]


def t_interval(values: np.ndarray) -> tuple[float, float, float, float]:
    """The mean of independent values, its 95% t interval and two-sided p (H0: mean 0); NaN
    where they do not exist (one value, or values all equal: no spread to scale by)."""
    mean = float(values.mean()) if len(values) else math.nan
    se = float(values.std(ddof=1) / math.sqrt(len(values))) if len(values) > 1 else 0.0
    if not se > 0:
        return mean, math.nan, math.nan, math.nan
    df = len(values) - 1
    half = float(stats.t.ppf(0.5 + CONFIDENCE / 2, df)) * se
    return mean, mean - half, mean + half, float(2 * stats.t.sf(abs(mean) / se, df))


def wilson(successes: float, trials: float, design_effect: float = 1.0) -> tuple[float, float]:
    """The 95% Wilson score interval of a rate, on ``trials / design_effect`` effective trials.

    >>> [round(x, 4) for x in wilson(0, 100)]
    [0.0, 0.037]
    """
    if trials <= 0 or not 0 <= successes <= trials:
        raise ValueError(f"a rate needs 0 <= successes <= trials and trials > 0, "
                         f"not {successes} of {trials}")
    n = trials / design_effect
    rate = successes / trials
    z = float(stats.norm.ppf(0.5 + CONFIDENCE / 2))
    centre = (rate + z * z / (2 * n)) / (1 + z * z / n)
    half = z / (1 + z * z / n) * math.sqrt(rate * (1 - rate) / n + z * z / (4 * n * n))
    # At 0 or 1 the bound is the rate itself; the formula gives it only up to rounding.
    low = 0.0 if successes == 0 else max(0.0, centre - half)
    return low, 1.0 if successes == trials else min(1.0, centre + half)


def bradley_terry(wins: np.ndarray, prior_tie: float = PRIOR_TIE) -> np.ndarray:
    """Bradley-Terry log strengths, centred on 0, from ``wins[..., i, j]``: the times i placed
    above j (halves for ties); leading axes are separate fits (Hunter's MM algorithm).

    >>> np.round(bradley_terry(np.array([[0, 3], [1, 0]]), prior_tie=0) * 2, 3).tolist()
    [1.099, -1.099]
    """
    wins = np.asarray(wins, dtype=float) + prior_tie / 2 * (1 - np.eye(wins.shape[-1]))
    meetings = wins + np.swapaxes(wins, -1, -2)
    won = wins.sum(axis=-1)
    strength = np.ones(won.shape)
    for _ in range(10_000):
        pair_sums = strength[..., :, None] + strength[..., None, :]
        updated = won / (meetings / pair_sums).sum(axis=-1)
        updated /= np.exp(np.log(updated).mean(axis=-1, keepdims=True))
        change = float(np.abs(np.log(updated / strength)).max())
        strength = updated
        if change < 1e-10:
            break
    centred: np.ndarray = np.log(strength)
    return centred


def _checked(seats: object) -> pd.DataFrame | WallSums:
    """``seats``, a seats table or its wall sums; else a ``TypeError`` naming it."""
    if not isinstance(seats, pd.DataFrame | WallSums):
        raise TypeError(f"seats is a seats table (a DataFrame) or its WallSums, not "
                        f"{clipped(repr(seats), 40)}")
    return seats


def _played(seats: pd.DataFrame | WallSums) -> WallSums:
    """The wall sums of a table or the sums themselves; ``ValueError`` when no game was played."""
    seats = _checked(seats)
    if seats.empty if isinstance(seats, pd.DataFrame) else seats.cells.empty:
        raise ValueError("no games to make standings of")
    return WallSums.of(seats) if isinstance(seats, pd.DataFrame) else seats


def _per_seed(sums: WallSums) -> dict[str, pd.DataFrame]:
    """Seeds x variants tables of games played, points, places and first places summed."""
    return {column: sums.cells[column].unstack(fill_value=0).astype(float).sort_index()
            for column in ("games", "points", "place", "first", "fouls", "fouled")}


def _resampled_sums(values: np.ndarray) -> np.ndarray:
    """Each bootstrap resample's sums of ``values`` (seeds x k) over the seeds it draws
    (``RESAMPLES`` x k).

    The resamples are drawn a block at a time and summed at once, so memory holds one block's
    counts, never ``RESAMPLES`` x seeds of them: a long run's standings stay flat (issue 16: a
    million-hand table is 15,625 walls, whose counts alone took 500 MB). The draws are those of
    one call, whatever the block."""
    seeds = len(values)
    rng = default_rng(BOOTSTRAP_SEED)
    out = np.empty((RESAMPLES, values.shape[1]))
    block = max(1, _DRAW_BLOCK // max(seeds, 1))
    for start in range(0, RESAMPLES, block):
        stop = min(start + block, RESAMPLES)
        counts = np.zeros((stop - start, seeds))
        draws = rng.integers(0, seeds, size=counts.shape)
        np.add.at(counts, (np.arange(len(counts))[:, None], draws), 1)
        out[start:stop] = counts @ values
    return out


_DRAW_BLOCK = 1 << 20  # draws per block of resamples: 8 MiB


def _ratio(numerator: np.ndarray, denominator: np.ndarray) -> np.ndarray:
    out = np.full(numerator.shape, math.nan)
    np.divide(numerator, denominator, out=out, where=denominator > 0)
    return out


def _percentile(values: np.ndarray, seeds: int) -> tuple[float, float]:
    """The 95% expanded percentile interval of bootstrap values over ``seeds`` seeds.

    A plain percentile interval from few seeds is too narrow (it uses z where t belongs, and a
    variance too small by (n-1)/n); Hesterberg's expansion takes the quantiles at the tail
    2 Phi(-sqrt(n/(n-1)) t) instead of 0.025. NaN from one seed (nothing to vary); seeds that
    all agree give an interval of that one value.
    """
    values = values[~np.isnan(values)]
    if seeds < 2 or values.size == 0:
        return math.nan, math.nan
    t = float(stats.t.ppf(0.5 + CONFIDENCE / 2, seeds - 1))
    tail = float(stats.norm.cdf(-math.sqrt(seeds / (seeds - 1)) * t))
    low, high = np.quantile(values, [tail, 1 - tail])
    return float(low), float(high)


def _design_effect(successes: np.ndarray, games: np.ndarray) -> float:
    """How many games of the table one independent game is worth for a rate, since a seed's
    games share their walls: the seeds' clustered variance of the rate over p(1-p)/n (Kish),
    times (t/z)^2 for the seeds' degrees of freedom (Korn and Graubard), and never below 1.

    The floor: seeds whose rates agree more than binomial games would (a rotated table's seats
    share a wall's luck, so a variant often takes the same firsts on every wall) would give a
    design effect below 1, counting more independent games than were played; few seeds' spread
    is too uncertain to claim that, so the interval is never narrower than the games' own
    Wilson interval."""
    played = games > 0
    successes, games = successes[played], games[played]
    n = float(games.sum())
    rate = float(successes.sum()) / n
    seeds = len(games)
    if seeds < 2 or rate in (0.0, 1.0):
        return 1.0
    residuals = successes - rate * games
    clustered = seeds / (seeds - 1) * float((residuals ** 2).sum()) / n ** 2
    t = float(stats.t.ppf(0.5 + CONFIDENCE / 2, seeds - 1) / stats.norm.ppf(0.5 + CONFIDENCE / 2))
    return max(1.0, clustered / (rate * (1 - rate) / n) * t * t)


def _ratings(wins: np.ndarray, resampled_wins: np.ndarray
             ) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Each variant's rating (Elo scale) from the seeds' pairwise ``wins`` (seeds x n x n), and
    its bootstrap interval from each resample's summed wins (flattened); none when every seed's
    wins are the same (each resample would give the one rating, an interval of width 0)."""
    seeds, n = len(wins), wins.shape[1]
    if n < 2:
        return np.zeros(1), np.full(1, math.nan), np.full(1, math.nan)
    rating = ELO * bradley_terry(wins.sum(axis=0))
    if (wins == wins[0]).all():  # every seed placed them alike: resampling gives no spread
        return rating, np.full(n, math.nan), np.full(n, math.nan)
    boot = ELO * bradley_terry(resampled_wins.reshape(-1, n, n))
    bounds = [_percentile(boot[:, i], seeds) for i in range(n)]
    return rating, np.array([b[0] for b in bounds]), np.array([b[1] for b in bounds])


def _pairwise_wins(sums: WallSums, seeds: pd.Index, variants: list[str]) -> np.ndarray:
    """``wins[s, i, j]``: on seed s, the times a seat of variant i placed above one of j."""
    wins = np.zeros((len(seeds), len(variants), len(variants)))
    if len(variants) < 2:  # nobody to place above
        return wins
    index = pd.Index(variants)
    keys = sums.wins.index
    np.add.at(wins, (seeds.get_indexer(keys.get_level_values(0)),
                     index.get_indexer(keys.get_level_values(1)),
                     index.get_indexer(keys.get_level_values(2))), sums.wins.to_numpy())
    return wins


def unpaired_baseline(seats: pd.DataFrame, baseline: str) -> pd.DataFrame:
    """What pairing saves each challenger of ``baseline``, against an honest unpaired design.

    The unpaired design plays the same challenger games, the challenger in each seat as often,
    each game on a wall of its own and with no control game: a field of baselines sums to zero,
    so the challenger's own points already estimate its gain. Per challenger (one row each):
    ``seeds``, ``games``, ``points`` (its mean points per game), ``se_paired`` (from the
    per-seed means of its seat-swapped games on one seed's walls), ``se_unpaired`` (each seat's
    variance across seeds, as independent games would have it), ``variance_reduction`` (their
    squared ratio: what sitting in every seat of the same walls earns), and ``control_change``:
    the most a seed's control game, subtracted, moves its per-seed mean (0 when its seats sum to
    zero: the control adds nothing; NaN with no control games).
    """
    off = (seats["variant"] != baseline).groupby([seats["seed"], seats["lineup"]]).transform("sum")
    control = seats[off == 0].groupby(["seed", "lineup"])["points"].mean()
    control_change = float(control.abs().max()) if len(control) else math.nan
    games = seats[(off == 1) & (seats["variant"] != baseline)]
    rows = []
    for challenger, group in games.groupby("variant", sort=True):
        by_seed = group.groupby("seed")["points"].mean()
        unpaired = unpaired_se(group)
        se_paired = float(by_seed.std(ddof=1) / math.sqrt(len(by_seed)))
        rows.append({
            "challenger": challenger, "seeds": len(by_seed), "games": len(group),
            "points": float(by_seed.mean()), "se_paired": se_paired, "se_unpaired": unpaired,
            "variance_reduction": (unpaired / se_paired) ** 2 if se_paired > 0 else math.nan,
            "control_change": control_change})
    return pd.DataFrame(rows, columns=["challenger", "seeds", "games", "points", "se_paired",
                                       "se_unpaired", "variance_reduction", "control_change"])


def shared_places(seats: pd.DataFrame) -> pd.Series:
    """Each seat's place in its game (rows grouped by ``seed`` and ``lineup``), from its
    ``points``: 1 the most, seats level on points sharing the average of the places they span
    (two level first are 1.5 each), as :func:`mjsim.game.settlement.places` gives a game's.
    The standings read places from the points, so a table recorded before places were shared
    reads the same."""
    return seats.groupby(["seed", "lineup"])["points"].rank(
        method="average", ascending=False).rename("place")


def first_shares(seats: pd.DataFrame, place: pd.Series | None = None) -> pd.Series:
    """Each seat's share of first place in its game: 1 alone first, 1/k in a k-way tie for
    first (a drawn game on Botzone's table gives each seat a quarter), 0 below, so a game hands
    out one first place."""
    place = shared_places(seats) if place is None else place
    best = place.groupby([seats["seed"], seats["lineup"]]).transform("min")
    firsts = place == best
    tied = firsts.groupby([seats["seed"], seats["lineup"]]).transform("sum")
    return (firsts / tied).rename("first")


def rank_points(seats: pd.DataFrame) -> pd.Series:
    """Each seat's rank points in its game (rows grouped by ``seed`` and ``lineup``): 4, 3, 2, 1
    from the most ``points`` down, seats level on points sharing those of the places they span
    (two level first get 3.5 each), so a game always hands out 10."""
    return (len(RANK_POINTS) + 1 - shared_places(seats)).rename("rank_points")


def competition(seats: pd.DataFrame | WallSums, match_walls: int = MATCH_WALLS) -> pd.DataFrame:
    """The standings of the competition format, from the ``seats`` table or its
    :class:`WallSums`: per variant, its rank points over every game (:func:`rank_points`),
    their mean a game with the 95% t interval of its per-wall means, its total points, and how
    many matches (``match_walls`` walls each, in the order played) it won, a match that k
    variants top level on both shared 1/k each; ranked by rank points, ties by total points,
    variants level on both sharing a place."""
    if isinstance(seats, pd.DataFrame):  # its places are not needed: only its points
        if seats.empty:
            raise ValueError("no games to make standings of")
        cells = seats.assign(games=1, rank_points=rank_points(seats)).groupby(
            ["seed", "variant"])[["games", "points", "rank_points"]].sum().reset_index()
    else:
        cells = _played(seats).cells.reset_index()
    cells["match"] = cells["seed"].map(wall_index) // match_walls
    per_match = cells.groupby(["match", "variant"])[["rank_points", "points"]].sum()
    # A match's winner has the most rank points, then points; k variants level on both share
    # the win, 1/k each (as a k-way tie for first place shares it), not the first by name.
    ranked = pd.Series(list(zip(per_match["rank_points"], per_match["points"])), per_match.index)
    top = ranked == ranked.groupby(level="match").transform("max")
    shares = top / top.groupby(level="match").transform("sum")
    winners = shares.groupby(level="variant").sum()
    rows = []
    for variant, mine in cells.groupby("variant"):  # a row per seed it played, in seed order
        per_wall = (mine["rank_points"] / mine["games"]).to_numpy()
        _, low, high, _ = t_interval(per_wall)
        games = int(mine["games"].sum())
        rows.append({"variant": variant, "matches": mine["match"].nunique(),
                     "games": games, "rank_points": float(mine["rank_points"].sum()),
                     "rank_per_game": float(mine["rank_points"].sum()) / games,
                     "rank_low": low, "rank_high": high, "points": float(mine["points"].sum()),
                     "matches_won": float(winners.get(variant, 0.0))})
    table = pd.DataFrame(rows).sort_values(["rank_points", "points"], ascending=False,
                                           ignore_index=True)
    # Variants level on rank points and points share a place (1, 2, 2, 4): the order of a
    # tie on both is only their names'.
    level = list(zip(table["rank_points"], table["points"]))
    table.insert(0, "place", [1 + level.index(key) for key in level])
    return table
