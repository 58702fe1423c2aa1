"""The compiled choices (mjsim_core.rungs, behind mjsim.players.rungs.best) against their readable
twin (mjsim.reference.rungs) on the views of seeded games: every rung and every set of ideas
switched off, comparing the whole set of moves left tied, not only the one a word would pick."""

from itertools import combinations

from hypothesis import given, settings
from hypothesis import strategies as st

import mjsim_core.rungs as compiled
from mjsim.game.rules import Rules
from mjsim.players import Rung
from mjsim.players.rungs import IDEAS, RUNG_IDEAS
from mjsim.players.view import view_of
from mjsim.reference import rungs as reference

# Each rung's ideas with any of them switched off, as the bits the choices take.
VARIANTS = sorted({sum(1 << IDEAS.index(name) for name in ideas if name not in off)
                   for ideas in RUNG_IDEAS.values() for size in range(len(ideas) + 1)
                   for off in combinations(ideas, size)})
LINEUPS = ("3333", "3322", "2211", "3131")


def test_every_set_of_ideas_is_checked():
    assert VARIANTS == list(range(32))   # rung 4 with any ideas off covers rungs 1 to 3


def decisions(seed, lineup, hand_no):
    """Every view met in one hand played by the lineup's rungs (each a spec: "4444", or
    ["4+eight2"] * 4) with no win among its moves."""
    bots = [Rung.parse(level) for level in lineup]
    game = Rules(seed, hand_no=hand_no, last_hand=hand_no)
    while game.is_active:
        seat = game.waiting_on()[0]
        view = view_of(game, seat)
        if all(move.kind != "win" for move in view.legal):
            yield view
        assert game.apply(seat, bots[seat].act(view)) is True
        game.take_outcomes()


def assert_same_choices(view):
    kind = "answer_choices" if view.window is not None else "turn_choices"
    for ideas in VARIANTS:
        want = getattr(reference, kind)(view, ideas)
        assert getattr(compiled, kind)(view, ideas) == want, (view, ideas)


@settings(max_examples=60)
@given(seed=st.binary(min_size=1, max_size=8), lineup=st.sampled_from(LINEUPS),
       hand_no=st.integers(1, 16))
def test_compiled_choices_agree_with_the_reference(seed, lineup, hand_no):
    for view in decisions(seed, lineup, hand_no):
        assert_same_choices(view)


def test_the_memo_of_acceptances_changes_no_choice():
    """The rungs remember the acceptance of each hand a discard leaves, across decisions and
    seats: on the views of rung-3 and rung-4 games every choice is the twin's (which keeps
    none). Each view is weighed with every set of ideas, so most acceptances are answered by
    the memo, from the hands of the same view or of one before."""
    asked, kept = compiled.acceptance_counts()
    for lineup in ("3333", "4444"):
        for view in decisions(b"acceptances", lineup, 2):
            assert_same_choices(view)
    asked, kept = compiled.acceptance_counts()[0] - asked, compiled.acceptance_counts()[1] - kept
    assert asked > 1000 and asked > kept > asked // 2


CAP = 300


def test_the_agreement_covers_every_branch():
    """Seeded hands meet kongs, each claim and a seat to defend against, and the choices agree
    on all of them. Three melds are rare, so hands are played until every branch is met (the
    first threat comes in the 50th hand here), up to a cap."""
    seen, wanted = set(), {"kong", "chow", "pung", "threat"}
    for index in range(CAP):
        for view in decisions(b"branches-%d" % index, "2222", index % 16 + 1):
            kinds = {move.kind for move in view.legal}
            seen |= kinds & {"kong", "chow", "pung"}
            exposed = [len(melds) for seat, melds in enumerate(view.exposed) if seat != view.seat]
            if max(exposed) >= 3:
                seen.add("threat")
            assert_same_choices(view)
        if seen == wanted:
            break
    assert seen == wanted, f"after {CAP} hands only {sorted(seen)}"
