"""Pre-game step 4: inducements and petty cash (errata May 2025, or the original printing)."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class PettyCash:
    """Who is the underdog and what each side may spend on inducements.

    Attributes:
        underdog: "home", "away" or None when CTVs are equal.
        favourite_may_spend: treasury the higher-CTV team may spend (its whole treasury).
        petty_cash: gold the underdog gets before the favourite spends anything.
        underdog_may_add_treasury: whether the underdog may add treasury gold.
    """

    underdog: str | None
    petty_cash: int
    favourite_may_spend: int
    underdog_may_add_treasury: bool


def petty_cash(
    home_ctv: int, away_ctv: int, home_treasury: int, away_treasury: int, procedure: str = "errata_2025"
) -> PettyCash:
    """Work out petty cash from the current team values.

    Under the errata (May 2025) the favourite may spend treasury first; the underdog
    then gets the CTV difference plus what the favourite spent, and may not add
    treasury. Under the original printing both may add treasury. Equal CTVs give
    no petty cash and no treasury spending.
    """
    if home_ctv == away_ctv:
        return PettyCash(None, 0, 0, False)
    underdog = "home" if home_ctv < away_ctv else "away"
    favourite_treasury = away_treasury if underdog == "home" else home_treasury
    original = procedure == "original"
    return PettyCash(underdog, abs(home_ctv - away_ctv), favourite_treasury, original)


def underdog_budget(cash: PettyCash, favourite_spent: int, underdog_treasury: int) -> int:
    """Gold the underdog may spend once the favourite has bought its inducements."""
    if cash.underdog is None:
        return 0
    budget = cash.petty_cash + favourite_spent
    if cash.underdog_may_add_treasury:
        budget += underdog_treasury
    return budget
