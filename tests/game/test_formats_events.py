"""The records :func:`~mjsim.game.formats.events.games_of` makes of a game log: each action
names the line (the event's number in the log) it was made on, the deal stays thirteen tiles
a seat, and a log cut short is a game without an end."""

import io
import random

from mjsim.game import gamelog
from mjsim.game.formats.events import games_of
from mjsim.game.formats.record import FLOWER, Action
from mjsim.tiles.kinds import ALL_TILES
from tests.game.test_formats import played_log, played_logs
from tests.game.test_mcr_hands import LINEUPS, played

_KINDS = {"Draw": "drew", "Play": "discard", "Chi": "chow", "Peng": "pung", "Gang": "kong",
          "Hu": "win", "BuGang": "promote", "AnGang": "kong", FLOWER: "flower"}
"""The engine's event that each verb of a record was made from."""

_CLAIMS = {"chow": "Chi", "pung": "Peng", "kong": "Gang", "win": "Hu"}
"""The record's verb for each claim the engine hears."""


def events_of(header, moves):
    """Every event of the log, in order: event ``n`` is at index ``n - 1``."""
    return [event for _, _, events, _ in gamelog.replay(header, moves) for event in events]


def assert_each_action_names_its_event(header, moves, records):
    events = events_of(header, moves)
    for record in records:
        assert record.line == 1  # a record made from a log starts on the log's first line
        assert all(len(tiles) == 13 for tiles in record.deals), record.id
        lines = [action.line for action in record.actions]
        assert lines == sorted(set(lines)), record.id
        assert not record.actions[0].ignored
        for before, action in zip(lines, record.actions[1:]):
            # A claim taken ignores the window's other claims (since the discard before it).
            lost = tuple((e["actor"], _CLAIMS[e["claim"]], e["tiles"][1] if e["claim"] == "chow"
                          else e["tile"]) for e in events[before:action.line]
                         if e["kind"] == "claim" and e["actor"] != action.seat)
            claimed = action.verb in _CLAIMS.values() and events[before - 1]["kind"] == "discard"
            assert action.ignored == (lost if claimed else ()), (record.id, action)
            event = events[action.line - 1]
            if action is record.actions[0] and record.table == "mcr":
                continue  # the dealer's fourteenth dealt tile, shown as its first draw
            tile = event["tiles"][1] if action.verb == "Chi" else event["tile"]
            assert (event["kind"], event["actor"], tile) == (
                _KINDS[action.verb], action.seat, action.tile), (record.id, action)


def test_each_action_of_a_botzone_game_names_its_event_replacement_draws_included():
    logs = list(played_logs(4))
    replacements = 0
    for number, (header, moves) in enumerate(logs):
        [record] = games_of(header, moves, str(number))
        assert record.id == str(number)  # a log of one hand keeps its name
        assert record.walltiles is None  # a seeded wall: the writer rebuilds Botzone's
        assert_each_action_names_its_event(header, moves, [record])
        replacements += sum(event["kind"] == "drew" and event["from"] == "back"
                            for event in events_of(header, moves))
    assert replacements  # a kong's replacement draw is an action, not a tile of the deal


def test_a_claim_that_lost_is_ignored_beside_the_one_taken_and_the_taker_is_not():
    # Rung 4 on seed ig-13: seat 1's pung of a 5 beats seat 0's chow around it.
    header, moves = played_log("ig-13", "4")
    [record] = games_of(header, moves, "ig-13")
    assert_each_action_names_its_event(header, moves, [record])
    taken = [action for action in record.actions if action.ignored]
    assert [(a.seat, a.verb, a.ignored[0][:2]) for a in taken] == [(1, "Peng", (0, "Chi"))]


def test_each_action_of_an_mcr_hand_names_its_event_flowers_in_play_included():
    header, moves = played("mcr-0", LINEUPS[0])
    records = games_of(header, moves, "mcr-0")
    assert_each_action_names_its_event(header, moves, records)
    assert any(action.verb == FLOWER for record in records for action in record.actions)
    assert any(record.flowers != [[], [], [], []] for record in records)  # dealt flowers


def test_a_log_cut_short_after_a_pung_is_a_game_without_an_end():
    for header, moves in played_logs(4):
        pungs = [number for number, (_, move) in enumerate(moves) if move.kind == "pung"]
        if pungs:
            [record] = games_of(header, moves[:pungs[0] + 1], "cut")
            assert record.actions[-1].verb == "Peng"
            assert (record.end, record.scores) == ("", None)
            return
    raise AssertionError("no game of the sample has a pung")


def test_flowers_as_the_dealers_first_draws_on_botzones_table_are_played_and_replaced():
    # A wall of 144 (flowers in it) on which seat 0's first draw from the wall is a flower and
    # so is its replacement: the deal is over at that draw, so both flowers and the draw that
    # replaces them are seat 0's actions, not tiles of its deal.
    wall = list(ALL_TILES)
    random.Random(282).shuffle(wall)
    buffer = io.StringIO()
    gamelog.GameLog(buffer, seed=b"f", ruleset="gb-mahjong", players="abcd", table="botzone",
                    walltiles=wall, prevalent=0)
    header, moves = gamelog.read(io.StringIO(buffer.getvalue()))
    events = events_of(header, moves)
    first = len(events) - 3
    assert [(e["kind"], e["from"], e["actor"]) for e in events[first:]] == [
        ("flower", "wall", 0), ("flower", "back", 0), ("drew", "back", 0)]
    [record] = games_of(header, moves, "flowers")
    assert record.actions == [Action(number, 0, verb, event["tile"]) for number, verb, event
                              in zip(range(first + 1, len(events) + 1),
                                     (FLOWER, FLOWER, "Draw"), events[first:])]
    assert [len(tiles) for tiles in record.deals] == [13] * 4
    assert record.walltiles == wall
    dealt = [[e["tile"] for e in events if e["kind"] == "flower" and e["from"] == "deal"
              and e["actor"] == seat] for seat in range(4)]
    assert record.flowers == dealt and any(dealt)
