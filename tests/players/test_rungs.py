"""The rungs' rules on written views: rung 1's isolated tile, rung 2's shanten, acceptance, kongs
and claims, rung 3's defence and targets, and each idea switched off."""

import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from mjsim import Hand
from mjsim.analysis.shanten import shanten, waits
from mjsim.game.moves import CHOWS, DISCARDS, KONG, KONGS, PASS, PUNG, WIN, Move
from mjsim.players.rungs import IDEAS, best
from mjsim.players.view import HIDDEN_KONG, View, WindowView
from mjsim.scoring.scorer import WinContext, score
from mjsim.tiles import NAMES
from mjsim.tiles.meld import Meld
from mjsim.tiles.notation import parse, print_tiles

K = {name: kind for kind, name in enumerate(NAMES)}


def own_turn(text, pools=((), (), (), ()), others=((), (), ()), win=False, legal=None, **kw):
    """A written view of seat 0 on its turn holding ``text``, with its legal moves (unless
    ``legal`` names them)."""
    hand = Hand.parse(text)
    assert hand.size == 14, text
    counts = hand.counts
    if legal is None:
        legal = [DISCARDS[k] for k in hand.kinds_held()]
        legal += [KONGS[k] for k in hand.kinds_held() if counts[k] == 4]
        legal += [KONGS[m.tile] for m in hand.melds if m.kind == "pung" and counts[m.tile]]
        legal += [WIN] if win else []
    return View(seat=0, hand=hand, pools=[parse(p) if isinstance(p, str) else p for p in pools],
                exposed=(hand.melds, *others), wall=40, dealer=0, prevalent=0,
                legal=legal, **kw)


def window(text, tile, source, legal, **kw):
    """A written view of seat 0 asked about ``tile`` discarded by ``source``."""
    hand = Hand.parse(text)
    assert hand.size == 13, text
    pools = [[], [], [], []]
    pools[source] = [tile]
    return View(seat=0, hand=hand, pools=pools, exposed=(hand.melds, (), (), ()), wall=40,
                dealer=0, prevalent=0, phase="claim", window=WindowView("discard", tile, source),
                legal=[*legal, PASS], **kw)


def tiles_of(moves):
    return [NAMES[m.tile] for m in moves]


# ------------------------------------------------------------------------------------ all rungs

def test_no_legal_move_gives_none_and_bad_arguments_raise():
    assert best(own_turn("123m 456m EE 13p 45s 7s 9p", legal=[]), 2) is None
    with pytest.raises(ValueError, match="no rung 5"):
        best(own_turn("123m 456m EE 13p 45s 7s 9p"), 5)
    with pytest.raises(ValueError, match="'greed'"):
        best(own_turn("123m 456m EE 13p 45s 7s 9p"), 3, off={"greed"})


@pytest.mark.parametrize("level", [1, 2, 3])
def test_every_rung_wins_when_legal(level):
    assert best(own_turn("123456789m 123p EE", win=True), level) == WIN
    view = window("123456789m 123p E", K["E"], 1, [WIN, PUNG])
    assert best(view, level) == WIN


# --------------------------------------------------------------------------------------- rung 1

def test_rung_1_discards_honours_then_terminals_then_simples_among_isolated_tiles():
    # 8m, 9s, W, 5s and 1s have no neighbour in hand
    assert best(own_turn("123m 456p 789p 11s 8m 9s W"), 1) == DISCARDS[K["W"]]
    assert best(own_turn("123m 456p 789p 11s 8m 9s 5s"), 1) == DISCARDS[K["9s"]]
    assert best(own_turn("123m 456p 789p 1s 5s EE 8m"), 1) == DISCARDS[K["1s"]]


def test_rung_1_keeps_a_paired_honour_over_an_isolated_simple():
    # fewest neighbours comes first: the pair of East has one, the 5s none
    assert best(own_turn("123m 456p 789p 5s EE 88m"), 1) == DISCARDS[K["5s"]]


def test_rung_1_passes_every_window():
    view = window("123m 456p 789s RR 5m 8s", K["R"], 2, [PUNG])
    assert best(view, 1) == PASS and best(view, 3) == PUNG


def test_ties_are_broken_by_the_word():
    view = own_turn("123m 456p 789s 55s E W N")   # three isolated honours
    picks = {best(view, 1, word=w) for w in range(3)}
    assert picks == {DISCARDS[K[h]] for h in "EWN"}
    assert best(view, 1) == best(own_turn("123m 456p 789s 55s E W N"), 1)


# --------------------------------------------------------------------------------------- rung 2

def reference_rank(view):
    """The rung-2 rule from shanten() alone: least shanten, then most unseen helpful copies."""
    counts, melds = view.hand.counts, len(view.hand.melds)
    ranked = {}
    for kind in view.hand.kinds_held():
        after = counts.copy()
        after[kind] -= 1
        road = shanten(after, melds)
        helps = 0
        for extra in range(34):
            if after[extra] < 4:
                after[extra] += 1
                if shanten(after, melds) < road:
                    helps += view.unseen[extra]
                after[extra] -= 1
        ranked[kind] = (road, -helps)
    top = min(ranked.values())
    return {kind for kind, key in ranked.items() if key == top}


@pytest.mark.parametrize("text", ["123m 456m EE 13p 45s 7s 9p", "1235m 122567p 234s N",
                                  "123577m 23457p 5s WW", "13789m 2349p 2355s W",
                                  "2468m 2468p 1357s EE"])
def test_rung_2_discards_from_least_shanten_then_most_acceptance(text):
    view = own_turn(text)
    assert best(view, 2).tile in reference_rank(view)


@settings(max_examples=60, deadline=None)
@given(st.lists(st.integers(0, 135), min_size=14, max_size=14, unique=True))
def test_rung_2_agrees_with_the_reference_on_hands_not_yet_ready(tiles):
    view = own_turn(print_tiles(sorted(t // 4 for t in tiles)))
    assume(not any(move.kind == "kong" for move in view.legal))  # kongs: their own tests
    if min(shanten(minus(view.hand.counts, k)) for k in view.hand.kinds_held()) > 0:
        assert best(view, 2).tile in reference_rank(view)
    assert best(view, 3) in view.legal and best(view, 1) in view.legal


def test_rung_2_counts_only_copies_still_unseen():
    # discarding N keeps 34567m and 123p helpful (27 copies), discarding 1p keeps 34567m, 2p
    # and N (23); with every other 3p and 1p out, N's side falls to 21
    assert best(own_turn("1235m 122567p 234s N"), 2) == DISCARDS[K["N"]]
    view = own_turn("1235m 122567p 234s N", pools=("", "3p 3p 1p", "3p 3p 1p", ""))
    assert best(view, 2) == DISCARDS[K["1p"]]
    assert best(view, 2).tile in reference_rank(view)


def test_rung_2_breaks_acceptance_ties_by_rung_1_order():
    # 9p and 7s leave the same shanten and accept the same kinds; 9p is the isolated one
    assert best(own_turn("123m 456m EE 13p 45s 7s 9p"), 2) == DISCARDS[K["9p"]]


def reference_winning(view, kind):
    """Copies (in quarters) of the waits that win eight after discarding ``kind``, by scoring."""
    after = view.hand.counts.copy()
    after[kind] -= 1
    total = 0
    for wait in waits(after):
        won = Hand(after)
        won.counts[wait] += 1
        by_discard = score(won, WinContext(wait, False, 0, 0)).total
        self_drawn = score(won, WinContext(wait, True, 0, 0)).total
        total += view.unseen[wait] * (4 if by_discard >= 8 else 1 if self_drawn >= 8 else 0)
    return total


@pytest.mark.parametrize("text", ["123456789p 23m 55s 8s", "11m 22m 33m 55p 66p 77s 9s W",
                                  "123456789m 22p 67s 9s", "2345678m 22p 789p 99s"])
def test_rung_2_once_ready_counts_the_waits_that_win_eight(text):
    view = own_turn(text)
    ready = [k for k in view.hand.kinds_held() if shanten(minus(view.hand.counts, k)) == 0]
    assert ready, "the hand can be made ready"
    chosen = best(view, 2).tile
    assert chosen in ready
    assert reference_winning(view, chosen) == max(reference_winning(view, k) for k in ready)


def minus(counts, kind):
    after = counts.copy()
    after[kind] -= 1
    return after


def test_rung_2_declares_a_kong_only_when_it_does_not_lengthen_the_road():
    keeps = own_turn("1111m 234p 567s 89s EE")       # 111m + 1m: the kong keeps it ready
    assert best(keeps, 2) == KONGS[K["1m"]]
    lengthens = own_turn("1111m 23m 567s 89s EE W")  # 111m + 123m: the kong breaks a chow
    assert best(lengthens, 2) == DISCARDS[K["W"]]
    assert best(keeps, 1) != KONGS[K["1m"]]


def test_rung_2_promotes_a_pung_when_the_tile_is_spare():
    view = own_turn("pung(555p) 5p 123m 789s 44s 67m")
    assert KONGS[K["5p"]] in view.legal and best(view, 2) == KONGS[K["5p"]]


def test_rung_2_claims_a_pung_that_scores_by_itself_and_shortens():
    hand = "123m 456p 789s RR 5m 8s"
    assert best(window(hand, K["R"], 2, [PUNG]), 2) == PUNG
    assert best(window(hand, K["R"], 2, [PUNG]), 2, off={"claims"}) == PASS


def test_rung_2_does_not_claim_a_plain_pung():
    # ready after the pung (on 1p or 8s alone), but neither wait scores eight even self-drawn
    for text, wait in (("pung(555m) 123m 456p 678s 11p", K["1p"]),
                       ("pung(555m) 123m 456p 678s 88s", K["8s"])):
        assert score(Hand.parse(text), WinContext(wait, True, 0, 0)).total < 8
    assert best(window("123m 456p 678s 55m 1p 8s", K["5m"], 2, [PUNG]), 2) == PASS
    # the same with 789s is ready on a Mixed Straight (eight points)
    assert best(window("123m 456p 789s 55m 1p 8s", K["5m"], 2, [PUNG]), 2) == PUNG


def test_rung_2_claims_a_pung_when_the_melds_floor_eight():
    # a concealed kong of red (4) and a pung of East as seat and prevalent wind (4): eight
    floored = "ckong(RRRR) pung(EEE) 55m 1p 4p 7s 9s W"
    assert best(window(floored, K["5m"], 2, [PUNG]), 2) == PUNG
    unfloored = "chow(123p) pung(EEE) 55m 1p 4p 7s 9s W"
    assert best(window(unfloored, K["5m"], 2, [PUNG]), 2) == PASS


def test_rung_2_claims_a_pung_that_makes_the_hand_ready_to_win_eight():
    # a Full Flush in characters once the pung is taken and 9p discarded
    assert best(window("22m 55m 123m 789m 67m 9p", K["5m"], 2, [PUNG]), 2) == PUNG
    # the same shape across suits is ready after the pung but worth too little
    cheap = Hand.parse("pung(555p) 22m 123m 789s 678m")
    assert score(cheap, WinContext(K["8m"], False, 0, 0)).total < 8
    assert best(window("22m 55p 123m 789s 67m 9p", K["5p"], 2, [PUNG]), 2) == PASS


def test_rung_2_claims_a_chow_only_when_it_makes_the_hand_ready_to_win_eight():
    chow = CHOWS[K["6m"]]
    assert best(window("22m 123m 555m 68m 99m 9p", K["7m"], 3, [chow]), 2) == chow
    cheap = Hand.parse("chow(678m) 222m 123m 555p 99s")
    assert score(cheap, WinContext(K["2m"], False, 0, 0)).total < 8
    assert best(window("22m 123m 555p 68m 99s 9p", K["7m"], 3, [chow]), 2) == PASS


def test_a_claimed_kong_is_preferred_to_the_pung_and_counts_as_progress():
    view = window("123m 456p 789s RRR 8s", K["R"], 2, [PUNG, KONG])
    assert best(view, 2) == KONG


# --------------------------------------------------------------------------------------- rung 3

THREAT = (Meld.pung(K["9m"]), Meld.chow(K["1p"]), HIDDEN_KONG)


def test_rung_3_defends_against_a_seat_with_three_melds_while_two_from_ready():
    text = "13m 46p 79s EW 258m 5p 1s N"   # far from ready
    # One tie-break for both tables (the default word hashes the pools, which differ here).
    free = best(own_turn(text), 3, word=0)
    view = own_turn(text, pools=("", "1s 5p", "", ""), others=(THREAT, (), ()))
    assert free.tile not in (K["1s"], K["5p"])
    assert best(view, 3).tile in (K["1s"], K["5p"])
    assert best(view, 3, word=0, off={"defence"}) == free
    assert best(view, 3, off={"planning"}) == best(view, 3)


def test_rung_3_treats_a_kind_with_every_copy_out_as_safe():
    text = "13m 46p 79s EW 258m 5p 1s N"
    free = best(own_turn(text), 3)
    view = own_turn(text, pools=("", "5m 5m", "5m", ""), others=(THREAT, (), ()))
    assert free.tile != K["5m"] and best(view, 3) == DISCARDS[K["5m"]]


def test_rung_3_does_not_defend_when_one_from_ready_or_nobody_threatens():
    text = "123m 456m EE 13p 45s 7s 9p"   # one from ready
    view = own_turn(text, pools=("", "4s", "", ""), others=(THREAT, (), ()))
    assert best(view, 3) == best(view, 2)
    two_melds = own_turn("13m 46p 79s EW 258m 5p 1s N", pools=("", "1s", "", ""),
                         others=(THREAT[:2], (), ()))
    assert best(two_melds, 3) == best(two_melds, 3, off={"defence"})


def test_rung_3_prefers_the_discard_that_keeps_a_flush():
    # a flush in characters is in the making; 6m and 1p leave the same shanten, and 6m
    # keeps more tiles that help
    view = own_turn("1224466688m 1p SSR")
    for move in (best(view, 2), best(view, 3)):
        assert shanten(minus(view.hand.counts, move.tile)) == 1
    assert best(view, 2) == DISCARDS[K["6m"]]
    assert best(view, 3) == DISCARDS[K["1p"]]
    assert best(view, 3, off={"planning"}) == best(view, 2)
    assert best(view, 3, off={"defence"}) == best(view, 3)


def test_rung_3_keeps_scoring_pairs():
    view = own_turn("1289m 119p 9s ESNRRG")   # rung 2 breaks the red pair for acceptance
    assert best(view, 2) == DISCARDS[K["R"]]
    assert best(view, 3).tile != K["R"]
    assert best(view, 3, off={"planning"}) == DISCARDS[K["R"]]


def test_rung_3_keeps_a_pungs_hand_by_discarding_single_tiles():
    # five pairs and pungs: rung 2 breaks the 5m pair for acceptance, rung 3 lets the 7p go
    view = own_turn("4556m 55788p 11333s")
    assert best(view, 2) == DISCARDS[K["5m"]]
    assert best(view, 3) == DISCARDS[K["7p"]]
    assert best(view, 3, off={"planning"}) == DISCARDS[K["5m"]]


def test_rung_3_claims_toward_a_flush_one_step_earlier():
    # one from ready after the chow, not ready: rung 2 passes, rung 3 takes it for the flush
    chow = CHOWS[K["6m"]]
    view = window("1124m 555m 68m 99m 4s 1p", K["7m"], 3, [chow])
    assert best(view, 2) == PASS
    assert best(view, 3) == chow and best(view, 3, off={"planning"}) == PASS


@pytest.mark.parametrize("idea", IDEAS)
def test_switching_off_an_idea_a_view_does_not_use_changes_nothing(idea):
    view = own_turn("123m 456m EE 13p 45s 7s 9p")
    untouched = {"claims", "defence", "planning"}
    if idea in untouched:
        assert best(view, 3, off={idea}) == best(view, 3)
    else:
        assert best(view, 3, off={idea}) == best(view, 1)


def test_without_shanten_a_rung_discards_by_rung_1_and_declares_no_kong():
    for text in ("1111m 234p 567s 89s EE", "1235m 122567p 234s N", "1224466688m 1p SSR"):
        assert best(own_turn(text), 2, off={"shanten"}) == best(own_turn(text), 1)
        assert best(own_turn(text), 3, off={"shanten", "planning"}) == best(own_turn(text), 1)


def test_a_move_is_always_one_of_the_legal_ones():
    view = own_turn("123m 456m EE 13p 45s 7s 9p")
    for level in (1, 2, 3):
        assert best(view, level) in view.legal
    assert Move("discard", tile=K["9p"]) == best(view, 2)
