"""Games recorded from Botzone's Chinese Standard Mahjong judge (tests/data/botzone, whose
README gives the line format), read into plain records for the tests that replay them.

>>> record = read(RECORDS / "04-robbing-the-kong.jsonl")
>>> record.quan, len(record.walltiles), record.scores
(0, 136, (-8, -38, 54, -8))
>>> record.rounds[0][2].request, record.faults
('0 2 0', [])
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from mjsim.tiles.botzone import kind_of
from tests.helpers import DATA

RECORDS = DATA / "botzone"
"""The recorded games, one ``NN-what-it-shows.jsonl`` file each."""


@dataclass(frozen=True)
class Answer:
    """One seat's side of a round: the ``request`` it got, its ``response``, the platform's
    ``verdict`` (OK: answered in time) and the ``judge``'s penalty for it (WA, WH) or None."""

    request: str
    response: str
    verdict: str
    judge: str | None


@dataclass(frozen=True)
class Record:
    """A recorded game: the judge's ``initdata`` (``walltiles`` as Botzone names, ``quan``,
    ``srand``), ``rounds`` (per round, the four seats' :class:`Answer`), the final ``scores``
    and the judge's ``display`` of the end."""

    name: str
    walltiles: tuple[str, ...]
    quan: int
    srand: int
    rounds: tuple[tuple[Answer, ...], ...]
    scores: tuple[int, ...]
    display: dict[str, Any]

    @property
    def kinds(self) -> list[int]:
        """The walltiles as mjsim kinds, in Botzone's order."""
        return [kind_of(name) for name in self.walltiles]

    @property
    def faults(self) -> list[tuple[int, int, str]]:
        """(round, seat, penalty) of every answer the judge penalised."""
        return [(number, seat, answer.judge) for number, answers in enumerate(self.rounds)
                for seat, answer in enumerate(answers) if answer.judge is not None]


def read(path: Path) -> Record:
    """The record in ``path``; raises ``ValueError`` for rounds out of order or incomplete."""
    lines = [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines() if line]
    init, final = lines[0]["initdata"], lines[-1]["final"]
    rounds: list[list[Answer]] = []
    for line in lines[1:-1]:
        if line["round"] == len(rounds):
            rounds.append([])
        if line["round"] != len(rounds) - 1 or line["seat"] != len(rounds[-1]):
            raise ValueError(f"{path.name}: round {line['round']} seat {line['seat']} "
                             "is out of order")
        rounds[-1].append(Answer(line["request"], line["response"], line["verdict"],
                                 line.get("judge")))
    if any(len(answers) != 4 for answers in rounds):
        raise ValueError(f"{path.name}: a round without all four seats")
    return Record(path.stem, tuple(init["walltiles"].split(" ")), init["quan"], init["srand"],
                  tuple(map(tuple, rounds)), tuple(final["scores"]), final["display"])


def records(folder: Path = RECORDS) -> list[Record]:
    """Every record in ``folder``, by file name."""
    return [read(path) for path in sorted(folder.glob("*.jsonl"))]
