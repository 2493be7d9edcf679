"""Move a league to another edition between seasons: preview, then apply in one transaction.

History keeps its edition: played seasons store theirs, results, standings and ledgers
are not touched. The league, its active teams and their players move on; where the rules
leave a choice (players over a new position limit, gained skills with no new form) the
commissioner's choices decide (:mod:`league_manager.services.upgrade_models`).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import replace
from pathlib import Path

from sqlalchemy import func
from sqlmodel import Session, col, select

from league_manager.core.errors import RuleViolation
from league_manager.persistence import repositories as repo
from league_manager.persistence.backups import backup_name, write_backup
from league_manager.persistence.database import sqlite_path
from league_manager.persistence.location import backup_folder, server_backup_folder
from league_manager.persistence.models import Advancement, League, Player, Team
from league_manager.persistence.season_models import Fixture, FixtureResult, Season
from league_manager.rules.edition_upgrade import UPGRADES, EditionMap, check_upgrade, edition_map
from league_manager.rules.loader import load_ruleset
from league_manager.rules.model import Position, Ruleset, TeamRoster
from league_manager.services.base import ServiceBase, team_ruleset
from league_manager.services.changes import Changes, Outcome
from league_manager.services.team_views import build_team_views
from league_manager.services.upgrade_limits import over_limits
from league_manager.services.upgrade_models import (
    DROP,
    PositionChange,
    SkillChange,
    TeamChoices,
    TeamUpgrade,
    UpgradeOptions,
    UpgradePlan,
)

REASON = "moved to {target}"


class LeagueUpgradeService(ServiceBase):
    """Preview and apply a league's move to another edition."""

    def preview(
        self, league: str | int, target: str, choices: Mapping[str, TeamChoices] | None = None
    ) -> UpgradePlan:
        """What the move would change, per team; changes nothing.

        Choices given are shown applied (released players leave the team value after);
        choices still missing are listed in the plan.

        Raises:
            NotFound: unknown league or ruleset.
            RuleViolation: no such upgrade, an unfinished season, or choices naming
                unknown teams, players or skills.
        """
        return self._dry_run(league, target, choices or {}, strict=False)

    def apply(
        self, league: str | int, target: str, choices: Mapping[str, TeamChoices] | None = None
    ) -> Outcome[UpgradePlan]:
        """Back the database up, then move the league in one transaction.

        Raises:
            NotFound: unknown league or ruleset.
            RuleViolation: as :meth:`preview`, or a choice the move needs is missing;
                nothing is changed and no backup is taken.
        """
        self._dry_run(league, target, choices or {}, strict=True)  # refuses before the backup
        backup = self._backup(target)
        with self.transaction() as session:
            plan = _move(session, league, target, choices or {}, strict=True)
            league_id = repo.find_league(league, session=session).id or 0
        plan = replace(plan, applied=True, backup=str(backup))
        changes = Changes(
            leagues=frozenset({league_id}),
            teams=frozenset(t.team_id for t in plan.teams),
            description=f"{plan.league} moved to {plan.target}",
        )
        return Outcome(plan, changes)

    def options(self, league: str | int) -> UpgradeOptions:
        """The editions a league may move to, and why it may not move now (None when it may).

        Raises:
            NotFound: unknown league.
        """
        with self.transaction() as session:
            row = repo.find_league(league, session=session)
            targets = tuple(b for a, b in sorted(UPGRADES) if a == row.ruleset_id)
            try:
                _refuse_unfinished(row, session)
            except RuleViolation as refused:
                return UpgradeOptions(row.name, row.ruleset_id, targets, refused.detail)
            return UpgradeOptions(row.name, row.ruleset_id, targets, None)

    def _dry_run(
        self, league: str | int, target: str, choices: Mapping[str, TeamChoices], *, strict: bool
    ) -> UpgradePlan:
        """The move made in a session that is always rolled back."""
        with Session(self.engine, expire_on_commit=False) as session:
            try:
                return _move(session, league, target, choices, strict=strict)
            finally:
                session.rollback()

    def _backup(self, target: str) -> Path:
        path = sqlite_path(str(self.engine.url))
        if path is not None:
            folder = backup_folder(path)
            folder.mkdir(parents=True, exist_ok=True)
            return write_backup(self.engine, folder / backup_name(path, target))
        from league_manager.persistence.server_backup import dump_database

        return dump_database(self.engine.url, server_backup_folder())  # refuses with a sentence


def _move(
    session: Session, name_or_id: str | int, target: str, choices: Mapping[str, TeamChoices], *, strict: bool
) -> UpgradePlan:
    league = repo.find_league(name_or_id, session=session)
    target_rs = load_ruleset(target)  # NotFound names the known rulesets
    check_upgrade(league.ruleset_id, target_rs.id)
    _refuse_unfinished(league, session)
    source = league.ruleset_id
    teams = [t for t in repo.teams_of(league.id, session=session) if not t.retired and t.ruleset_id == source]
    by_name = {t.name.casefold(): t for t in teams}
    unknown = [n for n in choices if n.casefold() not in by_name]
    if unknown:
        raise RuleViolation("choices", f"no active team called {', '.join(unknown)} in {league.name}")
    wanted = {n.casefold(): c for n, c in choices.items()}
    before = {v.id: v.team_value for v in build_team_views(teams, session=session)}
    emap = edition_map(target_rs.id)
    plans = [
        _move_team(
            team, team_ruleset(team, league), target_rs, emap, wanted.get(team.name.casefold()), session
        )
        for team in teams
    ]
    missing = [m for p in plans for m in p.missing_choices]
    if strict and missing:
        raise RuleViolation("choices", "the move needs a choice for: " + "; ".join(missing))
    league.ruleset_id = target_rs.id
    league.ruleset_version = target_rs.version
    session.add(league)
    for team in teams:
        team.ruleset_id = target_rs.id
        session.add(team)
    session.flush()
    after = {v.id: v.team_value for v in build_team_views(teams, session=session)}
    finished = tuple(
        replace(p, team_value_before=before[p.team_id], team_value_after=after[p.team_id]) for p in plans
    )
    return UpgradePlan(league.name, source, target_rs.id, target_rs.version, finished)


def _refuse_unfinished(league: League, session: Session) -> None:
    """A season is finished when its final is won, or when every fixture has a result or is void."""
    unfinished = [s.name for s in session.exec(select(Season).where(Season.league_id == league.id))
                  if s.status != "finished" and not _all_decided(s, session)]  # fmt: skip
    if unfinished:
        raise RuleViolation(
            "season",
            f"{league.name} has an unfinished season ({', '.join(unfinished)}): a league moves to a new "
            "edition only between seasons, once every fixture of its seasons has a result",
        )


def _all_decided(season: Season, session: Session) -> bool:
    """Counted in the database: the league page asks on every visit, over seasons of a
    thousand fixtures."""
    of_season = col(Fixture.season_id) == season.id
    total = session.exec(select(func.count()).select_from(Fixture).where(of_season)).one()
    results = select(FixtureResult.fixture_id)
    open_ = select(func.count()).select_from(Fixture)
    undecided = session.exec(
        open_.where(of_season, col(Fixture.status) != "void", col(Fixture.id).not_in(results))
    ).one()
    return total > 0 and undecided == 0


def _move_team(
    team: Team,
    old_rs: Ruleset,
    new_rs: Ruleset,
    emap: EditionMap,
    choices: TeamChoices | None,
    session: Session,
) -> TeamUpgrade:
    assert team.id is not None
    old_roster, new_roster = old_rs.team(team.race), new_rs.team(team.race)
    players = list(repo.players_of([team.id], session=session))
    facts = repo.PlayerFacts([p.id for p in players if p.id is not None], session=session)
    chosen = choices or TeamChoices()
    names = {p.name.casefold(): p for p in players}
    for name in (*chosen.release, *chosen.skills):
        if name.casefold() not in names:
            raise RuleViolation("choices", f"{team.name} has no player called '{name}'")
    new_of: dict[int, Position] = {}
    fielded: dict[str, tuple[Position, Position]] = {}
    for player in players:
        old_pos = old_roster.position(player.position)
        new_pos = new_roster.position(emap.position(old_roster.id, old_pos.name))
        new_of[player.id or 0] = new_pos
        fielded[old_pos.name] = (old_pos, new_pos)
    counts = Counter(old_roster.position(p.position).name for p in players)
    position_changes = tuple(
        PositionChange(old.name, new.name, counts[old.name], _position_diff(old, new, emap))
        for old, new in fielded.values()
    )
    missing: list[str] = []
    over = over_limits(team, players, new_of, new_roster, new_rs.draft, chosen, missing)
    renamed, lost = _skills(team, players, facts, new_rs, new_of, emap, chosen, missing, session)
    leaving = {name.casefold() for name in chosen.release}
    for player in players:
        if player.name.casefold() in leaving:
            repo.add_status(player, "left", REASON.format(target=new_rs.name) + ": over a draft limit",
                            "correction", session=session)  # fmt: skip
        player.position = new_of[player.id or 0].name
        session.add(player)
    return TeamUpgrade(
        team_id=team.id,
        team=team.name,
        race=new_roster.name,
        positions=tuple(c for c in position_changes if c.changes or c.old != c.new),
        renamed_skills=renamed,
        lost_skills=lost,
        over_limits=over,
        team_changes=_team_diff(old_roster, new_roster),
        team_value_before=0,
        team_value_after=0,
        missing_choices=tuple(missing),
    )


def _skills(
    team: Team,
    players: Sequence[Player],
    facts: repo.PlayerFacts,
    new_rs: Ruleset,
    new_of: Mapping[int, Position],
    emap: EditionMap,
    chosen: TeamChoices,
    missing: list[str],
    session: Session,
) -> tuple[tuple[SkillChange, ...], tuple[SkillChange, ...]]:
    fates = {name.casefold(): {k.casefold(): v for k, v in f.items()} for name, f in chosen.skills.items()}
    renamed: list[SkillChange] = []
    lost: list[SkillChange] = []
    for player in players:
        pid = player.id or 0
        mine = fates.pop(player.name.casefold(), {})
        for adv in facts.advancements[pid]:
            if not adv.skill:
                continue
            new = emap.skill(adv.skill, new_rs)
            if new is not None:
                if new != adv.skill:
                    renamed.append(SkillChange(player.name, adv.skill, new))
                    _set_skill(adv, new, session)
                continue
            fate = mine.pop(adv.skill.casefold(), None)
            options = _replacements(new_rs, new_of[pid], facts.advancements[pid])
            if fate is None:
                missing.append(f"{team.name}: {player.name}'s {adv.skill} (drop or a {new_rs.name} skill)")
                lost.append(SkillChange(player.name, adv.skill, None, adv.spp_cost, options))
                session.delete(adv)  # a preview values the team without it (its session is rolled back)
                continue
            replacement = _lost_skill(team, player, adv, fate, new_rs, new_of[pid], facts, session)
            lost.append(SkillChange(player.name, adv.skill, replacement, adv.spp_cost, options))
        if mine:
            raise RuleViolation("choices", f"{team.name}: {player.name} has no lost skill {', '.join(mine)}")
    return tuple(renamed), tuple(lost)


def _lost_skill(
    team: Team,
    player: Player,
    adv: Advancement,
    fate: str,
    new_rs: Ruleset,
    position: Position,
    facts: repo.PlayerFacts,
    session: Session,
) -> str:
    if fate.casefold() == DROP:
        repo.add_spp(player.id or 0, adv.spp_cost, f"{adv.skill} has no {new_rs.name} form: SPP given back",
                     repo.SPP_SPENT, session=session)  # fmt: skip
        session.delete(adv)
        return DROP
    if fate not in new_rs.skills or new_rs.skills[fate].is_trait:
        raise RuleViolation(
            "choices", f"{team.name}: {player.name}: '{fate}' is not a {new_rs.name} skill (or 'drop')"
        )
    if fate not in _replacements(new_rs, position, facts.advancements[player.id or 0]):
        raise RuleViolation(
            "choices",
            f"{team.name}: {player.name} ({position.name}) cannot take {fate}: no Primary or Secondary "
            "access, or the player has it already",
        )
    _set_skill(adv, fate, session)
    return fate


def _replacements(ruleset: Ruleset, position: Position, gained: Sequence[Advancement]) -> tuple[str, ...]:
    """Skills a player could take instead of a lost one: accessible, not a trait, not had."""
    access = position.primary | position.secondary
    has = {s.name for s in position.skills} | {a.skill for a in gained if a.skill}
    return tuple(
        sorted(
            n for n, d in ruleset.skills.items() if not d.is_trait and d.category in access and n not in has
        )
    )


def _set_skill(adv: Advancement, skill: str, session: Session) -> None:
    adv.skill = skill
    session.add(adv)


def _position_diff(old: Position, new: Position, emap: EditionMap) -> tuple[str, ...]:
    lines: list[str] = []
    if old.cost != new.cost:
        lines.append(f"cost {old.cost:,} -> {new.cost:,}")
    if old.max_quantity != new.max_quantity:
        lines.append(f"limit 0-{old.max_quantity} -> 0-{new.max_quantity}")
    for stat in ("MA", "ST", "AG", "PA", "AV"):
        if old.stats.get(stat) != new.stats.get(stat):
            lines.append(f"{stat} {old.stats.formatted(stat)} -> {new.stats.formatted(stat)}")
    before = {emap.skill_renames.get(str(s), str(s)) for s in old.skills}
    after = {str(s) for s in new.skills}
    lines += [f"+{s}" for s in sorted(after - before)] + [f"-{s}" for s in sorted(before - after)]
    for label, a, b in (("primary", old.primary, new.primary), ("secondary", old.secondary, new.secondary)):
        if a != b:
            lines.append(f"{label} {''.join(sorted(a))} -> {''.join(sorted(b))}")
    return tuple(lines)


def _team_diff(old: TeamRoster, new: TeamRoster) -> tuple[str, ...]:
    lines = []
    if old.reroll_cost != new.reroll_cost:
        lines.append(f"re-roll {old.reroll_cost:,} -> {new.reroll_cost:,}")
    added = [r for r in new.special_rules if r not in old.special_rules]
    if added:
        lines.append("special rules + " + ", ".join(added))
    return tuple(lines)
