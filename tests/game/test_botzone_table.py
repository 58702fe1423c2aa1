"""Botzone's table (docs/botzone-table.md): the seven games recorded from Botzone's judge replayed
move for move, the split wall, the judge's limits near the end of the parts on rigged walls,
random play, and fouls on both tables."""

from collections import Counter

import numpy as np
import pytest

from mjsim.errors import Error
from mjsim.game.moves import KONG, PASS, PUNG, WIN, Move
from mjsim.game.rules import Rules
from mjsim.game.settlement import BASE, settle, settle_foul
from mjsim.players.view import view_of
from mjsim.tiles.kinds import ALL_TILES, N_KINDS
from mjsim.tiles.notation import parse
from mjsim.tiles.wall import PLAYING_TILES, SplitWall, shuffled_tiles
from tests.game.botzone_replay import replay
from tests.helpers.botzone_record import records
from tests.helpers.positions import apply_ok, code
from tests.helpers.random_play import choose, play_fuzzing

RECORDS = records()


def invariants_hold(rules):
    assert rules.check_invariants() == [], rules.to_string()


# ------------------------------------------------------------------------ the recorded games

@pytest.mark.parametrize("record", RECORDS, ids=[r.name for r in RECORDS])
def test_a_recorded_game_replays_to_the_judges_requests_and_scores(record):
    assert {a.verdict for answers in record.rounds for a in answers} == {"OK"}
    played = replay(record, invariants_hold)
    rules, display = played.rules, record.display
    assert rules.totals == list(record.scores)
    assert played.fouls == record.faults   # a foul exactly where the judge gave WA or WH
    last = rules.history[-1]
    if display["action"] == "HU":
        assert (last["result"], last["winner"], last["points"]) == (
            "score", display["player"], display["fanCnt"])
    elif display["action"] == "HUANG":
        assert last["result"] == "draw"
        assert rules.wall_parts() == tuple(display["tileCnt"])
    else:
        assert last["foul"]["seat"] == display["player"]
        assert last["deltas"] == settle_foul(display["player"])


def test_the_records_show_every_way_a_botzone_game_ends():
    actions = Counter(r.display["action"] for r in RECORDS)
    assert actions == {"HU": 4, "WH": 1, "WA": 1, "HUANG": 1}
    assert {len(r.walltiles) for r in RECORDS} == {136, 144}


def test_the_judges_settlement_is_settle_on_the_points_with_flowers():
    """The judge's formulas (README "Scores and penalties") against settle, for every fan."""
    for fan in range(8, 90):
        assert settle(2, "self", fan) == [-(8 + fan), -(8 + fan), 3 * (8 + fan), -(8 + fan)]
        assert settle(1, "discard", fan, 2) == [-8, 24 + fan, -(8 + fan), -8]
        assert settle(2, "rob", fan, 1) == [-8, -(8 + fan), 24 + fan, -8]
    assert BASE == 8
    assert settle_foul(3) == [10, 10, 10, -30]


# ------------------------------------------------------------------------------ the wall

def test_a_split_wall_deals_each_part_from_its_end():
    wall = SplitWall.from_order(range(12))
    assert wall.parts == (3, 3, 3, 3) and len(wall) == 12
    assert [wall.draw_from(2) for _ in range(3)] == [8, 7, 6]
    assert wall.parts == (3, 3, 0, 3) and wall.order == (0, 1, 2, 3, 4, 5, 9, 10, 11)
    copy = wall.copy()
    assert copy.draw_from(0) == 2 and wall.parts == (3, 3, 0, 3) and copy.parts == (2, 3, 0, 3)
    with pytest.raises(Exception, match="seat 2's part of the wall is empty"):
        wall.draw_from(2)
    for draw in (wall.draw, wall.draw_back):
        with pytest.raises(TypeError, match="draw_from"):
            draw()
    with pytest.raises(ValueError, match="multiple of 4"):
        SplitWall.from_order(range(10))


def test_the_seeded_split_wall_is_the_136_without_flowers_and_the_same_everywhere():
    wall = SplitWall(b"seed")
    assert Counter(wall.order) == Counter(PLAYING_TILES) and wall.parts == (34,) * 4
    assert wall.order == SplitWall("seed").order != SplitWall(b"other").order
    assert list(wall.order) == shuffled_tiles(b"seed", 1, PLAYING_TILES)


def rigged(*parts):
    """Botzone walltiles whose part ``i`` seat ``i`` draws in the order written (its deal first)."""
    kinds = [parse(part) for part in parts]
    assert len({len(k) for k in kinds}) == 1
    return [kind for part in kinds for kind in reversed(part)]


# Seat 0 holds four 1m and a pure straight, waiting on 5p; seat 1 draws two flowers first, which
# empties its part; seat 2 holds 55p and 99p.
ENDGAME = rigged("1111m 23456789m 5p  9p 5p 6s", "147p 147s ESWN RGB  F1 F2 9s",
                 "55p 99p 236p 235s ESW  7s 8s 8p", "2368p 2358s ESWNR  G B 6s")


def botzone(walltiles, **kw):
    rules = Rules(b"rig", "gb-mahjong", table="botzone", walltiles=walltiles, **kw)
    invariants_hold(rules)
    return rules


def discard_drawn(rules):
    apply_ok(rules, rules.turn, Move("discard", tile=rules.drawn))


def pass_window(rules):
    while rules.phase in ("claim", "rob"):
        apply_ok(rules, rules.waiting_on()[0], PASS)


def to_seat_0s_second_draw(rules):
    """Play ENDGAME on: every seat discards what it drew, every window passes."""
    assert kong(0) in rules.legal(0)  # the parts are full enough
    discard_drawn(rules)
    assert PUNG in rules.legal(2)     # seat 1's part is not yet empty
    pass_window(rules)
    for _ in range(3):
        discard_drawn(rules)
        pass_window(rules)
    assert rules.turn == 0 and rules.wall_parts() == (1, 0, 2, 2)


def kong(tile):
    return Move("kong", tile=tile)


# --------------------------------------------------------------------- the deal and the draws

def test_the_deal_takes_thirteen_each_from_the_own_part_replacing_flowers_at_once():
    walltiles = rigged("123456789m 1234p 5p 6p", "F1 123456789s 1234s 5s",
                       "5678p ES F2 WNRGB 9p 6p 7p", "11m 22m 33m 44m 55m 6m 99s 7m 8m")
    rules = botzone(walltiles, prevalent=2)
    events = rules.take_outcomes()
    deal = events[0]
    assert deal["hands"] == [parse("123456789m 1234p"), parse("123456789s 1234s"),
                             parse("5678p ESWNRGB 9p 6p"), parse("11m 22m 33m 44m 55m 6m 99s")]
    assert (deal["dealer"], deal["prevalent"], rules.prevalent) == (0, 2, 2)
    flower, season = parse("F1 F2")
    assert events[1:] == [
        {"actor": 1, "kind": "flower", "tile": flower, "from": "deal"},
        {"actor": 2, "kind": "flower", "tile": season, "from": "deal"},
        {"actor": 0, "kind": "drew", "tile": parse("5p")[0], "from": "wall"}]
    assert deal["parts"] == [2, 1, 1, 2] and rules.wall_parts() == (1, 1, 1, 2)
    assert len(rules.wall) == 5 and rules.hand_of(2).flowers == (season,)
    assert [rules.hand_of(s).size for s in range(4)] == [14, 13, 13, 13]


def test_a_flower_is_replaced_from_the_own_part_and_an_empty_part_ends_the_game():
    rules = botzone(ENDGAME)
    discard_drawn(rules)
    pass_window(rules)
    events = rules.take_outcomes()
    flowers = [e for e in events if e["kind"] == "flower"]
    assert [e["actor"] for e in flowers] == [1, 1] and rules.turn == 1
    assert events[-1] == {"actor": 1, "kind": "drew", "tile": parse("9s")[0], "from": "back"}
    assert rules.wall_parts() == (2, 0, 3, 3)
    for _ in range(3):
        discard_drawn(rules)
        pass_window(rules)
    discard_drawn(rules)  # seat 0's discard; seat 1 is due to draw from its empty part
    assert rules.status == "finished" and rules.result == "draw"
    assert rules.wall_parts() == (1, 0, 2, 2) and rules.history[-1]["wall_left"] == 5
    assert [e["kind"] for e in rules.take_outcomes()][-3:] == ["exhausted", "settle", "end"]


def test_no_kong_and_no_claim_once_the_next_seats_part_is_empty():
    rules = botzone(ENDGAME)
    to_seat_0s_second_draw(rules)
    assert kong(0) not in rules.legal(0)
    refusal = rules.apply(0, kong(0))
    assert code(refusal) == "wall-empty" and "seat 1's part" in refusal.message
    apply_ok(rules, 0, Move("discard", tile=parse("5p")[0]))  # seat 2 holds 55p, may not pung
    assert rules.result == "draw" and rules.history[-1]["wall_left"] == 5


def test_no_kong_once_the_own_part_is_empty():
    walltiles = rigged("1111m 23456789m 5p 9p", "147p 147s ESWN RGB 9s",
                       "55p 99p 236p 235s ESW 7s", "2368p 2358s ESWNR G")
    rules = botzone(walltiles)
    assert rules.wall_parts() == (0, 1, 1, 1) and kong(0) not in rules.legal(0)
    assert code(rules.apply(0, kong(0))) == "wall-empty"


def test_a_self_drawn_win_is_the_last_tile_when_the_next_seats_part_is_empty():
    rules = botzone(ENDGAME)
    to_seat_0s_second_draw(rules)
    apply_ok(rules, 0, WIN)
    names = [fan[1] for fan in rules.history[-1]["fans"]]
    assert "Last Tile Draw" in names and "Pure Straight" in names
    points = rules.history[-1]["points"]
    assert rules.totals == settle(0, "self", points)


def test_the_first_draw_is_no_last_tile_when_the_parts_are_full():
    rules = botzone(ENDGAME)
    assert rules.drawn_from == "wall" and not rules.last_draw_emptied


def test_a_claimed_kong_looks_only_at_the_discarders_next_part_as_the_judge_does():
    """Seat 2's part is empty after its deal (a flower in it), seat 1's is not: seat 2 may
    claim a kong, whose replacement it then cannot draw, so the game is drawn."""
    walltiles = rigged("123456789m 1234p 9s", "123456789p 1235s 7m",
                       "999s F1 ESWNRGB 55s 6s", "11m 22m 33m 44m 55m 6m 8s 7s 9m")
    rules = botzone(walltiles)
    assert rules.wall_parts() == (0, 1, 0, 1)
    discard_drawn(rules)  # 9s
    assert rules.legal(2) == [PUNG, KONG, PASS]
    apply_ok(rules, 2, KONG)
    kinds = [e["kind"] for e in rules.take_outcomes()]
    assert kinds[-4:] == ["kong", "exhausted", "settle", "end"]
    assert rules.result == "draw"


# ---------------------------------------------------------------------------- random play

@pytest.mark.parametrize("flowers", [False, True])
def test_random_games_on_the_botzone_table_keep_the_invariants(flowers):
    seen = Counter()
    for number in range(24):
        rng = np.random.default_rng(number)
        walltiles = shuffled_tiles(number, 1) if flowers else None
        rules = Rules(number, "gb-mahjong", table="botzone", walltiles=walltiles)
        invariants_hold(rules)
        while rules.is_active:
            seat, move = choose(rng, rules)
            apply_ok(rules, seat, move)
            seen[move.kind] += 1
            parts = rules.wall_parts()
            assert len(rules.wall) == sum(parts) == view_of(rules, seat).wall
        assert sum(rules.totals) == 0 and rules.hand_no == 1
        seen[rules.history[-1]["result"]] += 1
    assert {"discard", "pung", "chow", "kong", "pass", "draw"} <= set(seen)  # wins: replays


def test_refusals_on_the_botzone_table_change_nothing():
    codes = Counter()
    rng = np.random.default_rng(7)
    rules = Rules(b"fuzz", "gb-mahjong", table="botzone", walltiles=shuffled_tiles(b"fuzz", 1))
    play_fuzzing(rng, rules, codes, every=17)
    assert {"not-your-turn", "tile-not-held", "game-over"} <= set(codes)


def test_a_clone_keeps_the_table_and_its_own_parts():
    rules = Rules(b"c", table="botzone", prevalent=3)
    parts = rules.wall_parts()
    clone = rules.clone()
    assert (clone.table, clone.prevalent, clone.wall_parts()) == ("botzone", 3, parts)
    discard_drawn(clone)
    pass_window(clone)
    assert rules.wall_parts() == parts and (rules.turn, rules.phase) == (0, "discard")


# ------------------------------------------------------------------------ the table's inputs

def test_the_prevalent_wind_comes_from_the_seed_unless_given():
    winds = [Rules(seed, table="botzone").prevalent for seed in range(40)]
    assert set(winds) == {0, 1, 2, 3}
    assert winds == [Rules(seed, table="botzone").prevalent for seed in range(40)]
    assert Rules(b"x", table="botzone", prevalent=1).prevalent == 1


@pytest.mark.parametrize(("kwargs", "message"), [
    ({"table": "riichi"}, "the tables are mcr, botzone"),
    ({"walltiles": list(PLAYING_TILES)}, "MCR table's walltiles are the 144 tiles"),
    ({"walltiles": list(ALL_TILES), "hand_no": 2, "last_hand": 3}, "the wall of one hand"),
    ({"prevalent": 1}, "Botzone's table only"),
    ({"table": "botzone", "prevalent": 4}, "^prevalent is a whole number from 0 to 3, not 4$"),
    ({"table": "botzone", "hand_no": 2}, "one hand a game"),
    ({"table": "botzone", "walltiles": [0] * 5 + list(range(1, 28))}, "5 copies of 1m"),
    ({"table": "botzone", "walltiles": [N_KINDS] * 4}, "kinds 0-41, not 42"),
    ({"table": "botzone", "walltiles": ["W1"] * 4}, "kinds 0-41"),
    ({"table": "botzone", "walltiles": list(PLAYING_TILES[:134])}, "multiple of 4"),
    ({"table": "botzone", "walltiles": list(PLAYING_TILES[:48])}, "runs out before"),
])
def test_bad_table_inputs_are_refused(kwargs, message):
    with pytest.raises(ValueError, match=message):
        Rules(b"bad", **kwargs)


def test_the_mcr_table_has_no_parts():
    rules = Rules(b"m")
    assert rules.table == "mcr" and rules.wall_parts() is None


# --------------------------------------------------------------------------------- fouls

def test_a_foul_on_the_mcr_table_settles_and_deals_the_next_hand():
    rules = Rules(b"foul")
    rules.take_outcomes()
    assert rules.foul(2, "WA", "PLAY W1") is True
    events = rules.take_outcomes()
    assert events[0] == {"actor": 2, "kind": "foul", "reason": "WA", "answer": "PLAY W1"}
    assert events[1] == {"actor": "sys", "kind": "settle", "deltas": [10, 10, -30, 10],
                         "totals": [10, 10, -30, 10]}
    assert events[2]["kind"] == "deal" and events[2]["hand_no"] == 2 == rules.hand_no
    row = rules.history[-1]
    assert (row["result"], row["winner"], row["by"], rules.result) == ("foul", None, "foul",
                                                                       "foul")
    assert row["foul"] == {"seat": 2, "reason": "WA", "answer": "PLAY W1"}
    apply_ok(rules, rules.turn, Move("discard", tile=rules.drawn))


def test_a_foul_row_keeps_the_keys_of_every_other_row():
    won = replay(RECORDS[1]).rules.history[-1]
    rules = Rules(b"keys", last_hand=1)
    assert rules.foul(0, "TLE") is True
    row = rules.history[-1]
    assert set(won) <= set(row) and set(row) - set(won) == {"foul"}
    assert (row["total"], row["points"], row["fans"], row["from"], row["tile"]) == (
        0, 0, [], None, None)


def test_a_foul_in_a_window_on_the_botzone_table_ends_the_game():
    rules = botzone(ENDGAME)
    discard_drawn(rules)
    assert rules.phase == "claim"
    assert rules.foul(1, "WA", "PENG W1", penalty=5) is True
    assert rules.status == "finished" and rules.totals == [5, -15, 5, 5]
    assert rules.waiting_on() == [] and rules.legal(2) == []
    invariants_hold(rules)
    assert [e["kind"] for e in rules.take_outcomes()][-3:] == ["foul", "settle", "end"]


def test_a_foul_is_refused_after_the_end_and_for_a_seat_that_is_none():
    rules = Rules(b"end", last_hand=1)
    for seat in (4, -1, "1", True):
        assert code(rules.foul(seat, "WA")) == "bad-seat"
    assert rules.history == [] and rules.totals == [0, 0, 0, 0]
    rules.foul(3, "WA")
    before = (list(rules.totals), len(rules.history), len(rules.outcomes))
    refusal = rules.foul(1, "WA")
    assert isinstance(refusal, Error) and refusal.code == "game-over"
    assert (list(rules.totals), len(rules.history), len(rules.outcomes)) == before
    with pytest.raises(ValueError, match="non-negative"):
        Rules(b"p").foul(0, "WA", penalty=-1)


def test_foul_deltas_sum_to_zero():
    for seat in range(4):
        for penalty in (0, 1, 10, 32):
            deltas = settle_foul(seat, penalty)
            assert sum(deltas) == 0 and deltas[seat] == -3 * penalty
