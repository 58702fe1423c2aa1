"""One seat's game rebuilt from Botzone's requests, as the :class:`~mjsim.players.View` it
would have at an mjsim table (the bot side of Botzone's Chinese Standard Mahjong protocol).

A Botzone bot sees only requests (README.md#our-players-as-botzone-bots): its seat, wind, deal,
its draws and every seat's actions. :class:`Tracker` keeps what they tell (the seat's hand,
every pool, every seat's melds and flowers, how much of each seat's quarter of the wall is
used) and builds the view of the latest request with the seat's legal moves listed in the
engine's order (:meth:`mjsim.game.rules.Rules.legal`), restricted as Botzone's judge
restricts them: no kong when the drawer's or the next seat's quarter is empty, no claim but a
win on a discard after which the discarder's next seat has an empty quarter, and a win only
at eight points without the flowers, scored as the judge scores it (its last-tile flag is the
next seat's empty quarter; no win on the dealt tiles).

The pools mirror mjsim's: a claimed discard leaves its discarder's pool. A promoted kong
stays a pung until the next request shows nobody robbed it, as in the engine's window.
Another seat's concealed tiles are unknown, so its concealed kong is :data:`HIDDEN_KONG`.

The wall holds 136 tiles, or 144 once a flower shows (Botzone's judge deals a flowerless
wall unless given one): each seat owns a quarter and draws its deal, its draws, its flowers'
and kongs' replacements from it. The view's ``wall`` is the tiles not yet dealt or drawn.

``table="mcr"`` follows mjsim's own table instead, for a seat there (``botzone:mjsim botzone
--table mcr``): one wall of 144, no kong once it is empty, no claim but a win on the discard
after its last tile, that discard and the last draw the last tile, and the dealer's win on its
dealt fourteen a win on the deal, as the engine scores them.

>>> t = Tracker()
>>> for request in ("0 1 0", "1 0 0 0 0 W1 W1 W2 W3 B5 B5 B5 T7 T8 F1 F1 J1 J2", "3 0 DRAW",
...                 "3 0 PLAY W1"):
...     events = t.feed(request)
>>> events
[{'actor': 0, 'kind': 'discard', 'tile': 0}]
>>> view = t.view()
>>> view.phase, view.window, [m.kind for m in view.legal]
('claim', WindowView(kind='discard', tile=0, source=0), ['pung', 'chow', 'pass'])
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Literal

from mjsim.analysis import shanten
from mjsim.errors import clipped, counted
from mjsim.game.events import ClaimEvent, DealEvent, Event, MeldEvent
from mjsim.game.moves import CHOWS, DISCARDS, KONG, KONGS, PASS, PUNG, WIN, Move, claimed_meld
from mjsim.players.view import HIDDEN_KONG, Shown, View, WindowView
from mjsim.scoring import MIN_POINTS, WinContext, score
from mjsim.scoring.elements import ruleset_index
from mjsim.tiles.botzone import kind_of, name_of
from mjsim.tiles.hand import Hand
from mjsim.tiles.kinds import N_PLAYING, N_SUITED
from mjsim.tiles.meld import Meld

__all__ = ["Tracker"]

_HAND_SIZE = 13
_CLAIMS: dict[str, Literal["win", "pung", "chow", "kong"]] = {
    "HU": "win", "PENG": "pung", "CHI": "chow", "GANG": "kong"}
"""A window's answer word and the claim it makes."""
TABLES = ("botzone", "mcr")
"""Whose rules a tracker follows: Botzone's judge's, or mjsim's own table's."""


class Tracker:
    """The state of one Botzone seat, fed request by request (:meth:`feed`) with the seat's
    own answers (:meth:`answered`); :meth:`view` is the View of the latest request and
    :meth:`after_claim` the View of the turn a pung or chow claim would give.

    Raises ``ValueError`` naming the request for one that is malformed or out of order.
    """

    def __init__(self, ruleset: str = "gb-mahjong", table: str = "botzone") -> None:
        if table not in TABLES:
            raise ValueError(f"the tables are {', '.join(TABLES)}, not {table!r}")
        self.ruleset, self.quarters = ruleset, table == "botzone"
        self.ruleset_index = ruleset_index(ruleset)  # once, not a View's parse a request
        self.seat = -1
        self.prevalent = 0
        self.hand = Hand()
        self.pools: list[list[int]] = [[], [], [], []]
        self.melds: list[list[Shown]] = [[], [], [], []]  # other seats' (own: hand.melds)
        self.flowers: list[list[int]] = [[], [], [], []]
        self.taken = [0, 0, 0, 0]  # tiles each seat has taken from its quarter
        self.tiles = 136 if self.quarters else 144
        self.phase = "discard"
        self.turn = -1  # the seat on turn, -1 in a window or before the first draw
        self.drawer: int | None = None  # the seat whose draw may come next (after a discard,
        # a claim may come instead), None while a seat is on turn
        self.drawn: int | None = None
        self.window: WindowView | None = None
        self.kong_draw = [False] * 4  # each seat's next draw replaces its kong
        self.promoting: tuple[int, int] | None = None  # a BUGANG not yet robbed or performed
        self.last: WindowView | None = None  # the window of the previous request
        self.last_answer = ""
        self.requests = 0
        self.events: list[Event] = []
        self.replacing = [False] * 4  # each seat's next draw replaces a flower or a kong

    # ---------------------------------------------------------------------------- reading

    def remaining(self, seat: int) -> int:
        """Tiles left in ``seat``'s quarter of the wall: none once the whole wall is drawn (at
        a table whose seats do not draw from quarters, a quarter may be overdrawn)."""
        if sum(self.taken) >= self.tiles:
            return 0
        return max(0, self.tiles // 4 - self.taken[seat])

    def _may_kong(self, seat: int) -> bool:
        """Whether a kong on ``seat``'s turn has a replacement to come."""
        if self.quarters:
            return bool(self.remaining(seat) and self.remaining((seat + 1) % 4))
        return self._wall_left() > 0

    def _last_tile(self, source: int) -> bool:
        """Whether no draw can follow ``source``'s draw or discard: its discard may then be
        claimed only to win, and a win on either is on the last tile."""
        if self.quarters:
            return not self.remaining((source + 1) % 4)
        return self._wall_left() == 0

    def _wall_left(self) -> int:
        return self.tiles - sum(self.taken)

    def _on_the_deal(self) -> bool:
        """On mjsim's table, whether the seat is the dealer holding its dealt tiles (nothing
        discarded or declared yet): a win then is a win on the deal."""
        return (not self.quarters and self.seat == 0 and not any(self.pools)
                and not any(self.melds) and not self.hand.melds)

    def feed(self, request: str) -> list[Event]:
        """Take the next request into the state; return its events in mjsim's form, as
        :func:`mjsim.players.seen_by` shows them to the seat (the seat's own answer to a
        window it could claim first)."""
        words = request.split(" ")
        events = self.events
        try:
            self._feed(words)
        except (IndexError, KeyError, ValueError) as problem:
            # clipped: a request may be 300 KB, and its problem is named
            raise ValueError(f"Botzone request {self.requests} {clipped(request, 200)!r}: "
                             f"{problem}") from None
        self.requests += 1
        self.events = []
        return events

    def answered(self, answer: str) -> None:
        """The seat's answer to the latest request (a concealed kong's tile is known only so).

        An answer to a window the seat could claim is an event of the next request."""
        self.last_answer = answer
        window = self.window
        if window is None or window.source == self.seat or not self._claims(window):
            return
        words = answer.split(" ")
        if words[0] == "PASS":
            self.events.append({"actor": self.seat, "kind": "pass"})
            return
        claim = _CLAIMS.get(words[0])
        if claim is None:
            raise ValueError(f"{answer!r} does not answer a window")
        event: ClaimEvent = {"actor": self.seat, "kind": "claim", "claim": claim,
                             "tile": window.tile}
        if claim == "chow":
            if len(words) < 2:  # a history from outside: refused in words, not an IndexError
                raise ValueError(f"{answer!r} names no middle tile: CHI is 'CHI middle discard'")
            middle = _playing(words[1])
            event["tiles"] = [middle - 1, middle, middle + 1]
        self.events.append(event)

    def _drew(self, seat: int, tile: int | None) -> None:
        self.events.append({"actor": seat, "kind": "drew", "tile": tile,
                            "from": "back" if self.replacing[seat] else "wall"})
        self.replacing[seat] = False

    def _feed(self, words: list[str]) -> None:
        if self.promoting is not None:
            self._promote(*self.promoting)
        self.last, self.window, self.drawn = self.window, None, None
        code = words[0]
        if code == "0":
            if self.requests != 0 or len(words) != 3:
                raise ValueError("request 0 is '0 seat quan' and comes first")
            seat, prevalent = _number(words[1]), _number(words[2])
            if not (0 <= seat < 4 and 0 <= prevalent < 4):
                raise ValueError(f"the seat and the wind are 0-3, not {seat} and {prevalent}")
            self.seat, self.prevalent = seat, prevalent
            return
        if self.seat < 0:
            raise ValueError("request 0 (the seat) has not come")
        if code == "1":
            self._deal(words[1:])
        elif code == "2" and len(words) == 2:
            tile = _playing(words[1])
            self._dealt()
            self._drawing(self.seat, "draws")
            self._draw(self.seat)
            _add(self.hand, tile)
            self._drew(self.seat, tile)
            self.phase, self.turn, self.drawn = "discard", self.seat, tile
        elif code == "3" and len(words) >= 3:  # 3, the seat, the action
            actor = _number(words[1])
            if not 0 <= actor < 4:
                raise ValueError(f"seat {actor} is not 0-3")
            self._dealt()
            self._action(actor, words[2], words[3:])
        elif words == [""]:  # split(" ") makes one empty word of nothing
            raise ValueError("an empty request")
        else:
            raise ValueError(f"no request {code!r} has {counted(len(words), 'word')}")

    def _dealt(self) -> None:
        """Refuses a turn's request that comes before the deal (a draw would be all the hand
        holds), once the request itself reads."""
        if not any(self.taken):
            raise ValueError("the deal ('1 ...') has not come")

    def _deal(self, words: list[str]) -> None:
        if any(self.taken):  # a second deal would deal the hand again over the first
            raise ValueError("the deal ('1 ...') came already")
        counts = [_number(word) for word in words[:4]]
        for count in counts:  # -1 and 1 add up to 0 flowers, and would pass the count below
            if not 0 <= count <= _FLOWERS:
                raise ValueError(f"a seat has 0-{_FLOWERS} flowers, not {count}")
        if sum(counts) > _FLOWERS:
            raise ValueError(f"the seats have {sum(counts)} flowers: the wall has {_FLOWERS}")
        own = [_playing(word) for word in words[4:4 + _HAND_SIZE]]
        flowers = [_flower(word) for word in words[4 + _HAND_SIZE:]]
        for at, flower in enumerate(flowers):
            _unshown(flower, flowers[:at])
        if len(own) != _HAND_SIZE or len(flowers) != sum(counts):
            raise ValueError("the deal is four flower counts, 13 tiles and the flowers")
        self.hand = Hand()
        for tile in own:
            _add(self.hand, tile)
        at = 0
        for seat, count in enumerate(counts):
            self.flowers[seat] = sorted(flowers[at:at + count])
            self.taken[seat] = _HAND_SIZE + count
            at += count
        self.hand.flowers = tuple(self.flowers[self.seat])
        self.drawer = 0  # the dealer, Botzone's seat 0, draws first
        if flowers:
            self.tiles = 144
        dealt: list[list[int] | None] = [None] * 4
        dealt[self.seat] = own + self.flowers[self.seat]
        deal: DealEvent = {"actor": "sys", "kind": "deal", "hand_no": 1, "dealer": 0,
                           "prevalent": self.prevalent, "hands": dealt}
        if self.quarters:
            deal["parts"] = [self.remaining(seat) for seat in range(4)]
        self.events.append(deal)
        for seat in range(4):
            for flower in self.flowers[seat]:
                self.events.append({"actor": seat, "kind": "flower", "tile": flower,
                                    "from": "deal"})

    def _drawing(self, actor: int, does: str) -> None:
        """Refuses a draw (or BUHUA) by a seat whose draw cannot come now; ``actor`` is then
        on turn."""
        if actor != self.drawer:
            raise ValueError(f"seat {actor} {does} out of turn: {self._whose_turn()}")
        self.drawer = None

    def _on_turn(self, actor: int, does: str) -> None:
        """Refuses a move of a turn (PLAY, a concealed kong, BUGANG) by a seat not on turn:
        only a seat that has just drawn makes one (a claim's discard comes with the claim)."""
        if actor != self.turn:
            raise ValueError(f"seat {actor} {does} out of turn: {self._whose_turn()}")

    def _whose_turn(self) -> str:
        if self.turn >= 0:
            return f"seat {self.turn} is on turn"
        if self.drawer is not None:
            return f"seat {self.drawer} is to draw"
        return "no seat is on turn"

    def _draw(self, seat: int) -> None:
        self.taken[seat] += 1
        if sum(self.taken) > self.tiles:
            raise ValueError(f"more than the {self.tiles} tiles of the wall are drawn")

    def _action(self, actor: int, what: str, rest: list[str]) -> None:
        own = actor == self.seat
        if what == "DRAW" and not rest:
            if own:  # the seat's own draw names its tile
                raise ValueError(f"seat {actor} is this seat, whose draws come as '2 tile'")
            self._drawing(actor, "draws")
            self._draw(actor)
            self._drew(actor, None)
            self.phase, self.turn = "discard", actor
        elif what == "BUHUA" and len(rest) == 1:
            flower = _flower(rest[0])
            _unshown(flower, [shown for flowers in self.flowers for shown in flowers])
            self._drawing(actor, "shows a flower")  # BUHUA is a draw of a flower
            self._draw(actor)
            self.events.append({"actor": actor, "kind": "flower", "tile": flower,
                                "from": "back" if self.replacing[actor] else "wall"})
            self.replacing[actor] = True
            self.drawer = actor  # its replacement
            self.tiles = 144
            self.flowers[actor] = sorted((*self.flowers[actor], flower))
            self.kong_draw[actor] = False
            if own:
                self.hand.flowers = tuple(self.flowers[actor])
        elif what == "PLAY" and len(rest) == 1:
            tile = _playing(rest[0])
            self._on_turn(actor, f"plays {rest[0]}")
            self._discard(actor, tile)
        elif what in ("PENG", "CHI") and len(rest) == (1 if what == "PENG" else 2):
            source, tile = self._claimed_discard(actor, chow=what == "CHI")
            if what == "PENG":
                meld = Meld.pung(tile, claimed=tile, source=source)
            else:
                meld = Meld.chow(_middle(rest[0], tile) - 1, claimed=tile, source=source)
            self._meld(actor, meld, tile)
            self._discard(actor, _playing(rest[-1]))
        elif what == "GANG" and not rest:
            self._kong(actor)
        elif what == "BUGANG" and len(rest) == 1:
            tile = _playing(rest[0])
            self._on_turn(actor, f"promotes {rest[0]}")
            melds = self.hand.melds if own else self.melds[actor]
            if not any(isinstance(m, Meld) and m.kind == "pung" and m.tile == tile
                       for m in melds):  # else the promoted kong would be of nothing
                raise ValueError(f"seat {actor} has no pung of {rest[0]} to promote")
            if own:  # refused now, not at the next request when the kong is made
                _holds(self.hand, [tile], actor, "its BUGANG")
            self.promoting = (actor, tile)
            self.drawer = actor  # the kong's replacement, if nobody robs it
            self.events.append({"actor": actor, "kind": "promote", "tile": tile})
            self.phase, self.turn = "rob", -1
            self.window = WindowView("rob", tile, actor)
        else:
            raise ValueError(f"no action {what!r} with {len(rest)} more words")

    def _discard(self, actor: int, tile: int) -> None:
        self.kong_draw[actor] = False
        if actor == self.seat:
            _holds(self.hand, [tile], actor, "its discard")
            self.hand.remove(tile)
        self.pools[actor].append(tile)
        self.events.append({"actor": actor, "kind": "discard", "tile": tile})
        self.phase, self.turn, self.drawer = "claim", -1, (actor + 1) % 4
        self.window = WindowView("discard", tile, actor)

    def _claimed_discard(self, actor: int, chow: bool = False) -> tuple[int, int]:
        """The discard ``actor``'s claim takes, out of its discarder's pool as mjsim does."""
        if self.last is None or self.last.kind != "discard":
            raise ValueError("a claim with no discard before it")
        source, tile = self.last.source, self.last.tile
        if actor == source:
            raise ValueError(f"seat {actor} claims its own discard {name_of(tile)}")
        if chow and actor != (source + 1) % 4:
            raise ValueError(f"seat {actor} chows seat {source}'s discard: only the next "
                             f"seat, {(source + 1) % 4}, may")
        self.pools[source].pop()
        return source, tile

    def _meld(self, actor: int, meld: Meld, claimed: int) -> None:
        assert meld.source is not None, "a claimed meld names the seat it was claimed from"
        shown: MeldEvent = {"actor": actor, "kind": meld.kind, "tile": claimed,
                            "tiles": list(meld.tiles), "from": meld.source}
        self.events.append(shown)
        if actor != self.seat:
            self.melds[actor].append(meld)
            return
        taken = list(meld.tiles)
        taken.remove(claimed)
        _holds(self.hand, taken, actor, f"its {meld.kind}")
        self.hand = self.hand.after_claim(meld)

    def _kong(self, actor: int) -> None:
        """``3 p GANG``: a claimed kong on the previous discard, else a concealed one."""
        last = self.last
        if last is not None and last.kind == "discard":
            source, tile = self._claimed_discard(actor)
            self._meld(actor, Meld.kong(tile, claimed=tile, source=source), tile)
        elif actor != self.seat:
            self._on_turn(actor, "declares a concealed kong")
            self.melds[actor].append(HIDDEN_KONG)
            self.events.append({"actor": actor, "kind": "kong", "tile": None, "how": "concealed"})
        else:
            self._on_turn(actor, "declares a concealed kong")
            words = self.last_answer.split(" ")
            if len(words) != 2 or words[0] != "GANG":
                raise ValueError(f"a concealed kong, but the seat answered {self.last_answer!r}")
            tile = _playing(words[1])
            if self.hand.counts[tile] != 4:
                raise ValueError(f"a concealed kong of {words[1]}, not four in hand")
            self.hand.counts[tile] -= 4
            self.hand.add_meld(Meld.kong(tile, concealed=True))
            self.events.append({"actor": actor, "kind": "kong", "tile": tile, "how": "concealed"})
        self.kong_draw[actor] = self.replacing[actor] = True
        self.phase, self.turn, self.drawer = "discard", -1, actor

    def _promote(self, actor: int, tile: int) -> None:
        """The BUGANG nobody robbed: the pung becomes a kong, its claim and source kept."""
        self.promoting = None
        if actor == self.seat:
            _holds(self.hand, [tile], actor, "its BUGANG")
            self.hand.remove(tile)
            self.hand.melds = tuple(_promoted(meld, tile) for meld in self.hand.melds)
        else:
            self.melds[actor] = [_promoted(meld, tile) if isinstance(meld, Meld) else meld
                                 for meld in self.melds[actor]]
        self.events.append({"actor": actor, "kind": "kong", "tile": tile, "how": "promoted"})
        self.kong_draw[actor] = self.replacing[actor] = True

    # ---------------------------------------------------------------------------- the view

    def view(self) -> View:
        """The View of the latest request, ``legal`` empty when the seat has no choice."""
        return self._view(self.hand.copy(), self.pools, self.phase, self.drawn, self.window,
                          self._legal())

    def after_claim(self, move: Move) -> View:
        """The View of the turn that claiming the open discard with ``move`` (a pung or a
        chow) gives: the meld made, the discard out of its pool, only discards legal."""
        window = self.window
        if window is None or window.kind != "discard" or move.kind not in ("pung", "chow"):
            raise ValueError(f"{move!r} does not claim a discard")
        source = window.source
        hand = self.hand.after_claim(claimed_meld(move, window.tile, source))
        pools = [list(pool) for pool in self.pools]
        pools[source].pop()
        legal = [DISCARDS[k] for k in range(N_PLAYING) if hand.counts[k]]
        return self._view(hand, pools, "discard", None, None, legal)

    def _view(self, hand: Hand, pools: Sequence[Sequence[int]], phase: str,
              drawn: int | None, window: WindowView | None, legal: list[Move]) -> View:
        exposed = [tuple(melds) for melds in self.melds]
        exposed[self.seat] = hand.melds
        return View(seat=self.seat, hand=hand, pools=tuple(tuple(p) for p in pools),
                    exposed=tuple(exposed), flowers=tuple(tuple(f) for f in self.flowers),
                    wall=self.tiles - sum(self.taken), dealer=0,
                    prevalent=self.prevalent, phase=phase, drawn=drawn, window=window,
                    legal=legal, hand_no=1, ruleset=self.ruleset,
                    ruleset_index=self.ruleset_index)

    def _legal(self) -> list[Move]:
        window, seat = self.window, self.seat
        if window is not None:
            if window.source == seat:
                return []
            claims = self._claims(window)
            return [*claims, PASS] if claims else []
        if self.turn != seat or self.drawn is None:
            return []
        counts = self.hand.counts
        moves = [DISCARDS[k] for k in range(N_PLAYING) if counts[k]]
        if self._may_kong(seat):
            moves.extend(KONGS[k] for k in range(N_PLAYING) if counts[k] == 4)
            moves.extend(KONGS[m.tile] for m in self.hand.melds
                         if m.kind == "pung" and counts[m.tile])
        if self._wins(self.hand, self.drawn, self_drawn=True, source=seat):
            moves.append(WIN)
        return moves

    def _claims(self, window: WindowView) -> list[Move]:
        """The seat's claims on the window's tile, in the engine's order (win, pung, kong,
        chows), within the table's limits."""
        tile, source, counts = window.tile, window.source, self.hand.counts
        claims: list[Move] = []
        hand = self.hand.copy()
        hand.counts[tile] += 1
        if self._wins(hand, tile, self_drawn=False, source=source, robbing=window.kind == "rob"):
            claims.append(WIN)
        if window.kind == "discard" and not self._last_tile(source):
            held = counts[tile]
            if held >= 2:
                claims.append(PUNG)
                if held == 3:
                    claims.append(KONG)
            if self.seat == (source + 1) % 4 and tile < N_SUITED:
                base = tile - tile % 9
                for first in range(max(base, tile - 2), min(base + 6, tile) + 1):
                    if all(counts[k] for k in range(first, first + 3) if k != tile):
                        claims.append(CHOWS[first])
        return claims

    def _wins(self, hand: Hand, tile: int, *, self_drawn: bool, source: int,
              robbing: bool = False) -> bool:
        """Whether ``hand`` (the winning tile in it) wins eight points as the table scores:
        its last-tile flag :meth:`_last_tile`, its kong flag a kong's draw."""
        if shanten.shanten(hand.counts, len(hand.melds)) != -1:
            return False
        shown = self._shown(tile) - (0 if self_drawn or robbing else 1)
        context = WinContext(tile, self_drawn, self.seat, self.prevalent,
                             flowers=len(hand.flowers), last_copy=shown == 3 and not robbing,
                             wall_last=not robbing and self._last_tile(source),
                             replacement=self_drawn and self.kong_draw[self.seat],
                             robbing=robbing, initial=self_drawn and self._on_the_deal())
        return score(hand, context, ruleset=self.ruleset_index).total >= MIN_POINTS

    def _shown(self, kind: int) -> int:
        """Copies of ``kind`` face up: in the pools and in melds not concealed."""
        return (sum(pool.count(kind) for pool in self.pools)
                + sum(m.tiles.count(kind) for melds in (*self.melds, self.hand.melds)
                      for m in melds if not m.concealed))


_FLOWERS = 8  # a wall's flowers, all of which one seat may hold
_DIGITS = 6  # more than any number in a request has (seats, winds, counts of flowers)


def _number(word: str) -> int:
    """A whole number, a minus sign allowed: the caller says that -1 is out of its range."""
    digits = word.removeprefix("-")
    if not (digits.isascii() and digits.isdigit()):
        raise ValueError(f"{clipped(word, 40)!r} is not a number")
    if len(digits) > _DIGITS:  # before int(), whose own refusal past 4,300 digits is Python's
        raise ValueError(f"{clipped(word, 40)!r} is out of range")
    return int(word)


def _add(hand: Hand, tile: int) -> None:
    """``tile`` taken into ``hand``; a fifth copy is refused in Botzone's name for it."""
    if hand.total_copies(tile) >= 4:
        raise ValueError(f"a fifth {name_of(tile)}: only four exist")
    hand.add(tile)


def _holds(hand: Hand, tiles: list[int], seat: int, what: str) -> None:
    """Refuses, in Botzone's names, ``tiles`` that ``what`` (its discard, its pung ...) takes
    from ``seat``'s concealed tiles and ``hand`` does not hold: the hand's own refusal names them
    in mjsim's notation ("no G among the concealed tiles"), which a Botzone user does not read."""
    for tile in dict.fromkeys(tiles):
        held, needed = int(hand.counts[tile]), tiles.count(tile)
        if held < needed:
            holds = "no" if not held else f"only {held}"
            takes = f", which takes {needed}" if needed > 1 else ""
            raise ValueError(f"seat {seat} holds {holds} {name_of(tile)} for {what}{takes}")


def _middle(word: str, discard: int) -> int:
    """The middle tile of a chow on ``discard`` that ``word`` names; refused in Botzone's names
    (the meld's own refusal would name a kind by its number or mjsim's name)."""
    middle = _playing(word)
    if middle >= N_SUITED or middle % 9 in (0, 8) or abs(middle - discard) > 1:
        raise ValueError(f"no chow with the middle tile {word} holds the discard "
                         f"{name_of(discard)}")
    return middle


def _promoted(meld: Meld, tile: int) -> Meld:
    """``meld`` with a pung of ``tile`` made a kong, its claimed tile and source kept."""
    if meld.kind == "pung" and meld.tile == tile:
        return Meld.kong(tile, claimed=meld.claimed, source=meld.source)
    return meld


def _flower(word: str) -> int:
    kind = kind_of(word)
    if kind < N_PLAYING:
        raise ValueError(f"{word} is a playing tile, not a flower")
    return kind


def _unshown(flower: int, shown: list[int]) -> None:
    """Refuses a flower shown already: the wall has one of each."""
    if flower in shown:
        raise ValueError(f"a second {name_of(flower)}: the wall has one of each flower")


def _playing(word: str) -> int:
    kind = kind_of(word)
    if kind >= N_PLAYING:
        raise ValueError(f"{word} is a flower, not a playing tile")
    return kind
