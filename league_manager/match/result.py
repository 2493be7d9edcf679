"""MatchResult: what the post-game sequence needs from a played match (JSON round-trip)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from league_manager.match.state import State


@dataclass(frozen=True, slots=True)
class PlayerResult:
    """One player's match: SPP-relevant counts and injuries suffered.

    Attributes:
        id: the snapshot's player id.
        team: 0 home, 1 away.
        played: took part in at least one drive.
        td, comp, defl, intc: touchdowns, completions, deflections, interceptions.
        cas: casualties inflicted that earn SPP (blocks); cas_other: casualties not earning SPP
            (fouls, crowd pushes, a target's block on the attacker).
        injury: casualty result suffered ("Badly Hurt", "Seriously Hurt", "Serious Injury",
            "Lasting Injury", "Dead") or None.
        lasting: characteristic reduced by a Lasting Injury ("MA", "ST", "AG", "PA", "AV").
        apothecary: the team's apothecary was used on this player.
        sent_off: sent off by the referee.
        bonus_spp: extra SPP from Prayers to Nuffle (Perfect Passing, Necessary Violence).
        kills: opponents this player's actions killed (a Dead casualty result; leader boards).
        infected: killed by a Plague Ridden player whose coach used the trait: still lost to
            their team, and a Favoured of Nurgle opponent may hire a new Rotter Lineman for free.
        quits: the player's team conceded and the player (three or more advancements)
            rolled 1-3: they leave the team in the post-game.
        staff: (staff, skill) for each pre-game pick of the player by Schielund Scharlitan,
            Professor Fronkelheim or Ayleen Andar (skill "" when none was gained); the
            post-game rolls for them (written only when there is any).
        injured_by: the id of the opposing player whose action caused ``injury`` (written
            only when there is one): Season 3's Getting Even.
    """

    id: str
    team: int
    played: bool
    td: int = 0
    comp: int = 0
    defl: int = 0
    intc: int = 0
    cas: int = 0
    cas_other: int = 0
    injury: str | None = None
    lasting: str | None = None
    apothecary: bool = False
    sent_off: bool = False
    bonus_spp: int = 0
    kills: int = 0
    infected: bool = False
    quits: bool = False
    staff: tuple[tuple[str, str], ...] = ()
    injured_by: str | None = None

    def to_dict(self) -> dict[str, Any]:
        """JSON form."""
        data = {
            "id": self.id,
            "team": self.team,
            "played": self.played,
            "td": self.td,
            "comp": self.comp,
            "defl": self.defl,
            "intc": self.intc,
            "cas": self.cas,
            "cas_other": self.cas_other,
            "injury": self.injury,
            "lasting": self.lasting,
            "apothecary": self.apothecary,
            "sent_off": self.sent_off,
            "bonus_spp": self.bonus_spp,
            "kills": self.kills,
            "infected": self.infected,
            "quits": self.quits,
        }
        if self.staff:
            data["staff"] = [list(pick) for pick in self.staff]
        if self.injured_by is not None:
            data["injured_by"] = self.injured_by
        return data

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> PlayerResult:
        """Inverse of :meth:`to_dict`."""
        staff = tuple((str(who), str(skill)) for who, skill in data.get("staff", ()))
        return cls(**{**data, "staff": staff})


@dataclass(frozen=True, slots=True)
class TeamResult:
    """One team's side of the result."""

    name: str
    race: str
    score: int
    casualties_inflicted: int
    casualties_suffered: int
    fan_factor: int
    mvp_candidates: tuple[str, ...]
    mvp: str | None = None
    inducements_used: tuple[tuple[str, int], ...] = ()
    """In-match inducements used, by name: apothecary uses (the team's own as
    ``apothecary``), a Mortuary Assistant's re-roll... (see ``match.inducements.used``)."""
    stalled: int = 0
    """Team turns in which one of its players stalled (engine-played matches; 0 otherwise)."""

    def to_dict(self) -> dict[str, Any]:
        """JSON form."""
        return {
            "name": self.name,
            "race": self.race,
            "score": self.score,
            "casualties_inflicted": self.casualties_inflicted,
            "casualties_suffered": self.casualties_suffered,
            "fan_factor": self.fan_factor,
            "mvp_candidates": list(self.mvp_candidates),
            "mvp": self.mvp,
            "inducements_used": dict(self.inducements_used),
            "stalled": self.stalled,
        }

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> TeamResult:
        """Inverse of :meth:`to_dict`."""
        used = tuple((str(k), int(v)) for k, v in dict(data.get("inducements_used", {})).items())
        return cls(**{**data, "mvp_candidates": tuple(data["mvp_candidates"]), "inducements_used": used})


@dataclass(frozen=True, slots=True)
class MatchResult:
    """The outcome of a finished (or conceded) match.

    Attributes:
        home, away: per-team results.
        conceded: None, or 0/1 for the team that conceded (the score then already holds
            the concession's touchdowns; the conceding team has no MVP candidates).
        players: every player of both snapshots, in snapshot order (home first).
        weather: weather at full time.
        sudden_death: None, or 0/1 for the team that won the sudden-death roll-offs after
            a drawn extra time (the score stays a draw; that team wins the game).
        penalty_free: the conceding team had three players or fewer able to play and
            conceded without penalty (it still loses; the post-game treats it as a loss).
    """

    home: TeamResult
    away: TeamResult
    conceded: int | None
    players: tuple[PlayerResult, ...]
    weather: str
    sudden_death: int | None = None
    penalty_free: bool = False

    @property
    def winner(self) -> int | None:
        """0 home, 1 away, None for a draw (a concession loses)."""
        if self.conceded is not None:
            return 1 - self.conceded
        if self.home.score == self.away.score:
            return self.sudden_death
        return 0 if self.home.score > self.away.score else 1

    def to_dict(self) -> dict[str, Any]:
        """JSON form."""
        return {
            "home": self.home.to_dict(),
            "away": self.away.to_dict(),
            "conceded": self.conceded,
            "players": [p.to_dict() for p in self.players],
            "weather": self.weather,
            "sudden_death": self.sudden_death,
            **({"penalty_free": True} if self.penalty_free else {}),
        }

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> MatchResult:
        """Inverse of :meth:`to_dict`."""
        return cls(
            home=TeamResult.from_dict(data["home"]),
            away=TeamResult.from_dict(data["away"]),
            conceded=data["conceded"],
            players=tuple(PlayerResult.from_dict(p) for p in data["players"]),
            weather=data["weather"],
            sudden_death=data.get("sudden_death"),
            penalty_free=bool(data.get("penalty_free", False)),
        )


def _snapshot_id(s: State, p: int) -> str | None:
    if p < 0:
        return None
    n_home = len(s.teams[0].players)
    team = s.team[p]
    return s.teams[team].players[p if team == 0 else p - n_home].id


def build_result(s: State) -> MatchResult:
    """Collect the result from a match state."""
    from league_manager.match.inducements import used
    from league_manager.match.state import SENT_OFF

    players = []
    n_home = len(s.teams[0].players)
    for p in range(s.size):
        team = s.team[p]
        snap = s.teams[team].players[p if team == 0 else p - n_home]
        st = s.stats[p]
        players.append(
            PlayerResult(
                id=snap.id,
                team=team,
                played=p in s.played,
                td=st.td,
                comp=st.comp,
                defl=st.defl,
                intc=st.intc,
                cas=st.cas,
                cas_other=st.cas_other,
                injury=st.injury or None,
                lasting=st.lasting or None,
                apothecary=st.apothecary,
                sent_off=s.status[p] == SENT_OFF,
                bonus_spp=st.bonus_spp,
                kills=st.kills,
                infected=st.infected,
                quits=p in s.quits,
                staff=st.staff,
                injured_by=_snapshot_id(s, st.injured_by) if st.injury else None,
            )
        )
    teams = []
    for t in (0, 1):
        snap_t = s.teams[t]
        teams.append(
            TeamResult(
                name=snap_t.name,
                race=snap_t.race,
                score=s.score[t],
                casualties_inflicted=s.cas_inflicted[t],
                casualties_suffered=sum(1 for r in players if r.team == t and r.injury),
                fan_factor=s.fan_factor(t),
                mvp_candidates=()
                if s.conceded == t
                else tuple(r.id for r in players if r.team == t and r.played and r.injury != "Dead"),
                inducements_used=tuple(sorted(used(s, t).items())),
                stalled=s.stalled[t],
            )
        )
    return MatchResult(
        home=teams[0],
        away=teams[1],
        conceded=s.conceded if s.conceded >= 0 else None,
        players=tuple(players),
        weather=s.weather,
        sudden_death=s.sudden_death if s.sudden_death >= 0 else None,
    )
