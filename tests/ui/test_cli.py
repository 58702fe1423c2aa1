import io
import json
import subprocess
import sys

import pytest

from mjsim.ui.cli import main


def run(capsys, *argv):
    try:
        code = main(list(argv))
    except SystemExit as stopped:  # argparse's own refusal of a value, in one line
        code = stopped.code
    out, err = capsys.readouterr()
    return code, out, err


def test_shanten_of_a_ready_hand_lists_its_waits(capsys):
    code, out, err = run(capsys, "shanten", "123456789m 1234p")
    assert code == 0 and err == ""
    assert "shanten: 0 (ready)" in out
    assert "waits: 14p (2 kinds, 6 copies)" in out


def test_shanten_of_fourteen_tiles_ranks_discards(capsys):
    _code, out, _ = run(capsys, "shanten", "123456789m 1234p E")
    lines = out.splitlines()
    first = lines.index("discards, best first (shanten after, then copies accepted):") + 1
    assert lines[first].split()[:3] == ["E", "0", "6"]
    assert {lines[first + 1].split()[0], lines[first + 2].split()[0]} == {"1p", "4p"}
    shanten_after = [int(line.split()[1]) for line in lines[first:]]
    assert shanten_after == sorted(shanten_after)


def test_shanten_shows_each_form_and_melds(capsys):
    _code, out, _ = run(capsys, "shanten", "147m 258p 369s ESWN")
    assert "honours and knitted tiles   0" in out and "waits: RGB" in out
    _code, out, _ = run(capsys, "shanten", "1m pung(EEE) pung(SSS) pung(WWW) pung(NNN)")
    assert "seven pairs                 -" in out and "waits: 1m (1 kind, 3 copies)" in out


@pytest.mark.parametrize(("argv", "message"), [
    (["shanten", "12x"], "unknown suit letter 'x'"),
    (["shanten", "123m"], "13 or 14 concealed tiles, not 3"),
])
def test_bad_hands_print_one_line_and_exit_2(capsys, argv, message):
    code, out, err = run(capsys, *argv)
    assert code == 2 and out == ""
    assert message in err and len(err.strip().splitlines()) == 1


def test_bad_arguments_exit_2_in_one_line():
    result = subprocess.run([sys.executable, "-m", "mjsim.ui.cli", "bogus"], capture_output=True,
                            text=True, check=False)
    assert result.returncode == 2
    assert len(result.stderr.strip().splitlines()) == 1 and "invalid choice" in result.stderr
    assert "Traceback" not in result.stderr


def test_help_has_an_example():
    result = subprocess.run([sys.executable, "-m", "mjsim.ui.cli", "shanten", "--help"],
                            capture_output=True, text=True, check=False)
    assert result.returncode == 0 and "examples: mjsim shanten" in result.stdout


def test_score_prints_the_breakdown_and_the_verdict(capsys):
    code, out, _ = run(capsys, "score", "123m 456m 789m 123p 55p", "--win", "5p", "--self",
                       "--seat", "S")
    assert code == 0
    assert "Pure Straight" in out and "Fully Concealed Hand" in out
    assert "Total 25 (green-book)" in out and out.rstrip().endswith("a legal win")


def test_score_on_the_deal_drops_the_wait_element(capsys):
    argv = ("score", "123m 456m 789m 55p 789s", "--win", "7s", "--self")
    _code, drawn, _ = run(capsys, *argv)
    _code, dealt, _ = run(capsys, *argv, "--initial")
    assert "Edge Wait" in drawn and "Edge Wait" not in dealt


def test_score_below_the_minimum_says_so_once(capsys):
    code, out, _ = run(capsys, "score", "234m 567m 345p 678s 55p", "--win", "5p")
    assert code == 0 and out.rstrip().endswith("Below the 8-point minimum: not a legal win")
    assert out.lower().count("minimum") == 1 and "legal win" not in out.replace("not a legal", "")


def test_score_counts_the_hands_flowers(capsys):
    _code, out, _ = run(capsys, "score", "123m 456m 789m 123p 55p F1 T2", "--win", "5p")
    assert "with flowers" in out and "Flower Tiles" in out


@pytest.mark.parametrize(("argv", "message"), [
    (["score", "123m 456m 789m 123p 5p", "--win", "5p"], "14 tiles"),
    (["score", "123m 456m 789m 123p 55p", "--win", "5p", "--robbing", "--self"],
     "never self-drawn"),
    # --initial is self-drawn by definition: robbing contradicts it
    (["score", "123m 456m 789m 123p 55p", "--win", "5p", "--initial", "--robbing"],
     "never self-drawn"),
    # Were "flowers is ...": the scorer's field named, not the option
    (["score", "123m 456m 789m 123p 55p", "--win", "5p", "--flowers", "9"],
     "mjsim score: --flowers is a whole number from 0 to 8, not 9"),
    (["score", "123m 456m 789m 123p 55p", "--win", "5p", "--flowers", "-1"],
     "mjsim score: --flowers is a whole number from 0 to 8, not -1"),
])
def test_score_refusals(capsys, argv, message):
    code, out, err = run(capsys, *argv)
    assert code == 2 and out == "" and message in err and len(err.strip().splitlines()) == 1


@pytest.mark.parametrize(("argv", "message"), [
    (["score", "123m 456m 789m 123p 55p", "--win", "5x"], "unknown suit letter"),
    (["score", "123m 456m 789m 123p 55p", "--win", "5p", "--seat", "X"], "a wind is one of"),
])
def test_score_bad_options(capsys, argv, message):
    with pytest.raises(SystemExit) as caught:
        main(argv)
    err = capsys.readouterr().err
    assert caught.value.code == 2 and message in err and len(err.strip().splitlines()) == 1


def test_price_until_decided_says_what_the_sequential_test_decided(capsys, tmp_path):
    import pandas as pd

    from mjsim.tournament.power import PILOT_SD, plan

    code, out, _ = run(capsys, "price", "defence", "--walls", "30", "--until-decided",
                       "--backend", "sequential", "--quiet", "--out", str(tmp_path))
    text = " ".join(out.split())  # the notes are wrapped
    assert code == 0 and "sequential test: defence within ±0.50 of zero (at 20 walls)" in text
    assert f"results: {tmp_path}" in out
    assert "confidence sequence" in out and "walls to find 0.50 points a hand" in out
    assert (tmp_path / "sequential.png").exists() and (tmp_path / "prices.png").exists()
    # The walls the test expects are at the idea's own SD (defence's is tiny), not the plan's.
    sd = float(pd.read_csv(tmp_path / "summary.csv")["sd_seed_hand"].iloc[0])
    own = plan(0.5, sd, 10)
    assert sd < PILOT_SD / 10
    # The cap was given by --walls, not planned: the plan's own cap is only beside it.
    assert (f"cap 30 walls (given; the plan at a per-seed SD of {PILOT_SD:.2f} caps at "
            f"{plan(0.5, PILOT_SD, 10).cap:,})") in text and "planned at" not in text
    assert (f"defence (SD {sd:.2f}) {own.expected_zero:,.0f} walls if the price is 0, "
            f"{own.expected_delta:,.0f} if ±0.50") in text
    assert f"{plan(0.5).expected_zero:,.0f} walls if the price is 0" not in text
    # A cap that is the plan's reads as planned (the table with its cap set so).
    from mjsim.tournament.text import format_estimates

    table = pd.read_csv(tmp_path / "summary.csv")
    table["cap"] = table["planned_cap"]
    planned = " ".join(format_estimates(table).split())
    assert (f"cap {plan(0.5, PILOT_SD, 10).cap:,} walls (planned at a per-seed SD of "
            f"{PILOT_SD:.2f})") in planned


def test_price_plan_prints_the_walls_and_plays_nothing(capsys, tmp_path, monkeypatch):
    from mjsim.tournament.power import PILOT_SD, plan

    monkeypatch.chdir(tmp_path)  # where a run's default folder, runs/, would be made
    code, out, _ = run(capsys, "price", "defence", "planning", "--plan", "0.5")
    from mjsim.tournament import Roster
    from mjsim.tournament.schedule import challenger_games, control_game, priced_walls

    result = plan(0.5)
    # The games a run of that many walls schedules: four seats for each idea, and the health
    # check's control game on walls 0, 10, 20, ...
    roster = Roster()
    challengers = [roster.with_off("3", idea) for idea in ("defence", "planning")]
    batches = priced_walls([f"w-{i}" for i in range(result.fixed)],
                           [(control_game("3"), challenger_games("3", challengers))])
    games = sum(map(len, batches))
    assert code == 0 and f"{result.fixed} walls ({games:,} games)" in out
    assert "a wall plays 8 games" in out
    assert f"{result.cap} walls" in out and "nothing has been played" in out
    assert list(tmp_path.iterdir()) == []
    help_text = subprocess.run([sys.executable, "-m", "mjsim.ui.cli", "price", "--help"],
                               capture_output=True, text=True, check=True).stdout
    assert f"(default {PILOT_SD}:" in " ".join(help_text.split())


@pytest.mark.parametrize(("given", "why"), [
    # each was silently ignored: --plan planned as if the walls (or workers, folder, table,
    # sequential test ...) had not been given, and a fixed run read no --sd nor --replicates
    (["planning", "--plan", "0.5", "--walls", "400"], "--plan plays nothing: no --walls"),
    (["planning", "--plan", "0.5", "--out", "run"], "--plan plays nothing: no --out"),
    (["planning", "--plan", "0.5", "--jobs", "2"], "--plan plays nothing: no --jobs"),
    (["planning", "--plan", "0.5", "--table", "botzone"], "--plan plays nothing: no --table"),
    (["planning", "--plan", "0.5", "--until-decided"],
     "--plan plays nothing: no --until-decided"),
    (["planning", "--plan", "0.5", "--delta", "0.25"], "--plan plays nothing: no --delta"),
    (["planning", "--plan", "0.5", "--fresh-seed"], "--plan plays nothing: no --fresh-seed"),
    (["planning", "--plan", "0.5", "--seed", "other"], "--plan plays nothing: no --seed"),
    (["--null", "--sandbox"], "--null plays built-in rungs alone: no --sandbox"),
    (["--null", "--time-limit", "2"], "--null plays built-in rungs alone: no --time-limit"),
    (["--null", "--player", "mine=2"], "--null plays built-in rungs alone: no --player"),
    (["--null", "--sd", "2"], "--null plays built-in rungs alone: no --sd"),
    (["defence", "--replicates", "5"], "they are --null's: no --replicates"),
    (["defence", "--salt", "2"], "they are --null's: no --salt"),
    (["defence", "--sd", "2"], "--sd plans the walls of --until-decided or --plan: no --sd"),
])
def test_price_refuses_an_option_its_way_of_pricing_leaves_unread(capsys, tmp_path,
                                                                  monkeypatch, given, why):
    monkeypatch.chdir(tmp_path)
    code, out, err = run(capsys, "price", *given)
    assert code == 2 and out == "" and err.splitlines()[-1] == (
        f"mjsim price: {why} (see mjsim price --help)")
    assert list(tmp_path.iterdir()) == []  # refused before any folder was made


def test_price_plan_reads_the_players_named_by_player(capsys):
    # It planned with a roster of its own: --baseline mine was "no player 'mine'".
    code, out, err = run(capsys, "price", "eight", "--plan", "0.5", "--baseline", "mine",
                         "--player", "mine=4")
    assert code == 0 and err == ""
    assert out == run(capsys, "price", "eight", "--plan", "0.5", "--baseline", "4")[1]


@pytest.mark.parametrize(("command", "where"), [
    (["table", "3,3,3,3", "--walls", "2"], "in the lineup"),
    (["table", "lineup.toml", "--walls", "2"], "in lineup.toml"),
    (["ladder", "--rungs", "1,2,Mine", "--walls", "2"], "in --rungs"),
    (["price", "defence", "--walls", "2"], "as --baseline"),
    (["price", "defence", "--plan", "0.5"], "as --baseline")])
def test_a_player_named_by_player_that_nothing_plays_is_refused(capsys, tmp_path,
                                                                monkeypatch, command, where):
    # The run was played without it, saying nothing: a lineup that mistyped or left out the
    # seat it was named for.
    monkeypatch.chdir(tmp_path)
    (tmp_path / "lineup.toml").write_text('seats = ["a", "3", "3", "3"]\n[players]\na = "2"\n')
    code, out, err = run(capsys, *command, "--player", "mine=2")
    assert code == 2 and out == "" and err.splitlines() == [
        f"mjsim {command[0]}: --player names 'mine', which nothing plays: name it {where}"]
    assert sorted(path.name for path in tmp_path.iterdir()) == ["lineup.toml"]


def test_a_player_named_by_player_plays_with_ideas_off(capsys, tmp_path):
    code, out, err = run(capsys, "table", "3,3,3,mine-claims", "--player", "mine=2",
                         "--walls", "2", "--quiet", "--backend", "sequential", "--out",
                         str(tmp_path / "run"))
    assert code == 0 and err == "" and "mine-claims" in out


def test_every_estimates_table_ends_with_what_the_run_could_detect(capsys, tmp_path):
    code, out, _ = run(capsys, "price", "claims", "--level", "2", "--walls", "3", "--backend",
                       "sequential", "--quiet", "--out", str(tmp_path))
    lines = out.splitlines()
    assert code == 0 and "detects" in lines[0] and "±" in lines[1]
    assert "walls to find 0.50 points a hand so: claims: " in out


def test_a_lineup_files_name_given_again_by_player_is_the_same_player_however_written(
        capsys, tmp_path):
    # Was refused as "defined twice": the file's spec is kept as 3-claims-defence. Another
    # spec is refused in one line (it was a traceback).
    lineup = tmp_path / "lineup.toml"
    lineup.write_text('seats = ["mine", "3", "3", "3"]\n[players]\nmine = "3-defence-claims"\n')
    code, out, err = run(capsys, "table", str(lineup), "--player", "mine=3-defence-claims",
                         "--walls", "2", "--backend", "sequential", "--quiet", "--out",
                         str(tmp_path / "run"))
    assert code == 0 and err == "" and "mine" in out
    code, out, err = run(capsys, "table", str(lineup), "--player", "mine=2", "--walls", "2",
                         "--out", str(tmp_path / "other"))
    assert code == 2 and out == "" and err.strip().splitlines() == [
        f"mjsim table: player 'mine' is defined twice: in {lineup} and by --player"]


@pytest.mark.parametrize(("argv", "message"), [
    (["price", "greed"], "no idea 'greed'"),
    (["price", "defence", "--level", "1", "--walls", "2"], "1 has no idea 'defence'"),
    (["price", "greed", "--plan", "0.5"], "no idea 'greed'"),
    (["price", "defence", "--plan", "-1"], "--plan: points a hand are a number from 0.01 to 100"),
    (["price", "defence", "--sd", "0"], "--sd: points a hand are a number from 0.01 to 100"),
    (["table", "3,3,3"], "four players"),
    (["ladder", "--walls", "1"], "--walls is from 2 (an interval needs two)"),
    # Was played with --level unread: the baseline's ideas priced, as asked of rung 1
    (["price", "claims", "--baseline", "3", "--level", "1", "--walls", "2"],
     "mjsim price: --baseline names the player whose ideas are priced: no --level beside it"),
])
def test_experiment_refusals_are_one_line(capsys, argv, message):
    code, out, err = run(capsys, *argv)
    assert code == 2 and out == "" and message in err and len(err.strip().splitlines()) == 1


def botzone_input(*requests):
    responses = ["PASS"] * (len(requests) - 1)
    return json.dumps({"requests": list(requests), "responses": responses}) + "\n"


DEAL = "1 0 0 0 0 W1 W1 W2 W3 B5 B5 B5 T7 T8 F1 F1 J1 J2"


@pytest.mark.parametrize(("requests", "answer"), [
    (("0 1 0", DEAL, "3 0 DRAW", "3 0 PLAY W1"), "PASS"),  # rung 1 passes every window
    (("0 0 0", DEAL, "2 J3"), "PLAY J"),                   # and gives up a lone dragon first
])
def test_botzone_answers_the_request_on_stdin_and_prints_nothing_else(
        capsys, monkeypatch, requests, answer):
    monkeypatch.setattr("sys.stdin", io.StringIO(botzone_input(*requests)))
    code, out, err = run(capsys, "botzone", "--level", "1")
    assert code == 0 and err == "" and out.endswith("\n") and out.count("\n") == 1
    assert json.loads(out)["response"].startswith(answer)


@pytest.mark.parametrize(("argv", "stdin", "code", "message"), [
    (["botzone", "--player", "nobody"], "", 2, "no player 'nobody'"),
    (["botzone"], "not json\n", 1, "does not parse"),
    (["botzone"], '{"requests": [], "responses": []}\n', 1, "holds no request to answer"),
    (["botzone", "--simple-io"], "2\n0 1 0\n", 1, ""),
])
def test_botzone_refusals_are_one_line(capsys, monkeypatch, argv, stdin, code, message):
    monkeypatch.setattr("sys.stdin", io.StringIO(stdin))
    got, out, err = run(capsys, *argv)
    assert got == code and out == "" and message in err and len(err.strip().splitlines()) == 1


def test_price_says_how_often_each_idea_changed_a_move(capsys, tmp_path):
    code, out, _ = run(capsys, "price", "defence", "shanten", "--walls", "2", "--quiet",
                       "--out", str(tmp_path))
    assert code == 0
    lines = {line.split(":")[0]: line for line in out.splitlines() if " decisions" in line}
    assert "changed" in lines["shanten"] and "of 2 seeds" in lines["shanten"]


def test_price_null_prints_the_calibration_and_refuses_an_idea_beside_it(capsys, tmp_path):
    code, out, _ = run(capsys, "price", "--null", "--replicates", "2", "--walls", "2",
                       "--quiet", "--out", str(tmp_path))
    assert code == 0 and "false alarms (p < 0.05) in " in out and "of 2 runs" in out
    code, out, err = run(capsys, "price", "defence", "--null", "--walls", "2")
    assert code == 2 and "name no idea" in err


@pytest.mark.parametrize("flag", [["--until-decided"], ["--plan", "0.5"]])
def test_price_null_refuses_a_sequential_or_planned_run(capsys, tmp_path, flag):
    # --null --until-decided played each replicate to the 510-wall cap as a fixed run, saying
    # nothing; --null --plan said "name each idea once, and at least one: []".
    code, _, err = run(capsys, "price", "--null", "--replicates", "2", *flag, "--quiet",
                       "--out", str(tmp_path))
    assert code == 2 and f"--null plays --walls walls a replicate, a fixed run: no {flag[0]}" in err
    assert not any(tmp_path.iterdir())  # refused before a wall was played


def test_price_null_refuses_a_fresh_seed(capsys, tmp_path):
    # It drew one, and its stop said "run mjsim resume runs/null-fresh-..." of a folder that is
    # no run folder (its replicates are), while the same command would draw another seed.
    code, _, err = run(capsys, "price", "--null", "--replicates", "2", "--fresh-seed",
                       "--quiet", "--out", str(tmp_path))
    assert code == 2 and "--null plays built-in rungs alone, which read no seed: give --seed, " \
        "not --fresh-seed" in err
    assert not any(tmp_path.iterdir())


def test_the_levels_offered_are_the_rungs():
    from mjsim.players.rungs import LEVELS
    from mjsim.ui.commands import base

    assert base.LEVELS == LEVELS


def test_shanten_counts_one_copy_and_one_meld_in_the_singular(capsys):
    # 1223334567999m waits on 3m alone, of which one copy is left; discarding 2m from the
    # 14-tile hand leaves that wait.
    _code, out, _ = run(capsys, "shanten", "1223334567999m")
    assert out.rstrip().endswith("waits: 3m (1 kind, 1 copy)")
    _code, out, _ = run(capsys, "shanten", "12223334567999m")
    row = next(line for line in out.splitlines() if line.split()[:1] == ["2m"])
    assert row.split()[:4] == ["2m", "0", "1", "copy"]
    _code, _out, err = run(capsys, "shanten", "chow(123m) 1m")
    assert "with 1 meld a hand holds 10 or 11 concealed tiles, not 1" in err
    _code, _out, err = run(capsys, "shanten", "123m")
    assert "with 0 melds a hand holds 13 or 14 concealed tiles, not 3" in err


def test_score_refuses_flowers_that_disagree_with_the_hand(capsys):
    hand = "123m 456m 789m 123p 55p F1 T2"
    # --flowers 0 once fell back to the hand's two, and the JSON said 0 beside a total with 2
    code, out, err = run(capsys, "score", hand, "--win", "5p", "--flowers", "0", "--json")
    assert (code, out) == (2, "")
    assert err == "mjsim score: --flowers 0 disagrees with the hand, which shows 2\n"
    code, out, err = run(capsys, "score", hand, "--win", "5p", "--flowers", "1")
    assert (code, out) == (2, "")
    assert err == "mjsim score: the context counts 1 flower, the hand shows 2\n"


@pytest.mark.parametrize("flowers", [[], ["--flowers", "2"]])
def test_score_json_counts_the_flowers_its_total_has(capsys, flowers):
    _code, out, _ = run(capsys, "score", "123m 456m 789m 123p 55p F1 T2", "--win", "5p",
                        "--json", *flowers)
    scored = json.loads(out)
    assert scored["flowers"] == 2
    assert scored["total_with_flowers"] == scored["total"] + 2
