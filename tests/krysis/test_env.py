"""Krysis' own environment options (Speed Krysis, the advanced game) and its
action-space descriptions. The checks every game's environment shares run over
the registry in tests/env/test_api.py."""

from __future__ import annotations

import itertools
import warnings

import pytest

from scavenger_env import krysis_v0
from scavenger_env.krysis.engine import ConfigError
from scavenger_env.krysis.observation import OBS_SIZE

with warnings.catch_warnings():
    warnings.simplefilter("ignore", DeprecationWarning)
    from pettingzoo.test import api_test, seed_test

pytestmark = [
    pytest.mark.filterwarnings("ignore:Observation space for each agent:UserWarning"),
    pytest.mark.filterwarnings("ignore:Observation is not a NumPy array:UserWarning"),
]


def test_pettingzoo_seed_test_passes_with_the_advanced_game_and_missions() -> None:
    options = {"num_players": 2, "advanced": True, "missions": True}
    seed_test(lambda: krysis_v0.env(**options), num_cycles=500)


def test_speed_krysis_passes_the_api_test() -> None:
    api_test(krysis_v0.env(num_players=2, variant="speed"), num_cycles=200)


@pytest.mark.parametrize(
    ("kwargs", "named", "allowed"),
    [
        ({"num_players": 3, "variant": "speed"}, "num_players", "2 with"),
        ({"variant": "speed", "advanced": True}, "advanced", "False with"),
    ],
)
def test_speed_krysis_options_are_refused_naming_what_is_allowed(
    kwargs: dict, named: str, allowed: str
) -> None:
    for make in (krysis_v0.env, krysis_v0.raw_env):
        with pytest.raises(ConfigError) as info:
            make(**kwargs)
        assert named in str(info.value)
        assert allowed in str(info.value)


def test_every_action_space_description_says_what_ships() -> None:
    """The env's docstring, the codec's table, the engine's blocks and the
    generated game page give the action space the env has: Discrete(103), its
    blocks tiling it, and the observation's size."""
    import importlib.util
    import re
    from pathlib import Path

    from scavenger_env.krysis import codec
    from scavenger_env.krysis import env as env_module
    from scavenger_env.krysis.engine.actions import BLOCKS, NUM_ACTIONS

    e = krysis_v0.env(num_players=2)
    e.reset(seed=0)
    space = e.action_space(e.agents[0])
    assert space.n == NUM_ACTIONS == 103
    text = f"Discrete({NUM_ACTIONS})"
    pages = Path(__file__).parents[2] / "docs" / "_ext" / "gamepages.py"
    spec = importlib.util.spec_from_file_location("gamepages", pages)
    assert spec is not None and spec.loader is not None
    gamepages = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(gamepages)
    page = gamepages.game_page("krysis")
    for name, doc in (
        ("env", env_module.__doc__ or ""),
        ("codec", codec.__doc__ or ""),
        ("game page", page),
    ):
        assert text in doc and "Discrete(90)" not in doc, name
    assert f"({NUM_ACTIONS},) int8 action mask" in (env_module.__doc__ or "")
    assert f"({OBS_SIZE},) plus a ({NUM_ACTIONS},)" in (env_module.__doc__ or "")
    assert f"Box(0, 1, ({OBS_SIZE},), float32)" in (env_module.__doc__ or "")
    # the page's action table has the codec's blocks, each at the engine's ids
    actions = page[page.index("## Actions") : page.index("## Observation")]
    page_rows = re.findall(r"(?m)^\| `\w+` \| (\d+)(?:–(\d+))? \|", actions)
    assert [(int(a), int(b or a)) for a, b in page_rows] == [
        (start, start + size - 1) for start, size, _ in BLOCKS
    ]
    assert f"0..{NUM_ACTIONS - 1}" in (env_module.__doc__ or "")
    # the blocks tile the space, and the codec's table names each one's ids
    at = 0
    for start, size, _ in BLOCKS:
        assert start == at
        at += size
    assert at == NUM_ACTIONS
    rows = re.findall(r"^[A-Z_]+ +(\d+)(?:-(\d+))? ", codec.__doc__ or "", re.M)
    spans = [(int(a), int(b or a)) for a, b in rows]
    assert spans[0][0] == 0 and spans[-1][1] == NUM_ACTIONS - 1
    for (_, end), (start, _) in itertools.pairwise(spans):
        assert start == end + 1
