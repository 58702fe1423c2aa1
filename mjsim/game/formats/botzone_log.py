# cython: boundscheck=True
"""Botzone's match logs: the judge's every request and the bots' every response.

A match log (docs/formats.md) is a JSON object whose ``log`` is a list alternating the judge's
entries (``{"output": {"command": "request" | "finish", "content": {seat: text}, "display":
...}}``) and the bots' (``{seat: {"response": text, "verdict": "OK"}}``), with the judge's
``initdata`` (``walltiles``, ``quan``, ``srand``) at the top or in its first output; ``logs``
and a bare list of entries are read too, as Botzone's match pages give them. Without
``walltiles`` (a ``?lite=true`` page) the replay rebuilds the part of the wall that was drawn,
as for the contest's text. A file holds one match as one JSON document, a list of matches, or
one match a line. A hand of mjsim's MCR table carries its number and wall under initdata's
``mjsim`` key, its dealer player 0 (:mod:`~mjsim.game.formats.mcr_hand`).

:func:`read` turns each match into a :class:`~mjsim.game.formats.record.Game`: what happened is
what the requests announce (``2 t`` a draw, ``3 p PLAY t`` a discard, ``3 p PENG t2`` a pung
then a discard, ...), the responses give what the requests hide (a concealed kong's tile, the
claims that lost), and the finish gives the end, the fan total and the scores. Its ``line`` is
the match's line in the file and an action's ``line`` the number of its request in the log.

>>> import io
>>> [str(g) for g in read(io.StringIO('{"log": 3}'))]
['match-1: line 1: a match log is a JSON object with a "log" list']
"""

from __future__ import annotations

import itertools
import json
import re
from collections.abc import Iterator
from typing import IO, Any, AnyStr

import orjson

from mjsim.errors import NotationError, clipped
from mjsim.game.formats import mcr_hand
from mjsim.game.formats.check import rebuild_wall
from mjsim.game.formats.record import (
    FLOWER,
    Action,
    Game,
    Refused,
    refuse_extra_dealt,
    refuse_extra_drawn,
)
from mjsim.game.settlement import FOUL, settle_foul
from mjsim.tiles.botzone import NAMES, kind_of, name_of, parse
from mjsim.tiles.kinds import N_PLAYING

__all__ = ["read", "without_bom", "write"]

_CLAIM_WORDS = {"HU": "Hu", "PENG": "Peng", "CHI": "Chi", "GANG": "Gang"}
_KINDS = {name: kind for kind, name in enumerate(NAMES)}
_PLAYING = {name: kind for name, kind in _KINDS.items() if kind < N_PLAYING}
_OPENING_BRACKET = ("[", b"[")  # of a document of many matches, as text or bytes
_NEW = tuple.__new__  # an Action made without its generated __new__ (a Python call, 4x slower)
_loads = orjson.loads
"""JSON to Python: orjson's, 1.6 to 2 times as fast as the json module's on a match log (35 KB
of JSON, whose decoding was a third of an import's time). Its errors are
``json.JSONDecodeError``s; it takes RFC 8259 JSON only, so a log with ``NaN`` or a lone
surrogate, which no judge writes, is refused as not JSON."""


def read(stream: IO[AnyStr]) -> Iterator[Game | Refused]:
    """Each match of ``stream`` in turn, as a :class:`Game` or :class:`Refused`. A binary
    stream is read as UTF-8 by orjson itself (``mjsim import`` opens files so: the text layer's
    decoding took a tenth of a match's time)."""
    head = without_bom(stream.readline())  # a whole line: a real match is 30 to 200 KB
    if not head:  # an empty file holds no match
        return
    if head.lstrip()[:1] in _OPENING_BRACKET or not _is_json(head):  # a match, or a list
        try:
            document = _loads(head + stream.read())
        except json.JSONDecodeError as error:
            yield Refused("line-1", error.lineno, f"not JSON: {error.msg}")
            return
        many = isinstance(document, list) and not _is_entries(document)
        for index, match in enumerate(document if many else [document]):
            yield _match(match, 1, index)
        return
    for number, line in enumerate(itertools.chain((head,), stream), 1):
        if line.strip():
            try:
                match = _loads(line)
            except json.JSONDecodeError as error:
                yield Refused(f"line-{number}", number, f"not JSON: {error.msg}")
                continue
            yield _match(match, number, number - 1)


def without_bom(line: AnyStr) -> AnyStr:
    """A file's first line without the byte-order mark some editors write before UTF-8."""
    if isinstance(line, bytes):
        return line.removeprefix(b"\xef\xbb\xbf")
    return line.removeprefix("\ufeff")


def _is_entries(document: list[Any]) -> bool:
    """Whether a list is one match's entries (a bare log, as Botzone's full log page gives it)
    rather than a list of matches."""
    return bool(document) and isinstance(document[0], dict) and "output" in document[0]


def _is_json(line: str | bytes) -> bool:
    """Whether ``line`` is a whole JSON value (the first of JSON lines), not part of one."""
    try:
        _loads(line)
    except json.JSONDecodeError:
        return False
    return True


def _match(match: Any, number: int, index: int) -> Game | Refused:
    name = f"line-{number}"
    if isinstance(match, dict):
        name = str(match.get("_id") or match.get("id") or match.get("matchId")
                   or f"match-{index + 1}")
    log = match.get("log", match.get("logs")) if isinstance(match, dict) else match
    if not isinstance(log, list):
        return Refused(name, number, 'a match log is a JSON object with a "log" list')
    try:
        return _game(name, number, match if isinstance(match, dict) else {}, log)
    except (KeyError, IndexError, TypeError, ValueError, AttributeError, NotationError) as error:
        return Refused(name, number, error.reason if isinstance(error, Refused)
                       else f"unreadable entry ({_worded(error)})")


def _worded(error: Exception) -> str:
    """``error`` in the format's words: Python's ("'str' object has no attribute 'get'",
    "list index out of range") say nothing of the log to its reader."""
    if isinstance(error, KeyError):
        return f"no {clipped(str(error.args[0]), 40)!r} where the format has one"
    if isinstance(error, IndexError):
        return "a request or an answer with too few words"
    if isinstance(error, (TypeError, AttributeError)) and not isinstance(error, _Malformed):
        return "a value that is not the kind the format has there (an object, list or text)"
    return str(error)


class _Malformed(TypeError):
    """A value of the wrong kind, named in the format's words by the reader itself."""


def _initdata(match: dict[str, Any], log: list[Any]) -> dict[str, Any]:
    """The judge's initdata, ``{}`` when the log gives none (Botzone's ``?lite=true`` pages)."""
    data = match.get("initdata")
    if data is None and log and isinstance(log[0], dict):
        output = log[0].get("output")
        data = output.get("initdata") if isinstance(output, dict) else None
    if isinstance(data, str):
        data = _loads(data) if data.strip() else {}
    if data is None:
        return {}
    if not isinstance(data, dict):
        raise _Malformed("its initdata is not an object")
    return data


class _Reading:
    """What reading one match keeps between requests."""

    def __init__(self, game: Game) -> None:
        self.game = game
        self.drawer: int | None = None  # the seat that just drew, and what
        self.drew = -1
        self.tile = -1  # the tile a claim or a win would take
        # The bots' entry answering the last draw or announcement (read only when a claim or a
        # kong needs it: most discards are claimed by nobody), and the seat whose it was.
        self.answers: dict[str, Any] = {}
        self.announcer: int | None = None


def _seat(word: object) -> int:
    """A seat the log names, 0-3."""
    return _quarter(word, "a seat")


def _tile(word: str) -> int:
    """A playing tile the log names where only one can be (a flower is drawn as BUHUA)."""
    kind = _PLAYING.get(word)
    if kind is None:
        kind_of(word)  # a NotationError for a word that names no tile at all
        raise ValueError(f"{word} where a playing tile must be")
    return kind


def _tiles(text: str) -> list[int]:
    """The kinds of Botzone names separated by spaces (a wall, a deal): one look-up a name,
    and ``parse`` to name the first that is none and where it stands."""
    try:
        return [_KINDS[name] for name in text.split()]
    except KeyError:
        return parse(text)


def _wind(word: object) -> int:
    """The prevalent wind the log names (Botzone's quan), 0-3."""
    return _quarter(word, "the prevalent wind (quan)")


def _quarter(word: object, what: str) -> int:
    """A number 0-3 the log writes as a JSON number or as its digit: int(str()) would also read
    '٣' (another script's digit), ' 3', '+3' or true's 'True' as an error of another kind."""
    text = str(word)
    if isinstance(word, bool) or text not in ("0", "1", "2", "3"):
        raise ValueError(f"{what} is 0-3, not {clipped(text, 20)}")
    return int(text)


def _answer(entry: dict[str, Any], seat: int) -> str:
    """What ``seat`` answered in a bots' entry."""
    value = entry.get(str(seat))
    return str(value.get("response", "")) if isinstance(value, dict) else ""


def _game(name: str, number: int, match: dict[str, Any], log: list[Any]) -> Game:
    data = _initdata(match, log)
    hand = mcr_hand.hand_of(data, name, number)
    walltiles = data.get("walltiles") if hand is None else hand.wall
    game = Game(name, number, quan=_wind(data.get("quan", 0)), walltiles=(
        None if walltiles is None else _tiles(walltiles) if isinstance(walltiles, str)
        else list(walltiles)))  # None: the replay rebuilds what was drawn, as for the contest
    players = match.get("players")
    if isinstance(players, list) and len(players) == 4:
        game.players = tuple(str(p.get("name", p) if isinstance(p, dict) else p)
                             for p in players)
    reading = _Reading(game)
    judge, bots = log[0::2], log[1::2]
    answers: dict[str, Any] = {}
    for round_no, entry in enumerate(judge):
        # Not skipped: the bots' answers of round r are entry 2r + 1, read beside entry 2r.
        if not isinstance(entry, dict):
            raise _Malformed(f"entry {2 * round_no} is not the judge's (an object)")
        output = entry.get("output")
        if not isinstance(output, dict):
            raise _Malformed(f"request {round_no} has no judge's output object")
        if output.get("command") == "finish":
            _finish(reading, output, answers, round_no)  # the answers the judge last read
            if game.walltiles is None:  # walltiles given are the judge's: the engine checks those
                refuse_extra_drawn(game, "request {line}'s draw")
            return game if hand is None else mcr_hand.seated(game, hand)
        answers = bots[round_no] if round_no < len(bots) else {}
        if not isinstance(answers, dict):
            raise _Malformed(f"entry {2 * round_no + 1} is not the bots' answers")
        content = output.get("content")
        if not isinstance(content, dict):
            raise _Malformed(f"request {round_no} has no content object (a text for each seat)")
        try:
            _request(reading, content, answers, round_no)
        except IndexError:  # a word read past a request's or an answer's end
            raise ValueError(f"request {round_no} or an answer to it has too few words"
                             ) from None
    raise ValueError("the log has no finish entry")


def _request(reading: _Reading, content: dict[str, str], answers: dict[str, Any],
             round_no: int) -> None:
    game = reading.game
    # Every seat gets the same request but for a draw ("2 t" to the drawer, "3 p DRAW" to the
    # others) and the deal: seat 0's says which.
    if not content:
        raise ValueError(f"request {round_no} is sent to no seat")
    first = str(content["0"] if "0" in content else next(iter(content.values())))
    words = first.split(" ")
    if words[0] == "2" or words[-1] == "DRAW":
        drawer = 0 if words[0] == "2" else _seat(words[1])
        text = str(content.get(str(drawer), ""))
        if not text.startswith("2 "):
            raise ValueError(f"request {round_no}: seat {drawer} draws, but is told {text!r}")
        reading.drawer, reading.drew = drawer, _tile(text[2:])
        game.actions.append(_NEW(Action, (round_no, drawer, "Draw", reading.drew, ())))
        reading.answers, reading.announcer = answers, None
        return
    if words[0] == "0":
        game.quan = _wind(words[2])
    elif words[0] == "1":
        for seat, text in content.items():
            game.deals[_seat(seat)] = _tiles(" ".join(str(text).split(" ")[5:18]))
        if game.walltiles is None:
            refuse_extra_dealt(game, round_no, f"request {round_no}'s deals")
    if words[0] != "3":
        return
    if words[2] == "BUHUA":
        if game.walltiles is None:  # a rebuilt wall holds the 136 playing tiles only
            raise Refused(game.id, round_no, "a flower drawn, and no walltiles to place it")
        return
    _announced(reading, _seat(words[1]), words[2:], answers, round_no)


def _announced(reading: _Reading, seat: int, words: list[str], answers: dict[str, Any],
               round_no: int) -> None:
    """One announcement, ``3 seat WORDS``: the actions it stands for."""
    game, verb = reading.game, words[0]
    add = game.actions.append
    if verb == "PLAY":
        add(_NEW(Action, (round_no, seat, "Play", _tile(words[1]), ())))
    elif verb in ("PENG", "CHI"):
        taken = reading.tile if verb == "PENG" else _tile(words[1])
        add(_NEW(Action, (round_no, seat, _CLAIM_WORDS[verb], taken, _ignored(reading, seat))))
        add(_NEW(Action, (round_no, seat, "Play", _tile(words[-1]), ())))
    elif verb == "GANG" and reading.drawer == seat:
        tile = _tile(_answer(reading.answers, seat).split(" ")[-1])
        add(_NEW(Action, (round_no, seat, "AnGang", tile, ())))
    elif verb == "GANG":
        add(_NEW(Action, (round_no, seat, "Gang", reading.tile, _ignored(reading, seat))))
    elif verb == "BUGANG":
        add(_NEW(Action, (round_no, seat, "BuGang", _tile(words[1]), ())))
    else:
        raise ValueError(f"request {round_no} announces {verb!r}, which no request does")
    reading.drawer = None
    reading.tile = game.actions[-1].tile
    reading.answers, reading.announcer = answers, seat


def _ignored(reading: _Reading, taker: int) -> tuple[tuple[int, str, int], ...]:
    """The claims on the last tile that lost to ``taker``'s (``PENG t2``: a pung; ``CHI m t2``:
    the chow with middle ``m``)."""
    if reading.drawer is not None:  # a seat's own draw: nobody else had a claim
        return ()
    lost = []
    for seat in range(4):
        if seat in (taker, reading.announcer):
            continue
        words = _answer(reading.answers, seat).split(" ")
        verb = _CLAIM_WORDS.get(words[0])
        if verb is not None:
            lost.append((seat, verb, _tile(words[1]) if verb == "Chi" else reading.tile))
    return tuple(lost)


def _finish(reading: _Reading, output: dict[str, Any], answers: dict[str, Any],
            round_no: int) -> None:
    game = reading.game
    display = output.get("display") or {}
    content = output.get("content") or {}
    if not (isinstance(display, dict) and isinstance(content, dict)):
        raise _Malformed(f"request {round_no}, the finish, has a display or content that is "
                         "not an object")
    game.scores = tuple(_whole(content.get(str(seat)), f"the finish's score of seat {seat}")
                        for seat in range(4))
    game.score_line = game.fan_line = round_no
    action = str(display.get("action", ""))
    if action == "HUANG":
        game.end = "huang"
        return
    seat = _seat(display.get("player"))
    if action == "HU":
        self_drawn = reading.drawer == seat
        tile = reading.drew if self_drawn else reading.tile
        ignored = () if self_drawn else _ignored(reading, seat)
        game.actions.append(_NEW(Action, (round_no, seat, "Hu", tile, ignored)))
        game.end, game.fan = "hu", _whole(display.get("fanCnt"), "the finish's fanCnt")
        return
    game.end = "foul"
    game.foul = (seat, action, _answer(answers, seat))


def _whole(value: object, what: str) -> int:
    """A whole number the finish gives, as a JSON number or its digits: int() would read
    '٣', ' 3' or 2.5 too, and say "invalid literal for int()" of the rest."""
    text = str(value)
    if isinstance(value, bool) or not (isinstance(value, int) or _WHOLE.fullmatch(text)):
        raise ValueError(f"{what} is a whole number, not {clipped(text, 20)}")
    return int(text)


_WHOLE = re.compile(r"-?[0-9]{1,9}")


def write(game: Game) -> str:
    """One JSON line: the match log Botzone's judge would have written for ``game``, its
    flowers as :func:`~mjsim.game.formats.events.games_of` records them; an MCR hand with its
    dealer as player 0 and mjsim's keys in its initdata (:mod:`~mjsim.game.formats.mcr_hand`).
    A foul ends it as the judge's verdict does: the seat's answer last, and the finish naming
    the seat and the reason. Raises ``ValueError`` for a game that stops before its end, or a
    foul that costs other than the judge's penalty."""
    fouled = game.foul if game.end == "foul" else None
    if game.end not in ("hu", "huang") and fouled is None:
        raise ValueError("only a game that ends (in a win, a drawn game or a foul) is written")
    if fouled is not None and game.scores != tuple(settle_foul(fouled[0])):
        raise ValueError(f"a foul costs {FOUL} to each other seat on Botzone's judge, and this "
                         f"game's scores are {' '.join(map(str, game.scores or ()))}")
    if game.table == "mcr":
        data, game = mcr_hand.initdata(game), mcr_hand.as_match(game)
    else:
        walltiles = game.walltiles if game.walltiles is not None else rebuild_wall(game)
        data = {"walltiles": " ".join(map(name_of, walltiles)), "quan": game.quan, "srand": 0}
    counts = " ".join(str(len(flowers)) for flowers in game.flowers)
    flowers = "".join(f" {name_of(flower)}" for seat in game.flowers for flower in seat)
    log: list[dict[str, Any]] = [
        _judge({s: f"0 {s} {game.quan}" for s in range(4)}, {"initdata": json.dumps(data)}),
        _bots({}),
        _judge({s: f"1 {counts} " + " ".join(map(name_of, game.deals[s])) + flowers
                for s in range(4)}),
        _bots({}),
    ]
    actions = game.actions
    index = 0
    while index < len(actions):
        index = _exchange(log, actions, index)
    if game.end == "hu":
        display: dict[str, Any] = {"action": "HU", "player": actions[-1].seat,
                                   "fanCnt": game.fan}
    elif game.foul is not None:  # the answer the verdict judged is the seat's last
        seat, reason, answer = game.foul
        display = {"action": reason, "player": seat}
        log[-1][str(seat)]["response"] = answer
    else:
        display = {"action": "HUANG"}
    scores = game.scores or (0, 0, 0, 0)
    log.append({"output": {"command": "finish", "display": display,
                           "content": {str(s): scores[s] for s in range(4)}}})
    return json.dumps({"id": game.id, "players": list(game.players), "log": log}) + "\n"


def _exchange(log: list[dict[str, Any]], actions: list[Action], index: int) -> int:
    """The request and responses of ``actions[index]`` (and the discard a pung or chow takes
    with it); returns the index after them."""
    action = actions[index]
    seat, name = action.seat, name_of(action.tile)
    after = actions[index + 1] if index + 1 < len(actions) else None
    if action.verb == FLOWER:
        log += [_judge({s: f"3 {seat} BUHUA {name}" for s in range(4)}), _bots({})]
        return index + 1
    if action.verb == "Draw":
        requests = {s: f"2 {name}" if s == seat else f"3 {seat} DRAW" for s in range(4)}
        log += [_judge(requests), _bots({seat: _turn_answer(after)})]
        return index + 1
    if action.verb in ("Peng", "Chi") and after is not None:
        meld = "PENG" if action.verb == "Peng" else f"CHI {name}"
        text = f"3 {seat} {meld} {name_of(after.tile)}"
        index += 1
    else:
        word = {"Play": "PLAY", "Gang": "GANG", "AnGang": "GANG", "BuGang": "BUGANG"}.get(
            action.verb)
        if word is None:  # a win: its answer went with the request before it
            return index + 1
        text = f"3 {seat} {word}" + (f" {name}" if word in ("PLAY", "BUGANG") else "")
    claim = actions[index + 1] if index + 1 < len(actions) else None
    then = actions[index + 2] if index + 2 < len(actions) else None
    answers = _claim_answers(claim, then, seat)
    log += [_judge({s: text for s in range(4)}), _bots(answers)]
    return index + 1


def _turn_answer(after: Action | None) -> str:
    """What the drawer answered: the action after its draw."""
    if after is None:
        return "PASS"
    if after.verb == "Play":
        return f"PLAY {name_of(after.tile)}"
    if after.verb in ("AnGang", "BuGang"):
        return f"{'GANG' if after.verb == 'AnGang' else 'BUGANG'} {name_of(after.tile)}"
    return "HU" if after.verb == "Hu" else "PASS"


def _claim_answers(claim: Action | None, then: Action | None, source: int) -> dict[int, str]:
    """The answers to an announcement: the claim that follows it (with the discard ``then``
    after a pung or chow) and the claims it beat (their discard unknown: the tile again)."""
    if claim is None or claim.verb not in _CLAIM_WORDS.values() or claim.seat == source:
        return {}
    answers = {seat: _claim_text(verb, tile, tile) for seat, verb, tile in claim.ignored}
    discard = then.tile if then is not None and then.verb == "Play" else claim.tile
    answers[claim.seat] = _claim_text(claim.verb, claim.tile, discard)
    return answers


def _claim_text(verb: str, tile: int, then: int) -> str:
    if verb == "Chi":
        return f"CHI {name_of(tile)} {name_of(then)}"
    return f"PENG {name_of(then)}" if verb == "Peng" else {"Hu": "HU", "Gang": "GANG"}[verb]


def _judge(requests: dict[int, str], extra: dict[str, Any] | None = None) -> dict[str, Any]:
    output: dict[str, Any] = {"command": "request",
                              "content": {str(s): text for s, text in requests.items()}}
    output.update(extra or {})
    return {"output": output}


def _bots(answers: dict[int, str]) -> dict[str, Any]:
    return {str(s): {"response": answers.get(s, "PASS"), "verdict": "OK"} for s in range(4)}
