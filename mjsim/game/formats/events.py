"""A game mjsim played, as the record the field's formats write: from the engine's events.

:func:`game_of` replays a game log on Botzone's table and turns its events into a
:class:`~mjsim.game.formats.record.Game`: draws, discards, claims (with the claims that lost
beside them, as ``Ignore``), kongs, the win's fan total and the settlement.

>>> import io
>>> from mjsim.game.gamelog import GameLog
>>> from mjsim.game.moves import Move
>>> log = io.StringIO()
>>> _ = GameLog(log, seed=b"doc", ruleset="gb-mahjong", players="abcd", table="botzone")
>>> header, moves = read(io.StringIO(log.getvalue()))
>>> game = game_of(header, moves, "doc")
>>> game.actions[0].verb, len(game.deals[0])
('Draw', 13)
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from mjsim.game import gamelog
from mjsim.game.events import Event
from mjsim.game.formats.record import Action, Game
from mjsim.game.gamelog import read
from mjsim.game.moves import Move

__all__ = ["game_of", "read"]

_VERBS = {"chow": "Chi", "pung": "Peng", "kong": "Gang", "win": "Hu"}
"""The contest's verb for a claim, and for the meld or win it makes."""


def game_of(header: dict[str, Any], moves: Sequence[tuple[int, Move]], game_id: str) -> Game:
    """The record of the logged game (Botzone's table). Raises ``ValueError`` for a log of
    another table or one the engine refuses."""
    if header.get("table", "mcr") != "botzone":
        raise ValueError("the field's formats hold games of Botzone's table (one hand on a "
                         "split wall); this log is of the MCR table")
    game = Game(game_id, 1, players=tuple(str(p) for p in header["players"]))
    claims: list[tuple[int, str, int]] = []
    number = 0
    for _, _, events, rules in gamelog.replay(header, moves):
        for event in events:
            number += 1
            _event(game, event, claims, number)
        if rules.status == "finished":
            last = rules.history[-1]
            game.scores = tuple(last["deltas"])
            game.fan = last.get("points")
            if last["result"] == "foul":
                foul = last["foul"]
                game.foul = (foul["seat"], foul["reason"], foul.get("answer") or "")
    game.walltiles = header.get("walltiles")
    return game


def _event(game: Game, event: Event, claims: list[tuple[int, str, int]],
           number: int) -> None:
    if event["kind"] == "deal":
        game.quan = event["prevalent"]
        game.deals = [[] if hand is None else list(hand) for hand in event["hands"]]
    elif event["kind"] == "claim":
        tile = event["tiles"][1] if event["claim"] == "chow" else event["tile"]
        claims.append((event["actor"], _VERBS[event["claim"]], tile))
    elif event["kind"] == "chow":
        _met(game, claims, Action(number, event["actor"], _VERBS["chow"], event["tiles"][1],
                                  _ignored(claims, event["actor"])))
    elif (event["kind"] == "pung" or event["kind"] == "win"
          or (event["kind"] == "kong" and "from" in event)):  # a claimed kong
        _met(game, claims, Action(number, event["actor"], _VERBS[event["kind"]], event["tile"],
                                  _ignored(claims, event["actor"])))
        if event["kind"] == "win":
            game.end = "hu"
    elif event["kind"] == "drew" and event["tile"] is not None:
        _met(game, claims, Action(number, event["actor"], "Draw", event["tile"]))
    elif event["kind"] == "discard":
        _met(game, claims, Action(number, event["actor"], "Play", event["tile"]))
    elif event["kind"] == "promote":
        _met(game, claims, Action(number, event["actor"], "BuGang", event["tile"]))
    elif (event["kind"] == "kong" and event["how"] == "concealed"
          and event["tile"] is not None):  # a promoted kong was its BuGang
        _met(game, claims, Action(number, event["actor"], "AnGang", event["tile"]))
    elif event["kind"] == "exhausted":
        game.end = "huang"
    elif event["kind"] == "foul":
        game.end = "foul"


def _ignored(claims: list[tuple[int, str, int]], actor: int) -> tuple[tuple[int, str, int], ...]:
    """The claims of the window that ``actor``'s claim overrode."""
    return tuple(claim for claim in claims if claim[0] != actor)


def _met(game: Game, claims: list[tuple[int, str, int]], action: Action) -> None:
    """Record ``action``, which closes the window of the claims so far."""
    game.actions.append(action)
    claims.clear()
