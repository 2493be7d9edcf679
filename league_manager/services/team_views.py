"""Build team and player read models from the database rows and the ruleset."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import replace

from sqlmodel import Session

from league_manager.persistence import repositories as repo
from league_manager.persistence.models import (
    CAPTAIN,
    Coach,
    DedicatedFansEntry,
    League,
    Player,
    Team,
    TreasuryEntry,
    paid_advancements,
)
from league_manager.rules.advancement import categories_for
from league_manager.rules.captain import CAPTAIN_TEXT, TEAM_CAPTAIN
from league_manager.rules.characteristics import adjusted
from league_manager.rules.classic_draft import team_rating
from league_manager.rules.classic_tournaments.prizes import trophy_rerolls
from league_manager.rules.model import Characteristics, Position, Ruleset, SkillRef, TeamRoster
from league_manager.rules.team_value import ValuedPlayer, ValuedTeam, player_value, team_value
from league_manager.services.base import league_ruleset, team_ruleset
from league_manager.services.classic_trophies import holdings
from league_manager.services.read_models import (
    LedgerRow,
    PlayerView,
    SkillView,
    TeamSummary,
    TeamView,
)
from league_manager.services.season_close import trophy_holders


def _settings(league: League, ruleset: Ruleset) -> dict[str, bool | int | str]:
    return ruleset.house_rule_defaults() | repo.league_settings(league)


def _skill_views(
    ruleset: Ruleset, position: Position, gained: Sequence[str], journeyman: bool
) -> tuple[SkillView, ...]:
    refs: list[tuple[SkillRef, bool]] = [(s, False) for s in position.skills]
    if journeyman and not any(s.name == "Loner" for s in position.skills):
        refs.append((SkillRef("Loner", "4+"), False))
    refs.extend((SkillRef.parse(name), True) for name in gained)
    views = []
    for ref, is_gained in refs:
        definition = ruleset.skill(ref.name)
        views.append(SkillView(str(ref), definition.category, definition.description, is_gained))
    return tuple(views)


def captain_skill() -> SkillView:
    """The Team Captain as the roster lists it among the captain's skills."""
    return SkillView(TEAM_CAPTAIN, "Team special rule", CAPTAIN_TEXT, gained=True)


def _injury_labels(facts: repo.PlayerFacts, player_id: int) -> tuple[str, ...]:
    labels: list[str] = []
    if facts.misses_next_game(player_id):
        labels.append("MNG")
    niggling = facts.niggling(player_id)
    if niggling:
        labels.append("NI" if niggling == 1 else f"NI x{niggling}")
    reductions: dict[str, int] = {}
    for row in facts.status[player_id]:
        if row.kind == "characteristic" and row.characteristic:
            reductions[row.characteristic] = reductions.get(row.characteristic, 0) - row.delta
    for name, count in reductions.items():  # a re-draft's restored characteristic nets out its loss
        labels.extend([f"-{name}"] * max(0, count))
    return tuple(labels)


def classic_adjusted(base: Characteristics, changes: Mapping[str, int]) -> Characteristics:
    """A classic profile after its net changes: every LRB 3 characteristic is a plain number, higher
    is better (a Star Player roll's +1 AG adds one, a serious injury's -AG takes one away)."""
    return replace(
        base,
        ma=base.ma + changes.get("MA", 0),
        st=base.st + changes.get("ST", 0),
        ag=base.ag + changes.get("AG", 0),
        av=base.av + changes.get("AV", 0),
    )


def player_view(
    player: Player,
    roster: TeamRoster,
    ruleset: Ruleset,
    facts: repo.PlayerFacts,
) -> PlayerView:
    """Read model of one player with adjusted characteristics and value."""
    assert player.id is not None
    position = roster.position(player.position)
    advancements = facts.advancements[player.id]
    gained = [a.skill for a in advancements if a.skill]
    captain = any(a.kind == CAPTAIN for a in advancements)
    increases = sum(a.value_increase for a in advancements) + facts.value_adjusted[player.id]
    changes = facts.characteristic_changes(player.id)
    mng = facts.misses_next_game(player.id)
    valued = ValuedPlayer(position, increases, mng, player.status == "retired", player.journeyman)
    level_index = min(len(paid_advancements(advancements)), len(ruleset.advancement.costs))
    level = ruleset.advancement.costs[level_index - 1].level if level_index else "Rookie"
    return PlayerView(
        id=player.id,
        number=player.number,
        name=player.name,
        position=position.name,
        stats=classic_adjusted(position.stats, changes)
        if ruleset.classic
        else adjusted(position.stats, changes, ruleset.advancement),
        base=position.stats,
        skills=_skill_views(ruleset, position, gained, player.journeyman) + (captain_skill(),) * captain,
        injuries=_injury_labels(facts, player.id),
        spp=facts.spp[player.id],
        spp_earned=facts.spp_earned[player.id],
        value=player_value(valued, roster),
        status=player.status,
        misses_next_game=mng,
        niggling=facts.niggling(player.id),
        journeyman=player.journeyman,
        advancements=len(paid_advancements(advancements)),
        level=level,
        value_increases=increases,
        keywords=position.keywords if ruleset.position_keywords else (),
        can_improve=_can_improve(
            ruleset, position, player, len(paid_advancements(advancements)), facts.spp[player.id]
        ),
        captain=captain,
        classic=ruleset.classic,
    )


def _can_improve(ruleset: Ruleset, position: Position, player: Player, advancements: int, spp: int) -> bool:
    """True when the player's SPP buy at least one advancement now (the roster marks them)."""
    rules = ruleset.advancement
    if player.journeyman or player.status != "active" or advancements >= rules.max_advancements:
        return False
    kinds = [k for k in rules.kinds if k == "characteristic" or categories_for(position, k)]
    return any(spp >= rules.cost(advancements + 1, kind) for kind in kinds)


def _valued(view: PlayerView, roster: TeamRoster) -> ValuedPlayer:
    return ValuedPlayer(
        roster.position(view.position),
        view.value_increases,
        view.misses_next_game,
        view.status == "retired",
        view.journeyman,
    )


def build_team_views(teams: Sequence[Team], *, session: Session) -> list[TeamView]:
    """Read models for several teams with a fixed number of queries."""
    if not teams:
        return []
    ids = [t.id for t in teams if t.id is not None]
    leagues = {lg.id: lg for lg in (session.get(League, t.league_id) for t in teams) if lg}
    coaches = {c.id: c for c in (session.get(Coach, t.coach_id) for t in teams) if c}
    players = repo.players_of(ids, session=session)
    facts = repo.PlayerFacts([p.id for p in players if p.id is not None], session=session)
    treasury = repo.sums_by_team(TreasuryEntry, ids, session=session)
    fans = repo.sums_by_team(DedicatedFansEntry, ids, session=session)
    by_team: dict[int, list[Player]] = {i: [] for i in ids}
    for p in players:
        by_team[p.team_id].append(p)
    trophies = trophy_holders([t.league_id for t in teams], session=session)
    classic_leagues = [lg.id for lg in leagues.values() if lg.id is not None and league_ruleset(lg).classic]
    held = holdings(classic_leagues, session=session)
    views = []
    for team in teams:
        assert team.id is not None
        league = leagues[team.league_id]
        ruleset = team_ruleset(team, league)
        roster = ruleset.team(team.race)
        staff = repo.staff_of(team.id, session=session)
        player_views = tuple(player_view(p, roster, ruleset, facts) for p in by_team[team.id])
        view = _team_view(
            team, league, coaches[team.coach_id], ruleset, roster, staff,
            player_views, treasury[team.id], fans[team.id], int(team.id in trophies),
        )  # fmt: skip
        if team.id in held:  # a classic Major's Trophy Re-roll: once per match, not bought, not rated
            h = held[team.id]
            view = replace(view, trophies=h.trophies, trophy_rerolls=trophy_rerolls(h.trophies),
                           dungeonbowl_contract=h.dungeonbowl_contract)  # fmt: skip
        views.append(view)
    return views


def _team_view(
    team: Team,
    league: League,
    coach: Coach,
    ruleset: Ruleset,
    roster: TeamRoster,
    staff: Mapping[str, int],
    players: tuple[PlayerView, ...],
    treasury: int,
    fans: int,
    trophy_rerolls: int = 0,
) -> TeamView:
    assert team.id is not None and league.id is not None
    valued_team = ValuedTeam(
        roster=roster,
        rerolls=team.rerolls + trophy_rerolls,
        assistant_coaches=staff["assistant_coach"],
        cheerleaders=staff["cheerleader"],
        apothecary=bool(staff["apothecary"]),
        dedicated_fans=fans,
    )
    value = team_value(
        valued_team,
        [_valued(p, roster) for p in players],
        ruleset.draft,
        _settings(league, ruleset),
    )
    return TeamView(
        id=team.id,
        name=team.name,
        race=roster.name,
        race_id=roster.id,
        league=league.name,
        league_id=league.id,
        coach=coach.name,
        ruleset=ruleset.id,
        ruleset_version=league.ruleset_version,
        special_rule_choice=team.special_rule_choice,
        special_rules=roster.special_rules,
        team_value=value.team_value,
        current_team_value=value.current_team_value,
        treasury=treasury,
        rerolls=team.rerolls,
        reroll_cost=roster.reroll_cost,
        dedicated_fans=fans,
        apothecary=bool(staff["apothecary"]),
        apothecary_allowed=roster.apothecary,
        assistant_coaches=staff["assistant_coach"],
        cheerleaders=staff["cheerleader"],
        first_match_played=team.first_match_played,
        players=players,
        value_parts={
            "players": value.players,
            "rerolls": value.rerolls,
            "staff": value.staff,
            "dedicated_fans": value.dedicated_fans,
        },
        trophy_rerolls=trophy_rerolls,
        rating=(
            team_rating(value.team_value + treasury, sum(p.spp for p in players if p.status == "active"))
            if ruleset.classic
            else None
        ),
    )


def summary_of(view: TeamView) -> TeamSummary:
    """The league-table row of a team view."""
    return TeamSummary(
        id=view.id,
        name=view.name,
        race=view.race,
        race_id=view.race_id,
        league=view.league,
        league_id=view.league_id,
        coach=view.coach,
        team_value=view.team_value,
        current_team_value=view.current_team_value,
        treasury=view.treasury,
        rerolls=view.rerolls,
        players=len(view.players),
        players_available=view.players_available,
        rating=view.rating,
        fan_factor=view.dedicated_fans,
    )


def ledger_rows(entries: Sequence[TreasuryEntry]) -> list[LedgerRow]:
    """Treasury ledger rows with a running balance."""
    balance = 0
    rows = []
    for e in entries:
        balance += e.amount
        assert e.id is not None
        rows.append(LedgerRow(e.id, e.created_at, e.amount, e.reason, e.source, balance, e.fixture_id))
    return rows
