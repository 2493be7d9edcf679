"""The installers' one list of contents (installer/contents.toml) covers what the program reads.

A frozen build only has the files the list names: a new data folder, template or migration
that is not covered would be missing from every package, so these checks walk the tree.
"""

from __future__ import annotations

import importlib.util
import re
from pathlib import Path
from types import ModuleType

import pytest

REPO = Path(__file__).resolve().parents[3]
PACKAGE = REPO / "league_manager"


@pytest.fixture(scope="module")
def contents() -> ModuleType:
    spec = importlib.util.spec_from_file_location("lm_installer_contents", REPO / "installer" / "contents.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def covered(path: Path, sources: list[str]) -> bool:
    relative = path.relative_to(REPO).as_posix()
    return any(relative == s or relative.startswith(s + "/") for s in sources)


def test_every_data_file_of_the_package_is_bundled(contents: ModuleType) -> None:
    sources = [f.source for f in contents.data_folders()]
    data_files = [
        p
        for p in PACKAGE.rglob("*")
        if p.is_file()
        and "__pycache__" not in p.parts
        and p.suffix not in {".py", ".pyc", ".pyi"}
        and p.name != "py.typed"
    ]
    assert data_files, "the walk found no data files at all"
    missing = sorted(p.relative_to(REPO).as_posix() for p in data_files if not covered(p, sources))
    assert missing == [], f"add their folders to installer/contents.toml: {missing}"


def test_resources_migrations_and_templates_are_listed(contents: ModuleType) -> None:
    sources = [f.source for f in contents.data_folders()]
    for folder in (REPO / "resources").iterdir():
        assert covered(folder, sources), f"resources/{folder.name} is not bundled"
    # Alembic reads env.py and the revisions as files, so their .py files are data too.
    for env in PACKAGE.rglob("env.py"):
        assert covered(env, sources), f"{env.parent} (Alembic migrations) is not bundled"
    for template_dir in PACKAGE.rglob("templates"):
        assert covered(template_dir, sources), f"{template_dir} is not bundled"


def test_bundled_files_land_where_the_program_looks(contents: ModuleType) -> None:
    pairs = contents.pyinstaller_datas()
    names = {Path(src).relative_to(REPO).as_posix() for src, _ in pairs}
    assert "league_manager/persistence/migrations/env.py" in names
    assert "resources/fonts/DejaVuSansCondensed.ttf" in names
    assert "league_manager/data/bb2020/skills.yaml" in names
    for src, dest in pairs:
        # Inside the bundle a file sits at its repository path: importlib.resources, __file__
        # and core.resources.resources_dir() find it there as in a checkout.
        assert Path(src).relative_to(REPO).parent.as_posix() == dest
        assert not src.endswith(".pyc")


def test_qt_modules_kept_are_those_imported(contents: ModuleType) -> None:
    imported = set()
    for source in PACKAGE.rglob("*.py"):
        imported |= set(re.findall(r"(?:from|import) PySide6\.(Qt\w+)", source.read_text(encoding="utf-8")))
    qt = contents.load()["qt"]
    assert imported == set(qt["keep"]), "update [qt] keep in installer/contents.toml"
    assert not imported & set(qt["exclude"])


def test_spec_takes_its_data_from_the_shared_list() -> None:
    spec = (REPO / "installer" / "league_manager.spec").read_text(encoding="utf-8")
    assert "contents.pyinstaller_datas()" in spec
    assert 'copy_metadata("league-manager")' in spec
    assert 'CONTENTS["qt"]["exclude"]' in spec


def test_optional_packages_the_program_imports_are_bundled(contents: ModuleType) -> None:
    """An optional dependency (an extra other than test/build) that the program imports is
    listed in ``[python] bundle`` (the spec collects it), and every build script installs its extra."""
    import tomllib

    project = tomllib.loads((REPO / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    extras = {
        name: [re.split(r"[<>=\[ ]", spec)[0] for spec in specs]
        for name, specs in project["optional-dependencies"].items()
        if name not in ("test", "build")
    }
    imported: set[str] = set()
    for source in PACKAGE.rglob("*.py"):
        imported |= set(re.findall(r"^\s*(?:from|import) (\w+)", source.read_text(encoding="utf-8"), re.M))
    used = {package for packages in extras.values() for package in packages if package in imported}
    assert used >= {"zeroconf", "psycopg"}, "the walk no longer finds the optional imports"
    assert used == set(contents.load()["python"]["bundle"]), "update [python] bundle in contents.toml"
    wanted = {"build", *(name for name, packages in extras.items() if set(packages) & used)}
    for script in ("build.sh", "windows/build.ps1", "macos/build.sh"):
        text = (REPO / "installer" / script).read_text(encoding="utf-8")
        installed = re.findall(r'pip install -q "\.\[([\w,]+)\]"', text)
        assert installed and wanted <= set(installed[0].split(",")), f"{script} installs {installed}"
    spec = (REPO / "installer" / "league_manager.spec").read_text(encoding="utf-8")
    assert 'CONTENTS["python"]["bundle"]' in spec
