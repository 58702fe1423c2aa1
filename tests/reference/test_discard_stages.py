"""Rung 4's turn step by step (mjsim.reference.rungs.discard_stages): each step keeps some of
what the one before kept, the last steps are rung 4's own choice, and rung 4 measured against
itself never departs (scripts/learned_departures.py)."""

import importlib.util
from pathlib import Path

from mjsim.players.driver import play
from mjsim.players.rungs import Rung
from mjsim.reference.rungs import discard_stages

ROOT = Path(__file__).resolve().parents[2]


def _script():
    spec = importlib.util.spec_from_file_location(
        "learned_departures", ROOT / "scripts" / "learned_departures.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_the_steps_narrow_to_rung_4s_choice():
    turns = []

    class Staged(Rung):  # a view is read as it is asked: it shows the table as it goes on
        def act(self, view):
            if view.window is None and not any(m.kind in ("kong", "win") for m in view.legal):
                held = [move.tile for move in view.legal if move.kind == "discard"]
                best = sorted(move.tile for move in self.choices(view))
                turns.append((held, discard_stages(view), best))
            return super().act(view)

    play("stages", [Staged(4), Rung(4), Rung(4), Rung(4)], last_hand=6)
    assert len(turns) > 60
    for held, stages, best in turns:
        assert [step for step, _ in stages] == ["defence", "road", "planning", "copies",
                                                 "isolation"]
        for (_, before), (_, after) in zip([("all", held), *stages], stages):
            assert after and set(after) <= set(before)
        assert sorted(stages[-1][1]) == best
    assert sum(len(stages[-1][1]) < len(held) for held, stages, _ in turns) > 20


def test_rung_4_never_departs_from_itself_and_rung_1_does():
    script = _script()
    itself = script.departures("4", walls=1)
    assert sum(itself.values()) > 100 and set(itself) <= {"agrees", "tied"}
    other = script.departures("1", walls=1)
    assert sum(other[step] for step in ("road", "copies", "isolation", "planning")) > 50
