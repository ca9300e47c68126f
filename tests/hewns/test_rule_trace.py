"""The rule trace (scavenger_env/hewns/rule_trace.py): every rule names a test
that exists, every worked example names its golden test (or says why it has
none), and the names stay unique.

Test files are read with `ast`, never imported, so that checking a name runs
nothing.
"""

from __future__ import annotations

import ast
import functools
import re
from pathlib import Path

import pytest

from scavenger_env.hewns import rule_trace
from scavenger_env.hewns.rule_trace import EXAMPLES, RULES, SECTIONS

ROOT = Path(__file__).resolve().parents[2]
ID = re.compile(r"^(?:[a-z]+)\.[a-z0-9]+(?:-[a-z0-9]+)*$")


SKIPS = ("skip", "skipif", "xfail")


def _skipped(function: ast.FunctionDef) -> bool:
    """Whether a `pytest.mark.skip`, `skipif` or `xfail` decorates `function`."""
    return any(
        isinstance(node, ast.Attribute) and node.attr in SKIPS
        for decorator in function.decorator_list
        for node in ast.walk(decorator)
    )


@functools.cache
def _tests_in(path: str) -> frozenset[str]:
    """The names `path::name` may take: its module-level test functions and
    `Class::method` for the test methods of its classes, skipped ones left
    out (a skipped test checks nothing)."""
    tree = ast.parse((ROOT / path).read_text(encoding="utf-8"))
    names: set[str] = set()
    for node in tree.body:
        if isinstance(node, ast.FunctionDef) and node.name.startswith("test_"):
            if not _skipped(node):
                names.add(node.name)
        elif isinstance(node, ast.ClassDef):
            names.update(
                f"{node.name}::{item.name}"
                for item in node.body
                if isinstance(item, ast.FunctionDef)
                and item.name.startswith("test_")
                and not _skipped(item)
            )
    return frozenset(names)


def missing_tests(names: tuple[str, ...]) -> list[str]:
    """The names in `names` that name no test function of the project."""
    missing = []
    for name in names:
        path, _, function = name.partition("::")
        if not (ROOT / path).is_file() or function not in _tests_in(path):
            missing.append(name)
    return missing


def test_a_skipped_test_counts_as_missing() -> None:
    """A test under `pytest.mark.skip`, `skipif` or `xfail` is no test of its rule."""
    source = """
@pytest.mark.skip(reason="later")
def test_a(): pass

@pytest.mark.skipif(True, reason="x")
def test_b(): pass

@pytest.mark.parametrize("n", [1])
def test_c(n): pass
"""
    found = [
        f.name
        for f in ast.parse(source).body
        if isinstance(f, ast.FunctionDef) and not _skipped(f)
    ]
    assert found == ["test_c"]


def test_a_name_that_is_not_a_test_is_found_missing() -> None:
    """The checker itself fails on a wrong file, a wrong function and a helper
    that is not a test."""
    good = "tests/hewns/test_turns.py::test_a_hewn_turn_starts_with_the_cards_action_points"
    bad = (
        "tests/hewns/test_nowhere.py::test_x",
        "tests/hewns/test_turns.py::test_no_such_test",
        "tests/hewns/test_ranged.py::position",
    )
    assert missing_tests((good, *bad)) == list(bad)


@pytest.mark.parametrize("rule", RULES, ids=lambda r: r.id)
def test_every_rule_names_tests_that_exist(rule: rule_trace.TracedRule) -> None:
    assert rule.tests, f"{rule.id} names no test"
    assert missing_tests(rule.tests) == []
    assert len(set(rule.tests)) == len(rule.tests)


@pytest.mark.parametrize("example", EXAMPLES, ids=lambda e: e.id)
def test_every_example_names_its_golden_test_or_why_not(
    example: rule_trace.WorkedExample,
) -> None:
    assert bool(example.tests) != bool(example.pending), example.id
    assert missing_tests(example.tests) == []


def test_ids_are_unique_and_shaped() -> None:
    ids = [r.id for r in RULES] + [e.id for e in EXAMPLES]
    assert len(ids) == len(set(ids))
    assert all(ID.match(i) for i in ids), [i for i in ids if not ID.match(i)]
    assert all(e.id.startswith("example.") for e in EXAMPLES)
    assert not any(r.id.startswith("example.") for r in RULES)


def test_every_section_is_known_and_has_rules_in_order() -> None:
    assert all(r.section in SECTIONS for r in RULES + EXAMPLES)
    order = [SECTIONS.index(r.section) for r in RULES]
    assert order == sorted(order)
    assert {r.section for r in RULES} == set(SECTIONS)


def test_every_rule_and_example_quotes_the_rulebook() -> None:
    """Each rule rests on the rulebook's words: a quotation, with a line of our
    own that is not the quote."""
    for item in RULES + EXAMPLES:
        text = item.rule if isinstance(item, rule_trace.TracedRule) else item.example
        assert item.quote.count('"') >= 2, item.id
        assert text and text != item.quote and text.endswith("."), item.id


def test_no_example_is_pending() -> None:
    """Every worked example of the rulebook is replayed, the swarms' too."""
    assert [e.id for e in EXAMPLES if e.pending] == []
