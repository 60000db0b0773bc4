"""Test-wide settings.

Hypothesis: no per-example deadline anywhere (timing belongs in benchmarks,
and a loaded machine must not fail a correct property). Under CI (``CI`` set)
the examples are derandomized, so a run is repeatable; locally every run
explores new examples.
"""

from __future__ import annotations

import os

from hypothesis import settings

settings.register_profile("local", deadline=None)
settings.register_profile("ci", deadline=None, derandomize=True, print_blob=True)
settings.load_profile("ci" if os.environ.get("CI") else "local")
