"""Compact match state: players in parallel arrays, the pitch as a list of player indexes."""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import Any

from league_manager.match.pitch import SIZE
from league_manager.match.teams import TeamSnapshot

# Player statuses
STANDING = 0
PRONE = 1
STUNNED = 2
RESERVE = 3
KO = 4
CASUALTY = 5
SENT_OFF = 6
STATUS_NAMES = ("standing", "prone", "stunned", "reserve", "ko", "casualty", "sent_off")
ON_PITCH_STATUSES = (STANDING, PRONE, STUNNED)
TURNS_PER_HALF = 8
"""Team turns each team plays in a half (overtime too)."""

WEATHER_NAMES = {
    "sweltering_heat": "Sweltering Heat",
    "very_sunny": "Very Sunny",
    "perfect": "Perfect Conditions",
    "pouring_rain": "Pouring Rain",
    "blizzard": "Blizzard",
}


@dataclass(slots=True)
class PlayerStats:
    """What one player did in the match (for the match result)."""

    td: int = 0
    comp: int = 0
    defl: int = 0
    intc: int = 0
    cas: int = 0
    cas_other: int = 0
    injury: str = ""
    lasting: str = ""
    apothecary: bool = False
    bonus_spp: int = 0
    kills: int = 0
    infected: bool = False
    staff: tuple[tuple[str, str], ...] = ()
    """(staff, skill) for each pre-game coaching-staff pick of the player (``staff_pregame``;
    skill "" when nothing was gained): the post-game rolls for them."""
    injured_by: int = -1
    """The opposing player whose action caused the recorded ``injury`` (-1: none, or not an
    opponent): Season 3's Getting Even is rolled for it at the post-game."""

    def copy(self) -> PlayerStats:
        """An independent copy."""
        return PlayerStats(
            self.td, self.comp, self.defl, self.intc, self.cas, self.cas_other,
            self.injury, self.lasting, self.apothecary, self.bonus_spp, self.kills, self.infected,
            self.staff, self.injured_by,
        )  # fmt: skip


@dataclass(slots=True)
class State:
    """Everything that changes during a match. Indexes: players 0..n-1, home first.

    ``board[square]`` is the player index standing, lying or stunned there, or -1.
    ``pos[p]`` is -1 when the player is not on the pitch.
    """

    teams: tuple[TeamSnapshot, TeamSnapshot]
    team: list[int]
    ma: list[int]
    st: list[int]
    ag: list[int]
    pa: list[int]  # 0 = no PA
    av: list[int]
    skills: list[frozenset[str]]
    params: list[dict[str, str]]
    pos: list[int]
    status: list[int]
    board: list[int] = field(default_factory=lambda: [-1] * SIZE)
    used: list[bool] = field(default_factory=list)
    tz_lost: list[bool] = field(default_factory=list)
    stunned_now: set[int] = field(default_factory=set)
    ball: int = -1
    carrier: int = -1
    score: list[int] = field(default_factory=lambda: [0, 0])
    turn: list[int] = field(default_factory=lambda: [0, 0])
    half: int = 0
    active: int = 0
    kicking: int = 0
    first_kicking: int = 0
    rerolls: list[int] = field(default_factory=lambda: [0, 0])
    extra_rerolls: list[int] = field(default_factory=lambda: [0, 0])
    leader_used: list[bool] = field(default_factory=lambda: [False, False])
    """Leader: whether each team's Leader re-roll is spent this half (or it has no Leader)."""
    apothecary: list[bool] = field(default_factory=lambda: [False, False])
    bribes: list[int] = field(default_factory=lambda: [0, 0])
    coach_ejected: list[bool] = field(default_factory=lambda: [False, False])
    weather: str = "perfect"
    blitz_used: bool = False
    pass_used: bool = False
    handoff_used: bool = False
    foul_used: bool = False
    turnover: bool = False
    skill_used: set[tuple[int, str]] = field(default_factory=set)
    miss_drive: set[int] = field(default_factory=set)
    stats: list[PlayerStats] = field(default_factory=list)
    cas_inflicted: list[int] = field(default_factory=lambda: [0, 0])
    fans_lost: list[int] = field(default_factory=lambda: [0, 0])
    """Fan Factor each team lost during the game (Jorm the Ogre's Get the Ref)."""
    game_over: bool = False
    conceded: int = -1
    sudden_death: int = -1
    """The team that won the sudden-death roll-offs after a drawn extra time, or -1."""
    quits: set[int] = field(default_factory=set)
    """Players of a conceding team who quit in disgust (3+ advancements, D6 1-3)."""
    stalled: list[int] = field(default_factory=lambda: [0, 0])
    """Team turns in which a player of the team stalled: it ended the turn holding the ball,
    able to score without a dice roll (seed 000 STALLING; see ``procedures.prayers.is_stalling``)."""
    drive: int = 0
    dodge_origin: int = -1
    touchdown: int = -1
    kick_in_air: bool = False
    securing: int = -1
    """The player whose activation is a Secure the Ball action (Season 3), or -1."""
    played: set[int] = field(default_factory=set)
    rooted: set[int] = field(default_factory=set)
    drive_players: set[int] = field(default_factory=set)
    multi_block: bool = False
    prayers: list[tuple[int, str, str]] = field(default_factory=list)
    temporary: list[tuple[int, str, str]] = field(default_factory=list)
    solid_defence_limit: int = 0
    solid_defence_open: set[int] = field(default_factory=set)
    kickoff_blitz: int = 0
    gouged: set[int] = field(default_factory=set)
    """Season 3 Eye Gouge: players who give no assists until they are next activated."""
    cheering: list[int] = field(default_factory=lambda: [0, 0])
    """Season 3 Cheering Fans: an extra offensive assist on each team's first Block of its next turn."""
    touchback: bool = False
    phase: str = ""
    """How a match from a set position resumes ("turn", "mid_turn", "setup"); consumed."""
    induced: list[dict[str, int]] = field(default_factory=lambda: [{}, {}])
    """In-match inducements each team has left (uses left, or how many for lasting ones)."""
    frogs: dict[int, tuple[int, int, int, int, int, frozenset[str]]] = field(default_factory=dict)
    """Players turned into frogs by Zap!: their own MA, ST, AG, PA, AV and skills, until the drive ends."""
    patient: int = -1
    """The casualty Krot Shockwhisker patched up to play the next drive (-1 when none): back
    to the Casualty box when that drive ends (``staff_krot``)."""
    carried: tuple[int, int, int, int, bool] = (-1, -1, 0, -1, False)
    """Season 3 I'll Carry You, while a player is carried (off the pitch): (the carried player,
    the carrier, the carried player's status, the carrier's last square on the pitch, whether
    the carried player holds the ball); the carried player is -1 otherwise."""
    weather_mage: tuple[str, int] = ("", -1)
    """While a Weather Mage's weather holds: the weather it replaced and the team whose team turn
    end brings it back (("", -1) otherwise)."""

    @property
    def size(self) -> int:
        """Number of players in the match."""
        return len(self.team)

    def players_of(self, team: int) -> range:
        """Indexes of a team's players."""
        n_home = len(self.teams[0].players)
        return range(n_home) if team == 0 else range(n_home, self.size)

    def place(self, p: int, square: int) -> None:
        """Put a player on a square (removing them from their old one)."""
        old = self.pos[p]
        if old >= 0 and self.board[old] == p:
            self.board[old] = -1
        self.pos[p] = square
        self.board[square] = p
        if self.carrier == p:
            self.ball = square

    def remove(self, p: int, status: int) -> None:
        """Take a player off the pitch into a dugout box."""
        old = self.pos[p]
        if self.carried[1] == p and old >= 0:  # I'll Carry You: the partner is set down there
            q, carrier, was, _last, had = self.carried
            self.carried = (q, carrier, was, old, had)
        if old >= 0 and self.board[old] == p:
            self.board[old] = -1
        self.pos[p] = -1
        self.status[p] = status
        if self.carrier == p:
            self.carrier = -1

    def clone(self) -> State:
        """An independent copy (lists, sets and per-player stats copied; snapshots shared)."""
        copy = replace(self)
        for name in (
            "team", "ma", "st", "ag", "pa", "av", "skills", "pos", "status", "board", "used",
            "tz_lost", "score", "turn", "rerolls", "extra_rerolls", "leader_used", "apothecary", "bribes",
            "coach_ejected", "cas_inflicted", "fans_lost", "prayers", "temporary", "cheering", "stalled",
        ):  # fmt: skip
            setattr(copy, name, list(getattr(self, name)))
        for name in (
            "stunned_now", "skill_used", "miss_drive", "played", "rooted", "solid_defence_open",
            "drive_players", "quits", "gouged",
        ):  # fmt: skip
            setattr(copy, name, set(getattr(self, name)))
        copy.params = [dict(p) for p in self.params]
        copy.induced = [dict(d) for d in self.induced]
        copy.frogs = dict(self.frogs)
        copy.stats = [st.copy() for st in self.stats]
        return copy

    def has_prayer(self, team: int, name: str) -> bool:
        """True while a Prayers to Nuffle result is in effect for a team."""
        return any(t == team and n == name for t, n, _ in self.prayers)

    def fan_factor(self, team: int) -> int:
        """The team's Fan Factor now: the pre-game one less what it lost in the game (not below 0)."""
        return max(0, self.teams[team].fan_factor - self.fans_lost[team])

    def snapshot(self) -> dict[str, Any]:
        """A JSON view of the current positions, statuses, ball and counters."""
        return {
            "players": [
                {"pos": self.pos[p], "status": STATUS_NAMES[self.status[p]], "used": self.used[p]}
                for p in range(self.size)
            ],
            "ball": self.ball,
            "carrier": self.carrier,
            "score": list(self.score),
            "turn": list(self.turn),
            "half": self.half,
            "active": self.active,
            "rerolls": list(self.rerolls),
            "weather": self.weather,
            "inducements": [dict(d) for d in self.induced],
        }


def new_state(home: TeamSnapshot, away: TeamSnapshot) -> State:
    """A fresh state with every player in reserves."""
    team: list[int] = []
    ma: list[int] = []
    st: list[int] = []
    ag: list[int] = []
    pa: list[int] = []
    av: list[int] = []
    skills: list[frozenset[str]] = []
    params: list[dict[str, str]] = []
    for t, snap in enumerate((home, away)):
        for pl in snap.players:
            team.append(t)
            ma.append(pl.stats.ma)
            st.append(pl.stats.st)
            ag.append(pl.stats.ag)
            pa.append(pl.stats.pa or 0)
            av.append(pl.stats.av)
            skills.append(frozenset(s.name for s in pl.skills) | frozenset(pl.special_rules))
            params.append({s.name: s.param for s in pl.skills if s.param})
    n = len(team)
    state = State(
        teams=(home, away),
        team=team,
        ma=ma,
        st=st,
        ag=ag,
        pa=pa,
        av=av,
        skills=skills,
        params=params,
        pos=[-1] * n,
        status=[RESERVE] * n,
        used=[False] * n,
        tz_lost=[False] * n,
        stats=[PlayerStats() for _ in range(n)],
    )
    state.rerolls = [home.rerolls, away.rerolls]
    state.apothecary = [home.apothecary, away.apothecary]
    state.bribes = [home.bribes, away.bribes]
    state.induced = [dict(home.inducements), dict(away.inducements)]
    return state
