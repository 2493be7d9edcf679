"""Service-test helpers: several processes doing one step on one database at the same moment."""

import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

import pytest

from league_manager.services.facade import Services

CHILD = """
import sys, time
from pathlib import Path
from league_manager.core.errors import LeagueError, RuleViolation
from league_manager.services.facade import Services
services = Services.open(sys.argv[1])
go = Path(sys.argv[2])
print("ready", flush=True)
while not go.exists():
    time.sleep(0.001)
try:
    exec(sys.argv[3])
    print("done", flush=True)
except RuleViolation as refused:
    print("refused", refused.rule, flush=True)
except LeagueError as refused:
    print("refused", type(refused).__name__, flush=True)
services.close()
"""

AtOnce = Callable[[Services, str, int], list[str]]
"""``at_once(services, code, copies)``: the answers ("done", "refused <rule>") of each copy."""


@pytest.fixture
def at_once(tmp_path: Path) -> AtOnce:
    """Run ``code`` in several processes released together, each with ``services`` open on
    the database of the ``services`` given (a SQLite file or a PostgreSQL database).

    Each process opens the database, says it is ready, waits at a common start line (a file
    that appears) and runs the code, so they race as two coaches' computers would.
    """

    def run(services: Services, code: str, copies: int) -> list[str]:
        target = services.engine.url.render_as_string(hide_password=False)
        go = tmp_path / f"go-{len(list(tmp_path.glob('go-*')))}"
        children = [
            subprocess.Popen(
                [sys.executable, "-c", CHILD, target, str(go), code], stdout=subprocess.PIPE, text=True
            )
            for _ in range(copies)
        ]
        for child in children:
            assert child.stdout is not None
            assert child.stdout.readline().strip() == "ready"
        go.touch()
        answers = []
        for child in children:
            out, _ = child.communicate(timeout=120)
            assert child.returncode == 0, out
            answers.append(out.strip())
        return sorted(answers)

    return run
