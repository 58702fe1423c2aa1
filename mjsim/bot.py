"""A seat played by a rung with some ideas switched off, and a driver for four of them.

A variant is written as its rung and the ideas it goes without: ``3``, ``3-defence``,
``3-claims-planning``, ``2``, ``1`` (design.md §3). An idea the rung does not have cannot be
switched off: ``2-defence`` is refused.

>>> bot = Bot.parse("3-planning-defence")
>>> str(bot), bot.level, sorted(bot.off)
('3-defence-planning', 3, ['defence', 'planning'])
>>> game = play_game(b"doc", [Bot.parse("2")] * 4, hand_no=1, last_hand=1)
>>> game.status, len(game.history), sum(game.totals)
('finished', 1, 0)
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from mjsim.moves import Move
from mjsim.rules import Rules
from mjsim.search import IDEAS, RUNG_IDEAS, best
from mjsim.view import view_of
from mjsim.wall import Seed


@dataclass(frozen=True, slots=True)
class Bot:
    """A rung (``level`` 1-3) with the ideas in ``off`` switched off.

    Raises ``ValueError`` for an unknown rung or idea, or an idea the rung does not have.
    """

    level: int
    off: frozenset[str] = field(default_factory=frozenset)

    def __post_init__(self) -> None:
        if self.level not in RUNG_IDEAS:
            raise ValueError(f"no rung {self.level!r}; the rungs are 1, 2 and 3")
        object.__setattr__(self, "off", frozenset(self.off))
        for name in self.off:
            if name not in RUNG_IDEAS[self.level]:
                raise ValueError(f"rung {self.level} has no idea {name!r}; it has "
                                 f"{', '.join(RUNG_IDEAS[self.level]) or 'none'}")

    @classmethod
    def parse(cls, spec: str) -> Bot:
        """The bot a variant names, e.g. ``"3-defence-planning"``.

        Raises ``ValueError`` naming the spec when it is not a rung followed by distinct
        ideas the rung has.

        >>> Bot.parse("2-defence")
        Traceback (most recent call last):
        ...
        ValueError: bad bot '2-defence': rung 2 has no idea 'defence'; it has shanten, claims
        """
        level, *names = spec.split("-")
        try:
            if not level.isdigit() or len(set(names)) != len(names):
                raise ValueError("a variant is a rung 1-3 then distinct ideas, joined by '-'")
            return cls(int(level), frozenset(names))
        except ValueError as error:
            raise ValueError(f"bad bot {spec!r}: {error}") from None

    def __str__(self) -> str:
        return "-".join((str(self.level), *(name for name in IDEAS if name in self.off)))

    def act(self, rules: Rules, seat: int) -> Move | None:
        """The move this bot makes for ``seat`` now, or None when the seat has none to make."""
        return best(view_of(rules, seat), self.level, off=self.off)


def play_game(seed: Seed, bots: Sequence[Bot], *, ruleset: str = "green-book",
              hand_no: int = 1, last_hand: int = 16) -> Rules:
    """Play hands ``hand_no`` to ``last_hand`` from ``seed`` with ``bots[s]`` in seat ``s``,
    and return the finished game (its ``history`` and ``totals`` hold the results). Events are
    discarded as play goes, so memory stays flat. Raises ``RuntimeError`` if a bot's move
    is refused (a bug: every move a rung returns is legal).
    """
    if len(bots) != 4:
        raise ValueError(f"a table seats four bots, not {len(bots)}")
    game = Rules(seed, ruleset, hand_no=hand_no, last_hand=last_hand)
    while True:
        waiting = game.waiting_on()
        if not waiting:
            return game
        seat = waiting[0]
        move = bots[seat].act(game, seat)
        done = game.apply(seat, move)
        if not done:
            raise RuntimeError(f"bot {bots[seat]} in seat {seat} chose {move!r}: {done}")
        game.take_outcomes()
