"""The tracker against the engine: every recorded Botzone game replayed on mjsim's Botzone
table, each seat's tracker fed the same requests, its view equal to the engine's wherever the
seat has a choice (and after each claim), and choices exactly where the engine asks."""

from collections import deque

import pytest

from mjsim.game.moves import CHOWS, PUNG
from mjsim.game.rules import Rules
from mjsim.players.botzone.tracker import Tracker
from mjsim.players.view import view_of
from tests.game.botzone_replay import answer_round, play_requests
from tests.helpers.botzone_record import records

COMPARED = ("hand", "exposed", "pools", "flowers", "wall", "prevalent", "phase", "drawn",
            "window", "legal")


def fields(view):
    """The view's fields a Botzone seat can know, as plain values."""
    out = {name: getattr(view, name) for name in COMPARED}
    for name in ("exposed", "pools", "flowers"):
        out[name] = tuple(map(tuple, out[name]))
    out["legal"] = list(out["legal"])
    return out


class Seats:
    """Four trackers beside a replayed game, checking their views against the engine's."""

    def __init__(self, rules):
        self.rules, self.trackers, self.checked = rules, [Tracker() for _ in range(4)], 0

    def hear(self, answers, compare):
        for seat, answer in enumerate(answers):
            tracker = self.trackers[seat]
            tracker.feed(answer.request)
            if compare:
                self.compare(seat, tracker.view())
            tracker.answered(answer.response)

    def compare(self, seat, view):
        rules = self.rules
        if view.legal:
            assert fields(view) == fields(view_of(rules, seat)), rules.to_string()
            self.checked += 1
        else:  # no choice: the engine does not ask the seat about this request
            assert rules.phase == "discard" or seat not in rules.waiting_on(), rules.to_string()

    def after_move(self, rules):
        """Between a claim and the discard after it: the tracker's view of that turn."""
        if rules.phase == "discard" and rules.claimed_this_turn:
            seat = rules.turn
            meld = rules.hand_of(seat).melds[-1]
            claim = PUNG if meld.kind == "pung" else CHOWS[meld.tile]
            view = self.trackers[seat].after_claim(claim)
            assert fields(view) == fields(view_of(rules, seat)), rules.to_string()


@pytest.mark.parametrize("record", records(), ids=lambda r: r.name[:2])
def test_each_seats_view_is_the_engines_at_every_choice(record):
    rules = Rules(b"botzone", "gb-mahjong", table="botzone", walltiles=record.kinds,
                  prevalent=record.quan)
    seats = Seats(rules)
    pending = deque(play_requests(rules.take_outcomes()))
    seats.hear(record.rounds[0], compare=False)
    seats.hear(record.rounds[1], compare=False)
    for number, answers in enumerate(record.rounds[2:], 2):
        assert [a.request for a in answers] == pending.popleft(), number
        seats.hear(answers, compare=True)
        if answer_round(rules, answers, seats.after_move) is not None:
            break  # the judge's penalty: the game ends here
        pending.extend(play_requests(rules.take_outcomes()))
    assert seats.checked > len(record.rounds) // 2
