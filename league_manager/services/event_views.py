"""What the tournament desk shows: entries, games and an event's whole state (no SQL here,
so reports and the GUI may read them)."""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import asdict, dataclass
from typing import Any

from league_manager.rules.exhibition import EventSettings, TierRule
from league_manager.rules.swiss import Standing
from league_manager.rules.team_swiss import TeamStanding


@dataclass(frozen=True)
class EntryView:
    """A registered coach and their roster, for lists, slips and the NAF report."""

    id: int
    coach: str
    naf_number: int | None
    race: str
    team_name: str
    team_value: int
    roster: Mapping[str, object]

    @property
    def squad(self) -> str:
        """The team of coaches this coach plays for ("" in an event without teams)."""
        return str(self.roster.get("squad") or "")


@dataclass(frozen=True)
class GameView:
    """One table of one round, by coach names."""

    round: int
    table: int
    a: EntryView
    b: EntryView | None
    score_a: int | None
    score_b: int | None
    cas_a: int
    cas_b: int
    reported_at: str | None

    @property
    def reported(self) -> bool:
        """True once the result is in (a bye always is)."""
        return self.b is None or self.score_a is not None


@dataclass(frozen=True)
class EventState:
    """Everything about an event: settings, entries, games and the standings."""

    name: str
    settings: EventSettings
    entries: tuple[EntryView, ...]
    games: tuple[GameView, ...]
    standings: tuple[Standing, ...]
    teams: tuple[TeamStanding, ...] = ()

    @property
    def current_round(self) -> int:
        """The last round paired (0 before the first)."""
        return max((g.round for g in self.games), default=0)

    def round_games(self, number: int | None = None) -> list[GameView]:
        """The tables of a round (default: the current one), in table order."""
        wanted = self.current_round if number is None else number
        return sorted((g for g in self.games if g.round == wanted), key=lambda g: g.table)


def roster_extras(roster: Mapping[str, object]) -> str:
    """Re-rolls, apothecary, inducements and stars bought, and the gold lost, in one line."""
    induced = roster.get("inducements") or {}
    assert isinstance(induced, Mapping)
    bought = ", ".join(f"{name} x{count}" for name, count in induced.items()) or "none"
    apothecary = "apothecary, " if roster.get("apothecary") else ""
    progress = progress_summary(roster)
    return (
        f"re-rolls {roster.get('rerolls', 0)}, {apothecary}inducements and stars: {bought}; "
        f"gold lost {int(str(roster.get('lost', 0))):,} gp" + (f"; {progress}" if progress else "")
    )


def player_skills(roster: Mapping[str, object], number: int) -> list[str]:
    """A player's skills now: the pack's, then those bought between rounds ("Block (round 2)")."""
    players = roster.get("players") or []
    assert isinstance(players, list)
    own = [str(s) for s in players[number - 1]["skills"]]
    return own + [f"{a['skill']} (round {a['round']})" for a in _progress(roster).get("advancements", [])
                  if int(a["number"]) == number]  # fmt: skip


def player_spp(roster: Mapping[str, object], number: int) -> int:
    """SPP a player has to spend (earned in the event's games minus spent)."""
    progress = _progress(roster)
    earned = int(progress.get("earned", {}).get(str(number), 0))
    return earned - sum(int(a["spp"]) for a in progress.get("advancements", []) if int(a["number"]) == number)


def spp_line(roster: Mapping[str, object]) -> str:
    """ "12 (#3 10, #5 2)": the SPP the entry's players have to spend ("" when none has any)."""
    players = roster.get("players") or []
    assert isinstance(players, list)
    spp = {n: player_spp(roster, n) for n in range(1, len(players) + 1)}
    shown = ", ".join(f"#{n} {v}" for n, v in spp.items() if v)
    return f"{sum(spp.values())} ({shown})" if shown else ""


def progress_summary(roster: Mapping[str, object]) -> str:
    """SPP to spend and skills bought between rounds, in one line ("" when nothing is recorded)."""
    progress = _progress(roster)
    if not progress:
        return ""
    players = roster.get("players") or []
    assert isinstance(players, list)
    spp = ", ".join(
        f"#{n} {player_spp(roster, n)}" for n in range(1, len(players) + 1) if player_spp(roster, n)
    )  # fmt: skip
    bought = ", ".join(
        f"#{a['number']} {a['skill']} (round {a['round']})" for a in progress.get("advancements", [])
    )
    return f"SPP to spend: {spp or 'none'}; bought between rounds: {bought or 'none'}"


def mvp_line(roster: Mapping[str, object], round_number: int) -> str:
    """ "MVP #4 (rolled)" for the entry's game of a round ("" without a record)."""
    record = _progress(roster).get("games", {}).get(str(round_number))
    if not record or not record.get("mvp"):
        return ""
    return f"MVP #{record['mvp']} ({'rolled' if record.get('mvp_rolled') else 'named'})"


def _progress(roster: Mapping[str, object]) -> Mapping[str, Any]:
    found = roster.get("progress") or {}
    assert isinstance(found, Mapping)
    return found


def settings_to_json(settings: EventSettings) -> str:
    """The settings as stored."""
    data = asdict(settings)
    data["tiers"] = {k: asdict(v) for k, v in settings.tiers.items()}
    return json.dumps(data, sort_keys=True)


def settings_from_json(text: str) -> EventSettings:
    """The settings stored by :func:`settings_to_json`."""
    data = json.loads(text)
    data["points"] = tuple(data["points"])
    data["tie_breakers"] = tuple(data["tie_breakers"])
    data["tiers"] = {k: TierRule(**v) for k, v in data["tiers"].items()}
    return EventSettings(**data)
