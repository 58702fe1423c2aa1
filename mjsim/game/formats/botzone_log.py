"""Botzone's match logs (placeholder until the reader is written)."""

from __future__ import annotations

from collections.abc import Iterator
from typing import IO

from mjsim.game.formats.record import Game, Refused


def read(stream: IO[str]) -> Iterator[Game | Refused]:
    yield from ()
