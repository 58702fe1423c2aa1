"""One frozen record of a game's settings, parsed once and handed down (mjsim.game.settings)."""

import dataclasses

import pytest

from mjsim.game.settings import MAX_FOULS, Settings, settings_of
from mjsim.players import driver, loop
from mjsim.players.rungs import Rung
from mjsim.scoring.elements import RULESETS
from mjsim.tournament import records


def test_the_record_is_frozen_and_holds_the_ruleset_as_an_index():
    settings = Settings("gb-mahjong", "botzone", 5, 2)
    assert settings.index == RULESETS.index("gb-mahjong")
    assert settings.manifest() == {"ruleset": "gb-mahjong", "table": "botzone", "penalty": 5,
                                   "max_fouls": 2}
    assert Settings.from_manifest(settings.manifest()) == settings
    assert Settings.from_manifest({"ruleset": "green-book"}) == Settings()
    with pytest.raises(dataclasses.FrozenInstanceError):
        settings.table = "mcr"  # type: ignore[misc]
    assert (Settings().penalty, Settings().max_fouls) == (driver.PENALTY, MAX_FOULS)


@pytest.mark.parametrize(("fields", "message"), [
    ({"ruleset": "nope"}, "no ruleset 'nope'"),
    ({"table": "nope"}, "the tables are mcr, botzone, not 'nope'"),
    ({"penalty": -1}, "a foul's penalty: a whole number, at least 0, not -1"),
    ({"penalty": 2.5}, "a foul's penalty: a whole number, at least 0, not 2.5"),
    ({"max_fouls": 0}, "max_fouls (fouls in a row that stop a game): a whole number, at least 1"),
])
def test_bad_settings_are_refused_in_one_line(fields, message):
    with pytest.raises(ValueError, match=message.replace("(", r"\(").replace(")", r"\)")):
        Settings(**fields)


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
    with pytest.raises(ValueError, match="a foul's penalty"):
        loop.play("s", players, penalty=-1, last_hand=1)


def test_a_games_records_take_the_settings_or_the_options():
    lineup = ("2", "1", "1", "2")
    with_options = records.play_game("r", lineup, "gb-mahjong",
                                     options=records.GameOptions("botzone", 5, 2))
    settings = records.GameOptions("botzone", 5, 2).settings("gb-mahjong")
    assert records.play_game("r", lineup, settings=settings) == with_options
    with pytest.raises(ValueError, match="not both"):
        records.play_game("r", lineup, "gb-mahjong", settings=settings)


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
