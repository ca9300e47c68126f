"""Optional compiled build: `SCAVENGER_COMPILE=1 pip install .` compiles the Cave-In
engine and observation encoder with mypyc (about 4x faster; same behaviour, same
tests). A plain install stays pure Python, so edits to the sources take effect
at once; everything else is configured in pyproject.toml.
"""

import os

from setuptools import setup

COMPILED = [
    "scavenger_env/cavein/engine/actions.py",
    "scavenger_env/cavein/engine/data.py",
    "scavenger_env/cavein/engine/effects.py",
    "scavenger_env/cavein/engine/payment.py",
    "scavenger_env/cavein/engine/queries.py",
    "scavenger_env/cavein/engine/raid.py",
    "scavenger_env/cavein/engine/rules.py",
    "scavenger_env/cavein/engine/scoring.py",
    "scavenger_env/cavein/engine/setup.py",
    "scavenger_env/cavein/engine/skills.py",
    "scavenger_env/cavein/engine/state.py",
    "scavenger_env/cavein/engine/turn.py",
    "scavenger_env/cavein/engine/describe.py",
    "scavenger_env/cavein/engine/view.py",
    "scavenger_env/cavein/codec.py",
    "scavenger_env/cavein/observation.py",
]

ext_modules = []
if os.environ.get("SCAVENGER_COMPILE") == "1":
    from mypyc.build import mypycify

    # numpy is only a type here (the rng); its stubs are not needed to compile
    ext_modules = mypycify(["--ignore-missing-imports", *COMPILED], opt_level="3")

setup(ext_modules=ext_modules)
