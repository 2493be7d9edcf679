"""Field mappings and paths shared by the reference importers (``import_reference.py``,
``import_bb2025.py``, ``import_lrb2004.py``)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import yaml


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


def load_reference(ref: Path, name: str) -> Any:
    """One YAML file of a reference folder."""
    with (ref / name).open(encoding="utf-8") as fh:
        return yaml.safe_load(fh)


def dump_data(path: Path, header: str, data: Any) -> None:
    """Write a data file: its comment header, then the YAML in the file order we keep."""
    text = yaml.dump(data, sort_keys=False, allow_unicode=True, width=110)
    path.write_text(header + text, encoding="utf-8")


def reference_folder(root: Path, edition: str) -> Path:
    """``shared/reference/EDITION`` beside the checkout ``root`` (one level further up for a
    git worktree), or where it would be beside the main checkout."""
    found = (p for p in root.parents if (p / "shared" / "reference").is_dir())
    return next(found, root.parent) / "shared" / "reference" / edition
