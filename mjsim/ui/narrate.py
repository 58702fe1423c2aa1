"""The game in plain words: each event as a sentence, and how a hand ended.

Shared by the keyboard game, the replay in the terminal and the replay page, so the three say the
same thing the same way. ``names`` are the four seats' names; a seat named ``you`` takes the verb
without an s ("you discard", "bot1 discards") and is "your" where another is "bot1's".

>>> names = ["you", "bot1", "bot2", "bot3"]
>>> said({"actor": 1, "kind": "discard", "tile": 4}, names)
'bot1 discards 5m'
>>> said({"actor": 0, "kind": "pung", "tile": 27, "tiles": [27, 27, 27], "from": 3}, names)
'you pung E from bot3'
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from mjsim.game.events import Event
from mjsim.players.seen import seen_by
from mjsim.scoring.scorer import fan_line, total_line
from mjsim.tiles.hand import Hand
from mjsim.tiles.kinds import LONG_NAMES, NAMES
from mjsim.tiles.tokens import print_meld, print_tiles

WINDS = "ESWN"
WIND_WORDS = ("East", "South", "West", "North")


def verb(who: str, base: str) -> str:
    """``who`` and the verb (the first word of ``base``) agreeing with it: "you draw",
    "bot2 draws", "bot1 passes", "bot3 discards 5m"."""
    word, _, rest = base.partition(" ")
    if who != "you":
        word += "es" if word.endswith(("s", "sh", "ch", "x")) else "s"
    return f"{who} {word}" + (f" {rest}" if rest else "")


def possessive(who: str) -> str:
    """Whose: "your" for the seat named you, "bot2's" for another."""
    return "your" if who == "you" else f"{who}'s"


def said(event: Event, names: Sequence[str], seat: int | None = None) -> str | None:
    """An event as a sentence, as ``seat`` saw it (:func:`mjsim.players.seen.seen_by`; None:
    every tile face up), or None for one not worth a line or not seen (a pass, a claim before it
    is decided, another seat's hidden draw)."""
    shown = seen_by(event, seat)
    if shown is None:
        return None
    actor = shown["actor"]
    who = names[actor] if isinstance(actor, int) else ""
    if shown["kind"] == "deal":
        return (f"hand {shown['hand_no']}: {verb(names[shown['dealer']], 'deal')}, "
                f"{WIND_WORDS[shown['prevalent']]} the prevalent wind")
    if shown["kind"] == "flower":
        return f"{verb(who, 'show')} {LONG_NAMES[shown['tile']]}"
    if shown["kind"] == "drew":
        tile = shown["tile"]
        return None if tile is None else f"{verb(who, 'draw')} {NAMES[tile]}"
    if shown["kind"] == "discard":
        return f"{verb(who, 'discard')} {NAMES[shown['tile']]}"
    if shown["kind"] == "chow":
        return f"{verb(who, 'chow')} {print_tiles(shown['tiles'])} from {names[shown['from']]}"
    if shown["kind"] == "pung" or (shown["kind"] == "kong" and "from" in shown):
        return f"{verb(who, shown['kind'])} {NAMES[shown['tile']]} from {names[shown['from']]}"
    if shown["kind"] == "kong" and "how" in shown:
        tile = shown["tile"]
        if shown["how"] == "concealed":
            of = "" if tile is None else f" of {NAMES[tile]}"
            return f"{verb(who, 'declare')} a concealed kong{of}"
        return f"{verb(who, 'add')} {NAMES[tile]} to a pung: a kong" if tile is not None else None
    if shown["kind"] == "win":
        source, won = shown["from"], NAMES[shown["tile"]]
        if source is None:
            return f"{verb(who, 'win')} by self-draw"
        if shown["by"] == "rob":
            return f"{verb(who, 'win')} robbing {possessive(names[source])} kong of {won}"
        return f"{verb(who, 'win')} on {possessive(names[source])} {won}"
    if shown["kind"] == "foul":
        return f"{verb(who, 'foul')}: {shown['reason']}"
    if shown["kind"] == "exhausted":
        return "the wall is empty: no one wins this hand"
    if shown["kind"] == "end":
        return "the game is over"
    return None  # pass, claim, settle: the hand's end says the settlement


def describe_fans(fans: Sequence[Sequence[Any]]) -> list[str]:
    """A win's elements, one a line, as ``mjsim score`` writes them. Each is ``(number, name,
    points, count)``, as an event or a game log holds it (a JSON list)."""
    return [fan_line(*fan) for fan in fans]


@dataclass(frozen=True)
class HandEnd:
    """How a hand ended: ``winner`` (None when no one won), the winner's full ``hand`` and its
    ``fans``, ``total`` (flowers apart) and ``points`` (what was paid on, flowers included),
    ``deltas`` (what each seat gave or got) and ``totals`` after it."""

    hand_no: int
    winner: int | None
    by: str
    source: int | None
    tile: int | None
    hand: Hand | None
    fans: tuple[tuple[int, str, int, int], ...]
    total: int
    points: int
    deltas: tuple[int, ...]
    totals: tuple[int, ...]
    foul: str | None = None

    def lines(self, names: Sequence[str]) -> list[str]:
        """The end of the hand, line by line, for the pause after it."""
        if self.winner is None:
            head = (f"hand {self.hand_no} ends in a foul: {self.foul}" if self.foul
                    else f"hand {self.hand_no}: the wall is empty, no one wins")
            return [head, _payments(self.deltas, names)]
        who = names[self.winner]
        how = ("by self-draw" if self.by == "self" else
               f"on {possessive(names[self.source])} {NAMES[self.tile]}" if self.source is not None
               and self.tile is not None else self.by)
        lines = [f"hand {self.hand_no}: {verb(who, 'win')} {how}"]
        if self.hand is not None:
            melds = " ".join(print_meld(m) for m in self.hand.melds)
            bonus = print_tiles(self.hand.flowers)
            lines.append(f"  hand: {print_tiles(self.hand.tiles())}"
                         + (f"  {melds}" if melds else "")
                         + (f"  flowers: {bonus}" if bonus else ""))
        lines.extend(describe_fans(self.fans))
        lines.append(f"  {total_line(self.total, self.points - self.total)}: "
                     f"paid on {self.points}")
        lines.append(_payments(self.deltas, names))
        return lines


def _payments(deltas: Sequence[int], names: Sequence[str]) -> str:
    parts = [f"{names[s]} {'got' if d > 0 else 'gave'} {abs(d)}" for s, d in enumerate(deltas)
             if d]
    return "  " + (", ".join(parts) if parts else "no one pays")


def hand_end(events: Sequence[Event], before: Sequence[Hand],
             hand_no: int) -> HandEnd | None:
    """The end of hand ``hand_no`` in ``events`` (one move's), given each seat's hand
    ``before`` the move; None when the move did not end a hand."""
    settle = next((e for e in events if e["kind"] == "settle"), None)
    if settle is None:
        return None
    win = next((e for e in events if e["kind"] == "win"), None)
    foul = next((e for e in events if e["kind"] == "foul"), None)
    deltas, totals = tuple(settle["deltas"]), tuple(settle["totals"])
    if win is None:
        return HandEnd(hand_no, None, "foul" if foul else "exhausted", None, None, None, (), 0, 0,
                       deltas, totals, None if foul is None else foul["reason"])
    hand = before[win["actor"]].copy()
    if win["from"] is not None:  # the winning tile came from another seat
        hand.counts[win["tile"]] += 1
    fans = tuple((int(n), str(name), int(p), int(c)) for n, name, p, c in win["fans"])
    return HandEnd(hand_no, win["actor"], win["by"], win["from"], win["tile"], hand, fans,
                   win["total"], win["points"], deltas, totals)
