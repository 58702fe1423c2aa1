"""The keyboard game: a person plays one seat of a sixteen-hand game against three bots.

Each prompt shows only what the seat may see (its :class:`~mjsim.players.view.View`): whose turn
it is and what each bot just did, in words; every pool in discard order with the last discard
marked; melds with the seat they came from; the person's hand sorted with the drawn tile set
apart; and the legal moves. It is written with rich (colour where the terminal has it) and fits
80 columns. Entries are short, forgiving and case-blind: ``d 5p``, ``5p`` or ``5P`` discards,
``pung``, ``chow 345s``, ``kong E``, ``win``, ``pass``; ``help``, ``hint`` and ``quit`` do what
they say. After each hand the game pauses on how it ended; at its end, a table of places.

>>> from mjsim.game.moves import Move
>>> legal = [Move('discard', tile=4), Move('discard', tile=13), Move('win')]
>>> read_entry("d 5P", legal), read_entry("5m", legal), read_entry("hu", legal)
(Move('discard', tile=13), Move('discard', tile=4), Move('win'))
"""

from __future__ import annotations

import errno
import re
import sys
from collections.abc import Callable, Sequence
from typing import IO

from rich.console import Console
from rich.table import Table
from rich.text import Text

from mjsim.errors import NotationError
from mjsim.game.events import Event
from mjsim.game.gamelog import GameLog
from mjsim.game.moves import Move
from mjsim.game.rules import Rules
from mjsim.game.settlement import places
from mjsim.players import Rung
from mjsim.players.view import HiddenKong, View, view_of
from mjsim.scoring import MIN_POINTS
from mjsim.tiles.hand import Hand
from mjsim.tiles.kinds import LONG_NAMES, NAMES
from mjsim.tiles.meld import Meld
from mjsim.tiles.tokens import LETTERS, parse, print_tiles
from mjsim.ui.hints import hint, move_words, waits_of
from mjsim.ui.narrate import WINDS, HandEnd, hand_end, said

WIDTH = 80
COMMANDS = ["help", "hint", "quit", "pass", "pung", "chow", "kong", "win", "discard"]
HELP = f"""Moves (type the short form; upper or lower case):
  5p | d 5p    discard the 5 of dots      pung        claim a pung
  chow 345s    claim a chow (or: chow)    kong E      declare or claim a kong
  win | hu     declare a win              pass | p    let a discard go
Also: hint (each option's shanten, acceptance and the points of its waits),
  help, quit (or Ctrl-D). Up and Down recall entries; Tab completes.
Tiles: 1m-9m characters, 1p-9p dots, 1s-9s bamboo;
  honours {' '.join(f'{letter}={LONG_NAMES[kind].split()[0]}'
                    for letter, kind in LETTERS.items())}."""

_ALIASES = {"d": "discard", "discard": "discard", "p": "pass", "pass": "pass", "pung": "pung",
            "pong": "pung", "chow": "chow", "chi": "chow", "kong": "kong", "gang": "kong",
            "win": "win", "hu": "win", "mahjong": "win"}
# A letter after a digit is a suit; matching the letter alone, behind a look-behind, keeps the
# substitution linear (``([0-9]+)([a-zA-Z])`` rescanned a run of digits from each of them).
_SUIT = re.compile(r"(?<=[0-9])[a-zA-Z]")
QUIT_WORDS = ("quit", "exit", "q")
LONGEST_ENTRY = 100
"""The most characters an entry may have: the longest move is a few words."""


class EntryError(ValueError):
    """An entry that names no legal move; its message says why, for the re-prompt."""


def tiles_of(text: str) -> list[int]:
    """Tiles typed in any case: ``5P`` is 5p, ``e`` is East. Raises :class:`EntryError`."""
    spelled = _SUIT.sub(lambda m: m.group().lower(), text)
    spelled = re.sub(r"(?<![0-9a-z])([a-z]+)", lambda m: m.group(1).upper(), spelled)
    try:
        return parse(spelled)
    except NotationError:
        raise EntryError(f"{text!r} is neither a move nor a tile (type help for both)") from None


def read_entry(text: str, legal: Sequence[Move]) -> Move:
    """The legal move an entry names; raises :class:`EntryError` with the reason otherwise."""
    if len(text) > LONGEST_ENTRY:
        raise EntryError(f"an entry is at most {LONGEST_ENTRY} characters, not {len(text):,} "
                         "(type help for the moves)")
    words = text.strip().split()
    if not words:
        raise EntryError("type a move, or help")
    head, rest = words[0].lower(), " ".join(words[1:])
    if head not in _ALIASES:  # a bare tile discards it
        head, rest = "discard", text.strip()
    kind = _ALIASES[head]
    candidates = [move for move in legal if move.kind == kind]
    if not candidates:
        tiles = tiles_of(rest) if rest else []  # a typo says so before "no discard now"
        what = f"{kind} {print_tiles(tiles)}" if tiles else kind
        raise EntryError(f"you cannot {what} now; you may: {describe_moves(legal)}")
    if not rest:
        if len(candidates) == 1:
            return candidates[0]
        raise EntryError(f"which {kind}? {describe_moves(candidates)}")
    tiles = tiles_of(rest)
    for move in candidates:
        if (move.tile is not None and tiles == [move.tile]) or (
                move.tiles is not None and sorted(tiles) == list(move.tiles)):
            return move
    if kind == "discard" and len(tiles) == 1:
        raise EntryError(f"you hold no {NAMES[tiles[0]]} to discard")
    raise EntryError(f"you cannot {kind} {print_tiles(tiles)}; you may: "
                     f"{describe_moves(candidates)}")


def describe_moves(moves: Sequence[Move]) -> str:
    """Legal moves for the prompt: discards by tile alone, the rest by verb."""
    discards = [m.tile for m in moves if m.kind == "discard" and m.tile is not None]
    parts = [f"discard {print_tiles(discards)}"] if discards else []
    parts.extend(move_words(m) for m in moves if m.kind != "discard")
    return ", ".join(parts)


def melds_words(melds: Sequence[Meld | HiddenKong], names: Sequence[str]) -> str:
    """Exposed melds, each with the seat its tile came from."""
    def one(meld: Meld | HiddenKong) -> str:
        if isinstance(meld, HiddenKong):
            return "concealed kong"
        if meld.concealed:
            return f"concealed kong {print_tiles(meld.tiles)}"
        shown = f"{meld.kind} {print_tiles(meld.tiles)}"
        return shown if meld.source is None else f"{shown} (from {names[meld.source]})"
    return ", ".join(one(m) for m in melds)


class _Console(Console):
    """A rich console that leaves a closed stdout to the command line: rich's own answer
    exits 1 in silence, where every other command ends quietly with status 0."""

    def on_broken_pipe(self) -> None:
        self.quiet = True  # nothing more is written to a reader that has gone
        raise BrokenPipeError(errno.EPIPE, "the reader of the game stopped reading")


class Screen:
    """The table as the person's seat sees it, written on a rich console."""

    def __init__(self, out: IO[str], names: Sequence[str]) -> None:
        self.console = _Console(file=out, width=WIDTH, highlight=False, soft_wrap=False)
        self.names = names
        self.last: int | None = None  # the seat whose pool ends with the last discard

    def say(self, text: str | Text, style: str = "") -> None:
        # Text, not a str, so what the person typed (echoed in refusals) is never read as markup.
        self.console.print(Text(text) if isinstance(text, str) else text, style=style)

    def table(self, view: View, totals: Sequence[int], turn: str) -> None:
        names, say = self.names, self.say
        head = (f"hand {view.hand_no}/16 · prevalent {WINDS[view.prevalent]} · wall {view.wall}"
                f" · {turn}")
        self.console.rule(head, style="cyan")
        for seat in range(4):
            wind = WINDS[(seat - view.dealer) % 4]
            line = Text(f"{names[seat]:<5} {wind} {totals[seat]:>+5}  ",
                        style="bold" if seat == view.seat else "")
            line.append(self._pool(view.pools[seat], seat))
            say(line)
            extras = []
            if view.exposed[seat]:
                extras.append("melds: " + melds_words(view.exposed[seat], names))
            if view.flowers[seat]:
                extras.append("flowers: " + print_tiles(view.flowers[seat]))
            if not extras:  # nothing under the seat's line, not a line of blanks
                continue
            joined = "  ".join(extras)
            for part in [joined] if len(joined) <= WIDTH - 15 else extras:
                say(Text(" " * 15 + part, style="magenta"))
        say(self._hand(view.hand, view.drawn))
        if view.window is not None:  # holding thirteen: say whether the hand can win as it is
            ready = readiness(view)
            if ready:
                say(Text(ready, style="yellow"))
        say(Text(f"legal: {describe_moves(view.legal)}", style="green"))

    def _pool(self, pool: Sequence[int], seat: int) -> Text:
        text = Text()
        if not pool:
            text.append("(no discards)", style="dim")
        for index, tile in enumerate(pool):
            if self.last == seat and index == len(pool) - 1:
                text.append(f"[{NAMES[tile]}]", style="bold reverse yellow")
            else:
                text.append(NAMES[tile])
            text.append(" ")
        return text

    def _hand(self, hand: Hand, drawn: int | None) -> Text:
        tiles = hand.tiles()
        if drawn is not None:
            tiles.remove(drawn)
        text = Text("your hand: ", style="bold")
        text.append(print_tiles(tiles), style="bold")
        if drawn is not None:
            text.append("   drew: ")
            text.append(NAMES[drawn], style="bold reverse")
        return text


def readiness(view: View) -> str:
    """For a ready hand of thirteen, its waits and their points, or that none reaches the
    minimum (no win will be offered, however long it waits); empty when it is not ready."""
    waits = waits_of(view.hand, view)
    if not waits:
        return ""
    if not any(wait.legal for wait in waits):
        return (f"you are ready, but no wait reaches {MIN_POINTS} points: no win will be "
                "offered")
    return "you are ready: " + "; ".join(wait.words() for wait in waits)


def _complete(text: str, state: int) -> str | None:
    """Readline's completion of commands and tiles."""
    tiles = [*NAMES[:34]]
    options = [word for word in COMMANDS + tiles if word.lower().startswith(text.lower())]
    return options[state] if state < len(options) else None


def line_editing() -> None:
    """Up and Down recall entries and Tab completes, where readline is there (a terminal)."""
    try:
        import readline
    except ImportError:  # no readline (Windows): plain input still works
        return
    readline.set_completer(_complete)
    readline.parse_and_bind("tab: complete")


class Quit(Exception):
    """The person ended the game."""


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
    screen = Screen(out, names)
    screen.say(f"mjsim: you are seat {seat} against three rung-{level} bots. "
               "Type help for the moves.")
    _report(game.take_outcomes(), seat, screen)
    try:
        while game.is_active:
            turn = game.waiting_on()[0]
            move = (_ask_move(game, seat, screen, ask) if turn == seat
                    else bot.act(view_of(game, turn)))
            if move is None:
                raise RuntimeError(f"bot {bot} in seat {turn} offered no move")
            before, hand_no = [game.hand_of(s).copy() for s in range(4)], game.hand_no
            game.apply(turn, move)
            if writer:
                writer.move(turn, move)
            events = game.take_outcomes()
            ended = hand_end(events, before, hand_no)
            if ended is None:
                _report(events, seat, screen)
                continue
            cut = next(i for i, e in enumerate(events) if e["kind"] == "settle")
            _report(events[:cut], seat, screen)
            _pause(ended, screen, ask, final=not game.is_active)
            _report(events[cut:], seat, screen)
    except Quit:
        screen.say("game ended by the player")
        return game
    _standings(game.totals, screen)
    return game


def _ask_move(game: Rules, seat: int, screen: Screen, ask: Callable[[str], str]) -> Move:
    """The person's move; re-prompts with the reason after a bad entry."""
    view = view_of(game, seat)
    if view.window is None:
        turn = "your turn: discard"
    else:
        _kind, tile, source = view.window
        turn = f"{screen.names[source]}'s {NAMES[tile]}: claim or pass"
    screen.table(view, game.totals, turn)
    while True:
        text = _ask(ask, "> ")
        word = text.strip().lower()
        if word in QUIT_WORDS:
            raise Quit
        if word in ("help", "?", "h"):
            screen.say(HELP)
            continue
        if word == "hint":
            screen.say(hint(view), style="cyan")
            continue
        try:
            return read_entry(text, view.legal)
        except EntryError as error:
            screen.say(f"? {error}", style="red")


def _ask(ask: Callable[[str], str], prompt: str) -> str:
    try:
        return ask(prompt)
    except EOFError:
        raise Quit from None


def _pause(ended: HandEnd, screen: Screen, ask: Callable[[str], str], final: bool) -> None:
    screen.console.rule(f"end of hand {ended.hand_no}", style="yellow")
    for index, line in enumerate(ended.lines(screen.names)):
        screen.say(line, style="bold yellow" if index == 0 else "")
    screen.say("totals: " + "  ".join(f"{screen.names[s]} {t:+d}"
                                      for s, t in enumerate(ended.totals)))
    answer = _ask(ask, "press Enter for the " + ("final standings " if final else "next hand "))
    if answer.strip().lower() in QUIT_WORDS:  # the README's quit ends the game at any prompt
        raise Quit


def _standings(totals: Sequence[int], screen: Screen) -> None:
    table = Table(title="final standings", width=40)
    for column in ("place", "seat", "total"):
        table.add_column(column, justify="right" if column != "seat" else "left")
    ranked = sorted(range(4), key=lambda s: (places(totals)[s], s))
    for seat in ranked:
        table.add_row(f"{places(totals)[seat]:g}", screen.names[seat], f"{totals[seat]:+d}")
    screen.console.print(table)


def _report(events: list[Event], seat: int, screen: Screen) -> None:
    """Say what happened, as the person's seat saw it (:func:`mjsim.players.seen.seen_by`:
    others' draws and concealed kongs stay hidden), and keep where the last discard lies so the
    table can mark it."""
    for event in events:
        kind = event["kind"]
        if event["kind"] == "discard":
            screen.last = event["actor"]
        elif kind in ("chow", "pung", "kong", "deal", "win"):
            screen.last = None  # the marked tile was claimed, or a new hand began
        words = said(event, screen.names, seat)
        if words is not None:
            style = "bold" if event["actor"] == seat else ""
            screen.say(words[0].upper() + words[1:] if kind == "deal" else words, style=style)

