"""Standings and contrasts, checked by simulation on synthetic rotated tables with known truths."""

import math

import numpy as np
import pandas as pd
import pytest
from scipy import stats

from mjsim.game.settlement import places
from mjsim.tournament.rankings import (
    BOOTSTRAP_SEED,
    ELO,
    bradley_terry,
    contrasts,
    shared_places,
    standings,
    t_interval,
    unpaired_baseline,
    wilson,
)

LINEUP = ("a", "a", "b", "c")
EFFECTS = {"a": 10.0, "b": 0.0, "c": -20.0}  # points per game; the lineup's mean is 0


def _games(rng, seeds, effects=EFFECTS, lineup=LINEUP, luck=40.0, noise=60.0):
    """Each seed's rotated games: the variants by rotation and seat, and the points and places
    by seed, rotation and seat. A seed deals each seat the same luck in all its rotations (the
    same walls); points sum to zero in a game, and equal points share a place."""
    names = np.array([[lineup[(seat + r) % 4] for seat in range(4)] for r in range(4)])
    effect = np.vectorize(effects.get)(names).astype(float)
    points = effect + rng.normal(0, luck, (seeds, 1, 4)) + rng.normal(0, noise, (seeds, 4, 4))
    points = np.round(points - points.mean(axis=2, keepdims=True))
    places = 1 + (points[..., None, :] > points[..., :, None]).sum(axis=-1)
    return names, points, places


def _seats(names, points, places):
    seeds = points.shape[0]
    return pd.DataFrame({
        "seed": np.repeat([f"s{i:03d}" for i in range(seeds)], 16),
        "lineup": np.tile(np.repeat([",".join(row) for row in names], 4), seeds),
        "seat": np.tile(np.arange(4), 4 * seeds), "variant": np.tile(names.ravel(), seeds),
        "points": points.ravel(), "place": places.ravel()})


def _within_two_se(hits, nominal=0.95):
    rate = float(np.mean(hits))
    se = math.sqrt(nominal * (1 - nominal) / len(hits))
    return abs(rate - nominal) <= 2 * se, rate


def test_wilson_covers_binomial_rates_and_stays_in_0_1():
    rng = np.random.default_rng(1)
    hits = []
    for rate in (0.01, 0.05, 0.25, 0.5):
        for successes in rng.binomial(200, rate, size=1000):
            low, high = wilson(float(successes), 200.0)
            assert 0 <= low <= successes / 200 <= high <= 1
            hits.append(low <= rate <= high)
    ok, coverage = _within_two_se(hits)
    assert ok, coverage
    assert wilson(0, 50)[0] == 0 and wilson(50, 50)[1] == 1  # Wald's gave [0, 0] here
    with pytest.raises(ValueError, match="successes"):
        wilson(3, 2)


@pytest.fixture(scope="module")
def truth():
    """The variants' expected place and first-place rate, from a quarter million games."""
    names, _, places = _games(np.random.default_rng(2), 15_000)
    return {variant: {"place": places[:, names == variant].mean(),
                      "first_rate": (places[:, names == variant] == 1).mean(),
                      "points": EFFECTS[variant]} for variant in EFFECTS}


@pytest.fixture(scope="module")
def replicates():
    """120 replicate tables of ten seeds: their standings and contrasts."""
    rng = np.random.default_rng(3)
    runs = []
    for _ in range(120):
        seats = _seats(*_games(rng, 10))
        runs.append((standings(seats).set_index("variant"), contrasts(seats)))
    return runs


@pytest.mark.parametrize("column", ["points", "place", "first_rate"])
def test_standings_intervals_cover_the_truth(replicates, truth, column):
    hits = [table.loc[v, f"{column}_low"] <= truth[v][column] <= table.loc[v, f"{column}_high"]
            for table, _ in replicates for v in EFFECTS]
    ok, coverage = _within_two_se(hits)
    if column == "first_rate":
        # Never counted as more games than were played, the first-place interval errs wide on
        # a rotated table (about 99% from ten walls): it must not cover less than 95%.
        ok = ok or coverage > 0.95
    assert ok, f"{column}: {coverage:.3f}"


def test_contrasts_cover_the_known_difference(replicates):
    hits = [row.points_low <= EFFECTS[row.variant] - EFFECTS[row.versus] <= row.points_high
            for _, table in replicates for row in table.itertuples()]
    assert len(hits) == 3 * len(replicates)
    ok, coverage = _within_two_se(hits)
    assert ok, coverage


def test_contrasts_are_paired_and_signed():
    seats = _seats(*_games(np.random.default_rng(4), 30, luck=200.0, noise=5.0))
    table = contrasts(seats, order=["c", "b", "a"]).set_index(["variant", "versus"])
    assert list(table.index) == [("c", "b"), ("c", "a"), ("b", "a")]
    # The seats' luck is shared by a seed's rotations, so pairing removes it: the interval is
    # set by the noise (5) and not the luck (200).
    assert table.loc[("c", "a"), "points"] == pytest.approx(-30, abs=3)
    assert table.loc[("c", "a"), "points_high"] - table.loc[("c", "a"), "points_low"] < 10
    assert (table["p_bh"] >= table["p"]).all()


def test_a_contrast_without_spread_has_no_p_and_leaves_the_others_adjusted():
    seats = _seats(*_games(np.random.default_rng(11), 6))
    # On seed s every game ends a: 30 + r_s (twice), b: 10 + r_s, c: the rest; a and b differ
    # by exactly 20 on every seed, a and c by 3 r_s + 100.
    shift = seats["seed"].map(dict(zip(sorted(seats["seed"].unique()), range(6))))
    a, b = 30.0 + shift, 10.0 + shift
    seats["points"] = np.select([seats["variant"] == "a", seats["variant"] == "b"],
                                [a, b], -(2 * a + b))
    assert (seats.groupby(["seed", "lineup"])["points"].sum() == 0).all()
    table = contrasts(seats).set_index(["variant", "versus"])
    assert table.loc[("a", "b"), "points"] == 20
    assert table.loc[("a", "b"), ["points_low", "p", "p_bh"]].isna().all()
    assert table.loc[[("a", "c"), ("b", "c")], "p_bh"].notna().all()


def test_place_intervals_stay_inside_1_to_4():
    # Large effects: "c" is nearly always last, "a" nearly always in the top two (larger ones
    # put every variant in the same place on every wall, where there is no interval at all).
    for seeds in (2, 3, 8):
        seats = _seats(*_games(np.random.default_rng(seeds), seeds,
                               effects={"a": 150.0, "b": 0.0, "c": -150.0}))
        table = standings(seats)
        # A variant whose mean place was the same on every wall (c last throughout) has none.
        per_wall = seats.assign(place=shared_places(seats)).groupby(
            ["variant", "seed"])["place"].mean().groupby("variant").nunique()
        given = table["place_low"].notna()
        assert list(given) == [per_wall[v] > 1 for v in table["variant"]] and given.any()
        assert ((0 <= table["first_rate_low"]) & (table["first_rate_high"] <= 1)).all()
        table = table[given]
        assert ((1 <= table["place_low"]) & (table["place_low"] <= table["place"])
                & (table["place"] <= table["place_high"]) & (table["place_high"] <= 4)).all()


def test_one_seed_has_no_intervals_but_keeps_its_means():
    from mjsim.tournament.text import format_standings

    seats = _seats(*_games(np.random.default_rng(5), 1))
    table = standings(seats)
    assert table[["points_low", "place_low", "rating_low"]].isna().all().all()
    assert table["place"].between(1, 4).all()
    # A dash where there is no interval, and a note that says why.
    text = format_standings(table, contrasts(seats))
    assert "nan" not in text.lower() and "no interval from one wall" in text


def test_standings_are_deterministic_and_ordered(truth):
    seats = _seats(*_games(np.random.default_rng(6), 200))
    first, again = standings(seats), standings(seats.sample(frac=1, random_state=0))
    pd.testing.assert_frame_equal(first, again)  # the bootstrap's seed is BOOTSTRAP_SEED
    assert BOOTSTRAP_SEED == 15
    assert list(first["variant"]) == ["a", "b", "c"]  # highest points first
    assert list(first.sort_values("rating", ascending=False)["variant"]) == ["a", "b", "c"]
    assert (first["rating_low"] < first["rating"]).all()
    assert (first["rating"] < first["rating_high"]).all()
    assert first["rating"].sum() == pytest.approx(0, abs=1e-6)
    assert list(first["games"]) == [200 * 8, 200 * 4, 200 * 4]


def test_rating_order_on_synthetic_tables_with_a_known_order():
    # Three variants a step of 15 points apart; at 80 seeds the order should nearly always show.
    rng = np.random.default_rng(7)
    right = 0
    for _ in range(10):
        seats = _seats(*_games(rng, 80, effects={"a": 15.0, "b": 0.0, "c": -15.0},
                               lineup=("a", "b", "c", "b")))
        ratings = standings(seats).set_index("variant")["rating"]
        right += ratings["a"] > ratings["b"] > ratings["c"]
    assert right >= 9


def test_bradley_terry_recovers_known_strengths():
    strength = np.log([4.0, 2.0, 1.0])
    share = 1 / (1 + np.exp(strength[None, :] - strength[:, None]))  # P(i above j)
    wins = 1000 * share * (1 - np.eye(3))
    fitted = bradley_terry(wins, prior_tie=0)
    assert fitted == pytest.approx(strength - strength.mean(), abs=1e-6)
    # Batches fit separately, and a variant that always wins stays finite with the prior.
    batch = bradley_terry(np.stack([wins, np.array([[0, 9, 9], [0, 0, 5], [0, 5, 0]])]))
    assert batch.shape == (2, 3) and np.isfinite(batch).all()
    assert batch[0] == pytest.approx(fitted, abs=0.01)
    assert ELO * math.log(10) == pytest.approx(400)


def test_bradley_terry_on_two_variants_is_the_log_odds_with_half_a_tie_each_way():
    # Two variants: the fit is their odds of placing above, split evenly around 0. The prior's
    # one tied comparison is half a win to each.
    half_log_odds = 0.5 * math.log(3.5 / 1.5)
    assert bradley_terry(np.array([[0, 3], [1, 0]])) == pytest.approx(
        [half_log_odds, -half_log_odds], abs=1e-9)
    assert bradley_terry(np.array([[0, 3], [1, 0]]), prior_tie=4) == pytest.approx(
        [0.5 * math.log(5 / 3), -0.5 * math.log(5 / 3)], abs=1e-9)
    # A variant that always placed above keeps a finite lead: odds of 5.5 to 0.5.
    assert bradley_terry(np.array([[0, 5], [0, 0]]))[0] == pytest.approx(0.5 * math.log(11))
    # Each variant above the next three times in four, round a cycle: all level.
    cycle = np.array([[0, 3, 1], [1, 0, 3], [3, 1, 0]])
    assert bradley_terry(cycle) == pytest.approx([0, 0, 0], abs=1e-9)


def _two_variant_walls():
    """Two walls of one game each, seats a,b,a,b: on w-0 the a seats place 1 and 2 (a above b in
    all four of their comparisons), on w-1 they place 1 and 3 (three of four)."""
    rows = []
    for wall, a_places in (("w-0", (1, 2)), ("w-1", (1, 3))):
        b_places = sorted({1, 2, 3, 4} - set(a_places))
        for seat, (variant, place) in enumerate(zip("abab", (a_places[0], b_places[0],
                                                              a_places[1], b_places[1]))):
            rows.append({"seed": wall, "lineup": "a,b,a,b", "seat": seat, "variant": variant,
                         "points": 50 - 20 * place, "place": place})
    return pd.DataFrame(rows)


def test_the_rating_and_its_bootstrap_interval_by_hand_on_two_walls():
    # a placed above b 7 times in 8 and below once; with the prior's half win each way the
    # rating is half the log odds 7.5 / 1.5 on the Elo scale, b's its negative.
    table = standings(_two_variant_walls()).set_index("variant")
    assert table.loc["a", "rating"] == pytest.approx(ELO / 2 * math.log(7.5 / 1.5))
    assert table.loc["b", "rating"] == pytest.approx(-table.loc["a", "rating"])
    # Resampling two walls gives w-0 twice (8 to 0), w-1 twice (6 to 2) or one of each; from two
    # walls the expanded tail is about 1e-72, so the interval runs from the worst resample
    # to the best of the 4000.
    low, high = ELO / 2 * math.log(6.5 / 2.5), ELO / 2 * math.log(8.5 / 0.5)
    assert table.loc["a", ["rating_low", "rating_high"]].tolist() == pytest.approx([low, high])
    assert table.loc["b", ["rating_low", "rating_high"]].tolist() == pytest.approx([-high, -low])


def test_the_printed_table_shows_intervals_ratings_and_contrasts():
    from mjsim.tournament.text import format_standings

    seats = _seats(*_games(np.random.default_rng(8), 12))
    table = standings(seats)
    text = format_standings(table, contrasts(seats, order=list(table["variant"])))
    lines = text.splitlines()
    assert "rating" in lines[0] and "Bradley-Terry" in text
    row = table.iloc[0]
    assert f"[{row.place_low:.2f}, {row.place_high:.2f}]" in lines[1]
    assert [line.split()[:3] for line in lines if line.split()[1:2] == ["over"]] == [
        ["a", "over", "b"], ["a", "over", "c"], ["b", "over", "c"]]


def _priced(rng, seeds, walls_per_game, effect=20.0, luck=150.0, noise=40.0):
    """A pricing run's seats: per seed a control game of four baselines "B" and four games with
    the challenger "C" in seat 0, 1, 2, 3. Seat luck is a wall's: the games of a seed share it
    (``walls_per_game=False``), or each game has a wall of its own (an unpaired design)."""
    games = 5
    luck_draws = rng.normal(0, luck, (seeds, games if walls_per_game else 1, 4))
    points = (np.broadcast_to(luck_draws, (seeds, games, 4))
              + rng.normal(0, noise, (seeds, games, 4)))
    variants = np.full((games, 4), "B")
    for seat in range(4):
        variants[seat + 1, seat] = "C"
    points = points + effect * (variants == "C")
    points = np.round(points - points.mean(axis=2, keepdims=True), 6)
    return pd.DataFrame({
        "seed": np.repeat([f"w-{i}" for i in range(seeds)], games * 4),
        "lineup": np.tile(np.repeat([",".join(row) for row in variants], 4), seeds),
        "seat": np.tile(np.arange(4), games * seeds), "variant": np.tile(variants.ravel(), seeds),
        "points": points.ravel()})


def test_unpaired_baseline_predicts_both_designs_variances_and_credits_the_seat_swap():
    from mjsim.tournament import pricing

    rng = np.random.default_rng(9)
    paired, unpaired = [], []
    for _ in range(300):
        paired.append(unpaired_baseline(_priced(rng, 12, False), "B").iloc[0])
        unpaired.append(unpaired_baseline(_priced(rng, 12, True), "B").iloc[0]["points"])
    paired_frame = pd.DataFrame(paired)
    # Each design's SE matches the spread of its estimates over replicate runs (the variance of
    # a variance estimate over 300 runs is known to about 10%).
    assert np.var(paired_frame["points"], ddof=1) / np.mean(paired_frame["se_paired"] ** 2) \
        == pytest.approx(1, abs=0.2)
    assert np.var(unpaired, ddof=1) / np.mean(paired_frame["se_unpaired"] ** 2) \
        == pytest.approx(1, abs=0.2)
    # Shared walls with the challenger in every seat cancel the seat luck: a large saving, and
    # the control game's seats sum to zero, so subtracting it changes nothing.
    assert paired_frame["variance_reduction"].median() > 5
    assert (paired_frame["control_change"] < 1e-5).all()
    # The pricing estimate reports the same honest unpaired SE and the same price.
    seats = _priced(np.random.default_rng(10), 200, False)
    priced = pricing.estimate(pricing.paired_differences(seats, "B"), "C", "B")
    honest = unpaired_baseline(seats, "B").iloc[0]
    assert priced.unpaired_se == pytest.approx(honest["se_unpaired"])
    assert priced.variance_reduction == pytest.approx(honest["variance_reduction"])
    assert honest["points"] == pytest.approx(priced.mean)


def test_a_table_run_writes_and_reads_back_its_standings_and_contrasts(tmp_path):
    from mjsim.tournament import summaries, table

    report = table("2,1,1,2", tmp_path, walls=2, quiet=True)
    assert (tmp_path / "contrasts.csv").exists()
    loaded = summaries.load(tmp_path)
    assert list(loaded.contrasts["variant"]) == list(report.standings["variant"])[:1]
    pd.testing.assert_frame_equal(loaded.contrasts, report.contrasts, check_dtype=False)
    pd.testing.assert_frame_equal(loaded.standings, report.standings, check_dtype=False)


def test_tied_seats_share_their_places_and_a_tie_for_first_shares_it():
    """Botzone's table: a drawn game leaves all four level, a self-drawn win three. A seat that
    never won has no first place to itself: a four-way tie for first is a quarter each."""
    games = {"s-0": {"a": 0, "b": 0, "c": 0, "d": 0}, "s-1": {"a": 9, "b": -3, "c": -3, "d": -3},
             "s-2": {"a": 8, "b": 8, "c": -8, "d": -8}}
    seats = pd.DataFrame([{"seed": seed, "lineup": "a,b,c,d", "seat": seat, "variant": variant,
                           "points": points, "place": 0}
                          for seed, game in games.items()
                          for seat, (variant, points) in enumerate(game.items())])
    table = standings(seats).set_index("variant")
    assert table["place"].to_dict() == pytest.approx(
        {"a": (2.5 + 1 + 1.5) / 3, "b": (2.5 + 3 + 1.5) / 3, "c": (2.5 + 3 + 3.5) / 3,
         "d": (2.5 + 3 + 3.5) / 3})
    assert table["first_rate"].to_dict() == pytest.approx(
        {"a": (1 / 4 + 1 + 1 / 2) / 3, "b": (1 / 4 + 1 / 2) / 3, "c": 1 / 12, "d": 1 / 12})
    assert table["first_rate"].sum() == pytest.approx(1)  # one first place a game
    assert places([9, -3, -3, -3]) == list(shared_places(seats[seats["seed"] == "s-1"]))


def _plain_wilson(successes, trials, z=1.959963984540054):
    """The textbook Wilson score interval (Wilson 1927), written out here on its own."""
    p = successes / trials
    centre = (p + z * z / (2 * trials)) / (1 + z * z / trials)
    half = z / (1 + z * z / trials) * math.sqrt(p * (1 - p) / trials + z * z / (4 * trials ** 2))
    return centre - half, centre + half


def _agreeing_walls():
    """Three walls of the rotated table a,b,c,d on which each variant is first exactly once (30
    points, the others -10 each, sharing the places 2 to 4)."""
    rows = []
    for wall in range(3):
        for rotation in range(4):
            lineup = [("a", "b", "c", "d")[(seat + rotation) % 4] for seat in range(4)]
            winner = ("a", "b", "c", "d")[rotation]  # each variant first once a wall
            for seat, variant in enumerate(lineup):
                rows.append({"seed": f"w-{wall}", "lineup": ",".join(lineup), "seat": seat,
                             "variant": variant, "place": 0,
                             "points": 30 if variant == winner else -10})
    return standings(pd.DataFrame(rows)).set_index("variant")


def test_walls_that_agree_exactly_count_no_more_games_than_were_played():
    """b first exactly once on each wall: the walls' shares do not vary, which once gave a design
    effect of 1/n and an interval from 144 'games'. The interval is the plain Wilson interval of
    3 firsts in the 12 games played."""
    table = _agreeing_walls()
    assert table.loc["b", "games"] == 12 and table.loc["b", "first_rate"] == 0.25
    low, high = _plain_wilson(3, 12)
    assert (low, high) == pytest.approx((0.0889, 0.5323), abs=5e-5)  # the textbook figures
    assert table.loc["b", ["first_rate_low", "first_rate_high"]].tolist() == pytest.approx(
        [low, high])


def test_walls_that_agree_exactly_give_no_place_or_rating_interval():
    # b's place is 2.5 on every wall (1 once, a shared 3 thrice), and every wall's placings are
    # alike: resampled walls give no spread, and the intervals [2.5, 2.5] and [+0, +0] it
    # printed claimed the place and the rating exactly.
    table = _agreeing_walls()
    assert table.loc["b", "place"] == 2.5
    assert table[["place_low", "place_high", "rating_low", "rating_high"]].isna().all().all()


def test_a_first_place_interval_is_never_narrower_than_its_games_alone_give(replicates):
    # A rotated table's walls often agree more than independent games would; that is not
    # enough, from ten walls, to claim more games than were played.
    for table, _ in replicates:
        for row in table.itertuples():
            low, high = _plain_wilson(row.first_rate * row.games, row.games)
            assert row.first_rate_low <= low + 1e-12 and row.first_rate_high >= high - 1e-12


def test_a_variant_seated_twice_is_said_to_count_seats_not_games():
    """a sits in two seats of every game of a,a,b,c: its 'games' are its seats (twice the
    games), and its first-place rate a share of them; the table once said 'games' alone."""
    from mjsim.tournament.text import format_standings

    seats = _seats(*_games(np.random.default_rng(12), 5))
    table = standings(seats)
    played = seats.groupby(["seed", "lineup"]).ngroups  # 5 walls of 4 rotations: 20
    assert played == 20 and table.set_index("variant").loc["a", "games"] == 2 * played
    text = " ".join(format_standings(table).split())
    assert (f"games: the seats a variant held, {played} games in all (a sat in more than one "
            "seat of a game, and counts each); first: the share of those seats that placed "
            "first") in text
    once = _seats(*_games(np.random.default_rng(12), 5, effects={**EFFECTS, "d": 0.0},
                          lineup=("a", "b", "c", "d")))
    assert "the seats a variant held" not in format_standings(standings(once))


def test_two_variants_seated_twice_are_named_as_two():
    # Read "(b, a sat in more than one seat of a game, and counts each)".
    from mjsim.tournament.text import format_standings

    seats = _seats(*_games(np.random.default_rng(12), 5, lineup=("a", "a", "b", "b")))
    text = " ".join(format_standings(standings(seats)).split())
    named = " and ".join(standings(seats)["variant"])
    assert f"({named} sat in more than one seat of a game, and count each)" in text


def test_a_variant_alone_in_every_seat_has_no_first_place_interval():
    # Seen: 'mjsim table 3,3,3,3' printed first 25% [7%, 59%], an interval around a share the
    # rules fix: one of its four seats places first in every game.
    rows = [{"seed": f"w-{wall}", "lineup": "a,a,a,a", "seat": seat, "variant": "a",
             "place": 0, "points": 30 if seat == wall else -10}
            for wall in range(3) for seat in range(4)]
    table = standings(pd.DataFrame(rows))
    assert table["first_rate"].tolist() == [0.25] and table["games"].tolist() == [12]
    assert table[["first_rate_low", "first_rate_high"]].isna().all().all()
    # Nobody to place above: the rating is the scale's centre, with no interval.
    assert table["rating"].tolist() == [0]
    assert table[["rating_low", "rating_high"]].isna().all().all()


def test_a_bound_that_rounds_to_zero_reads_as_zero_not_minus_zero():
    # Seen: 'mjsim table 3,2,1,3-defence --format competition' printed a rating of +14 [ -0, +32]:
    # the bound was -1e-10, the centred ratings of resamples that placed every variant alike.
    from mjsim.tournament.text import format_standings
    row = {"variant": "a", "games": 8, "seeds": 2, "points": -1e-9, "points_low": -1e-9,
           "points_high": 2.0, "place": 2.5, "place_low": 2.0, "place_high": 3.0,
           "first_rate": 0.25, "first_rate_low": 0.1, "first_rate_high": 0.5,
           "rating": 14.2, "rating_low": -1e-10, "rating_high": 32.0}
    text = format_standings(pd.DataFrame([row]))
    assert "-0" not in text and "+0.0 [+0.0, +2.0]" in text and "[ +0, +32]" in text
    # A paired contrast's value too, as its interval's ends already were.
    contrast = {"variant": "a", "versus": "b", "points": -1e-9, "points_low": -1e-9,
                "points_high": 2.0, "p_bh": 0.5, "seeds": 2}
    text = format_standings(pd.DataFrame([row]), pd.DataFrame([contrast]))
    assert "-0" not in text and "a over b" in text.splitlines()[-1]
    assert text.splitlines()[-1].split()[3:6] == ["+0.0", "[+0.0,", "+2.0]"]


def _fouling_table(fouls):
    """Two seeds of one game each, a, a, b, c seated, with points that order them a, b, c, a."""
    return pd.DataFrame({
        "seed": ["s0"] * 4 + ["s1"] * 4, "lineup": ["a,a,b,c"] * 8,
        "seat": [0, 1, 2, 3] * 2, "variant": ["a", "a", "b", "c"] * 2,
        "points": [30, -20, 10, -20, 25, -15, 5, -15], "fouls": fouls})


def test_fouls_are_summed_and_a_game_with_any_is_one_fouled_game():
    table = standings(_fouling_table([2, 0, 1, 0, 0, 3, 0, 0])).set_index("variant")
    assert table["fouls"].to_dict() == {"a": 5, "b": 1, "c": 0}
    assert table["fouled_games"].to_dict() == {"a": 2, "b": 1, "c": 0}


@pytest.mark.parametrize("fouls", [None, [math.nan] * 8])
def test_a_table_made_before_fouls_were_counted_has_none(fouls):
    seats = _fouling_table([0] * 8)
    seats = seats.drop(columns="fouls") if fouls is None else seats.assign(fouls=fouls)
    table = standings(seats)
    assert (table["fouls"] == 0).all() and (table["fouled_games"] == 0).all()


def test_two_values_have_a_t_interval_on_one_degree_of_freedom():
    # One degree of freedom is the Cauchy distribution: quantiles and tails in closed form.
    mean, low, high, p = t_interval(np.array([1.0, 3.0]))  # standard error 1
    half = math.tan(math.pi * 0.475)
    assert (mean, low, high) == pytest.approx((2.0, 2.0 - half, 2.0 + half))
    assert p == pytest.approx(1 - 2 * math.atan(2.0) / math.pi)


@pytest.mark.parametrize("trials", [7, 10, 100, 1000])
def test_a_rate_of_0_or_1_has_that_bound_exactly_and_one_success_has_its_own(trials):
    # The formula misses 0 and 1 by a rounding error at these trial counts.
    assert wilson(0.0, trials)[0] == 0.0 and wilson(trials, trials)[1] == 1.0
    for successes in (1, trials - 1):
        assert wilson(successes, trials) == pytest.approx(_plain_wilson(successes, trials))


def test_one_seed_or_a_variant_never_first_counts_its_games_as_they_are():
    # One seed has no spread to estimate a design effect from, and a rate of 0 none at all:
    # both get the plain Wilson interval on the games played.
    one_seed = standings(_seats(*_games(np.random.default_rng(5), 1)))
    never_first = standings(_seats(*_games(np.random.default_rng(6), 6,
                                           effects={"a": 10.0, "b": 0.0, "c": -900.0})))
    for row in (*one_seed.itertuples(), *never_first[never_first["variant"] == "c"].itertuples()):
        low, high = _plain_wilson(row.first_rate * row.games, row.games)
        assert (row.first_rate_low, row.first_rate_high) == pytest.approx(
            (max(low, 0.0), high), abs=1e-12)
    assert never_first.set_index("variant").loc["c", "first_rate"] == 0


def _swinging_seeds():
    """Six seeds on which c places first in every game or in none: its firsts cluster by seed."""
    tables = []
    for i, effect in enumerate((300.0, -300.0) * 3):
        seats = _seats(*_games(np.random.default_rng(20 + i), 1, effects={**EFFECTS, "c": effect}))
        tables.append(seats.assign(seed=f"w{i}"))
    return pd.concat(tables, ignore_index=True)


def test_seeds_a_variant_sat_out_leave_its_figures_alone():
    # c's first-place interval, widened by its seeds' spread, counts the seeds it played.
    seats = _swinging_seeds()
    others = _seats(*_games(np.random.default_rng(8), 5, lineup=("a", "a", "b", "b")))
    alone, joined = (standings(table).set_index("variant").loc["c"]
                     for table in (seats, pd.concat([seats, others], ignore_index=True)))
    columns = ["games", "seeds", "points", "points_low", "points_high", "first_rate",
               "first_rate_low", "first_rate_high"]
    assert joined[columns].to_dict() == pytest.approx(alone[columns].to_dict())
    plain_low, plain_high = _plain_wilson(alone["first_rate"] * alone["games"], alone["games"])
    assert alone["first_rate_high"] - alone["first_rate_low"] > plain_high - plain_low


def test_firsts_clustered_by_seed_count_as_kish_and_korn_graubard_say():
    # c takes all four firsts of a seed or none, on six seeds of four games each: rate 1/2,
    # residuals of 2 a seed. Kish: 6/5 * 6 * 2**2 / 24**2 over (1/4) / 24, times (t5/z)^2.
    table = standings(_swinging_seeds()).set_index("variant").loc["c"]
    assert (table["games"], table["first_rate"]) == (24, 0.5)
    z = stats.norm.ppf(0.975)
    design_effect = (6 / 5 * 6 * 4 / 24**2) / (0.25 / 24) * (stats.t.ppf(0.975, 5) / z) ** 2
    effective = 24 / design_effect
    assert (table["first_rate_low"], table["first_rate_high"]) == pytest.approx(
        _plain_wilson(effective / 2, effective, z))


@pytest.mark.parametrize("seeds", [3, 5, 12])
def test_the_bootstrap_percentiles_are_taken_at_hesterbergs_expanded_tail(seeds):
    from mjsim.tournament.rankings import _percentile

    # On a uniform grid the q-quantile is q: the bounds are the tail itself.
    t = stats.t.ppf(0.975, seeds - 1)
    tail = stats.norm.cdf(-math.sqrt(seeds / (seeds - 1)) * t)
    low, high = _percentile(np.linspace(0.0, 1.0, 2_000_001), seeds)
    assert (low, high) == pytest.approx((tail, 1 - tail), abs=1e-6)
