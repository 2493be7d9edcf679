"""Base errors. Every error a user can cause names the rule it breaks."""


class LeagueError(Exception):
    """Base class of every error the program reports to a user."""


class RuleViolation(LeagueError):
    """A requested change breaks a rule; nothing was changed.

    Attributes:
        rule: short name of the rule broken ("budget", "players", "Blitzer").
        detail: the plain-words explanation shown to the user.
    """

    def __init__(self, rule: str, detail: str) -> None:
        super().__init__(f"{rule}: {detail}")
        self.rule = rule
        self.detail = detail


class RuleViolations(LeagueError):
    """Several rules are broken at once; ``violations`` lists each of them."""

    def __init__(self, violations: list[RuleViolation]) -> None:
        super().__init__("; ".join(str(v) for v in violations))
        self.violations = violations


class DependentChanges(RuleViolations):
    """A correction would take away what later changes were paid with.

    Attributes:
        dependencies: each dependent change in words ("Fend (6 SPP, bought 2026-11-20)").
        revertible: nothing else stands in the way, so the correction may go ahead with the
            dependent changes reverted and re-applied in order.
    """

    def __init__(self, violations: list[RuleViolation], dependencies: list[str], revertible: bool) -> None:
        super().__init__(violations)
        self.dependencies = dependencies
        self.revertible = revertible


class NotFound(LeagueError):
    """A named league, team, player or fixture does not exist."""


class Ambiguous(LeagueError):
    """A name matches more than one thing."""


class DataFileError(LeagueError):
    """A ruleset data file does not match its schema."""


class DatabaseTooNew(LeagueError):
    """The database was written by a newer version of the program."""


class NotALeagueDatabase(LeagueError):
    """The file is a database, but not one League Manager wrote."""


class DatabaseUnavailable(LeagueError):
    """The database cannot be opened (not a database, unreadable, missing driver).

    Attributes:
        backup: the newest good backup of the file, when one can be offered for restore.
    """

    def __init__(self, message: str, backup: str | None = None) -> None:
        super().__init__(message)
        self.backup = backup


class RulesetVersionMismatch(LeagueError):
    """A league is pinned to another version of its ruleset than the program ships."""


class SharedDatabaseOutOfDate(LeagueError):
    """A shared (PostgreSQL) league has an older schema: only its commissioner's explicit
    ``db upgrade`` moves it on, never whichever client happens to start first."""


class PasswordNeeded(DatabaseUnavailable):
    """The database server asked for a password that was not given, or refused the one given."""


class NotAllowed(LeagueError):
    """The league's server refused a change this login may not make (another team's rows,
    a commissioner's step); nothing was changed."""
