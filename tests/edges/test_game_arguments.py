"""Bad arguments to the tiles and the game: a TypeError or ValueError naming the argument and
its value, never a truncated number, an error from deep inside, or a changed object."""

from __future__ import annotations

import io
import json
from pathlib import Path
from typing import Any

import numpy as np
import pytest

from mjsim.game import gamelog, settlement
from mjsim.game.formats import botzone_log, contest
from mjsim.game.formats.record import Refused
from mjsim.game.moves import Move, claimed_meld
from mjsim.game.rules import Rules
from mjsim.game.settings import Settings, settings_of
from mjsim.tiles import botzone, kinds, notation
from mjsim.tiles.hand import Hand
from mjsim.tiles.meld import Meld
from mjsim.tiles.wall import SplitWall, Wall, seed_bytes, shuffled_tiles
from tests.helpers.botzone_logs import match_log
from tests.helpers.botzone_record import RECORDS
from tests.helpers.botzone_record import read as read_record

# ------------------------------------------------------------------------ hands and melds


@pytest.mark.parametrize(("concealed", "flowers", "error", "message"), [
    ([1.5, 2.9, 0.2], (), TypeError, r"^concealed\[0\] is a whole number, not 1.5$"),
    ([0, True], (), TypeError, r"^concealed\[1\] is a whole number, not a bool"),
    ([0, 34], (), ValueError, r"^concealed\[1\] is a whole number from 0 to 33, not 34$"),
    (5, (), TypeError, "^concealed are tile kinds"),
    ((), [34.0], TypeError, r"^flowers\[0\] is a whole number, not 34.0$"),
    ((), [42], ValueError, r"^flowers\[0\] is a whole number from 0 to 41, not 42$"),
])
def test_a_hand_of_kinds_that_are_none_is_refused(concealed: Any, flowers: Any,
                                                   error: type[Exception], message: str) -> None:
    with pytest.raises(error, match=message):
        Hand(concealed, flowers=flowers)


@pytest.mark.parametrize("melds", [None, 5, Meld.pung(1)])
def test_a_hand_of_melds_that_are_no_list_is_refused(melds: Any) -> None:
    # Were "'NoneType' object is not iterable" (and a Meld alone "'Meld' object is not ...")
    with pytest.raises(TypeError, match="^melds are a list of Melds, not "):
        Hand([0], melds=melds)


@pytest.mark.parametrize(("tiles", "error", "message"), [
    (None, TypeError, "^tiles are tile kinds \\(ints\\), not None$"),  # was "not iterable"
    ("123", TypeError, "^tiles are tile kinds \\(ints\\), not '123'$"),  # was "no tile kind '1'"
    ([1, "x"], ValueError, "^no tile kind 'x'$"),  # was "'<' not supported between ..."
    ([1, None], ValueError, "^no tile kind None$"),
])
def test_printed_tiles_that_are_none_are_named(tiles: Any, error: type[Exception],
                                               message: str) -> None:
    with pytest.raises(error, match=message):
        notation.print_tiles(tiles)
    assert notation.print_tiles(np.array([27, 0])) == notation.print_tiles((0, 27)) == "1m E"


def test_a_hand_of_numpy_kinds_is_made_of_plain_ints() -> None:
    hand = Hand(np.array([0, 1, 2], dtype=np.int64).tolist() + [np.int8(3)],
                flowers=[np.int64(34)])
    assert str(hand) == "1234m F1" and type(hand.flowers[0]) is int


@pytest.mark.parametrize(("kind", "error"), [
    (-1, ValueError), (34, ValueError), (99, ValueError), (True, TypeError),
    (1.0, TypeError), ("E", TypeError),
])
def test_total_copies_names_a_kind_that_is_none(kind: Any, error: type[Exception]) -> None:
    with pytest.raises(error, match=f"^kind is a whole number.*{kind!r}"):
        Hand.parse("BBB 1m").total_copies(kind)


@pytest.mark.parametrize(("kind", "error"), [
    (True, TypeError), (1.0, TypeError), ("E", TypeError), (np.float64(0), TypeError),
    (-1, ValueError), (42, ValueError),
])
@pytest.mark.parametrize("method", ["add", "remove"])
def test_add_and_remove_refuse_a_kind_that_is_none_and_change_nothing(
        method: str, kind: Any, error: type[Exception]) -> None:
    hand = Hand.parse("11m F1")
    with pytest.raises(error, match="^kind is a whole number"):
        getattr(hand, method)(kind)
    assert hand == Hand.parse("11m F1")


def test_hand_methods_take_numpy_kinds() -> None:
    hand = Hand.parse("BBB 1m")
    assert hand.total_copies(np.int64(33)) == 3
    hand.add(np.uint8(0))
    hand.remove(np.int32(0))
    hand.add(np.int64(35))
    assert str(hand) == "1m BBB F2"


@pytest.mark.parametrize(("arguments", "error", "message"), [
    (("pung", (True,) * 3), TypeError, r"^tiles\[0\] is a whole number, not a bool"),
    (("pung", (1.0,) * 3), TypeError, r"^tiles\[0\] is a whole number, not 1.0"),
    (("pung", 5), TypeError, "^tiles are tile kinds"),
    (("pung", (1,) * 3, False, None, 1.5), TypeError, "^source is a whole number, not 1.5"),
    (("pung", (1,) * 3, False, None, 4), ValueError, "^source is a whole number from 0 to 3"),
    (("pung", (1,) * 3, False, 1.0), TypeError, "^claimed is a whole number, not 1.0"),
    # Its truth was read: "no" made a concealed kong, and 1 or 0.0 passed as a bool.
    (("kong", (1,) * 4, "no"), TypeError, "^concealed is True or False, not 'no'$"),
    (("kong", (1,) * 4, 1), TypeError, "^concealed is True or False, not 1$"),
    (("kong", (1,) * 4, 0.0), TypeError, "^concealed is True or False, not 0.0$"),
    (("kong", (1,) * 4, None), TypeError, "^concealed is True or False, not None$"),
    (("pung", (1,) * 3, "no"), TypeError, "^concealed is True or False, not 'no'$"),
])
def test_a_meld_of_fields_that_are_none_is_refused(arguments: tuple[Any, ...],
                                                    error: type[Exception], message: str) -> None:
    with pytest.raises(error, match=message):
        Meld(*arguments)


@pytest.mark.parametrize("kind", [["pung"], {"pung": 1}, None, b"pung", ("pung",)])
def test_a_meld_of_a_kind_that_is_none_names_the_kinds(kind: Any) -> None:
    # A list or a dict was "unhashable type: 'list'"
    with pytest.raises(ValueError, match=r"^no meld kind .*; the kinds are chow, pung and kong$"):
        Meld(kind, (1, 1, 1))


@pytest.mark.parametrize(("first", "message"), [
    ("x", "^first is a whole number, not 'x'$"),  # was "can only concatenate str"
    (None, "^first is a whole number, not None$"),  # was "unsupported operand type(s) for +"
    (1.5, "^first is a whole number, not 1.5$"),
])
def test_a_chow_names_a_first_tile_that_is_none(first: Any, message: str) -> None:
    with pytest.raises(TypeError, match=message):
        Meld.chow(first)
    assert Meld.chow(np.int64(1)) == Meld("chow", (1, 2, 3))


def test_a_meld_of_numpy_ints_holds_plain_ints() -> None:
    meld = Meld("chow", np.array([5, 3, 4]), claimed=np.int64(4), source=np.uint8(2))
    assert meld == Meld.chow(3, claimed=4, source=2)
    assert {type(t) for t in (*meld.tiles, meld.claimed, meld.source)} == {int}
    kong = Meld.kong(1, concealed=np.bool_(True))
    assert kong == Meld.kong(1, concealed=True) and type(kong.concealed) is bool
    assert Meld.kong(1, concealed=np.False_).concealed is False


@pytest.mark.parametrize("meld", [None, "pung(EEE)", (27, 27, 27)])
def test_a_meld_that_is_none_is_refused(meld: Any) -> None:
    hand = Hand.parse("1m")
    with pytest.raises(TypeError, match="^a meld is a Meld, not "):
        hand.add_meld(meld)
    with pytest.raises(TypeError, match="^a meld is a Meld, not "):
        Hand([0], melds=[meld])
    assert hand == Hand.parse("1m")


# ------------------------------------------------------------------------------- walls


@pytest.mark.parametrize(("hand_no", "error"), [
    (2**64, ValueError), (2**32, ValueError), (-1, ValueError), (1.5, TypeError),
    (True, TypeError),
])
def test_a_wall_names_a_hand_number_that_is_none(hand_no: Any, error: type[Exception]) -> None:
    for make in (lambda: Wall(b"x", hand_no), lambda: Wall.from_order([5], b"x", hand_no),
                 lambda: SplitWall(b"x", hand_no), lambda: SplitWall.from_order([5] * 4, b"x",
                                                                                hand_no)):
        with pytest.raises(error, match="^hand_no is a whole number"):
            make()


@pytest.mark.parametrize(("name", "value"), [("hand_no", 2.7), ("hand_no", 3), ("seed", b"y")])
@pytest.mark.parametrize("make", [lambda: Wall(b"x", 2), lambda: SplitWall(b"x", 2)])
def test_a_walls_seed_and_hand_number_are_read_only(make: Any, name: str, value: Any) -> None:
    # They were public C fields: wall.hand_no = 2.7 kept 2, and any hand_no or seed set made
    # the wall name a shuffle it was not dealt from.
    wall = make()
    with pytest.raises(AttributeError, match=f"^attribute '{name}' of .* is not writable"):
        setattr(wall, name, value)
    assert (wall.seed, wall.hand_no, wall.order) == (b"x", 2, make().order)


def test_a_wall_takes_numpy_hand_numbers() -> None:
    assert Wall(b"x", np.int64(2)).order == Wall(b"x", 2).order
    assert Wall(b"x", 2**32 - 1).hand_no == 2**32 - 1


@pytest.mark.parametrize(("seat", "error"), [
    (1.5, TypeError), (1.0, TypeError), (True, TypeError), ("1", TypeError), (7, ValueError),
    (-1, ValueError), (4, ValueError),
])
@pytest.mark.parametrize("method", ["left", "draw_from"])
def test_a_split_wall_names_a_seat_that_is_none(method: str, seat: Any,
                                                 error: type[Exception]) -> None:
    wall = SplitWall(b"x")
    with pytest.raises(error, match="^seat is a whole number"):
        getattr(wall, method)(seat)
    assert wall.parts == (34, 34, 34, 34)


def test_a_split_wall_takes_numpy_seats() -> None:
    wall, same = SplitWall(b"x"), SplitWall(b"x")
    assert wall.draw_from(np.int64(3)) == same.draw_from(3)
    assert wall.left(np.uint8(3)) == 33 and wall.parts == same.parts


@pytest.mark.parametrize(("tiles", "error", "message"), [
    (b"1m", TypeError, "^tiles are tile kinds"), (2.0, TypeError, "^tiles are tile kinds"),
    ([0, 50], ValueError, r"^tiles\[1\] is a whole number from 0 to 41, not 50$"),
    ([True], TypeError, r"^tiles\[0\] is a whole number, not a bool"),
])
def test_shuffled_tiles_are_kinds(tiles: Any, error: type[Exception], message: str) -> None:
    # Were: b"1m" the kinds 49 and 109, [0, 50] a wall with a kind 50, 2.0 "has no len()"
    with pytest.raises(error, match=message):
        shuffled_tiles(b"x", 1, tiles)
    assert sorted(shuffled_tiles(b"x", 1, np.array([3, 1, 2]))) == [1, 2, 3]


def test_a_numpy_seed_names_the_walls_its_int_does() -> None:
    # Was "a seed is bytes, str or int, not int64" (run_seed and the learning code took it)
    assert seed_bytes(np.int64(7)) == seed_bytes(7) == b"7" and seed_bytes(np.uint8(200)) == b"200"
    assert Rules(np.int64(7)).hands == Rules(7).hands and Wall(np.int32(7)).order == Wall(7).order
    for seed, name in ((True, "bool"), (2.0, "float"), (np.float64(7.0), "float64")):
        with pytest.raises(TypeError, match=f"^a seed is bytes, str or int, not {name}$"):
            seed_bytes(seed)


def test_a_seed_with_escaped_bytes_is_those_bytes() -> None:
    # The surrogate escapes a game log's header writes for bytes that are not UTF-8.
    assert seed_bytes("a\udcff\udcfe") == b"a\xff\xfe"
    assert Rules(seed="\udcff").seed == Rules(seed=b"\xff").seed == b"\xff"
    assert Rules(seed="\udcff").hands == Rules(seed=b"\xff").hands


@pytest.mark.parametrize("seed", ["\ud800", "ok\udfff"])
def test_a_seed_with_a_surrogate_that_is_no_byte_is_refused(seed: str) -> None:
    with pytest.raises(ValueError, match=r"^seed '.*' holds a lone surrogate"):
        Rules(seed=seed)


# ---------------------------------------------------------------------------- game logs


def _logged_game(path: Path, seed: bytes, encoding: str = "utf-8") -> Rules:
    """A hand of ``seed`` played (each seat its first legal move) and logged to ``path``."""
    with path.open("w", encoding=encoding) as stream:
        log = gamelog.GameLog(stream, seed=seed, ruleset="green-book", players=["a", "b", "c", "d"])
        game = Rules(seed, last_hand=1)
        while game.status == "active":
            seat = game.waiting_on()[0]
            move = game.legal(seat)[0]
            assert game.apply(seat, move)
            log.move(seat, move)
    return game


def test_a_log_of_a_seed_that_is_not_utf8_reads_back_and_replays(tmp_path: Path) -> None:
    from mjsim.ui import replay

    path = tmp_path / "game.jsonl"
    played = _logged_game(path, b"\xff\xfe")
    with path.open(encoding="utf-8") as stream:
        header, moves = gamelog.read(stream)
    *_, (_, _, _, game) = gamelog.replay(header, moves)
    assert gamelog.start(header).seed == b"\xff\xfe" and moves
    assert game.totals == played.totals and game.history == played.history
    shown = replay.load(path)  # what `mjsim replay` shows
    assert shown.stopped is None and shown.frames[-1].totals == played.totals


@pytest.mark.parametrize(("header", "error", "message"), [
    ({}, ValueError, r"^a game log's header has no seed and no ruleset \(it needs a seed and"),
    ({"seed": "x"}, ValueError, "^a game log's header has no ruleset "),
    ({"ruleset": "green-book"}, ValueError, "^a game log's header has no seed "),
    (None, TypeError, "^a game log's header is a dict, not None$"),
    ([("seed", "x")], TypeError, r"^a game log's header is a dict, not \[\('seed', 'x'\)\]$"),
])
def test_a_game_started_from_a_header_names_the_field_it_lacks(header: Any,
                                                               error: type[Exception],
                                                               message: str) -> None:
    # Were a bare KeyError: 'seed', and "'NoneType' object is not subscriptable"
    with pytest.raises(error, match=message):
        gamelog.start(header)
    assert gamelog.start({"seed": "x", "ruleset": "green-book"}).seed == b"x"


def test_a_log_that_starts_with_a_byte_order_mark_reads_as_without(tmp_path: Path) -> None:
    plain, marked = tmp_path / "plain.jsonl", tmp_path / "marked.jsonl"
    _logged_game(plain, b"bom")
    _logged_game(marked, b"bom", encoding="utf-8-sig")
    assert marked.read_bytes().startswith(b"\xef\xbb\xbf")
    with plain.open(encoding="utf-8") as one, marked.open(encoding="utf-8") as other:
        assert gamelog.read(other) == gamelog.read(one)


# ------------------------------------------------------------------- games and positions


@pytest.mark.parametrize(("options", "error", "message"), [
    ({"hand_no": 2.5}, TypeError, "^hand_no is a whole number, not 2.5$"),
    ({"hand_no": True}, TypeError, "^hand_no is a whole number, not a bool"),
    ({"last_hand": 2.5}, TypeError, "^last_hand is a whole number, not 2.5$"),
    ({"totals": [1.9, -1.9, 0, 0]}, TypeError, r"^totals\[0\] is a whole number, not 1.9$"),
    ({"totals": ["5", "-5", "0", "0"]}, TypeError, r"^totals\[0\] is a whole number, not '5'"),
    ({"totals": 5}, TypeError, "^totals are four whole numbers, not 5$"),
    # Botzone's quan was read by a check of its own, which took 2.0 for the wind 2.
    ({"table": "botzone", "prevalent": 2.0}, TypeError, "^prevalent is a whole number, not 2.0$"),
    ({"table": "botzone", "prevalent": True}, TypeError, "^prevalent is a whole number, not a b"),
    ({"table": "botzone", "prevalent": -1}, ValueError,
     "^prevalent is a whole number from 0 to 3, not -1$"),
])
def test_a_game_names_a_number_that_is_none(options: dict[str, Any], error: type[Exception],
                                            message: str) -> None:
    with pytest.raises(error, match=message):
        Rules(1, **options)


@pytest.mark.parametrize("events", ["no", 0.5, 1, None])
def test_a_game_reads_events_as_true_or_false_only(events: Any) -> None:
    # Was C's truth: "no", 0.5 and 1 built every event, None built none
    with pytest.raises(TypeError, match="^events is True or False, not "):
        Rules(1, events=events)


def test_a_game_takes_numpy_bools_for_events() -> None:
    assert Rules(1, events=np.bool_(False)).outcomes == [] and Rules(1, events=True).outcomes


def test_a_game_takes_numpy_numbers_as_plain_ints() -> None:
    game = Rules(1, hand_no=np.int64(2), last_hand=np.int8(3),
                 totals=np.array([5, -5, 0, 0]))
    assert (game.hand_no, game.last_hand) == (2, 3)
    assert game.totals == [5, -5, 0, 0] and {type(t) for t in game.totals} == {int}
    assert Rules(1, table="botzone", prevalent=np.int64(2)).prevalent == 2


@pytest.mark.parametrize(("name", "value"), [
    ("hand_no", 2.7), ("hand_no", 3), ("last_hand", 15.9), ("ruleset_index", 1), ("moves", 1.5),
])
def test_a_games_counters_are_read_only(name: str, value: Any) -> None:
    # They were public C fields: game.hand_no = 2.7 kept 2 (and last_hand = 15.9 kept 15).
    game = Rules(1, hand_no=2)
    before = (game.hand_no, game.last_hand, game.ruleset_index, game.moves)
    with pytest.raises(AttributeError, match=f"^attribute '{name}' of .* is not writable"):
        setattr(game, name, value)
    assert (game.hand_no, game.last_hand, game.ruleset_index, game.moves) == before


@pytest.mark.parametrize(("seat", "error", "message"), [
    (1.5, TypeError, "^seat is a whole number, not 1.5$"),
    (1.0, TypeError, "^seat is a whole number, not 1.0$"),
    (True, TypeError, r"^seat is a whole number, not a bool \(True\)$"),
    ("1", TypeError, "^seat is a whole number, not '1'$"),
    (4, ValueError, "^seat is a whole number from 0 to 3, not 4$"),
    (-1, ValueError, "^seat is a whole number from 0 to 3, not -1$"),
])
@pytest.mark.parametrize("call", [
    lambda game, seat: game.seat_wind(seat), lambda game, seat: game.next_seat(seat),
    lambda game, seat: game.hand_of(seat), lambda game, seat: game.pool_of(seat),
    lambda game, seat: game.legal(seat), lambda game, seat: game.apply(seat, Move("pass")),
])
def test_a_game_names_a_seat_that_is_none(call: Any, seat: Any, error: type[Exception],
                                          message: str) -> None:
    # The game's seats were read by a check of its own: every refusal a ValueError, 'a seat
    # is 0-3, not 1.5', naming neither the argument nor a float's type.
    game = Rules(1)
    before = game.to_string()
    with pytest.raises(error, match=message):
        call(game, seat)
    assert game.to_string() == before


def test_a_foul_by_a_seat_that_is_none_is_refused_and_changes_nothing() -> None:
    game = Rules(1)
    before = game.to_string()
    refused = game.foul(1.5, "no answer")
    assert not refused and refused.code == "bad-seat"  # type: ignore[union-attr]
    assert refused.message == "seat is a whole number, not 1.5"  # type: ignore[union-attr]
    assert game.to_string() == before and game.hand_no == 1


@pytest.mark.parametrize(("reason", "answer", "message"), [
    (None, None, "^a foul's reason is a str .*, not None$"),
    (5, None, "^a foul's reason is a str .*, not 5$"),
    (["WA"], None, r"^a foul's reason is a str .*, not \['WA'\]$"),
    ("WA", b"PLAY W1", "^a foul's answer is a str or None, not b'PLAY W1'$"),
    ("WA", 5, "^a foul's answer is a str or None, not 5$"),
])
def test_a_foul_for_a_reason_or_answer_that_is_no_text_is_refused_and_changes_nothing(
        reason: Any, answer: Any, message: str) -> None:
    # Were recorded as given, in the history and the events a game log writes
    game = Rules(1)
    before = game.to_string()
    with pytest.raises(TypeError, match=message):
        game.foul(0, reason, answer)
    assert game.to_string() == before and game.history == [] and game.hand_no == 1
    assert game.foul(0, "WA", None) is True and game.history[0]["foul"]["reason"] == "WA"


def test_a_game_takes_numpy_seats() -> None:
    game = Rules(1)
    seat = np.int64(2)
    assert (game.seat_wind(seat), game.next_seat(seat)) == (2, 3)
    assert game.hand_of(seat) is game.hand_of(2) and game.legal(seat) == game.legal(2)


_HANDS = ["5m 1589p 1589s ESWNR", "46m 1589p 1589s ESG", "1589p 1589s ESWRR", "1589p 1589s EWNGB"]


@pytest.mark.parametrize(("written", "error", "message"), [
    ({"wall": [1.5]}, TypeError, r"^wall\[0\] is a whole number, not 1.5$"),
    ({"wall": [3, 50]}, ValueError, r"^wall\[1\] is a whole number from 0 to 41, not 50$"),
    ({"wall": ["x"]}, TypeError, r"^wall\[0\] is a whole number, not 'x'$"),
    ({"pools": [[99], [], [], []]}, ValueError,
     r"^pools\[0\]\[0\] is a whole number from 0 to 33, not 99$"),
    ({"pools": [[], [1.5], [], []]}, TypeError, r"^pools\[1\]\[0\] is a whole number"),
    ({"pools": ["F1", "", "", ""]}, ValueError, r"^pools\[0\] holds F1, a bonus tile"),
    ({"pools": [[], [], []]}, ValueError, "^pools are four lists or strings"),
    ({"drawn": 1.0}, TypeError, "^drawn is a whole number, not 1.0$"),
    ({"drawn": True}, TypeError, "^drawn is a whole number, not a bool"),
    ({"drawn": 34}, ValueError, "^drawn is a whole number from 0 to 33, not 34$"),
    ({"hand_no": 1.0}, TypeError, "^hand_no is a whole number, not 1.0$"),
    ({"dealer": 0.0}, TypeError, "^dealer is a whole number, not 0.0$"),
    ({"dealer": 4}, ValueError, "^dealer is a whole number from 0 to 3, not 4$"),
    ({"last_hand": 2.5}, TypeError, "^last_hand is a whole number, not 2.5$"),
    ({"turn": 1.0}, TypeError, "^turn is a whole number, not 1.0$"),
    ({"turn": 4}, ValueError, "^turn is a whole number from 0 to 3, not 4$"),
])
def test_a_position_names_a_number_that_is_none(written: dict[str, Any], error: type[Exception],
                                                message: str) -> None:
    with pytest.raises(error, match=message):
        Rules.from_position({"hands": _HANDS, **written})


@pytest.mark.parametrize(("position", "error", "message"), [
    # Were "'NoneType' object is not iterable", "'int' object is not iterable"
    (None, TypeError, "^a position is a dict of its hands and more .*, not None$"),
    (3, TypeError, "^a position is a dict of its hands and more .*, not 3$"),
    # Was read as four hands of one letter each, refused as the honour 'a'
    ({"hands": "abcd"}, TypeError, "^hands are four hand strings, one per seat, not 'abcd'$"),
    ({"hands": None}, TypeError, "^hands are four hand strings, one per seat, not None$"),
    ({"hands": _HANDS[:3]}, ValueError, "^hands are four hand strings, one per seat, not 3 of"),
    # Its truth was read: "no" made a turn reached by a claim
    ({"hands": _HANDS, "claimed_this_turn": "no"}, TypeError,
     "^claimed_this_turn is True or False, not 'no'$"),
    ({"hands": _HANDS, "pools": None}, TypeError,  # was "object of type 'NoneType' has no len()"
     "^pools are four lists or strings, one per seat, not None$"),
])
def test_a_position_that_is_none_is_named(position: Any, error: type[Exception],
                                          message: str) -> None:
    with pytest.raises(error, match=message):
        Rules.from_position(position)


def test_a_position_takes_numpy_numbers() -> None:
    game = Rules.from_position({"hands": _HANDS, "wall": np.array([5, 20]), "drawn": np.int64(4),
                                "pools": [np.array([1], dtype=np.uint8), [], "", ()],
                                "dealer": np.int64(0), "hand_no": np.int64(1)})
    assert game.wall.order == (5, 20) and game.drawn == 4 and game.pools[0] == [1]
    assert {type(kind) for kind in (*game.wall.order, game.drawn, *game.pools[0])} == {int}


# ------------------------------------------------------------------ moves, views, formats


@pytest.mark.parametrize(("form", "error", "message"), [
    ({}, ValueError, "^a move's form names its kind"),
    (None, TypeError, "^a move's form is a dict, not NoneType$"),
    ([("kind", "pass")], TypeError, "^a move's form is a dict, not list$"),
    ({"kind": "chow", "tiles": 5}, TypeError, r"^tiles are a chow's kinds \(ints\), not 5$"),
    ({"kind": "chow", "tiles": [1, 2.0, 3]}, TypeError, r"^tiles\[1\] is a whole number"),
    ({"kind": "discard", "tile": True}, TypeError, "^tile is a whole number, not a bool"),
])
def test_a_move_form_that_is_none_is_named(form: Any, error: type[Exception],
                                           message: str) -> None:
    with pytest.raises(error, match=message):
        Move.from_dict(form)


def test_moves_take_numpy_tiles_as_plain_ints() -> None:
    move = Move("chow", tiles=np.array([6, 4, 5]))
    assert move == Move.from_dict({"kind": "chow", "tiles": [4, 5, 6]})
    assert {type(t) for t in move.tiles or ()} == {int}
    assert type(Move("discard", tile=np.int8(5)).tile) is int


@pytest.mark.parametrize(("seat", "error"), [
    (4, ValueError), (-1, ValueError), (1.0, TypeError), (True, TypeError), ("0", TypeError),
])
def test_a_view_names_a_seat_that_is_none(seat: Any, error: type[Exception]) -> None:
    from mjsim.players.view import view_of

    with pytest.raises(error, match="^seat is a whole number"):
        view_of(Rules(1), seat)


def test_a_view_takes_a_numpy_seat() -> None:
    from mjsim.players.view import view_of

    game = Rules(1)
    assert view_of(game, np.int64(2)) == view_of(game, 2)


_GAME = (["Match m", "Wind 0"]
         + [f"Player {seat} Deal W1 W2 W3 W4 W5 W6 W7 W8 W9 B1 B2 B3 B4" for seat in range(4)]
         + ["Huang", "Score 0 0 0 0"])


@pytest.mark.parametrize(("line", "replaced"), [
    ("Wind 0", "Wind \u0660"), ("Wind 0", "Wind \uff10"), ("Score 0 0 0 0", "Score 0 \uff10 0 0"),
    ("Score 0 0 0 0", "Score -\uff12\uff19 45 -8 -8"), ("Wind 0", "Wind 0_0"),
])
def test_the_contest_text_reads_ascii_digits_only(line: str, replaced: str) -> None:
    lines = [replaced if text == line else text for text in _GAME]
    (read,) = contest.read(text + "\n" for text in lines)
    assert isinstance(read, Refused) and "ASCII digits" in str(read)
    assert f"line {lines.index(replaced) + 1}" in str(read)


@pytest.mark.parametrize(("lines", "line", "reason"), [
    # Eight W9: the deals hold four (one each), and seat 0 draws four more.
    ([*_GAME[:6], *["Player 0 Draw W9", "Player 0 Play W9"] * 4, *_GAME[6:]], 7,
     "too many copies of W9: this draw makes 5 dealt and drawn, and a tile has 4"),
    # Eight W9 dealt: seats 0 and 1 hold four each, refused at the second deal.
    ([*_GAME[:2], *[f"Player {seat} Deal W9 W9 W9 W9 W5 W6 W7 W8 B1 B2 B3 B4 B5"
                    for seat in (0, 1)], *_GAME[4:]], 4,
     "too many copies of W9: the deals hold 8, and a tile has 4"),
])
def test_a_contest_game_with_more_copies_of_a_tile_than_exist_is_refused(
        lines: list[str], line: int, reason: str, tmp_path: Path) -> None:
    # It was read as a game, and the import reported it 'disagreed' (a wall disagreement, as
    # if a real game had gone otherwise than the engine plays it).
    from mjsim.game.formats.imports import Summary, outcomes

    (read,) = contest.read(text + "\n" for text in lines)
    assert isinstance(read, Refused) and (read.game, read.line, read.reason) == ("m", line, reason)
    path = tmp_path / "games.txt"
    path.write_text("\n".join(lines) + "\n")
    summary = Summary()
    for outcome in outcomes([path], "contest-text"):
        summary.add(outcome)
    assert (summary.read, summary.refused, sum(summary.disagreed.values())) == (1, 1, 0)


@pytest.mark.parametrize("word", ["\u0663", "\uff11", " 1", "+1", "0_1", True])
def test_a_botzone_log_reads_its_wind_as_an_ascii_digit_only(word: object) -> None:
    # int(str(word)) read '٣' and '１' as digits, ' 1' and '+1' too, and '0_1' as 1 (the seats
    # are read by the same check).
    match = match_log(read_record(min(RECORDS.glob("*.jsonl"))))
    output = match["log"][0]["output"]
    output["initdata"] = json.dumps({**json.loads(output["initdata"]), "quan": word})
    (game,) = botzone_log.read(io.StringIO(json.dumps(match)))
    assert isinstance(game, Refused) and "the prevalent wind (quan) is 0-3, not " in str(game)


@pytest.mark.parametrize(("make", "match"), [
    (lambda: Wall.from_order([1.5, 2, 3]), (TypeError, r"^order\[0\] is a whole number, not 1.5")),
    (lambda: SplitWall.from_order([1, 2.5, 3, 4]),
     (TypeError, r"^order\[1\] is a whole number, not 2.5")),
    (lambda: Wall.from_order([50]), (ValueError, r"^order\[0\] is a whole number from 0 to 41")),
    (lambda: shuffled_tiles(b"x", 1, [1.5, 2, 3]),
     (TypeError, r"^tiles\[0\] is a whole number, not 1.5")),
    (lambda: shuffled_tiles(b"x", 1, [300]),  # a kind, as Wall.from_order's: was 0 to 255
     (ValueError, r"^tiles\[0\] is a whole number from 0 to 41, not 300")),
])
def test_a_wall_of_given_kinds_reads_them_whole(make: Any, match: tuple[type, str]) -> None:
    # Wall.from_order([1.5, 2, 3]) drew 1 then 2, and the shuffle read a kind of 1.5 as 1.
    with pytest.raises(match[0], match=match[1]):
        make()
    assert Wall.from_order(np.array([1, 2, 3])).draw() == 1
    assert sorted(shuffled_tiles(b"x", 1, [np.int64(1), 2, 3])) == [1, 2, 3]


# ------------------------------------------------------------------------ settlement, settings


@pytest.mark.parametrize(("call", "message"), [
    (lambda: settlement.settle(2.0, "self", 8), "^the winner is a seat 0-3, not 2.0$"),
    (lambda: settlement.settle(4, "self", 8), "^the winner is a seat 0-3, not 4$"),
    (lambda: settlement.settle(2, "discard", 8), "^the discarder is a seat 0-3, not None$"),
    (lambda: settlement.settle(2, "self", 8.0), "^points are a non-negative int, not 8.0$"),
    (lambda: settlement.settle(2, "self", True), "^points are a non-negative int, not True$"),
    (lambda: settlement.settle_foul(1, 2.5), "^a penalty is a non-negative int, not 2.5$"),
    (lambda: settlement.settle_foul(-1), "^the offender is a seat 0-3, not -1$"),
])
def test_settlement_refuses_seats_and_counts_that_are_none(call: Any, message: str) -> None:
    with pytest.raises(ValueError, match=message):
        call()


def test_settlement_takes_numpy_seats_and_counts() -> None:
    # Was "the winner is a seat 0-3, not np.int64(2)": a seat 0-3 refused as none
    settled = settlement.settle(np.int64(2), "discard", np.int64(16), discarder=np.int8(0))
    assert settled == settlement.settle(2, "discard", 16, discarder=0) == [-24, -8, 40, -8]
    assert settlement.settle_foul(np.int64(1), np.int64(5)) == [5, -15, 5, 5]
    assert Rules(1).foul(0, "late", penalty=np.int64(3)) is True


@pytest.mark.parametrize(("totals", "error", "message"), [
    ([1.5, 2, 3, -6.5], TypeError, r"^totals\[0\] is a whole number, not 1.5$"),
    ([0, True, 0, 0], TypeError, r"^totals\[1\] is a whole number, not a bool"),
    ([0, 0, np.float64(2), 0], TypeError, r"^totals\[2\] is a whole number, not np.float64"),
    ("abcd", TypeError, "^totals are four whole numbers, one per seat, not 'abcd'$"),
    (None, TypeError, "^totals are four whole numbers, one per seat, not None$"),
    ([3, -3, 0], ValueError, "^totals are four whole numbers, one per seat, not 3 of them$"),
])
@pytest.mark.parametrize("call", [settlement.places, settlement.winner])
def test_places_and_the_winner_read_four_whole_totals(call: Any, totals: Any,
                                                      error: type[Exception],
                                                      message: str) -> None:
    # Were ranked as given: floats and bools as numbers, 'abcd' by its letters, three totals
    # as a game of three; None met "'NoneType' object is not iterable"
    with pytest.raises(error, match=message):
        call(totals)


def test_places_and_the_winner_take_numpy_totals() -> None:
    totals = np.array([3, -3, 0, 0], dtype=np.int64)
    assert settlement.places(totals) == settlement.places([3, -3, 0, 0]) == [1.0, 4.0, 2.5, 2.5]
    assert settlement.winner(totals) == 0 and settlement.winner([np.int8(5)] * 4) is None


@pytest.mark.parametrize(("played", "error"), [(15.9, TypeError), (True, TypeError),
                                               ("16", TypeError), (-1, ValueError)])
def test_finished_reads_a_count_of_hands(played: Any, error: type[Exception]) -> None:
    # 15.9 and True were read as numbers (not finished), "16" met "'>=' not supported"
    with pytest.raises(error, match="^hands_played is a whole number"):
        settlement.finished(played)
    assert settlement.finished(np.int64(16)) and not settlement.finished(15)


@pytest.mark.parametrize("given", ["green-book", {"ruleset": "green-book"}, 1])
def test_settings_that_are_no_settings_are_named(given: Any) -> None:
    # "green-book" was handed on, to fail as "'str' object has no attribute 'ruleset'"
    with pytest.raises(TypeError, match="^settings are a Settings .*, or None, not "):
        settings_of(given)
    assert settings_of(Settings("gb-mahjong")).ruleset == "gb-mahjong"


# ------------------------------------------------------------------------ kinds and names


@pytest.mark.parametrize(("call", "error", "message"), [
    (lambda: kinds.kind_of(2.0, 9), TypeError, "^suit is a whole number, not 2.0$"),
    (lambda: kinds.kind_of(2, 9.5), TypeError, "^rank is a whole number, not 9.5$"),
    (lambda: kinds.kind_of(True, 1), TypeError, r"^suit is a whole number, not a bool"),
    (lambda: kinds.kind_of("1", 1), TypeError, "^suit is a whole number, not '1'$"),
    (lambda: kinds.kind_of(3, 1), ValueError, "^no suited tile of suit 3 and rank 1$"),
    (lambda: kinds.copies(2.5), TypeError, "^kind is a whole number, not 2.5$"),
    (lambda: kinds.copies(True), TypeError, r"^kind is a whole number, not a bool"),
    (lambda: kinds.copies(None), TypeError, "^kind is a whole number, not None$"),
    (lambda: botzone.name_of(True), TypeError, r"^kind is a whole number, not a bool"),
    (lambda: botzone.name_of(2.0), TypeError, "^kind is a whole number, not 2.0$"),
    (lambda: botzone.print_tiles([0, 1.5]), TypeError, "^kind is a whole number, not 1.5$"),
    (lambda: botzone.kind_of(5), TypeError, "^a Botzone tile name is a str, not int$"),
    (lambda: botzone.kind_of(["W1"]), TypeError, "^a Botzone tile name is a str, not list$"),
])
def test_kinds_and_names_that_are_none_are_named(call: Any, error: type[Exception],
                                                 message: str) -> None:
    # Were: kind_of(2.0, 9) the kind 26.0 and kind_of(True, 1) 9; copies(2.5) 4; name_of(True)
    # 'W2' and name_of(2.0) "tuple indices must be integers"; kind_of(5) "object of type 'int'
    # has no len()", and "'<=' not supported" for a str
    with pytest.raises(error, match=message):
        call()


def test_kinds_and_names_take_numpy_ints() -> None:
    assert type(kind := kinds.kind_of(np.int64(2), np.int8(9))) is int and kind == 26  # not int64
    assert kinds.copies(np.int64(34)) == 1 and botzone.name_of(np.uint8(41)) == "H8"
    assert botzone.print_tiles(np.array([0, 41])) == "W1 H8"


@pytest.mark.parametrize(("call", "message"), [
    (lambda: notation.print_hand(5), "^a hand is a Hand, not int$"),
    (lambda: notation.print_hand("1m"), "^a hand is a Hand, not str$"),
    (lambda: Hand([1, 1]).after_claim("pung(2m)"), "^a meld is a Meld, not str$"),
])
def test_a_hand_or_meld_that_is_none_is_named(call: Any, message: str) -> None:
    # Were: print_hand printed str() of anything ('5'); after_claim met "'str' object has no
    # attribute 'claimed'" (print_meld stays as it was: the scorer prints melds of any class)
    with pytest.raises(TypeError, match=message):
        call()
    assert notation.print_meld(Meld.pung(1)) == "pung(222m)"


@pytest.mark.parametrize("move", ["pung", None, ("pung",)])
def test_a_claim_that_is_no_move_is_named(move: Any) -> None:
    # Was "'str' object has no attribute 'kind'"
    with pytest.raises(TypeError, match="^a move is a Move, not "):
        claimed_meld(move, 1, 2)
    assert claimed_meld(Move("pung"), 1, 2) == Meld.pung(1, claimed=1, source=2)
