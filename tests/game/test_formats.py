"""The field's formats: the contest text and Botzone's match logs read, replayed, checked and
written back (mjsim.game.formats; docs/formats.md)."""

import contextlib
import io
import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from mjsim.game import gamelog
from mjsim.game.formats import botzone_log, contest
from mjsim.game.formats.check import PART, Disagreement, Replayed, check, rebuild_wall
from mjsim.game.formats.events import games_of
from mjsim.game.formats.imports import Summary, outcomes
from mjsim.game.formats.record import Refused
from mjsim.game.settings import Settings
from mjsim.tiles.botzone import kind_of
from tests.helpers import DATA
from tests.helpers.botzone_logs import match_log
from tests.helpers.botzone_record import RECORDS
from tests.helpers.botzone_record import read as read_record

GAMES = DATA / "contest" / "games.txt"
VERDICTS = {
    "discard-win": "agreed", "ignore-lines": "agreed", "kong-replacement": "agreed",
    "robbing-the-kong": "agreed", "drawn-game-seed-s6": "agreed", "claims-seed-s178": "agreed",
    "malformed-line": "refused", "fan-disagrees": "fan", "score-disagrees": "score",
    "illegal-win": "illegal",
}


def verdict(outcome):
    if isinstance(outcome, Refused):
        return outcome.game, "refused"
    if isinstance(outcome, Disagreement):
        return outcome.game, outcome.kind
    return outcome.game.id, "agreed"


def contest_games(text):
    return list(contest.read(io.StringIO(text)))


def only(text):
    [game] = contest_games(text)
    return game


def fixture(name):
    text = GAMES.read_text()
    start = text.index(f"Match {name}\n")
    end = text.find("\nMatch ", start + 1)
    return text[start:] if end < 0 else text[start:end + 1]


# ------------------------------------------------------------------- the contest fixtures

def test_each_contest_fixture_gets_its_verdict():
    assert dict(verdict(o) for o in outcomes([GAMES], "contest-text")) == VERDICTS


def test_each_contest_fixture_written_as_a_botzone_match_log_gets_the_same_verdict():
    # The hand-written games in the other format: a win on a discard, a kong's replacement, a
    # robbed kong, an ignored claim, a drawn game, a fan total, a Score line and a win that
    # disagree (the malformed line cannot be written; the JSON refusals are tested below).
    written = [botzone_log.write(game) for game in contest_games(GAMES.read_text())
               if not isinstance(game, Refused)]
    found = dict(verdict(check(game)) for game in botzone_log.read(io.StringIO(
        "".join(written))))
    assert found == {name: kind for name, kind in VERDICTS.items() if kind != "refused"}
    ignored = next(g for g in botzone_log.read(io.StringIO("".join(written)))
                   if g.id == "ignore-lines")
    assert ignored.actions[-1].ignored == ((2, "Peng", kind_of("B2")),)


def test_the_summary_counts_every_verdict():
    summary = Summary()
    for outcome in outcomes([GAMES], "contest-text"):
        summary.add(outcome)
    assert summary.to_dict() == {"read": 10, "agreed": 6, "refused": 1,
                                 "disagreed": {"fan": 1, "illegal": 1, "score": 1}}


def test_a_win_on_a_discard_settles_as_recorded():
    done = check(only(fixture("discard-win")))
    last = done.rules.history[-1]
    assert (last["winner"], last["by"], last["from"], last["points"]) == (1, "discard", 0, 21)
    assert last["deltas"] == [-29, 45, -8, -8]


def test_a_self_drawn_win_on_a_kongs_replacement():
    done = check(only(fixture("kong-replacement")))
    last = done.rules.history[-1]
    assert last["by"] == "self" and "Out with Replacement Tile" in {f[1] for f in last["fans"]}


def test_robbing_a_promoted_kong():
    done = check(only(fixture("robbing-the-kong")))
    last = done.rules.history[-1]
    assert (last["by"], last["from"], last["winner"]) == ("rob", 2, 3)


def test_the_replay_builds_no_events_and_keeps_the_history_and_the_moves():
    # The check reads the engine's state, history and moves only; events cost a sixth of it.
    done = check(only(fixture("robbing-the-kong")))
    assert done.rules.take_outcomes() == [] and done.rules.history[-1]["by"] == "rob"
    *_, (_, _, _, again) = gamelog.replay({"seed": "robbing-the-kong", "ruleset": "gb-mahjong",
                                           "table": "botzone", "walltiles": done.walltiles,
                                           "prevalent": 3, "players": ["x"] * 4}, done.moves)
    assert again.history == done.rules.history


def test_an_ignore_clause_is_read_and_a_win_outranks_the_pung_it_ignores():
    game = only(fixture("ignore-lines"))
    assert game.actions[-1].ignored == ((2, "Peng", kind_of("B2")),)
    assert isinstance(check(game), Replayed)


def test_an_ignored_claim_that_outranks_the_one_taken_disagrees():
    # seat 1 is nearer the discarder (seat 0) than seat 3, so its win comes first
    text = fixture("ignore-lines").replace("Player 1 Hu B2 Ignore Player 2 Peng B2",
                                           "Player 3 Hu B2 Ignore Player 1 Hu B2")
    outcome = check(only(text))
    assert outcome.kind == "priority"


def test_a_drawn_game_ends_when_the_seat_to_draw_has_received_its_whole_part():
    game = only(fixture("drawn-game-seed-s6"))
    done = check(game)
    assert done.rules.history[-1]["result"] == "draw"
    assert 0 in done.rules.wall_parts()


def test_the_rebuilt_wall_puts_each_seats_tiles_at_the_end_of_its_part():
    game = only(fixture("discard-win"))
    wall = rebuild_wall(game)
    assert len(wall) == 4 * PART
    for seat in range(4):
        part = wall[seat * PART:(seat + 1) * PART]
        assert part[::-1][:13] == game.deals[seat]
    assert wall[PART - 14] == kind_of("B2")  # seat 0's draw, after its thirteen


def test_a_fifth_copy_dealt_is_refused_at_its_deal_and_the_next_game_is_read():
    # It was read as a game and replayed into a 'wall' disagreement: no game holds five B1.
    text = fixture("discard-win").replace("F1 F1 F4 F4", "F1 F1 B1 B1")  # seat 1 holds three
    refused, after = contest_games(text + fixture("robbing-the-kong"))
    assert isinstance(refused, Refused) and (refused.game, refused.line) == ("discard-win", 5)
    assert refused.reason == "too many copies of B1: the deals hold 5, and a tile has 4"
    assert verdict(check(after)) == ("robbing-the-kong", "agreed")


def test_a_draw_the_engine_would_not_make_disagrees():
    text = fixture("discard-win").replace("Player 0 Draw B2", "Player 1 Draw B2")
    outcome = check(only(text))
    assert outcome.kind == "draw" and "seat 1 B2" in str(outcome)


@pytest.mark.parametrize(("old", "new", "says"), [
    ("Wind 0", "Wind 4", "out of range"),
    ("Wind 0", "Wind", "wants a number"),
    ("Player 0 Draw B2", "Player 0 Draw", "line 7: Draw names no tile: it is 'Player N Draw TILE'"),
    ("Player 0 Draw B2", "Player 0 Drew B2", "names an action"),
    ("Player 0 Draw B2", "Player 9 Draw B2", "Player: 9 is out of range (from 0 to 3)"),
    ("Player 1 Hu B2", "Player 1 Hu B2 Ignore Player 2", "Ignore Player N"),
    ("Player 0 Play B2", "Player 0 Play B2 Ignore Player 1 Chi B2", "Ignore follows"),
    ("Player 0 Play B2", "Player 1 Chi W9", "no chow's middle tile"),
    ("Player 0 Play B2", "Player 0 Play H1", "flowers are not"),
    ("Huang", "Huang", ""),
    ("Score -29 45 -8 -8", "Score -29 45 -8", "5 words"),
    ("Fan 21", "Fun 21", "begins no line"),
])
def test_a_malformed_line_is_refused_in_one_line_and_the_next_game_is_read(old, new, says):
    text = fixture("discard-win").replace(old, new) + fixture("robbing-the-kong")
    games = contest_games(text)
    if not says:
        assert [type(g) for g in games] == [type(games[1])] * 2
        return
    assert isinstance(games[0], Refused) and says in str(games[0])
    assert "\n" not in str(games[0]) and games[0].game == "discard-win"
    assert games[1].id == "robbing-the-kong"


def test_a_game_cut_short_is_refused():
    text = fixture("discard-win")
    cut = text[:text.index("Fan")]
    assert "ends before" in str(only(cut))
    assert "no Score line" in str(contest_games(cut + fixture("robbing-the-kong"))[0])
    assert "before the first Match" in str(contest_games("Wind 0\n" + text)[0])


# ----------------------------------------------------------------------- Botzone match logs

def botzone_text():
    return "".join(json.dumps(match_log(read_record(path))) + "\n"
                   for path in sorted(RECORDS.glob("*.jsonl")))


def test_the_recorded_botzone_games_import_as_match_logs_and_all_agree():
    results = [check(game) for game in botzone_log.read(io.StringIO(botzone_text()))]
    assert all(isinstance(r, Replayed) for r in results), [str(r) for r in results]
    ends = [(r.game.end, r.game.fan) for r in results]
    assert ends == [("foul", None), ("hu", 11), ("hu", 10), ("hu", 30), ("hu", 10),
                    ("foul", None), ("huang", None)]
    assert results[0].game.foul[:2] == (2, "WH")


def test_a_match_log_file_is_read_as_bytes_and_a_line_not_utf8_is_refused_alone(tmp_path):
    # The import opens match logs as bytes for orjson: the same games as text gives, and a line
    # that is not UTF-8 is one refusal, not a traceback, with the next match still read.
    first, *rest = botzone_text().splitlines(keepends=True)
    path = tmp_path / "matches.jsonl"
    path.write_bytes(first.encode() + b'{"log": ["\xff\xfe"]}\n' + "".join(rest).encode())
    read = list(outcomes([path], "botzone-log"))
    refused = read.pop(1)
    assert isinstance(refused, Refused) and "not JSON" in str(refused)
    assert "\n" not in str(refused) and refused.line == 2
    as_text = [check(game) for game in botzone_log.read(io.StringIO(first + "".join(rest)))]
    assert [(r.game.id, r.game.end, r.game.fan) for r in read] == [
        (r.game.id, r.game.end, r.game.fan) for r in as_text]
    assert len(read) == 7 and all(isinstance(r, Replayed) for r in read)


def requests(match):
    return [entry["output"]["content"] for entry in match["log"][0::2]
            if entry["output"]["command"] == "request"]


def test_the_recorded_botzone_games_export_to_the_judges_own_requests_flowers_included():
    # Was: the game with flowers (05) refused, "the export announces no BUHUA".
    from mjsim.tournament.imported import log_text

    for path in sorted(RECORDS.glob("*.jsonl")):
        match = match_log(read_record(path))
        [game] = botzone_log.read(io.StringIO(json.dumps(match)))
        done = check(game)
        header, moves = gamelog.read(io.StringIO(log_text(done, {"id": game.id})))
        [again] = games_of(header, moves, game.id)
        written = json.loads(botzone_log.write(again))
        assert requests(written) == requests(match), path.name
        if game.end == "foul":  # the answer judged, and the finish's seat, action and scores
            seat = str(game.foul[0])
            assert written["log"][-2][seat] == match["log"][-2][seat], path.name
            finish, judged = written["log"][-1]["output"], match["log"][-1]["output"]
            assert finish["content"] == judged["content"]
            assert finish["display"] == {key: judged["display"][key] for key in ("action",
                                                                                 "player")}
        [back] = botzone_log.read(io.StringIO(json.dumps(written)))
        assert check(back, seed=header["seed"].encode()).moves == moves
        if path.name.startswith("05"):
            with pytest.raises(ValueError, match="no flowers"):
                contest.write(again)


def test_a_recorded_game_ending_in_a_verdict_keeps_its_foul_in_the_imported_log():
    # Was: its log stopped at the verdict, so a replay of it left the hand unfinished.
    from mjsim.tournament.imported import log_text

    fouled = 0
    for path in sorted(RECORDS.glob("*.jsonl")):
        [game] = botzone_log.read(io.StringIO(json.dumps(match_log(read_record(path)))))
        if game.end != "foul":
            continue
        fouled += 1
        header, moves = gamelog.read(io.StringIO(log_text(check(game), {"id": game.id})))
        seat, reason, answer = game.foul
        assert moves[-1] == (seat, gamelog.LoggedFoul(reason, answer))
        *_, rules = list(gamelog.replay(header, moves))[-1]
        [row] = rules.history
        assert row["foul"] == {"seat": seat, "reason": reason, "answer": answer}
        assert tuple(row["deltas"]) == game.scores and rules.status == "finished"
        [again] = games_of(header, moves, game.id)
        assert (again.end, again.foul, again.scores) == ("foul", game.foul, game.scores)
    assert fouled == 2


def test_a_match_log_as_one_json_document_reads_too():
    match = match_log(read_record(RECORDS / "04-robbing-the-kong.jsonl"))
    pretty = json.dumps(match, indent=1)
    [game] = botzone_log.read(io.StringIO(pretty))
    assert isinstance(check(game), Replayed)
    both = list(botzone_log.read(io.StringIO(json.dumps([match, match]))))
    assert len(both) == 2


def test_match_logs_a_line_each_longer_than_64_kib_read_as_lines():
    # Was: the reader judged the layout from the file's first 64 KiB, and a real match (30-200
    # KB a line) was refused as "not JSON: Extra data".
    match = match_log(read_record(RECORDS / "04-robbing-the-kong.jsonl"))
    match["note"] = "x" * 70_000
    games = list(botzone_log.read(io.StringIO((json.dumps(match) + "\n") * 2)))
    assert [type(check(game)) for game in games] == [Replayed, Replayed]


def lite(match):
    """A match as Botzone's ``?lite=true`` page gives it: its entries under ``logs``, and no
    initdata (so no walltiles)."""
    log = [dict(entry) for entry in match["log"]]
    log[0] = {"output": {k: v for k, v in log[0]["output"].items() if k != "initdata"}}
    return {"status": "finished", "logs": log}


@pytest.mark.parametrize("name", ["02-claimed-kong-and-self-drawn-win.jsonl",
                                  "03-concealed-kong-bugang-and-discard-win.jsonl",
                                  "04-robbing-the-kong.jsonl", "07-wall-exhausted.jsonl"])
def test_a_match_without_walltiles_replays_on_the_wall_its_draws_rebuild(name):
    # Was: refused, "the match gives no initdata with walltiles" (as a lite page gives it).
    match = match_log(read_record(RECORDS / name))
    if name.startswith("07"):  # its flowers: a rebuilt wall holds playing tiles only
        [refused] = botzone_log.read(io.StringIO(json.dumps(lite(match))))
        assert isinstance(refused, Refused) and "no walltiles" in str(refused)
        return
    [whole] = botzone_log.read(io.StringIO(json.dumps(match)))
    for text in (json.dumps(lite(match)), json.dumps(lite(match)["logs"])):  # a bare list too
        [game] = botzone_log.read(io.StringIO(text))
        assert game.walltiles is None
        done = check(game)
        assert isinstance(done, Replayed), str(done)
        assert done.moves == check(whole).moves
        assert done.rules.history[-1]["deltas"] == list(whole.scores)


@pytest.mark.parametrize(("entry", "seat", "before", "after", "reason"), [
    # The deals hold four T4 (seat 0 one, seat 1 two, seat 2 one): seat 0's first draw is a
    # fifth, or seat 3's W9 dealt as T4 is.
    (4, "0", "2 T2", "2 T4",
     "too many copies of T4: request 2's draw makes 5 dealt and drawn, and a tile has 4"),
    (2, "3", " W9 ", " T4 ", "too many copies of T4: request 1's deals hold 5, and a tile has 4"),
])
def test_a_match_without_walltiles_holding_a_fifth_copy_is_refused(entry, seat, before, after,
                                                                   reason):
    # It was read as a game and its rebuilt wall reported a 'wall' disagreement, as if a real
    # game had gone otherwise than the engine plays it; the contest's text refuses it so.
    match = lite(match_log(read_record(RECORDS / "02-claimed-kong-and-self-drawn-win.jsonl")))
    good = json.dumps(match)
    content = match["logs"][entry]["output"]["content"]
    assert before in content[seat]
    content[seat] = content[seat].replace(before, after)
    refused, then = botzone_log.read(io.StringIO(json.dumps(match) + "\n" + good + "\n"))
    assert isinstance(refused, Refused) and refused.reason == reason, str(refused)
    assert isinstance(check(then), Replayed)


def test_a_recorded_scores_change_is_a_score_disagreement():
    match = match_log(read_record(RECORDS / "04-robbing-the-kong.jsonl"))
    match["log"][-1]["output"]["content"]["0"] = -9
    [game] = botzone_log.read(io.StringIO(json.dumps(match)))
    assert check(game).kind == "score"


def _one_request(request):
    """A match log of one request, the same to every seat, and the bots' answers."""
    return json.dumps({"log": [{"output": {"command": "request", "content": dict.fromkeys(
        "0123", request)}}, {}]}) + "\n"


def _finished(content, display):
    """A match log of nothing but its finish, with ``content`` and ``display``."""
    return json.dumps({"log": [{"output": {"command": "finish", "content": content,
                                           "display": display}}]}) + "\n"


@pytest.mark.parametrize(("text", "says"), [
    ("{not json\n", "not JSON"),
    ('{"log": 3}\n', '"log" list'),
    ('{"log": []}\n', "no finish entry"),
    ('{"initdata": 3, "log": []}\n', "initdata is not an object"),
    ('{"initdata": {"walltiles": "W1"}, "log": [{"output": {"command": "request"}}]}\n',
     "unreadable entry (request 0 has no content object (a text for each seat))"),
    # Was: a traceback (a StopIteration raised inside the reader's generator)
    ('{"log": [{"output": {"command": "request", "content": {}}}]}\n', "sent to no seat"),
    # Names read by one look-up each: a bad one is still named, with where it stands.
    ('{"initdata": {"walltiles": "W1 W2  X9 W3"}, "log": []}\n', "'X9' at character 7"),
    (_one_request("1 0 0 0 0 W1 W2 W3 W4 W5 W6 W7 W8 W9 B1 B2 B3 ZZ"), "'ZZ' at character 36"),
    (_one_request("3 0 PLAY Q7"), "'Q7' at character 0: not a Botzone tile name"),
    (_one_request("3 0 PLAY H1"), "H1 where a playing tile must be"),
    # Python's words were the reason: "list index out of range", "'str' object has no
    # attribute 'get'", "invalid literal for int() with base 10: 'x'", "('player')".
    (_one_request("3 0 PLAY"), "(request 0 or an answer to it has too few words)"),
    ('{"log": [{"output": "x"}, {}]}\n', "(request 0 has no judge's output object)"),
    # Was skipped, pairing each later request with the answers to the one before it.
    ('{"log": [null, {}, {"output": {"command": "finish"}}]}\n',
     "(entry 0 is not the judge's (an object))"),
    ('{"log": [{"output": {"command": "request", "content": {"0": "3 1 DRAW"}}}, {}]}\n',
     "(request 0: seat 1 draws, but is told '')"),
    (_finished({"0": "x", "1": 0, "2": 0, "3": 0}, {"action": "HUANG"}),
     "(the finish's score of seat 0 is a whole number, not x)"),
    (_finished(dict.fromkeys("0123", 0), {"action": "HU", "fanCnt": 8}),
     "(a seat is 0-3, not None)"),
    (_finished(dict.fromkeys("0123", 0), {"action": "HU", "player": 0, "fanCnt": "8 W1"}),
     "(the finish's fanCnt is a whole number, not 8 W1)"),
])
def test_a_malformed_match_log_is_refused_in_one_line(text, says):
    [refused] = botzone_log.read(io.StringIO(text))
    assert isinstance(refused, Refused) and says in str(refused) and "\n" not in str(refused)


def _paths(node, prefix=()):
    """Every place in a JSON document, as the keys leading to it."""
    if prefix:
        yield prefix
    items = node.items() if isinstance(node, dict) else enumerate(node) if isinstance(
        node, list) else ()
    for key, value in items:
        yield from _paths(value, (*prefix, key))


_MATCHES = {path.name: match_log(read_record(path)) for path in sorted(RECORDS.glob("*.jsonl"))}
_DAMAGE = [None, 0, -1, 4, 7, "", "x", "-1", "4", "0 0 7", "3 0 PLAY", "2 W1", "2 H1",
           "3 9 GANG", "3 -1 PLAY W1", "3 1 BUHUA H1", "1 0 0 0 0 W1", "HU", "GANG W9", "PENG",
           "CHI B2 W1", [], {}, [1], {"0": "x"}, 1.5, True, "W1 W1 W1 W1 W1",
           '{"walltiles": "W1"}', '{"walltiles": "W1 W2 W3 W4", "quan": 9}', "GANG H1",
           "3 0 PLAY H1", "3 2 CHI H2 W1"]


@settings(max_examples=400, deadline=None)
@given(st.sampled_from(sorted(_MATCHES)), st.data())
def test_a_damaged_match_log_is_read_and_checked_without_an_exception(name, data):
    # Was: a seat 9 in a request, a quan of 7 or a wall of one tile escaped as the engine's
    # ValueError, a flower discarded or konged as an IndexError, and a request to no seat as a
    # RuntimeError (StopIteration in the generator).
    match = json.loads(json.dumps(_MATCHES[name]))
    # What the reader reads: the requests, the finish, the initdata and the answers.
    places = [place for place in _paths(match) if {"content", "display", "initdata",
                                                   "response"} & set(place)]
    for _ in range(data.draw(st.integers(1, 3))):
        *keys, last = data.draw(st.sampled_from(places))
        node = match
        with contextlib.suppress(KeyError, IndexError, TypeError):  # an earlier damage's
            for key in keys:
                node = node[key]
            node[last] = data.draw(st.sampled_from(_DAMAGE))
    for game in botzone_log.read(io.StringIO(json.dumps(match))):
        outcome = game if isinstance(game, Refused) else check(game)
        if not isinstance(outcome, Replayed):
            assert "\n" not in str(outcome)


# ------------------------------------------------------------------------------ round trips

def played_logs(count, level="2"):
    """``count`` seeded games of rung ``level`` on Botzone's table, as game logs."""
    for number in range(count):
        yield played_log(f"trip-{number}", level)


def played_log(seed, level):
    """The game of rung ``level`` on Botzone's table from ``seed``, as a game log."""
    from mjsim.players.specs import load_player
    from mjsim.ui.replay import play_logged

    read = play_logged(seed, [load_player(level) for _ in range(4)],
                       Settings(ruleset="gb-mahjong", table="botzone"), names=[level] * 4)
    assert read.stopped is None
    return read.header, read.moves


@pytest.mark.slow
def test_export_then_import_gives_the_same_games_in_both_formats():
    ends = set()
    for number, (header, moves) in enumerate(played_logs(200)):
        [game] = games_of(header, moves, f"trip-{number}")
        ends.add(game.end)
        for reader, writer in ((contest.read, contest.write),
                               (botzone_log.read, botzone_log.write)):
            [back] = reader(io.StringIO(writer(game)))
            done = check(back, seed=header["seed"].encode())
            assert isinstance(done, Replayed), str(done)
            assert done.moves == moves
            assert done.rules.history[-1]["deltas"] == list(game.scores)
    assert ends == {"hu", "huang"}


def test_an_imported_games_log_replays_to_the_same_end():
    done = check(only(fixture("robbing-the-kong")))
    from mjsim.tournament.imported import log_text

    header, moves = gamelog.read(io.StringIO(log_text(done, {"format": "contest-text"})))
    assert header["walltiles"] == done.walltiles and header["prevalent"] == 3
    *_, (_, _, _, rules) = gamelog.replay(header, moves)
    assert rules.history[-1] == done.rules.history[-1]


def test_the_contests_public_sample_of_real_games_all_agree():
    # Sixteen games of the IJCAI contest's own data (tests/data/real/README.md): every action
    # legal where made, every win's fan total and every Score line the engine's.
    path = DATA / "real" / "contest-sample.txt"
    checked = list(outcomes([path], "contest-text"))
    assert len(checked) == path.read_text().count("Match ") == 16
    assert [verdict(outcome)[1] for outcome in checked] == ["agreed"] * 16
    drawn = [o for o in checked if o.rules.history[0]["winner"] is None]
    assert len(drawn) == path.read_text().count("Huang") == 2
