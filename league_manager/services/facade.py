"""The service facade: every use case the front ends (CLI, GUI) may call, over one engine."""

from __future__ import annotations

from functools import cached_property
from pathlib import Path
from typing import TYPE_CHECKING

from sqlalchemy import Engine
from sqlalchemy.exc import ArgumentError, DBAPIError

from league_manager.core.errors import DatabaseUnavailable, LeagueError, PasswordNeeded
from league_manager.core.system_errors import describe_system_error
from league_manager.core.urls import mask_password, without_password
from league_manager.persistence.backups import every_backup_of, restore_backup, unreadable, write_backup
from league_manager.persistence.database import database_url as make_engine_url
from league_manager.persistence.database import make_engine, sqlite_path
from league_manager.persistence.migrate import MigrationReport, migrate
from league_manager.services.changes import Outcome

if TYPE_CHECKING:
    from league_manager.persistence.league_copy import CopyReport
    from league_manager.services.adjustments import AdjustmentService
    from league_manager.services.advancement import AdvancementService
    from league_manager.services.backup_files import BackupFile
    from league_manager.services.classic_challenges import ClassicChallengeService
    from league_manager.services.classic_playoffs import ClassicPlayoffService
    from league_manager.services.classic_tournaments import ClassicTournamentService
    from league_manager.services.concessions import ConcessionService
    from league_manager.services.deadlines import DeadlineService
    from league_manager.services.events import EventService
    from league_manager.services.history import HistoryService
    from league_manager.services.interop.naf_report import NafReportService
    from league_manager.services.interop.obblm_team import ObblmTeamService
    from league_manager.services.interop.season_csv import SeasonCsvService
    from league_manager.services.interop.team_import_service import TeamFileImportService
    from league_manager.services.league_export import LeagueExportService
    from league_manager.services.league_upgrade import LeagueUpgradeService
    from league_manager.services.leagues import LeagueService
    from league_manager.services.match_day.board import BoardService
    from league_manager.services.match_day.claims import ClaimService
    from league_manager.services.match_day.replay import ReplayService
    from league_manager.services.match_day.service import MatchDayService
    from league_manager.services.match_day.tracker import TrackerService
    from league_manager.services.practice import PracticeService
    from league_manager.services.read_models import LeagueView
    from league_manager.services.removal import RemovalService
    from league_manager.services.retirement import RetirementService
    from league_manager.services.roster import RosterService
    from league_manager.services.season_end import SeasonEndService
    from league_manager.services.season_redraft import RedraftService
    from league_manager.services.season_simulate import SeasonSimulationService
    from league_manager.services.seasons import SeasonService
    from league_manager.services.shared_league import SharedLeagueService, SharePlace
    from league_manager.services.table_concession import TableConcessionService
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
    def upgrades(self) -> LeagueUpgradeService:
        """A league's move to another edition between seasons."""
        from league_manager.services.league_upgrade import LeagueUpgradeService

        return LeagueUpgradeService(self.engine)

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
    def season_end(self) -> SeasonEndService:
        """Play-off qualifiers and seeds, and closing a season (prizes, trophy, awards)."""
        from league_manager.services.season_end import SeasonEndService

        return SeasonEndService(self.engine)

    @cached_property
    def redraft(self) -> RedraftService:
        """A team's re-draft between two seasons (budget, re-hires, rolls)."""
        from league_manager.services.season_redraft import RedraftService

        return RedraftService(self.engine)

    @cached_property
    def retirement(self) -> RetirementService:
        """Temporary retirement of a player in the post-game, and taking it back."""
        from league_manager.services.retirement import RetirementService

        return RetirementService(self.engine)

    @cached_property
    def season_simulation(self) -> SeasonSimulationService:
        """A season's open fixtures played on the engine, one transaction each."""
        from league_manager.services.season_simulate import SeasonSimulationService

        return SeasonSimulationService(self.engine)

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
    def practice(self) -> PracticeService:
        """Practice matches between two of the file's teams, held in memory only."""
        from league_manager.services.practice import PracticeService

        return PracticeService(self.engine)

    @cached_property
    def claims(self) -> ClaimService:
        """Claims of remote matches a coach left: filed by the server, resolved by the commissioner."""
        from league_manager.services.match_day.claims import ClaimService

        return ClaimService(self.engine)

    @cached_property
    def replays(self) -> ReplayService:
        """Fixtures' stored matches (board or engine): read them and replay them."""
        from league_manager.services.match_day.replay import ReplayService

        return ReplayService(self.engine)

    @cached_property
    def team_board(self) -> TeamBoardService:
        """Teams' saved formations and colours on the match board."""
        from league_manager.services.team_board import TeamBoardService

        return TeamBoardService(self.engine)

    @cached_property
    def tracker(self) -> TrackerService:
        """The live tabletop tracker: entries saved one by one, the result at the final whistle."""
        from league_manager.services.match_day.tracker import TrackerService

        return TrackerService(self.engine)

    @cached_property
    def history(self) -> HistoryService:
        """Players' and teams' histories."""
        from league_manager.services.history import HistoryService

        return HistoryService(self.engine)

    @cached_property
    def removal(self) -> RemovalService:
        """Deleting teams, seasons and leagues without history; retiring teams with some."""
        from league_manager.services.removal import RemovalService

        return RemovalService(self.engine)

    @cached_property
    def undo(self) -> UndoService:
        """The exact inverses of roster changes."""
        from league_manager.services.undo import UndoService

        return UndoService(self.engine)

    @cached_property
    def adjustments(self) -> AdjustmentService:
        """The commissioner's adjustments ledger (points, gold, fans, SPP, value)."""
        from league_manager.services.adjustments import AdjustmentService

        return AdjustmentService(self.engine)

    @cached_property
    def deadlines(self) -> DeadlineService:
        """Fixture deadlines and their enforcement."""
        from league_manager.services.deadlines import DeadlineService

        return DeadlineService(self.engine)

    @cached_property
    def classic_challenges(self) -> ClassicChallengeService:
        """Written play-off challenges of a classic (LRB 2004) season."""
        from league_manager.services.classic_challenges import ClassicChallengeService

        return ClassicChallengeService(self.engine)

    @cached_property
    def classic_tournaments(self) -> ClassicTournamentService:
        """A classic (LRB 2004) season's tournament: a Major or minor one, its prizes and trophy."""
        from league_manager.services.classic_tournaments import ClassicTournamentService

        return ClassicTournamentService(self.engine)

    @cached_property
    def classic_playoffs(self) -> ClassicPlayoffService:
        """A classic (LRB 2004) season's play-off table and knock-out draw."""
        from league_manager.services.classic_playoffs import ClassicPlayoffService

        return ClassicPlayoffService(self.engine)

    @cached_property
    def concessions(self) -> ConcessionService:
        """Concessions of league fixtures and cross-division friendlies."""
        from league_manager.services.concessions import ConcessionService

        return ConcessionService(self.engine)

    @cached_property
    def table_concessions(self) -> TableConcessionService:
        """Concessions during a match played at the table."""
        from league_manager.services.table_concession import TableConcessionService

        return TableConcessionService(self.engine)

    @cached_property
    def events(self) -> EventService:
        """Tournament events: exhibition rosters, Swiss rounds, results and standings."""
        from league_manager.services.events import EventService

        return EventService(self.engine)

    @cached_property
    def league_export(self) -> LeagueExportService:
        """A whole league to our JSON file and back."""
        from league_manager.services.league_export import LeagueExportService

        return LeagueExportService(self.engine)

    @cached_property
    def season_csv(self) -> SeasonCsvService:
        """A season's standings, leader boards and player statistics as CSV."""
        from league_manager.services.interop.season_csv import SeasonCsvService

        return SeasonCsvService(self.engine)

    @cached_property
    def shared(self) -> SharedLeagueService:
        """A shared league's logins and result confirmations (``share add-coach``, ``share confirm``)."""
        from league_manager.services.shared_league import SharedLeagueService

        return SharedLeagueService(self.engine)

    @cached_property
    def share_place(self) -> SharePlace | None:
        """This login's place on a shared league (read once per opening); None for a league file."""
        return self.shared.place()

    @cached_property
    def naf_report(self) -> NafReportService:
        """A season's games as a NAF tournament report."""
        from league_manager.services.interop.naf_report import NafReportService

        return NafReportService(self.engine)

    @cached_property
    def obblm_team(self) -> ObblmTeamService:
        """A team as OBBLM team XML."""
        from league_manager.services.interop.obblm_team import ObblmTeamService

        return ObblmTeamService(self.engine)

    @cached_property
    def team_files(self) -> TeamFileImportService:
        """Teams from OBBLM XML and FUMBBL JSON files: preview, then create."""
        from league_manager.services.interop.team_import_service import TeamFileImportService

        return TeamFileImportService(self.engine)

    @classmethod
    def open(cls, target: str | Path) -> Services:
        """Open (creating if needed) and migrate a league file, or open a shared database.

        A shared (PostgreSQL) database must already be at this version's schema: only
        :meth:`upgrade_shared` (``league-manager db upgrade``) moves it on.

        Raises:
            DatabaseTooNew: the file comes from a newer version; it is left untouched.
            SharedDatabaseOutOfDate: a shared database has an older schema (or none).
            PasswordNeeded: the server wants a password the URL does not give (or a right one).
            DatabaseUnavailable: anything else that keeps it closed, in a sentence without
                the password.
        """
        engine = _engine(target)
        return cls(engine, _migrated(engine, target, shared_upgrade=False))

    @classmethod
    def upgrade_shared(cls, target: str | Path, backup_dir: Path) -> tuple[Services, Path | None]:
        """The commissioner's explicit upgrade of a shared (PostgreSQL) league.

        A database that needs the upgrade is first dumped to ``backup_dir`` with
        ``pg_dump``; without ``pg_dump`` nothing is changed. A SQLite file is opened as
        usual (its start-up migration already backs it up and swaps it in atomically).

        Returns:
            The services over the upgraded database, and the backup written (or None).

        Raises:
            DatabaseUnavailable: no ``pg_dump``, or it failed; the database was not changed.
        """
        engine = _engine(target)
        if sqlite_path(str(engine.url)) is not None:
            return cls(engine, _migrated(engine, target, shared_upgrade=False)), None
        from league_manager.persistence.migrate import current_revision
        from league_manager.persistence.revisions import head_revision
        from league_manager.persistence.server_backup import dump_database

        try:
            needed = current_revision(engine) != head_revision()
            backup = dump_database(engine.url, backup_dir) if needed else None
        except DBAPIError as exc:
            engine.dispose()
            raise _open_error(exc, target, engine) from exc
        except BaseException:
            engine.dispose()
            raise
        return cls(engine, _migrated(engine, target, shared_upgrade=True)), backup

    @property
    def location(self) -> str:
        """The database file (or URL without password) for title bars, status lines, recent files."""
        path = sqlite_path(str(self.engine.url))
        return str(path) if path else without_password(self.engine.url.render_as_string(hide_password=False))

    @cached_property
    def access(self) -> str | None:
        """On a shared league's server, who this login is there ("bo, coach of Reavers"); None for a file."""
        if sqlite_path(str(self.engine.url)) is not None:
            return None
        from league_manager.persistence.share_guard import login_description

        with self.engine.connect() as conn:
            return login_description(conn)

    def share_league(self, league: str, server: str, replace: bool = False) -> CopyReport:
        """Copy ``league`` of this file onto the PostgreSQL ``server`` (``share LEAGUE --server URL``).

        Raises:
            NotFound: no such league here.
            ShareRefused: the server holds the league already (without ``replace``), or the
                copy read back differently; nothing changed there.
        """
        from league_manager.services.sharing import share_league

        return share_league(self.engine, league, server, replace=replace)

    def create_demo(self) -> Outcome[LeagueView]:
        """Create (or find) the demo league."""
        from league_manager.services.demo import create_demo

        return create_demo(self.leagues, self.teams)

    def backup(self, destination: Path) -> Path:
        """Copy the open SQLite database to ``destination`` (consistent while in use)."""
        if sqlite_path(str(self.engine.url)) is None:
            raise DatabaseUnavailable("backups are made of SQLite files only")
        return write_backup(self.engine, destination)

    def list_backups(self, folder: Path | None = None) -> list[BackupFile]:
        """The backups of the open SQLite league file, newest first (none for a shared database).

        Args:
            folder: where they are (default: the ``backups`` folder beside the file).
        """
        from league_manager.services.backup_files import backup_file

        path = sqlite_path(str(self.engine.url))
        return [] if path is None else [backup_file(p) for p in every_backup_of(path, folder)]

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


def _engine(target: str | Path) -> Engine:
    try:
        return make_engine(target)
    except (ImportError, ArgumentError) as exc:
        hint = (
            " (install the 'postgres' extra: pip install -e '.[postgres]')" if "psycopg" in str(exc) else ""
        )
        raise DatabaseUnavailable(mask_password(f"cannot use {target}: {exc}{hint}")) from exc


def _migrated(engine: Engine, target: str | Path, *, shared_upgrade: bool) -> MigrationReport:
    try:
        return migrate(engine, shared_upgrade=shared_upgrade)
    except LeagueError:
        engine.dispose()
        raise
    except (DBAPIError, OSError, ImportError) as exc:
        engine.dispose()
        raise _open_error(exc, target, engine) from exc


_PASSWORD_WORDS = ("no password supplied", "password authentication failed", "password is required")


def _open_error(exc: Exception, target: str | Path, engine: Engine) -> DatabaseUnavailable:
    """The sentence for a database that cannot be opened; never quotes a password."""
    reason = mask_password(str(describe_system_error(exc) or getattr(exc, "orig", None) or exc).strip())
    where = mask_password(str(target))
    path = sqlite_path(str(engine.url))
    if path is not None and path.is_file():
        return unreadable(f"cannot open {where}: {reason}", path)
    if any(word in reason for word in _PASSWORD_WORDS):
        return PasswordNeeded(f"cannot open {where}: the server wants a password ({reason})")
    return DatabaseUnavailable(f"cannot open {where}: {reason}")
