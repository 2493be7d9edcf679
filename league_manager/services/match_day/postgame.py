"""Post-game, steps 1-6, in the caller's one transaction; every change a ledger row citing the fixture."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from sqlmodel import Session, col, select

from league_manager.core.errors import RuleViolation
from league_manager.match.result import MatchResult, PlayerResult
from league_manager.match.teams import PlayerSnapshot
from league_manager.persistence import repositories as repo
from league_manager.persistence.match_day_models import MatchDay
from league_manager.persistence.models import League, Player, Team
from league_manager.persistence.season_models import PlayerMatchStats
from league_manager.rules.dice import Dice
from league_manager.rules.model import Ruleset
from league_manager.rules.postgame.expensive_mistakes import expensive_mistake
from league_manager.rules.postgame.fans import fans_change
from league_manager.rules.postgame.mvp import nominate, pick_mvp
from league_manager.rules.postgame.spp import PlayerTally, spp_lines
from league_manager.rules.postgame.winnings import winnings
from league_manager.services.base import league_ruleset
from league_manager.services.concessions import no_mvp_fixture
from league_manager.services.match_day.dice import roll_dicts
from league_manager.services.match_day.dice_slots import about
from league_manager.services.match_day.getting_even import getting_even
from league_manager.services.match_day.postgame_staff import AYLEEN_FEE, ayleen_skills, gift, staff_rolls
from league_manager.services.match_day.records import PostgameRecord, PregameRecord
from league_manager.services.match_day.store import (
    SIDES,
    load_json,
    pregame_record,
    save_postgame,
    set_stage,
    snapshot,
)

SOURCE = "match"

INDUCED = ("star:", "mercenary:", "staff:")
"""Ids of induced players: no MVP, no SPP, never hired."""


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

    def advancements(self, ids: list[int]) -> None:
        """Skills kept from a coaching staff's work (``postgame_staff``): a correction removes them."""
        if ids:
            self.ids.setdefault("advancements", []).extend(ids)

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
    if result.conceded is not None and result.penalty_free:  # no penalty: an ordinary loss
        return {side: "lost" if i == result.conceded else "won" for i, side in enumerate(SIDES)}
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


def lasting_name(ruleset: Ruleset, characteristic: str | None) -> str:
    """The league edition's name of the Lasting Injury that lowers ``characteristic``
    (Season 3's -AG is a Dislocated Hip, BB2020's a Neck Injury); the characteristic
    itself when the table has no such row."""
    table = ruleset.tables.get("lasting_injury")
    rows = table.rows if table is not None else ()
    return next((r.result for r in rows if r.characteristic == characteristic), str(characteristic))


def _injure(ledger: _Ledger, player: Player, p: PlayerResult, ruleset: Ruleset) -> dict[str, Any] | None:
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
        name = f"{lasting_name(ruleset, p.lasting)}, -{p.lasting}"
        ledger.status(player, "characteristic", f"Lasting Injury ({name}) in {where}", p.lasting, -1)
        ledger.status(player, "mng", f"Lasting Injury in {where}")
    else:
        return None
    return {"player_id": player.id, "injury": p.injury, "lasting": p.lasting}


def _hire(
    ledger: _Ledger, team: Team, ruleset: Ruleset, journeyman: PlayerResult, name: str, position: str
) -> Player:
    """Step 4: a journeyman who played joins the roster at his value, paid from the treasury
    (10,000 gp more for each skill Ayleen Andar gave him, which he keeps)."""
    session = ledger.session
    roster = ruleset.team(team.race)
    pos = roster.position(position)
    trained = ayleen_skills(journeyman)
    price = pos.cost + AYLEEN_FEE * len(trained)
    squad = repo.players_of([team.id or 0], session=session)
    if len([p for p in squad if p.status == "active"]) >= ruleset.draft.max_players:
        raise RuleViolation("players", f"{team.name} already has {ruleset.draft.max_players} players")
    if journeyman.injury == "Dead":
        raise RuleViolation("journeymen", f"{name} died in the match and cannot be hired")
    treasury = repo.treasury_balance(team.id or 0, session=session)
    if treasury < price:
        raise RuleViolation("budget", f"{team.name} has {treasury:,} gp; hiring {name} costs {price:,} gp")
    numbers = {p.number for p in repo.players_of([team.id or 0], session=session, include_gone=True)}
    number = next(n for n in range(1, 100) if n not in numbers)
    player = Player(team_id=team.id or 0, number=number, name=name, position=pos.name, cost=pos.cost)
    session.add(player)
    session.flush()
    ledger.status(player, "hired", f"Journeyman hired permanently after fixture {ledger.fixture_id}")
    ledger.treasury(
        team.id or 0, -price, f"Hired journeyman {name} ({pos.name}) after fixture {ledger.fixture_id}"
    )
    ledger.advancements([gift(player, s, AYLEEN_FEE, ledger.fixture_id, session=session) for s in trained])
    return player


@dataclass
class _Context:
    """What every post-game step reads, and the record they fill in."""

    fixture_id: int
    teams: dict[str, Team]
    ruleset: Ruleset
    result: MatchResult
    pregame: PregameRecord
    snap_players: dict[str, PlayerSnapshot]
    db_players: dict[str, Player]
    ledger: _Ledger
    dice: Dice
    session: Session
    record: dict[str, Any] = field(default_factory=dict)
    mvps: dict[str, str | None] = field(default_factory=dict)
    earned: dict[str, int] = field(default_factory=dict)

    def team_id(self, side: str) -> int:
        """The database id of a side's team."""
        return self.teams[side].id or 0

    def side_record(self, side: str) -> dict[str, Any]:
        """The record of one side, created on first use."""
        teams: dict[str, dict[str, Any]] = self.record.setdefault("teams", {})
        return teams.setdefault(side, {})


def _load(day: MatchDay, dice: Dice, session: Session) -> _Context:
    assert day.result_json
    home, away = session.get(Team, day.home_team_id), session.get(Team, day.away_team_id)
    assert home is not None and away is not None
    league = session.get(League, home.league_id)
    assert league is not None
    snap_players = {p.id: p for side in SIDES for p in snapshot(day, side).players}
    ids = [int(pid) for pid in snap_players if pid.isdigit()]
    db_players = {str(p.id): p for p in session.exec(select(Player).where(col(Player.id).in_(ids)))}
    return _Context(
        fixture_id=day.fixture_id,
        teams={"home": home, "away": away},
        ruleset=league_ruleset(league),
        result=MatchResult.from_dict(load_json(day.result_json)),
        pregame=pregame_record(day),
        snap_players=snap_players,
        db_players=db_players,
        ledger=_Ledger(day.fixture_id, session),
        dice=dice,
        session=session,
        record={"teams": {}, "players": [], "injuries": [], "hired": [], "recovered": [], "quit": []},
    )


def _step1_winnings(c: _Context) -> None:
    """Outcome and winnings: (attendance / 2 + own TD) x 10,000 gp; a concession changes both."""
    outcomes = _outcomes(c.result)
    factors = [_fan_factor(c, side) for side in SIDES]
    attendance = sum(factors)
    for i, side in enumerate(SIDES):
        tds = getattr(c.result, side).score
        # Engine-played matches count stalled turns; other results record none (no stalling).
        not_stalling = c.ruleset.winnings_not_stalling if not getattr(c.result, side).stalled else 0
        gold = winnings(
            attendance,
            tds,
            c.ruleset.winnings_unit,
            conceded=outcomes[side] == "conceded",
            opponent_conceded=c.result.conceded == 1 - i and not c.result.penalty_free,
            not_stalling=not_stalling,
        )
        if gold:
            bonus = ", not stalling" if not_stalling else ""
            c.ledger.treasury(
                c.team_id(side),
                gold,
                f"Winnings, fixture {c.fixture_id}: attendance {attendance}, {tds} TD{bonus}",
            )
        c.side_record(side).update(outcome=outcomes[side], attendance=attendance, winnings=gold)


def _fan_factor(c: _Context, side: str) -> int:
    """The Fan Factor the winnings count: the pre-game's, lowered by what the match took (Jorm the
    Ogre's Get the Ref; the result's ``fan_factor`` is the one at the end of the match)."""
    at_end = int(getattr(c.result, side).fan_factor)
    return min(c.pregame.side(side).fan_factor, at_end) if side in c.pregame.teams else at_end


def _step2_fans(c: _Context) -> None:
    """Dedicated fans: winner D6 >= fans +1, loser D6 < fans -1, conceding team -D3."""
    for side in SIDES:
        about(c.dice, c.teams[side].name)
        outcome = c.side_record(side)["outcome"]
        fans = repo.fans_balance(c.team_id(side), session=c.session)
        change, roll = fans_change(
            outcome, fans, c.dice, minimum=c.ruleset.draft.fans_min, maximum=c.ruleset.draft.fans_max
        )
        if change:
            reason = f"Dedicated fans after fixture {c.fixture_id} ({outcome}, rolled {roll})"
            c.ledger.fans(c.team_id(side), change, reason)
        c.side_record(side).update(fans_roll=roll, fans_change=change)


def _typed_mvps(c: _Context, mvp: Sequence[str]) -> dict[str, str]:
    """Typed MVPs (ids or names) by side.

    Raises:
        RuleViolation: a player of neither team, or two MVPs for one team.
    """
    by_name = {p.name.casefold(): pid for pid, p in c.snap_players.items()}
    chosen: dict[str, str] = {}
    for typed in mvp:
        pid = str(typed) if str(typed) in c.snap_players else by_name.get(str(typed).casefold(), "")
        row = next((p for p in c.result.players if p.id == pid), None)
        if row is None:
            raise RuleViolation("MVP", f"MVP '{typed}' is not a player of this fixture")
        side = SIDES[row.team]
        if side in chosen:
            raise RuleViolation("MVP", f"two MVPs typed for the {side} team")
        chosen[side] = pid
    return chosen


def _random_mvp(c: _Context, side: str, eligible: Sequence[str]) -> str | None:
    """The MVP drawn by the dice: among all eligible players, or (Season 3) among the
    team's nominees: the result's candidates when it names no more than the edition's
    number, otherwise that many drawn at random (the coach nominated none)."""
    if c.ruleset.mvp_nominees:
        eligible = nominate(eligible, c.ruleset.mvp_nominees, c.dice)
        c.side_record(side)["mvp_nominees"] = list(eligible)
    index = pick_mvp(range(len(eligible)), c.dice)
    return None if index is None else eligible[index]


def _step3_spp(c: _Context, mvp: Sequence[str]) -> None:
    """The coaching staff's rolls, then MVP (typed, from the result document, or random among
    the eligible) and SPP for everyone."""
    races = {c.team_id(side): c.teams[side].race for side in SIDES}
    staff, gifts = staff_rolls(
        c.result.players, c.db_players, races, c.ruleset, c.dice, c.ledger.status, c.fixture_id,
        session=c.session,
    )  # fmt: skip
    c.ledger.advancements(gifts)
    if staff:
        c.record["staff"] = staff
    typed = _typed_mvps(c, mvp)
    friendly = no_mvp_fixture(c.fixture_id, session=c.session)
    for side in SIDES:
        team = getattr(c.result, side)
        chosen = typed.get(side) or team.mvp
        eligible = [pid for pid in team.mvp_candidates if not pid.startswith(INDUCED)]
        if friendly:  # league rules: a cross-division friendly has no MVP
            if chosen:
                raise RuleViolation("MVP", f"fixture {c.fixture_id} is a friendly; friendlies have no MVP")
            c.mvps[side], how = None, "none (friendly)"
        elif chosen:
            c.mvps[side], how = chosen, "typed"
        else:
            about(c.dice, c.teams[side].name)
            c.mvps[side], how = _random_mvp(c, side, eligible), "random"
        c.side_record(side).update(mvp=c.mvps[side], mvp_chosen=how)
    awards = {  # Season 3's Brawlin' Brutes teams score casualties and touchdowns differently
        side: c.ruleset.advancement.awards_for(c.ruleset.team(c.teams[side].race)) for side in SIDES
    }
    for p in c.result.players:
        if p.id.startswith(INDUCED):
            continue  # star players and mercenaries earn no SPP
        lines = spp_lines(_tally(p, p.id in c.mvps.values()), awards[SIDES[p.team]])
        amount = sum(a for _label, a in lines) + p.bonus_spp
        if (
            amount
            and c.ruleset.concession_loses_spp
            and c.result.conceded == p.team
            and not c.result.penalty_free
        ):
            lost = c.side_record(SIDES[p.team])
            lost["spp_lost"] = lost.get("spp_lost", 0) + amount  # Season 3: conceding costs the game's SPP
            lines, amount = [], 0
        c.earned[p.id] = amount
        player = c.db_players.get(p.id)
        if player is not None and amount:
            c.ledger.spp(player.id or 0, amount, _spp_reason(c.fixture_id, lines, p.bonus_spp))
        if amount:
            entry = {"id": p.id, "spp": amount, "lines": [list(x) for x in lines], "bonus": p.bonus_spp}
            c.record["players"].append(entry)
        if player is not None:
            injury = _injure(c.ledger, player, p, c.ruleset)
            if injury:
                c.record["injuries"].append(injury)
            if p.quits and p.injury != "Dead":  # a conceding team's player quits in disgust
                c.ledger.status(player, "left", f"Quit in disgust after conceding fixture {c.fixture_id}")
                c.record["quit"].append(player.id)


def _getting_even(c: _Context) -> None:
    """Season 3: players hurt by an opponent roll for Hatred of them (``getting_even.py``)."""
    races = {index: c.teams[side].race for index, side in enumerate(SIDES)}
    rows, ids = getting_even(
        c.result.players, c.db_players, c.snap_players, races, c.ruleset, c.dice, c.fixture_id,
        session=c.session,
    )  # fmt: skip
    c.ledger.advancements(ids)
    if rows:
        c.record["getting_even"] = rows


def _step4_hire(c: _Context, hire: Sequence[str]) -> None:
    """Journeymen who played hired permanently at their value; they keep the SPP they earned."""
    for pid in hire:
        snap = c.snap_players.get(pid)
        played = next((p for p in c.result.players if p.id == pid), None)
        if snap is None or not snap.journeyman or played is None or pid.isdigit():
            raise RuleViolation("journeymen", f"'{pid}' is not a journeyman of this fixture")
        if pid.startswith("rookie:"):
            raise RuleViolation("journeymen", f"{snap.name} joined for this match only and cannot be hired")
        side = SIDES[played.team]
        player = _hire(c.ledger, c.teams[side], c.ruleset, played, snap.name, snap.position)
        if c.earned.get(pid):
            c.ledger.spp(player.id or 0, c.earned[pid], f"Fixture {c.fixture_id}: SPP earned as a journeyman")
        c.db_players[pid] = player
        paid = player.cost + AYLEEN_FEE * len(ayleen_skills(played))
        c.record["hired"].append({"journeyman": pid, "player_id": player.id, "team": side, "cost": paid})


def _step5_mistakes(c: _Context) -> None:
    """Expensive mistakes: the treasury band x D6 table."""
    for side in SIDES:
        about(c.dice, c.teams[side].name)
        treasury = repo.treasury_balance(c.team_id(side), session=c.session)
        mistake = expensive_mistake(c.ruleset.expensive_mistakes, treasury, c.dice)
        if mistake.loss:
            reason = f"Expensive mistakes after fixture {c.fixture_id}: {mistake.incident}"
            c.ledger.treasury(c.team_id(side), -mistake.loss, reason)
        c.side_record(side).update(
            expensive_mistake=mistake.incident, mistake_loss=mistake.loss, mistake_rolls=list(mistake.rolls)
        )


def _step6_prepare(c: _Context, missed: Sequence[Player]) -> None:
    """Next fixture: players who missed this one recover; both teams have now played."""
    for player in missed:
        c.ledger.status(player, "recovered", f"Missed fixture {c.fixture_id}; fit again")
        c.record["recovered"].append(player.id)
    for team in c.teams.values():
        if not team.first_match_played:
            team.first_match_played = True
            c.session.add(team)
    _stats(c.fixture_id, c.result, c.db_players, c.mvps, c.earned, session=c.session)


def apply_postgame(
    day: MatchDay,
    dice: Dice,
    *,
    session: Session,
    mvp: Sequence[str] = (),
    hire: Sequence[str] = (),
) -> PostgameRecord:
    """Run post-game steps 1-6 for a fixture whose result is entered; returns the record.

    Args:
        day: the match-day record (stage ``result_entered``).
        dice: where the rolls come from (fans, MVP, expensive mistakes).
        session: the caller's transaction (all or nothing).
        mvp: typed MVPs (snapshot player ids or names); a team without one (here or in
            the result document) draws its MVP at random among the eligible players.
        hire: journeymen (snapshot ids) to hire permanently.

    Raises:
        RuleViolation: a typed MVP or journeyman that does not fit, a full roster,
            too little gold to hire.
    """
    c = _load(day, dice, session)
    squad = repo.players_of([c.team_id(s) for s in SIDES], session=session)
    facts = repo.PlayerFacts([p.id or 0 for p in squad], session=session)
    missed = [
        p
        for p in squad
        if p.status == "active" and facts.misses_next_game(p.id or 0) and str(p.id) not in c.snap_players
    ]
    _step1_winnings(c)
    _step2_fans(c)
    _step3_spp(c, mvp)
    _getting_even(c)
    _step4_hire(c, hire)
    _step5_mistakes(c)
    _step6_prepare(c, missed)
    c.record |= {
        "inducements_used": {s: dict(getattr(c.result, s).inducements_used) for s in SIDES},
        "options": {"mvp": list(mvp), "hire": list(hire)},
        "seed": getattr(dice, "seed", None),
        "rolls": roll_dicts(dice.log),
        "ledger": c.ledger.ids,
    }
    record = PostgameRecord.built(c.record)
    save_postgame(day, record)
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
                kills=p.kills,
            )
        )
    session.flush()
