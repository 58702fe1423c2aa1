"""The Botzone requests of one seat, from the events it sees, as Botzone's judge writes them.

Each mjsim hand is one Botzone game for the seat: ``0 seat quan`` (quan the prevalent wind),
``1 f0 f1 f2 f3`` + its 13 tiles + every seat's flowers in seat order, then one request a round:
``2 t`` (its own draw), ``3 p DRAW``, ``3 p BUHUA H``, ``3 p PLAY t``, ``3 p PENG t2`` and
``3 p CHI m t2`` (a claim and the discard after it are one request), ``3 p GANG`` (any kong, the
tile hidden, the kong's own seat told the same), ``3 p BUGANG t``. Botzone's judge sends every
request to every seat, the seat's own moves included, and every seat answers every one.

Botzone's seat 0 deals, and a seat's wind is its number: the requests number the seats from the
dealer, each seat by its wind (``(seat - dealer) % 4``), so that on mjsim's own table, where the
deal passes round, a program knows its wind as Botzone tells it. mjsim's own table deals the
dealer fourteen: its fourteenth is written as the dealer's first draw (``2 t``, the others
``3 0 DRAW``). Flowers replaced in the deal go into request 1.

>>> w = RequestWriter(1)
>>> w.observe({"actor": "sys", "kind": "deal", "hand_no": 1, "dealer": 0, "prevalent": 0,
...            "hands": [None, [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12], None, None]})
>>> w.observe({"actor": 0, "kind": "discard", "tile": 33})
>>> w.lines
['0 1 0', '1 0 0 0 0 W1 W2 W3 W4 W5 W6 W7 W8 W9 B1 B2 B3 B4', '3 0 DRAW', '3 0 PLAY J3']
>>> w.pending
('3 0 PLAY J3', 'discard')
"""

from __future__ import annotations

from mjsim.game.events import DealEvent, Event, MeldEvent
from mjsim.players.protocol import HandStart
from mjsim.players.seen import seen_by
from mjsim.tiles.botzone import name_of
from mjsim.tiles.kinds import N_PLAYING

__all__ = ["HAND_OVER", "RequestWriter", "choice_of"]

_DISCARDS = frozenset(("PLAY", "PENG", "CHI"))
HAND_OVER = frozenset(("win", "exhausted", "foul", "settle", "end"))
"""The kinds of event that end a hand: no request follows them."""
_ANSWERS = frozenset(("pass", "claim"))


def choice_of(line: str, seat: int) -> str | None:
    """What ``seat`` may answer to request ``line`` besides ``PASS``: ``draw`` after its own draw
    (PLAY, GANG, BUGANG, HU), ``discard`` after another seat's discard (HU, PENG, CHI, GANG),
    ``rob`` after another seat's BUGANG (HU); None when PASS is the only answer."""
    words = line.split(" ")
    if words[0] == "2":
        return "draw"
    if words[0] == "3" and int(words[1]) != seat:
        if words[2] in _DISCARDS:
            return "discard"
        if words[2] == "BUGANG":
            return "rob"
    return None


class _Deal:
    """The deal while its flowers are being replaced: the seat's tiles, every seat's flowers,
    and how many replacement draws each seat still has coming."""

    def __init__(self, event: DealEvent, seat: int) -> None:
        self.dealer: int = event["dealer"]
        dealt = event["hands"][seat]
        assert dealt is not None, "a seat sees its own hand"
        self.own = [kind for kind in dealt if kind < N_PLAYING]
        self.flowers: list[list[int]] = [[], [], [], []]
        self.owed = [0, 0, 0, 0]

    def takes(self, event: Event, seat: int) -> bool:
        """Take ``event`` into the deal if it belongs to it: a dealt flower, or a replacement
        from the back of the wall that a dealt flower still has coming (Botzone's table replaces
        them within the deal itself, and its first draw comes from the wall)."""
        if event["kind"] == "flower":
            actor, source = event["actor"], event["from"]
            if source == "deal" or (source == "back" and self.owed[actor]):
                self.flowers[actor].append(event["tile"])
                if source == "deal":
                    self.owed[actor] += 1
                return True
        if event["kind"] == "drew":
            actor, tile = event["actor"], event["tile"]
            if event["from"] == "back" and self.owed[actor]:
                self.owed[actor] -= 1
                if actor == seat:
                    assert tile is not None, "a seat sees its own draw"
                    self.own.append(tile)
                return True
        return False


class RequestWriter:
    """The requests of one seat for the hand under way, in order (``lines``).

    Feed it :meth:`start_hand` and every event the seat sees (:func:`mjsim.players.seen.seen_by`),
    in order. A request waits for what completes it (the deal for its flower replacements, a
    claim for the discard after it); :attr:`lines` writes out what can be written. The pending
    request is the last line (:attr:`pending`, with what the seat may answer to it).
    """

    def __init__(self, seat: int) -> None:
        self.seat, self.dealer = seat, 0
        self.hand_no: int | None = None
        self._lines: list[str] = []
        self._deal: _Deal | None = None
        self._claim: MeldEvent | None = None
        self.over = False

    def start_hand(self, start: HandStart) -> None:
        """Begin the hand's game with request 0 (once: the deal event begins it too)."""
        if start.hand_no != self.hand_no:
            self._begin(start.hand_no, start.prevalent, start.dealer)

    def _begin(self, hand_no: int, prevalent: int, dealer: int) -> None:
        self.hand_no, self.over, self.dealer = hand_no, False, dealer
        self._lines = [f"0 {self.id} {prevalent}"]
        self._deal, self._claim = None, None

    @property
    def id(self) -> int:
        """The seat's number in its requests: its wind, Botzone's seat 0 being the dealer."""
        return self.id_of(self.seat)

    def id_of(self, seat: int) -> int:
        """The number the requests give ``seat``."""
        return (seat - self.dealer) % 4

    @property
    def pending(self) -> tuple[str, str | None] | None:
        """The request the seat is to answer now and what it may answer besides PASS
        (:func:`choice_of`; None: only PASS, so the answer does not matter), or None before
        any request."""
        lines = self.lines
        return (lines[-1], choice_of(lines[-1], self.id)) if lines else None

    @property
    def written(self) -> list[str]:
        """The requests written so far, leaving a deal still open as it is."""
        return self._lines

    @property
    def lines(self) -> list[str]:
        """Every request of the hand so far; a deal still open is written out first."""
        self._close_deal(first_move=None)
        return self._lines

    def observe(self, event: Event | None) -> None:
        """Take the next event, as the seat sees it (:func:`mjsim.players.seen.seen_by`, applied
        here too; None, an event it does not see, is skipped).

        Raises ``ValueError`` for an event kind this protocol has no request for.
        """
        if event is not None:  # seen again, in case it came raw: seeing is idempotent
            event = seen_by(event, self.seat)
        if event is None:
            return
        if event["kind"] == "deal":
            if event["hand_no"] != self.hand_no:
                self._begin(event["hand_no"], event["prevalent"], event["dealer"])
            self._deal = _Deal(event, self.seat)
            return
        if self._deal is not None:
            if self._deal.takes(event, self.seat):
                return
            self._close_deal(first_move=event)
        if event["kind"] in HAND_OVER:
            self.over = True
        elif event["kind"] not in _ANSWERS:
            self._write(event)

    def _write(self, event: Event) -> None:
        if event["kind"] == "drew":
            seat, tile = event["actor"], event["tile"]
            self._lines.append(f"2 {name_of(tile)}" if seat == self.seat and tile is not None
                               else f"3 {self.id_of(seat)} DRAW")
        elif event["kind"] == "flower":
            self._lines.append(f"3 {self.id_of(event['actor'])} BUHUA {name_of(event['tile'])}")
        elif event["kind"] == "chow" or event["kind"] == "pung":
            self._claim = event
        elif event["kind"] == "discard":
            self._lines.append(self._discard_line(event["actor"], name_of(event["tile"])))
        elif event["kind"] == "kong":
            # a promoted kong was told as its BUGANG
            if "from" in event or event["how"] != "promoted":
                self._lines.append(f"3 {self.id_of(event['actor'])} GANG")
        elif event["kind"] == "promote":
            self._lines.append(f"3 {self.id_of(event['actor'])} BUGANG {name_of(event['tile'])}")
        else:
            raise ValueError(f"no Botzone request for a {event['kind']!r} event: {event}")

    def _discard_line(self, seat: int, tile: str) -> str:
        claim, self._claim = self._claim, None
        actor = self.id_of(seat)
        if claim is None:
            return f"3 {actor} PLAY {tile}"
        if claim["actor"] != seat:
            raise ValueError(f"seat {claim['actor']}'s {claim['kind']} is followed by "
                             f"seat {seat}'s discard")
        if claim["kind"] == "pung":
            return f"3 {actor} PENG {tile}"
        return f"3 {actor} CHI {name_of(claim['tiles'][1])} {tile}"

    def _close_deal(self, first_move: Event | None) -> None:
        """Write request 1, and the dealer's fourteenth as its first draw when it was dealt one.

        ``first_move`` is the event that ended the deal: a move of the dealer's own (not a draw)
        tells the other seats that it was dealt fourteen.
        """
        deal, self._deal = self._deal, None
        if deal is None:
            return
        own = deal.own
        fourteen = len(own) == 14 or (first_move is not None and first_move["kind"] != "drew"
                                      and first_move["kind"] != "flower")
        tiles = own[:13]
        by_id = [deal.flowers[(self.dealer + number) % 4] for number in range(4)]
        counts = [str(len(flowers)) for flowers in by_id]
        names = [name_of(kind) for kind in tiles]
        flowers = [name_of(kind) for seat_flowers in by_id for kind in seat_flowers]
        self._lines.append(" ".join(["1", *counts, *names, *flowers]))
        if fourteen:
            self._lines.append(f"2 {name_of(own[13])}" if deal.dealer == self.seat
                               else "3 0 DRAW")
