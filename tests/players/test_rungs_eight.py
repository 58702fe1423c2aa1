"""Rung 4, eight in sight: it leaves a ready hand that cannot win legally, and its compiled
choices agree with the readable twin on the views of rung-4 games."""

from __future__ import annotations

from mjsim import Hand
from mjsim.analysis import legal_discards, shanten
from mjsim.game.rules import Rules
from mjsim.players import Rung
from mjsim.players.rungs import IDEAS
from mjsim.players.view import view_of
from mjsim.reference import rungs as reference
from mjsim.tiles.notation import print_tiles
from mjsim_core import rungs as compiled
from tests.players.test_rungs_compiled import VARIANTS, assert_same_choices, decisions

READY_NO_WIN = "123m 567p 234s 678s 9p 6m"   # ready on the 9p, worth 5, after the 6m goes


def position(text: str) -> Rules:
    """Seat 0 holds ``text``; the other copies go round the other seats, two to the wall."""
    held = Hand.parse(text).counts
    rest = [k for k in range(34) for _ in range(4 - int(held[k]))]
    others = [rest[i::3][:13] for i in range(3)]
    left = list(rest)
    for hand in others:
        for kind in hand:
            left.remove(kind)
    return Rules.from_position({"hands": [text, *(print_tiles(sorted(h)) for h in others)],
                                "wall": print_tiles(left[:2])})


def test_rung_4_leaves_a_ready_hand_with_no_legal_wait() -> None:
    view = view_of(position(READY_NO_WIN), 0)
    after = {row.tile: row.distance for row in legal_discards(view.hand.counts)}
    three, four = Rung(3).act(view), Rung(4).act(view)
    assert three is not None and four is not None
    assert three.tile == 5 and four.tile == 17            # the 6m, and the 9p
    kept = view.hand.counts.copy()
    kept[5] -= 1
    assert shanten.shanten(kept) == 0 and after[5] == 2 and after[17] == 1
    assert Rung.parse("4-eight").act(view) == three       # without the idea, rung 3


def test_compiled_choices_agree_on_rung_4_games() -> None:
    assert 16 in VARIANTS and 31 in VARIANTS             # the variants with eight on
    met = 0
    for seed, lineup in ((b"eight-1", "4444"), (b"eight-2", "4433"), (b"eight-3", "4321")):
        for view in decisions(seed, lineup, 1):
            assert_same_choices(view)
            met += 1
    assert met > 100


def test_compiled_choices_agree_with_deeper_sight() -> None:
    """With eight2 (the legal distance seen to 2) the kernels' choices are the twin's too, and
    on some views they differ from rung 4's own."""
    eight2 = 1 << IDEAS.index("eight2")
    met = changed = 0
    for seed, lineup in ((b"eight2-1", "4444"), (b"eight2-2", "4433")):
        for view in decisions(seed, lineup, 1):
            kind = "answer_choices" if view.window is not None else "turn_choices"
            for ideas in (31, 1 | 2 | 16, 3 | 4 | 16):
                want = getattr(reference, kind)(view, ideas | eight2)
                assert getattr(compiled, kind)(view, ideas | eight2) == want, (view, ideas)
                changed += want != getattr(reference, kind)(view, ideas)
            met += 1
    assert met > 50 and changed > 0


def test_remembered_searches_agree_with_the_twin() -> None:
    """Rung 4 answers some windows from the search of the hand held made in an earlier window
    (its caps looser then): those answers are the twin's, which searches afresh every time.
    Among these walls is one where a search kept regardless of the caps answers wrongly."""
    remembered = 0
    for index in range(30):
        for view in decisions(b"eight-remembered-%d" % index, "4444", 1):
            if view.window is None:
                continue
            kept = compiled.between_counts()[1]
            answer = compiled.answer_choices(view, 31)   # the first ask of this window
            remembered += compiled.between_counts()[1] > kept
            assert answer == reference.answer_choices(view, 31), view
    assert remembered > 20


def test_searches_kept_from_the_turn_agree_with_the_twin() -> None:
    """Rung 4's turn keeps what its search found of the hands its best discards leave, so that
    the first window after it that weighs the hand held is answered without a search: those
    answers are the twin's."""
    asked_since_turn = [False] * 4
    from_turn = 0
    for index in range(10):
        for view in decisions(b"eight-turn-kept-%d" % index, "4444", 1):
            if view.window is None:
                asked_since_turn[view.seat] = False
                continue
            asked, kept = compiled.between_counts()
            answer = compiled.answer_choices(view, 31)
            now_asked, now_kept = compiled.between_counts()
            if now_asked > asked and not asked_since_turn[view.seat]:
                asked_since_turn[view.seat] = True
                from_turn += now_kept > kept
            assert answer == reference.answer_choices(view, 31), view
    assert from_turn > 40               # 16 without what the turn keeps


def test_claims_searched_short_agree_with_the_twin() -> None:
    """A claim that leaves the shanten no shorter is searched only as far as the road before
    it, less one (it is progress only with a shorter legal distance): on the windows of rung-4
    games with a claim to weigh, the choices are the twin's, which searches every claim to the
    full sight, with and without eight2 and planning."""
    eight2 = 1 << IDEAS.index("eight2")
    met = 0
    for index in range(16):
        for view in decisions(b"eight-claims-%d" % index, "4444", 1 + index):
            if view.window is None or all(move.kind not in ("chow", "pung", "kong")
                                          for move in view.legal):
                continue
            for ideas in (31, 31 | eight2, 1 | 2 | 16):
                assert compiled.answer_choices(view, ideas) == \
                    reference.answer_choices(view, ideas), (view, ideas)
            met += 1
    assert met > 100


def test_turns_told_by_a_search_before_agree_with_the_twin() -> None:
    """Rung 4's turn makes no search when one discard alone leaves the least shanten, the hand
    it leaves was searched before (most often the tile just drawn goes back) and what that
    search found still holds, and no other discard's shanten is below that legal distance:
    those turns' choices are the twin's, which searches every turn, at either sight. Each
    sight plays its own hands: the table keeps one sight's search of a hand at a time."""
    eight2 = 1 << IDEAS.index("eight2")
    told = dict.fromkeys((31, 1 | 2 | 16, 31 | eight2), 0)
    for ideas in told:
        lineup = ["4+eight2"] * 4 if ideas & eight2 else "4444"
        for index in range(8):
            for view in decisions(b"eight-told-%d" % index, lineup, 1):
                if view.window is not None:
                    continue
                known = compiled.known_counts()[1]
                choice = compiled.turn_choices(view, ideas)
                told[ideas] += compiled.known_counts()[1] > known
                assert choice == reference.turn_choices(view, ideas), (view, ideas)
    assert min(told.values()) > 20, told


def test_the_suit_lists_kept_change_no_choice() -> None:
    """Rung 4's searches read a suit's patterns from lists kept across decisions and seats,
    made under loose caps and read under each search's own: on the views of rung-4 games every
    choice is the twin's (which keeps none), and the lists served a good share of the suits."""
    asked, kept = compiled.lists_counts()
    for hand_no in (2, 3, 4):
        for view in decisions(b"eight-lists", "4444", hand_no):
            assert_same_choices(view)
    asked, kept = compiled.lists_counts()[0] - asked, compiled.lists_counts()[1] - kept
    assert asked > 1000 and asked > kept > asked // 5


def test_the_memo_of_scores_changes_no_choice() -> None:
    """Rung 4's searches read scores from a memo kept across decisions and seats: on the views
    of rung-4 games every choice is the twin's (which keeps none), and the memo answered a good
    share of the scores asked."""
    asked, kept = compiled.memo_counts()
    for view in decisions(b"eight-memo", "4444", 2):
        assert_same_choices(view)
    asked, kept = compiled.memo_counts()[0] - asked, compiled.memo_counts()[1] - kept
    assert asked > 1000 and asked > kept > asked // 10
