"""The keyboard game through a pseudo-terminal: a whole hand with claims, hints and a win, the
pause after it, forgiving entries, and a screen that reads at a glance in 80 columns."""

import io
import json
import re
import sys
import time

import pexpect
import pytest

from mjsim.game import gamelog
from mjsim.game.moves import Move
from mjsim.game.settlement import places, settle
from mjsim.ui.terminal import EntryError, Screen, _standings, read_entry, tiles_of
from tests.ui.conftest import ENV, close_when_done

PROMPT = r"legal: (.*)\r\n> "


def spawn(tmp_path, *args):
    log = tmp_path / "game.jsonl"
    child = pexpect.spawn(sys.executable, ["-m", "mjsim.ui.cli", "play", "--log", str(log),
                                           *args], env=ENV, encoding="utf-8", timeout=60,
                          cwd=str(tmp_path), dimensions=(50, 80))
    return child, log


def answer(child, legal):
    """Win when it may, claim a pung or chow when offered, else ask the hint and follow it."""
    moves = [move.strip() for move in legal.split(",")]
    pick = next((m for m in moves if m == "win" or m.startswith(("pung", "chow"))), None)
    if pick is None and "pass" in moves:
        pick = "pass"
    if pick is None:
        child.sendline("hint")
        child.expect(r"rung 3 would discard (\S+)")
        pick = child.match.group(1).upper()  # the entry is case-blind
        child.expect("> ")
    child.sendline(pick)
    return pick


@pytest.fixture(scope="module")
def first_hand(tmp_path_factory):
    """Seed k5, rung-2 bots: seat 0 claims twice and wins hand 1 on a discard."""
    tmp_path = tmp_path_factory.mktemp("keys")
    child, log = spawn(tmp_path, "--seed", "k5", "--level", "2")
    child.logfile_read = io.StringIO()
    picks = []
    while child.expect([PROMPT, "press Enter for the next hand"]) == 0:
        picks.append(answer(child, child.match.group(1)))
    hand = child.logfile_read.getvalue()
    child.sendline("")
    child.expect(PROMPT)
    after = child.before
    child.sendline("quit")
    child.expect("game ended by the player")
    child.expect(pexpect.EOF)
    close_when_done(child)
    return picks, hand, after, log, child.exitstatus


def test_a_whole_hand_with_claims_hints_and_a_win(first_hand):
    picks, screen, after, log, status = first_hand
    assert status == 0
    assert any(p.startswith("chow") for p in picks) and "win" in picks
    assert "rung 3 would discard" in screen and "you chow" in screen
    assert "Hand 2: bot1 deals" in after  # the pause comes before the next deal
    header, moves = gamelog.read(log.open())
    events = [e for _, _, batch, _ in gamelog.replay(header, moves) for e in batch]
    assert [e["actor"] for e in events if e["kind"] == "win"] == [0]


def test_the_pause_shows_the_hand_each_element_and_who_paid_what(first_hand):
    _, screen, _, log, _ = first_hand
    pause = screen[screen.index("end of hand 1"):].replace("\r", "").splitlines()
    header, moves = gamelog.read(log.open())
    win = next(e for _, _, batch, _ in gamelog.replay(header, moves) for e in batch
               if e["kind"] == "win")
    points = win["points"]
    assert pause[1] == f"hand 1: you win on bot{win['from']}'s " + pause[1].split("'s ")[1]
    assert pause[2].startswith("  hand: ") and "flowers: " in pause[2]
    elements = [line for line in pause if re.match(r"  +\d+ [A-Z]", line)]
    assert sum(int(line.split()[-1]) for line in elements) == points  # flowers included
    flowers = points - win["total"]
    assert f"  Total {win['total']}, with flowers {points}: paid on {points}" in pause
    deltas = settle(0, "discard", points, win["from"])
    words = [f"{'you' if s == 0 else f'bot{s}'} {'got' if d > 0 else 'gave'} {abs(d)}"
             for s, d in enumerate(deltas)]
    assert f"  {', '.join(words)}" in pause and flowers >= 0


def test_the_screen_fits_80_columns_and_marks_the_last_discard(first_hand):
    _, screen, _, _, _ = first_hand
    lines = screen.replace("\r", "").splitlines()
    assert max(len(line) for line in lines) <= 80
    heading = max(i for i, line in enumerate(lines) if "claim or pass" in line)
    who, tile = re.search(r"· (bot\d)'s (\S+): claim or pass", lines[heading]).groups()
    row = next(line for line in lines[heading:] if line.startswith(who))
    assert row.rstrip().endswith(f"[{tile}]")


def test_pools_stay_in_discard_order(first_hand):
    """Each pool as shown is the seat's discards as they were said, less those claimed."""
    _, screen, _, _, _ = first_hand
    lines = screen.replace("\r", "").splitlines()
    heading = max(i for i, line in enumerate(lines) if line.startswith("───") and "hand 1/" in line)
    pools = {f"bot{s}": [] for s in (1, 2, 3)} | {"you": []}
    for line in lines[:heading]:
        said = re.match(r"^(you|bot\d) discards? (\S+)$", line)
        claim = re.search(r" from (you|bot\d)$", line)
        if said:
            pools[said.group(1)].append(said.group(2))
        elif claim and not line.startswith("  "):
            pools[claim.group(1)].pop()
    checked = set()
    for line in lines[heading + 1:heading + 12]:
        name = line.split(" ", 1)[0]
        if name in pools and re.match(r"^\S+ +[ESWN] +[+-]\d+ ", line):
            shown = line.split(maxsplit=3)[3].replace("[", "").replace("]", "").split()
            assert shown == (pools[name] or ["(no", "discards)"])
            checked.add(name)
    assert checked == set(pools) and sum(map(len, pools.values())) > 20


def test_forgiving_entries_explain_a_refusal(tmp_path):
    child, _ = spawn(tmp_path, "--seed", "reprompt")
    child.expect(PROMPT)
    for entry, reply in [("blah", "'blah' is neither a move nor a tile"),
                         ("pung", r"you cannot pung now; you may: discard"),
                         ("d 9z", "'9z' is neither a move nor a tile"),
                         ("help", r"Moves \(type the short form")]:
        child.sendline(entry)
        child.expect(reply)
        child.expect("> ")
    child.sendeof()
    child.expect("game ended by the player")
    child.expect(pexpect.EOF)


def test_entries():
    legal = [Move("discard", tile=4), Move("discard", tile=27), Move("pass"),
             Move("chow", tiles=(2, 3, 4)), Move("chow", tiles=(3, 4, 5))]
    assert read_entry("E", legal) == read_entry("e", legal) == Move("discard", tile=27)
    assert read_entry("d 5M", legal) == Move("discard", tile=4)
    assert read_entry(" P ", legal) == Move("pass")
    assert read_entry("chow 345m", legal) == read_entry("CHOW 345M", legal)
    for text, reason in [("chow", "which chow?"), ("", "type a move"), ("win", "cannot win"),
                         ("d 9s", "you hold no 9s"), ("chow 456p", "cannot chow 456p"),
                         ("-1m", "neither a move nor a tile")]:
        with pytest.raises(EntryError, match=reason):
            read_entry(text, legal)


def test_a_long_entry_is_read_in_linear_time_and_refused_in_one_line():
    # Seen: 40,000 digits took 20 s (the suit's regex rescanned the digits from each of them).
    started = time.perf_counter()
    with pytest.raises(EntryError, match="neither a move nor a tile"):
        tiles_of("9" * 20_000)
    with pytest.raises(EntryError) as refused:
        read_entry("9" * 100_000, [Move("discard", tile=4)])
    assert time.perf_counter() - started < 0.5
    assert str(refused.value) == ("an entry is at most 100 characters, not 100,000 (type help "
                                  "for the moves)")
    assert tiles_of("5P e 123S") == [13, 27, 18, 19, 20]


def test_the_log_is_json_lines(first_hand):
    *_, log, _ = first_hand
    lines = log.read_text().splitlines()
    assert json.loads(lines[0])["format"] == gamelog.FORMAT
    assert all("seat" in json.loads(line) for line in lines[1:])


def test_up_recalls_an_entry_and_tab_completes_one(tmp_path):
    child, _ = spawn(tmp_path, "--seed", "edit")
    child.expect(PROMPT)
    child.sendline("hint")
    child.expect("rung 3 would")
    child.expect("> ")
    child.send("\x1b[A\r")  # Up, Enter: the hint again, not ^[[A
    child.expect(["rung 3 would", r"\? "])
    assert child.after == "rung 3 would"
    child.expect("> ")
    child.send("he\t\r")  # Tab completes the command
    child.expect([r"Moves \(type the short form", r"\? "])
    assert child.after.startswith("Moves")
    help_lines = child.before.replace("\r", "").splitlines()
    child.expect("> ")
    help_lines += child.before.replace("\r", "").splitlines()
    assert max(len(line) for line in help_lines) <= 80
    child.sendline("quit")
    child.expect(pexpect.EOF)


def test_the_game_ends_on_a_table_of_places():
    out = io.StringIO()
    _standings([12, -40, 40, -12], Screen(out, ["you", "bot1", "bot2", "bot3"]))
    rows = [line.split("│")[1:4] for line in out.getvalue().splitlines() if "│" in line]
    cells = [[cell.strip() for cell in row] for row in rows]
    assert cells == [["1", "bot2", "+40"], ["2", "you", "+12"], ["3", "bot3", "-12"],
                     ["4", "bot1", "-40"]]
    text = out.getvalue()
    assert re.search(r"place\W+seat\W+total", text) and "final standings" in text


def test_a_whole_game_pauses_after_each_hand_and_ends_on_the_places(monkeypatch, tmp_path):
    """Rung 3 answers for the person: sixteen pauses, then the table of places."""
    from mjsim.players.rungs import best
    from mjsim.players.view import view_of
    from mjsim.ui import terminal

    monkeypatch.setattr(terminal, "_ask_move",
                        lambda game, seat, screen, ask: best(view_of(game, seat), 3))
    prompts = []
    out, log = io.StringIO(), io.StringIO()
    game = terminal.play(level=2, seed="whole", log=log, out=out,
                         ask=lambda prompt: prompts.append(prompt) or "")
    text = out.getvalue()
    assert not game.is_active and len(prompts) == 16
    assert prompts[-1].startswith("press Enter for the final standings")
    assert text.count("end of hand ") == 16
    header, moves = gamelog.read(io.StringIO(log.getvalue()))
    *_, (_, _, _, replayed) = gamelog.replay(header, moves)
    assert replayed.totals == game.totals
    for seat in range(4):
        name = "you" if seat == 0 else f"bot{seat}"
        total = re.escape(f"{game.totals[seat]:+d}")
        place = f"{places(game.totals)[seat]:g}"
        assert re.search(rf"│\s+{place}\s+│\s+{name}\s+│\s+{total}\s+│", text)


def test_the_readme_shows_this_screen_as_it_is(first_hand):
    """The README's captured screen (seed k5, rung-2 bots) is a stretch of this game's screen."""
    from tests.ui.test_readme_outputs import readme_block, shown_in

    _, screen, _, _, _ = first_hand
    shown = readme_block("──")
    lines = [line.rstrip() for line in screen.replace("\r", "").splitlines()]
    start = lines.index(shown[0])
    end = next(i for i in range(start, len(lines)) if lines[i] == shown[-1])
    assert shown_in(shown, lines[start:end + 1]), "\n".join(lines[start:end + 1])


def test_typed_entries_are_echoed_literally_never_read_as_markup():
    # Seen: '[/bold]' raised rich's MarkupError (a traceback) and '[red]5p' lost its '[red]'.
    from mjsim.ui import terminal

    entries = iter(["[/bold]", "[/]", "[red]5p", "quit"])
    out = io.StringIO()
    terminal.play(level=1, seed="k5", out=out, ask=lambda prompt: next(entries))
    text = out.getvalue()
    for entry in ("[/bold]", "[/]", "[red]5p"):
        assert f"'{entry}'" in text
    assert text.rstrip().endswith("game ended by the player")


def test_a_seat_with_no_melds_or_flowers_gets_no_blank_line():
    # Seen: under bot1 (seed k5, nothing exposed) a line of fifteen spaces.
    from mjsim.ui import terminal

    out = io.StringIO()
    terminal.play(level=1, seed="k5", out=out, ask=lambda prompt: "quit")
    lines = out.getvalue().splitlines()
    seat = next(i for i, line in enumerate(lines) if line.startswith("bot1  S"))
    assert lines[seat + 1].startswith("bot2  W") and not any(
        line and not line.strip() for line in lines)


def test_quit_at_the_pause_after_a_hand_ends_the_game(monkeypatch):
    # Seen: 'quit' at 'press Enter for the next hand' was taken as Enter and the game went on.
    from mjsim.players.rungs import best
    from mjsim.players.view import view_of
    from mjsim.ui import terminal

    monkeypatch.setattr(terminal, "_ask_move",
                        lambda game, seat, screen, ask: best(view_of(game, seat), 1))
    prompts = []
    out = io.StringIO()
    game = terminal.play(level=1, seed="k5", out=out,
                         ask=lambda prompt: prompts.append(prompt) or "quit")
    assert len(prompts) == 1 and game.is_active
    assert out.getvalue().rstrip().endswith("game ended by the player")


def test_a_terminal_that_speaks_only_ascii_gets_the_game_not_a_traceback(tmp_path):
    # Seen: PYTHONIOENCODING=ascii met a UnicodeEncodeError at the first screen ('·').
    import subprocess

    from tests.ui.conftest import ENV

    done = subprocess.run([sys.executable, "-m", "mjsim.ui.cli", "play", "--seed", "k5"],
                          input="é\nquit\n".encode(), capture_output=True, cwd=tmp_path,
                          env={**ENV, "PYTHONIOENCODING": "ascii"}, timeout=60, check=False)
    out = done.stdout.decode("ascii")
    assert done.returncode == 0 and done.stderr == b"", done.stderr
    assert "hand 1/16 ? prevalent" in out and "is neither a move nor a tile" in out
    assert "game ended by the player" in out


@pytest.mark.parametrize(("seat", "moves"), [(0, "0 moves"), (1, "1 move")])
def test_the_last_line_counts_the_moves_logged(tmp_path, seat, moves):
    # Seen: "(1 moves; ...)" when the input ended after the dealer's first discard.
    import subprocess

    from tests.ui.conftest import ENV

    done = subprocess.run([sys.executable, "-m", "mjsim.ui.cli", "play", "--seed", "a",
                           "--level", "1", "--seat", str(seat), "--log", "a.jsonl"],
                          input=b"", capture_output=True, cwd=tmp_path, env=ENV, timeout=60,
                          check=False)
    _, logged = gamelog.read((tmp_path / "a.jsonl").open())
    assert done.returncode == 0 and len(logged) == int(moves.split()[0])
    assert done.stdout.decode().endswith(f"game log: a.jsonl ({moves}; mjsim replay a.jsonl)\n")


def test_a_reader_that_stops_ends_the_game_quietly_as_any_command(tmp_path):
    # Seen: 'mjsim play | head -2' exited 1 in silence (rich's own answer to a broken pipe).
    import subprocess

    from tests.ui.conftest import ENV

    entries = tmp_path / "entries"
    entries.write_text("help\n" * 300 + "quit\n")  # more than a pipe holds: it must be read
    with entries.open() as stdin:
        child = subprocess.Popen(
            [sys.executable, "-m", "mjsim.ui.cli", "play", "--seed", "k5", "--level", "1"],
            stdin=stdin, stdout=subprocess.PIPE, stderr=subprocess.PIPE, cwd=tmp_path, env=ENV)
        assert child.stdout.readline().startswith(b"mjsim: you are seat 0")
        child.stdout.close()  # as head does after its lines
        _, stderr = child.communicate(timeout=60)
    assert child.returncode == 0 and stderr == b"", stderr
    header, _ = gamelog.read((tmp_path / "mjsim-game-k5.jsonl").open())
    assert header["seed"]


def test_ctrl_c_in_a_game_names_the_log_that_keeps_it(monkeypatch, tmp_path, capsys):
    # Seen: 'mjsim play: interrupted' alone, though the log holds the game so far and replays.
    from mjsim.players.rungs import best
    from mjsim.players.view import view_of
    from mjsim.ui import terminal
    from mjsim.ui.cli import INTERRUPTED, main

    asked = []

    def person(game, seat, screen, ask):
        asked.append(seat)
        if len(asked) == 4:
            raise KeyboardInterrupt
        return best(view_of(game, seat), 1)

    monkeypatch.setattr(terminal, "_ask_move", person)
    monkeypatch.setattr(sys, "stdin", io.StringIO())
    log = tmp_path / "game.jsonl"
    assert main(["play", "--seed", "k5", "--level", "1", "--log", str(log)]) == INTERRUPTED
    assert capsys.readouterr().err == (f"mjsim play: interrupted; the game so far is in {log} "
                                       f"(mjsim replay {log})\n")
    header, moves = gamelog.read(log.open())
    assert len(moves) > 3 and list(gamelog.replay(header, moves))
