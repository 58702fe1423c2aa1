"""The rungs' last tie-break in C (mjsim_core.rungs.seat_word, rekeyed) against its readable
twin (mjsim.reference.measures.word, rekeyed): read from a view and from the engine's own
state, the word is the same."""

import numpy as np
from hypothesis import given
from hypothesis import strategies as st

import mjsim_core.rungs as compiled
from mjsim.game.rules import Rules
from mjsim.players import Rung
from mjsim.players.rungs import rekeyed
from mjsim.players.view import View, WindowView, view_of
from mjsim.reference import measures
from mjsim.tiles.hand import Hand

KINDS = st.integers(0, 33)


def reference_word(view):
    return measures.word(view.seat, view.seat_wind, view.hand.counts.tobytes(), view.pools,
                         [len(melds) for melds in view.exposed], view.phase,
                         -1 if view.drawn is None else view.drawn, view.window)


@given(seat=st.integers(0, 3), dealer=st.integers(0, 3),
       counts=st.lists(st.integers(0, 4), min_size=34, max_size=34),
       pools=st.lists(st.lists(KINDS, max_size=40), min_size=4, max_size=4),
       phase=st.sampled_from(["discard", "claim", "rob", "phase-é"]),
       drawn=st.one_of(st.none(), KINDS),
       window=st.one_of(st.none(), st.tuples(st.sampled_from(["discard", "rob"]), KINDS,
                                             st.integers(0, 3))))
def test_the_word_is_the_reference_word(seat, dealer, counts, pools, phase, drawn, window):
    """Long pools (past the word's room on the stack too), any phase text, any window."""
    view = View(seat=seat, hand=Hand(np.array(counts, dtype=np.uint8)), pools=pools,
                exposed=((), (), (), ()), wall=0, dealer=dealer, prevalent=0, phase=phase,
                drawn=drawn, window=None if window is None else WindowView(*window))
    assert view.word == reference_word(view)


def test_the_engine_word_is_the_views():
    """Read from the engine's arrays (the compiled loop's way), the word is the view's, at
    every decision of seeded games (melds, concealed kongs and windows among them)."""
    checked = 0
    for index in range(12):
        game, bots = Rules(f"word-{index}", hand_no=index + 1, last_hand=index + 1), [Rung(3)] * 4
        while game.is_active:
            seat = game.waiting_on()[0]
            view, state = view_of(game, seat), game.state
            window = state.window
            engine = compiled.seat_word(state.counts[seat], seat, view.seat_wind, state.pools,
                                        state.hands, True, state.phase,
                                        state.drawn if window is None else -1, window)
            assert engine == view.word == reference_word(view)
            checked += 1
            game.apply(seat, bots[seat].act(view))
    assert checked > 500


@given(seat_wind=st.integers(-2**31, 2**31 - 1), drawn=st.integers(-2**31, 2**31 - 1),
       tile=st.integers(-2**31, 2**31 - 1))
def test_every_number_is_written_as_python_writes_it(seat_wind, drawn, tile):
    """The word's numbers are written by hand (no snprintf): any int the arguments take, signs
    and the extremes among them, reads as Python's %d reads it."""
    counts = np.zeros(34, dtype=np.uint8)
    pools = [[], [], [], []]
    window = WindowView("discard", tile, 2)
    assert compiled.seat_word(counts, 0, seat_wind, pools, pools, False, "claim", drawn,
                              window) == measures.word(0, seat_wind, counts.tobytes(), pools,
                                                       [0, 0, 0, 0], "claim", drawn,
                                                       ("discard", tile, 2))


@given(word=st.integers(0, 2**64 - 1), salt=st.integers(0, 2**70))
def test_rekeyed_is_the_reference(word, salt):
    assert rekeyed(word, salt) == measures.rekeyed(word, salt)
    assert compiled.rekeyed(word, salt & (2**64 - 1)) == measures.rekeyed(word, salt)
