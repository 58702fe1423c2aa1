"""An mjsim player as a Botzone bot: its answers, its hooks, and Botzone's three I/O forms
run through real pipes."""

import io
import json
import re
import subprocess
import sys
from pathlib import Path

import pytest

from mjsim.game.moves import CHOWS, KONGS, PUNG
from mjsim.players import Foul, HandStart, Rung
from mjsim.players.botzone.bot import KEEP_RUNNING, BotzoneBot, serve
from mjsim.tiles.botzone import kind_of
from tests.helpers.botzone_record import records
from tests.helpers.botzone_scenes import CLAIM, ROB_REQUESTS, allowed, names, seat_answers

RECORDED = records()

ROOT = Path(__file__).resolve().parents[3]


class FirstLegal:
    """Takes the first legal move, and keeps what the hooks told it."""

    name = "first-legal"

    def __init__(self, prefer=None):
        self.prefer, self.starts, self.events, self.views, self.closed = prefer, [], [], [], 0

    def act(self, view):
        self.views.append(view)
        return self.prefer if self.prefer in view.legal else view.legal[0]

    def start_hand(self, start):
        self.starts.append(start)

    def observe(self, event):
        self.events.append(event)

    def close(self):
        self.closed += 1


class Cheat(FirstLegal):
    def act(self, view):
        return CHOWS[0]


def bot_after(player, seat, *requests):
    bot = BotzoneBot(player)
    for request in (f"0 {seat} 0", *requests):
        bot.take(request, "PASS")
    return bot


CLAIM_DEAL = "1 0 0 0 0 " + names(CLAIM[1])


def test_a_pung_is_answered_with_the_discard_the_player_picks_after_it():
    player = FirstLegal(PUNG)
    bot = bot_after(player, 1, CLAIM_DEAL, "3 0 DRAW")
    assert bot.answer("3 0 PLAY B5") == "PENG B3"  # the first discard of the turn it gives
    claim, turn = player.views
    assert claim.phase == "claim" and turn.phase == "discard" and len(turn.hand.melds) == 1


def test_a_chow_names_its_middle_tile_then_the_discard():
    bot = bot_after(FirstLegal(CHOWS[12]), 1, CLAIM_DEAL, "3 0 DRAW")
    assert bot.answer("3 0 PLAY B5") == "CHI B5 B3"


def test_a_rob_window_is_answered_hu_and_no_choice_pass():
    bot = bot_after(FirstLegal(), 2, *ROB_REQUESTS[:-1])
    assert bot.answer(ROB_REQUESTS[-1]) == "HU"
    assert bot_after(FirstLegal(), 1, CLAIM_DEAL).answer("3 0 DRAW") == "PASS"


def test_a_draw_is_answered_with_a_discard_a_kong_or_a_bugang():
    deal = "1 0 0 0 0 " + names("1111234m 567p 22s R")
    assert bot_after(FirstLegal(), 0, deal).answer("2 F1") == "PLAY W1"
    assert bot_after(FirstLegal(KONGS[0]), 0, deal).answer("2 F1") == "GANG W1"
    promote = bot_after(FirstLegal(KONGS[22]), 0, "1 0 0 0 0 " + names("55s 123m 456m 789m E R"),
                        "2 F2", "3 0 PLAY F2", "3 1 DRAW", "3 1 PLAY T5", "3 0 PENG J1",
                        "3 1 DRAW", "3 1 PLAY W1", "3 2 DRAW", "3 2 PLAY T1",
                        "3 3 DRAW", "3 3 PLAY W9")  # seat 3's turn, before seat 0 draws again
    assert promote.answer("2 T5") == "BUGANG T5"


def test_hooks_hear_the_hand_start_once_and_every_event_as_seen_by_shows_it():
    player = FirstLegal()
    bot = BotzoneBot(player)
    for request in ("0 1 2", CLAIM_DEAL, "3 0 DRAW", "3 0 PLAY B5"):
        bot.answer(request)
    assert player.starts == [HandStart(1, 1, 0, 2)]
    kinds = [(e["actor"], e["kind"]) for e in player.events]
    assert kinds == [("sys", "deal"), (0, "drew"), (0, "discard")]
    assert player.events[0]["hands"][1] == sorted(kind_of(n) for n in CLAIM_DEAL.split()[5:])
    assert player.events[0]["hands"][0] is None and player.events[1]["tile"] is None


def test_a_move_outside_the_legal_ones_is_a_foul_told_in_botzone_words():
    # It said "chose Move('chow', tiles=(0, 1, 2)), not one of [Move('pung'), ...]"
    bot = bot_after(Cheat(), 1, CLAIM_DEAL, "3 0 DRAW")
    with pytest.raises(Foul) as foul:
        bot.answer("3 0 PLAY B5")
    assert str(foul.value) == ("illegal: first-legal chose CHI W2 t2, not one of PENG t2, "
                               "CHI B4 t2, CHI B5 t2, CHI B6 t2, PASS")
    assert foul.value.detail == ("seat 1, request 3, its concealed tiles B3 B4 B5 B5 B6 B7 T1 "
                                 "T9 F2 F2 F2 F3 F4")


@pytest.mark.parametrize("level", [1, 2, 3])
@pytest.mark.parametrize("record", RECORDED, ids=lambda r: r.name[:2])
def test_every_answer_to_every_recorded_request_is_well_formed_and_legal(record, level):
    """The rung answers each request as the seat it is, the state following the recorded
    game (the tracker is told the recorded answer, which the next requests are built on)."""
    choices = 0
    for seat in range(4):
        bot = BotzoneBot(Rung(level))
        for recorded in seat_answers(record, seat):
            bot.hear(recorded.request)
            view = bot.tracker.view()
            answer = bot.reply()
            assert answer == " ".join(answer.split()) and answer, answer
            assert allowed(answer, view), (recorded, answer, view.legal)
            choices += bool(view.legal)
            bot.tracker.answered(recorded.response)
    assert choices


# ------------------------------------------------------------------------------ the I/O forms

def seat_game(record, seat):
    """A recorded seat's requests and the answers the bot itself gives them in-process."""
    requests = [answer.request for answer in seat_answers(record, seat)]
    bot = BotzoneBot(Rung(3))
    return requests, [bot.answer(request) for request in requests]


GAME = seat_game(RECORDED[4], 1)  # 05: flowers, pungs and chows, no own concealed kong


def run(args, text):
    code = ("import sys; from mjsim.players import Rung; "
            "from mjsim.players.botzone.bot import serve; "
            f"serve(Rung(3), sys.stdin, sys.stdout, {args})")
    done = subprocess.run([sys.executable, "-c", code], input=text, capture_output=True,
                          text=True, cwd=ROOT, env={"PYTHONPATH": str(ROOT)}, timeout=120,
                          check=False)
    assert done.returncode == 0, done.stderr
    return done.stdout


@pytest.mark.parametrize("turn", [1, 2, 7, 40])
def test_json_once_per_turn_through_a_pipe(turn):
    requests, answers = GAME
    line = json.dumps({"requests": requests[:turn + 1], "responses": answers[:turn]})
    assert run("", line + "\n") == json.dumps({"response": answers[turn]}) + "\n"


@pytest.mark.parametrize("turn", [0, 7, 40])
def test_simple_io_once_per_turn_through_a_pipe(turn):
    requests, answers = GAME
    lines = [str(turn + 1)]
    for request, answer in zip(requests[:turn], answers[:turn]):
        lines += [request, answer]
    assert run("simple_io=True", "\n".join([*lines, requests[turn]]) + "\n") == answers[turn] + "\n"


def test_json_keeping_running_answers_a_whole_game_through_a_pipe():
    requests, answers = GAME
    first = json.dumps({"requests": requests[:1], "responses": []})
    text = "\n".join([first, *(json.dumps(r) for r in requests[1:])]) + "\n"
    out = run("keep_running=True", text).splitlines()
    assert out[1::2] == [KEEP_RUNNING] * len(requests)
    assert out[0::2] == [json.dumps({"response": a}) for a in answers]


def test_simple_io_keeping_running_answers_a_whole_game_through_a_pipe():
    requests, answers = GAME
    out = run("simple_io=True, keep_running=True",
              "\n".join(["1", *requests]) + "\n").splitlines()
    assert out == [line for answer in answers for line in (answer, KEEP_RUNNING)]


def test_keep_running_json_takes_a_whole_input_object_too():
    requests, answers = GAME
    stdin = io.StringIO("\n".join([json.dumps({"requests": requests[:1]}),
                                   json.dumps({"requests": requests[:2],
                                               "responses": answers[:1]})]) + "\n")
    stdout = io.StringIO()
    player = FirstLegal()
    serve(player, stdin, stdout, keep_running=True)
    assert stdout.getvalue().count(KEEP_RUNNING) == 2 and player.closed == 1


@pytest.mark.parametrize("line", ["5", '{"requests": 5}', '{"requests": []}', "[\"0 0 0\"]"])
def test_a_later_request_that_is_no_string_is_refused_naming_it(line):
    stdin = io.StringIO('{"requests": ["0 0 0"], "responses": []}\n' + line + "\n")
    stdout = io.StringIO()
    with pytest.raises(ValueError, match=f"^a Botzone Mahjong request is a string, not "
                                         f"{re.escape(repr(line))}$"):
        serve(FirstLegal(), stdin, stdout, keep_running=True)
    assert stdout.getvalue() == f'{{"response": "PASS"}}\n{KEEP_RUNNING}\n'  # the first answered


def test_a_later_request_that_is_no_json_is_refused_naming_it():
    stdin = io.StringIO('{"requests": ["0 0 0"], "responses": []}\n1 0 0 0 0\n')
    with pytest.raises(ValueError, match="^Botzone's request '1 0 0 0 0' does not parse as JSON: "):
        serve(FirstLegal(), stdin, io.StringIO(), keep_running=True)


@pytest.mark.parametrize("simple_io", [False, True])
def test_keeping_running_blank_lines_between_requests_are_skipped(simple_io):
    requests, answers = GAME
    first = "1\n" + requests[0] if simple_io else json.dumps({"requests": requests[:1]})
    second = requests[1] if simple_io else json.dumps(requests[1])
    stdout = io.StringIO()
    serve(FirstLegal(), io.StringIO(f"{first}\n\n  \n{second}\n\n"), stdout,
          simple_io=simple_io, keep_running=True)
    said = [line if simple_io else json.loads(line)["response"]
            for line in stdout.getvalue().splitlines() if line != KEEP_RUNNING]
    assert said == answers[:2]


def test_a_turn_count_with_leading_zeros_is_read_as_its_number():
    stdout = io.StringIO()
    serve(FirstLegal(), io.StringIO("000000001\n0 0 0\n"), stdout, simple_io=True)
    assert stdout.getvalue() == "PASS\n"


@pytest.mark.parametrize("error", [KeyboardInterrupt(), Foul("its own foul")])
def test_ctrl_c_or_a_foul_from_the_player_passes_through_as_raised(error):
    class Stopped(FirstLegal):
        def act(self, view):
            raise error

    stdin = io.StringIO(json.dumps({"requests": ["0 0 0", DEALT, "2 J1"],
                                    "responses": ["PASS", "PASS"]}) + "\n")
    with pytest.raises(type(error)) as raised:
        serve(Stopped(), stdin, io.StringIO())
    assert raised.value is error


def test_the_hand_starts_at_the_first_request_even_when_it_is_the_only_one():
    player = FirstLegal()
    serve(player, io.StringIO(json.dumps({"requests": ["0 2 1"]}) + "\n"), io.StringIO())
    assert player.starts == [HandStart(2, 1, 0, 1)]


@pytest.mark.parametrize(("text", "said"), [
    ("0\n", "^Botzone's simple input starts with the turn count, not '0'$"),
    ("x" * 100 + "\n", (f"^Botzone's simple input starts with the turn count, not "
                       f"'{'x' * 40}... \\(100 characters\\)'$")),
    ("9" * 100 + "\n", (f"^Botzone's simple input counts {'9' * 40}... \\(100 characters\\) "
                       "turns: more than a game has")),
])
def test_a_bad_turn_count_is_refused_showing_its_first_40_characters(text, said):
    with pytest.raises(ValueError, match=said):
        serve(FirstLegal(), io.StringIO(text), io.StringIO(), simple_io=True)


ONES = "[" + ",".join(["1"] * 150) + "]"  # JSON, and no request


@pytest.mark.parametrize(("line", "said"), [
    ("x" * 300, f"^Botzone's request '{'x' * 200}... \\(300 characters\\)' does not parse"),
    (ONES, (f"^a Botzone Mahjong request is a string, not '{re.escape(ONES[:200])}... "
           f"\\({len(ONES)} characters\\)'$")),
])
def test_a_bad_later_request_is_shown_to_its_first_200_characters(line, said):
    stdin = io.StringIO('{"requests": ["0 0 0"], "responses": []}\n' + line + "\n")
    with pytest.raises(ValueError, match=said):
        serve(FirstLegal(), stdin, io.StringIO(), keep_running=True)


def test_once_per_turn_the_lines_after_the_input_are_left_unread():
    # Botzone's simple form ends with its data and globaldata lines; a bot answers one turn.
    stdout = io.StringIO()
    serve(FirstLegal(), io.StringIO("1\n0 0 0\ndata\nglobal data\n"), stdout, simple_io=True)
    assert stdout.getvalue() == "PASS\n"


def test_a_player_with_act_alone_needs_no_hooks_and_no_close():
    class Bare:
        name = "bare"

        def act(self, view):
            return view.legal[0]

    stdout = io.StringIO()
    serve(Bare(), io.StringIO(json.dumps({"requests": ["0 0 0"]}) + "\n"), stdout)
    assert stdout.getvalue() == '{"response": "PASS"}\n'


@pytest.mark.parametrize("text, problem", [
    ("not json\n", "does not parse"), ('{"responses": []}\n', "a list of requests"),
    ('{"requests": ["0 0 0", "1"], "responses": []}\n', "2 requests need 1 response, not 0$"),
    ('{"requests": ["0 0 0"], "responses": ["PASS"]}\n', "1 request needs 0 responses, not 1$"),
    ('{"requests": [0]}\n', "list of strings")])
def test_malformed_json_input_is_refused_naming_the_problem(text, problem):
    with pytest.raises(ValueError, match=problem):
        serve(FirstLegal(), io.StringIO(text), io.StringIO())


def test_malformed_simple_input_is_refused_naming_the_problem():
    with pytest.raises(ValueError, match="turn count"):
        serve(FirstLegal(), io.StringIO("0 0 0\n"), io.StringIO(), simple_io=True)


@pytest.mark.parametrize(("text", "problem"), [
    ("1\n", "counts 1 turn, which takes 1 line, not 0$"),
    ("2\n0 0 0\n", "counts 2 turns, which take 3 lines, not 1$"),
    ("2\n0 0 0\nPASS\n\n", "request 1 '': an empty request$"),  # was "of 1 words"
    ("2\n0 0 0\nPASS\n2 B5 B6\n", "request 1 '2 B5 B6': no request '2' has 3 words$"),
    # MAX_TURNS is the most a count may say; one more is refused before a line is read.
    ("10000\n", "counts 10,000 turns, which take 19,999 lines, not 0$"),
    ("10001\n", r"counts 10001 turns: more than a game has \(at most 10,000\)$")])
def test_simple_input_cut_short_or_empty_is_refused_in_true_words(text, problem):
    with pytest.raises(ValueError, match=problem):
        serve(FirstLegal(), io.StringIO(text), io.StringIO(), simple_io=True)


@pytest.mark.parametrize(("text", "options"), [
    ("0" * 101, {}), ("1\n" + "0" * 101, {"simple_io": True}),
    ('{"requests": ["0 0 0"], "responses": []}\n' + "0" * 101, {"keep_running": True})])
def test_a_line_without_end_is_refused_not_read_until_memory_runs_out(monkeypatch, text,
                                                                       options):
    # stdin from /dev/zero was read whole as one line: a MemoryError traceback
    monkeypatch.setattr("mjsim.players.botzone.bot.MAX_LINE", 100)
    with pytest.raises(ValueError, match="^Botzone's input holds a line longer than 100 "
                                         "characters: no request is$"):
        serve(FirstLegal(), io.StringIO(text), io.StringIO(), **options)


def test_a_line_of_max_line_characters_is_read(monkeypatch):
    monkeypatch.setattr("mjsim.players.botzone.bot.MAX_LINE", 100)
    line = '{"requests": ["0 0 0"], "responses": []}'
    stdout = io.StringIO()
    serve(FirstLegal(), io.StringIO(line.ljust(99) + "\n"), stdout)  # 100 with its newline
    assert stdout.getvalue() == '{"response": "PASS"}\n'


@pytest.mark.parametrize("simple_io", [False, True])
def test_a_byte_order_mark_before_the_input_reads_as_absent(simple_io):
    # README: a file that starts with a UTF-8 byte-order mark reads as without it.
    text = "1\n0 0 0\n" if simple_io else '{"requests": ["0 0 0"], "responses": []}\n'
    stdout = io.StringIO()
    serve(FirstLegal(), io.StringIO("\ufeff" + text), stdout, simple_io=simple_io)
    assert stdout.getvalue() == ("PASS\n" if simple_io else '{"response": "PASS"}\n')


DEALT = "1 0 0 0 0 W1 W1 W1 W1 W2 W3 W4 W5 W6 W7 W8 W9 B1"


@pytest.mark.parametrize(("requests", "problem"), [
    (["0 -1 0"], "request 0 '0 -1 0': the seat and the wind are 0-3, not -1 and 0"),
    (["0 0 0", DEALT.replace("W2", "W1")], "a fifth W1: only four exist"),
    (["0 0 0", DEALT, "2 W1"], "request 2 '2 W1': a fifth W1: only four exist"),
    (["0 0 0", "2 W1"], "request 1 '2 W1': the deal ('1 ...') has not come"),
    (["0 0 0", "3 1 PLAY W1"], "request 1 '3 1 PLAY W1': the deal ('1 ...') has not come"),
    # The seat's own tiles were refused in mjsim's names: "no G among the concealed tiles"
    (["0 0 0", DEALT, "2 B2", "3 0 PLAY J2"],
     "request 3 '3 0 PLAY J2': seat 0 holds no J2 for its discard"),
    (["0 1 0", DEALT, "3 0 DRAW", "3 0 PLAY B5", "3 1 PENG W1"],
     "request 4 '3 1 PENG W1': seat 1 holds no B5 for its pung, which takes 2"),
    (["0 1 0", DEALT, "3 0 DRAW", "3 0 PLAY B2", "3 1 CHI B2 W1"],
     "request 4 '3 1 CHI B2 W1': seat 1 holds no B3 for its chow"),
    # The BUGANG took J1 out of the hand and promoted nothing: refused at its own request.
    (["0 0 0", DEALT, "2 J1", "3 0 BUGANG J1", "3 0 DRAW"],
     "request 3 '3 0 BUGANG J1': seat 0 has no pung of J1 to promote"),
    (["0 0 0", DEALT, "2 J1", "3 0 PLAY J1", "3 1 DRAW", "3 1 BUGANG T1"],
     "request 5 '3 1 BUGANG T1': seat 1 has no pung of T1 to promote"),
    # "tiles[0] is a whole number from 0 to 33, not -1", "the claimed tile 5p is not in the chow"
    (["0 2 0", DEALT, "3 0 DRAW", "3 0 PLAY W5", "3 1 CHI W1 W2"],
     "request 4 '3 1 CHI W1 W2': no chow with the middle tile W1 holds the discard W5"),
    (["0 2 0", DEALT, "3 0 DRAW", "3 0 PLAY B5", "3 1 CHI B3 W2"],
     "request 4 '3 1 CHI B3 W2': no chow with the middle tile B3 holds the discard B5"),
    # Flower counts that added up (-1 + 1 = 0 flowers), a second deal, moves out of turn: taken.
    (["0 0 0", DEALT.replace("1 0 0", "1 -1 1", 1)],
     "request 1 '1 -1 1 0 0 W1 W1 W1 W1 W2 W3 W4 W5 W6 W7 W8 W9 B1': a seat has 0-8 flowers, "
     + "not -1"),
    (["0 0 0", DEALT.replace("1 0 0", "1 100 -100", 1)], "a seat has 0-8 flowers, not 100"),
    (["0 0 0", DEALT, DEALT], f"request 2 {DEALT!r}: the deal ('1 ...') came already"),
    (["0 0 0", DEALT, "3 1 DRAW"],
     "request 2 '3 1 DRAW': seat 1 draws out of turn: seat 0 is to draw"),
    (["0 0 0", DEALT, "2 J1", "3 1 PLAY W1"],
     "request 3 '3 1 PLAY W1': seat 1 plays W1 out of turn: seat 0 is on turn"),
    (["0 0 0", DEALT, "2 J1", "3 0 PLAY J1", "3 0 PLAY W1"],
     "request 4 '3 0 PLAY W1': seat 0 plays W1 out of turn: seat 1 is to draw"),
    (["0 0 0", DEALT, "2 J1", "3 0 PLAY J1", "2 W2"],
     "request 4 '2 W2': seat 0 draws out of turn: seat 1 is to draw"),
    (["0 0 0", DEALT, "2 J1", "3 0 PLAY J1", "3 1 DRAW", "3 2 GANG"],
     "request 5 '3 2 GANG': seat 2 declares a concealed kong out of turn: seat 1 is on turn"),
    (["0 0 0", DEALT, "2 J1", "3 0 PLAY J1", "3 0 PENG W1"],
     "request 4 '3 0 PENG W1': seat 0 claims its own discard J1"),
    (["0 0 0", DEALT, "2 J1", "3 0 PLAY J1", "3 2 CHI J2 W1"],
     "request 4 '3 2 CHI J2 W1': seat 2 chows seat 0's discard: only the next seat, 1, may"),
    (["0 0 0", DEALT, "2 J1", "3 0 PLAY J1", "3 2 DRAW", "3 2 BUHUA H1"],
     "request 4 '3 2 DRAW': seat 2 draws out of turn: seat 1 is to draw"),
])
def test_a_request_out_of_range_or_order_is_refused_by_name(requests, problem):
    stdin = io.StringIO(json.dumps({"requests": requests, "responses": ["PASS"] * (
        len(requests) - 1)}) + "\n")
    with pytest.raises(ValueError) as refused:
        serve(FirstLegal(), stdin, io.StringIO())
    assert str(refused.value).endswith(problem)


@pytest.mark.parametrize("simple_io", [False, True])
def test_a_history_chi_without_its_tile_is_refused_in_one_line(simple_io):
    # Seen: a response 'CHI' alone met an IndexError (answered runs outside feed's wrapper).
    requests = ["0 1 0", "1 0 0 0 0 W2 W3 W5 W6 B2 B3 B4 T7 T8 T9 F1 F1 J2", "3 0 DRAW",
                "3 0 PLAY W1", "3 1 DRAW"]
    responses = ["PASS", "PASS", "PASS", "CHI"]
    text = ("5\n" + "".join(f"{q}\n{a}\n" for q, a in zip(requests, responses)) + "3 1 DRAW\n"
            if simple_io else json.dumps({"requests": requests, "responses": responses}) + "\n")
    with pytest.raises(ValueError, match="'CHI' names no middle tile"):
        serve(FirstLegal(), io.StringIO(text), io.StringIO(), simple_io=simple_io)


class Raising(FirstLegal):
    """First legal, but the hook ``where`` raises ``error``."""

    def __init__(self, where, error):
        super().__init__()
        self.where, self.error = where, error

    def start_hand(self, start):
        if self.where == "start_hand":
            raise self.error

    def observe(self, event):
        if self.where == "observe":
            raise self.error

    def close(self):
        if self.where == "close":
            raise self.error


@pytest.mark.parametrize("where, said", [("start_hand", "while starting the hand"),
                                         ("observe", "while observing"),
                                         ("close", "while closing")])
@pytest.mark.parametrize("error", [RuntimeError("boom"), SystemExit(0)], ids=repr)
def test_a_hook_or_close_that_raises_is_the_players_bug_in_one_line(where, said, error):
    # Seen: hear() and serve's close called the hooks unguarded: a raw traceback, not the
    # README's one line with the traceback kept in mjsim-botzone-traceback.txt.
    from mjsim.players.driver import PlayerError

    stdin = io.StringIO(json.dumps({"requests": ["0 0 0", DEALT], "responses": ["PASS"]}) + "\n")
    with pytest.raises(PlayerError, match=rf"^seat 0 \(first-legal\) raised "
                                          rf"{type(error).__name__}: .*{said}$") as stopped:
        serve(Raising(where, error), stdin, io.StringIO())
    assert "Traceback" in stopped.value.detail


@pytest.mark.parametrize(("text", "simple_io", "said"), [
    # Seen: Python's own 'Exceeds the limit (4300 digits) for integer string conversion'.
    (json.dumps({"requests": ["0 " + "9" * 5000 + " 0"]}) + "\n", False, "is out of range"),
    ("9" * 5000 + "\n", True, "more than a game has"),
    # Seen: the whole 300 KB request echoed in the refusal.
    (json.dumps({"requests": ["0 0 0", "1 " + "x" * 300_000], "responses": ["PASS"]}) + "\n",
     False, "is not a number")])
def test_a_huge_number_or_request_is_refused_in_a_short_line_of_its_own(text, simple_io, said):
    with pytest.raises(ValueError) as refused:
        serve(FirstLegal(), io.StringIO(text), io.StringIO(), simple_io=simple_io)
    message = str(refused.value)
    assert said in message and len(message) < 500 and "4300" not in message
