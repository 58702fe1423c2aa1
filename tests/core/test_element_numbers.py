"""The compiled core's names of the element numbers (mjsim_core/element_numbers.pxd) are the
element table's: each named as mjsim_core.elements names it, with its number, every one of the
82 named."""

import re
from pathlib import Path

from mjsim_core.elements import EVERY

PXD = Path(__file__).resolve().parents[2] / "mjsim_core" / "element_numbers.pxd"


def test_the_named_element_numbers_are_the_tables():
    named = {name: int(number) for name, number in
             re.findall(r"^    ([A-Z0-9_]+) = (\d+)$", PXD.read_text(), re.MULTILINE)}
    table = {re.sub(r"[^A-Za-z0-9]+", "_", e.name).strip("_").upper(): e.number
             for e in EVERY}
    # A new element may be read by its number until the C code wants its name.
    assert named.items() <= table.items()
    assert set(named) >= {name for name, number in table.items() if number <= 82}
