"""The classic (LRB 2004) post-match of a fixture: winnings, fan factor, SPP and MVPs, Star
Player rolls with ageing, serious injuries, a conceding team's veterans.

It runs after the fixture's classic pre-match (whose gate pays the winnings and whose handicap
results, News Feature, Sponsorship Deal and Bribe the Announcers, land here) and its result
(``fixture set-result``; per-player figures from ``PlayerMatchStats``). Every change is a
ledger row citing the fixture; the record, kept beside the pre-match in the same row under
``post_match``, names every roll with its source (typed or program). The coach's pick for each
Star Player roll is made afterwards (the record keeps the roll open until then).
"""

from __future__ import annotations

import json
from collections.abc import Collection, Mapping, Sequence
from dataclasses import replace
from typing import Any

from sqlmodel import Session, select

from league_manager.core.errors import NotFound, RuleViolation
from league_manager.persistence import repositories as repo
from league_manager.persistence.classic_models import ClassicPreMatch
from league_manager.persistence.models import Player, Team
from league_manager.persistence.season_models import Fixture, FixtureResult, PlayerMatchStats, Round
from league_manager.rules.classic import ClassicRuleset, load_classic
from league_manager.rules.classic_postmatch.fan_factor import Stage
from league_manager.rules.classic_postmatch.sequence import (
    PlayerIn,
    PlayerOut,
    TeamIn,
    TeamOut,
    run_post_match,
)
from league_manager.rules.classic_postmatch.spp import MatchRecord
from league_manager.rules.classic_postmatch.tables import load_post_match
from league_manager.rules.classic_tournaments.prizes import holder_match_bonus
from league_manager.rules.classic_tournaments.tables import load_tournaments
from league_manager.rules.scheduling.knockout import round_name
from league_manager.services.base import league_ruleset
from league_manager.services.classic_trophies import season_tournament
from league_manager.services.match_day.classic_assassin import assassin_injured
from league_manager.services.match_day.classic_handicap_effects import (
    handicaps_of,
    missed_players,
    refuse_missed_figures,
)
from league_manager.services.match_day.classic_handicap_picks import (
    STAR,
    TALENT,
    refuse_pending,
    with_hired_stars,
    with_talent,
)
from league_manager.services.match_day.classic_postmatch_record import player_record, side_record
from league_manager.services.match_day.classic_prematch import find_classic_prematch
from league_manager.services.match_day.dice import MatchDayDice, roll_dicts
from league_manager.services.match_day.store import SIDES, fixture_and_league
from league_manager.services.read_models import PlayerView, TeamView
from league_manager.services.season_read_models import PlayerStatLine
from league_manager.services.team_views import build_team_views

POST_MATCH = "match"
"""Ledger source of what the classic post-match writes."""

CHARACTERISTICS = ("MA", "ST", "AG", "AV")


def position_access(
    classic: ClassicRuleset, race_id: str, position: str
) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """Normal and double skill categories of a position (or a Big Guy ally)."""
    try:
        pos = classic.teams[race_id].position(position)
        return pos.normal, pos.double
    except NotFound:
        big = classic.big_guys[position]
        return big.normal, big.double


def profile_of(view: PlayerView) -> tuple[dict[str, int], dict[str, int]]:
    """A player's MA ST AG AV now and his position's starting ones."""
    now = {c: int(view.stats.get(c) or 0) for c in CHARACTERISTICS}
    start = {c: int(view.base.get(c) or 0) for c in CHARACTERISTICS}
    return now, start


def knockout_stage(fixture: Fixture, *, session: Session) -> Stage | None:
    """The tournament stage of a play-off fixture for the Fan Factor roll: the semi-finals (+1)
    and the final (+2) of the knock-out ``season classic-draw`` stored; None for any other match
    (play-off weeks, quarter-finals, the third-place match)."""
    if fixture.stage != "playoff" or fixture.third_place:
        return None
    round_ = session.get(Round, fixture.round_id)
    name = round_.name if round_ is not None else ""
    return "final" if name == round_name(1) else "semi_final" if name == round_name(2) else None


def _team_in(
    side: str,
    view: TeamView,
    pre: Mapping[str, Any],
    result: FixtureResult,
    stats: Mapping[int, PlayerMatchStats],
    injured: Collection[int],
    classic: ClassicRuleset,
    stage: Stage | None,
    final_mvps: bool = False,
) -> TeamIn:
    missing = set(pre["sides"][side]["misses_match"])
    players: list[PlayerIn] = []
    for p in view.players:
        if p.status != "active":
            continue
        line = stats.get(p.id)
        record = MatchRecord(
            completions=line.completions if line else 0,
            touchdowns=line.td if line else 0,
            interceptions=line.interceptions if line else 0,
            casualties=line.cas if line else 0,
        )
        normal, double = position_access(classic, view.race_id, p.position)
        now, start = profile_of(p)
        players.append(
            PlayerIn(
                id=str(p.id),
                spp=p.spp,
                record=record,
                profile=now,
                start=start,
                normal=normal,
                double=double,
                available=p.name not in missing and not p.misses_next_game,
                seriously_injured=p.id in injured,
            )
        )
    return TeamIn(
        rating=int(pre["ratings"][side]),
        fan_factor=view.dedicated_fans,
        score=int((result.home_td if side == "home" else result.away_td) or 0),
        casualties=int((result.home_cas if side == "home" else result.away_cas) or 0),
        players=tuple(players),
        handicaps=handicaps_of(pre["handicap"], side),
        pregame_mvps=tuple(str(e["player_id"]) for e in pre.get("handicap_mvps", {}).get(side, [])),
        conceded=result.outcome == "concession" and result.decided_by_team_id == view.id,
        stage=stage,
        final_mvps=final_mvps,
    )


class LedgerWriter:
    """Applies one side's post-match to the ledgers and returns the ids it wrote."""

    def __init__(self, fixture_id: int, session: Session) -> None:
        self.fixture_id = fixture_id
        self.session = session
        self.ids: dict[str, list[int]] = {"treasury": [], "fans": [], "spp": [], "status": []}

    def status(
        self, player: Player, kind: str, reason: str, characteristic: str | None = None, delta: int = 0
    ) -> None:
        row = repo.add_status(
            player, kind, reason, POST_MATCH, session=self.session,
            characteristic=characteristic, delta=delta, fixture_id=self.fixture_id,
        )  # fmt: skip
        self.ids["status"].append(row.id or 0)

    def team(self, team_id: int, out: TeamOut, fan_factor: int) -> None:
        where = f"fixture {self.fixture_id}"
        if out.gold:
            row = repo.add_treasury(team_id, out.gold, f"Winnings of {where}", POST_MATCH,
                                    session=self.session, fixture_id=self.fixture_id)  # fmt: skip
            self.ids["treasury"].append(row.id or 0)
        change = out.fan_factor.fan_factor - fan_factor
        if change:
            row_f = repo.add_fans(team_id, change, f"Fan factor roll after {where}", POST_MATCH,
                                  session=self.session, fixture_id=self.fixture_id)  # fmt: skip
            self.ids["fans"].append(row_f.id or 0)

    def player(self, player: Player, out: PlayerOut) -> None:
        where = f"fixture {self.fixture_id}"
        if out.spp_earned:
            row = repo.add_spp(player.id or 0, out.spp_earned, f"Fixture {self.fixture_id}", POST_MATCH,
                               session=self.session, fixture_id=self.fixture_id)  # fmt: skip
            self.ids["spp"].append(row.id or 0)
        injury = out.serious_injury
        if injury is not None:
            self.status(player, "mng", f"Serious injury ({injury.name}) in {where}")
            if injury.niggling:
                self.status(player, "niggling", f"{injury.name} in {where}", delta=1)
            if injury.characteristic and injury.applied:
                self.status(player, "characteristic", f"{injury.name} in {where}", injury.characteristic, -1)
        for roll in out.star_player_rolls:
            ageing = roll.ageing
            if ageing is None or not ageing.aged or not ageing.applied or ageing.result is None:
                continue
            if ageing.result == "niggling":
                self.status(player, "niggling", f"Ageing after {where}", delta=1)
            else:
                self.status(player, "characteristic", f"Ageing after {where}", ageing.result, -1)


def _store_figures(
    fixture_id: int, figures: Sequence[PlayerStatLine], playing: Mapping[int, int], session: Session
) -> None:
    """Replace the fixture's per-player figures with those typed in with the post-match."""
    for line in figures:
        if line.player_id not in playing:
            raise RuleViolation("post-match", f"player {line.player_id} did not play in fixture {fixture_id}")
        if min(line.td, line.cas, line.completions, line.interceptions) < 0:
            raise RuleViolation("post-match", "match figures cannot be negative")
    for old in session.exec(select(PlayerMatchStats).where(PlayerMatchStats.fixture_id == fixture_id)):
        session.delete(old)
    session.flush()
    for line in figures:
        session.add(PlayerMatchStats(
            fixture_id=fixture_id, player_id=line.player_id, team_id=playing[line.player_id],
            td=line.td, cas=line.cas, completions=line.completions, interceptions=line.interceptions,
        ))  # fmt: skip
    session.flush()


def refuse_if_classic_postmatch(fixture_id: int, *, session: Session) -> None:
    """A classic result whose post-match has been applied is not edited as a plain score.

    Raises:
        RuleViolation: the fixture's classic post-match has been run.
    """
    row = find_classic_prematch(fixture_id, session=session)
    if row is not None and json.loads(row.record_json).get("post_match") is not None:
        raise RuleViolation(
            "result",
            f"fixture {fixture_id} has had its classic post-match; its result is final until the "
            f"post-match is undone (Undo post-match… on the fixture page, or fixture postgame {fixture_id} "
            "--undo --reason TEXT)",
        )


def run_classic_postmatch(
    fixture_id: int,
    injured: Collection[int],
    dice: MatchDayDice,
    *,
    session: Session,
    figures: Sequence[PlayerStatLine] | None = None,
    mvps: Sequence[int] = (),
) -> ClassicPreMatch:
    """Run the classic post-match of a fixture and store its record (one transaction, the caller's).

    Args:
        fixture_id: the fixture (its classic pre-match run, its result entered).
        injured: ids of the players who suffered a Serious Injury in the match (each rolls D66).
        dice: typed-in physical dice first, then program dice.
        session: the caller's transaction.
        figures: per-player touchdowns, casualties, completions and interceptions of the
            match (they replace any stored for the fixture); None keeps the stored ones.
        mvps: ids of MVPs the coaches drew on the table (each side's take its first draws;
            the program draws the rest).

    Raises:
        RuleViolation: not a classic fixture, no pre-match or no result yet, post-match run
            already, an injured player not in the match; nothing is changed.
    """
    fixture, league = fixture_and_league(fixture_id, session=session)
    ruleset = league_ruleset(league)
    if not ruleset.classic:
        raise RuleViolation("post-match", f"fixture {fixture_id} is not a classic fixture")
    row = find_classic_prematch(fixture_id, session=session)
    if row is None:
        raise RuleViolation(
            "post-match", f"fixture {fixture_id} has had no pre-match (its gate pays the winnings)"
        )
    pre = json.loads(row.record_json)
    if pre.get("post_match") is not None:
        raise RuleViolation("post-match", f"fixture {fixture_id} has had its post-match already")
    if pre.get("inspiration_pending"):
        raise RuleViolation(
            "post-match",
            f"fixture {fixture_id}: choose Inspiration's player first (fixture inspire {fixture_id} PLAYER)",
        )
    refuse_pending(pre, fixture_id)  # That Boy's Got Talent, Appearance Fee
    result = session.exec(select(FixtureResult).where(FixtureResult.fixture_id == fixture_id)).first()
    if result is None or result.outcome not in ("score", "concession") or result.home_td is None:
        raise RuleViolation("post-match", f"fixture {fixture_id} needs its score first (fixture set-result)")
    teams_rows = [session.get(Team, fixture.home_team_id), session.get(Team, fixture.away_team_id)]
    views = dict(zip(SIDES, build_team_views([t for t in teams_rows if t], session=session), strict=True))
    missed = {side: missed_players(views[side], pre["sides"][side]) for side in SIDES}
    absent = {int(e["player_id"]): e for side in SIDES for e in missed[side]}  # no SPP, MVP or injury
    playing = {
        p.id: v.id for v in views.values() for p in v.players if p.status == "active" and p.id not in absent
    }
    if figures is not None:
        _store_figures(fixture_id, figures, playing, session)
    for mvp in mvps:  # an MVP drawn on the table must have played
        if mvp in absent:
            why = absent[mvp]
            reason = f"{why['name']} was not available for the match ({why['reason']})"
            raise RuleViolation("MVP", f"{reason}: he cannot be its MVP")
    strangers = sorted((set(injured) | set(mvps)) - set(playing))
    if strangers:
        raise RuleViolation("post-match", f"player(s) {strangers} did not play in fixture {fixture_id}")
    stats = {
        s.player_id: s
        for s in session.exec(select(PlayerMatchStats).where(PlayerMatchStats.fixture_id == fixture_id))
    }
    refuse_missed_figures(fixture_id, stats.values(), absent)
    classic, tables = load_classic(ruleset.id), load_post_match(ruleset.id)
    hurt = set(injured) | assassin_injured(pre)  # the Assassin's Serious Injury rolls its D66 now
    tournaments = load_tournaments(ruleset.id)
    stage = knockout_stage(fixture, session=session)
    named = season_tournament(fixture.season_id, session=session)
    medals = stage == "final" and named is not None and named.name == "Blood Bowl"  # every finalist an MVP
    teams = {
        side: with_hired_stars(
            with_talent(
                _team_in(side, views[side], pre, result, stats, hurt, classic, stage, medals),
                pre["sides"][side],
            ),
            pre["sides"][side],
            pre.get("stars_hired_by_both", ()),
        )
        for side in SIDES
    }
    for side in SIDES:  # an MVP drawn on the table: one of the team's players, available for the match
        teams[side] = replace(
            teams[side], named_mvps=tuple(str(m) for m in mvps if playing[m] == views[side].id)
        )
        unavailable = [
            t.id for t in teams[side].players if t.id in teams[side].named_mvps and not t.available
        ]
        if unavailable:
            name = next(v.name for v in views[side].players if str(v.id) == unavailable[0])
            raise RuleViolation("MVP", f"{name} was not available for the match: he cannot be its MVP")
    out = run_post_match(dice, int(pre["gate"]["fans"]), teams["home"], teams["away"], tables)
    writer = LedgerWriter(fixture_id, session)
    sides: dict[str, Any] = {}
    for side in SIDES:
        view, team_out = views[side], out[side]
        writer.team(view.id, team_out, teams[side].fan_factor)
        bonus = holder_match_bonus(pre["sides"][side].get("trophies", ()), tournaments)
        if bonus:  # the Blood Bowl holder's Bloodweiser deal, for each match played while holding it
            reason = f"Bloodweiser deal (Blood Bowl holder), fixture {fixture_id}"
            entry = repo.add_treasury(
                view.id, bonus, reason, POST_MATCH, session=session, fixture_id=fixture_id
            )
            writer.ids["treasury"].append(entry.id or 0)
        names = {str(p.id): p.name for p in view.players}
        if pre["sides"][side].get("talent"):
            names[TALENT] = f"{pre['sides'][side]['talent']['position']} (That Boy's Got Talent; leaves)"
        hired = [p.id for p in teams[side].players if p.id.startswith(STAR)]
        names.update({star: f"{star.removeprefix(STAR)} (hired Star Player)" for star in hired})
        recovered = [p for p in view.players if p.status == "active" and p.misses_next_game]
        for p in recovered:  # he missed this match: fit for the next one (his new injury aside)
            writer.status(
                repo.get_player(p.id, session=session), "recovered", f"Missed fixture {fixture_id}; fit again"
            )
        players: list[dict[str, Any]] = []
        for p_out in team_out.players:
            if p_out.id == TALENT or p_out.id.startswith(
                STAR
            ):  # joined for this match only: nothing to write
                continue
            player = repo.get_player(int(p_out.id), session=session)
            writer.player(player, p_out)
            line = stats.get(player.id or 0)
            if line is not None and (p_out.mvps or p_out.spp_earned):
                line.mvp, line.spp = p_out.mvps, p_out.spp_earned
                session.add(line)
            if p_out.spp_earned or p_out.star_player_rolls or p_out.serious_injury:
                players.append(player_record(player.id or 0, player.name, p_out))
        for vet in team_out.veterans:
            if vet.leaves:
                writer.status(repo.get_player(int(vet.player), session=session), "left",
                              f"Left after his team conceded fixture {fixture_id}")  # fmt: skip
        sides[side] = side_record(view.id, view.name, teams[side], team_out, names)
        sides[side].update(
            players=players,
            recovered=[p.name for p in recovered],
            holder_bonus=bonus,
            final_mvps=medals,
            missed=missed[side],
        )
    pre["post_match"] = {
        "stage": stage, "sides": sides, "ledger_ids": writer.ids, "dice": roll_dicts(dice.log)
    }  # fmt: skip
    row.record_json = json.dumps(pre)
    session.add(row)
    session.flush()
    return row
