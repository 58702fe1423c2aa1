"""How often an idea changes a move: the trigger rates of the ideas a run prices.

A price run's challenger "B-X" seats are shadowed by B (:func:`shadows`, passed to
:func:`.runner.run`): on each decision the challenger makes, B is asked too, and the seats table
counts the decisions and those where B would have moved otherwise (``decisions``, ``changed``).
Those are exactly the moves idea X decides, so an idea that never triggers has a true price of
0 and no interval is needed to say so: :func:`trigger_words` says "never changed a move".
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

import pandas as pd

from mjsim.tournament.numbers import percent

__all__ = ["shadows", "trigger_rows", "trigger_sums", "trigger_words", "with_triggers"]

ROW_COLUMNS = ["challenger", "decisions", "changed", "rate", "seeds", "seeds_changed",
               "seed_rate"]
COUNT_COLUMNS = ("seed", "variant", "decisions", "changed")
"""The columns of the seats table that the trigger counts read."""


def shadows(baseline: str, challengers: Iterable[str]) -> dict[str, str]:
    """Each challenger shadowed by the baseline it is priced against (``run(shadows=...)``).

    >>> shadows("3", ["3-defence", "3-planning"])
    {'3-defence': '3', '3-planning': '3'}
    """
    return {challenger: baseline for challenger in challengers}


def trigger_sums(seats: pd.DataFrame) -> pd.DataFrame:
    """The trigger counts of ``seats`` summed per seed and variant (NaN where a seed's table
    has none): what :func:`trigger_rows` and :func:`with_triggers` give the same rows from as
    from the table itself, so a run's can be summed a few batches at a time and the sums
    concatenated (each seed's games are in one batch)."""
    columns = ["decisions", "changed"]
    sums = seats.groupby(["seed", "variant"], sort=False, dropna=False)[columns]
    return sums.sum(min_count=1).reset_index()


def trigger_rows(seats: pd.DataFrame, challengers: Iterable[str]) -> pd.DataFrame:
    """Per challenger (from the seats table or its :func:`trigger_sums`): its seats'
    ``decisions`` and ``changed`` summed over the run, the ``rate`` (changed / decisions), the
    ``seeds`` it played and ``seeds_changed``, those on which it changed at least one move, and
    their share ``seed_rate``.

    Raises ``ValueError`` when the table has no trigger counts (a run played without shadows).
    """
    if "changed" not in seats.columns or seats["changed"].isna().any():
        raise ValueError("the seats table has no trigger counts: the run was played without "
                         "shadows")
    rows = []
    for challenger in challengers:
        mine = seats[seats["variant"] == challenger]
        per_seed = mine.groupby("seed")[["decisions", "changed"]].sum()
        decisions, changed = int(per_seed["decisions"].sum()), int(per_seed["changed"].sum())
        seeds, seeds_changed = len(per_seed), int((per_seed["changed"] > 0).sum())
        rows.append({"challenger": challenger, "decisions": decisions, "changed": changed,
                     "rate": changed / decisions if decisions else float("nan"),
                     "seeds": seeds, "seeds_changed": seeds_changed,
                     "seed_rate": seeds_changed / seeds if seeds else float("nan")})
    return pd.DataFrame(rows, columns=ROW_COLUMNS)


def trigger_words(row: Mapping[str, Any]) -> str:
    """What a :func:`trigger_rows` row says in words; for an idea that never triggered, that
    in place of an interval (its price is exactly 0 on these walls).

    >>> trigger_words({"decisions": 1200, "changed": 0, "seeds": 20, "seeds_changed": 0})
    'never changed a move in 1,200 decisions'
    >>> trigger_words({"decisions": 1200, "changed": 30, "seeds": 20, "seeds_changed": 15})
    'changed 30 of 1,200 decisions (2.5%), on 15 of 20 seeds'
    >>> trigger_words({"decisions": 3650, "changed": 1, "seeds": 3, "seeds_changed": 1})
    'changed 1 of 3,650 decisions (0.027%), on 1 of 3 seeds'
    """
    decisions, changed = int(row["decisions"]), int(row["changed"])
    if changed == 0:
        return f"never changed a move in {decisions:,} decisions"
    rate = changed / decisions
    share = percent(rate, 1) if rate >= 0.01 else f"{100 * rate:.2g}%"  # two figures below 1%
    return (f"changed {changed:,} of {decisions:,} decisions ({share}), "
            f"on {int(row['seeds_changed'])} of {int(row['seeds'])} seeds")


def with_triggers(estimates: pd.DataFrame, seats: pd.DataFrame) -> pd.DataFrame:
    """``estimates`` (rows naming a ``challenger``) with the trigger counts of ``seats`` (the
    seats table or its :func:`trigger_sums`) beside each row:
    ``decisions``, ``changed``, ``trigger_rate``, ``seeds_changed`` and ``triggers`` in words
    (what a table shows in place of the interval when ``changed`` is 0). Rows of a challenger
    without counts (a rung step) get none: NaN and an empty ``triggers``."""
    counted: set[str] = (set(seats.loc[seats["decisions"] > 0, "variant"])
                         if "decisions" in seats else set())
    wanted = [c for c in dict.fromkeys(estimates["challenger"]) if c in counted]
    rows = trigger_rows(seats, wanted).set_index("challenger")
    frame = estimates.join(rows[["decisions", "changed", "rate", "seeds_changed"]]
                           .rename(columns={"rate": "trigger_rate"}), on="challenger")
    frame["triggers"] = [trigger_words(rows.loc[c]) if c in rows.index else ""
                         for c in frame["challenger"]]
    return frame
