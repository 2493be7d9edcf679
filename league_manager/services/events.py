"""Tournament events: create, register exhibition rosters, pair Swiss rounds, report results.

Standings are never stored: they are computed from the games every time, so a corrected
result of an earlier round changes them at once. Pairing is the pure
:func:`league_manager.rules.swiss.pair_round`.
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence

from sqlmodel import Session, col, select

from league_manager.core.errors import NotFound, RuleViolation
from league_manager.persistence.event_models import EventEntry, EventGame, TournamentEvent
from league_manager.persistence.models import utcnow
from league_manager.rules.dice import Dice, SeededDice
from league_manager.rules.draft import DraftPlan
from league_manager.rules.event_progression import SppEvent, advance_round
from league_manager.rules.exhibition import (
    EventSettings,
    SkillPick,
    check_roster,
    check_settings,
)
from league_manager.rules.loader import load_ruleset
from league_manager.rules.swiss import Game, pair_round, standings
from league_manager.rules.team_swiss import TeamStanding, pair_teams, team_standings
from league_manager.services.base import ServiceBase
from league_manager.services.event_progress import (
    advance,
    check_progression_rules,
    record_game,
    require_progression,
    take_back,
)
from league_manager.services.event_views import (
    EntryView,
    EventState,
    GameView,
    settings_from_json,
    settings_to_json,
)

MAX_SCORE = 30


class EventService(ServiceBase):
    """The tournament desk; every method is one transaction."""

    def create(self, name: str, settings: EventSettings) -> EventState:
        """Create an event with the organiser's settings.

        Raises:
            RuleViolation: a setting outside exhibition play, or the name is taken.
        """
        if not name.strip():
            raise RuleViolation("event", "an event needs a name")
        check_settings(settings)
        check_progression_rules(settings, load_ruleset(settings.ruleset))
        with self.transaction() as session:
            if _find(session, name, missing_ok=True) is not None:
                raise RuleViolation("event", f"an event named '{name}' exists already")
            session.add(TournamentEvent(name=name.strip(), settings_json=settings_to_json(settings)))
            session.flush()
            return _state(session, _find(session, name))

    def register(
        self,
        name: str,
        *,
        coach: str,
        race: str,
        team_name: str,
        buys: Sequence[tuple[str, int]],
        picks: Sequence[SkillPick] = (),
        inducements: Mapping[str, int] | None = None,
        rerolls: int = 0,
        apothecary: bool = False,
        naf_number: int | None = None,
        replaces: int | None = None,
        squad: str | None = None,
    ) -> EntryView:
        """Register a coach with an exhibition roster checked against the event's rules.

        Args:
            replaces: the id of the entry this one corrects (an edit before round 1);
                the corrected entry keeps its id.
            squad: the team of coaches played for, in a team event (required there).

        Raises:
            RuleViolation: the roster breaks a rule (named), the coach is registered
                already, or the first round is paired.
            NotFound: ``replaces`` is not an entry of the event.
        """
        if not coach.strip() or not team_name.strip():
            raise RuleViolation("registration", "a coach name and a team name are needed")
        with self.transaction() as session:
            event = _find(session, name)
            settings = settings_from_json(event.settings_json)
            if _games(session, event):
                raise RuleViolation("registration", "closed: the first round is paired")
            entries = _entries(session, event)
            entry = None if replaces is None else _entry(entries, replaces, event.name)
            for other in entries:
                if other is not entry and other.coach.casefold() == coach.strip().casefold():
                    raise RuleViolation("registration", f"{other.coach} is registered already")
            squad_name = _squad(settings.team_size, entries, entry, squad)
            ruleset = load_ruleset(settings.ruleset)
            roster = ruleset.team(race)
            positions: dict[str, int] = {}
            for position_name, count in buys:
                if count <= 0:
                    continue
                position = roster.position(position_name).name
                positions[position] = positions.get(position, 0) + count
            plan = DraftPlan(roster.name, positions, rerolls=rerolls, apothecary=apothecary)
            checked = check_roster(ruleset, settings, plan, list(positions), picks, inducements or {})
            data = {
                "race": checked.race,
                "players": [{"number": n, "position": p, "skills": list(s)} for n, p, s in checked.players],
                "rerolls": rerolls,
                "apothecary": apothecary,
                "inducements": dict(checked.inducements),
                "stars": list(checked.stars),
                "budget": checked.budget,
                "spent": checked.spent,
                "lost": checked.lost,
                "rules": settings.lines(),
                "squad": squad_name,
            }
            if entry is None:
                entry = EventEntry(
                    event_id=_id(event), coach="", race="", team_name="", roster_json="", team_value=0
                )
            entry.coach = coach.strip()
            entry.naf_number = naf_number
            entry.race = checked.race
            entry.team_name = team_name.strip()
            entry.roster_json = json.dumps(data)
            entry.team_value = checked.team_value
            session.add(entry)
            session.flush()
            return _entry_view(entry)

    def withdraw(self, name: str, entry_id: int) -> EntryView:
        """Withdraw a registered coach before the first round is paired.

        Raises:
            RuleViolation: the first round is paired (a coach then drops, not withdraws).
            NotFound: no such entry in the event.
        """
        with self.transaction() as session:
            event = _find(session, name)
            if _games(session, event):
                raise RuleViolation("registration", "closed: the first round is paired")
            entry = _entry(_entries(session, event), entry_id, event.name)
            view = _entry_view(entry)
            session.delete(entry)
            session.flush()
            return view

    def pair(self, name: str) -> list[GameView]:
        """Pair the next round, or re-pair the current one while none of its results is in.

        Raises:
            RuleViolation: a result of the round is missing, every round is played, or no
                pairing avoids a rematch.
        """
        with self.transaction() as session:
            event = _find(session, name)
            settings = settings_from_json(event.settings_json)
            games = _games(session, event)
            current = max((g.round for g in games), default=0)
            round_games = [g for g in games if g.round == current]
            played = [g for g in round_games if g.entry_b_id is not None and g.score_a is not None]
            open_tables = [g for g in round_games if g.entry_b_id is not None and g.score_a is None]
            if current and played and open_tables:
                tables = ", ".join(str(g.table) for g in open_tables)
                raise RuleViolation(
                    "pairing", f"round {current} is not over: no result yet for table(s) {tables}"
                )
            if current and not played:
                for game in round_games:
                    session.delete(game)
                session.flush()
                games = [g for g in games if g.round != current]
                number = current
            else:
                number = current + 1
            if number > settings.rounds:
                raise RuleViolation("pairing", f"all {settings.rounds} rounds are played")
            rows = _entries(session, event)
            entries = {_id(e): e.coach for e in rows}
            ranked = standings(entries, [_game(g) for g in games], settings.points, settings.tie_breakers)
            if settings.team_size:
                squads = _squads([_entry_view(e) for e in rows])
                short = [f"{n} ({len(m)})" for n, m in squads.items() if len(m) != settings.team_size]
                if short:
                    raise RuleViolation(
                        "teams", f"every team needs {settings.team_size} coaches: {', '.join(short)}"
                    )
                table = team_standings(
                    squads, ranked, [_game(g) for g in games], settings.points, settings.team_scoring
                )
                pairings = pair_teams(table, squads)
            else:
                pairings = pair_round(ranked)
            for pairing in pairings:
                session.add(
                    EventGame(
                        event_id=_id(event), round=number, table=pairing.table,
                        entry_a_id=pairing.a, entry_b_id=pairing.b,
                    )
                )  # fmt: skip
            session.flush()
            return _state(session, event).round_games(number)

    def result(
        self,
        name: str,
        table: int,
        score: tuple[int, int],
        cas: tuple[int, int] = (0, 0),
        round: int | None = None,
        spp: tuple[Sequence[SppEvent] | None, Sequence[SppEvent] | None] = (None, None),
        dice: Dice | None = None,
    ) -> GameView:
        """Enter (or correct) the result of a table; the standings follow at once.

        Args:
            spp: each side's SPP events (an MVP among them is the organiser's; else one is
                rolled); only with the post-game between rounds. None keeps the side's
                earlier record on a correction.
            dice: for rolled MVPs (default: program dice).

        Raises:
            NotFound: no such table in the round.
            RuleViolation: a bye, a score out of range, SPP in an event without the
                post-game between rounds, or SPP that do not fit the roster or result.
        """
        for value in (*score, *cas):
            if not 0 <= value <= MAX_SCORE:
                raise RuleViolation("result", f"{value} is not a score or casualty count (0-{MAX_SCORE})")
        with self.transaction() as session:
            event = _find(session, name)
            games = _games(session, event)
            number = max((g.round for g in games), default=0) if round is None else round
            game = next((g for g in games if g.round == number and g.table == table), None)
            if game is None:
                raise NotFound(f"no table {table} in round {number} of {event.name}")
            if game.entry_b_id is None:
                raise RuleViolation("bye", f"table {table} is a bye; it has no result to enter")
            settings = settings_from_json(event.settings_json)
            if any(side is not None for side in spp):
                require_progression(settings)
            if settings.between_rounds == "progression":
                ruleset = load_ruleset(settings.ruleset)
                entries = {_id(e): e for e in _entries(session, event)}
                sides = ((game.entry_a_id, 0), (game.entry_b_id, 1))
                for entry_id, side in sides:
                    entry = entries[entry_id]
                    record_game(
                        entry, ruleset, number, spp[side], score[side], cas[side], dice or SeededDice()
                    )
                    session.add(entry)
            game.score_a, game.score_b = score
            game.cas_a, game.cas_b = cas
            game.reported_at = utcnow()
            session.add(game)
            session.flush()
            return next(g for g in _state(session, event).games if g.round == number and g.table == table)

    def advance(
        self,
        name: str,
        entry_id: int,
        number: int,
        kind: str,
        *,
        skill: str | None = None,
        category: str | None = None,
        dice: Dice | None = None,
    ) -> EntryView:
        """Spend a player's SPP on a skill between rounds (the post-game between rounds).

        The skill is first played in the coach's next round: the first one whose game has
        no result yet.

        Raises:
            RuleViolation: the setting is off, nothing is played yet or every round is,
                too few SPP, or the skill is outside the player's access.
            NotFound: no such entry.
        """
        with self.transaction() as session:
            event = _find(session, name)
            settings = settings_from_json(event.settings_json)
            require_progression(settings)
            entry = _entry(_entries(session, event), entry_id, event.name)
            done = {
                g.round for g in _games(session, event)
                if entry_id in (g.entry_a_id, g.entry_b_id)
                and (g.entry_b_id is None or g.score_a is not None)
            }  # fmt: skip
            next_round = next(r for r in range(1, settings.rounds + 2) if r not in done)
            first = advance_round(settings.rounds, next_round)
            ruleset = load_ruleset(settings.ruleset)
            dice = dice or SeededDice()
            advance(entry, ruleset, first, number, kind, skill=skill, category=category, dice=dice)
            session.add(entry)
            session.flush()
            return _entry_view(entry)

    def take_back(self, name: str, entry_id: int, number: int) -> EntryView:
        """Take back a player's latest advancement (its SPP return) before it is played.

        Raises:
            RuleViolation: the setting is off, the player bought nothing between rounds, or
                the round the skill was bought for has the coach's result already.
            NotFound: no such entry.
        """
        with self.transaction() as session:
            event = _find(session, name)
            require_progression(settings_from_json(event.settings_json))
            entry = _entry(_entries(session, event), entry_id, event.name)
            played = {
                g.round for g in _games(session, event)
                if entry_id in (g.entry_a_id, g.entry_b_id)
                and (g.entry_b_id is None or g.score_a is not None)
            }  # fmt: skip
            take_back(entry, number, played)
            session.add(entry)
            session.flush()
            return _entry_view(entry)

    def state(self, name: str) -> EventState:
        """The event with its entries, games and computed standings."""
        with self.transaction() as session:
            return _state(session, _find(session, name))

    def names(self) -> list[str]:
        """Every event's name, newest first."""
        with self.transaction() as session:
            rows = session.exec(select(TournamentEvent).order_by(col(TournamentEvent.id).desc())).all()
            return [r.name for r in rows]


def _find(session: Session, name: str, *, missing_ok: bool = False) -> TournamentEvent:
    rows = session.exec(select(TournamentEvent)).all()
    for row in rows:
        if row.name.casefold() == name.strip().casefold():
            return row
    if missing_ok:
        return None  # type: ignore[return-value]
    raise NotFound(f"no event named '{name}'")


def _id(row: TournamentEvent | EventEntry) -> int:
    assert row.id is not None
    return row.id


def _entries(session: Session, event: TournamentEvent) -> list[EventEntry]:
    query = select(EventEntry).where(EventEntry.event_id == _id(event)).order_by(col(EventEntry.id))
    return list(session.exec(query).all())


def _entry(entries: Sequence[EventEntry], entry_id: int, event: str) -> EventEntry:
    for entry in entries:
        if entry.id == entry_id:
            return entry
    raise NotFound(f"no entry {entry_id} in {event}")


def _games(session: Session, event: TournamentEvent) -> list[EventGame]:
    query = select(EventGame).where(EventGame.event_id == _id(event))
    return list(session.exec(query.order_by(col(EventGame.round), col(EventGame.table))).all())


def _game(row: EventGame) -> Game:
    return Game(
        row.round, row.table, row.entry_a_id, row.entry_b_id, row.score_a, row.score_b, row.cas_a, row.cas_b
    )


def _entry_view(entry: EventEntry) -> EntryView:
    return EntryView(
        _id(entry), entry.coach, entry.naf_number, entry.race, entry.team_name, entry.team_value,
        json.loads(entry.roster_json),
    )  # fmt: skip


def _state(session: Session, event: TournamentEvent) -> EventState:
    settings = settings_from_json(event.settings_json)
    entries = {_id(e): _entry_view(e) for e in _entries(session, event)}
    rows = _games(session, event)
    games = tuple(
        GameView(
            g.round,
            g.table,
            entries[g.entry_a_id],
            None if g.entry_b_id is None else entries[g.entry_b_id],
            g.score_a,
            g.score_b,
            g.cas_a,
            g.cas_b,
            None if g.reported_at is None else g.reported_at.strftime("%Y-%m-%d %H:%M"),
        )
        for g in rows
    )
    table = standings(
        {i: e.coach for i, e in entries.items()},
        [_game(g) for g in rows],
        settings.points,
        settings.tie_breakers,
    )
    teams: tuple[TeamStanding, ...] = ()
    if settings.team_size:
        squads = _squads(list(entries.values()))
        teams = tuple(
            team_standings(squads, table, [_game(g) for g in rows], settings.points, settings.team_scoring)
        )
    return EventState(event.name, settings, tuple(entries.values()), games, tuple(table), teams)


def _squads(entries: Sequence[EntryView]) -> dict[str, list[int]]:
    """Squad name -> its coaches' entry ids, in board (registration) order."""
    out: dict[str, list[int]] = {}
    for entry in entries:
        out.setdefault(entry.squad, []).append(entry.id)
    return out


def _squad(size: int, entries: Sequence[EventEntry], entry: EventEntry | None, squad: str | None) -> str:
    """The squad a registration joins, checked: needed in a team event, refused elsewhere."""
    name = (squad or "").strip()
    if not size:
        if name:
            raise RuleViolation("teams", "this event has no teams of coaches")
        return ""
    if not name:
        raise RuleViolation("teams", f"a team event: name the team of {size} coaches this coach plays for")
    members = [
        e for e in entries
        if e is not entry and str(json.loads(e.roster_json).get("squad", "")).casefold() == name.casefold()
    ]  # fmt: skip
    if members:
        name = str(json.loads(members[0].roster_json)["squad"])
    if len(members) >= size:
        raise RuleViolation("teams", f"{name} has its {size} coaches already")
    return name
