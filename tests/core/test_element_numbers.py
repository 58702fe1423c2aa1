"""The compiled core's names of the element numbers (mjsim_core/element_numbers.pxd) are the
element table's: every element of mjsim_core.elements, named as it names it, with its number."""

import re
from pathlib import Path

from mjsim_core.elements import ELEMENTS, MIXED_KONGS

PXD = Path(__file__).resolve().parents[2] / "mjsim_core" / "element_numbers.pxd"


def test_the_named_element_numbers_are_the_tables():
    named = {name: int(number) for name, number in
             re.findall(r"^    ([A-Z0-9_]+) = (\d+)$", PXD.read_text(), re.MULTILINE)}
    table = {re.sub(r"[^A-Za-z0-9]+", "_", e.name).strip("_").upper(): e.number
             for e in (*ELEMENTS, MIXED_KONGS)}
    assert named == table
