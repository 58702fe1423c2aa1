"""A small table loop for the Botzone seat tests: what the driver does with a player's hooks
(start_hand, observe with seen_by, act, end_hand, close), a Foul ending the hand by Rules.foul."""

from __future__ import annotations

import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from mjsim.game.rules import Rules
from mjsim.players.protocol import Foul, HandStart
from mjsim.players.seen import seen_by
from mjsim.players.view import view_of

BOTS = Path(__file__).resolve().parent / "bots"


def bot_command(script: str, *args: str) -> str:
    """The command that runs a test bot with this interpreter."""
    return " ".join([sys.executable, str(BOTS / script), *args])


def hear(players: Sequence[Any], event: dict[str, Any]) -> tuple[int, Foul] | None:
    """Tell each player the event as its seat sees it, starting and ending hands on the way;
    the first seat to foul on hearing it stops the telling and is returned with its Foul."""
    if event["kind"] == "deal":
        for seat, player in enumerate(players):
            if hasattr(player, "start_hand"):
                player.start_hand(HandStart(seat, event["hand_no"], event["dealer"],
                                            event["prevalent"]))
    for seat, player in enumerate(players):
        if hasattr(player, "observe"):
            try:
                player.observe(seen_by(event, seat))
            except Foul as foul:
                return seat, foul
    if event["kind"] == "settle":
        for player in players:
            if hasattr(player, "end_hand"):
                player.end_hand(None)
    return None


def play(game: Rules, players: Sequence[Any],
         fouls: list[tuple[int, Foul]] | None = None) -> Rules:
    """Play ``game`` to its end with ``players[s]`` in seat ``s``; players are closed after.
    A foul ends its hand and is put in ``fouls`` (seat, Foul); without that list it is raised."""
    try:
        while True:
            for event in game.take_outcomes():
                fouled = hear(players, event)
                if fouled is not None:
                    break
            waiting = game.waiting_on()
            if fouled is None and not waiting:
                return game
            if fouled is None:
                seat = waiting[0]
                try:
                    move = players[seat].act(view_of(game, seat))
                except Foul as foul:
                    fouled = seat, foul
            if fouled is not None:
                if fouls is None:
                    raise fouled[1]
                fouls.append(fouled)
                assert game.foul(fouled[0], fouled[1].reason, fouled[1].answer) is True
                continue
            done = game.apply(seat, move)
            assert done is True, f"seat {seat} chose {move!r}: {done}"
    finally:
        for player in players:
            if hasattr(player, "close"):
                player.close()
