"""Inducements the program refuses to sell: their effect is not in the rules it carries.

A coach may buy nothing that does nothing; an inducement whose effect is not in the rules we
carry (Special Plays), or that the engine cannot play faithfully (a Giant's four-square base),
is refused at purchase with the reason, rather than sold as "tabletop only".
"""

from __future__ import annotations

from league_manager.core.errors import RuleViolation

NOT_AVAILABLE = "not available in this program"

REFUSED: dict[str, str] = {
    "Special Plays": f"{NOT_AVAILABLE}: the Special Play cards are not part of the rules it carries",
    "Giant (Mercenary)": (
        f"{NOT_AVAILABLE}: the Giant's four-square base, facing and scatter are not played by it"
    ),
}
"""Inducement name -> why it cannot be bought."""


def refuse_unavailable(name: str) -> None:
    """Refuse an inducement the program cannot play (see :data:`REFUSED`).

    Args:
        name: the inducement's name as the ruleset spells it.

    Raises:
        RuleViolation: the inducement is one the program does not sell.
    """
    reason = REFUSED.get(name)
    if reason is not None:
        raise RuleViolation("inducements", f"{name}: {reason}")
