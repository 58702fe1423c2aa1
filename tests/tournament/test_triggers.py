"""Trigger rates: how often switching an idea off changes the challenger's move."""

import math
from typing import Any

import pandas as pd
import pytest

from mjsim.game.moves import Move
from mjsim.players import Foul, Rung, View
from mjsim.players.compare import Shadowed
from mjsim.players.driver import play
from mjsim.tournament import RunFolder, play_game, run
from mjsim.tournament.records import COLUMNS
from mjsim.tournament.schedule import challenger_games, per_wall, wall_seeds
from mjsim.tournament.triggers import shadows, trigger_rows, trigger_words, with_triggers

IDEAS = ("shanten", "claims", "defence", "planning")
CHALLENGERS = [f"3-{idea}" for idea in IDEAS]


class Listener:
    """Rung 3 keeping a log of what it hears; fouls on every event when ``loud``."""

    def __init__(self, loud: bool = False) -> None:
        self.rung, self.loud, self.heard = Rung(3), loud, 0
        self.name = "listener"

    def act(self, view: View) -> Move | None:
        return self.rung.act(view)

    def observe(self, event: dict[str, Any]) -> None:
        self.heard += 1
        if self.loud:
            raise Foul("shouts")


def test_a_shadow_that_is_the_player_itself_never_changes_a_move() -> None:
    shadowed = Shadowed(Rung(3), Rung(3))
    play(b"same", [shadowed, Rung(3), Rung(3), Rung(3)], last_hand=4)
    assert shadowed.decisions > 50 and shadowed.changed == 0


def test_shadows_do_not_change_the_game_and_other_seats_count_nothing() -> None:
    lineup = ("3", "3-defence", "3", "3-shanten")
    plain = play_game("shadow", lineup)
    shadowed = play_game("shadow", lineup,
                         shadows=tuple(shadows("3", CHALLENGERS).items()))
    assert shadowed.hands == plain.hands and shadowed.fans == plain.fans
    strip = ["decisions", "changed"]
    assert ([{k: v for k, v in row.items() if k not in strip} for row in shadowed.seats]
            == [{k: v for k, v in row.items() if k not in strip} for row in plain.seats])
    assert [(row["decisions"], row["changed"]) for row in plain.seats] == [(0, 0)] * 4
    counts = [(row["decisions"], row["changed"]) for row in shadowed.seats]
    assert counts[0] == counts[2] == (0, 0)
    assert counts[1][0] > 0 and counts[3][1] > 0
    assert list(pd.DataFrame(shadowed.seats).columns) == COLUMNS["seats"]
    again = play_game("shadow", lineup, shadows=(("3-defence", "3"), ("3-shanten", "3")))
    assert again.seats == shadowed.seats  # deterministic


def test_the_shadow_hears_the_hooks_and_its_fouls_do_not_count() -> None:
    quiet, loud = Listener(), Listener(loud=True)
    shadowed = Shadowed(Rung(3), loud)
    game = play(b"hooks", [shadowed, Rung(3), Rung(3), Rung(3)], last_hand=2)
    assert loud.heard > 0 and all(row.get("foul") is None for row in game.history)
    assert not hasattr(Shadowed(Rung(3), Rung(3)), "observe")  # the driver's lean path stays
    shadowed = Shadowed(Rung(3), quiet)
    play(b"hooks", [shadowed, Rung(3), Rung(3), Rung(3)], last_hand=2)
    assert quiet.heard == loud.heard and shadowed.changed == 0


def test_defence_triggers_rarely_and_shanten_often(tmp_path: Any) -> None:
    batches = per_wall(wall_seeds("triggers", 2), challenger_games("3", CHALLENGERS))
    tables = run(batches, tmp_path / "run", backend="sequential", quiet=True,
                 shadows=shadows("3", CHALLENGERS))
    rows = trigger_rows(tables["seats"], CHALLENGERS).set_index("challenger")
    assert (rows["decisions"] > 1000).all()
    assert rows.loc["3-defence", "rate"] < 0.01
    assert rows.loc["3-shanten", "rate"] > 0.1
    assert rows.loc["3-shanten", "seeds_changed"] == rows.loc["3-shanten", "seeds"] == 2
    # Baseline seats count nothing.
    seats = tables["seats"]
    assert (seats.loc[seats["variant"] == "3", ["decisions", "changed"]] == 0).all().all()
    manifest = RunFolder(tmp_path / "run").manifest() or {}
    assert manifest["shadows"] == [[challenger, "3"] for challenger in sorted(CHALLENGERS)]


def test_trigger_rows_sum_per_seed_and_say_when_nothing_triggered() -> None:
    seats = pd.DataFrame({"seed": ["a", "a", "b", "b", "a"],
                          "variant": ["x", "x", "x", "x", "3"],
                          "decisions": [10, 20, 30, 40, 0], "changed": [0, 2, 0, 0, 0]})
    rows = trigger_rows(seats, ["x"]).iloc[0]
    assert (rows["decisions"], rows["changed"], rows["seeds"], rows["seeds_changed"]) == (
        100, 2, 2, 1)
    assert rows["rate"] == pytest.approx(0.02) and rows["seed_rate"] == 0.5
    nothing = trigger_rows(seats.assign(changed=0), ["x"]).iloc[0]
    assert trigger_words(nothing) == "never changed a move in 100 decisions"
    with pytest.raises(ValueError, match="without shadows"):
        trigger_rows(seats.drop(columns="changed"), ["x"])


def test_a_seed_with_one_change_counts_and_a_challenger_not_played_has_no_rate() -> None:
    seats = pd.DataFrame({"seed": ["a", "b", "c"], "variant": ["x", "x", "x"],
                          "decisions": [10, 20, 30], "changed": [1, 0, 5]})
    rows = trigger_rows(seats, ["x", "absent"]).set_index("challenger")
    assert (rows.loc["x", "seeds"], rows.loc["x", "seeds_changed"]) == (3, 2)
    absent = rows.loc["absent"]
    assert (absent["decisions"], absent["changed"], absent["seeds"]) == (0, 0, 0)
    assert math.isnan(absent["rate"]) and math.isnan(absent["seed_rate"])


@pytest.mark.parametrize(("changed", "share"), [(12, "1.0%"), (11, "0.92%")])
def test_a_rate_from_one_percent_is_shown_to_a_tenth_and_below_it_to_two_figures(
        changed: int, share: str) -> None:
    row = {"decisions": 1200, "changed": changed, "seeds": 20, "seeds_changed": 3}
    assert trigger_words(row) == f"changed {changed} of 1,200 decisions ({share}), on 3 of 20 seeds"


def test_with_triggers_puts_the_counts_beside_each_priced_idea() -> None:
    seats = pd.DataFrame({"seed": ["a", "a", "b", "a"], "variant": ["x", "y", "y", "3"],
                          "decisions": [10, 20, 30, 0], "changed": [0, 3, 0, 0]})
    estimates = pd.DataFrame({"name": ["X", "Y", "step"], "challenger": ["x", "y", "2"]})
    frame = with_triggers(estimates, seats)
    assert list(frame["changed"].fillna(-1)) == [0, 3, -1]
    assert list(frame["triggers"]) == ["never changed a move in 10 decisions",
                                       "changed 3 of 50 decisions (6.0%), on 1 of 2 seeds", ""]
    assert list(frame["name"]) == ["X", "Y", "step"]


def test_a_run_played_without_shadows_is_not_resumed_with_them(tmp_path: Any) -> None:
    batches = per_wall(wall_seeds("mixed", 2), challenger_games("1", ["2"]))
    run(batches, tmp_path, backend="sequential", quiet=True)
    with pytest.raises(ValueError, match="different run.*shadows"):
        run(batches, tmp_path, backend="sequential", quiet=True, shadows={"2": "1"})
