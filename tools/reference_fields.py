"""Field mappings shared by the reference importers (``import_reference.py``, ``import_bb2025.py``)."""

from __future__ import annotations

from typing import Any


def position_fields(p: dict[str, Any], keywords: list[str]) -> dict[str, Any]:
    """A reference position as our teams.yaml writes it (profile, skills, access, keywords)."""
    return {
        "name": p["name"],
        "max": p["qty_max"],
        "cost": p["cost"],
        "MA": p["MA"],
        "ST": p["ST"],
        "AG": p["AG"],
        "PA": p["PA"],
        "AV": p["AV"],
        "skills": list(p.get("skills") or []),
        "primary": list(p.get("primary") or []),
        "secondary": list(p.get("secondary") or []),
        "keywords": keywords,
        "big_guy": bool(p.get("big_guy")),
    }
