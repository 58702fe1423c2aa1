"""Rung specs: a rung and the ideas it goes without parse, print back canonically, and are
refused with the spec named."""

import pytest

from mjsim.players import Rung
from mjsim.players.rungs import IDEAS, RUNG_IDEAS

VARIANTS = ["1", "2", "2-shanten", "2-claims", "2-shanten-claims", "3", "3-defence",
            "3-planning", "3-defence-planning", "3-shanten-claims-defence-planning"]


@pytest.mark.parametrize("spec", VARIANTS)
def test_a_variant_parses_and_prints_back(spec):
    bot = Rung.parse(spec)
    assert str(bot) == spec and Rung.parse(str(bot)) == bot
    assert set(bot.off) <= set(RUNG_IDEAS[bot.level]) <= set(IDEAS)


def test_ideas_print_in_their_canonical_order():
    assert str(Rung.parse("3-planning-claims")) == "3-claims-planning"


@pytest.mark.parametrize("spec", ["", "0", "5", "x", "3-", "3-greed", "2-defence", "1-shanten",
                                  "3-defence-defence", "-3", "three"])
def test_an_invalid_spec_raises_naming_it(spec):
    with pytest.raises(ValueError, match=f"bad rung {spec!r}"):
        Rung.parse(spec)


def test_a_rung_is_a_value():
    assert Rung(3, frozenset({"defence"})) == Rung.parse("3-defence")
    assert len({Rung.parse("2"), Rung(2)}) == 1
    with pytest.raises(ValueError, match="no rung 5"):
        Rung(5)
