"""Read installer/contents.toml, the one list of what goes into every package.

Used by the PyInstaller spec, the build scripts of each system (``python installer/contents.py
FIELD``) and the test that every data folder of the program is listed. Standard library only:
it runs before the build venv has anything installed.
"""

import sys
import tomllib
from dataclasses import dataclass
from importlib import metadata
from pathlib import Path
from typing import Any

INSTALLER = Path(__file__).resolve().parent
REPO = INSTALLER.parent
CONTENTS = INSTALLER / "contents.toml"


@dataclass(frozen=True)
class DataFolder:
    """A folder copied into the bundle: repository path -> path inside the bundle."""

    source: str
    dest: str


def load(path: Path = CONTENTS) -> dict[str, Any]:
    """The parsed contents file."""
    with path.open("rb") as handle:
        return tomllib.load(handle)


def data_folders(contents: dict[str, Any] | None = None) -> list[DataFolder]:
    """The folders the bundle carries, in file order."""
    contents = contents if contents is not None else load()
    return [DataFolder(item["source"], item["dest"]) for item in contents["data"]]


def pyinstaller_datas(root: Path = REPO) -> list[tuple[str, str]]:
    """``(source file, destination folder)`` pairs for PyInstaller's ``datas``.

    Every file of each listed folder except Python byte code; the migrations' ``.py`` files
    go in as plain files because Alembic reads them from disk.
    """
    pairs: list[tuple[str, str]] = []
    for folder in data_folders():
        base = root / folder.source
        if not base.is_dir():
            raise SystemExit(f"contents.toml lists {folder.source}, which is not a folder")
        for path in sorted(base.rglob("*")):
            if path.is_dir() or "__pycache__" in path.parts or path.suffix == ".pyc":
                continue
            dest = Path(folder.dest) / path.parent.relative_to(base)
            pairs.append((str(path), dest.as_posix()))
    return pairs


def version() -> str:
    """The program's version, from the installed package metadata (the one place it is set)."""
    return metadata.version("league-manager")


def field(name: str) -> str:
    """One ``[app]`` value (``id``, ``name``...) or ``version``, as text for shell scripts."""
    if name == "version":
        return version()
    contents = load()
    value = contents["linux"][name] if name == "recommends" else contents["app"][name]
    return " ".join(str(v) for v in value) if isinstance(value, list) else str(value)


if __name__ == "__main__":
    if len(sys.argv) != 2:
        raise SystemExit("usage: python installer/contents.py FIELD   (version, name, id, executable...)")
    print(field(sys.argv[1]))
