"""Turning a shared league server's refusal into a sentence a coach understands.

The server's row-level security is the protection; these helpers only say, after it
refused, whose rows they were and what this login may change
(:mod:`league_manager.persistence.share_roles` sets the rules up).
"""

from __future__ import annotations

from sqlalchemy import Connection, text

from league_manager.core.errors import NotAllowed


def my_place(conn: Connection) -> tuple[str, str | None] | None:
    """This login's kind of membership and (for a coach) team name, or None when not a member."""
    if conn.dialect.name != "postgresql":
        return None
    if conn.execute(text("SELECT to_regclass('league_share.member')")).scalar() is None:
        return None
    row = conn.execute(
        text(
            "SELECT m.kind, t.name FROM league_share.member m LEFT JOIN team t ON t.id = m.team_id "
            "WHERE m.role_name = current_user"
        )
    ).first()
    return None if row is None else (str(row[0]), row[1])


def _may_change(place: tuple[str, str | None] | None) -> str:
    if place is None:
        return "this login is not a member of the shared league"
    kind, team = place
    if kind == "coach":
        return f"you may change only {team}"
    return "a viewer changes nothing" if kind == "viewer" else "the server refused this change"


def not_your_team(conn: Connection, team_id: int) -> NotAllowed:
    """The refusal to write another coach's team: "Ironjaws belong to Bo; you may change only Reavers"."""
    row = conn.execute(
        text("SELECT t.name, c.name FROM team t JOIN coach c ON c.id = t.coach_id WHERE t.id = :t"),
        {"t": team_id},
    ).first()
    whose = f"{row[0]} belong to {row[1]}" if row else "that team is not yours"
    return NotAllowed(f"{whose}; {_may_change(my_place(conn))}. Nothing was changed.")


def refused(conn: Connection) -> NotAllowed | None:
    """The refusal of a change the server forbids this login (a league-wide table, a viewer).

    None when the login is no member of a shared league (the server's own sentence then
    stands: a plain database the account may not change).
    """
    place = my_place(conn)
    if place is None:
        return None
    return NotAllowed(f"the league's server refused the change: {_may_change(place)}. Nothing was changed.")


def login_description(conn: Connection) -> str:
    """Who this login is on the server, for the status bar: "bo, coach of Reavers"."""
    who = str(conn.execute(text("SELECT current_user")).scalar())
    place = my_place(conn)
    if place is None:
        return f"{who}, owner (not a member: every right the server grants this login)"
    kind, team = place
    return f"{who}, {kind} of {team}" if team else f"{who}, {kind}"
