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

import functools
import traceback
from collections.abc import Callable, Sequence
from typing import Any, TypeVar, cast

from mjsim.errors import clipped
from mjsim.game.events import Event
from mjsim.game.moves import Move
from mjsim.game.results import HandResult
from mjsim.game.rules import Rules
from mjsim.game.settings import MAX_FOULS, Settings, settings_of
from mjsim.game.settlement import FOUL
from mjsim.players.protocol import BatchPlayer, Foul, HandStart, Player
from mjsim.players.seen import seen_by
from mjsim.players.view import View, view_of
from mjsim.tiles.wall import Seed

__all__ = ["MAX_FOULS", "PENALTY", "PlayerError", "TooManyFouls", "play", "play_together"]

_T = TypeVar("_T")

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


PASSED_THROUGH = (Foul, KeyboardInterrupt)
"""What a player may raise that is not its bug: a foul, and Ctrl-C (the person's, not the
player's). Anything else, ``SystemExit`` and bare ``BaseException`` too, is its bug and becomes
a :class:`PlayerError` (one line, the traceback kept), never the run's silent end."""


def raised(player: Player, seat: int, error: BaseException, where: str) -> PlayerError:
    """The :class:`PlayerError` of ``player`` in ``seat`` raising ``error`` (being handled) at
    ``where`` (e.g. "in hand 3"): one line, and the traceback as its detail."""
    # an error without a message (MemoryError()) is named alone, not followed by ": "
    what = f": {str(error).splitlines()[0]}" if str(error).strip() else ""
    return PlayerError(f"seat {seat} ({player.name}) raised {type(error).__name__}{what} "
                       f"{where}", traceback.format_exc(), seat)


def _failed(players: Sequence[Player], seat: int, game: Rules,
            error: BaseException) -> PlayerError:
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
    chosen = settings_of(settings, ruleset=ruleset, table=table, penalty=penalty,
                         max_fouls=max_fouls)
    game = _Table(seed, players, chosen, hand_no, last_hand, options)
    try:
        while (asked := game.question()) is not None:
            seat, view = asked
            game.decide(seat, players[seat].act, view)
        return game.rules
    finally:
        _close(players, game.rules)


def play_together(seeds: Sequence[Seed], lineups: Sequence[Sequence[Player]], *,
                  settings: Settings | None = None, hand_no: int = 1, last_hand: int = 16,
                  **options: Any) -> list[Rules]:
    """:func:`play` of each seed with its lineup of players, all the games at once, so that a
    player that decides in batches (:class:`~mjsim.players.protocol.BatchPlayer`) is asked
    about a view of every game in one call: each game runs until it ends or waits on such a
    player, then the views waiting on players of one ``batch_key`` go to the first of them.
    Every game is the one :func:`play` would play, as a batch decides each view as ``act``
    would. A batch that raises is asked again view by view, so the error or foul falls on its
    own game; a :class:`PlayerError` names that game's place in ``seeds`` as its ``game``."""
    chosen = settings_of(settings)
    games = [_Table(seed, players, chosen, hand_no, last_hand, options)
             for seed, players in zip(seeds, lineups, strict=True)]
    try:
        waiting = list(range(len(games)))
        while waiting:
            batches: dict[object, list[tuple[int, int, View]]] = {}
            for index in waiting:
                game = games[index]
                asked = _placed(index, game.until_batched)
                if asked is not None:
                    seat, view = asked
                    key = cast(BatchPlayer, game.players[seat]).batch_key
                    batches.setdefault(key, []).append((index, seat, view))
            for batch in batches.values():
                _decide_batch(games, batch)
            waiting = [index for batch in batches.values() for index, _, _ in batch]
        return [game.rules for game in games]
    finally:
        for game in games:
            _close(game.players, game.rules)


def _decide_batch(games: Sequence[_Table], batch: list[tuple[int, int, View]]) -> None:
    """Decide the views of ``batch`` (game index, seat, view), all waiting on players of one
    batch key, in one call to the first one's ``act_batch``."""
    first, seat, _ = batch[0]
    deciding = cast(BatchPlayer, games[first].players[seat])
    moves: list[Move | None] | None
    try:
        moves = list(deciding.act_batch([view for _, _, view in batch]))
    except Exception:  # noqa: BLE001 - asked again one by one, where it is placed
        moves = None
    if moves is not None and len(moves) != len(batch):  # not a move a view: asked again too
        moves = None
    for place, (index, at, view) in enumerate(batch):
        game = games[index]
        act = game.players[at].act if moves is None else _given(moves[place])
        _placed(index, functools.partial(game.decide, at, act, view))


def _given(move: Move | None) -> Callable[[View], Move | None]:
    """An ``act`` that gives ``move``, decided already (in a batch)."""
    return lambda _view: move


def _placed(index: int, step: Callable[[], _T]) -> _T:
    """``step()``, a :class:`PlayerError` it raises placed at game ``index``."""
    try:
        return step()
    except PlayerError as error:
        error.game = index
        raise


class _Table:
    """A game under way: the engine, its players and its referee. :meth:`question` plays the
    events out and says which seat is to move, from which view; :meth:`decide` plays a move."""

    def __init__(self, seed: Seed, players: Sequence[Player], settings: Settings, hand_no: int,
                 last_hand: int, options: dict[str, Any]) -> None:
        if isinstance(players, str) or not isinstance(players, Sequence):  # None: "no len()"
            raise TypeError(f"players are four players, one per seat, not "
                            f"{clipped(repr(players), 40)}")
        if len(players) != 4:
            raise ValueError(f"a table seats four players, not {len(players)}")
        for seat, player in enumerate(players):  # a spec met "'str' object has no attribute"
            if not isinstance(player, Player):
                raise TypeError(f"players[{seat}] is a player (a name and act(view)), not "
                                f"{clipped(repr(player), 40)}; mjsim.players.load_player "
                                "builds one from a spec")
        self.players = players
        self.rules = Rules(seed, settings.ruleset, hand_no=hand_no, last_hand=last_hand,
                           table=settings.table, **options)
        self.referee = _Referee(self.rules, players, settings.penalty, settings.max_fouls)
        self.batching = [isinstance(player, BatchPlayer) for player in players]

    def question(self) -> tuple[int, View] | None:
        """The seat the engine waits on and its view, once the events so far are told; None
        when the game is over."""
        rules = self.rules
        while rules.outcomes:  # a foul while telling adds the hand's end to tell
            self.referee.tell(rules.take_outcomes())
        waiting = rules.waiting_on()
        if not waiting:
            return None
        seat = waiting[0]
        return seat, view_of(rules, seat)

    def until_batched(self) -> tuple[int, View] | None:
        """Play on, every other player asked as it comes, until the game ends (None) or waits
        on a player that decides in batches with a choice to make (its seat and view)."""
        while (asked := self.question()) is not None:
            seat, view = asked
            if self.batching[seat] and len(view.legal) > 1:
                return asked
            self.decide(seat, self.players[seat].act, view)
        return None

    def decide(self, seat: int, act: Callable[[View], Move | None], view: View) -> None:
        """Play the move ``act`` gives for ``view``; a foul (raised, no move, a refused one)
        ends the hand, and anything else raised is a :class:`PlayerError`."""
        try:
            try:
                move = act(view)
            except PASSED_THROUGH:
                raise
            except BaseException as error:
                raise _failed(self.players, seat, self.rules, error) from error
            if not isinstance(move, Move):  # the engine takes Moves only: a str met a traceback
                raise Foul("offered no move" if move is None else
                           f"offered {clipped(repr(move), 80)}, not a Move")
            done = self.rules.apply(seat, move)
            if not done:
                raise Foul(f"{move} is refused: {done}", repr(move))
        except Foul as foul:
            self.referee.foul(seat, foul)


def _close(players: Sequence[Player], game: Rules) -> None:
    for seat, player in enumerate(players):
        close = getattr(player, "close", None)
        if close is not None:
            try:
                close()
            except KeyboardInterrupt:
                raise
            except BaseException as error:
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
        except KeyboardInterrupt:
            raise
        except BaseException as error:
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
