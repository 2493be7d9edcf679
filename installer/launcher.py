"""The script PyInstaller starts the frozen program from: the same entry point as ``league-manager``."""

import sys

from league_manager.__main__ import main

if __name__ == "__main__":
    sys.exit(main())
