"""The commissioner's adjustments: league points, gold, dedicated fans, SPP and player value.

Each adjustment is a row of the ``adjustment`` ledger with its reason, who made it and
when. Gold, fans and SPP also write a row (source ``adjustment``) in their own ledger, so
the treasury, dedicated fans and SPP balances read their ledgers as before; league points
are read by the standings and player value by the team views. A row is never edited:
``undo`` writes a correcting row with the opposite amount.
"""

from __future__ import annotations

import getpass
from collections import defaultdict

from sqlalchemy import text
from sqlmodel import Session, col, select

from league_manager.core.errors import NotFound, RuleViolation
from league_manager.core.limits import NUMBER_MAX, check_range
from league_manager.persistence import repositories as repo
from league_manager.persistence.league_rules_models import ADJUSTMENT_KINDS, Adjustment
from league_manager.persistence.models import Player, SppEntry, Team
from league_manager.persistence.season_models import Season, SeasonTeam
from league_manager.services.base import ServiceBase
from league_manager.services.changes import Changes, Outcome
from league_manager.services.league_rules_views import KIND_WORDS, AdjustmentView
from league_manager.services.ui_models import HistoryEntry

SOURCE = "adjustment"
REASON_MAX = 200


def who_is_acting(session: Session) -> str:
    """Who makes a change: the database role on a server, else the operating-system user."""
    if session.get_bind().dialect.name == "postgresql":
        return str(session.connection().execute(text("SELECT current_user")).scalar_one())
    try:
        return getpass.getuser()
    except (KeyError, OSError):  # no user name in the environment or the password database
        return "unknown"


def points_by_team(season_id: int, *, session: Session) -> dict[int, int]:
    """The league points a commissioner added or removed, per team, in one season."""
    out: dict[int, int] = defaultdict(int)
    for row in session.exec(
        select(Adjustment).where(Adjustment.season_id == season_id, Adjustment.kind == "points")
    ):
        out[row.team_id] += row.amount
    return dict(out)


def adjustment_history(team_id: int, *, session: Session) -> list[HistoryEntry]:
    """The team history's lines for adjustments that no other ledger shows (points, SPP, value).

    Gold and fans adjustments appear through their treasury and fans ledger rows.
    """
    entries = []
    for row in session.exec(
        select(Adjustment).where(
            Adjustment.team_id == team_id, col(Adjustment.kind).in_(["points", "spp", "value"])
        )
    ):
        view = _view(row, session=session)
        text = f"Commissioner adjustment #{view.id}: {view.describe()}: {view.reason} (by {view.made_by})"
        entries.append(HistoryEntry(row.created_at, "adjustment", text, None, SOURCE))
    return entries


class AdjustmentService(ServiceBase):
    """Commissioner adjustments, each one transaction, never edited."""

    def adjust(
        self, team: str | int, kind: str, amount: int, reason: str, *, player: str | int | None = None
    ) -> Outcome[AdjustmentView]:
        """Change a team's league points, gold or fans, or a player's SPP or value, by hand.

        Args:
            team: the team (name or id).
            kind: one of :data:`ADJUSTMENT_KINDS`.
            amount: the signed change (gp for gold).
            reason: why; kept on the row.
            player: the player (id, name or shirt number) for SPP and value.

        Raises:
            RuleViolation: an unknown kind, a zero amount, no reason, a player missing or
                not of the team, no season for league points, or a balance that would go
                below its floor (treasury 0, fans 1, SPP 0, value 0).
            NotFound: no such team or player.
        """
        reason = _reason(reason)
        if kind not in ADJUSTMENT_KINDS:
            raise RuleViolation(
                "adjust", f"unknown adjustment '{kind}'; choose {', '.join(ADJUSTMENT_KINDS)}"
            )
        if amount == 0:
            raise RuleViolation("adjust", "the adjustment is zero")
        check_range(amount, "adjust", -NUMBER_MAX, NUMBER_MAX)
        if kind == "gold" and amount % 5000:
            raise RuleViolation("adjust", "gold moves in steps of 5,000 gp")
        with self.transaction() as session:
            row = repo.lock_team(repo.find_team(team, session=session), session=session)
            assert row.id is not None
            target = _player(row, player, session=session) if kind in {"spp", "value"} else None
            if target is None and player is not None:
                raise RuleViolation("adjust", f"{KIND_WORDS[kind]} belong to the team; leave the player out")
            entry = Adjustment(
                team_id=row.id, kind=kind, amount=amount, reason=reason, made_by=who_is_acting(session)
            )
            if kind == "points":
                entry.season_id = _current_season(row, session=session)
            if target is not None:
                entry.player_id = target.id
            _write(entry, row, target, session=session)
            view = _view(entry, session=session)
        return Outcome(view, _changes(entry, view))

    def undo(self, adjustment: int, reason: str) -> Outcome[AdjustmentView]:
        """Undo an adjustment with a correcting row of the opposite amount.

        Raises:
            NotFound: no such adjustment.
            RuleViolation: no reason, an adjustment already undone, a correcting row (undo
                it by a new adjustment instead), or a balance that would go below its floor.
        """
        reason = _reason(reason)
        with self.transaction() as session:
            old = session.get(Adjustment, adjustment)
            if old is None:
                raise NotFound(f"no adjustment {adjustment}")
            if old.undoes_id is not None:
                raise RuleViolation(
                    "adjust", f"adjustment {adjustment} is itself an undo; make a new adjustment"
                )
            done = session.exec(select(Adjustment).where(Adjustment.undoes_id == adjustment)).first()
            if done is not None:
                raise RuleViolation("adjust", f"adjustment {adjustment} was already undone by {done.id}")
            team = session.get(Team, old.team_id)
            assert team is not None
            team = repo.lock_team(team, session=session)
            target = session.get(Player, old.player_id) if old.player_id else None
            entry = Adjustment(
                team_id=old.team_id,
                kind=old.kind,
                amount=-old.amount,
                season_id=old.season_id,
                player_id=old.player_id,
                reason=reason,
                made_by=who_is_acting(session),
                undoes_id=old.id,
            )
            _write(entry, team, target, session=session)
            view = _view(entry, session=session)
        return Outcome(view, _changes(entry, view))

    def adjustments(self, team: str | int) -> list[AdjustmentView]:
        """A team's adjustments, newest first.

        Raises:
            NotFound: no such team.
        """
        with self.transaction() as session:
            row = repo.find_team(team, session=session)
            rows = session.exec(
                select(Adjustment).where(Adjustment.team_id == row.id).order_by(col(Adjustment.id).desc())
            ).all()
            return [_view(r, session=session) for r in rows]


def _reason(reason: str) -> str:
    text = " ".join(reason.split())
    if not text:
        raise RuleViolation("reason", "an adjustment needs a reason")
    if len(text) > REASON_MAX:
        raise RuleViolation("reason", f"a reason has at most {REASON_MAX} characters")
    return text


def _player(team: Team, player: str | int | None, *, session: Session) -> Player:
    if player is None:
        raise RuleViolation("adjust", "SPP and value belong to a player; name one (PLAYER=N)")
    wanted = str(player).strip()
    rows = session.exec(select(Player).where(Player.team_id == team.id)).all()
    found = [p for p in rows if p.name.casefold() == wanted.casefold()]
    if not found and wanted.isdigit():
        found = [p for p in rows if p.id == int(wanted)] or [
            p for p in rows if p.number == int(wanted) and p.status == "active"
        ]
    if not found:
        raise NotFound(f"{team.name} has no player '{wanted}'")
    if len(found) > 1:
        raise RuleViolation("adjust", f"several players of {team.name} are called '{wanted}'; give the id")
    return found[0]


def _current_season(team: Team, *, session: Session) -> int:
    """The season the team plays (or last played) in: league points count there."""
    rows = session.exec(
        select(Season)
        .join(SeasonTeam, col(SeasonTeam.season_id) == col(Season.id))
        .where(SeasonTeam.team_id == team.id)
        .order_by(col(Season.id).desc())
    ).all()
    if not rows:
        raise RuleViolation("adjust", f"{team.name} plays in no season; league points need one")
    return rows[0].id or 0


def _write(entry: Adjustment, team: Team, player: Player | None, *, session: Session) -> None:
    """Check the floor, then write the adjustment and its ledger row."""
    assert team.id is not None
    text = f"Commissioner: {entry.reason} (by {entry.made_by})"
    if entry.kind == "gold":
        balance = repo.treasury_balance(team.id, session=session)
        if balance + entry.amount < 0:
            raise RuleViolation(
                "treasury", f"{team.name} has {balance:,} gp; cannot remove {-entry.amount:,} gp"
            )
        entry.ledger_row_id = repo.add_treasury(team.id, entry.amount, text, SOURCE, session=session).id
    elif entry.kind == "fans":
        fans = repo.fans_balance(team.id, session=session)
        if fans + entry.amount < 1:
            raise RuleViolation("fans", f"{team.name} has {fans} Dedicated Fans; the minimum is 1")
        entry.ledger_row_id = repo.add_fans(team.id, entry.amount, text, SOURCE, session=session).id
    elif entry.kind == "spp":
        assert player is not None and player.id is not None
        spp = repo.PlayerFacts([player.id], session=session).spp[player.id]
        if spp + entry.amount < 0:
            raise RuleViolation("SPP", f"{player.name} has {spp} SPP; cannot remove {-entry.amount}")
        spp_row: SppEntry = repo.add_spp(player.id, entry.amount, text, SOURCE, session=session)
        entry.ledger_row_id = spp_row.id
    elif entry.kind == "value":
        assert player is not None and player.id is not None
        facts = repo.PlayerFacts([player.id], session=session)
        value = player.cost + sum(a.value_increase for a in facts.advancements[player.id])
        value += facts.value_adjusted[player.id]
        if value + entry.amount < 0:
            raise RuleViolation(
                "value", f"{player.name} is valued {value:,} gp; cannot remove {-entry.amount:,} gp"
            )
    session.add(entry)
    session.flush()


def _view(entry: Adjustment, *, session: Session) -> AdjustmentView:
    assert entry.id is not None
    team = session.get(Team, entry.team_id)
    player = session.get(Player, entry.player_id) if entry.player_id else None
    season = session.get(Season, entry.season_id) if entry.season_id else None
    undone = session.exec(select(Adjustment.id).where(Adjustment.undoes_id == entry.id)).first()
    return AdjustmentView(
        id=entry.id,
        team=team.name if team else "",
        kind=entry.kind,
        amount=entry.amount,
        player=f"#{player.number} {player.name}" if player else None,
        season=season.name if season else None,
        reason=entry.reason,
        made_by=entry.made_by,
        when=entry.created_at,
        undoes=entry.undoes_id,
        undone_by=undone,
    )


def _changes(entry: Adjustment, view: AdjustmentView) -> Changes:
    return Changes(
        teams=frozenset({entry.team_id}),
        players=frozenset({entry.player_id}) if entry.player_id else frozenset(),
        description=f"adjusted {view.team}: {view.describe()}",
    )
