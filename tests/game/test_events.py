"""Every event the engine emits fits the type of its kind (mjsim.game.events) key for key, and
mypy holds a reader to those keys."""

import io
import typing

import pytest

from mjsim.game import gamelog
from mjsim.game.events import BY_KIND, Event
from mjsim.game.formats import contest
from mjsim.game.formats.check import check
from mjsim.game.rules import Rules
from mjsim.players.rungs import Rung
from mjsim.players.view import view_of
from tests.helpers import DATA
from tests.helpers.typecheck import mypy_refusals


def played(seed, **options):
    """Every event of a game of rung-3 seats, the game's moves replayed one by one."""
    game, rung = Rules(seed, **options), Rung(3)
    events = game.take_outcomes()
    while game.status == "active":
        seat = game.waiting_on()[0]
        assert game.apply(seat, rung.act(view_of(game, seat)))
        events += game.take_outcomes()
    return events


def replayed(name):
    """The events of a contest fixture (Botzone's table), its moves replayed with events."""
    text = (DATA / "contest" / "games.txt").read_text()
    start = text.index(f"Match {name}\n")
    end = text.find("\nMatch ", start + 1)
    [game] = contest.read(io.StringIO(text[start:] if end < 0 else text[start:end + 1]))
    done = check(game)
    header = {"seed": name, "ruleset": "gb-mahjong", "table": "botzone",
              "walltiles": done.walltiles, "prevalent": 3, "players": ["x"] * 4}
    return [event for _, _, events, _ in gamelog.replay(header, done.moves)
            for event in events]


def fits(event, kind):
    hints = typing.get_type_hints(kind)
    if not kind.__required_keys__ <= set(event) <= set(hints):
        return False
    literal = typing.get_args(hints["kind"])
    return event["kind"] in literal and ("how" in event) == ("how" in hints)


def test_every_event_of_seeded_games_fits_the_type_of_its_kind_exactly():
    fouled = Rules(b"events", last_hand=1)
    assert fouled.foul(2, "a test foul", None)
    events = [*played(b"events"), *played(b"events", table="botzone"), *fouled.take_outcomes(),
              *replayed("robbing-the-kong"), *replayed("kong-replacement")]
    kinds = {event["kind"] for event in events}
    assert kinds == set(BY_KIND), set(BY_KIND) - kinds
    assert any(e["kind"] == "win" and e["by"] == "rob" for e in events)
    assert any(e["kind"] == "flower" for e in events)
    assert any(e["kind"] == "deal" and "parts" in e for e in events)
    for event in events:
        assert [kind for kind in BY_KIND[event["kind"]] if fits(event, kind)], event


def test_the_union_holds_every_type_and_nothing_else():
    assert set(typing.get_args(Event)) == {kind for kinds in BY_KIND.values() for kind in kinds}


@pytest.mark.slow  # mypy's own start: about 8 s
@pytest.mark.parametrize(("kind", "otherwise", "line", "word"), [
    # the narrowed line passes; the line after it takes "tile" of every kind that lacks it
    ("discard", "event['tile']", 7, '"tile"'),
    # a draw's tile is None where the seat does not see it
    ("drew", "-1", 6, "None"),
])
def test_mypy_refuses_a_reader_that_takes_what_its_event_may_not_hold(tmp_path, kind,
                                                                      otherwise, line, word):
    report = mypy_refusals(tmp_path, "from mjsim.game.events import Event\n\n\n"
                           "def tile(event: Event) -> int:\n"
                           f"    if event['kind'] == '{kind}':\n"
                           "        return event['tile']\n"
                           f"    return {otherwise}\n")
    errors = [row for row in report.splitlines() if "error:" in row]
    assert errors and all(f":{line}:" in row for row in errors) and word in report, report
