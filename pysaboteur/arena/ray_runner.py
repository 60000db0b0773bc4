"""Play a schedule as Ray tasks: on a local Ray instance or on a Ray cluster.

The same :func:`~.match.play_unit` runs in each task, so a schedule gives the
same games under Ray as in local processes.  Ray is imported only here, and
only when asked for (``pip install 'pysaboteur[ray]'``).
"""

from __future__ import annotations

import logging
import os
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from ..bots.base import BotFactory, register, registered_factories
from .match import ArenaError, GameOutcome, play_unit
from .runner import OnInterrupt, OnOutcome, OnStarted, nothing
from .schedule import Unit

LOCAL = "local"


def run_ray(
    units: Sequence[Unit],
    address: str,
    jobs: int,
    on_outcome: OnOutcome,
    on_interrupt: OnInterrupt | None = None,
    on_started: OnStarted = nothing,
) -> bool:
    """Play ``units`` as Ray tasks; ``address`` is a cluster's or ``"local"`` to start
    a private Ray instance with ``jobs`` CPUs.  False if Ctrl-C stopped the run."""
    ray = _import_ray()
    started_here = not ray.is_initialized()
    if started_here:
        _connect(ray, address, jobs)
    remote_play = ray.remote(play_with_bots)
    # Bots registered by hand in this process are unknown to a fresh worker: ship them.
    factories = ray.put(registered_factories())
    pending: dict[Any, Unit] = {remote_play.remote(unit, factories): unit for unit in units}
    on_started()
    try:
        while pending:
            done, _ = ray.wait(list(pending), num_returns=len(pending), timeout=0.2)
            for ref in sorted(done, key=lambda ref: pending[ref].index):
                del pending[ref]
                on_outcome(ray.get(ref))
    except KeyboardInterrupt:
        if on_interrupt is not None:
            on_interrupt(0)
        for ref in pending:
            ray.cancel(ref, force=True)
        return False
    finally:
        if started_here:
            ray.shutdown()
    return True


def play_with_bots(unit: Unit, factories: dict[str, BotFactory]) -> GameOutcome:
    """:func:`play_unit` in a worker that first registers the driver's bots."""
    for name, factory in factories.items():
        register(name, factory)
    return play_unit(unit)


def _import_ray() -> Any:
    # No usage reports leave the machine unless the user has opted in.
    os.environ.setdefault("RAY_USAGE_STATS_ENABLED", "0")
    try:
        import ray
    except ImportError:
        raise ArenaError(
            "--ray needs Ray, which is not installed: pip install 'pysaboteur[ray]'"
        ) from None
    return ray


def _connect(ray: Any, address: str, jobs: int) -> None:
    quiet: dict[str, Any] = {"logging_level": logging.WARNING, "log_to_driver": False}
    if address == LOCAL:
        # Workers find what the driver imports from (``module:Class`` bots, a test's
        # folder): the driver's import path, ahead of their own.
        path = os.pathsep.join(entry for entry in sys.path if entry and os.path.isdir(entry))
        ray.init(num_cpus=jobs, include_dashboard=False,
                 runtime_env={"env_vars": {"PYTHONPATH": path}}, **quiet)  # fmt: skip
        return
    # A cluster's workers may not have this package: ship it with the tasks.
    package = Path(__file__).resolve().parent.parent
    ray.init(address=address, runtime_env={"py_modules": [str(package)]}, **quiet)
