"""Written positions for the engine's scenario tests, and assertions over what it answers."""

from mjsim.errors import Error
from mjsim.game.rules import Rules

# Thirteen-tile hands far from ready that share no pair and no chow partner with a discarded
# 5m or red dragon (checked by the tests that lean on them).
SEAT0 = "5m 1589p 1589s ESWNR"          # fourteen: on turn, discards 5m or R
SEAT1 = "46m 1589p 1589s ESG"           # the next seat: may chow a 5m as 456m
SEAT2 = "1589p 1589s ESWNB"
SEAT3 = "1589p 1589s EWNGB"


def position(hands=(SEAT0, SEAT1, SEAT2, SEAT3), wall="3s 4s 7s", **kw):
    game = Rules.from_position({"hands": list(hands), "wall": wall, **kw})
    assert game.check_invariants() == []
    return game


def kinds(events):
    return [(e["actor"], e["kind"]) for e in events]


def apply_ok(game, seat, move):
    result = game.apply(seat, move)
    assert result is True, (result, game.to_string())
    assert game.check_invariants() == [], game.to_string()


def code(result):
    assert isinstance(result, Error), result
    return result.code
