"""Hands of the MCR table in the field's formats (docs/formats.md, "MCR hands"): the engine
deals one hand from a given wall, a game's sixteen hands export as sixteen Botzone matches
(the dealer player 0, mjsim's keys in initdata) and import again to the same moves and
settlement; what a format cannot hold is refused in one line."""

import io
import json

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from mjsim.game import gamelog
from mjsim.game.formats import botzone_log, contest
from mjsim.game.formats.check import Disagreement, Replayed, check
from mjsim.game.formats.events import games_of
from mjsim.game.formats.record import Refused
from mjsim.game.rules import Rules
from mjsim.game.settings import Settings
from mjsim.tiles.botzone import name_of
from mjsim.tiles.kinds import ALL_TILES
from mjsim.tiles.wall import Wall
from tests.helpers.random_play import choose

LINEUPS = (("1", "2", "3", "4"), ("2", "3", "4", "1"), ("3", "4", "1", "2"), ("4", "1", "2", "3"))


def played(seed, levels, ruleset="gb-mahjong"):
    """A seeded game of the MCR table (sixteen hands) as a game log: (header, moves)."""
    from mjsim.players.specs import load_player
    from mjsim.ui.replay import play_logged

    read = play_logged(seed, [load_player(level) for level in levels],
                       Settings(ruleset=ruleset), names=levels)
    assert read.stopped is None
    return read.header, read.moves


def by_hand(header, moves):
    """The logged moves hand by hand, and the game at its end."""
    hands = {}
    hand = 1
    for seat, move, _, rules in gamelog.replay(header, moves):
        if move is not None:
            hands.setdefault(hand, []).append((seat, move))
        hand = rules.hand_no
    return hands, rules


@pytest.fixture(scope="module")
def game():
    """One game of sixteen hands, each hand's record, its match and its match read back."""
    header, moves = played("mcr-0", LINEUPS[0])
    hands = games_of(header, moves, "mcr-0")
    matches = [json.loads(botzone_log.write(hand)) for hand in hands]
    return header, moves, hands, matches


# ------------------------------------------------------------------------- the engine

def test_a_given_wall_deals_one_hand_of_the_mcr_table_as_the_seed_would():
    rng_a, rng_b = np.random.default_rng(7), np.random.default_rng(7)
    given = Rules(b"other", "gb-mahjong", hand_no=6, walltiles=Wall(b"s", 6).tiles)
    seeded = Rules(b"s", "gb-mahjong", hand_no=6, last_hand=6)
    assert (given.dealer, given.prevalent, given.drawn) == (1, 1, seeded.drawn)
    assert [h.flowers for h in given.hands] == [h.flowers for h in seeded.hands]
    while given.status != "finished":
        seat, move = choose(rng_a, given)
        assert choose(rng_b, seeded) == (seat, move)
        assert given.apply(seat, move) is True and seeded.apply(seat, move) is True
    assert given.history == seeded.history and len(given.history) == 1


def test_a_given_mcr_wall_is_the_144_tiles():
    tiles = list(ALL_TILES)
    with pytest.raises(ValueError, match="144 tiles, flowers included: 143 given"):
        Rules(b"w", walltiles=tiles[1:])
    with pytest.raises(ValueError, match="5 copies of 1m"):
        Rules(b"w", walltiles=[0] + tiles[1:] + [0])
    with pytest.raises(ValueError, match="the wall of one hand"):
        Rules(b"w", walltiles=tiles, hand_no=1, last_hand=2)


# ------------------------------------------------------------------------- the round trip

def test_each_hand_is_a_match_whose_dealer_is_player_0(game):
    header, moves, hands, matches = game
    assert [hand.id for hand in hands] == [f"mcr-0-h{n:02d}" for n in range(1, 17)]
    for number, match in enumerate(matches, 1):
        ours = json.loads(match["log"][0]["output"]["initdata"])
        wall = Wall(b"mcr-0", number).tiles
        assert ours == {"quan": (number - 1) // 4, "srand": 0, "mjsim": {
            "table": "mcr", "hand": number, "dealer": (number - 1) % 4,
            "wall": " ".join(map(name_of, wall))}}
        first = match["log"][4]["output"]["content"]  # the request after the deal
        assert first["0"].startswith("2 ") and first["1"] == "3 0 DRAW"
        dealer = (number - 1) % 4
        assert match["players"] == [header["players"][(p + dealer) % 4] for p in range(4)]
    # Every flower the engine set aside is in a match: dealt (request 1), or a BUHUA.
    exposed = sum(event["kind"] == "flower" for _, _, events, _ in gamelog.replay(header, moves)
                  for event in events)
    buhua = sum("BUHUA" in entry["output"]["content"]["0"] for match in matches
                for entry in match["log"][0:-1:2])
    dealt = sum(sum(map(int, match["log"][2]["output"]["content"]["0"].split()[1:5]))
                for match in matches)
    assert buhua and dealt and buhua + dealt == exposed


@pytest.mark.slow
def test_mcr_games_export_and_import_to_the_same_moves_and_settlement_hand_by_hand():
    results = set()
    for number in range(200):
        header, moves = played(f"mcr-{number}", LINEUPS[number % 4])
        hands, rules = by_hand(header, moves)
        records = games_of(header, moves, f"mcr-{number}")
        assert [record.hand_no for record in records] == list(range(1, 17))
        for record in records:
            [back] = botzone_log.read(io.StringIO(botzone_log.write(record)))
            done = check(back)
            assert isinstance(done, Replayed), str(done)
            assert done.moves == hands[record.hand_no], record.id
            row, again = rules.history[record.hand_no - 1], done.rules.history[-1]
            assert {key: again[key] for key in row if key != "totals"} == {
                key: row[key] for key in row if key != "totals"}, record.id
            results.add(row["result"])
    assert results == {"score", "draw"}


def test_an_imported_mcr_hands_log_replays_to_the_same_hand(game):
    from mjsim.tournament.imported import log_text

    matches = game[3]
    [back] = botzone_log.read(io.StringIO(json.dumps(matches[6])))
    done = check(back)
    logged, logged_moves = gamelog.read(io.StringIO(log_text(done, {"id": back.id})))
    assert (logged["hand_no"], "table" in logged, "prevalent" in logged) == (7, False, False)
    *_, (_, _, _, rules) = gamelog.replay(logged, logged_moves)
    assert rules.history == done.rules.history and rules.history[0]["dealer"] == 2
    # Exported again, the hand is the same match.
    [again] = games_of(logged, logged_moves, back.id)
    assert json.loads(botzone_log.write(again))["log"] == matches[6]["log"]


# ------------------------------------------------------------------------- refusals

def test_the_contest_text_refuses_an_mcr_hand_in_one_line(game):
    _, _, hands, _ = game
    for hand in hands:
        with pytest.raises(ValueError, match="MCR hand") as refused:
            contest.write(hand)
        assert "\n" not in str(refused.value)


def test_a_log_not_scored_under_gb_mahjong_is_refused_in_one_line():
    buffer = io.StringIO()
    gamelog.GameLog(buffer, seed=b"m", ruleset="green-book", players="abcd")
    header, moves = gamelog.read(io.StringIO(buffer.getvalue()))
    with pytest.raises(ValueError, match="not green-book: play the games with --ruleset "
                                         "gb-mahjong") as refused:
        games_of(header, moves, "m")
    assert "\n" not in str(refused.value)


def _ours(match):
    return json.loads(match["log"][0]["output"]["initdata"])


@pytest.mark.parametrize(("change", "says"), [
    (lambda data: data.update(mjsim=3), 'an object whose table is "mcr"'),
    (lambda data: data["mjsim"].update(table="botzone"), 'table is "mcr"'),
    (lambda data: data["mjsim"].update(hand=17), "the hand is 1-16, not 17"),
    (lambda data: data["mjsim"].update(hand="3"), "the hand is 1-16, not '3'"),
    (lambda data: data["mjsim"].update(dealer=0), "seat 2 deals hand 3, not 0"),
    (lambda data: data["mjsim"].pop("wall"), "the wall is the hand's tiles as a string"),
    (lambda data: data.update(walltiles=data["mjsim"]["wall"]), "no walltiles beside it"),
    (lambda data: data.update(quan=2), "quan 2 is not the prevalent wind of hand 3 (0)"),
])
def test_a_malformed_mcr_initdata_is_refused_in_one_line(game, change, says):
    match = json.loads(json.dumps(game[3][2]))
    data = _ours(match)
    change(data)
    match["log"][0]["output"]["initdata"] = json.dumps(data)
    if "quan" in says:  # the quan request 0 gives each seat, as the initdata's
        for seat in range(4):
            match["log"][0]["output"]["content"][str(seat)] = f"0 {seat} 2"
    [refused] = botzone_log.read(io.StringIO(json.dumps(match)))
    assert isinstance(refused, Refused) and says in refused.reason, str(refused)
    assert "\n" not in str(refused)


def test_an_mcr_wall_not_of_the_144_tiles_is_a_wall_disagreement(game):
    match = json.loads(json.dumps(game[3][0]))
    data = _ours(match)
    data["mjsim"]["wall"] = data["mjsim"]["wall"][3:]  # one tile short
    match["log"][0]["output"]["initdata"] = json.dumps(data)
    [read] = botzone_log.read(io.StringIO(json.dumps(match)))
    outcome = check(read)
    assert isinstance(outcome, Disagreement) and outcome.kind == "wall", str(outcome)
    assert "143 given" in outcome.replayed and "\n" not in str(outcome)


_DAMAGE = [None, 0, -1, 4, 17, True, 1.5, "", "x", "3", [], {}, "W1 W2", "H1 " * 144,
           "3 0 BUHUA H1", "2 H1", "3 1 PLAY W1", "HU", "GANG W9", "1 0 0 0 0 W1"]


@settings(max_examples=200, deadline=None)
@given(st.data())
def test_a_damaged_mcr_match_is_refused_or_disagrees_in_one_line(game, data):
    match = json.loads(json.dumps(game[3][data.draw(st.integers(0, 15))]))
    ours = _ours(match)
    places = [(ours, "quan"), *((ours["mjsim"], key) for key in ("table", "hand", "dealer",
                                                                  "wall"))]
    for entry in match["log"][:-1]:
        node = entry["output"]["content"] if "output" in entry else entry
        places += [(node, seat) for seat in node]
    for _ in range(data.draw(st.integers(1, 3))):
        node, key = data.draw(st.sampled_from(places))
        node[key] = data.draw(st.sampled_from(_DAMAGE))
    match["log"][0]["output"]["initdata"] = json.dumps(ours)
    for read in botzone_log.read(io.StringIO(json.dumps(match))):
        outcome = read if isinstance(read, Refused) else check(read)
        if not isinstance(outcome, Replayed):
            assert "\n" not in str(outcome)


def test_each_hand_record_holds_its_deal_its_first_draw_and_its_settlement(game):
    header, moves, hands, _ = game
    _, rules = by_hand(header, moves)
    assert len(hands) == len(rules.history) == 16
    for number, (record, row) in enumerate(zip(hands, rules.history), 1):
        # the flowers dealt are set aside; the dealer's fourteenth tile is its first draw
        assert [len(tiles) for tiles in record.deals] == [13] * 4
        assert all(tile < 34 for tiles in record.deals for tile in tiles)
        assert all(tile >= 34 for tiles in record.flowers for tile in tiles)
        assert (record.actions[0].seat, record.actions[0].verb) == ((number - 1) % 4, "Draw")
        lines = [action.line for action in record.actions]
        assert lines == sorted(set(lines))  # one action an event, in the log's order
        assert record.walltiles == list(Wall(b"mcr-0", number).tiles)
        assert (record.scores, record.fan) == (tuple(row["deltas"]), row.get("points"))
        assert record.end == {"score": "hu", "draw": "huang"}[row["result"]]
        assert record.foul is None


def test_a_botzone_table_game_is_one_record_under_its_own_name():
    from mjsim.players import driver
    from mjsim.players.specs import load_player
    from mjsim.ui.replay import play_logged

    settings = Settings(ruleset="gb-mahjong", table="botzone")
    read = play_logged("bz", [load_player(level) for level in LINEUPS[0]], settings,
                       names=LINEUPS[0])
    done = driver.play("bz", [load_player(level) for level in LINEUPS[0]], settings=settings)
    [record] = games_of(read.header, read.moves, "bz")
    assert (record.id, record.table, record.walltiles) == ("bz", "botzone", None)
    assert [len(tiles) for tiles in record.deals] == [13] * 4
    assert record.scores == tuple(done.history[0]["deltas"])


@pytest.mark.parametrize("table", ["mcr", "botzone"])
@pytest.mark.parametrize("how", ["raise", "illegal"])
def test_a_foul_exports_as_the_judges_verdict_and_imports_to_the_same_settlement(table, how):
    # Was: refused by the export ("only a game that ends in a win or a drawn game is written").
    from mjsim.players import Rung
    from mjsim.ui.replay import play_logged
    from tests.players.test_driver_hooks import Fouler, FoulsHearing

    players = [Rung(2), FoulsHearing("observe", "discard"), Fouler({1, 3, 16}, how), Rung(1)]
    read = play_logged("fouls-out", players, Settings(ruleset="gb-mahjong", table=table),
                       names=["a", "b", "c", "d"])
    hands, rules = by_hand(read.header, read.moves)
    fouled = []
    for record in games_of(read.header, read.moves, "fouls-out"):
        [back] = botzone_log.read(io.StringIO(botzone_log.write(record)))
        done = check(back)
        assert isinstance(done, Replayed), str(done)
        row, again = rules.history[record.hand_no - 1], done.rules.history[-1]
        assert (again["result"], again["deltas"]) == (row["result"], row["deltas"])
        assert done.moves == hands[record.hand_no], record.id
        if row["result"] == "foul":
            fouled.append(record.hand_no)
            assert (again["foul"]["seat"], again["foul"]["reason"]) == (
                row["foul"]["seat"], row["foul"]["reason"])
    assert fouled == ([1, 2, 3, 16] if table == "mcr" else [1])


def test_a_foul_of_another_penalty_than_the_judges_is_refused_in_one_line():
    from mjsim.players import Rung
    from mjsim.ui.replay import play_logged
    from tests.players.test_driver_hooks import Fouler

    players = [Rung(1), Rung(1), Fouler({1}, "none"), Rung(1)]
    read = play_logged("penalty", players, Settings(ruleset="gb-mahjong", table="botzone",
                                                    penalty=7), names=["a", "b", "c", "d"])
    [record] = games_of(read.header, read.moves, "penalty")
    with pytest.raises(ValueError) as caught:
        botzone_log.write(record)
    assert str(caught.value) == ("a foul costs 10 to each other seat on Botzone's judge, and "
                                 "this game's scores are 7 7 -21 7")
