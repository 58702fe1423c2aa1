"""The outputs the README shows are what the commands print: each ```text block is held to the
real output, line for line, a line ``...`` standing for any number of lines left out."""

from __future__ import annotations

import contextlib
import io

from mjsim.ui.cli import main
from mjsim.ui.replay import frame_text, load
from tests.ui.conftest import ROOT


def readme_block(first: str) -> list[str]:
    """The README's ```text block whose first line starts with ``first``."""
    blocks = (ROOT / "README.md").read_text(encoding="utf-8").split("```text\n")[1:]
    found = [block.split("```", 1)[0].splitlines() for block in blocks
             if block.startswith(first)]
    assert len(found) == 1, f"the README has {len(found)} text blocks starting {first!r}"
    return found[0]


def shown_in(shown: list[str], printed: list[str]) -> bool:
    """Whether ``printed`` reads as ``shown``: the same lines in order, where a line ``...``
    of ``shown`` stands for any lines of ``printed``, none included."""
    if not shown:
        return not printed
    if shown[0].strip() == "...":
        return any(shown_in(shown[1:], printed[skip:]) for skip in range(len(printed) + 1))
    return bool(printed) and shown[0] == printed[0].rstrip() and shown_in(shown[1:], printed[1:])


def test_shown_in_reads_an_ellipsis_as_any_lines() -> None:
    assert shown_in(["a", "...", "d"], ["a", "b", "c", "d"])
    assert shown_in(["a", "...", "b"], ["a", "b"])
    assert not shown_in(["a", "...", "d"], ["a", "b", "c"])
    assert not shown_in(["a", "b"], ["a", "b", "c"])


def test_the_review_shown_is_what_review_prints(recorded) -> None:
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        assert main(["review", str(recorded), "--seat", "0"]) == 0
    shown = readme_block("review of seat0")
    assert shown_in(shown, out.getvalue().splitlines()), "\n".join(shown)


def test_the_replay_step_shown_is_the_step_at_the_first_win(recorded) -> None:
    replay = load(recorded)
    index = next(i for i, frame in enumerate(replay.frames) if frame.ended)
    printed = frame_text(replay.frames[index], replay.names, index, len(replay.frames) - 1)
    shown = readme_block("hand 1 · step ")
    assert shown_in(shown, printed.splitlines()), printed
