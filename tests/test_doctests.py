"""The examples in the package's docstrings run, so that none of them can go stale."""

from __future__ import annotations

import doctest
import importlib
import pkgutil
from types import ModuleType

import pytest

import pysaboteur
from pysaboteur.native import core


def _modules_with_examples() -> list[ModuleType]:
    found = []
    finder = doctest.DocTestFinder()
    for info in pkgutil.walk_packages(pysaboteur.__path__, "pysaboteur."):
        if info.name.startswith(ROOMS):
            module = importlib.import_module(info.name)
            if any(test.examples for test in finder.find(module)):
                found.append(module)
    return found


#: The rooms whose modules import without a server or a browser.
ROOMS = ("pysaboteur.rules", "pysaboteur.bots", "pysaboteur.arena", "pysaboteur.envs")


MODULES = _modules_with_examples()

#: Modules whose examples play on the native core, which the pure engine's run lacks.
NEEDS_CORE = frozenset({"pysaboteur.envs.batch"})


def test_the_package_has_examples_to_run() -> None:
    assert {module.__name__ for module in MODULES} >= {
        "pysaboteur.rules.faces",
        "pysaboteur.rules.game",
        "pysaboteur.rules.gold_pieces",
        "pysaboteur.rules.moves",
        "pysaboteur.envs.actions",
    }


@pytest.mark.parametrize("module", MODULES, ids=[module.__name__ for module in MODULES])
def test_docstring_examples_run(module: ModuleType) -> None:
    if module.__name__ in NEEDS_CORE and core is None:
        pytest.skip("this module's examples need the native core")
    failed, attempted = doctest.testmod(module, optionflags=doctest.ELLIPSIS)
    assert attempted > 0
    assert failed == 0
