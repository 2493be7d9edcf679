"""A team that joins mid-season from paper: its roster as it stands, written as opening ledger rows.

No fake matches: the treasury, dedicated fans, each player's unspent SPP, advancements
and lasting injuries go in as rows with source ``opening`` and the reason "Joined from
paper", so the team's history starts with that entry. The file format is documented in
``docs/team-from-file.md``. Every problem of the file is reported at once and nothing is
created.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from typing import Any

from sqlmodel import Session

from league_manager.core.errors import LeagueError, RuleViolation, RuleViolations
from league_manager.core.limits import clean_name
from league_manager.persistence import repositories as repo
from league_manager.persistence.models import Advancement, League, Player, Team
from league_manager.rules import advancement as rules
from league_manager.rules.model import Ruleset, SkillRef, TeamRoster

OPENING = "opening"
REASON = "Joined from paper"
CHARACTERISTICS = ("MA", "ST", "AG", "PA", "AV")


def _int(data: Mapping[str, Any], key: str, default: int, low: int, high: int, where: str,
         problems: list[RuleViolation]) -> int:  # fmt: skip
    value = data.get(key, default)
    if not isinstance(value, int) or isinstance(value, bool) or not low <= value <= high:
        problems.append(
            RuleViolation(where, f"{key} must be a whole number from {low} to {high}, not {value!r}")
        )
        return default
    return value


def _player_progress(
    ruleset: Ruleset, roster: TeamRoster, data: Mapping[str, Any], where: str, problems: list[RuleViolation]
) -> tuple[str, list[rules.AdvancementResult], dict[str, int], int, bool] | None:
    """Check one player: (position, advancements, characteristic injuries, niggling, MNG) or None."""
    try:
        position = roster.position(str(data.get("position", "")))
    except LeagueError as exc:
        problems.append(RuleViolation(where, str(exc)))
        return None
    if ruleset.classic and (data.get("advancements") or (data.get("injuries") or {}).get("characteristics")):
        problems.append(
            RuleViolation(
                where,
                f"a {ruleset.name} team comes in without advancements or characteristic injuries "
                "(its Star Player rolls and serious injuries are not in this program yet)",
            )
        )
        return None
    progress = rules.PlayerProgress(position, position.skills, 0, 10**6, {}, {})
    gained: list[rules.AdvancementResult] = []
    for index, adv in enumerate(data.get("advancements", [])):
        at = f"{where}, advancement {index + 1}"
        if not isinstance(adv, Mapping):
            problems.append(
                RuleViolation(at, "an advancement is an object with kind and skill or characteristic")
            )
            continue
        kind = str(adv.get("kind", ""))
        try:
            if kind == "characteristic":
                name = str(adv.get("characteristic", ""))
                rules.check_affordable(ruleset, progress, kind)
                if name not in CHARACTERISTICS or not rules.improvable(ruleset, progress, [name]):
                    raise RuleViolation("characteristic", f"{name or 'nothing'} cannot be improved here")
                result = rules.AdvancementResult(
                    kind, ruleset.advancement.cost(progress.advancements + 1, kind),
                    ruleset.advancement.value_increase[name], characteristic=name,
                )  # fmt: skip
                changes = {**progress.changes, name: progress.changes.get(name, 0) + 1}
                improved = {**progress.improvements, name: progress.improvements.get(name, 0) + 1}
                progress = replace(progress, changes=changes, improvements=improved)
            else:
                result = rules.choose_skill(ruleset, progress, kind, str(adv.get("skill", "")))
                assert result.skill is not None
                progress = replace(progress, skills=(*progress.skills, SkillRef.parse(result.skill)))
        except LeagueError as exc:
            problems.append(RuleViolation(at, str(exc)))
            continue
        gained.append(result)
        progress = replace(progress, advancements=progress.advancements + 1)
    injuries = data.get("injuries", {})
    if not isinstance(injuries, Mapping):
        problems.append(RuleViolation(where, "injuries is an object"))
        injuries = {}
    reductions = injuries.get("characteristics", {})
    if not isinstance(reductions, Mapping) or any(
        k not in CHARACTERISTICS or not isinstance(v, int) or isinstance(v, bool) or not 1 <= v <= 2
        for k, v in reductions.items()
    ):
        problems.append(
            RuleViolation(where, "injuries.characteristics maps MA/ST/AG/PA/AV to 1 or 2 (the reduction)")
        )
        reductions = {}
    niggling = _int(injuries, "niggling", 0, 0, 5, where, problems)
    mng = injuries.get("miss_next_game", False)
    if not isinstance(mng, bool):
        problems.append(RuleViolation(where, "injuries.miss_next_game is true or false"))
        mng = False
    return position.name, gained, {str(k): int(v) for k, v in reductions.items()}, niggling, mng


def create_from_paper(session: Session, league: League, ruleset: Ruleset, data: Mapping[str, Any]) -> Team:
    """Create the team described by ``data`` in the open transaction.

    Raises:
        RuleViolations: every problem of the file; nothing is written.
    """
    problems: list[RuleViolation] = []
    if not isinstance(data, Mapping):
        raise RuleViolations(
            [RuleViolation("file", "the file holds one JSON object (see docs/team-from-file.md)")]
        )
    try:
        name = clean_name(str(data.get("name", "")), "team")
        coach = clean_name(str(data.get("coach", "")), "coach", rule="coach")
        roster = ruleset.team(str(data.get("race", "")))
    except LeagueError as exc:
        raise RuleViolations([RuleViolation("file", str(exc))]) from exc
    if any(t.name.casefold() == name.casefold() for t in repo.teams_of(league.id, session=session)):
        problems.append(RuleViolation("name", f"{league.name} already has a team called '{name}'"))
    draft = ruleset.draft
    treasury = _int(data, "treasury", 0, 0, 10_000_000, "team", problems)
    if treasury % 5_000:
        problems.append(RuleViolation("team", "treasury is a multiple of 5,000 gp"))
    rerolls = _int(data, "rerolls", 0, 0, draft.max_rerolls, "team", problems)
    fans = _int(data, "dedicated_fans", draft.fans_free, draft.fans_min, draft.fans_max, "team", problems)
    coaches = _int(data, "assistant_coaches", 0, 0, draft.assistant_coach.max, "team", problems)
    cheer = _int(data, "cheerleaders", 0, 0, draft.cheerleader.max, "team", problems)
    apothecary = bool(data.get("apothecary", False))
    if apothecary and not roster.apothecary:
        problems.append(RuleViolation("team", f"{roster.name} may not have an apothecary"))
    players = data.get("players", [])
    if not isinstance(players, list) or not 1 <= len(players) <= draft.max_players:
        raise RuleViolations(
            [*problems, RuleViolation("players", f"players is a list of 1 to {draft.max_players}")]
        )
    checked = []
    numbers: set[int] = set()
    counts: dict[str, int] = {}
    for index, p in enumerate(players):
        where = f"player {index + 1}"
        if not isinstance(p, Mapping):
            problems.append(RuleViolation(where, "a player is an object"))
            continue
        number = _int(p, "number", index + 1, 1, 99, where, problems)
        if number in numbers:
            problems.append(RuleViolation(where, f"number {number} is taken twice"))
        numbers.add(number)
        spp = _int(p, "spp", 0, 0, 999, where, problems)
        try:
            pname = clean_name(str(p.get("name", "")), "player", rule="player names")
        except LeagueError as exc:
            problems.append(RuleViolation(where, str(exc)))
            pname = ""
        found = _player_progress(ruleset, roster, p, where, problems)
        if found is not None:
            counts[found[0]] = counts.get(found[0], 0) + 1
            checked.append((number, pname, spp, found))
    for pos, count in counts.items():
        limit = roster.position(pos).max_quantity
        if count > limit:
            problems.append(RuleViolation("players", f"{count} x {pos}; the roster allows {limit}"))
    if problems:
        raise RuleViolations(problems)
    assert league.id is not None
    team = Team(league_id=league.id, coach_id=repo.get_or_create_coach(coach, session=session).id or 0,
                name=name, race=roster.id, ruleset_id=ruleset.id, rerolls=rerolls,
                special_rule_choice=data.get("special_rule"))  # fmt: skip
    session.add(team)
    session.flush()
    assert team.id is not None
    repo.add_treasury(team.id, treasury, f"{REASON}: treasury", OPENING, session=session)
    repo.add_fans(team.id, fans, f"{REASON}: dedicated fans", OPENING, session=session)
    for role, count in (
        ("assistant_coach", coaches),
        ("cheerleader", cheer),
        ("apothecary", int(apothecary)),
    ):
        repo.set_staff(team.id, role, count, session=session)
    for number, pname, spp, (pos, gained, reductions, niggling, mng) in checked:
        position = roster.position(pos)
        player = Player(
            team_id=team.id, number=number, name=pname, position=position.name, cost=position.cost
        )
        session.add(player)
        session.flush()
        assert player.id is not None
        repo.add_status(player, "hired", REASON, OPENING, session=session)
        if spp:
            repo.add_spp(player.id, spp, f"{REASON}: unspent SPP", OPENING, session=session)
        for result in gained:
            session.add(Advancement(player_id=player.id, kind=result.kind, skill=result.skill,
                                    characteristic=result.characteristic, spp_cost=result.spp_cost,
                                    value_increase=result.value_increase))  # fmt: skip
        for stat, amount in reductions.items():
            repo.add_status(player, "characteristic", f"{REASON}: lasting injury", OPENING, session=session,
                            characteristic=stat, delta=-amount)  # fmt: skip
        for _ in range(niggling):
            repo.add_status(
                player, "niggling", f"{REASON}: niggling injury", OPENING, session=session, delta=1
            )
        if mng:
            repo.add_status(player, "mng", f"{REASON}: misses the next game", OPENING, session=session)
    session.flush()
    return team
