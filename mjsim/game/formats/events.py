"""Games mjsim played, as the records the field's formats write: from the engine's events.

:func:`games_of` replays a game log and turns its events into one
:class:`~mjsim.game.formats.record.Game` a hand: Botzone's table's one hand, or each hand of an
MCR game (with the hand's number and its wall). Each record holds the draws, discards, claims
(with the claims that lost beside them, as ``Ignore``), kongs, the flowers set aside (in the
deal, and in play before the draw that replaces them), the win's fan total and the settlement.

>>> import io
>>> from mjsim.game.gamelog import GameLog
>>> from mjsim.game.moves import Move
>>> log = io.StringIO()
>>> _ = GameLog(log, seed=b"doc", ruleset="gb-mahjong", players="abcd", table="botzone")
>>> header, moves = read(io.StringIO(log.getvalue()))
>>> [game] = games_of(header, moves, "doc")
>>> game.actions[0].verb, len(game.deals[0])
('Draw', 13)
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from mjsim.game import gamelog
from mjsim.game.events import DealEvent, Event
from mjsim.game.formats.check import RULESET
from mjsim.game.formats.record import FLOWER, Action, Game
from mjsim.game.gamelog import read
from mjsim.game.moves import Move
from mjsim.game.rules import Rules
from mjsim.tiles.kinds import N_PLAYING

__all__ = ["games_of", "read", "unscored"]

_VERBS = {"chow": "Chi", "pung": "Peng", "kong": "Gang", "win": "Hu"}
"""The contest's verb for a claim, and for the meld or win it makes."""


class _Recording:
    """What turning one log's events into records keeps between events."""

    def __init__(self, header: dict[str, Any], game_id: str) -> None:
        self.header, self.game_id = header, game_id
        self.games: list[Game] = []
        self.claims: list[tuple[int, str, int]] = []
        self.number = 0  # the event's number in the log: an action's line
        # After a deal, until the first draw from the wall: the deal's own flowers and
        # replacements (the MCR table replaces dealt flowers before anyone is on turn).
        self.dealing = False

    @property
    def game(self) -> Game:
        return self.games[-1]

    def deal(self, event: DealEvent, rules: Rules) -> None:
        hand = event["hand_no"]
        # A log of one hand (Botzone's, or an MCR hand imported) keeps its name.
        one = rules.table == "botzone" or "hand_no" in self.header
        game = Game(self.game_id if one else f"{self.game_id}-h{hand:02d}", 1,
                    quan=event["prevalent"], table=rules.table, hand_no=hand,
                    players=tuple(str(p) for p in self.header["players"]))
        game.deals = [[tile for tile in hand_tiles or () if tile < N_PLAYING]
                      for hand_tiles in event["hands"]]
        game.walltiles = (list(rules.state.wall.tiles) if rules.table == "mcr"
                          else self.header.get("walltiles"))
        self.games.append(game)
        self.dealing = True

    def dealt(self, rules: Rules) -> None:
        """The deal is over: a seat holding fourteen (the MCR table's dealer) shows its last
        tile as its first draw, as Botzone's protocol has the dealer draw."""
        self.dealing = False
        for seat, tiles in enumerate(self.game.deals):
            if len(tiles) == 14 and rules.drawn is not None:
                tiles.remove(rules.drawn)
                self.met(Action(self.number, seat, "Draw", rules.drawn))

    def met(self, action: Action) -> None:
        """Record ``action``, which closes the window of the claims so far."""
        self.game.actions.append(action)
        self.claims.clear()

    def ignored(self, actor: int) -> tuple[tuple[int, str, int], ...]:
        """The claims of the window that ``actor``'s claim overrode."""
        return tuple(claim for claim in self.claims if claim[0] != actor)


def games_of(header: dict[str, Any], moves: Sequence[tuple[int, Move]],
             game_id: str) -> list[Game]:
    """The records of the logged game, one a hand dealt (an MCR hand named ``GAME-hNN`` unless
    the log is of that hand alone). Raises ``ValueError`` for a log not scored under
    gb-mahjong, as Botzone's judge scores, or one the engine refuses."""
    why = unscored(header.get("ruleset"))
    if why is not None:
        raise ValueError(why)
    recording = _Recording(header, game_id)
    rules = None
    for _, _, events, rules in gamelog.replay(header, moves):
        for event in events:
            recording.number += 1
            _event(recording, event, rules)
        if recording.dealing:
            recording.dealt(rules)
    assert rules is not None  # the replay yields the deal first
    for game, row in zip(recording.games, rules.history):
        game.scores, game.fan = tuple(row["deltas"]), row.get("points")
        if row["result"] == "foul":
            foul = row["foul"]
            game.foul = (foul["seat"], foul["reason"], foul.get("answer") or "")
    return recording.games


def unscored(ruleset: object) -> str | None:
    """Why games scored under ``ruleset`` cannot be written in the field's formats (whose fan
    totals are the judge's), or None."""
    if ruleset == RULESET:
        return None
    return (f"the field's formats score wins under {RULESET}, as Botzone's judge does, not "
            f"{ruleset}: play the games with --ruleset {RULESET}")


def _event(recording: _Recording, event: Event, rules: Rules) -> None:
    if event["kind"] == "deal":
        recording.deal(event, rules)
        return
    if recording.dealing and (event["kind"] == "flower" or event["kind"] == "drew"):
        if event["from"] == "wall":  # Botzone's table: seat 0's first draw is a turn's
            recording.dealt(rules)
        elif event["tile"] is not None:  # the engine's own events name every tile
            taken = recording.game.flowers if event["kind"] == "flower" else \
                recording.game.deals
            taken[event["actor"]].append(event["tile"])
            return
    _play(recording, event)


def _play(recording: _Recording, event: Event) -> None:
    game, number, met = recording.game, recording.number, recording.met
    if event["kind"] == "claim":
        tile = event["tiles"][1] if event["claim"] == "chow" else event["tile"]
        recording.claims.append((event["actor"], _VERBS[event["claim"]], tile))
    elif event["kind"] == "chow":
        met(Action(number, event["actor"], _VERBS["chow"], event["tiles"][1],
                   recording.ignored(event["actor"])))
    elif (event["kind"] == "pung" or event["kind"] == "win"
          or (event["kind"] == "kong" and "from" in event)):  # a claimed kong
        met(Action(number, event["actor"], _VERBS[event["kind"]], event["tile"],
                   recording.ignored(event["actor"])))
        if event["kind"] == "win":
            game.end = "hu"
    elif event["kind"] == "flower":
        met(Action(number, event["actor"], FLOWER, event["tile"]))
    elif event["kind"] == "drew" and event["tile"] is not None:
        met(Action(number, event["actor"], "Draw", event["tile"]))
    elif event["kind"] == "discard":
        met(Action(number, event["actor"], "Play", event["tile"]))
    elif event["kind"] == "promote":
        met(Action(number, event["actor"], "BuGang", event["tile"]))
    elif (event["kind"] == "kong" and event["how"] == "concealed"
          and event["tile"] is not None):  # a promoted kong was its BuGang
        met(Action(number, event["actor"], "AnGang", event["tile"]))
    elif event["kind"] == "exhausted":
        game.end = "huang"
    elif event["kind"] == "foul":
        game.end = "foul"
