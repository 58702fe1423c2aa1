"""A small table loop for the Botzone seat tests: what the driver does with a player's hooks
(start_hand, observe with seen_by, act, end_hand, close), with a Foul left to the test."""

from __future__ import annotations

import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from mjsim.game.rules import Rules
from mjsim.players.protocol import HandStart
from mjsim.players.seen import seen_by
from mjsim.players.view import view_of

BOTS = Path(__file__).resolve().parent / "bots"


def bot_command(script: str, *args: str) -> str:
    """The command that runs a test bot with this interpreter."""
    return " ".join([sys.executable, str(BOTS / script), *args])


def hear(players: Sequence[Any], event: dict[str, Any]) -> None:
    """Tell each player the event as its seat sees it, starting and ending hands on the way."""
    if event["kind"] == "deal":
        for seat, player in enumerate(players):
            if hasattr(player, "start_hand"):
                player.start_hand(HandStart(seat, event["hand_no"], event["dealer"],
                                            event["prevalent"]))
    for seat, player in enumerate(players):
        if hasattr(player, "observe"):
            player.observe(seen_by(event, seat))
    if event["kind"] == "settle":
        for player in players:
            if hasattr(player, "end_hand"):
                player.end_hand(None)


def play(game: Rules, players: Sequence[Any]) -> Rules:
    """Play ``game`` to its end with ``players[s]`` in seat ``s``; players are closed after."""
    try:
        while True:
            for event in game.take_outcomes():
                hear(players, event)
            waiting = game.waiting_on()
            if not waiting:
                return game
            seat = waiting[0]
            move = players[seat].act(view_of(game, seat))
            done = game.apply(seat, move)
            assert done is True, f"seat {seat} chose {move!r}: {done}"
    finally:
        for player in players:
            if hasattr(player, "close"):
                player.close()
