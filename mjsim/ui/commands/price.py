"""``mjsim price``: what each idea is worth, by the paired challenger design; its plan
(``--plan``) and its null check (``--null``)."""

from __future__ import annotations

import argparse
from typing import TYPE_CHECKING

from mjsim.ui.commands.base import (
    LEVELS,
    UsageError,
    add_command,
    check_bounds,
    points,
    refuse_unread,
)
from mjsim.ui.commands.runs import (
    add_experiment_options,
    experiment,
    out,
    refuse_unplayed,
    roster_of,
    run_options,
)

if TYPE_CHECKING:
    from mjsim.ui.commands.base import Commands


def add(commands: Commands) -> None:
    parser = add_command(
        commands, "price", cmd_price, help="what each idea is worth, in points per hand",
        description="Price ideas by the paired challenger design: the player with the idea "
                    "switched off challenges a field of the full player, in every seat of the "
                    "same walls; a control game of the full player every tenth wall checks "
                    "that a field of them sums to zero.",
        epilog="examples: mjsim price defence --until-decided --walls 20\n"
               "          mjsim price planning --plan 0.25 --sd 2.5\n"
               "          mjsim price claims --baseline bots/mine.py:Mine --walls 4",
        notes=_idea_notes)
    parser.add_argument("ideas", nargs="*", metavar="IDEA",
                        help="an idea to price (the rungs' are listed below; a player of "
                             "your own declares its own)")
    parser.add_argument("--null", action="store_true",
                        help="price rung --level against itself with its ties re-keyed (a true "
                             "price of 0) on --replicates runs, and print how often the test "
                             "is fooled and the intervals hold 0")
    parser.add_argument("--replicates", type=int, default=20, help="runs of --null (20)")
    parser.add_argument("--salt", type=int, default=1, help="the re-keying of --null (1)")
    parser.add_argument("--level", type=int, choices=LEVELS,
                        help="the rung whose ideas to price (default 3)")
    parser.add_argument("--baseline", metavar="SPEC",
                        help="price the ideas of this player instead of a rung's")
    parser.add_argument("--until-decided", action="store_true",
                        help="add walls ten at a time until a sequential t-test decides each "
                             "idea adds at least --delta, costs at least --delta or is within "
                             "±--delta of zero (alpha = beta = 0.05); --walls is the cap, by "
                             "default what --plan prints for --delta")
    parser.add_argument("--delta", type=points, default=0.5,
                        help="the effect the sequential test looks for, points per hand "
                             "(default 0.5)")
    parser.add_argument("--plan", type=points, metavar="DELTA",
                        help="print the walls an effect of DELTA points a hand needs, and play "
                             "nothing")
    parser.add_argument("--sd", type=points,
                        help="the per-seed SD to plan with, points per hand (default 3.0: "
                             "rung 3's largest at 1,000 walls)")
    add_experiment_options(parser, walls=20,
                           walls_said="20; with --until-decided the cap --plan prints")
    parser.set_defaults(walls=None)  # 20, or with --until-decided the planned cap
    parser.set_defaults(check=lambda args: _check_price(args, parser))


def _idea_notes() -> str:
    """The ideas each rung can price, and those a rung given one more (``--baseline 4+eight2``)
    adds: the help listed them all as IDEA, and rung 3 refused eight, each rung eight2."""
    from mjsim.players.rungs import EXTRA_IDEAS, RUNG_IDEAS

    return "\n".join(["IDEA, the ideas of each rung (--level):",
                      *(f"  {level}: {', '.join(ideas)}"
                        for level, ideas in RUNG_IDEAS.items() if ideas),
                      *(f"  and with --baseline {level}+{idea}: {idea}"
                        for level, extra in EXTRA_IDEAS.items() for idea in extra)])


def _check_price(args: argparse.Namespace, parser: argparse.ArgumentParser) -> None:
    if not args.ideas and not args.null:
        parser.error("name an idea to price (or --null, to check the pricing itself)")
    if args.baseline is not None and args.level is not None and not args.null:
        # its ideas are priced: --level, the rung whose ideas would be, went unread
        parser.error("--baseline names the player whose ideas are priced: no --level beside it")
    args.level = 3 if args.level is None else args.level
    # The null check plays --walls walls a replicate, a fixed run: it neither stops early nor
    # plans (--until-decided had played its 510-wall cap a replicate, as a fixed run).
    for given, flag in ((args.until_decided, "--until-decided"), (args.plan is not None, "--plan")):
        if args.null and given:
            parser.error(f"--null plays --walls walls a replicate, a fixed run: no {flag}")
    # Its replicates resume by the same command, which a fresh seed would make another check;
    # and its built-in rungs read no seed, which is all a fresh seed hides.
    if args.null and args.fresh_seed:
        parser.error("--null plays built-in rungs alone, which read no seed: give --seed, "
                     "not --fresh-seed")
    _refuse_unread(args, parser)


# The options each way of pricing leaves unread, each refused beside it: they were ignored.
_LIMITS = ("time_limit", "memory_limit", "cpu_limit")
_PLAN_UNREAD = ("walls", "seed", "fresh_seed", "out", "ruleset", "table", "penalty",
                "max_fouls", *_LIMITS, "sandbox", "jobs", "backend", "scheduler", "quiet",
                "until_decided", "delta", "replicates", "salt")
_NULL_UNREAD = ("player", "sandbox", *_LIMITS, "delta", "sd")


def _refuse_unread(args: argparse.Namespace, parser: argparse.ArgumentParser) -> None:
    if args.plan is not None:
        refuse_unread(args, parser, _PLAN_UNREAD, "--plan plays nothing")
    elif args.null:
        refuse_unread(args, parser, _NULL_UNREAD, "--null plays built-in rungs alone")
    else:
        refuse_unread(args, parser, ("replicates", "salt"), "they are --null's")
        if not args.until_decided:
            refuse_unread(args, parser, ("sd",),
                          "--sd plans the walls of --until-decided or --plan")


def cmd_price(args: argparse.Namespace) -> str:
    from mjsim.tournament import price
    from mjsim.tournament.power import PILOT_SD, plan

    args.sd = PILOT_SD if args.sd is None else args.sd  # --delta, --sd, --plan: points()
    if args.plan is not None:  # nothing is played
        return _plan(args)
    if args.walls is None:
        args.walls = plan(args.delta, args.sd).cap if args.until_decided else 20
    if args.null:
        return _null_check(args)
    options = run_options(args)
    refuse_unplayed(options["roster"], [args.baseline or ""], "as --baseline")
    return experiment(lambda: price(
        args.ideas, out(args, "price"), baseline=args.baseline, level=args.level,
        until_decided=args.until_decided, delta=args.delta, sd=args.sd, **options))


def _plan(args: argparse.Namespace) -> str:
    """``price --plan``: the walls an effect needs, for the games a wall of these ideas plays."""
    from mjsim.tournament.experiments import chosen_ideas
    from mjsim.tournament.power import format_plan, plan
    from mjsim.tournament.schedule import challenger_games

    roster = roster_of(args.player)
    refuse_unplayed(roster, [args.baseline or ""], "as --baseline")
    baseline = roster.entry(args.baseline or str(args.level))
    try:
        ideas = chosen_ideas(args.ideas, baseline, roster)
    except ValueError as error:
        raise UsageError(str(error)) from None
    games = len(challenger_games(baseline, [roster.with_off(baseline, idea)
                                            for idea in ideas]))  # the controls: format_plan
    return format_plan(plan(args.plan, args.sd), games)


def _null_check(args: argparse.Namespace) -> str:
    """``price --null``: the pipeline's calibration on a challenger whose true price is 0."""
    from mjsim.tournament.null import MAX_REPLICATES, null_check
    from mjsim.tournament.text import wrapped

    check_bounds(args, {"replicates": (2, MAX_REPLICATES)})  # before any worker starts
    options = run_options(args)
    for unused in ("roster", "walls", "seed"):
        options.pop(unused)
    if args.ideas or args.baseline:
        raise UsageError("--null prices rung --level against itself re-keyed: name no idea "
                         "and no --baseline")
    try:
        check = null_check(out(args, "null"), level=args.level, replicates=args.replicates,
                           walls=args.walls, seed=args.seed, salt=args.salt, **options)
    except ValueError as error:
        raise UsageError(str(error)) from None
    return "\n".join(wrapped([check.words]))
