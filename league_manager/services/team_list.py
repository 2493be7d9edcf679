"""The team list: TV, CTV and treasury of each team from the few facts a list shows.

:meth:`TeamService.list_teams` reads those facts through the ORM; :func:`quick_team_list`
reads them straight from a league file at the newest schema without importing SQLAlchemy
(a fast ``team list``): the command line uses it when the league is a file that needs
no migration, and the services otherwise (a PostgreSQL URL, a file to migrate or refuse).
"""

from __future__ import annotations

from pathlib import Path

from league_manager.persistence import listing_reader as reader
from league_manager.rules.classic_draft import team_rating
from league_manager.rules.team_value import ValuedPlayer, ValuedTeam, team_value
from league_manager.services.read_models import TeamSummary
from league_manager.services.ruleset_pin import edition_ruleset


def quick_team_list(target: str | Path, league: str | int | None = None) -> list[TeamSummary] | None:
    """Teams of one league (or all), by name, with TV, CTV and treasury; None when the
    file cannot be read this way (the caller then opens the league through the services).

    Raises:
        NotFound: no such league.
        RulesetVersionMismatch: a league is pinned to a ruleset version the program does not ship.
    """
    conn = reader.open_at_head(target)
    if conn is None:
        return None
    try:
        league_id = reader.find_league(conn, league).id if league is not None else None
        leagues = reader.leagues_by_id(conn)
        teams = reader.teams_of(conn, league_id)
    finally:
        conn.close()
    return [team_summary(team, leagues[team.league_id]) for team in teams]


def team_summary(team: reader.TeamRow, league: reader.LeagueRow) -> TeamSummary:
    """A team's row of the list: TV and CTV from its players' value facts and the ruleset.

    Raises:
        RulesetVersionMismatch: the league is pinned to a ruleset version the program does not ship.
    """
    ruleset = edition_ruleset(team.ruleset_id, league.ruleset_id, league.ruleset_version, league.name)
    roster = ruleset.team(team.race)
    positions = {name: roster.position(name) for name in {p.position for p in team.players}}
    players = [
        ValuedPlayer(
            positions[p.position],
            p.value_increases,
            p.misses_next_game,
            p.status == "retired",
            p.journeyman,
        )
        for p in team.players
    ]
    valued_team = ValuedTeam(
        roster=roster,
        rerolls=team.rerolls + team.trophy_rerolls,  # the League Trophy's counts in TV
        assistant_coaches=team.staff["assistant_coach"],
        cheerleaders=team.staff["cheerleader"],
        apothecary=bool(team.staff["apothecary"]),
        dedicated_fans=team.dedicated_fans,
    )
    value = team_value(valued_team, players, ruleset.draft, ruleset.house_rule_defaults() | league.settings)
    return TeamSummary(
        id=team.id,
        name=team.name,
        race=roster.name,
        race_id=roster.id,
        league=league.name,
        league_id=league.id,
        coach=team.coach,
        team_value=value.team_value,
        current_team_value=value.current_team_value,
        treasury=team.treasury,
        rerolls=team.rerolls,
        players=len(team.players),
        players_available=sum(1 for p in team.players if p.status == "active" and not p.misses_next_game),
        rating=(
            team_rating(
                value.team_value + team.treasury, sum(p.spp for p in team.players if p.status == "active")
            )
            if ruleset.classic
            else None
        ),
        fan_factor=team.dedicated_fans,
    )
