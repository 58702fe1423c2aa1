"""Random play, the conformance test: seeded games where every seat picks a random legal move;
the invariants after every move, every kind of move played somewhere, refusals of every kind
changing nothing, replays from a JSON log, and clones that copy every field of the hand's
record."""

import dataclasses
import inspect
import json
from collections import Counter, defaultdict
from types import SimpleNamespace

import numpy as np
import pytest

from mjsim.game.moves import DISCARDS, WIN, Move
from mjsim.game.rules import HandState, Rules
from mjsim.game.settlement import HANDS
from mjsim.game.window import Window
from mjsim.scoring import Scored
from mjsim.tiles.hand import Hand
from mjsim.tiles.wall import Wall
from tests.helpers.positions import SEAT0, SEAT1, SEAT2, SEAT3, position
from tests.helpers.random_play import choose, play_fuzzing, snapshot

GAMES = 128                        # 2,048 hands


def label(game, seat, move):
    """The kind of a move with the circumstance that makes it a different rule."""
    if move.kind == "kong":
        if game.phase == "claim":
            return "kong-claimed"
        return "kong-concealed" if game.hand_of(seat).counts[move.tile] == 4 else "kong-promoted"
    if move.kind == "win":
        return {"discard": "win-self", "claim": "win-discard", "rob": "win-rob"}[game.phase]
    if move.kind == "pass" and game.phase == "rob":
        return "pass-rob"
    return move.kind


@pytest.fixture(scope="module")
def played():
    problems, games = [], []
    labels = Counter()
    for number in range(GAMES):
        rng = np.random.default_rng(number)
        game = Rules(seed=number)
        events = game.take_outcomes()
        problems.extend(game.check_invariants())
        while game.is_active and len(problems) < 5:
            seat, move = choose(rng, game)
            labels[label(game, seat, move)] += 1
            result = game.apply(seat, move)
            if result is not True:
                problems.append(f"game {number}: legal {move!r} by {seat} refused: {result}")
            problems.extend(f"game {number} after {move!r} by {seat}: {p}\n{game.to_string()}"
                            for p in game.check_invariants())
            events.extend(game.take_outcomes())
        games.append(SimpleNamespace(game=game, events=events))
    return SimpleNamespace(problems=problems, games=games, labels=labels)


def test_invariants_hold_after_every_move(played):
    assert played.problems == []


def test_every_hand_ends_and_every_game_ends_after_sixteen(played):
    assert sum(len(g.game.history) for g in played.games) >= 2000
    for g in played.games:
        assert g.game.status == "finished" and len(g.game.history) == HANDS
        assert [e["kind"] for e in g.events].count("settle") == HANDS
        assert g.events[-1]["kind"] == "end" and g.game.waiting_on() == []


def test_totals_sum_to_zero_and_add_up_the_settlements(played):
    for g in played.games:
        assert sum(g.game.totals) == 0
        sums = [sum(record["deltas"][seat] for record in g.game.history) for seat in range(4)]
        assert g.game.totals == sums
        assert g.events[-1]["totals"] == g.game.totals


def test_every_kind_of_move_is_played_somewhere(played):
    kinds = {"discard", "kong-concealed", "kong-promoted", "kong-claimed", "chow", "pung",
             "pass", "win-self", "win-discard"}
    assert kinds <= set(played.labels), played.labels


def test_both_ends_of_a_hand_occur(played):
    results = Counter(r["result"] for g in played.games for r in g.game.history)
    ways = Counter(r["by"] for g in played.games for r in g.game.history)
    assert results["score"] > 0 and results["draw"] > 0
    assert ways["self"] > 0 and ways["discard"] > 0


def test_dealer_and_winds_across_the_sixteen_hands(played):
    for g in played.games:
        deals = [e for e in g.events if e["kind"] == "deal"]
        assert [d["hand_no"] for d in deals] == list(range(1, HANDS + 1))
        for deal in deals:
            assert deal["dealer"] == (deal["hand_no"] - 1) % 4
            assert deal["prevalent"] == (deal["hand_no"] - 1) // 4
            assert len(deal["hands"][deal["dealer"]]) == 14


def test_events_are_json_safe(played):
    for g in played.games[:8]:
        for event in g.events:
            assert json.loads(json.dumps(event)) == event
            assert event["actor"] == "sys" or event["actor"] in range(4)


# ------------------------------------------------------------------------ refusal fuzz

def test_refusals_change_nothing_and_legal_moves_are_taken():
    codes = Counter()
    for number in range(2):
        rng = np.random.default_rng(1000 + number)
        play_fuzzing(rng, Rules(seed=f"fuzz-{number}", last_hand=8), codes, every=61)
    documented = Rules.apply.__doc__
    assert all(f"``{code}``" in documented for code in codes), codes
    assert {"not-your-turn", "tile-not-held", "no-window", "window-open", "bad-move",
            "game-over", "cannot-claim", "bad-chow", "not-complete"} <= set(codes), codes


def test_answering_twice_and_moving_after_the_end_are_refused():
    game = Rules(seed="twice")
    rng = np.random.default_rng(7)
    asked_twice = False
    while game.is_active:
        seat, move = choose(rng, game)
        window = game.window
        assert game.apply(seat, move) is True
        if window is not None and game.window is not None and seat in game.window["answers"]:
            before = snapshot(game)
            assert game.apply(seat, Move("pass")).code == "already-answered"
            assert snapshot(game) == before
            asked_twice = True
    assert asked_twice
    before = snapshot(game)
    for seat in range(4):
        assert game.apply(seat, Move("pass")).code == "game-over"
        assert game.legal(seat) == []
    assert snapshot(game) == before


# ------------------------------------------------------------------- replay and branching

def play_logged(seed, rng):
    game = Rules(seed=seed)
    log, events = [], game.take_outcomes()
    while game.is_active:
        seat, move = choose(rng, game)
        assert game.apply(seat, move) is True
        log.append(json.dumps({"seat": seat, "move": move.to_dict()}))
        events.extend(game.take_outcomes())
    return log, [json.dumps(event) for event in events]


def test_replaying_the_logged_moves_reproduces_the_events():
    log, events = play_logged("replay", np.random.default_rng(3))
    replay = Rules(seed="replay")
    replayed = replay.take_outcomes()
    for line in log:
        record = json.loads(line)
        assert replay.apply(record["seat"], Move.from_dict(record["move"])) is True
        replayed.extend(replay.take_outcomes())
    assert [json.dumps(event) for event in replayed] == events


def test_a_clone_branches_independently():
    rng = np.random.default_rng(11)
    game = Rules(seed="branch")
    for _ in range(150):
        game.apply(*choose(rng, game))
    before = snapshot(game)
    branch = game.clone()
    moves = []
    for _ in range(60):
        seat, move = choose(rng, branch)
        moves.append((seat, move))
        assert branch.apply(seat, move) is True
    assert snapshot(game) == before
    for seat, move in moves:
        assert game.apply(seat, move) is True
    assert snapshot(game) == snapshot(branch)


# Every field of the hand's record, as the compiled class declares it: a field added to the
# record is checked below without being named here.
FIELDS = [name for name, _ in inspect.getmembers(HandState, inspect.isgetsetdescriptor)]


def plain(value):
    """A value held by the record as plain data, to compare a clone's with the original's.

    Raises ``TypeError`` for a kind of value it does not know: say here how to compare it."""
    if _immutable(value):
        return value
    if isinstance(value, (list, tuple)):
        return (type(value).__name__, [plain(v) for v in value])
    if isinstance(value, dict):
        return {key: plain(v) for key, v in value.items()}
    if isinstance(value, Hand):
        return value.counts.tobytes(), value.melds, value.flowers
    if isinstance(value, Wall):
        return value.seed, value.hand_no, value.order
    if isinstance(value, Window):
        return value.as_dict()
    if hasattr(value, "shape"):     # the counts block
        return np.asarray(value).tolist()
    raise TypeError(f"no plain form for {type(value).__name__}")


def _immutable(value):
    """A scalar, a Scored (a compiled result, read-only) or a frozen dataclass (a Move, a Meld):
    safe to share."""
    return (value is None or isinstance(value, (bool, int, str, bytes, Scored))
            or dataclasses.is_dataclass(value) and type(value).__dataclass_params__.frozen)


def assert_unshared(mine, theirs, where):
    """Nothing mutable in ``mine`` is in ``theirs``: changing one never shows in the other."""
    if _immutable(mine):
        return
    if not isinstance(mine, tuple):
        assert mine is not theirs, f"{where} is shared"
    if isinstance(mine, (list, tuple)):
        for index, (a, b) in enumerate(zip(mine, theirs)):
            assert_unshared(a, b, f"{where}[{index}]")
    elif isinstance(mine, dict):
        for key in mine:
            assert_unshared(mine[key], theirs[key], f"{where}[{key!r}]")
    elif isinstance(mine, Hand):
        assert not np.shares_memory(mine.counts, theirs.counts), f"{where}.counts is shared"
    elif hasattr(mine, "shape"):
        assert not np.shares_memory(np.asarray(mine), np.asarray(theirs)), f"{where} is shared"


def state_of(game):
    return {name: plain(getattr(game.state, name)) for name in FIELDS}


def play_on(game, seed, moves=8):
    """Play up to ``moves`` random moves; the events, as JSON, including those not yet taken."""
    rng = np.random.default_rng(seed)
    for _ in range(moves):
        if not game.is_active:
            break
        assert game.apply(*choose(rng, game)) is True
    return [json.dumps(event) for event in game.take_outcomes()]


NINE_GATES = "1112345678999m"              # waits on every m tile
M5, M7, R = 4, 6, 31


def test_a_clone_copies_every_field_of_the_hand_and_plays_on_alike():
    """Before every move of two random games and of two written positions (for what random
    play seldom reaches: a self-drawn win, a window on the wall's last discard), each field of a
    clone's record equals the original's and shares nothing mutable with it; every tenth move,
    moves on the clone leave the original untouched and the original then plays them to the
    same events. Each field takes two values or more over the moments, so a field left out of
    ``HandState.copy`` (where it would keep its blank value) cannot pass unseen."""
    assert {"wall", "hands", "counts", "pools", "turn", "window", "turn_win"} <= set(FIELDS)
    cases = [(Rules(seed="record-0"), []), (Rules(seed="record-1", last_hand=8), []),
             (position(hands=(NINE_GATES + " 5m", SEAT1, SEAT2, SEAT3), drawn=M5), [(0, WIN)]),
             (position(hands=(SEAT0, SEAT1, SEAT2, NINE_GATES), wall="7m"),
              [(0, DISCARDS[R]), (1, DISCARDS[M7]), (3, WIN)])]
    seen = defaultdict(set)
    for number, (game, script) in enumerate(cases):
        rng = np.random.default_rng(number)
        step = 0
        while game.is_active:
            if script:
                seat, move = script.pop(0)
                assert move in game.legal(seat)     # legal() works out the self-drawn win
            else:
                seat, move = choose(rng, game)
            clone = game.clone()
            for name in FIELDS:
                mine, theirs = getattr(game.state, name), getattr(clone.state, name)
                assert plain(theirs) == plain(mine), (name, game.to_string())
                assert_unshared(theirs, mine, f"the clone's {name}")
                seen[name].add(repr(plain(mine)))
            step += 1
            if step % 10:
                assert game.apply(seat, move) is True
                continue
            before, public = state_of(game), snapshot(game)
            events = play_on(clone, step)
            assert state_of(game) == before and snapshot(game) == public
            assert play_on(game, step) == events
    constant = [name for name in FIELDS if len(seen[name]) < 2]
    assert constant == [], f"{constant} never changed: this test cannot tell if clone copies them"


def test_an_unknown_ruleset_is_refused():
    with pytest.raises(ValueError, match="ruleset"):
        Rules(seed="rules", ruleset="riichi")
