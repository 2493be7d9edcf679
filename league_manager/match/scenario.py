"""Golden scenarios: JSON position, dice script, actions and expectations (docs/scenarios.md)."""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from league_manager.match.actions import Action, IllegalAction
from league_manager.match.engine import Match
from league_manager.match.events import Event
from league_manager.match.inducements import CAVORTING_NURGLINGS, RIOTOUS_ROOKIES, SNAPSHOT_COUNTS
from league_manager.match.pitch import ON_PITCH, sq, xy
from league_manager.match.position import Placement, Position
from league_manager.match.state import STATUS_NAMES
from league_manager.match.teams import PlayerSnapshot, TeamSnapshot
from league_manager.rules.dice import DiceExhausted, DiceMismatch, ScriptedDice
from league_manager.rules.model import Characteristics, SkillRef

TEAMS = {"home": 0, "away": 1}
DEFAULT_STATS = (6, 3, 3, 4, 9)


class ScenarioError(Exception):
    """The scenario file itself is malformed."""


@dataclass(slots=True)
class Outcome:
    """What running a scenario gave: the events, failures and the final state."""

    name: str
    events: list[Event]
    failures: list[str] = field(default_factory=list)
    state: dict[str, Any] = field(default_factory=dict)

    @property
    def ok(self) -> bool:
        """True when every expectation held and the dice script was used up exactly."""
        return not self.failures


@dataclass(slots=True)
class Scenario:
    """A parsed scenario file."""

    name: str
    data: dict[str, Any]
    ids: list[str]

    def index(self, player_id: str) -> int:
        """Player index of a scenario player id."""
        try:
            return self.ids.index(player_id)
        except ValueError:
            raise ScenarioError(f"{self.name}: unknown player {player_id!r}") from None

    def player_id(self, index: int) -> str:
        """Scenario id of a player index (or "" for -1)."""
        return self.ids[index] if 0 <= index < len(self.ids) else ""


def _square(value: Any) -> int:
    if value is None:
        return -1
    if isinstance(value, int):
        return value
    x, y = value
    square = sq(int(x), int(y))
    if not ON_PITCH[square]:
        raise ScenarioError(f"square {value} is off the pitch")
    return square


def load(path: str | Path) -> dict[str, Any]:
    """Read a scenario file."""
    data: dict[str, Any] = json.loads(Path(path).read_text(encoding="utf-8"))
    return data


def build(data: dict[str, Any]) -> tuple[Scenario, Match, ScriptedDice]:
    """Build the match a scenario describes."""
    name = str(data.get("name", "scenario"))
    players: dict[int, list[dict[str, Any]]] = {0: [], 1: []}
    for spec in data["players"]:
        players[TEAMS[spec.get("team", "home")]].append(spec)
    ids = [str(p["id"]) for p in players[0]] + [str(p["id"]) for p in players[1]]
    scenario = Scenario(name, data, ids)
    snaps = []
    for t in (0, 1):
        counts = _snapshot_counts(data, t)
        snaps.append(
            TeamSnapshot(
                name=("Home", "Away")[t],
                race=str(data.get("races", ["human", "orc"])[t]),
                players=tuple(
                    PlayerSnapshot(
                        id=str(p["id"]),
                        name=str(p.get("name", p["id"])),
                        number=i + 1,
                        position=str(p.get("position", "Lineman")),
                        stats=Characteristics(*_stats(p)),
                        skills=_skills(p, rookie=i >= len(players[t]) - _rookies(data, t)),
                        niggling=int(p.get("niggling", 0)),
                        journeyman=bool(p.get("journeyman", False)),
                        induced=bool(p.get("induced", False)),
                        primary=str(p.get("primary", "")),
                        advancements=int(p.get("advancements", 0)),
                        keywords=tuple(str(k) for k in p.get("keywords", [])),
                    )
                    for i, p in enumerate(players[t])
                ),
                rerolls=int(data.get("team_rerolls", [3, 3])[t]) + counts["rerolls"],
                apothecary=bool(data.get("apothecaries", [False, False])[t]),
                fan_factor=int(data.get("fan_factor", [2, 2])[t]) + counts["fan_factor"],
                assistant_coaches=counts["assistant_coaches"],
                cheerleaders=counts["cheerleaders"],
                inducements=_inducements(data, t),
            )
        )
    placements = []
    carrier = -1
    for spec in data["players"]:
        idx = scenario.index(str(spec["id"]))
        status = str(spec.get("status", "standing"))
        if status not in STATUS_NAMES:
            raise ScenarioError(f"{name}: unknown status {status!r}")
        square = _square(spec.get("at"))
        placements.append(Placement(idx, square, status))
        if spec.get("ball"):
            carrier = idx
    rerolls = data.get("rerolls")
    start = str(data.get("start", "turn"))
    if start not in ("turn", "setup", "pregame"):
        raise ScenarioError(f"{name}: unknown start {start!r}")
    used = tuple(scenario.index(str(pid)) for pid in data.get("used", []))
    usage = tuple(str(u) for u in data.get("turn_usage", []))
    if set(usage) - {"blitz", "pass", "handoff", "foul"}:
        raise ScenarioError(f"{name}: unknown turn_usage {usage}")
    phase = "mid_turn" if used or usage or data.get("mid_turn") else start
    position = Position(
        placements=tuple(placements),
        ball=_square(data.get("ball")),
        carrier=carrier,
        active=TEAMS[data.get("active", "home")],
        turn=int(data.get("turn", 1)),
        half=int(data.get("half", 1)),
        kicking=TEAMS[data.get("kicking", "away")],
        first_kicking=TEAMS[data.get("first_kicking", data.get("kicking", "away"))],
        rerolls=(int(rerolls[0]), int(rerolls[1])) if rerolls is not None else None,
        weather=str(data.get("weather", "perfect")),
        score=(int(data.get("score", [0, 0])[0]), int(data.get("score", [0, 0])[1])),
        apothecary=None,
        bribes=(int(data["bribes"][0]), int(data["bribes"][1])) if "bribes" in data else None,
        prayers=tuple((TEAMS[t], str(n), str(x)) for t, n, x in data.get("prayers", [])),
        phase=phase,
        used=used,
        turn_usage=usage,
    )
    script: list[int | tuple[int, str]] = []
    for entry in data.get("dice", []):
        script.append((int(entry[0]), str(entry[1])) if isinstance(entry, list) else int(entry))
    dice = ScriptedDice(script)
    match = Match(
        snaps[0],
        snaps[1],
        dice=dice,
        settings=dict(data.get("settings", {})),
        position=None if start == "pregame" else position,
        ruleset_id=str(data.get("ruleset", "bb2020")),
        allow_inert=bool(data.get("allow_inert", False)),
        skill_categories={str(k): list(v) for k, v in data.get("skill_categories", {}).items()},
    )
    return scenario, match, dice


def _bought(data: dict[str, Any], team: int) -> dict[str, int]:
    bought = data.get("inducements", {}).get(("home", "away")[team], {})
    return {str(k): int(v) for k, v in bought.items()}


def _inducements(data: dict[str, Any], team: int) -> tuple[tuple[str, int], ...]:
    """The in-match inducements a scenario gives a team, as the pre-game records them."""
    pregame_only = {*SNAPSHOT_COUNTS, RIOTOUS_ROOKIES}
    return tuple((k, v) for k, v in _bought(data, team).items() if k not in pregame_only)


def _snapshot_counts(data: dict[str, Any], team: int) -> dict[str, int]:
    """Cheerleaders, assistant coaches, extra re-rolls and Fan Factor bought, as the pre-game adds them."""
    counts = {"rerolls": 0, "assistant_coaches": 0, "cheerleaders": 0}
    for name, quantity in _bought(data, team).items():
        if name in SNAPSHOT_COUNTS:
            counts[SNAPSHOT_COUNTS[name]] += quantity
    counts["fan_factor"] = _bought(data, team).get(CAVORTING_NURGLINGS, 0)  # +1 Fan Factor each
    return counts


def _rookies(data: dict[str, Any], team: int) -> int:
    """Riotous Rookies: the scenario names how many joined; they are the team's last players."""
    rookies = _bought(data, team).get(RIOTOUS_ROOKIES, 0)
    side = ("home", "away")[team]
    listed = [p for p in data["players"] if p.get("team", "home") == side]
    if rookies and not all(p.get("journeyman") for p in listed[len(listed) - rookies :]):
        raise ScenarioError(f"Riotous Rookies: the last {rookies} {side} players must be journeymen")
    return rookies


def _skills(spec: dict[str, Any], rookie: bool) -> tuple[SkillRef, ...]:
    """A player's skills; a Riotous Rookie gains Loner (4+) as the pre-game gives it."""
    skills = tuple(SkillRef.parse(s) for s in spec.get("skills", []))
    if rookie and not any(s.name == "Loner" for s in skills):
        skills = (*skills, SkillRef.parse("Loner (4+)"))
    return skills


def _stats(spec: dict[str, Any]) -> tuple[int, int, int, int | None, int]:
    ma, st, ag, pa, av = spec.get("stats", DEFAULT_STATS)
    return int(ma), int(st), int(ag), (int(pa) if pa else None), int(av)


def parse_action(scenario: Scenario, raw: list[Any]) -> Action:
    """``["move", "h1", [6, 7]]`` -> Action("move", index, square).

    A number in the player's place is kept as it is (a ``wizard`` prompt's square or option
    spell names its spell as ``-1 - index``).
    """
    kind = str(raw[0])
    player = -1
    if len(raw) > 1 and isinstance(raw[1], int):
        player = raw[1]
    elif len(raw) > 1 and raw[1] is not None:
        player = scenario.index(str(raw[1]))
    square = _square(raw[2]) if len(raw) > 2 else -1
    return Action(kind, player, square)


def run(data: dict[str, Any]) -> Outcome:
    """Run a scenario: apply its actions, then check expectations and the dice script.

    An entry of ``actions`` may also be ``{"refused": action}`` (the action must be
    refused, changing nothing and rolling no die) or ``{"expect": {...}}`` (expectations
    checked at that point, on the events so far).
    """
    scenario, match, dice = build(data)
    outcome = Outcome(scenario.name, [])
    # from a team turn, the events before the first decision belong to the set position
    start = len(match.events) if data.get("start", "turn") == "turn" else 0
    try:
        for step, raw in enumerate(data.get("actions", []), 1):
            if isinstance(raw, dict):
                outcome.failures.extend(_step(scenario, match, dice, start, step, raw))
                continue
            _apply(scenario, match, raw)
    except (DiceExhausted, DiceMismatch, IllegalAction) as exc:
        outcome.failures.append(f"{type(exc).__name__}: {exc}")
    outcome.events = match.events[start:]
    if dice.remaining:
        outcome.failures.append(f"dice script not used up: {dice.remaining} roll(s) left")
    outcome.state = describe(scenario, match)
    outcome.failures.extend(_check(scenario, match, outcome.events, outcome.state, data.get("expect", {})))
    return outcome


def _apply(scenario: Scenario, match: Match, raw: list[Any]) -> None:
    if raw[0] == "concede":
        match.concede(TEAMS[str(raw[1])])
    elif raw[0] == "forfeit":  # an upheld remote claim (the commissioner's award), at any moment
        match.forfeit(TEAMS[str(raw[1])])
    else:
        match.apply(parse_action(scenario, raw))


def _step(
    scenario: Scenario, match: Match, dice: ScriptedDice, start: int, step: int, raw: dict[str, Any]
) -> list[str]:
    """A refused action or a mid-script expectation; returns failures."""
    if "expect" in raw:
        state = describe(scenario, match)
        failures = _check(scenario, match, match.events[start:], state, raw["expect"])
        return [f"after action {step - 1}: {f}" for f in failures]
    if "refused" in raw:
        before = (describe(scenario, match), len(dice.log), len(match.events), len(match.actions))
        try:
            _apply(scenario, match, raw["refused"])
        except IllegalAction:
            after = (describe(scenario, match), len(dice.log), len(match.events), len(match.actions))
            if after != before:
                return [f"step {step}: refused action {raw['refused']} changed the match"]
            return []
        return [f"step {step}: action {raw['refused']} was not refused"]
    raise ScenarioError(f"{scenario.name}: unknown step {raw}")


def describe(scenario: Scenario, match: Match) -> dict[str, Any]:
    """The end state in scenario terms (player ids and [x, y] squares)."""
    s = match.state
    prompt = match.prompt
    return {
        "players": {
            scenario.player_id(p): {
                "at": list(xy(s.pos[p])) if s.pos[p] >= 0 else None,
                "status": STATUS_NAMES[s.status[p]],
                "used": s.used[p],
                "distracted": match.ctx.distracted(p),
                "skills": sorted(s.skills[p]),
                "cas": s.stats[p].cas,
                "cas_other": s.stats[p].cas_other,
            }
            for p in range(s.size)
        },
        "ball": list(xy(s.ball)) if s.ball >= 0 else None,
        "carrier": scenario.player_id(s.carrier) or None,
        "score": list(s.score),
        "rerolls": list(s.rerolls),
        "turn": list(s.turn),
        "active": ("home", "away")[s.active],
        "prompt": prompt.kind if prompt else None,
        "prompt_team": ("home", "away")[prompt.team] if prompt else None,
        "weather": s.weather,
        "turn_usage": [
            name
            for name, spent in (
                ("blitz", s.blitz_used),
                ("pass", s.pass_used),
                ("handoff", s.handoff_used),
                ("foul", s.foul_used),
            )
            if spent
        ],
        "result": _result(scenario, match),
    }


def _result(scenario: Scenario, match: Match) -> dict[str, Any] | None:
    """The match result in scenario terms, once the match is over."""
    result = match.outcome()
    if result is None:
        return None
    sides = ("home", "away")
    return {
        "winner": None if result.winner is None else sides[result.winner],
        "conceded": None if result.conceded is None else sides[result.conceded],
        "sudden_death": None if result.sudden_death is None else sides[result.sudden_death],
        "mvp_candidates": {
            "home": list(result.home.mvp_candidates),
            "away": list(result.away.mvp_candidates),
        },
        "quits": [scenario.ids[i] for i, r in enumerate(result.players) if r.quits],
    }


def event_dict(scenario: Scenario, event: Event) -> dict[str, Any]:
    """An event in scenario terms."""
    data = event.to_dict()
    if "player" in data:
        data["player"] = scenario.player_id(event.player)
    if "other" in data:
        data["other"] = scenario.player_id(event.other)
    if "square" in data:
        data["square"] = list(xy(event.square))
    if "team" in data:
        data["team"] = ("home", "away")[event.team]
    return data


def _check(
    scenario: Scenario,
    match: Match,
    raw_events: list[Event],
    state: dict[str, Any],
    expect: dict[str, Any],
) -> list[str]:
    failures: list[str] = []
    events = [event_dict(scenario, e) for e in raw_events]
    position = 0
    for wanted in expect.get("events", []):
        while position < len(events) and not _matches(events[position], wanted):
            position += 1
        if position == len(events):
            failures.append(f"expected event not found (in order): {wanted}")
            break
        position += 1
    for wanted in expect.get("no_events", []):
        if any(_matches(e, {"kind": wanted}) for e in events):
            failures.append(f"unexpected event: {wanted}")
    for pid, facts in expect.get("players", {}).items():
        have = state["players"].get(pid)
        if have is None:
            failures.append(f"unknown player {pid}")
            continue
        for key, value in facts.items():
            if have.get(key) != value:
                failures.append(f"{pid}.{key}: expected {value}, got {have.get(key)}")
    keys = ("ball", "carrier", "score", "rerolls", "active", "prompt", "prompt_team", "turn")
    for key in (*keys, "weather", "turn_usage"):
        if key in expect and state[key] != expect[key]:
            failures.append(f"{key}: expected {expect[key]}, got {state[key]}")
    result = state["result"] or {}
    for key, value in expect.get("result", {}).items():
        if result.get(key) != value:
            failures.append(f"result.{key}: expected {value}, got {result.get(key)}")
    failures.extend(_check_options(scenario, match, expect))
    if "turnover" in expect:
        happened = any(e["kind"] == "turnover" for e in events)
        if happened != bool(expect["turnover"]):
            failures.append(f"turnover: expected {expect['turnover']}, got {happened}")
    return failures


def _matches(event: dict[str, Any], wanted: dict[str, Any]) -> bool:
    for key, value in wanted.items():
        if key.endswith("~"):
            if str(value) not in str(event.get(key[:-1], "")):
                return False
        elif event.get(key, [] if isinstance(value, list) else None) != value:
            return False
    return True


def _check_options(scenario: Scenario, match: Match, expect: dict[str, Any]) -> list[str]:
    """``options`` (exactly these), ``options_include`` and ``options_exclude``."""
    failures: list[str] = []
    prompt = match.prompt
    offered = set(prompt.options) if prompt is not None else set()
    if "options" in expect:
        wanted = {parse_action(scenario, a) for a in expect["options"]}
        if wanted != offered:
            missing = sorted(str(a) for a in wanted - offered)
            extra = sorted(str(a) for a in offered - wanted)
            failures.append(f"options: missing {missing}, not expected {extra}")
    for raw in expect.get("options_include", []):
        if parse_action(scenario, raw) not in offered:
            failures.append(f"option not offered: {raw}")
    for raw in expect.get("options_exclude", []):
        if parse_action(scenario, raw) in offered:
            failures.append(f"option offered: {raw}")
    return failures
