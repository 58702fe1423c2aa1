"""Playing one game with bots, and turning it into table rows.

A game is a pure function of (seed, lineup, ruleset): the walls come from the seed and every
rung breaks ties from what its seat sees, so the same arguments give the same rows in any process
on any machine (as long as the players a user brings are deterministic too).

Three tables (docs/architecture.md#how-data-flows):

- ``seats``: one row per seat per game: points, place (seats level on points share the average
  of the places they span: :func:`~mjsim.game.settlement.places`), wins, self-draws, deal-ins,
  fouls, and for a shadowed seat (a challenger whose baseline is asked too: :func:`play_game`'s
  ``shadows``) its decisions and the decisions where the baseline would have moved
  otherwise (0 and 0 for other seats);
- ``hands``: one row per seat per hand: how the hand ended for that seat (``won``,
  ``dealt-in``, ``paid``, ``drawn``, or ``foul`` for the seat that fouled and ``fouled`` for the
  seats it paid), its delta, the tiles left in the wall when it ended (how long the hand
  lasted), and for a foul the seat, its answer and the reason (``-1`` and empty otherwise);
- ``fans``: one row per scoring element per win.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from mjsim.game.results import FoulRecord
from mjsim.game.rules import Rules
from mjsim.game.settings import Settings, settings_of
from mjsim.game.settlement import places
from mjsim.players import driver, loop
from mjsim.players.compare import Shadowed
from mjsim.players.protocol import Player
from mjsim.tiles.wall import Seed
from mjsim.tournament.lineups import Lineup, Roster

TABLES = ("seats", "hands", "fans")
_KEY = ["seed", "lineup", "ruleset"]
COLUMNS = {
    "seats": [*_KEY, "seat", "variant", "points", "place", "wins", "self_draws", "deal_ins",
              "fouls", "hands", "decisions", "changed"],
    "hands": [*_KEY, "hand_no", "seat", "variant", "dealer", "prevalent", "seat_wind",
              "outcome", "winner", "how", "from", "fan_total", "points", "delta", "wall_left",
              "foul_seat", "foul_answer", "foul_reason"],
    "fans": [*_KEY, "hand_no", "seat", "variant", "number", "name", "points", "count"],
}

def parse_lineup(lineup: str | Iterable[str], roster: Roster | None = None) -> Lineup:
    """Four entries, from ``"3,3,3,3-defence"`` or a sequence; each checked and made canonical
    (names as ``roster`` defines them). Raises ``ValueError`` naming the entry that is not a
    player, or a lineup that is not four.

    >>> parse_lineup("3, 2,1,3-defence")
    ('3', '2', '1', '3-defence')
    """
    return Roster.of(roster).lineup(lineup)


def lineup_key(lineup: Sequence[str]) -> str:
    return ",".join(lineup)


@dataclass
class GameRecords:
    """The rows of one game, one list of dicts per table."""

    seats: list[dict[str, Any]] = field(default_factory=list)
    hands: list[dict[str, Any]] = field(default_factory=list)
    fans: list[dict[str, Any]] = field(default_factory=list)

    def extend(self, other: GameRecords) -> None:
        self.seats.extend(other.seats)
        self.hands.extend(other.hands)
        self.fans.extend(other.fans)


@dataclass(frozen=True)
class Streak:
    """One entry's fouls in a row over a stretch of play, hand by hand in the order played (the
    hands it sat in; a hand counts as its foul when a seat it plays fouled it). Two stretches
    add up, ``earlier + later``, so a run counts fouls in a row across games and walls: a game
    on Botzone's table is one hand. ``last`` says where and why it last fouled."""

    hands: int = 0
    lead: int = 0  # fouled hands before its first clean one (every hand, if none was clean)
    trail: int = 0  # fouled hands after its last clean one
    longest: int = 0
    last: str = ""

    def __add__(self, later: Streak) -> Streak:
        if not later.hands or not self.hands:
            return later if not self.hands else self
        lead = self.lead + later.lead if self.lead == self.hands else self.lead
        trail = self.trail + later.trail if later.trail == later.hands else later.trail
        return Streak(self.hands + later.hands, lead, trail,
                      max(self.longest, later.longest, self.trail + later.lead),
                      later.last or self.last)

    @classmethod
    def of_game(cls, records: GameRecords, workdir: Path | None = None) -> dict[str, Streak]:
        """Each entry's streak over the hands of one game's ``records``; a foul's ``last`` names
        the program's folder under ``workdir`` (where its stderr is)."""
        streaks: dict[str, Streak] = {}
        rows = records.hands
        for start in range(0, len(rows), 4):  # a hand's rows are its four seats'
            seats = rows[start:start + 4]
            fouler, row = seats[0]["foul_seat"], seats[0]
            for entry in dict.fromkeys(seat["variant"] for seat in seats):
                hand = Streak(1)
                if fouler >= 0 and seats[fouler]["variant"] == entry:
                    folder = "" if workdir is None else f"; its folder: {workdir / f'seat{fouler}'}"
                    hand = Streak(1, 1, 1, 1, (
                        f"{row['foul_reason']} (answer {row['foul_answer']!r}), seat {fouler} "
                        f"of {row['lineup']} on wall {row['seed']}, hand {row['hand_no']}{folder}"))
                streaks[entry] = streaks.get(entry, Streak()) + hand
        return streaks


def add_streaks(earlier: dict[str, Streak], later: dict[str, Streak]) -> dict[str, Streak]:
    """Each entry's streak over two stretches of play, ``later`` played after ``earlier``."""
    return {entry: earlier.get(entry, Streak()) + later.get(entry, Streak())
            for entry in {*earlier, *later}}


def check_streaks(streaks: dict[str, Streak], max_fouls: int) -> None:
    """Raise :class:`~mjsim.players.driver.TooManyFouls` for an entry that fouled ``max_fouls``
    hands in a row or more."""
    for entry, streak in sorted(streaks.items()):
        if streak.longest >= max_fouls:
            raise driver.TooManyFouls(f"{entry} fouled {streak.longest} hands in a row; the "
                                      f"last: {streak.last}")


def play_game(seed: Seed, lineup: str | Iterable[str], ruleset: str | None = None, *,
              roster: Roster | None = None, workdir: Path | None = None,
              shadows: Sequence[tuple[str, str]] = (), settings: Settings | None = None
              ) -> GameRecords:
    """Play one game, seat i played by ``lineup[i]`` (a spec, or a name ``roster`` defines),
    and return its records: sixteen hands, or one on Botzone's table. The game's ``settings``
    (:class:`~mjsim.game.settings.Settings`; default: its defaults) are given as they are, or
    as ``ruleset`` alone; not both (a ``ValueError``). ``shadows``: (challenger, baseline)
    pairs of entries; a seat played by a challenger also asks its baseline on each view,
    without playing its move, and counts where the two differ
    (:class:`~mjsim.players.compare.Shadowed`). A program seat runs in ``workdir``/seatN (its
    stderr kept there) within the settings' limits. A table of built-in rungs is played by the
    compiled loop (:mod:`mjsim.players.loop`), any other by the driver: the same game either
    way.

    Raises :class:`~mjsim.players.driver.TooManyFouls` when a player fouls hand after hand.

    >>> records = play_game("doc", ("1", "1", "1", "1"))
    >>> len(records.seats), sum(row["points"] for row in records.seats)
    (4, 0)
    """
    chosen = settings_of(settings, ruleset=ruleset)
    roster = Roster.of(roster)
    entries = roster.lineup(lineup)
    players = _seated(roster, entries, workdir, shadows, chosen)
    if loop.compiled(players):  # the same game, with no Python call per move
        game = loop.play(seed, players, settings=chosen)
    else:
        game = driver.play(seed, players, settings=chosen)
    return _records(game, entries, players)


def play_games(games: Sequence[tuple[Seed, Sequence[str]]], *, roster: Roster | None = None,
               workdirs: Sequence[Path | None] | None = None,
               shadows: Sequence[tuple[str, str]] = (), settings: Settings | None = None
               ) -> Iterator[GameRecords]:
    """The records :func:`play_game` gives each (seed, lineup) of ``games`` (game g's program
    seats in ``workdirs[g]``), in order. When a seat's player decides in batches (a
    :class:`~mjsim.players.protocol.BatchPlayer`: the learned player), the games are played at
    once (:func:`~mjsim.players.driver.play_together`), that player deciding a view of each in
    one call: the same games, fewer calls. Otherwise each is played when its records are asked
    for, so a caller that stops (fouls in a row) plays no more. A
    :class:`~mjsim.players.driver.PlayerError` names its game's place in ``games``."""
    chosen = settings_of(settings)
    roster = Roster.of(roster)
    folders = list(workdirs) if workdirs is not None else [None] * len(games)
    lineups = [roster.lineup(lineup) for _, lineup in games]
    if not any(roster.decides_in_batches(entry)
               for entry in {entry for entries in lineups for entry in entries}):
        for index, ((seed, _), entries, folder) in enumerate(zip(games, lineups, folders)):
            players = _seated(roster, entries, folder, shadows, chosen)
            try:
                game = (loop.play if loop.compiled(players) else driver.play)(
                    seed, players, settings=chosen)
            except driver.PlayerError as error:
                error.game = index
                raise
            yield _records(game, entries, players)
        return
    seated = [_seated(roster, entries, folder, shadows, chosen)
              for entries, folder in zip(lineups, folders, strict=True)]
    played = driver.play_together([seed for seed, _ in games], seated, settings=chosen)
    for game, entries, players in zip(played, lineups, seated, strict=True):
        yield _records(game, entries, players)


def _seated(roster: Roster, entries: Lineup, workdir: Path | None,
            shadows: Sequence[tuple[str, str]], settings: Settings) -> list[Player]:
    """The players of ``entries``, fresh: a program seat in ``workdir``/seatN within the
    settings' limits, a challenger of ``shadows`` shadowed by its baseline."""
    players = [roster.player(entry, workdir=None if workdir is None else workdir / f"seat{seat}",
                             limits=settings.limits)
               for seat, entry in enumerate(entries)]
    baselines = dict(shadows)
    for seat, entry in enumerate(entries):
        if entry in baselines:
            shadow_dir = None if workdir is None else workdir / f"seat{seat}-shadow"
            players[seat] = Shadowed(players[seat], roster.player(
                baselines[entry], workdir=shadow_dir, limits=settings.limits))
    return players


def _records(game: Rules, entries: Lineup, players: Sequence[Player]) -> GameRecords:
    counts = [(p.decisions, p.changed) if isinstance(p, Shadowed) else (0, 0) for p in players]
    return records_of(game, entries, counts)


def records_of(game: Rules, variants: Lineup,
               counts: Sequence[tuple[int, int]] = ((0, 0),) * 4) -> GameRecords:
    """The table rows of a finished game; ``counts`` are each seat's (decisions, changed)."""
    seed, lineup = game.seed.decode("utf-8", "backslashreplace"), lineup_key(variants)
    ruleset = game.ruleset
    records = GameRecords()
    wins = [0] * 4
    self_draws = [0] * 4
    deal_ins = [0] * 4
    fouls = [0] * 4
    # Each row is one dict display (the columns in COLUMNS' order), with what a hand's four
    # rows share read once: an import writes the rows of every game it reads.
    for hand in game.history:
        foul = hand.get("foul")
        if foul is not None:
            fouls[foul["seat"]] += 1
        hand_no, dealer, prevalent = hand["hand_no"], hand["dealer"], hand["prevalent"]
        winner, by, source = hand["winner"], hand["by"], hand["from"]
        if winner is not None:
            wins[winner] += 1
            self_draws[winner] += by == "self"
            if source is not None:
                deal_ins[source] += 1
            variant = variants[winner]
            records.fans.extend([
                {"seed": seed, "lineup": lineup, "ruleset": ruleset, "hand_no": hand_no,
                 "seat": winner, "variant": variant, "number": number, "name": name,
                 "points": points, "count": count}
                for number, name, points, count in hand["fans"]])
        won_by = -1 if winner is None else winner
        paid_by = -1 if source is None else source
        total, points, deltas, wall_left = (hand["total"], hand["points"], hand["deltas"],
                                            hand["wall_left"])
        foul_seat = -1 if foul is None else foul["seat"]
        foul_answer = "" if foul is None or foul["answer"] is None else foul["answer"]
        foul_reason = "" if foul is None else foul["reason"]
        records.hands.extend([
            {"seed": seed, "lineup": lineup, "ruleset": ruleset, "hand_no": hand_no,
             "seat": seat, "variant": variants[seat], "dealer": dealer, "prevalent": prevalent,
             "seat_wind": (seat - dealer) % 4,
             "outcome": _outcome(seat, winner, by, source, foul), "winner": won_by, "how": by,
             "from": paid_by, "fan_total": total, "points": points, "delta": deltas[seat],
             "wall_left": wall_left, "foul_seat": foul_seat, "foul_answer": foul_answer,
             "foul_reason": foul_reason}
            for seat in range(4)])
    totals, hands = game.totals, len(game.history)
    final_places = places(totals)
    records.seats.extend([
        {"seed": seed, "lineup": lineup, "ruleset": ruleset, "seat": seat,
         "variant": variants[seat], "points": totals[seat], "place": final_places[seat],
         "wins": wins[seat], "self_draws": self_draws[seat], "deal_ins": deal_ins[seat],
         "fouls": fouls[seat], "hands": hands, "decisions": counts[seat][0],
         "changed": counts[seat][1]}
        for seat in range(4)])
    return records


def _outcome(seat: int, winner: int | None, by: str, source: int | None,
             foul: FoulRecord | None) -> str:
    """How the hand ended for one seat: won, dealt in, paid, drawn, or fouled."""
    if foul is not None:
        return "foul" if seat == foul["seat"] else "fouled"
    if winner is None:
        return "drawn"
    if seat == winner:
        return "won"
    return "dealt-in" if seat == source else "paid"
