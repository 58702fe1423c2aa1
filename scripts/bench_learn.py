"""What the learning layer costs: encoding a view (alone, and in batches with and without its
legal mask), taking the view itself, a PettingZoo step, and the vectorised games stepped with
random legal actions.

With riichienv installed (``pip install -e ".[bench]"``) the same figures for it are printed
beside: its ``Observation.encode`` (74 x 34 float32, on each fresh observation) and its
``RiichiEnv.step`` with random legal actions (0.4.11 has no ``step_batch``), riichi rules.

Views come from seeded games of rung 2 (every decision of ``--games`` one-hand games); each
encoding figure is the median (and the best) of ``--repeats`` timings, the cases timed in
turn. Run from the repository root:
``python scripts/bench_learn.py``.
"""

from __future__ import annotations

import argparse
import importlib.util
import random
import statistics
import time
from collections.abc import Callable

import numpy as np

from mjsim.game.rules import Rules
from mjsim.learn import encode, encode_batch, env, legal_mask
from mjsim.learn.planes import PLANES
from mjsim.learn.vector import VectorGames
from mjsim.players import Rung, View, view_of


def views_of(games: int) -> list[tuple[Rules, int]]:
    """(a copy of the game, seat) at every decision of ``games`` one-hand games of rung 2."""
    rung, found = Rung(2), []
    for index in range(games):
        game = Rules(f"bench-{index}", last_hand=1)
        while game.is_active:
            seat = game.waiting_on()[0]
            found.append((game.clone(), seat))
            game.apply(seat, rung.act(view_of(game, seat)))
            game.take_outcomes()
    return found


def timings(cases: dict[str, Callable[[], object]], calls: int,
            repeats: int) -> dict[str, tuple[float, float]]:
    """Seconds a call of each case (which makes ``calls`` calls), timed in turn ``repeats``
    times so that a burst of load falls on every case alike: (median, best)."""
    times: dict[str, list[float]] = {label: [] for label in cases}
    for _ in range(repeats):
        for label, run in cases.items():
            start = time.perf_counter()
            run()
            times[label].append((time.perf_counter() - start) / calls)
    return {label: (statistics.median(t), min(t)) for label, t in times.items()}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=20)
    parser.add_argument("--repeats", type=int, default=5)
    parser.add_argument("--seconds", type=float, default=3.0,
                        help="how long each vectorised run lasts")
    args = parser.parse_args()
    positions = views_of(args.games)
    views: list[View] = [view_of(game, seat) for game, seat in positions]
    n = len(views)
    print(f"{n} views from {args.games} one-hand games of rung 2")
    out = np.zeros((n, *PLANES), dtype=np.uint8)
    masks = np.zeros((n, 75), dtype=np.int8)
    cases: dict[str, Callable[[], object]] = {
        "view_of (the engine's view, for scale)":
            lambda: [view_of(game, seat) for game, seat in positions],
        "encode(view), one call": lambda: [encode(v) for v in views],
        "legal_mask(view), one call": lambda: [legal_mask(v) for v in views],
        "encode_batch, planes only": lambda: encode_batch(views, out),
        "encode_batch, planes and masks": lambda: encode_batch(views, out, masks),
    }
    print(f"  {'µs a view':<40} {'median':>7} {'best':>7}")
    for label, (median, best) in timings(cases, n, args.repeats).items():
        print(f"  {label:<40} {median * 1e6:7.2f} {best * 1e6:7.2f}")
    print(f"  PettingZoo AEC step (one hand, random legal actions) "
          f"{aec_steps(args.seconds):,.0f} steps/s")
    for size in (16, 64, 256):
        print(f"  vectorised, {size:>3} games, random legal actions    "
              f"{vector_steps(size, args.seconds):,.0f} steps/s")
    if importlib.util.find_spec("riichienv") is not None:
        encode_seconds, actions = riichienv_figures(args.seconds)
        print(f"  riichienv Observation.encode, fresh observations   {encode_seconds * 1e6:.2f} µs")
        print(f"  riichienv RiichiEnv.step, random legal actions    {actions:,.0f} actions/s")


def aec_steps(seconds: float) -> float:
    """Steps a second of the PettingZoo environment, random legal actions, one-hand games."""
    table, rng = env(hands=1), np.random.default_rng(0)
    table.reset(seed=0)
    steps, start = 0, time.perf_counter()
    while time.perf_counter() - start < seconds:
        observation, _, termination, truncation, _ = table.last()
        if termination or truncation:
            table.reset()
            continue
        table.step(int(rng.choice(np.flatnonzero(observation["action_mask"]))))
        steps += 1
    return steps / (time.perf_counter() - start)


def vector_steps(size: int, seconds: float) -> float:
    """Game steps a second of ``size`` sixteen-hand games stepped together."""
    games, rng = VectorGames(size, seed="bench", hands=16), np.random.default_rng(0)
    _, masks, _ = games.reset()
    steps, start = 0, time.perf_counter()
    while time.perf_counter() - start < seconds:
        actions = (rng.random(masks.shape) * masks).argmax(axis=1)
        _, masks, _, _, _ = games.step(actions)
        steps += size
    return steps / (time.perf_counter() - start)


def riichienv_figures(seconds: float) -> tuple[float, float]:
    """riichienv's seconds an encoding (each observation met, encoded once) and player
    actions a second, random legal ones, over ``seconds`` of play."""
    from riichienv import RiichiEnv

    rng = random.Random(0)
    table = RiichiEnv(game_mode="4p-red-half", skip_mjai_logging=True, seed=1)
    observations = table.reset()
    actions_taken, encoded, encoding, start = 0, 0, 0.0, time.perf_counter()
    while time.perf_counter() - start < seconds:
        if table.done():
            observations = table.reset()
            continue
        actions = {}
        for seat, observation in observations.items():
            before = time.perf_counter()
            observation.encode()
            encoding += time.perf_counter() - before
            encoded += 1
            legal = observation.legal_actions()
            if legal:
                actions[seat] = rng.choice(legal)
        actions_taken += len(actions)
        observations = table.step(actions)
    elapsed = time.perf_counter() - start
    return encoding / encoded, actions_taken / (elapsed - encoding)


if __name__ == "__main__":
    main()
