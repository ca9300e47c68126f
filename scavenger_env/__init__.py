"""scavenger_env: multi-agent environments for Star Scrappers board games.

Importing the package registers every game with PettingZoo (lazily, so that the
pure engines import without it): `pettingzoo.make("aec", "scavenger/cavein-v0")`.
"""

from .registration import install as _install

__version__ = "0.1.0"

_install()
