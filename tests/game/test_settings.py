"""One frozen record of a game's settings, parsed once and handed down (mjsim.game.settings)."""

import dataclasses
import re
from pathlib import Path

import numpy as np
import pytest

from mjsim.game.settings import (
    CPU_LIMIT,
    MAX_FOULS,
    MEMORY_LIMIT,
    MOST_CPU,
    MOST_MEMORY,
    TIME_LIMIT,
    Limits,
    Settings,
    settings_of,
)
from mjsim.players import driver, loop
from mjsim.players.rungs import Rung
from mjsim.scoring.elements import RULESETS
from mjsim.tournament import records

README = Path(__file__).resolve().parents[2] / "README.md"


def test_the_record_is_frozen_and_holds_the_ruleset_as_an_index():
    settings = Settings("gb-mahjong", "botzone", 5, 2)
    assert settings.index == RULESETS.index("gb-mahjong")
    assert settings.manifest() == {"ruleset": "gb-mahjong", "table": "botzone", "penalty": 5,
                                   "max_fouls": 2,
                                   "limits": {"time_limit": TIME_LIMIT,
                                              "memory_limit": MEMORY_LIMIT,
                                              "cpu_limit": CPU_LIMIT, "sandbox": False}}
    assert Settings.from_manifest(settings.manifest()) == settings
    assert Settings.from_manifest({"ruleset": "green-book"}) == Settings()
    limited = Settings(limits=Limits(time_limit=1.5, cpu_limit="30"))
    assert Settings.from_manifest(limited.manifest()) == limited
    assert limited.limits.options() == {"time_limit": 1.5, "memory_limit": MEMORY_LIMIT,
                                        "cpu_limit": 30.0, "sandbox": False}
    with pytest.raises(dataclasses.FrozenInstanceError):
        settings.table = "mcr"  # type: ignore[misc]
    assert (Settings().penalty, Settings().max_fouls) == (driver.PENALTY, MAX_FOULS)
    said = re.search(r"A player that fouls (\w+) hands in a row", README.read_text())
    assert said, "the README says how many fouls in a row stop a run"
    assert MAX_FOULS == ["one", "two", "three", "four", "five"].index(said.group(1)) + 1


@pytest.mark.parametrize(("fields", "error", "message"), [
    ({"ruleset": "nope"}, ValueError, "no ruleset 'nope'"),
    ({"table": "nope"}, ValueError, "the tables are mcr, botzone, not 'nope'"),
    ({"penalty": -1}, ValueError, "^penalty is a whole number at least 0, not -1$"),
    ({"penalty": 2.5}, TypeError, "^penalty is a whole number, not 2.5$"),
    ({"penalty": True}, TypeError, "^penalty is a whole number, not a bool"),
    ({"max_fouls": 0}, ValueError, "^max_fouls is a whole number at least 1, not 0$"),
    ({"max_fouls": 2.0}, TypeError, "^max_fouls is a whole number, not 2.0$"),
])
def test_bad_settings_are_refused_in_one_line(fields, error, message):
    with pytest.raises(error, match=message):
        Settings(**fields)


def test_settings_take_numpy_whole_numbers_as_plain_ints():
    settings = Settings(penalty=np.int64(4), max_fouls=np.int8(2))
    assert (settings.penalty, settings.max_fouls) == (4, 2)
    assert (type(settings.penalty), type(settings.max_fouls)) == (int, int)


@pytest.mark.parametrize(("fields", "message"), [
    ({"time_limit": 0}, "a time limit is a positive number of seconds up to 31,536,000, not 0"),
    ({"memory_limit": "lots"}, "a memory limit is a positive number of MiB up to 1,048,576"),
    ({"cpu_limit": True}, "a CPU limit is a number of seconds from 1 up to 31,536,000, not True"),
    ({"cpu_limit": 0.5}, "a CPU limit is a number of seconds from 1 up to 31,536,000, not 0.5"),
    ({"time_limit": float("nan")}, "a time limit is a positive number of seconds"),
])
def test_bad_limits_are_refused_in_one_line(fields, message):
    with pytest.raises(ValueError, match=message):
        Limits(**fields)


def test_a_limit_may_be_its_least_and_its_largest_but_no_further():
    assert Limits(time_limit=MOST_CPU, memory_limit=MOST_MEMORY, cpu_limit=MOST_CPU) == \
        Limits(MOST_CPU, MOST_MEMORY, MOST_CPU)
    assert Limits(cpu_limit=1).cpu_limit == 1.0  # the least a CPU limit is, whole seconds
    assert Limits(time_limit=0.001, memory_limit=0.5).memory_limit == 0.5  # any above 0
    for name, most in [("time_limit", MOST_CPU), ("memory_limit", MOST_MEMORY),
                       ("cpu_limit", MOST_CPU)]:
        with pytest.raises(ValueError, match=f" up to {most:,.0f}, not "):
            Limits(**{name: most * 1.001})


@pytest.mark.parametrize(("given", "sandbox"), [
    (True, True), (False, False), ("yes", True), (" True ", True), ("1", True), (1, True),
    ("no", False), ("FALSE", False), ("0", False), (0, False)])
def test_a_sandbox_switch_is_read_from_its_words(given, sandbox):
    limits = Limits(sandbox=given)
    assert limits.sandbox is sandbox
    assert limits.overridden({"sandbox": given}).sandbox is sandbox


@pytest.mark.parametrize("given", ["maybe", "", 2, 1.0, None])
def test_a_sandbox_that_is_no_switch_is_refused(given):
    with pytest.raises(ValueError, match=r"^sandbox is 1 or 0 \(yes or no, true or false\), not "
                                         f"{re.escape(repr(given))}$"):
        Limits(sandbox=given)


def test_the_limits_are_frozen_too():
    with pytest.raises(dataclasses.FrozenInstanceError):
        Limits().time_limit = 1.0  # type: ignore[misc]


@pytest.mark.parametrize("limits", [{"time": 1}, [1, 2], "6"])
def test_a_manifests_limits_that_do_not_parse_are_refused_in_one_line(limits):
    with pytest.raises(ValueError,
                       match="limits are time_limit, memory_limit, cpu_limit, sandbox by name"):
        Settings.from_manifest({"ruleset": "green-book", "limits": limits})


def test_a_spec_sets_its_own_limits_over_the_runs():
    run = Limits(time_limit=2, memory_limit=512)
    assert run.overridden({"time_limit": "0.5", "io": "simple"}) == Limits(0.5, 512, CPU_LIMIT)
    assert run.overridden({}) == run


def test_the_record_or_its_keywords_but_never_both():
    assert settings_of(None, ruleset="gb-mahjong", penalty=None) == Settings("gb-mahjong")
    assert settings_of(Settings(table="botzone")) == Settings(table="botzone")
    with pytest.raises(ValueError, match="give settings= or ruleset=, not both"):
        settings_of(Settings(), ruleset="gb-mahjong")


def test_the_loop_and_the_driver_take_the_record_and_play_the_same_game():
    players = [Rung(3), Rung(2), Rung(1), Rung(3)]
    settings = Settings("gb-mahjong", "botzone")
    by_keywords = driver.play("s", players, ruleset="gb-mahjong", table="botzone")
    assert driver.play("s", players, settings=settings).history == by_keywords.history
    assert loop.play("s", players, settings=settings).history == by_keywords.history


def test_the_loop_no_longer_drops_the_foul_settings_unchecked():
    """It used to pop penalty and max_fouls from its keywords, unread: now they are parsed into
    the game's settings like every other (they never come into play, as nobody fouls)."""
    players = [Rung(1)] * 4
    assert loop.play("s", players, penalty=4, max_fouls=1, last_hand=1).history
    with pytest.raises(ValueError, match="^penalty is a whole number at least 0, not -1$"):
        loop.play("s", players, penalty=-1, last_hand=1)


def test_a_games_records_take_the_settings_or_the_ruleset_alone():
    lineup = ("2", "1", "1", "2")
    by_name = records.play_game("r", lineup, "gb-mahjong")
    assert records.play_game("r", lineup, settings=Settings("gb-mahjong")) == by_name
    botzone = records.play_game("r", lineup, settings=Settings("gb-mahjong", "botzone", 5, 2))
    assert len(botzone.hands) == 4 < len(by_name.hands)  # one hand, not sixteen
    with pytest.raises(ValueError, match="not both"):
        records.play_game("r", lineup, "gb-mahjong", settings=Settings("gb-mahjong"))


def test_a_ruleset_name_is_parsed_at_the_edges_by_one_function_into_its_index():
    from mjsim.analysis.legal import legal_search
    from mjsim.learn.vector import VectorGames
    from mjsim.scoring.elements import ruleset_index
    from mjsim.tiles.hand import Hand

    assert [ruleset_index(name) for name in RULESETS] == list(range(len(RULESETS)))
    assert [Settings(name).index for name in RULESETS] == list(range(len(RULESETS)))
    counts = Hand.parse("123m 456p 789s 234s 5m").counts
    for refuse in (lambda: ruleset_index("nope"), lambda: VectorGames(1, ruleset="nope"),
                   lambda: legal_search(counts, ruleset="nope")):
        with pytest.raises(ValueError, match=r"^no ruleset 'nope'; the rulesets are "):
            refuse()
