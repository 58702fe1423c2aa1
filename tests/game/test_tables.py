"""The engine's ways to be built: tables as variant classes of what they decide, a quiet game
that builds no event, and the list of what the compiled loop may call (the Rules docstring)."""

import re
from pathlib import Path

import pytest

from mjsim.game import rules as rules_module
from mjsim.game.moves import Move
from mjsim.game.rules import TABLES, BotzoneTable, Rules, Table
from mjsim.players import loop

LOOP_SOURCE = (Path(loop.__file__).parent / "loop.py").read_text()


def play_out(game):
    """Play ``game`` to its end, each seat discarding its drawn tile or passing."""
    while game.is_active:
        seat = game.waiting_on()[0]
        legal = game.legal(seat)
        move = next((m for m in legal if m.kind == "pass"), None)
        if move is None:
            drawn = game.drawn
            move = next((m for m in legal if m.kind == "discard" and m.tile == drawn),
                        next(m for m in legal if m.kind == "discard"))
        assert game.apply(seat, move)
    return game


@pytest.mark.parametrize("table", TABLES)
def test_a_quiet_game_builds_no_event_and_plays_the_same_game(table):
    options = {} if table == "botzone" else {"last_hand": 3}
    noisy = play_out(Rules(b"quiet", table=table, **options))
    quiet = Rules(b"quiet", table=table, events=False, **options)
    assert quiet.take_outcomes() == []
    play_out(quiet)
    assert quiet.outcomes == [] and quiet.last is None
    assert (quiet.history, quiet.totals, quiet.moves) == (noisy.history, noisy.totals,
                                                          noisy.moves)


def test_a_clone_keeps_the_games_events_setting():
    for events in (True, False):
        clone = Rules(b"clone", events=events).clone()
        clone.take_outcomes()
        assert clone.apply(0, Move("discard", tile=clone.drawn))
        assert bool(clone.take_outcomes()) == events


def test_each_table_is_a_variant_class_and_rules_never_branch_on_the_table():
    assert TABLES == ("mcr", "botzone")
    assert issubclass(BotzoneTable, Table)
    assert Rules(b"t").table == "mcr" and Rules(b"t", table="botzone").table == "botzone"
    source = (Path(rules_module.__file__).parent / "rules.py").read_text()
    body = source[source.index("class Rules:"):source.index("class Table:")]
    assert "botzone" not in re.sub(r'""".*?"""', "", body, flags=re.DOTALL).lower()


def test_the_loop_calls_only_what_the_rules_docstring_lists():
    """Every private method of the engine that the loop calls is in the Rules docstring's list,
    and the loop pokes no attribute of the engine's (it once set ``_quiet`` from outside)."""
    listed = set(re.findall(r"``(_\w+)\(", Rules.__doc__))
    called = set(re.findall(r"\bgame\.(_\w+)\(", LOOP_SOURCE))
    assert called and called <= listed, called - listed
    assert not re.search(r"\bgame\.\w+ = ", LOOP_SOURCE)
