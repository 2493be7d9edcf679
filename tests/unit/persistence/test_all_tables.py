"""Every module of the persistence package that defines tables is registered by ``all_tables``."""

from pathlib import Path

from league_manager import persistence
from league_manager.persistence.all_tables import TABLE_MODULES


def test_every_models_module_is_registered() -> None:
    folder = Path(persistence.__file__).parent
    on_disk = {path.stem for path in folder.glob("*models.py")}
    assert on_disk == {module.__name__.rsplit(".", 1)[1] for module in TABLE_MODULES}
