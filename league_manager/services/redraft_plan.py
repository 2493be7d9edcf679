"""Working out a team's re-draft from the database: the seasons involved, the budget, each
player's price and rolls, and the staff and re-rolls kept (no writes here)."""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from sqlmodel import Session, col, or_, select

from league_manager.core.errors import RuleViolation
from league_manager.core.money import format_gold
from league_manager.persistence import repositories as repo
from league_manager.persistence.match_day_models import MatchDay
from league_manager.persistence.models import Player, Team
from league_manager.persistence.redraft_models import TeamRedraft
from league_manager.persistence.season_close_models import SeasonClose
from league_manager.persistence.season_models import Fixture, FixtureResult, Season, SeasonTeam
from league_manager.rules.model import Ruleset
from league_manager.rules.redraft import (
    REDRAFT_RULES,
    RedraftRules,
    SeasonRecord,
    raise_funds,
    rehire_cost,
    rolls_needed,
)
from league_manager.services.read_models import TeamView
from league_manager.services.redraft_models import RedraftChoice, RedraftExtra, RedraftPlayer, RedraftView

STAFF_ROLES = (
    ("assistant_coach", "Assistant coaches"),
    ("cheerleader", "Cheerleaders"),
    ("apothecary", "Apothecary"),
)


@dataclass(frozen=True)
class RedraftContext:
    """The rows a re-draft reads: the team, the new season, the closed one before it."""

    team: Team
    season: Season
    previous: Season
    close: SeasonClose
    rules: RedraftRules


def redraft_rules(ruleset: Ruleset) -> RedraftRules:
    """The edition's re-draft rules.

    Raises:
        RuleViolation: the edition has no re-draft rules in this program.
    """
    rules = REDRAFT_RULES.get(ruleset.id)
    if rules is None:
        raise RuleViolation(
            "redraft",
            f"{ruleset.name} has no re-draft rules here; Blood Bowl 2020 and Season 3 leagues re-draft",
        )
    return rules


def context(team: Team, season: Season, ruleset: Ruleset, *, session: Session) -> RedraftContext:
    """Check that ``team`` may be re-drafted for ``season`` and find the season it comes from.

    Raises:
        RuleViolation: the team is not in the season, the season before it is not closed (or
            there is none), the team did not play it, it is re-drafted already, or it has
            started playing the new season.
    """
    assert team.id is not None and season.id is not None
    rules = redraft_rules(ruleset)
    if _membership(season.id, team.id, session=session) is None:
        raise RuleViolation("redraft", f"{team.name} is not entered in {season.name}")
    previous = session.exec(
        select(Season)
        .where(Season.league_id == season.league_id, col(Season.id) < season.id)
        .order_by(col(Season.id).desc())
    ).first()
    if previous is None or previous.id is None:
        raise RuleViolation(
            "redraft", f"{season.name} is the league's first season: there is nothing to re-draft from"
        )
    close = session.exec(select(SeasonClose).where(SeasonClose.season_id == previous.id)).first()
    if close is None:
        raise RuleViolation(
            "redraft",
            f"{previous.name} is not closed: close it (season close) before re-drafting for {season.name}",
        )
    if _membership(previous.id, team.id, session=session) is None:
        raise RuleViolation(
            "redraft", f"{team.name} did not play {previous.name}: a new team drafts, it does not re-draft"
        )
    done = session.exec(
        select(TeamRedraft).where(
            TeamRedraft.team_id == team.id,
            TeamRedraft.season_id == season.id,
            col(TeamRedraft.undone_at).is_(None),
        )
    ).first()
    if done is not None:
        raise RuleViolation("redraft", f"{team.name} is already re-drafted for {season.name}")
    if has_played(team.id, season.id, session=session):
        raise RuleViolation(
            "redraft",
            f"{team.name} has started playing {season.name}; a team re-drafts before its first game",
        )
    return RedraftContext(team, season, previous, close, rules)


def _membership(season_id: int, team_id: int, *, session: Session) -> SeasonTeam | None:
    return session.exec(
        select(SeasonTeam).where(SeasonTeam.season_id == season_id, SeasonTeam.team_id == team_id)
    ).first()


def has_played(team_id: int, season_id: int, *, session: Session) -> bool:
    fixture_ids = [
        f.id
        for f in session.exec(
            select(Fixture).where(
                Fixture.season_id == season_id,
                or_(Fixture.home_team_id == team_id, Fixture.away_team_id == team_id),
            )
        )
    ]
    if not fixture_ids:
        return False
    day = session.exec(select(MatchDay.id).where(col(MatchDay.fixture_id).in_(fixture_ids))).first()
    result = session.exec(
        select(FixtureResult.fixture_id).where(col(FixtureResult.fixture_id).in_(fixture_ids))
    ).first()
    return day is not None or result is not None


def season_record(close: SeasonClose, team_id: int) -> SeasonRecord:
    """The team's games, wins and draws from the closed season's frozen final table."""
    for row in json.loads(close.table_json):
        if row.get("team_id") == team_id:
            return SeasonRecord(int(row["played"]), int(row["won"]), int(row["drawn"]))
    return SeasonRecord(0, 0, 0)


def seasons_played(team_id: int, player: Player, *, session: Session) -> int:
    """Closed seasons of the team's league the team played with this player on its list
    (hired before the season closed)."""
    rows = session.exec(
        select(SeasonClose.closed_at)
        .join(SeasonTeam, col(SeasonTeam.season_id) == SeasonClose.season_id)
        .where(SeasonTeam.team_id == team_id)
    ).all()
    hired = player.hired_at.replace(tzinfo=None)
    return sum(1 for closed in rows if hired <= closed.replace(tzinfo=None))


def _pick(tokens: Sequence[str], players: Sequence[Player], team: str) -> set[int]:
    """Player ids named by shirt number or name.

    Raises:
        RuleViolation: a token names no player of the team.
    """
    found: set[int] = set()
    for token in tokens:
        word = token.strip()
        match = [
            p
            for p in players
            if (word.isdigit() and p.number == int(word)) or p.name.casefold() == word.casefold()
        ]
        if not match:
            raise RuleViolation("redraft", f"{team} has no player '{word}' to keep or release")
        found.update(p.id or 0 for p in match)
    return found


def reductions_of(facts: repo.PlayerFacts, player_id: int) -> dict[str, int]:
    """Characteristic reductions still on the player (injuries net of restorations)."""
    net: dict[str, int] = {}
    for row in facts.status[player_id]:
        if row.kind == "characteristic" and row.characteristic:
            net[row.characteristic] = net.get(row.characteristic, 0) - row.delta
    return {name: count for name, count in net.items() if count > 0}


def build_view(
    ctx: RedraftContext,
    view: TeamView,
    ruleset: Ruleset,
    choice: RedraftChoice,
    cap: int,
    *,
    session: Session,
) -> RedraftView:
    """The re-draft as the coach chose it (a preview: nothing is written).

    Raises:
        RuleViolation: a player named in the choice is not on the team, or more staff or
            re-rolls are kept than the team has.
    """
    team_id = ctx.team.id or 0
    roster = [p for p in repo.players_of([team_id], session=session) if not p.journeyman]
    if choice.keep is not None and choice.release:
        raise RuleViolation("redraft", "name the players to keep or those to release, not both")
    kept_ids = {p.id or 0 for p in roster}
    if choice.keep is not None:
        kept_ids = _pick(choice.keep, roster, ctx.team.name)
    elif choice.keep_ids is not None:
        kept_ids &= set(choice.keep_ids)
    kept_ids -= _pick(choice.release, roster, ctx.team.name)
    facts = repo.PlayerFacts([p.id or 0 for p in roster], session=session)
    values = {p.id: p.value for p in view.players}
    lines = []
    for player in roster:
        pid = player.id or 0
        returning = player.status == "retired"
        seasons = seasons_played(team_id, player, session=session)
        value = values.get(pid, player.cost)
        cost = value if returning else rehire_cost(ctx.rules, value, seasons)
        reductions = reductions_of(facts, pid)
        lines.append(RedraftPlayer(
            pid, player.number, player.name, player.position, player.status, value, seasons,
            cost - value, cost, pid in kept_ids, facts.misses_next_game(pid), facts.niggling(pid),
            reductions, rolls_needed(facts.niggling(pid), reductions, returning),
        ))  # fmt: skip
    extras = _extras(view, ruleset, choice)
    budget = raise_funds(ctx.rules, view.treasury, season_record(ctx.close, team_id), cap)
    record = season_record(ctx.close, team_id)
    return RedraftView(team_id, ctx.team.name, ctx.season.name, ctx.previous.name,
                       (record.played, record.won, record.drawn), budget, tuple(lines), extras,
                       view.dedicated_fans)  # fmt: skip


def _extras(view: TeamView, ruleset: Ruleset, choice: RedraftChoice) -> tuple[RedraftExtra, ...]:
    costs: Mapping[str, int] = {
        "assistant_coach": ruleset.draft.assistant_coach.cost,
        "cheerleader": ruleset.draft.cheerleader.cost,
        "apothecary": ruleset.draft.apothecary.cost,
    }
    had = {"assistant_coach": view.assistant_coaches, "cheerleader": view.cheerleaders,
           "apothecary": int(view.apothecary)}  # fmt: skip
    unknown = set(choice.staff) - set(had)
    if unknown:
        raise RuleViolation("redraft", f"no such staff: {', '.join(sorted(unknown))}")
    rerolls = view.rerolls if choice.rerolls is None else choice.rerolls
    extras = [RedraftExtra("rerolls", "Team re-rolls", view.rerolls, rerolls, view.reroll_cost)]
    for role, label in STAFF_ROLES:
        extras.append(RedraftExtra(role, label, had[role], choice.staff.get(role, had[role]), costs[role]))
    for extra in extras:
        if not 0 <= extra.kept <= extra.had:
            raise RuleViolation(
                "redraft",
                f"{extra.label.lower()}: keep between 0 and the {extra.had} the team has, not {extra.kept}",
            )
    return tuple(extras)


def refuse_over_budget(view: RedraftView) -> None:
    """Raise when the re-draft costs more than the budget.

    Raises:
        RuleViolation: naming the budget and the cost.
    """
    if view.left < 0:
        raise RuleViolation(
            "budget",
            f"{view.team}'s re-draft costs {format_gold(view.spent)}; "
            f"the budget is {format_gold(view.budget.total)} "
            f"({format_gold(-view.left)} over): release players, staff or re-rolls",
        )
