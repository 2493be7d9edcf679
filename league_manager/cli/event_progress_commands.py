"""``event advance`` and ``event take-back``: a player's SPP spent on a skill between rounds,
and given back before the skill is played (the post-game between rounds the organiser turned
on with ``event create --between-rounds progression``)."""

from __future__ import annotations

import argparse
from dataclasses import asdict

from league_manager.cli.context import CliContext
from league_manager.cli.subcommands import SubParsers, subcommands


def register(subparsers: SubParsers) -> None:
    """Add ``event advance`` and ``event take-back``."""
    event = subcommands(subparsers, "event", "tournaments: exhibition rosters, Swiss rounds, NAF report")
    p = event.add_parser("advance", help="spend a player's SPP on a skill between rounds")
    p.add_argument("name")
    p.add_argument("entry", type=int, help="the registration's id (event show lists them)")
    p.add_argument("player", type=int, help="the player's number on the roster")
    p.add_argument(
        "--kind", required=True,
        choices=("chosen_primary", "chosen_secondary", "random_primary", "random_secondary"),
    )  # fmt: skip
    p.add_argument("--skill", help="the skill, for a chosen kind")
    p.add_argument("--category", help="the category to roll on, for a random kind")
    p.add_argument("--seed", type=int, help="seed for the dice of a random skill")
    p.set_defaults(handler=cmd_advance)
    p = event.add_parser("take-back", help="take back a player's latest skill bought between rounds")
    p.add_argument("name")
    p.add_argument("entry", type=int, help="the registration's id (event show lists them)")
    p.add_argument("player", type=int, help="the player's number on the roster")
    p.set_defaults(handler=cmd_take_back)


def cmd_advance(args: argparse.Namespace, ctx: CliContext) -> int:
    """``event advance``."""
    from league_manager.rules.dice import SeededDice
    from league_manager.services.event_views import player_skills, player_spp

    dice = SeededDice(args.seed)
    entry = ctx.services().events.advance(
        args.name, args.entry, args.player, args.kind, skill=args.skill, category=args.category, dice=dice
    )
    progress = entry.roster["progress"]
    assert isinstance(progress, dict)
    bought = progress["advancements"][-1]
    rolled = f" ({bought['note']}; dice {', '.join(map(str, bought['rolls']))}, seed {dice.seed})"
    return ctx.emit(
        {"entry": asdict(entry)["id"], "advancement": bought, "team_value": entry.team_value},
        lambda: (
            f"{entry.coach}: player {args.player} gained {bought['skill']} from round {bought['round']} "
            f"for {bought['spp']} SPP{rolled if bought['rolls'] else ''}; "
            f"skills now {', '.join(player_skills(entry.roster, args.player))}; "
            f"{player_spp(entry.roster, args.player)} SPP left; TV {entry.team_value:,}"
        ),
    )


def cmd_take_back(args: argparse.Namespace, ctx: CliContext) -> int:
    """``event take-back``."""
    from league_manager.services.event_views import player_skills, player_spp

    before = ctx.services().events.state(args.name)
    entry = ctx.services().events.take_back(args.name, args.entry, args.player)
    old = next(e for e in before.entries if e.id == entry.id)
    dropped = [
        s for s in player_skills(old.roster, args.player) if s not in player_skills(entry.roster, args.player)
    ]
    return ctx.emit(
        {"entry": entry.id, "player": args.player, "taken_back": dropped, "team_value": entry.team_value},
        lambda: (
            f"{entry.coach}: player {args.player} gave back {', '.join(dropped)}; "
            f"{player_spp(entry.roster, args.player)} SPP to spend; TV {entry.team_value:,}"
        ),
    )
