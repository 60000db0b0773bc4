"""The native core: the rules of :mod:`pysaboteur.rules`, compiled (docs/engine.md,
"The native core").

Nothing calls this room but :mod:`pysaboteur.rules`, whose :class:`~pysaboteur.rules.Game`
plays through it when it is built and plays the game's edition. Its C++ sources are in
``core/`` beside the package; the install builds them when it finds a compiler.
``PYSABOTEUR_PURE=1`` keeps it out, and the pure-Python engine plays.
"""

from __future__ import annotations

import os
import sys
from types import ModuleType
from typing import Final

#: Set to anything but "" or "0", the pure-Python engine plays even where the core is built.
PURE_VARIABLE: Final = "PYSABOTEUR_PURE"


def wants_pure() -> bool:
    return os.environ.get(PURE_VARIABLE, "") not in ("", "0")


def _load() -> ModuleType | None:
    if wants_pure():
        return None
    try:
        from . import _core
    except ImportError:
        # The one line that says so: the install found no compiler, or the build failed.
        print(
            "pysaboteur: the native core is not built here, so the pure-Python engine plays "
            f"(docs/engine.md; set {PURE_VARIABLE}=1 to choose it and silence this line)",
            file=sys.stderr,
        )
        return None
    return _core


#: The extension module, or None when the pure engine plays.
core: Final = _load()
