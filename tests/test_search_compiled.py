"""The compiled choices (mjsim_core.search, behind mjsim.search.best) against their readable twin
(mjsim.reference.search) on the views of seeded games: every rung, every set of ideas switched
off, and several tie-breaking words, so that the tied moves agree as well as the move picked."""

from itertools import combinations

from hypothesis import given, settings
from hypothesis import strategies as st

from mjsim.bot import Bot
from mjsim.reference import search as reference
from mjsim.rules import Rules
from mjsim.search import IDEAS, RUNG_IDEAS, best
from mjsim.view import view_of

VARIANTS = [(level, frozenset(off)) for level, ideas in RUNG_IDEAS.items()
            for size in range(len(ideas) + 1) for off in combinations(ideas, size)]
WORDS = (None, 0, 1, 2, 5)
LINEUPS = ("3333", "3322", "2211", "3131")


def test_every_variant_is_checked():
    assert len(VARIANTS) == 1 + 4 + 16 and (3, frozenset(IDEAS)) in VARIANTS


def decisions(seed, lineup, hand_no):
    """Every view met in one hand played by the lineup's rungs, before each move is made."""
    bots = [Bot(int(level)) for level in lineup]
    game = Rules(seed, hand_no=hand_no, last_hand=hand_no)
    while game.is_active:
        seat = game.waiting_on()[0]
        view = view_of(game, seat)
        yield view
        assert game.apply(seat, bots[seat].act(game, seat)) is True
        game.take_outcomes()


@settings(max_examples=60)
@given(seed=st.binary(min_size=1, max_size=8), lineup=st.sampled_from(LINEUPS),
       hand_no=st.integers(1, 16))
def test_compiled_choices_agree_with_the_reference(seed, lineup, hand_no):
    for view in decisions(seed, lineup, hand_no):
        for level, off in VARIANTS:
            for word in WORDS:
                want = reference.best(view, level, word, off)
                assert best(view, level, word, off) == want, (view, level, off, word)


def test_the_agreement_covers_every_branch():
    """Seeded hands meet kongs, each claim and a seat to defend against (three melds are rare:
    the first comes in the 42nd hand here), and the choices agree on all of them."""
    seen = set()
    for index in range(42):
        for view in decisions(b"branches-%d" % index, "2222", index % 16 + 1):
            kinds = {move.kind for move in view.legal}
            seen |= kinds & {"kong", "chow", "pung"}
            exposed = [len(melds) for seat, melds in enumerate(view.exposed) if seat != view.seat]
            if max(exposed) >= 3:
                seen.add("threat")
            for level, off in VARIANTS:
                assert best(view, level, 1, off) == reference.best(view, level, 1, off)
    assert seen == {"kong", "chow", "pung", "threat"}
