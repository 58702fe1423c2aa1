"""Playing one game with bots, and turning it into table rows.

A game is a pure function of (seed, lineup, ruleset): the walls come from the seed and every bot
breaks ties from the seed, the hand and the move count, so the same arguments give the same rows
in any process on any machine.

Three tables (design.md §4):

- ``seats``: one row per seat per game: points, place, wins, self-draws, deal-ins;
- ``hands``: one row per seat per hand: how the hand ended for that seat, its delta, and the
  tiles left in the wall when it ended (how long the hand lasted);
- ``fans``: one row per scoring element per win.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any

from mjsim.game.rules import Rules
from mjsim.game.settlement import places
from mjsim.players import Rung, driver
from mjsim.tiles.wall import Seed

TABLES = ("seats", "hands", "fans")
_KEY = ["seed", "lineup", "ruleset"]
COLUMNS = {
    "seats": [*_KEY, "seat", "variant", "points", "place", "wins", "self_draws", "deal_ins",
              "hands"],
    "hands": [*_KEY, "hand_no", "seat", "variant", "dealer", "prevalent", "seat_wind",
              "outcome", "winner", "how", "from", "fan_total", "points", "delta", "wall_left"],
    "fans": [*_KEY, "hand_no", "seat", "variant", "number", "name", "points", "count"],
}

Lineup = tuple[str, str, str, str]


def as_lineup(variants: Iterable[str]) -> Lineup:
    """Four variants, seat by seat, as a :data:`Lineup`; raises ``ValueError`` unless four.

    >>> as_lineup(str(level) for level in (1, 2, 3, 3))
    ('1', '2', '3', '3')
    """
    east, south, west, north = variants
    return east, south, west, north


def parse_lineup(lineup: str | Iterable[str]) -> Lineup:
    """Four variants, from ``"3,3,3,3-defence"`` or a sequence; each checked and made canonical.

    Raises ``ValueError`` naming the variant that is not one, or a lineup that is not four.

    >>> parse_lineup("3, 2,1,3-defence")
    ('3', '2', '1', '3-defence')
    """
    return as_lineup(str(bot) for bot in _bots(lineup))


def _bots(lineup: str | Iterable[str]) -> list[Rung]:
    parts = ([part.strip() for part in lineup.split(",")] if isinstance(lineup, str)
             else list(lineup))
    if len(parts) != 4:
        raise ValueError(f"a lineup is four variants, one per seat, not {len(parts)}: {lineup!r}")
    return [Rung.parse(part) for part in parts]


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


def play_game(seed: Seed, lineup: str | Iterable[str], ruleset: str = "green-book") -> GameRecords:
    """Play one sixteen-hand game, seat i played by ``lineup[i]``, and return its records.

    Raises ``RuntimeError`` if a bot offers a move the rules refuse (a bug in the bot).

    >>> records = play_game("doc", ("1", "1", "1", "1"))
    >>> len(records.seats), sum(row["points"] for row in records.seats)
    (4, 0)
    """
    bots = _bots(lineup)
    game = driver.play(seed, bots, ruleset=ruleset)
    return records_of(game, as_lineup(str(b) for b in bots))


def records_of(game: Rules, variants: Lineup) -> GameRecords:
    """The table rows of a finished game."""
    key = {"seed": game.seed.decode("utf-8", "backslashreplace"), "lineup": lineup_key(variants),
           "ruleset": game.ruleset}
    records = GameRecords()
    wins = [0] * 4
    self_draws = [0] * 4
    deal_ins = [0] * 4
    for hand in game.history:
        winner, by, source = hand["winner"], hand["by"], hand["from"]
        if winner is not None:
            wins[winner] += 1
            self_draws[winner] += by == "self"
            if source is not None:
                deal_ins[source] += 1
            for number, name, points, count in hand["fans"]:
                records.fans.append({**key, "hand_no": hand["hand_no"], "seat": winner,
                                     "variant": variants[winner], "number": number, "name": name,
                                     "points": points, "count": count})
        for seat in range(4):
            records.hands.append({
                **key, "hand_no": hand["hand_no"], "seat": seat, "variant": variants[seat],
                "dealer": hand["dealer"], "prevalent": hand["prevalent"],
                "seat_wind": (seat - hand["dealer"]) % 4,
                "outcome": _outcome(seat, winner, by, source),
                "winner": -1 if winner is None else winner, "how": by,
                "from": -1 if source is None else source,
                "fan_total": hand["total"], "points": hand["points"],
                "delta": hand["deltas"][seat], "wall_left": hand["wall_left"],
            })
    final_places = places(game.totals)
    for seat in range(4):
        records.seats.append({**key, "seat": seat, "variant": variants[seat],
                              "points": game.totals[seat], "place": final_places[seat],
                              "wins": wins[seat], "self_draws": self_draws[seat],
                              "deal_ins": deal_ins[seat], "hands": len(game.history)})
    return records


def _outcome(seat: int, winner: int | None, by: str, source: int | None) -> str:
    """How the hand ended for one seat: won, dealt in, paid, or drawn."""
    if winner is None:
        return "drawn"
    if seat == winner:
        return "won"
    return "dealt-in" if seat == source else "paid"
