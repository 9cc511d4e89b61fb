"""Run ``python -m tournaments.duplicate score FILE`` (see cli.py)."""

import sys

from .cli import main

sys.exit(main())
