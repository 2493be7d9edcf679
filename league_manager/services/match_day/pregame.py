"""Pre-game, steps 1-7: snapshot, fans, weather, journeymen, inducements, prayers, kicking team."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from sqlmodel import Session

from league_manager.core.errors import RuleViolation
from league_manager.match.teams import PlayerSnapshot, TeamSnapshot
from league_manager.persistence import repositories as repo
from league_manager.persistence.match_day_models import MatchDay
from league_manager.persistence.models import League, Team
from league_manager.persistence.season_models import OPEN_STATUSES, Fixture
from league_manager.rules.dice import Dice
from league_manager.rules.model import Ruleset, SkillRef, TeamRoster
from league_manager.rules.pregame.fans import fan_factor
from league_manager.rules.pregame.journeymen import JOURNEYMAN_LONER, journeyman_position, journeymen_needed
from league_manager.rules.pregame.petty_cash import petty_cash, underdog_budget
from league_manager.rules.pregame.prayers import prayers_owed, roll_prayers
from league_manager.services.base import league_ruleset
from league_manager.services.match_day import mercenaries
from league_manager.services.match_day.dice import roll_dicts
from league_manager.services.match_day.inducements import (
    CAVORTING_NURGLINGS,
    PRAYERS_TO_NUFFLE,
    RIOTOUS_ROOKIES,
    Bought,
    Purchase,
    apply_to_snapshot,
    price,
)
from league_manager.services.match_day.records import PregameRecord
from league_manager.services.match_day.store import (
    SIDES,
    dump_json,
    find_match_day,
    fixture_and_league,
    save_pregame,
    team_snapshot,
)
from league_manager.services.read_models import TeamView
from league_manager.services.team_views import build_team_views


def add_journeymen(
    team: TeamSnapshot, roster: TeamRoster, side: str
) -> tuple[TeamSnapshot, list[dict[str, Any]]]:
    """Fill the team up to eleven with lineman journeymen, who gain Loner (4+)."""
    return _journeymen(team, roster, side, journeymen_needed(len(team.players)), "journeyman", "Journeyman")


def add_rookies(
    team: TeamSnapshot, roster: TeamRoster, side: str, dice: Dice
) -> tuple[TeamSnapshot, dict[str, Any]]:
    """Riotous Rookies: 2D3+1 extra journeymen join the team for this match only."""
    label = f"riotous rookies {team.name}"
    rolls = [dice.roll(3, label), dice.roll(3, label)]
    team, added = _journeymen(team, roster, side, sum(rolls) + 1, "rookie", "Riotous Rookie")
    return team, {"dice": rolls, "players": added}


def _journeymen(
    team: TeamSnapshot, roster: TeamRoster, side: str, count: int, prefix: str, label: str
) -> tuple[TeamSnapshot, list[dict[str, Any]]]:
    if not count:
        return team, []
    position = journeyman_position(roster)
    loner = SkillRef.parse(JOURNEYMAN_LONER)
    skills = position.skills if any(s.name == "Loner" for s in position.skills) else (*position.skills, loner)
    taken = {p.number for p in team.players}
    added: list[PlayerSnapshot] = []
    number = 0
    for index in range(1, count + 1):
        number += 1
        while number in taken:
            number += 1
        added.append(
            PlayerSnapshot(
                id=f"{prefix}:{side}:{index}",
                name=f"{label} {index}",
                number=number,
                position=position.name,
                stats=position.stats,
                skills=skills,
                journeyman=True,
            )
        )
    data = team.to_dict()
    data["players"] = [p.to_dict() for p in (*team.players, *added)]
    record = [
        {"id": p.id, "name": p.name, "number": p.number, "position": p.position, "value": position.cost}
        for p in added
    ]
    return TeamSnapshot.from_dict(data), record


def _pay(
    team_id: int, fixture_id: int, lines: Sequence[Bought], from_treasury: int, *, session: Session
) -> list[int]:
    if not from_treasury:
        return []
    names = ", ".join(f"{b.quantity} x {b.name}" if b.quantity > 1 else b.name for b in lines)
    entry = repo.add_treasury(
        team_id,
        -from_treasury,
        f"Inducements for fixture {fixture_id}: {names}",
        "inducement",
        session=session,
        fixture_id=fixture_id,
    )
    return [entry.id or 0]


def plan_inducements(
    ruleset: Ruleset,
    settings: Mapping[str, Any],
    teams: Mapping[str, Team],
    treasuries: Mapping[str, int],
    ctv: Mapping[str, int],
    purchases: Mapping[str, Sequence[Purchase]],
    squads: Mapping[str, Mapping[str, int]] | None = None,
) -> tuple[dict[str, list[Bought]], dict[str, dict[str, Any]]]:
    """Step 5, checked and priced but not paid: the favourite spends treasury first, then the
    underdog its petty cash. Pure: the purchase validation and the read model both use it.
    ``squads``: each side's available players by position (mercenary limits).

    Raises:
        RuleViolation: an inducement the team may not buy, or more than its budget.
    """
    procedure = str(settings.get("petty_cash", "errata_2025"))
    cash = petty_cash(ctv["home"], ctv["away"], treasuries["home"], treasuries["away"], procedure)
    bought: dict[str, list[Bought]] = {"home": [], "away": []}
    record: dict[str, dict[str, Any]] = {}
    if cash.underdog is None and procedure == "original":
        return _equal_ctv_original(ruleset, settings, teams, treasuries, purchases, squads)
    if cash.underdog is None:
        if any(purchases.get(side) for side in SIDES):
            raise RuleViolation(
                "inducements", "the current team values are equal: neither team may buy inducements"
            )
        return bought, {side: {"procedure": procedure, "petty_cash": 0, "lines": []} for side in SIDES}
    underdog = cash.underdog
    favourite = "away" if underdog == "home" else "home"
    order = (favourite, underdog)
    for side in order:
        other = "away" if side == "home" else "home"
        roster = ruleset.team(teams[side].race)
        lines = price(
            ruleset,
            roster,
            teams[side].special_rule_choice,
            settings,
            purchases.get(side, ()),
            [b.name for b in bought[other] if b.star is not None],
            squads.get(side) if squads else None,
        )
        spent = sum(b.cost for b in lines)
        treasury = treasuries[side]
        if side == favourite:
            petty, budget = 0, cash.favourite_may_spend
        else:
            favourite_spent = sum(b.cost for b in bought[favourite])
            petty = cash.petty_cash + favourite_spent
            budget = underdog_budget(cash, favourite_spent, treasury)
        if spent > budget:
            raise RuleViolation(
                "budget", f"{teams[side].name} may spend {budget:,} gp on inducements, not {spent:,} gp"
            )
        from_treasury = max(0, spent - petty)
        bought[side] = lines
        record[side] = {
            "procedure": procedure,
            "role": "favourite" if side == favourite else "underdog",
            "petty_cash": petty,
            "budget": budget,  # dropped from the stored record (see _inducements)
            "spent": spent,
            "paid_from_petty_cash": spent - from_treasury,
            "paid_from_treasury": from_treasury,
            "petty_cash_lost": max(0, petty - spent),
            "lines": [b.to_dict() for b in lines],
        }
    return bought, record


def _equal_ctv_original(
    ruleset: Ruleset,
    settings: Mapping[str, Any],
    teams: Mapping[str, Team],
    treasuries: Mapping[str, int],
    purchases: Mapping[str, Sequence[Purchase]],
    squads: Mapping[str, Mapping[str, int]] | None,
) -> tuple[dict[str, list[Bought]], dict[str, dict[str, Any]]]:
    """Equal CTVs under the original printing: no petty cash, each team may spend its treasury."""
    bought: dict[str, list[Bought]] = {"home": [], "away": []}
    record: dict[str, dict[str, Any]] = {}
    for side in SIDES:
        other = "away" if side == "home" else "home"
        lines = price(
            ruleset,
            ruleset.team(teams[side].race),
            teams[side].special_rule_choice,
            settings,
            purchases.get(side, ()),
            [b.name for b in bought[other] if b.star is not None],
            squads.get(side) if squads else None,
        )
        spent, budget = sum(b.cost for b in lines), treasuries[side]
        if spent > budget:
            raise RuleViolation(
                "budget", f"{teams[side].name} may spend {budget:,} gp on inducements, not {spent:,} gp"
            )
        bought[side] = lines
        record[side] = {
            "procedure": "original",
            "role": "equal",
            "petty_cash": 0,
            "budget": budget,
            "spent": spent,
            "paid_from_petty_cash": 0,
            "paid_from_treasury": spent,
            "petty_cash_lost": 0,
            "lines": [b.to_dict() for b in lines],
        }
    return bought, record


def _inducements(
    ruleset: Ruleset,
    settings: Mapping[str, Any],
    teams: Mapping[str, Team],
    views: Mapping[str, TeamView],
    ctv: Mapping[str, int],
    purchases: Mapping[str, Sequence[Purchase]],
    fixture_id: int,
    squads: Mapping[str, Mapping[str, int]],
    *,
    session: Session,
) -> tuple[dict[str, list[Bought]], dict[str, dict[str, Any]]]:
    """Step 5: plan the inducements, then pay the treasury part of each side's spending."""
    treasuries = {side: views[side].treasury for side in SIDES}
    bought, record = plan_inducements(ruleset, settings, teams, treasuries, ctv, purchases, squads)
    for side, spending in record.items():
        spending.pop("budget", None)
        if "paid_from_treasury" in spending:
            spending["treasury_entries"] = _pay(
                teams[side].id or 0, fixture_id, bought[side], spending["paid_from_treasury"], session=session
            )
    return bought, record


def _kicking(dice: Dice) -> dict[str, Any]:
    """Step 7: a coin toss (a D6: 1-3 home wins it); the winner receives, so the loser kicks."""
    roll = dice.roll(6, "coin toss")
    winner = "home" if roll <= 3 else "away"
    return {"toss_roll": roll, "toss_winner": winner, "kicking": "away" if winner == "home" else "home"}


def open_for_pregame(
    fixture_id: int, *, session: Session
) -> tuple[Fixture, League, Ruleset, dict[str, Any], dict[str, Team], dict[str, TeamView]]:
    """A fixture ready for its pre-game: league, ruleset, settings, both teams and their views.

    Raises:
        RuleViolation: the pre-game has run already, or the fixture is decided.
    """
    fixture, league = fixture_and_league(fixture_id, session=session)
    if find_match_day(fixture_id, session=session) is not None:
        raise RuleViolation("match day", f"fixture {fixture_id} has had its pre-game already")
    if fixture.status not in OPEN_STATUSES:
        raise RuleViolation(
            "match day", f"fixture {fixture_id} is {fixture.status}; only an open fixture is played"
        )
    ruleset = league_ruleset(league)
    if ruleset.classic:
        raise RuleViolation(
            "match day",
            f"fixture {fixture_id} is a {ruleset.name} fixture: it has the classic pre-match "
            f"(fixture pregame {fixture_id}), not the BB2020 pre-game",
        )
    settings = ruleset.house_rule_defaults() | repo.league_settings(league)
    home, away = session.get(Team, fixture.home_team_id), session.get(Team, fixture.away_team_id)
    assert home is not None and away is not None
    teams = {"home": home, "away": away}
    views = dict(zip(SIDES, build_team_views([home, away], session=session), strict=True))
    return fixture, league, ruleset, settings, teams, views


def run_pregame(
    fixture_id: int, purchases: Mapping[str, Sequence[Purchase]], dice: Dice, *, session: Session
) -> MatchDay:
    """Run steps 1-7 for a fixture and store the record (stage ``pre_game``).

    Raises:
        RuleViolation: pre-game already run, a decided fixture, or an inducement the
            team may not buy or cannot afford; nothing is changed.
    """
    fixture, league, ruleset, settings, teams, views = open_for_pregame(fixture_id, session=session)
    snaps = {side: team_snapshot(views[side]) for side in SIDES}
    record: dict[str, Any] = {"teams": {}}
    for side in SIDES:  # step 2: fans
        roll, factor = fan_factor(dice, views[side].dedicated_fans, views[side].name)
        record["teams"][side] = {
            "team_id": teams[side].id,
            "name": views[side].name,
            "dedicated_fans": views[side].dedicated_fans,
            "fans_roll": roll,
            "fan_factor": factor,
            "treasury_before": views[side].treasury,
        }
    weather_dice = (dice.roll(6, "weather"), dice.roll(6, "weather"))  # step 3
    row = ruleset.tables["weather"].lookup(sum(weather_dice))
    record["weather"] = {"dice": list(weather_dice), "result": row.result, "effect": row.effect}
    ctv: dict[str, int] = {}
    for side in SIDES:  # step 4: journeymen
        roster = ruleset.team(teams[side].race)
        snaps[side], hired = add_journeymen(snaps[side], roster, side)
        ctv[side] = views[side].current_team_value + sum(j["value"] for j in hired)
        record["teams"][side] |= {
            "players_available": views[side].players_available,
            "journeymen": hired,
            "ctv": ctv[side],
        }
    squads = {side: mercenaries.squad_of(snaps[side]) for side in SIDES}
    bought, spending = _inducements(
        ruleset, settings, teams, views, ctv, purchases, fixture_id, squads, session=session
    )
    totals = {side: ctv[side] + sum(b.cost for b in bought[side]) for side in SIDES}
    for side in SIDES:
        if any(b.name == RIOTOUS_ROOKIES for b in bought[side]):
            snaps[side], rookies = add_rookies(snaps[side], ruleset.team(teams[side].race), side, dice)
            record["teams"][side]["riotous_rookies"] = rookies
        nurglings = sum(b.quantity for b in bought[side] if b.name == CAVORTING_NURGLINGS)
        if nurglings:  # Cavorting Nurglings: +1 Fan Factor each, from the beginning of the game
            record["teams"][side]["fan_factor"] += nurglings
            record["teams"][side]["nurglings"] = nurglings
        snap = apply_to_snapshot(snaps[side], bought[side], ruleset).to_dict()
        snap["fan_factor"] = record["teams"][side]["fan_factor"]
        snaps[side] = TeamSnapshot.from_dict(snap)
        record["teams"][side] |= {"inducements": spending[side], "ctv_after_inducements": totals[side]}
    gap = abs(totals["home"] - totals["away"])  # step 6: prayers to Nuffle
    praying = None if gap == 0 else "home" if totals["home"] < totals["away"] else "away"
    if not ruleset.underdog_prayers:  # Season 3 sells prayers as an inducement instead
        praying = None
    prayers = roll_prayers(ruleset, prayers_owed(gap, ruleset.prayer_gap), dice) if praying else []
    record["prayers"] = {
        "team": praying,
        "gap": gap,
        "results": [{"roll": p.roll, "name": p.name, "lasts": p.lasts} for p in prayers],
    }
    bought_prayers = {  # Season 3: each team rolls the prayers it bought, home first
        side: roll_prayers(ruleset, count, dice, f"prayers to nuffle ({side})")
        for side in SIDES
        if (count := sum(b.quantity for b in bought[side] if b.name == PRAYERS_TO_NUFFLE))
    }
    if bought_prayers:
        record["prayers"]["bought"] = {
            side: [{"roll": p.roll, "name": p.name, "lasts": p.lasts} for p in rolled]
            for side, rolled in bought_prayers.items()
        }
    record["kick_off"] = _kicking(dice)
    all_typed = getattr(dice, "all_typed", False)  # no program die was rolled: no seed to record
    record["seed"] = None if all_typed else getattr(dice, "seed", None)
    record["rolls"] = roll_dicts(dice.log)
    day = MatchDay(
        fixture_id=fixture_id,
        stage="pre_game",
        ruleset_id=ruleset.id,
        ruleset_version=league.ruleset_version,
        settings_json=dump_json(settings),
        home_team_id=teams["home"].id or 0,
        away_team_id=teams["away"].id or 0,
        home_snapshot_json=dump_json(snaps["home"].to_dict()),
        away_snapshot_json=dump_json(snaps["away"].to_dict()),
    )
    save_pregame(day, PregameRecord.built(record))
    fixture.status = "in_progress"
    session.add(fixture)
    session.add(day)
    session.flush()
    return day
