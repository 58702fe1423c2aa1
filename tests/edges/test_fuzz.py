"""Fuzzing every parser a user feeds (issue 25 §4), in-process: notation, Botzone tile names,
game logs (and the replay and review that read them), Botzone requests and answers, the
``mjsim botzone`` stdin loop, player specs, TOML lineups and run manifests.

Each takes random and mutated input (:mod:`tests.edges.mutations`) and must return or refuse
cleanly: one of the project's documented refusals, raised by mjsim, in one line; never another
exception, never a hang. The quick tests run a few dozen inputs each; the slow ones 2,000.
Every crash they found has its input pinned in ``test_fuzz_findings.py``.
"""

import inspect
import io
import json
import shutil

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from mjsim.errors import NotationError
from mjsim.game import gamelog
from mjsim.players import Foul, Rung
from mjsim.players.botzone.answers import moves_of, words_of
from mjsim.players.botzone.bot import serve
from mjsim.players.botzone.tracker import Tracker
from mjsim.players.specs import describe, load_player, parse_spec, player_ideas, with_off
from mjsim.tiles import botzone, notation
from mjsim.tiles.hand import Hand
from mjsim.tournament import Roster, experiments, read_lineup_file, table
from mjsim.ui import replay
from mjsim.ui.review import review
from tests.edges.mutations import inputs, json_inputs, mutated, mutated_json, refusal
from tests.helpers.botzone_record import records
from tests.helpers.botzone_scenes import seat_answers
from tests.ui.conftest import record

QUICK = settings(max_examples=40, suppress_health_check=list(HealthCheck))
SLOW = settings(max_examples=2000, suppress_health_check=list(HealthCheck))


def quick_and_slow(strategy):
    """The test twice: a quick one, and a slow one of 2,000 inputs."""
    def make(check):
        quick = QUICK(given(strategy)(check))
        slow = pytest.mark.slow(SLOW(given(strategy)(check)))
        return quick, slow
    return make


# ------------------------------------------------------------------ notation and tile names

HANDS = ["123m 55p EEE", "123m55pEEE", "19m19p19s1234567z", "19m pung(EEE) 55p ckong(4444s) F1",
         "pung(EEE)19m55pckong(4444s)F1", "chow(9m1p2p)", "123456789m 1234p E", "F12m",
         "kong(5555p) chow(234s) 11z", "77m 555p 88s pung(222m) pung(SSS)", "T4 F1 RGB"]
BOTZONE_NAMES = ["W1 B5 F1 J3 H1", "W9 B8 T7 F4 J1 H8", "T1 T2 T3"]


def parses_notation(text):
    for parse in (notation.parse, Hand.parse):
        refusal(lambda parse=parse: parse(text), (NotationError,))


def parses_botzone_names(text):
    refusal(lambda: botzone.parse(text), (NotationError,))


test_notation, test_notation_slow = quick_and_slow(inputs(HANDS))(parses_notation)
test_botzone_names, test_botzone_names_slow = quick_and_slow(inputs(BOTZONE_NAMES))(
    parses_botzone_names)


# ------------------------------------------------------------------ game logs

LOG = record("k5", [3, 3, 3, 3], 1).splitlines()[:14]  # the header and the first 13 moves


@st.composite
def logs(draw):
    """A short log, edited as text or one line edited as JSON."""
    if draw(st.booleans()):
        return draw(mutated(["\n".join(LOG)]))
    lines = list(LOG)
    at = draw(st.integers(0, len(lines) - 1))
    lines[at] = json.dumps(draw(mutated_json(json.loads(lines[at]))))
    return "\n".join(lines)


def reads_a_log(text):
    read = refusal(lambda: gamelog.read_partial(io.StringIO(text)))
    if read is not None:
        return
    header, moves, stopped = gamelog.read_partial(io.StringIO(text))
    refusal(lambda: replay.build(header, moves, stopped))
    refusal(lambda: list(review(header, moves, 0, stopped=stopped)))


test_game_log, test_game_log_slow = quick_and_slow(logs())(reads_a_log)


# ------------------------------------------------------------------ Botzone requests, answers

GAMES = [(requests, responses) for game in records() for seat in range(4)
         for requests, responses in [tuple(zip(*((a.request, a.response)
                                                  for a in seat_answers(game, seat))))]]


@st.composite
def botzone_inputs(draw):
    """Botzone's JSON input for one turn of a recorded game, or its simple input, edited."""
    requests, responses = draw(st.sampled_from(GAMES))
    turn = draw(st.integers(1, len(requests)))
    data = {"requests": list(requests[:turn]), "responses": list(responses[:turn - 1])}
    simple = draw(st.booleans())
    keep_running = draw(st.booleans())
    if simple:
        count = draw(st.sampled_from([turn] * 9 + [10**12]))  # and one past any input's end
        lines = [str(count), *(line for pair in zip(data["requests"], data["responses"])
                              for line in pair), data["requests"][-1]]
        text = draw(mutated(["\n".join(lines) + "\n"]))
    else:
        text = draw(st.one_of(mutated_json(data).map(json.dumps), mutated([json.dumps(data)])))
    if keep_running:
        text += "\n" + "\n".join(requests[turn:turn + 3])
    return text, simple, keep_running


def serves(given_input):
    text, simple, keep_running = given_input
    refusal(lambda: serve(Rung.parse("1"), io.StringIO(text), io.StringIO(), simple_io=simple,
                          keep_running=keep_running))


test_botzone_stdin, test_botzone_stdin_slow = quick_and_slow(botzone_inputs())(serves)


def _positions():
    """(view, the choice it offers, the answer given) at each recorded decision, seat by seat."""
    found = []
    for requests, responses in GAMES[::3]:
        tracker = Tracker()
        for request, response in zip(requests, responses):
            tracker.feed(request)
            view = tracker.view()
            if view.legal:
                choice = "draw" if request.startswith("2") else "discard"
                found.append((view, choice, response))
            tracker.answered(response)
    return found


POSITIONS = _positions()
ANSWERS = sorted({answer for _, _, answer in POSITIONS}
                 | {"PLAY W1", "CHI T2 B3", "PENG J1", "GANG", "GANG W1", "BUGANG T5", "HU",
                    "PASS"})


@st.composite
def answers(draw):
    return draw(st.sampled_from(POSITIONS)), draw(inputs(ANSWERS))


def judges_an_answer(given_input):
    (view, choice, _), answer = given_input
    refusal(lambda: words_of(answer, choice), (Foul,))
    refusal(lambda: moves_of(answer, view), (Foul,))


test_botzone_answers, test_botzone_answers_slow = quick_and_slow(answers())(judges_an_answer)


# ------------------------------------------------------------------ specs, lineups

SPECS = ["3", "3-defence", "2-claims", "1", "4-eight", "3?salt=1", "3-defence-planning",
         "tests/players/bots/greedy.py:Greedy", "tests/players/bots/greedy.py:Greedy-claims",
         "tests.players.bots.greedy:Greedy?depth=2&bold=true", "my-bot",
         "botzone:python3 bots/x.py", "botzone?io=simple&time_limit=1:./my_bot --fast",
         "mjsim.players:Rung"]
SAFE = ("tests/players/bots/", "tests.players.bots")
"""Where a fuzzed spec may load code from: a mutated spec must not import or run anything
else (a program spec is built, never started)."""


def loads_a_spec(text):
    if refusal(lambda: parse_spec(text)) is not None:
        return
    spec = parse_spec(text)
    if spec.kind == "class" and not spec.target.startswith(SAFE):
        return
    for call in (lambda: load_player(spec), lambda: player_ideas(spec),
                 lambda: with_off(str(spec), "claims"), lambda: describe(spec)):
        refusal(call)


test_specs, test_specs_slow = quick_and_slow(inputs(SPECS))(loads_a_spec)

LINEUP_FILE = '''seats = ["3", "3", "mine", "greedy-claims"]

[players]
mine = "botzone:./bot --fast"
greedy = "tests/players/bots/greedy.py:Greedy?depth=2"
'''
LINEUPS = ["3,3,3,3", "3, 3-defence,g,g-claims", "1,2,3,4", "mine,mine,3,3"]


def reads_a_lineup(given_input, tmp_path_factory):
    text, lineup = given_input
    path = tmp_path_factory.getbasetemp() / "lineup.toml"
    path.write_text(text, encoding="utf-8", errors="surrogateescape")
    read = refusal(lambda: read_lineup_file(path))
    if read is None:
        _, roster = read_lineup_file(path)
        refusal(lambda: roster.lineup(lineup))


@st.composite
def lineup_inputs(draw):
    return draw(inputs([LINEUP_FILE])), draw(inputs(LINEUPS))


@QUICK
@given(lineup_inputs())
def test_lineup_files(tmp_path_factory, given_input):
    reads_a_lineup(given_input, tmp_path_factory)


@pytest.mark.slow
@SLOW
@given(lineup_inputs())
def test_lineup_files_slow(tmp_path_factory, given_input):
    reads_a_lineup(given_input, tmp_path_factory)


# ------------------------------------------------------------------ run manifests

@pytest.fixture(scope="module")
def finished(tmp_path_factory):
    """A finished run's folder, and its manifest."""
    out = tmp_path_factory.mktemp("finished")
    table("1,1,1,1", out, walls=2, table="botzone", quiet=True, backend="sequential")
    return out, json.loads((out / "manifest.json").read_text())


@pytest.fixture
def experiments_bound(monkeypatch):
    """The experiments replaced by a check that resume calls them as their signatures allow
    (playing the run again for each input would take seconds)."""
    def bound(real):
        def call(*args, **kwargs):
            inspect.signature(real).bind(*args, **kwargs)
            return experiments.Report(out=None)
        return call

    for name in ("price", "ladder", "table"):
        monkeypatch.setattr(experiments, name, bound(getattr(experiments, name)))


def resumes(text, folder):
    manifest = folder / "manifest.json"
    manifest.write_text(text, encoding="utf-8", errors="surrogateescape")
    refusal(lambda: experiments.resume(folder))
    refusal(lambda: replay.run_games(folder))


def _manifests(finished):
    return json_inputs(finished[1])


@pytest.mark.usefixtures("experiments_bound")
@pytest.mark.parametrize("examples", [pytest.param(40, id="quick"),
                                      pytest.param(2000, id="slow", marks=pytest.mark.slow)])
def test_run_manifests(finished, tmp_path, examples):
    folder = tmp_path / "run"
    shutil.copytree(finished[0], folder)

    @settings(max_examples=examples, suppress_health_check=list(HealthCheck))
    @given(_manifests(finished))
    def check(text):
        resumes(text, folder)

    check()


def test_the_fuzzed_parsers_are_real(finished):
    """The seeds are valid input, so the fuzzers start from what a user writes."""
    for text in HANDS:
        if "chow(9m1p2p)" not in text:  # refused on purpose: a mixed-suit chow
            Hand.parse(text)
    for text in SPECS[:-4]:
        Roster().define("x", text)
    assert gamelog.read_partial(io.StringIO("\n".join(LOG))).stopped is None
    assert POSITIONS and len(GAMES) == 28
