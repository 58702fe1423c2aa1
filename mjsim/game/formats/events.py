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

from collections.abc import Mapping, Sequence
from typing import Any

from mjsim.game import gamelog
from mjsim.game.formats.record import Action, Game
from mjsim.game.gamelog import read
from mjsim.game.moves import Move

__all__ = ["game_of", "read"]

_MELDS = {"chow": "Chi", "pung": "Peng", "kong": "Gang", "win": "Hu"}
_CLAIMS = {"chow": "Chi", "pung": "Peng", "kong": "Gang", "win": "Hu"}


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


def _event(game: Game, event: Mapping[str, Any], claims: list[tuple[int, str, int]],
           number: int) -> None:
    kind, actor = event["kind"], event["actor"]
    if kind == "deal":
        game.quan = event["prevalent"]
        game.deals = [list(hand) for hand in event["hands"]]
    elif kind == "claim":
        tile = event["tiles"][1] if event["claim"] == "chow" else event["tile"]
        claims.append((actor, _CLAIMS[event["claim"]], tile))
    elif kind in _MELDS and (kind != "kong" or "from" in event):
        tile = event["tiles"][1] if kind == "chow" else event["tile"]
        ignored = tuple(c for c in claims if c[0] != actor)
        game.actions.append(Action(number, actor, _MELDS[kind], tile, ignored))
        claims.clear()
        if kind == "win":
            game.end = "hu"
    else:
        verb = {"drew": "Draw", "discard": "Play", "promote": "BuGang"}.get(kind)
        if kind == "kong" and event.get("how") == "concealed":
            verb = "AnGang"
        if verb is not None:
            game.actions.append(Action(number, actor, verb, event["tile"]))
            claims.clear()
        elif kind in ("exhausted", "foul"):
            game.end = "huang" if kind == "exhausted" else "foul"
