"""Each crash the fuzzers of ``test_fuzz.py`` found, pinned by its input (each failed before its
fix): the parser now refuses it in one line, in mjsim's words."""

import io
import json

import numpy as np
import pytest

from mjsim.game import gamelog
from mjsim.learn import dataset, network
from mjsim.players import Rung
from mjsim.players.botzone.bot import serve
from mjsim.players.specs import describe, load_player, parse_spec
from mjsim.tournament import Roster, experiments
from mjsim.tournament.lineups import read_lineup_file
from mjsim.tournament.store import RunFolder
from mjsim.ui.review import review
from tests.edges.mutations import bounded, check_refusal
from tests.ui.conftest import record


def refused(call, match):
    with pytest.raises(ValueError, match=match) as raised, bounded():
        call()
    check_refusal(raised.value)


@pytest.mark.parametrize(("text", "match"), [
    ("2\n0 1 1\nPASS\n3", "request 1 '3': no request '3' has 1 word$"),  # was "list index ..."
    ("2\n0 1 1\nPASS\n3 7 PLAY W1", "seat 7 is not 0-3"),  # was "list index out of range"
    ("100000000000\n0 0 0\n", "counts 100000000000 turns: more than a game has"),  # a hang
    ("99999999999999999999\n0 0 0\n", "counts 99999999999999999999 turns: more than a game"),
    ("\u00b2\n0 0 0\n", "starts with the turn count"),  # was "invalid literal for int()"
])
def test_botzone_simple_input(text, match):
    refused(lambda: serve(Rung.parse("1"), io.StringIO(text), io.StringIO(), simple_io=True),
            match)


@pytest.mark.parametrize(("spec", "match"), [
    ("\u00b2", "bad rung"),  # was "invalid literal for int() with base 10"
    ('botzone:./bot "unclosed', "No closing quotation"),  # raised by shlex
])
def test_player_specs(spec, match):
    refused(lambda: load_player(spec), match)
    refused(lambda: Roster().lineup(f"1,1,1,{spec}"), match)


def test_a_spec_that_names_nothing_says_the_rungs_are_one_to_four():
    refused(lambda: load_player("\u2603"), "not a rung \\(1-4\\)")  # was "(1-3)"


def test_an_option_a_program_does_not_take():
    # Was TypeError: BotzoneProgram.__init__() got an unexpected keyword argument 'o'.
    refused(lambda: load_player("botzone?o=simple&time_limit=1:./my_bot --fast"),
            "a Botzone program takes the options .*, not o$")


@pytest.mark.parametrize("spec", ["tests/players/bots/reedy.py:Greedy",  # FileNotFoundError
                                  "tests/players/bots/\x00reedy.py:Greedy"])  # by posixpath
def test_describe_a_missing_file(spec):
    refused(lambda: describe(parse_spec(spec)), "no file")
    refused(lambda: load_player(spec), "no file")


def test_review_of_a_move_its_seat_cannot_make():
    # Was RuntimeError: generator raised StopIteration (describing a discard not held).
    lines = record("k5", [3, 3, 3, 3], 1).splitlines()[:3]
    lines[1] = '{"seat": 0, "move": {"kind": "discard", "tile": 0}}'
    header, moves, _ = gamelog.read_partial(io.StringIO("\n".join(lines)))
    assert list(review(header, moves, 0))[1] == ("(move 1 is refused by the rules: the review "
                                                 "stops there)")


@pytest.mark.parametrize(("text", "match"), [
    ("{", "manifest.json is damaged: it does not read as JSON"),  # JSONDecodeError from json
    ("[1, 2]", "manifest.json is damaged: it holds no JSON object"),
])
def test_a_manifest_that_is_no_json_object(tmp_path, text, match):
    (tmp_path / "manifest.json").write_text(text)
    refused(lambda: experiments.resume(tmp_path), match)
    refused(lambda: RunFolder(tmp_path).start({"kind": "table"}), match)


def test_a_manifest_kind_that_is_a_list(tmp_path):
    # Was TypeError: unhashable type: 'list'.
    manifest = {"kind": ["table"], "batches": [[["s", "1,1,1,1"]]], "arguments": {}}
    (tmp_path / "manifest.json").write_text(json.dumps(manifest))
    refused(lambda: experiments.resume(tmp_path), "names no experiment")


def test_a_manifest_without_a_kind_says_so_alone(tmp_path):
    # Was "names no experiment (price, ladder or table), but None".
    (tmp_path / "manifest.json").write_text("{}")
    refused(lambda: experiments.resume(tmp_path),
            r"names no experiment \(price, ladder or table\)$")


def test_a_lineup_file_that_is_not_text_is_named(tmp_path):
    # Was "'utf-8' codec can't decode byte 0xff ...", naming no file.
    path = tmp_path / "lineup.toml"
    path.write_bytes(b"\xff\xfe seats")
    refused(lambda: read_lineup_file(path), f"lineup file {path} is not text \\(UTF-8\\)")


DEEP = "[" * 100_000 + "]" * 100_000
"""JSON (and a TOML array) nested past what a recursive reader follows (the audit of
2026-12-05: each was a RecursionError traceback)."""


def test_botzone_json_input_nested_too_deep():
    for text in (f'{{"requests": {DEEP}}}\n', f'{{"requests": ["0 0 0"], "responses": {DEEP}}}\n'):
        refused(lambda text=text: serve(Rung.parse("1"), io.StringIO(text), io.StringIO()),
                "does not parse")


def test_a_game_log_nested_too_deep_reads_as_damaged():
    refused(lambda: gamelog.read_partial(io.StringIO(DEEP + "\n")), "not an mjsim game log")
    lines = record("deep", [1, 1, 1, 1], 1).splitlines()
    _header, moves, stopped = gamelog.read_partial(io.StringIO("\n".join(
        [lines[0], lines[1], DEEP])))
    assert len(moves) == 1 and stopped == "line 3 is cut short or damaged"


def test_a_lineup_file_nested_too_deep(tmp_path):
    path = tmp_path / "lineup.toml"
    path.write_text("seats = " + "[" * 3_000 + "]" * 3_000)
    refused(lambda: read_lineup_file(path), "nests arrays too deeply to read")


def test_a_spec_option_nested_too_deep_is_text():
    assert dict(parse_spec("mine.py:Mine?x=" + "[" * 3_000).options) == {"x": "[" * 3_000}


def test_a_run_or_dataset_manifest_nested_too_deep_is_damaged(tmp_path):
    (tmp_path / "manifest.json").write_text(f'{{"batches": {DEEP}}}')
    refused(lambda: experiments.resume(tmp_path), "manifest.json is damaged")
    refused(lambda: dataset.read_manifest(tmp_path), "manifest.json is damaged")


def test_a_model_whose_meta_is_nested_too_deep_is_no_model(tmp_path):
    path = tmp_path / "deep.npz"
    np.savez(path, format=np.int64(network.FORMAT), meta=np.array(DEEP))
    refused(lambda: network.load(path), "no readable meta")
