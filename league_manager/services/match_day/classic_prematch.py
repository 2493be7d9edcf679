"""The classic (LRB 2004) pre-match of a fixture: hires, gate, handicap, niggling injuries.

In the LRB 3 order: freebooters, a wizard or the race's own spell-caster are hired and paid
from the treasury; the gate is rolled from both fan factors; the lower-rated team rolls its
handicaps, and those that change the gate or who plays land at once (``classic_handicap_effects``);
each player with Niggling Injuries rolls to see if he plays. The record names the
gate, each handicap and who misses the match, with every die and its source (typed or program).
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from typing import Any

from sqlmodel import Session, select

from league_manager.core.errors import RuleViolation
from league_manager.core.money import format_gold
from league_manager.persistence import repositories as repo
from league_manager.persistence.classic_models import ClassicPreMatch
from league_manager.persistence.models import Team
from league_manager.persistence.season_models import OPEN_STATUSES
from league_manager.rules.classic_handicaps.gate import roll_gate_dice
from league_manager.rules.classic_hires import (
    HireRules,
    check_chef_dice,
    check_runesmith,
    check_wizard,
    freebooter_cost,
    load_hires,
    roll_niggles,
    roll_rune,
)
from league_manager.rules.classic_pregame import (
    choose_handicap,
    handicap_count,
    load_pre_match,
    roll_handicaps,
)
from league_manager.rules.classic_stars import StarRules, load_stars, star_fee
from league_manager.rules.classic_tournaments.prizes import extra_handicap_rolls, trophy_rerolls
from league_manager.rules.classic_tournaments.tables import load_tournaments
from league_manager.rules.model import TeamRoster
from league_manager.services.base import league_ruleset
from league_manager.services.classic_trophies import Holdings, holdings
from league_manager.services.match_day.classic_handicap_effects import apply_gate, handicap_absences
from league_manager.services.match_day.classic_prematch_models import ClassicHires, ClassicPreMatchView
from league_manager.services.match_day.dice import MatchDayDice, roll_dicts
from league_manager.services.match_day.store import SIDES, fixture_and_league
from league_manager.services.read_models import TeamView
from league_manager.services.team_views import build_team_views

PRE_MATCH = "pre-match"
"""Ledger source of what a classic team pays before a match."""


def find_classic_prematch(fixture_id: int, *, session: Session) -> ClassicPreMatch | None:
    """The fixture's classic pre-match record, if it has one."""
    return session.exec(select(ClassicPreMatch).where(ClassicPreMatch.fixture_id == fixture_id)).first()


def classic_prematch_view(row: ClassicPreMatch, *, session: Session) -> ClassicPreMatchView:
    """Read model of a stored classic pre-match."""
    record = json.loads(row.record_json)
    return ClassicPreMatchView(
        fixture_id=row.fixture_id,
        home=record["sides"]["home"]["name"],
        away=record["sides"]["away"]["name"],
        ruleset=f"{row.ruleset_id} {row.ruleset_version}",
        record=record,
    )


def _hire(
    view: TeamView, hires: ClassicHires, rules: HireRules, roster: TeamRoster, stars: StarRules,
    contract_cost: int | None = None,
) -> tuple[list[dict[str, Any]], int, list[str]]:  # fmt: skip
    """The priced hire lines of one team, its total and every refusal (``contract_cost``: the
    Wizard's price under the Dungeonbowl winner's contract, which any team may use)."""
    lines: list[dict[str, Any]] = []
    problems: list[str] = []
    added = 0
    on_roster: dict[str, int] = {}
    for p in view.players:
        if p.status == "active":
            on_roster[p.position] = on_roster.get(p.position, 0) + 1
    for name, count in hires.freebooters.items():
        if count <= 0:
            problems.append(f"freebooters: hire one or more {name}, not {count}")
            continue
        star = stars.find(name)
        if star is not None:
            if count != 1:
                problems.append(f"{star.name}: a team hires each Star Player once")
            try:
                fee = star_fee(star, view.race, stars)
            except RuleViolation as refused:
                problems.append(f"{refused.rule}: {refused.detail}")
                continue
            added += count
            lines.append({"kind": "star", "name": star.name, "quantity": count, "unit_cost": fee})
            continue
        position = roster.position(name)
        if on_roster.get(position.name, 0) + count > position.max_quantity:
            problems.append(
                f"{position.name}: at most {position.max_quantity} on the team, freebooters included"
            )
        big_guys = sum(n for pos, n in on_roster.items() if roster.position(pos).big_guy)
        if position.big_guy and big_guys + count > roster.big_guy_limit:
            problems.append(f"big guys: {roster.name} may have {roster.big_guy_limit}, freebooters included")
        added += count
        unit = freebooter_cost(position.cost, rules)
        lines.append({"kind": "freebooter", "name": position.name, "quantity": count, "unit_cost": unit})
    if sum(on_roster.values()) + added > rules.max_players:
        problems.append(f"freebooters: they may not take the team above {rules.max_players} players")
    if hires.wizard and contract_cost is not None:
        lines.append(
            {
                "kind": "wizard",
                "name": "Wizard (Dungeonbowl contract)",
                "quantity": 1,
                "unit_cost": contract_cost,
            }
        )
    elif hires.wizard:
        try:
            check_wizard(view.race, rules)
            lines.append({"kind": "wizard", "name": "Wizard", "quantity": 1, "unit_cost": rules.wizard_cost})
        except RuleViolation as refused:
            problems.append(f"{refused.rule}: {refused.detail}")
    if hires.runesmith:
        try:
            check_runesmith(view.race, rules)
            lines.append(
                {"kind": "runesmith", "name": "Runesmith", "quantity": 1, "unit_cost": rules.runesmith_cost}
            )
        except RuleViolation as refused:
            problems.append(f"{refused.rule}: {refused.detail}")
    try:
        check_chef_dice(view.race, hires.chef_dice, rules)
        if hires.chef_dice:
            lines.append(
                {"kind": "master_chef", "name": "Master Chef ingredients (extra D6)",
                 "quantity": hires.chef_dice, "unit_cost": rules.chef_die_cost}
            )  # fmt: skip
    except RuleViolation as refused:
        problems.append(f"{refused.rule}: {refused.detail}")
    if hires.apothecary_for_niggle and not view.apothecary:
        problems.append(f"apothecary: {view.name} has no apothecary to send a niggling player on")
    total = sum(line["quantity"] * line["unit_cost"] for line in lines)
    if total > view.treasury:
        problems.append(
            f"treasury: the hires cost {format_gold(total)}; {view.name} has {format_gold(view.treasury)}"
        )
    return lines, total, [f"{view.name}: {p}" for p in problems]


def run_classic_prematch(
    fixture_id: int,
    hires: Mapping[str, ClassicHires],
    pick: int | None,
    dice: MatchDayDice,
    *,
    session: Session,
) -> ClassicPreMatch:
    """Run the classic pre-match of a fixture and store its record (one transaction, the caller's).

    Args:
        fixture_id: the fixture.
        hires: per side ("home"/"away"), what the team hires and its apothecary choice.
        pick: the D66 result the underdog picks as its fifth handicap (101+ rating points apart).
        dice: typed-in physical dice first, then program dice.
        session: the caller's transaction.

    Raises:
        RuleViolation: already run, a decided fixture, a refused hire, a missing or
            needless pick; nothing is changed.
    """
    fixture, league = fixture_and_league(fixture_id, session=session)
    ruleset = league_ruleset(league)
    if not ruleset.classic:
        raise RuleViolation("pre-match", f"fixture {fixture_id} is not a classic fixture")
    if find_classic_prematch(fixture_id, session=session) is not None:
        raise RuleViolation("pre-match", f"fixture {fixture_id} has had its pre-match already")
    if fixture.status not in OPEN_STATUSES:
        raise RuleViolation(
            "pre-match", f"fixture {fixture_id} is {fixture.status}; only an open fixture is played"
        )
    teams = [session.get(Team, fixture.home_team_id), session.get(Team, fixture.away_team_id)]
    assert teams[0] is not None and teams[1] is not None
    views = dict(zip(SIDES, build_team_views([t for t in teams if t], session=session), strict=True))
    rules, tables = load_hires(ruleset.id), load_pre_match(ruleset.id)
    stars = load_stars(ruleset.id)
    assert league.id is not None
    found = holdings([league.id], session=session)
    held = {side: found.get(views[side].id, Holdings()) for side in SIDES}
    contract = load_tournaments(ruleset.id).dungeonbowl_wizard_cost
    priced = {
        side: _hire(
            views[side], hires.get(side, ClassicHires()), rules, ruleset.team(views[side].race_id), stars,
            contract if held[side].dungeonbowl_contract else None,
        )
        for side in SIDES
    }  # fmt: skip
    hired_stars = [{line["name"] for line in priced[side][0] if line["kind"] == "star"} for side in SIDES]
    both = sorted(hired_stars[0] & hired_stars[1])  # neither may use him; he keeps both fees
    problems = [p for side in SIDES for p in priced[side][2]]
    ratings = {side: views[side].rating or 0 for side in SIDES}
    count = handicap_count(ratings, tables)
    if pick is not None and not count.chosen:
        problems.append(
            f"handicap: no picked result at a rating difference of {count.difference} (101+ only)"
        )
    if count.chosen and pick is None:
        problems.append(
            f"handicap: {count.difference} rating points apart: the underdog picks a fifth result"
        )
    if problems:
        raise RuleViolation("pre-match", "; ".join(problems))
    fan_factors = (views["home"].dedicated_fans, views["away"].dedicated_fans)
    gate_dice = roll_gate_dice(dice, dict(zip(SIDES, fan_factors, strict=True)), tables.gate_die)
    holder = next((side for side in SIDES if extra_handicap_rolls(held[side].trophies)), None)
    if holder is not None and holder == count.underdog:  # the Chaos Cup roll, made with its own
        rolled_all = roll_handicaps(dice, count.rolls + 1, tables)
        rolled, extra = rolled_all[: count.rolls], rolled_all[count.rolls :]
    else:
        rolled = roll_handicaps(dice, count.rolls, tables)
        extra = roll_handicaps(dice, 1, tables) if holder is not None else ()
    own = (*rolled, *extra) if holder == count.underdog else rolled
    picked = choose_handicap(pick, own, tables) if count.chosen and pick is not None else None
    handicap: dict[str, Any] = {
        "underdog": count.underdog,
        "difference": count.difference,
        "rolls": count.rolls,
        "results": [{"d66": h.d66, "name": h.name, "effect": h.effect} for h in rolled],
        "picked": {"d66": picked.d66, "name": picked.name, "effect": picked.effect} if picked else None,
        "extra": None
        if holder is None
        else {
            "side": holder,
            "reason": "Chaos Cup holder: one more Handicap roll in every match",
            "results": [{"d66": h.d66, "name": h.name, "effect": h.effect} for h in extra],
        },
        "counts": {
            side: (count.rolls + (1 if count.chosen else 0) if side == count.underdog else 0)
            + (1 if side == holder else 0)
            for side in SIDES
        },
    }
    gate, match_fan_factors = apply_gate(
        dice, gate_dice, dict(zip(SIDES, fan_factors, strict=True)), handicap,
        die=tables.gate_die, fans_per_pip=tables.fans_per_pip,
    )  # fmt: skip
    absences = handicap_absences(dice, views, handicap)  # before the niggling-injury rolls
    sides: dict[str, Any] = {}
    for side in SIDES:
        sides[side] = _side_record(
            views[side], hires.get(side, ClassicHires()), priced[side][0], rules, dice, absences[side]
        )
        sides[side].update(held[side].to_dict(), trophy_rerolls=trophy_rerolls(held[side].trophies))
        paid = priced[side][1]
        if paid:
            names = ", ".join(f"{line['quantity']} x {line['name']}" for line in priced[side][0])
            reason = f"Pre-match hires for fixture {fixture_id}: {names}"
            entry = repo.add_treasury(
                views[side].id, -paid, reason, PRE_MATCH, session=session, fixture_id=fixture_id
            )
            sides[side]["ledger_ids"] = [entry.id]
    record = {
        "ratings": ratings,
        "fan_factors": dict(zip(SIDES, fan_factors, strict=True)),
        "match_fan_factors": match_fan_factors,
        "gate": gate,
        "handicap": handicap,
        "sides": sides,
        "stars_hired_by_both": both,
        "dice": roll_dicts(dice.log),
    }
    for team in teams:  # LRB 3: creation ends with the team's first match; re-rolls now cost double
        assert team is not None
        team.first_match_played = True
        session.add(team)
    row = ClassicPreMatch(
        fixture_id=fixture_id,
        ruleset_id=ruleset.id,
        ruleset_version=league.ruleset_version,
        record_json=json.dumps(record),
    )
    session.add(row)
    session.flush()
    return row


def _side_record(
    view: TeamView,
    hires: ClassicHires,
    lines: Sequence[dict[str, Any]],
    rules: HireRules,
    dice: MatchDayDice,
    absences: Sequence[dict[str, Any]],
) -> dict[str, Any]:
    out_already = {int(e["player_id"]) for e in absences}  # a handicap kept them out: no niggle roll
    niggles = [
        (p.id, p.niggling)
        for p in view.players
        if p.status == "active" and p.niggling and p.id not in out_already
    ]
    checks = roll_niggles(dice, niggles, rules)
    names = {p.id: p.name for p in view.players}
    failed = [c.player_id for c in checks if c.misses]
    saved = failed[0] if failed and hires.apothecary_for_niggle else None
    out: dict[str, Any] = {
        "team_id": view.id,
        "name": view.name,
        "hires": list(lines),
        "paid": sum(line["quantity"] * line["unit_cost"] for line in lines),
        "niggles": [
            {
                "player_id": c.player_id,
                "name": names[c.player_id],
                "dice": list(c.dice),
                "misses": c.misses,
                "apothecary": c.player_id == saved,
            }
            for c in checks
        ],
        "misses_match": [names[i] for i in failed if i != saved] + [e["name"] for e in absences],
        "absences": list(absences),
        "apothecary_used": saved is not None,
        "head_coach": rules.head_coaches.get(view.race),
    }
    if hires.runesmith:
        rune = roll_rune(dice, rules)
        out["rune"] = {"roll": rune.roll, "result": rune.result, "effect": rune.effect}
    return out
