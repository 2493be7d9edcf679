"""Which league a command acts on when the user has not named one: the one named or selected,
else the file's first."""

from __future__ import annotations

from collections.abc import Sequence

from league_manager.services.read_models import LeagueView


def league_or_first(
    leagues: Sequence[LeagueView], *, name: str = "", ident: int | None = None
) -> LeagueView | None:
    """The league called ``name`` (any case) or with id ``ident``, else the first of ``leagues``;
    None when there is none."""
    for league in leagues:
        if (name and league.name.lower() == name.lower()) or (ident is not None and league.id == ident):
            return league
    return leagues[0] if leagues else None
