"""One rule decides what a seat sees (mjsim.players.seen), and every renderer follows it: two hands
whose hidden tiles differ (the other seats' concealed tiles and draws, the wall's order; see
tests/helpers/twins.py), played so that the seat sees the same thing, give the seat the same
view, the same encoding, the same screen, the same Botzone requests, the same words and the same
replay frames. A concealed kong's kind is hidden the same way in every one of them."""

import io
import json

import numpy as np
import pytest

from mjsim.game import gamelog
from mjsim.game.moves import Move
from mjsim.game.rules import Rules
from mjsim.learn.planes import encode, legal_mask
from mjsim.players.botzone.requests import RequestWriter
from mjsim.players.protocol import HandStart
from mjsim.players.seen import HIDDEN_KONG, melds_seen_by, seen_by
from mjsim.players.view import view_of
from mjsim.ui import html, replay
from mjsim.ui.narrate import said
from mjsim.ui.terminal import Screen, _report
from tests.helpers.twins import twins
from tests.ui.conftest import record

NAMES = ["seat0", "seat1", "seat2", "seat3"]
HEADER = {"seed": "twin", "ruleset": "green-book", "players": ["3", "2", "3", "1"],
          "table": "botzone"}
WALLS = range(24)


def seen_events(played, seat):
    return [e for e in (seen_by(event, seat) for event in played.events) if e is not None]


def screen_text(played, seat):
    """The keyboard game's screen for ``seat``: what it is told, and the table at each of its
    decisions."""
    out = io.StringIO()
    screen = Screen(out, NAMES)
    told = 0
    for view, events in played.decisions:
        _report(played.events[told:events], seat, screen)
        told = events
        screen.table(view, [0] * 4, "your move")
    _report(played.events[told:], seat, screen)
    return out.getvalue()


def requests(played, seat):
    """Seat ``seat``'s Botzone requests at each of its decisions, fed the raw events."""
    writer, told, lines = RequestWriter(seat), 0, []
    for _view, events in played.decisions:
        for event in played.events[told:events]:
            writer.observe(event)
        told = events
        lines.append(list(writer.lines))
    return lines


def frames_of(played, seat):
    moves = [(s, m) for s, m, _window in played.moves]
    game = Rules(b"twin", table="botzone", walltiles=played.walltiles)
    shown = replay.play_frames(game, HEADER, moves)
    page = html.page(shown)
    data = json.loads(page.split('id="game">')[1].split("</script>")[0].replace("<\\/", "</"))
    return shown, data


@pytest.fixture(scope="module", params=[(wall, wall % 4, wall % 3 == 0) for wall in WALLS],
                ids=lambda p: f"wall{p[0]}-seat{p[1]}{'-flowers' if p[2] else ''}")
def pair(request):
    wall, seat, flowers = request.param
    a, b = twins(wall, seat, flowers)
    return seat, a, b


def test_the_twins_differ_in_hidden_tiles_and_the_seat_sees_the_same_events(pair):
    seat, a, b = pair
    assert a.walltiles != b.walltiles
    assert seen_events(a, seat) == seen_events(b, seat)
    assert [m for s, m, _ in a.moves if s == seat] == [m for s, m, _ in b.moves if s == seat]


def test_every_renderer_shows_the_seat_the_same(pair):
    seat, a, b = pair
    assert len(a.decisions) == len(b.decisions) > 0
    for (view_a, _), (view_b, _) in zip(a.decisions, b.decisions):
        assert view_a == view_b
        assert np.array_equal(encode(view_a), encode(view_b))
        assert np.array_equal(legal_mask(view_a), legal_mask(view_b))
    assert screen_text(a, seat) == screen_text(b, seat)
    assert requests(a, seat) == requests(b, seat)
    assert ([said(e, NAMES, seat) for e in a.events if said(e, NAMES, seat)]
            == [said(e, NAMES, seat) for e in b.events if said(e, NAMES, seat)])
    (shown_a, data_a), (shown_b, data_b) = frames_of(a, seat), frames_of(b, seat)
    assert shown_a.seen[seat] == shown_b.seen[seat]
    assert data_a["seen"][seat] == data_b["seen"][seat]


def test_the_twins_hide_something():
    """Across the walls, the other seats' hands at the end differ, so the renderers above were
    shown different games."""
    differ = 0
    for wall in WALLS[:6]:
        seat = wall % 4
        a, b = twins(wall, seat)
        differ += sum(a.counts[-1][x][1] != b.counts[-1][x][1] for x in range(4) if x != seat)
        shown_a, _ = frames_of(a, seat)
        shown_b, _ = frames_of(b, seat)
        assert shown_a.frames != shown_b.frames  # the open replay shows the difference
    assert differ >= 6


# ------------------------------------------------------------------------ a concealed kong

def kong_game(kind):
    """Seat 1, on turn, holds four of ``kind`` (R or G), the other dragon's four in the wall."""
    other = "G" if kind == "R" else "R"
    return Rules.from_position({
        "hands": ["123m 456p 789s 11s 23m", f"{kind * 4} 19m 19p 19s EWN B",
                  "2468m 2468p 2468s 5p", "1357m 1357p 1357s 5s"],
        "turn": 1, "wall": f"{other * 4} 3s 4s"})


@pytest.mark.parametrize("seat", [0, 2, 3])
def test_a_concealed_kong_shows_no_kind_to_another_seat_in_any_renderer(seat):
    shown = {}
    for kind in "RG":
        game = kong_game(kind)
        tile = 31 if kind == "R" else 32
        assert game.apply(1, Move("kong", tile=tile)) is True
        events = game.take_outcomes()
        kong = next(e for e in events if e["kind"] == "kong")
        view = view_of(game, seat)
        assert view.exposed[1] == (HIDDEN_KONG,)
        out = io.StringIO()
        screen = Screen(out, NAMES)
        _report(events, seat, screen)
        screen.table(view, [0] * 4, "")
        writer = RequestWriter(seat)
        writer.start_hand(HandStart(seat, 1, 0, 0))
        writer.observe(kong)
        shown[kind] = (seen_by(kong, seat), said(kong, NAMES, seat), out.getvalue(),
                       encode(view).tobytes(), writer.lines,
                       melds_seen_by(game.hands[1].melds, 1, seat))
    assert shown["R"] == shown["G"]
    assert "concealed kong" in shown["R"][2] and "RRRR" not in shown["R"][2]


def test_a_concealed_kong_in_a_replay_shows_its_kind_only_to_its_seat():
    """The replay page's one-seat view said ``concealed kong SSSS`` of another seat's kong."""
    header = {"seed": "k4", "ruleset": "green-book", "players": ["1", "3", "3", "3"]}
    _, moves = gamelog.read(io.StringIO(record("k4", (1, 3, 3, 3), 1)))
    shown = replay.build(header, moves)
    open_melds = {f.seats[1].melds for f in shown.frames}
    assert any("concealed kong 9999p" in m for m in open_melds)
    assert any("concealed kong 9999p" in f.seats[1].melds for f in shown.seen[1])
    for seat in (0, 2, 3):
        seen = shown.seen[seat]
        assert any("concealed kong" in f.seats[1].melds for f in seen)
        assert not any("9999p" in f.seats[1].melds or "kong of 9p" in " ".join(f.said)
                       for f in seen)
        assert all(tile == replay.FACE_DOWN for f in seen for tile in f.seats[1].hand)
