"""The requests a seat is told, written from the events it sees: hand-written games on the
MCR table, and what every game must show (each request told to all four seats alike)."""

import pytest

from mjsim.players import Rung
from mjsim.players.botzone.requests import RequestWriter, choice_of
from mjsim.players.driver import play
from mjsim.players.protocol import HandStart
from mjsim.players.seen import seen_by
from mjsim.tiles.botzone import kind_of

W = {name: kind_of(name) for name in ("W1", "W2", "W3", "W5", "B5", "J1", "J3", "F1")}
H1, H2 = kind_of("H1"), kind_of("H2")


def deal(hands, dealer=0, prevalent=1, hand_no=2):
    return {"actor": "sys", "kind": "deal", "hand_no": hand_no, "dealer": dealer,
            "prevalent": prevalent, "hands": hands}


def writer_after(seat, events):
    writer = RequestWriter(seat)
    for event in events:
        writer.observe(seen_by(event, seat))
    return writer.lines


THIRTEEN = [kind_of(f"{suit}{rank}") for suit, rank in [("W", r) for r in range(1, 10)]
            + [("B", r) for r in range(1, 5)]]


def test_the_deal_gives_requests_0_and_1_and_the_dealers_fourteenth_is_its_first_draw():
    events = [deal([THIRTEEN + [W["J3"]], THIRTEEN, THIRTEEN, THIRTEEN], dealer=0)]
    dealer, other = writer_after(0, events), writer_after(2, events)
    assert dealer == ["0 0 1", "1 0 0 0 0 W1 W2 W3 W4 W5 W6 W7 W8 W9 B1 B2 B3 B4", "2 J3"]
    # The others learn the dealer was dealt fourteen when it moves without drawing.
    assert other == ["0 2 1", "1 0 0 0 0 W1 W2 W3 W4 W5 W6 W7 W8 W9 B1 B2 B3 B4"]
    other = writer_after(2, events + [{"actor": 0, "kind": "discard", "tile": W["J3"]}])
    assert other[2:] == ["3 0 DRAW", "3 0 PLAY J3"]


def test_flowers_of_the_deal_and_their_replacements_go_into_request_1():
    hands = [[H1] + THIRTEEN[:12] + [W["J3"]], THIRTEEN, [H2] + THIRTEEN[:12], THIRTEEN]
    events = [deal(hands, dealer=0),
              {"actor": 0, "kind": "flower", "tile": H1, "from": "deal"},
              {"actor": 0, "kind": "drew", "tile": W["F1"], "from": "back"},
              {"actor": 2, "kind": "flower", "tile": H2, "from": "deal"},
              {"actor": 2, "kind": "flower", "tile": H1 + 2, "from": "back"},
              {"actor": 2, "kind": "drew", "tile": W["J1"], "from": "back"}]
    assert writer_after(0, events)[1:] == [
        "1 1 0 2 0 W1 W2 W3 W4 W5 W6 W7 W8 W9 B1 B2 B3 J3 H1 H2 H3", "2 F1"]
    assert writer_after(2, events)[1] == "1 1 0 2 0 W1 W2 W3 W4 W5 W6 W7 W8 W9 B1 B2 B3 J1 H1 H2 H3"


def test_a_claim_and_the_discard_after_it_are_one_request():
    start = [deal([THIRTEEN + [W["J3"]], THIRTEEN, THIRTEEN, THIRTEEN], dealer=0),
             {"actor": 0, "kind": "discard", "tile": W["W2"]}]
    pung = start + [{"actor": 2, "kind": "claim", "claim": "pung", "tile": W["W2"]},
                    {"actor": 2, "kind": "pung", "tile": W["W2"], "tiles": [1, 1, 1], "from": 0}]
    assert writer_after(1, pung)[-1] == "3 0 PLAY W2"  # held until the discard comes
    discard = [{"actor": 2, "kind": "discard", "tile": W["B5"]}]
    assert writer_after(1, pung + discard)[-1] == "3 2 PENG B5"
    assert writer_after(2, pung + discard)[-1] == "3 2 PENG B5"
    chow = start + [{"actor": 1, "kind": "chow", "tile": W["W2"], "tiles": [0, 1, 2], "from": 0},
                    {"actor": 1, "kind": "discard", "tile": W["J1"]}]
    assert writer_after(3, chow)[-2:] == ["3 0 PLAY W2", "3 1 CHI W2 J1"]


def test_kongs_are_told_as_gang_with_the_tile_hidden_and_a_promotion_as_bugang():
    start = [deal([THIRTEEN + [W["J3"]], THIRTEEN, THIRTEEN, THIRTEEN], dealer=0)]
    concealed = start + [{"actor": 0, "kind": "kong", "tile": W["W1"], "how": "concealed"},
                         {"actor": 0, "kind": "drew", "tile": W["W5"], "from": "back"}]
    assert writer_after(0, concealed)[2:] == ["2 J3", "3 0 GANG", "2 W5"]
    assert writer_after(3, concealed)[2:] == ["3 0 DRAW", "3 0 GANG", "3 0 DRAW"]
    promoted = start + [{"actor": 0, "kind": "promote", "tile": W["W3"]},
                        {"actor": 1, "kind": "pass"},
                        {"actor": 0, "kind": "kong", "tile": W["W3"], "how": "promoted"},
                        {"actor": 0, "kind": "flower", "tile": H2, "from": "back"},
                        {"actor": 0, "kind": "drew", "tile": W["W5"], "from": "back"}]
    assert writer_after(1, promoted)[2:] == ["3 0 DRAW", "3 0 BUGANG W3", "3 0 BUHUA H2",
                                             "3 0 DRAW"]
    claimed = start + [{"actor": 0, "kind": "discard", "tile": W["W2"]},
                       {"actor": 3, "kind": "kong", "tile": W["W2"], "tiles": [1] * 4, "from": 0}]
    assert writer_after(3, claimed)[-1] == "3 3 GANG"


def test_a_new_hand_is_a_new_game_and_start_hand_does_not_repeat_request_0():
    writer = RequestWriter(1)
    writer.start_hand(HandStart(1, 2, 1, 0))
    writer.observe(seen_by(deal([THIRTEEN] * 4, dealer=1, prevalent=0, hand_no=2), 1))
    writer.start_hand(HandStart(1, 2, 1, 0))
    assert writer.lines[0] == "0 0 0" and len(writer.lines) == 2  # seat 1 deals: Botzone's 0
    writer.observe({"actor": "sys", "kind": "exhausted"})
    assert writer.over
    writer.start_hand(HandStart(1, 3, 2, 0))
    assert writer.lines == ["0 3 0"] and not writer.over  # seat 2 deals: seat 1 is North


def test_an_event_without_a_request_is_refused_by_name():
    writer = RequestWriter(0)
    writer.observe(seen_by(deal([THIRTEEN] * 4, dealer=1), 0))
    with pytest.raises(ValueError, match="'riichi'"):
        writer.observe({"actor": 1, "kind": "riichi"})



def test_a_writer_before_any_hand_has_no_request_and_no_hand_over():
    writer = RequestWriter(2)
    assert writer.pending is None and writer.lines == [] and not writer.over


def test_a_claim_followed_by_another_seats_discard_is_refused():
    events = [deal([THIRTEEN + [W["J3"]], THIRTEEN, THIRTEEN, THIRTEEN], dealer=0),
              {"actor": 0, "kind": "discard", "tile": W["W2"]},
              {"actor": 2, "kind": "pung", "tile": W["W2"], "tiles": [1, 1, 1], "from": 0},
              {"actor": 3, "kind": "discard", "tile": W["B5"]}]
    with pytest.raises(ValueError, match="seat 2's pung is followed by seat 3's discard"):
        writer_after(1, events)


def test_a_claim_left_open_when_a_hand_ends_is_forgotten_by_the_next_hand():
    hand_2 = [deal([THIRTEEN + [W["J3"]], THIRTEEN, THIRTEEN, THIRTEEN], dealer=0),
              {"actor": 0, "kind": "discard", "tile": W["W2"]},
              {"actor": 2, "kind": "pung", "tile": W["W2"], "tiles": [1, 1, 1], "from": 0},
              {"actor": "sys", "kind": "foul", "seat": 2}]  # its discard after the pung fouled
    hand_3 = [deal([THIRTEEN, THIRTEEN + [W["J3"]], THIRTEEN, THIRTEEN], dealer=1, hand_no=3),
              {"actor": 1, "kind": "discard", "tile": W["J3"]}]
    assert writer_after(0, hand_2 + hand_3)[-2:] == ["3 0 DRAW", "3 0 PLAY J3"]


def test_on_botzones_table_a_flower_drawn_first_is_told_after_request_1():
    """Botzone's table deals the flowers' replacements within the deal and its dealer draws
    first: a flower it draws then is no flower of the deal."""
    events = [deal([THIRTEEN + [H1], THIRTEEN, THIRTEEN, THIRTEEN], dealer=0),
              {"actor": 0, "kind": "flower", "tile": H1, "from": "deal"},
              {"actor": 0, "kind": "flower", "tile": H2, "from": "wall"},
              {"actor": 0, "kind": "drew", "tile": W["J1"], "from": "back"}]
    request_1 = "1 1 0 0 0 W1 W2 W3 W4 W5 W6 W7 W8 W9 B1 B2 B3 B4 H1"
    assert writer_after(0, events)[1:] == [request_1, "3 0 BUHUA H2", "2 J1"]
    assert writer_after(1, events)[1:] == [request_1, "3 0 BUHUA H2", "3 0 DRAW"]


@pytest.mark.parametrize(("line", "choice"), [("2 W1", "draw"), ("3 0 PLAY W1", "discard"),
                                              ("3 2 CHI W2 W5", "discard"), ("3 1 PLAY W1", None),
                                              ("3 0 BUGANG W1", "rob"), ("3 0 DRAW", None),
                                              ("3 0 GANG", None), ("1 0 0 0 0 W1", None),
                                              ("0 1 0", None), ("3 0 BUHUA H1", None)])
def test_choice_of_says_what_a_request_lets_seat_1_answer(line, choice):
    assert choice_of(line, 1) == choice


class Scribe:
    """A seat's player that writes its requests while an in-process rung plays."""

    def __init__(self, spec):
        self.rung, self.writer, self.games = Rung.parse(spec), None, []
        self.name = f"scribe {spec}"

    def start_hand(self, start):
        self.writer = RequestWriter(start.seat)
        self.writer.start_hand(start)
        self.games.append(self.writer)

    def observe(self, event):
        self.writer.observe(event)

    def act(self, view):
        return self.rung.act(view)


@pytest.mark.parametrize("seed", [b"scribe-1", b"scribe-2", b"scribe-3"])
def test_every_request_goes_to_all_four_seats_alike_but_the_deal_and_a_seats_own_draw(seed):
    scribes = [Scribe(spec) for spec in ("3", "3-claims", "2", "3")]
    game = play(seed, scribes, hand_no=1, last_hand=4)
    for hand in range(4):
        dealer = hand  # hand h + 1 is dealt by seat h; the requests number seats from it
        games = [scribe.games[hand].lines for scribe in scribes]
        assert len({len(lines) for lines in games}) == 1
        for round_lines in zip(*games):
            if round_lines[0][0] in "01":
                assert {line[0] for line in round_lines} == {round_lines[0][0]}
                continue
            drawn = [seat for seat, line in enumerate(round_lines) if line.startswith("2 ")]
            if drawn:
                told = {line for seat, line in enumerate(round_lines) if seat != drawn[0]}
                assert told == {f"3 {(drawn[0] - dealer) % 4} DRAW"}, round_lines
            else:
                assert len(set(round_lines)) == 1, round_lines
        assert [game[0] for game in games] == [f"0 {(s - dealer) % 4} {hand // 4}"
                                               for s in range(4)]
    assert game.status == "finished"

