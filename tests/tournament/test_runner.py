import io
import math
import os
import signal
import subprocess
import sys
import threading
import time
from pathlib import Path

import pandas as pd
import pytest

from mjsim.tournament import RunFolder, play_game, price, run, table
from mjsim.tournament.lineups import Roster
from mjsim.tournament.pricing import paired_differences
from mjsim.tournament.records import COLUMNS, GameRecords, parse_lineup
from mjsim.tournament.schedule import challenger_games, per_wall, wall_seeds
from mjsim.tournament.store import encode_batch
from tests.helpers.fresh import modules_after

FAST = ("1", "1", "2", "1")
RUNG1 = ("1", "1", "1", "1")   # the quickest games, for the tests of the machinery


def test_play_game_is_a_pure_function_of_its_arguments():
    first = play_game("pure", FAST)
    again = play_game("pure", list(FAST))
    assert first.seats == again.seats and first.hands == again.hands and first.fans == again.fans
    assert play_game("other", FAST).hands != first.hands


def test_records_add_up():
    records = play_game("records", FAST)
    seats = pd.DataFrame(records.seats)
    hands = pd.DataFrame(records.hands)
    assert list(seats.columns) == COLUMNS["seats"] and list(hands.columns) == COLUMNS["hands"]
    assert seats["points"].sum() == 0 and sorted(seats["seat"]) == [0, 1, 2, 3]
    assert (hands.groupby("seat")["delta"].sum().to_numpy() == seats["points"].to_numpy()).all()
    assert len(hands) == 4 * 16 and set(hands["hand_no"]) == set(range(1, 17))
    won = hands[hands["outcome"] == "won"]
    assert (won.groupby("seat").size().reindex(range(4), fill_value=0).to_numpy()
            == seats["wins"].to_numpy()).all()
    # Each win's elements (Flower Tiles among them) add up to the points it was paid for.
    fans = pd.DataFrame(records.fans, columns=COLUMNS["fans"])
    per_win = fans.assign(total=fans["points"] * fans["count"]).groupby("hand_no")["total"].sum()
    assert per_win.to_dict() == won.set_index("hand_no")["points"].to_dict()


def test_a_seats_wins_self_draws_and_deal_ins_are_its_hands_outcomes():
    for seed in ("counts-1", "counts-2", "counts-3"):
        records = play_game(seed, FAST)
        seats = pd.DataFrame(records.seats).set_index("seat")
        hands = pd.DataFrame(records.hands)
        won = hands[hands["outcome"] == "won"]
        per_seat = {
            "wins": won["seat"],
            "self_draws": won.loc[won["how"] == "self", "seat"],
            "deal_ins": hands.loc[hands["outcome"] == "dealt-in", "seat"]}
        for column, seat in per_seat.items():
            assert seats[column].to_dict() == seat.value_counts().reindex(
                range(4), fill_value=0).to_dict(), (seed, column)
        assert seats["self_draws"].sum() + seats["deal_ins"].sum() == seats["wins"].sum() > 0
        assert 0 < seats["self_draws"].sum() < seats["wins"].sum()
        assert (hands["foul_seat"] == -1).all() and (hands["foul_answer"] == "").all()
        drawn = hands["winner"] == -1  # no foul here: a hand nobody won is drawn for all four
        assert drawn.any() and (hands.loc[drawn, "outcome"] == "drawn").all()
        # Each hand's four rows name its winner and the seat that dealt in, -1 for none.
        for column, outcome in (("winner", "won"), ("from", "dealt-in")):
            seat = hands[hands["outcome"] == outcome].set_index("hand_no")["seat"]
            named = hands.groupby("hand_no")[column].agg(["min", "max"])
            assert (named["min"] == named["max"]).all()
            assert named["min"].to_dict() == seat.reindex(named.index, fill_value=-1).to_dict()


def test_lineups_are_checked():
    assert parse_lineup("3, 3-defence,2,1") == ("3", "3-defence", "2", "1")
    with pytest.raises(ValueError, match="four players"):
        parse_lineup("3,3,3")
    with pytest.raises(ValueError):
        parse_lineup("3,3,3,7")


def small_batches(walls=2):
    return per_wall(wall_seeds("t", walls), [RUNG1, FAST])


def test_results_do_not_depend_on_jobs_or_backend(tmp_path):
    one = run(small_batches(), tmp_path / "one", n_jobs=1, backend="sequential", quiet=True)
    two = run(small_batches(), tmp_path / "two", n_jobs=2, backend="loky", quiet=True)
    for name in one:
        pd.testing.assert_frame_equal(one[name], two[name])
    assert len(one["seats"]) == 2 * 2 * 4


def test_dask_local_cluster_gives_the_same_tables(tmp_path):
    import distributed  # the test extra installs it: a missing cluster fails, never skips
    loky = run(small_batches(), tmp_path / "loky", n_jobs=2, quiet=True)
    with distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=True,
                                  dashboard_address=None) as cluster:
        dask = run(small_batches(), tmp_path / "dask", backend="dask",
                   scheduler=cluster.scheduler_address, quiet=True)
        with pytest.raises(ValueError, match="No clients found"):  # the run closed its client
            distributed.default_client()
    for name in loky:
        pd.testing.assert_frame_equal(loky[name], dask[name])


def test_a_folder_holding_another_run_is_refused(tmp_path):
    run(per_wall(wall_seeds("t", 1), [RUNG1]), tmp_path, backend="sequential", quiet=True)
    with pytest.raises(ValueError, match="different run"):
        run(per_wall(wall_seeds("u", 1), [RUNG1]), tmp_path, backend="sequential", quiet=True)


def test_a_player_that_raises_later_in_a_run_is_named_by_its_game_in_the_run(tmp_path):
    # The game is the one ``mjsim replay RUN --game ID`` shows: its place among all the run's
    # games, counted over the batches before its own, not its place in its batch.
    from mjsim.players.driver import PlayerError

    raising = f"{Path(__file__).resolve().parents[2]}/tests/edges/raising.py:RaisingAtOnce"
    batches = [[("a", RUNG1), ("b", RUNG1)], [("c", RUNG1), ("d", ("1", "1", "raising", "1"))]]
    with pytest.raises(PlayerError) as raised:
        run(batches, tmp_path, roster=Roster({"raising": raising}), backend="sequential",
            table="botzone", quiet=True)
    kept = tmp_path / "errors" / "game3-seat2.txt"
    assert str(raised.value).startswith("game 3: seat 2 (raising-at-once) raised "
                                        "ZeroDivisionError: division by zero in hand 1, on "
                                        "wall 'd' (lineup 1,1,raising,1)")
    assert str(raised.value).endswith(f"its traceback is in {kept}") and kept.is_file()


def test_a_run_shows_its_progress_on_the_terminal_its_stderr_is(tmp_path, monkeypatch, capsys):
    # The bar went to stdout (rich's own console): a run whose results were redirected showed
    # none, though stderr, which the run asked, was a terminal.
    class Terminal(io.StringIO):
        def isatty(self):
            return True

    terminal = Terminal()
    monkeypatch.setenv("TERM", "xterm")
    monkeypatch.setattr(sys, "stderr", terminal)
    run(small_batches(3), tmp_path, backend="sequential", table="botzone")
    assert "batches" in terminal.getvalue() and "3/3" in terminal.getvalue()
    assert capsys.readouterr().out == ""


def test_a_killed_run_resumes_to_the_same_tables(tmp_path):
    # Enough walls that the kill lands part way: a rung-1 wall (one game) takes a few
    # milliseconds, so six could all be written between two looks at the folder on a busy machine.
    walls = 60
    command = [sys.executable, "-m", "mjsim.ui.cli", "table", ",".join(RUNG1), "--walls",
               str(walls), "--seed", "resume", "--quiet", "--backend", "sequential"]
    whole = subprocess.run([*command, "--out", str(tmp_path / "whole")], capture_output=True,
                           text=True, check=True)
    assert "results:" in whole.stdout
    killed = subprocess.Popen([*command, "--out", str(tmp_path / "killed")],
                              stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    folder = RunFolder(tmp_path / "killed")
    deadline = time.monotonic() + 120
    while not folder.done() and killed.poll() is None and time.monotonic() < deadline:
        time.sleep(0.02)
    os.kill(killed.pid, signal.SIGKILL)
    killed.wait()
    assert 0 < len(folder.done()) < walls, "the run should have been killed part way"
    subprocess.run([*command, "--out", str(tmp_path / "killed")], capture_output=True, check=True)
    for name in ("seats", "hands", "fans"):
        pd.testing.assert_frame_equal(RunFolder(tmp_path / "whole").load(name), folder.load(name))
    seats = folder.load("seats")
    assert not seats.duplicated(["seed", "lineup", "seat"]).any() and len(seats) == walls * 4


def test_a_run_keeps_the_loky_race_at_its_stop_quiet(tmp_path, monkeypatch):
    # Ctrl-C in a run of two jobs printed, one time in four, loky's own "Exception in thread
    # ExecutorManagerThread: Traceback ... KeyError: 5" above the run's one line: its manager
    # raced with the pool shutting down mid-task.
    heard = []
    monkeypatch.setattr(threading, "excepthook", heard.append)
    table(RUNG1, tmp_path, walls=2, backend="sequential", quiet=True, table="botzone")
    table(RUNG1, tmp_path / "again", walls=1, backend="sequential", quiet=True, table="botzone")
    # Installed once: each run wrapping it again would grow a chain of hooks without end.
    assert threading.excepthook.previous == heard.append

    class Manager(threading.Thread):
        pass

    Manager.__module__ = "joblib.externals.loky.process_executor"
    raised = [(KeyError, Manager()), (ValueError, Manager()), (KeyError, threading.Thread())]
    for kind, thread in raised:
        threading.excepthook(threading.ExceptHookArgs((kind, kind(5), None, thread)))
    assert [(args.exc_type, args.thread) for args in heard] == raised[1:]  # the rest heard


def test_an_identical_challenger_differs_by_exactly_zero(tmp_path):
    """Pairing is real: a challenger that plays exactly like the baseline, on the same walls,
    seats and tie-break words, matches its control game point for point."""
    assert challenger_games("2", ["2"]) == [("2",) * 4]  # the design plays it only once
    seeds = wall_seeds("same", 3)
    control = run(per_wall(seeds, [("2",) * 4]), tmp_path / "control", backend="sequential",
                  quiet=True)["seats"]
    again = run(per_wall(seeds, [("2",) * 4]), tmp_path / "again", n_jobs=2, quiet=True)["seats"]
    copies = []
    for seat in range(4):  # label one seat of the replayed games as the challenger
        lineup = ",".join("copy" if s == seat else "2" for s in range(4))
        copies.append(again.assign(lineup=lineup, variant=again["variant"].where(
            again["seat"] != seat, "copy")))
    diffs = paired_differences(pd.concat([control, *copies], ignore_index=True), "2")
    assert len(diffs) == 3 * 4 and (diffs["points"] == diffs["control"]).all()


def test_price_reports_every_idea(tmp_path):
    report = price(["defence"], tmp_path, level=3, walls=2, seed="p", backend="sequential",
                   quiet=True)
    row = report.estimates.iloc[0]
    assert row["name"] == "defence" and row["seeds"] == 2 and row["pairs"] == 8
    # Defence changed no move on these walls: its price is exactly 0, and walls without spread
    # claim no interval (one of width 0 would claim the price exactly).
    assert row["changed"] == 0 and row["value_game"] == 0 and row["sd_seed_hand"] == 0
    assert math.isnan(row["low_game"]) and math.isnan(row["high_game"])
    assert (tmp_path / "summary.csv").exists() and (tmp_path / "manifest.json").exists()


def test_a_price_asked_for_no_walls_plays_twenty(tmp_path):
    price(["claims"], tmp_path, level=2, table="botzone", backend="sequential", quiet=True)
    manifest = RunFolder(tmp_path).manifest()
    assert manifest["arguments"]["walls"] == len(manifest["batches"]) == 20


def test_table_standings(tmp_path):
    report = table(FAST, tmp_path, walls=2, seed="s", backend="sequential", quiet=True)
    standings = report.standings.set_index("variant")
    assert set(standings.index) == {"1", "2"}
    assert standings.loc["1", "games"] == 3 * 4 * 2 and standings.loc["2", "games"] == 4 * 2
    assert abs(standings["points"] @ standings["games"]) < 1e-9  # points are zero-sum


def test_until_decided_stops_at_a_decision(tmp_path):
    """Defence seldom changes a game, so its paired differences are mostly zero and the sequential
    test says 'within ±0.5 of zero' as soon as it may (20 walls): walls are added ten at a time,
    and no more once decided."""
    report = price(["defence"], tmp_path, walls=40, seed="seq", until_decided=True,
                   backend="sequential", quiet=True)
    test = report.sequential["defence"]
    played = len(RunFolder(tmp_path).done())
    assert test.decision == "within" and report.estimates.loc[0, "decision"] == "within"
    assert played % 10 == 0 and played - 10 < test.seeds <= played < 40
    assert max(test.plus[-1], test.minus[-1]) <= test.lower and len(test.plus) == test.seeds
    row = report.estimates.iloc[0]
    assert row["low_hand"] <= row["t_low_hand"] <= row["t_high_hand"] <= row["high_hand"]


def test_tables_are_read_when_first_asked_for(tmp_path):
    run(per_wall(wall_seeds("lazy", 1), [RUNG1]), tmp_path, backend="sequential", quiet=True)
    tables = RunFolder(tmp_path).tables()
    assert list(tables) == ["seats", "hands", "fans"] and len(tables) == 3
    for batch in (tmp_path / "tables" / "hands").glob("*.parquet"):
        batch.unlink()  # what is never read is never needed
    assert len(tables["seats"]) == 4 and tables["seats"] is tables["seats"]


def test_a_worker_loads_the_game_not_the_statistics():
    """What a worker imports to run a batch (the runner, by unpickling play_batch): not scipy,
    matplotlib or the experiments, which cost a worker a second of start-up."""
    loaded = modules_after("import mjsim.tournament.runner")
    assert {"mjsim.tournament.records", "pandas"} <= loaded
    assert not loaded & {"scipy", "matplotlib", "mjsim.tournament.experiments",
                         "mjsim.tournament.power", "mjsim.ui.plots"}
    assert "mjsim.tournament.experiments" in modules_after("from mjsim.tournament import ladder")


def test_a_batch_encoded_by_its_worker_reads_back_as_its_rows(tmp_path):
    """The parquet bytes a worker sends are the frames of its rows; a game with no win gives an
    empty fans table with the columns."""
    records = play_game("encoded", RUNG1)
    records.extend(play_game("encoded-2", FAST))
    files = encode_batch(records)
    assert set(files) == {"seats", "hands", "fans"}
    for name in files:
        frame = pd.read_parquet(io.BytesIO(files[name]))
        assert frame.equals(pd.DataFrame(getattr(records, name))), name
    empty = pd.read_parquet(io.BytesIO(encode_batch(GameRecords())["fans"]))
    assert empty.empty and list(empty.columns) == COLUMNS["fans"]
    folder = RunFolder(tmp_path)
    folder.write_encoded(3, files)
    assert folder.done() == {3} and folder.load("hands").equals(
        pd.DataFrame(records.hands).sort_values(["seed", "lineup", "hand_no", "seat"],
                                                kind="stable", ignore_index=True))


def test_workers_started_early_are_the_ones_a_run_uses():
    """start_workers (called by a command before it loads its statistics) leaves loky workers
    that have built the tables, and the run's Parallel reuses them rather than starting more."""
    import threading

    import psutil
    from joblib import Parallel, delayed, parallel_config

    from mjsim.tournament.runner import start_workers

    start_workers(2)
    for thread in threading.enumerate():
        if thread.name == "mjsim-start-workers":
            thread.join(timeout=120)
    started = {child.pid for child in psutil.Process().children(recursive=True)}
    with parallel_config(backend="loky"):
        used = set(Parallel(n_jobs=2)(delayed(os.getpid)() for _ in range(6)))
    assert used and used <= started


WORKERS_HEAR = """
import os, signal, psutil
from mjsim.tournament.runner import start_workers
before = signal.getsignal(signal.SIGINT)
start_workers(2)
print(signal.getsignal(signal.SIGINT) is before)
for child in psutil.Process().children(recursive=True):
    if "popen_loky_posix" in " ".join(child.cmdline()):
        with open(f"/proc/{child.pid}/status") as status:
            ignored = next(line for line in status if line.startswith("SigIgn:"))
        print(int(ignored.split()[1], 16) >> (signal.SIGINT - 1) & 1)
"""


@pytest.mark.skipif(not os.path.exists("/proc/self/status"), reason="reads /proc (Linux)")
def test_workers_started_early_leave_ctrl_c_to_the_command():
    """A terminal's Ctrl-C reaches a run's workers too. The workers start_workers makes ignore
    it from their first instruction (else one still importing prints its own traceback beside
    the command's one line), and the command's own handler is back once it returns. In a
    process of its own: the workers of this one may have been made before."""
    shown = subprocess.run([sys.executable, "-c", WORKERS_HEAR], capture_output=True,
                           text=True, timeout=120, check=True).stdout.split()
    assert shown == ["True", "1", "1"]



def test_a_stopped_run_reports_the_lowest_failed_batch_whatever_finished_first():
    from mjsim.players.driver import PlayerError
    from mjsim.tournament.runner import _gather

    written = []
    late, early = PlayerError("batch 3", "", 0, 3), PlayerError("batch 1", "", 0, 1)
    # Batch 3 fails first, then 0 is played, then 1 fails: 2 need not be waited for.
    finished = iter([(3, late), (0, (0, {}, {})), (1, early), (2, (2, {}, {}))])
    with pytest.raises(PlayerError) as raised:
        _gather(finished, [0, 1, 2, 3], lambda batch, files, streaks: written.append(batch))
    assert raised.value is early and written == [0]
    assert next(finished)[0] == 2  # the run stopped once no batch below 1 was running


def test_too_many_fouls_counted_at_a_batch_is_its_failure():
    from mjsim.players.driver import PlayerError, TooManyFouls
    from mjsim.tournament.runner import _gather

    def written(batch, files, streaks):
        raise TooManyFouls(f"fouls in a row at batch {batch}")

    with pytest.raises(TooManyFouls, match="batch 0"):
        _gather([(1, PlayerError("batch 1", "", 0, 1)), (0, (0, {}, {}))], [0, 1], written)


def test_batches_played_at_once_fail_one_by_one_as_batches_played_alone(monkeypatch):
    """When a player raises in one of the batches a worker plays at once, they are played
    again one by one: the others are written, and the error names its own batch and game, as
    a worker of one batch reports it. Too many fouls in a row fail their batch alone."""
    from mjsim.game.settings import settings_of
    from mjsim.players.driver import PlayerError, TooManyFouls
    from mjsim.tournament import runner

    batches = per_wall(wall_seeds("chunk", 3), [RUNG1])
    broken = batches[1][0][0]
    real = runner.play_games

    def play_games(tasks, **options):
        for game, (seed, lineup) in enumerate(tasks):
            if seed == broken:
                raise PlayerError("seat 0 (1) raised", "", 0, None, game)
        yield from real(tasks, **options)

    monkeypatch.setattr(runner, "play_games", play_games)
    results = runner.play_batches([0, 1, 2], batches, settings_of(None, table="botzone"), {},
                                  (), None)
    assert [number for number, _ in results] == [0, 1, 2]
    failed = results[1][1]
    assert isinstance(failed, PlayerError) and (failed.batch, failed.game) == (1, 0)
    assert f"on wall {broken!r}" in failed.message
    played = [result for _, result in (results[0], results[2])]
    alone = [runner.play_batch(number, batches[number], settings_of(None, table="botzone"), {},
                               (), None) for number in (0, 2)]
    assert played == alone

    def fouling(tasks, **options):  # every hand of the last wall's game fouled by seat 0
        for (seed, _), records in zip(tasks, real(tasks, **options)):
            for row in records.hands if seed == batches[2][0][0] else ():
                row["foul_seat"] = 0
            yield records

    monkeypatch.setattr(runner, "play_games", fouling)
    fouled = runner.play_batches([0, 2], [batches[0], batches[2]],
                                 settings_of(None, table="botzone", max_fouls=1), {}, (), None)
    assert fouled[0] == (0, alone[0]) and isinstance(fouled[1][1], TooManyFouls)


def test_a_run_builds_each_entrys_player_once_to_check_it_and_to_ask_if_it_batches(tmp_path):
    # The run's own roster builds a player to check its spec, and reads from that build whether
    # it decides in batches (a second build could load a model or a plugin again).
    roster, built = Roster(), []
    real = roster.player
    roster.player = lambda entry, **options: built.append(entry) or real(entry, **options)
    run(per_wall(wall_seeds("once", 2), [FAST]), tmp_path / "run", roster=roster,
        backend="sequential", quiet=True, table="botzone")
    assert sorted(built) == ["1", "2"]
