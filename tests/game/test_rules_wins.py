"""Wins in the rules engine: who may win, priorities among claims, robbing the kong, the
context handed to the scorer, settlement and what follows a hand."""

import pytest

import mjsim.scoring.scorer
from mjsim.game.moves import CHOWS, DISCARDS, KONG, KONGS, PASS, PUNG, WIN
from mjsim.game.settlement import BASE, settle
from mjsim.scoring.elements import RULESETS
from mjsim.tiles.kinds import NAMES
from tests.helpers.positions import SEAT0, SEAT1, SEAT2, SEAT3, apply_ok, code, kinds, position

M3, M5, S3, R = 2, 4, 20, 31
NINE_GATES = "1112345678999m"              # waits on every m tile, 88 points and more
M_PAIRS = "22m 33m 44m 66m 77m 88m 5m"     # waits on 2m 5m 8m, a full flush whatever the wait


class Calls(list):
    """The WinContext of every scoring call, in order, and the ruleset of each."""

    def __init__(self):
        super().__init__()
        self.rulesets = []


@pytest.fixture
def contexts(monkeypatch):
    seen = Calls()
    real = mjsim.scoring.scorer.score

    def spy(hand, context, ruleset="green-book"):
        seen.append(context)
        seen.rulesets.append(ruleset)
        return real(hand, context, ruleset=ruleset)

    monkeypatch.setattr(mjsim.scoring.scorer, "score", spy)
    return seen


@pytest.mark.parametrize("ruleset", ["gb-mahjong", "green-book"])
def test_the_ruleset_reaches_the_scorer(contexts, ruleset):
    game = position(hands=(NINE_GATES + " 5m", SEAT1, SEAT2, SEAT3), drawn=M5, ruleset=ruleset)
    assert game.ruleset == ruleset
    apply_ok(game, 0, WIN)
    # The index the engine parsed once, not the name again.
    assert contexts.rulesets and set(contexts.rulesets) == {RULESETS.index(ruleset)}


def test_self_drawn_win_settles_into_the_totals():
    game = position(hands=(NINE_GATES + " 5m", SEAT1, SEAT2, SEAT3), drawn=M5, totals=[1, 2, -3, 0])
    assert WIN in game.legal(0)
    apply_ok(game, 0, WIN)
    win = next(e for e in game.take_outcomes() if e["kind"] == "win")
    assert win["by"] == "self" and win["from"] is None and win["tile"] == M5
    assert win["total"] >= 8
    deltas = settle(0, "self", win["points"])
    assert game.history[-1]["deltas"] == deltas and deltas[1] == -(BASE + win["points"])
    assert game.totals == [1 + deltas[0], 2 + deltas[1], -3 + deltas[2], deltas[3]]
    assert game.winner == 0 and game.result == "score" and game.phase == "finished"
    assert game.hand_of(0).size == 14 and game.check_invariants() == []


def test_a_self_drawn_hand_below_eight_is_refused():
    # As golden row S8 without flowers (docs/rules.md#the-8-point-minimum): complete, but
    # Self-Drawn 1 is all it scores.
    game = position(hands=("chow(234m) chow(567p) pung(777s) 345m NN", SEAT1, SEAT2, SEAT3),
                    drawn=M5)
    assert WIN not in game.legal(0)
    assert code(game.apply(0, WIN)) == "below-minimum"


def test_a_discard_win_below_eight_is_not_offered():
    # All Chows, Short Straight and Concealed Hand: 5 points on a discarded 5m.
    game = position(hands=(SEAT0, "234m 67m 345p 678s 77p", SEAT2, SEAT3))
    apply_ok(game, 0, DISCARDS[M5])
    assert game.window["may"] == {1: [CHOWS[2], CHOWS[3], CHOWS[4]]}
    assert code(game.apply(1, WIN)) == "below-minimum"


def wins_table(seat1=SEAT1):
    """Seat 0 discards 5m: seat 1 may chow it, seats 2 and 3 may win on it."""
    return position(hands=(SEAT0, seat1, M_PAIRS, NINE_GATES))


def test_the_nearest_win_closes_the_window_at_once():
    game = wins_table()
    apply_ok(game, 0, DISCARDS[M5])
    assert game.window["may"] == {1: [CHOWS[3]], 2: [WIN], 3: [WIN]}
    assert game.waiting_on() == [1, 2, 3]
    apply_ok(game, 2, WIN)
    assert game.winner == 2 and game.history[-1]["by"] == "discard"
    assert game.history[-1]["from"] == 0


def test_a_farther_win_waits_for_the_nearer_and_takes_it_when_passed():
    game = wins_table()
    apply_ok(game, 0, DISCARDS[M5])
    apply_ok(game, 3, WIN)
    assert game.waiting_on() == [2]              # seat 1's chow is moot: it cannot beat a win
    assert code(game.apply(1, CHOWS[3])) == "not-your-turn"
    apply_ok(game, 2, PASS)
    assert game.winner == 3
    record = game.history[-1]
    assert record["deltas"] == settle(3, "discard", record["points"], 0)
    assert record["deltas"][0] == -(BASE + record["points"]) and record["deltas"][1] == -BASE


def test_a_win_beats_a_chow_lodged_first():
    game = wins_table()
    apply_ok(game, 0, DISCARDS[M5])
    apply_ok(game, 1, CHOWS[3])
    assert game.waiting_on() == [2, 3]
    apply_ok(game, 2, PASS)
    apply_ok(game, 3, WIN)
    assert game.winner == 3 and game.hand_of(1).melds == ()


def test_a_win_beats_a_pung():
    game = position(hands=(SEAT0, "55m 1589p 1589s ESG", SEAT2, NINE_GATES))
    apply_ok(game, 0, DISCARDS[M5])
    assert game.window["may"] == {1: [PUNG], 3: [WIN]}
    apply_ok(game, 1, PUNG)
    assert game.waiting_on() == [3]
    apply_ok(game, 3, WIN)
    assert game.winner == 3


def test_a_win_may_be_passed_for_a_pung():
    game = position(hands=(SEAT0, SEAT1, "234m 567m 789m 55m 11m", SEAT3))  # waits 5m or 1m
    apply_ok(game, 0, DISCARDS[M5])
    assert game.legal(2) == [WIN, PUNG, KONG, PASS]
    apply_ok(game, 2, PUNG)
    assert game.turn == 2 and game.winner is None


ROBBED = "pung(333s) 3s 1589p ESWNRG"         # seat 0 promotes its pung of 3s
ROBBER2 = "123m 456m 789p 12s 55s"             # waits on 3s alone
ROBBER3 = "456p 456s 789s 12s 99s"


def robbing_table():
    game = position(hands=(ROBBED, SEAT1, ROBBER2, ROBBER3), wall="4s 6s 7s")
    apply_ok(game, 0, KONGS[S3])
    return game


def test_a_promoted_kong_opens_a_window_for_robbing():
    game = robbing_table()
    assert kinds(game.take_outcomes()) == [(0, "promote")]
    assert game.phase == "rob" and game.turn is None
    assert game.window["kind"] == "rob" and game.window["may"] == {2: [WIN], 3: [WIN]}
    assert game.legal(2) == [WIN, PASS] and game.waiting_on() == [2, 3]
    assert code(game.apply(2, PUNG)) == "no-such-move"
    assert code(game.apply(0, DISCARDS[S3])) == "not-your-turn"


def test_robbing_settles_as_a_discard_by_the_promoter():
    game = robbing_table()
    apply_ok(game, 3, WIN)
    assert game.waiting_on() == [2]
    apply_ok(game, 2, PASS)
    record = game.history[-1]
    assert (record["winner"], record["by"], record["from"]) == (3, "rob", 0)
    assert record["deltas"][0] == -(BASE + record["points"])
    assert record["deltas"][1] == record["deltas"][2] == -BASE
    assert game.hand_of(0).melds[0].kind == "pung"   # the kong was never made


def test_the_nearest_robber_wins_at_once():
    game = robbing_table()
    apply_ok(game, 2, WIN)
    assert game.winner == 2


def test_a_kong_nobody_robs_is_performed():
    game = robbing_table()
    apply_ok(game, 2, PASS)
    apply_ok(game, 3, PASS)
    assert kinds(game.take_outcomes())[-3:] == [(3, "pass"), (0, "kong"), (0, "drew")]
    assert game.hand_of(0).melds[0].kind == "kong" and game.turn == 0 and game.replacement


# ------------------------------------------------------------------ the context of a win

def test_context_of_a_self_drawn_win(contexts):
    hands = (SEAT1, NINE_GATES + " 5m F1 T3", SEAT2, SEAT3)
    game = position(hands=hands, hand_no=6, turn=1, drawn=M5, wall="3s")
    apply_ok(game, 1, WIN)
    context = contexts[-1]
    assert (context.win_tile, context.self_drawn, context.flowers) == (M5, True, 2)
    assert (context.seat_wind, context.prevalent_wind) == (0, 1)   # seat 1 deals hand 6
    assert not (context.last_copy or context.wall_last or context.replacement
                or context.robbing)


def test_context_of_a_discard_win(contexts):
    game = position(hands=(SEAT0, SEAT1, M_PAIRS, SEAT3))
    apply_ok(game, 0, DISCARDS[M5])
    apply_ok(game, 2, WIN)
    context = contexts[-1]
    assert (context.win_tile, context.self_drawn, context.seat_wind) == (M5, False, 2)
    assert not (context.last_copy or context.wall_last or context.replacement
                or context.robbing)


EDGE_3M = "12m 456m 789m 111m 99m"             # waits on 3m alone, holding none


@pytest.mark.parametrize(("pools", "last_copy"), [
    (["", "3m", "3m", "3m"], True),
    (["", "3m", "", "3m"], False),
])
def test_last_copy_on_a_self_drawn_win(contexts, pools, last_copy):
    _dealer_draws_3m_and_wins(pools)
    assert contexts[-1].last_copy is last_copy


def _dealer_draws_3m_and_wins(pools):
    """The dealer, holding EDGE_3M and a 3m, draws the 3m and wins, after ``pools``."""
    game = position(hands=(EDGE_3M + " 3m", SEAT1, SEAT2, SEAT3), drawn=M3, pools=pools)
    apply_ok(game, 0, WIN)
    return game


@pytest.mark.parametrize(("pools", "dealt"), [
    (["", "", "", ""], True),
    (["", "3p", "", ""], False),
])
def test_a_dealer_complete_on_the_deal_wins_with_no_wait_element(contexts, pools, dealt):
    """The dealt fourteen never waited (D20, docs/rulings.md); once a tile is out, they did."""
    game = _dealer_draws_3m_and_wins(pools)
    assert contexts[-1].initial is dealt and contexts[-1].self_drawn
    names = {name for _, name, _, _ in game.history[-1]["fans"]}
    assert ("Edge Wait" in names) is not dealt


@pytest.mark.parametrize(("seat1", "pools", "last_copy"), [
    ("chow(345m) 1589s ESGR 67p", ["", "3m", "", "3m"], True),  # a copy in an exposed meld
    ("345m 1589s ESGR 67p", ["", "3m", "", "3m"], False),       # ... or concealed: not seen
    ("chow(345m) 1589s ESGR 67p", ["", "", "", "3m"], False),
])
def test_last_copy_on_a_discard_win(contexts, seat1, pools, last_copy):
    game = position(hands=("3m 1589s ESWNRG 2p 6p 7p", seat1, EDGE_3M, SEAT3), pools=pools)
    apply_ok(game, 0, DISCARDS[M3])
    apply_ok(game, 2, WIN)
    assert contexts[-1].last_copy is last_copy and contexts[-1].win_tile == M3


def test_wall_last_on_a_self_drawn_win(contexts):
    # Seat 3 discards; seat 0 draws the wall's last tile and wins on it (Last Tile Draw).
    game = position(hands=(NINE_GATES, SEAT1, SEAT2, SEAT0), turn=3, wall="5m")
    apply_ok(game, 3, DISCARDS[R])
    assert game.last_draw_emptied
    apply_ok(game, 0, WIN)
    assert contexts[-1].wall_last and contexts[-1].self_drawn


def test_wall_last_on_a_discard_win(contexts):
    # Seat 1 draws the last tile and discards it; seat 3 wins on it (Last Tile Claim).
    game = position(hands=(SEAT0, SEAT1, SEAT2, NINE_GATES), wall="7m")
    apply_ok(game, 0, DISCARDS[R])
    apply_ok(game, 1, DISCARDS[6])
    assert game.window["may"] == {3: [WIN]}
    apply_ok(game, 3, WIN)
    assert contexts[-1].wall_last and not contexts[-1].self_drawn


KONG_HAND = "RRRR 11m 123p 456p 78p"


@pytest.mark.parametrize(("wall", "replacement", "flowers"), [
    ("3s 9p", True, 0),            # the kong's replacement completes the hand
    ("3s 9p F2", False, 1),        # a flower came first: a flower replacement (D12)
])
def test_replacement_after_a_kong(contexts, wall, replacement, flowers):
    game = position(hands=(KONG_HAND, SEAT1, SEAT2, SEAT3), wall=wall)
    apply_ok(game, 0, KONGS[R])
    assert WIN in game.legal(0)
    apply_ok(game, 0, WIN)
    context = contexts[-1]
    assert context.replacement is replacement and context.flowers == flowers
    assert context.self_drawn and context.win_tile == 17


def test_context_of_robbing_the_kong(contexts):
    game = robbing_table()
    apply_ok(game, 2, WIN)
    assert {context.seat_wind for context in contexts} == {2, 3}   # both robbers were asked
    for context in contexts:
        assert context.robbing and not context.self_drawn and not context.last_copy
        assert context.win_tile == S3 and not context.wall_last


def test_the_deal_passes_after_a_dealer_win():
    game = position(hands=(NINE_GATES + " 5m", SEAT1, SEAT2, SEAT3), drawn=M5, last_hand=2,
                    seed=b"next")
    apply_ok(game, 0, WIN)
    assert game.hand_no == 2 and game.dealer == 1 and game.waiting_on() == [1]
    assert game.totals == game.history[0]["deltas"] and game.is_active
    deal = [e for e in game.take_outcomes() if e["kind"] == "deal"]
    assert deal[0]["hand_no"] == 2 and deal[0]["dealer"] == 1
    assert game.check_invariants() == []


# Seat 2 waits on one kind alone (four concealed pungs and a single wait: a win whatever the
# kind); seat 0 holds that kind and discards it; seats 1 and 3 hold at most one copy each.
WAITS_ON = ("147m 258m 147s 258s 3m {}", "5p 6p 7p 8p 9p 5m 5m 6m 9m 3s 6s 8s 8s",
            "111p 222p 333p 444p {}", "5p 6p 6p 7p 8p 9p 5m 6m 9m 3s 6s 8s 9s")


@pytest.mark.parametrize("kind", [0, 8, 26, 27, 30, 31, 32, 33])
def test_a_discard_that_completes_a_hand_is_a_win_on_it_whatever_its_kind(kind):
    """The engine keeps each seat's waits as a mask, a bit a kind: the kinds at its ends (1m,
    9m, 9s, the winds, and the dragons past the 32 bits of a C int) are each offered as a win,
    and the waits kept are the hand's own (check_invariants works them out anew)."""
    game = position(hands=[hand.format(NAMES[kind]) for hand in WAITS_ON])
    apply_ok(game, 0, DISCARDS[kind])
    assert game.window["tile"] == kind and WIN in game.legal(2)
    assert game.check_invariants() == []
    apply_ok(game, 2, WIN)
    assert game.winner == 2 and game.history[-1]["tile"] == kind
