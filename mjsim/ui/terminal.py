"""The keyboard game: a person plays one seat of a sixteen-hand game against three bots.

Each prompt shows only what the seat may see (its :class:`~mjsim.players.view.View`): its hand, the
drawn tile, every pool and exposed meld, the wall count, the winds, the totals, and the legal
moves. Entries are short and forgiving: ``d 5p`` or ``5p`` discards, ``pung``, ``chow 345s``,
``kong E``, ``win``, ``pass``; ``help``, ``hint`` and ``quit`` do what they say.

>>> from mjsim.game.moves import Move
>>> legal = [Move('discard', tile=4), Move('discard', tile=13), Move('win')]
>>> read_entry("d 5p", legal), read_entry("5m", legal), read_entry("hu", legal)
(Move('discard', tile=13), Move('discard', tile=4), Move('win'))
"""

from __future__ import annotations

import os
import sys
from collections.abc import Callable, Sequence
from typing import IO, Any

from mjsim.analysis import shanten
from mjsim.errors import NotationError
from mjsim.game.gamelog import GameLog
from mjsim.game.moves import Move
from mjsim.game.rules import Rules
from mjsim.players import Rung
from mjsim.players.rungs import best
from mjsim.players.view import HiddenKong, View, view_of
from mjsim.tiles.kinds import GLYPHS, LONG_NAMES, NAMES
from mjsim.tiles.notation import LETTERS, parse, print_meld, print_tiles

WINDS = "ESWN"
COMMANDS = ["help", "hint", "quit"]
HELP = f"""Moves (type the short form):
  d 5p | 5p      discard the 5 of dots          kong E | kong    declare or claim a kong
  pung           claim a pung                   chow 345s | chow claim a chow (name it if several)
  win | hu       declare a win                  pass | p         let a discard go
Also: hint (what rung 3 would do, and why), help, quit (or Ctrl-D).
Tiles: 1m-9m characters, 1p-9p dots, 1s-9s bamboo; honours {' '.join(
    f'{letter}={LONG_NAMES[kind]}' for letter, kind in LETTERS.items())}."""

_ALIASES = {"d": "discard", "discard": "discard", "p": "pass", "pass": "pass", "pung": "pung",
            "pong": "pung", "chow": "chow", "chi": "chow", "kong": "kong", "gang": "kong",
            "win": "win", "hu": "win", "mahjong": "win"}


class EntryError(ValueError):
    """An entry that names no legal move; its message says why, for the re-prompt."""


def read_entry(text: str, legal: Sequence[Move]) -> Move:
    """The legal move an entry names; raises :class:`EntryError` with the reason otherwise."""
    words = text.strip().split()
    if not words:
        raise EntryError("type a move, or help")
    head, rest = words[0].lower(), " ".join(words[1:])
    if head not in _ALIASES:  # a bare tile discards it
        head, rest = "discard", text.strip()
    kind = _ALIASES[head]
    candidates = [move for move in legal if move.kind == kind]
    if not candidates:
        raise EntryError(f"no {kind} is possible now; legal: {describe_moves(legal)}")
    if not rest:
        if len(candidates) == 1:
            return candidates[0]
        raise EntryError(f"which {kind}? {describe_moves(candidates)}")
    try:
        tiles = parse(rest)
    except NotationError as error:
        raise EntryError(f"{error.token!r}: {error.reason}") from None
    for move in candidates:
        if (move.tile is not None and tiles == [move.tile]) or (
                move.tiles is not None and sorted(tiles) == list(move.tiles)):
            return move
    raise EntryError(f"cannot {kind} {rest}; possible: {describe_moves(candidates)}")


def describe_moves(moves: Sequence[Move]) -> str:
    def one(move: Move) -> str:
        if move.tiles:
            return f"chow {print_tiles(move.tiles)}"
        if move.tile is None:
            return move.kind
        return NAMES[move.tile] if move.kind == "discard" else f"{move.kind} {NAMES[move.tile]}"
    return ", ".join(one(move) for move in moves)


def hint(view: View) -> str:
    """What rung 3 would do, and the shanten and acceptance of the best discards."""
    move = best(view, 3)
    lines = [f"rung 3 would play: {describe_moves([move]) if move else 'nothing'}"]
    hand = view.hand
    if view.window is None and hand.concealed_count % 3 == 2:
        unseen = [max(0, u) for u in view.unseen]
        chosen = move.tile if move is not None and move.kind == "discard" else None
        rows = sorted(shanten.discards(hand.counts, len(hand.melds), unseen),
                      key=lambda d: (d.shanten, -d.copies, d.tile != chosen))
        for row in rows[:3]:
            lines.append(f"  discard {NAMES[row.tile]:<3} shanten {row.shanten}, "
                         f"{row.copies} tiles help: {print_tiles(row.kinds) or 'none'}")
    return "\n".join(lines)


class Screen:
    """How tiles and the table are written: notation, with glyphs where the terminal shows them."""

    def __init__(self, glyphs: bool) -> None:
        self.glyphs = glyphs

    def tiles(self, kinds: Sequence[int]) -> str:
        text = print_tiles(kinds) or "-"
        if self.glyphs and kinds:
            return f"{text}  {''.join(GLYPHS[k] for k in sorted(kinds))}"
        return text

    def table(self, view: View, totals: Sequence[int], names: Sequence[str]) -> str:
        lines = [f"hand {view.hand_no}/16  prevalent {WINDS[view.prevalent]}  "
                 f"wall {view.wall}  totals "
                 + "  ".join(f"{names[s]} {totals[s]:+d}" for s in range(4))]
        for seat in range(4):
            wind = WINDS[(seat - view.dealer) % 4]
            melds = " ".join("ckong(????)" if isinstance(m, HiddenKong) else print_meld(m)
                             for m in view.exposed[seat])
            flowers = print_tiles(view.flowers[seat])
            lines.append(f"  {names[seat]:<6} {wind}  pool: {print_tiles(view.pools[seat]) or '-'}"
                         + (f"  melds: {melds}" if melds else "")
                         + (f"  flowers: {flowers}" if flowers else ""))
        hand = view.hand
        own = self.tiles(hand.tiles())
        melds = " ".join(print_meld(m) for m in hand.melds)
        lines.append(f"your hand: {own}" + (f"  {melds}" if melds else ""))
        if view.drawn is not None:
            lines.append(f"you drew: {self.tiles([view.drawn])}")
        if view.window is not None:
            kind, tile, source = view.window
            what = "discarded" if kind == "discard" else "adds to a kong"
            lines.append(f"{names[source]} {what} {self.tiles([tile])}")
        lines.append(f"legal: {describe_moves(view.legal)}")
        return "\n".join(lines)


def glyphs_supported(stream: IO[str]) -> bool:
    encoding = (getattr(stream, "encoding", None) or "").lower()
    return "utf" in encoding and os.environ.get("TERM", "") != "dumb"


def play(*, level: int = 3, seat: int = 0, seed: bytes | str = b"mjsim",
         ruleset: str = "green-book", log: IO[str] | None = None,
         ask: Callable[[str], str] = input, out: IO[str] = sys.stdout) -> Rules:
    """Play a game at the keyboard; returns it (finished, or where the person quit)."""
    game = Rules(seed, ruleset)
    bot = Rung.parse(str(level))
    names = ["you" if s == seat else f"bot{s}" for s in range(4)]
    writer = None if log is None else GameLog(log, seed=game.seed, ruleset=ruleset,
                                              players=["you" if s == seat else str(bot)
                                                       for s in range(4)])
    screen = Screen(glyphs_supported(out))
    say = out.write
    say(f"mjsim: you are seat {seat}; three rung-{level} bots. Type help for the commands.\n")
    _report(game.take_outcomes(), seat, names, screen, say)
    while game.is_active:
        turn = game.waiting_on()[0]
        if turn == seat:
            move = _ask_move(game, seat, names, screen, ask, say)
            if move is None:
                say("game ended by the player\n")
                return game
        else:
            move = bot.act(view_of(game, turn))
            if move is None:
                raise RuntimeError(f"bot {bot} in seat {turn} offered no move")
        game.apply(turn, move)
        if writer:
            writer.move(turn, move)
        _report(game.take_outcomes(), seat, names, screen, say)
    return game


def _ask_move(game: Rules, seat: int, names: Sequence[str], screen: Screen,
              ask: Callable[[str], str], say: Callable[[str], object]) -> Move | None:
    """The person's move, or None to quit; re-prompts with the reason after a bad entry."""
    view = view_of(game, seat)
    say(screen.table(view, game.totals, names) + "\n")
    while True:
        try:
            text = ask("> ")
        except EOFError:
            return None
        word = text.strip().lower()
        if word in ("quit", "exit", "q"):
            return None
        if word == "help":
            say(HELP + "\n")
            continue
        if word == "hint":
            say(hint(view) + "\n")
            continue
        try:
            return read_entry(text, view.legal)
        except EntryError as error:
            say(f"? {error}\n")


def _report(events: list[dict[str, Any]], seat: int, names: Sequence[str], screen: Screen,
            say: Callable[[str], object]) -> None:
    """Say what happened, as the person's seat saw it (others' draws stay hidden)."""
    for event in events:
        kind, actor = event["kind"], event["actor"]
        who = names[actor] if isinstance(actor, int) else ""
        if kind == "deal":
            say(f"--- hand {event['hand_no']}: {names[event['dealer']]} deals ---\n")
        elif kind == "flower":
            say(f"{who} shows {LONG_NAMES[event['tile']]}\n")
        elif kind == "drew" and actor == seat:
            say(f"you draw {screen.tiles([event['tile']])}\n")
        elif kind == "discard":
            say(f"{who} discards {NAMES[event['tile']]}\n")
        elif kind in ("chow", "pung", "kong") and "tiles" in event:
            say(f"{who} {kind}s {print_tiles(event['tiles'])}\n")
        elif kind == "kong" and event.get("how") == "concealed" and actor != seat:
            say(f"{who} declares a concealed kong\n")
        elif kind == "kong":
            say(f"{who} declares a kong of {NAMES[event['tile']]}\n")
        elif kind == "win":
            how = "by self-draw" if event["by"] == "self" else f"on {NAMES[event['tile']]}"
            say(f"*** {who} wins {how} ***\n{describe_fans(event['fans'], event['total'])}\n")
        elif kind == "exhausted":
            say("the wall is empty: no winner\n")
        elif kind == "settle":
            say("totals: " + "  ".join(f"{names[s]} {t:+d}" for s, t in enumerate(event["totals"]))
                + "\n")


def describe_fans(fans: Sequence[Sequence[Any]], total: int) -> str:
    """A win's elements, one a line, then its total (flowers apart). Each element is
    ``(number, name, points, count)``, as an event or a game log holds it (a JSON list)."""
    lines = [f"  {number:2d} {name + (f' x{count}' if count > 1 else ''):<36} {points * count:>3}"
             for number, name, points, count in fans]
    return "\n".join([*lines, f"  total {total}"])
