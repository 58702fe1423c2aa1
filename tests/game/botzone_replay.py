"""Replaying a game recorded from Botzone's judge on mjsim's Botzone table (test-side only).

The engine's events are turned into the requests Botzone's judge writes, which must equal the
recorded ones round by round; each round's recorded responses are weighed as the judge weighs
them (a win first, from the seat after the discarder; then a pung or kong, seats 0-3; then a
chow) and become the engine's moves. A response the engine refuses becomes a foul, which must
be where the judge penalised one.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Iterable
from dataclasses import dataclass

from mjsim.game.moves import KONG, PASS, PUNG, WIN, Move
from mjsim.game.rules import Rules
from mjsim.tiles.botzone import kind_of, name_of
from tests.helpers.botzone_record import Answer, Record


def deal_requests(events: list[dict]) -> list[str]:
    """Round 1's four requests, from the deal event and the deal's flower events."""
    deal = events[0]
    flowers: list[list[int]] = [[], [], [], []]
    for event in events[1:]:
        if event["kind"] == "flower" and event["from"] == "deal":
            flowers[event["actor"]].append(event["tile"])
    counts = " ".join(str(len(f)) for f in flowers)
    shown = "".join(f" {name_of(t)}" for f in flowers for t in f)
    return [f"1 {counts} " + " ".join(map(name_of, tiles)) + shown for tiles in deal["hands"]]


def play_requests(events: Iterable[dict]) -> list[list[str]]:
    """The request rounds the judge would write for these events (the deal's aside)."""
    rounds: list[list[str]] = []
    meld = ""  # what the discard that follows a pung or chow is announced with
    for event in events:
        kind, actor = event["kind"], event["actor"]
        if kind == "drew":
            tile = name_of(event["tile"])
            rounds.append([f"2 {tile}" if seat == actor else f"3 {actor} DRAW"
                           for seat in range(4)])
        elif kind == "flower" and event["from"] != "deal":
            rounds.append([f"3 {actor} BUHUA {name_of(event['tile'])}"] * 4)
        elif kind == "pung":
            meld = "PENG"
        elif kind == "chow":
            meld = f"CHI {name_of(event['tiles'][1])}"
        elif kind == "discard":
            rounds.append([f"3 {actor} {meld or 'PLAY'} {name_of(event['tile'])}"] * 4)
            meld = ""
        elif kind == "kong" and event.get("how") != "promoted":
            rounds.append([f"3 {actor} GANG"] * 4)
        elif kind == "promote":
            rounds.append([f"3 {actor} BUGANG {name_of(event['tile'])}"] * 4)
    return rounds


@dataclass
class Replay:
    """A record played on the engine: ``rules`` at the end, ``fouls`` it called (round, seat,
    reason)."""

    record: Record
    rules: Rules
    fouls: list[tuple[int, int, str]]


def replay(record: Record, check_every_move=None) -> Replay:
    """Play ``record`` on Botzone's table; ``check_every_move(rules)`` runs after each move."""
    rules = Rules(b"botzone", "gb-mahjong", table="botzone", walltiles=record.kinds,
                  prevalent=record.quan)
    events = rules.take_outcomes()
    assert [a.request for a in record.rounds[0]] == [f"0 {s} {record.quan}" for s in range(4)]
    assert [a.request for a in record.rounds[1]] == deal_requests(events)
    pending = deque(play_requests(events))
    done = Replay(record, rules, [])
    for number, answers in enumerate(record.rounds[2:], 2):
        assert pending, f"round {number}: the engine wrote no request"
        assert [a.request for a in answers] == pending.popleft(), f"round {number}"
        foul = answer_round(rules, answers, check_every_move)
        if foul is not None:
            seat, reason = foul
            assert rules.foul(seat, reason, answers[seat].response) is True
            done.fouls.append((number, seat, reason))
        pending.extend(play_requests(rules.take_outcomes()))
    assert not pending and rules.status == "finished", rules.to_string()
    return done


def answer_round(rules: Rules, answers: tuple[Answer, ...], check) -> tuple[int, str] | None:
    """Carry one round's responses out on the engine: None, or the (seat, reason) of a foul."""
    words = answers[0].request.split(" ")
    if any(a.request.startswith("2 ") for a in answers):  # in seat order, as the judge reads
        for seat, answer in enumerate(answers):
            if answer.request.startswith("2 "):
                foul = _turn(rules, seat, answer.response, check)
            else:
                foul = None if answer.response == "PASS" else (seat, "WA")
            if foul is not None or rules.status == "finished":
                return foul
        return None
    source = int(words[1])
    if words[2] in ("BUHUA", "GANG"):
        return next(((s, "WA") for s, a in enumerate(answers) if a.response != "PASS"), None)
    if answers[source].response != "PASS":
        return source, "WA"
    # The judge's order: a win from the seat after the source; after a promoted kong nothing
    # else; else a pung or kong from seat 0 up, and only then a chow.
    order = [(source + step) % 4 for step in (1, 2, 3)]
    claim = next(((s, "HU") for s in order if answers[s].response == "HU"), None)
    if claim is None and words[2] == "BUGANG":
        return next(((s, "WA") for s in order if answers[s].response != "PASS"), None)
    others = [(s, a.response) for s, a in enumerate(answers)
              if s != source and a.response != "PASS"]
    for chow in (False, True):
        if claim is None:
            claim = next(((s, r) for s, r in others if (len(r.split(" ")) == 3) == chow), None)
    return _claim(rules, claim, check)


def _turn(rules: Rules, seat: int, response: str, check) -> tuple[int, str] | None:
    """The drawing seat's answer: PLAY t, GANG t (four held), BUGANG t (a pung held), HU."""
    words = response.split(" ")
    if words == ["HU"]:
        return _move(rules, seat, WIN, "WH", check)
    if len(words) != 2 or words[0] not in ("PLAY", "GANG", "BUGANG"):
        return seat, "WA"
    tile = kind_of(words[1])
    hand = rules.hand_of(seat)
    if words[0] == "GANG" and hand.counts[tile] != 4:
        return seat, "WA"
    if words[0] == "BUGANG" and not any(m.kind == "pung" and m.tile == tile
                                        for m in hand.melds):
        return seat, "WA"
    move = Move("discard", tile=tile) if words[0] == "PLAY" else Move("kong", tile=tile)
    return _move(rules, seat, move, "WA", check)


def _claim(rules: Rules, claim: tuple[int, str] | None, check) -> tuple[int, str] | None:
    """The winning claim of a window (every other asked seat passing first), or all pass."""
    if claim is None:
        while rules.waiting_on() and rules.phase in ("claim", "rob"):
            _move(rules, rules.waiting_on()[0], PASS, "WA", check)
        return None
    seat, response = claim
    words = response.split(" ")
    then = None
    if words == ["HU"]:
        move, reason = WIN, "WH"
    elif words == ["GANG"]:
        move, reason = KONG, "WA"
    elif len(words) == 2 and words[0] == "PENG":
        move, reason, then = PUNG, "WA", kind_of(words[1])
    elif len(words) == 3 and words[0] == "CHI":
        middle = kind_of(words[1])
        move = Move("chow", tiles=(middle - 1, middle, middle + 1))
        reason, then = "WA", kind_of(words[2])
    else:
        return seat, "WA"
    if move not in rules.legal(seat):
        return seat, reason
    while rules.phase in ("claim", "rob") and rules.waiting_on():
        other = rules.waiting_on()[0]
        _move(rules, other, move if other == seat else PASS, reason, check)
    if then is not None:
        return _move(rules, seat, Move("discard", tile=then), "WA", check)
    return None


def _move(rules: Rules, seat: int, move: Move, reason: str, check) -> tuple[int, str] | None:
    """Apply ``move``: None when taken, else the foul (seat, reason)."""
    if rules.apply(seat, move) is not True:
        return seat, reason
    if check is not None:
        check(rules)
    return None
