"""The inducement offer: what each team may buy before its pre-game (read-only).

It asks the same rules the purchase validation asks (:func:`plan_inducements`, which calls
:func:`price` and the petty-cash rules); nothing here decides a limit of its own.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Any

from sqlmodel import Session

from league_manager.core.errors import LeagueError
from league_manager.match.coverage import inducement_played
from league_manager.persistence.models import Team
from league_manager.rules.model import Ruleset
from league_manager.services.match_day import mercenaries
from league_manager.services.match_day.inducements import STAR_GROUP, Bought, Purchase
from league_manager.services.match_day.offer_models import InducementOffer, OfferLine, SideOffer
from league_manager.services.match_day.pregame import add_journeymen, open_for_pregame, plan_inducements
from league_manager.services.match_day.refused_inducements import REFUSED
from league_manager.services.match_day.store import SIDES, team_snapshot

SEARCH_LIMIT = 12  # no inducement without a maximum is ever bought more often than this


@dataclass(frozen=True)
class _Context:
    ruleset: Ruleset
    settings: Mapping[str, Any]
    teams: Mapping[str, Team]
    treasuries: Mapping[str, int]
    ctv: Mapping[str, int]
    squads: Mapping[str, Mapping[str, int]]

    def plan(
        self, purchases: Mapping[str, Sequence[Purchase]]
    ) -> tuple[dict[str, list[Bought]], dict[str, Any]]:
        return plan_inducements(
            self.ruleset, self.settings, self.teams, self.treasuries, self.ctv, purchases, self.squads
        )

    def refusal(self, purchases: Mapping[str, Sequence[Purchase]]) -> str | None:
        try:
            self.plan(purchases)
        except LeagueError as exc:
            return str(exc)
        return None


def _context(fixture_id: int, *, session: Session) -> _Context:
    _fixture, _league, ruleset, settings, teams, views = open_for_pregame(fixture_id, session=session)
    ctv = {}
    squads = {}
    for side in SIDES:  # the journeymen the pre-game will add count towards the CTV, as there
        snap, hired = add_journeymen(team_snapshot(views[side]), ruleset.team(teams[side].race), side)
        ctv[side] = views[side].current_team_value + sum(j["value"] for j in hired)
        squads[side] = mercenaries.squad_of(snap)
    return _Context(ruleset, settings, teams, {s: views[s].treasury for s in SIDES}, ctv, squads)


def _with(
    purchases: Mapping[str, Sequence[Purchase]], side: str, name: str, quantity: int
) -> dict[str, list[Purchase]]:
    out = {s: [p for p in purchases.get(s, ()) if p.name != name or s != side] for s in SIDES}
    if quantity:
        out[side].append(Purchase(name, quantity))
    return out


def build_offer(
    fixture_id: int, purchases: Mapping[str, Sequence[Purchase]], *, session: Session
) -> InducementOffer:
    """What each side may buy, priced for it, and how many more of each the rules allow now."""
    ctx = _context(fixture_id, session=session)
    chosen = {s: {p.name: p.quantity for p in purchases.get(s, ())} for s in SIDES}
    problem = None
    try:
        _bought, record = ctx.plan(purchases)
        current: Mapping[str, Sequence[Purchase]] = purchases
    except LeagueError as exc:
        problem = str(exc)
        _bought, record = ctx.plan({})
        current = {}
    sides = {}
    for side in SIDES:
        team = ctx.teams[side]
        roster = ctx.ruleset.team(team.race)
        rule = team.special_rule_choice
        rows: list[tuple[str, str, int, int | None]] = [
            (ind.name, ind.kind, ind.cost_for(roster, rule, ctx.settings), ind.max_for(roster, rule))
            for ind in ctx.ruleset.inducements.values()
            if ind.available_for(roster, rule)
        ]
        rows += [
            (s.name, STAR_GROUP, s.pair_cost if s.pair and s.pair_cost else s.cost, 1)
            for s in ctx.ruleset.stars_for(roster, rule)
        ]
        merc = mercenaries
        rows += [  # plain mercenaries; one with an extra skill is typed ("Mercenary: X + Skill")
            (merc.line_name(p.name), merc.KIND, merc.unit_cost(ctx.ruleset, p, None), None)
            for p in roster.positions
        ]
        lines = []
        for name, kind, cost, limit in rows:
            have = chosen[side].get(name, 0) if current else 0
            more, why = 0, None
            while why is None and have + more < SEARCH_LIMIT:
                why = ctx.refusal(_with(current, side, name, have + more + 1))
                more += why is None
            played = inducement_played(name, kind)
            line = OfferLine(name, kind, cost, chosen[side].get(name, 0), more, limit, why, played)
            lines.append(replace(line, refused=REFUSED.get(name, "")))
        spending = record[side]
        sides[side] = SideOffer(
            side=side,
            team=team.name,
            role=str(spending.get("role", "equal")),
            procedure=str(spending["procedure"]),
            petty_cash=int(spending["petty_cash"]),
            treasury=ctx.treasuries[side],
            budget=int(spending.get("budget", 0)),
            spent=int(spending.get("spent", 0)),
            lines=tuple(lines),
        )
    return InducementOffer(fixture_id, sides, problem)
