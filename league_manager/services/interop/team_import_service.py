"""Import a team from another tool's file: preview first (nothing written), then create."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from sqlmodel import Session

from league_manager.core.errors import LeagueError, RuleViolations
from league_manager.persistence import repositories as repo
from league_manager.rules.model import Ruleset
from league_manager.services.base import ServiceBase
from league_manager.services.interop.bbroster_code import looks_like_code, read_bbroster
from league_manager.services.interop.team_formats import ForeignTeam, TeamFileError, read_team
from league_manager.services.read_models import TeamView
from league_manager.services.team_import import create_from_paper
from league_manager.services.teams import TeamService


@dataclass(frozen=True)
class TeamImportPreview:
    """What an import would create and what stops or changes it.

    Attributes:
        team: the paper data and the notes on what is left out.
        problems: why the league's rules refuse it (empty: it can be created).
    """

    team: ForeignTeam
    problems: tuple[str, ...]


def read_team_file(source: str | Path, coach: str | None = None) -> ForeignTeam:
    """Read a team file of another tool, or a BBRoster roster code given instead of a file.

    Raises:
        TeamFileError: unreadable or broken.
    """
    if isinstance(source, str) and looks_like_code(source) and not _is_file(source):
        return read_bbroster(source, coach)
    try:
        text = Path(source).read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as exc:
        raise TeamFileError(f"cannot read {source}: {exc}") from exc
    return read_team(text, coach)


def _is_file(source: str) -> bool:
    try:
        return Path(source).is_file()
    except (OSError, ValueError):  # a long code is no file name
        return False


def resolve_skills(ruleset: Ruleset, team: ForeignTeam) -> None:
    """Turn gained skills into advancements: chosen primary when the position's primary
    access has the skill's category, else chosen secondary (the file does not say whether
    a skill was rolled). A skill that cannot be placed is noted and left out."""
    for index, skills in team.gained_skills.items():
        player = team.paper["players"][index]
        try:
            position = ruleset.team(str(team.paper["race"])).position(str(player["position"]))
        except LeagueError:
            team.notes.append(
                f"{player['name']}: gained skills {', '.join(skills)} left out (unknown position)"
            )
            continue
        advancements = []
        for named in skills:
            skill = _skill_name(ruleset, named)
            try:
                category = ruleset.skill(skill).category
            except LeagueError:
                team.notes.append(f"{player['name']}: skill {skill!r} is not in the league's rules; left out")
                continue
            kind = "chosen_primary" if category in position.primary else "chosen_secondary"
            advancements.append({"kind": kind, "skill": skill})
            team.notes.append(f"{player['name']}: {skill} read as a {kind.replace('_', ' ')} advancement")
        player["advancements"] = [*advancements, *player.get("advancements", [])]


def _skill_name(ruleset: Ruleset, name: str) -> str:
    """The ruleset's spelling of a skill named in another case ("Safe Pair Of Hands")."""
    folded = {key.casefold(): key for key in ruleset.skills}
    base, _, rest = name.partition(" (")
    found = folded.get(base.casefold())
    return name if found is None else found + (f" ({rest}" if rest else "")


class TeamFileImportService(ServiceBase):
    """Preview and create teams from team files (ours, OBBLM XML, FUMBBL JSON) and BBRoster codes."""

    def preview(self, league: str | int, source: str | Path, coach: str | None = None) -> TeamImportPreview:
        """Check the team against the league's rules without writing anything."""
        team = read_team_file(source, coach)
        problems: tuple[str, ...] = ()
        with Session(self.engine, expire_on_commit=False) as session:
            try:
                lg = repo.find_league(league, session=session)
                resolve_skills(self.ruleset_of(lg), team)
                create_from_paper(session, lg, self.ruleset_of(lg), team.paper)
            except RuleViolations as exc:
                problems = tuple(str(v) for v in exc.violations)
            finally:
                session.rollback()
        return TeamImportPreview(team, problems)

    def create(self, league: str | int, source: str | Path, coach: str | None = None) -> TeamView:
        """Create the team (one transaction).

        Raises:
            TeamFileError: the file is broken.
            RuleViolations: the league's rules refuse it; nothing is created.
        """
        team = self.preview(league, source, coach).team
        return TeamService(self.engine).create_from_paper(league, team.paper).value
