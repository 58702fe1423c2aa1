"""Replay a recorded game on its table, checking it move by move against the engine.

:func:`check` plays a :class:`~mjsim.game.formats.record.Game` on
``Rules(table="botzone", ruleset="gb-mahjong")``, or an MCR hand mjsim exported on the MCR
table (:func:`table_options`): every action must be legal where it was made
(a draw must be the tile the engine draws, for the seat it names), the game must end as
recorded, a win must score the recorded fan total, and the Score line must be the engine's
settlement. It answers a :class:`Replayed` game (the engine at the end and the moves played,
which a game log keeps) or the first :class:`Disagreement`.

Without a wall (contest text), the wall is rebuilt from what each seat received: seat *s*'s
part of Botzone's 136-tile wall ends with its thirteen dealt tiles and then its draws, in the
order drawn (each seat draws from the end of its own part, docs/botzone-table.md), and begins
with the tiles nobody drew, in kind order: the replay never reaches them, but they keep each
part its 34 tiles, so the limits near the wall's end fall where the judge's did.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, NamedTuple

from mjsim.game.formats.record import Action, Game
from mjsim.game.gamelog import Entry, LoggedFoul, play
from mjsim.game.moves import DISCARDS, KONG, KONGS, PASS, PUNG, WIN, Move
from mjsim.game.rules import Rules
from mjsim.tiles.botzone import name_of
from mjsim.tiles.kinds import N_PLAYING

__all__ = ["KINDS", "PART", "Disagreement", "Replayed", "check", "rebuild_wall",
           "table_options"]

RULESET = "gb-mahjong"
PART = 34
"""Each seat's part of Botzone's wall of 136."""
KINDS = ("wall", "draw", "illegal", "priority", "end", "fan", "score")
"""What a disagreement can be about (docs/formats.md says each)."""
_RANK = {"Chi": 0, "Peng": 1, "Gang": 1, "Hu": 2}
_CLAIMED = ("Chi", "Peng", "Gang")
_WINDOWS = ("claim", "rob")


class Disagreement(NamedTuple):
    """Where a recorded game and the engine part: the ``game``, the ``line``, the ``kind`` (one
    of :data:`KINDS`), ``what`` differs, and the ``recorded`` and ``replayed`` values."""

    game: str
    line: int
    kind: str
    what: str
    recorded: str
    replayed: str

    def __str__(self) -> str:
        return (f"{self.game}: line {self.line}: {self.kind}: {self.what}: recorded "
                f"{self.recorded}, replayed {self.replayed}")


@dataclass
class Replayed:
    """A game that agreed: the ``game`` read, the engine's ``rules`` at its end, the ``moves``
    played (and the foul, when a verdict ended it) and the ``walltiles`` it was played on."""

    game: Game
    rules: Rules
    moves: list[Entry]
    walltiles: list[int]


class _Differ(Exception):
    def __init__(self, line: int, kind: str, what: str, recorded: object,
                 replayed: object) -> None:
        super().__init__(line, kind, what, str(recorded), str(replayed))


def rebuild_wall(game: Game) -> list[int]:
    """The 136 walltiles (Botzone's order) whose parts hold each seat's deal and draws; raises
    ``_Differ`` (kind ``wall``) for a seat drawing past its part or a kind past four copies."""
    received: list[list[int]] = [list(deal) for deal in game.deals]
    for action in game.actions:
        if action.verb == "Draw":
            received[action.seat].append(action.tile)
    counts = [0] * N_PLAYING  # the reader's kinds are playing tiles
    for tiles in received:
        for kind in tiles:
            counts[kind] += 1
    over = [kind for kind in range(N_PLAYING) if counts[kind] > 4]
    if over:
        raise _Differ(game.line, "wall", f"copies of {name_of(over[0])}", counts[over[0]], 4)
    for seat, tiles in enumerate(received):
        if len(tiles) > PART:
            raise _Differ(game.line, "wall", f"tiles seat {seat} received", len(tiles), PART)
    spare: list[int] = []
    for kind in range(N_PLAYING):
        spare += [kind] * (4 - counts[kind])
    wall: list[int] = []
    for tiles in received:
        fill = PART - len(tiles)
        wall += spare[:fill] + tiles[::-1]
        del spare[:fill]
    return wall


def check(game: Game, seed: bytes | None = None) -> Replayed | Disagreement:
    """Replay ``game`` (its engine seeded by ``seed``, by default its id) and check it."""
    try:
        return _replay(game, seed if seed is not None else game.id.encode())
    except _Differ as differ:
        return Disagreement(game.id, *differ.args)


def _replay(game: Game, seed: bytes) -> Replayed:
    walltiles = game.walltiles if game.walltiles is not None else rebuild_wall(game)
    # The check reads the engine's state, history and moves, never its events (about a sixth
    # of the engine's time): a quiet game.
    try:
        rules = Rules(seed, RULESET, walltiles=walltiles, events=False, **table_options(game))
    except ValueError as error:  # given walltiles no judge deals from: their number, copies
        raise _Differ(game.line, "wall", "the given walltiles", f"{len(walltiles)} tiles",
                      f"refused ({error})") from None
    done = Replayed(game, rules, [], walltiles)
    _deals_agree(game, rules)
    state = rules.state  # one hand: its state is the game's to the end
    moves = done.moves
    for action in game.actions:
        # The two actions most lines are, checked inline; every other, and any that
        # disagrees (_act says what differs), goes through _act. (Compiled, an Action's
        # fields read faster by name than by index: a tuple subclass's index is a slot call.)
        verb, seat, tile = action.verb, action.seat, action.tile
        if verb == "Play":
            if state.phase == "discard":
                move = DISCARDS[tile]
                if rules.apply(seat, move) is True:
                    moves.append((seat, move))
                    continue
        elif verb == "Draw" and state.phase == "discard" and state.turn == seat \
                and state.drawn == tile:
            continue
        _act(done, action)
    if game.end != "foul":  # a foul ends the game where it stands, a window open or not
        _close_window(done, game.score_line or game.line)
    _end_agrees(done)
    return done


def table_options(game: Game) -> dict[str, Any]:
    """The engine's options for ``game``'s table, besides its wall: Botzone's table with the
    game's quan, or the MCR table's hand (its number gives the dealer and the prevalent
    wind)."""
    if game.table == "mcr":
        return {"hand_no": game.hand_no}
    return {"table": "botzone", "prevalent": game.quan}


def _deals_agree(game: Game, rules: Rules) -> None:
    if game.walltiles is None:
        return  # the deal built the wall
    for seat, deal in enumerate(game.deals):
        counts = rules.hand_of(seat).counts
        dealt = [kind for kind in range(N_PLAYING) for _ in range(counts[kind])]
        if seat == rules.turn and rules.drawn is not None:  # the dealer's first draw
            dealt.remove(rules.drawn)
        if sorted(deal) != dealt:
            raise _Differ(game.line, "draw", f"seat {seat}'s deal", _names(sorted(deal)),
                          _names(dealt))


def _act(done: Replayed, action: Action) -> None:
    rules, verb = done.rules, action.verb
    phase = rules.phase
    if verb in _CLAIMED or (verb == "Hu" and phase in _WINDOWS):
        _claim(done, action)
        return
    if phase in _WINDOWS:
        _close_window(done, action.line)
    if verb == "Draw":
        if rules.turn != action.seat or rules.drawn != action.tile:
            drawn = "nothing" if rules.drawn is None else name_of(rules.drawn)
            raise _Differ(action.line, "draw", "who draws what",
                          f"seat {action.seat} {name_of(action.tile)}",
                          f"seat {rules.turn} {drawn}")
        return
    if verb == "Play":
        move = DISCARDS[action.tile]
    elif verb == "Hu":
        if rules.drawn != action.tile:
            raise _Differ(action.line, "illegal", "the self-drawn winning tile",
                          name_of(action.tile), rules.drawn)
        move = WIN
    else:
        move = KONGS[action.tile]
    _apply(done, action, action.seat, move)


def _claim(done: Replayed, action: Action) -> None:
    """A claim on the open window: the claimer takes it, every other seat asked passes."""
    rules = done.rules
    if rules.phase not in ("claim", "rob"):
        raise _Differ(action.line, "illegal", f"{action.verb} with no discard to claim",
                      action.verb, rules.phase)
    move = _claim_move(action.verb, action.tile)
    _priority(rules, action)
    if move not in rules.legal(action.seat):
        raise _Differ(action.line, "illegal", f"seat {action.seat}'s {action.verb}",
                      _text(action), "not among its legal moves")
    # An ignored claim is played as recorded where the engine allows it (the judge does not
    # check a claim that loses), so a game keeps its moves through export and import.
    answers = {seat: _claim_move(verb, tile) for seat, verb, tile in action.ignored}
    answers[action.seat] = move
    while rules.phase in ("claim", "rob") and rules.waiting_on():
        other = rules.waiting_on()[0]
        answer = answers.get(other, PASS)
        _apply(done, action, other, answer if answer in rules.legal(other) else PASS)


def _claim_move(verb: str, tile: int) -> Move:
    move = {"Peng": PUNG, "Gang": KONG, "Hu": WIN}.get(verb)
    return Move("chow", tiles=(tile - 1, tile, tile + 1)) if move is None else move


def _priority(rules: Rules, action: Action) -> None:
    """An ignored claim must rank below the one taken (a win, then pung or kong, then chow;
    among wins, the nearest after the discarder)."""
    window = rules.window or {}
    source = window.get("from", rules.turn)
    for seat, verb, _ in action.ignored:
        rank, taken = _RANK[verb], _RANK[action.verb]
        nearer = source is not None and (seat - source) % 4 < (action.seat - source) % 4
        if rank > taken or (rank == taken == 2 and nearer):
            raise _Differ(action.line, "priority", f"seat {seat}'s ignored {verb}",
                          f"{action.verb} by seat {action.seat} first", f"{verb} by seat {seat}")


def _close_window(done: Replayed, line: int) -> None:
    """Every seat asked passes (nobody recorded a claim)."""
    rules = done.rules
    while rules.phase in _WINDOWS:
        waiting = rules.waiting_on()
        if not waiting:
            return
        if rules.apply(waiting[0], PASS) is not True:
            raise _Differ(line, "illegal", "a pass", "pass", rules.phase)
        done.moves.append((waiting[0], PASS))


def _apply(done: Replayed, action: Action, seat: int, move: Move) -> None:
    outcome = done.rules.apply(seat, move)
    if outcome is not True:
        raise _Differ(action.line, "illegal", f"seat {seat}'s {action.verb}", _text(action),
                      str(outcome))
    done.moves.append((seat, move))


def _end_agrees(done: Replayed) -> None:
    game, rules = done.game, done.rules
    line = game.score_line or game.line
    if game.end == "foul" and game.foul is not None and rules.status != "finished":
        seat, reason, answer = game.foul
        foul = LoggedFoul(reason, answer)
        play(rules, seat, foul)
        done.moves.append((seat, foul))
    last = rules.history[-1] if rules.history else None
    ended = "playing" if last is None else {"score": "hu", "draw": "huang"}.get(
        last["result"], last["result"])
    if ended != game.end:
        raise _Differ(line, "end", "how the game ends", game.end, ended)
    assert last is not None
    if game.end == "hu" and game.fan is not None and last["points"] != game.fan:
        raise _Differ(game.fan_line, "fan", "the fan total", game.fan, last["points"])
    if game.scores is not None and tuple(last["deltas"]) != game.scores:
        raise _Differ(game.score_line, "score", "the scores", _join(game.scores),
                      _join(last["deltas"]))


def _text(action: Action) -> str:
    return f"{action.verb} {name_of(action.tile)}"


def _names(tiles: list[int]) -> str:
    return " ".join(map(name_of, tiles))


def _join(values: object) -> str:
    return " ".join(str(v) for v in values)  # type: ignore[attr-defined]
