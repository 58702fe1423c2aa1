"""Fouls in a row, counted per entry across hands, games and walls in the order played: the
streaks of two stretches of play add up, and the run adds its walls' in wall order however
they finish."""

import itertools
from pathlib import Path

import pytest

from mjsim.players.driver import TooManyFouls
from mjsim.tournament.records import GameRecords, Streak, add_streaks
from mjsim.tournament.runner import _FoulsInARow


def _streak(hands: str, first: int = 0) -> Streak:
    """The streak of hands written F (fouled) and . (clean), one by one, numbered from
    ``first``."""
    total = Streak()
    for index, hand in enumerate(hands, start=first):
        total = total + (Streak(1, 1, 1, 1, f"hand {index}") if hand == "F" else Streak(1))
    return total


def _longest(hands: str) -> int:
    return max((len(run) for run in hands.split(".")), default=0)


@pytest.mark.parametrize("hands", ["", "F", ".", "FF.F", "F.FFF.", "FFFF", ".FF.FF", "F..FF"])
def test_a_streak_is_the_same_however_its_hands_are_cut(hands):
    whole = _streak(hands)
    assert whole.longest == _longest(hands) and whole.hands == len(hands)
    for cut in range(len(hands) + 1):
        assert _streak(hands[:cut]) + _streak(hands[cut:], cut) == whole


def test_the_run_counts_its_walls_in_order_whatever_order_they_finish_in():
    walls = {0: "FF", 1: "FF", 2: ".F", 3: "FF"}  # 4 in a row over walls 0-1, 3 over 2-3
    for order in itertools.permutations(walls):
        fouls = _FoulsInARow(sorted(walls), max_fouls=5)
        for wall in order:
            fouls.add(wall, {"bad": _streak(walls[wall]), "good": _streak("..")})
        assert fouls.streaks["bad"].longest == 4 and fouls.streaks["good"].longest == 0
    fouls = _FoulsInARow(sorted(walls), max_fouls=4)
    fouls.add(1, {"bad": _streak("FF")})
    with pytest.raises(TooManyFouls, match="bad fouled 4 hands in a row; the last: hand 1"):
        fouls.add(0, {"bad": _streak("FF")})


def test_a_wall_written_before_breaks_the_count():
    fouls = _FoulsInARow([0, 2], max_fouls=3)  # wall 1 was written by an earlier call
    fouls.add(0, {"bad": _streak("FF")})
    fouls.add(2, {"bad": _streak("FF")})
    assert fouls.streaks["bad"].longest == 2
    assert add_streaks({"a": _streak("F")}, {"b": _streak(".")}) == {"a": _streak("F"),
                                                                     "b": _streak(".")}


def _hands(fouling_seats: list[int]) -> GameRecords:
    """A game of bad,good,bad,ok seated in that order, hand by hand: the seat that fouled
    it, or -1 for a clean hand (a hand's four rows all name its fouling seat)."""
    lineup = ("bad", "good", "bad", "ok")
    return GameRecords(hands=[
        {"seed": "w7", "lineup": ",".join(lineup), "hand_no": hand_no, "seat": seat,
         "variant": lineup[seat], "foul_seat": fouler,
         "foul_answer": "PLAY X9" if fouler >= 0 else "",
         "foul_reason": "no such tile" if fouler >= 0 else ""}
        for hand_no, fouler in enumerate(fouling_seats, start=1) for seat in range(4)])


def test_a_games_hands_give_each_entry_its_streak_whichever_of_its_seats_fouled():
    # bad sits in seats 0 and 2: its hands are F . F F (seats 2, -, 0, 2); good fouls hand 5.
    streaks = Streak.of_game(_hands([2, -1, 0, 2, 1]), Path("run"))
    assert streaks["bad"] == Streak(5, 1, 0, 2, streaks["bad"].last)
    assert streaks["bad"].last == ("no such tile (answer 'PLAY X9'), seat 2 of bad,good,bad,ok "
                                   f"on wall w7, hand 4; its folder: {Path('run') / 'seat2'}")
    assert streaks["good"] == Streak(5, 0, 1, 1, streaks["good"].last)
    assert "seat 1" in streaks["good"].last and "hand 5" in streaks["good"].last
    assert streaks["ok"] == Streak(5) and set(streaks) == {"bad", "good", "ok"}
    # With no run folder given, the foul names none.
    assert Streak.of_game(_hands([0])).get("bad") == Streak(
        1, 1, 1, 1, "no such tile (answer 'PLAY X9'), seat 0 of bad,good,bad,ok on wall w7, hand 1")
