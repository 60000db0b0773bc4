"""What a run was played with, so that its numbers can be traced and played again:
the package's version and git commit, Python, the dependencies' versions and every
bot's parameters, defaults included (written to ``arena.json``)."""

from __future__ import annotations

import platform
import re
import subprocess
import sys
import time
from collections.abc import Sequence
from importlib.metadata import PackageNotFoundError, distribution, version
from pathlib import Path
from typing import Any

from ..bots import make_bot
from ..bots.base import registered_factories
from ..bots.plugins import bot_parameters, resolve

PACKAGE = "pysaboteur"


def provenance(bots: Sequence[str]) -> dict[str, Any]:
    return {
        "started": time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime()),
        "package": {"name": PACKAGE, "version": package_version(), "git": git_commit()},
        "python": platform.python_version(),
        "platform": platform.platform(),
        "dependencies": dependency_versions(),
        "bots": {spec: describe_bot(spec) for spec in bots},
    }


def package_version() -> str | None:
    try:
        return version(PACKAGE)
    except PackageNotFoundError:
        return None


def git_commit() -> dict[str, Any] | None:
    """The commit of the checkout the package runs from, and whether it has changes;
    None when it is not a git checkout (an installed wheel) or git is missing."""
    here = Path(__file__).resolve().parent.parent
    try:
        commit = _git(here, "rev-parse", "HEAD")
        changes = _git(here, "status", "--porcelain", "--untracked-files=no", "--", str(here))
    except (OSError, subprocess.CalledProcessError):
        return None
    return {"commit": commit, "dirty": bool(changes)}


def _git(where: Path, *args: str) -> str:
    return subprocess.run(
        ["git", *args], cwd=where, capture_output=True, text=True, check=True, timeout=10
    ).stdout.strip()


def dependency_versions() -> dict[str, str | None]:
    """Every distribution the package requires (its extras' too), with the version
    installed here, or None for one that is not installed."""
    try:
        requires = distribution(PACKAGE).requires or []
    except PackageNotFoundError:
        return {}
    names = sorted({re.split(r"[\s;<>=!~\[(]", text, maxsplit=1)[0] for text in requires})
    found: dict[str, str | None] = {}
    for name in names:
        if not name or name.lower() == PACKAGE:
            continue
        try:
            found[name] = version(name)
        except PackageNotFoundError:
            found[name] = None
    return found


def describe_bot(spec: str) -> dict[str, Any]:
    """The bot a spec makes: where it comes from, its class and every parameter."""
    bot = make_bot(spec, 0)
    try:
        kind = type(bot)
        name, _, _ = resolve(spec, registered_factories())
        return {
            "name": name,
            "class": f"{kind.__module__}.{kind.__qualname__}",
            "module_file": getattr(sys.modules.get(kind.__module__), "__file__", None),
            "parameters": bot_parameters(bot),
        }
    finally:
        close = getattr(bot, "close", None)
        if callable(close):
            close()
