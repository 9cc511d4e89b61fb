"""Run ``python -m games.engine check [FILE ...]`` (see cli.py)."""

import sys

from .cli import main

sys.exit(main())
