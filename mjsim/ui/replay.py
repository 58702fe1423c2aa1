"""Replays: a game log as frames, one a move, to step through in the terminal or a browser; a
tournament's game regenerated from its seed and lineup as a log.

A frame is the table after a move with every hand open, the move's events in words, and how the
hand ended when the move ended one; and the same as each seat saw it, by the one rule of
:mod:`mjsim.players.seen` (others' hands and draws face down, their concealed kongs without
their kind, their draws and answers unsaid), which the replay page shows. A log cut short replays
what it holds.
"""

from __future__ import annotations

import io
import re
import textwrap
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any, NamedTuple

from mjsim.errors import clipped, printable
from mjsim.game import gamelog
from mjsim.game.events import Event
from mjsim.game.gamelog import Entry, LoggedFoul
from mjsim.game.moves import Move
from mjsim.game.rules import Rules
from mjsim.game.settings import Settings
from mjsim.players.seen import hand_seen_by, melds_seen_by
from mjsim.tiles.hand import Hand
from mjsim.tiles.kinds import NAMES
from mjsim.tiles.tokens import print_tiles
from mjsim.tiles.wall import seed_bytes
from mjsim.ui.hints import move_words
from mjsim.ui.narrate import WINDS, hand_end, said, verb
from mjsim.ui.terminal import WIDTH, melds_words


@dataclass(frozen=True)
class Seat:
    """One seat in a frame: its concealed ``hand`` (sorted), the tile it just ``drew``, its
    ``pool`` in discard order, its ``melds`` and ``flowers`` in words. A tile the frame's seat
    cannot see is :data:`FACE_DOWN`."""

    hand: list[str]
    drew: str | None
    pool: list[str]
    melds: str
    flowers: str


FACE_DOWN = "?"
"""A tile face down, in a frame as one seat saw the table."""


@dataclass(frozen=True)
class Frame:
    """The table after move ``number`` (0: the deal) of hand ``hand_no``; in a seat's own
    frames (:attr:`Replay.seen`), ``number`` counts that seat's frames instead, as the moves it
    could not see (the others' passes) are not its to count."""

    number: int
    hand_no: int
    actor: int | None
    move: str
    said: list[str]
    seats: list[Seat]
    totals: list[int]
    wall: int
    dealer: int
    prevalent: int
    last: int | None  # the seat whose pool ends with the last discard
    ended: list[str] = field(default_factory=list)  # the end of the hand, when it ended here

    def to_dict(self) -> dict[str, Any]:
        return {"number": self.number, "hand_no": self.hand_no, "actor": self.actor,
                "move": self.move, "said": self.said, "totals": self.totals,
                "wall": self.wall, "dealer": self.dealer, "prevalent": self.prevalent,
                "last": self.last, "ended": self.ended,
                "seats": [vars(seat) for seat in self.seats]}


@dataclass(frozen=True)
class Replay:
    """A game's frames (every hand open), its seats' ``names``, and why it stopped early (or
    None); ``seen[s]`` holds the frames as seat ``s`` saw the game, and ``seen_at[s]`` the index
    in ``frames`` of each."""

    header: dict[str, Any]
    names: list[str]
    frames: list[Frame]
    stopped: str | None
    seen: list[list[Frame]] = field(default_factory=list)
    seen_at: list[list[int]] = field(default_factory=list)

    def hand_starts(self) -> dict[int, int]:
        """The index of each hand's first frame."""
        starts: dict[int, int] = {}
        for index, frame in enumerate(self.frames):
            starts.setdefault(frame.hand_no, index)
        return starts


def seat_names(players: Sequence[str]) -> list[str]:
    """A seat's name in a replay: winds change hands, seats do not (the header says who
    played each)."""
    return ["you" if name == "you" else f"seat{seat}" for seat, name in enumerate(players)]


def load(path: str | Path) -> Replay:
    """The replay of a log file. Raises ``OSError`` or ``ValueError`` (not a game log)."""
    with gamelog.open_log(path) as stream:
        read = gamelog.read_partial(stream)
    return build(read.header, read.moves, read.stopped)


def build(header: dict[str, Any], moves: Sequence[Entry],
          stopped: str | None = None) -> Replay:
    """The frames of ``moves`` played on the game ``header`` describes."""
    return play_frames(gamelog.start(header), header, moves, stopped)


@dataclass(frozen=True)
class _Step:
    """What one frame is made from: the table after a move and the move's events."""

    table: _Table
    number: int
    hand_no: int
    actor: int | None
    move: Move | LoggedFoul | None
    events: Sequence[Event]
    last: int | None
    ended: list[str] | None = None
    asked: tuple[int, ...] | None = None  # a claim window's seats yet to answer, while open
    quiet: bool = False  # a pass that leaves the window open and says nothing: no open frame


def play_frames(game: Rules, header: dict[str, Any], moves: Sequence[Entry],
                stopped: str | None = None) -> Replay:
    """The replay of ``moves`` played on ``game`` (fresh: its deal's events not yet taken),
    stopping early at a move refused (else at ``stopped``, when given)."""
    names = seat_names(header["players"])
    steps, stopped = _steps(game, moves, names, stopped)
    shown = [step for step in steps if not step.quiet]  # a quiet pass shows nothing new
    frames = [_frame(step, names, None) for step in shown]
    place, index = {}, -1  # each step's open frame: its own, or the last before a quiet one
    for step in steps:
        index += not step.quiet
        place[id(step)] = index
    seen, seen_at = [], []
    for viewer in range(4):
        own, at = _seen_frames(steps, names, viewer)
        seen.append(own)
        seen_at.append([place[id(step)] for step in at])
    return Replay(header, names, frames, stopped, seen, seen_at)


def _steps(game: Rules, moves: Sequence[Entry], names: Sequence[str],
           stopped: str | None) -> tuple[list[_Step], str | None]:
    marker = _LastDiscard()

    def step(table: _Table, number: int, hand_no: int, actor: int | None,
             move: Move | LoggedFoul | None, events: Sequence[Event],
             ended: list[str] | None = None) -> _Step:
        asked = tuple(game.waiting_on()) if game.phase in ("claim", "rob") else None
        quiet = (_is_pass(move) and asked is not None
                 and not any(said(e, names) for e in events))
        return _Step(table, number, hand_no, actor, move, events, marker.follow(events), ended,
                     asked, quiet)

    steps = [step(_Table.of(game), 0, game.hand_no, None, None, game.take_outcomes())]
    for number, (seat, move) in enumerate(moves, 1):
        before, hand_no = _Table.of(game), game.hand_no
        if not gamelog.play(game, seat, move):
            return steps, f"move {number} ({_words(move)} by {names[seat]}) is refused"
        events = game.take_outcomes()
        ended = hand_end(events, before.hands, hand_no)
        if ended is None:
            steps.append(step(_Table.of(game), number, hand_no, seat, move, events))
            continue
        # A move that ends a hand also deals the next: its frame shows the hands as they
        # finished and how the hand ended; the next deal gets a frame of its own.
        cut = next(i for i, e in enumerate(events) if e["kind"] == "settle")
        finished = before.finished(list(game.totals) if not game.is_active
                                   else list(ended.totals))
        steps.append(step(finished, number, hand_no, seat, move, events[:cut],
                          ended.lines(names)))
        if game.is_active:
            steps.append(step(_Table.of(game), number, game.hand_no, None, None, events[cut:]))
    return steps, stopped


@dataclass(frozen=True)
class _Table:
    """What a frame shows of the engine at one moment."""

    hands: list[Hand]
    pools: list[list[int]]
    drawn: int | None
    turn: int | None
    totals: list[int]
    wall: int
    dealer: int
    prevalent: int

    @classmethod
    def of(cls, game: Rules) -> _Table:
        drawn = game.drawn if game.phase == "discard" else None
        return cls([game.hand_of(s).copy() for s in range(4)],
                   [list(game.pool_of(s)) for s in range(4)], drawn, game.turn,
                   list(game.totals), len(game.wall), game.dealer, game.prevalent)

    def finished(self, totals: list[int]) -> _Table:
        return _Table(self.hands, self.pools, None, None, totals, self.wall, self.dealer,
                      self.prevalent)


class _LastDiscard:
    """Follows the events for the seat whose pool ends with the last discard."""

    def __init__(self) -> None:
        self.seat: int | None = None

    def follow(self, events: Sequence[Event]) -> int | None:
        for event in events:
            if event["kind"] == "discard":
                self.seat = event["actor"]
            elif event["kind"] in ("chow", "pung", "kong", "deal", "win"):
                self.seat = None
        return self.seat


def _frame(step: _Step, names: Sequence[str], viewer: int | None) -> Frame:
    """The frame of ``step`` as ``viewer`` saw it (None: every hand open). A seat sees its own
    moves in words; another's it hears said, by the rule of :mod:`mjsim.players.seen` (a
    concealed kong without its kind, a pass not at all)."""
    table, actor, move = step.table, step.actor, step.move
    what = "the deal" if move is None or actor is None else verb(names[actor], _words(move))
    if viewer is not None and actor is not None and actor != viewer:
        what = ""
        if _is_pass(move):
            actor = None
    lines = [line for line in (said(e, names, viewer) for e in step.events) if line]
    return Frame(step.number, step.hand_no, actor, what, lines, _seats(table, names, viewer),
                 table.totals, table.wall, table.dealer, table.prevalent, step.last,
                 step.ended or [])


def _words(entry: Move | LoggedFoul) -> str:
    """A logged move as a verb phrase; a foul as one word, its reason being said by its
    event."""
    return "foul" if isinstance(entry, LoggedFoul) else move_words(entry)


def _is_pass(entry: Move | LoggedFoul | None) -> bool:
    return isinstance(entry, Move) and entry.kind == "pass"


def _seen_frames(steps: Sequence[_Step], names: Sequence[str],
                 viewer: int) -> tuple[list[Frame], list[_Step]]:
    """The frames ``viewer`` saw, numbered its own way, and the step of each. A moment the
    seat could not tell from the next (a claim window waiting on the others only: whether one
    opened would tell who could claim) is no frame of its own, and a frame that shows the seat
    nothing new (the same table, totals and ending) joins the one before; what it heard said
    goes with the frame that shows it."""
    own: list[Frame] = []
    at: list[_Step] = []
    heard: list[str] = []
    lead: Frame | None = None  # the first frame of those joined: its move is the seat's to see
    for step in steps:
        frame = _frame(step, names, viewer)
        heard.extend(frame.said)
        lead = lead or frame
        if step.asked is not None and viewer not in step.asked:
            continue
        if own and _table_of(own[-1]) == _table_of(frame):
            own[-1].said.extend(heard)
        else:
            own.append(replace(frame, number=len(own), said=heard, actor=lead.actor,
                               move=lead.move))
            at.append(step)
        heard, lead = [], None
    return own, at


def _table_of(frame: Frame) -> tuple[object, ...]:
    return (frame.hand_no, frame.seats, frame.totals, frame.wall, frame.last, frame.ended)


def _seats(table: _Table, names: Sequence[str], viewer: int | None) -> list[Seat]:
    """The four seats as ``viewer`` saw them (None: every hand open)."""
    seats = []
    for seat in range(4):
        hand = table.hands[seat]
        tiles = hand.tiles()
        drew = table.drawn if seat == table.turn else None
        if drew is not None and drew in tiles:
            tiles.remove(drew)
        shown = [NAMES[t] for t in sorted(tiles)]
        drawn = None if drew is None else NAMES[drew]
        if not hand_seen_by(seat, viewer):
            shown = [FACE_DOWN] * len(shown)
            drawn = None if drawn is None else FACE_DOWN
        seats.append(Seat(shown, drawn, [NAMES[t] for t in table.pools[seat]],
                          melds_words(melds_seen_by(hand.melds, seat, viewer), names),
                          print_tiles(hand.flowers)))
    return seats


# ------------------------------------------------------------------------ the terminal

STEP_HELP = ("Enter or n: next move   b: back   ] / [: next / previous hand   "
             "h N: hand N   a: every move   q: quit")


def compact(names: Sequence[str]) -> str:
    """Tile names in notation: ``['1m', '2m', 'E']`` is ``12m E``."""
    return print_tiles(NAMES.index(name) for name in names)


def frame_text(frame: Frame, names: Sequence[str], index: int, total: int) -> str:
    """Frame ``index`` of ``total`` as lines of text, every hand open."""
    head = (f"hand {frame.hand_no} · step {index}/{total} · move {frame.number} · prevalent "
            f"{WINDS[frame.prevalent]} · wall {frame.wall}")
    lines = [head, textwrap.fill("; ".join(frame.said) or frame.move, WIDTH,
                                 initial_indent="  ", subsequent_indent="  ")]
    for seat, shown in enumerate(frame.seats):
        wind = WINDS[(seat - frame.dealer) % 4]
        pool = " ".join(f"[{t}]" if frame.last == seat and i == len(shown.pool) - 1 else t
                        for i, t in enumerate(shown.pool))
        drew = f"  drew {shown.drew}" if shown.drew else ""
        lines.append(f"  {names[seat]:<10} {wind} {frame.totals[seat]:>+5}  "
                     f"{compact(shown.hand)}{drew}")
        lines.append(textwrap.fill(pool or "-", WIDTH, initial_indent=f"  {'':<18}pool: ",
                                   subsequent_indent=" " * 26, break_on_hyphens=False))
        if shown.melds or shown.flowers:
            lines.append(f"  {'':<18}" + "  ".join(
                part for part in (shown.melds and f"melds: {shown.melds}",
                                  shown.flowers and f"flowers: {shown.flowers}") if part))
    lines.extend(frame.ended)
    return "\n".join(lines)


def summary(replay: Replay) -> Iterable[str]:
    """The whole game, a line a move, for a pipe or ``a``."""
    header = replay.header
    yield (f"seed {printable(header['seed'])}, ruleset {header['ruleset']}, players "
           + ", ".join(name if name == player else f"{name} {printable(player)}"
                       for name, player in zip(replay.names, header["players"])))
    for frame in replay.frames:
        if frame.move == "the deal":
            # The flowers shown and replaced first: the hands are as play begins, so a
            # replacement drawn is said before the hand that holds it.
            yield f"--- {frame.said[0] if frame.said else f'hand {frame.hand_no}'}"
            yield from (f"  {line}" for line in frame.said[1:])
            for seat, shown in enumerate(frame.seats):
                drew = f" + {shown.drew}" if shown.drew else ""
                yield f"  {replay.names[seat]}: {compact(shown.hand)}{drew}"
            continue
        yield from (f"  {line}" for line in frame.said)
        yield from frame.ended
    if replay.stopped:
        yield f"(the log stops early: {replay.stopped}; replayed up to there)"


def step(replay: Replay, ask: Callable[[str], str], say: Callable[[str], None]) -> None:
    """Step through ``replay`` at the keyboard until q or the end of input."""
    frames, starts = replay.frames, replay.hand_starts()
    total = len(frames) - 1
    index = 0
    say(STEP_HELP)
    if replay.stopped:
        say(f"(the log stops early: {replay.stopped}; replayed up to there)")
    while True:
        say(frame_text(frames[index], replay.names, index, total))
        try:
            entry = ask("replay> ").strip().lower()
        except EOFError:
            return
        hand = frames[index].hand_no
        if entry in ("q", "quit", "exit"):
            return
        if entry in ("", "n", "next"):
            index = min(index + 1, total)
        elif entry in ("b", "back", "p", "prev"):
            index = max(index - 1, 0)
        elif entry == "]":
            index = starts.get(hand + 1, total)
        elif entry == "[":
            index = starts.get(hand - 1 if index == starts[hand] else hand, 0)
        elif entry in ("a", "all"):
            say("\n".join(summary(replay)))
        elif (asked := _HAND_ASKED.fullmatch(entry)) is not None:
            digits = asked[1].lstrip("0") or "0"
            wanted = int(digits) if len(digits) <= 9 else None  # int() refuses 4,301 digits
            if wanted in starts:
                index = starts[wanted]
            else:
                first, last = min(starts), max(starts)
                held = f"hand {first} only" if first == last else f"hands {first}-{last}"
                say(f"? the log holds {held}, not {clipped(digits, 20)}")
        else:
            say(f"? {STEP_HELP}")


_HAND_ASKED = re.compile(r"h\s*([0-9]+)")
"""``h N``, N in ASCII digits: str.isdigit() also takes '²', which int() then refuses."""


# ------------------------------------------------------------------ a tournament's games

def run_manifest(folder: str | Path) -> dict[str, Any]:
    """The manifest of the run in ``folder``, read as
    :meth:`~mjsim.tournament.store.RunFolder.manifest` reads it (past a byte-order mark);
    ``ValueError`` for a folder without one, or one damaged."""
    from mjsim.tournament.store import MANIFEST, RunFolder

    manifest = RunFolder(folder).manifest()
    if manifest is None:
        raise ValueError(f"{Path(folder) / MANIFEST} is missing: {folder} is not a run folder")
    return manifest


def run_games(folder: str | Path) -> list[tuple[str, str]]:
    """The (seed, lineup) of every game a run's manifest schedules, in order: a game's ID is
    its place in this list. Raises ``ValueError`` for a folder that is not a run."""
    manifest = run_manifest(folder)
    try:
        games = [(str(seed), str(lineup)) for batch in manifest["batches"]
                 for seed, lineup in batch]
    except (KeyError, TypeError, ValueError):
        games = []
    if not games or not isinstance(manifest["batches"], list):  # a run plays a wall at least
        raise ValueError(f"{Path(folder) / 'manifest.json'} is not an mjsim run's manifest")
    return games


def regenerate(folder: str | Path, game_id: int, *, trust: bool = False) -> Replay:
    """Play game ``game_id`` of the run in ``folder`` again, from its seed and lineup, and
    return its replay (the same game: everything after a seed is a function of it).

    Raises ``ValueError`` for a game the run does not hold, and, unless ``trust``, for a run
    made elsewhere whose lineup would run code (as :func:`mjsim.tournament.resume` does)."""
    read = regenerate_log(folder, game_id, trust=trust)
    return build(read.header, read.moves, read.stopped)


def regenerate_log(folder: str | Path, game_id: int, *, trust: bool = False) -> gamelog.LogRead:
    """The game log of game ``game_id`` of the run in ``folder``, played again (what
    :func:`regenerate` replays; it raises the same errors)."""
    from mjsim.tournament import Roster
    from mjsim.tournament.experiments import refuse_untrusted, settings_problem

    manifest = run_manifest(folder)
    games = run_games(folder)
    if not 0 <= game_id < len(games):
        held = "game 0 only" if len(games) == 1 else f"games 0-{len(games) - 1}"
        raise ValueError(f"the run holds {held}, not {game_id}")
    seed, lineup = games[game_id]
    problem = settings_problem(manifest)
    if problem:  # its settings or players, damaged or edited by hand
        raise ValueError(f"{Path(folder) / 'manifest.json'} {problem}")
    settings = Settings.from_manifest(manifest)
    roster = Roster()
    for name, spec in manifest.get("definitions", {}).items():
        roster.define(name, spec)
    entries = roster.lineup(lineup)
    refuse_untrusted(Path(folder), manifest, roster, entries, trust, "replaying this game")
    players = [roster.player(entry, limits=settings.limits) for entry in entries]
    return play_logged(seed, players, settings, names=list(entries))


def play_logged(seed: str, players: Sequence[Any], settings: Settings,
                names: Sequence[str]) -> gamelog.LogRead:
    """Play the game of ``seed`` with ``players`` (by :func:`mjsim.players.driver.play`) and
    read its game log back, ``names`` the players it names: each move the engine took, and
    each foul where it fell."""
    from mjsim.players import driver

    given: list[_Given] = []
    recorded = [_Recorded(player, seat, given) for seat, player in enumerate(players)]
    game = driver.play(seed, recorded, settings=settings)
    buffer = io.StringIO()
    log = gamelog.GameLog(buffer, seed=seed_bytes(seed), ruleset=settings.ruleset,
                          players=names, table=settings.table)
    log.moves(_as_played(gamelog.start(log.header), given, game, settings.penalty))
    buffer.seek(0)
    return gamelog.read_partial(buffer)


class _Given(NamedTuple):
    """A move a player gave, in the hand it was asked in (the engine may refuse it)."""

    hand_no: int
    seat: int
    move: Move


def _as_played(rules: Rules, given: Sequence[_Given], played: Rules,
               penalty: int) -> list[Entry]:
    """The log of the game ``played``, played again on the fresh ``rules`` from the moves
    the players ``given``: each one the engine takes, and each hand's foul where it fell. The
    driver ends a hand with a foul at a move the engine refuses, or before any move of the
    next hand (a move not given, or a foul raised), so those are the places to put one."""
    entries: list[Entry] = []

    def foul() -> None:
        row = played.history[rules.hand_no - 1]
        if row["result"] != "foul":
            raise ValueError(f"hand {rules.hand_no} did not play again as it was played")
        fouled = row["foul"]
        entry = LoggedFoul(fouled["reason"], fouled["answer"], penalty)
        gamelog.play(rules, fouled["seat"], entry)
        entries.append((fouled["seat"], entry))

    for hand_no, seat, move in given:
        while rules.is_active and rules.hand_no < hand_no:
            foul()
        if rules.apply(seat, move) is True:
            entries.append((seat, move))
        else:
            foul()
    while rules.is_active and rules.hand_no <= len(played.history):
        foul()
    if list(rules.totals) != list(played.totals):
        raise ValueError("the game did not play again as it was played")
    return entries


class _Recorded:
    """A player whose every move is kept, with the hand it was given in, as it is played."""

    def __init__(self, inner: Any, seat: int, given: list[_Given]) -> None:
        self.inner, self.seat, self.given = inner, seat, given

    @property
    def name(self) -> str:
        return str(self.inner.name)

    def act(self, view: Any) -> Move | None:
        move: Move | None = self.inner.act(view)
        if isinstance(move, Move):  # anything else is the driver's foul
            self.given.append(_Given(view.hand_no, self.seat, move))
        return move

    def __getattr__(self, attribute: str) -> Any:  # the optional hooks: the player's own
        return getattr(self.inner, attribute)
