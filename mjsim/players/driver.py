"""Four players at one table: a game played from its seed to its last hand.

The driver asks each seat the engine waits on for a move, from that seat's view, and tells the
players who keep their own record (the optional hooks of :mod:`mjsim.players.protocol`) what
their seat sees happen. A player that fouls (raises :class:`~mjsim.players.protocol.Foul`, or
offers no move or one the rules refuse) loses the hand with the false-declaration penalty, and
the game goes on; a player that fouls ``max_fouls`` hands in a row stops the game with
:class:`TooManyFouls`, which names it, the reason and what its author needs to see.

>>> from mjsim.players import Rung
>>> game = play(b"doc", [Rung.parse("2")] * 4, hand_no=1, last_hand=1)
>>> game.status, len(game.history), sum(game.totals)
('finished', 1, 0)
"""

from __future__ import annotations

import traceback
from collections.abc import Sequence
from typing import Any

from mjsim.game.events import Event
from mjsim.game.results import HandResult
from mjsim.game.rules import Rules
from mjsim.game.settings import MAX_FOULS, Settings, settings_of
from mjsim.game.settlement import FOUL
from mjsim.players.protocol import Foul, HandStart, Player
from mjsim.players.seen import seen_by
from mjsim.players.view import view_of
from mjsim.tiles.wall import Seed

__all__ = ["MAX_FOULS", "PENALTY", "PlayerError", "TooManyFouls", "play"]

PENALTY = FOUL
"""What a foul costs its seat, paid to each other seat (the rulebook's and Botzone's figure)."""


class TooManyFouls(RuntimeError):
    """A seat fouled hand after hand: the message names the player, its last foul's reason and
    answer, and the detail of it (for a program, the request and the tail of its stderr)."""


class PlayerError(RuntimeError):
    """A player raised something other than a :class:`Foul`: a bug of its own. ``str()`` is one
    line naming the seat, the player, the hand and the exception; ``detail`` is the traceback,
    for its author. ``batch`` and ``game`` place it in a run (-1 outside one). Built from plain
    arguments, so it crosses a process pool as it is."""

    def __init__(self, message: str, detail: str, seat: int, batch: int = -1,
                 game: int = -1) -> None:
        super().__init__(message, detail, seat, batch, game)
        self.message, self.detail, self.seat, self.batch, self.game = (message, detail, seat,
                                                                       batch, game)

    def __str__(self) -> str:
        return self.message


def raised(player: Player, seat: int, error: Exception, where: str) -> PlayerError:
    """The :class:`PlayerError` of ``player`` in ``seat`` raising ``error`` (being handled) at
    ``where`` (e.g. "in hand 3"): one line, and the traceback as its detail."""
    what = str(error).splitlines()[0] if str(error) else ""
    return PlayerError(f"seat {seat} ({player.name}) raised {type(error).__name__}: {what} "
                       f"{where}", traceback.format_exc(), seat)


def _failed(players: Sequence[Player], seat: int, game: Rules, error: Exception) -> PlayerError:
    return raised(players[seat], seat, error, f"in hand {game.hand_no}")


def play(seed: Seed, players: Sequence[Player], *, settings: Settings | None = None,
         ruleset: str | None = None, table: str | None = None, penalty: int | None = None,
         max_fouls: int | None = None, hand_no: int = 1, last_hand: int = 16,
         **options: Any) -> Rules:
    """Play hands ``hand_no`` to ``last_hand`` from ``seed`` with ``players[s]`` in seat ``s``,
    and return the finished game (its ``history`` and ``totals`` hold the results; a fouled
    hand's row says who fouled and why). ``settings`` (a
    :class:`~mjsim.game.settings.Settings`), or its keywords ``ruleset``, ``table``,
    ``penalty`` and ``max_fouls``, say how it is played; ``options`` go to
    :class:`~mjsim.game.rules.Rules` (Botzone's ``walltiles``, ...). Events are discarded as
    play goes, so memory stays flat. Every player's ``close()`` is called at the end, however
    the game ends.
    """
    if len(players) != 4:
        raise ValueError(f"a table seats four players, not {len(players)}")
    chosen = settings_of(settings, ruleset=ruleset, table=table, penalty=penalty,
                         max_fouls=max_fouls)
    game = Rules(seed, chosen.ruleset, hand_no=hand_no, last_hand=last_hand,
                 table=chosen.table, **options)
    referee = _Referee(game, players, chosen.penalty, chosen.max_fouls)
    try:
        while True:
            while game.outcomes:  # a foul while telling adds the hand's end to tell
                referee.tell(game.take_outcomes())
            waiting = game.waiting_on()
            if not waiting:
                return game
            seat = waiting[0]
            view = view_of(game, seat)
            try:
                try:
                    move = players[seat].act(view)
                except Foul:
                    raise
                except Exception as error:
                    raise _failed(players, seat, game, error) from error
                if move is None:
                    raise Foul("offered no move")
                done = game.apply(seat, move)
                if not done:
                    raise Foul(f"{move} is refused: {done}", repr(move))
            except Foul as foul:
                referee.foul(seat, foul)
    finally:
        _close(players, game)


def _close(players: Sequence[Player], game: Rules) -> None:
    for seat, player in enumerate(players):
        close = getattr(player, "close", None)
        if close is not None:
            try:
                close()
            except Exception as error:
                raise _failed(players, seat, game, error) from error


class _Referee:
    """What the driver keeps of a game: who listens, how each hand ended, fouls in a row."""

    def __init__(self, game: Rules, players: Sequence[Player], penalty: int,
                 max_fouls: int) -> None:
        self.game, self.players, self.penalty, self.max_fouls = game, players, penalty, max_fouls
        self.listeners = [seat for seat, player in enumerate(players)
                          if any(hasattr(player, hook) for hook in HOOKS)]
        self.settled = 0
        self.in_a_row = [0] * 4
        self.last_foul: list[Foul | None] = [None] * 4

    def tell(self, events: list[Event]) -> None:
        """Pass each event to the listening players as their seat sees it (a hand's start and
        end to their hooks too), and count each seat's fouls as hands end.

        A player failing while it listens fouls as one failing to move does, if the hand its
        event belongs to is still being played (no settle follows in this batch); the rest of
        the batch is then stale, and the hand's end is told on the next call."""
        if not self.listeners:  # the common case, kept lean: only the hands' ends count
            for event in events:
                if event["kind"] == "settle":
                    self._settle()
            return
        last_settle = max((i for i, e in enumerate(events) if e["kind"] == "settle"), default=-1)
        for index, event in enumerate(events):
            for seat in self.listeners:
                foul = self._tell_one(seat, event)
                if foul is not None and index > last_settle and self.game.is_active:
                    self.foul(seat, foul)
                    return
            if event["kind"] == "settle":
                self._settle()

    def _settle(self) -> None:
        self._count(self.game.history[self.settled])
        self.settled += 1

    def _tell_one(self, seat: int, event: Event) -> Foul | None:
        player = self.players[seat]
        kind = event["kind"]
        try:
            if event["kind"] == "deal" and hasattr(player, "start_hand"):
                player.start_hand(HandStart(seat, event["hand_no"], event["dealer"],
                                            event["prevalent"]))
            if hasattr(player, "observe"):
                seen = seen_by(event, seat)
                if seen is not None:
                    player.observe(seen)
            if kind == "settle" and hasattr(player, "end_hand"):
                player.end_hand(self.game.history[self.settled])
        except Foul as foul:
            return None if kind in ("settle", "end") else foul
        except Exception as error:
            raise _failed(self.players, seat, self.game, error) from error
        return None

    def foul(self, seat: int, foul: Foul) -> None:
        """End the hand with ``seat``'s foul."""
        done = self.game.foul(seat, foul.reason, foul.answer, penalty=self.penalty)
        if not done:
            raise RuntimeError(f"seat {seat} fouled ({foul.reason}), and the hand would not "
                               f"end: {done}")
        self.last_foul[seat] = foul

    def _count(self, row: HandResult) -> None:
        fouled = row.get("foul")
        for seat in range(4):
            self.in_a_row[seat] = (self.in_a_row[seat] + 1
                                   if fouled is not None and fouled["seat"] == seat else 0)
            foul = self.last_foul[seat]
            if self.in_a_row[seat] >= self.max_fouls and foul is not None:
                detail = f"\n{foul.detail}" if foul.detail else ""
                raise TooManyFouls(
                    f"{self.players[seat].name} in seat {seat} fouled {self.in_a_row[seat]} "
                    f"hands in a row; the last: {foul.reason} (answer {foul.answer!r}){detail}")


HOOKS = ("start_hand", "observe", "end_hand")
