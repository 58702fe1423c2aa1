"""A small ladder run, read back: what the summaries, figures and notebooks tests read."""

from mjsim.tournament import Report, ladder, summaries


def ladder_report(tmp_path_factory, name: str, walls: int) -> Report:
    """Play a ladder of ``walls`` walls seeded ``name`` in a fresh folder and load it."""
    out = tmp_path_factory.mktemp(name)
    ladder(out, walls=walls, seed=name, quiet=True, n_jobs=2)
    return summaries.load(out)
