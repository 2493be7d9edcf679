"""League Manager: a desktop league manager for Blood Bowl-style fantasy football."""

from importlib import metadata

# The version is set in one place, pyproject.toml, and read here from the package metadata;
# a frozen build carries that metadata too (installer/league_manager.spec copies it), so About,
# --version, the PDF footers and the package names all agree.
try:
    __version__ = metadata.version("league-manager")
except metadata.PackageNotFoundError:  # a source tree that was never installed (pip install -e .)
    __version__ = "0+unknown"
