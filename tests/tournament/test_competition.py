"""The competition format: 24 seatings a wall, rank points 4/3/2/1 with shared places, and its
standings ranked by rank points, ties by total points."""

import math
from itertools import permutations

import pandas as pd
import pytest
from scipy import stats

from mjsim.tournament import resume, table
from mjsim.tournament.rankings import competition, rank_points
from mjsim.tournament.schedule import per_wall, seatings, wall_seeds
from mjsim.tournament.text import format_competition
from mjsim.ui.cli import main

PLAYERS = ("a", "b", "c", "d")


def test_each_wall_plays_exactly_the_24_seatings():
    batches = per_wall(wall_seeds("m", 4), seatings(PLAYERS))
    for batch in batches:
        lineups = [lineup for _, lineup in batch]
        assert len(lineups) == 24 and set(lineups) == set(permutations(PLAYERS))
        for player in PLAYERS:  # every player in every seat six times
            assert all(sum(lineup[seat] == player for lineup in lineups) == 6
                       for seat in range(4))
    with pytest.raises(ValueError, match="four different players"):
        seatings(("a", "a", "b", "c"))


def game(seed, lineup, points):
    return [{"seed": seed, "lineup": ",".join(lineup), "seat": seat, "variant": lineup[seat],
             "points": value} for seat, value in enumerate(points)]


@pytest.mark.parametrize(("points", "expected"), [
    ((10, 5, -5, -10), [4, 3, 2, 1]),
    ((10, 10, -5, -15), [3.5, 3.5, 2, 1]),       # two level first share 4 and 3
    ((30, -10, -10, -10), [4, 2, 2, 2]),         # three level last share 3, 2 and 1
    ((0, 0, 0, 0), [2.5] * 4),
    ((-8, 24, -8, -8), [2, 4, 2, 2]),
])
def test_rank_points_share_the_places_of_seats_level_on_points(points, expected):
    seats = pd.DataFrame(game("m-0", PLAYERS, points))
    assert rank_points(seats).tolist() == expected


def test_standings_rank_by_rank_points_then_total_points():
    rows = [*game("m-0", ("a", "b", "c", "d"), (10, 5, -5, -10)),   # a 4, b 3, c 2, d 1
            *game("m-0", ("b", "a", "c", "d"), (20, 1, -1, -20)),   # b 4, a 3, c 2, d 1
            *game("m-4", ("a", "b", "c", "d"), (0, 0, 0, 0))]       # a second match: 2.5 each
    standing = competition(pd.DataFrame(rows)).set_index("variant")
    # a and b have 9.5 rank points each; b's 25 points to a's 11 put it first.
    assert standing.loc["b", "place"] == 1 and standing.loc["a", "place"] == 2
    assert standing.loc["a", "rank_points"] == standing.loc["b", "rank_points"] == 9.5
    assert standing.loc["b", "points"] == 25 and standing["rank_points"].sum() == 30
    # The second match is a four-way tie on rank points and points: a quarter each.
    assert standing.loc["b", "matches_won"] == 1.25 and standing["matches_won"].sum() == 2
    assert standing.loc["a", "matches_won"] == 0.25
    assert (standing["matches"] == 2).all()


def test_players_level_on_rank_points_and_points_share_the_place_and_the_match():
    # Two identical players (an idea that never changed a move) tie on everything: the win of
    # the match was the first's by name, and their places 2 and 3 an order of names.
    rows = [*game("m-0", ("a", "b", "c", "d"), (10, 5, 5, -20)),    # a 4, b and c 2.5, d 1
            *game("m-0", ("a", "c", "b", "d"), (10, 5, 5, -20))]
    standing = competition(pd.DataFrame(rows)).set_index("variant")
    assert standing["place"].to_dict() == {"a": 1, "b": 2, "c": 2, "d": 4}
    assert standing["matches_won"].to_dict() == {"a": 1, "b": 0, "c": 0, "d": 0}
    rows = [*game("m-0", ("a", "b", "c", "d"), (5, 5, -5, -5)),
            *game("m-0", ("b", "a", "c", "d"), (5, 5, -5, -5))]
    standing = competition(pd.DataFrame(rows)).set_index("variant")
    assert standing["place"].to_dict() == {"a": 1, "b": 1, "c": 3, "d": 3}
    assert standing["matches_won"].to_dict() == {"a": 0.5, "b": 0.5, "c": 0, "d": 0}
    text = format_competition(standing.reset_index())
    assert "0.5 of 1" in text and "won 1/k by each" in text and "share a place" in text


def test_a_real_match_is_96_games_and_hands_out_10_rank_points_each(tmp_path):
    players = ("1", "2", "1?salt=1", "2-claims")
    report = table(players, tmp_path, walls=4, seed="match", schedule="competition",
                   backend="sequential", quiet=True)
    seats = report.tables["seats"]
    assert seats.groupby(["seed", "lineup"]).ngroups == 96
    assert report.competition["rank_points"].sum() == 10 * 96
    assert set(report.competition["variant"]) == set(players)
    assert report.competition["matches_won"].sum() == 1
    assert (tmp_path / "competition.csv").exists() and len(report.standings) == 4
    again = resume(tmp_path, quiet=True)   # the manifest says which schedule it played
    pd.testing.assert_frame_equal(again.competition, report.competition)


def test_the_cli_refuses_a_competition_that_is_not_whole_matches(capsys):
    assert main(["table", "1,2,1?salt=1,2-claims", "--format", "competition",
                 "--walls", "6", "--quiet"]) == 2
    assert "multiple of 4, not 6" in capsys.readouterr().err


@pytest.mark.parametrize("sums", [False, True])
def test_a_table_of_no_games_has_no_standings_to_make(sums):
    from mjsim.tournament.rankings import WALL_COLUMNS, WallSums

    seats = pd.DataFrame({column: [] for column in WALL_COLUMNS})
    with pytest.raises(ValueError, match="^no games to make standings of$"):
        competition(WallSums.of(seats) if sums else seats)


def test_the_rank_interval_is_the_t_interval_of_each_walls_rank_points_a_game():
    # Two games a wall, points in a, b, c, d order: a places 1st and 3rd on wall 0, 1st twice
    # on wall 1, 4th and 2nd on wall 2: 3, 4 and 2 rank points a game, mean 3, deviation 1.
    rows = []
    for wall, (first, second) in enumerate([((40, 10, -20, -30), (-5, 20, 5, -20)),
                                            ((40, 10, -20, -30), (40, -10, 0, -30)),
                                            ((-40, 10, 20, 10), (5, 20, -5, -20))]):
        # The second game seats them in reverse: a game is a wall's seed and lineup.
        rows += game(f"w-{wall}", PLAYERS, first) + game(f"w-{wall}", PLAYERS[::-1], second[::-1])
    mine = competition(pd.DataFrame(rows)).set_index("variant").loc["a"]
    half = stats.t.ppf(0.975, 2) / math.sqrt(3)
    assert mine["rank_per_game"] == 3
    assert (mine["rank_low"], mine["rank_high"]) == pytest.approx((3 - half, 3 + half))
