"""The golden table tests/data/shanten.tsv: hand-picked hard cases, each form at -1, 0, 1, 2."""

from __future__ import annotations

import csv

import numpy as np
import pytest

from mjsim import Hand
from mjsim.analysis import shanten
from mjsim.reference import shanten as ref
from mjsim.tiles import notation
from tests.helpers import DATA

TABLE = DATA / "shanten.tsv"


def golden_rows() -> list[dict[str, str]]:
    lines = [line for line in TABLE.read_text().splitlines() if not line.startswith("#")]
    return list(csv.DictReader(lines, delimiter="\t"))


ROWS = golden_rows()


def expected_forms(row) -> dict[str, int | None]:
    return {form: None if row[form] == "-" else int(row[form]) for form in shanten.FORMS}


def hand_of(row):
    hand = Hand.parse(row["hand"])
    return hand.counts, len(hand.melds)


def test_the_table_covers_every_form_at_every_level():
    for form in shanten.FORMS:
        levels = {expected_forms(row)[form] for row in ROWS}
        assert {-1, 0, 1, 2} <= levels, form
    assert any(hand_of(row)[0].max() == 4 for row in ROWS)
    assert any(len(Hand.parse(row["hand"]).melds) == 1 and row["knitted_straight"] == "0"
               for row in ROWS)


@pytest.mark.parametrize("row", ROWS, ids=[row["hand"] for row in ROWS])
@pytest.mark.parametrize("module", [shanten, ref], ids=["compiled", "reference"])
def test_golden_row(module, row):
    counts, melds = hand_of(row)
    assert module.shanten(counts, melds) == int(row["shanten"])
    assert module.forms(counts, melds) == expected_forms(row)
    if counts.sum() == 13 - 3 * melds:
        accepted = [] if row["accepted"] == "-" else sorted(notation.parse(row["accepted"]))
        assert [kind for kind, _ in module.acceptance(counts, melds)] == accepted
        assert sorted(module.waits(counts, melds)) == (accepted if row["shanten"] == "0" else [])
    else:
        readings = module.decompositions(counts, melds)
        assert len(readings) == (0 if row["readings"] == "-" else int(row["readings"]))
        best = min(discard[1] for discard in module.discards(counts, melds))
        assert best == max(int(row["shanten"]), 0)


@pytest.mark.parametrize("melds", sorted({hand_of(row)[1] for row in ROWS}))
def test_golden_batch(melds):
    rows = [row for row in ROWS if hand_of(row)[1] == melds]
    array = np.stack([hand_of(row)[0] for row in rows])
    assert shanten.shanten_batch(array, melds).tolist() == [int(row["shanten"]) for row in rows]
