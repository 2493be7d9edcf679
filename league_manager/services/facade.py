"""The service facade: every use case the front ends (CLI, GUI) may call, over one engine."""

from __future__ import annotations

from functools import cached_property
from pathlib import Path
from typing import TYPE_CHECKING

from sqlalchemy import Engine
from sqlalchemy.exc import ArgumentError, DBAPIError

from league_manager.core.errors import DatabaseUnavailable, LeagueError
from league_manager.core.system_errors import describe_system_error
from league_manager.persistence.backups import restore_backup, unreadable, write_backup
from league_manager.persistence.database import database_url as make_engine_url
from league_manager.persistence.database import make_engine, sqlite_path
from league_manager.persistence.migrate import MigrationReport, migrate
from league_manager.services.changes import Outcome

if TYPE_CHECKING:
    from league_manager.services.advancement import AdvancementService
    from league_manager.services.history import HistoryService
    from league_manager.services.leagues import LeagueService
    from league_manager.services.match_day.board import BoardService
    from league_manager.services.match_day.service import MatchDayService
    from league_manager.services.read_models import LeagueView
    from league_manager.services.roster import RosterService
    from league_manager.services.seasons import SeasonService
    from league_manager.services.team_board import TeamBoardService
    from league_manager.services.teams import TeamService
    from league_manager.services.undo import UndoService


class Services:
    """One database, its migrations and the services over it.

    Each service is made (and its module imported) on first use, so a command that
    lists teams does not load the match engine.
    """

    def __init__(self, engine: Engine, migration: MigrationReport | None = None) -> None:
        self.engine = engine
        self.migration = migration

    @cached_property
    def leagues(self) -> LeagueService:
        """Leagues and their house rules."""
        from league_manager.services.leagues import LeagueService

        return LeagueService(self.engine)

    @cached_property
    def teams(self) -> TeamService:
        """Drafts, team lists and ledgers."""
        from league_manager.services.teams import TeamService

        return TeamService(self.engine)

    @cached_property
    def roster(self) -> RosterService:
        """Hiring, firing, names, numbers, staff."""
        from league_manager.services.roster import RosterService

        return RosterService(self.engine)

    @cached_property
    def advancement(self) -> AdvancementService:
        """SPP and advancements."""
        from league_manager.services.advancement import AdvancementService

        return AdvancementService(self.engine)

    @cached_property
    def seasons(self) -> SeasonService:
        """Seasons, schedules, results and standings."""
        from league_manager.services.seasons import SeasonService

        return SeasonService(self.engine)

    @cached_property
    def match_day(self) -> MatchDayService:
        """Pre-game, results, post-game and corrections."""
        from league_manager.services.match_day.service import MatchDayService

        return MatchDayService(self.engine)

    @cached_property
    def board(self) -> BoardService:
        """Board matches: start, save after every action, resume, finish, abandon."""
        from league_manager.services.match_day.board import BoardService

        return BoardService(self.engine)

    @cached_property
    def team_board(self) -> TeamBoardService:
        """Teams' saved formations and colours on the match board."""
        from league_manager.services.team_board import TeamBoardService

        return TeamBoardService(self.engine)

    @cached_property
    def history(self) -> HistoryService:
        """Players' and teams' histories."""
        from league_manager.services.history import HistoryService

        return HistoryService(self.engine)

    @cached_property
    def undo(self) -> UndoService:
        """The exact inverses of roster changes."""
        from league_manager.services.undo import UndoService

        return UndoService(self.engine)

    @classmethod
    def open(cls, target: str | Path) -> Services:
        """Open (creating if needed) and migrate a database file or URL.

        Raises:
            DatabaseTooNew: the file comes from a newer version; it is left untouched.
        """
        try:
            engine = make_engine(target)
        except (ImportError, ArgumentError) as exc:
            hint = (
                " (install the 'postgres' extra: pip install -e '.[postgres]')"
                if "psycopg" in str(exc)
                else ""
            )
            raise DatabaseUnavailable(f"cannot use {target}: {exc}{hint}") from exc
        try:
            report = migrate(engine)
        except LeagueError:
            engine.dispose()
            raise
        except (DBAPIError, OSError, ImportError) as exc:
            engine.dispose()
            reason = describe_system_error(exc) or getattr(exc, "orig", None) or exc
            path = sqlite_path(str(engine.url))
            if path is not None and path.is_file():
                raise unreadable(f"cannot open {target}: {reason}", path) from exc
            raise DatabaseUnavailable(f"cannot open {target}: {reason}") from exc
        return cls(engine, report)

    @property
    def location(self) -> str:
        """The database file (or URL without password) for title bars and status lines."""
        path = sqlite_path(str(self.engine.url))
        return str(path) if path else self.engine.url.render_as_string(hide_password=True)

    def create_demo(self) -> Outcome[LeagueView]:
        """Create (or find) the demo league."""
        from league_manager.services.demo import create_demo

        return create_demo(self.leagues, self.teams)

    def backup(self, destination: Path) -> Path:
        """Copy the open SQLite database to ``destination`` (consistent while in use)."""
        if sqlite_path(str(self.engine.url)) is None:
            raise DatabaseUnavailable("backups are made of SQLite files only")
        return write_backup(self.engine, destination)

    @staticmethod
    def restore(backup: Path, target: str | Path) -> Path | None:
        """Put a verified backup in place of a league file (the file replaced is kept beside it).

        Returns:
            Where the replaced file was kept, or None when there was none.

        Raises:
            DatabaseUnavailable: the backup is not sound, or the target is not a file.
        """
        path = sqlite_path(make_engine_url(target))
        if path is None:
            raise DatabaseUnavailable("only SQLite league files can be restored from a backup")
        return restore_backup(Path(backup), path)

    def close(self) -> None:
        """Release the database connections."""
        self.engine.dispose()
