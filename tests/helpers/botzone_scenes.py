"""What the Botzone tests share: hands written as Botzone deals them, the scenes several test
modules play, and the judge's view of an answer."""

from mjsim.players import Foul
from mjsim.players.botzone.answers import moves_of
from mjsim.tiles.botzone import name_of
from mjsim.tiles.hand import Hand


def names(text):
    """A hand's concealed tiles in Botzone's names, as a deal lists them."""
    return " ".join(name_of(k) for k in Hand.parse(text).tiles())


# Seat 0 discards 5p; seat 1 may pung it or chow it three ways; seat 3 may pung N.
CLAIM = ["123m 456m 789m 5p 1s EEE", "3467p 55p 19s SSS WN", "2468m 2468s 88p R GG",
         "1199p 2277s RB NNW"]

# Seat 0 promotes its pung of 5s; seat 2 waits on 5s and may rob it (worth 8 by itself).
ROB = ["pung(555s) 123m 456m 789m E 5s", "19m 19p 19s SSWNRGB", "46s 123p 456p 789p EE",
       "2233m 778899s RR G"]
ROB_REQUESTS = ["1 0 0 0 0 " + names(ROB[2]), "3 0 DRAW", "3 0 PLAY J2", "3 1 DRAW",
                "3 1 PLAY T5", "3 0 PENG F2", "3 1 DRAW", "3 1 PLAY W1", "2 T1", "3 2 PLAY T1",
                "3 3 DRAW", "3 3 PLAY W9", "3 0 DRAW", "3 0 BUGANG T5"]


def seat_answers(record, seat):
    """What ``seat`` was asked in a recorded game and what it answered, round by round."""
    return [answers[seat] for answers in record.rounds]


def allowed(answer, view):
    """Whether ``answer`` is a move the view allows (a claim: and the discard after it);
    with no choice, only PASS."""
    if not view.legal:
        return answer == "PASS"
    try:
        moves_of(answer, view)
    except Foul:
        return False
    return True
