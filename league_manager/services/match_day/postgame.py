"""Post-game, steps 1-6, in the caller's one transaction; every change a ledger row citing the fixture."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from sqlmodel import Session, col, select

from league_manager.core.errors import RuleViolation
from league_manager.match.result import MatchResult, PlayerResult
from league_manager.persistence import repositories as repo
from league_manager.persistence.match_day_models import MatchDay
from league_manager.persistence.models import League, Player, Team
from league_manager.persistence.season_models import Fixture, PlayerMatchStats
from league_manager.rules.dice import Dice
from league_manager.rules.model import Ruleset
from league_manager.rules.postgame.expensive_mistakes import expensive_mistake
from league_manager.rules.postgame.fans import fans_change
from league_manager.rules.postgame.mvp import pick_mvp
from league_manager.rules.postgame.spp import PlayerTally, spp_lines
from league_manager.rules.postgame.winnings import winnings
from league_manager.services.base import league_ruleset
from league_manager.services.match_day.dice import roll_dicts
from league_manager.services.match_day.store import SIDES, dump_json, load_json, set_stage, snapshot

SOURCE = "match"


class _Ledger:
    """Writes ledger rows for one fixture and remembers their ids (corrections reverse them)."""

    def __init__(self, fixture_id: int, session: Session) -> None:
        self.fixture_id = fixture_id
        self.session = session
        self.ids: dict[str, list[int]] = {"treasury": [], "spp": [], "fans": [], "status": []}

    def treasury(self, team_id: int, amount: int, reason: str) -> None:
        row = repo.add_treasury(
            team_id, amount, reason, SOURCE, session=self.session, fixture_id=self.fixture_id
        )
        self.ids["treasury"].append(row.id or 0)

    def fans(self, team_id: int, delta: int, reason: str) -> None:
        row = repo.add_fans(team_id, delta, reason, SOURCE, session=self.session, fixture_id=self.fixture_id)
        self.ids["fans"].append(row.id or 0)

    def spp(self, player_id: int, amount: int, reason: str) -> None:
        row = repo.add_spp(
            player_id, amount, reason, SOURCE, session=self.session, fixture_id=self.fixture_id
        )
        self.ids["spp"].append(row.id or 0)

    def status(
        self, player: Player, kind: str, reason: str, characteristic: str | None = None, delta: int = 0
    ) -> None:
        row = repo.add_status(
            player,
            kind,
            reason,
            SOURCE,
            session=self.session,
            characteristic=characteristic,
            delta=delta,
            fixture_id=self.fixture_id,
        )
        self.ids["status"].append(row.id or 0)


def _outcomes(result: MatchResult) -> dict[str, str]:
    if result.conceded is not None:
        loser = SIDES[result.conceded]
        return {side: "conceded" if side == loser else "won" for side in SIDES}
    winner = result.winner
    if winner is None:
        return dict.fromkeys(SIDES, "drawn")
    return {side: "won" if i == winner else "lost" for i, side in enumerate(SIDES)}


def _tally(p: PlayerResult, mvp: bool) -> PlayerTally:
    return PlayerTally(
        td=p.td, comp=p.comp, deflections=p.defl, interceptions=p.intc, cas=p.cas, mvp=int(mvp)
    )


def _spp_reason(fixture_id: int, lines: Sequence[tuple[str, int]], bonus: int) -> str:
    parts = [f"{label} ({amount})" for label, amount in lines]
    if bonus:
        parts.append(f"prayer bonus ({bonus})")
    return f"Fixture {fixture_id}: " + ", ".join(parts)


def _injure(ledger: _Ledger, player: Player, p: PlayerResult) -> dict[str, Any] | None:
    """Injuries suffered: status rows (dead, MNG, niggling, characteristic)."""
    where = f"fixture {ledger.fixture_id}"
    if p.injury == "Dead":
        ledger.status(player, "dead", f"Killed in {where}")
    elif p.injury == "Seriously Hurt":
        ledger.status(player, "mng", f"Seriously Hurt in {where}")
    elif p.injury == "Serious Injury":
        ledger.status(player, "niggling", f"Serious Injury in {where}", delta=1)
        ledger.status(player, "mng", f"Serious Injury in {where}")
    elif p.injury == "Lasting Injury":
        ledger.status(player, "characteristic", f"Lasting Injury ({p.lasting}) in {where}", p.lasting, -1)
        ledger.status(player, "mng", f"Lasting Injury in {where}")
    else:
        return None
    return {"player_id": player.id, "injury": p.injury, "lasting": p.lasting}


def _hire(
    ledger: _Ledger, team: Team, ruleset: Ruleset, journeyman: PlayerResult, name: str, position: str
) -> Player:
    """Step 4: a journeyman who played joins the roster at his value, paid from the treasury."""
    session = ledger.session
    roster = ruleset.team(team.race)
    pos = roster.position(position)
    squad = repo.players_of([team.id or 0], session=session)
    if len([p for p in squad if p.status == "active"]) >= ruleset.draft.max_players:
        raise RuleViolation("players", f"{team.name} already has {ruleset.draft.max_players} players")
    if journeyman.injury == "Dead":
        raise RuleViolation("journeymen", f"{name} died in the match and cannot be hired")
    treasury = repo.treasury_balance(team.id or 0, session=session)
    if treasury < pos.cost:
        raise RuleViolation("budget", f"{team.name} has {treasury:,} gp; hiring {name} costs {pos.cost:,} gp")
    numbers = {p.number for p in repo.players_of([team.id or 0], session=session, include_gone=True)}
    number = next(n for n in range(1, 100) if n not in numbers)
    player = Player(team_id=team.id or 0, number=number, name=name, position=pos.name, cost=pos.cost)
    session.add(player)
    session.flush()
    ledger.status(player, "hired", f"Journeyman hired permanently after fixture {ledger.fixture_id}")
    ledger.treasury(
        team.id or 0, -pos.cost, f"Hired journeyman {name} ({pos.name}) after fixture {ledger.fixture_id}"
    )
    return player


def apply_postgame(
    day: MatchDay,
    dice: Dice,
    *,
    session: Session,
    mvp: Sequence[str] = (),
    hire: Sequence[str] = (),
) -> dict[str, Any]:
    """Run post-game steps 1-6 for a fixture whose result is entered; returns the record.

    Args:
        day: the match-day record (stage ``result_entered``).
        dice: where the rolls come from (fans, MVP, expensive mistakes).
        session: the caller's transaction (all or nothing).
        mvp: typed MVPs (snapshot player ids); a team without one (here or in the
            result document) draws its MVP at random among the eligible players.
        hire: journeymen (snapshot ids) to hire permanently.

    Raises:
        RuleViolation: a typed MVP or journeyman that does not fit, a full roster,
            too little gold to hire.
    """
    fixture = session.get(Fixture, day.fixture_id)
    assert fixture is not None and day.result_json
    fid = day.fixture_id
    home, away = session.get(Team, day.home_team_id), session.get(Team, day.away_team_id)
    assert home is not None and away is not None
    teams = {"home": home, "away": away}
    league = session.get(League, home.league_id)
    assert league is not None
    ruleset = league_ruleset(league)
    result = MatchResult.from_dict(load_json(day.result_json))
    pregame = load_json(day.pregame_json)
    snaps = {side: snapshot(day, side) for side in SIDES}
    snap_players = {p.id: p for side in SIDES for p in snaps[side].players}
    ledger = _Ledger(fid, session)
    record: dict[str, Any] = {
        "teams": {},
        "players": [],
        "injuries": [],
        "hired": [],
        "recovered": [],
        "options": {"mvp": list(mvp), "hire": list(hire)},
    }
    team_ids = [teams[s].id or 0 for s in SIDES]
    squad = repo.players_of(team_ids, session=session)
    facts = repo.PlayerFacts([p.id or 0 for p in squad], session=session)
    missed = [
        p
        for p in squad
        if p.status == "active" and facts.misses_next_game(p.id or 0) and str(p.id) not in snap_players
    ]
    db_players = {
        str(p.id): p
        for p in session.exec(
            select(Player).where(col(Player.id).in_([int(pid) for pid in snap_players if pid.isdigit()]))
        )
    }

    # step 1: outcome and winnings
    outcomes = _outcomes(result)
    factors = {
        s: int(pregame.get("teams", {}).get(s, {}).get("fan_factor", getattr(result, s).fan_factor))
        for s in SIDES
    }
    attendance = sum(factors.values())
    for i, side in enumerate(SIDES):
        tds = getattr(result, side).score
        gold = winnings(
            attendance,
            tds,
            ruleset.winnings_unit,
            conceded=outcomes[side] == "conceded",
            opponent_conceded=result.conceded == 1 - i,
        )
        if gold:
            ledger.treasury(team_ids[i], gold, f"Winnings, fixture {fid}: attendance {attendance}, {tds} TD")
        record["teams"][side] = {"outcome": outcomes[side], "attendance": attendance, "winnings": gold}

    # step 2: dedicated fans
    for i, side in enumerate(SIDES):
        fans = repo.fans_balance(team_ids[i], session=session)
        change, roll = fans_change(
            outcomes[side], fans, dice, minimum=ruleset.draft.fans_min, maximum=ruleset.draft.fans_max
        )
        if change:
            ledger.fans(
                team_ids[i], change, f"Dedicated fans after fixture {fid} ({outcomes[side]}, rolled {roll})"
            )
        record["teams"][side] |= {"fans_roll": roll, "fans_change": change}

    # step 3: MVP and SPP
    by_name = {p.name.casefold(): pid for pid, p in snap_players.items()}
    typed = {str(m) if str(m) in snap_players else by_name.get(str(m).casefold(), str(m)) for m in mvp}
    mvps: dict[str, str | None] = {}
    for i, side in enumerate(SIDES):
        own_ids = [p.id for p in result.players if p.team == i]
        chosen = [m for m in typed if m in own_ids] or (
            [getattr(result, side).mvp] if getattr(result, side).mvp else []
        )
        eligible = [c for c in getattr(result, side).mvp_candidates if not c.startswith("star:")]
        if chosen:
            mvps[side], how = chosen[0], "typed"
        else:
            index = pick_mvp(range(len(eligible)), dice)
            mvps[side], how = (None if index is None else eligible[index]), "random"
        record["teams"][side] |= {"mvp": mvps[side], "mvp_chosen": how}
    unknown = typed - {m for m in mvps.values() if m}
    if unknown:
        raise RuleViolation(
            "MVP",
            f"MVP {', '.join(sorted(unknown))}: not a player of this fixture "
            "(or two MVPs typed for one team)",
        )
    earned: dict[str, int] = {}
    for p in result.players:
        if p.id.startswith("star:"):
            continue
        lines = spp_lines(_tally(p, p.id in mvps.values()), ruleset.advancement.spp_awards)
        amount = sum(a for _label, a in lines) + p.bonus_spp
        earned[p.id] = amount
        player = db_players.get(p.id)
        if player is not None and amount:
            ledger.spp(player.id or 0, amount, _spp_reason(fid, lines, p.bonus_spp))
        if amount:
            record["players"].append(
                {"id": p.id, "spp": amount, "lines": [list(x) for x in lines], "bonus": p.bonus_spp}
            )
        if player is not None:
            injury = _injure(ledger, player, p)
            if injury:
                record["injuries"].append(injury)

    # step 4: journeymen hired permanently
    for pid in hire:
        snap = snap_players.get(pid)
        played = next((p for p in result.players if p.id == pid), None)
        if snap is None or not snap.journeyman or played is None or pid.isdigit():
            raise RuleViolation("journeymen", f"'{pid}' is not a journeyman of this fixture")
        side = SIDES[played.team]
        player = _hire(ledger, teams[side], ruleset, played, snap.name, snap.position)
        if earned.get(pid):
            ledger.spp(player.id or 0, earned[pid], f"Fixture {fid}: SPP earned as a journeyman")
        db_players[pid] = player
        record["hired"].append({"journeyman": pid, "player_id": player.id, "team": side, "cost": player.cost})

    # step 5: expensive mistakes
    for i, side in enumerate(SIDES):
        treasury = repo.treasury_balance(team_ids[i], session=session)
        mistake = expensive_mistake(ruleset.expensive_mistakes, treasury, dice)
        if mistake.loss:
            ledger.treasury(
                team_ids[i], -mistake.loss, f"Expensive mistakes after fixture {fid}: {mistake.incident}"
            )
        record["teams"][side] |= {
            "expensive_mistake": mistake.incident,
            "mistake_loss": mistake.loss,
            "mistake_rolls": list(mistake.rolls),
        }

    # step 6: next fixture: players who missed this one recover; the teams have played
    for player in missed:
        ledger.status(player, "recovered", f"Missed fixture {fid}; fit again")
        record["recovered"].append(player.id)
    for team in teams.values():
        if not team.first_match_played:
            team.first_match_played = True
            session.add(team)
    _stats(fid, result, db_players, mvps, earned, session=session)
    record |= {"seed": getattr(dice, "seed", None), "rolls": roll_dicts(dice.log), "ledger": ledger.ids}
    day.postgame_json = dump_json(record)
    set_stage(day, "post_game_applied", session=session)
    return record


def _stats(
    fixture_id: int,
    result: MatchResult,
    players: Mapping[str, Player],
    mvps: Mapping[str, str | None],
    earned: Mapping[str, int],
    *,
    session: Session,
) -> None:
    """The seasons' per-player figures (leader boards) for the fixture, replacing older ones."""
    for old in session.exec(select(PlayerMatchStats).where(PlayerMatchStats.fixture_id == fixture_id)):
        session.delete(old)
    session.flush()
    for p in result.players:
        player = players.get(p.id)
        if player is None or not (p.played or earned.get(p.id)):
            continue
        session.add(
            PlayerMatchStats(
                fixture_id=fixture_id,
                player_id=player.id or 0,
                team_id=player.team_id,
                td=p.td,
                cas=p.cas,
                completions=p.comp,
                interceptions=p.intc,
                deflections=p.defl,
                mvp=int(p.id in mvps.values()),
                spp=earned.get(p.id, 0),
            )
        )
    session.flush()
