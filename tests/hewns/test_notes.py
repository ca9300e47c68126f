"""Hewns notes: one ruling per design ruling, each readable on its own, each
rulebook reading with the words it rests on, and options only from the config.

The quotes are checked for shape only (the rulebook text is not part of the
project); their wording was checked against the rulebook when they were written.
"""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

from scavenger_env.core.notes import RulesVersion, Ruling
from scavenger_env.hewns import notes
from scavenger_env.hewns.engine import data

#: the design has 66 rulings and none is merged or split; the engine added 36
NUM_RULINGS = 66
ENGINE_RULINGS = 36

#: the `HewnsConfig` fields a ruling may name as choosing another reading
ALLOWED_OPTIONS = frozenset(
    {
        "nananbites_per_bidox",
        "score_carried",
        "damaged_transmit",
        "mudgestick",
        "cards",
        "income",
        "pile",
        "bidoxes",
        "secret_loads",
    }
)

#: the rulings that a config field plays another way, and that field
CONFIGURABLE = {
    "Nananbites on a Bidox": ("nananbites_per_bidox",),
    "Substract carried by Hewns scores": ("score_carried",),
    "The Mudgestick": ("mudgestick",),
    "Damaged Hewns transmit": ("damaged_transmit",),
    "Fittings attached behind the screen": ("secret_loads",),
}

_QUOTE = re.compile(r'"([^"]+)"')


def _by_title(title: str) -> Ruling:
    return next(r for r in notes.RULINGS if r.title == title)


def test_one_ruling_per_design_ruling() -> None:
    assert len(notes.RULINGS) == NUM_RULINGS + ENGINE_RULINGS
    assert notes.DESIGN_RULINGS == NUM_RULINGS
    assert all(isinstance(r, Ruling) for r in notes.RULINGS)
    numbers = notes.DESIGN_NUMBERS
    assert list(numbers) == list(range(1, NUM_RULINGS + 1)) + [0] * ENGINE_RULINGS


def test_titles_are_unique_plain_words() -> None:
    titles = [r.title for r in notes.RULINGS]
    assert all(t.strip() == t and t for t in titles)
    assert len(set(titles)) == len(titles)
    # a title is for a user: no design numbers, no trailing full stop (the page
    # adds one)
    assert not [t for t in titles if re.search(r"\bD\d+\b", t) or t.endswith(".")]


def test_texts_carry_no_project_history() -> None:
    for r in notes.RULINGS:
        assert r.text.strip() == r.text and r.text, r.title
        assert not re.search(r"\bD\d+\b|\bdesign\b|§", r.text), r.title
        assert r.text.count('"') % 2 == 0, r.title  # every quote is closed


@pytest.mark.parametrize("ruling", notes.RULINGS, ids=lambda r: r.title)
def test_every_ruling_names_what_it_rests_on(ruling: Ruling) -> None:
    assert ruling.source in {"rulebook", "ruling"}
    if ruling.source == "rulebook":
        # a reading of the rulebook's words quotes them
        assert [q for q in _QUOTE.findall(ruling.text) if len(q.split()) >= 3]
    else:
        # a ruling says why the rulebook does not settle the question
        assert "rulebook" in ruling.text.lower()


def test_options_are_config_fields() -> None:
    for r in notes.RULINGS:
        assert set(r.options) <= ALLOWED_OPTIONS, r.title
        assert len(set(r.options)) == len(r.options), r.title
    named = {r.title: r.options for r in notes.RULINGS if r.options}
    assert named == CONFIGURABLE
    for title, options in CONFIGURABLE.items():
        for option in options:
            assert f"`{option}" in _by_title(title).text


def test_the_rulebook_readings_that_depart_from_a_looser_reading() -> None:
    """Where the rulebook gives the player a choice, the notes keep it."""
    paying = _by_title("Paying with dirty or normal Substract")
    assert paying.source == "rulebook" and "the payer chooses" in paying.text
    showing = _by_title("Showing a turn-order card")
    assert showing.source == "rulebook"
    assert "may show their turn-order card" in showing.text


def test_short_texts() -> None:
    assert "Raw Substract" in notes.OVERVIEW and "\n" not in notes.OVERVIEW
    for line in (notes.HIDDEN_INFORMATION, notes.SIMULTANEOUS_CHOICES):
        assert line.startswith("yes: ") and "\n" not in line
    assert set(notes.PROVENANCE_TAGS) == set(data.PROVENANCES)
    assert all(notes.PROVENANCE_TAGS.values())


def test_rules_versions() -> None:
    assert [v.version for v in notes.RULES_VERSIONS] == [1, 2, 3]
    assert notes.RULES_VERSIONS[1].changes  # what rules 2 play differently
    assert notes.RULES_VERSIONS[2].changes  # the calibrated numbers
    assert isinstance(notes.RULES_VERSIONS[0], RulesVersion)
    assert notes.RULES_VERSIONS[0].summary


def test_the_module_imports_only_the_shared_types_and_the_data() -> None:
    tree = ast.parse(Path(notes.__file__).read_text(encoding="utf-8"))
    imported = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom):
            imported.add("." * node.level + (node.module or ""))
        elif isinstance(node, ast.Import):
            imported.update(a.name for a in node.names)
    assert imported <= {"__future__", "scavenger_env.core.notes", ".engine.data"}


def test_the_component_tables_cover_the_data_and_mark_rulebook_values() -> None:
    """Every die, Hewn type and technology has a row; a value the rulebook forces
    is starred (the Hover Cataclysm's size: "A Cataclysm (Big)")."""
    from scavenger_env.hewns.engine import data

    tables = {t.title: t for t in notes.COMPONENT_TABLES}
    assert len(tables["Dice"].rows) == len(data.DICE)
    hewns = tables["Hewn types"]
    assert [r[0] for r in hewns.rows] == [h.name for h in data.HEWN_TYPES]
    assert all(len(r) == len(hewns.header) for r in hewns.rows)
    cataclysm = hewns.rows[0]
    assert cataclysm[1] == "big*" and cataclysm[3] == "9"  # designed cost: no star
    assert len(tables["Technology and scouting cards"].rows) == len(data.TECHS)
    assert {c.provenance for c in notes.COMPONENTS} - {data.RULEBOOK, data.DESIGNED}
