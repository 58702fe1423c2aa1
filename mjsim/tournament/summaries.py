"""Reading a run folder back, and the summaries the notebooks and figures show.

>>> rates = outcome_rates(pd.DataFrame({
...     "seed": ["a"] * 4, "lineup": ["1,1,1,1"] * 4, "hand_no": [1] * 4, "seat": [0, 1, 2, 3],
...     "prevalent": [0] * 4, "outcome": ["won", "dealt-in", "paid", "paid"],
...     "how": ["discard"] * 4}), by="seat")
>>> rates.loc[0, "win"].item(), rates.loc[1, "deal_in"].item(), rates.loc[2, "exhausted"].item()
(1.0, 1.0, 0.0)
"""

from __future__ import annotations

from pathlib import Path

import pandas as pd

from mjsim.game.settlement import HANDS
from mjsim.tournament import pricing
from mjsim.tournament.estimates import Column, seed_means
from mjsim.tournament.experiments import RUNGS, Report, ladder
from mjsim.tournament.lineups import Roster
from mjsim.tournament.schedule import wall_index
from mjsim.tournament.sequential import Sequential, t_sprt
from mjsim.tournament.store import RunFolder

DEMO_RUN = Path("runs") / "notebook-demo"
"""Where a notebook makes its small run when it is given none."""


def load(folder: str | Path) -> Report:
    """A finished run as a :class:`Report`: its tables and the summaries it wrote.

    Raises ``FileNotFoundError`` when ``folder`` holds no run.
    """
    run = RunFolder(folder)
    if run.manifest() is None:
        raise FileNotFoundError(f"{folder} holds no run (no manifest.json); make one with "
                                f"mjsim ladder --out {folder}")
    report = Report(Path(folder), tables=run.tables())
    for attribute, name in (("estimates", "summary.csv"), ("standings", "standings.csv"),
                            ("contrasts", "contrasts.csv"), ("competition", "competition.csv")):
        path = Path(folder) / name
        if path.exists():
            # Variants such as "3" are names, not numbers.
            setattr(report, attribute, pd.read_csv(path, dtype={
                "variant": str, "versus": str, "challenger": str, "baseline": str,
                "name": str}))
    return report


def ensure_run(folder: str | Path | None = None, *, walls: int = 3) -> Report:
    """The run in ``folder``; with no folder, a small ladder made (once) in ``DEMO_RUN``."""
    if folder:
        return load(folder)
    if RunFolder(DEMO_RUN).manifest() is None or not (DEMO_RUN / "summary.csv").exists():
        ladder(DEMO_RUN, walls=walls, seed="notebook", quiet=True)
    return load(DEMO_RUN)


TOP = RUNGS[-1]
"""The top rung of the built-in ladder, whose ideas a ladder run prices."""


def idea_challengers(player: str = TOP) -> dict[str, str]:
    """Each idea of a player (a spec; by default the ladder's top rung) and the variant that
    plays without it.

    >>> idea_challengers("2")
    {'shanten': '2-shanten', 'claims': '2-claims'}
    """
    roster = Roster()
    return {idea: roster.with_off(player, idea) for idea in roster.ideas(player)}


def idea_prices(report: Report) -> pd.DataFrame:
    """The ideas' rows of a ladder's estimates: price per hand, interval, p-values, pairing."""
    rows = report.estimates[report.estimates[Column.KIND] == "idea"]
    return rows[[Column.NAME, Column.VALUE_HAND, Column.LOW_HAND, Column.HIGH_HAND, Column.P,
                 Column.P_BH, Column.SEEDS, Column.SE_GAME, Column.UNPAIRED_SE_GAME,
                 Column.VARIANCE_REDUCTION]].reset_index(drop=True)


def hands_per_game(seats: pd.DataFrame) -> int:
    """Hands a game of the run holds, from its seats table: the most a game of it played
    (sixteen on the MCR table, one on Botzone's), what its estimates divide a game's points by.

    >>> hands_per_game(pd.DataFrame({"hands": [1, 1]})), hands_per_game(pd.DataFrame())
    (1, 16)
    """
    if "hands" not in seats or seats.empty:  # no games to say: the default table's
        return HANDS
    return int(seats["hands"].max())


def running_estimate(seats: pd.DataFrame, challenger: str, baseline: str,
                     sign: int = -1) -> pd.DataFrame:
    """The estimate per hand and its 95% interval after each wall, in the order walls were played;
    per hand of the run's own games (:func:`hands_per_game`).

    ``sign=-1`` gives an idea's price (the challenger plays without it); ``+1`` a rung step.
    """
    hands = hands_per_game(seats)
    diffs = pricing.paired_differences(seats, baseline)
    diffs = diffs[diffs["challenger"] == challenger]
    order = sorted(diffs["seed"].unique(), key=wall_index)
    rows = []
    for walls in range(2, len(order) + 1):
        est = pricing.estimate(diffs[diffs["seed"].isin(order[:walls])], challenger, baseline)
        low, high = sorted((sign * est.low / hands, sign * est.high / hands))
        rows.append({"walls": walls, "value_hand": sign * est.mean / hands + 0.0,
                     "low_hand": low, "high_hand": high})
    return pd.DataFrame(rows, columns=["walls", "value_hand", "low_hand", "high_hand"])


def sequential(seats: pd.DataFrame, challengers: dict[str, str], baseline: str,
               delta: float = 0.5) -> dict[str, Sequential]:
    """The sequential test of each idea (name -> the variant without it) as walls accumulate,
    on its price a hand of the run's own games (:func:`hands_per_game`)."""
    hands = hands_per_game(seats)
    diffs = pricing.paired_differences(seats, baseline)
    return {name: t_sprt([m / hands for m in seed_means(diffs, challenger, sign=-1)], delta)
            for name, challenger in challengers.items()}


def outcome_rates(hands: pd.DataFrame, by: str = "seat") -> pd.DataFrame:
    """Win, self-draw, deal-in and exhausted-hand rates per hand, by ``seat`` or ``prevalent``."""
    if by not in ("seat", "prevalent"):
        raise ValueError(f"rates are by seat or by prevalent wind, not {by!r}")
    flags = pd.DataFrame({
        by: hands[by],
        "win": hands["outcome"] == "won",
        "self_draw": (hands["outcome"] == "won") & (hands["how"] == "self"),
        "deal_in": hands["outcome"] == "dealt-in",
        "exhausted": hands["outcome"] == "drawn",
    })
    return flags.groupby(by).mean().astype(float)


def fan_frequency(fans: pd.DataFrame, hands: pd.DataFrame) -> pd.DataFrame:
    """How often each scoring element appears in a variant's wins (a share of its wins)."""
    wins = hands[hands["outcome"] == "won"].groupby("variant").size()
    counted = (fans.drop_duplicates(["seed", "lineup", "hand_no", "number"])
               .groupby(["variant", "number", "name"]).size().rename("wins").reset_index())
    counted["share"] = counted["wins"] / counted["variant"].map(wins)
    return counted.sort_values(["variant", "share"], ascending=[True, False], ignore_index=True)
