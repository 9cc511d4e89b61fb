"""Run ``python -m games.engine check [FILE ...]`` or ``... deal ...`` (see cli.py)."""

import sys

from .cli import main

sys.exit(main())
