"""The review of one seat's play: each decision of a logged game where rung 3 (or another rung)
would have played otherwise, with both options' shanten, acceptance and points, as reviewers of
riichi games do.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from typing import Any

from mjsim.errors import counted, printable, whole
from mjsim.game import gamelog
from mjsim.game.moves import Move
from mjsim.players.rungs import best
from mjsim.players.view import view_of
from mjsim.tournament.numbers import percent
from mjsim.ui.hints import move_words, option_words
from mjsim.ui.replay import seat_names


def review(header: dict[str, Any], moves: Sequence[gamelog.Entry], seat: int,
           stopped: str | None = None, level: int = 3) -> Iterator[str]:
    """Lines marking each decision of ``seat`` (one with a choice) where rung ``level``
    differs, then how often it agreed. A seat that is not a whole number from 0 to 3 is
    refused as everywhere (:func:`~mjsim.errors.whole`): ``TypeError`` or ``ValueError``."""
    seat = whole(seat, "seat", 0, 3)  # a float or a bool seat indexed the names or passed as 1
    names = seat_names(header["players"])
    game = gamelog.start(header)
    player = header["players"][seat]
    who = names[seat] if names[seat] == player else f"{names[seat]} ({printable(player)})"
    rung = f"rung {level}"
    yield f"review of {who} against {rung}, seed {printable(header['seed'])}"
    decisions = differ = 0
    for number, (mover, move) in enumerate(moves, 1):
        if mover == seat and isinstance(move, Move):  # a foul is no decision
            view = view_of(game, seat)
            if move not in view.legal:  # refused below; its options cannot be described
                yield f"(move {number} is refused by the rules: the review stops there)"
                break
            if len(view.legal) > 1:
                decisions += 1
                suggested = best(view, level)
                if suggested is not None and suggested != move:
                    differ += 1
                    yield (f"hand {view.hand_no}, move {number}: played "
                           f"{move_words(move)}; {rung} would {move_words(suggested)}")
                    yield f"  played  {option_words(view, move)}"
                    yield f"  {rung}  {option_words(view, suggested)}"
        if not gamelog.play(game, mover, move):
            yield f"(move {number} is refused by the rules: the review stops there)"
            break
        game.take_outcomes()
    if stopped:
        yield f"(the log stops early: {stopped}; reviewed up to there)"
    agreed = decisions - differ
    share = f" ({percent(agreed / decisions)})" if decisions else ""
    yield (f"{counted(decisions, 'decision')} with a choice; {rung} agreed "
           f"with {agreed}{share}")
