"""A new kind of spec is one SpecKind and its entry in KINDS (docs/architecture.md's recipe)."""

from mjsim.players import specs
from mjsim.players.trivial import DiscardDrawn
from mjsim.tournament.lineups import Roster


class TrivialKind(specs.SpecKind):
    def claims(self, spec):
        return spec.startswith("trivial:")

    def parse(self, spec, text):
        return specs.Spec("trivial", spec)

    def load(self, spec, workdir, limits):
        return DiscardDrawn()


def test_one_entry_in_kinds_seats_a_new_kind(monkeypatch):
    monkeypatch.setattr(specs, "KINDS", {"trivial": TrivialKind(), **specs.KINDS})
    roster = Roster({"mine": "trivial:drawn"})
    assert roster.lineup("trivial:drawn,mine,1,1") == ("trivial:drawn", "mine", "1", "1")
    assert isinstance(roster.player("mine"), DiscardDrawn)
    assert roster.described(["mine"]) == {"mine": {"spec": "trivial:drawn", "kind": "trivial"}}
    assert roster.runs_code(["mine", "1"]) == ["mine"] and not roster.runs_programs(["mine"])
