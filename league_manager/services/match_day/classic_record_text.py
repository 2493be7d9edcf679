"""What the LRB 2004 handicap rules write into a classic pre-match record, in plain words.

One wording for the command line (``fixture pregame``) and the fixture page, which indents or
escapes these lines as it needs: who misses the match and why, the Appearance Fee, the players
named for tabletop results, the Assassin's roll, That Boy's Got Talent, and the gate changed by
Bad Press or Team Anthem. No SQL: it reads the stored record only.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from league_manager.core.money import format_gold

SIDES = ("home", "away")
FEE_UNANSWERED = "pay any time after kick-off"
"""How an Appearance Fee not yet answered reads (the fixture page names its button instead)."""


def assassin_words(hit: Mapping[str, Any]) -> str:
    """The Assassin's Injury roll and what came of it."""
    total = sum(hit["dice"]) + hit["modifier"]
    words = f"Injury roll {'+'.join(map(str, hit['dice']))}" + (" +1 Stunty" if hit["modifier"] else "")
    words += f" = {total}" + (f", casualty D6 {hit['casualty_die']}" if hit["casualty_die"] else "")
    words += f": {hit['result']}"
    if hit["apothecary"] is not None:
        words += f"; Apothecary {hit['apothecary']}" + (
            " (fails)" if hit["apothecary"] == 1 else " (heals him)"
        )
    if hit["regeneration"] is not None:
        regenerates = hit["regeneration"] >= 4
        words += f"; Regeneration {hit['regeneration']}" + (" (regenerates)" if regenerates else " (fails)")
    if hit["out"]:
        return words + "; he misses the match"
    return words + ("; he starts the match Knocked Out" if hit["result"] == "KO'd" else "; he plays")


def side_handicap_lines(
    record: Mapping[str, Any], side: str, fee_unanswered: str = FEE_UNANSWERED
) -> list[str]:
    """One side's lines the handicap results add to the pre-match record.

    Args:
        record: the classic pre-match record.
        side: "home" or "away".
        fee_unanswered: how an Appearance Fee not yet paid or refused reads.
    """
    s = record["sides"][side]
    lines: list[str] = []
    for e in s.get("absences", []):
        if str(e["reason"]).startswith(("Appearance Fee", "Assassin")):
            continue  # their own lines below say he misses the match
        lines.append(f"{e['reason']}: {e['name']} misses the match")
    fee = s.get("appearance_fee")
    if fee:
        state = {None: fee_unanswered, True: "paid", False: "not paid: he missed the match"}[fee["paid"]]
        lines.append(
            f"Appearance Fee: {fee['name']} will not play until paid {format_gold(fee['fee'])}"
            f" (rolled {fee['die']}); {state}"
        )
    for pick in s.get("handicap_players", []):
        lines.append(f"{pick['result']}: {', '.join(pick['players']) or 'nobody'}")
    hit = s.get("assassin")
    if hit:
        lines.append(f"Assassin: {hit['name']}: {assassin_words(hit)}")
    talent = s.get("talent")
    if talent:
        p = talent["profile"]
        lines.append(
            f"That Boy's Got Talent: a {talent['position']} joins for this match only"
            f" (MA {p['MA']} ST {p['ST']} AG {p['AG']} AV {p['AV']})"
        )
    return lines


def gate_change_lines(record: Mapping[str, Any]) -> list[str]:
    """What Bad Press and Team Anthem did to the gate already rolled (older records: nothing)."""
    gate, match = record["gate"], record.get("match_fan_factors", record["fan_factors"])
    lines: list[str] = []
    for side in SIDES:
        name = record["sides"][side]["name"]
        dropped, added = gate.get("dropped", {}).get(side), gate.get("added", {}).get(side)
        if dropped:
            lines.append(
                f"Bad Press: {name}'s fan factor is {match[side]} this match; its gate dice "
                f"{', '.join(map(str, dropped))} no longer count"
            )
        if added:
            lines.append(
                f"Team Anthem: {name}'s fan factor is {match[side]} this match; one more gate die "
                f"({', '.join(map(str, added))})"
            )
        if not dropped and not added and match[side] != record["fan_factors"][side]:
            lines.append(f"{name}'s fan factor is {match[side]} this match (Bad Press, Team Anthem)")
    return lines
