"""`python -m scavenger_env.cli`: the `scavenger` command."""

import sys

from .main import main

sys.exit(main())
