"""``league-manager match coverage``: what the engine implements of a ruleset, and where
the golden scenarios exercise it."""

from __future__ import annotations

import argparse
import json
from pathlib import Path

from league_manager.cli.context import CliContext
from league_manager.core.errors import LeagueError
from league_manager.match.coverage import CoverageItem, catalogue
from league_manager.match.skills.registry import same_handlers
from league_manager.rules.loader import load_ruleset
from league_manager.rules.model import SkillRef

REPO_SCENARIOS = Path(__file__).resolve().parents[2] / "tests" / "scenarios"
"""The repository's golden scenarios (absent when the package is installed)."""


def register(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Add ``match coverage`` to the ``match`` subcommands."""
    cov = sub.add_parser("coverage", help="skills, traits, star rules and inducements the engine plays")
    cov.add_argument("--ruleset", default="bb2020", help="ruleset id (default bb2020)")
    cov.add_argument("--json", action="store_true", dest="coverage_json", help="machine-readable output")
    cov.add_argument(
        "--scenarios",
        type=Path,
        default=None,
        help="folder of golden scenarios to scan (default: the repository's tests/scenarios)",
    )
    cov.set_defaults(handler=coverage_command)


def scenario_names(folder: Path, ruleset_id: str = "bb2020") -> dict[str, list[str]]:
    """Skill, trait and special-rule names used by players of each scenario file -> paths.

    A scenario names its ruleset with ``"ruleset"`` (default ``bb2020``); each edition has its
    own golden scenarios. A scenario of another edition counts for a skill, trait or star
    rule only where both editions play it with the very same handlers (a shared rule), and
    for the in-match inducements and bribes, whose effects do not depend on the edition.

    Bribes in a scenario (``"bribes"``) count for the Bribes inducement, and the in-match
    inducements a scenario gives a team (``"inducements"``) for theirs.
    """
    import league_manager.match.engine  # noqa: F401 - registers every skill handler

    found: dict[str, list[str]] = {}
    for path in sorted(folder.rglob("*.json")):
        try:
            data = json.loads(path.read_text(encoding="utf-8"))
        except (OSError, ValueError):
            continue
        if not isinstance(data, dict):
            continue
        played = str(data.get("ruleset", "bb2020"))
        names: set[str] = set()
        for player in data.get("players", []):
            names |= {SkillRef.parse(str(s)).name for s in player.get("skills", [])}
            names |= {str(r) for r in player.get("special_rules", [])}
        bought = data.get("inducements", {})
        bought_names = {"Bribes"} if any(data.get("bribes", [])) else set()
        if isinstance(bought, dict):
            bought_names |= {str(n) for side in bought.values() if isinstance(side, dict) for n in side}
        names |= bought_names
        if played != ruleset_id:
            names = {n for n in names if n in bought_names or same_handlers(n, played, ruleset_id)}
        shown = _shown(path)
        for name in names:
            found.setdefault(name, []).append(shown)
    return found


def _shown(path: Path) -> str:
    """The path relative to the working folder when it is inside it."""
    try:
        return path.resolve().relative_to(Path.cwd().resolve()).as_posix()
    except ValueError:
        return path.as_posix()


def coverage_command(args: argparse.Namespace, ctx: CliContext) -> int:
    """List every item of the ruleset with whether it is implemented and its scenarios."""
    try:
        ruleset = load_ruleset(args.ruleset)
    except (LeagueError, OSError, KeyError, ValueError) as exc:
        return ctx.fail(f"cannot load ruleset {args.ruleset!r}: {exc}")
    if ruleset.classic:
        return ctx.fail(f"the match engine does not play {ruleset.id} yet: it has no match coverage")
    folder: Path | None = args.scenarios
    if folder is None and REPO_SCENARIOS.is_dir():
        folder = REPO_SCENARIOS
    note = ""
    used: dict[str, list[str]] = {}
    if folder is None or not folder.is_dir():
        note = f"no scenarios folder found ({folder or 'tests/scenarios'}): scenario lists are empty"
    else:
        used = scenario_names(folder, ruleset.id)
    items = catalogue(ruleset)
    rows = [_row(item, used) for item in items]
    if ctx.as_json or args.coverage_json:
        ctx.as_json = True
        return ctx.emit(rows, str)
    if note:
        ctx.print(note)
    return ctx.emit(rows, lambda: _text(ruleset.id, rows))


def _row(item: CoverageItem, used: dict[str, list[str]]) -> dict[str, object]:
    return {
        "name": item.name,
        "kind": item.kind,
        "category": item.category,
        "implemented": item.implemented,
        "scenarios": used.get(item.name, []),
    }


def _text(ruleset_id: str, rows: list[dict[str, object]]) -> str:
    lines = []
    for kind in ("skill", "trait", "star_rule", "inducement"):
        of_kind = [r for r in rows if r["kind"] == kind]
        done = sum(1 for r in of_kind if r["implemented"])
        lines.append(f"{kind}s: {done} of {len(of_kind)} implemented ({ruleset_id})")
        for r in of_kind:
            mark = "yes" if r["implemented"] else "NO "
            scenarios = r["scenarios"]
            count = len(scenarios) if isinstance(scenarios, list) else 0
            lines.append(f"  {mark} {r['name']} [{r['category']}]  {count} scenario(s)")
    return "\n".join(lines)
