"""Replays: stepping move by move and hand by hand, a log cut short, a tournament's game played
again from its seed, and the review of a seat against rung 3."""

import io
import sys

import pexpect
import pytest

from mjsim.game import gamelog
from mjsim.players.rungs import best
from mjsim.players.view import view_of
from mjsim.ui import replay
from mjsim.ui.cli import main
from mjsim.ui.review import review
from tests.ui.conftest import ENV, close_when_done, mjsim, record


def stepped(shown, entries):
    """What ``step`` prints for ``entries``, one string per print."""
    printed = []
    answers = iter(entries)

    def ask(_prompt):
        try:
            return next(answers)
        except StopIteration:
            raise EOFError from None

    replay.step(shown, ask, printed.append)
    return printed


def heads(printed):
    return [text.splitlines()[0] for text in printed if text.startswith("hand ")]


def test_stepping_moves_back_and_between_hands(recorded):
    shown = replay.load(recorded)
    starts = shown.hand_starts()
    assert set(starts) == {1, 2, 3}  # two hands played, and the third dealt
    total = len(shown.frames) - 1
    printed = stepped(shown, ["", "n", "b", "]", "[", "h 2", "h 9", "q"])
    steps = [int(head.split("step ")[1].split("/")[0]) for head in heads(printed)]
    assert steps == [0, 1, 2, 1, starts[2], 0, starts[2], starts[2]]
    assert all(head.split(" · ")[1].endswith(f"/{total}") for head in heads(printed))
    assert heads(printed)[4].startswith("hand 2 ")
    assert "? the log holds hands 1-3, not 9" in printed


def test_asking_for_a_hand_the_log_lacks_is_one_line_never_a_traceback(recorded, tmp_path):
    # Seen: 'h ²' was a ValueError traceback (str.isdigit takes it, int() does not).
    shown = replay.load(recorded)
    printed = stepped(shown, ["h ²", "h 0", "h " + "9" * 5000, "h02", "q"])
    assert printed.count(f"? {replay.STEP_HELP}") == 1
    assert "? the log holds hands 1-3, not 0" in printed
    assert f"? the log holds hands 1-3, not {'9' * 20}... (5,000 characters)" in printed
    assert heads(printed)[-1].startswith("hand 2 ")
    one = tmp_path / "one.jsonl"  # the header and the first move: the first hand alone
    one.write_text("\n".join(recorded.read_text().splitlines()[:2]) + "\n")
    printed = stepped(replay.load(one), ["h 2", "q"])
    assert "? the log holds hand 1 only, not 2" in printed  # was "hands 1-1"


def test_every_frame_fits_80_columns_and_shows_every_discard(tmp_path):
    log = tmp_path / "long.jsonl"
    log.write_text(record("w3", (1, 1, 1, 1), 1))  # rung 1 all round: pools of 21 tiles
    shown = replay.load(log)
    longest = max(shown.frames, key=lambda frame: max(len(seat.pool) for seat in frame.seats))
    assert max(len(seat.pool) for seat in longest.seats) > 18  # longer than one line holds
    for index, frame in enumerate(shown.frames):
        text = replay.frame_text(frame, shown.names, index, len(shown.frames) - 1)
        assert max(len(line) for line in text.splitlines()) <= 80, text
    lines = replay.frame_text(longest, shown.names, 0, 1).splitlines()
    starts = [i for i, line in enumerate(lines) if "pool:" in line]
    for seat, start in zip(longest.seats, starts, strict=True):
        wrapped = [lines[start].split("pool:")[1]]  # the pool's line and those continuing it
        wrapped += [line for line in lines[start + 1:start + 3] if line.startswith(" " * 26)]
        tiles = " ".join(wrapped).replace("[", "").replace("]", "").split()
        assert tiles == (seat.pool or ["-"])


def test_a_win_frame_shows_the_scoring_and_every_hand(recorded):
    shown = replay.load(recorded)
    won = next(frame for frame in shown.frames if frame.ended)
    text = replay.frame_text(won, shown.names, 1, len(shown.frames) - 1)
    header, moves = gamelog.read(recorded.open())
    wins = [e for _, _, batch, _ in gamelog.replay(header, moves) for e in batch
            if e["kind"] == "win"]
    assert f"hand 1: {shown.names[wins[0]['actor']]} wins" in text
    assert f"paid on {wins[0]['points']}" in text
    assert all(f" {name}" in text for _, name, _, _ in wins[0]["fans"])
    assert sum(len(seat.hand) + 3 * seat.melds.count("(from") for seat in won.seats) >= 4 * 13


def test_the_replay_at_a_terminal(recorded):
    child = pexpect.spawn(sys.executable, ["-m", "mjsim.ui.cli", "replay", str(recorded)],
                          env=ENV, encoding="utf-8", timeout=60)
    child.expect("replay> ")
    child.sendline("]")
    child.expect(r"hand 2 · step \d+/\d+")
    child.expect("replay> ")
    child.sendline("q")
    child.expect(pexpect.EOF)
    close_when_done(child)
    assert child.exitstatus == 0


def test_a_log_cut_short_replays_what_it_holds_and_names_the_line(tmp_path, recorded):
    lines = recorded.read_text().splitlines(keepends=True)
    cut = tmp_path / "cut.jsonl"
    cut.write_text("".join(lines[:40]) + lines[40][:15])  # line 41 ends mid-record
    status, out, err = mjsim("replay", str(cut), cwd=tmp_path)
    assert status == 0 and err == ""
    assert out.rstrip().endswith("(the log stops early: line 41 is cut short or damaged; "
                                 "replayed up to there)")
    assert len(replay.load(cut).frames) > 1


@pytest.mark.parametrize(("command", "done"), [("replay", "replayed"), ("review", "reviewed")])
def test_a_line_that_is_not_utf8_ends_the_log_there(tmp_path, recorded, capsys, command, done):
    # A byte no UTF-8 text holds (a disk's damage) refused the whole log with Python's words:
    # "'utf-8' codec can't decode byte 0xff in position 2113: invalid start byte".
    lines = recorded.read_bytes().splitlines(keepends=True)
    damaged = tmp_path / "damaged.jsonl"
    damaged.write_bytes(b"".join(lines[:40]) + lines[40].replace(b"move", b"mo\xffve")
                        + b"".join(lines[41:]))
    assert main([command, str(damaged)]) == 0
    printed = capsys.readouterr()
    assert printed.err == "" and (f"(the log stops early: line 41 is cut short or damaged; "
                                  f"{done} up to there)") in printed.out
    damaged.write_bytes(b"\xff" + b"".join(lines))  # the header itself: no log at all
    assert main([command, str(damaged)]) == 2
    assert capsys.readouterr().err == (f"mjsim {command}: {damaged}: not an mjsim game log (its "
                                       "first line names no mjsim format)\n")


def test_a_tournament_game_plays_again_from_its_seed(tmp_path):
    run = tmp_path / "run"
    status, _, err = mjsim("table", "3,2,1,1", "--walls", "2", "--quiet", "--out", str(run),
                           cwd=tmp_path)
    assert status == 0, err
    status, listing, _ = mjsim("replay", str(run), cwd=tmp_path)
    assert status == 0 and "8 games; replay one with --game ID" in listing
    from mjsim.tournament.summaries import load

    seats = load(run).tables["seats"]
    for game_id, (seed, lineup) in enumerate(replay.run_games(run)):
        if game_id % 3:
            continue  # three of the eight are enough
        shown = replay.regenerate(run, game_id)
        rows = seats[(seats["seed"] == seed) & (seats["lineup"] == lineup)].sort_values("seat")
        assert shown.frames[-1].totals == rows["points"].tolist()
        assert shown.stopped is None
    status, out, _ = mjsim("replay", str(run), "--game", "3", cwd=tmp_path)
    assert status == 0 and "--- hand 16:" in out
    status, out, _ = mjsim("replay", str(run), "--game", "3", "--html", "game.html",
                           cwd=tmp_path)
    page = (tmp_path / "game.html").read_text()
    assert status == 0 and "game.html" in out and "seed " + replay.run_games(run)[3][0] in page
    status, _, err = mjsim("replay", str(run), "--game", "8", cwd=tmp_path)
    assert status == 2 and "the run holds games 0-7, not 8" in err


@pytest.mark.parametrize(("key", "value", "words"), [
    ("penalty", "10", "records the penalty '10'"),  # was TypeError: penalty is a whole number
    ("definitions", [1], "records the definitions [1]"),  # AttributeError: ... 'items'
    ("definitions", {"a": 5}, "defines players by something other than names and specs"),
    ("batches", {}, "is not an mjsim run's manifest"),  # "the run holds games 0--1, not 1"
])
def test_a_run_s_game_from_a_damaged_manifest_is_refused_in_one_line(tmp_path, capsys, key,
                                                                      value, words):
    import json

    from mjsim.tournament import table

    table("2,2,1,1", tmp_path, walls=2, table="botzone", backend="sequential", quiet=True)
    manifest = tmp_path / "manifest.json"
    manifest.write_text(json.dumps({**json.loads(manifest.read_text()), key: value}))
    for argv in (["replay", str(tmp_path), "--game", "1"], ["replay", str(tmp_path)]):
        status = main(argv)
        error = capsys.readouterr().err
        if key != "batches" and "--game" not in argv:  # the listing reads the games alone
            assert status == 0
            continue
        assert status == 2 and error == f"mjsim replay: {tmp_path}: {manifest} {words}\n"


def test_a_run_of_one_game_is_counted_in_the_singular(tmp_path, capsys):
    # A manifest cut to one game by hand listed "1 games" and held "games 0-0".
    import json

    from mjsim.tournament import table

    table("2,2,1,1", tmp_path, walls=2, table="botzone", backend="sequential", quiet=True)
    manifest = tmp_path / "manifest.json"
    facts = json.loads(manifest.read_text())
    manifest.write_text(json.dumps({**facts, "batches": [facts["batches"][0][:1]]}))
    assert main(["replay", str(tmp_path)]) == 0
    assert capsys.readouterr().out.startswith(f"{tmp_path}: 1 game; replay one with --game ID\n")
    assert main(["replay", str(tmp_path), "--game", "1"]) == 2
    assert capsys.readouterr().err == (f"mjsim replay: {tmp_path}: the run holds game 0 only, "
                                       "not 1\n")


def test_review_marks_where_rung_3_differs_with_both_options(recorded):
    header, moves = gamelog.read(recorded.open())
    lines = list(review(header, moves, 0))
    marked = [line for line in lines if line.startswith("hand ")]
    assert marked and lines[-1].endswith("%)")
    decisions = int(lines[-1].split()[0])
    agreed = int(lines[-1].split("agreed with ")[1].split()[0])
    assert decisions - agreed == len(marked)
    for index, line in enumerate(lines):
        if line.startswith("hand "):
            played, suggested = line.split("played ")[1].split("; rung 3 would ")
            assert played != suggested
            assert lines[index + 1].startswith("  played  ")
            assert lines[index + 2].startswith("  rung 3  ")
            assert any(word in lines[index + 1] for word in ("shanten", "ready", "win", "kong"))


@pytest.mark.parametrize(("seat", "error", "message"), [
    (1.5, TypeError, "^seat is a whole number, not 1.5$"),
    (True, TypeError, r"^seat is a whole number, not a bool \(True\)$"),
    (4, ValueError, "^seat is a whole number from 0 to 3, not 4$"),
])
def test_review_refuses_a_seat_as_everywhere(recorded, seat, error, message):
    # Its own check said 'a seat is 0-3': 1.5 passed it (then a list's TypeError), True was 1.
    header, moves = gamelog.read(recorded.open())
    with pytest.raises(error, match=message):
        list(review(header, moves, seat))


def test_review_of_rung_3_by_rung_3_marks_nothing():
    text = record("self", (3, 3, 3, 3), 1)
    header, moves = gamelog.read(io.StringIO(text))
    lines = list(review(header, moves, 2))
    assert not [line for line in lines if line.startswith("hand ")]
    assert lines[-1].endswith("rung 3 agreed with " + lines[-1].split()[0] + " (100%)")


def test_review_at_the_command_line(tmp_path, recorded):
    status, out, err = mjsim("review", str(recorded), "--seat", "0", cwd=tmp_path)
    assert status == 0 and err == "" and "review of seat0 (1) against rung 3" in out
    header, moves = gamelog.read(recorded.open())
    game = gamelog.start(header)
    differs = 0
    for seat, move in moves:  # rung 1's choices against rung 3's, counted here
        view = view_of(game, seat)
        if seat == 0 and len(view.legal) > 1 and best(view, 3) != move:
            differs += 1
        game.apply(seat, move)
    assert out.count("; rung 3 would ") == differs > 0


def test_the_move_list_says_the_flowers_replaced_before_the_hands_that_hold_the_replacements(
        tmp_path):
    # Was: the hands as play begins (replacements in them), then "seat1 shows season 2,
    # seat1 draws 9m": the 9m seemed drawn twice.
    log = tmp_path / "flowers.jsonl"
    log.write_text(record("mjsim-0", (3, 3, 3, 3), 1))  # two seats show a bonus tile dealt
    lines = list(replay.summary(replay.load(log)))
    deal = lines[lines.index(next(line for line in lines if line.startswith("--- hand 1"))) + 1:]
    replaced = [line for line in deal[:6] if " shows " in line or " draws " in line]
    hands = [line for line in deal if line.startswith(("  seat0: ", "  seat1: ", "  seat2: ",
                                                       "  seat3: "))][:4]
    assert len(replaced) == 4 and deal[:4] == replaced  # said first: shown, drawn, shown, drawn
    assert deal[4:8] == hands and " draws " not in deal[8] and " shows " not in deal[8]


# ------------------------------------------------------------------------------- fouls

def fouling_players(how):
    """A table whose seat 1 fouls hearing a discard in hand 2 and seat 2 at its first decision
    of hands 1, 3 and 16 (``how``: raising, giving no move, or one the engine refuses)."""
    from mjsim.players import Rung
    from tests.players.test_driver_hooks import Fouler, FoulsHearing

    return [Rung(2), FoulsHearing("observe", "discard"), Fouler({1, 3, 16}, how), Rung(1)]


@pytest.mark.parametrize("how", ["raise", "none", "illegal", "str"])
def test_a_game_with_fouls_is_logged_with_them_where_they_fell(how):
    # Was: a game log held no foul, so a run's game with one was refused by mjsim replay.
    from mjsim.game.settings import Settings
    from mjsim.players import driver

    read = replay.play_logged("fouls", fouling_players(how), Settings(), names=list("abcd"))
    game = driver.play("fouls", fouling_players(how), settings=Settings())
    fouled = [(row["hand_no"], row["foul"]["seat"]) for row in game.history
              if row["result"] == "foul"]
    assert fouled == [(1, 2), (2, 1), (3, 2), (16, 2)]
    logged = [(seat, entry) for seat, entry in read.moves
              if isinstance(entry, gamelog.LoggedFoul)]
    assert [seat for seat, _ in logged] == [2, 1, 2, 2] and read.stopped is None
    assert [entry.reason for _, entry in logged] == [
        game.history[hand - 1]["foul"]["reason"] for hand, _ in fouled]
    *_, rules = list(gamelog.replay(read.header, read.moves))[-1]
    assert rules.history == game.history and rules.totals == game.totals


def test_a_replay_shows_a_foul_in_every_seat_s_frames():
    from mjsim.game.settings import Settings

    read = replay.play_logged("fouls", fouling_players("none"), Settings(),
                              names=["a", "b", "c", "d"])
    shown = replay.build(read.header, read.moves)
    fouler = shown.names[2]
    [fouling] = [frame for frame in shown.frames
                 if frame.hand_no == 3 and frame.move == f"{fouler} fouls"]
    assert fouling.said == [f"{fouler} fouls: offered no move"]
    assert fouling.ended[0] == "hand 3 ends in a foul: offered no move"
    for viewer in range(4):  # each seat hears it, and sees the hand end
        [seen] = [frame for frame in shown.seen[viewer]
                  if f"{fouler} fouls: offered no move" in frame.said and frame.hand_no == 3]
        assert seen.hand_no == 3 and seen.ended == fouling.ended


def test_a_review_passes_over_the_seat_s_foul_as_no_decision():
    from mjsim.game.settings import Settings

    read = replay.play_logged("fouls", fouling_players("illegal"), Settings(),
                              names=["a", "b", "c", "d"])
    lines = list(review(read.header, read.moves, 2, level=1))
    # Was: "(move 23 is refused by the rules: the review stops there)", at the first foul.
    assert not any("refused" in line for line in lines)
    rules = gamelog.start(read.header)
    choices = 0  # the seat's moves (not its fouls) with a choice, counted over the whole game
    for seat, entry in read.moves:
        if seat == 2 and not isinstance(entry, gamelog.LoggedFoul):
            choices += len(view_of(rules, 2).legal) > 1
        assert gamelog.play(rules, seat, entry) is True
    assert rules.status == "finished" and choices > 100
    assert lines[-1].startswith(f"{choices} decisions with a choice; rung 1 agreed with ")


def test_a_run_s_game_with_a_foul_replays_at_the_command_line(tmp_path):
    # Was: "game 0 has a foul in hand 2: a game log holds moves and a foul is none", status 2.
    player = tmp_path / "fouls_once.py"
    player.write_text(FOULS_IN_HAND_2)
    run = tmp_path / "run"
    status, _, err = mjsim("table", f"2,2,1,{player}:FoulsInHand2", "--walls", "2", "--quiet",
                           "--out", str(run), cwd=tmp_path)
    assert status == 0, err
    status, out, err = mjsim("replay", str(run), "--game", "0", "--all", cwd=tmp_path)
    assert status == 0, err
    assert "hand 2 ends in a foul: offered no move" in out and "--- hand 16:" in out


FOULS_IN_HAND_2 = '''
from mjsim.players import Rung


class FoulsInHand2:
    """Rung 1 that gives no move in hand 2."""

    def __init__(self):
        self.name, self.rung = "fouls-in-hand-2", Rung(1)

    def act(self, view):
        return None if view.hand_no == 2 else self.rung.act(view)
'''
